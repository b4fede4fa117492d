use crate::api::names::Kind;
use crate::cli::Context;
use crate::cli::args::parse_kv;
use crate::error::Result;
use crate::ui::table;
use crate::wire::{self, CreateSource, SourceInput};

/// Create a source from a catalog entry.
///
/// Sends POST /v1beta/workspaces/WS/sources with {"source": {"name", "catalog_name", ...}} (plus --display-name
/// and --label when given) and prints the new source, with the write keys the service generates. The catalog entry
/// must exist (`seg catalog sources list`). A source of that name that exists already exits 16; a read-only token
/// exits 17. --dry-run prints the request instead of sending it.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme sources create web --catalog javascript
  seg sources create workspaces/acme/sources/api --catalog catalog/sources/http-api --label team=data")]
pub struct Args {
    /// Source: SLUG (with -w) or workspaces/WS/sources/SLUG
    name: String,
    /// Catalog source: SLUG or catalog/sources/SLUG (`seg catalog sources list`)
    #[arg(long, value_name = "CAT")]
    catalog: String,
    /// Display name [default: the slug]
    #[arg(long, value_name = "TEXT")]
    display_name: Option<String>,
    /// A label (repeatable)
    #[arg(long = "label", value_name = "KEY=VALUE", value_parser = parse_kv)]
    labels: Vec<(String, String)>,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let name = ctx.name(Kind::Source, &args.name)?;
    let catalog = ctx.name(Kind::CatalogSource, &args.catalog)?;
    let source = SourceInput {
        name: name.to_string(),
        catalog_name: catalog.to_string(),
        display_name: args.display_name,
        labels: (!args.labels.is_empty()).then(|| args.labels.into_iter().collect()),
        ..SourceInput::default()
    };
    let request = wire::create(&format!("{}/sources", name.parent()), &CreateSource { source });
    ctx.show(request, table::SOURCES).await
}
