//! The tracking endpoints analytics libraries post to (`/v1/track`, `/identify`, `/page`, `/screen`, `/group`,
//! `/alias` and `/v1/batch`), authenticated with a source's write key as the HTTP Basic user name. Bodies are read
//! with JavaScript's JSON.parse (`json`), so the webhook bodies carry numbers and key order as the service
//! would. The whole request is checked before anything is queued; the answer is `{"success": true}` as soon as the
//! deliveries are queued (and committed, with `--data`).

use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, header, request::Parts};
use axum::response::{IntoResponse, Response};

use super::App;
use super::event_filter;
use super::mapped;
use super::metrics::{self, Stage};
use super::outbox::{self, Job};
use super::status::Status;
use crate::json::{self, JsObject, JsString, JsValue};
use crate::wire::Code;
use crate::wire::actions::event::{self, Arrival};
use crate::wire::message::MessageType;

/// The type of a tracking call named by `name` (a path's last segment or a batch item's `type`).
fn tracking_call(name: &str) -> Option<MessageType> {
    MessageType::parse(name).filter(|kind| kind.is_tracking_call())
}

/// The names of the tracking calls, for error messages.
fn tracking_call_names() -> String {
    MessageType::ALL.iter().filter(|k| k.is_tracking_call()).map(|k| k.as_str()).collect::<Vec<_>>().join(", ")
}

/// The paths, each with the type its body has (`batch` items name their own).
pub const PATHS: [&str; 7] =
    ["/v1/track", "/v1/identify", "/v1/page", "/v1/screen", "/v1/group", "/v1/alias", "/v1/batch"];

/// The catalog name of the webhooks destination, as a message's `integrations` spells it.
const INTEGRATION: &str = "Webhooks";

pub async fn call(State(app): State<Arc<App>>, request: Request) -> Response {
    let started = Instant::now();
    let (parts, body) = request.into_parts();
    let response = answer(&app, &parts, body).await.unwrap_or_else(IntoResponse::into_response);
    app.log_request(&parts.method, parts.uri.path(), response.status().as_u16(), started.elapsed());
    response
}

async fn answer(app: &Arc<App>, parts: &Parts, body: Body) -> Result<Response, Status> {
    let path = parts.uri.path();
    // `None` for /v1/batch, whose items name their own types.
    let kind = path.strip_prefix("/v1/").and_then(tracking_call);
    if parts.method != Method::POST {
        return Err(Status::new(Code::Unimplemented, format!("method {} is not supported on {path}", parts.method)));
    }
    if parts.headers.contains_key(outbox::DELIVERY_HEADER) {
        // Taken as a call, it would be delivered again, to this hook and the others: deliveries without end.
        app.outbox.note(&format!(
            "a webhook delivery of seg serve came to {path} and was refused: a hook points at the tracking endpoints"
        ));
        return Err(Status::invalid(
            "this is a webhook delivery of seg serve, not a tracking call: a hook points at the tracking endpoints, \
             where its deliveries would be sent again without end; nothing was queued",
        ));
    }
    let body = super::body::read(body, super::body::MAX_BODY).await?;
    let write_key = write_key(&parts.headers)?;
    let (source, targets, action_targets) = {
        let state = app.store.read();
        let source = state.source_by_write_key(&write_key).ok_or_else(|| unauthenticated("invalid write key"))?;
        let note = |line: &str| app.outbox.note(line);
        let targets = (outbox::targets(&state, &source.name), mapped::targets(&state, &source.name, &note));
        (source.name.clone(), targets.0, targets.1)
    };
    if let Some(encoding) = parts.headers.get(header::CONTENT_ENCODING).and_then(|v| v.to_str().ok())
        && !encoding.eq_ignore_ascii_case("identity")
    {
        return Err(Status::invalid(format!(
            "Content-Encoding {encoding} is not supported here; turn compression off in the library"
        )));
    }
    let received = format!("{:.3}", jiff::Timestamp::now());
    let root = read(&body)?;
    let calls = calls(kind, &root)?;
    let mut jobs = Vec::new();
    for call in &calls {
        if !action_targets.is_empty() {
            jobs.extend(call.mapped(app, &action_targets, &received));
        }
        if targets.is_empty() || !call.wants_webhooks() {
            continue;
        }
        let message_id = call.message_id();
        let body = call.webhook_body(&received);
        for target in &targets {
            if target.urls.is_empty() {
                app.outbox
                    .note(&format!("webhook {}: enabled but has no hook URL; message not sent", target.destination));
                continue;
            }
            if target.filters.iter().all(|f| !f.enabled) {
                jobs.push(Job::new(target, &message_id, call.kind, body.clone()));
                continue;
            }
            let event = call.event();
            let (kept, records) = event_filter::apply(&target.filters, &event, &message_id, &target.destination);
            app.outbox.record_filtered(records);
            if kept.is_none() {
                app.outbox.metrics.record(call.counted(Stage::FilteredAtDestination, &source, &target.destination));
            }
            if let Some(event) = kept {
                let filtered =
                    Call { kind: call.kind, message: &event, batch: None, timestamp: call.timestamp.clone() };
                jobs.push(Job::new(target, &message_id, call.kind, filtered.webhook_body(&received)));
            }
        }
    }
    let queued = app.outbox.prepare(jobs)?;
    let queued = if app.outbox.durable() && !queued.is_empty() {
        // Acknowledged means committed: the fsync runs off the async workers.
        let outbox = app.outbox.clone();
        tokio::task::spawn_blocking(move || outbox.commit(&queued).map(|()| queued))
            .await
            .map_err(|e| Status::internal(e.to_string()))??
    } else {
        queued
    };
    app.outbox.dispatch(queued);
    for call in &calls {
        app.outbox.metrics.record(call.counted(Stage::Received, &source, ""));
    }
    Ok(Json(serde_json::json!({ "success": true })).into_response())
}

