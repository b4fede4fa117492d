//! A workspace as read, written as a `seg/1` file: every managed field, so that `diff` of the export against the same
//! workspace finds nothing. Secrets (`wire::config::secret_pointers`: `password` items, credentials by name, a hook's
//! credential headers, censored values) become `{$env: NAME}` references, each with a name of its own, unless plain
//! secrets are asked for. On an API that holds the Public API's own resources, those read are written too
//! (warehouses, functions with their code as files beside the file, user groups, labels, and under sources and
//! destinations their transformations, reverse ETL models and insert function instances).

use std::collections::BTreeMap;

use indexmap::IndexMap;
use serde_json::Value;
use sha2::Digest;

use super::file::{
    ConfigValue, DestinationSpec, EnvRef, FORMAT, FilterSpec, MappingSpec, PlanSpec, SourceSpec, WorkspaceFile,
    env_name,
};
use super::resources::{
    FunctionKind, FunctionSpec, GroupSpec, InstanceSpec, LabelSpec, ModelSpec, PermissionSpec, ResourceKind,
    ResourceSpec, TransformationSpec, WarehouseSpec,
};
use crate::api::walk::{Held, Snapshot};
use crate::error::{Error, Result};
use crate::wire::config::{censored, censored_secret, credential_name, secret_pointers};
use crate::wire::{DestinationFilter, DestinationMapping, PublicRecord, SchemaConfig};

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

