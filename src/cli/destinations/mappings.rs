//! `seg destinations mappings`: the mappings of an Actions destination (Webhooks (Actions) and every other Actions
//! destination), the Public API's destination subscriptions (docs/reference/actions.md). A mapping is named within
//! its destination by its own name (as `display_name` reads it), its id, or its full name; the Config API has none,
//! so every command there is a usage error before any request.

use std::path::PathBuf;

use serde_json::{Map, Value};

use super::SourceArg;
use crate::api::list as listing;
use crate::api::names::{self, Defaults, Kind, Name};
use crate::cli::args::{ListArgs, read_json, read_object};
use crate::cli::{Context, bulk};
use crate::error::{ApiError, Error, Result};
use crate::ui::table;
use crate::wire::actions::catalog;
use crate::wire::{CreateMapping, DestinationMapping, MappingInput, Page, Request, UpdateRequest, create};

/// List, show, create, update, enable, disable and delete the mappings of an Actions destination.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    List(ListCmd),
    #[command(visible_alias = "show")]
    Get(MappingArgs),
    Create(CreateArgs),
    Update(UpdateArgs),
    Enable(ToggleArgs),
    Disable(ToggleArgs),
    Delete(ToggleArgs),
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    if !ctx.holds()?.mappings {
        return Err(Error::usage(
            "mappings are a Public API resource: the Config API has no Actions destinations' mappings (use --api \
             public with a Public API token)",
        ));
    }
    match cmd {
        Command::List(args) => {
            let destination = super::resolve(ctx, &args.destination, &args.source)?;
            let request = Request::<Page<DestinationMapping>>::list(destination.below("mappings")?);
            ctx.list(vec![request], &args.list, table::MAPPINGS).await
        }
        Command::Get(args) => {
            let destination = super::resolve(ctx, &args.destination, &args.source)?;
            let name = mapping(ctx, &destination, &args.mapping).await?;
            ctx.show(Request::<DestinationMapping>::get(name.target()), table::MAPPINGS).await
        }
        Command::Create(args) => create_mapping(args, ctx).await,
        Command::Update(args) => update_mapping(args, ctx).await,
        Command::Enable(args) => toggle(args, Some(true), ctx).await,
        Command::Disable(args) => toggle(args, Some(false), ctx).await,
        Command::Delete(args) => toggle(args, None, ctx).await,
    }
}

/// The mappings of `destination`, read once.
async fn all(ctx: &Context, destination: &Name) -> Result<Vec<DestinationMapping>> {
    let request = Request::<Page<DestinationMapping>>::list(destination.below("mappings")?);
    listing::collect(ctx.client()?, request).await
}

/// A mapping of `destination` by its full name, its id, or its own name (looked up in the destination's mappings:
/// none is exit 15, two of that name exit 2 naming their ids).
async fn mapping(ctx: &Context, destination: &Name, given: &str) -> Result<Name> {
    if let Some(name) = by_full_name(destination, given)? {
        return Ok(name);
    }
    find(&all(ctx, destination).await?, destination, given)
}

fn by_full_name(destination: &Name, given: &str) -> Result<Option<Name>> {
    let Some((parent, _)) = given.rsplit_once("/mappings/") else { return Ok(None) };
    let name = names::parse(Kind::Mapping, given, &Defaults::default()).map_err(Error::Usage)?;
    // Without -w on the Public API the destination is in the token's workspace (`-`), which a full name printed
    // earlier names by its slug: the rest must be the destination's.
    let same = match (parent.split_once("/sources/"), destination.as_str().split_once("/sources/")) {
        (Some((ws, rest)), Some((own_ws, own_rest))) => {
            rest == own_rest && (ws == own_ws || own_ws == format!("workspaces/{}", crate::wire::TOKENS_WORKSPACE))
        }
        _ => false,
    };
    if !same {
        return Err(Error::usage(format!("mapping {given:?} is not a mapping of {destination}")));
    }
    Ok(Some(name))
}

