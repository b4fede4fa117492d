//! seg's commands on the Public API (docs/reference/commands.md, "Two APIs"), end to end against the emulator's Public
//! door: the same commands and vocabulary as on the Config API, names by slug or id (ids remembered across processes
//! and read again on a 404), a create whose answer was lost looked up before anything is retried, errors by status, the
//! service's waits honoured, and the Public API's own answers printed unchanged.

use serde_json::{Value, json};

use crate::support::{Run, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

/// `seg ARGS --api public` against this emulator (no -w: the token's workspace).
async fn public(env: &TestEnv, args: &[&str]) -> Run {
    env.seg_with(args, &[("SEG_TOKEN", WRITE), ("SEG_API", "public")]).await
}

async fn public_env() -> TestEnv {
    TestEnv::with(EmulatorOptions { rate_limit: 0, ..Default::default() }).await
}

/// The requests since the last clear, as `METHOD path?query`.
async fn sent(env: &TestEnv) -> Vec<String> {
    let requests = env.requests().await;
    env.clear_requests().await;
    requests.iter().map(|r| format!("{} {}", r["method"].as_str().unwrap(), r["uri"].as_str().unwrap())).collect()
}

async fn run(env: &TestEnv, vars: &[(&str, &str)], args: &[&str]) -> Run {
    env.seg_with(args, vars).await
}

/// The same command on each API gives the same resource in seg's vocabulary (`-o name`) and the same effect.
#[tokio::test]
async fn the_same_commands_do_the_same_on_both_apis() {
    for api in ["config", "public"] {
        let env = public_env().await;
        let vars = [("SEG_TOKEN", WRITE), ("SEG_API", api), ("SEG_WORKSPACE", "demo")];
        run(&env, &vars, &["sources", "create", "web", "--catalog", "javascript", "--display-name", "Web"])
            .await
            .code(0);
        let listed = run(&env, &vars, &["sources", "list", "-o", "name"]).await;
        assert_eq!(listed.code(0).stdout, "workspaces/demo/sources/web\n", "{api}");
        let hooks = r#"hooks=[{"hook":"https://example.com/in"}]"#;
        run(&env, &vars, &["destinations", "create", "web/webhooks", "--enabled", "--config", hooks]).await.code(0);
        run(&env, &vars, &["destinations", "patch", "web/webhooks", "--disabled"]).await.code(0);
        run(
            &env,
            &vars,
            &["destinations", "filters", "create", "web/webhooks", "--title", "T", "--if", "all", "--action", "drop"],
        )
        .await
        .code(0);
        let plan = run(&env, &vars, &["tracking-plans", "create", "--display-name", "Main", "-o", "name"]).await;
        let plan = plan.code(0).stdout.trim().rsplit('/').next().unwrap().to_string();
        assert!(plan.starts_with("rs_"), "one name for a plan on both APIs: {plan}");
        let args = ["tracking-plans", "connections", "add", plan.as_str(), "web"];
        env.seg_with(&args, &vars).await.code(0);
        let connections = env.get(&format!("/v1beta/workspaces/demo/tracking-plans/{plan}/source-connections")).await;
        assert_eq!(connections.ok()["connections"][0]["source_name"], "workspaces/demo/sources/web", "{api}");
        run(&env, &vars, &["sources", "schema-config", "update", "web", "--set", "allow_unplanned_track_events=false"])
            .await
            .code(0);
        // Whichever API made them, the Config API's view is the same.
        let source = env.get("/v1beta/workspaces/demo/sources/web").await;
        assert_eq!(source.ok()["display_name"], "Web", "{api}");
        let destination = env.get("/v1beta/workspaces/demo/sources/web/destinations/webhooks").await;
        assert_eq!(destination.ok()["enabled"], false, "{api}");
        let filters = env.get("/v1beta/workspaces/demo/sources/web/destinations/webhooks/filters").await;
        assert_eq!(filters.ok()["filters"][0]["title"], "T", "{api}");
        let schema = env.get("/v1beta/workspaces/demo/sources/web/schema-config").await;
        assert_eq!(schema.ok()["allow_unplanned_track_events"], false, "{api}");
        run(&env, &vars, &["destinations", "delete", "web/webhooks", "--yes"]).await.code(0);
        run(&env, &vars, &["sources", "delete", "web", "--yes"]).await.code(0);
        assert_eq!(env.get("/v1beta/workspaces/demo/sources/web").await.status, 404, "{api}");
    }
}

#[tokio::test]
async fn json_output_is_the_public_apis_record_and_names_read_by_slug_or_id() {
    let env = public_env().await;
    public(&env, &["sources", "create", "web", "--catalog", "javascript"]).await.code(0);
    let got = public(&env, &["sources", "get", "web", "-o", "json"]).await;
    let record = got.code(0).json();
    // The record inside `data`, as received: the Public API's own keys.
    assert_eq!(record["slug"], "web");
    assert!(record.get("writeKeys").is_some() && record.get("data").is_none(), "{record}");
    let id = record["id"].as_str().unwrap();
    let by_id = public(&env, &["sources", "get", id, "-o", "json"]).await;
    assert_eq!(by_id.code(0).json(), record);
    // `seg api` prints the whole body, envelope included.
    let raw = public(&env, &["api", "GET", &format!("sources/{id}")]).await;
    assert_eq!(raw.code(0).json()["data"]["source"]["id"], id);
    let pages = public(&env, &["api", "GET", "sources", "--paginate"]).await;
    assert_eq!(pages.code(0).json()[0]["id"], id, "{}", pages.stdout);
    // A name that cannot be a slug or an id is refused before any request.
    env.clear_requests().await;
    public(&env, &["sources", "get", "not a slug"]).await.code(2);
    assert!(sent(&env).await.is_empty());
}

#[tokio::test]
async fn ids_are_remembered_across_processes_and_read_again_when_unknown() {
    let env = public_env().await;
    public(&env, &["sources", "create", "web", "--catalog", "javascript"]).await.code(0);
    env.clear_requests().await;
    public(&env, &["sources", "get", "web"]).await.code(0);
    let first = sent(&env).await;
    public(&env, &["sources", "get", "web"]).await.code(0);
    let second = sent(&env).await;
    assert_eq!(second.len(), 1, "the slug's id is remembered: {second:?} (first run: {first:?})");
    assert!(second[0].starts_with("GET /sources/"), "{second:?}");
    // The source is made again (a new id): the remembered one is unknown now, so it is read afresh.
    env.call("DELETE", "/v1beta/workspaces/demo/sources/web", None).await.ok();
    env.create_source("demo", "web").await.ok();
    let new_id = env.get("/sources").await.json["data"]["sources"][0]["id"].as_str().unwrap().to_string();
    env.clear_requests().await;
    let run = public(&env, &["sources", "get", "web", "-o", "json"]).await;
    assert_eq!(run.code(0).json()["id"], new_id.as_str());
    let requests = sent(&env).await;
    assert!(requests.iter().any(|r| r.contains("/sources?")), "the names were read again: {requests:?}");
}

#[tokio::test]
async fn a_second_destination_of_one_entry_is_named_by_its_id_or_its_name() {
    let env = public_env().await;
    public(&env, &["sources", "create", "web", "--catalog", "javascript"]).await.code(0);
    let source = env.get("/sources").await.json["data"]["sources"][0]["id"].as_str().unwrap().to_string();
    let catalog = env.get("/catalog/destinations").await.json["data"]["destinationsCatalog"].clone();
    let webhooks = catalog.as_array().unwrap().iter().find(|d| d["slug"] == "webhooks").unwrap()["id"].clone();
    let mut ids = Vec::new();
    for name in ["First", "Second"] {
        let body = json!({"sourceId": source, "metadataId": webhooks, "name": name, "settings": {}});
        ids.push(env.call("POST", "/destinations", Some(body)).await.json["data"]["destination"]["id"].clone());
    }
    // Named as a workspace file keys them: the first of the entry by its slug, the second by its name.
    let listed = public(&env, &["destinations", "list", "--source", "web", "-o", "name"]).await;
    assert_eq!(
        listed.code(0).stdout,
        "workspaces/demo/sources/web/destinations/webhooks\nworkspaces/demo/sources/web/destinations/webhooks#Second\n"
    );
    let first = public(&env, &["destinations", "get", "web/webhooks", "-o", "json"]).await;
    assert_eq!(first.code(0).json()["id"], ids[0]);
    let by_name = public(&env, &["destinations", "get", "web/webhooks#Second", "-o", "json"]).await;
    assert_eq!(by_name.code(0).json()["id"], ids[1]);
    // The plain name makes the one destination of that entry: taken here, as on the Config API (409); a new name
    // makes one more.
    let hooks = r#"hooks=[{"hook":"https://example.com/third"}]"#;
    public(&env, &["destinations", "create", "web/webhooks", "--config", hooks]).await.code(16);
    public(&env, &["destinations", "create", "web/webhooks#Second", "--config", hooks]).await.code(16);
    let third = public(&env, &["destinations", "create", "web/webhooks#Third", "--config", hooks, "-o", "json"]).await;
    assert_eq!(third.code(0).json()["name"], "Third");
    // The Config API cannot name them: refused before any request.
    env.clear_requests().await;
    let run = env.seg_with(&["destinations", "get", "web/webhooks#Third", "-w", "demo"], &[("SEG_TOKEN", WRITE)]).await;
    run.code(2);
    assert!(run.stderr.contains("--api public"), "{}", run.stderr);
    assert!(sent(&env).await.is_empty());
    let second = format!("web/{}", ids[1].as_str().unwrap());
    let by_id = public(&env, &["destinations", "patch", &second, "--disabled", "-o", "json"]).await;
    assert_eq!(by_id.code(0).json()["enabled"], false);
    let first = env.get(&format!("/destinations/{}", ids[0].as_str().unwrap())).await;
    assert_eq!(first.json["data"]["destination"]["enabled"], true, "only the one named changed");
}

#[tokio::test]
async fn a_create_whose_answer_was_lost_is_looked_up_not_made_twice() {
    let env = public_env().await;
    // The write commits, but only after seg has stopped waiting for its answer (1 s): half a second later, so that
    // the lookups, which go on for about two seconds more, see it even on a loaded machine.
    env.fault(json!({"at": "commit", "method": "POST", "path": "/sources", "delay_ms": 1500})).await;
    let run = env
        .seg_with(
            &["sources", "create", "web", "--catalog", "javascript", "--timeout", "1s", "-o", "json"],
            &[("SEG_TOKEN", WRITE), ("SEG_API", "public")],
        )
        .await;
    assert_eq!(run.code(0).json()["slug"], "web", "found by its slug: {}", run.stderr);
    let sources = env.get("/sources").await;
    assert_eq!(sources.json["data"]["sources"].as_array().unwrap().len(), 1, "made once");
    let posts = env.requests().await.iter().filter(|r| r["method"] == "POST").count();
    assert_eq!(posts, 1, "the create was not sent again");
}

#[tokio::test]
async fn errors_map_to_exit_codes_by_status() {
    let env = public_env().await;
    let run = env.seg_with(&["sources", "list"], &[("SEG_TOKEN", "unknown-token"), ("SEG_API", "public")]).await;
    run.code(17);
    let run = env
        .seg_with(&["sources", "list", "-o", "json"], &[("SEG_TOKEN", "unknown-token"), ("SEG_API", "public")])
        .await;
    let error: Value = serde_json::from_str(run.stderr.lines().last().unwrap()).unwrap();
    assert_eq!((error["error"]["status"].as_u64(), &error["error"]["code"]), (Some(403), &Value::Null));
    public(&env, &["sources", "get", "nope"]).await.code(15);
    public(&env, &["sources", "create", "web", "--catalog", "javascript"]).await.code(0);
    public(&env, &["sources", "create", "web", "--catalog", "javascript"]).await.code(16);
    // A catalog entry is read by slug to find its id: one that is not there is not found.
    public(&env, &["sources", "create", "other", "--catalog", "nope"]).await.code(15);
    // -w must name the token's workspace: refused after the one read that tells.
    env.clear_requests().await;
    let run =
        env.seg_with(&["sources", "list", "-w", "elsewhere"], &[("SEG_TOKEN", WRITE), ("SEG_API", "public")]).await;
    run.code(2);
    assert!(run.stderr.contains("demo"), "{}", run.stderr);
    assert_eq!(sent(&env).await, ["GET /"]);
}

#[tokio::test]
async fn the_services_waits_are_honoured_and_paging_follows_the_cursor() {
    let env = public_env().await;
    for n in 0..5 {
        env.create_source("demo", &format!("s{n}")).await.ok();
    }
    env.clear_requests().await;
    let run = public(&env, &["sources", "list", "--page-size", "2", "-o", "name"]).await;
    assert_eq!(run.code(0).stdout.lines().count(), 5);
    let mut pages = sent(&env).await;
    // The token's workspace is read once, then remembered with the ids.
    assert_eq!(pages.remove(0), "GET /");
    assert_eq!(pages.len(), 3, "{pages:?}");
    assert!(pages[0].contains("pagination%5Bcount%5D=2"), "{pages:?}");
    assert!(pages[1].contains("pagination%5Bcursor%5D="), "{pages:?}");
    let run = public(&env, &["sources", "list", "--limit", "3", "--page-size", "2", "-o", "name"]).await;
    assert_eq!(run.code(0).stdout.lines().count(), 3);
    assert_eq!(sent(&env).await.len(), 2, "no page beyond what --limit needs");
    // The next page is asked for ahead while it is certain to be wanted (the second here), never beyond: each page
    // once, the last one of the size the limit leaves.
    let run = public(&env, &["sources", "list", "--limit", "5", "--page-size", "2", "-o", "name"]).await;
    let names: Vec<&str> = run.code(0).stdout.lines().map(|n| n.rsplit('/').next().unwrap()).collect();
    assert_eq!(names, ["s0", "s1", "s2", "s3", "s4"]);
    let pages = sent(&env).await;
    assert_eq!(pages.len(), 3, "{pages:?}");
    assert!(pages[2].contains("pagination%5Bcount%5D=1"), "{pages:?}");
    assert_eq!(pages.iter().collect::<std::collections::HashSet<_>>().len(), 3, "{pages:?}");
    // A 429 with the Public API's body: seg waits msBeforeNext and tries again.
    env.fault(json!({"status": 429, "path": "/sources", "count": 1})).await;
    let run = public(&env, &["sources", "list", "-o", "name"]).await;
    run.code(0);
    assert!(run.stderr.contains("429") || run.stderr.to_lowercase().contains("retry"), "{}", run.stderr);
}
