//! `seg destinations filters`: the filters of a destination (docs/reference/config-api.md, "Resources that real clients
//! use beyond the seed"). A filter is named by its id (`df_...`) under its destination, or by its full name in either
//! form the service uses (`.../destinations/DST/filters/df_...` or `.../destinations/DST/config/ID/filters/df_...`).

use std::path::PathBuf;

use serde_json::Value;

use super::SourceArg;
use crate::api::names::{self, Defaults, Kind, Name};
use crate::cli::Context;
use crate::cli::args::{ListArgs, UpdateArgs, read_object};
use crate::error::{Error, Result};
use crate::ui::table;
use futures_util::TryStreamExt;

use crate::api::{list, walk};
use crate::wire::{
    Action, CreateFilter, Destination, DestinationFilter, FilterInput, Page, Request, Source, UpdateRequest, create,
};

/// List, show, create, update and delete a destination's filters.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    List(ListCmd),
    #[command(visible_alias = "show")]
    Get(FilterArgs),
    Create(CreateArgs),
    Update(UpdateCmd),
    Patch(UpdateCmd),
    Delete(DeleteArgs),
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::List(args) => match &args.destination {
            Some(destination) => {
                let destination = super::resolve(ctx, destination, &args.source)?;
                let request = Request::<Page<DestinationFilter>>::list(destination.below("filters")?);
                ctx.list(vec![request], &args.list, table::FILTERS).await
            }
            None => list_across(ctx, &args.list).await,
        },
        Command::Get(args) => {
            let name = filter_path(ctx, &args.destination, &args.filter, &args.source)?;
            ctx.show(Request::<DestinationFilter>::get(name.target()), table::FILTERS).await
        }
        Command::Create(args) => create_filter(args, ctx).await,
        Command::Update(args) | Command::Patch(args) => update_filter(args, ctx).await,
        Command::Delete(args) => {
            let destination = super::resolve(ctx, &args.destination, &args.source)?;
            let names = args.filters.iter().map(|f| filter_name(&destination, f)).collect::<Result<Vec<_>>>()?;
            ctx.delete(&names).await
        }
    }
}

/// The filters of every destination of the workspace: the sources, then every source's destinations, then every
/// destination's filters, each step's lists read concurrently within the rate budget (the walker of `export`).
async fn list_across(ctx: &Context, args: &ListArgs) -> Result<()> {
    if ctx.lists_fields(table::FILTERS_ACROSS)? {
        return Ok(());
    }
    args.across("a destination")?;
    let ws = ctx.workspace()?;
    let client = ctx.client()?;
    let sources = list::collect(client, Request::<Page<Source>>::list(ws.below("sources")?)).await?;
    let requests: Vec<Request<Page<Destination>>> = sources
        .iter()
        .map(|s| Request::list_under(&s.name, "destinations"))
        .collect::<Result<_, _>>()
        .map_err(Error::failed)?;
    let destinations: Vec<Vec<Destination>> = walk::collections(client, requests).try_collect().await?;
    let requests = destinations
        .iter()
        .flatten()
        .map(|d| Request::list_under(&d.name, "filters"))
        .collect::<Result<_, _>>()
        .map_err(Error::failed)?;
    ctx.list_across::<DestinationFilter>(requests, args, table::FILTERS_ACROSS, "a destination").await
}

/// The filter's name under its destination: from an id or a full name of either form.
fn filter_name(destination: &Name, filter: &str) -> Result<Name> {
    let id = match filter.rsplit_once("/filters/") {
        Some((parent, id)) => {
            let under = parent == destination.as_str() || parent.starts_with(&format!("{destination}/config/"));
            if !under {
                return Err(Error::usage(format!("filter {filter:?} is not a filter of {destination}")));
            }
            id
        }
        None => filter,
    };
    let valid = !id.is_empty() && id.len() < 256 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !valid {
        return Err(Error::usage(format!("invalid filter id {id:?}: expected df_ and letters and digits")));
    }
    names::parse(Kind::Filter, &format!("{destination}/filters/{id}"), &Defaults::default()).map_err(Error::Usage)
}

