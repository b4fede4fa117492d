//! Access management and the audit trail on the emulator's Public door: `tests/sdk/iam.js` drives every operation of
//! users, invites, user groups and roles through the official TypeScript SDK, unchanged, and reads the audit trail of
//! writes made through both APIs; here, the owner every workspace starts with and what a restart with `--data` keeps.

use serde_json::json;

use crate::support::{READ, TestEnv, WRITE};
use seg::emulator::{Emulator, EmulatorOptions};

#[tokio::test]
async fn the_official_sdk_drives_iam_and_the_audit_trail() {
    crate::functions::run_script("the_official_sdk_drives_iam_and_the_audit_trail", "iam.js", 11).await;
}

fn with_data(path: &std::path::Path) -> EmulatorOptions {
    EmulatorOptions { data: Some(path.to_path_buf()), rate_limit: 0, ..EmulatorOptions::default() }
}

/// The owner's id, from `listUsers`.
async fn owner(env: &TestEnv) -> String {
    let users = env.get("/users").await;
    users.ok()["data"]["users"][0]["id"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn every_workspace_has_the_same_owner_on_every_run_and_writes_survive_a_restart() {
    // Two emulators without data: the same owner, derived from the workspace.
    let (a, b) = (TestEnv::start().await, TestEnv::start().await);
    assert_eq!(owner(&a).await, owner(&b).await);
    let other = TestEnv::with(EmulatorOptions { workspaces: vec!["acme".into()], ..EmulatorOptions::default() }).await;
    assert_ne!(owner(&other).await, owner(&a).await);

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.redb");
    let env = TestEnv::with(with_data(&path)).await;
    let owner_id = owner(&env).await;
    assert_eq!(owner_id, owner(&a).await);
    let group = env.call("POST", "/groups", Some(json!({"name": "Ops"}))).await;
    let group_id = group.ok()["data"]["userGroup"]["id"].as_str().unwrap().to_string();
    let users = format!("/groups/{group_id}/users");
    let joined = env.call("POST", &users, Some(json!({"emails": ["owner@demo.example"]}))).await;
    assert_eq!(joined.ok()["data"]["userGroup"]["memberCount"], 1);
    let invited = env.call("POST", "/invites", Some(json!({"invites": [{"email": "eve@example.com"}]}))).await;
    assert_eq!(invited.status, 201, "{}", invited.text);
    let events = env.get("/audit-events?pagination%5Bcount%5D=1000").await;
    let before = events.ok()["data"]["events"].clone();
    assert!(before.as_array().unwrap().len() >= 3, "{before}");
    env.stop().await;

    let env = TestEnv::with(with_data(&path)).await;
    assert_eq!(owner(&env).await, owner_id);
    let got = env.get(&format!("/groups/{group_id}")).await;
    assert_eq!(got.ok()["data"]["userGroup"]["name"], "Ops");
    let members = env.get(&format!("/groups/{group_id}/users")).await;
    assert_eq!(members.ok()["data"]["users"][0]["id"], owner_id.as_str());
    let invites = env.get("/invites").await;
    assert_eq!(invites.ok()["data"]["invites"], json!(["eve@example.com"]));
    let events = env.get("/audit-events?pagination%5Bcount%5D=1000").await;
    assert_eq!(events.ok()["data"]["events"], before);
    // A deleted owner stays deleted after a restart.
    env.call("DELETE", &format!("/users?userIds={owner_id}"), None).await.ok();
    env.stop().await;
    let env = TestEnv::with(with_data(&path)).await;
    assert_eq!(env.get("/users").await.ok()["data"]["users"], json!([]));
    let members = env.get(&format!("/groups/{group_id}")).await;
    assert_eq!(members.ok()["data"]["userGroup"]["memberCount"], 0);
    env.stop().await;
}

/// An emulator on a data file whose workspaces keep their newest `kept` audit events.
async fn keeping(path: &std::path::Path, kept: usize) -> TestEnv {
    let tokens = vec![(WRITE.into(), "workspace".into()), (READ.into(), "workspace:read".into())];
    let emulator = Emulator::new(EmulatorOptions { tokens, ..with_data(path) }).await.expect("emulator starts");
    TestEnv::serve(emulator.keep_audit_events(kept)).await
}

/// The audit trail's events, each as its type and resource name, oldest first.
async fn trail(env: &TestEnv) -> Vec<(String, String)> {
    let events = env.get("/audit-events?pagination%5Bcount%5D=1000").await;
    let events = events.ok()["data"]["events"].as_array().unwrap().clone();
    events.iter().map(|e| (e["type"].as_str().unwrap().into(), e["resourceName"].as_str().unwrap().into())).collect()
}

#[tokio::test]
async fn the_audit_trail_keeps_each_workspaces_newest_events() {
    // 10,000 a workspace (docs/EMULATOR.md); 3 here: each write over the cap drops the oldest in its own commit.
    let created = |names: &[&str]| -> Vec<(String, String)> {
        names.iter().map(|n| ("Source Created".to_string(), n.to_string())).collect()
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.redb");
    let env = keeping(&path, 3).await;
    for (n, slug) in ["a", "b", "c", "d", "e"].into_iter().enumerate() {
        env.create_source("demo", slug).await;
        let all = ["a", "b", "c", "d", "e"];
        assert_eq!(trail(&env).await, created(&all[(n + 1).saturating_sub(3)..=n]));
    }
    env.stop().await;
    // What was dropped stays dropped, and the cap holds on after a restart.
    let env = keeping(&path, 3).await;
    assert_eq!(trail(&env).await, created(&["c", "d", "e"]));
    env.create_source("demo", "f").await;
    assert_eq!(trail(&env).await, created(&["d", "e", "f"]));
    // One write of more events than the cap keeps its newest.
    let emails = ["w", "x", "y", "z"].map(|n| json!({"email": format!("{n}@example.com")}));
    let invited = env.call("POST", "/invites", Some(json!({ "invites": emails }))).await;
    assert_eq!(invited.status, 201, "{}", invited.text);
    let invites = ["x", "y", "z"].map(|n| ("Invite Created".to_string(), format!("{n}@example.com")));
    assert_eq!(trail(&env).await, invites);
    env.stop().await;
}

#[tokio::test]
async fn a_config_api_write_is_in_the_audit_trail_and_names_no_token() {
    let env = TestEnv::start().await;
    env.create_source("demo", "web").await;
    let id = env.get("/sources").await.ok()["data"]["sources"][0]["id"].as_str().unwrap().to_string();
    env.call("DELETE", "/v1beta/workspaces/demo/sources/web", None).await;
    let events = env.get(&format!("/audit-events?resourceId={id}")).await;
    let events = events.ok()["data"]["events"].as_array().unwrap().clone();
    let kinds: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["Source Created", "Source Deleted"]);
    assert!(!events.iter().any(|e| e.to_string().contains(crate::support::WRITE)));
    let bad = env.get("/audit-events?endTime=soon").await;
    assert_eq!((bad.status, &bad.json["errors"][0]["field"]), (422, &json!("endTime")));
}

#[tokio::test]
async fn another_workspaces_ids_are_unknown_and_its_trail_apart() {
    let env =
        TestEnv::with(EmulatorOptions { workspaces: vec!["demo".into(), "other".into()], ..Default::default() }).await;
    // A token of `other` only, made through the Config API.
    let token = env
        .call(
            "POST",
            "/v1beta/access-tokens",
            Some(
                json!({"access_token": {"description": "other", "scopes": "workspace", "workspace_names": ["workspaces/other"]}}),
            ),
        )
        .await;
    let token = token.ok()["token"].as_str().expect("the new token's secret").to_string();
    // What the default token (demo, the first workspace) makes.
    let group = env.call("POST", "/groups", Some(json!({"name": "Demo group"}))).await;
    let group = group.ok()["data"]["userGroup"]["id"].as_str().unwrap().to_string();
    let function = json!({"code": "x", "displayName": "Demo fn", "resourceType": "SOURCE"});
    let function = env.call("POST", "/functions", Some(function)).await;
    let function = function.ok()["data"]["function"]["id"].as_str().unwrap().to_string();
    let demo_owner = owner(&env).await;
    let as_other = |method: &'static str, path: String, body: Option<serde_json::Value>| {
        let token = token.clone();
        let env = &env;
        async move { env.raw(method, &path, Some(&token), body.map(|b| b.to_string().into_bytes())).await }
    };
    for path in [format!("/groups/{group}"), format!("/functions/{function}"), format!("/users/{demo_owner}")] {
        assert_eq!(as_other("GET", path.clone(), None).await.status, 404, "{path}");
    }
    let renamed = as_other("PATCH", format!("/groups/{group}"), Some(json!({"name": "mine"}))).await;
    assert_eq!(renamed.status, 404, "{}", renamed.text);
    // Other's owner is its own; its trail has none of demo's events.
    let users = as_other("GET", "/users".into(), None).await;
    assert_eq!(users.json["data"]["users"][0]["email"], "owner@other.example");
    assert_ne!(users.json["data"]["users"][0]["id"], demo_owner.as_str());
    let trail = as_other("GET", "/audit-events".into(), None).await;
    assert_eq!(trail.json["data"]["events"], json!([]), "{}", trail.text);
    let demo = env.get("/audit-events").await;
    let names: Vec<&str> =
        demo.ok()["data"]["events"].as_array().unwrap().iter().map(|e| e["resourceName"].as_str().unwrap()).collect();
    assert_eq!(names, ["Demo group", "Demo fn"]);
}

#[tokio::test]
async fn a_rename_or_a_delete_is_one_event_whatever_it_takes_with_it() {
    let env = TestEnv::start().await;
    env.create_source("demo", "web").await;
    let body = json!({"destination": {"name": "workspaces/demo/sources/web/destinations/webhooks",
        "enabled": true, "config": []}});
    let made = env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(body)).await;
    assert_eq!(made.status, 200, "{}", made.text);
    let id = env.get("/sources").await.ok()["data"]["sources"][0]["id"].as_str().unwrap().to_string();
    let kinds = |answer: &crate::support::Answer| -> Vec<String> {
        let events = answer.json["data"]["events"].as_array().unwrap().clone();
        events
            .iter()
            .map(|e| format!("{} {}", e["type"].as_str().unwrap(), e["resourceName"].as_str().unwrap()))
            .collect()
    };
    let before = kinds(&env.get("/audit-events").await);
    assert_eq!(before.len(), 2, "{before:?}");
    assert_eq!(before[0], "Source Created web");
    assert!(before[1].starts_with("Destination Created "), "{before:?}");
    env.call("PATCH", &format!("/sources/{id}"), Some(json!({"slug": "site"}))).await.ok();
    env.call("DELETE", &format!("/sources/{id}"), None).await.ok();
    let after = kinds(&env.get("/audit-events").await);
    // The destination moved with its source and went with it: the source's events alone.
    assert_eq!(after[2..], ["Source Modified site", "Source Deleted site"], "{after:?}");
}
