//! A Public API token just works (docs/GETTING-STARTED.md, "Log in"): `seg auth login` saves the API (and region) the
//! token is for, so the next command speaks it without a flag; a login names its API or asks for it on a terminal, and without one
//! keeps the profile's and says so, sending nothing to the other API's host; a profile written by an earlier version
//! keeps speaking the Config API unless its token was stored for the Public API's host; hints fit the API and the
//! request. The service's own hosts are played by the emulator behind a local proxy and a test CA: nothing leaves
//! loopback, and every host seg asks for is recorded.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::{READ, Run, TestEnv, WRITE, run_with_stdin, seg_command};

const CONFIG_HOST: &str = "platform.segmentapis.com";
const US_HOST: &str = "api.segmentapis.com";
const EU_HOST: &str = "eu1.api.segmentapis.com";

/// The service's hosts, all served by one emulator: an HTTP proxy (`HTTPS_PROXY`) that records the host of every
/// CONNECT and opens the tunnel onto a TLS server whose certificate, from a test CA (`SSL_CERT_FILE`), names the
/// three hosts, which hands the bytes to the emulator.
struct Internet {
    proxy: String,
    ca: tempfile::NamedTempFile,
    hosts: Arc<Mutex<Vec<String>>>,
}

impl Internet {
    async fn start(env: &TestEnv) -> Internet {
        use tokio_rustls::rustls;
        let _ = rustls::crypto::ring::default_provider().install_default();
        let ca_key = rcgen::KeyPair::generate().unwrap();
        let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        let ca_cert = ca_params.self_signed(&ca_key).unwrap();
        let issuer = rcgen::Issuer::new(ca_params, ca_key);
        let leaf_key = rcgen::KeyPair::generate().unwrap();
        let names = [CONFIG_HOST, US_HOST, EU_HOST].map(String::from).to_vec();
        let leaf = rcgen::CertificateParams::new(names).unwrap().signed_by(&leaf_key, &issuer).unwrap();
        let ca = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(ca.path(), ca_cert.pem()).unwrap();
        let key = rustls::pki_types::pem::PemObject::from_pem_slice(leaf_key.serialize_pem().as_bytes()).unwrap();
        let config = rustls::ServerConfig::builder()
            .with_no_client_auth()
            .with_single_cert(vec![leaf.der().clone()], key)
            .unwrap();
        let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let proxy = format!("http://{}", listener.local_addr().unwrap());
        let upstream = env.base.trim_start_matches("http://").to_string();
        let hosts = Arc::new(Mutex::new(Vec::new()));
        let seen = hosts.clone();
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let (acceptor, seen, upstream) = (acceptor.clone(), seen.clone(), upstream.clone());
                tokio::spawn(async move {
                    let mut head = Vec::new();
                    let mut byte = [0u8; 1];
                    while !head.ends_with(b"\r\n\r\n") {
                        if socket.read(&mut byte).await.unwrap_or(0) == 0 {
                            return;
                        }
                        head.push(byte[0]);
                    }
                    let head = String::from_utf8_lossy(&head).into_owned();
                    let Some(target) = head.strip_prefix("CONNECT ").and_then(|rest| rest.split(' ').next()) else {
                        return;
                    };
                    let host = target.trim_end_matches(":443").to_string();
                    seen.lock().unwrap().push(host.clone());
                    if ![CONFIG_HOST, US_HOST, EU_HOST].contains(&host.as_str()) {
                        let _ = socket.write_all(b"HTTP/1.1 403 Forbidden\r\n\r\n").await;
                        return;
                    }
                    let _ = socket.write_all(b"HTTP/1.1 200 Connection established\r\n\r\n").await;
                    let Ok(mut tls) = acceptor.accept(socket).await else { return };
                    let Ok(mut emulator) = tokio::net::TcpStream::connect(&upstream).await else { return };
                    let _ = tokio::io::copy_bidirectional(&mut tls, &mut emulator).await;
                });
            }
        });
        Internet { proxy, ca, hosts }
    }

    /// The hosts asked for since the last call, each once in the order first asked: a process may open more than
    /// one connection to a host (two requests in flight at once), which is not what these tests count.
    fn hosts(&self) -> Vec<String> {
        let mut hosts = std::mem::take(&mut *self.hosts.lock().unwrap());
        let mut seen = std::collections::HashSet::new();
        hosts.retain(|host| seen.insert(host.clone()));
        hosts
    }

    /// `seg ARGS` in `env`'s HOME, through this internet: no SEG_BASE_URL, no token unless `vars` give one.
    async fn seg(&self, env: &TestEnv, args: &[&str], vars: &[(&str, &str)], stdin: &[u8]) -> Run {
        let mut cmd = seg_command(env.home.path());
        cmd.args(args).env("HTTPS_PROXY", &self.proxy).env("SSL_CERT_FILE", self.ca.path());
        cmd.envs(vars.iter().copied());
        run_with_stdin(cmd, stdin).await
    }
}

