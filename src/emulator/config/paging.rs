//! List paging: `page_size` bounds and opaque, tamper-evident `page_token`s. A token names the collection and the
//! sequence to continue after, and carries a MAC under a key of this server (kept in the data file with `--data`),
//! so a forged token or one from another collection is 400 / code 3 rather than a silent wrong page.
//! [`Paging`] hands a List handler the query the front door read.

use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use hmac::{KeyInit, Mac};
use serde::Serialize;
use serde::ser::SerializeMap;
#[cfg(test)]
use utoipa::IntoParams;

use crate::emulator::status::Status;
use crate::wire::wrapper::NEXT_PAGE_TOKEN;

pub const MAX_PAGE_SIZE: usize = 200;
/// Workspace collections default to 10 items a page, the catalog to 100 (docs/reference/config-api.md).
pub const DEFAULT_PAGE_SIZE: usize = 10;
pub const CATALOG_PAGE_SIZE: usize = 100;

const MAC_LEN: usize = 10;

type HmacSha1 = hmac::Hmac<sha1::Sha1>;

/// Mints and checks page tokens under this server's key.
pub struct PageTokens {
    key: Vec<u8>,
}

/// The paging parameters of a List call. Read as text, so that a size that is no number is this API's 400 rather
/// than a failure to parse the query.
#[derive(Debug, Default, Clone, serde::Deserialize)]
#[cfg_attr(test, derive(IntoParams))]
#[cfg_attr(test, into_params(parameter_in = Query))]
pub struct PageQuery {
    /// Items per page, 1 to 200: 10 by default, 100 in the catalog.
    #[serde(alias = "pageSize")]
    #[cfg_attr(test, param(value_type = Option<i64>, minimum = 1, maximum = 200))]
    page_size: Option<String>,
    /// The `next_page_token` of the previous page; empty or absent for the first page.
    #[serde(alias = "pageToken")]
    page_token: Option<String>,
}

impl PageQuery {
    /// The query of a request: 400 / code 3 when it cannot be read (a parameter given twice).
    pub fn of(uri: &axum::http::Uri) -> Result<PageQuery, Status> {
        Query::<PageQuery>::try_from_uri(uri)
            .map(|Query(query)| query)
            .map_err(|e| Status::invalid(format!("invalid query string: {e}")))
    }
}

/// The paging query of a List handler, as the front door read it (after authentication, before routing).
pub struct Paging(pub PageQuery);

impl<S: Send + Sync> FromRequestParts<S> for Paging {
    type Rejection = Status;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Status> {
        match parts.extensions.get::<PageQuery>() {
            Some(query) => Ok(Paging(query.clone())),
            None => PageQuery::of(&parts.uri).map(Paging),
        }
    }
}

impl PageTokens {
    pub fn new(key: Vec<u8>) -> Self {
        PageTokens { key }
    }

    fn mac(&self, collection: &str, after: u64) -> HmacSha1 {
        let mut mac = HmacSha1::new_from_slice(&self.key).expect("HMAC takes a key of any length");
        mac.update(collection.as_bytes());
        mac.update(&[0]);
        mac.update(&after.to_be_bytes());
        mac
    }

    pub fn token(&self, collection: &str, after: u64) -> String {
        let mut bytes = after.to_be_bytes().to_vec();
        bytes.extend_from_slice(&self.mac(collection, after).finalize().into_bytes()[..MAC_LEN]);
        hex::encode(bytes)
    }

    /// The size and the sequence to continue after, validated.
    pub fn parse(&self, collection: &str, query: &PageQuery, default_size: usize) -> Result<(usize, u64), Status> {
        // An empty `page_size=` is not a number (only `page_token=` has an empty meaning: the first page).
        let size = match query.page_size.as_deref() {
            None => default_size,
            Some(raw) => match raw.parse::<i64>() {
                Ok(n) if (1..=MAX_PAGE_SIZE as i64).contains(&n) => n as usize,
                _ => {
                    return Err(Status::invalid(format!(
                        "page_size must be an integer from 1 to {MAX_PAGE_SIZE}, got {raw:?}"
                    )));
                }
            },
        };
        let after = match query.page_token.as_deref() {
            None | Some("") => 0,
            Some(token) => self.verify(collection, token).ok_or_else(|| Status::invalid("invalid page_token"))?,
        };
        Ok((size, after))
    }

    fn verify(&self, collection: &str, token: &str) -> Option<u64> {
        let bytes = hex::decode(token).ok()?;
        if bytes.len() != 8 + MAC_LEN {
            return None;
        }
        let after = u64::from_be_bytes(bytes[..8].try_into().ok()?);
        self.mac(collection, after).verify_truncated_left(&bytes[8..]).ok()?;
        Some(after)
    }
}

/// One page of a List answer: `{"<wrapper>": [...], "next_page_token": "..."}`.
pub struct PageBody<T> {
    pub wrapper: &'static str,
    pub items: Vec<T>,
    pub next_page_token: String,
}

impl<T: Serialize> Serialize for PageBody<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry(self.wrapper, &self.items)?;
        map.serialize_entry(NEXT_PAGE_TOKEN, &self.next_page_token)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(size: Option<&str>, token: Option<&str>) -> PageQuery {
        PageQuery { page_size: size.map(Into::into), page_token: token.map(Into::into) }
    }

    #[test]
    fn tokens_round_trip_and_are_bound_to_their_collection() {
        let pager = PageTokens::new(b"k".to_vec());
        let token = pager.token("workspaces/a/sources", 42);
        assert_eq!(pager.parse("workspaces/a/sources", &query(None, Some(&token)), 10).unwrap(), (10, 42));
        assert!(pager.parse("workspaces/b/sources", &query(None, Some(&token)), 10).is_err());
        let mut forged = token.into_bytes();
        forged[15] = if forged[15] == b'0' { b'1' } else { b'0' };
        let forged = String::from_utf8(forged).unwrap();
        assert!(pager.parse("workspaces/a/sources", &query(None, Some(&forged)), 10).is_err());
        assert!(pager.parse("c", &query(None, Some("not-hex")), 10).is_err());
        assert!(PageTokens::new(b"other".to_vec()).parse("c", &query(None, Some(&pager.token("c", 1))), 10).is_err());
    }

    #[test]
    fn page_size_bounds() {
        let pager = PageTokens::new(vec![]);
        for bad in ["0", "-1", "201", "ten", "1.5", ""] {
            assert!(pager.parse("c", &query(Some(bad), None), 10).is_err(), "{bad}");
        }
        assert_eq!(pager.parse("c", &query(Some("200"), None), 10).unwrap(), (200, 0));
        assert_eq!(pager.parse("c", &query(None, None), 100).unwrap(), (100, 0));
    }
}
