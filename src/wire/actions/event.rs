//! The event a mapping is applied to: a tracking call as the pipeline hands it to Actions destinations, the call's own
//! fields with what the service adds before any destination sees it (docs/reference/actions.md, "The event a mapping
//! reads"). The emulator builds it from each tracking call it receives, `seg webhook sample --mapping` from a sample
//! call, so that both apply a mapping to the same event.

use crate::json::{JsObject, JsString, JsValue};
use crate::wire::message::MessageType;

/// What the pipeline knows of a call beyond its body.
#[derive(Debug, Clone, Copy)]
pub struct Arrival<'a> {
    pub kind: MessageType,
    /// The call's `messageId`, or the one the service gave it.
    pub message_id: &'a str,
    /// When the service received it (ISO 8601, milliseconds, `Z`).
    pub received_at: &'a str,
    /// The call's `timestamp`, normalised, or the received time when it has none.
    pub timestamp: &'a str,
    /// The `context` of the batch the call came in, for a call without its own.
    pub batch_context: Option<&'a JsValue>,
}

fn text(value: &str) -> JsValue {
    JsValue::String(JsString::from_str(value))
}

fn present<'a>(object: &'a JsObject, key: &str) -> Option<&'a JsValue> {
    object.get(key).filter(|v| !matches!(v, JsValue::Null))
}

/// The event: the call's fields in their order, its `type`, `messageId` and `timestamp` set, then `context` (its own,
/// its batch's, or `{}`), `integrations` (`{}` when it has none), `receivedAt`, and `originalTimestamp` when the call
/// had a timestamp of its own.
pub fn pipeline(call: &JsObject, arrival: Arrival<'_>) -> JsObject {
    let mut event = call.clone();
    event.insert("type", text(arrival.kind.as_str()));
    event.insert("messageId", text(arrival.message_id));
    if let Some(own) = present(call, "timestamp") {
        event.insert("originalTimestamp", own.clone());
    }
    event.insert("timestamp", text(arrival.timestamp));
    if present(call, "context").is_none() {
        let context = arrival.batch_context.cloned().unwrap_or_else(|| JsValue::Object(JsObject::new()));
        event.insert("context", context);
    }
    if present(call, "integrations").is_none() {
        event.insert("integrations", JsValue::Object(JsObject::new()));
    }
    event.insert("receivedAt", text(arrival.received_at));
    event
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

    fn object(text: &str) -> JsObject {
        match json::parse(text.as_bytes()).unwrap() {
            JsValue::Object(o) => o,
            _ => unreachable!(),
        }
    }

    #[test]
    fn the_pipeline_adds_what_the_service_adds_and_keeps_the_calls_fields() {
        let call = object(
            r#"{"userId":"u1","event":"Bought","properties":{"total":1e21},"timestamp":"2024-01-02T03:04:05Z"}"#,
        );
        let arrival = Arrival {
            kind: MessageType::Track,
            message_id: "m-1",
            received_at: "2024-01-02T03:04:06.000Z",
            timestamp: "2024-01-02T03:04:05.000Z",
            batch_context: None,
        };
        let event = pipeline(&call, arrival);
        assert_eq!(
            json::stringify(&JsValue::Object(event)),
            r#"{"userId":"u1","event":"Bought","properties":{"total":1e+21},"timestamp":"2024-01-02T03:04:05.000Z","type":"track","messageId":"m-1","originalTimestamp":"2024-01-02T03:04:05Z","context":{},"integrations":{},"receivedAt":"2024-01-02T03:04:06.000Z"}"#
        );
        let batch_context = JsValue::Object(object(r#"{"ip":"203.0.113.7"}"#));
        let call = object(r#"{"userId":"u1","type":"identify"}"#);
        let event =
            pipeline(&call, Arrival { batch_context: Some(&batch_context), kind: MessageType::Identify, ..arrival });
        assert_eq!(event.get("context"), Some(&batch_context));
        assert_eq!(event.get("originalTimestamp"), None);
    }
}
