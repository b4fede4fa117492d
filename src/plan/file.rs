//! The `seg/1` file: a workspace as code (docs/WORKSPACES-AS-CODE.md; docs/reference/workspace-files.md). YAML or
//! JSON, the same structure. Sources and destinations are keyed by slug, tracking plans by display name (their ids
//! differ between workspaces). A field absent from the file is not managed; read-only fields (`name`, `parent`, `id`,
//! times, `write_keys`) may be present and are ignored; any other unknown key is an error naming its line. Secrets are
//! `{$env: NAME}` references.

pub use super::secrets::{ConfigValue, EnvRef};
use std::collections::BTreeMap;
use std::path::Path;

use indexmap::IndexMap;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Number, Value};

use super::resources::{
    FunctionSpec, GroupSpec, InstanceSpec, LabelSpec, ModelSpec, ResourceKind, TransformationSpec, WarehouseSpec,
};
use crate::api::names::{self, Kind};
use crate::error::{Error, Result};
use crate::wire::{Action, SchemaConfig, TrackingPlan, valid_slug};

/// What a slug may be (`wire::valid_slug`), said when one is not.
const SLUG_RULE: &str =
    "not a slug: lowercase letters, digits, '-' and '_' (at most 255), starting with a letter or digit";

pub const FORMAT: &str = "seg/1";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkspaceFile {
    /// `seg/1`.
    pub format: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// The workspace's slug; only an explicit `-w` overrides it.
    pub workspace: String,
    #[serde(default)]
    pub sources: IndexMap<String, SourceSpec>,
    #[serde(default)]
    pub tracking_plans: IndexMap<String, PlanSpec>,
    /// The Public API's own resources (`plan::resources`): each managed only when its key is present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warehouses: Option<IndexMap<String, WarehouseSpec>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub functions: Option<IndexMap<String, FunctionSpec>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_groups: Option<IndexMap<String, GroupSpec>>,
    /// The workspace's labels, keyed `KEY:VALUE`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<IndexMap<String, LabelSpec>>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceSpec {
    pub catalog_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<BTreeMap<String, String>>,
    /// `metrics_enabled`, `retry_queue`, `cross_domain_id_enabled`, `api_host`: each one present is managed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub library_config: Option<Map<String, Value>>,
    #[serde(default)]
    pub destinations: IndexMap<String, DestinationSpec>,
    /// The source's schema config (`allow_unplanned_track_events`, ...): each field present is managed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema_config: Option<Map<String, Value>>,
    /// Its transformations keyed by name (Public API): when present, managed (one missing is deleted with
    /// `--prune`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transformations: Option<IndexMap<String, TransformationSpec>>,
    /// Its reverse ETL models keyed by name (Public API, a warehouse source's): when present, managed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reverse_etl_models: Option<IndexMap<String, ModelSpec>>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) name: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) parent: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) id: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) create_time: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) write_keys: Option<IgnoredAny>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DestinationSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connection_mode: Option<String>,
    /// Config items by key; an item absent here is left as it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<IndexMap<String, ConfigValue>>,
    /// Filters keyed by title (their ids are generated). When present, the destination's filters are managed:
    /// one missing here is deleted with `--prune`. Absent: its filters are left as they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filters: Option<IndexMap<String, FilterSpec>>,
    /// Mappings keyed by their names (an Actions destination's, on the Public API; their ids are generated). When
    /// present, the destination's mappings are managed: one missing here is deleted with `--prune`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mappings: Option<IndexMap<String, MappingSpec>>,
    /// Insert function instances keyed by their function's display name (Public API): when present, managed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub insert_functions: Option<IndexMap<String, InstanceSpec>>,
    /// The destination's name on the Public API (the Config API has none). A value that is a resource name
    /// (`workspaces/...`, the read-only field of a Config API record, which files of earlier versions may hold) is
    /// ignored as it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<Value>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) parent: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) display_name: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) create_time: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) update_time: Option<IgnoredAny>,
}

/// A destination filter. A field absent is not managed; `if` and `actions` are needed to create one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FilterSpec {
    /// The FQL condition of the events it acts on.
    #[serde(rename = "if", default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actions: Option<Vec<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) name: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) title: Option<IgnoredAny>,
}

/// A mapping of an Actions destination. A field absent is not managed; `trigger` and `settings` are needed to
/// create one. A header value in `settings` may be a `$env` reference (the one place in a mapping a secret goes).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MappingSpec {
    /// The action, by slug (`send`); absent, the destination's only action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) name: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) id: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) action_id: Option<IgnoredAny>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanSpec {
    /// The Public API's plan type (`LIVE` when absent; the Config API's plans are all `LIVE`).
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<Map<String, Value>>,
    /// Slugs of the sources connected to the plan.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sources: Option<Vec<String>>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) name: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) create_time: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) update_time: Option<IgnoredAny>,
}

impl SourceSpec {
    pub fn new(catalog_name: String) -> Self {
        SourceSpec { catalog_name, ..SourceSpec::default() }
    }
}

impl DestinationSpec {
    /// The destination's name the file manages, if any (not a resource name, which is read-only).
    pub fn display_name(&self) -> Option<String> {
        let name = self.name.as_ref()?.as_str()?;
        (!name.starts_with("workspaces/")).then(|| name.to_string())
    }
}

