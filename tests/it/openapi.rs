//! `GET /openapi.json` against the route table: every documented (path, method) reaches a handler with real names,
//! every other method of a documented path is 501 / code 12, and the paths around documented ones (their parents,
//! one segment deeper) are 404 / code 5 for every method, so the document and the router cannot drift apart. (The
//! route table itself registers a path only together with its document entry: `emulator::router`.)

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Value, json};

use crate::support::{TestEnv, WRITE};

const METHODS: [&str; 8] = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE"];

/// The paths the emulator serves (docs/reference/config-api.md, "Resource names" and "Pagination").
const PATHS: [&str; 22] = [
    "/v1beta/workspaces/{workspace}/sources/{source}/destinations/{destination}/filters",
    "/v1beta/workspaces/{workspace}/sources/{source}/destinations/{destination}/filters/{filter}",
    "/v1beta/workspaces/{workspace}/sources/{source}/destinations/{destination}/config/{config}/filters/{filter}",
    "/v1beta/workspaces/{workspace}/sources/{source}/schema-config",
    "/v1beta/workspaces",
    "/v1beta/workspaces/{workspace}",
    "/v1beta/workspaces/{workspace}/sources",
    "/v1beta/workspaces/{workspace}/sources/{source}",
    "/v1beta/workspaces/{workspace}/sources/{source}/destinations",
    "/v1beta/workspaces/{workspace}/sources/{source}/destinations/{destination}",
    "/v1beta/workspaces/{workspace}/tracking-plans",
    "/v1beta/workspaces/{workspace}/tracking-plans/{tracking_plan}",
    "/v1beta/workspaces/{workspace}/tracking-plans/{tracking_plan}/source-connections",
    "/v1beta/workspaces/{workspace}/tracking-plans/{tracking_plan}/source-connections/{source}",
    "/v1beta/workspaces/{workspace}/regulations",
    "/v1beta/workspaces/{workspace}/regulations/{regulation}",
    "/v1beta/access-tokens",
    "/v1beta/access-tokens/{access_token}",
    "/v1beta/catalog/sources",
    "/v1beta/catalog/sources/{catalog_source}",
    "/v1beta/catalog/destinations",
    "/v1beta/catalog/destinations/{catalog_destination}",
];

