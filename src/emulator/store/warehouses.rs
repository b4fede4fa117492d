//! The records of warehouses and their connections as the store keeps them (the Public API's own resources: the
//! Config API has none of them).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A warehouse or a profiles warehouse: its catalog entry's id, its name, whether it is enabled, its settings as
/// written (secrets whole: answers censor them) and a profiles warehouse's schema name. Its id is its name's last
/// segment.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StoredWarehouse {
    pub metadata_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub enabled: bool,
    #[serde(default)]
    pub settings: Map<String, Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema_name: Option<String>,
}

/// A source's connection to a warehouse: its place names both; it holds when it was made.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StoredWarehouseConnection {
    pub create_time: String,
}
