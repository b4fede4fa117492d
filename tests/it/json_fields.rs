//! One vocabulary out (docs/reference/output.md): `--json FIELD,...`
//! prints seg's neutral reading with the same names and values on both APIs, tables and `get` show only what the API
//! in use holds, and `-o name` prints the same names on both. Every case runs with `--api config` and `--api public`
//! against one emulator each.

use serde_json::{Value, json};

use crate::support::{Run, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

const APIS: [&str; 2] = ["config", "public"];

/// A workspace made through `api`: a source `web`, its webhooks destination, a plan `Main` connected to it. Answers
/// the plan's id.
async fn workspace(api: &str) -> (TestEnv, String) {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..Default::default() }).await;
    seg(&env, api, &["sources", "create", "web", "--catalog", "javascript", "--display-name", "Web"]).await.code(0);
    seg(&env, api, &["destinations", "create", "web/webhooks", "--enabled"]).await.code(0);
    let plan = seg(&env, api, &["tracking-plans", "create", "--display-name", "Main", "-o", "name"]).await;
    let plan = plan.code(0).stdout.trim().rsplit('/').next().unwrap().to_string();
    seg(&env, api, &["tracking-plans", "connections", "add", &plan, "web"]).await.code(0);
    env.clear_requests().await;
    (env, plan)
}

/// `seg ARGS` on `api`, in workspace `demo` (named, so names do not depend on how the token's workspace is spelt).
async fn seg(env: &TestEnv, api: &str, args: &[&str]) -> Run {
    env.seg_with(args, &[("SEG_TOKEN", WRITE), ("SEG_API", api), ("SEG_WORKSPACE", "demo")]).await
}

#[tokio::test]
async fn json_fields_have_the_same_names_and_values_on_both_apis() {
    let mut seen = Vec::new();
    for api in APIS {
        let (env, plan) = workspace(api).await;
        let mut results = Vec::new();
        let sources = seg(&env, api, &["sources", "list", "--json", "name,slug,display_name,catalog"]).await;
        let sources = sources.code(0).json();
        assert_eq!(
            sources,
            json!([{"name": "workspaces/demo/sources/web", "slug": "web", "display_name": "Web", "catalog": "javascript"}]),
            "{api}: an array for a list, in the order asked"
        );
        results.push(sources);
        let source = seg(&env, api, &["sources", "get", "web", "--json", "catalog,name"]).await.code(0).json();
        assert_eq!(source, json!({"catalog": "javascript", "name": "workspaces/demo/sources/web"}), "{api}");
        let keys: Vec<&String> = source.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["catalog", "name"], "{api}: the fields in the order named");
        results.push(source);
        let args = ["destinations", "list", "--all", "--json", "name,source,catalog,enabled"];
        results.push(seg(&env, api, &args).await.code(0).json());
        // A merged --all listing carries the parent, by its full name.
        let args = ["tracking-plans", "connections", "list", "--all", "--json", "source,tracking_plan"];
        let connections = seg(&env, api, &args).await.code(0).json();
        let want_plan = format!("workspaces/demo/tracking-plans/{plan}");
        assert_eq!(
            connections,
            json!([{"source": "workspaces/demo/sources/web", "tracking_plan": want_plan}]),
            "{api}: the plan a source is on"
        );
        results.push(connections);
        let plans = seg(&env, api, &["tracking-plans", "get", &plan, "--json", "name,display_name,events"]).await;
        results.push(plans.code(0).json());
        // -o ndjson streams one object a line; -o yaml is allowed; --jq runs over the --json result.
        let args = ["destinations", "list", "--all", "--json", "name,enabled", "-o", "ndjson"];
        let lines = seg(&env, api, &args).await;
        assert_eq!(
            lines.code(0).stdout,
            "{\"name\":\"workspaces/demo/sources/web/destinations/webhooks\",\"enabled\":true}\n",
            "{api}"
        );
        let yaml = seg(&env, api, &["sources", "get", "web", "--json", "slug,catalog", "-o", "yaml"]).await;
        assert_eq!(yaml.code(0).stdout, "slug: web\ncatalog: javascript\n", "{api}");
        let jq = seg(&env, api, &["sources", "list", "--json", "slug", "--jq", ".[].slug"]).await;
        assert_eq!(jq.code(0).stdout, "web\n", "{api}");
        // A field the API in use cannot fill is null, never an empty default.
        let destination =
            seg(&env, api, &["destinations", "get", "web/webhooks", "--json", "connection_mode,id"]).await;
        let destination = destination.code(0).json();
        let source = seg(&env, api, &["sources", "get", "web", "--json", "enabled,create_time"]).await.code(0).json();
        if api == "config" {
            assert!(destination["connection_mode"].is_string() && destination["id"].is_null(), "{destination}");
            assert!(source["enabled"].is_null() && source["create_time"].is_string(), "{source}");
        } else {
            assert!(destination["connection_mode"].is_null() && destination["id"].is_string(), "{destination}");
            assert_eq!((&source["enabled"], &source["create_time"]), (&json!(true), &Value::Null), "{source}");
        }
        // -o json without --json stays the service's answer as received.
        let raw = seg(&env, api, &["sources", "get", "web", "-o", "json"]).await.code(0).json();
        assert_eq!(raw.get("writeKeys").is_some(), api == "public", "{api}: {raw}");
        // The plan's id is the emulator's, another in each workspace.
        seen.push(Value::Array(results).to_string().replace(&plan, "rs_PLAN"));
    }
    assert_eq!(seen[0], seen[1], "the same fields and values on both APIs");
}

