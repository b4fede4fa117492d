//! Moving a workspace from the Config API to the Public API with one reviewed plan (docs/reference/commands.md, "Two
//! APIs"): the same workspace through the other API finds nothing to change, a copy into another workspace is export,
//! diff and apply, what the target cannot hold is listed as not supported (never a difference, never hidden), files of
//! earlier versions keep working, and an apply cut off midway completes when run again.

use serde_json::{Value, json};

use crate::code::{SECRETS, export, rich_workspace, write_file, writes};
use crate::support::{Run, TestEnv, WRITE};

/// The file `seg export` of version 0.1 wrote for a workspace with one of everything (before the Public API).
const EXPORT_0_1_YAML: &str = include_str!("../fixtures/export-0.1.yaml");
const EXPORT_0_1_JSON: &str = include_str!("../fixtures/export-0.1.json");

/// `seg ARGS` with the secrets' variables, on `api` (`config` or `public`) with `token`.
async fn seg(env: &TestEnv, api: &str, token: &str, args: &[&str]) -> Run {
    let mut vars = vec![("SEG_TOKEN", token), ("SEG_API", api)];
    vars.extend(SECRETS);
    env.seg_with(args, &vars).await
}

/// A token of the Config API for one workspace (the Public API's token acts on the first it names).
async fn token_for(env: &TestEnv, workspace: &str) -> String {
    let body = json!({"access_token": {"description": "copy", "scopes": "workspace",
        "workspace_names": [format!("workspaces/{workspace}")]}});
    let answer = env.call("POST", "/v1beta/access-tokens", Some(body)).await;
    answer.ok()["token"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn files_of_earlier_versions_read_and_apply_unchanged() {
    for (name, text) in [("export-0.1.yaml", EXPORT_0_1_YAML), ("export-0.1.json", EXPORT_0_1_JSON)] {
        let env = TestEnv::with(seg::emulator::EmulatorOptions {
            workspaces: vec!["acme".into()],
            rate_limit: 0,
            ..Default::default()
        })
        .await;
        let file = write_file(&env, name, text);
        seg(&env, "config", WRITE, &["apply", "--file", &file, "--yes"]).await.code(0);
        let again = seg(&env, "config", WRITE, &["diff", "--file", &file, "-o", "json"]).await;
        let plan = again.code(0).json();
        assert_eq!(plan["changes"], json!([]), "{name}");
        assert_eq!(plan["not_supported"], json!([]), "{name}: everything such a file holds, the Config API holds");
        // What the file holds is what the workspace now has: its export is the file again.
        let exported = seg(&env, "config", WRITE, &["-w", "acme", "export"]).await;
        assert_eq!(exported.code(0).stdout, EXPORT_0_1_YAML, "{name}");
        // The same file on the Public API, over the same workspace: nothing to change, what it cannot hold listed.
        let public = seg(&env, "public", WRITE, &["diff", "--file", &file, "-o", "json"]).await;
        let plan = public.code(0).json();
        assert_eq!(plan["changes"], json!([]), "{name}: {plan}");
        let listed: Vec<(String, String)> = plan["not_supported"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| (n["resource"].as_str().unwrap().to_string(), n["path"].as_str().unwrap().to_string()))
            .collect();
        assert!(listed.contains(&("workspaces/acme/sources/web".into(), "source.library_config".into())), "{listed:?}");
        assert!(
            listed.contains(&(
                "workspaces/acme/sources/web/destinations/amplitude".into(),
                "destination.connection_mode".into()
            )),
            "{listed:?}"
        );
    }
}

#[tokio::test]
async fn switching_the_api_of_a_workspace_finds_nothing_to_change() {
    let env = rich_workspace().await;
    let text = export(&env).await;
    let file = write_file(&env, "acme.yaml", &text);
    env.clear_requests().await;
    let run = seg(&env, "public", WRITE, &["diff", "--file", &file, "-o", "table"]).await;
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("! not supported workspaces/acme/sources/web source.library_config"), "{}", run.stdout);
    // A secret the Public API shows censored is unverifiable, never a difference.
    assert!(run.stdout.contains("? unverifiable workspaces/acme/sources/web/destinations/webhooks"), "{}", run.stdout);
    assert!(writes(&env).await.is_empty());
    // The export of the same workspace through the Public API diffs to nothing on both APIs.
    let public = seg(&env, "public", WRITE, &["export"]).await;
    let exported = public.code(0).stdout.clone();
    assert!(public.stderr.contains("access tokens") && public.stderr.contains("regulations"), "{}", public.stderr);
    assert!(!exported.contains("library_config") && !exported.contains("connection_mode"), "{exported}");
    assert!(exported.starts_with("format: seg/1\nworkspace: acme\n"), "{exported}");
    let public_file = write_file(&env, "public.yaml", &exported);
    for api in ["public", "config"] {
        let run = seg(&env, api, WRITE, &["diff", "--file", &public_file, "-o", "json"]).await;
        let plan = run.code(0).json();
        // The workspace's labels, which the Public API lists on their own, are the one key the Config API cannot
        // hold (its sources carry their labels, which compare as they are).
        let held: Vec<&Value> = plan["not_supported"].as_array().unwrap().iter().map(|n| &n["path"]).collect();
        let expected: Vec<Value> = if api == "config" { vec![json!("labels")] } else { Vec::new() };
        assert_eq!((&plan["changes"], held), (&json!([]), expected.iter().collect::<Vec<_>>()), "{api}: {plan}");
    }
}

#[tokio::test]
async fn copying_a_workspace_across_apis_is_export_diff_and_apply() {
    let env = rich_workspace().await;
    // Its schema config forwards blocked events to the ios source (made by the same apply, after web).
    seg(
        &env,
        "config",
        WRITE,
        &["-w", "acme", "sources", "schema-config", "patch", "web", "--set", "forwarding_blocked_events_to=ios"],
    )
    .await
    .code(0);
    let text = export(&env).await;
    let file = write_file(&env, "acme.yaml", &text);
    // The copy goes to the staging workspace, through the Public API, with a token of its own.
    let staging = token_for(&env, "staging").await;
    let run = seg(&env, "public", &staging, &["-w", "staging", "diff", "--file", &file, "-o", "json"]).await;
    assert_eq!(run.code, 1, "{}", run.stderr);
    let plan = run.json();
    let creates = plan["changes"].as_array().unwrap().iter().filter(|c| c["action"] == "create").count();
    assert!(creates >= 9, "sources, their schema config, destinations, filters, the plan: {plan}");
    assert!(!plan["not_supported"].as_array().unwrap().is_empty(), "library settings and connection modes are listed");
    env.clear_requests().await;
    seg(&env, "public", &staging, &["-w", "staging", "apply", "--file", &file, "--yes"]).await.code(0);
    let sent = writes(&env).await;
    assert!(sent.iter().all(|(_, uri, _)| !uri.starts_with("/v1beta")), "through the Public API: {sent:?}");
    // A second apply sends no write.
    let again = seg(&env, "public", &staging, &["-w", "staging", "apply", "--file", &file, "--yes"]).await;
    assert!(again.code(0).stderr.contains("0 changes") || again.stderr.contains("nothing"), "{}", again.stderr);
    assert!(writes(&env).await.is_empty(), "a second apply writes nothing");
    // The copy, exported from the Public API, diffs to nothing against the Config API's original, for every field
    // both hold.
    let copy = seg(&env, "public", &staging, &["export"]).await;
    let copy_file = write_file(&env, "staging.yaml", &copy.code(0).stdout);
    let run = seg(&env, "config", WRITE, &["-w", "acme", "diff", "--file", &copy_file, "-o", "json"]).await;
    let plan = run.code(0).json();
    assert_eq!(plan["changes"], json!([]), "{plan}");
    // The secrets travelled through the variables: the copy delivers signed with the same secret.
    let config = env.get("/v1beta/workspaces/staging/sources/web/destinations/webhooks").await;
    assert!(config.text.contains("s3cret-web"), "{}", config.text);
}

#[tokio::test]
async fn a_move_between_two_emulators_holds_as_the_official_sdk_reads_it() {
    let Some(sdk) = crate::sdk::installed("a_move_between_two_emulators_holds_as_the_official_sdk_reads_it") else {
        return;
    };
    // From: a Config API workspace with one of everything. To: an empty workspace of another emulator.
    let from = rich_workspace().await;
    seg(
        &from,
        "config",
        WRITE,
        &["-w", "acme", "sources", "schema-config", "patch", "web", "--set", "forwarding_blocked_events_to=ios"],
    )
    .await
    .code(0);
    let exported = seg(&from, "config", WRITE, &["-w", "acme", "export"]).await;
    let to = TestEnv::with(seg::emulator::EmulatorOptions {
        workspaces: vec!["acme-eu".into()],
        rate_limit: 0,
        ..Default::default()
    })
    .await;
    let file = write_file(&to, "acme.yaml", &exported.code(0).stdout);
    // Review, then move.
    let review = seg(&to, "public", WRITE, &["-w", "acme-eu", "diff", "--file", &file, "-o", "json"]).await;
    assert_eq!(review.code, 1, "{}", review.stderr);
    let plan = review.json();
    // Everything is made; a new source's schema config exists with defaults, so it is updated.
    for change in plan["changes"].as_array().unwrap() {
        let made = ["create", "connect"].contains(&change["action"].as_str().unwrap());
        assert!(made || change["resource"].as_str().unwrap().ends_with("/schema-config"), "{change}");
    }
    seg(&to, "public", WRITE, &["-w", "acme-eu", "apply", "--file", &file, "--yes"]).await.code(0);
    // Sources made by the move have no destinations to list before theirs are made: none is read.
    let listed =
        to.requests().await.iter().filter(|r| r["uri"].as_str().unwrap().contains("/connected-destinations")).count();
    assert_eq!(listed, 0, "no listing of a source the move made");
    let sent = writes(&to).await;
    assert!(!sent.is_empty() && sent.iter().all(|(_, uri, _)| !uri.starts_with("/v1beta")), "{sent:?}");
    // The fewest writes: a create per source (with a PATCH for its display name, which a create cannot carry, and
    // a PUT of its labels), per destination, per filter and per plan; the rules, the connections, a schema config.
    let count = |method: &str, prefix: &str| {
        sent.iter().filter(|(m, uri, _)| m == method && uri.split('?').next().unwrap() == prefix).count()
    };
    assert_eq!(
        (count("POST", "/sources"), count("POST", "/destinations"), count("POST", "/tracking-plans")),
        (2, 3, 2)
    );
    // A second apply sends no write.
    seg(&to, "public", WRITE, &["-w", "acme-eu", "apply", "--file", &file, "--yes"]).await.code(0);
    assert!(writes(&to).await.is_empty(), "a second apply writes nothing");
    // --prune on the Public API: what the file does not hold is deleted, with what goes with it.
    seg(&to, "public", WRITE, &["sources", "create", "extra", "--catalog", "javascript"]).await.code(0);
    let pruned = seg(&to, "public", WRITE, &["-w", "acme-eu", "diff", "--file", &file, "--prune", "-o", "json"]).await;
    let plan = pruned.code(1).json();
    assert_eq!(plan["changes"].as_array().unwrap().len(), 1, "{plan}");
    assert_eq!(
        (&plan["changes"][0]["action"], &plan["changes"][0]["resource"]),
        (&json!("delete"), &json!("workspaces/acme-eu/sources/extra"))
    );
    seg(&to, "public", WRITE, &["-w", "acme-eu", "apply", "--file", &file, "--prune", "--yes"]).await.code(0);
    let again = seg(&to, "public", WRITE, &["-w", "acme-eu", "diff", "--file", &file, "--prune", "-o", "json"]).await;
    assert_eq!(again.code(0).json()["changes"], json!([]));
    to.clear_requests().await;
    // The target, exported through the Public API, diffs to nothing against the source workspace on the Config API.
    let back = seg(&to, "public", WRITE, &["-w", "acme-eu", "export"]).await;
    let back_file =
        write_file(&from, "back.yaml", &back.code(0).stdout.replace("workspace: acme-eu", "workspace: acme"));
    let run = seg(&from, "config", WRITE, &["-w", "acme", "diff", "--file", &back_file, "-o", "json"]).await;
    assert_eq!(run.code(0).json()["changes"], json!([]), "{}", run.stdout);
    // The official SDK, against the target, reads what the Config API workspace held.
    let out = tokio::process::Command::new("node")
        .arg("inventory.js")
        .current_dir(&sdk)
        .env("SEG_BASE", &to.base)
        .env("SEG_TOKEN", WRITE)
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(std::time::Duration::from_secs(60), out).await.expect("the SDK run ends").unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the SDK's run failed: {stderr}");
    let inventory: Value = serde_json::from_slice(&out.stdout).unwrap();
    let drop =
        json!({"title": "Drop test users", "if": "userId = 'test'", "enabled": true, "actions": [{"type": "DROP"}]});
    let half = json!({"title": "Half", "if": "type = 'track'", "enabled": false,
        "actions": [{"type": "SAMPLE", "percent": 0.5, "path": "userId"}]});
    let hooks = json!([{"hook": "https://a.example/in", "headers": {"X-Team": "growth"}},
        {"hook": "https://b.example/in", "headers": [{"key": "Authorization", "value": "Basic eDp5"}]}]);
    let expected = json!({
        "workspace": "acme-eu",
        "sources": [
            {"slug": "web", "name": "The web app", "enabled": true, "catalog": "javascript",
             "labels": ["env:prod", "team:growth"],
             "schemaSettings": {"allowUnplannedTrackEvents": false, "forwardingBlockedEventsTo": "ios"},
             "destinations": [
                {"catalog": "webhooks", "enabled": true, "filters": [drop, half],
                 "settings": {"hooks": hooks, "globalHook": "https://legacy.example/in", "sharedSecret": "••••••••••-web"}},
                // The catalog does not type amplitude's apiKey a secret: the Public API shows it.
                {"catalog": "amplitude", "enabled": false, "settings": {"apiKey": "amp-k3y"}, "filters": []}]},
            {"slug": "ios", "name": "The ios app", "enabled": true, "catalog": "ios", "labels": ["env:prod", "team:growth"],
             "schemaSettings": {"allowUnplannedTrackEvents": true, "forwardingBlockedEventsTo": null},
             "destinations": [{"catalog": "google-analytics", "enabled": true, "filters": [],
                               "settings": {"trackingId": "UA-1-1", "anonymizeIp": true}}]}],
        "trackingPlans": [
            {"name": "Main plan", "type": "LIVE", "sources": ["ios", "web"], "rules": [
                {"type": "COMMON", "key": null, "version": 1, "jsonSchema": {"type": "object"}},
                {"type": "TRACK", "key": "Order Completed", "version": 1,
                 "jsonSchema": {"type": "object", "properties": {"revenue": {"type": "number"}}, "description": "d"}},
                {"type": "IDENTIFY", "key": null, "version": 1, "jsonSchema": {"type": "object", "required": ["email"]}},
                {"type": "GROUP", "key": null, "version": 1, "jsonSchema": {"type": "object"}}]},
            {"name": "Empty plan", "type": "LIVE", "rules": [], "sources": []}]
    });
    assert_eq!(inventory, expected, "{inventory:#}");
    // The secrets travelled through the variables: the target delivers signed with the same secret.
    let config = to.get("/v1beta/workspaces/acme-eu/sources/web/destinations/webhooks").await;
    assert!(config.text.contains("s3cret-web"), "{}", config.text);
}

#[tokio::test]
async fn secrets_in_a_plain_export_are_unverifiable_where_censored_unless_their_last_four_differ() {
    let env = rich_workspace().await;
    let plain = seg(&env, "config", WRITE, &["-w", "acme", "export", "--secrets", "plain"]).await;
    let text = plain.code(0).stdout.clone();
    assert!(text.contains("s3cret-web"), "{text}");
    let file = write_file(&env, "plain.yaml", &text);
    let staging = token_for(&env, "staging").await;
    seg(&env, "public", &staging, &["-w", "staging", "apply", "--file", &file, "--yes"]).await.code(0);
    // The Public API shows the secret censored: not a difference, and a second apply writes nothing.
    let run = seg(&env, "public", &staging, &["-w", "staging", "diff", "--file", &file, "-o", "json"]).await;
    let plan = run.code(0).json();
    assert_eq!(plan["changes"], json!([]), "{plan}");
    let unverifiable: Vec<&str> =
        plan["unverifiable"].as_array().unwrap().iter().map(|u| u["path"].as_str().unwrap()).collect();
    assert!(unverifiable.contains(&"destination.config.sharedSecret"), "{plan}");
    // The rich workspace forwards blocked events to `quarantine`, a slug the Config API took that names no source:
    // the Public API cannot forward there, so it is listed, never sent.
    let listed: Vec<(&str, &str)> = plan["not_supported"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["resource"].as_str().unwrap(), n["path"].as_str().unwrap()))
        .collect();
    assert!(
        listed
            .contains(&("workspaces/staging/sources/web/schema-config", "schema_config.forwarding_blocked_events_to")),
        "{plan}"
    );
    env.clear_requests().await;
    seg(&env, "public", &staging, &["-w", "staging", "apply", "--file", &file, "--yes"]).await.code(0);
    assert!(writes(&env).await.is_empty(), "a second apply writes nothing");
    // A secret whose last four characters differ from those the service shows has changed.
    let changed = write_file(&env, "changed.yaml", &text.replace("s3cret-web", "s3cret-rotated"));
    let run = seg(&env, "public", &staging, &["-w", "staging", "diff", "--file", &changed, "-o", "json"]).await;
    let plan = run.code(1).json();
    assert_eq!(
        plan["changes"][0]["fields"],
        json!([{"path": "destination.config.sharedSecret",
        "from": "(secret changed)", "to": "(secret changed)"}]),
        "{plan}"
    );
    assert!(!run.stdout.contains("rotated") && !run.stderr.contains("rotated"));
}

