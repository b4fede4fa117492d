use crate::api::client::Request;
use crate::api::names::Kind;
use crate::cli::Context;
use crate::error::Result;
use crate::ui::table;

/// Show one source.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme sources get web
  seg sources get workspaces/acme/sources/web -o json")]
pub struct Args {
    /// Source: SLUG (with -w) or workspaces/WS/sources/SLUG
    name: String,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let name = ctx.name(Kind::Source, &args.name)?;
    ctx.show(Request::get(name.path()), table::SOURCES).await
}
