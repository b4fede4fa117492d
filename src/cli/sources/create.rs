use std::path::PathBuf;

use crate::api::names::Kind;
use crate::cli::Context;
use crate::cli::args::parse_kv;
use crate::cli::bulk::{self, Item};
use crate::error::{Error, Result};
use crate::ui::table;
use crate::wire::{self, CreateSource, Request, Source, SourceInput};

/// Create a source from a catalog entry.
///
/// Sends POST /v1beta/workspaces/WS/sources with {"source": {"name", "catalog_name", ...}} (plus --display-name
/// and --label when given) and prints the new source, with the write keys the service generates. The catalog entry
/// must exist (`seg catalog sources list`). A source of that name that exists already exits 16; a read-only token
/// exits 17. --each F creates one source per line of F (a name, or {"name", "catalog", "display_name", "labels":
/// {K: V}}; the flags apply to every line) and prints one result line each. --dry-run prints the request instead of
/// sending it.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme sources create web --catalog javascript
  seg sources create workspaces/acme/sources/api \\
      --catalog catalog/sources/http-api --label team=data
  printf '%s\\n' app-1 app-2 app-3 |
      seg -w acme sources create --each - --catalog ios")]
pub struct Args {
    /// Source: SLUG (with -w) or workspaces/WS/sources/SLUG
    #[arg(required_unless_present = "each", conflicts_with = "each")]
    name: Option<String>,
    /// Catalog source: SLUG or catalog/sources/SLUG (`seg catalog sources list`)
    #[arg(long, value_name = "CAT", required_unless_present = "each")]
    catalog: Option<String>,
    /// Display name [default: the slug]
    #[arg(long, value_name = "TEXT")]
    display_name: Option<String>,
    /// A label (repeatable)
    #[arg(long = "label", value_name = "KEY=VALUE", value_parser = parse_kv)]
    labels: Vec<(String, String)>,
    /// Create one source per line of this file (`-` for stdin): a name, or an ndjson object of these flags
    ///
    /// Prints one ndjson result a line ({"name", "ok", "resource" or "error"}) whatever -o says, but with -o name
    /// the name of each item that succeeded (failures on stderr) and with --jq the filter's output for each line.
    #[arg(long, value_name = "F")]
    each: Option<PathBuf>,
}

/// The request for one source: the flags, then what an `--each` line adds.
fn request(ctx: &Context, args: &Args, name: &str, item: Option<&Item>) -> Result<(String, Request<Source>)> {
    let name = ctx.name(Kind::Source, name)?;
    let mut catalog = args.catalog.clone();
    let mut display_name = args.display_name.clone();
    let mut labels: std::collections::BTreeMap<String, String> = args.labels.iter().cloned().collect();
    if let Some(item) = item {
        catalog = item.str("catalog")?.or(catalog);
        display_name = item.str("display_name")?.or(display_name);
        for (key, value) in item.object("labels")? {
            let value = value.as_str().ok_or_else(|| Error::usage(format!("{}: labels are strings", item.name)))?;
            labels.insert(key, value.to_string());
        }
    }
    let catalog =
        catalog.ok_or_else(|| Error::usage(format!("{name}: no catalog: pass --catalog or give \"catalog\"")))?;
    let catalog = ctx.name(Kind::CatalogSource, &catalog)?;
    let source = SourceInput {
        name: name.to_string(),
        catalog_name: catalog.to_string(),
        display_name,
        labels: (!labels.is_empty()).then_some(labels),
        ..SourceInput::default()
    };
    Ok((name.to_string(), wire::create(name.collection()?, &CreateSource { source })))
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let Some(path) = &args.each else {
        let (_, request) = request(ctx, &args, args.name.as_deref().unwrap_or_default(), None)?;
        return ctx.show(request, table::SOURCES).await;
    };
    let items = bulk::read(path, &["catalog", "display_name", "labels"])?;
    let jobs = bulk::jobs(&items, |item| request(ctx, &args, &item.name, Some(item)))?;
    let client = ctx.client()?;
    bulk::run(ctx, jobs, |request| async move { bulk::send(client, &request).await }).await
}
