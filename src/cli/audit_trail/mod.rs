//! `seg audit-trail`: the workspace's audit trail, one event per write (a Public API resource: `cli::records`).

use crate::cli::args::ListArgs;
use crate::cli::{Context, records};
use crate::error::Result;
use crate::wire::Noun;

/// Read the workspace's audit trail (Public API).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the events of the audit trail, oldest first.
    ///
    /// Sends GET /audit-events (Public API), following the cursor to the end, and prints each event's id, time,
    /// type, resource and actor. --since and --until bound the time (RFC 3339, both ends included); --resource-id
    /// and --resource-type keep the events of one resource or kind. The Config API has none (exit 2).
    #[command(after_help = "Examples:
  seg audit-trail list --since 2026-01-01T00:00:00Z
  seg audit-trail list --resource-type Source -o json --jq '.[].type'")]
    List {
        /// Only events at or after this time (RFC 3339)
        #[arg(long, value_name = "TIME")]
        since: Option<String>,
        /// Only events at or before this time (RFC 3339)
        #[arg(long, value_name = "TIME")]
        until: Option<String>,
        /// Only events of the resource of this id
        #[arg(long, value_name = "ID")]
        resource_id: Option<String>,
        /// Only events of resources of this kind (Source, Destination, Warehouse, ...)
        #[arg(long, value_name = "KIND")]
        resource_type: Option<String>,
        #[command(flatten)]
        list: ListArgs,
    },
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::List { since, until, resource_id, resource_type, list } => {
            let query: Vec<(&str, &str)> = [
                ("startTime", since.as_deref()),
                ("endTime", until.as_deref()),
                ("resourceId", resource_id.as_deref()),
                ("resourceType", resource_type.as_deref()),
            ]
            .into_iter()
            .filter_map(|(key, value)| value.map(|v| (key, v)))
            .collect();
            records::list(ctx, Noun::AuditEvents, None, &query, &list).await
        }
    }
}
