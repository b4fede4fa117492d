use crate::cli::Context;
use crate::error::Result;
use crate::ui::table;
use crate::wire::{Request, TrackingPlan};

/// Show one tracking plan with its rules.
///
/// Sends GET /v1beta/workspaces/WS/tracking-plans/rs_ID and prints the plan: display name, rules (events, global,
/// identify and group schemas) and times (a table of fields on a terminal, JSON in a pipe). A plan that does not
/// exist exits 15 (not found). A display name (any characters, matched exactly) is looked up with one listing of
/// the workspace's plans; two plans of that name exit 2, naming their ids.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme tracking-plans get 'Main plan'
  seg -w acme tracking-plans get rs_1AAPTLy8ffAAQth0PvL8rOvU6PJ -o json \\
      --jq '.rules.events[].name'")]
pub struct Args {
    /// Tracking plan: display name, rs_ID or tp_ID (with -w), or full name
    name: String,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let name = super::plan(ctx, &args.name).await?;
    ctx.show(Request::<TrackingPlan>::get(name.target()), table::TRACKING_PLANS).await
}
