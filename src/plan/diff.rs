//! A plan is a value: computed from the file (what should be) and a snapshot (what is), printed by `diff`, saved
//! with `--out`, executed by `apply`. Each change is one write request, typed with the wire model: creates carry their
//! create body, updates an `UpdateRequest` whose mask names exactly the changed fields (a config change only the
//! changed items), deletes only the name. What a change shows (its action, resource and fields, and what a delete
//! takes with it) is read from its request by one function, [`describe`]: the builder uses it, and a saved plan is
//! checked with it, so no request can hide under another label. Values compare as JSON values (`1` equals `1.0`,
//! key order does not matter, integers exactly). Secrets show only as `(secret changed)` / `(secret unchanged)`.
//! A secret that cannot be checked (its variable unset, or the service shows it censored) is "unverifiable": shown,
//! never silently equal or different.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Number, Value};
use sha1::Digest;

use super::export::slug;
use super::file::{ConfigValue, DestinationSpec, FilterSpec, MappingSpec, SourceSpec, WorkspaceFile};
use super::secrets::{self, Env};
use crate::api::names::{self, Kind};
use crate::api::walk::{Reach, Scope, Snapshot, SourceState};
use crate::error::{Error, Result};
use crate::wire::actions::catalog::{self, Action as ActionDef};
use crate::wire::config::{censor_disagrees, censored_secret, secret_pointers};
use crate::wire::{
    ConfigItem, ConnectSource, CreateDestination, CreateFilter, CreateMapping, CreateSource, CreateTrackingPlan,
    Destination, DestinationFilter, DestinationInput, DestinationMapping, FilterInput, LibraryConfig, MappingInput,
    PublicRecord, RecordInput, SchemaConfig, Source, SourceInput, TrackingPlan, TrackingPlanInput, UpdateRequest,
};

mod records;

pub use records::CODE;

/// `seg-plan/2`: plans whose changes are checked against their requests. A `seg-plan/1` plan (which could hold a
/// literal secret) is refused: plans are made again in seconds.
pub const PLAN_FORMAT: &str = "seg-plan/2";

/// How a secret shows in a plan, in every output and in a saved plan.
pub const SECRET_CHANGED: &str = "(secret changed)";
pub const SECRET_UNCHANGED: &str = "(secret unchanged)";

fn marker(value: &Value) -> bool {
    matches!(value.as_str(), Some(SECRET_CHANGED | SECRET_UNCHANGED))
}

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

    pub fn verb(self) -> &'static str {
        match self {
            Action::Create => "create",
            Action::Update => "update",
            Action::Delete => "delete",
            Action::Connect => "connect",
            Action::Disconnect => "disconnect",
        }
    }
}

/// A field that changes: its mask path, and the values before and after (secrets as markers).
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

/// One write request, typed. Config values that are secrets stay `{"$env": NAME}` until `apply` sends them. The
/// Public API's own resources are `CreateRecord` (made in `collection`, with what is made below it: a warehouse's
/// connection to a source is one made in its `connected-sources`), `UpdateRecord` and `DeleteRecord`
/// (`plan::diff::records`).
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
    CreateMapping { collection: String, body: CreateMapping },
    UpdateMapping { name: String, update: UpdateRequest<DestinationMapping> },
    DeleteMapping { name: String },
    UpdateSchemaConfig { name: String, update: UpdateRequest<SchemaConfig> },
    CreatePlan { collection: String, body: CreateTrackingPlan },
    UpdatePlan { name: String, update: UpdateRequest<TrackingPlan> },
    DeletePlan { name: String },
    Connect { plan: PlanRef, body: ConnectSource },
    Disconnect { plan: String, source: String },
    CreateRecord { collection: String, body: RecordInput },
    UpdateRecord { name: String, update: UpdateRequest<PublicRecord> },
    DeleteRecord { name: String },
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Change {
    pub action: Action,
    /// The resource's full name (a tracking plan or filter to create: its collection and name).
    pub resource: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldChange>,
    /// What a delete takes with it: a source's destinations, their filters and its tracking-plan connections; a
    /// destination's filters; a tracking plan's connections.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub with: Vec<String>,
    /// The request that makes the change (in saved plans; not in `diff -o json`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub op: Option<Op>,
}

/// A field of the file the target API cannot hold or show (docs/reference/workspace-files.md): listed, never a
/// difference, never sent, never hidden.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NotSupported {
    pub resource: String,
    pub path: String,
    pub reason: String,
}

/// Why the Public API cannot hold a field the Config API has, and the other way round.
pub mod reason {
    pub const LIBRARY_CONFIG: &str = "the Public API has no library settings for a source";
    pub const CONNECTION_MODE: &str = "the Public API neither returns nor sets a destination's connection mode";
    pub const LEGACY_TRAITS: &str = "the Public API keeps no identify_traits or group_traits (legacy echoes of the \
                                     identify and group rules)";
    pub const FURTHER_INSTANCE: &str = "the Config API shows one destination of a catalog entry per source: a \
                                        further one (SLUG#NAME) exists only on the Public API";
    pub const DESTINATION_NAME: &str = "the Config API has no name for a destination";
    pub const PLAN_TYPE: &str = "the Config API's tracking plans are all LIVE";
    pub const FORWARDING_TARGET: &str = "the Public API forwards events only to a source of the workspace, and this \
                                         one names none";
    pub const PLAN_TYPE_FIXED: &str = "the Public API does not change a tracking plan's type: make a new plan";
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
    /// The API the plan was made on (`config`, `public`): its requests and fingerprints are that API's, so the
    /// other refuses it. A plan saved before seg spoke both was made on the Config API.
    #[serde(default = "config_api")]
    pub api: String,
    /// `workspaces/<slug>`.
    pub workspace: String,
    pub options: Options,
    pub changes: Vec<Change>,
    pub unverifiable: Vec<Unverifiable>,
    /// What the file says that the target API cannot hold (not sent, not a difference).
    #[serde(default)]
    pub not_supported: Vec<NotSupported>,
    pub fingerprints: BTreeMap<String, String>,
    /// How many write requests `apply` sends for the changes on the plan's API (`plan::apply::requests`, which
    /// asks the client how each change's request goes out: one call, or several on the Public API).
    #[serde(default)]
    pub requests: usize,
    /// The folder a function's code file is read below (the workspace file's, as the command was given it): `apply`
    /// reads each again and refuses one whose hash is not the plan's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code_folder: Option<String>,
    /// Where a request would carry a secret written literally in the file (not saved: a saved plan holds secrets
    /// only as references, so `diff --out` refuses such a plan).
    #[serde(skip)]
    pub literal_secrets: Vec<String>,
}

fn config_api() -> String {
    crate::api::Api::Config.as_str().to_string()
}

impl Plan {
    /// How many resources the plan deletes: each delete, and everything each takes with it, each resource once.
    pub fn deletes(&self) -> usize {
        self.deleted().len()
    }

    /// The resources the plan deletes, each once: each delete's, and what each takes with it.
    fn deleted(&self) -> BTreeSet<&str> {
        let deletes = self.changes.iter().filter(|c| c.action == Action::Delete);
        deletes.flat_map(|c| std::iter::once(&c.resource).chain(&c.with)).map(String::as_str).collect()
    }

    /// What the deletes are, for a question: `2 sources, 3 destinations and 1 filter`.
    pub fn deleted_kinds(&self) -> String {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for name in self.deleted() {
            *counts.entry(kind_of_name(name)).or_default() += 1;
        }
        let kinds = ["source", "destination", "filter", "tracking plan", "connection"];
        let below = [crate::wire::Noun::Instances, crate::wire::Noun::WarehouseSources];
        let records = crate::api::walk::MANAGED.iter().chain(&below).map(|noun| noun.noun());
        let parts: Vec<String> = kinds
            .into_iter()
            .chain(records)
            .filter_map(|kind| counts.get(kind).map(|n| crate::ui::count(*n, kind)))
            .collect();
        match parts.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        }
    }

    /// Every `$env` name a request of the plan needs.
    pub fn env_names(&self) -> BTreeSet<String> {
        let ops = self.changes.iter().filter_map(|c| c.op.as_ref());
        ops.filter_map(|op| serde_json::to_value(op).ok()).flat_map(|value| secrets::names(&value)).collect()
    }

    /// The plan as `diff -o json` prints it (docs/reference/workspace-files.md): changes without their requests, and
    /// the number of requests.
    pub fn summary(&self) -> Value {
        let changes: Vec<Change> = self.changes.iter().map(|c| Change { op: None, ..c.clone() }).collect();
        serde_json::json!({"changes": changes, "unverifiable": self.unverifiable, "not_supported": self.not_supported,
            "requests": self.requests})
    }

    /// The plan for people: one block per change, then what could not be compared, then the count.
    pub fn human(&self) -> String {
        let mut out = String::new();
        // Names and values come from the file and the service: escaped, so they cannot move a terminal's cursor.
        let esc = |text: &str| crate::ui::escape_control(text).into_owned();
        for change in &self.changes {
            out.push_str(&format!("{} {} {}\n", change.action.mark(), change.action.verb(), esc(&change.resource)));
            for field in &change.fields {
                if records::is_code(&field.path) {
                    // Code shows as its size and hash only, never its text.
                    out.push_str(&format!(
                        "    {}: {}\n",
                        esc(&field.path),
                        esc(field.to.as_str().unwrap_or("(none)"))
                    ));
                    continue;
                }
                if marker(&field.to) && (field.from == field.to || field.from.is_null()) {
                    out.push_str(&format!("    {}: {}\n", esc(&field.path), shown(&field.to)));
                    continue;
                }
                let (from, to) = (esc(&shown(&field.from)), esc(&shown(&field.to)));
                out.push_str(&format!("    {}: {from} -> {to}\n", esc(&field.path)));
            }
            for name in &change.with {
                out.push_str(&format!("    with {} {}\n", kind_of_name(name), esc(name)));
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
        for item in &self.not_supported {
            out.push_str(&format!(
                "! not supported {} {}: {}\n",
                esc(&item.resource),
                esc(&item.path),
                esc(&item.reason)
            ));
        }
        let count = |a: Action| self.changes.iter().filter(|c| c.action == a).count();
        if self.changes.is_empty() {
            out.push_str("No changes: the workspace matches the file.\n");
        } else {
            let taken: usize = self.changes.iter().map(|c| c.with.len()).sum();
            let taken = if taken == 0 { String::new() } else { format!(" (and {} with them)", taken) };
            out.push_str(&format!(
                "Plan: {} to create, {} to update, {} to delete{taken}, {} to connect, {} to disconnect ({}).\n",
                count(Action::Create),
                count(Action::Update),
                count(Action::Delete),
                count(Action::Connect),
                count(Action::Disconnect),
                crate::ui::count(self.requests, "request"),
            ));
        }
        out
    }
}

/// The kind of a resource by its name, for people: `source`, `destination`, `filter`, `tracking plan`,
/// `connection`.
fn kind_of_name(name: &str) -> &'static str {
    // A record's resource is its full name and its name in quotes, `workspaces/w/warehouses/ID ("Prod")`.
    let name = name.split_once(" (").map_or(name, |(full, _)| full);
    let segments: Vec<&str> = name.split('/').collect();
    let word = segments.get(segments.len().saturating_sub(2)).copied().unwrap_or_default();
    if let Some(noun) = crate::wire::Noun::ALL.into_iter().find(|noun| noun.word() == word && segments.len() > 3) {
        return noun.noun();
    }
    match Some(word) {
        Some("sources") => "source",
        Some("destinations") => "destination",
        Some("filters") => "filter",
        Some("mappings") => "mapping",
        Some("tracking-plans") => "tracking plan",
        Some("source-connections") => "connection",
        _ => "resource",
    }
}

