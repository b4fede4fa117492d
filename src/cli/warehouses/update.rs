use crate::cli::args::Switch;
use crate::cli::{Context, records};
use crate::error::Result;
use crate::wire::{Noun, PublicRecord, UpdateRequest};

/// Change a warehouse's name, settings or whether it is enabled.
///
/// Sends PATCH /warehouses/ID (Public API) with only what changes and prints the warehouse. --settings is merged
/// into the warehouse's by key (a key set to null is removed); a setting as the service shows a secret (censored)
/// is refused, nothing sent. Naming nothing to change is a usage error (exit 2); a warehouse that does not exist
/// exits 15.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg warehouses update Main --disabled
  seg warehouses update Main --settings '{\"password\": \"n3w\"}' --rename Primary")]
pub struct Args {
    /// Warehouse: its name, id or full name
    warehouse: String,
    /// A new name
    #[arg(long, value_name = "NAME")]
    rename: Option<String>,
    /// Settings to change, as a JSON object inline or @FILE (`@-` for stdin), merged by key
    #[arg(long, value_name = "JSON|@FILE")]
    settings: Option<String>,
    #[command(flatten)]
    switch: Switch,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let mut update = UpdateRequest::<PublicRecord>::new();
    if let Some(name) = &args.rename {
        records::change(&mut update, "display_name", name)?;
    }
    if let Some(text) = &args.settings {
        records::change(&mut update, "settings", records::object("--settings", text)?)?;
    }
    if let Some(enabled) = args.switch.wanted() {
        records::change(&mut update, "enabled", enabled)?;
    }
    let what = "--rename, --settings, --enabled or --disabled";
    records::update(ctx, Noun::Warehouses, &args.warehouse, update, what).await
}
