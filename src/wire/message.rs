//! Webhook messages (docs/WEBHOOKS.md, "Bodies by type"): the seven types, each owning the order of its keys. One
//! layout serves every body `seg` makes: `seg webhook sample` and `send` fill it with the documented sample values, the
//! emulator fills it from the tracking call it received. A body carries exactly its type's keys, in order; tracking
//! calls then add a `context` when the type lists none.

use crate::json::{JsObject, JsString, JsValue};

/// A webhook message's `type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MessageType {
    Page,
    Screen,
    Identify,
    Track,
    Alias,
    Group,
    Delete,
}

/// One key of a body, in its place.
#[derive(Debug, Clone, Copy)]
pub enum Slot {
    /// `version`: the number 1.
    Version,
    /// `type`: the type's name.
    Type,
    /// A value taken from the message as it is (`null` when it has none).
    Value(&'static str),
    /// A free-form object (`properties`, `traits`): `{}` when the message has none.
    Free(&'static str),
    /// An object of fixed keys (a page's `properties`, a screen's `context`): strings, `""` when absent.
    Fixed(&'static str, &'static [Slot]),
}

use Slot::{Fixed, Free, Type, Value, Version};

const PAGE_PROPERTIES: &[Slot] = &[Value("path"), Value("referrer"), Value("title"), Value("url")];
const SCREEN_CONTEXT: &[Slot] = &[
    Fixed("device", &[Value("model"), Value("type")]),
    Fixed("os", &[Value("name"), Value("version")]),
    Fixed("app", &[Value("build"), Value("name"), Value("version")]),
];

impl MessageType {
    pub const ALL: [MessageType; 7] = [
        MessageType::Page,
        MessageType::Screen,
        MessageType::Identify,
        MessageType::Track,
        MessageType::Alias,
        MessageType::Group,
        MessageType::Delete,
    ];

    /// The names of every type, for help text and value parsers.
    pub const NAMES: [&'static str; 7] = ["page", "screen", "identify", "track", "alias", "group", "delete"];

    pub fn as_str(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    pub fn parse(name: &str) -> Option<MessageType> {
        Self::ALL.into_iter().find(|t| t.as_str() == name)
    }

    /// Page, screen, identify, track, alias and group are tracking calls; a deletion request is not.
    pub fn is_tracking_call(self) -> bool {
        self != MessageType::Delete
    }

    /// The body's keys in order (docs/WEBHOOKS.md's table).
    pub fn layout(self) -> &'static [Slot] {
        match self {
            MessageType::Page => {
                &[Version, Type, Value("userId"), Fixed("properties", PAGE_PROPERTIES), Value("timestamp")]
            }
            MessageType::Screen => {
                &[Version, Type, Value("userId"), Value("name"), Value("timestamp"), Fixed("context", SCREEN_CONTEXT)]
            }
            MessageType::Identify => &[Version, Type, Value("userId"), Free("traits"), Value("timestamp")],
            MessageType::Track => {
                &[Version, Type, Value("userId"), Value("event"), Free("properties"), Value("timestamp")]
            }
            MessageType::Alias => &[Version, Type, Value("Previous ID"), Value("User ID"), Value("timestamp")],
            MessageType::Group => {
                &[Version, Type, Value("groupId"), Value("userId"), Free("traits"), Value("timestamp")]
            }
            MessageType::Delete => &[Type, Value("userId"), Value("timestamp")],
        }
    }

    /// Whether the layout has a `context` of its own (a screen's).
    pub fn lists_context(self) -> bool {
        self.layout().iter().any(|slot| matches!(slot, Fixed("context", _)))
    }

    /// The body of this type: each key of the layout, in order, with the value `fill` gives for its path
    /// (`["properties", "url"]` inside a fixed object), then, for a tracking call whose layout has no `context`, the
    /// `context` that `fill` gives for `["context"]`, if any.
    pub fn body(self, fill: &dyn Fn(&[&str]) -> Option<JsValue>) -> JsObject {
        let mut body = JsObject::new();
        for slot in self.layout() {
            self.put(&mut body, slot, &[], fill);
        }
        if self.is_tracking_call()
            && !self.lists_context()
            && let Some(context) = fill(&["context"])
        {
            body.insert("context", context);
        }
        body
    }

    fn put(self, object: &mut JsObject, slot: &Slot, parents: &[&str], fill: &dyn Fn(&[&str]) -> Option<JsValue>) {
        let path = |key: &'static str| -> Vec<&str> { parents.iter().copied().chain([key]).collect() };
        match *slot {
            Version => object.insert("version", JsValue::Number(1.0)),
            Type => object.insert("type", JsValue::String(JsString::from_str(self.as_str()))),
            Value(key) if parents.is_empty() => object.insert(key, fill(&path(key)).unwrap_or(JsValue::Null)),
            Value(key) => {
                object.insert(key, fill(&path(key)).unwrap_or_else(|| JsValue::String(JsString::from_str(""))))
            }
            Free(key) => object.insert(key, fill(&path(key)).unwrap_or_else(|| JsValue::Object(JsObject::new()))),
            Fixed(key, inner) => {
                let mut nested = JsObject::new();
                let here = path(key);
                for slot in inner {
                    self.put(&mut nested, slot, &here, fill);
                }
                object.insert(key, JsValue::Object(nested));
            }
        }
    }
}

impl std::fmt::Display for MessageType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::stringify;

    fn keys(object: &JsObject) -> Vec<String> {
        object.iter().map(|(k, _)| k.to_string_lossy()).collect()
    }

    #[test]
    fn every_type_lays_out_its_keys_in_order() {
        let empty = |_: &[&str]| None;
        let want: [(MessageType, &[&str]); 7] = [
            (MessageType::Page, &["version", "type", "userId", "properties", "timestamp"]),
            (MessageType::Screen, &["version", "type", "userId", "name", "timestamp", "context"]),
            (MessageType::Identify, &["version", "type", "userId", "traits", "timestamp"]),
            (MessageType::Track, &["version", "type", "userId", "event", "properties", "timestamp"]),
            (MessageType::Alias, &["version", "type", "Previous ID", "User ID", "timestamp"]),
            (MessageType::Group, &["version", "type", "groupId", "userId", "traits", "timestamp"]),
            (MessageType::Delete, &["type", "userId", "timestamp"]),
        ];
        for (kind, expected) in want {
            assert_eq!(keys(&kind.body(&empty)), expected, "{kind}");
            assert_eq!(MessageType::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(
            stringify(&JsValue::Object(MessageType::Screen.body(&empty))),
            r#"{"version":1,"type":"screen","userId":null,"name":null,"timestamp":null,"context":{"device":{"model":"","type":""},"os":{"name":"","version":""},"app":{"build":"","name":"","version":""}}}"#
        );
        assert_eq!(MessageType::parse("bogus"), None);
    }

    #[test]
    fn a_context_follows_tracking_calls_that_list_none() {
        let fill = |path: &[&str]| match path {
            ["context"] => Some(JsValue::Bool(true)),
            ["properties", "url"] => Some(JsValue::String(JsString::from_str("https://x"))),
            _ => None,
        };
        let page = MessageType::Page.body(&fill);
        assert_eq!(keys(&page).last().map(String::as_str), Some("context"));
        assert_eq!(
            stringify(page.get("properties").unwrap()),
            r#"{"path":"","referrer":"","title":"","url":"https://x"}"#
        );
        assert!(MessageType::Delete.body(&fill).get("context").is_none(), "a deletion is not a tracking call");
    }
}
