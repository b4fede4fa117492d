//! The Config API transport: one `send` through which every request passes, so that pacing, retries, dry-run,
//! logging and error classification each live in exactly one place.
//! - Pacing: a token bucket at `rate_limit` per minute with a small burst, so bulk work rarely meets 429.
//! - Retries: 429 for any method (the request was not processed), waiting `Retry-After` or a jittered backoff;
//!   503, 504 and transport errors only for idempotent requests; at most `max_retries` waits, each announced.
//! - Dry-run: nothing leaves the process; the request is described instead.
//! - Notices: what `-v`/`-vv` print, with the Authorization header already redacted.

use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::{Duration, Instant};

use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use reqwest::Method;
use reqwest::header::{HeaderMap, RETRY_AFTER};
use serde_json::{Value, json};

use super::secret::Secret;
use crate::error::{ApiError, Error, Result};
use crate::wire::{ErrorBody, UPSTREAM_ERROR};

/// The largest body read from an answer; the rest is not read (a 10 MB error page must not fill memory).
const MAX_BODY: usize = 64 * 1024 * 1024;
/// Error bodies are shown up to this many characters.
const MAX_ERROR_TEXT: usize = 300;
/// The longest single wait, whatever `Retry-After` asks.
const MAX_WAIT: Duration = Duration::from_secs(60);
/// Requests the pacer lets through at once before it spaces them out.
const BURST: u32 = 10;

#[derive(Debug, Clone)]
pub struct ClientOptions {
    /// Service address, e.g. `https://platform.segmentapis.com`.
    pub base_url: String,
    /// Path prefix, e.g. `v1beta`.
    pub api_version: String,
    pub token: Secret,
    pub timeout: Duration,
    /// Requests per minute; 0 turns pacing off.
    pub rate_limit: u32,
    pub max_retries: u32,
    pub dry_run: bool,
}

/// What the transport reports as it works, for `-v`, `-vv` and retry lines. Headers come redacted.
#[derive(Debug)]
pub enum Notice<'a> {
    Request { method: &'a Method, url: &'a str, headers: &'a [(String, String)], body: &'a [u8] },
    Response { status: u16, elapsed: Duration, headers: &'a [(String, String)], body: &'a [u8] },
    Retry { wait: Duration, attempt: u32, max: u32, reason: &'a str },
}

pub type Observer = Arc<dyn Fn(&Notice<'_>) + Send + Sync>;

/// One API request. `path` is below the version prefix (`workspaces/w/sources`).
#[derive(Debug, Clone)]
pub struct Request {
    pub method: Method,
    pub path: String,
    pub query: Vec<(String, String)>,
    pub body: Option<Vec<u8>>,
    /// May be sent again after a 503, 504 or transport error.
    pub idempotent: bool,
}

impl Request {
    pub fn new(method: Method, path: impl Into<String>) -> Self {
        let idempotent = matches!(method, Method::GET | Method::PUT | Method::DELETE | Method::HEAD);
        Request { method, path: path.into(), query: Vec::new(), body: None, idempotent }
    }

    pub fn get(path: impl Into<String>) -> Self {
        Request::new(Method::GET, path)
    }

    pub fn delete(path: impl Into<String>) -> Self {
        Request::new(Method::DELETE, path)
    }

    /// A request with a JSON body. A PATCH is idempotent when it carries an update mask.
    pub fn with_json(method: Method, path: impl Into<String>, body: &Value) -> Self {
        let mut request = Request::new(method, path);
        if request.method == Method::PATCH {
            request.idempotent = body.get("update_mask").or_else(|| body.get("updateMask")).is_some();
        }
        request.body = Some(body.to_string().into_bytes());
        request
    }

    pub fn query(mut self, key: &str, value: impl Into<String>) -> Self {
        self.query.push((key.to_string(), value.into()));
        self
    }
}

/// An answer: the JSON body, or under `--dry-run` the description of the request that was not sent.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    Body(Value),
    DryRun(Value),
}

