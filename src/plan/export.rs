//! A workspace as read, written as a `seg/1` file: every managed field, so that `diff` of the export against the same
//! workspace finds nothing. Secrets (`password` items, `sharedSecret`) become `{$env: NAME}` references unless plain
//! secrets are asked for.

use indexmap::IndexMap;
use serde_json::Value;

use super::file::{ConfigValue, DestinationSpec, EnvRef, FORMAT, PlanSpec, SourceSpec, WorkspaceFile, env_name};
use crate::api::walk::Snapshot;
use crate::error::{Error, Result};

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

/// The file of a workspace. Two tracking plans with one display name cannot both be keyed by it: exit 2, naming
/// them.
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
            let spec = DestinationSpec {
                enabled: Some(destination.enabled),
                connection_mode: Some(destination.connection_mode.clone()),
                config: Some(config),
                ..DestinationSpec::default()
            };
            destinations.insert(destination_slug.to_string(), spec);
        }
        let spec = SourceSpec {
            display_name: Some(source.display_name.clone()),
            labels: Some(source.labels.clone()),
            library_config: Some(library_config),
            destinations,
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
