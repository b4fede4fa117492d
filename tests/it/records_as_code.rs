//! Workspaces as code for the Public API's own resources (docs/reference/workspace-files.md, "Warehouses, functions
//! and access"): a file with a warehouse and its connected source, an insert function with its code file and an
//! instance, a transformation, a reverse ETL model, a user group with members and permissions and a label is
//! applied to `seg serve` whole, then diffs to nothing; a code change shows as its size and hash, never its text, and
//! a saved plan is refused once its code file changed; `--prune` deletes what the file's collections no longer hold;
//! on the Config API every such key is listed as not supported, and nothing is sent for it.

use serde_json::{Value, json};

use crate::code::{write_file, writes};
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

/// `data.<key>` of a Public API read of the emulator.
async fn read(env: &TestEnv, path: &str, key: &str) -> Value {
    let answer = env.get(path).await;
    assert_eq!(answer.status, 200, "{path}: {}", answer.text);
    answer.json["data"][key].clone()
}

/// The one record of `list` whose `field` is `value`.
fn one<'v>(list: &'v Value, field: &str, value: &str) -> &'v Value {
    let found: Vec<&Value> = list.as_array().unwrap().iter().filter(|r| r[field] == value).collect();
    assert_eq!(found.len(), 1, "one {field} {value:?} in {list}");
    found[0]
}

