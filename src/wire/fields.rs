//! The fields an update names, in seg's vocabulary (the Config API's names, on both APIs), and a file of fields
//! (`--from-file`) read in that vocabulary or in the shape the API in use answers a `get` in (the Public API's:
//! `name` its display name, `settings`, ...), so that `get -o json`, an edit, and `patch --from-file` round-trip
//! on either API (docs/reference/fields.md).
//!
//! Of a file, only the fields an update writes become the update; the others (read only: a resource's full name, its
//! id, ...) must be as the resource has them now, which the client checks before it sends anything
//! ([`Unchanged`]), and are then left out. A time the service keeps (`create_time`, `updatedAt`) is never compared:
//! the service moves it with every change, so a file read before one would never go back.

use serde_json::{Map, Value};

/// What a resource's update may name, in seg's vocabulary, and the same resource as the Public API answers it.
#[derive(Debug)]
pub struct Vocabulary {
    /// The resource's key and its noun (`source`, `a source`).
    pub key: &'static str,
    pub noun: &'static str,
    /// Fields an update writes on some API (a dotted path below one of them names a part of it).
    pub writable: &'static [&'static str],
    /// Fields the resource shows that no update writes.
    pub read_only: &'static [&'static str],
    /// The Public API's fields of the resource, each with what it is in seg's vocabulary.
    pub public: &'static [(&'static str, Public)],
    /// The fields `--json` prints of the resource that are none of its own (docs/reference/output.md), as a file of
    /// fields takes them back.
    pub json: &'static [(&'static str, Json)],
}

/// What a field `--json` prints is to an update.
#[derive(Debug, Clone, Copy)]
pub enum Json {
    /// Read from seg's reading of the resource ([`derived`]): shown, never written.
    Derived(fn(&Value) -> Value),
    /// A destination's settings, an object by key: its config items.
    Settings,
}

/// What a field of the Public API's shape of a resource is in seg's vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Public {
    /// The same value under this name (`name` is a source's `display_name`).
    Is(&'static str),
    /// A destination's `settings` object: its config items.
    Settings,
    /// A source's labels as a list of `{key, value}`: its labels.
    Labels,
    /// A filter's actions in the Public API's spelling (`DROP`, ...): its actions.
    Actions,
    /// Shown, never written.
    ReadOnly,
    /// A time the service keeps: never compared.
    Time,
}

/// What an update of the resource under `key` (`Resource::KEY`) may name; `None` for one whose update takes any
/// field the service knows (a schema config).
pub fn of(key: &str) -> Option<&'static Vocabulary> {
    [&SOURCE, &DESTINATION, &TRACKING_PLAN, &FILTER].into_iter().find(|fields| fields.key == key)
}

/// Times the service keeps, in seg's vocabulary: never compared.
const TIMES: &[&str] = &["create_time", "update_time"];

pub const SOURCE: Vocabulary = Vocabulary {
    key: "source",
    noun: "a source",
    writable: &["display_name", "labels", "library_config", "enabled"],
    read_only: &["name", "parent", "catalog_name", "write_keys", "id"],
    public: &[
        ("id", Public::ReadOnly),
        ("slug", Public::ReadOnly),
        ("name", Public::Is("display_name")),
        ("workspaceId", Public::ReadOnly),
        ("enabled", Public::Is("enabled")),
        ("writeKeys", Public::ReadOnly),
        ("metadata", Public::ReadOnly),
        ("settings", Public::ReadOnly),
        ("labels", Public::Labels),
        ("createdAt", Public::Time),
        ("updatedAt", Public::Time),
    ],
    json: &[("slug", Json::Derived(derived::slug)), ("catalog", Json::Derived(derived::catalog))],
};

pub const DESTINATION: Vocabulary = Vocabulary {
    key: "destination",
    noun: "a destination",
    writable: &["enabled", "config", "connection_mode", "display_name"],
    read_only: &["name", "parent", "id"],
    public: &[
        ("id", Public::ReadOnly),
        ("name", Public::Is("display_name")),
        ("enabled", Public::Is("enabled")),
        ("workspaceId", Public::ReadOnly),
        ("sourceId", Public::ReadOnly),
        ("metadata", Public::ReadOnly),
        ("settings", Public::Settings),
        ("createdAt", Public::Time),
        ("updatedAt", Public::Time),
    ],
    json: &[
        ("source", Json::Derived(derived::parent)),
        ("catalog", Json::Derived(derived::destination_catalog)),
        ("settings", Json::Settings),
    ],
};

