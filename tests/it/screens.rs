//! What a person sees (CLI.md, "For people at a terminal"): tables in a real terminal (tmux, each test on its own
//! server socket) at 80 and 120 columns, with a name longer than the row has room for. An identifier is never broken,
//! no row wraps, and the screen shows the same lines as a pipe with `COLUMNS` of the terminal's width. The layouts
//! themselves are kept as snapshots of fixed answers.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::http::Uri;
use serde_json::json;
use unicode_width::UnicodeWidthStr;

use crate::support::{RUNTIME, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;

const LONG: &str = "marketing-website-production-eu";

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

/// A workspace with a source, a token and a destination whose names and texts are too long for 80 columns.
async fn long_names() -> TestEnv {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    for (slug, display) in [(LONG, "The marketing website of the EU shop, in production since 2019"), ("app", "App")] {
        let body = json!({"source": {"name": format!("workspaces/demo/sources/{slug}"),
            "catalog_name": "catalog/sources/javascript", "display_name": display}});
        env.call("POST", "/v1beta/workspaces/demo/sources", Some(body)).await.ok();
    }
    let body = json!({"access_token": {"description": "The token of the nightly export job that copies the workspace to staging",
        "scopes": "workspace:read", "workspace_names": ["workspaces/demo"]}});
    env.call("POST", "/v1beta/access-tokens", Some(body)).await.ok();
    let body = json!({"destination": {"name": format!("workspaces/demo/sources/{LONG}/destinations/webhooks"), "enabled": true,
        "config": [{"name": "hooks", "value": [{"hook": "https://hooks.example.com/a/very/long/path/that/goes/on/and/on/for/ever/in"}]},
                   {"name": "sharedSecret", "value": "s3cret"}]}});
    env.call("POST", &format!("/v1beta/workspaces/demo/sources/{LONG}/destinations"), Some(body)).await.ok();
    let body = json!({"filter": {"title": "Drop the test users that the QA team creates every night", "if": "userId = 'test'",
        "actions": [{"type": "drop_event"}], "enabled": true}});
    env.call("POST", &format!("/v1beta/workspaces/demo/sources/{LONG}/destinations/webhooks/filters"), Some(body))
        .await
        .ok();
    env
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_at_80_and_120_columns_never_break_an_identifier() {
    if !tmux_here() {
        return;
    }
    let env = long_names().await;
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
    let hook = "https://hooks.example.com/a/very/long/path/that/goes/on/and/on/for/ever/in";
    let cases: Vec<(Vec<&str>, Vec<&str>)> = vec![
        (vec!["sources", "list"], vec![LONG, "app"]),
        (vec!["tokens", "list"], vec!["workspace:read"]),
        (vec!["destinations", "filters", "list", "--all"], vec![&destination]),
        (vec!["destinations", "get", &destination], vec![hook, "sharedSecret: (redacted)"]),
        (vec!["destinations", "get", "hooked/amplitude"], vec!["apiKey: (redacted)"]),
        (vec!["destinations", "get", "hooked/webhooks"], vec!["key: Authorization", "value: (redacted)"]),
        (vec!["sources", "schema-config", "get", LONG], vec![LONG]),
    ];
    for width in [80u16, 120] {
        for (args, whole) in &cases {
            let (rows, screen) = on_screen(&env, width, args);
            let said = format!("{args:?} at {width} columns:\n{rows}");
            assert!(!screen.trim().is_empty() && !screen.contains("s3cret") && !screen.contains("\\n"), "{said}");
            for word in whole {
                assert!(screen.lines().any(|l| l.contains(word)), "{word} is missing: {said}");
            }
            if args[1] == "list" {
                // A list never leans on the terminal's wrapping: each row fits, each identifier on one row.
                assert_eq!(rows, screen, "a row wraps: {said}");
                assert!(rows.lines().all(|l| l.width() <= usize::from(width)), "{said}");
                for word in whole {
                    assert!(rows.lines().any(|l| l.contains(word)), "{word} is broken: {said}");
                }
            }
            if let Some(id) = id_of_filter(&screen) {
                assert_eq!(id.len(), "df_".len() + 27, "{said}");
            }
            // A pipe with COLUMNS of the terminal's width gets the same lines.
            let vars = [("SEG_TOKEN", WRITE), ("SEG_WORKSPACE", "demo"), ("COLUMNS", &width.to_string())];
            let piped = env.seg_with(&[&["-o", "table"], &args[..]].concat(), &vars).await;
            assert_eq!(piped.code(0).stdout, screen, "{args:?} at {width}: the pipe differs from the screen");
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
            {"name": "hooks", "value": [{"hook": "https://hooks.example.com/in", "headers": [{"key": "Authorization", "value": "Bearer x"}]}], "type": "mixed"},
            {"name": "sharedSecret", "value": "s3cret", "type": "string"}],
        "create_time": "2026-11-25T08:46:17Z", "update_time": "2026-11-25T08:50:00.5Z"});
    let app = axum::Router::new().fallback(move |uri: Uri| {
        let (sources, destination) = (sources.clone(), destination.clone());
        async move {
            let body = if uri.path().ends_with("/sources") { sources } else { destination };
            axum::Json(body)
        }
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
    for width in ["80", "120", "60"] {
        let vars = [("SEG_TOKEN", WRITE), ("SEG_BASE_URL", base.as_str()), ("COLUMNS", width)];
        let run = env.seg_with(&["-w", "demo", "sources", "list", "-o", "table"], &vars).await;
        insta::assert_snapshot!(format!("sources_list_{width}"), run.code(0).stdout);
    }
    let vars = [("SEG_TOKEN", WRITE), ("SEG_BASE_URL", base.as_str()), ("COLUMNS", "80")];
    let run =
        env.seg_with(&["-w", "demo", "destinations", "get", &format!("{LONG}/webhooks"), "-o", "table"], &vars).await;
    insta::assert_snapshot!("destinations_get_80", run.code(0).stdout);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_delete_asks_saying_what_goes_with_it_and_a_no_is_not_an_error() {
    if !tmux_here() {
        return;
    }
    let env = long_names().await;
    let screen = in_terminal(&env, 120, &["sources", "delete", LONG], Some(("?", "n")));
    let said = &screen.lines;
    assert!(
        said.contains(&format!("Delete workspaces/demo/sources/{LONG} (with its 1 destination and 1 filter)?")),
        "{said}"
    );
    assert_eq!(screen.code, 2, "{said}");
    assert!(said.contains("Nothing was changed.") && !said.contains("error"), "{said}");
    assert_eq!(env.get(&format!("/v1beta/workspaces/demo/sources/{LONG}")).await.status, 200);
    // Yes deletes it, and a plain source's question says nothing more.
    let screen = in_terminal(&env, 120, &["sources", "delete", "app"], Some(("?", "y")));
    assert!(screen.lines.contains("Delete workspaces/demo/sources/app?"), "{}", screen.lines);
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
}
