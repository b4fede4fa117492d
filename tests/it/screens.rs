//! What a person sees (docs/reference/commands.md, "For people at a terminal"): tables in a real terminal (tmux, each
//! test on its own server socket) at 80 and 120 columns, with a name longer than the row has room for. An identifier is
//! never broken, no row wraps, and the screen shows the same lines as a pipe with `COLUMNS` of the terminal's width.
//! The layouts themselves are kept as snapshots of fixed answers.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::http::Uri;
use serde_json::json;
use unicode_width::UnicodeWidthStr;

use crate::support::{RUNTIME, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

const LONG: &str = "marketing-website-production-eu";
/// Two workspaces with long names: a token of both shows them in `tokens list`.
const WORKSPACES: [&str; 2] = ["europe-marketing-production", "asia-pacific-marketing-staging"];
/// A hook URL that fits 80 columns only on a line of its own.
const HOOK: &str = "https://hooks.example.com/a/very/long/path/that/goes/on/and/on/for/ever/in";
/// The path of a request in the webhook journal, too long for the log's table at 80 columns.
const LONG_PATH: &str = "/a/very/long/path/that/goes/on/and/on/for/ever/in";

/// Whether tmux is here; without it the tests skip, unless `CI` is set (then they fail).
fn tmux_here() -> bool {
    let here = std::process::Command::new("tmux").arg("-V").output().is_ok_and(|o| o.status.success());
    assert!(here || std::env::var_os("CI").is_none(), "tmux is missing and CI is set (.ci/run installs it)");
    if !here {
        let _ = std::io::Write::write_all(
            &mut std::io::stderr(),
            b"SKIPPED tables_at_80_and_120_columns: no tmux on PATH (apt-get install tmux); CI would fail here\n",
        );
    }
    here
}

/// What a terminal showed: its rows as the terminal shows them, its lines (rows the terminal wrapped joined
/// again), trailing blanks removed, and seg's exit code.
struct Screen {
    rows: String,
    lines: String,
    code: i32,
}

/// `seg ARGS` run in a tmux terminal `width` columns wide against `env`; with `answer`, once the screen shows its
/// first part, the keys of its second are typed.
fn in_terminal(env: &TestEnv, width: u16, args: &[&str], answer: Option<(&str, &str)>) -> Screen {
    static SESSIONS: AtomicUsize = AtomicUsize::new(0);
    let socket = format!("seg-screens-{}-{}", std::process::id(), SESSIONS.fetch_add(1, Ordering::Relaxed));
    let quoted: Vec<String> = args.iter().map(|a| format!("'{}'", a.replace('\'', r"'\''"))).collect();
    let script = env.path(&format!("{socket}.sh"));
    let seg = env!("CARGO_BIN_EXE_seg");
    std::fs::write(&script, format!("'{seg}' {} 2>&1\nprintf '__end__ %s\\n' $?\nsleep 60\n", quoted.join(" ")))
        .unwrap();
    let home = env.home.path();
    let status = std::process::Command::new("tmux")
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("TERM", "xterm-256color")
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("SEG_NO_KEYRING", "1")
        .env("SEG_RUNTIME_DIR", home.join(RUNTIME))
        .env("SEG_RATE_LIMIT", "0")
        .env("NO_COLOR", "1")
        .env("SEG_BASE_URL", &env.base)
        .env("SEG_TOKEN", WRITE)
        .env("SEG_WORKSPACE", "demo")
        .args(["-L", &socket, "-f", "/dev/null", "new-session", "-d", "-x", &width.to_string(), "-y", "60"])
        .arg(format!("sh '{}'", script.display()))
        .status()
        .unwrap();
    assert!(status.success());
    let capture = |joined: bool| {
        let mut args = vec!["-L", socket.as_str(), "capture-pane", "-p"];
        if joined {
            args.push("-J");
        }
        let out = std::process::Command::new("tmux").args(&args).output().unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let wait_for = |text: &str| {
        let started = Instant::now();
        while !capture(true).contains(text) && started.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    if let Some((prompt, keys)) = answer {
        wait_for(prompt);
        let status = std::process::Command::new("tmux").args(["-L", &socket, "send-keys", keys, "Enter"]).status();
        assert!(status.unwrap().success());
    }
    wait_for("__end__");
    let (rows, lines) = (capture(false), capture(true));
    let _ = std::process::Command::new("tmux").args(["-L", &socket, "kill-server"]).status();
    let code = lines.lines().find_map(|l| l.strip_prefix("__end__ ")).and_then(|c| c.trim().parse().ok()).unwrap_or(-1);
    let shown = |screen: &str| {
        let shown: Vec<&str> = screen.lines().take_while(|l| !l.starts_with("__end__")).map(str::trim_end).collect();
        shown.join("\n") + "\n"
    };
    Screen { rows: shown(&rows), lines: shown(&lines), code }
}

fn on_screen(env: &TestEnv, width: u16, args: &[&str]) -> (String, String) {
    let screen = in_terminal(env, width, args, None);
    assert_eq!(screen.code, 0, "{args:?}: {}", screen.lines);
    (screen.rows, screen.lines)
}

/// A workspace with a source, tokens, a destination and a filter whose names and texts are too long for 80 columns;
/// two more workspaces with long names, and a token of both.
async fn long_names() -> TestEnv {
    let mut workspaces = vec!["demo".to_string()];
    workspaces.extend(WORKSPACES.map(String::from));
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, workspaces, ..EmulatorOptions::default() }).await;
    for (slug, display) in [(LONG, "The marketing website of the EU shop, in production since 2019"), ("app", "App")] {
        let body = json!({"source": {"name": format!("workspaces/demo/sources/{slug}"),
            "catalog_name": "catalog/sources/javascript", "display_name": display}});
        env.call("POST", "/v1beta/workspaces/demo/sources", Some(body)).await.ok();
    }
    let body = json!({"access_token": {"description": "The token of the nightly export job that copies the workspace to staging",
        "scopes": "workspace:read", "workspace_names": WORKSPACES.map(|w| format!("workspaces/{w}"))}});
    env.call("POST", "/v1beta/access-tokens", Some(body)).await.ok();
    let body = json!({"destination": {"name": format!("workspaces/demo/sources/{LONG}/destinations/webhooks"), "enabled": true,
        "config": [{"name": "hooks", "value": [{"hook": HOOK}]}, {"name": "sharedSecret", "value": "s3cret"}]}});
    env.call("POST", &format!("/v1beta/workspaces/demo/sources/{LONG}/destinations"), Some(body)).await.ok();
    let body = json!({"filter": {"title": "Drop the test users that the QA team creates every night", "if": "userId = 'test'",
        "actions": [{"type": "drop_event"}], "enabled": true}});
    env.call("POST", &format!("/v1beta/workspaces/demo/sources/{LONG}/destinations/webhooks/filters"), Some(body))
        .await
        .ok();
    env
}

/// A journal of `seg webhook listen` in `dir`: a valid request on a long path, and one whose signature failed for a
/// cause `verify` names.
fn journal(dir: &std::path::Path) {
    use seg::webhook::journal::{Answer, Entry, Journal, Note, Signature};
    let journal = Journal::open(dir, 100).unwrap();
    let requests = [
        ("2026-11-25T08:46:17.123Z", LONG_PATH, "track", Signature::Valid, vec![]),
        ("2026-11-25T08:46:18.5Z", "/hook", "identify", Signature::Invalid, vec!["trailing_newline"]),
    ];
    for (received, path, kind, signature, causes) in requests {
        let mut entry = Entry {
            id: 0,
            received: received.into(),
            method: "POST".into(),
            path: path.into(),
            headers: Vec::new(),
            body: None,
            body_base64: None,
            size: 0,
            kind: Some(kind.into()),
            signature,
            signed_form: None,
            causes: causes
                .iter()
                .map(|c| Note { code: c.to_string(), message: "signed with a newline".into() })
                .collect(),
            warnings: Vec::new(),
            answer: Answer { status: 200, ..Answer::default() },
            refused: None,
        };
        entry.set_body(format!("{{\"type\":\"{kind}\"}}").as_bytes());
        journal.append(&mut entry).unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_at_80_and_120_columns_never_break_an_identifier() {
    if !tmux_here() {
        return;
    }
    let env = long_names().await;
    let dir = env.path("journal");
    journal(&dir);
    let dir = dir.to_str().unwrap();
    // Secrets a table masks whatever their type: an item by its name alone (the catalog types amplitude's apiKey a
    // plain string), and a hook's credential header.
    let body =
        json!({"source": {"name": "workspaces/demo/sources/hooked", "catalog_name": "catalog/sources/javascript"}});
    env.call("POST", "/v1beta/workspaces/demo/sources", Some(body)).await.ok();
    let body = json!({"destination": {"name": "workspaces/demo/sources/hooked/destinations/amplitude",
        "config": [{"name": "apiKey", "value": "k3y-s3cret", "type": "string"}]}});
    env.call("POST", "/v1beta/workspaces/demo/sources/hooked/destinations", Some(body)).await.ok();
    let body = json!({"destination": {"name": "workspaces/demo/sources/hooked/destinations/webhooks",
        "config": [{"name": "hooks", "value": [{"hook": "https://h.example/in",
                    "headers": [{"key": "Authorization", "value": "Bearer s3cret-in-a-header"}]}]}]}});
    env.call("POST", "/v1beta/workspaces/demo/sources/hooked/destinations", Some(body)).await.ok();
    let id_of_filter = |text: &str| text.split_whitespace().find(|w| w.starts_with("df_")).map(String::from);
    let destination = format!("{LONG}/webhooks");
    // Each command, the identifiers it shows whole at any width, and those it shows whole or leaves out.
    let cases: Vec<(Vec<&str>, Vec<&str>, Vec<&str>)> = vec![
        (vec!["sources", "list"], vec![LONG, "app"], vec![]),
        (vec!["tokens", "list"], vec!["workspace:read"], WORKSPACES.to_vec()),
        (vec!["destinations", "filters", "list", "--all"], vec![&destination], vec![]),
        (vec!["destinations", "get", &destination], vec![HOOK, "sharedSecret: (redacted)"], vec![]),
        (vec!["destinations", "get", "hooked/amplitude"], vec!["apiKey: (redacted)"], vec![]),
        (vec!["destinations", "get", "hooked/webhooks"], vec!["key: Authorization", "value: (redacted)"], vec![]),
        (vec!["sources", "schema-config", "get", LONG], vec![LONG], vec![]),
        (vec!["webhook", "log", "--journal", dir], vec!["trailing_newline", "invalid"], vec![LONG_PATH]),
    ];
    for width in [80u16, 120] {
        for (args, whole, whole_or_out) in &cases {
            let (rows, screen) = on_screen(&env, width, args);
            let said = format!("{args:?} at {width} columns:\n{rows}");
            assert!(!screen.trim().is_empty() && !screen.contains("s3cret") && !screen.contains("\\n"), "{said}");
            // Nothing leans on the terminal's wrapping: each line fits, so the terminal's rows are seg's lines.
            assert_eq!(rows, screen, "a line wraps: {said}");
            assert!(rows.lines().all(|l| l.width() <= usize::from(width)), "{said}");
            for word in whole {
                assert!(rows.lines().any(|l| l.contains(word)), "{word} is missing or broken: {said}");
            }
            for word in whole_or_out {
                // Shown, it is whole: no row has its start without the rest.
                let start = &word[..8];
                let cut = rows.lines().any(|l| l.contains(start) && !l.contains(word));
                assert!(!cut, "{word} is cut: {said}");
            }
            if let Some(id) = id_of_filter(&screen) {
                assert_eq!(id.len(), "df_".len() + 22, "{said}");
            }
            // A pipe with COLUMNS of the terminal's width gets the same lines.
            let vars = [("SEG_TOKEN", WRITE), ("SEG_WORKSPACE", "demo"), ("COLUMNS", &width.to_string())];
            let piped = env.seg_with(&[&["-o", "table"], &args[..]].concat(), &vars).await;
            assert_eq!(piped.code(0).stdout, screen, "{args:?} at {width}: the pipe differs from the screen");
        }
    }
    // Wider, there is room for what 80 columns leave out: the token's workspaces at 120, the request's path at 150.
    let wider = [
        (120, vec!["tokens", "list"], WORKSPACES.to_vec()),
        (150, vec!["webhook", "log", "--journal", dir], vec![LONG_PATH]),
    ];
    for (width, args, words) in wider {
        let (rows, _) = on_screen(&env, width, &args);
        for word in words {
            assert!(rows.lines().any(|l| l.contains(word)), "{word} at {width} columns:\n{rows}");
        }
    }
}

/// A server that always gives the same answers, so the layouts can be kept as snapshots.
async fn fixed() -> String {
    let source = |slug: &str, display: &str, time: &str| {
        json!({"name": format!("workspaces/demo/sources/{slug}"), "display_name": display,
               "catalog_name": "catalog/sources/javascript", "create_time": time})
    };
    let sources = json!({"sources": [
        source(LONG, "The marketing website of the EU shop, in production since 2019", "2026-11-25T08:46:17.123Z"),
        source("app", "App", "2026-11-25T09:00:00Z"),
        source("ios", "iOS app (beta) — the one the mobile team ships", "2026-11-24T23:59:59.999Z")],
        "next_page_token": ""});
    let destination = json!({"name": format!("workspaces/demo/sources/{LONG}/destinations/webhooks"),
        "parent": format!("workspaces/demo/sources/{LONG}"), "display_name": "Webhooks", "enabled": true,
        "connection_mode": "CLOUD", "config": [
            {"name": "hooks", "value": [{"hook": "https://hooks.example.com/in", "headers": [{"key": "Authorization", "value": "Bearer x"}]},
                                        {"hook": HOOK, "headers": []}], "type": "mixed"},
            {"name": "sharedSecret", "value": "s3cret", "type": "string"}],
        "labels": {"note": "Two lines:\nthe second one"},
        "create_time": "2026-11-25T08:46:17Z", "update_time": "2026-11-25T08:50:00.5Z"});
    let destinations = json!({"destinations": [destination.clone()], "next_page_token": ""});
    let none = json!({"destinations": [], "next_page_token": ""});
    let filter = |id: &str, title: &str, condition: &str, enabled: bool| {
        json!({"name": format!("workspaces/demo/sources/{LONG}/destinations/webhooks/config/90dc19441f65d132/filters/{id}"),
               "title": title, "if": condition, "enabled": enabled, "actions": [{"type": "drop_event"}]})
    };
    let filters = json!({"filters": [
        filter("df_2kzHnVlq1gBzbnV0Ks1AR4x5Zqa", "Drop the test users that the QA team creates every night", "userId = 'test'", true),
        filter("df_2kzHo0QyqSb2MLdqHcGUnPzJ3Wz", "Debug", "event = 'Debug'", false)],
        "next_page_token": ""});
    let tokens = json!({"access_tokens": [
        {"name": "access-tokens/1", "description": "seg serve --accept-token", "scopes": "workspace",
         "workspace_names": ["workspaces/demo"], "create_time": "2026-11-25T08:00:00Z"},
        {"name": "access-tokens/2", "description": "The token of the nightly export job that copies the workspace to staging",
         "scopes": "workspace:read", "workspace_names": WORKSPACES.map(|w| format!("workspaces/{w}")),
         "create_time": "2026-11-25T08:46:17.5Z"}],
        "next_page_token": ""});
    let mut schema =
        serde_json::to_value(seg::wire::SchemaConfig::default_for(&format!("workspaces/demo/sources/{LONG}"))).unwrap();
    schema["common_track_event_on_violations"] = json!("BLOCK");
    let app = axum::Router::new().fallback(move |uri: Uri| {
        let path = uri.path().to_string();
        let body = if path.ends_with("/access-tokens") {
            tokens.clone()
        } else if path.ends_with("/filters") {
            filters.clone()
        } else if path.ends_with("/schema-config") {
            schema.clone()
        } else if path.ends_with(&format!("{LONG}/destinations")) {
            destinations.clone()
        } else if path.ends_with("/destinations") {
            none.clone()
        } else if path.ends_with("/sources") {
            sources.clone()
        } else {
            destination.clone()
        };
        async move { axum::Json(body) }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(axum::serve(listener, app).into_future());
    base
}

#[tokio::test]
async fn table_layouts_at_80_and_120_columns() {
    let env = TestEnv::with(EmulatorOptions::default()).await;
    let base = fixed().await;
    let dir = env.path("journal");
    journal(&dir);
    let dir = dir.to_str().unwrap();
    let at = |width: &'static str| [("SEG_TOKEN", WRITE), ("SEG_BASE_URL", base.as_str()), ("COLUMNS", width)];
    // 59: below the narrowest table (ui::table::MIN_TABLE), records.
    for width in ["80", "120", "60", "59"] {
        let run = env.seg_with(&["-w", "demo", "sources", "list", "-o", "table"], &at(width)).await;
        insta::assert_snapshot!(format!("sources_list_{width}"), run.code(0).stdout);
    }
    let destination = format!("{LONG}/webhooks");
    let layouts: [(&str, Vec<&str>, &[&str]); 5] = [
        ("destinations_get", vec!["destinations", "get", &destination], &["80"]),
        ("tokens_list", vec!["tokens", "list"], &["80", "120"]),
        ("filters_list_all", vec!["destinations", "filters", "list", "--all"], &["80", "120"]),
        ("webhook_log", vec!["webhook", "log", "--journal", dir], &["80", "120"]),
        ("schema_config_get", vec!["sources", "schema-config", "get", LONG], &["80"]),
    ];
    for (name, args, widths) in layouts {
        for width in widths {
            let run = env.seg_with(&[&["-w", "demo", "-o", "table"], &args[..]].concat(), &at(width)).await;
            let out = &run.code(0).stdout;
            assert!(out.lines().all(|l| l.width() <= width.parse().unwrap()), "{name} at {width}:\n{out}");
            insta::assert_snapshot!(format!("{name}_{width}"), out);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_delete_asks_saying_what_goes_with_it_and_a_no_is_not_an_error() {
    if !tmux_here() {
        return;
    }
    let env = long_names().await;
    for width in [80, 120] {
        let screen = in_terminal(&env, width, &["sources", "delete", LONG], Some(("?", "n")));
        let said = format!("at {width} columns:\n{}", screen.rows);
        // What goes with it on a line before the question; the question short enough for one row, so that the
        // prompt, redrawn with the answer, leaves no stale fragment of itself above.
        let about = format!("about to delete workspaces/demo/sources/{LONG}, with its 1 destination and 1 filter");
        assert!(screen.lines.contains(&about), "{said}");
        let asked: Vec<&str> = screen.rows.lines().filter(|row| row.contains("Delete")).collect();
        assert!(asked.len() == 1 && asked[0].starts_with(&format!("Delete {LONG}? ")), "{said}");
        assert!(asked[0].width() <= usize::from(width), "{said}");
        assert_eq!(screen.code, 2, "{said}");
        assert!(screen.lines.contains("Nothing was changed.") && !screen.lines.contains("error"), "{said}");
    }
    assert_eq!(env.get(&format!("/v1beta/workspaces/demo/sources/{LONG}")).await.status, 200);
    // Yes deletes it, and a plain source's question says nothing more.
    let screen = in_terminal(&env, 80, &["sources", "delete", "app"], Some(("?", "y")));
    assert!(screen.lines.contains("about to delete workspaces/demo/sources/app\n"), "{}", screen.lines);
    assert!(screen.lines.contains("Delete app?"), "{}", screen.lines);
    assert_eq!(screen.code, 0, "{}", screen.lines);
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/app").await.status, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn apply_on_a_terminal_shows_the_plan_and_asks_before_the_first_write() {
    if !tmux_here() {
        return;
    }
    let env = long_names().await;
    let file = env.path("more.yaml");
    std::fs::write(
        &file,
        "format: seg/1\nworkspace: demo\nsources:\n  extra:\n    catalog_name: catalog/sources/ios\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let screen = in_terminal(&env, 120, &["apply", "--file", file], Some(("?", "n")));
    let said = &screen.lines;
    assert!(said.contains("+ create workspaces/demo/sources/extra"), "the plan is shown: {said}");
    assert!(said.contains("Apply 1 change to workspaces/demo?"), "{said}");
    assert!(screen.code == 2 && said.contains("Nothing was changed."), "{said}");
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/extra").await.status, 404);
    let screen = in_terminal(&env, 120, &["apply", "--file", file], Some(("?", "y")));
    assert_eq!(screen.code, 0, "{}", screen.lines);
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/extra").await.status, 200);
    // --yes, or no terminal (CI): no question.
    let run = env.seg_with(&["apply", "--file", file], &[("SEG_TOKEN", WRITE)]).await;
    assert!(run.code(0).stderr.contains("nothing to change"), "{}", run.stderr);
    std::fs::write(
        env.path("more.yaml"),
        "format: seg/1\nworkspace: demo\nsources:\n  more:\n    catalog_name: catalog/sources/ios\n",
    )
    .unwrap();
    let screen = in_terminal(&env, 120, &["apply", "--file", file, "--yes"], None);
    assert_eq!(screen.code, 0, "{}", screen.lines);
    assert!(!screen.lines.contains("Apply "), "--yes asks nothing: {}", screen.lines);
    assert_eq!(env.get("/v1beta/workspaces/demo/sources/more").await.status, 200);
}

/// `webhook sample` ends with a newline on a terminal (and only there, docs/reference/commands.md), so the prompt does
/// not follow the body on its line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sample_on_a_terminal_ends_with_a_newline() {
    if !tmux_here() {
        return;
    }
    let env = long_names().await;
    let screen = in_terminal(&env, 200, &["webhook", "sample", "--type", "track"], None);
    // The script's `__end__` line follows: on a line of its own only if the body ended with a newline.
    assert_eq!(screen.code, 0, "{}", screen.lines);
    assert!(screen.lines.trim_end().ends_with('}'), "{}", screen.lines);
    let piped = env.seg(&["webhook", "sample", "--type", "track"]).await;
    assert!(piped.code(0).stdout.ends_with('}'), "no newline in a pipe: {:?}", piped.stdout);
}

/// A signature that nothing explains: the length of the secret given is said to a person at a terminal, never in a
/// pipe (a CI log), and never a character of it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_secrets_length_is_said_on_a_terminal_only() {
    if !tmux_here() {
        return;
    }
    let env = TestEnv::with(EmulatorOptions::default()).await;
    let (file, body) = (env.path("body.json"), br#"{"version":1,"type":"track","userId":"u"}"#);
    std::fs::write(&file, body).unwrap();
    let file = file.to_str().unwrap();
    let args = ["webhook", "verify", "--secret", "another-one-x9q7", "--signature", &"0".repeat(40), file];
    let screen = in_terminal(&env, 200, &args, None);
    // Words as the terminal shows them, however a line was wrapped.
    let words = screen.lines.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(screen.code, 1, "{}", screen.lines);
    assert!(words.contains("invalid: the signature matches no form of this body"), "{words}");
    assert!(words.contains("hint: the secret given is 16 characters long"), "{words}");
    assert!(!words.contains("x9q7"), "{words}");
    // Explained (a secret with a trailing newline), nothing is said of the secret's length.
    let sig = seg::webhook::sign::sign(b"another-one-x9q7", body);
    let explained = ["webhook", "verify", "--secret", "another-one-x9q7\n", "--signature", &sig, file];
    let screen = in_terminal(&env, 200, &explained, None);
    assert!(screen.lines.contains("the secret trimmed"), "{}", screen.lines);
    assert!(!screen.lines.contains("characters long"), "{}", screen.lines);
    // In a pipe, the verdict alone.
    let piped = env.seg(&args).await;
    assert_eq!(piped.code, 1, "{}", piped.stderr);
    assert!(!piped.stderr.contains("characters long"), "{}", piped.stderr);
}

/// `webhook log ID --body` on a terminal: the body as text that cannot drive it (control characters escaped), ended
/// by a newline; in a pipe, its bytes exactly.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_logged_body_on_a_terminal_cannot_drive_it() {
    use seg::webhook::journal::{Answer, Entry, Journal, Signature};
    if !tmux_here() {
        return;
    }
    let env = TestEnv::with(EmulatorOptions::default()).await;
    let dir = env.path("journal");
    let body = b"{\"a\":\"\x1b[31mred\x1b[0m\"}";
    let mut entry = Entry {
        id: 0,
        received: "2026-11-25T08:46:17.123Z".into(),
        method: "POST".into(),
        path: "/hook".into(),
        headers: Vec::new(),
        body: None,
        body_base64: None,
        size: 0,
        kind: None,
        signature: Signature::Absent,
        signed_form: None,
        causes: Vec::new(),
        warnings: Vec::new(),
        answer: Answer { status: 200, ..Answer::default() },
        refused: None,
    };
    entry.set_body(body);
    Journal::open(&dir, 10).unwrap().append(&mut entry).unwrap();
    let dir = dir.to_str().unwrap();
    let screen = in_terminal(&env, 120, &["webhook", "log", "1", "--body", "--journal", dir], None);
    assert_eq!(screen.code, 0, "{}", screen.lines);
    assert_eq!(screen.lines, "{\"a\":\"\\u{1b}[31mred\\u{1b}[0m\"}\n", "escaped, on a line of its own");
    let piped = env.seg(&["webhook", "log", "1", "--body", "--journal", dir]).await;
    assert_eq!(piped.code(0).stdout.as_bytes(), body);
}
