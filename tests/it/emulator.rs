//! The emulator against docs/reference/config-api.md, over raw HTTP.

use std::collections::HashSet;

use serde_json::{Value, json};

use crate::support::{READ, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

const SOURCES: &str = "/v1beta/workspaces/demo/sources";

fn dest_body(src: &str, slug: &str) -> Value {
    json!({"destination": {"name": format!("workspaces/demo/sources/{src}/destinations/{slug}")}})
}

async fn with_destination(env: &TestEnv) -> String {
    env.create_source("demo", "web").await.ok();
    env.call("POST", &format!("{SOURCES}/web/destinations"), Some(dest_body("web", "webhooks"))).await.ok();
    format!("{SOURCES}/web/destinations/webhooks")
}

// ---- the error table ----

#[tokio::test]
async fn error_table_invalid_argument() {
    let env = TestEnv::start().await;
    env.raw("POST", SOURCES, Some(WRITE), Some(b"{not json".to_vec())).await.assert_error(400, 3);
    let wrong_type = json!({"source": {"name": 5, "catalog_name": "catalog/sources/javascript"}});
    env.call("POST", SOURCES, Some(wrong_type)).await.assert_error(400, 3);
    let bad_catalog = json!({"source": {"name": "workspaces/demo/sources/x", "catalog_name": "catalog/sources/nope"}});
    env.call("POST", SOURCES, Some(bad_catalog)).await.assert_error(400, 3);
    let bad_slug =
        json!({"source": {"name": "workspaces/demo/sources/Bad Slug", "catalog_name": "catalog/sources/javascript"}});
    env.call("POST", SOURCES, Some(bad_slug)).await.assert_error(400, 3);
}

#[tokio::test]
async fn error_table_unauthenticated() {
    let env = TestEnv::start().await;
    env.raw("GET", "/v1beta/workspaces", None, None).await.assert_error(401, 16);
    // Before anything else the request gets wrong (found documenting the 400 of a parameter given twice).
    env.raw("GET", "/v1beta/workspaces?page_size=1&page_size=2", None, None).await.assert_error(401, 16);
    env.get("/v1beta/workspaces?page_size=1&page_size=2").await.assert_error(400, 3);
    env.raw("GET", "/v1beta/workspaces", Some("not-a-token"), None).await.assert_error(401, 16);
    let basic = reqwest::Client::new()
        .get(format!("{}/v1beta/workspaces", env.base))
        .header("authorization", format!("Basic {WRITE}"))
        .send()
        .await
        .unwrap();
    assert_eq!(basic.status(), 401);
}

#[tokio::test]
async fn error_table_permission_denied_for_every_write_with_a_read_token() {
    let env = TestEnv::start().await;
    let dest = with_destination(&env).await;
    let body = Some(br#"{"destination":{"enabled":true},"update_mask":{"paths":["destination.enabled"]}}"#.to_vec());
    let answer = env.raw("PATCH", &dest, Some(READ), body).await;
    answer.assert_error(403, 7);
    assert_eq!(answer.json["error"], "insufficient scope");
    let create = json!({"source": {"name": "workspaces/demo/sources/x", "catalog_name": "catalog/sources/javascript"}});
    env.raw("POST", SOURCES, Some(READ), Some(create.to_string().into_bytes())).await.assert_error(403, 7);
    env.raw("DELETE", &dest, Some(READ), None).await.assert_error(403, 7);
    env.raw("POST", "/v1beta/access-tokens", Some(READ), Some(b"{}".to_vec())).await.assert_error(403, 7);
    // Reads work with it, and nothing changed.
    let got = env.raw("GET", &dest, Some(READ), None).await;
    assert_eq!(got.ok()["enabled"], false);
}

#[tokio::test]
async fn error_table_not_found() {
    let env = TestEnv::start().await;
    env.get("/v1beta/workspaces/demo/sources/missing").await.assert_error(404, 5);
    env.get("/v1beta/workspaces/other").await.assert_error(404, 5);
    env.get("/v1beta/workspaces/other/sources").await.assert_error(404, 5);
    env.get("/v1beta/no/such/path").await.assert_error(404, 5);
    env.get("/v1beta/workspaces/demo/sources/web/schema-config").await.assert_error(404, 5);
    env.get("/v1beta/workspaces/demo/sources:batchGet").await.assert_error(404, 5);
    env.call("DELETE", "/v1beta/workspaces/demo/sources/missing", None).await.assert_error(404, 5);
    env.get("/v1beta/catalog/destinations/nope").await.assert_error(404, 5);
}

#[tokio::test]
async fn error_table_already_exists() {
    let env = TestEnv::start().await;
    env.create_source("demo", "web").await.ok();
    env.create_source("demo", "web").await.assert_error(409, 6);
    env.call("POST", &format!("{SOURCES}/web/destinations"), Some(dest_body("web", "slack"))).await.ok();
    env.call("POST", &format!("{SOURCES}/web/destinations"), Some(dest_body("web", "slack")))
        .await
        .assert_error(409, 6);
}

#[tokio::test]
async fn error_table_resource_exhausted_per_token_with_retry_after() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 3, ..EmulatorOptions::default() }).await;
    for _ in 0..3 {
        env.get("/v1beta/workspaces").await.ok();
    }
    let limited = env.get("/v1beta/workspaces").await;
    limited.assert_error(429, 8);
    let retry_after: u64 = limited.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry_after), "{retry_after}");
    // The limit counts per token: the read token still has its own budget.
    assert_eq!(env.raw("GET", "/v1beta/workspaces", Some(READ), None).await.status, 200);
}

#[tokio::test]
async fn rate_limit_off_with_zero() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    for _ in 0..250 {
        assert_eq!(env.get("/v1beta/workspaces").await.status, 200);
    }
}

#[tokio::test]
async fn error_table_unimplemented_for_known_paths() {
    let env = TestEnv::start().await;
    env.call("POST", "/v1beta/workspaces", Some(json!({}))).await.assert_error(501, 12);
    env.call("DELETE", "/v1beta/workspaces/demo", None).await.assert_error(501, 12);
    env.call("PUT", SOURCES, Some(json!({}))).await.assert_error(501, 12);
    env.call("PATCH", "/v1beta/catalog/sources/javascript", Some(json!({}))).await.assert_error(501, 12);
    env.call("DELETE", "/v1beta/access-tokens", None).await.assert_error(501, 12);
}

#[tokio::test]
async fn error_table_upstream_plain_text_for_another_version_and_public_404_elsewhere() {
    let env = TestEnv::start().await;
    // A first segment that names a Config API version this service does not have cannot be routed.
    for path in ["/v1/workspaces", "/v2beta/workspaces", "//v1beta2/x", "/v1alpha", "/v1betax/workspaces"] {
        let answer = env.get(path).await;
        assert_eq!(answer.status, 503, "{path}");
        assert_eq!(answer.text, "upstream connect error or disconnect/reset before headers");
        assert!(answer.headers["content-type"].to_str().unwrap().starts_with("text/plain"));
    }
    // Any other path is the Public API's, where an unknown one is its 404.
    for path in ["/workspaces", "/version/1", "/nope/nope"] {
        let answer = env.get(path).await;
        assert_eq!(answer.status, 404, "{path}");
        assert_eq!(answer.json["errors"][0]["type"], "not-found", "{path}");
    }
}

