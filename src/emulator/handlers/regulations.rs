//! Regulations (deletion requests): `workspaces/<ws>/regulations/<id>`.

use super::{Ctx, Reply, now, ok, random_id};
use crate::api::models::{CreateRegulation, REGULATION_TYPES, Regulation, RegulationCreated, wrapper};
use crate::emulator::store::{Op, Resource};
use crate::emulator::{body, status::Status};

/// User ids one request may name.
pub const MAX_VALUES: usize = 5000;

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
    let regulation = Regulation {
        name: format!("{workspace}/regulations/{id}"),
        id: id.clone(),
        regulation_type: input.regulation_type,
        attributes: input.attributes,
        create_time: now(),
    };
    ctx.store.commit(vec![Op::Insert(regulation.name.clone(), Resource::Regulation(regulation))])?;
    ok(&RegulationCreated { regulate_id: id })
}