pub const TRACKING_PLAN: Vocabulary = Vocabulary {
    key: "tracking_plan",
    noun: "a tracking plan",
    writable: &["display_name", "rules"],
    read_only: &["name", "id", "type"],
    public: &[
        ("id", Public::ReadOnly),
        ("slug", Public::ReadOnly),
        ("name", Public::Is("display_name")),
        ("description", Public::ReadOnly),
        ("type", Public::ReadOnly),
        ("resourceSchemaId", Public::ReadOnly),
        ("createdAt", Public::Time),
        ("updatedAt", Public::Time),
    ],
    json: &[("id", Json::Derived(derived::plan_id)), ("events", Json::Derived(derived::events))],
};

pub const FILTER: Vocabulary = Vocabulary {
    key: "filter",
    noun: "a filter",
    writable: &["if", "actions", "title", "description", "enabled"],
    read_only: &["name", "id"],
    public: &[
        ("id", Public::ReadOnly),
        ("sourceId", Public::ReadOnly),
        ("destinationId", Public::ReadOnly),
        ("title", Public::Is("title")),
        ("description", Public::Is("description")),
        ("if", Public::Is("if")),
        ("actions", Public::Actions),
        ("enabled", Public::Is("enabled")),
        ("createdAt", Public::Time),
        ("updatedAt", Public::Time),
    ],
    json: &[("id", Json::Derived(derived::slug)), ("destination", Json::Derived(derived::filter_destination))],
};

/// The fields `--json` reads from seg's reading of a resource that are none of its own: one definition for what it
/// prints (`ui::fields`) and what a file of them is checked against. Each is `null` when the reading has none.
pub mod derived {
    use serde_json::Value;

    /// Where a further destination of one catalog entry is named (`SLUG#NAME`, `api::names::INSTANCE`).
    const INSTANCE: char = '#';

    /// The last segment of a name.
    fn last(name: &str) -> &str {
        name.rsplit('/').next().unwrap_or(name)
    }

    fn last_of(view: &Value, key: &str) -> Value {
        match view.get(key).and_then(Value::as_str).map(last) {
            Some(slug) if !slug.is_empty() => Value::String(slug.to_string()),
            _ => Value::Null,
        }
    }

    /// The last segment of its name: a source's slug, a filter's or a plan's id.
    pub fn slug(view: &Value) -> Value {
        last_of(view, "name")
    }

    /// The slug of its catalog entry (`catalog/sources/javascript`: `javascript`).
    pub fn catalog(view: &Value) -> Value {
        last_of(view, "catalog_name")
    }

    /// The name of what holds it.
    pub fn parent(view: &Value) -> Value {
        match view.get("parent") {
            Some(Value::String(s)) if !s.is_empty() => Value::String(s.clone()),
            _ => Value::Null,
        }
    }

    /// A destination's catalog entry: its catalog name's slug, else its name's last segment before any `#NAME`.
    pub fn destination_catalog(view: &Value) -> Value {
        match catalog(view) {
            Value::Null => match view.get("name").and_then(Value::as_str).map(last) {
                Some(segment) if !segment.is_empty() => {
                    Value::String(segment.split(INSTANCE).next().unwrap_or(segment).to_string())
                }
                _ => Value::Null,
            },
            slug => slug,
        }
    }

    /// The destination a filter's name is under: `workspaces/WS/sources/SRC/destinations/DST`.
    pub fn filter_destination(view: &Value) -> Value {
        let Some(name) = view.get("name").and_then(Value::as_str) else { return Value::Null };
        let segments: Vec<&str> = name.split('/').collect();
        match segments.iter().position(|s| *s == "destinations") {
            Some(at) if at + 1 < segments.len() => Value::String(segments[..=at + 1].join("/")),
            _ => Value::Null,
        }
    }

