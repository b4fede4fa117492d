//! `--jq` runs in a worker process of seg: the worker ends when seg does, however seg ends, even in a filter that
//! never ends; and a filter's runtime error names types, never the data it failed on (config secrets included).

use serde_json::json;

use crate::support::{TestEnv, WRITE};

/// A source `web` with a webhooks destination whose config holds a secret.
async fn env_with_secret() -> TestEnv {
    let env = TestEnv::start().await;
    env.create_source("demo", "web").await.ok();
    let config = json!([{"name": "sharedSecret", "value": SECRET},
                        {"name": "hooks", "value": [{"hook": "https://h.example/in"}]}]);
    let body = json!({"destination": {"name": "webhooks", "enabled": true, "config": config}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(body)).await.ok();
    env
}

const SECRET: &str = "s3cret-value";

#[tokio::test]
async fn jq_with_yaml_output_prints_each_result_as_a_yaml_document() {
    let env = env_with_secret().await;
    env.create_source("demo", "app").await.ok();
    let run = env.seg(&["-w", "demo", "sources", "list", "-o", "yaml", "--jq", ".[] | {name, catalog_name}"]).await;
    let documents: Vec<serde_json::Value> =
        run.code(0).stdout.split("---\n").map(|d| serde_yaml_ng::from_str(d).unwrap()).collect();
    assert_eq!(documents.len(), 2, "{}", run.stdout);
    let mut names: Vec<&str> = documents.iter().filter_map(|d| d["name"].as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["workspaces/demo/sources/app", "workspaces/demo/sources/web"], "{}", run.stdout);
    assert!(!run.stdout.contains('{'), "YAML, not JSON lines: {}", run.stdout);
}

#[tokio::test]
async fn jq_runtime_errors_never_print_the_data() {
    let env = env_with_secret().await;
    let list = ["-w", "demo", "destinations", "list", "--source", "web"];
    // The secret is in what the filter reads.
    assert!(env.seg(&[&list[..], &["-o", "json"]].concat()).await.code(0).stdout.contains(SECRET));
    let secret = r#"[.. | strings | select(contains("s3cret"))][0]"#;
    let cases: Vec<(String, &str)> = vec![
        (".name".into(), r#"cannot index an array with "name""#),
        (".[0] | .[0]".into(), ""),
        (format!("{secret} | .[0]"), "cannot index a string with a number"),
        (format!("{secret} | .[]"), "cannot iterate over a string"),
        ("length | .[]".into(), "cannot iterate over a number"),
        (format!("{secret} | keys"), "cannot iterate over a string"),
        (".[0] + 1".into(), "cannot calculate an object + a number"),
        (format!("{secret} - 1"), "cannot calculate a string - a number"),
        ("error".into(), "the filter raised an array as its error (not shown)"),
        (format!("{secret} | error"), "the filter raised a string as its error (not shown)"),
        (format!("{secret} | tonumber"), "a built-in function failed on its input"),
        (format!("{secret} | fromjson"), "a built-in function failed on its input"),
        (format!("{secret} | fromdate"), "a built-in function failed on its input"),
        (format!("{secret} | test(\"(\")"), "a built-in function failed on its input"),
        (r#"error("no webhook here")"#.into(), r#"--jq: "no webhook here""#),
    ];
    for (filter, want) in cases {
        let mut args = list.to_vec();
        args.extend(["--jq", &filter]);
        let run = env.seg(&args).await;
        if want.is_empty() {
            // jaq gives null for an object indexed with a number, where jq fails: no error to check.
            run.code(0);
            continue;
        }
        run.code(1);
        assert!(run.stdout.is_empty(), "{filter}: {}", run.stdout);
        assert!(run.stderr.contains(want), "{filter}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{filter}: {}", run.stderr);
        for stream in [&run.stdout, &run.stderr] {
            assert!(!stream.contains("s3cret"), "{filter}: {stream}");
        }
    }
}

/// The pids of the live (not zombie) processes whose parent is `parent` and whose command line holds `arg`.
#[cfg(target_os = "linux")]
fn children_running(parent: u32, arg: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
        // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
        let Some(after) = stat.rfind(')').map(|i| &stat[i + 2..]) else { continue };
        let mut fields = after.split(' ');
        let (state, ppid) = (fields.next(), fields.next().and_then(|p| p.parse::<u32>().ok()));
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        if ppid == Some(parent) && state != Some("Z") && String::from_utf8_lossy(&cmdline).contains(arg) {
            found.push(pid);
        }
    }
    found
}

/// Whether `pid` still runs (a zombie has ended; init reaps it in its own time).
#[cfg(target_os = "linux")]
fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat.rfind(')').is_some_and(|i| !stat[i + 2..].starts_with('Z')),
        Err(_) => false,
    }
}

