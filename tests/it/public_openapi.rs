//! `GET /openapi-public.json` against the Public API's routes: the document is served without a token, every
//! documented (path, method) reaches a handler with real ids, every other method of a documented path and every
//! method of the paths around documented ones is the door's 404 `not-found`, so the document and the router cannot
//! drift apart. (The route table registers a handler only at the place the document gives its operation:
//! `emulator::public`.)

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Value, json};

use crate::support::{Answer, TestEnv, WRITE};

const METHODS: [&str; 8] = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE"];

/// The operations of docs/reference/public-api.md's table, by the SDK's names.
const OPERATIONS: usize = 51 + 31 + 37 + 10;

async fn document(env: &TestEnv) -> Value {
    let answer = env.raw("GET", "/openapi-public.json", None, None).await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    assert_eq!(answer.headers["content-type"], "application/json");
    answer.json
}

/// Documented methods by path, upper case.
fn operations(doc: &Value) -> BTreeMap<String, BTreeSet<String>> {
    doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(path, item)| (path.clone(), item.as_object().unwrap().keys().map(|m| m.to_uppercase()).collect()))
        .collect()
}

/// Whether an answer is the door's own 404: no operation at this path and method.
fn unrouted(answer: &Answer) -> bool {
    answer.status == 404
        && answer.json["errors"][0]["message"].as_str().is_some_and(|m| m.starts_with("no such operation"))
}

/// The `data` of a success (200, or 201 for a create that answers so).
#[track_caller]
fn made(answer: &Answer) -> &Value {
    assert!([200, 201].contains(&answer.status), "{} {}", answer.status, answer.text);
    &answer.json["data"]
}

