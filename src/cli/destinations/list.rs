use super::SourceArg;
use crate::api::list;
use crate::cli::Context;
use crate::cli::args::ListArgs;
use crate::error::Result;
use crate::ui::table;
use crate::wire::{Destination, Page, Request, Source};

/// List destinations: of one source with --source, else of every source of the workspace (-w).
///
/// With --source: GET /v1beta/workspaces/WS/sources/SRC/destinations, following next_page_token to the end. With
/// --all (the default without --source): every page of GET .../sources first, then the destinations of every
/// source, read concurrently within the rate budget (the API has no list across sources: one list per source is the
/// least it allows) and printed in the sources' order as one list. --limit N stops after N items and then reads the
/// sources one after the other, asking for no page beyond what N needs; --page-token and --no-paginate need
/// --source (exit 2). Prints a table on a terminal and JSON in a pipe; `-o ndjson` prints items as they arrive.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme destinations list --source web
  seg -w acme destinations list --all -o ndjson |
      jq -r 'select(.enabled) | .name'
  seg -w acme destinations list -o json --jq '.[] | select(.enabled) | .name'
  seg -w acme destinations list --all --json name,source,enabled")]
pub struct Args {
    #[command(flatten)]
    source: SourceArg,
    /// Every source's destinations (the default without --source)
    #[arg(long, conflicts_with = "source")]
    all: bool,
    #[command(flatten)]
    list: ListArgs,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    if ctx.lists_fields(table::DESTINATIONS)? {
        return Ok(());
    }
    if let Some(source) = args.source.name(ctx)? {
        let request = Request::<Page<Destination>>::list(source.below("destinations")?);
        return ctx.list(vec![request], &args.list, table::DESTINATIONS).await;
    }
    args.list.across("--source")?;
    let ws = ctx.workspace()?;
    let sources = list::collect(ctx.client()?, Request::<Page<Source>>::list(ws.below("sources")?)).await?;
    let requests: Vec<Request<Page<Destination>>> = sources
        .iter()
        .map(|s| Request::list_under(&s.name, "destinations"))
        .collect::<Result<_, _>>()
        .map_err(crate::error::Error::failed)?;
    ctx.list_across(requests, &args.list, table::DESTINATIONS, "--source").await
}
