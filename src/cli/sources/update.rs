use std::collections::BTreeMap;

use crate::api::names::Kind;
use crate::cli::Context;
use crate::cli::args::{UpdateArgs, parse_kv};
use crate::error::{Error, Result};
use crate::ui::table;
use crate::wire::{Source, UpdateRequest};

/// Change fields of a source; only the fields named change (`update` and `patch` are the same command).
///
/// Sends PATCH /v1beta/workspaces/WS/sources/SRC with {"source": {...}, "update_mask": {"paths": [...]}}: one mask
/// path per field that --display-name, --label (all labels at once), --set, --clear or --from-file names, or exactly
/// the paths of --update-mask. Prints the updated source. Naming no field is a usage error (exit 2); --dry-run
/// prints the request instead of sending it. A source that does not exist exits 15; an unknown field exits 13.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme sources update web --display-name 'Web site'
  seg -w acme sources update web --set library_config.retry_queue=true
  seg -w acme sources update web --label team=data --label env=prod   # replaces all labels
  seg -w acme sources update web --clear labels")]
pub struct Args {
    /// Source: SLUG (with -w) or workspaces/WS/sources/SLUG
    name: String,
    /// New display name
    #[arg(long, value_name = "TEXT")]
    display_name: Option<String>,
    /// Labels to set, replacing the current ones (repeatable)
    #[arg(long = "label", value_name = "KEY=VALUE", value_parser = parse_kv)]
    labels: Vec<(String, String)>,
    #[command(flatten)]
    update: UpdateArgs,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let name = ctx.name(Kind::Source, &args.name)?;
    let mut update = UpdateRequest::<Source>::new();
    if let Some(display_name) = args.display_name {
        update.set("display_name", display_name).map_err(Error::Usage)?;
    }
    if !args.labels.is_empty() {
        let labels: BTreeMap<String, String> = args.labels.into_iter().collect();
        update.set("labels", labels).map_err(Error::Usage)?;
    }
    args.update.apply(&mut update)?;
    ctx.show(update.into_request(name.path()).map_err(Error::Usage)?, table::SOURCES).await
}