#[tokio::test]
async fn an_apply_cut_off_midway_completes_when_run_again() {
    let env = rich_workspace().await;
    seg(
        &env,
        "config",
        WRITE,
        &["-w", "acme", "sources", "schema-config", "patch", "web", "--set", "forwarding_blocked_events_to=ios"],
    )
    .await
    .code(0);
    let file = write_file(&env, "acme.yaml", &export(&env).await);
    let staging = token_for(&env, "staging").await;
    // The service fails the third destination made: apply stops there, with that error's exit code.
    env.fault(json!({"status": 500, "method": "POST", "path": "/destinations", "skip": 2, "count": 1})).await;
    let run = seg(&env, "public", &staging, &["-w", "staging", "apply", "--file", &file, "--yes"]).await;
    assert_eq!(run.code, 23, "{}", run.stderr);
    // Run again: what is left is made, nothing twice.
    seg(&env, "public", &staging, &["-w", "staging", "apply", "--file", &file, "--yes"]).await.code(0);
    let listed = seg(&env, "public", &staging, &["destinations", "list", "--all", "-o", "name"]).await;
    let names: Vec<&str> = listed.code(0).stdout.lines().collect();
    assert_eq!(
        names,
        [
            "workspaces/staging/sources/web/destinations/webhooks",
            "workspaces/staging/sources/web/destinations/amplitude",
            "workspaces/staging/sources/ios/destinations/google-analytics"
        ]
    );
    let run = seg(&env, "public", &staging, &["-w", "staging", "diff", "--file", &file, "-o", "json"]).await;
    assert_eq!(run.code(0).json()["changes"], json!([]));
}