/// A tracking call's body: read as JavaScript's JSON.parse reads it (at most `json::MAX_DEPTH` levels), an object.
fn read(body: &[u8]) -> Result<JsObject, Status> {
    match json::parse(body).map_err(|e| Status::invalid(format!("invalid JSON body: {e}")))? {
        JsValue::Object(root) => Ok(root),
        _ => Err(Status::invalid("the body must be a JSON object")),
    }
}

/// The checked calls of a body: the one its path names, or a batch's items, every one checked before any is used.
fn calls(kind: Option<MessageType>, root: &JsObject) -> Result<Vec<Call<'_>>, Status> {
    match kind {
        Some(kind) => Ok(vec![Call::check(root, kind, None, "the body")?]),
        None => batch(root),
    }
}

/// One tracking call as the endpoints read it, before any destination has a say.
#[derive(Debug, Clone, PartialEq)]
pub struct TrackingBody {
    pub kind: MessageType,
    /// Its `integrations` leave the webhooks destination on.
    pub webhooks: bool,
    /// The webhook body it becomes (destination filters aside).
    pub body: String,
}

/// What the tracking endpoint at `path` makes of a request body: its calls, each with the webhook body it becomes
/// (`received` standing in for a missing timestamp), or the message of the 400 it gets. The same reading and
/// checks the endpoints run before queueing; `fuzz/fuzz_targets/tracking_body.rs` holds them to docs/WEBHOOKS.md.
pub fn tracking_bodies(path: &str, body: &[u8], received: &str) -> Result<Vec<TrackingBody>, String> {
    let kind = path.strip_prefix("/v1/").and_then(tracking_call);
    if kind.is_none() && path != "/v1/batch" {
        return Err(format!("{path} is not a tracking endpoint"));
    }
    let root = read(body).map_err(|s| s.message)?;
    let calls = calls(kind, &root).map_err(|s| s.message)?;
    Ok(calls
        .iter()
        .map(|call| TrackingBody {
            kind: call.kind,
            webhooks: call.wants_webhooks(),
            body: call.webhook_body(received),
        })
        .collect())
}

fn unauthenticated(message: &str) -> Status {
    Status::new(Code::Unauthenticated, message)
}

/// The write key of `Authorization: Basic base64(<write key>:)`.
fn write_key(headers: &HeaderMap) -> Result<String, Status> {
    let value = headers.get(header::AUTHORIZATION).ok_or_else(|| {
        unauthenticated(
            "missing write key: send Authorization: Basic base64(<write key>:), the write key as the user name",
        )
    })?;
    let value = value.to_str().map_err(|_| unauthenticated("invalid Authorization header"))?;
    let encoded = match value.split_once(' ') {
        Some((scheme, rest)) if scheme.eq_ignore_ascii_case("basic") => rest.trim(),
        _ => return Err(unauthenticated("the Authorization header must be: Basic base64(<write key>:)")),
    };
    let decoded = base64_decode(encoded)
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .ok_or_else(|| unauthenticated("the Basic credentials are not valid base64 of UTF-8 text"))?;
    let (user, password) = decoded.split_once(':').unwrap_or((&decoded, ""));
    if !password.is_empty() {
        return Err(unauthenticated("the write key goes in the user name and the password must be empty"));
    }
    if user.is_empty() {
        return Err(unauthenticated("missing write key: it goes in the Basic user name"));
    }
    Ok(user.to_string())
}

