//! Destination filters under `/destination/{id}/filters` (the singular is the service's): list, get, create (its
//! `sourceId` must be the destination's source), update (only the fields sent) and remove. Actions are the Public
//! API's (`DROP`, `SAMPLE`, `ALLOW_PROPERTIES`, `DROP_PROPERTIES`), stored in the Config API's shape.

use std::sync::Arc;

use axum::extract::State;
use serde::{Deserialize, Serialize};

use super::destinations::named as destination_named;
#[cfg(test)]
use super::doc::{DestinationPath, FilterPath, Pagination};
use super::{Body, Caller, Ids, Problem, Query, Reply, Write, data, page, render, success};
use crate::emulator::App;
use crate::emulator::model::{self, filters};
use crate::emulator::status::Status;
use crate::emulator::store::State as Store;
use crate::wire::DestinationFilter;
use crate::wire::filter::FILTER_ID_PREFIX;
use crate::wire::public::{self, FilterAction, PaginationOutput, action, map};
#[cfg(test)]
use crate::wire::public::{CreateFilter, Envelope, StatusOnly, UpdateFilter};

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = FiltersPage))]
struct Filters {
    filters: Vec<public::Filter>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = FilterData))]
struct One {
    filter: public::Filter,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FilterIds {
    destination_id: String,
    filter_id: String,
}

/// The key of a filter of this destination: 404 for a filter of another one.
fn named(state: &Store, destination: &str, id: &str) -> Result<String, Problem> {
    let key = format!("{}/{FILTER_ID_PREFIX}{id}", filters::collection(destination));
    filters::get(state, &key).map_err(|_| Status::not_found(format!("filter {id} not found")))?;
    Ok(key)
}

fn one(state: &Store, key: &str) -> Result<public::Filter, Problem> {
    Ok(render::filter(state, key, filters::get(state, key)?))
}

/// Actions as the Public API writes them, in the Config API's shape: a type it does not know is 422; `SAMPLE`
/// needs a `percent` from 0 to 1, the `*_PROPERTIES` types need `fields`.
fn actions(given: &[FilterAction]) -> Result<Vec<serde_json::Value>, Problem> {
    for (n, a) in given.iter().enumerate() {
        let field = |what: &str| format!("actions.{n}.{what}");
        if !action::TYPES.contains(&a.kind.as_str()) {
            let message = format!("action type must be one of {}, got {:?}", action::TYPES.join(", "), a.kind);
            return Err(Status::invalid_field(field("type"), message).into());
        }
        if a.kind == action::SAMPLE && !a.percent.is_some_and(|p| (0.0..=1.0).contains(&p)) {
            return Err(Status::invalid_field(field("percent"), "SAMPLE needs a percent from 0 to 1").into());
        }
        if a.kind.ends_with("_PROPERTIES") && a.fields.is_none() {
            return Err(Status::invalid_field(field("fields"), format!("{} needs fields", a.kind)).into());
        }
    }
    map::filter_actions_from_public(given).map_err(|e| Status::invalid_field("actions", e).into())
}

/// List filters from a destination
#[cfg_attr(test, utoipa::path(get, path = "/destination/{destinationId}/filters", tag = "Destination Filters",
    params(DestinationPath, Pagination),
    responses(
        (status = 200, description = "a page of the destination's filters", body = Envelope<Filters>),
        (status = 404, description = "no destination of this id in the token's workspace"),
    )))]
pub async fn list_filters_from_destination(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let asked = query.page()?;
    let state = app.store.read();
    let destination = destination_named(&state, &caller.workspace(&state)?, &id)?;
    let keys: Vec<&str> = state.names_in(&filters::collection(&destination)).collect();
    let (keys, pagination) = page(&keys, asked);
    let filters = keys.iter().map(|key| one(&state, key)).collect::<Result<_, _>>()?;
    data(Filters { filters, pagination })
}

/// Get a filter in a destination
#[cfg_attr(test, utoipa::path(get, path = "/destination/{destinationId}/filters/{filterId}", tag = "Destination Filters",
    params(FilterPath),
    responses(
        (status = 200, description = "the filter", body = Envelope<One>),
        (status = 404, description = "no such destination in the token's workspace, or no such filter of it"),
    )))]
pub async fn get_filter_in_destination(State(app): State<Arc<App>>, caller: Caller, Ids(ids): Ids<FilterIds>) -> Reply {
    let state = app.store.read();
    let destination = destination_named(&state, &caller.workspace(&state)?, &ids.destination_id)?;
    data(One { filter: one(&state, &named(&state, &destination, &ids.filter_id)?)? })
}

