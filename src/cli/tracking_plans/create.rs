use std::path::PathBuf;

use crate::cli::Context;
use crate::cli::args::read_object;
use crate::error::Result;
use crate::ui::table;
use crate::wire::{self, CreateTrackingPlan, TrackingPlanInput};

/// Create a tracking plan in the workspace (-w); its id (rs_...) is generated.
///
/// Sends POST /v1beta/workspaces/WS/tracking-plans with {"tracking_plan": {"display_name", "rules"}} and prints the
/// new plan, whose name holds the generated id. --rules reads a JSON object (`-` for stdin); a file that cannot be
/// read or is not a JSON object is a usage error (exit 2) and nothing is sent. --dry-run prints the request.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme tracking-plans create --display-name 'Main plan'
  seg -w acme tracking-plans create --display-name 'Main plan' \\
      --rules rules.json")]
pub struct Args {
    /// Display name
    #[arg(long, value_name = "D")]
    display_name: String,
    /// A JSON file with the rules object (`events`, `global`, `identify`, `group`; `-` for stdin)
    #[arg(long, value_name = "FILE")]
    rules: Option<PathBuf>,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let ws = ctx.workspace()?;
    let rules = args.rules.as_deref().map(read_object).transpose()?;
    let tracking_plan = TrackingPlanInput { display_name: args.display_name, rules, kind: None };
    let request = wire::create(ws.below("tracking-plans")?, &CreateTrackingPlan { tracking_plan });
    ctx.show(request, table::TRACKING_PLANS).await
}
