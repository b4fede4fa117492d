//! The field vocabulary between the neutral model (the Config API's shapes, `wire::*`) and the Public API's
//! (`wire::public`), after docs/reference/public-api.md's "Migration mapping" table: pure functions, each direction
//! beside the other, used by the client's Public API adapter (neutral request → Public call, Public answer → neutral
//! record) and by the emulator's Public front door (stored record → Public answer, Public body → stored record). Ids
//! and slugs are not mapped here: which id a slug has is a lookup, done by the caller.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use super::{
    DestinationMetadata, Features, FilterAction, IntegrationOption, Label, Logos, METADATA_STATUSES, RuleInput,
    SchemaSettings, SourceMetadata, TrackSettings, TraitSettings, action, rule_type,
};
use crate::wire::{CatalogDestination, CatalogSetting, CatalogSource, ConfigItem, DestinationCategories, SchemaConfig};

// ---- filter actions ----

/// The action types, Config API ↔ Public API.
pub const FILTER_ACTIONS: [(&str, &str); 4] = [
    ("drop_event", action::DROP),
    ("sample_event", action::SAMPLE),
    ("whitelist_fields", action::ALLOW_PROPERTIES),
    ("blacklist_fields", action::DROP_PROPERTIES),
];

/// A filter's actions in the Public API's shape: `drop_event` → `DROP`, `sample_event {percent, path}` → `SAMPLE`,
/// `whitelist_fields`/`blacklist_fields` `{fields: {properties: {fields: [a]}}}` → `ALLOW_PROPERTIES` /
/// `DROP_PROPERTIES` `{fields: {properties: [a]}}`. An action of an unknown type is an error naming it.
pub fn filter_actions_to_public(actions: &[Value]) -> Result<Vec<FilterAction>, String> {
    actions.iter().map(filter_action_to_public).collect()
}

fn filter_action_to_public(action: &Value) -> Result<FilterAction, String> {
    let object = action.as_object().ok_or_else(|| format!("a filter action must be an object, got {action}"))?;
    let kind = object.get("type").and_then(Value::as_str).unwrap_or_default();
    let public = FILTER_ACTIONS
        .iter()
        .find(|(config, _)| *config == kind)
        .map(|(_, public)| public.to_string())
        .ok_or_else(|| format!("unknown filter action type {kind:?}"))?;
    let mut out = FilterAction { kind: public, ..Default::default() };
    match kind {
        "sample_event" => {
            out.percent = object.get("percent").and_then(Value::as_f64);
            out.path = object.get("path").and_then(Value::as_str).filter(|p| !p.is_empty()).map(String::from);
        }
        "whitelist_fields" | "blacklist_fields" => {
            let mut fields = Map::new();
            for (group, list) in object.get("fields").and_then(Value::as_object).into_iter().flatten() {
                if list.is_null() {
                    continue;
                }
                let names = list.get("fields").cloned().filter(|v| !v.is_null()).unwrap_or_else(|| json!([]));
                fields.insert(group.clone(), names);
            }
            out.fields = Some(fields);
        }
        _ => {}
    }
    Ok(out)
}

/// A filter's actions in the Config API's shape: the inverse of [`filter_actions_to_public`].
pub fn filter_actions_from_public(actions: &[FilterAction]) -> Result<Vec<Value>, String> {
    actions.iter().map(filter_action_from_public).collect()
}

fn filter_action_from_public(action: &FilterAction) -> Result<Value, String> {
    let kind =
        FILTER_ACTIONS.iter().find(|(_, public)| *public == action.kind).map(|(config, _)| *config).ok_or_else(
            || format!("unknown filter action type {:?}; one of {}", action.kind, action::TYPES.join(", ")),
        )?;
    let mut out = Map::new();
    out.insert("type".into(), json!(kind));
    match kind {
        "sample_event" => {
            if let Some(percent) = action.percent {
                out.insert("percent".into(), json!(percent));
            }
            if let Some(path) = &action.path {
                out.insert("path".into(), json!(path));
            }
        }
        "whitelist_fields" | "blacklist_fields" => {
            let mut groups = Map::new();
            for (group, names) in action.fields.iter().flatten() {
                groups.insert(group.clone(), json!({"fields": names}));
            }
            out.insert("fields".into(), Value::Object(groups));
        }
        _ => {}
    }
    Ok(Value::Object(out))
}

// ---- schema settings ----

