use crate::cli::Context;
use crate::error::Result;

/// Delete tracking plans. Asks first on a terminal; elsewhere needs --yes.
///
/// Sends DELETE /v1beta/workspaces/WS/tracking-plans/rs_ID for each plan in turn, after one confirmation for all of
/// them; without a terminal and without --yes nothing is sent and it exits 2. Each deletion is reported on stderr.
/// It stops at the first failure (15 when a plan does not exist). --dry-run prints the requests and sends nothing.
/// A display name is looked up in the workspace's plans first: two plans of that name exit 2, naming their ids,
/// before anything is deleted.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme tracking-plans delete rs_123 --yes
  seg -w acme tracking-plans delete 'Old plan' --yes")]
pub struct Args {
    /// Tracking plans: display name, rs_ID or tp_ID (with -w), or full name
    #[arg(required = true)]
    names: Vec<String>,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let mut names = Vec::with_capacity(args.names.len());
    for name in &args.names {
        names.push(super::plan(ctx, name).await?);
    }
    ctx.delete(&names).await
}
