//! Delivery with the service's rules (docs/WEBHOOKS.md, "Delivery"): one attempt posts the same bytes and signature to
//! every URL at once; the first 2xx delivers the message, and the requests of that attempt still in flight are
//! cancelled, so a hanging URL holds nothing up once another has taken the message; timeouts, connection errors,
//! 5xx and 429 are temporary and retried with randomized exponential backoff, only to the URLs that failed so, until
//! the retry window closes; other 4xx, 3xx (redirects are not followed), invalid URLs and TLS failures are
//! permanent. A self-signed certificate fails the handshake, so nothing is sent. `seg webhook send` and `seg serve`
//! share this module; it reports through a callback and never prints. Each POST passes the effect gate, so under
//! `--dry-run` it is described and not sent.
//!
//! What a delivery may send is decided here for every caller: each endpoint once per attempt however its URL is
//! spelled ([`endpoint`]), no header that decides the framing or the signature from a user ([`custom_header`]), each
//! header once (a user's value replaces seg's), and reports that show a URL's credentials masked.

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;
use reqwest::header::{ACCEPT_ENCODING, CONTENT_TYPE, HeaderMap, HeaderName, HeaderValue, USER_AGENT};
use serde::Serialize;
use tokio::sync::watch;

use crate::effect::{Gate, Sent};
use crate::http::{self, Failure};

/// What the service sends as its User-Agent.
pub const USER_AGENT_VALUE: &str = "Segment.io/1.0";
/// At most this many URLs per destination.
pub const MAX_URLS: usize = 5;
/// Each request must be answered within this.
pub const TIMEOUT: Duration = Duration::from_secs(5);
/// Temporary failures are retried for this long from the first attempt.
pub const RETRY_WINDOW: Duration = Duration::from_secs(4 * 3600);
/// The header that carries the signature: seg's alone.
pub const SIGNATURE_HEADER: &str = "x-signature";

/// Whether a header is not a user's to set on a webhook: the signature, and the headers of the connection
/// (`http::CONNECTION_HEADERS`: `Content-Length`, `Transfer-Encoding`, `Host`, `Connection`, ...), which decide how
/// the receiver reads the body. A `Content-Length: 5` of a user's would have the receiver read five bytes of a body
/// signed whole.
pub fn reserved_header(name: &str) -> bool {
    name.eq_ignore_ascii_case(SIGNATURE_HEADER) || crate::http::connection_header(name)
}

/// A header a user gives a webhook (`send -H`, a hook's `headers` in `seg serve`): a valid HTTP name and value, not
/// a [`reserved_header`]. seg's own `Content-Type`, `User-Agent` and `Accept-Encoding` may be given: the user's
/// value is then sent instead of seg's, never beside it.
pub fn custom_header(name: &str, value: &str) -> Result<(HeaderName, HeaderValue), String> {
    let shown = crate::ui::escape_control(name);
    let header = HeaderName::from_bytes(name.as_bytes()).map_err(|_| format!("invalid header name {shown:?}"))?;
    if reserved_header(name) {
        return Err(format!(
            "the header {shown} is not a user's to set: seg sets it (it decides how the body is read, or signs it)"
        ));
    }
    let value = HeaderValue::from_str(value)
        .map_err(|_| format!("invalid value for the header {shown}: control characters are not allowed"))?;
    Ok((header, value))
}

/// Custom headers are each given once (names compared in any case): a header is never sent twice, and which of two
/// values is meant cannot be guessed.
pub fn check_headers<'h>(names: impl IntoIterator<Item = &'h str>) -> Result<(), String> {
    let mut seen: Vec<&str> = Vec::new();
    for name in names {
        if seen.iter().any(|s| s.eq_ignore_ascii_case(name)) {
            return Err(format!(
                "the header {} is given twice: give each header once",
                crate::ui::escape_control(name)
            ));
        }
        seen.push(name);
    }
    Ok(())
}

#[derive(Debug, Clone)]
pub struct Policy {
    pub timeout: Duration,
    pub retry_window: Duration,
    /// The first wait; each next one doubles, up to `max_wait`, each randomized to half..full.
    pub first_wait: Duration,
    pub max_wait: Duration,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            timeout: TIMEOUT,
            retry_window: RETRY_WINDOW,
            first_wait: Duration::from_secs(1),
            max_wait: Duration::from_secs(600),
        }
    }
}

