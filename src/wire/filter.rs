//! Destination filters and source schema config: the two resources that public clients of the service manage beyond
//! the seed (docs/reference/config-api.md, "Resources that real clients use beyond the seed").
//!
//! A filter's update mask names its fields without a prefix (`if`, `actions`), unlike every other resource. Its
//! actions are kept as JSON on the resource (a kind the service adds later survives a read and a write) and read
//! into [`Action`] where they are checked or carried out.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
#[cfg(test)]
use utoipa::ToSchema;

use super::resources::{Extra, Resource};
use super::{Create, null_as_default};

/// The page wrapper of a destination's filters.
pub const FILTERS: &str = "filters";

/// The id prefix of a filter on the Config API: `df_` before the Public API's id (22 letters and digits; 27 in
/// data files of older `seg serve` versions).
pub const FILTER_ID_PREFIX: &str = "df_";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct DestinationFilter {
    pub name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub title: String,
    #[serde(deserialize_with = "null_as_default")]
    pub description: String,
    /// An FQL expression (`type = 'track'`), or `all`.
    #[serde(rename = "if", deserialize_with = "null_as_default")]
    pub condition: String,
    #[serde(deserialize_with = "null_as_default")]
    pub enabled: bool,
    /// `drop_event`, `sample_event`, `whitelist_fields`, `blacklist_fields` ([`Action`]).
    #[serde(deserialize_with = "null_as_default")]
    #[cfg_attr(test, schema(value_type = Vec<Object>))]
    pub actions: Vec<Value>,
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Extra,
}

impl Resource for DestinationFilter {
    const KEY: &'static str = "filter";
    const CAMEL_KEY: &'static str = "filter";
    const WRAPPER: &'static str = FILTERS;
    const MASK_PREFIXED: bool = false;
}

/// A filter's name as seg writes and takes it on both APIs, `<destination>/filters/<id>`: the Config API answers some
/// with a config segment before `filters` (`<destination>/config/<id>/filters/df_<id>`), which names the same filter.
pub fn canonical_name(name: &str) -> std::borrow::Cow<'_, str> {
    let Some((before, id)) = name.rsplit_once("/filters/") else { return name.into() };
    match before.rsplit_once("/config/") {
        Some((destination, config)) if !config.contains('/') => format!("{destination}/filters/{id}").into(),
        _ => name.into(),
    }
}

impl DestinationFilter {
    /// The filter's id (`df_...`), the last segment of its name in either of its forms.
    pub fn id(&self) -> &str {
        self.name.rsplit('/').next().unwrap_or_default()
    }

    /// The actions read as [`Action`]s; the first that is not one is an error naming it.
    pub fn parsed_actions(&self) -> Result<Vec<Action>, String> {
        self.actions.iter().map(Action::parse).collect()
    }
}

/// The fields of a create body's `filter`. Read-only fields a client sends (`name`, even empty) are ignored.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct FilterInput {
    #[serde(skip_serializing_if = "String::is_empty", deserialize_with = "null_as_default")]
    pub title: String,
    #[serde(skip_serializing_if = "String::is_empty", deserialize_with = "null_as_default")]
    pub description: String,
    #[serde(rename = "if", deserialize_with = "null_as_default")]
    pub condition: String,
    #[serde(deserialize_with = "null_as_default")]
    pub enabled: bool,
    #[serde(deserialize_with = "null_as_default")]
    #[cfg_attr(test, schema(value_type = Vec<Object>))]
    pub actions: Vec<Value>,
}

/// `{"filter": {...}}`; a Go client also sends an `update_mask`, which a create ignores.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CreateFilter {
    pub filter: FilterInput,
}

impl Create for CreateFilter {
    type Answer = DestinationFilter;

    fn body(&self) -> super::Body {
        super::Body::Filter(self.filter.clone())
    }
}

/// The parts of an event a field list names.
pub const FIELD_GROUPS: [&str; 3] = ["properties", "context", "traits"];

