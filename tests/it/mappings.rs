//! `seg destinations mappings` and mappings in workspace files, end to end against the emulator's Public API
//! (docs/reference/actions.md): mappings named by their names, checked before anything is sent, refused on the
//! Config API; a file with mappings exported, diffed, applied and pruned; and the move off the classic webhook
//! destination (`seg convert-webhooks`), from an export to a tracking call delivered by the new mapping and verified.

use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::mpsc;

use crate::support::{Run, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;
use seg::webhook::listen;

const DST: &str = "web/actions-webhook";

/// A mapping as a file writes it, at its place under a destination's `mappings`.
const EVERYTHING: &str = "          Everything:\n            trigger: type = \"page\"\n            settings:\n              url: https://all.example.com\n              method: POST\n            enabled: true\n";
const EVERYTHING_AFTER: &str = concat!(
    "        mappings:\n",
    "          Everything:\n            trigger: type = \"page\"\n            settings:\n              url: https://all.example.com\n              method: POST\n            enabled: true\n"
);

async fn public(env: &TestEnv, args: &[&str]) -> Run {
    env.seg_with(args, &[("SEG_TOKEN", WRITE), ("SEG_API", "public")]).await
}

/// An emulator with no rate limits (the mapping writes' 5 a minute too), a source `web` and a Webhooks (Actions)
/// destination on it with a shared secret.
async fn actions_env() -> TestEnv {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..Default::default() }).await;
    public(&env, &["sources", "create", "web", "--catalog", "javascript"]).await.code(0);
    public(&env, &["destinations", "create", DST, "--enabled", "--config", "sharedSecret=s3cr3t"]).await.code(0);
    env
}

/// The requests since the last clear that could change something, as `METHOD path`.
async fn writes(env: &TestEnv) -> Vec<String> {
    let requests = env.requests().await;
    env.clear_requests().await;
    requests
        .iter()
        .filter(|r| r["method"] != "GET")
        .map(|r| format!("{} {}", r["method"].as_str().unwrap(), r["uri"].as_str().unwrap()))
        .collect()
}

fn create_args<'a>(name: &'a str, trigger: &'a str, settings: &'a str) -> Vec<&'a str> {
    vec!["destinations", "mappings", "create", DST, name, "--trigger", trigger, "--settings", settings, "--enabled"]
}

