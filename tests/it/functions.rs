//! Functions and insert function instances on the emulator's Public door: `tests/sdk/functions.js` drives every
//! operation through the official TypeScript SDK, unchanged (shapes, statuses, paging, versions, deploys, censored
//! sensitive settings, the 409 of a function in use, an instance gone with its destination, 403/404/422); here, what a
//! restart with `--data` keeps.

use serde_json::json;

use crate::support::{READ, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

/// Runs a script of tests/sdk against a fresh emulator and checks it passed all its `checks`.
pub async fn run_script(test: &str, script: &str, checks: usize) {
    let Some(folder) = crate::sdk::installed(test) else {
        return;
    };
    let env = TestEnv::start().await;
    let out = tokio::process::Command::new("node")
        .arg(script)
        .current_dir(&folder)
        .env("SEG_BASE", &env.base)
        .env("SEG_WRITE", WRITE)
        .env("SEG_READ", READ)
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(std::time::Duration::from_secs(120), out).await.expect("the SDK run ends").unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the SDK's run failed\nstdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.contains(&format!("\n{checks} checks passed")), "{stdout}");
}

#[tokio::test]
async fn the_official_sdk_drives_functions_and_insert_function_instances() {
    run_script("the_official_sdk_drives_functions_and_insert_function_instances", "functions.js", 11).await;
}

fn with_data(path: &std::path::Path) -> EmulatorOptions {
    EmulatorOptions { data: Some(path.to_path_buf()), rate_limit: 0, ..EmulatorOptions::default() }
}

#[tokio::test]
async fn functions_versions_and_instances_survive_a_restart_with_data() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.redb");
    let env = TestEnv::with(with_data(&path)).await;
    let settings = json!([{"name": "token", "label": "Token", "description": "", "type": "STRING", "required": true,
        "sensitive": true}]);
    let made = env
        .call(
            "POST",
            "/functions",
            Some(json!({"code": "v1", "displayName": "Ins", "resourceType": "INSERT_DESTINATION",
            "settings": settings})),
        )
        .await;
    let function = made.ok()["data"]["function"].clone();
    let id = function["id"].as_str().unwrap().to_string();
    env.call("PATCH", &format!("/functions/{id}"), Some(json!({"code": "v2"}))).await.ok();
    let source = env
        .call(
            "POST",
            "/sources",
            Some(json!({"slug": "web", "enabled": true,
        "metadataId": catalog_id(&env, "sources", "javascript").await})),
        )
        .await;
    assert_eq!(source.status, 201, "{}", source.text);
    let source_id = source.json["data"]["source"]["id"].as_str().unwrap().to_string();
    let destination = env
        .call(
            "POST",
            "/destinations",
            Some(json!({"sourceId": source_id,
        "metadataId": catalog_id(&env, "destinations", "webhooks").await,
        "settings": {"hooks": [{"hook": "https://example.com/in"}]}})),
        )
        .await;
    let destination_id = destination.ok()["data"]["destination"]["id"].as_str().unwrap().to_string();
    let instance = env
        .call(
            "POST",
            "/insert-function-instances",
            Some(json!({"functionId": id,
        "integrationId": destination_id, "name": "one", "settings": {"token": "a-secret-token-5678"}})),
        )
        .await;
    let instance = instance.ok()["data"]["insertFunctionInstance"].clone();
    assert_eq!(instance["settings"]["token"], "••••••••••5678");
    let instance_id = instance["id"].as_str().unwrap().to_string();
    env.stop().await;

    let env = TestEnv::with(with_data(&path)).await;
    let got = env.get(&format!("/functions/{id}")).await;
    assert_eq!(got.ok()["data"]["function"]["code"], "v2");
    let versions = env.get(&format!("/functions/{id}/versions")).await;
    let codes: Vec<&str> =
        versions.ok()["data"]["versions"].as_array().unwrap().iter().map(|v| v["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["v1", "v2"]);
    let kept = env.get(&format!("/insert-function-instances/{instance_id}")).await;
    assert_eq!(kept.ok()["data"]["insertFunctionInstance"], instance);
    // The secret itself was kept: a censored value written back keeps it, and the function is still in use.
    let refused = env.call("DELETE", &format!("/functions/{id}"), None).await;
    assert_eq!(refused.status, 409, "{}", refused.text);
    // A source's rename moves its destination, and the instance with it.
    env.call("PATCH", &format!("/sources/{source_id}"), Some(json!({"slug": "site"}))).await.ok();
    let moved = env.get(&format!("/insert-function-instances/{instance_id}")).await;
    assert_eq!(moved.ok()["data"]["insertFunctionInstance"]["integrationId"], destination_id.as_str());
    env.stop().await;
}

/// The catalog id of a source or destination by slug.
async fn catalog_id(env: &TestEnv, kind: &str, slug: &str) -> String {
    let answer = env.get(&format!("/catalog/{kind}?pagination%5Bcount%5D=1000")).await;
    let key = format!("{kind}Catalog");
    let list = answer.ok()["data"][key.as_str()].as_array().unwrap().clone();
    list.iter().find(|e| e["slug"] == slug).expect("in the catalog")["id"].as_str().unwrap().to_string()
}
