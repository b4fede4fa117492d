//! Tracking plans: list (by `type` too), get, create (`name` and `type` required), update (name and description;
//! answers a status, not the plan), delete; their rules (list, replace, upsert with renames, remove, each rule known
//! by its type, key and version; a replace or an upsert of more than 200 rules, or a replace onto a plan holding
//! more than 200, is the service's 400); and their sources (a source is on one plan at most: another is 409).

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;

#[cfg(test)]
use super::doc::{Pagination, PlanPath, PlanQuery, RulesQuery, SourceIdQuery};
use super::sources::named as source_named;
use super::{Body, Caller, Ids, Problem, Query, Reply, Write, data, page, render, success};
use crate::emulator::App;
use crate::emulator::model::{self, plans, sources};
use crate::emulator::status::Status;
use crate::emulator::store::{More, State as Store};
use crate::wire::public::{
    self, PaginationOutput, REPLACE_CAP, RULES_PER_CALL, RuleInput, RuleRemoval, Rules, UPSERT_CAP, UpsertRule,
    rule_type,
};
#[cfg(test)]
use crate::wire::public::{CreateTrackingPlan, Envelope, SourceId, StatusOnly, UpdateTrackingPlan};

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = TrackingPlansPage))]
#[serde(rename_all = "camelCase")]
struct Plans {
    tracking_plans: Vec<public::TrackingPlan>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = TrackingPlanData))]
#[serde(rename_all = "camelCase")]
struct One {
    tracking_plan: public::TrackingPlan,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = RulesPage))]
struct RuleList {
    rules: Vec<public::Rule>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = TrackingPlanSourcesPage))]
struct SourceList {
    sources: Vec<public::Source>,
    pagination: PaginationOutput,
}

fn one(state: &Store, name: &str) -> Result<public::TrackingPlan, Problem> {
    let (plan, more) = plans::get(state, name)?;
    Ok(render::plan(state, plan, more))
}

/// List tracking plans
#[cfg_attr(test, utoipa::path(get, path = "/tracking-plans", tag = "Tracking Plans", params(PlanQuery),
    responses((status = 200, description = "a page of the workspace's tracking plans", body = Envelope<Plans>))))]
pub async fn list_tracking_plans(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let asked = query.page()?;
    let kind = query.values("type").next().map(String::from);
    if let Some(kind) = &kind
        && !plans::TYPES.contains(&kind.as_str())
    {
        return Err(Status::invalid_field("type", format!("type must be one of {}", plans::TYPES.join(", "))).into());
    }
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    let all: Vec<public::TrackingPlan> = state
        .names_in(&plans::collection(&workspace))
        .map(|name| one(&state, name))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .filter(|plan| kind.as_ref().is_none_or(|kind| plan.kind == *kind))
        .collect();
    let (tracking_plans, pagination) = page(&all, asked);
    data(Plans { tracking_plans, pagination })
}

/// Get a tracking plan
///
/// With `resourceSchemaId`, its Config API id (`rs_...`).
#[cfg_attr(test, utoipa::path(get, path = "/tracking-plans/{trackingPlanId}", tag = "Tracking Plans",
    params(PlanPath),
    responses(
        (status = 200, description = "the tracking plan", body = Envelope<One>),
        (status = 404, description = "no tracking plan of this id in the token's workspace"),
    )))]
pub async fn get_tracking_plan(State(app): State<Arc<App>>, caller: Caller, Ids(id): Ids<String>) -> Reply {
    let state = app.store.read();
    let name = plans::PLAN.of(&state, &caller.caller, &id)?;
    data(One { tracking_plan: one(&state, &name)? })
}

/// Create a tracking plan
#[cfg_attr(test, utoipa::path(post, path = "/tracking-plans", tag = "Tracking Plans",
    request_body = CreateTrackingPlan,
    responses(
        (status = 200, description = "the new tracking plan", body = Envelope<One>),
        (status = 422, description = "a name or type missing, empty or of the wrong type, a type not in the enum"),
    )))]
