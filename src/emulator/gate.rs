//! The gate both front doors share: every check that comes before an API's routes, in the order of
//! docs/EMULATOR.md ("Order of checks"), as one middleware. It picks the door from the path (the Config API under
//! `/v1beta/`, a path whose first segment looks like another Config API version gets the service's plain-text 503,
//! anything else is the Public API), reads the body within that door's limit (413), logs the request and applies
//! injected faults as sent, folds `//` and a trailing `/` (as clients in the wild send them), then authenticates
//! (401, and 403 for an unknown token on the Public API) and applies the per-token rate limit that both APIs share
//! and, on the Public API, the per-operation limits of `wire::limits` (429). Refusals are answered in the door's
//! shape ([`Status::render`]). What comes after (routes, paging, handlers) is each door's; the gate knows neither.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, Uri, header};
use axum::middleware::Next;
use axum::response::Response;
use governor::clock::{Clock as _, DefaultClock};
use governor::middleware::StateInformationMiddleware;
use governor::{Quota, RateLimiter};

use super::App;
use super::status::{Door, Status, upstream_unroutable};
use super::store::State as Resources;
use crate::wire::limits::{self, Limit};
use crate::wire::public::{RateLimited, header as rate_header};
use crate::wire::{Code, SCOPE_WRITE};

/// The version prefix of the Config API this emulator serves.
pub const VERSION: &str = "v1beta";

/// The request as the gate received it, handed on to what comes after routing.
#[derive(Debug, Clone)]
pub struct Received {
    pub method: Method,
    /// The path as sent: what injected faults match, at arrival and at commit.
    pub sent: String,
    /// The folded path without its leading `/` (`v1beta/workspaces/demo/sources`, `sources/abc`): what a 404 or a
    /// 501 names.
    pub path: String,
    pub door: Door,
}

impl Received {
    /// For a request that did not come through the gate: its path taken as sent.
    pub fn of(method: &Method, uri: &Uri) -> Received {
        let sent = uri.path().to_string();
        let path = fold(&sent);
        Received { method: method.clone(), sent, door: door_of(&path).unwrap_or(Door::Public), path }
    }

    /// The path as errors name it: `/v1beta/workspaces`, `/sources/abc`.
    pub fn shown(&self) -> String {
        format!("/{}", self.path)
    }
}

/// Who is calling: the token's resource name, whether it may write, and the workspaces it reaches.
#[derive(Debug, Clone)]
pub struct Caller {
    pub token: String,
    pub write: bool,
    /// Workspace names the token reaches; empty means every workspace.
    pub workspaces: Vec<String>,
}

impl Caller {
    pub fn reaches(&self, workspace: &str) -> bool {
        self.workspaces.is_empty() || self.workspaces.iter().any(|w| w == workspace)
    }

    pub fn require_write(&self) -> Result<(), Status> {
        if self.write { Ok(()) } else { Err(Status::new(Code::PermissionDenied, "insufficient scope")) }
    }
}

/// The caller the gate authenticated (or `--seed`'s own); a request without one is refused, not served.
impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = Status;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Status> {
        parts.extensions.get::<Caller>().cloned().ok_or_else(|| Status::internal("the request has no caller"))
    }
}

/// A caller whose token may write: the first extractor of every POST, PATCH, PUT and DELETE handler of the Config
/// API, so a read token is 403 / 7 after the path and method are known (404 and 501 first) and before the body is
/// read.
#[derive(Debug, Clone)]
pub struct WriteScope {
    pub caller: Caller,
    /// Where the write came from, for a fault injected at its commit.
    pub received: Received,
}

impl WriteScope {
    /// The write scope of a request's parts, or the caller's refusal.
    pub fn of(parts: &Parts) -> Result<WriteScope, Status> {
        let caller = parts.extensions.get::<Caller>().cloned().ok_or_else(|| Status::internal("no caller"))?;
        caller.require_write()?;
        let received =
            parts.extensions.get::<Received>().cloned().unwrap_or_else(|| Received::of(&parts.method, &parts.uri));
        Ok(WriteScope { caller, received })
    }
}

impl<S: Send + Sync> FromRequestParts<S> for WriteScope {
    type Rejection = Status;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Status> {
        WriteScope::of(parts)
    }
}

/// Why a request carries no usable token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoToken {
    /// No `Authorization` header, or one that is not `Bearer <token>`.
    Missing,
    /// A token this emulator does not know.
    Unknown,
}

