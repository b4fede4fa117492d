//! Destinations: `listDestinations` (every source's, in the sources' order), `listConnectedDestinationsFromSource`,
//! `getDestination`, `createDestination` (a further instance of a catalog entry where it allows several),
//! `updateDestination` (only the fields sent; settings merge by key, `null` removes one, a censored value keeps the
//! secret) and `deleteDestination`.

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;

#[cfg(test)]
use super::doc::{DestinationPath, Pagination, SourcePath};
use super::{
    Body, Caller, Ids, Problem, Query, Reply, Write, data, page, render, sources::named as source_named, success,
};
use crate::emulator::App;
use crate::emulator::model::{self, destinations, sources};
use crate::emulator::status::Status;
use crate::emulator::store::State as Store;
use crate::wire::public::{self, PaginationOutput, map};
#[cfg(test)]
use crate::wire::public::{CreateDestination, Envelope, StatusOnly, UpdateDestination};

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = DestinationsPage))]
struct Destinations {
    destinations: Vec<public::Destination>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = DestinationData))]
struct One {
    destination: public::Destination,
}

/// The destination's id, resolved in the caller's workspace: its key, or 404.
pub fn named(state: &Store, workspace: &str, id: &str) -> Result<String, Problem> {
    Ok(destinations::DESTINATION.named(state, workspace, id)?)
}

fn one(app: &App, state: &Store, name: &str) -> Result<public::Destination, Problem> {
    let (destination, more) = destinations::get(state, name)?;
    Ok(render::destination(app, state, destination, more))
}

fn of_source<'s>(state: &'s Store, source: &str) -> Vec<&'s str> {
    state.names_in(&format!("{source}/destinations")).collect()
}

/// List destinations
///
/// Every source's destinations, in the sources' order, a page at a time.
#[cfg_attr(test, utoipa::path(get, path = "/destinations", tag = "Destinations", params(Pagination),
    responses((status = 200, description = "a page of the workspace's destinations", body = Envelope<Destinations>))))]
pub async fn list_destinations(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let asked = query.page()?;
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    let names: Vec<&str> =
        state.names_in(&sources::collection(&workspace)).flat_map(|source| of_source(&state, source)).collect();
    let (names, pagination) = page(&names, asked);
    let destinations = names.iter().map(|name| one(&app, &state, name)).collect::<Result<_, _>>()?;
    data(Destinations { destinations, pagination })
}

/// List connected destinations from a source
#[cfg_attr(test, utoipa::path(get, path = "/sources/{sourceId}/connected-destinations", tag = "Sources",
    params(SourcePath, Pagination),
    responses(
        (status = 200, description = "a page of the source's destinations", body = Envelope<Destinations>),
        (status = 404, description = "no source of this id in the token's workspace"),
    )))]
pub async fn list_connected_destinations_from_source(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let asked = query.page()?;
    let state = app.store.read();
    let source = source_named(&state, &caller.workspace(&state)?, &id)?;
    let names = of_source(&state, &source);
    let (names, pagination) = page(&names, asked);
    let destinations = names.iter().map(|name| one(&app, &state, name)).collect::<Result<_, _>>()?;
    data(Destinations { destinations, pagination })
}

/// Get a destination
///
/// Its settings as stored, over the catalog's defaults, secrets censored.
#[cfg_attr(test, utoipa::path(get, path = "/destinations/{destinationId}", tag = "Destinations",
    params(DestinationPath),
    responses(
        (status = 200, description = "the destination", body = Envelope<One>),
        (status = 404, description = "no destination of this id in the token's workspace"),
    )))]
pub async fn get_destination(State(app): State<Arc<App>>, caller: Caller, Ids(id): Ids<String>) -> Reply {
    let state = app.store.read();
    let name = named(&state, &caller.workspace(&state)?, &id)?;
    data(One { destination: one(&app, &state, &name)? })
}

