//! The route table of the emulated API: one `routes!` entry per path, each naming the handlers of its methods, from
//! which utoipa-axum builds both the axum routes and the paths of `GET /openapi.json`, so no route can be served
//! without being documented. Behind the front door: an unknown path is 404 / 5, a known path with a method it lacks
//! (HEAD included, which axum would otherwise hand to GET) is 501 / 12, never 405.

use std::sync::{Arc, OnceLock};

use axum::extract::Request;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};
use utoipa_axum::routes;

use super::App;
use super::front_door::Received;
use super::handlers::{
    access_tokens, catalog, destinations, filters, regulations, schema_config, sources, tracking_plans, workspaces,
};
use super::status::Status;
use crate::wire::Code;

/// The version prefix this emulator serves.
pub const VERSION: &str = "v1beta";

/// The route table: one entry per path, naming the handlers of its methods. `routes!` reads each handler's path and
/// methods from its `#[utoipa::path]`, so an entry is served and documented at once, and there is no other way in.
fn table() -> Vec<UtoipaMethodRouter<Arc<App>>> {
    vec![
        routes!(workspaces::list_workspaces),
        routes!(workspaces::get_workspace),
        routes!(sources::list_sources, sources::create_source),
        routes!(sources::get_source, sources::update_source, sources::update_source_put, sources::delete_source),
        routes!(destinations::list_destinations, destinations::create_destination),
        routes!(
            destinations::get_destination,
            destinations::update_destination,
            destinations::update_destination_put,
            destinations::delete_destination
        ),
        routes!(filters::list_filters, filters::create_filter),
        routes!(filters::get_filter, filters::update_filter, filters::delete_filter),
        routes!(filters::get_filter_by_config, filters::update_filter_by_config, filters::delete_filter_by_config),
        routes!(
            schema_config::get_schema_config,
            schema_config::update_schema_config,
            schema_config::update_schema_config_put
        ),
        routes!(tracking_plans::list_tracking_plans, tracking_plans::create_tracking_plan),
        routes!(
            tracking_plans::get_tracking_plan,
            tracking_plans::update_tracking_plan,
            tracking_plans::update_tracking_plan_patch,
            tracking_plans::delete_tracking_plan
        ),
        routes!(tracking_plans::list_source_connections, tracking_plans::create_source_connection),
        routes!(tracking_plans::delete_source_connection),
        routes!(regulations::list_regulations, regulations::create_regulation),
        routes!(regulations::get_regulation),
        routes!(access_tokens::list_access_tokens, access_tokens::create_access_token),
        routes!(access_tokens::get_access_token, access_tokens::delete_access_token),
        routes!(catalog::list_catalog_sources),
        routes!(catalog::get_catalog_source),
        routes!(catalog::list_catalog_destinations),
        routes!(catalog::get_catalog_destination),
    ]
}

/// The routes under `/v1beta`, with their description.
pub fn api() -> OpenApiRouter<Arc<App>> {
    let routes = table()
        .into_iter()
        // axum answers HEAD with a path's GET handler; the API has no HEAD, so it is a method the path lacks (an
        // unknown path stays 404). Not in the document, as no missing method is.
        .map(|(schemas, paths, methods)| (schemas, paths, methods.head(unsupported)))
        .fold(OpenApiRouter::new(), OpenApiRouter::routes);
    OpenApiRouter::new().nest(&format!("/{VERSION}"), routes)
}

/// The served routes: [`api`] with the answers for unknown paths and missing methods. Built once per process and
/// cloned for each emulator (tests and the fuzz target start many): `routes!` describes every operation as it
/// registers it, which costs more than the rest of a start.
pub fn served() -> axum::Router<Arc<App>> {
    static SERVED: OnceLock<axum::Router<Arc<App>>> = OnceLock::new();
    let build = || api().split_for_parts().0.method_not_allowed_fallback(unsupported).fallback(not_found);
    SERVED.get_or_init(build).clone()
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

    #[test]
    fn each_entry_of_the_table_is_one_documented_path() {
        let table = table();
        for (_, paths, _) in &table {
            assert_eq!(paths.paths.len(), 1, "{:?}", paths.paths.keys().collect::<Vec<_>>());
        }
        let doc = api().into_openapi();
        assert_eq!(doc.paths.paths.len(), table.len());
        assert!(doc.paths.paths.keys().all(|path| path.starts_with(&format!("/{VERSION}/"))));
    }
}
