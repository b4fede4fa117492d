use crate::api::client::Request;
use crate::api::models::wrapper;
use crate::cli::Context;
use crate::cli::args::ListArgs;
use crate::error::Result;
use crate::ui::table;

/// List the tracking plans of the workspace (-w).
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  seg -w acme tracking-plans list")]
pub struct Args {
    #[command(flatten)]
    list: ListArgs,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let ws = ctx.workspace()?;
    let request = Request::get(format!("{ws}/tracking-plans"));
    ctx.list(request, Some(wrapper::TRACKING_PLANS), &args.list, table::TRACKING_PLANS).await
}
