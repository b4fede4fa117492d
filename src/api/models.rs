//! The wire model of the Config API v1beta (API.md): resource records, request bodies, the error body and the
//! gRPC-style codes. Shared by the client and the emulator; neither's logic lives here.
//! Responses are snake_case; request bodies also accept lowerCamelCase (API.md, [D]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

/// The gRPC-style error codes of the service, with the HTTP status each travels with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    InvalidArgument = 3,
    NotFound = 5,
    AlreadyExists = 6,
    PermissionDenied = 7,
    ResourceExhausted = 8,
    Unimplemented = 12,
    Internal = 13,
    Unavailable = 14,
    Unauthenticated = 16,
}

impl Code {
    pub fn http_status(self) -> u16 {
        match self {
            Code::InvalidArgument => 400,
            Code::Unauthenticated => 401,
            Code::PermissionDenied => 403,
            Code::NotFound => 404,
            Code::AlreadyExists => 409,
            Code::ResourceExhausted => 429,
            Code::Internal => 500,
            Code::Unimplemented => 501,
            Code::Unavailable => 503,
        }
    }

    /// The code a status stands for when a body carries none (CLI.md: other 4xx → 3, other 5xx → 13).
    pub fn from_http_status(status: u16) -> Option<Code> {
        Some(match status {
            401 => Code::Unauthenticated,
            403 => Code::PermissionDenied,
            404 => Code::NotFound,
            409 => Code::AlreadyExists,
            429 => Code::ResourceExhausted,
            501 => Code::Unimplemented,
            503 => Code::Unavailable,
            400..=499 => Code::InvalidArgument,
            500..=599 => Code::Internal,
            _ => return None,
        })
    }
}

/// The plain-text body of a 503 for a URL that cannot be routed to the service.
pub const UPSTREAM_ERROR: &str = "upstream connect error or disconnect/reset before headers";

