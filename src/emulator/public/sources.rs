//! Sources: `listSources`, `getSource` (with `trackingPlanId` beside it), `createSource` (201; no `name` until one
//! is set, as the service's), `updateSource` (a new `slug` renames it, and what is under it, for
//! both APIs), `deleteSource`, and its schema settings (`listSchemaSettingsInSource`,
//! `updateSchemaSettingsInSource`, forwarding targets as source ids).

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;
use serde_json::{Map, Value};

#[cfg(test)]
use super::doc::{Pagination, SourcePath};
use super::{Body, Caller, Ids, Problem, Query, Reply, Write, created, data, page_of, render, success};
use crate::emulator::App;
use crate::emulator::model::{self, schema, sources};
use crate::emulator::status::Status;
use crate::emulator::store::State as Store;
use crate::wire::SchemaConfig;
use crate::wire::public::{self, PaginationOutput, SourceSettings, SourceWithPlan, map};
#[cfg(test)]
use crate::wire::public::{CreateSource, Envelope, SchemaSettings, StatusOnly, UpdateSource};

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = SourcesPage))]
struct Sources {
    sources: Vec<public::Source>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = SourceData))]
struct One {
    source: public::Source,
}

/// The source's id, resolved in the caller's workspace: its name, or 404.
pub fn named(state: &Store, workspace: &str, id: &str) -> Result<String, Problem> {
    Ok(sources::SOURCE.named(state, workspace, id)?)
}

fn one(app: &App, state: &Store, name: &str) -> Result<public::Source, Problem> {
    let (source, more) = sources::get(state, name)?;
    Ok(render::source(app, state, source, more))
}

/// List sources
///
/// The workspace's sources, a page at a time.
#[cfg_attr(test, utoipa::path(get, path = "/sources", tag = "Sources", params(Pagination),
    responses((status = 200, description = "a page of the workspace's sources", body = Envelope<Sources>))))]
pub async fn list_sources(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let page_asked = query.page()?;
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    let collection = sources::collection(&workspace);
    let (names, pagination) = page_of(state.size_of(&collection), page_asked, |start, count| {
        state.names_in(&collection).skip(start).take(count).collect::<Vec<_>>()
    });
    let sources = names.iter().map(|name| one(&app, &state, name)).collect::<Result<_, _>>()?;
    data(Sources { sources, pagination })
}

/// Get a source
///
/// The source, and beside it the id of the tracking plan it is connected to (`null` when none).
#[cfg_attr(test, utoipa::path(get, path = "/sources/{sourceId}", tag = "Sources", params(SourcePath),
    responses(
        (status = 200, description = "the source", body = Envelope<SourceWithPlan>),
        (status = 404, description = "no source of this id in the token's workspace"),
    )))]
pub async fn get_source(State(app): State<Arc<App>>, caller: Caller, Ids(id): Ids<String>) -> Reply {
    let state = app.store.read();
    let name = named(&state, &caller.workspace(&state)?, &id)?;
    let tracking_plan_id = sources::plan_of(&state, &name).map(|plan| state.id_of(&plan).to_string());
    data(SourceWithPlan { source: one(&app, &state, &name)?, tracking_plan_id })
}

/// Create a source
///
/// A source of a catalog entry (`metadataId`), with one write key, no labels and no `name` until one is set.
/// Answered 201.
#[cfg_attr(test, utoipa::path(post, path = "/sources", tag = "Sources", request_body = CreateSource,
    responses(
        (status = 201, description = "the new source", body = Envelope<One>),
        (status = 409, description = "the slug is taken"),
        (status = 422, description = "a field missing or of the wrong type, a bad slug, a `metadataId` not in the \
                                      catalog"),
    )))]
pub async fn create_source(State(app): State<Arc<App>>, write: Write, body: Body) -> Reply {
    let input: public::CreateSource = body.json()?;
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let catalog = app.catalog.source_by_id(&input.metadata_id).ok_or_else(|| {
            Status::invalid_field("metadataId", format!("unknown metadataId {:?}", input.metadata_id))
        })?;
        let new = sources::NewSource {
            slug: input.slug,
            catalog_name: catalog.name.clone(),
            enabled: Some(input.enabled),
            settings: input.settings,
            ..sources::NewSource::default()
        };
        let (op, source) = sources::create(&app, &workspace, new)?;
        (op, source.name)
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    created(One { source: one(&app, &state, &name)? })
}

/// Update a source
///
/// Only the fields sent change; a new `slug` renames the source (and what is under it, on both APIs), `name: null`
/// clears its name, `settings` merge by top-level key (`null` removes one).
#[cfg_attr(test, utoipa::path(patch, path = "/sources/{sourceId}", tag = "Sources", params(SourcePath),
    request_body = UpdateSource,
    responses(
        (status = 200, description = "the source as updated", body = Envelope<One>),
        (status = 404, description = "no source of this id in the token's workspace"),
        (status = 409, description = "the new slug is taken"),
    )))]
