//! No JSON body can take a process down: bodies nested thousands of levels deep get a clear 400 from every tracking
//! endpoint (in-process and from `seg serve` as a process, with and without `--data`) and from the Config API
//! routes, and `webhook verify` and `webhook listen` name the cause; each server answers afterwards. A body at
//! the limit (128 levels, serde_json's) is accepted and delivered.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::listen::{Listener, hmac_hex};
use crate::receiver::Receiver;
use crate::support::{Answer, TestEnv, WRITE, run_with_stdin, seg_command};

/// Depths a recursive reader cannot survive on a 2 MiB stack (a debug build aborted at about 4,000).
const DEEP: [usize; 2] = [4_000, 10_000];
/// What every refusal says.
const TOO_DEEP: &str = "nested deeper than 128 levels";
const DEADLINE: Duration = Duration::from_secs(30);

/// `levels` of nesting, alternating objects and arrays, around a number.
fn nested(levels: usize) -> String {
    let mut open = String::with_capacity(levels * 5);
    let mut close = String::with_capacity(levels);
    for level in 0..levels {
        if level % 2 == 0 {
            open.push_str("{\"a\":");
            close.push('}');
        } else {
            open.push('[');
            close.push(']');
        }
    }
    format!("{open}1{}", close.chars().rev().collect::<String>())
}

