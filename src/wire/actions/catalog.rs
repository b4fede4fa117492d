//! Webhooks (Actions) as the catalog describes it (its metadata id, its one action `send` and that action's fields),
//! and the checks a mapping (a destination subscription) passes before it is stored or sent. The emulator refuses
//! with these checks (422) and the client with the same ones before it sends anything (exit 2), so the two cannot
//! disagree about what a mapping may hold (docs/reference/actions.md, "What is checked when a mapping is written").

use serde_json::{Map, Value};

use super::mapping::Mapping;
use super::trigger::Trigger;
use crate::json;
use crate::wire::public::{MetadataAction, MetadataActionField};

/// How many mappings one destination holds at most.
pub const MAX_MAPPINGS: usize = 5;

/// The largest `batch_size` the service takes.
pub const MAX_BATCH_SIZE: f64 = 4000.0;

/// The batch size in effect when a mapping batches and names none (or 0, the action's own default).
pub const DEFAULT_BATCH_SIZE: usize = 1000;

/// A field's type, as the catalog's metadata writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldType {
    String,
    Number,
    Object,
    Boolean,
}

impl FieldType {
    pub fn as_str(self) -> &'static str {
        match self {
            FieldType::String => "STRING",
            FieldType::Number => "NUMBER",
            FieldType::Object => "OBJECT",
            FieldType::Boolean => "BOOLEAN",
        }
    }
}

/// One field of an action.
#[derive(Debug)]
pub struct Field {
    pub key: &'static str,
    pub label: &'static str,
    pub description: &'static str,
    pub kind: FieldType,
    pub required: bool,
    pub multiple: bool,
    /// The default value as JSON text.
    pub default: Option<&'static str>,
    pub choices: &'static [&'static str],
    /// Not shown to people (the platform fills it).
    pub hidden: bool,
}

impl Field {
    pub fn default_value(&self) -> Option<Value> {
        self.default.map(|text| serde_json::from_str(text).expect("a field's default is JSON"))
    }
}

/// One action of an Actions destination.
#[derive(Debug)]
pub struct Action {
    pub id: &'static str,
    pub slug: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    pub platform: &'static str,
    pub hidden: bool,
    pub default_trigger: Option<&'static str>,
    pub fields: &'static [Field],
}

/// An Actions destination of the catalog.
#[derive(Debug)]
pub struct Definition {
    pub metadata_id: &'static str,
    pub slug: &'static str,
    pub name: &'static str,
    pub actions: &'static [Action],
}

