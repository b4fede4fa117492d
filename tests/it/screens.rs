//! What a person sees (docs/reference/commands.md, "For people at a terminal"): tables in a real terminal (tmux, each
//! test on its own server socket) at 80 and 120 columns, with a name longer than the row has room for. An identifier is
//! never broken, no row wraps, and the screen shows the same lines as a pipe with `COLUMNS` of the terminal's width.
//! The layouts themselves are kept as snapshots of fixed answers. Lines for people (warnings, errors, hints, a plan's
//! lines) are wrapped at spaces to the terminal's width, and what is written for programs never is.

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
    in_terminal_as(env, width, args, "2>&1", answer, &[])
}

/// `in_terminal` with seg's output sent where `redirect` says (`2>&1`, `2>err.txt | cat`, ...), stdin still the
/// terminal, and more variables in its environment; a prompt is also looked for in the files of `env` the redirect
/// names.
fn in_terminal_as(
    env: &TestEnv,
    width: u16,
    args: &[&str],
    redirect: &str,
    answer: Option<(&str, &str)>,
    vars: &[(&str, &str)],
) -> Screen {
    static SESSIONS: AtomicUsize = AtomicUsize::new(0);
    let socket = format!("seg-screens-{}-{}", std::process::id(), SESSIONS.fetch_add(1, Ordering::Relaxed));
    let quoted: Vec<String> = args.iter().map(|a| format!("'{}'", a.replace('\'', r"'\''"))).collect();
    let script = env.path(&format!("{socket}.sh"));
    let seg = env!("CARGO_BIN_EXE_seg");
    let run = format!("cd '{}' && '{seg}' {} {redirect}", env.path("").display(), quoted.join(" "));
    std::fs::write(&script, format!("{run}\nprintf '__end__ %s\\n' $?\nsleep 60\n")).unwrap();
    let files: Vec<std::path::PathBuf> = redirect
        .split_whitespace()
        .filter_map(|word| word.trim_start_matches(['1', '2', '>']).strip_suffix(".txt"))
        .map(|stem| env.path(&format!("{stem}.txt")))
        .collect();
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
        .envs(vars.iter().copied())
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
        let in_files = || files.iter().any(|f| std::fs::read_to_string(f).is_ok_and(|t| t.contains(text)));
        while !capture(true).contains(text) && !in_files() && started.elapsed() < Duration::from_secs(20) {
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
    use seg::webhook::journal::{Entry, Journal, Note, Signature};
    let journal = Journal::open(dir, 100).unwrap();
    let requests = [
        ("2026-11-25T08:46:17.123Z", LONG_PATH, "track", Signature::Valid, vec![]),
        ("2026-11-25T08:46:18.5Z", "/hook", "identify", Signature::Invalid, vec!["trailing_newline"]),
    ];
    for (received, path, kind, signature, causes) in requests {
        let causes =
            causes.iter().map(|c| Note { code: c.to_string(), message: "signed with a newline".into() }).collect();
        let body = format!("{{\"type\":\"{kind}\"}}");
        let mut entry =
            Entry { kind: Some(kind.into()), signature, causes, ..Entry::new(received, "POST", path, body.as_bytes()) };
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
        // At 80 columns that line is wrapped at a space (docs/reference/output.md), its name whole on one row.
        let about = format!("about to delete workspaces/demo/sources/{LONG}, with its 1 destination and 1 filter");
        assert!(screen.lines.replace("\n  ", " ").contains(&about), "{said}");
        assert!(screen.rows.lines().any(|row| row.contains(&format!("workspaces/demo/sources/{LONG}"))), "{said}");
        assert_eq!(screen.rows, screen.lines, "no row is left for the terminal to wrap: {said}");
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

/// Asking needs only a terminal on stdin, as terraform's does: with stderr in a file and stdout in a pipe, the plan
/// and the question go to stderr, and the answer typed on the terminal decides.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn apply_asks_whenever_stdin_is_a_terminal_with_the_plan_and_question_on_stderr() {
    if !tmux_here() {
        return;
    }
    let env = long_names().await;
    std::fs::write(
        env.path("more.yaml"),
        "format: seg/1\nworkspace: demo\nsources:\n  extra:\n    catalog_name: catalog/sources/ios\n",
    )
    .unwrap();
    let file = env.path("more.yaml");
    let args = ["apply", "--file", file.to_str().unwrap()];
    // (In a pipe, the shell's exit code is the last command's: a no shows as its line.)
    for (redirect, answer, code) in [("2>err.txt | cat >out.txt", "n", 0), ("2>err.txt >out.txt", "y", 0)] {
        let screen = in_terminal_as(&env, 80, &args, redirect, Some(("[y/N]", answer)), &[]);
        let err = std::fs::read_to_string(env.path("err.txt")).unwrap();
        let out = std::fs::read_to_string(env.path("out.txt")).unwrap();
        let said = format!("{redirect}: screen:\n{}\nstderr:\n{err}\nstdout:\n{out}", screen.lines);
        assert!(err.contains("+ create workspaces/demo/sources/extra"), "the plan on stderr: {said}");
        assert!(err.contains("Apply 1 change to workspaces/demo? [y/N] "), "{said}");
        assert!(!out.contains("Apply") && !out.contains("+ create"), "stdout is data only: {said}");
        assert_eq!(screen.code, code, "{said}");
        let declined = err.ends_with("? [y/N] Nothing was changed.\n");
        assert_eq!(declined, answer == "n", "{said}");
        let made = env.get("/v1beta/workspaces/demo/sources/extra").await.status;
        assert_eq!(made, if declined { 404 } else { 200 }, "{said}");
    }
    // Without a terminal on stdin a delete cannot be asked for, and the error says so as a sentence.
    let run = env.seg(&["-w", "demo", "sources", "delete", "extra"]).await;
    assert_eq!(
        run.code(2).stderr,
        "error: confirmation needed to delete workspaces/demo/sources/extra: pass --yes (there is no terminal to \
         ask on)\n"
    );
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

/// A source name and a catalog entry that make a long error (docs/reference/output.md, "Lines for people").
const NEW: &str = "the-new-source-of-the-marketing-website";
const NO_ENTRY: &str = "no-such-catalog-entry-for-the-marketing-website";

/// Checks that `screen` shows the lines of `piped` (the same command in a pipe, where nothing is wrapped) wrapped by
/// seg at spaces within `width` columns: every row fits unless it is one word wider than the line, the terminal had
/// nothing left to wrap, and the words are the pipe's, none cut at the edge.
fn wrapped_like(screen: &Screen, piped: &crate::support::Run, width: usize, said: &str) {
    let one_word = |row: &str| !row.trim_start().contains(' ');
    assert!(screen.rows.lines().all(|row| row.width() <= width || one_word(row)), "a row is too wide: {said}");
    if width == 80 {
        assert_eq!(screen.rows, screen.lines, "the terminal wrapped a line seg did not: {said}");
    }
    let words = |text: &str| {
        let mut words: Vec<String> = text.split_whitespace().map(String::from).collect();
        words.sort();
        words
    };
    let pipe = format!("{}{}", piped.stdout, piped.stderr);
    assert!(pipe.lines().any(|line| line.width() > width), "nothing to wrap: {pipe}");
    assert_eq!(words(&screen.lines), words(&pipe), "a word is cut or lost: {said}\nin a pipe:\n{pipe}");
    assert!(screen.rows.lines().count() > pipe.lines().count(), "nothing wrapped: {said}");
}

/// Lines for people fit the terminal (docs/reference/output.md, "Lines for people"): a warning, `diff`'s lines, an
/// error and its hint are wrapped at spaces at 80 columns, each continuation under its label or indented from its
/// line, with no identifier broken; `-o json` (the plan, and an error's JSON line) is never wrapped; `COLUMNS`
/// beats the terminal's width; and a pipe gets the lines whole.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn prose_is_wrapped_at_word_boundaries_in_tmux_at_80_columns() {
    if !tmux_here() {
        return;
    }
    let env = long_names().await;
    let config = env.home.path().join(".config/seg");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("config.toml"), "[profiles.default]\nterminal_colour_scheme_for_tables = \"dark\"\n")
        .unwrap();
    let file = env.path("long.yaml");
    std::fs::write(
        &file,
        format!(
            "format: seg/1\nworkspace: demo\nsources:\n  {LONG}:\n    catalog_name: catalog/sources/javascript\n    \
             display_name: The marketing website of the EU shop, in production since 2019 and rebuilt in 2026\n    \
             labels:\n      owner: the-web-platform-team-of-the-marketing-department\n"
        ),
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let vars = [("SEG_TOKEN", WRITE), ("SEG_WORKSPACE", "demo")];
    let diff = ["diff", "--file", file];
    let create = ["sources", "create", NEW, "--catalog", NO_ENTRY];

    // A warning, the plan's lines and the difference they make.
    let screen = in_terminal(&env, 80, &diff, None);
    let said = format!("diff at 80 columns:\n{}", screen.rows);
    assert_eq!(screen.code, 1, "{said}");
    let piped = env.seg_with(&[&["-o", "table"], &diff[..]].concat(), &vars).await;
    wrapped_like(&screen, piped.code(1), 80, &said);
    let rows: Vec<&str> = screen.rows.lines().collect();
    assert!(rows[0].starts_with("warning: ") && rows[1].starts_with("         profiles.default."), "{said}");
    assert!(rows.contains(&format!("~ update workspaces/demo/sources/{LONG}").as_str()), "{said}");
    let continued = rows.iter().position(|row| row.starts_with("    source.display_name: ")).expect(&said);
    assert!(rows[continued + 1].starts_with("      ") && !rows[continued + 1].starts_with("       "), "{said}");
    assert!(rows.iter().any(|row| row.contains("the-web-platform-team-of-the-marketing-department")), "{said}");

    // An error and its hint, each continued under its label.
    let screen = in_terminal(&env, 80, &create, None);
    let said = format!("an error at 80 columns:\n{}", screen.rows);
    assert_eq!(screen.code, 13, "{said}");
    let piped = env.seg_with(&[&["-o", "table"], &create[..]].concat(), &vars).await;
    wrapped_like(&screen, piped.code(13), 80, &said);
    let error = screen.rows.lines().position(|row| row.starts_with("error: HTTP 400 (code 3): ")).expect(&said);
    let hint = screen.rows.lines().position(|row| row.starts_with("hint: ")).expect(&said);
    let under = |row: &str, label: usize| row.starts_with(&" ".repeat(label)) && row.as_bytes()[label] != b' ';
    let rows: Vec<&str> = screen.rows.lines().collect();
    assert!(hint > error + 1 && rows[error + 1..hint].iter().all(|row| under(row, 7)), "{said}");
    assert!(rows.len() > hint + 1 && rows[hint + 1..].iter().all(|row| under(row, 6)), "{said}");
    assert!(rows.iter().any(|row| row.contains(&format!("\"catalog/sources/{NO_ENTRY}\""))), "{said}");
    // In colour the same rows: escapes take no columns.
    let painted = in_terminal(&env, 80, &[&["--color", "always"], &create[..]].concat(), None);
    assert_eq!(painted.rows, screen.rows, "in colour");

    // COLUMNS beats the terminal's width: 60 in a terminal of 80.
    let screen = in_terminal_as(&env, 80, &create, "2>&1", None, &[("COLUMNS", "60")]);
    let said = format!("an error with COLUMNS=60 at 80 columns:\n{}", screen.rows);
    wrapped_like(&screen, &piped, 60, &said);
    assert!(screen.rows.lines().any(|row| row.width() > 50 && row.width() <= 60), "{said}");

    // -o json: the error's line on stderr and the plan on stdout as they are; the terminal wraps what is too wide.
    let screen = in_terminal(&env, 80, &[&["-o", "json"], &create[..]].concat(), None);
    let piped = env.seg_with(&[&["-o", "json"], &create[..]].concat(), &vars).await;
    // After the config file's warning, which is for people.
    let line = piped.code(13).stderr.lines().last().unwrap_or_default();
    assert!(line.starts_with("{\"error\":") && line.width() > 80, "{line}");
    assert!(screen.lines.lines().any(|l| l == line), "the JSON line is wrapped:\n{}", screen.rows);
    assert_ne!(screen.rows, screen.lines, "only the terminal wrapped it:\n{}", screen.rows);
    let screen = in_terminal(&env, 80, &[&["-o", "json"], &diff[..]].concat(), None);
    let piped = env.seg_with(&[&["-o", "json"], &diff[..]].concat(), &vars).await;
    assert!(piped.code(1).stdout.lines().any(|l| l.width() > 80), "{}", piped.stdout);
    assert!(screen.lines.contains(piped.stdout.trim_end()), "the plan's JSON is wrapped:\n{}", screen.rows);
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
    use seg::webhook::journal::{Entry, Journal};
    if !tmux_here() {
        return;
    }
    let env = TestEnv::with(EmulatorOptions::default()).await;
    let dir = env.path("journal");
    let body = b"{\"a\":\"\x1b[31mred\x1b[0m\"}";
    let mut entry = Entry::new("2026-11-25T08:46:17.123Z", "POST", "/hook", body);
    Journal::open(&dir, 10).unwrap().append(&mut entry).unwrap();
    let dir = dir.to_str().unwrap();
    let screen = in_terminal(&env, 120, &["webhook", "log", "1", "--body", "--journal", dir], None);
    assert_eq!(screen.code, 0, "{}", screen.lines);
    assert_eq!(screen.lines, "{\"a\":\"\\u{1b}[31mred\\u{1b}[0m\"}\n", "escaped, on a line of its own");
    let piped = env.seg(&["webhook", "log", "1", "--body", "--journal", dir]).await;
    assert_eq!(piped.code(0).stdout.as_bytes(), body);
}
