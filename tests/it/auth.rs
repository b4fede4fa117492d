//! auth, profiles and the tour: token storage, precedence of settings, `seg config`, `seg demo`.

use crate::support::{TestEnv, WRITE};

#[tokio::test]
async fn login_checks_the_token_stores_it_privately_and_logout_removes_it() {
    let env = TestEnv::start().await;
    // A refused token is not stored.
    let run = env.seg_stdin(&["auth", "login", "--with-token"], &[], b"not-a-token\n").await;
    run.code(26);
    assert!(!env.path(".config/seg/credentials.toml").exists());
    // No terminal and no --with-token: nothing to read the token from.
    env.seg_with(&["auth", "login"], &[]).await.code(2);
    // SEG_NO_KEYRING (set by every test): the file store, mode 0600.
    let run = env.seg_stdin(&["auth", "login", "--with-token"], &[], format!("{WRITE}\n").as_bytes()).await;
    run.code(0);
    assert!(run.stderr.contains("file store") && !run.stderr.contains(WRITE), "{}", run.stderr);
    let store = env.path(".config/seg/credentials.toml");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&store).unwrap().permissions().mode() & 0o777, 0o600);
    }
    // The stored token works with no other source.
    env.seg_with(&["workspaces", "list"], &[]).await.code(0);
    let run = env.seg_with(&["auth", "status", "-o", "json"], &[]).await;
    let status = run.code(0).json();
    assert!(status["token_source"].as_str().unwrap().starts_with("the file store"), "{status}");
    assert_eq!(status["token_works"], true);
    assert!(!run.stdout.contains(WRITE) && !run.stderr.contains(WRITE));
    assert_eq!(env.seg_with(&["auth", "token"], &[]).await.code(0).stdout, format!("{WRITE}\n"));
    // The environment beats the store, and status says so.
    let run = env.seg_with(&["auth", "status", "-o", "json"], &[("SEG_TOKEN", "wrong")]).await;
    run.code(26);
    assert_eq!(run.json()["token_source"], "SEG_TOKEN");
    env.seg_with(&["auth", "logout"], &[]).await.code(0);
    env.seg_with(&["workspaces", "list"], &[]).await.code(4);
    let run = env.seg_with(&["auth", "status"], &[]).await;
    run.code(4);
    // Said once: in the record; stderr says what to do, and not again what went wrong.
    assert_eq!(run.json()["error"], "no token configured");
    assert!(!run.stderr.contains("error") && run.stderr.contains("hint: "), "{}", run.stderr);
    // Profiles keep separate tokens.
    env.seg_stdin(&["auth", "login", "--with-token", "--profile", "ci"], &[], WRITE.as_bytes()).await.code(0);
    env.seg_with(&["workspaces", "list", "--profile", "ci"], &[]).await.code(0);
    env.seg_with(&["workspaces", "list"], &[]).await.code(4);
}

#[tokio::test]
async fn auth_status_as_a_table_is_field_lines_with_the_workspaces_one_a_line() {
    let env = TestEnv::start().await;
    let run = env.seg_with(&["auth", "status", "-o", "table"], &[("SEG_TOKEN", WRITE)]).await;
    let out = &run.code(0).stdout;
    assert!(out.contains("\nworkspaces:\n  workspaces/demo\n") && !out.contains("[\""), "{out}");
    let works = out.lines().find(|l| l.starts_with("token_works")).unwrap_or_default();
    assert!(works.split_whitespace().eq(["token_works", "true"]), "{out}");
}

