//! `seg warehouses connections`: which sources a warehouse receives data from.

use crate::cli::args::ListArgs;
use crate::cli::{Context, records};
use crate::error::Result;
use crate::wire::{Noun, RecordInput, Referent};

/// List, add and remove the sources connected to a warehouse.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the sources connected to a warehouse.
    ///
    /// Sends GET /warehouses/ID/connected-sources (Public API), following the cursor to the end, and prints each
    /// source's slug, name and id. A warehouse that does not exist exits 15.
    #[command(after_help = "Examples:
  seg warehouses connections list Main
  seg warehouses connections list Main -o json --jq '.[].slug'")]
    List {
        /// Warehouse: its name, id or full name
        warehouse: String,
        #[command(flatten)]
        list: ListArgs,
    },
    /// Connect a source to a warehouse.
    ///
    /// Sends POST /warehouses/ID/connected-sources/SOURCE_ID (Public API) and prints the source. A source connected
    /// already stays so; a warehouse or source that does not exist exits 15.
    #[command(after_help = "Example:\n  seg warehouses connections add Main web")]
    Add {
        /// Warehouse: its name, id or full name
        warehouse: String,
        /// Source: its slug or id
        source: String,
    },
    /// Disconnect a source from a warehouse.
    ///
    /// Sends DELETE /warehouses/ID/connected-sources/SOURCE_ID (Public API) and prints the service's answer. Only
    /// the link goes (the source and the warehouse stay), so it does not ask for confirmation. A source that is not
    /// connected exits 15.
    #[command(after_help = "Example:\n  seg warehouses connections remove Main web")]
    Remove {
        /// Warehouse: its name, id or full name
        warehouse: String,
        /// Source: its slug or id
        source: String,
    },
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    let warehouse = |given: String| async move {
        let name = records::resolve(ctx, Noun::Warehouses, None, &given).await?;
        Ok::<String, crate::error::Error>(name.id().to_string())
    };
    match cmd {
        Command::List { warehouse: given, list } => {
            let id = warehouse(given).await?;
            records::list(ctx, Noun::WarehouseSources, Some(&id), &[], &list).await
        }
        Command::Add { warehouse: given, source } => {
            let id = warehouse(given).await?;
            let mut input = RecordInput::default();
            input.refer("sourceId", Referent::Source(source));
            records::make(ctx, Noun::WarehouseSources, Some(&id), &input).await
        }
        Command::Remove { warehouse: given, source } => {
            let id = warehouse(given).await?;
            records::remove(ctx, Noun::WarehouseSources, &id, &source).await
        }
    }
}
