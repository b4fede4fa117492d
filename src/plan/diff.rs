//! A plan is a value: computed from the file (what should be) and a snapshot (what is), printed by `diff`, saved
//! with `--out`, executed by `apply`. Each change is one write request, typed with the wire model: creates carry their
//! create body, updates an `UpdateRequest` whose mask names exactly the changed fields (a config change only the
//! changed items), deletes only the name. Values compare as JSON values (`1` equals `1.0`, key order does not
//! matter). A secret that cannot be checked (its variable unset, or the service shows it censored) is
//! "unverifiable": shown, never silently equal or different.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha1::Digest;

use super::export::slug;
use super::file::{ConfigValue, DestinationSpec, FilterSpec, SourceSpec, WorkspaceFile};
use crate::api::walk::{Reach, Scope, Snapshot, SourceState};
use crate::error::{Error, Result};
use crate::secret::REDACTED;
use crate::wire::{
    ConfigItem, ConnectSource, CreateDestination, CreateFilter, CreateSource, CreateTrackingPlan, Destination,
    DestinationFilter, DestinationInput, FilterInput, LibraryConfig, SchemaConfig, Source, SourceInput, TrackingPlan,
    TrackingPlanInput, UpdateRequest,
};

pub const PLAN_FORMAT: &str = "seg-plan/1";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Create,
    Update,
    Delete,
    Connect,
    Disconnect,
}

impl Action {
    fn mark(self) -> &'static str {
        match self {
            Action::Create => "+",
            Action::Update => "~",
            Action::Delete => "-",
            Action::Connect => ">",
            Action::Disconnect => "<",
        }
    }
}

/// A field that changes: its mask path, and the values before and after (secrets shown as `(redacted)`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FieldChange {
    pub path: String,
    pub from: Value,
    pub to: Value,
}

/// A tracking plan by name, or by display name when it is created by the same apply (its id is not known yet).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlanRef {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub display_name: String,
}

/// One write request, typed. Config values that are secrets stay `{"$env": NAME}` until `apply` sends them.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Op {
    CreateSource { collection: String, body: CreateSource },
    UpdateSource { name: String, update: UpdateRequest<Source> },
    DeleteSource { name: String },
    CreateDestination { collection: String, body: CreateDestination },
    UpdateDestination { name: String, update: UpdateRequest<Destination> },
    DeleteDestination { name: String },
    CreateFilter { collection: String, body: CreateFilter },
    UpdateFilter { name: String, update: UpdateRequest<DestinationFilter> },
    DeleteFilter { name: String },
    UpdateSchemaConfig { name: String, update: UpdateRequest<SchemaConfig> },
    CreatePlan { collection: String, body: CreateTrackingPlan },
    UpdatePlan { name: String, update: UpdateRequest<TrackingPlan> },
    DeletePlan { name: String },
    Connect { plan: PlanRef, body: ConnectSource },
    Disconnect { plan: String, source: String },
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Change {
    pub action: Action,
    /// The resource's full name (a tracking plan to create: its collection and display name).
    pub resource: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldChange>,
    /// The request that makes the change (in saved plans; not in `diff -o json`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub op: Option<Op>,
}

/// A value that could not be compared.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unverifiable {
    pub resource: String,
    pub path: String,
    pub reason: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Options {
    pub prune: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_deletes: Option<usize>,
}

/// A plan: the changes in the order `apply` makes them, what could not be compared, and a fingerprint of every
/// resource and collection read, so that a saved plan is refused once the workspace has moved.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Plan {
    pub format: String,
    /// `workspaces/<slug>`.
    pub workspace: String,
    pub options: Options,
    pub changes: Vec<Change>,
    pub unverifiable: Vec<Unverifiable>,
    pub fingerprints: BTreeMap<String, String>,
}

impl Plan {
    pub fn deletes(&self) -> usize {
        self.changes.iter().filter(|c| c.action == Action::Delete).count()
    }

    /// Every `$env` name a request of the plan needs.
    pub fn env_names(&self) -> BTreeSet<String> {
        let mut names = BTreeSet::new();
        for change in &self.changes {
            if let Ok(value) = serde_json::to_value(&change.op) {
                env_refs(&value, &mut names);
            }
        }
        names
    }

