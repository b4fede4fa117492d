//! `seg reverse-etl-models`: the workspace's reverse ETL models, each a query of a warehouse source (a Public API
//! resource: `cli::records`).

use std::path::PathBuf;

use crate::cli::args::{ListArgs, Switch};
use crate::cli::{Context, records};
use crate::error::Result;
use crate::wire::{Noun, PublicRecord, RecordInput, Referent, UpdateRequest};

/// List, show, create, update and delete reverse ETL models (Public API).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the workspace's reverse ETL models.
    ///
    /// Sends GET /reverse-etl-models (Public API), following the cursor to the end, and prints each model's id,
    /// name, whether it is enabled, its schedule and its source. The Config API has none (exit 2, before any
    /// request).
    #[command(after_help = "Examples:
  seg reverse-etl-models list
  seg reverse-etl-models list -o json --jq '.[].query'")]
    List {
        #[command(flatten)]
        list: ListArgs,
    },
    /// Show one reverse ETL model.
    ///
    /// Sends GET /reverse-etl-models/ID (Public API) and prints it: its query, identifier column and schedule. A
    /// model is named by its id, its full name or its name (looked up in one listing: two of that name exit 2
    /// naming their ids); one that does not exist exits 15.
    #[command(
        visible_alias = "show",
        after_help = "Examples:
  seg reverse-etl-models get Customers
  seg reverse-etl-models get Customers -o json --jq .query"
    )]
    Get {
        /// Model: its name, id or full name
        model: String,
    },
    /// Create a reverse ETL model of a source.
    ///
    /// Sends POST /reverse-etl-models (Public API) with {"sourceId", "name", "description", "enabled",
    /// "scheduleStrategy", "scheduleConfig", "query", "queryIdentifierColumn"} and prints it. It is made enabled
    /// unless --disabled, scheduled MANUAL unless --schedule says otherwise.
    #[command(after_help = "Examples:
  seg reverse-etl-models create Customers --source warehouse-src \\
      --query 'select * from customers' --identifier-column id
  seg reverse-etl-models create Daily --source warehouse-src \\
      --query 'select 1 as id' --identifier-column id \\
      --schedule periodic --schedule-config '{\"interval\": \"1d\"}'")]
    Create {
        /// Its name, by which seg names it
        name: String,
        /// Its source: its slug or id
        #[arg(long, value_name = "SOURCE")]
        source: String,
        /// Its SQL query
        #[arg(long, value_name = "SQL")]
        query: String,
        /// The column of the query that identifies a record
        #[arg(long, value_name = "COLUMN")]
        identifier_column: String,
        /// A description
        #[arg(long, value_name = "TEXT", default_value = "")]
        description: String,
        /// When it syncs
        #[arg(long, value_enum, default_value = "manual")]
        schedule: Schedule,
        /// The schedule's settings as a JSON object, inline or @FILE (`@-` for stdin)
        #[arg(long, value_name = "JSON|@FILE")]
        schedule_config: Option<String>,
        /// Make it disabled (it is made enabled otherwise)
        #[arg(long)]
        disabled: bool,
    },
    /// Change a reverse ETL model.
    ///
    /// Sends PATCH /reverse-etl-models/ID (Public API) with only what changes and prints it. Naming nothing to
    /// change is a usage error (exit 2); a model that does not exist exits 15.
    #[command(after_help = "Examples:
  seg reverse-etl-models update Customers --disabled
  seg reverse-etl-models update Customers --query 'select * from people'")]
    Update {
        /// Model: its name, id or full name
        model: String,
        /// A new name
        #[arg(long, value_name = "NAME")]
        rename: Option<String>,
        /// A new SQL query
        #[arg(long, value_name = "SQL")]
        query: Option<String>,
        /// A new identifier column
        #[arg(long, value_name = "COLUMN")]
        identifier_column: Option<String>,
        /// A new description
        #[arg(long, value_name = "TEXT")]
        description: Option<String>,
        /// A new schedule
        #[arg(long, value_enum)]
        schedule: Option<Schedule>,
        /// The schedule's settings as a JSON object, inline or @FILE (`@-` for stdin)
        #[arg(long, value_name = "JSON|@FILE")]
        schedule_config: Option<String>,
        #[command(flatten)]
        switch: Switch,
    },
    /// Delete reverse ETL models. Asks first on a terminal; elsewhere needs --yes.
    ///
    /// Sends DELETE /reverse-etl-models/ID (Public API) for each, after one confirmation for all of them. --each
    /// F names them in a file, one a line, and prints one ndjson result a line.
    #[command(after_help = "Examples:
  seg reverse-etl-models delete Customers
  seg reverse-etl-models delete --each old-models.txt --yes")]
    Delete {
        /// Models: names, ids or full names
        #[arg(required_unless_present = "each", conflicts_with = "each")]
        models: Vec<String>,
        /// Each model named in this file, one a line (`-` for stdin)
        #[arg(long, value_name = "F")]
        each: Option<PathBuf>,
    },
}

/// A model's `scheduleStrategy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Schedule {
    Manual,
    Periodic,
    SpecificDays,
}

impl Schedule {
    fn wire(self) -> &'static str {
        match self {
            Schedule::Manual => "MANUAL",
            Schedule::Periodic => "PERIODIC",
            Schedule::SpecificDays => "SPECIFIC_DAYS",
        }
    }
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    let noun = Noun::ReverseEtlModels;
    match cmd {
        Command::List { list } => records::list(ctx, noun, None, &[], &list).await,
        Command::Get { model } => records::get(ctx, noun, None, &model).await,
        Command::Create {
            name,
            source,
            query,
            identifier_column,
            description,
            schedule,
            schedule_config,
            disabled,
        } => {
            let mut input = RecordInput::default();
            input.refer("sourceId", Referent::Source(source));
            records::set(&mut input, "name", &name)?;
            records::set(&mut input, "description", &description)?;
            records::set(&mut input, "enabled", !disabled)?;
            records::set(&mut input, "scheduleStrategy", schedule.wire())?;
            let config = match &schedule_config {
                Some(text) => records::object("--schedule-config", text)?,
                None => Default::default(),
            };
            records::set(&mut input, "scheduleConfig", config)?;
            records::set(&mut input, "query", &query)?;
            records::set(&mut input, "queryIdentifierColumn", &identifier_column)?;
            records::make(ctx, noun, None, &input).await
        }
        Command::Update { model, rename, query, identifier_column, description, schedule, schedule_config, switch } => {
            let mut update = UpdateRequest::<PublicRecord>::new();
            if let Some(name) = rename {
                records::change(&mut update, "display_name", name)?;
            }
            if let Some(query) = query {
                records::change(&mut update, "query", query)?;
            }
            if let Some(column) = identifier_column {
                records::change(&mut update, "queryIdentifierColumn", column)?;
            }
            if let Some(description) = description {
                records::change(&mut update, "description", description)?;
            }
            if let Some(schedule) = schedule {
                records::change(&mut update, "scheduleStrategy", schedule.wire())?;
            }
            if let Some(text) = schedule_config {
                records::change(&mut update, "scheduleConfig", records::object("--schedule-config", &text)?)?;
            }
            if let Some(enabled) = switch.wanted() {
                records::change(&mut update, "enabled", enabled)?;
            }
            let what = "--rename, --query, --identifier-column, --description, --schedule, --schedule-config, \
                        --enabled or --disabled";
            records::update(ctx, noun, &model, update, what).await
        }
        Command::Delete { models, each } => records::delete(ctx, noun, None, &models, each.as_ref()).await,
    }
}
