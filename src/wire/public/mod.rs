//! The Public API's shapes (docs/reference/public-api.md, after the TypeScript SDK 47.0.0-b8398's `model/*.ts`): the
//! `{"data": ..}` envelope, the `{"errors": [..]}` body, cursor pagination, and the resources seg manages. Field names
//! are the service's lowerCamelCase; every optional field is left out when absent, so what is written is what the SDK
//! declares. The vocabulary between these shapes and the neutral model (the Config API's, `wire::*`) is
//! [`map`]: pure functions the client's adapter and the emulator's front door both use, so the two APIs cannot
//! drift apart. No I/O here.

pub mod functions;
pub mod iam;
pub mod insights;
pub mod map;
pub mod warehouses;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};
#[cfg(test)]
use utoipa::ToSchema;

/// What every success answers: `{"data": ..}`. The SDK's `unwrap` throws without `data`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Envelope<T> {
    pub data: T,
}

/// What every error answers: a non-empty list, the first of which a client reports.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct ErrorEnvelope {
    pub errors: Vec<RequestError>,
}

/// One error. Only `type` is required; the live service sends lowercase hyphenated types (`not-found`), SPEC32's
/// examples other spellings: a client keys on the HTTP status, never on `type`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct RequestError {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The dotted path of the input at fault (`pagination.count`, `rules.0.version`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
}

/// The error types the emulator sends, one per status (docs/reference/public-api.md, "Errors").
pub mod error_type {
    pub const BAD_REQUEST: &str = "bad-request";
    pub const UNAUTHORIZED: &str = "unauthorized";
    pub const FORBIDDEN: &str = "forbidden";
    pub const NOT_FOUND: &str = "not-found";
    pub const CONFLICT: &str = "conflict";
    pub const PAYLOAD_TOO_LARGE: &str = "payload-too-large";
    pub const INPUT_VALIDATION: &str = "input-validation";
    /// The documented type of a 429.
    pub const RATE_LIMITED: &str = "RequestError";
    pub const INTERNAL: &str = "internal";
}

/// The `data` of a 429, as documented (Rate-Limits): the points left, the wait, the points used.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RateLimited {
    pub remaining_points: u64,
    pub ms_before_next: u64,
    pub consumed_points: u64,
}

/// The rate-limit headers (Rate-Limits); `Reset` is an IMF date.
pub mod header {
    pub const CONSUMED: &str = "x-ratelimit-consumed";
    pub const REMAINING: &str = "x-ratelimit-remaining";
    pub const RESET: &str = "x-ratelimit-reset";
}

/// `pagination` in a list's query: `count` 1 to 1000, `cursor` opaque.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct PaginationInput {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cursor: Option<String>,
    pub count: u64,
}

/// The largest `pagination.count` (TS47, TS73).
pub const MAX_COUNT: u64 = 1000;
/// The count of a list called without pagination (the docs).
pub const DEFAULT_COUNT: u64 = 200;

/// `pagination` beside a list: `next` left out on the last page, `previous` on the first; a client takes `null`
/// like absent (the docs show `"previous": null`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PaginationOutput {
    pub current: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_entries: Option<u64>,
}

/// `{"status": "SUCCESS"}`: the answer of deletes and of writes that return no resource.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct StatusOnly {
    pub status: String,
}

