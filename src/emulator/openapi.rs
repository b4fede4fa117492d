//! The emulator's OpenAPI 3.1 document, served at `GET /openapi.json` (no token). One marker function per operation
//! of the route table (`router::route`), in its order, carries the operation's own facts; [`document`] then adds
//! what the front door answers for every operation (401, 403, 413, 429, 500, 503) and the emulator's validation
//! rules (slugs, the catalog, update-mask paths), from the same constants the handlers use.
//! `tests/it/openapi.rs` sends every documented (path, method) through the router and every other method of a
//! documented path, so the document and the route table cannot drift apart unnoticed.

use serde_json::{Map, Value, json};
use utoipa::OpenApi;

use super::catalog::{Catalog, DESTINATIONS, SOURCES};
use super::handlers::{destinations, regulations, sources, tracking_plans};
use super::outbox;
use super::paging::MAX_PAGE_SIZE;
use crate::wire::{
    CONNECTION_MODES, CatalogDestination, Code, ErrorBody, REGULATION_TYPES, Resource, SCOPE_READ, SCOPE_WRITE,
};

/// The emulator's slug rule (`handlers::valid_slug`) as a regular expression.
pub const SLUG: &str = "[a-z0-9][a-z0-9_-]{0,254}";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Config API v1beta (seg serve)",
        description = "The Config API v1beta as `seg serve` emulates it. Every call needs `Authorization: Bearer \
                       <token>`; write methods need a token of scope `workspace`. Errors are `{\"error\", \"code\"}` \
                       with a gRPC-style code. A documented path called with a method it lacks answers 501 / code 12; \
                       an unknown path under `/v1beta` answers 404 / code 5."
    ),
    paths(
        ops::list_workspaces,
        ops::get_workspace,
        ops::list_sources,
        ops::create_source,
        ops::get_source,
        ops::update_source,
        ops::update_source_put,
        ops::delete_source,
        ops::list_destinations,
        ops::create_destination,
        ops::get_destination,
        ops::update_destination,
        ops::update_destination_put,
        ops::delete_destination,
        ops::list_tracking_plans,
        ops::create_tracking_plan,
        ops::get_tracking_plan,
        ops::update_tracking_plan,
        ops::update_tracking_plan_patch,
        ops::delete_tracking_plan,
        ops::list_source_connections,
        ops::create_source_connection,
        ops::delete_source_connection,
        ops::list_regulations,
        ops::create_regulation,
        ops::get_regulation,
        ops::list_access_tokens,
        ops::create_access_token,
        ops::get_access_token,
        ops::delete_access_token,
        ops::list_catalog_sources,
        ops::get_catalog_source,
        ops::list_catalog_destinations,
        ops::get_catalog_destination,
    ),
    // Schemas the paths use are collected by utoipa; the errors' are added by `front_door`.
    components(schemas(ErrorBody)),
    tags(
        (name = "workspaces"),
        (name = "sources"),
        (name = "destinations"),
        (name = "tracking plans"),
        (name = "regulations"),
        (name = "access tokens"),
        (name = "catalog"),
    )
)]
struct ApiDoc;

/// The document `GET /openapi.json` serves.
pub fn document(catalog: &Catalog) -> Value {
    let mut doc = serde_json::to_value(ApiDoc::openapi()).expect("the OpenAPI document serializes");
    security(&mut doc);
    front_door(&mut doc);
    parameters(&mut doc, catalog);
    request_rules(&mut doc, catalog);
    drop_unused_schemas(&mut doc);
    doc["components"]["schemas"].as_object_mut().expect("schemas").sort_keys();
    doc
}

/// Types that exist only to describe the wire: list pages (their key differs per collection) and update bodies
/// (the handlers read those as JSON through `mask::parse`).
#[allow(dead_code, reason = "schema-only types: read by utoipa's derive, never built")]
mod doc {
    use std::collections::BTreeMap;

    use utoipa::ToSchema;

    use crate::wire::FieldMask as UpdateMask;
    use crate::wire::resources::*;

    /// The answer of a Delete: `{}`.
    #[derive(ToSchema)]
    pub struct Empty {}

    /// Update body: the fields under `source`; only the paths in `update_mask` change. A listed path without a
    /// value becomes its empty value; values of paths not listed are checked but not applied.
    #[derive(ToSchema)]
    pub struct SourceUpdate {
        pub source: Option<SourceFields>,
        pub update_mask: Option<UpdateMask>,
    }

    /// The updatable fields of a source; `null` counts as absent.
    #[derive(ToSchema)]
    pub struct SourceFields {
        pub display_name: Option<String>,
        pub labels: Option<BTreeMap<String, String>>,
        /// Replaced whole when `source.library_config` is listed; its fields may be listed one by one.
        pub library_config: Option<LibraryConfig>,
    }

    /// Update body: the fields under `destination`; only the paths in `update_mask` change. `config` items are
    /// merged by name: an item not sent keeps its value.
    #[derive(ToSchema)]
    pub struct DestinationUpdate {
        pub destination: Option<DestinationFields>,
        pub update_mask: Option<UpdateMask>,
    }

    /// The updatable fields of a destination; `null` counts as absent.
    #[derive(ToSchema)]
    pub struct DestinationFields {
        pub enabled: Option<bool>,
        /// `UNSPECIFIED` when listed in the mask without a value.
        pub connection_mode: Option<String>,
        pub config: Option<Vec<ConfigItem>>,
    }

