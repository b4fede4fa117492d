//! Update bodies from what the user asked for: every field set or cleared becomes a mask path, so the body says
//! exactly what changes. `seg destinations patch NAME --enabled` builds
//! `{"destination":{"enabled":true},"update_mask":{"paths":["destination.enabled"]}}`.

use serde_json::{Map, Value, json};

use super::models::ResourceKey;

#[derive(Debug, Clone)]
pub struct Update {
    key: ResourceKey,
    fields: Map<String, Value>,
    paths: Vec<String>,
    explicit: Option<Vec<String>>,
}

impl Update {
    pub fn new(key: ResourceKey) -> Self {
        Update { key, fields: Map::new(), paths: Vec::new(), explicit: None }
    }

    /// A mask path for a field: `enabled` and `destination.enabled` both give `destination.enabled`.
    pub fn path(&self, field: &str) -> String {
        let prefix = self.key.as_str();
        match field.strip_prefix(prefix).and_then(|rest| rest.strip_prefix('.')) {
            Some(_) => field.to_string(),
            None => format!("{prefix}.{field}"),
        }
    }

    fn field<'f>(&self, field: &'f str) -> &'f str {
        field.strip_prefix(self.key.as_str()).and_then(|rest| rest.strip_prefix('.')).unwrap_or(field)
    }

    fn add_path(&mut self, field: &str) {
        let path = self.path(field);
        if !self.paths.contains(&path) {
            self.paths.push(path);
        }
    }

    /// Sets a field (dotted for nested fields) to a value, and lists it in the mask.
    pub fn set(&mut self, field: &str, value: Value) -> Result<(), String> {
        let field = self.field(field).to_string();
        let (last, parents) = split(&field)?;
        let mut here = &mut self.fields;
        for segment in parents {
            let slot = here.entry(segment.to_string()).or_insert_with(|| Value::Object(Map::new()));
            here =
                slot.as_object_mut().ok_or_else(|| format!("{field}: {segment} is set to a value, not an object"))?;
        }
        here.insert(last.to_string(), value);
        self.add_path(&field);
        Ok(())
    }

    /// Lists a field in the mask with no value: the service empties it.
    pub fn clear(&mut self, field: &str) -> Result<(), String> {
        let field = self.field(field).to_string();
        split(&field)?;
        self.add_path(&field);
        Ok(())
    }

    /// Adds a destination config item (merged by name by the service) and lists `config` in the mask.
    pub fn config_item(&mut self, destination: &str, key: &str, value: Value) {
        let item = json!({"name": format!("{destination}/config/{key}"), "value": value});
        let config = self.fields.entry("config").or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(items) = config {
            items.retain(|existing| existing["name"] != item["name"]);
            items.push(item);
        }
        self.add_path("config");
    }

    /// Every top-level key of a JSON object becomes a field to set.
    pub fn set_all(&mut self, object: Map<String, Value>) -> Result<(), String> {
        for (key, value) in object {
            self.set(&key, value)?;
        }
        Ok(())
    }

    /// Replaces the derived mask with explicit paths (`--update-mask`), each checked like a field name.
    pub fn mask(&mut self, paths: &[String]) -> Result<(), String> {
        let mut explicit = Vec::with_capacity(paths.len());
        for path in paths {
            let field = self.field(path.trim());
            split(field).map_err(|e| format!("--update-mask: {e}"))?;
            explicit.push(self.path(field));
        }
        self.explicit = Some(explicit);
        Ok(())
    }

    /// The body, or an error when the mask would be empty (an update that changes nothing).
    pub fn body(self) -> Result<Value, String> {
        let paths = self.explicit.unwrap_or(self.paths);
        if paths.is_empty() {
            return Err("nothing to update: give at least one field to change (see --help)".into());
        }
        let mut body = Map::new();
        body.insert(self.key.as_str().to_string(), Value::Object(self.fields));
        body.insert("update_mask".into(), json!({ "paths": paths }));
        Ok(Value::Object(body))
    }
}

