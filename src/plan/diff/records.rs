//! The plan of the Public API's own resources (`plan::resources`: warehouses with their connected sources,
//! functions with their code and insert function instances, transformations, reverse ETL models, user groups with
//! their members and permissions, labels). Each collection is managed only when the file has its key; one is matched
//! by the name the file keys it by (a warehouse's, a group's, a transformation's or a model's name, a function's
//! display name, a label's `KEY:VALUE`), since ids differ between workspaces. A record's changes are the three ops
//! `CreateRecord`, `UpdateRecord` and `DeleteRecord` over `wire::PublicRecord`: a new warehouse's connections, a new
//! function's instances and a new group's members are made below it in its one change (`wire::RecordInput::below`),
//! since its id is known only once it is made. A function's code stands in an op as its path, hash and lines
//! ([`code_ref`]), never its text: `plan::apply` reads the file again and refuses it when its hash differs.

use std::collections::{BTreeMap, BTreeSet};

use indexmap::IndexMap;
use serde::Serialize;
use serde_json::{Map, Value};

use super::{Action, Builder, Change, FieldChange, Op, Unverifiable, config_shown, fingerprint, same};
use crate::api::walk::{Held, Snapshot};
use crate::error::{Error, Result};
use crate::plan::code::Code;
use crate::plan::file::{ConfigValue, WorkspaceFile};
use crate::plan::resources::{FunctionSpec, GroupSpec, PermissionSpec, ResourceKind, ResourceSpec};
use crate::plan::secrets::Env;
use crate::wire::config::{censor_disagrees, censored_secret, secret_pointers};
use crate::wire::{Below, Noun, PublicRecord, RecordInput, Referent, Target, UpdateRequest};

/// Why a file's key is not sent.
pub mod reason {
    pub const PUBLIC_ONLY: &str = "only the Public API holds warehouses, functions, transformations, reverse ETL \
                                   models, user groups and labels";
    pub const WAREHOUSE_ENTRY: &str = "a warehouse's catalog entry is fixed: make a new warehouse";
    pub const FUNCTION_TYPE: &str = "a function's type is fixed: make a new function";
    pub const LABEL_DESCRIPTION: &str = "the Public API does not change a label's description: delete the label and \
                                         make it again";
}

/// The key of a code reference in an op: `{"$code": PATH, "sha256": HEX, "lines": N}`.
pub const CODE: &str = "$code";

/// A function's code as an op carries it: its path below the workspace file's folder, its hash and its lines.
pub fn code_ref(path: &str, code: &Code) -> Value {
    let mut reference = Map::new();
    reference.insert(CODE.into(), Value::String(path.to_string()));
    reference.insert("sha256".into(), Value::String(code.sha256.clone()));
    reference.insert("lines".into(), Value::from(code.lines()));
    Value::Object(reference)
}

/// What a plan shows of code: `(N lines, sha256 HEX)`, `(changed, N lines, sha256 HEX)`.
fn code_shown(value: &Value, changed: bool) -> Value {
    let (sha, lines) = match value {
        Value::Object(reference) => (
            reference.get("sha256").and_then(Value::as_str).unwrap_or_default().to_string(),
            reference.get("lines").and_then(Value::as_u64).unwrap_or_default() as usize,
        ),
        Value::String(text) => {
            let code = Code::of(text.clone());
            (code.sha256.clone(), code.lines())
        }
        _ => return Value::Null,
    };
    let lines = crate::ui::count(lines, "line");
    Value::String(if changed {
        format!("(changed, {lines}, sha256 {sha})")
    } else {
        format!("({lines}, sha256 {sha})")
    })
}

/// Whether a field's path is a function's code, shown as its summary.
pub fn is_code(path: &str) -> bool {
    path.ends_with(".code")
}

fn ws_of(snapshot: &Snapshot) -> &str {
    snapshot.workspace.strip_prefix("workspaces/").unwrap_or(&snapshot.workspace)
}

fn collection(snapshot: &Snapshot, noun: Noun, under: Option<&str>) -> Target {
    Target::Records { ws: ws_of(snapshot).to_string(), noun, under: under.map(String::from) }
}

/// The name of a record of `noun` in seg's terms.
fn full(snapshot: &Snapshot, noun: Noun, under: Option<&str>, id: &str) -> String {
    collection(snapshot, noun, under).item(id).map(|t| t.path()).unwrap_or_default()
}

/// A field's prefix in a plan: `warehouse`, `function`, `insert_function_instance`, ...
fn key(noun: Noun) -> String {
    noun.noun().to_lowercase().replace(' ', "_")
}

/// What names a record in a file: a warehouse's, group's, transformation's or model's name, a function's display
/// name, a label's `KEY:VALUE`.
fn named(noun: Noun, record: &PublicRecord) -> String {
    match noun {
        Noun::Functions => record.text("displayName").to_string(),
        Noun::Labels => format!("{}:{}", record.text("key"), record.text("value")),
        _ => record.text("display_name").to_string(),
    }
}

/// The collections read, each fingerprinted whole (`<workspace>/<word>`): a change to any record, or to what is
/// below one, moves it.
pub(super) fn fingerprints(snapshot: &Snapshot, out: &mut BTreeMap<String, String>) {
    let records = &snapshot.records;
    fn pairs(all: &[Held]) -> Vec<(&PublicRecord, &Vec<PublicRecord>)> {
        all.iter().map(|h| (&h.record, &h.below)).collect()
    }
    let ws = &snapshot.workspace;
    let mut put = |noun: Noun, print: String| {
        out.insert(format!("{ws}/{}", noun.word()), print);
    };
    if let Some(all) = &records.warehouses {
        put(Noun::Warehouses, fingerprint(&pairs(all)));
    }
    if let Some(all) = &records.functions {
        put(Noun::Functions, fingerprint(&pairs(all)));
    }
    if let Some(all) = &records.transformations {
        put(Noun::Transformations, fingerprint(all));
    }
    if let Some(all) = &records.models {
        put(Noun::ReverseEtlModels, fingerprint(all));
    }
    if let Some(all) = &records.groups {
        put(Noun::UserGroups, fingerprint(&pairs(all)));
    }
    if let Some(all) = &records.labels {
        put(Noun::Labels, fingerprint(all));
    }
}

