//! The Config API's methods: one `async fn` per operation, one file per resource, each carrying its own
//! `#[utoipa::path]`. Handlers take typed extractors: the state, the caller or the write scope, the path's names,
//! the paging query, the JSON body. A read takes a brief read lock on the store; a write takes the writers' turn
//! ([`Tx`]), checks, and commits; it returns the response body or a [`Status`].

pub mod access_tokens;
pub mod catalog;
pub mod destinations;
pub mod filters;
pub mod regulations;
pub mod schema_config;
pub mod sources;
pub mod tracking_plans;
pub mod workspaces;

use std::sync::Arc;

use axum::Json;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;
#[cfg(test)]
use utoipa::IntoParams;

use super::paging::{PageBody, PageQuery};
use crate::emulator::App;
use crate::emulator::gate::Caller;
use crate::emulator::status::Status;
use crate::emulator::store::{Resource, State};

pub type Reply = Result<Response, Status>;

// ---- the names of a path ----

/// axum's `Path`, answering this API's `{"error", "code"}` when the names cannot be read. The front door escapes
/// the path it routes, so each name is exactly the segment the client sent.
pub struct Path<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = Status;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Status> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(names)) => Ok(Path(names)),
            Err(rejection) => Err(Status::invalid(rejection.body_text())),
        }
    }
}

// Workspace and source slugs follow `valid_slug`, whose pattern is `openapi::SLUG` (attributes take only literals;
// `openapi::tests` checks that they agree).

/// `/workspaces/{workspace}`
#[derive(Debug, serde::Deserialize)]
#[cfg_attr(test, derive(IntoParams))]
#[cfg_attr(test, into_params(parameter_in = Path))]
pub struct WorkspacePath {
    /// workspace slug
    #[cfg_attr(test, param(pattern = "^[a-z0-9][a-z0-9_-]{0,254}$", example = "demo"))]
    pub workspace: String,
}

/// `/workspaces/{workspace}/sources/{source}`
#[derive(Debug, serde::Deserialize)]
#[cfg_attr(test, derive(IntoParams))]
#[cfg_attr(test, into_params(parameter_in = Path))]
pub struct SourcePath {
    /// workspace slug
    #[cfg_attr(test, param(pattern = "^[a-z0-9][a-z0-9_-]{0,254}$", example = "demo"))]
    pub workspace: String,
    /// source slug
    #[cfg_attr(test, param(pattern = "^[a-z0-9][a-z0-9_-]{0,254}$", example = "web"))]
    pub source: String,
}

/// `/workspaces/{workspace}/sources/{source}/destinations/{destination}`; the destination's values are the
/// catalog's (`openapi::CatalogRules`).
#[derive(Debug, serde::Deserialize)]
#[cfg_attr(test, derive(IntoParams))]
#[cfg_attr(test, into_params(parameter_in = Path))]
pub struct DestinationPath {
    /// workspace slug
    #[cfg_attr(test, param(pattern = "^[a-z0-9][a-z0-9_-]{0,254}$", example = "demo"))]
    pub workspace: String,
    /// source slug
    #[cfg_attr(test, param(pattern = "^[a-z0-9][a-z0-9_-]{0,254}$", example = "web"))]
    pub source: String,
    /// destination slug (a catalog destination)
    pub destination: String,
}

/// `.../destinations/{destination}/filters/{filter}`
#[derive(Debug, serde::Deserialize)]
#[cfg_attr(test, derive(IntoParams))]
#[cfg_attr(test, into_params(parameter_in = Path))]
pub struct FilterPath {
    /// workspace slug
    #[cfg_attr(test, param(pattern = "^[a-z0-9][a-z0-9_-]{0,254}$", example = "demo"))]
    pub workspace: String,
    /// source slug
    #[cfg_attr(test, param(pattern = "^[a-z0-9][a-z0-9_-]{0,254}$", example = "web"))]
    pub source: String,
    /// destination slug (a catalog destination)
    pub destination: String,
    /// filter id (22 letters and digits after `df_`; 27 in data files of earlier versions)
    #[cfg_attr(test, param(pattern = "^df_([A-Za-z0-9]{22}|[A-Za-z0-9]{27})$"))]
    pub filter: String,
}

