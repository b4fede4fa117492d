//! How seg reads the JSON text a service sent: an answer, a page, a record taken from one. One reader for every
//! such text, so that every command reads an answer alike (docs/reference/answers.md):
//! - **Depth**: a record may nest as deep as the emulator accepts a body ([`MAX_DEPTH`], 128 levels), and an answer
//!   adds its envelope around it (`{"data": {"sources": [ .. ]}}`, and seg's own translation of it): an answer is
//!   read up to [`DEPTH`] levels. serde_json's own limit stops a level short of the record (127), so a text it stops
//!   is measured on its bytes (`json::nesting`) and, within [`DEPTH`], read again without that limit; a
//!   deeper text is named "nested too deep", never "not JSON". Answers of every day never nest so deep, and pay
//!   for no second pass.
//! - **Keys given twice**: the last value wins, as JSON.parse reads it (and serde_json's `Value`); a typed reading,
//!   which serde refuses with "duplicate field", is made again from the text with each key once.
//!
//! What is printed (`-o json`) is the text as received, keys twice included; only seg's readings are affected.

use std::cell::Cell;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::json::{MAX_DEPTH, nesting};

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

thread_local! {
    /// Whether the text being read was measured and found within [`DEPTH`], deeper than serde's own limit: then
    /// [`parse`] and [`deserializer`] read with no limit of their own.
    static MEASURED: Cell<bool> = const { Cell::new(false) };
}

/// Checks a text's depth: within [`DEPTH`], or `TooDeep`.
pub fn check(bytes: &[u8]) -> Result<(), Unreadable> {
    let depth = nesting(bytes);
    if depth > DEPTH {
        return Err(Unreadable::TooDeep { depth });
    }
    Ok(())
}

/// A reader of `text` for a reading of [`with`] or [`deep`] that drives serde itself (a page read in one pass):
/// with serde's own depth limit, unless the text was measured.
pub fn deserializer(text: &str) -> serde_json::Deserializer<serde_json::de::StrRead<'_>> {
    let mut reader = serde_json::Deserializer::from_str(text);
    if MEASURED.get() {
        reader.disable_recursion_limit();
    }
    reader
}

/// One reading of a text, for the closures of [`with`] and [`deep`] (everywhere else: [`from_slice`],
/// [`from_str`], [`part`]).
pub fn parse<'t, T: Deserialize<'t>>(text: &'t str) -> serde_json::Result<T> {
    let mut reader = deserializer(text);
    let value = T::deserialize(&mut reader)?;
    reader.end()?;
    Ok(value)
}

/// A text read as `T`.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, Unreadable> {
    with(text, |t| parse::<T>(t))
}

/// A part of a text already read (a record of a page) read as `T`, as [`with`] reads any text: nested no deeper
/// than its whole, it is measured only when serde's limit stops it.
pub fn part<T: DeserializeOwned>(text: &str) -> Result<T, Unreadable> {
    with(text, |t| parse::<T>(t))
}

/// Bytes read as `T` (they must be UTF-8, as JSON is).
pub fn from_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Unreadable> {
    let text = std::str::from_utf8(bytes).map_err(|e| Unreadable::NotJson(e.to_string()))?;
    with(text, |t| parse::<T>(t))
}

/// A text read by `read`, which may borrow from the text it is handed (a record read field by field): where
/// serde's own depth limit stops it, measured and read again within [`DEPTH`] (`TooDeep` beyond); read again from
/// the text with each key once when a key given twice stopped it.
pub fn with<R>(text: &str, read: impl Fn(&str) -> serde_json::Result<R>) -> Result<R, Unreadable> {
    match deep(text, &read)? {
        Ok(value) => Ok(value),
        Err(e) if twice(&e) => {
            let once = once(text).ok_or_else(|| classify(text, &e))?;
            deep(&once, &read)?.map_err(|e| classify(&once, &e))
        }
        Err(e) => Err(classify(text, &e)),
    }
}

/// A text read by `read` with serde's depth limit and, where that limit stops it, measured and read again without
/// it: the reading (`Err` of serde's), or `TooDeep`.
pub fn deep<'t, R>(
    text: &'t str,
    read: impl Fn(&'t str) -> serde_json::Result<R>,
) -> Result<serde_json::Result<R>, Unreadable> {
    match read(text) {
        Err(e) if !MEASURED.get() && e.to_string().starts_with("recursion limit exceeded") => {
            check(text.as_bytes())?;
            MEASURED.set(true);
            let again = read(text);
            MEASURED.set(false);
            Ok(again)
        }
        other => Ok(other),
    }
}

/// Whether serde refused a key given twice.
fn twice(error: &serde_json::Error) -> bool {
    error.is_data() && error.to_string().starts_with("duplicate field")
}

/// The text with each key once, its last value in its first place (JSON.parse's reading, written back).
fn once(text: &str) -> Option<String> {
    let value: Value = deep(text, parse).ok()?.ok()?;
    serde_json::to_string(&value).ok()
}

/// What a failed reading of `text` says: not JSON at all, or JSON of another shape.
pub fn classify(text: &str, error: &serde_json::Error) -> Unreadable {
    if deep(text, parse::<serde::de::IgnoredAny>).is_ok_and(|read| read.is_ok()) {
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
