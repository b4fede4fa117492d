//! The Public API's OpenAPI 3.1 document, served at `GET /openapi-public.json` (no token). As the Config API's
//! (`config::openapi`): each operation is described by the `#[utoipa::path]` on its handler and collected from the
//! route table (`public::table!`), whose handlers are named after the SDK's operations; what no handler states (the
//! bearer scheme, the errors of the gate, the rules of the bodies) is added by `Modify` implementations. All of it is
//! the same for every emulator, so it is described in tests (`describe.rs`) and checked in as `openapi.json`; a
//! running emulator parses that and adds what depends on its catalog (the catalog ids a create body may name, each
//! destination's settings), and the router serves each handler where that document places its operation.

use serde_json::{Value, json};

use crate::emulator::catalog::Catalog;
use crate::emulator::outbox;
use crate::wire::CatalogDestination;
use crate::wire::operations::OPERATIONS;

#[cfg(test)]
mod describe;

/// The document as `describe::described` builds it (`describe::tests` fails when `openapi.json` is stale), compacted
/// by `build.rs`.
const DESCRIBED: &str = include_str!(concat!(env!("OUT_DIR"), "/public-openapi.json"));

/// A handler's operation id: the SDK's name of the operation (`wire::operations`) that its name spells without
/// the underscores, whatever the case (`get_daily_workspace_api_calls_usage` is `getDailyWorkspaceAPICallsUsage`);
/// else its name in lowerCamelCase (`list_sources` is `listSources`).
pub fn operation_id(handler: &str) -> String {
    let bare: String = handler.chars().filter(|c| *c != '_').collect();
    if let Some(op) = OPERATIONS.iter().find(|op| op.operation.eq_ignore_ascii_case(&bare)) {
        return op.operation.to_string();
    }
    let mut id = String::with_capacity(handler.len());
    let mut upper = false;
    for c in handler.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            id.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            id.push(c);
        }
    }
    id
}

/// Where the checked-in document serves each operation: its id, with its path and method.
pub fn operations() -> Vec<(String, String, String)> {
    let doc: Value = serde_json::from_str(DESCRIBED).expect("the checked-in document is JSON");
    let paths = doc["paths"].as_object().into_iter().flatten();
    let methods = paths.filter_map(|(path, item)| Some((path, item.as_object()?)));
    let operations = methods.flat_map(|(path, item)| item.iter().map(move |(method, op)| (path, method, op)));
    operations
        .filter_map(|(path, method, op)| Some((op["operationId"].as_str()?.into(), path.clone(), method.clone())))
        .collect()
}

/// The document `GET /openapi-public.json` serves: the checked-in one, with the catalog this emulator runs with.
pub fn document(catalog: &Catalog) -> Value {
    let mut doc = serde_json::from_str(DESCRIBED).expect("the checked-in document is JSON");
    catalog_rules(&mut doc, catalog);
    doc
}

/// What depends on the catalog: a new source's `metadataId` is the id of a catalog source; a new destination's, the
/// id of a catalog destination, whose settings (and for `webhooks` their values) are the only ones its `settings`
/// may hold; an update's settings are those of some catalog destination.
fn catalog_rules(doc: &mut Value, catalog: &Catalog) {
    let schemas = &mut doc["components"]["schemas"];
    let ids: Vec<String> = catalog.sources.iter().map(Catalog::source_id).collect();
    schemas["CreateSource"]["properties"]["metadataId"] =
        json!({"type": "string", "enum": ids, "description": "the id of a source of the catalog"});
    let alternatives: Vec<Value> =
        catalog.destinations.iter().map(|d| create_destination(&schemas["CreateDestination"], d)).collect();
    let mut input = json!({"oneOf": alternatives});
    input["description"] = schemas["CreateDestination"]["description"].clone();
    schemas["CreateDestination"] = input;
    let mut any = serde_json::Map::new();
    for destination in &catalog.destinations {
        any.extend(settings(destination));
    }
    schemas["UpdateDestination"]["properties"]["settings"] = json!({
        "type": ["object", "null"],
        "properties": any,
        "description": "settings of the destination's catalog entry, merged by key; `null` removes one",
    });
}

/// The create body of one catalog destination: its `metadataId`, and its settings only.
fn create_destination(described: &Value, destination: &CatalogDestination) -> Value {
    let mut alternative = described.clone();
    alternative.as_object_mut().map(|o| o.remove("description"));
    alternative["title"] = json!(crate::wire::public::map::catalog_slug(&destination.name));
    alternative["properties"]["metadataId"] = json!({"type": "string", "enum": [Catalog::destination_id(destination)]});
    alternative["properties"]["settings"] = json!({
        "type": "object",
        "properties": settings(destination),
        "additionalProperties": false,
    });
    alternative
}

/// A catalog destination's settings: for `webhooks`, the values its checks take; any value for the others.
fn settings(destination: &CatalogDestination) -> serde_json::Map<String, Value> {
    let slug = crate::wire::public::map::catalog_slug(&destination.name);
    destination
        .settings
        .iter()
        .map(|setting| {
            let value = match (slug, setting.name.as_str()) {
                (outbox::WEBHOOKS, "hooks") => crate::emulator::config::openapi::hooks(),
                (outbox::WEBHOOKS, _) => json!({"type": ["string", "null"]}),
                _ => json!({}),
            };
            (setting.name.clone(), value)
        })
        .collect()
}