/// A message ready to send: the exact bytes and the headers that go with them.
#[derive(Debug, Clone)]
pub struct Message {
    pub body: bytes::Bytes,
    /// `X-Signature`, when a secret is set.
    pub signature: Option<String>,
    /// Custom headers of the destination.
    pub headers: Vec<(HeaderName, HeaderValue)>,
    /// Headers that go to one URL only, after `headers` (each hook of a webhooks destination has its own).
    pub url_headers: Vec<(String, Vec<(HeaderName, HeaderValue)>)>,
    pub user_agent: String,
    /// POST for the classic destination; a Webhooks (Actions) mapping may say PUT or PATCH.
    pub method: reqwest::Method,
    /// A Webhooks (Actions) request's headers, exactly (`wire::actions::send`): sent instead of seg's, the custom
    /// ones and the signature, in their order.
    pub exact_headers: Option<Vec<(HeaderName, HeaderValue)>>,
}

impl Message {
    pub fn new(body: impl Into<bytes::Bytes>, secret: Option<&[u8]>) -> Self {
        let body = body.into();
        let signature = secret.filter(|s| !s.is_empty()).map(|s| super::sign::sign(s, &body));
        Message {
            body,
            signature,
            headers: Vec::new(),
            url_headers: Vec::new(),
            user_agent: USER_AGENT_VALUE.to_string(),
            method: reqwest::Method::POST,
            exact_headers: None,
        }
    }

    /// What Webhooks (Actions) sends (`wire::actions::send`): its method, its headers exactly (signature included),
    /// its body. A header that decides the framing (`http::CONNECTION_HEADERS`) is refused: seg's HTTP client
    /// writes those.
    pub fn actions(request: &crate::wire::actions::Request) -> Result<Message, String> {
        let method = reqwest::Method::from_bytes(request.method.as_bytes())
            .map_err(|_| format!("invalid method {:?}", request.method))?;
        let mut headers = Vec::with_capacity(request.headers.len());
        for (name, value) in &request.headers {
            let shown = crate::ui::escape_control(name);
            if crate::http::connection_header(name) {
                return Err(format!("the mapping's header {shown} decides how the body is read: seg does not send it"));
            }
            let header =
                HeaderName::from_bytes(name.as_bytes()).map_err(|_| format!("invalid header name {shown:?}"))?;
            // The request client writes Latin-1 values as their bytes.
            let bytes: Vec<u8> = value.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')).collect();
            let value = HeaderValue::from_bytes(&bytes).map_err(|_| format!("invalid value for the header {shown}"))?;
            headers.push((header, value));
        }
        let body = request.body.clone().unwrap_or_default();
        Ok(Message { method, exact_headers: Some(headers), ..Message::new(body, None) })
    }

    /// The headers of the request to `url`: seg's, then the message's and that URL's own, each replacing a header
    /// of the same name (so each is sent once), then the signature. A reserved header is never taken from the
    /// custom ones, whoever built the message: the framing and the signature stay seg's.
    fn header_map_for(&self, url: &str) -> HeaderMap {
        let mut map = HeaderMap::new();
        if let Some(exact) = &self.exact_headers {
            for (name, value) in exact {
                map.append(name.clone(), value.clone());
            }
            return map;
        }
        map.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        map.insert(ACCEPT_ENCODING, HeaderValue::from_static("identity"));
        if let Ok(ua) = HeaderValue::from_str(&self.user_agent) {
            map.insert(USER_AGENT, ua);
        }
        let own = self.url_headers.iter().filter(|(u, _)| u == url).flat_map(|(_, headers)| headers);
        for (name, value) in self.headers.iter().chain(own) {
            if !reserved_header(name.as_str()) {
                map.insert(name.clone(), value.clone());
            }
        }
        if let Some(signature) = &self.signature
            && let Ok(value) = HeaderValue::from_str(signature)
        {
            map.insert(HeaderName::from_static(SIGNATURE_HEADER), value);
        }
        map
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Delivered,
    Temporary,
    Permanent,
    /// `--dry-run`: described, not sent.
    DryRun,
    /// Cut off in flight: another URL of the attempt delivered the message first, or the delivery was stopped.
    Cancelled,
}

impl Class {
    pub fn as_str(self) -> &'static str {
        match self {
            Class::Delivered => "delivered",
            Class::Temporary => "temporary",
            Class::Permanent => "permanent",
            Class::DryRun => "dry run",
            Class::Cancelled => "cancelled",
        }
    }
}

