//! The Public API's per-operation rate limits (docs/reference/rate-limits.md): the shipped table and its
//! regeneration from an SDK's source (`scripts/rate-limits.js`), and seg pacing each operation by its limit, on one
//! machine and across machines sharing a real redis-server, with the table's windows shortened for tests
//! (`SEG_TEST_LIMIT_MINUTE_MS`, TESTING.md) so that nothing waits real minutes.

use std::path::Path;
use std::process::Command;

/// The shipped table's rows, without its header.
fn shipped() -> Vec<String> {
    let table = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/reference/public-api-rate-limits.tsv"),
    )
    .unwrap();
    table.lines().skip(1).filter(|l| !l.trim().is_empty()).map(str::to_string).collect()
}

/// The regeneration reads an SDK's operation descriptions: the pinned SDK (47, older than the table's 73) states
/// fewer limits, so its table is refused, naming what it lacks; read against an empty table, what it finds is the
/// table's own text for the operations both state alike.
#[test]
fn a_regeneration_from_an_older_sdk_that_states_fewer_limits_is_refused() {
    let Some(folder) = crate::sdk::installed("a_regeneration_from_an_older_sdk_that_states_fewer_limits_is_refused")
    else {
        return;
    };
    let sdk = folder.join("node_modules/@segment/public-api-sdk-typescript");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/rate-limits.js");
    let before = shipped();
    for flags in [&[][..], &["--write"][..]] {
        let out = Command::new("node").arg(&script).arg(&sdk).arg("47.0.0").args(flags).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(out.stdout.is_empty());
        assert!(
            stderr.starts_with(&format!(
                "refused: the SDK at 47.0.0 states 35 limits, the shipped table {}",
                before.len()
            )),
            "{stderr}"
        );
        assert!(stderr.contains("createDestinationSubscription"), "the mapping writes' limit is not in 47: {stderr}");
    }
    assert_eq!(shipped(), before, "a refused regeneration writes nothing");

    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.tsv");
    std::fs::write(&empty, "class\toperation (method path)\toperationId\tlimit\n").unwrap();
    let out = Command::new("node")
        .arg(&script)
        .arg(&sdk)
        .arg("47.0.0")
        .env("SEG_RATE_LIMITS_TABLE", &empty)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let made = String::from_utf8(out.stdout).unwrap();
    let mut lines = made.lines();
    assert_eq!(
        lines.next(),
        Some(
            "class\toperation (method path)\toperationId\tlimit stated in the operation description of the official SDK at 47.0.0"
        )
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 35);
    let same = rows.iter().filter(|row| before.iter().any(|b| b == *row)).count();
    // Four of 47's limits changed or were renamed by 73 (listAudiences 25 -> 60 a minute, ...); the rest are read
    // exactly as the table states them.
    assert_eq!(same, 31, "{made}");
    assert!(rows.contains(&"labelsApi\tPOST /labels\tcreateLabel\t60 requests per minute"), "{made}");
}

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::shared_budget::Redis;
use crate::support::{Run, run_with_stdin, seg_command};

/// The test's minute: the table's windows shortened (TESTING.md), so that 5 a minute is 5 every 2 s and seg
/// spaces them (2 s + 1 s) / 5 = 600 ms apart.
const MINUTE_MS: &str = "2000";
const SPACING: Duration = Duration::from_millis(600);

/// A Public API that answers every request `{"data":{}}`, but the first `refuse` of `POST /labels` a 429 asking to
/// wait 1.5 s; and records when each request arrived.
struct Service {
    base: String,
    arrivals: Arc<Mutex<Vec<(String, Instant)>>>,
}

