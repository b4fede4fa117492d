//! Webhooks (Actions) for the webhook tools (`seg webhook sample|send --mapping`): a mapping (a subscription's
//! `settings`) checked as the service checks it (`wire::actions::catalog`), and the requests it sends for a run of
//! events (`wire::actions::send`), batched as its `enable_batching` and `batch_size` say. No I/O.

use serde_json::{Map, Value};

use crate::json::JsObject;
use crate::wire::actions::catalog::{DEFAULT_BATCH_SIZE, WEBHOOKS};
use crate::wire::actions::{Mapping, Refusal, Request, send};

/// What `User-Agent` Webhooks (Actions) sends: how a receiver tells its requests from the classic destination's.
pub const USER_AGENT: &str = "Segment (Actions)";

/// Whether a request's User-Agent is the one Webhooks (Actions) sends.
pub fn is_actions(user_agent: Option<&str>) -> bool {
    user_agent.is_some_and(|ua| ua.trim() == USER_AGENT)
}

/// A mapping ready to run: what it resolves, and how it batches.
#[derive(Debug, Clone)]
pub struct Subscription {
    pub mapping: Mapping,
    /// `enable_batching` is `true` (a literal: a directive there is not read as one).
    pub batching: bool,
    /// `batch_size`, or [`DEFAULT_BATCH_SIZE`] when it is absent or 0.
    pub batch_size: usize,
}

/// The settings checked as the service checks a mapping before it stores it, `url` replaced first when one is given.
pub fn subscription(settings: &Map<String, Value>, url: Option<&str>) -> Result<Subscription, Refusal> {
    let mut settings = settings.clone();
    if let Some(url) = url {
        settings.insert("url".into(), Value::String(url.into()));
    }
    let action = WEBHOOKS.only_action().expect("Webhooks (Actions) has one action");
    let mapping = action.check_settings(&settings)?;
    let batching = settings.get("enable_batching") == Some(&Value::Bool(true));
    let batch_size = settings
        .get("batch_size")
        .and_then(Value::as_f64)
        .filter(|n| *n >= 1.0)
        .map_or(DEFAULT_BATCH_SIZE, |n| n as usize);
    Ok(Subscription { mapping, batching, batch_size })
}

/// The requests the destination sends for these events, in order: one per event, or with batching one per batch
/// of up to `batch_size` events. An event the mapping sends nothing for is an error naming it (1 for the first);
/// in a batch, one the action leaves out is named in `skipped` (the batch goes without it).
pub fn requests(
    subscription: &Subscription,
    events: &[JsObject],
    secret: Option<&str>,
) -> Result<(Vec<Request>, Vec<String>), String> {
    let mut requests = Vec::new();
    let mut skipped = Vec::new();
    if !subscription.batching {
        for (i, event) in events.iter().enumerate() {
            let request = send::send(&subscription.mapping, event, secret)
                .map_err(|e| format!("event {}: the mapping sends nothing: {e}", i + 1))?;
            requests.push(request);
        }
        return Ok((requests, skipped));
    }
    for (n, chunk) in events.chunks(subscription.batch_size).enumerate() {
        let first = n * subscription.batch_size;
        let batch = send::send_batch(&subscription.mapping, chunk, secret)
            .map_err(|e| format!("events {}-{}: the mapping sends nothing: {e}", first + 1, first + chunk.len()))?;
        for (i, why) in &batch.refused {
            skipped.push(format!("event {} is left out of its batch: {why}", first + i + 1));
        }
        match batch.request {
            Some(request) => requests.push(request),
            None => {
                return Err(format!(
                    "events {}-{}: the mapping sends nothing: no event of the batch is valid",
                    first + 1,
                    first + chunk.len()
                ));
            }
        }
    }
    Ok((requests, skipped))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::webhook::sample::{self, SampleOptions};
    use crate::wire::message::MessageType;

    fn settings(text: &str) -> Map<String, Value> {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn a_mapping_is_checked_and_batches_as_it_says() {
        let bad = subscription(&settings(r#"{"url":"ftp://x","data":{}}"#), None).unwrap_err();
        assert_eq!(bad.field, "settings.url");
        assert!(subscription(&settings(r#"{"data":{}}"#), None).is_err());
        let sub = subscription(&settings(r#"{"data":{}}"#), Some("http://127.0.0.1:1/h")).unwrap();
        assert!(!sub.batching);
        let sub = subscription(
            &settings(
                r#"{"url":"http://a.example/","enable_batching":true,"batch_size":2,"data":{"e":{"@path":"$.event"}}}"#,
            ),
            None,
        )
        .unwrap();
        assert!(sub.batching && sub.batch_size == 2);
        let options = SampleOptions::default();
        let events: Vec<JsObject> = (0..3).map(|i| sample::event(MessageType::Track, &options, i).unwrap()).collect();
        let (requests, skipped) = requests(&sub, &events, Some("s")).unwrap();
        assert!(skipped.is_empty());
        assert_eq!(requests.len(), 2);
        assert_eq!(requests[0].body.as_deref(), Some(r#"[{"e":"Purchased an Item"},{"e":"Purchased an Item"}]"#));
        assert_eq!(requests[1].body.as_deref(), Some(r#"[{"e":"Purchased an Item"}]"#));
        assert_eq!(requests[0].headers[0], ("user-agent".to_string(), USER_AGENT.to_string()));
        assert!(is_actions(Some("Segment (Actions)")) && !is_actions(Some("Segment.io/1.0")));
    }

    #[test]
    fn the_sample_event_is_the_pipelines() {
        let options = SampleOptions::default();
        let event = sample::event(MessageType::Track, &options, 1).unwrap();
        let text = crate::json::stringify(&crate::json::JsValue::Object(event));
        assert!(
            text.starts_with(r#"{"type":"track","userId":"019mr8mf4r","event":"Purchased an Item","properties":{"revenue":"39.95","shippingMethod":"2-day"},"context":{"ip":"203.0.113.7","#),
            "{text}"
        );
        assert!(
            text.ends_with(r#""timestamp":"2012-12-02T00:30:08.276Z","messageId":"seg-sample-2","originalTimestamp":"2012-12-02T00:30:08.276Z","integrations":{},"receivedAt":"2012-12-02T00:30:08.276Z"}"#),
            "{text}"
        );
        assert!(sample::event(MessageType::Delete, &options, 0).is_err());
        let alias = sample::event(MessageType::Alias, &options, 0).unwrap();
        assert_eq!(alias.get("previousId"), Some(&crate::json::JsValue::String("anonymous-3n8t2kq9".into())));
    }
}
