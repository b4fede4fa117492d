//! The write calls a request in seg's vocabulary becomes on the Public API, told before it is sent: so a plan says how
//! many requests `apply` will send (docs/reference/workspace-files.md: `requests`). This is the adapter's translation
//! (`Call::neutral` and the files beside it) read call by call: a source is made with `POST /sources`, then named with
//! `PATCH /sources/{id}` (a create cannot carry its name), then labelled with `PUT /sources/{id}/labels` after a `POST
//! /labels` for each label the workspace lacks; a plan's rules are `PUT` after its `POST`; and so on. A request the
//! adapter refuses before any call (a field the Public API has no place for) makes none. Reads (names resolved to ids,
//! a lost answer looked for) are not writes and are not counted.
//!
//! What the calls depend on beyond the request is the workspace's labels: read once ([`Known`]), when a request
//! first sets labels, then kept as the counted calls would leave them (a label made for one source is there for the
//! next). Tests that run every kind of change on both APIs compare this count with what the emulator received.

use std::collections::BTreeSet;

use http::Method;
use serde_json::{Map, Value};

use super::route::Route;
use super::update_parts;
use crate::api::transport::Transport;
use crate::error::{Error, Result};
use crate::wire::public::{self, map};
use crate::wire::{Request, TrackingPlanInput};

/// What the count of a request's calls knows of the workspace: its labels (key, value), once read.
#[derive(Debug, Default)]
pub struct Known {
    labels: Option<BTreeSet<(String, String)>>,
}