#[tokio::test]
async fn json_alone_lists_the_fields_and_bad_uses_are_usage_errors_before_any_request() {
    for api in APIS {
        let (env, _) = workspace(api).await;
        let listed = seg(&env, api, &["destinations", "list", "--all", "--json"]).await;
        let fields: Vec<&str> = listed.code(0).stdout.lines().collect();
        assert!(fields.starts_with(&["name", "source", "catalog", "display_name", "enabled", "id"]), "{fields:?}");
        let listed = seg(&env, api, &["tracking-plans", "connections", "list", "--all", "--json"]).await;
        assert_eq!(listed.code(0).stdout, "source\ntracking_plan\n", "{api}");
        let unknown = seg(&env, api, &["sources", "list", "--json", "name,nope"]).await;
        assert!(unknown.code(2).stderr.contains("nope") && unknown.stderr.contains("display_name"), "{unknown:?}");
        for format in ["table", "name"] {
            let refused = seg(&env, api, &["sources", "list", "--json", "name", "-o", format]).await;
            assert!(refused.code(2).stderr.contains("--json"), "{refused:?}");
        }
        // A variable's format is a default --json overrides.
        let run = env
            .seg_with(
                &["sources", "list", "--json", "slug"],
                &[("SEG_TOKEN", WRITE), ("SEG_API", api), ("SEG_WORKSPACE", "demo"), ("SEG_OUTPUT", "table")],
            )
            .await;
        assert_eq!(run.code(0).json(), json!([{"slug": "web"}]), "{api}");
        env.clear_requests().await;
        seg(&env, api, &["sources", "list", "--json"]).await.code(0);
        seg(&env, api, &["sources", "list", "--json", "nope"]).await.code(2);
        seg(&env, api, &["sources", "get", "web", "--json", "slug", "-o", "table"]).await.code(2);
        assert!(env.requests().await.is_empty(), "{api}: nothing was sent");
        // A command that prints no resource has no fields.
        seg(&env, api, &["webhook", "sample", "--type", "track", "--json", "name"]).await.code(2);
    }
}

