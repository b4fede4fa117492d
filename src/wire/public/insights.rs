//! The shapes of the Public API's delivery overview (`deliveryOverviewApi`: the counts of events at each step
//! between a source and a destination) and usage reads (`aPICallsApi`, `monthlyTrackedUsersApi`: daily cumulative
//! counts of a usage month), after the TypeScript SDK 47.0.0-b8398's `model/*.ts`. Big counts of the usage reads are
//! strings (the SDK's "bigint"), the delivery overview's numbers.

use serde::{Deserialize, Serialize};
#[cfg(test)]
use utoipa::ToSchema;

use super::PaginationOutput;

/// The dimensions a delivery overview read may be grouped by and filtered on (`groupBy`, `filter`).
pub const DIMENSIONS: [&str; 4] = ["eventName", "eventType", "discardReason", "appVersion"];

/// The sizes of a delivery overview's buckets (`granularity`).
pub const GRANULARITIES: [&str; 3] = ["day", "hour", "minute"];

/// `GetDeliveryOverviewMetricsBetaOutput`: the total over every dataset, a page of datasets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DeliveryOverviewMetrics {
    pub total: u64,
    pub dataset: Vec<DeliveryOverviewDataset>,
    pub pagination: PaginationOutput,
}

/// `DeliveryOverviewMetricsDataset`: the events of one group (the dimensions grouped by, each set), in buckets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DeliveryOverviewDataset {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app_version: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discard_reason: Option<String>,
    pub total: u64,
    pub series: Vec<DeliveryOverviewDatapoint>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_retry_count: Option<u64>,
}

/// `DeliveryOverviewMetricsDatapoint`: one bucket, named by its start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DeliveryOverviewDatapoint {
    pub time: String,
    pub count: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_count: Option<u64>,
}

/// `GetDailyWorkspaceAPICallsUsageV1Output`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct WorkspaceApiCalls {
    #[serde(rename = "dailyWorkspaceAPICallsUsage")]
    pub daily_workspace_api_calls_usage: Vec<ApiCallSnapshot>,
    pub pagination: PaginationOutput,
}

/// `GetDailyPerSourceAPICallsUsageV1Output`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SourceApiCalls {
    #[serde(rename = "dailyPerSourceAPICallsUsage")]
    pub daily_per_source_api_calls_usage: Vec<SourceApiCallSnapshot>,
    pub pagination: PaginationOutput,
}

/// `APICallSnapshotV1`: the calls of the usage month up to the end of a day.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ApiCallSnapshot {
    pub api_calls: String,
    pub timestamp: String,
}

/// `SourceAPICallSnapshotV1`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SourceApiCallSnapshot {
    pub source_id: String,
    pub api_calls: String,
    pub timestamp: String,
}

/// `GetDailyWorkspaceMTUUsageV1Output`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct WorkspaceMtu {
    #[serde(rename = "dailyWorkspaceMTUUsage")]
    pub daily_workspace_mtu_usage: Vec<MtuSnapshot>,
    pub pagination: PaginationOutput,
}

/// `GetDailyPerSourceMTUUsageV1Output`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SourceMtu {
    #[serde(rename = "dailyPerSourceMTUUsage")]
    pub daily_per_source_mtu_usage: Vec<SourceMtuSnapshot>,
    pub pagination: PaginationOutput,
}

/// The users of `MtuSnapshotV1` and `UsersPerSourceSnapshotV1`, as strings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Users {
    pub anonymous: String,
    pub anonymous_identified: String,
    pub identified: String,
    pub never_identified: String,
}

/// `MtuSnapshotV1`: the users of the usage month up to the end of a day; the period in Unix seconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MtuSnapshot {
    pub period_start: i64,
    pub period_end: i64,
    #[serde(flatten)]
    pub users: Users,
    pub timestamp: String,
}

/// `UsersPerSourceSnapshotV1`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SourceMtuSnapshot {
    pub source_id: String,
    pub period_start: i64,
    pub period_end: i64,
    #[serde(flatten)]
    pub users: Users,
    pub timestamp: String,
}
