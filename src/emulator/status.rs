//! What went wrong with a request, in neutral terms, and how each front door says it: the Config API answers an
//! HTTP status with exactly `{"error","code"}` (docs/reference/config-api.md, "Errors"), the Public API
//! `{"errors":[{type, message, field}]}` with the status docs/reference/public-api.md gives each case. The model and
//! the gate return a [`Status`]; the door the request came through renders it, so one check has one answer on each API.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::wire::public::{ErrorEnvelope, RateLimited, RequestError, error_type};
use crate::wire::{Code, ErrorBody, UPSTREAM_ERROR};

/// The message of the Public API's 429 (docs/EMULATOR.md).
pub const TOO_MANY_REQUESTS: &str = "Too many requests";

/// The API a request came to, which decides the shape of every answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Door {
    /// The Config API under `/v1beta/`.
    Config,
    /// The Public API at the root paths.
    Public,
}

/// How the Public API tells two kinds of bad input apart: a body it cannot read at all is 400 `bad-request`; a
/// readable one that breaks a rule is 422 `input-validation` (docs/reference/public-api.md, "Errors"). The Config API
/// says 400 for both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Invalid {
    /// Not JSON, or not the operation's shape (the Public API: 400).
    Malformed,
    /// A value that breaks a rule (the Public API: 422).
    #[default]
    Rule,
    /// A request the Public API refuses with 400 although it is well formed (a second instance of a
    /// single-instance destination, an update that touches nothing it may change).
    Refused,
    /// More items than the service takes in one call (a tracking plan's rules): 400 with the service's own body,
    /// its type and message only.
    Capped,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Status {
    pub code: Code,
    pub message: String,
    /// Seconds for a `Retry-After` header (429 only).
    pub retry_after: Option<u64>,
    /// The dotted path of the input at fault (`pagination.count`), which the Public API names.
    pub field: Option<String>,
    /// For `InvalidArgument`: which kind, for the Public API's status.
    pub invalid: Invalid,
    /// An HTTP status that says more than the code's own (413 for a body too large, 408 for one too slow).
    pub http: Option<u16>,
    /// For `ResourceExhausted`: where the budget stands, which the Public API's 429 says (`None`: none left, and
    /// the next request in `retry_after`).
    pub points: Option<RateLimited>,
}

impl Status {
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Status {
            code,
            message: message.into(),
            retry_after: None,
            field: None,
            invalid: Invalid::Rule,
            http: None,
            points: None,
        }
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        Status::new(Code::InvalidArgument, message)
    }

    /// A value that breaks a rule, naming the field at fault.
    pub fn invalid_field(field: impl Into<String>, message: impl Into<String>) -> Self {
        Status { field: Some(field.into()), ..Status::invalid(message) }
    }

    /// A body that cannot be read as the operation's input.
    pub fn malformed(message: impl Into<String>) -> Self {
        Status { invalid: Invalid::Malformed, ..Status::invalid(message) }
    }

    /// A well-formed request the Public API refuses with 400.
    pub fn refused(message: impl Into<String>) -> Self {
        Status { invalid: Invalid::Refused, ..Status::invalid(message) }
    }

    /// A call carrying more items than the service takes in one (its message as the service words it).
    pub fn capped(message: impl Into<String>) -> Self {
        Status { invalid: Invalid::Capped, ..Status::invalid(message) }
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

    /// The answer of the door a request came through.
    pub fn render(self, door: Door) -> Response {
        match door {
            Door::Config => self.config_response(),
            Door::Public => self.public_response(),
        }
    }

    /// The Config API's answer: the code's status (or the one given) and `{"error","code"}`.
    pub fn config_response(self) -> Response {
        let status = self.http.unwrap_or_else(|| self.code.http_status());
        let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let retry_after = self.retry_after;
        let body = ErrorBody { error: self.message, code: self.code as i32 };
        with_retry_after((status, axum::Json(body)).into_response(), retry_after)
    }

    /// The Public API's answer: `{"errors":[{type, message, field, status}]}` with the statuses docs/EMULATOR.md
    /// gives; a 429 is the service's documented body, `{"errors":[{type, message: "Too many requests", data:
    /// {remainingPoints, msBeforeNext, consumedPoints}}]}`, whatever the message in neutral terms.
    pub fn public_response(self) -> Response {
        let (status, kind) = self.public_status();
        let error = if self.code == Code::ResourceExhausted {
            let points = self.points.unwrap_or(RateLimited {
                remaining_points: 0,
                ms_before_next: self.retry_after.unwrap_or(1).saturating_mul(1000),
                consumed_points: 0,
            });
            RequestError {
                kind: kind.into(),
                message: Some(TOO_MANY_REQUESTS.into()),
                field: None,
                data: serde_json::to_value(points).ok(),
                status: None,
            }
        } else if self.invalid == Invalid::Capped {
            // The service's body, word for word: a type and a message.
            RequestError { kind: kind.into(), message: Some(self.message), field: None, data: None, status: None }
        } else {
            RequestError {
                kind: kind.into(),
                message: Some(self.message),
                field: self.field,
                data: None,
                status: Some(status),
            }
        };
        let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let response = (status, axum::Json(ErrorEnvelope { errors: vec![error] })).into_response();
        with_retry_after(response, self.retry_after)
    }

    /// The Public API's status and error type for this status.
    fn public_status(&self) -> (u16, &'static str) {
        match (self.code, self.http) {
            (_, Some(413)) => (413, error_type::PAYLOAD_TOO_LARGE),
            (_, Some(408)) => (408, error_type::BAD_REQUEST),
            (Code::InvalidArgument, _) => match self.invalid {
                Invalid::Malformed | Invalid::Refused | Invalid::Capped => (400, error_type::BAD_REQUEST),
                Invalid::Rule => (422, error_type::INPUT_VALIDATION),
            },
            (Code::Unauthenticated, _) => (401, error_type::UNAUTHORIZED),
            (Code::PermissionDenied, _) => (403, error_type::FORBIDDEN),
            // An unknown route or method is the Public API's 404 as well.
            (Code::NotFound | Code::Unimplemented, _) => (404, error_type::NOT_FOUND),
            (Code::AlreadyExists, _) => (409, error_type::CONFLICT),
            (Code::ResourceExhausted, _) => (429, error_type::RATE_LIMITED),
            (Code::Unavailable, _) => (503, error_type::INTERNAL),
            (Code::Internal, _) => (500, error_type::INTERNAL),
        }
    }
}

