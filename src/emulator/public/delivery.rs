//! The delivery overview (`deliveryOverviewApi`, docs/reference/public-api.md "Delivery overview and usage"): the
//! events at each step between a source and a destination, in buckets of a window, from what the emulator counted
//! (`emulator::metrics`): received by the tracking endpoints (`successfully-received`), dropped by a destination's
//! filter (`filtered-at-destination`), delivered (`successful-delivery`, with retries) or not
//! (`failed-delivery`). Nothing is refused at ingest or filtered at the source by the emulator: those two read zero.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::State;

#[cfg(test)]
use super::doc::{DestinationDeliveryQuery, SourceDeliveryQuery};
use super::{Caller, Problem, Query, Reply, data, destinations, page, query, render, sources};
use crate::emulator::App;
use crate::emulator::metrics::{Event, Stage};
use crate::emulator::status::Status;
#[cfg(test)]
use crate::wire::public::Envelope;
use crate::wire::public::insights::{
    DIMENSIONS, DeliveryOverviewDatapoint, DeliveryOverviewDataset, DeliveryOverviewMetrics,
};

/// The window asked for, in Unix milliseconds, and the size of its buckets.
struct Window {
    start: i64,
    end: i64,
    step: i64,
}

const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;

/// `startTime`, `endTime` and `granularity`, with the SDK's bounds for each granularity: the longest window, and
/// how long ago it may start.
fn window(query: &query::Query) -> Result<Window, Problem> {
    let time = |key: &str| -> Result<i64, Problem> {
        let text = query.required(key)?;
        let at: jiff::Timestamp = text.parse().map_err(|_| {
            Status::invalid_field(key, format!("{key} {text:?} is not an ISO 8601 time (2026-11-29T10:00:00Z)"))
        })?;
        Ok(at.as_millisecond())
    };
    let (start, end) = (time("startTime")?, time("endTime")?);
    let granularity = query.required("granularity")?;
    let (step, longest, oldest, said) = match granularity {
        "minute" => (MINUTE, 4 * HOUR, 48 * HOUR, "4 hours, starting at most 48 hours ago"),
        "hour" => (HOUR, 14 * DAY, 30 * DAY, "14 days, starting at most 30 days ago"),
        "day" => (DAY, 30 * DAY, 30 * DAY, "30 days, starting at most 30 days ago"),
        other => {
            let message = format!("granularity {other:?} is not one of day, hour, minute");
            return Err(Status::invalid_field("granularity", message).into());
        }
    };
    if end <= start {
        return Err(Status::invalid_field("endTime", "endTime must be after startTime").into());
    }
    if end - start > longest {
        let message = format!("a window by {granularity} is at most {said}");
        return Err(Status::invalid_field("endTime", message).into());
    }
    if start < jiff::Timestamp::now().as_millisecond() - oldest {
        let message = format!("a window by {granularity} is at most {said}");
        return Err(Status::invalid_field("startTime", message).into());
    }
    Ok(Window { start, end, step })
}

/// A dimension's value of an event.
fn dimension(event: &Event, name: &str) -> Option<String> {
    match name {
        "eventName" => event.event_name.clone(),
        "eventType" => Some(event.event_type.clone()),
        "discardReason" => event.discard_reason.clone(),
        "appVersion" => event.app_version.clone(),
        _ => None,
    }
}

/// `groupBy`: known dimensions, each once; 422 naming it otherwise.
fn group_by(query: &query::Query) -> Result<Vec<&'static str>, Problem> {
    let mut dimensions = Vec::new();
    for asked in query.list("groupBy") {
        let Some(known) = DIMENSIONS.iter().find(|d| **d == asked) else {
            let message = format!("groupBy {asked:?} is not one of {}", DIMENSIONS.join(", "));
            return Err(Status::invalid_field("groupBy", message).into());
        };
        if !dimensions.contains(known) {
            dimensions.push(*known);
        }
    }
    Ok(dimensions)
}

