//! docs/reference/coverage.md, generated here and checked in: this fails when the file differs from what it
//! generates (`UPDATE_GENERATED=1 cargo test --test it coverage` rewrites it). Every operation of the official SDK's
//! two tables (`seg::wire::operations`, from docs/reference/sdk47-operations.tsv and sdk73-operations.tsv), whether
//! the official Terraform provider calls it (docs/reference/terraform-operations.txt), whether `seg serve` serves it
//! (the operations of the document it serves, `GET /openapi-public.json`, which a lib test proves equal to its
//! route table; every other one answers the 404 naming it, checked here for each) and which `seg` command reaches
//! it: measured, by running each case of every leaf of the command tree (tests/it/commands.rs) on the Public API
//! against a fresh world and reading the requests the emulator logged. Nothing here names an operation or a
//! command: new routes and new commands show up when the file is regenerated.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::Value;

use crate::commands::{Case, Expect, cases, world};
use crate::support::{TestEnv, WRITE};
use seg::emulator::EmulatorOptions;
use seg::wire::operations::{OPERATIONS, Operation};

const FILE: &str = "docs/reference/coverage.md";

/// The operations `seg serve` serves: those of the document it serves.
async fn served(env: &TestEnv) -> BTreeSet<String> {
    let doc = env.raw("GET", "/openapi-public.json", None, None).await.json;
    let paths = doc["paths"].as_object().expect("the document has paths");
    let ops = paths.values().filter_map(Value::as_object).flat_map(|item| item.values());
    ops.filter_map(|op| op["operationId"].as_str().map(String::from)).collect()
}

/// A path of a template, each placeholder a made-up id.
fn concrete(template: &str) -> String {
    template.split('/').map(|s| if s.starts_with('{') { "x1" } else { s }).collect::<Vec<_>>().join("/")
}

/// The operations a request is (renamed operations share a template, so one request may be two), by the emulator's
/// request log's `method` and `uri`.
fn operations_of(request: &Value) -> Vec<&'static Operation> {
    let (Some(method), Some(uri)) = (request["method"].as_str(), request["uri"].as_str()) else { return Vec::new() };
    let Some(found) = seg::wire::operations::of(method, uri) else { return Vec::new() };
    OPERATIONS.iter().filter(|op| op.method == found.method && op.path == found.path).collect()
}

/// Each operation a typed command reaches, with the leaves that reach it. Each case runs live, with the Public API,
/// in a world of its own (`commands::world`, with one more source that has no destination yet, where a
/// destination can be created). The leaves `seg api` (the way to any operation) and those that serve are left out.
async fn reached() -> BTreeMap<&'static str, BTreeSet<String>> {
    let mut reached: BTreeMap<&'static str, BTreeSet<String>> = BTreeMap::new();
    let probe = world().await;
    let count = cases(probe.0.home.path(), &probe.1, &probe.3, &probe.4).len();
    drop(probe);
    for index in 0..count {
        let (env, hook, _received, plan, regulation) = world().await;
        env.create_source("demo", "app").await.ok();
        let (leaf, case) = cases(env.home.path(), &hook, &plan, &regulation).swap_remove(index);
        let Case { args, stdin, expect } = case;
        if leaf == "api" || matches!(expect, Expect::Serves | Expect::Refuses) {
            continue;
        }
        let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
        // A dry-run case that stops at a destination the source has (`destinations create`): the source without one.
        if leaf == "destinations create" {
            args = args.into_iter().map(|a| if a.starts_with("web/") { "app/webhooks" } else { a }).collect();
        }
        // Run for real: a delete (and `apply`) asks first, and without a terminal needs `--yes`.
        if !args.contains(&"--yes") {
            args.push("--yes");
        }
        env.clear_requests().await;
        env.seg_stdin(&args, &[("SEG_TOKEN", WRITE), ("SEG_API", "public")], &stdin).await;
        for request in env.requests().await {
            for op in operations_of(&request) {
                reached.entry(op.operation).or_default().insert(leaf.clone());
            }
        }
    }
    reached
}

