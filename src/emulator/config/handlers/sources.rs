//! Sources through the Config API: `workspaces/<ws>/sources/<slug>` (the model: `model::sources`). Deleting one
//! deletes its destinations and its tracking-plan connections with it.

use std::sync::Arc;

use axum::extract::State;

use super::{Found, Path, Reply, SourcePath, Tx, View, WorkspacePath, child_slug, deleted, ok, view};
use crate::emulator::App;
use crate::emulator::body::JsonBody;
#[cfg(test)]
use crate::emulator::config::doc::{Empty, SourcePage, SourceUpdate};
use crate::emulator::config::mask::{self, MaskedUpdate};
#[cfg(test)]
use crate::emulator::config::paging::PageQuery;
use crate::emulator::config::paging::Paging;
use crate::emulator::gate::{Caller, WriteScope};
use crate::emulator::model::sources::{self, NewSource};
use crate::emulator::status::Status;
use crate::wire::{CreateSource, Source, UpdateRequest, wrapper};

/// List sources
#[cfg_attr(test, utoipa::path(get, path = "/workspaces/{workspace}/sources", tag = "sources", params(WorkspacePath, PageQuery),
    responses(
        (status = 200, description = "a page of sources", body = SourcePage),
        (status = 404, description = "no such workspace"),
    )))]
pub async fn list_sources(
    State(app): State<Arc<App>>,
    caller: Caller,
    Path(p): Path<WorkspacePath>,
    Paging(page): Paging,
) -> Reply {
    let state = app.store.read();
    let view = View::new(&app, &state, &caller);
    view.workspace(&p.workspace)?;
    view.list(&sources::collection(&format!("workspaces/{}", p.workspace)), wrapper::SOURCES, &page, |_| true)
}

/// Create a source
///
/// `name` is the full name `workspaces/<workspace>/sources/<slug>` under this path's workspace, or the bare
/// slug; `catalog_name` a source of the catalog. Write keys are generated.
#[cfg_attr(test, utoipa::path(post, path = "/workspaces/{workspace}/sources", tag = "sources", params(WorkspacePath),
    request_body = CreateSource,
    responses(
        (status = 200, description = "the new source", body = Source),
        (status = 400, description = "invalid JSON or field value: a name under another workspace, a bad slug, \
                                      a catalog_name not in the catalog"),
        (status = 404, description = "no such workspace"),
        (status = 409, description = "the source exists"),
    )))]
pub async fn create_source(
    State(app): State<Arc<App>>,
    write: WriteScope,
    Found(p): Found<WorkspacePath>,
    JsonBody(CreateSource { source: input }): JsonBody<CreateSource>,
) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let (op, source) = {
        let state = tx.state();
        let workspace = view(&tx, &state).workspace(&p.workspace)?;
        let slug = child_slug(&input.name, &sources::collection(&workspace), "source")?;
        if input.catalog_name.is_empty() {
            return Err(Status::invalid("source.catalog_name is required, e.g. catalog/sources/javascript"));
        }
        if app.catalog.source(&input.catalog_name).is_none() {
            return Err(Status::invalid(format!(
                "unknown source.catalog_name {:?}; see GET /v1beta/catalog/sources",
                input.catalog_name
            )));
        }
        let new = NewSource {
            slug: slug.to_string(),
            catalog_name: input.catalog_name,
            display_name: input.display_name,
            labels: input.labels.unwrap_or_default(),
            library_config: input.library_config.unwrap_or_default(),
            ..NewSource::default()
        };
        sources::create(&app, &workspace, new)?
    };
    tx.commit(vec![op]).await?;
    ok(&source)
}

/// Get a source
#[cfg_attr(test, utoipa::path(get, path = "/workspaces/{workspace}/sources/{source}", tag = "sources", params(SourcePath),
    responses(
        (status = 200, description = "the source", body = Source),
        (status = 404, description = "no such workspace or source"),
    )))]
pub async fn get_source(State(app): State<Arc<App>>, caller: Caller, Path(p): Path<SourcePath>) -> Reply {
    let state = app.store.read();
    let view = View::new(&app, &state, &caller);
    view.workspace(&p.workspace)?;
    view.get(&format!("workspaces/{}/sources/{}", p.workspace, p.source))
}

/// Update a source
///
/// Mask paths: `source.display_name`, `source.labels`, `source.library_config` and its four fields.
#[cfg_attr(test, utoipa::path(patch, path = "/workspaces/{workspace}/sources/{source}", tag = "sources", params(SourcePath),
    request_body = SourceUpdate,
    responses(
        (status = 200, description = "the source as updated", body = Source),
        (status = 400, description = "invalid JSON, an unknown or read-only mask path, a value of the wrong type"),
        (status = 404, description = "no such workspace or source"),
    )))]
pub async fn update_source(
    State(app): State<Arc<App>>,
    write: WriteScope,
    Found(p): Found<SourcePath>,
    JsonBody(body): JsonBody<UpdateRequest<Source>>,
) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let (ops, new) = {
        let state = tx.state();
        view(&tx, &state).workspace(&p.workspace)?;
        let name = format!("workspaces/{}/sources/{}", p.workspace, p.source);
        let (current, more) = sources::get(&state, &name)?;
        let update = MaskedUpdate::new(body, mask::SOURCE)?;
        update.everything_given().apply_to(current)?;
        // A display name written through the Config API is the source's own from then on, the slug included.
        let mut more = more.clone();
        let named = more.unnamed && update.paths.iter().any(|path| path.first().is_some_and(|f| f == "display_name"));
        more.unnamed &= !named;
        match update.apply_to(current)? {
            None if !named => return ok(current),
            new => {
                let new = new.unwrap_or_else(|| current.clone());
                (sources::update(&state, &name, new.clone(), more)?, new)
            }
        }
    };
    tx.commit(ops).await?;
    ok(&new)
}

/// Update a source (PUT)
///
/// The same as PATCH: the emulator accepts both for every update.
#[cfg_attr(test, utoipa::path(put, path = "/workspaces/{workspace}/sources/{source}", tag = "sources", params(SourcePath),
    request_body = SourceUpdate,
    responses(
        (status = 200, description = "the source as updated", body = Source),
        (status = 400, description = "invalid JSON, an unknown or read-only mask path, a value of the wrong type"),
        (status = 404, description = "no such workspace or source"),
    )))]
pub async fn update_source_put(
    app: State<Arc<App>>,
    write: WriteScope,
    found: Found<SourcePath>,
    body: JsonBody<UpdateRequest<Source>>,
) -> Reply {
    update_source(app, write, found, body).await
}

/// Delete a source
///
/// Its destinations and its tracking-plan connections go with it.
#[cfg_attr(test, utoipa::path(delete, path = "/workspaces/{workspace}/sources/{source}", tag = "sources", params(SourcePath),
    responses(
        (status = 200, description = "deleted", body = Empty),
        (status = 404, description = "no such workspace or source"),
    )))]
pub async fn delete_source(State(app): State<Arc<App>>, write: WriteScope, Path(p): Path<SourcePath>) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let ops = {
        let state = tx.state();
        let workspace = view(&tx, &state).workspace(&p.workspace)?;
        sources::delete(&state, &format!("{}/{}", sources::collection(&workspace), p.source))?
    };
    tx.commit(ops).await?;
    deleted()
}
