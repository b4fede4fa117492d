//! The Public API's front door (PUBLIC-API.md), at the root paths behind the gate both APIs share: its routes, its
//! `{"data": ..}` answers and `{"errors": [..]}` refusals, cursor paging in every encoding the SDKs send, and the
//! records of the one store rendered in its shapes (`render`). Every write goes through the model, as the Config
//! API's do, so a resource made through either API is the same record seen through the other. The token names the
//! workspace (`model::workspace_of`); ids are the store's (`State::name_of_id`), an id of another workspace as
//! unknown as one that never was.

mod catalog;
mod destinations;
mod filters;
mod labels;
mod plans;
mod query;
mod regulations;
mod render;
mod sources;
mod workspace;

use std::sync::{Arc, OnceLock};

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::App;
use super::gate::{self, Received, WriteScope};
use super::model::{self, Tx};
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

/// `201 {"data": value}`: `createSource` and `createLabel` (PUBLIC-API.md, "Status").
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
    /// The body as `T`: 400 `bad-request` when it is not JSON, 422 `input-validation` naming the field when it is
    /// JSON of another shape (a required field missing, a wrong type, an unknown enum value). Unknown fields are
    /// ignored.
    fn json<T: DeserializeOwned>(&self) -> Result<T, Problem> {
        // Read as JSON with the one depth limit of every body (400 when it is not JSON, or too deep).
        let value: serde_json::Value = super::body::json(&self.0)?;
        if !value.is_object() {
            return Err(Status::malformed("the request body must be a JSON object").into());
        }
        serde_path_to_error::deserialize(value).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner().to_string();
            // serde names a missing field in its message, not in the path.
            let field = match inner.strip_prefix("missing field `").and_then(|rest| rest.split('`').next()) {
                Some(missing) if path == "." => missing.to_string(),
                Some(missing) => format!("{path}.{missing}"),
                None => path,
            };
            Problem(Status::invalid_field(field.trim_start_matches('.'), format!("invalid body: {inner}")))
        })
    }
}

/// A page of a list: the items of `all` from the page's offset, and the `pagination` beside them.
fn page<T: Clone>(all: &[T], page: query::Page) -> (Vec<T>, PaginationOutput) {
    let start = page.offset.min(all.len());
    let end = start.saturating_add(page.count).min(all.len());
    let pagination = PaginationOutput {
        current: query::cursor(page.offset),
        next: (end < all.len()).then(|| query::cursor(end)),
        previous: (page.offset > 0).then(|| query::cursor(page.offset.saturating_sub(page.count))),
        total_entries: Some(all.len() as u64),
    };
    (all[start..end].to_vec(), pagination)
}

/// The served routes, built once per process: each operation of PUBLIC-API.md at its path and method; any other
/// path or method is 404 `not-found` (the Public API answers no 405 or 501).
pub fn served() -> axum::Router<Arc<App>> {
    static SERVED: OnceLock<axum::Router<Arc<App>>> = OnceLock::new();
    SERVED.get_or_init(routes).clone()
}

fn routes() -> axum::Router<Arc<App>> {
    let route = |router: axum::Router<Arc<App>>, path: &str, methods: MethodRouter<Arc<App>>| {
        router.route(path, methods.fallback(not_found))
    };
    let mut router = axum::Router::new();
    for (path, methods) in [
        ("/", get(workspace::get_workspace)),
        ("/sources", get(sources::list_sources).post(sources::create_source)),
        ("/sources/{source}", get(sources::get_source).patch(sources::update_source).delete(sources::delete_source)),
        ("/sources/{source}/connected-destinations", get(destinations::list_connected_destinations)),
        ("/sources/{source}/settings", get(sources::get_schema_settings).patch(sources::update_schema_settings)),
        ("/sources/{source}/labels", axum::routing::post(labels::add_labels).put(labels::replace_labels)),
        ("/labels", get(labels::list_labels).post(labels::create_label)),
        ("/labels/{key}/{value}", axum::routing::delete(labels::delete_label)),
        ("/destinations", get(destinations::list_destinations).post(destinations::create_destination)),
        (
            "/destinations/{destination}",
            get(destinations::get_destination)
                .patch(destinations::update_destination)
                .delete(destinations::delete_destination),
        ),
        ("/destination/{destination}/filters", get(filters::list_filters).post(filters::create_filter)),
        (
            "/destination/{destination}/filters/{filter}",
            get(filters::get_filter).patch(filters::update_filter).delete(filters::remove_filter),
        ),
        ("/tracking-plans", get(plans::list_plans).post(plans::create_plan)),
        ("/tracking-plans/{plan}", get(plans::get_plan).patch(plans::update_plan).delete(plans::delete_plan)),
        (
            "/tracking-plans/{plan}/rules",
            get(plans::list_rules).put(plans::replace_rules).patch(plans::update_rules).delete(plans::remove_rules),
        ),
        (
            "/tracking-plans/{plan}/sources",
            get(plans::list_plan_sources).post(plans::add_source).delete(plans::remove_source),
        ),
        ("/catalog/sources", get(catalog::list_catalog_sources)),
        ("/catalog/sources/{id}", get(catalog::get_catalog_source)),
        ("/catalog/destinations", get(catalog::list_catalog_destinations)),
        ("/catalog/destinations/{id}", get(catalog::get_catalog_destination)),
        ("/regulations", get(regulations::list_regulations).post(regulations::create_regulation)),
        ("/regulations/{regulation}", get(regulations::get_regulation).delete(regulations::delete_regulation)),
        (
            "/regulations/sources/{source}",
            get(regulations::list_source_regulations).post(regulations::create_source_regulation),
        ),
    ] {
        router = route(router, path, methods);
    }
    router.fallback(not_found)
}

/// An unknown route or method: 404 `not-found`.
async fn not_found(request: Request) -> Response {
    let received = request.extensions().get::<Received>().cloned();
    let received = received.unwrap_or_else(|| Received::of(request.method(), request.uri()));
    Status::not_found(format!("no such operation: {} {}", received.method, received.shown())).public_response()
}
