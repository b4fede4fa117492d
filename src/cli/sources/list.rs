use crate::cli::Context;
use crate::cli::args::ListArgs;
use crate::error::Result;
use crate::ui::table;
use crate::wire::{Page, Request, Source};

/// List the sources of the workspace (-w), following every page.
///
/// Sends GET /v1beta/workspaces/WS/sources, following next_page_token to the end, 100 items a page unless
/// --page-size. --limit N stops after N items; --no-paginate fetches one page and prints its next_page_token on
/// stderr; --page-token T resumes there. `-o ndjson` and `-o name` print items as pages arrive. Prints a table on a
/// terminal and JSON in a pipe. Without a workspace (-w, SEG_WORKSPACE or the profile's) it exits 2.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme sources list
  seg -w acme sources list -o ndjson | jq -r .name
  seg -w acme sources list --limit 5 --jq '.[].catalog_name'
  seg -w acme sources list --json name,slug,catalog")]
pub struct Args {
    #[command(flatten)]
    list: ListArgs,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    if ctx.lists_fields(table::SOURCES)? {
        return Ok(());
    }
    let ws = ctx.workspace()?;
    ctx.list(vec![Request::<Page<Source>>::list(ws.below("sources")?)], &args.list, table::SOURCES).await
}