/// One write call: its method and the Public API path it goes to (ids as `{id}`).
pub type Write = (Method, &'static str);

/// How many write calls `request` becomes.
pub async fn count<A>(transport: &Transport, request: &Request<A>, known: &mut Known) -> Result<usize> {
    Ok(calls(transport, request, known).await?.len())
}

/// The write calls `request` becomes, in the order the adapter sends them.
pub async fn calls<A>(transport: &Transport, request: &Request<A>, known: &mut Known) -> Result<Vec<Write>> {
    let writes = !matches!(request.method, Method::GET | Method::HEAD);
    if request.verbatim() {
        // In the Public API's own terms: sent as it is.
        return Ok(if writes { vec![(request.method.clone(), "(as given)")] } else { Vec::new() });
    }
    let Some(route) = Route::parse(&request.path).filter(|_| writes) else { return Ok(Vec::new()) };
    let body: Value = match &request.body {
        Some(bytes) => serde_json::from_slice(bytes).map_err(|e| Error::failed(format!("a request body: {e}")))?,
        None => Value::Null,
    };
    let text = |value: Option<&Value>| value.and_then(Value::as_str).unwrap_or_default().to_string();
    Ok(match (request.method.clone(), route) {
        (Method::POST, Route::Sources(_)) => {
            let input = body.get("source").cloned().unwrap_or_default();
            if input.get("library_config").is_some_and(|v| !v.is_null()) {
                return Ok(Vec::new());
            }
            let mut calls = vec![(Method::POST, "/sources")];
            if !text(input.get("display_name")).is_empty() {
                calls.push((Method::PATCH, "/sources/{id}"));
            }
            if let Some(labels) = input.get("labels").and_then(Value::as_object).filter(|l| !l.is_empty()) {
                calls.extend(set_labels(transport, labels, known).await?);
            }
            calls
        }
        (Method::PATCH, Route::Source(..)) => {
            let (fields, paths) = update_parts(&body, "source");
            let (mut patch, mut labels) = (false, None);
            for path in &paths {
                match path.as_str() {
                    "display_name" | "enabled" | "name" => patch = true,
                    "labels" => {
                        labels = Some(fields.get("labels").and_then(Value::as_object).cloned().unwrap_or_default())
                    }
                    _ => return Ok(Vec::new()),
                }
            }
            let mut calls = Vec::new();
            if patch {
                calls.push((Method::PATCH, "/sources/{id}"));
            }
            if let Some(labels) = labels {
                calls.extend(set_labels(transport, &labels, known).await?);
            }
            calls
        }
        (Method::DELETE, Route::Source(..)) => vec![(Method::DELETE, "/sources/{id}")],
        (Method::POST, Route::Destinations(..)) => {
            let mode = text(body.get("destination").and_then(|d| d.get("connection_mode")));
            if !mode.is_empty() && mode != "UNSPECIFIED" {
                return Ok(Vec::new());
            }
            vec![(Method::POST, "/destinations")]
        }
        (Method::PATCH, Route::Destination(..)) => {
            let (_, paths) = update_parts(&body, "destination");
            if paths.iter().any(|path| !matches!(path.as_str(), "enabled" | "display_name" | "config")) {
                return Ok(Vec::new());
            }
            vec![(Method::PATCH, "/destinations/{id}")]
        }
        (Method::DELETE, Route::Destination(..)) => vec![(Method::DELETE, "/destinations/{id}")],
        (Method::POST, Route::Filters(..)) => vec![(Method::POST, "/destination/{id}/filters")],
        (Method::PATCH, Route::Filter(..)) => {
            let (_, paths) = update_parts(&body, "filter");
            let known = ["if", "title", "description", "enabled", "actions"];
            if paths.iter().any(|path| !known.contains(&path.as_str())) {
                return Ok(Vec::new());
            }
            vec![(Method::PATCH, "/destination/{id}/filters/{id}")]
        }
        (Method::DELETE, Route::Filter(..)) => vec![(Method::DELETE, "/destination/{id}/filters/{id}")],
        (Method::PATCH, Route::SchemaConfig(..)) => {
            let (_, paths) = update_parts(&body, "schema_config");
            if paths.iter().any(|path| map::schema_field_to_public(path).is_none()) {
                return Ok(Vec::new());
            }
            vec![(Method::PATCH, "/sources/{id}/settings")]
        }
        (Method::POST, Route::Plans(_)) => {
            let input = body.get("tracking_plan").or_else(|| body.get("trackingPlan")).cloned().unwrap_or_default();
            let Ok(input) = serde_json::from_value::<TrackingPlanInput>(input) else { return Ok(Vec::new()) };
            let mut calls = vec![(Method::POST, "/tracking-plans")];
            if input.rules.is_some_and(|rules| !rules.is_empty()) {
                calls.push((Method::PUT, "/tracking-plans/{id}/rules"));
            }
            calls
        }
        (Method::PUT | Method::PATCH, Route::Plan(..)) => {
            let (_, paths) = update_parts(&body, "tracking_plan");
            let mut calls = Vec::new();
            if paths.iter().any(|path| !matches!(path.as_str(), "display_name" | "rules")) {
                return Ok(calls);
            }
            if paths.iter().any(|path| path == "display_name") {
                calls.push((Method::PATCH, "/tracking-plans/{id}"));
            }
            if paths.iter().any(|path| path == "rules") {
                calls.push((Method::PUT, "/tracking-plans/{id}/rules"));
            }
            calls
        }
        (Method::DELETE, Route::Plan(..)) => vec![(Method::DELETE, "/tracking-plans/{id}")],
        (Method::POST, Route::Connections(..)) => vec![(Method::POST, "/tracking-plans/{id}/sources")],
        (Method::DELETE, Route::Connection(..)) => vec![(Method::DELETE, "/tracking-plans/{id}/sources")],
        (Method::POST, Route::Regulations(_)) => vec![(Method::POST, "/regulations")],
        // Served by no write of the Public API: refused before any call.
        _ => Vec::new(),
    })
}

/// A source's labels set to exactly these: `POST /labels` for each the workspace lacks, then
/// `PUT /sources/{id}/labels` (as `Call::set_labels` sends them). Afterwards the workspace has them all.
async fn set_labels(transport: &Transport, labels: &Map<String, Value>, known: &mut Known) -> Result<Vec<Write>> {
    let have = match &mut known.labels {
        Some(have) => have,
        empty => empty.insert(workspace_labels(transport).await?),
    };
    let mut calls = Vec::new();
    for (key, value) in labels {
        // As the adapter spells a value: a string as it is, anything else as JSON.
        let value = value.as_str().map_or_else(|| value.to_string(), String::from);
        if have.insert((key.clone(), value)) {
            calls.push((Method::POST, "/labels"));
        }
    }
    calls.push((Method::PUT, "/sources/{id}/labels"));
    Ok(calls)
}

/// `GET /labels`: the workspace's labels.
async fn workspace_labels(transport: &Transport) -> Result<BTreeSet<(String, String)>> {
    let request = Request::call(Method::GET, "labels", None, true);
    let body: Value = transport.call(&request).await?.unwrap_or_default();
    let data = body.get("data").cloned().unwrap_or_default();
    let labels: public::Labels = serde_json::from_value(data).unwrap_or_default();
    Ok(labels.labels.into_iter().map(|label| (label.key, label.value)).collect())
}
