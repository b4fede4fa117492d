//! Sample bodies of the seven message types: the shared layout of `wire::message` (the keys in the order
//! docs/WEBHOOKS.md gives, the same layout the emulator fills from real tracking calls) filled with the documented
//! sample values. Tracking calls get a sample `context` after their listed keys (the seed: every tracking call carries
//! one); `delete` is not a tracking call and gets none. The default timestamp is the documented one, so a sample and
//! its signature are reproducible; `--timestamp now` gives the current time.

use crate::json::{JsObject, JsValue};
use crate::wire::message::MessageType;

pub const SAMPLE_USER_ID: &str = "019mr8mf4r";
pub const SAMPLE_TIMESTAMP: &str = "2012-12-02T00:30:08.276Z";

#[derive(Debug, Clone)]
pub struct SampleOptions {
    pub user_id: String,
    /// ISO 8601 UTC with milliseconds.
    pub timestamp: String,
    /// Leave out the `context` a sample adds to tracking calls whose keys list none.
    pub no_context: bool,
    /// `--set PATH=VALUE`, applied in order.
    pub sets: Vec<(String, JsValue)>,
}

impl Default for SampleOptions {
    fn default() -> Self {
        SampleOptions {
            user_id: SAMPLE_USER_ID.into(),
            timestamp: SAMPLE_TIMESTAMP.into(),
            no_context: false,
            sets: Vec::new(),
        }
    }
}

fn s(text: &str) -> JsValue {
    JsValue::String(text.into())
}

fn n(number: f64) -> JsValue {
    JsValue::Number(number)
}

fn object(pairs: Vec<(&str, JsValue)>) -> JsValue {
    let mut object = JsObject::new();
    for (key, value) in pairs {
        object.insert(key, value);
    }
    JsValue::Object(object)
}

/// The documented sample value of a key of a type's layout (`["properties", "url"]` inside a page's properties).
fn sample_value(kind: MessageType, path: &[&str], options: &SampleOptions) -> Option<JsValue> {
    use MessageType::*;
    Some(match (kind, path) {
        (_, ["userId"] | ["User ID"]) => s(&options.user_id),
        (_, ["timestamp"]) => s(&options.timestamp),
        (Page, ["properties", key]) => s(match *key {
            "path" => "/academy/",
            "referrer" => "",
            "title" => "Analytics Academy",
            _ => "https://segment.com/academy/",
        }),
        (Screen, ["name"]) => s("Home"),
        (Screen, ["context", group, key]) => s(match (*group, *key) {
            ("device", "model") => "iPhone7,2",
            ("device", _) => "ios",
            ("os", "name") => "iOS",
            ("os", _) => "9.1",
            ("app", "build") => "3.0.1.545",
            ("app", "name") => "Your App",
            _ => "3.0.1",
        }),
        (Identify, ["traits"]) => object(vec![
            ("name", s("Peter Gibbons")),
            ("email", s("peter@example.com")),
            ("plan", s("premium")),
            ("logins", n(5.0)),
        ]),
        (Track, ["event"]) => s("Purchased an Item"),
        (Track, ["properties"]) => object(vec![("revenue", s("39.95")), ("shippingMethod", s("2-day"))]),
        (Alias, ["Previous ID"]) => s("anonymous-3n8t2kq9"),
        (Group, ["groupId"]) => s("0e8c78ea9d97a7b8185e8632"),
        (Group, ["traits"]) => object(vec![
            ("name", s("Initech")),
            ("industry", s("Technology")),
            ("employees", n(329.0)),
            ("plan", s("enterprise")),
        ]),
        (_, ["context"]) if !options.no_context => object(vec![
            ("ip", s("203.0.113.7")),
            ("library", object(vec![("name", s("analytics.js")), ("version", s("4.1.0"))])),
            (
                "userAgent",
                s("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)"),
            ),
        ]),
        _ => return None,
    })
}

/// The sample of one type.
pub fn sample(kind: MessageType, options: &SampleOptions) -> Result<JsValue, String> {
    let mut value = JsValue::Object(kind.body(&|path| sample_value(kind, path, options)));
    for (path, new) in &options.sets {
        set(&mut value, path, new.clone())?;
    }
    Ok(value)
}

/// The `messageId` of the sample event at `index` (0 for the first): fixed, so output is reproducible.
pub fn message_id(index: usize) -> String {
    format!("seg-sample-{}", index + 1)
}

/// [`event`] as the JSON text it is printed as.
pub fn event_text(kind: MessageType, options: &SampleOptions, index: usize) -> Result<String, String> {
    Ok(crate::json::stringify(&JsValue::Object(event(kind, options, index)?)))
}