#[cfg(target_os = "linux")]
async fn eventually(what: &str, mut done: impl FnMut() -> bool) {
    let start = std::time::Instant::now();
    while !done() {
        assert!(start.elapsed() < std::time::Duration::from_secs(30), "{what}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_jq_worker_dies_with_seg_whatever_kills_it() {
    let env = env_with_secret().await;
    for signal in ["-TERM", "-KILL", "-INT"] {
        // A filter that never ends and never grows.
        let mut seg = env
            .command(&["-w", "demo", "sources", "get", "web", "--jq", "last(range(infinite))"], &[("SEG_TOKEN", WRITE)])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let pid = seg.id().unwrap();
        let mut workers = Vec::new();
        eventually("seg starts its jq worker", || {
            workers = children_running(pid, seg::ui::jq::WORKER_ARG);
            !workers.is_empty()
        })
        .await;
        let worker = workers[0];
        std::process::Command::new("kill").args([signal, &pid.to_string()]).status().unwrap();
        let status = seg.wait().await.unwrap();
        assert!(!status.success(), "{signal}: {status:?}");
        eventually(&format!("the worker {worker} ends after seg's {signal}"), || !running(worker)).await;
    }
}

#[cfg(unix)]
#[test]
fn a_worker_whose_seg_is_gone_ends_at_once() {
    use std::io::Write;
    // Its parent is this test, not the pid it is told: seg died before the worker could arm itself.
    let mut worker = std::process::Command::new(env!("CARGO_BIN_EXE_seg"))
        .args([seg::ui::jq::WORKER_ARG, "last(range(infinite))"])
        .env("SEG_JQ_PARENT", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Input it would otherwise read and loop over; it may be gone before the write.
    let _ = worker.stdin.take().unwrap().write_all(b"null");
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = worker.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > std::time::Duration::from_secs(30) {
            worker.kill().unwrap();
            panic!("the worker ran on for a seg that is gone");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(1));
}

/// `--jq` decides what is printed for every command, with `-o table` too (as on a terminal): the lines for people
/// (a plan, the settings, a regulation's line) give way to the filter's output.
#[tokio::test]
async fn jq_applies_where_a_table_would_print_lines_for_people() {
    let env = env_with_secret().await;
    let file = env.path("ws.yaml");
    std::fs::write(
        &file,
        "format: seg/1\nworkspace: demo\nsources:\n  extra:\n    catalog_name: catalog/sources/ios\n",
    )
    .unwrap();
    let table = ["-w", "demo", "-o", "table", "--jq"];
    let run = env.seg(&[&table[..], &[".requests", "diff", "--file", file.to_str().unwrap()]].concat()).await;
    assert_eq!(run.code(1).stdout, "1\n", "diff");
    let run = env.seg(&[&table[..], &["type", "config", "list"]].concat()).await;
    assert_eq!(run.code(0).stdout, "object\n", "config list");
    let run = env.seg(&[&table[..], &[".users", "regulations", "create", "--user-id", "u1", "--yes"]].concat()).await;
    assert_eq!(run.code(0).stdout, "1\n", "regulations create");
}
