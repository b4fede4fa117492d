//! The emulator's Public API front door against docs/reference/public-api.md: each operation's path, status and `data`
//! keys, the `{"errors": [..]}` refusals, cursor paging, rate-limit headers, censored secrets, and one store behind
//! both doors: what is made through one API is seen, renamed and deleted through the other.

use serde_json::{Value, json};

use crate::support::{Answer, READ, TestEnv, WRITE};

const JAVASCRIPT: &str = "catalog/sources/javascript";

/// The Public API id of a catalog entry, read from the catalog the way a client does.
async fn catalog_id(env: &TestEnv, kind: &str, slug: &str) -> String {
    let key = format!("{kind}Catalog");
    let answer = env.get(&format!("/catalog/{kind}?pagination[count]=200")).await;
    let entries = answer.ok()["data"][&key].as_array().unwrap().clone();
    let entry = entries.iter().find(|e| e["slug"] == slug).unwrap_or_else(|| panic!("{slug} in {}", answer.text));
    entry["id"].as_str().unwrap().to_string()
}

/// Asserts a Public API refusal: this status, a non-empty `errors` list whose first has this type (and field).
#[track_caller]
fn refused(answer: &Answer, status: u16, kind: &str, field: Option<&str>) {
    assert_eq!(answer.status, status, "{}", answer.text);
    let error = &answer.json["errors"][0];
    assert_eq!(error["type"], kind, "{}", answer.text);
    assert!(answer.json.get("data").is_none(), "never data and errors both: {}", answer.text);
    if let Some(field) = field {
        assert_eq!(error["field"], field, "{}", answer.text);
    }
    assert!(!error["message"].as_str().unwrap_or_default().is_empty(), "{}", answer.text);
}

/// `data` of a success with this status.
#[track_caller]
fn data(answer: &Answer, status: u16) -> Value {
    assert_eq!(answer.status, status, "{}", answer.text);
    assert_eq!(answer.headers["content-type"], "application/json", "{}", answer.text);
    answer.json["data"].clone()
}

async fn create_source(env: &TestEnv, slug: &str) -> Value {
    let metadata = catalog_id(env, "sources", "javascript").await;
    let answer =
        env.call("POST", "/sources", Some(json!({"slug": slug, "enabled": true, "metadataId": metadata}))).await;
    data(&answer, 201)["source"].clone()
}

async fn create_webhooks(env: &TestEnv, source: &str, settings: Value) -> Value {
    let metadata = catalog_id(env, "destinations", "webhooks").await;
    let body = json!({"sourceId": source, "metadataId": metadata, "enabled": true, "settings": settings});
    data(&env.call("POST", "/destinations", Some(body)).await, 200)["destination"].clone()
}

#[tokio::test]
async fn the_workspace_and_sources_in_the_sdks_shapes() {
    let env = TestEnv::start().await;
    let workspace = data(&env.get("/").await, 200)["workspace"].clone();
    assert_eq!(workspace["slug"], "demo");
    assert_eq!(workspace["id"].as_str().unwrap().len(), 22);

    let source = create_source(&env, "web").await;
    assert_eq!(source["slug"], "web");
    assert_eq!(source["enabled"], true);
    assert_eq!(source["workspaceId"], workspace["id"]);
    assert_eq!(source["metadata"]["slug"], "javascript");
    assert_eq!(source["metadata"]["status"], "PUBLIC", "TS73 and PY73 require it");
    assert_eq!(source["writeKeys"].as_array().unwrap().len(), 1);
    assert_eq!(source["labels"], json!([]));
    let id = source["id"].as_str().unwrap();

    // getSource has the plan beside the source, null when none.
    let got = data(&env.get(&format!("/sources/{id}")).await, 200);
    assert_eq!(got["source"], source);
    assert_eq!(got["trackingPlanId"], Value::Null);

    // The same record through the Config API.
    let config = env.get("/v1beta/workspaces/demo/sources/web").await;
    assert_eq!(config.ok()["catalog_name"], JAVASCRIPT);
    assert_eq!(config.ok()["write_keys"], source["writeKeys"]);

    // Updated through the Public API: only the fields sent change; a new slug renames it for both APIs.
    let body = json!({"name": "Web site", "enabled": false, "slug": "site", "settings": {"a": 1}});
    let updated = data(&env.call("PATCH", &format!("/sources/{id}"), Some(body)).await, 200)["source"].clone();
    assert_eq!((updated["id"].as_str(), updated["slug"].as_str()), (Some(id), Some("site")));
    assert_eq!((updated["name"].as_str(), updated["enabled"].as_bool()), (Some("Web site"), Some(false)));
    assert_eq!(updated["settings"], json!({"a": 1}));
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/web").await.status, 404);
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/site").await.ok()["display_name"], "Web site");

    // Deleted through the Config API: gone from the Public API.
    env.call("DELETE", "/v1beta/workspaces/demo/sources/site", None).await.ok();
    refused(&env.get(&format!("/sources/{id}")).await, 404, "not-found", None);
    refused(&env.call("DELETE", &format!("/sources/{id}"), None).await, 404, "not-found", None);
}

#[tokio::test]
async fn a_source_made_through_the_config_api_has_an_id_on_the_public_api() {
    let env = TestEnv::start().await;
    env.create_source("demo", "app").await.ok();
    let sources = data(&env.get("/sources").await, 200);
    let source = &sources["sources"][0];
    assert_eq!(source["slug"], "app");
    assert_eq!(source["enabled"], true, "a Config API source has no enabled: it is enabled");
    assert_eq!(sources["pagination"]["current"], "MA==");
    assert_eq!(sources["pagination"]["totalEntries"], 1);
    assert!(sources["pagination"].get("next").is_none() && sources["pagination"].get("previous").is_none());
    let id = source["id"].as_str().unwrap();
    let again = data(&env.get(&format!("/sources/{id}")).await, 200);
    assert_eq!(again["source"]["id"], id, "an id is the record's for good");
}

