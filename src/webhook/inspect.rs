//! `seg webhook listen --inspect`: a small page at `/_seg/` on the listener's own loopback port that lists the
//! requests as they arrive (it polls), each with its verdict and cause, its headers (credentials masked) and its
//! body pretty-printed token for token, and a button that replays it (to the `--forward-to` app, else to the
//! listener itself) through the effect gate.
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

use super::journal::Entry;
use super::listen::Shared;
use crate::effect::Sent;
use crate::same_origin::{self, Origin};

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

#[derive(Debug, Deserialize)]
struct After {
    #[serde(default)]
    after: u64,
}

/// The requests after number `after`, as the page shows them.
async fn requests(State(shared): State<Arc<Shared>>, headers: HeaderMap, Query(after): Query<After>) -> Response {
    if let Some(refusal) = refusal(&shared, &headers, Origin::Optional) {
        return refusal;
    }
    if !token_ok(&shared, headers.get(TOKEN_HEADER).and_then(|v| v.to_str().ok())) {
        return refused(StatusCode::FORBIDDEN, "a valid X-Seg-Token is needed\n");
    }
    let recent = shared.recent.lock().unwrap_or_else(PoisonError::into_inner);
    let items: Vec<Value> = recent.iter().filter(|(seq, _)| *seq > after.after).map(|(seq, e)| view(*seq, e)).collect();
    drop(recent);
    let body = json!({
        "requests": items,
        "replay_to": replay_target(&shared, "/"),
        "dry_run": shared.options.gate.is_dry_run(),
    });
    own("application/json", body.to_string())
}

/// An entry as the page shows it: the body pretty-printed with every token as sent, headers with credentials
/// masked. Nothing here comes from the secret.
fn view(seq: u64, entry: &Entry) -> Value {
    let bytes = entry.body_bytes();
    let pretty = super::shape::indent(&bytes);
    let headers: Vec<(String, String)> = entry.headers.iter().map(|h| (h.name.clone(), h.value.clone())).collect();
    let headers = crate::secret::redact_headers(headers.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    json!({
        "seq": seq,
        "id": if entry.id == 0 { Value::Null } else { json!(entry.id) },
        "received": entry.received,
        "method": entry.method,
        "path": entry.path,
        "type": entry.kind,
        "size": entry.size,
        "signature": entry.signature,
        "signed_form": entry.signed_form,
        "causes": entry.causes,
        "warnings": entry.warnings,
        "answer": entry.answer,
        "headers": headers,
        "body": pretty.unwrap_or_else(|| String::from_utf8_lossy(&bytes).into_owned()),
        "json": super::json::parse(&bytes).is_ok(),
    })
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
    let entry = {
        let recent = shared.recent.lock().unwrap_or_else(PoisonError::into_inner);
        recent.iter().find(|(s, _)| *s == seq).map(|(_, e)| e.clone())
    };
    let Some(entry) = entry else { return refused(StatusCode::NOT_FOUND, "no such request\n") };
    let url = replay_target(&shared, &entry.path);
    let request = match super::journal::replay_request(&shared.http, &entry, &url, None) {
        Ok(request) => request,
        Err(error) => return own("application/json", json!({"to": url, "error": error}).to_string()),
    };
    let result = match shared.options.gate.http(&shared.http, request).await {
        Ok(Sent::Answer(response)) => json!({"to": url, "status": response.status().as_u16()}),
        Ok(Sent::Described) => json!({"to": url, "dry_run": true}),
        Err(e) => json!({"to": url, "error": crate::http::root_cause(&e)}),
    };
    own("application/json", result.to_string())
}
