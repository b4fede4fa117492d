//! Regulations (deletion requests): `workspaces/<ws>/regulations/<id>`. Creating one that deletes data notifies
//! every source's enabled webhooks destination with one `delete` body per user (WEBHOOKS.md, "Delivery").

use std::sync::Arc;

use axum::extract::State;

use super::{Found, Path, RegulationPath, Reply, Tx, View, WorkspacePath, now, ok, random_id};
use crate::emulator::App;
use crate::emulator::gate::{Caller, WriteScope};
use crate::emulator::body::JsonBody;
#[cfg(test)]
use crate::emulator::config::doc::RegulationPage;
use crate::emulator::outbox::{self, Job, Outbox};
#[cfg(test)]
use crate::emulator::config::paging::PageQuery;
use crate::emulator::config::paging::Paging;
use crate::emulator::store::{Op, Resource, State as Resources};
use crate::emulator::{ingest, status::Status};
use crate::wire::message::MessageType;
use crate::wire::{CreateRegulation, REGULATION_TYPES, Regulation, RegulationCreated, wrapper};

/// User ids one request may name.
pub const MAX_VALUES: usize = 5000;

/// Regulation types that delete data, and so notify webhooks; `Suppress` and `Unsuppress` delete nothing.
pub const DELETING: [&str; 2] = ["Delete", "Suppress_With_Delete"];

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
    let (regulation, jobs) = {
        let state = tx.state();
        let workspace = tx.view(&state).workspace(&p.workspace)?;
        if !REGULATION_TYPES.contains(&input.regulation_type.as_str()) {
            return Err(Status::invalid(format!(
                "regulation_type must be one of {}, got {:?}",
                REGULATION_TYPES.join(", "),
                input.regulation_type
            )));
        }
        if input.attributes.name != "userId" {
            return Err(Status::invalid(format!(
                "attributes.name must be \"userId\", got {:?}",
                input.attributes.name
            )));
        }
        let count = input.attributes.values.len();
        if count == 0 || count > MAX_VALUES {
            return Err(Status::invalid(format!(
                "attributes.values must hold 1 to {MAX_VALUES} user ids, got {count}"
            )));
        }
        let id = random_id(27);
        let time = now();
        let jobs = if DELETING.contains(&input.regulation_type.as_str()) {
            deletes(&app.outbox, &state, &workspace, &id, &input.attributes.values, &time)
        } else {
            Vec::new()
        };
        let regulation = Regulation {
            name: format!("{workspace}/regulations/{id}"),
            id,
            regulation_type: input.regulation_type,
            attributes: input.attributes,
            create_time: time,
            ..Default::default()
        };
        (regulation, jobs)
    };
    let id = regulation.id.clone();
    // The regulation and its notifications are committed together: both or neither survive a crash. The
    // deliveries start once both are.
    let queued = app.outbox.prepare(jobs)?;
    let rows = queued.changes();
    let outbox = app.outbox.clone();
    let ops = vec![Op::Insert(regulation.name.clone(), Resource::Regulation(regulation))];
    tx.commit_then(ops, rows, move || outbox.dispatch(queued)).await?;
    ok(&RegulationCreated { regulate_id: id, ..Default::default() })
}

/// One `delete` body per user for each source of the workspace with an enabled webhooks destination: a user the
/// request names twice is one user, deleted once, so notified once.
fn deletes(outbox: &Outbox, state: &Resources, workspace: &str, id: &str, users: &[String], time: &str) -> Vec<Job> {
    let mut seen = std::collections::HashSet::with_capacity(users.len());
    let users: Vec<&String> = users.iter().filter(|user| seen.insert(user.as_str())).collect();
    let mut jobs = Vec::new();
    for source in state.names_in(&format!("{workspace}/sources")) {
        for target in outbox::targets(state, source) {
            if target.urls.is_empty() {
                outbox.note(&format!("webhook {}: enabled but has no hook URL; delete not sent", target.destination));
                continue;
            }
            for (n, user) in users.iter().enumerate() {
                jobs.push(Job::new(
                    &target,
                    &format!("{id}-{n}"),
                    MessageType::Delete,
                    ingest::delete_body(user, time),
                ));
            }
        }
    }
    jobs
}
