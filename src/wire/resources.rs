//! Resource records as the service answers them. Every field has a default, so a record the service sends with a
//! field missing (or `null`) still reads; fields this model does not know are kept in `extra` and written back out,
//! so they survive a get → update.

use std::collections::BTreeMap;

use http::Method;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
#[cfg(test)]
use utoipa::ToSchema;

use super::null_as_default;
use super::wrapper;

/// A resource of the API: where its fields sit in an Update body, and under which key a page lists it.
pub trait Resource: Serialize + DeserializeOwned {
    /// The key an Update body holds the fields under, and the prefix of its mask paths (`destination`).
    const KEY: &'static str;
    /// `KEY` in lowerCamelCase, which bodies may use too.
    const CAMEL_KEY: &'static str;
    /// The array key of a page of a list of them.
    const WRAPPER: &'static str;
    /// The method of an Update: PATCH, but PUT for tracking plans as the real service has it
    /// (docs/reference/config-api.md).
    const UPDATE_METHOD: Method = Method::PATCH;
    /// Whether mask paths carry `KEY` as a prefix (`destination.enabled`); a filter's do not (`if`,
    /// docs/reference/config-api.md).
    const MASK_PREFIXED: bool = true;
}

/// Fields of a record that this model does not know, kept as the service sent them.
pub type Extra = Map<String, Value>;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct Workspace {
    pub name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub display_name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub id: String,
    #[cfg_attr(test, schema(format = DateTime))]
    #[serde(deserialize_with = "null_as_default")]
    pub create_time: String,
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Extra,
}

impl Resource for Workspace {
    const KEY: &'static str = "workspace";
    const CAMEL_KEY: &'static str = "workspace";
    const WRAPPER: &'static str = wrapper::WORKSPACES;
}

/// A source's library settings. Each field is strictly typed (a `null` inside is not a bool or a string).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct LibraryConfig {
    #[serde(alias = "metricsEnabled")]
    pub metrics_enabled: bool,
    #[serde(alias = "retryQueue")]
    pub retry_queue: bool,
    #[serde(alias = "crossDomainIdEnabled")]
    pub cross_domain_id_enabled: bool,
    #[serde(alias = "apiHost")]
    pub api_host: String,
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct Source {
    pub name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub parent: String,
    #[serde(deserialize_with = "null_as_default")]
    pub display_name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub catalog_name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub write_keys: Vec<String>,
    #[serde(deserialize_with = "null_as_default")]
    pub library_config: LibraryConfig,
    #[serde(deserialize_with = "null_as_default")]
    pub labels: BTreeMap<String, String>,
    #[serde(deserialize_with = "null_as_default")]
    pub id: String,
    #[cfg_attr(test, schema(format = DateTime))]
    #[serde(deserialize_with = "null_as_default")]
    pub create_time: String,
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Extra,
}

impl Resource for Source {
    const KEY: &'static str = "source";
    const CAMEL_KEY: &'static str = "source";
    const WRAPPER: &'static str = wrapper::SOURCES;
}

/// One destination setting. `type` is lowercase here (the catalog spells it in capitals). `name` is
/// `<destination>/config/<key>`; a bare key is accepted in requests.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct ConfigItem {
    pub name: String,
    #[serde(alias = "displayName", deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub display_name: String,
    pub value: Value,
    /// Filled from the catalog when a request leaves it out.
    #[serde(rename = "type", deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub kind: String,
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Extra,
}

impl ConfigItem {
    /// The setting's key: the last segment of `<destination>/config/<key>`, or the bare key.
    pub fn key(&self) -> &str {
        self.name.rsplit_once("/config/").map_or(self.name.as_str(), |(_, key)| key)
    }