/// The schema config's fields: the Config API's name, the Public API's group (`track`, `identify`, `group`, or
/// `""` at the top) and field name.
pub const SCHEMA_FIELDS: [(&str, &str, &str); 13] = [
    ("allow_unplanned_track_events", "track", "allowUnplannedEvents"),
    ("allow_unplanned_track_event_properties", "track", "allowUnplannedEventProperties"),
    ("allow_track_event_on_violations", "track", "allowEventOnViolations"),
    ("allow_track_properties_on_violations", "track", "allowPropertiesOnViolations"),
    ("common_track_event_on_violations", "track", "commonEventOnViolations"),
    ("allow_unplanned_identify_traits", "identify", "allowUnplannedTraits"),
    ("allow_identify_traits_on_violations", "identify", "allowTraitsOnViolations"),
    ("common_identify_event_on_violations", "identify", "commonEventOnViolations"),
    ("allow_unplanned_group_traits", "group", "allowUnplannedTraits"),
    ("allow_group_traits_on_violations", "group", "allowTraitsOnViolations"),
    ("common_group_event_on_violations", "group", "commonEventOnViolations"),
    ("forwarding_violations_to", "", "forwardingViolationsTo"),
    ("forwarding_blocked_events_to", "", "forwardingBlockedEventsTo"),
];

/// The Public API's place of a schema config field (`common_track_event_on_violations` → `("track",
/// "commonEventOnViolations")`), and back with [`schema_field_from_public`].
pub fn schema_field_to_public(config: &str) -> Option<(&'static str, &'static str)> {
    SCHEMA_FIELDS.iter().find(|(name, ..)| *name == config).map(|(_, group, field)| (*group, *field))
}

/// The Config API's name of a Public API schema setting, given its group (`""` at the top).
pub fn schema_field_from_public(group: &str, field: &str) -> Option<&'static str> {
    SCHEMA_FIELDS.iter().find(|(_, g, f)| *g == group && *f == field).map(|(name, ..)| *name)
}

/// A schema config in the Public API's groups, every field present. The forwarding targets are copied as they
/// are: the Config API names sources by slug, the Public API by id, and which is which is the caller's lookup.
pub fn schema_config_to_public(config: &SchemaConfig) -> SchemaSettings {
    let text = |s: &str| Some(s.to_string());
    SchemaSettings {
        track: Some(TrackSettings {
            allow_unplanned_events: Some(config.allow_unplanned_track_events),
            allow_unplanned_event_properties: Some(config.allow_unplanned_track_event_properties),
            allow_event_on_violations: Some(config.allow_track_event_on_violations),
            allow_properties_on_violations: Some(config.allow_track_properties_on_violations),
            common_event_on_violations: text(&config.common_track_event_on_violations),
        }),
        identify: Some(TraitSettings {
            allow_unplanned_traits: Some(config.allow_unplanned_identify_traits),
            allow_traits_on_violations: Some(config.allow_identify_traits_on_violations),
            common_event_on_violations: text(&config.common_identify_event_on_violations),
        }),
        group: Some(TraitSettings {
            allow_unplanned_traits: Some(config.allow_unplanned_group_traits),
            allow_traits_on_violations: Some(config.allow_group_traits_on_violations),
            common_event_on_violations: text(&config.common_group_event_on_violations),
        }),
        forwarding_violations_to: text(&config.forwarding_violations_to),
        forwarding_blocked_events_to: text(&config.forwarding_blocked_events_to),
    }
}

/// The fields a Public API schema-settings body gives, under their Config API names (`{"allow_unplanned_track_events":
/// false}`): what an update of the schema config sets, field by field, so that the others keep their values.
pub fn schema_settings_to_config(settings: &SchemaSettings) -> Map<String, Value> {
    let mut out = Map::new();
    let value = serde_json::to_value(settings).unwrap_or_default();
    for (config, group, field) in SCHEMA_FIELDS {
        let given = if group.is_empty() { value.get(field) } else { value.get(group).and_then(|g| g.get(field)) };
        if let Some(given) = given.filter(|v| !v.is_null()) {
            out.insert(config.to_string(), given.clone());
        }
    }
    out
}

// ---- regulations ----

/// Regulation types, Config API ↔ Public API.
pub const REGULATION_TYPES: [(&str, &str); 5] = [
    ("Suppress_With_Delete", "SUPPRESS_WITH_DELETE"),
    ("Suppress", "SUPPRESS_ONLY"),
    ("Unsuppress", "UNSUPPRESS"),
    ("Delete", "DELETE_ONLY"),
    ("Delete_Internal", "DELETE_INTERNAL"),
];