impl StatusOnly {
    pub fn success() -> Self {
        StatusOnly { status: "SUCCESS".into() }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Workspace {
    pub id: String,
    pub slug: String,
    pub name: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Label {
    pub key: String,
    pub value: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Logos {
    pub default: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alt: Option<String>,
}

/// A catalog entry's setting; `type` is lowercase (`string`, `boolean`, `password`, ...).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct IntegrationOption {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub required: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_value: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// The values of `SourceMetadata.status` (required in TS73 and PY73).
pub const METADATA_STATUSES: [&str; 7] =
    ["DEPRECATED", "PRIVATE_BETA", "PRIVATE_BUILDING", "PRIVATE_SUBMITTED", "PUBLIC", "PUBLIC_BETA", "UNAVAILABLE"];

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SourceMetadata {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub logos: Logos,
    pub options: Vec<IntegrationOption>,
    pub categories: Vec<String>,
    pub is_cloud_event_source: bool,
    pub status: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Source {
    pub id: String,
    pub slug: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub metadata: SourceMetadata,
    pub workspace_id: String,
    pub enabled: bool,
    pub write_keys: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Map<String, Value>>,
    pub labels: Vec<Label>,
}

/// `getSource`'s `data`: the plan the source is connected to is beside it, `null` when none (always present).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SourceWithPlan {
    pub source: Source,
    pub tracking_plan_id: Option<String>,
}

/// `createSource`'s body: no `name` (a PATCH sets it), no labels.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CreateSource {
    pub slug: String,
    pub enabled: bool,
    pub metadata_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Map<String, Value>>,
}

/// `updateSource`'s body: only the fields sent change.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct UpdateSource {
    /// `null` clears the name (the source is named by its slug again).
    #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub name: Option<Option<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slug: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Map<String, Value>>,
}

/// `{labels: [..]}`: the body of `addLabelsToSource`, `replaceLabelsInSource`, and the `data` of both and of
/// `listLabels`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Labels {
    pub labels: Vec<Label>,
}

/// `createLabel`'s body and `data`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct LabelBody {
    pub label: Label,
}

/// A catalog destination's part: a library of one platform.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Component {
    /// `ANDROID`, `BROWSER`, `IOS` or `SERVER`.
    #[serde(rename = "type")]
    pub kind: String,
    pub code: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
}

/// How many instances of a catalog destination one source may have, and other flags.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Features {
    /// `0`, `1`, `MULTIPLE`, `NONE` or `SINGLE`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cloud_mode_instances: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device_mode_instances: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub browser_unbundling: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub browser_unbundling_public: Option<bool>,
}

/// The value of `cloudModeInstances` that lets one source hold several instances of the entry.
pub const MULTIPLE: &str = "MULTIPLE";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DestinationMetadata {
    pub id: String,
    pub name: String,
    pub description: String,
    pub slug: String,
    pub logos: Logos,
    pub options: Vec<IntegrationOption>,
    pub status: String,
    pub previous_names: Vec<String>,
    pub categories: Vec<String>,
    pub website: String,
    pub components: Vec<Component>,
    pub supported_features: Features,
    /// `pageview`, `identify`, `alias`, `track`, `group`: optional flags.
    pub supported_methods: Map<String, Value>,
    /// `browser`, `server`, `mobile`, `warehouse`, `cloudAppObject`: optional flags.
    pub supported_platforms: Map<String, Value>,
    pub actions: Vec<Value>,
    pub presets: Vec<Value>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Destination {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub enabled: bool,
    pub metadata: DestinationMetadata,
    pub source_id: String,
    pub settings: Map<String, Value>,
}

/// `createDestination`'s body: `settings` required (`{}` allowed).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CreateDestination {
    pub source_id: String,
    pub metadata_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub settings: Map<String, Value>,
}

/// `updateDestination`'s body: no update mask, only the fields sent change; `settings` merge by top-level key.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct UpdateDestination {
    #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub name: Option<Option<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Map<String, Value>>,
}

/// The types of a filter's action.
pub mod action {
    pub const DROP: &str = "DROP";
    pub const SAMPLE: &str = "SAMPLE";
    pub const ALLOW_PROPERTIES: &str = "ALLOW_PROPERTIES";
    pub const DROP_PROPERTIES: &str = "DROP_PROPERTIES";
    pub const TYPES: [&str; 4] = [DROP, SAMPLE, ALLOW_PROPERTIES, DROP_PROPERTIES];
}

/// One action of a filter: `fields` maps a part of the event (`properties`, `context`, `traits`) to field names.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct FilterAction {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fields: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub percent: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Filter {
    pub id: String,
    pub source_id: String,
    pub destination_id: String,
    #[serde(rename = "if")]
    pub condition: String,
    pub actions: Vec<FilterAction>,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub enabled: bool,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CreateFilter {
    pub source_id: String,
    #[serde(rename = "if")]
    pub condition: String,
    pub actions: Vec<FilterAction>,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub enabled: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct UpdateFilter {
    #[serde(rename = "if", default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actions: Option<Vec<FilterAction>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub description: Option<Option<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
}

/// An action of an Actions destination, as destination metadata lists it (`DestinationMetadataActionV1`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MetadataAction {
    pub id: String,
    pub slug: String,
    pub name: String,
    pub description: String,
    /// `CLOUD`, `MOBILE` or `WEB`.
    pub platform: String,
    pub hidden: bool,
    pub default_trigger: Option<String>,
    pub fields: Vec<MetadataActionField>,
}