/// `.../destinations/{destination}/config/{config}/filters/{filter}`: the form of a filter's name the service was
/// seen answering in 2022 (docs/reference/config-api.md); served as the same filter.
#[derive(Debug, serde::Deserialize)]
#[cfg_attr(test, derive(IntoParams))]
#[cfg_attr(test, into_params(parameter_in = Path))]
pub struct ConfigFilterPath {
    /// workspace slug
    #[cfg_attr(test, param(pattern = "^[a-z0-9][a-z0-9_-]{0,254}$", example = "demo"))]
    pub workspace: String,
    /// source slug
    #[cfg_attr(test, param(pattern = "^[a-z0-9][a-z0-9_-]{0,254}$", example = "web"))]
    pub source: String,
    /// destination slug (a catalog destination)
    pub destination: String,
    /// the destination's config id (any value: not checked)
    #[allow(dead_code)]
    pub config: String,
    /// filter id (22 letters and digits after `df_`; 27 in data files of earlier versions)
    #[cfg_attr(test, param(pattern = "^df_([A-Za-z0-9]{22}|[A-Za-z0-9]{27})$"))]
    pub filter: String,
}

impl From<ConfigFilterPath> for FilterPath {
    fn from(p: ConfigFilterPath) -> FilterPath {
        FilterPath { workspace: p.workspace, source: p.source, destination: p.destination, filter: p.filter }
    }
}

/// `/workspaces/{workspace}/tracking-plans/{tracking_plan}`
#[derive(Debug, serde::Deserialize)]
#[cfg_attr(test, derive(IntoParams))]
#[cfg_attr(test, into_params(parameter_in = Path))]
pub struct PlanPath {
    /// workspace slug
    #[cfg_attr(test, param(pattern = "^[a-z0-9][a-z0-9_-]{0,254}$", example = "demo"))]
    pub workspace: String,
    /// plan id
    #[cfg_attr(test, param(pattern = "^rs_[A-Za-z0-9]{27}$"))]
    pub tracking_plan: String,
}

/// `/workspaces/{workspace}/tracking-plans/{tracking_plan}/source-connections/{source}`
#[derive(Debug, serde::Deserialize)]
#[cfg_attr(test, derive(IntoParams))]
#[cfg_attr(test, into_params(parameter_in = Path))]
pub struct ConnectionPath {
    /// workspace slug
    #[cfg_attr(test, param(pattern = "^[a-z0-9][a-z0-9_-]{0,254}$", example = "demo"))]
    pub workspace: String,
    /// plan id
    #[cfg_attr(test, param(pattern = "^rs_[A-Za-z0-9]{27}$"))]
    pub tracking_plan: String,
    /// source slug
    #[cfg_attr(test, param(pattern = "^[a-z0-9][a-z0-9_-]{0,254}$", example = "web"))]
    pub source: String,
}

/// `/workspaces/{workspace}/regulations/{regulation}`
#[derive(Debug, serde::Deserialize)]
#[cfg_attr(test, derive(IntoParams))]
#[cfg_attr(test, into_params(parameter_in = Path))]
pub struct RegulationPath {
    /// workspace slug
    #[cfg_attr(test, param(pattern = "^[a-z0-9][a-z0-9_-]{0,254}$", example = "demo"))]
    pub workspace: String,
    /// regulation id
    #[cfg_attr(test, param(pattern = "^[A-Za-z0-9]{27}$"))]
    pub regulation: String,
}

/// `/access-tokens/{access_token}`: read as text, so a name that is no number is 404 like any missing token.
#[derive(Debug, serde::Deserialize)]
#[cfg_attr(test, derive(IntoParams))]
#[cfg_attr(test, into_params(parameter_in = Path))]
pub struct TokenPath {
    /// token id
    #[cfg_attr(test, param(value_type = i64, minimum = 1))]
    pub access_token: String,
}

/// `/catalog/sources/{catalog_source}`; its values are the catalog's (`openapi::CatalogRules`).
#[derive(Debug, serde::Deserialize)]
#[cfg_attr(test, derive(IntoParams))]
#[cfg_attr(test, into_params(parameter_in = Path))]
pub struct CatalogSourcePath {
    /// catalog source slug
    pub catalog_source: String,
}

