//! The catalog, read by id: `getSourcesCatalog`, `getSourceMetadata`, `getDestinationsCatalog`,
//! `getDestinationMetadata` (200, keys `sourcesCatalog`, `destinationsCatalog`).

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;

use super::{Caller, Ids, Query, Reply, data, page, render};
use crate::emulator::App;
use crate::emulator::catalog::Catalog;
use crate::emulator::status::Status;
use crate::wire::public::{DestinationMetadata, PaginationOutput, SourceMetadata, map};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SourcesCatalog {
    sources_catalog: Vec<SourceMetadata>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DestinationsCatalog {
    destinations_catalog: Vec<DestinationMetadata>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OneSource {
    source_metadata: SourceMetadata,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OneDestination {
    destination_metadata: DestinationMetadata,
}

pub async fn list_catalog_sources(State(app): State<Arc<App>>, _: Caller, Query(query): Query) -> Reply {
    let all: Vec<SourceMetadata> =
        app.catalog.sources.iter().map(|s| map::catalog_source_to_public(s, &Catalog::source_id(s))).collect();
    let (sources_catalog, pagination) = page(&all, query.page()?);
    data(SourcesCatalog { sources_catalog, pagination })
}

pub async fn get_catalog_source(State(app): State<Arc<App>>, _: Caller, Ids(id): Ids<String>) -> Reply {
    let entry =
        app.catalog.source_by_id(&id).ok_or_else(|| Status::not_found(format!("source metadata {id} not found")))?;
    data(OneSource { source_metadata: map::catalog_source_to_public(entry, &id) })
}

pub async fn list_catalog_destinations(State(app): State<Arc<App>>, _: Caller, Query(query): Query) -> Reply {
    let all: Vec<DestinationMetadata> = app
        .catalog
        .destinations
        .iter()
        .map(|d| render::destination_metadata(&app, map::catalog_slug(&d.name)))
        .collect();
    let (destinations_catalog, pagination) = page(&all, query.page()?);
    data(DestinationsCatalog { destinations_catalog, pagination })
}

pub async fn get_catalog_destination(State(app): State<Arc<App>>, _: Caller, Ids(id): Ids<String>) -> Reply {
    let entry = app
        .catalog
        .destination_by_id(&id)
        .ok_or_else(|| Status::not_found(format!("destination metadata {id} not found")))?;
    data(OneDestination { destination_metadata: render::destination_metadata(&app, map::catalog_slug(&entry.name)) })
}
