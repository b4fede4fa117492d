//! The Public API's per-operation rate limits in the emulator (docs/EMULATOR.md, "Per-operation limits"): each
//! operation of the table lets its count of a token's requests through in a fixed window that opens at the first,
//! then answers the service's 429 until the window ends; `/_emulator/clock` ends a window without waiting, and
//! `SEG_TEST_LIMIT_MINUTE_MS` shortens the windows of a `seg serve` process. The official SDK sees the same 429.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

use crate::support::{Answer, READ, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;
use seg::wire::actions::catalog::WEBHOOKS;

const SEND: &str = "nFPnRozhz1mh4Gbx4MLvT5";
const OTHER: &str = "test-other-write-token";

/// An emulator with the default token budget (200 a minute, so the operations' limits are on) and a second write
/// token.
async fn limited() -> TestEnv {
    TestEnv::with(EmulatorOptions {
        rate_limit: 200,
        tokens: vec![
            (WRITE.into(), "workspace".into()),
            (READ.into(), "workspace:read".into()),
            (OTHER.into(), "workspace".into()),
        ],
        ..EmulatorOptions::default()
    })
    .await
}

async fn as_token(env: &TestEnv, token: &str, method: &str, path: &str, body: Value) -> Answer {
    env.raw(method, path, Some(token), Some(body.to_string().into_bytes())).await
}

/// A Webhooks (Actions) destination on a new source: its id.
async fn destination(env: &TestEnv, slug: &str) -> String {
    let catalog = env.get("/catalog/sources?pagination[count]=100").await;
    let javascript =
        catalog.ok()["data"]["sourcesCatalog"].as_array().unwrap().iter().find(|s| s["slug"] == "javascript");
    let javascript = javascript.unwrap()["id"].clone();
    let source =
        env.call("POST", "/sources", Some(json!({"slug": slug, "enabled": true, "metadataId": javascript}))).await;
    assert_eq!(source.status, 201, "{}", source.text);
    let body = json!({"sourceId": source.json["data"]["source"]["id"], "metadataId": WEBHOOKS.metadata_id,
                      "enabled": true, "settings": {}});
    let destination = env.call("POST", "/destinations", Some(body)).await;
    destination.ok()["data"]["destination"]["id"].as_str().unwrap().to_string()
}

fn mapping(name: &str) -> Value {
    json!({"name": name, "actionId": SEND, "trigger": "type = \"track\"", "enabled": true,
           "settings": {"url": "https://example.com/in"}})
}

async fn subscriptions(env: &TestEnv, destination: &str) -> Vec<String> {
    let list = env.get(&format!("/destinations/{destination}/subscriptions?pagination[count]=100")).await;
    list.ok()["data"]["subscriptions"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().into()).collect()
}

/// The service's 429 exactly, with its headers; its `msBeforeNext`.
#[track_caller]
fn too_many(answer: &Answer, limit: u64) -> u64 {
    assert_eq!(answer.status, 429, "{}", answer.text);
    let ms = answer.json["errors"][0]["data"]["msBeforeNext"].as_u64().expect(&answer.text);
    let expected = json!({"errors": [{"type": "RequestError", "message": "Too many requests",
        "data": {"remainingPoints": 0, "msBeforeNext": ms, "consumedPoints": limit}}]});
    assert_eq!(answer.json, expected);
    assert!((1..=60_000).contains(&ms), "{ms}");
    let header = |name: &str| answer.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    assert_eq!(header("retry-after"), ms.div_ceil(1000).to_string(), "Retry-After: whole seconds, rounded up");
    for name in ["x-ratelimit-consumed", "x-ratelimit-remaining", "x-ratelimit-reset"] {
        assert!(!header(name).is_empty(), "{name}: {:?}", answer.headers);
    }
    ms
}

#[tokio::test]
async fn the_sixth_subscription_write_in_a_window_is_429_until_the_clock_moves() {
    let env = limited().await;
    let (first, second) = (destination(&env, "web").await, destination(&env, "app").await);
    let create = |destination: &str| format!("/destinations/{destination}/subscriptions");
    for n in 0..5 {
        assert_eq!(env.call("POST", &create(&first), Some(mapping(&format!("m{n}")))).await.status, 200);
    }
    // The limit is the operation's, whatever the destination; the refused write is not processed.
    let refused = env.call("POST", &create(&second), Some(mapping("late"))).await;
    too_many(&refused, 5);
    assert_eq!(subscriptions(&env, &first).await, ["m0", "m1", "m2", "m3", "m4"]);
    assert_eq!(subscriptions(&env, &second).await, Vec::<String>::new(), "nothing stored");
    // Another token has a window of its own; another operation too.
    assert_eq!(as_token(&env, OTHER, "POST", &create(&second), mapping("other")).await.status, 200);
    let path = format!("/destinations/{first}/subscriptions/AAAAAAAAAAAAAAAAAAAAAA");
    assert_eq!(env.call("DELETE", &path, None).await.status, 404, "remove has its own window");
    // The clock moved past the window's end: the next create opens a new one.
    let moved = env.call("POST", "/_emulator/clock", Some(json!({"advance_ms": 60_000}))).await;
    assert_eq!(moved.ok()["advanced_ms"], 60_000);
    assert_eq!(env.get("/_emulator/clock").await.ok()["advanced_ms"], 60_000);
    assert_eq!(env.call("POST", &create(&second), Some(mapping("late"))).await.status, 200);
    assert_eq!(subscriptions(&env, &second).await, ["other", "late"]);
    let bad = env.call("POST", "/_emulator/clock", Some(json!({"advance": 1}))).await;
    assert_eq!(bad.status, 400, "{}", bad.text);
}

async fn create_label(env: &TestEnv, token: &str, value: &str) -> Answer {
    as_token(env, token, "POST", "/labels", json!({"label": {"key": "limit", "value": value}})).await
}

async fn label_values(env: &TestEnv) -> Vec<String> {
    let labels = env.get("/labels").await;
    let labels = labels.ok()["data"]["labels"].as_array().unwrap().clone();
    labels.iter().filter(|l| l["key"] == "limit").map(|l| l["value"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn create_label_allows_sixty_a_minute_per_token_and_none_with_the_limit_off() {
    let env = limited().await;
    for n in 0..60 {
        assert_eq!(create_label(&env, WRITE, &format!("v{n}")).await.status, 201);
    }
    too_many(&create_label(&env, WRITE, "v60").await, 60);
    assert_eq!(label_values(&env).await.len(), 60, "the 61st is not stored");
    assert_eq!(create_label(&env, OTHER, "v60").await.status, 201, "another token's window");
    // The Config API has no per-operation limits; nor has the Public API with --rate-limit 0.
    let off = TestEnv::start().await;
    for n in 0..61 {
        assert_eq!(create_label(&off, WRITE, &format!("v{n}")).await.status, 201);
    }
}

/// `seg serve` with the table's minute shortened: the window ends on its own.
#[tokio::test]
async fn seg_serve_shortens_the_windows_under_the_test_setting() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_seg"))
        .args(["serve", "--port", "0", "--accept-token", "abc:workspace"])
        .env("SEG_TEST_LIMIT_MINUTE_MS", "2000")
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = Vec::new();
    let mut byte = [0u8; 1];
    while stdout.read_exact(&mut byte).is_ok() && byte[0] != b'\n' {
        first.push(byte[0]);
    }
    let first = String::from_utf8(first).unwrap();
    let base = first.strip_prefix("listening on ").expect(&first).to_string();
    let client = reqwest::Client::new();
    let label = |value: String| {
        client.post(format!("{base}/labels")).bearer_auth("abc").json(&json!({"label": {"key": "k", "value": value}}))
    };
    let mut refused = None;
    for n in 0..300 {
        let answer = label(format!("v{n}")).send().await.unwrap();
        if answer.status() == 429 {
            refused = Some((n, answer.json::<Value>().await.unwrap()));
            break;
        }
    }
    // On a slow machine a window may end before its 61st: then a later request is refused, never an earlier one.
    let (n, body) = refused.expect("createLabel past 60 in 2 s is refused");
    assert!(n >= 60, "refused at {n}: {body}");
    let ms = body["errors"][0]["data"]["msBeforeNext"].as_u64().unwrap();
    assert!((1..=2000).contains(&ms), "{body}");
    assert_eq!(body["errors"][0]["data"]["consumedPoints"], 60);
    tokio::time::sleep(Duration::from_millis(ms)).await;
    assert_eq!(label("after".into()).send().await.unwrap().status(), 201);
    let _ = child.kill();
    let _ = child.wait();
}

#[tokio::test]
async fn the_official_sdk_sees_the_429_of_an_operation_limit() {
    let Some(folder) = crate::sdk::installed("the_official_sdk_sees_the_429_of_an_operation_limit") else {
        return;
    };
    let env = limited().await;
    let out = tokio::process::Command::new("node")
        .arg("limits.js")
        .current_dir(&folder)
        .env("SEG_BASE", &env.base)
        .env("SEG_WRITE", WRITE)
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(120), out).await.expect("the SDK run ends").unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the SDK's run failed\nstdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.contains("3 checks passed"), "{stdout}");
}
