use crate::api::client::Request;
use crate::api::models::wrapper;
use crate::cli::Context;
use crate::cli::args::ListArgs;
use crate::error::Result;
use crate::ui::table;

/// List the sources of the workspace (-w), following every page.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme sources list
  seg -w acme sources list -o ndjson | jq -r .name
  seg -w acme sources list --limit 5 --jq '.[].catalog_name'")]
pub struct Args {
    #[command(flatten)]
    list: ListArgs,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let ws = ctx.workspace()?;
    ctx.list(Request::get(format!("{ws}/sources")), Some(wrapper::SOURCES), &args.list, table::SOURCES).await
}
