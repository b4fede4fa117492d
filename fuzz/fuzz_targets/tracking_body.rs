//! The emulator's tracking endpoints (`/v1/track`, ..., `/v1/batch`: `emulator::tracking_bodies`, the reading and
//! checks `seg serve` runs before it queues a delivery) on arbitrary bodies and on JSON shaped like tracking calls.
//!
//! It never panics or overflows the stack; a body is refused with a message, or every call it holds becomes a
//! webhook body that docs/WEBHOOKS.md allows: a JSON object in JSON.stringify form (stringify(parse(x)) is x), with
//! exactly its type's keys in its type's order (then a `context` when the type lists none), `type` the call's type,
//! `version` 1, ids as strings or `null`, and a timestamp in UTC with milliseconds (`2012-12-02T00:30:08.276Z`). A
//! single call's path gives one body of its type; a batch gives one body per item, each of its item's type. A body
//! that is no JSON object is refused.

#![no_main]
// libFuzzer's `fuzz_target!` expands to a `File::create` (for its crash artifacts), which the product's clippy.toml
// forbids outside the effect gate; the target itself writes nothing.
#![allow(clippy::disallowed_methods)]

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use seg::emulator::tracking_bodies;
use seg::json::{self, JsValue};
use seg::wire::message::{MessageType, Slot};
use serde_json::{Map, Value, json};

const PATHS: &[&str] =
    &["/v1/track", "/v1/identify", "/v1/page", "/v1/screen", "/v1/group", "/v1/alias", "/v1/batch", "/v1/delete"];

const FIELDS: &[&str] = &[
    "type",
    "userId",
    "anonymousId",
    "event",
    "name",
    "groupId",
    "previousId",
    "messageId",
    "timestamp",
    "sentAt",
    "properties",
    "traits",
    "context",
    "integrations",
    "All",
    "Webhooks",
    "device",
    "os",
    "app",
    "model",
    "version",
    "build",
    "path",
    "referrer",
    "title",
    "url",
    "10",
    "0",
    "01",
];

const TYPES: &[&str] = &["track", "identify", "page", "screen", "group", "alias", "delete", "Track", ""];

const TIMES: &[&str] = &[
    "2012-12-02T00:30:08.276Z",
    "2020-01-02T03:04:05+01:00",
    "2020-01-02T03:04:05.123456",
    "2020-01-02",
    "yesterday",
    "9999-12-31T23:59:59.999Z",
    "-000001-01-01T00:00:00Z",
];

/// A leaf: the values a tracking call's fields take, and odd ones.
fn leaf(u: &mut Unstructured) -> Result<Value> {
    Ok(match u.int_in_range(0..=9)? {
        0 => Value::Null,
        1 => Value::Bool(u.arbitrary()?),
        2 => json!(u.arbitrary::<i64>()?),
        3 => serde_json::Number::from_f64(u.arbitrary()?).map_or(Value::Null, Value::Number),
        4 => Value::String((*u.choose(TYPES)?).to_string()),
        5 => Value::String((*u.choose(TIMES)?).to_string()),
        _ => Value::String(u.arbitrary()?),
    })
}

/// JSON shaped like a tracking call: objects keyed by its field names.
fn shaped(u: &mut Unstructured, depth: usize) -> Result<Value> {
    if depth == 0 || u.ratio(1, 3)? {
        return leaf(u);
    }
    Ok(if u.ratio(1, 5)? {
        Value::Array((0..u.int_in_range(0..=3)?).map(|_| shaped(u, depth - 1)).collect::<Result<_>>()?)
    } else {
        let mut object = Map::new();
        for _ in 0..u.int_in_range(0..=6)? {
            let key = if u.ratio(7, 8)? { (*u.choose(FIELDS)?).to_string() } else { u.arbitrary()? };
            object.insert(key, shaped(u, depth - 1)?);
        }
        Value::Object(object)
    })
}

/// A call that passes the checks more often than chance would: an id, the type's required field, maybe a time.
fn call(u: &mut Unstructured, kind: Option<&str>) -> Result<Value> {
    let mut object = match shaped(u, 4)? {
        Value::Object(object) => object,
        _ => Map::new(),
    };
    if let Some(kind) = kind {
        object.insert("type".into(), Value::String(kind.into()));
    }
    if u.ratio(3, 4)? {
        object.insert(
            "userId".into(),
            if u.arbitrary()? { json!(u.arbitrary::<String>()?) } else { json!(u.arbitrary::<u16>()?) },
        );
    }
    for key in ["event", "groupId", "previousId"] {
        if u.ratio(1, 2)? {
            object.insert(key.into(), json!(u.arbitrary::<String>()?));
        }
    }
    if u.ratio(1, 2)? {
        object.insert("timestamp".into(), json!(*u.choose(TIMES)?));
    }
    Ok(Value::Object(object))
}

