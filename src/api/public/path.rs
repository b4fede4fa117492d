//! The Public API's paths, built only of fixed words and checked ids, so that a path reaches exactly the resource it
//! names whoever supplied the id: a user (a name's segment), an answer (a listing's record) or the cache of an
//! earlier process (docs/reference/names.md). An id is checked like user input before it enters a path (1 to 255
//! letters, digits, `_` and `-`): one holding `/` would be spliced in as several segments (`PATCH
//! /destinations/OTHER/x`), so it is refused, as the user's mistake when the user gave it and as the service's fault
//! when an answer did.

use std::fmt;

use crate::error::{Error, Result};
use crate::wire::public::valid_id;

/// An id that may stand in a path as one segment.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Id(String);

impl Id {
    /// An id the user gave: one that cannot be an id is a usage error.
    pub fn given(text: &str, what: &str) -> Result<Id> {
        if valid_id(text) {
            return Ok(Id(text.to_string()));
        }
        Err(Error::usage(format!("{} cannot name a {what}: it is not an id", crate::text::quoted(text))))
    }

    /// An id an answer holds: one that cannot be an id is the service's fault (exit 1), never sent anywhere.
    pub fn answered(text: &str, what: &str) -> Result<Id> {
        if valid_id(text) {
            return Ok(Id(text.to_string()));
        }
        Err(Error::failed(format!(
            "the service answered a {what} whose id {} seg cannot use in a path (an id is 1 to 255 letters, \
             digits, `_` and `-`)",
            crate::text::quoted(text)
        )))
    }

    /// What stands, in a `--dry-run` description, for the id of a resource this run would have made before (a
    /// plan a file creates, then connects): `-` keeps it apart from every id the service gives.
    pub fn unmade() -> Id {
        Id("made-by-this-run".to_string())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A path of the Public API below its host: fixed words and [`Id`]s, nothing else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path(String);

impl Path {
    /// The root (`GET /`: the token's workspace).
    pub fn root() -> Path {
        Path(String::new())
    }

    /// A collection, or any path of fixed words (`tracking-plans`, `catalog/sources`).
    pub fn of(words: &'static str) -> Path {
        Path(words.to_string())
    }

    /// The path with a fixed word after it.
    pub fn word(mut self, word: &'static str) -> Path {
        if !self.0.is_empty() {
            self.0.push('/');
        }
        self.0.push_str(word);
        self
    }

    /// The path with an id after it, as one segment.
    pub fn id(mut self, id: &Id) -> Path {
        if !self.0.is_empty() {
            self.0.push('/');
        }
        self.0.push_str(id.as_str());
        self
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_one_segment_whoever_gave_it() {
        let id = Id::answered("fP7qoQw2HTWt9WdMr718gn", "destination").unwrap();
        assert_eq!(
            Path::of("destinations").id(&id).word("filters").as_str(),
            "destinations/fP7qoQw2HTWt9WdMr718gn/filters"
        );
        assert_eq!(Path::root().word("labels").as_str(), "labels");
        for bad in ["OTHER/x", "..", "", "a b", "a%2Fb", "x\u{1b}[2J", &"a".repeat(256)] {
            let answered = Id::answered(bad, "destination").unwrap_err();
            assert_eq!(answered.exit_code(), 1, "{bad:?}: the service's fault");
            assert!(!answered.to_string().contains('\u{1b}'), "escaped: {answered}");
            assert_eq!(Id::given(bad, "source").unwrap_err().exit_code(), 2, "{bad:?}: the user's");
        }
    }
}