fn filter_path(ctx: &Context, destination: &str, filter: &str, source: &SourceArg) -> Result<Name> {
    let destination = super::resolve(ctx, destination, source)?;
    filter_name(&destination, filter)
}

/// An FQL condition, checked by the parser the emulator uses: a syntax error is a usage error with its position,
/// before anything is sent (the service would answer 400).
fn parse_condition(text: &str) -> Result<String, String> {
    crate::wire::fql::parse(text).map_err(|e| format!("not valid FQL: {e}"))?;
    Ok(text.to_string())
}

/// A filter action given on the command line: `drop`, `sample=PERCENT[:PATH]`, `allow=GROUP.FIELD,...`,
/// `block=GROUP.FIELD,...`, or the action's JSON.
fn parse_action(text: &str) -> Result<Value, String> {
    let fields = |kind: &str, list: &str| -> Result<Vec<(String, Vec<String>)>, String> {
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for item in list.split(',').filter(|i| !i.is_empty()) {
            let (group, field) = item
                .split_once('.')
                .ok_or_else(|| format!("{kind}: {item:?} must be GROUP.FIELD (properties, context or traits)"))?;
            match groups.iter_mut().find(|(g, _)| g == group) {
                Some((_, names)) => names.push(field.to_string()),
                None => groups.push((group.to_string(), vec![field.to_string()])),
            }
        }
        Ok(groups)
    };
    let action = match text.split_once('=') {
        None if text == "drop" => Action::Drop.to_json(),
        Some(("sample", spec)) => {
            let (percent, path) = spec.split_once(':').unwrap_or((spec, ""));
            let percent: f64 =
                percent.parse().map_err(|_| format!("sample={spec}: PERCENT is a number from 0 to 1"))?;
            Action::Sample { percent, path: path.to_string() }.to_json()
        }
        Some(("allow", list)) => Action::Allow(fields("whitelist_fields", list)?).to_json(),
        Some(("block", list)) => Action::Block(fields("blacklist_fields", list)?).to_json(),
        _ => serde_json::from_str(text).map_err(|_| {
            format!("unknown action {text:?}: drop, sample=P[:PATH], allow=G.F,..., block=G.F,... or JSON")
        })?,
    };
    // The service's rules, as the emulator applies them (a percent from 0 to 1, known field groups).
    Action::parse(&action)?;
    Ok(action)
}

/// List a destination's filters, or with --all those of every destination.
///
/// Sends GET /v1beta/workspaces/WS/sources/SRC/destinations/DST/filters, following next_page_token to the end, and
/// prints each filter's id, title, whether it is enabled, its condition and how many actions it has. With --all:
/// every source of the workspace (-w), every source's destinations, then every destination's filters, the lists of
/// each step read concurrently within the rate budget and printed in the service's order, with a DESTINATION column
/// (--limit reads them one after the other; --page-token and --no-paginate need a destination).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme destinations filters list web/webhooks
  seg -w acme destinations filters list web/webhooks -o json \\
      --jq '.[] | select(.enabled) | .title'
  seg -w acme destinations filters list --all -o ndjson |
      jq -r 'select(.enabled) | .name'")]
pub struct ListCmd {
    /// Destination: SRC/DST (with -w), DST (with --source) or workspaces/WS/sources/SRC/destinations/DST; on the
    /// Public API also SRC/ID, or SRC/DST#NAME for one of several destinations of a catalog entry
    #[arg(required_unless_present = "all", conflicts_with = "all")]
    destination: Option<String>,
    /// Every destination's filters
    #[arg(long, conflicts_with = "source")]
    all: bool,
    #[command(flatten)]
    source: SourceArg,
    #[command(flatten)]
    list: ListArgs,
}