    /// Update body: the fields under `tracking_plan`; only the paths in `update_mask` change.
    #[derive(ToSchema)]
    pub struct TrackingPlanUpdate {
        pub tracking_plan: Option<TrackingPlanFields>,
        pub update_mask: Option<UpdateMask>,
    }

    /// The updatable fields of a tracking plan; `null` counts as absent.
    #[derive(ToSchema)]
    pub struct TrackingPlanFields {
        pub display_name: Option<String>,
        pub rules: Option<serde_json::Map<String, serde_json::Value>>,
    }

    /// A page of workspaces.
    #[derive(ToSchema)]
    pub struct WorkspacePage {
        pub workspaces: Vec<Workspace>,
        pub next_page_token: String,
    }

    /// A page of sources.
    #[derive(ToSchema)]
    pub struct SourcePage {
        pub sources: Vec<Source>,
        pub next_page_token: String,
    }

    /// A page of destinations.
    #[derive(ToSchema)]
    pub struct DestinationPage {
        pub destinations: Vec<Destination>,
        pub next_page_token: String,
    }

    /// A page of tracking plans.
    #[derive(ToSchema)]
    pub struct TrackingPlanPage {
        pub tracking_plans: Vec<TrackingPlan>,
        pub next_page_token: String,
    }

    /// A page of a tracking plan's source connections.
    #[derive(ToSchema)]
    pub struct ConnectionPage {
        pub connections: Vec<SourceConnection>,
        pub next_page_token: String,
    }

    /// A page of regulations.
    #[derive(ToSchema)]
    pub struct RegulationPage {
        pub regulations: Vec<Regulation>,
        pub next_page_token: String,
    }

    /// A page of access tokens (never with their secrets).
    #[derive(ToSchema)]
    pub struct AccessTokenPage {
        pub access_tokens: Vec<AccessToken>,
        pub next_page_token: String,
    }

    /// A page of catalog sources.
    #[derive(ToSchema)]
    pub struct CatalogSourcePage {
        pub sources: Vec<CatalogSource>,
        pub next_page_token: String,
    }

    /// A page of catalog destinations.
    #[derive(ToSchema)]
    pub struct CatalogDestinationPage {
        pub destinations: Vec<CatalogDestination>,
        pub next_page_token: String,
    }

    /// Paging of a List call.
    #[derive(utoipa::IntoParams)]
    #[into_params(parameter_in = Query)]
    pub struct Page {
        /// Items per page, 1 to 200: 10 by default, 100 in the catalog.
        pub page_size: Option<i64>,
        /// The `next_page_token` of the previous page; empty or absent for the first page.
        pub page_token: Option<String>,
    }
}

/// The operations, in the route table's order. Each describes its path, parameters, bodies and the errors its
/// handler gives; [`front_door`] adds the errors every operation can meet.
#[allow(dead_code, reason = "markers: utoipa reads their attributes; the route table calls the handlers")]
mod ops {
    use super::doc::*;
    use crate::wire::resources::*;
    use crate::wire::{
        ConnectSource, CreateAccessToken, CreateDestination, CreateRegulation, CreateSource, CreateTrackingPlan,
        RegulationCreated,
    };

    const WS: &str = "workspace slug";

