//! Tracking plans: `workspaces/<ws>/tracking-plans/rs_<27 alphanumerics>`, and their source connections
//! `<plan>/source-connections/<source slug>`. On the Public API a plan also has a `type`, a `description` and maybe
//! a `slug` ([`More`]), and a source is on at most one plan.
//!
//! A plan's rules are held in both APIs' shapes, so that neither loses what the other wrote: the Config API's rules
//! object on the record, and the Public API's rule list in [`More::rules`], in the order the rules were added and
//! each as it was written. A write through one API sets its own shape and makes the other from it
//! (`wire::public::map`), keeping of the other's what it still says the same: a rule list keeps the Config API's
//! events it did not change (their own members, an absent description or version) and the members of the rules
//! object the list has no place for (`identify_traits`, `group_traits`, ...); a rules object keeps each rule of the
//! list it did not change as written, and its place; a rule it adds comes last.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::existing;
use crate::emulator::mint::{now, random_id};
use crate::emulator::status::Status;
use crate::emulator::store::{More, Op, Resource, State};
use crate::wire::public::{RuleInput, map};
use crate::wire::{SourceConnection, TrackingPlan};

/// The plan types the Public API takes; a plan made through the Config API is `LIVE`.
pub use crate::wire::public::PLAN_TYPES as TYPES;
/// The type of a plan that has none stored.
pub const DEFAULT_TYPE: &str = "LIVE";

/// A tracking plan, by its id ([`super::Kind`]).
pub const PLAN: super::Kind =
    super::Kind { what: "tracking plan", is: |_, record| matches!(record, Resource::TrackingPlan(_)) };

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

/// Writes a plan's new value (its rules normalized), stamped with the time. When its rules object changed, the rule
/// list follows it: each rule it kept as it was written and where it was, a rule it changed in its place, a new one
/// last.
pub fn update(state: &State, name: &str, mut new: TrackingPlan, mut more: More) -> Result<Op, Status> {
    let (current, current_more) = get(state, name)?;
    new.rules = normalize_rules(new.rules)?;
    if new.rules != current.rules {
        more.rules = Some(followed(&rule_list(current, current_more), &new.rules));
    }
    write(name, new, more)
}

/// A plan's rules as the Public API lists them.
pub fn rule_list(plan: &TrackingPlan, more: &More) -> Vec<RuleInput> {
    more.rules.clone().unwrap_or_else(|| map::rules_to_public(&plan.rules))
}

/// Writes a plan's rules as a rule list (the Public API's): the list as it is, and a rules object made from it that
/// keeps of the current one what the list does not change. Two rules of one (`type`, `key`, `version`) are 422.
pub fn set_rule_list(state: &State, name: &str, list: Vec<RuleInput>) -> Result<Op, Status> {
    let (current, more) = get(state, name)?;
    let mut rules = map::rules_from_public(&list).map_err(|e| Status::invalid_field("rules", e))?;
    // The current object's events as the list shows them, by what identifies that rule (a plan holds thousands of
    // rules: each event is looked up among those of its identity only).
    let mut before: HashMap<String, Vec<(Vec<RuleInput>, &Value)>> = HashMap::new();
    for old in current.rules.get("events").and_then(Value::as_array).into_iter().flatten() {
        let listed = as_listed(old);
        before.entry(identity(&listed)).or_default().push((listed, old));
    }
    if let Some(Value::Array(events)) = rules.get_mut("events") {
        for event in events.iter_mut() {
            let listed = as_listed(event);
            let same = before.get(&identity(&listed)).into_iter().flatten().find(|(old, _)| *old == listed);
            if let Some((_, kept)) = same {
                *event = (*kept).clone();
            }
        }
    }
    for (key, value) in &current.rules {
        if !LISTED.contains(&key.as_str()) {
            rules.insert(key.clone(), value.clone());
        }
    }
    let mut new = current.clone();
    new.rules = normalize_rules(rules)?;
    let more = More { rules: Some(list), ..more.clone() };
    write(name, new, more)
}

/// The members of a rules object the rule list shows; the others it has no place for.
const LISTED: [&str; 5] = ["global", "events", "identify", "group", map::OTHER_RULES];

/// An event of a rules object as the rule list shows it.
fn as_listed(event: &Value) -> Vec<RuleInput> {
    let mut rules = Map::new();
    rules.insert("events".into(), Value::Array(vec![event.clone()]));
    map::rules_to_public(&rules)
}

/// What identifies the rules of a list, as text.
fn identity(listed: &[RuleInput]) -> String {
    listed.iter().map(|rule| format!("{:?}", rule.identity())).collect()
}

/// The rule list `before` after its rules object became `rules`: each rule of `before` the object still has, as it
/// was written where it says the same in the object's shape, else as the object has it now, in its place; then the
/// object's other rules in its order.
fn followed(before: &[RuleInput], rules: &Map<String, Value>) -> Vec<RuleInput> {
    let mut now: Vec<Option<RuleInput>> = map::rules_to_public(rules).into_iter().map(Some).collect();
    let same = |a: &RuleInput, b: &RuleInput| {
        map::rules_from_public(std::slice::from_ref(a)).ok() == map::rules_from_public(std::slice::from_ref(b)).ok()
    };
    let mut out = Vec::with_capacity(now.len());
    for old in before {
        let found = now.iter_mut().find(|rule| rule.as_ref().is_some_and(|rule| rule.identity() == old.identity()));
        if let Some(rule) = found.and_then(Option::take) {
            out.push(if same(old, &rule) { old.clone() } else { rule });
        }
    }
    out.extend(now.into_iter().flatten());
    out
}

/// Checks a plan's name and stamps it with the time: the op.
fn write(name: &str, mut new: TrackingPlan, more: More) -> Result<Op, Status> {
    if new.display_name.trim().is_empty() {
        return Err(Status::invalid_field("name", "a tracking plan needs a name (tracking_plan.display_name)"));
    }
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
