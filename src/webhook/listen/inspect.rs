//! `seg webhook listen --inspect`: a small page at `/_seg/` on the listener's own loopback port that lists the
//! requests as they arrive (it polls), each with its verdict and cause, and a button that replays it (to the
//! `--forward-to` app, else to the listener itself) through the effect gate; opened, a request shows its headers
//! (credentials masked) and its body pretty-printed token for token.
//!
//! Senders choose the bodies, so what it answers is bounded by construction, not by them: the list is pages of
//! summaries, a body is fetched when its request is opened and pretty-printed only up to [`BODY_SHOWN`].
//!
//! Only the person at this machine may use it: every route answers only when asked for by the loopback address
//! the listener is bound to (a DNS-rebinding page has another Host) and not from another origin's page (the check
//! the emulator's control endpoints make too, `crate::same_origin`); the API needs the per-run token the page
//! carries (another page cannot read it: no CORS); a replay must also come from the page's own Origin. The page
//! loads nothing but its own script and style (a strict Content-Security-Policy), writes data only as text, and
//! never holds the secret.

use std::sync::{Arc, PoisonError};

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};

use super::Shared;
use crate::effect::Sent;
use crate::same_origin::{self, Origin};
use crate::webhook::journal::Entry;

const PAGE: &str = include_str!("inspect/index.html");
const SCRIPT: &str = include_str!("inspect/app.js");
const STYLE: &str = include_str!("inspect/app.css");
/// Linked from the page, so that the browser does not ask the listener for /favicon.ico (a webhook endpoint).
const ICON: &str = include_str!("inspect/favicon.svg");
const TOKEN_HEADER: &str = "x-seg-token";
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; \
                      base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

pub(super) fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/_seg", get(|| async { (StatusCode::FOUND, [(header::LOCATION, "/_seg/")]) }))
        .route("/_seg/", get(page))
        .route("/_seg/app.js", get(script))
        .route("/_seg/app.css", get(style))
        .route("/_seg/favicon.svg", get(icon))
        .route("/_seg/api/requests", get(requests))
        .route("/_seg/api/requests/{seq}", get(request))
        .route("/_seg/api/replay/{seq}", post(replay))
}

/// The answer to a request that may not use the inspector: one not asked for by its own address, or sent by a page
/// of another origin (`same_origin`, the check the emulator's control endpoints make too).
fn refusal(shared: &Shared, headers: &HeaderMap, origin: Origin) -> Option<Response> {
    let Some(inspect) = &shared.options.inspect else { return Some(refused(StatusCode::NOT_FOUND, "no inspector\n")) };
    let refusal = same_origin::check(inspect.address, headers, origin).err()?;
    Some(refused(refusal.status(), &format!("{}\n", refusal.message())))
}

