//! The transport both APIs share: one exchange through which every call passes, so that pacing, retries, the effect
//! gate, logging and error classification each live in exactly one place. `api::client` sends seg's requests
//! through it as they are (the Config API) or through the Public API's adapter, which sends its calls here too.
//! - Pacing: the token's rate budget, shared by every seg process on the machine (`budget`), so bulk work and
//!   parallel CI steps rarely meet 429; a 429's wait, or an answer saying no requests remain until a reset, pushes
//!   the budget back for all of them.
//! - Retries: 429 for any method (the request was not processed), waiting what the service asked or a jittered
//!   backoff; 503, 504 and transport errors only for requests that are idempotent by kind
//!   (`wire::Request::idempotent`); at most `max_retries` waits, each said.
//! - Waits: every one is bounded and said by `api::wait` (the service's asks cut to an hour with a warning, the
//!   budget's answers checked against its bound); this module never sleeps on its own.
//! - Effects: every request goes through `effect::Gate`, which under `--dry-run` describes a write instead of
//!   sending it; reads are sent.
//! - Answers: a success is read as the request's typed answer; a body that is not one is an error, not a guess.
//! - Notices: what `-v`/`-vv` print, with credentials and config secrets masked when looked at (`Shown`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::Method;
use reqwest::header::{HeaderMap, RETRY_AFTER};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::wait::{Said, Wait, Waiter};
use crate::effect::{Gate, Sent};
use crate::error::{ApiError, Asked, Error, Result, Service};
use crate::http::{self, Failure};
use crate::secret::{self, Secret};
use crate::wire::{ErrorBody, Request, UPSTREAM_ERROR};

/// The largest body read from an answer; the rest is not read (a 10 MB error page must not fill memory).
const MAX_BODY: usize = 64 * 1024 * 1024;
/// Error bodies are shown up to this many characters.
const MAX_ERROR_TEXT: usize = 300;

#[derive(Debug, Clone)]
pub struct ClientOptions {
    /// Which API the requests are translated for (the Config API's are sent as they are).
    pub api: super::Api,
    /// Service address, e.g. `https://platform.segmentapis.com`.
    pub base_url: String,
    /// Path prefix, e.g. `v1beta` (empty on the Public API).
    pub api_version: String,
    pub token: Secret,
    pub timeout: Duration,
    /// Requests per minute; 0 turns pacing off.
    pub rate_limit: u32,
    /// Where the budget is shared across machines (`--budget`); `None`: the machine's budget.
    pub budget: Option<super::budget::ServerOptions>,
    pub max_retries: u32,
}

/// What the transport reports as it works, for `-v`, `-vv` and retry lines. Headers and bodies can only be seen
/// redacted (`Shown`).
#[derive(Debug)]
pub enum Notice<'a> {
    Request {
        method: &'a Method,
        url: &'a str,
        shown: Shown<'a>,
    },
    Response {
        status: u16,
        elapsed: Duration,
        shown: Shown<'a>,
    },
    /// A retry's wait, said whatever its length (it reports a failure).
    Retry {
        wait: Duration,
        attempt: u32,
        max: u32,
        reason: &'a str,
    },
    /// A wait for a rate budget (the token's, or an operation's), `pushed_back` by the service: printed when
    /// `said` (longer than `wait::SAID_OVER`), else only at `-v`.
    Pacing {
        wait: Duration,
        from: super::wait::Pace,
        pushed_back: bool,
        said: bool,
    },
    /// Something the user should know that does not stop the request (the rate budget's file was repaired, or
    /// could not be used).
    Warning(&'a str),
    /// What seg waits for besides the service (another seg holding the create of the same name), said on stderr.
    Waiting(&'a str),
    /// What `-v` says besides requests (where the shared rate budget is).
    Note(&'a str),
}

/// The headers and body of a request or an answer as `-vv` shows them. They are masked (`secret::redact_*`) when
/// an observer looks, never before: a listing nobody shows at `-vv` does not pay for masking every page, and there
/// is no way to see them unmasked.
#[derive(Debug, Clone, Copy)]
pub struct Shown<'a> {
    headers: &'a HeaderMap,
    body: &'a [u8],
}

impl Shown<'_> {
    /// The headers, credentials masked.
    pub fn headers(&self) -> Vec<(String, String)> {
        shown_headers(self.headers)
    }

    /// The body, config secrets and URLs' credentials masked.
    pub fn body(&self) -> std::borrow::Cow<'_, str> {
        secret::redact_bytes(self.body)
    }
}