    /// List workspaces
    ///
    /// The workspaces the token reaches, 10 a page.
    #[utoipa::path(get, path = "/v1beta/workspaces", tag = "workspaces", params(Page),
        responses((status = 200, description = "a page of workspaces", body = WorkspacePage)))]
    fn list_workspaces() {}

    /// Get a workspace
    #[utoipa::path(get, path = "/v1beta/workspaces/{workspace}", tag = "workspaces",
        params(("workspace" = String, Path, description = WS)),
        responses(
            (status = 200, description = "the workspace", body = Workspace),
            (status = 404, description = "no such workspace, or the token does not reach it"),
        ))]
    fn get_workspace() {}

    /// List sources
    #[utoipa::path(get, path = "/v1beta/workspaces/{workspace}/sources", tag = "sources",
        params(("workspace" = String, Path, description = WS), Page),
        responses(
            (status = 200, description = "a page of sources", body = SourcePage),
            (status = 404, description = "no such workspace"),
        ))]
    fn list_sources() {}

    /// Create a source
    ///
    /// `name` is the full name `workspaces/<workspace>/sources/<slug>` under this path's workspace, or the bare
    /// slug; `catalog_name` a source of the catalog. Write keys are generated.
    #[utoipa::path(post, path = "/v1beta/workspaces/{workspace}/sources", tag = "sources",
        params(("workspace" = String, Path, description = WS)),
        request_body = CreateSource,
        responses(
            (status = 200, description = "the new source", body = Source),
            (status = 400, description = "invalid JSON or field value: a name under another workspace, a bad slug, \
                                          a catalog_name not in the catalog"),
            (status = 404, description = "no such workspace"),
            (status = 409, description = "the source exists"),
        ))]
    fn create_source() {}

    /// Get a source
    #[utoipa::path(get, path = "/v1beta/workspaces/{workspace}/sources/{source}", tag = "sources",
        params(("workspace" = String, Path, description = WS), ("source" = String, Path, description = "source slug")),
        responses(
            (status = 200, description = "the source", body = Source),
            (status = 404, description = "no such workspace or source"),
        ))]
    fn get_source() {}

    /// Update a source
    ///
    /// Mask paths: `source.display_name`, `source.labels`, `source.library_config` and its four fields.
    #[utoipa::path(patch, path = "/v1beta/workspaces/{workspace}/sources/{source}", tag = "sources",
        params(("workspace" = String, Path, description = WS), ("source" = String, Path, description = "source slug")),
        request_body = SourceUpdate,
        responses(
            (status = 200, description = "the source as updated", body = Source),
            (status = 400, description = "invalid JSON, an unknown or read-only mask path, a value of the wrong type"),
            (status = 404, description = "no such workspace or source"),
        ))]
    fn update_source() {}

    /// Update a source (PUT)
    ///
    /// The same as PATCH: the emulator accepts both for every update.
    #[utoipa::path(put, path = "/v1beta/workspaces/{workspace}/sources/{source}", tag = "sources",
        params(("workspace" = String, Path, description = WS), ("source" = String, Path, description = "source slug")),
        request_body = SourceUpdate,
        responses(
            (status = 200, description = "the source as updated", body = Source),
            (status = 400, description = "invalid JSON, an unknown or read-only mask path, a value of the wrong type"),
            (status = 404, description = "no such workspace or source"),
        ))]
    fn update_source_put() {}

    /// Delete a source
    ///
    /// Its destinations and its tracking-plan connections go with it.
    #[utoipa::path(delete, path = "/v1beta/workspaces/{workspace}/sources/{source}", tag = "sources",
        params(("workspace" = String, Path, description = WS), ("source" = String, Path, description = "source slug")),
        responses(
            (status = 200, description = "deleted", body = Empty),
            (status = 404, description = "no such workspace or source"),
        ))]
    fn delete_source() {}

    /// List a source's destinations
    #[utoipa::path(get, path = "/v1beta/workspaces/{workspace}/sources/{source}/destinations", tag = "destinations",
        params(("workspace" = String, Path, description = WS), ("source" = String, Path, description = "source slug"),
               Page),
        responses(
            (status = 200, description = "a page of destinations", body = DestinationPage),
            (status = 404, description = "no such workspace or source"),
        ))]
    fn list_destinations() {}

    /// Create a destination
    ///
    /// `name` ends in a catalog destination's slug; `config` items name settings of that catalog destination
    /// (the full name `<destination>/config/<key>` or the bare key). `enabled` is false unless given.
    #[utoipa::path(post, path = "/v1beta/workspaces/{workspace}/sources/{source}/destinations", tag = "destinations",
        params(("workspace" = String, Path, description = WS), ("source" = String, Path, description = "source slug")),
        request_body = CreateDestination,
        responses(
            (status = 200, description = "the new destination", body = Destination),
            (status = 400, description = "invalid JSON or field value: a slug not in the catalog, an unknown setting, \
                                          more than 5 webhook URLs, an invalid hook header"),
            (status = 404, description = "no such workspace or source"),
            (status = 409, description = "the destination exists"),
        ))]
    fn create_destination() {}

    /// Get a destination
    #[utoipa::path(get, path = "/v1beta/workspaces/{workspace}/sources/{source}/destinations/{destination}",
        tag = "destinations",
        params(("workspace" = String, Path, description = WS), ("source" = String, Path, description = "source slug"),
               ("destination" = String, Path, description = "destination slug (a catalog destination)")),
        responses(
            (status = 200, description = "the destination", body = Destination),
            (status = 404, description = "no such workspace, source or destination"),
        ))]
    fn get_destination() {}

    /// Update a destination
    ///
    /// Mask paths: `destination.enabled`, `destination.config`, `destination.connection_mode`.
    #[utoipa::path(patch, path = "/v1beta/workspaces/{workspace}/sources/{source}/destinations/{destination}",
        tag = "destinations",
        params(("workspace" = String, Path, description = WS), ("source" = String, Path, description = "source slug"),
               ("destination" = String, Path, description = "destination slug (a catalog destination)")),
        request_body = DestinationUpdate,
        responses(
            (status = 200, description = "the destination as updated", body = Destination),
            (status = 400, description = "invalid JSON, an unknown or read-only mask path, an invalid value"),
            (status = 404, description = "no such workspace, source or destination"),
        ))]
    fn update_destination() {}

    /// Update a destination (PUT)
    ///
    /// The same as PATCH: the emulator accepts both for every update.
    #[utoipa::path(put, path = "/v1beta/workspaces/{workspace}/sources/{source}/destinations/{destination}",
        tag = "destinations",
        params(("workspace" = String, Path, description = WS), ("source" = String, Path, description = "source slug"),
               ("destination" = String, Path, description = "destination slug (a catalog destination)")),
        request_body = DestinationUpdate,
        responses(
            (status = 200, description = "the destination as updated", body = Destination),
            (status = 400, description = "invalid JSON, an unknown or read-only mask path, an invalid value"),
            (status = 404, description = "no such workspace, source or destination"),
        ))]
    fn update_destination_put() {}

    /// Delete a destination
    #[utoipa::path(delete, path = "/v1beta/workspaces/{workspace}/sources/{source}/destinations/{destination}",
        tag = "destinations",
        params(("workspace" = String, Path, description = WS), ("source" = String, Path, description = "source slug"),
               ("destination" = String, Path, description = "destination slug (a catalog destination)")),
        responses(
            (status = 200, description = "deleted", body = Empty),
            (status = 404, description = "no such workspace, source or destination"),
        ))]
    fn delete_destination() {}

    /// List tracking plans
    #[utoipa::path(get, path = "/v1beta/workspaces/{workspace}/tracking-plans", tag = "tracking plans",
        params(("workspace" = String, Path, description = WS), Page),
        responses(
            (status = 200, description = "a page of tracking plans", body = TrackingPlanPage),
            (status = 404, description = "no such workspace"),
        ))]
    fn list_tracking_plans() {}

    /// Create a tracking plan
    ///
    /// The id (`rs_` and 27 letters and digits) is generated.
    #[utoipa::path(post, path = "/v1beta/workspaces/{workspace}/tracking-plans", tag = "tracking plans",
        params(("workspace" = String, Path, description = WS)),
        request_body = CreateTrackingPlan,
        responses(
            (status = 200, description = "the new tracking plan", body = TrackingPlan),
            (status = 400, description = "invalid JSON, a blank display_name, rules of the wrong shape"),
            (status = 404, description = "no such workspace"),
        ))]
    fn create_tracking_plan() {}

    /// Get a tracking plan
    #[utoipa::path(get, path = "/v1beta/workspaces/{workspace}/tracking-plans/{tracking_plan}", tag = "tracking plans",
        params(("workspace" = String, Path, description = WS), ("tracking_plan" = String, Path, description = "plan id")),
        responses(
            (status = 200, description = "the tracking plan", body = TrackingPlan),
            (status = 404, description = "no such workspace or tracking plan"),
        ))]
    fn get_tracking_plan() {}

    /// Update a tracking plan
    ///
    /// PUT, as the service has it. Mask paths: `tracking_plan.display_name`, `tracking_plan.rules` and its
    /// parts `events`, `global`, `identify`, `group`, `identify_traits`, `group_traits`.
    #[utoipa::path(put, path = "/v1beta/workspaces/{workspace}/tracking-plans/{tracking_plan}", tag = "tracking plans",
        params(("workspace" = String, Path, description = WS), ("tracking_plan" = String, Path, description = "plan id")),
        request_body = TrackingPlanUpdate,
        responses(
            (status = 200, description = "the tracking plan as updated", body = TrackingPlan),
            (status = 400, description = "invalid JSON, an unknown or read-only mask path, rules of the wrong shape"),
            (status = 404, description = "no such workspace or tracking plan"),
        ))]
    fn update_tracking_plan() {}

    /// Update a tracking plan (PATCH)
    ///
    /// The same as PUT: the emulator accepts both for every update.
    #[utoipa::path(patch, path = "/v1beta/workspaces/{workspace}/tracking-plans/{tracking_plan}",
        tag = "tracking plans",
        params(("workspace" = String, Path, description = WS), ("tracking_plan" = String, Path, description = "plan id")),
        request_body = TrackingPlanUpdate,
        responses(
            (status = 200, description = "the tracking plan as updated", body = TrackingPlan),
            (status = 400, description = "invalid JSON, an unknown or read-only mask path, rules of the wrong shape"),
            (status = 404, description = "no such workspace or tracking plan"),
        ))]
    fn update_tracking_plan_patch() {}

    /// Delete a tracking plan
    ///
    /// Its source connections go with it.
    #[utoipa::path(delete, path = "/v1beta/workspaces/{workspace}/tracking-plans/{tracking_plan}",
        tag = "tracking plans",
        params(("workspace" = String, Path, description = WS), ("tracking_plan" = String, Path, description = "plan id")),
        responses(
            (status = 200, description = "deleted", body = Empty),
            (status = 404, description = "no such workspace or tracking plan"),
        ))]
    fn delete_tracking_plan() {}

    /// List a tracking plan's source connections
    #[utoipa::path(get, path = "/v1beta/workspaces/{workspace}/tracking-plans/{tracking_plan}/source-connections",
        tag = "tracking plans",
        params(("workspace" = String, Path, description = WS), ("tracking_plan" = String, Path, description = "plan id"),
               Page),
        responses(
            (status = 200, description = "a page of connections", body = ConnectionPage),
            (status = 404, description = "no such workspace or tracking plan"),
        ))]
    fn list_source_connections() {}

    /// Connect a source to a tracking plan
    #[utoipa::path(post, path = "/v1beta/workspaces/{workspace}/tracking-plans/{tracking_plan}/source-connections",
        tag = "tracking plans",
        params(("workspace" = String, Path, description = WS), ("tracking_plan" = String, Path, description = "plan id")),
        request_body = ConnectSource,
        responses(
            (status = 200, description = "the connection, with the source's full name", body = SourceConnection),
            (status = 400, description = "invalid JSON, or a source name under another workspace"),
            (status = 404, description = "no such workspace, tracking plan or source"),
            (status = 409, description = "the source is connected already"),
        ))]
    fn create_source_connection() {}

    /// Disconnect a source from a tracking plan
    #[utoipa::path(delete,
        path = "/v1beta/workspaces/{workspace}/tracking-plans/{tracking_plan}/source-connections/{source}",
        tag = "tracking plans",
        params(("workspace" = String, Path, description = WS), ("tracking_plan" = String, Path, description = "plan id"),
               ("source" = String, Path, description = "source slug")),
        responses(
            (status = 200, description = "deleted", body = Empty),
            (status = 404, description = "no such workspace, tracking plan or connection"),
        ))]
    fn delete_source_connection() {}

    /// List regulations
    #[utoipa::path(get, path = "/v1beta/workspaces/{workspace}/regulations", tag = "regulations",
        params(("workspace" = String, Path, description = WS), Page),
        responses(
            (status = 200, description = "a page of regulations", body = RegulationPage),
            (status = 404, description = "no such workspace"),
        ))]
    fn list_regulations() {}

    /// Create a regulation (deletion request)
    ///
    /// `Delete` and `Suppress_With_Delete` send one `delete` webhook per user to every source of the workspace
    /// with an enabled webhooks destination.
    #[utoipa::path(post, path = "/v1beta/workspaces/{workspace}/regulations", tag = "regulations",
        params(("workspace" = String, Path, description = WS)),
        request_body = CreateRegulation,
        responses(
            (status = 200, description = "the regulation's id", body = RegulationCreated),
            (status = 400, description = "invalid JSON, an unknown regulation_type, attributes other than 1 to 5,000 \
                                          userId values"),
            (status = 404, description = "no such workspace"),
        ))]
    fn create_regulation() {}

    /// Get a regulation
    #[utoipa::path(get, path = "/v1beta/workspaces/{workspace}/regulations/{regulation}", tag = "regulations",
        params(("workspace" = String, Path, description = WS), ("regulation" = String, Path, description = "regulation id")),
        responses(
            (status = 200, description = "the regulation", body = Regulation),
            (status = 404, description = "no such workspace or regulation"),
        ))]
    fn get_regulation() {}

    /// List access tokens
    ///
    /// Without their secrets.
    #[utoipa::path(get, path = "/v1beta/access-tokens", tag = "access tokens", params(Page),
        responses((status = 200, description = "a page of access tokens", body = AccessTokenPage)))]
    fn list_access_tokens() {}

    /// Create an access token
    ///
    /// The answer holds the secret in `token`, the only time it is shown. `workspace_names` defaults to the
    /// workspaces the calling token reaches and may only name those.
    #[utoipa::path(post, path = "/v1beta/access-tokens", tag = "access tokens",
        request_body = CreateAccessToken,
        responses(
            (status = 200, description = "the new token, with its secret", body = AccessToken),
            (status = 400, description = "invalid JSON, a scope other than workspace or workspace:read"),
            (status = 404, description = "a workspace of workspace_names does not exist or the token does not reach it"),
        ))]
    fn create_access_token() {}

    /// Get an access token
    #[utoipa::path(get, path = "/v1beta/access-tokens/{access_token}", tag = "access tokens",
        params(("access_token" = i64, Path, description = "token id")),
        responses(
            (status = 200, description = "the token, without its secret", body = AccessToken),
            (status = 404, description = "no such token"),
        ))]
    fn get_access_token() {}

    /// Delete an access token
    ///
    /// It stops authenticating at once.
    #[utoipa::path(delete, path = "/v1beta/access-tokens/{access_token}", tag = "access tokens",
        params(("access_token" = i64, Path, description = "token id")),
        responses(
            (status = 200, description = "deleted", body = Empty),
            (status = 404, description = "no such token"),
        ))]
    fn delete_access_token() {}

    /// List catalog sources
    ///
    /// 100 a page.
    #[utoipa::path(get, path = "/v1beta/catalog/sources", tag = "catalog", params(Page),
        responses((status = 200, description = "a page of catalog sources", body = CatalogSourcePage)))]
    fn list_catalog_sources() {}

    /// Get a catalog source
    #[utoipa::path(get, path = "/v1beta/catalog/sources/{catalog_source}", tag = "catalog",
        params(("catalog_source" = String, Path, description = "catalog source slug")),
        responses(
            (status = 200, description = "the catalog source", body = CatalogSource),
            (status = 404, description = "not in the catalog"),
        ))]
    fn get_catalog_source() {}

    /// List catalog destinations
    ///
    /// 100 a page.
    #[utoipa::path(get, path = "/v1beta/catalog/destinations", tag = "catalog", params(Page),
        responses((status = 200, description = "a page of catalog destinations", body = CatalogDestinationPage)))]
    fn list_catalog_destinations() {}

    /// Get a catalog destination
    #[utoipa::path(get, path = "/v1beta/catalog/destinations/{catalog_destination}", tag = "catalog",
        params(("catalog_destination" = String, Path, description = "catalog destination slug")),
        responses(
            (status = 200, description = "the catalog destination", body = CatalogDestination),
            (status = 404, description = "not in the catalog"),
        ))]
    fn get_catalog_destination() {}
}

