//! The webhook tools for Webhooks (Actions), end to end: what `seg webhook sample --mapping` prints and what
//! `seg webhook send --mapping` delivers to a local receiver (method, URL, headers, body bytes, signature) equal
//! what the reference destination (`tests/actions/judge.js`, op `send`) sends for the same event, over a seeded
//! corpus of event types and mappings; `seg webhook verify` accepts the destination's own requests, single and
//! batched, and names a batch; `seg webhook listen` takes PUT and PATCH, and `replay` resends with the method.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::{Arc, Mutex};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::Value;

use crate::actions_reference::{NUMBERS, STRINGS, installed, judge, said, seed};
use crate::listen::{Listener, hmac_hex};
use crate::support::RUNTIME;

/// The `seg` binary with a clean environment (as `support::seg_command`, blocking).
fn seg(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seg"))
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("SEG_STATE_DIR", home.join("state"))
        .env("SEG_NO_KEYRING", "1")
        .env("SEG_RUNTIME_DIR", home.join(RUNTIME))
        .env("SEG_RATE_LIMIT", "0")
        .env("NO_COLOR", "1")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("seg runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// One request as it arrived: method, target, headers in order (names in lower case), body bytes.
#[derive(Debug, Clone)]
struct Raw {
    method: String,
    target: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

/// A loopback HTTP/1.1 receiver on port 0 that records each request's bytes as they came and answers 200.
struct RawReceiver {
    base: String,
    hits: Arc<Mutex<Vec<Raw>>>,
}

impl RawReceiver {
    fn start() -> RawReceiver {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let hits = Arc::new(Mutex::new(Vec::new()));
        let kept = hits.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { return };
                let kept = kept.clone();
                std::thread::spawn(move || {
                    let mut reader = BufReader::new(stream.try_clone().unwrap());
                    let mut stream = stream;
                    // Keep-alive: several requests a connection.
                    loop {
                        let mut line = String::new();
                        if reader.read_line(&mut line).unwrap_or(0) == 0 {
                            return;
                        }
                        let mut parts = line.trim_end().splitn(3, ' ');
                        let (method, target) = (parts.next().unwrap().to_string(), parts.next().unwrap().to_string());
                        let mut headers = Vec::new();
                        loop {
                            let mut line = String::new();
                            reader.read_line(&mut line).unwrap();
                            let line = line.trim_end_matches(['\r', '\n']);
                            if line.is_empty() {
                                break;
                            }
                            let (name, value) = line.split_once(':').unwrap();
                            headers.push((name.to_ascii_lowercase(), value.trim().to_string()));
                        }
                        let length = headers
                            .iter()
                            .find(|(n, _)| n == "content-length")
                            .map_or(0, |(_, v)| v.parse::<usize>().unwrap());
                        let mut body = vec![0; length];
                        reader.read_exact(&mut body).unwrap();
                        kept.lock().unwrap().push(Raw { method, target, headers, body });
                        if stream.write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n").is_err() {
                            return;
                        }
                    }
                });
            }
        });
        RawReceiver { base, hits }
    }

    fn take(&self) -> Vec<Raw> {
        std::mem::take(&mut *self.hits.lock().unwrap())
    }
}

/// What the HTTP client adds on the wire, not part of what the destination lists.
const WIRE: [&str; 5] = ["host", "content-length", "accept", "accept-encoding", "connection"];

const TYPES: [&str; 6] = ["track", "page", "screen", "identify", "group", "alias"];

