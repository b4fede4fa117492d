//! The write calls a request in seg's vocabulary becomes on the Public API, told before it is sent: so a plan says how
//! many requests `apply` will send (docs/reference/workspace-files.md: `requests`). This is the adapter's translation
//! (`Call::neutral` and the files beside it) read call by call: a source is made with `POST /sources`, then named with
//! `PATCH /sources/{id}` (a create cannot carry its name), then labelled with `PUT /sources/{id}/labels` after a `POST
//! /labels` for each label the workspace lacks; a plan's rules are `PUT` after its `POST`; and so on. A request the
//! adapter refuses before any call (a field the Public API has no place for) makes none. Reads (names resolved to ids,
//! a lost answer looked for) are not writes and are not counted.
//!
//! What the calls depend on beyond the request is the workspace's labels: read once ([`Known`]), when a request
//! first sets or makes labels, then kept as the counted calls would leave them (a label made for one source, or by a
//! file's `labels`, is there for the next). Tests that run every kind of change on both APIs compare this count with
//! what the emulator received.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use http::Method;
use serde_json::Value;

use super::Adapter;
use crate::api::transport::Transport;
use crate::error::Result;
use crate::wire::public::{self, map};
use crate::wire::{Body, Operation, Request, Target, Verb};

/// What the count of a request's calls knows of the workspace: its labels (key, value), once read.
#[derive(Debug, Default)]
pub struct Known {
    labels: Option<BTreeSet<(String, String)>>,
}