/// `/catalog/destinations/{catalog_destination}`; its values are the catalog's (`openapi::CatalogRules`).
#[derive(Debug, serde::Deserialize)]
#[cfg_attr(test, derive(IntoParams))]
#[cfg_attr(test, into_params(parameter_in = Path))]
pub struct CatalogDestinationPath {
    /// catalog destination slug
    pub catalog_destination: String,
}

// ---- reading ----

/// What a handler reads with: the state under a read lock (or a write's turn), and who is asking.
pub struct View<'a> {
    pub app: &'a App,
    pub state: &'a State,
    pub caller: &'a Caller,
}

impl<'a> View<'a> {
    pub fn new(app: &'a App, state: &'a State, caller: &'a Caller) -> Self {
        View { app, state, caller }
    }

    /// The workspace's name, when it exists and the caller's token reaches it; 404 otherwise (the seed: "the
    /// resource does not exist in this workspace").
    pub fn workspace(&self, ws: &str) -> Result<String, Status> {
        let name = format!("workspaces/{ws}");
        if self.state.contains(&name) && self.caller.reaches(&name) {
            Ok(name)
        } else {
            Err(Status::not_found(format!("workspace {name} not found")))
        }
    }

    /// The name of a resource in a reachable workspace, when it exists; 404 naming it otherwise.
    pub fn existing(&self, ws: &str, below: &str) -> Result<String, Status> {
        let name = format!("{}/{below}", self.workspace(ws)?);
        if self.shows(&name) { Ok(name) } else { Err(Status::not_found(format!("{name} not found"))) }
    }

    /// Whether the Config API shows the record at `name`: it exists and is not a further destination of one catalog
    /// entry, which only the Public API can name.
    fn shows(&self, name: &str) -> bool {
        self.state.contains(name) && !name.contains(crate::emulator::model::destinations::INSTANCE)
    }

    /// One page of a collection as `{"<wrapper>": [...], "next_page_token": ".."}`.
    pub fn list(
        &self,
        collection: &str,
        wrapper: &'static str,
        query: &PageQuery,
        keep: impl Fn(&Resource) -> bool,
    ) -> Reply {
        let tokens = &self.app.page_tokens;
        let (size, after) = tokens.parse(collection, query, crate::emulator::config::paging::DEFAULT_PAGE_SIZE)?;
        let (items, next) = self.state.page(collection, after, size, keep);
        let body = PageBody {
            wrapper,
            items: items.into_iter().map(Public).collect(),
            next_page_token: next.map(|seq| tokens.token(collection, seq)).unwrap_or_default(),
        };
        ok(&body)
    }

    /// The resource at `name` as the API shows it, or 404 naming it.
    pub fn get(&self, name: &str) -> Reply {
        match self.state.get(name) {
            Some(resource) if self.shows(name) => ok(&Public(resource)),
            _ => Err(Status::not_found(format!("{name} not found"))),
        }
    }
}

/// Path names whose resource must exist before a write reads its body, so that a missing workspace, source,
/// destination or plan is 404 before a bad body is 400 (the handler checks again in its turn).
pub trait Lookup: DeserializeOwned + Send {
    fn find(&self, view: &View) -> Result<(), Status>;
}

impl Lookup for WorkspacePath {
    fn find(&self, view: &View) -> Result<(), Status> {
        view.workspace(&self.workspace).map(drop)
    }
}

impl Lookup for SourcePath {
    fn find(&self, view: &View) -> Result<(), Status> {
        view.existing(&self.workspace, &format!("sources/{}", self.source)).map(drop)
    }
}

impl Lookup for DestinationPath {
    fn find(&self, view: &View) -> Result<(), Status> {
        view.existing(&self.workspace, &format!("sources/{}", self.source))?;
        view.existing(&self.workspace, &format!("sources/{}/destinations/{}", self.source, self.destination)).map(drop)
    }
}

impl Lookup for FilterPath {
    fn find(&self, view: &View) -> Result<(), Status> {
        let destination = format!("sources/{}/destinations/{}", self.source, self.destination);
        view.existing(&self.workspace, &format!("sources/{}", self.source))?;
        view.existing(&self.workspace, &destination)?;
        view.existing(&self.workspace, &format!("{destination}/filters/{}", self.filter)).map(drop)
    }
}

