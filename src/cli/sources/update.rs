use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::cli::bulk::{self, Item};

use crate::api::client::{Client, Outcome};
use crate::api::names::{Kind, Name};
use crate::cli::Context;
use crate::cli::args::{UpdateArgs, parse_kv};
use crate::error::{Error, Result};
use crate::ui::table;
use crate::wire::{Request, Source, UpdateRequest};
use serde_json::Value;

/// Change fields of a source; only the fields named change (`update` and `patch` are the same command).
///
/// Sends PATCH /v1beta/workspaces/WS/sources/SRC with {"source": {...}, "update_mask": {"paths": [...]}}: one mask
/// path per field that --display-name, --label (all labels at once), --set, --clear or --from-file names, or exactly
/// the paths of --update-mask. `--set labels.KEY=V` and `--clear labels.KEY` change one label: the labels are read
/// and sent whole with that key set or removed. Prints the updated source. Naming no field is a usage error (exit 2); --dry-run
/// prints the request instead of sending it. A source that does not exist exits 15; an unknown field exits 13.
/// --each F updates one source per line of F (a name, or {"name", "display_name", "labels": {K: V}}; the flags
/// apply to every line) and prints one result line each.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme sources update web --display-name 'Web site'
  seg -w acme sources update web --set library_config.retry_queue=true
  # replaces all labels:
  seg -w acme sources update web --label team=data --label env=prod
  # sets one label, keeps the others:
  seg -w acme sources update web --set labels.env=prod
  seg -w acme sources update web --clear labels
  # {\"name\": \"web\", \"display_name\": \"Web site\"} a line:
  seg -w acme sources update --each renames.ndjson")]
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
    ///
    /// Prints one ndjson result a line ({"name", "ok", "resource" or "error"}) whatever -o says, but with -o name
    /// the name of each item that succeeded (failures on stderr) and with --jq the filter's output for each line.
    #[arg(long, value_name = "F")]
    each: Option<PathBuf>,
}

/// The update of one source: the flags, then what an `--each` line adds.
fn request(ctx: &Context, args: &Args, name: &str, item: Option<&Item>) -> Result<(Name, UpdateRequest<Source>)> {
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
    args.update.apply(ctx, name.as_str(), &mut update)?;
    if update.mask.paths.is_empty() {
        return Err(Error::usage("nothing to update: give at least one field to change (see --help)"));
    }
    Ok((name, update))
}

/// The request of an update, with `labels.KEY` paths (`--set labels.env=prod`, `--clear labels.env`) made into a
/// change of that one label: a mask names whole fields, so the source's labels are read and sent whole, with that
/// key set or removed.
async fn labels_merged(client: &Client, name: &Name, mut update: UpdateRequest<Source>) -> Result<Request<Source>> {
    let one_label = |path: &String| path.strip_prefix("source.labels.").map(String::from);
    let keys: Vec<String> = update.mask.paths.iter().filter_map(one_label).collect();
    if !keys.is_empty() {
        let mut labels = match client.send(&Request::<Source>::get(name.target())).await? {
            Outcome::Answer(source) => source.labels,
            Outcome::DryRun => BTreeMap::new(),
        };
        let given = update.fields.get("labels").and_then(Value::as_object).cloned().unwrap_or_default();
        for key in &keys {
            match given.get(key) {
                Some(Value::String(value)) => labels.insert(key.clone(), value.clone()),
                Some(other) => labels.insert(key.clone(), other.to_string()),
                None => labels.remove(key),
            };
        }
        update.mask.paths.retain(|path| one_label(path).is_none());
        update.fields.remove("labels");
        update.set("labels", labels).map_err(Error::Usage)?;
    }
    update.into_request(name.target()).map_err(Error::Usage)
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let Some(path) = &args.each else {
        let (name, update) = request(ctx, &args, args.name.as_deref().unwrap_or_default(), None)?;
        let request = labels_merged(ctx.client()?, &name, update).await?;
        return ctx.show(request, table::SOURCES).await;
    };
    let items = bulk::read(path, &["display_name", "labels"])?;
    let jobs = bulk::jobs(&items, |item| request(ctx, &args, &item.name, Some(item)))?;
    let jobs = jobs.into_iter().map(|(name, update)| (name.to_string(), (name, update))).collect();
    let client = ctx.client()?;
    bulk::run(ctx, jobs, |(name, update)| async move {
        bulk::send(client, &labels_merged(client, &name, update).await?).await
    })
    .await
}
