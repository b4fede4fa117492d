//! Workspaces as code (`seg export`, `diff`, `apply`) against the emulator, whose request log shows exactly which
//! writes each step sent.

use serde_json::{Value, json};

use crate::support::{Run, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

const WEB: &str = "/v1beta/workspaces/acme/sources/web";

/// A workspace that uses every managed field: labels, library settings, a webhooks destination with hooks (headers
/// as a map and as a list), a legacy URL and a shared secret, a password item, a disabled destination in device
/// mode, a plan whose rules have every part, and connections.
pub async fn rich_workspace() -> TestEnv {
    let env = TestEnv::with(EmulatorOptions {
        workspaces: vec!["acme".into(), "staging".into()],
        rate_limit: 0,
        ..EmulatorOptions::default()
    })
    .await;
    for (slug, catalog) in [("web", "javascript"), ("ios", "ios")] {
        let body = json!({"source": {"name": format!("workspaces/acme/sources/{slug}"), "catalog_name": format!("catalog/sources/{catalog}"),
            "display_name": format!("The {slug} app"), "labels": {"team": "growth", "env": "prod"},
            "library_config": {"metrics_enabled": true, "retry_queue": true, "cross_domain_id_enabled": false, "api_host": "api.example.com"}}});
        env.call("POST", "/v1beta/workspaces/acme/sources", Some(body)).await.ok();
    }
    let webhooks = json!({"destination": {"name": format!("workspaces/acme/sources/web/destinations/webhooks"), "enabled": true,
        "connection_mode": "CLOUD", "config": [
            {"name": "hooks", "value": [{"hook": "https://a.example/in", "headers": {"X-Team": "growth"}},
                                        {"hook": "https://b.example/in", "headers": [{"key": "Authorization", "value": "Basic eDp5"}]}]},
            {"name": "globalHook", "value": "https://legacy.example/in"},
            {"name": "sharedSecret", "value": "s3cret-web"}]}});
    env.call("POST", &format!("{WEB}/destinations"), Some(webhooks)).await.ok();
    for (title, condition, actions, enabled) in [
        ("Drop test users", "userId = 'test'", json!([{"type": "drop_event"}]), true),
        ("Half", "type = 'track'", json!([{"type": "sample_event", "percent": 0.5, "path": "userId"}]), false),
    ] {
        let body = json!({"filter": {"title": title, "if": condition, "actions": actions, "enabled": enabled}});
        env.call("POST", &format!("{WEB}/destinations/webhooks/filters"), Some(body)).await.ok();
    }
    let body = json!({"schema_config": {"allow_unplanned_track_events": false, "forwarding_blocked_events_to": "quarantine"},
                      "update_mask": {"paths": ["schema_config.allow_unplanned_track_events", "schema_config.forwarding_blocked_events_to"]}});
    let answer = env.call("PATCH", &format!("{WEB}/schema-config"), Some(body)).await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    let amplitude = json!({"destination": {"name": "workspaces/acme/sources/web/destinations/amplitude", "enabled": false,
        "connection_mode": "DEVICE", "config": [{"name": "apiKey", "value": "amp-k3y", "type": "password"}]}});
    env.call("POST", &format!("{WEB}/destinations"), Some(amplitude)).await.ok();
    let ga = json!({"destination": {"name": "workspaces/acme/sources/ios/destinations/google-analytics", "enabled": true,
        "config": [{"name": "trackingId", "value": "UA-1-1"}, {"name": "anonymizeIp", "value": true}]}});
    env.call("POST", "/v1beta/workspaces/acme/sources/ios/destinations", Some(ga)).await.ok();
    let rules = json!({"events": [{"name": "Order Completed", "description": "d", "version": 1,
        "rules": {"type": "object", "properties": {"revenue": {"type": "number"}}}}],
        "global": {"type": "object"}, "identify": {"type": "object", "required": ["email"]}, "group": {"type": "object"},
        "identify_traits": [{"key": "email"}], "group_traits": [{"key": "plan"}]});
    let plan = env
        .call(
            "POST",
            "/v1beta/workspaces/acme/tracking-plans",
            Some(json!({"tracking_plan": {"display_name": "Main plan", "rules": rules}})),
        )
        .await;
    let plan = plan.ok()["name"].as_str().unwrap().to_string();
    for source in ["web", "ios"] {
        let body = json!({"source_name": format!("workspaces/acme/sources/{source}")});
        env.call("POST", &format!("/v1beta/{plan}/source-connections"), Some(body)).await.ok();
    }
    env.call(
        "POST",
        "/v1beta/workspaces/acme/tracking-plans",
        Some(json!({"tracking_plan": {"display_name": "Empty plan"}})),
    )
    .await
    .ok();
    env.clear_requests().await;
    env
}

/// Every secret of the rich workspace, as its export names them: items, and a hook's Authorization header.
pub const SECRETS: [(&str, &str); 3] = [
    ("SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET", "s3cret-web"),
    ("SEG_SECRET_WEB_AMPLITUDE_APIKEY", "amp-k3y"),
    ("SEG_SECRET_WEB_WEBHOOKS_HOOKS_1_AUTHORIZATION", "Basic eDp5"),
];

/// `seg ARGS` with the workspace's secrets in the environment.
async fn with_secrets(env: &TestEnv, args: &[&str]) -> Run {
    let mut vars = vec![("SEG_TOKEN", WRITE)];
    vars.extend(SECRETS);
    env.seg_with(args, &vars).await
}

/// The writes the emulator received since the last look, as (method, path, body).
pub async fn writes(env: &TestEnv) -> Vec<(String, String, Value)> {
    let requests = env.requests().await;
    env.clear_requests().await;
    requests
        .into_iter()
        .filter(|r| r["method"] != "GET")
        .map(|r| {
            let body = serde_json::from_str(r["body"].as_str().unwrap()).unwrap_or(Value::Null);
            (r["method"].as_str().unwrap().to_string(), r["uri"].as_str().unwrap().to_string(), body)
        })
        .collect()
}

pub async fn export(env: &TestEnv) -> String {
    let file = env.path("acme.yaml");
    env.seg(&["-w", "acme", "export", "--file", file.to_str().unwrap()]).await.code(0);
    std::fs::read_to_string(&file).unwrap()
}

pub fn write_file(env: &TestEnv, name: &str, text: &str) -> String {
    let path = env.path(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[tokio::test]
async fn an_export_diffs_to_nothing_and_keeps_secrets_out_of_the_file() {
    let env = rich_workspace().await;
    let text = export(&env).await;
    // The variables the file needs, on stderr, one a line, so they can be set before an apply.
    let run = env.seg(&["-w", "acme", "export", "--file", env.path("again.yaml").to_str().unwrap()]).await;
    let listed: Vec<&str> = run.code(0).stderr.lines().filter_map(|l| l.strip_prefix("  ")).collect();
    assert_eq!(
        listed,
        [
            "SEG_SECRET_WEB_AMPLITUDE_APIKEY",
            "SEG_SECRET_WEB_WEBHOOKS_HOOKS_1_AUTHORIZATION",
            "SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET"
        ],
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("the file's secrets are read from 3 variables when it is applied"), "{}", run.stderr);
    for secret in ["s3cret-web", "amp-k3y", "eDp5"] {
        assert!(!text.contains(secret), "a secret in the export:\n{text}");
    }
    for expected in [
        "$env: SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET",
        "$env: SEG_SECRET_WEB_WEBHOOKS_HOOKS_1_AUTHORIZATION",
        "$env: SEG_SECRET_WEB_AMPLITUDE_APIKEY",
        "enabled: false",
        "connection_mode: DEVICE",
        "X-Team: growth",
        "Main plan:",
        "identify_traits:",
        "api_host: api.example.com",
        "filters:\n          Drop test users:\n            if: userId = 'test'\n            actions:\n            - type: drop_event\n            enabled: true",
        "          Half:\n",
        "    schema_config:\n      allow_unplanned_track_events: false\n",
        "      forwarding_blocked_events_to: quarantine\n",
        "      common_track_event_on_violations: ALLOW\n",
    ] {
        assert!(text.contains(expected), "{expected} missing:\n{text}");
    }
    // Filters only where a destination has some, a schema config only where it is not the default: each costs
    // `diff` a request to read again, so the file manages only those.
    assert_eq!((text.matches("filters:").count(), text.matches("schema_config:").count()), (1, 1), "{text}");
    let file = env.path("acme.yaml");
    let file = file.to_str().unwrap();
    // With the secrets' variables: nothing differs, nothing is unverifiable.
    let run = with_secrets(&env, &["diff", "--file", file, "-o", "json"]).await;
    let plan = run.code(0).json();
    assert_eq!(plan, json!({"changes": [], "unverifiable": [], "not_supported": [], "requests": 0}));
    // Without them: still in sync; the secrets are shown as unverifiable, never as differences.
    let run = env.seg(&["diff", "--file", file, "-o", "json"]).await;
    let plan = run.code(0).json();
    let unverifiable: Vec<&str> =
        plan["unverifiable"].as_array().unwrap().iter().map(|u| u["path"].as_str().unwrap()).collect();
    assert_eq!(
        unverifiable,
        ["destination.config.hooks", "destination.config.sharedSecret", "destination.config.apiKey"],
        "a hook's credential header is a secret like the items"
    );
    // JSON is the same file.
    let run = env.seg(&["-w", "acme", "export", "--format", "json"]).await;
    let json_file = write_file(&env, "acme.json", &run.code(0).stdout);
    with_secrets(&env, &["diff", "--file", &json_file, "-o", "json"]).await.code(0);
    assert!(writes(&env).await.is_empty(), "export and diff only read");
    // --secrets plain: the values, a warning, and a file only its owner reads.
    let plain = env.path("plain.yaml");
    let run = env.seg(&["-w", "acme", "export", "--secrets", "plain", "--file", plain.to_str().unwrap()]).await;
    assert!(run.code(0).stderr.contains("plain text"), "{}", run.stderr);
    assert!(std::fs::read_to_string(&plain).unwrap().contains("s3cret-web"));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&plain).unwrap().permissions().mode() & 0o777, 0o600);
    }
}

