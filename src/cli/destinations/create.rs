use std::path::PathBuf;

use super::SourceArg;
use crate::cli::Context;
use crate::cli::args::{parse_kv, value_of};
use crate::cli::bulk::{self, Item};
use crate::error::Result;
use crate::ui::table;
use crate::wire::{self, ConfigItem, CreateDestination, Destination, DestinationInput, Request};
use serde_json::Value;

/// Create a destination; its slug is the catalog destination's (webhooks, google-analytics, ...).
///
/// Sends POST /v1beta/workspaces/WS/sources/SRC/destinations with {"destination": {"name", "enabled",
/// "connection_mode", "config": [...]}}; each --config K=V becomes the config item DESTINATION/config/K. It is
/// created disabled unless --enabled. Prints the new destination. One that exists already exits 16; an invalid
/// setting (e.g. more than 5 hooks) exits 13. --each F creates one per line of F (a name, or
/// {"name", "enabled", "connection_mode", "config": {K: V}}; the flags apply to every line) and prints one result
/// line each. --dry-run prints the request instead of sending it.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme destinations create web/webhooks --enabled \\
      --config sharedSecret=s3cret \\
      --config 'hooks=[{\"hook\":\"https://example.com/hook\"}]'
  seg -w acme destinations create webhooks --source web \\
      --connection-mode cloud
  printf '%s\\n' web/amplitude app/amplitude |
      seg -w acme destinations create --each - --config apiKey=k3y")]
pub struct Args {
    /// Destination: SRC/DST (with -w), DST (with --source) or workspaces/WS/sources/SRC/destinations/DST; on the
    /// Public API also SRC/ID, or SRC/DST#NAME for one of several destinations of a catalog entry
    #[arg(required_unless_present = "each", conflicts_with = "each")]
    name: Option<String>,
    #[command(flatten)]
    source: SourceArg,
    /// Create it enabled
    #[arg(long)]
    enabled: bool,
    /// A setting KEY=VALUE; VALUE is JSON when it parses, else a string (repeatable)
    #[arg(long = "config", value_name = "K=V", value_parser = parse_kv)]
    config: Vec<(String, String)>,
    /// Connection mode
    #[arg(long, value_name = "M", value_parser = super::update::parse_mode)]
    connection_mode: Option<String>,
    /// Create one per line of this file (`-` for stdin): a name, or an ndjson object of these flags
    ///
    /// Prints one ndjson result a line ({"name", "ok", "resource" or "error"}) whatever -o says, but with -o name
    /// the name of each item that succeeded (failures on stderr) and with --jq the filter's output for each line.
    #[arg(long, value_name = "F")]
    each: Option<PathBuf>,
}

/// The request for one destination: the flags, then what an `--each` line adds.
fn request(ctx: &Context, args: &Args, name: &str, item: Option<&Item>) -> Result<(String, Request<Destination>)> {
    let name = super::resolve(ctx, name, &args.source)?;
    let mut config: Vec<(String, Value)> = args.config.iter().map(|(k, v)| (k.clone(), value_of(v))).collect();
    let (mut enabled, mut mode) = (args.enabled.then_some(true), args.connection_mode.clone());
    if let Some(item) = item {
        enabled = item.bool("enabled")?.or(enabled);
        if let Some(given) = item.str("connection_mode")? {
            mode = Some(super::update::parse_mode(&given).map_err(crate::error::Error::Usage)?);
        }
        config.extend(item.object("config")?);
    }
    let config: Vec<ConfigItem> =
        config.into_iter().map(|(key, value)| ConfigItem::new(name.as_str(), &key, value)).collect();
    let destination = DestinationInput {
        name: name.to_string(),
        enabled,
        connection_mode: mode,
        config: (!config.is_empty()).then_some(config),
        display_name: None,
    };
    Ok((name.to_string(), wire::create(name.collection()?, &CreateDestination { destination })))
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
