use crate::cli::args::ListArgs;
use crate::cli::{Context, records};
use crate::error::Result;
use crate::wire::Noun;

/// List the workspace's warehouses, or those a source is connected to.
///
/// Sends GET /warehouses (Public API), following the cursor to the end, and prints each warehouse's id, name,
/// catalog entry and whether it is enabled; with --source, GET /sources/ID/connected-warehouses. The Config API has
/// no warehouses (exit 2, before any request).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg warehouses list
  seg warehouses list --source web -o json --jq '.[].id'")]
pub struct Args {
    /// Only the warehouses this source (its slug or id) is connected to
    #[arg(long, value_name = "SOURCE")]
    source: Option<String>,
    #[command(flatten)]
    list: ListArgs,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let query: Vec<(&str, &str)> = args.source.as_deref().map(|s| ("sourceId", s)).into_iter().collect();
    records::list(ctx, Noun::Warehouses, None, &query, &args.list).await
}
