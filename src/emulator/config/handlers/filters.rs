//! Destination filters through the Config API (the model: `model::filters`): stored under
//! `<destination>/filters/df_<22 alphanumerics>` (27 in older data files) and reachable there, named `<destination>/config/<hex>/filters/df_...`
//! (the form the service answered in 2022, which a Terraform provider relies on; docs/reference/config-api.md) and
//! reachable under that name too. Update masks name the fields without a prefix (`if`, `actions`); `filter.if` is read
//! the same way.

use std::sync::Arc;

use axum::extract::State;

use super::{ConfigFilterPath, DestinationPath, FilterPath, Found, Path, Reply, Tx, View, deleted, ok, view};
use crate::emulator::App;
use crate::emulator::body::JsonBody;
#[cfg(test)]
use crate::emulator::config::doc::{Empty, FilterPage, FilterUpdate};
use crate::emulator::config::mask::{self, MaskedUpdate};
#[cfg(test)]
use crate::emulator::config::paging::PageQuery;
use crate::emulator::config::paging::Paging;
use crate::emulator::gate::{Caller, WriteScope};
use crate::emulator::model::filters;
use crate::emulator::status::Status;
use crate::wire::{CreateFilter, DestinationFilter, UpdateRequest, wrapper};

fn destination_name(view: &View, ws: &str, src: &str, dst: &str) -> Result<String, Status> {
    view.existing(ws, &format!("sources/{src}"))?;
    view.existing(ws, &format!("sources/{src}/destinations/{dst}"))
}

fn filter_name(view: &View, p: &FilterPath) -> Result<String, Status> {
    let destination = destination_name(view, &p.workspace, &p.source, &p.destination)?;
    Ok(format!("{destination}/filters/{}", p.filter))
}

/// List a destination's filters
#[cfg_attr(test, utoipa::path(get, path = "/workspaces/{workspace}/sources/{source}/destinations/{destination}/filters",
    tag = "destination filters", params(DestinationPath, PageQuery),
    responses(
        (status = 200, description = "a page of filters", body = FilterPage),
        (status = 404, description = "no such workspace, source or destination"),
    )))]
pub async fn list_filters(
    State(app): State<Arc<App>>,
    caller: Caller,
    Path(p): Path<DestinationPath>,
    Paging(page): Paging,
) -> Reply {
    let state = app.store.read();
    let view = View::new(&app, &state, &caller);
    let destination = destination_name(&view, &p.workspace, &p.source, &p.destination)?;
    view.list(&format!("{destination}/filters"), wrapper::FILTERS, &page, |_| true)
}

/// Create a destination filter
///
/// `if` is an FQL condition (`all` matches every event); `actions` are `drop_event`, `sample_event` `{percent,
/// path}`, `whitelist_fields` and `blacklist_fields` `{fields: {properties|context|traits: {fields: [...]}}}`.
/// The id is generated; a `name` or `update_mask` in the body is ignored.
#[cfg_attr(test, utoipa::path(post, path = "/workspaces/{workspace}/sources/{source}/destinations/{destination}/filters",
    tag = "destination filters", params(DestinationPath),
    request_body = CreateFilter,
    responses(
        (status = 200, description = "the new filter", body = DestinationFilter),
        (status = 400, description = "invalid JSON, FQL that does not parse, an action of the wrong shape"),
        (status = 404, description = "no such workspace, source or destination"),
    )))]
pub async fn create_filter(
    State(app): State<Arc<App>>,
    write: WriteScope,
    Found(p): Found<DestinationPath>,
    JsonBody(CreateFilter { filter: input }): JsonBody<CreateFilter>,
) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let (op, filter) = {
        let state = tx.state();
        let destination = destination_name(&view(&tx, &state), &p.workspace, &p.source, &p.destination)?;
        let input = DestinationFilter {
            title: input.title,
            description: input.description,
            condition: input.condition,
            enabled: input.enabled,
            actions: input.actions,
            ..Default::default()
        };
        filters::create(&state, &destination, input)?
    };
    tx.commit(vec![op]).await?;
    ok(&filter)
}

/// Get a destination filter
#[cfg_attr(test, utoipa::path(get, path = "/workspaces/{workspace}/sources/{source}/destinations/{destination}/filters/{filter}",
    tag = "destination filters", params(FilterPath),
    responses(
        (status = 200, description = "the filter", body = DestinationFilter),
        (status = 404, description = "no such workspace, source, destination or filter"),
    )))]