/// `filter`: for each dimension it names, the values an event must have one of (`filter[eventName][0]=..`,
/// `filter.eventName=..`, `filter={"eventName": [..]}`); 422 naming an unknown dimension.
fn filter(query: &query::Query) -> Result<Vec<(&'static str, Vec<String>)>, Problem> {
    let unknown = |name: &str| -> Problem {
        let message = format!("filter.{name} is not one of {}", DIMENSIONS.join(", "));
        Status::invalid_field(format!("filter.{name}"), message).into()
    };
    for key in query.keys() {
        let rest = key.strip_prefix("filter[").map(|r| r.split(']').next().unwrap_or_default());
        let rest = rest.or_else(|| key.strip_prefix("filter.").map(|r| r.split(['.', '[']).next().unwrap_or_default()));
        if let Some(name) = rest
            && !DIMENSIONS.contains(&name)
        {
            return Err(unknown(name));
        }
    }
    let whole = query.object("filter")?.unwrap_or_default();
    if let Some(name) = whole.keys().find(|k| !DIMENSIONS.contains(&k.as_str())) {
        return Err(unknown(name));
    }
    let mut filters = Vec::new();
    for name in DIMENSIONS {
        let mut values = query.list(&format!("filter[{name}]"));
        values.extend(query.list(&format!("filter.{name}")));
        match whole.get(name) {
            None => {}
            Some(serde_json::Value::Array(items)) if items.iter().all(serde_json::Value::is_string) => {
                values.extend(items.iter().filter_map(|v| v.as_str().map(String::from)));
            }
            Some(serde_json::Value::String(value)) => values.push(value.clone()),
            Some(_) => {
                let message = format!("filter.{name} must be a list of strings");
                return Err(Status::invalid_field(format!("filter.{name}"), message).into());
            }
        }
        if !values.is_empty() {
            filters.push((name, values));
        }
    }
    Ok(filters)
}

/// Which read: the step of the pipeline it counts, and whether it is a destination's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Read {
    IngressSuccess,
    IngressFailed,
    FilteredAtSource,
    FilteredAtDestination,
    EgressSuccess,
    EgressFailed,
}

impl Read {
    /// The stage the emulator counts for it, if it counts any.
    fn stage(self) -> Option<Stage> {
        match self {
            Read::IngressSuccess => Some(Stage::Received),
            Read::IngressFailed | Read::FilteredAtSource => None,
            Read::FilteredAtDestination => Some(Stage::FilteredAtDestination),
            Read::EgressSuccess => Some(Stage::Delivered),
            Read::EgressFailed => Some(Stage::Failed),
        }
    }

    fn at_destination(self) -> bool {
        matches!(self, Read::FilteredAtDestination | Read::EgressSuccess | Read::EgressFailed)
    }
}

/// One read: the parameters checked (ids first: 404 before 422 for a bad window), the events counted in the
/// window, grouped, in buckets, a page of the groups.
fn read(app: &Arc<App>, caller: &Caller, query: &query::Query, read: Read) -> Reply {
    let (source, destination) = {
        let state = app.store.read();
        let workspace = caller.workspace(&state)?;
        let source = sources::named(&state, &workspace, query.required("sourceId")?)?;
        let destination = if read.at_destination() {
            let id = query.required("destinationConfigId")?;
            let destination = destinations::named(&state, &workspace, id)?;
            if !destination.starts_with(&format!("{source}/")) {
                let source_id = state.id_of(&source);
                return Err(Status::not_found(format!("destination {id} is not a destination of {source_id}")).into());
            }
            Some(destination)
        } else {
            None
        };
        (source, destination)
    };
    let window = window(query)?;
    let (group_by, filters) = (group_by(query)?, filter(query)?);
    let subscription = if read.at_destination() { query.values("subscriptionId").next() } else { None };
    let page_asked = if read.at_destination() { query.required_page()? } else { query.page()? };
    let events = match read.stage() {
        None => Vec::new(),
        Some(stage) => app.outbox.metrics.events(|e| {
            e.stage == stage
                && e.source == source
                && (destination.is_none() || e.destination == destination)
                && subscription.is_none_or(|s| e.subscription.as_deref() == Some(s))
                && (window.start..window.end).contains(&e.at_ms)
                && filters.iter().all(|(name, values)| dimension(e, name).is_some_and(|v| values.contains(&v)))
        }),
    };
    let retries = read == Read::EgressSuccess;
    let mut groups: BTreeMap<Vec<Option<String>>, Vec<&Event>> = BTreeMap::new();
    if group_by.is_empty() {
        groups.insert(Vec::new(), Vec::new());
    }
    for event in &events {
        let key = group_by.iter().map(|name| dimension(event, name)).collect();
        groups.entry(key).or_default().push(event);
    }
    let buckets = usize::try_from((window.end - window.start + window.step - 1) / window.step).unwrap_or(0);
    let dataset: Vec<DeliveryOverviewDataset> = groups
        .into_iter()
        .map(|(key, events)| {
            let mut series: Vec<DeliveryOverviewDatapoint> = (0..buckets)
                .map(|n| DeliveryOverviewDatapoint {
                    time: render::time(window.start + n as i64 * window.step),
                    count: 0,
                    retry_count: retries.then_some(0),
                })
                .collect();
            for event in &events {
                let point = &mut series[usize::try_from((event.at_ms - window.start) / window.step).unwrap_or(0)];
                point.count += 1;
                point.retry_count = point.retry_count.map(|n| n + u64::from(event.retries));
            }
            let set = |name: &str| group_by.iter().position(|g| *g == name).and_then(|at| key[at].clone());
            DeliveryOverviewDataset {
                event_name: set("eventName"),
                app_version: set("appVersion"),
                event_type: set("eventType"),
                discard_reason: set("discardReason"),
                total: events.len() as u64,
                total_retry_count: retries.then(|| events.iter().map(|e| u64::from(e.retries)).sum()),
                series,
            }
        })
        .collect();
    let total = events.len() as u64;
    let (dataset, pagination) = page(&dataset, page_asked);
    data(DeliveryOverviewMetrics { total, dataset, pagination })
}

