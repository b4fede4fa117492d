//! Warehouses (`<workspace>/warehouses/<id>`), profiles warehouses (`<workspace>/profiles-warehouses/<id>`, in the
//! workspace's one space) and sources' connections to warehouses (`<source>/warehouses/<warehouse id>`, so a source's
//! deletion or rename takes its connections with it; a warehouse's deletion removes them here). A warehouse's
//! settings are checked against its catalog entry's options, merged by top-level key on update (`null` removes
//! one, a censored value keeps the stored secret), and its connection state is a function of them.

use serde_json::{Map, Value};

use crate::emulator::catalog::warehouses as catalog;
use crate::emulator::mint::{now, random_id};
use crate::emulator::status::Status;
use crate::emulator::store::{Op, Resource, State, StoredWarehouse, StoredWarehouseConnection};
use crate::wire::public::warehouses::{CONNECTED, FAILED, WarehouseMetadata};

/// The length of a new warehouse's id.
pub const ID_LENGTH: usize = 22;

/// The collection of a workspace's warehouses.
pub fn collection(workspace: &str) -> String {
    format!("{workspace}/warehouses")
}

/// The collection of a workspace's profiles warehouses (its one space's).
pub fn profiles_collection(workspace: &str) -> String {
    format!("{workspace}/profiles-warehouses")
}

/// The id of a workspace's one space: `spa_` and the workspace's id, the same for as long as the workspace is.
pub fn space_id(state: &State, workspace: &str) -> String {
    format!("spa_{}", state.id_of(workspace))
}

/// An id no record has, of `len` letters and digits.
pub fn fresh_id(state: &State, len: usize) -> String {
    loop {
        let id = random_id(len);
        if state.name_of_id(&id).is_none() {
            return id;
        }
    }
}

/// The catalog entry of a `metadataId`: 422 naming the field otherwise.
pub fn metadata(id: &str) -> Result<&'static WarehouseMetadata, Status> {
    catalog::by_id(id)
        .ok_or_else(|| Status::invalid_field("metadataId", format!("unknown warehouse metadataId {id:?}")))
}

/// Whether an option holds a secret, shown censored.
pub fn is_secret(metadata: &WarehouseMetadata, key: &str) -> bool {
    metadata.options.iter().any(|o| o.name == key && o.kind == "password")
}