/// What follows a request for its URL, as [`Deliverer::deliver_then`] reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// A temporary failure that another attempt will follow, after a wait.
    Retry,
    /// The message was delivered, by this request or another URL's in the same attempt: nothing more is sent.
    Delivered,
    /// A temporary failure, but the next attempt would start after the retry window closes: not retried.
    WindowClosed,
    /// Nothing follows: a permanent failure, or a dry run.
    Final,
    /// The delivery was stopped ([`Stop`]): nothing more is sent.
    Stopped,
}

/// Why requests still in flight were cancelled.
const DELIVERED_ELSEWHERE: &str = "cancelled: another URL took the message first";
const STOPPED: &str = "cancelled: interrupted";

/// Ends deliveries early (`seg webhook send` on Ctrl-C): after [`Stop::stop`] no attempt starts, no wait for a
/// retry goes on, and the requests in flight are cancelled; each delivery reports what it did until then. Clones
/// share one switch.
#[derive(Debug, Clone)]
pub struct Stop(Arc<watch::Sender<bool>>);

impl Default for Stop {
    fn default() -> Self {
        Stop(Arc::new(watch::Sender::new(false)))
    }
}

impl Stop {
    pub fn stop(&self) {
        self.0.send_replace(true);
    }

    pub fn is_stopped(&self) -> bool {
        *self.0.borrow()
    }

    /// Completes once stopped.
    pub async fn stopped(&self) {
        let mut seen = self.0.subscribe();
        // The sender lives as long as `self`: this ends only when stopped.
        let _ = seen.wait_for(|stopped| *stopped).await;
    }
}

/// One request of one attempt (`seg webhook send` prints it as `webhook::records::SendAttempt`).
#[derive(Debug, Clone)]
pub struct Attempt {
    /// 1 for the first attempt, 2 for the first retry, ...
    pub attempt: u32,
    /// The URL as reports show it: its credentials masked (`secret::redact_urls`).
    pub url: String,
    /// The HTTP status, when there was an answer.
    pub status: Option<u16>,
    /// What went wrong without an answer (timeout, refused, TLS ...).
    pub error: Option<String>,
    pub latency: Duration,
    pub class: Class,
}

/// How a message's delivery ended (`seg webhook send` prints it as `webhook::records::SentMessage`).
#[derive(Debug, Clone)]
pub struct Report {
    pub delivered: bool,
    pub attempts: Vec<Attempt>,
    /// From the first request to the answer that delivered it (or the last failure).
    pub elapsed: Duration,
    /// It was stopped ([`Stop`]) before it was delivered or had failed for good.
    pub stopped: bool,
}

impl Report {
    /// No request got an HTTP answer: every failure was a transport failure (exit 3 rather than 1).
    pub fn transport_only(&self) -> bool {
        !self.delivered && !self.dry_run() && self.attempts.iter().all(|a| a.status.is_none())
    }

    /// `--dry-run`: its requests were described and none was sent.
    pub fn dry_run(&self) -> bool {
        self.attempts.iter().any(|a| a.class == Class::DryRun)
    }
}

pub struct Deliverer {
    http: reqwest::Client,
    policy: Policy,
    gate: Gate,
    stop: Stop,
}

impl Deliverer {
    /// A client with the policy's timeout, no redirects, and these extra trusted roots (PEM) beside the system's.
    pub fn new(policy: Policy, extra_roots_pem: Option<&[u8]>) -> Result<Self, String> {
        let mut builder = http::no_redirects(http::client(policy.timeout, None)).pool_max_idle_per_host(64);
        if let Some(pem) = extra_roots_pem {
            let certs =
                reqwest::Certificate::from_pem_bundle(pem).map_err(|e| format!("invalid PEM certificate: {e}"))?;
            if certs.is_empty() {
                return Err("no certificate in the PEM file".into());
            }
            builder = builder.tls_certs_merge(certs);
        }
        let http = builder.build().map_err(|e| format!("cannot build the HTTP client: {e}"))?;
        Ok(Deliverer { http, policy, gate: Gate::live(), stop: Stop::default() })
    }

