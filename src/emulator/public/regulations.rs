//! Regulations: a workspace's (`createWorkspaceRegulation`, `listWorkspaceRegulations`, `getRegulation`,
//! `deleteRegulation`) and a source's (`createSourceRegulation`, `listRegulationsFromSource`, which has no
//! pagination). A deleting one notifies every webhooks destination (of the workspace, or of the source) with one
//! `delete` per user, as through the Config API. A regulation stands `INITIALIZED` while any of them is still to be
//! sent (docs/reference/public-api.md), and only then can it be deleted, which stops them; then `FINISHED` (all
//! delivered, or none to send), `FAILED` (all dropped) or `PARTIAL_SUCCESS`.

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;

#[cfg(test)]
use super::doc::{RegulationPageQuery, RegulationPath, RegulationQuery, SourcePath};
use super::sources::named as source_named;
use super::{Body, Caller, Ids, Problem, Query, Reply, Write, data, page, render, success};
use crate::emulator::App;
use crate::emulator::model::{self, regulations};
use crate::emulator::status::Status;
use crate::emulator::store::{Op, Resource, State as Store};
use crate::wire::RegulationAttributes;
use crate::wire::public::{self, PaginationOutput, RegulationCreated, RegulationInput, map};
#[cfg(test)]
use crate::wire::public::{Envelope, StatusOnly};

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = RegulationsPage))]
struct List {
    regulations: Vec<public::RegulationListEntry>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = SourceRegulations))]
struct SourceList {
    regulations: Vec<public::RegulationListEntry>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = RegulationData))]
struct One {
    regulation: public::Regulation,
}

/// The query's `status` and `regulationTypes`, each value one of its enum's (else 422 naming the parameter).
struct Wanted {
    status: Vec<String>,
    types: Vec<String>,
}

impl Wanted {
    fn of(query: &super::query::Query) -> Result<Wanted, Problem> {
        let status: Vec<String> = query.values("status").map(String::from).collect();
        let types = query.list("regulationTypes");
        for (field, values, allowed) in [
            ("status", &status, &public::REGULATION_STATUSES[..]),
            ("regulationTypes", &types, &public::REGULATION_TYPES[..]),
        ] {
            if let Some(bad) = values.iter().find(|v| !allowed.contains(&v.as_str())) {
                let message = format!("{field} must be one of {}, got {bad:?}", allowed.join(", "));
                return Err(Status::invalid_field(field, message).into());
            }
        }
        Ok(Wanted { status, types })
    }
}

/// The workspace's regulations that `keep` accepts, newest last, of the statuses and types wanted (all when none
/// is named).
fn entries(
    app: &App,
    state: &Store,
    workspace: &str,
    wanted: &Wanted,
    keep: impl Fn(&str) -> bool,
) -> Vec<public::RegulationListEntry> {
    let (types, status) = (&wanted.types, &wanted.status);
    state
        .names_in(&format!("{workspace}/regulations"))
        .filter_map(|name| match state.get(name) {
            Some(Resource::Regulation(r)) if keep(name) => Some(render::regulation_entry(app, r)),
            _ => None,
        })
        .filter(|entry| types.is_empty() || types.contains(&entry.regulation_type))
        .filter(|entry| status.is_empty() || status.contains(&entry.status))
        .collect()
}

/// List workspace regulations
#[cfg_attr(test, utoipa::path(get, path = "/regulations", tag = "Deletion and Suppression",
    params(RegulationPageQuery),
    responses((status = 200, description = "a page of the workspace's regulations", body = Envelope<List>))))]
pub async fn list_workspace_regulations(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let asked = query.page()?;
    let wanted = Wanted::of(&query)?;
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    let (regulations, pagination) = page(&entries(&app, &state, &workspace, &wanted, |_| true), asked);
    data(List { regulations, pagination })
}

