//! A source's schema config: `<source>/schema-config`. A source has the default (everything allowed) until it is
//! first set; it goes with its source. Forwarding targets name sources by slug (the Public API shows ids).

use crate::emulator::status::Status;
use crate::emulator::store::{Op, Resource, State};
use crate::wire::SchemaConfig;

/// The source's schema config as it stands, and whether it is stored.
pub fn current(state: &State, source: &str) -> (SchemaConfig, bool) {
    match state.get(&SchemaConfig::name_of(source)) {
        Some(Resource::SchemaConfig(config)) => (config.clone(), true),
        _ => (SchemaConfig::default_for(source), false),
    }
}

/// Sets a source's schema config, checked (each enum field one of its values).
pub fn set(state: &State, source: &str, new: SchemaConfig) -> Result<Op, Status> {
    new.check().map_err(Status::invalid)?;
    let (_, stored) = current(state, source);
    let name = new.name.clone();
    let resource = Resource::SchemaConfig(new);
    Ok(if stored { Op::Replace(name, resource) } else { Op::Insert(name, resource) })
}
