//! Every wait is bounded and said (docs/reference/waits.md): the `seg` binary against
//! servers of the test's own that ask for long waits, at 127.0.0.1:0. A Public API-like server answers every path
//! alike (`seg api` sends a path as written, so no adapter stands between), and a server speaking enough of the Redis
//! protocol answers the budget's script with what no real script answers. Each run is bounded by a generous guard,
//! so that a wait slept whole fails the test instead of hanging it; nothing waits for more than seconds.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

use crate::support::{RUNTIME, Run, run_with_stdin, seg_command};

const TOKEN: &str = "test-waits-token";
/// Longer than any run of these tests takes; far shorter than what they must not sleep.
const GUARD: Duration = Duration::from_secs(40);

// ---- a Public API-like server ----

/// What the API server answers every request: a status, headers (made at each request: a reset is a time from
/// now) and a body.
type Answering = Arc<dyn Fn() -> (u16, Vec<(String, String)>, String) + Send + Sync>;

/// An HTTP server that answers every path alike; its base URL.
pub(crate) async fn api_answering(answer: Answering) -> String {
    let app = axum::Router::new().fallback(move || {
        let (status, headers, body) = answer();
        async move {
            let mut response = axum::response::Response::new(axum::body::Body::from(body));
            *response.status_mut() = axum::http::StatusCode::from_u16(status).unwrap();
            for (name, value) in headers {
                response.headers_mut().insert(
                    axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                    axum::http::HeaderValue::from_str(&value).unwrap(),
                );
            }
            response.headers_mut().insert("content-type", axum::http::HeaderValue::from_static("application/json"));
            response
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(axum::serve(listener, app).into_future());
    base
}

/// `X-RateLimit-Reset` `seconds` from now, as the Public API writes it (an IMF date).
fn reset_in(seconds: i64) -> String {
    let at = jiff::Timestamp::now() + jiff::SignedDuration::from_secs(seconds);
    jiff::fmt::rfc2822::DateTimePrinter::new().timestamp_to_rfc9110_string(&at).unwrap()
}

/// A 200 saying no requests remain until a reset two hours from now.
fn nothing_remaining() -> Answering {
    Arc::new(|| {
        let headers = vec![
            ("x-ratelimit-remaining".to_string(), "0".to_string()),
            ("x-ratelimit-reset".to_string(), reset_in(7200)),
        ];
        (200, headers, r#"{"data":{"workspace":{"id":"w1"}}}"#.to_string())
    })
}

/// A 429 asking for two hours: in `Retry-After`, or in the Public API's body (`msBeforeNext`).
fn too_many(in_body: bool) -> Answering {
    Arc::new(move || {
        if in_body {
            let body = r#"{"errors":[{"type":"RequestError","message":"Too many requests","data":{"remainingPoints":0,"msBeforeNext":7200000,"consumedPoints":60}}]}"#;
            (429, Vec::new(), body.to_string())
        } else {
            let body = r#"{"errors":[{"type":"RequestError","message":"Too many requests"}]}"#;
            (429, vec![("retry-after".to_string(), "7200".to_string())], body.to_string())
        }
    })
}

// ---- a Redis-protocol server ----

/// A server speaking enough RESP for seg's shared budget: each script call (EVALSHA, EVAL) answered with `answer`,
/// everything else with +OK (DEL with :1); the commands it received, for the test to look at.
pub(crate) struct FakeRedis {
    pub port: u16,
    pub commands: Arc<Mutex<Vec<Vec<String>>>>,
}

impl FakeRedis {
    pub(crate) async fn start(answer: Vec<i64>) -> FakeRedis {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let commands: Arc<Mutex<Vec<Vec<String>>>> = Arc::default();
        let seen = commands.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                tokio::spawn(serve_resp(socket, answer.clone(), seen.clone()));
            }
        });
        FakeRedis { port, commands }
    }

    /// Whether the server was told to delete `key`.
    pub(crate) fn deleted(&self, key: &str) -> bool {
        self.commands
            .lock()
            .unwrap()
            .iter()
            .any(|c| c[0].eq_ignore_ascii_case("DEL") && c.get(1).is_some_and(|k| k == key))
    }
}

async fn serve_resp(socket: tokio::net::TcpStream, answer: Vec<i64>, seen: Arc<Mutex<Vec<Vec<String>>>>) {
    let (read, mut write) = socket.into_split();
    let mut read = BufReader::new(read);
    loop {
        let mut line = String::new();
        if read.read_line(&mut line).await.unwrap_or(0) == 0 {
            return;
        }
        let Some(count) = line.trim_end().strip_prefix('*').and_then(|n| n.parse::<usize>().ok()) else { return };
        let mut command = Vec::new();
        for _ in 0..count {
            let mut header = String::new();
            read.read_line(&mut header).await.unwrap();
            let len: usize = header.trim_end().trim_start_matches('$').parse().unwrap();
            let mut bytes = vec![0; len + 2];
            read.read_exact(&mut bytes).await.unwrap();
            bytes.truncate(len);
            command.push(String::from_utf8_lossy(&bytes).into_owned());
        }
        let reply = match command.first().map(|c| c.to_ascii_uppercase()).as_deref() {
            Some("EVALSHA" | "EVAL") => {
                let mut reply = format!("*{}\r\n", answer.len());
                for n in &answer {
                    reply.push_str(&format!(":{n}\r\n"));
                }
                reply
            }
            Some("DEL") => ":1\r\n".to_string(),
            Some("PING") => "+PONG\r\n".to_string(),
            _ => "+OK\r\n".to_string(),
        };
        seen.lock().unwrap().push(command);
        if write.write_all(reply.as_bytes()).await.is_err() {
            return;
        }
    }
}

// ---- running seg ----

/// `seg ARGS` on the Public API at `base`, paced at 600 a minute, in `home` (its budget under `home/.runtime`).
fn seg(home: &std::path::Path, base: &str, args: &[&str], vars: &[(&str, &str)]) -> tokio::process::Command {
    let mut cmd = seg_command(home);
    cmd.env("SEG_BASE_URL", base).env("SEG_TOKEN", TOKEN).env("SEG_RATE_LIMIT", "600").args(["--api", "public"]);
    cmd.args(args).envs(vars.iter().copied());
    cmd
}

/// Runs a command to its end within [`GUARD`]: a wait slept whole fails here.
async fn finished(cmd: tokio::process::Command) -> Run {
    tokio::time::timeout(GUARD, run_with_stdin(cmd, b"")).await.expect("seg finished instead of sleeping")
}

/// Starts a command and returns the first line of its stderr that contains `wanted` (the line a wait says before it
/// is slept); the process is then killed.
pub(crate) async fn said_before_sleeping(mut cmd: tokio::process::Command, wanted: &str) -> String {
    cmd.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut seen = Vec::new();
    let found = tokio::time::timeout(GUARD, async {
        while let Some(line) = lines.next_line().await.unwrap() {
            if line.contains(wanted) {
                return Some(line);
            }
            seen.push(line);
        }
        None
    })
    .await;
    child.start_kill().unwrap();
    let _ = child.wait().await;
    match found {
        Ok(Some(line)) => line,
        _ => panic!("no line with {wanted:?} on stderr: {seen:?}"),
    }
}

fn warnings(run: &Run) -> Vec<&str> {
    run.stderr.lines().filter(|l| l.starts_with("warning: ")).collect()
}

fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64
}

