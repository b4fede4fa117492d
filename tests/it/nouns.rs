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
pub const NOUNS: &[&str] = &[
    "warehouses",
    "functions",
    "transformations",
    "reverse-etl-models",
    "users",
    "user-groups",
    "roles",
    "labels",
    "audit-trail",
];

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
    let refused = public(&env, &["warehouses", "update", "Primary", "--settings", &censored]).await;
    assert!(refused.code(2).stderr.contains("censored"), "{}", refused.stderr);
    public(&env, &["warehouses", "update", "Primary"]).await.code(2);
    assert_eq!(env.requests().await, Vec::<serde_json::Value>::new(), "refused before any request, reads too");

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
        vec!["functions", "list"],
        vec!["functions", "instances", "list", "Enrich"],
        vec!["transformations", "get", "Rename"],
        vec!["reverse-etl-models", "list"],
        vec!["users", "list"],
        vec!["users", "invites", "create", "ada@example.com"],
        vec!["user-groups", "create", "Analysts"],
        vec!["roles", "list"],
        vec!["labels", "list"],
        vec!["audit-trail", "list"],
    ] {
        let mut all = args.clone();
        all.extend(["-w", "demo"]);
        let run = env.seg(&all).await;
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("Public API resource"), "{args:?}: {}", run.stderr);
    }
    assert!(env.requests().await.is_empty(), "no request on the Config API");
}