/// The `$env` name of a secret: `SEG_SECRET_` + source, destination and key, upper-cased, other characters `_`.
pub fn env_name(source: &str, destination: &str, key: &str) -> String {
    let word = |s: &str| -> String {
        s.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect()
    };
    format!("SEG_SECRET_{}_{}_{}", word(source), word(destination), word(key))
}

impl WorkspaceFile {
    /// The collections of the Public API's own resources the file manages (by `wire::Noun::word`), which a plan
    /// reads: each whose key is present, and the warehouses and functions a group's permissions name by name.
    pub fn managed_records(&self) -> std::collections::BTreeSet<&'static str> {
        use crate::wire::Noun;
        let sources = self.sources.values();
        let destinations = || sources.clone().flat_map(|s| s.destinations.values());
        let managed = [
            (Noun::Warehouses, self.warehouses.is_some() || self.user_groups.is_some()),
            (
                Noun::Functions,
                self.functions.is_some()
                    || self.user_groups.is_some()
                    || destinations().any(|d| d.insert_functions.is_some()),
            ),
            (Noun::Transformations, sources.clone().any(|s| s.transformations.is_some())),
            (Noun::ReverseEtlModels, sources.clone().any(|s| s.reverse_etl_models.is_some())),
            (Noun::UserGroups, self.user_groups.is_some()),
            (Noun::Labels, self.labels.is_some()),
        ];
        managed.into_iter().filter(|(_, read)| *read).map(|(noun, _)| noun.word()).collect()
    }

    /// A file's bytes: JSON when they start with `{`, else YAML. Any problem is a usage error naming the file and,
    /// where the parser knows it, the line and column, never a value of the file (it may be a link to a credentials
    /// file, docs/reference/commands.md "Errors never quote a file").
    pub fn read(bytes: Vec<u8>, path: &Path) -> Result<WorkspaceFile> {
        let text =
            String::from_utf8(bytes).map_err(|_| Error::usage(format!("{} is not UTF-8 text", path.display())))?;
        WorkspaceFile::parse(&text, &folder_of(path)).map_err(|why| Error::usage(format!("{}: {why}", path.display())))
    }

    /// Every check a file can be given before anything is read or sent: its structure (`document`: keys given twice,
    /// `$env` references, aliases, nesting), its types, then names and values with the service's own rules, and the
    /// code files its functions name, read below `folder` (the file's own folder: `folder_of`).
    pub fn parse(text: &str, folder: &Path) -> Result<WorkspaceFile, String> {
        let places = super::document::check(text)?;
        let typed = if text.trim_start().starts_with('{') {
            serde_json::from_str(text).map_err(|e| e.to_string())
        } else {
            serde_yaml_ng::from_str(text).map_err(|e| e.to_string())
        };
        let mut file: WorkspaceFile = typed.map_err(|why| placed(&why, &places))?;
        // JSON text keeps each number's digits (serde_json's `arbitrary_precision`); YAML's reading is a double.
        file.spell_numbers_as_written(&places);
        if file.format != FORMAT {
            let format = super::document::token(&file.format);
            return Err(format!(
                "{}format {format} is not one this version reads; it reads {FORMAT:?}",
                places.at(&["format"])
            ));
        }
        let workspace = file.workspace.strip_prefix("workspaces/").unwrap_or(&file.workspace);
        if !valid_slug(workspace) {
            return Err(format!("{}workspace: {SLUG_RULE}", places.at(&["workspace"])));
        }
        file.check(&places)?;
        file.check_resources(&places)?;
        file.read_code(folder, &places)?;
        Ok(file)
    }

    /// Reads each function's code file (`plan::code`): a path that breaks a rule, or a file that cannot be read,
    /// is refused naming the `code` key's line, never the file's content.
    fn read_code(&mut self, folder: &Path, places: &super::document::Places) -> Result<(), String> {
        for (name, spec) in self.functions.iter_mut().flatten() {
            let code = super::code::Code::read(folder, &spec.code).map_err(|why| {
                let token = super::document::token(name);
                format!("{}functions.{token}.code: {why}", places.at(&["functions", name, "code"]))
            })?;
            spec.text = Some(code);
        }
        Ok(())
    }

    /// The Public API's own resources (`plan::resources`), checked as the service checks them.
    fn check_resources(&self, places: &super::document::Places) -> Result<(), String> {
        let token = super::document::token;
        let named =
            |what: &str, key: &str, why: String| format!("{}{what}.{}: {why}", places.at(&[what, key]), token(key));
        for (name, spec) in self.warehouses.iter().flatten() {
            let at = |why: String| named("warehouses", name, why);
            if name.trim().is_empty() {
                return Err(at("a warehouse's name (its key) is empty".into()));
            }
            if !valid_slug(&spec.catalog_name) {
                return Err(at(format!("catalog_name is {SLUG_RULE} (`seg api GET /catalog/warehouses` lists them)")));
            }
            if let Some(index) = spec.sources.iter().flatten().position(|source| !valid_slug(source)) {
                return Err(at(format!("sources[{index}] is not a source slug")));
            }
            if let Some(index) = repeated(spec.sources.as_deref().unwrap_or_default()) {
                return Err(at(format!("sources[{index}] names a source an earlier item names")));
            }
        }
        for (name, spec) in self.functions.iter().flatten() {
            let at = |why: String| named("functions", name, why);
            if name.trim().is_empty() {
                return Err(at("a function's display name (its key) is empty".into()));
            }
            for (index, setting) in spec.settings.iter().flatten().enumerate() {
                const FIELDS: [&str; 6] = ["name", "label", "description", "type", "required", "sensitive"];
                if let Some(unknown) = setting.keys().find(|key| !FIELDS.contains(&key.as_str())) {
                    let known = FIELDS.join(", ");
                    return Err(at(format!("settings[{index}]: unknown field {}; one of {known}", token(unknown))));
                }
                serde_json::from_value::<crate::wire::public::functions::FunctionSettingV1>(Value::Object(
                    setting.clone(),
                ))
                .map_err(|e| at(format!("settings[{index}]: {}", without_values(&e.to_string()))))?;
            }
        }
        for (name, spec) in self.user_groups.iter().flatten() {
            let at = |why: String| named("user_groups", name, why);
            if name.trim().is_empty() {
                return Err(at("a user group's name (its key) is empty".into()));
            }
            if let Some(index) = spec.members.iter().flatten().position(|email| !plausible_email(email)) {
                return Err(at(format!("members[{index}] is not an email address")));
            }
            for (index, permission) in spec.permissions.iter().flatten().enumerate() {
                let at = |why: String| at(format!("permissions[{index}]: {why}"));
                if permission.role.trim().is_empty() {
                    return Err(at("role is empty: name a role (`seg roles list`)".into()));
                }
                if permission.resources.is_empty() {
                    return Err(at(
                        "resources is empty: a role is given on the workspace or some of its resources".into()
                    ));
                }
                for (at_resource, resource) in permission.resources.iter().enumerate() {
                    let at = |why: String| at(format!("resources[{at_resource}]: {why}"));
                    match (resource.kind, resource.name.as_deref()) {
                        (ResourceKind::Workspace, None) => {}
                        (ResourceKind::Workspace, Some(_)) => {
                            return Err(at("the workspace is the file's own: give it no name".into()));
                        }
                        (_, None) => return Err(at("name the resource (`name`)".into())),
                        (ResourceKind::Source, Some(slug)) if !valid_slug(slug) => {
                            return Err(at(format!("source {}: {SLUG_RULE}", token(slug))));
                        }
                        (_, Some(name)) if name.trim().is_empty() => return Err(at("its name is empty".into())),
                        _ => {}
                    }
                }
            }
        }
        for key in self.labels.iter().flat_map(IndexMap::keys) {
            if super::resources::label_parts(key).is_none() {
                return Err(named("labels", key, "a label is keyed KEY:VALUE, both parts non-empty".into()));
            }
        }
        for (source, spec) in &self.sources {
            for (name, transformation) in spec.transformations.iter().flatten() {
                let place = places.at(&["sources", source, "transformations", name]);
                let at =
                    |why: String| format!("{place}sources.{}.transformations.{}: {why}", token(source), token(name));
                if name.trim().is_empty() {
                    return Err(at("a transformation's name (its key) is empty".into()));
                }
                if let Some(condition) = &transformation.condition {
                    crate::wire::fql::parse(condition).map_err(|e| at(format!("`if` is not valid FQL: {e}")))?;
                }
            }
            for (name, model) in spec.reverse_etl_models.iter().flatten() {
                let place = places.at(&["sources", source, "reverse_etl_models", name]);
                let at =
                    |why: String| format!("{place}sources.{}.reverse_etl_models.{}: {why}", token(source), token(name));
                if name.trim().is_empty() {
                    return Err(at("a model's name (its key) is empty".into()));
                }
                if let Some(strategy) =
                    model.schedule_strategy.as_deref().filter(|s| !super::resources::schedule_strategy_known(s))
                {
                    return Err(at(format!(
                        "schedule_strategy {} is not one of {}",
                        token(strategy),
                        crate::wire::public::warehouses::SCHEDULE_STRATEGIES.join(", ")
                    )));
                }
            }
            for (destination, spec) in &spec.destinations {
                for name in spec.insert_functions.iter().flat_map(IndexMap::keys) {
                    if name.trim().is_empty() {
                        let place = places.at(&["sources", source, "destinations", destination, "insert_functions"]);
                        return Err(format!(
                            "{place}sources.{}.destinations.{}.insert_functions: a function's name (a key) is empty",
                            token(source),
                            token(destination)
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Every number of the file's values (config, library config, schema config, filter actions, rules) with the
    /// digits the file gives it, where the file writes it in JSON's syntax: YAML read it as a double, and a
    /// decimal's precision counts in `diff` (docs/reference/commands.md, "Values compare exactly").
    fn spell_numbers_as_written(&mut self, places: &super::document::Places) {
        fn walk(value: &mut Value, path: &mut Vec<String>, places: &super::document::Places) {
            match value {
                Value::Number(number) => {
                    let written = places.number(path).and_then(|text| serde_json::from_str::<Number>(text).ok());
                    // Only the same number more exactly: never another value than YAML read.
                    if let Some(written) = written.filter(|w| w.as_f64() == number.as_f64()) {
                        *number = written;
                    }
                }
                Value::Array(items) => {
                    for (index, item) in items.iter_mut().enumerate() {
                        path.push(index.to_string());
                        walk(item, path, places);
                        path.pop();
                    }
                }
                Value::Object(map) => {
                    for (key, item) in map.iter_mut() {
                        path.push(key.clone());
                        walk(item, path, places);
                        path.pop();
                    }
                }
                _ => {}
            }
        }
        let at = |value: &mut Value, path: &[&str]| {
            walk(value, &mut path.iter().map(|s| s.to_string()).collect(), places);
        };
        for (slug, source) in &mut self.sources {
            for (field, map) in
                [("library_config", &mut source.library_config), ("schema_config", &mut source.schema_config)]
            {
                for (key, value) in map.iter_mut().flatten() {
                    at(value, &["sources", slug, field, key]);
                }
            }
            for (name, destination) in &mut source.destinations {
                for (key, value) in destination.config.iter_mut().flatten() {
                    if let ConfigValue::Plain(value) = value {
                        at(value, &["sources", slug, "destinations", name, "config", key]);
                    }
                }
                for (title, filter) in destination.filters.iter_mut().flatten() {
                    for (index, action) in filter.actions.iter_mut().flatten().enumerate() {
                        let index = index.to_string();
                        at(action, &["sources", slug, "destinations", name, "filters", title, "actions", &index]);
                    }
                }
            }
        }
        for (name, plan) in &mut self.tracking_plans {
            for (key, value) in plan.rules.iter_mut().flatten() {
                at(value, &["tracking_plans", name, "rules", key]);
            }
        }
        for (name, warehouse) in self.warehouses.iter_mut().flatten() {
            for (key, value) in warehouse.settings.iter_mut().flatten() {
                if let ConfigValue::Plain(value) = value {
                    at(value, &["warehouses", name, "settings", key]);
                }
            }
        }
        for (slug, source) in &mut self.sources {
            for (name, destination) in &mut source.destinations {
                for (function, instance) in destination.insert_functions.iter_mut().flatten() {
                    for (key, value) in instance.settings.iter_mut().flatten() {
                        if let ConfigValue::Plain(value) = value {
                            let path =
                                ["sources", slug, "destinations", name, "insert_functions", function, "settings", key];
                            at(value, &path);
                        }
                    }
                }
            }
        }
    }

    /// What the file's structure cannot say, checked with the rules the service applies: slugs, catalog names,
    /// schema-config fields and their values, filter titles, conditions and actions, tracking-plan names and rules.
    fn check(&mut self, places: &super::document::Places) -> Result<(), String> {
        let token = super::document::token;
        for (source, spec) in &mut self.sources {
            let at = |why: String| format!("{}sources.{}: {why}", places.at(&["sources", source]), token(source));
            if !valid_slug(source) {
                return Err(at(SLUG_RULE.into()));
            }
            spec.catalog_name = names::parse(Kind::CatalogSource, &spec.catalog_name, &names::Defaults::default())
                .map_err(|_| at("catalog_name is not a catalog source (catalog/sources/SLUG)".into()))?
                .to_string();
            if let Some(config) = &spec.schema_config {
                let place = places.at(&["sources", source, "schema_config"]);
                let at = |why: String| format!("{place}sources.{}.schema_config: {why}", token(source));
                let known: Vec<&str> = SchemaConfig::FIELDS.iter().map(|(field, _)| *field).collect();
                if let Some(unknown) = config.keys().find(|key| !known.contains(&key.as_str())) {
                    return Err(at(format!("unknown field {}; one of {}", token(unknown), known.join(", "))));
                }
                let typed: SchemaConfig = serde_json::from_value(Value::Object(config.clone()))
                    .map_err(|e| at(without_values(&e.to_string())))?;
                typed.check().map_err(at)?;
            }
            // Each destination a key names by its name (`SLUG#NAME`, or `name`), with that key: one destination has
            // one key (docs/reference/workspace-files.md).
            let mut named: BTreeMap<(&str, String), &str> = BTreeMap::new();
            for (destination, spec) in &spec.destinations {
                let place = places.at(&["sources", source, "destinations", destination]);
                let at = |why: String| {
                    format!("{place}sources.{}.destinations.{}: {why}", token(source), token(destination))
                };
                // `SLUG#NAME`: a further destination of the catalog entry SLUG, named NAME (the Public API's).
                let (slug, instance) = destination.split_once(names::INSTANCE).unwrap_or((destination, ""));
                if !valid_slug(slug) {
                    return Err(at(SLUG_RULE.into()));
                }
                if destination.contains(names::INSTANCE)
                    && (instance.is_empty() || instance.chars().any(char::is_control))
                {
                    return Err(at("a further destination is keyed SLUG#NAME, with its name after '#'".into()));
                }
                if let Some(name) = spec.display_name().filter(|name| !instance.is_empty() && name != instance) {
                    return Err(at(format!("its key names it {}, and `name` {}", token(instance), token(&name))));
                }
                let name = if instance.is_empty() { spec.display_name() } else { Some(instance.to_string()) };
                if let Some(name) = name
                    && let Some(other) = named.insert((slug, name.clone()), destination)
                {
                    return Err(at(format!(
                        "it and {} both name the {slug} destination named {}: a destination has one key",
                        token(other),
                        token(&name)
                    )));
                }
                for (title, filter) in spec.filters.iter().flatten() {
                    let at = |why: String| at(format!("filters.{}: {why}", token(title)));
                    if title.trim().is_empty() {
                        return Err(at("a filter's title (its key) is empty".into()));
                    }
                    for action in filter.actions.iter().flatten() {
                        Action::parse(action).map_err(at)?;
                    }
                    if let Some(condition) = &filter.condition {
                        crate::wire::fql::parse(condition).map_err(|e| at(format!("`if` is not valid FQL: {e}")))?;
                    }
                }
            }
        }
        for (name, spec) in &self.tracking_plans {
            let at =
                |why: String| format!("{}tracking_plans.{}: {why}", places.at(&["tracking_plans", name]), token(name));
            if name.trim().is_empty() {
                return Err(at("a tracking plan's name (its key) is empty".into()));
            }
            if let Some(rules) = &spec.rules {
                TrackingPlan::normalize_rules(rules.clone()).map_err(at)?;
            }
            if let Some(index) = spec.sources.iter().flatten().position(|source| !valid_slug(source)) {
                return Err(at(format!("sources[{index}] is not a source slug")));
            }
            if let Some(index) = repeated(spec.sources.as_deref().unwrap_or_default()) {
                return Err(at(format!("sources[{index}] names a source an earlier item names")));
            }
        }
        Ok(())
    }

    /// YAML (the default) or JSON, with a newline at the end. YAML is written from the JSON text, so each number
    /// keeps its digits (a serde serializer other than serde_json's cannot write a number of any size).
    pub fn render(&self, json: bool) -> Result<String> {
        let text = if json {
            serde_json::to_string_pretty(self).map_err(|e| Error::failed(e.to_string()))? + "\n"
        } else {
            let text = serde_json::to_string(self).map_err(|e| Error::failed(e.to_string()))?;
            crate::ui::exact::yaml(&text)?
        };
        Ok(text)
    }

    /// Every `$env` name the file refers to (a config item's whole value, or nested in it), in order.
    pub fn env_names(&self) -> Vec<String> {
        self.sources
            .values()
            .flat_map(|s| s.destinations.values())
            .flat_map(|d| {
                let config = d.config.iter().flatten().flat_map(|(_, v)| match v {
                    ConfigValue::Env(r) => vec![r.env.clone()],
                    ConfigValue::Plain(value) => super::secrets::names(value),
                });
                let mappings = d.mappings.iter().flatten().filter_map(|(_, m)| m.settings.as_ref());
                let instances = d.insert_functions.iter().flatten().filter_map(|(_, i)| i.settings.as_ref());
                config
                    .chain(mappings.flat_map(|s| super::secrets::names(&Value::Object(s.clone()))))
                    .chain(instances.flat_map(settings_env_names))
                    .collect::<Vec<_>>()
            })
            .chain(
                self.warehouses.iter().flatten().filter_map(|(_, w)| w.settings.as_ref()).flat_map(settings_env_names),
            )
            .collect()
    }
}

/// The `$env` names of settings whose values may be references (a warehouse's, an insert function instance's).
fn settings_env_names(settings: &IndexMap<String, ConfigValue>) -> Vec<String> {
    settings
        .values()
        .flat_map(|value| match value {
            ConfigValue::Env(reference) => vec![reference.env.clone()],
            ConfigValue::Plain(value) => super::secrets::names(value),
        })
        .collect()
}

/// The folder a workspace file's relative paths start from: its own (the current one for stdin, `-`).
pub fn folder_of(path: &Path) -> std::path::PathBuf {
    match path.parent() {
        Some(parent) if path != Path::new("-") && !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    }
}

/// The index of the first item of `list` that an earlier one equals (a source connected twice would be a second
/// connection the service refuses, midway through an apply).
fn repeated(list: &[String]) -> Option<usize> {
    list.iter().enumerate().position(|(at, item)| list[..at].contains(item))
}

/// An email as a member's is written: one `@` with something on each side, no space or control character.
fn plausible_email(email: &str) -> bool {
    email.split_once('@').is_some_and(|(user, host)| !user.is_empty() && !host.is_empty() && !host.contains('@'))
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// A parser's message about a file, placed (a message without a line gets the line of the key it names, else the
/// file's first) and without the values it quotes.
fn placed(message: &str, places: &super::document::Places) -> String {
    if message.contains(" line ") {
        return without_values(message);
    }
    let key = message.split_once("field `").and_then(|(_, rest)| rest.split_once('`')).map(|(key, _)| key);
    let at = key.and_then(|key| places.of_key(key)).unwrap_or_else(|| "line 1 column 1: ".into());
    format!("{at}{}", without_values(message))
}

/// A parser's message about a file without the values it quotes: `invalid type: string "…"` says `a string`, and
/// any other quoted token (a key, a variant) is shown only when it looks like a word of the format; the whole
/// message is cut to 300 characters.
pub fn without_values(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(300));
    let mut rest = message;
    while let Some(start) = rest.find(['"', '`']) {
        let quote = rest.as_bytes()[start] as char;
        let (before, after) = rest.split_at(start);
        // The end of the quoted token, past escaped quotes.
        let mut end = None;
        let mut escaped = false;
        for (i, c) in after.char_indices().skip(1) {
            match c {
                '\\' if !escaped => escaped = true,
                c if c == quote && !escaped => {
                    end = Some(i);
                    break;
                }
                _ => escaped = false,
            }
        }
        let Some(end) = end else {
            out.push_str(before);
            rest = "";
            break;
        };
        let inner = &after[1..end];
        if let Some(kind) = before.strip_suffix("string ") {
            out.push_str(kind);
            out.push_str("a string");
        } else {
            out.push_str(before);
            // A key or a variant is shown when it looks like one (a word of the format); anything else might be a
            // line of whatever file this is (`/etc/shadow`), so it is not repeated.
            let word = !inner.is_empty()
                && inner.chars().count() <= 40
                && inner.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '$' | ' '));
            out.push(quote);
            out.push_str(if word { inner } else { "…" });
            out.push(quote);
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    if out.chars().count() > 300 {
        out = out.chars().take(300).collect::<String>() + "…";
    }
    crate::ui::escape_control(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<WorkspaceFile, String> {
        WorkspaceFile::parse(text, Path::new("."))
    }

    const EXAMPLE: &str = r#"format: seg/1
api_version: v1beta
workspace: acme
sources:
  web:
    catalog_name: catalog/sources/javascript
    display_name: Web
    name: workspaces/acme/sources/web      # read-only: ignored
    destinations:
      webhooks:
        enabled: true
        connection_mode: CLOUD
        config:
          hooks: [{hook: "https://example.com/in", headers: []}]
          sharedSecret: {$env: SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET}
tracking_plans:
  Main plan:
    rules: {events: []}
    sources: [web]
"#;

    #[test]
    fn the_example_of_cli_md_reads_and_round_trips() {
        let file = parse(EXAMPLE).unwrap();
        let webhooks = &file.sources["web"].destinations["webhooks"];
        assert_eq!(webhooks.enabled, Some(true));
        let config = webhooks.config.as_ref().unwrap();
        assert_eq!(
            config["sharedSecret"],
            ConfigValue::Env(EnvRef { env: "SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET".into() })
        );
        assert!(matches!(&config["hooks"], ConfigValue::Plain(Value::Array(_))));
        assert_eq!(file.tracking_plans["Main plan"].sources.as_deref(), Some(&["web".to_string()][..]));
        assert_eq!(file.env_names(), ["SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET"]);
        for json in [false, true] {
            let text = file.render(json).unwrap();
            assert_eq!(parse(&text).unwrap().render(json).unwrap(), text, "json: {json}");
        }
        assert!(
            !file.render(false).unwrap().contains("workspaces/acme/sources/web"),
            "read-only fields are not written"
        );
    }

    #[test]
    fn numbers_keep_the_digits_the_file_gives_them() {
        let yaml = EXAMPLE.replace(
            "          hooks: [{hook: \"https://example.com/in\", headers: []}]\n",
            "          hooks: [{hook: \"https://example.com/in\", headers: [], rate: 0.1000000000000000055511151231257827}]\n          \
             big: 123456789012345678901234\n          ratio: 1.50\n          quoted: '0.30'\n          yamlish: +1\n",
        );
        let json = serde_json::to_string(
            &serde_yaml_ng::from_str::<Value>(&EXAMPLE.replace("{$env: SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET}", "x"))
                .unwrap(),
        )
        .unwrap()
        .replace("\"headers\":[]", "\"headers\":[],\"rate\":0.1000000000000000055511151231257827");
        for text in [yaml.as_str(), json.as_str()] {
            let file = parse(text).unwrap();
            let config = file.sources["web"].destinations["webhooks"].config.clone().unwrap();
            let plain = |key: &str| match &config[key] {
                ConfigValue::Plain(value) => value.to_string(),
                other => panic!("{other:?}"),
            };
            assert!(plain("hooks").contains("\"rate\":0.1000000000000000055511151231257827"), "{}", plain("hooks"));
            if text == yaml {
                assert_eq!(plain("big"), "123456789012345678901234");
                assert_eq!(plain("ratio"), "1.50");
                assert_eq!(plain("quoted"), "\"0.30\"", "a quoted scalar is a string");
                assert_eq!(plain("yamlish"), "1", "YAML's own spellings are read as YAML reads them");
            }
        }
    }

    #[test]
    fn unknown_keys_and_other_formats_are_refused_naming_the_line() {
        let typo = EXAMPLE.replace("connection_mode: CLOUD", "conection_mode: CLOUD");
        let err = parse(&typo).unwrap_err();
        assert!(err.contains("conection_mode") && err.contains("line 12"), "{err}");
        let err = parse(&EXAMPLE.replace("  web:", "  Web:")).unwrap_err();
        assert!(err.starts_with("line 5 column 3: sources.\"Web\": not a slug"), "{err}");
        let err = parse(&EXAMPLE.replace("seg/1", "seg/2")).unwrap_err();
        assert!(err.contains("seg/2"), "{err}");
        let err = parse(r#"{"format": "seg/1", "workspace": "w", "sources": {"s": {"catalog": 1}}}"#).unwrap_err();
        assert!(err.contains("catalog") && err.contains("line 1"), "{err}");
    }

    #[test]
    fn errors_name_the_place_and_never_quote_a_value() {
        let secret = "tok-SECRETVALUE-0123456789";
        let files = [
            format!("SEG_TOKEN={secret}\n"),
            format!("[tokens]\ndefault = \"{secret}\"\n"),
            format!("format: seg/1\nworkspace: w\nsources:\n  web: {secret}\n"),
            format!(
                "format: seg/1\nworkspace: w\nsources:\n  web:\n    catalog_name: x\n    destinations:\n      d:\n        enabled: {secret}\n"
            ),
            format!("{{\"format\": \"seg/1\", \"workspace\": [\"{secret}\"]}}"),
            format!("\"{secret}\""),
            format!("-----BEGIN OPENSSH PRIVATE KEY-----\n{secret}\n-----END OPENSSH PRIVATE KEY-----\n"),
            format!("format: seg/1\nworkspace: {secret}\n"),
            format!("format: seg/1\nworkspace: w\ntracking_plans:\n  P:\n    rules: {{events: {secret}}}\n"),
            format!("format: seg/1\nworkspace: w\nsources:\n  web:\n    catalog_name: {secret} x\n"),
        ];
        for text in &files {
            let err = parse(text).unwrap_err();
            assert!(!err.contains("SECRETVALUE"), "{text}: {err}");
        }
        assert_eq!(
            without_values(r#"a: invalid type: string "s\"x", expected a boolean at line 2"#),
            "a: invalid type: a string, expected a boolean at line 2"
        );
        let long = format!("unknown field `{}`, expected `format`", "k".repeat(100));
        assert!(without_values(&long).starts_with("unknown field `…`"));
        assert!(without_values("unknown field `conection_mode`").contains("`conection_mode`"));
        let shadow = "alice:$6$salt$FAKEHASHVALUE:19000:0:99999:7:::\n";
        let err = parse(shadow).unwrap_err();
        assert!(err.starts_with("line 1") && !err.contains("FAKEHASH"), "{err}");
    }

    #[test]
    fn names_are_checked_with_the_services_rules() {
        let bad = [
            ("format: seg/1\nworkspace: Acme\n", "workspace: not a slug"),
            ("format: seg/1\nworkspace: a\nsources:\n  Web:\n    catalog_name: javascript\n", "sources.\"Web\""),
            ("format: seg/1\nworkspace: a\nsources:\n  web:\n    catalog_name: a/b\n", "catalog source"),
            (
                "format: seg/1\nworkspace: a\nsources:\n  web:\n    catalog_name: javascript\n    destinations:\n      'a b': {}\n",
                "not a slug",
            ),
            ("format: seg/1\nworkspace: a\ntracking_plans:\n  ' ': {}\n", "name (its key) is empty"),
            ("format: seg/1\nworkspace: a\ntracking_plans:\n  P: {rules: {events: [1]}}\n", "must hold objects"),
            ("format: seg/1\nworkspace: a\ntracking_plans:\n  P: {sources: [Web]}\n", "not a source slug"),
            (
                "format: seg/1\nworkspace: a\ntracking_plans:\n  P: {sources: [web, ios, web]}\n",
                "sources[2] names a source an",
            ),
        ];
        for (text, says) in bad {
            let err = parse(text).unwrap_err();
            assert!(err.contains(says), "{text}: {err}");
        }
        let file = parse("format: seg/1\nworkspace: a\nsources:\n  web:\n    catalog_name: javascript\n").unwrap();
        assert_eq!(file.sources["web"].catalog_name, "catalog/sources/javascript", "a bare catalog slug is completed");
    }

    #[test]
    fn two_keys_naming_one_destination_are_refused_naming_both() {
        let file = |destinations: &str| {
            format!(
                "format: seg/1\nworkspace: a\nsources:\n  web:\n    catalog_name: javascript\n    destinations:\n{destinations}"
            )
        };
        let err = parse(&file("      webhooks#Prod: {}\n      webhooks: {name: Prod}\n")).unwrap_err();
        assert!(err.starts_with("line 8 column 7: sources.\"web\".destinations.\"webhooks\""), "{err}");
        assert!(err.contains("it and \"webhooks#Prod\" both name the webhooks destination named \"Prod\""), "{err}");
        // One name per entry: the same name under two entries, and an unnamed bare key beside named ones, are fine.
        let fine =
            "      webhooks#Prod: {}\n      webhooks: {}\n      amplitude: {name: Prod}\n      webhooks#Staging: {}\n";
        parse(&file(fine)).unwrap();
    }

    #[test]
    fn env_names_are_upper_case_words() {
        assert_eq!(env_name("web-app", "google-analytics", "api.key"), "SEG_SECRET_WEB_APP_GOOGLE_ANALYTICS_API_KEY");
    }

    /// A file with every resource of the Public API's own, its function's code beside it.
    const EVERY: &str = "format: seg/1
workspace: a
sources:
  web:
    catalog_name: javascript
    destinations:
      webhooks:
        insert_functions:
          Enrich:
            enabled: true
            settings:
              apiKey: {$env: SEG_SECRET_ENRICH_KEY}
              retries: 3
    transformations:
      Rename signup:
        if: event = \"Sign Up\"
        enabled: true
        new_event_name: Signed Up
        allow_properties: [plan]
    reverse_etl_models:
      Daily users:
        description: users of the day
        enabled: false
        schedule_strategy: MANUAL
        schedule_config: {}
        query: SELECT id FROM users
        query_identifier_column: id
warehouses:
  analytics:
    catalog_name: bigquery
    enabled: true
    settings:
      project: acme
      credentials: {$env: SEG_SECRET_BIGQUERY}
    sources: [web]
functions:
  Enrich:
    type: insert_destination
    code: functions/enrich.js
    description: adds the plan
    settings:
      - {name: apiKey, label: API key, description: the key, type: STRING, required: true, sensitive: true}
user_groups:
  Engineers:
    members: [ada@example.com]
    permissions:
      - role: Source Admin
        resources: [{type: source, name: web}, {type: warehouse, name: analytics}]
      - role: Workspace Member
        resources: [{type: workspace}]
labels:
  env:prod: {description: Production}
  team:growth: {}
";

    #[allow(clippy::disallowed_methods, reason = "tests plant a workspace's folder, not seg's effects")]
    fn folder() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("functions")).unwrap();
        std::fs::write(dir.path().join("functions/enrich.js"), "async function onTrack(event) {\n  return event\n}\n")
            .unwrap();
        dir
    }

    #[test]
    fn every_resource_of_the_public_api_reads_and_round_trips_with_its_code() {
        use super::super::resources::ResourceSpec;
        let dir = folder();
        let file = WorkspaceFile::parse(EVERY, dir.path()).unwrap();
        let function = &file.functions.as_ref().unwrap()["Enrich"];
        assert_eq!(function.kind, super::super::resources::FunctionKind::InsertDestination);
        let code = function.text.as_ref().unwrap();
        assert_eq!((code.lines(), code.text.starts_with("async function")), (3, true));
        let group = &file.user_groups.as_ref().unwrap()["Engineers"];
        assert_eq!(
            group.permissions.as_ref().unwrap()[0].resources,
            [
                ResourceSpec { kind: ResourceKind::Source, name: Some("web".into()) },
                ResourceSpec { kind: ResourceKind::Warehouse, name: Some("analytics".into()) }
            ]
        );
        let workspace = ResourceSpec { kind: ResourceKind::Workspace, name: None };
        assert_eq!(group.permissions.as_ref().unwrap()[1].resources, [workspace]);
        assert_eq!(file.env_names(), ["SEG_SECRET_ENRICH_KEY", "SEG_SECRET_BIGQUERY"]);
        for json in [false, true] {
            let text = file.render(json).unwrap();
            let again = WorkspaceFile::parse(&text, dir.path()).unwrap();
            assert_eq!(again, file, "json: {json}\n{text}");
            assert_eq!(again.render(json).unwrap(), text);
            assert!(!text.contains("async function"), "the code stays in its file: {text}");
        }
        // A file of an earlier version, without these keys, manages none of them and writes none.
        let plain = parse("format: seg/1\nworkspace: a\nsources: {}\n").unwrap();
        assert_eq!((plain.warehouses.is_none(), plain.functions.is_none(), plain.labels.is_none()), (true, true, true));
        assert!(!plain.render(false).unwrap().contains("warehouses"));
    }

    #[test]
    fn a_code_file_that_breaks_a_rule_is_refused_naming_the_code_keys_line() {
        let dir = folder();
        let code_line = EVERY.lines().position(|line| line.trim_start().starts_with("code:")).unwrap() + 1;
        for (path, says) in [
            ("../enrich.js", "climbs out with `..`"),
            ("/etc/passwd", "is absolute"),
            ("functions/none.js", "no such file"),
            ("functions", "is a folder"),
        ] {
            let text = EVERY.replace("code: functions/enrich.js", &format!("code: {path}"));
            let err = WorkspaceFile::parse(&text, dir.path()).unwrap_err();
            assert!(err.starts_with(&format!("line {code_line} column 5: functions.\"Enrich\".code: ")), "{err}");
            assert!(err.contains(says), "{path}: {err}");
        }
        // Read from the file's own folder: elsewhere the same file names nothing.
        let elsewhere = tempfile::tempdir().unwrap();
        assert!(WorkspaceFile::parse(EVERY, elsewhere.path()).unwrap_err().contains("no such file"));
    }

    #[test]
    fn the_public_apis_resources_are_checked_as_the_service_checks_them() {
        let dir = folder();
        let refused = |from: &str, to: &str| {
            assert!(EVERY.contains(from), "{from}");
            WorkspaceFile::parse(&EVERY.replace(from, to), dir.path()).unwrap_err()
        };
        let cases = [
            ("env:prod: {description: Production}", "envprod: {}", "a label is keyed KEY:VALUE"),
            ("members: [ada@example.com]", "members: [ada]", "members[0] is not an email address"),
            ("role: Workspace Member", "role: ''", "permissions[1]: role is empty"),
            ("resources: [{type: workspace}]", "resources: []", "permissions[1]: resources is empty"),
            ("resources: [{type: workspace}]", "resources: [{type: team}]", "unknown variant"),
            ("resources: [{type: workspace}]", "resources: [{type: function}]", "resources[0]: name the resource"),
            ("{type: source, name: web}", "{type: source, name: Web}", "resources[0]: source \"Web\": not a slug"),
            ("if: event = \"Sign Up\"", "if: event = ", "`if` is not valid FQL"),
            ("schedule_strategy: MANUAL", "schedule_strategy: HOURLY", "is not one of MANUAL, PERIODIC, SPECIFIC_DAYS"),
            ("catalog_name: bigquery", "catalog_name: Big Query", "catalog_name is not a slug"),
            ("sources: [web]", "sources: [Web]", "sources[0] is not a source slug"),
            ("sources: [web]", "sources: [web, web]", "sources[1] names a source an earlier item names"),
            (
                "required: true, sensitive: true}",
                "required: true, sensitive: true, secret: 1}",
                "unknown field \"secret\"",
            ),
            ("type: STRING", "type: NUMBER", "settings[0]"),
            ("type: insert_destination", "type: insert_source", "unknown variant"),
        ];
        for (from, to, says) in cases {
            let err = refused(from, to);
            assert!(err.contains(says), "{to}: {err}");
            assert!(err.contains("line "), "{to}: {err}");
        }
        // A secret may be a reference in a warehouse's or an instance's settings, nowhere else of theirs.
        let err = refused("description: users of the day", "description: {$env: SEG_SECRET_X}");
        assert!(err.contains("may stand only inside a destination's config"), "{err}");
        let err = refused("project: acme", "project: {$env: HOME}");
        assert!(err.contains("a reference may read only variables named SEG_SECRET_"), "{err}");
    }
}
