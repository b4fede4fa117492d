//! Functions (`listFunctions` by `resourceType`, `createFunction`, `getFunction`, `updateFunction`, `deleteFunction`),
//! their versions (`listFunctionVersions`, `getFunctionVersion`, `restoreFunctionVersion`: each change of the code
//! makes one), `createFunctionDeployment` (always `SUCCESS`), and insert function instances
//! (`listInsertFunctionInstances`, `createInsertFunctionInstance`, `getInsertFunctionInstance`,
//! `updateInsertFunctionInstance`, `deleteInsertFunctionInstance`): an `INSERT_DESTINATION` function on a destination
//! of the workspace, its sensitive settings censored. A function an instance uses cannot be deleted (409).

use std::sync::Arc;

use axum::extract::State;
use serde::Deserialize;
use serde_json::{Map, Value};

#[cfg(test)]
use super::doc::{FunctionListQuery, FunctionPath, InstancePath, InstanceQuery, Pagination, VersionPath};
use super::{Body, Caller, Ids, Problem, Query, Reply, Write, data, page, remove, success};
use crate::emulator::App;
use crate::emulator::mint;
use crate::emulator::model::{self, functions};
use crate::emulator::status::Status;
use crate::emulator::store::{More, Op, Resource, State as Store};
use crate::wire::public::functions::{
    self as wire, DeploymentData, FunctionData, FunctionRecord, FunctionType, FunctionV1, FunctionVersion,
    FunctionsPage, InsertFunctionInstance, InstanceData, InstanceRecord, InstancesPage, ListFunctionItemV1,
    VersionData, VersionsPage,
};
#[cfg(test)]
use crate::wire::public::functions::{CreateFunction, CreateInstance, RestoreVersion, UpdateFunction, UpdateInstance};
#[cfg(test)]
use crate::wire::public::{Envelope, StatusOnly};

/// Who made a function or a version: the audit trail's actor.
const AUTHOR: &str = "access-token";

fn new_version(code: &str, now: &str) -> FunctionVersion {
    FunctionVersion {
        id: format!("ver_{}", mint::random_id(22)),
        author: Some(AUTHOR.into()),
        code: code.to_string(),
        is_deployed: false,
        created_at: now.to_string(),
        updated_at: now.to_string(),
        deployed_at: None,
    }
}

/// The `resourceType` a list asks for: required (the SDK sends it), one of the three.
fn resource_type(query: &super::query::Query) -> Result<FunctionType, Problem> {
    let given = query.values("resourceType").next().unwrap_or_default();
    serde_json::from_value(Value::String(given.to_string())).map_err(|_| {
        let message = format!("resourceType must be one of {:?}", wire::FUNCTION_TYPES);
        Problem(Status::invalid_field("resourceType", message))
    })
}

/// List functions
///
/// The workspace's functions of one `resourceType`, a page at a time, without their code and settings.
#[cfg_attr(test, utoipa::path(get, path = "/functions", tag = "Functions", params(FunctionListQuery),
    responses(
        (status = 200, description = "a page of the functions of that type", body = Envelope<FunctionsPage>),
        (status = 422, description = "no `resourceType`, or not one of the three"),
    )))]
pub async fn list_functions(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let page_asked = query.page()?;
    let kind = resource_type(&query)?;
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    let all: Vec<ListFunctionItemV1> = state
        .names_in(&functions::collection(&workspace))
        .filter_map(|name| match state.get(name) {
            Some(Resource::Function(f)) if f.function.resource_type == kind => Some((&f.function).into()),
            _ => None,
        })
        .collect();
    let (functions, pagination) = page(&all, page_asked);
    data(FunctionsPage { functions, pagination })
}

/// Create a function
///
/// Its first version holds its code; not deployed until `createFunctionDeployment`.
#[cfg_attr(test, utoipa::path(post, path = "/functions", tag = "Functions", request_body = CreateFunction,
    responses(
        (status = 200, description = "the new function", body = Envelope<FunctionData>),
        (status = 422, description = "a field missing or of the wrong type, empty code or code over 512 KiB, an \
                                      empty `displayName`, a setting declared twice"),
    )))]
