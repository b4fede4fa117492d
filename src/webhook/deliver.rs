//! Delivery with the service's rules (WEBHOOKS.md, "Delivery"): one attempt posts the same bytes and signature to
//! every URL at once; any 2xx delivers the message and nothing more is sent; timeouts, connection errors, 5xx and
//! 429 are temporary and retried with randomized exponential backoff, only to the URLs that failed so, until the
//! retry window closes; other 4xx, 3xx (redirects are not followed), invalid URLs and TLS failures are permanent.
//! A self-signed certificate fails the handshake, so nothing is sent. `seg webhook send` and `seg serve` share
//! this module; it reports through a callback and never prints. Each POST passes the effect gate, so under
//! `--dry-run` it is described and not sent.

use std::time::{Duration, Instant};

use reqwest::header::{ACCEPT_ENCODING, CONTENT_TYPE, HeaderMap, HeaderName, HeaderValue, USER_AGENT};
use serde::Serialize;

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
        }
    }

    fn header_map_for(&self, url: &str) -> HeaderMap {
        let mut map = self.header_map();
        for (_, headers) in self.url_headers.iter().filter(|(u, _)| u == url) {
            for (name, value) in headers {
                map.append(name.clone(), value.clone());
            }
        }
        map
    }

    fn header_map(&self) -> HeaderMap {
        let mut map = HeaderMap::new();
        map.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        map.insert(ACCEPT_ENCODING, HeaderValue::from_static("identity"));
        if let Ok(ua) = HeaderValue::from_str(&self.user_agent) {
            map.insert(USER_AGENT, ua);
        }
        for (name, value) in &self.headers {
            map.append(name.clone(), value.clone());
        }
        if let Some(signature) = &self.signature
            && let Ok(value) = HeaderValue::from_str(signature)
        {
            map.insert(HeaderName::from_static("x-signature"), value);
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
}

impl Class {
    pub fn as_str(self) -> &'static str {
        match self {
            Class::Delivered => "delivered",
            Class::Temporary => "temporary",
            Class::Permanent => "permanent",
            Class::DryRun => "dry run",
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
}

/// One request of one attempt (`seg webhook send` prints it as `ui::records::SendAttempt`).
#[derive(Debug, Clone)]
pub struct Attempt {
    /// 1 for the first attempt, 2 for the first retry, ...
    pub attempt: u32,
    pub url: String,
    /// The HTTP status, when there was an answer.
    pub status: Option<u16>,
    /// What went wrong without an answer (timeout, refused, TLS ...).
    pub error: Option<String>,
    pub latency: Duration,
    pub class: Class,
}

/// How a message's delivery ended (`seg webhook send` prints it as `ui::records::SentMessage`).
#[derive(Debug, Clone)]
pub struct Report {
    pub delivered: bool,
    pub attempts: Vec<Attempt>,
    /// From the first request to the answer that delivered it (or the last failure).
    pub elapsed: Duration,
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
        Ok(Deliverer { http, policy, gate: Gate::live() })
    }

    /// The same deliverer, its POSTs passing this gate (a command's, which knows `--dry-run`).
    pub fn through(self, gate: Gate) -> Deliverer {
        Deliverer { gate, ..self }
    }

    /// The same client under another retry window (a delivery resumed after a restart has what is left of its own).
    pub fn with_retry_window(&self, retry_window: Duration) -> Deliverer {
        Deliverer {
            http: self.http.clone(),
            policy: Policy { retry_window, ..self.policy.clone() },
            gate: self.gate.clone(),
        }
    }

    /// Delivers one message to up to five URLs, reporting each request once its attempt is over.
    pub async fn deliver(&self, message: &Message, urls: &[String], observe: &(dyn Fn(&Attempt) + Sync)) -> Report {
        self.deliver_then(message, urls, &|attempt, _| observe(attempt)).await
    }

    /// [`Deliverer::deliver`], each request reported with what follows it for its URL: known only once every
    /// request of the attempt has answered (another URL may deliver the message) and the next wait is drawn (it
    /// may end after the retry window), so a report never promises a retry that will not happen.
    pub async fn deliver_then(
        &self,
        message: &Message,
        urls: &[String],
        observe: &(dyn Fn(&Attempt, Next) + Sync),
    ) -> Report {
        let started = Instant::now();
        let headers: Vec<HeaderMap> = urls.iter().map(|url| message.header_map_for(url)).collect();
        let mut pending: Vec<String> = urls.to_vec();
        let mut attempts = Vec::new();
        let mut number = 0;
        loop {
            number += 1;
            let requests = pending.iter().map(|url| {
                let at = urls.iter().position(|u| u == url).unwrap_or_default();
                self.post(number, url, &headers[at], &message.body)
            });
            let results = futures_util::future::join_all(requests).await;
            let delivered = results.iter().any(|a| a.class == Class::Delivered);
            let dry_run = results.iter().any(|a| a.class == Class::DryRun);
            pending = results.iter().filter(|a| a.class == Class::Temporary).map(|a| a.url.clone()).collect();
            let wait = http::backoff(self.policy.first_wait, self.policy.max_wait, number);
            let in_time = started.elapsed() + wait <= self.policy.retry_window;
            for attempt in &results {
                let next = match attempt.class {
                    _ if delivered => Next::Delivered,
                    Class::Temporary if in_time => Next::Retry,
                    Class::Temporary => Next::WindowClosed,
                    _ => Next::Final,
                };
                observe(attempt, next);
            }
            attempts.extend(results);
            if delivered || dry_run {
                return Report { delivered, attempts, elapsed: started.elapsed() };
            }
            if pending.is_empty() || !in_time {
                return Report { delivered: false, attempts, elapsed: started.elapsed() };
            }
            tokio::time::sleep(wait).await;
        }
    }

    async fn post(&self, attempt: u32, url: &str, headers: &HeaderMap, body: &bytes::Bytes) -> Attempt {
        let started = Instant::now();
        let request = match self.http.post(url).headers(headers.clone()).body(body.clone()).build() {
            Ok(request) => request,
            Err(e) => {
                let error = Some(format!("invalid URL: {}", http::root_cause(&e)));
                return Attempt {
                    attempt,
                    url: url.to_string(),
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
        Attempt { attempt, url: url.to_string(), status, error, latency, class }
    }
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

/// Checks the URLs a delivery may go to: 1 to 5 absolute http(s) URLs.
pub fn check_urls(urls: &[String]) -> Result<(), String> {
    if urls.is_empty() {
        return Err("give at least one --url".into());
    }
    if urls.len() > MAX_URLS {
        return Err(format!("at most {MAX_URLS} URLs, as the service allows; got {}", urls.len()));
    }
    let mut seen: Vec<reqwest::Url> = Vec::with_capacity(urls.len());
    for url in urls {
        let parsed = reqwest::Url::parse(url).map_err(|e| format!("invalid URL {url:?}: {e}"))?;
        if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
            return Err(format!("invalid URL {url:?}: use http:// or https:// with a host"));
        }
        if seen.contains(&parsed) {
            return Err(format!("the URL {url:?} is given twice: each URL gets each message once"));
        }
        seen.push(parsed);
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
        assert!(check_urls(&["http://h/a".into(), "HTTP://H:80/a".into()]).unwrap_err().contains("twice"));
        for bad in ["ftp://x/", "127.0.0.1:80", "http://", "not a url"] {
            assert!(check_urls(&[bad.to_string()]).is_err(), "{bad}");
        }
    }

    #[test]
    fn signature_and_headers() {
        let mut message = Message::new(&b"{}"[..], Some(b"k"));
        message.headers.push((HeaderName::from_static("x-a"), HeaderValue::from_static("1")));
        let map = message.header_map();
        assert_eq!(map["user-agent"], "Segment.io/1.0");
        assert_eq!(map["content-type"], "application/json");
        assert_eq!(map["accept-encoding"], "identity");
        assert_eq!(map["x-a"], "1");
        assert_eq!(map["x-signature"], super::super::sign::sign(b"k", b"{}").as_str());
        assert!(Message::new(&b"{}"[..], Some(b"")).signature.is_none(), "an empty secret signs nothing");
        assert!(Message::new(&b"{}"[..], None).header_map().get("x-signature").is_none());
    }
}