/// The URL of an API path below the version prefix. Each segment is percent-encoded on its own, so a path reaches
/// exactly the resource it names: a `\` (which URL parsers read as `/` in http URLs) or a `%` stays part of its
/// segment, and `.` and `..` segments are refused rather than resolved against their parent.
pub fn endpoint(base_url: &str, version: &str, path: &str, query: &[(String, String)]) -> Result<reqwest::Url> {
    let base = base_url.trim_end_matches('/');
    let invalid = |why: String| Error::usage(format!("invalid URL {base:?}: {why}"));
    let mut url = reqwest::Url::parse(base).map_err(|e| invalid(e.to_string()))?;
    let segments: Vec<&str> = version.split('/').chain(path.split('/')).filter(|s| !s.is_empty()).collect();
    if let Some(dots) = segments.iter().find(|s| matches!(**s, "." | "..")) {
        return Err(Error::usage(format!("invalid path {path:?}: {dots:?} is not a path segment")));
    }
    url.path_segments_mut().map_err(|()| invalid("it cannot have a path".into()))?.pop_if_empty().extend(segments);
    if !query.is_empty() {
        url.query_pairs_mut().extend_pairs(query);
    }
    Ok(url)
}

pub struct Client {
    http: reqwest::Client,
    options: ClientOptions,
    pacer: Option<DefaultDirectRateLimiter>,
    observer: Observer,
}

