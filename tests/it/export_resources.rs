//! `seg export` of the Public API's own resources (docs/reference/workspace-files.md, "Warehouses, functions and
//! access"): made with the typed commands, each is written under its key, a function's code as a file beside the
//! export, byte for byte; `--dry-run` writes none of it; a `functions` folder that is a link is refused; on the
//! Config API none of the keys is written.

#![allow(clippy::disallowed_methods, reason = "tests plant and read the files an export writes")]

use serde_json::{Value, json};

use crate::commands::{OWNER, POSTGRES_SETTINGS};
use crate::support::{Run, TestEnv, WRITE, run_with_stdin};
use seg::emulator::EmulatorOptions;

/// `seg ARGS` on the Public API with the write token.
async fn public(env: &TestEnv, args: &[&str]) -> Run {
    env.seg_with(args, &[("SEG_TOKEN", WRITE), ("SEG_API", "public")]).await
}

/// The code of the function, with what a careless write would change: no newline at its end, a CRLF, non-ASCII.
const CODE: &str = "// Enrich ✓\r\nasync function onTrack(event) {\n  return { ...event, tier: \"gold\" }\n}";

/// A workspace with the source `web` (id returned), a warehouse connected to it, a function, a user group with a
/// member and a permission on `web`, and a label, each made with seg's typed commands.
async fn world(env: &TestEnv) -> String {
    let catalog = env.get("/catalog/sources").await.ok()["data"]["sourcesCatalog"].clone();
    let javascript = catalog.as_array().unwrap().iter().find(|s| s["slug"] == "javascript").unwrap()["id"].clone();
    let made =
        env.call("POST", "/sources", Some(json!({"slug": "web", "enabled": true, "metadataId": javascript}))).await;
    assert_eq!(made.status, 201, "{}", made.text);
    let web = made.json["data"]["source"]["id"].as_str().unwrap().to_string();
    public(env, &["warehouses", "create", "Main", "--catalog", "postgres", "--settings", POSTGRES_SETTINGS])
        .await
        .code(0);
    public(env, &["warehouses", "connections", "add", "Main", "web"]).await.code(0);
    let code = env.path("enrich.js");
    std::fs::write(&code, CODE).unwrap();
    let code = code.display().to_string();
    let run = public(env, &["functions", "create", "Enrich Orders", "--type", "source", "--code", &code]).await;
    run.code(0);
    public(env, &["user-groups", "create", "Analysts"]).await.code(0);
    let update = ["user-groups", "update", "Analysts", "--users", &format!("{OWNER},bo@example.com")];
    public(env, &[&update[..], &["--permission", "Source Admin=source:web"]].concat()).await.code(0);
    public(env, &["labels", "create", "team:data", "--description", "Data"]).await.code(0);
    web
}

fn yaml(text: &str) -> Value {
    serde_yaml_ng::from_str(text).unwrap_or_else(|e| panic!("not YAML ({e}): {text}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_writes_the_public_apis_own_resources_with_the_code_beside_the_file() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    world(&env).await;
    let dir = env.path("out");
    std::fs::create_dir(&dir).unwrap();
    let file = dir.join("ws.yaml");

    // --dry-run writes nothing, and says what it would.
    let run = public(&env, &["--dry-run", "export", "--file", file.to_str().unwrap()]).await;
    run.code(0);
    assert!(!dir.join("functions").exists() && !file.exists(), "{}", run.stderr);
    assert!(run.stderr.contains("functions/enrich-orders.js"), "{}", run.stderr);

    let run = public(&env, &["export", "--file", file.to_str().unwrap()]).await;
    run.code(0);
    let written = dir.join("functions/enrich-orders.js");
    assert!(run.stderr.contains(&written.display().to_string()), "{}", run.stderr);
    assert_eq!(std::fs::read(&written).unwrap(), CODE.as_bytes(), "the code, byte for byte");
    let text = std::fs::read_to_string(&file).unwrap();
    let exported = yaml(&text);

    let main = &exported["warehouses"]["Main"];
    assert_eq!(main["catalog_name"], "postgres", "{text}");
    assert_eq!(main["enabled"], true);
    assert_eq!(main["sources"], json!(["web"]));
    assert_eq!(main["settings"]["hostname"], "db");
    assert_eq!(main["settings"]["password"], json!({"$env": "SEG_SECRET_WAREHOUSE_MAIN_PASSWORD"}));
    assert!(run.stderr.contains("SEG_SECRET_WAREHOUSE_MAIN_PASSWORD"), "{}", run.stderr);
    assert!(!text.contains("s3cret") && !text.contains("••"), "{text}");

    let enrich = &exported["functions"]["Enrich Orders"];
    assert_eq!(enrich["type"], "source", "{text}");
    assert_eq!(enrich["code"], "functions/enrich-orders.js");
    assert!(!text.contains("onTrack"), "the code is in its own file: {text}");

    let analysts = &exported["user_groups"]["Analysts"];
    assert_eq!(analysts["members"], json!(["bo@example.com", OWNER]), "{text}");
    assert_eq!(
        analysts["permissions"],
        json!([{"role": "Source Admin", "resources": [{"type": "source", "name": "web"}]}])
    );
    // Every label of the workspace (the emulator's own two too), keyed KEY:VALUE.
    assert_eq!(exported["labels"]["team:data"], json!({"description": "Data"}), "{text}");
    assert_eq!(exported["labels"]["environment:prod"], json!({}), "{text}");
    // Transformations and models were read: every source has the keys, empty.
    assert_eq!(exported["sources"]["web"]["transformations"], json!({}), "{text}");
    assert_eq!(exported["sources"]["web"]["reverse_etl_models"], json!({}), "{text}");

    // To stdout, the code goes to the current folder.
    let here = env.path("here");
    std::fs::create_dir(&here).unwrap();
    let mut command = env.command(&["export"], &[("SEG_TOKEN", WRITE), ("SEG_API", "public")]);
    command.current_dir(&here);
    let run = run_with_stdin(command, b"").await;
    run.code(0);
    assert_eq!(yaml(&run.stdout)["functions"], exported["functions"]);
    assert_eq!(std::fs::read(here.join("functions/enrich-orders.js")).unwrap(), CODE.as_bytes());

    // A `functions` folder that is a link is not written through.
    #[cfg(unix)]
    {
        let (linked, elsewhere) = (env.path("linked"), env.path("elsewhere"));
        std::fs::create_dir(&linked).unwrap();
        std::fs::create_dir(&elsewhere).unwrap();
        std::os::unix::fs::symlink(&elsewhere, linked.join("functions")).unwrap();
        let run = public(&env, &["export", "--file", linked.join("ws.yaml").to_str().unwrap()]).await;
        run.code(2);
        assert!(run.stderr.contains("symbolic link"), "{}", run.stderr);
        assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
        assert!(!linked.join("ws.yaml").exists());
    }

    // On the Config API none of them is read, and none of the keys written.
    let run = env.seg(&["-w", "demo", "export"]).await;
    run.code(0);
    let config = yaml(&run.stdout);
    for key in ["warehouses", "functions", "user_groups", "labels"] {
        assert!(config.get(key).is_none(), "{key} in {}", run.stdout);
    }
    for source in config["sources"].as_object().unwrap().values() {
        assert!(source.get("transformations").is_none() && source.get("reverse_etl_models").is_none());
    }
    assert!(!run.stdout.contains("insert_functions"), "{}", run.stdout);
}