impl Lookup for ConfigFilterPath {
    fn find(&self, view: &View) -> Result<(), Status> {
        let destination = format!("sources/{}/destinations/{}", self.source, self.destination);
        view.existing(&self.workspace, &format!("sources/{}", self.source))?;
        view.existing(&self.workspace, &destination)?;
        view.existing(&self.workspace, &format!("{destination}/filters/{}", self.filter)).map(drop)
    }
}

impl Lookup for PlanPath {
    fn find(&self, view: &View) -> Result<(), Status> {
        view.existing(&self.workspace, &format!("tracking-plans/{}", self.tracking_plan)).map(drop)
    }
}

/// The names of a path whose resource exists ([`Lookup`]).
pub struct Found<P>(pub P);

impl<P: Lookup> FromRequestParts<Arc<App>> for Found<P> {
    type Rejection = Status;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, Status> {
        let Path(names) = Path::<P>::from_request_parts(parts, app).await?;
        let caller = Caller::from_request_parts(parts, app).await?;
        names.find(&View::new(app, &app.store.read(), &caller))?;
        Ok(Found(names))
    }
}

// ---- writing ----

pub use crate::emulator::model::Tx;

/// What a write reads with, in its turn.
pub fn view<'a>(tx: &'a Tx, state: &'a State) -> View<'a> {
    View::new(tx.app(), state, tx.caller())
}

// ---- answers ----

/// A stored resource as the API shows it (a token without its secret).
pub struct Public<'a>(pub &'a Resource);

impl Serialize for Public<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Resource::Workspace(r) => r.serialize(s),
            Resource::Source(r) => r.serialize(s),
            Resource::Destination(r) => r.serialize(s),
            Resource::TrackingPlan(r) => r.serialize(s),
            Resource::Connection(r) => r.serialize(s),
            Resource::AccessToken(r) => r.record.serialize(s),
            Resource::Regulation(r) => r.serialize(s),
            Resource::Filter(r) => r.serialize(s),
            Resource::SchemaConfig(r) => r.serialize(s),
            Resource::Mapping(r) => r.serialize(s),
            Resource::Warehouse(r) => r.serialize(s),
            Resource::WarehouseConnection(r) => r.serialize(s),
            Resource::ReverseEtlModel(r) => r.serialize(s),
            Resource::Transformation(r) => r.serialize(s),
            // The Public API's own records, which no Config API path names.
            Resource::Function(r) => r.serialize(s),
            Resource::InsertFunctionInstance(r) => r.serialize(s),
            Resource::User(r) => r.serialize(s),
            Resource::UserGroup(r) => r.serialize(s),
            Resource::Invite(r) => r.serialize(s),
            Resource::AuditEvent(r) => r.serialize(s),
        }
    }
}

pub fn ok<T: Serialize>(body: &T) -> Reply {
    Ok(Json(body).into_response())
}

/// Delete answers `{}`.
pub fn deleted() -> Reply {
    ok(&serde_json::Map::new())
}

pub use crate::emulator::mint::{now, random_id};

pub use crate::wire::valid_slug;

/// The slug a create body names under `collection`: a full name (`<collection>/<slug>`) or, leniently, the bare slug.
pub fn child_slug<'n>(name: &'n str, collection: &str, what: &str) -> Result<&'n str, Status> {
    if name.is_empty() {
        return Err(Status::invalid(format!("{what}.name is required, e.g. {collection}/my-{what}")));
    }
    let slug = match name.strip_prefix(collection).and_then(|rest| rest.strip_prefix('/')) {
        Some(slug) => slug,
        None if !name.contains('/') => name,
        None => return Err(Status::invalid(format!("{what}.name {name:?} must be under {collection}"))),
    };
    if !valid_slug(slug) {
        return Err(Status::invalid(format!(
            "invalid {what} slug {slug:?}: use lowercase letters, digits, '-' and '_' (at most 255), starting with a letter or digit"
        )));
    }
    Ok(slug)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn child_names() {
        let c = "workspaces/w/sources";
        assert_eq!(child_slug("workspaces/w/sources/web", c, "source").unwrap(), "web");
        assert_eq!(child_slug("web", c, "source").unwrap(), "web");
        assert!(child_slug("workspaces/x/sources/web", c, "source").is_err());
        assert!(child_slug("workspaces/w/sources/a/b", c, "source").is_err());
        assert!(child_slug("", c, "source").is_err());
    }
}
