//! `seg webhook listen`: a local receiver. Every request is checked against the secret (with `verify`'s diagnosis
//! when it does not match), optionally forwarded byte for byte to an app whose answer (status and body) goes back
//! to the sender (through the effect gate: under `--dry-run` a forward is described, not sent, and the sender gets
//! `--status`), kept in the journal when there is one, shown by the inspector when it is on (`listen/inspect.rs`), and
//! handed to the caller as a [`Received`] record. Tests and `seg demo` use it in-process.

mod inspect;

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tokio::sync::mpsc;

use super::journal::{self, Answer, Entry, Journal, Note};
pub use super::journal::{MAX_BODY, Refused, Signature};
use super::verify::{self, Finding, Form};
use crate::effect::{Gate, Sent};

/// Requests the inspector lists (its page and replay button), newest kept ...
const INSPECTED: usize = 500;
/// ... and the bytes they may hold in memory, at most: with bodies of up to 2 MiB, 500 of them would be 1 GiB.
const INSPECTED_BYTES: usize = 64 << 20;

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

/// One request as received.
#[derive(Debug, Clone, Serialize)]
pub struct Received {
    pub method: String,
    /// It came from Webhooks (Actions) (`User-Agent: Segment (Actions)`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub actions: bool,
    pub path: String,
    /// The body's `type`, when it is a JSON object with one.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub size: usize,
    /// Why its body was not taken (too large, too slow, broken off); absent when it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<Refused>,
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
    /// What the inspector lists: (its number in this run, the entry), oldest first; at most [`INSPECTED`] entries
    /// and [`INSPECTED_BYTES`].
    pub(super) recent: Mutex<VecDeque<(u64, Arc<Entry>)>>,
    /// The last number given and the bytes `recent` holds.
    next: Mutex<(u64, usize)>,
}

impl Shared {
    fn remember(&self, entry: Entry) {
        let mut next = self.next.lock().unwrap_or_else(PoisonError::into_inner);
        let mut recent = self.recent.lock().unwrap_or_else(PoisonError::into_inner);
        let (number, held) = &mut *next;
        *number += 1;
        *held += weight(&entry);
        recent.push_back((*number, Arc::new(entry)));
        while recent.len() > INSPECTED || (*held > INSPECTED_BYTES && recent.len() > 1) {
            if let Some((_, old)) = recent.pop_front() {
                *held -= weight(&old);
            }
        }
    }

    /// The entry of this number, while the inspector holds it.
    pub(super) fn find(&self, number: u64) -> Option<Arc<Entry>> {
        let recent = self.recent.lock().unwrap_or_else(PoisonError::into_inner);
        recent.iter().find(|(n, _)| *n == number).map(|(_, entry)| entry.clone())
    }
}

/// The bytes an entry holds, near enough: its body and its headers.
fn weight(entry: &Entry) -> usize {
    let body = entry.body.as_ref().map_or(0, String::len) + entry.body_base64.as_ref().map_or(0, String::len);
    body + entry.path.len() + entry.headers.iter().map(|h| h.name.len() + h.value.len()).sum::<usize>()
}

/// Serves the receiver on a bound listener until `shutdown` completes, with the limits every `listen` has
/// (`server::Limits::LISTEN`: header and body timeouts, a connection bound, a grace period at the end).
pub async fn serve(
    listener: tokio::net::TcpListener,
    options: ListenOptions,
    sink: mpsc::UnboundedSender<Received>,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    crate::server::serve(listener, router(options, sink), crate::server::Limits::LISTEN, shutdown).await
}

/// A router that answers every request and sends a record of it to `sink`; with `inspect`, `/_seg/` is the
/// inspector and not an endpoint.
pub fn router(options: ListenOptions, sink: mpsc::UnboundedSender<Received>) -> Router {
    let http =
        crate::http::no_redirects(crate::http::client(options.forward_timeout, None)).build().unwrap_or_default();
    let inspect = options.inspect.is_some();
    let shared =
        Arc::new(Shared { options, sink, http, recent: Mutex::new(VecDeque::new()), next: Mutex::new((0, 0)) });
    if let (true, Some(journal)) = (inspect, &shared.options.journal) {
        // The inspector opens on what the journal already holds, within its bounds: read newest first.
        let mut kept = Vec::new();
        let mut held = 0;
        for id in journal::ids(journal.dir()).unwrap_or_default().into_iter().rev().take(INSPECTED) {
            let Ok(entry) = journal::read(journal.dir(), id) else { continue };
            held += weight(&entry);
            if held > INSPECTED_BYTES && !kept.is_empty() {
                break;
            }
            kept.push(entry);
        }
        for entry in kept.into_iter().rev() {
            shared.remember(entry);
        }
    }
    let router = if inspect { inspect::routes() } else { Router::new() };
    router.fallback(receive).with_state(shared)
}