pub async fn create_tracking_plan(State(app): State<Arc<App>>, write: Write, body: Body) -> Reply {
    let input: public::CreateTrackingPlan = body.json()?;
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let more = More { kind: Some(input.kind), description: input.description, ..More::default() };
        let (op, plan) = plans::create(&workspace, input.name, Default::default(), more)?;
        (op, plan.name)
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    data(One { tracking_plan: one(&state, &name)? })
}

/// Update a tracking plan
///
/// Its name and description; answered with a status, not the plan.
#[cfg_attr(test, utoipa::path(patch, path = "/tracking-plans/{trackingPlanId}", tag = "Tracking Plans",
    params(PlanPath), request_body = UpdateTrackingPlan,
    responses(
        (status = 200, description = "updated", body = Envelope<StatusOnly>),
        (status = 404, description = "no tracking plan of this id in the token's workspace"),
        (status = 422, description = "an empty name, a value of the wrong type"),
    )))]
pub async fn update_tracking_plan(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    body: Body,
) -> Reply {
    let tx = write.begin(&app).await;
    let op = {
        let state = tx.state();
        let name = plans::PLAN.of(&state, tx.caller(), &id)?;
        let input: public::UpdateTrackingPlan = body.json()?;
        let (current, more) = plans::get(&state, &name)?;
        let (mut new, mut more) = (current.clone(), more.clone());
        if let Some(given) = input.name {
            new.display_name = given.unwrap_or_default();
        }
        if let Some(description) = input.description {
            more.description = description;
        }
        plans::update(&state, &name, new, more)?
    };
    tx.commit(vec![op]).await?;
    success()
}

/// Delete a tracking plan
///
/// Its sources are disconnected.
#[cfg_attr(test, utoipa::path(delete, path = "/tracking-plans/{trackingPlanId}", tag = "Tracking Plans",
    params(PlanPath),
    responses(
        (status = 200, description = "deleted", body = Envelope<StatusOnly>),
        (status = 404, description = "no tracking plan of this id in the token's workspace"),
    )))]
pub async fn delete_tracking_plan(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>) -> Reply {
    let tx = write.begin(&app).await;
    let op = {
        let state = tx.state();
        let name = plans::PLAN.of(&state, tx.caller(), &id)?;
        plans::delete(&state, &name)?
    };
    tx.commit(vec![op]).await?;
    success()
}

/// List rules from a tracking plan
#[cfg_attr(test, utoipa::path(get, path = "/tracking-plans/{trackingPlanId}/rules", tag = "Tracking Plans",
    params(PlanPath, Pagination),
    responses(
        (status = 200, description = "a page of the plan's rules", body = Envelope<RuleList>),
        (status = 404, description = "no tracking plan of this id in the token's workspace"),
    )))]
pub async fn list_rules_from_tracking_plan(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let asked = query.page()?;
    let state = app.store.read();
    let name = plans::PLAN.of(&state, &caller.caller, &id)?;
    let (plan, more) = plans::get(&state, &name)?;
    let (rules, pagination) = page(&render::rules(plan, more), asked);
    data(RuleList { rules, pagination })
}

/// A rule's type checked: one of the six.
fn check_type(n: usize, kind: &str) -> Result<(), Problem> {
    if rule_type::TYPES.contains(&kind) {
        return Ok(());
    }
    let message = format!("rule type must be one of {}, got {kind:?}", rule_type::TYPES.join(", "));
    Err(Status::invalid_field(format!("rules.{n}.type"), message).into())
}

/// Writes a plan's rules as a rule list, kept as written in its order: 422 for two rules of one (type, key,
/// version).
async fn write_rules(
    app: &Arc<App>,
    write: Write,
    id: &str,
    change: impl FnOnce(Vec<RuleInput>) -> Result<Vec<RuleInput>, Problem>,
) -> Reply {
    let tx = write.begin(app).await;
    let op = {
        let state = tx.state();
        let name = plans::PLAN.of(&state, tx.caller(), id)?;
        let (current, more) = plans::get(&state, &name)?;
        let rules = change(plans::rule_list(current, more))?;
        plans::set_rule_list(&state, &name, rules)?
    };
    tx.commit(vec![op]).await?;
    success()
}