    /// The same deliverer, its POSTs passing this gate (a command's, which knows `--dry-run`).
    pub fn through(self, gate: Gate) -> Deliverer {
        Deliverer { gate, ..self }
    }

    /// The same deliverer, its deliveries ended early by this switch.
    pub fn until(self, stop: Stop) -> Deliverer {
        Deliverer { stop, ..self }
    }

    /// The same client under another retry window (a delivery resumed after a restart has what is left of its own).
    pub fn with_retry_window(&self, retry_window: Duration) -> Deliverer {
        Deliverer {
            http: self.http.clone(),
            policy: Policy { retry_window, ..self.policy.clone() },
            gate: self.gate.clone(),
            stop: self.stop.clone(),
        }
    }

    /// Delivers one message to up to five URLs (each endpoint once: [`distinct`]), reporting each request once its
    /// attempt is over.
    pub async fn deliver(&self, message: &Message, urls: &[String], observe: &(dyn Fn(&Attempt) + Sync)) -> Report {
        self.deliver_then(message, urls, &|attempt, _| observe(attempt)).await
    }

    /// [`Deliverer::deliver`], each request reported with what follows it for its URL: known only once the attempt
    /// is over (another URL may deliver the message) and the next wait is drawn (it may end after the retry window),
    /// so a report never promises a retry that will not happen.
    #[allow(
        clippy::disallowed_methods,
        reason = "a delivery's retry wait, bounded by its retry window and reported with each attempt"
    )]
    pub async fn deliver_then(
        &self,
        message: &Message,
        urls: &[String],
        observe: &(dyn Fn(&Attempt, Next) + Sync),
    ) -> Report {
        let started = Instant::now();
        let urls = distinct(urls);
        let shown: Vec<String> = urls.iter().map(|url| crate::secret::redact_urls(url).into_owned()).collect();
        let headers: Vec<HeaderMap> = urls.iter().map(|url| message.header_map_for(url)).collect();
        let targets =
            Targets { urls: &urls, shown: &shown, headers: &headers, body: &message.body, method: &message.method };
        // Indices of the URLs the next attempt goes to.
        let mut pending: Vec<usize> = (0..urls.len()).collect();
        let mut attempts = Vec::new();
        let mut number = 0;
        loop {
            if self.stop.is_stopped() {
                return Report { delivered: false, attempts, elapsed: started.elapsed(), stopped: true };
            }
            number += 1;
            let (results, stopped) = self.attempt(number, &targets, &pending).await;
            let delivered = results.iter().any(|(_, a)| a.class == Class::Delivered);
            let dry_run = results.iter().any(|(_, a)| a.class == Class::DryRun);
            pending = results.iter().filter(|(_, a)| a.class == Class::Temporary).map(|(i, _)| *i).collect();
            let wait = http::backoff(self.policy.first_wait, self.policy.max_wait, number);
            let in_time = started.elapsed() + wait <= self.policy.retry_window;
            for (_, attempt) in &results {
                let next = match attempt.class {
                    _ if delivered => Next::Delivered,
                    _ if stopped => Next::Stopped,
                    Class::Temporary if in_time => Next::Retry,
                    Class::Temporary => Next::WindowClosed,
                    _ => Next::Final,
                };
                observe(attempt, next);
            }
            attempts.extend(results.into_iter().map(|(_, attempt)| attempt));
            let stopped = stopped && !delivered;
            if delivered || dry_run || stopped || pending.is_empty() || !in_time {
                return Report { delivered, attempts, elapsed: started.elapsed(), stopped };
            }
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = self.stop.stopped() => {
                    return Report { delivered: false, attempts, elapsed: started.elapsed(), stopped: true };
                }
            }
        }
    }

    /// One attempt: the same request to each pending URL at once, until the first 2xx (the rest are cancelled: the
    /// message is delivered) or every one has answered or failed, or the delivery is stopped. The results in the
    /// order of the URLs, and whether it was stopped.
    async fn attempt(&self, number: u32, targets: &Targets<'_>, pending: &[usize]) -> (Vec<(usize, Attempt)>, bool) {
        let began = Instant::now();
        let mut requests: FuturesUnordered<_> =
            pending.iter().map(|&i| async move { (i, self.post(number, targets, i).await) }).collect();
        let mut done: Vec<(usize, Attempt)> = Vec::with_capacity(pending.len());
        let mut cut_off = None;
        while !requests.is_empty() {
            tokio::select! {
                biased;
                Some((i, attempt)) = requests.next() => {
                    let delivered = attempt.class == Class::Delivered;
                    done.push((i, attempt));
                    if delivered {
                        cut_off = Some(DELIVERED_ELSEWHERE);
                        break;
                    }
                }
                () = self.stop.stopped() => {
                    cut_off = Some(STOPPED);
                    break;
                }
            }
        }
        // Dropping the requests still in flight cancels them.
        drop(requests);
        if let Some(why) = cut_off {
            for &i in pending {
                if !done.iter().any(|(j, _)| *j == i) {
                    let cancelled = Attempt {
                        attempt: number,
                        url: targets.shown[i].clone(),
                        status: None,
                        error: Some(why.to_string()),
                        latency: began.elapsed(),
                        class: Class::Cancelled,
                    };
                    done.push((i, cancelled));
                }
            }
        }
        done.sort_by_key(|(i, _)| *i);
        (done, cut_off == Some(STOPPED))
    }

    async fn post(&self, attempt: u32, targets: &Targets<'_>, i: usize) -> Attempt {
        let started = Instant::now();
        let (url, shown) = (&targets.urls[i], &targets.shown[i]);
        let request = match self
            .http
            .request(targets.method.clone(), url)
            .headers(targets.headers[i].clone())
            .body(targets.body.clone())
            .build()
        {
            Ok(request) => request,
            Err(e) => {
                let error = Some(format!("invalid URL: {}", http::root_cause(&e)));
                return Attempt {
                    attempt,
                    url: shown.clone(),
                    status: None,
                    error,
                    latency: started.elapsed(),
                    class: Class::Permanent,
                };
            }
        };
        let result = self.gate.http(&self.http, request).await;
        let latency = started.elapsed();
        let (status, error, class) = match result {
            Ok(Sent::Described) => (None, None, Class::DryRun),
            Ok(Sent::Answer(response)) => {
                let status = response.status().as_u16();
                // The body is not used; reading it lets the connection be reused.
                let _ = response.bytes().await;
                let class = match status {
                    200..=299 => Class::Delivered,
                    429 | 500..=599 => Class::Temporary,
                    _ => Class::Permanent,
                };
                (Some(status), None, class)
            }
            Err(e) => {
                let (message, class) = classify(&e, self.policy.timeout);
                (None, Some(message), class)
            }
        };
        Attempt { attempt, url: shown.clone(), status, error, latency, class }
    }
}