const SEND_FIELDS: [Field; 7] = [
    Field {
        key: "url",
        label: "URL",
        description: "URL to deliver data to.",
        kind: FieldType::String,
        required: true,
        multiple: false,
        default: None,
        choices: &[],
        hidden: false,
    },
    Field {
        key: "method",
        label: "Method",
        description: "HTTP method to use.",
        kind: FieldType::String,
        required: true,
        multiple: false,
        default: Some(r#""POST""#),
        choices: &["POST", "PUT", "PATCH"],
        hidden: false,
    },
    Field {
        key: "batch_size",
        label: "Batch Size",
        description: "Maximum number of events to include in each batch. Actual batch sizes may be lower.",
        kind: FieldType::Number,
        required: false,
        multiple: false,
        default: Some("0"),
        choices: &[],
        hidden: false,
    },
    Field {
        key: "headers",
        label: "Headers",
        description: "HTTP headers to send with each request. Only ASCII characters are supported.",
        kind: FieldType::Object,
        required: false,
        multiple: false,
        default: None,
        choices: &[],
        hidden: false,
    },
    Field {
        key: "data",
        label: "Data",
        description: "Payload to deliver to webhook URL (JSON-encoded).",
        kind: FieldType::Object,
        required: false,
        multiple: false,
        default: Some(r#"{"@path":"$."}"#),
        choices: &[],
        hidden: false,
    },
    Field {
        key: "batch_keys",
        label: "Batch Keys",
        description: "The mapping keys to batch events together by.",
        kind: FieldType::String,
        required: false,
        multiple: true,
        default: Some(r#"["url","method","headers"]"#),
        choices: &[],
        hidden: true,
    },
    Field {
        key: "enable_batching",
        label: "Enable Batching",
        description: "When enabled, Segment sends events in batches.",
        kind: FieldType::Boolean,
        required: false,
        multiple: false,
        default: Some("false"),
        choices: &[],
        hidden: false,
    },
];

const WEBHOOK_ACTIONS: [Action; 1] = [Action {
    id: "nFPnRozhz1mh4Gbx4MLvT5",
    slug: "send",
    name: "Send",
    description: "Send an HTTP request.",
    platform: "CLOUD",
    hidden: false,
    default_trigger: None,
    fields: &SEND_FIELDS,
}];

/// Webhooks (Actions).
pub const WEBHOOKS: Definition = Definition {
    metadata_id: "614a3c7d791c91c41bae7599",
    slug: "actions-webhook",
    name: "Webhooks (Actions)",
    actions: &WEBHOOK_ACTIONS,
};

/// The Actions destinations seg knows the actions of.
pub const DEFINITIONS: [&Definition; 1] = [&WEBHOOKS];

/// The Actions destination of a catalog slug (`actions-webhook`).
pub fn by_slug(slug: &str) -> Option<&'static Definition> {
    DEFINITIONS.into_iter().find(|d| d.slug == slug)
}

/// The Actions destination of a metadata id.
pub fn by_metadata_id(id: &str) -> Option<&'static Definition> {
    DEFINITIONS.into_iter().find(|d| d.metadata_id == id)
}

impl Definition {
    /// An action by its id or its slug.
    pub fn action(&self, id_or_slug: &str) -> Option<&'static Action> {
        let actions: &'static [Action] = self.actions;
        actions.iter().find(|a| a.id == id_or_slug || a.slug == id_or_slug)
    }

    /// The action a mapping takes when none is named: the destination's only one.
    pub fn only_action(&self) -> Option<&'static Action> {
        let actions: &'static [Action] = self.actions;
        match actions {
            [one] => Some(one),
            _ => None,
        }
    }

    /// The actions as destination metadata lists them.
    pub fn metadata_actions(&self) -> Vec<MetadataAction> {
        self.actions.iter().map(Action::metadata).collect()
    }
}

/// Why a mapping is refused: the input at fault (`settings.url`, `trigger`, `actionId`) and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub field: String,
    pub message: String,
}

