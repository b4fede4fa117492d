//! The emulator's control plane under `/_emulator` (outside the API's prefix, no token): a log of the requests the
//! API received, so a test can see the exact bytes a client sent, and injected faults, so a test or a CI script
//! can see how a client meets 500, 503, a slow answer or a plain-text error, or how readers fare while a write is
//! slow to commit; the webhook delivery attempts; and the clock of the per-operation rate limits, which a test moves
//! on to end a window without waiting.
//!
//! No token guards it, so [`admit`] lets in only requests that name the address served and come from no other
//! origin's page (`crate::same_origin`, the inspector's check): a web page the user opens must not clear the log or
//! inject faults through the browser, DNS rebinding included.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Json;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header, request::Parts};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use tokio::sync::watch;

use super::App;
use super::status::{Door, Status};
use crate::same_origin::Refusal;
use crate::wire::Code;

/// The middleware of every control route: the same-origin check, answered as the API's errors are (code 7).
/// The address served is the one the connection was accepted on (`server::serve` records it); without one (the
/// router called in-process) nothing is let in.
pub async fn admit(request: Request, next: Next) -> Response {
    let served = request.extensions().get::<crate::server::Connection>().map(|connection| connection.local);
    let checked = served
        .ok_or(Refusal::Host)
        .and_then(|served| crate::same_origin::check(served, request.headers(), crate::same_origin::Origin::Optional));
    match checked {
        Ok(()) => next.run(request).await,
        Err(refusal) => (refusal.status(), Status::new(Code::PermissionDenied, refusal.message())).into_response(),
    }
}

/// Requests kept in the log; older ones are dropped.
const LOG_SIZE: usize = 1000;

#[derive(Debug, Clone, Serialize)]
pub struct Recorded {
    pub method: String,
    /// Path and query as sent.
    pub uri: String,
    pub content_type: Option<String>,
    /// The body as text (lossy for bytes that are not UTF-8), with the credentials of any URL in it masked (a hook's
    /// `https://user:pass@host/`): the log is for reading what a client sent, not for collecting its secrets.
    pub body: String,
}

/// A fault to inject: the next `count` requests that match get `status` (after `delay_ms`), with `body` as plain
/// text or else the JSON error body of the status's code. With no `status`, matching requests are only delayed.
/// `skip` lets that many matching requests through first (to fault the second page of a list, say). At `commit`,
/// matching writes are delayed inside their commit instead. A key it does not know is refused: a typo must not
/// quietly inject a different fault.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fault {
    /// Where the fault strikes.
    #[serde(default)]
    pub at: At,
    pub status: Option<u16>,
    /// The body's code; by default the status's (docs/reference/config-api.md, "Errors").
    pub code: Option<i32>,
    /// A plain-text body instead of the JSON error.
    pub body: Option<String>,
    /// Only requests with this method.
    pub method: Option<String>,
    /// Only requests whose path starts with this.
    pub path: Option<String>,
    #[serde(default = "one")]
    pub count: u32,
    #[serde(default)]
    pub delay_ms: u64,
    /// Let this many matching requests through before the fault applies.
    #[serde(default)]
    pub skip: u32,
    pub retry_after: Option<u64>,
}

fn one() -> u32 {
    1
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum At {
    /// When the request arrives, before anything else is checked.
    #[default]
    Request,
    /// Inside a write's commit: after its checks passed, holding the writers' turn (other writes wait; reads go on
    /// and see the state before it), before it is persisted and applied.
    Commit,
}

pub struct Control {
    log: Mutex<VecDeque<Recorded>>,
    faults: Mutex<Vec<Fault>>,
    /// Bumped when the faults are cleared, which ends the waits of writes held at their commit.
    cleared: watch::Sender<u64>,
}

impl Default for Control {
    fn default() -> Self {
        Control { log: Mutex::default(), faults: Mutex::default(), cleared: watch::Sender::new(0) }
    }
}

/// A write held at its commit by a fault: until its delay has passed or the faults are cleared.
pub struct Hold {
    delay: Duration,
    cleared: watch::Receiver<u64>,
}

impl Hold {
    #[allow(
        clippy::disallowed_methods,
        reason = "the emulator holds a write for its fault's delay, a timer of the server (not a client's wait)"
    )]
    pub async fn wait(mut self) {
        tokio::select! {
            () = tokio::time::sleep(self.delay) => {}
            _ = self.cleared.changed() => {}
        }
    }
}