#[tokio::test]
async fn error_table_internal_and_unavailable_through_injected_faults() {
    let env = TestEnv::start().await;
    let fault = |status: u16| json!({"status": status, "path": "/v1beta/workspaces", "count": 1});
    for (status, code) in [(500, 13), (503, 14)] {
        env.call("POST", "/_emulator/faults", Some(fault(status))).await.ok();
        env.get("/v1beta/workspaces").await.assert_error(status, code);
        // One shot: the next call is served.
        env.get("/v1beta/workspaces").await.ok();
    }
    // A plain-text body, and a fault limited to one method.
    let text = json!({"status": 502, "body": "<html>bad gateway</html>", "method": "POST"});
    env.call("POST", "/_emulator/faults", Some(text)).await.ok();
    env.get("/v1beta/workspaces").await.ok();
    let answer = env.create_source("demo", "web").await;
    assert_eq!((answer.status, answer.text.as_str()), (502, "<html>bad gateway</html>"));
    assert!(!env.get(SOURCES).await.text.contains("web"), "the faulted create was not applied");
    env.call("POST", "/_emulator/faults", Some(json!({"status": 0}))).await.assert_error(400, 3);
}

// ---- bad input never crashes it ----

#[tokio::test]
async fn bad_bodies_are_rejected_and_the_server_keeps_serving() {
    let env = TestEnv::start().await;
    let deep = format!("{{\"source\":{}{}}}", "[".repeat(100_000), "]".repeat(100_000));
    let bodies: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"[]".to_vec(),
        b"null".to_vec(),
        b"{\"source\": []}".to_vec(),
        b"\xff\xfe\x00{}".to_vec(),
        b"{\"source\": {\"name\": \"\xc3\x28\"}}".to_vec(),
        deep.into_bytes(),
        b"{\"source\": {\"name\": \"workspaces/demo/sources/a\", \"catalog_name\": \"catalog/sources/javascript\"}} trailing".to_vec(),
    ];
    for body in bodies {
        let shown = String::from_utf8_lossy(&body[..body.len().min(40)]).into_owned();
        env.raw("POST", SOURCES, Some(WRITE), Some(body)).await.assert_error(400, 3);
        assert_eq!(env.get("/v1beta/workspaces").await.status, 200, "still serving after {shown}");
    }
    let huge = vec![b' '; 4 * 1024 * 1024 + 1];
    let answer = env.raw("POST", SOURCES, Some(WRITE), Some(huge)).await;
    assert_eq!(answer.status, 413);
    assert_eq!(answer.json["code"], 3);
    assert_eq!(env.get("/v1beta/workspaces").await.status, 200);
    // Update bodies too.
    let dest = with_destination(&env).await;
    for body in [
        json!({"destination": {"enabled": "yes"}, "update_mask": {"paths": ["destination.enabled"]}}),
        json!({"destination": {"connection_mode": "SIDEWAYS"}, "update_mask": {"paths": ["destination.connection_mode"]}}),
        json!({"destination": {"config": {"a": 1}}, "update_mask": {"paths": ["destination.config"]}}),
        json!({"update_mask": {"paths": "destination.enabled", "x": 1}, "destination": 7}),
    ] {
        env.call("PATCH", &dest, Some(body)).await.assert_error(400, 3);
    }
    assert_eq!(env.get(&dest).await.ok()["enabled"], false);
}

// ---- tolerance for what clients send ----

#[tokio::test]
async fn trailing_and_doubled_slashes_and_get_bodies_are_tolerated() {
    let env = TestEnv::start().await;
    env.create_source("demo", "web").await.ok();
    for path in ["/v1beta/workspaces/", "/v1beta//workspaces", "//v1beta/workspaces//"] {
        assert_eq!(env.get(path).await.ok()["workspaces"][0]["name"], "workspaces/demo", "{path}");
    }
    let with_body = env.raw("GET", &format!("{SOURCES}/web/"), Some(WRITE), Some(b"{}".to_vec())).await;
    assert_eq!(with_body.ok()["name"], "workspaces/demo/sources/web");
    assert_eq!(env.raw("DELETE", &format!("{SOURCES}//web"), Some(WRITE), Some(b"{}".to_vec())).await.ok(), &json!({}));
    // An empty first query pair and an empty page_token mean the first page.
    assert_eq!(env.get(&format!("{SOURCES}?&page_size=3&page_token=")).await.status, 200);
}

#[tokio::test]
async fn requests_accept_lower_camel_case() {
    let env = TestEnv::start().await;
    let body = json!({"source": {"name": "workspaces/demo/sources/web", "catalogName": "catalog/sources/javascript",
                                  "displayName": "Web"}});
    assert_eq!(env.call("POST", SOURCES, Some(body)).await.ok()["display_name"], "Web");
    let update = json!({"source": {"libraryConfig": {"retryQueue": true}}, "updateMask": {"paths": ["source.libraryConfig.retryQueue"]}});
    let updated = env.call("PATCH", &format!("{SOURCES}/web"), Some(update)).await;
    assert_eq!(updated.ok()["library_config"]["retry_queue"], true);
}

// ---- resources ----

#[tokio::test]
async fn source_shape_and_lifecycle() {
    let env = TestEnv::start().await;
    let created = env.create_source("demo", "web").await;
    let source = created.ok();
    assert_eq!(source["name"], "workspaces/demo/sources/web");
    assert_eq!(source["parent"], "workspaces/demo");
    assert_eq!(source["catalog_name"], "catalog/sources/javascript");
    let keys = source["write_keys"].as_array().unwrap();
    assert_eq!(keys.len(), 1);
    assert_eq!(keys[0].as_str().unwrap().len(), 32);
    assert_eq!(
        source["library_config"],
        json!({"metrics_enabled": false, "retry_queue": false,
                                                 "cross_domain_id_enabled": false, "api_host": ""})
    );
    assert!(source["create_time"].as_str().unwrap().ends_with('Z'));
    assert_eq!(env.get(&format!("{SOURCES}/web")).await.ok(), source);
    // A bare slug is taken as the name under the path's collection.
    let bare = json!({"source": {"name": "app", "catalog_name": "catalog/sources/ios"}});
    assert_eq!(env.call("POST", SOURCES, Some(bare)).await.ok()["name"], "workspaces/demo/sources/app");
    let elsewhere = json!({"source": {"name": "workspaces/other/sources/x", "catalog_name": "catalog/sources/ios"}});
    env.call("POST", SOURCES, Some(elsewhere)).await.assert_error(400, 3);
    assert_eq!(env.call("DELETE", &format!("{SOURCES}/web"), None).await.ok(), &json!({}));
    env.get(&format!("{SOURCES}/web")).await.assert_error(404, 5);
}