/// Real ids for every path parameter: a source with a Webhooks (Actions) destination, its filter, its mapping (a
/// destination subscription), a plan it is on, a regulation, a label, catalog entries, an insert function with its
/// version and an instance on the destination, the owner and a user group.
async fn fixtures(env: &TestEnv) -> BTreeMap<&'static str, String> {
    let sources = env.get("/catalog/sources").await.ok()["data"]["sourcesCatalog"].clone();
    let javascript = sources.as_array().unwrap().iter().find(|s| s["slug"] == "javascript").unwrap()["id"].clone();
    let destinations = env.get("/catalog/destinations").await.ok()["data"]["destinationsCatalog"].clone();
    let webhooks = destinations.as_array().unwrap().iter().find(|d| d["slug"] == "webhooks").unwrap()["id"].clone();
    let source = json!({"slug": "web", "enabled": true, "metadataId": javascript});
    let source = made(&env.call("POST", "/sources", Some(source)).await)["source"]["id"].clone();
    let actions = seg::wire::actions::catalog::WEBHOOKS.metadata_id;
    let destination = json!({"sourceId": source, "metadataId": actions, "settings": {}});
    let destination =
        env.call("POST", "/destinations", Some(destination)).await.ok()["data"]["destination"]["id"].clone();
    let destination = destination.as_str().unwrap().to_string();
    let filter = json!({"sourceId": source, "if": "all", "actions": [{"type": "DROP"}], "title": "t", "enabled": true});
    let filter = env.call("POST", &format!("/destination/{destination}/filters"), Some(filter)).await.ok().clone();
    let mapping = json!({"name": "m", "actionId": "send", "trigger": "type = \"track\"", "enabled": true,
                         "settings": {"url": "https://example.com/in"}});
    let mapping = env.call("POST", &format!("/destinations/{destination}/subscriptions"), Some(mapping)).await;
    let mapping = mapping.ok()["data"]["destinationSubscription"]["id"].as_str().unwrap().to_string();
    let plan = json!({"name": "Main", "type": "LIVE"});
    let plan = env.call("POST", "/tracking-plans", Some(plan)).await.ok()["data"]["trackingPlan"]["id"].clone();
    let plan = plan.as_str().unwrap().to_string();
    env.call("POST", &format!("/tracking-plans/{plan}/sources"), Some(json!({"sourceId": source}))).await.ok();
    let regulation = json!({"regulationType": "SUPPRESS_ONLY", "subjectType": "USER_ID", "subjectIds": ["u1"]});
    let regulation = env.call("POST", "/regulations", Some(regulation)).await.ok()["data"]["regulateId"].clone();
    made(&env.call("POST", "/labels", Some(json!({"label": {"key": "team", "value": "core"}}))).await);
    let warehouses = env.get("/catalog/warehouses").await.ok()["data"]["warehousesCatalog"].clone();
    let postgres = warehouses.as_array().unwrap().iter().find(|w| w["slug"] == "postgres").unwrap()["id"].clone();
    let settings = json!({"hostname": "db", "port": 5432, "database": "d", "username": "u", "password": "secret"});
    let warehouse = json!({"metadataId": postgres, "settings": settings});
    let warehouse = made(&env.call("POST", "/warehouses", Some(warehouse.clone())).await)["warehouse"]["id"].clone();
    let warehouse = warehouse.as_str().unwrap().to_string();
    made(
        &env.call("POST", &format!("/warehouses/{warehouse}/connected-sources/{}", source.as_str().unwrap()), None)
            .await,
    );
    let model = json!({"sourceId": source, "name": "m", "description": "", "enabled": true,
                       "scheduleStrategy": "MANUAL", "scheduleConfig": {}, "query": "select 1",
                       "queryIdentifierColumn": "id"});
    let model = made(&env.call("POST", "/reverse-etl-models", Some(model)).await)["reverseEtlModel"]["id"].clone();
    let sync = json!({"sourceId": source, "modelId": model, "subscriptionId": "s"});
    let sync =
        made(&env.call("POST", "/reverse-etl-syncs", Some(sync)).await)["reverseETLManualSync"]["syncId"].clone();
    let transformation = json!({"name": "t", "sourceId": source, "enabled": true, "if": "event = \"A\""});
    let transformation =
        made(&env.call("POST", "/transformations", Some(transformation)).await)["transformation"]["id"].clone();
    let space = env.get("/spaces").await.ok()["data"]["spaces"][0]["id"].as_str().unwrap().to_string();
    let profiles = json!({"metadataId": postgres, "settings": settings});
    let profiles = env.call("POST", &format!("/spaces/{space}/profiles-warehouses"), Some(profiles)).await;
    let profiles = made(&profiles)["profilesWarehouse"]["id"].as_str().unwrap().to_string();
    let function = json!({"code": "x", "displayName": "f", "resourceType": "INSERT_DESTINATION"});
    let function = env.call("POST", "/functions", Some(function)).await.ok()["data"]["function"]["id"].clone();
    let function = function.as_str().unwrap().to_string();
    let versions = env.get(&format!("/functions/{function}/versions")).await;
    let version = versions.ok()["data"]["versions"][0]["id"].as_str().unwrap().to_string();
    let instance = json!({"functionId": function, "integrationId": destination, "name": "i", "settings": {}});
    let instance = env.call("POST", "/insert-function-instances", Some(instance)).await;
    let instance = instance.ok()["data"]["insertFunctionInstance"]["id"].as_str().unwrap().to_string();
    let user = env.get("/users").await.ok()["data"]["users"][0]["id"].as_str().unwrap().to_string();
    let group = env.call("POST", "/groups", Some(json!({"name": "g"}))).await.ok()["data"]["userGroup"]["id"].clone();
    BTreeMap::from([
        ("warehouseId", warehouse),
        ("warehouseMetadataId", postgres.as_str().unwrap().to_string()),
        ("modelId", model.as_str().unwrap().to_string()),
        ("syncId", sync.as_str().unwrap().to_string()),
        ("transformationId", transformation.as_str().unwrap().to_string()),
        ("spaceId", space),
        ("profilesWarehouseId", profiles),
        ("functionId", function),
        ("versionId", version),
        ("instanceId", instance),
        ("userId", user),
        ("userGroupId", group.as_str().unwrap().to_string()),
        ("sourceId", source.as_str().unwrap().to_string()),
        ("destinationId", destination),
        ("filterId", filter["data"]["filter"]["id"].as_str().unwrap().to_string()),
        ("id", mapping),
        ("trackingPlanId", plan),
        ("regulateId", regulation.as_str().unwrap().to_string()),
        ("key", "team".to_string()),
        ("value", "core".to_string()),
        ("sourceMetadataId", javascript.as_str().unwrap().to_string()),
        ("destinationMetadataId", webhooks.as_str().unwrap().to_string()),
    ])
}

