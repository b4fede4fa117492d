use super::SourceArg;
use crate::api::names::Name;
use crate::cli::Context;
use crate::cli::args::{UpdateArgs, parse_kv, value_of};
use crate::error::{Error, Result};
use crate::ui::table;
use crate::wire::{CONNECTION_MODES, ConfigItem, Destination, UpdateRequest};

/// Change only the named fields of a destination (`update` and `patch` are the same command).
///
/// Sends PATCH /v1beta/workspaces/WS/sources/SRC/destinations/DST with {"destination": {...}, "update_mask":
/// {"paths": [...]}}: one mask path per field given (--enabled, --config, --connection-mode, --set, --clear,
/// --from-file), or exactly --update-mask. `patch NAME --enabled` sends
/// {"destination":{"enabled":true},"update_mask":{"paths":["destination.enabled"]}}. Prints the updated destination.
///
/// `--config` items merge by key with the destination's other settings. `--clear FIELD` sends FIELD in the mask
/// with no value, which empties it (`--clear enabled` disables). Naming no field is a usage error (exit 2); a
/// destination that does not exist exits 15. --dry-run prints the request instead of sending it.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme destinations patch web/webhooks --enabled
  seg -w acme destinations patch web/webhooks --enabled=false
  seg -w acme destinations update web/webhooks --config sharedSecret=n3w --connection-mode cloud
  seg -w acme destinations patch web/webhooks --from-file changes.json --dry-run")]
pub struct Args {
    /// Destination: SRC/DST (with -w), DST (with --source) or workspaces/WS/sources/SRC/destinations/DST
    name: String,
    #[command(flatten)]
    source: SourceArg,
    /// Enable it, or set enabled to BOOL
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true")]
    enabled: Option<bool>,
    /// Disable it (same as --enabled=false)
    #[arg(long, conflicts_with = "enabled")]
    disabled: bool,
    /// A setting KEY=VALUE, merged by key; VALUE is JSON when it parses, else a string (repeatable)
    #[arg(long = "config", value_name = "K=V", value_parser = parse_kv)]
    config: Vec<(String, String)>,
    /// Connection mode
    #[arg(long, value_name = "M", value_parser = parse_mode)]
    connection_mode: Option<String>,
    #[command(flatten)]
    update: UpdateArgs,
}

/// `cloud`, `CLOUD`, ... to the API's spelling.
pub fn parse_mode(text: &str) -> Result<String, String> {
    let upper = text.to_ascii_uppercase();
    if CONNECTION_MODES.contains(&upper.as_str()) {
        Ok(upper)
    } else {
        Err(format!("unknown connection mode {text:?}: one of cloud, device, unspecified"))
    }
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let name = super::resolve(ctx, &args.name, &args.source)?;
    let mut update = UpdateRequest::<Destination>::new();
    let enabled = if args.disabled { Some(false) } else { args.enabled };
    if let Some(enabled) = enabled {
        update.set("enabled", enabled).map_err(Error::Usage)?;
    }
    if let Some(mode) = args.connection_mode {
        update.set("connection_mode", mode).map_err(Error::Usage)?;
    }
    for (key, value) in &args.config {
        update.config_item(ConfigItem::new(name.as_str(), key, value_of(value)));
    }
    args.update.apply(&mut update)?;
    send(ctx, &name, update).await
}

pub async fn send(ctx: &Context, name: &Name, update: UpdateRequest<Destination>) -> Result<()> {
    ctx.show(update.into_request(name.path()).map_err(Error::Usage)?, table::DESTINATIONS).await
}
