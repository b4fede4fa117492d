//! The Public API's document as the handlers' attributes describe it, with what no handler states (the bearer
//! scheme, the gate's answers and every error's body, the rate-limit headers, the bodies' validation rules) and
//! without the catalog's rules. It is built only here, in tests, and checked in as `openapi.json`, which the
//! emulator serves with its own catalog's rules added (ARCHITECTURE.md, "The emulator"). Refresh it with:
//! UPDATE_GENERATED=1 cargo test generated

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::{Value, json};
use utoipa::openapi::header::Header;
use utoipa::openapi::path::{HttpMethod, Operation};
use utoipa::openapi::response::Response;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{Content, OpenApi, Ref, RefOr};
use utoipa::{Modify, OpenApi as _};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::super::table;
use crate::emulator::App;
use crate::emulator::model::regulations;
use crate::wire::public::{
    ErrorEnvelope, METADATA_STATUSES, PLAN_TYPES, REGULATION_STATUSES, REGULATION_TYPES, RateLimited, RequestError,
    RuleRemoval, SUBJECT_TYPES, action, error_type, header, rule_type,
};

#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "Segment Public API (seg serve)",
        description = "The part of the Segment Public API that `seg serve` emulates at its root paths \
                       (docs/reference/public-api.md), beside the Config API under `/v1beta` (`/openapi.json`). Every call needs \
                       `Authorization: Bearer <token>`; a token acts on one workspace, and write methods need a \
                       token of scope `workspace`. A success is `{\"data\": ..}`, an error `{\"errors\": [..]}`: \
                       key on the status, not on `type`. Any other path or method answers 404 `not-found`."
    ),
    // Schemas the operations use are collected from their handlers; the errors' are added by `FrontDoor`, the
    // `rules` query parameter's here.
    components(schemas(ErrorEnvelope, RequestError, RateLimited, RuleRemoval)),
    tags(
        (name = "Workspaces", description = "the token's workspace"),
        (name = "Sources"),
        (name = "Destinations"),
        (name = "Destination Filters"),
        (name = "Tracking Plans"),
        (name = "Catalog"),
        (name = "Deletion and Suppression", description = "regulations"),
        (name = "Labels"),
        (name = "Warehouses"),
        (name = "Reverse ETL", description = "reverse ETL models"),
        (name = "Transformations"),
        (name = "Spaces", description = "the workspace's one space"),
        (name = "Profiles Sync", description = "profiles warehouses"),
        (name = "Functions"),
        (name = "IAM Users", description = "users and invites"),
        (name = "IAM Groups", description = "user groups"),
        (name = "IAM Roles"),
        (name = "Audit Trail"),
        (name = "Delivery Overview"),
        (name = "API Calls"),
        (name = "Monthly Tracked Users"),
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

/// The route table's operations, with the gate's answers, the errors' bodies and the rules of the bodies, as JSON.
pub fn described() -> Value {
    let paths = table!(routes).into_iter().fold(OpenApiRouter::<Arc<App>>::new(), OpenApiRouter::routes);
    let mut doc = ApiDoc::openapi();
    doc.merge(paths.into_openapi());
    OperationIds.modify(&mut doc);
    Security.modify(&mut doc);
    FrontDoor.modify(&mut doc);
    let mut doc = serde_json::to_value(&doc).expect("the document serializes");
    body_rules(&mut doc);
    links(&mut doc);
    prune(&mut doc);
    doc
}

// ---- the document's parts that no handler states ----

/// Each operation's id is its handler's name in lowerCamelCase: the SDK's name of the operation.
struct OperationIds;

impl Modify for OperationIds {
    fn modify(&self, doc: &mut OpenApi) {
        for (_, op) in operations(doc) {
            op.operation_id = op.operation_id.as_deref().map(super::operation_id);
        }
    }
}

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

/// The gate's answers (`gate::admit`, then the write scope) and the door's, on every operation, in
/// docs/reference/public-api.md's terms; the body of every error, `{"errors": [..]}` with the `type` its status travels
/// with; the rate-limit headers of a success.
struct FrontDoor;

impl Modify for FrontDoor {
    fn modify(&self, doc: &mut OpenApi) {
        let mut statuses = BTreeSet::new();
        for (method, op) in operations(doc) {
            let write = method != HttpMethod::Get;
            let has_body = op.request_body.is_some();
            let has_query = op.parameters.iter().flatten().any(
                |p| matches!(p, RefOr::T(p) if matches!(p.parameter_in, utoipa::openapi::path::ParameterIn::Query)),
            );
            let responses = &mut op.responses.responses;
            let mut add = |status: u16, description: &str| {
                responses.entry(status.to_string()).or_insert_with(|| Response::new(description).into());
            };
            if has_body {
                add(400, "the body is not a JSON object");
            }
            add(401, "no bearer token, or an `Authorization` header that is not `Bearer <token>`");
            add(
                403,
                if write { "an unknown token, or a `workspace:read` token on a write" } else { "an unknown token" },
            );
            add(404, "no such operation");
            if has_body {
                add(413, "a request body over 2 MiB");
            }
            if has_body || has_query {
                add(422, "a parameter or a field of the body breaks its rule: `field` names it");
            }
            add(429, "the token's rate limit is exhausted (one budget with the Config API; `seg serve --rate-limit`)");
            add(500, "internal failure");
            add(503, "the API is down (the emulator answers it only when a fault is injected)");
            for (status, response) in responses.iter_mut() {
                let RefOr::T(response) = response else { continue };
                match status.parse::<u16>() {
                    Ok(status) if error_of(status).is_some() => {
                        statuses.insert(status);
                        let content = Content::new(Some(Ref::from_schema_name(error_schema(status))));
                        response.content.insert("application/json".into(), content.into());
                        if status == 429 {
                            response.headers.insert("Retry-After".into(), retry_after().into());
                        }
                    }
                    Ok(200 | 201) => {
                        for (name, header) in rate_headers() {
                            response.headers.insert(name.into(), header.into());
                        }
                    }
                    _ => {}
                }
            }
        }
        let schemas = &mut doc.components.get_or_insert_with(Default::default).schemas;
        for status in statuses {
            schemas.insert(error_schema(status), error_body(status).into());
        }
    }
}

fn error_schema(status: u16) -> String {
    format!("Error{status}")
}

/// The `type` of an error status (`Status::public_response`).
fn error_of(status: u16) -> Option<&'static str> {
    Some(match status {
        400 => error_type::BAD_REQUEST,
        401 => error_type::UNAUTHORIZED,
        403 => error_type::FORBIDDEN,
        404 => error_type::NOT_FOUND,
        409 => error_type::CONFLICT,
        413 => error_type::PAYLOAD_TOO_LARGE,
        422 => error_type::INPUT_VALIDATION,
        429 => error_type::RATE_LIMITED,
        500 | 503 => error_type::INTERNAL,
        _ => return None,
    })
}

