//! Destinations: `workspaces/<ws>/sources/<src>/destinations/<slug>`, the slug being a catalog destination.
//! Config items are named `<destination>/config/<key>` (a bare key is accepted), typed from the catalog when the
//! request leaves `type` out, and merged by name on update. The `webhooks` destination holds at most 5 hooks.

use std::sync::Arc;

use axum::extract::State;
use serde_json::Value;

use super::{DestinationPath, Found, Path, Reply, SourcePath, Tx, View, child_slug, deleted, now, ok};
use crate::emulator::App;
use crate::emulator::gate::{Caller, WriteScope};
use crate::emulator::body::JsonBody;
use crate::emulator::config::mask::{self, MaskedUpdate};
#[cfg(test)]
use crate::emulator::config::doc::{DestinationPage, DestinationUpdate, Empty};
#[cfg(test)]
use crate::emulator::config::paging::PageQuery;
use crate::emulator::config::paging::Paging;
use crate::emulator::store::{Op, Resource};
use crate::emulator::{outbox, status::Status};
use crate::webhook::deliver;
use crate::wire::{CONNECTION_MODES, ConfigItem, CreateDestination, Destination, UpdateRequest, wrapper};

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
    view.list(&format!("{source}/destinations"), wrapper::DESTINATIONS, &page, |_| true)
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
    let destination = {
        let state = tx.state();
        let source = require_source(&tx.view(&state), &p.workspace, &p.source)?;
        let collection = format!("{source}/destinations");
        let slug = child_slug(&input.name, &collection, "destination")?;
        let Some(catalog) = app.catalog.destination(slug) else {
            return Err(Status::invalid(format!(
                "destination slug {slug:?} is not in the catalog; see GET /v1beta/catalog/destinations"
            )));
        };
        let name = format!("{collection}/{slug}");
        let config = normalize_config(&app, &name, slug, input.config.unwrap_or_default())?;
        let connection_mode = input.connection_mode.unwrap_or_else(|| "UNSPECIFIED".into()).to_ascii_uppercase();
        check_connection_mode(&connection_mode)?;
        let time = now();
        Destination {
            name,
            parent: source,
            display_name: catalog.display_name.clone(),
            enabled: input.enabled.unwrap_or(false),
            connection_mode,
            config,
            create_time: time.clone(),
            update_time: time,
            ..Default::default()
        }
    };
    tx.commit(vec![Op::Insert(destination.name.clone(), Resource::Destination(destination.clone()))]).await?;
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
    let (name, new) = {
        let state = tx.state();
        let source = require_source(&tx.view(&state), &p.workspace, &p.source)?;
        let name = format!("{source}/destinations/{}", p.destination);
        let Some(Resource::Destination(current)) = state.get(&name) else {
            return Err(Status::not_found(format!("{name} not found")));
        };
        let mut update = MaskedUpdate::new(body, mask::DESTINATION)?;
        let config_path = ["config".to_string()];
        // Config merges by item name: listed with no items (no value, `null` or `[]`), it changes no item, so the
        // Go client's way to disable a destination (`destination.enabled` + `destination.config`, no config) keeps
        // the settings (API.md: merge wins over rule 2).
        if update.value(&config_path).is_none_or(|v| v.as_array().is_some_and(Vec::is_empty)) {
            update.paths.retain(|path| *path != config_path);
        }
        if let Some(given) = update.value(&config_path).cloned() {
            let items: Vec<ConfigItem> = serde_json::from_value(given)
                .map_err(|e| Status::invalid(format!("invalid destination.config: {e}")))?;
            let items = normalize_config(&app, &name, &p.destination, items)?;
            let merged = merge_config(current.config.clone(), items);
            let merged = serde_json::to_value(merged).map_err(|e| Status::internal(e.to_string()))?;
            update.fields.insert("config".into(), merged);
        }
        if let Some(given) = update.everything_given().apply_to(current)? {
            check_connection_mode(&given.connection_mode)?;
        }
        match update.apply_to(current)? {
            None => return ok(current),
            Some(mut new) => {
                // In any case, as a client's README sends it (`cloud`); stored as the API spells it.
                new.connection_mode.make_ascii_uppercase();
                // Listed without a value: the enum's empty value (checked above when a value was given).
                if new.connection_mode.is_empty() {
                    new.connection_mode = "UNSPECIFIED".into();
                }
                new.update_time = now();
                (name, new)
            }
        }
    };
    tx.commit(vec![Op::Replace(name, Resource::Destination(new.clone()))]).await?;
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
    let name = {
        let state = tx.state();
        let source = require_source(&tx.view(&state), &p.workspace, &p.source)?;
        format!("{source}/destinations/{}", p.destination)
    };
    tx.commit(vec![Op::RemoveTree(name)]).await?;
    deleted()
}

/// One of the modes, in any case (`cloud` is `CLOUD`).
fn check_connection_mode(mode: &str) -> Result<(), Status> {
    if CONNECTION_MODES.contains(&mode.to_ascii_uppercase().as_str()) {
        Ok(())
    } else {
        Err(Status::invalid(format!("invalid connection_mode {mode:?}; one of {}", CONNECTION_MODES.join(", "))))
    }
}

