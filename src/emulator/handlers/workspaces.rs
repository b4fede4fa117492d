//! Workspaces: List and Get only; they come from `seg serve --workspace` and `--seed`.

use super::{Ctx, Reply};
use crate::emulator::store::Resource;
use crate::wire::wrapper;

pub fn list(ctx: &mut Ctx) -> Reply {
    let caller = ctx.caller;
    ctx.list("workspaces", wrapper::WORKSPACES, |r| matches!(r, Resource::Workspace(w) if caller.reaches(&w.name)))
}

pub fn get(ctx: &mut Ctx, ws: &str) -> Reply {
    let name = ctx.workspace(ws)?;
    ctx.get(&name)
}