/// Standard base64 (RFC 4648 §4), padding optional; the URL-safe alphabet is accepted too (libraries differ).
fn base64_decode(text: &str) -> Option<Vec<u8>> {
    use base64::Engine;
    use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
    const CONFIG: GeneralPurposeConfig =
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent);
    const STANDARD: GeneralPurpose = GeneralPurpose::new(&base64::alphabet::STANDARD, CONFIG);
    const URL_SAFE: GeneralPurpose = GeneralPurpose::new(&base64::alphabet::URL_SAFE, CONFIG);
    STANDARD.decode(text).or_else(|_| URL_SAFE.decode(text)).ok()
}

/// The items of a `/v1/batch` body, every one checked before any is queued. Batch-level `context` and
/// `integrations` apply to items that have none.
fn batch(root: &JsObject) -> Result<Vec<Call<'_>>, Status> {
    let Some(JsValue::Array(items)) = root.get("batch") else {
        return Err(Status::invalid("the body must be {\"batch\": [messages]}"));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let at = format!("batch[{i}]");
            let JsValue::Object(message) = item else {
                return Err(Status::invalid(format!("{at} must be an object")));
            };
            let kind = match message.get("type") {
                Some(JsValue::String(s)) => tracking_call(&s.to_string_lossy()),
                _ => None,
            };
            let Some(kind) = kind else {
                return Err(Status::invalid(format!("{at}.type must be one of {}", tracking_call_names())));
            };
            Call::check(message, kind, Some(root), &at)
        })
        .collect()
}

/// A checked tracking call.
struct Call<'a> {
    kind: MessageType,
    message: &'a JsObject,
    /// The batch's body, for `context` and `integrations` an item lacks.
    batch: Option<&'a JsObject>,
    /// The message's own timestamp, normalised.
    timestamp: Option<String>,
}

/// A field's value, with `null` taken as absent.
fn field<'a>(object: &'a JsObject, key: &str) -> Option<&'a JsValue> {
    object.get(key).filter(|v| !matches!(v, JsValue::Null))
}

fn text(value: &str) -> JsValue {
    JsValue::String(JsString::from_str(value))
}

/// An id as a string: libraries send strings; a number is taken as JavaScript's String(n) would write it.
fn id_value(value: &JsValue) -> JsValue {
    match value {
        JsValue::Number(_) => text(&json::stringify(value)),
        other => other.clone(),
    }
}

impl<'a> Call<'a> {
    fn check(message: &'a JsObject, kind: MessageType, batch: Option<&'a JsObject>, at: &str) -> Result<Self, Status> {
        let bad = |msg: String| Err(Status::invalid(format!("{at}: {msg}")));
        let is_id = |v: &JsValue| matches!(v, JsValue::String(s) if !s.0.is_empty()) || matches!(v, JsValue::Number(_));
        for key in ["userId", "anonymousId", "groupId", "previousId"] {
            if field(message, key).is_some_and(|v| !matches!(v, JsValue::String(_) | JsValue::Number(_))) {
                return bad(format!("{key} must be a string"));
            }
        }
        for key in ["messageId", "event", "name", "sentAt", "timestamp"] {
            if field(message, key).is_some_and(|v| !matches!(v, JsValue::String(_))) {
                return bad(format!("{key} must be a string"));
            }
        }
        for key in ["context", "properties", "traits", "integrations"] {
            if field(message, key).is_some_and(|v| !matches!(v, JsValue::Object(_))) {
                return bad(format!("{key} must be an object"));
            }
        }
        if !field(message, "userId").is_some_and(is_id) && !field(message, "anonymousId").is_some_and(is_id) {
            return bad("userId or anonymousId is required".into());
        }
        let required: &[&str] = match kind {
            MessageType::Track => &["event"],
            MessageType::Group => &["groupId"],
            MessageType::Alias => &["previousId", "userId"],
            _ => &[],
        };
        for key in required {
            if !field(message, key).is_some_and(is_id) {
                return bad(format!("{kind} needs {key}"));
            }
        }
        let timestamp = match field(message, "timestamp") {
            Some(JsValue::String(s)) => Some(normalize(&s.to_string_lossy()).ok_or_else(|| {
                Status::invalid(format!("{at}: timestamp {:?} is not an ISO 8601 time", s.to_string_lossy()))
            })?),
            _ => None,
        };
        Ok(Call { kind, message, batch, timestamp })
    }