    /// A plan's own id on the API in use: the Public API's `tp_…`, else the `rs_…` its name ends in.
    pub fn plan_id(view: &Value) -> Value {
        match view.get("id") {
            Some(Value::String(id)) if !id.is_empty() => Value::String(id.clone()),
            _ => slug(view),
        }
    }

    /// The names of a plan's events.
    pub fn events(view: &Value) -> Value {
        let Some(events) = view.get("rules").and_then(|r| r.get("events")).and_then(Value::as_array) else {
            return Value::Null;
        };
        Value::Array(events.iter().map(|e| e.get("name").cloned().unwrap_or(Value::Null)).collect())
    }
}

/// A field of a file that must be as the resource has it now: then it is left out of the update; otherwise nothing is
/// sent (exit 2).
#[derive(Debug, Clone)]
pub struct Unchanged {
    /// Where: in seg's reading of the resource, or in the answer as received.
    pub reading: Reading,
    /// The field's path (a config item: `config`, then the item's key).
    pub path: Vec<String>,
    /// As the file gives it.
    pub value: Value,
    /// Why no update writes it, when it is a field the API in use does not hold (said if it differs).
    pub why: Option<String>,
}

/// Which reading of a resource a field is compared with.
#[derive(Debug, Clone, Copy)]
pub enum Reading {
    /// seg's (the Config API's names).
    Neutral,
    /// The service's answer as received (the Public API's names there).
    Received,
    /// One of a destination's config items in seg's reading, by its key (`path` is `[key]`).
    ConfigItem,
    /// A field `--json` reads from seg's reading ([`Json::Derived`]; `path` is its name).
    Derived(fn(&Value) -> Value),
}

impl Unchanged {
    /// How the field is named in messages.
    pub fn shown(&self) -> String {
        match self.reading {
            Reading::ConfigItem => format!("config.{}", self.path.join(".")),
            _ => self.path.join("."),
        }
    }

    /// Whether the resource has the file's value at this field now; `null` in the file stands for a field it does not
    /// have (what `--json` prints for one the API in use cannot fill).
    pub fn holds_now(&self, neutral: &Value, received: &Value) -> bool {
        match self.current(neutral, received) {
            Some(now) => *now == self.value,
            None => self.value.is_null(),
        }
    }

    /// The value the resource has now at this field, from its two readings (`None`: it has none).
    pub fn current<'v>(&self, neutral: &'v Value, received: &'v Value) -> Option<std::borrow::Cow<'v, Value>> {
        use std::borrow::Cow;
        match self.reading {
            Reading::Neutral => at(neutral, &self.path).map(Cow::Borrowed),
            Reading::Received => at(received, &self.path).map(Cow::Borrowed),
            Reading::Derived(read) => Some(Cow::Owned(read(neutral))),
            Reading::ConfigItem => {
                let key = self.path.first()?;
                neutral.get("config")?.as_array()?.iter().find_map(|item| {
                    let name = item.get("name")?.as_str()?;
                    let item_key = name.rsplit_once(CONFIG).map_or(name, |(_, k)| k);
                    (item_key == key).then(|| item.get("value")).flatten().map(Cow::Borrowed)
                })
            }
        }
    }
}

fn at<'v>(value: &'v Value, path: &[String]) -> Option<&'v Value> {
    path.iter().try_fold(value, |value, key| value.get(key))
}

/// A file of fields as an update takes it: the fields to write (seg's names, `config` as config items), and those
/// that must be unchanged.
#[derive(Debug, Default)]
pub struct Fields {
    pub set: Vec<(String, Value)>,
    pub unchanged: Vec<Unchanged>,
}

/// What a named field is to an update.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Named {
    Writable,
    ReadOnly,
    Time,
    Unknown,
}

impl Vocabulary {
    /// What a field of seg's vocabulary (dotted for a part of one) is.
    pub fn named(&self, field: &str) -> Named {
        let top = field.split('.').next().unwrap_or(field);
        if self.writable.contains(&top) {
            Named::Writable
        } else if TIMES.contains(&top) {
            Named::Time
        } else if self.read_only.contains(&top) {
            Named::ReadOnly
        } else {
            Named::Unknown
        }
    }

