//! `seg roles`: the roles a permission gives (a Public API resource: `cli::records`).

use crate::cli::args::ListArgs;
use crate::cli::{Context, records};
use crate::error::Result;
use crate::wire::Noun;

/// List the roles permissions give (Public API).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the roles.
    ///
    /// Sends GET /roles (Public API), following the cursor to the end, and prints each role's id, name and what it
    /// allows: the names `--permission` takes (`seg users update`, `seg user-groups update`). The Config API has
    /// none (exit 2, before any request).
    #[command(after_help = "Examples:
  seg roles list
  seg roles list -o json --jq '.[].name'")]
    List {
        #[command(flatten)]
        list: ListArgs,
    },
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::List { list } => records::list(ctx, Noun::Roles, None, &[], &list).await,
    }
}
