//! How seg reads the JSON text a service sent: an answer, a page, a record taken from one. One reader for every
//! such text, so that every command reads an answer alike (docs/reference/answers.md):
//! - **Depth**: a record may nest as deep as the emulator accepts a body ([`MAX_DEPTH`], 128 levels), and an answer
//!   adds its envelope around it (`{"data": {"sources": [ .. ]}}`, and seg's own translation of it): an answer is
//!   read up to [`DEPTH`] levels. The depth is measured on the bytes first (`webhook::json::nesting`), so the
//!   parser then runs without a limit of its own (serde_json's stops at 127, a level short of the record), and a
//!   deeper text is named "nested too deep", never "not JSON".
//! - **Keys given twice**: the last value wins, as JSON.parse reads it (and serde_json's `Value`); a typed reading,
//!   which serde refuses with "duplicate field", is made again from the text with each key once.
//!
//! What is printed (`-o json`) is the text as received, keys twice included; only seg's readings are affected.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::webhook::json::{MAX_DEPTH, nesting};

/// Levels an answer may add around a record: the Public API's `{"data": {"<key>": [record]}}` (3), the Config API's
/// `{"<key>": [record]}` (2), and seg's reading of a translated record (a config item's `{"value": ..}` in a list,
/// both readings side by side) with room to spare.
pub const ENVELOPE: usize = 8;

/// The deepest answer seg reads: a record as deep as the service accepts, in its envelope.
pub const DEPTH: usize = MAX_DEPTH + ENVELOPE;

/// Why a text could not be read as what was asked.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Unreadable {
    #[error("a body nested too deep (to depth {depth}; seg reads answers to depth {DEPTH} at most)")]
    TooDeep { depth: usize },
    #[error("a body that is not JSON ({0})")]
    NotJson(String),
    #[error("an answer of another shape ({0})")]
    Shape(String),
}

/// Checks a text's depth before a parser without a limit of its own reads it.
pub fn check(bytes: &[u8]) -> Result<(), Unreadable> {
    let depth = nesting(bytes);
    if depth > DEPTH {
        return Err(Unreadable::TooDeep { depth });
    }
    Ok(())
}

/// One reading of a text already checked ([`check`], or a part of a checked text), with no depth limit of its own.
/// For the closures of [`with`]; everywhere else, [`from_slice`] or [`from_str`].
pub fn parse<'t, T: Deserialize<'t>>(text: &'t str) -> serde_json::Result<T> {
    let mut reader = serde_json::Deserializer::from_str(text);
    reader.disable_recursion_limit();
    let value = T::deserialize(&mut reader)?;
    reader.end()?;
    Ok(value)
}

/// A text read as `T`.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, Unreadable> {
    with(text, |t| parse::<T>(t))
}

/// A part of a text already checked (a record of a page) read as `T`, as [`within`] reads.
pub fn part<T: DeserializeOwned>(text: &str) -> Result<T, Unreadable> {
    within(text, |t| parse::<T>(t))
}

/// Bytes read as `T` (they must be UTF-8, as JSON is).
pub fn from_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Unreadable> {
    check(bytes)?;
    let text = std::str::from_utf8(bytes).map_err(|e| Unreadable::NotJson(e.to_string()))?;
    with(text, |t| parse::<T>(t))
}

/// A text read by `read`, which may borrow from the text it is handed (a record read field by field): checked for
/// depth first, then read as [`within`] reads.
pub fn with<R>(text: &str, read: impl Fn(&str) -> serde_json::Result<R>) -> Result<R, Unreadable> {
    check(text.as_bytes())?;
    within(text, read)
}

/// A part of a text already checked (a record of a page) read by `read`, and read again from the text with each
/// key once when a key given twice stopped it.
pub fn within<R>(text: &str, read: impl Fn(&str) -> serde_json::Result<R>) -> Result<R, Unreadable> {
    match read(text) {
        Ok(value) => Ok(value),
        Err(e) if twice(&e) => {
            let once = once(text).ok_or_else(|| classify(text, &e))?;
            read(&once).map_err(|e| classify(&once, &e))
        }
        Err(e) => Err(classify(text, &e)),
    }
}

/// Whether serde refused a key given twice.
fn twice(error: &serde_json::Error) -> bool {
    error.is_data() && error.to_string().starts_with("duplicate field")
}

/// The text with each key once, its last value in its first place (JSON.parse's reading, written back).
fn once(text: &str) -> Option<String> {
    let value: Value = parse(text).ok()?;
    serde_json::to_string(&value).ok()
}

/// What a failed reading of `text` says: not JSON at all, or JSON of another shape.
pub fn classify(text: &str, error: &serde_json::Error) -> Unreadable {
    if parse::<serde::de::IgnoredAny>(text).is_ok() {
        Unreadable::Shape(error.to_string())
    } else {
        Unreadable::NotJson(error.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(depth: usize) -> String {
        format!("{}1{}", "[".repeat(depth), "]".repeat(depth))
    }

    #[test]
    fn a_record_at_the_services_limit_is_read_in_its_envelope() {
        let record = nested(MAX_DEPTH);
        let answer = format!(r#"{{"data": {{"sources": [{record}], "pagination": {{}}}}}}"#);
        let value: Value = from_str(&answer).unwrap();
        assert!(value["data"]["sources"][0].is_array());
        for depth in [DEPTH + 1, 100_000] {
            assert_eq!(from_str::<Value>(&nested(depth)), Err(Unreadable::TooDeep { depth }));
        }
        assert!(from_str::<Value>(&nested(DEPTH)).is_ok());
        let said = Unreadable::TooDeep { depth: 200 }.to_string();
        assert!(said.contains("nested too deep") && !said.contains("not JSON"), "{said}");
    }

    #[test]
    fn the_last_value_of_a_key_wins_in_every_reading() {
        #[derive(Deserialize)]
        struct Typed {
            slug: String,
        }
        #[derive(Deserialize)]
        struct Borrowed<'a> {
            slug: &'a str,
        }
        let text = r#"{"slug": "web", "id": "x", "slug": "app"}"#;
        assert_eq!(from_str::<Value>(text).unwrap()["slug"], "app");
        assert_eq!(from_str::<Typed>(text).unwrap().slug, "app");
        assert_eq!(with(text, |t| parse::<Borrowed>(t).map(|b| b.slug.to_string())).unwrap(), "app");
        // Spelled differently, the same key.
        assert_eq!(from_str::<Typed>(r#"{"slug": "web", "sl\u0075g": "app"}"#).unwrap().slug, "app");
    }

    #[test]
    fn what_cannot_be_read_says_why() {
        assert!(matches!(from_str::<Value>("{"), Err(Unreadable::NotJson(_))));
        assert!(matches!(from_slice::<Value>(b"\xff"), Err(Unreadable::NotJson(_))));
        assert!(matches!(from_str::<Vec<u8>>("{}"), Err(Unreadable::Shape(_))));
        assert!(matches!(from_str::<Value>("{} x"), Err(Unreadable::NotJson(_))));
    }
}