async fn document(env: &TestEnv) -> Value {
    let answer = env.raw("GET", "/openapi.json", None, None).await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    assert!(answer.headers["content-type"].to_str().unwrap().starts_with("application/json"));
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

/// Real names for every path parameter: a source with a webhooks destination, a tracking plan connected to it, a
/// regulation, an access token.
async fn fixtures(env: &TestEnv) -> BTreeMap<&'static str, String> {
    env.create_source("demo", "web").await.ok();
    let destination = json!({"destination": {"name": "workspaces/demo/sources/web/destinations/webhooks"}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(destination)).await.ok();
    let plan = json!({"tracking_plan": {"display_name": "Main"}});
    let plan = env.call("POST", "/v1beta/workspaces/demo/tracking-plans", Some(plan)).await.ok().clone();
    let plan_id = plan["name"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    let connect = json!({"source_name": "workspaces/demo/sources/web"});
    let connections = format!("/v1beta/workspaces/demo/tracking-plans/{plan_id}/source-connections");
    env.call("POST", &connections, Some(connect)).await.ok();
    let regulation = json!({"regulation_type": "Suppress", "attributes": {"name": "userId", "values": ["u1"]}});
    let regulation = env.call("POST", "/v1beta/workspaces/demo/regulations", Some(regulation)).await.ok().clone();
    let token = json!({"access_token": {"description": "doomed", "scopes": "workspace:read"}});
    let token = env.call("POST", "/v1beta/access-tokens", Some(token)).await.ok().clone();
    let filter = json!({"filter": {"title": "t", "if": "all", "actions": [{"type": "drop_event"}]}});
    let filters = "/v1beta/workspaces/demo/sources/web/destinations/webhooks/filters";
    let filter = env.call("POST", filters, Some(filter)).await.ok().clone();
    let filter_id = filter["name"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    BTreeMap::from([
        ("workspace", "demo".to_string()),
        ("source", "web".to_string()),
        ("destination", "webhooks".to_string()),
        ("tracking_plan", plan_id),
        ("regulation", regulation["regulate_id"].as_str().unwrap().to_string()),
        ("access_token", token["name"].as_str().unwrap().rsplit('/').next().unwrap().to_string()),
        ("catalog_source", "javascript".to_string()),
        ("catalog_destination", "webhooks".to_string()),
        ("filter", filter_id),
        ("config", "0123456789abcdef".to_string()),
    ])
}

fn concrete(template: &str, names: &BTreeMap<&str, String>) -> String {
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
async fn the_document_is_openapi_3_without_a_token_and_lists_every_path() {
    let env = TestEnv::start().await;
    let doc = document(&env).await;
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."), "{}", doc["openapi"]);
    let paths: BTreeSet<&str> = doc["paths"].as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(paths, PATHS.into_iter().collect());
    assert_eq!(doc["components"]["securitySchemes"]["bearer"]["scheme"], "bearer");
    assert_eq!(doc["security"], json!([{"bearer": []}]));
    // Every operation documents its errors with the error body, and writes their 403.
    for (path, methods) in operations(&doc) {
        for method in methods {
            let op = &doc["paths"][&path][method.to_lowercase()];
            for status in ["200", "400", "401", "429", "500", "503"] {
                assert!(op["responses"][status].is_object(), "{method} {path}: no {status}");
            }
            let error = &op["responses"]["401"]["content"]["application/json"]["schema"]["$ref"];
            assert_eq!(error, "#/components/schemas/Error16", "{method} {path}");
            assert_eq!(op["responses"]["403"].is_object(), method != "GET", "{method} {path}: 403");
        }
    }
    // The API's own requests log does not see it: it is not an API call.
    assert!(env.requests().await.is_empty());
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
    assert_eq!(calls.len(), 45);
    for (method, template) in calls {
        let path = concrete(&template, &names);
        // A filter has two names: the first delete (the longer, 2022 form) takes it, so the short form makes it again.
        if method == "DELETE" && template.ends_with("/destinations/{destination}/filters/{filter}") {
            let again = json!({"filter": {"title": "t", "if": "all", "actions": [{"type": "drop_event"}]}});
            let filters = path.rsplit_once('/').unwrap().0;
            let made = env.call("POST", filters, Some(again)).await.ok().clone();
            let id = made["name"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
            let answer = env.call("DELETE", &format!("{filters}/{id}"), None).await;
            assert_eq!(answer.status, 200, "DELETE {template}: {}", answer.text);
            continue;
        }
        let body = matches!(method.as_str(), "POST" | "PUT" | "PATCH").then(|| json!({}));
        let answer = env.call(&method, &path, body).await;
        let what = format!("{method} {template} ({path}): {} {}", answer.status, answer.text);
        match method.as_str() {
            // Reads and deletes of things that exist succeed.
            "GET" | "DELETE" => assert_eq!(answer.status, 200, "{what}"),
            // `{}` is no valid create body, but it is the handler that says so; an update with no mask is a no-op.
            "POST" => answer.assert_error(400, 3),
            _ => assert_eq!(answer.status, 200, "{what}"),
        }
    }
    // The deletes took: the route table sent each to its handler.
    env.get("/v1beta/workspaces/demo/sources/web").await.assert_error(404, 5);
    env.get(&concrete("/v1beta/access-tokens/{access_token}", &names)).await.assert_error(404, 5);
}

#[tokio::test]
async fn every_undocumented_method_of_a_documented_path_is_unimplemented() {
    let env = TestEnv::start().await;
    let doc = document(&env).await;
    let names = fixtures(&env).await;
    let mut checked = 0;
    for (template, documented) in operations(&doc) {
        let path = concrete(&template, &names);
        for method in METHODS.into_iter().filter(|m| !documented.contains(*m)) {
            let answer = env.raw(method, &path, Some(WRITE), None).await;
            if method == "HEAD" {
                // No body to a HEAD.
                assert_eq!(answer.status, 501, "{method} {template}");
            } else {
                answer.assert_error(501, 12);
            }
            checked += 1;
        }
    }
    // 22 paths by 8 methods, less the 45 documented operations.
    assert_eq!(checked, 22 * 8 - 45);
}

#[tokio::test]
async fn no_path_around_a_documented_one_is_served_undocumented() {
    let env = TestEnv::start().await;
    let doc = document(&env).await;
    let names = fixtures(&env).await;
    let templates: Vec<String> = operations(&doc).into_keys().collect();
    let documented: BTreeSet<String> = templates.iter().map(|template| concrete(template, &names)).collect();
    // A path a documented template matches (`/access-tokens/x`) is documented, whatever its name.
    let matches = |path: &str, template: &str| {
        let (path, template): (Vec<&str>, Vec<&str>) = (path.split('/').collect(), template.split('/').collect());
        path.len() == template.len() && path.iter().zip(&template).all(|(p, t)| p == t || t.starts_with('{'))
    };
    let mut probes = BTreeSet::new();
    for path in &documented {
        probes.insert(format!("{path}/x"));
        let mut prefix = path.as_str();
        while let Some((parent, _)) = prefix.rsplit_once('/').filter(|(parent, _)| !parent.is_empty()) {
            if !documented.contains(parent) {
                probes.insert(parent.to_string());
            }
            prefix = parent;
        }
    }
    probes.retain(|path| !templates.iter().any(|template| matches(path, template)));
    assert!(probes.contains("/v1beta") && probes.contains("/v1beta/catalog"), "{probes:?}");
    for path in &probes {
        for method in METHODS {
            let answer = env.raw(method, path, Some(WRITE), None).await;
            if method == "HEAD" {
                assert_eq!(answer.status, 404, "{method} {path}");
            } else {
                answer.assert_error(404, 5);
            }
        }
    }
}
