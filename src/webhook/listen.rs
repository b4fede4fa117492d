//! `seg webhook listen`: a local receiver. Every request is checked against the secret (with `verify`'s diagnosis
//! when it does not match), optionally forwarded byte for byte to an app whose answer (status and body) goes back
//! to the sender (through the effect gate: under `--dry-run` a forward is described, not sent, and the sender gets
//! `--status`), kept in the journal when there is one, shown by the inspector when it is on (`inspect.rs`), and
//! handed to the caller as a [`Received`] record. Tests and `seg demo` use it in-process.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use super::journal::{self, Answer, Entry, Journal, Note};
use super::verify::{self, Finding, Form};
use crate::effect::{Gate, Sent};

/// Requests the inspector lists (its page and replay button), newest kept.
const INSPECTED: usize = 500;

#[derive(Debug, Clone)]
pub struct ListenOptions {
    pub secret: Option<Vec<u8>>,
    pub status: u16,
    pub delay: Duration,
    pub forward_to: Option<String>,
    /// How long a forward may take.
    pub forward_timeout: Duration,
    /// The gate forwards and replays pass.
    pub gate: Gate,
    /// Where every request is kept; none: nowhere.
    pub journal: Option<Arc<Journal>>,
    /// The inspector's page at `/_seg/`; none: every path is a webhook endpoint.
    pub inspect: Option<Inspect>,
}

/// The inspector's settings.
#[derive(Debug, Clone)]
pub struct Inspect {
    /// The listener's own address (loopback): the Host its page must be asked for, and where a replay goes when
    /// nothing is forwarded.
    pub address: SocketAddr,
    /// The per-run token the page carries and every API call must present.
    pub token: String,
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
            journal: None,
            inspect: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
    /// Why the signature is invalid: `verify`'s causes (empty otherwise).
    pub causes: Vec<Finding>,
    /// The headers as received, credentials masked (`Authorization`, `Cookie`, API keys: `secret::redact_headers`),
    /// as `webhook log` and the inspector show them: this record is printed. The journal keeps them whole, for replay.
    pub headers: Vec<(String, String)>,
    /// The body as text (lossy where it is not UTF-8).
    pub body: String,
    /// What `--forward-to` answered: a status, or an error.
    pub forwarded: Option<String>,
    /// What the sender was answered.
    pub answer: Answer,
    /// The request's id in the journal.
    pub id: Option<u64>,
    /// Why it could not be kept in the journal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub journal_error: Option<String>,
    #[serde(skip)]
    pub raw: Bytes,
}

pub(super) struct Shared {
    pub(super) options: ListenOptions,
    sink: mpsc::UnboundedSender<Received>,
    pub(super) http: reqwest::Client,
    /// What the inspector lists: (its number in this run, the entry), oldest first.
    pub(super) recent: Mutex<VecDeque<(u64, Arc<Entry>)>>,
    next: Mutex<u64>,
}

impl Shared {
    fn remember(&self, entry: Entry) {
        let mut next = self.next.lock().unwrap_or_else(PoisonError::into_inner);
        let mut recent = self.recent.lock().unwrap_or_else(PoisonError::into_inner);
        *next += 1;
        if recent.len() == INSPECTED {
            recent.pop_front();
        }
        recent.push_back((*next, Arc::new(entry)));
    }
}

/// A router that answers every request and sends a record of it to `sink`; with `inspect`, `/_seg/` is the
/// inspector and not an endpoint.
pub fn router(options: ListenOptions, sink: mpsc::UnboundedSender<Received>) -> Router {
    let http =
        crate::http::no_redirects(crate::http::client(options.forward_timeout, None)).build().unwrap_or_default();
    let inspect = options.inspect.is_some();
    let shared = Arc::new(Shared { options, sink, http, recent: Mutex::new(VecDeque::new()), next: Mutex::new(0) });
    if let (true, Some(journal)) = (inspect, &shared.options.journal) {
        // The inspector opens on what the journal already holds.
        for entry in journal::newest(journal.dir(), INSPECTED).unwrap_or_default() {
            shared.remember(entry);
        }
    }
    let router = if inspect { super::inspect::routes() } else { Router::new() };
    router.fallback(receive).with_state(shared)
}