    /// A value a client sets: `<destination>/config/<key>` with the value only (the service fills in the rest).
    pub fn new(destination: &str, key: &str, value: Value) -> ConfigItem {
        ConfigItem { name: format!("{destination}/config/{key}"), value, ..ConfigItem::default() }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct Destination {
    pub name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub parent: String,
    #[serde(deserialize_with = "null_as_default")]
    pub display_name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub enabled: bool,
    #[serde(deserialize_with = "null_as_default")]
    pub connection_mode: String,
    #[serde(deserialize_with = "null_as_default")]
    pub config: Vec<ConfigItem>,
    #[cfg_attr(test, schema(format = DateTime))]
    #[serde(deserialize_with = "null_as_default")]
    pub create_time: String,
    #[cfg_attr(test, schema(format = DateTime))]
    #[serde(deserialize_with = "null_as_default")]
    pub update_time: String,
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Extra,
}

impl Resource for Destination {
    const KEY: &'static str = "destination";
    const CAMEL_KEY: &'static str = "destination";
    const WRAPPER: &'static str = wrapper::DESTINATIONS;
}

impl Destination {
    /// The config item of a key (`sharedSecret`, `hooks`), whichever way its name is spelled.
    /// The slug of its catalog entry: the Public API's reading says it (`catalog_name`); on the Config API it is the
    /// name's last segment.
    pub fn catalog_slug(&self) -> &str {
        let named = self.extra.get("catalog_name").and_then(Value::as_str);
        let name = named.unwrap_or(&self.name);
        let last = name.rsplit('/').next().unwrap_or(name);
        last.split('#').next().unwrap_or(last)
    }

    pub fn setting(&self, key: &str) -> Option<&ConfigItem> {
        self.config.iter().find(|item| item.key() == key)
    }
}

/// Connection modes a destination accepts.
pub const CONNECTION_MODES: [&str; 3] = ["UNSPECIFIED", "CLOUD", "DEVICE"];

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct TrackingPlan {
    pub name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub display_name: String,
    /// Stored as opaque JSON, with `events`, `identify_traits` and `group_traits` always present.
    #[serde(deserialize_with = "null_as_default")]
    pub rules: Map<String, Value>,
    #[cfg_attr(test, schema(format = DateTime))]
    #[serde(deserialize_with = "null_as_default")]
    pub create_time: String,
    #[cfg_attr(test, schema(format = DateTime))]
    #[serde(deserialize_with = "null_as_default")]
    pub update_time: String,
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Extra,
}

/// The arrays of a plan's rules, always present: `events` (of objects), `identify_traits`, `group_traits`.
const RULE_ARRAYS: [&str; 3] = ["events", "identify_traits", "group_traits"];
/// The optional JSON-schema objects of a plan's rules.
const RULE_OBJECTS: [&str; 3] = ["global", "identify", "group"];

impl TrackingPlan {
    /// Rules as the service keeps them (docs/reference/config-api.md): a `null` reads as absent (real clients send one
    /// for what they leave empty), the arrays are filled in when absent, and the shape is checked (other keys are kept
    /// as sent). The emulator stores this; a workspace file is checked with it before anything is sent, and compared in
    /// this form.
    pub fn normalize_rules(mut rules: Map<String, Value>) -> Result<Map<String, Value>, String> {
        rules.retain(|_, value| !value.is_null());
        for key in RULE_ARRAYS {
            let value = rules.entry(key).or_insert_with(|| Value::Array(Vec::new()));
            if !value.is_array() {
                return Err(format!("tracking_plan.rules.{key} must be an array"));
            }
        }
        if !rules["events"].as_array().is_some_and(|events| events.iter().all(Value::is_object)) {
            return Err("tracking_plan.rules.events must hold objects: {name, description, version, rules}".into());
        }
        for key in RULE_OBJECTS {
            if rules.get(key).is_some_and(|value| !value.is_object()) {
                return Err(format!("tracking_plan.rules.{key} must be an object (a JSON schema)"));
            }
        }
        Ok(rules)
    }

    /// Rules in the form two readings of one plan share, whichever API was read and in whatever order the service
    /// lists them (docs/reference/workspace-files.md, "Tracking-plan rules compare as the service keeps them"): as kept
    /// ([`TrackingPlan::normalize_rules`]; rules it would refuse stay as given), with every field at its default left
    /// out (an event's `description: ""`, `version: 1`, `rules` null or `{}`; a rule's `key` or `jsonSchema` null),
    /// since the Public API fills in what the Config API leaves absent; and `events` and the rules kept apart
    /// (`other_rules`, the Public API's rules the Config API's shape has no place for) ordered by what identifies a
    /// rule, (`type`, `key`, `version`), so that they compare as sets. Only for comparing: what is sent and written is
    /// the rules as given.
    pub fn rules_compared(rules: &Map<String, Value>) -> Map<String, Value> {
        let mut rules = TrackingPlan::normalize_rules(rules.clone()).unwrap_or_else(|_| rules.clone());
        if let Some(Value::Array(events)) = rules.get_mut("events") {
            for event in events.iter_mut().filter_map(Value::as_object_mut) {
                event.retain(|key, value| match key.as_str() {
                    "description" => !(value.is_null() || value.as_str() == Some("")),
                    "version" => !(value.is_null() || is_one(value)),
                    "rules" => !(value.is_null() || value.as_object().is_some_and(Map::is_empty)),
                    _ => true,
                });
            }
            events.sort_by_cached_key(|event| rule_identity(event, None, "name"));
        }
        if let Some(Value::Array(others)) = rules.get_mut(OTHER_RULES) {
            for rule in others.iter_mut().filter_map(Value::as_object_mut) {
                rule.retain(|key, value| !(matches!(key.as_str(), "key" | "jsonSchema") && value.is_null()));
            }
            others.sort_by_cached_key(|rule| rule_identity(rule, rule.get("type"), "key"));
        }
        rules
    }
}

/// The key of a rules object that holds the Public API's rules its shape has no place for
/// (`wire::public::map::OTHER_RULES`, which reads and writes it).
const OTHER_RULES: &str = "other_rules";

/// Whether a rule's version is the default one, `1` however it is spelled (`1.0`, `1e0`).
fn is_one(value: &Value) -> bool {
    value.as_u64() == Some(1) || value.as_f64() == Some(1.0)
}

/// What identifies a rule, for ordering: its type, its key (`name` for an event), its version (1 when absent),
/// each as text, so that any two rules of one identity sort together.
fn rule_identity(rule: &Value, kind: Option<&Value>, key: &str) -> (String, String, String) {
    let text = |value: Option<&Value>| match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(text)) => text.clone(),
        Some(other) => other.to_string(),
    };
    let version = match rule.get("version") {
        None | Some(Value::Null) => "1".to_string(),
        Some(v) if is_one(v) => "1".to_string(),
        // Wide enough for every u64, so that versions sort as numbers.
        Some(v) => v.as_u64().map_or_else(|| v.to_string(), |n| format!("{n:020}")),
    };
    (text(kind), text(rule.get(key)), version)
}