fn split(field: &str) -> Result<(&str, Vec<&str>), String> {
    let mut segments: Vec<&str> = field.split('.').collect();
    if field.is_empty() || segments.iter().any(|s| s.is_empty()) {
        return Err(format!("invalid field {field:?}: use NAME or NAME.SUBFIELD"));
    }
    let last = segments.pop().unwrap_or_default();
    Ok((last, segments))
}

/// A `--set`/`--config` value: JSON when it parses as JSON, else the text as a string.
pub fn value(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enabled_body_is_exact() {
        let mut u = Update::new(ResourceKey::Destination);
        u.set("enabled", Value::Bool(true)).unwrap();
        assert_eq!(
            u.body().unwrap().to_string(),
            r#"{"destination":{"enabled":true},"update_mask":{"paths":["destination.enabled"]}}"#
        );
    }

    #[test]
    fn set_clear_nested_config_and_explicit_masks() {
        let mut u = Update::new(ResourceKey::Source);
        u.set("library_config.retry_queue", Value::Bool(true)).unwrap();
        u.set("source.library_config.api_host", json!("h")).unwrap();
        u.clear("labels").unwrap();
        u.clear("source.labels").unwrap();
        assert_eq!(
            u.clone().body().unwrap(),
            json!({"source": {"library_config": {"retry_queue": true, "api_host": "h"}},
                   "update_mask": {"paths": ["source.library_config.retry_queue", "source.library_config.api_host", "source.labels"]}})
        );
        u.mask(&["display_name".into(), "source.labels".into()]).unwrap();
        assert!(u.clone().mask(&["".into()]).is_err());
        assert!(u.clone().mask(&["source.".into()]).is_err());
        assert_eq!(u.body().unwrap()["update_mask"]["paths"], json!(["source.display_name", "source.labels"]));

        let mut d = Update::new(ResourceKey::Destination);
        d.config_item("workspaces/w/sources/s/destinations/webhooks", "sharedSecret", json!("a"));
        d.config_item("workspaces/w/sources/s/destinations/webhooks", "sharedSecret", json!("b"));
        d.config_item("workspaces/w/sources/s/destinations/webhooks", "hooks", json!([]));
        let body = d.body().unwrap();
        assert_eq!(body["destination"]["config"].as_array().unwrap().len(), 2);
        assert_eq!(body["destination"]["config"][0]["value"], json!("b"), "a key given twice: the last value");
        assert_eq!(body["update_mask"]["paths"], json!(["destination.config"]));
    }

    #[test]
    fn empty_and_invalid() {
        assert!(Update::new(ResourceKey::Destination).body().is_err());
        let mut u = Update::new(ResourceKey::Destination);
        assert!(u.set("", json!(1)).is_err());
        assert!(u.set("a..b", json!(1)).is_err());
        u.set("a", json!(1)).unwrap();
        assert!(u.set("a.b", json!(1)).is_err(), "a is a value, not an object");
    }

    #[test]
    fn values_parse_as_json_when_they_can() {
        assert_eq!(value("true"), json!(true));
        assert_eq!(value("12"), json!(12));
        assert_eq!(value("[1]"), json!([1]));
        assert_eq!(value("hello"), json!("hello"));
        assert_eq!(value("\"quoted\""), json!("quoted"));
        assert_eq!(value(""), json!(""));
    }

    #[test]
    fn numbers_are_sent_as_typed() {
        // Found by fuzzing (fuzz/fuzz_targets/update_mask.rs): without serde_json's float_roundtrip, a number's
        // last digit could change between `--set x=...` and the body sent.
        for typed in [
            "-1.170587575358001e+304",
            "-1.1705875753580011e304",
            "1.7976931348623157e308",
            "5e-324",
            "0.30000000000000004",
        ] {
            let exact: f64 = typed.parse().unwrap();
            assert_eq!(value(typed).as_f64().map(f64::to_bits), Some(exact.to_bits()), "{typed}");
        }
    }
}
