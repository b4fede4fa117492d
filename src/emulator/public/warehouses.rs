//! Warehouses: `listWarehouses`, `createWarehouse` (201), `getWarehouse`, `updateWarehouse`, `deleteWarehouse` (with
//! the sources' connections to it), `createValidationInWarehouse`, `getConnectionStateFromWarehouse`, the
//! connections of sources (`listConnectedSourcesFromWarehouse`, `addConnectionFromSourceToWarehouse` 201,
//! `removeSourceConnectionFromWarehouse`, `listConnectedWarehousesFromSource`) and the warehouse catalog
//! (`getWarehousesCatalog`, `getWarehouseMetadata`). Settings are checked against the catalog entry's options and
//! shown with their secrets censored (`model::warehouses`).

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;

#[cfg(test)]
use super::doc::{Pagination, SourcePath, WarehouseMetadataPath, WarehousePath, WarehouseSourcePath};
use super::sources::named as source_named;
use super::{Body, Caller, Ids, Problem, Query, Reply, Write, created, data, page, page_of, render, success};
use crate::emulator::App;
use crate::emulator::catalog::warehouses as catalog;
use crate::emulator::model::warehouses::{NewWarehouse, WarehouseChanges};
use crate::emulator::model::{self, sources, warehouses};
use crate::emulator::status::Status;
use crate::emulator::store::{State as Store, StoredWarehouse};
use crate::wire::public::warehouses::{
    ConnectionState, CreateWarehouse, UpdateWarehouse, Warehouse, WarehouseMetadata, WarehouseValidation, Warehouses,
};
use crate::wire::public::{self, PaginationOutput};
#[cfg(test)]
use crate::wire::public::{Envelope, StatusOnly};

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = WarehouseData))]
struct One {
    warehouse: Warehouse,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = ConnectedSourcesPage))]
struct Sources {
    sources: Vec<public::Source>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = WarehousesCatalogPage))]
#[serde(rename_all = "camelCase")]
struct WarehousesCatalog {
    warehouses_catalog: Vec<WarehouseMetadata>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = WarehouseMetadataData))]
#[serde(rename_all = "camelCase")]
struct OneMetadata {
    warehouse_metadata: WarehouseMetadata,
}

/// `{"status": ..}` with the value an operation answers (`CONNECTED`, `FAILED`).
#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = WarehouseStatus))]
struct Standing {
    status: &'static str,
}

/// The warehouse's id, resolved in the caller's workspace: its name, or 404 (a profiles warehouse is not one).
pub fn named(state: &Store, workspace: &str, id: &str) -> Result<String, Problem> {
    Ok(warehouses::WAREHOUSE.named(state, workspace, id)?)
}

/// A catalog entry as answers show it; an entry the catalog no longer has shows its id alone.
pub fn metadata_of(id: &str) -> WarehouseMetadata {
    catalog::by_id(id).cloned().unwrap_or_else(|| WarehouseMetadata { id: id.to_string(), ..Default::default() })
}

/// A warehouse as answers show it.
fn render(state: &Store, name: &str, warehouse: &StoredWarehouse) -> Warehouse {
    let metadata = metadata_of(&warehouse.metadata_id);
    Warehouse {
        id: state.id_of(name).to_string(),
        name: warehouse.name.clone(),
        settings: warehouses::shown(&metadata, &warehouse.settings),
        metadata,
        workspace_id: state.id_of(workspace_of(name)).to_string(),
        enabled: warehouse.enabled,
    }
}

/// `workspaces/<ws>` of a name under it.
pub fn workspace_of(name: &str) -> &str {
    name.match_indices('/').nth(1).map_or(name, |(at, _)| &name[..at])
}

fn one(state: &Store, name: &str) -> Result<Warehouse, Problem> {
    Ok(render(state, name, warehouses::get(state, name)?))
}

/// List warehouses
///
/// The workspace's warehouses, a page at a time.
#[cfg_attr(test, utoipa::path(get, path = "/warehouses", tag = "Warehouses", params(Pagination),
    responses((status = 200, description = "a page of the workspace's warehouses", body = Envelope<Warehouses>))))]
pub async fn list_warehouses(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let page_asked = query.page()?;
    let state = app.store.read();
    let collection = warehouses::collection(&caller.workspace(&state)?);
    let (names, pagination) = page_of(state.size_of(&collection), page_asked, |start, count| {
        state.names_in(&collection).skip(start).take(count).map(String::from).collect::<Vec<_>>()
    });
    let warehouses = names.iter().map(|name| one(&state, name)).collect::<Result<_, _>>()?;
    data(Warehouses { warehouses, pagination })
}

/// Create a warehouse
///
/// A warehouse of a catalog entry (`metadataId`), its settings of the entry's options (every required one given,
/// each of its type); no `enabled` means enabled. Answered 201.
#[cfg_attr(test, utoipa::path(post, path = "/warehouses", tag = "Warehouses", request_body = CreateWarehouse,
    responses(
        (status = 201, description = "the new warehouse", body = Envelope<One>),
        (status = 422, description = "a field missing or of the wrong type, a `metadataId` not in the catalog, a \
                                      required option missing or an option of the wrong type (`settings.<option>`)"),
    )))]
