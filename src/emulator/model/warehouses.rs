//! Warehouses (`<workspace>/warehouses/<id>`), profiles warehouses (`<workspace>/profiles-warehouses/<id>`, in the
//! workspace's one space) and sources' connections to warehouses (`<source>/warehouses/<warehouse id>`, so a source's
//! deletion or rename takes its connections with it; a warehouse's deletion removes them here). A warehouse's
//! settings are checked against its catalog entry's options, merged by top-level key on update (`null` removes
//! one, a censored value keeps the stored secret), and its connection state is a function of them.

use serde_json::{Map, Value};

use crate::emulator::catalog::warehouses as catalog;
use crate::emulator::mint::{now, random_id};
use crate::emulator::status::Status;
use crate::emulator::store::{Op, Resource, State, StoredWarehouse, StoredWarehouseConnection, collection_of};
use crate::wire::public::warehouses::{CONNECTED, FAILED, WarehouseMetadata};

/// The length of a new warehouse's id.
pub const ID_LENGTH: usize = 22;

/// A warehouse, by its id ([`super::Kind`]); a profiles warehouse is none.
pub const WAREHOUSE: super::Kind = super::Kind {
    what: "warehouse",
    is: |name, record| matches!(record, Resource::Warehouse(_)) && collection_of(name).ends_with("/warehouses"),
};

/// A profiles warehouse, by its id ([`super::Kind`]).
pub const PROFILES_WAREHOUSE: super::Kind = super::Kind {
    what: "profiles warehouse",
    is: |name, record| {
        matches!(record, Resource::Warehouse(_)) && collection_of(name).ends_with("/profiles-warehouses")
    },
};

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

/// A warehouse or a profiles warehouse to make, as either create body gives it.
pub struct NewWarehouse {
    pub metadata_id: String,
    pub name: Option<String>,
    /// None: enabled.
    pub enabled: Option<bool>,
    pub settings: Map<String, Value>,
    pub schema_name: Option<String>,
}

/// What an update body of a warehouse or a profiles warehouse sent: only these change.
pub struct WarehouseChanges {
    /// `Some(None)` clears the name.
    pub name: Option<Option<String>>,
    pub enabled: Option<bool>,
    /// Merged over the stored settings ([`merged`]).
    pub settings: Option<Map<String, Value>>,
    pub schema_name: Option<String>,
}

/// Makes a warehouse in `collection` (a workspace's warehouses or profiles warehouses): its settings complete and
/// of their options' types.
pub fn create(state: &State, collection: &str, new: NewWarehouse) -> Result<(Op, String), Status> {
    let warehouse = StoredWarehouse {
        metadata_id: new.metadata_id,
        name: new.name,
        enabled: new.enabled.unwrap_or(true),
        settings: merged(Map::new(), new.settings),
        schema_name: new.schema_name,
    };
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

/// The warehouse at `name` with the changes sent, its settings of their options' types.
pub fn update(state: &State, name: &str, changes: WarehouseChanges) -> Result<Op, Status> {
    let mut warehouse = get(state, name)?.clone();
    if let Some(given) = changes.name {
        warehouse.name = given;
    }
    if let Some(enabled) = changes.enabled {
        warehouse.enabled = enabled;
    }
    if let Some(settings) = changes.settings {
        warehouse.settings = merged(warehouse.settings, settings);
    }
    if let Some(schema_name) = changes.schema_name {
        warehouse.schema_name = Some(schema_name);
    }
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn postgres() -> &'static WarehouseMetadata {
        catalog::all().iter().find(|entry| entry.slug == "postgres").unwrap()
    }

    fn object(value: Value) -> Map<String, Value> {
        value.as_object().unwrap().clone()
    }

    #[test]
    fn settings_are_checked_against_the_entrys_options() {
        let full = object(json!({"hostname": "h", "port": 5432, "database": "d", "username": "u", "password": "p"}));
        assert_eq!(check_settings(postgres(), &full, true), Ok(()));
        let mut lacking = full.clone();
        lacking.remove("password");
        let refused = check_settings(postgres(), &lacking, true).unwrap_err();
        assert_eq!(refused.field.as_deref(), Some("settings.password"));
        // An update need not repeat what is stored; a value of the wrong type is refused either way.
        assert_eq!(check_settings(postgres(), &lacking, false), Ok(()));
        let mut wrong = full.clone();
        wrong.insert("port".into(), json!("5432"));
        assert_eq!(check_settings(postgres(), &wrong, false).unwrap_err().field.as_deref(), Some("settings.port"));
        // A key the entry does not list is kept as sent.
        let mut extra = full;
        extra.insert("sslMode".into(), json!("require"));
        assert_eq!(check_settings(postgres(), &extra, true), Ok(()));
    }

    #[test]
    fn a_merge_removes_nulls_and_keeps_a_secret_sent_back_censored() {
        let stored = object(json!({"hostname": "h", "password": "hunter2-secret", "port": 5432}));
        let given = object(json!({"hostname": null, "password": "••••••••••cret", "port": 5439, "new": true}));
        assert_eq!(merged(stored, given), object(json!({"password": "hunter2-secret", "port": 5439, "new": true})));
        // With nothing stored, a censored value is a value.
        let given = object(json!({"password": "••••"}));
        assert_eq!(merged(Map::new(), given.clone()), given);
    }

    #[test]
    fn secrets_are_censored_and_the_connection_state_follows_the_required_options() {
        let settings = object(json!({"hostname": "h", "port": 5432, "database": "d", "username": "u",
                                     "password": "hunter2-secret"}));
        let shown = shown(postgres(), &settings);
        assert_eq!(shown["password"], json!("••••••••••cret"));
        assert_eq!(shown["hostname"], json!("h"));
        assert_eq!(connection_state(postgres(), &settings), CONNECTED);
        let mut blank = settings.clone();
        blank.insert("hostname".into(), json!("  "));
        assert_eq!(connection_state(postgres(), &blank), FAILED);
        blank.remove("hostname");
        assert_eq!(connection_state(postgres(), &blank), FAILED);
    }
}
