//! The request Webhooks (Actions) sends: its `send` action run as the reference runs it (the destination in
//! `@segment/action-destinations`, driven by `@segment/actions-core`): the subscription's settings resolved for the
//! event, empty values dropped, the fields checked and coerced against the action's schema (`url` a URI, `method`
//! POST, PUT or PATCH, `headers` and `data` objects, `batch_size` a number), then the request the request client
//! builds: `user-agent: Segment (Actions)`, `x-signature` (lowercase hex HMAC-SHA1 of the body's `data` with the
//! shared secret), the mapping's headers, `content-type: application/json` when there is a body, and
//! `JSON.stringify(data)` as the body. A batch sends the array of each event's `data` to the first valid event's URL,
//! signed over that event's `data`. tests/it/actions_reference.rs compares every part with the reference's.
//!
//! Header names are the request client's: lower case, in its order (its own, then the mapping's sorted by name, one
//! line per name with repeated names' values joined by `, `). What the HTTP client adds (`host`, `content-length`,
//! `accept`) is not listed.

use std::fmt;

use hmac::{KeyInit, Mac};

use super::js;
use super::mapping::{Mapping, MappingError};
use crate::json::{self, JsObject, JsValue};

/// The request the destination sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub method: String,
    /// As the request client writes it (normalized as a WHATWG URL).
    pub url: String,
    /// In order, names in lower case.
    pub headers: Vec<(String, String)>,
    /// `JSON.stringify(data)`; none when the mapping resolves no `data`.
    pub body: Option<String>,
}

/// A batch's outcome: the one request (none when no event's fields are valid) and the events left out, by index.
#[derive(Debug, Clone, PartialEq)]
pub struct Batch {
    pub request: Option<Request>,
    pub refused: Vec<(usize, SendError)>,
}

/// Why nothing (or, in a batch, not this event) is sent.
#[derive(Debug, Clone, PartialEq)]
pub enum SendError {
    /// The settings do not resolve (or seg does not evaluate them).
    Mapping(MappingError),
    /// The resolved fields are not what the action takes (its schema).
    Payload(String),
    /// The request client refuses the request (a header name or value, the URL).
    Request(String),
}

impl fmt::Display for SendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SendError::Mapping(e) => e.fmt(f),
            SendError::Payload(why) => write!(f, "the mapping's fields are not valid: {why}"),
            SendError::Request(why) => write!(f, "the request cannot be sent: {why}"),
        }
    }
}

impl std::error::Error for SendError {}

impl From<MappingError> for SendError {
    fn from(e: MappingError) -> Self {
        SendError::Mapping(e)
    }
}

/// What `send` sends for one event.
pub fn send(settings: &Mapping, event: &JsObject, secret: Option<&str>) -> Result<Request, SendError> {
    let payload = checked(resolved(settings, event)?, true)?;
    let signed = payload.data.as_ref();
    request(&payload, signed, payload.data.as_ref().map(json::stringify), secret)
}

/// What `send` sends for a batch of events (with `enable_batching`): one request, or none.
pub fn send_batch(settings: &Mapping, events: &[JsObject], secret: Option<&str>) -> Result<Batch, SendError> {
    let resolved = events.iter().map(|e| resolved(settings, e)).collect::<Result<Vec<_>, _>>()?;
    let mut valid = Vec::new();
    let mut refused = Vec::new();
    for (i, fields) in resolved.into_iter().enumerate() {
        match checked(fields, false) {
            Ok(payload) => valid.push(payload),
            Err(e) => refused.push((i, e)),
        }
    }
    let Some(first) = valid.first() else { return Ok(Batch { request: None, refused }) };
    let body = JsValue::Array(valid.iter().map(|p| p.data.clone().unwrap_or(JsValue::Null)).collect());
    let request = request(first, first.data.as_ref(), Some(json::stringify(&body)), secret)?;
    Ok(Batch { request: Some(request), refused })
}

fn resolved(settings: &Mapping, event: &JsObject) -> Result<JsObject, SendError> {
    match settings.transform(event)? {
        Some(JsValue::Object(fields)) => Ok(fields),
        other => Err(SendError::Payload(format!(
            "the settings resolve to {}, not an object of fields",
            other.as_ref().map_or("nothing".into(), json::stringify)
        ))),
    }
}

/// The fields the action reads, after the schema's checks and coercions.
#[derive(Debug)]
struct Payload {
    url: String,
    method: String,
    headers: Option<JsObject>,
    data: Option<JsValue>,
}

/// The action's fields and their JSON Schema types.
#[derive(Clone, Copy, PartialEq)]
enum Type {
    String,
    Number,
    Object,
    StringArray,
}

