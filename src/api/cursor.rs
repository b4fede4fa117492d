//! The page tokens one listing follows, so that every listing ends whatever the service answers: below the listings
//! of both APIs (`api::list`) and the Public API's own lookups (`api::public`), which share it.

use std::collections::HashSet;
use std::hash::BuildHasher;

use crate::error::{Error, Result};

/// The longest page token seg follows: as long as any input seg takes on its command line (64 KiB). A
/// service that sends a longer one is at fault (real ones are a few dozen characters).
pub const MAX_PAGE_TOKEN: usize = 64 * 1024;

/// The page tokens (the Config API's `next_page_token`, the Public API's cursors) one listing has followed, so that
/// it ends whatever the service answers: a token seen before in the listing (a service whose cursors cycle, A → B →
/// A) would list the same pages again without end, and one longer than [`MAX_PAGE_TOKEN`] is no cursor. Either is
/// the service's fault (exit 1), named in the error. Each token is kept as a 64-bit hash, so a listing of millions of
/// pages keeps a few bytes a page.
#[derive(Default)]
pub struct Followed {
    seen: HashSet<u64>,
    hasher: std::collections::hash_map::RandomState,
}

impl Followed {
    /// A listing that starts at `token` (`--page-token`): the service sending it again is a cycle too.
    pub fn from(token: Option<&str>) -> Followed {
        let mut followed = Followed::default();
        if let Some(token) = token.filter(|t| !t.is_empty()) {
            followed.seen.insert(followed.hasher.hash_one(token));
        }
        followed
    }

    /// A page's own token, where the service names it (the first page's too): a next token equal to it later is a
    /// cycle.
    pub fn reached(&mut self, token: &str) {
        if !token.is_empty() && token.len() <= MAX_PAGE_TOKEN {
            self.seen.insert(self.hasher.hash_one(token));
        }
    }

    /// Takes the next page's token, or refuses it.
    pub fn follow(&mut self, token: &str) -> Result<()> {
        if token.len() > MAX_PAGE_TOKEN {
            return Err(Error::failed(format!(
                "the service sent a page token of {}, longer than any seg follows ({} KiB); the listing stops here",
                crate::ui::count(token.len(), "byte"),
                MAX_PAGE_TOKEN >> 10
            )));
        }
        if !self.seen.insert(self.hasher.hash_one(token)) {
            return Err(Error::failed(format!(
                "the service sent page token {} a second time in one listing: following it would list the same pages \
                 without end; the listing stops here",
                crate::text::quoted(token)
            )));
        }
        Ok(())
    }
}