/// The requests the emulator received since the last call, as `METHOD path`.
async fn paths(env: &TestEnv) -> Vec<String> {
    let requests = env.requests().await;
    env.clear_requests().await;
    requests
        .iter()
        .map(|r| format!("{} {}", r["method"].as_str().unwrap(), r["uri"].as_str().unwrap()))
        .filter(|r| !r.contains("/_emulator/"))
        .collect()
}

fn config_toml(env: &TestEnv) -> String {
    std::fs::read_to_string(env.path(".config/seg/config.toml")).unwrap_or_default()
}

fn credentials_toml(env: &TestEnv) -> String {
    std::fs::read_to_string(env.path(".config/seg/credentials.toml")).unwrap_or_default()
}

/// `seg ARGS` with only what the profile says: no SEG_BASE_URL, SEG_API or SEG_TOKEN.
async fn bare(env: &TestEnv, args: &[&str]) -> Run {
    let mut cmd = seg_command(env.home.path());
    cmd.args(args);
    run_with_stdin(cmd, b"").await
}

fn speaks_public(requests: &[String]) -> bool {
    !requests.is_empty() && requests.iter().all(|r| !r.contains(" /v1beta"))
}

fn speaks_config(requests: &[String]) -> bool {
    !requests.is_empty() && requests.iter().all(|r| r.contains(" /v1beta/"))
}

#[tokio::test]
async fn a_public_api_login_saves_the_api_and_the_next_command_speaks_it() {
    let env = TestEnv::start().await;
    env.clear_requests().await;
    let run = env.seg_stdin(&["auth", "login", "--api", "public", "--with-token"], &[], WRITE.as_bytes()).await;
    let said = format!("logged in to the Public API at {} as profile default: 1 workspace reachable", env.base);
    assert!(run.code(0).stderr.contains(&said), "{}", run.stderr);
    assert!(speaks_public(&paths(&env).await), "the token is checked on the Public API");
    let config = config_toml(&env);
    // The API, and the base URL given (SEG_BASE_URL); no region was given.
    assert!(config.contains("api = \"public\"") && config.contains(&env.base), "{config}");
    assert!(!config.contains("region"), "{config}");
    // With no flag and no variable, the next command speaks the Public API where the token was stored for.
    bare(&env, &["sources", "list"]).await.code(0);
    let sent = paths(&env).await;
    assert!(speaks_public(&sent) && sent.iter().any(|r| r.starts_with("GET /sources")), "{sent:?}");
    let status = bare(&env, &["auth", "status", "-o", "json"]).await.code(0).json();
    assert_eq!((status["api"].as_str(), status["region"].as_str()), (Some("public"), Some("us")), "{status}");
    // --api config saves that too, and the profile goes back to the Config API.
    paths(&env).await;
    env.seg_stdin(&["auth", "login", "--api", "config", "--with-token"], &[], WRITE.as_bytes()).await.code(0);
    assert!(config_toml(&env).contains("api = \"config\""));
    bare(&env, &["sources", "list", "-w", "demo"]).await.code(0);
    assert!(speaks_config(&paths(&env).await));
    let status = bare(&env, &["auth", "status", "-o", "json"]).await.code(0).json();
    assert_eq!((status["api"].as_str(), status["region"].as_str()), (Some("config"), None), "{status}");
}