const FIELDS: [(&str, Type); 6] = [
    ("url", Type::String),
    ("method", Type::String),
    ("batch_size", Type::Number),
    ("headers", Type::Object),
    ("data", Type::Object),
    ("batch_keys", Type::StringArray),
];

fn field_type(name: &str) -> Option<Type> {
    FIELDS.iter().find(|(n, _)| *n == name).map(|&(_, t)| t)
}

/// `removeEmptyValues` (a `null` where the type has no null, a `""` where it is not a string, and at the top of a
/// single event's fields any `""`, are dropped), then the schema's validation with its coercions (`coerceTypes:
/// "array"`: a one-item array stands for its item, numbers and booleans become strings and the reverse) and
/// `removeAdditional` (fields the action does not have are dropped).
fn checked(fields: JsObject, root: bool) -> Result<Payload, SendError> {
    let mut kept = JsObject::new();
    for (key, value) in fields.ordered() {
        let name = key.to_string_lossy();
        let value = match field_type(&name) {
            None => Some(value.clone()),
            Some(t) => without_empty(value, t),
        };
        match value {
            None => {}
            Some(JsValue::String(s)) if s.0.is_empty() && root => {}
            Some(value) => kept.insert(key.clone(), value),
        }
    }
    let invalid = |why: String| Err(SendError::Payload(why));
    let mut payload = Payload { url: String::new(), method: String::new(), headers: None, data: None };
    let mut faults = Vec::new();
    for (name, t) in FIELDS {
        let Some(value) = kept.get(name) else {
            if name == "url" || name == "method" {
                faults.push(format!("{name} is required"));
            }
            continue;
        };
        match (name, t) {
            ("url", _) => match coerce_string(value) {
                Some(url) if is_uri(&url) => payload.url = url,
                _ => faults.push("url must be a URI".into()),
            },
            ("method", _) => match coerce_string(value) {
                Some(m) if ["POST", "PUT", "PATCH"].contains(&m.as_str()) => payload.method = m,
                _ => faults.push("method must be one of POST, PUT or PATCH".into()),
            },
            (_, Type::Number) if coerce_number(value).is_none() => faults.push(format!("{name} must be a number")),
            (_, Type::Object) => match value {
                JsValue::Object(object) if name == "headers" => payload.headers = Some(object.clone()),
                JsValue::Object(_) => payload.data = Some(value.clone()),
                _ => faults.push(format!("{name} must be an object")),
            },
            (_, Type::StringArray) => {
                let items = match value {
                    JsValue::Array(items) => items.clone(),
                    other => vec![other.clone()],
                };
                if items.iter().any(|item| coerce_string(item).is_none()) {
                    faults.push(format!("{name} must be a list of strings"));
                }
            }
            _ => {}
        }
    }
    if !faults.is_empty() {
        return invalid(faults.join("; "));
    }
    Ok(payload)
}

/// `removeEmptyValues` of one field: `None` drops it.
fn without_empty(value: &JsValue, t: Type) -> Option<JsValue> {
    match (value, t) {
        (JsValue::Array(items), Type::StringArray) => Some(JsValue::Array(
            items.iter().filter(|item| without_empty(item, Type::String).is_some()).cloned().collect(),
        )),
        (JsValue::Array(_) | JsValue::Object(_), _) => Some(value.clone()),
        (JsValue::Null, _) => None,
        (JsValue::String(s), t) if s.0.is_empty() && t != Type::String => None,
        _ => Some(value.clone()),
    }
}

/// A one-item array stands for its item (`coerceTypes: "array"`).
fn unwrapped(value: &JsValue) -> &JsValue {
    match value {
        JsValue::Array(items) if items.len() == 1 => &items[0],
        other => other,
    }
}

/// The schema's string, coerced as its validator coerces (numbers and booleans as `String(x)`, null as "").
fn coerce_string(value: &JsValue) -> Option<String> {
    match unwrapped(value) {
        JsValue::String(s) => Some(s.to_string_lossy()),
        JsValue::Number(n) => Some(json::number_to_string(*n)),
        JsValue::Bool(b) => Some(b.to_string()),
        JsValue::Null => Some(String::new()),
        _ => None,
    }
}

fn coerce_number(value: &JsValue) -> Option<f64> {
    match unwrapped(value) {
        JsValue::Number(n) => Some(*n),
        JsValue::Bool(b) => Some(f64::from(u8::from(*b))),
        JsValue::Null => Some(0.0),
        JsValue::String(s) if !s.0.is_empty() => Some(js::string_to_number(&s.0)).filter(|n| !n.is_nan()),
        _ => None,
    }
}

