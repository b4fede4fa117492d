//! Spaces and their profiles warehouses. The emulator has no Engage spaces of its own: each workspace has one space,
//! `spa_` and the workspace's id, named and slugged as the workspace (`listSpaces`, `getSpace`); any other space id
//! is 404. Its profiles warehouses (`createProfilesWarehouse` 201, `listProfilesWarehouseInSpace`,
//! `updateProfilesWarehouseForSpaceWarehouse`, `removeProfilesWarehouseFromSpace`) are warehouses of the warehouse
//! catalog with a `schemaName`, their settings checked and censored as a warehouse's (`model::warehouses`).

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;

#[cfg(test)]
use super::doc::{Pagination, SpacePath, SpaceWarehousePath};
use super::warehouses::{metadata_of, workspace_of};
use super::{Body, Caller, Ids, Problem, Query, Reply, Write, created, data, page, page_of, render, success};
use crate::emulator::App;
use crate::emulator::model::warehouses::{NewWarehouse, WarehouseChanges};
use crate::emulator::model::{self, warehouses};
use crate::emulator::status::Status;
use crate::emulator::store::{Resource, State as Store};
use crate::wire::public::PaginationOutput;
use crate::wire::public::warehouses::{CreateProfilesWarehouse, ProfilesWarehouse, Space, UpdateProfilesWarehouse};
#[cfg(test)]
use crate::wire::public::{Envelope, StatusOnly};

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = SpacesPage))]
struct Spaces {
    spaces: Vec<Space>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = SpaceData))]
struct OneSpace {
    space: Space,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = ProfilesWarehousesPage))]
#[serde(rename_all = "camelCase")]
struct ProfilesWarehouses {
    profiles_warehouses: Vec<ProfilesWarehouse>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = ProfilesWarehouseData))]
#[serde(rename_all = "camelCase")]
struct One {
    profiles_warehouse: ProfilesWarehouse,
}

/// The workspace's one space.
fn space(state: &Store, workspace: &str) -> Space {
    let (slug, name) = match state.get(workspace) {
        Some(Resource::Workspace(w)) => {
            let shown = render::workspace(state, w);
            (shown.slug, shown.name)
        }
        _ => (workspace.rsplit('/').next().unwrap_or_default().to_string(), String::new()),
    };
    Space { id: warehouses::space_id(state, workspace), slug, name }
}

/// The caller's workspace when `space` is its space's id; 404 otherwise.
fn in_space(state: &Store, caller: &crate::emulator::gate::Caller, space: &str) -> Result<String, Problem> {
    let workspace = model::workspace_of(state, caller)?;
    if warehouses::space_id(state, &workspace) != space {
        return Err(Status::not_found(format!("space {space} not found")).into());
    }
    Ok(workspace)
}

fn one(state: &Store, name: &str) -> Result<ProfilesWarehouse, Problem> {
    let warehouse = warehouses::get(state, name)?;
    let metadata = metadata_of(&warehouse.metadata_id);
    let workspace = workspace_of(name);
    Ok(ProfilesWarehouse {
        id: state.id_of(name).to_string(),
        space_id: warehouses::space_id(state, workspace),
        settings: warehouses::shown(&metadata, &warehouse.settings),
        metadata,
        workspace_id: state.id_of(workspace).to_string(),
        enabled: warehouse.enabled,
        schema_name: warehouse.schema_name.clone(),
    })
}

/// List spaces
///
/// The workspace's one space.
#[cfg_attr(test, utoipa::path(get, path = "/spaces", tag = "Spaces", params(Pagination),
    responses((status = 200, description = "the workspace's space", body = Envelope<Spaces>))))]
pub async fn list_spaces(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let page_asked = query.page()?;
    let state = app.store.read();
    let spaces = [space(&state, &caller.workspace(&state)?)];
    let (spaces, pagination) = page(&spaces, page_asked);
    data(Spaces { spaces, pagination })
}

/// Get a space
#[cfg_attr(test, utoipa::path(get, path = "/spaces/{spaceId}", tag = "Spaces", params(SpacePath),
    responses(
        (status = 200, description = "the space", body = Envelope<OneSpace>),
        (status = 404, description = "not the token's workspace's space"),
    )))]
pub async fn get_space(State(app): State<Arc<App>>, caller: Caller, Ids(id): Ids<String>) -> Reply {
    let state = app.store.read();
    let workspace = in_space(&state, &caller.caller, &id)?;
    data(OneSpace { space: space(&state, &workspace) })
}

