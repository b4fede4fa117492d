//! Typed destination settings: the webhook URLs with their headers (docs/reference/config-api.md, "Webhook destination
//! settings"), and which config items are secrets (masked in tables and logs, exported as references).

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

/// A hook's headers: the catalog types them as a MAP (`{"Name": "value"}`), docs/reference/config-api.md shows a list
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

/// The words that make a name a credential's (docs/reference/secrets.md): a config item or a hook header
/// whose name, compared case-insensitively without `_` and `-`, is or ends with one of them.
const CREDENTIAL_WORDS: [&str; 10] = [
    "secret",
    "password",
    "token",
    "apikey",
    "accesskey",
    "privatekey",
    "clientsecret",
    "authorization",
    "cookie",
    "signingkey",
];

/// Whether a config item's key or a header's name says it holds a credential (`apiKey`, `sharedSecret`,
/// `X-Auth-Token`, `Authorization`, ...), whatever type the catalog gives it.
pub fn credential_name(name: &str) -> bool {
    let folded: String = name.chars().filter(|c| !matches!(c, '_' | '-')).flat_map(char::to_lowercase).collect();
    CREDENTIAL_WORDS.iter().any(|word| folded.ends_with(word))
}

/// Whether a config item holds a secret as a whole: a `password` setting (the catalog's mark), or a credential by its
/// name (`sharedSecret`, `apiKey`, ...).
pub fn is_secret(key: &str, kind: &str) -> bool {
    kind.eq_ignore_ascii_case("password") || credential_name(key)
}

/// A value as a service shows a secret it hides, wherever it stands: the Public API's ten `•` and at most the value's
/// last four characters, or a value made only of `•` (docs/reference/secrets.md). Written back, it would replace the
/// secret.
pub fn censored(value: &Value) -> bool {
    let Some(text) = value.as_str() else { return false };
    let after = text.trim_start_matches('•');
    let bullets = (text.len() - after.len()) / '•'.len_utf8();
    (bullets > 0 && after.is_empty()) || (bullets >= 10 && after.chars().count() <= 4)
}

/// A value in a secret's place (a secret item, a credential's value) as a service shows it hidden: [`censored`], or
/// the Config API's form, made only of `*`. Elsewhere a `*` is a value of its own (a wildcard: `allowedOrigins:
/// ["*"]`), so it counts only here (docs/reference/secrets.md).
pub fn censored_secret(value: &Value) -> bool {
    censored(value) || value.as_str().is_some_and(|t| !t.is_empty() && t.chars().all(|c| c == '*' || c == '•'))
}

/// Where a value about to be written holds a secret as a service shows it hidden ([`censored`] anywhere,
/// [`censored_secret`] in a secret's place), as a path below `at` (`config.hooks[0].headers.Authorization`): the
/// first found, `None` when there is none. `secret` says whether the value as a whole is a secret's (a `password`
/// item, `sharedSecret`). seg never writes one: it would replace the secret it stands for.
pub fn censored_within(value: &Value, at: &str, secret: bool) -> Option<String> {
    match value {
        Value::String(_) if censored(value) || (secret && censored_secret(value)) => Some(at.to_string()),
        Value::Object(map) => {
            let named = ["key", "name"].iter().find_map(|k| map.get(*k)).and_then(Value::as_str);
            let pair = named.is_some_and(credential_name);
            map.iter().find_map(|(k, v)| {
                let here = format!("{at}.{k}");
                censored_within(v, &here, secret || credential_name(k) || (pair && k == "value"))
            })
        }
        Value::Array(items) => {
            items.iter().enumerate().find_map(|(i, item)| censored_within(item, &format!("{at}[{i}]"), secret))
        }
        _ => None,
    }
}

/// Where a request body of seg's vocabulary holds a censored secret ([`censored_within`]): a config item's value
/// (`{"name": ".../config/<key>", "value", "type"}`) is named `config.<key>` and is a secret's place as the item
/// says; anywhere else the path is the body's own (`filter.title`).
pub fn censored_in_body(body: &Value) -> Option<String> {
    fn walk(value: &Value, at: &str) -> Option<String> {
        match value {
            Value::Object(map) => {
                if let (Some(Value::String(name)), Some(inner)) = (map.get("name"), map.get("value")) {
                    let key = name.rsplit_once("/config/").map_or(name.as_str(), |(_, key)| key);
                    let kind = map.get("type").and_then(Value::as_str).unwrap_or_default();
                    return censored_within(inner, &format!("config.{key}"), is_secret(key, kind));
                }
                map.iter().find_map(|(k, v)| walk(v, &if at.is_empty() { k.clone() } else { format!("{at}.{k}") }))
            }
            Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| walk(item, &format!("{at}[{i}]"))),
            Value::String(_) if censored(value) => Some(at.to_string()),
            _ => None,
        }
    }
    walk(body, "")
}