// ---- the `uri` format (ajv-formats, "full" mode) ----

fn is_hex(b: u8) -> bool {
    b.is_ascii_hexdigit()
}

fn is_unreserved_or_sub(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=".contains(&b)
}

fn is_pchar(b: u8) -> bool {
    is_unreserved_or_sub(b) || b == b':' || b == b'@'
}

/// Whether `text` is made of the bytes `allowed` accepts and `%XX` escapes, and nothing else.
fn made_of(text: &[u8], allowed: impl Fn(u8) -> bool) -> bool {
    let mut i = 0;
    while i < text.len() {
        if text[i] == b'%' {
            if !(i + 2 < text.len() && is_hex(text[i + 1]) && is_hex(text[i + 2])) {
                return false;
            }
            i += 3;
        } else if allowed(text[i]) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

/// ajv-formats' `uri`: a scheme, then an RFC 3986 hierarchical part (any non-empty run of path characters and `/`
/// matches one of its forms, since a host may be empty; brackets only as an IP literal's), a query, a fragment.
fn is_uri(text: &str) -> bool {
    let b = text.as_bytes();
    if !text.contains(['/', ':']) {
        return false;
    }
    let Some(colon) = b.iter().position(|&c| c == b':') else { return false };
    let scheme = &b[..colon];
    if scheme.is_empty()
        || !scheme[0].is_ascii_alphabetic()
        || !scheme.iter().all(|&c| c.is_ascii_alphanumeric() || b"+-.".contains(&c))
    {
        return false;
    }
    let rest = &b[colon + 1..];
    let hier_end = rest.iter().position(|&c| c == b'?' || c == b'#').unwrap_or(rest.len());
    let (hier, tail) = rest.split_at(hier_end);
    let (query, fragment) = match tail.iter().position(|&c| c == b'#') {
        Some(hash) => (&tail[..hash], Some(&tail[hash + 1..])),
        None => (tail, None),
    };
    let query_ok =
        query.is_empty() || (query[0] == b'?' && made_of(&query[1..], |c| is_pchar(c) || c == b'/' || c == b'?'));
    let fragment_ok = fragment.is_none_or(|f| made_of(f, |c| is_pchar(c) || c == b'/' || c == b'?'));
    query_ok && fragment_ok && hierarchical(hier)
}

fn hierarchical(hier: &[u8]) -> bool {
    if !hier.contains(&b'[') && !hier.contains(&b']') {
        return !hier.is_empty() && made_of(hier, |c| is_pchar(c) || c == b'/');
    }
    // An IP literal: `/` or `//`, an optional user, `[...]`, an optional port, a path.
    let after = hier.strip_prefix(b"//").or_else(|| hier.strip_prefix(b"/"));
    let Some(after) = after else { return false };
    let Some(open) = after.iter().position(|&c| c == b'[') else { return false };
    let (user, literal) = after.split_at(open);
    let user_ok = user.is_empty()
        || (user.ends_with(b"@") && made_of(&user[..user.len() - 1], |c| is_unreserved_or_sub(c) || c == b':'));
    if !user_ok {
        return false;
    }
    let Some(close) = literal.iter().position(|&c| c == b']') else { return false };
    if !ip_literal(&literal[1..close]) {
        return false;
    }
    let mut rest = &literal[close + 1..];
    if let Some(port) = rest.strip_prefix(b":") {
        let digits = port.iter().take_while(|c| c.is_ascii_digit()).count();
        rest = &port[digits..];
    }
    (rest.is_empty() || rest[0] == b'/') && made_of(rest, |c| is_pchar(c) || c == b'/')
}

fn ip_literal(inside: &[u8]) -> bool {
    if let Some(future) = inside.strip_prefix(b"v").or_else(|| inside.strip_prefix(b"V")) {
        let Some(dot) = future.iter().position(|&c| c == b'.') else { return false };
        return dot > 0
            && future[..dot].iter().all(|&c| is_hex(c))
            && dot + 1 < future.len()
            && future[dot + 1..].iter().all(|&c| is_unreserved_or_sub(c) || c == b':');
    }
    ipv6(inside)
}

fn ipv4(text: &[u8]) -> bool {
    let parts: Vec<&[u8]> = text.split(|&c| c == b'.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            (1..=3).contains(&p.len())
                && p.iter().all(u8::is_ascii_digit)
                && std::str::from_utf8(p).ok().and_then(|s| s.parse::<u16>().ok()).is_some_and(|n| n <= 255)
        })
}

/// RFC 3986's IPv6address: eight 16-bit pieces (the last two may be an IPv4 address), `::` standing for one or more.
fn ipv6(text: &[u8]) -> bool {
    let h16 = |p: &[u8]| (1..=4).contains(&p.len()) && p.iter().all(|&c| is_hex(c));
    let pieces = |side: &[u8]| -> Option<Vec<Vec<u8>>> {
        if side.is_empty() {
            return Some(Vec::new());
        }
        Some(side.split(|&c| c == b':').map(<[u8]>::to_vec).collect())
    };
    // The count of 16-bit pieces a list stands for, if every piece is valid (an IPv4 address only last).
    let count = |list: &[Vec<u8>], last_side: bool| -> Option<usize> {
        let mut n = 0;
        for (i, p) in list.iter().enumerate() {
            if last_side && i + 1 == list.len() && ipv4(p) {
                n += 2;
            } else if h16(p) {
                n += 1;
            } else {
                return None;
            }
        }
        Some(n)
    };
    let joined = text.windows(2).position(|w| w == b"::");
    match joined {
        None => pieces(text).and_then(|l| count(&l, true)) == Some(8),
        Some(at) => {
            let (left, right) = (&text[..at], &text[at + 2..]);
            if right.windows(2).any(|w| w == b"::") {
                return false;
            }
            let (Some(l), Some(r)) =
                (pieces(left).and_then(|l| count(&l, false)), pieces(right).and_then(|r| count(&r, true)))
            else {
                return false;
            };
            // `::` is at least one piece; an IPv4 tail needs two more after `::` (the regex's forms).
            l + r <= 7
        }
    }
}

// ---- the request client ----

/// The URL as the request client writes it: parsed and written back as a WHATWG URL, then as Node's legacy
/// `url.format(url.parse(...))` writes it (`'` escaped, a user name re-encoded); only HTTP(S) with a host is sent.
fn written_url(url: &str) -> Result<String, SendError> {
    let parsed = url::Url::parse(url).map_err(|e| SendError::Request(format!("Invalid URL ({e})")))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(SendError::Request("Only HTTP(S) protocols are supported".into()));
    }
    if parsed.host_str().is_none_or(str::is_empty) {
        return Err(SendError::Request("Only absolute URLs are supported".into()));
    }
    let text = parsed.as_str();
    let authority_end = text.find("//").map_or(0, |i| {
        let start = i + 2;
        start + text[start..].find(['/', '?', '#']).unwrap_or(text.len() - start)
    });
    let (head, tail) = text.split_at(authority_end);
    let head = match head
        .split_once("//")
        .and_then(|(scheme, rest)| rest.rsplit_once('@').map(|(user, host)| (scheme, user, host)))
    {
        Some((scheme, user, host)) => format!("{scheme}//{}@{host}", legacy_user(user)?),
        None => head.to_owned(),
    };
    Ok(format!("{head}{}", tail.replace('\'', "%27")))
}

