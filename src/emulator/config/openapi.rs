//! The emulator's OpenAPI 3.1 document, served at `GET /openapi.json` (no token). Each operation is described by the
//! `#[utoipa::path]` on its handler and collected from the route table (`router::table!`), so what is served and
//! what is documented are one list. What a handler's attribute cannot say is added by `Modify` implementations on
//! the typed document: the bearer scheme, the errors every operation can meet at the front door, and the validation
//! rules of bodies and parameters, from the same constants and the same catalog the handlers use.
//!
//! All but the catalog's rules are the same for every emulator, so they are described once, in tests
//! (`describe.rs`), and checked in as `openapi.json`; a running emulator parses that and adds its catalog's rules,
//! and the router serves each handler where that document places its operation. So utoipa's derives and attributes
//! are `cfg_attr(test, ...)` everywhere: describing compiles to over a megabyte of builder code that `seg` would
//! otherwise build and carry only to run it once.

use serde_json::Value;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{
    ArrayBuilder, ArrayItems, Object, ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type,
};

#[cfg(test)]
use crate::wire::Resource as _;

use crate::emulator::catalog::{Catalog, DESTINATIONS, SOURCES};
use crate::emulator::outbox;
use crate::wire::{CONNECTION_MODES, CatalogDestination};

#[cfg(test)]
mod describe;

/// The slug rule (`wire::valid_slug`) as a regular expression.
pub const SLUG: &str = "[a-z0-9][a-z0-9_-]{0,254}";

/// The document as `describe::described` builds it (`describe::tests` fails when `openapi.json` is stale), compacted by
/// `build.rs`.
const DESCRIBED: &str = include_str!(concat!(env!("OUT_DIR"), "/config-openapi.json"));

/// Where the checked-in document serves each operation: its id (the handler's name), with its path and method.
pub fn operations() -> Vec<(String, String, String)> {
    let doc: Value = serde_json::from_str(DESCRIBED).expect("the checked-in document is JSON");
    let paths = doc["paths"].as_object().into_iter().flatten();
    let methods = paths.filter_map(|(path, item)| Some((path, item.as_object()?)));
    let operations = methods.flat_map(|(path, item)| item.iter().map(move |(method, op)| (path, method, op)));
    operations
        .filter_map(|(path, method, op)| Some((op["operationId"].as_str()?.into(), path.clone(), method.clone())))
        .collect()
}

/// The document `GET /openapi.json` serves: the route table's operations, with the rules of the front door and the
/// request bodies (all checked in), and those of the catalog this emulator runs with.
pub fn document(catalog: &Catalog) -> Value {
    let mut doc = serde_json::from_str(DESCRIBED).expect("the checked-in document is JSON");
    catalog_rules(&mut doc, catalog);
    doc
}

// ---- schemas built from the handlers' constants ----

fn string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String)
}

fn pattern(pattern: impl Into<String>) -> Object {
    string().pattern(Some(pattern)).build()
}

/// An array of `items`, for items that are not a builder.
fn array_of(items: impl Into<RefOr<Schema>>) -> ArrayBuilder {
    ArrayBuilder::new().items(ArrayItems::RefOrSchema(Box::new(items.into())))
}

fn one_of(items: impl IntoIterator<Item = impl Into<RefOr<Schema>>>) -> Schema {
    items.into_iter().fold(OneOfBuilder::new(), |one_of, item| one_of.item(item)).build().into()
}

/// `null` or the rule (protobuf JSON reads `null` as the empty value).
fn nullable(rule: impl Into<RefOr<Schema>>) -> Schema {
    one_of([RefOr::T(Object::with_type(Type::Null).into()), rule.into()])
}

fn any_value() -> Object {
    Object::with_type(SchemaType::AnyValue)
}

pub fn connection_mode() -> Schema {
    nullable(string().enum_values(Some(CONNECTION_MODES)))
}

#[cfg(test)]
pub fn source_mask() -> Schema {
    update_mask(crate::wire::Source::KEY, super::mask::SOURCE)
}

#[cfg(test)]
pub fn destination_mask() -> Schema {
    update_mask(crate::wire::Destination::KEY, super::mask::DESTINATION)
}

#[cfg(test)]
pub fn tracking_plan_mask() -> Schema {
    update_mask(crate::wire::TrackingPlan::KEY, super::mask::TRACKING_PLAN)
}

#[cfg(test)]
pub fn filter_mask() -> Schema {
    update_mask("", super::mask::FILTER)
}

#[cfg(test)]
pub fn schema_config_mask() -> Schema {
    update_mask(crate::wire::SchemaConfig::KEY, &super::mask::schema_config())
}