fn shown(value: &Value) -> String {
    match value {
        Value::String(s) if marker(value) => s.clone(),
        Value::String(s) => format!("{s:?}"),
        other => other.to_string(),
    }
}

/// JSON values as values: numbers by their exact value (`1` is `1.0` and `10e-1`; `9007199254740993` is not
/// `9007199254740992`, nor `0.1000000000000000055511151231257827` `0.1`, though a double holds each pair as one),
/// objects whatever their key order.
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => same_number(x, y),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// Two numbers by the exact values their texts write (serde_json keeps a number's text: `arbitrary_precision`).
fn same_number(x: &Number, y: &Number) -> bool {
    match (decimal(x.as_str()), decimal(y.as_str())) {
        (Some(a), Some(b)) => a == b,
        // An exponent beyond i64: as doubles, which is what any reader makes of it.
        _ => x.as_f64() == y.as_f64(),
    }
}

/// The exact value a JSON number's text writes: negative or not, its significant digits (no leading or trailing
/// zero) and the power of ten of the last one; zero is `(false, "", 0)` whatever its sign or spelling.
fn decimal(text: &str) -> Option<(bool, String, i64)> {
    let (negative, rest) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], rest[at + 1..].trim_start_matches('+').parse::<i64>().ok()?),
        None => (rest, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if !(whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit())) || whole.is_empty() {
        return None;
    }
    let digits = format!("{whole}{fraction}");
    let digits = digits.trim_start_matches('0');
    let significant = digits.trim_end_matches('0');
    if significant.is_empty() {
        return Some((false, String::new(), 0));
    }
    let shift = (digits.len() - significant.len()) as i64 - fraction.len() as i64;
    Some((negative, significant.to_string(), exponent.checked_add(shift)?))
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
    for (destination, mappings) in &snapshot.mappings {
        out.insert(format!("{destination}/mappings"), fingerprint(mappings));
    }
    for (source, config) in &snapshot.schema_configs {
        out.insert(SchemaConfig::name_of(source), fingerprint(config));
    }
    for state in &snapshot.plans {
        out.insert(state.plan.name.clone(), fingerprint(&state.plan));
        out.insert(format!("{}/source-connections", state.plan.name), fingerprint(&state.connections));
    }
    records::fingerprints(snapshot, &mut out);
    out
}

/// What a saved plan reads again: the filter lists and schema configs its fingerprints name, and the filters of
/// every destination its requests delete (directly or with their source), so that what a delete takes with it is
/// counted from what is, not from what the plan says.
pub fn reach_of_plan(plan: &Plan) -> Reach {
    let under = |suffix: &str| -> BTreeSet<String> {
        plan.fingerprints.keys().filter_map(|name| name.strip_suffix(suffix)).map(String::from).collect()
    };
    let mut deleted = BTreeSet::new();
    for op in plan.changes.iter().filter_map(|c| c.op.as_ref()) {
        if let Op::DeleteSource { name } | Op::DeleteDestination { name } = op {
            deleted.insert(name.clone());
        }
    }
    Reach {
        filters: Scope::Any(vec![Scope::Only(under("/filters")), Scope::Under(deleted.clone())]),
        mappings: Scope::Any(vec![Scope::Only(under("/mappings")), Scope::Under(deleted)]),
        schema_configs: Scope::Only(under("/schema-config")),
        catalog: Scope::Nothing,
        records: crate::api::walk::MANAGED
            .iter()
            .map(|noun| noun.word())
            .filter(|word| plan.fingerprints.contains_key(&format!("{}/{word}", plan.workspace)))
            .collect(),
    }
}

/// What moved since a plan read it: the names it read whose fingerprint changed or went. (A resource made since
/// shows in its collection's list of names, which the plan read; what is read now and was not then, a deleted
/// source's filters, is not the plan's to judge.)
pub fn moved(before: &BTreeMap<String, String>, now: &BTreeMap<String, String>) -> Vec<String> {
    before.iter().filter(|(name, print)| now.get(*name) != Some(*print)).map(|(name, _)| name.clone()).collect()
}

// ---- what an op changes ----

/// The type of a destination's config item: the service's for an item it has, else the catalog's for its key.
fn kind_of(snapshot: &Snapshot, destination: &str, key: &str) -> String {
    let item = snapshot.destination(destination).and_then(|d| d.setting(key)).filter(|i| !i.kind.is_empty());
    if let Some(item) = item {
        return item.kind.clone();
    }
    let entry = match snapshot.destination(destination) {
        Some(found) => found.catalog_slug(),
        None => entry_of(slug(destination)),
    };
    let entry = snapshot.catalog.get(entry);
    let setting = entry.and_then(|entry| entry.settings.iter().find(|s| s.name == key));
    setting.map(|s| s.kind.to_lowercase()).unwrap_or_default()
}

/// A config item's value before and after, as shown: its secret parts (a secret item as a whole, a credential
/// nested in it, a censored value, a `$env` reference) replaced by a marker that says whether that part changes.
/// `to` is compared with its references resolved when `env` can (otherwise a part that is a reference changes).
fn config_shown(key: &str, kind: &str, from: Option<&Value>, to: &Value, env: &dyn Env) -> (Value, Value) {
    let resolved = secrets::resolve(to, env).ok();
    let mut parts: BTreeSet<String> = secrets::reference_pointers(to).into_iter().collect();
    parts.extend(secret_pointers(key, kind, resolved.as_ref().unwrap_or(to)));
    if let Some(from) = from {
        parts.extend(secret_pointers(key, kind, from));
    }
    let mark = |pointer: &str| {
        let before = from.and_then(|f| f.pointer(pointer));
        let after = resolved.as_ref().and_then(|r| r.pointer(pointer));
        let unchanged = matches!((before, after), (Some(b), Some(a)) if same(a, b));
        Value::String(if unchanged { SECRET_UNCHANGED } else { SECRET_CHANGED }.to_string())
    };
    let mask = |value: &Value| {
        let mut shown = value.clone();
        // Outermost first: a whole secret part hides whatever it holds.
        for pointer in &parts {
            if let Some(slot) = shown.pointer_mut(pointer).filter(|slot| !slot.is_null() && !marker(slot)) {
                *slot = mark(pointer);
            }
        }
        shown
    };
    (from.map_or(Value::Null, mask), mask(to))
}

/// The fields of a list of config items set on `destination`.
fn config_fields(snapshot: &Snapshot, destination: &str, items: &[ConfigItem], env: &dyn Env) -> Vec<FieldChange> {
    let current = snapshot.destination(destination);
    items
        .iter()
        .map(|item| {
            let key = item.key();
            let kind = kind_of(snapshot, destination, key);
            let before = current.and_then(|d| d.setting(key)).map(|i| &i.value);
            let (from, to) = config_shown(key, &kind, before, &item.value, env);
            FieldChange { path: format!("destination.config.{key}"), from, to }
        })
        .collect()
}

/// The fields an update changes: each path of its mask, with the value before (from `current`, the resource as read)
/// and after (from the update's fields; a path listed with no value empties the field).
fn update_fields<T: crate::wire::Resource>(
    update: &UpdateRequest<T>,
    current: &Value,
    shown: &str,
) -> Result<Vec<FieldChange>, String> {
    let mut fields = Vec::new();
    for path in &update.mask.paths {
        let field = path.strip_prefix(T::KEY).and_then(|p| p.strip_prefix('.')).unwrap_or(path);
        let segments = crate::wire::path::segments(field)?;
        let from = crate::wire::path::get(current, &segments).cloned().unwrap_or(Value::Null);
        let to =
            crate::wire::path::get(&Value::Object(update.fields.clone()), &segments).cloned().unwrap_or(Value::Null);
        fields.push(FieldChange { path: format!("{shown}.{field}"), from, to });
    }
    Ok(fields)
}

