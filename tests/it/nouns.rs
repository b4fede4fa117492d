//! The Public API's own resources, end to end against `seg serve` (docs/reference/commands.md, "Public API
//! resources"): each noun's list, get, create, update and delete do what they say in the emulator's store; a name is
//! resolved to an id by one listing, two of a name exit 2 naming their ids, none exits 15; `-o json` and `-o ndjson`
//! print the emulator's record as it sent it; tables fit 80 columns; on the Config API every command is a usage
//! error before any request (tests/it/both_apis.rs runs every leaf so).

use indexmap::IndexMap;
use serde_json::json;
use serde_json::value::RawValue;
use unicode_width::UnicodeWidthStr;

use crate::commands::{POSTGRES, POSTGRES_SETTINGS};
use crate::support::{Run, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

/// The nouns of the Public API's own resources, as the command tree names them.
pub const NOUNS: &[&str] = &["warehouses"];

async fn env() -> TestEnv {
    TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await
}

/// `seg ARGS` on the Public API with the write token.
async fn public(env: &TestEnv, args: &[&str]) -> Run {
    env.seg_with(args, &[("SEG_TOKEN", WRITE), ("SEG_API", "public")]).await
}

/// The text of `data.<key>` in an answer of the emulator, as it sent it.
fn sent(body: &str, key: &str) -> String {
    let body: IndexMap<String, Box<RawValue>> = serde_json::from_str(body).unwrap();
    let data: IndexMap<String, Box<RawValue>> = serde_json::from_str(body["data"].get()).unwrap();
    data.get(key).unwrap_or_else(|| panic!("no data.{key} in {body:?}")).get().to_string()
}

/// Each record of a list the emulator sent under `data.<key>`, as it sent it.
fn sent_items(body: &str, key: &str) -> Vec<String> {
    let items: Vec<Box<RawValue>> = serde_json::from_str(&sent(body, key)).unwrap();
    items.iter().map(|item| item.get().to_string()).collect()
}

/// A source of the workspace, made through the Public door: its id.
async fn source(env: &TestEnv, slug: &str) -> String {
    let catalog = env.get("/catalog/sources").await.ok()["data"]["sourcesCatalog"].clone();
    let javascript = catalog.as_array().unwrap().iter().find(|s| s["slug"] == "javascript").unwrap()["id"].clone();
    let made =
        env.call("POST", "/sources", Some(json!({"slug": slug, "enabled": true, "metadataId": javascript}))).await;
    assert_eq!(made.status, 201, "{}", made.text);
    made.json["data"]["source"]["id"].as_str().unwrap().to_string()
}

/// Every line of a table at 80 columns fits them.
#[track_caller]
fn fits(run: &Run) {
    for line in run.stdout.lines() {
        assert!(line.width() <= 80, "a line of {} columns: {line}\n{}", line.width(), run.stdout);
    }
}

async fn table(env: &TestEnv, args: &[&str]) -> Run {
    let mut all = args.to_vec();
    all.extend(["-o", "table"]);
    let run = env.seg_with(&all, &[("SEG_TOKEN", WRITE), ("SEG_API", "public"), ("COLUMNS", "80")]).await;
    run.code(0);
    fits(&run);
    run
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn warehouses_are_listed_shown_made_changed_connected_and_deleted() {
    let env = env().await;
    let web = source(&env, "web").await;

    // Made by its catalog entry's slug, with its settings; what seg prints is the emulator's record.
    let made =
        public(&env, &["warehouses", "create", "Main", "--catalog", "postgres", "--settings", POSTGRES_SETTINGS]);
    let made = made.await;
    made.code(0);
    let id = made.json()["id"].as_str().unwrap().to_string();
    let stored = env.get(&format!("/warehouses/{id}")).await;
    assert_eq!(made.json(), stored.json["data"]["warehouse"], "{}", made.stdout);
    assert_eq!(stored.json["data"]["warehouse"]["metadata"]["slug"], "postgres");
    assert_eq!(stored.json["data"]["warehouse"]["settings"]["port"], 5432);
    // By name, by id and by full name, as received: byte for byte with -o ndjson.
    for name in ["Main", id.as_str(), &format!("workspaces/demo/warehouses/{id}")] {
        let run = public(&env, &["warehouses", "get", name, "-o", "ndjson"]).await;
        run.code(0);
        assert_eq!(run.stdout.trim_end(), sent(&stored.text, "warehouse"), "{name}");
    }
    // A catalog entry by its id; one that does not exist is refused before any write.
    let second =
        public(&env, &["warehouses", "create", "Main", "--catalog", POSTGRES, "--settings", POSTGRES_SETTINGS]);
    let second = second.await.json()["id"].as_str().unwrap().to_string();
    env.clear_requests().await;
    let run = public(&env, &["warehouses", "create", "X", "--catalog", "nosuch", "--settings", "{}"]).await;
    run.code(2);
    assert!(run.stderr.contains("nosuch"), "{}", run.stderr);
    assert!(env.requests().await.iter().all(|r| r["method"] == "GET"), "nothing written");

    // Two of a name: exit 2 naming both ids; none: exit 15.
    let run = public(&env, &["warehouses", "get", "Main"]).await;
    run.code(2);
    assert!(run.stderr.contains(&id) && run.stderr.contains(&second), "{}", run.stderr);
    public(&env, &["warehouses", "get", "Nothing"]).await.code(15);
    public(&env, &["warehouses", "delete", &second, "--yes"]).await.code(0);

    // The listing, as received, and as a table that fits 80 columns.
    let listed = env.get("/warehouses").await;
    let run = public(&env, &["warehouses", "list", "-o", "ndjson"]).await;
    run.code(0);
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), sent_items(&listed.text, "warehouses"));
    let run = table(&env, &["warehouses", "list"]).await;
    assert!(run.stdout.starts_with("ID") && run.stdout.contains("Main") && run.stdout.contains("postgres"));
    let run = table(&env, &["warehouses", "get", "Main"]).await;
    assert!(run.stdout.contains("display_name") && run.stdout.contains("••••"), "{}", run.stdout);
    let run = public(&env, &["warehouses", "list", "--json", "id,display_name,catalog,enabled"]).await;
    assert_eq!(run.json(), json!([{"id": id, "display_name": "Main", "catalog": "postgres", "enabled": true}]));
    public(&env, &["warehouses", "list", "-o", "name"]).await.code(0);

    // Changed: only what is given, settings merged by key; a secret as the service shows it is refused, unsent.
    let run = public(&env, &["warehouses", "update", "Main", "--rename", "Primary", "--disabled"]).await;
    run.code(0);
    let now = &env.get(&format!("/warehouses/{id}")).await.json["data"]["warehouse"];
    assert_eq!((now["name"].as_str(), now["enabled"].as_bool()), (Some("Primary"), Some(false)));
    public(&env, &["warehouses", "update", "Primary", "--settings", r#"{"port": 6543}"#]).await.code(0);
    let now = &env.get(&format!("/warehouses/{id}")).await.json["data"]["warehouse"];
    assert_eq!((now["settings"]["port"].as_i64(), now["settings"]["hostname"].as_str()), (Some(6543), Some("db")));
    env.clear_requests().await;
    let censored = now["settings"]["password"].as_str().unwrap().to_string();
    let censored = json!({"password": censored}).to_string();
    public(&env, &["warehouses", "update", "Primary", "--settings", &censored]).await.code(2);
    public(&env, &["warehouses", "update", "Primary"]).await.code(2);
    assert!(env.requests().await.iter().all(|r| r["method"] == "GET"), "refused before any write");

    // Connected to a source, listed, disconnected.
    let run = public(&env, &["warehouses", "connections", "add", "Primary", "web", "-o", "name"]).await;
    run.code(0);
    assert_eq!(run.stdout.trim(), format!("workspaces/demo/warehouses/{id}/connected-sources/web"));
    let connected = env.get(&format!("/warehouses/{id}/connected-sources")).await;
    assert_eq!(connected.json["data"]["sources"][0]["id"], web.as_str());
    let run = public(&env, &["warehouses", "connections", "list", "Primary", "-o", "ndjson"]).await;
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), sent_items(&connected.text, "sources"));
    table(&env, &["warehouses", "connections", "list", "Primary"]).await;
    let run = public(&env, &["warehouses", "list", "--source", "web", "-o", "name"]).await;
    assert_eq!(run.stdout.trim(), format!("workspaces/demo/warehouses/{id}"));
    public(&env, &["warehouses", "connections", "remove", "Primary", "web"]).await.code(0);
    assert_eq!(env.get(&format!("/warehouses/{id}/connected-sources")).await.json["data"]["sources"], json!([]));
    public(&env, &["warehouses", "connections", "remove", "Primary", "web"]).await.code(15);

    // Deleted after a confirmation: without a terminal, only with --yes.
    env.clear_requests().await;
    public(&env, &["warehouses", "delete", "Primary"]).await.code(2);
    assert!(env.requests().await.iter().all(|r| r["method"] == "GET"), "nothing deleted unasked");
    public(&env, &["warehouses", "delete", "Primary", "--yes"]).await.code(0);
    assert_eq!(env.get(&format!("/warehouses/{id}")).await.status, 404);
}

/// On the Config API, which has none of them, every command is refused before any request, saying so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_config_api_has_none_of_them() {
    let env = env().await;
    for args in [
        vec!["warehouses", "list"],
        vec!["warehouses", "get", "Main"],
        vec!["warehouses", "create", "X", "--catalog", "postgres"],
        vec!["warehouses", "delete", "Main", "--yes"],
        vec!["warehouses", "connections", "add", "Main", "web"],
    ] {
        let mut all = args.clone();
        all.extend(["-w", "demo"]);
        let run = env.seg(&all).await;
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("Public API resource"), "{args:?}: {}", run.stderr);
    }
    assert!(env.requests().await.is_empty(), "no request on the Config API");
}