pub async fn create_function(State(app): State<Arc<App>>, write: Write, body: Body) -> Reply {
    let input: wire::CreateFunction = body.json()?;
    functions::check_code(&input.code)?;
    functions::check_name(&input.display_name)?;
    let settings = input.settings.unwrap_or_default();
    functions::check_settings(&settings)?;
    let tx = write.begin(&app).await;
    let record = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let id = format!("{}{}", input.resource_type.id_prefix(), mint::random_id(22));
        let now = mint::now();
        let function = FunctionV1 {
            id: id.clone(),
            resource_type: input.resource_type,
            created_at: now.clone(),
            created_by: AUTHOR.into(),
            code: input.code.clone(),
            deployed_at: None,
            settings,
            display_name: input.display_name,
            description: input.description,
            logo_url: input.logo_url,
            preview_webhook_url: None,
            batch_max_count: None,
            catalog_id: id.clone(),
            is_latest_version: true,
        };
        let record = FunctionRecord { function, versions: vec![new_version(&input.code, &now)] };
        let name = format!("{}/{id}", functions::collection(&workspace));
        let more = More { id, ..More::default() };
        (Op::InsertWith(name, Resource::Function(record.clone()), more), record)
    };
    tx.commit(vec![record.0]).await?;
    data(FunctionData { function: record.1.function })
}

/// Get a function
#[cfg_attr(test, utoipa::path(get, path = "/functions/{functionId}", tag = "Functions", params(FunctionPath),
    responses(
        (status = 200, description = "the function", body = Envelope<FunctionData>),
        (status = 404, description = "no function of this id in the token's workspace"),
    )))]
pub async fn get_function(State(app): State<Arc<App>>, caller: Caller, Ids(id): Ids<String>) -> Reply {
    let state = app.store.read();
    let name = functions::FUNCTION.of(&state, &caller.caller, &id)?;
    data(FunctionData { function: functions::get(&state, &name)?.function.clone() })
}

/// Update a function
///
/// Only the fields sent change; new code makes a new version.
#[cfg_attr(test, utoipa::path(patch, path = "/functions/{functionId}", tag = "Functions", params(FunctionPath),
    request_body = UpdateFunction,
    responses(
        (status = 200, description = "the function", body = Envelope<FunctionData>),
        (status = 404, description = "no function of this id in the token's workspace"),
        (status = 422, description = "a field of the wrong type, empty code or code over 512 KiB, an empty \
                                      `displayName`, a setting declared twice"),
    )))]
pub async fn update_function(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>, body: Body) -> Reply {
    let tx = write.begin(&app).await;
    let (op, function) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let name = functions::FUNCTION.named(&state, &workspace, &id)?;
        let input: wire::UpdateFunction = body.json()?;
        let mut record = functions::get(&state, &name)?.clone();
        if let Some(code) = input.code {
            functions::check_code(&code)?;
            if code != record.function.code {
                record.versions.push(new_version(&code, &mint::now()));
                record.function.code = code;
            }
        }
        if let Some(display_name) = input.display_name {
            functions::check_name(&display_name)?;
            record.function.display_name = display_name;
        }
        if let Some(settings) = input.settings {
            functions::check_settings(&settings)?;
            record.function.settings = settings;
        }
        if input.description.is_some() {
            record.function.description = input.description;
        }
        if input.logo_url.is_some() {
            record.function.logo_url = input.logo_url;
        }
        let function = record.function.clone();
        (Op::Replace(name, Resource::Function(record)), function)
    };
    tx.commit(vec![op]).await?;
    data(FunctionData { function })
}

/// Delete a function
///
/// Refused (409) while an insert function instance uses it.
#[cfg_attr(test, utoipa::path(delete, path = "/functions/{functionId}", tag = "Functions", params(FunctionPath),
    responses(
        (status = 200, description = "deleted", body = Envelope<StatusOnly>),
        (status = 404, description = "no function of this id in the token's workspace"),
        (status = 409, description = "an insert function instance uses the function"),
    )))]
pub async fn delete_function(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>) -> Reply {
    let tx = write.begin(&app).await;
    let name = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let name = functions::FUNCTION.named(&state, &workspace, &id)?;
        functions::check_unused(&state, &workspace, &id)?;
        name
    };
    tx.commit(vec![Op::RemoveTree(name)]).await?;
    success()
}

