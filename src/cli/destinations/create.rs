use reqwest::Method;
use serde_json::{Value, json};

use super::SourceArg;
use crate::api::client::Request;
use crate::cli::Context;
use crate::cli::args::parse_kv;
use crate::error::Result;
use crate::ui::table;

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
    let mut destination = json!({"name": name.as_str()});
    if args.enabled {
        destination["enabled"] = json!(true);
    }
    if let Some(mode) = args.connection_mode {
        destination["connection_mode"] = json!(mode);
    }
    if !args.config.is_empty() {
        let items: Vec<Value> = args
            .config
            .iter()
            .map(|(key, value)| json!({"name": format!("{name}/config/{key}"), "value": crate::cli::args::value_of(value)}))
            .collect();
        destination["config"] = Value::Array(items);
    }
    let request = Request::with_json(
        Method::POST,
        format!("{}/destinations", name.parent()),
        &json!({"destination": destination}),
    );
    ctx.show(request, table::DESTINATIONS).await
}