impl Control {
    pub fn record(&self, parts: &Parts, body: &[u8]) {
        let entry = Recorded {
            method: parts.method.to_string(),
            uri: parts.uri.path_and_query().map_or_else(|| parts.uri.path().to_string(), |pq| pq.to_string()),
            content_type: parts.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(String::from),
            body: crate::secret::redact_urls(&String::from_utf8_lossy(body)).into_owned(),
        };
        let mut log = self.log.lock().unwrap_or_else(PoisonError::into_inner);
        if log.len() == LOG_SIZE {
            log.pop_front();
        }
        log.push_back(entry);
    }

    /// The first fault at the request's arrival that matches, counted down.
    pub fn take_fault(&self, method: &Method, path: &str) -> Option<Fault> {
        let mut faults = self.faults.lock().unwrap_or_else(PoisonError::into_inner);
        take(&mut faults, At::Request, method, path)
    }

    /// The hold of the first fault at commit that matches a write (its method and path as sent), counted down.
    pub fn take_commit_fault(&self, method: &Method, path: &str) -> Option<Hold> {
        let mut faults = self.faults.lock().unwrap_or_else(PoisonError::into_inner);
        let fault = take(&mut faults, At::Commit, method, path)?;
        // Subscribed under the lock that clearing takes: a clear after this point ends the hold.
        Some(Hold { delay: Duration::from_millis(fault.delay_ms), cleared: self.cleared.subscribe() })
    }

    fn clear_faults(&self) {
        let mut faults = self.faults.lock().unwrap_or_else(PoisonError::into_inner);
        faults.clear();
        self.cleared.send_modify(|generation| *generation += 1);
    }
}

/// The first fault at `at` that matches, counted down (after its `skip` matches have passed).
fn take(faults: &mut Vec<Fault>, at: At, method: &Method, path: &str) -> Option<Fault> {
    let index = faults.iter().position(|f| {
        f.at == at
            && f.method.as_deref().is_none_or(|m| m.eq_ignore_ascii_case(method.as_str()))
            && f.path.as_deref().is_none_or(|p| path.starts_with(p))
    })?;
    let fault = &mut faults[index];
    if fault.skip > 0 {
        fault.skip -= 1;
        return None;
    }
    let taken = fault.clone();
    fault.count -= 1;
    if fault.count == 0 {
        faults.remove(index);
    }
    Some(taken)
}

impl Fault {
    /// Waits the delay, then answers with the fault's status, or `None` to let the request through.
    #[allow(
        clippy::disallowed_methods,
        reason = "the emulator delays an answer for a fault, a timer of the server (not a client's wait)"
    )]
    pub async fn apply(&self, door: Door) -> Option<Response> {
        if self.delay_ms > 0 {
            tokio::time::sleep(Duration::from_millis(self.delay_ms)).await;
        }
        let status = StatusCode::from_u16(self.status?).ok()?;
        let mut response = match (&self.body, door) {
            (Some(text), _) => (status, [(header::CONTENT_TYPE, "text/plain")], text.clone()).into_response(),
            (None, Door::Config) => {
                let code = self.code.unwrap_or_else(|| {
                    Code::from_http_status(status.as_u16()).map_or(Code::Internal as i32, |c| c as i32)
                });
                let body = crate::wire::ErrorBody { error: format!("injected fault: {status}"), code };
                (status, Json(body)).into_response()
            }
            // The Public API's shape, with the status as given (its body has no code).
            (None, Door::Public) => {
                let code = Code::from_http_status(status.as_u16()).unwrap_or(Code::Internal);
                // A 429's body says when to come back: `retry_after`, as the header does (none: in a second).
                let fault =
                    Status { retry_after: self.retry_after, ..Status::new(code, format!("injected fault: {status}")) };
                let mut response = fault.public_response();
                *response.status_mut() = status;
                response
            }
        };
        if let Some(secs) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        Some(response)
    }
}