#[tokio::test]
async fn a_config_item_written_as_a_password_is_censored_on_the_public_api() {
    let env = TestEnv::start().await;
    env.create_source("demo", "app").await.ok();
    // amplitude's catalog entry does not type apiKey a secret; the item written through the Config API does.
    let body = json!({"destination": {"name": "workspaces/demo/sources/app/destinations/amplitude", "enabled": true,
        "config": [{"name": "apiKey", "value": "amp-k3y-0001", "type": "password"}]}});
    env.call("POST", "/v1beta/workspaces/demo/sources/app/destinations", Some(body)).await.ok();
    let listed = data(&env.get("/destinations").await, 200);
    assert_eq!(listed["destinations"][0]["settings"]["apiKey"], "••••••••••0001", "{listed}");
}

#[tokio::test]
async fn destinations_settings_secrets_and_further_instances() {
    let env = TestEnv::start().await;
    let source = create_source(&env, "web").await;
    let source_id = source["id"].as_str().unwrap();
    let hooks = json!([{"hook": "https://example.com/in", "headers": {}}]);
    let destination =
        create_webhooks(&env, source_id, json!({"hooks": hooks, "sharedSecret": "0123456789abc9f3c"})).await;
    assert_eq!(destination["sourceId"], source_id);
    assert_eq!(destination["metadata"]["slug"], "webhooks");
    assert_eq!(destination["metadata"]["supportedFeatures"]["cloudModeInstances"], "MULTIPLE");
    assert_eq!(destination["settings"]["sharedSecret"], "••••••••••9f3c", "secrets are censored");
    assert_eq!(destination["settings"]["hooks"], hooks);
    let id = destination["id"].as_str().unwrap();
    assert!(id.len() == 24 && id.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");

    // The Config API holds the secret itself, and delivers with it.
    let config = env.get("/v1beta/workspaces/demo/sources/web/destinations/webhooks").await;
    let secret = config.ok()["config"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["name"].as_str().unwrap().ends_with("/sharedSecret"))
        .unwrap()["value"]
        .clone();
    assert_eq!(secret, "0123456789abc9f3c");

    // A censored value written back keeps the secret; null removes a setting; the rest merge.
    let body = json!({"enabled": false, "name": "Primary", "settings": {"sharedSecret": "••••••••••9f3c", "globalHook": null, "hooks": []}});
    let updated =
        data(&env.call("PATCH", &format!("/destinations/{id}"), Some(body)).await, 200)["destination"].clone();
    assert_eq!((updated["enabled"].as_bool(), updated["name"].as_str()), (Some(false), Some("Primary")));
    assert_eq!(updated["settings"], json!({"sharedSecret": "••••••••••9f3c", "hooks": []}));
    let config = env.get("/v1beta/workspaces/demo/sources/web/destinations/webhooks").await;
    assert!(config.text.contains("0123456789abc9f3c"), "{}", config.text);

    // A second webhooks destination on the source: the Public API lists both, the Config API the first only.
    let second = create_webhooks(&env, source_id, json!({})).await;
    assert_ne!(second["id"], destination["id"]);
    let listed = data(&env.get(&format!("/sources/{source_id}/connected-destinations")).await, 200);
    assert_eq!(listed["destinations"].as_array().unwrap().len(), 2);
    assert_eq!(data(&env.get("/destinations").await, 200)["destinations"].as_array().unwrap().len(), 2);
    let config = env.get("/v1beta/workspaces/demo/sources/web/destinations").await;
    assert_eq!(config.ok()["destinations"].as_array().unwrap().len(), 1);
    // A single-instance entry refuses a second.
    let amplitude = catalog_id(&env, "destinations", "amplitude").await;
    let body = json!({"sourceId": source_id, "metadataId": amplitude, "settings": {"apiKey": "k"}});
    data(&env.call("POST", "/destinations", Some(body.clone())).await, 200);
    refused(&env.call("POST", "/destinations", Some(body)).await, 400, "bad-request", None);

    // Bad input names its field.
    let body = json!({"sourceId": "nope", "metadataId": amplitude, "settings": {}});
    refused(&env.call("POST", "/destinations", Some(body)).await, 422, "input-validation", Some("sourceId"));
    let body = json!({"sourceId": source_id, "metadataId": amplitude});
    refused(&env.call("POST", "/destinations", Some(body)).await, 422, "input-validation", Some("settings"));
    let webhooks = catalog_id(&env, "destinations", "webhooks").await;
    let body = json!({"sourceId": source_id, "metadataId": webhooks, "settings": {"nope": 1}});
    refused(&env.call("POST", "/destinations", Some(body)).await, 422, "input-validation", Some("settings.nope"));
    let hooks: Vec<Value> = (0..6).map(|n| json!({"hook": format!("https://example.com/{n}")})).collect();
    let body = json!({"settings": {"hooks": hooks}});
    refused(
        &env.call("PATCH", &format!("/destinations/{id}"), Some(body)).await,
        422,
        "input-validation",
        Some("settings.hooks"),
    );

    // Deleted: gone from both.
    data(&env.call("DELETE", &format!("/destinations/{id}"), None).await, 200);
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/web/destinations/webhooks").await.status, 404);
}

#[tokio::test]
async fn filters_under_the_singular_destination_path() {
    let env = TestEnv::start().await;
    let source = create_source(&env, "web").await;
    let source_id = source["id"].as_str().unwrap();
    let destination = create_webhooks(&env, source_id, json!({})).await;
    let id = destination["id"].as_str().unwrap();
    let body = json!({"sourceId": source_id, "if": "type = 'track'", "title": "Only tracks", "enabled": true,
                      "actions": [{"type": "DROP_PROPERTIES", "fields": {"properties": ["email"]}}]});
    let filter =
        data(&env.call("POST", &format!("/destination/{id}/filters"), Some(body.clone())).await, 200)["filter"].clone();
    assert_eq!((filter["destinationId"].as_str(), filter["sourceId"].as_str()), (Some(id), Some(source_id)));
    assert_eq!(filter["actions"], json!([{"type": "DROP_PROPERTIES", "fields": {"properties": ["email"]}}]));
    let filter_id = filter["id"].as_str().unwrap();
    // Through the Config API: the same filter in its shape.
    let config = env.get("/v1beta/workspaces/demo/sources/web/destinations/webhooks/filters").await;
    let config = &config.ok()["filters"][0];
    assert!(config["name"].as_str().unwrap().ends_with(&format!("/df_{filter_id}")), "{config}");
    assert_eq!(config["actions"][0]["type"], "blacklist_fields");

    let updated =
        env.call("PATCH", &format!("/destination/{id}/filters/{filter_id}"), Some(json!({"enabled": false}))).await;
    assert_eq!(data(&updated, 200)["filter"]["enabled"], false);
    assert_eq!(data(&updated, 200)["filter"]["title"], "Only tracks", "what was not sent stays");
    let listed = data(&env.get(&format!("/destination/{id}/filters")).await, 200);
    assert_eq!(listed["filters"].as_array().unwrap().len(), 1);
    // The plural path is no route; a filter of another destination is unknown here; a bad source is 422.
    refused(&env.get(&format!("/destinations/{id}/filters")).await, 404, "not-found", None);
    let other = create_webhooks(&env, source_id, json!({})).await;
    let other = other["id"].as_str().unwrap();
    refused(&env.get(&format!("/destination/{other}/filters/{filter_id}")).await, 404, "not-found", None);
    let mut bad = body.clone();
    bad["sourceId"] = json!("someone-else");
    refused(
        &env.call("POST", &format!("/destination/{id}/filters"), Some(bad)).await,
        422,
        "input-validation",
        Some("sourceId"),
    );
    let mut bad = body.clone();
    bad["actions"] = json!([{"type": "SAMPLE", "percent": 2}]);
    refused(
        &env.call("POST", &format!("/destination/{id}/filters"), Some(bad)).await,
        422,
        "input-validation",
        Some("actions.0.percent"),
    );
    let mut bad = body;
    bad["if"] = json!("type = ");
    refused(
        &env.call("POST", &format!("/destination/{id}/filters"), Some(bad)).await,
        422,
        "input-validation",
        Some("if"),
    );
    data(&env.call("DELETE", &format!("/destination/{id}/filters/{filter_id}"), None).await, 200);
    assert!(data(&env.get(&format!("/destination/{id}/filters")).await, 200)["filters"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn tracking_plans_rules_and_their_one_plan_per_source() {
    let env = TestEnv::start().await;
    let source = create_source(&env, "web").await;
    let source_id = source["id"].as_str().unwrap();
    refused(
        &env.call("POST", "/tracking-plans", Some(json!({"name": "Main"}))).await,
        422,
        "input-validation",
        Some("type"),
    );
    refused(
        &env.call("POST", "/tracking-plans", Some(json!({"name": "Main", "type": "NOPE"}))).await,
        422,
        "input-validation",
        Some("type"),
    );
    let plan =
        env.call("POST", "/tracking-plans", Some(json!({"name": "Main", "type": "LIVE", "description": "d"}))).await;
    let plan = data(&plan, 200)["trackingPlan"].clone();
    let id = plan["id"].as_str().unwrap();
    assert!(id.starts_with("tp_") && id.len() == 30, "{id}");
    assert!(plan["resourceSchemaId"].as_str().unwrap().starts_with("rs_"));

    let rules = json!({"rules": [
        {"type": "COMMON", "jsonSchema": {"properties": {}}, "version": 1},
        {"type": "TRACK", "key": "Order Completed", "jsonSchema": {"properties": {"properties": {}}}, "version": 1},
        {"type": "PAGE", "key": "Home", "jsonSchema": null, "version": 1},
    ]});
    assert_eq!(
        data(&env.call("PUT", &format!("/tracking-plans/{id}/rules"), Some(rules)).await, 200),
        json!({"status": "SUCCESS"})
    );
    let listed = data(&env.get(&format!("/tracking-plans/{id}/rules")).await, 200);
    let kinds: Vec<&str> = listed["rules"].as_array().unwrap().iter().map(|r| r["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["COMMON", "TRACK", "PAGE"]);
    // The Config API sees the same rules in its shape.
    let resource_schema = plan["resourceSchemaId"].as_str().unwrap();
    let config = env.get(&format!("/v1beta/workspaces/demo/tracking-plans/{resource_schema}")).await;
    assert_eq!(config.ok()["rules"]["events"][0]["name"], "Order Completed");
    assert_eq!(config.ok()["display_name"], "Main");

    // Upsert renames; removal by (type, key, version) in the TS SDK's query form.
    let upsert = json!({"rules": [{"type": "TRACK", "key": "Order Completed", "newKey": "Order Done", "jsonSchema": {}, "version": 1}]});
    data(&env.call("PATCH", &format!("/tracking-plans/{id}/rules"), Some(upsert)).await, 200);
    let remove = "rules%5B0%5D%5Btype%5D=PAGE&rules%5B0%5D%5Bkey%5D=Home&rules%5B0%5D%5Bversion%5D=1";
    data(&env.call("DELETE", &format!("/tracking-plans/{id}/rules?{remove}"), None).await, 200);
    let listed = data(&env.get(&format!("/tracking-plans/{id}/rules")).await, 200);
    let keys: Vec<Value> = listed["rules"].as_array().unwrap().iter().map(|r| r["key"].clone()).collect();
    assert_eq!(keys, [Value::Null, json!("Order Done")]);
    let duplicates = json!({"rules": [{"type": "TRACK", "key": "a", "jsonSchema": {}, "version": 1}, {"type": "TRACK", "key": "a", "jsonSchema": {}, "version": 1}]});
    refused(
        &env.call("PUT", &format!("/tracking-plans/{id}/rules"), Some(duplicates)).await,
        422,
        "input-validation",
        Some("rules"),
    );

    // Sources: one plan each.
    data(&env.call("POST", &format!("/tracking-plans/{id}/sources"), Some(json!({"sourceId": source_id}))).await, 200);
    data(&env.call("POST", &format!("/tracking-plans/{id}/sources"), Some(json!({"sourceId": source_id}))).await, 200);
    assert_eq!(data(&env.get(&format!("/sources/{source_id}")).await, 200)["trackingPlanId"], id);
    let other = data(&env.call("POST", "/tracking-plans", Some(json!({"name": "Other", "type": "LIVE"}))).await, 200);
    let other = other["trackingPlan"]["id"].as_str().unwrap().to_string();
    refused(
        &env.call("POST", &format!("/tracking-plans/{other}/sources"), Some(json!({"sourceId": source_id}))).await,
        409,
        "conflict",
        None,
    );
    let connected = data(&env.get(&format!("/tracking-plans/{id}/sources")).await, 200);
    assert_eq!(connected["sources"][0]["id"], source_id);
    let config = env.get(&format!("/v1beta/workspaces/demo/tracking-plans/{resource_schema}/source-connections")).await;
    assert_eq!(config.ok()["connections"][0]["source_name"], "workspaces/demo/sources/web");
    data(&env.call("DELETE", &format!("/tracking-plans/{id}/sources?sourceId={source_id}"), None).await, 200);
    refused(
        &env.call("DELETE", &format!("/tracking-plans/{id}/sources?sourceId={source_id}"), None).await,
        404,
        "not-found",
        None,
    );

    // Update answers a status; the plan changed.
    data(&env.call("PATCH", &format!("/tracking-plans/{id}"), Some(json!({"name": "Renamed"}))).await, 200);
    let got = data(&env.get(&format!("/tracking-plans/{id}")).await, 200);
    assert_eq!(
        (got["trackingPlan"]["name"].as_str(), got["trackingPlan"]["description"].as_str()),
        (Some("Renamed"), Some("d"))
    );
    let live = data(&env.get("/tracking-plans?type=LIVE").await, 200);
    assert_eq!(live["trackingPlans"].as_array().unwrap().len(), 2);
    assert!(data(&env.get("/tracking-plans?type=ENGAGE").await, 200)["trackingPlans"].as_array().unwrap().is_empty());
    data(&env.call("DELETE", &format!("/tracking-plans/{id}"), None).await, 200);
    refused(&env.get(&format!("/tracking-plans/{id}")).await, 404, "not-found", None);
}

#[tokio::test]
async fn schema_settings_labels_and_regulations() {
    let env = TestEnv::start().await;
    let web = create_source(&env, "web").await;
    let quarantine = create_source(&env, "quarantine").await;
    let (web, quarantine) = (web["id"].as_str().unwrap(), quarantine["id"].as_str().unwrap());
    let settings = data(&env.get(&format!("/sources/{web}/settings")).await, 200);
    assert_eq!(settings["sourceId"], web);
    assert_eq!(settings["settings"]["track"]["allowUnplannedEvents"], true);
    let body = json!({"track": {"allowUnplannedEvents": false}, "forwardingBlockedEventsTo": quarantine});
    let settings = data(&env.call("PATCH", &format!("/sources/{web}/settings"), Some(body)).await, 200);
    assert_eq!(settings["settings"]["track"]["allowUnplannedEvents"], false);
    assert_eq!(settings["settings"]["track"]["allowUnplannedEventProperties"], true, "the rest stays");
    assert_eq!(settings["settings"]["forwardingBlockedEventsTo"], quarantine);
    let config = env.get("/v1beta/workspaces/demo/sources/web/schema-config").await;
    assert_eq!(config.ok()["forwarding_blocked_events_to"], "quarantine", "the Config API names it by slug");
    let body = json!({"forwardingViolationsTo": "nope"});
    refused(
        &env.call("PATCH", &format!("/sources/{web}/settings"), Some(body)).await,
        422,
        "input-validation",
        Some("forwardingViolationsTo"),
    );
    let body = json!({"identify": {"commonEventOnViolations": "OMIT_PROPERTIES"}});
    refused(&env.call("PATCH", &format!("/sources/{web}/settings"), Some(body)).await, 422, "input-validation", None);

    // Labels: the workspace's list first, then a source's.
    let labels = data(&env.get("/labels").await, 200);
    assert_eq!(labels["labels"].as_array().unwrap().len(), 2);
    let team = json!({"label": {"key": "team", "value": "data"}});
    assert_eq!(data(&env.call("POST", "/labels", Some(team.clone())).await, 201), team);
    refused(&env.call("POST", "/labels", Some(team)).await, 409, "conflict", None);
    let body = json!({"labels": [{"key": "team", "value": "data"}]});
    let added = data(&env.call("POST", &format!("/sources/{web}/labels"), Some(body)).await, 200);
    assert_eq!(added["labels"], json!([{"key": "team", "value": "data"}]));
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/web").await.ok()["labels"], json!({"team": "data"}));
    let body = json!({"labels": [{"key": "team", "value": "nope"}]});
    refused(&env.call("PUT", &format!("/sources/{web}/labels"), Some(body)).await, 404, "not-found", None);
    refused(&env.call("DELETE", "/labels/team/data", None).await, 409, "conflict", None);
    data(&env.call("PUT", &format!("/sources/{web}/labels"), Some(json!({"labels": []}))).await, 200);
    data(&env.call("DELETE", "/labels/team/data", None).await, 200);

    // Regulations.
    let body = json!({"regulationType": "SUPPRESS_WITH_DELETE", "subjectType": "USER_ID", "subjectIds": ["u1", "u2"]});
    let created = data(&env.call("POST", "/regulations", Some(body)).await, 200);
    let id = created["regulateId"].as_str().unwrap();
    let listed = data(&env.get("/regulations").await, 200);
    assert_eq!(listed["regulations"][0]["id"], id);
    assert_eq!(listed["regulations"][0]["regulationType"], "SUPPRESS_WITH_DELETE");
    assert_eq!(listed["regulations"][0]["subjects"], json!(["u1", "u2"]));
    let got = data(&env.get(&format!("/regulations/{id}")).await, 200);
    assert_eq!(got["regulation"]["overallStatus"], "FINISHED");
    let config = env.get("/v1beta/workspaces/demo/regulations").await;
    assert_eq!(config.ok()["regulations"][0]["regulation_type"], "Suppress_With_Delete");
    let body = json!({"regulationType": "DELETE_ONLY", "subjectType": "OBJECT_ID", "subjectIds": ["o"]});
    refused(
        &env.call("POST", &format!("/regulations/sources/{web}"), Some(body)).await,
        422,
        "input-validation",
        Some("subjectType"),
    );
    let body = json!({"regulationType": "DELETE_ONLY", "subjectType": "USER_ID", "subjectIds": ["u3"]});
    data(&env.call("POST", &format!("/regulations/sources/{web}"), Some(body)).await, 200);
    let of_source = data(&env.get(&format!("/regulations/sources/{web}")).await, 200);
    assert_eq!(of_source["regulations"].as_array().unwrap().len(), 1);
    assert!(of_source.get("pagination").is_none(), "this list has no pagination");
    let filtered = data(&env.get("/regulations?regulationTypes[0]=DELETE_ONLY").await, 200);
    assert_eq!(filtered["regulations"].as_array().unwrap().len(), 1);
    let body = json!({"regulationType": "DELETE_ONLY", "subjectType": "USER_ID", "subjectIds": []});
    refused(&env.call("POST", "/regulations", Some(body)).await, 422, "input-validation", Some("subjectIds"));
}

#[tokio::test]
async fn pages_follow_the_cursor_in_every_encoding() {
    let env = TestEnv::start().await;
    for n in 0..7 {
        env.create_source("demo", &format!("s{n}")).await.ok();
    }
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    let mut pages = 0;
    loop {
        let query = match &cursor {
            None => "pagination%5Bcount%5D=3".to_string(),
            Some(cursor) => format!("pagination%5Bcursor%5D={}&pagination%5Bcount%5D=3", urlencode(cursor)),
        };
        let page = data(&env.get(&format!("/sources?{query}")).await, 200);
        pages += 1;
        seen.extend(page["sources"].as_array().unwrap().iter().map(|s| s["slug"].as_str().unwrap().to_string()));
        assert_eq!(page["pagination"]["totalEntries"], 7);
        assert_eq!(page["pagination"].get("previous").is_some(), cursor.is_some());
        match page["pagination"]["next"].as_str() {
            Some(next) => cursor = Some(next.to_string()),
            None => break,
        }
    }
    assert_eq!(pages, 3);
    assert_eq!(seen, (0..7).map(|n| format!("s{n}")).collect::<Vec<_>>());
    // The Python SDK's JSON form and the docs' dot form read the same page.
    let python =
        data(&env.get("/sources?pagination=%7B%22count%22%3A%202%2C%20%22cursor%22%3A%20%22Mg%3D%3D%22%7D").await, 200);
    let dots = data(&env.get("/sources?pagination.count=2&pagination.cursor=Mg%3D%3D").await, 200);
    assert_eq!(python, dots);
    assert_eq!(python["sources"][0]["slug"], "s2");
    refused(&env.get("/sources?pagination[count]=0").await, 422, "input-validation", Some("pagination.count"));
    refused(
        &env.get("/sources?pagination[count]=5&pagination[cursor]=forged").await,
        422,
        "input-validation",
        Some("pagination.cursor"),
    );
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { char::from(b).to_string() } else { format!("%{b:02X}") })
        .collect()
}

#[tokio::test]
async fn refusals_in_the_public_apis_shape() {
    let env = TestEnv::start().await;
    refused(&env.raw("GET", "/sources", None, None).await, 401, "unauthorized", None);
    refused(&env.raw("GET", "/sources", Some("not-a-token"), None).await, 403, "forbidden", None);
    let metadata = catalog_id(&env, "sources", "javascript").await;
    let body = json!({"slug": "web", "enabled": true, "metadataId": metadata}).to_string().into_bytes();
    refused(&env.raw("POST", "/sources", Some(READ), Some(body.clone())).await, 403, "forbidden", None);
    assert_eq!(env.raw("POST", "/sources", Some(WRITE), Some(body.clone())).await.status, 201);
    refused(&env.raw("POST", "/sources", Some(WRITE), Some(body)).await, 409, "conflict", None);
    refused(&env.raw("POST", "/sources", Some(WRITE), Some(b"{".to_vec())).await, 400, "bad-request", None);
    let missing = json!({"slug": "x", "metadataId": metadata}).to_string().into_bytes();
    refused(&env.raw("POST", "/sources", Some(WRITE), Some(missing)).await, 422, "input-validation", Some("enabled"));
    let typed = json!({"slug": "x", "enabled": "yes", "metadataId": metadata}).to_string().into_bytes();
    refused(&env.raw("POST", "/sources", Some(WRITE), Some(typed)).await, 422, "input-validation", Some("enabled"));
    let slug = json!({"slug": "Not A Slug", "enabled": true, "metadataId": metadata}).to_string().into_bytes();
    refused(&env.raw("POST", "/sources", Some(WRITE), Some(slug)).await, 422, "input-validation", Some("slug"));
    refused(&env.get("/sources/unknown").await, 404, "not-found", None);
    refused(&env.call("PUT", "/sources", None).await, 404, "not-found", None);
    refused(&env.get("/access-tokens").await, 404, "not-found", None);
    let large = vec![b' '; 2 * 1024 * 1024 + 1];
    refused(&env.raw("POST", "/sources", Some(WRITE), Some(large.clone())).await, 413, "payload-too-large", None);
    // The Config API's limit is its own: 2 MiB of whitespace is read there, and refused as JSON.
    env.raw("POST", "/v1beta/workspaces/demo/sources", Some(WRITE), Some(large)).await.assert_error(400, 3);
}

#[tokio::test]
async fn one_rate_budget_across_both_apis_with_the_public_apis_headers() {
    let options = seg::emulator::EmulatorOptions { rate_limit: 4, ..Default::default() };
    let env = TestEnv::with(options).await;
    let first = env.get("/sources").await;
    assert_eq!(first.status, 200);
    assert_eq!(first.headers["x-ratelimit-consumed"], "1");
    assert_eq!(first.headers["x-ratelimit-remaining"], "3");
    let reset = first.headers["x-ratelimit-reset"].to_str().unwrap();
    assert!(reset.ends_with(" GMT"), "an IMF date: {reset}");
    env.get("/v1beta/workspaces").await.ok();
    env.get("/v1beta/workspaces").await.ok();
    let last = env.get("/").await;
    assert_eq!(last.headers["x-ratelimit-remaining"], "0");
    let limited = env.get("/sources").await;
    refused(&limited, 429, "RequestError", None);
    assert!(limited.json["errors"][0]["data"]["msBeforeNext"].as_u64().unwrap() >= 1000);
    assert!(limited.headers.contains_key("retry-after"));
    env.get("/v1beta/workspaces").await.assert_error(429, 8);
}

#[tokio::test]
async fn ids_survive_a_restart_with_data() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.redb");
    let options = || seg::emulator::EmulatorOptions { data: Some(path.clone()), ..Default::default() };
    let env = TestEnv::with(options()).await;
    env.create_source("demo", "web").await.ok();
    let id = data(&env.get("/sources").await, 200)["sources"][0]["id"].as_str().unwrap().to_string();
    env.stop().await;
    let env = TestEnv::with(options()).await;
    let again = data(&env.get("/sources").await, 200);
    assert_eq!(again["sources"][0]["id"], id, "ids survive a restart");
}

/// axum answers HEAD with a path's GET handler; the Public API has no HEAD, and a method a path lacks is 404.
#[tokio::test]
async fn head_is_a_method_no_path_has() {
    let env = TestEnv::start().await;
    for path in ["/", "/sources", "/catalog/sources"] {
        assert_eq!(env.raw("HEAD", path, Some(WRITE), None).await.status, 404, "{path}");
    }
}

// ---- found by schemathesis against /openapi-public.json (TESTING.md) ----

/// The lists of regulations named an enum value they do not know, or an empty one, and answered as if no filter
/// were given: docs/reference/public-api.md's 422 for an unknown enum value, naming the parameter.
#[tokio::test]
async fn a_regulation_filter_of_an_unknown_value_is_refused() {
    let env = TestEnv::start().await;
    let web = create_source(&env, "web").await;
    let web = web["id"].as_str().unwrap();
    for (query, field) in [
        ("status=AAA", "status"),
        ("regulationTypes=NOPE", "regulationTypes"),
        ("regulationTypes=", "regulationTypes"),
        ("regulationTypes[0]=DELETE_ONLY&regulationTypes[1]=", "regulationTypes"),
    ] {
        refused(&env.get(&format!("/regulations?{query}")).await, 422, "input-validation", Some(field));
        refused(&env.get(&format!("/regulations/sources/{web}?{query}")).await, 422, "input-validation", Some(field));
    }
    data(&env.get("/regulations?status=FINISHED&regulationTypes=DELETE_ONLY,UNSUPPRESS").await, 200);
}

/// serde reads a struct from a list of its fields' values as well, so `"group": [true]` was taken for
/// `{"allowUnplannedTraits": true}` and a label could be `["team", "data"]`: a wrong JSON type, 422.
#[tokio::test]
async fn a_list_where_an_object_belongs_is_refused() {
    let env = TestEnv::start().await;
    let web = create_source(&env, "web").await;
    let web = web["id"].as_str().unwrap();
    let settings = format!("/sources/{web}/settings");
    let body = json!({"group": [false, null]});
    refused(&env.call("PATCH", &settings, Some(body)).await, 422, "input-validation", Some("group"));
    let group = &data(&env.get(&settings).await, 200)["settings"]["group"];
    assert_eq!(group["allowUnplannedTraits"], true, "nothing changed");
    let body = json!({"label": ["team", "data"]});
    refused(&env.call("POST", "/labels", Some(body)).await, 422, "input-validation", Some("label"));
    let body = json!({"labels": [{"key": "environment", "value": "dev"}, ["environment", "prod"]]});
    refused(
        &env.call("POST", &format!("/sources/{web}/labels"), Some(body)).await,
        422,
        "input-validation",
        Some("labels.1"),
    );
    // Objects are read as before.
    let body = json!({"group": {"allowUnplannedTraits": false}});
    data(&env.call("PATCH", &settings, Some(body)).await, 200);
}

/// The rules path of a new live plan.
async fn new_plans_rules(env: &TestEnv) -> String {
    let body = json!({"name": "Main", "type": "LIVE"});
    let plan = data(&env.call("POST", "/tracking-plans", Some(body)).await, 200)["trackingPlan"]["id"].clone();
    format!("/tracking-plans/{}/rules", plan.as_str().unwrap())
}

/// A rule's `version` is a whole number, and JSON Schema's integers include `1.0`: it was refused (a client whose
/// numbers are all floating point sends so). Beyond the largest u64 it is still refused, not rounded.
#[tokio::test]
async fn a_rule_version_may_be_written_with_a_zero_fraction() {
    let env = TestEnv::start().await;
    let rules = new_plans_rules(&env).await;
    let body = json!({"rules": [{"type": "TRACK", "key": "Signed Up", "version": 2.0, "jsonSchema": {}}]});
    data(&env.call("PUT", &rules, Some(body)).await, 200);
    let listed = data(&env.get(&rules).await, 200);
    assert_eq!(listed["rules"][0]["version"], json!(2));
    for version in [json!(1.5), json!(-1), json!(18446744073709551616.0)] {
        let body = json!({"rules": [{"type": "TRACK", "key": "x", "version": version, "jsonSchema": {}}]});
        refused(&env.call("PUT", &rules, Some(body)).await, 422, "input-validation", Some("rules.0.version"));
    }
    let body = json!({"rules": [{"type": "TRACK", "key": "x", "version": u64::MAX, "jsonSchema": {}}]});
    data(&env.call("PATCH", &rules, Some(body)).await, 200);
    let body = json!({"rules": [{"type": "TRACK", "key": "Signed Up", "version": 2}, {"type": "TRACK", "key": "Signed Up", "version": 2.0}]});
    let answer = env.call("PUT", &rules, Some(body)).await;
    refused(&answer, 422, "input-validation", Some("rules"));
    assert!(answer.text.contains(r#"a second rule of type TRACK, key \"Signed Up\", version 2"#), "{}", answer.text);
}

/// A rule's other members may hold any JSON, integers beyond 64 bits included (schemathesis, 2026-11-28: an upsert
/// was refused 422, read through serde's buffer for a flattened struct, which holds no such integer).
#[tokio::test]
async fn a_rule_with_members_beyond_its_own_is_taken_whatever_they_hold() {
    let env = TestEnv::start().await;
    let rules = new_plans_rules(&env).await;
    let text = r#"{"rules": [{"type": "IDENTIFY", "version": 1, "other": [null, 5129287264594266423296, 1e400, true]},
                              {"type": "TRACK", "key": "k", "newKey": "n", "version": 2, "x": {"y": -99999999999999999999999}}]}"#;
    let answer = env.raw("PATCH", &rules, Some(WRITE), Some(text.as_bytes().to_vec())).await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    let listed = data(&env.get(&rules).await, 200);
    let mut kept: Vec<String> =
        listed["rules"].as_array().unwrap().iter().map(|r| format!("{}/{}", r["type"], r["key"])).collect();
    kept.sort();
    assert_eq!(kept, [r#""IDENTIFY"/null"#, r#""TRACK"/"n""#], "{listed}");
}

// ---- issue 35: what the service does, where the emulator did otherwise ----

/// A new source has no `name` (its display name) until one is set, whichever API made it; the Config API shows its
/// slug as `display_name` meanwhile (docs/EMULATOR.md), and follows a new slug while it has no name of its own.
#[tokio::test]
async fn a_new_source_has_no_name_until_one_is_set() {
    let env = TestEnv::start().await;
    let source = create_source(&env, "web").await;
    assert!(source.get("name").is_none(), "no name on create: {source}");
    let id = source["id"].as_str().unwrap();
    assert!(data(&env.get(&format!("/sources/{id}")).await, 200)["source"].get("name").is_none());
    assert!(data(&env.get("/sources").await, 200)["sources"][0].get("name").is_none());
    let config = env.get("/v1beta/workspaces/demo/sources/web").await;
    assert_eq!(config.ok()["display_name"], "web", "the Config API's shape (docs/EMULATOR.md): the slug");
    assert_eq!(config.ok()["name"], "workspaces/demo/sources/web");

    // A new slug while unnamed: still no name, and the Config API's display name follows the slug.
    let renamed = data(&env.call("PATCH", &format!("/sources/{id}"), Some(json!({"slug": "site"}))).await, 200);
    assert!(renamed["source"].get("name").is_none(), "{renamed}");
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/site").await.ok()["display_name"], "site");

    // Named, then cleared: no name again.
    let named = data(&env.call("PATCH", &format!("/sources/{id}"), Some(json!({"name": "Web site"}))).await, 200);
    assert_eq!(named["source"]["name"], "Web site");
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/site").await.ok()["display_name"], "Web site");
    let cleared = data(&env.call("PATCH", &format!("/sources/{id}"), Some(json!({"name": null}))).await, 200);
    assert!(cleared["source"].get("name").is_none(), "{cleared}");
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/site").await.ok()["display_name"], "site");

    // Through the Config API: no display name given is no name; one given, or set later, is the name.
    env.create_source("demo", "app").await.ok();
    let body = json!({"source": {"name": "workspaces/demo/sources/ios", "catalog_name": JAVASCRIPT,
                                 "display_name": "iOS"}});
    env.call("POST", "/v1beta/workspaces/demo/sources", Some(body)).await.ok();
    let listed = data(&env.get("/sources").await, 200)["sources"].clone();
    let by_slug = |slug: &str| listed.as_array().unwrap().iter().find(|s| s["slug"] == slug).unwrap().clone();
    assert!(by_slug("app").get("name").is_none(), "{listed}");
    assert_eq!(by_slug("ios")["name"], "iOS");
    let body = json!({"source": {"display_name": "App"}, "update_mask": {"paths": ["source.display_name"]}});
    env.call("PATCH", "/v1beta/workspaces/demo/sources/app", Some(body)).await.ok();
    let app = by_slug("app")["id"].as_str().unwrap().to_string();
    assert_eq!(data(&env.get(&format!("/sources/{app}")).await, 200)["source"]["name"], "App");
}

fn base62(id: &str, len: usize) -> bool {
    id.len() == len && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// A filter's Public API id is 22 letters and digits, as the service's; the Config API's is `df_` and the same id,
/// whichever API made it.
#[tokio::test]
async fn filter_ids_are_22_base62_and_df_before_them_on_the_config_api() {
    let env = TestEnv::start().await;
    let source = create_source(&env, "web").await;
    let source_id = source["id"].as_str().unwrap();
    let destination = create_webhooks(&env, source_id, json!({})).await;
    let id = destination["id"].as_str().unwrap();
    let body =
        json!({"sourceId": source_id, "if": "all", "title": "t", "enabled": true, "actions": [{"type": "DROP"}]});
    let filter =
        data(&env.call("POST", &format!("/destination/{id}/filters"), Some(body)).await, 200)["filter"].clone();
    let public_id = filter["id"].as_str().unwrap();
    assert!(base62(public_id, 22), "{public_id}");
    let config =
        env.get(&format!("/v1beta/workspaces/demo/sources/web/destinations/webhooks/filters/df_{public_id}")).await;
    assert!(config.ok()["name"].as_str().unwrap().ends_with(&format!("/filters/df_{public_id}")), "{}", config.text);

    let body = json!({"filter": {"title": "c", "if": "all", "enabled": true, "actions": [{"type": "drop_event"}]}});
    let made = env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations/webhooks/filters", Some(body)).await;
    let config_id = made.ok()["name"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    let bare = config_id.strip_prefix("df_").unwrap_or_else(|| panic!("{config_id}"));
    assert!(base62(bare, 22), "{config_id}");
    let got = data(&env.get(&format!("/destination/{id}/filters/{bare}")).await, 200);
    assert_eq!(got["filter"]["title"], "c");
}

/// A data file of an earlier version holds filters of 27-character ids: both APIs still serve them by those ids.
#[tokio::test]
async fn filters_of_an_earlier_data_file_keep_their_27_character_ids() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.redb");
    let options = || seg::emulator::EmulatorOptions { data: Some(path.clone()), ..Default::default() };
    let env = TestEnv::with(options()).await;
    let source = create_source(&env, "web").await;
    create_webhooks(&env, source["id"].as_str().unwrap(), json!({})).await;
    env.stop().await;
    // What an earlier version wrote: a filter under its 27-character KSUID, with no id of the Public API's.
    let old = "1JjE7f3gz8OXU6lVbUGuDhHcyKz";
    let destination = "workspaces/demo/sources/web/destinations/webhooks";
    let key = format!("{destination}/filters/df_{old}");
    let filter = json!({"name": format!("{destination}/config/0a1b2c3d4e5f6a7b/filters/df_{old}"), "title": "old",
                        "description": "", "if": "all", "enabled": true, "actions": [{"type": "drop_event"}]});
    let entry = json!({"seq": 1000, "resource": {"kind": "filter", "body": filter}});
    {
        let db = redb::Database::create(&path).unwrap();
        let table: redb::TableDefinition<&str, &[u8]> = redb::TableDefinition::new("resources");
        let txn = db.begin_write().unwrap();
        txn.open_table(table).unwrap().insert(key.as_str(), entry.to_string().as_bytes()).unwrap();
        txn.commit().unwrap();
    }
    let env = TestEnv::with(options()).await;
    let config = env.get(&format!("/v1beta/{key}")).await;
    assert_eq!(config.ok()["title"], "old");
    let destination = data(&env.get("/destinations").await, 200)["destinations"][0]["id"].as_str().unwrap().to_string();
    let listed = data(&env.get(&format!("/destination/{destination}/filters")).await, 200);
    assert_eq!(listed["filters"][0]["id"], old, "{listed}");
    let body = json!({"title": "renamed"});
    let updated = data(&env.call("PATCH", &format!("/destination/{destination}/filters/{old}"), Some(body)).await, 200);
    assert_eq!(updated["filter"]["title"], "renamed");
    assert_eq!(env.get(&format!("/v1beta/{key}")).await.ok()["title"], "renamed");
}

/// Over the rate limit the Public API answers the service's body (docs/EMULATOR.md): `Too many
/// requests`, the points used (the limit) and none left, and how long until the next is let through; seg's client
/// waits that long.
#[tokio::test]
async fn the_429_body_is_the_services() {
    let options = seg::emulator::EmulatorOptions { rate_limit: 3, ..Default::default() };
    let env = TestEnv::with(options).await;
    for _ in 0..3 {
        assert_eq!(env.get("/sources").await.status, 200);
    }
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    let limited = env.get("/sources").await;
    assert_eq!(limited.status, 429, "{}", limited.text);
    let errors = limited.json["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1);
    let error = errors[0].as_object().unwrap();
    let keys: Vec<&str> = error.keys().map(String::as_str).collect();
    assert_eq!(keys, ["type", "message", "data"], "{}", limited.text);
    assert_eq!((error["type"].as_str(), error["message"].as_str()), (Some("RequestError"), Some("Too many requests")));
    let points = &error["data"];
    assert_eq!((points["remainingPoints"].as_u64(), points["consumedPoints"].as_u64()), (Some(0), Some(3)));
    // A request is let through every 20 s, the next one 20 s after the first: less the 50 ms waited, in
    // milliseconds (not rounded up to whole seconds).
    let wait = points["msBeforeNext"].as_u64().unwrap();
    assert!((1..=19_950).contains(&wait), "{wait}");
    assert!(limited.headers.contains_key("retry-after"));
}

/// A plan's rules as listed, without the times the emulator adds.
async fn listed_rules(env: &TestEnv, rules: &str) -> Vec<Value> {
    let listed = data(&env.get(rules).await, 200);
    let mut out = listed["rules"].as_array().unwrap().clone();
    for rule in &mut out {
        let rule = rule.as_object_mut().unwrap();
        rule.remove("createdAt");
        rule.remove("updatedAt");
    }
    out
}

/// Rules written through the Public API are listed as sent: in their order, with their keys (a `jsonSchema` with an
/// empty `description` keeps it), whatever the Config API's shape makes of them; one written through the Config
/// API joins them at the end; and neither API's write loses what the other wrote and the writer cannot show.
#[tokio::test]
async fn rules_are_kept_as_sent_in_their_order_through_both_apis() {
    let env = TestEnv::start().await;
    let rules = new_plans_rules(&env).await;
    let sent = vec![
        json!({"type": "IDENTIFY", "jsonSchema": {"properties": {"traits": {}}}, "version": 1}),
        json!({"type": "TRACK", "key": "B", "jsonSchema": {"properties": {}, "description": ""}, "version": 1}),
        json!({"type": "COMMON", "jsonSchema": {"properties": {}}, "version": 1}),
        json!({"type": "TRACK", "key": "A", "jsonSchema": {"description": "about A", "properties": {}}, "version": 3}),
        json!({"type": "PAGE", "key": "Home", "jsonSchema": null, "version": 1}),
        json!({"type": "GROUP", "jsonSchema": {"properties": {}}, "version": 1}),
    ];
    data(&env.call("PUT", &rules, Some(json!({"rules": sent}))).await, 200);
    assert_eq!(listed_rules(&env, &rules).await, sent);

    // The Config API's shape of the same rules, written back with an event that has no description or version
    // (and a key of its own) and traits: the Public API's rules keep their order and keys, the new one comes last.
    let plan = data(&env.get(&rules.replace("/rules", "")).await, 200)["trackingPlan"].clone();
    let config_path = format!("/v1beta/workspaces/demo/tracking-plans/{}", plan["resourceSchemaId"].as_str().unwrap());
    let mut config_rules = env.get(&config_path).await.ok()["rules"].clone();
    let names: Vec<&str> =
        config_rules["events"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["B", "A"]);
    config_rules["events"].as_array_mut().unwrap().push(json!({"name": "C", "rules": {"type": "object"}, "x-own": 1}));
    config_rules["identify_traits"] = json!(["email"]);
    let body = json!({"tracking_plan": {"rules": config_rules}, "update_mask": {"paths": ["tracking_plan.rules"]}});
    env.call("PUT", &config_path, Some(body)).await.ok();
    let mut expected = sent.clone();
    expected.push(json!({"type": "TRACK", "key": "C", "jsonSchema": {"type": "object"}, "version": 1}));
    assert_eq!(listed_rules(&env, &rules).await, expected);

    // An upsert through the Public API: the Config API's event keeps what it had (no description, no version, its
    // own key), and so do its traits.
    let upsert = json!({"type": "TRACK", "key": "D", "jsonSchema": {}, "version": 1});
    data(&env.call("PATCH", &rules, Some(json!({"rules": [upsert.clone()]}))).await, 200);
    let config = env.get(&config_path).await.ok()["rules"].clone();
    let c = config["events"].as_array().unwrap().iter().find(|e| e["name"] == "C").unwrap().clone();
    assert_eq!(c, json!({"name": "C", "rules": {"type": "object"}, "x-own": 1}), "{config}");
    assert_eq!(config["identify_traits"], json!(["email"]), "{config}");
    expected.push(upsert);
    assert_eq!(listed_rules(&env, &rules).await, expected);
}