/// `{"errors": [RequestError, ..]}`, not empty, each of the status's `type`; a 429's with the documented `data`.
fn error_body(status: u16) -> utoipa::openapi::schema::Schema {
    let kind = error_of(status).unwrap_or_default();
    let mut only = ObjectBuilder::new()
        .property("type", ObjectBuilder::new().schema_type(Type::String).enum_values(Some([kind])))
        .property("status", ObjectBuilder::new().schema_type(Type::Integer).enum_values(Some([status])));
    if status == 429 {
        only = only.property("data", Ref::from_schema_name("RateLimited")).required("data");
    }
    let item = utoipa::openapi::schema::AllOfBuilder::new().item(Ref::from_schema_name("RequestError")).item(only);
    let errors = utoipa::openapi::schema::ArrayBuilder::new().items(item).min_items(Some(1));
    let body = ObjectBuilder::new().required("errors").property("errors", errors);
    utoipa::openapi::schema::AllOfBuilder::new().item(Ref::from_schema_name("ErrorEnvelope")).item(body).build().into()
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

/// The rate-limit headers of a success (absent when `seg serve --rate-limit 0` turns the limit off).
fn rate_headers() -> [(&'static str, Header); 3] {
    let count = |description: &str| {
        let mut header = Header::new(ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(0)));
        header.description = Some(description.into());
        header
    };
    let mut reset = Header::new(ObjectBuilder::new().schema_type(Type::String));
    reset.description = Some("when the budget is whole again, an IMF date (RFC 5322)".into());
    [
        (header::CONSUMED, count("requests of the token's budget in use")),
        (header::REMAINING, count("requests the token may still make now")),
        (header::RESET, reset),
    ]
}

/// A component schema's property (it must exist: the wire type has the field).
fn property<'d>(doc: &'d mut Value, schema: &str, field: &str) -> &'d mut Value {
    let found = doc.pointer_mut(&format!("/components/schemas/{schema}/properties/{field}"));
    found.unwrap_or_else(|| panic!("no property {schema}.{field}"))
}