#[tokio::test]
async fn deleting_a_source_deletes_its_destinations_and_connections() {
    let env = TestEnv::start().await;
    let dest = with_destination(&env).await;
    env.create_source("demo", "web2").await.ok();
    env.call("POST", &format!("{SOURCES}/web2/destinations"), Some(dest_body("web2", "webhooks"))).await.ok();
    let plan = env
        .call("POST", "/v1beta/workspaces/demo/tracking-plans", Some(json!({"tracking_plan": {"display_name": "P"}})))
        .await;
    let plan = format!("/v1beta/{}", plan.ok()["name"].as_str().unwrap());
    env.call(
        "POST",
        &format!("{plan}/source-connections"),
        Some(json!({"source_name": "workspaces/demo/sources/web"})),
    )
    .await
    .ok();
    env.call("DELETE", &format!("{SOURCES}/web"), None).await.ok();
    env.get(&dest).await.assert_error(404, 5);
    env.get(&format!("{SOURCES}/web/destinations")).await.assert_error(404, 5);
    assert_eq!(env.get(&format!("{plan}/source-connections")).await.ok()["connections"], json!([]));
    // The source with a longer name that starts the same is untouched.
    env.get(&format!("{SOURCES}/web2/destinations/webhooks")).await.ok();
    // Re-creating the source starts empty.
    env.create_source("demo", "web").await.ok();
    assert_eq!(env.get(&format!("{SOURCES}/web/destinations")).await.ok()["destinations"], json!([]));
}

#[tokio::test]
async fn destination_shape_with_catalog_filled_config() {
    let env = TestEnv::start().await;
    env.create_source("demo", "web").await.ok();
    let body = json!({"destination": {"name": "workspaces/demo/sources/web/destinations/webhooks", "enabled": true,
        "connection_mode": "CLOUD",
        "config": [{"name": "workspaces/demo/sources/web/destinations/webhooks/config/sharedSecret", "value": "s3cr3t"},
                   {"name": "hooks", "value": [{"hook": "https://example.invalid/a", "headers": [{"key": "X-A", "value": "1"}]},
                                               {"hook": "http://127.0.0.1:9/b", "headers": {"X-B": "2"}}], "type": "mixed"}]}});
    let created = env.call("POST", &format!("{SOURCES}/web/destinations"), Some(body)).await;
    let dest = created.ok();
    assert_eq!(dest["parent"], "workspaces/demo/sources/web");
    assert_eq!(dest["display_name"], "Webhooks");
    assert_eq!((dest["enabled"].clone(), dest["connection_mode"].clone()), (json!(true), json!("CLOUD")));
    assert_eq!(
        dest["config"][0],
        json!({"name": "workspaces/demo/sources/web/destinations/webhooks/config/sharedSecret",
        "display_name": "Shared Secret", "value": "s3cr3t", "type": "string"})
    );
    assert_eq!(dest["config"][1]["name"], "workspaces/demo/sources/web/destinations/webhooks/config/hooks");
    assert_eq!(dest["create_time"], dest["update_time"]);
    // Defaults: disabled, UNSPECIFIED, no config.
    env.create_source("demo", "app").await.ok();
    let plain = env.call("POST", &format!("{SOURCES}/app/destinations"), Some(dest_body("app", "amplitude"))).await;
    assert_eq!(plain.ok()["enabled"], false);
    assert_eq!(plain.ok()["connection_mode"], "UNSPECIFIED");
    assert_eq!(plain.ok()["config"], json!([]));
    // A slug outside the catalog, an unknown setting, a destination under a missing source.
    env.call("POST", &format!("{SOURCES}/app/destinations"), Some(dest_body("app", "nowhere")))
        .await
        .assert_error(400, 3);
    let unknown = json!({"destination": {"name": "workspaces/demo/sources/app/destinations/slack", "config": [{"name": "bogus", "value": 1}]}});
    env.call("POST", &format!("{SOURCES}/app/destinations"), Some(unknown)).await.assert_error(400, 3);
    env.call("POST", &format!("{SOURCES}/ghost/destinations"), Some(dest_body("ghost", "slack")))
        .await
        .assert_error(404, 5);
}

#[tokio::test]
async fn webhook_destination_holds_at_most_five_hooks() {
    let env = TestEnv::start().await;
    env.create_source("demo", "web").await.ok();
    let hooks =
        |n: usize| -> Vec<Value> { (0..n).map(|i| json!({"hook": format!("http://127.0.0.1:9/{i}")})).collect() };
    let body = |n: usize| {
        json!({"destination": {"name": "workspaces/demo/sources/web/destinations/webhooks",
                                                  "config": [{"name": "hooks", "value": hooks(n)}]}})
    };
    env.call("POST", &format!("{SOURCES}/web/destinations"), Some(body(6))).await.assert_error(400, 3);
    env.call("POST", &format!("{SOURCES}/web/destinations"), Some(body(5))).await.ok();
    let patch = json!({"destination": {"config": [{"name": "hooks", "value": hooks(6)}]},
                       "update_mask": {"paths": ["destination.config"]}});
    env.call("PATCH", &format!("{SOURCES}/web/destinations/webhooks"), Some(patch)).await.assert_error(400, 3);
    for bad in [
        json!("http://x"),
        json!([{"nohook": 1}]),
        json!([{"hook": "ftp://x"}]),
        json!([{"hook": "http://x", "headers": 5}]),
    ] {
        let patch = json!({"destination": {"config": [{"name": "hooks", "value": bad}]}, "update_mask": {"paths": ["destination.config"]}});
        env.call("PATCH", &format!("{SOURCES}/web/destinations/webhooks"), Some(patch)).await.assert_error(400, 3);
    }
    let secret = json!({"destination": {"config": [{"name": "sharedSecret", "value": 5}]}, "update_mask": {"paths": ["destination.config"]}});
    env.call("PATCH", &format!("{SOURCES}/web/destinations/webhooks"), Some(secret)).await.assert_error(400, 3);
}

// ---- update masks: the seed's rules 1-4 on every updatable field ----

async fn patch(env: &TestEnv, path: &str, body: Value) -> Value {
    env.call("PATCH", path, Some(body)).await.ok().clone()
}

