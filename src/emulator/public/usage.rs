//! Usage (`aPICallsApi`, `monthlyTrackedUsersApi`; docs/reference/public-api.md "Delivery overview and usage"):
//! daily cumulative counts of a usage month, from the tracking calls the emulator received (`emulator::metrics`).
//! The month runs from `period` (its day, UTC) for one calendar month; there is a snapshot for each of its days that
//! has begun, at the day's start, counting what came from the month's start to the day's end. API calls are the
//! tracking calls (each item of a batch one); users are the ids those calls carried: `identified` the user ids,
//! `anonymous` the anonymous ids, `anonymousIdentified` those anonymous ids seen on a call with a user id too,
//! `neverIdentified` the others.

use std::collections::BTreeSet;
use std::sync::Arc;

use axum::extract::State;

#[cfg(test)]
use super::doc::UsageQuery;
use super::{Caller, Problem, Query, Reply, data, page, query, render};
use crate::emulator::App;
use crate::emulator::metrics::{Event, Stage};
use crate::emulator::model::sources;
use crate::emulator::status::Status;
#[cfg(test)]
use crate::wire::public::Envelope;
use crate::wire::public::insights::{
    ApiCallSnapshot, MtuSnapshot, SourceApiCallSnapshot, SourceApiCalls, SourceMtu, SourceMtuSnapshot, Users,
    WorkspaceApiCalls, WorkspaceMtu,
};

/// The usage month asked for: its days that have begun (each as its start and end, Unix milliseconds), and the
/// month's start and end in Unix seconds; and the page of its snapshots asked for.
struct Month {
    days: Vec<(i64, i64)>,
    start: i64,
    end: i64,
    page: query::Page,
}

/// `period`: a date or an ISO 8601 time, whose day (UTC) starts the month; 422 naming it otherwise. `pagination`
/// is required, as the SDK has it.
fn month(query: &query::Query) -> Result<Month, Problem> {
    let text = query.required("period")?;
    let invalid = || Status::invalid_field("period", format!("period {text:?} is not an ISO 8601 date or time"));
    let day: jiff::civil::Date = match text.parse::<jiff::Timestamp>() {
        Ok(at) => at.to_zoned(jiff::tz::TimeZone::UTC).date(),
        Err(_) => text.parse().map_err(|_| invalid())?,
    };
    let utc = |date: jiff::civil::Date| -> Result<i64, Problem> {
        let zoned = date.to_zoned(jiff::tz::TimeZone::UTC).map_err(|_| invalid())?;
        Ok(zoned.timestamp().as_millisecond())
    };
    let end_day = day.checked_add(jiff::Span::new().months(1)).map_err(|_| invalid())?;
    let (start, end) = (utc(day)?, utc(end_day)?);
    let now = jiff::Timestamp::now().as_millisecond();
    const DAY: i64 = 86_400_000;
    let days = (0..).map(|n| start + n * DAY).take_while(|at| *at < end && *at <= now).map(|at| (at, at + DAY));
    let days = days.collect();
    Ok(Month { days, start: start / 1000, end: end / 1000, page: query.required_page()? })
}

/// A workspace's sources as the store lists them: each its name and id.
type Listed = Vec<(String, String)>;

/// The tracking calls of the month at the workspace's sources, and those sources.
fn received(app: &Arc<App>, caller: &Caller, month: &Month) -> Result<(Vec<Event>, Listed), Problem> {
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    let collection = sources::collection(&workspace);
    let listed: Vec<(String, String)> =
        state.names_in(&collection).map(|name| (name.to_string(), state.id_of(name).to_string())).collect();
    let prefix = format!("{collection}/");
    let start = month.start * 1000;
    let events =
        app.outbox.metrics.events(|e| e.stage == Stage::Received && e.source.starts_with(&prefix) && e.at_ms >= start);
    Ok((events, listed))
}

/// Users of the calls before `end` (Unix milliseconds).
fn users<'e>(events: impl Iterator<Item = &'e Event>, end: i64) -> Users {
    let (mut identified, mut anonymous, mut both) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    for event in events.filter(|e| e.at_ms < end) {
        if let Some(user) = &event.user_id {
            identified.insert(user);
        }
        if let Some(anonymous_id) = &event.anonymous_id {
            anonymous.insert(anonymous_id);
            if event.user_id.is_some() {
                both.insert(anonymous_id);
            }
        }
    }
    Users {
        anonymous: anonymous.len().to_string(),
        anonymous_identified: both.len().to_string(),
        identified: identified.len().to_string(),
        never_identified: (anonymous.len() - both.len()).to_string(),
    }
}

