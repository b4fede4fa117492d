use crate::api::names::Kind;
use crate::cli::Context;
use crate::error::Result;

/// Delete tracking plans. Asks first on a terminal; elsewhere needs --yes.
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
