//! The emulator's request decoding (`seg serve`): arbitrary sequences of requests against a fresh emulator that
//! holds a source, a webhooks destination, a tracking plan and a regulation.
//!
//! Paths are built from the API's own words, the fixtures' names and arbitrary text; queries, headers and bodies
//! from arbitrary bytes or from JSON shaped with the API's field names, so that decoding reaches the handlers'
//! validation. No request may panic or give a 500; every answer under /v1beta is JSON, and an error carries a
//! string `error` and the `code` its HTTP status stands for (413 included: code 3).

#![no_main]

use arbitrary::{Result, Unstructured};
use axum::body::Body;
use axum::http::{Request, header};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use libfuzzer_sys::fuzz_target;
use seg::emulator::{Emulator, EmulatorOptions};
use seg::server::Connection;
use seg::wire::Code;
use serde_json::{Map, Value, json};
use tower::ServiceExt;

/// The address the requests come in on, as `seg serve` would record it for a connection.
const SERVED: std::net::SocketAddr =
    std::net::SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 8808);

const WORDS: &[&str] = &[
    "v1beta",
    "workspaces",
    "demo",
    "sources",
    "destinations",
    "tracking-plans",
    "source-connections",
    "regulations",
    "access-tokens",
    "catalog",
    "javascript",
    "webhooks",
    "web",
    "v1",
    "track",
    "identify",
    "page",
    "screen",
    "group",
    "alias",
    "batch",
    "_emulator",
    "requests",
    "deliveries",
    "",
    ".",
    "..",
    "%2F",
    "rs_1",
];

const FIELDS: &[&str] = &[
    "source",
    "destination",
    "tracking_plan",
    "trackingPlan",
    "access_token",
    "update_mask",
    "updateMask",
    "paths",
    "name",
    "display_name",
    "displayName",
    "catalog_name",
    "enabled",
    "connection_mode",
    "config",
    "value",
    "type",
    "labels",
    "library_config",
    "metrics_enabled",
    "api_host",
    "rules",
    "events",
    "source_name",
    "description",
    "scopes",
    "workspace_names",
    "regulation_type",
    "attributes",
    "subject_type",
    "subject_ids",
    "userId",
    "anonymousId",
    "event",
    "messageId",
    "timestamp",
    "batch",
    "properties",
    "traits",
    "context",
    "hooks",
    "hook",
    "sharedSecret",
    "previousId",
    "groupId",
    "category",
    "page_size",
    "page_token",
];

const METHODS: &[&str] = &["GET", "POST", "PATCH", "PUT", "DELETE", "HEAD", "OPTIONS"];

#[derive(Debug)]
enum Auth {
    Write,
    Read,
    Missing,
    Other(String),
    /// Basic auth with the source's write key, as analytics libraries send it.
    WriteKey,
    Basic(String),
}

#[derive(Debug)]
struct Call {
    method: &'static str,
    path: String,
    auth: Auth,
    content_type: Option<String>,
    body: Vec<u8>,
}

fn word(u: &mut Unstructured) -> Result<String> {
    Ok(match u.int_in_range(0..=9)? {
        0..=6 => (*u.choose(WORDS)?).to_string(),
        7 => format!("rs_{}", u.int_in_range(0..=3)?),
        8 => u.int_in_range(0..=5u8)?.to_string(),
        _ => u.arbitrary()?,
    })
}

fn path(u: &mut Unstructured) -> Result<String> {
    let mut path = match u.int_in_range(0..=3)? {
        0 => String::new(),
        1 => "/v1beta/workspaces/demo".into(),
        2 => "/v1beta/workspaces/demo/sources/web".into(),
        _ => "/v1beta".into(),
    };
    for _ in 0..u.int_in_range(0..=5)? {
        path.push('/');
        path.push_str(&word(u)?);
    }
    if u.ratio(1, 4)? {
        path.push('?');
        for _ in 0..u.int_in_range(1..=3)? {
            let key = if u.arbitrary()? { "page_size".to_string() } else { u.arbitrary()? };
            let value: String = if u.arbitrary()? { u.int_in_range(-2i64..=300)?.to_string() } else { u.arbitrary()? };
            path.push_str(&format!("{key}={value}&"));
        }
    }
    Ok(path)
}

/// JSON shaped like the API's bodies: objects keyed by its field names, with arbitrary leaves.
fn shaped(u: &mut Unstructured, depth: usize) -> Result<Value> {
    let kind = if depth == 0 { u.int_in_range(0..=4)? } else { u.int_in_range(0..=6)? };
    Ok(match kind {
        0 => Value::Null,
        1 => Value::Bool(u.arbitrary()?),
        2 => json!(u.arbitrary::<i32>()?),
        3 => Value::String(if u.arbitrary()? { (*u.choose(WORDS)?).to_string() } else { u.arbitrary()? }),
        4 => Value::String(format!("workspaces/demo/sources/{}", word(u)?)),
        5 => Value::Array((0..u.int_in_range(0..=3)?).map(|_| shaped(u, depth - 1)).collect::<Result<_>>()?),
        _ => {
            let mut object = Map::new();
            for _ in 0..u.int_in_range(0..=5)? {
                let key = if u.ratio(7, 8)? { (*u.choose(FIELDS)?).to_string() } else { u.arbitrary()? };
                object.insert(key, shaped(u, depth - 1)?);
            }
            Value::Object(object)
        }
    })
}

