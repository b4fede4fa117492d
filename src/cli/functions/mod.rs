//! `seg functions`: the workspace's source, destination and insert functions, and the insert functions' instances
//! on destinations (a Public API resource: `cli::records`).

mod instances;

use std::path::{Path, PathBuf};

use crate::cli::args::{ListArgs, read_input};
use crate::cli::{Context, records};
use crate::error::{Error, Result};
use crate::wire::{Noun, PublicRecord, RecordInput, UpdateRequest};

/// List, show, create, update and delete functions, and their insert instances (Public API).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the workspace's functions.
    ///
    /// Sends GET /functions?resourceType=T (Public API) for each kind of function, or the one --type names,
    /// following the cursor to the end, and prints each function's id, name, kind and when it was made. The
    /// Config API has no functions (exit 2, before any request).
    #[command(after_help = "Examples:
  seg functions list
  seg functions list --type insert-destination -o json --jq '.[].id'")]
    List {
        /// Only functions of this kind
        #[arg(long = "type", value_enum, value_name = "KIND")]
        kind: Option<Kind>,
        #[command(flatten)]
        list: ListArgs,
    },
    /// Show one function, with its code.
    ///
    /// Sends GET /functions/ID (Public API) and prints the function: its name, kind, code, settings and when it was
    /// deployed. A function is named by its id, its full name or its display name (looked up in the listings: two of
    /// that name exit 2 naming their ids); one that does not exist exits 15.
    #[command(
        visible_alias = "show",
        after_help = "Examples:
  seg functions get 'Enrich orders'
  seg functions get ifnd_2f7FzHhWvSSmXhX9KAd3Y8 -o json --jq -r .code"
    )]
    Get {
        /// Function: its display name, id or full name
        function: String,
    },
    /// Create a function from a file of code.
    ///
    /// Sends POST /functions (Public API) with {"displayName", "resourceType", "code", "settings", "description"}
    /// and prints the new function. The code is read from --code (a file, `-` for stdin, at most 512 KiB of
    /// UTF-8: one that cannot be read exits 2 naming it, nothing sent). --settings declares the settings its
    /// instances take, as a JSON list of {"name", "label", "description", "type", "required", "sensitive"}.
    #[command(after_help = "Examples:
  seg functions create 'Enrich orders' --type insert-destination \\
      --code enrich.js
  seg functions create Webhook --type source --code hook.js \\
      --description 'Takes the shop's webhooks' --settings @settings.json")]
    Create {
        /// Its display name, by which seg names it
        name: String,
        /// Its kind
        #[arg(long = "type", value_enum, value_name = "KIND")]
        kind: Kind,
        /// The file holding its code (`-` for stdin)
        #[arg(long, value_name = "FILE")]
        code: PathBuf,
        /// A description
        #[arg(long, value_name = "TEXT")]
        description: Option<String>,
        /// The settings it declares, as a JSON list inline or @FILE (`@-` for stdin)
        #[arg(long, value_name = "JSON|@FILE")]
        settings: Option<String>,
    },
    /// Change a function's code, name, description or settings.
    ///
    /// Sends PATCH /functions/ID (Public API) with only what changes and prints the function; new code makes a new
    /// version of it. Naming nothing to change is a usage error (exit 2); a function that does not exist exits 15.
    #[command(after_help = "Examples:
  seg functions update 'Enrich orders' --code enrich.js
  seg functions update 'Enrich orders' --rename Enrich --description v2")]
    Update {
        /// Function: its display name, id or full name
        function: String,
        /// The file holding its new code (`-` for stdin)
        #[arg(long, value_name = "FILE")]
        code: Option<PathBuf>,
        /// A new display name
        #[arg(long, value_name = "NAME")]
        rename: Option<String>,
        /// A new description
        #[arg(long, value_name = "TEXT")]
        description: Option<String>,
        /// The settings it declares, whole, as a JSON list inline or @FILE (`@-` for stdin)
        #[arg(long, value_name = "JSON|@FILE")]
        settings: Option<String>,
    },
    /// Delete functions. Asks first on a terminal; elsewhere needs --yes.
    ///
    /// Sends DELETE /functions/ID (Public API) for each, after one confirmation for all of them. Each deletion is
    /// reported on stderr; it stops at the first failure (15 when a function does not exist). --each F names them
    /// in a file, one a line, and prints one ndjson result a line.
    #[command(after_help = "Examples:
  seg functions delete 'Enrich orders'
  seg functions delete --each old-functions.txt --yes")]
    Delete {
        /// Functions: display names, ids or full names
        #[arg(required_unless_present = "each", conflicts_with = "each")]
        functions: Vec<String>,
        /// Each function named in this file, one a line (`-` for stdin)
        #[arg(long, value_name = "F")]
        each: Option<PathBuf>,
    },
    #[command(subcommand)]
    Instances(instances::Command),
}

/// A kind of function (`resourceType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    Source,
    Destination,
    InsertDestination,
}

impl Kind {
    fn wire(self) -> &'static str {
        match self {
            Kind::Source => "SOURCE",
            Kind::Destination => "DESTINATION",
            Kind::InsertDestination => "INSERT_DESTINATION",
        }
    }
}

/// The longest code seg sends (the service's bound).
const MAX_CODE: usize = crate::wire::public::functions::MAX_CODE;

/// A function's code: a file of UTF-8 text within the bound, or a usage error naming the file (never its content).
fn code(path: &Path) -> Result<String> {
    let shown = if path == Path::new("-") { "stdin".to_string() } else { path.display().to_string() };
    let bytes = read_input(path)?;
    if bytes.len() > MAX_CODE {
        return Err(Error::usage(format!("{shown}: a function's code is at most {} KiB", MAX_CODE / 1024)));
    }
    String::from_utf8(bytes).map_err(|_| Error::usage(format!("{shown}: a function's code is UTF-8 text")))
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    let noun = Noun::Functions;
    match cmd {
        Command::List { kind, list } => {
            let query: Vec<(&str, &str)> = kind.map(|k| ("resourceType", k.wire())).into_iter().collect();
            records::list(ctx, noun, None, &query, &list).await
        }
        Command::Get { function } => records::get(ctx, noun, None, &function).await,
        Command::Create { name, kind, code: file, description, settings } => {
            records::collection(ctx, noun, None)?;
            let mut input = RecordInput::default();
            records::set(&mut input, "displayName", &name)?;
            records::set(&mut input, "resourceType", kind.wire())?;
            records::set(&mut input, "code", code(&file)?)?;
            if let Some(description) = description {
                records::set(&mut input, "description", description)?;
            }
            if let Some(text) = settings {
                records::set(&mut input, "settings", records::list_of("--settings", &text)?)?;
            }
            records::make(ctx, noun, None, &input).await
        }
        Command::Update { function, code: file, rename, description, settings } => {
            let mut update = UpdateRequest::<PublicRecord>::new();
            if let Some(file) = file {
                records::change(&mut update, "code", code(&file)?)?;
            }
            if let Some(name) = rename {
                records::change(&mut update, "displayName", name)?;
            }
            if let Some(description) = description {
                records::change(&mut update, "description", description)?;
            }
            if let Some(text) = settings {
                records::change(&mut update, "settings", records::list_of("--settings", &text)?)?;
            }
            let what = "--code, --rename, --description or --settings";
            records::update(ctx, noun, &function, update, what).await
        }
        Command::Delete { functions, each } => records::delete(ctx, noun, None, &functions, each.as_ref()).await,
        Command::Instances(cmd) => instances::run(cmd, ctx).await,
    }
}