/// The Config API's answer: its handlers and extractors answer a [`Status`] as it is.
impl IntoResponse for Status {
    fn into_response(self) -> Response {
        self.config_response()
    }
}

fn with_retry_after(mut response: Response, seconds: Option<u64>) -> Response {
    if let Some(secs) = seconds {
        response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
    }
    response
}

/// What the service's front door answers for a URL it cannot route: a plain-text 503 with no code.
pub fn upstream_unroutable() -> Response {
    (StatusCode::SERVICE_UNAVAILABLE, [(header::CONTENT_TYPE, "text/plain")], UPSTREAM_ERROR).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn body(response: Response) -> (u16, serde_json::Value) {
        let status = response.status().as_u16();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap())
    }

    #[tokio::test]
    async fn one_status_two_shapes() {
        let (status, json) = body(Status::invalid_field("slug", "taken?").render(Door::Config)).await;
        assert_eq!((status, json), (400, serde_json::json!({"error": "taken?", "code": 3})));
        let (status, json) = body(Status::invalid_field("slug", "bad slug").render(Door::Public)).await;
        assert_eq!(status, 422);
        assert_eq!(json["errors"][0]["type"], "input-validation");
        assert_eq!(json["errors"][0]["field"], "slug");
        assert_eq!(body(Status::malformed("not JSON").render(Door::Public)).await.0, 400);
        assert_eq!(body(Status::new(Code::Unimplemented, "no").render(Door::Public)).await.0, 404);
        assert_eq!(body(Status::new(Code::Unimplemented, "no").render(Door::Config)).await.0, 501);
        let limited = Status { retry_after: Some(3), ..Status::new(Code::ResourceExhausted, "slow down") };
        let response = limited.render(Door::Public);
        assert_eq!(response.headers()[header::RETRY_AFTER], "3");
        let (status, json) = body(response).await;
        assert_eq!((status, json["errors"][0]["data"]["msBeforeNext"].as_u64()), (429, Some(3000)));
        assert_eq!(json["errors"][0]["message"], TOO_MANY_REQUESTS);
        let points = RateLimited { remaining_points: 0, ms_before_next: 1234, consumed_points: 5 };
        let limited = Status { retry_after: Some(2), points: Some(points), ..Status::new(Code::ResourceExhausted, "") };
        let (_, json) = body(limited.render(Door::Public)).await;
        let expected = serde_json::json!({"errors": [{"type": "RequestError", "message": "Too many requests",
            "data": {"remainingPoints": 0, "msBeforeNext": 1234, "consumedPoints": 5}}]});
        assert_eq!(json, expected);
        let large = Status { http: Some(413), ..Status::invalid("too large") };
        assert_eq!(
            body(large.clone().render(Door::Config)).await,
            (413, serde_json::json!({"error": "too large", "code": 3}))
        );
        assert_eq!(body(large.render(Door::Public)).await.1["errors"][0]["type"], "payload-too-large");
    }
}
