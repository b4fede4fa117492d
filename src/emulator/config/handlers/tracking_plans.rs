//! Tracking plans: `workspaces/<ws>/tracking-plans/rs_<27 alphanumerics>`, rules kept as opaque JSON, and their
//! source connections. Update is PUT in the real service; PATCH is accepted too.

use std::sync::Arc;

use axum::extract::State;

use super::{ConnectionPath, Found, Path, PlanPath, Reply, Tx, View, WorkspacePath, deleted, ok, view};
use crate::emulator::App;
use crate::emulator::body::JsonBody;
#[cfg(test)]
use crate::emulator::config::doc::{ConnectionPage, Empty, TrackingPlanPage, TrackingPlanUpdate};
use crate::emulator::config::mask::{self, MaskedUpdate};
#[cfg(test)]
use crate::emulator::config::paging::PageQuery;
use crate::emulator::config::paging::Paging;
use crate::emulator::gate::{Caller, WriteScope};
use crate::emulator::model::plans::{self, Plans};
use crate::emulator::status::Status;
use crate::emulator::store::{More, Op, Resource};
#[cfg(test)]
use crate::wire::SourceConnection;
use crate::wire::{ConnectSource, CreateTrackingPlan, TrackingPlan, UpdateRequest, wrapper};

fn plan_name(view: &View, ws: &str, id: &str) -> Result<String, Status> {
    let workspace = view.workspace(ws)?;
    Ok(format!("{workspace}/tracking-plans/{id}"))
}

fn require_plan(view: &View, ws: &str, id: &str) -> Result<String, Status> {
    view.existing(ws, &format!("tracking-plans/{id}"))
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
    let workspace = view(&tx, &tx.state()).workspace(&p.workspace)?;
    if input.display_name.trim().is_empty() {
        return Err(Status::invalid("tracking_plan.display_name is required"));
    }
    let (op, plan) = plans::create(&workspace, input.display_name, input.rules.unwrap_or_default(), More::default())?;
    tx.commit(vec![op]).await?;
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
    let (op, new) = {
        let state = tx.state();
        let name = require_plan(&view(&tx, &state), &p.workspace, &p.tracking_plan)?;
        let (current, more) = plans::get(&state, &name)?;
        let update = MaskedUpdate::new(body, mask::TRACKING_PLAN)?;
        if let Some(given) = update.everything_given().apply_to(current)? {
            plans::normalize_rules(given.rules)?;
        }
        match update.apply_to(current)? {
            None => return ok(current),
            Some(new) => {
                let op = plans::update(&state, &name, new, more.clone())?;
                let Op::ReplaceWith(_, Resource::TrackingPlan(new), _) = &op else {
                    return Err(Status::internal("an update that is no replacement"));
                };
                let new = new.clone();
                (op, new)
            }
        }
    };
    tx.commit(vec![op]).await?;
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
    let op = {
        let state = tx.state();
        let name = plan_name(&view(&tx, &state), &p.workspace, &p.tracking_plan)?;
        plans::delete(&state, &name)?
    };
    tx.commit(vec![op]).await?;
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
    let (op, connection) = {
        let state = tx.state();
        let plan = require_plan(&view(&tx, &state), &p.workspace, &p.tracking_plan)?;
        let sources = format!("workspaces/{}/sources", p.workspace);
        let slug = super::child_slug(&input.source_name, &sources, "source")?;
        plans::connect(&state, &plan, &format!("{sources}/{slug}"), Plans::Several)?
    };
    tx.commit(op.into_iter().collect()).await?;
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
    let op = {
        let state = tx.state();
        let plan = require_plan(&view(&tx, &state), &p.workspace, &p.tracking_plan)?;
        plans::disconnect(&state, &plan, &p.source)?
    };
    tx.commit(vec![op]).await?;
    deleted()
}
