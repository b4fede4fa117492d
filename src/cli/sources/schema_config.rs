//! `seg sources schema-config`: what a source's tracking plan lets through (docs/reference/config-api.md, "Source
//! schema config").

use crate::api::names::Kind;
use crate::cli::Context;
use crate::cli::args::UpdateArgs;
use crate::error::{Error, Result};
use crate::ui::table;
use crate::wire::{Request, SchemaConfig, UpdateRequest};

/// Show or update a source's schema config.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    #[command(visible_alias = "show")]
    Get(GetArgs),
    Update(UpdateCmd),
    Patch(UpdateCmd),
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::Get(args) => {
            let source = ctx.name(Kind::Source, &args.source)?;
            ctx.show(Request::<SchemaConfig>::get(source.below("schema-config")?), table::SCHEMA_CONFIG).await
        }
        Command::Update(args) | Command::Patch(args) => {
            let source = ctx.name(Kind::Source, &args.source)?;
            let mut update = UpdateRequest::<SchemaConfig>::new();
            args.update.apply(ctx, source.as_str(), &mut update)?;
            let request = update.into_request(source.below("schema-config")?).map_err(Error::Usage)?;
            ctx.show(request, table::SCHEMA_CONFIG).await
        }
    }
}

/// Show a source's schema config.
///
/// Sends GET /v1beta/workspaces/WS/sources/SRC/schema-config and prints what the source lets through when events
/// are unplanned or violate its tracking plan, and where blocked events are forwarded.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme sources schema-config get web
  seg sources schema-config get workspaces/acme/sources/web -o json")]
pub struct GetArgs {
    /// Source: SLUG (with -w) or workspaces/WS/sources/SLUG
    source: String,
}

/// Change only the named fields of a source's schema config (`update` and `patch` are the same command).
///
/// Sends PATCH /v1beta/workspaces/WS/sources/SRC/schema-config with {"schema_config": {...}, "update_mask":
/// {"paths": ["schema_config.FIELD", ...]}}. Fields: allow_unplanned_track_events, allow_unplanned_identify_traits,
/// allow_unplanned_group_traits, allow_unplanned_track_event_properties, allow_track_event_on_violations,
/// allow_identify_traits_on_violations, allow_group_traits_on_violations, allow_track_properties_on_violations
/// (booleans), forwarding_blocked_events_to, forwarding_violations_to (a source slug),
/// common_track_event_on_violations (ALLOW, OMIT_PROPERTIES, BLOCK), common_identify_event_on_violations and
/// common_group_event_on_violations (ALLOW, OMIT_TRAITS, BLOCK). Naming no field is a usage error (exit 2).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme sources schema-config update web \\
      --set allow_unplanned_track_events=false
  seg -w acme sources schema-config update web \\
      --set common_track_event_on_violations=BLOCK \\
      --set forwarding_violations_to=web-violations
  seg -w acme sources schema-config patch web --from-file schema.json \\
      --dry-run")]
pub struct UpdateCmd {
    /// Source: SLUG (with -w) or workspaces/WS/sources/SLUG
    source: String,
    #[command(flatten)]
    update: UpdateArgs,
}