/// List function versions
///
/// The function's versions, oldest first.
#[cfg_attr(test, utoipa::path(get, path = "/functions/{functionId}/versions", tag = "Functions",
    params(FunctionPath, Pagination),
    responses(
        (status = 200, description = "a page of the function's versions", body = Envelope<VersionsPage>),
        (status = 404, description = "no function of this id in the token's workspace"),
    )))]
pub async fn list_function_versions(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let page_asked = query.page()?;
    let state = app.store.read();
    let name = functions::FUNCTION.of(&state, &caller.caller, &id)?;
    let (versions, pagination) = page(&functions::get(&state, &name)?.versions, page_asked);
    data(VersionsPage { versions, pagination })
}

#[derive(Deserialize)]
pub struct VersionIds {
    #[serde(rename = "functionId")]
    function_id: String,
    #[serde(rename = "versionId")]
    version_id: String,
}

/// Get a function version
#[cfg_attr(test, utoipa::path(get, path = "/functions/{functionId}/versions/{versionId}", tag = "Functions",
    params(VersionPath),
    responses(
        (status = 200, description = "the version", body = Envelope<VersionData>),
        (status = 404, description = "no function of this id in the token's workspace, or no such version of it"),
    )))]
pub async fn get_function_version(State(app): State<Arc<App>>, caller: Caller, Ids(ids): Ids<VersionIds>) -> Reply {
    let state = app.store.read();
    let name = functions::FUNCTION.of(&state, &caller.caller, &ids.function_id)?;
    let record = functions::get(&state, &name)?;
    let version = record.versions.iter().find(|v| v.id == ids.version_id).cloned();
    let version = version.ok_or_else(|| Status::not_found(format!("version {} not found", ids.version_id)))?;
    data(VersionData { version })
}

/// Restore a function version
///
/// The function's code becomes the version's, as a new version (which it answers).
#[cfg_attr(test, utoipa::path(post, path = "/functions/{functionId}/versions", tag = "Functions",
    params(FunctionPath), request_body = RestoreVersion,
    responses(
        (status = 200, description = "the new version", body = Envelope<VersionData>),
        (status = 404, description = "no function of this id in the token's workspace"),
        (status = 422, description = "no `versionId`, or no such version of the function"),
    )))]
pub async fn restore_function_version(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    body: Body,
) -> Reply {
    let tx = write.begin(&app).await;
    let (op, version) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let name = functions::FUNCTION.named(&state, &workspace, &id)?;
        let input: wire::RestoreVersion = body.json()?;
        let mut record = functions::get(&state, &name)?.clone();
        let old = record.versions.iter().find(|v| v.id == input.version_id).cloned().ok_or_else(|| {
            Status::invalid_field("versionId", format!("function {id} has no version {}", input.version_id))
        })?;
        let version = new_version(&old.code, &mint::now());
        record.function.code = old.code;
        record.versions.push(version.clone());
        (Op::Replace(name, Resource::Function(record)), version)
    };
    tx.commit(vec![op]).await?;
    data(VersionData { version })
}

/// Create a function deployment
///
/// Deploys the function's latest version: always `SUCCESS`; the function's `deployedAt` and the version's
/// `isDeployed` and `deployedAt` say so.
#[cfg_attr(test, utoipa::path(post, path = "/functions/{functionId}/deploy", tag = "Functions", params(FunctionPath),
    responses(
        (status = 200, description = "deployed", body = Envelope<DeploymentData>),
        (status = 404, description = "no function of this id in the token's workspace"),
    )))]
pub async fn create_function_deployment(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>) -> Reply {
    let tx = write.begin(&app).await;
    let op = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let name = functions::FUNCTION.named(&state, &workspace, &id)?;
        let mut record = functions::get(&state, &name)?.clone();
        let now = mint::now();
        record.function.deployed_at = Some(now.clone());
        for version in &mut record.versions {
            version.is_deployed = false;
        }
        if let Some(latest) = record.versions.last_mut() {
            latest.is_deployed = true;
            latest.deployed_at = Some(now.clone());
            latest.updated_at = now;
        }
        Op::Replace(name, Resource::Function(record))
    };
    tx.commit(vec![op]).await?;
    data(DeploymentData { function_deployment: crate::wire::public::StatusOnly::success() })
}