    /// The plan as `diff -o json` prints it (CLI.md): changes without their requests, and the number of requests.
    pub fn summary(&self) -> Value {
        let changes: Vec<Change> = self.changes.iter().map(|c| Change { op: None, ..c.clone() }).collect();
        serde_json::json!({"changes": changes, "unverifiable": self.unverifiable, "requests": self.changes.len()})
    }

    /// The plan for people: one block per change, then what could not be compared, then the count.
    pub fn human(&self) -> String {
        let mut out = String::new();
        // Names and values come from the file and the service: escaped, so they cannot move a terminal's cursor.
        let esc = |text: &str| crate::ui::escape_control(text).into_owned();
        for change in &self.changes {
            out.push_str(&format!("{} {} {}\n", change.action.mark(), verb(change.action), esc(&change.resource)));
            for field in &change.fields {
                let (from, to) = (esc(&shown(&field.from)), esc(&shown(&field.to)));
                out.push_str(&format!("    {}: {from} -> {to}\n", esc(&field.path)));
            }
        }
        for item in &self.unverifiable {
            out.push_str(&format!(
                "? unverifiable {} {}: {}\n",
                esc(&item.resource),
                esc(&item.path),
                esc(&item.reason)
            ));
        }
        let count = |a: Action| self.changes.iter().filter(|c| c.action == a).count();
        if self.changes.is_empty() {
            out.push_str("No changes: the workspace matches the file.\n");
        } else {
            out.push_str(&format!(
                "Plan: {} to create, {} to update, {} to delete, {} to connect, {} to disconnect ({} request{}).\n",
                count(Action::Create),
                count(Action::Update),
                count(Action::Delete),
                count(Action::Connect),
                count(Action::Disconnect),
                self.changes.len(),
                if self.changes.len() == 1 { "" } else { "s" },
            ));
        }
        out
    }
}

fn verb(action: Action) -> &'static str {
    match action {
        Action::Create => "create",
        Action::Update => "update",
        Action::Delete => "delete",
        Action::Connect => "connect",
        Action::Disconnect => "disconnect",
    }
}

fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => format!("{s:?}"),
        other => other.to_string(),
    }
}

fn env_refs(value: &Value, names: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => match env_ref(map) {
            Some(name) => {
                names.insert(name.to_string());
            }
            None => map.values().for_each(|v| env_refs(v, names)),
        },
        Value::Array(items) => items.iter().for_each(|v| env_refs(v, names)),
        _ => {}
    }
}

/// `{"$env": NAME}`: a reference to a secret.
fn env_ref(map: &Map<String, Value>) -> Option<&str> {
    match (map.len(), map.get("$env")) {
        (1, Some(Value::String(name))) => Some(name),
        _ => None,
    }
}

/// Replaces every `{"$env": NAME}` with the variable's value; an unset variable is an error naming it.
pub fn resolve_env(value: &mut Value, env: &dyn Fn(&str) -> Option<String>) -> Result<()> {
    match value {
        Value::Object(map) => {
            if let Some(name) = env_ref(map) {
                let secret =
                    env(name).ok_or_else(|| Error::usage(format!("{name} is not set: the file's secret needs it")))?;
                *value = Value::String(secret);
                return Ok(());
            }
            map.values_mut().try_for_each(|v| resolve_env(v, env))
        }
        Value::Array(items) => items.iter_mut().try_for_each(|v| resolve_env(v, env)),
        _ => Ok(()),
    }
}

/// JSON values as values: numbers by their value (`1` is `1.0`), objects whatever their key order.
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// A password the service shows censored: only `*` or `•`.
fn censored(value: &Value) -> bool {
    value.as_str().is_some_and(|s| !s.is_empty() && s.chars().all(|c| c == '*' || c == '•'))
}

/// Tracking-plan rules as the service keeps them: the arrays it always holds are empty when absent.
fn rules_as_kept(rules: &Map<String, Value>) -> Value {
    let mut rules = rules.clone();
    for key in ["events", "identify_traits", "group_traits"] {
        let entry = rules.entry(key).or_insert(Value::Null);
        if entry.is_null() {
            *entry = Value::Array(Vec::new());
        }
    }
    rules.retain(|_, v| !v.is_null());
    Value::Object(rules)
}

