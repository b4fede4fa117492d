//! `--dry-run` changes nothing, on every command (docs/reference/commands.md, "Effects and `--dry-run`"). The cases
//! (tests/it/commands.rs) are keyed by the leaves of the clap command tree, so a new command without a case there
//! fails the test: whoever adds a command says what its dry run does. Each case runs twice (`--dry-run`, then `SEG_DRY_RUN=1`), and after each run the
//! emulator's request log holds no write, the webhook receiver got nothing, and no file under HOME changed.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use clap::CommandFactory;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, BufReader};

use crate::commands::{Expect, cases, world};
use crate::support::{Run, TestEnv, WRITE, leaves};

/// Every file under a folder, with its bytes; the rate budget's state is seg's bookkeeping, not an effect.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    let budgets = dir.join(crate::support::RUNTIME);
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path == budgets {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                out.insert(path.display().to_string(), std::fs::read(&path).unwrap_or_default());
            }
        }
    }
    out
}

/// The requests the emulator received since the last look that could change something.
async fn writes(env: &TestEnv) -> Vec<Value> {
    let requests = env.requests().await;
    env.clear_requests().await;
    requests.into_iter().filter(|r| r["method"] != "GET" && r["method"] != "HEAD").collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_changes_nothing_under_dry_run() {
    every_command_under_dry_run(Api::Config).await;
}

/// The same commands on the Public API, through its adapter: what differs is only what the Public API needs to
/// do the same thing (more requests, or none where it has no such resource).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_changes_nothing_under_dry_run_on_the_public_api() {
    every_command_under_dry_run(Api::Public).await;
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Api {
    Config,
    Public,
}

/// The leaves of what only the Public API holds: mappings and its own resources (`api::Holds`), refused on the
/// Config API before any request.
pub fn public_only(leaf: &str) -> bool {
    leaf.starts_with("destinations mappings")
        || crate::nouns::NOUNS.iter().any(|noun| leaf.starts_with(&format!("{noun} ")))
}

/// On the Public API, a case whose dry run differs from the Config API's: what it does there instead.
fn on_the_public_api(leaf: &str, args: &[String], expect: Expect) -> Expect {
    use Expect::*;
    let first = args.first().map(String::as_str);
    match (leaf, first) {
        // The Public API has no access tokens: refused before any request.
        ("tokens list" | "tokens get" | "tokens create" | "tokens delete", _) => Reads(2),
        // A label the workspace lacks is made first (`POST /labels`), then the source's are replaced.
        ("sources patch", _) => Describes(2),
        // The Public API names a source by id: `gone`, which does not exist, is found missing by the read that
        // resolves it (404, exit 15), after `web`'s delete was described.
        ("sources delete", _) => Reads(15),
        // The source's destinations are read to name the new one: web already has its webhooks destination, which
        // the Config API would refuse on the write (409); the Public API's adapter says it before any write.
        ("destinations create", _) => Reads(16),
        _ if leaf.starts_with("destinations mappings") => expect,
        // The saved plan was made on the Config API: refused by the other (docs/reference/commands.md, "Two APIs").
        ("apply", Some("apply")) if args.iter().any(|a| a == "--plan") => Reads(2),
        _ => expect,
    }
}

async fn every_command_under_dry_run(api: Api) {
    let (env, hook, mut received, plan, regulation) = world().await;
    let mut cases = cases(env.home.path(), &hook, &plan, &regulation);
    if api == Api::Config {
        // Mappings and the Public API's own resources: refused before any request.
        for (_, case) in cases.iter_mut().filter(|(leaf, _)| public_only(leaf)) {
            case.expect = Expect::Reads(2);
        }
    }
    if api == Api::Public {
        for (leaf, case) in &mut cases {
            let expect = std::mem::replace(&mut case.expect, Expect::Serves);
            case.expect = on_the_public_api(leaf, &case.args, expect);
        }
    }
    let api_vars: Vec<(&str, &str)> = match api {
        Api::Config => Vec::new(),
        Api::Public => vec![("SEG_API", "public")],
    };
    let mut tree = Vec::new();
    leaves(&seg::cli::Cli::command(), &mut Vec::new(), &mut tree);
    let missing: Vec<&String> = tree.iter().filter(|leaf| !cases.iter().any(|(l, _)| l == *leaf)).collect();
    assert!(missing.is_empty(), "commands with no dry-run case in tests/it/dry_run.rs: {missing:?}");
    let stale: Vec<&String> = cases.iter().map(|(leaf, _)| leaf).filter(|leaf| !tree.contains(leaf)).collect();
    assert!(stale.is_empty(), "cases for commands that do not exist: {stale:?}");

    let before = files(env.home.path());
    for (leaf, case) in &cases {
        if matches!(case.expect, Expect::Serves) {
            continue;
        }
        for how in ["--dry-run", "SEG_DRY_RUN=1"] {
            let mut args: Vec<&str> = case.args.iter().map(String::as_str).collect();
            let mut vars: Vec<(&str, &str)> = if how == "--dry-run" {
                args.push("--dry-run");
                vec![("SEG_TOKEN", WRITE)]
            } else {
                vec![("SEG_TOKEN", WRITE), ("SEG_DRY_RUN", "1")]
            };
            vars.extend(&api_vars);
            let run = env.seg_stdin(&args, &vars, &case.stdin).await;
            check(&format!("{leaf} [{api:?}]"), how, &case.expect, &run);
            assert_eq!(writes(&env).await, Vec::<Value>::new(), "{leaf} ({how}) sent a write");
            assert!(received.try_recv().is_err(), "{leaf} ({how}) posted a webhook");
            assert!(files(env.home.path()) == before, "{leaf} ({how}) changed a file under HOME");
        }
    }
}

fn check(leaf: &str, how: &str, expect: &Expect, run: &Run) {
    let said = format!("{leaf} ({how})\nstdout: {}\nstderr: {}", run.stdout, run.stderr);
    match expect {
        Expect::Reads(code) => assert_eq!(run.code, *code, "{said}"),
        Expect::Describes(n) => {
            assert_eq!(run.code, 0, "{said}");
            let lines: Vec<&str> = run.stdout.lines().collect();
            assert_eq!(lines.len(), *n, "one JSON line per request: {said}");
            for line in lines {
                let request: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {said}"));
                assert!(!matches!(request["method"].as_str(), Some("GET") | None), "{said}");
                assert!(request["url"].as_str().unwrap().starts_with("http://127.0.0.1:"), "{said}");
                assert!(!line.contains(WRITE) && !line.contains("s3cret") && !line.contains("n3w"), "a secret: {said}");
            }
        }
        Expect::Names(what) => {
            assert_eq!(run.code, 0, "{said}");
            assert!(run.stderr.contains("dry run: would") && run.stderr.contains(what), "{said}");
            assert!(!run.stdout.contains(WRITE) && !run.stderr.contains(WRITE), "{said}");
        }
        Expect::Refuses => {
            assert_eq!(run.code, 2, "{said}");
            assert!(run.stderr.contains("--dry-run"), "{said}");
        }
        Expect::Serves => unreachable!("tested on its own"),
    }
}

/// `webhook listen --forward-to` under --dry-run receives and reports, and describes the forward instead of
/// making it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn listen_describes_its_forwards_under_dry_run() {
    let (env, hook, mut received, _, _) = world().await;
    let mut cmd = env.command(&["webhook", "listen", "--port", "0", "--forward-to", &hook, "-o", "ndjson"], &[]);
    cmd.env("SEG_DRY_RUN", "1").stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap()).lines();
    let address = loop {
        let line = stderr.next_line().await.unwrap().expect("listen announces its address");
        if let Some(address) = line.strip_prefix("listening on ") {
            break address.to_string();
        }
    };
    let answer = reqwest::Client::new().post(format!("{address}/in")).body(r#"{"type":"track"}"#).send().await.unwrap();
    assert_eq!(answer.status(), 200);
    let mut stdout = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut lines = Vec::new();
    while lines.len() < 2 {
        let line = tokio::time::timeout(Duration::from_secs(10), stdout.next_line()).await.unwrap().unwrap().unwrap();
        lines.push(serde_json::from_str::<Value>(&line).unwrap());
    }
    let described = lines.iter().find(|l| l.get("url").is_some()).expect("the forward, described");
    assert_eq!((described["method"].as_str(), described["url"].as_str()), (Some("POST"), Some(hook.as_str())));
    let record = lines.iter().find(|l| l.get("forwarded").is_some()).expect("the request's record");
    assert_eq!(record["forwarded"], "not sent (dry run)");
    child.kill().await.unwrap();
    assert!(received.try_recv().is_err(), "the forward was sent");
    assert!(writes(&env).await.is_empty());
}