/// Node's legacy URL writing of a user: `encodeURIComponent(decodeURIComponent(user))`, its first `%3A` as `:`.
fn legacy_user(user: &str) -> Result<String, SendError> {
    let bytes: Vec<u8> = {
        let b = user.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'%' && i + 2 < b.len() && is_hex(b[i + 1]) && is_hex(b[i + 2]) {
                let hex = std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("00");
                out.push(u8::from_str_radix(hex, 16).unwrap_or(0));
                i += 3;
            } else {
                out.push(b[i]);
                i += 1;
            }
        }
        out
    };
    let decoded = String::from_utf8(bytes).map_err(|_| SendError::Request("URI malformed".into()))?;
    let mut out = String::new();
    for byte in decoded.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    Ok(out.replacen("%3A", ":", 1))
}

/// node-fetch's header name check (an HTTP token) and value check (tab, visible ASCII, Latin-1).
fn header_name_ok(name: &[u16]) -> bool {
    !name.is_empty()
        && name.iter().all(|&u| {
            u < 0x80 && (u8::try_from(u).is_ok_and(|b| b.is_ascii_alphanumeric() || b"^_`-!#$%&'*+.|~".contains(&b)))
        })
}

fn header_value_ok(value: &[u16]) -> bool {
    value.iter().all(|&u| u == 0x09 || (0x20..=0x7E).contains(&u) || (0x80..=0xFF).contains(&u))
}

/// A header line's text as Node writes a Latin-1 string.
fn latin1(units: &[u16]) -> String {
    units.iter().map(|&u| char::from(u8::try_from(u).unwrap_or(b'?'))).collect()
}