/// A value to write with its censored parts ([`censored_within`]) put back from what is stored: a part is the stored
/// secret when the stored value at that place is a secret the censor shows so (its last four match, or it is too
/// short to show any). The first part that cannot be restored is `Err` with its path below `at`. For an emulator,
/// which must never store a censored value over the secret it stands for.
pub fn restore_censored(value: &mut Value, stored: Option<&Value>, at: &str, secret: bool) -> Result<(), String> {
    let hidden = match &*value {
        Value::String(_) => censored(value) || (secret && censored_secret(value)),
        _ => false,
    };
    if hidden {
        let restored = stored.and_then(Value::as_str).filter(|s| {
            let shown = value.as_str().unwrap_or_default();
            crate::wire::public::censor(s) == shown || (secret && !shown.contains('•') && !s.is_empty())
        });
        return match restored {
            Some(secret) => {
                *value = Value::String(secret.to_string());
                Ok(())
            }
            None => Err(at.to_string()),
        };
    }
    match value {
        Value::Object(map) => {
            let named = ["key", "name"].iter().find_map(|k| map.get(*k)).and_then(Value::as_str);
            let pair = named.is_some_and(credential_name);
            // A hook's headers or any other object: its stored counterpart is the stored object's same key.
            for (k, v) in map.iter_mut() {
                let here = format!("{at}.{k}");
                let inner = stored.and_then(|s| s.get(k));
                restore_censored(v, inner, &here, secret || credential_name(k) || (pair && k == "value"))?;
            }
            Ok(())
        }
        Value::Array(items) => {
            for (i, item) in items.iter_mut().enumerate() {
                restore_censored(item, stored.and_then(|s| s.get(i)), &format!("{at}[{i}]"), secret)?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Whether a value the service shows censored in the Public API's form (ten bullets and the last four characters)
/// cannot be `value`: its last four differ. The Config API's all-mask form tells nothing.
pub fn censor_disagrees(shown: &Value, value: &Value) -> bool {
    let (Some(shown), Some(value)) = (shown.as_str(), value.as_str()) else { return false };
    shown.starts_with(&"•".repeat(10)) && crate::wire::public::censor(value) != shown
}

/// The secret parts of a config item's value, as JSON pointers: `""` (the whole value) for a secret item or a
/// censored one; otherwise every value nested in it under a credential's name (a hook header's value, in either of
/// its shapes: `{"key": "Authorization", "value": V}` or `{"Authorization": V}`) and every censored string. These
/// are what export writes as `$env` references and what every output masks.
pub fn secret_pointers(key: &str, kind: &str, value: &Value) -> Vec<String> {
    if is_secret(key, kind) || censored(value) {
        return vec![String::new()];
    }
    let mut out = Vec::new();
    nested_secrets(value, String::new(), &mut out);
    out
}

fn nested_secrets(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            let named = ["key", "name"].iter().find_map(|k| map.get(*k)).and_then(Value::as_str);
            let pair = named.is_some_and(credential_name) && map.get("value").is_some_and(|v| !v.is_null());
            for (k, v) in map {
                let here = format!("{at}/{}", k.replace('~', "~0").replace('/', "~1"));
                let credential = (pair && k == "value") || (credential_name(k) && !v.is_null() && !v.is_object());
                if credential || censored(v) {
                    out.push(here);
                } else {
                    nested_secrets(v, here, out);
                }
            }
        }
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                let here = format!("{at}/{index}");
                if censored(item) {
                    out.push(here);
                } else {
                    nested_secrets(item, here, out);
                }
            }
        }
        _ => {}
    }
}

