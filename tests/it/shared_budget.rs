//! The rate budget shared across machines (docs/reference/waits.md; docs/SHARED-BUDGET.md), against a real
//! redis-server that each test starts on a free loopback port (never 6379), with nothing on disk, and stops. A
//! "machine" is a runtime folder of its own (SEG_RUNTIME_DIR), so the machine's budget file is not what they
//! share. Without redis-server these tests skip, unless CI is set (`.ci/run` installs it): then they fail.
//! Tests that wait on the emulator's rate limit take `support::LIMITED` and so run one at a time.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use redis::AsyncCommands;
use seg::emulator::EmulatorOptions;

use crate::support::{LIMITED, READ, Run, TestEnv, WRITE, run_with_stdin};

/// A password no output may show.
const PASSWORD: &str = "pw-Zq8v1-never-shown";

/// A redis-server of this test's own (also the one the manual's examples of a budget URL reach: tests/it/manual.rs).
pub(crate) struct Redis {
    child: Child,
    /// The plain port (also open beside a TLS port, for the test to look at the keys).
    port: u16,
    tls_port: Option<u16>,
    _dir: tempfile::TempDir,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Whether redis-server can be run; without it the tests skip, except in CI (but on Windows, which has no Redis
/// server package).
fn have_redis() -> bool {
    let found = Command::new("redis-server").arg("--version").stdout(Stdio::null()).status().is_ok();
    let required = std::env::var_os("CI").is_some() && !cfg!(windows);
    assert!(found || !required, "redis-server is needed in CI (.ci/run installs it)");
    found
}

impl Redis {
    /// A server on free loopback ports with these extra arguments (`tls`: a TLS port beside the plain one, with
    /// these certificate files); `None` when there is no redis-server (and CI is not set).
    async fn start(extra: &[&str], tls: Option<&Tls>) -> Option<Redis> {
        if !have_redis() {
            return None;
        }
        for _ in 0..5 {
            let dir = tempfile::tempdir().unwrap();
            let port = free_port();
            let tls_port = tls.map(|_| free_port());
            let mut args: Vec<String> =
                ["--port", &port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
                    .iter()
                    .map(ToString::to_string)
                    .collect();
            args.extend(["--dir".into(), dir.path().display().to_string()]);
            if let (Some(tls), Some(tls_port)) = (tls, tls_port) {
                args.extend(["--tls-port".into(), tls_port.to_string()]);
                args.extend(["--tls-cert-file".into(), tls.cert.display().to_string()]);
                args.extend(["--tls-key-file".into(), tls.key.display().to_string()]);
                args.extend(["--tls-ca-cert-file".into(), tls.ca.display().to_string()]);
                args.extend(["--tls-auth-clients".into(), "no".into()]);
            }
            args.extend(extra.iter().map(ToString::to_string));
            let child = Command::new("redis-server")
                .args(&args)
                .current_dir(dir.path())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("redis-server starts");
            let mut redis = Redis { child, port, tls_port, _dir: dir };
            for _ in 0..100 {
                if redis.child.try_wait().unwrap().is_some() {
                    break; // the port was taken meanwhile: another try
                }
                if redis.ping().await {
                    return Some(redis);
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            redis.stop();
        }
        panic!("redis-server did not start");
    }

    async fn ping(&self) -> bool {
        let Ok(client) = redis::Client::open(self.admin_url()) else { return false };
        let Ok(mut conn) = client.get_multiplexed_async_connection().await else { return false };
        redis::cmd("PING").query_async::<String>(&mut conn).await.is_ok()
    }

    /// The URL the test itself uses to look at the server (with the ACL user of [`Redis::with_user`]).
    fn admin_url(&self) -> String {
        format!("redis://alice:{PASSWORD}@127.0.0.1:{}/0", self.port)
    }

    /// The budget URL seg is given.
    pub(crate) fn url(&self) -> String {
        format!("redis://alice:{PASSWORD}@127.0.0.1:{}/0", self.port)
    }

    async fn conn(&self) -> redis::aio::MultiplexedConnection {
        redis::Client::open(self.admin_url()).unwrap().get_multiplexed_async_connection().await.unwrap()
    }

    /// The budget keys on the server, with their values and milliseconds to live.
    pub(crate) async fn keys(&self) -> Vec<(String, String, i64)> {
        let mut conn = self.conn().await;
        let names: Vec<String> = conn.keys("*").await.unwrap();
        let mut keys = Vec::new();
        for name in names {
            let value: String = conn.get(&name).await.unwrap_or_default();
            let ttl: i64 = conn.pttl(&name).await.unwrap();
            keys.push((name, value, ttl));
        }
        keys
    }

    /// The server's clock, in milliseconds.
    async fn now_ms(&self) -> i64 {
        let (seconds, micros): (i64, i64) = redis::cmd("TIME").query_async(&mut self.conn().await).await.unwrap();
        seconds * 1000 + micros / 1000
    }

    fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The ACL user alice with [`PASSWORD`], which every test's server has (the default user is off).
const USER: [&str; 6] = ["--user", "alice", "on", ">pw-Zq8v1-never-shown", "~*", "+@all"];

impl Redis {
    /// A server with the ACL user of every test here and nothing else; `None` without redis-server (and no CI).
    pub(crate) async fn plain() -> Option<Redis> {
        redis(&[]).await
    }
}

async fn redis(extra: &[&str]) -> Option<Redis> {
    let mut args = USER.to_vec();
    args.extend(["--user", "default", "off"]);
    args.extend(extra);
    Redis::start(&args, None).await
}

/// The certificate files of a TLS server: a private CA and a leaf for 127.0.0.1 it signed.
struct Tls {
    ca: std::path::PathBuf,
    cert: std::path::PathBuf,
    key: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

fn private_ca() -> Tls {
    let dir = tempfile::tempdir().unwrap();
    let ca_key = rcgen::KeyPair::generate().unwrap();
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    let ca_cert = ca_params.self_signed(&ca_key).unwrap();
    let issuer = rcgen::Issuer::new(ca_params, ca_key);
    let leaf_key = rcgen::KeyPair::generate().unwrap();
    let leaf =
        rcgen::CertificateParams::new(vec!["127.0.0.1".to_string()]).unwrap().signed_by(&leaf_key, &issuer).unwrap();
    let tls = Tls {
        ca: dir.path().join("ca.pem"),
        cert: dir.path().join("redis.pem"),
        key: dir.path().join("redis.key"),
        _dir: dir,
    };
    std::fs::write(&tls.ca, ca_cert.pem()).unwrap();
    std::fs::write(&tls.cert, leaf.pem()).unwrap();
    std::fs::write(&tls.key, leaf_key.serialize_pem()).unwrap();
    tls
}

async fn env_with_sources(n: usize, rate_limit: u32) -> TestEnv {
    let env = TestEnv::with(EmulatorOptions { rate_limit, ..EmulatorOptions::default() }).await;
    for i in 0..n {
        env.create_source("demo", &format!("s{i:03}")).await.ok();
    }
    env.clear_requests().await;
    env
}

/// `seg api GET` of every source, one a page, on one "machine" (its runtime folder), with these variables.
fn list_every_page(env: &TestEnv, runtime: &std::path::Path, vars: &[(&str, &str)]) -> tokio::process::Command {
    let mut all = vec![("SEG_TOKEN", READ), ("SEG_RUNTIME_DIR", runtime.to_str().unwrap())];
    all.extend_from_slice(vars);
    env.command(
        &["api", "GET", "workspaces/demo/sources", "-f", "page_size=1", "--paginate", "--max-retries", "0"],
        &all,
    )
}

fn warnings(run: &Run) -> Vec<&str> {
    run.stderr.lines().filter(|l| l.starts_with("warning: ")).collect()
}

fn budget_files(runtime: &std::path::Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(runtime) else { return Vec::new() };
    entries
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("budget-"))
        .collect()
}

/// Three machines on one token and one budget URL: together they keep to one budget (a burst of 10, then one request
/// every 6 s), so the emulator, which allows 11 at once and then one every 5.5 s, never answers 429. Each pacing
/// alone, they meet it at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn machines_share_one_budget_and_meet_no_429() {
    let Some(redis) = redis(&[]).await else { return };
    let _one_at_a_time = LIMITED.lock().await;
    let env = env_with_sources(4, 11).await;
    let url = redis.url();
    let machines: Vec<std::path::PathBuf> = (0..3).map(|i| env.path(&format!("machine-{i}"))).collect();
    let vars = [("SEG_RATE_LIMIT", "10"), ("SEG_BUDGET_URL", url.as_str())];
    let runs = futures_util::future::join_all(
        machines.iter().map(|runtime| run_with_stdin(list_every_page(&env, runtime, &vars), b"")),
    )
    .await;
    for run in &runs {
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(!run.stderr.contains("retrying") && warnings(run).is_empty(), "{}", run.stderr);
        assert_eq!(run.json().as_array().unwrap().len(), 4);
    }
    // With --max-retries 0 a 429 would have been exit 18: every one of the requests was answered.
    assert!(env.requests().await.len() >= 12);
    // One key, on the server; no machine used its own budget file.
    let keys = redis.keys().await;
    assert_eq!(keys.len(), 1, "{keys:?}");
    for runtime in &machines {
        assert!(budget_files(runtime).is_empty(), "{:?}", budget_files(runtime));
    }

    // The control: the same three machines without the URL each pace alone, and together overrun the service.
    let env = env_with_sources(4, 11).await;
    let vars = [("SEG_RATE_LIMIT", "10")];
    let runs = futures_util::future::join_all(
        machines.iter().map(|runtime| run_with_stdin(list_every_page(&env, runtime, &vars), b"")),
    )
    .await;
    assert!(runs.iter().any(|run| run.code == 18), "without a shared budget the service's limit is met");
}

/// The state is one key per token and base URL, named by a hash (not the token), holding a time of the server's
/// clock, with a TTL that ends soon after that time. Under --dry-run a described write draws nothing from the budget
/// (it is not sent), a read does: the budget is bookkeeping, not an effect.
#[tokio::test]
async fn one_key_per_token_and_base_url_with_a_ttl() {
    let Some(redis) = redis(&[]).await else { return };
    let env = env_with_sources(1, 0).await;
    let url = redis.url();
    let runtime = env.path("machine");
    let vars = [
        ("SEG_TOKEN", WRITE),
        ("SEG_RUNTIME_DIR", runtime.to_str().unwrap()),
        ("SEG_RATE_LIMIT", "600"),
        ("SEG_BUDGET_URL", url.as_str()),
    ];
    env.seg_with(&["-w", "demo", "sources", "create", "new", "--catalog", "javascript", "--dry-run"], &vars)
        .await
        .code(0);
    assert!(redis.keys().await.is_empty(), "a write described by --dry-run reserves nothing");
    let run = env.seg_with(&["-w", "demo", "sources", "list", "-o", "name", "--dry-run"], &vars).await;
    assert!(warnings(run.code(0)).is_empty(), "{}", run.stderr);
    let now = redis.now_ms().await;
    let keys = redis.keys().await;
    assert_eq!(keys.len(), 1, "{keys:?}");
    let (name, value, ttl) = &keys[0];
    assert!(name.starts_with("seg:budget:{") && name.ends_with('}'), "{name}");
    assert!(!name.contains(WRITE) && !name.contains("127.0.0.1"), "named by a hash: {name}");
    // One request at 600 a minute: the arrival time is 100 ms past the server's clock at the time.
    let tat: i64 = value.parse().unwrap_or_else(|_| panic!("a time: {value:?}"));
    assert!((now - 10_000..=now + 1_000).contains(&tat), "{tat} against the server's {now}");
    assert!((50_000..=61_000).contains(ttl), "expires a minute after its time: {ttl} ms");
    assert!(budget_files(&runtime).is_empty(), "the machine's budget was not used");
    // Another token is another key; the same token at the same URL from another machine is the same key.
    env.seg_with(&["-w", "demo", "sources", "list", "-o", "name"], &[&vars[..], &[("SEG_TOKEN", READ)]].concat())
        .await
        .code(0);
    let other = env.path("other-machine");
    let on_other = [("SEG_RUNTIME_DIR", other.to_str().unwrap())];
    env.seg_with(&["-w", "demo", "sources", "list", "-o", "name"], &[&vars[..], &on_other].concat()).await.code(0);
    assert_eq!(redis.keys().await.len(), 2);
}

/// A server that stops while seg runs: one warning, then the machine's budget, and the command succeeds; with
/// SEG_BUDGET_STRICT=1, exit 3. A server that is not there, or takes the connection and never answers: the same,
/// within 2 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_fails_falls_back_to_the_machine_or_exits_3_in_strict_mode() {
    if !have_redis() {
        return;
    }
    let env = env_with_sources(30, 0).await;
    for strict in [false, true] {
        let Some(mut redis) = redis(&[]).await else { return };
        let url = redis.url();
        let runtime = env.path(&format!("machine-{strict}"));
        let mut vars = vec![("SEG_RATE_LIMIT", "600"), ("SEG_BUDGET_URL", url.as_str())];
        if strict {
            vars.push(("SEG_BUDGET_STRICT", "1"));
        }
        // 30 pages at 600 a minute: a burst of 10, then one every 100 ms; the server is stopped after the first.
        let run = tokio::spawn(run_with_stdin(list_every_page(&env, &runtime, &vars), b""));
        wait_for_a_key(&redis).await;
        redis.stop();
        let run = run.await.unwrap();
        let said =
            format!("cannot use the shared rate budget at redis://alice:(redacted)@127.0.0.1:{}/0: ", redis.port);
        if strict {
            assert_eq!(run.code, 3, "{}", run.stderr);
            assert!(run.stderr.contains(&format!("error: {said}")), "{}", run.stderr);
            assert!(run.stderr.contains("SEG_BUDGET_STRICT=1"), "{}", run.stderr);
        } else {
            assert_eq!(run.code, 0, "{}", run.stderr);
            assert_eq!(run.json().as_array().unwrap().len(), 30);
            let warned = warnings(&run);
            assert_eq!(warned.len(), 1, "said once: {}", run.stderr);
            assert!(warned[0].starts_with(&format!("warning: {said}")), "{}", run.stderr);
            assert!(
                warned[0].ends_with("this process paces with the machine's budget, not shared with other machines")
            );
            assert_eq!(budget_files(&runtime).len(), 1, "the machine's budget took over");
        }
        assert!(!run.stderr.contains(PASSWORD));
    }

    // Nothing there: the same, before any request in strict mode.
    let gone = format!("redis://127.0.0.1:{}", free_port());
    let runtime = env.path("machine-nothing");
    env.clear_requests().await;
    let strict = [("SEG_RATE_LIMIT", "600"), ("SEG_BUDGET_URL", gone.as_str()), ("SEG_BUDGET_STRICT", "1")];
    let run = run_with_stdin(list_every_page(&env, &runtime, &strict), b"").await;
    assert!(run.code(3).stderr.contains("hint: check the budget URL"), "{}", run.stderr);
    assert!(env.requests().await.is_empty(), "nothing was sent");
    let run = run_with_stdin(list_every_page(&env, &runtime, &strict[..2]), b"").await;
    assert_eq!(warnings(run.code(0)).len(), 1, "{}", run.stderr);

    // A server that takes the connection and never answers: 2 s, then the machine's budget.
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let silent_url = format!("redis://{}", silent.local_addr().unwrap());
    let held = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = silent.accept().await {
            held.push(socket);
        }
    });
    let started = std::time::Instant::now();
    let run = run_with_stdin(
        list_every_page(&env, &runtime, &[("SEG_RATE_LIMIT", "600"), ("SEG_BUDGET_URL", &silent_url)]),
        b"",
    )
    .await;
    let warned = warnings(run.code(0));
    assert!(warned.len() == 1 && warned[0].contains("within 2s"), "{}", run.stderr);
    assert!(started.elapsed() < Duration::from_secs(20), "{:?}", started.elapsed());
    // Many requests at once waiting for that connection (every source's destinations, read concurrently): they give
    // up together after the one wait, not one wait each.
    let started = std::time::Instant::now();
    let vars = [
        ("SEG_TOKEN", READ),
        ("SEG_RUNTIME_DIR", runtime.to_str().unwrap()),
        ("SEG_RATE_LIMIT", "6000"),
        ("SEG_BUDGET_URL", silent_url.as_str()),
    ];
    let run = env.seg_with(&["-w", "demo", "destinations", "list", "--all", "-o", "name"], &vars).await;
    assert_eq!(warnings(run.code(0)).len(), 1, "{}", run.stderr);
    assert!(started.elapsed() < Duration::from_secs(9), "one wait for all: {:?}", started.elapsed());
    held.abort();
}

/// Polls until the budget's key appears (the first request reserved its slot).
async fn wait_for_a_key(redis: &Redis) {
    for _ in 0..600 {
        if !redis.keys().await.is_empty() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("no budget key appeared");
}

/// The URL's password is printed only by `config get budget_url`: `config list` in every format, `-vv`, warnings,
/// strict errors (human and JSON), a refused URL and `--help` mask it or leave it out.
#[tokio::test]
async fn the_password_is_never_printed() {
    let Some(redis) = redis(&[]).await else { return };
    let env = env_with_sources(1, 0).await;
    let url = redis.url();
    let masked = format!("redis://alice:(redacted)@127.0.0.1:{}/0", redis.port);
    let mut printed = Vec::new();
    let run = env.seg(&["config", "set", "budget_url", &url]).await;
    printed.push(run.code(0).stdout.clone() + &run.stderr);
    let run = env.seg(&["config", "get", "budget_url"]).await;
    assert_eq!(run.code(0).stdout, format!("{url}\n"), "config get's job is to show it");
    for format in ["table", "json", "yaml"] {
        let run = env.seg(&["config", "list", "-o", format]).await;
        assert!(run.code(0).stdout.contains(&masked), "{format}: {}", run.stdout);
        printed.push(run.stdout.clone() + &run.stderr);
    }
    // The profile's URL in use, at -vv: where the budget is, masked.
    let vars = [("SEG_RATE_LIMIT", "600")];
    let run = env
        .seg_with(
            &["-vv", "-w", "demo", "sources", "list", "-o", "name"],
            &[&vars[..], &[("SEG_TOKEN", WRITE)]].concat(),
        )
        .await;
    assert!(
        run.code(0).stderr.contains(&format!("rate budget shared at {masked}, key seg:budget:{{")),
        "{}",
        run.stderr
    );
    printed.push(run.stdout.clone() + &run.stderr);
    // A wrong password, a server that is not there (fallback and strict, human and JSON errors).
    let wrong = format!("redis://alice:wrong-{PASSWORD}@127.0.0.1:{}/0", redis.port);
    let run =
        env.seg_with(&["-w", "demo", "sources", "list", "--budget", &wrong], &[("SEG_TOKEN", WRITE), vars[0]]).await;
    assert_eq!(warnings(run.code(0)).len(), 1, "{}", run.stderr);
    printed.push(run.stdout.clone() + &run.stderr);
    let gone = format!("redis://alice:{PASSWORD}@127.0.0.1:{}/0", free_port());
    for output in ["table", "json"] {
        let vars = [("SEG_TOKEN", WRITE), vars[0], ("SEG_BUDGET_URL", gone.as_str()), ("SEG_BUDGET_STRICT", "1")];
        let run = env.seg_with(&["-vv", "-w", "demo", "sources", "list", "-o", output], &vars).await;
        assert!(run.code(3).stderr.contains("alice:(redacted)@"), "{}", run.stderr);
        printed.push(run.stdout.clone() + &run.stderr);
    }
    // A URL that is refused is not quoted.
    for bad in [format!("http://alice:{PASSWORD}@h"), format!("redis://alice:{PASSWORD}@h/x")] {
        let run =
            env.seg_with(&["-w", "demo", "sources", "list", "--budget", &bad], &[("SEG_TOKEN", WRITE), vars[0]]).await;
        assert!(run.code(2).stderr.contains("invalid budget URL"), "{}", run.stderr);
        printed.push(run.stdout.clone() + &run.stderr);
        let run = env.seg(&["config", "set", "budget_url", &bad]).await;
        assert!(run.code(2).stderr.contains("invalid budget_url"), "{}", run.stderr);
        printed.push(run.stdout.clone() + &run.stderr);
    }
    let run = env.seg_with(&["options"], &[("SEG_BUDGET_URL", url.as_str())]).await;
    assert!(run.code(0).stdout.contains("--budget <URL>"), "{}", run.stdout);
    printed.push(run.stdout.clone() + &run.stderr);
    for text in printed {
        assert!(!text.contains(PASSWORD), "the password was printed: {text}");
    }
}

/// A SCRIPT FLUSH while seg runs: the script is loaded again (EVALSHA answers NOSCRIPT once), nothing is said, and
/// the budget goes on on the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_script_flush_mid_run_loads_the_script_again() {
    let Some(redis) = redis(&[]).await else { return };
    let env = env_with_sources(30, 0).await;
    let url = redis.url();
    let runtime = env.path("machine");
    let vars = [("SEG_RATE_LIMIT", "600"), ("SEG_BUDGET_URL", url.as_str())];
    let run = tokio::spawn(run_with_stdin(list_every_page(&env, &runtime, &vars), b""));
    wait_for_a_key(&redis).await;
    let mut conn = redis.conn().await;
    let () = redis::cmd("SCRIPT").arg("FLUSH").query_async(&mut conn).await.unwrap();
    let flushed_at: i64 = redis.keys().await[0].1.parse().unwrap();
    let run = run.await.unwrap();
    assert!(warnings(run.code(0)).is_empty(), "{}", run.stderr);
    assert_eq!(run.json().as_array().unwrap().len(), 30);
    let hash = redis::Script::new(include_str!("../../src/api/budget/budget.lua")).get_hash().to_string();
    let (loaded,): (bool,) = redis::cmd("SCRIPT").arg("EXISTS").arg(&hash).query_async(&mut conn).await.unwrap();
    assert!(loaded, "the script was loaded again after the flush");
    let keys = redis.keys().await;
    let last: i64 = keys[0].1.parse().unwrap();
    assert!(last > flushed_at, "reservations went on on the server after the flush");
    assert!(budget_files(&runtime).is_empty(), "the machine's budget was not used");
}

/// A key that cannot be right (not a time, empty, another type, dated days ahead) is reset by the script, said once,
/// and the command goes on; the next process finds it whole.
#[tokio::test]
async fn a_corrupt_or_far_ahead_key_is_repaired_and_said() {
    let Some(redis) = redis(&[]).await else { return };
    let env = env_with_sources(2, 0).await;
    let url = redis.url();
    let vars = [("SEG_TOKEN", WRITE), ("SEG_RATE_LIMIT", "600"), ("SEG_BUDGET_URL", url.as_str())];
    let list = ["-w", "demo", "sources", "list", "-o", "name", "--page-size", "1"];
    env.seg_with(&list, &vars).await.code(0);
    let key = redis.keys().await[0].0.clone();
    let days_ahead = (redis.now_ms().await + 5 * 86_400_000).to_string();
    let mut conn = redis.conn().await;
    for (value, why) in [
        (Some("garbage"), "did not hold a time"),
        (Some(""), "was empty"),
        (Some("-5"), "did not hold a time"),
        (Some("1e15"), "did not hold a time"),
        (Some(days_ahead.as_str()), "was dated 1"),
        (None, "held a value of another type"),
    ] {
        let () = conn.del(&key).await.unwrap();
        match value {
            Some(value) => conn.set::<_, _, ()>(&key, value).await.unwrap(),
            None => conn.lpush::<_, _, ()>(&key, "x").await.unwrap(),
        }
        let run = env.seg_with(&list, &vars).await;
        assert_eq!(run.code(0).stdout, "workspaces/demo/sources/s000\nworkspaces/demo/sources/s001\n");
        let warned = warnings(&run);
        let want = format!(
            "warning: the shared rate budget's key {key} at redis://alice:(redacted)@127.0.0.1:{}/0 {why}",
            redis.port
        );
        assert!(warned.len() == 1 && warned[0].starts_with(&want), "{why}: {}", run.stderr);
        assert!(warned[0].ends_with("; it was reset"), "{}", warned[0]);
        let repaired: i64 = conn.get(&key).await.unwrap();
        assert!(repaired < redis.now_ms().await + 60_000, "{why}: repaired to {repaired}");
        let run = env.seg_with(&list, &vars).await;
        assert!(warnings(run.code(0)).is_empty(), "{why}: the repair holds: {}", run.stderr);
    }
}

/// rediss:// to a server whose certificate a private CA signed: trusted with SEG_BUDGET_CACERT (beside the system's
/// roots); without it the handshake fails, which is a fallback (or exit 3 in strict mode) like any other failure.
#[tokio::test]
async fn rediss_with_a_private_ca_given_in_seg_budget_cacert() {
    if !have_redis() {
        return;
    }
    let tls = private_ca();
    let mut args = USER.to_vec();
    args.extend(["--user", "default", "off"]);
    let Some(redis) = Redis::start(&args, Some(&tls)).await else { return };
    let env = env_with_sources(1, 0).await;
    let url = format!("rediss://alice:{PASSWORD}@127.0.0.1:{}/0", redis.tls_port.unwrap());
    let ca = tls.ca.to_str().unwrap();
    let base = [("SEG_TOKEN", WRITE), ("SEG_RATE_LIMIT", "600"), ("SEG_BUDGET_URL", url.as_str())];
    let list = ["-v", "-w", "demo", "sources", "list", "-o", "name"];
    let run = env.seg_with(&list, &[&base[..], &[("SEG_BUDGET_CACERT", ca)]].concat()).await;
    assert!(warnings(run.code(0)).is_empty(), "{}", run.stderr);
    assert!(run.stderr.contains("rate budget shared at rediss://alice:(redacted)@127.0.0.1:"), "{}", run.stderr);
    assert_eq!(redis.keys().await.len(), 1, "the budget is on the server");
    // Without the CA: the certificate is not trusted.
    let run = env.seg_with(&list, &base).await;
    let warned = warnings(run.code(0));
    assert!(
        warned.len() == 1 && warned[0].contains("cannot use the shared rate budget at rediss://"),
        "{}",
        run.stderr
    );
    assert!(warned[0].to_lowercase().contains("certificate"), "{}", warned[0]);
    let run = env.seg_with(&list, &[&base[..], &[("SEG_BUDGET_STRICT", "1")]].concat()).await;
    run.code(3);
    // A CA file that is not there, or holds no certificate: a usage error before any request.
    let run = env.seg_with(&list, &[&base[..], &[("SEG_BUDGET_CACERT", "/nonexistent/ca.pem")]].concat()).await;
    assert!(run.code(2).stderr.contains("cannot read SEG_BUDGET_CACERT"), "{}", run.stderr);
    let run = env.seg_with(&list, &[&base[..], &[("SEG_BUDGET_CACERT", tls.key.to_str().unwrap())]].concat()).await;
    assert!(run.code(2).stderr.contains("holds no PEM certificate"), "{}", run.stderr);
    assert!(!run.stderr.contains(PASSWORD));
}

/// A key set fifty minutes ahead with no push-back of the service's (what no seg writes: a reservation waits a
/// window at most, a minute at any rate): reset and said once, not slept; the next process finds it whole. (Before:
/// every runner slept the fifty minutes, silently.)
#[tokio::test]
async fn a_key_fifty_minutes_ahead_is_reset_not_slept() {
    let Some(redis) = redis(&[]).await else { return };
    let env = env_with_sources(2, 0).await;
    let url = redis.url();
    let vars = [("SEG_TOKEN", WRITE), ("SEG_RATE_LIMIT", "600"), ("SEG_BUDGET_URL", url.as_str())];
    let list = ["-w", "demo", "sources", "list", "-o", "name", "--page-size", "1"];
    let key = seg::api::budget::server_key(&env.base, &seg::secret::Secret::new(WRITE));
    let mut conn = redis.conn().await;
    let ahead = redis.now_ms().await + 50 * 60_000;
    conn.set::<_, _, ()>(&key, ahead.to_string()).await.unwrap();
    let guard = Duration::from_secs(40);
    let run = tokio::time::timeout(guard, env.seg_with(&list, &vars)).await.expect("seg does not sleep 50 minutes");
    assert_eq!(run.code(0).stdout, "workspaces/demo/sources/s000\nworkspaces/demo/sources/s001\n");
    let warned = warnings(&run);
    let want = format!(
        "warning: the shared rate budget's key {key} at redis://alice:(redacted)@127.0.0.1:{}/0 was dated 49m",
        redis.port
    );
    assert!(warned.len() == 1 && warned[0].starts_with(&want), "{}", run.stderr);
    assert!(warned[0].ends_with("ahead; it was reset"), "{}", warned[0]);
    let repaired: i64 = conn.get(&key).await.unwrap();
    assert!(repaired < redis.now_ms().await + 60_000, "reset: {repaired}");
    let run = tokio::time::timeout(guard, env.seg_with(&list, &vars)).await.unwrap();
    assert!(warnings(run.code(0)).is_empty(), "the repair holds: {}", run.stderr);
}

/// A 429 asking for two hours pushes the shared key back one hour at most, said, and the key's time to live
/// follows; the push-back is stored beside the time (`TIME UNTIL`), so a later reader knows it for seg's own.
#[tokio::test]
async fn a_429_asking_two_hours_pushes_the_key_back_one_hour_at_most() {
    let Some(redis) = redis(&[]).await else { return };
    let base = crate::waits::api_answering(std::sync::Arc::new(|| {
        let body = r#"{"errors":[{"type":"RequestError","message":"Too many requests"}]}"#;
        (429, vec![("retry-after".to_string(), "7200".to_string())], body.to_string())
    }))
    .await;
    let home = tempfile::tempdir().unwrap();
    let url = redis.url();
    let mut cmd = crate::support::seg_command(home.path());
    cmd.env("SEG_BASE_URL", &base).env("SEG_TOKEN", WRITE).env("SEG_RATE_LIMIT", "600").env("SEG_BUDGET_URL", &url);
    cmd.args(["--api", "public", "api", "GET", "/", "--max-retries", "0"]);
    let run = tokio::time::timeout(Duration::from_secs(40), run_with_stdin(cmd, b"")).await.unwrap();
    run.code(18);
    assert_eq!(warnings(&run), ["warning: the service asked to wait 2h (Retry-After); seg waits 1h at most"]);
    let now = redis.now_ms().await;
    let keys = redis.keys().await;
    assert_eq!(keys.len(), 1, "{keys:?}");
    let (_, value, ttl) = &keys[0];
    let (tat, until) = value.split_once(' ').unwrap_or_else(|| panic!("a push-back beside the time: {value:?}"));
    let (tat, until): (i64, i64) = (tat.parse().unwrap(), until.parse().unwrap());
    assert!(until > now + 3_500_000 && until <= now + 3_600_000, "{until} at {now}");
    assert!(tat <= until + 120_000, "{tat} {until}");
    assert!(*ttl <= 3_600_000 + 120_000 + 60_000, "{ttl}");
    assert!(!run.stderr.contains(PASSWORD));
}