impl NoToken {
    /// The refusal in the door's terms: the Config API says 401 for both (docs/reference/config-api.md); the Public API
    /// 401 for a missing header and 403 for a token it does not know (docs/reference/public-api.md, after a live test).
    fn status(self, door: Door, message: &str) -> Status {
        match (self, door) {
            (NoToken::Unknown, Door::Public) => Status::new(Code::PermissionDenied, message),
            _ => Status::new(Code::Unauthenticated, message),
        }
    }
}

/// The caller of a bearer token.
pub fn authenticate(state: &Resources, headers: &HeaderMap) -> Result<Caller, (NoToken, &'static str)> {
    let value = headers
        .get(header::AUTHORIZATION)
        .ok_or((NoToken::Missing, "missing access token: send Authorization: Bearer <token>"))?;
    let value = value.to_str().map_err(|_| (NoToken::Unknown, "invalid access token"))?;
    let secret = match value.split_once(' ') {
        Some((scheme, rest)) if scheme.eq_ignore_ascii_case("bearer") => rest.trim(),
        _ => return Err((NoToken::Missing, "the Authorization header must be: Bearer <token>")),
    };
    let token = state.token_by_secret(secret).ok_or((NoToken::Unknown, "invalid access token"))?;
    Ok(Caller {
        token: token.record.name.clone(),
        write: token.record.scopes == SCOPE_WRITE,
        workspaces: token.record.workspace_names.clone(),
    })
}

/// The clock of the per-operation windows: the time now, moved on by what `POST /_emulator/clock` asked
/// (docs/EMULATOR.md), so a test can end a window without waiting for it. A unit test freezes it at an instant.
#[derive(Debug, Default)]
pub struct Clock {
    /// The instant it stands at when frozen; `None`: the time now.
    frozen: Option<Instant>,
    /// How far it has been moved on.
    offset: Mutex<Duration>,
}

impl Clock {
    #[cfg(test)]
    fn frozen() -> Clock {
        Clock { frozen: Some(Instant::now()), offset: Mutex::default() }
    }

    pub fn now(&self) -> Instant {
        let offset = *self.offset.lock().unwrap_or_else(PoisonError::into_inner);
        self.frozen.unwrap_or_else(Instant::now) + offset
    }

    /// How far it has been moved on.
    pub fn offset(&self) -> Duration {
        *self.offset.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Moves the clock on; how far it has been moved in all.
    pub fn advance(&self, by: Duration) -> Duration {
        let mut offset = self.offset.lock().unwrap_or_else(PoisonError::into_inner);
        *offset = offset.saturating_add(by);
        *offset
    }
}

/// One token's window of one operation: it opened at the first request after the last one closed, ends at `ends`
/// and has let `used` requests through.
#[derive(Debug, Clone, Copy)]
struct Window {
    ends: Instant,
    used: u32,
}

/// Windows kept before the closed ones are dropped.
const WINDOWS_KEPT: usize = 10_000;

/// The Public API's per-operation limits (`wire::limits`), per token: each operation the table names lets `count`
/// requests of a token through in a fixed window that opens at the first of them and lasts the limit's
/// [`Limit::window`]; the next one is 429 until the window ends. Off with `--rate-limit 0`.
#[derive(Debug)]
pub struct OperationLimits {
    on: bool,
    pub clock: Clock,
    windows: Mutex<HashMap<(String, &'static str), Window>>,
}

impl OperationLimits {
    pub fn new(on: bool) -> Self {
        OperationLimits { on, clock: Clock::default(), windows: Mutex::default() }
    }