/// The collection a change of the record `name` needs to have been read (`<workspace>/<word>` of its top noun).
pub(super) fn read_as(name: &str, workspace: &str) -> String {
    match Target::parse(name) {
        Some(Target::Record { noun, .. }) => format!("{workspace}/{}", noun.parent().unwrap_or(noun).word()),
        _ => name.to_string(),
    }
}

/// The records of a collection as read, and what is below each.
fn held(snapshot: &Snapshot, noun: Noun) -> Vec<(&PublicRecord, &[PublicRecord])> {
    fn of(all: &Option<Vec<Held>>) -> Vec<(&PublicRecord, &[PublicRecord])> {
        all.iter().flatten().map(|h| (&h.record, h.below.as_slice())).collect()
    }
    fn flat(all: &Option<Vec<PublicRecord>>) -> Vec<(&PublicRecord, &[PublicRecord])> {
        all.iter().flatten().map(|r| (r, &[][..])).collect()
    }
    let records = &snapshot.records;
    match noun {
        Noun::Warehouses => of(&records.warehouses),
        Noun::Functions => of(&records.functions),
        Noun::UserGroups => of(&records.groups),
        Noun::Transformations => flat(&records.transformations),
        Noun::ReverseEtlModels => flat(&records.models),
        Noun::Labels => flat(&records.labels),
        _ => Vec::new(),
    }
}

/// The record a full name names, as read (a record below another: among that one's).
fn record_at<'s>(snapshot: &'s Snapshot, name: &str) -> Option<&'s PublicRecord> {
    let Some(Target::Record { noun, .. }) = Target::parse(name) else { return None };
    let top = noun.parent().unwrap_or(noun);
    let all = held(snapshot, top);
    match noun.parent() {
        None => all.into_iter().map(|(r, _)| r).find(|r| r.name == name),
        Some(_) => all.into_iter().flat_map(|(_, below)| below).find(|r| r.name == name),
    }
}

/// A record's display in a change: its full name and its name, `workspaces/w/warehouses/ID ("Prod")`.
fn resource(name: &str, shown: &str) -> String {
    if shown.is_empty() { name.to_string() } else { format!("{name} ({shown:?})") }
}

/// A field of a record as a file names it: `newEventName` as `new_event_name`, a reference by what it names
/// (`metadataId` as `catalog_name`, `sourceId` as `source`, `integrationId` as `destination`), `resourceType` as
/// `type`, a group's `users` as `members`, a warehouse's `connected-sources` as `sources`.
fn file_field(field: &str) -> String {
    match field {
        "metadataId" => return "catalog_name".into(),
        "sourceId" => return "source".into(),
        "integrationId" => return "destination".into(),
        "resourceType" => return "type".into(),
        "users" => return "members".into(),
        "connected-sources" => return "sources".into(),
        _ => {}
    }
    let mut out = String::new();
    for c in field.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(if c == '-' { '_' } else { c });
        }
    }
    out
}

/// A reference as a person named it.
fn referent(to: &Referent) -> Value {
    Value::String(match to {
        Referent::Source(source) => source.clone(),
        Referent::Destination { source, destination } => format!("{source}/{destination}"),
        Referent::WarehouseEntry(entry) => entry.clone(),
    })
}

/// A create's fields as shown: settings by key with secrets as markers, code as its summary, references as named,
/// what is made below it each as its own create shows.
fn shown_input(noun: Noun, input: &RecordInput, env: &dyn Env) -> Vec<FieldChange> {
    let prefix = key(noun);
    let created = |path: String, to: Value| FieldChange { path, from: Value::Null, to };
    let mut fields = Vec::new();
    for (field, value) in &input.fields {
        match (field.as_str(), value) {
            ("settings", Value::Object(settings)) => {
                for (setting, value) in settings {
                    let (_, to) = config_shown(setting, "", None, value, env);
                    fields.push(created(format!("{prefix}.settings.{setting}"), to));
                }
            }
            ("code", value) => fields.push(created(format!("{prefix}.code"), code_shown(value, false))),
            _ => fields.push(created(format!("{prefix}.{}", file_field(field)), value.clone())),
        }
    }
    for reference in &input.refs {
        fields.push(created(format!("{prefix}.{}", file_field(&reference.field)), referent(&reference.to)));
    }
    for below in &input.below {
        let Some(child) = Noun::of(Some(noun), &below.collection) else { continue };
        let mut shown = Map::new();
        for field in shown_input(child, &below.input, env) {
            let path = field.path.strip_prefix(&format!("{}.", key(child))).unwrap_or(&field.path).to_string();
            shown.insert(path, field.to);
        }
        let value = match shown.len() {
            1 => shown.into_iter().next().map(|(_, v)| v).unwrap_or_default(),
            _ => Value::Object(shown),
        };
        fields.push(created(format!("{prefix}.{}", file_field(&below.collection)), value));
    }
    fields
}

/// A group's permissions as a file writes them, sorted: what a group's `permissions` compare as.
fn permissions_as_written(snapshot: &Snapshot, record: &PublicRecord) -> Vec<PermissionSpec> {
    let permissions = record.fields.get("permissions").and_then(Value::as_array).cloned().unwrap_or_default();
    let name_of = |kind: &str, id: &str| -> Option<String> {
        let found = match kind {
            "SOURCE" => snapshot.sources.iter().find(|s| s.source.id == id).map(|s| super::slug(&s.source.name).into()),
            "WAREHOUSE" => held(snapshot, Noun::Warehouses)
                .into_iter()
                .find(|(r, _)| r.id() == id)
                .map(|(r, _)| named(Noun::Warehouses, r)),
            "FUNCTION" => held(snapshot, Noun::Functions)
                .into_iter()
                .find(|(r, _)| r.id() == id)
                .map(|(r, _)| named(Noun::Functions, r)),
            "WORKSPACE" => return None,
            _ => None,
        };
        Some(found.filter(|name| !name.is_empty()).unwrap_or_else(|| id.to_string()))
    };
    let mut out: Vec<PermissionSpec> = permissions
        .iter()
        .map(|permission| {
            let resources = permission.get("resources").and_then(Value::as_array).cloned().unwrap_or_default();
            let mut resources: Vec<ResourceSpec> = resources
                .iter()
                .filter_map(|resource| {
                    let kind = resource.get("type").and_then(Value::as_str).unwrap_or_default();
                    let id = resource.get("id").and_then(Value::as_str).unwrap_or_default();
                    let parsed: ResourceKind = serde_json::from_value(Value::String(kind.to_lowercase())).ok()?;
                    Some(ResourceSpec { kind: parsed, name: name_of(kind, id) })
                })
                .collect();
            resources.sort_by_key(|r| serde_json::to_string(r).unwrap_or_default());
            let role = permission.get("roleName").and_then(Value::as_str).unwrap_or_default().to_string();
            PermissionSpec { role, resources }
        })
        .collect();
    out.sort_by_key(|p| serde_json::to_string(p).unwrap_or_default());
    out
}

