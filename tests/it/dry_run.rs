//! `--dry-run` changes nothing, on every command (docs/reference/commands.md, "Effects and `--dry-run`"). The cases are
//! keyed by the leaves of the clap command tree, so a new command without a case here fails the test: whoever adds a
//! command says what its dry run does. Each case runs twice (`--dry-run`, then `SEG_DRY_RUN=1`), and after each run the
//! emulator's request log holds no write, the webhook receiver got nothing, and no file under HOME changed.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use clap::CommandFactory;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::sync::mpsc;

use crate::support::{Run, TestEnv, WRITE, leaves};
use seg::emulator::EmulatorOptions;
use seg::webhook::listen;

/// What a command's dry run must do.
enum Expect {
    /// Only reads (or nothing at all): exit with this code.
    Reads(i32),
    /// Describes this many requests on stdout, one JSON line each, and sends none.
    Describes(usize),
    /// Names on stderr the file or keyring entry it would change.
    Names(&'static str),
    /// Cannot honour --dry-run: refuses it (exit 2).
    Refuses,
    /// A server: tested on its own below.
    Serves,
}

struct Case {
    args: Vec<String>,
    stdin: Vec<u8>,
    expect: Expect,
}

fn case(args: &[&str], expect: Expect) -> Case {
    Case { args: args.iter().map(|a| a.to_string()).collect(), stdin: Vec::new(), expect }
}

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

/// A workspace with one of everything, a webhook receiver its destination points at, and a profile with a stored
/// token, so that every command has something to change.
async fn world() -> (TestEnv, String, mpsc::UnboundedReceiver<listen::Received>, String, String) {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    let (sink, received) = mpsc::unbounded_channel();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let hook = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(axum::serve(listener, listen::router(listen::ListenOptions::default(), sink)).into_future());
    env.create_source("demo", "web").await.ok();
    let destination = json!({"destination": {"name": "workspaces/demo/sources/web/destinations/webhooks", "enabled": true,
        "config": [{"name": "hooks", "value": [{"hook": hook}]}, {"name": "sharedSecret", "value": "s3cret"}]}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(destination)).await.ok();
    let plan = env
        .call("POST", "/v1beta/workspaces/demo/tracking-plans", Some(json!({"tracking_plan": {"display_name": "P"}})))
        .await;
    let plan = plan.ok()["name"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    let body = json!({"source_name": "workspaces/demo/sources/web"});
    env.call("POST", &format!("/v1beta/workspaces/demo/tracking-plans/{plan}/source-connections"), Some(body))
        .await
        .ok();
    let body = json!({"regulation_type": "Suppress", "attributes": {"name": "userId", "values": ["u1"]}});
    let regulation = env.call("POST", "/v1beta/workspaces/demo/regulations", Some(body)).await;
    let regulation = regulation.ok()["regulate_id"].as_str().unwrap().to_string();
    let config = env.path(".config/seg");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("config.toml"), "[profiles.default]\nworkspace = \"demo\"\n").unwrap();
    std::fs::write(config.join("credentials.toml"), format!("[tokens]\ndefault = \"{WRITE}\"\n")).unwrap();
    // Workspace files: one in sync, one with a source to create.
    std::fs::write(env.path("in-sync.yaml"), "format: seg/1\nworkspace: demo\n").unwrap();
    let more = "format: seg/1\nworkspace: demo\nsources:\n  extra:\n    catalog_name: catalog/sources/javascript\n";
    std::fs::write(env.path("more.yaml"), more).unwrap();
    std::fs::write(env.path("each.txt"), "web/webhooks\n{\"name\": \"web/webhooks\"}\n").unwrap();
    // A Webhooks (Actions) destination with a mapping, for `destinations mappings` (a Public API resource).
    let actions = json!({"destination": {"name": "workspaces/demo/sources/web/destinations/actions-webhook",
        "enabled": true, "config": [{"name": "sharedSecret", "value": "s3cret"}]}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(actions)).await.ok();
    let public = [("SEG_TOKEN", WRITE), ("SEG_API", "public")];
    let mapping = [
        "destinations",
        "mappings",
        "create",
        "web/actions-webhook",
        "Orders",
        "--trigger",
        "type = \"track\"",
        "--settings",
        &format!(r#"{{"url": "{hook}"}}"#),
    ];
    env.seg_with(&mapping, &public).await.code(0);
    std::fs::write(env.path("mappings.txt"), "Orders\n").unwrap();
    // A saved plan with one write, for `apply --plan`.
    let (more, saved) = (env.path("more.yaml"), env.path("saved-plan.json"));
    let args = ["diff", "--file", more.to_str().unwrap(), "--out", saved.to_str().unwrap()];
    env.seg_with(&args, &[("SEG_TOKEN", WRITE)]).await.code(1);
    env.clear_requests().await;
    (env, hook, received, plan, regulation)
}

/// A journal of `webhook listen` holding one request (id 1), for `webhook log` and `webhook replay`.
fn journal(home: &Path) -> String {
    let dir = home.join("journal");
    std::fs::create_dir_all(&dir).unwrap();
    let entry = json!({"id": 1, "received": "2026-01-01T00:00:00.000Z", "method": "POST", "path": "/hook",
        "headers": [{"name": "content-type", "value": "application/json"}, {"name": "x-signature", "value": "0".repeat(40)}],
        "body": "{\"type\":\"track\"}", "size": 16, "type": "track", "signature": "invalid", "signed_form": null,
        "causes": [], "warnings": [], "answer": {"status": 200}});
    std::fs::write(dir.join("1.json"), entry.to_string()).unwrap();
    dir.display().to_string()
}

/// Every leaf of the command tree with at least one case; a leaf may have more (`apply --file`, `apply --plan`).
fn cases(home: &Path, hook: &str, plan: &str, regulation: &str) -> Vec<(String, Case)> {
    use Expect::*;
    let journal = journal(home);
    let home = |name: &str| home.join(name).display().to_string();
    let dst = "web/webhooks";
    let mdst = "web/actions-webhook";
    let mut cases: Vec<(&str, Case)> = vec![
        ("workspaces list", case(&["workspaces", "list"], Reads(0))),
        ("workspaces get", case(&["workspaces", "get", "demo"], Reads(0))),
        ("sources list", case(&["sources", "list"], Reads(0))),
        ("sources get", case(&["sources", "get", "web"], Reads(0))),
        ("sources create", case(&["sources", "create", "new", "--catalog", "javascript"], Describes(1))),
        ("sources update", case(&["sources", "update", "web", "--display-name", "W"], Describes(1))),
        ("sources patch", case(&["sources", "patch", "web", "--label", "team=data"], Describes(1))),
        ("sources delete", case(&["sources", "delete", "web", "gone"], Describes(2))),
        ("destinations list", case(&["destinations", "list"], Reads(0))),
        ("destinations get", case(&["destinations", "get", dst], Reads(0))),
        ("destinations create", case(&["destinations", "create", dst, "--config", "sharedSecret=x"], Describes(1))),
        ("destinations update", case(&["destinations", "update", dst, "--enabled=false"], Describes(1))),
        ("destinations patch", case(&["destinations", "patch", dst, "--config", "sharedSecret=n3w"], Describes(1))),
        ("destinations enable", case(&["destinations", "enable", dst], Describes(1))),
        ("destinations disable", case(&["destinations", "disable", "--each", &home("each.txt")], Describes(2))),
        ("destinations delete", case(&["destinations", "delete", dst], Describes(1))),
        ("destinations filters list", case(&["destinations", "filters", "list", "--all"], Reads(0))),
        ("destinations filters get", case(&["destinations", "filters", "get", dst, "df_none"], Reads(15))),
        (
            "destinations filters create",
            case(
                &["destinations", "filters", "create", dst, "--title", "t", "--if", "all", "--action", "drop"],
                Describes(1),
            ),
        ),
        (
            "destinations filters update",
            case(&["destinations", "filters", "update", dst, "df_x", "--disabled"], Describes(1)),
        ),
        (
            "destinations filters patch",
            case(&["destinations", "filters", "patch", dst, "df_x", "--if", "all"], Describes(1)),
        ),
        (
            "destinations filters delete",
            case(&["destinations", "filters", "delete", dst, "df_x", "df_y"], Describes(2)),
        ),
        ("destinations mappings list", case(&["destinations", "mappings", "list", mdst], Reads(0))),
        ("destinations mappings get", case(&["destinations", "mappings", "get", mdst, "Orders"], Reads(0))),
        (
            "destinations mappings create",
            case(
                &[
                    "destinations",
                    "mappings",
                    "create",
                    mdst,
                    "New",
                    "--trigger",
                    "type = \"track\"",
                    "--settings",
                    r#"{"url": "https://example.com/new"}"#,
                ],
                Describes(1),
            ),
        ),
        (
            "destinations mappings update",
            case(
                &[
                    "destinations",
                    "mappings",
                    "update",
                    mdst,
                    "Orders",
                    "--settings",
                    r#"{"url": "https://example.com/2"}"#,
                ],
                Describes(1),
            ),
        ),
        ("destinations mappings enable", case(&["destinations", "mappings", "enable", mdst, "Orders"], Describes(1))),
        (
            "destinations mappings disable",
            case(&["destinations", "mappings", "disable", mdst, "--each", &home("mappings.txt")], Describes(1)),
        ),
        ("destinations mappings delete", case(&["destinations", "mappings", "delete", mdst, "Orders"], Describes(1))),
        ("sources schema-config get", case(&["sources", "schema-config", "get", "web"], Reads(0))),
        (
            "sources schema-config update",
            case(
                &["sources", "schema-config", "update", "web", "--set", "allow_unplanned_track_events=false"],
                Describes(1),
            ),
        ),
        (
            "sources schema-config patch",
            case(&["sources", "schema-config", "patch", "web", "--clear", "forwarding_violations_to"], Describes(1)),
        ),
        ("tracking-plans list", case(&["tracking-plans", "list"], Reads(0))),
        ("tracking-plans get", case(&["tracking-plans", "get", plan], Reads(0))),
        ("tracking-plans create", case(&["tracking-plans", "create", "--display-name", "Q"], Describes(1))),
        ("tracking-plans update", case(&["tracking-plans", "update", plan, "--display-name", "R"], Describes(1))),
        ("tracking-plans delete", case(&["tracking-plans", "delete", plan], Describes(1))),
        ("tracking-plans connections list", case(&["tracking-plans", "connections", "list", "--all"], Reads(0))),
        ("tracking-plans connections add", case(&["tracking-plans", "connections", "add", plan, "web"], Describes(1))),
        (
            "tracking-plans connections remove",
            case(&["tracking-plans", "connections", "remove", plan, "web"], Describes(1)),
        ),
        ("tokens list", case(&["tokens", "list"], Reads(0))),
        ("tokens get", case(&["tokens", "get", "1"], Reads(0))),
        ("tokens create", case(&["tokens", "create", "--description", "ci"], Describes(1))),
        ("tokens delete", case(&["tokens", "delete", "1"], Describes(1))),
        ("catalog sources list", case(&["catalog", "sources", "list"], Reads(0))),
        ("catalog sources get", case(&["catalog", "sources", "get", "javascript"], Reads(0))),
        ("catalog destinations list", case(&["catalog", "destinations", "list"], Reads(0))),
        ("catalog destinations get", case(&["catalog", "destinations", "get", "webhooks"], Reads(0))),
        ("regulations create", case(&["regulations", "create", "--user-id", "u2", "--type", "Delete"], Describes(1))),
        ("regulations list", case(&["regulations", "list"], Reads(0))),
        ("regulations get", case(&["regulations", "get", regulation], Reads(0))),
        ("api", case(&["api", "PATCH", "workspaces/demo/sources/web", "-f", "source={}"], Describes(1))),
        ("export", case(&["export", "--file", &home("export.yaml")], Names("the export"))),
        ("diff", case(&["diff", "--file", &home("in-sync.yaml"), "--out", &home("plan.json")], Names("the plan"))),
        ("apply", case(&["apply", "--file", &home("more.yaml")], Describes(1))),
        (
            "convert-webhooks",
            case(
                &["convert-webhooks", "--file", &home("in-sync.yaml"), "--out", &home("converted.yaml")],
                Names("the converted file"),
            ),
        ),
        ("apply", case(&["apply", "--plan", &home("saved-plan.json"), "--yes"], Describes(1))),
        ("webhook sample", case(&["webhook", "sample", "--type", "track"], Reads(0))),
        ("webhook sign", Case { stdin: b"{}".to_vec(), ..case(&["webhook", "sign", "--secret", "s"], Reads(0)) }),
        (
            "webhook verify",
            Case {
                stdin: b"{}".to_vec(),
                ..case(&["webhook", "verify", "--secret", "s", "--signature", "00"], Reads(1))
            },
        ),
        // Nothing explains this signature: the destination's shared secret is read to compare (a GET).
        (
            "webhook verify",
            Case {
                stdin: b"{}".to_vec(),
                ..case(
                    &["webhook", "verify", "--secret", "s", "--signature", &"0".repeat(40), "--destination", dst],
                    Reads(1),
                )
            },
        ),
        ("webhook send", case(&["webhook", "send", "--url", hook, "--all-types", "--secret", "s3cret"], Describes(7))),
        ("webhook listen", case(&["webhook", "listen"], Serves)),
        ("webhook log", case(&["webhook", "log", "--journal", &journal], Reads(0))),
        ("webhook log", case(&["webhook", "log", "1", "--journal", &journal], Reads(0))),
        ("webhook log", case(&["webhook", "log", "1", "--body", "--journal", &journal], Reads(0))),
        (
            "webhook replay",
            case(
                &["webhook", "replay", "1", "--journal", &journal, "--to", hook, "--resign", "--secret", "s3cret"],
                Describes(1),
            ),
        ),
        (
            "auth login",
            Case {
                stdin: format!("{WRITE}\n").into_bytes(),
                ..case(&["auth", "login", "--with-token"], Names("file store"))
            },
        ),
        ("auth status", case(&["auth", "status"], Reads(0))),
        ("auth token", case(&["auth", "token"], Reads(0))),
        ("auth logout", case(&["auth", "logout"], Names("token file store"))),
        ("config list", case(&["config", "list"], Reads(0))),
        ("config get", case(&["config", "get", "workspace"], Reads(0))),
        ("config set", case(&["config", "set", "workspace", "other"], Names("config.toml"))),
        ("config unset", case(&["config", "unset", "workspace"], Names("config.toml"))),
        ("completion", case(&["completion", "bash"], Reads(0))),
        ("options", case(&["options"], Reads(0))),
        ("exit-codes", case(&["exit-codes"], Reads(0))),
        ("serve", case(&["serve", "--port", "0"], Refuses)),
        ("demo", case(&["demo"], Refuses)),
    ];
    cases.drain(..).map(|(leaf, case)| (leaf.to_string(), case)).collect()
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
        // Mappings are a Public API resource: refused before any request.
        for (_, case) in cases.iter_mut().filter(|(leaf, _)| leaf.starts_with("destinations mappings")) {
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