fn view<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// A name of `kind`, in full, inside `workspace`: what every target of a plan's request must be.
fn within(kind: Kind, name: &str, workspace: &str) -> Result<(), String> {
    // A filter's name may carry the config segment the real service once answered with (docs/reference/config-api.md).
    let plain = match (kind, name.split_once("/config/")) {
        (Kind::Filter, Some((destination, rest))) => {
            format!("{destination}/filters/{}", rest.rsplit_once("/filters/").map_or(rest, |(_, id)| id))
        }
        _ => name.to_string(),
    };
    let inside = if kind == Kind::Workspace { plain == workspace } else { plain.starts_with(&format!("{workspace}/")) };
    match names::parse(kind, &plain, &names::Defaults::default()) {
        Ok(parsed) if parsed.as_str() == plain && inside => Ok(()),
        _ => Err(format!("{} is not a {} of {workspace}", super::document::token(name), kind.noun())),
    }
}

/// A collection `<parent>/<segment>` whose parent is a `kind` of `workspace`.
fn collection_within(kind: Kind, collection: &str, segment: &str, workspace: &str) -> Result<String, String> {
    let parent = collection
        .strip_suffix(&format!("/{segment}"))
        .ok_or_else(|| format!("{} is not a {segment} collection", super::document::token(collection)))?;
    within(kind, parent, workspace)?;
    Ok(parent.to_string())
}

/// What a delete takes with it, as the snapshot holds it.
fn taken_with(op: &Op, snapshot: &Snapshot) -> Vec<String> {
    // A destination's filters and mappings go with it.
    let filters = |destination: &str| {
        let filters = snapshot.filters.get(destination).into_iter().flatten().map(|f| f.name.clone());
        let mappings = snapshot.mappings.get(destination).into_iter().flatten().map(|m| m.name.clone());
        filters.chain(mappings).collect::<Vec<_>>()
    };
    let connections = |source: &str| {
        let plans = snapshot.plans.iter();
        let linked = plans.filter(|p| p.connections.iter().any(|c| c.source_name == source));
        linked.map(|p| format!("{}/source-connections/{}", p.plan.name, slug(source))).collect::<Vec<_>>()
    };
    match op {
        Op::DeleteSource { name } => {
            let destinations = snapshot.source(name).map(|s| s.destinations.as_slice()).unwrap_or_default();
            let mut with = Vec::new();
            for destination in destinations {
                with.push(destination.name.clone());
                with.extend(filters(&destination.name));
            }
            with.extend(connections(name));
            with
        }
        Op::DeleteDestination { name } => filters(name),
        Op::DeletePlan { name } => {
            let plan = snapshot.plans.iter().find(|p| p.plan.name == *name);
            let connections = plan.into_iter().flat_map(|p| &p.connections);
            connections.map(|c| format!("{name}/source-connections/{}", slug(&c.source_name))).collect()
        }
        _ => Vec::new(),
    }
}

/// What an op changes, as every output shows it: the action, the resource, each field with its value before (read
/// from the snapshot) and after (from the op), secrets only as markers, and what a delete takes with it. The one
/// reading of an op: the plan's changes are made with it, and a saved plan is refused unless its changes are what
/// this says of its requests. Every name the op sends to must lie in the snapshot's workspace.
pub fn describe(op: &Op, snapshot: &Snapshot, env: &dyn Env) -> Result<Change, String> {
    let ws = snapshot.workspace.as_str();
    let null = Value::Null;
    let change = |action: Action, resource: &str, fields: Vec<FieldChange>| Change {
        action,
        resource: resource.to_string(),
        fields,
        with: Vec::new(),
        op: Some(op.clone()),
    };
    let created = |path: &str, to: Value| FieldChange { path: path.to_string(), from: Value::Null, to };
    Ok(match op {
        Op::CreateSource { collection, body } => {
            let source = &body.source;
            collection_within(Kind::Workspace, collection, "sources", ws)?;
            within(Kind::Source, &source.name, ws)?;
            if source.name.rsplit_once('/').map(|(c, _)| c) != Some(collection.as_str()) {
                return Err(format!("{} is not in {}", source.name, collection));
            }
            let mut fields = vec![created("source.catalog_name", source.catalog_name.clone().into())];
            if let Some(display_name) = &source.display_name {
                fields.push(created("source.display_name", display_name.clone().into()));
            }
            if let Some(labels) = &source.labels {
                fields.push(created("source.labels", view(labels)));
            }
            if let Some(library_config) = &source.library_config {
                fields.push(created("source.library_config", view(library_config)));
            }
            change(Action::Create, &source.name, fields)
        }
        Op::UpdateSource { name, update } => {
            within(Kind::Source, name, ws)?;
            let current = snapshot.source(name).map(|s| view(&s.source)).unwrap_or_default();
            change(Action::Update, name, update_fields(update, &current, "source")?)
        }
        Op::CreateDestination { collection, body } => {
            let destination = &body.destination;
            collection_within(Kind::Source, collection, "destinations", ws)?;
            within(Kind::Destination, &destination.name, ws)?;
            if destination.name.rsplit_once('/').map(|(c, _)| c) != Some(collection.as_str()) {
                return Err(format!("{} is not in {}", destination.name, collection));
            }
            let mut fields = Vec::new();
            if let Some(enabled) = destination.enabled {
                fields.push(created("destination.enabled", enabled.into()));
            }
            if let Some(mode) = &destination.connection_mode {
                fields.push(created("destination.connection_mode", mode.clone().into()));
            }
            let items = destination.config.as_deref().unwrap_or_default();
            fields.extend(config_fields(snapshot, &destination.name, items, env));
            change(Action::Create, &destination.name, fields)
        }
        Op::UpdateDestination { name, update } => {
            within(Kind::Destination, name, ws)?;
            let current = snapshot.destination(name).map(view).unwrap_or_default();
            let mut fields = Vec::new();
            for path in &update.mask.paths {
                if path == "destination.config" {
                    let items: Vec<ConfigItem> = match update.fields.get("config") {
                        Some(items) => serde_json::from_value(items.clone()).map_err(|e| e.to_string())?,
                        None => Vec::new(),
                    };
                    fields.extend(config_fields(snapshot, name, &items, env));
                    continue;
                }
                let mut one = UpdateRequest::<Destination>::new();
                one.mask.paths = vec![path.clone()];
                one.fields = update.fields.clone();
                fields.extend(update_fields(&one, &current, "destination")?);
            }
            change(Action::Update, name, fields)
        }
        Op::CreateFilter { collection, body } => {
            collection_within(Kind::Destination, collection, "filters", ws)?;
            let filter = &body.filter;
            let mut fields = vec![
                created("filter.if", filter.condition.clone().into()),
                created("filter.actions", Value::Array(filter.actions.clone())),
                created("filter.enabled", filter.enabled.into()),
            ];
            if !filter.description.is_empty() {
                fields.push(created("filter.description", filter.description.clone().into()));
            }
            change(Action::Create, &format!("{collection} ({:?})", filter.title), fields)
        }
        Op::UpdateFilter { name, update } => {
            within(Kind::Filter, name, ws)?;
            let filters = snapshot.filters.values().flatten();
            let current = filters.clone().find(|f| f.name == *name).map(view).unwrap_or_default();
            change(Action::Update, name, update_fields(update, &current, "filter")?)
        }
        Op::CreateMapping { collection, body } => {
            collection_within(Kind::Destination, collection, "mappings", ws)?;
            let mapping = &body.mapping;
            let mut fields = Vec::new();
            if !mapping.action.is_empty() {
                fields.push(created("mapping.action", mapping.action.clone().into()));
            }
            fields.push(created("mapping.trigger", mapping.trigger.clone().into()));
            fields.push(created("mapping.settings", Value::Object(mapping.settings.clone())));
            fields.push(created("mapping.enabled", mapping.enabled.into()));
            change(Action::Create, &format!("{collection} ({:?})", mapping.display_name), fields)
        }
        Op::UpdateMapping { name, update } => {
            within(Kind::Mapping, name, ws)?;
            let mappings = snapshot.mappings.values().flatten();
            let current = mappings.clone().find(|m| m.name == *name).map(view).unwrap_or_default();
            change(Action::Update, name, update_fields(update, &current, "mapping")?)
        }
        Op::UpdateSchemaConfig { name, update } => {
            let source = name.strip_suffix("/schema-config").unwrap_or_default();
            within(Kind::Source, source, ws)?;
            let default = SchemaConfig::default_for(source);
            let current = view(snapshot.schema_configs.get(source).unwrap_or(&default));
            change(Action::Update, name, update_fields(update, &current, "schema_config")?)
        }
        Op::CreatePlan { collection, body } => {
            collection_within(Kind::Workspace, collection, "tracking-plans", ws)?;
            let plan = &body.tracking_plan;
            let mut fields = vec![created("tracking_plan.display_name", plan.display_name.clone().into())];
            if let Some(rules) = &plan.rules {
                fields.push(created("tracking_plan.rules", rules_as_kept(rules)));
            }
            change(Action::Create, &format!("{collection} ({:?})", plan.display_name), fields)
        }
        Op::UpdatePlan { name, update } => {
            within(Kind::TrackingPlan, name, ws)?;
            let mut current = snapshot.plans.iter().find(|p| p.plan.name == *name).map(|p| view(&p.plan));
            let mut update = update.clone();
            // Rules compare and show as the service keeps them.
            if let Some(Value::Object(rules)) = current.as_mut().and_then(|c| c.get_mut("rules")) {
                *rules = rules_as_kept(rules).as_object().cloned().unwrap_or_default();
            }
            if let Some(Value::Object(rules)) = update.fields.get_mut("rules") {
                *rules = rules_as_kept(rules).as_object().cloned().unwrap_or_default();
            }
            change(Action::Update, name, update_fields(&update, current.as_ref().unwrap_or(&null), "tracking_plan")?)
        }
        Op::Connect { plan, body } => {
            within(Kind::Source, &body.source_name, ws)?;
            let resource = match &plan.name {
                Some(name) => {
                    within(Kind::TrackingPlan, name, ws)?;
                    name.clone()
                }
                None => format!("{ws}/tracking-plans ({:?})", plan.display_name),
            };
            change(Action::Connect, &resource, vec![created("tracking_plan.sources", body.source_name.clone().into())])
        }
        Op::Disconnect { plan, source } => {
            within(Kind::TrackingPlan, plan, ws)?;
            if !crate::wire::valid_slug(source) {
                return Err(format!("{} is not a source slug", super::document::token(source)));
            }
            let field = FieldChange {
                path: "tracking_plan.sources".into(),
                from: format!("{ws}/sources/{source}").into(),
                to: Value::Null,
            };
            change(Action::Disconnect, plan, vec![field])
        }
        Op::CreateRecord { .. } | Op::UpdateRecord { .. } | Op::DeleteRecord { .. } => {
            records::describe(op, snapshot, env)?
        }
        Op::DeleteSource { name }
        | Op::DeleteDestination { name }
        | Op::DeleteFilter { name }
        | Op::DeleteMapping { name }
        | Op::DeletePlan { name } => {
            let kind = match op {
                Op::DeleteSource { .. } => Kind::Source,
                Op::DeleteDestination { .. } => Kind::Destination,
                Op::DeleteFilter { .. } => Kind::Filter,
                Op::DeleteMapping { .. } => Kind::Mapping,
                _ => Kind::TrackingPlan,
            };
            within(kind, name, ws)?;
            Change { with: taken_with(op, snapshot), ..change(Action::Delete, name, Vec::new()) }
        }
    })
}