    /// `context` or `integrations`: the message's own, else the batch's.
    fn inherited(&self, key: &str) -> Option<&'a JsValue> {
        field(self.message, key).or_else(|| self.batch.and_then(|b| field(b, key)))
    }

    /// False when the message's `integrations` turns the webhooks destination off (`{"Webhooks": false}`, or
    /// `{"All": false}` without `"Webhooks": true`).
    fn wants_webhooks(&self) -> bool {
        self.wants(INTEGRATION)
    }

    /// The jobs of the call at Actions destinations: for each enabled one that its `integrations` leave on, the
    /// pipeline's event after the destination's filters, sent by each enabled mapping whose trigger it validates.
    fn mapped(&self, app: &Arc<App>, targets: &[mapped::ActionTarget], received: &str) -> Vec<Job> {
        let message_id = self.message_id();
        let context = self.batch.and_then(|b| field(b, "context"));
        let arrival = Arrival {
            kind: self.kind,
            message_id: &message_id,
            received_at: received,
            timestamp: self.timestamp.as_deref().unwrap_or(received),
            batch_context: context,
        };
        let event = event::pipeline(self.message, arrival);
        let mut jobs = Vec::new();
        for target in targets.iter().filter(|t| !t.mappings.is_empty() && self.wants(t.integration)) {
            let kept = if target.filters.iter().all(|f| !f.enabled) {
                Some(event.clone())
            } else {
                let (kept, records) = event_filter::apply(&target.filters, &event, &message_id, &target.destination);
                app.outbox.record_filtered(records);
                if kept.is_none() {
                    let source = metrics::source_of(&target.destination);
                    app.outbox.metrics.record(self.counted(Stage::FilteredAtDestination, source, &target.destination));
                }
                kept
            };
            if let Some(kept) = kept {
                let call = mapped::Event { kind: self.kind.as_str(), message_id: &message_id, event: &kept };
                jobs.extend(mapped::jobs(app, target, call));
            }
        }
        jobs
    }

    /// False when the message's `integrations` turns this destination off (`{"<name>": false}`, or
    /// `{"All": false}` without `"<name>": true`).
    fn wants(&self, integration: &str) -> bool {
        let Some(JsValue::Object(integrations)) = self.inherited("integrations") else { return true };
        match integrations.get(integration) {
            Some(JsValue::Bool(false)) => false,
            Some(JsValue::Bool(true)) | Some(JsValue::Object(_)) => true,
            _ => !matches!(integrations.get("All"), Some(JsValue::Bool(false))),
        }
    }

    /// The event as destination filters see it: the message with its `type` and its (or its batch's) `context`.
    fn event(&self) -> JsObject {
        let mut event = self.message.clone();
        if field(&event, "type").is_none() {
            event.insert(JsString::from_str("type"), text(self.kind.as_str()));
        }
        if let (None, Some(context)) = (field(&event, "context"), self.inherited("context")) {
            event.insert(JsString::from_str("context"), context.clone());
        }
        event
    }

    /// The call as the delivery overview and usage reads count it (`emulator::metrics`), at a source and, when
    /// not empty, a destination.
    fn counted(&self, stage: Stage, source: &str, destination: &str) -> metrics::Event {
        let string = |value: Option<&JsValue>| match value {
            Some(JsValue::String(s)) if !s.0.is_empty() => Some(s.to_string_lossy()),
            Some(number @ JsValue::Number(_)) => Some(json::stringify(number)),
            _ => None,
        };
        let mut event = metrics::Event::new(stage, source, self.kind.as_str());
        event.destination = (!destination.is_empty()).then(|| destination.to_string());
        event.event_name = string(field(self.message, "event"));
        event.user_id = string(field(self.message, "userId"));
        event.anonymous_id = string(field(self.message, "anonymousId"));
        if let Some(JsValue::Object(context)) = self.inherited("context")
            && let Some(JsValue::Object(app)) = field(context, "app")
        {
            event.app_version = string(field(app, "version"));
        }
        event.discard_reason = (stage == Stage::FilteredAtDestination).then(|| "filtered".to_string());
        event
    }

    fn message_id(&self) -> String {
        match field(self.message, "messageId") {
            Some(JsValue::String(s)) if !s.0.is_empty() => s.to_string_lossy(),
            _ => format!("seg-{}", hex::encode(rand::random::<[u8; 16]>())),
        }
    }

    /// The body docs/WEBHOOKS.md gives for this type (`wire::message` owns the layout), filled from the message: ids as
    /// strings, `""` for a screen without a name, the received time when the message has no timestamp, and the
    /// message's (or its batch's) `context`.
    fn webhook_body(&self, received: &str) -> String {
        let m = self.message;
        let context = self.inherited("context");
        let object = |value: Option<&'a JsValue>| match value {
            Some(JsValue::Object(o)) => Some(o),
            _ => None,
        };
        let fill = |path: &[&str]| -> Option<JsValue> {
            match path {
                ["timestamp"] => Some(text(self.timestamp.as_deref().unwrap_or(received))),
                ["name"] => Some(field(m, "name").cloned().unwrap_or_else(|| text(""))),
                ["Previous ID"] => field(m, "previousId").map(id_value),
                ["User ID"] => field(m, "userId").map(id_value),
                ["context"] => context.cloned(),
                ["context", group, key] => {
                    object(object(context).and_then(|c| field(c, group))).and_then(|g| field(g, key)).cloned()
                }
                [parent, key] => object(field(m, parent)).and_then(|p| field(p, key)).cloned(),
                ["properties" | "traits"] => field(m, path[0]).cloned(),
                [key] => field(m, key).map(id_value),
                _ => None,
            }
        };
        json::stringify(&JsValue::Object(self.kind.body(&fill)))
    }
}