/// A control answer that holds what clients sent (a path, a body, a message id): JSON with every control character
/// escaped, DEL and C1 too (`ui::json_line`), as seg prints JSON, so `curl` on a terminal shows them harmless.
fn received(value: &serde_json::Value) -> Response {
    match crate::ui::json_line(value) {
        Ok(text) => ([(header::CONTENT_TYPE, "application/json")], text).into_response(),
        Err(e) => Status::internal(e.to_string()).into_response(),
    }
}

pub async fn requests(State(app): State<Arc<App>>) -> Response {
    let log = app.control.log.lock().unwrap_or_else(PoisonError::into_inner);
    received(&serde_json::json!({ "requests": &*log }))
}

pub async fn clear_requests(State(app): State<Arc<App>>) -> Response {
    app.control.log.lock().unwrap_or_else(PoisonError::into_inner).clear();
    Json(serde_json::json!({})).into_response()
}

pub async fn faults(State(app): State<Arc<App>>) -> Response {
    let faults = app.control.faults.lock().unwrap_or_else(PoisonError::into_inner);
    Json(serde_json::json!({ "faults": &*faults })).into_response()
}

pub async fn add_fault(State(app): State<Arc<App>>, body: axum::body::Bytes) -> Response {
    let fault: Fault = match super::body::json(&body) {
        Ok(fault) => fault,
        Err(status) => return status.into_response(),
    };
    if fault.count == 0 || fault.status.is_some_and(|s| StatusCode::from_u16(s).is_err()) {
        return Status::invalid("count must be at least 1 and status a valid HTTP status").into_response();
    }
    if fault.at == At::Commit
        && (fault.status.is_some() || fault.code.is_some() || fault.body.is_some() || fault.retry_after.is_some())
    {
        return Status::invalid(
            "a fault at commit only delays the write: give delay_ms, not status, code, body or retry_after",
        )
        .into_response();
    }
    app.control.faults.lock().unwrap_or_else(PoisonError::into_inner).push(fault.clone());
    Json(fault).into_response()
}

/// Clears the faults, and ends the waits of writes held at their commit.
pub async fn clear_faults(State(app): State<Arc<App>>) -> Response {
    app.control.clear_faults();
    Json(serde_json::json!({})).into_response()
}

/// The last webhook delivery attempts, with counts of deliveries queued, pending, delivered and failed.
pub async fn deliveries(State(app): State<Arc<App>>) -> Response {
    received(&app.outbox.snapshot())
}

/// Empties the list of attempts (the counts stay).
pub async fn clear_deliveries(State(app): State<Arc<App>>) -> Response {
    app.outbox.clear_log();
    Json(serde_json::json!({})).into_response()
}

/// How far to move the clock of the per-operation rate limits' windows.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Advance {
    pub advance_ms: u64,
}

/// How far the clock of the per-operation windows has been moved on in all.
pub async fn clock(State(app): State<Arc<App>>) -> Response {
    let offset = app.operations.clock.offset();
    Json(serde_json::json!({ "advanced_ms": u64::try_from(offset.as_millis()).unwrap_or(u64::MAX) })).into_response()
}

/// Moves the clock of the per-operation windows on, so a test ends a window without waiting for it (the token's
/// budget keeps the time as it is).
pub async fn advance_clock(State(app): State<Arc<App>>, body: axum::body::Bytes) -> Response {
    let advance: Advance = match super::body::json(&body) {
        Ok(advance) => advance,
        Err(status) => return status.into_response(),
    };
    let offset = app.operations.clock.advance(Duration::from_millis(advance.advance_ms));
    Json(serde_json::json!({ "advanced_ms": u64::try_from(offset.as_millis()).unwrap_or(u64::MAX) })).into_response()
}