/// What the deletes of a plan have taken so far, in the plan's order: a delete takes with it only what no earlier
/// delete took (a connection goes with its source, and is not taken again with its plan), so each resource is
/// listed, counted and confirmed once. (A connection the plan also undoes with a disconnect stays with its delete:
/// a disconnect is not a delete, and `--max-deletes` counts it there.)
#[derive(Default)]
struct Taken(BTreeSet<String>);

impl Taken {
    /// `change` (what [`describe`] says of its op) with what earlier deletes took left out of its `with`.
    fn after(&mut self, mut change: Change) -> Change {
        if change.action == Action::Delete {
            change.with.retain(|name| !self.0.contains(name));
            self.0.insert(change.resource.clone());
            self.0.extend(change.with.iter().cloned());
        }
        change
    }
}

/// Whether a saved change says what its request does: the same action, resource and deletions, the same fields in
/// the same order with the same values, secrets on both sides only as markers.
fn says(stated: &Change, derived: &Change) -> bool {
    let field = |a: &FieldChange, b: &FieldChange| {
        let value = |x: &Value, y: &Value| if marker(y) { marker(x) } else { !marker(x) && same(x, y) };
        a.path == b.path && value(&a.from, &b.from) && value(&a.to, &b.to)
    };
    stated.action == derived.action
        && stated.resource == derived.resource
        && stated.with == derived.with
        && stated.fields.len() == derived.fields.len()
        && stated.fields.iter().zip(&derived.fields).all(|(a, b)| field(a, b))
}

impl Plan {
    /// Checks a plan read from a file (`apply --plan`), which anyone may have edited, against what is: every
    /// change must be what its request does ([`describe`] on the workspace as read now), every request must stay in
    /// the plan's workspace, and every resource it updates or deletes must be one it read. `workspace` is an
    /// explicit `-w`, which must name the plan's own. A refusal is a usage error, before anything is sent.
    pub fn check_saved(&self, snapshot: &Snapshot, workspace: Option<&str>, env: &dyn Env) -> Result<()> {
        let refuse = |why: String| Error::usage(format!("the plan cannot be applied: {why}"));
        if let Some(flag) = workspace.filter(|w| *w != self.workspace) {
            return Err(refuse(format!("it is for {}, and -w names {flag}", self.workspace)));
        }
        // The sources the plan makes before a change: their schema configs are new, no read of the plan's.
        let mut made = BTreeSet::new();
        let mut taken = Taken::default();
        for (index, change) in self.changes.iter().enumerate() {
            let at = |why: String| {
                refuse(format!("change {} ({} {}): {why}", index + 1, change.action.verb(), change.resource))
            };
            let op = change.op.as_ref().ok_or_else(|| at("it has no request".into()))?;
            let derived = taken.after(describe(op, snapshot, env).map_err(at)?);
            if !says(change, &derived) {
                return Err(at("its request does something else than the change it lists".into()));
            }
            let target = match op {
                Op::UpdateSource { name, .. }
                | Op::UpdateDestination { name, .. }
                | Op::UpdateFilter { name, .. }
                | Op::UpdateMapping { name, .. }
                | Op::UpdatePlan { name, .. }
                | Op::DeleteSource { name }
                | Op::DeleteDestination { name }
                | Op::DeletePlan { name } => Some(name.clone()),
                Op::DeleteFilter { name } => name.rsplit_once("/filters/").map(|(d, _)| format!("{d}/filters")),
                Op::DeleteMapping { name } => name.rsplit_once("/mappings/").map(|(d, _)| format!("{d}/mappings")),
                Op::UpdateSchemaConfig { name, .. } => {
                    let source = name.strip_suffix("/schema-config").unwrap_or_default();
                    (!made.contains(source)).then(|| name.clone())
                }
                Op::Disconnect { plan, .. } => Some(plan.clone()),
                Op::UpdateRecord { name, .. } | Op::DeleteRecord { name } => {
                    Some(records::read_as(name, &self.workspace))
                }
                Op::CreateSource { body, .. } => {
                    made.insert(body.source.name.clone());
                    None
                }
                _ => None,
            };
            if let Some(target) = target.filter(|t| !self.fingerprints.contains_key(t)) {
                return Err(at(format!("it changes {target}, which the plan did not read")));
            }
        }
        Ok(())
    }
}

// ---- building a plan ----

/// The catalog entry (its slug) of a destination's key or last segment: `webhooks` of `webhooks#Prod`.
pub fn entry_of(key: &str) -> &str {
    key.split_once(names::INSTANCE).map_or(key, |(entry, _)| entry)
}

/// One of a source's destinations in the file: its key, what the file says of it, and the destination of the
/// workspace it names (`None`: one to make).
pub type Matched<'f, 'd> = (&'f str, &'f DestinationSpec, Option<&'d Destination>);

/// Which destination of a source each key of the file names (docs/reference/workspace-files.md): `SLUG#NAME` the
/// destination of the catalog entry SLUG named NAME, the first of that entry or not; a bare `SLUG` the first
/// destination of that entry that no `SLUG#NAME` key names. A key that names none is a destination to make. Only the
/// keys the target can hold are matched (`SLUG#NAME` only where the Public API's fields are). Two destinations of one
/// entry with the name a key gives cannot be told apart: refused, naming them.
pub fn matched<'f, 'd>(
    snapshot: &Snapshot,
    wanted: &'f indexmap::IndexMap<String, DestinationSpec>,
    actual: &'d [Destination],
) -> Result<Vec<Matched<'f, 'd>>, String> {
    let mut found: Vec<Matched<'f, 'd>> = wanted
        .iter()
        .filter(|(key, _)| !key.contains(names::INSTANCE) || snapshot.holds.several_destinations)
        .map(|(key, spec)| (key.as_str(), spec, None))
        .collect();
    let mut claimed = BTreeSet::new();
    for (key, _, slot) in found.iter_mut() {
        let Some((entry, name)) = key.split_once(names::INSTANCE) else { continue };
        let named: Vec<&Destination> =
            actual.iter().filter(|d| d.catalog_slug() == entry && d.display_name == name).collect();
        match named[..] {
            [] => {}
            [one] => {
                claimed.insert(one.name.as_str());
                *slot = Some(one);
            }
            [one, other, ..] => {
                return Err(format!(
                    "{} and {} (catalog entry {entry}) are both named {name:?}; a file keys them by name: rename one \
                     first",
                    one.name, other.name
                ));
            }
        }
    }
    for (key, _, slot) in found.iter_mut().filter(|(key, _, _)| !key.contains(names::INSTANCE)) {
        *slot = actual.iter().find(|d| d.catalog_slug() == *key && !claimed.contains(d.name.as_str()));
    }
    Ok(found)
}

struct Builder<'a> {
    snapshot: &'a Snapshot,
    env: &'a dyn Env,
    prune: bool,
    creates: Vec<Op>,
    plans: Vec<Op>,
    connects: Vec<Op>,
    deletes: Vec<Op>,
    /// Schema configs, made once every source exists.
    settings: Vec<Op>,
    /// The Public API's own resources (`records`): labels made before any source is labelled, the rest made and
    /// changed once every source and destination exists, deleted before the sources, labels deleted last.
    labels_first: Vec<Op>,
    records: Vec<Op>,
    record_deletes: Vec<Op>,
    labels_last: Vec<Op>,
    unverifiable: Vec<Unverifiable>,
    not_supported: Vec<NotSupported>,
    literal_secrets: Vec<String>,
    /// The slugs of the file's sources, which a schema config may forward to before they exist.
    file_sources: Vec<String>,
}