/// The sample call of a tracking type as the pipeline hands it to an Actions mapping (`wire::actions::event`): a
/// Segment-spec call (`type`, `userId`, then `event` and `properties` for track, `name` and `properties` for page and
/// screen, `traits` for identify and group, `groupId`, `previousId` for alias, the sample `context`, `timestamp`)
/// filled with the documented sample values, passed through the pipeline with [`message_id`] and `receivedAt` at the
/// sample timestamp; then `--set` applies to the event. `delete` is no tracking call: Actions never sees it.
pub fn event(kind: MessageType, options: &SampleOptions, index: usize) -> Result<JsObject, String> {
    use MessageType::*;
    if kind == Delete {
        return Err("a deletion request is not a tracking call: Webhooks (Actions) is never sent one".into());
    }
    let classic = |path: &[&str]| sample_value(kind, path, options);
    let mut call = JsObject::new();
    call.insert("type", s(kind.as_str()));
    call.insert("userId", s(&options.user_id));
    match kind {
        Track => {
            call.insert("event", classic(&["event"]).unwrap_or(JsValue::Null));
            call.insert("properties", classic(&["properties"]).unwrap_or(JsValue::Null));
        }
        Page => {
            call.insert("name", s("Analytics Academy"));
            // The classic sample's page properties, in its order.
            let Some(JsValue::Object(page)) = MessageType::Page.body(&classic).get("properties").cloned() else {
                unreachable!("a page sample has properties")
            };
            call.insert("properties", JsValue::Object(page));
        }
        Screen => {
            call.insert("name", classic(&["name"]).unwrap_or(JsValue::Null));
            call.insert("properties", JsValue::Object(JsObject::new()));
        }
        Identify => call.insert("traits", classic(&["traits"]).unwrap_or(JsValue::Null)),
        Group => {
            call.insert("groupId", classic(&["groupId"]).unwrap_or(JsValue::Null));
            call.insert("traits", classic(&["traits"]).unwrap_or(JsValue::Null));
        }
        Alias => call.insert("previousId", classic(&["Previous ID"]).unwrap_or(JsValue::Null)),
        Delete => {}
    }
    // The classic sample's context (a screen's has its device, os and app), unless --no-context.
    if let Some(context) = kind.body(&classic).get("context") {
        call.insert("context", context.clone());
    }
    call.insert("timestamp", s(&options.timestamp));
    let id = message_id(index);
    let arrival = crate::wire::actions::event::Arrival {
        kind,
        message_id: &id,
        received_at: &options.timestamp,
        timestamp: &options.timestamp,
        batch_context: None,
    };
    let mut event = JsValue::Object(crate::wire::actions::event::pipeline(&call, arrival));
    for (path, new) in &options.sets {
        set(&mut event, path, new.clone())?;
    }
    let JsValue::Object(event) = event else { unreachable!("the pipeline answers an object") };
    Ok(event)
}

/// Sets a dotted path, creating objects on the way; an existing key keeps its place.
pub fn set(value: &mut JsValue, path: &str, new: JsValue) -> Result<(), String> {
    let segments: Vec<&str> = path.split('.').collect();
    if segments.iter().any(|s| s.is_empty()) {
        return Err(format!("invalid path {path:?}: use KEY or KEY.SUBKEY"));
    }
    // The body is one level, each segment but the last adds one: the result must stay within what JSON.parse admits
    // here, like every value seg builds (json::MAX_DEPTH).
    if segments.len() + crate::json::depth(&new) > crate::json::MAX_DEPTH {
        return Err(format!("cannot set {}: the body would be {}", short_path(path), crate::json::too_deep()));
    }
    let (last, parents) = segments.split_last().expect("split yields at least one segment");
    let mut here = value;
    for segment in parents {
        let JsValue::Object(object) = here else {
            return Err(format!("cannot set {path}: {segment} is inside a value that is not an object"));
        };
        match object.get(segment) {
            Some(JsValue::Object(_)) => {}
            None => object.insert(*segment, JsValue::Object(JsObject::new())),
            Some(_) => return Err(format!("cannot set {path}: {segment} holds a value that is not an object")),
        }
        here = object.get_mut(segment).expect("just inserted");
    }
    match here {
        JsValue::Object(object) => {
            object.insert(*last, new);
            Ok(())
        }
        _ => Err(format!("cannot set {path}: its parent is not an object")),
    }
}

/// A path as an error names it: at most its first 60 characters.
fn short_path(path: &str) -> String {
    match path.char_indices().nth(60) {
        Some((end, _)) => format!("{}…", &path[..end]),
        None => path.to_string(),
    }
}

