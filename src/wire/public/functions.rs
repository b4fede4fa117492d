//! Functions and insert function instances as the Public API has them (TS47 `model/functionV1.ts`,
//! `functionSettingV1.ts`, `version.ts`, `insertFunctionInstanceAlpha.ts` and the operations' inputs and outputs):
//! the shapes the emulator answers and a client reads. No I/O here.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
#[cfg(test)]
use utoipa::ToSchema;

use super::PaginationOutput;

/// The kinds of function (`resourceType`).
pub const FUNCTION_TYPES: [&str; 3] = ["DESTINATION", "INSERT_DESTINATION", "SOURCE"];
/// The types of a function's setting.
pub const SETTING_TYPES: [&str; 4] = ["ARRAY", "BOOLEAN", "STRING", "TEXT_MAP"];
/// The longest code a function may hold, in bytes (the emulator's bound: docs/reference/public-api.md, "Functions").
pub const MAX_CODE: usize = 512 * 1024;

/// A setting a function declares (`FunctionSettingV1`); a `sensitive` one is censored in an instance's answers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct FunctionSettingV1 {
    pub name: String,
    pub label: String,
    pub description: String,
    #[serde(rename = "type")]
    pub kind: SettingType,
    pub required: bool,
    pub sensitive: bool,
}

/// `FunctionSettingV1.type`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SettingType {
    Array,
    Boolean,
    #[default]
    String,
    TextMap,
}

/// `resourceType`: what a function is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FunctionType {
    Destination,
    InsertDestination,
    #[default]
    Source,
}

impl FunctionType {
    /// The wire name (`INSERT_DESTINATION`).
    pub fn as_str(self) -> &'static str {
        match self {
            FunctionType::Destination => "DESTINATION",
            FunctionType::InsertDestination => "INSERT_DESTINATION",
            FunctionType::Source => "SOURCE",
        }
    }

    /// The prefix of its ids, as the service's (`sfn_`, `dfn_`, `ifnd_`).
    pub fn id_prefix(self) -> &'static str {
        match self {
            FunctionType::Destination => "dfn_",
            FunctionType::InsertDestination => "ifnd_",
            FunctionType::Source => "sfn_",
        }
    }
}

/// A function (`FunctionV1`), as `createFunction`, `getFunction` and `updateFunction` answer it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FunctionV1 {
    pub id: String,
    pub resource_type: FunctionType,
    pub created_at: String,
    pub created_by: String,
    pub code: String,
    /// `null` until it is deployed.
    pub deployed_at: Option<String>,
    pub settings: Vec<FunctionSettingV1>,
    pub display_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preview_webhook_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub batch_max_count: Option<u64>,
    pub catalog_id: String,
    pub is_latest_version: bool,
}

/// A function in `listFunctions` (`ListFunctionItemV1`): without its code and settings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ListFunctionItemV1 {
    pub id: String,
    pub resource_type: FunctionType,
    pub created_at: String,
    pub created_by: String,
    pub display_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo_url: Option<String>,
    pub catalog_id: String,
}

impl From<&FunctionV1> for ListFunctionItemV1 {
    fn from(f: &FunctionV1) -> Self {
        ListFunctionItemV1 {
            id: f.id.clone(),
            resource_type: f.resource_type,
            created_at: f.created_at.clone(),
            created_by: f.created_by.clone(),
            display_name: f.display_name.clone(),
            description: f.description.clone(),
            logo_url: f.logo_url.clone(),
            catalog_id: f.catalog_id.clone(),
        }
    }
}

/// A version of a function's code (`Version`): each change of its code makes one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FunctionVersion {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    pub code: String,
    pub is_deployed: bool,
    pub created_at: String,
    pub updated_at: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deployed_at: Option<String>,
}

/// A function as the emulator stores it: the function and its versions, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FunctionRecord {
    pub function: FunctionV1,
    #[serde(default)]
    pub versions: Vec<FunctionVersion>,
}

/// `createFunction`'s body.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CreateFunction {
    pub code: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Vec<FunctionSettingV1>>,
    pub display_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo_url: Option<String>,
    pub resource_type: FunctionType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// `updateFunction`'s body: only the fields sent change.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct UpdateFunction {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Vec<FunctionSettingV1>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// `{"function": ..}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct FunctionData {
    pub function: FunctionV1,
}

/// `listFunctions`'s page.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct FunctionsPage {
    pub functions: Vec<ListFunctionItemV1>,
    pub pagination: PaginationOutput,
}

/// `listFunctionVersions`'s page.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct VersionsPage {
    pub versions: Vec<FunctionVersion>,
    pub pagination: PaginationOutput,
}

/// `{"version": ..}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct VersionData {
    pub version: FunctionVersion,
}

/// `restoreFunctionVersion`'s body.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RestoreVersion {
    pub version_id: String,
}

/// `createFunctionDeployment`'s answer: `{"functionDeployment": {"status": "SUCCESS"}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DeploymentData {
    pub function_deployment: super::StatusOnly,
}

/// An insert function instance (`InsertFunctionInstanceAlpha`): `classId` is its function's id, `integrationId` its
/// destination's; `settings` with the sensitive ones censored, which `encryptedSettings` lists (censored too).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct InsertFunctionInstance {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub integration_id: String,
    pub class_id: String,
    pub enabled: bool,
    pub created_at: String,
    pub updated_at: String,
    pub settings: Map<String, Value>,
    pub encrypted_settings: Map<String, Value>,
}

/// An insert function instance as the emulator stores it, under its destination: its settings as written.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct InstanceRecord {
    pub function_id: String,
    pub name: String,
    pub enabled: bool,
    pub created_at: String,
    pub updated_at: String,
    #[serde(default)]
    pub settings: Map<String, Value>,
}

/// `createInsertFunctionInstance`'s body.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CreateInstance {
    pub function_id: String,
    pub integration_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    pub name: String,
    pub settings: Map<String, Value>,
}

/// `updateInsertFunctionInstance`'s body: `settings` replaces the instance's (a censored value keeps the stored
/// secret).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct UpdateInstance {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub settings: Map<String, Value>,
}

/// `{"insertFunctionInstance": ..}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct InstanceData {
    pub insert_function_instance: InsertFunctionInstance,
}

/// `listInsertFunctionInstances`'s page.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct InstancesPage {
    pub instances: Vec<InsertFunctionInstance>,
    pub pagination: PaginationOutput,
}