    /// Takes one request of the token from the operation's window, or says 429 with the service's body: no point
    /// left, `consumedPoints` the operation's limit, `msBeforeNext` to the window's end. A refused request does not
    /// count.
    pub fn check(&self, token: &str, limit: &'static Limit) -> Result<(), Status> {
        if !self.on {
            return Ok(());
        }
        let now = self.clock.now();
        let mut windows = self.windows.lock().unwrap_or_else(PoisonError::into_inner);
        if windows.len() >= WINDOWS_KEPT {
            windows.retain(|_, window| window.ends > now);
        }
        let opened = Window { ends: now + limit.window(), used: 0 };
        let window = windows.entry((token.to_string(), limit.operation)).or_insert(opened);
        if window.ends <= now {
            *window = opened;
        }
        if window.used < limit.count {
            window.used += 1;
            return Ok(());
        }
        let wait = window.ends - now;
        let message = format!("rate limit exceeded: {} allows {}", limit.operation, limit.rate());
        let mut status = Status::new(Code::ResourceExhausted, message);
        status.retry_after = Some((wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1));
        let ms = u64::try_from(wait.as_micros().div_ceil(1000)).unwrap_or(u64::MAX).max(1);
        status.points =
            Some(RateLimited { remaining_points: 0, ms_before_next: ms, consumed_points: u64::from(limit.count) });
        Err(status)
    }
}

/// Requests per minute per token, one budget across both APIs; `None` when the limit is off.
pub struct Limiter {
    inner: Option<
        RateLimiter<
            String,
            governor::state::keyed::DefaultKeyedStateStore<String>,
            DefaultClock,
            StateInformationMiddleware,
        >,
    >,
    per_minute: u32,
}

/// Where a token's budget stands after a request it let through: what the Public API's `X-RateLimit-*` headers say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub consumed: u32,
    pub remaining: u32,
    /// Until the budget is whole again.
    pub reset_in: Duration,
}

impl Limiter {
    pub fn per_minute(n: u32) -> Self {
        let inner = NonZeroU32::new(n)
            .map(|n| RateLimiter::keyed(Quota::per_minute(n)).with_middleware::<StateInformationMiddleware>());
        Limiter { inner, per_minute: n }
    }