/// What every request of a delivery shares: the URLs (each endpoint once), how reports show them, their headers, and
/// the body.
struct Targets<'a> {
    urls: &'a [String],
    shown: &'a [String],
    headers: &'a [HeaderMap],
    body: &'a bytes::Bytes,
    method: &'a reqwest::Method,
}

/// A failure without an answer: its message, and whether it is worth retrying.
fn classify(error: &reqwest::Error, timeout: Duration) -> (String, Class) {
    let detail = http::root_cause(error);
    match http::classify(error) {
        Failure::Timeout => (format!("no answer within {}", crate::ui::duration(timeout)), Class::Temporary),
        Failure::Invalid => (format!("invalid URL: {detail}"), Class::Permanent),
        Failure::Tls => (format!("TLS: {detail} (nothing was sent)"), Class::Permanent),
        Failure::Connection => (detail, Class::Temporary),
    }
}

/// The endpoint a URL names, in one spelling: read as clients read it (scheme and host in lowercase, an IPv4 address
/// in its dotted form, default and leading-zero ports dropped, `.` and `..` segments resolved), with the fragment
/// dropped (it is never sent), a host name's trailing dot dropped, and percent-escapes in one form (those of
/// unreserved characters decoded, the others in uppercase: RFC 3986 §6.2.2). Two URLs of one endpoint are one
/// receiver: it gets one request per attempt, not two.
pub fn endpoint(url: &str) -> Result<reqwest::Url, String> {
    let mut parsed = reqwest::Url::parse(url).map_err(|e| format!("invalid URL {}: {e}", shown(url)))?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
        return Err(format!("invalid URL {}: use http:// or https:// with a host", shown(url)));
    }
    parsed.set_fragment(None);
    if let Some(domain) = parsed.domain().filter(|d| d.len() > 1 && d.ends_with('.')).map(str::to_string) {
        let _ = parsed.set_host(Some(domain.trim_end_matches('.')));
    }
    let path = normal_escapes(parsed.path());
    parsed.set_path(&path);
    if let Some(query) = parsed.query().map(normal_escapes) {
        parsed.set_query(Some(&query));
    }
    Ok(parsed)
}

