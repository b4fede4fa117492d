//! Workspaces: List and Get only; they come from `seg serve --workspace` and `--seed`.

use std::sync::Arc;

use axum::extract::State;

use super::{Path, Reply, View, WorkspacePath};
use crate::emulator::App;
#[cfg(test)]
use crate::emulator::config::doc::WorkspacePage;
#[cfg(test)]
use crate::emulator::config::paging::PageQuery;
use crate::emulator::config::paging::Paging;
use crate::emulator::gate::Caller;
use crate::emulator::store::Resource;
#[cfg(test)]
use crate::wire::Workspace;
use crate::wire::wrapper;

/// List workspaces
///
/// The workspaces the token reaches, 10 a page.
#[cfg_attr(test, utoipa::path(get, path = "/workspaces", tag = "workspaces", params(PageQuery),
    responses((status = 200, description = "a page of workspaces", body = WorkspacePage))))]
pub async fn list_workspaces(State(app): State<Arc<App>>, caller: Caller, Paging(page): Paging) -> Reply {
    let state = app.store.read();
    let view = View::new(&app, &state, &caller);
    view.list(
        "workspaces",
        wrapper::WORKSPACES,
        &page,
        |r| matches!(r, Resource::Workspace(w) if caller.reaches(&w.name)),
    )
}

/// Get a workspace
#[cfg_attr(test, utoipa::path(get, path = "/workspaces/{workspace}", tag = "workspaces", params(WorkspacePath),
    responses(
        (status = 200, description = "the workspace", body = Workspace),
        (status = 404, description = "no such workspace, or the token does not reach it"),
    )))]
pub async fn get_workspace(State(app): State<Arc<App>>, caller: Caller, Path(p): Path<WorkspacePath>) -> Reply {
    let state = app.store.read();
    let view = View::new(&app, &state, &caller);
    view.get(&view.workspace(&p.workspace)?)
}