#[tokio::test]
async fn settings_precedence_is_flag_then_env_then_profile_then_default() {
    let env = TestEnv::start().await;
    let dead = "http://127.0.0.1:9";
    // The profile supplies the base URL and workspace.
    env.seg_with(&["config", "set", "base_url", &env.base], &[]).await.code(0);
    env.seg_with(&["config", "set", "workspace", "demo"], &[]).await.code(0);
    env.seg_with(&["config", "set", "output", "name"], &[]).await.code(0);
    assert_eq!(env.seg_with(&["config", "get", "base_url"], &[]).await.code(0).stdout, format!("{}\n", env.base));
    let mut cmd = crate::support::seg_command(env.home.path());
    cmd.env("SEG_TOKEN", WRITE).args(["sources", "list"]);
    let out = cmd.output().await.unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.is_empty(), "profile output `name` on an empty list");
    // The environment beats the profile; a flag beats the environment.
    let mut cmd = crate::support::seg_command(env.home.path());
    cmd.env("SEG_TOKEN", WRITE).env("SEG_BASE_URL", dead).args(["workspaces", "list", "--max-retries", "0"]);
    assert_eq!(cmd.output().await.unwrap().status.code(), Some(3));
    let mut cmd = crate::support::seg_command(env.home.path());
    cmd.env("SEG_TOKEN", WRITE).env("SEG_BASE_URL", dead).args(["workspaces", "list", "--base-url", &env.base]);
    let out = cmd.output().await.unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "workspaces/demo\n", "profile output");
    let run = env
        .seg_with(
            &["workspaces", "list", "--base-url", &env.base, "-o", "json"],
            &[("SEG_TOKEN", WRITE), ("SEG_OUTPUT", "yaml")],
        )
        .await;
    assert!(run.code(0).stdout.starts_with('['), "flag beats env: {}", run.stdout);
    // Other profiles start empty; SEG_CONFIG_DIR moves the file. A profile typed with --profile and found nowhere
    // in the file is likely a typo, and is said; one SEG_PROFILE names (CI, with the rest in variables) is not.
    let run = env.seg_with(&["config", "get", "base_url", "--profile", "other"], &[]).await;
    assert!(run.code(1).stderr.contains("warning: profile \"other\" has no settings in "), "{}", run.stderr);
    let run = env.seg_with(&["workspaces", "list", "-o", "name"], &[("SEG_PROFILE", "ci"), ("SEG_TOKEN", WRITE)]).await;
    assert_eq!(run.code(0).stderr, "", "SEG_PROFILE without settings is not warned about");
    let elsewhere = env.path("elsewhere");
    env.seg_with(&["config", "set", "workspace", "acme"], &[("SEG_CONFIG_DIR", elsewhere.to_str().unwrap())])
        .await
        .code(0);
    assert!(elsewhere.join("config.toml").exists());
    let run = env.seg_with(&["config", "list", "-o", "json"], &[]).await;
    assert_eq!(run.code(0).json()["workspace"], "demo");
    env.seg_with(&["config", "unset", "workspace"], &[]).await.code(0);
    env.seg_with(&["config", "get", "workspace"], &[]).await.code(1);
    for bad in [
        vec!["config", "set", "colour", "x"],
        vec!["config", "set", "base_url", "nope"],
        vec!["config", "get", "nope"],
        vec!["config", "set", "output", "xml"],
    ] {
        env.seg_with(&bad, &[]).await.code(2);
    }
    std::fs::write(env.path(".config/seg/config.toml"), "not toml [").unwrap();
    env.seg_with(&["workspaces", "list"], &[("SEG_TOKEN", WRITE)]).await.code(2);
}

#[tokio::test]
async fn the_demo_runs_end_to_end() {
    let env = TestEnv::start().await;
    let run = env.seg_with(&["demo"], &[]).await;
    run.code(0);
    for want in [
        "$ seg workspaces list",
        "$ seg -w demo destinations patch web/webhooks --enabled",
        "enabled          true",
        "# the receiver got: POST /hook track",
        "signature valid",
        "valid: the signature matches the raw body bytes",
        "# the emulator delivered it to the receiver: POST /hook track",
        "# done",
    ] {
        assert!(run.stdout.contains(want), "{want}\n{}", run.stdout);
    }
    assert_eq!(run.stderr.matches("> GET").count(), 3, "12 sources at 5 a page: {}", run.stderr);
    assert!(!run.stdout.contains("\\n"), "a table shows no literal \\n: {}", run.stdout);
    assert!(!run.stdout.contains("export SEG_BASE_URL=http"), "the line to keep exploring comes only with --keep");
}