impl Refusal {
    fn new(field: impl Into<String>, message: impl Into<String>) -> Refusal {
        Refusal { field: field.into(), message: message.into() }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for Refusal {}

/// A trigger as it is stored: one that parses and evaluates.
pub fn check_trigger(text: &str) -> Result<Trigger, Refusal> {
    Trigger::new(text).map_err(|e| Refusal::new("trigger", format!("the trigger does not parse: {e}")))
}

impl Action {
    pub fn field(&self, key: &str) -> Option<&'static Field> {
        let fields: &'static [Field] = self.fields;
        fields.iter().find(|f| f.key == key)
    }

    /// The action as destination metadata lists it (the SDK's `DestinationMetadataActionV1`).
    pub fn metadata(&self) -> MetadataAction {
        MetadataAction {
            id: self.id.into(),
            slug: self.slug.into(),
            name: self.name.into(),
            description: self.description.into(),
            platform: self.platform.into(),
            hidden: self.hidden,
            default_trigger: self.default_trigger.map(Into::into),
            fields: self
                .fields
                .iter()
                .enumerate()
                .map(|(i, f)| MetadataActionField {
                    id: format!("{}{}", &self.id[..12], f.key),
                    sort_order: i as u32,
                    field_key: f.key.into(),
                    label: f.label.into(),
                    kind: f.kind.as_str().into(),
                    description: f.description.into(),
                    placeholder: None,
                    default_value: f.default_value(),
                    required: f.required,
                    multiple: f.multiple,
                    choices: (!f.choices.is_empty()).then(|| {
                        Value::Array(f.choices.iter().map(|c| serde_json::json!({"label": c, "value": c})).collect())
                    }),
                    dynamic: false,
                    allow_null: false,
                })
                .collect(),
        }
    }

    /// The settings with every field they leave out that has a default set to it: what the mapping is run with
    /// (the platform fills the defaults when a mapping is made; a missing one means its default).
    pub fn with_defaults(&self, settings: &Map<String, Value>) -> Map<String, Value> {
        let mut all = settings.clone();
        for field in self.fields {
            if let (false, Some(default)) = (all.contains_key(field.key), field.default_value()) {
                all.insert(field.key.into(), default);
            }
        }
        all
    }

    /// Whether a field's value is its default, so that writing it and leaving it out are the same.
    pub fn is_default(&self, key: &str, value: &Value) -> bool {
        self.field(key).and_then(Field::default_value).is_some_and(|d| &d == value)
    }

    /// Checks a mapping's settings as they are to be stored: every field one the action has, every required one
    /// given, each literal of the field's type (a URL one HTTP(S) can send to, a method of the choices, header
    /// values in ASCII, a batch size within the limit), and the whole a mapping seg evaluates (no `@liquid`, no
    /// malformed directive). Answers the mapping it will run (with the defaults).
    pub fn check_settings(&self, settings: &Map<String, Value>) -> Result<Mapping, Refusal> {
        for (key, value) in settings {
            let at = format!("settings.{key}");
            let Some(field) = self.field(key) else {
                let known: Vec<&str> = self.fields.iter().map(|f| f.key).collect();
                return Err(Refusal::new(
                    at,
                    format!("the action `{}` has no field `{key}` (its fields: {})", self.slug, known.join(", ")),
                ));
            };
            if is_directive(value) {
                continue;
            }
            check_literal(field, value).map_err(|why| Refusal::new(at, why))?;
        }
        if let Some(missing) =
            self.fields.iter().find(|f| f.required && f.default.is_none() && !settings.contains_key(f.key))
        {
            return Err(Refusal::new(
                format!("settings.{}", missing.key),
                format!("the action `{}` needs the field `{}`", self.slug, missing.key),
            ));
        }
        let all = Value::Object(self.with_defaults(settings));
        Mapping::new(json::from_serde(&all)).map_err(|e| Refusal::new("settings", e.to_string()))
    }
}

/// Whether a value is a directive object (one key starting with `@`, perhaps beside `_metadata`).
fn is_directive(value: &Value) -> bool {
    value.as_object().is_some_and(|o| o.keys().any(|k| k.starts_with('@')))
}

fn check_literal(field: &Field, value: &Value) -> Result<(), String> {
    let kind = field.kind;
    let fits = match (kind, value) {
        (_, Value::Null) => true,
        (FieldType::String, Value::Array(items)) if field.multiple => items.iter().all(Value::is_string),
        (FieldType::String, Value::String(_)) => true,
        (FieldType::Number, Value::Number(_)) => true,
        (FieldType::Object, Value::Object(_)) => true,
        (FieldType::Boolean, Value::Bool(_)) => true,
        _ => false,
    };
    if !fits {
        let wanted = match kind {
            FieldType::String if field.multiple => "a list of texts",
            FieldType::String => "a text",
            FieldType::Number => "a number",
            FieldType::Object => "an object",
            FieldType::Boolean => "true or false",
        };
        return Err(format!("`{}` is {wanted}, not {}", field.key, json_kind(value)));
    }
    match (field.key, value) {
        ("url", Value::String(url)) => check_url(url),
        ("method", Value::String(method)) if !field.choices.contains(&method.as_str()) => {
            Err(format!("`method` is one of {}, not `{method}`", field.choices.join(", ")))
        }
        ("headers", Value::Object(headers)) => {
            for (name, value) in headers {
                if !name.is_ascii() || name.is_empty() {
                    return Err(format!("a header's name is ASCII text: `{name}`"));
                }
                if let Some(text) = value.as_str().filter(|t| !t.is_ascii()) {
                    return Err(format!("the header `{name}` has a value that is not ASCII: `{text}`"));
                }
            }
            Ok(())
        }
        ("batch_size", Value::Number(n)) => match n.as_f64() {
            Some(size) if (0.0..=MAX_BATCH_SIZE).contains(&size) => Ok(()),
            _ => Err(format!("`batch_size` is between 0 and {MAX_BATCH_SIZE}, not {n}")),
        },
        _ => Ok(()),
    }
}

/// A URL the destination can send to: HTTP(S) with a host (a directive's URL is checked when it is resolved).
fn check_url(url: &str) -> Result<(), String> {
    match url::Url::parse(url) {
        Ok(parsed)
            if matches!(parsed.scheme(), "http" | "https") && parsed.host_str().is_some_and(|h| !h.is_empty()) =>
        {
            Ok(())
        }
        Ok(parsed) => Err(format!("`url` is an http:// or https:// URL, not a {}: URL", parsed.scheme())),
        Err(e) => Err(format!("`url` is not a URL ({e}): `{url}`")),
    }
}

fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn settings(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap()
    }

