//! Plans tell the truth (issue 34, items 9, 10, 11 and 13), on both APIs: a destination keyed `SLUG#NAME` is the
//! destination of that entry with that name, whichever it is; two keys naming one destination are refused before
//! any request; `requests` is what `apply` sends, for every kind of change; a delete's cascade counts each resource
//! once; a saved plan that makes a source with its schema config applies; both APIs export the same names.

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
    // trait lists and its version are what the Public API lacks).
    let common = |mut file: Value| {
        file.as_object_mut().unwrap().remove("api_version");
        for plan in file["tracking_plans"].as_object_mut().unwrap().values_mut() {
            let rules = plan["rules"].as_object_mut().unwrap();
            rules.remove("identify_traits");
            rules.remove("group_traits");
        }
        for source in file["sources"].as_object_mut().unwrap().values_mut() {
            source.as_object_mut().unwrap().remove("library_config");
            for destination in source["destinations"].as_object_mut().unwrap().values_mut() {
                destination.as_object_mut().unwrap().remove("connection_mode");
            }
        }
        file
    };
    assert_eq!(common(config), common(public));
}