#[cfg(unix)]
#[tokio::test]
async fn the_demo_keeps_its_emulator_for_the_line_it_prints_until_int_or_term() {
    use tokio::io::AsyncBufReadExt;
    let env = TestEnv::start().await;
    // Ctrl-C at a terminal; SIGTERM from a service manager, `timeout` or `docker stop`: both end it cleanly.
    for signal in ["INT", "TERM"] {
        let mut cmd = env.command(&["demo", "--keep"], &[]);
        cmd.env_remove("SEG_BASE_URL").stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::null());
        let mut child = cmd.spawn().unwrap();
        let mut lines = tokio::io::BufReader::new(child.stdout.take().unwrap()).lines();
        let export = loop {
            let line =
                tokio::time::timeout(std::time::Duration::from_secs(30), lines.next_line()).await.unwrap().unwrap();
            if let Some(rest) = line.expect("the demo prints the line to keep exploring").strip_prefix("export ") {
                break rest.to_string();
            }
        };
        let vars: Vec<(&str, &str)> = export.split(' ').filter_map(|pair| pair.split_once('=')).collect();
        let keys: Vec<&str> = vars.iter().map(|(k, _)| *k).collect();
        assert_eq!(keys, ["SEG_BASE_URL", "SEG_TOKEN", "SEG_WORKSPACE"]);
        assert!(!vars[1].1.contains("redacted"), "the demo's own token is shown: {export}");
        let run = env.seg_with(&["sources", "list", "-o", "name"], &vars).await;
        assert!(run.code(0).stdout.contains("workspaces/demo/sources/app-01"), "{}", run.stdout);
        std::process::Command::new("kill")
            .args([&format!("-{signal}"), &child.id().unwrap().to_string()])
            .status()
            .unwrap();
        let status = tokio::time::timeout(std::time::Duration::from_secs(10), child.wait()).await.unwrap().unwrap();
        assert_eq!(status.code(), Some(0), "SIG{signal}");
        let gone = env.seg_with(&["--max-retries", "0", "sources", "list", "-o", "name"], &vars).await;
        assert_eq!(gone.code, 3, "SIG{signal}: the emulator stopped with the demo");
    }
}

#[tokio::test]
async fn completion_prints_a_script_per_shell() {
    let env = TestEnv::start().await;
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let run = env.seg_with(&["completion", shell], &[]).await;
        assert!(run.code(0).stdout.contains("seg"), "{shell}");
    }
    env.seg_with(&["completion", "tcsh"], &[]).await.code(2);
}

#[tokio::test]
async fn a_broken_config_file_stops_only_the_commands_that_need_it() {
    let env = TestEnv::start().await;
    let config = env.path(".config/seg/config.toml");
    std::fs::create_dir_all(config.parent().unwrap()).unwrap();
    std::fs::write(&config, "this is [not toml\n").unwrap();
    // Commands that need no setting never read it.
    let run = env.seg_stdin(&["webhook", "sign", "--secret", "teehee"], &[], b"{}").await;
    assert_eq!(run.code(0).stdout.len(), 41, "{}", run.stdout);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    let run = env.seg(&["completion", "bash"]).await;
    assert!(run.code(0).stdout.contains("_seg()") && run.stderr.is_empty(), "{}", run.stderr);
    // One that could take its output format from the profile warns once and uses the default.
    let run = env.seg_stdin(&["webhook", "verify", "--secret", "s", "--signature", "00"], &[], b"{}").await;
    run.code(1);
    assert_eq!(run.stderr.matches("warning:").count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("invalid config file") && run.stderr.contains("using the defaults"), "{}", run.stderr);
    // One that needs a setting from it (here the base URL) stops with exit 2, naming the file.
    let mut cmd = crate::support::seg_command(env.home.path());
    cmd.env("SEG_TOKEN", WRITE).args(["-w", "demo", "sources", "list"]);
    let run = crate::support::run_with_stdin(cmd, b"").await;
    run.code(2);
    let errors: Vec<&str> = run.stderr.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(errors.len(), 1, "{}", run.stderr);
    assert!(errors[0].contains(&config.display().to_string()) && errors[0].contains("line 1"), "{}", run.stderr);
    // `config set` refuses to rewrite a file it cannot read, and leaves it as it was.
    env.seg(&["config", "set", "workspace", "demo"]).await.code(2);
    assert_eq!(std::fs::read_to_string(&config).unwrap(), "this is [not toml\n");
}

