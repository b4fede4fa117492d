use std::path::PathBuf;

use super::SourceArg;
use crate::cli::Context;
use crate::cli::bulk;
use crate::error::{Error, Result};
use crate::ui::table;
use crate::wire::{Destination, Request, UpdateRequest};

#[derive(Debug, clap::Args)]
pub struct Target {
    /// Destination: SRC/DST (with -w), DST (with --source) or workspaces/WS/sources/SRC/destinations/DST; on the
    /// Public API also SRC/ID, or SRC/DST#NAME for one of several destinations of a catalog entry
    #[arg(required_unless_present = "each", conflicts_with = "each")]
    name: Option<String>,
    #[command(flatten)]
    source: SourceArg,
    /// Do it to each destination named in this file, one a line (`-` for stdin)
    ///
    /// Prints one ndjson result a line ({"name", "ok", "resource" or "error"}) whatever -o says, but with -o name
    /// the name of each item that succeeded (failures on stderr) and with --jq the filter's output for each line.
    #[arg(long, value_name = "F")]
    each: Option<PathBuf>,
}

/// Enable a destination (same as `patch NAME --enabled`).
///
/// Sends PATCH /v1beta/workspaces/WS/sources/SRC/destinations/DST with
/// {"destination":{"enabled":true},"update_mask":{"paths":["destination.enabled"]}} and prints the updated
/// destination. A destination that does not exist exits 15 (not found); a read-only token exits 17. --each F
/// enables every destination named in F and prints one result line each.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme destinations enable web/webhooks
  seg -w acme destinations list --jq '.[] | select(.enabled | not) | .name' |
      seg destinations enable --each -")]
pub struct EnableArgs {
    #[command(flatten)]
    pub target: Target,
}

/// Disable a destination (same as `patch NAME --enabled=false`).
///
/// Sends PATCH /v1beta/workspaces/WS/sources/SRC/destinations/DST with
/// {"destination":{"enabled":false},"update_mask":{"paths":["destination.enabled"]}} and prints the updated
/// destination; its settings are kept. A destination that does not exist exits 15. --each F disables every
/// destination named in F and prints one result line each.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme destinations disable web/webhooks
  seg destinations disable --each broken.txt")]
pub struct DisableArgs {
    #[command(flatten)]
    pub target: Target,
}

fn request(ctx: &Context, target: &Target, name: &str, enabled: bool) -> Result<(String, Request<Destination>)> {
    let name = super::resolve(ctx, name, &target.source)?;
    let mut update = UpdateRequest::<Destination>::new();
    update.set("enabled", enabled).map_err(Error::Usage)?;
    Ok((name.to_string(), update.into_request(name.target()).map_err(Error::Usage)?))
}

pub async fn run(target: &Target, enabled: bool, ctx: &Context) -> Result<()> {
    let Some(path) = &target.each else {
        let (_, request) = request(ctx, target, target.name.as_deref().unwrap_or_default(), enabled)?;
        return ctx.show(request, table::DESTINATIONS).await;
    };
    let items = bulk::read(path, &[])?;
    let jobs = bulk::jobs(&items, |item| request(ctx, target, &item.name, enabled))?;
    let client = ctx.client()?;
    bulk::run(ctx, jobs, |request| async move { bulk::send(client, &request).await }).await
}
