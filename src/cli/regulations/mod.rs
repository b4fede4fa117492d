//! `seg regulations`: deletion and suppression requests for users.

use super::Context;
use super::args::ListArgs;
use crate::api::names::Kind;
use crate::error::Result;
use crate::ui::table;
use crate::wire::{self, CreateRegulation, Page, REGULATION_TYPES, Regulation, RegulationAttributes, Request};

/// Create, list and show regulations (deletion requests) of the workspace (-w).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Ask for users' data to be deleted and/or suppressed.
    ///
    /// Sends POST /v1beta/workspaces/WS/regulations with {"regulation_type": T, "attributes": {"name": "userId",
    /// "values": [...]}} and prints the answer, which holds the new regulation's id (`regulate_id`). The service
    /// takes up to 5,000 user ids a request. It does not ask for confirmation and deleted data does not come back:
    /// check the ids first (--dry-run prints the request and sends nothing).
    #[command(after_help = "Examples:
  seg -w acme regulations create --user-id 019mr8mf4r
  seg -w acme regulations create --user-id u1 --user-id u2 --type Suppress")]
    Create {
        /// A user id (repeatable; up to 5,000)
        #[arg(long = "user-id", value_name = "U", required = true)]
        user_ids: Vec<String>,
        /// What to do
        #[arg(long = "type", value_name = "T", default_value = REGULATION_TYPES[0], value_parser = REGULATION_TYPES)]
        kind: String,
    },
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
    Get {
        /// Regulation: ID (with -w) or workspaces/WS/regulations/ID
        id: String,
    },
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::Create { user_ids, kind } => {
            let ws = ctx.workspace()?;
            let attributes = RegulationAttributes { name: "userId".into(), values: user_ids };
            let body = CreateRegulation { regulation_type: kind, attributes };
            ctx.show(wire::create(&format!("{ws}/regulations"), &body), table::REGULATIONS).await
        }
        Command::List { list } => {
            let ws = ctx.workspace()?;
            ctx.list(vec![Request::<Page<Regulation>>::list(&format!("{ws}/regulations"))], &list, table::REGULATIONS)
                .await
        }
        Command::Get { id } => {
            ctx.show(Request::<Regulation>::get(ctx.name(Kind::Regulation, &id)?.path()), table::REGULATIONS).await
        }
    }
}