/// Permissions as a file gives them, in the form the adapter takes (roles by name, resources by name).
fn permissions_sent(permissions: &[PermissionSpec]) -> Value {
    let sent: Vec<Value> = permissions
        .iter()
        .map(|permission| {
            let resources: Vec<Value> = permission
                .resources
                .iter()
                .filter(|r| r.kind != ResourceKind::Workspace)
                .map(|r| {
                    let kind = serde_json::to_value(r.kind).unwrap_or_default();
                    let kind = kind.as_str().unwrap_or_default().to_uppercase();
                    let mut resource = Map::new();
                    resource.insert("type".into(), Value::String(kind));
                    resource.insert("id".into(), Value::String(r.name.clone().unwrap_or_default()));
                    Value::Object(resource)
                })
                .collect();
            let mut out = Map::new();
            out.insert("role".into(), Value::String(permission.role.clone()));
            out.insert("resources".into(), Value::Array(resources));
            Value::Object(out)
        })
        .collect();
    Value::Array(sent)
}

/// A file's permissions normalized to compare: sorted, a role's name in lower case, the workspace without a name.
fn permissions_compared(permissions: &[PermissionSpec]) -> Vec<PermissionSpec> {
    let mut out: Vec<PermissionSpec> = permissions
        .iter()
        .map(|p| {
            let mut resources: Vec<ResourceSpec> = p
                .resources
                .iter()
                .map(|r| ResourceSpec {
                    kind: r.kind,
                    name: if r.kind == ResourceKind::Workspace { None } else { r.name.clone() },
                })
                .collect();
            resources.sort_by_key(|r| serde_json::to_string(r).unwrap_or_default());
            PermissionSpec { role: p.role.to_lowercase(), resources }
        })
        .collect();
    out.sort_by_key(|p| serde_json::to_string(p).unwrap_or_default());
    out
}

/// A group's members' emails, sorted: its users' and those invited.
fn members(below: &[PublicRecord]) -> Vec<String> {
    let mut emails: Vec<String> = below.iter().map(|r| r.text("email").to_string()).collect();
    emails.sort();
    emails.dedup();
    emails
}

/// Whether a plan may change a record of `noun`: what a file manages (a warehouse and its connections, a function
/// and its instances, a transformation, a model, a group, a label), never a user, an invite or a role, so a
/// hand-edited plan cannot invite someone or grant a user a role.
fn planned(noun: Noun) -> bool {
    matches!(
        noun,
        Noun::Warehouses
            | Noun::WarehouseSources
            | Noun::Functions
            | Noun::Instances
            | Noun::Transformations
            | Noun::ReverseEtlModels
            | Noun::UserGroups
            | Noun::Labels
    )
}

/// What is made below a new record of `noun` in its change: a warehouse's connections, a function's instances, a
/// group's members.
fn planned_below(noun: Noun, input: &RecordInput) -> Result<(), String> {
    for below in &input.below {
        let child = Noun::of(Some(noun), &below.collection);
        match child {
            Some(Noun::WarehouseSources | Noun::Instances | Noun::GroupUsers) => {
                planned_below(child.unwrap_or(noun), &below.input)?
            }
            _ => {
                return Err(format!(
                    "a plan makes no {} below a {}",
                    super::super::document::token(&below.collection),
                    noun.noun()
                ));
            }
        }
    }
    Ok(())
}