/// Sets a header as the request client's `Headers` does: an existing name (in any case) keeps its place.
fn set(headers: &mut Vec<(String, String)>, name: &str, value: String) {
    match headers.iter_mut().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        Some(slot) => slot.1 = value,
        None => headers.push((name.to_ascii_lowercase(), value)),
    }
}

fn request(
    payload: &Payload,
    signed: Option<&JsValue>,
    body: Option<String>,
    secret: Option<&str>,
) -> Result<Request, SendError> {
    let mut headers = vec![("user-agent".to_owned(), "Segment (Actions)".to_owned())];
    if let (Some(secret), Some(data)) = (secret.filter(|s| !s.is_empty()), signed) {
        let mut mac = hmac::Hmac::<sha1::Sha1>::new_from_slice(secret.as_bytes())
            .unwrap_or_else(|_| unreachable!("HMAC takes any key"));
        mac.update(json::stringify(data).as_bytes());
        set(&mut headers, "x-signature", hex::encode(mac.finalize().into_bytes()));
    }
    if let Some(mapped) = &payload.headers {
        // One entry per name (in any case, the first spelling kept), the values joined, sorted by that spelling.
        let mut named: Vec<(Vec<u16>, Vec<Vec<u16>>)> = Vec::new();
        for (name, value) in mapped.ordered() {
            let text = js::Val::from_js(value).map_err(|e| SendError::Request(e.0))?.to_js_string();
            if !header_name_ok(&name.0) {
                return Err(SendError::Request(format!("{} is not a legal HTTP header name", name.to_string_lossy())));
            }
            if !header_value_ok(&text) {
                return Err(SendError::Request(format!("{} is not a legal HTTP header value", js::text(&text))));
            }
            match named.iter_mut().find(|(n, _)| n.eq_ignore_ascii_case(&name.0)) {
                Some((_, values)) => values.push(text),
                None => named.push((name.0.clone(), vec![text])),
            }
        }
        named.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, values) in named {
            let name = latin1(&name);
            let value = values.iter().map(|v| latin1(v)).collect::<Vec<_>>().join(", ");
            if value == "undefined" {
                headers.retain(|(n, _)| !n.eq_ignore_ascii_case(&name));
            } else {
                set(&mut headers, &name, value);
            }
        }
    }
    if body.is_some() {
        set(&mut headers, "content-type", "application/json".into());
    }
    Ok(Request { method: payload.method.clone(), url: written_url(&payload.url)?, headers, body })
}

trait IgnoreAsciiCase {
    fn eq_ignore_ascii_case(&self, other: &Self) -> bool;
}

impl IgnoreAsciiCase for Vec<u16> {
    fn eq_ignore_ascii_case(&self, other: &Self) -> bool {
        let fold = |u: u16| if (u16::from(b'A')..=u16::from(b'Z')).contains(&u) { u + 32 } else { u };
        self.len() == other.len() && self.iter().zip(other).all(|(&a, &b)| fold(a) == fold(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn object(text: &str) -> JsObject {
        match json::parse(text.as_bytes()).unwrap() {
            JsValue::Object(o) => o,
            _ => unreachable!(),
        }
    }

    #[test]
    fn one_event_signed() {
        let settings = Mapping::new(
            json::parse(
                br#"{"url":"https://example.com/a","method":"POST","headers":{"X-A":"b"},"data":{"@path":"$."}}"#,
            )
            .unwrap(),
        )
        .unwrap();
        let event = object(r#"{"type":"track","event":"x","properties":{"a":1}}"#);
        let sent = send(&settings, &event, Some("k")).unwrap();
        assert_eq!(sent.url, "https://example.com/a");
        assert_eq!(
            sent.headers,
            [
                ("user-agent".into(), "Segment (Actions)".into()),
                ("x-signature".into(), "8cc21413034008b9c1839c64b7a821580cde70de".into()),
                ("x-a".into(), "b".into()),
                ("content-type".into(), "application/json".into()),
            ]
        );
        assert_eq!(sent.body.as_deref(), Some(r#"{"type":"track","event":"x","properties":{"a":1}}"#));
    }

    #[test]
    fn uri_format() {
        for ok in
            ["https://e.com", "http://[::1]:80/x", "urn:isbn:1", "mailto:a@b", "http://a.com/?q=1#f", "x://[v1.a]"]
        {
            assert!(is_uri(ok), "{ok}");
        }
        for bad in ["nope", "http://a b", "://x", "1http://x", "http://a.com/%zz", "http:", "http://[::1", "http://a|b"]
        {
            assert!(!is_uri(bad), "{bad}");
        }
    }
}