impl Resource for TrackingPlan {
    const KEY: &'static str = "tracking_plan";
    const CAMEL_KEY: &'static str = "trackingPlan";
    const WRAPPER: &'static str = wrapper::TRACKING_PLANS;
    const UPDATE_METHOD: Method = Method::PUT;
}

/// A tracking plan's link to a source; also the body that makes one (`{"source_name"}`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct SourceConnection {
    #[serde(alias = "sourceName")]
    pub source_name: String,
    #[serde(alias = "trackingPlanId", deserialize_with = "null_as_default")]
    pub tracking_plan_id: String,
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Extra,
}

impl Resource for SourceConnection {
    const KEY: &'static str = "source_connection";
    const CAMEL_KEY: &'static str = "sourceConnection";
    const WRAPPER: &'static str = wrapper::CONNECTIONS;
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct AccessToken {
    pub name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub description: String,
    #[serde(deserialize_with = "null_as_default")]
    pub scopes: String,
    #[serde(deserialize_with = "null_as_default")]
    pub workspace_names: Vec<String>,
    #[cfg_attr(test, schema(format = DateTime))]
    #[serde(deserialize_with = "null_as_default")]
    pub create_time: String,
    /// The secret; only in the create response.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Extra,
}

impl Resource for AccessToken {
    const KEY: &'static str = "access_token";
    const CAMEL_KEY: &'static str = "accessToken";
    const WRAPPER: &'static str = wrapper::ACCESS_TOKENS;
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct RegulationAttributes {
    pub name: String,
    pub values: Vec<String>,
}

pub const REGULATION_TYPES: [&str; 4] = ["Suppress_With_Delete", "Delete", "Suppress", "Unsuppress"];

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct Regulation {
    pub name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub id: String,
    #[serde(deserialize_with = "null_as_default")]
    pub regulation_type: String,
    #[serde(deserialize_with = "null_as_default")]
    pub attributes: RegulationAttributes,
    #[cfg_attr(test, schema(format = DateTime))]
    #[serde(deserialize_with = "null_as_default")]
    pub create_time: String,
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Extra,
}

impl Resource for Regulation {
    const KEY: &'static str = "regulation";
    const CAMEL_KEY: &'static str = "regulation";
    const WRAPPER: &'static str = wrapper::REGULATIONS;
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct CatalogSource {
    pub name: String,
    pub display_name: String,
    pub description: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(deserialize_with = "null_as_default")]
    pub categories: Vec<String>,
    #[serde(deserialize_with = "null_as_default")]
    pub logos: Map<String, Value>,
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Extra,
}

impl Resource for CatalogSource {
    const KEY: &'static str = "source";
    const CAMEL_KEY: &'static str = "source";
    const WRAPPER: &'static str = wrapper::SOURCES;
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct CatalogSetting {
    pub name: String,
    pub display_name: String,
    /// UPPERCASE in the catalog (`STRING`, `MIXED`, ...).
    #[serde(rename = "type")]
    pub kind: String,
    pub deprecated: bool,
    pub required: bool,
    pub description: String,
    /// The parts of a `MIXED` setting (the webhooks `hooks` setting has `hook` and `headers`).
    #[cfg_attr(test, schema(no_recursion))]
    #[serde(deserialize_with = "null_as_default")]
    pub settings: Vec<CatalogSetting>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct DestinationCategories {
    pub primary: String,
    pub secondary: String,
    #[serde(deserialize_with = "null_as_default")]
    pub additional: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct CatalogDestination {
    pub name: String,
    pub display_name: String,
    pub description: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub status: String,
    #[serde(deserialize_with = "null_as_default")]
    pub previous_names: Vec<String>,
    pub website: String,
    #[serde(deserialize_with = "null_as_default")]
    pub logos: Map<String, Value>,
    /// An object here, where catalog sources have an array (as the real service answers).
    #[serde(deserialize_with = "null_as_default")]
    pub categories: DestinationCategories,
    #[serde(deserialize_with = "null_as_default")]
    pub components: Vec<Value>,
    #[serde(deserialize_with = "null_as_default")]
    pub platforms: Map<String, Value>,
    #[serde(deserialize_with = "null_as_default")]
    pub methods: Map<String, Value>,
    #[serde(deserialize_with = "null_as_default")]
    pub settings: Vec<CatalogSetting>,
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Extra,
}

impl Resource for CatalogDestination {
    const KEY: &'static str = "destination";
    const CAMEL_KEY: &'static str = "destination";
    const WRAPPER: &'static str = wrapper::DESTINATIONS;
}

/// A record as the service sent it (`raw`: its JSON text, every field, key order and number spelling as received)
/// and as the typed model reads it (`typed`). What a script reads (`-o json`, `ndjson`, `yaml`, `--jq`) is `raw`,
/// never a re-serialization of `typed`, which would add the fields the service left out (with empty defaults) and
/// drop the spellings it does not know, nor of a parsed `Value`, whose numbers forget their spelling (`1e2`, `1.50`,
/// `-0`) (docs/reference/commands.md, "Resource commands"); `typed` is for checks and tables.
#[derive(Debug, Clone)]
pub struct Received<T> {
    pub raw: Box<RawValue>,
    pub typed: T,
    /// The text `typed` was read from when it is not `raw` (a translated answer's neutral reading), so that what
    /// people are shown holds only the fields the reading has, not the model's defaults for the others.
    pub neutral: Option<Box<RawValue>>,
}

impl<T> Received<T> {
    /// The text the typed reading was made from: the neutral reading of a translated answer, else the answer.
    pub fn reading(&self) -> &RawValue {
        self.neutral.as_deref().unwrap_or(&self.raw)
    }
}

impl<T: PartialEq> PartialEq for Received<T> {
    fn eq(&self, other: &Self) -> bool {
        self.raw.get() == other.raw.get() && self.typed == other.typed
    }
}

/// The one key of a translated answer: an answer of the Public API read in seg's vocabulary (`api::public`) carries
/// both readings, `{TRANSLATED: {"raw": <as received>, "neutral": <seg's reading>}}`, for a request that asked for
/// them (`Request::received`). Only [`Received`] opens it; the control character keeps it apart from any key a
/// service sends.
pub const TRANSLATED: &str = "\u{1}seg:translated";

/// A translated answer: its one key, and both readings. [`translated`] writes it; [`Received`] opens it with both
/// readings as text, unparsed.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Translated<R, N> {
    #[serde(rename = "\u{1}seg:translated")]
    both: Readings<R, N>,
}

#[derive(Serialize, Deserialize)]
struct Readings<R, N> {
    raw: R,
    neutral: N,
}

/// Both readings of a translated answer, in the shape [`Received`] opens: written where the answer is written.
pub fn translated<R: Serialize, N: Serialize>(raw: R, neutral: N) -> Translated<R, N> {
    Translated { both: Readings { raw, neutral } }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Received<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // The text first, as it came; the typed reading is made from it.
        let raw = Box::<RawValue>::deserialize(deserializer)?;
        // TRANSLATED as JSON text writes it (`\u0001seg:translated`): a cheap look before the whole check.
        // Both readings are taken as text, unparsed: the raw one is kept as it is, the neutral one read once.
        // Each is a part of the answer already checked (`wire::text`), so read as it reads.
        if raw.get().contains("seg:translated")
            && let Ok(Translated { both }) = super::text::parse::<Translated<&RawValue, &RawValue>>(raw.get())
        {
            let typed = super::text::part(both.neutral.get()).map_err(serde::de::Error::custom)?;
            return Ok(Received { raw: both.raw.to_owned(), typed, neutral: Some(both.neutral.to_owned()) });
        }
        let typed = super::text::part(raw.get()).map_err(serde::de::Error::custom)?;
        Ok(Received { raw, typed, neutral: None })
    }
}

/// Written back as it came.
impl<T> Serialize for Received<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.raw.serialize(serializer)
    }
}

/// A page of records lists them under their type's key.
impl<T: Resource> Resource for Received<T> {
    const KEY: &'static str = T::KEY;
    const CAMEL_KEY: &'static str = T::CAMEL_KEY;
    const WRAPPER: &'static str = T::WRAPPER;
    const UPDATE_METHOD: Method = T::UPDATE_METHOD;
    const MASK_PREFIXED: bool = T::MASK_PREFIXED;
}

/// An answer of unknown shape (`seg api`): any JSON value.
impl Resource for Value {
    const KEY: &'static str = "";
    const CAMEL_KEY: &'static str = "";
    const WRAPPER: &'static str = "";
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unknown_fields_survive_a_read_and_a_write() {
        let sent = json!({"name": "workspaces/w/sources/s/destinations/webhooks", "enabled": true,
                          "future_field": {"nested": [1, 2]}, "config": [{"name": "x", "value": 1, "hint": "h"}]});
        let destination: Destination = serde_json::from_value(sent.clone()).unwrap();
        assert_eq!(destination.extra["future_field"], json!({"nested": [1, 2]}));
        let written = serde_json::to_value(&destination).unwrap();
        assert_eq!(written["future_field"], sent["future_field"]);
        assert_eq!(written["config"][0]["hint"], "h");
    }

