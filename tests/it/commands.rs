//! One case (or more) for every leaf of the command tree, in a world where each has something to act on: what
//! `--dry-run` must do for each (tests/it/dry_run.rs, which fails on a leaf without a case), and the commands whose
//! requests the coverage table measures (tests/it/coverage.rs).

use std::path::Path;

use serde_json::json;
use tokio::sync::mpsc;

use crate::support::{TestEnv, WRITE};
use seg::emulator::EmulatorOptions;
use seg::webhook::listen;

/// What a command's dry run must do.
pub enum Expect {
    /// Only reads (or nothing at all): exit with this code.
    Reads(i32),
    /// Describes this many requests on stdout, one JSON line each, and sends none.
    Describes(usize),
    /// Names on stderr the file or keyring entry it would change.
    Names(&'static str),
    /// Cannot honour --dry-run: refuses it (exit 2).
    Refuses,
    /// A server: tested on its own below.
    Serves,
}

pub struct Case {
    pub args: Vec<String>,
    pub stdin: Vec<u8>,
    pub expect: Expect,
}

fn case(args: &[&str], expect: Expect) -> Case {
    Case { args: args.iter().map(|a| a.to_string()).collect(), stdin: Vec::new(), expect }
}

/// A workspace with one of everything, a webhook receiver its destination points at, and a profile with a stored
/// token, so that every command has something to change.
pub async fn world() -> (TestEnv, String, mpsc::UnboundedReceiver<listen::Received>, String, String) {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    let (sink, received) = mpsc::unbounded_channel();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let hook = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(axum::serve(listener, listen::router(listen::ListenOptions::default(), sink)).into_future());
    env.create_source("demo", "web").await.ok();
    let destination = json!({"destination": {"name": "workspaces/demo/sources/web/destinations/webhooks", "enabled": true,
        "config": [{"name": "hooks", "value": [{"hook": hook}]}, {"name": "sharedSecret", "value": "s3cret"}]}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(destination)).await.ok();
    let plan = env
        .call("POST", "/v1beta/workspaces/demo/tracking-plans", Some(json!({"tracking_plan": {"display_name": "P"}})))
        .await;
    let plan = plan.ok()["name"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    let body = json!({"source_name": "workspaces/demo/sources/web"});
    env.call("POST", &format!("/v1beta/workspaces/demo/tracking-plans/{plan}/source-connections"), Some(body))
        .await
        .ok();
    let body = json!({"regulation_type": "Suppress", "attributes": {"name": "userId", "values": ["u1"]}});
    let regulation = env.call("POST", "/v1beta/workspaces/demo/regulations", Some(body)).await;
    let regulation = regulation.ok()["regulate_id"].as_str().unwrap().to_string();
    let config = env.path(".config/seg");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("config.toml"), "[profiles.default]\nworkspace = \"demo\"\n").unwrap();
    std::fs::write(config.join("credentials.toml"), format!("[tokens]\ndefault = \"{WRITE}\"\n")).unwrap();
    // Workspace files: one in sync, one with a source to create.
    std::fs::write(env.path("in-sync.yaml"), "format: seg/1\nworkspace: demo\n").unwrap();
    let more = "format: seg/1\nworkspace: demo\nsources:\n  extra:\n    catalog_name: catalog/sources/javascript\n";
    std::fs::write(env.path("more.yaml"), more).unwrap();
    std::fs::write(env.path("each.txt"), "web/webhooks\n{\"name\": \"web/webhooks\"}\n").unwrap();
    // A Webhooks (Actions) destination with a mapping, for `destinations mappings` (a Public API resource).
    let actions = json!({"destination": {"name": "workspaces/demo/sources/web/destinations/actions-webhook",
        "enabled": true, "config": [{"name": "sharedSecret", "value": "s3cret"}]}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(actions)).await.ok();
    let public = [("SEG_TOKEN", WRITE), ("SEG_API", "public")];
    let mapping = [
        "destinations",
        "mappings",
        "create",
        "web/actions-webhook",
        "Orders",
        "--trigger",
        "type = \"track\"",
        "--settings",
        &format!(r#"{{"url": "{hook}"}}"#),
    ];
    env.seg_with(&mapping, &public).await.code(0);
    std::fs::write(env.path("mappings.txt"), "Orders\n").unwrap();
    // The Public API's own resources (tests/it/nouns.rs), made through its door.
    public_world(&env).await;
    // A saved plan with one write, for `apply --plan`.
    let (more, saved) = (env.path("more.yaml"), env.path("saved-plan.json"));
    let args = ["diff", "--file", more.to_str().unwrap(), "--out", saved.to_str().unwrap()];
    env.seg_with(&args, &[("SEG_TOKEN", WRITE)]).await.code(1);
    env.clear_requests().await;
    (env, hook, received, plan, regulation)
}

/// The id of the built-in warehouse catalog's `postgres` entry (the emulator's, made from its slug).
pub const POSTGRES: &str = "T1qp95e63E";

/// Settings of a Postgres warehouse, its password a secret.
pub const POSTGRES_SETTINGS: &str =
    r#"{"hostname": "db", "port": 5432, "database": "d", "username": "u", "password": "s3cret"}"#;

/// The Public API's own resources of the world, made through the Public door: a warehouse `Main` with the source
/// `web` connected to it.
pub async fn public_world(env: &TestEnv) {
    let web = env.get("/sources").await.ok()["data"]["sources"][0]["id"].as_str().unwrap().to_string();
    let settings: serde_json::Value = serde_json::from_str(POSTGRES_SETTINGS).unwrap();
    let warehouse = json!({"metadataId": POSTGRES, "name": "Main", "settings": settings});
    let made = env.call("POST", "/warehouses", Some(warehouse)).await;
    assert_eq!(made.status, 201, "{}", made.text);
    let warehouse = made.json["data"]["warehouse"]["id"].as_str().unwrap().to_string();
    let connect = env.call("POST", &format!("/warehouses/{warehouse}/connected-sources/{web}"), None).await;
    assert_eq!(connect.status, 201, "{}", connect.text);
    // An insert function `Enrich` with an instance `CRM` on web's webhooks destination, and a file of code.
    let made = |answer: crate::support::Answer, key: &str| {
        assert!([200, 201].contains(&answer.status), "{}", answer.text);
        answer.json["data"][key]["id"].as_str().unwrap().to_string()
    };
    std::fs::write(env.path("fn.js"), "async function onTrack(event) { return event }\n").unwrap();
    let function = json!({"displayName": "Enrich", "resourceType": "INSERT_DESTINATION",
                          "code": "async function onTrack(event) { return event }"});
    let function = made(env.call("POST", "/functions", Some(function)).await, "function");
    let destinations =
        env.get(&format!("/sources/{web}/connected-destinations")).await.ok()["data"]["destinations"].clone();
    let webhooks = destinations.as_array().unwrap().iter().find(|d| d["metadata"]["slug"] == "webhooks").unwrap();
    let instance = json!({"functionId": function, "integrationId": webhooks["id"], "name": "CRM", "settings": {}});
    made(env.call("POST", "/insert-function-instances", Some(instance)).await, "insertFunctionInstance");
    // A transformation `Rename` and a reverse ETL model `Customers` of web.
    let transformation = json!({"name": "Rename", "sourceId": web, "enabled": true, "if": "event = \"A\""});
    made(env.call("POST", "/transformations", Some(transformation)).await, "transformation");
    let model = json!({"sourceId": web, "name": "Customers", "description": "", "enabled": true,
                       "scheduleStrategy": "MANUAL", "scheduleConfig": {}, "query": "select 1",
                       "queryIdentifierColumn": "id"});
    made(env.call("POST", "/reverse-etl-models", Some(model)).await, "reverseEtlModel");
    // A user group `Analysts` with the owner in it and ada invited to it; a label `tier:gold` (not `team:data`, which
    // `sources patch` makes).
    let group = made(env.call("POST", "/groups", Some(json!({"name": "Analysts"}))).await, "userGroup");
    let emails = json!({"emails": [OWNER, "ada@example.com"]});
    made(env.call("POST", &format!("/groups/{group}/users"), Some(emails)).await, "userGroup");
    let label = env.call("POST", "/labels", Some(json!({"label": {"key": "tier", "value": "gold"}}))).await;
    assert_eq!(label.status, 201, "{}", label.text);
}

/// The email of the user every workspace of the emulator has, its owner.
pub const OWNER: &str = "owner@demo.example";

/// A journal of `webhook listen` holding one request (id 1), for `webhook log` and `webhook replay`.
fn journal(home: &Path) -> String {
    let dir = home.join("journal");
    std::fs::create_dir_all(&dir).unwrap();
    let entry = json!({"id": 1, "received": "2026-01-01T00:00:00.000Z", "method": "POST", "path": "/hook",
        "headers": [{"name": "content-type", "value": "application/json"}, {"name": "x-signature", "value": "0".repeat(40)}],
        "body": "{\"type\":\"track\"}", "size": 16, "type": "track", "signature": "invalid", "signed_form": null,
        "causes": [], "warnings": [], "answer": {"status": 200}});
    std::fs::write(dir.join("1.json"), entry.to_string()).unwrap();
    dir.display().to_string()
}

/// Every leaf of the command tree with at least one case; a leaf may have more (`apply --file`, `apply --plan`).
pub fn cases(home: &Path, hook: &str, plan: &str, regulation: &str) -> Vec<(String, Case)> {
    use Expect::*;
    let journal = journal(home);
    let home = |name: &str| home.join(name).display().to_string();
    let dst = "web/webhooks";
    let mdst = "web/actions-webhook";
    let mut cases: Vec<(&str, Case)> = vec![
        ("workspaces list", case(&["workspaces", "list"], Reads(0))),
        ("workspaces get", case(&["workspaces", "get", "demo"], Reads(0))),
        ("sources list", case(&["sources", "list"], Reads(0))),
        ("sources get", case(&["sources", "get", "web"], Reads(0))),
        ("sources create", case(&["sources", "create", "new", "--catalog", "javascript"], Describes(1))),
        ("sources update", case(&["sources", "update", "web", "--display-name", "W"], Describes(1))),
        ("sources patch", case(&["sources", "patch", "web", "--label", "team=data"], Describes(1))),
        ("sources delete", case(&["sources", "delete", "web", "gone"], Describes(2))),
        ("destinations list", case(&["destinations", "list"], Reads(0))),
        ("destinations get", case(&["destinations", "get", dst], Reads(0))),
        ("destinations create", case(&["destinations", "create", dst, "--config", "sharedSecret=x"], Describes(1))),
        ("destinations update", case(&["destinations", "update", dst, "--enabled=false"], Describes(1))),
        ("destinations patch", case(&["destinations", "patch", dst, "--config", "sharedSecret=n3w"], Describes(1))),
        ("destinations enable", case(&["destinations", "enable", dst], Describes(1))),
        ("destinations disable", case(&["destinations", "disable", "--each", &home("each.txt")], Describes(2))),
        ("destinations delete", case(&["destinations", "delete", dst], Describes(1))),
        ("destinations filters list", case(&["destinations", "filters", "list", "--all"], Reads(0))),
        ("destinations filters get", case(&["destinations", "filters", "get", dst, "df_none"], Reads(15))),
        (
            "destinations filters create",
            case(
                &["destinations", "filters", "create", dst, "--title", "t", "--if", "all", "--action", "drop"],
                Describes(1),
            ),
        ),
        (
            "destinations filters update",
            case(&["destinations", "filters", "update", dst, "df_x", "--disabled"], Describes(1)),
        ),
        (
            "destinations filters patch",
            case(&["destinations", "filters", "patch", dst, "df_x", "--if", "all"], Describes(1)),
        ),
        (
            "destinations filters delete",
            case(&["destinations", "filters", "delete", dst, "df_x", "df_y"], Describes(2)),
        ),
        ("destinations mappings list", case(&["destinations", "mappings", "list", mdst], Reads(0))),
        ("destinations mappings get", case(&["destinations", "mappings", "get", mdst, "Orders"], Reads(0))),
        (
            "destinations mappings create",
            case(
                &[
                    "destinations",
                    "mappings",
                    "create",
                    mdst,
                    "New",
                    "--trigger",
                    "type = \"track\"",
                    "--settings",
                    r#"{"url": "https://example.com/new"}"#,
                ],
                Describes(1),
            ),
        ),
        (
            "destinations mappings update",
            case(
                &[
                    "destinations",
                    "mappings",
                    "update",
                    mdst,
                    "Orders",
                    "--settings",
                    r#"{"url": "https://example.com/2"}"#,
                ],
                Describes(1),
            ),
        ),
        ("destinations mappings enable", case(&["destinations", "mappings", "enable", mdst, "Orders"], Describes(1))),
        (
            "destinations mappings disable",
            case(&["destinations", "mappings", "disable", mdst, "--each", &home("mappings.txt")], Describes(1)),
        ),
        ("destinations mappings delete", case(&["destinations", "mappings", "delete", mdst, "Orders"], Describes(1))),
        ("warehouses list", case(&["warehouses", "list"], Reads(0))),
        ("warehouses list", case(&["warehouses", "list", "--source", "web"], Reads(0))),
        ("warehouses get", case(&["warehouses", "get", "Main"], Reads(0))),
        (
            "warehouses create",
            case(
                &["warehouses", "create", "New", "--catalog", "postgres", "--settings", POSTGRES_SETTINGS],
                Describes(1),
            ),
        ),
        (
            "warehouses create",
            case(
                &["warehouses", "create", "New", "--catalog", POSTGRES, "--settings", POSTGRES_SETTINGS],
                Describes(1),
            ),
        ),
        ("warehouses update", case(&["warehouses", "update", "Main", "--disabled"], Describes(1))),
        ("warehouses delete", case(&["warehouses", "delete", "Main"], Describes(1))),
        ("warehouses connections list", case(&["warehouses", "connections", "list", "Main"], Reads(0))),
        ("warehouses connections add", case(&["warehouses", "connections", "add", "Main", "web"], Describes(1))),
        ("warehouses connections remove", case(&["warehouses", "connections", "remove", "Main", "web"], Describes(1))),
        ("functions list", case(&["functions", "list"], Reads(0))),
        ("functions get", case(&["functions", "get", "Enrich"], Reads(0))),
        (
            "functions create",
            case(&["functions", "create", "New", "--type", "source", "--code", &home("fn.js")], Describes(1)),
        ),
        ("functions update", case(&["functions", "update", "Enrich", "--description", "v2"], Describes(1))),
        ("functions delete", case(&["functions", "delete", "Enrich"], Describes(1))),
        ("functions instances list", case(&["functions", "instances", "list", "Enrich"], Reads(0))),
        ("functions instances get", case(&["functions", "instances", "get", "Enrich", "CRM"], Reads(0))),
        (
            "functions instances create",
            case(&["functions", "instances", "create", "Enrich", dst, "--name", "Other"], Describes(1)),
        ),
        (
            "functions instances update",
            case(&["functions", "instances", "update", "Enrich", "CRM", "--disabled"], Describes(1)),
        ),
        ("functions instances delete", case(&["functions", "instances", "delete", "Enrich", "CRM"], Describes(1))),
        ("transformations list", case(&["transformations", "list"], Reads(0))),
        ("transformations get", case(&["transformations", "get", "Rename"], Reads(0))),
        (
            "transformations create",
            case(&["transformations", "create", "New", "--source", "web", "--if", "event = \"B\""], Describes(1)),
        ),
        ("transformations update", case(&["transformations", "update", "Rename", "--disabled"], Describes(1))),
        ("transformations delete", case(&["transformations", "delete", "Rename"], Describes(1))),
        ("reverse-etl-models list", case(&["reverse-etl-models", "list"], Reads(0))),
        ("reverse-etl-models get", case(&["reverse-etl-models", "get", "Customers"], Reads(0))),
        (
            "reverse-etl-models create",
            case(
                &[
                    "reverse-etl-models",
                    "create",
                    "New",
                    "--source",
                    "web",
                    "--query",
                    "select 1",
                    "--identifier-column",
                    "id",
                ],
                Describes(1),
            ),
        ),
        ("reverse-etl-models update", case(&["reverse-etl-models", "update", "Customers", "--disabled"], Describes(1))),
        ("reverse-etl-models delete", case(&["reverse-etl-models", "delete", "Customers"], Describes(1))),
        ("users list", case(&["users", "list"], Reads(0))),
        ("users get", case(&["users", "get", OWNER], Reads(0))),
        ("users update", case(&["users", "update", OWNER, "--permission", "Source Admin=source:web"], Describes(1))),
        ("users update", case(&["users", "update", OWNER, "--add-permission", "Workspace Member"], Describes(1))),
        (
            "user-groups update",
            case(&["user-groups", "update", "Analysts", "--add-permission", "Workspace Member"], Describes(1)),
        ),
        ("users delete", case(&["users", "delete", OWNER], Describes(1))),
        ("users invites list", case(&["users", "invites", "list"], Reads(0))),
        ("users invites create", case(&["users", "invites", "create", "bo@example.com"], Describes(1))),
        ("users invites delete", case(&["users", "invites", "delete", "ada@example.com"], Describes(1))),
        ("user-groups list", case(&["user-groups", "list"], Reads(0))),
        ("user-groups get", case(&["user-groups", "get", "Analysts"], Reads(0))),
        ("user-groups create", case(&["user-groups", "create", "New"], Describes(1))),
        (
            "user-groups update",
            case(
                &[
                    "user-groups",
                    "update",
                    "Analysts",
                    "--rename",
                    "Data",
                    "--users",
                    OWNER,
                    "--permission",
                    "Workspace Member",
                ],
                Describes(3),
            ),
        ),
        ("user-groups delete", case(&["user-groups", "delete", "Analysts"], Describes(1))),
        ("user-groups users list", case(&["user-groups", "users", "list", "Analysts"], Reads(0))),
        ("user-groups users add", case(&["user-groups", "users", "add", "Analysts", "bo@example.com"], Describes(1))),
        ("user-groups users remove", case(&["user-groups", "users", "remove", "Analysts", OWNER], Describes(1))),
        ("user-groups invites list", case(&["user-groups", "invites", "list", "Analysts"], Reads(0))),
        ("roles list", case(&["roles", "list"], Reads(0))),
        ("labels list", case(&["labels", "list"], Reads(0))),
        ("labels create", case(&["labels", "create", "team:new"], Describes(1))),
        ("labels delete", case(&["labels", "delete", "tier:gold"], Describes(1))),
        ("audit-trail list", case(&["audit-trail", "list", "--resource-type", "Source"], Reads(0))),
        ("sources schema-config get", case(&["sources", "schema-config", "get", "web"], Reads(0))),
        (
            "sources schema-config update",
            case(
                &["sources", "schema-config", "update", "web", "--set", "allow_unplanned_track_events=false"],
                Describes(1),
            ),
        ),
        (
            "sources schema-config patch",
            case(&["sources", "schema-config", "patch", "web", "--clear", "forwarding_violations_to"], Describes(1)),
        ),
        ("tracking-plans list", case(&["tracking-plans", "list"], Reads(0))),
        ("tracking-plans get", case(&["tracking-plans", "get", plan], Reads(0))),
        ("tracking-plans create", case(&["tracking-plans", "create", "--display-name", "Q"], Describes(1))),
        ("tracking-plans update", case(&["tracking-plans", "update", plan, "--display-name", "R"], Describes(1))),
        ("tracking-plans delete", case(&["tracking-plans", "delete", plan], Describes(1))),
        ("tracking-plans connections list", case(&["tracking-plans", "connections", "list", "--all"], Reads(0))),
        ("tracking-plans connections add", case(&["tracking-plans", "connections", "add", plan, "web"], Describes(1))),
        (
            "tracking-plans connections remove",
            case(&["tracking-plans", "connections", "remove", plan, "web"], Describes(1)),
        ),
        ("tokens list", case(&["tokens", "list"], Reads(0))),
        ("tokens get", case(&["tokens", "get", "1"], Reads(0))),
        ("tokens create", case(&["tokens", "create", "--description", "ci"], Describes(1))),
        ("tokens delete", case(&["tokens", "delete", "1"], Describes(1))),
        ("catalog sources list", case(&["catalog", "sources", "list"], Reads(0))),
        ("catalog sources get", case(&["catalog", "sources", "get", "javascript"], Reads(0))),
        ("catalog destinations list", case(&["catalog", "destinations", "list"], Reads(0))),
        ("catalog destinations get", case(&["catalog", "destinations", "get", "webhooks"], Reads(0))),
        ("regulations create", case(&["regulations", "create", "--user-id", "u2", "--type", "Delete"], Describes(1))),
        ("regulations list", case(&["regulations", "list"], Reads(0))),
        ("regulations get", case(&["regulations", "get", regulation], Reads(0))),
        ("api", case(&["api", "PATCH", "workspaces/demo/sources/web", "-f", "source={}"], Describes(1))),
        ("export", case(&["export", "--file", &home("export.yaml")], Names("the export"))),
        ("diff", case(&["diff", "--file", &home("in-sync.yaml"), "--out", &home("plan.json")], Names("the plan"))),
        ("apply", case(&["apply", "--file", &home("more.yaml")], Describes(1))),
        (
            "convert-webhooks",
            case(
                &["convert-webhooks", "--file", &home("in-sync.yaml"), "--out", &home("converted.yaml")],
                Names("the converted file"),
            ),
        ),
        ("apply", case(&["apply", "--plan", &home("saved-plan.json"), "--yes"], Describes(1))),
        ("webhook sample", case(&["webhook", "sample", "--type", "track"], Reads(0))),
        ("webhook sign", Case { stdin: b"{}".to_vec(), ..case(&["webhook", "sign", "--secret", "s"], Reads(0)) }),
        (
            "webhook verify",
            Case {
                stdin: b"{}".to_vec(),
                ..case(&["webhook", "verify", "--secret", "s", "--signature", "00"], Reads(1))
            },
        ),
        // Nothing explains this signature: the destination's shared secret is read to compare (a GET).
        (
            "webhook verify",
            Case {
                stdin: b"{}".to_vec(),
                ..case(
                    &["webhook", "verify", "--secret", "s", "--signature", &"0".repeat(40), "--destination", dst],
                    Reads(1),
                )
            },
        ),
        ("webhook send", case(&["webhook", "send", "--url", hook, "--all-types", "--secret", "s3cret"], Describes(7))),
        ("webhook listen", case(&["webhook", "listen"], Serves)),
        ("webhook log", case(&["webhook", "log", "--journal", &journal], Reads(0))),
        ("webhook log", case(&["webhook", "log", "1", "--journal", &journal], Reads(0))),
        ("webhook log", case(&["webhook", "log", "1", "--body", "--journal", &journal], Reads(0))),
        (
            "webhook replay",
            case(
                &["webhook", "replay", "1", "--journal", &journal, "--to", hook, "--resign", "--secret", "s3cret"],
                Describes(1),
            ),
        ),
        (
            "auth login",
            Case {
                stdin: format!("{WRITE}\n").into_bytes(),
                ..case(&["auth", "login", "--with-token"], Names("file store"))
            },
        ),
        ("auth status", case(&["auth", "status"], Reads(0))),
        ("auth token", case(&["auth", "token"], Reads(0))),
        ("auth logout", case(&["auth", "logout"], Names("token file store"))),
        ("config list", case(&["config", "list"], Reads(0))),
        ("config get", case(&["config", "get", "workspace"], Reads(0))),
        ("config set", case(&["config", "set", "workspace", "other"], Names("config.toml"))),
        ("config unset", case(&["config", "unset", "workspace"], Names("config.toml"))),
        ("completion", case(&["completion", "bash"], Reads(0))),
        ("options", case(&["options"], Reads(0))),
        ("exit-codes", case(&["exit-codes"], Reads(0))),
        ("serve", case(&["serve", "--port", "0"], Refuses)),
        ("demo", case(&["demo"], Refuses)),
    ];
    cases.drain(..).map(|(leaf, case)| (leaf.to_string(), case)).collect()
}