#[tokio::test]
async fn a_login_for_the_eu_saves_the_region_and_no_base_url_and_the_next_command_goes_there() {
    let env = TestEnv::start().await;
    let internet = Internet::start(&env).await;
    env.clear_requests().await;
    let login = ["auth", "login", "--api", "public", "--region", "eu", "--with-token"];
    internet.seg(&env, &login, &[], WRITE.as_bytes()).await.code(0);
    assert_eq!(internet.hosts(), [EU_HOST], "only the EU host is asked");
    let config = config_toml(&env);
    assert!(config.contains("api = \"public\"") && config.contains("region = \"eu\""), "{config}");
    assert!(!config.contains("base_url"), "no base URL was given: {config}");
    assert!(credentials_toml(&env).contains("base_url = \"https://eu1.api.segmentapis.com\""));
    paths(&env).await;
    internet.seg(&env, &["sources", "list"], &[], b"").await.code(0);
    assert_eq!(internet.hosts(), [EU_HOST]);
    let sent = paths(&env).await;
    assert!(speaks_public(&sent) && sent.iter().any(|r| r.starts_with("GET /sources")), "{sent:?}");
    // auth status shows the API and the region, as a table and as JSON.
    let run = internet.seg(&env, &["auth", "status", "-o", "table"], &[], b"").await;
    let lines: Vec<Vec<&str>> = run.code(0).stdout.lines().map(|l| l.split_whitespace().collect()).collect();
    for (key, value) in [("api", "public"), ("region", "eu"), ("base_url", "https://eu1.api.segmentapis.com")] {
        assert!(lines.contains(&vec![key, value]), "{key}: {}", run.stdout);
    }
    let status = internet.seg(&env, &["auth", "status", "-o", "json"], &[], b"").await.code(0).json();
    assert_eq!((status["api"].as_str(), status["region"].as_str()), (Some("public"), Some("eu")), "{status}");
}

#[tokio::test]
async fn without_a_terminal_a_login_keeps_the_profiles_api_says_so_and_asks_no_other_host() {
    let env = TestEnv::start().await;
    let internet = Internet::start(&env).await;
    // No profile: the Config API, said in one line naming the way to the other.
    let run = internet.seg(&env, &["auth", "login", "--with-token"], &[], WRITE.as_bytes()).await;
    let said: Vec<&str> = run.code(0).stderr.lines().filter(|l| l.starts_with("logging in to")).collect();
    assert_eq!(said.len(), 1, "{}", run.stderr);
    assert!(said[0].contains("Config API") && said[0].contains("seg auth login --api public"), "{}", said[0]);
    assert_eq!(internet.hosts(), [CONFIG_HOST], "nothing is sent to the Public API's host");
    assert!(!config_toml(&env).contains("api"), "the profile is kept as it was: {}", config_toml(&env));
    // A profile on the Public API keeps it.
    internet.seg(&env, &["config", "set", "api", "public"], &[], b"").await.code(0);
    let run = internet.seg(&env, &["auth", "login", "--with-token"], &[], WRITE.as_bytes()).await;
    let line = run.code(0).stderr.lines().find(|l| l.starts_with("logging in to")).unwrap_or_default().to_string();
    assert!(line.contains("Public API") && line.contains("seg auth login --api config"), "{}", run.stderr);
    assert_eq!(internet.hosts(), [US_HOST]);
    // A login that names its API says nothing of the sort.
    let run = internet.seg(&env, &["auth", "login", "--api", "public", "--with-token"], &[], WRITE.as_bytes()).await;
    assert!(!run.code(0).stderr.contains("logging in to"), "{}", run.stderr);
    internet.hosts();
    // A profile pointed at the other API's host cannot take the login: said before the token goes anywhere.
    let config_host = format!("https://{CONFIG_HOST}");
    internet.seg(&env, &["config", "set", "base_url", &config_host], &[], b"").await.code(0);
    let run = internet.seg(&env, &["auth", "login", "--api", "public", "--with-token"], &[], WRITE.as_bytes()).await;
    assert!(run.code(2).stderr.contains("seg config unset base_url"), "{}", run.stderr);
    assert!(internet.hosts().is_empty(), "nothing sent");
}