fn concrete(template: &str, names: &BTreeMap<&str, String>) -> String {
    // A space's profiles warehouse is no warehouse: its id is another fixture's.
    let template = template.replace("/profiles-warehouses/{warehouseId}", "/profiles-warehouses/{profilesWarehouseId}");
    template
        .split('/')
        .map(|segment| match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            Some(param) => names.get(param).unwrap_or_else(|| panic!("no fixture for {{{param}}}")).clone(),
            None => segment.to_string(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[tokio::test]
async fn the_document_is_openapi_3_1_without_a_token_and_beside_the_config_apis() {
    let env = TestEnv::start().await;
    let doc = document(&env).await;
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"), "{}", doc["openapi"]);
    assert_eq!(doc["components"]["securitySchemes"]["bearer"]["scheme"], "bearer");
    assert_eq!(doc["security"], json!([{"bearer": []}]));
    let count: usize = operations(&doc).values().map(BTreeSet::len).sum();
    assert_eq!(count, OPERATIONS);
    // Every path is the Public API's: none under the Config API's prefix, which its own document describes.
    let config = env.raw("GET", "/openapi.json", None, None).await.json;
    for path in operations(&doc).keys() {
        assert!(!path.starts_with("/v1beta") && config["paths"].get(path).is_none(), "{path}");
    }
    // Not an API call: the requests log does not see it.
    assert!(env.requests().await.is_empty());
    // The catalog's ids are the create bodies' `metadataId`s.
    let sources = env.get("/catalog/sources").await.ok()["data"]["sourcesCatalog"].clone();
    let ids = &doc["components"]["schemas"]["CreateSource"]["properties"]["metadataId"]["enum"];
    assert_eq!(ids.as_array().unwrap().len(), sources.as_array().unwrap().len());
}

#[tokio::test]
async fn every_documented_operation_reaches_its_handler() {
    let env = TestEnv::start().await;
    let doc = document(&env).await;
    let names = fixtures(&env).await;
    let mut calls: Vec<(String, String)> = operations(&doc)
        .into_iter()
        .flat_map(|(path, methods)| methods.into_iter().map(move |m| (m, path.clone())))
        .collect();
    // Deletes last, the deepest first, so each finds what it deletes.
    calls.sort_by_key(|(method, path)| (method == "DELETE", std::cmp::Reverse(path.len())));
    assert_eq!(calls.len(), OPERATIONS);
    for (method, template) in calls {
        let path = concrete(&template, &names);
        let body = matches!(method.as_str(), "POST" | "PUT" | "PATCH").then(|| json!({}));
        let answer = env.call(&method, &path, body).await;
        let what = format!("{method} {template} ({path}): {} {}", answer.status, answer.text);
        assert!(!unrouted(&answer), "{what}");
        match (method.as_str(), template.as_str()) {
            // Only an INITIALIZED regulation can be deleted: this one (a suppression) sends nothing, so it is
            // FINISHED when made.
            ("DELETE", "/regulations/{regulateId}") => assert_eq!(answer.status, 400, "{what}"),
            // The source to disconnect is named in the query, which is empty here.
            ("DELETE", "/tracking-plans/{trackingPlanId}/sources") => assert_eq!(answer.status, 422, "{what}"),
            // So are the functions to list, their instances' function, the users, invites and members to delete.
            ("GET", "/functions" | "/insert-function-instances")
            | ("DELETE", "/users" | "/invites" | "/group/{userGroupId}/users") => {
                assert_eq!(answer.status, 422, "{what}")
            }
            // A deploy needs no body.
            ("POST", "/functions/{functionId}/deploy") => assert_eq!(answer.status, 200, "{what}"),
            // The delivery overview and usage reads need their window or period, in the query.
            ("GET", _) if template.starts_with("/delivery-overview/") || template.starts_with("/usage/") => {
                assert_eq!(answer.status, 422, "{what}")
            }
            ("GET" | "DELETE", _) => assert_eq!(answer.status, 200, "{what}"),
            // A connection has no body: connected (again), 201.
            ("POST", "/warehouses/{warehouseId}/connected-sources/{sourceId}") => {
                assert_eq!(answer.status, 201, "{what}")
            }
            // `{}` lacks what a create needs: the handler says which field.
            ("POST", _) => assert_eq!(answer.status, 422, "{what}"),
            // An update of nothing changes nothing; a replace of nothing lacks its list.
            _ => assert!([200, 422].contains(&answer.status), "{what}"),
        }
    }
    // The deletes took: the route table sent each to its handler.
    assert_eq!(env.get(&concrete("/sources/{sourceId}", &names)).await.status, 404);
    assert_eq!(env.get(&concrete("/tracking-plans/{trackingPlanId}", &names)).await.status, 404);
}

#[tokio::test]
async fn every_undocumented_method_of_a_documented_path_is_not_found() {
    let env = TestEnv::start().await;
    let doc = document(&env).await;
    let names = fixtures(&env).await;
    let mut checked = 0;
    for (template, documented) in operations(&doc) {
        let path = concrete(&template, &names);
        for method in METHODS.into_iter().filter(|m| !documented.contains(*m)) {
            let answer = env.raw(method, &path, Some(WRITE), None).await;
            if method == "HEAD" {
                // No body to a HEAD; axum would have answered it with the GET handler.
                assert_eq!(answer.status, 404, "{method} {template}");
            } else {
                assert!(unrouted(&answer), "{method} {template}: {} {}", answer.status, answer.text);
                assert_eq!(answer.json["errors"][0]["type"], "not-found");
            }
            checked += 1;
        }
    }
    let paths = operations(&doc).len();
    assert_eq!(checked, paths * METHODS.len() - OPERATIONS);
}

#[tokio::test]
async fn no_path_around_a_documented_one_is_served_undocumented() {
    let env = TestEnv::start().await;
    let doc = document(&env).await;
    let names = fixtures(&env).await;
    let templates: Vec<String> = operations(&doc).into_keys().collect();
    let documented: BTreeSet<String> = templates.iter().map(|template| concrete(template, &names)).collect();
    let matches = |path: &str, template: &str| {
        let (path, template): (Vec<&str>, Vec<&str>) = (path.split('/').collect(), template.split('/').collect());
        path.len() == template.len() && path.iter().zip(&template).all(|(p, t)| p == t || t.starts_with('{'))
    };
    let mut probes = BTreeSet::new();
    for path in &documented {
        probes.insert(format!("{}/x", path.trim_end_matches('/')));
        let mut prefix = path.as_str();
        while let Some((parent, _)) = prefix.rsplit_once('/').filter(|(parent, _)| !parent.is_empty()) {
            if !documented.contains(parent) {
                probes.insert(parent.to_string());
            }
            prefix = parent;
        }
    }
    probes.retain(|path| !templates.iter().any(|template| matches(path, template)));
    assert!(probes.contains("/destination") && probes.contains("/catalog"), "{probes:?}");
    for path in &probes {
        for method in METHODS {
            let answer = env.raw(method, path, Some(WRITE), None).await;
            if method == "HEAD" {
                assert_eq!(answer.status, 404, "{method} {path}");
            } else {
                assert!(unrouted(&answer), "{method} {path}: {} {}", answer.status, answer.text);
            }
        }
    }
}