#[tokio::test]
async fn destination_update_mask_rules() {
    let env = TestEnv::start().await;
    let dest = with_destination(&env).await;
    // Rule 4: listed with a value takes it; rule 1: connection_mode is not listed and keeps its value.
    let out = patch(
        &env,
        &dest,
        json!({"destination": {"enabled": true, "connection_mode": "DEVICE"},
                                         "update_mask": {"paths": ["destination.enabled"]}}),
    )
    .await;
    assert_eq!((out["enabled"].clone(), out["connection_mode"].clone()), (json!(true), json!("UNSPECIFIED")));
    // Millisecond timestamps: an update in the same millisecond as the create keeps the same text.
    assert!(out["update_time"].as_str() >= out["create_time"].as_str());
    // Rule 3: data without paths changes nothing.
    let before = env.get(&dest).await.ok().clone();
    let out = patch(&env, &dest, json!({"destination": {"enabled": false}})).await;
    assert_eq!(out, before);
    let out = patch(&env, &dest, json!({"destination": {"enabled": false}, "update_mask": {"paths": []}})).await;
    assert_eq!(out, before);
    // Rule 2: listed without a value: enabled false.
    let out = patch(&env, &dest, json!({"destination": {}, "update_mask": {"paths": ["destination.enabled"]}})).await;
    assert_eq!(out["enabled"], false);
    let out = patch(&env, &dest, json!({"update_mask": {"paths": ["destination.enabled"]}})).await;
    assert_eq!(out["enabled"], false);
    // connection_mode: set, then cleared is the enum's empty value, UNSPECIFIED; "" itself is no mode.
    let out = patch(
        &env,
        &dest,
        json!({"destination": {"connection_mode": "CLOUD"}, "update_mask": {"paths": ["destination.connection_mode"]}}),
    )
    .await;
    assert_eq!(out["connection_mode"], "CLOUD");
    let cleared =
        json!({"destination": {"connection_mode": null}, "update_mask": {"paths": ["destination.connection_mode"]}});
    assert_eq!(patch(&env, &dest, cleared).await["connection_mode"], "UNSPECIFIED");
    let empty =
        json!({"destination": {"connection_mode": ""}, "update_mask": {"paths": ["destination.connection_mode"]}});
    env.call("PATCH", &dest, Some(empty)).await.assert_error(400, 3);
    // config merges by name: an item not sent keeps its value.
    let config =
        |items: Value| json!({"destination": {"config": items}, "update_mask": {"paths": ["destination.config"]}});
    patch(
        &env,
        &dest,
        config(
            json!([{"name": "sharedSecret", "value": "one"}, {"name": "globalHook", "value": "http://127.0.0.1:9/"}]),
        ),
    )
    .await;
    let out = patch(&env, &dest, config(json!([{"name": "sharedSecret", "value": "two"}]))).await;
    let values: Vec<(String, Value)> = out["config"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap().rsplit('/').next().unwrap().to_string(), c["value"].clone()))
        .collect();
    assert_eq!(
        values,
        [("sharedSecret".to_string(), json!("two")), ("globalHook".to_string(), json!("http://127.0.0.1:9/"))]
    );
    // config listed without a value (or null, or []): merge wins, no item changes (docs/reference/config-api.md; the Go
    // client's disable).
    for config in [json!({}), json!({"destination": {"config": null}}), json!({"destination": {"config": []}})] {
        let mut body = config;
        body["update_mask"] = json!({"paths": ["destination.config", "destination.enabled"]});
        let out = patch(&env, &dest, body).await;
        assert_eq!(out["config"].as_array().unwrap().len(), 2, "{out}");
        assert_eq!(out["enabled"], false);
    }
    // PUT is accepted for every update.
    let out = env
        .call(
            "PUT",
            &dest,
            Some(json!({"destination": {"enabled": true}, "update_mask": {"paths": ["destination.enabled"]}})),
        )
        .await;
    assert_eq!(out.ok()["enabled"], true);
    // Unknown and read-only paths.
    for path in [
        "destination.name",
        "destination.parent",
        "destination.create_time",
        "destination.update_time",
        "destination.display_name",
        "destination.nope",
        "source.enabled",
    ] {
        env.call("PATCH", &dest, Some(json!({"update_mask": {"paths": [path]}}))).await.assert_error(400, 3);
    }
}

#[tokio::test]
async fn update_values_the_mask_leaves_out_are_still_checked() {
    // schemathesis: `{"tracking_plan": {"rules": {"group": []}}}` with no mask answered 200. The body is checked
    // whole, as a service that decodes it before applying the mask does; only listed paths change.
    let env = TestEnv::start().await;
    let dest = with_destination(&env).await;
    let source = format!("{SOURCES}/web");
    let plan = json!({"tracking_plan": {"display_name": "Main"}});
    let plan = env.call("POST", "/v1beta/workspaces/demo/tracking-plans", Some(plan)).await.ok().clone();
    let plan = format!("/v1beta/{}", plan["name"].as_str().unwrap());
    for (path, body) in [
        (&source, json!({"source": {"labels": {"team": 5}}})),
        (&source, json!({"source": {"library_config": {"retry_queue": "yes"}}, "update_mask": {"paths": []}})),
        (&source, json!({"source": {"display_name": 7, "labels": {}}, "update_mask": {"paths": ["source.labels"]}})),
        (&dest, json!({"destination": {"connection_mode": "SIDEWAYS"}})),
        (&dest, json!({"destination": {"enabled": "yes"}, "update_mask": {"paths": ["destination.config"]}})),
        (&dest, json!({"destination": {"config": [{"name": "nope", "value": 1}]}})),
        (&dest, json!({"destination": {"config": [{"name": "hooks", "value": [{"hook": "ftp://x"}]}]}})),
        (&plan, json!({"tracking_plan": {"rules": {"group": []}}})),
        (
            &plan,
            json!({"tracking_plan": {"display_name": [], "rules": {}}, "update_mask": {"paths": ["tracking_plan.rules"]}}),
        ),
    ] {
        let before = env.get(path).await.ok().clone();
        env.call("PATCH", path, Some(body.clone())).await.assert_error(400, 3);
        assert_eq!(env.get(path).await.ok(), &before, "{body}");
    }
    // Valid values the mask leaves out are checked and not applied.
    let body = json!({"destination": {"enabled": true, "connection_mode": "DEVICE",
                                      "config": [{"name": "sharedSecret", "value": "s"}]},
                      "update_mask": {"paths": ["destination.enabled"]}});
    let out = patch(&env, &dest, body).await;
    assert_eq!((out["enabled"].clone(), out["connection_mode"].clone()), (json!(true), json!("UNSPECIFIED")));
    assert_eq!(out["config"], json!([]));
    // null is no value: listed, it empties the field (rule 2); not listed, it is nothing to check.
    let body =
        json!({"source": {"display_name": null, "labels": null}, "update_mask": {"paths": ["source.display_name"]}});
    assert_eq!(patch(&env, &source, body).await["display_name"], "");
}