async fn service(refuse: usize) -> Service {
    let arrivals: Arc<Mutex<Vec<(String, Instant)>>> = Arc::default();
    let seen = arrivals.clone();
    let app = axum::Router::new().fallback(move |request: axum::extract::Request| {
        let seen = seen.clone();
        async move {
            let what = format!("{} {}", request.method(), request.uri().path());
            let refused = {
                let mut seen = seen.lock().unwrap();
                seen.push((what.clone(), Instant::now()));
                what == "POST /labels" && seen.iter().filter(|(w, _)| *w == what).count() <= refuse
            };
            let (status, body) = if refused {
                (429, r#"{"errors":[{"type":"RequestError","message":"Too many requests","data":{"remainingPoints":0,"msBeforeNext":1500,"consumedPoints":60}}]}"#)
            } else {
                (200, r#"{"data":{}}"#)
            };
            let mut response = axum::response::Response::new(axum::body::Body::from(body));
            *response.status_mut() = axum::http::StatusCode::from_u16(status).unwrap();
            response.headers_mut().insert("content-type", axum::http::HeaderValue::from_static("application/json"));
            response
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(axum::serve(listener, app).into_future());
    Service { base, arrivals }
}

impl Service {
    /// When requests of `what` arrived, in order.
    fn arrivals_of(&self, what: &str) -> Vec<Instant> {
        let mut times: Vec<Instant> =
            self.arrivals.lock().unwrap().iter().filter(|(w, _)| w == what).map(|(_, at)| *at).collect();
        times.sort();
        times
    }
}

/// `seg --api public api METHOD PATH` on one "machine" (a runtime folder of its own), paced at 600 a minute with the
/// table's minute shortened.
fn api(
    home: &Path,
    runtime: &Path,
    base: &str,
    method: &str,
    path: &str,
    vars: &[(&str, &str)],
) -> tokio::process::Command {
    let mut cmd = seg_command(home);
    cmd.env("SEG_BASE_URL", base)
        .env("SEG_TOKEN", "pat-rate-limits")
        .env("SEG_RUNTIME_DIR", runtime)
        .env("SEG_TEST_LIMIT_MINUTE_MS", MINUTE_MS)
        .args(["--api", "public", "--rate-limit", "600", "--max-retries", "2", "api", method, path]);
    if method != "GET" {
        cmd.args(["--input", "-"]);
    }
    cmd.envs(vars.iter().copied());
    cmd
}

/// The most requests within any span of `window` of these arrivals.
fn most_within(times: &[Instant], window: Duration) -> usize {
    (0..times.len()).map(|i| times[i..].iter().take_while(|t| **t < times[i] + window).count()).max().unwrap_or(0)
}

/// Three "machines", each running four mapping creates one after another and a read between them, all at once:
/// on one budget URL (a real redis-server), together they send the creates (5 a "minute" of 2 s) at least 600 ms
/// apart, so no 2 s holds more than five, while their reads are not held back; the control, each machine pacing
/// alone, crowds a window beyond five.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn machines_sharing_a_budget_space_an_operations_requests_by_its_limit() {
    let Some(redis) = Redis::plain().await else { return };
    let url = redis.url();
    let dir = tempfile::tempdir().unwrap();
    const CREATE: &str = "POST /destinations/d1/subscriptions";
    let run_machines = |service: &Service, vars: Vec<(&'static str, String)>| {
        let base = service.base.clone();
        let home = dir.path().to_path_buf();
        let label = vars.len();
        async move {
            let machines = (0..3).map(|m| {
                let (home, base, vars) = (home.clone(), base.clone(), vars.clone());
                async move {
                    let runtime = home.join(format!("machine-{label}-{m}"));
                    let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
                    let mut runs = Vec::new();
                    for _ in 0..4 {
                        let create = api(&home, &runtime, &base, "POST", "/destinations/d1/subscriptions", &vars);
                        runs.push(run_with_stdin(create, b"{}").await);
                        let read = api(&home, &runtime, &base, "GET", "/destinations/d1", &vars);
                        runs.push(run_with_stdin(read, b"").await);
                    }
                    runs
                }
            });
            futures_util::future::join_all(machines).await.into_iter().flatten().collect::<Vec<Run>>()
        }
    };

    let shared = service(0).await;
    let runs = run_machines(&shared, vec![("SEG_BUDGET_URL", url.clone())]).await;
    for run in &runs {
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(!run.stderr.contains("warning"), "{}", run.stderr);
    }
    let creates = shared.arrivals_of(CREATE);
    assert_eq!(creates.len(), 12);
    for pair in creates.windows(2) {
        // Sent 600 ms apart; a request may reach the service a little sooner after the one before than it was sent.
        assert!(pair[1] - pair[0] >= SPACING - Duration::from_millis(100), "{:?}", pair[1] - pair[0]);
    }
    assert!(most_within(&creates, Duration::from_millis(2000)) <= 5);
    // Both budgets on the server, beside each other under one hash tag.
    let keys = redis.keys().await;
    let names: Vec<&str> = keys.iter().map(|(name, _, _)| name.as_str()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
    let token = names.iter().find(|n| !n.contains("}:")).unwrap();
    assert!(names.contains(&format!("{token}:createDestinationSubscription").as_str()), "{names:?}");

    // The control: each machine paces alone (its own file), and together they crowd the service's window.
    let alone = service(0).await;
    let runs = run_machines(&alone, Vec::new()).await;
    assert!(runs.iter().all(|run| run.code == 0));
    let creates = alone.arrivals_of(CREATE);
    assert_eq!(creates.len(), 12);
    assert!(most_within(&creates, Duration::from_millis(2000)) > 5, "alone, three machines send more than five");
    // On one machine, the file beside the token's is what they share.
    let files: Vec<String> = std::fs::read_dir(dir.path().join("machine-0-0"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("budget-"))
        .collect();
    assert_eq!(files.len(), 2, "{files:?}");
    assert!(files.iter().any(|f| f.ends_with("-createDestinationSubscription")), "{files:?}");
}

/// Processes on one machine share the operation's file; `-v` names the budget each wait came from; a 429 of an
/// operation with a limit pushes back that operation's budget, not the token's; `--rate-limit 0` turns every budget
/// off.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_machine_paces_each_operation_says_which_budget_and_a_429_pushes_back_its_own() {
    let service = service(1).await;
    let dir = tempfile::tempdir().unwrap();
    let (home, runtime) = (dir.path(), dir.path().join("machine"));
    // Two processes at once, each writing a label then another.
    let writes = (0..2).map(|_| async {
        let mut runs = Vec::new();
        for _ in 0..2 {
            runs.push(
                run_with_stdin(api(home, &runtime, &service.base, "POST", "/labels", &[]), br#"{"label":{}}"#).await,
            );
        }
        runs
    });
    let started = Instant::now();
    let runs: Vec<Run> = futures_util::future::join_all(writes).await.into_iter().flatten().collect();
    for run in &runs {
        assert_eq!(run.code, 0, "{}", run.stderr);
    }
    // The first was refused (429, 1.5 s asked): its retry, and every other label write not already on its way (the
    // other process may have reserved the next slot, 50 ms later, before the 429 came back), waited for that
    // push-back; the service saw five label writes (one refused).
    let labels = service.arrivals_of("POST /labels");
    assert_eq!(labels.len(), 5);
    let after: Vec<Duration> = labels[1..].iter().map(|at| *at - labels[0]).collect();
    assert!(after.iter().all(|d| *d < Duration::from_millis(200) || *d >= Duration::from_millis(1400)), "{after:?}");
    assert!(after.iter().filter(|d| **d >= Duration::from_millis(1400)).count() >= 3, "{after:?}");
    let retried = runs.iter().filter(|run| run.stderr.contains("retrying in")).count();
    assert_eq!(retried, 1, "{runs:?}");
    assert!(started.elapsed() >= Duration::from_millis(1400));
    // The operation's file holds the push-back; the token's does not.
    let read = |suffix: &str| {
        std::fs::read_dir(&runtime)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                name.starts_with("budget-")
                    && name.ends_with(suffix)
                    && (suffix.starts_with('-') || !name[7..].contains('-'))
            })
            .map(|p| std::fs::read_to_string(p).unwrap())
            .unwrap()
    };
    let (token, label) = (read(""), read("-createLabel"));
    assert!(!token.contains(' '), "the token's budget was not pushed back: {token}");
    assert!(label.trim().parse::<u64>().is_ok() || label.contains(' '), "{label}");

    // -v: the wait of a second create within the operation's interval names its budget.
    let create = |args: &[&'static str]| {
        let mut cmd = api(home, &runtime, &service.base, "POST", "/destinations/d1/subscriptions", &[]);
        cmd.args(args);
        cmd
    };
    run_with_stdin(create(&[]), b"{}").await.code(0);
    let run = run_with_stdin(create(&["-v"]), b"{}").await;
    assert!(
        run.code(0).stderr.contains("for the rate budget of createDestinationSubscription (5 requests a minute)"),
        "{}",
        run.stderr
    );
    // A read of the token alone says the token's budget, if it waits at all, never an operation's.
    let run = run_with_stdin(
        api(home, &runtime, &service.base, "GET", "/destinations/d1", &[("SEG_RATE_LIMIT", "600")]),
        b"",
    )
    .await;
    assert!(!run.code(0).stderr.contains("rate budget of"), "{}", run.stderr);

    // --rate-limit 0: no budget at all, neither the token's nor an operation's.
    let bare = dir.path().join("bare");
    for _ in 0..3 {
        let mut cmd = api(home, &bare, &service.base, "POST", "/destinations/d2/subscriptions", &[]);
        cmd.args(["--rate-limit", "0", "-v"]);
        let run = run_with_stdin(cmd, b"{}").await;
        assert!(!run.code(0).stderr.contains("waiting"), "{}", run.stderr);
    }
    let files = std::fs::read_dir(&bare).map(|d| d.count()).unwrap_or(0);
    assert_eq!(files, 0, "no budget file was made");
}

/// Under attack: a service answering an operation's 429 with a wait of two hours is honoured for an hour, cut with a
/// warning naming the wait asked, and that hour pushes back the operation's budget: the next request of it says the
/// wait before it sleeps, naming the budget, while a request of no stated limit goes at once.
#[tokio::test]
async fn an_operations_429_asking_hours_is_cut_to_an_hour_said_and_paces_that_operation_only() {
    let base = crate::waits::api_answering(Arc::new(|| {
        let body = r#"{"errors":[{"type":"RequestError","message":"Too many requests","data":{"remainingPoints":0,"msBeforeNext":7200000,"consumedPoints":60}}]}"#;
        (429, Vec::new(), body.to_string())
    }))
    .await;
    let dir = tempfile::tempdir().unwrap();
    let (home, runtime) = (dir.path(), dir.path().join("machine"));
    let mut first = api(home, &runtime, &base, "POST", "/labels", &[]);
    first.args(["--max-retries", "0"]);
    let run = run_with_stdin(first, b"{}").await;
    assert_ne!(run.code, 0);
    assert!(run.stderr.contains("the service asked to wait 2h (msBeforeNext); seg waits 1h at most"), "{}", run.stderr);
    // (Its body from a file: the process is read by line, with no stdin.)
    let body = dir.path().join("label.json");
    std::fs::write(&body, "{}").unwrap();
    let mut next = seg_command(home);
    next.env("SEG_BASE_URL", &base)
        .env("SEG_TOKEN", "pat-rate-limits")
        .env("SEG_RUNTIME_DIR", &runtime)
        .env("SEG_TEST_LIMIT_MINUTE_MS", MINUTE_MS)
        .args(["--api", "public", "--rate-limit", "600", "api", "POST", "/labels", "--input", body.to_str().unwrap()]);
    let line = crate::waits::said_before_sleeping(next, "waiting").await;
    assert!(line.contains("for the rate budget of createLabel (the service pushed it back)"), "{line}");
    let wait = line.split_whitespace().nth(1).unwrap();
    assert!(wait.starts_with("59m") || wait == "1h", "an hour at most: {line}");
    // The token's budget was not pushed back: a read goes at once (it answers 429 too, but without waiting first).
    let mut read = api(home, &runtime, &base, "GET", "/destinations/d1", &[]);
    read.args(["--max-retries", "0", "-v"]);
    let run = run_with_stdin(read, b"").await;
    assert!(!run.stderr.contains("waiting"), "{}", run.stderr);
}