fn find(mappings: &[DestinationMapping], destination: &Name, given: &str) -> Result<Name> {
    let shown = crate::ui::escape_control(given).into_owned();
    let by_id: Vec<&DestinationMapping> = mappings.iter().filter(|m| m.id() == given).collect();
    let found: Vec<&DestinationMapping> =
        if by_id.is_empty() { mappings.iter().filter(|m| m.display_name == given).collect() } else { by_id };
    match found.as_slice() {
        [one] => {
            let item = destination.below_item("mappings", one.id())?;
            names::parse(Kind::Mapping, &item.path(), &Defaults::default()).map_err(Error::Usage)
        }
        [] => Err(Error::Api(ApiError {
            status: 404,
            code: None,
            message: format!("{destination} has no mapping named {shown:?} (a name is matched exactly)"),
            asked: None,
        })),
        several => {
            let ids: Vec<&str> = several.iter().map(|m| m.id()).collect();
            Err(Error::usage(format!(
                "{} mappings of {destination} are named {shown:?}: name one by its id ({})",
                several.len(),
                ids.join(", ")
            )))
        }
    }
}

/// `--settings`: a JSON object given inline or as `@FILE` (`@-` for stdin).
fn settings(text: &str) -> Result<Map<String, Value>> {
    let value = match text.strip_prefix('@') {
        Some(path) => read_json(std::path::Path::new(path))?,
        None => serde_json::from_str(text).map_err(|e| Error::usage(format!("--settings: not JSON: {e}")))?,
    };
    match value {
        Value::Object(map) => Ok(map),
        _ => Err(Error::usage("--settings must be a JSON object of field values")),
    }
}

/// A trigger, checked as the service parses it (before anything is sent).
fn parse_trigger(text: &str) -> Result<String, String> {
    catalog::check_trigger(text).map(|t| t.text().to_string()).map_err(|r| r.message)
}

/// List the mappings of an Actions destination.
///
/// Sends GET /destinations/ID/subscriptions (Public API) and prints each mapping's id, name, action, whether it is
/// enabled and its trigger. The Config API has no mappings (exit 2).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg destinations mappings list web/actions-webhook
  seg destinations mappings list web/actions-webhook -o json \\
      --jq '.[] | select(.enabled) | .name'")]
pub struct ListCmd {
    /// Destination: SRC/DST (with -w or on the Public API), DST (with --source), SRC/ID, SRC/DST#NAME, or the
    /// full name
    destination: String,
    #[command(flatten)]
    source: SourceArg,
    #[command(flatten)]
    list: ListArgs,
}

/// Show one mapping.
///
/// Sends GET /destinations/ID/subscriptions/ID and prints the mapping: its trigger, action, settings (field values:
/// literals or mapping directives) and whether it is enabled. A mapping is named by its name, its id or its full
/// name; one that does not exist exits 15.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg destinations mappings get web/actions-webhook 'Orders to CRM'
  seg destinations mappings get web/actions-webhook 'Orders to CRM' \\
      -o json --jq .settings.url")]
pub struct MappingArgs {
    /// Destination: SRC/DST (with -w or on the Public API), DST (with --source), SRC/ID, SRC/DST#NAME, or the
    /// full name
    destination: String,
    /// Mapping: its name, its id or its full name
    mapping: String,
    #[command(flatten)]
    source: SourceArg,
}

/// Create a mapping of an Actions destination.
///
/// Sends POST /destinations/ID/subscriptions with {"name", "actionId", "trigger", "enabled", "settings"} and
/// prints the new mapping. `--trigger` says which events it takes (`type = "track" and event = "Order
/// Completed"`); `--settings` holds the action's field values, each a literal or a mapping directive (for
/// Webhooks (Actions): url, method, headers, data, enable_batching, batch_size). Both are checked first, as the
/// service checks them (a trigger that does not parse, an unknown field, a URL that is not http(s), a header that
/// is not ASCII, a directive seg does not evaluate: exit 2, nothing sent). `--action` defaults to the destination's
/// only action. A mapping is made disabled unless --enabled. A destination holds 5 mappings at most.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg destinations mappings create web/actions-webhook 'Orders to CRM' \\
      --trigger 'type = \"track\" and event = \"Order Completed\"' \\
      --settings '{\"url\": \"https://crm.example.com/orders\",
                   \"data\": {\"@path\": \"$.properties\"}}' --enabled
  seg destinations mappings create web/actions-webhook Everything \\
      --trigger 'type = \"track\" or type = \"identify\"' \\
      --settings @mapping.json --dry-run")]
