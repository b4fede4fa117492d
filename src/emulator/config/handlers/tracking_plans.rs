//! Tracking plans: `workspaces/<ws>/tracking-plans/rs_<27 alphanumerics>`, rules kept as opaque JSON, and their
//! source connections. Update is PUT in the real service; PATCH is accepted too.

use std::sync::Arc;

use axum::extract::State;
use serde_json::{Map, Value};

use super::{ConnectionPath, Found, Path, PlanPath, Reply, Tx, View, WorkspacePath, deleted, now, ok, random_id};
use crate::emulator::App;
use crate::emulator::gate::{Caller, WriteScope};
use crate::emulator::body::JsonBody;
use crate::emulator::config::mask::{self, MaskedUpdate};
#[cfg(test)]
use crate::emulator::config::doc::{ConnectionPage, Empty, TrackingPlanPage, TrackingPlanUpdate};
#[cfg(test)]
use crate::emulator::config::paging::PageQuery;
use crate::emulator::config::paging::Paging;
use crate::emulator::status::Status;
use crate::emulator::store::{Op, Resource};
use crate::wire::{ConnectSource, CreateTrackingPlan, SourceConnection, TrackingPlan, UpdateRequest, wrapper};


fn plan_name(view: &View, ws: &str, id: &str) -> Result<String, Status> {
    let workspace = view.workspace(ws)?;
    Ok(format!("{workspace}/tracking-plans/{id}"))
}

fn require_plan(view: &View, ws: &str, id: &str) -> Result<String, Status> {
    view.existing(ws, &format!("tracking-plans/{id}"))
}

/// The wire's rule (`TrackingPlan::normalize_rules`), answered 400 when broken.
fn normalize_rules(rules: Map<String, Value>) -> Result<Map<String, Value>, Status> {
    TrackingPlan::normalize_rules(rules).map_err(Status::invalid)
}

/// List tracking plans
#[cfg_attr(test, utoipa::path(get, path = "/workspaces/{workspace}/tracking-plans", tag = "tracking plans",
    params(WorkspacePath, PageQuery),
    responses(
        (status = 200, description = "a page of tracking plans", body = TrackingPlanPage),
        (status = 404, description = "no such workspace"),
    )))]
pub async fn list_tracking_plans(
    State(app): State<Arc<App>>,
    caller: Caller,
    Path(p): Path<WorkspacePath>,
    Paging(page): Paging,
) -> Reply {
    let state = app.store.read();
    let view = View::new(&app, &state, &caller);
    let workspace = view.workspace(&p.workspace)?;
    view.list(&format!("{workspace}/tracking-plans"), wrapper::TRACKING_PLANS, &page, |_| true)
}

/// Create a tracking plan
///
/// The id (`rs_` and 27 letters and digits) is generated.
#[cfg_attr(test, utoipa::path(post, path = "/workspaces/{workspace}/tracking-plans", tag = "tracking plans",
    params(WorkspacePath),
    request_body = CreateTrackingPlan,
    responses(
        (status = 200, description = "the new tracking plan", body = TrackingPlan),
        (status = 400, description = "invalid JSON, a blank display_name, rules of the wrong shape"),
        (status = 404, description = "no such workspace"),
    )))]
pub async fn create_tracking_plan(
    State(app): State<Arc<App>>,
    write: WriteScope,
    Found(p): Found<WorkspacePath>,
    JsonBody(CreateTrackingPlan { tracking_plan: input }): JsonBody<CreateTrackingPlan>,
) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let workspace = tx.view(&tx.state()).workspace(&p.workspace)?;
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
    tx.commit(vec![Op::Insert(plan.name.clone(), Resource::TrackingPlan(plan.clone()))]).await?;
    ok(&plan)
}

/// Get a tracking plan
#[cfg_attr(test, utoipa::path(get, path = "/workspaces/{workspace}/tracking-plans/{tracking_plan}", tag = "tracking plans",
    params(PlanPath),
    responses(
        (status = 200, description = "the tracking plan", body = TrackingPlan),
        (status = 404, description = "no such workspace or tracking plan"),
    )))]
pub async fn get_tracking_plan(State(app): State<Arc<App>>, caller: Caller, Path(p): Path<PlanPath>) -> Reply {
    let state = app.store.read();
    let view = View::new(&app, &state, &caller);
    view.get(&plan_name(&view, &p.workspace, &p.tracking_plan)?)
}

/// Update a tracking plan
///
/// PUT, as the service has it. Mask paths: `tracking_plan.display_name`, `tracking_plan.rules` and its
/// parts `events`, `global`, `identify`, `group`, `identify_traits`, `group_traits`.
#[cfg_attr(test, utoipa::path(put, path = "/workspaces/{workspace}/tracking-plans/{tracking_plan}", tag = "tracking plans",
    params(PlanPath),
    request_body = TrackingPlanUpdate,
    responses(
        (status = 200, description = "the tracking plan as updated", body = TrackingPlan),
        (status = 400, description = "invalid JSON, an unknown or read-only mask path, rules of the wrong shape"),
        (status = 404, description = "no such workspace or tracking plan"),
    )))]