/// What a filter does to the events its condition matches.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// The event is not delivered.
    Drop,
    /// A share `percent` (0..=1) of the events is delivered, chosen by a hash of the value at `path` (the message id
    /// when no path is given), so the same user is always in or always out.
    Sample { percent: f64, path: String },
    /// Only these fields of each named group are delivered (`properties`, `context`, `traits`).
    Allow(Vec<(String, Vec<String>)>),
    /// These fields of each named group are removed.
    Block(Vec<(String, Vec<String>)>),
}

impl Action {
    pub const TYPES: [&'static str; 4] = ["drop_event", "sample_event", "whitelist_fields", "blacklist_fields"];

    /// Reads one action object, checking its shape.
    pub fn parse(value: &Value) -> Result<Action, String> {
        let object = value.as_object().ok_or_else(|| format!("a filter action must be an object, got {value}"))?;
        let kind = object.get("type").and_then(Value::as_str).unwrap_or_default();
        match kind {
            "drop_event" => Ok(Action::Drop),
            "sample_event" => {
                let percent = match object.get("percent") {
                    Some(Value::Number(n)) => n.as_f64().unwrap_or(f64::NAN),
                    _ => f64::NAN,
                };
                if !(0.0..=1.0).contains(&percent) {
                    return Err(format!("sample_event needs \"percent\", a number from 0 to 1; got {value}"));
                }
                let path = match object.get("path") {
                    None | Some(Value::Null) => String::new(),
                    Some(Value::String(path)) => path.clone(),
                    Some(other) => return Err(format!("sample_event \"path\" must be a string, got {other}")),
                };
                Ok(Action::Sample { percent, path })
            }
            "whitelist_fields" => Ok(Action::Allow(field_lists(object, kind)?)),
            "blacklist_fields" => Ok(Action::Block(field_lists(object, kind)?)),
            _ => Err(format!("unknown filter action type {kind:?}; one of {}", Action::TYPES.join(", "))),
        }
    }
}

impl Action {
    /// The action as a filter's `actions` hold it (the shape [`Action::parse`] reads).
    pub fn to_json(&self) -> Value {
        let mut object = Map::new();
        let kind = match self {
            Action::Drop => "drop_event",
            Action::Sample { .. } => "sample_event",
            Action::Allow(_) => "whitelist_fields",
            Action::Block(_) => "blacklist_fields",
        };
        object.insert("type".into(), kind.into());
        match self {
            Action::Drop => {}
            Action::Sample { percent, path } => {
                object.insert("percent".into(), (*percent).into());
                if !path.is_empty() {
                    object.insert("path".into(), path.as_str().into());
                }
            }
            Action::Allow(groups) | Action::Block(groups) => {
                let mut fields = Map::new();
                for (group, names) in groups {
                    let mut list = Map::new();
                    list.insert("fields".into(), names.iter().map(|n| Value::from(n.as_str())).collect());
                    fields.insert(group.clone(), Value::Object(list));
                }
                object.insert("fields".into(), Value::Object(fields));
            }
        }
        Value::Object(object)
    }
}

/// `{"fields": {"properties": {"fields": ["a"]}, "context": ..., "traits": ...}}`.
fn field_lists(object: &Map<String, Value>, kind: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    let shape = || {
        format!("{kind} needs \"fields\": {{\"properties\"|\"context\"|\"traits\": {{\"fields\": [\"name\", ...]}}}}")
    };
    let groups = object.get("fields").and_then(Value::as_object).ok_or_else(shape)?;
    let mut lists = Vec::with_capacity(groups.len());
    for (group, list) in groups {
        // A group given as `null` names no fields (Go clients send nil lists so).
        if list.is_null() {
            continue;
        }
        if !FIELD_GROUPS.contains(&group.as_str()) {
            return Err(format!("{kind}: unknown field group {group:?}; one of {}", FIELD_GROUPS.join(", ")));
        }
        let names = match list.get("fields") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(names)) => {
                names.iter().map(|n| n.as_str().map(String::from).ok_or_else(shape)).collect::<Result<_, _>>()?
            }
            Some(_) => return Err(shape()),
        };
        lists.push((group.clone(), names));
    }
    Ok(lists)
}

