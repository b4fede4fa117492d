//! The Public API's front door (PUBLIC-API.md), at the root paths behind the gate both APIs share.

use std::sync::{Arc, OnceLock};

use axum::extract::Request;

use super::App;
use super::gate::Received;
use super::status::Status;

/// The served routes, built once per process.
pub fn served() -> axum::Router<Arc<App>> {
    static SERVED: OnceLock<axum::Router<Arc<App>>> = OnceLock::new();
    SERVED.get_or_init(|| axum::Router::new().fallback(not_found)).clone()
}

/// An unknown route or method: 404 `not-found`.
async fn not_found(request: Request) -> axum::response::Response {
    let received = request.extensions().get::<Received>().cloned();
    let received = received.unwrap_or_else(|| Received::of(request.method(), request.uri()));
    Status::not_found(format!("no such path: {} {}", received.method, received.shown())).public_response()
}