pub async fn create_warehouse(State(app): State<Arc<App>>, write: Write, body: Body) -> Reply {
    let input: CreateWarehouse = body.json()?;
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let CreateWarehouse { metadata_id, name, enabled, settings } = input;
        let new = NewWarehouse { metadata_id, name, enabled, settings, schema_name: None };
        warehouses::create(&state, &warehouses::collection(&workspace), new)?
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    created(One { warehouse: one(&state, &name)? })
}

/// Get a warehouse
#[cfg_attr(test, utoipa::path(get, path = "/warehouses/{warehouseId}", tag = "Warehouses", params(WarehousePath),
    responses(
        (status = 200, description = "the warehouse", body = Envelope<One>),
        (status = 404, description = "no warehouse of this id in the token's workspace"),
    )))]
pub async fn get_warehouse(State(app): State<Arc<App>>, caller: Caller, Ids(id): Ids<String>) -> Reply {
    let state = app.store.read();
    let name = named(&state, &caller.workspace(&state)?, &id)?;
    data(One { warehouse: one(&state, &name)? })
}

/// Update a warehouse
///
/// Only the fields sent change; `settings` merge by top-level key (`null` removes one, a censored value keeps the
/// stored secret), each of its option's type; `name: null` clears the name.
#[cfg_attr(test, utoipa::path(patch, path = "/warehouses/{warehouseId}", tag = "Warehouses", params(WarehousePath),
    request_body = UpdateWarehouse,
    responses(
        (status = 200, description = "the warehouse as updated", body = Envelope<One>),
        (status = 404, description = "no warehouse of this id in the token's workspace"),
        (status = 422, description = "a field or an option of the wrong type"),
    )))]
pub async fn update_warehouse(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>, body: Body) -> Reply {
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let name = named(&state, &model::workspace_of(&state, tx.caller())?, &id)?;
        let input: UpdateWarehouse = body.json()?;
        let UpdateWarehouse { name: given, enabled, settings } = input;
        let changes = WarehouseChanges { name: given, enabled, settings, schema_name: None };
        (warehouses::update(&state, &name, changes)?, name)
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    data(One { warehouse: one(&state, &name)? })
}

/// Delete a warehouse
///
/// With the sources' connections to it.
#[cfg_attr(test, utoipa::path(delete, path = "/warehouses/{warehouseId}", tag = "Warehouses", params(WarehousePath),
    responses(
        (status = 200, description = "deleted", body = Envelope<StatusOnly>),
        (status = 404, description = "no warehouse of this id in the token's workspace"),
    )))]
pub async fn delete_warehouse(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>) -> Reply {
    let tx = write.begin(&app).await;
    let ops = {
        let state = tx.state();
        let name = named(&state, &model::workspace_of(&state, tx.caller())?, &id)?;
        warehouses::delete(&state, &name)?
    };
    tx.commit(ops).await?;
    success()
}

/// Create validation in a warehouse
///
/// Whether settings would connect a warehouse of this catalog entry: `CONNECTED` when every required option has a
/// value and each is of its type, `FAILED` otherwise. Nothing is stored.
#[cfg_attr(test, utoipa::path(post, path = "/warehouses/validation", tag = "Warehouses",
    request_body = WarehouseValidation,
    responses(
        (status = 200, description = "`CONNECTED` or `FAILED`", body = Envelope<Standing>),
        (status = 422, description = "a field missing or of the wrong type, a `metadataId` not in the catalog"),
    )))]
pub async fn create_validation_in_warehouse(_: State<Arc<App>>, _: Write, body: Body) -> Reply {
    let input: WarehouseValidation = body.json()?;
    let metadata = warehouses::metadata(&input.metadata_id)?;
    let status = match warehouses::check_settings(metadata, &input.settings, false) {
        Ok(()) => warehouses::connection_state(metadata, &input.settings),
        Err(_) => public::warehouses::FAILED,
    };
    data(Standing { status })
}

/// Get the connection state of a warehouse
///
/// `CONNECTED` when every required option of its catalog entry holds a value, `FAILED` otherwise: the same answer
/// for the same settings.
#[cfg_attr(test, utoipa::path(get, path = "/warehouses/{warehouseId}/connection-state", tag = "Warehouses",
    params(WarehousePath),
    responses(
        (status = 200, description = "the connection state", body = Envelope<ConnectionState>),
        (status = 404, description = "no warehouse of this id in the token's workspace"),
    )))]
pub async fn get_connection_state_from_warehouse(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
) -> Reply {
    let state = app.store.read();
    let name = named(&state, &caller.workspace(&state)?, &id)?;
    let warehouse = warehouses::get(&state, &name)?;
    let metadata = metadata_of(&warehouse.metadata_id);
    data(ConnectionState { connection_state: warehouses::connection_state(&metadata, &warehouse.settings).into() })
}

