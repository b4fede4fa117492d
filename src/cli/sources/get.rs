use crate::api::names::Kind;
use crate::cli::Context;
use crate::error::Result;
use crate::ui::table;
use crate::wire::{Request, Source};

/// Show one source.
///
/// Sends GET /v1beta/workspaces/WS/sources/SRC and prints the source with its catalog entry, write keys, library
/// settings and labels (a table of fields on a terminal, JSON in a pipe). A source that does not exist exits 15
/// (not found).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme sources get web
  seg sources get workspaces/acme/sources/web -o json
  seg -w acme sources get web --json display_name,enabled")]
pub struct Args {
    /// Source: SLUG (with -w) or workspaces/WS/sources/SLUG
    name: String,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let name = ctx.name(Kind::Source, &args.name)?;
    ctx.show(Request::<Source>::get(name.target()), table::SOURCES).await
}