/// Replace rules in a tracking plan
///
/// The plan's rules become these, each known by its type, key and version: two of one are refused. At most 200
/// rules, onto a plan holding at most 200 (beyond: DELETE and PATCH).
#[cfg_attr(test, utoipa::path(put, path = "/tracking-plans/{trackingPlanId}/rules", tag = "Tracking Plans",
    params(PlanPath), request_body = Rules<RuleInput>,
    responses(
        (status = 200, description = "replaced", body = Envelope<StatusOnly>),
        (status = 400, description = "the body is not a JSON object; more than 200 rules, or a plan holding more \
                                      than 200"),
        (status = 404, description = "no tracking plan of this id in the token's workspace"),
        (status = 422, description = "a rule of the wrong shape or type, two rules of one type, key and version"),
    )))]
pub async fn replace_rules_in_tracking_plan(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    body: Body,
) -> Reply {
    let input: Rules<RuleInput> = body.json()?;
    if input.rules.len() > RULES_PER_CALL {
        return Err(Status::capped(REPLACE_CAP).into());
    }
    for (n, rule) in input.rules.iter().enumerate() {
        check_type(n, &rule.kind)?;
    }
    write_rules(&app, write, &id, |held| {
        if held.len() > RULES_PER_CALL {
            return Err(Status::capped(REPLACE_CAP).into());
        }
        Ok(input.rules)
    })
    .await
}

/// Update rules in a tracking plan
///
/// Each rule replaces the plan's rule of its type, key and version, or is added; `newKey` renames it. At most 200
/// rules a call.
#[cfg_attr(test, utoipa::path(patch, path = "/tracking-plans/{trackingPlanId}/rules", tag = "Tracking Plans",
    params(PlanPath), request_body = Rules<UpsertRule>,
    responses(
        (status = 200, description = "updated", body = Envelope<StatusOnly>),
        (status = 400, description = "the body is not a JSON object; more than 200 rules"),
        (status = 404, description = "no tracking plan of this id in the token's workspace"),
        (status = 422, description = "a rule of the wrong shape or type, a rename onto a rule the plan has"),
    )))]
pub async fn update_rules_in_tracking_plan(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    body: Body,
) -> Reply {
    let input: Rules<UpsertRule> = body.json()?;
    if input.rules.len() > RULES_PER_CALL {
        return Err(Status::capped(UPSERT_CAP).into());
    }
    for (n, rule) in input.rules.iter().enumerate() {
        check_type(n, &rule.rule.kind)?;
    }
    write_rules(&app, write, &id, |mut rules| {
        for upsert in input.rules {
            let mut rule = upsert.rule;
            let at = rules.iter().position(|r| r.identity() == rule.identity());
            if let Some(new_key) = upsert.new_key {
                rule.key = Some(new_key);
            }
            match at {
                Some(at) => rules[at] = rule,
                None => rules.push(rule),
            }
        }
        Ok(rules)
    })
    .await
}

/// Remove rules from a tracking plan
///
/// The rules named in the query; those the plan lacks are ignored.
#[cfg_attr(test, utoipa::path(delete, path = "/tracking-plans/{trackingPlanId}/rules", tag = "Tracking Plans",
    params(PlanPath, RulesQuery),
    responses(
        (status = 200, description = "removed", body = Envelope<StatusOnly>),
        (status = 404, description = "no tracking plan of this id in the token's workspace"),
        (status = 422, description = "a rule of the wrong shape or type"),
    )))]
