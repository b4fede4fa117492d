//! The Public API's front door (docs/reference/public-api.md), at the root paths behind the gate both APIs share: its
//! routes, its `{"data": ..}` answers and `{"errors": [..]}` refusals, cursor paging in every encoding the SDKs send,
//! and the records of the one store rendered in its shapes (`render`). Every write goes through the model, as the
//! Config API's do, so a resource made through either API is the same record seen through the other. The token names
//! the workspace (`model::workspace_of`); ids are the store's (`State::name_of_id`), an id of another workspace as
//! unknown as one that never was.

mod audit;
mod catalog;
mod delivery;
mod destinations;
#[cfg(test)]
pub mod doc;
mod filters;
mod functions;
mod iam;
mod labels;
pub mod openapi;
mod plans;
mod profiles;
mod query;
mod regulations;
mod render;
mod reverse_etl;
mod sources;
mod subscriptions;
mod transformations;
mod usage;
mod warehouses;
mod workspace;

use std::sync::{Arc, OnceLock};

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodFilter, MethodRouter};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::App;
use super::gate::{self, Received, WriteScope};
use super::model::{self, Tx};
use super::routes::route;
use super::status::Status;
use super::store::State;
use crate::wire::public::{Envelope, PaginationOutput, StatusOnly};

/// A refusal in the Public API's shape.
#[derive(Debug)]
pub struct Problem(pub Status);

impl From<Status> for Problem {
    fn from(status: Status) -> Problem {
        Problem(status)
    }
}

impl IntoResponse for Problem {
    fn into_response(self) -> Response {
        self.0.public_response()
    }
}

pub type Reply = Result<Response, Problem>;

/// `200 {"data": value}`.
fn data<T: Serialize>(value: T) -> Reply {
    Ok(axum::Json(Envelope { data: value }).into_response())
}

/// `201 {"data": value}`: `createSource`, `createLabel` and `createInvites` (docs/reference/public-api.md, "Status").
fn created<T: Serialize>(value: T) -> Reply {
    Ok((StatusCode::CREATED, axum::Json(Envelope { data: value })).into_response())
}

/// `200 {"data": {"status": "SUCCESS"}}`.
fn success() -> Reply {
    data(StatusOnly::success())
}

/// The caller the gate authenticated, and the workspace its token acts on.
pub struct Caller {
    pub caller: gate::Caller,
}

impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = Problem;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Problem> {
        let caller = parts.extensions.get::<gate::Caller>().cloned();
        Ok(Caller { caller: caller.ok_or_else(|| Status::internal("the request has no caller"))? })
    }
}

impl Caller {
    /// The workspace the token acts on, in a state.
    fn workspace(&self, state: &State) -> Result<String, Problem> {
        Ok(model::workspace_of(state, &self.caller)?)
    }
}

/// A caller whose token may write: 403 `forbidden` for a read-only token, before the body is read.
pub struct Write(WriteScope);

impl<S: Send + Sync> FromRequestParts<S> for Write {
    type Rejection = Problem;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Problem> {
        Ok(Write(WriteScope::of(parts)?))
    }
}

impl Write {
    /// Waits for the writers' turn.
    async fn begin(self, app: &Arc<App>) -> Tx {
        Tx::begin(app, self.0).await
    }
}

/// `delete<Resource>`: the record of this kind with this id in the token's workspace (404 when there is none) goes,
/// with everything under it.
async fn remove(app: &Arc<App>, write: Write, kind: &model::Kind, id: &str) -> Reply {
    let tx = write.begin(app).await;
    let name = kind.of(&tx.state(), tx.caller(), id)?;
    tx.commit(vec![super::store::Op::RemoveTree(name)]).await?;
    success()
}

/// The ids of a path, each a segment as sent.
pub struct Ids<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Ids<T> {
    type Rejection = Problem;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Problem> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(ids)) => Ok(Ids(ids)),
            Err(rejection) => Err(Status::not_found(rejection.body_text()).into()),
        }
    }
}

/// The query of a request, decoded (`query::Query`).
pub struct Query(pub query::Query);