/// One field of an action (`DestinationMetadataActionFieldV1`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MetadataActionField {
    pub id: String,
    pub sort_order: u32,
    pub field_key: String,
    pub label: String,
    /// `BOOLEAN`, `DATETIME`, `HIDDEN`, `INTEGER`, `NUMBER`, `OBJECT`, `PASSWORD`, `STRING` or `TEXT`.
    #[serde(rename = "type")]
    pub kind: String,
    pub description: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_value: Option<Value>,
    pub required: bool,
    pub multiple: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choices: Option<Value>,
    pub dynamic: bool,
    pub allow_null: bool,
}

/// A mapping the catalog suggests (`DestinationMetadataSubscriptionPresetV1`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionPreset {
    pub action_id: String,
    pub name: String,
    pub fields: Map<String, Value>,
    pub trigger: String,
}

/// A mapping of an Actions destination (`DestinationSubscription`): when it fires (`trigger`), which action it runs
/// and with what field values (`settings`: literals or mapping directives).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Subscription {
    pub id: String,
    pub name: String,
    pub action_id: String,
    pub action_slug: String,
    pub destination_id: String,
    pub enabled: bool,
    pub settings: Map<String, Value>,
    pub trigger: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_id: Option<String>,
}

/// `createDestinationSubscription`'s body.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CreateSubscription {
    pub name: String,
    pub action_id: String,
    pub trigger: String,
    pub enabled: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_id: Option<String>,
}

/// `updateSubscriptionForDestination`'s body: what changes, under `input`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct UpdateSubscription {
    pub input: SubscriptionInput,
}

/// What an update of a mapping changes (`DestinationSubscriptionUpdateInput`): only the fields given; `settings`
/// merges by top-level key, a `null` removing one, as a destination's settings do (the emulator's reading; seg
/// sends the whole settings with a `null` for each field removed, which means the same under either reading).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct SubscriptionInput {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Map<String, Value>>,
}

/// The values of a tracking plan's `type`.
pub const PLAN_TYPES: [&str; 5] = ["ENGAGE", "LIVE", "PROPERTY_LIBRARY", "RULE_LIBRARY", "TEMPLATE"];

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TrackingPlan {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slug: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<String>,
    /// The plan's Config API id (`rs_...`), as SPEC32's examples show it (TS47 drops it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_schema_id: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CreateTrackingPlan {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct UpdateTrackingPlan {
    #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub name: Option<Option<String>>,
    #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub description: Option<Option<String>>,
}

/// The types of a rule: the Config API's `global`, `events[]`, `identify`, `group` are COMMON, TRACK, IDENTIFY,
/// GROUP; PAGE and SCREEN have no Config API counterpart.
pub mod rule_type {
    pub const COMMON: &str = "COMMON";
    pub const TRACK: &str = "TRACK";
    pub const IDENTIFY: &str = "IDENTIFY";
    pub const GROUP: &str = "GROUP";
    pub const PAGE: &str = "PAGE";
    pub const SCREEN: &str = "SCREEN";
    pub const TYPES: [&str; 6] = [COMMON, GROUP, IDENTIFY, PAGE, SCREEN, TRACK];
}

/// A rule as listed: keyed by (`type`, `key` or none, `version`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// Required; may be `null`.
    #[serde(default)]
    pub json_schema: Value,
    #[serde(deserialize_with = "whole")]
    pub version: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deprecated_at: Option<String>,
}

/// A rule as written (`replaceRulesInTrackingPlan`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RuleInput {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    #[serde(default)]
    pub json_schema: Value,
    #[serde(deserialize_with = "whole")]
    pub version: u64,
}

impl RuleInput {
    /// What a rule is known by: (`type`, `key`, `version`).
    pub fn identity(&self) -> (&str, Option<&str>, u64) {
        (&self.kind, self.key.as_deref(), self.version)
    }
}

/// A rule of `updateRulesInTrackingPlan`: upserted by (`type`, `key`, `version`) and renamed to `newKey`.
// Read through `UpsertFields`, not `flatten`: a flattened struct is read through serde's buffer, which holds no
// integer beyond 64 bits, so a rule with one among its other members (valid JSON data) would be refused.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase", from = "UpsertFields")]
pub struct UpsertRule {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_key: Option<String>,
    #[serde(flatten)]
    pub rule: RuleInput,
}