    #[test]
    fn missing_and_null_fields_read_as_empty() {
        let source: Source = serde_json::from_value(json!({"name": "workspaces/w/sources/s", "labels": null,
                                                            "write_keys": null, "library_config": null}))
        .unwrap();
        assert!(source.labels.is_empty() && source.write_keys.is_empty());
        assert_eq!(source.library_config, LibraryConfig::default());
        let plan: TrackingPlan = serde_json::from_value(json!({"name": "n", "rules": null})).unwrap();
        assert!(plan.rules.is_empty());
    }

    #[test]
    fn a_received_record_keeps_what_the_service_sent() {
        let text = r#"{"name":"workspaces/w/sources/s","displayName":"Web","big":9007199254740993,"b":1,"a":2,"e":1e2,"f":1.50,"z":-0,"h":123456789012345678901234}"#;
        let received: Received<Source> = serde_json::from_str(text).unwrap();
        assert_eq!(received.typed.name, "workspaces/w/sources/s");
        assert_eq!(received.typed.extra["displayName"], "Web", "a spelling the model does not know is kept aside");
        assert_eq!(serde_json::to_string(&received).unwrap(), text, "nothing added, dropped, renamed or reordered");
        let typed = serde_json::to_value(&received.typed).unwrap();
        assert_eq!(typed["create_time"], "", "the typed model fills defaults: never what a script reads");
    }

