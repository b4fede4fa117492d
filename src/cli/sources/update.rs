use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::cli::bulk::{self, Item};

use crate::api::names::Kind;
use crate::cli::Context;
use crate::cli::args::{UpdateArgs, parse_kv};
use crate::error::{Error, Result};
use crate::ui::table;
use crate::wire::{Request, Source, UpdateRequest};

/// Change fields of a source; only the fields named change (`update` and `patch` are the same command).
///
/// Sends PATCH /v1beta/workspaces/WS/sources/SRC with {"source": {...}, "update_mask": {"paths": [...]}}: one mask
/// path per field that --display-name, --label (all labels at once), --set, --clear or --from-file names, or exactly
/// the paths of --update-mask. Prints the updated source. Naming no field is a usage error (exit 2); --dry-run
/// prints the request instead of sending it. A source that does not exist exits 15; an unknown field exits 13.
/// --each F updates one source per line of F (a name, or {"name", "display_name", "labels": {K: V}}; the flags
/// apply to every line) and prints one result line each.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme sources update web --display-name 'Web site'
  seg -w acme sources update web --set library_config.retry_queue=true
  seg -w acme sources update web --label team=data --label env=prod   # replaces all labels
  seg -w acme sources update web --clear labels
  seg -w acme sources update --each renames.ndjson      # {\"name\": \"web\", \"display_name\": \"Web site\"} a line")]
pub struct Args {
    /// Source: SLUG (with -w) or workspaces/WS/sources/SLUG
    #[arg(required_unless_present = "each", conflicts_with = "each")]
    name: Option<String>,
    /// New display name
    #[arg(long, value_name = "TEXT")]
    display_name: Option<String>,
    /// Labels to set, replacing the current ones (repeatable)
    #[arg(long = "label", value_name = "KEY=VALUE", value_parser = parse_kv)]
    labels: Vec<(String, String)>,
    #[command(flatten)]
    update: UpdateArgs,
    /// Update one source per line of this file (`-` for stdin): a name, or an ndjson object of these flags
    #[arg(long, value_name = "F")]
    each: Option<PathBuf>,
}

/// The update of one source: the flags, then what an `--each` line adds.
fn request(ctx: &Context, args: &Args, name: &str, item: Option<&Item>) -> Result<(String, Request<Source>)> {
    let name = ctx.name(Kind::Source, name)?;
    let mut update = UpdateRequest::<Source>::new();
    let mut display_name = args.display_name.clone();
    let mut labels: BTreeMap<String, String> = args.labels.iter().cloned().collect();
    if let Some(item) = item {
        display_name = item.str("display_name")?.or(display_name);
        for (key, value) in item.object("labels")? {
            let value = value.as_str().ok_or_else(|| Error::usage(format!("{}: labels are strings", item.name)))?;
            labels.insert(key, value.to_string());
        }
    }
    if let Some(display_name) = display_name {
        update.set("display_name", display_name).map_err(Error::Usage)?;
    }
    if !labels.is_empty() {
        update.set("labels", labels).map_err(Error::Usage)?;
    }
    args.update.apply(&mut update)?;
    Ok((name.to_string(), update.into_request(name.path()).map_err(Error::Usage)?))
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let Some(path) = &args.each else {
        let (_, request) = request(ctx, &args, args.name.as_deref().unwrap_or_default(), None)?;
        return ctx.show(request, table::SOURCES).await;
    };
    let items = bulk::read(path, &["display_name", "labels"])?;
    let jobs = bulk::jobs(&items, |item| request(ctx, &args, &item.name, Some(item)))?;
    let client = ctx.client()?;
    bulk::run(ctx, jobs, |request| async move { bulk::send(client, &request).await }).await
}
