use crate::api::names::Kind;
use crate::cli::Context;
use crate::cli::bulk;
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
  seg -w acme sources delete web api --yes
  seg -w acme sources delete --each retired.txt --yes")]
pub struct Args {
    /// Sources: SLUG (with -w) or workspaces/WS/sources/SLUG
    #[arg(required_unless_present = "each", conflicts_with = "each")]
    names: Vec<String>,
    /// Delete every source named in this file, one a line (`-` for stdin), concurrently, one result line each
    ///
    /// Prints one ndjson result a line ({"name", "ok", "resource" or "error"}) whatever -o says, but with -o name
    /// the name of each item that succeeded (failures on stderr) and with --jq the filter's output for each line.
    #[arg(long, value_name = "F")]
    each: Option<std::path::PathBuf>,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let names = match &args.each {
        Some(path) => bulk::jobs(&bulk::read(path, &[])?, |item| ctx.name(Kind::Source, &item.name))?,
        None => args.names.iter().map(|n| ctx.name(Kind::Source, n)).collect::<Result<Vec<_>>>()?,
    };
    match args.each {
        Some(_) => ctx.delete_each(names).await,
        None => ctx.delete(&names).await,
    }
}