/// A source's schema config: what its tracking plan lets through (docs/reference/config-api.md, "Source schema config").
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct SchemaConfig {
    pub name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub parent: String,
    #[serde(deserialize_with = "null_as_default")]
    pub allow_unplanned_track_events: bool,
    #[serde(deserialize_with = "null_as_default")]
    pub allow_unplanned_identify_traits: bool,
    #[serde(deserialize_with = "null_as_default")]
    pub allow_unplanned_group_traits: bool,
    #[serde(deserialize_with = "null_as_default")]
    pub forwarding_blocked_events_to: String,
    #[serde(deserialize_with = "null_as_default")]
    pub allow_unplanned_track_event_properties: bool,
    #[serde(deserialize_with = "null_as_default")]
    pub allow_track_event_on_violations: bool,
    #[serde(deserialize_with = "null_as_default")]
    pub allow_identify_traits_on_violations: bool,
    #[serde(deserialize_with = "null_as_default")]
    pub allow_group_traits_on_violations: bool,
    #[serde(deserialize_with = "null_as_default")]
    pub forwarding_violations_to: String,
    #[serde(deserialize_with = "null_as_default")]
    pub allow_track_properties_on_violations: bool,
    /// `ALLOW`, `OMIT_PROPERTIES` or `BLOCK`.
    #[serde(deserialize_with = "null_as_default")]
    pub common_track_event_on_violations: String,
    /// `ALLOW`, `OMIT_TRAITS` or `BLOCK`.
    #[serde(deserialize_with = "null_as_default")]
    pub common_identify_event_on_violations: String,
    /// `ALLOW`, `OMIT_TRAITS` or `BLOCK`.
    #[serde(deserialize_with = "null_as_default")]
    pub common_group_event_on_violations: String,
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Extra,
}

impl Resource for SchemaConfig {
    const KEY: &'static str = "schema_config";
    const CAMEL_KEY: &'static str = "schemaConfig";
    const WRAPPER: &'static str = "";
}