/// What an op on a record changes ([`super::describe`] for these three ops).
pub(super) fn describe(op: &Op, snapshot: &Snapshot, env: &dyn Env) -> Result<Change, String> {
    let ws = ws_of(snapshot);
    let change = |action: Action, resource: String, fields: Vec<FieldChange>, with: Vec<String>| Change {
        action,
        resource,
        fields,
        with,
        op: Some(op.clone()),
    };
    let inside = |target: &Target| target.workspace() == Some(ws);
    let token = |name: &str| super::super::document::token(name);
    match op {
        Op::CreateRecord { collection: at, body } => {
            let target = Target::parse(at);
            let Some(Target::Records { noun, under, .. }) = target.clone() else {
                return Err(format!("{} is not a collection of the Public API's own resources", token(at)));
            };
            let target = target.unwrap_or(Target::Workspaces);
            if !inside(&target) || target.path() != *at {
                return Err(format!("{} is not in {}", token(at), snapshot.workspace));
            }
            if !planned(noun) {
                return Err(format!("a plan makes no {}", noun.noun()));
            }
            planned_below(noun, body)?;
            if noun == Noun::WarehouseSources {
                let warehouse = full(snapshot, Noun::Warehouses, None, under.as_deref().unwrap_or_default());
                let shown = record_at(snapshot, &warehouse).map(|r| named(Noun::Warehouses, r)).unwrap_or_default();
                let source = body.refs.iter().find(|r| r.field == "sourceId").map(|r| referent(&r.to));
                let field =
                    FieldChange { path: "warehouse.sources".into(), from: Value::Null, to: source.unwrap_or_default() };
                return Ok(change(Action::Connect, resource(&warehouse, &shown), vec![field], Vec::new()));
            }
            let shown = match noun {
                Noun::Labels => format!("{}:{}", text(&body.fields, "key"), text(&body.fields, "value")),
                Noun::Functions => text(&body.fields, "displayName"),
                _ => text(&body.fields, "name"),
            };
            Ok(change(Action::Create, resource(at, &shown), shown_input(noun, body, env), Vec::new()))
        }
        Op::UpdateRecord { name, update } => {
            let target = Target::parse(name);
            let Some(Target::Record { noun, .. }) = target.clone() else {
                return Err(format!("{} is not one of the Public API's own resources", token(name)));
            };
            let target = target.unwrap_or(Target::Workspaces);
            if !inside(&target) || target.path() != *name {
                return Err(format!("{} is not in {}", token(name), snapshot.workspace));
            }
            if !planned(noun) {
                return Err(format!("a plan changes no {}", noun.noun()));
            }
            let current = record_at(snapshot, name);
            let shown = current.map(|r| named(noun, r)).unwrap_or_default();
            let prefix = key(noun);
            let now = |field: &str| current.and_then(|r| r.fields.get(field)).cloned().unwrap_or(Value::Null);
            let mut fields = Vec::new();
            for path in &update.mask.paths {
                let to = update.fields.get(path).cloned().unwrap_or(Value::Null);
                match path.as_str() {
                    "settings" => {
                        let before = now("settings");
                        for (setting, value) in to.as_object().into_iter().flatten() {
                            let (from, to) = config_shown(setting, "", before.get(setting), value, env);
                            fields.push(FieldChange { path: format!("{prefix}.settings.{setting}"), from, to });
                        }
                        // Taken whole (an instance's): a setting left out is removed.
                        if noun == Noun::Instances {
                            for (setting, value) in before.as_object().into_iter().flatten() {
                                if to.get(setting).is_none() {
                                    let (from, _) = config_shown(setting, "", Some(value), value, env);
                                    let path = format!("{prefix}.settings.{setting}");
                                    fields.push(FieldChange { path, from, to: Value::Null });
                                }
                            }
                        }
                    }
                    "code" => fields.push(FieldChange {
                        path: format!("{prefix}.code"),
                        from: code_shown(&now("code"), false),
                        to: code_shown(&to, true),
                    }),
                    "users" => {
                        let top = held(snapshot, Noun::UserGroups);
                        let below = top.iter().find(|(r, _)| r.name == *name).map(|(_, b)| *b).unwrap_or_default();
                        let from = Value::from(members(below));
                        fields.push(FieldChange { path: format!("{prefix}.members"), from, to });
                    }
                    "permissions" => {
                        let from = current.map(|r| permissions_as_written(snapshot, r)).unwrap_or_default();
                        let from = serde_json::to_value(from).unwrap_or_default();
                        fields.push(FieldChange { path: format!("{prefix}.permissions"), from, to });
                    }
                    field => {
                        let before = now(if field == "name" { "display_name" } else { field });
                        fields.push(FieldChange { path: format!("{prefix}.{}", file_field(field)), from: before, to });
                    }
                }
            }
            Ok(change(Action::Update, resource(name, &shown), fields, Vec::new()))
        }
        Op::DeleteRecord { name } => {
            let target = Target::parse(name);
            let Some(Target::Record { noun, under, id, .. }) = target.clone() else {
                return Err(format!("{} is not one of the Public API's own resources", token(name)));
            };
            let target = target.unwrap_or(Target::Workspaces);
            if !inside(&target) || target.path() != *name {
                return Err(format!("{} is not in {}", token(name), snapshot.workspace));
            }
            if !planned(noun) {
                return Err(format!("a plan deletes no {}", noun.noun()));
            }
            if noun == Noun::WarehouseSources {
                let warehouse = full(snapshot, Noun::Warehouses, None, under.as_deref().unwrap_or_default());
                let shown = record_at(snapshot, &warehouse).map(|r| named(Noun::Warehouses, r)).unwrap_or_default();
                let field = FieldChange { path: "warehouse.sources".into(), from: Value::String(id), to: Value::Null };
                return Ok(change(Action::Disconnect, resource(&warehouse, &shown), vec![field], Vec::new()));
            }
            let shown = record_at(snapshot, name).map(|r| named(noun, r)).unwrap_or_default();
            // A function's instances go with it, a warehouse's connections.
            let with = match noun {
                Noun::Functions | Noun::Warehouses => held(snapshot, noun)
                    .into_iter()
                    .filter(|(r, _)| r.name == *name)
                    .flat_map(|(_, below)| below.iter().map(|i| i.name.clone()))
                    .collect(),
                _ => Vec::new(),
            };
            Ok(change(Action::Delete, resource(name, &shown), Vec::new(), with))
        }
        _ => Err("not a record's change".into()),
    }
}

fn text(fields: &Map<String, Value>, key: &str) -> String {
    fields.get(key).and_then(Value::as_str).unwrap_or_default().to_string()
}

/// A spec's fields as the Public API names them: its own keys in camelCase (`new_event_name` as `newEventName`,
/// `if` as `if`), absent ones left out.
fn wire_fields(spec: &impl Serialize) -> Map<String, Value> {
    let Ok(Value::Object(fields)) = serde_json::to_value(spec) else { return Map::new() };
    let camel = |key: &str| {
        let mut out = String::new();
        let mut upper = false;
        for c in key.chars() {
            match c {
                '_' => upper = true,
                c if upper => {
                    out.extend(c.to_uppercase());
                    upper = false;
                }
                c => out.push(c),
            }
        }
        out
    };
    fields.into_iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (camel(&k), v)).collect()
}