#[tokio::test]
async fn each_kind_of_change_sends_its_minimal_request_and_a_second_apply_sends_none() {
    let env = rich_workspace().await;
    let text = export(&env)
        .await
        .replace("      amplitude:\n        enabled: false", "      amplitude:\n        enabled: true")
        .replace("trackingId: UA-1-1", "trackingId: UA-2-2")
        .replace("retry_queue: true", "retry_queue: false")
        .replace("env: prod", "env: staging")
        .replace("required:\n        - email", "required:\n        - email\n        - name")
        + "  Second plan:\n    rules:\n      events: []\n    sources:\n    - web\n";
    let text = text.replacen("    sources:\n    - web\n    - ios", "    sources:\n    - web", 1);
    let file = write_file(&env, "changed.yaml", &text);
    let run = with_secrets(&env, &["diff", "--file", &file, "-o", "json"]).await;
    assert_eq!(run.code(1).json()["requests"], 8, "{}", run.stdout);
    with_secrets(&env, &["apply", "--file", &file]).await.code(0);
    let sent = writes(&env).await;
    let find = |method: &str, path: &str| -> Value {
        let matching: Vec<&Value> =
            sent.iter().filter(|(m, p, _)| m == method && p.ends_with(path)).map(|(_, _, b)| b).collect();
        assert_eq!(matching.len(), 1, "{method} {path} in {sent:#?}");
        matching[0].clone()
    };
    assert_eq!(
        find("PATCH", "/sources/web/destinations/amplitude"),
        json!({"destination": {"enabled": true}, "update_mask": {"paths": ["destination.enabled"]}})
    );
    assert_eq!(
        find("PATCH", "/sources/ios/destinations/google-analytics"),
        json!({"destination": {"config": [{"name": "workspaces/acme/sources/ios/destinations/google-analytics/config/trackingId", "value": "UA-2-2"}]},
               "update_mask": {"paths": ["destination.config"]}})
    );
    for source in ["web", "ios"] {
        assert_eq!(
            find("PATCH", &format!("/workspaces/acme/sources/{source}")),
            json!({"source": {"labels": {"env": "staging", "team": "growth"}, "library_config": {"retry_queue": false}},
                   "update_mask": {"paths": ["source.labels", "source.library_config.retry_queue"]}})
        );
    }
    let puts: Vec<&Value> =
        sent.iter().filter(|(m, p, _)| m == "PUT" && p.contains("/tracking-plans/rs_")).map(|(_, _, b)| b).collect();
    assert_eq!(puts.len(), 1, "{sent:#?}");
    let rules = puts[0];
    assert_eq!(rules["update_mask"], json!({"paths": ["tracking_plan.rules"]}));
    assert_eq!(rules["tracking_plan"]["rules"]["identify"]["required"], json!(["email", "name"]));
    assert_eq!(find("POST", "/workspaces/acme/tracking-plans")["tracking_plan"]["display_name"], "Second plan");
    assert_eq!(find("POST", "/source-connections")["source_name"], "workspaces/acme/sources/web");
    assert!(sent.iter().any(|(m, p, _)| m == "DELETE" && p.ends_with("/source-connections/ios")), "{sent:#?}");
    assert_eq!(sent.len(), 8, "{sent:#?}");
    // Idempotent: the second apply sends no write, and says so.
    let run = with_secrets(&env, &["apply", "--file", &file]).await;
    assert!(run.code(0).stderr.contains("nothing to change"), "{}", run.stderr);
    assert!(writes(&env).await.is_empty());
    with_secrets(&env, &["diff", "--file", &file]).await.code(0);
}