/// A timestamp as the service writes it: UTC, milliseconds, `Z`. Accepts any RFC 3339 time, or `now`.
pub fn normalize_timestamp(text: &str) -> Result<String, String> {
    let ts: jiff::Timestamp = if text.eq_ignore_ascii_case("now") {
        jiff::Timestamp::now()
    } else {
        text.parse().map_err(|e| {
            format!("invalid --timestamp {text:?}: {e} (use RFC 3339, e.g. 2012-12-02T00:30:08.276Z, or now)")
        })?
    };
    Ok(format!("{ts:.3}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::stringify;

    #[test]
    fn track_without_context_is_the_documented_test_vector() {
        let options = SampleOptions { no_context: true, ..SampleOptions::default() };
        assert_eq!(
            stringify(&sample(MessageType::Track, &options).unwrap()),
            r#"{"version":1,"type":"track","userId":"019mr8mf4r","event":"Purchased an Item","properties":{"revenue":"39.95","shippingMethod":"2-day"},"timestamp":"2012-12-02T00:30:08.276Z"}"#
        );
    }

    #[test]
    fn every_type_has_its_keys_in_order() {
        let want: [(MessageType, &[&str]); 7] = [
            (MessageType::Page, &["version", "type", "userId", "properties", "timestamp", "context"]),
            (MessageType::Screen, &["version", "type", "userId", "name", "timestamp", "context"]),
            (MessageType::Identify, &["version", "type", "userId", "traits", "timestamp", "context"]),
            (MessageType::Track, &["version", "type", "userId", "event", "properties", "timestamp", "context"]),
            (MessageType::Alias, &["version", "type", "Previous ID", "User ID", "timestamp", "context"]),
            (MessageType::Group, &["version", "type", "groupId", "userId", "traits", "timestamp", "context"]),
            (MessageType::Delete, &["type", "userId", "timestamp"]),
        ];
        for (kind, keys) in want {
            let JsValue::Object(object) = sample(kind, &SampleOptions::default()).unwrap() else { panic!("{kind}") };
            let got: Vec<String> = object.iter().map(|(k, _)| k.to_string_lossy()).collect();
            assert_eq!(got, keys, "{kind}");
        }
        let JsValue::Object(page) = sample(MessageType::Page, &SampleOptions::default()).unwrap() else { panic!() };
        let Some(JsValue::Object(props)) = page.get("properties") else { panic!() };
        assert_eq!(
            props.iter().map(|(k, _)| k.to_string_lossy()).collect::<Vec<_>>(),
            ["path", "referrer", "title", "url"]
        );
    }

    #[test]
    fn options_apply() {
        let options = SampleOptions {
            user_id: "u-1".into(),
            timestamp: normalize_timestamp("2020-01-02T03:04:05+01:00").unwrap(),
            no_context: false,
            sets: vec![
                ("properties.revenue".into(), JsValue::Number(12.5)),
                ("context.ip".into(), s("10.0.0.1")),
                ("new.deep".into(), JsValue::Bool(true)),
            ],
        };
        let body = stringify(&sample(MessageType::Track, &options).unwrap());
        assert!(body.starts_with(r#"{"version":1,"type":"track","userId":"u-1","event":"Purchased an Item","properties":{"revenue":12.5,"shippingMethod":"2-day"},"timestamp":"2020-01-02T02:04:05.000Z","context":{"ip":"10.0.0.1","#), "{body}");
        assert!(body.ends_with(r#","new":{"deep":true}}"#), "{body}");
        let alias = SampleOptions { user_id: "u-2".into(), ..SampleOptions::default() };
        let alias = stringify(&sample(MessageType::Alias, &alias).unwrap());
        assert!(alias.contains(r#""User ID":"u-2""#));
        let track = || sample(MessageType::Track, &SampleOptions::default()).unwrap();
        assert!(set(&mut track(), "event.x", s("y")).is_err());
        assert!(set(&mut track(), "a..b", s("y")).is_err());
        // Nothing built here nests deeper than JSON.parse admits.
        // The body's own object is one level, and each segment but the last one more.
        let deep_path = vec!["a"; crate::json::MAX_DEPTH + 1].join(".");
        let err = set(&mut track(), &deep_path, s("y")).unwrap_err();
        assert!(err.ends_with("the body would be nested deeper than 128 levels") && err.contains('…'), "{err}");
        let mut at_limit = track();
        set(&mut at_limit, &deep_path[2..], s("y")).unwrap();
        assert_eq!(crate::json::depth(&at_limit), crate::json::MAX_DEPTH);
        let deep_value = crate::json::parse(format!("{}{}", "[".repeat(127), "]".repeat(127)).as_bytes());
        assert!(set(&mut track(), "x", deep_value.clone().unwrap()).is_ok());
        assert!(set(&mut track(), "x.y", deep_value.unwrap()).is_err());
        assert!(normalize_timestamp("yesterday").is_err());
        assert_eq!(normalize_timestamp("now").unwrap().len(), SAMPLE_TIMESTAMP.len());
    }
}
