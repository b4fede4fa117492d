//! Warehouses, reverse ETL models, transformations, spaces and profiles warehouses on the Public door: the official
//! TypeScript SDK, unchanged, drives every operation (tests/sdk/warehouses.js) and finds what it made after a restart
//! on the data file; an id of another workspace is as unknown as one that never was; a source's new slug keeps what
//! is under it.

use serde_json::{Value, json};

use crate::sdk::installed;
use crate::support::{Answer, READ, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

/// Runs tests/sdk/warehouses.js in `phase` (`before` or `after`) against `env`, its ids kept in `state`.
async fn drive(env: &TestEnv, folder: &std::path::Path, phase: &str, state: &std::path::Path) -> String {
    let out = tokio::process::Command::new("node")
        .arg("warehouses.js")
        .current_dir(folder)
        .env("SEG_BASE", &env.base)
        .env("SEG_WRITE", WRITE)
        .env("SEG_READ", READ)
        .env("SEG_PHASE", phase)
        .env("SEG_STATE", state)
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(std::time::Duration::from_secs(120), out).await.expect("the SDK run ends").unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the SDK's run failed\nstdout:\n{stdout}\nstderr:\n{stderr}");
    stdout.into_owned()
}

#[tokio::test]
async fn the_official_sdk_drives_warehouses_models_transformations_and_profiles_across_a_restart() {
    let test = "the_official_sdk_drives_warehouses_models_transformations_and_profiles_across_a_restart";
    let Some(folder) = installed(test) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (data, state) = (dir.path().join("state.redb"), dir.path().join("ids.json"));
    let options = || EmulatorOptions { rate_limit: 0, data: Some(data.clone()), ..EmulatorOptions::default() };
    let env = TestEnv::with(options()).await;
    let stdout = drive(&env, &folder, "before", &state).await;
    assert!(stdout.contains("25 checks passed"), "{stdout}");
    env.stop().await;
    let env = TestEnv::with(options()).await;
    let stdout = drive(&env, &folder, "after", &state).await;
    assert!(stdout.contains("3 checks passed"), "{stdout}");
    env.stop().await;
}

#[track_caller]
fn made(answer: &Answer) -> &Value {
    assert!([200, 201].contains(&answer.status), "{} {}", answer.status, answer.text);
    &answer.json["data"]
}

fn id(value: &Value) -> String {
    value["id"].as_str().expect("an id").to_string()
}

/// A source, a Postgres warehouse it is connected to, a reverse ETL model and a transformation of it.
async fn fixtures(env: &TestEnv, slug: &str) -> (String, String, String, String) {
    let sources = env.get("/catalog/sources").await.ok()["data"]["sourcesCatalog"].clone();
    let javascript = sources.as_array().unwrap().iter().find(|s| s["slug"] == "javascript").unwrap()["id"].clone();
    let source = json!({"slug": slug, "enabled": true, "metadataId": javascript});
    let source = id(&made(&env.call("POST", "/sources", Some(source)).await)["source"]);
    let catalog = env.get("/catalog/warehouses").await.ok()["data"]["warehousesCatalog"].clone();
    let postgres = catalog.as_array().unwrap().iter().find(|w| w["slug"] == "postgres").unwrap()["id"].clone();
    let settings = json!({"hostname": "db", "port": 5432, "database": "d", "username": "u", "password": "secret"});
    let warehouse = json!({"metadataId": postgres, "name": "Main", "settings": settings});
    let warehouse = id(&made(&env.call("POST", "/warehouses", Some(warehouse)).await)["warehouse"]);
    let connect = env.call("POST", &format!("/warehouses/{warehouse}/connected-sources/{source}"), None).await;
    assert_eq!(connect.status, 201, "{}", connect.text);
    let model = json!({"sourceId": source, "name": "m", "description": "", "enabled": true,
                       "scheduleStrategy": "MANUAL", "scheduleConfig": {}, "query": "select 1",
                       "queryIdentifierColumn": "id"});
    let model = id(&made(&env.call("POST", "/reverse-etl-models", Some(model)).await)["reverseEtlModel"]);
    let transformation = json!({"name": "t", "sourceId": source, "enabled": true, "if": "event = \"A\""});
    let transformation = id(&made(&env.call("POST", "/transformations", Some(transformation)).await)["transformation"]);
    (source, warehouse, model, transformation)
}

#[tokio::test]
async fn an_id_of_another_workspace_is_unknown() {
    let env = TestEnv::with(EmulatorOptions {
        workspaces: vec!["demo".into(), "other".into()],
        ..EmulatorOptions::default()
    })
    .await;
    let (source, warehouse, model, transformation) = fixtures(&env, "web").await;
    let body = json!({"access_token": {"description": "other", "scopes": "workspace",
                                       "workspace_names": ["workspaces/other"]}});
    let other = env.call("POST", "/v1beta/access-tokens", Some(body)).await.ok()["token"].as_str().unwrap().to_string();
    let get = |path: String| {
        let (env, other) = (&env, other.clone());
        async move { env.raw("GET", &path, Some(&other), None).await }
    };
    for path in [
        format!("/warehouses/{warehouse}"),
        format!("/warehouses/{warehouse}/connected-sources"),
        format!("/warehouses/{warehouse}/connection-state"),
        format!("/sources/{source}/connected-warehouses"),
        format!("/reverse-etl-models/{model}"),
        format!("/transformations/{transformation}"),
    ] {
        let answer = get(path.clone()).await;
        assert_eq!(answer.status, 404, "{path}: {}", answer.text);
        assert_eq!(answer.json["errors"][0]["type"], "not-found", "{path}");
    }
    // Its lists hold none of them, and its one space is its own.
    for (path, key) in
        [("/warehouses", "warehouses"), ("/reverse-etl-models", "models"), ("/transformations", "transformations")]
    {
        assert_eq!(get(path.into()).await.ok()["data"][key], json!([]), "{path}");
    }
    let mine = env.get("/spaces").await.ok()["data"]["spaces"][0]["id"].as_str().unwrap().to_string();
    let theirs = get("/spaces".into()).await.ok()["data"]["spaces"][0]["id"].as_str().unwrap().to_string();
    assert_ne!(mine, theirs);
    assert_eq!(get(format!("/spaces/{mine}")).await.status, 404);
    assert_eq!(get(format!("/spaces/{mine}/profiles-warehouses")).await.status, 404);
    // Connecting their warehouse to my source is as unknown.
    let path = format!("/warehouses/{warehouse}/connected-sources/{source}");
    assert_eq!(env.raw("POST", &path, Some(&other), None).await.status, 404);
}

#[tokio::test]
async fn a_source_keeps_its_connections_models_and_transformations_through_a_new_slug_and_takes_them_when_deleted() {
    let env = TestEnv::start().await;
    let (source, warehouse, model, transformation) = fixtures(&env, "web").await;
    let renamed = env.call("PATCH", &format!("/sources/{source}"), Some(json!({"slug": "site"}))).await;
    assert_eq!(renamed.ok()["data"]["source"]["slug"], "site");
    let warehouses = env.get(&format!("/sources/{source}/connected-warehouses")).await;
    assert_eq!(warehouses.ok()["data"]["warehouses"][0]["id"], warehouse.as_str());
    let sources = env.get(&format!("/warehouses/{warehouse}/connected-sources")).await;
    assert_eq!(sources.ok()["data"]["sources"][0]["slug"], "site");
    assert_eq!(
        env.get(&format!("/reverse-etl-models/{model}")).await.ok()["data"]["reverseEtlModel"]["sourceId"],
        source.as_str()
    );
    let moved = env.get(&format!("/transformations/{transformation}")).await;
    assert_eq!(moved.ok()["data"]["transformation"]["sourceId"], source.as_str());
    // The Config API still reads the source (what lies under it is no resource of its).
    env.get("/v1beta/workspaces/demo/sources/site").await.ok();
    // Deleted through the Config API: its connection, model and transformation go with it.
    env.call("DELETE", "/v1beta/workspaces/demo/sources/site", None).await.ok();
    assert_eq!(env.get(&format!("/reverse-etl-models/{model}")).await.status, 404);
    assert_eq!(env.get(&format!("/transformations/{transformation}")).await.status, 404);
    let sources = env.get(&format!("/warehouses/{warehouse}/connected-sources")).await;
    assert_eq!(sources.ok()["data"]["sources"], json!([]));
    // The warehouse stays, with the name TS47's model leaves out (later SDKs and the Terraform provider read it);
    // `name: null` clears it.
    let got = env.get(&format!("/warehouses/{warehouse}")).await;
    assert_eq!(got.ok()["data"]["warehouse"]["name"], "Main");
    let cleared = env.call("PATCH", &format!("/warehouses/{warehouse}"), Some(json!({"name": null}))).await;
    assert!(cleared.ok()["data"]["warehouse"].get("name").is_none(), "{}", cleared.text);
    // Deleting a warehouse with a connection takes the connection.
    let (source, warehouse, _, _) = fixtures(&env, "app").await;
    env.call("DELETE", &format!("/warehouses/{warehouse}"), None).await.ok();
    let warehouses = env.get(&format!("/sources/{source}/connected-warehouses")).await;
    assert_eq!(warehouses.ok()["data"]["warehouses"], json!([]));
}
