//! `seg regulations`: deletion and suppression requests for users.

mod create;

use super::Context;
use super::args::ListArgs;
use crate::api::names::Kind;
use crate::error::Result;
use crate::ui::table;
use crate::wire::{Page, Regulation, Request};

/// Regulations: deletion requests of the workspace.
///
/// Create, list and show regulations (deletion requests) of the workspace (-w).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    Create(create::Args),
    /// List regulations.
    ///
    /// Sends GET /v1beta/workspaces/WS/regulations, following next_page_token to the end, and prints each
    /// regulation's id, type, number of users and creation time (JSON in a pipe). Without a workspace it exits 2.
    #[command(after_help = "Example:\n  seg -w acme regulations list")]
    List {
        #[command(flatten)]
        list: ListArgs,
    },
    /// Show one regulation.
    ///
    /// Sends GET /v1beta/workspaces/WS/regulations/ID (the `regulate_id` that `regulations create` printed) and
    /// prints it. An unknown id exits 15 (not found).
    #[command(after_help = "Example:\n  seg -w acme regulations get 1ZyXmgjVaAJx4l8C8m8JcI6jGYN")]
    #[command(visible_alias = "show")]
    Get {
        /// Regulation: ID (with -w) or workspaces/WS/regulations/ID
        id: String,
    },
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::Create(args) => create::run(args, ctx).await,
        Command::List { list } => {
            if ctx.lists_fields(table::REGULATIONS)? {
                return Ok(());
            }
            let ws = ctx.workspace()?;
            ctx.list(vec![Request::<Page<Regulation>>::list(ws.below("regulations")?)], &list, table::REGULATIONS).await
        }
        Command::Get { id } => {
            ctx.show(Request::<Regulation>::get(ctx.name(Kind::Regulation, &id)?.target()), table::REGULATIONS).await
        }
    }
}