/// Mappings (settings) over the sample events: literals, directives, nested and missing paths, methods, headers.
/// `URL` stands for the receiver's base URL.
const MAPPINGS: &[&str] = &[
    r#"{"url":"URL/hook","method":"POST","data":{"@path":"$."}}"#,
    r#"{"url":"URL/hook?x=1","method":"PUT","data":{"id":{"@path":"$.userId"},"n":1,"t":true,"nil":null}}"#,
    r#"{"url":{"@template":"URL/u/{{userId}}/{{type}}"},"method":"PATCH","data":{"p":{"@path":"$.properties"}}}"#,
    r#"{"url":"URL/h","method":"POST","headers":{"X-Api-Key":"k1","b":"2","A":{"@path":"$.type"}},"data":{"e":{"@path":"$.event"},"m":{"@path":"$.missing.deep"}}}"#,
    r#"{"url":"URL/h","method":"PUT","data":{"@if":{"exists":{"@path":"$.traits"},"then":{"@path":"$.traits"},"else":{"@path":"$.context"}}}}"#,
    r#"{"url":"URL/h","method":"POST","data":{"lib":{"@path":"$.context.library.name"},"ts":{"@path":"$.timestamp"},"mid":{"@path":"$.messageId"},"txt":{"@template":"{{userId}} did {{event}} ✓"}}}"#,
    r#"{"url":"URL/b","method":"POST","enable_batching":true,"batch_size":2,"data":{"mid":{"@path":"$.messageId"},"props":{"@path":"$.properties"}}}"#,
    r#"{"url":"URL/b","method":"PATCH","enable_batching":true,"headers":{"Authorization":"Bearer x"},"data":{"@path":"$."}}"#,
    r#"{"url":"URL/h","method":"POST","headers":{"Content-Type":"application/vnd.x+json","User-Agent":"mine"},"data":{"g":{"@path":"$.groupId"},"prev":{"@path":"$.previousId"},"name":{"@path":"$.name"}}}"#,
];

struct Case {
    kind: &'static str,
    mapping: String,
    count: usize,
    sets: Vec<String>,
    /// `--url` given: it replaces the mapping's url.
    url: Option<String>,
    secret: &'static str,
}

fn batching(mapping: &Value) -> Option<usize> {
    (mapping["enable_batching"] == true)
        .then(|| mapping["batch_size"].as_u64().filter(|n| *n > 0).map_or(1000, |n| n as usize))
}