/// Percent-escapes in one form: an unreserved character (`A-Z a-z 0-9 - . _ ~`) as itself, any other escape with
/// uppercase hex digits. The text is a parsed URL's path or query: ASCII.
fn normal_escapes(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let escape = (bytes[i] == b'%')
            .then(|| bytes.get(i + 1..i + 3))
            .flatten()
            .and_then(|hex| u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok());
        match escape {
            Some(byte) if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') => {
                out.push(char::from(byte));
                i += 3;
            }
            Some(byte) => {
                out.push_str(&format!("%{byte:02X}"));
                i += 3;
            }
            None => {
                out.push(char::from(bytes[i]));
                i += 1;
            }
        }
    }
    out
}

/// The URLs with each endpoint ([`endpoint`]) once, in the order given, each in its first spelling; a URL that is
/// no endpoint stays (its request fails as invalid).
pub fn distinct(urls: &[String]) -> Vec<String> {
    let mut seen: Vec<String> = Vec::with_capacity(urls.len());
    let mut out = Vec::with_capacity(urls.len());
    for url in urls {
        let key = endpoint(url).map_or_else(|_| url.clone(), String::from);
        if !seen.contains(&key) {
            seen.push(key);
            out.push(url.clone());
        }
    }
    out
}

/// A URL as an error message quotes it: credentials masked, control characters escaped.
fn shown(url: &str) -> String {
    format!("{:?}", crate::secret::redact_urls(url))
}

