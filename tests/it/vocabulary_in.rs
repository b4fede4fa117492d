//! One vocabulary in (docs/reference/fields.md): `--set` and `--clear` take seg's field names on both APIs, and
//! `--from-file` takes them or the shape the API in use answers in, so `get -o json`, an edit and `patch --from-file`
//! round-trip on either API; read-only fields must be as they are, and every refusal comes before any write.

use serde_json::{Value, json};

use crate::support::{Run, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

const APIS: [&str; 2] = ["config", "public"];

async fn env() -> TestEnv {
    TestEnv::with(EmulatorOptions { rate_limit: 0, ..Default::default() }).await
}

async fn seg(env: &TestEnv, api: &str, args: &[&str]) -> Run {
    env.seg_with(args, &[("SEG_TOKEN", WRITE), ("SEG_API", api), ("SEG_WORKSPACE", "demo")]).await
}

/// A workspace with source `web` and its webhooks destination holding a secret.
async fn made(api: &str) -> TestEnv {
    let env = env().await;
    seg(&env, api, &["sources", "create", "web", "--catalog", "javascript", "--display-name", "Web"]).await.code(0);
    let hooks = r#"hooks=[{"hook":"https://example.com/in"}]"#;
    let args =
        ["destinations", "create", "web/webhooks", "--enabled", "--config", hooks, "--config", "sharedSecret=s3cret"];
    seg(&env, api, &args).await.code(0);
    env.clear_requests().await;
    env
}

/// The writes the emulator received since the last clear.
async fn writes(env: &TestEnv) -> Vec<String> {
    let requests = env.requests().await;
    env.clear_requests().await;
    requests
        .iter()
        .filter(|r| r["method"] != "GET")
        .map(|r| format!("{} {}", r["method"].as_str().unwrap(), r["uri"].as_str().unwrap()))
        .collect()
}

/// `get -o json`, edited by `edit`, written to a file and given to `patch --from-file`.
async fn round_trip(env: &TestEnv, api: &str, noun: &str, name: &str, edit: impl Fn(&mut Value)) -> Run {
    let mut got = seg(env, api, &[noun, "get", name, "-o", "json"]).await.code(0).json();
    edit(&mut got);
    let file = env.path(&format!("{noun}-{api}.json"));
    std::fs::write(&file, got.to_string()).unwrap();
    env.clear_requests().await;
    seg(env, api, &[noun, "patch", name, "--from-file", file.to_str().unwrap()]).await
}

/// The name people read, under the key each API's `get -o json` gives it.
fn display_key(api: &str) -> &'static str {
    if api == "public" { "name" } else { "display_name" }
}

#[tokio::test]
async fn what_get_prints_edited_patches_back_on_both_apis() {
    for api in APIS {
        let env = made(api).await;
        round_trip(&env, api, "sources", "web", |got| got[display_key(api)] = json!("Web site")).await.code(0);
        // One write: the labels the file gives are those the source has, which cost none.
        assert_eq!(writes(&env).await.len(), 1, "{api}: one write, the display name");
        let source = env.get("/v1beta/workspaces/demo/sources/web").await;
        assert_eq!(source.ok()["display_name"], "Web site", "{api}");

        // A destination's file holds its secret as the service shows it hidden: it stands for the secret, which stays.
        round_trip(&env, api, "destinations", "web/webhooks", |got| got["enabled"] = json!(false)).await.code(0);
        let destination = env.get("/v1beta/workspaces/demo/sources/web/destinations/webhooks").await;
        assert_eq!(destination.ok()["enabled"], false, "{api}");
        let config = destination.ok()["config"].as_array().unwrap().clone();
        let secret = config.iter().find(|i| i["name"].as_str().unwrap().ends_with("/sharedSecret")).unwrap();
        assert!(secret["value"] != json!(""), "{api}: the secret is kept");
        let hooks = config.iter().find(|i| i["name"].as_str().unwrap().ends_with("/hooks")).unwrap();
        assert_eq!(hooks["value"][0]["hook"], "https://example.com/in", "{api}");
    }
}

