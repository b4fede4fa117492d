//! The Public API's warehouses, reverse ETL models, transformations, spaces and profiles warehouses, after the
//! TypeScript SDK 47.0.0-b8398's `model/*.ts` (`warehouseV1`, `warehouseMetadataV1`, `reverseEtlModel`,
//! `transformationV1`, `space`, `profilesWarehouseAlpha` and their inputs and outputs). No I/O here.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
#[cfg(test)]
use utoipa::ToSchema;

use super::{IntegrationOption, Logos, PaginationOutput, present};

/// A warehouse catalog entry (`WarehouseMetadataV1`); a secret option is typed `password`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct WarehouseMetadata {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub logos: Logos,
    pub options: Vec<IntegrationOption>,
}

/// A warehouse (`WarehouseV1`), its secret settings censored. TS47 has no `name`; later SDKs and the Terraform
/// provider read it, so it is sent when the warehouse has one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Warehouse {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub metadata: WarehouseMetadata,
    pub workspace_id: String,
    pub enabled: bool,
    pub settings: Map<String, Value>,
}

/// `createWarehouse`'s body: `settings` required (`{}` allowed); no `enabled` means enabled.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CreateWarehouse {
    pub metadata_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    pub settings: Map<String, Value>,
}

/// `updateWarehouse`'s body: only the fields sent change; `settings` merge by top-level key (`null` removes one).
/// TS47 declares `settings` required; the emulator takes a body without it as "no change".
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct UpdateWarehouse {
    #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub name: Option<Option<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Map<String, Value>>,
}

/// `createValidationInWarehouse`'s body.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct WarehouseValidation {
    pub metadata_id: String,
    pub settings: Map<String, Value>,
}

/// The states a warehouse's connection may be in (`getConnectionStateFromWarehouse`, `createValidationInWarehouse`).
pub const CONNECTED: &str = "CONNECTED";
pub const FAILED: &str = "FAILED";

/// `{"connectionState": ..}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ConnectionState {
    pub connection_state: String,
}

/// A reverse ETL model (`ReverseEtlModel`): every field required.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ReverseEtlModel {
    /// Empty in the store (the record's id is its place's).
    #[serde(default)]
    pub id: String,
    /// Empty in the store (the model lies under its source).
    #[serde(default)]
    pub source_id: String,
    pub name: String,
    pub description: String,
    pub enabled: bool,
    pub schedule_strategy: String,
    pub schedule_config: Map<String, Value>,
    pub query: String,
    pub query_identifier_column: String,
}

/// The values of `scheduleStrategy` on create and update.
pub const SCHEDULE_STRATEGIES: [&str; 3] = ["MANUAL", "PERIODIC", "SPECIFIC_DAYS"];

/// `createReverseEtlModel`'s body: every field required.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CreateReverseEtlModel {
    pub source_id: String,
    pub name: String,
    pub description: String,
    pub enabled: bool,
    pub schedule_strategy: String,
    pub schedule_config: Map<String, Value>,
    pub query: String,
    pub query_identifier_column: String,
}

/// `updateReverseEtlModel`'s body: only the fields sent change (no `sourceId`: a model stays with its source).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct UpdateReverseEtlModel {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule_strategy: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule_config: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query_identifier_column: Option<String>,
}

/// `{oldName, newName}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PropertyRename {
    pub old_name: String,
    pub new_name: String,
}

/// `{propertyPaths, propertyValue}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PropertyValueTransformation {
    pub property_paths: Vec<String>,
    pub property_value: String,
}

/// `{fql, propertyName}`: a property made by an FQL expression.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FqlDefinedProperty {
    pub fql: String,
    pub property_name: String,
}

/// The values of `hashPropertiesConfiguration.encoding`.
pub const HASH_ENCODINGS: [&str; 4] = ["BASE16", "BASE64", "BASE64URL", "HEX"];

/// `{algorithm, key?, encoding?, paths}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct HashProperties {
    pub algorithm: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
    pub paths: Vec<String>,
}

/// A transformation (`TransformationV1`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Transformation {
    /// Empty in the store (the record's id is its place's).
    #[serde(default)]
    pub id: String,
    pub name: String,
    /// Empty in the store (the transformation lies under its source).
    #[serde(default)]
    pub source_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destination_metadata_id: Option<String>,
    pub enabled: bool,
    /// An FQL condition.
    #[serde(rename = "if")]
    pub condition: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_event_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub property_renames: Option<Vec<PropertyRename>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub property_value_transformations: Option<Vec<PropertyValueTransformation>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fql_defined_properties: Option<Vec<FqlDefinedProperty>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_properties: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash_properties_configuration: Option<HashProperties>,
}

/// `createTransformation`'s body: `name`, `sourceId`, `enabled` and `if` required.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CreateTransformation {
    pub name: String,
    pub source_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destination_metadata_id: Option<String>,
    pub enabled: bool,
    #[serde(rename = "if")]
    pub condition: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_event_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub property_renames: Option<Vec<PropertyRename>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub property_value_transformations: Option<Vec<PropertyValueTransformation>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fql_defined_properties: Option<Vec<FqlDefinedProperty>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_properties: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash_properties_configuration: Option<HashProperties>,
}

/// `updateTransformation`'s body: only the fields sent change; a new `sourceId` moves the transformation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct UpdateTransformation {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destination_metadata_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, rename = "if", skip_serializing_if = "Option::is_none")]
    pub condition: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_event_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub property_renames: Option<Vec<PropertyRename>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub property_value_transformations: Option<Vec<PropertyValueTransformation>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fql_defined_properties: Option<Vec<FqlDefinedProperty>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_properties: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash_properties_configuration: Option<HashProperties>,
}

/// A space (`Space`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Space {
    pub id: String,
    pub slug: String,
    pub name: String,
}

/// A profiles warehouse (`ProfilesWarehouseAlpha`), its secret settings censored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ProfilesWarehouse {
    pub id: String,
    pub space_id: String,
    pub metadata: WarehouseMetadata,
    pub workspace_id: String,
    pub enabled: bool,
    pub settings: Map<String, Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema_name: Option<String>,
}

/// `createProfilesWarehouse`'s body: `settings` required.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CreateProfilesWarehouse {
    pub metadata_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    pub settings: Map<String, Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema_name: Option<String>,
}

/// `updateProfilesWarehouseForSpaceWarehouse`'s body: only the fields sent change; `settings` merge by key.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct UpdateProfilesWarehouse {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema_name: Option<String>,
}

/// Pages of these resources, each under the key its SDK output names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Warehouses {
    pub warehouses: Vec<Warehouse>,
    pub pagination: PaginationOutput,
}

/// `createReverseETLManualSync`'s body: the model to sync, its source and the subscription (mapping) to sync it to.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ManualSyncInput {
    pub source_id: String,
    pub model_id: String,
    pub subscription_id: String,
}

/// A manual sync started (`ReverseETLManualSyncJobOutput`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ManualSyncJob {
    pub started_at: String,
    pub sync_id: String,
}

/// A sync's status (`ReverseETLSyncOutput`, without the phases).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ReverseEtlSync {
    pub sync_id: String,
    pub model_id: String,
    pub source_id: String,
    pub sync_status: String,
    pub duration: String,
    pub started_at: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished_at: Option<String>,
}
