//! `seg sources`: sources of a workspace.

mod create;
mod delete;
mod get;
mod list;
mod schema_config;
mod update;

use super::Context;
use crate::error::Result;

/// Sources and their schema config.
///
/// List, show, create, update and delete sources, and their schema config.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    List(list::Args),
    #[command(visible_alias = "show")]
    Get(get::Args),
    Create(create::Args),
    Update(update::Args),
    Patch(update::Args),
    Delete(delete::Args),
    /// Show or update a source's schema config
    #[command(subcommand, name = "schema-config")]
    SchemaConfig(schema_config::Command),
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::List(args) => list::run(args, ctx).await,
        Command::Get(args) => get::run(args, ctx).await,
        Command::Create(args) => create::run(args, ctx).await,
        Command::Update(args) | Command::Patch(args) => update::run(args, ctx).await,
        Command::Delete(args) => delete::run(args, ctx).await,
        Command::SchemaConfig(cmd) => schema_config::run(cmd, ctx).await,
    }
}
