use super::SourceArg;
use crate::cli::Context;
use crate::error::{Error, Result};
use crate::wire::{Destination, UpdateRequest};

#[derive(Debug, clap::Args)]
pub struct Target {
    /// Destination: SRC/DST (with -w), DST (with --source) or workspaces/WS/sources/SRC/destinations/DST
    name: String,
    #[command(flatten)]
    source: SourceArg,
}

/// Enable a destination (same as `patch NAME --enabled`).
///
/// Sends PATCH /v1beta/workspaces/WS/sources/SRC/destinations/DST with
/// {"destination":{"enabled":true},"update_mask":{"paths":["destination.enabled"]}} and prints the updated
/// destination. A destination that does not exist exits 15 (not found); a read-only token exits 17.
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  seg -w acme destinations enable web/webhooks")]
pub struct EnableArgs {
    #[command(flatten)]
    pub target: Target,
}

/// Disable a destination (same as `patch NAME --enabled=false`).
///
/// Sends PATCH /v1beta/workspaces/WS/sources/SRC/destinations/DST with
/// {"destination":{"enabled":false},"update_mask":{"paths":["destination.enabled"]}} and prints the updated
/// destination; its settings are kept. A destination that does not exist exits 15.
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  seg -w acme destinations disable web/webhooks")]
pub struct DisableArgs {
    #[command(flatten)]
    pub target: Target,
}

pub async fn run(target: &Target, enabled: bool, ctx: &Context) -> Result<()> {
    let name = super::resolve(ctx, &target.name, &target.source)?;
    let mut update = UpdateRequest::<Destination>::new();
    update.set("enabled", enabled).map_err(Error::Usage)?;
    super::update::send(ctx, &name, update).await
}