    #[test]
    fn a_translated_answer_keeps_what_was_received() {
        let raw = json!({"id": "qQEHquLrjRDN9j1ByrChyn", "slug": "web", "writeKeys": ["k"]});
        let neutral = json!({"name": "workspaces/w/sources/web", "write_keys": ["k"]});
        let text = serde_json::to_string(&translated(&raw, &neutral)).unwrap();
        let received: Received<Source> = serde_json::from_str(&text).unwrap();
        assert_eq!(received.raw.get(), raw.to_string(), "what a script reads is the Public API's record as sent");
        assert_eq!(
            (received.typed.name.as_str(), received.typed.write_keys.as_slice()),
            ("workspaces/w/sources/web", &["k".to_string()][..])
        );
        // A record that merely has the key among others is an ordinary record.
        let other = json!({TRANSLATED: {"raw": 1, "neutral": {}}, "name": "x"});
        let received: Received<Source> = serde_json::from_value(other.clone()).unwrap();
        assert_eq!(received.raw.get(), other.to_string());
        // A page of them: each item opened on its own.
        let item = translated(json!({"id": "a"}), json!({"name": "workspaces/w/sources/a"}));
        let text = serde_json::to_string(&json!({"sources": [item], "next_page_token": "MQ=="})).unwrap();
        let page: crate::wire::Page<Received<Source>> = serde_json::from_str(&text).unwrap();
        assert_eq!((page.items[0].raw.get(), page.next_page_token.as_str()), (r#"{"id":"a"}"#, "MQ=="));
    }

    #[test]
    fn config_item_keys_in_either_spelling() {
        let full = ConfigItem::new("workspaces/w/sources/s/destinations/webhooks", "sharedSecret", json!("x"));
        assert_eq!(full.key(), "sharedSecret");
        assert_eq!(
            serde_json::to_value(&full).unwrap()["name"],
            "workspaces/w/sources/s/destinations/webhooks/config/sharedSecret"
        );
        let bare = ConfigItem { name: "hooks".into(), ..ConfigItem::default() };
        assert_eq!(bare.key(), "hooks");
    }
    #[test]
    fn rules_compare_whatever_api_filled_in_and_in_any_order() {
        let rules = |v: Value| TrackingPlan::rules_compared(v.as_object().unwrap());
        // As the Config API keeps a file's rules, and as the Public API answers them: defaults filled in, another
        // order.
        let written = json!({"global": {"type": "object"}, "events": [
            {"name": "B", "rules": {"type": "object"}},
            {"name": "A", "description": "", "version": 2},
        ], "other_rules": [{"type": "SCREEN", "key": "s", "jsonSchema": {}, "version": 1},
                           {"type": "PAGE", "jsonSchema": null, "version": 1}]});
        let answered = json!({"events": [
            {"name": "A", "description": "", "version": 2, "rules": null},
            {"name": "B", "description": "", "version": 1, "rules": {"type": "object"}},
        ], "global": {"type": "object"}, "identify_traits": [], "group_traits": [],
           "other_rules": [{"type": "PAGE", "key": null, "version": 1},
                           {"type": "SCREEN", "key": "s", "jsonSchema": {}, "version": 1}]});
        assert_eq!(rules(written.clone()), rules(answered.clone()));
        // Any other value of a defaulted field differs.
        for (at, changed) in [("description", json!("d")), ("version", json!(3)), ("rules", json!({"a": 1}))] {
            let mut other = answered.clone();
            other["events"][0][at] = changed;
            assert_ne!(rules(written.clone()), rules(other), "{at}");
        }
        // Versions order as numbers; the order given is kept nowhere but in what is sent.
        let versions = rules(json!({"events": [{"name": "A", "version": 10}, {"name": "A", "version": 9}]}));
        assert_eq!(versions["events"][0]["version"], 9);
    }
}