/// Merges `rule` into a property's schema.
fn rule(doc: &mut Value, schema: &str, field: &str, rule: Value) {
    let property = property(doc, schema, field);
    let object = property.as_object_mut().unwrap_or_else(|| panic!("{schema}.{field} is not a schema object"));
    object.extend(rule.as_object().cloned().unwrap_or_default());
}

/// The validation rules the handlers and the model apply to what a client sends (and the values of what they
/// answer), from the constants they use: slugs, names, enums, the shapes of filter actions, the number of a
/// regulation's subjects.
fn body_rules(doc: &mut Value) {
    let slug = format!("^{}$", crate::emulator::config::openapi::SLUG);
    // Something other than white space, as Rust's `char::is_whitespace` has it (the model trims names so): spelled
    // out, as regular expression engines disagree on `\s`.
    let named = "[^\\u0009-\\u000d\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
    rule(
        doc,
        "CreateSource",
        "slug",
        json!({"pattern": slug, "description": "lowercase letters, digits, `-` and `_`"}),
    );
    rule(doc, "UpdateSource", "slug", json!({"pattern": slug}));
    for field in ["key", "value"] {
        rule(doc, "Label", field, json!({"minLength": 1}));
    }
    rule(doc, "CreateTrackingPlan", "name", json!({"pattern": named}));
    rule(doc, "CreateTrackingPlan", "type", json!({"enum": PLAN_TYPES}));
    rule(doc, "TrackingPlan", "type", json!({"enum": PLAN_TYPES}));
    // A plan needs a name: `null` (which would clear it) and a blank one are refused.
    *property(doc, "UpdateTrackingPlan", "name") = json!({"type": "string", "pattern": named});
    // Listed rules always carry `jsonSchema`, `null` when they have none.
    doc["components"]["schemas"]["Rule"]["required"]
        .as_array_mut()
        .expect("Rule has required fields")
        .push(json!("jsonSchema"));
    for schema in ["Rule", "RuleInput", "RuleRemoval"] {
        rule(doc, schema, "type", json!({"enum": rule_type::TYPES}));
        // A whole number (`1.0` too) up to `u64::MAX`, not an int64.
        *property(doc, schema, "version") = json!({"type": "integer", "minimum": 0, "maximum": u64::MAX});
    }
    // `Rules<T>`'s items are inlined as the generic is: the replace body's items are the rule input above.
    doc["components"]["schemas"]["Rules_RuleInput"]["properties"]["rules"]["items"] =
        json!({"$ref": "#/components/schemas/RuleInput"});
    rule(doc, "RegulationInput", "regulationType", json!({"enum": REGULATION_TYPES}));
    rule(doc, "RegulationInput", "subjectType", json!({"enum": SUBJECT_TYPES}));
    rule(doc, "RegulationInput", "subjectIds", json!({"minItems": 1, "maxItems": regulations::MAX_VALUES}));
    // A source's regulation is of users only: its body is a schema of its own.
    let mut of_source = doc["components"]["schemas"]["RegulationInput"].clone();
    of_source["properties"]["subjectType"]["enum"] = json!(["USER_ID"]);
    of_source["description"] = json!("The body of `createSourceRegulation`: its subjects are user ids.");
    doc["components"]["schemas"]["SourceRegulationInput"] = of_source;
    let body = "/paths/~1regulations~1sources~1{sourceId}/post/requestBody/content/application~1json/schema";
    *doc.pointer_mut(body).expect("createSourceRegulation has a body") =
        json!({"$ref": "#/components/schemas/SourceRegulationInput"});
    rule(doc, "RegulationListEntry", "regulationType", json!({"enum": REGULATION_TYPES}));
    rule(doc, "RegulationListEntry", "subjectType", json!({"enum": SUBJECT_TYPES}));
    rule(doc, "RegulationListEntry", "status", json!({"enum": REGULATION_STATUSES}));
    rule(doc, "Regulation", "overallStatus", json!({"enum": REGULATION_STATUSES}));
    rule(doc, "SourceMetadata", "status", json!({"enum": METADATA_STATUSES}));
    rule(doc, "StatusOnly", "status", json!({"enum": ["SUCCESS"]}));
    // `null` is absent, as in every optional field.
    let violations = |omit: &str| json!({"enum": ["ALLOW", "BLOCK", omit, null]});
    rule(doc, "TrackSettings", "commonEventOnViolations", violations("OMIT_PROPERTIES"));
    rule(doc, "TraitSettings", "commonEventOnViolations", violations("OMIT_TRAITS"));
    for field in ["forwardingViolationsTo", "forwardingBlockedEventsTo"] {
        rule(doc, "SchemaSettings", field, json!({"description": "a source id of the workspace; `\"\"` clears it"}));
    }
    for schema in ["CreateFilter", "UpdateFilter", "Filter"] {
        rule(
            doc,
            schema,
            "if",
            json!({"description": "an FQL condition (`type = 'track'`); `all` matches every event"}),
        );
    }
    filter_action(doc);
}