/// `Suppress_With_Delete` → `SUPPRESS_WITH_DELETE`, `Suppress` → `SUPPRESS_ONLY`, `Delete` → `DELETE_ONLY`, ...
pub fn regulation_type_to_public(config: &str) -> Option<&'static str> {
    REGULATION_TYPES.iter().find(|(c, _)| *c == config).map(|(_, p)| *p)
}

/// The inverse of [`regulation_type_to_public`].
pub fn regulation_type_from_public(public: &str) -> Option<&'static str> {
    REGULATION_TYPES.iter().find(|(_, p)| *p == public).map(|(c, _)| *c)
}

/// Subject types: the Config API's `attributes.name` ↔ the Public API's `subjectType`.
pub const SUBJECT_TYPES: [(&str, &str); 2] = [("userId", "USER_ID"), ("objectId", "OBJECT_ID")];

/// `userId` → `USER_ID`, `objectId` → `OBJECT_ID`.
pub fn subject_type_to_public(config: &str) -> Option<&'static str> {
    SUBJECT_TYPES.iter().find(|(c, _)| *c == config).map(|(_, p)| *p)
}

/// The inverse of [`subject_type_to_public`].
pub fn subject_type_from_public(public: &str) -> Option<&'static str> {
    SUBJECT_TYPES.iter().find(|(_, p)| *p == public).map(|(c, _)| *c)
}

// ---- tracking-plan rules ----

/// The key of a Config API rules object that keeps the rules its shape has no place for (PAGE and SCREEN rules, a
/// COMMON, IDENTIFY or GROUP rule with a key or a version other than 1 or given twice, a TRACK rule without a key),
/// as Public API rule objects in their order, so that nothing a Public API client writes is lost on the way.
pub const OTHER_RULES: &str = "other_rules";

/// The version of the rules made from `global`, `identify` and `group`.
const SINGLE_VERSION: u64 = 1;

/// A Config API rules object as a rule list: `global` → `COMMON`, each of `events[]` `{name, description, version,
/// rules}` → `TRACK` with `key: name` and `jsonSchema: rules` (a description kept as `jsonSchema.description`),
/// `identify` → `IDENTIFY`, `group` → `GROUP` (version 1, no key), then [`OTHER_RULES`] as they are.
/// `identify_traits` and `group_traits` (legacy echoes) have no counterpart.
pub fn rules_to_public(rules: &Map<String, Value>) -> Vec<RuleInput> {
    let mut out = Vec::new();
    let single = |kind: &str, schema: &Value| RuleInput {
        kind: kind.to_string(),
        key: None,
        json_schema: schema.clone(),
        version: SINGLE_VERSION,
    };
    if let Some(global) = rules.get("global").filter(|v| !v.is_null()) {
        out.push(single(rule_type::COMMON, global));
    }
    for event in rules.get("events").and_then(Value::as_array).into_iter().flatten() {
        let name = event.get("name").and_then(Value::as_str).unwrap_or_default();
        let version = event.get("version").and_then(Value::as_u64).unwrap_or(SINGLE_VERSION);
        let mut schema = event.get("rules").cloned().unwrap_or(Value::Null);
        let description = event.get("description").and_then(Value::as_str).unwrap_or_default();
        if !description.is_empty() {
            if schema.is_null() {
                schema = Value::Object(Map::new());
            }
            if let Value::Object(map) = &mut schema {
                map.insert("description".into(), json!(description));
            }
        }
        out.push(RuleInput {
            kind: rule_type::TRACK.into(),
            key: Some(name.to_string()),
            json_schema: schema,
            version,
        });
    }
    for (key, kind) in [("identify", rule_type::IDENTIFY), ("group", rule_type::GROUP)] {
        if let Some(schema) = rules.get(key).filter(|v| !v.is_null()) {
            out.push(single(kind, schema));
        }
    }
    for other in rules.get(OTHER_RULES).and_then(Value::as_array).into_iter().flatten() {
        if let Ok(rule) = serde_json::from_value::<RuleInput>(other.clone()) {
            out.push(rule);
        }
    }
    out
}