#[tokio::test]
async fn deletes_need_prune_and_consent_and_every_refusal_comes_before_any_write() {
    let env = rich_workspace().await;
    let text = export(&env).await;
    // The file without the ios source and the empty plan, and with one destination changed.
    let start = text.find("  ios:\n").unwrap();
    let end = text.find("tracking_plans:").unwrap();
    let text =
        format!("{}{}", &text[..start], &text[end..]).replace("connection_mode: DEVICE", "connection_mode: CLOUD");
    let cut = text.find("  Empty plan:").unwrap();
    let text = text[..cut].replace("    - ios\n", "");
    let file = write_file(&env, "smaller.yaml", &text);
    // Without --prune nothing is deleted.
    let run = with_secrets(&env, &["diff", "--file", &file, "-o", "json"]).await;
    assert!(run.code(1).json()["changes"].as_array().unwrap().iter().all(|c| c["action"] != "delete"));
    // --prune without a terminal or --yes, and more deletes than --max-deletes: refused, nothing sent.
    let run = with_secrets(&env, &["apply", "--file", &file, "--prune"]).await;
    assert!(run.code(2).stderr.contains("--yes"), "{}", run.stderr);
    let run = with_secrets(&env, &["apply", "--file", &file, "--prune", "--max-deletes", "1", "--yes"]).await;
    assert!(run.code(2).stderr.contains("--max-deletes 1"), "{}", run.stderr);
    // An unset secret: refused, naming the variable.
    let run = env.seg(&["apply", "--file", &file]).await;
    assert!(
        run.code(2).stderr.starts_with("error: set SEG_SECRET_")
            && run.stderr.contains("SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET")
            && run.stderr.contains(" (the file's secrets); nothing was changed\n"),
        "{}",
        run.stderr
    );
    assert!(writes(&env).await.is_empty(), "a refusal sent a write");
    // With consent: exactly the planned deletes (the source takes its destination with it).
    let run = with_secrets(&env, &["diff", "--file", &file, "--prune", "-o", "json"]).await;
    let deletes: Vec<String> = run.code(1).json()["changes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["action"] == "delete")
        .map(|c| c["resource"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(deletes.len(), 2, "{deletes:?}");
    with_secrets(&env, &["apply", "--file", &file, "--prune", "--yes"]).await.code(0);
    let sent: Vec<String> = writes(&env)
        .await
        .into_iter()
        .filter(|(m, p, _)| m == "DELETE" && !p.contains("/source-connections/"))
        .map(|(_, p, _)| p)
        .collect();
    assert_eq!(sent.len(), 2, "{sent:?}");
    assert!(sent.iter().any(|p| p.ends_with("/sources/ios")) && deletes.iter().any(|d| d.ends_with("/sources/ios")));
    with_secrets(&env, &["diff", "--file", &file, "--prune"]).await.code(0);
}

#[tokio::test]
async fn a_failure_midway_stops_and_running_again_completes() {
    let env = rich_workspace().await;
    let text = export(&env).await.replace("sources:\n  web:", "sources:\n  new-a:\n    catalog_name: catalog/sources/javascript\n  new-b:\n    catalog_name: catalog/sources/ios\n  web:");
    let file = write_file(&env, "more.yaml", &text);
    env.fault(json!({"status": 500, "method": "POST", "path": "/v1beta/workspaces/acme/sources", "skip": 1})).await;
    let run = with_secrets(&env, &["apply", "--file", &file, "--max-retries", "0"]).await;
    run.code(23);
    assert!(
        run.stderr.contains("created workspaces/acme/sources/new-a") && run.stderr.contains("stopped at change 2 of 2"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("run apply again"), "{}", run.stderr);
    let run = with_secrets(&env, &["apply", "--file", &file]).await;
    assert!(
        run.code(0).stderr.contains("created workspaces/acme/sources/new-b") && !run.stderr.contains("new-a"),
        "{}",
        run.stderr
    );
    with_secrets(&env, &["diff", "--file", &file]).await.code(0);
}

#[tokio::test]
async fn a_saved_plan_is_refused_once_the_workspace_moves() {
    let env = rich_workspace().await;
    let text = export(&env)
        .await
        .replace("      amplitude:\n        enabled: false", "      amplitude:\n        enabled: true");
    let file = write_file(&env, "plan-me.yaml", &text);
    let plan = env.path("plan.json");
    let plan = plan.to_str().unwrap();
    with_secrets(&env, &["diff", "--file", &file, "--out", plan]).await.code(1);
    assert!(!std::fs::read_to_string(plan).unwrap().contains("s3cret"), "a secret in the saved plan");
    // Someone changes a destination meanwhile.
    let body =
        json!({"destination": {"connection_mode": "CLOUD"}, "update_mask": {"paths": ["destination.connection_mode"]}});
    env.call("PATCH", &format!("{WEB}/destinations/amplitude"), Some(body)).await.ok();
    env.clear_requests().await;
    let run = with_secrets(&env, &["apply", "--plan", plan]).await;
    assert!(run.code(1).stderr.contains("workspaces/acme/sources/web/destinations/amplitude"), "{}", run.stderr);
    assert!(writes(&env).await.is_empty());
    // A fresh plan applies: exactly its one change.
    with_secrets(&env, &["diff", "--file", &file, "--out", plan]).await.code(1);
    env.clear_requests().await;
    with_secrets(&env, &["apply", "--plan", plan]).await.code(0);
    let sent = writes(&env).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    let paths = json!({"paths": ["destination.enabled", "destination.connection_mode"]});
    assert_eq!(sent[0].2["update_mask"], paths, "the file's mode comes back too");
    // A plan read the destinations' filters and the sources' schema configs: a filter added since, or a schema
    // config changed since, moves it too.
    with_secrets(&env, &["diff", "--file", &file, "--out", plan]).await.code(0);
    let body = json!({"filter": {"title": "Later", "if": "all", "actions": [{"type": "drop_event"}]}});
    env.call("POST", &format!("{WEB}/destinations/webhooks/filters"), Some(body)).await.ok();
    let run = with_secrets(&env, &["apply", "--plan", plan]).await;
    assert!(run.code(1).stderr.contains("/destinations/webhooks/filters"), "{}", run.stderr);
    with_secrets(&env, &["diff", "--file", &file, "--out", plan]).await.code(0);
    let body = json!({"schema_config": {"allow_unplanned_group_traits": false},
                      "update_mask": {"paths": ["schema_config.allow_unplanned_group_traits"]}});
    env.call("PATCH", &format!("{WEB}/schema-config"), Some(body)).await.ok();
    let run = with_secrets(&env, &["apply", "--plan", plan]).await;
    assert!(run.code(1).stderr.contains("workspaces/acme/sources/web/schema-config"), "{}", run.stderr);
}

#[tokio::test]
async fn an_explicit_w_promotes_a_file_and_nothing_else_redirects_it() {
    let env = rich_workspace().await;
    let file = write_file(&env, "acme.yaml", &export(&env).await);
    // SEG_WORKSPACE does not redirect the file: acme is in sync.
    let mut vars = vec![("SEG_TOKEN", WRITE), ("SEG_WORKSPACE", "staging")];
    vars.extend(SECRETS);
    env.seg_with(&["diff", "--file", &file], &vars).await.code(0);
    // -w does: everything is created in staging, connections to staging's sources.
    with_secrets(&env, &["apply", "--file", &file, "-w", "staging"]).await.code(0);
    let sent = writes(&env).await;
    assert!(sent.iter().all(|(_, p, _)| p.contains("/workspaces/staging/")), "{sent:#?}");
    assert!(sent.iter().any(|(_, p, b)| p.ends_with("/source-connections") && b["source_name"] == "workspaces/staging/sources/ios"));
    with_secrets(&env, &["diff", "--file", &file, "-w", "staging"]).await.code(0);
    let staging = env.seg(&["-w", "staging", "export", "--format", "json"]).await;
    let acme = env.seg(&["-w", "acme", "export", "--format", "json"]).await;
    let (mut staging, mut acme) = (staging.json(), acme.json());
    staging["workspace"] = json!("x");
    acme["workspace"] = json!("x");
    // Amplitude's apiKey is a secret by its name, though the emulator's catalog types it a string: both exports
    // write it as a reference.
    let api_key = "/sources/web/destinations/amplitude/config/apiKey";
    assert_eq!(staging.pointer(api_key), Some(&json!({"$env": "SEG_SECRET_WEB_AMPLITUDE_APIKEY"})));
    assert_eq!(staging, acme, "a promoted copy exports the same");
}

#[tokio::test]
async fn bad_files_are_usage_errors_naming_the_place() {
    let env = rich_workspace().await;
    let text = export(&env).await.replacen("connection_mode:", "conection_mode:", 1);
    let file = write_file(&env, "typo.yaml", &text);
    let run = env.seg(&["diff", "--file", &file]).await;
    assert!(run.code(2).stderr.contains("conection_mode") && run.stderr.contains("line "), "{}", run.stderr);
    let file = write_file(&env, "format.yaml", "format: seg/9\nworkspace: acme\n");
    assert!(env.seg(&["apply", "--file", &file]).await.code(2).stderr.contains("seg/9"));
    // Two plans of one name cannot be keyed by it.
    env.call(
        "POST",
        "/v1beta/workspaces/acme/tracking-plans",
        Some(json!({"tracking_plan": {"display_name": "Main plan"}})),
    )
    .await
    .ok();
    env.clear_requests().await;
    let run = env.seg(&["-w", "acme", "export"]).await;
    assert!(run.code(2).stderr.contains("both named \"Main plan\""), "{}", run.stderr);
    assert!(writes(&env).await.is_empty());
}

/// `seg serve --seed FILE --data D` as a process, with the environment given; its base URL, write token and the
/// file its stderr goes to.
async fn serve_seeded(
    env: &TestEnv,
    file: &str,
    vars: &[(&str, &str)],
    run: &str,
) -> (tokio::process::Child, String, String, std::path::PathBuf) {
    use tokio::io::AsyncBufReadExt;
    let stderr = env.path(&format!("serve-{run}.err"));
    let mut cmd = crate::support::seg_command(env.home.path());
    cmd.args(["serve", "--port", "0", "--rate-limit", "0", "--seed", file, "--data"])
        .arg(env.path("copy.redb"))
        .envs(vars.iter().copied())
        .stdout(std::process::Stdio::piped())
        .stderr(std::fs::File::create(&stderr).unwrap());
    let mut child = cmd.spawn().unwrap();
    let mut lines = tokio::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let first =
        lines.next_line().await.unwrap().unwrap_or_else(|| panic!("{}", std::fs::read_to_string(&stderr).unwrap()));
    let base = first.strip_prefix("listening on ").expect(&first).to_string();
    let token = lines.next_line().await.unwrap().unwrap();
    let token = token.strip_prefix("token workspace ").expect(&token).to_string();
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    (child, base, token, stderr)
}

#[tokio::test]
async fn an_export_seeds_a_local_copy_that_diffs_to_nothing_and_a_restart_creates_nothing_twice() {
    let env = rich_workspace().await;
    // What the built-in catalog lacks: a source type, a destination and a setting of a known one.
    let text = export(&env).await.replace("catalog_name: catalog/sources/ios", "catalog_name: catalog/sources/acme-sdk").replace(
        "      amplitude:\n",
        "      acme-crm:\n        enabled: true\n        config:\n          region: eu\n          retries: 3\n          fields: [a, b]\n      amplitude:\n",
    );
    let text = text.replace("trackingId: UA-1-1", "trackingId: UA-1-1\n          domain: example.com");
    assert!(text.contains("acme-crm") && text.contains("acme-sdk") && text.contains("domain: example.com"), "{text}");
    let file = write_file(&env, "acme.yaml", &text);
    let diff_copy = |base: String, token: String| {
        let mut cmd = crate::support::seg_command(env.home.path());
        cmd.args(["-w", "acme", "diff", "--file", &file])
            .env("SEG_BASE_URL", base)
            .env("SEG_TOKEN", token)
            .envs(SECRETS);
        crate::support::run_with_stdin(cmd, b"")
    };

    let (mut first, base, token, _) = serve_seeded(&env, &file, &SECRETS, "1").await;
    let run = diff_copy(base.clone(), token.clone()).await;
    assert_eq!(run.code, 0, "the copy is what the file says: {}{}", run.stdout, run.stderr);
    first.kill().await.unwrap();
    first.wait().await.unwrap();

    // One secret unset: the start stops with exit 2, naming the variable, and creates nothing.
    let mut cmd = crate::support::seg_command(env.home.path());
    cmd.args(["serve", "--port", "0", "--seed", &file, "--data"])
        .arg(env.path("copy.redb"))
        .envs(SECRETS[..1].iter().copied());
    let refused = crate::support::run_with_stdin(cmd, b"").await;
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert!(
        refused.stderr.contains("SEG_SECRET_WEB_AMPLITUDE_APIKEY") && !refused.stderr.contains("amp-k3y"),
        "{}",
        refused.stderr
    );
    assert!(refused.stdout.is_empty(), "{}", refused.stdout);

    // Again on the same data: nothing is created twice.
    let (mut second, base, token, _) = serve_seeded(&env, &file, &SECRETS, "2").await;
    let run = diff_copy(base.clone(), token.clone()).await;
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let http = reqwest::Client::new();
    let list = |path: &str| http.get(format!("{base}/v1beta/workspaces/acme/{path}")).bearer_auth(&token).send();
    let plans: Value = list("tracking-plans").await.unwrap().json().await.unwrap();
    let names: Vec<&str> =
        plans["tracking_plans"].as_array().unwrap().iter().map(|p| p["display_name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Main plan", "Empty plan"]);
    let sources: Value = list("sources").await.unwrap().json().await.unwrap();
    assert_eq!(sources["sources"].as_array().unwrap().len(), 2);
    second.kill().await.unwrap();
    second.wait().await.unwrap();
}

/// A password the service shows censored (`••••`) can't be compared: diff shows it unverifiable, never a
/// difference, and apply leaves it alone; a destination that does not exist yet gets the real value on create.
#[tokio::test]
async fn a_censored_password_is_unverifiable_and_written_only_on_create() {
    // The service shows a password censored; the emulator does so on the Public API (it never stores a censored
    // value: a write of one keeps the secret it stands for, docs/reference/secrets.md).
    let env = rich_workspace().await;
    let amplitude = "/v1beta/workspaces/acme/sources/web/destinations/amplitude";
    let body = json!({"destination": {"config": [{"name": "apiKey", "value": "amp-k3y", "type": "password"}]},
                      "update_mask": {"paths": ["destination.config"]}});
    assert_eq!(env.call("PATCH", amplitude, Some(body)).await.status, 200);
    env.clear_requests().await;
    let public = |args: &[&str]| {
        let mut vars = vec![("SEG_TOKEN", WRITE), ("SEG_API", "public")];
        vars.extend(SECRETS);
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let env = &env;
        async move { env.seg_with(&args.iter().map(String::as_str).collect::<Vec<_>>(), &vars).await }
    };
    let file = env.path("acme.yaml");
    public(&["export", "--file", file.to_str().unwrap()]).await.code(0);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(!text.contains("••") && text.contains("$env: SEG_SECRET_WEB_AMPLITUDE_APIKEY"), "{text}");
    // A new destination in the same file takes the same kind of reference.
    let added = text.replacen(
        "    destinations:\n",
        "    destinations:\n      mixpanel:\n        config:\n          token:\n            $env: SEG_SECRET_WEB_AMPLITUDE_APIKEY\n",
        1,
    );
    let file = write_file(&env, "added.yaml", &added);
    let run = public(&["diff", "--file", &file, "-o", "json"]).await;
    assert_eq!(run.code, 1, "the new destination differs: {}", run.stderr);
    let plan = run.json();
    // The amplitude key and the webhooks' shared secret: both shown censored.
    let unverifiable = plan["unverifiable"].as_array().unwrap();
    let resources: Vec<&str> = unverifiable.iter().map(|u| u["resource"].as_str().unwrap()).collect();
    assert!(resources.contains(&"workspaces/acme/sources/web/destinations/amplitude"), "{plan}");
    assert!(unverifiable.iter().all(|u| u["reason"].as_str().unwrap().contains("censored")), "{plan}");
    let changed: Vec<&str> =
        plan["changes"].as_array().unwrap().iter().map(|c| c["resource"].as_str().unwrap()).collect();
    assert!(changed.iter().all(|r| r.ends_with("/mixpanel")), "only the new destination changes: {plan}");
    let run = public(&["apply", "--file", &file, "--yes"]).await;
    run.code(0);
    let sent = writes(&env).await;
    assert!(sent.iter().all(|(method, _, _)| method == "POST"), "the censored one is left alone: {sent:?}");
    let created = sent.iter().find(|(method, _, _)| method == "POST").expect("the new destination is created");
    assert!(created.2.to_string().contains("amp-k3y"), "created with the variable's value: {}", created.2);
    assert_eq!(env.get(amplitude).await.json["config"][0]["value"], "amp-k3y");
    // Run again: nothing more to write, the censored item still shown, not changed.
    let run = public(&["apply", "--file", &file, "--yes"]).await;
    run.code(0);
    assert!(writes(&env).await.is_empty());
}

/// Filters (keyed by title) and schema config in the file: each change is its one minimal request, a second apply
/// sends none, filters the file leaves out are deleted only with --prune, and what cannot be keyed is refused.
#[tokio::test]
async fn filters_and_schema_config_apply_as_minimal_requests() {
    let env = rich_workspace().await;
    let text = export(&env).await;
    let changed = text
        .replace(
            "          Half:\n            if: type = 'track'\n",
            "          Half:\n            if: type = 'identify'\n",
        )
        .replacen("      common_track_event_on_violations: ALLOW\n", "      common_track_event_on_violations: BLOCK\n", 1)
        .replace(
            "        filters:\n",
            "        filters:\n          No bots:\n            if: context.userAgent = 'bot'\n            actions:\n            - type: drop_event\n            enabled: true\n",
        );
    let file = write_file(&env, "filters.yaml", &changed);
    let run = with_secrets(&env, &["diff", "--file", &file, "-o", "json"]).await;
    assert_eq!(run.code(1).json()["requests"], 3, "{}", run.stdout);
    with_secrets(&env, &["apply", "--file", &file]).await.code(0);
    let sent = writes(&env).await;
    assert_eq!(sent.len(), 3, "{sent:#?}");
    let schema = sent.iter().find(|(m, p, _)| m == "PATCH" && p.ends_with("/sources/web/schema-config")).unwrap();
    assert_eq!(
        schema.2,
        json!({"schema_config": {"common_track_event_on_violations": "BLOCK"},
               "update_mask": {"paths": ["schema_config.common_track_event_on_violations"]}})
    );
    let patch = sent.iter().find(|(m, p, _)| m == "PATCH" && p.contains("/filters/df_")).unwrap();
    assert_eq!(patch.2, json!({"filter": {"if": "type = 'identify'"}, "update_mask": {"paths": ["if"]}}));
    let post = sent.iter().find(|(m, p, _)| m == "POST" && p.ends_with("/destinations/webhooks/filters")).unwrap();
    assert_eq!(post.2["filter"]["title"], "No bots");
    assert_eq!(post.2["filter"]["actions"], json!([{"type": "drop_event"}]));
    let run = with_secrets(&env, &["apply", "--file", &file]).await;
    assert!(run.code(0).stderr.contains("nothing to change"), "{}", run.stderr);
    assert!(writes(&env).await.is_empty());

    // Left out of the file: not a difference, unless --prune; then exactly that filter goes.
    let mut parsed = seg::plan::file::WorkspaceFile::parse(&changed, std::path::Path::new(".")).unwrap();
    let webhooks = parsed.sources["web"].destinations.get_mut("webhooks").unwrap();
    webhooks.filters.as_mut().unwrap().shift_remove("Half").unwrap();
    let without_half = parsed.render(false).unwrap();
    assert!(!without_half.contains("Half:") && without_half.contains("Drop test users:"), "{without_half}");
    let file = write_file(&env, "fewer.yaml", &without_half);
    with_secrets(&env, &["diff", "--file", &file]).await.code(0);
    let run = with_secrets(&env, &["diff", "--file", &file, "--prune", "-o", "json"]).await;
    let plan = run.code(1).json();
    let changes = plan["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 1, "{plan}");
    assert_eq!(changes[0]["action"], "delete");
    assert!(changes[0]["resource"].as_str().unwrap().contains("/filters/df_"), "{plan}");
    with_secrets(&env, &["apply", "--file", &file, "--prune", "--yes"]).await.code(0);
    let sent = writes(&env).await;
    assert!(sent.len() == 1 && sent[0].0 == "DELETE" && sent[0].1.contains("/filters/df_"), "{sent:#?}");

    // A new filter without `if` or `actions` cannot be created; a bad schema field or action is refused at read.
    let incomplete = changed.replace("          No bots:\n", "          No bots at all:\n").replace(
        "          No bots at all:\n            if: context.userAgent = 'bot'\n",
        "          No bots at all:\n",
    );
    let run = with_secrets(&env, &["diff", "--file", &write_file(&env, "incomplete.yaml", &incomplete)]).await;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("No bots at all") && run.stderr.contains("`if`"), "{}", run.stderr);
    for (from, to, says) in [
        ("allow_unplanned_track_events: false", "allow_unplanned_track_event: false", "unknown field"),
        ("common_track_event_on_violations: BLOCK", "common_track_event_on_violations: DROP", "ALLOW, OMIT_PROPERTIES"),
        ("- type: drop_event", "- type: explode", "unknown filter action"),
        ("if: type = 'identify'", "if: type = = 'identify'", "`if` is not valid FQL"),
    ] {
        let bad = changed.replacen(from, to, 1);
        assert_ne!(bad, changed, "{from}");
        let run = with_secrets(&env, &["diff", "--file", &write_file(&env, "bad.yaml", &bad)]).await;
        assert_eq!(run.code, 2, "{to}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{to}: {}", run.stderr);
    }
    assert!(writes(&env).await.is_empty(), "refusals send nothing");

    // Two filters with one title cannot be keyed: export stops, naming both.
    let body = json!({"filter": {"title": "Drop test users", "if": "all", "actions": [{"type": "drop_event"}]}});
    env.call("POST", &format!("{WEB}/destinations/webhooks/filters"), Some(body)).await.ok();
    let run = env.seg(&["-w", "acme", "export"]).await;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("both titled \"Drop test users\""), "{}", run.stderr);
}
