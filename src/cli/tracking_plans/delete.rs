use crate::api::names::Kind;
use crate::cli::Context;
use crate::error::Result;

/// Delete tracking plans. Asks first on a terminal; elsewhere needs --yes.
///
/// Sends DELETE /v1beta/workspaces/WS/tracking-plans/rs_ID for each plan in turn, after one confirmation for all of
/// them; without a terminal and without --yes nothing is sent and it exits 2. Each deletion is reported on stderr.
/// It stops at the first failure (15 when a plan does not exist). --dry-run prints the requests and sends nothing.
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  seg -w acme tracking-plans delete rs_123 --yes")]
pub struct Args {
    /// Tracking plans: rs_ID (with -w) or workspaces/WS/tracking-plans/rs_ID
    #[arg(required = true)]
    names: Vec<String>,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let names = args.names.iter().map(|n| ctx.name(Kind::TrackingPlan, n)).collect::<Result<Vec<_>>>()?;
    ctx.delete(&names).await
}
