//! The document as the handlers' attributes describe it, with what no handler states (the bearer scheme, the front
//! door's answers, the bodies' validation rules) and without the catalog's rules. It is built only here, in tests,
//! and checked in as `openapi.json`, which the emulator serves with its own catalog's rules added: serving then costs
//! none of the description code (ARCHITECTURE.md, "The emulator"). Refresh it with:
//! UPDATE_GENERATED=1 cargo test generated

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::json;
use utoipa::openapi::header::Header;
use utoipa::openapi::path::{HttpMethod, Operation};
use utoipa::openapi::response::Response;
use utoipa::openapi::schema::{AdditionalProperties, AllOfBuilder, ArrayBuilder, Object, ObjectBuilder, Schema, Type};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{Content, OpenApi, Ref, RefOr};
use utoipa::{Modify, OpenApi as _};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::super::{VERSION, table};
use super::{SLUG, name_pattern, nullable, pattern, rules, string};
use crate::emulator::App;
use crate::emulator::model::regulations;
use crate::wire::{Code, ErrorBody, REGULATION_TYPES, SCOPE_READ, SCOPE_WRITE};

#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "Config API v1beta (seg serve)",
        description = "The Config API v1beta as `seg serve` emulates it. Every call needs `Authorization: Bearer \
                       <token>`; write methods need a token of scope `workspace`. Errors are `{\"error\", \"code\"}` \
                       with a gRPC-style code. A documented path called with a method it lacks answers 501 / code 12; \
                       an unknown path under `/v1beta` answers 404 / code 5."
    ),
    // Schemas the operations use are collected from their handlers; the errors' are added by `FrontDoor`.
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

/// Every operation with its method.
fn operations(doc: &mut OpenApi) -> impl Iterator<Item = (HttpMethod, &mut Operation)> {
    doc.paths.paths.values_mut().flat_map(|item| {
        [
            (HttpMethod::Get, &mut item.get),
            (HttpMethod::Put, &mut item.put),
            (HttpMethod::Post, &mut item.post),
            (HttpMethod::Delete, &mut item.delete),
            (HttpMethod::Options, &mut item.options),
            (HttpMethod::Head, &mut item.head),
            (HttpMethod::Patch, &mut item.patch),
            (HttpMethod::Trace, &mut item.trace),
        ]
        .into_iter()
        .filter_map(|(method, op)| Some((method, op.as_mut()?)))
    })
}

/// A component schema that is an object; the document is built from code, so a missing one is a bug here.
fn object<'d>(doc: &'d mut OpenApi, name: &str) -> &'d mut Object {
    let schema = doc.components.as_mut().and_then(|c| c.schemas.get_mut(name));
    match schema {
        Some(RefOr::T(Schema::Object(object))) => object,
        _ => panic!("no object schema {name}"),
    }
}

/// Sets a property of a component schema; the property must exist (the wire type has the field).
fn property(doc: &mut OpenApi, name: &str, field: &str, rule: impl Into<RefOr<Schema>>) {
    let schema = object(doc, name);
    assert!(schema.properties.contains_key(field), "no property {name}.{field}");
    schema.properties.insert(field.into(), rule.into());
}

/// The route table's operations, with the rules of the front door and of the request bodies.
pub fn described() -> OpenApi {
    let paths = table!(routes).into_iter().fold(OpenApiRouter::<Arc<App>>::new(), OpenApiRouter::routes);
    let mut doc = ApiDoc::openapi();
    doc.merge(OpenApiRouter::new().nest(&format!("/{VERSION}"), paths).into_openapi());
    Security.modify(&mut doc);
    FrontDoor.modify(&mut doc);
    BodyRules.modify(&mut doc);
    doc
}

// ---- the document's parts that no handler states ----

/// `Authorization: Bearer <token>` on every operation.
struct Security;

impl Modify for Security {
    fn modify(&self, doc: &mut OpenApi) {
        let bearer = HttpBuilder::new()
            .scheme(HttpAuthScheme::Bearer)
            .description(Some("an access token; `workspace:read` tokens may only call GET"))
            .build();
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(bearer));
        doc.security = Some(vec![SecurityRequirement::new("bearer", Vec::<String>::new())]);
    }
}

/// The answers of the front door (`front_door::admit`, then the write scope), in its order of checks, on every
/// operation; and the body of every error: `ErrorBody` with the code its status travels with.
struct FrontDoor;

impl Modify for FrontDoor {
    fn modify(&self, doc: &mut OpenApi) {
        let mut codes = BTreeSet::new();
        for (method, op) in operations(doc) {
            let write = method != HttpMethod::Get;
            let has_body = op.request_body.is_some();
            let responses = &mut op.responses.responses;
            let mut add = |status: u16, description: &str| {
                responses.entry(status.to_string()).or_insert_with(|| Response::new(description).into());
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
                let (Some(code), RefOr::T(response)) = (status.parse().ok().and_then(code_of), response) else {
                    continue;
                };
                codes.insert(code as i32);
                let content = Content::new(Some(Ref::from_schema_name(error_schema(code as i32))));
                response.content.insert("application/json".into(), content.into());
                if status == "429" {
                    response.headers.insert("Retry-After".into(), retry_after().into());
                }
            }
        }
        let schemas = &mut doc.components.get_or_insert_with(Default::default).schemas;
        if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("ErrorBody") {
            body.additional_properties = Some(Box::new(AdditionalProperties::FreeForm(false)));
            body.description = Some("Every error: exactly these two keys.".into());
        }
        for code in codes {
            let only = ObjectBuilder::new()
                .property("code", ObjectBuilder::new().schema_type(Type::Integer).enum_values(Some([code])));
            let error = AllOfBuilder::new().item(Ref::from_schema_name("ErrorBody")).item(only);
            schemas.insert(error_schema(code), error.into());
        }
    }
}