/// Get egress failed metrics from delivery overview
///
/// The events whose delivery to the destination failed (every URL refused it for good, or its retry window
/// closed), by `discardReason` `permanent-failure` or `retries-exhausted`.
#[cfg_attr(test, utoipa::path(get, path = "/delivery-overview/failed-delivery", tag = "Delivery Overview",
    params(DestinationDeliveryQuery),
    responses(
        (status = 200, description = "the failed deliveries", body = Envelope<DeliveryOverviewMetrics>),
        (status = 422, description = "a parameter missing or invalid"),
    )))]
pub async fn get_egress_failed_metrics_from_delivery_overview(
    State(app): State<Arc<App>>,
    caller: Caller,
    Query(query): Query,
) -> Reply {
    read(&app, &caller, &query, Read::EgressFailed)
}

/// Get egress success metrics from delivery overview
///
/// The events delivered to the destination, by `discardReason` `successes.attempt.N` (the attempt that delivered
/// it), with their retries.
#[cfg_attr(test, utoipa::path(get, path = "/delivery-overview/successful-delivery", tag = "Delivery Overview",
    params(DestinationDeliveryQuery),
    responses(
        (status = 200, description = "the deliveries", body = Envelope<DeliveryOverviewMetrics>),
        (status = 422, description = "a parameter missing or invalid"),
    )))]
pub async fn get_egress_success_metrics_from_delivery_overview(
    State(app): State<Arc<App>>,
    caller: Caller,
    Query(query): Query,
) -> Reply {
    read(&app, &caller, &query, Read::EgressSuccess)
}

/// Get filtered at destination metrics from delivery overview
///
/// The events a filter of the destination dropped (`discardReason` `filtered`).
#[cfg_attr(test, utoipa::path(get, path = "/delivery-overview/filtered-at-destination", tag = "Delivery Overview",
    params(DestinationDeliveryQuery),
    responses(
        (status = 200, description = "the events filtered", body = Envelope<DeliveryOverviewMetrics>),
        (status = 422, description = "a parameter missing or invalid"),
    )))]
pub async fn get_filtered_at_destination_metrics_from_delivery_overview(
    State(app): State<Arc<App>>,
    caller: Caller,
    Query(query): Query,
) -> Reply {
    read(&app, &caller, &query, Read::FilteredAtDestination)
}

/// Get filtered at source metrics from delivery overview
///
/// Zero: the emulator filters nothing at a source.
#[cfg_attr(test, utoipa::path(get, path = "/delivery-overview/filtered-at-source", tag = "Delivery Overview",
    params(SourceDeliveryQuery),
    responses(
        (status = 200, description = "no events", body = Envelope<DeliveryOverviewMetrics>),
        (status = 422, description = "a parameter missing or invalid"),
    )))]
pub async fn get_filtered_at_source_metrics_from_delivery_overview(
    State(app): State<Arc<App>>,
    caller: Caller,
    Query(query): Query,
) -> Reply {
    read(&app, &caller, &query, Read::FilteredAtSource)
}

/// Get ingress failed metrics from delivery overview
///
/// Zero: a tracking request the emulator refuses is refused whole (400), never taken in part.
#[cfg_attr(test, utoipa::path(get, path = "/delivery-overview/failed-on-ingest", tag = "Delivery Overview",
    params(SourceDeliveryQuery),
    responses(
        (status = 200, description = "no events", body = Envelope<DeliveryOverviewMetrics>),
        (status = 422, description = "a parameter missing or invalid"),
    )))]
pub async fn get_ingress_failed_metrics_from_delivery_overview(
    State(app): State<Arc<App>>,
    caller: Caller,
    Query(query): Query,
) -> Reply {
    read(&app, &caller, &query, Read::IngressFailed)
}

/// Get ingress success metrics from delivery overview
///
/// The tracking calls the source's write key sent, each item of a batch one.
#[cfg_attr(test, utoipa::path(get, path = "/delivery-overview/successfully-received", tag = "Delivery Overview",
    params(SourceDeliveryQuery),
    responses(
        (status = 200, description = "the calls received", body = Envelope<DeliveryOverviewMetrics>),
        (status = 422, description = "a parameter missing or invalid"),
    )))]
pub async fn get_ingress_success_metrics_from_delivery_overview(
    State(app): State<Arc<App>>,
    caller: Caller,
    Query(query): Query,
) -> Reply {
    read(&app, &caller, &query, Read::IngressSuccess)
}
