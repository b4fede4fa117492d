//! The `seg` binary against the emulator: exact requests (seen in the emulator's request log), paging, exit codes,
//! retries, dry-run, and the token's absence from every output.

use serde_json::{Value, json};

use crate::support::{READ, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

const DEST: &str = "workspaces/demo/sources/web/destinations/webhooks";

async fn env_with_destination() -> TestEnv {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    env.create_source("demo", "web").await.ok();
    let body = json!({"destination": {"name": DEST}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(body)).await.ok();
    env.clear_requests().await;
    env
}

async fn seed_sources(env: &TestEnv, n: usize) {
    for i in 0..n {
        env.create_source("demo", &format!("s{i:04}")).await.ok();
    }
    env.clear_requests().await;
}

/// The one request the last command sent with this method.
async fn sent(env: &TestEnv, method: &str) -> Value {
    let requests: Vec<Value> = env.requests().await.into_iter().filter(|r| r["method"] == method).collect();
    assert_eq!(requests.len(), 1, "one {method}: {requests:?}");
    requests[0].clone()
}

// ---- exact request bodies ----

#[tokio::test]
async fn each_update_flag_sends_its_exact_body() {
    let env = env_with_destination().await;
    let file = env.path("changes.json");
    std::fs::write(&file, r#"{"enabled": true, "connection_mode": "DEVICE"}"#).unwrap();
    let file = file.to_str().unwrap();
    let cases: Vec<(Vec<&str>, String)> = vec![
        (vec!["--enabled"], r#"{"destination":{"enabled":true},"update_mask":{"paths":["destination.enabled"]}}"#.into()),
        (vec!["--enabled=false"], r#"{"destination":{"enabled":false},"update_mask":{"paths":["destination.enabled"]}}"#.into()),
        (vec!["--enabled=true"], r#"{"destination":{"enabled":true},"update_mask":{"paths":["destination.enabled"]}}"#.into()),
        (vec!["--disabled"], r#"{"destination":{"enabled":false},"update_mask":{"paths":["destination.enabled"]}}"#.into()),
        (
            vec!["--config", "sharedSecret=abc"],
            format!(r#"{{"destination":{{"config":[{{"name":"{DEST}/config/sharedSecret","value":"abc"}}]}},"update_mask":{{"paths":["destination.config"]}}}}"#),
        ),
        (
            vec!["--config", r#"hooks=[{"hook":"http://127.0.0.1:9/h"}]"#],
            format!(r#"{{"destination":{{"config":[{{"name":"{DEST}/config/hooks","value":[{{"hook":"http://127.0.0.1:9/h"}}]}}]}},"update_mask":{{"paths":["destination.config"]}}}}"#),
        ),
        (vec!["--connection-mode", "cloud"], r#"{"destination":{"connection_mode":"CLOUD"},"update_mask":{"paths":["destination.connection_mode"]}}"#.into()),
        (vec!["--set", "connection_mode=DEVICE"], r#"{"destination":{"connection_mode":"DEVICE"},"update_mask":{"paths":["destination.connection_mode"]}}"#.into()),
        (vec!["--set", "enabled=true"], r#"{"destination":{"enabled":true},"update_mask":{"paths":["destination.enabled"]}}"#.into()),
        (vec!["--clear", "enabled"], r#"{"destination":{},"update_mask":{"paths":["destination.enabled"]}}"#.into()),
        (vec!["--clear", "destination.config"], r#"{"destination":{},"update_mask":{"paths":["destination.config"]}}"#.into()),
        (
            vec!["--from-file", file],
            r#"{"destination":{"enabled":true,"connection_mode":"DEVICE"},"update_mask":{"paths":["destination.enabled","destination.connection_mode"]}}"#.into(),
        ),
        (
            vec!["--set", "enabled=true", "--set", "connection_mode=CLOUD", "--update-mask", "enabled"],
            r#"{"destination":{"enabled":true,"connection_mode":"CLOUD"},"update_mask":{"paths":["destination.enabled"]}}"#.into(),
        ),
        (
            vec!["--enabled", "--connection-mode", "device", "--config", "sharedSecret=x"],
            format!(r#"{{"destination":{{"enabled":true,"connection_mode":"DEVICE","config":[{{"name":"{DEST}/config/sharedSecret","value":"x"}}]}},"update_mask":{{"paths":["destination.enabled","destination.connection_mode","destination.config"]}}}}"#),
        ),
    ];
    for (flags, want) in cases {
        for verb in ["patch", "update"] {
            env.clear_requests().await;
            let mut args = vec!["-w", "demo", "destinations", verb, "web/webhooks"];
            args.extend(&flags);
            env.seg(&args).await.code(0);
            let request = sent(&env, "PATCH").await;
            assert_eq!(request["body"], want, "{verb} {flags:?}");
            assert_eq!(request["uri"], format!("/v1beta/{DEST}"));
        }
    }
}

#[tokio::test]
async fn enable_disable_and_name_forms_reach_the_same_destination() {
    let env = env_with_destination().await;
    for (args, enabled) in [
        (vec!["-w", "demo", "destinations", "enable", "web/webhooks"], true),
        (vec!["-w", "demo", "destinations", "disable", "webhooks", "--source", "web"], false),
        (vec!["destinations", "enable", DEST], true),
        (
            vec!["destinations", "patch", "webhooks", "--source", "workspaces/demo/sources/web", "--enabled=false"],
            false,
        ),
    ] {
        env.clear_requests().await;
        let run = env.seg(&args).await;
        run.code(0);
        assert_eq!(run.json()["enabled"], enabled, "{args:?}");
        let body: Value = serde_json::from_str(sent(&env, "PATCH").await["body"].as_str().unwrap()).unwrap();
        assert_eq!(
            body,
            json!({"destination": {"enabled": enabled}, "update_mask": {"paths": ["destination.enabled"]}})
        );
    }
}

#[tokio::test]
async fn other_updates_and_creates_send_what_the_api_expects() {
    let env = env_with_destination().await;
    env.seg(&["-w", "demo", "sources", "update", "web", "--display-name", "Web", "--label", "team=data"]).await.code(0);
    assert_eq!(
        sent(&env, "PATCH").await["body"],
        r#"{"source":{"display_name":"Web","labels":{"team":"data"}},"update_mask":{"paths":["source.display_name","source.labels"]}}"#
    );
    env.clear_requests().await;
    let run = env.seg(&["-w", "demo", "tracking-plans", "create", "--display-name", "Plan"]).await;
    let plan = run.code(0).json()["name"].as_str().unwrap().to_string();
    env.clear_requests().await;
    let id = plan.rsplit('/').next().unwrap();
    env.seg(&["-w", "demo", "tracking-plans", "update", id, "--display-name", "Renamed"]).await.code(0);
    let request = sent(&env, "PUT").await;
    assert_eq!(
        request["body"],
        r#"{"tracking_plan":{"display_name":"Renamed"},"update_mask":{"paths":["tracking_plan.display_name"]}}"#
    );
    assert_eq!(request["uri"], format!("/v1beta/{plan}"));
    env.clear_requests().await;
    env.seg(&["-w", "demo", "sources", "create", "app", "--catalog", "ios"]).await.code(0);
    assert_eq!(
        sent(&env, "POST").await["body"],
        r#"{"source":{"name":"workspaces/demo/sources/app","catalog_name":"catalog/sources/ios"}}"#
    );
    env.clear_requests().await;
    env.seg(&[
        "-w",
        "demo",
        "destinations",
        "create",
        "app/slack",
        "--enabled",
        "--config",
        "webhookUrl=https://h.invalid/x",
    ])
    .await
    .code(0);
    assert_eq!(
        sent(&env, "POST").await["body"],
        r#"{"destination":{"name":"workspaces/demo/sources/app/destinations/slack","enabled":true,"config":[{"name":"workspaces/demo/sources/app/destinations/slack/config/webhookUrl","value":"https://h.invalid/x"}]}}"#
    );
    env.clear_requests().await;
    env.seg(&["-w", "demo", "tracking-plans", "connections", "add", id, "web"]).await.code(0);
    assert_eq!(sent(&env, "POST").await["body"], r#"{"source_name":"workspaces/demo/sources/web"}"#);
    env.seg(&["-w", "demo", "regulations", "create", "--user-id", "u1", "--user-id", "u2", "--yes"]).await.code(0);
}

#[tokio::test]
async fn an_update_that_changes_nothing_is_a_usage_error_and_sends_nothing() {
    let env = env_with_destination().await;
    let run = env.seg(&["-w", "demo", "destinations", "patch", "web/webhooks"]).await;
    run.code(2);
    assert!(run.stderr.contains("nothing to update"), "{}", run.stderr);
    assert!(run.stdout.is_empty());
    assert!(env.requests().await.is_empty());
}

// ---- paging ----

#[tokio::test]
async fn lists_237_items_in_order_across_pages() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    seed_sources(&env, 237).await;
    let want: Vec<String> = (0..237).map(|i| format!("workspaces/demo/sources/s{i:04}")).collect();
    for (size, pages) in [(None, 3), (Some("50"), 5), (Some("200"), 2)] {
        env.clear_requests().await;
        let mut args = vec!["-w", "demo", "sources", "list", "-o", "json"];
        if let Some(size) = size {
            args.extend(["--page-size", size]);
        }
        let run = env.seg(&args).await;
        let names: Vec<String> =
            run.code(0).json().as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_string()).collect();
        assert_eq!(names, want, "page size {size:?}");
        assert_eq!(env.requests().await.len(), pages, "page size {size:?}");
    }
    // ndjson and name: one item a line, same order.
    let run = env.seg(&["-w", "demo", "sources", "list", "-o", "name"]).await;
    assert_eq!(run.code(0).stdout.lines().collect::<Vec<_>>(), want);
    let run = env.seg(&["-w", "demo", "sources", "list", "-o", "ndjson"]).await;
    let names: Vec<String> = run
        .code(0)
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, want);
    // --jq sees the whole list at once.
    let run = env.seg(&["-w", "demo", "sources", "list", "--jq", "length"]).await;
    assert_eq!(run.code(0).stdout, "237\n");
}

#[tokio::test]
async fn limit_fetches_no_page_it_does_not_need() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    seed_sources(&env, 237).await;
    for (limit, page_size, want_queries) in [
        ("5", None, vec!["page_size=5"]),
        ("100", None, vec!["page_size=100"]),
        ("150", None, vec!["page_size=100", "page_size=50"]),
        ("120", Some("50"), vec!["page_size=50", "page_size=50", "page_size=20"]),
        ("500", None, vec!["page_size=100", "page_size=100", "page_size=100"]),
    ] {
        env.clear_requests().await;
        let mut args = vec!["-w", "demo", "sources", "list", "-o", "json", "--limit", limit];
        if let Some(size) = page_size {
            args.extend(["--page-size", size]);
        }
        let run = env.seg(&args).await;
        let count = run.code(0).json().as_array().unwrap().len();
        assert_eq!(count, limit.parse::<usize>().unwrap().min(237));
        let uris: Vec<String> = env.requests().await.iter().map(|r| r["uri"].as_str().unwrap().to_string()).collect();
        assert_eq!(uris.len(), want_queries.len(), "--limit {limit}: {uris:?}");
        for (uri, want) in uris.iter().zip(&want_queries) {
            assert!(uri.contains(want), "--limit {limit}: {uri} lacks {want}");
        }
        // When items remain, the token to continue from is on stderr.
        let more = run.stderr.contains("more items: resume with: --page-token ");
        assert_eq!(more, limit.parse::<usize>().unwrap() < 237, "{}", run.stderr);
    }
}

#[tokio::test]
async fn no_paginate_and_page_token_resume_a_listing() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    seed_sources(&env, 25).await;
    let first = env.seg(&["-w", "demo", "sources", "list", "-o", "name", "--page-size", "10", "--no-paginate"]).await;
    assert_eq!(first.code(0).stdout.lines().count(), 10);
    let token = first.stderr.lines().find_map(|l| l.split("--page-token ").nth(1)).expect(&first.stderr).to_string();
    let rest =
        env.seg(&["-w", "demo", "sources", "list", "-o", "name", "--page-size", "10", "--page-token", &token]).await;
    let names: Vec<&str> = first.stdout.lines().chain(rest.code(0).stdout.lines()).collect();
    let want: Vec<String> = (0..25).map(|i| format!("workspaces/demo/sources/s{i:04}")).collect();
    assert_eq!(names, want);
    assert!(!rest.stderr.contains("next_page_token"));
}

/// `seg sources list -o ndjson` over 20 sources at 10 a page, with the second page held back for 20 s; returns the
/// process and its stdout lines.
async fn listing_with_a_held_second_page(
    env: &TestEnv,
) -> (tokio::process::Child, tokio::io::Lines<tokio::io::BufReader<tokio::process::ChildStdout>>) {
    seed_sources(env, 20).await;
    env.fault(json!({"delay_ms": 20_000, "path": "/v1beta/workspaces/demo/sources", "skip": 1})).await;
    let mut cmd =
        env.command(&["-w", "demo", "sources", "list", "-o", "ndjson", "--page-size", "10"], &[("SEG_TOKEN", WRITE)]);
    cmd.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let lines = tokio::io::AsyncBufReadExt::lines(tokio::io::BufReader::new(child.stdout.take().unwrap()));
    (child, lines)
}

#[tokio::test]
async fn ndjson_prints_each_page_as_it_arrives() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    let (mut child, mut lines) = listing_with_a_held_second_page(&env).await;
    for i in 0..10 {
        let line = lines.next_line().await.unwrap().expect("a line of the first page");
        assert_eq!(serde_json::from_str::<Value>(&line).unwrap()["name"], format!("workspaces/demo/sources/s{i:04}"));
    }
    assert!(child.try_wait().unwrap().is_none(), "the first page was printed while the second was still on its way");
    child.kill().await.unwrap();
}

#[cfg(unix)]
#[tokio::test]
async fn an_interrupted_listing_says_where_to_resume_and_exits_130() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    let (child, mut lines) = listing_with_a_held_second_page(&env).await;
    for _ in 0..10 {
        lines.next_line().await.unwrap().unwrap();
    }
    std::process::Command::new("kill").args(["-INT", &child.id().unwrap().to_string()]).status().unwrap();
    let out = child.wait_with_output().await.unwrap();
    assert_eq!(out.status.code(), Some(130));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let token = stderr.lines().find_map(|l| l.split("--page-token ").nth(1)).expect(&stderr).to_string();
    env.call("DELETE", "/_emulator/faults", None).await;
    let rest =
        env.seg(&["-w", "demo", "sources", "list", "-o", "name", "--page-token", &token, "--page-size", "10"]).await;
    assert_eq!(rest.code(0).stdout.lines().next(), Some("workspaces/demo/sources/s0010"));
}

#[tokio::test]
async fn a_listing_cut_off_by_an_error_prints_nothing_partial_and_says_where_to_resume() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    seed_sources(&env, 30).await;
    env.fault(json!({"status": 500, "path": "/v1beta/workspaces/demo/sources", "skip": 1})).await;
    let run = env.seg(&["-w", "demo", "sources", "list", "-o", "json", "--page-size", "10"]).await;
    run.code(23);
    assert!(run.stdout.is_empty(), "json is one document or nothing");
    assert!(run.stderr.contains("resume with: --page-token "), "{}", run.stderr);
    // A token the service rejects is not offered back, nor one for a collection it does not have: neither can work.
    env.call("DELETE", "/_emulator/faults", None).await;
    let run = env.seg(&["-w", "demo", "sources", "list", "--page-token", "bogus-token"]).await;
    run.code(13);
    assert!(!run.stderr.contains("resume with") && !run.stderr.contains("bogus-token"), "{}", run.stderr);
    for (status, code) in [(400, 13), (404, 15)] {
        env.call("DELETE", "/_emulator/faults", None).await;
        // The second page is refused: its token (400), or the collection, gone meanwhile (404).
        env.fault(json!({"status": status, "path": "/v1beta/workspaces/demo/sources", "skip": 1})).await;
        let run = env.seg(&["-w", "demo", "sources", "list", "--page-size", "10"]).await;
        run.code(code);
        assert!(!run.stderr.contains("resume with"), "{status}: {}", run.stderr);
    }
}

// ---- exit codes ----

#[tokio::test]
async fn every_row_of_the_error_table_gives_its_exit_code_with_stdout_empty() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    let cases: Vec<(Value, i32)> = vec![
        (json!({"status": 400}), 13),
        (json!({"status": 401}), 26),
        (json!({"status": 403}), 17),
        (json!({"status": 404}), 15),
        (json!({"status": 409}), 16),
        (json!({"status": 429, "count": 10, "retry_after": 0}), 18),
        (json!({"status": 500}), 23),
        (json!({"status": 501}), 22),
        (json!({"status": 503, "count": 10}), 24),
        (json!({"status": 503, "body": "upstream connect error or disconnect/reset before headers"}), 24),
        (json!({"status": 502, "body": "<html>bad gateway</html>"}), 23),
        (json!({"status": 418, "body": ""}), 13),
        (json!({"status": 403, "code": 16}), 26),
    ];
    for (fault, exit) in cases {
        env.call("DELETE", "/_emulator/faults", None).await;
        env.fault(fault.clone()).await;
        let run = env.seg(&["workspaces", "list", "--max-retries", "1"]).await;
        assert_eq!(run.code, exit, "{fault}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{fault}: stdout {}", run.stdout);
        let error_lines: Vec<&str> = run.stderr.lines().filter(|l| l.starts_with("error: ")).collect();
        assert_eq!(error_lines.len(), 1, "{fault}: {}", run.stderr);
    }
    // The upstream text says what to check; a bad token says where tokens come from.
    env.fault(json!({"status": 503, "body": "upstream connect error or disconnect/reset before headers"})).await;
    let run = env.seg(&["workspaces", "list"]).await;
    assert!(run.stderr.contains("check --base-url"), "{}", run.stderr);
    let run = env.seg_with(&["workspaces", "list"], &[("SEG_TOKEN", "wrong")]).await;
    run.code(26);
    assert!(run.stderr.contains("hint: the token was not accepted: check SEG_TOKEN"), "{}", run.stderr);
}

#[tokio::test]
async fn real_api_errors_map_to_exit_codes_and_json_errors_go_to_stderr() {
    let env = env_with_destination().await;
    let run = env.seg(&["-w", "demo", "sources", "get", "missing", "-o", "json"]).await;
    run.code(15);
    assert!(run.stdout.is_empty());
    let first: Value = serde_json::from_str(run.stderr.lines().next().unwrap()).unwrap();
    assert_eq!(first["error"]["status"], 404);
    assert_eq!(first["error"]["code"], 5);
    assert_eq!(first["error"]["message"], "workspaces/demo/sources/missing not found");
    env.seg(&["-w", "demo", "sources", "create", "web", "--catalog", "javascript"]).await.code(16);
    env.seg(&["-w", "demo", "sources", "create", "x", "--catalog", "nope"]).await.code(13);
    env.seg_with(&["-w", "demo", "destinations", "enable", "web/webhooks"], &[("SEG_TOKEN", READ)]).await.code(17);
    env.seg(&["api", "POST", "workspaces"]).await.code(22);
    let run = env.seg_with(&["workspaces", "list"], &[]).await;
    run.code(4);
    assert!(run.stderr.contains("hint: set SEG_TOKEN"), "{}", run.stderr);
}

#[tokio::test]
async fn transport_failures_exit_3() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let home = tempfile::tempdir().unwrap();
    let mut cmd = crate::support::seg_command(home.path());
    cmd.env("SEG_TOKEN", "t").args(["--base-url", &base, "workspaces", "list", "--max-retries", "1"]);
    let out = cmd.output().await.unwrap();
    assert_eq!(out.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot connect to"), "{stderr}");
    assert_eq!(stderr.matches("retrying in").count(), 1, "a GET is retried: {stderr}");
    // A request that does not answer within --timeout.
    let env = TestEnv::start().await;
    env.fault(json!({"delay_ms": 5000, "path": "/v1beta/workspaces", "count": 5})).await;
    let run = env.seg(&["workspaces", "list", "--timeout", "200ms", "--max-retries", "0"]).await;
    run.code(3);
    assert!(run.stderr.contains("no answer from"), "{}", run.stderr);
}

// ---- retries ----

#[tokio::test]
async fn retry_rules_per_method() {
    let env = env_with_destination().await;
    let count = |requests: &[Value], method: &str| requests.iter().filter(|r| r["method"] == method).count();

    // 429: retried for any method, after Retry-After, with one line per wait.
    env.fault(json!({"status": 429, "method": "POST", "retry_after": 0})).await;
    let run = env.seg(&["-w", "demo", "sources", "create", "a", "--catalog", "javascript"]).await;
    run.code(0);
    assert_eq!(run.stderr.matches("retrying in").count(), 1, "{}", run.stderr);
    assert_eq!(count(&env.requests().await, "POST"), 2);

    // 503 on a POST: not retried.
    env.clear_requests().await;
    env.fault(json!({"status": 503, "method": "POST"})).await;
    env.seg(&["-w", "demo", "sources", "create", "b", "--catalog", "javascript"]).await.code(24);
    assert_eq!(count(&env.requests().await, "POST"), 1);

    // 503 on GET, 504 on DELETE, 503 on a PATCH with a mask: retried.
    for (method, status, args) in [
        ("GET", 503, vec!["-w", "demo", "sources", "get", "web"]),
        ("DELETE", 504, vec!["-w", "demo", "sources", "delete", "a", "--yes"]),
        ("PATCH", 503, vec!["-w", "demo", "destinations", "enable", "web/webhooks"]),
    ] {
        env.clear_requests().await;
        env.fault(json!({"status": status, "method": method})).await;
        let run = env.seg(&args).await;
        run.code(0);
        assert_eq!(count(&env.requests().await, method), 2, "{method}: {}", run.stderr);
    }

    // A PATCH without an update mask is not idempotent.
    let body = env.path("no-mask.json");
    std::fs::write(&body, r#"{"destination": {"enabled": true}}"#).unwrap();
    env.clear_requests().await;
    env.fault(json!({"status": 503, "method": "PATCH"})).await;
    env.seg(&["api", "PATCH", DEST, "--input", body.to_str().unwrap()]).await.code(24);
    assert_eq!(count(&env.requests().await, "PATCH"), 1);

    // --max-retries bounds the waits: 1 + N attempts, then the error.
    env.clear_requests().await;
    env.fault(json!({"status": 503, "method": "GET", "count": 10})).await;
    let run = env.seg(&["-w", "demo", "sources", "get", "web", "--max-retries", "2"]).await;
    run.code(24);
    assert_eq!(count(&env.requests().await, "GET"), 3);
    assert_eq!(run.stderr.matches("retrying in").count(), 2);
    env.call("DELETE", "/_emulator/faults", None).await;

    // 500 is not retried, whatever the method.
    env.clear_requests().await;
    env.fault(json!({"status": 500, "method": "GET"})).await;
    env.seg(&["-w", "demo", "sources", "get", "web"]).await.code(23);
    assert_eq!(count(&env.requests().await, "GET"), 1);
}

#[tokio::test]
async fn the_real_rate_limit_is_met_with_retry_after_and_pacing() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 2, ..EmulatorOptions::default() }).await;
    // Two calls use the emulator's budget; the third meets 429 with Retry-After and, with no retries left, exits 18.
    env.seg(&["workspaces", "list"]).await.code(0);
    env.seg(&["workspaces", "list"]).await.code(0);
    let run = env.seg(&["workspaces", "list", "--max-retries", "0"]).await;
    run.code(18);
    assert!(run.stderr.contains("code 8"), "{}", run.stderr);
    assert!(run.stderr.contains("2 requests per minute"), "the emulator names its configured limit: {}", run.stderr);
}

/// Found while writing the names fuzz target: a `\` is a `/` to URL parsers and `..` resolved, so this source name
/// deleted an access token.
#[tokio::test]
async fn a_name_reaches_only_the_resource_it_names() {
    let env = env_with_destination().await;
    let tokens = env.get("/v1beta/access-tokens").await.json;
    let token = tokens["access_tokens"][0]["name"].as_str().unwrap().to_string();
    let id = token.rsplit('/').next().unwrap();
    let name = format!(r"x\..\..\..\..\access-tokens\{id}");
    let run = env.seg(&["-w", "demo", "sources", "delete", &name, "--yes"]).await;
    assert_eq!(run.code, 15, "{}", run.stderr);
    let uri = sent(&env, "DELETE").await["uri"].as_str().unwrap().to_string();
    assert_eq!(uri, format!("/v1beta/workspaces/demo/sources/x%5C..%5C..%5C..%5C..%5Caccess-tokens%5C{id}"));
    env.get(&format!("/v1beta/{token}")).await.ok();
}

// ---- dry run, confirmation, secrets ----

#[tokio::test]
async fn dry_run_sends_no_write_and_prints_each_request_as_one_json_line() {
    let env = env_with_destination().await;
    for (args, method) in [
        (vec!["-w", "demo", "destinations", "patch", "web/webhooks", "--enabled", "--dry-run"], "PATCH"),
        (vec!["-w", "demo", "sources", "create", "x", "--catalog", "javascript", "--dry-run"], "POST"),
        (vec!["-w", "demo", "sources", "delete", "web", "--dry-run"], "DELETE"),
        (vec!["api", "DELETE", DEST, "--dry-run"], "DELETE"),
    ] {
        let run = env.seg(&args).await;
        run.code(0);
        let lines: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(lines.len(), 1, "{args:?}: one line per request: {}", run.stdout);
        let described: Value = serde_json::from_str(lines[0]).unwrap();
        assert_eq!(described["method"], method, "{args:?}");
        assert!(described["url"].as_str().unwrap().starts_with(&env.base), "{args:?}");
        assert_eq!(described["headers"]["Authorization"], "Bearer (redacted)");
        assert!(env.requests().await.is_empty(), "{args:?} sent a request");
    }
    let run = env.seg(&["-w", "demo", "destinations", "patch", "web/webhooks", "--enabled", "--dry-run"]).await;
    assert_eq!(
        run.json()["body"],
        json!({"destination": {"enabled": true}, "update_mask": {"paths": ["destination.enabled"]}})
    );
    // Reads still happen: a listing under --dry-run lists.
    let run = env.seg(&["-w", "demo", "sources", "list", "--dry-run"]).await;
    assert_eq!(run.code(0).json()[0]["name"], "workspaces/demo/sources/web");
    let requests = env.requests().await;
    assert!(requests.iter().all(|r| r["method"] == "GET") && !requests.is_empty(), "{requests:?}");
}

#[tokio::test]
async fn delete_without_a_terminal_needs_yes() {
    let env = env_with_destination().await;
    let run = env.seg(&["-w", "demo", "destinations", "delete", "web/webhooks"]).await;
    run.code(2);
    assert!(run.stderr.contains("--yes"), "{}", run.stderr);
    assert!(env.requests().await.is_empty());
    let run = env.seg(&["-w", "demo", "destinations", "delete", "web/webhooks", "-y"]).await;
    run.code(0);
    assert!(run.stderr.contains(&format!("deleted {DEST}")));
    assert!(run.stdout.is_empty());
    // Several names: one fails, the rest are named as not deleted.
    let run = env.seg(&["-w", "demo", "sources", "delete", "ghost", "web", "--yes"]).await;
    run.code(15);
    assert!(
        run.stderr.contains("not deleted: workspaces/demo/sources/ghost, workspaces/demo/sources/web"),
        "{}",
        run.stderr
    );
}

#[tokio::test]
async fn the_token_never_appears_in_any_output() {
    let token = "sekrit-token-0123456789";
    let env = TestEnv::with(EmulatorOptions {
        tokens: vec![(token.into(), "workspace".into())],
        rate_limit: 0,
        ..EmulatorOptions::default()
    })
    .await;
    env.raw(
        "POST",
        "/v1beta/workspaces/demo/sources",
        Some(token),
        Some(
            json!({"source": {"name": "workspaces/demo/sources/web", "catalog_name": "catalog/sources/javascript"}})
                .to_string()
                .into_bytes(),
        ),
    )
    .await;
    // A server that echoes the token back must not get it printed either.
    env.fault(json!({"status": 400, "body": format!("bad header Authorization: Bearer {token}"), "path": "/v1beta/workspaces/demo/sources/echo"})).await;
    let file = env.path("token.txt");
    std::fs::write(&file, format!("{token}\n")).unwrap();
    let file = file.to_str().unwrap();
    let commands: Vec<Vec<&str>> = vec![
        vec!["-vv", "-w", "demo", "sources", "list"],
        vec!["-vv", "-w", "demo", "sources", "get", "missing"],
        vec!["-vv", "-w", "demo", "sources", "get", "echo"],
        vec!["-vv", "-w", "demo", "sources", "update", "web", "--display-name", "W", "--dry-run"],
        vec!["-vv", "-w", "demo", "sources", "update", "web", "--display-name", "W", "-o", "json"],
        vec!["-vv", "-w", "demo", "sources", "get", "web", "-o", "yaml"],
        vec!["-vv", "workspaces", "list", "--token-file", file],
        vec!["-vv", "workspaces", "list", "--token", token],
        vec!["-vv", "-w", "demo", "sources", "list", "--base-url", "http://127.0.0.1:1"],
    ];
    for args in commands {
        let run = env.seg_with(&args, &[("SEG_TOKEN", token)]).await;
        assert!(
            !run.stdout.contains(token) && !run.stderr.contains(token),
            "{args:?} leaked the token:\n{}\n{}",
            run.stdout,
            run.stderr
        );
        if !args.contains(&"--dry-run") {
            assert!(
                run.stderr.contains("> ") || run.stderr.contains("error"),
                "{args:?}: -vv logs requests: {}",
                run.stderr
            );
        }
    }
    let run = env
        .seg_with(&["-vv", "-w", "demo", "sources", "get", "echo"], &[("SEG_DEBUG", "2"), ("SEG_TOKEN", token)])
        .await;
    assert!(run.stderr.contains("(redacted)"), "{}", run.stderr);
}

#[tokio::test]
async fn token_sources_and_their_precedence() {
    let env = TestEnv::start().await;
    let good = env.path("good.txt");
    std::fs::write(&good, format!("{WRITE}\n")).unwrap();
    let good = good.to_str().unwrap();
    // --token beats --token-file beats SEG_TOKEN beats SEG_TOKEN_FILE.
    env.seg_with(&["workspaces", "list", "--token", WRITE, "--token-file", "/nonexistent"], &[("SEG_TOKEN", "bad")])
        .await
        .code(0);
    env.seg_with(&["workspaces", "list", "--token-file", good], &[("SEG_TOKEN", "bad")]).await.code(0);
    env.seg_with(&["workspaces", "list"], &[("SEG_TOKEN", WRITE), ("SEG_TOKEN_FILE", "/nonexistent")]).await.code(0);
    env.seg_with(&["workspaces", "list"], &[("SEG_TOKEN_FILE", good)]).await.code(0);
    env.seg_with(&["workspaces", "list", "--token-file", "/nonexistent"], &[]).await.code(2);
    let empty = env.path("empty.txt");
    std::fs::write(&empty, "\n").unwrap();
    env.seg_with(&["workspaces", "list", "--token-file", empty.to_str().unwrap()], &[]).await.code(2);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(good, std::fs::Permissions::from_mode(0o644)).unwrap();
        let run = env.seg_with(&["workspaces", "list", "--token-file", good], &[]).await;
        assert!(run.code(0).stderr.contains("chmod 600"), "{}", run.stderr);
    }
}

// ---- output ----

#[tokio::test]
async fn output_formats_and_defaults() {
    let env = env_with_destination().await;
    // Not a terminal: JSON by default.
    let run = env.seg(&["-w", "demo", "sources", "get", "web"]).await;
    assert_eq!(run.code(0).json()["name"], "workspaces/demo/sources/web");
    let run = env.seg(&["-w", "demo", "sources", "get", "web", "-o", "name"]).await;
    assert_eq!(run.code(0).stdout, "workspaces/demo/sources/web\n");
    let run = env.seg(&["-w", "demo", "sources", "get", "web", "-o", "ndjson"]).await;
    assert_eq!(run.code(0).stdout.lines().count(), 1);
    let run = env.seg(&["-w", "demo", "sources", "get", "web", "-o", "yaml"]).await;
    assert!(run.code(0).stdout.starts_with("name: workspaces/demo/sources/web\n"), "{}", run.stdout);
    let run = env.seg_with(&["-w", "demo", "sources", "list"], &[("SEG_TOKEN", WRITE), ("SEG_OUTPUT", "name")]).await;
    assert_eq!(run.code(0).stdout, "workspaces/demo/sources/web\n");
    let run = env.seg(&["-w", "demo", "destinations", "list", "-o", "table"]).await;
    let lines: Vec<&str> = run.code(0).stdout.lines().collect();
    assert!(lines[0].split_whitespace().eq(["SOURCE", "NAME", "ENABLED", "MODE", "UPDATED"]), "{}", run.stdout);
    assert!(
        lines[1].starts_with("web") && lines[1].contains("webhooks") && lines[1].contains("false"),
        "{}",
        run.stdout
    );
    let run = env.seg(&["-w", "demo", "destinations", "list", "--jq", ".[0].enabled"]).await;
    assert_eq!(run.code(0).stdout, "false\n");
    let run = env.seg(&["-w", "demo", "tracking-plans", "list", "-o", "table"]).await;
    assert!(run.code(0).stdout.is_empty() && run.stderr.contains("no items"));
    let run = env.seg(&["-w", "demo", "tracking-plans", "list"]).await;
    assert_eq!(run.code(0).stdout, "[]\n", "an empty list is success");
}

#[tokio::test]
async fn a_multi_line_value_in_a_map_is_indented_lines_never_a_literal_backslash_n() {
    let env = env_with_destination().await;
    env.seg(&["-w", "demo", "sources", "update", "web", "--set", r#"labels.note="a\nb""#]).await.code(0);
    let run = env.seg(&["-w", "demo", "sources", "get", "web", "-o", "table"]).await;
    assert!(run.code(0).stdout.contains("labels:\n  note:\n    a\n    b\n"), "{}", run.stdout);
    assert!(!run.stdout.contains("\\n"), "{}", run.stdout);
}

#[tokio::test]
async fn pipe_formats_are_stable() {
    let env = TestEnv::start().await;
    let run = env.seg(&["catalog", "destinations", "get", "webhooks", "-o", "yaml"]).await;
    insta::assert_snapshot!("catalog_webhooks_yaml", run.code(0).stdout);
    let run = env.seg(&["catalog", "sources", "-o", "table"]).await;
    insta::assert_snapshot!("catalog_sources_table", run.code(0).stdout);
    let run = env.seg(&["catalog", "sources", "list", "-o", "ndjson", "--jq", ".[].name"]).await;
    insta::assert_snapshot!("catalog_sources_names", run.code(0).stdout);
}

#[tokio::test]
async fn seg_api_makes_raw_calls_with_the_same_rules() {
    let env = env_with_destination().await;
    let run = env.seg(&["api", "GET", "/v1beta/workspaces"]).await;
    assert_eq!(run.code(0).json()["workspaces"][0]["name"], "workspaces/demo");
    let run = env.seg(&["api", "GET", "catalog/destinations", "--paginate", "-o", "name", "--page-size", "2"]).await;
    assert_eq!(run.code(0).stdout.lines().count(), 7);
    env.clear_requests().await;
    env.seg(&["api", "GET", "workspaces/demo/sources", "-f", "page_size=1"]).await.code(0);
    assert_eq!(env.requests().await[0]["uri"], "/v1beta/workspaces/demo/sources?page_size=1");
    env.clear_requests().await;
    env.seg(&[
        "api",
        "PATCH",
        DEST,
        "-f",
        "destination={\"enabled\":true}",
        "-f",
        "update_mask={\"paths\":[\"destination.enabled\"]}",
    ])
    .await
    .code(0);
    assert_eq!(
        sent(&env, "PATCH").await["body"],
        r#"{"destination":{"enabled":true},"update_mask":{"paths":["destination.enabled"]}}"#
    );
    env.seg(&["api", "GET", "nowhere"]).await.code(15);
}

// ---- malformed invocations ----

#[tokio::test]
async fn malformed_invocations_exit_with_a_documented_code_and_never_panic() {
    let env = env_with_destination().await;
    let bad_json = env.path("bad.json");
    std::fs::write(&bad_json, "{nope").unwrap();
    let array_json = env.path("array.json");
    std::fs::write(&array_json, "[1]").unwrap();
    let (bad_json, array_json) = (bad_json.to_str().unwrap(), array_json.to_str().unwrap());
    let cases: Vec<Vec<&str>> = vec![
        vec![],
        vec!["nope"],
        vec!["sources"],
        vec!["sources", "get"],
        vec!["sources", "get", "web"],
        vec!["-w", "demo", "sources", "get", "a/b/c"],
        vec!["-w", "demo", "sources", "get", "we b"],
        vec!["-w", "demo", "sources", "get", "../etc"],
        vec!["-w", "demo", "sources", "get", "a?b"],
        vec!["-w", "demo", "sources", "get", ""],
        vec!["-w", "demo", "sources", "get", "workspaces/demo/sources/web/destinations/x"],
        vec!["-w", "demo", "-w", "other", "sources", "list"],
        vec!["-w", "demo", "sources", "create", "x"],
        vec!["-w", "demo", "sources", "create", "x", "--catalog", "catalog/destinations/webhooks"],
        vec!["-w", "demo", "sources", "update", "web"],
        vec!["-w", "demo", "sources", "update", "web", "--label", "novalue"],
        vec!["-w", "demo", "sources", "update", "web", "--set", "=x"],
        vec!["-w", "demo", "sources", "update", "web", "--set", "a..b=1"],
        vec!["-w", "demo", "sources", "update", "web", "--from-file", "/nonexistent.json"],
        vec!["-w", "demo", "sources", "update", "web", "--from-file", bad_json],
        vec!["-w", "demo", "sources", "update", "web", "--from-file", array_json],
        vec!["-w", "demo", "sources", "delete"],
        vec!["-w", "demo", "sources", "list", "--limit", "-1"],
        vec!["-w", "demo", "sources", "list", "--limit", "many"],
        vec!["-w", "demo", "sources", "list", "--page-size", "0"],
        vec!["-w", "demo", "sources", "list", "-o", "xml"],
        vec!["-w", "demo", "sources", "list", "--jq", ".["],
        vec!["-w", "demo", "sources", "list", "--jq", "nosuchfn"],
        vec!["-w", "demo", "sources", "list", "--timeout", "soon"],
        vec!["-w", "demo", "sources", "list", "--timeout", "-5s"],
        vec!["-w", "demo", "sources", "list", "--rate-limit", "x"],
        vec!["-w", "demo", "sources", "list", "--color", "purple"],
        vec!["-w", "demo", "destinations", "get", "webhooks"],
        vec!["-w", "demo", "destinations", "patch", "web/webhooks", "--enabled=maybe"],
        vec!["-w", "demo", "destinations", "patch", "web/webhooks", "--enabled", "--disabled"],
        vec!["-w", "demo", "destinations", "patch", "web/webhooks", "--connection-mode", "sideways"],
        vec!["-w", "demo", "destinations", "patch", "web/webhooks", "--config", "nokey"],
        vec!["-w", "demo", "destinations", "list", "--no-paginate"],
        vec!["-w", "demo", "destinations", "enable"],
        vec!["-w", "demo", "tracking-plans", "create"],
        vec!["-w", "demo", "tracking-plans", "create", "--display-name", "x", "--rules", bad_json],
        vec!["-w", "demo", "tracking-plans", "update", "rs_1"],
        vec!["-w", "demo", "tracking-plans", "connections", "add", "rs_1"],
        vec!["tokens", "create"],
        vec!["tokens", "create", "--description", "d", "--scope", "admin"],
        vec!["tokens", "delete", "access-tokens/a/b"],
        vec!["regulations", "create", "--user-id", "u"],
        vec!["-w", "demo", "regulations", "create"],
        vec!["-w", "demo", "regulations", "create", "--user-id", "u", "--type", "Erase"],
        vec!["catalog", "sources", "get"],
        vec!["api", "FETCH", "workspaces"],
        vec!["api", "GET", ""],
        vec!["api", "GET", "workspaces?x=1"],
        vec!["api", "POST", "workspaces/demo/sources", "--input", bad_json],
        vec!["api", "POST", "workspaces", "--paginate"],
        vec!["workspaces", "get"],
        vec!["--output"],
        // Every other command, too.
        vec!["workspaces", "list", "--page-size", "x"],
        vec!["workspaces", "get", "a/b"],
        vec!["-w", "demo", "sources", "list", "--page-token"],
        vec!["-w", "demo", "sources", "create", "Bad Name", "--catalog", "javascript"],
        vec!["-w", "demo", "sources", "create", "x", "--catalog", ""],
        vec!["-w", "demo", "sources", "update", "web", "--update-mask", ""],
        vec!["-w", "demo", "sources", "update", "web", "--clear", ""],
        vec!["-w", "demo", "destinations", "create", "web/webhooks", "--config", "=x"],
        vec!["-w", "demo", "destinations", "create", "web/webhooks", "--connection-mode", "x"],
        vec!["-w", "demo", "destinations", "update", "web/webhooks", "--enabled", "yes"],
        vec!["-w", "demo", "destinations", "update"],
        vec!["-w", "demo", "destinations", "disable", "a/b/c"],
        vec!["-w", "demo", "destinations", "get", "web/webhooks", "--source", "a/b"],
        vec!["-w", "demo", "destinations", "delete", "web/webhooks"],
        vec!["-w", "demo", "tracking-plans", "get"],
        vec!["-w", "demo", "tracking-plans", "get", "workspaces/demo/sources/x"],
        vec!["-w", "demo", "tracking-plans", "delete"],
        vec!["-w", "demo", "tracking-plans", "delete", "rs_1"],
        vec!["-w", "demo", "tracking-plans", "update", "rs_1", "--rules", "/nonexistent.json"],
        vec!["-w", "demo", "tracking-plans", "connections", "list"],
        vec!["-w", "demo", "tracking-plans", "connections", "remove", "rs_1", "a b"],
        vec!["-w", "demo", "tracking-plans", "connections", "frob"],
        vec!["tokens", "list", "--limit", "x"],
        vec!["tokens", "delete"],
        vec!["tokens", "delete", "5"],
        vec!["-w", "demo", "regulations", "get"],
        vec!["-w", "demo", "regulations", "get", "a/b"],
        vec!["catalog"],
        vec!["catalog", "widgets"],
        vec!["catalog", "destinations", "get", "a b"],
        vec!["api"],
        vec!["api", "GET"],
        vec!["api", "PATCH", "x", "--input", "/nonexistent"],
        vec!["api", "GET", "x", "-f", "novalue"],
        vec!["webhook"],
        vec!["webhook", "sample"],
        vec!["webhook", "sample", "--type", "purchase"],
        vec!["webhook", "sample", "--type", "track", "--set", "novalue"],
        vec!["webhook", "sign", "--secret", "k", "/nonexistent"],
        vec!["webhook", "sign", "--secret", "k", "--secret-file", "/nonexistent"],
        vec!["webhook", "sign", "--secret-file", "/nonexistent"],
        vec!["webhook", "verify", "--signature", "abc"],
        vec!["webhook", "verify", "--secret", "k", "--signature", "abc", "/nonexistent"],
        vec!["webhook", "send"],
        vec!["webhook", "send", "--url", "http://127.0.0.1:9/", "--type", "track", "--all-types"],
        vec!["webhook", "send", "--url", "http://127.0.0.1:9/", "--concurrency", "0"],
        vec!["webhook", "send", "--url", "http://127.0.0.1:9/", "-H", "Bad Name: x"],
        vec!["webhook", "listen", "--port", "x"],
        vec!["webhook", "listen", "--delay", "soon"],
        vec!["webhook", "listen", "--forward-to", "ftp://x"],
        vec!["auth"],
        vec!["auth", "login"],
        vec!["auth", "whoami"],
        vec!["config"],
        vec!["config", "get"],
        vec!["config", "set", "workspace"],
        vec!["config", "unset", "colour"],
        vec!["completion"],
        vec!["completion", "cmd.exe"],
        vec!["serve", "--accept-token", "novalue"],
        vec!["serve", "--workspace", "UPPER"],
        vec!["serve", "--retry-window", "later"],
        vec!["demo", "--fast"],
        // FQL is checked before anything is sent.
        vec![
            "-w",
            "demo",
            "destinations",
            "filters",
            "create",
            "web/webhooks",
            "--if",
            "type = = 'x'",
            "--action",
            "drop",
        ],
        vec!["-w", "demo", "destinations", "filters", "update", "web/webhooks", "df_1", "--if", "(a"],
    ];
    assert!(cases.len() >= 100, "{}", cases.len());
    for args in cases {
        let run = env.seg(&args).await;
        assert!(matches!(run.code, 2 | 4), "{args:?}: exit {} (documented: 2 usage)\n{}", run.code, run.stderr);
        assert!(run.stdout.is_empty(), "{args:?}: stdout {}", run.stdout);
        assert!(!run.stderr.trim().is_empty(), "{args:?}: says why");
    }
    assert!(env.requests().await.is_empty(), "no malformed invocation sent a request");
}

#[test]
fn every_command_has_help_with_an_example() {
    use unicode_width::UnicodeWidthStr;
    fn walk(cmd: &mut clap::Command, path: String, missing: &mut Vec<String>) {
        let help = cmd.render_long_help().to_string();
        let leaf = cmd.get_subcommands().next().is_none();
        if leaf && !help.contains("Example") {
            missing.push(path.clone());
        }
        if leaf && cmd.get_long_about().is_none() {
            missing.push(format!("{path} (no long description)"));
        }
        if cmd.get_about().is_none() && path != "seg" {
            missing.push(format!("{path} (no summary)"));
        }
        // -h and --help: the command's own options and one line saying where the global ones are (`seg options`).
        let short = cmd.render_help().to_string();
        for (flag, text) in [("-h", &short), ("--help", &help)] {
            let lists = text.contains("--base-url <URL>") && path != "seg options";
            if lists || !text.contains(seg::cli::GLOBAL_OPTIONS_HINT) {
                missing.push(format!("{path} ({flag} lists the global options, or does not say where they are)"));
            }
        }
        // A group's help fits a screen of 40 rows at 80 columns, its subcommands in view.
        if !leaf {
            let mut narrow = cmd.clone().term_width(80);
            let rows = narrow.render_long_help().to_string().lines().count();
            if rows > 40 {
                missing.push(format!("{path} (--help is {rows} rows at 80 columns)"));
            }
        }
        // Every line after the options fits an 80-column terminal as written: clap re-wraps a longer one, and a
        // comment cut from its example reads as a command of its own.
        let after = cmd.get_after_long_help().or(cmd.get_after_help()).map(ToString::to_string).unwrap_or_default();
        for line in after.lines().filter(|l| l.width() > 78) {
            missing.push(format!("{path} (a line of {} columns: {line})", line.width()));
        }
        // Its man page shows its examples, line for line.
        if leaf {
            let file = format!("{}/man/{}.1", env!("CARGO_MANIFEST_DIR"), path.replace(' ', "-"));
            let page = std::fs::read_to_string(&file).unwrap_or_default();
            let examples = after.split("\n\n").find(|b| b.starts_with("Example")).unwrap_or_default();
            let shown = examples.lines().skip(1).all(|line| {
                let line = crate::generated::roff_line(line.strip_prefix("  ").unwrap_or(line));
                page.contains(&format!("\n{line}\n"))
            });
            if !page.contains(".SH \"EXAMPLES\"\n.nf\n") || !shown {
                missing
                    .push(format!("{path} (its man page lacks its examples: UPDATE_GENERATED=1 cargo test generated)"));
            }
        }
        for sub in cmd.get_subcommands_mut() {
            let name = format!("{path} {}", sub.get_name());
            walk(sub, name, missing);
        }
    }
    let mut missing = Vec::new();
    let mut root = seg::cli::command();
    root.build();
    walk(&mut root, "seg".into(), &mut missing);
    missing.retain(|p| !p.ends_with(" help") && !p.contains(" help "));
    assert!(missing.is_empty(), "commands whose help or man page falls short: {missing:#?}");
    // The top level lists every command under a group, and says where the exit codes and global options are.
    let top = root.render_long_help().to_string();
    assert!(top.contains("Exit codes: seg exit-codes") && top.contains(seg::cli::GLOBAL_OPTIONS_HINT), "{top}");
    let grouped: Vec<&str> = seg::cli::GROUPS.iter().flat_map(|(_, names)| names.iter().copied()).collect();
    for sub in root.get_subcommands().map(|s| s.get_name()).filter(|n| *n != "help") {
        assert_eq!(grouped.iter().filter(|n| **n == sub).count(), 1, "{sub} is in one group of seg --help");
    }
    // `seg options` lists the global options, with their variables; `seg exit-codes` the exit codes; `-V` is the
    // top level's only.
    let options = seg_bin(&["options"]);
    assert!(options.contains("--base-url") && options.contains("SEG_WORKSPACE"), "{options}");
    assert!(seg_bin(&["help", "options"]).contains("--dry-run"));
    assert!(seg_bin(&["exit-codes"]).contains("130    interrupted"));
    assert!(seg_bin(&["help", "exit-codes"]).contains("10+N"));
    assert!(
        std::process::Command::new(env!("CARGO_BIN_EXE_seg")).args(["sources", "-V"]).output().unwrap().status.code()
            == Some(2)
    );
}

/// What `seg ARGS` prints on stdout (with no settings of the machine's).
fn seg_bin(args: &[&str]) -> String {
    let home = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_seg"))
        .args(args)
        .env_clear()
        .env("HOME", home.path())
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .output()
        .unwrap();
    assert!(out.status.success(), "seg {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A service newer than this model: every destination it answers has a field seg does not know.
async fn newer_service() -> (String, std::sync::Arc<std::sync::Mutex<Vec<Value>>>) {
    use axum::routing::get;
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let destination = std::sync::Arc::new(std::sync::Mutex::new(json!({
        "name": DEST, "parent": "workspaces/demo/sources/web", "enabled": false, "connection_mode": "CLOUD",
        "config": [{"name": format!("{DEST}/config/hooks"), "value": [], "type": "mixed", "hint": "kept"}],
        "future_field": {"nested": [1, 2.5, "x"]}, "create_time": "2026-01-01T00:00:00Z",
    })));
    let (state, log) = (destination.clone(), seen.clone());
    let app = axum::Router::new().route(
        &format!("/v1beta/{DEST}"),
        get({
            let state = state.clone();
            move || async move { axum::Json(state.lock().unwrap().clone()) }
        })
        .patch(move |axum::Json(body): axum::Json<Value>| async move {
            log.lock().unwrap().push(body.clone());
            let mut current = state.lock().unwrap();
            current["enabled"] = body["destination"]["enabled"].clone();
            axum::Json(current.clone())
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(axum::serve(listener, app).into_future());
    (base, seen)
}

#[tokio::test]
async fn fields_the_model_does_not_know_survive_a_get_and_an_update() {
    let (base, seen) = newer_service().await;
    let home = tempfile::tempdir().unwrap();
    let run_with = |args: Vec<&str>| {
        let mut cmd = crate::support::seg_command(home.path());
        cmd.env("SEG_TOKEN", WRITE).env("SEG_BASE_URL", &base).args(args);
        crate::support::run_with_stdin(cmd, b"")
    };
    let got = run_with(vec!["destinations", "get", DEST, "-o", "json"]).await;
    let got = got.code(0).json();
    assert_eq!(got["future_field"], json!({"nested": [1, 2.5, "x"]}));
    assert_eq!(got["config"][0]["hint"], "kept");
    let updated = run_with(vec!["destinations", "patch", DEST, "--enabled", "-o", "json"]).await;
    let updated = updated.code(0).json();
    assert_eq!(updated["enabled"], true);
    assert_eq!(updated["future_field"], got["future_field"]);
    assert_eq!(updated["config"], got["config"]);
    assert_eq!(
        seen.lock().unwrap().as_slice(),
        [json!({"destination": {"enabled": true}, "update_mask": {"paths": ["destination.enabled"]}})]
    );
}

#[tokio::test]
async fn deleting_user_data_asks_first_and_sends_chunks_until_one_fails() {
    let env = env_with_destination().await;
    // No terminal, no --yes: nothing is sent.
    let run = env.seg(&["-w", "demo", "regulations", "create", "--user-id", "u1"]).await;
    run.code(2);
    assert!(run.stderr.contains("--yes"), "{}", run.stderr);
    env.seg(&["-w", "demo", "regulations", "create", "--user-id", ""]).await.code(2);
    assert!(env.requests().await.is_empty());
    // 12,001 ids from a file (blank lines skipped): three requests of at most 5,000, one line each.
    let ids: Vec<String> = (0..12_001).map(|i| format!("user-{i}")).collect();
    let file = env.path("ids.txt");
    std::fs::write(&file, format!("\n{}\n\n", ids.join("\n"))).unwrap();
    let file = file.to_str().unwrap();
    let run = env.seg(&["-w", "demo", "regulations", "create", "--from-file", file, "--yes", "-o", "ndjson"]).await;
    let lines: Vec<Value> = run.code(0).stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.iter().map(|l| l["users"].as_u64().unwrap()).collect::<Vec<_>>(), [5000, 5000, 2001]);
    let posts: Vec<Value> = env.requests().await.into_iter().filter(|r| r["method"] == "POST").collect();
    let sent: Vec<String> = posts
        .iter()
        .flat_map(|p| {
            let body: Value = serde_json::from_str(p["body"].as_str().unwrap()).unwrap();
            body["attributes"]["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(sent, ids, "every id once, in order");
    // The second chunk fails: the run stops there and names every id not sent.
    env.clear_requests().await;
    env.fault(json!({"status": 500, "method": "POST", "path": "/v1beta/workspaces/demo/regulations", "skip": 1})).await;
    let run = env.seg(&["-w", "demo", "regulations", "create", "--from-file", file, "--yes", "-o", "ndjson"]).await;
    run.code(23);
    assert_eq!(run.stdout.lines().count(), 1, "the first chunk's line");
    let unsent: Vec<&str> = run.stderr.lines().filter_map(|l| l.strip_prefix("not sent: ")).collect();
    assert_eq!(unsent, ids[5000..].iter().map(String::as_str).collect::<Vec<_>>());
    // `--from-file -` reads the ids from stdin, the same way (a CRLF file's line ends are not part of an id).
    env.clear_requests().await;
    let run = env
        .seg_stdin(
            &["-w", "demo", "regulations", "create", "--from-file", "-", "--yes", "-o", "ndjson"],
            &[("SEG_TOKEN", WRITE)],
            b"a\r\nb\n",
        )
        .await;
    assert_eq!(run.code(0).stdout.lines().count(), 1, "{}", run.stdout);
    let posts: Vec<Value> = env.requests().await.into_iter().filter(|r| r["method"] == "POST").collect();
    let body: Value = serde_json::from_str(posts[0]["body"].as_str().unwrap()).unwrap();
    assert_eq!(body["attributes"]["values"], json!(["a", "b"]));
    // An empty stdin is a usage error, not an empty regulation.
    env.clear_requests().await;
    let run = env
        .seg_stdin(
            &["-w", "demo", "regulations", "create", "--from-file", "-", "--yes"],
            &[("SEG_TOKEN", WRITE)],
            b"\n",
        )
        .await;
    run.code(2);
    assert!(env.requests().await.is_empty());
}