fn token_ok(shared: &Shared, given: Option<&str>) -> bool {
    let (Some(inspect), Some(given)) = (&shared.options.inspect, given) else { return false };
    let (a, b) = (inspect.token.as_bytes(), given.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

fn refused(status: StatusCode, why: &str) -> Response {
    (status, [(header::CACHE_CONTROL, "no-store")], why.to_string()).into_response()
}

/// A response of the inspector's own, with the headers that keep it to itself.
fn own(content_type: &'static str, body: impl IntoResponse) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(POLICY));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn page(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    if let Some(refusal) = refusal(&shared, &headers, Origin::Optional) {
        return refusal;
    }
    let token = shared.options.inspect.as_ref().map(|i| i.token.as_str()).unwrap_or_default();
    own("text/html; charset=utf-8", PAGE.replace("{{TOKEN}}", token))
}

async fn script(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    if let Some(refusal) = refusal(&shared, &headers, Origin::Optional) {
        return refusal;
    }
    own("text/javascript; charset=utf-8", SCRIPT)
}

async fn style(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    if let Some(refusal) = refusal(&shared, &headers, Origin::Optional) {
        return refusal;
    }
    own("text/css; charset=utf-8", STYLE)
}

async fn icon(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    if let Some(refusal) = refusal(&shared, &headers, Origin::Optional) {
        return refusal;
    }
    own("image/svg+xml", ICON)
}

// What one answer of the inspector's API holds, at most, whatever the requests were: a page of the list stays under
// 512 KiB, one request's answer under 2 MiB (docs/WEBHOOKS.md). The listener itself keeps at most 500 requests and
// 64 MiB of them (`super::INSPECTED_BYTES`).
/// Summaries in one answer of the list, at most (and by default [`PAGE_DEFAULT`]) ...
const PAGE_MAX: usize = 100;
const PAGE_DEFAULT: usize = 50;
/// ... and their bytes: the page stops short of it and says there is `more`.
const PAGE_BYTES: usize = 512 << 10;
/// The pretty-printed body one answer holds, at most, counted as written in the answer (JSON escapes included);
/// the page says when it is cut.
pub const BODY_SHOWN: usize = 256 << 10;
/// Each text a summary shows from a request (its path, type, a cause's words), at most, and the causes shown.
const TEXT_SHOWN: usize = 256;
const NOTES_SHOWN: usize = 16;
/// Each header value shown, at most (the whole head of a request is at most ~400 KiB: hyper's bound).
const HEADER_SHOWN: usize = 4 << 10;

/// Which summaries: those after `after` (oldest first, for the page's polling), else the newest before `before`
/// (for "Load older"), else the newest; at most `limit`.
#[derive(Debug, Deserialize)]
struct Window {
    after: Option<u64>,
    before: Option<u64>,
    limit: Option<usize>,
}

/// A page of summaries, in the order they arrived; `more`: there are others beyond it in the direction asked for.
/// Bodies and headers are fetched one request at a time ([`request`]), when the page opens it.
async fn requests(State(shared): State<Arc<Shared>>, headers: HeaderMap, Query(window): Query<Window>) -> Response {
    if let Some(refusal) = refusal(&shared, &headers, Origin::Optional) {
        return refusal;
    }
    if !token_ok(&shared, headers.get(TOKEN_HEADER).and_then(|v| v.to_str().ok())) {
        return refused(StatusCode::FORBIDDEN, "a valid X-Seg-Token is needed\n");
    }
    let limit = window.limit.unwrap_or(PAGE_DEFAULT).clamp(1, PAGE_MAX);
    let recent = shared.recent.lock().unwrap_or_else(PoisonError::into_inner);
    // Taken in the direction asked for, up to the limit and the bytes of a page.
    let page = |entries: &mut dyn Iterator<Item = &(u64, Arc<Entry>)>| {
        let mut items = Vec::new();
        let mut bytes = 0;
        for (seq, entry) in entries {
            let item = summary(*seq, entry);
            bytes += item.to_string().len();
            if items.len() == limit || (bytes > PAGE_BYTES && !items.is_empty()) {
                return (items, true);
            }
            items.push(item);
        }
        (items, false)
    };
    let (items, more) = match window.after {
        Some(after) => page(&mut recent.iter().filter(|(seq, _)| *seq > after)),
        None => {
            let before = window.before.unwrap_or(u64::MAX);
            let (mut items, more) = page(&mut recent.iter().rev().filter(|(seq, _)| *seq < before));
            items.reverse();
            (items, more)
        }
    };
    drop(recent);
    let body = json!({
        "requests": items,
        "more": more,
        "replay_to": shorten(&crate::secret::redact_urls(&replay_target(&shared, "/")), TEXT_SHOWN),
        "dry_run": shared.options.gate.is_dry_run(),
    });
    own("application/json", body.to_string())
}

/// One request whole, as the page shows it when opened: its summary, its headers (credentials masked) and its
/// body pretty-printed token for token, cut at [`BODY_SHOWN`].
async fn request(State(shared): State<Arc<Shared>>, headers: HeaderMap, Path(seq): Path<u64>) -> Response {
    if let Some(refusal) = refusal(&shared, &headers, Origin::Optional) {
        return refusal;
    }
    if !token_ok(&shared, headers.get(TOKEN_HEADER).and_then(|v| v.to_str().ok())) {
        return refused(StatusCode::FORBIDDEN, "a valid X-Seg-Token is needed\n");
    }
    let Some(entry) = shared.find(seq) else { return refused(StatusCode::NOT_FOUND, "no such request\n") };
    // Pretty-printing walks the whole body: off the async workers.
    let shown = tokio::task::spawn_blocking(move || detail(seq, &entry)).await;
    match shown {
        Ok(shown) => own("application/json", shown.to_string()),
        Err(_) => refused(StatusCode::INTERNAL_SERVER_ERROR, "cannot show the request\n"),
    }
}

/// What the list shows of a request: bounded texts, no headers, no body. Nothing here comes from the secret.
fn summary(seq: u64, entry: &Entry) -> Value {
    let notes = |notes: &[crate::webhook::journal::Note]| -> Vec<Value> {
        notes
            .iter()
            .take(NOTES_SHOWN)
            .map(|n| json!({"code": shorten(&n.code, TEXT_SHOWN), "message": shorten(&n.message, TEXT_SHOWN)}))
            .collect()
    };
    json!({
        "seq": seq,
        "id": if entry.id == 0 { Value::Null } else { json!(entry.id) },
        "received": shorten(&entry.received, TEXT_SHOWN),
        "method": shorten(&entry.method, TEXT_SHOWN),
        "path": shorten(&entry.path, TEXT_SHOWN),
        "type": entry.kind.as_deref().map(|kind| shorten(kind, TEXT_SHOWN)),
        "size": entry.size,
        "refused": entry.refused,
        "signature": entry.signature,
        "signed_form": entry.signed_form,
        "causes": notes(&entry.causes),
        "warnings": notes(&entry.warnings),
        "answer": {
            "status": entry.answer.status,
            "forwarded_to": entry.answer.forwarded_to.as_deref().map(|to| shorten(to, TEXT_SHOWN)),
            "error": entry.answer.error.as_deref().map(|error| shorten(error, TEXT_SHOWN)),
        },
    })
}

/// A request as the page shows it opened: its summary, headers with credentials masked, the body pretty-printed
/// with every token as sent (cut at [`BODY_SHOWN`], `body_cut` then true).
fn detail(seq: u64, entry: &Entry) -> Value {
    let bytes = entry.body_bytes();
    let (body, cut, json) = match crate::webhook::shape::indent(&bytes, BODY_SHOWN) {
        Some((pretty, cut)) => (pretty, cut, true),
        None => {
            let text = String::from_utf8_lossy(&bytes[..bytes.len().min(BODY_SHOWN)]).into_owned();
            (text, bytes.len() > BODY_SHOWN, false)
        }
    };
    // Escapes (a control character is six bytes in JSON) count against the bound too.
    let (body, escapes_cut) = fit_escaped(&body, BODY_SHOWN);
    let cut = cut || escapes_cut;
    let headers: Vec<(String, String)> = entry.headers.iter().map(|h| (h.name.clone(), h.value.clone())).collect();
    let headers: Vec<(String, String)> =
        crate::secret::redact_headers(headers.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .into_iter()
            .map(|(name, value)| (shorten(&name, HEADER_SHOWN), shorten(&value, HEADER_SHOWN)))
            .collect();
    let mut shown = summary(seq, entry);
    shown["headers"] = json!(headers);
    shown["body"] = json!(body);
    shown["body_cut"] = json!(cut);
    shown["json"] = json!(json);
    shown
}

/// The longest start of `text` that takes at most `max` bytes written as a JSON string, and whether it was cut.
fn fit_escaped(text: &str, max: usize) -> (String, bool) {
    let mut written = 0;
    for (at, c) in text.char_indices() {
        written += match c {
            '"' | '\\' | '\n' | '\r' | '\t' | '\u{8}' | '\u{c}' => 2,
            c if u32::from(c) < 0x20 => 6,
            c => c.len_utf8(),
        };
        if written > max {
            return (text[..at].to_string(), true);
        }
    }
    (text.to_string(), false)
}

/// At most `max` bytes of a text, cut at a character, with `…` when cut.
fn shorten(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// Where a replay goes: the app of `--forward-to`, else the listener itself at the request's path.
fn replay_target(shared: &Shared, path: &str) -> String {
    match (&shared.options.forward_to, &shared.options.inspect) {
        (Some(url), _) => url.clone(),
        (None, Some(inspect)) => format!("http://{}{path}", inspect.address),
        (None, None) => String::new(),
    }
}

async fn replay(State(shared): State<Arc<Shared>>, headers: HeaderMap, Path(seq): Path<u64>) -> Response {
    if let Some(refusal) = refusal(&shared, &headers, Origin::Required) {
        return refusal;
    }
    if !token_ok(&shared, headers.get(TOKEN_HEADER).and_then(|v| v.to_str().ok())) {
        return refused(StatusCode::FORBIDDEN, "a valid X-Seg-Token is needed\n");
    }
    let Some(entry) = shared.find(seq) else { return refused(StatusCode::NOT_FOUND, "no such request\n") };
    let url = replay_target(&shared, &entry.path);
    // The page shows where the replay went, never the credentials in that URL (the request still carries them).
    let to = crate::secret::redact_urls(&url).into_owned();
    let masked = |error: &str| crate::secret::redact_urls(error).into_owned();
    let request = match crate::webhook::journal::replay_request(&shared.http, &entry, &url, None) {
        Ok(request) => request,
        Err(error) => return own("application/json", json!({"to": to, "error": masked(&error)}).to_string()),
    };
    let result = match shared.options.gate.http(&shared.http, request).await {
        Ok(Sent::Answer(response)) => json!({"to": to, "status": response.status().as_u16()}),
        Ok(Sent::Described) => json!({"to": to, "dry_run": true}),
        Err(e) => json!({"to": to, "error": masked(&crate::http::root_cause(&e))}),
    };
    own("application/json", result.to_string())
}
