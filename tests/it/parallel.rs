//! Parallel use at the service's ceiling: one rate budget per token shared by every process, bulk input with
//! per-item results, and listings of many collections read concurrently.

use serde_json::{Value, json};

use crate::support::{READ, Run, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

async fn env_with_sources(n: usize, rate_limit: u32) -> TestEnv {
    let env = TestEnv::with(EmulatorOptions { rate_limit, ..EmulatorOptions::default() }).await;
    for i in 0..n {
        env.create_source("demo", &format!("s{i:03}")).await.ok();
    }
    env.clear_requests().await;
    env
}

fn lines(run: &Run) -> Vec<Value> {
    run.stdout.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

#[tokio::test]
async fn bulk_input_reports_each_item_and_exits_by_the_failures() {
    let env = env_with_sources(3, 0).await;
    let file = env.path("create.ndjson");
    std::fs::write(
        &file,
        "s000/webhooks\n{\"name\": \"s001/webhooks\", \"enabled\": true, \"config\": {\"sharedSecret\": \"x\"}}\n\nghost/webhooks\ns002/webhooks\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let run = env.seg(&["-w", "demo", "destinations", "create", "--each", file, "--connection-mode", "cloud"]).await;
    assert_eq!(run.code, 1, "{}", run.stderr);
    let results = lines(&run);
    let oks: Vec<bool> = results.iter().map(|r| r["ok"].as_bool().unwrap()).collect();
    assert_eq!(oks, [true, true, false, true], "one line per item, in input order");
    assert_eq!(results[2]["name"], "workspaces/demo/sources/ghost/destinations/webhooks");
    assert_eq!(results[2]["error"]["exit_code"], 15);
    assert!(run.stderr.contains("failed: workspaces/demo/sources/ghost/destinations/webhooks"), "{}", run.stderr);
    let created = env.get("/v1beta/workspaces/demo/sources/s001/destinations/webhooks").await;
    assert_eq!(
        (created.json["enabled"].as_bool(), created.json["connection_mode"].as_str()),
        (Some(true), Some("CLOUD"))
    );
    // Each result carries the service's answer as it sent it; a failure has none.
    assert_eq!(results[1]["resource"], created.json, "{}", results[1]);
    assert!(results[2].get("resource").is_none() && results[0]["resource"]["name"].is_string());
    assert!(results[2]["error"]["code"].is_number() && results[2]["error"]["status"] == 404);
    // All failed alike: their common code.
    let run = env.seg(&["-w", "demo", "destinations", "create", "--each", file]).await;
    let codes: Vec<i64> = lines(&run).iter().map(|r| r["error"]["exit_code"].as_i64().unwrap()).collect();
    assert_eq!(codes, [16, 16, 15, 16]);
    assert_eq!(run.code, 1, "two different codes: 1");
    let names = env.path("names.txt");
    std::fs::write(&names, "s000/webhooks\ns001/webhooks\n").unwrap();
    let names = names.to_str().unwrap();
    let run = env.seg(&["-w", "demo", "destinations", "create", "--each", names]).await;
    assert_eq!(run.code, 16, "all failed alike: {}", run.stderr);
    // Enable, disable, update and delete take the same input; all succeeded: 0.
    env.seg(&["-w", "demo", "destinations", "disable", "--each", names]).await.code(0);
    let run = env.seg(&["-w", "demo", "destinations", "update", "--each", names, "--connection-mode", "device"]).await;
    assert!(lines(run.code(0)).iter().all(|r| r["ok"] == true));
    let updated = env.get("/v1beta/workspaces/demo/sources/s000/destinations/webhooks").await;
    assert_eq!(
        (updated.json["enabled"].as_bool(), updated.json["connection_mode"].as_str()),
        (Some(false), Some("DEVICE"))
    );
    env.seg(&["-w", "demo", "destinations", "delete", "--each", names]).await.code(2);
    env.seg(&["-w", "demo", "destinations", "delete", "--each", names, "--yes"]).await.code(0);
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/s000/destinations/webhooks").await.status, 404);
    // A bad line stops the run before anything is sent.
    env.clear_requests().await;
    std::fs::write(env.path("bad.ndjson"), "s000/webhooks\n{\"name\": \"s001/webhooks\", \"enabeld\": true}\n")
        .unwrap();
    let run =
        env.seg(&["-w", "demo", "destinations", "create", "--each", env.path("bad.ndjson").to_str().unwrap()]).await;
    assert!(run.code(2).stderr.contains("line 2: unknown key \"enabeld\""), "{}", run.stderr);
    assert!(env.requests().await.is_empty());
    // Sources take it too.
    std::fs::write(
        env.path("sources.txt"),
        "n1\n{\"name\": \"n2\", \"catalog\": \"ios\", \"labels\": {\"team\": \"a\"}}\n",
    )
    .unwrap();
    let run = env
        .seg(&[
            "-w",
            "demo",
            "sources",
            "create",
            "--each",
            env.path("sources.txt").to_str().unwrap(),
            "--catalog",
            "javascript",
        ])
        .await;
    assert_eq!(lines(run.code(0)).len(), 2);
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/n2").await.json["catalog_name"], "catalog/sources/ios");
    // Sources update with the flags of each line over the command's own; a missing one fails alone.
    std::fs::write(
        env.path("relabel.ndjson"),
        "n1
{\"name\": \"n2\", \"display_name\": \"Two\"}
ghost
",
    )
    .unwrap();
    let relabel = env.path("relabel.ndjson");
    let run =
        env.seg(&["-w", "demo", "sources", "update", "--each", relabel.to_str().unwrap(), "--label", "team=b"]).await;
    let results = lines(&run);
    assert_eq!(run.code, 1, "some failed, some did not: {}", run.stderr);
    assert_eq!(results.iter().map(|r| r["ok"] == true).collect::<Vec<_>>(), [true, true, false]);
    let two = env.get("/v1beta/workspaces/demo/sources/n2").await.json;
    assert_eq!((two["display_name"].as_str(), two["labels"]["team"].as_str()), (Some("Two"), Some("b")), "{two}");
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/n1").await.json["labels"]["team"], "b");
    // Destinations enable from stdin; sources delete asks for --yes, then deletes each.
    let s002 = "/v1beta/workspaces/demo/sources/s002/destinations/webhooks";
    env.seg(&["-w", "demo", "destinations", "disable", "s002/webhooks"]).await.code(0);
    let run = env
        .seg_stdin(
            &["-w", "demo", "destinations", "enable", "--each", "-"],
            &[("SEG_TOKEN", WRITE)],
            b"s002/webhooks\n",
        )
        .await;
    assert_eq!(lines(run.code(0))[0]["ok"], true);
    assert_eq!(env.get(s002).await.json["enabled"], true);
    std::fs::write(env.path("gone.txt"), "n1\nn2\n").unwrap();
    let gone = env.path("gone.txt");
    env.seg(&["-w", "demo", "sources", "delete", "--each", gone.to_str().unwrap()]).await.code(2);
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/n1").await.status, 200, "nothing deleted without --yes");
    let run = env.seg(&["-w", "demo", "sources", "delete", "--each", gone.to_str().unwrap(), "--yes"]).await;
    assert_eq!(lines(run.code(0)).len(), 2);
    for name in ["n1", "n2"] {
        assert_eq!(env.get(&format!("/v1beta/workspaces/demo/sources/{name}")).await.status, 404);
    }
}

#[tokio::test]
async fn every_destination_lists_concurrently_in_the_sources_order() {
    let env = env_with_sources(12, 0).await;
    for i in (0..12).step_by(2) {
        let body = json!({"destination": {"name": format!("workspaces/demo/sources/s{i:03}/destinations/webhooks")}});
        env.call("POST", &format!("/v1beta/workspaces/demo/sources/s{i:03}/destinations"), Some(body)).await.ok();
    }
    env.clear_requests().await;
    let run = env.seg(&["-w", "demo", "destinations", "list", "--all", "-o", "json"]).await;
    let names: Vec<String> =
        run.code(0).json().as_array().unwrap().iter().map(|d| d["parent"].as_str().unwrap().to_string()).collect();
    let want: Vec<String> = (0..12).step_by(2).map(|i| format!("workspaces/demo/sources/s{i:03}")).collect();
    assert_eq!(names, want);
    assert_eq!(env.requests().await.len(), 13, "one list of sources, one list per source: the least the API allows");
    let run = env.seg(&["-w", "demo", "destinations", "list", "--limit", "2", "-o", "json"]).await;
    assert_eq!(run.code(0).json().as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn every_plans_connections_and_every_destinations_filters_list_in_order() {
    let env = env_with_sources(4, 0).await;
    let mut plans = Vec::new();
    for (plan, sources) in [("P1", &[1, 3][..]), ("P2", &[][..]), ("P3", &[0][..])] {
        let body = json!({"tracking_plan": {"display_name": plan}});
        let created = env.call("POST", "/v1beta/workspaces/demo/tracking-plans", Some(body)).await;
        let name = created.ok()["name"].as_str().unwrap().to_string();
        for i in sources {
            let body = json!({"source_name": format!("workspaces/demo/sources/s{i:03}")});
            env.call("POST", &format!("/v1beta/{name}/source-connections"), Some(body)).await.ok();
        }
        plans.push(name);
    }
    let mut filters = Vec::new();
    for i in [2, 0, 3] {
        let destination = format!("workspaces/demo/sources/s{i:03}/destinations/webhooks");
        let body = json!({"destination": {"name": destination}});
        env.call("POST", &format!("/v1beta/workspaces/demo/sources/s{i:03}/destinations"), Some(body)).await.ok();
        for title in ["a", "b"] {
            let body = json!({"filter": {"title": format!("{i}{title}"), "if": "all", "enabled": true,
                                         "actions": [{"type": "drop_event"}]}});
            env.call("POST", &format!("/v1beta/{destination}/filters"), Some(body)).await.ok();
            filters.push(format!("{i}{title}"));
        }
    }
    env.clear_requests().await;
    // Connections: in the plans' order, one list of plans and one list per plan.
    let run = env.seg(&["-w", "demo", "tracking-plans", "connections", "list", "--all", "-o", "json"]).await;
    let listed = run.code(0).json();
    let sources =
        listed.as_array().unwrap().iter().map(|c| c["source_name"].as_str().unwrap().rsplit('/').next().unwrap());
    let sources: Vec<&str> = sources.collect();
    assert_eq!(sources, ["s001", "s003", "s000"]);
    assert_eq!(env.requests().await.len(), 1 + plans.len());
    let run = env.seg(&["-w", "demo", "tracking-plans", "connections", "list", "--all", "--limit", "1", "-o", "json"]);
    assert_eq!(run.await.code(0).json().as_array().unwrap().len(), 1);
    // Filters: sources, then each source's destinations, then each destination's filters, in the service's order.
    env.clear_requests().await;
    let run = env.seg(&["-w", "demo", "destinations", "filters", "list", "--all", "-o", "json"]).await;
    let listed = run.code(0).json();
    let titles: Vec<&str> = listed.as_array().unwrap().iter().map(|f| f["title"].as_str().unwrap()).collect();
    let mut want = filters.clone();
    want.sort();
    assert_eq!(titles, want, "sources in order, each destination's filters in order");
    assert_eq!(env.requests().await.len(), 1 + 4 + 3, "one list of sources, one per source, one per destination");
    let run = env.seg(&["-w", "demo", "destinations", "filters", "list", "--all", "-o", "table"]).await;
    let first = run.code(0).stdout.lines().nth(1).unwrap().split_whitespace().collect::<Vec<_>>();
    assert_eq!((first[0], first[2]), ("s000/webhooks", "0a"), "{}", run.stdout);
    let run = env.seg(&["-w", "demo", "destinations", "filters", "list", "--all", "--limit", "3", "-o", "ndjson"]);
    assert_eq!(run.await.code(0).stdout.lines().count(), 3);
    // Paging belongs to one collection; --all and a destination exclude each other. Refused before any request.
    env.clear_requests().await;
    for args in [
        vec!["tracking-plans", "connections", "list", "--all", "--no-paginate"],
        vec!["destinations", "filters", "list", "--all", "--page-token", "x"],
        vec!["destinations", "filters", "list", "--all", "s000/webhooks"],
        vec!["destinations", "filters", "list"],
    ] {
        let run = env.seg(&[&["-w", "demo"][..], &args].concat()).await;
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
    }
    let sent = env.requests().await;
    assert!(sent.is_empty(), "{sent:?}");
}

/// Four processes on one token: together they stay within one budget (a burst, then one request per interval),
/// so the emulator, allowing a little more than that, never answers 429. With a budget each, they would.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parallel_processes_share_one_budget() {
    let _one_at_a_time = crate::support::LIMITED.lock().await;
    // The emulator allows 11 at once and then one every 5.5 s; the clients' budget is 10 at once and one every 6 s.
    // They read with the read token, whose budget at the emulator the setup's writes did not touch.
    let env = env_with_sources(3, 11).await;
    let each = |runtime: &str| {
        let cmd = env.command(
            &[
                "api",
                "GET",
                "workspaces/demo/sources",
                "-f",
                "page_size=1",
                "--paginate",
                "--rate-limit",
                "10",
                "--max-retries",
                "0",
            ],
            &[("SEG_TOKEN", READ), ("SEG_RATE_LIMIT", "10"), ("SEG_RUNTIME_DIR", runtime)],
        );
        crate::support::run_with_stdin(cmd, b"")
    };
    let shared = env.path("shared-runtime");
    let shared = shared.to_str().unwrap().to_string();
    let runs = futures_util::future::join_all((0..4).map(|_| each(&shared))).await;
    for run in &runs {
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(!run.stderr.contains("retrying") && !run.stderr.contains("code 8"), "{}", run.stderr);
        assert_eq!(run.json().as_array().unwrap().len(), 3);
    }
    // The control: four budgets of their own overrun the service at once.
    let env = env_with_sources(3, 11).await;
    let apart: Vec<String> = (0..4).map(|i| env.path(&format!("runtime-{i}")).to_str().unwrap().to_string()).collect();
    let each = |runtime: &str| {
        let cmd = env.command(
            &["api", "GET", "workspaces/demo/sources", "-f", "page_size=1", "--paginate", "--max-retries", "0"],
            &[("SEG_TOKEN", READ), ("SEG_RATE_LIMIT", "10"), ("SEG_RUNTIME_DIR", runtime)],
        );
        crate::support::run_with_stdin(cmd, b"")
    };
    let runs = futures_util::future::join_all(apart.iter().map(|r| each(r))).await;
    assert!(runs.iter().any(|run| run.code == 18), "without sharing, the service's limit is met");
}

/// A process that dies holding the budget's lock does not block the others: the OS drops its lock.
#[cfg(target_os = "linux")]
#[tokio::test]
async fn a_killed_process_does_not_block_the_budget() {
    if std::process::Command::new("flock").arg("--version").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "flock (util-linux) is needed in CI");
        return;
    }
    let env = env_with_sources(30, 0).await;
    let runtime = env.path("runtime");
    let vars = [("SEG_TOKEN", WRITE), ("SEG_RATE_LIMIT", "600"), ("SEG_RUNTIME_DIR", runtime.to_str().unwrap())];
    env.seg_with(&["workspaces", "list"], &vars).await.code(0);
    let budget = std::fs::read_dir(&runtime).unwrap().next().unwrap().unwrap().path();
    // Another process takes the lock and hangs; then it is killed.
    let mut holder =
        std::process::Command::new("flock").arg("--no-fork").arg(&budget).args(["sleep", "600"]).spawn().unwrap();
    let waiting = tokio::spawn({
        let cmd = env.command(&["workspaces", "list"], &vars);
        crate::support::run_with_stdin(cmd, b"")
    });
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(!waiting.is_finished(), "the budget's lock is held");
    holder.kill().unwrap();
    holder.wait().unwrap();
    let run = tokio::time::timeout(std::time::Duration::from_secs(30), waiting).await.unwrap().unwrap();
    run.code(0);
    // seg processes killed (SIGKILL) while they draw from the budget, waiting for their slots: the next process on
    // the token still gets through, after at most the slots they had reserved.
    let vars = [("SEG_TOKEN", WRITE), ("SEG_RATE_LIMIT", "120"), ("SEG_RUNTIME_DIR", runtime.to_str().unwrap())];
    let mut doomed: Vec<tokio::process::Child> = (0..4)
        .map(|_| {
            let mut cmd = env.command(&["-w", "demo", "sources", "list", "--page-size", "1", "-o", "ndjson"], &vars);
            cmd.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null());
            cmd.spawn().unwrap()
        })
        .collect();
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    for child in &mut doomed {
        child.start_kill().unwrap();
        assert!(!child.wait().await.unwrap().success(), "killed, not finished");
    }
    let run = env.command(&["workspaces", "list"], &vars);
    let run = tokio::time::timeout(std::time::Duration::from_secs(30), crate::support::run_with_stdin(run, b""));
    run.await.expect("the budget is not left locked").code(0);
}

#[tokio::test]
async fn a_rejected_each_line_is_named_by_its_number_before_anything_is_sent() {
    let env = env_with_sources(2, 0).await;
    env.clear_requests().await;
    for (args, text) in [
        (vec!["destinations", "create", "--each", "-"], "s000/webhooks\n\n{\"name\": \"a/b/c/d\"}\n"),
        (vec!["sources", "delete", "--each", "-", "--yes"], "s000\nbad name\n"),
        (vec!["destinations", "enable", "--each", "-"], "s000/webhooks\ns001/webhooks\nx/y/z\n"),
    ] {
        let all: Vec<&str> = [&["-w", "demo"][..], &args].concat();
        let run = env.seg_stdin(&all, &[("SEG_TOKEN", WRITE)], text.as_bytes()).await;
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        let line = text.lines().count();
        assert!(run.stderr.contains(&format!("stdin line {line}:")), "{args:?}: {}", run.stderr);
    }
    assert!(env.requests().await.is_empty(), "a request was sent");
}

#[tokio::test]
async fn set_and_clear_change_one_label_and_keep_the_others() {
    let env = env_with_sources(1, 0).await;
    env.seg(&["-w", "demo", "sources", "update", "s000", "--label", "a=1", "--label", "b=2"]).await.code(0);
    env.seg(&["-w", "demo", "sources", "update", "s000", "--set", "labels.b=3", "--set", "labels.c=x"]).await.code(0);
    let labels = || async { env.get("/v1beta/workspaces/demo/sources/s000").await.json["labels"].clone() };
    assert_eq!(labels().await, json!({"a": "1", "b": "3", "c": "x"}));
    env.clear_requests().await;
    let run = env.seg(&["-w", "demo", "sources", "patch", "s000", "--clear", "labels.a", "--dry-run"]).await;
    let sent: Value = serde_json::from_str(run.code(0).stdout.trim()).unwrap();
    assert_eq!(
        sent["body"],
        json!({"source": {"labels": {"b": "3", "c": "x"}}, "update_mask": {"paths": ["source.labels"]}})
    );
    env.seg(&["-w", "demo", "sources", "patch", "s000", "--clear", "labels.a"]).await.code(0);
    assert_eq!(labels().await, json!({"b": "3", "c": "x"}));
}