    /// The usage error of a field `--set`/`--clear` names that no update writes.
    pub fn refusal(&self, field: &str) -> Option<String> {
        let top = field.split('.').next().unwrap_or(field);
        let hint = if top == "name" && self.writable.contains(&"display_name") {
            "; the name people read is display_name (--set display_name=...)"
        } else {
            ""
        };
        match self.named(field) {
            Named::Writable => None,
            Named::ReadOnly | Named::Time => {
                Some(format!("{field}: {} shows it but no update writes it{hint}", self.noun))
            }
            Named::Unknown => {
                Some(format!("{field}: {} has no such field; an update writes {}", self.noun, self.writable.join(", ")))
            }
        }
    }

    /// Whether an object is in the Public API's shape of this resource: it has a field only that shape has (a
    /// destination's `settings`, a source's `slug`, `workspaceId`, ...).
    ///
    /// seg's `name` is a resource's full name (`workspaces/...`) and the Public API's a display name (or `null`): a file
    /// with a `name` is read by its form. One without is in the Public API's shape when it has a field seg's own
    /// fields do not (`slug`, `settings`, `workspaceId`, ...; those `--json` prints too mean the same in both).
    pub fn in_public_shape(&self, object: &Map<String, Value>) -> bool {
        let names_display = self.public.iter().any(|(field, what)| *field == "name" && *what != Public::ReadOnly);
        match object.get("name") {
            Some(Value::String(name)) if names_display => !name.starts_with("workspaces/"),
            Some(Value::Null) if names_display => true,
            _ => object
                .keys()
                .any(|key| self.public.iter().any(|(field, _)| field == key) && self.named(key) == Named::Unknown),
        }
    }

    /// What a field `--json` prints that is none of the resource's own is, by its name.
    fn json_field(&self, key: &str) -> Option<Json> {
        self.json.iter().find(|(field, _)| *field == key).map(|(_, what)| *what)
    }

    /// A file of fields (`--from-file`) as an update takes it. `public_shape`: whether the API in use answers in the
    /// Public API's shapes, so that a file in that shape (what its `get -o json` printed) is read as one. `resource`:
    /// the resource's full name (a destination's config items are named after it). A field of neither vocabulary is
    /// a usage error naming those an update writes.
    pub fn read(&self, object: Map<String, Value>, public_shape: bool, resource: &str) -> Result<Fields, String> {
        let mut fields = Fields::default();
        if public_shape && self.in_public_shape(&object) {
            for (key, value) in object {
                let Some((_, what)) = self.public.iter().find(|(field, _)| *field == key) else {
                    // One of seg's own names beside the Public API's (`display_name` added to what `get` printed).
                    if let Some(Json::Derived(read)) = self.json_field(&key) {
                        let reading = Reading::Derived(read);
                        fields.unchanged.push(Unchanged { reading, path: vec![key], value, why: None });
                        continue;
                    }
                    match self.named(&key) {
                        Named::Writable => fields.set.push((key, value)),
                        Named::ReadOnly => fields.unchanged.push(Unchanged {
                            reading: Reading::Neutral,
                            path: vec![key],
                            value,
                            why: None,
                        }),
                        Named::Time => {}
                        Named::Unknown => return Err(self.unknown_public(&key)),
                    }
                    continue;
                };
                match what {
                    Public::Is(neutral) => {
                        self.writable_or_unchanged(&mut fields, neutral, value, Reading::Received, &key)
                    }
                    Public::Settings => {
                        let Value::Object(settings) = value else {
                            return Err(format!("settings: {} has its settings as an object", self.noun));
                        };
                        config_items(&mut fields, resource, settings);
                    }
                    Public::Labels => fields.set.push(("labels".into(), labels_from_list(value)?)),
                    Public::Actions => fields.set.push(("actions".into(), actions_from_public(value)?)),
                    Public::ReadOnly => fields.unchanged.push(Unchanged {
                        reading: Reading::Received,
                        path: vec![key],
                        value,
                        why: None,
                    }),
                    Public::Time => {}
                }
            }
            return Ok(fields);
        }
        for (key, value) in object {
            // What `--json` printed that is none of the resource's own fields, or not as the resource holds it (a
            // filter's `id`, the last segment of its name).
            let named = if self.json_field(&key).is_some() { Named::Unknown } else { self.named(&key) };
            match named {
                Named::Writable if key == "config" && self.key == "destination" => {
                    let Value::Array(items) = value else {
                        return Err("config: a destination's config is a list of items".into());
                    };
                    let settings = items
                        .into_iter()
                        .map(|item| {
                            let name = item.get("name").and_then(Value::as_str).unwrap_or_default();
                            let key = name.rsplit_once(CONFIG).map_or(name, |(_, key)| key).to_string();
                            (key, item.get("value").cloned().unwrap_or_default())
                        })
                        .collect();
                    config_items(&mut fields, resource, settings);
                }
                Named::Writable => fields.set.push((key, value)),
                Named::ReadOnly => {
                    fields.unchanged.push(Unchanged { reading: Reading::Neutral, path: vec![key], value, why: None })
                }
                Named::Time => {}
                Named::Unknown => match self.json_field(&key) {
                    // What `--json` printed, taken back: its settings written, what it read checked.
                    Some(Json::Settings) => {
                        let Value::Object(settings) = value else {
                            return Err(format!("settings: {} has its settings as an object", self.noun));
                        };
                        config_items(&mut fields, resource, settings);
                    }
                    Some(Json::Derived(read)) => fields.unchanged.push(Unchanged {
                        reading: Reading::Derived(read),
                        path: vec![key],
                        value,
                        why: None,
                    }),
                    None => return Err(self.refusal(&key).unwrap_or_default()),
                },
            }
        }
        Ok(fields)
    }