impl<S: Send + Sync> FromRequestParts<S> for Query {
    type Rejection = Problem;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Problem> {
        Ok(Query(query::Query::of(parts.uri.query())))
    }
}

/// A request body as it came (the gate has read it whole, within 2 MiB), read as JSON by the handler once the ids
/// of its path are known, so that an unknown id is 404 before a bad body is 400 or 422.
pub struct Body(bytes::Bytes);

impl<S: Send + Sync> FromRequest<S> for Body {
    type Rejection = Problem;

    async fn from_request(request: Request, _: &S) -> Result<Self, Problem> {
        let bytes = axum::body::to_bytes(request.into_body(), super::body::MAX_PUBLIC_BODY)
            .await
            .map_err(|e| Status::malformed(format!("cannot read the request body: {e}")))?;
        Ok(Body(bytes))
    }
}

impl Body {
    /// The body as `T`: 400 `bad-request` when it is not JSON, 422 `input-validation` naming the field (a dotted
    /// path, list indexes included: `rules.0.version`) when it is JSON of another shape (a required field missing, a
    /// wrong type, an unknown enum value, a list where an object belongs). Unknown fields are ignored.
    fn json<T: DeserializeOwned + Serialize>(&self) -> Result<T, Problem> {
        // Read as JSON with the one depth limit of every body (400 when it is not JSON, or too deep).
        let value: serde_json::Value = super::body::json(&self.0)?;
        if !value.is_object() {
            return Err(Status::malformed("the request body must be a JSON object").into());
        }
        let read: T = serde_path_to_error::deserialize(&value).map_err(|e| {
            use serde_path_to_error::Segment;
            let mut path: Vec<String> = (e.path().iter())
                .filter_map(|segment| match segment {
                    Segment::Seq { index } => Some(index.to_string()),
                    Segment::Map { key } => Some(key.clone()),
                    Segment::Enum { variant } => Some(variant.clone()),
                    Segment::Unknown => None,
                })
                .collect();
            let inner = e.into_inner().to_string();
            // serde names a missing field in its message, not in the path.
            if let Some(missing) = inner.strip_prefix("missing field `").and_then(|rest| rest.split('`').next()) {
                path.push(missing.to_string());
            }
            Problem(Status::invalid_field(path.join("."), format!("invalid body: {inner}")))
        })?;
        // serde reads a struct from a list of its fields' values too (`"group": [true]`): what it read as an object
        // must have been one.
        let written = serde_json::to_value(&read).map_err(|e| Status::internal(e.to_string()))?;
        if let Some(field) = not_an_object(&value, &written, &mut Vec::new()) {
            return Err(Status::invalid_field(field, "invalid body: expected an object").into());
        }
        Ok(read)
    }
}

/// The first place where `read` (a body as read and written back) has an object and `given` (the body as sent)
/// has none, as a dotted path.
fn not_an_object(given: &serde_json::Value, read: &serde_json::Value, at: &mut Vec<String>) -> Option<String> {
    use serde_json::Value;
    let mut inside = |key: String, given: &Value, read: &Value| {
        at.push(key);
        let found = not_an_object(given, read, at);
        at.pop();
        found
    };
    match (given, read) {
        (Value::Object(given), Value::Object(read)) => {
            read.iter().find_map(|(key, read)| inside(key.clone(), given.get(key)?, read))
        }
        (Value::Array(given), Value::Array(read)) => {
            given.iter().zip(read).enumerate().find_map(|(n, (given, read))| inside(n.to_string(), given, read))
        }
        (_, Value::Object(_)) => Some(at.join(".")),
        _ => None,
    }
}

/// A page of a list: the items of `all` from the page's offset, and the `pagination` beside them.
fn page<T: Clone>(all: &[T], page: query::Page) -> (Vec<T>, PaginationOutput) {
    page_of(all.len(), page, |start, count| all[start..start + count].to_vec())
}

