use super::SourceArg;
use crate::cli::Context;
use crate::cli::bulk;
use crate::error::Result;

/// Delete destinations. Asks first on a terminal; elsewhere needs --yes.
///
/// Sends DELETE /v1beta/workspaces/WS/sources/SRC/destinations/DST for each destination in turn, after one
/// confirmation for all of them; without a terminal and without --yes nothing is sent and it exits 2. Each deletion
/// is reported on stderr. It stops at the first failure (15 when a destination does not exist) and names the
/// destinations left undeleted. --dry-run prints the requests and sends nothing.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme destinations delete web/webhooks
  seg -w acme destinations delete webhooks slack --source web --yes
  seg -w acme destinations delete --each old-destinations.txt --yes")]
pub struct Args {
    /// Destinations: SRC/DST (with -w), DST (with --source) or full names
    #[arg(required_unless_present = "each", conflicts_with = "each")]
    names: Vec<String>,
    #[command(flatten)]
    source: SourceArg,
    /// Delete every destination named in this file, one a line (`-` for stdin), concurrently, one result line each
    ///
    /// Prints one ndjson result a line ({"name", "ok", "resource" or "error"}) whatever -o says, but with -o name
    /// the name of each item that succeeded (failures on stderr) and with --jq the filter's output for each line.
    #[arg(long, value_name = "F")]
    each: Option<std::path::PathBuf>,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let names = match &args.each {
        Some(path) => bulk::jobs(&bulk::read(path, &[])?, |item| super::resolve(ctx, &item.name, &args.source))?,
        None => args.names.iter().map(|n| super::resolve(ctx, n, &args.source)).collect::<Result<Vec<_>>>()?,
    };
    match args.each {
        Some(_) => ctx.delete_each(names).await,
        None => ctx.delete(&names).await,
    }
}
