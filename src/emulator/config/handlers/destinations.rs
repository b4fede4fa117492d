//! Destinations through the Config API: `workspaces/<ws>/sources/<src>/destinations/<slug>`, the slug being a
//! catalog destination (the model: `model::destinations`). Config items are named `<destination>/config/<key>` (a
//! bare key is accepted), typed from the catalog when the request leaves `type` out, and merged by name on update.

use std::sync::Arc;

use axum::extract::State;

use super::{DestinationPath, Found, Path, Reply, SourcePath, Tx, View, child_slug, deleted, ok, view};
use crate::emulator::App;
use crate::emulator::body::JsonBody;
#[cfg(test)]
use crate::emulator::config::doc::{DestinationPage, DestinationUpdate, Empty};
use crate::emulator::config::mask::{self, MaskedUpdate};
#[cfg(test)]
use crate::emulator::config::paging::PageQuery;
use crate::emulator::config::paging::Paging;
use crate::emulator::gate::{Caller, WriteScope};
use crate::emulator::model::destinations::{self, Instances, NewDestination};
use crate::emulator::status::Status;
use crate::emulator::store::{Op, Resource};
use crate::wire::{ConfigItem, CreateDestination, Destination, UpdateRequest, wrapper};

/// The source's name, when it exists in a workspace the caller reaches; 404 otherwise.
fn require_source(view: &View, ws: &str, src: &str) -> Result<String, Status> {
    view.existing(ws, &format!("sources/{src}"))
}

/// List a source's destinations
#[cfg_attr(test, utoipa::path(get, path = "/workspaces/{workspace}/sources/{source}/destinations", tag = "destinations",
    params(SourcePath, PageQuery),
    responses(
        (status = 200, description = "a page of destinations", body = DestinationPage),
        (status = 404, description = "no such workspace or source"),
    )))]
pub async fn list_destinations(
    State(app): State<Arc<App>>,
    caller: Caller,
    Path(p): Path<SourcePath>,
    Paging(page): Paging,
) -> Reply {
    let state = app.store.read();
    let view = View::new(&app, &state, &caller);
    let source = require_source(&view, &p.workspace, &p.source)?;
    // A further destination of one catalog entry (the Public API can make one) has no Config API name.
    view.list(
        &format!("{source}/destinations"),
        wrapper::DESTINATIONS,
        &page,
        |resource| !matches!(resource, Resource::Destination(d) if destinations::is_further_instance(&d.name)),
    )
}

/// Create a destination
///
/// `name` ends in a catalog destination's slug; `config` items name settings of that catalog destination
/// (the full name `<destination>/config/<key>` or the bare key). `enabled` is false unless given.
#[cfg_attr(test, utoipa::path(post, path = "/workspaces/{workspace}/sources/{source}/destinations", tag = "destinations",
    params(SourcePath),
    request_body = CreateDestination,
    responses(
        (status = 200, description = "the new destination", body = Destination),
        (status = 400, description = "invalid JSON or field value: a slug not in the catalog, an unknown setting, \
                                      more than 5 webhook URLs, an invalid hook header"),
        (status = 404, description = "no such workspace or source"),
        (status = 409, description = "the destination exists"),
    )))]
pub async fn create_destination(
    State(app): State<Arc<App>>,
    write: WriteScope,
    Found(p): Found<SourcePath>,
    JsonBody(CreateDestination { destination: input }): JsonBody<CreateDestination>,
) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let (op, destination) = {
        let state = tx.state();
        let source = require_source(&view(&tx, &state), &p.workspace, &p.source)?;
        let collection = format!("{source}/destinations");
        let slug = child_slug(&input.name, &collection, "destination")?;
        if app.catalog.destination(slug).is_none() {
            return Err(Status::invalid(format!(
                "destination slug {slug:?} is not in the catalog; see GET /v1beta/catalog/destinations"
            )));
        }
        let new = NewDestination {
            slug: slug.to_string(),
            enabled: input.enabled.unwrap_or(false),
            config: input.config.unwrap_or_default(),
            connection_mode: input.connection_mode,
            name: None,
        };
        destinations::create(&app, &state, &source, new, Instances::One)?
    };
    tx.commit(vec![op]).await?;
    ok(&destination)
}

/// Get a destination
#[cfg_attr(test, utoipa::path(get, path = "/workspaces/{workspace}/sources/{source}/destinations/{destination}",
    tag = "destinations", params(DestinationPath),
    responses(
        (status = 200, description = "the destination", body = Destination),
        (status = 404, description = "no such workspace, source or destination"),
    )))]