#[tokio::test]
async fn a_profile_of_an_earlier_version_keeps_its_api_unless_its_token_was_stored_for_the_public_host() {
    let env = TestEnv::start().await;
    let internet = Internet::start(&env).await;
    let dir = env.path(".config/seg");
    std::fs::create_dir_all(&dir).unwrap();
    let write = |config: &str, credentials: &str| {
        std::fs::write(dir.join("config.toml"), config).unwrap();
        std::fs::write(dir.join("credentials.toml"), credentials).unwrap();
    };
    // Logged in to a base URL with no api saved: the Config API, as before (both forms of the token file).
    let profile = format!("[profiles.default]\nbase_url = \"{}\"\nworkspace = \"demo\"\n", env.base);
    for credentials in [
        format!("[tokens.default]\nbase_url = \"{}\"\ntoken = \"{WRITE}\"\n", env.base),
        format!("[tokens]\ndefault = \"{WRITE}\"\n"),
    ] {
        write(&profile, &credentials);
        paths(&env).await;
        bare(&env, &["sources", "list"]).await.code(0);
        assert!(speaks_config(&paths(&env).await), "{credentials}");
        let status = bare(&env, &["auth", "status", "-o", "json"]).await.code(0).json();
        assert_eq!(status["api"], "config");
    }
    // Logged in with `--api public` by an earlier version: the token is bound to the Public API's host and the
    // profile says no API. It speaks the Public API there, in its region.
    for (host, region) in [(US_HOST, "us"), (EU_HOST, "eu")] {
        write("", &format!("[tokens.default]\nbase_url = \"https://{host}\"\ntoken = \"{WRITE}\"\n"));
        paths(&env).await;
        internet.seg(&env, &["sources", "list"], &[], b"").await.code(0);
        assert_eq!(internet.hosts(), [host]);
        let sent = paths(&env).await;
        assert!(speaks_public(&sent), "{host}: {sent:?}");
        let status = internet.seg(&env, &["auth", "status", "-o", "json"], &[], b"").await.code(0).json();
        assert_eq!((status["api"].as_str(), status["region"].as_str()), (Some("public"), Some(region)));
        // A flag still chooses: the Config API's host has no token of this profile (exit 4, naming the way).
        internet.hosts();
        paths(&env).await;
        let run = internet.seg(&env, &["sources", "list", "--api", "config", "-w", "demo"], &[], b"").await;
        assert!(run.code(4).stderr.contains("the Public API's host") && run.stderr.contains("--api public"));
        assert!(internet.hosts().is_empty() && paths(&env).await.is_empty(), "nothing sent");
    }
    // A profile that says config keeps it, and the refusal says what to do.
    write("[profiles.default]\napi = \"config\"\n", &format!("[tokens.default]\nbase_url = \"https://{US_HOST}\"\n"));
    let run = internet.seg(&env, &["sources", "list", "-w", "demo"], &[], b"").await;
    assert!(run.code(4).stderr.contains("seg config set api public"), "{}", run.stderr);
}

/// The error line and hint of a run, and its exit code.
fn refused(run: &Run) -> (i32, String) {
    (run.code, run.stderr.lines().filter(|l| l.starts_with("hint:")).collect::<Vec<_>>().join("\n"))
}

#[tokio::test]
async fn hints_fit_the_api_and_the_request() {
    let env = TestEnv::start().await;
    let public = |token: &'static str| [("SEG_API", "public"), ("SEG_TOKEN", token)];
    let config = |token: &'static str| [("SEG_API", "config"), ("SEG_TOKEN", token), ("SEG_WORKSPACE", "demo")];
    let create = ["sources", "create", "web", "--catalog", "javascript"];
    // A token the Public API does not know, on a read: not accepted (403: exit 17), never a matter of scope.
    let (code, hint) = refused(&env.seg_with(&["sources", "list"], &public("wrong")).await);
    assert_eq!(code, 17);
    assert!(hint.contains("the token was not accepted") && !hint.contains("scope"), "{hint}");
    // ... and on a write, whose first request reads: not accepted, never scope.
    let (code, hint) = refused(&env.seg_with(&create, &public("wrong")).await);
    assert_eq!(code, 17);
    assert!(hint.contains("the token was not accepted") && !hint.contains("scope"), "{hint}");
    // A read-only token on a write: scope, on both APIs.
    for vars in [public(READ).to_vec(), config(READ).to_vec()] {
        let (code, hint) = refused(&env.seg_with(&create, &vars).await);
        assert_eq!(code, 17, "{vars:?}");
        assert!(hint.contains("this needs a token with write scope"), "{vars:?}: {hint}");
    }
    // A token the Config API refuses, on a read and at login: not accepted, and where new tokens belong.
    let (code, hint) = refused(&env.seg_with(&["sources", "list"], &config("wrong")).await);
    assert_eq!(code, 26);
    assert!(hint.contains("the token was not accepted") && !hint.contains("scope"), "{hint}");
    assert!(hint.contains("since 2024-02-01 are Public API tokens") && hint.contains("--api public"), "{hint}");
    let run = env.seg_stdin(&["auth", "login", "--api", "config", "--with-token"], &[], b"wrong\n").await;
    let (code, hint) = refused(&run);
    assert_eq!(code, 26);
    assert!(hint.contains("seg auth login --api public"), "{hint}");
    // On the Public API, a refused token points at the Config API for old tokens.
    let run = env.seg_stdin(&["auth", "login", "--api", "public", "--with-token"], &[], b"wrong\n").await;
    let (code, hint) = refused(&run);
    assert_eq!(code, 17);
    assert!(hint.contains("the token was not accepted") && hint.contains("--api config"), "{hint}");
    assert!(!env.path(".config/seg/credentials.toml").exists(), "a refused token is not stored");
}