#[tokio::test]
async fn an_unknown_setting_is_a_warning_once_and_survives_a_rewrite() {
    let env = TestEnv::start().await;
    let config = env.path(".config/seg/config.toml");
    std::fs::create_dir_all(config.parent().unwrap()).unwrap();
    let text = format!("[profiles.default]\nbase_url = \"{}\"\nfrom_a_newer_seg = true\n", env.base);
    std::fs::write(&config, text).unwrap();
    let run = env.seg(&["-w", "demo", "sources", "list", "-o", "json"]).await;
    run.code(0);
    assert_eq!(run.stderr.matches("from_a_newer_seg").count(), 1, "{}", run.stderr);
    env.seg(&["config", "set", "workspace", "demo"]).await.code(0);
    let after = std::fs::read_to_string(&config).unwrap();
    assert!(after.contains("from_a_newer_seg = true") && after.contains("workspace = \"demo\""), "{after}");
}

#[tokio::test]
async fn a_stored_token_goes_only_to_the_base_url_it_was_stored_with() {
    let env = TestEnv::start().await;
    let other = TestEnv::start().await;
    // Logging in with --base-url binds the token to it and points the profile there.
    let run = env.seg_stdin(&["auth", "login", "--with-token", "--base-url", &env.base], &[], WRITE.as_bytes()).await;
    run.code(0);
    let mut cmd = crate::support::seg_command(env.home.path());
    cmd.args(["workspaces", "list"]);
    crate::support::run_with_stdin(cmd, b"").await.code(0);
    assert_eq!(env.seg_with(&["config", "get", "base_url"], &[]).await.code(0).stdout.trim(), env.base);
    // Another base URL, by flag or variable: refused before anything is sent, naming both.
    other.clear_requests().await;
    for vars in [vec![], vec![("SEG_BASE_URL", other.base.as_str())]] {
        let mut cmd = crate::support::seg_command(env.home.path());
        cmd.args(["workspaces", "list"]).envs(vars.iter().copied());
        if vars.is_empty() {
            cmd.args(["--base-url", &other.base]);
        }
        let run = crate::support::run_with_stdin(cmd, b"").await;
        run.code(4);
        assert!(run.stderr.contains(&env.base) && run.stderr.contains(&other.base), "{}", run.stderr);
        assert!(run.stderr.contains("seg auth login --base-url"), "{}", run.stderr);
        assert!(!run.stderr.contains(WRITE));
    }
    assert!(other.requests().await.is_empty(), "the token went to another service");
    // An explicit token goes where it is told.
    let run = other.seg_with(&["workspaces", "list"], &[("SEG_TOKEN", WRITE)]).await;
    run.code(0);
}

