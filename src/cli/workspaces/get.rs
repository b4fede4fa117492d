use crate::api::names::Kind;
use crate::cli::Context;
use crate::error::{Error, Result};
use crate::ui::table;
use crate::wire::{Request, Workspace};

/// Show one workspace (the one named, else the one of -w).
///
/// Sends GET /v1beta/workspaces/WS and prints its name, display name, id and creation time (a table of fields on
/// a terminal, JSON in a pipe). With no argument and no -w (nor a profile workspace) it is a usage error (exit 2);
/// a workspace that does not exist exits 15 (not found).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg workspaces get acme
  seg -w acme workspaces get -o json")]
pub struct Args {
    /// Workspace slug or name (workspaces/SLUG); defaults to -w
    workspace: Option<String>,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    if ctx.lists_fields(table::WORKSPACES)? {
        return Ok(());
    }
    let name = match args.workspace.as_deref() {
        Some(ws) => ctx.name(Kind::Workspace, ws)?,
        None => {
            ctx.workspace().map_err(|_| Error::usage("name a workspace: seg workspaces get WORKSPACE (or pass -w)"))?
        }
    };
    ctx.show(Request::<Workspace>::get(name.target()), table::WORKSPACES).await
}
