//! The catalog: read only, not workspace-scoped, 100 items a page by default.

use serde::Serialize;

use super::{Ctx, Reply, ok};
use crate::emulator::catalog::{DESTINATIONS, SOURCES};
use crate::emulator::paging::{CATALOG_PAGE_SIZE, PageBody};
use crate::emulator::status::Status;
use crate::wire::wrapper;

fn page<T: Serialize>(ctx: &Ctx, collection: &str, wrapper: &'static str, all: &[T]) -> Reply {
    let (size, after) = ctx.app.page_tokens.parse(collection, ctx.query, CATALOG_PAGE_SIZE)?;
    let start = usize::try_from(after).unwrap_or(usize::MAX).min(all.len());
    let end = start.saturating_add(size).min(all.len());
    let next = if end < all.len() { ctx.app.page_tokens.token(collection, end as u64) } else { String::new() };
    ok(&PageBody { wrapper, items: all[start..end].iter().collect(), next_page_token: next })
}

pub fn list_sources(ctx: &mut Ctx) -> Reply {
    page(ctx, SOURCES, wrapper::SOURCES, &ctx.app.catalog.sources)
}

pub fn list_destinations(ctx: &mut Ctx) -> Reply {
    page(ctx, DESTINATIONS, wrapper::DESTINATIONS, &ctx.app.catalog.destinations)
}

pub fn get_source(ctx: &mut Ctx, slug: &str) -> Reply {
    let name = format!("{SOURCES}/{slug}");
    ctx.app.catalog.source(&name).map_or_else(|| Err(Status::not_found(format!("{name} not found"))), ok)
}

pub fn get_destination(ctx: &mut Ctx, slug: &str) -> Reply {
    let name = format!("{DESTINATIONS}/{slug}");
    ctx.app.catalog.destination(slug).map_or_else(|| Err(Status::not_found(format!("{name} not found"))), ok)
}
