//! The audit trail (`listAuditEvents`): the events of the writes committed through either API (`model::audit`), in
//! the order they were committed, filtered by time (`startTime`, `endTime`, RFC 3339, both ends included) and resource
//! (`resourceId`, `resourceType` as the events name it: `Source`, `Function`, ...), a page at a time.

use std::sync::Arc;

use axum::extract::State;

#[cfg(test)]
use super::doc::AuditQuery;
use super::{Caller, Problem, Query, Reply, data, page};
use crate::emulator::App;
use crate::emulator::model::audit;
use crate::emulator::status::Status;
use crate::emulator::store::Resource;
#[cfg(test)]
use crate::wire::public::Envelope;
use crate::wire::public::iam::{AuditEvent, AuditPage};

/// A time of the query, when given: 422 naming it when it is no RFC 3339 time.
fn time(query: &super::query::Query, key: &str) -> Result<Option<jiff::Timestamp>, Problem> {
    match query.optional(key) {
        None => Ok(None),
        Some(text) => text.parse::<jiff::Timestamp>().map(Some).map_err(|e| {
            Problem(Status::invalid_field(key, format!("{key} must be an RFC 3339 time (2026-01-31T12:00:00Z): {e}")))
        }),
    }
}

/// List audit events
///
/// The workspace's audit trail, oldest first: one event per record each write made, changed or deleted.
#[cfg_attr(test, utoipa::path(get, path = "/audit-events", tag = "Audit Trail", params(AuditQuery),
    responses(
        (status = 200, description = "a page of the events", body = Envelope<AuditPage>),
        (status = 422, description = "a `startTime` or `endTime` that is no RFC 3339 time, bad pagination"),
    )))]
pub async fn list_audit_events(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let page_asked = query.page()?;
    let (start, end) = (time(&query, "startTime")?, time(&query, "endTime")?);
    let resource_id = query.optional("resourceId").map(String::from);
    let resource_type = query.optional("resourceType").map(String::from);
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    let within = |event: &AuditEvent| {
        let at = event.timestamp.parse::<jiff::Timestamp>().ok();
        start.is_none_or(|start| at.is_some_and(|at| at >= start))
            && end.is_none_or(|end| at.is_some_and(|at| at <= end))
    };
    let all: Vec<AuditEvent> = state
        .names_in(&audit::collection(&workspace))
        .filter_map(|name| match state.get(name) {
            Some(Resource::AuditEvent(event)) => Some(event),
            _ => None,
        })
        .filter(|event| resource_id.as_ref().is_none_or(|id| *id == event.resource_id))
        .filter(|event| resource_type.as_ref().is_none_or(|kind| kind.eq_ignore_ascii_case(&event.resource_type)))
        .filter(|event| within(event))
        .cloned()
        .collect();
    let (events, pagination) = page(&all, page_asked);
    data(AuditPage { events, pagination })
}