#[tokio::test]
async fn a_changed_read_only_field_is_refused_before_any_write() {
    for api in APIS {
        let env = made(api).await;
        // The source's id is read only on both APIs, under one name.
        let run = round_trip(&env, api, "sources", "web", |got| {
            got[display_key(api)] = json!("Renamed");
            got["id"] = json!("someoneelse1");
        })
        .await;
        assert!(run.code(2).stderr.contains("id: the file's value differs"), "{api}: {}", run.stderr);
        assert!(!run.stderr.contains("someoneelse1"), "{api}: values are not quoted");
        assert_eq!(writes(&env).await, Vec::<String>::new(), "{api}");
        // A secret as the service shows it hidden, but not the one the destination has: refused.
        let run = round_trip(&env, api, "destinations", "web/webhooks", |got| {
            let hidden = json!("••••••••••0000");
            match api {
                "public" => got["settings"]["sharedSecret"] = hidden,
                _ => {
                    for item in got["config"].as_array_mut().unwrap() {
                        if item["name"].as_str().unwrap().ends_with("/sharedSecret") {
                            item["value"] = hidden.clone();
                        }
                    }
                }
            }
        })
        .await;
        assert!(run.code(2).stderr.contains("config.sharedSecret"), "{api}: {}", run.stderr);
        assert_eq!(writes(&env).await, Vec::<String>::new(), "{api}");
    }
}

#[tokio::test]
async fn set_and_clear_take_segs_names_on_both_apis() {
    for api in APIS {
        let env = made(api).await;
        let run = seg(&env, api, &["sources", "patch", "web", "--set", "name=Web"]).await;
        assert!(run.code(2).stderr.contains("display_name"), "{api}: {}", run.stderr);
        let run = seg(&env, api, &["sources", "patch", "web", "--set", "colour=red"]).await;
        assert!(
            run.code(2).stderr.contains("no such field; an update writes display_name, labels"),
            "{api}: {}",
            run.stderr
        );
        let run = seg(&env, api, &["destinations", "patch", "web/webhooks", "--clear", "create_time"]).await;
        assert!(run.code(2).stderr.contains("no update writes it"), "{api}: {}", run.stderr);
        seg(&env, api, &["sources", "patch", "web", "--set", "display_name=Web 2"]).await.code(0);
        let source = env.get("/v1beta/workspaces/demo/sources/web").await;
        assert_eq!(source.ok()["display_name"], "Web 2", "{api}");
        // What one API holds and the other does not: named, with where it is held.
        let (field, noun, name) = match api {
            "public" => ("library_config.retry_queue=true", "sources", "web"),
            _ => ("display_name=Prod", "destinations", "web/webhooks"),
        };
        let run = seg(&env, api, &[noun, "patch", name, "--set", field]).await;
        let other = if api == "public" { "--api config has it" } else { "--api public has it" };
        assert!(run.code(2).stderr.contains(other), "{api}: {}", run.stderr);
        let only = writes(&env).await;
        assert_eq!(only.len(), 1, "{api}: only the good patch was sent: {only:?}");
    }
}