/// A fingerprint of a resource as read: SHA-1 of its JSON with keys sorted.
pub fn fingerprint<T: Serialize>(resource: &T) -> String {
    fn sorted(value: Value) -> Value {
        match value {
            Value::Object(map) => {
                let mut entries: Vec<(String, Value)> = map.into_iter().map(|(k, v)| (k, sorted(v))).collect();
                entries.sort_by(|a, b| a.0.cmp(&b.0));
                Value::Object(entries.into_iter().collect())
            }
            Value::Array(items) => Value::Array(items.into_iter().map(sorted).collect()),
            other => other,
        }
    }
    let value = sorted(serde_json::to_value(resource).unwrap_or(Value::Null));
    hex::encode(sha1::Sha1::digest(value.to_string().as_bytes()))
}

/// The fingerprints of everything a snapshot holds, and of each collection's list of names (so that a resource
/// created since is noticed too).
pub fn fingerprints(snapshot: &Snapshot) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let ws = &snapshot.workspace;
    let names = |names: Vec<&str>| fingerprint(&names);
    out.insert(format!("{ws}/sources"), names(snapshot.sources.iter().map(|s| s.source.name.as_str()).collect()));
    out.insert(format!("{ws}/tracking-plans"), names(snapshot.plans.iter().map(|p| p.plan.name.as_str()).collect()));
    for state in &snapshot.sources {
        out.insert(state.source.name.clone(), fingerprint(&state.source));
        let collection = format!("{}/destinations", state.source.name);
        out.insert(collection, names(state.destinations.iter().map(|d| d.name.as_str()).collect()));
        for destination in &state.destinations {
            out.insert(destination.name.clone(), fingerprint(destination));
        }
    }
    for (destination, filters) in &snapshot.filters {
        out.insert(format!("{destination}/filters"), fingerprint(filters));
    }
    for (source, config) in &snapshot.schema_configs {
        out.insert(SchemaConfig::name_of(source), fingerprint(config));
    }
    for state in &snapshot.plans {
        out.insert(state.plan.name.clone(), fingerprint(&state.plan));
        out.insert(format!("{}/source-connections", state.plan.name), fingerprint(&state.connections));
    }
    out
}

/// What a saved plan read beyond the lists, from its fingerprints' names: the same reach reads it again.
pub fn reach_of_fingerprints(fingerprints: &BTreeMap<String, String>) -> Reach {
    let under = |suffix: &str| {
        Scope::Only(fingerprints.keys().filter_map(|name| name.strip_suffix(suffix)).map(String::from).collect())
    };
    Reach { filters: under("/filters"), schema_configs: under("/schema-config") }
}

/// What differs between two sets of fingerprints: the names whose fingerprint changed, appeared or went.
pub fn moved(before: &BTreeMap<String, String>, now: &BTreeMap<String, String>) -> Vec<String> {
    let names: BTreeSet<&String> = before.keys().chain(now.keys()).collect();
    names.into_iter().filter(|name| before.get(*name) != now.get(*name)).cloned().collect()
}

struct Builder<'a> {
    workspace: String,
    snapshot: &'a Snapshot,
    env: &'a dyn Fn(&str) -> Option<String>,
    prune: bool,
    creates: Vec<Change>,
    plans: Vec<Change>,
    connects: Vec<Change>,
    deletes: Vec<Change>,
    unverifiable: Vec<Unverifiable>,
}