/// A rule list as a Config API rules object, the inverse of [`rules_to_public`]: `COMMON`, `IDENTIFY`, `GROUP` of
/// version 1 without a key (the first of each) become `global`, `identify`, `group`; `TRACK` rules with a key become
/// `events[]` in their order (a string `jsonSchema.description` moves to the event's `description`); the rest go to
/// [`OTHER_RULES`]. Two rules of one (`type`, `key`, `version`) are an error naming the second.
pub fn rules_from_public(rules: &[RuleInput]) -> Result<Map<String, Value>, String> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Map::new();
    let mut events = Vec::new();
    let mut others = Vec::new();
    for (n, rule) in rules.iter().enumerate() {
        if !rule_type::TYPES.contains(&rule.kind.as_str()) {
            return Err(format!("rules.{n}.type: one of {}, got {:?}", rule_type::TYPES.join(", "), rule.kind));
        }
        if !seen.insert(rule.identity()) {
            let key = rule.key.as_ref().map_or_else(|| "no key".to_string(), |key| format!("key {key:?}"));
            return Err(format!("rules.{n}: a second rule of type {}, {key}, version {}", rule.kind, rule.version));
        }
        let single = match rule.kind.as_str() {
            k if k == rule_type::COMMON => Some("global"),
            k if k == rule_type::IDENTIFY => Some("identify"),
            k if k == rule_type::GROUP => Some("group"),
            _ => None,
        };
        match (single, &rule.key) {
            (Some(place), None)
                if rule.version == SINGLE_VERSION && rule.json_schema.is_object() && !out.contains_key(place) =>
            {
                out.insert(place.to_string(), rule.json_schema.clone());
            }
            (None, Some(key)) if rule.kind == rule_type::TRACK => {
                let mut schema = rule.json_schema.clone();
                let description = match &mut schema {
                    Value::Object(map) => match map.remove("description") {
                        Some(Value::String(d)) => d,
                        Some(other) => {
                            map.insert("description".into(), other);
                            String::new()
                        }
                        None => String::new(),
                    },
                    _ => String::new(),
                };
                events.push(json!({"name": key, "description": description, "version": rule.version, "rules": schema}));
            }
            _ => others.push(serde_json::to_value(rule).map_err(|e| e.to_string())?),
        }
    }
    out.insert("events".into(), Value::Array(events));
    out.insert("identify_traits".into(), json!([]));
    out.insert("group_traits".into(), json!([]));
    if !others.is_empty() {
        out.insert(OTHER_RULES.into(), Value::Array(others));
    }
    Ok(out)
}

// ---- destination settings ----

/// A destination's `config` items as the Public API's `settings` object, `{<key>: value}` (the item's `type` is
/// the catalog's option type there).
pub fn config_to_settings(config: &[ConfigItem]) -> Map<String, Value> {
    config.iter().map(|item| (item.key().to_string(), item.value.clone())).collect()
}

/// A `settings` object as `config` items of the destination named `destination` (names `<destination>/config/<key>`,
/// value only: the display name and type are the catalog's). The inverse of [`config_to_settings`].
pub fn settings_to_config(destination: &str, settings: &Map<String, Value>) -> Vec<ConfigItem> {
    settings.iter().map(|(key, value)| ConfigItem::new(destination, key, value.clone())).collect()
}

// ---- labels ----

/// A source's labels map (`{k: v}`) as the Public API's list (`[{key: k, value: v}]`), in key order.
pub fn labels_to_public(labels: &BTreeMap<String, String>) -> Vec<Label> {
    labels.iter().map(|(key, value)| Label { key: key.clone(), value: value.clone(), description: None }).collect()
}

/// A label list as a source's labels map; a key given twice with two values is an error (a map holds one).
pub fn labels_from_public(labels: &[Label]) -> Result<BTreeMap<String, String>, String> {
    let mut out = BTreeMap::new();
    for label in labels {
        if let Some(other) = out.insert(label.key.clone(), label.value.clone())
            && other != label.value
        {
            return Err(format!("label key {:?} given with two values ({other:?}, {:?})", label.key, label.value));
        }
    }
    Ok(out)
}

// ---- catalog ----

/// A catalog name's slug: `catalog/sources/javascript` → `javascript`.
pub fn catalog_slug(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or(name)
}

/// A catalog source as the Public API's metadata, under the id the caller gives it: `display_name` → `name`,
/// `logos.logo` → `logos.default`, type `object` (a cloud source) → `isCloudEventSource`.
pub fn catalog_source_to_public(source: &CatalogSource, id: &str) -> SourceMetadata {
    SourceMetadata {
        id: id.to_string(),
        name: source.display_name.clone(),
        slug: catalog_slug(&source.name).to_string(),
        description: source.description.clone(),
        logos: logos_to_public(&source.logos),
        options: Vec::new(),
        categories: source.categories.clone(),
        is_cloud_event_source: source.kind.eq_ignore_ascii_case("object"),
        status: "PUBLIC".into(),
    }
}

