//! Plans tell the truth (issue 34, items 9, 10, 11 and 13), on both APIs: a destination keyed `SLUG#NAME` is the
//! destination of that entry with that name, whichever it is; two keys naming one destination are refused before
//! any request; `requests` is what `apply` sends, for every kind of change; a delete's cascade counts each resource
//! once; a saved plan that makes a source with its schema config applies; both APIs export the same names.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::code::{rich_workspace, write_file, writes};
use crate::support::{Run, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

const APIS: [&str; 2] = ["config", "public"];

/// An emulator with the workspace `acme` and nothing in it.
async fn empty() -> TestEnv {
    TestEnv::with(EmulatorOptions { workspaces: vec!["acme".into()], rate_limit: 0, ..Default::default() }).await
}

/// `seg ARGS` on `api` with the write token.
async fn seg(env: &TestEnv, api: &str, args: &[&str]) -> Run {
    env.seg_with(args, &[("SEG_TOKEN", WRITE), ("SEG_API", api)]).await
}

/// The requests the emulator received since the last look (every method), cleared.
async fn all_requests(env: &TestEnv) -> Vec<String> {
    let requests = env.requests().await;
    env.clear_requests().await;
    requests.iter().map(|r| format!("{} {}", r["method"].as_str().unwrap(), r["uri"].as_str().unwrap())).collect()
}

const PROD_ALONE: &str = "format: seg/1
workspace: acme
sources:
  web:
    catalog_name: catalog/sources/javascript
    destinations:
      webhooks#Prod:
        enabled: true
        config:
          hooks: [{hook: 'https://prod.example/in'}]
        filters:
          Drop tests: {if: \"userId = 'test'\", actions: [{type: drop_event}], enabled: true}
";

/// Item 9: `webhooks#Prod` alone made the source's first webhooks destination, which a listing then names by the
/// bare slug; the next apply did not find it and tried to make it again (exit 16, every time).
#[tokio::test]
async fn a_destination_keyed_by_its_name_alone_is_found_again() {
    let env = empty().await;
    let file = write_file(&env, "prod.yaml", PROD_ALONE);
    seg(&env, "public", &["apply", "--file", &file, "--yes"]).await.code(0);
    writes(&env).await;
    for _ in 0..2 {
        let run = seg(&env, "public", &["apply", "--file", &file, "--yes"]).await;
        assert!(run.code(0).stderr.contains("nothing to change"), "{}", run.stderr);
        assert!(writes(&env).await.is_empty());
    }
    let run = seg(&env, "public", &["diff", "--file", &file, "-o", "json"]).await;
    assert_eq!(run.code(0).json()["changes"], json!([]), "{}", run.stdout);
    // A change to it is an update of the destination it names (the first of its entry), with its filters.
    let changed = PROD_ALONE
        .replace("enabled: true\n        config", "enabled: false\n        config")
        .replace("enabled: true}\n", "enabled: false}\n");
    let file = write_file(&env, "prod-off.yaml", &changed);
    let run = seg(&env, "public", &["diff", "--file", &file, "-o", "json"]).await;
    let plan = run.code(1).json();
    let resources: Vec<&str> =
        plan["changes"].as_array().unwrap().iter().map(|c| c["resource"].as_str().unwrap()).collect();
    assert_eq!(resources.len(), 2, "{plan}");
    assert_eq!(resources[0], "workspaces/acme/sources/web/destinations/webhooks", "{plan}");
    assert!(resources[1].starts_with("workspaces/acme/sources/web/destinations/webhooks/filters/"), "{plan}");
    seg(&env, "public", &["apply", "--file", &file, "--yes"]).await.code(0);
    assert_eq!(writes(&env).await.len(), 2);
    seg(&env, "public", &["diff", "--file", &file]).await.code(0);
    // Its export keys it by the bare slug with its name, and that file is the same workspace.
    let exported = seg(&env, "public", &["export"]).await;
    let text = exported.code(0).stdout.clone();
    assert!(text.contains("      webhooks:\n") && text.contains("name: Prod"), "{text}");
    let again = write_file(&env, "exported.yaml", &text);
    let run = seg(&env, "public", &["diff", "--file", &again, "-o", "json"]).await;
    assert_eq!(run.code(0).json()["changes"], json!([]), "{}", run.stdout);
}

/// Item 9: `SLUG#NAME` names the destination with that name, first or not; a bare `SLUG` the first that no such key
/// claims; one more destination of an entry that has one is made under its name; --prune deletes only what no key
/// names.
#[tokio::test]
async fn slug_and_name_keys_match_the_destinations_they_name() {
    let env = empty().await;
    // One more destination of an entry needs a name of its own: refused before the first write.
    let unnamed = write_file(&env, "unnamed.yaml", &format!("{PROD_ALONE}      webhooks:\n        enabled: true\n"));
    let run = seg(&env, "public", &["apply", "--file", &unnamed, "--yes"]).await;
    assert!(run.code(2).stderr.contains("key it webhooks#NAME"), "{}", run.stderr);
    assert!(writes(&env).await.is_empty());
    // Made in one apply: the named one first, then one more of the same entry keyed by the bare slug with a name.
    let both = format!(
        "{PROD_ALONE}      webhooks:
        name: Staging
        enabled: false
        config:
          hooks: [{{hook: 'https://staging.example/in'}}]
"
    );
    let file = write_file(&env, "both.yaml", &both);
    seg(&env, "public", &["apply", "--file", &file, "--yes"]).await.code(0);
    writes(&env).await;
    let run = seg(&env, "public", &["apply", "--file", &file, "--yes"]).await;
    assert!(run.code(0).stderr.contains("nothing to change"), "{}", run.stderr);
    assert!(writes(&env).await.is_empty());
    let listed = seg(&env, "public", &["destinations", "list", "--source", "web", "-o", "name"]).await;
    assert_eq!(
        listed.code(0).stdout,
        "workspaces/acme/sources/web/destinations/webhooks\nworkspaces/acme/sources/web/destinations/webhooks#Staging\n"
    );
    // The same two keys, the other way round (the bare one is now the first of its entry): the same workspace.
    let swapped = "format: seg/1
workspace: acme
sources:
  web:
    catalog_name: catalog/sources/javascript
    destinations:
      webhooks:
        enabled: false
        config:
          hooks: [{hook: 'https://staging.example/in'}]
      webhooks#Prod:
        enabled: true
        config:
          hooks: [{hook: 'https://prod.example/in'}]
";
    let swapped = write_file(&env, "swapped.yaml", swapped);
    let run = seg(&env, "public", &["diff", "--file", &swapped, "-o", "json"]).await;
    assert_eq!(run.code(0).json()["changes"], json!([]), "{}", run.stdout);
    // The bare key names the one the named key leaves: renaming it renames that one.
    let renamed = write_file(&env, "renamed.yaml", &both.replace("name: Staging", "name: Test"));
    let run = seg(&env, "public", &["diff", "--file", &renamed, "-o", "json"]).await;
    let plan = run.code(1).json();
    assert_eq!(
        plan["changes"],
        json!([{"action": "update", "resource": "workspaces/acme/sources/web/destinations/webhooks#Staging",
                "fields": [{"path": "destination.display_name", "from": "Staging", "to": "Test"}]}]),
        "{plan}"
    );
    // --prune with the named one alone: the other goes, the named one (the first of its entry) stays.
    let run =
        seg(&env, "public", &["diff", "--file", &write_file(&env, "prod.yaml", PROD_ALONE), "--prune", "-o", "json"])
            .await;
    let plan = run.code(1).json();
    let changes: Vec<(&str, &str)> = plan["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["action"].as_str().unwrap(), c["resource"].as_str().unwrap()))
        .collect();
    assert_eq!(changes, [("delete", "workspaces/acme/sources/web/destinations/webhooks#Staging")], "{plan}");
}

/// Item 9: two keys naming one destination passed the file check and stopped midway; they are refused before any
/// request, naming both, on both APIs.
#[tokio::test]
async fn two_keys_naming_one_destination_are_refused_before_any_request() {
    let env = empty().await;
    let text = format!("{PROD_ALONE}      webhooks:\n        name: Prod\n        enabled: true\n");
    let file = write_file(&env, "twice.yaml", &text);
    all_requests(&env).await;
    for api in APIS {
        for args in [&["diff", "--file", &file][..], &["apply", "--file", &file, "--yes"]] {
            let verb = args[0];
            let run = seg(&env, api, args).await;
            assert_eq!(run.code, 2, "{api} {verb}: {}", run.stderr);
            assert!(
                run.stderr.contains("webhooks#Prod") && run.stderr.contains("\"webhooks\""),
                "{api} {verb}: {}",
                run.stderr
            );
        }
    }
    assert_eq!(all_requests(&env).await, Vec::<String>::new(), "refused before any request");
}

/// Item 10: a saved plan that makes a source with its schema config was refused ("changes ... which the plan did
/// not read"): the schema config of a source the plan makes is the plan's to write.
#[tokio::test]
async fn a_saved_plan_that_makes_a_source_with_its_schema_config_applies() {
    for api in APIS {
        let env = empty().await;
        let text = "format: seg/1
workspace: acme
sources:
  web:
    catalog_name: catalog/sources/javascript
    schema_config: {allow_unplanned_track_events: false, forwarding_blocked_events_to: ios}
  ios:
    catalog_name: catalog/sources/ios
";
        let file = write_file(&env, "new.yaml", text);
        let plan = env.path("plan.json");
        let plan = plan.to_str().unwrap();
        seg(&env, api, &["diff", "--file", &file, "--out", plan]).await.code(1);
        // The schema config of a source the plan does not make is one it must have read: without the create, the
        // same plan is refused.
        let mut forged: Value = serde_json::from_str(&std::fs::read_to_string(plan).unwrap()).unwrap();
        forged["changes"].as_array_mut().unwrap().retain(|c| c["op"]["op"] != "create_source");
        let forged_path = write_file(&env, "forged.json", &forged.to_string());
        let run = seg(&env, api, &["apply", "--plan", &forged_path, "--yes"]).await;
        assert_eq!(run.code, 2, "{api}: {}", run.stderr);
        assert!(run.stderr.contains("which the plan did not read"), "{api}: {}", run.stderr);
        assert!(writes(&env).await.is_empty(), "{api}");
        let run = seg(&env, api, &["apply", "--plan", plan, "--yes"]).await;
        assert_eq!(run.code, 0, "{api}: {}", run.stderr);
        assert!(!writes(&env).await.is_empty(), "{api}");
        let run = seg(&env, api, &["diff", "--file", &file, "-o", "json"]).await;
        assert_eq!(run.code(0).json()["changes"], json!([]), "{api}: {}", run.stdout);
    }
}

/// The files of the steps that make every kind of change (`{API}` is replaced by a word only the Public API's
/// destination names hold).
const MADE: &str = "format: seg/1
workspace: acme
sources:
  web:
    catalog_name: catalog/sources/javascript
    display_name: Web
    labels: {team: growth, env: prod}
    destinations:
      webhooks:
        enabled: true
        config:
          hooks: [{hook: 'https://a.example/in'}]
        filters:
          Drop tests: {if: \"userId = 'test'\", actions: [{type: drop_event}], enabled: true}
          Half: {if: \"type = 'track'\", actions: [{type: sample_event, percent: 0.5, path: userId}], enabled: false}
      google-analytics:
        enabled: true
        config: {trackingId: UA-1-1}
    schema_config: {allow_unplanned_track_events: false, forwarding_blocked_events_to: ios}
  ios:
    catalog_name: catalog/sources/ios
    display_name: iOS
    labels: {team: growth}
    destinations:
      google-analytics:
        enabled: true
        config: {trackingId: UA-2-2}
tracking_plans:
  Main:
    rules: {events: [{name: Order Completed, description: d, version: 1, rules: {type: object}}]}
    sources: [web]
  Other:
    rules: {events: []}
    sources: [ios]
";

/// Every field that can change, changed: labels (one new), display names, a destination's enabled, config and
/// name, filters (one updated, one made), the schema config, rules, a source moved from one plan to another (a
/// source is on one plan at most), plans made with rules and without.
const CHANGED: &str = "format: seg/1
workspace: acme
sources:
  web:
    catalog_name: catalog/sources/javascript
    display_name: Web app
    labels: {team: growth, env: staging}
    destinations:
      webhooks:
        name: Primary
        enabled: false
        config:
          hooks: [{hook: 'https://b.example/in'}]
        filters:
          Drop tests: {if: \"userId = 'test'\", actions: [{type: drop_event}], enabled: true}
          Half: {if: \"type = 'track'\", actions: [{type: sample_event, percent: 0.5, path: userId}], enabled: true}
          New: {if: \"type = 'page'\", actions: [{type: drop_event}], enabled: true}
      google-analytics:
        enabled: true
        config: {trackingId: UA-1-1}
    schema_config: {allow_unplanned_track_events: true, forwarding_blocked_events_to: ''}
  ios:
    catalog_name: catalog/sources/ios
    display_name: The iOS app
    labels: {team: platform}
    destinations:
      google-analytics:
        enabled: true
        config: {trackingId: UA-2-2}
tracking_plans:
  Main:
    rules: {events: [{name: Order Completed, description: d, version: 2, rules: {type: object}}]}
    sources: []
  Other:
    rules: {events: []}
    sources: [ios]
  Third:
    rules: {events: []}
    sources: [web]
  Bare:
    sources: []
";

/// What --prune deletes: a source connected to a plan that goes too (their connection is one resource), a
/// destination, a filter.
const PRUNED: &str = "format: seg/1
workspace: acme
sources:
  web:
    catalog_name: catalog/sources/javascript
    display_name: Web app
    labels: {team: growth, env: staging}
    destinations:
      webhooks:
        name: Primary
        enabled: false
        config:
          hooks: [{hook: 'https://b.example/in'}]
        filters:
          Half: {if: \"type = 'track'\", actions: [{type: sample_event, percent: 0.5, path: userId}], enabled: true}
          New: {if: \"type = 'page'\", actions: [{type: drop_event}], enabled: true}
    schema_config: {allow_unplanned_track_events: true, forwarding_blocked_events_to: ''}
tracking_plans:
  Main:
    rules: {events: [{name: Order Completed, description: d, version: 2, rules: {type: object}}]}
    sources: []
  Third:
    rules: {events: []}
    sources: [web]
  Bare:
    sources: []
";

/// Every kind of request a plan can hold (`Op`'s variants): the steps below must make each at least once.
const OPS: [&str; 15] = [
    "create_source",
    "update_source",
    "delete_source",
    "create_destination",
    "update_destination",
    "delete_destination",
    "create_filter",
    "update_filter",
    "delete_filter",
    "update_schema_config",
    "create_plan",
    "update_plan",
    "delete_plan",
    "connect",
    "disconnect",
];

/// Item 11: `requests` (diff -o json, and the plan's "(N requests)") is what apply sends, on each API, for every
/// kind of change; it was the number of changes, which the Public API's translation exceeds (a source's name and
/// labels, labels to make, a plan's rules). And a delete's cascade counts each resource once (a connection went
/// with its source and again with its plan), so --max-deletes takes a plan that deletes exactly that many.
#[tokio::test]
async fn requests_announced_are_requests_sent_for_every_kind_of_change() {
    for api in APIS {
        let env = empty().await;
        let mut seen = BTreeSet::new();
        for (step, text, prune) in [("made", MADE, false), ("changed", CHANGED, false), ("pruned", PRUNED, true)] {
            let file = write_file(&env, &format!("{step}.yaml"), text);
            let plan_path = env.path(&format!("{step}.plan.json"));
            let plan_path = plan_path.to_str().unwrap();
            let mut args = vec!["diff", "--file", &file, "-o", "json", "--out", plan_path];
            if prune {
                args.push("--prune");
            }
            let run = seg(&env, api, &args).await;
            let plan = run.code(1).json();
            let announced = plan["requests"].as_u64().unwrap() as usize;
            let saved: Value = serde_json::from_str(&std::fs::read_to_string(plan_path).unwrap()).unwrap();
            for change in saved["changes"].as_array().unwrap() {
                seen.insert(change["op"]["op"].as_str().unwrap().to_string());
            }
            // The plan for people says the same.
            args.truncate(3);
            args.extend(["-o", "table"]);
            if prune {
                args.push("--prune");
            }
            let human = seg(&env, api, &args).await;
            let says = format!("({} requests)", announced);
            assert!(human.code(1).stdout.contains(&says), "{api} {step}: {says} in {}", human.stdout);
            writes(&env).await;
            let mut args = vec!["apply", "--file", &file, "--yes"];
            let deletes = plan_deletes(&plan);
            let max = deletes.to_string();
            if prune {
                // Exactly as many as it deletes: taken. One fewer: refused.
                let fewer = (deletes - 1).to_string();
                let refused = seg(&env, api, &[&args[..], &["--prune", "--max-deletes", &fewer]].concat()).await;
                assert_eq!(refused.code, 2, "{api}: {}", refused.stderr);
                args.extend(["--prune", "--max-deletes", &max]);
            }
            let run = seg(&env, api, &args).await;
            assert_eq!(run.code, 0, "{api} {step}: {}", run.stderr);
            let sent = writes(&env).await;
            assert_eq!(
                sent.len(),
                announced,
                "{api} {step}: announced {announced}, sent {}: {:#?}",
                sent.len(),
                sent.iter().map(|(m, p, _)| format!("{m} {p}")).collect::<Vec<_>>()
            );
            let mut again = vec!["diff", "--file", &file];
            if prune {
                again.push("--prune");
            }
            let run = seg(&env, api, &again).await;
            assert_eq!(run.code, 0, "{api} {step}: {}", run.stdout);
            if prune {
                // The cascade: the ios source with its destination and its connection to Other; a destination of
                // web; a filter; the plan Other, whose one connection went with ios. Each once.
                assert_eq!(deletes, 6, "{api}: {plan:#}");
            }
        }
        let missing: Vec<&str> = OPS.iter().copied().filter(|op| !seen.contains(*op)).collect();
        assert!(missing.is_empty(), "{api}: no step made {missing:?}");
    }
}

/// What a plan (`diff -o json`) deletes, each resource once: the deletes and what each takes with it. Fails if one
/// resource is listed twice.
fn plan_deletes(plan: &Value) -> usize {
    let mut listed = Vec::new();
    for change in plan["changes"].as_array().unwrap().iter().filter(|c| c["action"] == "delete") {
        listed.push(change["resource"].as_str().unwrap().to_string());
        for with in change["with"].as_array().into_iter().flatten() {
            listed.push(with.as_str().unwrap().to_string());
        }
    }
    let unique: BTreeSet<&String> = listed.iter().collect();
    assert_eq!(unique.len(), listed.len(), "a resource is deleted twice: {listed:#?}");
    listed.len()
}

/// Item 13: the Public API's export wrote a forwarding target as a full name (`workspaces/acme/sources/ios`) where
/// the Config API's writes the slug: both write the slug, and the same names throughout.
#[tokio::test]
async fn both_apis_export_the_same_names() {
    let env = rich_workspace().await;
    let set = ["-w", "acme", "sources", "schema-config", "patch", "web", "--set", "forwarding_violations_to=ios"];
    seg(&env, "config", &set).await.code(0);
    let set = ["-w", "acme", "sources", "schema-config", "patch", "web", "--set", "forwarding_blocked_events_to=ios"];
    seg(&env, "config", &set).await.code(0);
    let config = seg(&env, "config", &["-w", "acme", "export", "--format", "json"]).await.code(0).json();
    let public = seg(&env, "public", &["export", "--format", "json"]).await.code(0).json();
    let schema = |file: &Value| file["sources"]["web"]["schema_config"].clone();
    assert_eq!(schema(&public)["forwarding_violations_to"], "ios", "{:#}", schema(&public));
    assert_eq!(schema(&public)["forwarding_blocked_events_to"], "ios", "{:#}", schema(&public));
    assert_eq!(schema(&config), schema(&public));
    // Everything both APIs hold is written the same (the Config API's library settings, connection modes, legacy
    // trait lists and its version are what the Public API lacks; the Public API's own resources what the Config API
    // lacks).
    let common = |mut file: Value| {
        for key in ["api_version", "warehouses", "functions", "user_groups", "labels"] {
            file.as_object_mut().unwrap().remove(key);
        }
        for plan in file["tracking_plans"].as_object_mut().unwrap().values_mut() {
            let rules = plan["rules"].as_object_mut().unwrap();
            rules.remove("identify_traits");
            rules.remove("group_traits");
        }
        for source in file["sources"].as_object_mut().unwrap().values_mut() {
            for key in ["library_config", "transformations", "reverse_etl_models"] {
                source.as_object_mut().unwrap().remove(key);
            }
            for destination in source["destinations"].as_object_mut().unwrap().values_mut() {
                destination.as_object_mut().unwrap().remove("connection_mode");
                destination.as_object_mut().unwrap().remove("insert_functions");
            }
        }
        file
    };
    assert_eq!(common(config), common(public));
}