#[allow(
    clippy::disallowed_methods,
    reason = "the listener's --delay before it answers, a timer of the server (not a client's wait)"
)]
async fn receive(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let started = Instant::now();
    let received = format!("{:.3}", jiff::Timestamp::now());
    let options = &shared.options;
    let path = uri.path_and_query().map_or_else(|| uri.path().to_string(), |p| p.to_string());
    let header = headers.get("x-signature").map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    let actions = super::actions::is_actions(headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()));
    let read = read_body(body, &headers).await;
    let body = read.as_ref().map_or_else(|_| Bytes::new(), Bytes::clone);
    let checked = match (&read, header, options.secret.clone()) {
        (_, None, _) => None,
        // A refused body was not kept: there is nothing to check the header against.
        (Err(_), Some(_), _) | (Ok(_), Some(_), None) => Some(None),
        // verify's search hashes a few dozen variants of the body: off the async workers.
        (Ok(bytes), Some(header), Some(secret)) => {
            let bytes = bytes.clone();
            let verdict =
                tokio::task::spawn_blocking(move || verify::verify_from(&secret, &bytes, &header, false, actions))
                    .await;
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
    let (answer, answer_body, content_type) = match (&read, &options.forward_to) {
        (Err(refusal), _) => {
            let text = format!("seg webhook listen: {}\n", refusal.reason.describe());
            let answer = Answer { status: refusal.reason.status(), ..Answer::default() }.with_body(text.as_bytes());
            (answer, Bytes::from(text), Some(HeaderValue::from_static("text/plain; charset=utf-8")))
        }
        (Ok(_), Some(url)) => forward(&shared, url, &headers, body.clone()).await,
        (Ok(_), None) => (Answer { status: options.status, ..Answer::default() }, Bytes::new(), None),
    };
    let refused = read.as_ref().err().map(|refusal| refusal.reason);
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
        refused,
    };
    let size = match &read {
        Ok(bytes) => {
            entry.set_body(bytes);
            bytes.len()
        }
        // Only the size of a refused body is kept.
        Err(refusal) => {
            entry.size = refusal.size;
            refusal.size
        }
    };
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
    let forwarded =
        options.forward_to.as_ref().filter(|_| refused.is_none()).map(|_| match (&answer.error, answer.status) {
            (Some(error), _) if error == DRY_RUN => DRY_RUN.to_string(),
            (Some(error), _) => format!("error: {error}"),
            (None, status) => status.to_string(),
        });
    let record = Received {
        method: method.to_string(),
        actions,
        path,
        kind,
        size,
        refused,
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
    if refused.is_none() && !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::OK);
    let mut response = (status, answer_body).into_response();
    if let Some(content_type) = content_type {
        response.headers_mut().insert(header::CONTENT_TYPE, content_type);
    }
    response
}

/// How much of a body over [`MAX_BODY`] is read (to count it, and so that the sender, still sending, gets the 413)
/// before the connection is cut instead.
const DRAIN_MAX: u64 = 64 << 20;

/// A body not taken, and its size: as declared (Content-Length) or as counted.
#[derive(Debug)]
struct Refusal {
    reason: Refused,
    size: usize,
}