/// `webhook listen --inspect` under --dry-run: the inspector's replay button describes the request instead of
/// sending it (the journal, seg's bookkeeping, is still kept).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_inspectors_replay_is_described_under_dry_run() {
    let (env, hook, mut received, _, _) = world().await;
    let state = env.path("state");
    let mut cmd =
        env.command(&["webhook", "listen", "--port", "0", "--inspect", "--forward-to", &hook, "-o", "ndjson"], &[]);
    cmd.env("SEG_DRY_RUN", "1").env("SEG_STATE_DIR", &state);
    cmd.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap()).lines();
    let address = loop {
        let line = stderr.next_line().await.unwrap().expect("listen announces its address");
        if let Some(address) = line.strip_prefix("listening on ") {
            break address.to_string();
        }
    };
    let client = reqwest::Client::new();
    client.post(format!("{address}/in")).body(r#"{"type":"track"}"#).send().await.unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut next = async || {
        let line = tokio::time::timeout(Duration::from_secs(10), stdout.next_line()).await.unwrap().unwrap().unwrap();
        serde_json::from_str::<Value>(&line).unwrap()
    };
    let (first, second) = (next().await, next().await);
    assert!(first.get("url").is_some() || second.get("url").is_some(), "the forward, described");
    let page = client.get(format!("{address}/_seg/")).send().await.unwrap().text().await.unwrap();
    let token = page.split("name=\"seg-token\" content=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
    let replay = client
        .post(format!("{address}/_seg/api/replay/1"))
        .header("x-seg-token", &token)
        .header("origin", &address)
        .send()
        .await
        .unwrap();
    let answer: Value = replay.json().await.unwrap();
    assert_eq!(answer["dry_run"], true, "{answer}");
    let described = next().await;
    assert_eq!((described["method"].as_str(), described["url"].as_str()), (Some("POST"), Some(hook.as_str())));
    child.kill().await.unwrap();
    assert!(received.try_recv().is_err(), "nothing was sent");
    assert!(state.join("webhook-journal").join("1.json").exists(), "the journal is kept under --dry-run");
    assert!(writes(&env).await.is_empty());
}

/// A description that cannot be written (a full disk) is a failure, not a dry run that silently did nothing.
#[cfg(target_os = "linux")]
#[tokio::test]
async fn a_description_that_cannot_be_written_fails_the_command() {
    let env = TestEnv::start().await;
    let mut cmd =
        env.command(&["webhook", "send", "--url", "http://127.0.0.1:9/hook", "--all-types", "--dry-run"], &[]);
    cmd.stdout(std::fs::File::create("/dev/full").unwrap()).stderr(std::process::Stdio::piped());
    let out = cmd.spawn().unwrap().wait_with_output().await.unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("No space left"));
}
