//! The Public API's records read in seg's vocabulary (docs/reference/public-api.md, "Migration mapping", right to
//! left), so that
//! tables, `--each`, `-o name` and the plan see one model whichever API answered. What a script reads (`-o json`)
//! is the record as received, never this reading (`wire::Received`).

use std::collections::BTreeMap;

use std::borrow::Cow;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Value, json};

use crate::wire::public::{self, map};

use super::text_at as text;

/// `Workspace {id, slug, name}` as `workspaces/<slug>`.
pub fn workspace(value: &Value) -> Value {
    json!({
        "name": format!("workspaces/{}", text(value, "slug")),
        "display_name": text(value, "name"),
        "id": text(value, "id"),
    })
}

/// What the reading of a source takes from it (the rest is skipped unread). As `lenient` reads: a field left out
/// or `null` is empty, one of the wrong type an error.
#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct SourceFields<'a> {
    #[serde(borrow)]
    id: Option<Cow<'a, str>>,
    #[serde(borrow)]
    slug: Option<Cow<'a, str>>,
    #[serde(borrow)]
    name: Option<Cow<'a, str>>,
    #[serde(borrow)]
    metadata: Option<Slugged<'a>>,
    /// As received.
    #[serde(borrow)]
    write_keys: Option<&'a RawValue>,
    labels: Option<Vec<public::Label>>,
    /// As received.
    #[serde(borrow)]
    enabled: Option<&'a RawValue>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Slugged<'a> {
    #[serde(borrow)]
    slug: Option<Cow<'a, str>>,
}

/// A source in seg's vocabulary, written as it is made.
#[derive(Serialize)]
struct NeutralSource<'a> {
    name: String,
    parent: String,
    display_name: &'a str,
    catalog_name: String,
    write_keys: &'a RawValue,
    labels: BTreeMap<String, String>,
    id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    enabled: Option<&'a RawValue>,
}

/// How much of a record's reading in seg's vocabulary is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// All of it.
    Whole,
    /// Its name only, for a caller that prints the records as received (`Request::raw_only`).
    Name,
}

/// A record's reading when only its name is asked for.
#[derive(Serialize)]
struct Named {
    name: String,
}

/// `Source` (its text) in workspace `ws` as `workspaces/<ws>/sources/<slug>`. A source with no `name` shows its
/// slug as its display name, as the Config API does. Read from the text and written as text, with no `Value` between:
/// a listing reads thousands of them. The record is read whole either way, so one seg cannot read is refused.
/// A record of a checked answer, read as every part of one is (`wire::text`: a key given twice, its last value).
pub fn source(ws: &str, raw: &str, reading: Reading) -> Result<Box<RawValue>, String> {
    let read =
        |text: &str| crate::wire::text::parse::<SourceFields>(text).map(|fields| neutral_source(ws, &fields, reading));
    crate::wire::text::with(raw, read).map_err(|e| e.to_string())?
}

fn neutral_source(ws: &str, fields: &SourceFields, reading: Reading) -> Result<Box<RawValue>, String> {
    let slug = fields.slug.as_deref().unwrap_or_default();
    if reading == Reading::Name {
        return serde_json::value::to_raw_value(&Named { name: format!("workspaces/{ws}/sources/{slug}") })
            .map_err(|e| e.to_string());
    }
    let catalog = fields.metadata.as_ref().and_then(|m| m.slug.as_deref()).unwrap_or_default();
    let no_keys: &RawValue = serde_json::from_str("[]").map_err(|e| e.to_string())?;
    let neutral = NeutralSource {
        name: format!("workspaces/{ws}/sources/{slug}"),
        parent: format!("workspaces/{ws}"),
        display_name: fields.name.as_deref().filter(|n| !n.is_empty()).unwrap_or(slug),
        catalog_name: format!("catalog/sources/{catalog}"),
        write_keys: fields.write_keys.unwrap_or(no_keys),
        labels: map::labels_from_public(fields.labels.as_deref().unwrap_or_default())?,
        id: fields.id.as_deref().unwrap_or_default(),
        enabled: fields.enabled,
    };
    serde_json::value::to_raw_value(&neutral).map_err(|e| e.to_string())
}