#[tokio::test]
async fn tokens_stored_before_the_binding_still_work_where_they_were_meant_to() {
    let env = TestEnv::start().await;
    let other = TestEnv::start().await;
    let dir = env.path(".config/seg");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("credentials.toml"), format!("[tokens]\ndefault = \"{WRITE}\"\n")).unwrap();
    std::fs::write(dir.join("config.toml"), format!("[profiles.default]\nbase_url = \"{}\"\n", env.base)).unwrap();
    let mut cmd = crate::support::seg_command(env.home.path());
    cmd.args(["workspaces", "list"]);
    crate::support::run_with_stdin(cmd, b"").await.code(0);
    let mut cmd = crate::support::seg_command(env.home.path());
    cmd.args(["workspaces", "list", "--base-url", &other.base]);
    crate::support::run_with_stdin(cmd, b"").await.code(4);
    assert!(other.requests().await.is_empty());
    // Logging in again writes the new form, and logging out removes it.
    env.seg_stdin(&["auth", "login", "--with-token"], &[], WRITE.as_bytes()).await.code(0);
    let text = std::fs::read_to_string(dir.join("credentials.toml")).unwrap();
    assert!(text.contains(&format!("base_url = \"{}\"", env.base)), "{text}");
    env.seg_with(&["auth", "logout"], &[]).await.code(0);
    let mut cmd = crate::support::seg_command(env.home.path());
    cmd.args(["workspaces", "list"]);
    crate::support::run_with_stdin(cmd, b"").await.code(4);
}

#[tokio::test]
async fn a_token_that_cannot_be_a_header_is_a_usage_error_before_any_request() {
    let env = TestEnv::start().await;
    let file = env.path("token.txt");
    std::fs::write(&file, "abc\u{7}def\n").unwrap();
    let file = file.to_str().unwrap().to_string();
    type Case<'a> = (Vec<&'a str>, Vec<(&'a str, &'a str)>);
    let cases: Vec<Case> = vec![
        (vec!["workspaces", "list"], vec![("SEG_TOKEN", "abc\u{1b}[2Jdef")]),
        (vec!["workspaces", "list"], vec![("SEG_TOKEN", "abc def")]),
        (vec!["workspaces", "list"], vec![("SEG_TOKEN", "tökén")]),
        (vec!["workspaces", "list", "--token-file", &file], vec![]),
        (vec!["workspaces", "list", "--token", "a\tb"], vec![]),
    ];
    env.clear_requests().await;
    for (args, vars) in cases {
        let run = env.seg_with(&args, &vars).await;
        run.code(2);
        assert!(run.stderr.contains("the token from") && run.stderr.contains("printable ASCII"), "{}", run.stderr);
        assert!(!run.stderr.contains("transport"), "{}", run.stderr);
    }
    let run = env.seg_stdin(&["auth", "login", "--with-token"], &[], b"abc\x01def\n").await;
    run.code(2);
    assert!(env.requests().await.is_empty(), "a request was sent");
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let mut cmd = env.command(&["workspaces", "list"], &[]);
        cmd.env("SEG_TOKEN", std::ffi::OsStr::from_bytes(b"abc\xffdef"));
        let run = crate::support::run_with_stdin(cmd, b"").await;
        run.code(2);
        assert!(run.stderr.contains("SEG_TOKEN is not valid UTF-8"), "{}", run.stderr);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parallel_writers_keep_every_value() {
    let env = TestEnv::start().await;
    let sets = (0..32).map(|i| {
        let profile = format!("p{i}");
        let mut cmd = crate::support::seg_command(env.home.path());
        cmd.args(["config", "set", "workspace", &format!("w{i}"), "--profile", &profile]);
        crate::support::run_with_stdin(cmd, b"")
    });
    for run in futures_util::future::join_all(sets).await {
        run.code(0);
    }
    let logins = (0..16).map(|i| {
        let profile = format!("l{i}");
        let cmd = env.command(&["auth", "login", "--with-token", "--profile", &profile], &[]);
        crate::support::run_with_stdin(cmd, WRITE.as_bytes())
    });
    for run in futures_util::future::join_all(logins).await {
        run.code(0);
    }
    for i in 0..32 {
        let run = env.seg_with(&["config", "get", "workspace", "--profile", &format!("p{i}")], &[]).await;
        assert_eq!(run.code(0).stdout.trim(), format!("w{i}"));
    }
    for i in 0..16 {
        env.seg_with(&["workspaces", "list", "--profile", &format!("l{i}")], &[]).await.code(0);
    }
}

