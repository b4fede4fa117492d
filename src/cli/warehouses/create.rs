use crate::cli::{Context, records};
use crate::error::Result;
use crate::wire::{Noun, RecordInput, Referent};

/// Create a warehouse of a catalog entry.
///
/// Sends POST /warehouses (Public API) with {"metadataId", "name", "enabled", "settings"} and prints the new
/// warehouse. --catalog names the catalog entry by its slug (postgres, snowflake, ...; read with GET
/// /catalog/warehouses) or its id (read with GET /catalog/warehouses/ID); one that does not exist exits 2, nothing
/// sent. --settings holds the entry's options (hostname, port, password, ...); the service checks them (a required
/// one missing or of the wrong type exits 13). It is made enabled unless --disabled.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg warehouses create Main --catalog postgres --settings @postgres.json
  seg warehouses create Staging --catalog postgres --disabled \\
      --settings '{\"hostname\": \"db\", \"port\": 5432, \"database\": \"d\",
                   \"username\": \"u\", \"password\": \"p\"}'")]
pub struct Args {
    /// The warehouse's name, by which seg names it
    name: String,
    /// Its catalog entry: a slug (postgres) or an id
    #[arg(long, value_name = "ENTRY")]
    catalog: String,
    /// Its settings as a JSON object, inline or @FILE (`@-` for stdin)
    #[arg(long, value_name = "JSON|@FILE")]
    settings: Option<String>,
    /// Make it disabled (it is made enabled otherwise)
    #[arg(long)]
    disabled: bool,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let mut input = RecordInput::default();
    input.refer("metadataId", Referent::WarehouseEntry(args.catalog));
    records::set(&mut input, "name", &args.name)?;
    records::set(&mut input, "enabled", !args.disabled)?;
    let settings = match &args.settings {
        Some(text) => records::object("--settings", text)?,
        None => Default::default(),
    };
    records::set(&mut input, "settings", settings)?;
    records::make(ctx, Noun::Warehouses, None, &input).await
}