/// The plan that makes the workspace match the file. The snapshot's workspace is the file's, or an explicit `-w`
/// (promotion to another workspace).
pub fn plan(file: &WorkspaceFile, snapshot: &Snapshot, options: Options, env: &dyn Env) -> Result<Plan> {
    let mut b = Builder {
        snapshot,
        env,
        prune: options.prune,
        creates: Vec::new(),
        plans: Vec::new(),
        connects: Vec::new(),
        deletes: Vec::new(),
        settings: Vec::new(),
        labels_first: Vec::new(),
        records: Vec::new(),
        record_deletes: Vec::new(),
        labels_last: Vec::new(),
        unverifiable: Vec::new(),
        not_supported: Vec::new(),
        literal_secrets: Vec::new(),
        file_sources: file.sources.keys().cloned().collect(),
    };
    let ws = snapshot.workspace.clone();
    for (source_slug, spec) in &file.sources {
        let name = format!("{ws}/sources/{source_slug}");
        match snapshot.source(&name) {
            None => b.create_source(&name, spec)?,
            Some(state) => b.update_source(&name, spec, state)?,
        }
    }
    if b.prune {
        for state in &snapshot.sources {
            if !file.sources.contains_key(slug(&state.source.name)) {
                b.deletes.push(Op::DeleteSource { name: state.source.name.clone() });
            }
        }
    }
    b.tracking_plans(file, snapshot)?;
    b.records(file)?;
    let Builder {
        creates,
        settings,
        plans,
        connects,
        deletes,
        labels_first,
        records,
        record_deletes,
        labels_last,
        unverifiable,
        not_supported,
        literal_secrets,
        ..
    } = b;
    let mut taken = Taken::default();
    let changes = labels_first
        .iter()
        .chain(&creates)
        .chain(&settings)
        .chain(&plans)
        .chain(&connects)
        .chain(&records)
        .chain(&record_deletes)
        .chain(&deletes)
        .chain(&labels_last)
        .map(|op| describe(op, snapshot, env).map(|change| taken.after(change)))
        .collect::<Result<Vec<_>, String>>()
        .map_err(|why| Error::failed(format!("a planned request does not describe itself: {why}")))?;
    Ok(Plan {
        format: PLAN_FORMAT.into(),
        api: config_api(),
        workspace: ws,
        options,
        changes,
        unverifiable,
        not_supported,
        fingerprints: fingerprints(snapshot),
        requests: 0,
        code_folder: None,
        literal_secrets,
    })
}