// ---- what the generated document cannot say by itself ----

/// `Authorization: Bearer <token>` on every operation.
fn security(doc: &mut Value) {
    doc["components"]["securitySchemes"] = json!({
        "bearer": {"type": "http", "scheme": "bearer",
                   "description": "an access token; `workspace:read` tokens may only call GET"}
    });
    doc["security"] = json!([{"bearer": []}]);
}

/// The answers of the front door (`router::answer` and `dispatch`), in its order of checks, for every operation,
/// and the body of every error: `ErrorBody` with the code its status travels with.
fn front_door(doc: &mut Value) {
    let mut codes = std::collections::BTreeSet::new();
    for (_, method, op) in operations(doc) {
        let write = method != "get";
        let has_body = op.contains_key("requestBody");
        let mut responses = std::mem::take(op["responses"].as_object_mut().expect("every operation has responses"));
        let mut add = |status: u16, description: &str| {
            responses.entry(status.to_string()).or_insert_with(|| json!({"description": description}));
        };
        add(400, "invalid query string (a parameter given twice)");
        add(401, "missing or unknown bearer token");
        if write {
            add(403, "a write with a `workspace:read` token: `insufficient scope`");
        }
        if has_body {
            add(413, "a request body over 4 MiB");
        }
        add(429, "the token's rate limit is exhausted (200 requests a minute unless `seg serve --rate-limit`)");
        add(500, "internal failure");
        add(503, "the API is down (the emulator answers it only when a fault is injected)");
        for (status, response) in responses.iter_mut() {
            let Some(code) = status.parse().ok().and_then(code_of) else { continue };
            codes.insert(code as i32);
            response["content"] = json!({"application/json": {"schema": {"$ref": error_schema(code as i32)}}});
        }
        if let Some(limited) = responses.get_mut("429") {
            limited["headers"] = json!({"Retry-After": {
                "description": "seconds until the token may call again",
                "required": true,
                "schema": {"type": "integer", "minimum": 1},
            }});
        }
        responses.sort_keys();
        op["responses"] = Value::Object(responses);
    }
    let schemas = &mut doc["components"]["schemas"];
    schemas["ErrorBody"]["additionalProperties"] = json!(false);
    schemas["ErrorBody"]["description"] = json!("Every error: exactly these two keys.");
    for code in codes {
        let name = error_schema(code).rsplit('/').next().expect("a name").to_string();
        schemas[name] = json!({"allOf": [{"$ref": "#/components/schemas/ErrorBody"}],
                               "properties": {"code": {"enum": [code]}}});
    }
}

