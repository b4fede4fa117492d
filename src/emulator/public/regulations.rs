//! Regulations: a workspace's (`createWorkspaceRegulation`, `listWorkspaceRegulations`, `getRegulation`,
//! `deleteRegulation`) and a source's (`createSourceRegulation`, `listRegulationsFromSource`, which has no
//! pagination). A deleting one notifies every webhooks destination (of the workspace, or of the source) with one
//! `delete` per user, as through the Config API; the emulator sends them at once, so a regulation is `FINISHED`
//! from the start.

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;

use super::sources::named as source_named;
use super::{Body, Caller, Ids, Problem, Query, Reply, Write, data, page, render};
use crate::emulator::App;
use crate::emulator::model::{self, regulations};
use crate::emulator::status::Status;
use crate::emulator::store::{Resource, State as Store};
use crate::wire::RegulationAttributes;
use crate::wire::public::{self, PaginationOutput, RegulationInput, map};

#[derive(Serialize)]
struct List {
    regulations: Vec<public::RegulationListEntry>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
struct SourceList {
    regulations: Vec<public::RegulationListEntry>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Created {
    regulate_id: String,
}

#[derive(Serialize)]
struct One {
    regulation: public::Regulation,
}

/// The workspace's regulations that `keep` accepts, newest last, filtered by the query's `status` and
/// `regulationTypes`.
fn entries(
    state: &Store,
    workspace: &str,
    query: &super::query::Query,
    keep: impl Fn(&str) -> bool,
) -> Vec<public::RegulationListEntry> {
    let types = query.list("regulationTypes");
    let status: Vec<&str> = query.values("status").collect();
    state
        .names_in(&format!("{workspace}/regulations"))
        .filter_map(|name| match state.get(name) {
            Some(Resource::Regulation(r)) if keep(name) => Some(render::regulation_entry(r)),
            _ => None,
        })
        .filter(|entry| types.is_empty() || types.contains(&entry.regulation_type))
        .filter(|entry| status.is_empty() || status.contains(&entry.status.as_str()))
        .collect()
}

pub async fn list_regulations(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let asked = query.page()?;
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    let (regulations, pagination) = page(&entries(&state, &workspace, &query, |_| true), asked);
    data(List { regulations, pagination })
}

pub async fn list_source_regulations(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    source_named(&state, &workspace, &id)?;
    let of_source = |name: &str| state.more(name).and_then(|more| more.source.as_deref()) == Some(id.as_str());
    data(SourceList { regulations: entries(&state, &workspace, &query, of_source) })
}

pub async fn get_regulation(State(app): State<Arc<App>>, caller: Caller, Ids(id): Ids<String>) -> Reply {
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    match state.get(&format!("{workspace}/regulations/{id}")) {
        Some(Resource::Regulation(r)) => data(One { regulation: render::regulation(&state, r) }),
        _ => Err(Status::not_found(format!("regulation {id} not found")).into()),
    }
}

pub async fn delete_regulation(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>) -> Reply {
    // Only while INITIALIZED (TS47); the emulator's are finished from the start.
    let tx = write.begin(&app).await;
    let state = tx.state();
    let workspace = model::workspace_of(&state, tx.caller())?;
    match state.get(&format!("{workspace}/regulations/{id}")) {
        Some(Resource::Regulation(_)) => {
            Err(Status::refused(format!("regulation {id} is finished; only an INITIALIZED one can be deleted")).into())
        }
        _ => Err(Status::not_found(format!("regulation {id} not found")).into()),
    }
}

pub async fn create_regulation(app: State<Arc<App>>, write: Write, body: Body) -> Reply {
    create(app, write, None, body).await
}

pub async fn create_source_regulation(app: State<Arc<App>>, write: Write, Ids(id): Ids<String>, body: Body) -> Reply {
    create(app, write, Some(id), body).await
}

/// Makes a regulation of the workspace, or of one source (`USER_ID` only there), with its notifications.
async fn create(State(app): State<Arc<App>>, write: Write, source: Option<String>, body: Body) -> Reply {
    let tx = write.begin(&app).await;
    let (op, regulation, jobs) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let source_name = match &source {
            Some(id) => Some(source_named(&state, &workspace, id)?),
            None => None,
        };
        let input: RegulationInput = body.json()?;
        let kind = map::regulation_type_from_public(&input.regulation_type).ok_or_else(|| {
            let message = format!("regulationType must be one of {}", public::REGULATION_TYPES.join(", "));
            Problem(Status::invalid_field("regulationType", message))
        })?;
        let subject = map::subject_type_from_public(&input.subject_type)
            .filter(|subject| source.is_none() || *subject == "userId")
            .ok_or_else(|| {
                let allowed = if source.is_some() { "USER_ID" } else { "OBJECT_ID, USER_ID" };
                Problem(Status::invalid_field("subjectType", format!("subjectType must be one of {allowed}")))
            })?;
        let attributes = RegulationAttributes { name: subject.into(), values: input.subject_ids };
        regulations::create(&app.outbox, &state, &workspace, source_name.as_deref(), kind, attributes)?
    };
    let queued = app.outbox.prepare(jobs)?;
    let rows = queued.changes();
    let outbox = app.outbox.clone();
    tx.commit_then(vec![op], rows, move || outbox.dispatch(queued)).await?;
    data(Created { regulate_id: regulation.id })
}
