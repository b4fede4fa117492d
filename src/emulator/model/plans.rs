//! Tracking plans: `workspaces/<ws>/tracking-plans/rs_<27 alphanumerics>`, their rules kept as the Config API's
//! rules object (the Public API's rule list maps onto it, `wire::public::map`, nothing lost), and their source
//! connections `<plan>/source-connections/<source slug>`. On the Public API a plan also has a `type`, a
//! `description` and maybe a `slug` ([`More`]), and a source is on at most one plan.

use serde_json::{Map, Value};

use super::existing;
use crate::emulator::mint::{now, random_id};
use crate::emulator::status::Status;
use crate::emulator::store::{More, Op, Resource, State};
use crate::wire::{SourceConnection, TrackingPlan};

/// The plan types the Public API takes; a plan made through the Config API is `LIVE`.
pub use crate::wire::public::PLAN_TYPES as TYPES;
/// The type of a plan that has none stored.
pub const DEFAULT_TYPE: &str = "LIVE";

/// The collection of a workspace's plans.
pub fn collection(workspace: &str) -> String {
    format!("{workspace}/tracking-plans")
}

/// The wire's rule (`TrackingPlan::normalize_rules`), answered 400 (the Public API: 422) when broken.
pub fn normalize_rules(rules: Map<String, Value>) -> Result<Map<String, Value>, Status> {
    TrackingPlan::normalize_rules(rules).map_err(|e| Status::invalid_field("rules", e))
}

/// Makes a plan in `workspace` with a display name, rules and what only the Public API has.
pub fn create(
    workspace: &str,
    display_name: String,
    rules: Map<String, Value>,
    more: More,
) -> Result<(Op, TrackingPlan), Status> {
    if display_name.trim().is_empty() {
        return Err(Status::invalid_field("name", "a tracking plan needs a name (tracking_plan.display_name)"));
    }
    if let Some(kind) = &more.kind
        && !TYPES.contains(&kind.as_str())
    {
        return Err(Status::invalid_field("type", format!("type must be one of {}, got {kind:?}", TYPES.join(", "))));
    }
    let time = now();
    let plan = TrackingPlan {
        name: format!("{}/rs_{}", collection(workspace), random_id(27)),
        display_name,
        rules: normalize_rules(rules)?,
        create_time: time.clone(),
        update_time: time,
        ..Default::default()
    };
    Ok((Op::InsertWith(plan.name.clone(), Resource::TrackingPlan(plan.clone()), more), plan))
}

/// The plan at `name` with what it holds beyond the Config API's shape.
pub fn get<'s>(state: &'s State, name: &str) -> Result<(&'s TrackingPlan, &'s More), Status> {
    match (existing(state, name)?, state.more(name)) {
        (Resource::TrackingPlan(plan), Some(more)) => Ok((plan, more)),
        _ => Err(Status::not_found(format!("{name} not found"))),
    }
}

/// Writes a plan's new value (its rules normalized), stamped with the time.
pub fn update(state: &State, name: &str, mut new: TrackingPlan, more: More) -> Result<Op, Status> {
    get(state, name)?;
    if new.display_name.trim().is_empty() {
        return Err(Status::invalid_field("name", "a tracking plan needs a name (tracking_plan.display_name)"));
    }
    new.rules = normalize_rules(new.rules)?;
    new.update_time = now();
    Ok(Op::ReplaceWith(name.to_string(), Resource::TrackingPlan(new), more))
}

/// Deletes a plan with its source connections.
pub fn delete(state: &State, name: &str) -> Result<Op, Status> {
    get(state, name)?;
    Ok(Op::RemoveTree(name.to_string()))
}

/// Whether a source may be on several plans: the Config API lets it; the Public API keeps it to one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plans {
    Several,
    One,
}

/// Connects a source to a plan: the op, or `None` when they are connected already. With [`Plans::One`], a source
/// connected to another plan is 409.
pub fn connect(
    state: &State,
    plan: &str,
    source: &str,
    plans: Plans,
) -> Result<(Option<Op>, SourceConnection), Status> {
    get(state, plan)?;
    existing(state, source)?;
    let slug = source.rsplit('/').next().unwrap_or_default();
    let connection = SourceConnection {
        source_name: source.to_string(),
        tracking_plan_id: plan.rsplit('/').next().unwrap_or_default().to_string(),
        ..Default::default()
    };
    let name = format!("{plan}/source-connections/{slug}");
    if plans == Plans::One {
        if state.contains(&name) {
            return Ok((None, connection));
        }
        if let Some(other) = super::sources::plan_of(state, source) {
            return Err(Status::new(
                crate::wire::Code::AlreadyExists,
                format!("source {slug} is already connected to tracking plan {}", state.id_of(&other)),
            ));
        }
    }
    Ok((Some(Op::Insert(name, Resource::Connection(connection.clone()))), connection))
}

/// Disconnects a source from a plan: 404 when they are not connected.
pub fn disconnect(state: &State, plan: &str, source_slug: &str) -> Result<Op, Status> {
    get(state, plan)?;
    let name = format!("{plan}/source-connections/{source_slug}");
    existing(state, &name)?;
    Ok(Op::RemoveTree(name))
}

/// The sources connected to a plan, in the order they were connected.
pub fn sources(state: &State, plan: &str) -> Vec<String> {
    state
        .names_in(&format!("{plan}/source-connections"))
        .filter_map(|name| match state.get(name) {
            Some(Resource::Connection(c)) if state.contains(&c.source_name) => Some(c.source_name.clone()),
            _ => None,
        })
        .collect()
}
