use crate::cli::Context;
use crate::cli::args::ListArgs;
use crate::error::Result;
use crate::ui::table;
use crate::wire::{Page, Request, Workspace};

/// List the workspaces your token reaches.
///
/// Sends GET /v1beta/workspaces, following next_page_token to the end (100 items a page unless --page-size;
/// --limit N stops after N). Needs no -w: use it to find the slug to pass as -w. Prints a table on a terminal and
/// JSON in a pipe; `-o name` gives one name a line. An empty list is success (exit 0).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg workspaces list
  seg workspaces list -o name")]
pub struct Args {
    #[command(flatten)]
    list: ListArgs,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    ctx.list(vec![Request::<Page<Workspace>>::list(crate::wire::Target::Workspaces)], &args.list, table::WORKSPACES)
        .await
}
