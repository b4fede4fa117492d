//! The front door of the emulated API: path normalisation (`//` and a trailing `/` are folded, as clients in the
//! wild send them), the plain-text 503 for URLs outside the version prefix, the body limit, authentication, the
//! rate limit, and the route table. A known path with a method it lacks is 501 / 12; an unknown path 404 / 5.

use std::sync::{Arc, PoisonError};
use std::time::Instant;

use axum::body::Body;
use axum::extract::{Query, Request, State};
use axum::http::{Method, request::Parts};
use axum::response::{IntoResponse, Response};

use super::App;
use super::auth;
use super::body::MAX_BODY;
use super::handlers::{
    Ctx, Reply, access_tokens, catalog, destinations, regulations, sources, tracking_plans, workspaces,
};
use super::paging::PageQuery;
use super::status::{Status, upstream_unroutable};
use crate::wire::Code;

/// The version prefix this emulator serves.
pub const VERSION: &str = "v1beta";

pub async fn api(State(app): State<Arc<App>>, request: Request) -> Response {
    let started = Instant::now();
    let (parts, body) = request.into_parts();
    let response = answer(&app, &parts, body).await;
    app.log_request(&parts, response.status().as_u16(), started.elapsed());
    response
}

async fn answer(app: &App, parts: &Parts, body: Body) -> Response {
    let body = match axum::body::to_bytes(body, MAX_BODY).await {
        Ok(bytes) => bytes,
        Err(_) => {
            // 413 says what happened; the body's code 3 says what the error table calls it.
            let status = Status::invalid(format!("request body larger than {} MiB", MAX_BODY >> 20));
            return (axum::http::StatusCode::PAYLOAD_TOO_LARGE, status).into_response();
        }
    };
    app.control.record(parts, &body);
    if let Some(fault) = app.control.take_fault(&parts.method, parts.uri.path())
        && let Some(response) = fault.apply().await
    {
        return response;
    }
    let segments: Vec<&str> = parts.uri.path().split('/').filter(|s| !s.is_empty()).collect();
    let Some((&VERSION, segments)) = segments.split_first() else {
        return upstream_unroutable();
    };
    dispatch(app, parts, segments, &body).unwrap_or_else(IntoResponse::into_response)
}

fn dispatch(app: &App, parts: &Parts, segments: &[&str], body: &[u8]) -> Reply {
    let mut store = app.store.lock().unwrap_or_else(PoisonError::into_inner);
    let caller = auth::authenticate(&store, &parts.headers)?;
    app.limiter.check(&caller.token)?;
    // After authentication: a caller without a token learns nothing else first.
    let Query(query) = Query::<PageQuery>::try_from_uri(&parts.uri)
        .map_err(|e| Status::invalid(format!("invalid query string: {e}")))?;
    // Bodies of GET and DELETE are ignored (some clients send `{}`).
    let body = if parts.method == Method::GET || parts.method == Method::DELETE { &[][..] } else { body };
    let mut ctx = Ctx { app, store: &mut store, caller: &caller, query: &query, body };
    route(&mut ctx, parts.method.as_str(), segments)
}

fn write(ctx: &mut Ctx, handler: impl FnOnce(&mut Ctx) -> Reply) -> Reply {
    ctx.caller.require_write()?;
    handler(ctx)
}

fn unsupported(method: &str, segments: &[&str]) -> Reply {
    Err(Status::new(
        Code::Unimplemented,
        format!("method {method} is not supported on /{VERSION}/{}", segments.join("/")),
    ))
}