#[test]
fn sample_and_send_are_what_webhooks_actions_sends() {
    let Some(folder) = installed("sample_and_send_are_what_webhooks_actions_sends") else { return };
    let (seed, replay) = seed();
    let mut rng = StdRng::seed_from_u64(seed ^ 0x746f_6f6c);
    let home = tempfile::tempdir().unwrap();
    let home = home.path();
    let receiver = RawReceiver::start();
    let mut cases = Vec::new();
    for i in 0..64 {
        let mapping = MAPPINGS[i % MAPPINGS.len()].replace("URL", &receiver.base);
        let value: Value = serde_json::from_str(&mapping).unwrap();
        let count = if batching(&value).is_some() || rng.random_bool(0.2) { rng.random_range(1..4) } else { 1 };
        let sets = (0..if rng.random_bool(0.6) { 0 } else { rng.random_range(1..3) })
            .map(|_| {
                let path = ["properties.total", "properties.name", "traits.name", "context.ip", "userId"]
                    [rng.random_range(0..5)];
                let value = if rng.random_bool(0.5) {
                    NUMBERS[rng.random_range(0..NUMBERS.len())]
                } else {
                    STRINGS[rng.random_range(0..STRINGS.len())]
                };
                format!("{path}={value}")
            })
            .collect();
        let url = rng.random_bool(0.3).then(|| format!("{}/over?ride=1", receiver.base));
        let secret = ["s3cr3t", "ünï ✓", ""][rng.random_range(0..3)];
        cases.push(Case { kind: TYPES[rng.random_range(0..TYPES.len())], mapping, count, sets, url, secret });
    }

    // The events, as seg builds them for each case, and what the destination sends for them.
    let mut judged = Vec::new();
    let mut lines = Vec::new();
    for case in &cases {
        let count = case.count.to_string();
        let mut args = vec!["webhook", "sample", "--type", case.kind, "--event", "--count", &count];
        for set in &case.sets {
            args.extend(["--set", set]);
        }
        let out = seg(home, &args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        let events: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
        assert_eq!(events.len(), case.count);
        let mut settings: Value = serde_json::from_str(&case.mapping).unwrap();
        if let Some(url) = &case.url {
            settings["url"] = Value::String(url.clone());
        }
        let secret =
            if case.secret.is_empty() { "null".to_string() } else { serde_json::to_string(case.secret).unwrap() };
        let groups: Vec<(Vec<String>, bool)> = match batching(&settings) {
            Some(size) => events.chunks(size).map(|c| (c.to_vec(), true)).collect(),
            None => events.iter().map(|e| (vec![e.clone()], false)).collect(),
        };
        judged.push(groups.len());
        for (group, batch) in groups {
            lines.push(format!(
                "{{\"op\":\"send\",\"settings\":{settings},\"events\":[{}],\"batch\":{batch},\"secret\":{secret}}}",
                group.join(",")
            ));
        }
    }
    let answers = judge(&folder, &lines);
    let mut answers = answers.iter();
    let (mut requests, mut batches, mut refused, mut failures) = (0, 0, 0, Vec::new());
    for (case, groups) in cases.iter().zip(judged) {
        // Node's answers may hold lone surrogates (an error quoting an event's text), which only seg's JSON reads.
        let theirs: Vec<Option<Value>> = (0..groups)
            .map(|_| {
                let answer = seg::json::parse(answers.next().unwrap().as_bytes()).unwrap();
                let seg::json::JsValue::Object(answer) = answer else { panic!("not an object") };
                let request = match answer.get("requests") {
                    Some(seg::json::JsValue::Array(items)) => items.first().cloned(),
                    _ => None,
                };
                request.map(|r| serde_json::from_str(&seg::json::stringify(&r)).unwrap())
            })
            .collect();
        // The mapping as it runs: with --url, its url replaced (sample has no --url).
        let mut effective: Value = serde_json::from_str(&case.mapping).unwrap();
        if let Some(url) = &case.url {
            effective["url"] = Value::String(url.clone());
        }
        let effective = effective.to_string();
        let count = case.count.to_string();
        let mut common = vec!["--type", case.kind, "--count", &count, "--mapping", &effective];
        for set in &case.sets {
            common.extend(["--set", set]);
        }
        let what = format!("{} x{} {} {:?} (url {:?})", case.kind, case.count, case.mapping, case.sets, case.url);

        // What sample prints: each body, one a line (one body: its bytes alone).
        let mut args = vec!["webhook", "sample"];
        args.extend(&common);
        let out = seg(home, &args);
        // Where the destination sends nothing (a templated url that is no URI, say), seg refuses the same events.
        if theirs.iter().any(Option::is_none) {
            if out.status.code() != Some(2) {
                failures.push(format!("{what}: the destination sends nothing, sample says {}", text(&out.stdout)));
            }
            refused += 1;
            continue;
        }
        let theirs: Vec<Value> = theirs.into_iter().flatten().collect();
        assert!(out.status.success(), "{what}: {}", text(&out.stderr));
        let printed = text(&out.stdout);
        let bodies: Vec<&str> = if theirs.len() == 1 {
            vec![printed.as_str()]
        } else {
            printed.trim_end_matches('\n').split('\n').collect()
        };
        let want: Vec<&str> = theirs.iter().map(|r| r["body"].as_str().unwrap_or("")).collect();
        if bodies != want {
            failures.push(format!("{what}: sample prints {bodies:?}, the destination sends {want:?}"));
            continue;
        }

        // What send delivers.
        let (url_flag, secret_flag) = (case.url.clone().unwrap_or_default(), case.secret.to_string());
        let mut args = vec!["webhook", "send", "--secret", &secret_flag];
        if case.url.is_some() {
            args.extend(["--url", &url_flag]);
        }
        // `--set` is sample's: send builds the same events when there are none.
        if !case.sets.is_empty() {
            continue;
        }
        // The mapping as written: --url replaces its url.
        args.extend(["--type", case.kind, "--count", &count, "--mapping", &case.mapping]);
        let out = seg(home, &args);
        assert!(out.status.success(), "{what}: {}", text(&out.stderr));
        let hits = receiver.take();
        if hits.len() != theirs.len() {
            failures.push(format!("{what}: {} requests arrived, the destination sends {}", hits.len(), theirs.len()));
            continue;
        }
        for (hit, want) in hits.iter().zip(&theirs) {
            requests += 1;
            let url = format!("{}{}", receiver.base, hit.target);
            let headers: Vec<Value> = hit
                .headers
                .iter()
                .filter(|(n, _)| !WIRE.contains(&n.as_str()))
                .map(|(n, v)| serde_json::json!([n, v]))
                .collect();
            let body = text(&hit.body);
            let got = serde_json::json!({"method": hit.method, "url": url, "headers": headers, "body": body});
            let want_body = want["body"].as_str().unwrap_or("");
            let want = serde_json::json!({
                "method": want["method"], "url": want["url"], "headers": want["headers"], "body": want_body,
            });
            if got != want {
                failures.push(format!("{what}: delivered {got}, the destination sends {want}"));
                continue;
            }
            // The signature: the data's, or a batch's first element's.
            let Some(signature) = hit.headers.iter().find(|(n, _)| n == "x-signature").map(|(_, v)| v.clone()) else {
                assert!(case.secret.is_empty(), "{what}: no signature");
                continue;
            };
            let parsed: Value = serde_json::from_slice(&hit.body).unwrap();
            let signed = match &parsed {
                Value::Array(items) => {
                    batches += 1;
                    // JSON.stringify of the first element, as the destination wrote it: its own text in the body.
                    let first = seg::json::parse(&hit.body).unwrap();
                    let seg::json::JsValue::Array(items_js) = first else { unreachable!() };
                    assert_eq!(items.len(), items_js.len());
                    seg::json::stringify(&items_js[0]).into_bytes()
                }
                _ => hit.body.clone(),
            };
            assert_eq!(signature, hmac_hex(case.secret.as_bytes(), &signed), "{what}");

            // verify takes the destination's request as it is, and names a batch.
            let file = home.join("body.json");
            std::fs::write(&file, &hit.body).unwrap();
            let file = file.to_str().unwrap();
            let out = seg(
                home,
                &[
                    "webhook",
                    "verify",
                    "--secret",
                    case.secret,
                    "--signature",
                    &signature,
                    "--user-agent",
                    "Segment (Actions)",
                    "-o",
                    "json",
                    file,
                ],
            );
            let verdict: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert!(out.status.success() && verdict["valid"] == true, "{what}: {verdict}");
            assert_eq!(verdict["actions"], true);
            let codes: Vec<&str> =
                verdict["warnings"].as_array().unwrap().iter().filter_map(|w| w["code"].as_str()).collect();
            let batch_named = codes.contains(&"actions_batch");
            let first_element = verdict["matched"] == "first_element";
            assert_eq!(batch_named, first_element, "{what}: {verdict}");
        }
    }
    said(format!(
        "{} cases: {requests} requests delivered as the destination sends them ({batches} batches); {refused} refused \
         by both",
        cases.len()
    ));
    assert!(
        failures.is_empty(),
        "{} of {} cases differ from the destination; {replay}; the first ones:\n{}",
        failures.len(),
        cases.len(),
        failures.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
    assert!(requests > 20 && batches > 2, "the corpus proves little; {replay}");
}

#[test]
fn a_mapping_is_refused_before_anything_is_sent() {
    let home = tempfile::tempdir().unwrap();
    let home = home.path();
    let receiver = RawReceiver::start();
    let url = format!("{}/h", receiver.base);
    let good = format!(r#"{{"url":"{url}","method":"POST","data":{{"@path":"$."}}}}"#);
    let cases: [(&[&str], &str); 6] = [
        (&["webhook", "sample", "--type", "delete", "--mapping", &good], "not a tracking call"),
        (&["webhook", "send", "--type", "delete", "--mapping", &good], "not a tracking call"),
        (&["webhook", "send", "--mapping", r#"{"url":"ftp://x.example/"}"#], "settings.url"),
        (
            &["webhook", "sample", "--type", "track", "--mapping", r#"{"url":"https://x.example","size":1}"#],
            "settings.size",
        ),
        (&["webhook", "sample", "--type", "track", "--mapping", "[1]"], "settings object"),
        (&["webhook", "sample", "--type", "track", "--count", "2"], "--mapping or --event"),
    ];
    for (args, said) in cases {
        let out = seg(home, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains(said), "{args:?}: {}", text(&out.stderr));
    }
    // A mapping from a file; --dry-run describes the request and sends nothing.
    let file = home.join("mapping.json");
    std::fs::write(&file, &good).unwrap();
    let at = format!("@{}", file.display());
    let out = seg(home, &["--dry-run", "webhook", "send", "--mapping", &at, "--type", "identify"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("\"User-Agent\":\"Segment (Actions)\""), "{}", text(&out.stdout));
    assert!(receiver.take().is_empty());
    // The event sample --event prints is what sample --mapping reads.
    let event = seg(home, &["webhook", "sample", "--type", "identify", "--event"]);
    let body = seg(home, &["webhook", "sample", "--type", "identify", "--mapping", &at]);
    assert_eq!(text(&event.stdout).trim_end(), text(&body.stdout));
}

#[test]
fn verify_names_a_signature_over_a_part_of_the_body() {
    let home = tempfile::tempdir().unwrap();
    let home = home.path();
    let event = seg(home, &["webhook", "sample", "--type", "track", "--event"]);
    let body = text(&event.stdout);
    let file = home.join("event.json");
    std::fs::write(&file, body.trim_end()).unwrap();
    let signature = hmac_hex(b"s", br#"{"revenue":"39.95","shippingMethod":"2-day"}"#);
    let out = seg(
        home,
        &["webhook", "verify", "--secret", "s", "--signature", &signature, "-o", "json", file.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1));
    let verdict: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(verdict["causes"][0]["code"], "signed_part", "{verdict}");
    assert!(verdict["causes"][0]["message"].as_str().unwrap().contains("`properties`"), "{verdict}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn listen_takes_put_and_patch_and_replay_resends_with_the_method() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path().to_path_buf(), state.path().to_path_buf());
    let mut listen = Listener::start(&home, &state, &["--secret", "s", "-o", "ndjson"], &[]).await;
    let single = format!(r#"{{"url":"{}/one","method":"PUT","data":{{"id":{{"@path":"$.userId"}}}}}}"#, listen.url);
    let batch = format!(
        r#"{{"url":"{}/many","method":"PATCH","enable_batching":true,"data":{{"id":{{"@path":"$.messageId"}}}}}}"#,
        listen.url
    );
    let send = |mapping: String, count: &'static str| {
        let home = home.clone();
        let state = state.clone();
        tokio::task::spawn_blocking(move || {
            let mut cmd = Command::new(env!("CARGO_BIN_EXE_seg"));
            cmd.env("HOME", &home).env("SEG_STATE_DIR", &state).env("SEG_NO_KEYRING", "1");
            cmd.args(["webhook", "send", "--secret", "s", "--count", count, "--mapping", &mapping]);
            cmd.output().unwrap()
        })
    };
    let out = send(single, "1").await.unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let record = listen.next_record().await;
    assert_eq!((record["method"].as_str(), record["actions"].as_bool()), (Some("PUT"), Some(true)), "{record}");
    assert_eq!(record["signature"], "valid", "{record}");
    let out = send(batch, "2").await.unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let record = listen.next_record().await;
    assert_eq!(record["method"], "PATCH", "{record}");
    assert_eq!((record["signature"].as_str(), record["signed_form"].as_str()), (Some("valid"), Some("first_element")));
    listen.stop().await;
    // The line for people says what sent it and that a batch is signed over its first element.
    let (home2, state2) = (home.clone(), state.clone());
    let log = tokio::task::spawn_blocking(move || {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_seg"));
        cmd.env("HOME", &home2).env("SEG_STATE_DIR", &state2).args(["webhook", "log", "-o", "json"]);
        cmd.output().unwrap()
    })
    .await
    .unwrap();
    let entries: Value = serde_json::from_slice(&log.stdout).unwrap();
    let methods: Vec<&str> = entries.as_array().unwrap().iter().filter_map(|e| e["method"].as_str()).collect();
    assert_eq!(methods, ["PUT", "PATCH"]);
    let codes = entries[1]["warnings"].to_string();
    assert!(codes.contains("actions_batch"), "{codes}");

    // replay resends with the recorded method.
    let receiver = RawReceiver::start();
    let to = format!("{}/again", receiver.base);
    let replay = tokio::task::spawn_blocking(move || {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_seg"));
        cmd.env("HOME", &home).env("SEG_STATE_DIR", &state).args(["webhook", "replay", "1", "2", "--to", &to]);
        cmd.output().unwrap()
    })
    .await
    .unwrap();
    assert!(replay.status.success(), "{}", text(&replay.stderr));
    let hits = receiver.take();
    let methods: Vec<&str> = hits.iter().map(|h| h.method.as_str()).collect();
    assert_eq!(methods, ["PUT", "PATCH"]);
}