/// Show one filter.
///
/// Sends GET /v1beta/workspaces/WS/sources/SRC/destinations/DST/filters/ID and prints the filter: its condition
/// (`if`, FQL), whether it is enabled, and its actions. A filter that does not exist exits 15.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme destinations filters get web/webhooks \\
      df_1JjE7f3gz8OXU6lVbUGuDhHcyKz
  seg -w acme destinations filters get web/webhooks \\
      df_1JjE7f3gz8OXU6lVbUGuDhHcyKz -o json --jq .actions")]
pub struct FilterArgs {
    /// Destination: SRC/DST (with -w), DST (with --source) or workspaces/WS/sources/SRC/destinations/DST; on the
    /// Public API also SRC/ID, or SRC/DST#NAME for one of several destinations of a catalog entry
    destination: String,
    /// Filter: its id (df_...) or its full name
    filter: String,
    #[command(flatten)]
    source: SourceArg,
}

/// Create a destination filter.
///
/// Sends POST /v1beta/workspaces/WS/sources/SRC/destinations/DST/filters with {"filter": {"title", "if",
/// "enabled", "actions", "description"}} and prints the new filter (its id is generated). `--if` is an FQL
/// condition (`type = 'track' and userId != 'test'`; `all` matches every event). Actions: `drop`,
/// `sample=PERCENT[:PATH]` (keep a share 0..1 of the events, chosen by the value at PATH), `allow=GROUP.FIELD,...`
/// and `block=GROUP.FIELD,...` (GROUP: properties, context or traits), or an action's JSON. `--from-file` reads the
/// whole filter as JSON instead. Filters are created enabled unless --disabled.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme destinations filters create web/webhooks \\
      --title 'No test users' --if \"userId = 'test'\" --action drop
  seg -w acme destinations filters create web/webhooks --title 'Half' \\
      --if all --action sample=0.5:userId
  seg -w acme destinations filters create web/webhooks --title 'Lean' \\
      --if \"type = 'track'\" --action allow=properties.plan,properties.price \\
      --disabled
  seg -w acme destinations filters create web/webhooks \\
      --from-file filter.json --dry-run")]
pub struct CreateArgs {
    /// Destination: SRC/DST (with -w), DST (with --source) or workspaces/WS/sources/SRC/destinations/DST; on the
    /// Public API also SRC/ID, or SRC/DST#NAME for one of several destinations of a catalog entry
    destination: String,
    #[command(flatten)]
    source: SourceArg,
    /// The filter's title
    #[arg(long, required_unless_present = "from_file")]
    title: Option<String>,
    /// What it is for
    #[arg(long)]
    description: Option<String>,
    /// The FQL condition of the events it acts on (`all`: every event); checked here first
    #[arg(long = "if", value_name = "FQL", required_unless_present = "from_file", value_parser = parse_condition)]
    condition: Option<String>,
    /// An action (repeatable): drop, sample=P[:PATH], allow=G.F,..., block=G.F,... or JSON
    #[arg(long = "action", value_name = "ACTION", value_parser = parse_action, required_unless_present = "from_file")]
    actions: Vec<Value>,
    /// Create it disabled
    #[arg(long)]
    disabled: bool,
    /// The filter as a JSON object ({"title", "if", "actions", "enabled", "description"}; `-` for stdin)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["title", "condition", "actions", "description"])]
    from_file: Option<PathBuf>,
}

async fn create_filter(args: CreateArgs, ctx: &Context) -> Result<()> {
    let destination = super::resolve(ctx, &args.destination, &args.source)?;
    let mut filter = match &args.from_file {
        Some(path) => <FilterInput as serde::Deserialize>::deserialize(read_object(path)?)
            .map_err(|e| Error::usage(format!("{}: not a filter: {e}", path.display())))?,
        None => FilterInput {
            title: args.title.unwrap_or_default(),
            description: args.description.unwrap_or_default(),
            condition: args.condition.unwrap_or_default(),
            enabled: true,
            actions: args.actions,
        },
    };
    if args.disabled {
        filter.enabled = false;
    }
    for action in &filter.actions {
        Action::parse(action).map_err(Error::Usage)?;
    }
    parse_condition(&filter.condition).map_err(Error::Usage)?;
    let request = create(destination.below("filters")?, &CreateFilter { filter });
    ctx.show(request, table::FILTERS).await
}

