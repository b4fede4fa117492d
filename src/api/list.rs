//! List paging: follows `next_page_token` one page at a time, so a caller can print each page as it arrives and
//! memory does not grow with the collection. `limit` stops after N items and never asks for a page (or a page size)
//! beyond what N needs; the token to resume from is always known. Lists are reads, so they happen under
//! `--dry-run` too. Every listing ends: a page token the service sent before in the same listing, or one longer
//! than any seg would send, stops it (`api::cursor::Followed`).

use super::client::{Client, Outcome};
use super::cursor::Followed;
use crate::error::{Error, Result};
use crate::wire::{Page, Request, Resource};

/// Items asked for per page unless `--page-size` says otherwise.
pub const DEFAULT_PAGE_SIZE: u32 = 100;

#[derive(Debug, Clone, Default)]
pub struct ListOptions {
    pub page_size: Option<u32>,
    /// Stop after this many items.
    pub limit: Option<usize>,
    /// Start from this page token.
    pub page_token: Option<String>,
    /// Fetch only one page.
    pub single_page: bool,
}

/// One listing of one collection, page by page.
pub struct Listing<'c, T: Resource> {
    client: &'c Client,
    request: Request<Page<T>>,
    options: ListOptions,
    /// The token of the next page; `None` before the first page, `Some("")` when there is no next page.
    next: Option<String>,
    fetched: usize,
    done: bool,
    followed: Followed,
    /// Why the listing cannot go on past the page it returned last (said at the next call).
    stopped: Option<Error>,
}

impl<'c, T: Resource> Listing<'c, T> {
    /// A `page_size` or `page_token` the request already carries (`seg api -f page_size=5 --paginate`) is the
    /// caller's choice: it wins over the options' and is not sent twice.
    pub fn new(client: &'c Client, mut request: Request<Page<T>>, mut options: ListOptions) -> Self {
        if let Some(at) = request.query.iter().position(|(k, v)| k == "page_size" && v.trim().parse::<u32>().is_ok()) {
            options.page_size = request.query.remove(at).1.trim().parse().ok();
        }
        if let Some(at) = request.query.iter().position(|(k, _)| k == "page_token") {
            options.page_token = Some(request.query.remove(at).1);
        }
        let next = options.page_token.clone();
        let followed = Followed::from(next.as_deref());
        Listing { client, request, options, next, fetched: 0, done: false, followed, stopped: None }
    }

    /// The token to resume from: the next page's, while there is one.
    pub fn resume_token(&self) -> Option<&str> {
        self.next.as_deref().filter(|t| !t.is_empty())
    }

    /// The token to resume from after `error` stopped the listing, when resuming there can work: not after the
    /// service refused the request as such (a 400 rejects the page token itself, a 404 the collection).
    pub fn resume_after(&self, error: &Error) -> Option<&str> {
        match error {
            Error::Api(api) if matches!(api.status, 400 | 404 | 422) => None,
            Error::Usage(_) => None,
            _ => self.resume_token(),
        }
    }

    /// The next page's items, or `None` when the listing is complete.
    pub async fn next_page(&mut self) -> Result<Option<Vec<T>>> {
        if let Some(error) = self.stopped.take() {
            self.done = true;
            return Err(error);
        }
        if self.done {
            return Ok(None);
        }
        let mut size = self.options.page_size.unwrap_or(DEFAULT_PAGE_SIZE);
        if let Some(limit) = self.options.limit {
            let remaining = limit.saturating_sub(self.fetched);
            if remaining == 0 {
                self.done = true;
                return Ok(None);
            }
            size = size.min(u32::try_from(remaining).unwrap_or(u32::MAX));
        }
        let mut request = self.request.clone().query("page_size", size.to_string());
        if let Some(token) = self.resume_token() {
            request = request.query("page_token", token);
        }
        // Whenever this page has a next one, it will be asked for with the same size: this page is not the only
        // one asked for, and the limit is further than this page and the next.
        let beyond = |limit: usize| limit.saturating_sub(self.fetched) >= 2 * size as usize;
        if !self.options.single_page && self.options.limit.is_none_or(beyond) {
            request = request.reading_ahead();
        }
        let Outcome::Answer(page) = self.client.send(&request).await? else {
            return Err(Error::failed("a list request was not sent"));
        };
        let mut items = page.items;
        if let Some(limit) = self.options.limit {
            items.truncate(limit.saturating_sub(self.fetched));
        }
        self.fetched += items.len();
        self.followed.reached(&page.this_page_token);
        self.done = page.next_page_token.is_empty()
            || self.options.single_page
            || self.options.limit.is_some_and(|limit| self.fetched >= limit);
        if !self.done
            && let Err(error) = self.followed.follow(&page.next_page_token)
        {
            // This page's items are new; the listing stops before the token, from which nothing can resume.
            self.stopped = Some(error);
            self.next = None;
            return Ok(Some(items));
        }
        self.next = Some(page.next_page_token);
        Ok(Some(items))
    }
}

/// Every item of a collection, for commands that need them all before they can start (small collections).
pub async fn collect<T: Resource>(client: &Client, request: Request<Page<T>>) -> Result<Vec<T>> {
    let mut listing = Listing::new(client, request, ListOptions::default());
    let mut all = Vec::new();
    while let Some(items) = listing.next_page().await? {
        all.extend(items);
    }
    Ok(all)
}