    /// A Public API field that is one of seg's: written when an update writes it there, else compared.
    fn writable_or_unchanged(&self, fields: &mut Fields, neutral: &str, value: Value, reading: Reading, key: &str) {
        if self.named(neutral) == Named::Writable {
            fields.set.push((neutral.to_string(), value));
        } else {
            fields.unchanged.push(Unchanged { reading, path: vec![key.to_string()], value, why: None });
        }
    }

    fn unknown_public(&self, key: &str) -> String {
        let known: Vec<&str> = self.public.iter().map(|(field, _)| *field).collect();
        format!("{key}: {} has no such field in either API's shape (the Public API's: {})", self.noun, known.join(", "))
    }
}

/// What separates a destination's name from a setting's key in a config item's name.
const CONFIG: &str = "/config/";

/// A destination's settings as config items named after it (`<destination>/config/<key>`, as `ConfigItem` names
/// them); one that holds a secret as the service shows it hidden must be as it is now (it stands for the secret,
/// which stays), and is then left out.
fn config_items(fields: &mut Fields, resource: &str, settings: Map<String, Value>) {
    let mut items = Vec::new();
    for (key, value) in settings {
        if super::config::censored_within(&value, &key, super::config::is_secret(&key, "")).is_some() {
            fields.unchanged.push(Unchanged { reading: Reading::ConfigItem, path: vec![key], value, why: None });
        } else {
            let mut item = Map::new();
            item.insert("name".into(), Value::String(format!("{resource}{CONFIG}{key}")));
            item.insert("value".into(), value);
            items.push(Value::Object(item));
        }
    }
    if !items.is_empty() {
        fields.set.push(("config".into(), Value::Array(items)));
    }
}

/// A filter's actions as the Public API spells them (`[{type: "DROP"}]`), in seg's (`[{type: "drop_event"}]`).
fn actions_from_public(value: Value) -> Result<Value, String> {
    let actions: Vec<super::public::FilterAction> =
        serde_json::from_value(value).map_err(|e| format!("actions: a list of the Public API's actions: {e}"))?;
    super::public::map::filter_actions_from_public(&actions).map(Value::Array).map_err(|e| format!("actions: {e}"))
}

