use super::SourceArg;
use crate::cli::Context;
use crate::cli::args::{parse_kv, value_of};
use crate::error::Result;
use crate::ui::table;
use crate::wire::{self, ConfigItem, CreateDestination, DestinationInput};

/// Create a destination; its slug is the catalog destination's (webhooks, google-analytics, ...).
///
/// Sends POST /v1beta/workspaces/WS/sources/SRC/destinations with {"destination": {"name", "enabled",
/// "connection_mode", "config": [...]}}; each --config K=V becomes the config item DESTINATION/config/K. It is
/// created disabled unless --enabled. Prints the new destination. One that exists already exits 16; an invalid
/// setting (e.g. more than 5 hooks) exits 13. --dry-run prints the request instead of sending it.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme destinations create web/webhooks --enabled \\
      --config sharedSecret=s3cret --config 'hooks=[{\"hook\":\"https://example.com/hook\"}]'
  seg -w acme destinations create webhooks --source web --connection-mode cloud")]
pub struct Args {
    /// Destination: SRC/DST (with -w), DST (with --source) or workspaces/WS/sources/SRC/destinations/DST
    name: String,
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
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let name = super::resolve(ctx, &args.name, &args.source)?;
    let config: Vec<ConfigItem> =
        args.config.iter().map(|(key, value)| ConfigItem::new(name.as_str(), key, value_of(value))).collect();
    let destination = DestinationInput {
        name: name.to_string(),
        enabled: args.enabled.then_some(true),
        connection_mode: args.connection_mode,
        config: (!config.is_empty()).then_some(config),
    };
    let request = wire::create(&format!("{}/destinations", name.parent()), &CreateDestination { destination });
    ctx.show(request, table::DESTINATIONS).await
}