/// The inverse of [`catalog_source_to_public`], as far as the Config API's shape holds it.
pub fn catalog_source_from_public(metadata: &SourceMetadata) -> CatalogSource {
    CatalogSource {
        name: format!("catalog/sources/{}", metadata.slug),
        display_name: metadata.name.clone(),
        description: metadata.description.clone(),
        kind: if metadata.is_cloud_event_source { "object".into() } else { String::new() },
        categories: metadata.categories.clone(),
        logos: logos_from_public(&metadata.logos),
        ..Default::default()
    }
}

fn logos_to_public(logos: &Map<String, Value>) -> Logos {
    let text = |key: &str| logos.get(key).and_then(Value::as_str).map(String::from);
    Logos {
        default: text("logo").or_else(|| text("default")).unwrap_or_default(),
        mark: text("mark"),
        alt: text("alt"),
    }
}

fn logos_from_public(logos: &Logos) -> Map<String, Value> {
    let mut out = Map::new();
    out.insert("logo".into(), json!(logos.default));
    if let Some(mark) = &logos.mark {
        out.insert("mark".into(), json!(mark));
    }
    if let Some(alt) = &logos.alt {
        out.insert("alt".into(), json!(alt));
    }
    out
}

/// A catalog setting as an option: `type` in lower case, `display_name` as `label`.
pub fn setting_to_option(setting: &CatalogSetting) -> IntegrationOption {
    IntegrationOption {
        name: setting.name.clone(),
        kind: setting.kind.to_ascii_lowercase(),
        required: setting.required,
        description: Some(setting.description.clone()).filter(|d| !d.is_empty()),
        default_value: None,
        label: Some(setting.display_name.clone()).filter(|d| !d.is_empty()),
    }
}

/// The Config API's component types have `CLOUD`, which the Public API's enum lacks: a cloud component runs on a
/// server.
fn component_to_public(component: &Value) -> super::Component {
    let kind = component.get("type").and_then(Value::as_str).unwrap_or_default().to_ascii_uppercase();
    let kind = match kind.as_str() {
        "ANDROID" | "BROWSER" | "IOS" | "SERVER" => kind,
        "WEB" => "BROWSER".into(),
        _ => "SERVER".into(),
    };
    let code = component.get("code").and_then(Value::as_str).unwrap_or_default().to_string();
    super::Component { kind, code, owner: component.get("owner").and_then(Value::as_str).map(String::from) }
}

/// A catalog destination as the Public API's metadata, under the id and with the features the caller gives it:
/// `display_name` → `name`, `settings` → `options` (lower-case types), `methods` → `supportedMethods` (`page_view`
/// → `pageview`), `platforms` → `supportedPlatforms`, `categories` `{primary, secondary, additional}` → a list.
/// A status outside the Public API's enum is `PUBLIC`.
pub fn catalog_destination_to_public(
    destination: &CatalogDestination,
    id: &str,
    features: Features,
) -> DestinationMetadata {
    let categories = &destination.categories;
    let categories = [&categories.primary, &categories.secondary]
        .into_iter()
        .chain(&categories.additional)
        .filter(|c| !c.is_empty())
        .cloned()
        .collect();
    let methods = destination
        .methods
        .iter()
        .map(|(k, v)| (if k == "page_view" { "pageview".to_string() } else { k.clone() }, v.clone()))
        .collect();
    let status = destination.status.to_ascii_uppercase();
    DestinationMetadata {
        id: id.to_string(),
        name: destination.display_name.clone(),
        description: destination.description.clone(),
        slug: catalog_slug(&destination.name).to_string(),
        logos: logos_to_public(&destination.logos),
        options: destination.settings.iter().map(setting_to_option).collect(),
        status: if METADATA_STATUSES.contains(&status.as_str()) { status } else { "PUBLIC".into() },
        previous_names: destination.previous_names.clone(),
        categories,
        website: destination.website.clone(),
        components: destination.components.iter().map(component_to_public).collect(),
        supported_features: features,
        supported_methods: methods,
        supported_platforms: destination.platforms.clone(),
        actions: Vec::new(),
        presets: Vec::new(),
    }
}

