//! List paging: follows `next_page_token` one page at a time, so a caller can print each page as it arrives and
//! memory does not grow with the collection. `limit` stops after N items and never asks for a page (or a page size)
//! beyond what N needs; the token to resume from is always known.

use serde_json::Value;

use super::client::{Client, Reply, Request};
use crate::error::{Error, Result};
use crate::wire::wrapper::NEXT_PAGE_TOKEN;

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

/// One page: its items, or the request that `--dry-run` did not send.
#[derive(Debug)]
pub enum Page {
    Items(Vec<Value>),
    DryRun(Value),
}

pub struct Pager<'c> {
    client: &'c Client,
    request: Request,
    /// The array key of the page (`sources`); found from the page when `None`.
    wrapper: Option<String>,
    options: ListOptions,
    /// The token of the next page; `None` before the first page, `Some("")` when there is no next page.
    next: Option<String>,
    fetched: usize,
    done: bool,
}

impl<'c> Pager<'c> {
    pub fn new(client: &'c Client, request: Request, wrapper: Option<&str>, options: ListOptions) -> Self {
        let next = options.page_token.clone();
        Pager { client, request, wrapper: wrapper.map(String::from), options, next, fetched: 0, done: false }
    }

    /// The token to resume from: the next page's, while there is one.
    pub fn resume_token(&self) -> Option<&str> {
        self.next.as_deref().filter(|t| !t.is_empty())
    }

    /// The next page, or `None` when the listing is complete.
    pub async fn next_page(&mut self) -> Result<Option<Page>> {
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
        let body = match self.client.send(&request).await? {
            Reply::DryRun(description) => {
                self.done = true;
                return Ok(Some(Page::DryRun(description)));
            }
            Reply::Body(body) => body,
        };
        let Value::Object(mut body) = body else {
            return Err(Error::failed("the service answered a list call with something other than a JSON object"));
        };
        let next = match body.remove(NEXT_PAGE_TOKEN) {
            Some(Value::String(token)) => token,
            None | Some(Value::Null) => String::new(),
            Some(other) => return Err(Error::failed(format!("next_page_token is not a string: {other}"))),
        };
        let wrapper = match &self.wrapper {
            Some(key) => key.clone(),
            None => body.iter().find(|(_, v)| v.is_array()).map(|(k, _)| k.clone()).unwrap_or_default(),
        };
        let mut items = match body.remove(&wrapper) {
            Some(Value::Array(items)) => items,
            None | Some(Value::Null) => Vec::new(),
            Some(_) => return Err(Error::failed(format!("the page's {wrapper:?} is not an array"))),
        };
        if let Some(limit) = self.options.limit {
            items.truncate(limit.saturating_sub(self.fetched));
        }
        self.fetched += items.len();
        self.done = next.is_empty()
            || self.options.single_page
            || self.options.limit.is_some_and(|limit| self.fetched >= limit);
        self.next = Some(next);
        Ok(Some(Page::Items(items)))
    }
}
