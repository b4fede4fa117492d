//! The Public API's own resources in a `seg/1` file (docs/reference/workspace-files.md, "Warehouses, functions and
//! access"): warehouses with their connected sources, functions with their code files, user groups with their
//! members and permissions, and the workspace's labels at the top level; transformations and reverse ETL models under
//! their source; insert function instances under their destination. Each collection is managed only when its key is
//! present (a file of an earlier version, without it, leaves them as they are, `--prune` included). Names are the
//! service's display names (a warehouse's, a function's, a group's, ...), since ids differ between workspaces. A secret
//! is a `$env` reference, inside a warehouse's `settings` or an instance's `settings` (`plan::document`).

use indexmap::IndexMap;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::code::Code;
use super::secrets::ConfigValue;

/// A warehouse, keyed by its name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WarehouseSpec {
    /// The warehouse catalog entry, by slug (`bigquery`, `snowflake`, ...).
    pub catalog_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    /// Settings by key; one absent here is left as it is. A secret is a `$env` reference.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<IndexMap<String, ConfigValue>>,
    /// Slugs of the sources connected to it: when present, exactly these.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sources: Option<Vec<String>>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) id: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) workspace_id: Option<IgnoredAny>,
}

/// What a function is: `source`, `destination` or `insert_destination` (the Public API's `resourceType`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FunctionKind {
    #[default]
    Source,
    Destination,
    InsertDestination,
}

impl FunctionKind {
    pub fn wire(self) -> crate::wire::public::functions::FunctionType {
        use crate::wire::public::functions::FunctionType;
        match self {
            FunctionKind::Source => FunctionType::Source,
            FunctionKind::Destination => FunctionType::Destination,
            FunctionKind::InsertDestination => FunctionType::InsertDestination,
        }
    }
}

/// A function, keyed by its display name. Its code is a file below the workspace file's folder (`plan::code`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FunctionSpec {
    #[serde(rename = "type")]
    pub kind: FunctionKind,
    /// The code file's path, relative to the workspace file's folder.
    pub code: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo_url: Option<String>,
    /// The settings it declares (`name`, `label`, `description`, `type`, `required`, `sensitive`), as the Public
    /// API writes them: when present, exactly these.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Vec<Map<String, Value>>>,
    /// The code as read when the file was read (`WorkspaceFile::read_code`).
    #[serde(skip)]
    pub text: Option<Code>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) id: Option<IgnoredAny>,
}

/// An insert function instance on a destination, keyed by its function's display name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstanceSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    /// Settings by key (the function's declared settings); a secret is a `$env` reference.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<IndexMap<String, ConfigValue>>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) id: Option<IgnoredAny>,
}

/// A transformation of a source's events, keyed by its name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransformationSpec {
    /// The FQL condition of the events it transforms.
    #[serde(rename = "if", default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    /// The destination catalog entry it applies to, by its id (absent: every destination of the source).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destination_metadata_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_event_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub property_renames: Option<Vec<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub property_value_transformations: Option<Vec<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fql_defined_properties: Option<Vec<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_properties: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash_properties_configuration: Option<Value>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) id: Option<IgnoredAny>,
}

/// A reverse ETL model of a (warehouse) source, keyed by its name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    /// `MANUAL`, `PERIODIC` or `SPECIFIC_DAYS`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule_strategy: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule_config: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query_identifier_column: Option<String>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) id: Option<IgnoredAny>,
}

/// A user group, keyed by its name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupSpec {
    /// Its members' emails: when present, exactly these (an email of no user of the workspace is invited).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub members: Option<Vec<String>>,
    /// Its permissions: when present, exactly these.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permissions: Option<Vec<PermissionSpec>>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) id: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) member_count: Option<IgnoredAny>,
}

/// A role on resources of the workspace.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PermissionSpec {
    /// The role, by its name (`Workspace Owner`, `Source Admin`, ...: `seg roles list`).
    pub role: String,
    pub resources: Vec<ResourceSpec>,
}

/// A resource a permission reaches: the workspace (`{type: workspace}`), or one of its sources, warehouses, functions
/// or spaces by the name the file keys it by (`{type: source, name: web}`: a source's slug, a warehouse's or a
/// function's name, a space's id).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResourceSpec {
    #[serde(rename = "type")]
    pub kind: ResourceKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResourceKind {
    Workspace,
    Source,
    Warehouse,
    Function,
    Space,
}

/// A label of the workspace, keyed `KEY:VALUE`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabelSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// A label's key: `KEY:VALUE`, both parts non-empty, the key without `:`.
pub fn label_parts(key: &str) -> Option<(&str, &str)> {
    key.split_once(':').filter(|(k, v)| !k.trim().is_empty() && !v.trim().is_empty())
}

/// What the service accepts as a model's `scheduleStrategy`.
pub fn schedule_strategy_known(strategy: &str) -> bool {
    crate::wire::public::warehouses::SCHEDULE_STRATEGIES.contains(&strategy)
}