/// The plan that makes the workspace match the file. `workspace` is `workspaces/<slug>`: the file's, or an explicit
/// `-w` (promotion to another workspace).
pub fn plan(
    file: &WorkspaceFile,
    snapshot: &Snapshot,
    options: Options,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Plan> {
    let mut b = Builder {
        workspace: snapshot.workspace.clone(),
        snapshot,
        env,
        prune: options.prune,
        creates: Vec::new(),
        plans: Vec::new(),
        connects: Vec::new(),
        deletes: Vec::new(),
        unverifiable: Vec::new(),
    };
    for (source_slug, spec) in &file.sources {
        let name = format!("{}/sources/{source_slug}", b.workspace);
        match snapshot.source(&name) {
            None => b.create_source(&name, spec)?,
            Some(state) => b.update_source(&name, spec, state)?,
        }
    }
    if b.prune {
        for state in &snapshot.sources {
            if !file.sources.contains_key(slug(&state.source.name)) {
                b.delete(&state.source.name, Op::DeleteSource { name: state.source.name.clone() });
            }
        }
    }
    b.tracking_plans(file, snapshot)?;
    let Builder { workspace, creates, plans, connects, deletes, unverifiable, .. } = b;
    let changes = creates.into_iter().chain(plans).chain(connects).chain(deletes).collect();
    Ok(Plan {
        format: PLAN_FORMAT.into(),
        workspace,
        options,
        changes,
        unverifiable,
        fingerprints: fingerprints(snapshot),
    })
}

fn field(path: String, from: Value, to: Value) -> FieldChange {
    FieldChange { path, from, to }
}

impl Builder<'_> {
    fn delete(&mut self, resource: &str, op: Op) {
        self.deletes.push(Change {
            action: Action::Delete,
            resource: resource.to_string(),
            fields: Vec::new(),
            op: Some(op),
        });
    }

    fn create_source(&mut self, name: &str, spec: &SourceSpec) -> Result<()> {
        let library_config = spec.library_config.as_ref().map(|map| typed_library_config(name, map)).transpose()?;
        let mut fields =
            vec![field("source.catalog_name".into(), Value::Null, Value::String(spec.catalog_name.clone()))];
        if let Some(display_name) = &spec.display_name {
            fields.push(field("source.display_name".into(), Value::Null, Value::String(display_name.clone())));
        }
        if let Some(labels) = &spec.labels {
            fields.push(field("source.labels".into(), Value::Null, serde_json::to_value(labels).unwrap_or_default()));
        }
        if let Some(map) = &spec.library_config {
            fields.push(field("source.library_config".into(), Value::Null, Value::Object(map.clone())));
        }
        let input = SourceInput {
            name: name.to_string(),
            catalog_name: spec.catalog_name.clone(),
            display_name: spec.display_name.clone(),
            library_config,
            labels: spec.labels.clone(),
        };
        let op = Op::CreateSource {
            collection: format!("{}/sources", self.workspace),
            body: CreateSource { source: input },
        };
        self.creates.push(Change { action: Action::Create, resource: name.to_string(), fields, op: Some(op) });
        self.schema_config(name, spec, None)?;
        for (destination_slug, spec) in &spec.destinations {
            let destination = format!("{name}/destinations/{destination_slug}");
            self.create_destination(&destination, spec);
            self.filters(&destination, spec, &[])?;
        }
        Ok(())
    }

    fn update_source(&mut self, name: &str, spec: &SourceSpec, state: &SourceState) -> Result<()> {
        let actual = &state.source;
        if actual.catalog_name != spec.catalog_name {
            return Err(Error::usage(format!(
                "{name} is a {} here and a {} in the file: a source's catalog entry cannot change (delete it and apply again)",
                actual.catalog_name, spec.catalog_name
            )));
        }
        let mut update = UpdateRequest::<Source>::new();
        let mut fields = Vec::new();
        if let Some(display_name) = spec.display_name.as_ref().filter(|d| **d != actual.display_name) {
            fields.push(field(
                "source.display_name".into(),
                actual.display_name.clone().into(),
                display_name.clone().into(),
            ));
            update.set("display_name", display_name).map_err(Error::Usage)?;
        }
        if let Some(labels) = spec.labels.as_ref().filter(|l| **l != actual.labels) {
            let to = serde_json::to_value(labels).unwrap_or_default();
            fields.push(field("source.labels".into(), serde_json::to_value(&actual.labels).unwrap_or_default(), to));
            update.set("labels", labels).map_err(Error::Usage)?;
        }
        if let Some(map) = &spec.library_config {
            typed_library_config(name, map)?;
            let current = serde_json::to_value(&actual.library_config).unwrap_or_default();
            for (key, value) in map {
                let from = current.get(key).cloned().unwrap_or(Value::Null);
                if !same(&from, value) {
                    fields.push(field(format!("source.library_config.{key}"), from, value.clone()));
                    update.set(&format!("library_config.{key}"), value).map_err(Error::Usage)?;
                }
            }
        }
        if !fields.is_empty() {
            let op = Op::UpdateSource { name: name.to_string(), update };
            self.creates.push(Change { action: Action::Update, resource: name.to_string(), fields, op: Some(op) });
        }
        let snapshot = self.snapshot;
        self.schema_config(name, spec, snapshot.schema_configs.get(name))?;
        for (destination_slug, spec) in &spec.destinations {
            let destination = format!("{name}/destinations/{destination_slug}");
            match state.destinations.iter().find(|d| d.name == destination) {
                None => self.create_destination(&destination, spec),
                Some(actual) => self.update_destination(&destination, spec, actual)?,
            }
            let actual = snapshot.filters.get(&destination).map_or(&[][..], Vec::as_slice);
            self.filters(&destination, spec, actual)?;
        }
        if self.prune {
            for destination in &state.destinations {
                if !spec.destinations.contains_key(slug(&destination.name)) {
                    self.delete(&destination.name, Op::DeleteDestination { name: destination.name.clone() });
                }
            }
        }
        Ok(())
    }

    /// A config value as sent: as it is, or `{"$env": NAME}` (resolved when sent). An unset variable is noted.
    fn config_value(&mut self, resource: &str, key: &str, value: &ConfigValue) -> (Value, Option<String>) {
        match value {
            ConfigValue::Plain(value) => (value.clone(), None),
            ConfigValue::Env(reference) => {
                let secret = (self.env)(&reference.env);
                if secret.is_none() {
                    self.unverifiable.push(Unverifiable {
                        resource: resource.to_string(),
                        path: format!("destination.config.{key}"),
                        reason: format!("{} is not set", reference.env),
                    });
                }
                (serde_json::json!({"$env": reference.env}), secret)
            }
        }
    }

    fn create_destination(&mut self, name: &str, spec: &DestinationSpec) {
        let mut fields = Vec::new();
        if let Some(enabled) = spec.enabled {
            fields.push(field("destination.enabled".into(), Value::Null, enabled.into()));
        }
        if let Some(mode) = &spec.connection_mode {
            fields.push(field("destination.connection_mode".into(), Value::Null, mode.clone().into()));
        }
        let mut items = Vec::new();
        for (key, value) in spec.config.iter().flatten() {
            let (sent, _) = self.config_value(name, key, value);
            let shown = if matches!(value, ConfigValue::Env(_)) { REDACTED.into() } else { sent.clone() };
            fields.push(field(format!("destination.config.{key}"), Value::Null, shown));
            items.push(ConfigItem::new(name, key, sent));
        }
        let input = DestinationInput {
            name: name.to_string(),
            enabled: spec.enabled,
            connection_mode: spec.connection_mode.clone(),
            config: (!items.is_empty()).then_some(items),
        };
        let collection = name.rsplit_once('/').map_or("", |(c, _)| c).to_string();
        let op = Op::CreateDestination { collection, body: CreateDestination { destination: input } };
        self.creates.push(Change { action: Action::Create, resource: name.to_string(), fields, op: Some(op) });
    }

    fn update_destination(&mut self, name: &str, spec: &DestinationSpec, actual: &Destination) -> Result<()> {
        let mut update = UpdateRequest::<Destination>::new();
        let mut fields = Vec::new();
        if let Some(enabled) = spec.enabled.filter(|e| *e != actual.enabled) {
            fields.push(field("destination.enabled".into(), actual.enabled.into(), enabled.into()));
            update.set("enabled", enabled).map_err(Error::Usage)?;
        }
        if let Some(mode) = spec.connection_mode.as_ref().filter(|m| **m != actual.connection_mode) {
            fields.push(field(
                "destination.connection_mode".into(),
                actual.connection_mode.clone().into(),
                mode.clone().into(),
            ));
            update.set("connection_mode", mode).map_err(Error::Usage)?;
        }
        for (key, value) in spec.config.iter().flatten() {
            let current = actual.setting(key).map(|item| &item.value);
            let path = format!("destination.config.{key}");
            let (sent, secret) = self.config_value(name, key, value);
            let differs = match (value, &secret) {
                (ConfigValue::Plain(want), _) => !current.is_some_and(|c| same(c, want)),
                // Unset: noted as unverifiable above; nothing to compare.
                (ConfigValue::Env(_), None) => false,
                (ConfigValue::Env(_), Some(_)) if current.is_some_and(censored) => {
                    self.unverifiable.push(Unverifiable {
                        resource: name.to_string(),
                        path: path.clone(),
                        reason: "the service shows it censored; it is written only when the destination is created"
                            .into(),
                    });
                    false
                }
                (ConfigValue::Env(_), Some(secret)) => current.and_then(Value::as_str) != Some(secret.as_str()),
            };
            if differs {
                let (from, to) = match value {
                    ConfigValue::Env(_) => (current.map_or(Value::Null, |_| REDACTED.into()), REDACTED.into()),
                    ConfigValue::Plain(want) => (current.cloned().unwrap_or(Value::Null), want.clone()),
                };
                fields.push(field(path, from, to));
                update.config_item(ConfigItem::new(name, key, sent));
            }
        }
        if !fields.is_empty() {
            let op = Op::UpdateDestination { name: name.to_string(), update };
            self.creates.push(Change { action: Action::Update, resource: name.to_string(), fields, op: Some(op) });
        }
        Ok(())
    }

    /// The schema config of a source whose file entry has one: a PATCH of the fields that differ from what the
    /// source has (a source created by this apply starts with the service's defaults).
    fn schema_config(&mut self, source: &str, spec: &SourceSpec, actual: Option<&SchemaConfig>) -> Result<()> {
        let Some(wanted) = &spec.schema_config else { return Ok(()) };
        let default = SchemaConfig::default_for(source);
        let current = serde_json::to_value(actual.unwrap_or(&default)).unwrap_or_default();
        let mut update = UpdateRequest::<SchemaConfig>::new();
        let mut fields = Vec::new();
        for (key, value) in wanted {
            let from = current.get(key).cloned().unwrap_or(Value::Null);
            if !same(&from, value) {
                fields.push(field(format!("schema_config.{key}"), from, value.clone()));
                update.set(key, value).map_err(Error::Usage)?;
            }
        }
        if !fields.is_empty() {
            let name = SchemaConfig::name_of(source);
            let op = Op::UpdateSchemaConfig { name: name.clone(), update };
            self.creates.push(Change { action: Action::Update, resource: name, fields, op: Some(op) });
        }
        Ok(())
    }

    /// The filters of a destination whose file entry has `filters`, matched by title: creates, updates of the fields
    /// that differ, and (with --prune) deletes of those the file does not list.
    fn filters(&mut self, destination: &str, spec: &DestinationSpec, actual: &[DestinationFilter]) -> Result<()> {
        let Some(wanted) = &spec.filters else { return Ok(()) };
        for (title, spec) in wanted {
            let same_title: Vec<&DestinationFilter> = actual.iter().filter(|f| f.title == *title).collect();
            match same_title[..] {
                [] => self.create_filter(destination, title, spec)?,
                [filter] => self.update_filter(filter, spec)?,
                [one, other, ..] => {
                    return Err(Error::usage(format!(
                        "filters {} and {} are both titled {title:?}; a file keys filters by title: rename one first",
                        one.name, other.name
                    )));
                }
            }
        }
        if self.prune {
            for filter in actual.iter().filter(|f| !wanted.contains_key(&f.title)) {
                self.delete(&filter.name, Op::DeleteFilter { name: filter.name.clone() });
            }
        }
        Ok(())
    }

    fn create_filter(&mut self, destination: &str, title: &str, spec: &FilterSpec) -> Result<()> {
        let (Some(condition), Some(actions)) = (&spec.condition, &spec.actions) else {
            return Err(Error::usage(format!(
                "{destination}: filter {title:?} does not exist yet, and creating it needs `if` and `actions`"
            )));
        };
        let input = FilterInput {
            title: title.to_string(),
            description: spec.description.clone().unwrap_or_default(),
            condition: condition.clone(),
            enabled: spec.enabled.unwrap_or(false),
            actions: actions.clone(),
        };
        let mut fields = vec![field("filter.if".into(), Value::Null, condition.clone().into())];
        fields.push(field("filter.actions".into(), Value::Null, Value::Array(actions.clone())));
        fields.push(field("filter.enabled".into(), Value::Null, input.enabled.into()));
        if let Some(description) = &spec.description {
            fields.push(field("filter.description".into(), Value::Null, description.clone().into()));
        }
        let collection = format!("{destination}/filters");
        let resource = format!("{collection} ({title:?})");
        let op = Op::CreateFilter { collection, body: CreateFilter { filter: input } };
        self.creates.push(Change { action: Action::Create, resource, fields, op: Some(op) });
        Ok(())
    }

    fn update_filter(&mut self, actual: &DestinationFilter, spec: &FilterSpec) -> Result<()> {
        let mut update = UpdateRequest::<DestinationFilter>::new();
        let mut fields = Vec::new();
        let mut compare = |key: &str, from: Value, to: Option<Value>| -> Result<()> {
            match to {
                Some(to) if !same(&from, &to) => {
                    fields.push(field(format!("filter.{key}"), from, to.clone()));
                    update.set(key, to).map_err(Error::Usage)
                }
                _ => Ok(()),
            }
        };
        compare("if", actual.condition.clone().into(), spec.condition.clone().map(Value::from))?;
        compare("actions", Value::Array(actual.actions.clone()), spec.actions.clone().map(Value::Array))?;
        compare("enabled", actual.enabled.into(), spec.enabled.map(Value::from))?;
        compare("description", actual.description.clone().into(), spec.description.clone().map(Value::from))?;
        if !fields.is_empty() {
            let op = Op::UpdateFilter { name: actual.name.clone(), update };
            self.creates.push(Change { action: Action::Update, resource: actual.name.clone(), fields, op: Some(op) });
        }
        Ok(())
    }

    fn tracking_plans(&mut self, file: &WorkspaceFile, snapshot: &Snapshot) -> Result<()> {
        let collection = format!("{}/tracking-plans", self.workspace);
        for state in &snapshot.plans {
            let twin = snapshot
                .plans
                .iter()
                .find(|p| p.plan.display_name == state.plan.display_name && p.plan.name != state.plan.name);
            if let Some(other) =
                twin.filter(|_| file.tracking_plans.contains_key(&state.plan.display_name) || self.prune)
            {
                return Err(Error::usage(format!(
                    "tracking plans {} and {} are both named {:?}; a file keys plans by name: rename one first",
                    state.plan.name, other.plan.name, state.plan.display_name
                )));
            }
        }
        for (display_name, spec) in &file.tracking_plans {
            let actual = snapshot.plans.iter().find(|p| p.plan.display_name == *display_name);
            let wanted: Option<Vec<String>> = spec
                .sources
                .as_ref()
                .map(|s| s.iter().map(|slug| format!("{}/sources/{slug}", self.workspace)).collect());
            let (plan, connected): (PlanRef, Vec<String>) = match actual {
                None => {
                    let rules = spec.rules.clone();
                    let mut fields =
                        vec![field("tracking_plan.display_name".into(), Value::Null, display_name.clone().into())];
                    if let Some(rules) = &rules {
                        fields.push(field("tracking_plan.rules".into(), Value::Null, Value::Object(rules.clone())));
                    }
                    let body = CreateTrackingPlan {
                        tracking_plan: TrackingPlanInput { display_name: display_name.clone(), rules },
                    };
                    let op = Op::CreatePlan { collection: collection.clone(), body };
                    let resource = format!("{collection} ({display_name:?})");
                    self.plans.push(Change { action: Action::Create, resource, fields, op: Some(op) });
                    (PlanRef { name: None, display_name: display_name.clone() }, Vec::new())
                }
                Some(state) => {
                    if let Some(rules) = &spec.rules {
                        let (want, have) = (rules_as_kept(rules), rules_as_kept(&state.plan.rules));
                        if !same(&want, &have) {
                            let mut update = UpdateRequest::<TrackingPlan>::new();
                            update.set("rules", rules).map_err(Error::Usage)?;
                            let fields = vec![field("tracking_plan.rules".into(), have, want)];
                            let op = Op::UpdatePlan { name: state.plan.name.clone(), update };
                            self.plans.push(Change {
                                action: Action::Update,
                                resource: state.plan.name.clone(),
                                fields,
                                op: Some(op),
                            });
                        }
                    }
                    let connected = state.connections.iter().map(|c| c.source_name.clone()).collect();
                    (PlanRef { name: Some(state.plan.name.clone()), display_name: display_name.clone() }, connected)
                }
            };
            let Some(wanted) = wanted else { continue };
            let shown = plan.name.clone().unwrap_or_else(|| format!("{collection} ({display_name:?})"));
            for source in wanted.iter().filter(|s| !connected.contains(s)) {
                let body = ConnectSource { source_name: source.clone() };
                let fields = vec![field("tracking_plan.sources".into(), Value::Null, source.clone().into())];
                let op = Op::Connect { plan: plan.clone(), body };
                self.connects.push(Change { action: Action::Connect, resource: shown.clone(), fields, op: Some(op) });
            }
            for source in connected.iter().filter(|s| !wanted.contains(s)) {
                let name = plan.name.clone().unwrap_or_default();
                let fields = vec![field("tracking_plan.sources".into(), source.clone().into(), Value::Null)];
                let op = Op::Disconnect { plan: name, source: slug(source).to_string() };
                self.connects.push(Change {
                    action: Action::Disconnect,
                    resource: shown.clone(),
                    fields,
                    op: Some(op),
                });
            }
        }
        if self.prune {
            for state in &snapshot.plans {
                if !file.tracking_plans.contains_key(&state.plan.display_name) {
                    self.delete(&state.plan.name, Op::DeletePlan { name: state.plan.name.clone() });
                }
            }
        }
        Ok(())
    }
}