pub struct CreateArgs {
    /// Destination: SRC/DST (with -w or on the Public API), DST (with --source), SRC/ID, SRC/DST#NAME, or the
    /// full name
    destination: String,
    /// The mapping's name (unique within its destination, by which seg names it)
    mapping: String,
    #[command(flatten)]
    source: SourceArg,
    /// When it fires: a trigger (`type = "track"`, `event = "X"`, `properties.total > 100`, and/or, ...)
    #[arg(long, value_name = "TRIGGER", value_parser = parse_trigger, required_unless_present = "from_file")]
    trigger: Option<String>,
    /// The action's field values as a JSON object, inline or @FILE (`@-` for stdin)
    #[arg(long, value_name = "JSON|@FILE", conflicts_with = "from_file")]
    settings: Option<String>,
    /// The action, by slug or id (default: the destination's only action)
    #[arg(long, value_name = "ACTION")]
    action: Option<String>,
    /// Make it enabled (it is made disabled otherwise)
    #[arg(long)]
    enabled: bool,
    /// The mapping as a JSON object ({"trigger", "settings", "action", "enabled"}, or what `get -o json` printed;
    /// `-` for stdin); flags given beside it win
    #[arg(long, value_name = "FILE")]
    from_file: Option<PathBuf>,
}

async fn create_mapping(args: CreateArgs, ctx: &Context) -> Result<()> {
    let destination = super::resolve(ctx, &args.destination, &args.source)?;
    let mut input = match &args.from_file {
        Some(path) => <MappingInput as serde::Deserialize>::deserialize(Value::Object(read_object(path)?))
            .map_err(|e| Error::usage(format!("{}: not a mapping: {e}", path.display())))?,
        None => MappingInput::default(),
    };
    input.display_name = args.mapping;
    if let Some(trigger) = args.trigger {
        input.trigger = trigger;
    }
    parse_trigger(&input.trigger).map_err(|why| Error::usage(format!("--trigger: {why}")))?;
    if let Some(text) = &args.settings {
        input.settings = settings(text)?;
    }
    if let Some(action) = args.action {
        input.action = action;
    }
    if args.enabled {
        input.enabled = true;
    }
    let request = create(destination.below("mappings")?, &CreateMapping { mapping: input });
    ctx.show(request, table::MAPPINGS).await
}

/// Change a mapping's trigger, settings or name.
///
/// Sends PATCH /destinations/ID/subscriptions/ID with {"input": {...}} holding only what changes. `--settings`
/// replaces the settings whole (a field left out is removed: seg sends it as null); `--trigger` and the settings
/// are checked first, as for create. Naming nothing to change is a usage error (exit 2); a mapping that does not
/// exist exits 15.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg destinations mappings update web/actions-webhook 'Orders to CRM' \\
      --trigger 'type = \"track\" and event = \"Order Refunded\"'
  seg destinations mappings update web/actions-webhook 'Orders to CRM' \\
      --settings @mapping.json --rename 'Refunds to CRM'")]
pub struct UpdateArgs {
    /// Destination: SRC/DST (with -w or on the Public API), DST (with --source), SRC/ID, SRC/DST#NAME, or the
    /// full name
    destination: String,
    /// Mapping: its name, its id or its full name
    mapping: String,
    #[command(flatten)]
    source: SourceArg,
    /// A new trigger
    #[arg(long, value_name = "TRIGGER", value_parser = parse_trigger)]
    trigger: Option<String>,
    /// New settings, whole, as a JSON object inline or @FILE (`@-` for stdin)
    #[arg(long, value_name = "JSON|@FILE", conflicts_with = "from_file")]
    settings: Option<String>,
    /// The mapping's fields as a JSON object (`trigger`, `settings`, `enabled`, `name`; what `get -o json`
    /// printed is taken too; `-` for stdin)
    #[arg(long, value_name = "FILE")]
    from_file: Option<PathBuf>,
    /// A new name
    #[arg(long, value_name = "NAME")]
    rename: Option<String>,
}

