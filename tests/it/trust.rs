//! Promises kept on every path, each tested as a class: local errors stay local, output never lies, bad input
//! never aborts, and the everyday gaps users meet first.

use serde_json::{Value, json};

use crate::support::{TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

const DEST: &str = "workspaces/demo/sources/web/destinations/webhooks";

async fn env_with_destination() -> TestEnv {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    env.create_source("demo", "web").await.ok();
    let body = json!({"destination": {"name": DEST, "config": [{"name": "sharedSecret", "value": "s3cret"}]}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(body)).await.ok();
    env.clear_requests().await;
    env
}

#[tokio::test]
async fn anything_checkable_locally_is_a_usage_error_before_any_request() {
    let env = env_with_destination().await;
    let huge = "x".repeat(70 * 1024);
    let cases: Vec<Vec<&str>> = vec![
        vec!["-w", "demo", "sources", "get", "web", "--timeout", "0s"],
        vec!["-w", "demo", "sources", "get", ""],
        vec!["-w", "demo", "sources", "get", &huge],
        vec!["tokens", "delete", &huge, "--yes"],
        vec!["-w", "demo", "regulations", "create", "--user-id", "", "--yes"],
        vec!["-w", "demo", "regulations", "create", "--user-id", "  ", "--yes"],
        vec!["webhook", "sample", "--type", "track", "--user-id", ""],
        vec!["webhook", "send", "--url", "http://127.0.0.1:9/a", "--url", "http://127.0.0.1:9/a"],
        vec!["webhook", "listen", "--host", "not a host"],
        vec!["serve", "--host", "http://127.0.0.1"],
    ];
    for args in cases {
        let run = env.seg(&args).await;
        let shown: Vec<&str> = args.iter().map(|a| if a.len() > 40 { "<long>" } else { a }).collect();
        assert_eq!(run.code, 2, "{shown:?}: {}", run.stderr);
        assert!(!run.stderr.contains("transport") && !run.stderr.contains("retrying"), "{shown:?}: {}", run.stderr);
        assert!(run.stderr.len() < 2000, "{shown:?}: one clear line, not the input: {} bytes", run.stderr.len());
    }
    assert!(env.requests().await.is_empty(), "a request was sent");
}

#[tokio::test]
async fn name_output_names_resources_and_only_resources() {
    let env = env_with_destination().await;
    let run = env.seg(&["-w", "demo", "sources", "list", "-o", "name"]).await;
    assert_eq!(run.code(0).stdout, "workspaces/demo/sources/web\n");
    let run = env.seg(&["api", "GET", "workspaces/demo", "-o", "name"]).await;
    assert_eq!(run.code(0).stdout, "workspaces/demo\n");
    for args in [
        vec!["webhook", "sample", "--type", "track", "-o", "name"],
        vec!["config", "list", "-o", "name"],
        vec!["auth", "status", "-o", "name"],
        vec!["completion", "bash", "-o", "name"],
        // A workspace file, a plan and an apply report are documents, not resource lists.
        vec!["-w", "demo", "export", "-o", "name"],
        vec!["-w", "demo", "diff", "--file", "-", "-o", "name"],
        vec!["-w", "demo", "apply", "--file", "-", "--yes", "-o", "name"],
    ] {
        let run = env.seg(&args).await;
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty() && run.stderr.contains("-o name"), "{args:?}: {}", run.stderr);
    }
    // An answer with no name is an error, never an empty line.
    let run = env.seg(&["api", "GET", "catalog/sources", "-o", "name", "--jq", "."]).await;
    run.code(0);
    let run = env.seg(&["api", "DELETE", DEST, "-o", "name"]).await;
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(!run.stdout.contains("\n\n") && run.stdout.trim().is_empty() && run.stderr.contains("no resource name"));
    // A new token: its name on stdout, the token itself (the only copy) on stderr.
    let run = env.seg(&["-w", "demo", "tokens", "create", "--description", "ci", "-o", "name"]).await;
    let name = run.code(0).stdout.trim().to_string();
    assert!(name.starts_with("access-tokens/"), "{name}");
    let token = run.stderr.lines().find_map(|l| l.strip_prefix("token (shown only now; keep it): ")).unwrap();
    env.seg_with(&["workspaces", "list"], &[("SEG_TOKEN", token)]).await.code(0);
    env.seg(&["tokens", "get", &name]).await.code(0);
    // A --jq that leaves the token out: it is said on stderr, as with -o name; one that keeps it: stdout only.
    let run = env.seg(&["-w", "demo", "tokens", "create", "--description", "ci", "--jq", ".name"]).await;
    assert!(run.code(0).stdout.contains("access-tokens/"), "{}", run.stdout);
    let token = run.stderr.lines().find_map(|l| l.strip_prefix("token (shown only now; keep it): ")).unwrap();
    env.seg_with(&["workspaces", "list"], &[("SEG_TOKEN", token)]).await.code(0);
    let run = env.seg(&["-w", "demo", "tokens", "create", "--description", "ci", "--jq", ".token"]).await;
    let token = run.code(0).stdout.trim().trim_matches('"').to_string();
    assert!(!token.is_empty() && !run.stderr.contains(&token), "the token once, on stdout: {}", run.stderr);
    env.seg_with(&["workspaces", "list"], &[("SEG_TOKEN", &token)]).await.code(0);
}

#[tokio::test]
async fn errors_in_json_mode_are_one_json_line_and_nothing_else() {
    let env = env_with_destination().await;
    let run = env.seg(&["-w", "demo", "sources", "get", "ghost", "-o", "json"]).await;
    run.code(15);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{}", run.stderr);
    let error: Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!((error["error"]["status"].as_u64(), error["error"]["exit_code"].as_u64()), (Some(404), Some(15)));
    // Without -o json, the human line and its hint.
    let run = env.seg(&["-w", "demo", "sources", "get", "ghost"]).await;
    assert!(run.code(15).stderr.starts_with("error: HTTP 404") && run.stderr.contains("hint:"), "{}", run.stderr);
    // 400 and 409 say what to do next.
    let run = env.seg(&["-w", "demo", "sources", "create", "web", "--catalog", "javascript"]).await;
    assert!(run.code(16).stderr.contains("hint: it exists already"), "{}", run.stderr);
    let run =
        env.seg(&["-w", "demo", "sources", "update", "web", "--set", "library_config.retry_queue=notabool"]).await;
    assert!(run.code(13).stderr.contains("hint:"), "{}", run.stderr);
    // A field no source has is seg's own usage error, before any request, naming those an update writes.
    let run = env.seg(&["-w", "demo", "sources", "update", "web", "--set", "nope=1"]).await;
    assert!(run.code(2).stderr.contains("an update writes display_name"), "{}", run.stderr);
}

#[cfg(target_os = "linux")]
#[tokio::test]
async fn a_write_error_on_stdout_fails_and_a_closed_pipe_stays_quiet() {
    let env = env_with_destination().await;
    let mut cmd = env.command(&["-w", "demo", "sources", "list", "-o", "json"], &[("SEG_TOKEN", WRITE)]);
    cmd.stdout(std::fs::File::create("/dev/full").unwrap()).stderr(std::process::Stdio::piped());
    let out = cmd.spawn().unwrap().wait_with_output().await.unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let mut cmd = env.command(&["-w", "demo", "sources", "list", "-o", "json"], &[("SEG_TOKEN", WRITE)]);
    cmd.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().await.unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[tokio::test]
async fn tables_say_the_timezone_mask_secrets_and_fit_narrow_terminals() {
    let env = env_with_destination().await;
    let run = env.seg(&["-w", "demo", "sources", "list", "-o", "table"]).await;
    assert!(run.code(0).stdout.contains(" UTC"), "{}", run.stdout);
    let run = env.seg(&["destinations", "get", DEST, "-o", "table"]).await;
    assert!(
        run.code(0).stdout.contains("sharedSecret: (redacted)") && !run.stdout.contains("s3cret"),
        "{}",
        run.stdout
    );
    // -o json carries the data whole.
    assert_eq!(env.seg(&["destinations", "get", DEST, "-o", "json"]).await.json()["config"][0]["value"], "s3cret");
    // A `password` item is masked by its type, whatever its key; nested config reads as lines, not a JSON blob.
    let amplitude = "workspaces/demo/sources/web/destinations/amplitude";
    let body = json!({"destination": {"name": amplitude, "config": [
        {"name": format!("{amplitude}/config/apiKey"), "value": "k3y-v4lue", "type": "password"}]}});
    let answer = env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(body)).await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    let hooks = json!([{"hook": "https://h.example/in", "headers": [{"key": "X-Team", "value": "data"}]}]);
    let body = json!({"destination": {"config": [{"name": format!("{DEST}/config/hooks"), "value": hooks}]},
                      "update_mask": {"paths": ["destination.config"]}});
    let answer = env.call("PATCH", &format!("/v1beta/{DEST}"), Some(body)).await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    for verbosity in ["-o", "-v", "-vv"] {
        let args = if verbosity == "-o" { vec![verbosity, "table"] } else { vec![verbosity, "-o", "table"] };
        let run = env.seg(&[&["destinations", "get", amplitude][..], &args].concat()).await;
        assert!(run.code(0).stdout.contains("apiKey: (redacted)"), "{verbosity}: {}", run.stdout);
        assert!(!run.stdout.contains("k3y-v4lue") && !run.stderr.contains("k3y-v4lue"), "{verbosity}: {}", run.stderr);
    }
    let run = env.seg(&["destinations", "get", DEST, "-o", "table"]).await;
    let shown = &run.code(0).stdout;
    assert!(shown.contains("sharedSecret: (redacted)") && !shown.contains("s3cret"), "{shown}");
    assert!(shown.contains("https://h.example/in") && shown.contains("X-Team"), "{shown}");
    assert!(!shown.contains("{\"name\":"), "config items read as key: value lines: {shown}");
    // Narrow: records. COLUMNS=0 is no width at all (as `stty` says it): the pipe's natural width.
    for (columns, starts) in [("10", "name: web\n"), ("0", "NAME ")] {
        let run = env
            .seg_with(&["-w", "demo", "sources", "list", "-o", "table"], &[("SEG_TOKEN", WRITE), ("COLUMNS", columns)])
            .await;
        assert!(run.code(0).stdout.starts_with(starts), "COLUMNS={columns}: {}", run.stdout);
    }
}

#[tokio::test]
async fn a_hostile_jq_filter_is_a_clear_usage_error_never_a_crash() {
    let env = env_with_destination().await;
    let deep = format!("{}.{}", "[".repeat(10_000), "]".repeat(10_000));
    let long = vec!["."; 20_000].join(" | ");
    let run = env.seg(&["-w", "demo", "sources", "list", "--jq", &deep]).await;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("levels deep") && run.stderr.lines().count() == 1, "{}", run.stderr);
    let run = env.seg(&["-w", "demo", "sources", "list", "--jq", ".[] | nosuch"]).await;
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("nosuch is not defined (at column 7)") && !run.stderr.contains("File"),
        "{}",
        run.stderr
    );
    let sent = env.requests().await;
    assert!(sent.is_empty(), "a bad filter sends nothing: {sent:?}");
    let run = env.seg(&["-w", "demo", "sources", "list", "--jq", &long]).await;
    assert_eq!(run.code(0).json()[0]["name"], "workspaces/demo/sources/web");
    // What the filter does when it runs can't abort seg either: endless recursion, a value too deep to print or to
    // encode, an error it raises. Each is one sentence and exit 1, and the answer's bytes never reach stdout.
    for filter in [
        "def f: [f]; f",
        "def f: 1 + f; f",
        "reduce range(100000) as $i ([]; [.])",
        "reduce range(100000) as $i (0; {a: .}) | tojson | length",
    ] {
        let run = env.seg(&["-w", "demo", "sources", "list", "--jq", filter]).await;
        assert_eq!(run.code, 1, "{filter}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{filter}: {}", run.stdout);
        assert!(run.stderr.contains("recursed too deep") && run.stderr.lines().count() == 1, "{}", run.stderr);
    }
    let run = env.seg(&["-w", "demo", "sources", "list", "--jq", r#"error("no such plan")"#]).await;
    assert_eq!(run.code, 1);
    assert_eq!(run.stderr.trim(), r#"error: --jq: "no such plan""#);
    let run = env.seg(&["-w", "demo", "sources", "list", "--jq", ".[] | .name, (.name | length)"]).await;
    assert_eq!(run.code(0).stdout, "workspaces/demo/sources/web\n27\n");
}

#[tokio::test]
async fn a_page_size_given_to_seg_api_is_the_one_sent() {
    let env = env_with_destination().await;
    for i in 0..5 {
        env.create_source("demo", &format!("s{i}")).await.ok();
    }
    env.clear_requests().await;
    let run =
        env.seg(&["api", "GET", "workspaces/demo/sources", "-f", "page_size=2", "--paginate", "-o", "ndjson"]).await;
    assert_eq!(run.code(0).stdout.lines().count(), 6);
    let uris: Vec<String> = env.requests().await.iter().map(|r| r["uri"].as_str().unwrap().to_string()).collect();
    assert_eq!(uris.len(), 3, "{uris:?}");
    assert!(uris.iter().all(|u| u.matches("page_size=").count() == 1 && u.contains("page_size=2")), "{uris:?}");
}

#[tokio::test]
async fn everyday_gaps_are_filled() {
    let env = env_with_destination().await;
    let run = env.seg(&["-w", "demo", "sources", "patch", "web", "--display-name", "Web site", "-o", "json"]).await;
    assert_eq!(run.code(0).json()["display_name"], "Web site");
    let run = env.seg(&["tokens", "get", "1", "-o", "json"]).await;
    assert_eq!(run.code(0).json()["name"], "access-tokens/1");
    assert!(run.json().get("token").is_none(), "a token's secret is never shown again");
}

#[tokio::test]
async fn secrets_never_reach_the_request_log() {
    let env = env_with_destination().await;
    let run =
        env.seg(&["-vv", "destinations", "patch", DEST, "--config", "sharedSecret=n3w-s3cret", "-o", "json"]).await;
    run.code(0);
    assert!(run.stderr.contains("> PATCH") && run.stderr.contains("< 200"), "{}", run.stderr);
    assert!(!run.stderr.contains("n3w-s3cret") && run.stderr.contains("(redacted)"), "{}", run.stderr);
    assert_eq!(run.json()["config"][0]["value"], "n3w-s3cret", "-o json carries the data whole");
    // A new token: shown once on stdout, never in the log.
    let run = env.seg(&["-vv", "-w", "demo", "tokens", "create", "--description", "ci", "-o", "json"]).await;
    let token = run.code(0).json()["token"].as_str().unwrap().to_string();
    assert!(!run.stderr.contains(&token), "{}", run.stderr);
}