/// An ISO 8601 time as the service writes it: UTC, milliseconds, `Z`. A time without an offset is taken as UTC.
fn normalize(text: &str) -> Option<String> {
    let text = text.trim();
    let ts = text.parse::<jiff::Timestamp>().ok().or_else(|| {
        text.parse::<jiff::civil::DateTime>()
            .ok()
            .and_then(|dt| dt.to_zoned(jiff::tz::TimeZone::UTC).ok())
            .map(|z| z.timestamp())
    })?;
    Some(format!("{ts:.3}"))
}

/// The `delete` body a deletion request sends for one user.
pub fn delete_body(user_id: &str, time: &str) -> String {
    let fill = |path: &[&str]| match path {
        ["userId"] => Some(text(user_id)),
        ["timestamp"] => Some(text(time)),
        _ => None,
    };
    json::stringify(&JsValue::Object(MessageType::Delete.body(&fill)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips_what_libraries_send() {
        assert_eq!(base64_decode("a2V5Og==").unwrap(), b"key:");
        assert_eq!(base64_decode("a2V5Og").unwrap(), b"key:");
        assert_eq!(base64_decode("").unwrap(), b"");
        assert_eq!(base64_decode("YWJj").unwrap(), b"abc");
        assert_eq!(base64_decode("-_8=").unwrap(), [0xfb, 0xff]);
        assert!(base64_decode("a").is_none());
        assert!(base64_decode("a2V5*g==").is_none());
    }

    #[test]
    fn timestamps_are_normalised_to_utc_milliseconds() {
        assert_eq!(normalize("2020-01-02T03:04:05+01:00").unwrap(), "2020-01-02T02:04:05.000Z");
        assert_eq!(normalize("2012-12-02T00:30:08.276Z").unwrap(), "2012-12-02T00:30:08.276Z");
        assert_eq!(normalize("2012-12-02T00:30:08.276543").unwrap(), "2012-12-02T00:30:08.276Z");
        assert!(normalize("yesterday").is_none());
    }

    #[test]
    fn delete_bodies_have_no_version() {
        assert_eq!(
            delete_body("u\"1", "2020-01-01T00:00:00.000Z"),
            r#"{"type":"delete","userId":"u\"1","timestamp":"2020-01-01T00:00:00.000Z"}"#
        );
    }
}
