//! Bearer-token authentication, write scope, and the per-token rate limit (API.md, "Errors" and "Rate limit").
//! The front door authenticates every API request and hands the [`Caller`] on; handlers take it as an extractor,
//! and write handlers take [`WriteScope`], which refuses a `workspace:read` token (403) once the route is known.

use std::num::NonZeroU32;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use super::front_door::Received;
use super::status::Status;
use super::store::State;
use crate::wire::{Code, SCOPE_WRITE};

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

/// The caller the front door authenticated (or `--seed`'s own); a request without one is refused, not served.
impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = Status;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Status> {
        parts.extensions.get::<Caller>().cloned().ok_or_else(|| Status::internal("the request has no caller"))
    }
}

/// A caller whose token may write: the first extractor of every POST, PATCH, PUT and DELETE handler, so a read
/// token is 403 / 7 after the path and method are known (404 and 501 first) and before the body is read.
#[derive(Debug, Clone)]
pub struct WriteScope {
    pub caller: Caller,
    /// Where the write came from, for a fault injected at its commit.
    pub received: Received,
}

impl<S: Send + Sync> FromRequestParts<S> for WriteScope {
    type Rejection = Status;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Status> {
        let caller = Caller::from_request_parts(parts, state).await?;
        caller.require_write()?;
        let received =
            parts.extensions.get::<Received>().cloned().unwrap_or_else(|| Received::of(&parts.method, &parts.uri));
        Ok(WriteScope { caller, received })
    }
}

pub fn authenticate(state: &State, headers: &HeaderMap) -> Result<Caller, Status> {
    let unauthenticated = |msg: &str| Status::new(Code::Unauthenticated, msg);
    let value = headers
        .get(header::AUTHORIZATION)
        .ok_or_else(|| unauthenticated("missing access token: send Authorization: Bearer <token>"))?;
    let value = value.to_str().map_err(|_| unauthenticated("invalid access token"))?;
    let secret = match value.split_once(' ') {
        Some((scheme, rest)) if scheme.eq_ignore_ascii_case("bearer") => rest.trim(),
        _ => return Err(unauthenticated("the Authorization header must be: Bearer <token>")),
    };
    let token = state.token_by_secret(secret).ok_or_else(|| unauthenticated("invalid access token"))?;
    Ok(Caller {
        token: token.record.name.clone(),
        write: token.record.scopes == SCOPE_WRITE,
        workspaces: token.record.workspace_names.clone(),
    })
}

/// Requests per minute per token; `None` when the limit is off.
pub struct Limiter {
    inner: Option<DefaultKeyedRateLimiter<String>>,
    per_minute: u32,
}

impl Limiter {
    pub fn per_minute(n: u32) -> Self {
        Limiter { inner: NonZeroU32::new(n).map(|n| RateLimiter::keyed(Quota::per_minute(n))), per_minute: n }
    }

    pub fn check(&self, token: &str) -> Result<(), Status> {
        let Some(limiter) = &self.inner else { return Ok(()) };
        limiter.check_key(&token.to_string()).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            let message =
                format!("rate limit exceeded: {} per minute", crate::ui::count(self.per_minute as usize, "request"));
            let mut status = Status::new(Code::ResourceExhausted, message);
            status.retry_after = Some(wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).map(|s| s.max(1));
            status
        })
    }
}