/// Full names, catalog display names and types, and the webhook rules, for config items of a request.
fn normalize_config(
    app: &App,
    destination: &str,
    slug: &str,
    items: Vec<ConfigItem>,
) -> Result<Vec<ConfigItem>, Status> {
    let catalog = &app.catalog;
    let catalog = catalog.destination(slug);
    let prefix = format!("{destination}/config/");
    let mut out: Vec<ConfigItem> = Vec::with_capacity(items.len());
    for mut item in items {
        let key = match item.name.strip_prefix(&prefix) {
            Some(key) => key.to_string(),
            None if !item.name.contains('/') && !item.name.is_empty() => item.name.clone(),
            None => return Err(Status::invalid(format!("config item name {:?} must be {prefix}<key>", item.name))),
        };
        let setting = catalog.and_then(|c| c.settings.iter().find(|s| s.name == key));
        let Some(setting) = setting else {
            let known: Vec<&str> =
                catalog.map(|c| c.settings.iter().map(|s| s.name.as_str()).collect()).unwrap_or_default();
            return Err(Status::invalid(format!(
                "unknown setting {key:?} for destination {slug}; known: {}",
                known.join(", ")
            )));
        };
        item.name = format!("{prefix}{key}");
        if item.display_name.is_empty() {
            item.display_name = setting.display_name.clone();
        }
        if item.kind.is_empty() {
            item.kind = setting.kind.to_ascii_lowercase();
        }
        if slug == "webhooks" {
            check_webhook_setting(&key, &item.value, &app.served())?;
        }
        // A name given twice: the last one wins, in the first one's place.
        match out.iter_mut().find(|o| o.name == item.name) {
            Some(existing) => *existing = item,
            None => out.push(item),
        }
    }
    Ok(out)
}

fn check_webhook_setting(key: &str, value: &Value, served: &[std::net::SocketAddr]) -> Result<(), Status> {
    let bad = |msg: String| Err(Status::invalid(msg));
    match key {
        "hooks" => {
            let hooks = match value {
                Value::Null => return Ok(()),
                Value::Array(hooks) => hooks,
                _ => return bad("config hooks must be an array of {\"hook\": URL, \"headers\": [...]}".into()),
            };
            if hooks.len() > deliver::MAX_URLS {
                return bad(format!("at most {} webhook URLs are allowed, got {}", deliver::MAX_URLS, hooks.len()));
            }
            for hook in hooks {
                let url = hook.get("hook").and_then(Value::as_str);
                let Some(url) = url.filter(|u| u.starts_with("http://") || u.starts_with("https://")) else {
                    let shown = crate::secret::redact_urls(&hook.to_string()).into_owned();
                    return bad(format!("each hook needs \"hook\": an http(s) URL; got {shown}"));
                };
                check_not_looping(url, served)?;
                check_hook_headers(hook.get("headers"))?;
            }
            Ok(())
        }
        "sharedSecret" | "globalHook" if !value.is_string() && !value.is_null() => {
            bad(format!("config {key} must be a string"))
        }
        "globalHook" => value.as_str().map_or(Ok(()), |url| check_not_looping(url, served)),
        _ => Ok(()),
    }
}

/// A hook may not point at this emulator's own tracking endpoints: each delivery would come back as a tracking call
/// and be delivered again, to every hook of the destination (`outbox::loops_back`).
fn check_not_looping(url: &str, served: &[std::net::SocketAddr]) -> Result<(), Status> {
    if outbox::loops_back(url, served) {
        return Err(Status::invalid(format!(
            "hook {} points at this emulator's own tracking endpoints: its deliveries would come back as tracking \
             calls and be delivered again without end; point it at a receiver such as `seg webhook listen`",
            crate::secret::redact_urls(url)
        )));
    }
    Ok(())
}

/// A hook's headers: the catalog types them as a MAP, API.md shows `[{"key", "value"}]`; both are accepted, each
/// header a valid one a hook may send (`deliver::custom_header`: not one that decides the framing or the signature)
/// and given once.
fn check_hook_headers(headers: Option<&Value>) -> Result<(), Status> {
    let shape = || {
        Status::invalid(
            "hook headers must be {\"Name\": \"value\"} or [{\"key\": \"Name\", \"value\": \"value\"}] with string values",
        )
    };
    let pairs: Vec<(&str, &str)> = match headers {
        None | Some(Value::Null) => return Ok(()),
        Some(Value::Object(map)) => {
            map.iter().map(|(k, v)| Some((k.as_str(), v.as_str()?))).collect::<Option<_>>().ok_or_else(shape)?
        }
        Some(Value::Array(list)) => list
            .iter()
            .map(|h| Some((h.get("key")?.as_str()?, h.get("value")?.as_str()?)))
            .collect::<Option<_>>()
            .ok_or_else(shape)?,
        Some(_) => return Err(shape()),
    };
    for (name, value) in &pairs {
        deliver::custom_header(name, value).map_err(|e| Status::invalid(format!("hook headers: {e}")))?;
    }
    deliver::check_headers(pairs.iter().map(|(name, _)| *name))
        .map_err(|e| Status::invalid(format!("hook headers: {e}")))
}

/// Items sent replace the items of the same name; the others keep their values.
fn merge_config(mut current: Vec<ConfigItem>, items: Vec<ConfigItem>) -> Vec<ConfigItem> {
    for item in items {
        match current.iter_mut().find(|c| c.name == item.name) {
            Some(existing) => *existing = item,
            None => current.push(item),
        }
    }
    current
}