pub async fn get_destination(State(app): State<Arc<App>>, caller: Caller, Path(p): Path<DestinationPath>) -> Reply {
    let state = app.store.read();
    let view = View::new(&app, &state, &caller);
    let source = require_source(&view, &p.workspace, &p.source)?;
    view.get(&format!("{source}/destinations/{}", p.destination))
}

/// Update a destination
///
/// Mask paths: `destination.enabled`, `destination.config`, `destination.connection_mode`.
#[cfg_attr(test, utoipa::path(patch, path = "/workspaces/{workspace}/sources/{source}/destinations/{destination}",
    tag = "destinations", params(DestinationPath),
    request_body = DestinationUpdate,
    responses(
        (status = 200, description = "the destination as updated", body = Destination),
        (status = 400, description = "invalid JSON, an unknown or read-only mask path, an invalid value"),
        (status = 404, description = "no such workspace, source or destination"),
    )))]
pub async fn update_destination(
    State(app): State<Arc<App>>,
    write: WriteScope,
    Found(p): Found<DestinationPath>,
    JsonBody(body): JsonBody<UpdateRequest<Destination>>,
) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let (op, new) = {
        let state = tx.state();
        let source = require_source(&view(&tx, &state), &p.workspace, &p.source)?;
        let name = format!("{source}/destinations/{}", p.destination);
        let (current, more) = destinations::get(&state, &name)?;
        let mut update = MaskedUpdate::new(body, mask::DESTINATION)?;
        let config_path = ["config".to_string()];
        // Config merges by item name: listed with no items (no value, `null` or `[]`), it changes no item, so the
        // Go client's way to disable a destination (`destination.enabled` + `destination.config`, no config) keeps
        // the settings (docs/reference/config-api.md: merge wins over rule 2).
        if update.value(&config_path).is_none_or(|v| v.as_array().is_some_and(Vec::is_empty)) {
            update.paths.retain(|path| *path != config_path);
        }
        if let Some(given) = update.value(&config_path).cloned() {
            let given: Vec<ConfigItem> = serde_json::from_value(given)
                .map_err(|e| Status::invalid(format!("invalid destination.config: {e}")))?;
            let merged = destinations::config_update(&app, &name, &current.config, given)?;
            let merged = serde_json::to_value(merged).map_err(|e| Status::internal(e.to_string()))?;
            update.fields.insert("config".into(), merged);
        }
        if let Some(given) = update.everything_given().apply_to(current)? {
            destinations::check_connection_mode(&given.connection_mode)?;
        }
        match update.apply_to(current)? {
            None => return ok(current),
            Some(new) => {
                let op = destinations::update(&app, &state, &name, new, None, &[], more.clone())?;
                let Op::ReplaceWith(_, Resource::Destination(new), _) = &op else {
                    return Err(Status::internal("an update that is no replacement"));
                };
                let new = new.clone();
                (op, new)
            }
        }
    };
    tx.commit(vec![op]).await?;
    ok(&new)
}

/// Update a destination (PUT)
///
/// The same as PATCH: the emulator accepts both for every update.
#[cfg_attr(test, utoipa::path(put, path = "/workspaces/{workspace}/sources/{source}/destinations/{destination}",
    tag = "destinations", params(DestinationPath),
    request_body = DestinationUpdate,
    responses(
        (status = 200, description = "the destination as updated", body = Destination),
        (status = 400, description = "invalid JSON, an unknown or read-only mask path, an invalid value"),
        (status = 404, description = "no such workspace, source or destination"),
    )))]
pub async fn update_destination_put(
    app: State<Arc<App>>,
    write: WriteScope,
    found: Found<DestinationPath>,
    body: JsonBody<UpdateRequest<Destination>>,
) -> Reply {
    update_destination(app, write, found, body).await
}

/// Delete a destination
#[cfg_attr(test, utoipa::path(delete, path = "/workspaces/{workspace}/sources/{source}/destinations/{destination}",
    tag = "destinations", params(DestinationPath),
    responses(
        (status = 200, description = "deleted", body = Empty),
        (status = 404, description = "no such workspace, source or destination"),
    )))]
pub async fn delete_destination(
    State(app): State<Arc<App>>,
    write: WriteScope,
    Path(p): Path<DestinationPath>,
) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let op = {
        let state = tx.state();
        let source = require_source(&view(&tx, &state), &p.workspace, &p.source)?;
        destinations::delete(&state, &format!("{source}/destinations/{}", p.destination))?
    };
    tx.commit(vec![op]).await?;
    deleted()
}