#[tokio::test]
async fn tables_and_get_show_only_what_the_api_holds() {
    for api in APIS {
        let (env, plan) = workspace(api).await;
        let holds_config_fields = api == "config";
        let table = seg(&env, api, &["destinations", "list", "--all", "-o", "table"]).await;
        let header: Vec<&str> = table.code(0).stdout.lines().next().unwrap().split_whitespace().collect();
        assert_eq!(header.contains(&"MODE"), holds_config_fields, "{api}: {header:?}");
        assert_eq!(header.contains(&"UPDATED"), holds_config_fields, "{api}: {header:?}");
        assert!(header.starts_with(&["SOURCE", "NAME", "ENABLED"]), "{api}: {header:?}");
        let sources = seg(&env, api, &["sources", "list", "-o", "table"]).await;
        let header = sources.code(0).stdout.lines().next().unwrap().to_string();
        assert_eq!(header.contains("CREATED"), holds_config_fields, "{api}: {header}");
        // `get`: no default the service did not send.
        let source = seg(&env, api, &["sources", "get", "web", "-o", "table"]).await;
        let source = &source.code(0).stdout;
        assert_eq!(source.contains("library_config"), holds_config_fields, "{api}: {source}");
        assert_eq!(source.contains("retry_queue"), holds_config_fields, "{api}: {source}");
        assert_eq!(source.contains("create_time"), holds_config_fields, "{api}: {source}");
        let destination = seg(&env, api, &["destinations", "get", "web/webhooks", "-o", "table"]).await;
        let destination = &destination.code(0).stdout;
        assert_eq!(destination.contains("connection_mode"), holds_config_fields, "{api}: {destination}");
        assert_eq!(destination.contains("update_time"), holds_config_fields, "{api}: {destination}");
        let got = seg(&env, api, &["tracking-plans", "get", &plan, "-o", "table"]).await;
        assert_eq!(got.code(0).stdout.contains("identify_traits"), holds_config_fields, "{api}: {}", got.stdout);
        // A merged --all listing shows the parent.
        let connections = seg(&env, api, &["tracking-plans", "connections", "list", "--all", "-o", "table"]).await;
        let lines: Vec<&str> = connections.code(0).stdout.lines().collect();
        assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), ["SOURCE", "TRACKING", "PLAN"], "{api}");
        assert_eq!(lines[1].split_whitespace().collect::<Vec<_>>(), ["web", plan.as_str()], "{api}");
    }
}

#[tokio::test]
async fn names_are_the_same_on_both_apis_and_each_command_takes_its_own() {
    let mut seen = Vec::new();
    for api in APIS {
        let (env, plan) = workspace(api).await;
        let mut names = String::new();
        for args in [
            vec!["sources", "list"],
            vec!["destinations", "list", "--all"],
            vec!["tracking-plans", "list"],
            vec!["tracking-plans", "connections", "list", "--all"],
        ] {
            let run = seg(&env, api, &[&args[..], &["-o", "name"]].concat()).await;
            names.push_str(&run.code(0).stdout);
        }
        assert_eq!(
            names,
            format!(
                "workspaces/demo/sources/web\nworkspaces/demo/sources/web/destinations/webhooks\n\
                 workspaces/demo/tracking-plans/{plan}\nworkspaces/demo/sources/web\n"
            ),
            "{api}"
        );
        // The name printed is one the same command takes.
        for (kind, name) in [
            ("sources", "workspaces/demo/sources/web".to_string()),
            ("destinations", "workspaces/demo/sources/web/destinations/webhooks".to_string()),
            ("tracking-plans", format!("workspaces/demo/tracking-plans/{plan}")),
        ] {
            let got = seg(&env, api, &[kind, "get", &name, "-o", "name"]).await;
            assert_eq!(got.code(0).stdout, format!("{name}\n"), "{api}");
        }
        seen.push(names);
    }
    assert_eq!(seen[0].lines().count(), 4);
}

#[tokio::test]
async fn a_further_destination_of_one_catalog_entry_is_named_by_its_name_on_the_public_api() {
    let (env, _) = workspace("public").await;
    seg(&env, "public", &["destinations", "create", "web/webhooks#second"]).await.code(0);
    let names = seg(&env, "public", &["destinations", "list", "--source", "web", "-o", "name"]).await;
    let second = "workspaces/demo/sources/web/destinations/webhooks#second";
    assert_eq!(names.code(0).stdout, format!("workspaces/demo/sources/web/destinations/webhooks\n{second}\n"));
    let got = seg(&env, "public", &["destinations", "get", second, "--json", "name,catalog,display_name"]).await;
    assert_eq!(got.code(0).json(), json!({"name": second, "catalog": "webhooks", "display_name": "second"}));
}
