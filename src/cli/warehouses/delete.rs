use std::path::PathBuf;

use crate::cli::{Context, records};
use crate::error::Result;
use crate::wire::Noun;

/// Delete warehouses. Asks first on a terminal; elsewhere needs --yes.
///
/// Sends DELETE /warehouses/ID (Public API) for each, after one confirmation for all of them; the sources'
/// connections to it go with it. Each deletion is reported on stderr; it stops at the first failure (15 when a
/// warehouse does not exist). --each F names them in a file, one a line, and prints one ndjson result a line.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg warehouses delete Staging
  seg warehouses delete --each old-warehouses.txt --yes")]
pub struct Args {
    /// Warehouses: names, ids or full names
    #[arg(required_unless_present = "each", conflicts_with = "each")]
    warehouses: Vec<String>,
    /// Each warehouse named in this file, one a line (`-` for stdin)
    #[arg(long, value_name = "F")]
    each: Option<PathBuf>,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    records::delete(ctx, Noun::Warehouses, None, &args.warehouses, args.each.as_ref()).await
}
