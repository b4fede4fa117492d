//! The emulator's error answer: an HTTP status with a body of exactly `{"error","code"}` (API.md, "Errors").

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::wire::{Code, ErrorBody, UPSTREAM_ERROR};

#[derive(Debug, Clone, PartialEq)]
pub struct Status {
    pub code: Code,
    pub message: String,
    /// Seconds for a `Retry-After` header (429 only).
    pub retry_after: Option<u64>,
}

impl Status {
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Status { code, message: message.into(), retry_after: None }
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        Status::new(Code::InvalidArgument, message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Status::new(Code::NotFound, message)
    }

    pub fn exists(name: &str) -> Self {
        Status::new(Code::AlreadyExists, format!("{name} already exists"))
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Status::new(Code::Internal, message)
    }
}

impl IntoResponse for Status {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.code.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let body = ErrorBody { error: self.message, code: self.code as i32 };
        let mut response = (status, axum::Json(body)).into_response();
        if let Some(secs) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

/// What the service's front door answers for a URL it cannot route: a plain-text 503 with no code.
pub fn upstream_unroutable() -> Response {
    (StatusCode::SERVICE_UNAVAILABLE, [(header::CONTENT_TYPE, "text/plain")], UPSTREAM_ERROR).into_response()
}