/// A body for each tracking endpoint whose free-form field (or batch item) holds `inner`.
fn tracking_bodies(inner: &str) -> Vec<(&'static str, String)> {
    vec![
        ("/v1/track", format!(r#"{{"userId":"u","event":"e","properties":{inner}}}"#)),
        ("/v1/identify", format!(r#"{{"userId":"u","traits":{inner}}}"#)),
        ("/v1/page", format!(r#"{{"userId":"u","properties":{inner}}}"#)),
        ("/v1/screen", format!(r#"{{"userId":"u","name":"n","context":{inner}}}"#)),
        ("/v1/group", format!(r#"{{"userId":"u","groupId":"g","traits":{inner}}}"#)),
        ("/v1/alias", format!(r#"{{"userId":"u","previousId":"p","integrations":{{"x":{inner}}}}}"#)),
        ("/v1/batch", format!(r#"{{"batch":[{{"type":"track","userId":"u","event":"e","properties":{inner}}}]}}"#)),
    ]
}

/// A tracking call as analytics libraries send it: the write key as the Basic user name.
async fn track(base: &str, path: &str, write_key: &str, body: String) -> Answer {
    let response = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .basic_auth(write_key, Some(""))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap_or_else(|e| panic!("{path}: the emulator answers: {e}"));
    Answer::read(response).await
}

#[track_caller]
fn refused(answer: &Answer, what: &str) {
    answer.assert_error(400, 3);
    assert!(answer.text.contains(TOO_DEEP), "{what}: {}", answer.text);
}

async fn wait_hits(receiver: &Receiver, n: usize) {
    let start = Instant::now();
    while receiver.hits().len() < n {
        assert!(start.elapsed() < DEADLINE, "{n} deliveries expected, got {}", receiver.hits().len());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tracking_endpoints_refuse_deep_bodies_and_deliver_one_at_the_limit() {
    let env = TestEnv::start().await;
    let receiver = Receiver::start(&[], 200).await;
    let key = env.create_source("demo", "web").await.ok()["write_keys"][0].as_str().unwrap().to_string();
    let config = json!([{"name": "sharedSecret", "value": "k"}, {"name": "hooks", "value": [{"hook": receiver.url}]}]);
    let destination = json!({"destination": {"name": "webhooks", "enabled": true, "config": config}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(destination)).await.ok();
    // An enabled filter, so that every call also goes through the filters' copy of the event.
    let filter = json!({"filter": {"title": "keep", "if": "userId = 'nobody'", "enabled": true,
                                   "actions": [{"type": "drop_event"}]}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations/webhooks/filters", Some(filter)).await.ok();

    for depth in DEEP {
        for (path, body) in tracking_bodies(&nested(depth)) {
            refused(&track(&env.base, path, &key, body).await, &format!("{path} at {depth}"));
        }
    }
    // One level past the limit is refused; at the limit (the body's own object is a level) every call is taken
    // and delivered, nesting and all.
    let levels_inside = |path: &str| {
        if path == "/v1/batch" {
            125
        } else if path == "/v1/alias" {
            126
        } else {
            127
        }
    };
    for (path, body) in tracking_bodies(&nested(1)) {
        let inner = levels_inside(path);
        let over = tracking_bodies(&nested(inner + 1)).into_iter().find(|(p, _)| *p == path).unwrap().1;
        refused(&track(&env.base, path, &key, over).await, path);
        let at = tracking_bodies(&nested(inner)).into_iter().find(|(p, _)| *p == path).unwrap().1;
        assert!(at.len() > body.len());
        assert_eq!(track(&env.base, path, &key, at).await.ok()["success"], true, "{path}");
    }
    // Alias bodies carry no `integrations`: six of the seven calls deliver their nesting.
    wait_hits(&receiver, 7).await;
    let deepest = receiver.hits().iter().map(|h| String::from_utf8_lossy(&h.body).matches('[').count()).max();
    assert_eq!(deepest, Some(63), "the nesting is delivered as sent");
    // The emulator still answers.
    env.get("/v1beta/workspaces").await.ok();
    assert_eq!(track(&env.base, "/v1/track", &key, tracking_bodies("{}").remove(0).1).await.ok()["success"], true);
}

/// The Config API refuses a body nested deeper than the one limit with the one message, typed fields and free-form
/// values alike; a body at the limit is read.
#[tokio::test]
async fn config_api_routes_refuse_deep_bodies() {
    let env = TestEnv::start().await;
    env.create_source("demo", "web").await.ok();
    let destinations = "/v1beta/workspaces/demo/sources/web/destinations";
    let hooks = r#"[{"name":"hooks","value":[{"hook":"http://127.0.0.1:9/"}]}]"#;
    env.raw(
        "POST",
        destinations,
        Some(WRITE),
        Some(format!(r#"{{"destination":{{"name":"webhooks","config":{hooks}}}}}"#).into_bytes()),
    )
    .await
    .ok();
    for depth in DEEP {
        let inner = nested(depth);
        let cases = [
            (
                "POST",
                "/v1beta/workspaces/demo/sources".to_string(),
                format!(
                    r#"{{"source":{{"name":"workspaces/demo/sources/x","catalog_name":"catalog/sources/javascript","labels":{inner}}}}}"#
                ),
            ),
            (
                "POST",
                destinations.to_string(),
                format!(r#"{{"destination":{{"name":"webhooks","config":[{{"name":"hooks","value":{inner}}}]}}}}"#),
            ),
            (
                "PATCH",
                format!("{destinations}/webhooks"),
                format!(
                    r#"{{"destination":{{"config":[{{"name":"x","value":{inner}}}]}},"update_mask":{{"paths":["destination.config"]}}}}"#
                ),
            ),
            (
                "PATCH",
                "/v1beta/workspaces/demo/sources/web".to_string(),
                format!(r#"{{"source":{{"labels":{inner}}},"update_mask":{{"paths":["source.labels"]}}}}"#),
            ),
            (
                "POST",
                "/v1beta/workspaces/demo/tracking-plans".to_string(),
                format!(r#"{{"tracking_plan":{{"display_name":"p","rules":{inner}}}}}"#),
            ),
        ];
        for (method, path, body) in cases {
            let answer = env.raw(method, &path, Some(WRITE), Some(body.into_bytes())).await;
            answer.assert_error(400, 3);
            assert!(answer.text.contains(TOO_DEEP), "{method} {path}: {}", answer.text);
        }
    }
    // At the limit: 128 levels with the body's own two.
    let rules = format!(r#"{{"tracking_plan":{{"display_name":"deep","rules":{{"global":{}}}}}}}"#, nested(125));
    let answer = env.raw("POST", "/v1beta/workspaces/demo/tracking-plans", Some(WRITE), Some(rules.into_bytes())).await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    let over = format!(r#"{{"tracking_plan":{{"display_name":"deeper","rules":{{"global":{}}}}}}}"#, nested(126));
    let answer = env.raw("POST", "/v1beta/workspaces/demo/tracking-plans", Some(WRITE), Some(over.into_bytes())).await;
    answer.assert_error(400, 3);
    assert!(answer.text.contains(TOO_DEEP), "{}", answer.text);
    env.get("/v1beta/workspaces").await.ok();
    env.get(&format!("{destinations}/webhooks")).await.ok();
}

/// `seg serve` as a process, killed when dropped.
struct Serve {
    child: std::process::Child,
    base: String,
    /// Kept open: seg serve writes more lines after the first, and a closed pipe would end it.
    _stdout: BufReader<std::process::ChildStdout>,
}

impl Serve {
    fn start(extra: &[&str]) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_seg"))
            .args(["serve", "--port", "0", "--accept-token", "abc:workspace"])
            .args(extra)
            .env_remove("RUST_BACKTRACE")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        let base = first.trim().strip_prefix("listening on ").expect(&first).to_string();
        Serve { child, base, _stdout: stdout }
    }

    #[track_caller]
    fn assert_running(&mut self, after: &str) {
        assert!(self.child.try_wait().unwrap().is_none(), "seg serve exited after {after}");
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seg_serve_answers_deep_bodies_with_400_and_stays_up_with_and_without_data() {
    seg::init_tls();
    let data = tempfile::tempdir().unwrap();
    let data_file = data.path().join("state.redb");
    for extra in [vec![], vec!["--data", data_file.to_str().unwrap()]] {
        let mut serve = Serve::start(&extra);
        let base = serve.base.clone();
        let http = reqwest::Client::new();
        let call = |method: reqwest::Method, path: &str, body: String| {
            http.request(method, format!("{base}{path}")).bearer_auth("abc").body(body).send()
        };
        let created = call(
            reqwest::Method::POST,
            "/v1beta/workspaces/demo/sources",
            json!({"source": {
            "name": "workspaces/demo/sources/web", "catalog_name": "catalog/sources/javascript"}})
            .to_string(),
        );
        let created: Value = created.await.unwrap().json().await.unwrap();
        let key = created["write_keys"][0].as_str().unwrap_or_else(|| panic!("{created}")).to_string();
        let config = json!([{"name": "hooks", "value": [{"hook": "http://127.0.0.1:9/unreachable"}]}]);
        let destination = json!({"destination": {"name": "webhooks", "enabled": true, "config": config}});
        let answer =
            call(reqwest::Method::POST, "/v1beta/workspaces/demo/sources/web/destinations", destination.to_string());
        assert_eq!(answer.await.unwrap().status(), 200);
        for depth in DEEP {
            for (path, body) in tracking_bodies(&nested(depth)) {
                refused(&track(&base, path, &key, body).await, &format!("{extra:?} {path} at {depth}"));
                serve.assert_running(&format!("{path} at {depth}"));
            }
            let labels =
                format!(r#"{{"source":{{"labels":{}}},"update_mask":{{"paths":["source.labels"]}}}}"#, nested(depth));
            let answer = call(reqwest::Method::PATCH, "/v1beta/workspaces/demo/sources/web", labels).await.unwrap();
            assert_eq!(answer.status(), 400);
        }
        let at_limit = tracking_bodies(&nested(127)).remove(0).1;
        assert_eq!(track(&base, "/v1/track", &key, at_limit).await.ok()["success"], true);
        let answer = call(reqwest::Method::GET, "/v1beta/workspaces", String::new()).await.unwrap();
        assert_eq!(answer.status(), 200);
        serve.assert_running("the last request");
    }
}

#[tokio::test]
async fn verify_names_a_deep_body_and_checks_its_raw_bytes() {
    let home = tempfile::tempdir().unwrap();
    for depth in DEEP {
        let body = nested(depth).into_bytes();
        let signature = hmac_hex(b"k", &body);
        let mut cmd = seg_command(home.path());
        cmd.args(["webhook", "verify", "--secret", "k", "--signature", &signature, "-o", "json", "-"]);
        let run = run_with_stdin(cmd, &body).await;
        run.code(0);
        assert_eq!(run.json()["matched"], "raw", "{}", run.stdout);
        let mut cmd = seg_command(home.path());
        cmd.args(["webhook", "verify", "--secret", "other", "--signature", &signature, "-o", "json", "-"]);
        let run = run_with_stdin(cmd, &body).await;
        run.code(1);
        let verdict = run.json();
        assert_eq!(verdict["causes"][0]["code"], "too_deep", "{verdict}");
        assert!(verdict["causes"][0]["message"].as_str().unwrap().contains(TOO_DEEP), "{verdict}");
        assert!(!run.stderr.contains("overflow"), "{}", run.stderr);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn listen_records_deep_bodies_and_stays_up() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut listener = Listener::start(home.path(), state.path(), &["--secret", "k", "-o", "ndjson"], &[]).await;
    let http = reqwest::Client::new();
    for depth in DEEP {
        let body = nested(depth);
        for (secret, valid) in [(&b"k"[..], true), (&b"other"[..], false)] {
            let answer = http
                .post(format!("{}/hook", listener.url))
                .header("x-signature", hmac_hex(secret, body.as_bytes()))
                .body(body.clone())
                .send()
                .await
                .expect("the listener answers");
            assert_eq!(answer.status(), 200);
            let record = listener.next_record().await;
            assert_eq!(record["size"], body.len(), "{depth}");
            if valid {
                assert_eq!(record["signature"], "valid", "{depth}");
            } else {
                assert_eq!(record["signature"], "invalid", "{depth}");
                assert_eq!(record["causes"][0]["code"], "too_deep", "{record}");
            }
        }
    }
    // Still listening, and the journal holds them.
    let body = r#"{"type":"page"}"#;
    let answer = http
        .post(format!("{}/hook", listener.url))
        .header("x-signature", hmac_hex(b"k", body.as_bytes()))
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(listener.next_record().await["signature"], "valid");
    let mut cmd = seg_command(home.path());
    cmd.env("SEG_STATE_DIR", state.path()).args(["webhook", "log", "-o", "json"]);
    let log = run_with_stdin(cmd, b"").await;
    log.code(0);
    assert_eq!(log.json().as_array().unwrap().len(), 5, "{}", log.stdout);
    listener.stop().await;
}

/// What seg builds from its own inputs keeps to the same limit, and says so: a usage error, never a string.
#[tokio::test]
async fn sample_and_send_refuse_values_nested_too_deep() {
    let home = tempfile::tempdir().unwrap();
    let sample = |set: String| {
        let mut cmd = seg_command(home.path());
        cmd.args(["webhook", "sample", "--type", "track", "--set", &set]);
        run_with_stdin(cmd, b"")
    };
    let deep = nested(200);
    let set = format!("properties.x={deep}");
    let run = sample(set).await;
    run.code(2);
    assert!(run.stderr.contains(TOO_DEEP), "{}", run.stderr);
    let path = vec!["a"; 200].join(".");
    let set = format!("{path}=1");
    let run = sample(set).await;
    run.code(2);
    assert!(run.stderr.contains(TOO_DEEP), "{}", run.stderr);
    let mut cmd = seg_command(home.path());
    cmd.args(["webhook", "send", "--url", "http://127.0.0.1:9/", "--data", "-"]);
    let run = run_with_stdin(cmd, nested(DEEP[1]).as_bytes()).await;
    run.code(2);
    assert!(run.stderr.contains(TOO_DEEP), "{}", run.stderr);
}