impl Builder<'_> {
    /// What the target can hold (`api::Holds`, as the API's adapter declares it).
    fn holds(&self) -> crate::api::Holds {
        self.snapshot.holds
    }

    fn not_supported(&mut self, resource: &str, path: &str, reason: &str) {
        let item = NotSupported { resource: resource.to_string(), path: path.to_string(), reason: reason.to_string() };
        if !self.not_supported.contains(&item) {
            self.not_supported.push(item);
        }
    }

    /// A source's `library_config` as the target takes it: as the file gives it, or on the Public API, which has
    /// none, nothing (listed as not supported unless it is the default, which loses nothing).
    fn library_config<'s>(&mut self, name: &str, spec: &'s SourceSpec) -> Result<Option<&'s Map<String, Value>>> {
        let Some(map) = &spec.library_config else { return Ok(None) };
        let typed = typed_library_config(name, map)?;
        if self.holds().library_config {
            return Ok(Some(map));
        }
        let default = view(&LibraryConfig::default());
        let given = view(&typed);
        if map.keys().any(|key| !same(given.get(key).unwrap_or(&Value::Null), default.get(key).unwrap_or(&Value::Null)))
        {
            self.not_supported(name, "source.library_config", reason::LIBRARY_CONFIG);
        }
        Ok(None)
    }

    /// Whether a destination of the file is one the target can hold; one it cannot is listed (a further instance
    /// of a catalog entry on the Config API).
    fn holds_destination(&mut self, destination: &str) -> bool {
        if !self.holds().several_destinations && slug(destination).contains(names::INSTANCE) {
            self.not_supported(destination, "destination", reason::FURTHER_INSTANCE);
            return false;
        }
        true
    }

    /// A destination's connection mode as the target takes it (the Public API has none: listed unless default).
    fn connection_mode(&mut self, destination: &str, spec: &DestinationSpec) -> Option<String> {
        let mode = spec.connection_mode.clone()?;
        if self.holds().connection_modes {
            return Some(mode);
        }
        if !mode.is_empty() && !mode.eq_ignore_ascii_case("UNSPECIFIED") {
            self.not_supported(destination, "destination.connection_mode", reason::CONNECTION_MODE);
        }
        None
    }

    /// A destination's name as the target takes it: the Public API's (from its key, `SLUG#NAME`, or `name`); the
    /// Config API has none (listed when the file gives one).
    fn destination_name(&mut self, destination: &str, key: &str, spec: &DestinationSpec) -> Option<String> {
        let from_key = key.split_once(names::INSTANCE).map(|(_, name)| name.to_string());
        let name = from_key.or_else(|| spec.display_name())?;
        if self.holds().destination_names {
            return Some(name);
        }
        self.not_supported(destination, "destination.name", reason::DESTINATION_NAME);
        None
    }

    fn create_source(&mut self, name: &str, spec: &SourceSpec) -> Result<()> {
        let library_config = self.library_config(name, spec)?.map(|map| typed_library_config(name, map)).transpose()?;
        let input = SourceInput {
            name: name.to_string(),
            catalog_name: spec.catalog_name.clone(),
            display_name: spec.display_name.clone(),
            library_config,
            labels: spec.labels.clone(),
        };
        let collection = format!("{}/sources", self.snapshot.workspace);
        self.creates.push(Op::CreateSource { collection, body: CreateSource { source: input } });
        self.schema_config(name, spec, None)?;
        self.destinations(name, spec, &[])
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
        if let Some(display_name) = spec.display_name.as_ref().filter(|d| **d != actual.display_name) {
            update.set("display_name", display_name).map_err(Error::Usage)?;
        }
        if let Some(labels) = spec.labels.as_ref().filter(|l| **l != actual.labels) {
            update.set("labels", labels).map_err(Error::Usage)?;
        }
        if let Some(map) = self.library_config(name, spec)? {
            let current = view(&actual.library_config);
            for (key, value) in map {
                if !same(current.get(key).unwrap_or(&Value::Null), value) {
                    update.set(&format!("library_config.{key}"), value).map_err(Error::Usage)?;
                }
            }
        }
        if !update.mask.paths.is_empty() {
            self.creates.push(Op::UpdateSource { name: name.to_string(), update });
        }
        let snapshot = self.snapshot;
        self.schema_config(name, spec, snapshot.schema_configs.get(name))?;
        self.destinations(name, spec, &state.destinations)
    }

    /// The destinations of a source, each key of the file matched with the destination it names ([`matched`]):
    /// updated where it exists (by its name in the workspace), made where it does not, and (with --prune) those no
    /// key names deleted.
    fn destinations(&mut self, source: &str, spec: &SourceSpec, actual: &[Destination]) -> Result<()> {
        let found = matched(self.snapshot, &spec.destinations, actual)
            .map_err(|why| Error::usage(format!("{source}: {why}")))?;
        // The catalog entries the source has a destination of: one more of an entry is made under its name.
        let mut entries: BTreeSet<&str> = actual.iter().map(Destination::catalog_slug).collect();
        for key in spec.destinations.keys() {
            // A key the target cannot hold is listed, in the file's order (`matched` left it out).
            if !self.holds_destination(&format!("{source}/destinations/{key}")) {
                continue;
            }
            let Some((key, spec, actual)) = found.iter().find(|(k, _, _)| k == key) else { continue };
            let name = match actual {
                Some(actual) => {
                    self.update_destination(&actual.name, key, spec, actual);
                    actual.name.clone()
                }
                None => {
                    let name = self.new_destination(source, key, spec, &entries)?;
                    self.create_destination(&name, key, spec);
                    name
                }
            };
            entries.insert(entry_of(key));
            let filters = self.snapshot.filters.get(&name).map_or(&[][..], Vec::as_slice);
            self.filters(&name, spec, filters)?;
            let mappings = self.snapshot.mappings.get(&name).map_or(&[][..], Vec::as_slice);
            self.mappings(&name, spec, mappings)?;
        }
        if self.prune {
            for destination in actual {
                if !found.iter().any(|(_, _, d)| d.is_some_and(|d| d.name == destination.name)) {
                    self.deletes.push(Op::DeleteDestination { name: destination.name.clone() });
                }
            }
        }
        Ok(())
    }

    /// The name a destination the file keys `key` is made under: the key, unless the source has (or this plan
    /// makes) a destination of its catalog entry already; then one more of that entry, `SLUG#NAME`, named as the
    /// file names it (a further destination with no name of its own could be neither made nor keyed).
    fn new_destination(
        &self,
        source: &str,
        key: &str,
        spec: &DestinationSpec,
        entries: &BTreeSet<&str>,
    ) -> Result<String> {
        let entry = entry_of(key);
        if key.contains(names::INSTANCE) || !entries.contains(entry) || !self.holds().several_destinations {
            return Ok(format!("{source}/destinations/{key}"));
        }
        match spec.display_name() {
            Some(name) => Ok(format!("{source}/destinations/{entry}{}{name}", names::INSTANCE)),
            None => Err(Error::usage(format!(
                "{source}: the file's {key:?} is one more {entry} destination of the source, which has one: key it \
                 {entry}{}NAME with a name of its own",
                names::INSTANCE
            ))),
        }
    }

    /// A value that may hold references as the file gives it (kept, to be resolved when sent) and, when every
    /// reference in it is set, as it will be sent; an unset one is noted as unverifiable at `resource`'s `path`.
    fn resolved(&mut self, resource: &str, path: &str, value: &ConfigValue) -> (Value, Option<Value>) {
        let sent = match value {
            ConfigValue::Env(reference) => secrets::reference_to(&reference.env),
            ConfigValue::Plain(value) => value.clone(),
        };
        let resolved = match secrets::resolve(&sent, self.env) {
            Ok(resolved) => Some(resolved),
            Err(name) => {
                let reason = format!("{name} is not set");
                self.unverifiable.push(Unverifiable { resource: resource.into(), path: path.into(), reason });
                None
            }
        };
        (sent, resolved)
    }

    /// A config value as the file gives it (references kept, to be resolved when sent) and, when every reference
    /// in it is set, as it will be sent. An unset reference is noted as unverifiable; a secret written literally is
    /// noted too (a saved plan may not carry it).
    fn config_value(&mut self, destination: &str, key: &str, value: &ConfigValue) -> (Value, Option<Value>) {
        let (sent, resolved) = self.resolved(destination, &format!("destination.config.{key}"), value);
        let kind = kind_of(self.snapshot, destination, key);
        let references: BTreeSet<String> = secrets::reference_pointers(&sent).into_iter().collect();
        let literals: Vec<&Value> = secret_pointers(key, &kind, &sent)
            .into_iter()
            .filter(|p| !references.contains(p))
            .filter_map(|p| sent.pointer(&p))
            .filter(|v| !v.is_null() && !v.is_object())
            .collect();
        if !literals.is_empty() {
            self.literal_secrets.push(format!("{destination} config.{key}"));
        }
        // Known here as secrets, by the catalog's type too: kept out of every output from now on.
        for literal in literals {
            match literal {
                Value::String(text) => self.env.literal(text),
                Value::Array(items) => items.iter().filter_map(Value::as_str).for_each(|text| self.env.literal(text)),
                _ => {}
            }
        }
        (sent, resolved)
    }

    fn create_destination(&mut self, name: &str, key: &str, spec: &DestinationSpec) {
        let mut items = Vec::new();
        for (key, value) in spec.config.iter().flatten() {
            let (sent, _) = self.config_value(name, key, value);
            items.push(ConfigItem::new(name, key, sent));
        }
        let input = DestinationInput {
            name: name.to_string(),
            enabled: spec.enabled,
            connection_mode: self.connection_mode(name, spec),
            config: (!items.is_empty()).then_some(items),
            display_name: self.destination_name(name, key, spec),
        };
        let collection = name.rsplit_once('/').map_or("", |(c, _)| c).to_string();
        self.creates.push(Op::CreateDestination { collection, body: CreateDestination { destination: input } });
    }

    fn update_destination(&mut self, name: &str, key: &str, spec: &DestinationSpec, actual: &Destination) {
        let mut update = UpdateRequest::<Destination>::new();
        if let Some(enabled) = spec.enabled.filter(|e| *e != actual.enabled) {
            let _ = update.set("enabled", enabled);
        }
        if let Some(mode) = self.connection_mode(name, spec).filter(|m| *m != actual.connection_mode) {
            let _ = update.set("connection_mode", mode);
        }
        if let Some(display) = self.destination_name(name, key, spec).filter(|d| *d != actual.display_name) {
            let _ = update.set("display_name", display);
        }
        for (key, value) in spec.config.iter().flatten() {
            let current = actual.setting(key).map(|item| &item.value);
            let (sent, resolved) = self.config_value(name, key, value);
            let Some(resolved) = resolved else {
                // A reference that is not set: what is around it is still compared (a hook's URL changed beside its
                // header's secret must show), the secret parts are unverifiable.
                let references = secrets::reference_pointers(&sent);
                let around = |value: &Value| around(value, &references);
                if !current.is_some_and(|c| same(&around(c), &around(&sent))) {
                    update.config_item(ConfigItem::new(name, key, sent));
                }
                continue;
            };
            // A secret the service shows censored cannot be compared, whether the file names it by reference or
            // holds it (a `--secrets plain` export): written only when the destination is made. What is around it
            // (a hook's URL beside its censored header) is still compared.
            let kind = kind_of(self.snapshot, name, key);
            let hidden: Vec<String> = current.map_or_else(Vec::new, |c| {
                secret_pointers(key, &kind, c)
                    .into_iter()
                    .filter(|p| c.pointer(p).is_some_and(censored_secret))
                    .collect()
            });
            if !hidden.is_empty() {
                let around = |value: &Value| around(value, &hidden);
                // The censored form keeps the last four characters: a secret whose last four differ has changed.
                let changed = current.is_some_and(|c| {
                    hidden
                        .iter()
                        .any(|p| c.pointer(p).zip(resolved.pointer(p)).is_some_and(|(c, r)| censor_disagrees(c, r)))
                });
                if changed || !current.is_some_and(|c| same(&around(c), &around(&resolved))) {
                    update.config_item(ConfigItem::new(name, key, sent));
                    continue;
                }
                self.unverifiable.push(Unverifiable {
                    resource: name.to_string(),
                    path: format!("destination.config.{key}"),
                    reason: "the service shows it censored; it is written only when the destination is created".into(),
                });
                continue;
            }
            if !current.is_some_and(|c| same(c, &resolved)) {
                update.config_item(ConfigItem::new(name, key, sent));
            }
        }
        if !update.mask.paths.is_empty() {
            self.creates.push(Op::UpdateDestination { name: name.to_string(), update });
        }
    }

    /// The schema config of a source whose file entry has one: a PATCH of the fields that differ from what the
    /// source has (a source created by this apply starts with the service's defaults).
    fn schema_config(&mut self, source: &str, spec: &SourceSpec, actual: Option<&SchemaConfig>) -> Result<()> {
        let Some(wanted) = &spec.schema_config else { return Ok(()) };
        let default = SchemaConfig::default_for(source);
        let current = view(actual.unwrap_or(&default));
        let mut update = UpdateRequest::<SchemaConfig>::new();
        for (key, value) in wanted {
            // A forwarding target is a source: by slug or by full name, as either API shows it.
            let target = |v: &Value| v.as_str().map(|t| Value::from(slug(t)));
            let (now, wanted) = if SchemaConfig::FORWARDING.contains(&key.as_str()) {
                (current.get(key).and_then(target), target(value))
            } else {
                (current.get(key).cloned(), Some(value.clone()))
            };
            if same(&now.unwrap_or(Value::Null), wanted.as_ref().unwrap_or(&Value::Null)) {
                continue;
            }
            // The Public API forwards to a source by its id: a target to write that is no source of the file or
            // the workspace (the Config API takes any slug) cannot be written there.
            let known = |t: &str| {
                self.file_sources.iter().any(|s| s == t)
                    || self.snapshot.source(&format!("{}/sources/{t}", self.snapshot.workspace)).is_some()
            };
            let dangling = wanted.as_ref().and_then(Value::as_str).is_some_and(|t| !t.is_empty() && !known(t));
            if key.starts_with("forwarding_") && self.holds().forwarding_by_id && dangling {
                let path = format!("schema_config.{key}");
                self.not_supported(&SchemaConfig::name_of(source), &path, reason::FORWARDING_TARGET);
                continue;
            }
            update.set(key, value).map_err(Error::Usage)?;
        }
        if !update.mask.paths.is_empty() {
            // After every source is made: a schema config may forward to a source the same apply makes.
            self.settings.push(Op::UpdateSchemaConfig { name: SchemaConfig::name_of(source), update });
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
                self.deletes.push(Op::DeleteFilter { name: filter.name.clone() });
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
        let collection = format!("{destination}/filters");
        self.creates.push(Op::CreateFilter { collection, body: CreateFilter { filter: input } });
        Ok(())
    }

    fn update_filter(&mut self, actual: &DestinationFilter, spec: &FilterSpec) -> Result<()> {
        let mut update = UpdateRequest::<DestinationFilter>::new();
        let mut compare = |key: &str, from: Value, to: Option<Value>| -> Result<()> {
            match to {
                Some(to) if !same(&from, &to) => update.set(key, to).map_err(Error::Usage),
                _ => Ok(()),
            }
        };
        compare("if", actual.condition.clone().into(), spec.condition.clone().map(Value::from))?;
        compare("actions", Value::Array(actual.actions.clone()), spec.actions.clone().map(Value::Array))?;
        compare("enabled", actual.enabled.into(), spec.enabled.map(Value::from))?;
        compare("description", actual.description.clone().into(), spec.description.clone().map(Value::from))?;
        if !update.mask.paths.is_empty() {
            self.creates.push(Op::UpdateFilter { name: actual.name.clone(), update });
        }
        Ok(())
    }

    /// The mappings of a destination whose file entry has `mappings`, matched by name: creates, updates of what
    /// differs (a field at its action's default is the same as its absence), and (with --prune) deletes of those the
    /// file does not list. The Config API has none: listed as not supported.
    fn mappings(&mut self, destination: &str, spec: &DestinationSpec, actual: &[DestinationMapping]) -> Result<()> {
        let Some(wanted) = &spec.mappings else { return Ok(()) };
        if !self.holds().mappings {
            let reason =
                format!("{} has no mappings (an Actions destination's, on the Public API)", self.holds().title);
            self.not_supported(destination, "mappings", &reason);
            return Ok(());
        }
        let definition = catalog::by_slug(entry_of(slug(destination)));
        for (name, spec) in wanted {
            if let Some(trigger) = &spec.trigger {
                catalog::check_trigger(trigger)
                    .map_err(|r| Error::usage(format!("{destination}: mapping {name:?}: {r}")))?;
            }
            let action = match (definition, spec.action.as_deref()) {
                (Some(d), named) => {
                    Some(d.action(named.unwrap_or_default()).or_else(|| d.only_action()).ok_or_else(|| {
                        Error::usage(format!("{destination}: mapping {name:?}: {} has no such action", d.name))
                    })?)
                }
                (None, _) => None,
            };
            if let (Some(action), Some(settings)) = (action, &spec.settings) {
                action
                    .check_settings(&without_references(settings))
                    .map_err(|r| Error::usage(format!("{destination}: mapping {name:?}: {r}")))?;
            }
            let same_name: Vec<&DestinationMapping> = actual.iter().filter(|m| m.display_name == *name).collect();
            match same_name[..] {
                [] => self.create_mapping(destination, name, spec)?,
                [mapping] => self.update_mapping(mapping, spec, action),
                [one, other, ..] => {
                    return Err(Error::usage(format!(
                        "mappings {} and {} are both named {name:?}; a file keys mappings by name: rename one first",
                        one.name, other.name
                    )));
                }
            }
        }
        if wanted.len() > catalog::MAX_MAPPINGS {
            return Err(Error::usage(format!(
                "{destination}: {} mappings; a destination holds {} at most",
                wanted.len(),
                catalog::MAX_MAPPINGS
            )));
        }
        if self.prune {
            for mapping in actual.iter().filter(|m| !wanted.contains_key(&m.display_name)) {
                self.deletes.push(Op::DeleteMapping { name: mapping.name.clone() });
            }
        }
        Ok(())
    }

    fn create_mapping(&mut self, destination: &str, name: &str, spec: &MappingSpec) -> Result<()> {
        let (Some(trigger), Some(settings)) = (&spec.trigger, &spec.settings) else {
            return Err(Error::usage(format!(
                "{destination}: mapping {name:?} does not exist yet, and creating it needs `trigger` and `settings`"
            )));
        };
        let input = MappingInput {
            display_name: name.to_string(),
            action: spec.action.clone().unwrap_or_default(),
            trigger: trigger.clone(),
            enabled: spec.enabled.unwrap_or(false),
            settings: settings.clone(),
        };
        let collection = format!("{destination}/mappings");
        self.creates.push(Op::CreateMapping { collection, body: CreateMapping { mapping: input } });
        Ok(())
    }

    fn update_mapping(&mut self, actual: &DestinationMapping, spec: &MappingSpec, action: Option<&ActionDef>) {
        let mut update = UpdateRequest::<DestinationMapping>::new();
        if let Some(trigger) = spec.trigger.as_ref().filter(|t| **t != actual.trigger) {
            let _ = update.set("trigger", trigger);
        }
        if let Some(enabled) = spec.enabled.filter(|e| *e != actual.enabled) {
            let _ = update.set("enabled", enabled);
        }
        if let Some(settings) = &spec.settings {
            let defaults = |m: &Map<String, Value>| -> Value {
                let kept = m.iter().filter(|(k, v)| !action.is_some_and(|a| a.is_default(k, v)));
                Value::Object(kept.map(|(k, v)| (k.clone(), v.clone())).collect())
            };
            let wanted = Value::Object(settings.clone());
            let references = secrets::reference_pointers(&wanted);
            let differs = match secrets::resolve(&wanted, self.env) {
                Ok(Value::Object(resolved)) => !same(&defaults(&resolved), &defaults(&actual.settings)),
                _ => {
                    self.unverifiable.push(Unverifiable {
                        resource: actual.name.clone(),
                        path: "mapping.settings".into(),
                        reason: format!("{} is not set", secrets::names(&wanted).join(", ")),
                    });
                    let around = |v: &Value| around(v, &references);
                    !same(&around(&defaults(settings)), &around(&defaults(&actual.settings)))
                }
            };
            if differs {
                let _ = update.set("settings", settings);
            }
        }
        if !update.mask.paths.is_empty() {
            self.creates.push(Op::UpdateMapping { name: actual.name.clone(), update });
        }
    }

    fn tracking_plans(&mut self, file: &WorkspaceFile, snapshot: &Snapshot) -> Result<()> {
        let ws = &snapshot.workspace;
        let collection = format!("{ws}/tracking-plans");
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
            let wanted: Option<Vec<String>> =
                spec.sources.as_ref().map(|s| s.iter().map(|slug| format!("{ws}/sources/{slug}")).collect());
            // Named as its changes name it: by its name once it exists, by its display name before.
            let resource = match actual {
                Some(state) => state.plan.name.clone(),
                None => format!("{collection} ({display_name:?})"),
            };
            // The plan's type: the Public API's; the Config API's plans are all live.
            let kind = spec.kind.clone().filter(|kind| kind != LIVE);
            if kind.is_some() && !self.holds().plan_types {
                self.not_supported(&resource, "tracking_plan.type", reason::PLAN_TYPE);
            }
            // Rules as the target keeps them: the Public API has no legacy trait lists.
            let rules = spec.rules.clone().map(|mut rules| {
                if !self.holds().legacy_traits {
                    for key in LEGACY_TRAITS {
                        if rules.remove(key).is_some_and(|v| v.as_array().is_some_and(|a| !a.is_empty())) {
                            self.not_supported(&resource, &format!("tracking_plan.rules.{key}"), reason::LEGACY_TRAITS);
                        }
                    }
                }
                rules
            });
            let (plan, connected): (PlanRef, Vec<String>) = match actual {
                None => {
                    let body = CreateTrackingPlan {
                        tracking_plan: TrackingPlanInput {
                            display_name: display_name.clone(),
                            rules: rules.clone(),
                            kind: kind.filter(|_| self.holds().plan_types),
                        },
                    };
                    self.plans.push(Op::CreatePlan { collection: collection.clone(), body });
                    (PlanRef { name: None, display_name: display_name.clone() }, Vec::new())
                }
                Some(state) => {
                    let actual_kind = state.plan.extra.get("type").and_then(Value::as_str).unwrap_or(LIVE);
                    if self.holds().plan_types && spec.kind.as_deref().is_some_and(|kind| kind != actual_kind) {
                        self.not_supported(&state.plan.name, "tracking_plan.type", reason::PLAN_TYPE_FIXED);
                    }
                    let mut actual_rules = state.plan.rules.clone();
                    let mut rules = rules.clone();
                    for key in LEGACY_TRAITS {
                        if !self.holds().legacy_traits {
                            actual_rules.remove(key);
                        } else if let Some(rules) = rules.as_mut().filter(|rules| !rules.contains_key(key)) {
                            // A file without the legacy trait lists (one exported from the Public API) leaves them
                            // as they are: they echo the identify and group rules, and nothing of the file says them.
                            if let Some(actual) = actual_rules.get(key) {
                                rules.insert(key.to_string(), actual.clone());
                            }
                        }
                    }
                    if let Some(rules) = &rules
                        && !same(&rules_as_kept(rules), &rules_as_kept(&actual_rules))
                    {
                        let mut update = UpdateRequest::<TrackingPlan>::new();
                        update.set("rules", rules).map_err(Error::Usage)?;
                        self.plans.push(Op::UpdatePlan { name: state.plan.name.clone(), update });
                    }
                    let connected = state.connections.iter().map(|c| c.source_name.clone()).collect();
                    (PlanRef { name: Some(state.plan.name.clone()), display_name: display_name.clone() }, connected)
                }
            };
            let Some(wanted) = wanted else { continue };
            for source in wanted.iter().filter(|s| !connected.contains(s)) {
                let body = ConnectSource { source_name: source.clone() };
                self.connects.push(Op::Connect { plan: plan.clone(), body });
            }
            for source in connected.iter().filter(|s| !wanted.contains(s)) {
                let name = plan.name.clone().unwrap_or_default();
                self.connects.push(Op::Disconnect { plan: name, source: slug(source).to_string() });
            }
        }
        if self.prune {
            for state in &snapshot.plans {
                if !file.tracking_plans.contains_key(&state.plan.display_name) {
                    self.deletes.push(Op::DeletePlan { name: state.plan.name.clone() });
                }
            }
        }
        Ok(())
    }
}

