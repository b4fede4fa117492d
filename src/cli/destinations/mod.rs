//! `seg destinations`: destinations of a source.

mod create;
mod delete;
mod filters;
mod get;
mod list;
mod mappings;
mod toggle;
mod update;

use super::Context;
use crate::api::names::{self, Kind, Name};
use crate::error::{Error, Result};

/// Destinations, their filters and their mappings.
///
/// List, show, create, update, enable, disable and delete destinations, and manage their filters and (for Actions
/// destinations, on the Public API) their mappings.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    List(list::Args),
    #[command(visible_alias = "show")]
    Get(get::Args),
    Create(create::Args),
    Update(update::Args),
    Patch(update::Args),
    Enable(toggle::EnableArgs),
    Disable(toggle::DisableArgs),
    Delete(delete::Args),
    /// List, show, create, update and delete a destination's filters
    #[command(subcommand)]
    Filters(filters::Command),
    /// List, show, create, update, enable, disable and delete an Actions destination's mappings (Public API)
    #[command(subcommand)]
    Mappings(mappings::Command),
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::List(args) => list::run(args, ctx).await,
        Command::Get(args) => get::run(args, ctx).await,
        Command::Create(args) => create::run(args, ctx).await,
        Command::Update(args) | Command::Patch(args) => update::run(args, ctx).await,
        Command::Enable(args) => toggle::run(&args.target, true, ctx).await,
        Command::Disable(args) => toggle::run(&args.target, false, ctx).await,
        Command::Delete(args) => delete::run(args, ctx).await,
        Command::Filters(cmd) => filters::run(cmd, ctx).await,
        Command::Mappings(cmd) => mappings::run(cmd, ctx).await,
    }
}

/// `--source`, for short destination names.
#[derive(Debug, clap::Args)]
pub struct SourceArg {
    /// Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG
    #[arg(long, value_name = "S")]
    source: Option<String>,
}

impl SourceArg {
    fn name(&self, ctx: &Context) -> Result<Option<Name>> {
        self.source.as_deref().map(|s| ctx.name(Kind::Source, s)).transpose()
    }
}

/// A destination name: full, `SRC/DST` (with -w) or `DST` (with --source, whose workspace it takes).
fn resolve(ctx: &Context, input: &str, source: &SourceArg) -> Result<Name> {
    let mut defaults = ctx.defaults(None)?;
    if let Some(source) = source.name(ctx)? {
        defaults.workspace = source.parent().rsplit('/').next().map(String::from);
        defaults.source = Some(source.id().to_string());
    }
    let name = names::parse(Kind::Destination, input, &defaults).map_err(Error::Usage)?;
    ctx.reachable(&name)?;
    Ok(name)
}