/// A filter action: its `type`, and what each type needs (`filters::actions`, `wire::filter::Action::parse`).
fn filter_action(doc: &mut Value) {
    rule(doc, "FilterAction", "type", json!({"enum": action::TYPES}));
    let names = json!({"type": ["array", "null"], "items": {"type": "string"}});
    let groups: serde_json::Map<String, Value> =
        crate::wire::filter::FIELD_GROUPS.iter().map(|group| (group.to_string(), names.clone())).collect();
    rule(doc, "FilterAction", "fields", json!({"description": "field names by the part of the event they are in"}));
    let action = &mut doc["components"]["schemas"]["FilterAction"];
    // What a type does not use it ignores: `fields` has its shape only where it is read.
    action["oneOf"] = json!([
        {"properties": {"type": {"const": action::DROP}}},
        {
            "properties": {"type": {"const": action::SAMPLE}, "percent": {"type": "number", "minimum": 0, "maximum": 1}},
            "required": ["percent"],
        },
        {
            "properties": {
                "type": {"enum": [action::ALLOW_PROPERTIES, action::DROP_PROPERTIES]},
                "fields": {"type": "object", "properties": groups, "additionalProperties": false},
            },
            "required": ["fields"],
        },
    ]);
}

/// What a create answers leads to the operations on what it made: OpenAPI links from its success to each
/// operation whose path names it, with the id taken from the answer (for stateful tools such as schemathesis).
fn links(doc: &mut Value) {
    let source = json!({"sourceId": "$response.body#/data/source/id"});
    let destination = json!({"destinationId": "$response.body#/data/destination/id"});
    let filter = json!({"destinationId": "$request.path.destinationId", "filterId": "$response.body#/data/filter/id"});
    let plan = json!({"trackingPlanId": "$response.body#/data/trackingPlan/id"});
    let regulation = json!({"regulateId": "$response.body#/data/regulateId"});
    let label = json!({"key": "$response.body#/data/label/key", "value": "$response.body#/data/label/value"});
    let of_source = [
        "getSource",
        "updateSource",
        "deleteSource",
        "listConnectedDestinationsFromSource",
        "listSchemaSettingsInSource",
        "updateSchemaSettingsInSource",
        "addLabelsToSource",
        "replaceLabelsInSource",
        "listRegulationsFromSource",
        "createSourceRegulation",
    ];
    let of_destination = [
        "getDestination",
        "updateDestination",
        "deleteDestination",
        "listFiltersFromDestination",
        "createFilterForDestination",
    ];
    let of_filter = ["getFilterInDestination", "updateFilterForDestination", "removeFilterFromDestination"];
    let of_plan = [
        "getTrackingPlan",
        "updateTrackingPlan",
        "deleteTrackingPlan",
        "listRulesFromTrackingPlan",
        "replaceRulesInTrackingPlan",
        "updateRulesInTrackingPlan",
        "removeRulesFromTrackingPlan",
        "listSourcesFromTrackingPlan",
        "addSourceToTrackingPlan",
        "removeSourceFromTrackingPlan",
    ];
    let table: [(&str, &[&str], &Value); 7] = [
        ("createSource", &of_source, &source),
        ("createDestination", &of_destination, &destination),
        ("createFilterForDestination", &of_filter, &filter),
        ("createTrackingPlan", &of_plan, &plan),
        ("createWorkspaceRegulation", &["getRegulation", "deleteRegulation"], &regulation),
        ("createSourceRegulation", &["getRegulation"], &regulation),
        ("createLabel", &["deleteLabel"], &label),
    ];
    let paths = doc["paths"].as_object_mut().expect("the document has paths");
    let ops = paths.values_mut().filter_map(Value::as_object_mut).flat_map(|item| item.values_mut());
    for op in ops {
        let Some((_, targets, parameters)) = table.iter().find(|(from, ..)| op["operationId"] == *from) else {
            continue;
        };
        let success = if op["responses"].get("201").is_some() { "201" } else { "200" };
        let links: serde_json::Map<String, Value> = targets
            .iter()
            .map(|target| (target.to_string(), json!({"operationId": target, "parameters": parameters})))
            .collect();
        op["responses"][success]["links"] = Value::Object(links);
    }
}