/// The operationIds the Terraform provider calls (`WarehousesAPI.CreateWarehouse` is `createWarehouse`).
fn terraform() -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/reference/terraform-operations.txt");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|line| line.trim().split_once('.'))
        .map(|(_, op)| {
            let mut chars = op.chars();
            chars.next().map(|c| c.to_ascii_lowercase().to_string() + chars.as_str()).unwrap_or_default()
        })
        .collect()
}

/// The command to show for an operation: the leaf reaching the fewest operations (the most direct), with how many
/// others reach it too; `seg api` when none does.
fn command(leaves: Option<&BTreeSet<String>>, breadth: &BTreeMap<String, usize>) -> String {
    let Some(leaves) = leaves.filter(|l| !l.is_empty()) else { return "`seg api`".into() };
    let first = leaves.iter().min_by_key(|leaf| (breadth.get(*leaf).copied().unwrap_or(0), leaf.as_str())).unwrap();
    match leaves.len() - 1 {
        0 => format!("`seg {first}`"),
        more => format!("`seg {first}` (+{more})"),
    }
}

fn render(served: &BTreeSet<String>, reached: &BTreeMap<&'static str, BTreeSet<String>>) -> String {
    let terraform = terraform();
    let known: BTreeSet<&str> = OPERATIONS.iter().map(|op| op.operation).collect();
    let unknown: Vec<&String> = terraform.iter().filter(|op| !known.contains(op.as_str())).collect();
    assert!(unknown.is_empty(), "Terraform calls operations neither SDK table has: {unknown:?}");
    let typed = |op: &str| reached.get(op).is_some_and(|l| !l.is_empty());
    let mut breadth: BTreeMap<String, usize> = BTreeMap::new();
    for leaves in reached.values() {
        for leaf in leaves {
            *breadth.entry(leaf.clone()).or_default() += 1;
        }
    }
    let count = |keep: &dyn Fn(&Operation) -> bool| OPERATIONS.iter().filter(|op| keep(op)).count();
    let is_served = |op: &Operation| served.contains(op.operation);
    let is_tf = |op: &Operation| terraform.contains(op.operation);
    let mut out = String::from(
        "# Coverage of the Public API\n\n\
         Which operations of the Public API `seg serve` serves and which `seg` command reaches each, for every \
         operation\nof the official TypeScript SDK at the version seg pins (47.0.0-b8398: \
         [sdk47-operations.tsv](sdk47-operations.tsv)) and at\nthe SDK repository's current one (73: \
         [sdk73-operations.tsv](sdk73-operations.tsv)), and whether the official Terraform provider\ncalls it \
         ([terraform-operations.txt](terraform-operations.txt)). An operation `seg serve` does not serve answers \
         404\n`not-found` naming it and this page (docs/reference/public-api.md, \"Errors\").\n\n\
         Generated by `tests/it/coverage.rs`, which fails when this file is stale; regenerate it with\n\
         `UPDATE_GENERATED=1 cargo test --test it coverage`. Nothing in it is declared by hand:\n\
         - **seg serve**: the operations of the document the emulator serves (`GET /openapi-public.json`), which a \
         test\n  proves equal to its route table; the test also asks the emulator for every other one and checks \
         its 404.\n\
         - **seg command**: measured. Each case of every leaf of the command tree (`tests/it/commands.rs`, the \
         cases of\n  `tests/it/dry_run.rs`) runs on the Public API (`SEG_API=public`) against a fresh emulator, \
         and the requests the\n  emulator logged are mapped to operations by method and path. The command shown \
         is the most direct one (the\n  leaf reaching the fewest operations), `(+N)` how many others reach it too.\n\
         - Every operation, served or not, is reachable with `seg api` (docs/reference/commands.md): \
         `seg api --api public\n  GET /warehouses/wh_1` sends the request as given, to the Public API.\n\n",
    );
    let line = |label: &str, keep: &dyn Fn(&Operation) -> bool| {
        let all = count(keep);
        let served = count(&|op| keep(op) && is_served(op));
        let typed = count(&|op| keep(op) && typed(op.operation));
        format!("| {label} | {all} | {served} | {typed} |\n")
    };
    out.push_str("| operations | of them | served by `seg serve` | reached by a typed command |\n|---|--:|--:|--:|\n");
    out.push_str(&line("SDK 47.0.0-b8398 (pinned)", &|op| op.sdk47));
    out.push_str(&line("SDK 73 (current)", &|op| op.sdk73));
    out.push_str(&line("called by Terraform", &|op| is_tf(op)));
    let mut classes: BTreeMap<&str, Vec<&Operation>> = BTreeMap::new();
    for op in OPERATIONS {
        classes.entry(op.class).or_default().push(op);
    }
    for (class, mut ops) in classes {
        ops.sort_by_key(|op| (op.path, op.method, op.operation));
        let served_here = ops.iter().filter(|op| is_served(op)).count();
        out.push_str(&format!("\n## {class}\n{served_here} of {} served.\n\n", ops.len()));
        out.push_str("| operation | method and path | SDK | Terraform | seg serve | seg command |\n");
        out.push_str("|---|---|---|---|---|---|\n");
        for op in ops {
            let sdk = match (op.sdk47, op.sdk73) {
                (true, true) => "47, 73",
                (true, false) => "47",
                _ => "73",
            };
            out.push_str(&format!(
                "| {} | `{} {}` | {sdk} | {} | {} | {} |\n",
                op.operation,
                op.method,
                op.path,
                if is_tf(op) { "yes" } else { "" },
                if is_served(op) { "served" } else { "" },
                command(reached.get(op.operation), &breadth),
            ));
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_coverage_table_is_current() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    let served = served(&env).await;
    assert!(served.len() > 50, "{served:?}");
    for op in OPERATIONS {
        let answer = env.raw(op.method, &concrete(op.path), Some(WRITE), None).await;
        let message = answer.json["errors"][0]["message"].as_str().unwrap_or_default().to_string();
        let unserved = format!("seg serve does not serve {} ({} {}): see {FILE}", op.operation, op.method, op.path);
        let renamed =
            OPERATIONS.iter().any(|o| o.operation != op.operation && o.path == op.path && o.method == op.method);
        if served.contains(op.operation) {
            assert!(!message.starts_with("seg serve does not serve"), "{} is served: {message}", op.operation);
        } else if !renamed {
            assert_eq!((answer.status, message.as_str()), (404, unserved.as_str()), "{}", op.operation);
        } else {
            assert_eq!(answer.status, 404, "{}", op.operation);
        }
    }
    let reached = reached().await;
    let text = render(&served, &reached);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE);
    if std::env::var_os("UPDATE_GENERATED").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(on_disk == text, "{FILE} is stale: run UPDATE_GENERATED=1 cargo test --test it coverage");
}

/// An operation of the SDK the emulator does not serve is a 404 in the API's shape naming it and the coverage
/// table; an unknown path keeps its message; a served operation at a method it lacks names that operation.
#[tokio::test]
async fn an_unserved_operation_is_named_by_its_404() {
    let env = TestEnv::start().await;
    let served = served(&env).await;
    let unserved = OPERATIONS.iter().find(|op| !served.contains(op.operation) && !op.path.contains('{')).unwrap();
    let answer = env.raw(unserved.method, unserved.path, Some(WRITE), None).await;
    assert_eq!(answer.status, 404);
    let expected = format!(
        "seg serve does not serve {} ({} {}): see docs/reference/coverage.md",
        unserved.operation, unserved.method, unserved.path
    );
    let body = serde_json::json!({"errors": [{"type": "not-found", "message": expected, "status": 404}]});
    assert_eq!(answer.json, body);
    let answer = env.raw("GET", "/no/such/thing", Some(WRITE), None).await;
    assert_eq!(answer.status, 404);
    assert_eq!(answer.json["errors"][0]["message"], "no such operation: GET /no/such/thing");
    // A read token is told the same: the operation is not served, whatever the token may do.
    let answer = env.raw(unserved.method, unserved.path, Some(crate::support::READ), None).await;
    assert_eq!(answer.status, 404);
    // No token: 401 first, as for every path of the Public API.
    assert_eq!(env.raw(unserved.method, unserved.path, None, None).await.status, 401);
}