/// Checks the URLs a delivery may go to: 1 to 5 absolute http(s) URLs, each endpoint once (however spelled).
pub fn check_urls(urls: &[String]) -> Result<(), String> {
    if urls.is_empty() {
        return Err("give at least one --url".into());
    }
    if urls.len() > MAX_URLS {
        return Err(format!("at most {MAX_URLS} URLs, as the service allows; got {}", urls.len()));
    }
    let mut seen: Vec<(reqwest::Url, &String)> = Vec::with_capacity(urls.len());
    for url in urls {
        let parsed = endpoint(url)?;
        if let Some((_, first)) = seen.iter().find(|(known, _)| *known == parsed) {
            return Err(if *first == url {
                format!("the URL {} is given twice: each URL gets each message once", shown(url))
            } else {
                format!(
                    "the URLs {} and {} name the same endpoint: each endpoint gets each message once",
                    shown(first),
                    shown(url)
                )
            });
        }
        seen.push((parsed, url));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_checked() {
        assert!(check_urls(&[]).is_err());
        assert!(check_urls(&vec!["http://127.0.0.1:1/".to_string(); 6]).is_err());
        let five: Vec<String> = (1..=5).map(|p| format!("http://127.0.0.1:{p}/")).collect();
        assert!(check_urls(&five).is_ok());
        assert!(check_urls(&["http://h/a".into(), "http://h/a".into()]).unwrap_err().contains("given twice"));
        assert!(check_urls(&["http://h/a".into(), "HTTP://H:80/a".into()]).unwrap_err().contains("same endpoint"));
        for bad in ["ftp://x/", "127.0.0.1:80", "http://", "not a url"] {
            assert!(check_urls(&[bad.to_string()]).is_err(), "{bad}");
        }
        let error = check_urls(&["http://u:pw@h/".into(), "http://u:pw@h/#x".into()]).unwrap_err();
        assert!(!error.contains("pw") && error.contains("u:(redacted)@h"), "{error}");
    }

    /// Every spelling of one endpoint is one endpoint: host case, default and leading-zero ports, dot segments, a
    /// fragment, IPv4 forms, a trailing dot, percent-escapes.
    #[test]
    fn one_endpoint_however_spelled() {
        let same = [
            "http://example.com/x",
            "HTTP://EXAMPLE.com/x",
            "http://example.com:80/x",
            "http://example.com:0080/x",
            "http://example.com/a/../x",
            "http://example.com/./x",
            "http://example.com/x#2",
            "http://example.com./x",
            "http://example.com/%78",
            "http:example.com/x",
        ];
        for url in same {
            assert_eq!(endpoint(url).unwrap().as_str(), "http://example.com/x", "{url}");
        }
        assert_eq!(distinct(&same.map(String::from)), ["http://example.com/x"], "the first spelling is kept");
        assert_eq!(endpoint("https://h:443/%7e?a=%2f#f").unwrap().as_str(), "https://h/~?a=%2F");
        assert_eq!(endpoint("http://127.1:8/x").unwrap().as_str(), "http://127.0.0.1:8/x");
        for different in
            ["https://example.com/x", "http://example.com:81/x", "http://example.com/X", "http://example.com/x?"]
        {
            assert_ne!(endpoint(different).unwrap().as_str(), "http://example.com/x", "{different}");
        }
        let urls = ["http://h/x".to_string(), "bogus".to_string(), "http://h/x#a".to_string(), "bogus".to_string()];
        assert_eq!(distinct(&urls), ["http://h/x", "bogus"]);
    }

    /// The headers that decide the framing or carry the signature are never a user's, in any case; seg's own are
    /// replaced by a user's, never sent beside them.
    #[test]
    fn framing_and_signature_headers_stay_segs() {
        for name in crate::http::CONNECTION_HEADERS.iter().chain(&[SIGNATURE_HEADER]) {
            for spelled in [name.to_string(), name.to_ascii_uppercase()] {
                let error = custom_header(&spelled, "5").unwrap_err();
                assert!(error.contains("not a user's to set"), "{spelled}: {error}");
            }
        }
        assert!(custom_header("bad name", "x").is_err() && custom_header("X-A", "a\nb").is_err());
        assert!(check_headers(["X-A", "x-b", "x-a"]).unwrap_err().contains("twice"));
        let mut message = Message::new(&b"{}"[..], Some(b"k"));
        message.headers =
            vec![custom_header("Content-Type", "text/plain").unwrap(), custom_header("User-Agent", "me").unwrap()];
        // Built by hand, as no checked input can be: still never sent.
        message.headers.push((HeaderName::from_static("content-length"), HeaderValue::from_static("1")));
        message.url_headers = vec![(
            "http://h/".into(),
            vec![
                (HeaderName::from_static("x-signature"), HeaderValue::from_static("forged")),
                (HeaderName::from_static("user-agent"), HeaderValue::from_static("hook")),
            ],
        )];
        let map = message.header_map_for("http://h/");
        assert_eq!(map.get_all("content-type").iter().collect::<Vec<_>>(), ["text/plain"]);
        assert_eq!(map.get_all("user-agent").iter().collect::<Vec<_>>(), ["hook"]);
        assert!(map.get("content-length").is_none());
        assert_eq!(
            map.get_all("x-signature").iter().collect::<Vec<_>>(),
            [super::super::sign::sign(b"k", b"{}").as_str()]
        );
        assert_eq!(message.header_map_for("http://other/")["user-agent"], "me");
    }

    #[test]
    fn signature_and_headers() {
        let mut message = Message::new(&b"{}"[..], Some(b"k"));
        message.headers.push((HeaderName::from_static("x-a"), HeaderValue::from_static("1")));
        let map = message.header_map_for("http://h/");
        assert_eq!(map["user-agent"], "Segment.io/1.0");
        assert_eq!(map["content-type"], "application/json");
        assert_eq!(map["accept-encoding"], "identity");
        assert_eq!(map["x-a"], "1");
        assert_eq!(map["x-signature"], super::super::sign::sign(b"k", b"{}").as_str());
        assert!(Message::new(&b"{}"[..], Some(b"")).signature.is_none(), "an empty secret signs nothing");
        assert!(Message::new(&b"{}"[..], None).header_map_for("http://h/").get("x-signature").is_none());
    }
}
