//! Workspaces as code for the Public API's own resources (docs/reference/workspace-files.md, "Warehouses, functions
//! and access"): a file with a warehouse and its connected source, an insert function with its code file and an
//! instance, a transformation, a reverse ETL model, a user group with members and permissions and a label is
//! applied to `seg serve` whole, then diffs to nothing; a code change shows as its size and hash, never its text, and
//! a saved plan is refused once its code file changed; `--prune` deletes what the file's collections no longer hold;
//! on the Config API every such key is listed as not supported, and nothing is sent for it.

use serde_json::Value;

use crate::code::write_file;
use crate::support::{Run, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

const PASSWORD: &str = "pg-s3cret-9f2";
const CODE: &str = "async function onTrack(event) {\n  return event\n}\n";

async fn env() -> TestEnv {
    TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await
}

async fn seg(env: &TestEnv, api: &str, args: &[&str]) -> Run {
    env.seg_with(args, &[("SEG_TOKEN", WRITE), ("SEG_API", api), ("SEG_SECRET_DB_PASSWORD", PASSWORD)]).await
}

/// Every kind of the Public API's own resources a file holds, in the workspace `ws`.
fn file(ws: &str) -> String {
    format!(
        r#"format: seg/1
workspace: {ws}
sources:
  web:
    catalog_name: catalog/sources/javascript
    destinations:
      webhooks:
        insert_functions:
          Enrich:
            enabled: true
            settings:
              region: eu
    transformations:
      Rename:
        if: event = "Signed Up"
        enabled: true
        new_event_name: Registered
    reverse_etl_models:
      Customers:
        description: Paying customers
        enabled: false
        schedule_strategy: MANUAL
        query: select id from customers
        query_identifier_column: id
warehouses:
  Main:
    catalog_name: postgres
    enabled: true
    settings:
      hostname: db.example
      port: 5432
      database: events
      username: loader
      password:
        $env: SEG_SECRET_DB_PASSWORD
    sources: [web]
functions:
  Enrich:
    type: insert_destination
    code: functions/enrich.js
    description: Adds the account
    settings:
      - name: region
        label: Region
        description: Where the account lives
        type: STRING
        required: false
        sensitive: false
user_groups:
  Analysts:
    members: [ada@example.com, owner@demo.example]
    permissions:
      - role: Workspace Member
        resources: [{{type: workspace}}]
      - role: Source Admin
        resources: [{{type: source, name: web}}, {{type: warehouse, name: Main}}]
labels:
  tier:gold:
    description: Paying tiers
"#
    )
}

/// The workspace of the write token, by slug.
async fn workspace(env: &TestEnv) -> String {
    let run = seg(env, "public", &["workspaces", "get", "-", "-o", "json"]).await;
    let ws = run.code(0).json();
    ws["slug"].as_str().or(ws["name"].as_str()).unwrap().trim_start_matches("workspaces/").to_string()
}

fn changes(plan: &Value) -> Vec<String> {
    plan["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| format!("{} {}", c["action"].as_str().unwrap(), c["resource"].as_str().unwrap()))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_with_every_public_resource_applies_whole_and_diffs_to_nothing() {
    let env = env().await;
    let ws = workspace(&env).await;
    std::fs::create_dir_all(env.path("functions")).unwrap();
    std::fs::write(env.path("functions/enrich.js"), CODE).unwrap();
    let path = write_file(&env, "ws.yaml", &file(&ws));
    let plan = seg(&env, "public", &["diff", "--file", &path, "-o", "json"]).await.code(1).json();
    let human = seg(&env, "public", &["diff", "--file", &path]).await.code(1).stdout.clone();
    eprintln!("{human}");
    let applied = seg(&env, "public", &["apply", "--file", &path, "--yes"]).await;
    eprintln!("{}", applied.stderr);
    applied.code(0);
    let again = seg(&env, "public", &["diff", "--file", &path, "-o", "json"]).await.code(0).json();
    assert_eq!(changes(&again), Vec::<String>::new(), "{again}");
    eprintln!("{}", seg(&env, "public", &["diff", "--file", &path]).await.stdout);
    for what in ["warehouses", "functions", "user-groups", "labels", "transformations", "reverse-etl-models"] {
        eprintln!("{}", seg(&env, "public", &[what, "list", "-o", "json"]).await.stdout);
    }
}
