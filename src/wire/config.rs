//! Typed destination settings: the webhook URLs with their headers (API.md, "Webhook destination settings"), and
//! which config items are secrets (masked in tables and logs, exported as references).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::resources::ConfigItem;

/// The config keys of the `webhooks` destination.
pub const HOOKS: &str = "hooks";
pub const GLOBAL_HOOK: &str = "globalHook";
pub const SHARED_SECRET: &str = "sharedSecret";

/// One webhook URL of a `webhooks` destination, with the headers sent to it alone.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Hook {
    pub hook: String,
    #[serde(default, skip_serializing_if = "HookHeaders::is_empty")]
    pub headers: HookHeaders,
}

/// A hook's headers: the catalog types them as a MAP (`{"Name": "value"}`), API.md shows a list
/// (`[{"key", "value"}]`); both are read, and each is written back as it came.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum HookHeaders {
    List(Vec<HeaderPair>),
    Map(Map<String, Value>),
    /// `null` or absent.
    None(()),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HeaderPair {
    pub key: String,
    pub value: String,
}

impl Default for HookHeaders {
    fn default() -> Self {
        HookHeaders::None(())
    }
}

impl HookHeaders {
    pub fn is_empty(&self) -> bool {
        match self {
            HookHeaders::List(list) => list.is_empty(),
            HookHeaders::Map(map) => map.is_empty(),
            HookHeaders::None(()) => true,
        }
    }

    /// The (name, value) pairs, in order; `None` when a map value is not a string.
    pub fn pairs(&self) -> Option<Vec<(&str, &str)>> {
        match self {
            HookHeaders::List(list) => Some(list.iter().map(|h| (h.key.as_str(), h.value.as_str())).collect()),
            HookHeaders::Map(map) => map.iter().map(|(k, v)| Some((k.as_str(), v.as_str()?))).collect(),
            HookHeaders::None(()) => Some(Vec::new()),
        }
    }
}

/// The hooks of a `hooks` value: `None` when it is not an array of hooks (`null` is no hooks).
pub fn hooks(value: &Value) -> Option<Vec<Hook>> {
    match value {
        Value::Null => Some(Vec::new()),
        other => serde_json::from_value(other.clone()).ok(),
    }
}

/// Whether a config item holds a secret: a `password` setting, or the webhooks' `sharedSecret`.
pub fn is_secret(key: &str, kind: &str) -> bool {
    kind.eq_ignore_ascii_case("password") || key == SHARED_SECRET
}

impl ConfigItem {
    pub fn is_secret(&self) -> bool {
        is_secret(self.key(), &self.kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn hooks_read_headers_in_both_shapes() {
        let value = json!([{"hook": "https://a/in", "headers": {"X-A": "1"}},
                           {"hook": "https://b/in", "headers": [{"key": "X-B", "value": "2"}]},
                           {"hook": "https://c/in", "headers": null}, {"hook": "https://d/in"}]);
        let hooks = hooks(&value).unwrap();
        assert_eq!(hooks[0].headers.pairs().unwrap(), [("X-A", "1")]);
        assert_eq!(hooks[1].headers.pairs().unwrap(), [("X-B", "2")]);
        assert!(hooks[2].headers.is_empty() && hooks[3].headers.is_empty());
        assert_eq!(serde_json::to_value(&hooks).unwrap()[1], value[1], "written back as it came");
        assert_eq!(super::hooks(&Value::Null).unwrap(), []);
        assert!(super::hooks(&json!("https://x")).is_none());
        assert!(super::hooks(&json!([{"hook": "h", "headers": {"X": 1}}])).unwrap()[0].headers.pairs().is_none());
    }

    #[test]
    fn secrets_are_password_items_and_the_shared_secret() {
        assert!(is_secret("sharedSecret", "string"));
        assert!(is_secret("apiKey", "password"));
        assert!(is_secret("apiKey", "PASSWORD"));
        assert!(!is_secret("hooks", "mixed"));
    }
}