/// An instance in the Public API's shape: sensitive settings censored, and listed in `encryptedSettings`.
fn instance(state: &Store, name: &str) -> Result<InsertFunctionInstance, Problem> {
    let Some(Resource::InsertFunctionInstance(record)) = state.get(name) else {
        return Err(Status::not_found(format!("{name} not found")).into());
    };
    let destination = crate::emulator::store::collection_of(crate::emulator::store::collection_of(name));
    let function = state.name_of_id(&record.function_id).and_then(|f| match state.get(f) {
        Some(Resource::Function(f)) => Some(f.function.settings.clone()),
        _ => None,
    });
    let declared = function.unwrap_or_default();
    let mut settings = Map::new();
    let mut encrypted = Map::new();
    for (key, value) in &record.settings {
        let sensitive = declared.iter().any(|s| &s.name == key && s.sensitive);
        let shown = match value {
            Value::String(text) if sensitive => Value::String(crate::wire::public::censor(text)),
            other => other.clone(),
        };
        if sensitive {
            encrypted.insert(key.clone(), shown.clone());
        }
        settings.insert(key.clone(), shown);
    }
    Ok(InsertFunctionInstance {
        id: state.id_of(name).to_string(),
        name: Some(record.name.clone()),
        integration_id: state.id_of(destination).to_string(),
        class_id: record.function_id.clone(),
        enabled: record.enabled,
        created_at: record.created_at.clone(),
        updated_at: record.updated_at.clone(),
        settings,
        encrypted_settings: encrypted,
    })
}

/// List insert function instances
///
/// The instances of one function (`functionId`, required), a page at a time.
#[cfg_attr(test, utoipa::path(get, path = "/insert-function-instances", tag = "Functions", params(InstanceQuery),
    responses(
        (status = 200, description = "a page of the function's instances", body = Envelope<InstancesPage>),
        (status = 404, description = "no function of this id in the token's workspace"),
        (status = 422, description = "no `functionId`"),
    )))]
pub async fn list_insert_function_instances(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let page_asked = query.page()?;
    let Some(function_id) = query.optional("functionId").map(String::from) else {
        return Err(Status::invalid_field("functionId", "functionId is required").into());
    };
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    functions::FUNCTION.named(&state, &workspace, &function_id)?;
    let mut names = functions::instances_of(&state, &workspace, &function_id);
    // In the order they were made.
    names.sort_by_key(|name| state.entry(name).map_or(0, |e| e.seq));
    let (names, pagination) = page(&names, page_asked);
    let instances = names.iter().map(|name| instance(&state, name)).collect::<Result<_, _>>()?;
    data(InstancesPage { instances, pagination })
}

/// Create an insert function instance
///
/// An `INSERT_DESTINATION` function (`functionId`) on a destination of the workspace (`integrationId`), with settings
/// the function declares; `enabled` is `true` unless sent.
#[cfg_attr(test, utoipa::path(post, path = "/insert-function-instances", tag = "Functions",
    request_body = CreateInstance,
    responses(
        (status = 200, description = "the new instance", body = Envelope<InstanceData>),
        (status = 422, description = "a field missing or of the wrong type, a `functionId` that is no \
                                      `INSERT_DESTINATION` function of the workspace, an `integrationId` that is no \
                                      destination of it, a setting the function does not declare or of another type, \
                                      a required one missing"),
    )))]