/// On a terminal, a login with the keyring turned off says where the token went; in a pipe (above) it does not.
/// `script` gives seg a terminal (util-linux; macOS's takes other flags).
#[cfg(target_os = "linux")]
#[tokio::test]
async fn without_a_keyring_a_terminal_login_says_where_the_token_went() {
    let env = TestEnv::start().await;
    let token_file = env.path("token");
    std::fs::write(&token_file, WRITE).unwrap();
    let login = format!("'{}' auth login --with-token < '{}'", env!("CARGO_BIN_EXE_seg"), token_file.display());
    let seg = env.command(&[], &[]);
    let mut cmd = tokio::process::Command::new("script");
    cmd.args(["-qec", &login, "/dev/null"]).env_clear();
    for (key, value) in seg.as_std().get_envs() {
        if let Some(value) = value {
            cmd.env(key, value);
        }
    }
    let run = crate::support::run_with_stdin(cmd, b"").await;
    let shown = run.code(0).stdout.clone();
    assert!(shown.contains("token stored in the file store"), "{shown}");
    assert!(shown.contains("hint: SEG_NO_KEYRING is set, so the keyring was not used"), "{shown}");
    assert!(!shown.contains(WRITE), "{shown}");
    // In a pipe the same login stays quiet about it.
    let run = env.seg_stdin(&["auth", "login", "--with-token"], &[], WRITE.as_bytes()).await;
    assert!(!run.code(0).stderr.contains("SEG_NO_KEYRING"), "{}", run.stderr);
}

/// What the shell gets when it asks seg to complete the last of `words` (`COMPLETE=bash seg -- seg ...`).
async fn completions(env: &TestEnv, words: &[&str], vars: &[(&str, &str)]) -> (Vec<String>, String) {
    let mut args = vec!["--", "seg"];
    args.extend_from_slice(words);
    let index = words.len().to_string();
    let mut all = vec![
        ("COMPLETE", "bash"),
        ("_CLAP_COMPLETE_INDEX", index.as_str()),
        ("_CLAP_COMPLETE_COMP_TYPE", "9"),
        ("_CLAP_COMPLETE_SPACE", "true"),
        ("_CLAP_IFS", "\n"),
    ];
    all.extend_from_slice(vars);
    let run = env.seg_with(&args, &all).await;
    run.code(0);
    (run.stdout.lines().filter(|l| !l.starts_with('-')).map(String::from).collect(), run.stderr)
}