/// The type of each of a catalog entry's options, lowercase (`metadata.options[].type`).
fn option_types(metadata: Option<&Value>) -> BTreeMap<String, String> {
    let options = metadata.and_then(|m| m.get("options")).and_then(Value::as_array).map(Vec::as_slice);
    options
        .unwrap_or_default()
        .iter()
        .map(|option| (text(option, "name").to_string(), text(option, "type").to_lowercase()))
        .collect()
}

/// `Destination` as `<source>/destinations/<segment>` (its catalog slug, or its id when the source has another of
/// that catalog entry), its `settings` as config items typed from the catalog's options.
pub fn destination(source: &str, segment: &str, value: &Value) -> Value {
    let name = format!("{source}/destinations/{segment}");
    let types = option_types(value.get("metadata"));
    let settings = value.get("settings").and_then(Value::as_object).cloned().unwrap_or_default();
    let mut config = map::settings_to_config(&name, &settings);
    for item in &mut config {
        item.kind = types.get(item.key()).cloned().unwrap_or_default();
    }
    let catalog = value.get("metadata").map(|m| text(m, "slug")).unwrap_or_default();
    let mut neutral = json!({
        "name": name,
        "parent": source,
        "enabled": value.get("enabled").and_then(Value::as_bool).unwrap_or(false),
        "config": config,
        "id": text(value, "id"),
        "catalog_name": format!("catalog/destinations/{catalog}"),
    });
    // A destination with no name of its own has none in the reading either (`get` shows no empty one, `--json`
    // prints null).
    let display_name = text(value, "name");
    if !display_name.is_empty() {
        neutral["display_name"] = Value::String(display_name.to_string());
    }
    neutral
}

/// A record of the Public API's shape `T`, read leniently: what the service left out takes the shape's empty
/// value (objects merged key by key, so a nested record missing a field reads too), so that seg reads what the
/// real service sends even where it omits what the SDK calls required. A field of the wrong type is an error.
fn lenient<T: Default + Serialize + DeserializeOwned>(raw: &Value) -> Result<T, String> {
    fn overlay(base: &mut Value, raw: &Value) {
        match (base, raw) {
            (Value::Object(base), Value::Object(raw)) => {
                for (key, value) in raw {
                    match base.get_mut(key) {
                        Some(slot) if !value.is_null() => overlay(slot, value),
                        Some(_) => {}
                        None => {
                            base.insert(key.clone(), value.clone());
                        }
                    }
                }
            }
            (base, raw) => *base = raw.clone(),
        }
    }
    let mut value = serde_json::to_value(T::default()).map_err(|e| e.to_string())?;
    overlay(&mut value, raw);
    serde_json::from_value(value).map_err(|e| e.to_string())
}

/// A catalog source (`SourceMetadata`) as `catalog/sources/<slug>`, through the vocabulary both sides share.
pub fn catalog_source(raw: &Value) -> Result<Value, String> {
    let metadata: public::SourceMetadata = lenient(raw)?;
    serde_json::to_value(map::catalog_source_from_public(&metadata)).map_err(|e| e.to_string())
}

/// A catalog destination (`DestinationMetadata`) as `catalog/destinations/<slug>`.
pub fn catalog_destination(raw: &Value) -> Result<Value, String> {
    let metadata: public::DestinationMetadata = lenient(raw)?;
    serde_json::to_value(map::catalog_destination_from_public(&metadata)).map_err(|e| e.to_string())
}

/// A filter of the destination named `destination` as `<destination>/filters/<id>`, its actions in the Config
/// API's shape.
pub fn filter(destination: &str, raw: &Value) -> Result<Value, String> {
    let filter: public::Filter = lenient(raw)?;
    Ok(json!({
        "name": format!("{destination}/filters/{}", filter.id),
        "title": filter.title,
        "description": filter.description.unwrap_or_default(),
        "if": filter.condition,
        "enabled": filter.enabled,
        "actions": map::filter_actions_from_public(&filter.actions)?,
        "create_time": filter.created_at,
        "update_time": filter.updated_at,
    }))
}