pub async fn create_insert_function_instance(State(app): State<Arc<App>>, write: Write, body: Body) -> Reply {
    let input: wire::CreateInstance = body.json()?;
    if input.name.trim().is_empty() {
        return Err(Status::invalid_field("name", "an instance needs a name").into());
    }
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let unknown = || Status::invalid_field("functionId", format!("no function {:?} here", input.function_id));
        let function_name = functions::FUNCTION.named(&state, &workspace, &input.function_id).map_err(|_| unknown())?;
        let function = functions::get(&state, &function_name)?;
        if function.function.resource_type != FunctionType::InsertDestination {
            let message = format!("function {} is no INSERT_DESTINATION function", input.function_id);
            return Err(Status::invalid_field("functionId", message).into());
        }
        let destination =
            model::destinations::DESTINATION.named(&state, &workspace, &input.integration_id).map_err(|_| {
                Status::invalid_field("integrationId", format!("no destination {:?} here", input.integration_id))
            })?;
        let mut settings = input.settings.clone();
        functions::restore_secrets(&function.function.settings, &mut settings, None)?;
        functions::check_instance_settings(&function.function.settings, &settings)?;
        let now = mint::now();
        let record = InstanceRecord {
            function_id: input.function_id.clone(),
            name: input.name.clone(),
            enabled: input.enabled.unwrap_or(true),
            created_at: now.clone(),
            updated_at: now,
            settings,
        };
        let id = mint::random_id(22);
        let name = format!("{}/{id}", functions::instances(&destination));
        let more = More { id, ..More::default() };
        (Op::InsertWith(name.clone(), Resource::InsertFunctionInstance(record), more), name)
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    data(InstanceData { insert_function_instance: instance(&state, &name)? })
}

/// Get an insert function instance
#[cfg_attr(test, utoipa::path(get, path = "/insert-function-instances/{instanceId}", tag = "Functions",
    params(InstancePath),
    responses(
        (status = 200, description = "the instance", body = Envelope<InstanceData>),
        (status = 404, description = "no instance of this id in the token's workspace"),
    )))]
pub async fn get_insert_function_instance(State(app): State<Arc<App>>, caller: Caller, Ids(id): Ids<String>) -> Reply {
    let state = app.store.read();
    let name = functions::INSTANCE.of(&state, &caller.caller, &id)?;
    data(InstanceData { insert_function_instance: instance(&state, &name)? })
}

/// Update an insert function instance
///
/// `name` and `enabled` change when sent; `settings` (required) replaces the instance's, a censored value of a
/// sensitive setting keeping the stored secret.
#[cfg_attr(test, utoipa::path(patch, path = "/insert-function-instances/{instanceId}", tag = "Functions",
    params(InstancePath), request_body = UpdateInstance,
    responses(
        (status = 200, description = "the instance", body = Envelope<InstanceData>),
        (status = 404, description = "no instance of this id in the token's workspace"),
        (status = 422, description = "a field missing or of the wrong type, a setting the function does not declare \
                                      or of another type, a required one missing, a censored value standing for no \
                                      stored secret"),
    )))]
pub async fn update_insert_function_instance(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    body: Body,
) -> Reply {
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let name = functions::INSTANCE.named(&state, &workspace, &id)?;
        let input: wire::UpdateInstance = body.json()?;
        let Some(Resource::InsertFunctionInstance(old)) = state.get(&name) else {
            return Err(Status::not_found(format!("insert function instance {id} not found")).into());
        };
        let declared = match state.name_of_id(&old.function_id).and_then(|f| state.get(f)) {
            Some(Resource::Function(f)) => f.function.settings.clone(),
            _ => Vec::new(),
        };
        let mut record = old.clone();
        if let Some(new_name) = input.name {
            if new_name.trim().is_empty() {
                return Err(Status::invalid_field("name", "an instance needs a name").into());
            }
            record.name = new_name;
        }
        if let Some(enabled) = input.enabled {
            record.enabled = enabled;
        }
        let mut settings = input.settings;
        functions::restore_secrets(&declared, &mut settings, Some(old))?;
        functions::check_instance_settings(&declared, &settings)?;
        record.settings = settings;
        record.updated_at = mint::now();
        (Op::Replace(name.clone(), Resource::InsertFunctionInstance(record)), name)
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    data(InstanceData { insert_function_instance: instance(&state, &name)? })
}

/// Delete an insert function instance
#[cfg_attr(test, utoipa::path(delete, path = "/insert-function-instances/{instanceId}", tag = "Functions",
    params(InstancePath),
    responses(
        (status = 200, description = "deleted", body = Envelope<StatusOnly>),
        (status = 404, description = "no instance of this id in the token's workspace"),
    )))]
pub async fn delete_insert_function_instance(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>) -> Reply {
    remove(&app, write, &functions::INSTANCE, &id).await
}
