//! What both front doors share to serve their handlers where their checked-in OpenAPI documents place them.

use axum::routing::MethodFilter;

/// One entry of a door's route table as `(path, methods)`: each handler at the path and method its door's `place`
/// gives (from the checked-in document), so serving needs none of the description code, which only tests compile.
macro_rules! route {
    ($places:ident: $($module:ident :: $handler:ident),+ $(,)?) => {{
        let mut paths = Vec::new();
        let mut methods = MethodRouter::new();
        $(
            let (path, method) = place($places, stringify!($handler));
            paths.push(path);
            methods = methods.on(method, $module::$handler);
        )+
        (paths.swap_remove(0), methods)
    }};
}
pub(crate) use route;

/// The path and method `document` (its file, for the message) gives operation `id`. The document is checked against
/// the handlers' attributes by `cargo test`, so an operation missing from it is a stale checkout, said plainly.
pub fn place(places: &[(String, String, String)], id: &str, document: &str) -> (String, MethodFilter) {
    let found = places.iter().find(|(op, ..)| op == id);
    let (_, path, method) =
        found.unwrap_or_else(|| panic!("{id} is not in {document}: run UPDATE_GENERATED=1 cargo test generated"));
    let method = match method.as_str() {
        "get" => MethodFilter::GET,
        "post" => MethodFilter::POST,
        "put" => MethodFilter::PUT,
        "patch" => MethodFilter::PATCH,
        "delete" => MethodFilter::DELETE,
        other => panic!("{id}: the API has no {other} operations"),
    };
    (path.clone(), method)
}