fn input(u: &mut Unstructured) -> Result<(&'static str, Vec<u8>)> {
    let path = *u.choose(PATHS)?;
    let body = match u.int_in_range(0..=3)? {
        0 => u.arbitrary::<Vec<u8>>()?,
        1 if path == "/v1/batch" => {
            let items = (0..u.int_in_range(0..=4)?)
                .map(|_| {
                    let kind = *u.choose(TYPES)?;
                    call(u, Some(kind))
                })
                .collect::<Result<Vec<_>>>()?;
            let mut root = Map::new();
            root.insert("batch".into(), Value::Array(items));
            if u.arbitrary()? {
                root.insert("context".into(), shaped(u, 3)?);
            }
            if u.arbitrary()? {
                root.insert(
                    "integrations".into(),
                    json!({"All": u.arbitrary::<bool>()?, "Webhooks": u.arbitrary::<bool>()?}),
                );
            }
            serde_json::to_vec(&Value::Object(root)).unwrap()
        }
        1 | 2 => serde_json::to_vec(&call(u, None)?).unwrap(),
        _ => {
            // Spellings JSON.parse reads its own way: number forms, escapes, duplicate keys, whitespace.
            let text = serde_json::to_string(&call(u, None)?).unwrap();
            let extra = ["1.0", "1e21", "-0", "\"\\u00e9\\/\"", "\"\\ud800\"", "1e400"];
            let key = *u.choose(FIELDS)?;
            let value = *u.choose(&extra)?;
            format!("{} , \"{key}\": {value}}}\n", text.trim_end_matches('}')).replace("{ ,", "{").into_bytes()
        }
    };
    Ok((path, body))
}

/// The key names of a layout, in order.
fn keys(layout: &[Slot]) -> Vec<&'static str> {
    layout
        .iter()
        .map(|slot| match *slot {
            Slot::Version => "version",
            Slot::Type => "type",
            Slot::Value(key) | Slot::Free(key) | Slot::Fixed(key, _) => key,
        })
        .collect()
}

/// `2012-12-02T00:30:08.276Z`: UTC with milliseconds, as JavaScript's toISOString writes it (a year outside 0 to
/// 9999 as six digits with a sign, `-000001-01-01T00:00:00.000Z`).
fn is_service_time(text: &str) -> bool {
    let b = text.as_bytes();
    if b.len() == 27 && matches!(b[0], b'+' | b'-') && b[1..7].iter().all(u8::is_ascii_digit) {
        return is_service_time(&format!("0000{}", &text[7..]));
    }
    let digits = |range: std::ops::Range<usize>| b[range].iter().all(u8::is_ascii_digit);
    b.len() == 24
        && digits(0..4)
        && b[4] == b'-'
        && digits(5..7)
        && b[7] == b'-'
        && digits(8..10)
        && b[10] == b'T'
        && digits(11..13)
        && b[13] == b':'
        && digits(14..16)
        && b[16] == b':'
        && digits(17..19)
        && b[19] == b'.'
        && digits(20..23)
        && b[23] == b'Z'
}

const RECEIVED: &str = "2026-11-25T12:00:00.000Z";

fuzz_target!(|bytes: &[u8]| {
    let mut u = Unstructured::new(bytes);
    let Ok((path, body)) = input(&mut u) else { return };
    let result = tracking_bodies(path, &body, RECEIVED);
    let serde: Option<Value> = serde_json::from_slice(&body).ok();
    let calls = match result {
        Err(message) => {
            assert!(!message.is_empty(), "{path} {body:?}: a refusal says why");
            return;
        }
        Ok(calls) => calls,
    };
    assert!(path != "/v1/delete", "delete is no tracking call");
    if let Some(value) = &serde {
        assert!(value.is_object(), "{path}: accepted a body that is no object: {value}");
    }
    if let Some(kind) = path.strip_prefix("/v1/").and_then(MessageType::parse) {
        assert_eq!(calls.len(), 1, "{path}: one call");
        assert_eq!(calls[0].kind, kind, "{path}: the path gives the type");
    } else if let Some(Value::Array(items)) = serde.as_ref().and_then(|v| v.get("batch")) {
        assert_eq!(calls.len(), items.len(), "one body per batch item");
        for (call, item) in calls.iter().zip(items) {
            assert_eq!(Some(call.kind.as_str()), item["type"].as_str(), "each item's own type");
        }
    }
    for call in &calls {
        assert!(call.kind.is_tracking_call());
        let parsed = json::parse(call.body.as_bytes()).unwrap_or_else(|e| panic!("not JSON ({e}): {}", call.body));
        assert_eq!(json::stringify(&parsed), call.body, "not in JSON.stringify form");
        let JsValue::Object(object) = &parsed else { panic!("not an object: {}", call.body) };
        let got: Vec<String> = object.iter().map(|(k, _)| k.to_string_lossy()).collect();
        let mut want: Vec<&str> = keys(call.kind.layout());
        if !call.kind.lists_context() && got.len() == want.len() + 1 {
            want.push("context");
        }
        assert_eq!(got, want, "{:?}: keys in the type's order: {}", call.kind, call.body);
        let value: Value = serde_json::from_str(&call.body).unwrap_or_else(|_| {
            // A lone surrogate is JSON.parse's, not serde_json's: the keys and values above still hold.
            json!({"type": call.kind.as_str(), "version": 1, "timestamp": RECEIVED})
        });
        assert_eq!(value["type"], call.kind.as_str(), "{}", call.body);
        assert_eq!(value["version"], 1, "{}", call.body);
        let time = value["timestamp"].as_str().unwrap_or_else(|| panic!("no timestamp: {}", call.body));
        assert!(is_service_time(time), "timestamp {time:?} is not UTC with milliseconds");
        for id in ["userId", "groupId", "Previous ID", "User ID"] {
            assert!(value.get(id).is_none_or(|v| v.is_string() || v.is_null()), "{id} is no id: {}", call.body);
        }
    }
});
