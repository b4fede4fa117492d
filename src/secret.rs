//! Secrets, and the one place that keeps them out of output. A token lives in [`Secret`], whose `Debug` and
//! `Display` print `(redacted)`; the [`Scrubber`] knows the secret values of this process and removes them from
//! every line the printer writes; [`redact_headers`] and [`redact_body`] mask what `-vv` and `--dry-run` show of a
//! request (the Authorization header, config secrets, a new token), and [`redact_urls`] masks the credentials a URL
//! carries wherever seg shows one. Only the commands whose job is to show a token
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
                    // What is left shown may hold a URL with credentials (a hook's).
                    redact_body(v);
                }
                return;
            }
            // A pair that names a credential (`{"key": "Authorization", "value": V}`, a hook's header in the Public
            // API's `settings` or anywhere else): its value is the secret.
            let named = ["key", "name"].iter().find_map(|k| map.get(*k)).and_then(Value::as_str);
            let pair = named.is_some_and(crate::wire::config::credential_name);
            for (key, field) in map.iter_mut() {
                match &*field {
                    // A secret by its name, whatever its JSON type (a `sharedSecret` of digits is a number): as
                    // `wire::config::secret_pointers` says what export writes as a reference.
                    Value::String(s) if s.is_empty() => {}
                    value if crate::wire::config::credential_name(key) && !value.is_null() && !value.is_object() => {
                        *field = Value::String(REDACTED.into());
                    }
                    value if pair && key == "value" && !value.is_null() => *field = Value::String(REDACTED.into()),
                    _ => redact_body(field),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(redact_body),
        // A hook's URL, or any other, with credentials in it.
        Value::String(text) => {
            if let Cow::Owned(masked) = redact_urls(text) {
                *text = masked;
            }
        }
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

/// Body bytes as `-vv` and `--dry-run` show them: JSON with secrets masked, or the text with its URLs' credentials
/// masked.
pub fn redact_bytes(bytes: &[u8]) -> Cow<'_, str> {
    match serde_json::from_slice::<Value>(bytes) {
        Ok(mut value) => {
            redact_body(&mut value);
            Cow::Owned(value.to_string())
        }
        Err(_) => match String::from_utf8_lossy(bytes) {
            Cow::Borrowed(text) => redact_urls(text),
            Cow::Owned(text) => Cow::Owned(redact_urls(&text).into_owned()),
        },
    }
}

/// Text with the credentials of every URL in it masked, the one way seg shows a URL it was given or configured with
/// (`send --url`, a hook, `listen --forward-to`, `replay --to`) anywhere but in the request itself:
/// `https://user:pass@host/` becomes `https://user:(redacted)@host/`, and `https://token@host/` (a user name alone
/// is usually a token) `https://(redacted)@host/`. An http(s) URL is read as clients read it (WHATWG): after
/// `http:` or `https:` and any slashes or backslashes, the authority runs to the first `/`, `\`, `?` or `#`, and its
/// userinfo ends at its last `@`. Any other scheme (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`) counts
/// when `//` follows it, so `ftp://user:pw@host` in an error that refuses it is masked too. The scan also stops at
/// whitespace, quotes and control characters, so a URL is found inside a sentence, an error message or a JSON text,
/// and the rest of the text is left byte for byte.
pub fn redact_urls(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut out: Option<String> = None;
    // Where the text not yet copied to `out` starts.
    let mut copied = 0;
    let mut at = 0;
    while let Some(found) = find_scheme(bytes, at) {
        let mut start = found;
        while start < bytes.len() && matches!(bytes[start], b'/' | b'\\') {
            start += 1;
        }
        let end = bytes[start..]
            .iter()
            .position(|&b| {
                matches!(b, b'/' | b'\\' | b'?' | b'#' | b'"' | b'\'' | b'<' | b'>' | b'`')
                    || b.is_ascii_whitespace()
                    || b.is_ascii_control()
            })
            .map_or(bytes.len(), |n| start + n);
        at = end.max(found);
        // The authority is ASCII-delimited, so these are char boundaries.
        let authority = &text[start..end];
        let Some(last_at) = authority.rfind('@') else { continue };
        let userinfo = &authority[..last_at];
        let masked = match userinfo.split_once(':') {
            Some((user, _)) => format!("{user}:{REDACTED}"),
            None => REDACTED.to_string(),
        };
        let out = out.get_or_insert_with(|| String::with_capacity(text.len()));
        out.push_str(&text[copied..start]);
        out.push_str(&masked);
        copied = start + last_at;
    }
    match out {
        None => Cow::Borrowed(text),
        Some(mut out) => {
            out.push_str(&text[copied..]);
            Cow::Owned(out)
        }
    }
}

/// A URL that seg was given with credentials (the shared rate budget's `redis://USER:PASSWORD@HOST`) as every output
/// but `config get` shows it: whatever stands between `://` and the last `@` is the user information, and all of it
/// after the user name is masked (`redis://user:(redacted)@host/0`; a user name alone may be a password: masked
/// whole); and so is the value of every query parameter that names a password ([`PASSWORD_PARAMETERS`]:
/// `redis://host?password=(redacted)`). Read this way, not by a URL parser, so a value that is not a valid URL is
/// masked all the same (without `://`, all before the last `@` is the user information).
pub fn redact_credentials(url: &str) -> Cow<'_, str> {
    let start = url.find("://").map_or(0, |at| at + 3);
    let url = match url.rfind('@').filter(|end| *end >= start) {
        None => Cow::Borrowed(url),
        Some(end) => {
            let masked = match url[start..end].split_once(':') {
                Some((user, _)) => format!("{user}:{REDACTED}"),
                None => REDACTED.to_string(),
            };
            Cow::Owned(format!("{}{masked}{}", &url[..start], &url[end..]))
        }
    };
    let passwords = query_passwords(&url);
    if passwords.is_empty() {
        return url;
    }
    let mut out = String::with_capacity(url.len());
    let mut copied = 0;
    for value in passwords {
        out.push_str(&url[copied..value.start]);
        out.push_str(REDACTED);
        copied = value.end;
    }
    out.push_str(&url[copied..]);
    Cow::Owned(out)
}