/// Error body: exactly these two keys.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    pub error: String,
    pub code: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Workspace {
    pub name: String,
    pub display_name: String,
    pub id: String,
    #[schema(format = DateTime)]
    pub create_time: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct LibraryConfig {
    #[serde(alias = "metricsEnabled")]
    pub metrics_enabled: bool,
    #[serde(alias = "retryQueue")]
    pub retry_queue: bool,
    #[serde(alias = "crossDomainIdEnabled")]
    pub cross_domain_id_enabled: bool,
    #[serde(alias = "apiHost")]
    pub api_host: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Source {
    pub name: String,
    pub parent: String,
    pub display_name: String,
    pub catalog_name: String,
    pub write_keys: Vec<String>,
    pub library_config: LibraryConfig,
    pub labels: BTreeMap<String, String>,
    pub id: String,
    #[schema(format = DateTime)]
    pub create_time: String,
}

/// One destination setting. `type` is lowercase here (the catalog spells it in capitals).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ConfigItem {
    pub name: String,
    #[serde(default, alias = "displayName")]
    pub display_name: String,
    #[serde(default)]
    pub value: Value,
    #[serde(default, rename = "type")]
    pub kind: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Destination {
    pub name: String,
    pub parent: String,
    pub display_name: String,
    pub enabled: bool,
    pub connection_mode: String,
    pub config: Vec<ConfigItem>,
    #[schema(format = DateTime)]
    pub create_time: String,
    #[schema(format = DateTime)]
    pub update_time: String,
}

/// Connection modes a destination accepts.
pub const CONNECTION_MODES: [&str; 3] = ["UNSPECIFIED", "CLOUD", "DEVICE"];

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TrackingPlan {
    pub name: String,
    pub display_name: String,
    /// Stored as opaque JSON, with `events`, `identify_traits` and `group_traits` always present.
    pub rules: Map<String, Value>,
    #[schema(format = DateTime)]
    pub create_time: String,
    #[schema(format = DateTime)]
    pub update_time: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SourceConnection {
    #[serde(alias = "sourceName")]
    pub source_name: String,
    #[serde(default, alias = "trackingPlanId")]
    pub tracking_plan_id: String,
}

/// Token scopes: `workspace` reads and writes, `workspace:read` only reads.
pub const SCOPE_WRITE: &str = "workspace";
pub const SCOPE_READ: &str = "workspace:read";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AccessToken {
    pub name: String,
    pub description: String,
    pub scopes: String,
    pub workspace_names: Vec<String>,
    #[schema(format = DateTime)]
    pub create_time: String,
    /// The secret; only in the create response.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RegulationAttributes {
    pub name: String,
    pub values: Vec<String>,
}

pub const REGULATION_TYPES: [&str; 4] = ["Suppress_With_Delete", "Delete", "Suppress", "Unsuppress"];

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Regulation {
    pub name: String,
    pub id: String,
    pub regulation_type: String,
    pub attributes: RegulationAttributes,
    #[schema(format = DateTime)]
    pub create_time: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CatalogSource {
    pub name: String,
    pub display_name: String,
    pub description: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub categories: Vec<String>,
    pub logos: Map<String, Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CatalogSetting {
    pub name: String,
    pub display_name: String,
    /// UPPERCASE in the catalog (`STRING`, `MIXED`, ...).
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub deprecated: bool,
    pub required: bool,
    #[serde(default)]
    pub description: String,
    /// The parts of a `MIXED` setting (the webhooks `hooks` setting has `hook` and `headers`).
    #[serde(default)]
    #[schema(no_recursion)]
    pub settings: Vec<CatalogSetting>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct DestinationCategories {
    pub primary: String,
    pub secondary: String,
    pub additional: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CatalogDestination {
    pub name: String,
    pub display_name: String,
    pub description: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub status: String,
    #[serde(default)]
    pub previous_names: Vec<String>,
    #[serde(default)]
    pub website: String,
    #[serde(default)]
    pub logos: Map<String, Value>,
    /// An object here, where catalog sources have an array (as the real service answers).
    pub categories: DestinationCategories,
    pub components: Vec<Value>,
    #[serde(default)]
    pub platforms: Map<String, Value>,
    pub methods: Map<String, Value>,
    pub settings: Vec<CatalogSetting>,
}

// ---- request bodies ----

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct SourceInput {
    pub name: String,
    #[serde(alias = "catalogName")]
    pub catalog_name: String,
    #[serde(alias = "displayName", skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
    #[serde(alias = "libraryConfig", skip_serializing_if = "Option::is_none")]
    pub library_config: Option<LibraryConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub labels: Option<BTreeMap<String, String>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CreateSource {
    pub source: SourceInput,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct DestinationInput {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(alias = "connectionMode", skip_serializing_if = "Option::is_none")]
    pub connection_mode: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config: Option<Vec<ConfigItem>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CreateDestination {
    pub destination: DestinationInput,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct TrackingPlanInput {
    #[serde(alias = "displayName")]
    pub display_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Map<String, Value>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CreateTrackingPlan {
    #[serde(alias = "trackingPlan")]
    pub tracking_plan: TrackingPlanInput,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct AccessTokenInput {
    pub description: String,
    pub scopes: String,
    #[serde(alias = "workspaceNames")]
    pub workspace_names: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CreateAccessToken {
    #[serde(alias = "accessToken")]
    pub access_token: AccessTokenInput,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CreateRegulation {
    #[serde(alias = "regulationType")]
    pub regulation_type: String,
    pub attributes: RegulationAttributes,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RegulationCreated {
    pub regulate_id: String,
}

/// The update mask that sits beside the resource in an Update body.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct UpdateMask {
    #[serde(default)]
    pub paths: Vec<String>,
}

/// The resource key an Update body holds its fields under, with the mask paths' prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceKey {
    Workspace,
    Source,
    Destination,
    TrackingPlan,
}

impl ResourceKey {
    pub fn as_str(self) -> &'static str {
        match self {
            ResourceKey::Workspace => "workspace",
            ResourceKey::Source => "source",
            ResourceKey::Destination => "destination",
            ResourceKey::TrackingPlan => "tracking_plan",
        }
    }

    pub fn camel(self) -> &'static str {
        match self {
            ResourceKey::TrackingPlan => "trackingPlan",
            other => other.as_str(),
        }
    }
}

/// The page wrapper's key for a list of each collection (API.md, "Pagination").
pub mod wrapper {
    pub const WORKSPACES: &str = "workspaces";
    pub const SOURCES: &str = "sources";
    pub const DESTINATIONS: &str = "destinations";
    pub const TRACKING_PLANS: &str = "tracking_plans";
    pub const CONNECTIONS: &str = "connections";
    pub const ACCESS_TOKENS: &str = "access_tokens";
    pub const REGULATIONS: &str = "regulations";
    pub const NEXT_PAGE_TOKEN: &str = "next_page_token";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_to_code_covers_the_error_table() {
        for code in [
            Code::InvalidArgument,
            Code::NotFound,
            Code::AlreadyExists,
            Code::PermissionDenied,
            Code::ResourceExhausted,
            Code::Unimplemented,
            Code::Internal,
            Code::Unavailable,
            Code::Unauthenticated,
        ] {
            assert_eq!(Code::from_http_status(code.http_status()), Some(code));
        }
        assert_eq!(Code::from_http_status(418), Some(Code::InvalidArgument));
        assert_eq!(Code::from_http_status(502), Some(Code::Internal));
        assert_eq!(Code::from_http_status(200), None);
    }

    #[test]
    fn requests_accept_lower_camel_case() {
        let body: CreateSource = serde_json::from_str(
            r#"{"source":{"name":"workspaces/w/sources/s","catalogName":"catalog/sources/javascript"}}"#,
        )
        .unwrap();
        assert_eq!(body.source.catalog_name, "catalog/sources/javascript");
    }
}