async fn update_mapping(args: UpdateArgs, ctx: &Context) -> Result<()> {
    let destination = super::resolve(ctx, &args.destination, &args.source)?;
    let mut update = UpdateRequest::<DestinationMapping>::new();
    if let Some(path) = &args.from_file {
        // Only the fields the file gives: what `get -o json` printed (`name`) or seg's names (`display_name`).
        let file = read_object(path)?;
        let shown = path.display();
        for (key, value) in &file {
            match key.as_str() {
                "trigger" => {
                    let text = value.as_str().ok_or_else(|| Error::usage(format!("{shown}: trigger is text")))?;
                    parse_trigger(text).map_err(|why| Error::usage(format!("{shown}: trigger: {why}")))?;
                    update.set("trigger", text).map_err(Error::Usage)?;
                }
                "settings" if value.is_object() => update.set("settings", value).map_err(Error::Usage)?,
                "enabled" if value.is_boolean() => update.set("enabled", value).map_err(Error::Usage)?,
                "name" | "display_name" if value.is_string() => {
                    update.set("display_name", value).map_err(Error::Usage)?
                }
                "settings" | "enabled" | "name" | "display_name" => {
                    return Err(Error::usage(format!("{shown}: {key} is not of its type")));
                }
                // What an answer holds beside them (ids, the action), which an update does not change.
                _ => {}
            }
        }
    }
    if let Some(trigger) = &args.trigger {
        update.set("trigger", trigger).map_err(Error::Usage)?;
    }
    if let Some(text) = &args.settings {
        update.set("settings", settings(text)?).map_err(Error::Usage)?;
    }
    if let Some(name) = &args.rename {
        update.set("display_name", name).map_err(Error::Usage)?;
    }
    if update.mask.paths.is_empty() {
        return Err(Error::usage("name something to change: --trigger, --settings, --rename or --from-file"));
    }
    let name = mapping(ctx, &destination, &args.mapping).await?;
    ctx.show(update.into_request(name.target()).map_err(Error::Usage)?, table::MAPPINGS).await
}

/// Enable, disable or delete mappings of a destination.
///
/// Enable and disable send PATCH /destinations/ID/subscriptions/ID with {"input": {"enabled": BOOL}} and print the
/// mapping; delete sends DELETE for each after one confirmation (asked on a terminal; elsewhere --yes). --each F
/// names the mappings in a file, one a line, and prints one ndjson result a line.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg destinations mappings disable web/actions-webhook 'Orders to CRM'
  seg destinations mappings enable web/actions-webhook --each names.txt
  seg destinations mappings delete web/actions-webhook 'Orders to CRM' --yes")]
pub struct ToggleArgs {
    /// Destination: SRC/DST (with -w or on the Public API), DST (with --source), SRC/ID, SRC/DST#NAME, or the
    /// full name
    // Positions fixed: completion adds a completer to the destination, and clap would number it anew after the
    // mappings, which are not always required.
    #[arg(index = 1)]
    destination: String,
    /// Mappings: names, ids or full names
    #[arg(index = 2, required_unless_present = "each", conflicts_with = "each")]
    mappings: Vec<String>,
    #[command(flatten)]
    source: SourceArg,
    /// Each mapping named in this file, one a line (`-` for stdin)
    #[arg(long, value_name = "F")]
    each: Option<PathBuf>,
}

/// `Some(enabled)`: enable or disable; `None`: delete.
async fn toggle(args: ToggleArgs, enabled: Option<bool>, ctx: &Context) -> Result<()> {
    let destination = super::resolve(ctx, &args.destination, &args.source)?;
    let items = match &args.each {
        Some(path) => bulk::read(path, &[])?,
        None => Vec::new(),
    };
    let given: Vec<&str> = match &args.each {
        Some(_) => items.iter().map(|i| i.name.as_str()).collect(),
        None => args.mappings.iter().map(String::as_str).collect(),
    };
    let listed =
        if given.iter().all(|g| g.contains("/mappings/")) { Vec::new() } else { all(ctx, &destination).await? };
    let name = |given: &str| -> Result<Name> {
        match by_full_name(&destination, given)? {
            Some(name) => Ok(name),
            None => find(&listed, &destination, given),
        }
    };
    match (enabled, &args.each) {
        (None, None) => {
            let names = given.iter().map(|g| name(g)).collect::<Result<Vec<_>>>()?;
            ctx.delete(&names).await
        }
        (Some(enabled), None) => {
            for given in &given {
                let request = switch(&name(given)?, enabled)?;
                ctx.show(request, table::MAPPINGS).await?;
            }
            Ok(())
        }
        (None, Some(_)) => {
            let names = given.iter().map(|g| name(g)).collect::<Result<Vec<_>>>()?;
            ctx.delete(&names).await
        }
        (Some(enabled), Some(_)) => {
            let jobs = bulk::jobs(&items, |item| {
                let name = name(&item.name)?;
                Ok((name.to_string(), switch(&name, enabled)?))
            })?;
            let client = ctx.client()?;
            bulk::run(ctx, jobs, |request| async move { bulk::send(client, &request).await }).await
        }
    }
}

fn switch(name: &Name, enabled: bool) -> Result<Request<DestinationMapping>> {
    let mut update = UpdateRequest::<DestinationMapping>::new();
    update.set("enabled", enabled).map_err(Error::Usage)?;
    update.into_request(name.target()).map_err(Error::Usage)
}