    /// Takes one request from the token's budget: where it stands then (`None` with the limit off), or 429.
    pub fn check(&self, token: &str) -> Result<Option<Budget>, Status> {
        let Some(limiter) = &self.inner else { return Ok(None) };
        match limiter.check_key(&token.to_string()) {
            Ok(snapshot) => {
                let burst = snapshot.quota().burst_size().get();
                let remaining = snapshot.remaining_burst_capacity().min(burst);
                let consumed = burst - remaining;
                let reset_in = snapshot.quota().replenish_interval() * consumed;
                Ok(Some(Budget { consumed, remaining, reset_in }))
            }
            Err(not_until) => {
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                let message = format!("rate limit exceeded: {}", crate::ui::count(self.per_minute as usize, "request"))
                    + " per minute";
                let mut status = Status::new(Code::ResourceExhausted, message);
                status.retry_after = Some(wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).map(|s| s.max(1));
                // The whole budget is used: every point of the window, none left, the next in `wait` (to the
                // millisecond, rounded up so that a client waiting that long is let through).
                let ms = u64::try_from(wait.as_micros().div_ceil(1000)).unwrap_or(u64::MAX).max(1);
                let consumed = u64::from(not_until.quota().burst_size().get());
                status.points =
                    Some(RateLimited { remaining_points: 0, ms_before_next: ms, consumed_points: consumed });
                Err(status)
            }
        }
    }
}

/// The middleware: the checks of "Order of checks" up to the rate limit, then the door's routes; logs every answer
/// on stderr.
pub async fn admit(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let sent = request.uri().path().to_string();
    let response = match check(&app, request).await {
        Ok((request, door, budget)) => {
            let mut response = next.run(request).await;
            if let (Door::Public, Some(budget)) = (door, budget) {
                rate_headers(response.headers_mut(), budget);
            }
            response
        }
        Err(response) => response,
    };
    app.log_request(&method, &sent, response.status().as_u16(), started.elapsed());
    response
}

async fn check(app: &App, request: Request) -> Result<(Request, Door, Option<Budget>), Response> {
    let (mut parts, body) = request.into_parts();
    let path = fold(parts.uri.path());
    let Some(door) = door_of(&path) else {
        // Record and faults first, as for any request: a test can still see what was sent.
        let body = super::body::read(body, super::body::MAX_BODY).await.unwrap_or_default();
        app.control.record(&parts, &body);
        return Err(upstream_unroutable());
    };
    let limit = match door {
        Door::Config => super::body::MAX_BODY,
        Door::Public => super::body::MAX_PUBLIC_BODY,
    };
    let body = super::body::read(body, limit).await.map_err(|status| status.render(door))?;
    app.control.record(&parts, &body);
    if let Some(fault) = app.control.take_fault(&parts.method, parts.uri.path())
        && let Some(response) = fault.apply(door).await
    {
        return Err(response);
    }
    let caller = authenticate(&app.store.read(), &parts.headers)
        .map_err(|(why, message)| why.status(door, message).render(door))?;
    let budget = app.limiter.check(&caller.token).map_err(|status| status.render(door))?;
    // The operation's own limit, on the Public API: after the token's budget, which a request refused here has
    // drawn from (the service counts it), and before routing (the table names operations by method and path).
    if door == Door::Public
        && let Some(limit) = limits::of(parts.method.as_str(), &path)
        && let Err(status) = app.operations.check(&caller.token, limit)
    {
        let mut response = status.render(door);
        if let Some(budget) = budget {
            rate_headers(response.headers_mut(), budget);
        }
        return Err(response);
    }
    let received = Received { method: parts.method.clone(), sent: parts.uri.path().to_string(), path, door };
    // A path already folded, with nothing to escape, is routed as it came (a new URI costs more than the check).
    let plain = received.path.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~/".contains(&b));
    if parts.uri.path().strip_prefix('/') != Some(received.path.as_str()) || !plain {
        parts.uri = routed(&received.path, parts.uri.query()).map_err(|status| status.render(door))?;
    }
    parts.extensions.insert(caller);
    parts.extensions.insert(received);
    Ok((Request::from_parts(parts, Body::from(body)), door, budget))
}

/// The door of a folded path: the Config API's version prefix, the Public API's root paths, or `None` for a path
/// whose first segment names another Config API version (`v2beta`, `v1`), which the service cannot route.
fn door_of(path: &str) -> Option<Door> {
    let first = path.split('/').next().unwrap_or_default();
    if first == VERSION {
        return Some(Door::Config);
    }
    if looks_like_a_version(first) {
        return None;
    }
    Some(Door::Public)
}

/// `v` and a digit, then letters and digits: `v1`, `v2beta`, `v1beta2`, `v1alpha`.
fn looks_like_a_version(segment: &str) -> bool {
    let mut bytes = segment.bytes();
    bytes.next() == Some(b'v')
        && bytes.next().is_some_and(|b| b.is_ascii_digit())
        && segment.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// A path with empty segments dropped and no leading `/` (`//v1beta//workspaces/` is `v1beta/workspaces`).
fn fold(path: &str) -> String {
    let mut folded = String::with_capacity(path.len());
    for segment in path.split('/').filter(|s| !s.is_empty()) {
        if !folded.is_empty() {
            folded.push('/');
        }
        folded.push_str(segment);
    }
    folded
}

/// The URI the routes see: the folded path, each segment escaped so that the `Path` extractor decodes it back to
/// exactly what was sent (a client's `%2F` stays the three characters `%2F` in a name, as names are matched as
/// sent), and the query as sent.
pub fn routed(path: &str, query: Option<&str>) -> Result<Uri, Status> {
    let mut uri = String::with_capacity(path.len() + 1);
    uri.push('/');
    escape_into(&mut uri, path);
    if let Some(query) = query {
        uri.push('?');
        uri.push_str(query);
    }
    uri.parse().map_err(|e| Status::invalid(format!("cannot route {uri:?}: {e}")))
}

/// Percent-encodes every byte but the unreserved and sub-delimiter characters, `:`, `@` and `/`.
fn escape_into(out: &mut String, path: &str) {
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
}

/// The Public API's rate-limit headers (docs/reference/public-api.md, "Rate limits"): the points used and left, and
/// when the budget is whole again as an IMF date.
fn rate_headers(headers: &mut HeaderMap, budget: Budget) {
    let reset = jiff::Timestamp::now() + jiff::SignedDuration::try_from(budget.reset_in).unwrap_or_default();
    let reset = jiff::fmt::rfc2822::DateTimePrinter::new().timestamp_to_rfc9110_string(&reset).unwrap_or_default();
    for (name, value) in [
        (rate_header::CONSUMED, budget.consumed.to_string()),
        (rate_header::REMAINING, budget.remaining.to_string()),
        (rate_header::RESET, reset),
    ] {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.insert(name, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_fold_and_pick_their_door() {
        for (path, folded, door) in [
            ("/v1beta/workspaces", "v1beta/workspaces", Some(Door::Config)),
            ("//v1beta//workspaces//", "v1beta/workspaces", Some(Door::Config)),
            ("/v1beta", "v1beta", Some(Door::Config)),
            ("/v1betax/workspaces", "v1betax/workspaces", None),
            ("/v2beta/workspaces", "v2beta/workspaces", None),
            ("/v1/track", "v1/track", None),
            ("/", "", Some(Door::Public)),
            ("/sources", "sources", Some(Door::Public)),
            ("//destination//abc/filters", "destination/abc/filters", Some(Door::Public)),
            ("/version", "version", Some(Door::Public)),
        ] {
            assert_eq!(fold(path), folded, "{path}");
            assert_eq!(door_of(&fold(path)), door, "{path}");
        }
    }

    #[test]
    fn routed_paths_decode_to_what_was_sent() {
        let uri = routed("v1beta/workspaces/de%2Fmo/sources/a b", Some("page_size=1")).unwrap();
        assert_eq!(uri.path(), "/v1beta/workspaces/de%252Fmo/sources/a%20b");
        assert_eq!(uri.query(), Some("page_size=1"));
        assert_eq!(routed("", None).unwrap().path(), "/");
    }

    #[test]
    fn the_budget_says_what_is_left_and_when_it_is_whole() {
        let limiter = Limiter::per_minute(3);
        let first = limiter.check("t").unwrap().unwrap();
        assert_eq!((first.consumed, first.remaining), (1, 2));
        assert_eq!(first.reset_in, Duration::from_secs(20));
        limiter.check("t").unwrap();
        let third = limiter.check("t").unwrap().unwrap();
        assert_eq!((third.consumed, third.remaining), (3, 0));
        let refused = limiter.check("t").unwrap_err();
        assert!(refused.retry_after.is_some_and(|s| s >= 1), "{refused:?}");
        assert_eq!(limiter.check("other").unwrap().unwrap().remaining, 2, "one budget per token");
        assert_eq!(Limiter::per_minute(0).check("t").unwrap(), None);
    }

    fn limit(operation: &str) -> &'static Limit {
        limits::LIMITS.iter().find(|l| l.operation == operation).unwrap()
    }

    fn refused(limits: &OperationLimits, token: &str, limit: &'static Limit) -> RateLimited {
        let status = limits.check(token, limit).unwrap_err();
        assert_eq!(status.code, Code::ResourceExhausted);
        status.points.unwrap()
    }

    #[test]
    fn an_operation_lets_its_count_through_in_a_fixed_window_per_token() {
        let limits = OperationLimits { clock: Clock::frozen(), ..OperationLimits::new(true) };
        let create = limit("createDestinationSubscription");
        let window = create.window();
        for _ in 0..create.count {
            limits.check("t", create).unwrap();
        }
        let points = refused(&limits, "t", create);
        let ms = u64::try_from(window.as_millis()).unwrap();
        assert_eq!(points, RateLimited { remaining_points: 0, ms_before_next: ms, consumed_points: 5 });
        // Later in the window: to its end, which the first request set; a refusal does not count.
        limits.clock.advance(window / 4);
        let status = limits.check("t", create).unwrap_err();
        assert_eq!(status.points.unwrap().ms_before_next, ms - ms / 4);
        assert_eq!(status.retry_after, Some((window - window / 4).as_secs_f64().ceil() as u64));
        // Another token, another operation: windows of their own.
        limits.check("other", create).unwrap();
        let update = limit("updateSubscriptionForDestination");
        limits.check("t", update).unwrap();
        // At the window's end the next request opens a new one, with the whole count.
        limits.clock.advance(window - window / 4);
        for _ in 0..create.count {
            limits.check("t", create).unwrap();
        }
        limits.clock.advance(Duration::from_millis(1));
        assert_eq!(refused(&limits, "t", create).ms_before_next, ms - 1);
        // The other token's window opened a quarter of a window after t's first: it ends a quarter after t's second
        // opened.
        for _ in 1..create.count {
            limits.check("other", create).unwrap();
        }
        assert_eq!(refused(&limits, "other", create).ms_before_next, ms / 4 - 1);
        assert_eq!(refused(&limits, "other", create).consumed_points, 5);
        let labels = limit("createLabel");
        for _ in 0..60 {
            limits.check("t", labels).unwrap();
        }
        assert_eq!(refused(&limits, "t", labels).consumed_points, 60);
    }

    #[test]
    fn operation_limits_are_off_with_the_rate_limit() {
        let limits = OperationLimits::new(false);
        let create = limit("createDestinationSubscription");
        for _ in 0..100 {
            limits.check("t", create).unwrap();
        }
    }

    #[test]
    fn a_day_is_1440_minutes() {
        let download = limit("createDownload");
        assert_eq!(download.window(), limit("createLabel").window() * 1440);
        let limits = OperationLimits { clock: Clock::frozen(), ..OperationLimits::new(true) };
        for _ in 0..download.count {
            limits.check("t", download).unwrap();
        }
        limits.clock.advance(download.window() - Duration::from_millis(1));
        assert_eq!(refused(&limits, "t", download).ms_before_next, 1);
        limits.clock.advance(Duration::from_millis(1));
        limits.check("t", download).unwrap();
    }
}
