use crate::cli::Context;
use crate::cli::args::ListArgs;
use crate::error::Result;
use crate::ui::table;
use crate::wire::{Page, Request, TrackingPlan};

/// List the tracking plans of the workspace (-w).
///
/// Sends GET /v1beta/workspaces/WS/tracking-plans, following next_page_token to the end (100 items a page unless
/// --page-size; --limit N stops after N). The table (on a terminal) shows each plan's id, display name and number
/// of events; JSON (the default in a pipe) carries every field the service sends. Without a workspace it exits 2.
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  seg -w acme tracking-plans list")]
pub struct Args {
    #[command(flatten)]
    list: ListArgs,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    if ctx.lists_fields(table::TRACKING_PLANS)? {
        return Ok(());
    }
    let ws = ctx.workspace()?;
    let request = Request::<Page<TrackingPlan>>::list(ws.below("tracking-plans")?);
    ctx.list(vec![request], &args.list, table::TRACKING_PLANS).await
}
