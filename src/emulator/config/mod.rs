//! The Config API's front door (`/v1beta/`), behind the gate both APIs share: its route table, handlers, update
//! masks, page tokens and OpenAPI description. The route table has one entry per path, naming the handlers of its
//! methods. Each handler's path and methods come from its `#[utoipa::path]`, so what is served and what
//! `GET /openapi.json` documents are one list (the tests below check that each entry is served at the path it
//! documents; `openapi/describe.rs`, that the served document is current). After the gate: a query that cannot be
//! read is 400, an unknown path is 404 / 5, a known path with a method it lacks (HEAD included, which axum would
//! otherwise hand to GET) is 501 / 12, never 405.

#[cfg(test)]
pub mod doc;
pub mod handlers;
pub mod mask;
pub mod openapi;
pub mod paging;

use std::sync::{Arc, OnceLock};

use axum::extract::Request;
use axum::routing::{MethodFilter, MethodRouter};

use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::App;
use super::gate::Received;
pub use super::gate::VERSION;
use super::routes::route;
use super::status::Status;
use crate::wire::Code;
use paging::PageQuery;

/// The route table: one entry per path, naming the handlers of its methods. `$entry` turns an entry into a route:
/// [`route!`] at run time, utoipa-axum's `routes!` where the document is described (tests).
macro_rules! table {
    ($entry:ident $(, $context:ident)?) => {{
        use $crate::emulator::config::handlers::{
            access_tokens, catalog, destinations, filters, regulations, schema_config, sources, tracking_plans,
            workspaces,
        };
        vec![
            $entry!($($context:)? workspaces::list_workspaces),
            $entry!($($context:)? workspaces::get_workspace),
            $entry!($($context:)? sources::list_sources, sources::create_source),
            $entry!($($context:)? sources::get_source, sources::update_source, sources::update_source_put, sources::delete_source),
            $entry!($($context:)? destinations::list_destinations, destinations::create_destination),
            $entry!($($context:)?
                destinations::get_destination,
                destinations::update_destination,
                destinations::update_destination_put,
                destinations::delete_destination
            ),
            $entry!($($context:)? filters::list_filters, filters::create_filter),
            $entry!($($context:)? filters::get_filter, filters::update_filter, filters::delete_filter),
            $entry!($($context:)? filters::get_filter_by_config, filters::update_filter_by_config, filters::delete_filter_by_config),
            $entry!($($context:)?
                schema_config::get_schema_config,
                schema_config::update_schema_config,
                schema_config::update_schema_config_put
            ),
            $entry!($($context:)? tracking_plans::list_tracking_plans, tracking_plans::create_tracking_plan),
            $entry!($($context:)?
                tracking_plans::get_tracking_plan,
                tracking_plans::update_tracking_plan,
                tracking_plans::update_tracking_plan_patch,
                tracking_plans::delete_tracking_plan
            ),
            $entry!($($context:)? tracking_plans::list_source_connections, tracking_plans::create_source_connection),
            $entry!($($context:)? tracking_plans::delete_source_connection),
            $entry!($($context:)? regulations::list_regulations, regulations::create_regulation),
            $entry!($($context:)? regulations::get_regulation),
            $entry!($($context:)? access_tokens::list_access_tokens, access_tokens::create_access_token),
            $entry!($($context:)? access_tokens::get_access_token, access_tokens::delete_access_token),
            $entry!($($context:)? catalog::list_catalog_sources),
            $entry!($($context:)? catalog::get_catalog_source),
            $entry!($($context:)? catalog::list_catalog_destinations),
            $entry!($($context:)? catalog::get_catalog_destination),
        ]
    }};
}
#[cfg(test)]
pub(super) use table;

/// The documented path and method of a handler's operation, for [`route!`].
fn place(places: &[(String, String, String)], id: &str) -> (String, MethodFilter) {
    super::routes::place(places, id, "src/emulator/config/openapi.json")
}

/// The served routes: the table at the document's paths (under `/v1beta`), with the answers for unknown paths and
/// missing methods. axum answers HEAD with a path's GET handler; the API has no HEAD, so it is a method the path
/// lacks (an unknown path stays 404). Built once per process (it parses the document) and cloned for each emulator:
/// tests and the fuzz target start many.
pub fn served() -> axum::Router<Arc<App>> {
    static SERVED: OnceLock<axum::Router<Arc<App>>> = OnceLock::new();
    let build = || {
        let places = &openapi::operations();
        let table: Vec<(String, MethodRouter<Arc<App>>)> = table!(route, places);
        let routes = table
            .into_iter()
            .fold(axum::Router::new(), |routes, (path, methods)| routes.route(&path, methods.head(unsupported)));
        routes.method_not_allowed_fallback(unsupported).fallback(not_found).layer(axum::middleware::from_fn(query))
    };
    SERVED.get_or_init(build).clone()
}

/// Reads the paging query before the routes decide (docs/EMULATOR.md, "Order of checks": a query that cannot be
/// read is 400 before a path is 404), and hands it to the List handlers.
async fn query(mut request: Request, next: Next) -> Response {
    match PageQuery::of(request.uri()) {
        Ok(query) => {
            request.extensions_mut().insert(query);
            next.run(request).await
        }
        Err(status) => status.into_response(),
    }
}

fn received(request: &Request) -> Received {
    let found = request.extensions().get::<Received>().cloned();
    found.unwrap_or_else(|| Received::of(request.method(), request.uri()))
}

async fn unsupported(request: Request) -> Status {
    let received = received(&request);
    Status::new(Code::Unimplemented, format!("method {} is not supported on {}", received.method, received.shown()))
}

async fn not_found(request: Request) -> Status {
    let received = received(&request);
    Status::not_found(format!("no such path: {} {}", received.method, received.shown()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each entry is served at the one path its handlers' attributes describe, each handler at its documented
    /// method: what the checked-in document says is what `routes!` reads from the attributes.
    #[test]
    fn each_entry_of_the_table_is_served_where_its_attributes_say() {
        use utoipa_axum::routes;
        let places = &super::openapi::operations();
        let documented = table!(routes);
        let served: Vec<(String, MethodRouter<Arc<App>>)> = table!(route, places);
        assert_eq!(documented.len(), served.len());
        let mut operations = 0;
        for ((_, paths, _), (path, _)) in documented.iter().zip(&served) {
            let (documented_path, item) = paths.paths.iter().next().expect("an entry has a path");
            assert_eq!(paths.paths.len(), 1);
            assert_eq!(&format!("/{VERSION}{documented_path}"), path);
            let item = serde_json::to_value(item).unwrap();
            for (method, op) in item.as_object().unwrap().iter().filter(|(_, op)| op.get("operationId").is_some()) {
                operations += 1;
                let id = op["operationId"].as_str().unwrap();
                let place = (id.to_string(), path.clone(), method.clone());
                assert!(places.contains(&place), "{place:?}");
            }
        }
        assert_eq!(operations, places.len());
    }
}