/// The mask of an Update body: `{"paths": [...]}` or one comma-separated string, of the updatable paths (prefixed
/// with `key.` unless `key` is empty).
#[cfg(test)]
fn update_mask(key: &str, updatable: &[&str]) -> Schema {
    let prefix = |p: &&str| if key.is_empty() { p.to_string() } else { format!("{key}.{p}") };
    let paths: Vec<String> = updatable.iter().map(prefix).collect();
    let one = paths.iter().map(|p| p.replace('.', "\\.")).collect::<Vec<_>>().join("|");
    let listed = ArrayBuilder::new().items(string().enum_values(Some(paths)));
    let object = ObjectBuilder::new().property("paths", nullable(listed));
    let joined = string()
        .pattern(Some(format!("^(({one})(,({one}))*)?$")))
        .description(Some("the protobuf JSON form of a FieldMask: paths joined by commas"));
    one_of([RefOr::T(Object::with_type(Type::Null).into()), object.into(), joined.into()])
}

/// A tracking plan's rules (`tracking_plans::normalize_rules`).
#[cfg(test)]
fn rules() -> Object {
    ObjectBuilder::new()
        .property(
            "events",
            ArrayBuilder::new()
                .items(Object::new())
                .description(Some("`{name, description, version, rules}` objects, kept as sent")),
        )
        .property("global", Object::new())
        .property("identify", Object::new())
        .property("group", Object::new())
        .property("identify_traits", Object::with_type(Type::Array))
        .property("group_traits", Object::with_type(Type::Array))
        .build()
}

#[cfg(test)]
pub fn nullable_rules() -> Schema {
    nullable(rules())
}

/// `^(<collection>/)?<slug>$`: the full name, or leniently the bare slug.
fn name_pattern(collection: &str, slug: &str) -> String {
    format!("^({collection}/)?{slug}$")
}

/// A component schema's property; the property must exist (the wire type has the field), so a missing one is a bug
/// here.
fn property<'d>(doc: &'d mut Value, schema: &str, field: &str) -> &'d mut Value {
    let found = doc.pointer_mut(&format!("/components/schemas/{schema}/properties/{field}"));
    found.unwrap_or_else(|| panic!("no property {schema}.{field}"))
}

/// A schema built here, as the document's JSON.
fn value(schema: impl Into<RefOr<Schema>>) -> Value {
    serde_json::to_value(schema.into()).expect("a schema serializes")
}

/// What depends on the catalog the emulator runs with: the slugs in paths, a source's `catalog_name`, and each
/// destination's settings (for `webhooks`, their values). It is applied to the served JSON: utoipa reads back less
/// than it writes (an untyped schema, `{}`, does not parse), and its schemas are built here as everywhere.
fn catalog_rules(doc: &mut Value, catalog: &Catalog) {
    let destinations =
        value(string().enum_values(Some(slugs(DESTINATIONS, catalog.destinations.iter().map(|d| &d.name)))));
    let sources = value(string().enum_values(Some(slugs(SOURCES, catalog.sources.iter().map(|s| &s.name)))));
    let operations = doc["paths"].as_object_mut().into_iter().flat_map(|paths| paths.values_mut());
    let parameters = operations.filter_map(Value::as_object_mut).flat_map(|item| item.values_mut());
    for param in parameters.filter_map(|op| op["parameters"].as_array_mut()).flatten() {
        if param["in"] != "path" {
            continue;
        }
        match param["name"].as_str() {
            Some("destination" | "catalog_destination") => param["schema"] = destinations.clone(),
            Some("catalog_source") => param["schema"] = sources.clone(),
            _ => {}
        }
    }
    let names: Vec<&str> = catalog.sources.iter().map(|s| s.name.as_str()).collect();
    *property(doc, "SourceInput", "catalog_name") = value(string().enum_values(Some(names)));
    // Destinations: one alternative per catalog destination, with its settings and their values.
    let collection = format!("workspaces/{SLUG}/sources/{SLUG}/destinations");
    let alternatives = catalog.destinations.iter().map(|d| destination_input(&collection, d));
    let mut input = one_of(alternatives);
    if let Schema::OneOf(one_of) = &mut input {
        one_of.description =
            Some("`name` ends in a catalog destination's slug; `config` names settings of that destination".into());
    }
    doc["components"]["schemas"]["DestinationInput"] = value(input);
    let any_item = one_of(catalog.destinations.iter().flat_map(|d| config_items(&collection, d)));
    *property(doc, "DestinationFields", "config") = value(nullable(array_of(any_item)));
}

fn slugs<'a>(prefix: &str, names: impl Iterator<Item = &'a String>) -> Vec<String> {
    names.filter_map(|n| n.strip_prefix(prefix).and_then(|s| s.strip_prefix('/')).map(String::from)).collect()
}

fn destination_input(collection: &str, destination: &CatalogDestination) -> Object {
    let slug = destination.name.rsplit('/').next().unwrap_or_default();
    let config = one_of(config_items(collection, destination));
    ObjectBuilder::new()
        .title(Some(slug))
        .required("name")
        .property("name", pattern(name_pattern(collection, slug)))
        .property("enabled", nullable(Object::with_type(Type::Boolean)))
        .property("connection_mode", connection_mode())
        .property("config", nullable(array_of(config)))
        .build()
}

