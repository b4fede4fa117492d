//! `seg webhook listen`: a local receiver. Every POST is answered with the configured status after the configured
//! delay, checked against the secret (raw bytes, then the service's re-serialised form), optionally forwarded
//! byte for byte (through the effect gate: under `--dry-run` a forward is described, not sent), and handed to the
//! caller as a [`Received`] record. Tests and `seg demo` use it in-process.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tokio::sync::mpsc;

use super::verify::{self, Form};
use crate::effect::{Gate, Sent};

#[derive(Debug, Clone)]
pub struct ListenOptions {
    pub secret: Option<Vec<u8>>,
    pub status: u16,
    pub delay: Duration,
    pub forward_to: Option<String>,
    /// How long a forward may take.
    pub forward_timeout: Duration,
    /// The gate forwards pass.
    pub gate: Gate,
}

impl Default for ListenOptions {
    fn default() -> Self {
        ListenOptions {
            secret: None,
            status: 200,
            delay: Duration::ZERO,
            forward_to: None,
            forward_timeout: super::deliver::TIMEOUT,
            gate: Gate::live(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Signature {
    Valid,
    Invalid,
    Absent,
    /// There is a header but no secret to check it with.
    Unchecked,
}

/// One request as received.
#[derive(Debug, Clone, Serialize)]
pub struct Received {
    pub method: String,
    pub path: String,
    /// The body's `type`, when it is a JSON object with one.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub size: usize,
    pub signature: Signature,
    /// Which form matched, when the signature is valid.
    pub signed_form: Option<Form>,
    pub headers: Vec<(String, String)>,
    /// The body as text (lossy where it is not UTF-8).
    pub body: String,
    /// What `--forward-to` answered: a status, or an error.
    pub forwarded: Option<String>,
    #[serde(skip)]
    pub raw: Bytes,
}

struct Shared {
    options: ListenOptions,
    sink: mpsc::UnboundedSender<Received>,
    http: reqwest::Client,
}

/// A router that answers every request and sends a record of it to `sink`.
pub fn router(options: ListenOptions, sink: mpsc::UnboundedSender<Received>) -> Router {
    let http =
        crate::http::no_redirects(crate::http::client(options.forward_timeout, None)).build().unwrap_or_default();
    Router::new().fallback(receive).with_state(Arc::new(Shared { options, sink, http }))
}

async fn receive(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let started = Instant::now();
    let header = headers.get("x-signature").and_then(|v| v.to_str().ok());
    let (signature, signed_form) = match (header, &shared.options.secret) {
        (None, _) => (Signature::Absent, None),
        (Some(_), None) => (Signature::Unchecked, None),
        (Some(header), Some(secret)) => {
            let verdict = verify::verify(secret, &body, header, false);
            if verdict.valid { (Signature::Valid, verdict.matched) } else { (Signature::Invalid, None) }
        }
    };
    let kind = serde_json::from_slice::<serde_json::Value>(&body)
        .ok()
        .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(String::from));
    let forwarded = match &shared.options.forward_to {
        Some(url) => Some(forward(&shared.options.gate, &shared.http, url, &headers, body.clone()).await),
        None => None,
    };
    let record = Received {
        method: method.to_string(),
        path: uri.path_and_query().map_or_else(|| uri.path().to_string(), |p| p.to_string()),
        kind,
        size: body.len(),
        signature,
        signed_form,
        headers: headers
            .iter()
            .map(|(k, v)| (k.to_string(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
            .collect(),
        body: String::from_utf8_lossy(&body).into_owned(),
        forwarded,
        raw: body,
    };
    let _ = shared.sink.send(record);
    let delay = shared.options.delay.saturating_sub(started.elapsed());
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    StatusCode::from_u16(shared.options.status).unwrap_or(StatusCode::OK).into_response()
}

/// Sends the exact bytes on with the headers that matter to a receiver; returns what happened, in words.
async fn forward(gate: &Gate, http: &reqwest::Client, url: &str, headers: &HeaderMap, body: Bytes) -> String {
    let mut request = http.post(url).body(body);
    for (name, value) in headers {
        // Hop-by-hop and length headers belong to this connection, not the forwarded one.
        if !matches!(name.as_str(), "host" | "content-length" | "connection" | "transfer-encoding" | "accept-encoding")
        {
            request = request.header(name, value);
        }
    }
    let request = match request.build() {
        Ok(request) => request,
        Err(e) => return format!("error: {}", crate::http::root_cause(&e)),
    };
    match gate.http(http, request).await {
        Ok(Sent::Answer(response)) => response.status().as_u16().to_string(),
        Ok(Sent::Described) => "not sent (dry run)".to_string(),
        Err(e) => format!("error: {e}"),
    }
}

impl Received {
    /// One line for people: method, path, type, size, signature.
    pub fn line(&self) -> String {
        let signature = match (self.signature, self.signed_form) {
            (Signature::Valid, Some(Form::Raw)) | (Signature::Valid, None) => "signature valid".to_string(),
            (Signature::Valid, Some(form)) => format!("signature valid ({})", form.describe()),
            (Signature::Invalid, _) => "signature INVALID".to_string(),
            (Signature::Absent, _) => "no signature".to_string(),
            (Signature::Unchecked, _) => "signature not checked (no --secret)".to_string(),
        };
        let mut line = format!(
            "{} {} {} {}B {signature}",
            self.method,
            crate::ui::escape_control(&self.path),
            self.kind.as_deref().map_or_else(|| "-".to_string(), |k| crate::ui::escape_control(k).into_owned()),
            self.size
        );
        if let Some(forwarded) = &self.forwarded {
            line.push_str(&format!(" forwarded: {}", crate::ui::escape_control(forwarded)));
        }
        line
    }
}
