//! The store's records in the Public API's shapes (`wire::public`, after the TypeScript SDK's models): names become
//! opaque ids, config items `settings` (secrets censored), the catalog entry `metadata`, a plan's rules a rule list,
//! forwarding targets source ids. docs/reference/public-api.md's "Migration mapping", left to right, with the
//! vocabulary of `wire::public::map` that seg's client reads back with.

use crate::emulator::App;
use crate::emulator::catalog::Catalog;
use crate::emulator::model::{destinations, plans, sources};
use crate::emulator::outbox::Standing;
use crate::emulator::store::{More, Resource, State};
use crate::wire::public::{self, Features, MULTIPLE, map};
use crate::wire::{Destination, DestinationFilter, Regulation, SchemaConfig, Source, TrackingPlan, Workspace};

/// A time in Unix milliseconds as answers write it: ISO 8601 in UTC.
pub fn time(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms).map(|t| t.to_string()).unwrap_or_default()
}

pub fn workspace(state: &State, workspace: &Workspace) -> public::Workspace {
    public::Workspace {
        id: state.id_of(&workspace.name).to_string(),
        slug: workspace.name.rsplit('/').next().unwrap_or_default().to_string(),
        name: workspace.display_name.clone(),
    }
}

/// A catalog source's metadata; an entry the catalog no longer has shows its slug.
pub fn source_metadata(app: &App, catalog_name: &str) -> public::SourceMetadata {
    match app.catalog.public_source(catalog_name) {
        Some(metadata) => metadata.clone(),
        None => public::SourceMetadata {
            slug: map::catalog_slug(catalog_name).to_string(),
            name: map::catalog_slug(catalog_name).to_string(),
            status: "PUBLIC".into(),
            ..Default::default()
        },
    }
}

/// A catalog destination's metadata, its secret options typed `password`.
pub fn destination_metadata(app: &App, slug: &str) -> public::DestinationMetadata {
    let Some(entry) = app.catalog.destination(slug) else {
        return public::DestinationMetadata {
            slug: slug.to_string(),
            name: slug.to_string(),
            status: "PUBLIC".into(),
            ..Default::default()
        };
    };
    let instances = if app.catalog.multiple_instances(slug) { MULTIPLE } else { "SINGLE" };
    let features = Features { cloud_mode_instances: Some(instances.into()), ..Features::default() };
    let mut metadata = map::catalog_destination_to_public(entry, &Catalog::destination_id(entry), features);
    for option in &mut metadata.options {
        if app.catalog.is_secret(slug, &option.name) {
            option.kind = "password".into();
        }
    }
    if let Some(definition) = crate::wire::actions::catalog::by_slug(slug) {
        metadata.actions =
            definition.metadata_actions().iter().filter_map(|action| serde_json::to_value(action).ok()).collect();
    }
    metadata
}

pub fn source(app: &App, state: &State, source: &Source, more: &More) -> public::Source {
    public::Source {
        id: more.id.clone(),
        slug: source.name.rsplit('/').next().unwrap_or_default().to_string(),
        name: Some(source.display_name.clone()).filter(|n| !more.unnamed && !n.is_empty()),
        metadata: source_metadata(app, &source.catalog_name),
        workspace_id: state.id_of(&source.parent).to_string(),
        enabled: more.enabled.unwrap_or(true),
        write_keys: source.write_keys.clone(),
        settings: Some(more.settings.clone().unwrap_or_default()),
        labels: map::labels_to_public(&source.labels),
    }
}

pub fn destination(app: &App, state: &State, destination: &Destination, more: &More) -> public::Destination {
    public::Destination {
        id: more.id.clone(),
        name: more.name.clone(),
        enabled: destination.enabled,
        metadata: destination_metadata(app, destinations::slug_of(&destination.name)),
        source_id: state.id_of(&destination.parent).to_string(),
        settings: destinations::settings(app, destination),
    }
}

pub fn filter(state: &State, key: &str, filter: &DestinationFilter) -> public::Filter {
    let destination = crate::emulator::model::filters::destination_of(key);
    let source = destination.rsplit_once("/destinations/").map_or("", |(source, _)| source);
    // The Config API's record has no times; its ids are not times either.
    let time = match state.get(destination) {
        Some(Resource::Destination(d)) => d.create_time.clone(),
        _ => String::new(),
    };
    public::Filter {
        id: state.id_of(key).to_string(),
        source_id: state.id_of(source).to_string(),
        destination_id: state.id_of(destination).to_string(),
        condition: filter.condition.clone(),
        actions: map::filter_actions_to_public(&filter.actions).unwrap_or_default(),
        title: filter.title.clone(),
        description: Some(filter.description.clone()).filter(|d| !d.is_empty()),
        enabled: filter.enabled,
        created_at: time.clone(),
        updated_at: time,
    }
}

