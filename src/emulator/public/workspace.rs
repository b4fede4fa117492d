//! `getWorkspace`: the token's workspace (`GET /`), which seg and typewriter read to check a token.

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;

use super::{Caller, Reply, data, render};
use crate::emulator::App;
use crate::emulator::store::Resource;
use crate::wire::public;

#[derive(Serialize)]
struct WorkspaceData {
    workspace: public::Workspace,
}

pub async fn get_workspace(State(app): State<Arc<App>>, caller: Caller) -> Reply {
    let state = app.store.read();
    let name = caller.workspace(&state)?;
    let Some(Resource::Workspace(workspace)) = state.get(&name) else {
        return Err(crate::emulator::status::Status::not_found(format!("{name} not found")).into());
    };
    data(WorkspaceData { workspace: render::workspace(&state, workspace) })
}