/// Leaves out the component schemas nothing refers to (the data of `Envelope<T>` is inlined where it is used, so
/// the `T` registered beside it is not).
fn prune(doc: &mut Value) {
    loop {
        let text = doc.to_string();
        let Some(schemas) = doc["components"]["schemas"].as_object_mut() else { return };
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
    use crate::emulator::catalog::Catalog;

    /// The checked-in document is what the handlers' attributes describe today.
    #[test]
    fn generated_public_openapi_json_is_current() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/emulator/public/openapi.json");
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

    /// Each operation once, under the SDK's name and one of its APIs' tags; every schema referred to is defined.
    #[test]
    fn the_document_names_every_operation_once_as_the_sdk_does() {
        let doc = described();
        assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
        let tags: Vec<&str> = doc["tags"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
        let mut ids = BTreeSet::new();
        for item in doc["paths"].as_object().unwrap().values() {
            for op in item.as_object().unwrap().values() {
                let id = op["operationId"].as_str().unwrap();
                assert!(id.chars().all(|c| c.is_ascii_alphanumeric()) && id.starts_with(char::is_lowercase), "{id}");
                assert!(ids.insert(id.to_string()), "{id} twice");
                assert_eq!(op["tags"].as_array().unwrap().len(), 1, "{id}");
                assert!(tags.contains(&op["tags"][0].as_str().unwrap()), "{id}");
            }
        }
        assert_eq!(ids.len(), 51 + 31 + 37 + 10);
        for id in [
            "getWorkspace",
            "listConnectedDestinationsFromSource",
            "getSourcesCatalog",
            "removeRulesFromTrackingPlan",
            "createDestinationSubscription",
            "updateSubscriptionForDestination",
        ] {
            assert!(ids.contains(id), "{id}");
        }
        let text = doc.to_string();
        let schemas = doc["components"]["schemas"].as_object().unwrap();
        for reference in text.split("\"#/components/schemas/").skip(1) {
            let name = &reference[..reference.find('"').unwrap()];
            assert!(schemas.contains_key(name), "undefined schema {name}");
        }
    }

    /// docs/reference/public-api.md's statuses: 201 for `createSource` and `createLabel`, 200 for the rest; every error
    /// with its body, a 429 with `Retry-After`.
    #[test]
    fn statuses_and_errors_are_the_contracts() {
        let doc = described();
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let id = op["operationId"].as_str().unwrap();
                let created = [
                    "createSource",
                    "createLabel",
                    "createWarehouse",
                    "addConnectionFromSourceToWarehouse",
                    "createReverseEtlModel",
                    "createProfilesWarehouse",
                    "createInvites",
                ];
                let success = if created.contains(&id) { "201" } else { "200" };
                let responses = op["responses"].as_object().unwrap();
                assert!(responses.contains_key(success), "{method} {path}");
                for status in ["401", "403", "404", "429", "500"] {
                    let schema = &responses[status]["content"]["application/json"]["schema"]["$ref"];
                    assert_eq!(schema, &json!(format!("#/components/schemas/Error{status}")), "{id} {status}");
                }
                assert_eq!(responses["429"]["headers"]["Retry-After"]["required"], true, "{id}");
                let has_body = op.get("requestBody").is_some();
                assert_eq!(responses.contains_key("413"), has_body, "{id}");
            }
        }
        let create = &doc["paths"]["/sources"]["post"]["responses"]["201"]["content"]["application/json"]["schema"];
        assert_eq!(create["$ref"], "#/components/schemas/Envelope_SourceData");
        let list = &doc["paths"]["/sources"]["get"]["parameters"][0];
        assert_eq!(
            (&list["name"], &list["style"], &list["in"]),
            (&json!("pagination"), &json!("deepObject"), &json!("query"))
        );
    }

    /// The served document is the checked-in one with the catalog's rules: a destination a seed adds is an
    /// alternative of the create body, with its settings.
    #[test]
    fn the_served_document_adds_the_emulators_catalog() {
        let mut catalog = Catalog::builtin();
        catalog.learn_destination("acme", [("api_key", "string")].into_iter());
        let served = super::super::document(&catalog);
        let described = described();
        let schemas = &served["components"]["schemas"];
        let sources = schemas["CreateSource"]["properties"]["metadataId"]["enum"].as_array().unwrap();
        assert_eq!(sources.len(), catalog.sources.len());
        let acme = catalog.destination("acme").unwrap();
        let inputs = schemas["CreateDestination"]["oneOf"].as_array().unwrap();
        let alternative = inputs.iter().find(|i| i["title"] == "acme").expect("an alternative for acme");
        assert_eq!(alternative["properties"]["metadataId"]["enum"], json!([Catalog::destination_id(acme)]));
        assert_eq!(alternative["properties"]["settings"]["properties"]["api_key"], json!({}));
        assert!(alternative["required"].as_array().unwrap().contains(&json!("sourceId")));
        for key in ["openapi", "info", "paths", "security", "tags"] {
            assert_eq!(served[key], described[key], "{key}");
        }
    }
}