/// A config item's value with its secret parts replaced by `marker`.
pub fn masked(key: &str, kind: &str, value: &Value, marker: &str) -> Value {
    let mut shown = value.clone();
    for pointer in secret_pointers(key, kind, value) {
        if let Some(part) = shown.pointer_mut(&pointer).filter(|part| !part.is_null()) {
            *part = Value::String(marker.to_string());
        }
    }
    shown
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
    fn a_censored_secret_is_found_and_restored_wherever_it_stands() {
        let bullets = "••••••••••";
        assert!(censored(&json!(format!("{bullets}1234"))) && censored(&json!(bullets)) && censored(&json!("•••")));
        assert!(!censored(&json!(format!("{bullets}12345"))) && !censored(&json!("***")) && !censored(&json!("x•")));
        assert!(censored_secret(&json!("***")) && !censored_secret(&json!("a*")));
        let hooks = json!([{"hook": "https://a/in", "headers": {"Authorization": format!("{bullets}1234")}},
                           {"hook": "https://b/in", "headers": [{"key": "X-Token", "value": "****"}]}]);
        assert_eq!(
            censored_within(&hooks, "config.hooks", false).as_deref(),
            Some("config.hooks[0].headers.Authorization")
        );
        let wildcard = json!({"allowedOrigins": ["*"], "apiKey": "****"});
        assert_eq!(
            censored_within(&wildcard, "x", false).as_deref(),
            Some("x.apiKey"),
            "a `*` counts only at a secret"
        );
        let body = json!({"destination": {"config": [{"name": "w/s/destinations/webhooks/config/sharedSecret",
                                                      "value": "****", "type": "password"}]}});
        assert_eq!(censored_in_body(&body).as_deref(), Some("config.sharedSecret"));
        assert_eq!(censored_in_body(&json!({"filter": {"title": bullets}})).as_deref(), Some("filter.title"));
        assert_eq!(censored_in_body(&json!({"filter": {"title": "T", "if": "all"}})), None);
        // Restored from what is stored when the last four match; refused, naming the place, when they do not.
        let stored = json!([{"hook": "https://a/in", "headers": {"Authorization": "Bearer abcd1234"}},
                            {"hook": "https://b/in", "headers": [{"key": "X-Token", "value": "t0k"}]}]);
        let mut sent = hooks.clone();
        restore_censored(&mut sent, Some(&stored), "settings.hooks", false).unwrap();
        assert_eq!(sent, stored);
        let mut other = json!([{"headers": {"Authorization": format!("{bullets}9999")}}]);
        let refused = restore_censored(&mut other, Some(&stored), "settings.hooks", false).unwrap_err();
        assert_eq!(refused, "settings.hooks[0].headers.Authorization");
        assert!(restore_censored(&mut json!(bullets), None, "settings.sharedSecret", true).is_err(), "nothing stored");
    }

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
    fn secrets_are_password_items_and_credentials_by_name() {
        assert!(is_secret("sharedSecret", "string"));
        assert!(is_secret("writeKey", "password"));
        assert!(is_secret("writeKey", "PASSWORD"));
        assert!(!is_secret("hooks", "mixed"));
        for name in [
            "apiKey",
            "api_key",
            "API-KEY",
            "clientSecret",
            "accessToken",
            "Authorization",
            "x-auth-token",
            "Proxy-Authorization",
            "Set-Cookie",
            "privateKey",
            "signingKey",
            "dbPassword",
            "secret",
        ] {
            assert!(credential_name(name), "{name}");
        }
        for name in ["hooks", "tokenUrl", "keys", "writeKey", "apiHost", "X-Signature", "passwordless"] {
            assert!(!credential_name(name), "{name}");
        }
    }

    #[test]
    fn nested_credentials_and_censored_values_are_secret_parts() {
        let hooks = json!([{"hook": "https://a/in", "headers": [{"key": "Authorization", "value": "Bearer x"},
                                                                {"key": "X-Team", "value": "a"}]},
                           {"hook": "https://b/in", "headers": {"X-Api-Key": "k", "Accept": "*/*"}},
                           {"hook": "https://c/in", "headers": {"a/b~": "••••••••••wxyz", "Accept-Encoding": "*"}}]);
        assert_eq!(
            secret_pointers("hooks", "mixed", &hooks),
            ["/0/headers/0/value", "/1/headers/X-Api-Key", "/2/headers/a~1b~0"]
        );
        let shown = masked("hooks", "mixed", &hooks, "(redacted)");
        assert_eq!(shown[0]["headers"][0]["value"], "(redacted)");
        assert_eq!(shown[0]["headers"][1]["value"], "a");
        assert_eq!(shown[1]["headers"]["X-Api-Key"], "(redacted)");
        assert_eq!(shown[1]["headers"]["Accept"], "*/*");
        assert_eq!(secret_pointers("sharedSecret", "string", &json!("s")), [""]);
        assert_eq!(secret_pointers("note", "string", &json!("••••")), [""]);
        assert!(secret_pointers("note", "string", &json!("****")).is_empty(), "a `*` is a secret only at one's place");
        assert_eq!(masked("apiKey", "string", &json!(null), "x"), json!(null), "nothing to hide");
    }
}
