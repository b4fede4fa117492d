//! `seg warehouses`: the workspace's warehouses and the sources connected to each (a Public API resource:
//! `cli::records`).

mod connections;
mod create;
mod delete;
mod get;
mod list;
mod update;

use crate::cli::Context;
use crate::error::Result;

/// List, show, create, update and delete warehouses, and connect sources to them (Public API).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    List(list::Args),
    #[command(visible_alias = "show")]
    Get(get::Args),
    Create(create::Args),
    Update(update::Args),
    Delete(delete::Args),
    #[command(subcommand)]
    Connections(connections::Command),
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::List(args) => list::run(args, ctx).await,
        Command::Get(args) => get::run(args, ctx).await,
        Command::Create(args) => create::run(args, ctx).await,
        Command::Update(args) => update::run(args, ctx).await,
        Command::Delete(args) => delete::run(args, ctx).await,
        Command::Connections(cmd) => connections::run(cmd, ctx).await,
    }
}