/// The query parameters whose value is a password, in any case (`redis://h?password=...`; the redis crate reads
/// `pass` in a `redis+unix` URL).
pub const PASSWORD_PARAMETERS: [&str; 4] = ["password", "pass", "passwd", "pwd"];

/// Where the values of a URL's password parameters ([`PASSWORD_PARAMETERS`]) stand in it: after the first `?`,
/// before a `#`.
fn query_passwords(url: &str) -> Vec<std::ops::Range<usize>> {
    let Some(query) = url.find('?').map(|at| at + 1) else { return Vec::new() };
    let end = url[query..].find('#').map_or(url.len(), |at| query + at);
    let mut values = Vec::new();
    let mut at = query;
    for pair in url[query..end].split('&') {
        if let Some((name, value)) = pair.split_once('=') {
            let name: String = form_urlencoded::parse(name.as_bytes()).map(|(k, _)| k.into_owned()).collect();
            if !value.is_empty() && PASSWORD_PARAMETERS.iter().any(|p| p.eq_ignore_ascii_case(name.trim())) {
                values.push(at + pair.len() - value.len()..at + pair.len());
            }
        }
        at += pair.len() + 1;
    }
    values
}

/// The passwords a URL carries in its query ([`PASSWORD_PARAMETERS`]), as written and as decoded, for the
/// printer's scrubber.
pub fn query_secrets(url: &str) -> Vec<String> {
    let mut secrets = Vec::new();
    for range in query_passwords(url) {
        let written = &url[range];
        secrets.push(written.to_string());
        let decoded: String =
            form_urlencoded::parse(format!("x={written}").as_bytes()).map(|(_, v)| v.into_owned()).collect();
        if decoded != written {
            secrets.push(decoded);
        }
    }
    secrets
}