fn error_schema(code: i32) -> String {
    format!("#/components/schemas/Error{code}")
}

/// The code an error status travels with (413 is the body limit, code 3).
fn code_of(status: u16) -> Option<Code> {
    if status == 413 {
        return Some(Code::InvalidArgument);
    }
    [
        Code::InvalidArgument,
        Code::Unauthenticated,
        Code::PermissionDenied,
        Code::NotFound,
        Code::AlreadyExists,
        Code::ResourceExhausted,
        Code::Internal,
        Code::Unimplemented,
        Code::Unavailable,
    ]
    .into_iter()
    .find(|c| c.http_status() == status)
}

/// Every operation as (path, method, operation object).
fn operations(doc: &mut Value) -> impl Iterator<Item = (String, String, &mut Map<String, Value>)> {
    doc["paths"].as_object_mut().expect("paths").iter_mut().flat_map(|(path, item)| {
        item.as_object_mut()
            .expect("path item")
            .iter_mut()
            .filter_map(move |(method, op)| Some((path.clone(), method.clone(), op.as_object_mut()?)))
    })
}

fn slugs(prefix: &str, names: impl Iterator<Item = String>) -> Vec<String> {
    names.filter_map(|n| n.strip_prefix(prefix).and_then(|s| s.strip_prefix('/')).map(String::from)).collect()
}

