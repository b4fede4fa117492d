//! Secrets, and the one place that keeps them out of output. A token lives in [`Secret`], whose `Debug` and
//! `Display` print `(redacted)`; the [`Scrubber`] knows the secret values of this process and removes them from
//! every line the printer writes; [`redact_headers`] and [`redact_body`] mask what `-vv` and `--dry-run` show of a
//! request (the Authorization header, config secrets, a new token). Only the commands whose job is to show a token
//! (`auth token`, `tokens create`) reveal one, through `Printer::reveal`.

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::Value;

pub const REDACTED: &str = "(redacted)";

/// Secrets shorter than this are not scrubbed from text: they would match ordinary words.
const MIN_SCRUBBED: usize = 4;

#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    /// The value, for the Authorization header, a signature key and `seg auth token`; nowhere else.
    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REDACTED)
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REDACTED)
    }
}

impl std::str::FromStr for Secret {
    type Err = std::convert::Infallible;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Secret(s.to_string()))
    }
}

/// The secret values this process holds (the token in use, once resolved): whatever the printer writes is passed
/// through [`Scrubber::scrub`], so a server that echoes the token cannot get it printed. Cheap to clone: clones
/// share one list.
#[derive(Clone, Default)]
pub struct Scrubber {
    secrets: Arc<Mutex<Vec<String>>>,
}

impl fmt::Debug for Scrubber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Scrubber")
    }
}

impl Scrubber {
    /// Adds a secret to remove from now on.
    pub fn add(&self, secret: &Secret) {
        if secret.expose().len() < MIN_SCRUBBED {
            return;
        }
        let mut secrets = self.secrets.lock().unwrap_or_else(PoisonError::into_inner);
        if !secrets.iter().any(|s| s == secret.expose()) {
            secrets.push(secret.expose().to_string());
        }
    }

    /// The text with every known secret replaced by `(redacted)`.
    pub fn scrub<'t>(&self, text: &'t str) -> Cow<'t, str> {
        let secrets = self.secrets.lock().unwrap_or_else(PoisonError::into_inner);
        let mut out = Cow::Borrowed(text);
        for secret in secrets.iter() {
            if out.contains(secret.as_str()) {
                out = Cow::Owned(out.replace(secret.as_str(), REDACTED));
            }
        }
        out
    }
}

/// Headers as `-vv`, `--dry-run`, `webhook listen`, `webhook log` and the inspector show them: credentials (any
/// header named like one: `wire::config::credential_name`) masked. An `Authorization` value keeps its scheme
/// (`Bearer (redacted)`), so a reader still sees which kind was sent; every other credential (a cookie's first
/// pair included) is masked whole.
pub fn redact_headers<'h>(headers: impl IntoIterator<Item = (&'h str, &'h str)>) -> Vec<(String, String)> {
    headers
        .into_iter()
        .map(|(name, value)| {
            let shown = if crate::wire::config::credential_name(name) {
                let scheme = value.split_once(' ').map(|(scheme, _)| scheme).filter(|scheme| {
                    name.to_ascii_lowercase().ends_with("authorization")
                        && !scheme.is_empty()
                        && scheme.len() <= 20
                        && scheme.chars().all(|c| c.is_ascii_alphabetic())
                });
                match scheme {
                    Some(scheme) => format!("{scheme} {REDACTED}"),
                    None => REDACTED.to_string(),
                }
            } else {
                value.to_string()
            };
            (name.to_string(), shown)
        })
        .collect()
}