/// Change only the named fields of a filter (`update` and `patch` are the same command).
///
/// Sends PATCH /v1beta/workspaces/WS/sources/SRC/destinations/DST/filters/ID with {"filter": {...},
/// "update_mask": {"paths": [...]}}; a filter's mask paths have no prefix (`if`, `actions`, `title`,
/// `description`, `enabled`). `--action` replaces the whole list of actions. Naming no field is a usage error (exit
/// 2); a filter that does not exist exits 15.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme destinations filters patch web/webhooks \\
      df_1JjE7f3gz8OXU6lVbUGuDhHcyKz --enabled=false
  seg -w acme destinations filters update web/webhooks \\
      df_1JjE7f3gz8OXU6lVbUGuDhHcyKz --if \"event = 'Debug'\"
  seg -w acme destinations filters update web/webhooks \\
      df_1JjE7f3gz8OXU6lVbUGuDhHcyKz --action sample=0.1")]
pub struct UpdateCmd {
    /// Destination: SRC/DST (with -w), DST (with --source) or workspaces/WS/sources/SRC/destinations/DST; on the
    /// Public API also SRC/ID, or SRC/DST#NAME for one of several destinations of a catalog entry
    destination: String,
    /// Filter: its id (df_...) or its full name
    filter: String,
    #[command(flatten)]
    source: SourceArg,
    /// A new title
    #[arg(long)]
    title: Option<String>,
    /// A new description
    #[arg(long)]
    description: Option<String>,
    /// A new FQL condition; checked here first
    #[arg(long = "if", value_name = "FQL", value_parser = parse_condition)]
    condition: Option<String>,
    /// The new list of actions (repeatable): drop, sample=P[:PATH], allow=G.F,..., block=G.F,... or JSON
    #[arg(long = "action", value_name = "ACTION", value_parser = parse_action)]
    actions: Vec<Value>,
    /// Enable it, or set enabled to BOOL
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true")]
    enabled: Option<bool>,
    /// Disable it (same as --enabled=false)
    #[arg(long, conflicts_with = "enabled")]
    disabled: bool,
    #[command(flatten)]
    update: UpdateArgs,
}

async fn update_filter(args: UpdateCmd, ctx: &Context) -> Result<()> {
    let name = filter_path(ctx, &args.destination, &args.filter, &args.source)?;
    let mut update = UpdateRequest::<DestinationFilter>::new();
    let fields = [("title", args.title), ("description", args.description), ("if", args.condition)];
    for (field, value) in fields {
        if let Some(value) = value {
            update.set(field, value).map_err(Error::Usage)?;
        }
    }
    if !args.actions.is_empty() {
        update.set("actions", &args.actions).map_err(Error::Usage)?;
    }
    if let Some(enabled) = if args.disabled { Some(false) } else { args.enabled } {
        update.set("enabled", enabled).map_err(Error::Usage)?;
    }
    args.update.apply(ctx, name.as_str(), &mut update)?;
    ctx.show(update.into_request(name.target()).map_err(Error::Usage)?, table::FILTERS).await
}

/// Delete filters of a destination. Asks first on a terminal; elsewhere needs --yes.
///
/// Sends DELETE /v1beta/workspaces/WS/sources/SRC/destinations/DST/filters/ID for each filter in turn, after one
/// confirmation; it stops at the first failure (15 when a filter does not exist) and names those left.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme destinations filters delete web/webhooks \\
      df_1JjE7f3gz8OXU6lVbUGuDhHcyKz --yes")]
pub struct DeleteArgs {
    /// Destination: SRC/DST (with -w), DST (with --source) or workspaces/WS/sources/SRC/destinations/DST; on the
    /// Public API also SRC/ID, or SRC/DST#NAME for one of several destinations of a catalog entry
    destination: String,
    /// Filters: ids (df_...) or full names
    #[arg(required = true)]
    filters: Vec<String>,
    #[command(flatten)]
    source: SourceArg,
}
