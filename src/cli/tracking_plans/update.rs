use std::path::PathBuf;

use crate::cli::Context;
use crate::cli::args::{UpdateArgs, read_object};
use crate::error::{Error, Result};
use crate::ui::table;
use crate::wire::{TrackingPlan, UpdateRequest};

/// Change a tracking plan's display name or rules (sent as PUT with an update mask, as the service expects).
///
/// Sends PUT /v1beta/workspaces/WS/tracking-plans/rs_ID with {"tracking_plan": {...}, "update_mask": {"paths":
/// [...]}}, one mask path per field given. --rules replaces the whole rules object; --set rules.FIELD=JSON changes one
/// part. Prints the updated plan. Naming no field is a usage error (exit 2); a plan that does not exist exits 15.
/// A display name is looked up in the workspace's plans first: two plans of that name exit 2, naming their ids,
/// before anything is sent.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme tracking-plans update 'Main plan' --display-name 'Renamed'
  seg -w acme tracking-plans update rs_123 --rules rules.json
  seg -w acme tracking-plans update rs_123 \\
      --set 'rules.global={\"type\":\"object\"}'")]
pub struct Args {
    /// Tracking plan: display name, rs_ID or tp_ID (with -w), or full name
    name: String,
    /// New display name
    #[arg(long, value_name = "D")]
    display_name: Option<String>,
    /// A JSON file with the whole new rules object (`-` for stdin)
    #[arg(long, value_name = "FILE")]
    rules: Option<PathBuf>,
    #[command(flatten)]
    update: UpdateArgs,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let mut update = UpdateRequest::<TrackingPlan>::new();
    if let Some(display_name) = args.display_name {
        update.set("display_name", display_name).map_err(Error::Usage)?;
    }
    if let Some(path) = &args.rules {
        update.set("rules", read_object(path)?).map_err(Error::Usage)?;
    }
    // The plan's name is needed only to name config items, which a plan has none of: it is looked for after.
    args.update.apply(ctx, &args.name, &mut update)?;
    if update.mask.paths.is_empty() {
        // Said before the plan is looked for, which may read (`into_request` says it alike).
        return Err(Error::usage("nothing to update: give at least one field to change (see --help)"));
    }
    let name = super::plan(ctx, &args.name).await?;
    ctx.show(update.into_request(name.target()).map_err(Error::Usage)?, table::TRACKING_PLANS).await
}