/// The whole body, up to [`MAX_BODY`]; past it, the body is counted (up to [`DRAIN_MAX`]) and not kept.
async fn read_body(body: axum::body::Body, headers: &HeaderMap) -> Result<Bytes, Refusal> {
    use futures_util::StreamExt;
    let declared = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    let to_size = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    if let Some(declared) = declared.filter(|d| *d > DRAIN_MAX) {
        return Err(Refusal { reason: Refused::TooLarge, size: to_size(declared) });
    }
    let limit = MAX_BODY as u64;
    let mut too_large = declared.is_some_and(|d| d > limit);
    let mut kept = bytes::BytesMut::new();
    let mut counted: u64 = 0;
    let mut stream = body.into_data_stream();
    while let Some(chunk) = stream.next().await {
        let reason = match chunk {
            Ok(chunk) => {
                counted += chunk.len() as u64;
                if counted > limit && !too_large {
                    too_large = true;
                    kept = bytes::BytesMut::new();
                }
                if !too_large {
                    kept.extend_from_slice(&chunk);
                } else if counted >= DRAIN_MAX {
                    break;
                }
                continue;
            }
            // What is known to be too large stays that, however it ends.
            Err(_) if too_large => break,
            Err(e) if crate::server::body_timed_out(&e) => Refused::BodyTimeout,
            Err(_) => Refused::Incomplete,
        };
        return Err(Refusal { reason, size: to_size(counted) });
    }
    if too_large {
        return Err(Refusal { reason: Refused::TooLarge, size: to_size(declared.unwrap_or(counted).max(counted)) });
    }
    Ok(kept.freeze())
}

/// Whether `url` reaches the listener's own socket at `own`, so that forwarding there would post every request back
/// to the listener, forever. Checked after binding, so `--port 0` compares the port bound. A host name is resolved
/// (`localhost` is `127.0.0.1` too); a listener on every address (`0.0.0.0`, `::`) is reached by any address of
/// this machine.
pub async fn forwards_to_itself(url: &str, own: SocketAddr) -> bool {
    let Ok(url) = reqwest::Url::parse(url) else { return false };
    if url.port_or_known_default() != Some(own.port()) {
        return false;
    }
    let Some(host) = url.host_str() else { return false };
    let targets: Vec<std::net::IpAddr> = match host.trim_start_matches('[').trim_end_matches(']').parse() {
        Ok(ip) => vec![ip],
        // A name that does not resolve (soon) is no loop: the forward fails on its own.
        Err(_) => match tokio::time::timeout(Duration::from_secs(3), tokio::net::lookup_host((host, own.port()))).await
        {
            Ok(Ok(addresses)) => addresses.map(|a| a.ip()).collect(),
            _ => Vec::new(),
        },
    };
    let own = own.ip().to_canonical();
    targets.into_iter().map(|ip| ip.to_canonical()).any(|target| {
        target == own
            // Connecting to 0.0.0.0 or :: reaches this machine.
            || (target.is_unspecified() && (own.is_loopback() || own.is_unspecified()))
            // Only this machine's own addresses can be bound.
            || (own.is_unspecified() && std::net::UdpSocket::bind((target, 0)).is_ok())
    })
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
    /// One line for people: method, path, type, size, signature (with the cause when invalid), forward, id; for a
    /// refused body, why and the answer instead of the signature.
    pub fn line(&self) -> String {
        let signature = match (self.signature, self.signed_form) {
            _ if let Some(refused) = self.refused => {
                format!("REFUSED ({}): {}", self.answer.status, refused.describe())
            }
            (Signature::Valid, Some(Form::Raw)) | (Signature::Valid, None) => "signature valid".to_string(),
            (Signature::Valid, Some(Form::FirstElement)) if self.actions => {
                "signature valid for a Webhooks (Actions) batch, signed over its first element only".to_string()
            }
            (Signature::Valid, Some(form)) => {
                format!("signature valid {}; {}", form.only(), super::verify::RAW_REJECTS)
            }
            (Signature::Invalid, _) if self.causes.is_empty() => "signature INVALID".to_string(),
            (Signature::Invalid, _) => format!(
                "signature INVALID: {}",
                self.causes.iter().map(|c| c.message.as_str()).collect::<Vec<_>>().join("; ")
            ),
            (Signature::Absent, _) => "no signature".to_string(),
            (Signature::Unchecked, _) => "signature not checked (no --secret)".to_string(),
        };
        let mut line = format!(
            "{} {} {} {}B {}{signature}",
            self.method,
            crate::ui::escape_control(&self.path),
            self.kind.as_deref().map_or_else(|| "-".to_string(), |k| crate::ui::escape_control(k).into_owned()),
            self.size,
            if self.actions { "Webhooks (Actions) " } else { "" }
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
