//! The front door of the emulated API: every check that comes before routing, in the order of docs/EMULATOR.md
//! ("Order of checks"), as one middleware around the route table. It reads the body (413 over 4 MiB), logs the
//! request and applies injected faults as sent, folds `//` and a trailing `/` (as clients in the wild send them),
//! answers a path outside the version prefix with the plain-text 503, then authenticates (401), rate-limits (429)
//! and reads the query (400) before the routes decide between a handler, 404 and 501.

use std::sync::Arc;
use std::time::Instant;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{Method, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::App;
use super::auth;
use super::paging::PageQuery;
use super::router::VERSION;
use super::status::{Status, upstream_unroutable};

/// The request as the front door received it, handed on to what comes after routing.
#[derive(Debug, Clone)]
pub struct Received {
    pub method: Method,
    /// The path as sent: what injected faults match, at arrival and at commit.
    pub sent: String,
    /// The folded path below the version prefix (`workspaces/demo/sources`): what a 404 or a 501 names.
    pub below: String,
}

impl Received {
    /// For a request that did not come through the front door: its path taken as sent.
    pub fn of(method: &Method, uri: &Uri) -> Received {
        let sent = uri.path().to_string();
        let below = below_version(&sent).unwrap_or_default();
        Received { method: method.clone(), sent, below }
    }

    /// The path as errors name it: `/v1beta/<below>`.
    pub fn shown(&self) -> String {
        format!("/{VERSION}/{}", self.below)
    }
}

/// The middleware: the checks of "Order of checks" up to the query, then the routes; logs every answer on stderr.
pub async fn admit(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let sent = request.uri().path().to_string();
    let response = match check(&app, request).await {
        Ok(request) => next.run(request).await,
        Err(response) => response,
    };
    app.log_request(&method, &sent, response.status().as_u16(), started.elapsed());
    response
}

async fn check(app: &App, request: Request) -> Result<Request, Response> {
    let (mut parts, body) = request.into_parts();
    let body = super::body::read(body).await?;
    app.control.record(&parts, &body);
    if let Some(fault) = app.control.take_fault(&parts.method, parts.uri.path())
        && let Some(response) = fault.apply().await
    {
        return Err(response);
    }
    let Some(below) = below_version(parts.uri.path()) else {
        return Err(upstream_unroutable());
    };
    let caller = auth::authenticate(&app.store.read(), &parts.headers).map_err(IntoResponse::into_response)?;
    app.limiter.check(&caller.token).map_err(IntoResponse::into_response)?;
    // After authentication: a caller without a token learns nothing else first.
    let query = PageQuery::of(&parts.uri).map_err(IntoResponse::into_response)?;
    let received = Received { method: parts.method.clone(), sent: parts.uri.path().to_string(), below };
    // A path already folded, with nothing to escape, is routed as it came (a new URI costs more than the check).
    let folded =
        parts.uri.path().strip_prefix('/').and_then(|p| p.strip_prefix(VERSION)).and_then(|p| p.strip_prefix('/'));
    let plain = received.below.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~/".contains(&b));
    if folded != Some(received.below.as_str()) || !plain {
        parts.uri = routed(&received.below, parts.uri.query()).map_err(IntoResponse::into_response)?;
    }
    parts.extensions.insert(caller);
    parts.extensions.insert(query);
    parts.extensions.insert(received);
    Ok(Request::from_parts(parts, Body::from(body)))
}

/// The path below the version prefix with empty segments dropped (`//v1beta//workspaces/` is `workspaces`), or
/// `None` when the folded path is not under the prefix.
fn below_version(path: &str) -> Option<String> {
    let mut segments = path.split('/').filter(|s| !s.is_empty());
    if segments.next() != Some(VERSION) {
        return None;
    }
    let mut below = String::with_capacity(path.len());
    for segment in segments {
        if !below.is_empty() {
            below.push('/');
        }
        below.push_str(segment);
    }
    Some(below)
}

/// The URI the routes see: the folded path, each segment escaped so that the `Path` extractor decodes it back to
/// exactly what was sent (a client's `%2F` stays the three characters `%2F` in a name, as names are matched as
/// sent), and the query as sent.
pub fn routed(below: &str, query: Option<&str>) -> Result<Uri, Status> {
    let mut uri = format!("/{VERSION}");
    if !below.is_empty() {
        uri.push('/');
        escape_into(&mut uri, below);
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_fold_and_must_be_under_the_prefix() {
        for (path, below) in [
            ("/v1beta/workspaces", Some("workspaces")),
            ("//v1beta//workspaces//", Some("workspaces")),
            ("/v1beta", Some("")),
            ("/v1beta/", Some("")),
            ("/v1betax/workspaces", None),
            ("/", None),
            ("/v1/track", None),
        ] {
            assert_eq!(below_version(path).as_deref(), below, "{path}");
        }
    }

    #[test]
    fn routed_paths_decode_to_what_was_sent() {
        let uri = routed("workspaces/de%2Fmo/sources/a b", Some("page_size=1")).unwrap();
        assert_eq!(uri.path(), "/v1beta/workspaces/de%252Fmo/sources/a%20b");
        assert_eq!(uri.query(), Some("page_size=1"));
        assert_eq!(routed("", None).unwrap().path(), "/v1beta");
    }
}