/// The index just after the next `http:` or `https:` (any case) at or after `from`.
fn find_scheme(bytes: &[u8], from: usize) -> Option<usize> {
    let scheme_char = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.');
    (from..bytes.len()).find_map(|i| {
        let rest = &bytes[i..];
        let http = ["http:", "https:"]
            .iter()
            .find(|scheme| rest.len() >= scheme.len() && rest[..scheme.len()].eq_ignore_ascii_case(scheme.as_bytes()))
            .map(|scheme| i + scheme.len());
        if http.is_some() {
            return http;
        }
        // `scheme://`: the colon at `i`, a scheme before it that starts with a letter.
        if !rest.starts_with(b"://") {
            return None;
        }
        let start = (0..i).rev().take_while(|&j| scheme_char(bytes[j])).last()?;
        let first_letter = (start..i).find(|&j| bytes[j].is_ascii_alphabetic())?;
        (first_letter < i).then_some(i + 1)
    })
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
        ]}, "token": "new-token", "sharedSecret": "x", "settings": {"sharedSecret": 987654321, "apiKey": [7]}});
        redact_body(&mut body);
        assert!(!body.to_string().contains("987654321"), "a secret by its name, whatever its type: {body}");
        let text = body.to_string();
        for secret in ["s3cret", "new-token", "\"k\"", "\"k2\"", "hdr"] {
            assert!(!text.contains(secret), "{secret}: {text}");
        }
        assert!(text.contains(r#"{"hook":"h","headers":[{"key":"Authorization","value":"(redacted)"}]}"#), "{text}");
        // The Public API's shape: settings by key, a hook's headers as pairs or as a map.
        let mut body = json!({"data": {"destination": {"id": "d", "settings": {"sharedSecret": "••••••••••9f3c",
            "apiKey": "k3", "hooks": [{"hook": "https://u:pw@h/in", "headers": [{"key": "Authorization", "value": "Basic eDp5"}]},
                                       {"hook": "h2", "headers": {"X-Api-Key": "map-k"}}], "region": "eu"}}}});
        redact_body(&mut body);
        let text = body.to_string();
        for secret in ["9f3c", "k3", "eDp5", "map-k", ":pw@"] {
            assert!(!text.contains(secret), "{secret}: {text}");
        }
        assert!(text.contains(r#""region":"eu""#) && text.contains(r#""key":"Authorization""#), "{text}");
        assert_eq!(redact_bytes(b"not json"), "not json");
        assert_eq!(redact_bytes(b"to http://u:p@h/ now"), "to http://u:(redacted)@h/ now");
        let mut hooks =
            json!({"destination": {"config": [{"name": "x/config/hooks", "value": [{"hook": "https://u:pw@h/x"}]}]}});
        redact_body(&mut hooks);
        assert_eq!(hooks["destination"]["config"][0]["value"][0]["hook"], "https://u:(redacted)@h/x");
    }

    #[test]
    fn a_budget_url_shows_its_user_and_never_its_password() {
        for (url, shown) in [
            ("redis://alice:s3cret@host:6379/2", "redis://alice:(redacted)@host:6379/2"),
            ("rediss://:s3cret@host", "rediss://:(redacted)@host"),
            ("redis://s3cret@host", "redis://(redacted)@host"),
            // A password with an unencoded `@`, `/` or `:`: the last @ ends it all the same.
            ("redis://u:p@ss/w:rd@host/0", "redis://u:(redacted)@host/0"),
            ("redis://host:6379/0", "redis://host:6379/0"),
            ("not a url but:pw@x", "not a url but:(redacted)@x"),
            ("x://:pw@h", "x://:(redacted)@h"),
            // A password in the query, under any of its names and cases, beside other parameters.
            ("redis://h:6379?password=hunter2", "redis://h:6379?password=(redacted)"),
            ("rediss://h/0?password=hunter2", "rediss://h/0?password=(redacted)"),
            ("redis://h/0?protocol=resp3&PASS=hunter2#x", "redis://h/0?protocol=resp3&PASS=(redacted)#x"),
            ("redis://u:pw@h/0?pwd=a%26b&passwd=c", "redis://u:(redacted)@h/0?pwd=(redacted)&passwd=(redacted)"),
            ("redis://h?password=", "redis://h?password="),
            ("redis://h?passwords=x&user=pass", "redis://h?passwords=x&user=pass"),
        ] {
            assert_eq!(redact_credentials(url), shown, "{url}");
        }
        assert_eq!(query_secrets("redis://h?password=hunter2&x=1"), ["hunter2"]);
        assert_eq!(query_secrets("redis://h?pass=a%26b+c"), ["a%26b+c", "a&b c"]);
        assert!(query_secrets("redis://u:pw@h/0").is_empty());
    }

    #[test]
    fn credentials_in_urls_are_masked_wherever_the_url_stands() {
        for (text, shown) in [
            ("https://user:pass@host/x", "https://user:(redacted)@host/x"),
            ("https://tok3n@host/", "https://(redacted)@host/"),
            ("HTTP://u:p%40ss@h:80?q#f", "HTTP://u:(redacted)@h:80?q#f"),
            // The last @ ends the userinfo, as clients read it; a backslash ends the authority.
            ("http://u:a@b@h\\x@y", "http://u:(redacted)@h\\x@y"),
            // WHATWG reads `http:u:p@h` and `http:\\u:p@h` as `http://u:p@h`.
            ("http:u:p@h/", "http:u:(redacted)@h/"),
            ("http:\\\\u:p@h/", "http:\\\\u:(redacted)@h/"),
            (
                "cannot reach http://a:b@h/x and https://c@d/: refused",
                "cannot reach http://a:(redacted)@h/x and https://(redacted)@d/: refused",
            ),
            (r#"{"hook":"http://u:p@h/","x":"y@z"}"#, r#"{"hook":"http://u:(redacted)@h/","x":"y@z"}"#),
            ("http://h/path@x", "http://h/path@x"),
            ("http://h?u:p@x", "http://h?u:p@x"),
            ("mail me@host or see http://host/", "mail me@host or see http://host/"),
            ("http://é:p@h/ ünïcode", "http://é:(redacted)@h/ ünïcode"),
            ("http:", "http:"),
            ("", ""),
            // Any scheme with an authority, as RFC 3986 spells schemes.
            ("ftp://user:pw-s3cret@files.example/x", "ftp://user:(redacted)@files.example/x"),
            ("invalid URL \"sftp://tok@h\": use http", "invalid URL \"sftp://(redacted)@h\": use http"),
            ("git+ssh://git:pw@h/r.git", "git+ssh://git:(redacted)@h/r.git"),
            ("WS://u:p@h", "WS://u:(redacted)@h"),
            ("redis://:pw@h:6379/0", "redis://:(redacted)@h:6379/0"),
            // Not a URL with an authority: left as it is.
            ("mailto:me@host.example", "mailto:me@host.example"),
            ("error: bob@host", "error: bob@host"),
            ("://u:p@h", "://u:p@h"),
            ("1+://u:p@h", "1+://u:p@h"),
        ] {
            assert_eq!(redact_urls(text), shown, "{text}");
        }
        assert!(matches!(redact_urls("http://h/"), Cow::Borrowed(_)));
    }
}
