use crate::cli::{Context, records};
use crate::error::Result;
use crate::wire::Noun;

/// Show one warehouse, with its settings.
///
/// Sends GET /warehouses/ID (Public API) and prints the warehouse: its name, catalog entry, whether it is enabled
/// and its settings (secrets censored by the service). A warehouse is named by its id, its full name or its name
/// (looked up in one listing: two of that name exit 2 naming their ids); one that does not exist exits 15.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg warehouses get Main
  seg warehouses get 2f7FzHhWvSSmXhX9KAd3Y8 -o json --jq .settings")]
pub struct Args {
    /// Warehouse: its name, id or full name
    warehouse: String,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    records::get(ctx, Noun::Warehouses, None, &args.warehouse).await
}