/// The route table: path first, then method.
fn route(ctx: &mut Ctx, m: &str, segments: &[&str]) -> Reply {
    let no = || unsupported(m, segments);
    match *segments {
        ["workspaces"] => match m {
            "GET" => workspaces::list(ctx),
            _ => no(),
        },
        ["workspaces", ws] => match m {
            "GET" => workspaces::get(ctx, ws),
            _ => no(),
        },
        ["workspaces", ws, "sources"] => match m {
            "GET" => sources::list(ctx, ws),
            "POST" => write(ctx, |c| sources::create(c, ws)),
            _ => no(),
        },
        ["workspaces", ws, "sources", src] => match m {
            "GET" => sources::get(ctx, ws, src),
            "PATCH" | "PUT" => write(ctx, |c| sources::update(c, ws, src)),
            "DELETE" => write(ctx, |c| sources::delete(c, ws, src)),
            _ => no(),
        },
        ["workspaces", ws, "sources", src, "destinations"] => match m {
            "GET" => destinations::list(ctx, ws, src),
            "POST" => write(ctx, |c| destinations::create(c, ws, src)),
            _ => no(),
        },
        ["workspaces", ws, "sources", src, "destinations", dst] => match m {
            "GET" => destinations::get(ctx, ws, src, dst),
            "PATCH" | "PUT" => write(ctx, |c| destinations::update(c, ws, src, dst)),
            "DELETE" => write(ctx, |c| destinations::delete(c, ws, src, dst)),
            _ => no(),
        },
        ["workspaces", ws, "tracking-plans"] => match m {
            "GET" => tracking_plans::list(ctx, ws),
            "POST" => write(ctx, |c| tracking_plans::create(c, ws)),
            _ => no(),
        },
        ["workspaces", ws, "tracking-plans", id] => match m {
            "GET" => tracking_plans::get(ctx, ws, id),
            "PUT" | "PATCH" => write(ctx, |c| tracking_plans::update(c, ws, id)),
            "DELETE" => write(ctx, |c| tracking_plans::delete(c, ws, id)),
            _ => no(),
        },
        ["workspaces", ws, "tracking-plans", id, "source-connections"] => match m {
            "GET" => tracking_plans::list_connections(ctx, ws, id),
            "POST" => write(ctx, |c| tracking_plans::connect(c, ws, id)),
            _ => no(),
        },
        ["workspaces", ws, "tracking-plans", id, "source-connections", src] => match m {
            "DELETE" => write(ctx, |c| tracking_plans::disconnect(c, ws, id, src)),
            _ => no(),
        },
        ["workspaces", ws, "regulations"] => match m {
            "GET" => regulations::list(ctx, ws),
            "POST" => write(ctx, |c| regulations::create(c, ws)),
            _ => no(),
        },
        ["workspaces", ws, "regulations", id] => match m {
            "GET" => regulations::get(ctx, ws, id),
            _ => no(),
        },
        ["access-tokens"] => match m {
            "GET" => access_tokens::list(ctx),
            "POST" => write(ctx, access_tokens::create),
            _ => no(),
        },
        ["access-tokens", id] => match m {
            "GET" => access_tokens::get(ctx, id),
            "DELETE" => write(ctx, |c| access_tokens::delete(c, id)),
            _ => no(),
        },
        ["catalog", "sources"] => match m {
            "GET" => catalog::list_sources(ctx),
            _ => no(),
        },
        ["catalog", "sources", slug] => match m {
            "GET" => catalog::get_source(ctx, slug),
            _ => no(),
        },
        ["catalog", "destinations"] => match m {
            "GET" => catalog::list_destinations(ctx),
            _ => no(),
        },
        ["catalog", "destinations", slug] => match m {
            "GET" => catalog::get_destination(ctx, slug),
            _ => no(),
        },
        _ => Err(Status::not_found(format!("no such path: {m} /{VERSION}/{}", segments.join("/")))),
    }
}

/// Runs one call through the route table outside HTTP, as a write-scoped caller that reaches every workspace
/// (`--seed` uses this so seeded resources pass exactly the API's validation).
pub fn call_as_admin(app: &App, method: &str, path: &str, body: &[u8]) -> Reply {
    let mut store = app.store.lock().unwrap_or_else(PoisonError::into_inner);
    let workspaces = store.names_in("workspaces").map(String::from).collect();
    let caller = auth::Caller { token: String::new(), write: true, workspaces };
    let query = PageQuery::default();
    let mut ctx = Ctx { app, store: &mut store, caller: &caller, query: &query, body };
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    route(&mut ctx, method, &segments)
}