/// The rules of path and query parameters, by name.
fn parameters(doc: &mut Value, catalog: &Catalog) {
    let destinations = slugs(DESTINATIONS, catalog.destinations.iter().map(|d| d.name.clone()));
    let sources = slugs(SOURCES, catalog.sources.iter().map(|s| s.name.clone()));
    let rule = |name: &str| -> Value {
        match name {
            "workspace" => json!({"type": "string", "pattern": format!("^{SLUG}$"), "example": "demo"}),
            "source" => json!({"type": "string", "pattern": format!("^{SLUG}$"), "example": "web"}),
            "destination" | "catalog_destination" => json!({"type": "string", "enum": destinations}),
            "catalog_source" => json!({"type": "string", "enum": sources}),
            "tracking_plan" => json!({"type": "string", "pattern": "^rs_[A-Za-z0-9]{27}$"}),
            "regulation" => json!({"type": "string", "pattern": "^[A-Za-z0-9]{27}$"}),
            "access_token" => json!({"type": "integer", "format": "int64", "minimum": 1}),
            "page_size" => json!({"type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE}),
            "page_token" => json!({"type": "string"}),
            other => panic!("no rule for parameter {other}"),
        }
    };
    for (_, _, op) in operations(doc) {
        for param in op.get_mut("parameters").and_then(Value::as_array_mut).into_iter().flatten() {
            let name = param["name"].as_str().expect("parameter name").to_string();
            param["schema"] = rule(&name);
        }
    }
}

fn schema<'d>(doc: &'d mut Value, name: &str) -> &'d mut Value {
    let schema = &mut doc["components"]["schemas"][name];
    assert!(schema.is_object(), "no schema {name}");
    schema
}

