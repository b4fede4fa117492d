//! `seg tracking-plans`: tracking plans of a workspace and their source connections.

mod connections;
mod create;
mod delete;
mod get;
mod list;
mod update;

use super::Context;
use crate::api::list as listing;
use crate::api::names::{self, Name, Plan};
use crate::error::{ApiError, Error, Result};
use crate::wire::{Page, Request, TrackingPlan};

/// Tracking plans and their source connections.
///
/// List, show, create, update and delete tracking plans; manage their source connections.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    List(list::Args),
    #[command(visible_alias = "show")]
    Get(get::Args),
    Create(create::Args),
    Update(update::Args),
    Delete(delete::Args),
    #[command(subcommand)]
    Connections(connections::Command),
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::List(args) => list::run(args, ctx).await,
        Command::Get(args) => get::run(args, ctx).await,
        Command::Create(args) => create::run(args, ctx).await,
        Command::Update(args) => update::run(args, ctx).await,
        Command::Delete(args) => delete::run(args, ctx).await,
        Command::Connections(cmd) => connections::run(cmd, ctx).await,
    }
}

/// The plan an argument names (docs/reference/names.md, "Tracking plans"): a full name, an id (`rs_…`, `tp_…`)
/// completed from the workspace, or else a display name, matched exactly against the workspace's plans (one
/// listing). No plan of that display name exits 15; two or more exit 2 naming their ids. Either is said before
/// anything is written.
pub(crate) async fn plan(ctx: &Context, input: &str) -> Result<Name> {
    let title = match names::tracking_plan(input, &ctx.defaults(None)?).map_err(Error::Usage)? {
        Plan::Named(name) => return Ok(name),
        Plan::Titled(title) => title,
    };
    let ws = ctx.workspace()?;
    // Names only: the Public API's adapter then reads no plan's rules.
    let listing = Request::<Page<TrackingPlan>>::list(ws.below("tracking-plans")?).raw_only();
    let plans = listing::collect(ctx.client()?, listing);
    let found: Vec<TrackingPlan> = plans.await?.into_iter().filter(|p| p.display_name == title).collect();
    let shown = crate::ui::escape_control(&title).into_owned();
    match found.as_slice() {
        [one] => names::parse(names::Kind::TrackingPlan, &one.name, &names::Defaults::default()).map_err(|why| {
            Error::failed(format!("the service named the tracking plan {shown:?} as no plan is named: {why}"))
        }),
        [] => Err(Error::Api(ApiError {
            status: 404,
            code: None,
            message: format!("no tracking plan is named {shown:?} (a display name is matched exactly)"),
            asked: None,
        })),
        several => {
            let ids: Vec<&str> = several.iter().map(|p| p.name.rsplit('/').next().unwrap_or(&p.name)).collect();
            Err(Error::usage(format!(
                "{} tracking plans are named {shown:?}: name one by its id ({})",
                several.len(),
                ids.join(", ")
            )))
        }
    }
}
