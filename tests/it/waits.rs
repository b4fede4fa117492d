//! Every wait is bounded and said (docs/reference/waits.md; CLI.md, "Retries and pacing"): the `seg` binary against
//! servers of the test's own that ask for long waits, at 127.0.0.1:0. A Public API-like server answers every path
//! alike (`seg api` sends a path as written, so no adapter stands between), and a server speaking enough of the Redis
//! protocol answers the budget's script with what no real script answers. Each run is bounded by a generous guard,
//! so that a wait slept whole fails the test instead of hanging it; nothing waits for more than seconds.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

use crate::support::{Run, run_with_stdin, seg_command};

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

// ---- a Redis-protocol server ----

/// A server speaking enough RESP for seg's shared budget: each script call (EVALSHA, EVAL) answered with `answer`,
/// everything else with +OK (DEL with :1).
pub(crate) struct FakeRedis {
    pub port: u16,
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
        FakeRedis { port }
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

fn warnings(run: &Run) -> Vec<&str> {
    run.stderr.lines().filter(|l| l.starts_with("warning: ")).collect()
}

// ---- the tests ----

/// A password in the budget URL's query (`?password=`) is masked wherever the URL is shown, as the user
/// information's is; only `config get budget_url` prints it. (Before: printed whole in warnings, `-v`, errors and
/// `config list`.)
#[tokio::test]
async fn a_password_in_the_budget_urls_query_is_never_printed() {
    const PASSWORD: &str = "hunter2-Zq8v1-never-shown";
    let base = api_answering(Arc::new(|| (200, Vec::new(), r#"{"data":{}}"#.to_string()))).await;
    let redis = FakeRedis::start(vec![0, 0, 0]).await;
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
