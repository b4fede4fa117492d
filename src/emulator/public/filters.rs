//! Destination filters under `/destination/{id}/filters` (the singular is the service's): list, get, create (its
//! `sourceId` must be the destination's source), update (only the fields sent) and remove. Actions are the Public
//! API's (`DROP`, `SAMPLE`, `ALLOW_PROPERTIES`, `DROP_PROPERTIES`), stored in the Config API's shape.

use std::sync::Arc;

use axum::extract::State;
use serde::{Deserialize, Serialize};

use super::destinations::named as destination_named;
use super::{Body, Caller, Ids, Problem, Query, Reply, Write, data, page, render, success};
use crate::emulator::App;
use crate::emulator::model::{self, filters};
use crate::emulator::status::Status;
use crate::emulator::store::State as Store;
use crate::wire::DestinationFilter;
use crate::wire::filter::FILTER_ID_PREFIX;
use crate::wire::public::{self, FilterAction, PaginationOutput, action, map};

#[derive(Serialize)]
struct Filters {
    filters: Vec<public::Filter>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
struct One {
    filter: public::Filter,
}

#[derive(Deserialize)]
pub struct FilterIds {
    destination: String,
    filter: String,
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

pub async fn list_filters(
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

pub async fn get_filter(State(app): State<Arc<App>>, caller: Caller, Ids(ids): Ids<FilterIds>) -> Reply {
    let state = app.store.read();
    let destination = destination_named(&state, &caller.workspace(&state)?, &ids.destination)?;
    data(One { filter: one(&state, &named(&state, &destination, &ids.filter)?)? })
}

pub async fn create_filter(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>, body: Body) -> Reply {
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
        let (op, filter) = filters::create(&destination, filter)?;
        let key =
            format!("{}/{}", filters::collection(&destination), filter.name.rsplit('/').next().unwrap_or_default());
        (op, key)
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    data(One { filter: one(&state, &key)? })
}

pub async fn update_filter(State(app): State<Arc<App>>, write: Write, Ids(ids): Ids<FilterIds>, body: Body) -> Reply {
    let tx = write.begin(&app).await;
    let (op, key) = {
        let state = tx.state();
        let destination = destination_named(&state, &model::workspace_of(&state, tx.caller())?, &ids.destination)?;
        let key = named(&state, &destination, &ids.filter)?;
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

pub async fn remove_filter(State(app): State<Arc<App>>, write: Write, Ids(ids): Ids<FilterIds>) -> Reply {
    let tx = write.begin(&app).await;
    let op = {
        let state = tx.state();
        let destination = destination_named(&state, &model::workspace_of(&state, tx.caller())?, &ids.destination)?;
        let key = named(&state, &destination, &ids.filter)?;
        filters::delete(&state, &key)?
    };
    tx.commit(vec![op]).await?;
    success()
}