#[tokio::test]
async fn completion_offers_the_workspaces_names_cached_and_silent_on_error() {
    let env = TestEnv::start().await;
    for slug in ["web", "app"] {
        env.create_source("demo", slug).await.ok();
    }
    let body = serde_json::json!({"destination": {"name": "workspaces/demo/sources/web/destinations/webhooks"}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(body)).await.ok();
    let body = serde_json::json!({"tracking_plan": {"display_name": "Main plan"}});
    let plan = env.call("POST", "/v1beta/workspaces/demo/tracking-plans", Some(body)).await;
    let plan = plan.json["name"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    let vars = [("SEG_TOKEN", WRITE), ("SEG_WORKSPACE", "demo")];
    env.clear_requests().await;
    assert_eq!(completions(&env, &["sources", "get", ""], &vars).await.0, ["web", "app"]);
    assert_eq!(completions(&env, &["sources", "delete", "w"], &vars).await.0, ["web"]);
    assert_eq!(completions(&env, &["destinations", "get", ""], &vars).await.0, ["web/", "app/"]);
    assert_eq!(completions(&env, &["destinations", "enable", "web/"], &vars).await.0, ["web/webhooks"]);
    assert_eq!(completions(&env, &["destinations", "list", "--source", ""], &vars).await.0, ["web", "app"]);
    let (plans, _) = completions(&env, &["tracking-plans", "get", ""], &vars).await;
    assert_eq!(plans.len(), 1);
    assert_eq!(plans[0], plan, "bash shows the ids (zsh and fish show the display name beside them)");
    // Through the script bash loads: the registration calls seg back for the words.
    let script = env.seg_with(&["completion", "bash"], &[]).await.code(0).stdout.clone();
    std::fs::write(env.path("seg.bash"), script).unwrap();
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_seg")).parent().unwrap().display().to_string();
    let shell = format!(
        "PATH={bin}:$PATH; source {}; COMP_WORDS=(seg sources get w); COMP_CWORD=3; COMP_TYPE=9; \
         _clap_complete_seg seg w sources; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        env.path("seg.bash").display()
    );
    let out = std::process::Command::new("bash")
        .args(["-c", &shell])
        .env("SEG_BASE_URL", &env.base)
        .env("SEG_TOKEN", WRITE)
        .env("SEG_WORKSPACE", "demo")
        .env("SEG_NO_KEYRING", "1")
        .env("HOME", env.home.path())
        .env("SEG_RUNTIME_DIR", env.path(crate::support::RUNTIME))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "web", "{}", String::from_utf8_lossy(&out.stderr));
    // The command's own -w says where to read, as it would for the command. (Before the command, clap's completion
    // engine takes a value that is also a command's name, `-w demo`, for that command: `--workspace=demo` works.)
    for words in [&["sources", "get", "-w", "demo", ""][..], &["--workspace=demo", "sources", "get", ""]] {
        assert_eq!(completions(&env, words, &[("SEG_TOKEN", WRITE)]).await.0, ["web", "app"], "{words:?}");
    }
    // Names are kept 30 s: asking again reads nothing.
    let read = env.requests().await.len();
    completions(&env, &["sources", "get", ""], &vars).await;
    assert_eq!(env.requests().await.len(), read, "a cached completion sent a request");
    // Nothing to read with (no token, no workspace) or a service that fails: no names, and nothing on stderr.
    for vars in [
        vec![("SEG_WORKSPACE", "demo")],
        vec![("SEG_TOKEN", WRITE)],
        vec![("SEG_TOKEN", "wrong"), ("SEG_WORKSPACE", "demo")],
    ] {
        let (names, stderr) = completions(&env, &["sources", "get", ""], &vars).await;
        assert!(names.is_empty() && stderr.is_empty(), "{vars:?}: {names:?} {stderr}");
    }
}

#[tokio::test]
async fn a_profiles_output_name_applies_only_where_there_are_names() {
    let env = TestEnv::start().await;
    env.create_source("demo", "web").await.ok();
    env.seg_with(&["config", "set", "output", "name"], &[]).await.code(0);
    env.seg_with(&["config", "set", "workspace", "demo"], &[]).await.code(0);
    let run = env.seg(&["sources", "list"]).await;
    assert_eq!(run.code(0).stdout, "workspaces/demo/sources/web\n");
    // config, auth and the webhook tools have no names: the profile's choice falls back to the default.
    let run = env.seg(&["config", "list"]).await;
    assert!(run.code(0).stdout.contains("\"output\""), "{}", run.stdout);
    env.seg(&["webhook", "sample", "--type", "track"]).await.code(0);
    // Asked for on the command line, it is still refused.
    env.seg(&["config", "list", "-o", "name"]).await.code(2);
    // As a table, whose settings they are comes first, on stderr, when both streams go to one place.
    let both = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("'{}' config list -o table 2>&1", env!("CARGO_BIN_EXE_seg")))
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", env.home.path())
        .env("XDG_CONFIG_HOME", env.home.path().join(".config"))
        .env("SEG_NO_KEYRING", "1")
        .env("SEG_RUNTIME_DIR", env.home.path().join(crate::support::RUNTIME))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&both.stdout);
    let (profile, setting) = (text.find("profile default in ").unwrap(), text.find("workspace = demo").unwrap());
    assert!(profile < setting, "{text}");
}
