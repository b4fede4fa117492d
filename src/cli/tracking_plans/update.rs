use std::path::PathBuf;

use crate::api::names::Kind;
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
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme tracking-plans update rs_123 --display-name 'Renamed'
  seg -w acme tracking-plans update rs_123 --rules rules.json
  seg -w acme tracking-plans update rs_123 \\
      --set 'rules.global={\"type\":\"object\"}'")]
pub struct Args {
    /// Tracking plan: rs_ID (with -w) or workspaces/WS/tracking-plans/rs_ID
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
    let name = ctx.name(Kind::TrackingPlan, &args.name)?;
    let mut update = UpdateRequest::<TrackingPlan>::new();
    if let Some(display_name) = args.display_name {
        update.set("display_name", display_name).map_err(Error::Usage)?;
    }
    if let Some(path) = &args.rules {
        update.set("rules", read_object(path)?).map_err(Error::Usage)?;
    }
    args.update.apply(ctx, name.as_str(), &mut update)?;
    ctx.show(update.into_request(name.path()).map_err(Error::Usage)?, table::TRACKING_PLANS).await
}
