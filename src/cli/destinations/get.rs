use super::SourceArg;
use crate::cli::Context;
use crate::error::Result;
use crate::ui::table;
use crate::wire::{Destination, Request};

/// Show one destination, with its settings.
///
/// Sends GET /v1beta/workspaces/WS/sources/SRC/destinations/DST and prints the destination: enabled, connection
/// mode and its config items (a table of fields on a terminal, JSON in a pipe; `--jq .config` picks the settings).
/// A destination that does not exist exits 15 (not found).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme destinations get web/webhooks
  seg destinations get workspaces/acme/sources/web/destinations/webhooks \\
      -o json --jq .config")]
pub struct Args {
    /// Destination: SRC/DST (with -w), DST (with --source) or workspaces/WS/sources/SRC/destinations/DST; on the
    /// Public API also SRC/ID, or SRC/DST#NAME for one of several destinations of a catalog entry
    name: String,
    #[command(flatten)]
    source: SourceArg,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let name = super::resolve(ctx, &args.name, &args.source)?;
    ctx.show(Request::<Destination>::get(name.target()), table::DESTINATIONS).await
}
