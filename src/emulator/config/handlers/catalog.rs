//! The catalog: read only, not workspace-scoped, 100 items a page by default.

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;

use super::{CatalogDestinationPath, CatalogSourcePath, Path, Reply, ok};
use crate::emulator::App;
use crate::emulator::catalog::{DESTINATIONS, SOURCES};
#[cfg(test)]
use crate::emulator::config::doc::{CatalogDestinationPage, CatalogSourcePage};
use crate::emulator::config::paging::{CATALOG_PAGE_SIZE, PageBody, PageQuery, Paging};
use crate::emulator::gate::Caller;
use crate::emulator::status::Status;
use crate::wire::wrapper;
#[cfg(test)]
use crate::wire::{CatalogDestination, CatalogSource};

fn page<T: Serialize>(app: &App, query: &PageQuery, collection: &str, wrapper: &'static str, all: &[T]) -> Reply {
    let (size, after) = app.page_tokens.parse(collection, query, CATALOG_PAGE_SIZE)?;
    let start = usize::try_from(after).unwrap_or(usize::MAX).min(all.len());
    let end = start.saturating_add(size).min(all.len());
    let next = if end < all.len() { app.page_tokens.token(collection, end as u64) } else { String::new() };
    ok(&PageBody { wrapper, items: all[start..end].iter().collect(), next_page_token: next })
}

/// List catalog sources
///
/// 100 a page.
#[cfg_attr(test, utoipa::path(get, path = "/catalog/sources", tag = "catalog", params(PageQuery),
    responses((status = 200, description = "a page of catalog sources", body = CatalogSourcePage))))]
pub async fn list_catalog_sources(State(app): State<Arc<App>>, _: Caller, Paging(query): Paging) -> Reply {
    page(&app, &query, SOURCES, wrapper::SOURCES, &app.catalog.sources)
}

/// Get a catalog source
#[cfg_attr(test, utoipa::path(get, path = "/catalog/sources/{catalog_source}", tag = "catalog", params(CatalogSourcePath),
    responses(
        (status = 200, description = "the catalog source", body = CatalogSource),
        (status = 404, description = "not in the catalog"),
    )))]
pub async fn get_catalog_source(State(app): State<Arc<App>>, _: Caller, Path(p): Path<CatalogSourcePath>) -> Reply {
    let name = format!("{SOURCES}/{}", p.catalog_source);
    app.catalog.source(&name).map_or_else(|| Err(Status::not_found(format!("{name} not found"))), ok)
}

/// List catalog destinations
///
/// 100 a page.
#[cfg_attr(test, utoipa::path(get, path = "/catalog/destinations", tag = "catalog", params(PageQuery),
    responses((status = 200, description = "a page of catalog destinations", body = CatalogDestinationPage))))]
pub async fn list_catalog_destinations(State(app): State<Arc<App>>, _: Caller, Paging(query): Paging) -> Reply {
    page(&app, &query, DESTINATIONS, wrapper::DESTINATIONS, &app.catalog.destinations)
}

/// Get a catalog destination
#[cfg_attr(test, utoipa::path(get, path = "/catalog/destinations/{catalog_destination}", tag = "catalog",
    params(CatalogDestinationPath),
    responses(
        (status = 200, description = "the catalog destination", body = CatalogDestination),
        (status = 404, description = "not in the catalog"),
    )))]
pub async fn get_catalog_destination(
    State(app): State<Arc<App>>,
    _: Caller,
    Path(p): Path<CatalogDestinationPath>,
) -> Reply {
    let name = format!("{DESTINATIONS}/{}", p.catalog_destination);
    app.catalog
        .destination(&p.catalog_destination)
        .map_or_else(|| Err(Status::not_found(format!("{name} not found"))), ok)
}
