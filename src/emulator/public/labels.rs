//! Labels: the workspace's list (`listLabels`, `createLabel` 201, `deleteLabel`) and a source's (`addLabelsToSource`,
//! `replaceLabelsInSource`, each label one the workspace has). The Config API keeps a source's labels as a map, so a
//! source holds one value per key; the workspace's list is kept beside the resources, and starts with
//! `environment` = `dev` and `prod`.

use std::sync::Arc;

use axum::extract::State;
use serde::Deserialize;

#[cfg(test)]
use super::doc::{LabelPath, SourcePath};
use super::sources::named as source_named;
use super::{Body, Caller, Ids, Problem, Reply, Write, created, data, success};
use crate::emulator::App;
use crate::emulator::model::{self, sources};
use crate::emulator::status::Status;
use crate::emulator::store::{Op, Resource, State as Store};
use crate::wire::Code;
#[cfg(test)]
use crate::wire::public::{Envelope, StatusOnly};
use crate::wire::public::{Label, LabelBody, Labels, map};

/// The key the workspace's labels are kept under, beside the resources.
fn key(workspace: &str) -> String {
    format!("labels:{workspace}")
}

/// The workspace's labels.
fn labels(state: &Store, workspace: &str) -> Vec<Label> {
    match state.meta(&key(workspace)).map(serde_json::from_slice::<Vec<Label>>) {
        Some(Ok(labels)) => labels,
        _ => ["dev", "prod"]
            .into_iter()
            .map(|value| Label { key: "environment".into(), value: value.into(), description: None })
            .collect(),
    }
}

fn keep(workspace: &str, labels: &[Label]) -> Result<Op, Problem> {
    let bytes = serde_json::to_vec(labels).map_err(|e| Status::internal(e.to_string()))?;
    Ok(Op::Meta(key(workspace), bytes))
}

/// List labels
///
/// The workspace's labels, all of them (no pagination); a new workspace has `environment` = `dev` and `prod`.
#[cfg_attr(test, utoipa::path(get, path = "/labels", tag = "Labels",
    responses((status = 200, description = "the workspace's labels", body = Envelope<Labels>))))]
pub async fn list_labels(State(app): State<Arc<App>>, caller: Caller) -> Reply {
    let state = app.store.read();
    data(Labels { labels: labels(&state, &caller.workspace(&state)?) })
}

/// Create a label
///
/// Answered 201.
#[cfg_attr(test, utoipa::path(post, path = "/labels", tag = "Labels", request_body = LabelBody,
    responses(
        (status = 201, description = "the new label", body = Envelope<LabelBody>),
        (status = 409, description = "the workspace has this label"),
        (status = 422, description = "a key or value missing, empty or of the wrong type"),
    )))]
pub async fn create_label(State(app): State<Arc<App>>, write: Write, body: Body) -> Reply {
    let input: LabelBody = body.json()?;
    if input.label.key.is_empty() || input.label.value.is_empty() {
        return Err(Status::invalid_field("label", "a label needs a key and a value").into());
    }
    let tx = write.begin(&app).await;
    let op = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let mut all = labels(&state, &workspace);
        if all.iter().any(|l| l.key == input.label.key && l.value == input.label.value) {
            let message = format!("label {}:{} exists", input.label.key, input.label.value);
            return Err(Status::new(Code::AlreadyExists, message).into());
        }
        all.push(input.label.clone());
        keep(&workspace, &all)?
    };
    tx.commit(vec![op]).await?;
    created(input)
}

#[derive(Deserialize)]
pub struct LabelIds {
    key: String,
    value: String,
}

/// Delete a label
#[cfg_attr(test, utoipa::path(delete, path = "/labels/{key}/{value}", tag = "Labels", params(LabelPath),
    responses(
        (status = 200, description = "deleted", body = Envelope<StatusOnly>),
        (status = 404, description = "the workspace has no such label"),
        (status = 409, description = "a source has the label"),
    )))]
pub async fn delete_label(State(app): State<Arc<App>>, write: Write, Ids(ids): Ids<LabelIds>) -> Reply {
    let tx = write.begin(&app).await;
    let op = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let mut all = labels(&state, &workspace);
        let before = all.len();
        all.retain(|l| !(l.key == ids.key && l.value == ids.value));
        if all.len() == before {
            return Err(Status::not_found(format!("label {}:{} not found", ids.key, ids.value)).into());
        }
        let used = state.names_in(&sources::collection(&workspace)).find(
            |name| matches!(state.get(name), Some(Resource::Source(s)) if s.labels.get(&ids.key) == Some(&ids.value)),
        );
        if let Some(source) = used {
            let message = format!("label {}:{} is on source {}", ids.key, ids.value, state.id_of(source));
            return Err(Status::new(Code::AlreadyExists, message).into());
        }
        keep(&workspace, &all)?
    };
    tx.commit(vec![op]).await?;
    success()
}

/// Add labels to a source
///
/// Each a label of the workspace; a source holds one value per key, so a label replaces the source's of its key.
#[cfg_attr(test, utoipa::path(post, path = "/sources/{sourceId}/labels", tag = "Sources", params(SourcePath),
    request_body = Labels,
    responses(
        (status = 200, description = "the source's labels", body = Envelope<Labels>),
        (status = 404, description = "no source of this id in the token's workspace, or a label the workspace lacks"),
        (status = 422, description = "a label of the wrong shape, one key with two values"),
    )))]
pub async fn add_labels_to_source(app: State<Arc<App>>, write: Write, id: Ids<String>, body: Body) -> Reply {
    source_labels(app, write, id, body, false).await
}

/// Replace labels in a source
///
/// The source's labels become these, each a label of the workspace.
#[cfg_attr(test, utoipa::path(put, path = "/sources/{sourceId}/labels", tag = "Sources", params(SourcePath),
    request_body = Labels,
    responses(
        (status = 200, description = "the source's labels", body = Envelope<Labels>),
        (status = 404, description = "no source of this id in the token's workspace, or a label the workspace lacks"),
        (status = 422, description = "a label of the wrong shape, one key with two values"),
    )))]
pub async fn replace_labels_in_source(app: State<Arc<App>>, write: Write, id: Ids<String>, body: Body) -> Reply {
    source_labels(app, write, id, body, true).await
}

/// Adds labels to a source or replaces its labels with these; each must be a label of the workspace (404).
async fn source_labels(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    body: Body,
    replace: bool,
) -> Reply {
    let tx = write.begin(&app).await;
    let (ops, result) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let name = source_named(&state, &workspace, &id)?;
        let input: Labels = body.json()?;
        let known = labels(&state, &workspace);
        for label in &input.labels {
            if !known.iter().any(|l| l.key == label.key && l.value == label.value) {
                return Err(Status::not_found(format!("label {}:{} not found", label.key, label.value)).into());
            }
        }
        let (source, more) = sources::get(&state, &name)?;
        let mut new = source.clone();
        let given = map::labels_from_public(&input.labels).map_err(|e| Status::invalid_field("labels", e))?;
        if replace {
            new.labels = given;
        } else {
            new.labels.extend(given);
        }
        let result = map::labels_to_public(&new.labels);
        (sources::update(&state, &name, new, more.clone())?, result)
    };
    tx.commit(ops).await?;
    data(Labels { labels: result })
}