#[tokio::test]
async fn source_update_mask_rules() {
    let env = TestEnv::start().await;
    env.create_source("demo", "web").await.ok();
    let path = format!("{SOURCES}/web");
    let out = patch(
        &env,
        &path,
        json!({"source": {"display_name": "Web", "labels": {"env": "prod"},
        "library_config": {"metrics_enabled": true, "api_host": "api.example.invalid"}},
        "update_mask": {"paths": ["source.display_name", "source.labels", "source.library_config"]}}),
    )
    .await;
    assert_eq!(out["display_name"], "Web");
    assert_eq!(out["labels"], json!({"env": "prod"}));
    // A whole object replaced: the fields not given take their defaults.
    assert_eq!(
        out["library_config"],
        json!({"metrics_enabled": true, "retry_queue": false,
                                              "cross_domain_id_enabled": false, "api_host": "api.example.invalid"})
    );
    // A nested path changes only that field.
    let out = patch(
        &env,
        &path,
        json!({"source": {"library_config": {"retry_queue": true, "metrics_enabled": false}},
        "update_mask": {"paths": ["source.library_config.retry_queue"]}}),
    )
    .await;
    assert_eq!(out["library_config"]["retry_queue"], true);
    assert_eq!(out["library_config"]["metrics_enabled"], true);
    // Listed without values: empty.
    let out = patch(
        &env,
        &path,
        json!({"update_mask": {"paths": ["source.display_name", "source.labels", "source.library_config.api_host"]}}),
    )
    .await;
    assert_eq!((out["display_name"].clone(), out["labels"].clone()), (json!(""), json!({})));
    assert_eq!(out["library_config"]["api_host"], "");
    // Wrong types and read-only fields.
    env.call(
        "PATCH",
        &path,
        Some(json!({"source": {"labels": {"a": 1}}, "update_mask": {"paths": ["source.labels"]}})),
    )
    .await
    .assert_error(400, 3);
    for ro in ["source.write_keys", "source.catalog_name", "source.id", "source.name"] {
        env.call("PATCH", &path, Some(json!({"update_mask": {"paths": [ro]}}))).await.assert_error(400, 3);
    }
}

#[tokio::test]
async fn tracking_plan_lifecycle_update_mask_and_connections() {
    let env = TestEnv::start().await;
    let plans = "/v1beta/workspaces/demo/tracking-plans";
    let rules = json!({"events": [{"name": "Signed Up", "description": "", "version": 1, "rules": {"type": "object"}}],
                       "global": {"type": "object"}});
    let created =
        env.call("POST", plans, Some(json!({"tracking_plan": {"display_name": "Main", "rules": rules}}))).await;
    let plan = created.ok().clone();
    let name = plan["name"].as_str().unwrap();
    let id = name.rsplit('/').next().unwrap();
    assert!(name.starts_with("workspaces/demo/tracking-plans/rs_"));
    assert_eq!(id.len(), 3 + 27);
    assert!(id[3..].chars().all(|c| c.is_ascii_alphanumeric()));
    assert_eq!(plan["rules"]["identify_traits"], json!([]));
    assert_eq!(plan["rules"]["group_traits"], json!([]));
    assert_eq!(plan["rules"]["global"], json!({"type": "object"}));
    let path = format!("/v1beta/{name}");
    // PUT with the mask, as the real service takes it.
    let out = env
        .call(
            "PUT",
            &path,
            Some(json!({"tracking_plan": {"display_name": "Renamed", "rules": {"events": []}},
        "update_mask": {"paths": ["tracking_plan.display_name"]}})),
        )
        .await;
    assert_eq!(out.ok()["display_name"], "Renamed");
    assert_eq!(out.ok()["rules"]["events"].as_array().unwrap().len(), 1);
    // A sub-path of rules replaces just that part.
    let out = patch(
        &env,
        &path,
        json!({"tracking_plan": {"rules": {"identify": {"type": "object"}}},
        "update_mask": {"paths": ["tracking_plan.rules.identify"]}}),
    )
    .await;
    assert_eq!(out["rules"]["identify"], json!({"type": "object"}));
    assert_eq!(out["rules"]["global"], json!({"type": "object"}));
    // Rules listed without a value: empty, with the always-present arrays.
    let out = patch(&env, &path, json!({"update_mask": {"paths": ["tracking_plan.rules"]}})).await;
    assert_eq!(out["rules"], json!({"events": [], "identify_traits": [], "group_traits": []}));
    env.call(
        "PATCH",
        &path,
        Some(json!({"tracking_plan": {"rules": {"events": {}}}, "update_mask": {"paths": ["tracking_plan.rules"]}})),
    )
    .await
    .assert_error(400, 3);
    env.call("POST", plans, Some(json!({"tracking_plan": {"display_name": ""}}))).await.assert_error(400, 3);
    // Connections.
    env.create_source("demo", "web").await.ok();
    let conns = format!("{path}/source-connections");
    let conn = env.call("POST", &conns, Some(json!({"source_name": "workspaces/demo/sources/web"}))).await;
    assert_eq!(conn.ok(), &json!({"source_name": "workspaces/demo/sources/web", "tracking_plan_id": id}));
    env.call("POST", &conns, Some(json!({"source_name": "workspaces/demo/sources/web"}))).await.assert_error(409, 6);
    env.call("POST", &conns, Some(json!({"source_name": "workspaces/demo/sources/ghost"}))).await.assert_error(404, 5);
    assert_eq!(env.get(&conns).await.ok()["connections"], json!([conn.json]));
    assert_eq!(env.call("DELETE", &format!("{conns}/web"), None).await.ok(), &json!({}));
    env.call("DELETE", &format!("{conns}/web"), None).await.assert_error(404, 5);
    assert_eq!(env.get(plans).await.ok()["tracking_plans"].as_array().unwrap().len(), 1);
    assert_eq!(env.call("DELETE", &path, None).await.ok(), &json!({}));
    env.get(&path).await.assert_error(404, 5);
}

#[tokio::test]
async fn tracking_plan_rules_have_the_shape_of_api_md() {
    // schemathesis: `group_traits: {}` was stored as sent.
    let env = TestEnv::start().await;
    let plans = "/v1beta/workspaces/demo/tracking-plans";
    let create = |rules: Value| json!({"tracking_plan": {"display_name": "Main", "rules": rules}});
    for bad in [
        json!({"events": {}}),
        json!({"events": [1]}),
        json!({"identify_traits": "x"}),
        json!({"group_traits": {}}),
        json!({"global": []}),
        json!({"identify": "x"}),
    ] {
        env.call("POST", plans, Some(create(bad.clone()))).await.assert_error(400, 3);
    }
    assert!(env.get(plans).await.ok()["tracking_plans"].as_array().unwrap().is_empty());
    // `null` is the empty value, as Go clients send nil slices (issue: real clients run unchanged).
    let nulls = json!({"events": null, "identify_traits": null, "group_traits": null, "group": null});
    let plan = env.call("POST", plans, Some(create(nulls))).await.ok().clone();
    assert_eq!(plan["rules"], json!({"events": [], "identify_traits": [], "group_traits": []}));
    env.call("DELETE", &format!("/v1beta/{}", plan["name"].as_str().unwrap()), None).await.ok();
    let good = json!({"events": [{"name": "A"}], "group": {}, "identify_traits": [null], "custom": 1});
    let plan = env.call("POST", plans, Some(create(good))).await.ok().clone();
    assert_eq!(plan["rules"]["custom"], 1, "other keys are kept as sent");
    assert_eq!(plan["rules"]["group_traits"], json!([]));
}