/// Sets a property of a component schema; the property must exist.
fn property(doc: &mut Value, name: &str, field: &str, rule: Value) {
    let props = &mut schema(doc, name)["properties"];
    assert!(props[field].is_object(), "no property {name}.{field}");
    props[field] = rule;
}

fn require(doc: &mut Value, name: &str, fields: &[&str]) {
    schema(doc, name)["required"] = json!(fields);
}

fn nullable(rule: Value) -> Value {
    json!({"oneOf": [{"type": "null"}, rule]})
}

/// `^(<collection>/)?<slug>$` as a pattern: the full name, or leniently the bare slug.
fn name_pattern(collection: &str, slug: &str) -> String {
    format!("^({collection}/)?{slug}$")
}

/// The validation rules of request bodies, from the handlers' constants and the catalog.
fn request_rules(doc: &mut Value, catalog: &Catalog) {
    let sources_of_ws = format!("workspaces/{SLUG}/sources");
    // Sources.
    require(doc, "SourceInput", &["name", "catalog_name"]);
    let name = json!({"type": "string", "pattern": name_pattern(&sources_of_ws, SLUG),
                      "description": "the full name under this path's workspace, or the bare slug"});
    property(doc, "SourceInput", "name", name);
    let catalog_names: Vec<&str> = catalog.sources.iter().map(|s| s.name.as_str()).collect();
    property(doc, "SourceInput", "catalog_name", json!({"type": "string", "enum": catalog_names}));
    update_mask(doc, "SourceUpdate", crate::wire::Source::KEY, sources::UPDATABLE);
    // Destinations: one alternative per catalog destination, with its settings and their values.
    let collection = format!("{sources_of_ws}/{SLUG}/destinations");
    let alternatives: Vec<Value> = catalog.destinations.iter().map(|d| destination_input(&collection, d)).collect();
    *schema(doc, "DestinationInput") = json!({"oneOf": alternatives,
        "description": "`name` ends in a catalog destination's slug; `config` names settings of that destination"});
    let any_item: Vec<Value> = catalog.destinations.iter().flat_map(|d| config_items(&collection, d)).collect();
    property(
        doc,
        "DestinationFields",
        "connection_mode",
        nullable(json!({"type": "string", "enum": CONNECTION_MODES})),
    );
    property(doc, "DestinationFields", "config", nullable(json!({"type": "array", "items": {"oneOf": any_item}})));
    update_mask(doc, "DestinationUpdate", crate::wire::Destination::KEY, destinations::UPDATABLE);
    // Tracking plans.
    require(doc, "TrackingPlanInput", &["display_name"]);
    property(doc, "TrackingPlanInput", "display_name", json!({"type": "string", "pattern": "\\S"}));
    property(doc, "TrackingPlanInput", "rules", nullable(rules()));
    property(doc, "TrackingPlanFields", "rules", nullable(rules()));
    update_mask(doc, "TrackingPlanUpdate", crate::wire::TrackingPlan::KEY, tracking_plans::UPDATABLE);
    require(doc, "ConnectSource", &["source_name"]);
    property(
        doc,
        "ConnectSource",
        "source_name",
        json!({"type": "string", "pattern": name_pattern(&sources_of_ws, SLUG)}),
    );
    // Access tokens.
    require(doc, "AccessTokenInput", &["scopes"]);
    let scopes = json!({"type": "string", "enum": [SCOPE_WRITE, SCOPE_READ],
                        "description": "`workspace` reads and writes, `workspace:read` only reads"});
    property(doc, "AccessTokenInput", "scopes", scopes);
    let workspaces = json!({"type": "array", "items": {"type": "string", "pattern": format!("^workspaces/{SLUG}$")},
                            "description": "workspaces the token reaches; none: those of the calling token"});
    property(doc, "AccessTokenInput", "workspace_names", workspaces);
    // Regulations.
    property(doc, "CreateRegulation", "regulation_type", json!({"type": "string", "enum": REGULATION_TYPES}));
    property(doc, "RegulationAttributes", "name", json!({"type": "string", "enum": ["userId"]}));
    let values =
        json!({"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": regulations::MAX_VALUES});
    property(doc, "RegulationAttributes", "values", values);
}

fn destination_input(collection: &str, destination: &CatalogDestination) -> Value {
    let slug = destination.name.rsplit('/').next().unwrap_or_default();
    json!({
        "type": "object",
        "title": slug,
        "required": ["name"],
        "properties": {
            "name": {"type": "string", "pattern": name_pattern(collection, slug)},
            "enabled": nullable(json!({"type": "boolean"})),
            "connection_mode": nullable(json!({"type": "string", "enum": CONNECTION_MODES})),
            "config": nullable(json!({"type": "array", "items": {"oneOf": config_items(collection, destination)}})),
        },
    })
}