/// The machine's budget file under `home`, as (its time, the end of its push-back or 0).
fn budget_state(home: &std::path::Path) -> (u64, u64) {
    let files: Vec<std::path::PathBuf> = std::fs::read_dir(home.join(RUNTIME))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("budget-"))
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let mut numbers = text.split_whitespace().map(|n| n.parse::<u64>().unwrap_or_else(|_| panic!("{text:?}")));
    (numbers.next().unwrap(), numbers.next().unwrap_or(0))
}

// ---- the tests ----

/// A 200 with `X-RateLimit-Remaining: 0` and a reset two hours away: the answer is returned at once, never slept on.
/// With --max-retries 0 nothing waits for it at all, in this process or the next; with retries left, the budget is
/// pushed back an hour at most (said, naming the two hours asked), and the next process says its wait before it
/// sleeps it. (Before: every such answer pushed the budget back a minute, silently, whatever --max-retries said.)
#[tokio::test]
async fn a_success_with_nothing_remaining_waits_only_as_a_retry_an_hour_at_most_and_said() {
    let base = api_answering(nothing_remaining()).await;
    let home = tempfile::tempdir().unwrap();
    let get = ["api", "GET", "/"];
    for _ in 0..3 {
        let run = finished(seg(home.path(), &base, &[&get[..], &["--max-retries", "0"]].concat(), &[])).await;
        assert!(run.code(0).stdout.contains("w1"), "the answer: {}", run.stdout);
        assert!(run.stderr.is_empty(), "nothing waits, nothing is said: {}", run.stderr);
        let (tat, until) = budget_state(home.path());
        assert!(until == 0 && tat <= now_ms() + 2_000, "no push-back: {tat} {until}");
    }
    // One retry allowed: the wait counts as it, cut to an hour and said; the answer is not held back for it.
    let run = finished(seg(home.path(), &base, &[&get[..], &["--max-retries", "1"]].concat(), &[])).await;
    run.code(0);
    let warned = warnings(&run);
    assert_eq!(warned.len(), 1, "{}", run.stderr);
    assert!(warned[0].starts_with("warning: the service asked to wait 1h 59m"), "{}", warned[0]);
    assert!(warned[0].ends_with("(X-RateLimit-Reset); seg waits 1h at most"), "{}", warned[0]);
    let (tat, until) = budget_state(home.path());
    let now = now_ms();
    assert!(until > now + 3_500_000 && until <= now + 3_600_000, "pushed back an hour at most: {until} at {now}");
    assert!(tat <= until + 120_000, "{tat} {until}");
    // The next process inherits that hour, bounded, and says so before it sleeps.
    let line = said_before_sleeping(seg(home.path(), &base, &get, &[]), "for the rate budget").await;
    assert!(line.starts_with("waiting 59m"), "{line}");
    assert!(line.ends_with("for the rate budget (the service pushed it back)"), "{line}");
}