async fn receive(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let started = Instant::now();
    let received = format!("{:.3}", jiff::Timestamp::now());
    let options = &shared.options;
    let header = headers.get("x-signature").map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    let checked = match (header, options.secret.clone()) {
        (None, _) => None,
        (Some(_), None) => Some(None),
        // verify's search hashes a few dozen variants of the body: off the async workers.
        (Some(header), Some(secret)) => {
            let bytes = body.clone();
            let verdict = tokio::task::spawn_blocking(move || verify::verify(&secret, &bytes, &header, false)).await;
            Some(verdict.ok())
        }
    };
    let (signature, signed_form, causes, warnings) = match checked {
        None => (Signature::Absent, None, Vec::new(), Vec::new()),
        Some(None) => (Signature::Unchecked, None, Vec::new(), Vec::new()),
        Some(Some(verdict)) if verdict.valid => (Signature::Valid, verdict.matched, Vec::new(), verdict.warnings),
        Some(Some(verdict)) => (Signature::Invalid, None, verdict.causes, verdict.warnings),
    };
    let kind = serde_json::from_slice::<serde_json::Value>(&body)
        .ok()
        .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(String::from));
    let (answer, answer_body, content_type) = match &options.forward_to {
        Some(url) => forward(&shared, url, &headers, body.clone()).await,
        None => (Answer { status: options.status, ..Answer::default() }, Bytes::new(), None),
    };
    let path = uri.path_and_query().map_or_else(|| uri.path().to_string(), |p| p.to_string());
    let mut entry = Entry {
        id: 0,
        received,
        method: method.to_string(),
        path: path.clone(),
        headers: headers.iter().map(|(k, v)| journal::Header::new(k.as_str(), v.as_bytes())).collect(),
        body: None,
        body_base64: None,
        size: 0,
        kind: kind.clone(),
        signature,
        signed_form,
        causes: causes.iter().map(Note::from).collect(),
        warnings: warnings.iter().map(Note::from).collect(),
        answer: answer.clone(),
    };
    entry.set_body(&body);
    let (id, journal_error) = match options.journal.clone() {
        Some(journal) => {
            let mut kept = entry.clone();
            match tokio::task::spawn_blocking(move || journal.append(&mut kept).map(|id| (id, kept))).await {
                Ok(Ok((id, kept))) => {
                    entry = kept;
                    (Some(id), None)
                }
                Ok(Err(error)) => (None, Some(error)),
                Err(error) => (None, Some(error.to_string())),
            }
        }
        None => (None, None),
    };
    if options.inspect.is_some() {
        shared.remember(entry);
    }
    let forwarded = options.forward_to.as_ref().map(|_| match (&answer.error, answer.status) {
        (Some(error), _) if error == DRY_RUN => DRY_RUN.to_string(),
        (Some(error), _) => format!("error: {error}"),
        (None, status) => status.to_string(),
    });
    let record = Received {
        method: method.to_string(),
        path,
        kind,
        size: body.len(),
        signature,
        signed_form,
        causes,
        headers: {
            let text: Vec<(&str, std::borrow::Cow<'_, str>)> =
                headers.iter().map(|(k, v)| (k.as_str(), String::from_utf8_lossy(v.as_bytes()))).collect();
            crate::secret::redact_headers(text.iter().map(|(k, v)| (*k, v.as_ref())))
        },
        body: String::from_utf8_lossy(&body).into_owned(),
        forwarded,
        answer: answer.clone(),
        id,
        journal_error,
        raw: body,
    };
    let _ = shared.sink.send(record);
    let delay = options.delay.saturating_sub(started.elapsed());
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::OK);
    let mut response = (status, answer_body).into_response();
    if let Some(content_type) = content_type {
        response.headers_mut().insert(header::CONTENT_TYPE, content_type);
    }
    response
}

/// What a forward's record says under `--dry-run`.
const DRY_RUN: &str = "not sent (dry run)";

/// Sends the exact bytes on with the headers that matter to a receiver; the answer for the sender: the app's status
/// and body, 502 with the error when it cannot be reached, or `--status` under `--dry-run`.
async fn forward(shared: &Shared, url: &str, headers: &HeaderMap, body: Bytes) -> (Answer, Bytes, Option<HeaderValue>) {
    // Every record, journal entry and answer shows the app's URL with its credentials masked.
    let shown = crate::secret::redact_urls(url);
    let forwarded_to = Some(shown.to_string());
    let failed = |error: String| {
        let error = crate::secret::redact_urls(&error).into_owned();
        let text = format!("seg webhook listen: cannot forward to {shown}: {error}\n");
        let answer = Answer { status: 502, body: None, forwarded_to: forwarded_to.clone(), error: Some(error) };
        (
            answer.with_body(text.as_bytes()),
            Bytes::from(text),
            Some(HeaderValue::from_static("text/plain; charset=utf-8")),
        )
    };
    let mut request = shared.http.post(url).body(body);
    for (name, value) in headers {
        // The app answers in plain bytes that go back as they are: no compression asked for on the sender's behalf.
        if !crate::http::connection_header(name.as_str()) && name != header::ACCEPT_ENCODING {
            request = request.header(name, value);
        }
    }
    let request = match request.build() {
        Ok(request) => request,
        Err(e) => return failed(crate::http::root_cause(&e)),
    };
    match shared.options.gate.http(&shared.http, request).await {
        Ok(Sent::Answer(response)) => {
            let status = response.status().as_u16();
            let content_type = response.headers().get(header::CONTENT_TYPE).cloned();
            match response.bytes().await {
                Ok(bytes) => {
                    let answer = Answer { status, forwarded_to, ..Answer::default() }.with_body(&bytes);
                    (answer, bytes, content_type)
                }
                Err(e) => failed(format!("the answer broke off: {}", crate::http::root_cause(&e))),
            }
        }
        Ok(Sent::Described) => {
            let answer =
                Answer { status: shared.options.status, forwarded_to, error: Some(DRY_RUN.into()), body: None };
            (answer, Bytes::new(), None)
        }
        Err(e) => failed(crate::http::root_cause(&e)),
    }
}

impl Received {
    /// One line for people: method, path, type, size, signature (with the cause when invalid), forward, id.
    pub fn line(&self) -> String {
        let signature = match (self.signature, self.signed_form) {
            (Signature::Valid, Some(Form::Raw)) | (Signature::Valid, None) => "signature valid".to_string(),
            (Signature::Valid, Some(form)) => format!("signature valid ({})", form.describe()),
            (Signature::Invalid, _) if self.causes.is_empty() => "signature INVALID".to_string(),
            (Signature::Invalid, _) => format!(
                "signature INVALID: {}",
                self.causes.iter().map(|c| c.message.as_str()).collect::<Vec<_>>().join("; ")
            ),
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
        if let Some(id) = self.id {
            line.push_str(&format!(" [journal {id}]"));
        }
        line
    }
}
