use crate::api::names::Kind;
use crate::cli::Context;
use crate::error::Result;
use crate::ui::table;
use crate::wire::{Request, TrackingPlan};

/// Show one tracking plan with its rules.
///
/// Sends GET /v1beta/workspaces/WS/tracking-plans/rs_ID and prints the plan: display name, rules (events, global,
/// identify and group schemas) and times (a table of fields on a terminal, JSON in a pipe). A plan that does not
/// exist exits 15 (not found).
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Example:\n  seg -w acme tracking-plans get rs_1AAPTLy8ffAAQth0PvL8rOvU6PJ -o json \\\n      --jq '.rules.events[].name'"
)]
pub struct Args {
    /// Tracking plan: rs_ID (with -w) or workspaces/WS/tracking-plans/rs_ID
    name: String,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let name = ctx.name(Kind::TrackingPlan, &args.name)?;
    ctx.show(Request::<TrackingPlan>::get(name.path()), table::TRACKING_PLANS).await
}