/// Create a destination
///
/// A destination of a catalog entry (`metadataId`) on a source (`sourceId`); `enabled` is `true` when not sent. A
/// second destination of one entry on one source is refused unless the entry allows several
/// (`supportedFeatures.cloudModeInstances: MULTIPLE`, as the built-in `webhooks` does).
#[cfg_attr(test, utoipa::path(post, path = "/destinations", tag = "Destinations", request_body = CreateDestination,
    responses(
        (status = 200, description = "the new destination", body = Envelope<One>),
        (status = 400, description = "invalid JSON, or the source has a destination of this single-instance entry"),
        (status = 422, description = "a field missing or of the wrong type, a `sourceId` not in the workspace, a \
                                      `metadataId` not in the catalog, a setting the entry lacks or a bad value"),
    )))]
pub async fn create_destination(State(app): State<Arc<App>>, write: Write, body: Body) -> Reply {
    let input: public::CreateDestination = body.json()?;
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let source = source_named(&state, &workspace, &input.source_id)
            .map_err(|_| Status::invalid_field("sourceId", format!("unknown sourceId {:?}", input.source_id)))?;
        let catalog = app.catalog.destination_by_id(&input.metadata_id).ok_or_else(|| {
            Status::invalid_field("metadataId", format!("unknown metadataId {:?}", input.metadata_id))
        })?;
        let slug = map::catalog_slug(&catalog.name).to_string();
        let (items, _) = destinations::items_of_settings(&input.settings);
        let new = destinations::NewDestination {
            slug,
            // The service's create example leaves it out and gets an enabled destination.
            enabled: input.enabled.unwrap_or(true),
            config: items,
            connection_mode: None,
            name: input.name,
        };
        let (op, destination) =
            destinations::create(&app, &state, &source, new, destinations::Instances::AsCatalogAllows)?;
        (op, destination.name)
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    data(One { destination: one(&app, &state, &name)? })
}

/// Update a destination
///
/// Only the fields sent change; `settings` merge by top-level key (`null` removes one; a censored value keeps the
/// stored secret); `name: null` clears the name.
#[cfg_attr(test, utoipa::path(patch, path = "/destinations/{destinationId}", tag = "Destinations",
    params(DestinationPath), request_body = UpdateDestination,
    responses(
        (status = 200, description = "the destination as updated", body = Envelope<One>),
        (status = 404, description = "no destination of this id in the token's workspace"),
        (status = 422, description = "a value of the wrong type, a setting the entry lacks or a bad value"),
    )))]
pub async fn update_destination(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>, body: Body) -> Reply {
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let name = named(&state, &model::workspace_of(&state, tx.caller())?, &id)?;
        let input: public::UpdateDestination = body.json()?;
        let (current, more) = destinations::get(&state, &name)?;
        let (mut new, mut more) = (current.clone(), more.clone());
        if let Some(enabled) = input.enabled {
            new.enabled = enabled;
        }
        if let Some(given) = input.name {
            more.name = given;
        }
        let (items, removed) = match &input.settings {
            Some(settings) => {
                let (items, removed) = destinations::items_of_settings(settings);
                (Some(items), removed)
            }
            None => (None, Vec::new()),
        };
        (destinations::update(&app, &state, &name, new, items, &removed, more)?, name)
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    data(One { destination: one(&app, &state, &name)? })
}

/// Delete a destination
///
/// With its filters.
#[cfg_attr(test, utoipa::path(delete, path = "/destinations/{destinationId}", tag = "Destinations",
    params(DestinationPath),
    responses(
        (status = 200, description = "deleted", body = Envelope<StatusOnly>),
        (status = 404, description = "no destination of this id in the token's workspace"),
    )))]
pub async fn delete_destination(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>) -> Reply {
    let tx = write.begin(&app).await;
    let op = {
        let state = tx.state();
        let name = named(&state, &model::workspace_of(&state, tx.caller())?, &id)?;
        destinations::delete(&state, &name)?
    };
    tx.commit(vec![op]).await?;
    success()
}