/// A 429's `Retry-After`: required, whole seconds.
fn retry_after() -> Header {
    let mut header = Header::new(ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(1)));
    header.description = Some("seconds until the token may call again".into());
    // OpenAPI 3.1 has `required` on a header; utoipa's `Header` has no field for it, and its flattened extension
    // map is written as it is.
    header.extensions = Some([("required", json!(true))].into_iter().collect());
    header
}

fn error_schema(code: i32) -> String {
    format!("Error{code}")
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

fn require(doc: &mut OpenApi, name: &str, fields: &[&str]) {
    object(doc, name).required = fields.iter().map(|f| f.to_string()).collect();
}

/// The validation rules of the wire types' request bodies that the handlers apply: required fields, slugs, scopes,
/// regulation types and sizes.
struct BodyRules;

impl Modify for BodyRules {
    fn modify(&self, doc: &mut OpenApi) {
        let sources_of_ws = format!("workspaces/{SLUG}/sources");
        require(doc, "SourceInput", &["name", "catalog_name"]);
        let name = string()
            .pattern(Some(name_pattern(&sources_of_ws, SLUG)))
            .description(Some("the full name under this path's workspace, or the bare slug"));
        property(doc, "SourceInput", "name", name);
        require(doc, "TrackingPlanInput", &["display_name"]);
        property(doc, "TrackingPlanInput", "display_name", pattern("\\S"));
        property(doc, "TrackingPlanInput", "rules", nullable(rules()));
        require(doc, "ConnectSource", &["source_name"]);
        property(doc, "ConnectSource", "source_name", pattern(name_pattern(&sources_of_ws, SLUG)));
        require(doc, "AccessTokenInput", &["scopes"]);
        let scopes = string()
            .enum_values(Some([SCOPE_WRITE, SCOPE_READ]))
            .description(Some("`workspace` reads and writes, `workspace:read` only reads"));
        property(doc, "AccessTokenInput", "scopes", scopes);
        let workspaces = ArrayBuilder::new()
            .items(pattern(format!("^workspaces/{SLUG}$")))
            .description(Some("workspaces the token reaches; none: those of the calling token"));
        // `null` is the empty list, as everywhere a client may send it (docs/reference/config-api.md); schemathesis
        // found it undocumented.
        property(doc, "AccessTokenInput", "workspace_names", nullable(workspaces));
        property(doc, "CreateRegulation", "regulation_type", string().enum_values(Some(REGULATION_TYPES)));
        property(doc, "RegulationAttributes", "name", string().enum_values(Some(["userId"])));
        let values = ArrayBuilder::new().items(string()).min_items(Some(1)).max_items(Some(regulations::MAX_VALUES));
        property(doc, "RegulationAttributes", "values", values);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emulator::catalog::Catalog;

    /// The checked-in document is what the handlers' attributes describe today.
    #[test]
    fn generated_openapi_json_is_current() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/emulator/config/openapi.json");
        let text = serde_json::to_string_pretty(&described()).expect("the document serializes") + "\n";
        if std::env::var_os("UPDATE_GENERATED").is_some() {
            #[allow(clippy::disallowed_methods, reason = "a test refreshing a checked-in file, not seg's effect")]
            std::fs::write(&path, &text).expect("src/emulator is writable");
        }
        assert!(
            std::fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()),
            "{} is stale: run UPDATE_GENERATED=1 cargo test generated",
            path.display()
        );
    }

    /// The served document is the checked-in one with the catalog's rules: a destination a seed adds is a value of
    /// the path parameter, and its settings are the names its config items may have.
    #[test]
    fn the_served_document_adds_the_emulators_catalog() {
        let mut catalog = Catalog::builtin();
        catalog.learn_destination("acme", [("api_key", "string")].into_iter());
        let served = super::super::document(&catalog);
        let mut described = serde_json::to_value(described()).unwrap();
        let op = "/paths/~1v1beta~1workspaces~1{workspace}~1sources~1{source}~1destinations~1{destination}/get";
        let slugs = &served.pointer(&format!("{op}/parameters/2/schema/enum")).unwrap();
        assert!(slugs.as_array().unwrap().contains(&json!("acme")), "{slugs}");
        assert!(slugs.as_array().unwrap().contains(&json!("webhooks")), "{slugs}");
        let inputs = served["components"]["schemas"]["DestinationInput"]["oneOf"].as_array().unwrap();
        let acme = inputs.iter().find(|i| i["title"] == "acme").expect("an alternative for acme");
        let item = &acme["properties"]["config"]["oneOf"][1]["items"]["oneOf"][0]["properties"]["name"]["pattern"];
        assert_eq!(item, &json!(format!("^(workspaces/{SLUG}/sources/{SLUG}/destinations/acme/config/)?api_key$")));
        // Everything else is the described document as it is.
        for key in ["openapi", "info", "security", "tags"] {
            assert_eq!(served[key], described[key], "{key}");
        }
        let described_paths = described["paths"].as_object_mut().unwrap();
        assert_eq!(
            served["paths"].as_object().unwrap().keys().collect::<Vec<_>>(),
            described_paths.keys().collect::<Vec<_>>()
        );
        let (served_schemas, described_schemas) =
            (&served["components"]["schemas"], &described["components"]["schemas"]);
        for (name, schema) in described_schemas.as_object().unwrap() {
            if !["SourceInput", "DestinationFields", "DestinationInput"].contains(&name.as_str()) {
                assert_eq!(&served_schemas[name], schema, "{name}");
            }
        }
    }
}
