//! The catalog, read by id: `getSourcesCatalog`, `getSourceMetadata`, `getDestinationsCatalog`,
//! `getDestinationMetadata` (200, keys `sourcesCatalog`, `destinationsCatalog`).

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;

#[cfg(test)]
use super::doc::{DestinationMetadataPath, Pagination, SourceMetadataPath};
use super::{Caller, Ids, Query, Reply, data, page, render};
use crate::emulator::App;
use crate::emulator::catalog::Catalog;
use crate::emulator::status::Status;
#[cfg(test)]
use crate::wire::public::Envelope;
use crate::wire::public::{DestinationMetadata, PaginationOutput, SourceMetadata, map};

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = SourcesCatalogPage))]
#[serde(rename_all = "camelCase")]
struct SourcesCatalog {
    sources_catalog: Vec<SourceMetadata>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = DestinationsCatalogPage))]
#[serde(rename_all = "camelCase")]
struct DestinationsCatalog {
    destinations_catalog: Vec<DestinationMetadata>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = SourceMetadataData))]
#[serde(rename_all = "camelCase")]
struct OneSource {
    source_metadata: SourceMetadata,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = DestinationMetadataData))]
#[serde(rename_all = "camelCase")]
struct OneDestination {
    destination_metadata: DestinationMetadata,
}

/// Get the sources catalog
#[cfg_attr(test, utoipa::path(get, path = "/catalog/sources", tag = "Catalog", params(Pagination),
    responses((status = 200, description = "a page of the catalog's sources", body = Envelope<SourcesCatalog>))))]
pub async fn get_sources_catalog(State(app): State<Arc<App>>, _: Caller, Query(query): Query) -> Reply {
    let all: Vec<SourceMetadata> =
        app.catalog.sources.iter().map(|s| map::catalog_source_to_public(s, &Catalog::source_id(s))).collect();
    let (sources_catalog, pagination) = page(&all, query.page()?);
    data(SourcesCatalog { sources_catalog, pagination })
}

/// Get a source's metadata
#[cfg_attr(test, utoipa::path(get, path = "/catalog/sources/{sourceMetadataId}", tag = "Catalog",
    params(SourceMetadataPath),
    responses(
        (status = 200, description = "the catalog source", body = Envelope<OneSource>),
        (status = 404, description = "no catalog source of this id"),
    )))]
pub async fn get_source_metadata(State(app): State<Arc<App>>, _: Caller, Ids(id): Ids<String>) -> Reply {
    let entry =
        app.catalog.source_by_id(&id).ok_or_else(|| Status::not_found(format!("source metadata {id} not found")))?;
    data(OneSource { source_metadata: map::catalog_source_to_public(entry, &id) })
}

/// Get the destinations catalog
#[cfg_attr(test, utoipa::path(get, path = "/catalog/destinations", tag = "Catalog", params(Pagination),
    responses(
        (status = 200, description = "a page of the catalog's destinations", body = Envelope<DestinationsCatalog>),
    )))]
pub async fn get_destinations_catalog(State(app): State<Arc<App>>, _: Caller, Query(query): Query) -> Reply {
    let all: Vec<DestinationMetadata> = app
        .catalog
        .destinations
        .iter()
        .map(|d| render::destination_metadata(&app, map::catalog_slug(&d.name)))
        .collect();
    let (destinations_catalog, pagination) = page(&all, query.page()?);
    data(DestinationsCatalog { destinations_catalog, pagination })
}

/// Get a destination's metadata
#[cfg_attr(test, utoipa::path(get, path = "/catalog/destinations/{destinationMetadataId}", tag = "Catalog",
    params(DestinationMetadataPath),
    responses(
        (status = 200, description = "the catalog destination", body = Envelope<OneDestination>),
        (status = 404, description = "no catalog destination of this id"),
    )))]
pub async fn get_destination_metadata(State(app): State<Arc<App>>, _: Caller, Ids(id): Ids<String>) -> Reply {
    let entry = app
        .catalog
        .destination_by_id(&id)
        .ok_or_else(|| Status::not_found(format!("destination metadata {id} not found")))?;
    data(OneDestination { destination_metadata: render::destination_metadata(&app, map::catalog_slug(&entry.name)) })
}