/// The inverse of [`catalog_destination_to_public`], as far as the Config API's shape holds it.
pub fn catalog_destination_from_public(metadata: &DestinationMetadata) -> CatalogDestination {
    let mut categories = metadata.categories.iter().cloned();
    CatalogDestination {
        name: format!("catalog/destinations/{}", metadata.slug),
        display_name: metadata.name.clone(),
        description: metadata.description.clone(),
        status: metadata.status.clone(),
        previous_names: metadata.previous_names.clone(),
        website: metadata.website.clone(),
        logos: logos_from_public(&metadata.logos),
        categories: DestinationCategories {
            primary: categories.next().unwrap_or_default(),
            secondary: categories.next().unwrap_or_default(),
            additional: categories.collect(),
        },
        components: metadata.components.iter().filter_map(|c| serde_json::to_value(c).ok()).collect(),
        platforms: metadata.supported_platforms.clone(),
        methods: metadata
            .supported_methods
            .iter()
            .map(|(k, v)| (if k == "pageview" { "page_view".to_string() } else { k.clone() }, v.clone()))
            .collect(),
        settings: metadata
            .options
            .iter()
            .map(|o| CatalogSetting {
                name: o.name.clone(),
                display_name: o.label.clone().unwrap_or_default(),
                kind: o.kind.to_ascii_uppercase(),
                required: o.required,
                description: o.description.clone().unwrap_or_default(),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actions(value: Value) -> Vec<Value> {
        value.as_array().unwrap().clone()
    }

    #[test]
    fn filter_actions_map_both_ways() {
        let config = actions(json!([
            {"type": "drop_event"},
            {"type": "sample_event", "percent": 0.25, "path": "userId"},
            {"type": "whitelist_fields", "fields": {"properties": {"fields": ["a", "b"]}}},
            {"type": "blacklist_fields", "fields": {"traits": {"fields": ["email"]}, "context": {"fields": ["ip"]}}},
        ]));
        let public = filter_actions_to_public(&config).unwrap();
        assert_eq!(
            serde_json::to_value(&public).unwrap(),
            json!([
                {"type": "DROP"},
                {"type": "SAMPLE", "percent": 0.25, "path": "userId"},
                {"type": "ALLOW_PROPERTIES", "fields": {"properties": ["a", "b"]}},
                {"type": "DROP_PROPERTIES", "fields": {"traits": ["email"], "context": ["ip"]}},
            ])
        );
        assert_eq!(filter_actions_from_public(&public).unwrap(), config);
        // Each Config action type has its Public one and back.
        for (config, public) in FILTER_ACTIONS {
            let there = filter_actions_to_public(&[json!({"type": config, "fields": {}})]).unwrap();
            assert_eq!(there[0].kind, public);
            assert_eq!(filter_actions_from_public(&there).unwrap()[0]["type"], config);
        }
        assert!(filter_actions_to_public(&[json!({"type": "explode"})]).is_err());
        let bad = FilterAction { kind: "EXPLODE".into(), ..Default::default() };
        assert!(filter_actions_from_public(&[bad]).unwrap_err().contains("DROP_PROPERTIES"));
    }

    #[test]
    fn null_field_groups_name_nothing() {
        let config = [json!({"type": "whitelist_fields", "fields": {"traits": null, "properties": {"fields": null}}})];
        let public = filter_actions_to_public(&config).unwrap();
        assert_eq!(
            serde_json::to_value(&public[0]).unwrap(),
            json!({"type": "ALLOW_PROPERTIES", "fields": {"properties": []}})
        );
    }

    #[test]
    fn schema_fields_map_both_ways_and_cover_the_config_fields() {
        for (field, _) in SchemaConfig::FIELDS {
            let (group, public) = schema_field_to_public(field).unwrap_or_else(|| panic!("{field}"));
            assert_eq!(schema_field_from_public(group, public), Some(field));
        }
        let config = SchemaConfig {
            allow_unplanned_track_events: false,
            common_identify_event_on_violations: "OMIT_TRAITS".into(),
            forwarding_violations_to: "web".into(),
            ..SchemaConfig::default_for("workspaces/w/sources/s")
        };
        let public = schema_config_to_public(&config);
        let written = serde_json::to_value(&public).unwrap();
        assert_eq!(written["track"]["allowUnplannedEvents"], false);
        assert_eq!(written["track"]["allowPropertiesOnViolations"], true);
        assert_eq!(written["identify"]["commonEventOnViolations"], "OMIT_TRAITS");
        assert_eq!(written["group"]["commonEventOnViolations"], "ALLOW");
        assert_eq!(written["forwardingViolationsTo"], "web");
        // Back: every field given, under its Config name, with its value.
        let back = schema_settings_to_config(&public);
        let config_value = serde_json::to_value(&config).unwrap();
        assert_eq!(back.len(), 13);
        for (field, value) in &back {
            assert_eq!(&config_value[field], value, "{field}");
        }
        // Only what is given.
        let partial: SchemaSettings = serde_json::from_value(
            json!({"group": {"allowTraitsOnViolations": false}, "forwardingBlockedEventsTo": ""}),
        )
        .unwrap();
        assert_eq!(
            Value::Object(schema_settings_to_config(&partial)),
            json!({"allow_group_traits_on_violations": false, "forwarding_blocked_events_to": ""})
        );
    }

    #[test]
    fn regulation_and_subject_types_map_both_ways() {
        for config in crate::wire::REGULATION_TYPES {
            let public = regulation_type_to_public(config).unwrap_or_else(|| panic!("{config}"));
            assert!(super::super::REGULATION_TYPES.contains(&public));
            assert_eq!(regulation_type_from_public(public), Some(config));
        }
        for public in super::super::REGULATION_TYPES {
            let config = regulation_type_from_public(public).unwrap_or_else(|| panic!("{public}"));
            assert_eq!(regulation_type_to_public(config), Some(public));
        }
        assert_eq!(regulation_type_to_public("Suppress"), Some("SUPPRESS_ONLY"));
        assert_eq!(regulation_type_from_public("DELETE_ONLY"), Some("Delete"));
        assert_eq!(regulation_type_from_public("SUPPRESS"), None);
        assert_eq!(subject_type_to_public("userId"), Some("USER_ID"));
        assert_eq!(subject_type_from_public("OBJECT_ID"), Some("objectId"));
        assert_eq!(subject_type_from_public("ANONYMOUS_ID"), None);
    }

    #[test]
    fn rules_map_both_ways() {
        let config = TrackingPlan::normalize_rules(
            json!({
                "global": {"type": "object", "properties": {"context": {}}},
                "events": [
                    {"name": "Order Completed", "description": "an order", "version": 2,
                     "rules": {"type": "object", "properties": {"properties": {"type": "object"}}}},
                    {"name": "Signed Up", "description": "", "version": 1, "rules": {"type": "object"}},
                ],
                "identify": {"type": "object"},
                "group": {"type": "object", "required": ["traits"]},
            })
            .as_object()
            .unwrap()
            .clone(),
        )
        .unwrap();
        let public = rules_to_public(&config);
        let written = serde_json::to_value(&public).unwrap();
        assert_eq!(
            written,
            json!([
                {"type": "COMMON", "jsonSchema": {"type": "object", "properties": {"context": {}}}, "version": 1},
                {"type": "TRACK", "key": "Order Completed", "version": 2,
                 "jsonSchema": {"type": "object", "properties": {"properties": {"type": "object"}}, "description": "an order"}},
                {"type": "TRACK", "key": "Signed Up", "jsonSchema": {"type": "object"}, "version": 1},
                {"type": "IDENTIFY", "jsonSchema": {"type": "object"}, "version": 1},
                {"type": "GROUP", "jsonSchema": {"type": "object", "required": ["traits"]}, "version": 1},
            ])
        );
        let back = rules_from_public(&public).unwrap();
        assert_eq!(TrackingPlan::normalize_rules(back.clone()).unwrap(), back);
        assert_eq!(back, config);
    }

    #[test]
    fn rules_the_config_shape_cannot_hold_are_kept() {
        let public: Vec<RuleInput> = serde_json::from_value(json!([
            {"type": "PAGE", "key": "Home", "jsonSchema": {"type": "object"}, "version": 1},
            {"type": "SCREEN", "jsonSchema": null, "version": 3},
            {"type": "COMMON", "jsonSchema": {"a": 1}, "version": 1},
            {"type": "COMMON", "jsonSchema": {"b": 2}, "version": 2},
            {"type": "IDENTIFY", "key": "x", "jsonSchema": {}, "version": 1},
        ]))
        .unwrap();
        let config = rules_from_public(&public).unwrap();
        assert_eq!(config["global"], json!({"a": 1}));
        assert_eq!(config[OTHER_RULES].as_array().unwrap().len(), 4);
        let again = rules_to_public(&config);
        // Every rule is still there (COMMON v1 first, as `global` is listed first).
        let mut sorted_in = public.clone();
        let mut sorted_out = again.clone();
        let key = |r: &RuleInput| (r.kind.clone(), r.key.clone(), r.version);
        sorted_in.sort_by_key(key);
        sorted_out.sort_by_key(key);
        assert_eq!(sorted_in, sorted_out);
        let twice = [public[0].clone(), public[0].clone()];
        assert!(rules_from_public(&twice).unwrap_err().starts_with("rules.1"));
        let bad = [RuleInput { kind: "PAGEVIEW".into(), ..Default::default() }];
        assert!(rules_from_public(&bad).unwrap_err().starts_with("rules.0.type"));
    }

    #[test]
    fn destination_settings_map_both_ways() {
        let name = "workspaces/w/sources/s/destinations/webhooks";
        let config = vec![
            ConfigItem::new(name, "sharedSecret", json!("x")),
            ConfigItem { name: "hooks".into(), value: json!([{"hook": "https://h"}]), ..Default::default() },
        ];
        let settings = config_to_settings(&config);
        assert_eq!(Value::Object(settings.clone()), json!({"sharedSecret": "x", "hooks": [{"hook": "https://h"}]}));
        let back = settings_to_config(name, &settings);
        assert_eq!(back[0], ConfigItem::new(name, "sharedSecret", json!("x")));
        assert_eq!(back[1].name, format!("{name}/config/hooks"));
        assert_eq!(config_to_settings(&back), settings);
    }

    #[test]
    fn labels_map_both_ways() {
        let map: BTreeMap<String, String> =
            [("environment".to_string(), "prod".to_string()), ("team".into(), "growth".into())].into();
        let list = labels_to_public(&map);
        assert_eq!(
            serde_json::to_value(&list).unwrap(),
            json!([{"key": "environment", "value": "prod"}, {"key": "team", "value": "growth"}])
        );
        assert_eq!(labels_from_public(&list).unwrap(), map);
        let clash = [
            Label { key: "environment".into(), value: "dev".into(), description: None },
            Label { key: "environment".into(), value: "prod".into(), description: None },
        ];
        assert!(labels_from_public(&clash).is_err());
    }

    #[test]
    fn catalog_entries_map_both_ways() {
        let source = CatalogSource {
            name: "catalog/sources/javascript".into(),
            display_name: "Javascript".into(),
            description: "d".into(),
            kind: "WEBSITE".into(),
            categories: vec!["Website".into()],
            logos: json!({"logo": "https://l", "mark": "https://m"}).as_object().unwrap().clone(),
            ..Default::default()
        };
        let metadata = catalog_source_to_public(&source, "IqDTy1TpoU");
        assert_eq!((metadata.slug.as_str(), metadata.name.as_str()), ("javascript", "Javascript"));
        assert_eq!(metadata.logos.default, "https://l");
        assert!(!metadata.is_cloud_event_source);
        let back = catalog_source_from_public(&metadata);
        assert_eq!((back.name.as_str(), &back.logos), (source.name.as_str(), &source.logos));
        let destination = CatalogDestination {
            name: "catalog/destinations/webhooks".into(),
            display_name: "Webhooks".into(),
            status: "PUBLIC".into(),
            categories: DestinationCategories { primary: "Raw Data".into(), ..Default::default() },
            components: vec![json!({"type": "CLOUD"})],
            methods: json!({"page_view": true, "track": true}).as_object().unwrap().clone(),
            settings: vec![CatalogSetting {
                name: "sharedSecret".into(),
                display_name: "Shared Secret".into(),
                kind: "STRING".into(),
                ..Default::default()
            }],
            ..Default::default()
        };
        let features = Features { cloud_mode_instances: Some(super::super::MULTIPLE.into()), ..Default::default() };
        let metadata = catalog_destination_to_public(&destination, "54521fd525e721e32a72ee91", features);
        assert_eq!(metadata.categories, ["Raw Data"]);
        assert_eq!(metadata.components[0].kind, "SERVER");
        assert_eq!(metadata.supported_methods["pageview"], true);
        assert_eq!(
            (metadata.options[0].kind.as_str(), metadata.options[0].label.as_deref()),
            ("string", Some("Shared Secret"))
        );
        let back = catalog_destination_from_public(&metadata);
        assert_eq!(back.name, destination.name);
        assert_eq!(back.methods, destination.methods);
        assert_eq!(back.settings[0].kind, "STRING");
        assert_eq!(back.categories.primary, "Raw Data");
    }

    use crate::wire::TrackingPlan;
}