pub async fn update_tracking_plan(
    State(app): State<Arc<App>>,
    write: WriteScope,
    Found(p): Found<PlanPath>,
    JsonBody(body): JsonBody<UpdateRequest<TrackingPlan>>,
) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let (name, new) = {
        let state = tx.state();
        let name = require_plan(&tx.view(&state), &p.workspace, &p.tracking_plan)?;
        let Some(Resource::TrackingPlan(current)) = state.get(&name) else {
            return Err(Status::not_found(format!("{name} not found")));
        };
        let update = MaskedUpdate::new(body, mask::TRACKING_PLAN)?;
        if let Some(given) = update.everything_given().apply_to(current)? {
            normalize_rules(given.rules)?;
        }
        match update.apply_to(current)? {
            None => return ok(current),
            Some(mut new) => {
                new.rules = normalize_rules(new.rules)?;
                new.update_time = now();
                (name, new)
            }
        }
    };
    tx.commit(vec![Op::Replace(name, Resource::TrackingPlan(new.clone()))]).await?;
    ok(&new)
}

/// Update a tracking plan (PATCH)
///
/// The same as PUT: the emulator accepts both for every update.
#[cfg_attr(test, utoipa::path(patch, path = "/workspaces/{workspace}/tracking-plans/{tracking_plan}", tag = "tracking plans",
    params(PlanPath),
    request_body = TrackingPlanUpdate,
    responses(
        (status = 200, description = "the tracking plan as updated", body = TrackingPlan),
        (status = 400, description = "invalid JSON, an unknown or read-only mask path, rules of the wrong shape"),
        (status = 404, description = "no such workspace or tracking plan"),
    )))]
pub async fn update_tracking_plan_patch(
    app: State<Arc<App>>,
    write: WriteScope,
    found: Found<PlanPath>,
    body: JsonBody<UpdateRequest<TrackingPlan>>,
) -> Reply {
    update_tracking_plan(app, write, found, body).await
}

/// Delete a tracking plan
///
/// Its source connections go with it.
#[cfg_attr(test, utoipa::path(delete, path = "/workspaces/{workspace}/tracking-plans/{tracking_plan}", tag = "tracking plans",
    params(PlanPath),
    responses(
        (status = 200, description = "deleted", body = Empty),
        (status = 404, description = "no such workspace or tracking plan"),
    )))]
pub async fn delete_tracking_plan(State(app): State<Arc<App>>, write: WriteScope, Path(p): Path<PlanPath>) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let name = plan_name(&tx.view(&tx.state()), &p.workspace, &p.tracking_plan)?;
    tx.commit(vec![Op::RemoveTree(name)]).await?;
    deleted()
}

/// List a tracking plan's source connections
#[cfg_attr(test, utoipa::path(get, path = "/workspaces/{workspace}/tracking-plans/{tracking_plan}/source-connections",
    tag = "tracking plans", params(PlanPath, PageQuery),
    responses(
        (status = 200, description = "a page of connections", body = ConnectionPage),
        (status = 404, description = "no such workspace or tracking plan"),
    )))]
pub async fn list_source_connections(
    State(app): State<Arc<App>>,
    caller: Caller,
    Path(p): Path<PlanPath>,
    Paging(page): Paging,
) -> Reply {
    let state = app.store.read();
    let view = View::new(&app, &state, &caller);
    let name = require_plan(&view, &p.workspace, &p.tracking_plan)?;
    view.list(&format!("{name}/source-connections"), wrapper::CONNECTIONS, &page, |_| true)
}

/// Connect a source to a tracking plan
#[cfg_attr(test, utoipa::path(post, path = "/workspaces/{workspace}/tracking-plans/{tracking_plan}/source-connections",
    tag = "tracking plans", params(PlanPath),
    request_body = ConnectSource,
    responses(
        (status = 200, description = "the connection, with the source's full name", body = SourceConnection),
        (status = 400, description = "invalid JSON, or a source name under another workspace"),
        (status = 404, description = "no such workspace, tracking plan or source"),
        (status = 409, description = "the source is connected already"),
    )))]
pub async fn create_source_connection(
    State(app): State<Arc<App>>,
    write: WriteScope,
    Found(p): Found<PlanPath>,
    JsonBody(input): JsonBody<ConnectSource>,
) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let (name, connection) = {
        let state = tx.state();
        let plan = require_plan(&tx.view(&state), &p.workspace, &p.tracking_plan)?;
        let sources = format!("workspaces/{}/sources", p.workspace);
        let slug = super::child_slug(&input.source_name, &sources, "source")?;
        let source = format!("{sources}/{slug}");
        if !state.contains(&source) {
            return Err(Status::not_found(format!("{source} not found")));
        }
        let connection =
            SourceConnection { source_name: source, tracking_plan_id: p.tracking_plan.clone(), ..Default::default() };
        (format!("{plan}/source-connections/{slug}"), connection)
    };
    tx.commit(vec![Op::Insert(name, Resource::Connection(connection.clone()))]).await?;
    ok(&connection)
}

/// Disconnect a source from a tracking plan
#[cfg_attr(test, utoipa::path(delete,
    path = "/workspaces/{workspace}/tracking-plans/{tracking_plan}/source-connections/{source}",
    tag = "tracking plans", params(ConnectionPath),
    responses(
        (status = 200, description = "deleted", body = Empty),
        (status = 404, description = "no such workspace, tracking plan or connection"),
    )))]
pub async fn delete_source_connection(
    State(app): State<Arc<App>>,
    write: WriteScope,
    Path(p): Path<ConnectionPath>,
) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let plan = require_plan(&tx.view(&tx.state()), &p.workspace, &p.tracking_plan)?;
    tx.commit(vec![Op::RemoveTree(format!("{plan}/source-connections/{}", p.source))]).await?;
    deleted()
}
