//! `getWorkspace`: the token's workspace (`GET /`), which seg and typewriter read to check a token.

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;

use super::{Caller, Reply, data, render};
use crate::emulator::App;
use crate::emulator::store::Resource;
use crate::wire::public;
#[cfg(test)]
use crate::wire::public::Envelope;

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema))]
struct WorkspaceData {
    workspace: public::Workspace,
}

/// Get the workspace
///
/// The workspace the token acts on.
#[cfg_attr(test, utoipa::path(get, path = "/", tag = "Workspaces",
    responses((status = 200, description = "the token's workspace", body = Envelope<WorkspaceData>))))]
pub async fn get_workspace(State(app): State<Arc<App>>, caller: Caller) -> Reply {
    let state = app.store.read();
    let name = caller.workspace(&state)?;
    let Some(Resource::Workspace(workspace)) = state.get(&name) else {
        return Err(crate::emulator::status::Status::not_found(format!("{name} not found")).into());
    };
    data(WorkspaceData { workspace: render::workspace(&state, workspace) })
}