/// A config item for each setting of a catalog destination: its name, and for the webhooks settings its value.
fn config_items(collection: &str, destination: &CatalogDestination) -> Vec<Object> {
    let slug = destination.name.rsplit('/').next().unwrap_or_default();
    destination
        .settings
        .iter()
        .map(|setting| {
            let value: RefOr<Schema> = match (slug, setting.name.as_str()) {
                (outbox::WEBHOOKS, "hooks") => {
                    nullable(ArrayBuilder::new().max_items(Some(crate::webhook::deliver::MAX_URLS)).items(hook()))
                        .into()
                }
                (outbox::WEBHOOKS, _) => nullable(string()).into(),
                _ => any_value().into(),
            };
            let kind = string().description(Some("lowercase; the catalog's when empty or absent"));
            ObjectBuilder::new()
                .required("name")
                .property("name", pattern(name_pattern(&format!("{collection}/{slug}/config"), &setting.name)))
                .property("display_name", string())
                .property("value", value)
                .property("type", kind)
                .build()
        })
        .collect()
}

/// The value of the webhooks destination's `hooks` setting: `null` or up to `MAX_URLS` hooks (the Public API's
/// document states the same rule with it).
pub fn hooks() -> Value {
    value(nullable(ArrayBuilder::new().max_items(Some(crate::webhook::deliver::MAX_URLS)).items(hook())))
}

/// One webhook URL with its headers (`deliver::custom_header`: HTTP names and values, not the reserved names).
fn hook() -> Object {
    let any_case = |name: &str| -> String {
        name.chars()
            .map(|c| if c.is_ascii_alphabetic() { format!("[{c}{}]", c.to_ascii_uppercase()) } else { c.to_string() })
            .collect()
    };
    let reserved: Vec<String> = crate::http::CONNECTION_HEADERS
        .iter()
        .chain(&[crate::webhook::deliver::SIGNATURE_HEADER])
        .map(|h| any_case(h))
        .collect();
    let name = format!("^(?!({})$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$", reserved.join("|"));
    let value = "^[^\\u0000-\\u0008\\u000A-\\u001F\\u007F]*$";
    let map = ObjectBuilder::new()
        .property_names(Some(Object::from(ObjectBuilder::new().schema_type(SchemaType::AnyValue).pattern(Some(&name)))))
        .additional_properties(Some(string().pattern(Some(value))));
    let pair = ObjectBuilder::new()
        .required("key")
        .required("value")
        .property("key", pattern(&name))
        .property("value", pattern(value));
    let list = ArrayBuilder::new().items(pair);
    ObjectBuilder::new()
        .required("hook")
        .property("hook", pattern("^https?://"))
        .property("headers", one_of([RefOr::T(Object::with_type(Type::Null).into()), map.into(), list.into()]))
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::wrapper;
    use serde_json::json;

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
        assert_eq!(count, 45);
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
            ("FilterPage", wrapper::FILTERS),
            ("AccessTokenPage", wrapper::ACCESS_TOKENS),
            ("CatalogSourcePage", wrapper::SOURCES),
            ("CatalogDestinationPage", wrapper::DESTINATIONS),
        ] {
            let props = schemas[page]["properties"].as_object().unwrap();
            assert!(props.contains_key(key) && props.contains_key(wrapper::NEXT_PAGE_TOKEN), "{page}");
        }
    }

    #[test]
    fn every_schema_referred_to_is_defined_and_every_one_defined_is_used() {
        let doc = document(&Catalog::builtin());
        let text = doc.to_string();
        let schemas = doc["components"]["schemas"].as_object().unwrap();
        for name in schemas.keys() {
            assert!(text.contains(&format!("\"#/components/schemas/{name}\"")), "unused schema {name}");
        }
        for reference in text.split("\"#/components/schemas/").skip(1) {
            let name = &reference[..reference.find('"').unwrap()];
            assert!(schemas.contains_key(name), "undefined schema {name}");
        }
    }

    #[test]
    fn parameters_and_bodies_carry_the_handlers_rules() {
        let text = document(&Catalog::builtin());
        let op = &text["paths"]["/v1beta/workspaces/{workspace}/sources/{source}/destinations/{destination}"]["get"];
        let params = op["parameters"].as_array().unwrap();
        for param in &params[..2] {
            assert_eq!(param["schema"]["pattern"], format!("^{SLUG}$"), "{param}");
            assert_eq!(param["required"], true, "{param}");
        }
        assert!(params[2]["schema"]["enum"].as_array().unwrap().contains(&json!("webhooks")));
        let list = &text["paths"]["/v1beta/workspaces"]["get"]["parameters"];
        assert_eq!(list[0]["schema"]["maximum"], crate::emulator::config::paging::MAX_PAGE_SIZE);
        let create = &text["paths"]["/v1beta/workspaces/{workspace}/sources"]["post"];
        let body = &create["requestBody"]["content"]["application/json"]["schema"]["$ref"];
        assert_eq!(body, "#/components/schemas/CreateSource");
        let name = &text["components"]["schemas"]["SourceInput"]["properties"]["name"]["pattern"];
        assert_eq!(name, &json!(format!("^(workspaces/{SLUG}/sources/)?{SLUG}$")));
        let names = &text["components"]["schemas"]["AccessTokenInput"]["properties"]["workspace_names"]["oneOf"];
        assert_eq!(names[0], json!({"type": "null"}), "{names}");
    }
}