#[tokio::test]
async fn mappings_are_made_changed_and_deleted_by_name() {
    let env = actions_env().await;
    let settings = r#"{"url": "https://crm.example.com/orders", "headers": {"X-Team": "data"},
                       "data": {"@path": "$.properties"}}"#;
    let made = public(&env, &create_args("Orders", r#"type = "track" and event = "Order Completed""#, settings)).await;
    let made = made.code(0).json();
    assert_eq!(made["name"], "Orders", "-o json is the service's record: {made}");
    assert_eq!(made["actionId"], "nFPnRozhz1mh4Gbx4MLvT5", "the destination's only action: {made}");
    assert_eq!(made["enabled"], true);
    let id = made["id"].as_str().unwrap().to_string();

    let names = public(&env, &["destinations", "mappings", "list", DST, "-o", "name"]).await;
    assert_eq!(
        names.code(0).stdout.trim(),
        format!("workspaces/demo/sources/web/destinations/actions-webhook/mappings/{id}")
    );
    let full = names.stdout.trim().to_string();
    for given in ["Orders", id.as_str(), full.as_str()] {
        let got = public(&env, &["destinations", "mappings", "get", DST, given, "-o", "json"]).await;
        assert_eq!(got.code(0).json()["id"], id.as_str(), "named by {given}");
    }
    let fields =
        public(&env, &["destinations", "mappings", "get", DST, "Orders", "--json", "display_name,action,enabled"]);
    assert_eq!(fields.await.code(0).json(), json!({"display_name": "Orders", "action": "send", "enabled": true}));

    // New settings replace the old ones whole: the header left out is gone.
    let update =
        ["destinations", "mappings", "update", DST, "Orders", "--settings", r#"{"url": "https://crm.example.com/v2"}"#];
    let updated = public(&env, &update).await.code(0).json();
    assert_eq!(updated["settings"], json!({"url": "https://crm.example.com/v2"}), "{updated}");
    let update = [
        "destinations",
        "mappings",
        "update",
        DST,
        "Orders",
        "--trigger",
        r#"event = "Refund""#,
        "--rename",
        "Refunds",
    ];
    let updated = public(&env, &update).await.code(0).json();
    assert_eq!((updated["trigger"].as_str(), updated["name"].as_str()), (Some(r#"event = "Refund""#), Some("Refunds")));
    public(&env, &["destinations", "mappings", "update", DST, "Refunds"]).await.code(2);

    // A file of some fields changes those alone (what `get -o json` printed is taken too).
    std::fs::write(env.path("some.json"), r#"{"enabled": false, "id": "ignored"}"#).unwrap();
    let some = env.path("some.json");
    let update = ["destinations", "mappings", "update", DST, "Refunds", "--from-file", some.to_str().unwrap()];
    let updated = public(&env, &update).await.code(0).json();
    assert_eq!((updated["enabled"].as_bool(), updated["trigger"].as_str()), (Some(false), Some(r#"event = "Refund""#)));
    let off = public(&env, &["destinations", "mappings", "disable", DST, "Refunds", "-o", "json"]).await;
    assert_eq!(off.code(0).json()["enabled"], false);
    let on = public(&env, &["destinations", "mappings", "enable", DST, &id, "-o", "json"]).await;
    assert_eq!(on.code(0).json()["enabled"], true);

    public(&env, &["destinations", "mappings", "get", DST, "Orders"]).await.code(15);
    public(&env, &["destinations", "mappings", "delete", DST, "Refunds", "--yes"]).await.code(0);
    let left = public(&env, &["destinations", "mappings", "list", DST, "-o", "json"]).await;
    assert_eq!(left.code(0).json(), json!([]));
}

#[tokio::test]
async fn two_mappings_of_one_name_are_named_by_id() {
    let env = actions_env().await;
    for _ in 0..2 {
        public(&env, &create_args("Same", r#"type = "track""#, r#"{"url": "https://a.example.com"}"#)).await.code(0);
    }
    let run = public(&env, &["destinations", "mappings", "get", DST, "Same"]).await;
    assert!(run.code(2).stderr.contains("name one by its id"), "{}", run.stderr);
}

/// Each bad mapping is refused by seg before any write, as the emulator would refuse it (422).
#[tokio::test]
async fn a_bad_mapping_is_refused_before_anything_is_sent() {
    let env = actions_env().await;
    let url = r#"{"url": "https://a.example.com"}"#;
    let cases: [(&str, &str, &str); 6] = [
        ("a trigger that does not parse", "event # 1", url),
        ("an unknown field", r#"type = "track""#, r#"{"url": "https://a.example.com", "verb": "GET"}"#),
        ("a URL that is not http(s)", r#"type = "track""#, r#"{"url": "ftp://a.example.com"}"#),
        (
            "a header that is not ASCII",
            r#"type = "track""#,
            r#"{"url": "https://a.example.com", "headers": {"X": "café"}}"#,
        ),
        (
            "an unsupported directive",
            r#"type = "track""#,
            r#"{"url": "https://a.example.com", "data": {"@liquid": "{{x}}"}}"#,
        ),
        ("no url", r#"type = "track""#, r#"{"method": "PUT"}"#),
    ];
    env.clear_requests().await;
    for (what, trigger, settings) in cases {
        let run = public(&env, &create_args("Bad", trigger, settings)).await;
        assert!(!run.code(2).stderr.is_empty(), "{what}");
        assert_eq!(writes(&env).await, Vec::<String>::new(), "{what}: nothing sent");
    }
    // The emulator refuses the same with 422 when a client sends it anyway.
    let id = public(&env, &["destinations", "get", DST, "-o", "json"]).await.code(0).json()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let body = json!({"name": "Bad", "actionId": "nFPnRozhz1mh4Gbx4MLvT5", "trigger": "type = \"track\"", "enabled": true,
        "settings": {"url": "https://a.example.com", "headers": {"X": "café"}}});
    let answer = env.call("POST", &format!("/destinations/{id}/subscriptions"), Some(body)).await;
    assert_eq!(answer.status, 422, "{}", answer.text);
    // A sixth mapping: seg counts the five first.
    for n in 1..=5 {
        public(&env, &create_args(&format!("M{n}"), r#"type = "track""#, url)).await.code(0);
    }
    env.clear_requests().await;
    let run = public(&env, &create_args("M6", r#"type = "track""#, url)).await;
    assert!(run.code(2).stderr.contains("5 mappings"), "{}", run.stderr);
    assert_eq!(writes(&env).await, Vec::<String>::new());
}

#[tokio::test]
async fn mappings_are_a_public_api_resource() {
    let env = actions_env().await;
    env.clear_requests().await;
    for args in [
        vec!["destinations", "mappings", "list", DST],
        vec!["destinations", "mappings", "get", DST, "Orders"],
        create_args("Orders", r#"type = "track""#, r#"{"url": "https://a.example.com"}"#),
    ] {
        let run = env.seg_with(&args, &[("SEG_TOKEN", WRITE), ("SEG_API", "config"), ("SEG_WORKSPACE", "demo")]).await;
        assert!(run.code(2).stderr.contains("Public API"), "{}", run.stderr);
    }
    assert!(env.requests().await.is_empty(), "refused before any request");
}

/// A destination's mappings in a seg/1 file: exported (a credential header as a `$env` reference), diffed to
/// nothing, changed, applied, a second apply sending nothing, and pruned.
#[tokio::test]
async fn a_workspace_file_with_mappings_round_trips() {
    let env = actions_env().await;
    let settings = r#"{"url": "https://crm.example.com/in", "method": "PUT",
                       "headers": {"Authorization": "Bearer t0ken", "X-Team": "data"}}"#;
    public(&env, &create_args("Orders", r#"type = "track""#, settings)).await.code(0);
    let file = env.path("acme.yaml");
    let file = file.to_str().unwrap();
    let export = public(&env, &["export", "--file", file]).await;
    let secret = "SEG_SECRET_WEB_ACTIONS_WEBHOOK_ORDERS_AUTHORIZATION";
    assert!(export.code(0).stderr.contains(secret), "{}", export.stderr);
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains("mappings:") && !text.contains("t0ken"), "{text}");
    let vars = [
        ("SEG_TOKEN", WRITE),
        ("SEG_API", "public"),
        (secret, "Bearer t0ken"),
        ("SEG_SECRET_WEB_ACTIONS_WEBHOOK_SHAREDSECRET", "s3cr3t"),
    ];
    let diff = env.seg_with(&["diff", "--file", file, "-o", "json"], &vars).await;
    assert_eq!(diff.code(0).json()["changes"], json!([]), "an export diffs to nothing: {}", diff.stdout);

    // A changed trigger, a new mapping, and the default method written out (the same as leaving it out).
    let changed = text
        .replace("trigger: type = \"track\"", "trigger: type = \"identify\"")
        .replace("        mappings:\n", EVERYTHING_AFTER);
    std::fs::write(file, &changed).unwrap();
    let diff = env.seg_with(&["diff", "--file", file, "-o", "json"], &vars).await;
    let changes = diff.code(1).json()["changes"].clone();
    let shown: Vec<(&str, &str)> = changes
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["action"].as_str().unwrap(), c["resource"].as_str().unwrap()))
        .collect();
    assert_eq!(shown.len(), 2, "{changes}");
    assert!(shown.iter().any(|(a, r)| *a == "update" && r.contains("/mappings/")), "{changes}");
    assert!(shown.iter().any(|(a, r)| *a == "create" && r.ends_with("mappings (\"Everything\")")), "{changes}");
    env.seg_with(&["apply", "--file", file, "--yes"], &vars).await.code(0);
    let stored = public(&env, &["destinations", "mappings", "get", DST, "Orders", "-o", "json"]).await.code(0).json();
    assert_eq!(stored["settings"]["headers"]["Authorization"], "Bearer t0ken", "the reference was sent as its value");
    assert_eq!(stored["trigger"], "type = \"identify\"");
    env.clear_requests().await;
    env.seg_with(&["apply", "--file", file, "--yes"], &vars).await.code(0);
    assert_eq!(writes(&env).await, Vec::<String>::new(), "a second apply sends nothing");

    // Pruned: a mapping the file no longer lists is deleted.
    let without = changed.replace(EVERYTHING, "");
    std::fs::write(file, without).unwrap();
    env.seg_with(&["diff", "--file", file], &vars).await.code(0);
    env.seg_with(&["apply", "--file", file, "--prune", "--yes"], &vars).await.code(0);
    let left = public(&env, &["destinations", "mappings", "list", DST, "-o", "json"]).await.code(0).json();
    let names: Vec<&str> = left.as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Orders"]);

    // On the Config API the file's mappings are not supported: listed, never an error.
    let vars = [("SEG_TOKEN", WRITE), ("SEG_API", "config"), (secret, "Bearer t0ken")];
    let diff = env.seg_with(&["diff", "--file", file, "-o", "json"], &vars).await;
    let not_supported = diff.json()["not_supported"].clone();
    assert!(not_supported.as_array().unwrap().iter().any(|n| n["path"] == "mappings"), "{}", diff.stdout);
}

/// The move off the classic destination, end to end: export, rewrite, diff, apply, then a tracking call delivered
/// by the new mapping (not by the classic destination, now disabled) and verified with the shared secret.
#[tokio::test]
async fn a_classic_webhook_destination_moves_to_actions() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..Default::default() }).await;
    let (sink, mut received) = mpsc::unbounded_channel();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let hook = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(axum::serve(listener, listen::router(listen::ListenOptions::default(), sink)).into_future());
    let created =
        public(&env, &["sources", "create", "web", "--catalog", "javascript", "-o", "json"]).await.code(0).json();
    let write_key = created["writeKeys"][0].as_str().unwrap().to_string();
    let hooks = format!(r#"hooks=[{{"hook": "{hook}", "headers": [{{"key": "X-Team", "value": "data"}}]}}]"#);
    let classic =
        ["destinations", "create", "web/webhooks", "--enabled", "--config", &hooks, "--config", "sharedSecret=s3cr3t"];
    public(&env, &classic).await.code(0);

    let (file, converted) = (env.path("acme.yaml"), env.path("actions.yaml"));
    let (file, converted) = (file.to_str().unwrap(), converted.to_str().unwrap());
    public(&env, &["export", "--file", file]).await.code(0);
    let run = public(&env, &["convert-webhooks", "--file", file, "--out", converted]).await;
    assert!(run.code(0).stderr.contains("web/webhooks -> web/actions-webhook"), "{}", run.stderr);
    let vars = [("SEG_TOKEN", WRITE), ("SEG_API", "public"), ("SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET", "s3cr3t")];
    env.seg_with(&["diff", "--file", converted], &vars).await.code(1);
    env.seg_with(&["apply", "--file", converted, "--yes"], &vars).await.code(0);
    env.seg_with(&["diff", "--file", converted], &vars).await.code(0);

    let answer = reqwest::Client::new()
        .post(format!("{}/v1/track", env.base))
        .basic_auth(&write_key, Some(""))
        .header("content-type", "application/json")
        .body(r#"{"userId": "u1", "event": "Order Completed", "properties": {"total": 12.5}}"#)
        .send()
        .await
        .unwrap();
    assert!(answer.status().is_success());
    let got = tokio::time::timeout(Duration::from_secs(10), received.recv()).await.expect("a delivery").unwrap();
    let header = |name: &str| {
        got.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone()).unwrap_or_default()
    };
    assert_eq!(header("user-agent"), "Segment (Actions)");
    assert_eq!(header("x-team"), "data", "the hook's header is the mapping's");
    let body: Value = serde_json::from_str(&got.body).unwrap();
    assert_eq!(
        (body["event"].as_str(), body["type"].as_str()),
        (Some("Order Completed"), Some("track")),
        "the whole event"
    );
    let verify = env
        .seg_stdin(
            &["webhook", "verify", "--secret", "s3cr3t", "--signature", &header("x-signature")],
            &[],
            got.body.as_bytes(),
        )
        .await;
    verify.code(0);
    // One delivery only: the classic destination is disabled.
    let again = tokio::time::timeout(Duration::from_millis(1500), received.recv()).await;
    assert!(again.is_err(), "the classic destination sent too: {:?}", again.map(|r| r.map(|r| r.path)));
}