#[tokio::test]
async fn a_file_of_neither_shape_names_the_fields_an_update_writes() {
    for api in APIS {
        let env = made(api).await;
        let file = env.path("fields.json");
        std::fs::write(&file, r#"{"display_name": "Web", "colour": "red"}"#).unwrap();
        let run = seg(&env, api, &["sources", "patch", "web", "--from-file", file.to_str().unwrap()]).await;
        assert!(run.code(2).stderr.contains("colour: a source has no such field"), "{api}: {}", run.stderr);
        assert_eq!(writes(&env).await, Vec::<String>::new(), "{api}");
    }
}

#[tokio::test]
async fn filters_and_plans_round_trip_too() {
    for api in APIS {
        let env = made(api).await;
        let args =
            ["destinations", "filters", "create", "web/webhooks", "--title", "T", "--if", "all", "--action", "drop"];
        let made_filter = seg(&env, api, &[&args[..], &["-o", "name"]].concat()).await;
        let filter = made_filter.code(0).stdout.trim().rsplit('/').next().unwrap().to_string();
        let mut got = seg(&env, api, &["destinations", "filters", "get", "web/webhooks", &filter, "-o", "json"])
            .await
            .code(0)
            .json();
        got["title"] = json!("Renamed");
        let file = env.path(&format!("filter-{api}.json"));
        std::fs::write(&file, got.to_string()).unwrap();
        env.clear_requests().await;
        let args = ["destinations", "filters", "patch", "web/webhooks", &filter, "--from-file", file.to_str().unwrap()];
        seg(&env, api, &args).await.code(0);
        assert_eq!(writes(&env).await.len(), 1, "{api}");
        let after =
            seg(&env, api, &["destinations", "filters", "get", "web/webhooks", &filter, "--json", "title"]).await;
        assert_eq!(after.code(0).json()["title"], "Renamed", "{api}");

        seg(&env, api, &["tracking-plans", "create", "--display-name", "Main plan"]).await.code(0);
        let mut got = seg(&env, api, &["tracking-plans", "get", "Main plan", "-o", "json"]).await.code(0).json();
        got[display_key(api)] = json!("Main");
        let file = env.path(&format!("plan-{api}.json"));
        std::fs::write(&file, got.to_string()).unwrap();
        env.clear_requests().await;
        seg(&env, api, &["tracking-plans", "update", "Main plan", "--from-file", file.to_str().unwrap()]).await.code(0);
        let after = seg(&env, api, &["tracking-plans", "get", "Main", "--json", "display_name"]).await;
        assert_eq!(after.code(0).json()["display_name"], "Main", "{api}");
    }
}

#[tokio::test]
async fn an_update_mask_names_only_fields_an_update_writes() {
    let env = made("config").await;
    let run =
        seg(&env, "config", &["sources", "patch", "web", "--display-name", "W", "--update-mask", "source.create_time"])
            .await;
    assert!(run.code(2).stderr.contains("--update-mask: create_time"), "{}", run.stderr);
    assert_eq!(writes(&env).await, Vec::<String>::new());
}

#[tokio::test]
async fn segs_names_may_be_added_to_what_the_public_api_printed() {
    let env = made("public").await;
    let mut got = seg(&env, "public", &["sources", "get", "web", "-o", "json"]).await.code(0).json();
    got["display_name"] = json!("Web site");
    let file = env.path("mixed.json");
    std::fs::write(&file, got.to_string()).unwrap();
    env.clear_requests().await;
    seg(&env, "public", &["sources", "patch", "web", "--from-file", file.to_str().unwrap()]).await.code(0);
    assert_eq!(writes(&env).await.len(), 1);
    let source = env.get("/v1beta/workspaces/demo/sources/web").await;
    assert_eq!(source.ok()["display_name"], "Web site");
}

/// Every field `--json` prints for a command (`--json` alone lists them, one a line), joined for `--json`.
async fn every_field(env: &TestEnv, api: &str, args: &[&str]) -> String {
    let mut args = args.to_vec();
    args.push("--json");
    seg(env, api, &args).await.code(0).stdout.lines().collect::<Vec<_>>().join(",")
}

/// What `--json` printed, edited by `edit`, given back to `patch --from-file`.
async fn json_round_trip(
    env: &TestEnv,
    api: &str,
    noun: &str,
    name: &str,
    fields: &str,
    edit: impl Fn(&mut Value),
) -> Run {
    let mut got = seg(env, api, &[noun, "get", name, "--json", fields]).await.code(0).json();
    edit(&mut got);
    let file = env.path(&format!("{noun}-json-{api}.json"));
    std::fs::write(&file, got.to_string()).unwrap();
    env.clear_requests().await;
    // A plan is replaced whole on the Config API: its command is `update` only.
    let verb = if noun == "tracking-plans" { "update" } else { "patch" };
    seg(env, api, &[noun, verb, name, "--from-file", file.to_str().unwrap()]).await
}

/// `--json` prints seg's names the same on both APIs (docs/reference/output.md); a file of them is taken back as
/// any file of fields: what an update writes written (a destination's `settings`, an object by key, as its config),
/// what `--json` read from the resource (`slug`, `catalog`, `source`, `events`, ...) checked against it.
#[tokio::test]
async fn what_json_prints_edited_patches_back_on_both_apis() {
    for api in APIS {
        let env = made(api).await;
        let fields = "name,slug,catalog,display_name,labels";
        json_round_trip(&env, api, "sources", "web", fields, |got| got["display_name"] = json!("Web site"))
            .await
            .code(0);
        assert_eq!(writes(&env).await.len(), 1, "{api}: one write, the display name");
        let source = env.get("/v1beta/workspaces/demo/sources/web").await;
        assert_eq!(source.ok()["display_name"], "Web site", "{api}");
        let run = json_round_trip(&env, api, "sources", "web", fields, |got| got["catalog"] = json!("ios")).await;
        run.code(2);
        assert!(run.stderr.contains("catalog"), "{api}: {}", run.stderr);
        assert_eq!(writes(&env).await, Vec::<String>::new(), "{api}: nothing written");

        let fields = "name,source,catalog,enabled,settings";
        let edit = |got: &mut Value| {
            got["enabled"] = json!(false);
            got["settings"]["hooks"] = json!([{"hook": "https://example.com/other"}]);
        };
        json_round_trip(&env, api, "destinations", "web/webhooks", fields, edit).await.code(0);
        let destination = env.get("/v1beta/workspaces/demo/sources/web/destinations/webhooks").await;
        assert_eq!(destination.ok()["enabled"], false, "{api}");
        let config = destination.ok()["config"].as_array().unwrap().clone();
        let hooks = config.iter().find(|i| i["name"].as_str().unwrap().ends_with("/hooks")).unwrap();
        assert_eq!(hooks["value"][0]["hook"], "https://example.com/other", "{api}");
        let secret = config.iter().find(|i| i["name"].as_str().unwrap().ends_with("/sharedSecret")).unwrap();
        assert_eq!(secret["value"], "s3cret", "{api}: the secret, shown hidden in the file, is kept");
        // Every field `--json` prints, as printed: what the API in use cannot fill is `null`, and stands for that.
        for (noun, name) in [("sources", "web"), ("destinations", "web/webhooks")] {
            let fields = every_field(&env, api, &[noun, "get", name]).await;
            json_round_trip(&env, api, noun, name, &fields, |_| {}).await.code(0);
        }
        let filter = seg(
            &env,
            api,
            &[
                "destinations",
                "filters",
                "create",
                "web/webhooks",
                "--title",
                "T",
                "--if",
                "all",
                "--action",
                "drop",
                "-o",
                "name",
            ],
        )
        .await
        .code(0)
        .stdout
        .clone();
        let filter = filter.trim().rsplit('/').next().unwrap().to_string();
        let fields = every_field(&env, api, &["destinations", "filters", "get", "web/webhooks", &filter]).await;
        let got = seg(&env, api, &["destinations", "filters", "get", "web/webhooks", &filter, "--json", &fields])
            .await
            .code(0)
            .json();
        let file = env.path(&format!("filter-{api}.json"));
        std::fs::write(&file, got.to_string()).unwrap();
        seg(
            &env,
            api,
            &["destinations", "filters", "patch", "web/webhooks", &filter, "--from-file", file.to_str().unwrap()],
        )
        .await
        .code(0);
        let plan = seg(&env, api, &["tracking-plans", "create", "--display-name", "P", "-o", "name"])
            .await
            .code(0)
            .stdout
            .clone();
        let plan = plan.trim().to_string();
        let fields = every_field(&env, api, &["tracking-plans", "get", &plan]).await;
        json_round_trip(&env, api, "tracking-plans", &plan, &fields, |got| got["display_name"] = json!("Q"))
            .await
            .code(0);
        writes(&env).await;

        for (field, value) in [("source", json!("workspaces/demo/sources/other")), ("catalog", json!("amplitude"))] {
            let run =
                json_round_trip(&env, api, "destinations", "web/webhooks", "name,source,catalog,enabled", |got| {
                    got[field] = value.clone()
                })
                .await;
            run.code(2);
            assert!(run.stderr.contains(field), "{api}: {}", run.stderr);
            assert_eq!(writes(&env).await, Vec::<String>::new(), "{api}: nothing written");
        }
    }
}

/// A short file in the Public API's shape is read as one by its `name`, a display name (seg's is a full name), even
/// when its other fields are names `--json` prints too; labels that are no object are refused, never read as none.
#[tokio::test]
async fn a_short_public_file_is_read_by_its_name() {
    let env = made("public").await;
    let write = |name: &str, body: Value| {
        let file = env.path(name);
        std::fs::write(&file, body.to_string()).unwrap();
        file
    };
    let file = write("s.json", json!({"name": "Web two", "slug": "web"}));
    seg(&env, "public", &["sources", "patch", "web", "--from-file", file.to_str().unwrap()]).await.code(0);
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/web").await.ok()["display_name"], "Web two");
    let file =
        write("d.json", json!({"name": "Prod two", "settings": {"hooks": [{"hook": "https://example.com/two"}]}}));
    seg(&env, "public", &["destinations", "patch", "web/webhooks", "--from-file", file.to_str().unwrap()])
        .await
        .code(0);
    writes(&env).await;
    let run = seg(&env, "public", &["sources", "patch", "web", "--set", "labels=5"]).await;
    run.code(2);
    assert!(run.stderr.contains("labels"), "{}", run.stderr);
    assert_eq!(writes(&env).await, Vec::<String>::new(), "nothing written");
}
