use crate::api::names::Kind;
use crate::cli::Context;
use crate::error::Result;

/// Delete sources, with their destinations. Asks first on a terminal; elsewhere needs --yes.
///
/// Sends DELETE /v1beta/workspaces/WS/sources/SRC for each source in turn, after one confirmation for all of them;
/// without a terminal and without --yes nothing is sent and it exits 2. Each deletion is reported on stderr. It stops
/// at the first failure (15 when a source does not exist) and names the sources left undeleted. --dry-run prints
/// the requests and sends nothing.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme sources delete web
  seg -w acme sources delete web api --yes")]
pub struct Args {
    /// Sources: SLUG (with -w) or workspaces/WS/sources/SLUG
    #[arg(required = true)]
    names: Vec<String>,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let names = args.names.iter().map(|n| ctx.name(Kind::Source, n)).collect::<Result<Vec<_>>>()?;
    ctx.delete(&names).await
}