/// A webhooks destination of `web`, made through the Config door, for a function's instances.
async fn webhooks(env: &TestEnv) {
    let destination = json!({"destination": {"name": "workspaces/demo/sources/web/destinations/webhooks",
        "enabled": true, "config": [{"name": "hooks", "value": [{"hook": "https://example.com/in"}]}]}});
    let made = env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(destination)).await;
    assert_eq!(made.status, 200, "{}", made.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn functions_and_their_instances() {
    let env = env().await;
    source(&env, "web").await;
    webhooks(&env).await;
    let code = "async function onTrack(event) { return event }\n";
    std::fs::write(env.path("fn.js"), code).unwrap();
    let file = env.path("fn.js").display().to_string();

    let run = public(&env, &["functions", "create", "Enrich", "--type", "insert-destination", "--code", &file]).await;
    run.code(0);
    let id = run.json()["id"].as_str().unwrap().to_string();
    assert!(id.starts_with("ifnd_"), "{id}");
    let stored = env.get(&format!("/functions/{id}")).await;
    assert_eq!(stored.json["data"]["function"]["code"], code);
    let run = public(&env, &["functions", "get", "Enrich", "-o", "ndjson"]).await;
    assert_eq!(run.stdout.trim_end(), sent(&stored.text, "function"));
    // Every kind is listed (one listing each), or the kind asked for.
    let run = public(&env, &["functions", "list", "-o", "name"]).await;
    assert_eq!(run.stdout.trim(), format!("workspaces/demo/functions/{id}"));
    let run = public(&env, &["functions", "list", "--type", "source", "-o", "json"]).await;
    assert_eq!(run.json(), json!([]));
    table(&env, &["functions", "list"]).await;
    // A file of code that cannot be read is named, nothing written.
    env.clear_requests().await;
    let run = public(&env, &["functions", "update", "Enrich", "--code", "/nonexistent/fn.js"]).await;
    run.code(2);
    assert!(run.stderr.contains("/nonexistent/fn.js"), "{}", run.stderr);
    assert!(env.requests().await.iter().all(|r| r["method"] == "GET"));
    std::fs::write(env.path("fn.js"), "// v2\n").unwrap();
    public(&env, &["functions", "update", "Enrich", "--code", &file, "--rename", "Enrich v2"]).await.code(0);
    let now = &env.get(&format!("/functions/{id}")).await.json["data"]["function"];
    assert_eq!((now["code"].as_str(), now["displayName"].as_str()), (Some("// v2\n"), Some("Enrich v2")));

    // Its instances, on a destination named as `seg destinations` names it.
    let run = public(&env, &["functions", "instances", "create", "Enrich v2", "web/webhooks", "--name", "CRM"]).await;
    run.code(0);
    let instance = run.json()["id"].as_str().unwrap().to_string();
    let stored = env.get(&format!("/insert-function-instances/{instance}")).await;
    assert_eq!(stored.json["data"]["insertFunctionInstance"]["classId"], id.as_str());
    let run = public(&env, &["functions", "instances", "get", "Enrich v2", "CRM", "-o", "ndjson"]).await;
    assert_eq!(run.stdout.trim_end(), sent(&stored.text, "insertFunctionInstance"));
    let listed = env.get(&format!("/insert-function-instances?functionId={id}")).await;
    let run = public(&env, &["functions", "instances", "list", &id, "-o", "ndjson"]).await;
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), sent_items(&listed.text, "instances"));
    table(&env, &["functions", "instances", "list", "Enrich v2"]).await;
    public(&env, &["functions", "instances", "update", "Enrich v2", "CRM", "--disabled", "--rename", "Sales"])
        .await
        .code(0);
    let now = &env.get(&format!("/insert-function-instances/{instance}")).await.json["data"]["insertFunctionInstance"];
    assert_eq!((now["enabled"].as_bool(), now["name"].as_str()), (Some(false), Some("Sales")));
    public(&env, &["functions", "instances", "delete", "Enrich v2", "Sales", "--yes"]).await.code(0);
    assert_eq!(env.get(&format!("/insert-function-instances/{instance}")).await.status, 404);
    public(&env, &["functions", "delete", "Enrich v2", "--yes"]).await.code(0);
    assert_eq!(env.get(&format!("/functions/{id}")).await.status, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn transformations_and_reverse_etl_models() {
    let env = env().await;
    let web = source(&env, "web").await;

    let run = public(&env, &["transformations", "create", "Rename", "--source", "web", "--if", "event = \"A\""]);
    let run = run.await;
    run.code(0);
    let id = run.json()["id"].as_str().unwrap().to_string();
    let stored = env.get(&format!("/transformations/{id}")).await;
    assert_eq!(stored.json["data"]["transformation"]["sourceId"], web.as_str());
    let run = public(&env, &["transformations", "get", "Rename", "-o", "ndjson"]).await;
    assert_eq!(run.stdout.trim_end(), sent(&stored.text, "transformation"));
    let listed = env.get("/transformations").await;
    let run = public(&env, &["transformations", "list", "-o", "ndjson"]).await;
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), sent_items(&listed.text, "transformations"));
    table(&env, &["transformations", "list"]).await;
    public(&env, &["transformations", "update", "Rename", "--new-event-name", "B", "--disabled"]).await.code(0);
    let now = &env.get(&format!("/transformations/{id}")).await.json["data"]["transformation"];
    assert_eq!((now["newEventName"].as_str(), now["enabled"].as_bool()), (Some("B"), Some(false)));
    public(&env, &["transformations", "delete", "Rename", "--yes"]).await.code(0);
    assert_eq!(env.get(&format!("/transformations/{id}")).await.status, 404);

    let args = ["reverse-etl-models", "create", "Customers", "--source", &web, "--query", "select 1"];
    let run = public(&env, &[&args[..], &["--identifier-column", "id"]].concat()).await;
    run.code(0);
    let id = run.json()["id"].as_str().unwrap().to_string();
    let stored = env.get(&format!("/reverse-etl-models/{id}")).await;
    assert_eq!(stored.json["data"]["reverseEtlModel"]["scheduleStrategy"], "MANUAL");
    let run = public(&env, &["reverse-etl-models", "get", "Customers", "-o", "ndjson"]).await;
    assert_eq!(run.stdout.trim_end(), sent(&stored.text, "reverseEtlModel"));
    let listed = env.get("/reverse-etl-models").await;
    let run = public(&env, &["reverse-etl-models", "list", "-o", "ndjson"]).await;
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), sent_items(&listed.text, "models"));
    table(&env, &["reverse-etl-models", "list"]).await;
    public(&env, &["reverse-etl-models", "update", "Customers", "--query", "select 2", "--schedule", "periodic"])
        .await
        .code(0);
    let now = &env.get(&format!("/reverse-etl-models/{id}")).await.json["data"]["reverseEtlModel"];
    assert_eq!((now["query"].as_str(), now["scheduleStrategy"].as_str()), (Some("select 2"), Some("PERIODIC")));
    public(&env, &["reverse-etl-models", "delete", "Customers", "--yes"]).await.code(0);
    assert_eq!(env.get(&format!("/reverse-etl-models/{id}")).await.status, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn users_groups_roles_labels_and_the_audit_trail() {
    let env = env().await;
    let web = source(&env, "web").await;
    let owner = crate::commands::OWNER;

    // Users, by email; their permissions set by role name, on a source named by its slug.
    let users = env.get("/users").await;
    let run = public(&env, &["users", "list", "-o", "ndjson"]).await;
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), sent_items(&users.text, "users"));
    let id = users.json["data"]["users"][0]["id"].as_str().unwrap().to_string();
    let stored = env.get(&format!("/users/{id}")).await;
    let run = public(&env, &["users", "get", owner, "-o", "ndjson"]).await;
    assert_eq!(run.stdout.trim_end(), sent(&stored.text, "user"));
    table(&env, &["users", "list"]).await;
    let run = public(&env, &["users", "update", owner, "--permission", "Source Admin=source:web"]).await;
    run.code(0);
    let now = &env.get(&format!("/users/{id}")).await.json["data"]["user"]["permissions"];
    assert_eq!(now[0]["roleName"], "Source Admin");
    assert_eq!(now[0]["resources"], json!([{"id": web, "type": "SOURCE"}]));
    // Added to, not replaced: a POST, the role before kept.
    env.clear_requests().await;
    public(&env, &["users", "update", owner, "--add-permission", "Workspace Member"]).await.code(0);
    let written: Vec<String> = env
        .requests()
        .await
        .iter()
        .filter(|r| r["method"] != "GET")
        .map(|r| format!("{} {}", r["method"].as_str().unwrap(), r["uri"].as_str().unwrap()))
        .collect();
    assert_eq!(written, [format!("POST /users/{id}/permissions")]);
    let now = &env.get(&format!("/users/{id}")).await.json["data"]["user"]["permissions"];
    let roles: Vec<&str> = now.as_array().unwrap().iter().map(|p| p["roleName"].as_str().unwrap()).collect();
    assert_eq!(roles, ["Source Admin", "Workspace Member"], "{now}");
    let both = public(
        &env,
        &["users", "update", owner, "--permission", "Workspace Member", "--add-permission", "Workspace Member"],
    )
    .await;
    assert!(both.code(2).stderr.contains("cannot be used with"), "{}", both.stderr);
    public(&env, &["users", "update", owner, "--permission", "Source Admin=source:web"]).await.code(0);
    // A role or a source that does not exist is refused before any write, naming it.
    env.clear_requests().await;
    for (permission, named) in [("Overlord", "Overlord"), ("Source Admin=source:nosuch", "nosuch")] {
        let run = public(&env, &["users", "update", owner, "--permission", permission]).await;
        run.code(2);
        assert!(run.stderr.contains(named), "{}", run.stderr);
    }
    assert!(env.requests().await.iter().all(|r| r["method"] == "GET"), "nothing written");

    // Invites to the workspace.
    public(&env, &["users", "invites", "create", "ada@example.com", "--permission", "Workspace Member"]).await.code(0);
    let run = public(&env, &["users", "invites", "list", "-o", "json"]).await;
    assert_eq!(run.json(), env.get("/invites").await.json["data"]["invites"]);
    public(&env, &["users", "invites", "delete", "ada@example.com", "--yes"]).await.code(0);
    assert_eq!(env.get("/invites").await.json["data"]["invites"], json!([]));

    // A user group: made, named, members and permissions set, members added and removed, deleted.
    let run = public(&env, &["user-groups", "create", "Analysts"]).await;
    run.code(0);
    let group = run.json()["id"].as_str().unwrap().to_string();
    let args = ["user-groups", "update", "Analysts", "--rename", "Data", "--users", &format!("{owner},bo@example.com")];
    public(&env, &[&args[..], &["--permission", "Source Admin=source:web"]].concat()).await.code(0);
    let stored = env.get(&format!("/groups/{group}")).await;
    let now = &stored.json["data"]["userGroup"];
    assert_eq!((now["name"].as_str(), now["memberCount"].as_u64()), (Some("Data"), Some(1)));
    assert_eq!(now["permissions"][0]["resources"], json!([{"id": web, "type": "SOURCE"}]));
    public(&env, &["user-groups", "update", "Data", "--add-permission", "Workspace Member"]).await.code(0);
    let added = env.get(&format!("/groups/{group}")).await.json["data"]["userGroup"]["permissions"].clone();
    assert_eq!(
        (added[0]["roleName"].as_str(), added[1]["roleName"].as_str()),
        (Some("Source Admin"), Some("Workspace Member"))
    );
    let stored = env.get(&format!("/groups/{group}")).await;
    let run = public(&env, &["user-groups", "get", "Data", "-o", "ndjson"]).await;
    assert_eq!(run.stdout.trim_end(), sent(&stored.text, "userGroup"));
    let members = env.get(&format!("/groups/{group}/users")).await;
    let run = public(&env, &["user-groups", "users", "list", "Data", "-o", "ndjson"]).await;
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), sent_items(&members.text, "users"));
    let run = public(&env, &["user-groups", "invites", "list", "Data", "-o", "json"]).await;
    assert_eq!(run.json(), json!(["bo@example.com"]));
    public(&env, &["user-groups", "users", "add", "Data", "cy@example.com"]).await.code(0);
    public(&env, &["user-groups", "users", "remove", "Data", owner, "bo@example.com"]).await.code(0);
    let invited = env.get(&format!("/groups/{group}/invites")).await;
    assert_eq!(invited.json["data"]["emails"], json!(["cy@example.com"]));
    assert_eq!(env.get(&format!("/groups/{group}")).await.json["data"]["userGroup"]["memberCount"], 0);
    table(&env, &["user-groups", "list"]).await;
    table(&env, &["user-groups", "users", "list", "Data"]).await;
    public(&env, &["user-groups", "delete", "Data", "--yes"]).await.code(0);
    assert_eq!(env.get(&format!("/groups/{group}")).await.status, 404);

    // Roles, labels, the audit trail.
    let roles = env.get("/roles?pagination[count]=200").await;
    let run = public(&env, &["roles", "list", "-o", "ndjson"]).await;
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), sent_items(&roles.text, "roles"));
    table(&env, &["roles", "list"]).await;
    let run = public(&env, &["labels", "create", "team:data", "--description", "Data", "-o", "name"]).await;
    assert_eq!(run.stdout.trim(), "workspaces/demo/labels/team:data");
    let labels = env.get("/labels").await;
    let run = public(&env, &["labels", "list", "-o", "ndjson"]).await;
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), sent_items(&labels.text, "labels"));
    table(&env, &["labels", "list"]).await;
    public(&env, &["labels", "create", "team"]).await.code(2);
    public(&env, &["labels", "delete", "team:data", "--yes"]).await.code(0);
    let left = env.get("/labels").await.json["data"]["labels"].clone();
    assert!(left.as_array().unwrap().iter().all(|l| l["key"] != "team"), "{left}");
    let events = env.get("/audit-events?resourceType=Source").await;
    let run = public(&env, &["audit-trail", "list", "--resource-type", "Source", "-o", "ndjson"]).await;
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), sent_items(&events.text, "events"));
    assert!(!run.stdout.is_empty());
    table(&env, &["audit-trail", "list"]).await;
}