/// A JSON body as `-vv` and `--dry-run` show it: the secret parts of config items (`wire::config::secret_pointers`:
/// `password` items, credentials by name, a hook's credential headers) and any other field named like a credential
/// (a new access token's `token`) masked. `-o json`, `yaml` and `ndjson` print the data whole; this is for logs and
/// previews.
pub fn redact_body(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if let Some((key, kind)) = config_item(map) {
                if let Some(v) = map.get_mut("value") {
                    *v = crate::wire::config::masked(&key, &kind, v, REDACTED);
                }
                return;
            }
            for (key, field) in map.iter_mut() {
                match &*field {
                    Value::String(s) if !s.is_empty() && crate::wire::config::credential_name(key) => {
                        *field = Value::String(REDACTED.into());
                    }
                    _ => redact_body(field),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(redact_body),
        _ => {}
    }
}

/// A config item (`{"name": ".../config/<key>", "value", "type"}`): its key and type.
fn config_item(map: &serde_json::Map<String, Value>) -> Option<(String, String)> {
    let Some(Value::String(name)) = map.get("name") else { return None };
    if !map.contains_key("value") {
        return None;
    }
    let key = name.rsplit_once("/config/").map_or(name.as_str(), |(_, key)| key);
    let kind = map.get("type").and_then(Value::as_str).unwrap_or_default();
    Some((key.to_string(), kind.to_string()))
}

/// Body bytes as `-vv` and `--dry-run` show them: JSON with secrets masked, or the text as it is.
pub fn redact_bytes(bytes: &[u8]) -> Cow<'_, str> {
    match serde_json::from_slice::<Value>(bytes) {
        Ok(mut value) => {
            redact_body(&mut value);
            Cow::Owned(value.to_string())
        }
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn never_prints_the_value() {
        let s = Secret::new("hunter2");
        assert_eq!(format!("{s} {s:?} {:?}", Some(&s)), "(redacted) (redacted) Some((redacted))");
        assert_eq!(s.expose(), "hunter2");
    }

    #[test]
    fn the_scrubber_removes_every_known_secret() {
        let scrubber = Scrubber::default();
        assert_eq!(scrubber.scrub("Bearer tok-123456"), "Bearer tok-123456");
        scrubber.clone().add(&Secret::new("tok-123456"));
        scrubber.add(&Secret::new("abc"));
        assert_eq!(scrubber.scrub("Bearer tok-123456 and tok-123456"), "Bearer (redacted) and (redacted)");
        assert_eq!(scrubber.scrub("abc"), "abc", "too short to scrub without mangling words");
    }

    #[test]
    fn headers_and_bodies_are_masked() {
        let shown = redact_headers([
            ("Authorization", "Bearer t0ken"),
            ("X-Api-Key", "k"),
            ("Accept", "x"),
            ("Cookie", "session=c00kie; theme=dark"),
            ("proxy-authorization", "Basic dXNlcjpwYXNz"),
            ("Authorization", "t0ken with spaces"),
            ("Authorization", "s3cr3t=1 x"),
            ("X-Auth-Token", "t"),
            ("x_client_secret", "t"),
            ("Set-Cookie", "a=b"),
            ("X-Signature", "6584c31d"),
        ]);
        let values: Vec<&str> = shown.iter().map(|(_, v)| v.as_str()).collect();
        assert_eq!(
            values,
            [
                "Bearer (redacted)",
                "(redacted)",
                "x",
                "(redacted)",
                "Basic (redacted)",
                "(redacted)",
                "(redacted)",
                "(redacted)",
                "(redacted)",
                "(redacted)",
                "6584c31d"
            ]
        );
        let mut body = json!({"destination": {"config": [
            {"name": "workspaces/w/sources/s/destinations/webhooks/config/sharedSecret", "value": "s3cret"},
            {"name": "workspaces/w/sources/s/destinations/ga/config/writeKey", "value": "k", "type": "password"},
            {"name": "workspaces/w/sources/s/destinations/ga/config/apiKey", "value": "k2", "type": "string"},
            {"name": "workspaces/w/sources/s/destinations/webhooks/config/hooks", "value": [{"hook": "h",
              "headers": [{"key": "Authorization", "value": "Bearer hdr"}]}]},
        ]}, "token": "new-token", "sharedSecret": "x"});
        redact_body(&mut body);
        let text = body.to_string();
        for secret in ["s3cret", "new-token", "\"k\"", "\"k2\"", "hdr"] {
            assert!(!text.contains(secret), "{secret}: {text}");
        }
        assert!(text.contains(r#"{"hook":"h","headers":[{"key":"Authorization","value":"(redacted)"}]}"#), "{text}");
        assert_eq!(redact_bytes(b"not json"), "not json");
    }
}