#[tokio::test]
async fn regulations() {
    let env = TestEnv::start().await;
    let path = "/v1beta/workspaces/demo/regulations";
    let body =
        json!({"regulation_type": "Suppress_With_Delete", "attributes": {"name": "userId", "values": ["u1", "u2"]}});
    let created = env.call("POST", path, Some(body)).await;
    let id = created.ok()["regulate_id"].as_str().unwrap().to_string();
    assert_eq!(created.json.as_object().unwrap().len(), 1);
    let got = env.get(&format!("{path}/{id}")).await;
    assert_eq!(got.ok()["attributes"]["values"], json!(["u1", "u2"]));
    assert_eq!(env.get(path).await.ok()["regulations"].as_array().unwrap().len(), 1);
    let too_many: Vec<String> = (0..5001).map(|i| format!("u{i}")).collect();
    for bad in [
        json!({"regulation_type": "Erase", "attributes": {"name": "userId", "values": ["u"]}}),
        json!({"regulation_type": "Delete", "attributes": {"name": "email", "values": ["u"]}}),
        json!({"regulation_type": "Delete", "attributes": {"name": "userId", "values": []}}),
        json!({"regulation_type": "Delete", "attributes": {"name": "userId", "values": too_many}}),
    ] {
        env.call("POST", path, Some(bad)).await.assert_error(400, 3);
    }
}

