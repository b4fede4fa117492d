//! The route table of the emulated API: one entry per path, naming the handlers of its methods. Each handler's path
//! and methods come from its `#[utoipa::path]`, so what is served and what `GET /openapi.json` documents are one list
//! (the tests below check that each entry is served at the path it documents; `openapi/describe.rs`, that the
//! served document is current). Behind the front door: an unknown path is 404 / 5, a known path with a method it
//! lacks (HEAD included, which axum would otherwise hand to GET) is 501 / 12, never 405.

use std::sync::Arc;

use axum::extract::Request;
use axum::routing::{MethodFilter, MethodRouter};
use utoipa::openapi::HttpMethod;

use super::App;
use super::front_door::Received;
use super::status::Status;
use crate::wire::Code;

/// The version prefix this emulator serves.
pub const VERSION: &str = "v1beta";

/// The route table: one entry per path, naming the handlers of its methods. `$entry` turns an entry into a route:
/// [`route!`] at run time, utoipa-axum's `routes!` where the document is described (tests).
macro_rules! table {
    ($entry:ident) => {{
        use $crate::emulator::handlers::{
            access_tokens, catalog, destinations, filters, regulations, schema_config, sources, tracking_plans,
            workspaces,
        };
        vec![
            $entry!(workspaces::list_workspaces),
            $entry!(workspaces::get_workspace),
            $entry!(sources::list_sources, sources::create_source),
            $entry!(sources::get_source, sources::update_source, sources::update_source_put, sources::delete_source),
            $entry!(destinations::list_destinations, destinations::create_destination),
            $entry!(
                destinations::get_destination,
                destinations::update_destination,
                destinations::update_destination_put,
                destinations::delete_destination
            ),
            $entry!(filters::list_filters, filters::create_filter),
            $entry!(filters::get_filter, filters::update_filter, filters::delete_filter),
            $entry!(filters::get_filter_by_config, filters::update_filter_by_config, filters::delete_filter_by_config),
            $entry!(
                schema_config::get_schema_config,
                schema_config::update_schema_config,
                schema_config::update_schema_config_put
            ),
            $entry!(tracking_plans::list_tracking_plans, tracking_plans::create_tracking_plan),
            $entry!(
                tracking_plans::get_tracking_plan,
                tracking_plans::update_tracking_plan,
                tracking_plans::update_tracking_plan_patch,
                tracking_plans::delete_tracking_plan
            ),
            $entry!(tracking_plans::list_source_connections, tracking_plans::create_source_connection),
            $entry!(tracking_plans::delete_source_connection),
            $entry!(regulations::list_regulations, regulations::create_regulation),
            $entry!(regulations::get_regulation),
            $entry!(access_tokens::list_access_tokens, access_tokens::create_access_token),
            $entry!(access_tokens::get_access_token, access_tokens::delete_access_token),
            $entry!(catalog::list_catalog_sources),
            $entry!(catalog::get_catalog_source),
            $entry!(catalog::list_catalog_destinations),
            $entry!(catalog::get_catalog_destination),
        ]
    }};
}
#[cfg(test)]
pub(super) use table;

/// One entry of the table as `(path, methods)`: reads only the path and the methods of each handler's
/// `#[utoipa::path]`, never its description, so serving costs nothing of what documenting does.
macro_rules! route {
    ($($module:ident :: $handler:ident),+ $(,)?) => {{
        let mut paths = Vec::new();
        let mut methods = MethodRouter::new();
        $(
            pastey::paste! {
                paths.push(<$module::[<__path_ $handler>] as utoipa::Path>::path());
                for method in <$module::[<__path_ $handler>] as utoipa::Path>::methods() {
                    methods = methods.on(filter(method), $module::$handler);
                }
            }
        )+
        (paths.swap_remove(0), methods)
    }};
}

fn filter(method: HttpMethod) -> MethodFilter {
    match method {
        HttpMethod::Get => MethodFilter::GET,
        HttpMethod::Post => MethodFilter::POST,
        HttpMethod::Put => MethodFilter::PUT,
        HttpMethod::Delete => MethodFilter::DELETE,
        HttpMethod::Options => MethodFilter::OPTIONS,
        HttpMethod::Head => MethodFilter::HEAD,
        HttpMethod::Patch => MethodFilter::PATCH,
        HttpMethod::Trace => MethodFilter::TRACE,
    }
}

/// The served routes: the table under `/v1beta`, with the answers for unknown paths and missing methods. axum
/// answers HEAD with a path's GET handler; the API has no HEAD, so it is a method the path lacks (an unknown path
/// stays 404).
pub fn served() -> axum::Router<Arc<App>> {
    let table: Vec<(String, MethodRouter<Arc<App>>)> = table!(route);
    let routes = table
        .into_iter()
        .fold(axum::Router::new(), |routes, (path, methods)| routes.route(&path, methods.head(unsupported)));
    axum::Router::new()
        .nest(&format!("/{VERSION}"), routes)
        .method_not_allowed_fallback(unsupported)
        .fallback(not_found)
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
    fn each_entry_of_the_table_is_one_documented_path_and_served_at_it() {
        use utoipa_axum::routes;
        let documented = table!(routes);
        let served: Vec<(String, MethodRouter<Arc<App>>)> = table!(route);
        assert_eq!(documented.len(), served.len());
        for ((_, paths, _), (path, _)) in documented.iter().zip(&served) {
            assert_eq!(paths.paths.keys().collect::<Vec<_>>(), [path]);
        }
    }
}