/// A tracking plan's type when none is given.
const LIVE: &str = "LIVE";

/// The rules' legacy echoes of the identify and group rules, which the Public API does not keep.
const LEGACY_TRAITS: [&str; 2] = ["identify_traits", "group_traits"];

/// Tracking-plan rules as they compare on either API (`TrackingPlan::rules_compared`): as the service keeps them,
/// defaults the Public API fills in equal to their absence, rules as a set.
fn rules_as_kept(rules: &Map<String, Value>) -> Value {
    Value::Object(TrackingPlan::rules_compared(rules))
}

/// A file's `library_config` read as the API types it (a wrong type is a usage error naming the source).
fn typed_library_config(source: &str, map: &Map<String, Value>) -> Result<LibraryConfig> {
    serde_json::from_value(Value::Object(map.clone())).map_err(|e| {
        Error::usage(format!(
            "{source}: invalid library_config in the file: {}",
            super::file::without_values(&e.to_string())
        ))
    })
}

/// A value with the parts at `pointers` (its secrets) blanked: what is around them, to compare.
/// Settings with each `$env` reference as an empty text, to be checked as the service checks them (the reference
/// stands for a header's value, a text).
fn without_references(settings: &Map<String, Value>) -> Map<String, Value> {
    let mut value = Value::Object(settings.clone());
    for pointer in secrets::reference_pointers(&value) {
        if let Some(slot) = value.pointer_mut(&pointer) {
            *slot = Value::String(String::new());
        }
    }
    value.as_object().cloned().unwrap_or_default()
}

