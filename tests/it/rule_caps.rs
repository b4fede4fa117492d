//! The Public API's 200-rule caps on a tracking plan's rules (issue 38): the emulator refuses a replace or an upsert
//! of more than 200 rules, and a replace onto a plan holding more than 200, with the service's 400 and nothing
//! stored; `seg` never sends such a call: a plan of hundreds of rules is written in upserts and removals of at most
//! 200 (and removals of at most 8 KiB of query), only what changes, and `diff`'s `requests` counts those calls.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::code::{write_file, writes};
use crate::support::{Answer, Run, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

const REPLACE_CAP: &str = "Can not replace more than 200 existing rules. Please use DELETE and PATCH methods";
const UPSERT_CAP: &str = "Can not upsert more than 200 rules per call";

async fn empty() -> TestEnv {
    TestEnv::with(EmulatorOptions { workspaces: vec!["acme".into()], rate_limit: 0, ..Default::default() }).await
}

/// `seg ARGS` on the Public API with the write token.
async fn public(env: &TestEnv, args: &[&str]) -> Run {
    env.seg_with(args, &[("SEG_TOKEN", WRITE), ("SEG_API", "public")]).await
}

/// `n` Public API rules, TRACK `{prefix} {i}`.
fn public_rules(prefix: &str, n: usize) -> Value {
    (0..n).map(|i| json!({"type": "TRACK", "key": format!("{prefix} {i}"), "version": 1, "jsonSchema": {}})).collect()
}

/// A plan's rules as the Public API lists them, page after page.
async fn held(env: &TestEnv, id: &str) -> Vec<Value> {
    let mut rules = Vec::new();
    let mut cursor = String::new();
    loop {
        let mut path = format!("/tracking-plans/{id}/rules?pagination%5Bcount%5D=200");
        if !cursor.is_empty() {
            path.push_str(&format!("&pagination%5Bcursor%5D={cursor}"));
        }
        let answer = env.get(&path).await;
        let data = &answer.ok()["data"];
        rules.extend(data["rules"].as_array().unwrap().iter().cloned());
        match data["pagination"]["next"].as_str() {
            Some(next) if !next.is_empty() => {
                cursor = next
                    .bytes()
                    .map(|b| if b.is_ascii_alphanumeric() { char::from(b).to_string() } else { format!("%{b:02X}") })
                    .collect();
            }
            _ => return rules,
        }
    }
}

#[track_caller]
fn capped(answer: &Answer, message: &str) {
    assert_eq!(answer.status, 400, "{}", answer.text);
    assert_eq!(answer.json, json!({"errors": [{"type": "bad-request", "message": message}]}), "{}", answer.text);
}

#[tokio::test]
async fn the_emulator_refuses_what_the_service_refuses_and_stores_nothing() {
    let env = empty().await;
    let plan = env.call("POST", "/tracking-plans", Some(json!({"name": "Capped", "type": "LIVE"}))).await;
    let id = plan.ok()["data"]["trackingPlan"]["id"].as_str().unwrap().to_string();
    let rules = format!("/tracking-plans/{id}/rules");
    // A replace of 201 rules: refused, nothing stored.
    capped(&env.call("PUT", &rules, Some(json!({"rules": public_rules("A", 201)}))).await, REPLACE_CAP);
    assert_eq!(held(&env, &id).await.len(), 0);
    // An upsert of 201: refused.
    capped(&env.call("PATCH", &rules, Some(json!({"rules": public_rules("A", 201)}))).await, UPSERT_CAP);
    assert_eq!(held(&env, &id).await.len(), 0);
    // 200 exactly, either way: taken.
    env.call("PUT", &rules, Some(json!({"rules": public_rules("A", 200)}))).await.ok();
    assert_eq!(held(&env, &id).await.len(), 200);
    env.call("PATCH", &rules, Some(json!({"rules": public_rules("B", 200)}))).await.ok();
    let before = held(&env, &id).await;
    assert_eq!(before.len(), 400);
    // A replace onto a plan holding more than 200, however few it brings: refused, the plan unchanged.
    capped(&env.call("PUT", &rules, Some(json!({"rules": public_rules("C", 1)}))).await, REPLACE_CAP);
    capped(&env.call("PUT", &rules, Some(json!({"rules": []}))).await, REPLACE_CAP);
    assert_eq!(held(&env, &id).await, before);
    // Nothing else is capped: removals by query, and a plan of thousands.
    for calls in [0..50, 50..100, 100..150] {
        let removal: Vec<String> = calls
            .map(|i| {
                format!("rules%5B{i}%5D%5Btype%5D=TRACK&rules%5B{i}%5D%5Bkey%5D=A+{i}&rules%5B{i}%5D%5Bversion%5D=1")
            })
            .collect();
        env.call("DELETE", &format!("{rules}?{}", removal.join("&")), None).await.ok();
    }
    assert_eq!(held(&env, &id).await.len(), 250);
    for chunk in 0..10 {
        env.call("PATCH", &rules, Some(json!({"rules": public_rules(&format!("D{chunk}"), 200)}))).await.ok();
    }
    assert_eq!(held(&env, &id).await.len(), 2250);
}

/// `{"events": [...]}`: a rules object of TRACK events `Event 0..n` (Config API shape, as files and `--rules` hold
/// them), each with a schema naming its number.
fn events(range: std::ops::Range<usize>, tag: &str) -> Vec<Value> {
    range
        .map(|i| {
            json!({"name": format!("Event {i:03}"),
                   "rules": {"type": "object", "properties": {"properties": {"type": "object",
                             "properties": {"n": {"const": i}, "tag": {"const": tag}}}}}})
        })
        .collect()
}

fn file(events: &[Value]) -> String {
    json!({"format": "seg/1", "workspace": "acme",
           "tracking_plans": {"Big": {"rules": {"events": events}, "sources": []}}})
    .to_string()
}

/// What each rule write carried: its method, the number of rules (body or query), the query's length.
fn rule_writes(sent: &[(String, String, Value)]) -> Vec<(String, usize, usize)> {
    sent.iter()
        .filter(|(_, uri, _)| uri.split('?').next().unwrap().ends_with("/rules"))
        .map(|(method, uri, body)| {
            let query = uri.split_once('?').map_or("", |(_, q)| q);
            let rules = match method.as_str() {
                "DELETE" => query.split('&').filter(|p| p.contains("%5Btype%5D=")).count(),
                _ => body["rules"].as_array().unwrap().len(),
            };
            (method.clone(), rules, query.len())
        })
        .collect()
}

/// `diff` finds nothing, and `apply` sends nothing.
async fn settled(env: &TestEnv, path: &str, why: &str) {
    let run = public(env, &["diff", "--file", path, "-o", "json"]).await;
    let plan = run.json();
    assert_eq!((run.code, &plan["changes"], &plan["requests"]), (0, &json!([]), &json!(0)), "{why}: {plan}");
    writes(env).await;
    public(env, &["apply", "--file", path, "--yes"]).await.code(0);
    assert_eq!(writes(env).await, Vec::new(), "{why}: apply sends nothing");
}

#[tokio::test]
async fn a_plan_of_450_rules_is_written_in_calls_the_service_takes_and_round_trips() {
    let env = empty().await;
    // Made with `tracking-plans create`: the plan, then its rules in upserts of at most 200.
    let made = events(0..450, "first");
    let rules = write_file(&env, "rules.json", &json!({"events": made}).to_string());
    writes(&env).await;
    let args = ["tracking-plans", "create", "--display-name", "Big", "--rules", rules.as_str(), "-o", "name"];
    public(&env, &args).await.code(0);
    let sent = writes(&env).await;
    assert_eq!(sent[0].0, "POST", "{sent:?}");
    let calls = rule_writes(&sent);
    assert_eq!(calls, [("PATCH".into(), 200, 0), ("PATCH".into(), 200, 0), ("PATCH".into(), 50, 0)]);
    assert_eq!(sent.len(), 4, "the plan and three upserts");
    // The file with the same rules: nothing to change; its export neither.
    let same = write_file(&env, "same.json", &file(&made));
    settled(&env, &same, "as made").await;
    // Changed: 250 removed, 10 edited, 300 added (500 then), so the removals and upserts each take several calls.
    let mut changed = events(250..450, "first");
    for event in &mut changed[..10] {
        event["rules"]["properties"]["properties"]["properties"]["tag"]["const"] = json!("edited");
    }
    changed.extend(events(450..750, "added"));
    let path = write_file(&env, "changed.json", &file(&changed));
    let run = public(&env, &["diff", "--file", &path, "-o", "json"]).await;
    let announced = run.code(1).json()["requests"].as_u64().unwrap() as usize;
    // --dry-run describes each call it would send, and sends none.
    let dry = public(&env, &["apply", "--file", &path, "--yes", "--dry-run"]).await;
    let described: Vec<Value> = dry
        .code(0)
        .stdout
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|line| line["method"].is_string())
        .collect();
    assert_eq!(writes(&env).await, Vec::new(), "--dry-run sends nothing");
    assert_eq!(described.len(), announced, "{}", dry.stdout);
    public(&env, &["apply", "--file", &path, "--yes"]).await.code(0);
    let sent = writes(&env).await;
    assert_eq!(sent.len(), announced, "requests is what apply sends: {sent:?}");
    let calls = rule_writes(&sent);
    assert_eq!(calls.len(), sent.len(), "only rule writes: {sent:?}");
    let methods: Vec<&str> = calls.iter().map(|(m, _, _)| m.as_str()).collect();
    let upserts = methods.iter().filter(|m| **m == "PATCH").count();
    assert!(methods[..upserts].iter().all(|m| *m == "PATCH"), "every upsert before the first removal: {methods:?}");
    assert!(methods[upserts..].iter().all(|m| *m == "DELETE"), "{methods:?}");
    assert_eq!(calls.iter().filter(|c| c.0 == "PATCH").map(|c| c.1).sum::<usize>(), 310, "only what changed");
    assert_eq!(calls.iter().filter(|c| c.0 == "DELETE").map(|c| c.1).sum::<usize>(), 250);
    assert!(calls.iter().all(|(_, rules, query)| *rules <= 200 && *query <= 8 * 1024), "{calls:?}");
    assert!(upserts >= 2 && methods.len() - upserts >= 2, "several calls of each: {methods:?}");
    // What the plan holds now is the file's, whatever order the writes left it in.
    let plans = env.get("/tracking-plans").await;
    let id = plans.ok()["data"]["trackingPlans"][0]["id"].as_str().unwrap().to_string();
    let now = held(&env, &id).await;
    let keys: BTreeSet<&str> = now.iter().map(|r| r["key"].as_str().unwrap()).collect();
    let want: BTreeSet<String> = (250..750).map(|i| format!("Event {i:03}")).collect();
    assert_eq!(keys, want.iter().map(String::as_str).collect());
    let edited = now.iter().find(|r| r["key"] == "Event 250").unwrap();
    assert_eq!(edited["jsonSchema"]["properties"]["properties"]["properties"]["tag"]["const"], "edited");
    settled(&env, &path, "applied").await;
    // The export diffs to nothing.
    let exported = env.path("export.yaml");
    public(&env, &["export", "--file", exported.to_str().unwrap()]).await.code(0);
    settled(&env, exported.to_str().unwrap(), "exported").await;
    // A small file onto the large plan: still no replace (the plan holds more than 200).
    let small = write_file(&env, "small.json", &file(&events(0..3, "small")));
    let run = public(&env, &["diff", "--file", &small, "-o", "json"]).await;
    let announced = run.code(1).json()["requests"].as_u64().unwrap() as usize;
    public(&env, &["apply", "--file", &small, "--yes"]).await.code(0);
    let sent = writes(&env).await;
    assert_eq!(sent.len(), announced, "{sent:?}");
    assert!(rule_writes(&sent).iter().all(|(m, rules, _)| m != "PUT" && *rules <= 200), "{sent:?}");
    assert_eq!(held(&env, &id).await.len(), 3);
    // Now small: the next write is one replace again.
    let back = write_file(&env, "back.json", &file(&events(0..5, "back")));
    public(&env, &["apply", "--file", &back, "--yes"]).await.code(0);
    let calls = rule_writes(&writes(&env).await);
    assert_eq!(calls, [("PUT".into(), 5, 0)]);
    settled(&env, &back, "back").await;
}

#[tokio::test]
async fn the_official_sdk_meets_the_same_refusals() {
    let Some(folder) = crate::sdk::installed("the_official_sdk_meets_the_same_refusals") else {
        return;
    };
    let env = TestEnv::start().await;
    let out = tokio::process::Command::new("node")
        .arg("rule_caps.js")
        .current_dir(&folder)
        .env("SEG_BASE", &env.base)
        .env("SEG_WRITE", WRITE)
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(std::time::Duration::from_secs(120), out).await.expect("the SDK run ends").unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the SDK's run failed\nstdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.contains("3 checks passed"), "{stdout}");
}