/// A schema config's field as a file writes it: a forwarding target (a source) by its slug, whichever API read it
/// (the Config API answers a slug, the Public API's reading a full name), so both export the same file.
fn forwarding(key: &str, value: Value) -> Value {
    match value {
        Value::String(target) if SchemaConfig::FORWARDING.contains(&key) => Value::String(slug(&target).to_string()),
        other => other,
    }
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

fn mapping_path((source, destination): (&str, &str)) -> String {
    format!("sources.{source}.destinations.{destination}.mappings")
}

/// A destination's mappings keyed by name (two with one name stop the export, exit 2), each header whose name is a
/// credential's written as the reference `reference(mapping, header)` gives (none: as it is).
fn mappings(
    destination: &str,
    mappings: &[DestinationMapping],
    mut reference: impl FnMut(&str, &str) -> Option<String>,
) -> Result<IndexMap<String, MappingSpec>> {
    let mut out = IndexMap::new();
    for mapping in mappings {
        if let Some(other) = mappings.iter().find(|m| m.display_name == mapping.display_name && m.name != mapping.name)
        {
            return Err(Error::usage(format!(
                "mappings {} and {} of {destination} are both named {:?}; a file keys mappings by name: rename one \
                 first",
                mapping.name, other.name, mapping.display_name
            )));
        }
        let mut settings = mapping.settings.clone();
        if let Some(Value::Object(headers)) = settings.get_mut("headers") {
            for (header, value) in headers.iter_mut() {
                let literal = value.is_string();
                if literal
                    && credential_name(header)
                    && let Some(name) = reference(&mapping.display_name, header)
                {
                    *value = super::secrets::reference_to(&name);
                }
            }
        }
        let spec = MappingSpec {
            action: Some(mapping.action.clone()).filter(|a| !a.is_empty()),
            trigger: Some(mapping.trigger.clone()),
            settings: Some(settings),
            enabled: Some(mapping.enabled),
            ..MappingSpec::default()
        };
        out.insert(mapping.display_name.clone(), spec);
    }
    Ok(out)
}

/// A workspace as exported: the file, and the code files its functions name (`functions/<slug>.js`, relative to the
/// file's folder, with the code as the service holds it), in the file's order.
#[derive(Debug, Clone, Default)]
pub struct Exported {
    pub file: WorkspaceFile,
    pub code: Vec<(String, String)>,
}

/// The file of a workspace, with the filters and schema configs the snapshot holds (those that are not empty or
/// default), and the Public API's own resources it read (each collection read is written, possibly empty; one not
/// read is not). Two tracking plans with one display name (or two filters of a destination with one title, two
/// warehouses, functions or user groups with one name) cannot both be keyed by it: exit 2, naming them.
pub fn export(snapshot: &Snapshot, api_version: &str, secrets: Secrets) -> Result<Exported> {
    let mut sources = IndexMap::new();
    let mut names = EnvNames::default();
    // A Public API destination's id (its reading's `id`), for the insert function instances on it.
    let mut destination_ids: BTreeMap<String, (String, String)> = BTreeMap::new();
    // What the API cannot hold is not written (a file holds what the workspace has): library settings and
    // connection modes only where it has them, a destination's name where it has one.
    let holds = snapshot.holds;
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
            // A further destination of one catalog entry is keyed by its name (`SLUG#NAME`); one without a name of
            // its own is named by its id, which no other workspace could use as a key.
            if holds.several_destinations
                && !destination.catalog_slug().is_empty()
                && destination_slug != destination.catalog_slug()
                && !destination_slug.contains(crate::api::names::INSTANCE)
            {
                return Err(Error::usage(format!(
                    "{} is a further {} destination of source {source_slug} without a name of its own; a file keys it \
                     by its name: give it one first (seg destinations patch {source_slug}/{destination_slug} --set \
                     display_name=NAME)",
                    destination.name,
                    destination.catalog_slug()
                )));
            }
            let config = destination
                .config
                .iter()
                .map(|item| {
                    let key = item.key().to_string();
                    let value = match secrets {
                        Secrets::Plain => ConfigValue::Plain(item.value.clone()),
                        Secrets::Ref => {
                            let at = Place { source: source_slug, destination: destination_slug, key: &key };
                            referenced(&mut names, &at, &item.kind, &item.value)
                        }
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
            // Likewise only an Actions destination that has mappings gets `mappings`.
            let mappings = snapshot.mappings.get(&destination.name).filter(|m| !m.is_empty()).map(|list| {
                let at = (source_slug, destination_slug);
                mappings(&destination.name, list, |m, h| match secrets {
                    Secrets::Plain => None,
                    Secrets::Ref => Some(names.name(format!("{}.{m}.{h}", mapping_path(at)), &[at.0, at.1, m, h])),
                })
            });
            let mappings = mappings.transpose()?;
            let named = holds.destination_names && !destination.display_name.is_empty();
            let spec = DestinationSpec {
                enabled: Some(destination.enabled),
                connection_mode: holds.connection_modes.then(|| destination.connection_mode.clone()),
                config: Some(config),
                filters,
                mappings,
                // In a `SLUG#NAME` key already.
                name: (named && !destination_slug.contains(crate::api::names::INSTANCE))
                    .then(|| Value::String(destination.display_name.clone())),
                ..DestinationSpec::default()
            };
            if let Some(id) = destination.extra.get("id").and_then(Value::as_str).filter(|id| !id.is_empty()) {
                destination_ids.insert(id.to_string(), (source_slug.to_string(), destination_slug.to_string()));
            }
            destinations.insert(destination_slug.to_string(), spec);
        }
        // Likewise a schema config is written (every field of it) only when it is not the service's default.
        let schema_config = snapshot.schema_configs.get(&source.name).and_then(|config| {
            let fields = |config: &SchemaConfig| -> serde_json::Map<String, Value> {
                let value = serde_json::to_value(config).unwrap_or_default();
                let field = |key: &str| value.get(key).cloned().map(|v| (key.to_string(), forwarding(key, v)));
                SchemaConfig::FIELDS.iter().filter_map(|(key, _)| field(key)).collect()
            };
            let (actual, default) = (fields(config), fields(&SchemaConfig::default_for(&source.name)));
            (actual != default).then_some(actual)
        });
        let spec = SourceSpec {
            display_name: Some(source.display_name.clone()),
            labels: Some(source.labels.clone()),
            library_config: holds.library_config.then_some(library_config),
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
        let kind = plan.extra.get("type").and_then(Value::as_str).filter(|kind| *kind != "LIVE").map(String::from);
        let mut rules = plan.rules.clone();
        if !holds.legacy_traits {
            // An API that keeps no legacy trait lists answers them empty, if at all: nothing to write.
            rules.retain(|key, value| {
                !(matches!(key.as_str(), "identify_traits" | "group_traits")
                    && value.as_array().is_some_and(Vec::is_empty))
            });
        }
        let spec = PlanSpec { kind, rules: Some(rules), sources: Some(connected), ..PlanSpec::default() };
        tracking_plans.insert(plan.display_name.clone(), spec);
    }
    let mut file = WorkspaceFile {
        format: FORMAT.into(),
        api_version: (holds.api_versions && !api_version.is_empty()).then(|| api_version.to_string()),
        workspace: slug(&snapshot.workspace).to_string(),
        sources,
        tracking_plans,
        ..WorkspaceFile::default()
    };
    let code = records(snapshot, secrets, &mut names, &destination_ids, &mut file)?;
    names.settle(&mut file);
    Ok(Exported { file, code })
}

/// A field of a record that is there and not `null`.
fn field<'r>(record: &'r PublicRecord, key: &str) -> Option<&'r Value> {
    record.fields.get(key).filter(|value| !value.is_null())
}

fn text(record: &PublicRecord, key: &str) -> Option<String> {
    field(record, key).and_then(Value::as_str).map(String::from)
}

/// A text field that is there and not empty.
fn filled(record: &PublicRecord, key: &str) -> Option<String> {
    text(record, key).filter(|t| !t.is_empty())
}

/// A list field that is there and not empty.
fn list(record: &PublicRecord, key: &str) -> Option<Vec<Value>> {
    field(record, key).and_then(Value::as_array).filter(|items| !items.is_empty()).cloned()
}

fn object(record: &PublicRecord, key: &str) -> Option<serde_json::Map<String, Value>> {
    field(record, key).and_then(Value::as_object).cloned()
}

/// Keys a collection's specs by name; a second record with a name already given stops the export (exit 2), naming
/// both by id.
struct Keyed<T> {
    what: &'static str,
    specs: IndexMap<String, T>,
    ids: BTreeMap<String, String>,
}

impl<T> Keyed<T> {
    fn new(what: &'static str) -> Keyed<T> {
        Keyed { what, specs: IndexMap::new(), ids: BTreeMap::new() }
    }

    fn insert(&mut self, key: String, id: &str, spec: T) -> Result<()> {
        if let Some(other) = self.ids.get(&key) {
            return Err(Error::usage(format!(
                "{} {other} and {id} are both named {key:?}; a file keys {} by name: rename one first",
                self.what, self.what
            )));
        }
        self.ids.insert(key.clone(), id.to_string());
        self.specs.insert(key, spec);
        Ok(())
    }
}

/// A file name of a function's code: its display name lowercased, each run of other characters than ASCII letters
/// and digits a `-` (none at either end), `-2`, `-3`, ... when another function has it already.
fn code_path(display_name: &str, taken: &mut std::collections::BTreeSet<String>) -> String {
    let mut base = String::new();
    for c in display_name.chars() {
        if c.is_ascii_alphanumeric() {
            base.push(c.to_ascii_lowercase());
        } else if !base.is_empty() && !base.ends_with('-') {
            base.push('-');
        }
    }
    let base = base.trim_end_matches('-');
    let base = if base.is_empty() { "function" } else { base };
    let mut n = 1;
    loop {
        let candidate = if n == 1 { base.to_string() } else { format!("{base}-{n}") };
        if taken.insert(candidate.clone()) {
            return format!("functions/{candidate}.js");
        }
        n += 1;
    }
}

/// The JSON pointers of the values inside a value that a service shows censored ([`censored`]).
fn censored_pointers(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::String(_) if censored(value) => out.push(at),
        Value::Object(map) => {
            for (key, value) in map {
                censored_pointers(value, format!("{at}/{}", key.replace('~', "~0").replace('/', "~1")), out);
            }
        }
        Value::Array(items) => {
            for (i, value) in items.iter().enumerate() {
                censored_pointers(value, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// Settings of a warehouse or an insert function instance as exported: under `Secrets::Ref` a value the service
/// shows censored becomes a reference (named from `words` and the key, and a nested one's place), under
/// `Secrets::Plain` each is kept as read. `path` is the settings' place in the file.
fn settings(
    names: &mut EnvNames,
    secrets: Secrets,
    path: &str,
    words: &[&str],
    settings: &serde_json::Map<String, Value>,
) -> IndexMap<String, ConfigValue> {
    let mut out = IndexMap::new();
    for (key, value) in settings {
        let mut all = words.to_vec();
        all.push(key);
        let at = format!("{path}.{key}");
        let exported = match secrets {
            Secrets::Plain => ConfigValue::Plain(value.clone()),
            Secrets::Ref if censored_secret(value) => ConfigValue::Env(EnvRef { env: names.name(at, &all) }),
            Secrets::Ref => {
                let mut pointers = Vec::new();
                censored_pointers(value, String::new(), &mut pointers);
                let mut shown = value.clone();
                for pointer in pointers {
                    let steps = nested_words(value, &pointer);
                    let mut nested = all.clone();
                    nested.extend(steps.iter().map(String::as_str));
                    let name = names.name(format!("{at}{pointer}"), &nested);
                    if let Some(slot) = shown.pointer_mut(&pointer) {
                        *slot = super::secrets::reference_to(&name);
                    }
                }
                ConfigValue::Plain(shown)
            }
        };
        out.insert(key.clone(), exported);
    }
    out
}

fn warehouse_key(held: &Held) -> String {
    filled(&held.record, "display_name").unwrap_or_else(|| held.record.id().to_string())
}

/// The Public API's own resources the snapshot read, into the file (each collection read, and only those); the code
/// files of its functions.
fn records(
    snapshot: &Snapshot,
    secrets: Secrets,
    names: &mut EnvNames,
    destination_ids: &BTreeMap<String, (String, String)>,
    file: &mut WorkspaceFile,
) -> Result<Vec<(String, String)>> {
    let records = &snapshot.records;
    // Each source of the file by its id.
    let source_slugs: BTreeMap<&str, String> = snapshot
        .sources
        .iter()
        .filter(|s| !s.source.id.is_empty())
        .map(|s| (s.source.id.as_str(), slug(&s.source.name).to_string()))
        .collect();

    if let Some(warehouses) = &records.warehouses {
        let mut keyed = Keyed::new("warehouses");
        for held in warehouses {
            let record = &held.record;
            let key = warehouse_key(held);
            let path = format!("warehouses.{key}.settings");
            let spec = WarehouseSpec {
                catalog_name: field(record, "metadata")
                    .and_then(|m| m.get("slug"))
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
                enabled: field(record, "enabled").and_then(Value::as_bool),
                settings: Some(settings(
                    names,
                    secrets,
                    &path,
                    &["WAREHOUSE", &key],
                    &object(record, "settings").unwrap_or_default(),
                )),
                sources: Some(held.below.iter().map(|s| s.text("slug").to_string()).collect()),
                ..WarehouseSpec::default()
            };
            keyed.insert(key, record.id(), spec)?;
        }
        file.warehouses = Some(keyed.specs);
    }

    let mut code = Vec::new();
    if let Some(functions) = &records.functions {
        let mut keyed = Keyed::new("functions");
        let mut taken = std::collections::BTreeSet::new();
        // The instances, by their destination's place in the file, in the order read.
        let mut instances: IndexMap<(String, String), Keyed<InstanceSpec>> = IndexMap::new();
        for held in functions {
            let record = &held.record;
            let display_name = record.text("displayName").to_string();
            let kind = record.text("resourceType").to_ascii_lowercase();
            let kind: FunctionKind = serde_json::from_value(Value::String(kind.clone())).map_err(|_| {
                Error::failed(format!("function {}: its type {kind:?} is not one seg knows", record.id()))
            })?;
            let path = code_path(&display_name, &mut taken);
            let spec = FunctionSpec {
                kind,
                code: path.clone(),
                description: filled(record, "description"),
                logo_url: filled(record, "logoUrl"),
                settings: list(record, "settings")
                    .map(|items| items.into_iter().filter_map(|item| item.as_object().cloned()).collect()),
                ..FunctionSpec::default()
            };
            keyed.insert(display_name.clone(), record.id(), spec)?;
            code.push((path, record.text("code").to_string()));
            for instance in &held.below {
                let Some((source, destination)) = destination_ids.get(instance.text("integrationId")) else {
                    continue;
                };
                let at =
                    format!("sources.{source}.destinations.{destination}.insert_functions.{display_name}.settings");
                let words = [source.as_str(), destination.as_str(), display_name.as_str()];
                let spec = InstanceSpec {
                    enabled: field(instance, "enabled").and_then(Value::as_bool),
                    settings: Some(settings(
                        names,
                        secrets,
                        &at,
                        &words,
                        &object(instance, "settings").unwrap_or_default(),
                    )),
                    ..InstanceSpec::default()
                };
                instances
                    .entry((source.clone(), destination.clone()))
                    .or_insert_with(|| Keyed::new("insert function instances"))
                    .insert(display_name.clone(), instance.id(), spec)?;
            }
        }
        for ((source, destination), keyed) in instances {
            if let Some(spec) = file.sources.get_mut(&source).and_then(|s| s.destinations.get_mut(&destination)) {
                spec.insert_functions = Some(keyed.specs);
            }
        }
        file.functions = Some(keyed.specs);
    }

    if let Some(transformations) = &records.transformations {
        let mut by_source: BTreeMap<String, Keyed<TransformationSpec>> = BTreeMap::new();
        for record in transformations {
            let Some(source) = source_slugs.get(record.text("sourceId")) else { continue };
            let strings = |key: &str| {
                list(record, key).map(|items| items.iter().filter_map(Value::as_str).map(String::from).collect())
            };
            let spec = TransformationSpec {
                condition: text(record, "if"),
                enabled: field(record, "enabled").and_then(Value::as_bool),
                destination_metadata_id: text(record, "destinationMetadataId"),
                new_event_name: text(record, "newEventName"),
                property_renames: list(record, "propertyRenames"),
                property_value_transformations: list(record, "propertyValueTransformations"),
                fql_defined_properties: list(record, "fqlDefinedProperties"),
                allow_properties: strings("allowProperties"),
                hash_properties_configuration: field(record, "hashPropertiesConfiguration").cloned(),
                ..TransformationSpec::default()
            };
            let key = text(record, "display_name").unwrap_or_default();
            by_source.entry(source.clone()).or_insert_with(|| Keyed::new("transformations")).insert(
                key,
                record.id(),
                spec,
            )?;
        }
        for (slug, source) in file.sources.iter_mut() {
            source.transformations = Some(by_source.remove(slug).map(|k| k.specs).unwrap_or_default());
        }
    }

    if let Some(models) = &records.models {
        let mut by_source: BTreeMap<String, Keyed<ModelSpec>> = BTreeMap::new();
        for record in models {
            let Some(source) = source_slugs.get(record.text("sourceId")) else { continue };
            let spec = ModelSpec {
                description: text(record, "description"),
                enabled: field(record, "enabled").and_then(Value::as_bool),
                schedule_strategy: text(record, "scheduleStrategy"),
                schedule_config: object(record, "scheduleConfig"),
                query: text(record, "query"),
                query_identifier_column: text(record, "queryIdentifierColumn"),
                ..ModelSpec::default()
            };
            let key = text(record, "display_name").unwrap_or_default();
            by_source.entry(source.clone()).or_insert_with(|| Keyed::new("reverse ETL models")).insert(
                key,
                record.id(),
                spec,
            )?;
        }
        for (slug, source) in file.sources.iter_mut() {
            source.reverse_etl_models = Some(by_source.remove(slug).map(|k| k.specs).unwrap_or_default());
        }
    }

    if let Some(groups) = &records.groups {
        // The names a permission's resources go by in the file.
        let warehouses: BTreeMap<&str, String> =
            records.warehouses.iter().flatten().map(|h| (h.record.id(), warehouse_key(h))).collect();
        let functions: BTreeMap<&str, &str> =
            records.functions.iter().flatten().map(|h| (h.record.id(), h.record.text("displayName"))).collect();
        let mut keyed = Keyed::new("user groups");
        for held in groups {
            let record = &held.record;
            let mut members: Vec<String> = held.below.iter().map(|m| m.text("email").to_string()).collect();
            members.sort();
            members.dedup();
            let mut permissions = Vec::new();
            for permission in field(record, "permissions").and_then(Value::as_array).into_iter().flatten() {
                let role = permission.get("roleName").and_then(Value::as_str).filter(|r| !r.is_empty());
                let role = role.or_else(|| permission.get("roleId").and_then(Value::as_str)).unwrap_or_default();
                let mut resources = Vec::new();
                for resource in permission.get("resources").and_then(Value::as_array).into_iter().flatten() {
                    let id = resource.get("id").and_then(Value::as_str).unwrap_or_default();
                    let kind = resource.get("type").and_then(Value::as_str).unwrap_or_default().to_ascii_lowercase();
                    let kind: ResourceKind = serde_json::from_value(Value::String(kind.clone())).map_err(|_| {
                        Error::failed(format!(
                            "user group {}: a permission on a resource of type {kind:?}, which seg does not know",
                            record.id()
                        ))
                    })?;
                    let name = match kind {
                        ResourceKind::Workspace => None,
                        ResourceKind::Source => Some(source_slugs.get(id).cloned().unwrap_or_else(|| id.to_string())),
                        ResourceKind::Warehouse => Some(warehouses.get(id).cloned().unwrap_or_else(|| id.to_string())),
                        ResourceKind::Function => {
                            Some(functions.get(id).map(|n| n.to_string()).unwrap_or_else(|| id.to_string()))
                        }
                        ResourceKind::Space => Some(id.to_string()),
                    };
                    resources.push(ResourceSpec { kind, name });
                }
                permissions.push(PermissionSpec { role: role.to_string(), resources });
            }
            let spec = GroupSpec { members: Some(members), permissions: Some(permissions), ..GroupSpec::default() };
            keyed.insert(text(record, "display_name").unwrap_or_default(), record.id(), spec)?;
        }
        file.user_groups = Some(keyed.specs);
    }

    if let Some(labels) = &records.labels {
        let mut out = IndexMap::new();
        for record in labels {
            let key = format!("{}:{}", record.text("key"), record.text("value"));
            out.insert(key, LabelSpec { description: filled(record, "description") });
        }
        file.labels = Some(out);
    }
    Ok(code)
}

/// Where a config item stands in the file.
struct Place<'a> {
    source: &'a str,
    destination: &'a str,
    key: &'a str,
}

/// The `$env` names an export hands out: `SEG_SECRET_` + source, destination, key (and, for a secret nested in a
/// value, the words of its place: `HOOKS_1_AUTHORIZATION`). Two places whose names would be equal (`my-web` and
/// `my_web`) both get a suffix, `_` and the first 6 hex digits of the SHA-256 of the place's path in the file, so
/// no two secrets share a variable and adding a source never renames another's.
#[derive(Default)]
struct EnvNames {
    /// Each name given, with the paths it was given for.
    given: BTreeMap<String, Vec<String>>,
}

impl EnvNames {
    /// A name for the secret at `path` (its place in the file), to be settled once every name is known.
    fn name(&mut self, path: String, words: &[&str]) -> String {
        let name = env_name(words[0], words[1], &words[2..].join("_"));
        self.given.entry(name.clone()).or_default().push(path);
        name
    }

    /// Renames the references whose name was given to more than one place.
    fn settle(self, file: &mut WorkspaceFile) {
        let clashes: BTreeMap<&String, &Vec<String>> = self.given.iter().filter(|(_, paths)| paths.len() > 1).collect();
        if clashes.is_empty() {
            return;
        }
        let suffixed = |name: &str, path: &str| {
            format!("{name}_{}", &hex::encode(sha2::Sha256::digest(path.as_bytes()))[..6].to_uppercase())
        };
        // The references of a config or settings map at `path` in the file.
        let settle_values = |values: &mut IndexMap<String, ConfigValue>, path: &str| {
            for (key, value) in values.iter_mut() {
                let base = format!("{path}.{key}");
                match value {
                    ConfigValue::Env(reference) if clashes.contains_key(&reference.env) => {
                        reference.env = suffixed(&reference.env, &base);
                    }
                    ConfigValue::Plain(value) => {
                        for pointer in super::secrets::reference_pointers(value) {
                            let Some(slot) = value.pointer_mut(&pointer) else { continue };
                            let name = super::secrets::reference(slot).unwrap_or_default().to_string();
                            if clashes.contains_key(&name) {
                                *slot = super::secrets::reference_to(&suffixed(&name, &format!("{base}{pointer}")));
                            }
                        }
                    }
                    ConfigValue::Env(_) => {}
                }
            }
        };
        for (key, warehouse) in file.warehouses.iter_mut().flatten() {
            if let Some(settings) = warehouse.settings.as_mut() {
                settle_values(settings, &format!("warehouses.{key}.settings"));
            }
        }
        for (source_slug, source) in file.sources.iter_mut() {
            for (destination_slug, destination) in source.destinations.iter_mut() {
                let at = format!("sources.{source_slug}.destinations.{destination_slug}");
                if let Some(config) = destination.config.as_mut() {
                    settle_values(config, &format!("{at}.config"));
                }
                for (function, instance) in destination.insert_functions.iter_mut().flatten() {
                    if let Some(settings) = instance.settings.as_mut() {
                        settle_values(settings, &format!("{at}.insert_functions.{function}.settings"));
                    }
                }
                let place = mapping_path((source_slug, destination_slug));
                for (mapping_name, mapping) in destination.mappings.iter_mut().flatten() {
                    let headers = mapping.settings.as_mut().and_then(|s| s.get_mut("headers"));
                    let Some(Value::Object(headers)) = headers else { continue };
                    for (header, slot) in headers.iter_mut() {
                        let name = super::secrets::reference(slot).unwrap_or_default().to_string();
                        if clashes.contains_key(&name) {
                            let path = format!("{place}.{mapping_name}.{header}");
                            *slot = super::secrets::reference_to(&suffixed(&name, &path));
                        }
                    }
                }
            }
        }
    }
}

/// A config value as exported: a reference for a secret item, or the value with a reference for each secret nested
/// in it (a hook's credential header).
fn referenced(names: &mut EnvNames, at: &Place<'_>, kind: &str, value: &Value) -> ConfigValue {
    let path = format!("sources.{}.destinations.{}.config.{}", at.source, at.destination, at.key);
    let pointers = secret_pointers(at.key, kind, value);
    if pointers.iter().any(String::is_empty) {
        return ConfigValue::Env(EnvRef { env: names.name(path, &[at.source, at.destination, at.key]) });
    }
    let mut shown = value.clone();
    for pointer in pointers {
        let words = nested_words(value, &pointer);
        let mut all = vec![at.source, at.destination, at.key];
        all.extend(words.iter().map(String::as_str));
        let name = names.name(format!("{path}{pointer}"), &all);
        if let Some(slot) = shown.pointer_mut(&pointer) {
            *slot = super::secrets::reference_to(&name);
        }
    }
    ConfigValue::Plain(shown)
}

/// The name of a header pair (`{"key": NAME, "value"}`).
fn pair_name(value: Option<&Value>) -> Option<&str> {
    value.and_then(|v| v.get("key").or_else(|| v.get("name"))).and_then(Value::as_str)
}

/// The words that name a nested secret's place: the steps of its pointer, a header pair (`{"key", "value"}`) by its
/// key, without the `headers` step: `/1/headers/0/value` under `hooks` is `1`, `Authorization`.
fn nested_words(value: &Value, pointer: &str) -> Vec<String> {
    let steps: Vec<String> = pointer.split('/').skip(1).map(|s| s.replace("~1", "/").replace("~0", "~")).collect();
    let mut words = Vec::new();
    let mut here = Some(value);
    for step in &steps {
        let node = here;
        here = match node {
            Some(Value::Object(map)) => map.get(step),
            Some(Value::Array(items)) => step.parse::<usize>().ok().and_then(|i| items.get(i)),
            _ => None,
        };
        if step == "value"
            && let Some(name) = pair_name(node)
        {
            words.push(name.to_string());
        } else if node.is_some_and(Value::is_array) && pair_name(here).is_some() || step == "headers" {
            // A pair's index in its list, or the list itself: the pair's key names it.
        } else {
            words.push(step.clone());
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Api;
    use crate::api::walk::SourceState;
    use crate::wire::{ConfigItem, Destination, Source};
    use serde_json::json;

    fn source(slug: &str, config: Vec<ConfigItem>) -> SourceState {
        let name = format!("workspaces/w/sources/{slug}");
        let destination =
            Destination { name: format!("{name}/destinations/webhooks"), config, ..Destination::default() };
        let source = Source { name, catalog_name: "catalog/sources/javascript".into(), ..Source::default() };
        SourceState { source, destinations: vec![destination] }
    }

    fn item(key: &str, value: Value) -> ConfigItem {
        ConfigItem { name: key.into(), value, ..ConfigItem::default() }
    }

    fn config<'f>(file: &'f WorkspaceFile, source: &str) -> &'f IndexMap<String, ConfigValue> {
        file.sources[source].destinations["webhooks"].config.as_ref().unwrap()
    }

    #[test]
    fn two_mappings_whose_header_references_would_share_a_name_get_names_of_their_own() {
        use crate::wire::DestinationMapping;
        let mut snapshot = Snapshot { workspace: "workspaces/w".into(), ..Snapshot::default() };
        snapshot.holds = Api::Public.holds();
        snapshot.sources = vec![source("web", Vec::new())];
        let destination = "workspaces/w/sources/web/destinations/webhooks";
        let mapping = |id: &str, name: &str| DestinationMapping {
            name: format!("{destination}/mappings/{id}"),
            display_name: name.into(),
            action: "send".into(),
            trigger: "type = \"track\"".into(),
            settings: json!({"url": "https://a.example", "headers": {"Authorization": "Bearer x"}})
                .as_object()
                .cloned()
                .unwrap(),
            ..DestinationMapping::default()
        };
        snapshot.mappings.insert(destination.into(), vec![mapping("m1", "Orders"), mapping("m2", "orders")]);
        let file = export(&snapshot, "v1beta", Secrets::Ref).unwrap().file;
        let names = file.env_names();
        assert_eq!(names.len(), 2, "{names:?}");
        assert_ne!(names[0], names[1], "{names:?}");
        assert!(names.iter().all(|n| n.starts_with("SEG_SECRET_WEB_WEBHOOKS_ORDERS_AUTHORIZATION_")), "{names:?}");
    }

    #[test]
    fn a_forwarding_target_is_written_as_a_slug_whichever_api_read_it() {
        let mut snapshot = Snapshot { workspace: "workspaces/w".into(), ..Snapshot::default() };
        snapshot.sources = vec![source("web", Vec::new()), source("ios", Vec::new())];
        for (api, target) in [(Api::Config, "ios"), (Api::Public, "workspaces/w/sources/ios")] {
            snapshot.holds = api.holds();
            let mut config = SchemaConfig::default_for("workspaces/w/sources/web");
            config.forwarding_violations_to = target.into();
            snapshot.schema_configs = [("workspaces/w/sources/web".to_string(), config)].into();
            let file = export(&snapshot, "v1beta", Secrets::Ref).unwrap().file;
            let schema = file.sources["web"].schema_config.clone().unwrap();
            assert_eq!(schema["forwarding_violations_to"], "ios", "{api:?}");
            assert_eq!(schema["forwarding_blocked_events_to"], "", "{api:?}");
        }
    }

    #[test]
    fn every_secret_gets_a_reference_of_its_own() {
        let hooks = json!([{"hook": "https://a/in", "headers": [{"key": "Authorization", "value": "Basic x"}]},
                           {"hook": "https://b/in", "headers": {"X-Api-Key": "k", "Accept": "*/*"}}]);
        let snapshot = Snapshot {
            workspace: "workspaces/w".into(),
            sources: vec![
                source("my-web", vec![item("sharedSecret", json!("s1")), item("hooks", hooks)]),
                source("my_web", vec![item("sharedSecret", json!("s2"))]),
                source("app", vec![item("apiKey", json!("k3")), item("note", json!("plain"))]),
            ],
            ..Snapshot::default()
        };
        let file = export(&snapshot, "v1beta", Secrets::Ref).unwrap().file;
        let text = file.render(false).unwrap();
        for secret in ["s1", "s2", "k3", "Basic x", "\"k\""] {
            assert!(!text.contains(secret), "{secret} in {text}");
        }
        let env = |source: &str, key: &str| match &config(&file, source)[key] {
            ConfigValue::Env(r) => r.env.clone(),
            other => panic!("{other:?}"),
        };
        // The colliding names both get a suffix; the others keep theirs.
        let (a, b) = (env("my-web", "sharedSecret"), env("my_web", "sharedSecret"));
        assert!(a.starts_with("SEG_SECRET_MY_WEB_WEBHOOKS_SHAREDSECRET_") && a.len() == 46, "{a}");
        assert!(b.starts_with("SEG_SECRET_MY_WEB_WEBHOOKS_SHAREDSECRET_") && a != b, "{b}");
        assert_eq!(env("app", "apiKey"), "SEG_SECRET_APP_WEBHOOKS_APIKEY");
        assert_eq!(config(&file, "app")["note"], ConfigValue::Plain(json!("plain")));
        let ConfigValue::Plain(hooks) = &config(&file, "my-web")["hooks"] else { panic!() };
        assert_eq!(
            hooks[0]["headers"][0]["value"],
            json!({"$env": "SEG_SECRET_MY_WEB_WEBHOOKS_HOOKS_0_AUTHORIZATION"})
        );
        assert_eq!(hooks[1]["headers"]["X-Api-Key"], json!({"$env": "SEG_SECRET_MY_WEB_WEBHOOKS_HOOKS_1_X_API_KEY"}));
        assert_eq!(hooks[1]["headers"]["Accept"], "*/*");
        // Adding a source renames nobody's variable but the colliding ones.
        let plain = export(&snapshot, "v1beta", Secrets::Plain).unwrap().file;
        assert_eq!(config(&plain, "app")["apiKey"], ConfigValue::Plain(json!("k3")));
        // The file reads back: every reference is where the file format allows one.
        WorkspaceFile::parse(&text, std::path::Path::new(".")).unwrap();
    }

    fn record(name: &str, fields: Value) -> PublicRecord {
        PublicRecord { name: name.into(), fields: fields.as_object().cloned().unwrap() }
    }

    fn held(record: PublicRecord, below: Vec<PublicRecord>) -> Held {
        Held { record, below }
    }

    /// A snapshot of a Public API workspace with one of each of its own resources.
    fn public_snapshot() -> Snapshot {
        use crate::api::walk::Records;
        let mut web = source("web", Vec::new());
        web.source.id = "s1".into();
        web.destinations[0].extra.insert("id".into(), json!("d1"));
        let mut dw = source("dw", Vec::new());
        dw.source.id = "s2".into();
        let at = |noun: &str, id: &str| format!("workspaces/w/{noun}/{id}");
        let records = Records {
            warehouses: Some(vec![
                held(
                    record(
                        &at("warehouses", "wh1"),
                        json!({"id": "wh1", "display_name": "Main DW", "metadata": {"id": "m1", "slug": "snowflake"},
                               "enabled": true, "settings": {"user": "loader", "password": "••••••••••1234",
                               "ssh": {"key": "••••••••••••", "port": 22}}}),
                    ),
                    vec![record(&at("sources", "s1"), json!({"id": "s1", "slug": "web"}))],
                ),
                held(
                    record(
                        &at("warehouses", "wh2"),
                        json!({"id": "wh2", "metadata": {"slug": "bigquery"}, "enabled": false, "settings": {}}),
                    ),
                    Vec::new(),
                ),
            ]),
            functions: Some(vec![
                held(
                    record(
                        &at("functions", "f1"),
                        json!({"id": "f1", "displayName": "Enrich Orders", "resourceType": "SOURCE",
                               "code": "async function onTrack(e) {\n  return e\n}\n", "description": "",
                               "logoUrl": null, "settings": []}),
                    ),
                    Vec::new(),
                ),
                held(
                    record(
                        &at("functions", "f2"),
                        json!({"id": "f2", "displayName": "enrich--orders!", "resourceType": "DESTINATION",
                               "code": "// two\n", "description": "Sends orders",
                               "logoUrl": "https://logo.example/a.png"}),
                    ),
                    Vec::new(),
                ),
                held(
                    record(
                        &at("functions", "f3"),
                        json!({"id": "f3", "displayName": "Mask PII", "resourceType": "INSERT_DESTINATION",
                               "code": "// three", "settings": [{"name": "apiKey", "label": "API key", "description": "",
                               "type": "STRING", "required": true, "sensitive": true}]}),
                    ),
                    vec![
                        record(
                            &at("instances", "i1"),
                            json!({"id": "i1", "integrationId": "d1", "classId": "f3", "enabled": true,
                                   "settings": {"apiKey": "••••••••••abcd", "mode": "strict"}}),
                        ),
                        record(
                            &at("instances", "i2"),
                            json!({"id": "i2", "integrationId": "elsewhere", "enabled": true, "settings": {}}),
                        ),
                    ],
                ),
            ]),
            transformations: Some(vec![
                record(
                    &at("transformations", "t1"),
                    json!({"id": "t1", "display_name": "Rename", "sourceId": "s1", "if": "event = \"a\"",
                           "enabled": true, "destinationMetadataId": null, "newEventName": "b",
                           "propertyRenames": [{"oldName": "x", "newName": "y"}], "allowProperties": [],
                           "hashPropertiesConfiguration": null}),
                ),
                record(&at("transformations", "t2"), json!({"id": "t2", "display_name": "Gone", "sourceId": "zz"})),
            ]),
            models: Some(vec![record(
                &at("reverse-etl-models", "m1"),
                json!({"id": "m1", "display_name": "Users", "sourceId": "s2", "description": "all users",
                       "enabled": false, "scheduleStrategy": "MANUAL", "scheduleConfig": {},
                       "query": "select * from users", "queryIdentifierColumn": "id"}),
            )]),
            groups: Some(vec![held(
                record(
                    &at("user-groups", "g1"),
                    json!({"id": "g1", "display_name": "Admins", "memberCount": 1, "permissions": [
                        {"roleId": "r1", "roleName": "Source Admin", "resources": [
                            {"id": "s1", "type": "SOURCE"}, {"id": "wh1", "type": "WAREHOUSE"},
                            {"id": "wh2", "type": "WAREHOUSE"}, {"id": "f3", "type": "FUNCTION"},
                            {"id": "sp1", "type": "SPACE"}, {"id": "zz", "type": "SOURCE"}]},
                        {"roleId": "r2", "roleName": "Workspace Owner", "resources": [{"id": "w", "type": "WORKSPACE"}]}
                    ]}),
                ),
                vec![
                    record(&at("users", "u1"), json!({"id": "u1", "email": "zoe@acme.example"})),
                    record(&at("invites", "x"), json!({"email": "al@acme.example"})),
                ],
            )]),
            labels: Some(vec![
                record(&at("labels", "env:prod"), json!({"key": "env", "value": "prod", "description": ""})),
                record(&at("labels", "team:core"), json!({"key": "team", "value": "core", "description": "Core"})),
            ]),
            roles: None,
        };
        Snapshot {
            workspace: "workspaces/w".into(),
            holds: Api::Public.holds(),
            sources: vec![web, dw],
            records,
            ..Snapshot::default()
        }
    }

    #[test]
    #[allow(clippy::disallowed_methods, reason = "the test writes the code files an export names, to read it back")]
    fn the_public_apis_own_resources_are_exported_with_their_code_beside_the_file() {
        use super::super::resources::{FunctionKind, ResourceKind, ResourceSpec};
        let snapshot = public_snapshot();
        let Exported { file, code } = export(&snapshot, "v1beta", Secrets::Ref).unwrap();
        let env = |name: &str| ConfigValue::Env(EnvRef { env: name.into() });

        let warehouses = file.warehouses.as_ref().unwrap();
        assert_eq!(warehouses.keys().collect::<Vec<_>>(), ["Main DW", "wh2"]);
        let main = &warehouses["Main DW"];
        assert_eq!(main.catalog_name, "snowflake");
        assert_eq!(main.enabled, Some(true));
        assert_eq!(main.sources, Some(vec!["web".to_string()]));
        let settings = main.settings.as_ref().unwrap();
        assert_eq!(settings["user"], ConfigValue::Plain(json!("loader")));
        assert_eq!(settings["password"], env("SEG_SECRET_WAREHOUSE_MAIN_DW_PASSWORD"));
        assert_eq!(
            settings["ssh"],
            ConfigValue::Plain(json!({"key": {"$env": "SEG_SECRET_WAREHOUSE_MAIN_DW_SSH_KEY"},
                                                               "port": 22}))
        );
        assert_eq!(warehouses["wh2"].catalog_name, "bigquery");
        assert_eq!(warehouses["wh2"].enabled, Some(false));
        assert_eq!(warehouses["wh2"].sources, Some(Vec::new()));
        assert_eq!(warehouses["wh2"].settings, Some(IndexMap::new()));

        let functions = file.functions.as_ref().unwrap();
        assert_eq!(functions.keys().collect::<Vec<_>>(), ["Enrich Orders", "enrich--orders!", "Mask PII"]);
        let enrich = &functions["Enrich Orders"];
        assert_eq!((enrich.kind, enrich.code.as_str()), (FunctionKind::Source, "functions/enrich-orders.js"));
        assert_eq!((&enrich.description, &enrich.logo_url, &enrich.settings), (&None, &None, &None));
        let second = &functions["enrich--orders!"];
        assert_eq!((second.kind, second.code.as_str()), (FunctionKind::Destination, "functions/enrich-orders-2.js"));
        assert_eq!(second.description.as_deref(), Some("Sends orders"));
        assert_eq!(second.logo_url.as_deref(), Some("https://logo.example/a.png"));
        let mask = &functions["Mask PII"];
        assert_eq!((mask.kind, mask.code.as_str()), (FunctionKind::InsertDestination, "functions/mask-pii.js"));
        let declared = json!({"name": "apiKey", "label": "API key", "description": "", "type": "STRING", "required": true,
                              "sensitive": true});
        assert_eq!(mask.settings, Some(vec![declared.as_object().cloned().unwrap()]));
        assert_eq!(
            code,
            [
                ("functions/enrich-orders.js".to_string(), "async function onTrack(e) {\n  return e\n}\n".to_string()),
                ("functions/enrich-orders-2.js".to_string(), "// two\n".to_string()),
                ("functions/mask-pii.js".to_string(), "// three".to_string()),
            ]
        );

        // The instance on a destination of the snapshot, under it; the one elsewhere is skipped.
        let web = &file.sources["web"];
        let instances = web.destinations["webhooks"].insert_functions.as_ref().unwrap();
        assert_eq!(instances.keys().collect::<Vec<_>>(), ["Mask PII"]);
        assert_eq!(instances["Mask PII"].enabled, Some(true));
        let settings = instances["Mask PII"].settings.as_ref().unwrap();
        assert_eq!(settings["apiKey"], env("SEG_SECRET_WEB_WEBHOOKS_MASK_PII_APIKEY"));
        assert_eq!(settings["mode"], ConfigValue::Plain(json!("strict")));
        assert_eq!(file.sources["dw"].destinations["webhooks"].insert_functions, None);

        // Transformations and models under their source; every source has the keys, since both were read.
        let transformations = web.transformations.as_ref().unwrap();
        assert_eq!(transformations.keys().collect::<Vec<_>>(), ["Rename"]);
        let rename = &transformations["Rename"];
        assert_eq!(rename.condition.as_deref(), Some("event = \"a\""));
        assert_eq!(rename.enabled, Some(true));
        assert_eq!(rename.new_event_name.as_deref(), Some("b"));
        assert_eq!(rename.property_renames, Some(vec![json!({"oldName": "x", "newName": "y"})]));
        assert_eq!(rename.destination_metadata_id, None);
        assert_eq!(rename.allow_properties, None);
        assert_eq!(rename.hash_properties_configuration, None);
        assert_eq!(rename.property_value_transformations, None);
        assert_eq!(web.reverse_etl_models, Some(IndexMap::new()));
        let dw = &file.sources["dw"];
        assert_eq!(dw.transformations, Some(IndexMap::new()));
        let users = &dw.reverse_etl_models.as_ref().unwrap()["Users"];
        assert_eq!(users.description.as_deref(), Some("all users"));
        assert_eq!(users.enabled, Some(false));
        assert_eq!(users.schedule_strategy.as_deref(), Some("MANUAL"));
        assert_eq!(users.schedule_config, Some(serde_json::Map::new()));
        assert_eq!(users.query.as_deref(), Some("select * from users"));
        assert_eq!(users.query_identifier_column.as_deref(), Some("id"));

        let groups = file.user_groups.as_ref().unwrap();
        let admins = &groups["Admins"];
        assert_eq!(admins.members, Some(vec!["al@acme.example".to_string(), "zoe@acme.example".to_string()]));
        let permissions = admins.permissions.as_ref().unwrap();
        let named = |kind, name: &str| ResourceSpec { kind, name: Some(name.to_string()) };
        assert_eq!(permissions[0].role, "Source Admin");
        assert_eq!(
            permissions[0].resources,
            [
                named(ResourceKind::Source, "web"),
                named(ResourceKind::Warehouse, "Main DW"),
                named(ResourceKind::Warehouse, "wh2"),
                named(ResourceKind::Function, "Mask PII"),
                named(ResourceKind::Space, "sp1"),
                named(ResourceKind::Source, "zz"),
            ]
        );
        assert_eq!(permissions[1].role, "Workspace Owner");
        assert_eq!(permissions[1].resources, [ResourceSpec { kind: ResourceKind::Workspace, name: None }]);

        let labels = file.labels.as_ref().unwrap();
        assert_eq!(labels.keys().collect::<Vec<_>>(), ["env:prod", "team:core"]);
        assert_eq!(labels["env:prod"].description, None);
        assert_eq!(labels["team:core"].description.as_deref(), Some("Core"));

        let mut names = file.env_names();
        names.sort();
        assert_eq!(
            names,
            [
                "SEG_SECRET_WAREHOUSE_MAIN_DW_PASSWORD",
                "SEG_SECRET_WAREHOUSE_MAIN_DW_SSH_KEY",
                "SEG_SECRET_WEB_WEBHOOKS_MASK_PII_APIKEY"
            ]
        );
        // The file reads back, its code files beside it, with the code as the service holds it.
        let folder = tempfile::tempdir().unwrap();
        std::fs::create_dir(folder.path().join("functions")).unwrap();
        for (path, text) in &code {
            std::fs::write(folder.path().join(path), text).unwrap();
        }
        let text = file.render(false).unwrap();
        let read = WorkspaceFile::parse(&text, folder.path()).unwrap();
        assert_eq!(read.functions.unwrap()["Enrich Orders"].text.as_ref().unwrap().text, code[0].1);
        assert!(!text.contains("••"), "{text}");

        // Plain secrets are kept as read.
        let plain = export(&snapshot, "v1beta", Secrets::Plain).unwrap().file;
        let settings = plain.warehouses.as_ref().unwrap()["Main DW"].settings.clone().unwrap();
        assert_eq!(settings["password"], ConfigValue::Plain(json!("••••••••••1234")));
    }

    #[test]
    fn a_collection_not_read_writes_no_key() {
        let mut snapshot = public_snapshot();
        snapshot.records = crate::api::walk::Records::default();
        let Exported { file, code } = export(&snapshot, "v1beta", Secrets::Ref).unwrap();
        assert!(code.is_empty());
        assert_eq!((file.warehouses, file.functions, file.user_groups, file.labels), (None, None, None, None));
        for source in file.sources.values() {
            assert_eq!((&source.transformations, &source.reverse_etl_models), (&None, &None));
            assert!(source.destinations.values().all(|d| d.insert_functions.is_none()));
        }
        // Read but empty: each key is there, empty.
        snapshot.records.warehouses = Some(Vec::new());
        snapshot.records.transformations = Some(Vec::new());
        let file = export(&snapshot, "v1beta", Secrets::Ref).unwrap().file;
        assert_eq!(file.warehouses, Some(IndexMap::new()));
        assert_eq!(file.sources["web"].transformations, Some(IndexMap::new()));
        assert_eq!(file.functions, None);
    }

    #[test]
    fn two_functions_with_one_name_stop_the_export() {
        let mut snapshot = public_snapshot();
        let functions = snapshot.records.functions.as_mut().unwrap();
        let mut twin = functions[0].clone();
        twin.record.name = "workspaces/w/functions/f9".into();
        functions.push(twin);
        let error = export(&snapshot, "v1beta", Secrets::Ref).unwrap_err().to_string();
        assert!(error.contains("functions f1 and f9 are both named \"Enrich Orders\""), "{error}");
    }
}
