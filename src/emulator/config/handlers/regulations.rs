//! Regulations (deletion requests): `workspaces/<ws>/regulations/<id>`. Creating one that deletes data notifies
//! every source's enabled webhooks destination with one `delete` body per user (docs/WEBHOOKS.md, "Delivery").

use std::sync::Arc;

use axum::extract::State;

use super::{Found, Path, RegulationPath, Reply, Tx, View, WorkspacePath, ok, view};
use crate::emulator::App;
use crate::emulator::body::JsonBody;
#[cfg(test)]
use crate::emulator::config::doc::RegulationPage;
#[cfg(test)]
use crate::emulator::config::paging::PageQuery;
use crate::emulator::config::paging::Paging;
use crate::emulator::gate::{Caller, WriteScope};
use crate::emulator::model::regulations;
use crate::emulator::status::Status;
#[cfg(test)]
use crate::wire::Regulation;
use crate::wire::{CreateRegulation, REGULATION_TYPES, RegulationCreated, wrapper};

/// List regulations
#[cfg_attr(test, utoipa::path(get, path = "/workspaces/{workspace}/regulations", tag = "regulations",
    params(WorkspacePath, PageQuery),
    responses(
        (status = 200, description = "a page of regulations", body = RegulationPage),
        (status = 404, description = "no such workspace"),
    )))]
pub async fn list_regulations(
    State(app): State<Arc<App>>,
    caller: Caller,
    Path(p): Path<WorkspacePath>,
    Paging(page): Paging,
) -> Reply {
    let state = app.store.read();
    let view = View::new(&app, &state, &caller);
    let workspace = view.workspace(&p.workspace)?;
    view.list(&format!("{workspace}/regulations"), wrapper::REGULATIONS, &page, |_| true)
}

/// Get a regulation
#[cfg_attr(test, utoipa::path(get, path = "/workspaces/{workspace}/regulations/{regulation}", tag = "regulations",
    params(RegulationPath),
    responses(
        (status = 200, description = "the regulation", body = Regulation),
        (status = 404, description = "no such workspace or regulation"),
    )))]
pub async fn get_regulation(State(app): State<Arc<App>>, caller: Caller, Path(p): Path<RegulationPath>) -> Reply {
    let state = app.store.read();
    let view = View::new(&app, &state, &caller);
    let workspace = view.workspace(&p.workspace)?;
    view.get(&format!("{workspace}/regulations/{}", p.regulation))
}

/// Create a regulation (deletion request)
///
/// `Delete` and `Suppress_With_Delete` send one `delete` webhook per user to every source of the workspace
/// with an enabled webhooks destination.
#[cfg_attr(test, utoipa::path(post, path = "/workspaces/{workspace}/regulations", tag = "regulations", params(WorkspacePath),
    request_body = CreateRegulation,
    responses(
        (status = 200, description = "the regulation's id", body = RegulationCreated),
        (status = 400, description = "invalid JSON, an unknown regulation_type, attributes other than 1 to 5,000 \
                                      userId values"),
        (status = 404, description = "no such workspace"),
    )))]
pub async fn create_regulation(
    State(app): State<Arc<App>>,
    write: WriteScope,
    Found(p): Found<WorkspacePath>,
    JsonBody(input): JsonBody<CreateRegulation>,
) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let (op, regulation, jobs) = {
        let state = tx.state();
        let workspace = view(&tx, &state).workspace(&p.workspace)?;
        if !REGULATION_TYPES.contains(&input.regulation_type.as_str()) {
            return Err(Status::invalid(format!(
                "regulation_type must be one of {}, got {:?}",
                REGULATION_TYPES.join(", "),
                input.regulation_type
            )));
        }
        // The Config API deletes by user id only (docs/reference/config-api.md).
        if input.attributes.name != "userId" {
            return Err(Status::invalid(format!(
                "attributes.name must be \"userId\", got {:?}",
                input.attributes.name
            )));
        }
        regulations::create(&app.outbox, &state, &workspace, None, &input.regulation_type, input.attributes)?
    };
    // The regulation and its notifications are committed together: both or neither survive a crash. The
    // deliveries start once both are.
    let queued = app.outbox.prepare(jobs)?;
    let rows = queued.changes();
    let outbox = app.outbox.clone();
    tx.commit_then(vec![op], rows, move || outbox.dispatch(queued)).await?;
    ok(&RegulationCreated { regulate_id: regulation.id, ..Default::default() })
}
