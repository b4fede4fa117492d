//! Regulations (deletion and suppression requests): `workspaces/<ws>/regulations/<id>`. One that deletes data
//! notifies every source's enabled webhooks destination with one `delete` body per user (docs/WEBHOOKS.md,
//! "Delivery"); the regulation and its notifications are committed together.

use std::collections::HashSet;

use crate::emulator::ingest;
use crate::emulator::mint::{now, random_id};
use crate::emulator::outbox::{self, Job, Outbox};
use crate::emulator::status::Status;
use crate::emulator::store::{More, Op, Resource, State};
use crate::wire::message::MessageType;
use crate::wire::{REGULATION_TYPES, Regulation, RegulationAttributes};

/// User ids one request may name.
pub const MAX_VALUES: usize = 5000;

/// Regulation types that delete data, and so notify webhooks; `Suppress` and `Unsuppress` delete nothing.
pub const DELETING: [&str; 2] = ["Delete", "Suppress_With_Delete"];

/// The types the Public API adds, which delete data too (its `DELETE_INTERNAL`).
pub const DELETING_INTERNAL: &str = "Delete_Internal";

/// Makes a regulation of `regulation_type` (the Config API's spelling) for these ids, in `workspace` or only for
/// one source of it (the Public API's source regulations), with the deliveries it causes.
pub fn create(
    outbox: &Outbox,
    state: &State,
    workspace: &str,
    source: Option<&str>,
    regulation_type: &str,
    attributes: RegulationAttributes,
) -> Result<(Op, Regulation, Vec<Job>), Status> {
    if !REGULATION_TYPES.contains(&regulation_type) && regulation_type != DELETING_INTERNAL {
        return Err(Status::invalid_field(
            "regulationType",
            format!("regulation_type must be one of {}, got {regulation_type:?}", REGULATION_TYPES.join(", ")),
        ));
    }
    if attributes.name != "userId" && attributes.name != "objectId" {
        return Err(Status::invalid_field(
            "subjectType",
            format!("attributes.name must be \"userId\" or \"objectId\", got {:?}", attributes.name),
        ));
    }
    let count = attributes.values.len();
    if count == 0 || count > MAX_VALUES {
        return Err(Status::invalid_field(
            "subjectIds",
            format!("attributes.values must hold 1 to {MAX_VALUES} ids, got {count}"),
        ));
    }
    let id = random_id(27);
    let time = now();
    let deletes = DELETING.contains(&regulation_type) || regulation_type == DELETING_INTERNAL;
    let jobs = if deletes && attributes.name == "userId" {
        deletes_of(outbox, state, workspace, source, &id, &attributes.values, &time)
    } else {
        Vec::new()
    };
    let regulation = Regulation {
        name: format!("{workspace}/regulations/{id}"),
        id,
        regulation_type: regulation_type.to_string(),
        attributes,
        create_time: time,
        ..Default::default()
    };
    let more = More { source: source.map(|name| state.id_of(name).to_string()), ..More::default() };
    Ok((Op::InsertWith(regulation.name.clone(), Resource::Regulation(regulation.clone()), more), regulation, jobs))
}

/// One `delete` body per user for each source of the workspace (or the one source) with an enabled webhooks
/// destination: a user the request names twice is one user, deleted once, so notified once.
fn deletes_of(
    outbox: &Outbox,
    state: &State,
    workspace: &str,
    only: Option<&str>,
    id: &str,
    users: &[String],
    time: &str,
) -> Vec<Job> {
    let mut seen = HashSet::with_capacity(users.len());
    let users: Vec<&String> = users.iter().filter(|user| seen.insert(user.as_str())).collect();
    let mut jobs = Vec::new();
    for source in state.names_in(&format!("{workspace}/sources")).filter(|s| only.is_none_or(|only| only == *s)) {
        for target in outbox::targets(state, source) {
            if target.urls.is_empty() {
                outbox.note(&format!("webhook {}: enabled but has no hook URL; delete not sent", target.destination));
                continue;
            }
            for (n, user) in users.iter().enumerate() {
                let mut job =
                    Job::new(&target, &format!("{id}-{n}"), MessageType::Delete, ingest::delete_body(user, time));
                job.regulation = Some(id.to_string());
                jobs.push(job);
            }
        }
    }
    jobs
}