/// The Public API's labels (`[{key, value}]`, values strings) as seg's (`{key: value}`).
fn labels_from_list(value: Value) -> Result<Value, String> {
    let shape = || "labels: a list of {key, value}, both strings".to_string();
    let Value::Array(list) = value else { return Err(shape()) };
    let mut labels = Map::new();
    for label in list {
        let text = |field: &str| label.get(field).and_then(Value::as_str).map(String::from);
        let (Some(key), Some(value)) = (text("key"), text("value")) else { return Err(shape()) };
        labels.insert(key, Value::String(value));
    }
    Ok(Value::Object(labels))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn object(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap()
    }

    const DEST: &str = "workspaces/w/sources/web/destinations/webhooks";

    #[test]
    fn a_public_get_of_a_destination_reads_as_its_writable_fields_and_checks_the_rest() {
        let got = json!({"id": "d1", "name": "Prod", "enabled": true, "workspaceId": "w1", "sourceId": "s1",
                         "metadata": {"id": "m1", "slug": "webhooks"}, "updatedAt": "2026",
                         "settings": {"hook": "https://a", "sharedSecret": "••••••••••1234"}});
        let fields = DESTINATION.read(object(got.clone()), true, DEST).unwrap();
        let set: Vec<&str> = fields.set.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(set, ["display_name", "enabled", "config"]);
        let config = &fields.set[2].1;
        assert_eq!(config, &json!([{"name": format!("{DEST}/config/hook"), "value": "https://a"}]));
        let unchanged: Vec<String> = fields.unchanged.iter().map(Unchanged::shown).collect();
        assert_eq!(unchanged, ["id", "workspaceId", "sourceId", "metadata", "config.sharedSecret"]);
        // The same names read in seg's vocabulary on the Config API: `name` is then the full name (read only),
        // `settings` no field of its.
        let err = DESTINATION.read(object(got), false, DEST).unwrap_err();
        assert!(err.starts_with("id:") || err.contains("no such field"), "{err}");
    }

    #[test]
    fn a_config_get_reads_as_its_writable_fields_and_checks_the_rest() {
        let got = json!({"name": DEST, "parent": "workspaces/w/sources/web", "enabled": false,
                         "connection_mode": "CLOUD", "create_time": "2020",
                         "config": [{"name": format!("{DEST}/config/apiKey"), "value": "k", "type": "string"}]});
        for public in [false, true] {
            let fields = DESTINATION.read(object(got.clone()), public, DEST).unwrap();
            let set: Vec<&str> = fields.set.iter().map(|(k, _)| k.as_str()).collect();
            assert_eq!(set, ["enabled", "connection_mode", "config"], "{public}");
            let unchanged: Vec<String> = fields.unchanged.iter().map(Unchanged::shown).collect();
            assert_eq!(unchanged, ["name", "parent"]);
        }
    }

    #[test]
    fn a_field_of_neither_shape_is_named_with_those_an_update_writes() {
        let err = SOURCE.read(object(json!({"colour": "red"})), true, "workspaces/w/sources/web").unwrap_err();
        assert_eq!(
            err,
            "colour: a source has no such field; an update writes display_name, labels, library_config, enabled"
        );
        assert!(SOURCE.refusal("name").unwrap().contains("display_name"));
        assert_eq!(SOURCE.refusal("library_config.retry_queue"), None);
        assert!(SOURCE.refusal("create_time").unwrap().contains("no update writes it"));
    }

    #[test]
    fn seg_names_beside_the_public_apis_are_read_as_segs() {
        let got = json!({"slug": "web", "display_name": "Web", "parent": "workspaces/w"});
        let fields = SOURCE.read(object(got), true, "workspaces/w/sources/web").unwrap();
        assert_eq!(fields.set, [("display_name".to_string(), json!("Web"))]);
        let unchanged: Vec<String> = fields.unchanged.iter().map(Unchanged::shown).collect();
        assert_eq!(unchanged, ["slug", "parent"]);
        let err = SOURCE.read(object(json!({"slug": "web", "colour": 1})), true, "s").unwrap_err();
        assert!(err.starts_with("colour:"), "{err}");
    }

    #[test]
    fn public_labels_are_read_as_seg_labels() {
        let got = json!({"slug": "web", "labels": [{"key": "env", "value": "prod"}]});
        let fields = SOURCE.read(object(got), true, "workspaces/w/sources/web").unwrap();
        assert_eq!(fields.set, [("labels".to_string(), json!({"env": "prod"}))]);
        assert_eq!(fields.unchanged[0].path, ["slug"]);
    }
}