/// A page of a list of `total` items, `take(start, count)` giving the page's items (they exist): a large collection
/// is paged without reading what comes before or after more than it must.
fn page_of<T>(
    total: usize,
    page: query::Page,
    take: impl FnOnce(usize, usize) -> Vec<T>,
) -> (Vec<T>, PaginationOutput) {
    let start = page.offset.min(total);
    let end = start.saturating_add(page.count).min(total);
    let pagination = PaginationOutput {
        current: query::cursor(page.offset),
        next: (end < total).then(|| query::cursor(end)),
        previous: (page.offset > 0).then(|| query::cursor(page.offset.saturating_sub(page.count))),
        total_entries: Some(total as u64),
    };
    (take(start, end - start), pagination)
}

/// The route table: one entry per path, naming the handlers of its methods, each named after the SDK's operation
/// (`list_sources` is `listSources`). `$entry` turns an entry into a route: [`route!`] at run time, utoipa-axum's
/// `routes!` where the document is described (tests).
macro_rules! table {
    ($entry:ident $(, $context:ident)?) => {{
        use $crate::emulator::public::{
            catalog, destinations, filters, labels, plans, regulations, sources, subscriptions, workspace,
        };
        use $crate::emulator::public::{
            audit, delivery, functions, iam, profiles, reverse_etl, transformations, usage, warehouses,
        };
        vec![
            $entry!($($context:)? workspace::get_workspace),
            $entry!($($context:)? sources::list_sources, sources::create_source),
            $entry!($($context:)? sources::get_source, sources::update_source, sources::delete_source),
            $entry!($($context:)? destinations::list_connected_destinations_from_source),
            $entry!($($context:)? sources::list_schema_settings_in_source, sources::update_schema_settings_in_source),
            $entry!($($context:)? labels::add_labels_to_source, labels::replace_labels_in_source),
            $entry!($($context:)? labels::list_labels, labels::create_label),
            $entry!($($context:)? labels::delete_label),
            $entry!($($context:)? destinations::list_destinations, destinations::create_destination),
            $entry!($($context:)?
                destinations::get_destination,
                destinations::update_destination,
                destinations::delete_destination
            ),
            $entry!($($context:)? filters::list_filters_from_destination, filters::create_filter_for_destination),
            $entry!($($context:)?
                filters::get_filter_in_destination,
                filters::update_filter_for_destination,
                filters::remove_filter_from_destination
            ),
            $entry!($($context:)?
                subscriptions::list_subscriptions_from_destination,
                subscriptions::create_destination_subscription
            ),
            $entry!($($context:)?
                subscriptions::get_subscription_from_destination,
                subscriptions::update_subscription_for_destination,
                subscriptions::remove_subscription_from_destination
            ),
            $entry!($($context:)? plans::list_tracking_plans, plans::create_tracking_plan),
            $entry!($($context:)? plans::get_tracking_plan, plans::update_tracking_plan, plans::delete_tracking_plan),
            $entry!($($context:)?
                plans::list_rules_from_tracking_plan,
                plans::replace_rules_in_tracking_plan,
                plans::update_rules_in_tracking_plan,
                plans::remove_rules_from_tracking_plan
            ),
            $entry!($($context:)?
                plans::list_sources_from_tracking_plan,
                plans::add_source_to_tracking_plan,
                plans::remove_source_from_tracking_plan
            ),
            $entry!($($context:)? catalog::get_sources_catalog),
            $entry!($($context:)? catalog::get_source_metadata),
            $entry!($($context:)? catalog::get_destinations_catalog),
            $entry!($($context:)? catalog::get_destination_metadata),
            $entry!($($context:)? regulations::list_workspace_regulations, regulations::create_workspace_regulation),
            $entry!($($context:)? regulations::get_regulation, regulations::delete_regulation),
            $entry!($($context:)? regulations::list_regulations_from_source, regulations::create_source_regulation),
            // Warehouses, reverse ETL models, transformations, spaces and profiles warehouses.
            $entry!($($context:)? warehouses::list_warehouses, warehouses::create_warehouse),
            $entry!($($context:)?
                warehouses::get_warehouse,
                warehouses::update_warehouse,
                warehouses::delete_warehouse
            ),
            $entry!($($context:)? warehouses::create_validation_in_warehouse),
            $entry!($($context:)? warehouses::get_connection_state_from_warehouse),
            $entry!($($context:)? warehouses::list_connected_sources_from_warehouse),
            $entry!($($context:)?
                warehouses::add_connection_from_source_to_warehouse,
                warehouses::remove_source_connection_from_warehouse
            ),
            $entry!($($context:)? warehouses::list_connected_warehouses_from_source),
            $entry!($($context:)? warehouses::get_warehouses_catalog),
            $entry!($($context:)? warehouses::get_warehouse_metadata),
            $entry!($($context:)? reverse_etl::list_reverse_etl_models, reverse_etl::create_reverse_etl_model),
            $entry!($($context:)?
                reverse_etl::get_reverse_etl_model,
                reverse_etl::update_reverse_etl_model,
                reverse_etl::delete_reverse_etl_model
            ),
            $entry!($($context:)? reverse_etl::create_reverse_e_t_l_manual_sync),
            $entry!($($context:)? reverse_etl::get_reverse_e_t_l_sync_from_model),
            $entry!($($context:)? transformations::list_transformations, transformations::create_transformation),
            $entry!($($context:)?
                transformations::get_transformation,
                transformations::update_transformation,
                transformations::delete_transformation
            ),
            $entry!($($context:)? profiles::list_spaces),
            $entry!($($context:)? profiles::get_space),
            $entry!($($context:)?
                profiles::list_profiles_warehouse_in_space,
                profiles::create_profiles_warehouse
            ),
            $entry!($($context:)?
                profiles::update_profiles_warehouse_for_space_warehouse,
                profiles::remove_profiles_warehouse_from_space
            ),
            // Functions, IAM (users, invites, user groups, roles) and the audit trail.
            $entry!($($context:)? functions::list_functions, functions::create_function),
            $entry!($($context:)?
                functions::get_function,
                functions::update_function,
                functions::delete_function
            ),
            $entry!($($context:)? functions::list_function_versions, functions::restore_function_version),
            $entry!($($context:)? functions::get_function_version),
            $entry!($($context:)? functions::create_function_deployment),
            $entry!($($context:)?
                functions::list_insert_function_instances,
                functions::create_insert_function_instance
            ),
            $entry!($($context:)?
                functions::get_insert_function_instance,
                functions::update_insert_function_instance,
                functions::delete_insert_function_instance
            ),
            $entry!($($context:)? iam::list_users, iam::delete_users),
            $entry!($($context:)? iam::get_user),
            $entry!($($context:)? iam::list_user_groups_from_user),
            $entry!($($context:)? iam::replace_permissions_for_user, iam::add_permissions_to_user),
            $entry!($($context:)? iam::list_invites, iam::create_invites, iam::delete_invites),
            $entry!($($context:)? iam::list_user_groups, iam::create_user_group),
            $entry!($($context:)? iam::get_user_group, iam::update_user_group, iam::delete_user_group),
            $entry!($($context:)? iam::list_users_from_user_group, iam::add_users_to_user_group),
            $entry!($($context:)? iam::replace_users_in_user_group, iam::remove_users_from_user_group),
            $entry!($($context:)? iam::list_invites_from_user_group),
            $entry!($($context:)? iam::replace_permissions_for_user_group, iam::add_permissions_to_user_group),
            $entry!($($context:)? iam::list_roles),
            $entry!($($context:)? audit::list_audit_events),
            // Delivery overview and usage reads (delivery.rs, usage.rs).
            $entry!($($context:)? delivery::get_egress_failed_metrics_from_delivery_overview),
            $entry!($($context:)? delivery::get_egress_success_metrics_from_delivery_overview),
            $entry!($($context:)? delivery::get_filtered_at_destination_metrics_from_delivery_overview),
            $entry!($($context:)? delivery::get_filtered_at_source_metrics_from_delivery_overview),
            $entry!($($context:)? delivery::get_ingress_failed_metrics_from_delivery_overview),
            $entry!($($context:)? delivery::get_ingress_success_metrics_from_delivery_overview),
            $entry!($($context:)? usage::get_daily_per_source_api_calls_usage),
            $entry!($($context:)? usage::get_daily_workspace_api_calls_usage),
            $entry!($($context:)? usage::get_daily_per_source_mtu_usage),
            $entry!($($context:)? usage::get_daily_workspace_mtu_usage),
        ]
    }};
}
#[cfg(test)]
pub(super) use table;