/// A config item for each setting of a catalog destination: its name, and for the webhooks settings its value.
fn config_items(collection: &str, destination: &CatalogDestination) -> Vec<Value> {
    let slug = destination.name.rsplit('/').next().unwrap_or_default();
    destination
        .settings
        .iter()
        .map(|setting| {
            let value = match (slug, setting.name.as_str()) {
                ("webhooks", "hooks") => nullable(json!({
                    "type": "array",
                    "maxItems": destinations::MAX_HOOKS,
                    "items": hook(),
                })),
                ("webhooks", _) => nullable(json!({"type": "string"})),
                _ => json!({}),
            };
            json!({
                "type": "object",
                "required": ["name"],
                "properties": {
                    "name": {"type": "string",
                             "pattern": name_pattern(&format!("{collection}/{slug}/config"), &setting.name)},
                    "display_name": {"type": "string"},
                    "value": value,
                    "type": {"type": "string", "description": "lowercase; the catalog's when empty or absent"},
                },
            })
        })
        .collect()
}

/// One webhook URL with its headers (`outbox::header_ok`: HTTP names and values, not the reserved names).
fn hook() -> Value {
    let any_case = |name: &str| -> String {
        name.chars()
            .map(|c| if c.is_ascii_alphabetic() { format!("[{c}{}]", c.to_ascii_uppercase()) } else { c.to_string() })
            .collect()
    };
    let reserved: Vec<String> = outbox::RESERVED_HEADERS.iter().map(|h| any_case(h)).collect();
    let name = format!("^(?!({})$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$", reserved.join("|"));
    let value = "^[^\\u0000-\\u0008\\u000A-\\u001F\\u007F]*$";
    let map = json!({"type": "object", "propertyNames": {"pattern": name},
                     "additionalProperties": {"type": "string", "pattern": value}});
    let list = json!({"type": "array", "items": {"type": "object", "required": ["key", "value"], "properties": {
        "key": {"type": "string", "pattern": name},
        "value": {"type": "string", "pattern": value},
    }}});
    json!({
        "type": "object",
        "required": ["hook"],
        "properties": {
            "hook": {"type": "string", "pattern": "^https?://"},
            "headers": {"oneOf": [{"type": "null"}, map, list]},
        },
    })
}

/// A tracking plan's rules (`tracking_plans::normalize_rules`).
fn rules() -> Value {
    json!({
        "type": "object",
        "properties": {
            "events": {"type": "array", "items": {"type": "object"},
                       "description": "`{name, description, version, rules}` objects, kept as sent"},
            "global": {"type": "object"},
            "identify": {"type": "object"},
            "group": {"type": "object"},
            "identify_traits": {"type": "array"},
            "group_traits": {"type": "array"},
        },
    })
}

/// The mask of an Update body: `{"paths": [...]}` or one comma-separated string, of the updatable paths.
fn update_mask(doc: &mut Value, body: &str, key: &str, updatable: &[&str]) {
    let paths: Vec<String> = updatable.iter().map(|p| format!("{key}.{p}")).collect();
    let one = paths.iter().map(|p| p.replace('.', "\\.")).collect::<Vec<_>>().join("|");
    let mask = json!({"oneOf": [
        {"type": "null"},
        {"type": "object", "properties": {"paths": nullable(json!({
            "type": "array", "items": {"type": "string", "enum": paths},
        }))}},
        {"type": "string", "pattern": format!("^(({one})(,({one}))*)?$"),
         "description": "the protobuf JSON form of a FieldMask: paths joined by commas"},
    ]});
    property(doc, body, "update_mask", mask);
}

/// Schemas no operation refers to any more, once [`request_rules`] has replaced what referred to them.
fn drop_unused_schemas(doc: &mut Value) {
    loop {
        let text = doc.to_string();
        let schemas = doc["components"]["schemas"].as_object_mut().expect("schemas");
        let unused: Vec<String> = schemas
            .keys()
            .filter(|name| !text.contains(&format!("\"#/components/schemas/{name}\"")))
            .cloned()
            .collect();
        if unused.is_empty() {
            return;
        }
        for name in unused {
            schemas.remove(&name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::wrapper;

    #[test]
    fn the_document_builds_and_names_every_operation_once() {
        let doc = document(&Catalog::builtin());
        assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
        let mut ids = std::collections::BTreeSet::new();
        let mut count = 0;
        for (path, item) in doc["paths"].as_object().unwrap() {
            assert!(path.starts_with(&format!("/{}/", crate::emulator::VERSION)), "{path}");
            for op in item.as_object().unwrap().values() {
                count += 1;
                assert!(ids.insert(op["operationId"].as_str().unwrap().to_string()));
            }
        }
        assert_eq!(count, 34);
    }

    #[test]
    fn list_wrappers_are_the_handlers_keys() {
        let doc = document(&Catalog::builtin());
        let schemas = &doc["components"]["schemas"];
        for (page, key) in [
            ("WorkspacePage", wrapper::WORKSPACES),
            ("SourcePage", wrapper::SOURCES),
            ("DestinationPage", wrapper::DESTINATIONS),
            ("TrackingPlanPage", wrapper::TRACKING_PLANS),
            ("ConnectionPage", wrapper::CONNECTIONS),
            ("RegulationPage", wrapper::REGULATIONS),
            ("AccessTokenPage", wrapper::ACCESS_TOKENS),
            ("CatalogSourcePage", wrapper::SOURCES),
            ("CatalogDestinationPage", wrapper::DESTINATIONS),
        ] {
            let props = schemas[page]["properties"].as_object().unwrap();
            assert!(props.contains_key(key) && props.contains_key(wrapper::NEXT_PAGE_TOKEN), "{page}");
        }
    }
}
