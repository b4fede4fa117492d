//! Types that exist only to describe the wire: list pages (their key differs per collection), update bodies (the
//! handlers read them as the shared `UpdateRequest<T>`, whose fields are free-form JSON) and the answer of a Delete.
#![allow(dead_code, reason = "schema-only types: read by utoipa's derive, never built")]

use std::collections::BTreeMap;

use utoipa::ToSchema;

use crate::wire::resources::*;

/// The answer of a Delete: `{}`.
#[cfg_attr(test, derive(ToSchema))]
pub struct Empty {}

/// Update body: the fields under `source`; only the paths in `update_mask` change. A listed path without a
/// value becomes its empty value; values of paths not listed are checked but not applied.
#[cfg_attr(test, derive(ToSchema))]
pub struct SourceUpdate {
    pub source: Option<SourceFields>,
    #[cfg_attr(test, schema(schema_with = super::openapi::source_mask))]
    pub update_mask: Option<crate::wire::FieldMask>,
}

/// The updatable fields of a source; `null` counts as absent.
#[cfg_attr(test, derive(ToSchema))]
pub struct SourceFields {
    pub display_name: Option<String>,
    pub labels: Option<BTreeMap<String, String>>,
    /// Replaced whole when `source.library_config` is listed; its fields may be listed one by one.
    pub library_config: Option<LibraryConfig>,
}

/// Update body: the fields under `destination`; only the paths in `update_mask` change. `config` items are
/// merged by name: an item not sent keeps its value.
#[cfg_attr(test, derive(ToSchema))]
pub struct DestinationUpdate {
    pub destination: Option<DestinationFields>,
    #[cfg_attr(test, schema(schema_with = super::openapi::destination_mask))]
    pub update_mask: Option<crate::wire::FieldMask>,
}

/// The updatable fields of a destination; `null` counts as absent.
// `config` is set from the catalog's settings by `CatalogRules`.
#[cfg_attr(test, derive(ToSchema))]
pub struct DestinationFields {
    pub enabled: Option<bool>,
    /// `UNSPECIFIED` when listed in the mask without a value.
    #[cfg_attr(test, schema(schema_with = super::openapi::connection_mode))]
    pub connection_mode: Option<String>,
    pub config: Option<Vec<ConfigItem>>,
}

/// Update body: the fields under `tracking_plan`; only the paths in `update_mask` change.
#[cfg_attr(test, derive(ToSchema))]
pub struct TrackingPlanUpdate {
    pub tracking_plan: Option<TrackingPlanFields>,
    #[cfg_attr(test, schema(schema_with = super::openapi::tracking_plan_mask))]
    pub update_mask: Option<crate::wire::FieldMask>,
}

/// The updatable fields of a tracking plan; `null` counts as absent.
#[cfg_attr(test, derive(ToSchema))]
pub struct TrackingPlanFields {
    pub display_name: Option<String>,
    #[cfg_attr(test, schema(schema_with = super::openapi::nullable_rules))]
    pub rules: Option<serde_json::Map<String, serde_json::Value>>,
}

/// Update body: the fields under `filter`; only the paths in `update_mask` change. Its paths have no prefix
/// (`if`, not `filter.if`).
#[cfg_attr(test, derive(ToSchema))]
pub struct FilterUpdate {
    pub filter: Option<FilterFields>,
    #[cfg_attr(test, schema(schema_with = super::openapi::filter_mask))]
    pub update_mask: Option<crate::wire::FieldMask>,
}

/// The updatable fields of a destination filter; `null` counts as absent.
#[cfg_attr(test, derive(ToSchema))]
pub struct FilterFields {
    pub title: Option<String>,
    pub description: Option<String>,
    /// An FQL condition; `all` matches every event.
    #[cfg_attr(test, schema(rename = "if"))]
    pub condition: Option<String>,
    pub enabled: Option<bool>,
    pub actions: Option<Vec<serde_json::Value>>,
}

/// Update body: the fields under `schema_config`; only the paths in `update_mask` change.
#[cfg_attr(test, derive(ToSchema))]
pub struct SchemaConfigUpdate {
    pub schema_config: Option<crate::wire::SchemaConfig>,
    #[cfg_attr(test, schema(schema_with = super::openapi::schema_config_mask))]
    pub update_mask: Option<crate::wire::FieldMask>,
}

/// A page of a destination's filters.
#[cfg_attr(test, derive(ToSchema))]
pub struct FilterPage {
    pub filters: Vec<crate::wire::DestinationFilter>,
    pub next_page_token: String,
}

/// A page of workspaces.
#[cfg_attr(test, derive(ToSchema))]
pub struct WorkspacePage {
    pub workspaces: Vec<Workspace>,
    pub next_page_token: String,
}

/// A page of sources.
#[cfg_attr(test, derive(ToSchema))]
pub struct SourcePage {
    pub sources: Vec<Source>,
    pub next_page_token: String,
}

/// A page of destinations.
#[cfg_attr(test, derive(ToSchema))]
pub struct DestinationPage {
    pub destinations: Vec<Destination>,
    pub next_page_token: String,
}

/// A page of tracking plans.
#[cfg_attr(test, derive(ToSchema))]
pub struct TrackingPlanPage {
    pub tracking_plans: Vec<TrackingPlan>,
    pub next_page_token: String,
}

/// A page of a tracking plan's source connections.
#[cfg_attr(test, derive(ToSchema))]
pub struct ConnectionPage {
    pub connections: Vec<SourceConnection>,
    pub next_page_token: String,
}

/// A page of regulations.
#[cfg_attr(test, derive(ToSchema))]
pub struct RegulationPage {
    pub regulations: Vec<Regulation>,
    pub next_page_token: String,
}

/// A page of access tokens (never with their secrets).
#[cfg_attr(test, derive(ToSchema))]
pub struct AccessTokenPage {
    pub access_tokens: Vec<AccessToken>,
    pub next_page_token: String,
}

/// A page of catalog sources.
#[cfg_attr(test, derive(ToSchema))]
pub struct CatalogSourcePage {
    pub sources: Vec<CatalogSource>,
    pub next_page_token: String,
}

/// A page of catalog destinations.
#[cfg_attr(test, derive(ToSchema))]
pub struct CatalogDestinationPage {
    pub destinations: Vec<CatalogDestination>,
    pub next_page_token: String,
}
