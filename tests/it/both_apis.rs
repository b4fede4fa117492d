//! Every resource command, the same table on both APIs (docs/MOVING-TO-PUBLIC-API.md; docs/reference/output.md): each
//! step runs with `--api config` and `--api public` against `seg serve`, and must exit alike and print the same names (`-o name`: the names the tables
//! show and the commands accept), ids aside. A resource command with no step here fails the test, so a new one is
//! run on both APIs from the day it exists.

use std::collections::BTreeSet;

use crate::support::{Run, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

/// One step: the arguments (`{plan}`, `{filter}`: ids an earlier step printed, on the API in use), the exit code,
/// and the id to take from what it printed (the last segment of its first line).
struct Step {
    args: &'static [&'static str],
    code: i32,
    takes: Option<&'static str>,
}

const fn step(args: &'static [&'static str]) -> Step {
    Step { args, code: 0, takes: None }
}

const HOOKS: &str = r#"hooks=[{"hook":"https://example.com/in"}]"#;

const STEPS: &[Step] = &[
    step(&["workspaces", "list"]),
    step(&["workspaces", "get", "demo"]),
    step(&["catalog", "sources", "list", "--limit", "2"]),
    step(&["catalog", "sources", "get", "javascript"]),
    step(&["catalog", "destinations", "list", "--limit", "2"]),
    step(&["catalog", "destinations", "get", "webhooks"]),
    step(&["sources", "create", "web", "--catalog", "javascript", "--display-name", "Web"]),
    step(&["sources", "create", "ios", "--catalog", "ios"]),
    step(&["sources", "list"]),
    step(&["sources", "get", "web"]),
    step(&["sources", "update", "web", "--display-name", "Web site"]),
    step(&["sources", "patch", "web", "--set", "display_name=Web"]),
    step(&["sources", "schema-config", "get", "web"]),
    step(&["sources", "schema-config", "update", "web", "--set", "allow_unplanned_track_events=false"]),
    step(&["sources", "schema-config", "patch", "web", "--set", "allow_unplanned_track_events=true"]),
    step(&["destinations", "create", "web/webhooks", "--enabled", "--config", HOOKS]),
    step(&["destinations", "list", "--source", "web"]),
    step(&["destinations", "get", "web/webhooks"]),
    step(&["destinations", "update", "web/webhooks", "--enabled=false"]),
    step(&["destinations", "patch", "web/webhooks", "--enabled"]),
    step(&["destinations", "disable", "web/webhooks"]),
    step(&["destinations", "enable", "web/webhooks"]),
    Step {
        args: &["destinations", "filters", "create", "web/webhooks", "--title", "T", "--if", "all", "--action", "drop"],
        code: 0,
        takes: Some("{filter}"),
    },
    step(&["destinations", "filters", "list", "web/webhooks"]),
    step(&["destinations", "filters", "get", "web/webhooks", "{filter}"]),
    step(&["destinations", "filters", "update", "web/webhooks", "{filter}", "--title", "T2"]),
    step(&["destinations", "filters", "patch", "web/webhooks", "{filter}", "--disabled"]),
    step(&["destinations", "filters", "delete", "web/webhooks", "{filter}", "--yes"]),
    Step { args: &["tracking-plans", "create", "--display-name", "Main plan"], code: 0, takes: Some("{plan}") },
    step(&["tracking-plans", "list"]),
    step(&["tracking-plans", "get", "{plan}"]),
    step(&["tracking-plans", "update", "{plan}", "--display-name", "Main"]),
    step(&["tracking-plans", "connections", "add", "{plan}", "web"]),
    step(&["tracking-plans", "connections", "list", "{plan}"]),
    step(&["tracking-plans", "connections", "remove", "{plan}", "web"]),
    step(&["tracking-plans", "delete", "{plan}", "--yes"]),
    Step { args: &["regulations", "create", "--user-id", "u-1", "--yes"], code: 0, takes: Some("{regulation}") },
    step(&["regulations", "list"]),
    step(&["regulations", "get", "{regulation}"]),
    // A regulation's id is the service's; one that does not exist is the same error on both.
    Step { args: &["regulations", "get", "nosuchregulation"], code: 15, takes: None },
    step(&["destinations", "delete", "web/webhooks", "--yes"]),
    step(&["sources", "delete", "ios", "--yes"]),
    step(&["sources", "delete", "web", "--yes"]),
    Step { args: &["sources", "get", "web"], code: 15, takes: None },
];

