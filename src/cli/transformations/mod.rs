//! `seg transformations`: the workspace's transformations, each of a source's events (a Public API resource:
//! `cli::records`).

use std::path::PathBuf;

use crate::cli::args::{ListArgs, Switch, read_object};
use crate::cli::{Context, records};
use crate::error::Result;
use crate::wire::{Noun, PublicRecord, RecordInput, Referent, UpdateRequest};

/// List, show, create, update and delete transformations (Public API).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the workspace's transformations.
    ///
    /// Sends GET /transformations (Public API), following the cursor to the end, and prints each transformation's
    /// id, name, whether it is enabled, its condition and its source. The Config API has none (exit 2, before any
    /// request).
    #[command(after_help = "Examples:
  seg transformations list
  seg transformations list -o json --jq '.[] | select(.enabled) | .name'")]
    List {
        #[command(flatten)]
        list: ListArgs,
    },
    /// Show one transformation.
    ///
    /// Sends GET /transformations/ID (Public API) and prints it: its condition and what it does to the events
    /// that meet it. A transformation is named by its id, its full name or its name (looked up in one listing: two
    /// of that name exit 2 naming their ids); one that does not exist exits 15.
    #[command(
        visible_alias = "show",
        after_help = "Examples:
  seg transformations get 'Rename orders'
  seg transformations get 'Rename orders' -o json --jq .if"
    )]
    Get {
        /// Transformation: its name, id or full name
        transformation: String,
    },
    /// Create a transformation of a source's events.
    ///
    /// Sends POST /transformations (Public API) with {"name", "sourceId", "if", "enabled", ...} and prints it. --if
    /// is an FQL condition; --from-file gives the rest of what it does as the service spells it
    /// (propertyRenames, propertyValueTransformations, fqlDefinedProperties, allowProperties, ...). It is made
    /// enabled unless --disabled.
    #[command(after_help = "Examples:
  seg transformations create 'Rename orders' --source web \\
      --if 'event = \"Order Done\"' --new-event-name 'Order Completed'
  seg transformations create Hash --source web --if 'type = \"identify\"' \\
      --from-file hash.json --disabled")]
    Create {
        /// Its name, by which seg names it
        name: String,
        /// Its source: its slug or id
        #[arg(long, value_name = "SOURCE")]
        source: String,
        /// The FQL condition of the events it changes
        #[arg(long = "if", value_name = "FQL")]
        condition: String,
        /// The name it gives those events
        #[arg(long, value_name = "NAME")]
        new_event_name: Option<String>,
        /// More of its fields as a JSON object, as the service spells them (`-` for stdin)
        #[arg(long, value_name = "FILE")]
        from_file: Option<PathBuf>,
        /// Make it disabled (it is made enabled otherwise)
        #[arg(long)]
        disabled: bool,
    },
    /// Change a transformation.
    ///
    /// Sends PATCH /transformations/ID (Public API) with only what changes and prints it; --source moves it to
    /// another source. Naming nothing to change is a usage error (exit 2); one that does not exist exits 15.
    #[command(after_help = "Examples:
  seg transformations update 'Rename orders' --disabled
  seg transformations update 'Rename orders' --if 'event = \"Order\"' \\
      --rename 'Rename order events'")]
    Update {
        /// Transformation: its name, id or full name
        transformation: String,
        /// A new name
        #[arg(long, value_name = "NAME")]
        rename: Option<String>,
        /// A new FQL condition
        #[arg(long = "if", value_name = "FQL")]
        condition: Option<String>,
        /// A new event name
        #[arg(long, value_name = "NAME")]
        new_event_name: Option<String>,
        /// Another source: its slug or id
        #[arg(long, value_name = "SOURCE")]
        source: Option<String>,
        /// Fields to change as a JSON object, as the service spells them (`-` for stdin)
        #[arg(long, value_name = "FILE")]
        from_file: Option<PathBuf>,
        #[command(flatten)]
        switch: Switch,
    },
    /// Delete transformations. Asks first on a terminal; elsewhere needs --yes.
    ///
    /// Sends DELETE /transformations/ID (Public API) for each, after one confirmation for all of them. --each F
    /// names them in a file, one a line, and prints one ndjson result a line.
    #[command(after_help = "Examples:
  seg transformations delete 'Rename orders'
  seg transformations delete --each old.txt --yes")]
    Delete {
        /// Transformations: names, ids or full names
        #[arg(required_unless_present = "each", conflicts_with = "each")]
        transformations: Vec<String>,
        /// Each transformation named in this file, one a line (`-` for stdin)
        #[arg(long, value_name = "F")]
        each: Option<PathBuf>,
    },
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    let noun = Noun::Transformations;
    match cmd {
        Command::List { list } => records::list(ctx, noun, None, &[], &list).await,
        Command::Get { transformation } => records::get(ctx, noun, None, &transformation).await,
        Command::Create { name, source, condition, new_event_name, from_file, disabled } => {
            let mut input = RecordInput::default();
            if let Some(path) = &from_file {
                input.fields = read_object(path)?;
            }
            records::set(&mut input, "name", &name)?;
            input.refer("sourceId", Referent::Source(source));
            records::set(&mut input, "if", &condition)?;
            records::set(&mut input, "enabled", !disabled)?;
            if let Some(event) = new_event_name {
                records::set(&mut input, "newEventName", event)?;
            }
            records::make(ctx, noun, None, &input).await
        }
        Command::Update { transformation, rename, condition, new_event_name, source, from_file, switch } => {
            let mut update = UpdateRequest::<PublicRecord>::new();
            if let Some(path) = &from_file {
                for (key, value) in read_object(path)? {
                    records::change(&mut update, &key, value)?;
                }
            }
            if let Some(name) = rename {
                records::change(&mut update, "display_name", name)?;
            }
            if let Some(condition) = condition {
                records::change(&mut update, "if", condition)?;
            }
            if let Some(event) = new_event_name {
                records::change(&mut update, "newEventName", event)?;
            }
            if let Some(source) = source {
                records::change(&mut update, "sourceId", source)?;
            }
            if let Some(enabled) = switch.wanted() {
                records::change(&mut update, "enabled", enabled)?;
            }
            let what = "--rename, --if, --new-event-name, --source, --from-file, --enabled or --disabled";
            records::update(ctx, noun, &transformation, update, what).await
        }
        Command::Delete { transformations, each } => {
            records::delete(ctx, noun, None, &transformations, each.as_ref()).await
        }
    }
}