/// A mapping (a destination subscription) as `<destination>/mappings/<id>`, its own name as `display_name`.
pub fn mapping(destination: &str, raw: &Value) -> Result<Value, String> {
    let mapping: public::Subscription = lenient(raw)?;
    Ok(json!({
        "name": format!("{destination}/mappings/{}", mapping.id),
        "display_name": mapping.name,
        "action": mapping.action_slug,
        "action_id": mapping.action_id,
        "trigger": mapping.trigger,
        "enabled": mapping.enabled,
        "settings": mapping.settings,
    }))
}

/// The segment that names a tracking plan in seg's vocabulary: its Config API id (`rs_…`, the Public API's
/// `resourceSchemaId`) when the service says it, else its Public API id (`tp_…`).
pub fn plan_segment(raw: &Value) -> String {
    let rs = text(raw, "resourceSchemaId");
    if rs.is_empty() { text(raw, "id").to_string() } else { rs.to_string() }
}

/// A tracking plan with its rules (read apart: `GET /tracking-plans/{id}/rules`) as
/// `workspaces/<ws>/tracking-plans/<segment>`.
pub fn tracking_plan(ws: &str, raw: &Value, rules: &[Value]) -> Result<Value, String> {
    let plan: public::TrackingPlan = lenient(raw)?;
    let rules: Vec<public::RuleInput> = rules.iter().map(lenient).collect::<Result<_, _>>()?;
    Ok(json!({
        "name": format!("workspaces/{ws}/tracking-plans/{}", plan_segment(raw)),
        "display_name": plan.name.unwrap_or_default(),
        "rules": map::rules_from_public(&rules)?,
        "create_time": plan.created_at.unwrap_or_default(),
        "update_time": plan.updated_at.unwrap_or_default(),
        "id": plan.id,
        "type": plan.kind,
    }))
}

/// A source on a plan (`GET /tracking-plans/{id}/sources` lists whole sources) as a connection.
pub fn connection(ws: &str, plan: &str, source: &Value) -> Value {
    json!({
        "source_name": format!("workspaces/{ws}/sources/{}", text(source, "slug")),
        "tracking_plan_id": plan,
    })
}

/// A source's schema settings as its schema config (`<source>/schema-config`); forwarding targets (source ids
/// there) as source names, by `slug_of`.
pub fn schema_config(source: &str, raw: &Value, slug_of: impl Fn(&str) -> String) -> Result<Value, String> {
    let settings: public::SchemaSettings = lenient(raw)?;
    let mut config = map::schema_settings_to_config(&settings);
    for key in ["forwarding_violations_to", "forwarding_blocked_events_to"] {
        if let Some(Value::String(id)) = config.get(key).cloned() {
            let ws = source.split("/sources/").next().unwrap_or_default();
            let name = if id.is_empty() { String::new() } else { format!("{ws}/sources/{}", slug_of(&id)) };
            config.insert(key.to_string(), Value::String(name));
        }
    }
    let mut out = json!({"name": format!("{source}/schema-config"), "parent": source});
    if let Value::Object(out) = &mut out {
        out.extend(config);
    }
    Ok(out)
}

