//! The Config API's methods, one file per resource. Each handler runs with the store locked, so a request sees
//! and changes one consistent state; it returns the response body or a [`Status`].

pub mod access_tokens;
pub mod catalog;
pub mod destinations;
pub mod regulations;
pub mod sources;
pub mod tracking_plans;
pub mod workspaces;

use axum::Json;
use axum::response::{IntoResponse, Response};
use rand::RngExt;
use rand::distr::Alphanumeric;
use serde::Serialize;

use super::App;
use super::auth::Caller;
use super::paging::{PageBody, PageQuery};
use super::status::Status;
use super::store::{Resource, Store};

pub type Reply = Result<Response, Status>;

/// What a handler works with.
pub struct Ctx<'a> {
    pub app: &'a App,
    pub store: &'a mut Store,
    pub caller: &'a Caller,
    pub query: &'a PageQuery,
    pub body: &'a [u8],
}

impl Ctx<'_> {
    /// The workspace's name, when it exists and the caller's token reaches it; 404 otherwise (the seed: "the
    /// resource does not exist in this workspace").
    pub fn workspace(&self, ws: &str) -> Result<String, Status> {
        let name = format!("workspaces/{ws}");
        if self.store.contains(&name) && self.caller.reaches(&name) {
            Ok(name)
        } else {
            Err(Status::not_found(format!("workspace {name} not found")))
        }
    }

    /// One page of a collection as `{"<wrapper>": [...], "next_page_token": ".."}`.
    pub fn list(&self, collection: &str, wrapper: &'static str, keep: impl Fn(&Resource) -> bool) -> Reply {
        let (size, after) = self.app.page_tokens.parse(collection, self.query, super::paging::DEFAULT_PAGE_SIZE)?;
        let (items, next) = self.store.page(collection, after, size, keep);
        let body = PageBody {
            wrapper,
            items: items.into_iter().map(Public).collect(),
            next_page_token: next.map(|seq| self.app.page_tokens.token(collection, seq)).unwrap_or_default(),
        };
        ok(&body)
    }

    /// The resource at `name` as the API shows it, or 404 naming it.
    pub fn get(&self, name: &str) -> Reply {
        match self.store.get(name) {
            Some(resource) => ok(&Public(resource)),
            None => Err(Status::not_found(format!("{name} not found"))),
        }
    }
}

/// A stored resource as the API shows it (a token without its secret).
pub struct Public<'a>(pub &'a Resource);

impl Serialize for Public<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Resource::Workspace(r) => r.serialize(s),
            Resource::Source(r) => r.serialize(s),
            Resource::Destination(r) => r.serialize(s),
            Resource::TrackingPlan(r) => r.serialize(s),
            Resource::Connection(r) => r.serialize(s),
            Resource::AccessToken(r) => r.record.serialize(s),
            Resource::Regulation(r) => r.serialize(s),
        }
    }
}

pub fn ok<T: Serialize>(body: &T) -> Reply {
    Ok(Json(body).into_response())
}

/// Delete answers `{}`.
pub fn deleted() -> Reply {
    ok(&serde_json::Map::new())
}

/// RFC 3339 UTC with milliseconds, as the service writes times.
pub fn now() -> String {
    format!("{:.3}", jiff::Timestamp::now())
}

pub fn random_id(len: usize) -> String {
    rand::rng().sample_iter(Alphanumeric).take(len).map(char::from).collect()
}

/// The emulator's slug rule (API.md, [D]).
pub fn valid_slug(slug: &str) -> bool {
    let bytes = slug.as_bytes();
    (1..=255).contains(&bytes.len())
        && (bytes[0].is_ascii_lowercase() || bytes[0].is_ascii_digit())
        && bytes.iter().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'_' || *b == b'-')
}

/// The slug a create body names under `collection`: a full name (`<collection>/<slug>`) or, leniently, the bare slug.
pub fn child_slug<'n>(name: &'n str, collection: &str, what: &str) -> Result<&'n str, Status> {
    if name.is_empty() {
        return Err(Status::invalid(format!("{what}.name is required, e.g. {collection}/my-{what}")));
    }
    let slug = match name.strip_prefix(collection).and_then(|rest| rest.strip_prefix('/')) {
        Some(slug) => slug,
        None if !name.contains('/') => name,
        None => return Err(Status::invalid(format!("{what}.name {name:?} must be under {collection}"))),
    };
    if !valid_slug(slug) {
        return Err(Status::invalid(format!(
            "invalid {what} slug {slug:?}: use lowercase letters, digits, '-' and '_' (at most 255), starting with a letter or digit"
        )));
    }
    Ok(slug)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        for good in ["a", "web-1", "0_x", &"a".repeat(255)] {
            assert!(valid_slug(good), "{good}");
        }
        for bad in ["", "-a", "_a", "A", "a b", "a/b", "a.b", "é", &"a".repeat(256)] {
            assert!(!valid_slug(bad), "{bad}");
        }
    }

    #[test]
    fn child_names() {
        let c = "workspaces/w/sources";
        assert_eq!(child_slug("workspaces/w/sources/web", c, "source").unwrap(), "web");
        assert_eq!(child_slug("web", c, "source").unwrap(), "web");
        assert!(child_slug("workspaces/x/sources/web", c, "source").is_err());
        assert!(child_slug("workspaces/w/sources/a/b", c, "source").is_err());
        assert!(child_slug("", c, "source").is_err());
    }

    #[test]
    fn times_have_milliseconds() {
        let t = now();
        assert_eq!(t.len(), "2018-08-08T13:24:02.651Z".len(), "{t}");
        assert!(t.ends_with('Z'));
    }
}
