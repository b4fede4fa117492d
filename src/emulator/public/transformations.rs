//! Transformations: `listTransformations`, `createTransformation` (200, as the SDK's response type says),
//! `getTransformation`, `updateTransformation` (a new `sourceId` moves it), `deleteTransformation`. Its `if` is FQL
//! (422 naming `if` when it does not parse), its source one of the workspace's (422 naming `sourceId`), its
//! `destinationMetadataId` a catalog destination (`model::transformations`).

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;

#[cfg(test)]
use super::doc::{Pagination, TransformationPath};
use super::sources::named as source_named;
use super::{Body, Caller, Ids, Problem, Query, Reply, Write, data, page, remove};
use crate::emulator::App;
use crate::emulator::model::{self, transformations};
use crate::emulator::status::Status;
use crate::emulator::store::State as Store;
use crate::wire::public::PaginationOutput;
use crate::wire::public::warehouses::{CreateTransformation, Transformation, UpdateTransformation};
#[cfg(test)]
use crate::wire::public::{Envelope, StatusOnly};

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = TransformationsPage))]
struct Transformations {
    transformations: Vec<Transformation>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = TransformationData))]
struct One {
    transformation: Transformation,
}

/// A source of the workspace named in a body: 422 naming `sourceId` otherwise.
fn source_in_body(state: &Store, workspace: &str, id: &str) -> Result<String, Problem> {
    source_named(state, workspace, id)
        .map_err(|_| Status::invalid_field("sourceId", format!("no source {id} here")).into())
}

fn one(state: &Store, name: &str) -> Result<Transformation, Problem> {
    let mut transformation = transformations::get(state, name)?.clone();
    transformation.id = state.id_of(name).to_string();
    transformation.source_id = state.id_of(transformations::source_of(name)).to_string();
    Ok(transformation)
}

/// List transformations
///
/// The workspace's transformations (its sources' in their order), a page at a time.
#[cfg_attr(test, utoipa::path(get, path = "/transformations", tag = "Transformations", params(Pagination),
    responses((status = 200, description = "a page of the workspace's transformations",
        body = Envelope<Transformations>))))]
pub async fn list_transformations(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let page_asked = query.page()?;
    let state = app.store.read();
    let (names, pagination) = page(&transformations::all(&state, &caller.workspace(&state)?), page_asked);
    let transformations = names.iter().map(|name| one(&state, name)).collect::<Result<_, _>>()?;
    data(Transformations { transformations, pagination })
}

/// Create a transformation
///
/// A transformation of a source of the workspace, its `if` FQL. Answered 200.
#[cfg_attr(test, utoipa::path(post, path = "/transformations", tag = "Transformations",
    request_body = CreateTransformation,
    responses(
        (status = 200, description = "the new transformation", body = Envelope<One>),
        (status = 422, description = "a field missing or of the wrong type, an `if` or an FQL-defined property that \
                                      is not FQL, a `sourceId` that is no source of the workspace, a \
                                      `destinationMetadataId` not in the catalog"),
    )))]
pub async fn create_transformation(State(app): State<Arc<App>>, write: Write, body: Body) -> Reply {
    let input: CreateTransformation = body.json()?;
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let source = source_in_body(&state, &workspace, &input.source_id)?;
        let record = Transformation {
            id: String::new(),
            name: input.name,
            source_id: String::new(),
            destination_metadata_id: input.destination_metadata_id,
            enabled: input.enabled,
            condition: input.condition,
            new_event_name: input.new_event_name,
            property_renames: input.property_renames,
            property_value_transformations: input.property_value_transformations,
            fql_defined_properties: input.fql_defined_properties,
            allow_properties: input.allow_properties,
            hash_properties_configuration: input.hash_properties_configuration,
        };
        transformations::create(&app, &state, &source, record)?
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    data(One { transformation: one(&state, &name)? })
}

/// Get a transformation
#[cfg_attr(test, utoipa::path(get, path = "/transformations/{transformationId}", tag = "Transformations",
    params(TransformationPath),
    responses(
        (status = 200, description = "the transformation", body = Envelope<One>),
        (status = 404, description = "no transformation of this id in the token's workspace"),
    )))]
pub async fn get_transformation(State(app): State<Arc<App>>, caller: Caller, Ids(id): Ids<String>) -> Reply {
    let state = app.store.read();
    let name = transformations::TRANSFORMATION.of(&state, &caller.caller, &id)?;
    data(One { transformation: one(&state, &name)? })
}

/// Update a transformation
///
/// Only the fields sent change; a new `sourceId` moves it to that source (its id stays).
#[cfg_attr(test, utoipa::path(patch, path = "/transformations/{transformationId}", tag = "Transformations",
    params(TransformationPath), request_body = UpdateTransformation,
    responses(
        (status = 200, description = "the transformation as updated", body = Envelope<One>),
        (status = 404, description = "no transformation of this id in the token's workspace"),
        (status = 422, description = "a field of the wrong type, an `if` that is not FQL, a `sourceId` that is no \
                                      source of the workspace"),
    )))]
pub async fn update_transformation(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    body: Body,
) -> Reply {
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let name = transformations::TRANSFORMATION.named(&state, &workspace, &id)?;
        let input: UpdateTransformation = body.json()?;
        let source = match &input.source_id {
            Some(given) => source_in_body(&state, &workspace, given)?,
            None => transformations::source_of(&name).to_string(),
        };
        let mut record = transformations::get(&state, &name)?.clone();
        let UpdateTransformation {
            name: given_name,
            source_id: _,
            destination_metadata_id,
            enabled,
            condition,
            new_event_name,
            property_renames,
            property_value_transformations,
            fql_defined_properties,
            allow_properties,
            hash_properties_configuration,
        } = input;
        record.name = given_name.unwrap_or(record.name);
        record.enabled = enabled.unwrap_or(record.enabled);
        record.condition = condition.unwrap_or(record.condition);
        record.destination_metadata_id = destination_metadata_id.or(record.destination_metadata_id);
        record.new_event_name = new_event_name.or(record.new_event_name);
        record.property_renames = property_renames.or(record.property_renames);
        record.property_value_transformations =
            property_value_transformations.or(record.property_value_transformations);
        record.fql_defined_properties = fql_defined_properties.or(record.fql_defined_properties);
        record.allow_properties = allow_properties.or(record.allow_properties);
        record.hash_properties_configuration = hash_properties_configuration.or(record.hash_properties_configuration);
        transformations::update(&app, &name, &source, record)?
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    data(One { transformation: one(&state, &name)? })
}

/// Delete a transformation
#[cfg_attr(test, utoipa::path(delete, path = "/transformations/{transformationId}", tag = "Transformations",
    params(TransformationPath),
    responses(
        (status = 200, description = "deleted", body = Envelope<StatusOnly>),
        (status = 404, description = "no transformation of this id in the token's workspace"),
    )))]
pub async fn delete_transformation(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>) -> Reply {
    remove(&app, write, &transformations::TRANSFORMATION, &id).await
}