/// Settings checked against the entry's options: a known option's value of its type (422 naming
/// `settings.<option>`); with `complete`, every required option given. Keys the entry lacks are kept as sent.
pub fn check_settings(
    metadata: &WarehouseMetadata,
    settings: &Map<String, Value>,
    complete: bool,
) -> Result<(), Status> {
    for option in &metadata.options {
        let field = format!("settings.{}", option.name);
        match settings.get(&option.name) {
            None | Some(Value::Null) if complete && option.required => {
                return Err(Status::invalid_field(
                    field,
                    format!("{} needs the option {}", metadata.name, option.name),
                ));
            }
            None | Some(Value::Null) => {}
            Some(value) => {
                let fits = match option.kind.as_str() {
                    "string" | "password" => value.is_string(),
                    "number" => value.is_number(),
                    "boolean" => value.is_boolean(),
                    _ => true,
                };
                if !fits {
                    return Err(Status::invalid_field(
                        field,
                        format!("the option {} is a {}", option.name, option.kind),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Settings sent over the stored ones, by top-level key: `null` removes a key, a value holding U+2022 (a censored
/// secret sent back) keeps the stored one.
pub fn merged(mut stored: Map<String, Value>, given: Map<String, Value>) -> Map<String, Value> {
    for (key, value) in given {
        match value {
            Value::Null => {
                stored.remove(&key);
            }
            Value::String(text) if text.contains('\u{2022}') && stored.contains_key(&key) => {}
            value => {
                stored.insert(key, value);
            }
        }
    }
    stored
}

/// The settings as answers show them: secrets censored.
pub fn shown(metadata: &WarehouseMetadata, settings: &Map<String, Value>) -> Map<String, Value> {
    settings
        .iter()
        .map(|(key, value)| match value {
            Value::String(text) if is_secret(metadata, key) => {
                (key.clone(), Value::String(crate::wire::public::censor(text)))
            }
            other => (key.clone(), other.clone()),
        })
        .collect()
}

/// A warehouse's connection state: `CONNECTED` when every required option holds a value that is not empty,
/// `FAILED` otherwise. It depends on nothing else, so it is the same on every call.
pub fn connection_state(metadata: &WarehouseMetadata, settings: &Map<String, Value>) -> &'static str {
    let filled = |key: &str| match settings.get(key) {
        None | Some(Value::Null) => false,
        Some(Value::String(text)) => !text.trim().is_empty(),
        Some(_) => true,
    };
    if metadata.options.iter().filter(|o| o.required).all(|o| filled(&o.name)) { CONNECTED } else { FAILED }
}

/// Makes a warehouse in `collection` (a workspace's warehouses or profiles warehouses): its settings complete and
/// of their options' types.
pub fn create(state: &State, collection: &str, warehouse: StoredWarehouse) -> Result<(Op, String), Status> {
    check_settings(metadata(&warehouse.metadata_id)?, &warehouse.settings, true)?;
    let name = format!("{collection}/{}", fresh_id(state, ID_LENGTH));
    Ok((Op::Insert(name.clone(), Resource::Warehouse(warehouse)), name))
}

/// The warehouse at `name`.
pub fn get<'s>(state: &'s State, name: &str) -> Result<&'s StoredWarehouse, Status> {
    match state.get(name) {
        Some(Resource::Warehouse(warehouse)) => Ok(warehouse),
        _ => Err(Status::not_found(format!("{name} not found"))),
    }
}

/// A warehouse's new value, its settings of their options' types.
pub fn update(name: &str, warehouse: StoredWarehouse) -> Result<Op, Status> {
    check_settings(metadata(&warehouse.metadata_id)?, &warehouse.settings, false)?;
    Ok(Op::Replace(name.to_string(), Resource::Warehouse(warehouse)))
}

/// `<workspace>` of a name under it.
fn workspace_of(name: &str) -> &str {
    let mut parts = name.splitn(3, '/');
    match (parts.next(), parts.next()) {
        (Some(first), Some(second)) => &name[..first.len() + 1 + second.len()],
        _ => name,
    }
}

/// Where a source's connection to a warehouse is kept.
pub fn connection(source: &str, warehouse_id: &str) -> String {
    format!("{source}/warehouses/{warehouse_id}")
}

/// Deletes a warehouse and the sources' connections to it.
pub fn delete(state: &State, name: &str) -> Result<Vec<Op>, Status> {
    get(state, name)?;
    let id = state.id_of(name);
    let mut ops = vec![Op::RemoveTree(name.to_string())];
    let sources = super::sources::collection(workspace_of(name));
    for source in state.names_in(&sources) {
        let connection = connection(source, id);
        if state.contains(&connection) {
            ops.push(Op::RemoveTree(connection));
        }
    }
    Ok(ops)
}

/// Connects a source to a warehouse: none when it is connected already (connecting again changes nothing).
pub fn connect(state: &State, source: &str, warehouse: &str) -> Option<Op> {
    let name = connection(source, state.id_of(warehouse));
    let record = StoredWarehouseConnection { create_time: now() };
    (!state.contains(&name)).then(|| Op::Insert(name, Resource::WarehouseConnection(record)))
}

/// Disconnects a source from a warehouse: 404 when it is not connected.
pub fn disconnect(state: &State, source: &str, warehouse: &str) -> Result<Op, Status> {
    let name = connection(source, state.id_of(warehouse));
    if !state.contains(&name) {
        return Err(Status::not_found(format!(
            "source {} is not connected to warehouse {}",
            state.id_of(source),
            state.id_of(warehouse)
        )));
    }
    Ok(Op::RemoveTree(name))
}

/// The sources connected to a warehouse, in the order of the workspace's sources.
pub fn connected_sources(state: &State, warehouse: &str) -> Vec<String> {
    let id = state.id_of(warehouse);
    let sources = super::sources::collection(workspace_of(warehouse));
    state.names_in(&sources).filter(|source| state.contains(&connection(source, id))).map(String::from).collect()
}

/// The warehouses a source is connected to, in the order they were connected.
pub fn connected_warehouses(state: &State, source: &str) -> Vec<String> {
    let warehouses = collection(workspace_of(source));
    state
        .names_in(&format!("{source}/warehouses"))
        .filter_map(|connection| state.name_of_id(connection.rsplit('/').next().unwrap_or_default()))
        .filter(|warehouse| warehouse.starts_with(&format!("{warehouses}/")))
        .map(String::from)
        .collect()
}