/// A regulation (a list entry, or one read whole) as `workspaces/<ws>/regulations/<id>`, its types in the Config
/// API's spelling.
pub fn regulation(ws: &str, raw: &Value) -> Value {
    let kind = text(raw, "regulationType");
    let subject = text(raw, "subjectType");
    let mut out = json!({
        "name": format!("workspaces/{ws}/regulations/{}", text(raw, "id")),
        "id": text(raw, "id"),
        "regulation_type": map::regulation_type_from_public(kind).unwrap_or(kind),
        "attributes": {
            "name": map::subject_type_from_public(subject).unwrap_or(subject),
            "values": raw.get("subjects").cloned().unwrap_or_else(|| json!([])),
        },
        "create_time": text(raw, "createdAt"),
    });
    for (from, to) in [("status", "status"), ("overallStatus", "overall_status"), ("finishedAt", "finished_at")] {
        if let Some(value) = raw.get(from).filter(|v| !v.is_null()) {
            out[to] = value.clone();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::{CatalogDestination, Destination, Source, Workspace};

    #[test]
    fn records_read_in_the_config_vocabulary() {
        let ws: Workspace =
            serde_json::from_value(workspace(&json!({"id": "9aQ1", "slug": "acme", "name": "Acme"}))).unwrap();
        assert_eq!((ws.name.as_str(), ws.display_name.as_str(), ws.id.as_str()), ("workspaces/acme", "Acme", "9aQ1"));

        let raw = json!({"id": "qQEH", "slug": "web", "enabled": true, "workspaceId": "9aQ1", "writeKeys": ["k1"],
                         "metadata": {"slug": "javascript", "name": "JavaScript"},
                         "labels": [{"key": "env", "value": "prod"}]});
        let source: Source =
            serde_json::from_str(super::source("acme", &raw.to_string(), Reading::Whole).unwrap().get()).unwrap();
        assert_eq!(source.name, "workspaces/acme/sources/web");
        assert_eq!((source.display_name.as_str(), source.catalog_name.as_str()), ("web", "catalog/sources/javascript"));
        assert_eq!(source.labels.get("env").map(String::as_str), Some("prod"));
        assert_eq!(source.write_keys, ["k1"]);
        let named: Source = serde_json::from_str(
            super::source("acme", r#"{"slug": "web", "name": "Web"}"#, Reading::Whole).unwrap().get(),
        )
        .unwrap();
        assert!(
            super::source(
                "acme",
                r#"{"labels": [{"key": "a", "value": "1"}, {"key": "a", "value": "2"}]}"#,
                Reading::Whole
            )
            .is_err()
        );
        for reading in [Reading::Whole, Reading::Name] {
            assert!(super::source("acme", r#"{"slug": 7}"#, reading).is_err(), "a field of the wrong type");
        }
        let name_only = super::source("acme", &raw.to_string(), Reading::Name).unwrap();
        assert_eq!(name_only.get(), r#"{"name":"workspaces/acme/sources/web"}"#);
        let sparse: Source = serde_json::from_str(
            super::source("acme", r#"{"slug": "s", "name": null, "writeKeys": null}"#, Reading::Whole).unwrap().get(),
        )
        .unwrap();
        assert_eq!((sparse.display_name.as_str(), sparse.write_keys.len()), ("s", 0));
        assert_eq!(named.display_name, "Web");

        let raw = json!({"id": "66be7aeca665bd11f8908630", "enabled": true, "sourceId": "qQEH", "name": "Hook",
                         "settings": {"sharedSecret": "••••••••••9f3c", "hooks": []},
                         "metadata": {"slug": "webhooks", "options": [{"name": "sharedSecret", "type": "password"}]}});
        let d: Destination =
            serde_json::from_value(destination("workspaces/acme/sources/web", "webhooks", &raw)).unwrap();
        assert_eq!(d.name, "workspaces/acme/sources/web/destinations/webhooks");
        assert!(d.enabled);
        assert_eq!(
            d.setting("sharedSecret").map(|i| (i.kind.as_str(), i.value.clone())),
            Some(("password", json!("••••••••••9f3c")))
        );
        assert_eq!(d.setting("hooks").map(|i| i.kind.as_str()), Some(""), "a setting the catalog does not type");
        assert_eq!(d.config[0].name, "workspaces/acme/sources/web/destinations/webhooks/config/sharedSecret");

        // Fields the SDK calls required (logos, status, website, ...) are missing here: read anyway.
        let raw = json!({"id": "54521fd525e721e32a72ee91", "slug": "webhooks", "name": "Webhooks",
                         "categories": ["Raw Data", "Analytics", "Other"], "logos": {"default": "l"},
                         "options": [{"name": "hooks", "type": "array", "required": false, "label": "Hooks"}]});
        let c: CatalogDestination = serde_json::from_value(catalog_destination(&raw).unwrap()).unwrap();
        assert!(catalog_destination(&json!({"options": "none"})).is_err(), "a field of the wrong type");
        assert_eq!(
            (c.name.as_str(), c.categories.primary.as_str(), c.categories.additional.as_slice()),
            ("catalog/destinations/webhooks", "Raw Data", &["Other".to_string()][..])
        );
        assert_eq!((c.settings[0].kind.as_str(), c.settings[0].display_name.as_str()), ("ARRAY", "Hooks"));
    }
}
