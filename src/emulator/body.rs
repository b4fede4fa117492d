//! Request bodies: JSON only, with every way a body can be bad (not UTF-8, not JSON, too deep, wrong types)
//! answered as 400 / code 3 with serde's own account of where.

use serde::de::DeserializeOwned;

use super::status::Status;

/// The largest request body the emulator reads; a larger one is 413 with code 3.
pub const MAX_BODY: usize = 4 * 1024 * 1024;

pub fn json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Status> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Status::invalid("the request body is empty; expected JSON"));
    }
    serde_json::from_slice(bytes).map_err(|e| Status::invalid(format!("invalid JSON body: {e}")))
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
}