/// An [`UpsertRule`] as it is read: its members side by side, any others skipped unread.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UpsertFields {
    #[serde(default)]
    new_key: Option<String>,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    key: Option<String>,
    #[serde(default)]
    json_schema: Value,
    #[serde(deserialize_with = "whole")]
    version: u64,
}

impl From<UpsertFields> for UpsertRule {
    fn from(fields: UpsertFields) -> UpsertRule {
        let UpsertFields { new_key, kind, key, json_schema, version } = fields;
        UpsertRule { new_key, rule: RuleInput { kind, key, json_schema, version } }
    }
}

/// A rule named for removal: `{type, key?, version}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct RuleRemoval {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    #[serde(deserialize_with = "whole")]
    pub version: u64,
}

/// `{rules: [..]}`: the bodies of `replaceRulesInTrackingPlan` and `updateRulesInTrackingPlan`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Rules<R> {
    pub rules: Vec<R>,
}

/// The most rules one replace or upsert carries, and the most a plan may hold when its rules are replaced: beyond
/// it the service answers 400 (docs/reference/public-api.md, "Tracking plans' rules").
pub const RULES_PER_CALL: usize = 200;

/// The service's 400 for a replace with more than [`RULES_PER_CALL`] rules, or onto a plan holding more.
pub const REPLACE_CAP: &str = "Can not replace more than 200 existing rules. Please use DELETE and PATCH methods";

/// The service's 400 for an upsert with more than [`RULES_PER_CALL`] rules.
pub const UPSERT_CAP: &str = "Can not upsert more than 200 rules per call";

/// `addSourceToTrackingPlan`'s body.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SourceId {
    pub source_id: String,
}

/// A source's schema settings for track calls; every field optional (input and output share the shape).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TrackSettings {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_unplanned_events: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_unplanned_event_properties: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_event_on_violations: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_properties_on_violations: Option<bool>,
    /// `ALLOW`, `BLOCK` or `OMIT_PROPERTIES`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub common_event_on_violations: Option<String>,
}

/// A source's schema settings for identify or group calls.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TraitSettings {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_unplanned_traits: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_traits_on_violations: Option<bool>,
    /// `ALLOW`, `BLOCK` or `OMIT_TRAITS`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub common_event_on_violations: Option<String>,
}

/// A source's schema settings (`listSchemaSettingsInSource`, `updateSchemaSettingsInSource`): the forwarding
/// targets are source ids (`""` clears).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SchemaSettings {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub track: Option<TrackSettings>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identify: Option<TraitSettings>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<TraitSettings>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forwarding_violations_to: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forwarding_blocked_events_to: Option<String>,
}

/// `data` of the schema-settings operations.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SourceSettings {
    pub source_id: String,
    pub settings: SchemaSettings,
}

/// The values of `regulationType` (TS47; TS73 adds `SUPPRESS_WITH_DELETE_INTERNAL`).
pub const REGULATION_TYPES: [&str; 5] =
    ["DELETE_INTERNAL", "DELETE_ONLY", "SUPPRESS_ONLY", "SUPPRESS_WITH_DELETE", "UNSUPPRESS"];
/// The values of `subjectType` of a workspace regulation; a source's takes `USER_ID` only.
pub const SUBJECT_TYPES: [&str; 2] = ["OBJECT_ID", "USER_ID"];
/// The statuses of a regulation.
pub const REGULATION_STATUSES: [&str; 7] =
    ["FAILED", "FINISHED", "INITIALIZED", "INVALID", "NOT_SUPPORTED", "PARTIAL_SUCCESS", "RUNNING"];

/// The body of `createWorkspaceRegulation` and `createSourceRegulation`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RegulationInput {
    pub regulation_type: String,
    pub subject_type: String,
    pub subject_ids: Vec<String>,
}

/// `data` of a regulation's create.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RegulationCreated {
    pub regulate_id: String,
}

/// A regulation in a list.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RegulationListEntry {
    pub id: String,
    pub subject_type: String,
    pub subjects: Vec<String>,
    pub status: String,
    pub created_at: String,
    pub regulation_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished_at: Option<String>,
}