/// A 429 asking for two hours (`Retry-After: 7200`, or `msBeforeNext` in the body): cut to one hour with a warning
/// naming the two; the budget file holds an hour at most; with a retry allowed, its line says the hour before the
/// sleep. (Before: a minute, silently.)
#[tokio::test]
async fn a_429_asking_two_hours_is_cut_to_one_with_a_warning() {
    for (in_body, what) in [(false, "Retry-After"), (true, "msBeforeNext")] {
        let base = api_answering(too_many(in_body)).await;
        let home = tempfile::tempdir().unwrap();
        let run = finished(seg(home.path(), &base, &["api", "GET", "/", "--max-retries", "0"], &[])).await;
        run.code(18);
        let warned = warnings(&run);
        assert_eq!(warned, [format!("warning: the service asked to wait 2h ({what}); seg waits 1h at most")]);
        let (tat, until) = budget_state(home.path());
        let now = now_ms();
        assert!(until > now + 3_500_000 && until <= now + 3_600_000, "{what}: {until} at {now}");
        assert!(tat <= until + 120_000, "{tat} {until}");
        // Pacing off, one retry: the retry's line names the hour it is about to sleep.
        let retry = seg(home.path(), &base, &["api", "GET", "/", "--max-retries", "1"], &[("SEG_RATE_LIMIT", "0")]);
        let line = said_before_sleeping(retry, "retrying in").await;
        assert!(line.starts_with("retrying in 1h (1 of 1): "), "{what}: {line}");
    }
}