/// List profiles warehouses in a space
#[cfg_attr(test, utoipa::path(get, path = "/spaces/{spaceId}/profiles-warehouses", tag = "Profiles Sync",
    params(SpacePath, Pagination),
    responses(
        (status = 200, description = "a page of the space's profiles warehouses",
            body = Envelope<ProfilesWarehouses>),
        (status = 404, description = "not the token's workspace's space"),
    )))]
pub async fn list_profiles_warehouse_in_space(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let page_asked = query.page()?;
    let state = app.store.read();
    let collection = warehouses::profiles_collection(&in_space(&state, &caller.caller, &id)?);
    let (names, pagination) = page_of(state.size_of(&collection), page_asked, |start, count| {
        state.names_in(&collection).skip(start).take(count).map(String::from).collect::<Vec<_>>()
    });
    let profiles_warehouses = names.iter().map(|name| one(&state, name)).collect::<Result<_, _>>()?;
    data(ProfilesWarehouses { profiles_warehouses, pagination })
}

/// Create a profiles warehouse
///
/// A warehouse of the warehouse catalog for the space's profiles, its settings of the entry's options (every
/// required one given); no `enabled` means enabled. Answered 201.
#[cfg_attr(test, utoipa::path(post, path = "/spaces/{spaceId}/profiles-warehouses", tag = "Profiles Sync",
    params(SpacePath), request_body = CreateProfilesWarehouse,
    responses(
        (status = 201, description = "the new profiles warehouse", body = Envelope<One>),
        (status = 404, description = "not the token's workspace's space"),
        (status = 422, description = "a field missing or of the wrong type, a `metadataId` not in the catalog, a \
                                      required option missing or an option of the wrong type"),
    )))]
pub async fn create_profiles_warehouse(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    body: Body,
) -> Reply {
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let workspace = in_space(&state, tx.caller(), &id)?;
        let input: CreateProfilesWarehouse = body.json()?;
        let CreateProfilesWarehouse { metadata_id, name, enabled, settings, schema_name } = input;
        let new = NewWarehouse { metadata_id, name, enabled, settings, schema_name };
        warehouses::create(&state, &warehouses::profiles_collection(&workspace), new)?
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    created(One { profiles_warehouse: one(&state, &name)? })
}

/// Update a profiles warehouse
///
/// Only the fields sent change; `settings` merge by top-level key (`null` removes one, a censored value keeps the
/// stored secret).
#[cfg_attr(test, utoipa::path(patch, path = "/spaces/{spaceId}/profiles-warehouses/{warehouseId}",
    tag = "Profiles Sync", params(SpaceWarehousePath), request_body = UpdateProfilesWarehouse,
    responses(
        (status = 200, description = "the profiles warehouse as updated", body = Envelope<One>),
        (status = 404, description = "not the token's workspace's space, or no profiles warehouse of this id in it"),
        (status = 422, description = "a field or an option of the wrong type"),
    )))]
pub async fn update_profiles_warehouse_for_space_warehouse(
    State(app): State<Arc<App>>,
    write: Write,
    Ids((space, id)): Ids<(String, String)>,
    body: Body,
) -> Reply {
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let workspace = in_space(&state, tx.caller(), &space)?;
        let name = warehouses::PROFILES_WAREHOUSE.named(&state, &workspace, &id)?;
        let input: UpdateProfilesWarehouse = body.json()?;
        let UpdateProfilesWarehouse { name: given, enabled, settings, schema_name } = input;
        let changes = WarehouseChanges { name: given.map(Some), enabled, settings, schema_name };
        (warehouses::update(&state, &name, changes)?, name)
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    data(One { profiles_warehouse: one(&state, &name)? })
}

/// Remove a profiles warehouse from a space
#[cfg_attr(test, utoipa::path(delete, path = "/spaces/{spaceId}/profiles-warehouses/{warehouseId}",
    tag = "Profiles Sync", params(SpaceWarehousePath),
    responses(
        (status = 200, description = "removed", body = Envelope<StatusOnly>),
        (status = 404, description = "not the token's workspace's space, or no profiles warehouse of this id in it"),
    )))]
pub async fn remove_profiles_warehouse_from_space(
    State(app): State<Arc<App>>,
    write: Write,
    Ids((space, id)): Ids<(String, String)>,
) -> Reply {
    let tx = write.begin(&app).await;
    let ops = {
        let state = tx.state();
        let workspace = in_space(&state, tx.caller(), &space)?;
        let name = warehouses::PROFILES_WAREHOUSE.named(&state, &workspace, &id)?;
        warehouses::delete(&state, &name)?
    };
    tx.commit(ops).await?;
    success()
}
