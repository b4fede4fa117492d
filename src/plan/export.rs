//! A workspace as read, written as a `seg/1` file: every managed field, so that `diff` of the export against the same
//! workspace finds nothing. Secrets (`password` items, `sharedSecret`) become `{$env: NAME}` references unless plain
//! secrets are asked for.

use indexmap::IndexMap;
use serde_json::Value;

use super::file::{
    ConfigValue, DestinationSpec, EnvRef, FORMAT, FilterSpec, PlanSpec, SourceSpec, WorkspaceFile, env_name,
};
use crate::api::walk::Snapshot;
use crate::error::{Error, Result};
use crate::wire::{DestinationFilter, SchemaConfig};

/// How secrets are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Secrets {
    /// `{$env: SEG_SECRET_...}` references (the default)
    Ref,
    /// The values themselves (the file is then written mode 0600)
    Plain,
}

/// The last segment of a name (a slug).
pub fn slug(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or(name)
}

/// A destination's filters keyed by title; two with one title stop the export (exit 2), naming them.
fn filters(destination: &str, filters: &[DestinationFilter]) -> Result<IndexMap<String, FilterSpec>> {
    let mut out = IndexMap::new();
    for filter in filters {
        if let Some(other) = filters.iter().find(|f| f.title == filter.title && f.name != filter.name) {
            return Err(Error::usage(format!(
                "filters {} and {} of {destination} are both titled {:?}; a file keys filters by title: rename one first",
                filter.name, other.name, filter.title
            )));
        }
        let spec = FilterSpec {
            condition: Some(filter.condition.clone()),
            actions: Some(filter.actions.clone()),
            enabled: Some(filter.enabled),
            description: Some(filter.description.clone()),
            ..FilterSpec::default()
        };
        out.insert(filter.title.clone(), spec);
    }
    Ok(out)
}

/// The file of a workspace, with the filters and schema configs the snapshot holds (those that are not empty or
/// default). Two tracking plans with one
/// display name (or two filters of a destination with one title) cannot both be keyed by it: exit 2, naming them.
pub fn export(snapshot: &Snapshot, api_version: &str, secrets: Secrets) -> Result<WorkspaceFile> {
    let mut sources = IndexMap::new();
    for state in &snapshot.sources {
        let source = &state.source;
        let source_slug = slug(&source.name);
        let library_config = match serde_json::to_value(&source.library_config) {
            Ok(Value::Object(map)) => map,
            _ => return Err(Error::failed(format!("{}: its library_config cannot be written", source.name))),
        };
        let mut destinations = IndexMap::new();
        for destination in &state.destinations {
            let destination_slug = slug(&destination.name);
            let config = destination
                .config
                .iter()
                .map(|item| {
                    let key = item.key().to_string();
                    let value = if item.is_secret() && secrets == Secrets::Ref {
                        ConfigValue::Env(EnvRef { env: env_name(source_slug, destination_slug, &key) })
                    } else {
                        ConfigValue::Plain(item.value.clone())
                    };
                    (key, value)
                })
                .collect();
            // Only a destination that has filters gets `filters` (so only its filters are managed, and read again by
            // `diff`): each list costs a request, and most destinations have none.
            let filters = snapshot
                .filters
                .get(&destination.name)
                .filter(|f| !f.is_empty())
                .map(|f| filters(&destination.name, f))
                .transpose()?;
            let spec = DestinationSpec {
                enabled: Some(destination.enabled),
                connection_mode: Some(destination.connection_mode.clone()),
                config: Some(config),
                filters,
                ..DestinationSpec::default()
            };
            destinations.insert(destination_slug.to_string(), spec);
        }
        // Likewise a schema config is written (every field of it) only when it is not the service's default.
        let schema_config = snapshot.schema_configs.get(&source.name).and_then(|config| {
            let fields = |config: &SchemaConfig| -> serde_json::Map<String, Value> {
                let value = serde_json::to_value(config).unwrap_or_default();
                let field = |key: &str| value.get(key).cloned().map(|v| (key.to_string(), v));
                SchemaConfig::FIELDS.iter().filter_map(|(key, _)| field(key)).collect()
            };
            let (actual, default) = (fields(config), fields(&SchemaConfig::default_for(&source.name)));
            (actual != default).then_some(actual)
        });
        let spec = SourceSpec {
            display_name: Some(source.display_name.clone()),
            labels: Some(source.labels.clone()),
            library_config: Some(library_config),
            destinations,
            schema_config,
            ..SourceSpec::new(source.catalog_name.clone())
        };
        sources.insert(source_slug.to_string(), spec);
    }
    let mut tracking_plans = IndexMap::new();
    for state in &snapshot.plans {
        let plan = &state.plan;
        if let Some(other) =
            snapshot.plans.iter().find(|p| p.plan.display_name == plan.display_name && p.plan.name != plan.name)
        {
            return Err(Error::usage(format!(
                "tracking plans {} and {} are both named {:?}; a file keys plans by name: rename one first",
                plan.name, other.plan.name, plan.display_name
            )));
        }
        let connected = state.connections.iter().map(|c| slug(&c.source_name).to_string()).collect();
        let spec = PlanSpec { rules: Some(plan.rules.clone()), sources: Some(connected), ..PlanSpec::default() };
        tracking_plans.insert(plan.display_name.clone(), spec);
    }
    Ok(WorkspaceFile {
        format: FORMAT.into(),
        api_version: Some(api_version.to_string()),
        workspace: slug(&snapshot.workspace).to_string(),
        sources,
        tracking_plans,
    })
}