fn call(u: &mut Unstructured) -> Result<Call> {
    let method = *u.choose(METHODS)?;
    let path = path(u)?;
    let auth = match u.int_in_range(0..=9)? {
        0..=5 => Auth::Write,
        6 => Auth::Read,
        7 => Auth::Missing,
        8 => Auth::Other(u.arbitrary()?),
        _ => {
            if u.arbitrary()? {
                Auth::WriteKey
            } else {
                Auth::Basic(u.arbitrary()?)
            }
        }
    };
    let content_type = if u.ratio(1, 5)? { Some(u.arbitrary()?) } else { None };
    let body = match u.int_in_range(0..=3)? {
        0 => Vec::new(),
        1 => u.arbitrary()?,
        _ => serde_json::to_vec(&shaped(u, 5)?).unwrap(),
    };
    Ok(Call { method, path, auth, content_type, body })
}

const SEED: &str = r#"{
  "sources": [{"name": "workspaces/demo/sources/web", "catalog_name": "catalog/sources/javascript"}],
  "destinations": [{"name": "workspaces/demo/sources/web/destinations/webhooks", "enabled": true,
                    "config": [{"name": "sharedSecret", "value": "s3cret"}]}],
  "tracking_plans": [{"parent": "workspaces/demo", "display_name": "Main plan", "rules": {"events": []}}]
}"#;

fn seed_file() -> &'static std::path::Path {
    static SEED_FILE: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    SEED_FILE.get_or_init(|| {
        let path = std::env::temp_dir().join(format!("seg-fuzz-seed-{}.json", std::process::id()));
        std::fs::write(&path, SEED).unwrap();
        path
    })
}

async fn run(calls: Vec<Call>) {
    let options =
        EmulatorOptions { rate_limit: 0, seed: Some(seed_file().to_path_buf()), ..EmulatorOptions::default() };
    let emulator = Emulator::new(options).await.expect("the emulator starts");
    let write = emulator.token(seg::wire::SCOPE_WRITE).unwrap().to_string();
    let read = emulator.token(seg::wire::SCOPE_READ).unwrap().to_string();
    let router = emulator.router();
    let get = Request::get("/v1beta/workspaces/demo/sources/web")
        .header(header::AUTHORIZATION, format!("Bearer {write}"))
        .body(Body::empty())
        .unwrap();
    let source =
        axum::body::to_bytes(router.clone().oneshot(get).await.unwrap().into_body(), usize::MAX).await.unwrap();
    let source: Value = serde_json::from_slice(&source).unwrap();
    let write_key = source["write_keys"][0].as_str().expect("the seeded source has a write key").to_string();
    for call in calls {
        let mut request = Request::builder().method(call.method).uri(call.path.as_str());
        request = match &call.auth {
            Auth::Write => request.header(header::AUTHORIZATION, format!("Bearer {write}")),
            Auth::Read => request.header(header::AUTHORIZATION, format!("Bearer {read}")),
            Auth::Missing => request,
            Auth::Other(text) => request.header(header::AUTHORIZATION, text.as_str()),
            Auth::WriteKey => {
                request.header(header::AUTHORIZATION, format!("Basic {}", STANDARD.encode(format!("{write_key}:"))))
            }
            Auth::Basic(text) => request.header(header::AUTHORIZATION, format!("Basic {}", STANDARD.encode(text))),
        };
        if let Some(content_type) = &call.content_type {
            request = request.header(header::CONTENT_TYPE, content_type.as_str());
        }
        // As over a connection to 127.0.0.1:8808, so that the control endpoints let the request in.
        request = request.header(header::HOST, "127.0.0.1:8808").extension(Connection { local: SERVED, peer: SERVED });
        // What no HTTP server would hand on (an unparsable URI or header) is not the emulator's to decode.
        let Ok(request) = request.body(Body::from(call.body.clone())) else { continue };
        let response = router.clone().oneshot(request).await.unwrap();
        let status = response.status().as_u16();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        assert_ne!(status, 500, "{call:?} -> {}", String::from_utf8_lossy(&bytes));
        if !call.path.trim_start_matches('/').starts_with("v1beta") || call.method == "HEAD" {
            continue;
        }
        let body: Value = match serde_json::from_slice(&bytes) {
            Ok(body) => body,
            // Outside the version prefix after normalisation: the service's plain-text 503.
            Err(_) if status == 503 => continue,
            Err(e) => panic!("{call:?} -> {status} with a body that is not JSON ({e}): {bytes:?}"),
        };
        if status >= 400 {
            let code = body["code"].as_i64().unwrap_or_else(|| panic!("{call:?} -> {status} {body}: no code"));
            assert!(body["error"].is_string(), "{call:?} -> {body}");
            assert_eq!(Some(code), Code::from_http_status(status).map(|c| c as i64), "{call:?} -> {status} {body}");
        }
    }
}

fuzz_target!(|bytes: &[u8]| {
    let mut u = Unstructured::new(bytes);
    let Ok(calls) = (0..u.int_in_range(1..=6).unwrap_or(1)).map(|_| call(&mut u)).collect::<Result<Vec<_>>>() else {
        return;
    };
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(run(calls));
    // Webhook deliveries a call may have started are abandoned, not awaited.
    runtime.shutdown_background();
});