/// List regulations from a source
///
/// All of them: this list has no pagination.
#[cfg_attr(test, utoipa::path(get, path = "/regulations/sources/{sourceId}", tag = "Deletion and Suppression",
    params(SourcePath, RegulationQuery),
    responses(
        (status = 200, description = "the source's regulations", body = Envelope<SourceList>),
        (status = 404, description = "no source of this id in the token's workspace"),
    )))]
pub async fn list_regulations_from_source(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    source_named(&state, &workspace, &id)?;
    let wanted = Wanted::of(&query)?;
    let of_source = |name: &str| state.more(name).and_then(|more| more.source.as_deref()) == Some(id.as_str());
    data(SourceList { regulations: entries(&app, &state, &workspace, &wanted, of_source) })
}

/// Get a regulation
#[cfg_attr(test, utoipa::path(get, path = "/regulations/{regulateId}", tag = "Deletion and Suppression",
    params(RegulationPath),
    responses(
        (status = 200, description = "the regulation", body = Envelope<One>),
        (status = 404, description = "no regulation of this id in the token's workspace"),
    )))]
pub async fn get_regulation(State(app): State<Arc<App>>, caller: Caller, Ids(id): Ids<String>) -> Reply {
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    match state.get(&format!("{workspace}/regulations/{id}")) {
        Some(Resource::Regulation(r)) => data(One { regulation: render::regulation(&app, &state, r) }),
        _ => Err(Status::not_found(format!("regulation {id} not found")).into()),
    }
}

/// Delete a regulation
///
/// Only while it is `INITIALIZED`, its notifications not all sent: those left are not sent. One that stands
/// otherwise is refused.
#[cfg_attr(test, utoipa::path(delete, path = "/regulations/{regulateId}", tag = "Deletion and Suppression",
    params(RegulationPath),
    responses(
        (status = 200, description = "deleted; its notifications not yet sent never will be", body = Envelope<StatusOnly>),
        (status = 400, description = "the regulation is not `INITIALIZED`"),
        (status = 404, description = "no regulation of this id in the token's workspace"),
    )))]
pub async fn delete_regulation(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>) -> Reply {
    let tx = write.begin(&app).await;
    let name = {
        let state = tx.state();
        let name = format!("{}/regulations/{id}", model::workspace_of(&state, tx.caller())?);
        let Some(Resource::Regulation(regulation)) = state.get(&name) else {
            return Err(Status::not_found(format!("regulation {id} not found")).into());
        };
        let entry = render::regulation_entry(&app, regulation);
        if entry.status != "INITIALIZED" {
            let message = format!("regulation {id} is {}; only an INITIALIZED one can be deleted", entry.status);
            return Err(Status::refused(message).into());
        }
        name
    };
    tx.commit(vec![Op::RemoveTree(name)]).await?;
    app.outbox.cancel(&id);
    success()
}

/// Create a workspace regulation
///
/// Its deletes are sent to every webhooks destination of the workspace; it stands `INITIALIZED` until all are sent.
#[cfg_attr(test, utoipa::path(post, path = "/regulations", tag = "Deletion and Suppression",
    request_body = RegulationInput,
    responses(
        (status = 200, description = "the new regulation's id", body = Envelope<RegulationCreated>),
        (status = 422, description = "a field missing, of the wrong type or not in its enum; no subject, or more \
                                      than 5,000"),
    )))]
pub async fn create_workspace_regulation(app: State<Arc<App>>, write: Write, body: Body) -> Reply {
    create(app, write, None, body).await
}

/// Create a source regulation
///
/// As a workspace's, for one source and its webhooks; its subjects are user ids.
#[cfg_attr(test, utoipa::path(post, path = "/regulations/sources/{sourceId}", tag = "Deletion and Suppression",
    params(SourcePath), request_body = RegulationInput,
    responses(
        (status = 200, description = "the new regulation's id", body = Envelope<RegulationCreated>),
        (status = 404, description = "no source of this id in the token's workspace"),
        (status = 422, description = "a field missing, of the wrong type or not in its enum, a `subjectType` other \
                                      than `USER_ID`; no subject, or more than 5,000"),
    )))]
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
    data(RegulationCreated { regulate_id: regulation.id })
}