pub async fn update_source(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>, body: Body) -> Reply {
    let tx = write.begin(&app).await;
    let (ops, name) = {
        let state = tx.state();
        let name = named(&state, &model::workspace_of(&state, tx.caller())?, &id)?;
        let input: public::UpdateSource = body.json()?;
        let (current, more) = sources::get(&state, &name)?;
        let (mut new, mut more) = (current.clone(), more.clone());
        // A new slug renames the source (the model checks it, and that it is free).
        if let Some(given) = &input.slug {
            new.name = format!("{}/{given}", sources::collection(sources::workspace_of(&name)));
        }
        match input.name {
            Some(Some(display)) => {
                new.display_name = display;
                more.unnamed = false;
            }
            // Cleared: no name, as a source that was never named.
            Some(None) => more.unnamed = true,
            None => {}
        }
        if let Some(enabled) = input.enabled {
            more.enabled = Some(enabled);
        }
        if let Some(settings) = input.settings {
            more.settings = Some(merged(more.settings.take().unwrap_or_default(), settings));
        }
        let renamed = new.name.clone();
        (sources::update(&state, &name, new, more)?, renamed)
    };
    tx.commit(ops).await?;
    let state = app.store.read();
    data(One { source: one(&app, &state, &name)? })
}

/// Settings sent merge by top-level key; `null` removes one.
fn merged(mut current: Map<String, Value>, given: Map<String, Value>) -> Map<String, Value> {
    for (key, value) in given {
        if value.is_null() {
            current.remove(&key);
        } else {
            current.insert(key, value);
        }
    }
    current
}

/// Delete a source
///
/// With its destinations, their filters, its tracking-plan connection and its schema settings.
#[cfg_attr(test, utoipa::path(delete, path = "/sources/{sourceId}", tag = "Sources", params(SourcePath),
    responses(
        (status = 200, description = "deleted", body = Envelope<StatusOnly>),
        (status = 404, description = "no source of this id in the token's workspace"),
    )))]
pub async fn delete_source(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>) -> Reply {
    let tx = write.begin(&app).await;
    let ops = {
        let state = tx.state();
        let name = named(&state, &model::workspace_of(&state, tx.caller())?, &id)?;
        sources::delete(&state, &name)?
    };
    tx.commit(ops).await?;
    success()
}

/// List schema settings in a source
///
/// What the source's tracking plan lets through; forwarding targets are source ids.
#[cfg_attr(test, utoipa::path(get, path = "/sources/{sourceId}/settings", tag = "Sources", params(SourcePath),
    responses(
        (status = 200, description = "the source's schema settings", body = Envelope<SourceSettings>),
        (status = 404, description = "no source of this id in the token's workspace"),
    )))]
pub async fn list_schema_settings_in_source(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
) -> Reply {
    let state = app.store.read();
    let name = named(&state, &caller.workspace(&state)?, &id)?;
    let (config, _) = schema::current(&state, &name);
    data(SourceSettings { source_id: id, settings: render::schema_settings(&state, &name, &config) })
}

/// Update schema settings in a source
///
/// Merged field by field within each group; a forwarding target is a source id of the workspace, `""` clears it.
#[cfg_attr(test, utoipa::path(patch, path = "/sources/{sourceId}/settings", tag = "Sources", params(SourcePath),
    request_body = SchemaSettings,
    responses(
        (status = 200, description = "the source's schema settings as updated", body = Envelope<SourceSettings>),
        (status = 404, description = "no source of this id in the token's workspace"),
        (status = 422, description = "a value of the wrong type or not in its enum, a forwarding target that is not \
                                      a source of the workspace"),
    )))]
pub async fn update_schema_settings_in_source(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    body: Body,
) -> Reply {
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let name = named(&state, &workspace, &id)?;
        let input: public::SchemaSettings = body.json()?;
        let (current, _) = schema::current(&state, &name);
        let new = apply_settings(&state, &workspace, current, &input)?;
        (schema::set(&state, &name, new)?, name)
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    let (config, _) = schema::current(&state, &name);
    data(SourceSettings { source_id: id, settings: render::schema_settings(&state, &name, &config) })
}

/// The settings a body gives, field by field, over the current ones; a forwarding target is a source id of the
/// workspace (stored as its slug) or `""`, which clears it.
fn apply_settings(
    state: &Store,
    workspace: &str,
    current: SchemaConfig,
    input: &public::SchemaSettings,
) -> Result<SchemaConfig, Problem> {
    let mut fields = map::schema_settings_to_config(input);
    for (field, public_field) in [
        ("forwarding_violations_to", "forwardingViolationsTo"),
        ("forwarding_blocked_events_to", "forwardingBlockedEventsTo"),
    ] {
        let Some(Value::String(id)) = fields.get(field).cloned() else { continue };
        if id.is_empty() {
            continue;
        }
        let target = named(state, workspace, &id)
            .map_err(|_| Status::invalid_field(public_field, format!("{public_field}: no source {id} here")))?;
        fields.insert(field.into(), Value::String(target.rsplit('/').next().unwrap_or_default().to_string()));
    }
    let mut value = serde_json::to_value(&current).map_err(|e| Status::internal(e.to_string()))?;
    if let Value::Object(object) = &mut value {
        object.extend(fields);
    }
    serde_json::from_value(value).map_err(|e| Status::invalid_field("settings", e.to_string()).into())
}