impl Builder<'_> {
    /// The changes of the Public API's own resources the file manages; on an API that holds none, each key the file
    /// has is "not supported".
    pub(super) fn records(&mut self, file: &WorkspaceFile) -> Result<()> {
        let ws = self.snapshot.workspace.clone();
        if !self.holds().public_resources {
            // A key that holds nothing asks nothing of the API (a Public API export's empty collections).
            let keys = [
                ("warehouses", given(&file.warehouses)),
                ("functions", given(&file.functions)),
                ("user_groups", given(&file.user_groups)),
                ("labels", given(&file.labels)),
            ];
            for (key, _) in keys.into_iter().filter(|(_, given)| *given) {
                self.not_supported(&ws, key, reason::PUBLIC_ONLY);
            }
            for (slug, source) in &file.sources {
                let name = format!("{ws}/sources/{slug}");
                if given(&source.transformations) {
                    self.not_supported(&name, "transformations", reason::PUBLIC_ONLY);
                }
                if given(&source.reverse_etl_models) {
                    self.not_supported(&name, "reverse_etl_models", reason::PUBLIC_ONLY);
                }
                for (key, destination) in &source.destinations {
                    if given(&destination.insert_functions) {
                        let path = format!("destinations.{key}.insert_functions");
                        self.not_supported(&name, &path, reason::PUBLIC_ONLY);
                    }
                }
            }
            return Ok(());
        }
        if let Some(labels) = &file.labels {
            self.labels(labels);
        }
        if let Some(warehouses) = &file.warehouses {
            // A connection to a source neither the workspace nor the file has would fail after the warehouse is made.
            for (name, spec) in warehouses {
                for source in spec.sources.iter().flatten() {
                    let named = format!("{ws}/sources/{source}");
                    if !file.sources.contains_key(source) && self.snapshot.source(&named).is_none() {
                        return Err(Error::usage(format!(
                            "warehouses.{name:?}.sources: no source {} in the workspace or the file",
                            crate::text::quoted(source)
                        )));
                    }
                }
            }
            self.warehouses(warehouses)?;
        }
        self.functions(file)?;
        for (slug, source) in &file.sources {
            if let Some(wanted) = &source.transformations {
                self.under_source(slug, Noun::Transformations, wanted)?;
            }
            if let Some(wanted) = &source.reverse_etl_models {
                self.under_source(slug, Noun::ReverseEtlModels, wanted)?;
            }
        }
        if let Some(groups) = &file.user_groups {
            self.groups(file, groups)?;
        }
        Ok(())
    }

    /// The records of `all` that the file's `keys` name, by the name each is keyed by; two of one name cannot be told
    /// apart: refused, naming both.
    fn matched<'s>(
        &self,
        noun: Noun,
        all: &[(&'s PublicRecord, &'s [PublicRecord])],
        keys: impl Iterator<Item = &'s str>,
    ) -> Result<BTreeMap<String, (&'s PublicRecord, &'s [PublicRecord])>> {
        let keys: BTreeSet<&str> = keys.collect();
        let mut found: BTreeMap<String, (&PublicRecord, &[PublicRecord])> = BTreeMap::new();
        for (record, below) in all {
            let name = named(noun, record);
            if !keys.contains(name.as_str()) {
                continue;
            }
            if let Some((other, _)) = found.get(&name) {
                return Err(Error::usage(format!(
                    "{} and {} are both {}s named {name:?}; a file keys them by name: rename one first",
                    other.name,
                    record.name,
                    noun.noun()
                )));
            }
            found.insert(name, (record, below));
        }
        Ok(found)
    }

    fn labels(&mut self, labels: &IndexMap<String, crate::plan::resources::LabelSpec>) {
        let all = held(self.snapshot, Noun::Labels);
        let at = collection(self.snapshot, Noun::Labels, None).path();
        for (label, spec) in labels {
            let Some((label_key, value)) = crate::plan::resources::label_parts(label) else { continue };
            match all.iter().find(|(r, _)| named(Noun::Labels, r) == *label) {
                None => {
                    let mut input = RecordInput::default();
                    let _ = input.set("key", label_key);
                    let _ = input.set("value", value);
                    if let Some(description) = &spec.description {
                        let _ = input.set("description", description);
                    }
                    self.labels_first.push(Op::CreateRecord { collection: at.clone(), body: input });
                }
                Some((record, _)) => {
                    let wanted = spec.description.as_deref();
                    if wanted.is_some_and(|d| d != record.text("description")) {
                        self.not_supported(&record.name, "label.description", reason::LABEL_DESCRIPTION);
                    }
                }
            }
        }
        if self.prune {
            for (record, _) in all.iter().filter(|(r, _)| !labels.contains_key(&named(Noun::Labels, r))) {
                self.labels_last.push(Op::DeleteRecord { name: record.name.clone() });
            }
        }
    }

    /// A setting as the file gives it (references kept) and, when every reference is set, as it will be sent. An
    /// unset reference is unverifiable; a secret written literally is scrubbed from all output from now on.
    fn setting(&mut self, resource: &str, path: &str, value: &ConfigValue) -> (Value, Option<Value>) {
        let (sent, resolved) = self.resolved(resource, path, value);
        let key = path.rsplit('.').next().unwrap_or_default();
        if matches!(value, ConfigValue::Plain(_)) && !secret_pointers(key, "", &sent).is_empty() {
            self.literal_secrets.push(format!("{resource} {path}"));
            if let Some(text) = sent.as_str() {
                self.env.literal(text);
            }
        }
        (sent, resolved)
    }

    /// Whether a setting differs from what the record has. A value the service shows censored cannot be compared:
    /// unverifiable, unless its last four characters differ.
    fn setting_differs(
        &mut self,
        resource: &str,
        path: &str,
        current: Option<&Value>,
        resolved: Option<&Value>,
    ) -> bool {
        let Some(resolved) = resolved else { return current.is_none() };
        match current {
            None => true,
            Some(current) if censored_secret(current) => {
                if censor_disagrees(current, resolved) {
                    return true;
                }
                self.unverifiable.push(Unverifiable {
                    resource: resource.to_string(),
                    path: path.to_string(),
                    reason: "the service shows it censored; it is written only when made".into(),
                });
                false
            }
            Some(current) => !same(current, resolved),
        }
    }

    fn warehouses(&mut self, wanted: &IndexMap<String, crate::plan::resources::WarehouseSpec>) -> Result<()> {
        let all = held(self.snapshot, Noun::Warehouses);
        let found = self.matched(Noun::Warehouses, &all, wanted.keys().map(String::as_str))?;
        let at = collection(self.snapshot, Noun::Warehouses, None).path();
        for (name, spec) in wanted {
            let Some((record, below)) = found.get(name).copied() else {
                let mut input = RecordInput::default();
                let _ = input.set("name", name);
                if let Some(enabled) = spec.enabled {
                    let _ = input.set("enabled", enabled);
                }
                let mut settings = Map::new();
                for (key, value) in spec.settings.iter().flatten() {
                    let (sent, _) = self.setting(&at, &format!("warehouse.settings.{key}"), value);
                    settings.insert(key.clone(), sent);
                }
                let _ = input.set("settings", settings);
                input.refer("metadataId", Referent::WarehouseEntry(spec.catalog_name.clone()));
                for source in spec.sources.iter().flatten() {
                    let mut connection = RecordInput::default();
                    connection.refer("sourceId", Referent::Source(source.clone()));
                    input.below.push(Below { collection: Noun::WarehouseSources.word().into(), input: connection });
                }
                self.records.push(Op::CreateRecord { collection: at.clone(), body: input });
                continue;
            };
            let resource = record.name.clone();
            let mut update = UpdateRequest::<PublicRecord>::new();
            let entry = record.fields.get("metadata").and_then(|m| m.get("slug")).and_then(Value::as_str);
            if entry.is_some_and(|entry| entry != spec.catalog_name) {
                self.not_supported(&resource, "warehouse.catalog_name", reason::WAREHOUSE_ENTRY);
            }
            if let Some(enabled) = spec.enabled.filter(|e| record.fields.get("enabled") != Some(&Value::Bool(*e))) {
                let _ = update.set("enabled", enabled);
            }
            let current = record.fields.get("settings").cloned().unwrap_or_default();
            let mut changed = Map::new();
            for (key, value) in spec.settings.iter().flatten() {
                let path = format!("warehouse.settings.{key}");
                let (sent, resolved) = self.setting(&resource, &path, value);
                if self.setting_differs(&resource, &path, current.get(key), resolved.as_ref()) {
                    changed.insert(key.clone(), sent);
                }
            }
            if !changed.is_empty() {
                let _ = update.set("settings", changed);
            }
            if !update.mask.paths.is_empty() {
                self.records.push(Op::UpdateRecord { name: resource.clone(), update });
            }
            if let Some(sources) = &spec.sources {
                let connected: Vec<&str> = below.iter().map(|s| s.text("slug")).collect();
                let connections = collection(self.snapshot, Noun::WarehouseSources, Some(record.id())).path();
                for source in sources.iter().filter(|s| !connected.contains(&s.as_str())) {
                    let mut input = RecordInput::default();
                    input.refer("sourceId", Referent::Source(source.clone()));
                    self.records.push(Op::CreateRecord { collection: connections.clone(), body: input });
                }
                for gone in below.iter().filter(|s| !sources.iter().any(|w| w == s.text("slug"))) {
                    self.records.push(Op::DeleteRecord { name: gone.name.clone() });
                }
            }
        }
        if self.prune {
            for (record, _) in all.iter().filter(|(r, _)| !wanted.contains_key(&named(Noun::Warehouses, r))) {
                self.record_deletes.push(Op::DeleteRecord { name: record.name.clone() });
            }
        }
        Ok(())
    }

    /// Functions (when the file has `functions`) and the insert function instances of each destination that has
    /// `insert_functions`; a new function's instances are made below it.
    fn functions(&mut self, file: &WorkspaceFile) -> Result<()> {
        let all = held(self.snapshot, Noun::Functions);
        let wanted = file.functions.clone().unwrap_or_default();
        let mut keys: Vec<&str> = wanted.keys().map(String::as_str).collect();
        let instances = self.wanted_instances(file);
        keys.extend(instances.iter().map(|(function, ..)| function.as_str()));
        let found = self.matched(Noun::Functions, &all, keys.into_iter())?;
        let at = collection(self.snapshot, Noun::Functions, None).path();
        for (name, spec) in &wanted {
            let code = spec
                .text
                .as_ref()
                .ok_or_else(|| Error::failed(format!("the code of function {name:?} was not read with the file")))?;
            let Some((record, _)) = found.get(name).copied() else {
                let mut input = RecordInput::default();
                let _ = input.set("displayName", name);
                let _ = input.set("resourceType", spec.kind.wire());
                let _ = input.set("code", code_ref(&spec.code, code));
                self.function_fields(spec, None, |field, value| {
                    let _ = input.set(field, value);
                });
                for (source, destination, function, instance) in &instances {
                    if function != name {
                        continue;
                    }
                    let below = self.instance_input(source, destination, function, instance);
                    input.below.push(Below { collection: Noun::Instances.word().into(), input: below });
                }
                self.records.push(Op::CreateRecord { collection: at.clone(), body: input });
                continue;
            };
            let mut update = UpdateRequest::<PublicRecord>::new();
            let kind = serde_json::to_value(spec.kind.wire()).unwrap_or_default();
            if record.fields.get("resourceType").is_some_and(|t| *t != kind) {
                self.not_supported(&record.name, "function.type", reason::FUNCTION_TYPE);
            }
            if Code::of(record.text("code").to_string()).sha256 != code.sha256 {
                let _ = update.set("code", code_ref(&spec.code, code));
            }
            self.function_fields(spec, Some(record), |field, value| {
                let _ = update.set(field, value);
            });
            if !update.mask.paths.is_empty() {
                self.records.push(Op::UpdateRecord { name: record.name.clone(), update });
            }
        }
        // Instances of functions that exist (those of a function this apply makes are made with it).
        // The destinations whose instances the file manages: those with `insert_functions`.
        let managed: BTreeSet<String> = file
            .sources
            .iter()
            .flat_map(|(source, spec)| spec.destinations.iter().map(move |(key, d)| (source, key, d)))
            .filter(|(_, _, spec)| spec.insert_functions.is_some())
            .filter_map(|(source, key, _)| self.destination_named(source, key))
            .collect();
        for (source, destination, function, spec) in &instances {
            // Only an insert function has instances: another kind is refused here, not by the service midway.
            let kind = match (wanted.get(function), found.get(function)) {
                (Some(spec), _) => Some(serde_json::to_value(spec.kind.wire()).unwrap_or_default()),
                (None, Some((record, _))) => record.fields.get("resourceType").cloned(),
                (None, None) => None,
            };
            if kind.as_ref().is_some_and(|kind| kind != "INSERT_DESTINATION") {
                return Err(Error::usage(format!(
                    "sources.{source}.destinations.{destination}.insert_functions: {function:?} is not an insert \
                     function (type insert_destination)"
                )));
            }
            let destination_name = self.destination_named(source, destination);
            let Some((record, below)) = found.get(function).copied() else {
                if !wanted.contains_key(function) {
                    return Err(Error::usage(format!(
                        "sources.{source}.destinations.{destination}.insert_functions: no insert function named \
                         {function:?} in the workspace or the file"
                    )));
                }
                continue;
            };
            let id = destination_name.as_deref().and_then(|d| self.snapshot.destination(d)).map(destination_id);
            let current = below.iter().find(|i| id.as_deref().is_some_and(|id| i.text("integrationId") == id));
            match current {
                None => {
                    let input = self.instance_input(source, destination, function, spec);
                    let at = collection(self.snapshot, Noun::Instances, Some(record.id())).path();
                    self.records.push(Op::CreateRecord { collection: at, body: input });
                }
                Some(instance) => self.update_instance(instance, spec),
            }
        }
        if self.prune {
            for (record, below) in &all {
                let gone = below.iter().filter(|instance| {
                    let on = self.destination_by_id(instance.text("integrationId"));
                    let Some(on) = on.filter(|d| managed.contains(*d)) else { return false };
                    !instances.iter().any(|(source, destination, function, _)| {
                        *function == named(Noun::Functions, record)
                            && self.destination_named(source, destination).as_deref() == Some(on)
                    })
                });
                let gone: Vec<String> = gone.map(|instance| instance.name.clone()).collect();
                self.record_deletes.extend(gone.into_iter().map(|name| Op::DeleteRecord { name }));
            }
            if file.functions.is_some() {
                for (record, _) in all.iter().filter(|(r, _)| !wanted.contains_key(&named(Noun::Functions, r))) {
                    self.record_deletes.push(Op::DeleteRecord { name: record.name.clone() });
                }
            }
        }
        Ok(())
    }

    /// A function's description, logo and settings, each given and different from `current`'s (all, when new).
    fn function_fields(&self, spec: &FunctionSpec, current: Option<&PublicRecord>, mut set: impl FnMut(&str, Value)) {
        let now = |field: &str| current.and_then(|r| r.fields.get(field)).cloned().unwrap_or(Value::Null);
        let differs = |field: &str, value: &Value| current.is_none() || !same(&now(field), value);
        if let Some(description) = spec.description.as_ref().map(|d| Value::String(d.clone()))
            && differs("description", &description)
        {
            set("description", description);
        }
        if let Some(logo) = spec.logo_url.as_ref().map(|l| Value::String(l.clone()))
            && differs("logoUrl", &logo)
        {
            set("logoUrl", logo);
        }
        if let Some(settings) = &spec.settings {
            let settings = Value::Array(settings.iter().cloned().map(Value::Object).collect());
            if differs("settings", &settings) {
                set("settings", settings);
            }
        }
    }

    /// The instances the file's destinations name: (source slug, destination key, function name, spec).
    fn wanted_instances(
        &self,
        file: &WorkspaceFile,
    ) -> Vec<(String, String, String, crate::plan::resources::InstanceSpec)> {
        let mut out = Vec::new();
        for (source, spec) in &file.sources {
            for (destination, spec) in &spec.destinations {
                for (function, instance) in spec.insert_functions.iter().flatten() {
                    out.push((source.clone(), destination.clone(), function.clone(), instance.clone()));
                }
            }
        }
        out
    }

    /// The destination of the workspace a file's key names on a source, if it exists.
    fn destination_named(&self, source: &str, key: &str) -> Option<String> {
        let state = self.snapshot.source(&format!("{}/sources/{source}", self.snapshot.workspace))?;
        let mut wanted = IndexMap::new();
        wanted.insert(key.to_string(), crate::plan::file::DestinationSpec::default());
        let found = super::matched(self.snapshot, &wanted, &state.destinations).ok()?;
        found.into_iter().find_map(|(_, _, actual)| actual.map(|d| d.name.clone()))
    }

    /// The name of the destination of the workspace whose Public API id is `id`.
    fn destination_by_id(&self, id: &str) -> Option<&str> {
        let all = self.snapshot.sources.iter().flat_map(|s| &s.destinations);
        all.into_iter().find(|d| destination_id(d) == id).map(|d| d.name.as_str())
    }

    fn instance_input(
        &mut self,
        source: &str,
        destination: &str,
        function: &str,
        spec: &crate::plan::resources::InstanceSpec,
    ) -> RecordInput {
        let mut input = RecordInput::default();
        let _ = input.set("name", function);
        let _ = input.set("enabled", spec.enabled.unwrap_or(true));
        let resource = format!("{}/sources/{source}/destinations/{destination}", self.snapshot.workspace);
        let mut settings = Map::new();
        for (key, value) in spec.settings.iter().flatten() {
            let (sent, _) = self.setting(&resource, &format!("insert_function_instance.settings.{key}"), value);
            settings.insert(key.clone(), sent);
        }
        let _ = input.set("settings", settings);
        let to = Referent::Destination { source: source.to_string(), destination: destination.to_string() };
        input.refer("integrationId", to);
        input
    }

    fn update_instance(&mut self, instance: &PublicRecord, spec: &crate::plan::resources::InstanceSpec) {
        let mut update = UpdateRequest::<PublicRecord>::new();
        if let Some(enabled) = spec.enabled.filter(|e| instance.fields.get("enabled") != Some(&Value::Bool(*e))) {
            let _ = update.set("enabled", enabled);
        }
        if let Some(wanted) = &spec.settings {
            let current = instance.fields.get("settings").cloned().unwrap_or_default();
            let mut sent = Map::new();
            let mut differs = current.as_object().is_some_and(|c| c.keys().any(|k| !wanted.contains_key(k)));
            for (key, value) in wanted {
                let path = format!("insert_function_instance.settings.{key}");
                let (value, resolved) = self.setting(&instance.name, &path, value);
                differs |= self.setting_differs(&instance.name, &path, current.get(key), resolved.as_ref());
                sent.insert(key.clone(), value);
            }
            if differs {
                let _ = update.set("settings", sent);
            }
        }
        if !update.mask.paths.is_empty() {
            self.records.push(Op::UpdateRecord { name: instance.name.clone(), update });
        }
    }

    /// A source's transformations or reverse ETL models: matched among those whose `sourceId` is the source's.
    fn under_source<S: Serialize>(&mut self, slug: &str, noun: Noun, wanted: &IndexMap<String, S>) -> Result<()> {
        let source = self.snapshot.source(&format!("{}/sources/{slug}", self.snapshot.workspace));
        let id = source.map(|s| s.source.id.clone());
        let all: Vec<(&PublicRecord, &[PublicRecord])> = held(self.snapshot, noun)
            .into_iter()
            .filter(|(r, _)| id.as_deref().is_some_and(|id| !id.is_empty() && r.text("sourceId") == id))
            .collect();
        let found = self.matched(noun, &all, wanted.keys().map(String::as_str))?;
        let at = collection(self.snapshot, noun, None).path();
        for (name, spec) in wanted {
            let given = wire_fields(spec);
            let Some((record, _)) = found.get(name).copied() else {
                let mut input = RecordInput { fields: create_defaults(noun), ..RecordInput::default() };
                let _ = input.set("name", name);
                input.fields.extend(given);
                input.refer("sourceId", Referent::Source(slug.to_string()));
                self.records.push(Op::CreateRecord { collection: at.clone(), body: input });
                continue;
            };
            let mut update = UpdateRequest::<PublicRecord>::new();
            for (field, value) in given {
                let now = record.fields.get(&field).cloned().unwrap_or(Value::Null);
                if !same(&now, &value) {
                    let _ = update.set(&field, value);
                }
            }
            if !update.mask.paths.is_empty() {
                self.records.push(Op::UpdateRecord { name: record.name.clone(), update });
            }
        }
        if self.prune {
            for (record, _) in all.iter().filter(|(r, _)| !wanted.contains_key(&named(noun, r))) {
                self.record_deletes.push(Op::DeleteRecord { name: record.name.clone() });
            }
        }
        Ok(())
    }

    /// Refuses, before any write, a permission whose role the workspace does not have, or which names a source,
    /// warehouse or function neither the workspace nor the file has.
    fn check_permissions(&self, file: &WorkspaceFile, group: &str, permissions: &[PermissionSpec]) -> Result<()> {
        let roles = self.snapshot.records.roles.as_deref().unwrap_or_default();
        for permission in permissions {
            let role = &permission.role;
            let known = roles.iter().any(|r| r.id() == role || r.text("display_name").eq_ignore_ascii_case(role));
            if !known {
                return Err(Error::usage(format!(
                    "user_groups.{group:?}: no role {}: `seg roles list` lists them",
                    crate::text::quoted(role)
                )));
            }
            for resource in &permission.resources {
                let Some(name) = resource.name.as_deref() else { continue };
                let (noun, found) = match resource.kind {
                    ResourceKind::Source => (
                        "source",
                        file.sources.contains_key(name)
                            || self
                                .snapshot
                                .sources
                                .iter()
                                .any(|s| super::slug(&s.source.name) == name || s.source.id == name),
                    ),
                    ResourceKind::Warehouse => (
                        "warehouse",
                        file.warehouses.as_ref().is_some_and(|w| w.contains_key(name))
                            || held(self.snapshot, Noun::Warehouses)
                                .iter()
                                .any(|(r, _)| r.id() == name || named(Noun::Warehouses, r) == name),
                    ),
                    ResourceKind::Function => (
                        "function",
                        file.functions.as_ref().is_some_and(|f| f.contains_key(name))
                            || held(self.snapshot, Noun::Functions)
                                .iter()
                                .any(|(r, _)| r.id() == name || named(Noun::Functions, r) == name),
                    ),
                    ResourceKind::Workspace | ResourceKind::Space => continue,
                };
                if !found {
                    return Err(Error::usage(format!(
                        "user_groups.{group:?}: permission {} reaches no {noun} {} of the workspace or the file",
                        crate::text::quoted(role),
                        crate::text::quoted(name)
                    )));
                }
            }
        }
        Ok(())
    }

    fn groups(&mut self, file: &WorkspaceFile, wanted: &IndexMap<String, GroupSpec>) -> Result<()> {
        for (name, spec) in wanted {
            self.check_permissions(file, name, spec.permissions.as_deref().unwrap_or_default())?;
        }
        let all = held(self.snapshot, Noun::UserGroups);
        let found = self.matched(Noun::UserGroups, &all, wanted.keys().map(String::as_str))?;
        let at = collection(self.snapshot, Noun::UserGroups, None).path();
        let sorted = |emails: &[String]| {
            let mut emails = emails.to_vec();
            emails.sort();
            emails.dedup();
            emails
        };
        for (name, spec) in wanted {
            let Some((record, below)) = found.get(name).copied() else {
                let mut input = RecordInput::default();
                let _ = input.set("name", name);
                if let Some(permissions) = &spec.permissions {
                    let _ = input.set("permissions", permissions_sent(permissions));
                }
                if let Some(members) = spec.members.as_deref().filter(|m| !m.is_empty()) {
                    let mut users = RecordInput::default();
                    let _ = users.set("emails", sorted(members));
                    input.below.push(Below { collection: Noun::GroupUsers.word().into(), input: users });
                }
                self.records.push(Op::CreateRecord { collection: at.clone(), body: input });
                continue;
            };
            let mut update = UpdateRequest::<PublicRecord>::new();
            if let Some(members_wanted) = &spec.members {
                let wanted = sorted(members_wanted);
                if wanted != members(below) {
                    let _ = update.set("users", wanted);
                }
            }
            if let Some(permissions) = &spec.permissions {
                let now = permissions_compared(&permissions_as_written(self.snapshot, record));
                if permissions_compared(permissions) != now {
                    let _ = update.set("permissions", permissions_sent(permissions));
                }
            }
            if !update.mask.paths.is_empty() {
                self.records.push(Op::UpdateRecord { name: record.name.clone(), update });
            }
        }
        if self.prune {
            for (record, _) in all.iter().filter(|(r, _)| !wanted.contains_key(&named(Noun::UserGroups, r))) {
                self.record_deletes.push(Op::DeleteRecord { name: record.name.clone() });
            }
        }
        Ok(())
    }
}

/// Whether a file's collection key holds anything.
fn given<V>(collection: &Option<IndexMap<String, V>>) -> bool {
    collection.as_ref().is_some_and(|c| !c.is_empty())
}

/// What a create of `noun` sends when the file leaves it out (the service requires it).
fn create_defaults(noun: Noun) -> Map<String, Value> {
    let mut fields = Map::new();
    match noun {
        Noun::Transformations => {
            fields.insert("enabled".into(), Value::Bool(true));
        }
        Noun::ReverseEtlModels => {
            fields.insert("description".into(), Value::String(String::new()));
            fields.insert("enabled".into(), Value::Bool(true));
            fields.insert("scheduleStrategy".into(), Value::String("MANUAL".into()));
            fields.insert("scheduleConfig".into(), Value::Object(Map::new()));
        }
        _ => {}
    }
    fields
}

/// A destination's Public API id, as its reading carries it.
fn destination_id(destination: &crate::wire::Destination) -> String {
    destination.extra.get("id").and_then(Value::as_str).unwrap_or_default().to_string()
}