/// Create a filter for a destination
///
/// `sourceId` must be the destination's source; `if` is an FQL condition (`all` matches every event); `SAMPLE`
/// needs a `percent` from 0 to 1, `ALLOW_PROPERTIES` and `DROP_PROPERTIES` need `fields`.
#[cfg_attr(test, utoipa::path(post, path = "/destination/{destinationId}/filters", tag = "Destination Filters",
    params(DestinationPath), request_body = CreateFilter,
    responses(
        (status = 200, description = "the new filter", body = Envelope<One>),
        (status = 404, description = "no destination of this id in the token's workspace"),
        (status = 422, description = "a field missing or of the wrong type, a `sourceId` other than the \
                                      destination's, an `if` that is not FQL, an action of the wrong shape"),
    )))]
pub async fn create_filter_for_destination(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    body: Body,
) -> Reply {
    let tx = write.begin(&app).await;
    let (op, key) = {
        let state = tx.state();
        let destination = destination_named(&state, &model::workspace_of(&state, tx.caller())?, &id)?;
        let input: public::CreateFilter = body.json()?;
        let source = destination.rsplit_once("/destinations/").map_or("", |(source, _)| source);
        if state.id_of(source) != input.source_id {
            return Err(Status::invalid_field("sourceId", "sourceId must be the destination's source").into());
        }
        let filter = DestinationFilter {
            title: input.title,
            description: input.description.unwrap_or_default(),
            condition: input.condition,
            enabled: input.enabled,
            actions: actions(&input.actions)?,
            ..Default::default()
        };
        let (op, filter) = filters::create(&state, &destination, filter)?;
        let key =
            format!("{}/{}", filters::collection(&destination), filter.name.rsplit('/').next().unwrap_or_default());
        (op, key)
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    data(One { filter: one(&state, &key)? })
}

/// Update a filter for a destination
///
/// Only the fields sent change; `description: null` clears the description.
#[cfg_attr(test, utoipa::path(patch, path = "/destination/{destinationId}/filters/{filterId}",
    tag = "Destination Filters", params(FilterPath), request_body = UpdateFilter,
    responses(
        (status = 200, description = "the filter as updated", body = Envelope<One>),
        (status = 404, description = "no such destination in the token's workspace, or no such filter of it"),
        (status = 422, description = "a value of the wrong type, an `if` that is not FQL, an action of the wrong \
                                      shape"),
    )))]
pub async fn update_filter_for_destination(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(ids): Ids<FilterIds>,
    body: Body,
) -> Reply {
    let tx = write.begin(&app).await;
    let (op, key) = {
        let state = tx.state();
        let destination = destination_named(&state, &model::workspace_of(&state, tx.caller())?, &ids.destination_id)?;
        let key = named(&state, &destination, &ids.filter_id)?;
        let input: public::UpdateFilter = body.json()?;
        let mut new = filters::get(&state, &key)?.clone();
        if let Some(condition) = input.condition {
            new.condition = condition;
        }
        if let Some(given) = &input.actions {
            new.actions = actions(given)?;
        }
        if let Some(title) = input.title {
            new.title = title;
        }
        if let Some(description) = input.description {
            new.description = description.unwrap_or_default();
        }
        if let Some(enabled) = input.enabled {
            new.enabled = enabled;
        }
        (filters::update(&state, &key, new)?, key)
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    data(One { filter: one(&state, &key)? })
}

/// Remove a filter from a destination
#[cfg_attr(test, utoipa::path(delete, path = "/destination/{destinationId}/filters/{filterId}",
    tag = "Destination Filters", params(FilterPath),
    responses(
        (status = 200, description = "removed", body = Envelope<StatusOnly>),
        (status = 404, description = "no such destination in the token's workspace, or no such filter of it"),
    )))]
pub async fn remove_filter_from_destination(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(ids): Ids<FilterIds>,
) -> Reply {
    let tx = write.begin(&app).await;
    let op = {
        let state = tx.state();
        let destination = destination_named(&state, &model::workspace_of(&state, tx.caller())?, &ids.destination_id)?;
        let key = named(&state, &destination, &ids.filter_id)?;
        filters::delete(&state, &key)?
    };
    tx.commit(vec![op]).await?;
    success()
}
