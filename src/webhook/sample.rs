//! Sample bodies of the seven message types, with the keys in the order WEBHOOKS.md gives and the documented
//! sample values. Tracking calls get a `context` after their listed keys (the seed: every tracking call carries
//! one); `delete` is not a tracking call and gets none. The default timestamp is the documented one, so a sample
//! and its signature are reproducible; `--timestamp now` gives the current time.

use super::json::{JsObject, JsValue};

pub const TYPES: [&str; 7] = ["page", "screen", "identify", "track", "alias", "group", "delete"];

pub const SAMPLE_USER_ID: &str = "019mr8mf4r";
pub const SAMPLE_TIMESTAMP: &str = "2012-12-02T00:30:08.276Z";

#[derive(Debug, Clone)]
pub struct Options {
    pub user_id: String,
    /// ISO 8601 UTC with milliseconds.
    pub timestamp: String,
    /// Leave out the `context` a sample adds to tracking calls whose keys list none.
    pub no_context: bool,
    /// `--set PATH=VALUE`, applied in order.
    pub sets: Vec<(String, JsValue)>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
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

fn context() -> JsValue {
    object(vec![
        ("ip", s("203.0.113.7")),
        ("library", object(vec![("name", s("analytics.js")), ("version", s("4.1.0"))])),
        ("userAgent", s("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)")),
    ])
}

/// The sample of one type.
pub fn sample(kind: &str, options: &Options) -> Result<JsValue, String> {
    let user = || s(&options.user_id);
    let time = || s(&options.timestamp);
    let mut pairs: Vec<(&str, JsValue)> = match kind {
        "page" => vec![
            ("version", n(1.0)),
            ("type", s("page")),
            ("userId", user()),
            (
                "properties",
                object(vec![
                    ("path", s("/academy/")),
                    ("referrer", s("")),
                    ("title", s("Analytics Academy")),
                    ("url", s("https://segment.com/academy/")),
                ]),
            ),
            ("timestamp", time()),
        ],
        "screen" => vec![
            ("version", n(1.0)),
            ("type", s("screen")),
            ("userId", user()),
            ("name", s("Home")),
            ("timestamp", time()),
            (
                "context",
                object(vec![
                    ("device", object(vec![("model", s("iPhone7,2")), ("type", s("ios"))])),
                    ("os", object(vec![("name", s("iOS")), ("version", s("9.1"))])),
                    ("app", object(vec![("build", s("3.0.1.545")), ("name", s("Your App")), ("version", s("3.0.1"))])),
                ]),
            ),
        ],
        "identify" => vec![
            ("version", n(1.0)),
            ("type", s("identify")),
            ("userId", user()),
            (
                "traits",
                object(vec![
                    ("name", s("Peter Gibbons")),
                    ("email", s("peter@example.com")),
                    ("plan", s("premium")),
                    ("logins", n(5.0)),
                ]),
            ),
            ("timestamp", time()),
        ],
        "track" => vec![
            ("version", n(1.0)),
            ("type", s("track")),
            ("userId", user()),
            ("event", s("Purchased an Item")),
            ("properties", object(vec![("revenue", s("39.95")), ("shippingMethod", s("2-day"))])),
            ("timestamp", time()),
        ],
        "alias" => vec![
            ("version", n(1.0)),
            ("type", s("alias")),
            ("Previous ID", s("anonymous-3n8t2kq9")),
            ("User ID", user()),
            ("timestamp", time()),
        ],
        "group" => vec![
            ("version", n(1.0)),
            ("type", s("group")),
            ("groupId", s("0e8c78ea9d97a7b8185e8632")),
            ("userId", user()),
            (
                "traits",
                object(vec![
                    ("name", s("Initech")),
                    ("industry", s("Technology")),
                    ("employees", n(329.0)),
                    ("plan", s("enterprise")),
                ]),
            ),
            ("timestamp", time()),
        ],
        "delete" => vec![("type", s("delete")), ("userId", user()), ("timestamp", time())],
        other => return Err(format!("unknown message type {other:?}: one of {}", TYPES.join(", "))),
    };
    let lists_context = pairs.iter().any(|(k, _)| *k == "context");
    if kind != "delete" && !lists_context && !options.no_context {
        pairs.push(("context", context()));
    }
    let mut value = object(pairs);
    for (path, new) in &options.sets {
        set(&mut value, path, new.clone())?;
    }
    Ok(value)
}

/// Sets a dotted path, creating objects on the way; an existing key keeps its place.
pub fn set(value: &mut JsValue, path: &str, new: JsValue) -> Result<(), String> {
    let segments: Vec<&str> = path.split('.').collect();
    if segments.iter().any(|s| s.is_empty()) {
        return Err(format!("invalid path {path:?}: use KEY or KEY.SUBKEY"));
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
    use crate::webhook::json::stringify;

    #[test]
    fn track_without_context_is_the_documented_test_vector() {
        let options = Options { no_context: true, ..Options::default() };
        assert_eq!(
            stringify(&sample("track", &options).unwrap()),
            r#"{"version":1,"type":"track","userId":"019mr8mf4r","event":"Purchased an Item","properties":{"revenue":"39.95","shippingMethod":"2-day"},"timestamp":"2012-12-02T00:30:08.276Z"}"#
        );
    }

    #[test]
    fn every_type_has_its_keys_in_order() {
        let want: [(&str, &[&str]); 7] = [
            ("page", &["version", "type", "userId", "properties", "timestamp", "context"]),
            ("screen", &["version", "type", "userId", "name", "timestamp", "context"]),
            ("identify", &["version", "type", "userId", "traits", "timestamp", "context"]),
            ("track", &["version", "type", "userId", "event", "properties", "timestamp", "context"]),
            ("alias", &["version", "type", "Previous ID", "User ID", "timestamp", "context"]),
            ("group", &["version", "type", "groupId", "userId", "traits", "timestamp", "context"]),
            ("delete", &["type", "userId", "timestamp"]),
        ];
        for (kind, keys) in want {
            let JsValue::Object(object) = sample(kind, &Options::default()).unwrap() else { panic!("{kind}") };
            let got: Vec<String> = object.iter().map(|(k, _)| k.to_string_lossy()).collect();
            assert_eq!(got, keys, "{kind}");
        }
        let JsValue::Object(page) = sample("page", &Options::default()).unwrap() else { panic!() };
        let Some(JsValue::Object(props)) = page.get("properties") else { panic!() };
        assert_eq!(
            props.iter().map(|(k, _)| k.to_string_lossy()).collect::<Vec<_>>(),
            ["path", "referrer", "title", "url"]
        );
        assert!(sample("bogus", &Options::default()).is_err());
    }

    #[test]
    fn options_apply() {
        let options = Options {
            user_id: "u-1".into(),
            timestamp: normalize_timestamp("2020-01-02T03:04:05+01:00").unwrap(),
            no_context: false,
            sets: vec![
                ("properties.revenue".into(), JsValue::Number(12.5)),
                ("context.ip".into(), s("10.0.0.1")),
                ("new.deep".into(), JsValue::Bool(true)),
            ],
        };
        let body = stringify(&sample("track", &options).unwrap());
        assert!(body.starts_with(r#"{"version":1,"type":"track","userId":"u-1","event":"Purchased an Item","properties":{"revenue":12.5,"shippingMethod":"2-day"},"timestamp":"2020-01-02T02:04:05.000Z","context":{"ip":"10.0.0.1","#), "{body}");
        assert!(body.ends_with(r#","new":{"deep":true}}"#), "{body}");
        let alias = stringify(&sample("alias", &Options { user_id: "u-2".into(), ..Options::default() }).unwrap());
        assert!(alias.contains(r#""User ID":"u-2""#));
        assert!(set(&mut sample("track", &Options::default()).unwrap(), "event.x", s("y")).is_err());
        assert!(set(&mut sample("track", &Options::default()).unwrap(), "a..b", s("y")).is_err());
        assert!(normalize_timestamp("yesterday").is_err());
        assert_eq!(normalize_timestamp("now").unwrap().len(), SAMPLE_TIMESTAMP.len());
    }
}