/// Get daily workspace API calls usage
///
/// The workspace's tracking calls of the usage month, cumulative, a snapshot for each day begun.
#[cfg_attr(test, utoipa::path(get, path = "/usage/api-calls/daily", tag = "API Calls", params(UsageQuery),
    responses(
        (status = 200, description = "a page of daily snapshots", body = Envelope<WorkspaceApiCalls>),
        (status = 422, description = "`period` or `pagination` missing or invalid"),
    )))]
pub async fn get_daily_workspace_api_calls_usage(
    State(app): State<Arc<App>>,
    caller: Caller,
    Query(query): Query,
) -> Reply {
    let month = month(&query)?;
    let (events, _) = received(&app, &caller, &month)?;
    let all: Vec<ApiCallSnapshot> = (month.days.iter())
        .map(|(start, end)| ApiCallSnapshot {
            api_calls: events.iter().filter(|e| e.at_ms < *end).count().to_string(),
            timestamp: render::time(*start),
        })
        .collect();
    let (daily_workspace_api_calls_usage, pagination) = page(&all, month.page);
    data(WorkspaceApiCalls { daily_workspace_api_calls_usage, pagination })
}

/// Get daily per source API calls usage
///
/// Each source's tracking calls of the usage month, cumulative: for each day begun, one snapshot per source of the
/// workspace, in the order the sources are listed.
#[cfg_attr(test, utoipa::path(get, path = "/usage/api-calls/sources/daily", tag = "API Calls", params(UsageQuery),
    responses(
        (status = 200, description = "a page of daily snapshots", body = Envelope<SourceApiCalls>),
        (status = 422, description = "`period` or `pagination` missing or invalid"),
    )))]
pub async fn get_daily_per_source_api_calls_usage(
    State(app): State<Arc<App>>,
    caller: Caller,
    Query(query): Query,
) -> Reply {
    let month = month(&query)?;
    let (events, listed) = received(&app, &caller, &month)?;
    let all: Vec<SourceApiCallSnapshot> = (month.days.iter())
        .flat_map(|(start, end)| {
            let events = &events;
            listed.iter().map(move |(name, id)| SourceApiCallSnapshot {
                source_id: id.clone(),
                api_calls: events.iter().filter(|e| e.at_ms < *end && &e.source == name).count().to_string(),
                timestamp: render::time(*start),
            })
        })
        .collect();
    let (daily_per_source_api_calls_usage, pagination) = page(&all, month.page);
    data(SourceApiCalls { daily_per_source_api_calls_usage, pagination })
}

/// Get daily workspace MTU usage
///
/// The users of the workspace's tracking calls in the usage month, cumulative, a snapshot for each day begun.
#[cfg_attr(test, utoipa::path(get, path = "/usage/mtu/daily", tag = "Monthly Tracked Users", params(UsageQuery),
    responses(
        (status = 200, description = "a page of daily snapshots", body = Envelope<WorkspaceMtu>),
        (status = 422, description = "`period` or `pagination` missing or invalid"),
    )))]
pub async fn get_daily_workspace_mtu_usage(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let month = month(&query)?;
    let (events, _) = received(&app, &caller, &month)?;
    let all: Vec<MtuSnapshot> = (month.days.iter())
        .map(|(start, end)| MtuSnapshot {
            period_start: month.start,
            period_end: month.end,
            users: users(events.iter(), *end),
            timestamp: render::time(*start),
        })
        .collect();
    let (daily_workspace_mtu_usage, pagination) = page(&all, month.page);
    data(WorkspaceMtu { daily_workspace_mtu_usage, pagination })
}

/// Get daily per source MTU usage
///
/// Each source's users in the usage month, cumulative: for each day begun, one snapshot per source of the
/// workspace, in the order the sources are listed.
#[cfg_attr(test, utoipa::path(get, path = "/usage/mtu/sources/daily", tag = "Monthly Tracked Users",
    params(UsageQuery),
    responses(
        (status = 200, description = "a page of daily snapshots", body = Envelope<SourceMtu>),
        (status = 422, description = "`period` or `pagination` missing or invalid"),
    )))]
pub async fn get_daily_per_source_mtu_usage(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let month = month(&query)?;
    let (events, listed) = received(&app, &caller, &month)?;
    let (period_start, period_end) = (month.start, month.end);
    let all: Vec<SourceMtuSnapshot> = (month.days.iter())
        .flat_map(|(start, end)| {
            let events = &events;
            listed.iter().map(move |(name, id)| SourceMtuSnapshot {
                source_id: id.clone(),
                period_start,
                period_end,
                users: users(events.iter().filter(|e| &e.source == name), *end),
                timestamp: render::time(*start),
            })
        })
        .collect();
    let (daily_per_source_mtu_usage, pagination) = page(&all, month.page);
    data(SourceMtu { daily_per_source_mtu_usage, pagination })
}
