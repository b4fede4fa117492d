//! Reverse ETL models: `listReverseEtlModels`, `createReverseEtlModel` (201), `getReverseEtlModel`,
//! `updateReverseEtlModel`, `deleteReverseEtlModel`. A model belongs to a source of the workspace (`sourceId`: 422
//! when there is none) and goes with it (`model::reverse_etl`).

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;

#[cfg(test)]
use super::doc::{ModelPath, Pagination};
use super::sources::named as source_named;
use super::{Body, Caller, Ids, Problem, Query, Reply, Write, created, data, page, success};
use crate::emulator::App;
use crate::emulator::model::{self, reverse_etl};
use crate::emulator::status::Status;
use crate::emulator::store::State as Store;
use crate::wire::public::PaginationOutput;
use crate::wire::public::warehouses::{CreateReverseEtlModel, ReverseEtlModel, UpdateReverseEtlModel};
#[cfg(test)]
use crate::wire::public::{Envelope, StatusOnly};

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = ReverseEtlModelsPage))]
struct Models {
    models: Vec<ReverseEtlModel>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = ReverseEtlModelData))]
#[serde(rename_all = "camelCase")]
struct One {
    reverse_etl_model: ReverseEtlModel,
}

/// The model's id, resolved in the caller's workspace: its name, or 404.
fn named(state: &Store, workspace: &str, id: &str) -> Result<String, Problem> {
    let name = model::by_id(state, workspace, id, "reverse ETL model")?;
    reverse_etl::get(state, &name).map_err(|_| Status::not_found(format!("reverse ETL model {id} not found")))?;
    Ok(name)
}

fn one(state: &Store, name: &str) -> Result<ReverseEtlModel, Problem> {
    let mut model = reverse_etl::get(state, name)?.clone();
    model.id = state.id_of(name).to_string();
    model.source_id = state.id_of(reverse_etl::source_of(name)).to_string();
    Ok(model)
}

/// List reverse ETL models
///
/// The workspace's models (its sources' in their order), a page at a time.
#[cfg_attr(test, utoipa::path(get, path = "/reverse-etl-models", tag = "Reverse ETL", params(Pagination),
    responses((status = 200, description = "a page of the workspace's models", body = Envelope<Models>))))]
pub async fn list_reverse_etl_models(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let page_asked = query.page()?;
    let state = app.store.read();
    let (names, pagination) = page(&reverse_etl::all(&state, &caller.workspace(&state)?), page_asked);
    let models = names.iter().map(|name| one(&state, name)).collect::<Result<_, _>>()?;
    data(Models { models, pagination })
}

/// Create a reverse ETL model
///
/// A model of a source of the workspace; `scheduleStrategy` one of `MANUAL`, `PERIODIC`, `SPECIFIC_DAYS`. Answered
/// 201.
#[cfg_attr(test, utoipa::path(post, path = "/reverse-etl-models", tag = "Reverse ETL",
    request_body = CreateReverseEtlModel,
    responses(
        (status = 201, description = "the new model", body = Envelope<One>),
        (status = 422, description = "a field missing or of the wrong type, a `scheduleStrategy` not in its enum, a \
                                      `sourceId` that is no source of the workspace"),
    )))]
pub async fn create_reverse_etl_model(State(app): State<Arc<App>>, write: Write, body: Body) -> Reply {
    let input: CreateReverseEtlModel = body.json()?;
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let source = source_named(&state, &workspace, &input.source_id)
            .map_err(|_| Status::invalid_field("sourceId", format!("no source {} here", input.source_id)))?;
        let record = ReverseEtlModel {
            id: String::new(),
            source_id: String::new(),
            name: input.name,
            description: input.description,
            enabled: input.enabled,
            schedule_strategy: input.schedule_strategy,
            schedule_config: input.schedule_config,
            query: input.query,
            query_identifier_column: input.query_identifier_column,
        };
        reverse_etl::create(&state, &source, record)?
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    created(One { reverse_etl_model: one(&state, &name)? })
}

/// Get a reverse ETL model
#[cfg_attr(test, utoipa::path(get, path = "/reverse-etl-models/{modelId}", tag = "Reverse ETL", params(ModelPath),
    responses(
        (status = 200, description = "the model", body = Envelope<One>),
        (status = 404, description = "no model of this id in the token's workspace"),
    )))]
pub async fn get_reverse_etl_model(State(app): State<Arc<App>>, caller: Caller, Ids(id): Ids<String>) -> Reply {
    let state = app.store.read();
    let name = named(&state, &caller.workspace(&state)?, &id)?;
    data(One { reverse_etl_model: one(&state, &name)? })
}

/// Update a reverse ETL model
///
/// Only the fields sent change; a model stays with its source.
#[cfg_attr(test, utoipa::path(patch, path = "/reverse-etl-models/{modelId}", tag = "Reverse ETL",
    params(ModelPath), request_body = UpdateReverseEtlModel,
    responses(
        (status = 200, description = "the model as updated", body = Envelope<One>),
        (status = 404, description = "no model of this id in the token's workspace"),
        (status = 422, description = "a field of the wrong type, a `scheduleStrategy` not in its enum"),
    )))]
pub async fn update_reverse_etl_model(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    body: Body,
) -> Reply {
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let name = named(&state, &model::workspace_of(&state, tx.caller())?, &id)?;
        let input: UpdateReverseEtlModel = body.json()?;
        let mut record = reverse_etl::get(&state, &name)?.clone();
        let UpdateReverseEtlModel {
            name: given_name,
            description,
            enabled,
            schedule_strategy,
            schedule_config,
            query,
            query_identifier_column,
        } = input;
        record.name = given_name.unwrap_or(record.name);
        record.description = description.unwrap_or(record.description);
        record.enabled = enabled.unwrap_or(record.enabled);
        record.schedule_strategy = schedule_strategy.unwrap_or(record.schedule_strategy);
        record.schedule_config = schedule_config.unwrap_or(record.schedule_config);
        record.query = query.unwrap_or(record.query);
        record.query_identifier_column = query_identifier_column.unwrap_or(record.query_identifier_column);
        (reverse_etl::update(&name, record)?, name)
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    data(One { reverse_etl_model: one(&state, &name)? })
}

/// Delete a reverse ETL model
#[cfg_attr(test, utoipa::path(delete, path = "/reverse-etl-models/{modelId}", tag = "Reverse ETL",
    params(ModelPath),
    responses(
        (status = 200, description = "deleted", body = Envelope<StatusOnly>),
        (status = 404, description = "no model of this id in the token's workspace"),
    )))]
pub async fn delete_reverse_etl_model(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>) -> Reply {
    let tx = write.begin(&app).await;
    let op = {
        let state = tx.state();
        let name = named(&state, &model::workspace_of(&state, tx.caller())?, &id)?;
        crate::emulator::store::Op::RemoveTree(name)
    };
    tx.commit(vec![op]).await?;
    success()
}