fn around(value: &Value, pointers: &[String]) -> Value {
    let mut value = value.clone();
    for pointer in pointers {
        if let Some(slot) = value.pointer_mut(pointer) {
            *slot = Value::Null;
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Api;
    use serde_json::json;

    #[test]
    fn values_compare_as_values_and_integers_exactly() {
        assert!(same(&json!(1), &json!(1.0)));
        assert!(same(&json!({"a": 1, "b": [2.0]}), &json!({"b": [2], "a": 1.0})));
        assert!(!same(&json!({"a": 1}), &json!({"a": 1, "b": null})));
        assert!(!same(&json!("1"), &json!(1)));
        let big = |text: &str| serde_json::from_str::<Value>(text).unwrap();
        assert!(!same(&big("9007199254740993"), &big("9007199254740992")));
        assert!(!same(&big("9007199254740993"), &big("9007199254740992.0")), "the float is ...992");
        assert!(same(&big("9007199254740992"), &big("9007199254740992.0")));
        assert!(!same(&big("18446744073709551615"), &big("18446744073709551614")));
        assert!(!same(&big("-9223372036854775808"), &big("-9223372036854775807")));
        assert!(same(&big("0.1"), &big("0.10")) && !same(&big("0.1"), &big("0.2")));
        assert!(!same(&big("1e300"), &big("1")));
        // Decimals keep their precision (docs/reference/commands.md, "Values compare exactly"): a double holds both of
        // these as 0.1.
        assert!(!same(&big("0.1000000000000000055511151231257827"), &big("0.1")));
        assert!(!same(&big("123456789012345678901234"), &big("123456789012345678901235")));
        for (a, b) in
            [("100", "1e2"), ("1E+2", "100.000"), ("0.1", "1e-1"), ("-0", "0"), ("0.0", "-0e5"), ("12.5", "125E-1")]
        {
            assert!(same(&big(a), &big(b)), "{a} {b}");
        }
        assert!(!same(&big("-1"), &big("1")) && !same(&big("1e2"), &big("1e3")));
        assert!(same(&big("1e99999999999999999999"), &big("1e99999999999999999999")));
    }

    #[test]
    fn secrets_show_only_as_markers() {
        let env = |name: &str| (name == "SEG_SECRET_A").then(|| "s3cret".to_string());
        let (from, to) =
            config_shown("sharedSecret", "string", Some(&json!("old")), &json!({"$env": "SEG_SECRET_A"}), &env);
        assert_eq!((from, to), (json!(SECRET_CHANGED), json!(SECRET_CHANGED)));
        let (from, to) =
            config_shown("sharedSecret", "string", Some(&json!("s3cret")), &json!({"$env": "SEG_SECRET_A"}), &env);
        assert_eq!((from, to), (json!(SECRET_UNCHANGED), json!(SECRET_UNCHANGED)));
        let (from, to) = config_shown("sharedSecret", "string", None, &json!("literal"), &env);
        assert_eq!((from, to), (Value::Null, json!(SECRET_CHANGED)));
        let before = json!([{"hook": "https://a", "headers": [{"key": "Authorization", "value": "Bearer old"}]}]);
        let after = json!([{"hook": "https://b", "headers": [{"key": "Authorization", "value": "Bearer old"}]}]);
        let (from, to) = config_shown("hooks", "mixed", Some(&before), &after, &env);
        assert_eq!(from[0]["headers"][0]["value"], SECRET_UNCHANGED);
        assert_eq!(to[0]["headers"][0]["value"], SECRET_UNCHANGED);
        assert_eq!(to[0]["hook"], "https://b");
        let unset = json!([{"hook": "h", "headers": [{"key": "X", "value": {"$env": "SEG_SECRET_UNSET"}}]}]);
        let (_, to) = config_shown("hooks", "mixed", None, &unset, &env);
        assert_eq!(to[0]["headers"][0]["value"], SECRET_CHANGED, "a reference is a secret whatever its name");
        let (from, _) = config_shown("note", "string", Some(&json!("••••••••••9f3c")), &json!("x"), &env);
        assert_eq!(from, json!(SECRET_CHANGED), "a censored value is a secret");
        let (from, _) = config_shown("pattern", "string", Some(&json!("*")), &json!("x"), &env);
        assert_eq!(from, json!("*"), "a wildcard is no secret");
    }

    #[test]
    fn rules_compare_as_the_service_keeps_them() {
        let file = json!({"events": []});
        let kept = json!({"events": [], "identify_traits": [], "group_traits": null});
        assert!(same(&rules_as_kept(file.as_object().unwrap()), &rules_as_kept(kept.as_object().unwrap())));
    }

    #[test]
    fn targets_stay_in_the_workspace() {
        let ws = "workspaces/a";
        within(Kind::Source, "workspaces/a/sources/web", ws).unwrap();
        within(Kind::Workspace, "workspaces/a", ws).unwrap();
        within(Kind::Filter, "workspaces/a/sources/s/destinations/d/config/x/filters/df_1", ws).unwrap();
        for (kind, name) in [
            (Kind::Source, "workspaces/b/sources/web"),
            (Kind::Source, "workspaces/a/sources/web/destinations/d"),
            (Kind::Source, "workspaces/a/sources/../../b/sources/x"),
            (Kind::Source, "access-tokens/1"),
            (Kind::Workspace, "workspaces/b"),
            (Kind::TrackingPlan, "workspaces/a/sources/web"),
        ] {
            assert!(within(kind, name, ws).is_err(), "{name}");
        }
    }

    #[test]
    fn keys_name_destinations_by_name_then_the_first_unnamed_by_a_key() {
        let destination = |segment: &str, display: &str| Destination {
            name: format!("workspaces/a/sources/web/destinations/{segment}"),
            display_name: display.into(),
            ..Destination::default()
        };
        let actual =
            [destination("webhooks", "Prod"), destination("webhooks#Staging", "Staging"), destination("amplitude", "")];
        let public = Snapshot { holds: Api::Public.holds(), ..Snapshot::default() };
        let keys = |keys: &[&str]| -> indexmap::IndexMap<String, DestinationSpec> {
            keys.iter().map(|k| (k.to_string(), DestinationSpec::default())).collect()
        };
        let names = |snapshot: &Snapshot, wanted: &[&str]| -> Vec<(String, Option<String>)> {
            let wanted = keys(wanted);
            let found = matched(snapshot, &wanted, &actual).unwrap();
            found.iter().map(|(k, _, d)| (k.to_string(), d.map(|d| slug(&d.name).to_string()))).collect()
        };
        let pair = |key: &str, found: Option<&str>| (key.to_string(), found.map(String::from));
        // By name, the first of its entry too; a bare key takes the first that no key names.
        assert_eq!(
            names(&public, &["webhooks#Prod", "webhooks", "amplitude"]),
            [
                pair("webhooks#Prod", Some("webhooks")),
                pair("webhooks", Some("webhooks#Staging")),
                pair("amplitude", Some("amplitude"))
            ]
        );
        assert_eq!(
            names(&public, &["webhooks", "webhooks#Staging"]),
            [pair("webhooks", Some("webhooks")), pair("webhooks#Staging", Some("webhooks#Staging"))]
        );
        // A name no destination has is one to make; a bare key whose entry's destinations are all named takes none.
        assert_eq!(
            names(&public, &["webhooks#Prod", "webhooks#Staging", "webhooks", "webhooks#New"]),
            [
                pair("webhooks#Prod", Some("webhooks")),
                pair("webhooks#Staging", Some("webhooks#Staging")),
                pair("webhooks", None),
                pair("webhooks#New", None)
            ]
        );
        // The Config API holds no further destination: such a key is matched with nothing.
        assert_eq!(names(&Snapshot::default(), &["webhooks#Prod", "webhooks"]), [pair("webhooks", Some("webhooks"))]);
        // Two of one entry with the name a key gives cannot be told apart.
        let mut by_id = destination("id2", "Twin");
        by_id.extra.insert("catalog_name".into(), json!("catalog/destinations/webhooks"));
        let twins = [destination("webhooks", "Twin"), by_id];
        let wanted = keys(&["webhooks#Twin"]);
        let err = matched(&public, &wanted, &twins).unwrap_err();
        assert!(err.contains("destinations/webhooks and") && err.contains("destinations/id2"), "{err}");
    }

    #[test]
    fn a_cascade_counts_each_resource_once() {
        use crate::api::walk::PlanState;
        use crate::wire::{SourceConnection, TrackingPlan};
        let ws = "workspaces/a";
        let source = |slug: &str| SourceState {
            source: Source {
                name: format!("{ws}/sources/{slug}"),
                catalog_name: "catalog/sources/javascript".into(),
                ..Source::default()
            },
            destinations: Vec::new(),
        };
        let connection =
            |slug: &str| SourceConnection { source_name: format!("{ws}/sources/{slug}"), ..Default::default() };
        let plan_state = PlanState {
            plan: TrackingPlan {
                name: format!("{ws}/tracking-plans/rs_1"),
                display_name: "P".into(),
                ..Default::default()
            },
            connections: vec![connection("ios"), connection("web")],
        };
        let snapshot = Snapshot {
            workspace: ws.into(),
            sources: vec![source("web"), source("ios")],
            plans: vec![plan_state],
            ..Default::default()
        };
        let file = WorkspaceFile::parse(
            "format: seg/1\nworkspace: a\nsources:\n  web: {catalog_name: javascript}\n",
            std::path::Path::new("."),
        )
        .unwrap();
        let env = |_: &str| None;
        let plan = plan(&file, &snapshot, Options { prune: true, max_deletes: None }, &env).unwrap();
        let withs: Vec<(&str, Vec<&str>)> =
            plan.changes.iter().map(|c| (c.resource.as_str(), c.with.iter().map(String::as_str).collect())).collect();
        // The connection goes with its source; its plan takes only what is left.
        assert_eq!(
            withs,
            [
                ("workspaces/a/sources/ios", vec!["workspaces/a/tracking-plans/rs_1/source-connections/ios"]),
                ("workspaces/a/tracking-plans/rs_1", vec!["workspaces/a/tracking-plans/rs_1/source-connections/web"]),
            ]
        );
        assert_eq!((plan.deletes(), plan.deleted_kinds().as_str()), (4, "1 source, 1 tracking plan and 2 connections"));
        // A saved plan is checked with the same reading.
        plan.check_saved(&snapshot, None, &env).unwrap();
    }

    #[test]
    fn fingerprints_ignore_key_order_and_see_every_change() {
        assert_eq!(fingerprint(&json!({"a": 1, "b": 2})), fingerprint(&json!({"b": 2, "a": 1})));
        assert_ne!(fingerprint(&json!({"a": 1})), fingerprint(&json!({"a": 2})));
        let before = BTreeMap::from([("x".to_string(), "1".to_string()), ("y".to_string(), "2".to_string())]);
        let now = BTreeMap::from([("x".to_string(), "1".to_string()), ("z".to_string(), "3".to_string())]);
        assert_eq!(moved(&before, &now), ["y"], "z was not read by the plan: its collection's list says if it is new");
    }
}