/// The documented path and method of a handler's operation, for [`route!`].
fn place(places: &[(String, String, String)], handler: &str) -> (String, MethodFilter) {
    super::routes::place(places, &openapi::operation_id(handler), "src/emulator/public/openapi.json")
}

/// The served routes, built once per process: the table at the document's paths; any other path or method is 404
/// `not-found` (the Public API answers no 405 or 501). axum answers HEAD with a path's GET handler; the API has no
/// HEAD, so it is a method the path lacks.
pub fn served() -> axum::Router<Arc<App>> {
    static SERVED: OnceLock<axum::Router<Arc<App>>> = OnceLock::new();
    SERVED.get_or_init(routes).clone()
}

fn routes() -> axum::Router<Arc<App>> {
    let places = &openapi::operations();
    let table: Vec<(String, MethodRouter<Arc<App>>)> = table!(route, places);
    let routes = table.into_iter().fold(axum::Router::new(), |routes, (path, methods)| {
        routes.route(&path, methods.head(not_found).fallback(not_found))
    });
    routes.fallback(not_found)
}

/// An unknown route or method: 404 `not-found`, naming the SDK's operation when the method and path are one of
/// those the emulator does not serve (`wire::operations`; docs/reference/coverage.md lists them); a path the SDK's
/// templates give a served operation is no such operation.
async fn not_found(request: Request) -> Response {
    let received = request.extensions().get::<Received>().cloned();
    let received = received.unwrap_or_else(|| Received::of(request.method(), request.uri()));
    // A served operation's template can match too (`GET /warehouses/validation` is `getWarehouse`'s shape, while the
    // path is `createValidationInWarehouse`'s): only an operation the emulator lacks is named.
    static SERVED_IDS: OnceLock<std::collections::HashSet<String>> = OnceLock::new();
    let served = SERVED_IDS.get_or_init(|| openapi::operations().into_iter().map(|(id, ..)| id).collect());
    let message = match crate::wire::operations::of(received.method.as_str(), &received.path) {
        Some(op) if !served.contains(op.operation) => {
            format!("seg serve does not serve {} ({} {}): see {COVERAGE}", op.operation, op.method, op.path)
        }
        _ => format!("no such operation: {} {}", received.method, received.shown()),
    };
    Status::not_found(message).public_response()
}