/// A budget server whose script answers a wait no budget can ask (`i64::MAX` ms, a year, a push-back of a year):
/// not slept. One warning naming it, the machine's budget for the rest of the process, and the key deleted; exit 3
/// with SEG_BUDGET_STRICT=1. (Before: seg slept what the server answered.)
#[tokio::test]
async fn a_budget_server_answering_an_endless_wait_is_not_trusted() {
    let base = api_answering(Arc::new(|| (200, Vec::new(), r#"{"data":{}}"#.to_string()))).await;
    let key = seg::api::budget::server_key(&base, &seg::secret::Secret::new(TOKEN));
    const YEAR: i64 = 365 * 86_400_000;
    for answer in [
        vec![i64::MAX, 0, 0],
        vec![i64::MAX, 0, 0, 1, 0, 0, 0, 0],
        vec![YEAR, 0, 0, 1, 0, 0, 0, 0],
        vec![YEAR, 0, 0, 0, 0, 0, 0, 0],
        vec![0, 0, 0, 1, YEAR, 0, 0, 0],
        // The answer of the script before operations had budgets of their own, or an operation's wait for a
        // request of none.
        vec![0, 0, 0, 1, 0],
        vec![0, 0, 0, 1, 0, 1, 0, 0],
    ] {
        let redis = FakeRedis::start(answer.clone()).await;
        let url = format!("redis://127.0.0.1:{}", redis.port);
        let home = tempfile::tempdir().unwrap();
        let args = ["api", "GET", "/", "--budget", url.as_str()];
        let run = finished(seg(home.path(), &base, &args, &[])).await;
        run.code(0);
        let warned = warnings(&run);
        assert_eq!(warned.len(), 1, "{answer:?}: {}", run.stderr);
        assert!(
            warned[0].starts_with(&format!("warning: cannot use the shared rate budget at {url}: ")),
            "{}",
            warned[0]
        );
        assert!(warned[0].ends_with("this process paces with the machine's budget, not shared with other machines"));
        if answer.len() == 8 && (answer[0] != 0 || answer[4] != 0) {
            assert!(warned[0].contains("it answered "), "the answer is named: {}", warned[0]);
            assert!(warned[0].contains(&format!("its key {key} was deleted")), "{}", warned[0]);
            assert!(redis.deleted(&key), "{answer:?}: {:?}", redis.commands.lock().unwrap());
        }
        let (tat, _) = budget_state(home.path());
        assert!(tat <= now_ms() + 2_000, "the machine's budget took over");
        let run = finished(seg(home.path(), &base, &args, &[("SEG_BUDGET_STRICT", "1")])).await;
        run.code(3);
        assert!(run.stderr.contains(&format!("error: cannot use the shared rate budget at {url}: ")), "{}", run.stderr);
        assert!(run.stderr.contains("SEG_BUDGET_STRICT=1"), "{}", run.stderr);
    }
}

/// A password in the budget URL's query (`?password=`) is masked wherever the URL is shown, as the user
/// information's is; only `config get budget_url` prints it. (Before: printed whole in warnings, `-v`, errors and
/// `config list`.)
#[tokio::test]
async fn a_password_in_the_budget_urls_query_is_never_printed() {
    const PASSWORD: &str = "hunter2-Zq8v1-never-shown";
    let base = api_answering(Arc::new(|| (200, Vec::new(), r#"{"data":{}}"#.to_string()))).await;
    let redis = FakeRedis::start(vec![0, 0, 0, 1, 0, 0, 0, 0]).await;
    let gone = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let home = tempfile::tempdir().unwrap();
    let up = format!("redis://127.0.0.1:{}?password={PASSWORD}", redis.port);
    let mut printed = Vec::new();
    let mut keep = |run: &Run| printed.push(format!("{}{}", run.stdout, run.stderr));

    let run = finished(seg(home.path(), &base, &["config", "set", "budget_url", &up], &[])).await;
    keep(run.code(0));
    let run = finished(seg(home.path(), &base, &["config", "get", "budget_url"], &[])).await;
    assert_eq!(run.code(0).stdout, format!("{up}\n"), "config get's job is to show it");
    for format in ["table", "json", "yaml"] {
        let run = finished(seg(home.path(), &base, &["config", "list", "-o", format], &[])).await;
        assert!(run.code(0).stdout.contains("?password=(redacted)"), "{format}: {}", run.stdout);
        keep(&run);
    }
    // In use (the profile's), at -v and -vv: where the budget is.
    for verbose in ["-v", "-vv"] {
        let run = finished(seg(home.path(), &base, &[verbose, "api", "GET", "/"], &[])).await;
        let masked = format!("rate budget shared at redis://127.0.0.1:{}?password=(redacted), key", redis.port);
        assert!(run.code(0).stderr.contains(&masked), "{}", run.stderr);
        keep(&run);
    }
    // A server that is not there, plain and TLS: the warning, and in strict mode the error, human and JSON.
    for url in [
        format!("redis://127.0.0.1:{gone}?password={PASSWORD}"),
        format!("rediss://127.0.0.1:{gone}/0?password={PASSWORD}"),
        format!("redis://127.0.0.1:{gone}/0?protocol=resp2&PASS={PASSWORD}"),
    ] {
        let args = ["-v", "api", "GET", "/", "--budget", url.as_str()];
        let run = finished(seg(home.path(), &base, &args, &[])).await;
        assert_eq!(warnings(run.code(0)).len(), 1, "{}", run.stderr);
        assert!(run.stderr.contains("=(redacted)"), "{}", run.stderr);
        keep(&run);
        for output in ["table", "json"] {
            let args = ["-vv", "api", "GET", "/", "-o", output, "--budget", url.as_str()];
            let run = finished(seg(home.path(), &base, &args, &[("SEG_BUDGET_STRICT", "1")])).await;
            assert!(run.code(3).stderr.contains("=(redacted)"), "{}", run.stderr);
            keep(&run);
        }
        let run = finished(seg(home.path(), &base, &["api", "GET", "/"], &[("SEG_BUDGET_URL", url.as_str())])).await;
        keep(run.code(0));
    }
    // A URL that is refused is not quoted.
    let bad = format!("redis://127.0.0.1:{gone}/x?password={PASSWORD}");
    let run = finished(seg(home.path(), &base, &["api", "GET", "/", "--budget", &bad], &[])).await;
    assert!(run.code(2).stderr.contains("invalid budget URL"), "{}", run.stderr);
    keep(&run);
    let run = finished(seg(home.path(), &base, &["config", "set", "budget_url", &bad], &[])).await;
    assert!(run.code(2).stderr.contains("invalid budget_url"), "{}", run.stderr);
    keep(&run);
    for text in printed {
        assert!(!text.contains(PASSWORD) && !text.contains("hunter2"), "the password was printed: {text}");
    }
}