#[tokio::test]
async fn catalog_is_builtin_and_paged_by_100() {
    let env = TestEnv::start().await;
    let sources = env.get("/v1beta/catalog/sources").await;
    let names: Vec<&str> =
        sources.ok()["sources"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    for want in ["catalog/sources/javascript", "catalog/sources/http-api"] {
        assert!(names.contains(&want), "{names:?}");
    }
    assert_eq!(sources.json["next_page_token"], "");
    let (dests, pages) = env.list_all("/v1beta/catalog/destinations", "destinations", 2).await;
    assert!(dests.len() >= 3 && pages == dests.len().div_ceil(2));
    let webhooks = env.get("/v1beta/catalog/destinations/webhooks").await;
    let settings: Vec<&str> =
        webhooks.ok()["settings"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    for want in ["hooks", "globalHook", "sharedSecret"] {
        assert!(settings.contains(&want));
    }
    assert!(webhooks.json["categories"]["primary"].is_string());
    let token =
        env.get("/v1beta/catalog/destinations?page_size=1").await.json["next_page_token"].as_str().unwrap().to_string();
    env.get(&format!("/v1beta/catalog/sources?page_token={token}")).await.assert_error(400, 3);
}

// ---- paging ----

#[tokio::test]
async fn paging_edge_cases() {
    let env = TestEnv::start().await;
    // 0 items.
    let empty = env.get(SOURCES).await;
    assert_eq!(empty.ok(), &json!({"sources": [], "next_page_token": ""}));
    // 1 item.
    env.create_source("demo", "s000").await.ok();
    let (items, pages) = env.list_all(SOURCES, "sources", 10).await;
    assert_eq!((items.len(), pages), (1, 1));
    // Exactly one page with the default size of 10: no next page.
    for i in 1..10 {
        env.create_source("demo", &format!("s{i:03}")).await.ok();
    }
    let page = env.get(SOURCES).await;
    assert_eq!(page.ok()["sources"].as_array().unwrap().len(), 10);
    assert_eq!(page.json["next_page_token"], "");
    // One more than a page: two pages, the second with one item.
    env.create_source("demo", "s010").await.ok();
    let first = env.get(SOURCES).await;
    let token = first.ok()["next_page_token"].as_str().unwrap().to_string();
    assert!(!token.is_empty());
    assert!(token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "URL-safe: {token}");
    let second = env.get(&format!("{SOURCES}?page_token={token}")).await;
    assert_eq!(second.ok()["sources"].as_array().unwrap().len(), 1);
    assert_eq!(second.json["next_page_token"], "");
    // page_size bounds and forged tokens.
    // An empty page_size is no number either (schemathesis: it was taken as the default).
    for bad in ["0", "-3", "201", "abc", ""] {
        env.get(&format!("{SOURCES}?page_size={bad}")).await.assert_error(400, 3);
    }
    let mut forged = token.clone().into_bytes();
    forged[0] = if forged[0] == b'0' { b'1' } else { b'0' };
    env.get(&format!("{SOURCES}?page_token={}", String::from_utf8(forged).unwrap())).await.assert_error(400, 3);
    env.get(&format!("{SOURCES}?page_token=garbage")).await.assert_error(400, 3);
    // A token of one collection is refused by another.
    env.get(&format!("/v1beta/workspaces/demo/tracking-plans?page_token={token}")).await.assert_error(400, 3);
}

#[tokio::test]
async fn a_thousand_items_in_order_across_pages() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    for i in 0..1000 {
        env.create_source("demo", &format!("s{i:04}")).await.ok();
    }
    let (items, pages) = env.list_all(SOURCES, "sources", 200).await;
    assert_eq!(pages, 5);
    let names: Vec<String> = items.iter().map(|s| s["name"].as_str().unwrap().to_string()).collect();
    let want: Vec<String> = (0..1000).map(|i| format!("workspaces/demo/sources/s{i:04}")).collect();
    assert_eq!(names, want);
}

#[tokio::test]
async fn paging_is_stable_under_inserts_and_deletes() {
    let env = TestEnv::start().await;
    for i in 0..6 {
        env.create_source("demo", &format!("a{i}")).await.ok();
    }
    let first = env.get(&format!("{SOURCES}?page_size=3")).await;
    let token = first.ok()["next_page_token"].as_str().unwrap().to_string();
    // Between pages: one created, one of the seen ones deleted, one of the unseen ones deleted.
    env.create_source("demo", "new").await.ok();
    env.call("DELETE", &format!("{SOURCES}/a0"), None).await.ok();
    env.call("DELETE", &format!("{SOURCES}/a4"), None).await.ok();
    let mut names: Vec<String> =
        first.json["sources"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_string()).collect();
    let mut token = token;
    while !token.is_empty() {
        let page = env.get(&format!("{SOURCES}?page_size=3&page_token={token}")).await;
        names.extend(page.ok()["sources"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_string()));
        token = page.json["next_page_token"].as_str().unwrap().to_string();
    }
    let short: Vec<&str> = names.iter().map(|n| n.rsplit('/').next().unwrap()).collect();
    assert_eq!(short, ["a0", "a1", "a2", "a3", "a5", "new"], "no item seen twice or skipped");
}

// ---- tokens and workspaces ----

#[tokio::test]
async fn access_token_lifecycle() {
    let env = TestEnv::with(EmulatorOptions {
        workspaces: vec!["demo".into(), "other".into()],
        ..EmulatorOptions::default()
    })
    .await;
    let body = json!({"access_token": {"description": "ci", "scopes": "workspace:read", "workspace_names": ["workspaces/demo"]}});
    let created = env.call("POST", "/v1beta/access-tokens", Some(body)).await;
    let token = created.ok().clone();
    let secret = token["token"].as_str().unwrap().to_string();
    let name = token["name"].as_str().unwrap().to_string();
    assert!(name.strip_prefix("access-tokens/").unwrap().parse::<u64>().is_ok(), "{name}");
    assert_eq!(token["scopes"], "workspace:read");
    // It works at once, reads only, and reaches only its workspace.
    assert_eq!(env.raw("GET", SOURCES, Some(&secret), None).await.status, 200);
    let listed = env.raw("GET", "/v1beta/workspaces", Some(&secret), None).await;
    assert_eq!(listed.ok()["workspaces"].as_array().unwrap().len(), 1);
    env.raw("GET", "/v1beta/workspaces/other/sources", Some(&secret), None).await.assert_error(404, 5);
    let create = json!({"source": {"name": "workspaces/demo/sources/x", "catalog_name": "catalog/sources/javascript"}});
    env.raw("POST", SOURCES, Some(&secret), Some(create.to_string().into_bytes())).await.assert_error(403, 7);
    // The secret is shown once: not by get or list.
    let got = env.get(&format!("/v1beta/{name}")).await;
    assert!(got.ok().get("token").is_none());
    let all = env.get("/v1beta/access-tokens").await;
    assert!(!all.text.contains(&secret));
    assert!(all.ok()["access_tokens"].as_array().unwrap().iter().any(|t| t["name"] == name));
    // Deleted: stops authenticating at once.
    assert_eq!(env.call("DELETE", &format!("/v1beta/{name}"), None).await.ok(), &json!({}));
    env.raw("GET", SOURCES, Some(&secret), None).await.assert_error(401, 16);
    // Bad scopes and malformed workspace names are bad values; a workspace that is not there is not found
    // (schemathesis: a schema-valid name got 400).
    for bad in [
        json!({"access_token": {"scopes": "admin"}}),
        json!({"access_token": {"scopes": "workspace", "workspace_names": ["ghost"]}}),
        json!({"access_token": {"scopes": "workspace", "workspace_names": ["workspaces/Ghost"]}}),
    ] {
        env.call("POST", "/v1beta/access-tokens", Some(bad)).await.assert_error(400, 3);
    }
    let ghost = json!({"access_token": {"scopes": "workspace", "workspace_names": ["workspaces/ghost"]}});
    env.call("POST", "/v1beta/access-tokens", Some(ghost)).await.assert_error(404, 5);
    // A workspace the creating token does not reach is not there for it.
    let body = json!({"access_token": {"scopes": "workspace", "workspace_names": ["workspaces/demo"]}});
    let demo_only =
        env.call("POST", "/v1beta/access-tokens", Some(body)).await.ok()["token"].as_str().unwrap().to_string();
    let other = json!({"access_token": {"scopes": "workspace", "workspace_names": ["workspaces/other"]}});
    let answer = env.raw("POST", "/v1beta/access-tokens", Some(&demo_only), Some(other.to_string().into_bytes())).await;
    answer.assert_error(404, 5);
    // A write token made through the API writes.
    let body = json!({"access_token": {"description": "w", "scopes": "workspace"}});
    let writer =
        env.call("POST", "/v1beta/access-tokens", Some(body)).await.ok()["token"].as_str().unwrap().to_string();
    assert_eq!(env.raw("POST", SOURCES, Some(&writer), Some(create.to_string().into_bytes())).await.status, 200);
}

#[tokio::test]
async fn workspaces_list_and_get() {
    let env =
        TestEnv::with(EmulatorOptions { workspaces: vec!["acme".into(), "demo".into()], ..EmulatorOptions::default() })
            .await;
    let list = env.get("/v1beta/workspaces").await;
    let names: Vec<&str> =
        list.ok()["workspaces"].as_array().unwrap().iter().map(|w| w["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["workspaces/acme", "workspaces/demo"]);
    let ws = env.get("/v1beta/workspaces/acme").await;
    assert_eq!(ws.ok()["id"].as_str().unwrap().len(), 10);
    assert_eq!(ws.json["display_name"], "acme");
}

// ---- concurrency and durability ----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_concurrent_writers_lose_and_duplicate_nothing() {
    let env = std::sync::Arc::new(TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await);
    let mut writers = Vec::new();
    for w in 0..8 {
        let env = env.clone();
        writers.push(tokio::spawn(async move {
            for i in 0..25 {
                env.create_source("demo", &format!("w{w}-{i}")).await.ok();
                // Everyone also races for one shared name: exactly one wins.
                let shared = env.create_source("demo", "shared").await.status;
                assert!(shared == 200 || shared == 409);
            }
        }));
    }
    for writer in writers {
        writer.await.unwrap();
    }
    let (items, _) = env.list_all(SOURCES, "sources", 200).await;
    let names: HashSet<String> = items.iter().map(|s| s["name"].as_str().unwrap().to_string()).collect();
    assert_eq!(items.len(), 8 * 25 + 1);
    assert_eq!(names.len(), items.len(), "no duplicates");
}

#[tokio::test]
async fn data_file_keeps_state_and_tokens_across_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("state.redb");
    let options = || EmulatorOptions { data: Some(data.clone()), ..EmulatorOptions::default() };
    let env = TestEnv::with(options()).await;
    let dest = with_destination(&env).await;
    let body = json!({"access_token": {"description": "kept", "scopes": "workspace"}});
    let secret =
        env.call("POST", "/v1beta/access-tokens", Some(body)).await.ok()["token"].as_str().unwrap().to_string();
    for i in 0..12 {
        env.create_source("demo", &format!("p{i:02}")).await.ok();
    }
    let token = env.get(&format!("{SOURCES}?page_size=5")).await.json["next_page_token"].as_str().unwrap().to_string();
    env.stop().await;

    let env = TestEnv::with(options()).await;
    env.get(&dest).await.ok();
    assert_eq!(env.raw("GET", SOURCES, Some(&secret), None).await.status, 200, "created token still works");
    let page = env.get(&format!("{SOURCES}?page_size=5&page_token={token}")).await;
    // Page one held web, p00..p03.
    assert_eq!(page.ok()["sources"][0]["name"], "workspaces/demo/sources/p04", "page tokens survive a restart");
    // New resources continue after the old ones; token ids are not reused.
    env.create_source("demo", "after").await.ok();
    let (items, _) = env.list_all(SOURCES, "sources", 200).await;
    assert_eq!(items.last().unwrap()["name"], "workspaces/demo/sources/after");
    let body = json!({"access_token": {"description": "next", "scopes": "workspace"}});
    let next = env.call("POST", "/v1beta/access-tokens", Some(body)).await.ok()["name"].as_str().unwrap().to_string();
    let ids: Vec<u64> = env.get("/v1beta/access-tokens").await.json["access_tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().rsplit('/').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(ids.iter().collect::<HashSet<_>>().len(), ids.len());
    assert_eq!(next, format!("access-tokens/{}", ids.iter().max().unwrap()));
}

// ---- control plane ----

#[tokio::test]
async fn request_log_shows_exact_bodies_without_tokens() {
    let env = TestEnv::start().await;
    env.call("DELETE", "/_emulator/requests", None).await.ok();
    let body = br#"{"source":{"name":"workspaces/demo/sources/web","catalog_name":"catalog/sources/javascript"}}"#;
    env.raw("POST", &format!("{SOURCES}?x=1"), Some(WRITE), Some(body.to_vec())).await.ok();
    let log = env.get("/_emulator/requests").await;
    let entry = &log.ok()["requests"][0];
    assert_eq!(entry["method"], "POST");
    assert_eq!(entry["uri"], format!("{SOURCES}?x=1"));
    assert_eq!(entry["body"], std::str::from_utf8(body).unwrap());
    assert!(!log.text.contains(WRITE));
}

#[tokio::test]
async fn a_fault_with_a_key_it_does_not_know_is_refused() {
    let env = TestEnv::start().await;
    let typo = env.call("POST", "/_emulator/faults", Some(json!({"stauts": 503, "path": SOURCES}))).await;
    typo.assert_error(400, 3);
    assert!(typo.json["error"].as_str().unwrap().contains("stauts"), "{}", typo.text);
    // Nor is a fault at commit that would answer instead of delaying, or a place that does not exist.
    for bad in [json!({"at": "commit", "status": 500}), json!({"at": "later", "delay_ms": 1})] {
        env.call("POST", "/_emulator/faults", Some(bad)).await.assert_error(400, 3);
    }
    assert_eq!(env.get("/_emulator/faults").await.ok()["faults"], json!([]), "nothing was injected");
    env.get(SOURCES).await.ok();
}

#[tokio::test]
async fn injected_delay_holds_the_answer() {
    let env = TestEnv::start().await;
    env.call("POST", "/_emulator/faults", Some(json!({"delay_ms": 300, "path": "/v1beta/workspaces"}))).await.ok();
    seg::init_tls();
    let client = reqwest::Client::builder().timeout(std::time::Duration::from_millis(100)).build().unwrap();
    let slow = client.get(format!("{}/v1beta/workspaces", env.base)).bearer_auth(WRITE).send().await;
    assert!(slow.unwrap_err().is_timeout());
    env.get("/v1beta/workspaces").await.ok();
}

#[tokio::test]
async fn seed_file_creates_resources_through_the_api_rules() {
    let dir = tempfile::tempdir().unwrap();
    let seed = dir.path().join("seed.json");
    std::fs::write(
        &seed,
        json!({
            "workspaces": ["acme"],
            "sources": [{"name": "workspaces/acme/sources/web", "catalog_name": "catalog/sources/javascript"}],
            "destinations": [{"name": "workspaces/acme/sources/web/destinations/webhooks", "enabled": true,
                              "config": [{"name": "sharedSecret", "value": "s"}]}],
            "tracking_plans": [{"parent": "workspaces/acme", "display_name": "Plan"}]
        })
        .to_string(),
    )
    .unwrap();
    let env = TestEnv::with(EmulatorOptions { seed: Some(seed.clone()), ..EmulatorOptions::default() }).await;
    let dest = env.get("/v1beta/workspaces/acme/sources/web/destinations/webhooks").await;
    assert_eq!(dest.ok()["enabled"], true);
    assert_eq!(
        env.get("/v1beta/workspaces/acme/tracking-plans").await.ok()["tracking_plans"][0]["display_name"],
        "Plan"
    );
    // Seeds are checked as creates are.
    std::fs::write(
        &seed,
        json!({"sources": [{"name": "workspaces/acme/sources/web", "catalog_name": "catalog/sources/nope"}]})
            .to_string(),
    )
    .unwrap();
    let err = seg::emulator::Emulator::new(EmulatorOptions {
        workspaces: vec!["acme".into()],
        seed: Some(seed.clone()),
        ..EmulatorOptions::default()
    })
    .await
    .err()
    .expect("a bad seed is refused");
    assert_eq!(err.exit_code(), 2);
    assert!(err.to_string().contains("sources: item 0"), "{err}");
    std::fs::write(&seed, "{\"sourcez\": []}").unwrap();
    assert_eq!(
        seg::emulator::Emulator::new(EmulatorOptions { seed: Some(seed), ..EmulatorOptions::default() })
            .await
            .err()
            .unwrap()
            .exit_code(),
        2
    );
}

async fn plans_of(env: &TestEnv, token: &str, workspace: &str) -> usize {
    let answer = env.raw("GET", &format!("/v1beta/workspaces/{workspace}/tracking-plans"), Some(token), None).await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    answer.json["tracking_plans"].as_array().unwrap().len()
}

/// The resource-list seed on a restart with `--data`: a tracking plan (whose id the emulator makes) is found by its
/// display name, not created again; the generated tokens come back and reach a workspace a later seed adds.
#[tokio::test]
async fn a_seed_given_again_with_data_creates_nothing_twice() {
    let dir = tempfile::tempdir().unwrap();
    let seed = dir.path().join("seed.json");
    let data = dir.path().join("state.redb");
    let start = |workspace: &str| {
        let body = json!({"workspaces": [workspace],
            "sources": [{"name": format!("workspaces/{workspace}/sources/web"), "catalog_name": "catalog/sources/javascript"}],
            "tracking_plans": [{"parent": format!("workspaces/{workspace}"), "display_name": "Main"}]});
        std::fs::write(&seed, body.to_string()).unwrap();
        let options =
            EmulatorOptions { seed: Some(seed.clone()), data: Some(data.clone()), ..EmulatorOptions::default() };
        async move {
            let emulator = seg::emulator::Emulator::new(options).await.unwrap();
            let token = emulator.token("workspace").unwrap().to_string();
            (TestEnv::serve(emulator).await, token)
        }
    };
    let (env, first) = start("acme").await;
    assert_eq!(plans_of(&env, &first, "acme").await, 1);
    env.stop().await;
    let (env, token) = start("acme").await;
    assert_eq!(token, first, "the generated token is kept");
    assert_eq!(plans_of(&env, &token, "acme").await, 1, "the plan is not created again");
    env.stop().await;
    let (env, token) = start("beta").await;
    assert_eq!(token, first);
    assert_eq!(plans_of(&env, &token, "beta").await, 1, "the kept token reaches the workspace added since");
    assert_eq!(plans_of(&env, &token, "acme").await, 1);
    env.stop().await;
}