/// One write call: its method and the Public API path it goes to (ids as `{id}`).
pub type Write = (Method, &'static str);

/// How many write calls `request` becomes.
pub async fn count<A>(
    transport: &Arc<Transport>,
    adapter: &Adapter,
    request: &Request<A>,
    known: &mut Known,
) -> Result<usize> {
    Ok(calls(transport, adapter, request, known).await?.len())
}

/// The write calls `request` becomes, in the order the adapter sends them: read from its operation, as the adapter
/// reads it (`Call::neutral`).
pub async fn calls<A>(
    transport: &Arc<Transport>,
    adapter: &Adapter,
    request: &Request<A>,
    known: &mut Known,
) -> Result<Vec<Write>> {
    let Some(Operation { target, verb }) = &request.operation else {
        // In the Public API's own terms: sent as it is.
        let writes = !matches!(request.method, Method::GET | Method::HEAD);
        return Ok(if writes { vec![(request.method.clone(), "(as given)")] } else { Vec::new() });
    };
    Ok(match (verb, target) {
        (Verb::Create(Body::Source(input)), Target::Sources { .. }) => {
            if input.library_config.is_some() {
                return Ok(Vec::new());
            }
            let mut calls = vec![(Method::POST, "/sources")];
            if input.display_name.as_deref().is_some_and(|n| !n.is_empty()) {
                calls.push((Method::PATCH, "/sources/{id}"));
            }
            if let Some(labels) = input.labels.as_ref().filter(|l| !l.is_empty()) {
                calls.extend(set_labels(transport, labels, known).await?);
            }
            calls
        }
        (Verb::Update(fields), Target::Source { .. }) => {
            let (mut patch, mut labels) = (false, None);
            for path in fields.names() {
                match path {
                    "display_name" | "enabled" | "name" => patch = true,
                    "labels" => match super::labels_of(fields.value("labels")) {
                        Ok(given) => labels = Some(given),
                        // Refused before any call.
                        Err(_) => return Ok(Vec::new()),
                    },
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
        (Verb::Delete, Target::Source { .. }) => vec![(Method::DELETE, "/sources/{id}")],
        (Verb::Create(Body::Destination(input)), Target::Destinations { .. }) => {
            let mode = input.connection_mode.as_deref().unwrap_or_default();
            if !mode.is_empty() && mode != "UNSPECIFIED" {
                return Ok(Vec::new());
            }
            vec![(Method::POST, "/destinations")]
        }
        (Verb::Update(fields), Target::Destination { .. }) => {
            if fields.names().iter().any(|path| !matches!(*path, "enabled" | "display_name" | "config")) {
                return Ok(Vec::new());
            }
            vec![(Method::PATCH, "/destinations/{id}")]
        }
        (Verb::Delete, Target::Destination { .. }) => vec![(Method::DELETE, "/destinations/{id}")],
        (Verb::Create(Body::Filter(_)), Target::Filters { .. }) => vec![(Method::POST, "/destination/{id}/filters")],
        (Verb::Update(fields), Target::Filter { .. }) => {
            let known = ["if", "title", "description", "enabled", "actions"];
            if fields.names().iter().any(|path| !known.contains(path)) {
                return Ok(Vec::new());
            }
            vec![(Method::PATCH, "/destination/{id}/filters/{id}")]
        }
        (Verb::Delete, Target::Filter { .. }) => vec![(Method::DELETE, "/destination/{id}/filters/{id}")],
        (Verb::Create(Body::Mapping(_)), Target::Mappings { .. }) => {
            vec![(Method::POST, "/destinations/{id}/subscriptions")]
        }
        (Verb::Update(fields), Target::Mapping { .. }) => {
            let known = ["display_name", "trigger", "enabled", "settings"];
            if fields.names().iter().any(|path| !known.contains(path)) {
                return Ok(Vec::new());
            }
            vec![(Method::PATCH, "/destinations/{id}/subscriptions/{id}")]
        }
        (Verb::Delete, Target::Mapping { .. }) => vec![(Method::DELETE, "/destinations/{id}/subscriptions/{id}")],
        (Verb::Update(fields), Target::SchemaConfig { .. }) => {
            if fields.names().iter().any(|path| map::schema_field_to_public(path).is_none()) {
                return Ok(Vec::new());
            }
            vec![(Method::PATCH, "/sources/{id}/settings")]
        }
        (Verb::Create(Body::Plan(input)), Target::Plans { .. }) => {
            let mut calls = vec![(Method::POST, "/tracking-plans")];
            if let Some(rules) = input.rules.as_ref().filter(|rules| !rules.is_empty()) {
                calls.extend(rule_calls(&[], &map::rules_to_public(rules)));
            }
            calls
        }
        (Verb::Update(fields), Target::Plan { plan, .. }) => {
            let paths = fields.names();
            let mut calls = Vec::new();
            if paths.iter().any(|path| !matches!(*path, "display_name" | "rules")) {
                return Ok(calls);
            }
            if paths.contains(&"display_name") {
                calls.push((Method::PATCH, "/tracking-plans/{id}"));
            }
            if paths.contains(&"rules") {
                let rules = fields.value("rules").and_then(Value::as_object).cloned().unwrap_or_default();
                let held = super::Call::new(transport, adapter).rules_of(plan).await?;
                calls.extend(rule_calls(&held, &map::rules_to_public(&rules)));
            }
            calls
        }
        (Verb::Delete, Target::Plan { .. }) => vec![(Method::DELETE, "/tracking-plans/{id}")],
        (Verb::Create(Body::Connect(_)), Target::Connections { .. }) => {
            vec![(Method::POST, "/tracking-plans/{id}/sources")]
        }
        (Verb::Delete, Target::Connection { .. }) => vec![(Method::DELETE, "/tracking-plans/{id}/sources")],
        (Verb::Create(Body::Regulation(_)), Target::Regulations { .. }) => vec![(Method::POST, "/regulations")],
        // The Public API's own resources (`records`): one call a create and a delete; an update's PATCH of its own
        // fields, and a PUT each for a user's or a group's permissions and a group's members (a POST for permissions
        // added).
        (Verb::Create(Body::Record(input)), Target::Records { noun, .. }) => {
            // A label made here is there for the sources labelled after it (a plan makes its labels first).
            if *noun == crate::wire::Noun::Labels {
                let text = |key: &str| input.fields.get(key).and_then(Value::as_str).unwrap_or_default().to_string();
                let have = match &mut known.labels {
                    Some(have) => have,
                    empty => empty.insert(workspace_labels(transport).await?),
                };
                have.insert((text("key"), text("value")));
            }
            record_creates(*noun, input)
        }
        (Verb::Update(fields), Target::Record { .. }) => {
            let part = |p: &&String| matches!(p.as_str(), "permissions" | "users" | crate::wire::PERMISSIONS_ADDED);
            let patch = fields.paths.iter().filter(|p| !part(p)).count().min(1);
            let parts = fields.paths.iter().filter(part).map(|p| match p.as_str() {
                crate::wire::PERMISSIONS_ADDED => (Method::POST, "/{collection}/{id}/permissions"),
                _ => (Method::PUT, "/{collection}/{id}/{part}"),
            });
            std::iter::repeat_n((Method::PATCH, "/{collection}/{id}"), patch).chain(parts).collect()
        }
        (Verb::Delete, Target::Record { .. }) => vec![(Method::DELETE, "/{collection}/{id}")],
        // Reads, and what no write of the Public API serves (refused before any call).
        _ => Vec::new(),
    })
}

/// The calls a create of one of the Public API's own resources becomes (`Call::create_record`): its `POST`, a new
/// group's permissions' `PUT`, then each record made below it.
fn record_creates(noun: crate::wire::Noun, input: &crate::wire::RecordInput) -> Vec<Write> {
    let mut calls = vec![(Method::POST, "/{collection}")];
    if noun == crate::wire::Noun::UserGroups && input.fields.contains_key("permissions") {
        calls.push((Method::PUT, "/groups/{id}/permissions"));
    }
    for below in &input.below {
        let child = crate::wire::Noun::of(Some(noun), &below.collection);
        calls.extend(child.map(|child| record_creates(child, &below.input)).unwrap_or_default());
    }
    calls
}

/// The calls that write a plan's rules (`rules::writes`, as `Call::write_rules` sends them).
fn rule_calls(held: &[public::RuleInput], new: &[public::RuleInput]) -> Vec<Write> {
    super::rules::writes(held, new).iter().map(|write| (write.method(), "/tracking-plans/{id}/rules")).collect()
}

/// A source's labels set to exactly these: `POST /labels` for each the workspace lacks, then
/// `PUT /sources/{id}/labels` (as `Call::set_labels` sends them). Afterwards the workspace has them all.
async fn set_labels(transport: &Transport, labels: &BTreeMap<String, String>, known: &mut Known) -> Result<Vec<Write>> {
    let have = match &mut known.labels {
        Some(have) => have,
        empty => empty.insert(workspace_labels(transport).await?),
    };
    let mut calls = Vec::new();
    for (key, value) in labels {
        if have.insert((key.clone(), value.clone())) {
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