impl Client {
    pub fn new(options: ClientOptions, observer: Observer) -> Result<Client> {
        crate::init_tls();
        let http = reqwest::Client::builder()
            .timeout(options.timeout)
            .user_agent(concat!("seg/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| Error::failed(format!("cannot build the HTTP client: {e}")))?;
        let pacer = NonZeroU32::new(options.rate_limit).map(|per_minute| {
            let burst = NonZeroU32::new(BURST.min(per_minute.get())).unwrap_or(per_minute);
            RateLimiter::direct(Quota::per_minute(per_minute).allow_burst(burst))
        });
        Ok(Client { http, options, pacer, observer })
    }

    fn full_url(&self, request: &Request) -> Result<reqwest::Url> {
        endpoint(&self.options.base_url, &self.options.api_version, &request.path, &request.query)
    }

    fn headers_shown(&self, request: &Request) -> Vec<(String, String)> {
        let mut headers = vec![("Authorization".to_string(), "Bearer (redacted)".to_string())];
        if request.body.is_some() {
            headers.push(("Content-Type".to_string(), "application/json".to_string()));
        }
        headers
    }

    /// Sends a request with pacing and retries, and turns the answer into JSON or a classified error.
    pub async fn send(&self, request: &Request) -> Result<Reply> {
        let url = self.full_url(request)?;
        let headers = self.headers_shown(request);
        let body = request.body.as_deref().unwrap_or_default();
        if self.options.dry_run {
            let body = if body.is_empty() { Value::Null } else { serde_json::from_slice(body).unwrap_or(Value::Null) };
            let headers: serde_json::Map<String, Value> =
                headers.into_iter().map(|(k, v)| (k, Value::String(v))).collect();
            return Ok(Reply::DryRun(json!({
                "method": request.method.as_str(), "url": url.as_str(), "headers": headers, "body": body,
            })));
        }
        let mut attempt = 0;
        loop {
            if let Some(pacer) = &self.pacer {
                pacer.until_ready().await;
            }
            (self.observer)(&Notice::Request { method: &request.method, url: url.as_str(), headers: &headers, body });
            let started = Instant::now();
            let outcome = self.attempt(request, url.clone()).await;
            let (failure, wait_hint) = match outcome {
                Ok((status, response_headers, bytes)) => {
                    let shown = response_headers
                        .iter()
                        .map(|(k, v)| (k.to_string(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
                        .collect::<Vec<_>>();
                    (self.observer)(&Notice::Response {
                        status,
                        elapsed: started.elapsed(),
                        headers: &shown,
                        body: &bytes,
                    });
                    if (200..300).contains(&status) {
                        return parse_success(status, &bytes).map(Reply::Body);
                    }
                    let error = parse_error(status, &bytes);
                    let retryable = status == 429
                        || (matches!(status, 503 | 504) && request.idempotent && error.message != UPSTREAM_ERROR);
                    if !retryable {
                        return Err(Error::Api(error));
                    }
                    (Error::Api(error), retry_after(&response_headers))
                }
                Err(error) if request.idempotent => (error, None),
                Err(error) => return Err(error),
            };
            if attempt >= self.options.max_retries {
                return Err(failure);
            }
            attempt += 1;
            let wait = wait_hint.unwrap_or_else(|| backoff(attempt)).min(MAX_WAIT);
            let reason = failure.to_string();
            (self.observer)(&Notice::Retry { wait, attempt, max: self.options.max_retries, reason: &reason });
            tokio::time::sleep(wait).await;
        }
    }

    /// One round trip: status, headers and at most MAX_BODY bytes of body.
    async fn attempt(&self, request: &Request, url: reqwest::Url) -> Result<(u16, HeaderMap, Vec<u8>)> {
        let mut builder = self.http.request(request.method.clone(), url).bearer_auth(self.options.token.expose());
        if let Some(body) = &request.body {
            builder = builder.header(reqwest::header::CONTENT_TYPE, "application/json").body(body.clone());
        }
        let mut response = builder.send().await.map_err(|e| transport_error(&e, self.options.timeout))?;
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|e| transport_error(&e, self.options.timeout))? {
            let room = MAX_BODY - body.len();
            body.extend_from_slice(&chunk[..chunk.len().min(room)]);
            if body.len() == MAX_BODY {
                break;
            }
        }
        Ok((status, headers, body))
    }

    /// Sends and expects a body (no dry-run description).
    pub async fn send_body(&self, request: &Request) -> Result<Value> {
        match self.send(request).await? {
            Reply::Body(value) => Ok(value),
            Reply::DryRun(value) => Ok(value),
        }
    }
}

fn parse_success(status: u16, bytes: &[u8]) -> Result<Value> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Value::Object(Default::default()));
    }
    serde_json::from_slice(bytes).map_err(|e| {
        Error::failed(format!("the service answered {status} with a body that is not JSON ({e}): {}", excerpt(bytes)))
    })
}

/// An error answer: `{"error", "code"}` when the body is that, else the status with the body's first line.
pub fn parse_error(status: u16, bytes: &[u8]) -> ApiError {
    // The service's text goes to a terminal: escape control characters (a message must not move the cursor).
    let clean = |text: &str| crate::ui::escape_control(text).into_owned();
    if let Ok(body) = serde_json::from_slice::<ErrorBody>(bytes) {
        return ApiError { status, code: Some(body.code), message: clean(&body.error) };
    }
    if let Ok(Value::Object(map)) = serde_json::from_slice::<Value>(bytes) {
        let message = map.get("error").or_else(|| map.get("message")).and_then(Value::as_str).map(clean);
        let code = map.get("code").and_then(Value::as_i64).and_then(|c| i32::try_from(c).ok());
        if message.is_some() || code.is_some() {
            return ApiError { status, code, message: message.unwrap_or_else(|| reason(status)) };
        }
    }
    let text = excerpt(bytes);
    let message = if text.is_empty() { reason(status) } else { text };
    ApiError { status, code: None, message }
}

fn reason(status: u16) -> String {
    reqwest::StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .map_or_else(|| format!("HTTP {status}"), String::from)
}

/// The first line of a body, trimmed and shortened, control characters escaped.
fn excerpt(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]);
    let line = text.trim().lines().next().unwrap_or_default();
    let mut shown: String = line.chars().take(MAX_ERROR_TEXT).collect();
    if line.chars().count() > MAX_ERROR_TEXT {
        shown.push('…');
    }
    crate::ui::escape_control(&shown).into_owned()
}

/// `Retry-After` in seconds (an HTTP date is not used by the service and is ignored).
fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let value = headers.get(RETRY_AFTER)?.to_str().ok()?.trim();
    value.parse::<u64>().ok().map(Duration::from_secs)
}

/// Exponential backoff with jitter: about 0.5 s, 1 s, 2 s, ... each between half and all of its step.
fn backoff(attempt: u32) -> Duration {
    let step = Duration::from_millis(500).saturating_mul(1 << attempt.saturating_sub(1).min(10));
    let half = step / 2;
    half + half.mul_f64(rand::random::<f64>())
}