/// A file's `library_config` read as the API types it (a wrong type is a usage error naming the source).
fn typed_library_config(source: &str, map: &Map<String, Value>) -> Result<LibraryConfig> {
    serde_json::from_value(Value::Object(map.clone()))
        .map_err(|e| Error::usage(format!("{source}: invalid library_config in the file: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn values_compare_as_values() {
        assert!(same(&json!(1), &json!(1.0)));
        assert!(same(&json!({"a": 1, "b": [2.0]}), &json!({"b": [2], "a": 1.0})));
        assert!(!same(&json!({"a": 1}), &json!({"a": 1, "b": null})));
        assert!(!same(&json!("1"), &json!(1)));
        assert!(
            censored(&json!("****")) && censored(&json!("••••")) && !censored(&json!("")) && !censored(&json!("a*"))
        );
    }

    #[test]
    fn secrets_resolve_or_name_their_variable() {
        let mut body = json!({"config": [{"name": "x", "value": {"$env": "SEG_SECRET_A"}}, {"value": {"$env": 1}}]});
        let mut names = BTreeSet::new();
        env_refs(&body, &mut names);
        assert_eq!(names.into_iter().collect::<Vec<_>>(), ["SEG_SECRET_A"]);
        let err = resolve_env(&mut body.clone(), &|_| None).unwrap_err();
        assert!(err.to_string().contains("SEG_SECRET_A is not set") && err.exit_code() == 2);
        resolve_env(&mut body, &|name| (name == "SEG_SECRET_A").then(|| "s3cret".to_string())).unwrap();
        assert_eq!(body["config"][0]["value"], "s3cret");
        assert_eq!(body["config"][1]["value"], json!({"$env": 1}), "not a reference: left alone");
    }

    #[test]
    fn rules_compare_as_the_service_keeps_them() {
        let file = json!({"events": []});
        let kept = json!({"events": [], "identify_traits": [], "group_traits": []});
        assert!(same(&rules_as_kept(file.as_object().unwrap()), &rules_as_kept(kept.as_object().unwrap())));
    }

    #[test]
    fn fingerprints_ignore_key_order_and_see_every_change() {
        assert_eq!(fingerprint(&json!({"a": 1, "b": 2})), fingerprint(&json!({"b": 2, "a": 1})));
        assert_ne!(fingerprint(&json!({"a": 1})), fingerprint(&json!({"a": 2})));
        let before = BTreeMap::from([("x".to_string(), "1".to_string()), ("y".to_string(), "2".to_string())]);
        let now = BTreeMap::from([("x".to_string(), "1".to_string()), ("z".to_string(), "3".to_string())]);
        assert_eq!(moved(&before, &now), ["y", "z"]);
    }
}
