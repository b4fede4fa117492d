//! Reverse ETL models: `listReverseEtlModels`, `createReverseEtlModel` (201), `getReverseEtlModel`,
//! `updateReverseEtlModel`, `deleteReverseEtlModel`, and manual syncs (`createReverseETLManualSync`,
//! `getReverseETLSyncFromModel`). A model belongs to a source of the workspace (`sourceId`: 422
//! when there is none) and goes with it (`model::reverse_etl`).

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;

#[cfg(test)]
use super::doc::{ModelPath, ModelSyncPath, Pagination};
use super::sources::named as source_named;
use super::{Body, Caller, Ids, Problem, Query, Reply, Write, created, data, page, remove};
use crate::emulator::App;
use crate::emulator::model::{self, reverse_etl};
use crate::emulator::status::Status;
use crate::emulator::store::State as Store;
use crate::wire::public::PaginationOutput;
use crate::wire::public::warehouses::{
    CreateReverseEtlModel, ManualSyncInput, ManualSyncJob, ReverseEtlModel, ReverseEtlSync, UpdateReverseEtlModel,
};
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
    let name = reverse_etl::MODEL.of(&state, &caller.caller, &id)?;
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
        let name = reverse_etl::MODEL.of(&state, tx.caller(), &id)?;
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
    remove(&app, write, &reverse_etl::MODEL, &id).await
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = ManualSyncData))]
#[serde(rename_all = "camelCase")]
struct ManualSync {
    #[serde(rename = "reverseETLManualSync")]
    reverse_etl_manual_sync: ManualSyncJob,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = ReverseEtlSyncData))]
struct Sync {
    #[serde(rename = "reverseETLSync")]
    reverse_etl_sync: ReverseEtlSync,
}

/// Create a reverse ETL manual sync
///
/// Starts a sync of a model of this source to a subscription: `sourceId` and `modelId` must be a source of the
/// workspace and a model of it (422 naming the field). The emulator moves no data: the sync has succeeded at once.
#[cfg_attr(test, utoipa::path(post, path = "/reverse-etl-syncs", tag = "Reverse ETL", request_body = ManualSyncInput,
    responses(
        (status = 200, description = "the sync started", body = Envelope<ManualSync>),
        (status = 422, description = "a field missing or of the wrong type, a `sourceId` that is no source of the \
                                      workspace, a `modelId` that is no model of that source"),
    )))]
// Named so that the operation's id is the SDK's (`createReverseETLManualSync`).
pub async fn create_reverse_e_t_l_manual_sync(State(app): State<Arc<App>>, write: Write, body: Body) -> Reply {
    let input: ManualSyncInput = body.json()?;
    let tx = write.begin(&app).await;
    let (op, sync_id, started_at) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let source = source_named(&state, &workspace, &input.source_id)
            .map_err(|_| Status::invalid_field("sourceId", format!("no source {} here", input.source_id)))?;
        let model = reverse_etl::MODEL
            .named(&state, &workspace, &input.model_id)
            .ok()
            .filter(|name| reverse_etl::source_of(name) == source)
            .ok_or_else(|| Status::invalid_field("modelId", format!("no model {} of this source", input.model_id)))?;
        reverse_etl::start_sync(&state, &model, &input.subscription_id)?
    };
    tx.commit(vec![op]).await?;
    data(ManualSync { reverse_etl_manual_sync: ManualSyncJob { started_at, sync_id } })
}

/// Get a reverse ETL sync from a model
///
/// A manual sync of the model: `SUCCESS`, finished when it started.
#[cfg_attr(test, utoipa::path(get, path = "/reverse-etl-models/{modelId}/syncs/{syncId}", tag = "Reverse ETL",
    params(ModelSyncPath),
    responses(
        (status = 200, description = "the sync", body = Envelope<Sync>),
        (status = 404, description = "no model of this id in the token's workspace, or no such sync of it"),
    )))]
// Named so that the operation's id is the SDK's (`getReverseETLSyncFromModel`).
pub async fn get_reverse_e_t_l_sync_from_model(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids((model_id, sync_id)): Ids<(String, String)>,
) -> Reply {
    let state = app.store.read();
    let name = reverse_etl::MODEL.of(&state, &caller.caller, &model_id)?;
    let started_at = reverse_etl::sync_started(&state, &name, &sync_id)
        .ok_or_else(|| Status::not_found(format!("sync {sync_id} of model {model_id} not found")))?;
    data(Sync {
        reverse_etl_sync: ReverseEtlSync {
            sync_id,
            model_id,
            source_id: state.id_of(reverse_etl::source_of(&name)).to_string(),
            sync_status: "SUCCESS".into(),
            duration: "0s".into(),
            started_at: started_at.clone(),
            finished_at: Some(started_at),
        },
    })
}
