//! Names as people write them, and plans that settle, on both APIs (docs/NAMES.md and
//! docs/WORKSPACES-AS-CODE.md; docs/reference/names.md, docs/reference/workspace-files.md): a tracking plan named in full,
//! by id or by its display name (any characters; two plans of one display name refused before any write), names
//! printed with the token's workspace by its slug, `--each` with `--jq` and `-o name`, and tracking-plan rules that
//! compare as the service keeps them whatever either API filled in and in whatever order it lists them, so an export
//! diffs to nothing and a second apply sends nothing, on each API, after a switch and after a copy.

use serde_json::{Value, json};

use crate::code::{write_file, writes};
use crate::support::{Run, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

const APIS: [&str; 2] = ["config", "public"];

async fn env() -> TestEnv {
    TestEnv::with(EmulatorOptions { rate_limit: 0, ..Default::default() }).await
}

/// `seg ARGS` on `api`: on the Config API in workspace demo (`-w`), on the Public API in the token's (no `-w`, so
/// names hold the token's workspace until its slug is read).
async fn seg(env: &TestEnv, api: &str, args: &[&str]) -> Run {
    let mut vars = vec![("SEG_TOKEN", WRITE), ("SEG_API", api)];
    if api == "config" {
        vars.push(("SEG_WORKSPACE", "demo"));
    }
    env.seg_with(args, &vars).await
}

/// The requests that changed something since the last look, as `METHOD path`.
async fn changed(env: &TestEnv) -> Vec<String> {
    writes(env).await.into_iter().map(|(method, uri, _)| format!("{method} {uri}")).collect()
}

fn no_placeholder(api: &str, run: &Run) {
    for text in [&run.stdout, &run.stderr] {
        assert!(!text.contains("workspaces/-"), "{api}: the token's workspace by its slug:\n{text}");
    }
}

#[tokio::test]
async fn a_tracking_plan_is_named_in_full_by_id_or_by_its_display_name_on_both_apis() {
    for api in APIS {
        let env = env().await;
        seg(&env, api, &["sources", "create", "web", "--catalog", "javascript"]).await.code(0);
        let made = seg(&env, api, &["tracking-plans", "create", "--display-name", "Main plan", "-o", "name"]).await;
        let name = made.code(0).stdout.trim().to_string();
        assert!(name.starts_with("workspaces/demo/tracking-plans/rs_"), "{api}: {name}");
        let id = name.rsplit('/').next().unwrap().to_string();
        // By its display name, as docs/NAMES.md writes it; by its id; in full: the same plan.
        for by in ["Main plan", id.as_str(), name.as_str()] {
            let got = seg(&env, api, &["tracking-plans", "get", by, "-o", "name"]).await;
            assert_eq!(got.code(0).stdout.trim(), name, "{api}: {by}");
        }
        if api == "public" {
            let raw = seg(&env, api, &["tracking-plans", "get", "Main plan", "-o", "json"]).await;
            let tp = raw.code(0).json()["id"].as_str().unwrap().to_string();
            assert!(tp.starts_with("tp_"), "{tp}");
            let got = seg(&env, api, &["tracking-plans", "get", &tp, "-o", "name"]).await;
            assert_eq!(got.code(0).stdout.trim(), name, "the Public API's own id");
        }
        // Every command that takes a plan takes its display name.
        let added = seg(&env, api, &["tracking-plans", "connections", "add", "Main plan", "web", "-o", "name"]).await;
        assert_eq!(added.code(0).stdout, "workspaces/demo/sources/web\n", "{api}");
        let listed = seg(&env, api, &["tracking-plans", "connections", "list", "Main plan", "-o", "name"]).await;
        assert_eq!(listed.code(0).stdout, "workspaces/demo/sources/web\n", "{api}");
        seg(&env, api, &["tracking-plans", "connections", "remove", "Main plan", "web"]).await.code(0);
        let renamed = seg(&env, api, &["tracking-plans", "update", "Main plan", "--display-name", "Plan / 2 ✓"]).await;
        renamed.code(0);
        seg(&env, api, &["tracking-plans", "get", "Main plan"]).await.code(15);
        let got = seg(&env, api, &["tracking-plans", "get", "Plan / 2 ✓", "-o", "name"]).await;
        assert_eq!(got.code(0).stdout.trim(), name, "{api}: any characters");

        // Two plans of one display name: refused naming both, before any write.
        let mut twins = Vec::new();
        for _ in 0..2 {
            let made = seg(&env, api, &["tracking-plans", "create", "--display-name", "Twin", "-o", "name"]).await;
            twins.push(made.code(0).stdout.trim().rsplit('/').next().unwrap().to_string());
        }
        changed(&env).await;
        for args in [
            &["tracking-plans", "delete", "Twin", "--yes"][..],
            &["tracking-plans", "update", "Twin", "--display-name", "One"],
            &["tracking-plans", "connections", "add", "Twin", "web"],
        ] {
            let run = seg(&env, api, args).await;
            assert_eq!(run.code, 2, "{api} {args:?}: {}", run.stderr);
            for twin in &twins {
                assert!(run.stderr.contains(twin.as_str()), "{api}: names both ids: {}", run.stderr);
            }
        }
        assert_eq!(changed(&env).await, Vec::<String>::new(), "{api}: nothing written");

        // A delete by display name says what it deleted by the workspace's slug.
        let deleted = seg(&env, api, &["tracking-plans", "delete", "Plan / 2 ✓", "--yes"]).await;
        assert!(deleted.code(0).stderr.contains(&format!("deleted {name}")), "{api}: {}", deleted.stderr);
        no_placeholder(api, &deleted);
        seg(&env, api, &["tracking-plans", "get", &id]).await.code(15);
    }
}

#[tokio::test]
async fn names_print_with_the_tokens_workspace_by_its_slug() {
    let env = env().await;
    seg(&env, "public", &["sources", "create", "web", "--catalog", "javascript"]).await.code(0);
    let made = seg(&env, "public", &["tracking-plans", "create", "--display-name", "P", "-o", "name"]).await;
    let plan = made.code(0).stdout.trim().rsplit('/').next().unwrap().to_string();
    for args in [
        &["sources", "list", "-o", "name"][..],
        &["sources", "get", "web", "-o", "name"],
        &["tracking-plans", "list", "-o", "name"],
        &["tracking-plans", "get", &plan, "-o", "table"],
        &["tracking-plans", "connections", "add", &plan, "web", "-o", "name"],
        &["tracking-plans", "connections", "list", "--all", "-o", "table"],
        &["tracking-plans", "delete", &plan, "--yes"],
        &["sources", "delete", "web", "--yes"],
    ] {
        let run = seg(&env, "public", args).await;
        run.code(0);
        no_placeholder("public", &run);
        if args.contains(&"name") || args.contains(&"delete") {
            assert!(run.stdout.contains("workspaces/demo/") || run.stderr.contains("workspaces/demo/"), "{args:?}");
        }
    }
}

#[tokio::test]
async fn each_runs_jq_over_every_result_and_names_what_succeeded() {
    for api in APIS {
        let env = env().await;
        seg(&env, api, &["sources", "create", "taken", "--catalog", "javascript"]).await.code(0);
        let items = write_file(&env, "items", "web\ntaken\napp\n");
        let args = ["sources", "create", "--each", items.as_str(), "--catalog", "javascript", "-o", "name"];
        let run = seg(&env, api, &args).await;
        assert_eq!(run.code, 1, "{api}: one of three failed: {}", run.stderr);
        assert_eq!(run.stdout, "workspaces/demo/sources/web\nworkspaces/demo/sources/app\n", "{api}");
        assert!(run.stderr.contains("failed: workspaces/demo/sources/taken"), "{api}: {}", run.stderr);
        assert!(run.stderr.contains("workspaces/demo/sources/taken:"), "{api}: the failure said: {}", run.stderr);
        no_placeholder(api, &run);

        let items = write_file(&env, "gone", "web\nnone\napp\n");
        let jq = r#""\(.name) \(.ok) \(.error.exit_code // 0)""#;
        let args = ["sources", "delete", "--each", items.as_str(), "--yes", "--jq", jq];
        let run = seg(&env, api, &args).await;
        assert_eq!(run.code, 1, "{api}: {}", run.stderr);
        assert_eq!(
            run.stdout,
            "workspaces/demo/sources/web true 0\nworkspaces/demo/sources/none false 15\n\
             workspaces/demo/sources/app true 0\n",
            "{api}: the filter ran over each result line"
        );
        no_placeholder(api, &run);
        // A filter that fails on one result stops none of the others.
        for slug in ["one", "two"] {
            seg(&env, api, &["sources", "create", slug, "--catalog", "javascript"]).await.code(0);
        }
        let items = write_file(&env, "more", "one\nnone\ntwo\n");
        let args = ["sources", "delete", "--each", items.as_str(), "--yes", "--jq", ".error | keys | length"];
        let run = seg(&env, api, &args).await;
        assert_eq!((run.code, run.stdout.as_str()), (1, "4\n"), "{api}: {}", run.stderr);
        assert!(
            run.stderr.contains("--jq") || run.stderr.contains("cannot"),
            "{api}: the filter's error: {}",
            run.stderr
        );
        let left = seg(&env, api, &["sources", "list", "-o", "name"]).await;
        assert_eq!(left.code(0).stdout, "workspaces/demo/sources/taken\n", "{api}: both deleted");
        // Other formats print the result lines.
        let items = write_file(&env, "again", "taken\n");
        let run = seg(&env, api, &["sources", "delete", "--each", items.as_str(), "--yes", "-o", "yaml"]).await;
        let line: Value = serde_json::from_str(run.code(0).stdout.trim()).unwrap();
        assert_eq!((&line["name"], &line["ok"]), (&json!("workspaces/demo/sources/taken"), &json!(true)), "{api}");
    }
}

/// The rules of the plan `Flow`: events B then A as a person writes them (no description, no version), a global
/// schema.
fn rules_written() -> Value {
    json!({
        "global": {"type": "object", "properties": {"context": {"type": "object"}}},
        "events": [
            {"name": "Signed Up", "rules": {"type": "object", "properties": {"properties": {"type": "object"}}}},
            {"name": "Added To Cart", "version": 2},
        ]
    })
}

fn file(rules: &Value) -> String {
    json!({"format": "seg/1", "workspace": "demo", "tracking_plans": {"Flow": {"rules": rules, "sources": []}}})
        .to_string()
}

/// `diff` of a file finds nothing to change and `apply` sends nothing.
async fn settled(env: &TestEnv, api: &str, path: &str, why: &str) {
    let run = seg(env, api, &["diff", "--file", path, "-o", "json"]).await;
    let plan = run.json();
    assert_eq!((run.code, &plan["changes"], &plan["requests"]), (0, &json!([]), &json!(0)), "{api} {why}: {plan}");
    changed(env).await;
    seg(env, api, &["apply", "--file", path, "--yes"]).await.code(0);
    assert_eq!(changed(env).await, Vec::<String>::new(), "{api} {why}: apply sends nothing");
}

#[tokio::test]
async fn rules_settle_whatever_an_api_fills_in_and_in_any_order() {
    for api in APIS {
        let env = env().await;
        // Applied as written, through this API: the second apply sends nothing.
        let written = write_file(&env, "written.json", &file(&rules_written()));
        let first = seg(&env, api, &["apply", "--file", &written, "--yes"]).await;
        first.code(0);
        settled(&env, api, &written, "the file applied").await;
        // The same events in the other order, with the defaults the Public API fills in written out.
        let mut reordered = rules_written();
        let events = reordered["events"].as_array_mut().unwrap();
        events.reverse();
        events[1]["description"] = json!("");
        events[1]["version"] = json!(1);
        let reordered = write_file(&env, "reordered.json", &file(&reordered));
        settled(&env, api, &reordered, "the rules in another order").await;
        // Its export diffs to nothing, on this API and on the other (a switch).
        let exported = seg(&env, api, &["export", "--format", "json"]).await;
        let exported = write_file(&env, "exported.json", &exported.code(0).stdout);
        for on in APIS {
            settled(&env, on, &exported, &format!("exported on {api}")).await;
        }
        // A change is still one: another description, another version.
        for (at, value) in [("description", json!("Someone signed up")), ("version", json!(3))] {
            let mut changed_rules = rules_written();
            changed_rules["events"][0][at] = value;
            let path = write_file(&env, "changed.json", &file(&changed_rules));
            let run = seg(&env, api, &["diff", "--file", &path, "-o", "json"]).await;
            assert_eq!(run.code, 1, "{api} {at}: {}", run.stdout);
        }
    }
}

#[tokio::test]
async fn rules_made_through_the_public_api_settle_on_both_after_a_switch_and_a_copy() {
    let env = TestEnv::with(EmulatorOptions {
        workspaces: vec!["demo".into(), "viapublic".into(), "viaconfig".into()],
        rate_limit: 0,
        ..Default::default()
    })
    .await;
    // Made through the Public API's own calls, its rules in an order of their own: a track rule, the common one,
    // another track rule, each as the Public API's clients write them.
    let plan = env.call("POST", "/tracking-plans", Some(json!({"name": "Flow", "type": "LIVE"}))).await;
    let id = plan.json["data"]["trackingPlan"]["id"].as_str().unwrap().to_string();
    let rules = json!({"rules": [
        {"type": "TRACK", "key": "Signed Up", "version": 1, "jsonSchema": {"type": "object"}},
        {"type": "COMMON", "version": 1, "jsonSchema": {"type": "object"}},
        {"type": "TRACK", "key": "Added To Cart", "version": 2, "jsonSchema": null},
    ]});
    let put = env.call("PUT", &format!("/tracking-plans/{id}/rules"), Some(rules)).await;
    assert!(put.status < 300, "{}", put.text);
    // The events in the other order, as a person writes them: nothing to change on either API.
    let mut written = rules_written();
    written["global"] = json!({"type": "object"});
    written["events"][0]["rules"] = json!({"type": "object"});
    written["events"].as_array_mut().unwrap().reverse();
    let written = write_file(&env, "written.json", &file(&written));
    for api in APIS {
        settled(&env, api, &written, "made through the Public API").await;
        let exported = seg(&env, api, &["export", "--format", "json"]).await;
        let exported = write_file(&env, "exported.json", &exported.code(0).stdout);
        for on in APIS {
            settled(&env, on, &exported, &format!("exported on {api}")).await;
        }
    }
    // A copy into another workspace through each API, applied twice: the second sends nothing.
    let exported = seg(&env, "public", &["export", "--format", "json"]).await;
    let exported = exported.code(0).stdout.clone();
    for api in APIS {
        let ws = format!("via{api}");
        let copy = exported.replace("\"workspace\": \"demo\"", &format!("\"workspace\": \"{ws}\""));
        assert!(copy.contains(&ws), "{copy}");
        let copy = write_file(&env, "copy.json", &copy);
        let body = json!({"access_token": {"description": "copy", "scopes": "workspace",
            "workspace_names": [format!("workspaces/{ws}")]}});
        let token = env.call("POST", "/v1beta/access-tokens", Some(body)).await;
        let token = token.ok()["token"].as_str().unwrap().to_string();
        let vars = [("SEG_TOKEN", token.as_str()), ("SEG_API", api), ("SEG_WORKSPACE", ws.as_str())];
        env.seg_with(&["apply", "--file", &copy, "--yes"], &vars).await.code(0);
        changed(&env).await;
        let run = env.seg_with(&["diff", "--file", &copy, "-o", "json"], &vars).await;
        assert_eq!((run.code, &run.json()["changes"]), (0, &json!([])), "{api}: {}", run.stdout);
        env.seg_with(&["apply", "--file", &copy, "--yes"], &vars).await.code(0);
        assert_eq!(changed(&env).await, Vec::<String>::new(), "{api}: the copy applied again sends nothing");
    }
}

/// A plan looked up by its display name is found from one listing of names: on the Public API no other plan's rules
/// are read (each costs a request), and the listing of `-o json`, which prints the records as received, reads none.
#[tokio::test]
async fn a_display_name_is_looked_up_without_reading_every_plans_rules() {
    let env = env().await;
    for title in ["Main plan", "Other", "Third"] {
        seg(&env, "public", &["tracking-plans", "create", "--display-name", title]).await.code(0);
    }
    env.clear_requests().await;
    seg(&env, "public", &["tracking-plans", "get", "Main plan", "-o", "name"]).await.code(0);
    let rules: Vec<String> = env
        .requests()
        .await
        .iter()
        .map(|r| r["uri"].as_str().unwrap().to_string())
        .filter(|uri| uri.contains("/rules"))
        .collect();
    assert_eq!(rules.len(), 1, "the named plan's rules only: {rules:?}");
    env.clear_requests().await;
    seg(&env, "public", &["tracking-plans", "list", "-o", "json"]).await.code(0);
    let requests = env.requests().await;
    assert!(requests.iter().all(|r| !r["uri"].as_str().unwrap().contains("/rules")), "{requests:?}");
}

/// `apply --dry-run` makes nothing: it describes every change, those that need the id of something it would make
/// first too (`made-by-this-run` stands for it), and when it stops, it says what it described, never "done".
#[tokio::test]
async fn a_dry_run_describes_what_depends_on_what_it_would_make() {
    let env = env().await;
    seg(&env, "public", &["sources", "create", "web", "--catalog", "javascript"]).await.code(0);
    changed(&env).await;
    let path = env.path("plan.json");
    let body = json!({"format": "seg/1", "workspace": "demo",
                      "tracking_plans": {"New": {"rules": rules_written(), "sources": ["web"]}}});
    std::fs::write(&path, body.to_string()).unwrap();
    let run = seg(&env, "public", &["apply", "--file", path.to_str().unwrap(), "--yes", "--dry-run"]).await;
    assert!(!run.stderr.contains("done: "), "{}", run.stderr);
    if run.code != 0 {
        assert!(run.stderr.contains("described: 1 change"), "{}", run.stderr);
    }
    // Every change is described, the connection of the plan the run creates too, and nothing is written.
    run.code(0);
    let described: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(described.len(), 3, "the plan, its rules and its connection: {}", run.stdout);
    assert!(described[2].contains("/tracking-plans/made-by-this-run/sources"), "{}", run.stdout);
    assert_eq!(changed(&env).await, Vec::<String>::new(), "nothing written");

    // A source the run makes, with its destination and the destination's filter: each described.
    let body = json!({"format": "seg/1", "workspace": "demo", "sources": {"app": {"catalog_name": "catalog/sources/ios",
        "destinations": {"webhooks": {"enabled": true, "config": {"hooks": [{"hook": "https://example.com/in"}]},
            "filters": {"Drop all": {"if": "all", "actions": [{"type": "drop_event"}]}}}}}}});
    std::fs::write(&path, body.to_string()).unwrap();
    let run = seg(&env, "public", &["apply", "--file", path.to_str().unwrap(), "--yes", "--dry-run"]).await;
    run.code(0);
    assert!(run.stdout.contains("/destination/made-by-this-run/filters"), "{}", run.stdout);
    assert_eq!(changed(&env).await, Vec::<String>::new(), "nothing written");
}
