//! `seg functions instances`: an insert function's instances, each on a destination.

use std::path::PathBuf;

use crate::cli::args::{ListArgs, Switch};
use crate::cli::{Context, records};
use crate::error::Result;
use crate::wire::{Noun, PublicRecord, RecordInput, Referent, UpdateRequest};

/// List, show, create, update and delete the instances of an insert function (Public API).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List an insert function's instances.
    ///
    /// Sends GET /insert-function-instances?functionId=ID (Public API), following the cursor to the end, and prints
    /// each instance's id, name, destination and whether it is enabled. A function that does not exist exits 15.
    #[command(after_help = "Examples:
  seg functions instances list 'Enrich orders'
  seg functions instances list 'Enrich orders' -o json --jq '.[].name'")]
    List {
        /// Function: its display name, id or full name
        function: String,
        #[command(flatten)]
        list: ListArgs,
    },
    /// Show one instance, with its settings.
    ///
    /// Sends GET /insert-function-instances/ID (Public API) and prints the instance: its name, destination, whether
    /// it is enabled and its settings (sensitive ones censored by the service). An instance is named by its id, its
    /// full name or its name (looked up in the function's instances); one that does not exist exits 15.
    #[command(
        visible_alias = "show",
        after_help = "Examples:
  seg functions instances get 'Enrich orders' 'Orders to CRM'
  seg functions instances get 'Enrich orders' 'Orders to CRM' -o json"
    )]
    Get {
        /// Function: its display name, id or full name
        function: String,
        /// Instance: its name, id or full name
        instance: String,
    },
    /// Put an insert function on a destination.
    ///
    /// Sends POST /insert-function-instances (Public API) with {"functionId", "integrationId", "name", "enabled",
    /// "settings"} and prints the new instance. The destination is SRC/DST as `seg destinations` names it;
    /// --settings holds the values of the settings the function declares (the service checks them). It is made
    /// enabled unless --disabled.
    #[command(after_help = "Examples:
  seg functions instances create 'Enrich orders' web/webhooks \\
      --name 'Orders to CRM' --settings '{\"apiKey\": \"k3y\"}'")]
    Create {
        /// Function: its display name, id or full name (an insert function)
        function: String,
        /// Destination: SRC/DST, SRC/ID or SRC/DST#NAME
        destination: String,
        /// The instance's name, by which seg names it
        #[arg(long, value_name = "NAME")]
        name: String,
        /// The values of its settings as a JSON object, inline or @FILE (`@-` for stdin)
        #[arg(long, value_name = "JSON|@FILE")]
        settings: Option<String>,
        /// Make it disabled (it is made enabled otherwise)
        #[arg(long)]
        disabled: bool,
    },
    /// Change an instance's name, settings or whether it is enabled.
    ///
    /// Sends PATCH /insert-function-instances/ID (Public API) and prints the instance. --settings replaces its
    /// settings whole (a setting as the service shows a secret is refused, nothing sent; one left out keeps its
    /// value only if given again). Naming nothing to change is a usage error (exit 2).
    #[command(after_help = "Examples:
  seg functions instances update 'Enrich orders' 'Orders to CRM' --disabled
  seg functions instances update 'Enrich orders' 'Orders to CRM' \\
      --settings '{\"apiKey\": \"n3w\"}' --rename CRM")]
    Update {
        /// Function: its display name, id or full name
        function: String,
        /// Instance: its name, id or full name
        instance: String,
        /// A new name
        #[arg(long, value_name = "NAME")]
        rename: Option<String>,
        /// Its settings, whole, as a JSON object inline or @FILE (`@-` for stdin)
        #[arg(long, value_name = "JSON|@FILE")]
        settings: Option<String>,
        #[command(flatten)]
        switch: Switch,
    },
    /// Delete instances of a function. Asks first on a terminal; elsewhere needs --yes.
    ///
    /// Sends DELETE /insert-function-instances/ID (Public API) for each, after one confirmation for all of them.
    /// --each F names them in a file, one a line, and prints one ndjson result a line.
    #[command(after_help = "Examples:
  seg functions instances delete 'Enrich orders' 'Orders to CRM'
  seg functions instances delete 'Enrich orders' --each old.txt --yes")]
    Delete {
        /// Function: its display name, id or full name
        #[arg(index = 1)]
        function: String,
        /// Instances: names, ids or full names
        #[arg(index = 2, required_unless_present = "each", conflicts_with = "each")]
        instances: Vec<String>,
        /// Each instance named in this file, one a line (`-` for stdin)
        #[arg(long, value_name = "F")]
        each: Option<PathBuf>,
    },
}

/// The function's id.
async fn function(ctx: &Context, given: &str) -> Result<String> {
    Ok(records::resolve(ctx, Noun::Functions, None, given).await?.id().to_string())
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    let noun = Noun::Instances;
    match cmd {
        Command::List { function: given, list } => {
            let id = function(ctx, &given).await?;
            records::list(ctx, noun, Some(&id), &[], &list).await
        }
        Command::Get { function: given, instance } => {
            let id = function(ctx, &given).await?;
            records::get(ctx, noun, Some(&id), &instance).await
        }
        Command::Create { function: given, destination, name, settings, disabled } => {
            let id = function(ctx, &given).await?;
            let (source, destination) = destination.split_once('/').ok_or_else(|| {
                crate::error::Error::usage(format!("{destination:?}: name the destination as SRC/DST"))
            })?;
            let mut input = RecordInput::default();
            records::set(&mut input, "functionId", &id)?;
            input.refer(
                "integrationId",
                Referent::Destination { source: source.to_string(), destination: destination.to_string() },
            );
            records::set(&mut input, "name", &name)?;
            records::set(&mut input, "enabled", !disabled)?;
            let settings = match &settings {
                Some(text) => records::object("--settings", text)?,
                None => Default::default(),
            };
            records::set(&mut input, "settings", settings)?;
            records::make(ctx, noun, Some(&id), &input).await
        }
        Command::Update { function: given, instance, rename, settings, switch } => {
            let mut update = UpdateRequest::<PublicRecord>::new();
            if let Some(name) = rename {
                records::change(&mut update, "display_name", name)?;
            }
            if let Some(text) = settings {
                records::change(&mut update, "settings", records::object("--settings", &text)?)?;
            }
            if let Some(enabled) = switch.wanted() {
                records::change(&mut update, "enabled", enabled)?;
            }
            let what = "--rename, --settings, --enabled or --disabled";
            let id = function(ctx, &given).await?;
            records::update_under(ctx, noun, Some(&id), &instance, update, what).await
        }
        Command::Delete { function: given, instances, each } => {
            let id = function(ctx, &given).await?;
            records::delete(ctx, noun, Some(&id), &instances, each.as_ref()).await
        }
    }
}
