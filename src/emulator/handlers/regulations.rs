//! Regulations (deletion requests): `workspaces/<ws>/regulations/<id>`. Creating one that deletes data notifies
//! every source's enabled webhooks destination with one `delete` body per user (WEBHOOKS.md, "Delivery").

use super::{Ctx, Reply, now, ok, random_id};
use crate::emulator::outbox::{self, Job};
use crate::emulator::store::{Op, Resource};
use crate::emulator::{body, ingest, status::Status};
use crate::wire::{CreateRegulation, REGULATION_TYPES, Regulation, RegulationCreated, wrapper};

/// User ids one request may name.
pub const MAX_VALUES: usize = 5000;

/// Regulation types that delete data, and so notify webhooks; `Suppress` and `Unsuppress` delete nothing.
pub const DELETING: [&str; 2] = ["Delete", "Suppress_With_Delete"];

pub fn list(ctx: &mut Ctx, ws: &str) -> Reply {
    let workspace = ctx.workspace(ws)?;
    ctx.list(&format!("{workspace}/regulations"), wrapper::REGULATIONS, |_| true)
}

pub fn get(ctx: &mut Ctx, ws: &str, id: &str) -> Reply {
    let workspace = ctx.workspace(ws)?;
    ctx.get(&format!("{workspace}/regulations/{id}"))
}

pub fn create(ctx: &mut Ctx, ws: &str) -> Reply {
    let workspace = ctx.workspace(ws)?;
    let input: CreateRegulation = body::json(ctx.body)?;
    if !REGULATION_TYPES.contains(&input.regulation_type.as_str()) {
        return Err(Status::invalid(format!(
            "regulation_type must be one of {}, got {:?}",
            REGULATION_TYPES.join(", "),
            input.regulation_type
        )));
    }
    if input.attributes.name != "userId" {
        return Err(Status::invalid(format!("attributes.name must be \"userId\", got {:?}", input.attributes.name)));
    }
    let count = input.attributes.values.len();
    if count == 0 || count > MAX_VALUES {
        return Err(Status::invalid(format!("attributes.values must hold 1 to {MAX_VALUES} user ids, got {count}")));
    }
    let id = random_id(27);
    let time = now();
    let jobs = if DELETING.contains(&input.regulation_type.as_str()) {
        deletes(ctx, &workspace, &id, &input.attributes.values, &time)
    } else {
        Vec::new()
    };
    let regulation = Regulation {
        name: format!("{workspace}/regulations/{id}"),
        id: id.clone(),
        regulation_type: input.regulation_type,
        attributes: input.attributes,
        create_time: time,
        ..Default::default()
    };
    // The regulation and its notifications are committed together: both or neither survive a crash.
    let queued = ctx.app.outbox.prepare(jobs)?;
    ctx.store
        .commit_with(vec![Op::Insert(regulation.name.clone(), Resource::Regulation(regulation))], &queued.changes())?;
    ctx.app.outbox.dispatch(queued);
    ok(&RegulationCreated { regulate_id: id, ..Default::default() })
}

/// One `delete` body per user for each source of the workspace with an enabled webhooks destination.
fn deletes(ctx: &Ctx, workspace: &str, id: &str, users: &[String], time: &str) -> Vec<Job> {
    let mut jobs = Vec::new();
    for source in ctx.store.names_in(&format!("{workspace}/sources")) {
        for target in outbox::targets(ctx.store, source) {
            if target.urls.is_empty() {
                ctx.app
                    .outbox
                    .note(&format!("webhook {}: enabled but has no hook URL; delete not sent", target.destination));
                continue;
            }
            for (n, user) in users.iter().enumerate() {
                jobs.push(Job::new(&target, &format!("{id}-{n}"), "delete", ingest::delete_body(user, time)));
            }
        }
    }
    jobs
}