/// A workspace made from [`file`] on the Public API: its slug and the file's path.
async fn applied(env: &TestEnv) -> (String, String) {
    let ws = workspace(env).await;
    std::fs::create_dir_all(env.path("functions")).unwrap();
    std::fs::write(env.path("functions/enrich.js"), CODE).unwrap();
    let path = write_file(env, "ws.yaml", &file(&ws));
    seg(env, "public", &["apply", "--file", &path, "--yes"]).await.code(0);
    (ws, path)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_with_every_public_resource_applies_whole_and_diffs_to_nothing() {
    let env = env().await;
    let ws = workspace(&env).await;
    std::fs::create_dir_all(env.path("functions")).unwrap();
    std::fs::write(env.path("functions/enrich.js"), CODE).unwrap();
    let path = write_file(&env, "ws.yaml", &file(&ws));
    let plan = seg(&env, "public", &["diff", "--file", &path, "-o", "json"]).await.code(1).json();
    let made: Vec<String> = changes(&plan);
    for kind in [
        "labels (\"tier:gold\")",
        "warehouses (\"Main\")",
        "functions (\"Enrich\")",
        "transformations (\"Rename\")",
        "reverse-etl-models (\"Customers\")",
        "user-groups (\"Analysts\")",
    ] {
        assert!(made.contains(&format!("create workspaces/{ws}/{kind}")), "{kind} in {made:?}");
    }
    // The secret shows as a marker, the code as its size and hash, never the text.
    let text = plan.to_string();
    assert!(!text.contains(PASSWORD) && !text.contains("onTrack"), "{text}");
    assert!(text.contains("\"(secret changed)\"") && text.contains("(3 lines, sha256 "), "{text}");
    env.clear_requests().await;
    seg(&env, "public", &["apply", "--file", &path, "--yes"]).await.code(0);
    // As many writes as the plan said; the secret went to the service, and nowhere in seg's output.
    let sent = writes(&env).await;
    assert_eq!(sent.len() as u64, plan["requests"].as_u64().unwrap(), "{sent:?}");

    // What the service now holds is what the file says.
    let warehouse = one(&read(&env, "/warehouses", "warehouses").await, "name", "Main").clone();
    assert_eq!((warehouse["enabled"].clone(), warehouse["metadata"]["slug"].clone()), (json!(true), json!("postgres")));
    assert_eq!(warehouse["settings"]["hostname"], "db.example");
    let connected =
        read(&env, &format!("/warehouses/{}/connected-sources", warehouse["id"].as_str().unwrap()), "sources").await;
    assert_eq!(connected.as_array().unwrap().iter().map(|s| s["slug"].clone()).collect::<Vec<_>>(), vec![json!("web")]);
    let functions = read(&env, "/functions?resourceType=INSERT_DESTINATION", "functions").await;
    let id = one(&functions, "displayName", "Enrich")["id"].as_str().unwrap().to_string();
    let function = read(&env, &format!("/functions/{id}"), "function").await;
    assert_eq!((function["code"].as_str(), function["description"].as_str()), (Some(CODE), Some("Adds the account")));
    let instances = read(&env, &format!("/insert-function-instances?functionId={id}"), "instances").await;
    let destinations = read(&env, "/destinations", "destinations").await;
    let webhooks = destinations.as_array().unwrap().iter().find(|d| d["metadata"]["slug"] == "webhooks").unwrap();
    let instance = one(&instances, "integrationId", webhooks["id"].as_str().unwrap());
    assert_eq!((instance["enabled"].clone(), instance["settings"]["region"].clone()), (json!(true), json!("eu")));
    let transformation = one(&read(&env, "/transformations", "transformations").await, "name", "Rename").clone();
    assert_eq!(
        (transformation["if"].as_str(), transformation["newEventName"].as_str()),
        (Some("event = \"Signed Up\""), Some("Registered"))
    );
    let model = one(&read(&env, "/reverse-etl-models", "models").await, "name", "Customers").clone();
    assert_eq!((model["query"].as_str(), model["enabled"].clone()), (Some("select id from customers"), json!(false)));
    let group = one(&read(&env, "/groups", "userGroups").await, "name", "Analysts").clone();
    let group_id = group["id"].as_str().unwrap();
    let users = read(&env, &format!("/groups/{group_id}/users"), "users").await;
    let invites = read(&env, &format!("/groups/{group_id}/invites"), "emails").await;
    assert_eq!((users[0]["email"].clone(), invites.clone()), (json!("owner@demo.example"), json!(["ada@example.com"])));
    let roles: Vec<&str> =
        group["permissions"].as_array().unwrap().iter().map(|p| p["roleName"].as_str().unwrap()).collect();
    assert_eq!(roles, ["Workspace Member", "Source Admin"], "{group}");
    let reached: Vec<&str> =
        group["permissions"][1]["resources"].as_array().unwrap().iter().map(|r| r["type"].as_str().unwrap()).collect();
    assert_eq!(reached, ["SOURCE", "WAREHOUSE"], "{group}");
    let labels = read(&env, "/labels", "labels").await;
    assert_eq!(one(&labels, "key", "tier")["description"], "Paying tiers");

    // Applied again: nothing to change, nothing sent; the censored password is said, not guessed.
    let again = seg(&env, "public", &["diff", "--file", &path, "-o", "json"]).await.code(0).json();
    assert_eq!(changes(&again), Vec::<String>::new(), "{again}");
    assert_eq!(again["unverifiable"][0]["path"], "warehouse.settings.password", "{again}");
    seg(&env, "public", &["apply", "--file", &path, "--yes"]).await.code(0);
    assert_eq!(writes(&env).await, Vec::new(), "a second apply writes nothing");

    // Exported into another folder (the code beside it), the workspace round-trips: nothing to change.
    std::fs::create_dir_all(env.path("copy")).unwrap();
    let copy = env.path("copy/ws.yaml");
    let copy = copy.to_str().unwrap();
    seg(&env, "public", &["export", "--file", copy]).await.code(0);
    assert_eq!(std::fs::read_to_string(env.path("copy/functions/enrich.js")).unwrap(), CODE);
    let exported = std::fs::read_to_string(copy).unwrap();
    assert!(!exported.contains(PASSWORD), "{exported}");
    let round = seg(&env, "public", &["diff", "--file", copy, "--prune", "-o", "json"]).await;
    assert_eq!(changes(&round.code(0).json()), Vec::<String>::new(), "{}", round.stdout);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_code_change_shows_as_its_size_and_hash_and_a_saved_plan_is_refused_once_the_file_moved() {
    let env = env().await;
    let (_, path) = applied(&env).await;
    let changed = "async function onTrack(event) {\n  event.properties.secretSauce = 1\n  return event\n}\n";
    std::fs::write(env.path("functions/enrich.js"), changed).unwrap();
    let shown = seg(&env, "public", &["diff", "--file", &path, "-o", "table"]).await;
    let line = shown.code(1).stdout.lines().find(|l| l.contains("function.code")).unwrap_or_default().to_string();
    assert!(line.starts_with("    function.code: (changed, 4 lines, sha256 "), "{}", shown.stdout);
    assert!(!shown.stdout.contains("secretSauce") && !shown.stderr.contains("secretSauce"), "{}", shown.stdout);
    let plan = env.path("plan.json");
    let plan = plan.to_str().unwrap();
    seg(&env, "public", &["diff", "--file", &path, "--out", plan]).await.code(1);
    let saved = std::fs::read_to_string(plan).unwrap();
    assert!(!saved.contains("secretSauce") && saved.contains("\"$code\""), "the plan carries the hash, not the code");
    // The file moves after the plan was made: refused before any write.
    std::fs::write(env.path("functions/enrich.js"), "async function onTrack() {}\n").unwrap();
    env.clear_requests().await;
    let refused = seg(&env, "public", &["apply", "--plan", plan, "--yes"]).await;
    assert!(refused.code(2).stderr.contains("changed since the plan was made"), "{}", refused.stderr);
    assert_eq!(writes(&env).await, Vec::new());
    // Back as the plan read it: applied, the code sent as the file holds it.
    std::fs::write(env.path("functions/enrich.js"), changed).unwrap();
    seg(&env, "public", &["apply", "--plan", plan, "--yes"]).await.code(0);
    let sent = writes(&env).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!((sent[0].0.as_str(), sent[0].2["code"].as_str()), ("PATCH", Some(changed)), "{sent:?}");
    seg(&env, "public", &["diff", "--file", &path]).await.code(0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_sends_only_what_differs_and_prune_deletes_what_the_file_drops() {
    let env = env().await;
    let (ws, path) = applied(&env).await;
    env.clear_requests().await;
    let edited = file(&ws)
        .replace(
            "    enabled: true\n    settings:\n      hostname",
            "    enabled: false\n    settings:\n      hostname",
        )
        .replace("members: [ada@example.com, owner@demo.example]", "members: [owner@demo.example]")
        .replace("              region: eu", "              region: us")
        .replace("description: Paying customers", "description: All customers")
        .replace(", {type: warehouse, name: Main}", "");
    std::fs::write(&path, &edited).unwrap();
    let plan = seg(&env, "public", &["diff", "--file", &path, "-o", "json"]).await.code(1).json();
    let paths: Vec<String> = plan["changes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["fields"].as_array().unwrap().iter().map(|f| f["path"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(
        paths,
        [
            "warehouse.enabled",
            "insert_function_instance.settings.region",
            "reverse_etl_model.description",
            "user_group.members",
            "user_group.permissions"
        ],
        "{plan}"
    );
    seg(&env, "public", &["apply", "--file", &path, "--yes"]).await.code(0);
    let sent = writes(&env).await;
    assert_eq!(sent.len() as u64, plan["requests"].as_u64().unwrap(), "{sent:?}");
    seg(&env, "public", &["diff", "--file", &path]).await.code(0);
    let warehouse = one(&read(&env, "/warehouses", "warehouses").await, "name", "Main").clone();
    assert_eq!(warehouse["enabled"], false);

    // The collections emptied: each record goes with --prune (not without), the warehouse's connection with it.
    let emptied = format!(
        "format: seg/1\nworkspace: {ws}\nsources:\n  web:\n    catalog_name: catalog/sources/javascript\n    \
         destinations:\n      webhooks:\n        insert_functions: {{}}\n    transformations: {{}}\n    \
         reverse_etl_models: {{}}\nwarehouses: {{}}\nfunctions: {{}}\nuser_groups: {{}}\nlabels: {{}}\n"
    );
    std::fs::write(&path, &emptied).unwrap();
    let kept = seg(&env, "public", &["diff", "--file", &path, "-o", "json"]).await.code(0).json();
    assert_eq!(changes(&kept), Vec::<String>::new(), "without --prune nothing is deleted: {kept}");
    let pruned = seg(&env, "public", &["diff", "--file", &path, "--prune", "-o", "json"]).await.code(1).json();
    let deleted: Vec<String> = changes(&pruned);
    let kinds: Vec<&str> = deleted.iter().map(|c| c.split('/').nth(2).unwrap()).collect();
    assert_eq!(
        kinds,
        // The instance before its function (which takes nothing more with it); the workspace's own labels too.
        [
            "warehouses",
            "functions",
            "functions",
            "transformations",
            "reverse-etl-models",
            "user-groups",
            "labels",
            "labels",
            "labels"
        ],
        "{deleted:?}"
    );
    assert!(deleted.iter().all(|c| c.starts_with("delete ")), "{deleted:?}");
    assert!(
        deleted.last().unwrap().contains("labels/tier:gold"),
        "labels go last, once nothing uses them: {deleted:?}"
    );
    seg(&env, "public", &["apply", "--file", &path, "--prune", "--yes"]).await.code(0);
    for (path, key) in [
        ("/warehouses", "warehouses"),
        ("/transformations", "transformations"),
        ("/reverse-etl-models", "models"),
        ("/groups", "userGroups"),
        ("/labels", "labels"),
        ("/functions?resourceType=INSERT_DESTINATION", "functions"),
    ] {
        assert_eq!(read(&env, path, key).await, json!([]), "{path}");
    }
    seg(&env, "public", &["diff", "--file", &path, "--prune"]).await.code(0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_the_config_api_each_key_is_not_supported_and_nothing_is_sent_for_it() {
    let env = env().await;
    let ws = workspace(&env).await;
    std::fs::create_dir_all(env.path("functions")).unwrap();
    std::fs::write(env.path("functions/enrich.js"), CODE).unwrap();
    let path = write_file(&env, "ws.yaml", &file(&ws));
    let plan = seg(&env, "config", &["diff", "--file", &path, "-o", "json"]).await.code(1).json();
    let listed: Vec<String> = plan["not_supported"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| format!("{} {}", n["resource"].as_str().unwrap(), n["path"].as_str().unwrap()))
        .collect();
    let web = format!("workspaces/{ws}/sources/web");
    assert_eq!(
        listed,
        [
            format!("workspaces/{ws} warehouses"),
            format!("workspaces/{ws} functions"),
            format!("workspaces/{ws} user_groups"),
            format!("workspaces/{ws} labels"),
            format!("{web} transformations"),
            format!("{web} reverse_etl_models"),
            format!("{web} destinations.webhooks.insert_functions"),
        ],
        "{plan}"
    );
    // The source and its destination are made; nothing of the rest is asked for.
    assert_eq!(changes(&plan), [format!("create {web}"), format!("create {web}/destinations/webhooks")]);
    env.clear_requests().await;
    seg(&env, "config", &["apply", "--file", &path, "--yes"]).await.code(0);
    let sent = writes(&env).await;
    assert_eq!(sent.len(), 2, "{sent:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dry_run_apply_describes_every_call_and_makes_nothing() {
    let env = env().await;
    let ws = workspace(&env).await;
    std::fs::create_dir_all(env.path("functions")).unwrap();
    std::fs::write(env.path("functions/enrich.js"), CODE).unwrap();
    let path = write_file(&env, "ws.yaml", &file(&ws));
    env.clear_requests().await;
    let run = seg(&env, "public", &["apply", "--file", &path, "--yes", "--dry-run"]).await;
    let described: Vec<Value> = run.code(0).stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let calls: Vec<String> = described
        .iter()
        .map(|d| {
            format!(
                "{} {}",
                d["method"].as_str().unwrap(),
                d["url"].as_str().unwrap().split_once("://").unwrap().1.split_once('/').unwrap().1
            )
        })
        .collect();
    // Each record below a new one is described with the id it will have.
    for call in [
        "POST warehouses/made-by-this-run/connected-sources/made-by-this-run",
        "PUT groups/made-by-this-run/permissions",
        "POST groups/made-by-this-run/users",
        "POST insert-function-instances",
    ] {
        assert!(calls.contains(&call.to_string()), "{call} in {calls:?}");
    }
    assert!(!run.stdout.contains(PASSWORD), "the secret is masked in a description");
    assert_eq!(writes(&env).await, Vec::new(), "nothing sent");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_export_moves_every_public_resource_into_another_workspace() {
    let env = TestEnv::with(EmulatorOptions {
        workspaces: vec!["acme".into(), "staging".into()],
        rate_limit: 0,
        ..EmulatorOptions::default()
    })
    .await;
    let staging = {
        let body = json!({"access_token": {"description": "copy", "scopes": "workspace",
            "workspace_names": ["workspaces/staging"]}});
        env.call("POST", "/v1beta/access-tokens", Some(body)).await.ok()["token"].as_str().unwrap().to_string()
    };
    let in_staging = |args: Vec<String>| {
        let env = &env;
        let staging = staging.clone();
        async move {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let vars = [
                ("SEG_TOKEN", staging.as_str()),
                ("SEG_API", "public"),
                ("SEG_SECRET_WAREHOUSE_MAIN_PASSWORD", PASSWORD),
            ];
            env.seg_with(&args, &vars).await
        }
    };
    let (_, _) = applied(&env).await;
    let copy = env.path("copy.yaml");
    let copy = copy.to_str().unwrap().to_string();
    seg(&env, "public", &["export", "--file", &copy]).await.code(0);
    let apply = ["-w", "staging", "apply", "--file", &copy, "--yes"].map(String::from).to_vec();
    let run = in_staging(apply).await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let diff = ["-w", "staging", "diff", "--file", &copy, "-o", "json"].map(String::from).to_vec();
    let plan = in_staging(diff).await.code(0).json();
    assert_eq!(changes(&plan), Vec::<String>::new(), "{plan}");
    // The password travelled through its variable: the copy's warehouse is the original's, secret and all.
    let listed = in_staging(["warehouses", "list", "-o", "json"].map(String::from).to_vec()).await;
    let warehouses = listed.code(0).json();
    assert_eq!(warehouses[0]["name"], "Main", "{warehouses}");
}

/// A plan that makes the label `tier:gold`, saved with `diff --out`: the workspace, the plan's path and the plan, for a
/// test to edit as an attacker would.
async fn saved_plan_of_a_label(env: &TestEnv) -> (String, String, Value) {
    let ws = workspace(env).await;
    let text = format!("format: seg/1\nworkspace: {ws}\nlabels:\n  tier:gold: {{}}\n");
    let path = write_file(env, "labels.yaml", &text);
    let plan = env.path("plan.json").to_str().unwrap().to_string();
    seg(env, "public", &["diff", "--file", &path, "--out", &plan]).await.code(1);
    let saved = serde_json::from_str(&std::fs::read_to_string(&plan).unwrap()).unwrap();
    (ws, plan, saved)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_edited_plan_cannot_put_a_secret_where_others_read_it() {
    let env = env().await;
    let (_, plan, mut saved) = saved_plan_of_a_label(&env).await;
    let plan = plan.as_str();
    // The label's create is edited to carry the database password in its settings, and its change to say so.
    let change = &mut saved["changes"][0];
    assert_eq!(change["op"]["op"], "create_record", "{change}");
    change["op"]["body"]["fields"]["settings"] = json!({"note": {"$env": "SEG_SECRET_DB_PASSWORD"}});
    change["fields"]
        .as_array_mut()
        .unwrap()
        .push(json!({"path": "label.settings.note", "from": null, "to": "(secret changed)"}));
    std::fs::write(plan, saved.to_string()).unwrap();
    env.clear_requests().await;
    let refused = seg(&env, "public", &["apply", "--plan", plan, "--yes"]).await;
    assert!(refused.code(2).stderr.contains("$env reference outside"), "{}", refused.stderr);
    assert_eq!(writes(&env).await, Vec::new(), "nothing sent");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_stops_the_plan_before_any_write_naming_it() {
    let env = env().await;
    let ws = workspace(&env).await;
    std::fs::create_dir_all(env.path("functions")).unwrap();
    std::fs::write(env.path("functions/enrich.js"), CODE).unwrap();
    let refused = |text: String, name: &'static str| {
        let env = &env;
        async move {
            let path = write_file(env, name, &text);
            env.clear_requests().await;
            let run = seg(env, "public", &["apply", "--file", &path, "--yes"]).await;
            assert_eq!(run.code, 2, "{}", run.stderr);
            assert_eq!(writes(env).await, Vec::new(), "nothing sent: {}", run.stderr);
            run.stderr.clone()
        }
    };
    // A role the workspace does not have, and a warehouse neither it nor the file has.
    let no_role = file(&ws).replace("role: Source Admin", "role: Source Emperor");
    let said = refused(no_role, "role.yaml").await;
    assert!(said.contains("no role \"Source Emperor\"") && said.contains("seg roles list"), "{said}");
    let no_warehouse = file(&ws).replace("{type: warehouse, name: Main}", "{type: warehouse, name: Lake}");
    let said = refused(no_warehouse, "lake.yaml").await;
    assert!(said.contains("reaches no warehouse \"Lake\""), "{said}");
    let no_source = file(&ws).replace("sources: [web]", "sources: [web, app]");
    let said = refused(no_source, "source.yaml").await;
    assert!(said.contains("no source \"app\""), "{said}");
    let not_insert = file(&ws).replace("type: insert_destination", "type: source");
    let said = refused(not_insert, "kind.yaml").await;
    assert!(said.contains("\"Enrich\" is not an insert function"), "{said}");
    // A code file that is a link: the line of its key, never what it points to.
    std::os::unix::fs::symlink("/etc/passwd", env.path("functions/link.js")).unwrap();
    let linked = file(&ws).replace("code: functions/enrich.js", "code: functions/link.js");
    let said = refused(linked, "link.yaml").await;
    assert!(said.contains("line 40 column 5") && said.contains("symbolic link") && !said.contains("root:"), "{said}");
    // Two warehouses of the name the file keys one by: which one is meant cannot be told.
    for _ in 0..2 {
        let settings: Value = serde_json::from_str(crate::commands::POSTGRES_SETTINGS).unwrap();
        let body = json!({"metadataId": crate::commands::POSTGRES, "name": "Main", "settings": settings});
        assert_eq!(env.call("POST", "/warehouses", Some(body)).await.status, 201);
    }
    let said = refused(file(&ws), "twice.yaml").await;
    assert!(said.contains("are both warehouses named \"Main\""), "{said}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_label_the_file_makes_and_a_source_uses_is_counted_once() {
    let env = env().await;
    let ws = workspace(&env).await;
    let text = format!(
        "format: seg/1\nworkspace: {ws}\nsources:\n  web:\n    catalog_name: catalog/sources/javascript\n    \
         labels: {{tier: gold}}\nlabels:\n  tier:gold:\n    description: Paying tiers\n"
    );
    let path = write_file(&env, "labels.yaml", &text);
    let plan = seg(&env, "public", &["diff", "--file", &path, "-o", "json"]).await.code(1).json();
    env.clear_requests().await;
    seg(&env, "public", &["apply", "--file", &path, "--yes"]).await.code(0);
    let sent = writes(&env).await;
    // The label made once (by the file's `labels`, first), the source made and labelled with it.
    let labels_made = sent.iter().filter(|(m, uri, _)| m == "POST" && uri == "/labels").count();
    assert_eq!(labels_made, 1, "{sent:?}");
    assert_eq!(sent.len() as u64, plan["requests"].as_u64().unwrap(), "the plan's count is what was sent: {sent:?}");
    seg(&env, "public", &["diff", "--file", &path]).await.code(0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_edited_plan_cannot_invite_anyone_or_grant_a_role() {
    let env = env().await;
    let (ws, plan, saved) = saved_plan_of_a_label(&env).await;
    let plan = plan.as_str();
    // The label's create turned into an invite of the workspace as its owner, its change saying so; and a group made
    // with someone below it as a user of the workspace rather than a member.
    let invite = json!({"op": "create_record", "collection": format!("workspaces/{ws}/invites"),
        "body": {"fields": {"email": "mallory@example.com", "permissions": [{"role": "Workspace Owner"}]}}});
    let group = json!({"op": "create_record", "collection": format!("workspaces/{ws}/user-groups"),
        "body": {"fields": {"name": "G"}, "below": [{"collection": "invites", "input": {"fields": {"emails": ["mallory@example.com"]}}}]}});
    for (op, says) in [(invite, "a plan makes no invite"), (group, "a plan makes no \"invites\" below a user group")] {
        let mut edited = saved.clone();
        edited["changes"][0]["op"] = op;
        std::fs::write(plan, edited.to_string()).unwrap();
        env.clear_requests().await;
        let refused = seg(&env, "public", &["apply", "--plan", plan, "--yes"]).await;
        assert!(refused.code(2).stderr.contains(says), "{}", refused.stderr);
        assert_eq!(writes(&env).await, Vec::new(), "nothing sent");
    }
}