pub type Observer = Arc<dyn Fn(&Notice<'_>) + Send + Sync>;

/// What became of a request: its answer, or under `--dry-run` nothing (the gate described the request).
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome<A> {
    Answer(A),
    DryRun,
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

pub struct Transport {
    http: reqwest::Client,
    options: ClientOptions,
    budget: Option<super::budget::Budget>,
    observer: Observer,
    waiter: Waiter,
    gate: Gate,
    /// Calls that change something sent so far (each once, however often it was tried).
    writes: std::sync::atomic::AtomicUsize,
}

/// One answer as it came: status, headers and at most MAX_BODY bytes of body.
struct Answer {
    status: u16,
    headers: HeaderMap,
    body: Vec<u8>,
    /// Whether the body went on beyond MAX_BODY (seg cut it: a success is then not read at all).
    cut: bool,
}

impl Transport {
    pub fn new(options: ClientOptions, observer: Observer, gate: Gate) -> Result<Transport> {
        let http = http::client(options.timeout, Some(concat!("seg/", env!("CARGO_PKG_VERSION"))))
            .build()
            .map_err(|e| Error::failed(format!("cannot build the HTTP client: {e}")))?;
        let warn = {
            let observer = observer.clone();
            Arc::new(move |warning: &str| observer(&Notice::Warning(warning)))
        };
        let note = {
            let observer = observer.clone();
            Arc::new(move |note: &str| observer(&Notice::Note(note)))
        };
        let waiter = {
            let observer = observer.clone();
            Waiter::new(Arc::new(move |said: &Said<'_>| match *said {
                Said::Retry { wait, attempt, max, reason } => observer(&Notice::Retry { wait, attempt, max, reason }),
                Said::Pacing { wait, from, pushed_back, loud } => {
                    observer(&Notice::Pacing { wait, from, pushed_back, said: loud });
                }
                Said::Capped(ref warning) => observer(&Notice::Warning(warning)),
            }))
        };
        let budget = super::budget::Budget::shared(
            &options.base_url,
            &options.token,
            options.rate_limit,
            options.budget.as_ref(),
            warn,
            note,
            waiter.clone(),
        )?;
        Ok(Transport { http, options, budget, observer, waiter, gate, writes: Default::default() })
    }

    /// Sends a request as it is, with pacing and retries, and reads its answer as `A`.
    pub async fn send<A: DeserializeOwned>(&self, request: &Request<A>) -> Result<Outcome<A>> {
        let Some(answer) = self.exchange(request).await? else { return Ok(Outcome::DryRun) };
        read_answer(request, answer).map(Outcome::Answer)
    }

    /// Waits before looking again for what a request whose answer was lost may have done (`attempt` from 1), as a
    /// retry waits, announced the same way; `false` once `max_retries` waits have passed.
    pub async fn wait_to_look_again(&self, attempt: u32, reason: &str) -> bool {
        if attempt > self.options.max_retries {
            return false;
        }
        self.waiter.retry(Wait::backoff(attempt), attempt, self.options.max_retries, reason).await;
        true
    }

    /// Says a warning (once per process).
    pub fn warn(&self, warning: &str) {
        (self.observer)(&Notice::Warning(warning));
    }

    /// Waits one turn of a poll (`api::wait::Waiter::poll`); the caller says what it waits for and bounds it.
    pub async fn poll(&self) {
        self.waiter.poll().await;
    }

    /// Says what seg waits for (a line on stderr).
    pub fn waiting(&self, what: &str) {
        (self.observer)(&Notice::Waiting(what));
    }

    /// Whether requests that change something are only described (`--dry-run`).
    pub fn dry_run(&self) -> bool {
        self.gate.is_dry_run()
    }

    /// The turn of one process at creating what `key` names (`shown` for people), for an adapter whose API has no
    /// conditional create (the Public API's destinations: docs/reference/names.md): held across the lookup that says
    /// whether it exists and the create, so that two creates of one name on this machine (two processes, or two
    /// items of one `--each`) never both make it: the second waits, then finds the first one's and answers 409.
    /// Across machines nothing can prevent it. Nothing is held under `--dry-run`, which creates nothing. Every
    /// adapter has it here, beside the pacing and the gate.
    pub async fn hold_create(&self, key: &str, shown: &str) -> Result<Option<std::fs::File>> {
        /// How long a turn is waited for: as long as the longest wait seg honours (the other process may be waiting
        /// on the service that long).
        const MOST: std::time::Duration = crate::api::wait::MOST;
        if self.dry_run() {
            return Ok(None);
        }
        let Some(path) = self.lock_of(key) else { return Ok(None) };
        let started = std::time::Instant::now();
        let mut said = false;
        loop {
            match crate::effect::bookkeeping::try_hold(&path) {
                Ok(Some(turn)) => return Ok(Some(turn)),
                Ok(None) => {}
                Err(e) => {
                    self.warn(&format!(
                        "cannot take the create lock {}: {e}; two seg processes creating {shown} at once could both \
                         make it",
                        path.display()
                    ));
                    return Ok(None);
                }
            }
            if !said && started.elapsed() >= std::time::Duration::from_secs(1) {
                self.waiting(&format!("waiting for another seg process that is creating {shown}"));
                said = true;
            }
            if started.elapsed() >= MOST {
                return Err(Error::failed(format!(
                    "another seg process has been creating {shown} for an hour; its lock is {}",
                    path.display()
                )));
            }
            self.poll().await;
        }
    }

    /// The lock file of the creates of one name with this token at this base URL, in the runtime folder; `None`
    /// when there is none.
    fn lock_of(&self, name: &str) -> Option<std::path::PathBuf> {
        use sha1::Digest;
        let base_url = self.options.base_url.trim_end_matches('/');
        let key = hex::encode(sha1::Sha1::digest(format!("{base_url}\n{}", self.options.token.expose())));
        let hash = hex::encode(sha1::Sha1::digest(format!("{key}\n{name}")));
        super::budget::folder().map(|dir| dir.join("locks").join(format!("create-{}", &hash[..24])))
    }

    /// How many calls that change something were sent so far (not described: under `--dry-run`, none).
    pub fn writes_sent(&self) -> usize {
        self.writes.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Sends a call as it is and reads its answer as `A` (an empty body as `{}`): `None` when the gate described it
    /// instead. For an API's adapter, whose calls are already in that API's terms.
    pub async fn call<A: DeserializeOwned>(&self, request: &Request<A>) -> Result<Option<A>> {
        let Some(mut answer) = self.exchange(request).await? else { return Ok(None) };
        if answer.body.iter().all(u8::is_ascii_whitespace) {
            answer.body = b"{}".to_vec();
        }
        read_answer(request, answer).map(Some)
    }

    /// Sends a call as it is and hands over its answer's text, unread: `None` when the gate described it instead.
    /// For an adapter that reads the answer in one pass itself (a page of a listing).
    pub async fn call_text<A>(&self, request: &Request<A>) -> Result<Option<String>> {
        let Some(answer) = self.exchange(request).await? else { return Ok(None) };
        String::from_utf8(answer.body).map(Some).map_err(|_| {
            Error::failed(format!("the service answered {} with a body that is not JSON text", answer.status))
        })
    }

    /// The round trips of one request: `None` when the gate described it instead of sending it.
    async fn exchange<A>(&self, request: &Request<A>) -> Result<Option<Answer>> {
        let url = endpoint(&self.options.base_url, &self.options.api_version, &request.path, &request.query)?;
        let sends = self.gate.sends(&request.method);
        if sends && !matches!(request.method, Method::GET | Method::HEAD) {
            self.writes.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        let body = request.body.as_deref().unwrap_or_default();
        // The operation's own budget, where the Public API states a limit for it (docs/reference/rate-limits.md).
        let limit = match self.options.api {
            super::Api::Public => crate::wire::limits::of(request.method.as_str(), &request.path),
            super::Api::Config => None,
        };
        let mut attempt = 0;
        loop {
            let prepared = self.prepare(request, url.clone())?;
            if sends {
                if let Some(budget) = &self.budget {
                    budget.until_ready(limit).await?;
                }
                (self.observer)(&Notice::Request {
                    method: &request.method,
                    url: url.as_str(),
                    shown: Shown { headers: prepared.headers(), body },
                });
            }
            let started = Instant::now();
            let outcome = match self.gate.http(&self.http, prepared).await {
                Ok(Sent::Described) => return Ok(None),
                Ok(Sent::Answer(response)) => self.read(response).await,
                // A host name that does not resolve will not resolve on the next try either: said at once.
                Err(e) if http::is_dns(&e) => return Err(transport_error(&e, self.options.timeout, &url)),
                Err(e) => Err(transport_error(&e, self.options.timeout, &url)),
            };
            let (failure, wait_hint) = match outcome {
                Ok(answer) => {
                    let body = &answer.body[..answer.body.len().min(16 * 1024)];
                    (self.observer)(&Notice::Response {
                        status: answer.status,
                        elapsed: started.elapsed(),
                        shown: Shown { headers: &answer.headers, body },
                    });
                    // Nothing left until the reset (the Public API's headers): everyone sharing the budget waits for
                    // it, which counts as a retry of this request (docs/reference/waits.md). With no retry left, the
                    // answer is all there is: nothing waits for it. (A 429's wait is below.)
                    if answer.status != 429
                        && attempt < self.options.max_retries
                        && let (Some(asked), Some(budget)) = (exhausted_for(&answer.headers), &self.budget)
                    {
                        budget.back_off(self.waiter.asked(asked, "X-RateLimit-Reset"), None).await?;
                    }
                    if (200..300).contains(&answer.status) {
                        if answer.cut {
                            return Err(Error::failed(format!(
                                "the answer to {} {} is larger than {} MiB: seg read that much of it and stopped \
                                 (it reads no larger answer)",
                                request.method,
                                secret::redact_urls(url.as_str()),
                                MAX_BODY >> 20
                            )));
                        }
                        return Ok(Some(answer));
                    }
                    let mut error = parse_error(answer.status, &answer.body);
                    // What was refused, so that the hint fits it (a read refused is never a matter of scope).
                    error.asked = Some(Asked {
                        service: match self.options.api {
                            super::Api::Config => Service::ConfigApi,
                            super::Api::Public => Service::PublicApi,
                        },
                        write: !matches!(request.method, Method::GET | Method::HEAD),
                    });
                    let retryable = answer.status == 429
                        || (matches!(answer.status, 503 | 504)
                            && request.idempotent()
                            && error.message != UPSTREAM_ERROR);
                    if !retryable {
                        return Err(Error::Api(error));
                    }
                    let hint =
                        wait_asked(&answer.headers, &answer.body).map(|(asked, what)| self.waiter.asked(asked, what));
                    // A 429 pushes back everyone sharing the budget, whether or not this request tries again: the
                    // operation's, when it states a limit (that limit is what was met), else the token's.
                    if let (429, Some(wait), Some(budget)) = (answer.status, hint, &self.budget) {
                        budget.back_off(wait, limit).await?;
                    }
                    (Error::Api(error), hint)
                }
                Err(error) if request.idempotent() => (error, None),
                Err(error) => return Err(error),
            };
            if attempt >= self.options.max_retries {
                return Err(failure);
            }
            attempt += 1;
            let wait = wait_hint.unwrap_or_else(|| Wait::backoff(attempt));
            let reason = failure.to_string();
            self.waiter.retry(wait, attempt, self.options.max_retries, &reason).await;
        }
    }

    fn prepare<A>(&self, request: &Request<A>, url: reqwest::Url) -> Result<reqwest::Request> {
        let mut builder = self.http.request(request.method.clone(), url).bearer_auth(self.options.token.expose());
        if let Some(body) = &request.body {
            builder = builder.header(reqwest::header::CONTENT_TYPE, "application/json").body(body.clone());
        }
        builder.build().map_err(|e| Error::usage(format!("cannot make the request: {}", http::root_cause(&e))))
    }

    /// Reads at most MAX_BODY bytes of an answer's body.
    async fn read(&self, mut response: reqwest::Response) -> Result<Answer> {
        let url = response.url().clone();
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let mut body = Vec::new();
        let mut cut = false;
        while let Some(chunk) = response.chunk().await.map_err(|e| transport_error(&e, self.options.timeout, &url))? {
            let room = MAX_BODY - body.len();
            body.extend_from_slice(&chunk[..chunk.len().min(room)]);
            if chunk.len() > room {
                cut = true;
                break;
            }
        }
        Ok(Answer { status, headers, body, cut })
    }
}

/// Headers as `-vv` shows them, credentials masked.
fn shown_headers(headers: &HeaderMap) -> Vec<(String, String)> {
    let pairs: Vec<(&str, String)> =
        headers.iter().map(|(k, v)| (k.as_str(), String::from_utf8_lossy(v.as_bytes()).into_owned())).collect();
    secret::redact_headers(pairs.iter().map(|(k, v)| (*k, v.as_str())))
}

/// A success read as the request's answer. An empty body is `{}` for a Delete (the service answers `{}`, some
/// proxies nothing) and an error for anything that should answer a resource.
fn read_answer<A: DeserializeOwned>(request: &Request<A>, answer: Answer) -> Result<A> {
    let status = answer.status;
    let blank = answer.body.iter().all(u8::is_ascii_whitespace);
    let bytes: &[u8] = if blank && request.method == Method::DELETE { b"{}" } else { &answer.body };
    if blank && request.method != Method::DELETE {
        return Err(Error::failed(format!("the service answered {status} with an empty body; expected JSON")));
    }
    crate::wire::text::from_slice(bytes).map_err(|why| match why {
        crate::wire::text::Unreadable::TooDeep { .. } => {
            Error::failed(format!("the service answered {status} with {why}"))
        }
        why => Error::failed(format!("the service answered {status} with {why}: {}", excerpt(bytes))),
    })
}

/// An error answer: `{"error", "code"}` when the body is that, else the status with the body's first line.
pub fn parse_error(status: u16, bytes: &[u8]) -> ApiError {
    // The service's text goes to a terminal: escape control characters (a message must not move the cursor).
    let clean = |text: &str| crate::ui::escape_control(text).into_owned();
    if let Ok(body) = serde_json::from_slice::<ErrorBody>(bytes) {
        return ApiError { status, code: Some(body.code), message: clean(&body.error), asked: None };
    }
    if let Ok(Value::Object(map)) = serde_json::from_slice::<Value>(bytes) {
        // The Public API's `{"errors": [{"type", "message", "field"}, ...]}`: the first one says it.
        if let Some(errors) = map.get("errors").and_then(Value::as_array) {
            let first = errors.first().cloned().unwrap_or_default();
            let text = |key: &str| first.get(key).and_then(Value::as_str).filter(|t| !t.trim().is_empty());
            let mut message = text("message").or_else(|| text("type")).map_or_else(|| reason(status), clean);
            if let Some(field) = text("field").filter(|field| !message.contains(*field)) {
                message = format!("{message} (field {})", clean(field));
            }
            return ApiError { status, code: None, message, asked: None };
        }
        let message = map.get("error").or_else(|| map.get("message")).and_then(Value::as_str).map(clean);
        let code = map.get("code").and_then(Value::as_i64).and_then(|c| i32::try_from(c).ok());
        if message.is_some() || code.is_some() {
            return ApiError { status, code, message: message.unwrap_or_else(|| reason(status)), asked: None };
        }
    }
    let text = excerpt(bytes);
    let message = if text.is_empty() { reason(status) } else { text };
    ApiError { status, code: None, message, asked: None }
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

/// How long the service asked to wait before the next try, and where it said so: the Public API's 429 body
/// `msBeforeNext`, else `Retry-After` in seconds (an HTTP date is not used by either API and is ignored), else until
/// `X-RateLimit-Reset` when `X-RateLimit-Remaining` is 0. As asked: `api::wait` bounds it.
fn wait_asked(headers: &HeaderMap, body: &[u8]) -> Option<(Duration, &'static str)> {
    let ms_before_next = || {
        let body: Value = serde_json::from_slice(body).ok()?;
        let ms = body.get("errors")?.get(0)?.get("data")?.get("msBeforeNext")?.as_f64()?;
        (ms.is_finite() && ms >= 0.0).then(|| (Duration::from_millis(ms.ceil() as u64), "msBeforeNext"))
    };
    let retry_after = || {
        let value = headers.get(RETRY_AFTER)?.to_str().ok()?.trim();
        value.parse::<u64>().ok().map(|seconds| (Duration::from_secs(seconds), "Retry-After"))
    };
    ms_before_next().or_else(retry_after).or_else(|| exhausted_for(headers).map(|wait| (wait, "X-RateLimit-Reset")))
}

/// With `X-RateLimit-Remaining: 0`, the time until `X-RateLimit-Reset` (an RFC 5322 date); `None` otherwise.
fn exhausted_for(headers: &HeaderMap) -> Option<Duration> {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim);
    if text("x-ratelimit-remaining")?.parse::<f64>().ok()? > 0.0 {
        return None;
    }
    let reset = jiff::fmt::rfc2822::parse(text("x-ratelimit-reset")?).ok()?.timestamp();
    let wait = reset.duration_since(jiff::Timestamp::now());
    Duration::try_from(wait).ok().filter(|wait| !wait.is_zero())
}

/// A transport failure in one line: what happened and where (the request's own URL when the error has none),
/// never the token.
fn transport_error(error: &reqwest::Error, timeout: Duration, url: &reqwest::Url) -> Error {
    let origin = Some(http::origin(error))
        .filter(|o| !o.is_empty())
        .unwrap_or_else(|| format!("{}://{}", url.scheme(), url.authority()));
    match http::classify(error) {
        Failure::Timeout => {
            Error::Transport(format!("no answer from {origin} within {}", crate::ui::duration(timeout)))
        }
        Failure::Tls => Error::Transport(format!("TLS handshake with {origin} failed: {}", http::root_cause(error))),
        Failure::Invalid => Error::usage(format!("cannot send the request: {}", http::root_cause(error))),
        Failure::Connection if http::is_dns(error) => Error::Transport(format!(
            "cannot find {origin}: its host name does not resolve ({})",
            http::root_cause(error)
        )),
        Failure::Connection => {
            let what = if error.is_connect() { "cannot connect to" } else { "request failed at" };
            Error::Transport(format!("{what} {origin}: {}", http::root_cause(error)))
        }
    }
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
    fn public_api_error_bodies() {
        let e = parse_error(
            422,
            br#"{"errors":[{"type":"input-validation","message":"count too large","field":"pagination.count"}]}"#,
        );
        assert_eq!((e.status, e.code, e.effective_code()), (422, None, 3));
        assert_eq!(e.message, "count too large (field pagination.count)");
        let e = parse_error(404, br#"{"errors":[{"type":"not-found"}]}"#);
        assert_eq!((e.message.as_str(), e.effective_code()), ("not-found", 5));
        let e = parse_error(403, br#"{"errors":[]}"#);
        assert_eq!((e.message.as_str(), e.effective_code()), ("Forbidden", 7));
        let e =
            parse_error(409, br#"{"errors":[{"type":"conflict","message":"slug \u001b[2J taken","field":"slug"}]}"#);
        assert_eq!(e.message, "slug \\u{1b}[2J taken");
    }

    #[test]
    fn waits_the_service_asks_for() {
        let mut headers = HeaderMap::new();
        let body = br#"{"errors":[{"type":"RequestError","message":"Too many requests","data":{"remainingPoints":0,"msBeforeNext":41250,"consumedPoints":60}}]}"#;
        assert_eq!(wait_asked(&headers, body), Some((Duration::from_millis(41_250), "msBeforeNext")));
        headers.insert(RETRY_AFTER, "7".parse().unwrap());
        assert_eq!(wait_asked(&headers, body).unwrap().0, Duration::from_millis(41_250), "msBeforeNext first");
        assert_eq!(wait_asked(&headers, b"{}"), Some((Duration::from_secs(7), "Retry-After")));
        headers.remove(RETRY_AFTER);
        assert_eq!(wait_asked(&headers, b"not json"), None);
        let reset = jiff::Timestamp::now() + jiff::SignedDuration::from_secs(30);
        let reset = jiff::fmt::rfc2822::DateTimePrinter::new().timestamp_to_rfc9110_string(&reset).unwrap();
        headers.insert("x-ratelimit-reset", reset.parse().unwrap());
        headers.insert("x-ratelimit-remaining", "3".parse().unwrap());
        assert_eq!(exhausted_for(&headers), None, "points remain");
        headers.insert("x-ratelimit-remaining", "0".parse().unwrap());
        let wait = exhausted_for(&headers).unwrap();
        assert!(wait > Duration::from_secs(25) && wait <= Duration::from_secs(30), "{wait:?}");
        assert_eq!(
            wait_asked(&headers, b"{}").map(|(w, what)| (w.as_secs() / 10, what)),
            Some((wait.as_secs() / 10, "X-RateLimit-Reset"))
        );
        headers.insert("x-ratelimit-reset", "Thu, 01 Jan 2015 00:00:00 GMT".parse().unwrap());
        assert_eq!(exhausted_for(&headers), None, "a reset in the past asks no wait");
        headers.insert("x-ratelimit-reset", "soon".parse().unwrap());
        assert_eq!(exhausted_for(&headers), None);
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
}
