//! Tracking plans: `workspaces/<ws>/tracking-plans/rs_<27 alphanumerics>`, rules kept as opaque JSON, and their
//! source connections. Update is PUT in the real service; PATCH is accepted too.

use serde_json::{Map, Value};

use super::{Ctx, Reply, deleted, now, ok, random_id};
use crate::emulator::store::{Op, Resource};
use crate::emulator::{body, mask, status::Status};
use crate::wire::{ConnectSource, CreateTrackingPlan, SourceConnection, TrackingPlan, wrapper};

pub const UPDATABLE: &[&str] = &[
    "display_name",
    "rules",
    "rules.events",
    "rules.global",
    "rules.identify",
    "rules.group",
    "rules.identify_traits",
    "rules.group_traits",
];

fn plan_name(ctx: &Ctx, ws: &str, id: &str) -> Result<String, Status> {
    let workspace = ctx.workspace(ws)?;
    Ok(format!("{workspace}/tracking-plans/{id}"))
}

fn require_plan(ctx: &Ctx, ws: &str, id: &str) -> Result<String, Status> {
    let name = plan_name(ctx, ws, id)?;
    if ctx.store.contains(&name) { Ok(name) } else { Err(Status::not_found(format!("{name} not found"))) }
}

/// The arrays of a plan's rules, always present: `events` (of objects), `identify_traits`, `group_traits`.
const ARRAYS: [&str; 3] = ["events", "identify_traits", "group_traits"];
/// The optional JSON-schema objects of a plan's rules.
const OBJECTS: [&str; 3] = ["global", "identify", "group"];

/// Rules have API.md's shape (other keys are kept as sent); the arrays are filled in when absent.
fn normalize_rules(mut rules: Map<String, Value>) -> Result<Map<String, Value>, Status> {
    for key in ARRAYS {
        let value = rules.entry(key).or_insert_with(|| Value::Array(Vec::new()));
        if !value.is_array() {
            return Err(Status::invalid(format!("tracking_plan.rules.{key} must be an array")));
        }
    }
    if !rules["events"].as_array().is_some_and(|events| events.iter().all(Value::is_object)) {
        return Err(Status::invalid(
            "tracking_plan.rules.events must hold objects: {name, description, version, rules}",
        ));
    }
    for key in OBJECTS {
        if rules.get(key).is_some_and(|value| !value.is_object()) {
            return Err(Status::invalid(format!("tracking_plan.rules.{key} must be an object (a JSON schema)")));
        }
    }
    Ok(rules)
}

pub fn list(ctx: &mut Ctx, ws: &str) -> Reply {
    let workspace = ctx.workspace(ws)?;
    ctx.list(&format!("{workspace}/tracking-plans"), wrapper::TRACKING_PLANS, |_| true)
}

pub fn get(ctx: &mut Ctx, ws: &str, id: &str) -> Reply {
    let name = plan_name(ctx, ws, id)?;
    ctx.get(&name)
}

pub fn create(ctx: &mut Ctx, ws: &str) -> Reply {
    let workspace = ctx.workspace(ws)?;
    let CreateTrackingPlan { tracking_plan: input } = body::json(ctx.body)?;
    if input.display_name.trim().is_empty() {
        return Err(Status::invalid("tracking_plan.display_name is required"));
    }
    let time = now();
    let plan = TrackingPlan {
        name: format!("{workspace}/tracking-plans/rs_{}", random_id(27)),
        display_name: input.display_name,
        rules: normalize_rules(input.rules.unwrap_or_default())?,
        create_time: time.clone(),
        update_time: time,
        ..Default::default()
    };
    ctx.store.commit(vec![Op::Insert(plan.name.clone(), Resource::TrackingPlan(plan.clone()))])?;
    ok(&plan)
}

pub fn update(ctx: &mut Ctx, ws: &str, id: &str) -> Reply {
    let name = require_plan(ctx, ws, id)?;
    let Some(Resource::TrackingPlan(current)) = ctx.store.get(&name) else {
        return Err(Status::not_found(format!("{name} not found")));
    };
    let update = mask::parse::<TrackingPlan>(ctx.body, UPDATABLE)?;
    if let Some(given) = update.everything_given().apply_to(current)? {
        normalize_rules(given.rules)?;
    }
    match update.apply_to(current)? {
        None => ok(current),
        Some(mut new) => {
            new.rules = normalize_rules(new.rules)?;
            new.update_time = now();
            ctx.store.commit(vec![Op::Replace(name, Resource::TrackingPlan(new.clone()))])?;
            ok(&new)
        }
    }
}

pub fn delete(ctx: &mut Ctx, ws: &str, id: &str) -> Reply {
    let name = plan_name(ctx, ws, id)?;
    ctx.store.commit(vec![Op::RemoveTree(name)])?;
    deleted()
}

pub fn list_connections(ctx: &mut Ctx, ws: &str, id: &str) -> Reply {
    let name = require_plan(ctx, ws, id)?;
    ctx.list(&format!("{name}/source-connections"), wrapper::CONNECTIONS, |_| true)
}

pub fn connect(ctx: &mut Ctx, ws: &str, id: &str) -> Reply {
    let plan = require_plan(ctx, ws, id)?;
    let input: ConnectSource = body::json(ctx.body)?;
    let sources = format!("workspaces/{ws}/sources");
    let slug = super::child_slug(&input.source_name, &sources, "source")?;
    let source = format!("{sources}/{slug}");
    if !ctx.store.contains(&source) {
        return Err(Status::not_found(format!("{source} not found")));
    }
    let connection = SourceConnection { source_name: source, tracking_plan_id: id.to_string(), ..Default::default() };
    let name = format!("{plan}/source-connections/{slug}");
    ctx.store.commit(vec![Op::Insert(name, Resource::Connection(connection.clone()))])?;
    ok(&connection)
}

pub fn disconnect(ctx: &mut Ctx, ws: &str, id: &str, src: &str) -> Reply {
    let plan = require_plan(ctx, ws, id)?;
    ctx.store.commit(vec![Op::RemoveTree(format!("{plan}/source-connections/{src}"))])?;
    deleted()
}
