//! `$env` references, the one way a workspace file or a plan holds a secret (docs/reference/commands.md, "What a file
//! and a plan can never do"). A reference is `{"$env": NAME}`; it may name only a `SEG_SECRET_` variable ([`Env`] reads
//! no other), and it is turned into a value only where a destination's config item, a mapping's header or a warehouse's
//! or an insert function instance's settings hold it (`plan::apply::prepare`): a reference anywhere else in a request is
//! refused before anything is sent, whatever a hand-edited plan says. Every value read becomes a secret of the process
//! (the printer's scrubber removes it from everything written). A file's value that may be one is a [`ConfigValue`].

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::document::env_name_allowed;
use crate::secret::{Scrubber, Secret};

/// Where references are read.
pub trait Env {
    /// The value of a `SEG_SECRET_` variable; `None` when unset or empty, or when `name` is not one.
    fn secret(&self, name: &str) -> Option<String>;

    /// Takes note of a secret the file writes literally (an item the catalog or its name makes a secret), so that
    /// no output of the process shows it: not a `--dry-run` description or `-vv` body, whose masking knows names
    /// and types but not the catalog.
    fn literal(&self, _value: &str) {}
}

impl<F: Fn(&str) -> Option<String>> Env for F {
    fn secret(&self, name: &str) -> Option<String> {
        if !env_name_allowed(name) {
            return None;
        }
        self(name)
    }
}

/// The process's environment: the variables `SEG_SECRET_*`, each value read added to `scrubber`.
pub struct ProcessEnv {
    pub scrubber: Scrubber,
}

impl Env for ProcessEnv {
    fn secret(&self, name: &str) -> Option<String> {
        if !env_name_allowed(name) {
            return None;
        }
        let value = std::env::var(name).ok().filter(|v| !v.is_empty())?;
        self.scrubber.add(&Secret::new(value.clone()));
        Some(value)
    }

    fn literal(&self, value: &str) {
        self.scrubber.add(&Secret::new(value.to_string()));
    }
}

/// The name a value refers to, when it is a reference: `{"$env": NAME}` and nothing else.
pub fn reference(value: &Value) -> Option<&str> {
    match value {
        Value::Object(map) if map.len() == 1 => map.get("$env").and_then(Value::as_str),
        _ => None,
    }
}

/// The JSON pointers of the references inside a value (`""` when it is one).
pub fn reference_pointers(value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![(String::new(), value)];
    while let Some((at, value)) = stack.pop() {
        if reference(value).is_some() {
            out.push(at);
            continue;
        }
        match value {
            Value::Object(map) => stack.extend(
                map.iter().map(|(k, v)| (format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")), v)).rev(),
            ),
            Value::Array(items) => stack.extend(items.iter().enumerate().map(|(i, v)| (format!("{at}/{i}"), v)).rev()),
            _ => {}
        }
    }
    out
}

/// A value with its references replaced by the variables' values; the first name that cannot be read is the error.
pub fn resolve(value: &Value, env: &dyn Env) -> Result<Value, String> {
    let mut resolved = value.clone();
    for pointer in reference_pointers(value) {
        let name = value.pointer(&pointer).and_then(reference).unwrap_or_default();
        if !env_name_allowed(name) {
            return Err(name.to_string());
        }
        let secret = env.secret(name).ok_or_else(|| name.to_string())?;
        if let Some(slot) = resolved.pointer_mut(&pointer) {
            *slot = Value::String(secret);
        }
    }
    Ok(resolved)
}

/// Every variable a value's references name.
pub fn names(value: &Value) -> Vec<String> {
    reference_pointers(value).iter().filter_map(|p| value.pointer(p).and_then(reference).map(String::from)).collect()
}

/// A reference as a value, as a file writes it.
pub fn reference_to(name: &str) -> Value {
    Value::Object(Map::from_iter([("$env".to_string(), Value::String(name.to_string()))]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn references_resolve_only_from_secret_variables() {
        let env = |name: &str| (name == "SEG_SECRET_A").then(|| "s3cret".to_string());
        let value = json!([{"key": "Authorization", "value": {"$env": "SEG_SECRET_A"}}, {"$env": 1}]);
        assert_eq!(resolve(&value, &env).unwrap(), json!([{"key": "Authorization", "value": "s3cret"}, {"$env": 1}]));
        assert_eq!(names(&value), ["SEG_SECRET_A"]);
        assert_eq!(resolve(&json!({"$env": "SEG_SECRET_B"}), &env).unwrap_err(), "SEG_SECRET_B");
        // A closure that would answer anything is still asked only for SEG_SECRET_ names.
        let leaky = |_: &str| Some("leak".to_string());
        assert_eq!(resolve(&json!({"$env": "SEG_TOKEN"}), &leaky).unwrap_err(), "SEG_TOKEN");
        assert_eq!(resolve(&json!({"$env": "HOME"}), &leaky).unwrap_err(), "HOME");
    }
}

/// A config value: as it is, or a reference to an environment variable that holds a secret.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ConfigValue {
    Env(EnvRef),
    Plain(Value),
}

/// Read as a value first, then told apart: `#[serde(untagged)]` would buffer it in serde's own form, which has no
/// integer beyond 64 bits (a YAML file could not hold `123456789012345678901234`, though an export writes it).
impl<'de> Deserialize<'de> for ConfigValue {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        if value.get("$env").is_some()
            && let Ok(reference) = EnvRef::deserialize(&value)
        {
            return Ok(ConfigValue::Env(reference));
        }
        Ok(ConfigValue::Plain(value))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnvRef {
    #[serde(rename = "$env")]
    pub env: String,
}