/// One destination's part of a regulation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DestinationStatus {
    pub name: String,
    pub id: String,
    pub status: String,
    pub err_string: String,
    pub finished_at: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct StreamStatus {
    pub id: String,
    pub destination_status: Vec<DestinationStatus>,
}

/// A regulation as `getRegulation` answers it; `finishedAt` is required in TS47 (an empty string until then).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Regulation {
    pub id: String,
    pub workspace_id: String,
    pub overall_status: String,
    pub finished_at: String,
    pub created_at: String,
    pub stream_status: Vec<StreamStatus>,
}

/// Whether a string can be an id in a path: 1 to 255 characters (SPEC32), letters, digits, `_` and `-` (every
/// id the service and the emulator make). A client refuses anything else before sending it.
pub fn valid_id(id: &str) -> bool {
    (1..=255).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// The value of a censored secret: ten U+2022 bullets and the value's last four characters, or the bullets
/// alone for a value under eight characters (docs/reference/public-api.md, "IDs, slugs, secrets").
pub fn censor(secret: &str) -> String {
    const BULLETS: &str = "••••••••••";
    let chars: Vec<char> = secret.chars().collect();
    if chars.len() < 8 {
        return BULLETS.to_string();
    }
    let tail: String = chars[chars.len() - 4..].iter().collect();
    format!("{BULLETS}{tail}")
}

/// Reads a whole number sent as `1` or as `1.0`: JSON Schema's integers, and what a client whose numbers are all
/// floating point may write.
fn whole<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    let number = serde_json::Number::deserialize(deserializer)?;
    // `u64::MAX as f64` is 2^64, one more than the largest u64.
    let whole = number.as_f64().filter(|f| f.fract() == 0.0 && (0.0..u64::MAX as f64).contains(f)).map(|f| f as u64);
    number.as_u64().or(whole).ok_or_else(|| serde::de::Error::custom(format!("expected a whole number, got {number}")))
}

/// Reads a present field as `Some`, so that `null` (`Some(None)`) differs from absent (`None`).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn optional_fields_are_left_out_and_null_differs_from_absent() {
        let source = Source { id: "s".into(), slug: "web".into(), ..Default::default() };
        let written = serde_json::to_value(&source).unwrap();
        assert!(written.get("name").is_none() && written.get("settings").is_none(), "{written}");
        assert_eq!(written["writeKeys"], json!([]));
        let cleared: UpdateDestination = serde_json::from_value(json!({"name": null})).unwrap();
        assert_eq!(cleared.name, Some(None));
        let absent: UpdateDestination = serde_json::from_value(json!({"enabled": true})).unwrap();
        assert_eq!(absent.name, None);
        let page = PaginationOutput { current: "MA==".into(), total_entries: Some(3), ..Default::default() };
        assert_eq!(serde_json::to_value(&page).unwrap(), json!({"current": "MA==", "totalEntries": 3}));
    }

    #[test]
    fn an_upsert_rule_is_a_rule_with_a_new_key() {
        let rule: UpsertRule = serde_json::from_value(
            json!({"type": "TRACK", "key": "a", "newKey": "b", "version": 2, "jsonSchema": null}),
        )
        .unwrap();
        assert_eq!(rule.rule.identity(), ("TRACK", Some("a"), 2));
        assert_eq!(rule.new_key.as_deref(), Some("b"));
    }

    #[test]
    fn secrets_are_censored_as_the_service_does() {
        assert_eq!(censor("0123456789abc9f3c"), "••••••••••9f3c");
        assert_eq!(censor("1234567"), "••••••••••");
        assert_eq!(censor("12345678"), "••••••••••5678");
        let censored = crate::wire::config::censored;
        assert!(censored(&json!(censor("whatever-long"))) && censored(&json!(censor("short"))));
        assert!(!censored(&json!("plain")) && !censored(&json!(1)) && !censored(&json!("a•b")));
    }

    #[test]
    fn ids() {
        for good in ["9aQ1Lj62S4bomZKLF4DPqW", "66be7aeca665bd11f8908630", "tp_5gopz6tfKxAjpS4TjuqVIeTdm7T"] {
            assert!(valid_id(good), "{good}");
        }
        for bad in ["", "a/b", "a b", "é", &"a".repeat(256)] {
            assert!(!valid_id(bad), "{bad}");
        }
    }
}