/// List connected sources from a warehouse
///
/// The sources connected to the warehouse, in the order of the workspace's sources, a page at a time.
#[cfg_attr(test, utoipa::path(get, path = "/warehouses/{warehouseId}/connected-sources", tag = "Warehouses",
    params(WarehousePath, Pagination),
    responses(
        (status = 200, description = "a page of the sources connected to the warehouse", body = Envelope<Sources>),
        (status = 404, description = "no warehouse of this id in the token's workspace"),
    )))]
pub async fn list_connected_sources_from_warehouse(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let page_asked = query.page()?;
    let state = app.store.read();
    let name = named(&state, &caller.workspace(&state)?, &id)?;
    let (names, pagination) = page(&warehouses::connected_sources(&state, &name), page_asked);
    let sources = names
        .iter()
        .map(|source| {
            let (source, more) = sources::get(&state, source)?;
            Ok(render::source(&app, &state, source, more))
        })
        .collect::<Result<_, Problem>>()?;
    data(Sources { sources, pagination })
}

/// Add a connection from a source to a warehouse
///
/// Answered 201 `CONNECTED`; a source connected already stays so and is answered alike.
#[cfg_attr(test, utoipa::path(post, path = "/warehouses/{warehouseId}/connected-sources/{sourceId}",
    tag = "Warehouses", params(WarehouseSourcePath),
    responses(
        (status = 201, description = "`CONNECTED`", body = Envelope<Standing>),
        (status = 404, description = "no warehouse or no source of this id in the token's workspace"),
    )))]
pub async fn add_connection_from_source_to_warehouse(
    State(app): State<Arc<App>>,
    write: Write,
    Ids((warehouse, source)): Ids<(String, String)>,
) -> Reply {
    let tx = write.begin(&app).await;
    let op = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let warehouse = named(&state, &workspace, &warehouse)?;
        let source = source_named(&state, &workspace, &source)?;
        warehouses::connect(&state, &source, &warehouse)
    };
    tx.commit(op.into_iter().collect()).await?;
    created(Standing { status: public::warehouses::CONNECTED })
}

/// Remove a source connection from a warehouse
///
/// 404 when the source is not connected to it.
#[cfg_attr(test, utoipa::path(delete, path = "/warehouses/{warehouseId}/connected-sources/{sourceId}",
    tag = "Warehouses", params(WarehouseSourcePath),
    responses(
        (status = 200, description = "disconnected", body = Envelope<StatusOnly>),
        (status = 404, description = "no warehouse or no source of this id in the token's workspace, or the source \
                                      is not connected to the warehouse"),
    )))]
pub async fn remove_source_connection_from_warehouse(
    State(app): State<Arc<App>>,
    write: Write,
    Ids((warehouse, source)): Ids<(String, String)>,
) -> Reply {
    let tx = write.begin(&app).await;
    let op = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let warehouse = named(&state, &workspace, &warehouse)?;
        let source = source_named(&state, &workspace, &source)?;
        warehouses::disconnect(&state, &source, &warehouse)?
    };
    tx.commit(vec![op]).await?;
    success()
}

/// List connected warehouses from a source
///
/// The warehouses the source is connected to, in the order they were connected, a page at a time.
#[cfg_attr(test, utoipa::path(get, path = "/sources/{sourceId}/connected-warehouses", tag = "Sources",
    params(SourcePath, Pagination),
    responses(
        (status = 200, description = "a page of the source's warehouses", body = Envelope<Warehouses>),
        (status = 404, description = "no source of this id in the token's workspace"),
    )))]
pub async fn list_connected_warehouses_from_source(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let page_asked = query.page()?;
    let state = app.store.read();
    let source = source_named(&state, &caller.workspace(&state)?, &id)?;
    let (names, pagination) = page(&warehouses::connected_warehouses(&state, &source), page_asked);
    let warehouses = names.iter().map(|name| one(&state, name)).collect::<Result<_, _>>()?;
    data(Warehouses { warehouses, pagination })
}

/// Get the warehouses catalog
#[cfg_attr(test, utoipa::path(get, path = "/catalog/warehouses", tag = "Catalog", params(Pagination),
    responses(
        (status = 200, description = "a page of the catalog's warehouses", body = Envelope<WarehousesCatalog>),
    )))]
pub async fn get_warehouses_catalog(_: State<Arc<App>>, _: Caller, Query(query): Query) -> Reply {
    let (warehouses_catalog, pagination) = page(catalog::all(), query.page()?);
    data(WarehousesCatalog { warehouses_catalog, pagination })
}

/// Get a warehouse's metadata
#[cfg_attr(test, utoipa::path(get, path = "/catalog/warehouses/{warehouseMetadataId}", tag = "Catalog",
    params(WarehouseMetadataPath),
    responses(
        (status = 200, description = "the catalog warehouse", body = Envelope<OneMetadata>),
        (status = 404, description = "no catalog warehouse of this id"),
    )))]
pub async fn get_warehouse_metadata(_: State<Arc<App>>, _: Caller, Ids(id): Ids<String>) -> Reply {
    let entry = catalog::by_id(&id).ok_or_else(|| Status::not_found(format!("warehouse metadata {id} not found")))?;
    data(OneMetadata { warehouse_metadata: entry.clone() })
}
