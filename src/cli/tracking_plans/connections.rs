//! `seg tracking-plans connections`: which sources a plan applies to.

use crate::api::list;
use crate::api::names::Kind;
use crate::cli::Context;
use crate::cli::args::ListArgs;
use crate::error::Result;
use crate::ui::table;
use crate::wire::{self, ConnectSource, Page, Request, SourceConnection, TrackingPlan};

/// List, add and remove a tracking plan's source connections.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the sources connected to a plan, or to every plan of the workspace with --all.
    ///
    /// Sends GET /v1beta/workspaces/WS/tracking-plans/rs_ID/source-connections, following next_page_token to the
    /// end, and prints one row per connected source (source and plan id). With --all: every plan of the workspace
    /// (-w), their connections read concurrently within the rate budget and printed in the plans' order (--limit
    /// reads them one after the other; --page-token and --no-paginate need a plan). A plan that does not exist exits
    /// 15. A plan may be named by its display name (looked up in the workspace's plans; two of it exit 2).
    #[command(
        after_help = "Examples:\n  seg -w acme tracking-plans connections list rs_123\n  seg -w acme tracking-plans connections list --all -o ndjson\n  seg -w acme tracking-plans connections list --all \\\n      --json source,tracking_plan"
    )]
    List {
        /// Tracking plan: its display name, rs_ID or tp_ID (with -w), or full name
        #[arg(required_unless_present = "all", conflicts_with = "all")]
        plan: Option<String>,
        /// Every plan's connections
        #[arg(long)]
        all: bool,
        #[command(flatten)]
        list: ListArgs,
    },
    /// Connect a source to a plan.
    ///
    /// Sends POST /v1beta/workspaces/WS/tracking-plans/rs_ID/source-connections with {"source_name": SOURCE} and
    /// prints the connection (source name and plan id). A plan or source that does not exist exits 15.
    #[command(after_help = "Examples:
  seg -w acme tracking-plans connections add rs_123 web
  seg -w acme tracking-plans connections add 'Main plan' web")]
    Add {
        /// Tracking plan: its display name, rs_ID or tp_ID (with -w), or full name
        plan: String,
        /// Source: SLUG (with -w) or workspaces/WS/sources/SLUG
        source: String,
    },
    /// Disconnect a source from a plan.
    ///
    /// Sends DELETE /v1beta/workspaces/WS/tracking-plans/rs_ID/source-connections/SRC and prints the service's
    /// (empty) answer. Only the link goes: the source and the plan stay, so it does not ask for confirmation. A
    /// connection that does not exist exits 15.
    #[command(after_help = "Example:\n  seg -w acme tracking-plans connections remove rs_123 web")]
    Remove {
        /// Tracking plan: its display name, rs_ID or tp_ID (with -w), or full name
        plan: String,
        /// Source: SLUG (with -w) or workspaces/WS/sources/SLUG
        source: String,
    },
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::List { plan: Some(plan), list, .. } => {
            let plan = super::plan(ctx, &plan).await?;
            let request = Request::<Page<SourceConnection>>::list(plan.below("source-connections")?);
            ctx.list(vec![request], &list, table::CONNECTIONS).await
        }
        Command::List { plan: None, list: args, .. } => {
            if ctx.lists_fields(table::CONNECTIONS)? {
                return Ok(());
            }
            args.across("a plan")?;
            let ws = ctx.workspace()?;
            let plans = list::collect(ctx.client()?, Request::<Page<TrackingPlan>>::list(ws.below("tracking-plans")?));
            let requests = plans
                .await?
                .iter()
                .map(|p| Request::list_under(&p.name, "source-connections"))
                .collect::<Result<_, _>>()
                .map_err(crate::error::Error::failed)?;
            ctx.list_across::<SourceConnection>(requests, &args, table::CONNECTIONS, "a plan").await
        }
        Command::Add { plan, source } => {
            let source = ctx.name(Kind::Source, &source)?;
            let plan = super::plan(ctx, &plan).await?;
            let body = ConnectSource { source_name: source.to_string() };
            ctx.show(wire::create(plan.below("source-connections")?, &body), table::CONNECTIONS).await
        }
        Command::Remove { plan, source } => {
            let source = ctx.name(Kind::Source, &source)?;
            let plan = super::plan(ctx, &plan).await?;
            let request = Request::delete(plan.below_item("source-connections", source.id())?);
            ctx.remove(request, &source, table::CONNECTIONS).await
        }
    }
}