/// What each step printed on one API, its ids replaced by their placeholders.
async fn run_all(api: &str) -> Vec<(String, i32, String)> {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..Default::default() }).await;
    let vars = [("SEG_TOKEN", WRITE), ("SEG_API", api), ("SEG_WORKSPACE", "demo")];
    let mut ids: Vec<(&str, String)> = Vec::new();
    let mut out = Vec::new();
    for step in STEPS {
        let args: Vec<String> = step
            .args
            .iter()
            .map(|arg| ids.iter().fold(arg.to_string(), |arg, (placeholder, id)| arg.replace(placeholder, id)))
            .chain(["-o".to_string(), "name".to_string()])
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run: Run = env.seg_with(&args, &vars).await;
        assert_eq!(
            run.code,
            step.code,
            "{api}: seg {}\nstdout: {}\nstderr: {}",
            args.join(" "),
            run.stdout,
            run.stderr
        );
        if let Some(placeholder) = step.takes {
            let id = run.stdout.lines().next().and_then(|l| l.rsplit('/').next()).unwrap_or_default().to_string();
            assert!(!id.is_empty(), "{api}: seg {} printed no name", args.join(" "));
            ids.push((placeholder, id));
        }
        // What succeeded names what it read or changed (a delete and a removal too: what is gone).
        assert!(run.code != 0 || !run.stdout.trim().is_empty(), "{api}: seg {} printed no name", args.join(" "));
        let shown = ids.iter().fold(run.stdout.clone(), |text, (placeholder, id)| text.replace(id, placeholder));
        out.push((step.args.join(" "), run.code, shown));
    }
    out
}

#[tokio::test]
async fn every_resource_command_does_the_same_on_both_apis() {
    let config = run_all("config").await;
    let public = run_all("public").await;
    for (config, public) in config.iter().zip(&public) {
        assert_eq!(config, public, "the same step printed differently on the two APIs");
    }
}

#[test]
fn every_resource_command_has_a_step() {
    use clap::CommandFactory;
    let mut leaves = Vec::new();
    crate::support::leaves(&seg::cli::Cli::command(), &mut Vec::new(), &mut leaves);
    let nouns = ["workspaces", "catalog", "sources", "destinations", "tracking-plans", "regulations"];
    let stepped: BTreeSet<String> = STEPS
        .iter()
        .map(|s| {
            s.args
                .iter()
                .take_while(|a| a.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
                .cloned()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let missing: Vec<&String> = leaves
        .iter()
        .filter(|leaf| nouns.iter().any(|noun| leaf.starts_with(&format!("{noun} "))))
        // Resources of the Public API alone (refused on the Config API before any request, below):
        // tests/it/mappings.rs, tests/it/nouns.rs.
        .filter(|leaf| !crate::dry_run::public_only(leaf))
        .filter(|leaf| !stepped.iter().any(|s| s == *leaf || s.starts_with(&format!("{leaf} "))))
        .collect();
    assert!(missing.is_empty(), "resource commands with no step on both APIs: {missing:?}");
}

/// What only the Public API holds (mappings, and its own resources: warehouses, ...): on the Config API every such
/// command, run for real, is a usage error that says so, before any request; on the Public API each runs
/// (tests/it/commands.rs's cases, tests/it/nouns.rs).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_only_the_public_api_holds_is_refused_on_the_config_api_before_any_request() {
    let (env, hook, _received, plan, regulation) = crate::commands::world().await;
    let cases = crate::commands::cases(env.home.path(), &hook, &plan, &regulation);
    let mut refused = 0;
    for (leaf, case) in cases.iter().filter(|(leaf, _)| crate::dry_run::public_only(leaf)) {
        let mut args: Vec<&str> = case.args.iter().map(String::as_str).collect();
        args.push("--yes");
        env.clear_requests().await;
        let run = env.seg_stdin(&args, &[("SEG_TOKEN", WRITE), ("SEG_API", "config")], &case.stdin).await;
        let said = format!("{leaf}: {args:?}\nstdout: {}\nstderr: {}", run.stdout, run.stderr);
        assert_eq!(run.code, 2, "{said}");
        assert!(run.stdout.is_empty() && run.stderr.contains("Public API"), "{said}");
        assert!(env.requests().await.is_empty(), "refused before any request: {said}");
        refused += 1;
    }
    assert!(refused > 10, "{refused}");
}