impl SchemaConfig {
    /// The fields an update may name, each with the values it takes (`None`: a bool or free text).
    pub const FIELDS: [(&'static str, Option<&'static [&'static str]>); 13] = [
        ("allow_unplanned_track_events", None),
        ("allow_unplanned_identify_traits", None),
        ("allow_unplanned_group_traits", None),
        ("forwarding_blocked_events_to", None),
        ("allow_unplanned_track_event_properties", None),
        ("allow_track_event_on_violations", None),
        ("allow_identify_traits_on_violations", None),
        ("allow_group_traits_on_violations", None),
        ("forwarding_violations_to", None),
        ("allow_track_properties_on_violations", None),
        ("common_track_event_on_violations", Some(&["ALLOW", "OMIT_PROPERTIES", "BLOCK"])),
        ("common_identify_event_on_violations", Some(&["ALLOW", "OMIT_TRAITS", "BLOCK"])),
        ("common_group_event_on_violations", Some(&["ALLOW", "OMIT_TRAITS", "BLOCK"])),
    ];

    /// The fields that name a source to forward events to (a slug; the Public API's reading gives a full name).
    pub const FORWARDING: [&'static str; 2] = ["forwarding_violations_to", "forwarding_blocked_events_to"];

    /// The name of a source's schema config.
    pub fn name_of(source: &str) -> String {
        format!("{source}/schema-config")
    }

    /// What a source has before anyone set it: everything allowed, as a new source on the service.
    pub fn default_for(source: &str) -> SchemaConfig {
        SchemaConfig {
            name: SchemaConfig::name_of(source),
            parent: source.to_string(),
            allow_unplanned_track_events: true,
            allow_unplanned_identify_traits: true,
            allow_unplanned_group_traits: true,
            allow_unplanned_track_event_properties: true,
            allow_track_event_on_violations: true,
            allow_identify_traits_on_violations: true,
            allow_group_traits_on_violations: true,
            allow_track_properties_on_violations: true,
            common_track_event_on_violations: "ALLOW".into(),
            common_identify_event_on_violations: "ALLOW".into(),
            common_group_event_on_violations: "ALLOW".into(),
            ..SchemaConfig::default()
        }
    }

    /// An enum field's value that is not one of its values, as an error naming them (an empty value is allowed:
    /// a listed field with no value is cleared).
    pub fn check(&self) -> Result<(), String> {
        let value = serde_json::to_value(self).unwrap_or_default();
        for (field, values) in SchemaConfig::FIELDS {
            let (Some(values), Some(given)) = (values, value.get(field).and_then(Value::as_str)) else { continue };
            if !given.is_empty() && !values.contains(&given) {
                return Err(format!("schema_config.{field} must be one of {}, got {given:?}", values.join(", ")));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_action_is_written_in_the_shape_it_is_read_in() {
        let groups = vec![("properties".to_string(), vec!["plan".into(), "price".into()]), ("traits".into(), vec![])];
        for action in [
            Action::Drop,
            Action::Sample { percent: 0.5, path: "userId".into() },
            Action::Sample { percent: 1.0, path: String::new() },
            Action::Allow(groups.clone()),
            Action::Block(groups),
        ] {
            assert_eq!(Action::parse(&action.to_json()).unwrap(), action);
        }
        assert_eq!(
            Action::Allow(vec![("context".into(), vec!["ip".into()])]).to_json(),
            json!({"type": "whitelist_fields", "fields": {"context": {"fields": ["ip"]}}})
        );
        assert_eq!(
            Action::Sample { percent: 0.25, path: String::new() }.to_json(),
            json!({"type": "sample_event", "percent": 0.25})
        );
    }

    #[test]
    fn actions_of_every_kind_read_and_bad_ones_are_named() {
        let sample = json!({"type": "sample_event", "percent": 0.5, "path": "userId"});
        assert_eq!(Action::parse(&sample).unwrap(), Action::Sample { percent: 0.5, path: "userId".into() });
        assert_eq!(Action::parse(&json!({"type": "drop_event"})).unwrap(), Action::Drop);
        let allow =
            json!({"type": "whitelist_fields", "fields": {"properties": {"fields": ["a", "b"]}, "traits": null}});
        assert_eq!(
            Action::parse(&allow).unwrap(),
            Action::Allow(vec![("properties".into(), vec!["a".into(), "b".into()])])
        );
        for bad in [
            json!({"type": "explode"}),
            json!("drop_event"),
            json!({"type": "sample_event", "percent": 2}),
            json!({"type": "sample_event"}),
            json!({"type": "blacklist_fields"}),
            json!({"type": "blacklist_fields", "fields": {"body": {"fields": ["a"]}}}),
            json!({"type": "blacklist_fields", "fields": {"traits": {"fields": [1]}}}),
        ] {
            assert!(Action::parse(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn schema_config_enums_are_checked_and_nulls_read_as_empty() {
        let config: SchemaConfig = serde_json::from_value(
            json!({"common_track_event_on_violations": "BLOCK", "forwarding_violations_to": null}),
        )
        .unwrap();
        assert!(config.check().is_ok());
        let bad = SchemaConfig { common_group_event_on_violations: "OMIT_PROPERTIES".into(), ..config };
        assert!(bad.check().unwrap_err().contains("common_group_event_on_violations"));
        assert!(SchemaConfig::default_for("workspaces/w/sources/s").check().is_ok());
    }

    #[test]
    fn filters_keep_unknown_fields_and_name_their_id() {
        let filter: DestinationFilter = serde_json::from_value(json!({
            "name": "workspaces/w/sources/s/destinations/d/config/x/filters/df_1", "if": "all", "future": 1}))
        .unwrap();
        assert_eq!(filter.id(), "df_1");
        assert_eq!(serde_json::to_value(&filter).unwrap()["future"], 1);
    }
}