pub async fn remove_rules_from_tracking_plan(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let mut removals = Vec::new();
    for (n, object) in query.objects("rules")?.into_iter().enumerate() {
        // From a query every value is text: a version is read as a number.
        let mut object = object;
        if let Some(serde_json::Value::String(version)) = object.get("version").cloned() {
            let number = version.trim().parse::<u64>().map_err(|_| {
                Status::invalid_field(
                    format!("rules.{n}.version"),
                    format!("version must be a number, got {version:?}"),
                )
            })?;
            object.insert("version".into(), number.into());
        }
        let removal: RuleRemoval = serde_json::from_value(serde_json::Value::Object(object))
            .map_err(|e| Status::invalid_field(format!("rules.{n}"), e.to_string()))?;
        check_type(n, &removal.kind)?;
        removals.push(removal);
    }
    write_rules(&app, write, &id, |mut rules| {
        rules
            .retain(|rule| !removals.iter().any(|r| (r.kind.as_str(), r.key.as_deref(), r.version) == rule.identity()));
        Ok(rules)
    })
    .await
}

/// List sources from a tracking plan
#[cfg_attr(test, utoipa::path(get, path = "/tracking-plans/{trackingPlanId}/sources", tag = "Tracking Plans",
    params(PlanPath, Pagination),
    responses(
        (status = 200, description = "a page of the plan's sources", body = Envelope<SourceList>),
        (status = 404, description = "no tracking plan of this id in the token's workspace"),
    )))]
pub async fn list_sources_from_tracking_plan(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let asked = query.page()?;
    let state = app.store.read();
    let name = plans::PLAN.of(&state, &caller.caller, &id)?;
    let connected = plans::sources(&state, &name);
    let (connected, pagination) = page(&connected, asked);
    let sources = connected
        .iter()
        .map(|source| sources::get(&state, source).map(|(s, more)| render::source(&app, &state, s, more)))
        .collect::<Result<_, _>>()?;
    data(SourceList { sources, pagination })
}

/// Add a source to a tracking plan
///
/// A source is on one plan at most; connecting it to its own plan again changes nothing.
#[cfg_attr(test, utoipa::path(post, path = "/tracking-plans/{trackingPlanId}/sources", tag = "Tracking Plans",
    params(PlanPath), request_body = SourceId,
    responses(
        (status = 200, description = "connected", body = Envelope<StatusOnly>),
        (status = 404, description = "no tracking plan of this id in the token's workspace"),
        (status = 409, description = "the source is on another tracking plan"),
        (status = 422, description = "`sourceId` missing, of the wrong type, or not a source of the workspace"),
    )))]
pub async fn add_source_to_tracking_plan(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    body: Body,
) -> Reply {
    let tx = write.begin(&app).await;
    let op = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let plan = plans::PLAN.named(&state, &workspace, &id)?;
        let input: public::SourceId = body.json()?;
        let source = source_named(&state, &workspace, &input.source_id)
            .map_err(|_| Status::invalid_field("sourceId", format!("unknown sourceId {:?}", input.source_id)))?;
        plans::connect(&state, &plan, &source, plans::Plans::One)?.0
    };
    tx.commit(op.into_iter().collect()).await?;
    success()
}

/// Remove a source from a tracking plan
#[cfg_attr(test, utoipa::path(delete, path = "/tracking-plans/{trackingPlanId}/sources", tag = "Tracking Plans",
    params(PlanPath, SourceIdQuery),
    responses(
        (status = 200, description = "disconnected", body = Envelope<StatusOnly>),
        (status = 404, description = "no such tracking plan or source in the token's workspace, or the source is \
                                      not on this plan"),
        (status = 422, description = "`sourceId` missing"),
    )))]
pub async fn remove_source_from_tracking_plan(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let tx = write.begin(&app).await;
    let op = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let plan = plans::PLAN.named(&state, &workspace, &id)?;
        let Some(source_id) = query.values("sourceId").next() else {
            return Err(Status::invalid_field("sourceId", "sourceId is required").into());
        };
        let source = source_named(&state, &workspace, source_id)?;
        plans::disconnect(&state, &plan, source.rsplit('/').next().unwrap_or_default())?
    };
    tx.commit(vec![op]).await?;
    success()
}
