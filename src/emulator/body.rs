//! Request bodies: JSON only, with every way a body can be bad (not UTF-8, not JSON, too deep, wrong types)
//! answered as 400 / code 3 with serde's own account of where. [`JsonBody`] is the extractor of the handlers that
//! take a body; GET and DELETE handlers take none, so what a client sends with those is ignored.

use axum::extract::{FromRequest, Request};
use serde::de::DeserializeOwned;

use super::status::Status;

/// The largest request body the Config API's door reads; a larger one is 413 with code 3.
pub const MAX_BODY: usize = 4 * 1024 * 1024;
/// The Public API's (docs/reference/public-api.md: 413 over 2 MiB).
pub const MAX_PUBLIC_BODY: usize = 2 * 1024 * 1024;

/// Reads a whole request body (the gate's and the tracking endpoints'): 413 over `limit`, 408 when the client takes
/// longer than the server's body timeout to send it (`server::BodyTimeout`); each door says it in its own shape.
pub async fn read(body: axum::body::Body, limit: usize) -> Result<bytes::Bytes, Status> {
    axum::body::to_bytes(body, limit).await.map_err(|e| {
        if crate::server::body_timed_out(&e) {
            Status { http: Some(408), ..Status::invalid(e.to_string()) }
        } else {
            // 413 says what happened; the Config API's code 3 says what its error table calls it.
            Status { http: Some(413), ..Status::invalid(format!("request body larger than {} MiB", limit >> 20)) }
        }
    })
}

/// A JSON body of type `T`. The front door has already read it whole (and refused one over [`MAX_BODY`]); the
/// content type is not looked at, as clients in the wild send bodies without one.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = Status;

    async fn from_request(request: Request, _: &S) -> Result<Self, Status> {
        // No limit of its own here: axum's `Bytes` extractor would apply its default of 2 MiB below ours.
        let bytes = axum::body::to_bytes(request.into_body(), MAX_BODY)
            .await
            .map_err(|e| Status::malformed(format!("cannot read the request body: {e}")))?;
        json(&bytes).map(JsonBody)
    }
}

/// A body read as `T`. Its nesting is bounded by the one limit and message of every JSON body seg reads
/// (`json::MAX_DEPTH`, "nested deeper than 128 levels"), checked on the bytes first; serde_json then reads it
/// without a limit of its own (which stops one level short, with words of its own).
pub fn json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Status> {
    use crate::json::{MAX_DEPTH, nesting, too_deep};
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Status::malformed("the request body is empty; expected JSON"));
    }
    if nesting(bytes) > MAX_DEPTH {
        return Err(Status::malformed(format!("invalid JSON body: {}", too_deep())));
    }
    let mut reader = serde_json::Deserializer::from_slice(bytes);
    reader.disable_recursion_limit();
    let value = T::deserialize(&mut reader).and_then(|value| reader.end().map(|()| value));
    value.map_err(|e| Status::malformed(format!("invalid JSON body: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn bad_bodies_are_invalid_argument() {
        let deep = "[".repeat(10_000);
        for body in [&b""[..], b"  ", b"{", b"\xff\xfe{}", deep.as_bytes(), b"{\"a\":1}x"] {
            assert!(json::<Value>(body).is_err(), "{:?}", String::from_utf8_lossy(body));
        }
        assert!(json::<Value>(b"{\"a\":[1]}").is_ok());
    }

    #[test]
    fn the_depth_limit_is_the_shared_one_with_its_words() {
        let nested = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        assert!(json::<Value>(nested(crate::json::MAX_DEPTH).as_bytes()).is_ok(), "128 levels are read");
        for depth in [129, 10_000] {
            let said = json::<Value>(nested(depth).as_bytes()).err().unwrap().message;
            assert!(said.contains("nested deeper than 128 levels") && !said.contains("recursion"), "{said}");
        }
        // Brackets inside strings do not nest; an unfinished deep body is refused all the same.
        assert!(json::<Value>(format!("[\"{}\\\"{}\"]", "[".repeat(500), "{".repeat(500)).as_bytes()).is_ok());
        assert!(json::<Value>("[".repeat(200).as_bytes()).err().unwrap().message.contains("deeper than 128"));
    }
}
