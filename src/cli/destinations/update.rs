use std::path::PathBuf;

use serde_json::Value;

use super::SourceArg;
use crate::cli::Context;
use crate::cli::args::{UpdateArgs, parse_kv, value_of};
use crate::cli::bulk::{self, Item};
use crate::error::{Error, Result};
use crate::ui::table;
use crate::wire::{CONNECTION_MODES, ConfigItem, Destination, Request, UpdateRequest};

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
  seg -w acme destinations update web/webhooks --config sharedSecret=n3w \\
      --connection-mode cloud
  seg -w acme destinations patch web/webhooks --from-file changes.json \\
      --dry-run")]
pub struct Args {
    /// Destination: SRC/DST (with -w), DST (with --source) or workspaces/WS/sources/SRC/destinations/DST; on the
    /// Public API also SRC/ID, or SRC/DST#NAME for one of several destinations of a catalog entry
    #[arg(required_unless_present = "each", conflicts_with = "each")]
    name: Option<String>,
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
    /// Update one destination per line of this file (`-` for stdin): a name, or an ndjson object of
    /// {"name", "enabled", "connection_mode", "config": {K: V}}; the flags apply to every line
    ///
    /// Prints one ndjson result a line ({"name", "ok", "resource" or "error"}) whatever -o says, but with -o name
    /// the name of each item that succeeded (failures on stderr) and with --jq the filter's output for each line.
    #[arg(long, value_name = "F")]
    each: Option<PathBuf>,
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

/// The update of one destination: the flags, then what an `--each` line adds.
fn request(ctx: &Context, args: &Args, name: &str, item: Option<&Item>) -> Result<(String, Request<Destination>)> {
    let name = super::resolve(ctx, name, &args.source)?;
    let mut update = UpdateRequest::<Destination>::new();
    let mut enabled = if args.disabled { Some(false) } else { args.enabled };
    let mut mode = args.connection_mode.clone();
    let mut config: Vec<(String, Value)> = args.config.iter().map(|(k, v)| (k.clone(), value_of(v))).collect();
    if let Some(item) = item {
        enabled = item.bool("enabled")?.or(enabled);
        if let Some(given) = item.str("connection_mode")? {
            mode = Some(parse_mode(&given).map_err(Error::Usage)?);
        }
        config.extend(item.object("config")?);
    }
    if let Some(enabled) = enabled {
        update.set("enabled", enabled).map_err(Error::Usage)?;
    }
    if let Some(mode) = mode {
        update.set("connection_mode", mode).map_err(Error::Usage)?;
    }
    for (key, value) in config {
        update.config_item(ConfigItem::new(name.as_str(), &key, value));
    }
    args.update.apply(ctx, name.as_str(), &mut update)?;
    let request = update.into_request(name.target()).map_err(Error::Usage)?;
    Ok((name.to_string(), request))
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let Some(path) = &args.each else {
        let (_, request) = request(ctx, &args, args.name.as_deref().unwrap_or_default(), None)?;
        return ctx.show(request, table::DESTINATIONS).await;
    };
    let items = bulk::read(path, &["enabled", "connection_mode", "config"])?;
    let jobs = bulk::jobs(&items, |item| request(ctx, &args, &item.name, Some(item)))?;
    let client = ctx.client()?;
    bulk::run(ctx, jobs, |request| async move { bulk::send(client, &request).await }).await
}