/// A transport failure in one line: what happened and where, never the token.
fn transport_error(error: &reqwest::Error, timeout: Duration) -> Error {
    let url = error.url().map(|u| format!("{}://{}", u.scheme(), u.authority())).unwrap_or_default();
    if error.is_timeout() {
        return Error::Transport(format!("no answer from {url} within {}", crate::ui::duration(timeout)));
    }
    let mut cause: &dyn std::error::Error = error;
    while let Some(next) = cause.source() {
        cause = next;
    }
    let what = if error.is_connect() { "cannot connect to" } else { "request failed at" };
    Error::Transport(format!("{what} {url}: {cause}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_bodies_of_every_shape() {
        let e = parse_error(404, br#"{"error":"nope","code":5}"#);
        assert_eq!((e.code, e.message.as_str()), (Some(5), "nope"));
        let e = parse_error(503, UPSTREAM_ERROR.as_bytes());
        assert_eq!((e.code, e.effective_code(), e.message.as_str()), (None, 14, UPSTREAM_ERROR));
        let e = parse_error(502, b"<html>\n<body>Bad gateway</body></html>");
        assert_eq!((e.code, e.effective_code(), e.message.as_str()), (None, 13, "<html>"));
        let e = parse_error(500, b"");
        assert_eq!(e.message, "Internal Server Error");
        let e = parse_error(400, br#"{"message":"m","code":3}"#);
        assert_eq!((e.code, e.message.as_str()), (Some(3), "m"));
        let long = "x".repeat(10_000);
        assert!(parse_error(500, long.as_bytes()).message.chars().count() <= MAX_ERROR_TEXT + 1);
        assert_eq!(parse_error(500, b"bad\x1b[31m").message, "bad\\u{1b}[31m");
        assert_eq!(parse_error(400, br#"{"error":"x\u001b[2J","code":3}"#).message, "x\\u{1b}[2J");
    }

    #[test]
    fn each_segment_is_encoded_on_its_own() {
        // A `\` is a `/` to URL parsers: before, `a\..\..\access-tokens\1` as a source reached access-tokens/1.
        let url = endpoint("https://h/", "v1beta", r"workspaces/w/sources/a\..\..\access-tokens\1", &[]).unwrap();
        assert_eq!(url.as_str(), "https://h/v1beta/workspaces/w/sources/a%5C..%5C..%5Caccess-tokens%5C1");
        let url = endpoint("http://127.0.0.1:9/proxy/", "/v1beta/", "/workspaces/a%2Fb c/sources", &[]).unwrap();
        assert_eq!(url.as_str(), "http://127.0.0.1:9/proxy/v1beta/workspaces/a%252Fb%20c/sources");
        let query = [("page_token".to_string(), "a&b=c".to_string())];
        let url = endpoint("https://h", "v1beta", "workspaces", &query).unwrap();
        assert_eq!(url.as_str(), "https://h/v1beta/workspaces?page_token=a%26b%3Dc");
        for path in ["workspaces/../access-tokens", "workspaces/./w", ".."] {
            let err = endpoint("https://h", "v1beta", path, &[]).unwrap_err().to_string();
            assert!(err.contains("is not a path segment"), "{path}: {err}");
        }
        assert!(endpoint("mailto:x@y", "v1beta", "workspaces", &[]).is_err());
    }

    #[test]
    fn patch_is_idempotent_only_with_a_mask() {
        let masked = json!({"destination": {}, "update_mask": {"paths": []}});
        assert!(Request::with_json(Method::PATCH, "x", &masked).idempotent);
        assert!(!Request::with_json(Method::PATCH, "x", &json!({})).idempotent);
        assert!(!Request::with_json(Method::POST, "x", &masked).idempotent);
        assert!(Request::get("x").idempotent && Request::delete("x").idempotent);
    }

    #[test]
    fn backoff_grows_with_jitter() {
        for attempt in 1..6 {
            let step = Duration::from_millis(500) * (1 << (attempt - 1));
            let wait = backoff(attempt);
            assert!(wait >= step / 2 && wait <= step, "{attempt}: {wait:?}");
        }
        assert!(backoff(40) <= Duration::from_millis(500) * 1024);
    }
}