    fn refusal(value: Value) -> Refusal {
        WEBHOOKS.actions[0].check_settings(&settings(value)).unwrap_err()
    }

    #[test]
    fn a_mapping_is_checked_field_by_field() {
        let send = WEBHOOKS.only_action().unwrap();
        assert!(send.check_settings(&settings(json!({"url": "https://a.example/x"}))).is_ok());
        assert!(send.check_settings(&settings(json!({"url": {"@path": "$.properties.url"}}))).is_ok());
        assert_eq!(refusal(json!({})).field, "settings.url");
        assert_eq!(refusal(json!({"url": "ftp://a.example"})).field, "settings.url");
        assert_eq!(refusal(json!({"url": "https://a.example", "verb": "GET"})).field, "settings.verb");
        assert_eq!(refusal(json!({"url": "https://a.example", "method": "GET"})).field, "settings.method");
        let r = refusal(json!({"url": "https://a.example", "headers": {"X-Name": "café"}}));
        assert_eq!(r.field, "settings.headers");
        assert!(r.message.contains("not ASCII"), "{r}");
        let r = refusal(json!({"url": "https://a.example", "data": {"@liquid": "{{x}}"}}));
        assert_eq!(r.field, "settings");
        assert!(r.message.contains("@liquid"), "{r}");
        assert_eq!(refusal(json!({"url": "https://a.example", "batch_size": 4001})).field, "settings.batch_size");
        assert_eq!(
            refusal(json!({"url": "https://a.example", "enable_batching": "yes"})).field,
            "settings.enable_batching"
        );
    }

    #[test]
    fn defaults_fill_what_is_left_out_and_compare_equal() {
        let send = WEBHOOKS.action("send").unwrap();
        let all = send.with_defaults(&settings(json!({"url": "https://a.example"})));
        assert_eq!(all["method"], "POST");
        assert_eq!(all["data"], json!({"@path": "$."}));
        assert!(send.is_default("batch_keys", &json!(["url", "method", "headers"])));
        assert!(!send.is_default("method", &json!("PUT")));
        assert!(!send.is_default("url", &json!("https://a.example")));
        assert_eq!(WEBHOOKS.action("nFPnRozhz1mh4Gbx4MLvT5").unwrap().slug, "send");
        assert!(check_trigger("type = \"track\"").is_ok());
        assert_eq!(check_trigger("event # 1").unwrap_err().field, "trigger");
    }
}
