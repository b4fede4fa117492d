//! `seg workspaces`: the workspaces the token reaches.

mod get;
mod list;

use super::Context;
use crate::error::Result;

/// List and show workspaces.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    List(list::Args),
    #[command(visible_alias = "show")]
    Get(get::Args),
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::List(args) => list::run(args, ctx).await,
        Command::Get(args) => get::run(args, ctx).await,
    }
}