/// The table of the operations the emulator serves, which an unserved one's 404 points at.
pub const COVERAGE: &str = "docs/reference/coverage.md";

#[cfg(test)]
mod tests {
    use super::*;

    /// Each entry is served at the one path its handlers' attributes describe, each handler at its documented
    /// method under its operation id: what the checked-in document says is what `routes!` reads from the
    /// attributes, and every documented operation is routed.
    #[test]
    fn each_entry_of_the_table_is_served_where_its_attributes_say() {
        use utoipa_axum::routes;
        let places = &openapi::operations();
        let documented = table!(routes);
        let served: Vec<(String, MethodRouter<Arc<App>>)> = table!(route, places);
        assert_eq!(documented.len(), served.len());
        let mut operations = 0;
        for ((_, paths, _), (path, _)) in documented.iter().zip(&served) {
            let (documented_path, item) = paths.paths.iter().next().expect("an entry has a path");
            assert_eq!(paths.paths.len(), 1);
            assert_eq!(documented_path, path);
            let item = serde_json::to_value(item).unwrap();
            for (method, op) in item.as_object().unwrap().iter().filter(|(_, op)| op.get("operationId").is_some()) {
                operations += 1;
                let id = openapi::operation_id(op["operationId"].as_str().unwrap());
                let place = (id, path.clone(), method.clone());
                assert!(places.contains(&place), "{place:?}");
            }
        }
        assert_eq!(operations, places.len());
    }
}