#[tokio::test]
async fn what_only_the_public_api_holds_travels_in_the_file() {
    let env = rich_workspace().await;
    let staging = token_for(&env, "staging").await;
    let text = "format: seg/1
workspace: staging
sources:
  web:
    catalog_name: catalog/sources/javascript
    destinations:
      webhooks:
        enabled: true
        name: Primary
        config:
          hooks: [{hook: 'https://a.example/in'}]
      webhooks#Staging:
        enabled: false
        config:
          hooks: [{hook: 'https://staging.example/in'}]
        filters:
          Only tracks: {if: \"type = 'track'\", actions: [{type: drop_event}], enabled: true}
tracking_plans:
  Properties:
    type: PROPERTY_LIBRARY
    rules: {events: []}
";
    let file = write_file(&env, "public.yaml", text);
    seg(&env, "public", &staging, &["apply", "--file", &file, "--yes"]).await.code(0);
    let run = seg(&env, "public", &staging, &["diff", "--file", &file, "-o", "json"]).await;
    let plan = run.code(0).json();
    assert_eq!((&plan["changes"], &plan["not_supported"]), (&json!([]), &json!([])), "{plan}");
    // Both destinations, by name; the plan's type.
    let exported = seg(&env, "public", &staging, &["export"]).await;
    let exported = exported.code(0).stdout.clone();
    assert!(exported.contains("      webhooks:\n") && exported.contains("      webhooks#Staging:\n"), "{exported}");
    assert!(exported.contains("name: Primary") && exported.contains("type: PROPERTY_LIBRARY"), "{exported}");
    // The Config API holds none of it: listed, not a difference, nothing sent.
    env.clear_requests().await;
    let run = seg(&env, "config", WRITE, &["-w", "staging", "diff", "--file", &file, "-o", "json"]).await;
    let plan = run.code(0).json();
    let listed: Vec<&str> =
        plan["not_supported"].as_array().unwrap().iter().map(|n| n["path"].as_str().unwrap()).collect();
    assert_eq!(listed, ["destination.name", "destination", "tracking_plan.type"], "{plan}");
    assert!(writes(&env).await.is_empty());
    // The emulator's seed makes all of it.
    let seeded = seed_serve(&env, &exported).await;
    let plan = seg(&seeded, "public", WRITE, &["diff", "--file", &file, "-w", "staging", "-o", "json"]).await;
    let plan = plan.code(0).json();
    assert_eq!(plan["changes"], json!([]), "{plan}");
}

/// An emulator started from a workspace file as its seed.
async fn seed_serve(env: &TestEnv, text: &str) -> TestEnv {
    let seed = env.path("seed.yaml");
    std::fs::write(&seed, text).unwrap();
    let workspaces = vec!["staging".to_string()];
    TestEnv::with(seg::emulator::EmulatorOptions { seed: Some(seed), workspaces, rate_limit: 0, ..Default::default() })
        .await
}

#[tokio::test]
async fn a_file_with_a_destination_name_of_the_config_api_still_reads() {
    // A `name` that is a resource name (a Config API record pasted into a file) is the read-only field it was.
    let env = rich_workspace().await;
    let text = export(&env).await.replace(
        "      amplitude:\n",
        "      amplitude:\n        name: workspaces/acme/sources/web/destinations/amplitude\n",
    );
    let file = write_file(&env, "acme.yaml", &text);
    let run = seg(&env, "config", WRITE, &["diff", "--file", &file, "-o", "json"]).await;
    let plan: Value = run.code(0).json();
    assert_eq!(plan["not_supported"], json!([]), "{plan}");
}
