use crate::api::client::Request;
use crate::api::models::wrapper;
use crate::cli::Context;
use crate::cli::args::ListArgs;
use crate::error::Result;
use crate::ui::table;

/// List the workspaces your token reaches.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg workspaces list
  seg workspaces list -o name")]
pub struct Args {
    #[command(flatten)]
    list: ListArgs,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    ctx.list(Request::get("workspaces"), Some(wrapper::WORKSPACES), &args.list, table::WORKSPACES).await
}