pub fn plan(state: &State, plan: &TrackingPlan, more: &More) -> public::TrackingPlan {
    let _ = state;
    public::TrackingPlan {
        id: more.id.clone(),
        name: Some(plan.display_name.clone()),
        slug: more.slug.clone(),
        description: more.description.clone(),
        kind: more.kind.clone().unwrap_or_else(|| plans::DEFAULT_TYPE.into()),
        updated_at: Some(plan.update_time.clone()).filter(|t| !t.is_empty()),
        created_at: Some(plan.create_time.clone()).filter(|t| !t.is_empty()),
        resource_schema_id: plan.name.rsplit('/').next().map(String::from),
    }
}

/// A plan's rules as the Public API lists them: as written, in the order they were added.
pub fn rules(plan: &TrackingPlan, more: &More) -> Vec<public::Rule> {
    let time = Some(plan.update_time.clone()).filter(|t| !t.is_empty());
    plans::rule_list(plan, more)
        .into_iter()
        .map(|rule| public::Rule {
            kind: rule.kind,
            key: rule.key,
            json_schema: rule.json_schema,
            version: rule.version,
            created_at: time.clone(),
            updated_at: time.clone(),
            deprecated_at: None,
        })
        .collect()
}

/// A source's schema settings, its forwarding targets as source ids.
pub fn schema_settings(state: &State, source: &str, config: &SchemaConfig) -> public::SchemaSettings {
    let mut settings = map::schema_config_to_public(config);
    let sources = sources::collection(sources::workspace_of(source));
    let id_of = |target: &Option<String>| {
        target.as_ref().filter(|t| !t.is_empty()).map(|t| {
            let slug = t.rsplit('/').next().unwrap_or_default();
            let id = state.id_of(&format!("{sources}/{slug}"));
            if id.is_empty() { t.clone() } else { id.to_string() }
        })
    };
    settings.forwarding_violations_to = id_of(&settings.forwarding_violations_to);
    settings.forwarding_blocked_events_to = id_of(&settings.forwarding_blocked_events_to);
    settings
}

/// A regulation's status and when it finished, by where its notifications stand (docs/reference/public-api.md:
/// `INITIALIZED` until they are sent): `FINISHED` when every one was delivered (or there was none to send), `FAILED`
/// when every one was dropped, `PARTIAL_SUCCESS` between.
fn standing(app: &App, regulation: &Regulation) -> (&'static str, Option<String>) {
    match app.outbox.standing(&regulation.id) {
        Standing::Sending => ("INITIALIZED", None),
        Standing::Done { delivered, dropped, at } => {
            let status = match (delivered, dropped) {
                (_, 0) => "FINISHED",
                (0, _) => "FAILED",
                _ => "PARTIAL_SUCCESS",
            };
            (status, Some(at.unwrap_or_else(|| regulation.create_time.clone())))
        }
    }
}

pub fn regulation_entry(app: &App, regulation: &Regulation) -> public::RegulationListEntry {
    let (status, finished_at) = standing(app, regulation);
    public::RegulationListEntry {
        id: regulation.id.clone(),
        subject_type: map::subject_type_to_public(&regulation.attributes.name).unwrap_or("USER_ID").to_string(),
        subjects: regulation.attributes.values.clone(),
        status: status.into(),
        created_at: regulation.create_time.clone(),
        regulation_type: regulation_type(regulation),
        finished_at,
    }
}

pub fn regulation(app: &App, state: &State, regulation: &Regulation) -> public::Regulation {
    let workspace = regulation.name.split("/regulations/").next().unwrap_or_default();
    let (status, finished_at) = standing(app, regulation);
    public::Regulation {
        id: regulation.id.clone(),
        workspace_id: state.id_of(workspace).to_string(),
        overall_status: status.into(),
        finished_at: finished_at.unwrap_or_default(),
        created_at: regulation.create_time.clone(),
        stream_status: Vec::new(),
    }
}

fn regulation_type(regulation: &Regulation) -> String {
    let kind = regulation.regulation_type.as_str();
    map::regulation_type_to_public(kind).unwrap_or(kind).to_string()
}

/// A mapping as the Public API shows it (`DestinationSubscription`).
pub fn subscription(state: &State, key: &str, mapping: &crate::emulator::store::StoredMapping) -> public::Subscription {
    let destination = crate::emulator::model::mappings::destination_of(key);
    let action = crate::emulator::model::mappings::action_of(destination, &mapping.action_id).ok();
    public::Subscription {
        id: state.id_of(key).to_string(),
        name: mapping.name.clone(),
        action_id: mapping.action_id.clone(),
        action_slug: action.map(|a| a.slug.to_string()).unwrap_or_default(),
        destination_id: state.id_of(destination).to_string(),
        enabled: mapping.enabled,
        settings: mapping.settings.clone(),
        trigger: mapping.trigger.clone(),
        model_id: mapping.model_id.clone(),
    }
}
