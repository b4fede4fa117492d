//! `seg catalog`: the catalog of sources and destinations (not workspace-scoped).

use super::Context;
use super::args::ListArgs;
use crate::api::names::Kind;
use crate::error::Result;
use crate::ui::table::{self, Shape};
use crate::wire::{CatalogDestination, CatalogSource, Page, Request, Resource, Target};

/// Browse the catalog of sources and destinations.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Catalog sources: list them, or get one
    #[command(
        args_conflicts_with_subcommands = true,
        after_help = "Examples:
  seg catalog sources
  seg catalog sources get javascript"
    )]
    Sources(Browse),
    /// Catalog destinations: list them, or get one with its settings
    #[command(
        args_conflicts_with_subcommands = true,
        after_help = "Examples:
  seg catalog destinations list -o name
  seg catalog destinations get webhooks -o json --jq '.settings[].name'"
    )]
    Destinations(Browse),
}

#[derive(Debug, clap::Args)]
pub struct Browse {
    #[command(subcommand)]
    action: Option<Action>,
    #[command(flatten)]
    list: ListArgs,
}

#[derive(Debug, clap::Subcommand)]
enum Action {
    /// List the entries (the default).
    ///
    /// Sends GET /v1beta/catalog/sources (or catalog/destinations), following next_page_token to the end, 100 items
    /// a page unless --page-size. The catalog is not workspace-scoped: no -w needed. `seg catalog sources` with no
    /// verb does the same. Prints a table on a terminal and JSON in a pipe.
    #[command(after_help = "Examples:\n  seg catalog sources list\n  seg catalog destinations list -o name")]
    List {
        #[command(flatten)]
        list: ListArgs,
    },
    /// Show one entry.
    ///
    /// Sends GET /v1beta/catalog/sources/SLUG (or catalog/destinations/SLUG) and prints the entry; a destination's
    /// `settings` name the keys that `seg destinations create --config` takes. An unknown slug exits 15 (not found).
    #[command(after_help = "Examples:
  seg catalog sources get javascript
  seg catalog destinations get webhooks -o json --jq '.settings[].name'")]
    #[command(visible_alias = "show")]
    Get {
        /// SLUG or catalog/KIND/SLUG
        slug: String,
    },
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::Sources(browse) => {
            let collection = Target::CatalogSources;
            run_as::<CatalogSource>(browse, Kind::CatalogSource, collection, table::CATALOG_SOURCES, ctx).await
        }
        Command::Destinations(browse) => {
            let columns = table::CATALOG_DESTINATIONS;
            let collection = Target::CatalogDestinations;
            run_as::<CatalogDestination>(browse, Kind::CatalogDestination, collection, columns, ctx).await
        }
    }
}

async fn run_as<T: Resource>(
    browse: Browse,
    kind: Kind,
    collection: Target,
    columns: &'static Shape,
    ctx: &Context,
) -> Result<()> {
    let list = |args| ctx.list(vec![Request::<Page<T>>::list(collection.clone())], args, columns);
    match browse.action {
        None => list(&browse.list).await,
        Some(Action::List { list: args }) => list(&args).await,
        Some(Action::Get { slug }) => ctx.show(Request::<T>::get(ctx.name(kind, &slug)?.target()), columns).await,
    }
}
