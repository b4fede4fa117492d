//! The audit trail: every write committed through either API ([`super::Tx`]) becomes events of its workspace, one per
//! record it creates, changes or deletes (what goes with a record, its children moved or deleted with it, is its
//! event's), kept as records under `workspaces/W/audit-events/` in the order they were committed: the newest
//! [`KEPT`] of each workspace, the oldest dropped in the commit that adds the events over it ([`capped`]).

use std::collections::{BTreeMap, HashSet};

use crate::emulator::gate::Caller;
use crate::emulator::mint;
use crate::emulator::store::{Entry, Op, Plan, Resource, State};
use crate::wire::public::iam::AuditEvent;

/// How many events a workspace's trail keeps (docs/EMULATOR.md, "The Public API's door"): enough for any test or
/// session's history, while a long-running emulator's trail (and data file) stays bounded.
pub const KEPT: usize = 10_000;

/// The collection of a workspace's audit events.
pub fn collection(workspace: &str) -> String {
    format!("{workspace}/audit-events")
}

/// The workspace a name lies in (`workspaces/W`), if any.
fn workspace_of(name: &str) -> Option<&str> {
    let rest = name.strip_prefix("workspaces/")?;
    let end = rest.find('/').map_or(name.len(), |i| "workspaces/".len() + i);
    Some(&name[..end])
}

/// Whether a strict ancestor of `name` is one of `changed`.
fn under_changed(name: &str, changed: &HashSet<&str>) -> bool {
    let mut at = name;
    while let Some((parent, _)) = at.rsplit_once('/') {
        if changed.contains(parent) {
            return true;
        }
        at = parent;
    }
    false
}

/// A record's kind as the audit trail names it, and its name for people.
fn described(name: &str, entry: &Entry) -> Option<(&'static str, String)> {
    let last = name.rsplit('/').next().unwrap_or(name).to_string();
    let or_last = |text: &str| if text.is_empty() { last.clone() } else { text.to_string() };
    Some(match &entry.resource {
        Resource::Workspace(w) => ("Workspace", or_last(&w.display_name)),
        Resource::Source(s) => ("Source", or_last(&s.display_name)),
        Resource::Destination(d) => ("Destination", or_last(entry.more.name.as_deref().unwrap_or(&d.display_name))),
        Resource::TrackingPlan(p) => ("Tracking Plan", or_last(&p.display_name)),
        Resource::Connection(_) => ("Tracking Plan Source Connection", last),
        Resource::AccessToken(t) => ("Access Token", or_last(&t.record.description)),
        Resource::Regulation(_) => ("Regulation", last),
        Resource::Filter(f) => ("Destination Filter", or_last(&f.title)),
        Resource::SchemaConfig(_) => ("Source Schema Settings", last),
        Resource::Mapping(m) => ("Destination Subscription", or_last(&m.name)),
        Resource::Function(f) => ("Function", or_last(&f.function.display_name)),
        Resource::InsertFunctionInstance(i) => ("Insert Function Instance", or_last(&i.name)),
        Resource::User(u) => ("User", or_last(&u.email)),
        Resource::UserGroup(g) => ("User Group", or_last(&g.name)),
        Resource::Invite(i) => ("Invite", or_last(&i.email)),
        Resource::Warehouse(w) if name.contains("/profiles-warehouses/") => {
            ("Profiles Warehouse", w.name.clone().unwrap_or(last))
        }
        Resource::Warehouse(w) => ("Warehouse", w.name.clone().unwrap_or(last)),
        Resource::WarehouseConnection(_) => ("Warehouse Source Connection", last),
        Resource::ReverseEtlModel(m) => ("Reverse ETL Model", or_last(&m.name)),
        Resource::Transformation(t) => ("Transformation", or_last(&t.name)),
        Resource::AuditEvent(_) => return None,
    })
}

/// Who acted: the token's name in its workspace (`access-tokens/1`), or `access-token` for a token the emulator was
/// started with. Never the token itself.
fn actor(state: &State, caller: &Caller) -> String {
    match state.token_by_secret(&caller.token) {
        Some(token) => {
            let name = token.record.name.as_str();
            name.find("access-tokens/").map_or_else(|| name.to_string(), |i| name[i..].to_string())
        }
        None => "access-token".into(),
    }
}

/// The events of a checked plan, as ops to commit with it: a record put where none was is `<Kind> Created`, put
/// over itself or moved `<Kind> Modified`, removed `<Kind> Deleted`; changes beneath a changed record are its own.
pub fn events(state: &State, caller: &Caller, plan: &Plan) -> Vec<Op> {
    let changed: HashSet<&str> =
        plan.puts().iter().map(|(name, _)| name.as_str()).chain(plan.deletes().iter().map(String::as_str)).collect();
    let put_ids: HashSet<&str> =
        plan.puts().iter().map(|(_, entry)| entry.more.id.as_str()).filter(|id| !id.is_empty()).collect();
    let timestamp = mint::now();
    let actor = actor(state, caller);
    let mut ops = Vec::new();
    let mut event = |name: &str, entry: &Entry, action: &str| {
        let Some(workspace) = workspace_of(name) else { return };
        if name == workspace || under_changed(name, &changed) {
            return;
        }
        let Some((kind, resource_name)) = described(name, entry) else { return };
        let resource_id = if entry.more.id.is_empty() {
            name.rsplit('/').next().unwrap_or(name).to_string()
        } else {
            entry.more.id.clone()
        };
        let id = mint::random_id(22);
        let record = AuditEvent {
            id: id.clone(),
            timestamp: timestamp.clone(),
            kind: format!("{kind} {action}"),
            actor: actor.clone(),
            actor_email: None,
            resource_id,
            resource_type: kind.to_string(),
            resource_name,
        };
        ops.push(Op::Insert(format!("{}/{id}", collection(workspace)), Resource::AuditEvent(record)));
    };
    for (name, entry) in plan.puts() {
        let moved = !entry.more.id.is_empty() && state.name_of_id(&entry.more.id).is_some();
        let action = if state.contains(name) || moved { "Modified" } else { "Created" };
        event(name, entry, action);
    }
    for name in plan.deletes() {
        let Some(entry) = state.entry(name) else { continue };
        if !entry.more.id.is_empty() && put_ids.contains(entry.more.id.as_str()) {
            continue;
        }
        event(name, entry, "Deleted");
    }
    ops
}

/// `events` (of [`events`]) within the cap: per workspace, the oldest events stored are removed so that, with the
/// new ones, no more than `kept` remain; should one write make more than `kept`, only its newest `kept` are added.
pub fn capped(state: &State, events: Vec<Op>, kept: usize) -> Vec<Op> {
    let mut added: BTreeMap<String, usize> = BTreeMap::new();
    for op in &events {
        if let Op::Insert(name, _) = op {
            *added.entry(crate::emulator::store::collection_of(name).to_string()).or_default() += 1;
        }
    }
    let mut ops = Vec::with_capacity(events.len());
    for (collection, new) in &added {
        let over = (state.size_of(collection) + new).saturating_sub(kept);
        ops.extend(state.names_in(collection).take(over).map(|name| Op::RemoveTree(name.to_string())));
    }
    let mut skipped: BTreeMap<String, usize> = BTreeMap::new();
    for op in events {
        if let Op::Insert(name, _) = &op {
            let collection = crate::emulator::store::collection_of(name).to_string();
            let skip = added[&collection].saturating_sub(kept);
            let done = skipped.entry(collection).or_default();
            if *done < skip {
                *done += 1;
                continue;
            }
        }
        ops.push(op);
    }
    ops
}
