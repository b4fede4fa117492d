//! `seg regulations`: deletion and suppression requests for users.

use reqwest::Method;
use serde_json::json;

use super::Context;
use super::args::ListArgs;
use crate::api::client::Request;
use crate::api::models::{REGULATION_TYPES, wrapper};
use crate::api::names::Kind;
use crate::error::Result;
use crate::ui::table;

/// Create, list and show regulations (deletion requests) of the workspace (-w).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Ask for users' data to be deleted and/or suppressed
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
    /// List regulations
    #[command(after_help = "Example:\n  seg -w acme regulations list")]
    List {
        #[command(flatten)]
        list: ListArgs,
    },
    /// Show one regulation
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
            let body = json!({"regulation_type": kind, "attributes": {"name": "userId", "values": user_ids}});
            ctx.show(Request::with_json(Method::POST, format!("{ws}/regulations"), &body), table::REGULATIONS).await
        }
        Command::List { list } => {
            let ws = ctx.workspace()?;
            ctx.list(Request::get(format!("{ws}/regulations")), Some(wrapper::REGULATIONS), &list, table::REGULATIONS)
                .await
        }
        Command::Get { id } => {
            ctx.show(Request::get(ctx.name(Kind::Regulation, &id)?.path()), table::REGULATIONS).await
        }
    }
}