pub async fn get_filter(State(app): State<Arc<App>>, caller: Caller, Path(p): Path<FilterPath>) -> Reply {
    let state = app.store.read();
    let view = View::new(&app, &state, &caller);
    view.get(&filter_name(&view, &p)?)
}

/// Update a destination filter
///
/// Mask paths without a prefix: `if`, `actions`, `title`, `description`, `enabled`.
#[cfg_attr(test, utoipa::path(patch, path = "/workspaces/{workspace}/sources/{source}/destinations/{destination}/filters/{filter}",
    tag = "destination filters", params(FilterPath),
    request_body = FilterUpdate,
    responses(
        (status = 200, description = "the filter as updated", body = DestinationFilter),
        (status = 400, description = "invalid JSON, an unknown mask path, FQL that does not parse, a bad action"),
        (status = 404, description = "no such workspace, source, destination or filter"),
    )))]
pub async fn update_filter(
    State(app): State<Arc<App>>,
    write: WriteScope,
    Found(p): Found<FilterPath>,
    JsonBody(body): JsonBody<UpdateRequest<DestinationFilter>>,
) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let (op, new) = {
        let state = tx.state();
        let name = filter_name(&view(&tx, &state), &p)?;
        let current = filters::get(&state, &name)?;
        let update = MaskedUpdate::new(body, mask::FILTER)?;
        if let Some(given) = update.everything_given().apply_to(current)? {
            filters::check(&given)?;
        }
        match update.apply_to(current)? {
            None => return ok(current),
            Some(new) => (filters::update(&state, &name, new.clone())?, new),
        }
    };
    tx.commit(vec![op]).await?;
    ok(&new)
}

/// Delete a destination filter
#[cfg_attr(test, utoipa::path(delete, path = "/workspaces/{workspace}/sources/{source}/destinations/{destination}/filters/{filter}",
    tag = "destination filters", params(FilterPath),
    responses(
        (status = 200, description = "deleted", body = Empty),
        (status = 404, description = "no such workspace, source, destination or filter"),
    )))]
pub async fn delete_filter(State(app): State<Arc<App>>, write: WriteScope, Path(p): Path<FilterPath>) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let op = {
        let state = tx.state();
        let name = filter_name(&view(&tx, &state), &p)?;
        filters::delete(&state, &name)?
    };
    tx.commit(vec![op]).await?;
    deleted()
}

/// Get a destination filter by its 2022 name
///
/// The same filter as `.../destinations/{destination}/filters/{filter}`; `{config}` is not checked.
#[cfg_attr(test, utoipa::path(get,
    path = "/workspaces/{workspace}/sources/{source}/destinations/{destination}/config/{config}/filters/{filter}",
    tag = "destination filters", params(ConfigFilterPath),
    responses(
        (status = 200, description = "the filter", body = DestinationFilter),
        (status = 404, description = "no such workspace, source, destination or filter"),
    )))]
pub async fn get_filter_by_config(app: State<Arc<App>>, caller: Caller, Path(p): Path<ConfigFilterPath>) -> Reply {
    get_filter(app, caller, Path(p.into())).await
}

/// Update a destination filter by its 2022 name
///
/// The same as PATCH `.../destinations/{destination}/filters/{filter}`.
#[cfg_attr(test, utoipa::path(patch,
    path = "/workspaces/{workspace}/sources/{source}/destinations/{destination}/config/{config}/filters/{filter}",
    tag = "destination filters", params(ConfigFilterPath),
    request_body = FilterUpdate,
    responses(
        (status = 200, description = "the filter as updated", body = DestinationFilter),
        (status = 400, description = "invalid JSON, an unknown mask path, FQL that does not parse, a bad action"),
        (status = 404, description = "no such workspace, source, destination or filter"),
    )))]
pub async fn update_filter_by_config(
    app: State<Arc<App>>,
    write: WriteScope,
    Found(p): Found<ConfigFilterPath>,
    body: JsonBody<UpdateRequest<DestinationFilter>>,
) -> Reply {
    update_filter(app, write, Found(p.into()), body).await
}

/// Delete a destination filter by its 2022 name
#[cfg_attr(test, utoipa::path(delete,
    path = "/workspaces/{workspace}/sources/{source}/destinations/{destination}/config/{config}/filters/{filter}",
    tag = "destination filters", params(ConfigFilterPath),
    responses(
        (status = 200, description = "deleted", body = Empty),
        (status = 404, description = "no such workspace, source, destination or filter"),
    )))]
pub async fn delete_filter_by_config(
    app: State<Arc<App>>,
    write: WriteScope,
    Path(p): Path<ConfigFilterPath>,
) -> Reply {
    delete_filter(app, write, Path(p.into())).await
}