/// `seg auth login` in a tmux terminal against `env`, answering the API question with `keys` and the token prompt
/// with the write token; the screen it showed and its exit code. `None` when tmux is not here (skipped, as
/// `screens.rs` does).
fn terminal_login(env: &TestEnv, keys: &str) -> Option<(String, i32)> {
    use std::time::{Duration, Instant};
    if !std::process::Command::new("tmux").arg("-V").output().is_ok_and(|o| o.status.success()) {
        assert!(std::env::var_os("CI").is_none(), "tmux is missing and CI is set");
        return None;
    }
    let socket = format!("seg-login-{}-{keys}", std::process::id());
    let script = env.path(&format!("{socket}.sh"));
    let seg = env!("CARGO_BIN_EXE_seg");
    std::fs::write(&script, format!("'{seg}' auth login 2>&1\nprintf '__end__ %s\\n' $?\nsleep 60\n")).unwrap();
    let home = env.home.path();
    let status = std::process::Command::new("tmux")
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("TERM", "xterm-256color")
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("SEG_NO_KEYRING", "1")
        .env("SEG_RUNTIME_DIR", home.join(crate::support::RUNTIME))
        .env("SEG_RATE_LIMIT", "0")
        .env("NO_COLOR", "1")
        .env("SEG_BASE_URL", &env.base)
        .args(["-L", &socket, "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30"])
        .arg(format!("sh '{}'", script.display()))
        .status()
        .unwrap();
    assert!(status.success());
    let capture = || {
        let out = std::process::Command::new("tmux").args(["-L", &socket, "capture-pane", "-p", "-J"]).output();
        String::from_utf8_lossy(&out.unwrap().stdout).into_owned()
    };
    let wait_for = |text: &str| {
        let started = Instant::now();
        while !capture().contains(text) && started.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    let send = |keys: &[&str]| {
        let status = std::process::Command::new("tmux").args(["-L", &socket, "send-keys"]).args(keys).status();
        assert!(status.unwrap().success());
    };
    wait_for("Which API");
    let mut answer: Vec<&str> = keys.split(' ').filter(|k| !k.is_empty()).collect();
    answer.push("Enter");
    send(&answer);
    wait_for("access token");
    send(&[WRITE, "Enter"]);
    wait_for("__end__");
    let screen = capture();
    let _ = std::process::Command::new("tmux").args(["-L", &socket, "kill-server"]).status();
    let code = screen.lines().find_map(|l| l.strip_prefix("__end__ ")).and_then(|c| c.trim().parse().ok());
    Some((screen, code.unwrap_or(-1)))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_terminal_a_login_asks_which_api_the_public_api_first() {
    let env = TestEnv::start().await;
    env.clear_requests().await;
    // Enter takes the first answer: the Public API.
    let Some((screen, code)) = terminal_login(&env, "") else { return };
    assert_eq!(code, 0, "{screen}");
    let question = screen.find("Which API").unwrap();
    let (public, config) = (screen.find("Public API (").unwrap(), screen.find("Config API (").unwrap_or(usize::MAX));
    assert!(question < public && public < config, "the Public API first: {screen}");
    assert!(!screen.contains(WRITE), "{screen}");
    assert!(config_toml(&env).contains("api = \"public\""), "{}", config_toml(&env));
    assert!(speaks_public(&paths(&env).await), "the token was checked on the Public API");
    // Down, Enter: the Config API.
    let Some((screen, code)) = terminal_login(&env, "Down") else { return };
    assert_eq!(code, 0, "{screen}");
    assert!(config_toml(&env).contains("api = \"config\""), "{}", config_toml(&env));
    assert!(speaks_config(&paths(&env).await));
}
