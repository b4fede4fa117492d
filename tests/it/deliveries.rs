//! `seg serve` delivers webhooks: tracking calls posted with a write key reach the enabled `webhooks` destinations
//! of their source with the exact bytes, headers and signature of docs/WEBHOOKS.md; retries, fan-out, deletion
//! requests, authentication, validation, restarts with `--data`, and the log on stderr.
//! Waiting is done by polling `/_emulator/deliveries` or a receiver against a deadline, never by sleeping.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::sync::mpsc;

use crate::receiver::{Hit, Receiver};
use crate::support::{Answer, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;
use seg::webhook::listen;

const DEADLINE: Duration = Duration::from_secs(20);
/// docs/WEBHOOKS.md's test vector and its signature under the secret `teehee`.
const VECTOR_BODY: &str = r#"{"version":1,"type":"track","userId":"019mr8mf4r","event":"Purchased an Item","properties":{"revenue":"39.95","shippingMethod":"2-day"},"timestamp":"2012-12-02T00:30:08.276Z"}"#;
const VECTOR_SIG: &str = "6584c31d030ff167eca14a1042eb7e88c881b8e8";

fn with_window(window: Duration) -> EmulatorOptions {
    EmulatorOptions { retry_window: Some(window), ..EmulatorOptions::default() }
}

/// A source in workspace `demo` with a `webhooks` destination; returns the source's write key.
async fn source(env: &TestEnv, slug: &str, enabled: bool, config: Value) -> String {
    let created = env.create_source("demo", slug).await;
    let key = created.ok()["write_keys"][0].as_str().unwrap().to_string();
    let body = json!({"destination": {"name": "webhooks", "enabled": enabled, "config": config}});
    env.call("POST", &format!("/v1beta/workspaces/demo/sources/{slug}/destinations"), Some(body)).await.ok();
    key
}

/// Config with a secret and one hook.
fn hook(url: &str, secret: &str) -> Value {
    json!([{"name": "sharedSecret", "value": secret}, {"name": "hooks", "value": [{"hook": url}]}])
}

/// POST with an `Authorization` header as given.
async fn post_auth(env: &TestEnv, path: &str, authorization: Option<&str>, body: impl Into<Vec<u8>>) -> Answer {
    let mut request = reqwest::Client::new()
        .post(format!("{}{path}", env.base))
        .header("content-type", "application/json")
        .body(body.into());
    if let Some(value) = authorization {
        request = request.header("authorization", value);
    }
    let response = request.send().await.unwrap();
    Answer::read(response).await
}

/// POST as analytics libraries do: Basic auth with the write key as the user name and an empty password.
async fn post(env: &TestEnv, path: &str, write_key: &str, body: &str) -> Answer {
    let response = reqwest::Client::new()
        .post(format!("{}{path}", env.base))
        .basic_auth(write_key, Some(""))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    Answer::read(response).await
}

#[track_caller]
fn accepted(answer: &Answer) {
    assert_eq!(answer.status, 200, "{}", answer.text);
    assert_eq!(answer.json, json!({"success": true}), "{}", answer.text);
}

async fn snapshot(env: &TestEnv) -> Value {
    env.get("/_emulator/deliveries").await.ok().clone()
}

/// Polls `/_emulator/deliveries` until `done` holds.
async fn wait_for(env: &TestEnv, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + DEADLINE;
    loop {
        let snap = snapshot(env).await;
        if done(&snap) {
            return snap;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}: {snap:#}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn count(snap: &Value, key: &str) -> u64 {
    snap[key].as_u64().unwrap()
}

/// The attempts of one message, in the order they were made.
fn attempts_of<'a>(snap: &'a Value, message_id: &str) -> Vec<&'a Value> {
    snap["deliveries"].as_array().unwrap().iter().filter(|a| a["message_id"] == message_id).collect()
}

async fn wait_hits(receiver: &Receiver, n: usize) -> Vec<Hit> {
    let deadline = Instant::now() + DEADLINE;
    loop {
        let hits = receiver.hits();
        if hits.len() >= n {
            return hits;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {n} hits; got {}", hits.len());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// HMAC-SHA1 in lowercase hex, computed here rather than with seg's own signer.
fn hmac_hex(secret: &str, body: &[u8]) -> String {
    use hmac::{KeyInit, Mac};
    let mut mac = hmac::Hmac::<sha1::Sha1>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

fn text(hit: &Hit) -> &str {
    std::str::from_utf8(&hit.body).unwrap()
}

/// A port with nothing listening on it (bound, then released).
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// `seg webhook listen`'s receiver on a given port; every request is sent to the channel.
async fn listen_on(port: u16) -> mpsc::UnboundedReceiver<listen::Received> {
    let (sink, received) = mpsc::unbounded_channel();
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.unwrap();
    tokio::spawn(axum::serve(listener, listen::router(listen::ListenOptions::default(), sink)).into_future());
    received
}

async fn recv(received: &mut mpsc::UnboundedReceiver<listen::Received>) -> listen::Received {
    tokio::time::timeout(DEADLINE, received.recv()).await.expect("a request within the deadline").unwrap()
}

// ---- bytes, headers, signature ----

const BATCH: &str = r#"{"batch": [
  {"type": "track", "userId": "u1", "anonymousId": "a1", "messageId": "m-track", "event": "Order Completed",
   "properties": {"z": 1.50, "10": "ten", "2": "two", "a": "é\u00e9", "big": 1e21, "neg": -0, "dup": 1, "dup": 2},
   "timestamp": "2020-01-02T03:04:05+01:00", "sentAt": "2020-01-02T02:04:06.000Z", "integrations": {},
   "context": {"ip": "203.0.113.9", "library": {"name": "analytics-node", "version": "2.1.0"}}},
  {"type": "identify", "userId": "u1", "messageId": "m-identify", "traits": {"email": "u1@example.com", "logins": 5.0},
   "timestamp": "2020-01-02T02:04:05.123Z"},
  {"type": "page", "userId": "u1", "messageId": "m-page", "name": "Docs", "timestamp": "2020-01-02T02:04:05.123Z",
   "properties": {"title": "Docs", "url": "https://example.com/docs", "path": "/docs", "extra": true}},
  {"type": "screen", "userId": "u1", "messageId": "m-screen", "name": "Home", "timestamp": "2020-01-02T02:04:05.123Z",
   "context": {"device": {"model": "iPhone7,2", "type": "ios", "id": "d1"}, "os": {"name": "iOS"}}},
  {"type": "group", "userId": "u1", "messageId": "m-group", "groupId": "g1", "traits": {"name": "Initech"},
   "timestamp": "2020-01-02T02:04:05.123Z"},
  {"type": "alias", "userId": "u1", "previousId": "anon-1", "messageId": "m-alias",
   "timestamp": "2020-01-02T02:04:05.123Z"}
], "sentAt": "2020-01-02T02:04:06.000Z"}"#;

/// What each item of BATCH must arrive as, written out by hand from docs/WEBHOOKS.md.
const EXPECTED: [(&str, &str); 6] = [
    (
        "track",
        r#"{"version":1,"type":"track","userId":"u1","event":"Order Completed","properties":{"2":"two","10":"ten","z":1.5,"a":"éé","big":1e+21,"neg":0,"dup":2},"timestamp":"2020-01-02T02:04:05.000Z","context":{"ip":"203.0.113.9","library":{"name":"analytics-node","version":"2.1.0"}}}"#,
    ),
    (
        "identify",
        r#"{"version":1,"type":"identify","userId":"u1","traits":{"email":"u1@example.com","logins":5},"timestamp":"2020-01-02T02:04:05.123Z"}"#,
    ),
    (
        "page",
        r#"{"version":1,"type":"page","userId":"u1","properties":{"path":"/docs","referrer":"","title":"Docs","url":"https://example.com/docs"},"timestamp":"2020-01-02T02:04:05.123Z"}"#,
    ),
    (
        "screen",
        r#"{"version":1,"type":"screen","userId":"u1","name":"Home","timestamp":"2020-01-02T02:04:05.123Z","context":{"device":{"model":"iPhone7,2","type":"ios"},"os":{"name":"iOS","version":""},"app":{"build":"","name":"","version":""}}}"#,
    ),
    (
        "group",
        r#"{"version":1,"type":"group","groupId":"g1","userId":"u1","traits":{"name":"Initech"},"timestamp":"2020-01-02T02:04:05.123Z"}"#,
    ),
    (
        "alias",
        r#"{"version":1,"type":"alias","Previous ID":"anon-1","User ID":"u1","timestamp":"2020-01-02T02:04:05.123Z"}"#,
    ),
];

#[tokio::test]
async fn a_batch_arrives_with_the_exact_bytes_headers_and_signature() {
    let env = TestEnv::start().await;
    let receiver = Receiver::start(&[], 200).await;
    let config = json!([
        {"name": "sharedSecret", "value": "s3cret-é"},
        {"name": "hooks", "value": [{"hook": receiver.url, "headers": {"X-Team": "data", "Authorization": "Bearer abc"}}]}
    ]);
    let key = source(&env, "web", true, config).await;
    accepted(&post(&env, "/v1/batch", &key, BATCH).await);
    let hits = wait_hits(&receiver, EXPECTED.len()).await;
    assert_eq!(hits.len(), EXPECTED.len());
    for (kind, want) in EXPECTED {
        let hit = hits
            .iter()
            .find(|h| text(h).contains(&format!(r#""type":"{kind}""#)))
            .unwrap_or_else(|| panic!("no {kind} body among {:?}", hits.iter().map(text).collect::<Vec<_>>()));
        assert_eq!(text(hit), want, "{kind}");
        assert_eq!(hit.headers["x-signature"], hmac_hex("s3cret-é", want.as_bytes()).as_str(), "{kind}");
        assert_eq!(hit.headers["user-agent"], "Segment.io/1.0");
        assert_eq!(hit.headers["content-type"], "application/json");
        assert_eq!(hit.headers["x-team"], "data");
        assert_eq!(hit.headers["authorization"], "Bearer abc");
    }
    let snap = wait_for(&env, "six deliveries", |s| count(s, "delivered") == 6).await;
    let record = attempts_of(&snap, "m-track")[0];
    assert_eq!(record["destination"], "workspaces/demo/sources/web/destinations/webhooks");
    assert_eq!(record["url"], receiver.url.as_str());
    assert_eq!((record["attempt"].as_u64(), record["status"].as_u64()), (Some(1), Some(200)));
    assert_eq!((record["class"].as_str(), record["delivered"].as_bool()), (Some("delivered"), Some(true)));
    assert!(record["error"].is_null() && record["latency_ms"].is_f64() && record["type"] == "track", "{record}");
}

#[tokio::test]
async fn single_calls_without_a_timestamp_carry_the_receive_time_and_sign_the_documented_vector() {
    let env = TestEnv::start().await;
    let receiver = Receiver::start(&[], 200).await;
    let key = source(&env, "web", true, hook(&receiver.url, "teehee")).await;
    // The call that yields docs/WEBHOOKS.md's test vector, through the single-call endpoint.
    let track = r#"{"userId": "019mr8mf4r", "event": "Purchased an Item", "timestamp": "2012-12-02T00:30:08.276Z",
                    "properties": {"revenue": "39.95", "shippingMethod": "2-day"}}"#;
    accepted(&post(&env, "/v1/track", &key, track).await);
    let hits = wait_hits(&receiver, 1).await;
    assert_eq!(text(&hits[0]), VECTOR_BODY);
    assert_eq!(hits[0].headers["x-signature"], VECTOR_SIG);
    // No timestamp: the time it was received, in UTC with milliseconds; no userId: null.
    let before = jiff::Timestamp::now();
    accepted(&post(&env, "/v1/identify", &key, r#"{"anonymousId": "a-7", "traits": {}}"#).await);
    let after = jiff::Timestamp::now();
    let hits = wait_hits(&receiver, 2).await;
    let body: Value = serde_json::from_slice(&hits[1].body).unwrap();
    let prefix = r#"{"version":1,"type":"identify","userId":null,"traits":{},"timestamp":""#;
    assert!(text(&hits[1]).starts_with(prefix), "{}", text(&hits[1]));
    let stamp = body["timestamp"].as_str().unwrap();
    assert!(stamp.len() == 24 && stamp.ends_with('Z'), "{stamp}");
    let stamp: jiff::Timestamp = stamp.parse().unwrap();
    let ms = |t: jiff::Timestamp| t.as_millisecond();
    assert!(ms(before) <= ms(stamp) && ms(stamp) <= ms(after), "{stamp} not in {before}..{after}");
    // Every single-call path answers; the path decides the type.
    for (path, body) in [
        ("/v1/page", r#"{"userId": "u", "type": "track"}"#),
        ("/v1/screen", r#"{"userId": "u"}"#),
        ("/v1/group", r#"{"userId": "u", "groupId": 7}"#),
        ("/v1/alias", r#"{"userId": "u", "previousId": "p"}"#),
    ] {
        accepted(&post(&env, path, &key, body).await);
    }
    let hits = wait_hits(&receiver, 6).await;
    let kinds: Vec<String> = hits[2..]
        .iter()
        .map(|h| serde_json::from_slice::<Value>(&h.body).unwrap()["type"].as_str().unwrap().to_string())
        .collect();
    for kind in ["page", "screen", "group", "alias"] {
        assert!(kinds.iter().any(|k| k == kind), "{kind} in {kinds:?}");
    }
    let group = hits.iter().map(text).find(|t| t.contains(r#""type":"group""#)).unwrap();
    assert!(group.contains(r#""groupId":"7""#), "a numeric id arrives as a string: {group}");
}

// ---- which destinations get what ----

#[tokio::test]
async fn disabled_destinations_and_integrations_off_get_nothing() {
    let env = TestEnv::start().await;
    let off = Receiver::start(&[], 200).await;
    let on = Receiver::start(&[], 200).await;
    let off_key = source(&env, "off", false, hook(&off.url, "k")).await;
    let on_key = source(&env, "on", true, hook(&on.url, "k")).await;
    accepted(&post(&env, "/v1/track", &off_key, r#"{"userId": "u", "event": "to-disabled"}"#).await);
    let skip = r#"{"userId": "u", "event": "skipped", "integrations": {"All": true, "Webhooks": false}}"#;
    accepted(&post(&env, "/v1/track", &on_key, skip).await);
    let skip_all =
        r#"{"batch": [{"type": "track", "userId": "u", "event": "skipped-too"}], "integrations": {"All": false}}"#;
    accepted(&post(&env, "/v1/batch", &on_key, skip_all).await);
    // Only the last message is queued; once it is delivered, nothing else can still be on its way.
    assert_eq!(count(&snapshot(&env).await, "queued"), 0);
    accepted(&post(&env, "/v1/track", &on_key, r#"{"userId": "u", "event": "to-enabled", "messageId": "m-on"}"#).await);
    let snap = wait_for(&env, "the enabled destination's delivery", |s| count(s, "delivered") == 1).await;
    assert_eq!(count(&snap, "queued"), 1);
    assert_eq!(attempts_of(&snap, "m-on").len(), 1);
    assert!(off.hits().is_empty(), "a disabled destination gets nothing");
    let hits = on.hits();
    assert_eq!(hits.len(), 1);
    assert!(text(&hits[0]).contains(r#""event":"to-enabled""#), "{}", text(&hits[0]));
    // Enabled later, the destination gets what is sent from then on.
    let patch = json!({"destination": {"enabled": true}, "update_mask": {"paths": ["destination.enabled"]}});
    env.call("PATCH", "/v1beta/workspaces/demo/sources/off/destinations/webhooks", Some(patch)).await.ok();
    accepted(&post(&env, "/v1/track", &off_key, r#"{"userId": "u", "event": "now-enabled"}"#).await);
    let hits = wait_hits(&off, 1).await;
    assert!(text(&hits[0]).contains(r#""event":"now-enabled""#));
}

#[tokio::test]
async fn fan_out_sends_the_same_bytes_to_every_hook_with_each_hooks_own_headers_and_stops_at_any_success() {
    let env = with_window(Duration::from_secs(30));
    let env = TestEnv::with(env).await;
    let failing = Receiver::start(&[], 500).await;
    let ok = Receiver::start(&[], 200).await;
    let global = Receiver::start(&[], 200).await;
    // Each 2xx waits for the other requests of its attempt to arrive: the first ends the attempt.
    ok.answer_after(&[&failing, &global]);
    global.answer_after(&[&failing, &ok]);
    let config = json!([
        {"name": "sharedSecret", "value": "k"},
        {"name": "globalHook", "value": global.url},
        {"name": "hooks", "value": [
            {"hook": failing.url, "headers": {"X-A": "a"}},
            {"hook": ok.url, "headers": [{"key": "X-B", "value": "b"}]},
            {"hook": ok.url, "headers": {"X-Dup": "never"}}
        ]}
    ]);
    let key = source(&env, "web", true, config).await;
    accepted(&post(&env, "/v1/track", &key, r#"{"userId": "u", "event": "e", "messageId": "m-fan"}"#).await);
    let snap = wait_for(&env, "delivery", |s| count(s, "delivered") == 1 && count(s, "pending") == 0).await;
    let (a, b, c) = (failing.hits(), ok.hits(), global.hits());
    assert_eq!((a.len(), b.len(), c.len()), (1, 1, 1), "one attempt to each URL; a duplicate URL once; no retry");
    assert!(a[0].body == b[0].body && b[0].body == c[0].body);
    let signature = hmac_hex("k", &b[0].body);
    for hit in [&a[0], &b[0], &c[0]] {
        assert_eq!(hit.headers["x-signature"], signature.as_str());
    }
    assert_eq!((a[0].headers.get("x-a").is_some(), a[0].headers.get("x-b").is_some()), (true, false));
    assert_eq!((b[0].headers.get("x-a").is_some(), b[0].headers.get("x-b").is_some()), (false, true));
    assert!(b[0].headers.get("x-dup").is_none());
    assert!(c[0].headers.get("x-a").is_none() && c[0].headers.get("x-b").is_none());
    let mut urls: Vec<&str> = attempts_of(&snap, "m-fan").iter().map(|a| a["url"].as_str().unwrap()).collect();
    urls.sort();
    let mut want = vec![failing.url.as_str(), ok.url.as_str(), global.url.as_str()];
    want.sort();
    assert_eq!(urls, want);
}

// ---- retries ----

#[tokio::test]
async fn temporary_failures_are_retried_only_to_the_urls_that_failed_so() {
    let env = TestEnv::with(with_window(Duration::from_secs(30))).await;
    let final_ = Receiver::start(&[], 400).await;
    let flaky = Receiver::start(&[(503, 0), (429, 0)], 200).await;
    let config = json!([{"name": "hooks", "value": [{"hook": final_.url}, {"hook": flaky.url}]}]);
    let key = source(&env, "web", true, config).await;
    accepted(&post(&env, "/v1/track", &key, r#"{"userId": "u", "event": "e", "messageId": "m-retry"}"#).await);
    let snap = wait_for(&env, "delivery after retries", |s| count(s, "delivered") == 1).await;
    assert_eq!(final_.hits().len(), 1, "a permanent failure is not retried");
    let hits = flaky.hits();
    assert_eq!(hits.len(), 3, "503 and 429 are temporary; the third attempt delivers");
    assert!(hits.windows(2).all(|w| w[0].body == w[1].body), "every attempt sends the same bytes");
    assert!(hits[0].headers.get("x-signature").is_none(), "no secret, no signature");
    let attempts = attempts_of(&snap, "m-retry");
    let numbers: Vec<u64> = attempts.iter().map(|a| a["attempt"].as_u64().unwrap()).collect();
    assert_eq!(numbers, [1, 1, 2, 3]);
    let mut classes: Vec<&str> = attempts.iter().map(|a| a["class"].as_str().unwrap()).collect();
    classes.sort();
    assert_eq!(classes, ["delivered", "permanent", "temporary", "temporary"]);
}

#[tokio::test]
async fn a_receiver_that_is_down_for_a_while_then_recovers_gets_the_message_once() {
    let env = TestEnv::with(with_window(Duration::from_secs(60))).await;
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}/hook");
    let key = source(&env, "web", true, hook(&url, "k")).await;
    accepted(&post(&env, "/v1/track", &key, r#"{"userId": "u", "event": "e", "messageId": "m-down"}"#).await);
    let snap = wait_for(&env, "a failed first attempt", |s| !attempts_of(s, "m-down").is_empty()).await;
    let first = attempts_of(&snap, "m-down")[0];
    assert!(first["status"].is_null() && first["error"].is_string(), "{first}");
    assert_eq!(first["class"], "temporary");
    let mut received = listen_on(port).await;
    let got = recv(&mut received).await;
    assert_eq!(got.signature, listen::Signature::Unchecked);
    let snap = wait_for(&env, "delivery", |s| count(s, "delivered") == 1).await;
    assert!(received.try_recv().is_err(), "delivered once");
    assert_eq!(count(&snap, "pending"), 0);
    assert!(attempts_of(&snap, "m-down").len() >= 2);
}

#[tokio::test]
async fn a_failure_that_outlasts_the_retry_window_is_dropped() {
    let env = TestEnv::with(with_window(Duration::from_secs(2))).await;
    let down = Receiver::start(&[], 500).await;
    let key = source(&env, "web", true, hook(&down.url, "k")).await;
    accepted(&post(&env, "/v1/track", &key, r#"{"userId": "u", "event": "e", "messageId": "m-500"}"#).await);
    let snap = wait_for(&env, "the window to close", |s| count(s, "failed") == 1).await;
    assert_eq!((count(&snap, "delivered"), count(&snap, "pending")), (0, 0));
    let attempts = attempts_of(&snap, "m-500");
    assert!(attempts.len() >= 2, "retried within the window: {}", attempts.len());
    assert_eq!(down.hits().len(), attempts.len());
    assert!(attempts.iter().all(|a| a["status"] == 500 && a["delivered"] == false));
    // A permanent failure ends at once.
    let gone = Receiver::start(&[], 410).await;
    let key = source(&env, "other", true, hook(&gone.url, "k")).await;
    accepted(&post(&env, "/v1/track", &key, r#"{"userId": "u", "event": "e", "messageId": "m-410"}"#).await);
    let snap = wait_for(&env, "the permanent failure", |s| count(s, "failed") == 2).await;
    assert_eq!(attempts_of(&snap, "m-410").len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_destination_does_not_hold_up_another() {
    let env = TestEnv::start().await;
    // Every answer of the slow endpoint takes 3 s (under the 5 s timeout); it gets 200 messages at once.
    let slow = Receiver::start(&[(200, 3000); 200], 200).await;
    let fast = Receiver::start(&[], 200).await;
    let slow_key = source(&env, "slow", true, hook(&slow.url, "k")).await;
    let fast_key = source(&env, "fast", true, hook(&fast.url, "k")).await;
    let items: Vec<Value> =
        (0..200).map(|i| json!({"type": "track", "userId": "u", "event": format!("e{i}")})).collect();
    accepted(&post(&env, "/v1/batch", &slow_key, &json!({"batch": items}).to_string()).await);
    accepted(&post(&env, "/v1/track", &fast_key, r#"{"userId": "u", "event": "fast", "messageId": "m-fast"}"#).await);
    let snap = wait_for(&env, "the fast destination", |s| !attempts_of(s, "m-fast").is_empty()).await;
    assert_eq!(attempts_of(&snap, "m-fast")[0]["delivered"], true);
    assert_eq!(count(&snap, "delivered"), 1, "the fast message did not wait for any slow answer");
    assert!(count(&snap, "pending") >= 190, "{}", count(&snap, "pending"));
    assert_eq!(fast.hits().len(), 1);
}

// ---- deletion requests ----

#[tokio::test]
async fn a_deletion_request_sends_one_delete_per_user_to_each_source_with_webhooks_enabled() {
    let env = TestEnv::start().await;
    let (r1, r2, r3) =
        (Receiver::start(&[], 200).await, Receiver::start(&[], 200).await, Receiver::start(&[], 200).await);
    source(&env, "s1", true, hook(&r1.url, "k1")).await;
    source(&env, "s2", true, json!([{"name": "hooks", "value": [{"hook": r2.url}]}])).await;
    source(&env, "s3", false, hook(&r3.url, "k3")).await;
    env.create_source("demo", "no-destination").await.ok();
    let request = json!({"regulation_type": "Suppress_With_Delete",
                         "attributes": {"name": "userId", "values": ["u1", "u\"2"]}});
    let created = env.call("POST", "/v1beta/workspaces/demo/regulations", Some(request)).await;
    let id = created.ok()["regulate_id"].as_str().unwrap().to_string();
    let regulation = env.get(&format!("/v1beta/workspaces/demo/regulations/{id}")).await;
    let time = regulation.ok()["create_time"].as_str().unwrap().to_string();
    let want = |user: &str| format!(r#"{{"type":"delete","userId":{user},"timestamp":"{time}"}}"#);
    let (u1, u2) = (want(r#""u1""#), want(r#""u\"2""#));
    for (receiver, secret) in [(&r1, Some("k1")), (&r2, None)] {
        let hits = wait_hits(receiver, 2).await;
        let mut bodies: Vec<&str> = hits.iter().map(text).collect();
        bodies.sort();
        let mut expected = vec![u1.as_str(), u2.as_str()];
        expected.sort();
        assert_eq!(bodies, expected);
        for hit in &hits {
            let signature = hit.headers.get("x-signature").map(|v| v.to_str().unwrap().to_string());
            assert_eq!(signature, secret.map(|s| hmac_hex(s, &hit.body)));
        }
    }
    let snap = wait_for(&env, "four deletes", |s| count(s, "delivered") == 4).await;
    assert_eq!(count(&snap, "queued"), 4, "nothing for the disabled destination");
    assert!(r3.hits().is_empty());
    // Suppressing deletes nothing, so it notifies nobody (queueing happens before the answer).
    let suppress = json!({"regulation_type": "Suppress", "attributes": {"name": "userId", "values": ["u3"]}});
    env.call("POST", "/v1beta/workspaces/demo/regulations", Some(suppress)).await.ok();
    assert_eq!(count(&snapshot(&env).await, "queued"), 4);
}

/// The Public API's id of a source of workspace `demo`.
async fn public_id(env: &TestEnv, slug: &str) -> String {
    let sources = env.get("/sources").await;
    let all = sources.ok()["data"]["sources"].as_array().unwrap().clone();
    all.iter().find(|s| s["slug"] == slug).unwrap()["id"].as_str().unwrap().to_string()
}

/// A regulation deleting `user`'s data, of one source (by its Public API id) or of the whole workspace: its id.
async fn regulate(env: &TestEnv, source: Option<&str>, user: &str) -> String {
    let body = json!({"regulationType": "DELETE_ONLY", "subjectType": "USER_ID", "subjectIds": [user]});
    let path = source.map_or("/regulations".to_string(), |id| format!("/regulations/sources/{id}"));
    env.call("POST", &path, Some(body)).await.ok()["data"]["regulateId"].as_str().unwrap().to_string()
}

/// A regulation's `overallStatus` and `finishedAt`, and its list entry's `status` and `finishedAt`.
async fn standing(env: &TestEnv, id: &str) -> (String, String, String, Option<String>) {
    let got = env.get(&format!("/regulations/{id}")).await.ok()["data"]["regulation"].clone();
    let listed = env.get("/regulations").await.ok()["data"]["regulations"].as_array().unwrap().clone();
    let entry = listed.into_iter().find(|r| r["id"] == id).unwrap();
    let text = |v: &Value| v.as_str().unwrap().to_string();
    (
        text(&got["overallStatus"]),
        text(&got["finishedAt"]),
        text(&entry["status"]),
        entry["finishedAt"].as_str().map(String::from),
    )
}

#[tokio::test]
async fn a_regulation_stands_initialized_until_its_deletes_are_sent_and_only_then_can_be_deleted() {
    let env = TestEnv::with(with_window(Duration::from_secs(60))).await;
    // Nobody listens at `down` yet: its delete is retried, so its regulation stays INITIALIZED.
    let down = format!("http://127.0.0.1:{}/hook", free_port());
    let (up, gone) = (Receiver::start(&[], 200).await, Receiver::start(&[], 410).await);
    source(&env, "down", true, hook(&down, "k")).await;
    source(&env, "up", true, hook(&up.url, "k")).await;
    source(&env, "gone", true, hook(&gone.url, "k")).await;
    let (down_id, up_id, gone_id) =
        (public_id(&env, "down").await, public_id(&env, "up").await, public_id(&env, "gone").await);

    let pending = regulate(&env, Some(&down_id), "u1").await;
    wait_for(&env, "a failed first attempt", |s| !attempts_of(s, &format!("{pending}-0")).is_empty()).await;
    let (overall, finished, status, listed_finished) = standing(&env, &pending).await;
    assert_eq!((overall.as_str(), finished.as_str(), status.as_str()), ("INITIALIZED", "", "INITIALIZED"));
    assert_eq!(listed_finished, None, "no finishedAt before it finishes");
    let initialized = env.get("/regulations?status=INITIALIZED").await.ok()["data"]["regulations"].clone();
    assert_eq!(initialized.as_array().unwrap().len(), 1);
    // Deleted while INITIALIZED: gone, and its delete is never sent, even once someone listens.
    let deleted = env.call("DELETE", &format!("/regulations/{pending}"), None).await;
    assert_eq!(deleted.ok()["data"], json!({"status": "SUCCESS"}));
    assert_eq!(env.get(&format!("/regulations/{pending}")).await.status, 404);
    let snap = snapshot(&env).await;
    assert_eq!((count(&snap, "pending"), count(&snap, "delivered")), (0, 0));

    // Delivered: FINISHED, with the time it finished, and no longer deletable.
    let finished = regulate(&env, Some(&up_id), "u2").await;
    wait_for(&env, "the delete delivered", |s| count(s, "delivered") == 1).await;
    let (overall, at, status, listed_at) = standing(&env, &finished).await;
    assert_eq!((overall.as_str(), status.as_str()), ("FINISHED", "FINISHED"));
    assert!(!at.is_empty() && listed_at.as_deref() == Some(at.as_str()), "{at} {listed_at:?}");
    let refused = env.call("DELETE", &format!("/regulations/{finished}"), None).await;
    assert_eq!(refused.status, 400, "{}", refused.text);
    assert!(refused.text.contains("FINISHED"), "{}", refused.text);
    assert_eq!(up.hits().len(), 1);

    // Every delete dropped: FAILED; some: PARTIAL_SUCCESS (`down` has no destination left to wait on: its
    // source is deleted first).
    let failed = regulate(&env, Some(&gone_id), "u3").await;
    wait_for(&env, "the permanent failure", |s| count(s, "failed") == 1).await;
    assert_eq!(standing(&env, &failed).await.0, "FAILED");
    env.call("DELETE", "/v1beta/workspaces/demo/sources/down", None).await.ok();
    let partial = regulate(&env, None, "u4").await;
    wait_for(&env, "both ends", |s| count(s, "delivered") == 2 && count(s, "failed") == 2).await;
    assert_eq!(standing(&env, &partial).await.2, "PARTIAL_SUCCESS");
    // One with nothing to send is finished when made.
    env.call("DELETE", "/v1beta/workspaces/demo/sources/up", None).await.ok();
    env.call("DELETE", "/v1beta/workspaces/demo/sources/gone", None).await.ok();
    let nothing = regulate(&env, None, "u5").await;
    assert_eq!(standing(&env, &nothing).await.0, "FINISHED");
}

// ---- what is refused ----

#[tokio::test]
async fn bad_write_keys_get_401_and_queue_nothing() {
    let env = TestEnv::start().await;
    let receiver = Receiver::start(&[], 200).await;
    let key = source(&env, "web", true, hook(&receiver.url, "k")).await;
    let body = r#"{"userId": "u", "event": "e"}"#;
    let basic = |user_pass: &str| format!("Basic {}", base64(user_pass.as_bytes()));
    let with_password = basic(&format!("{key}:password"));
    let bearer = format!("Bearer {WRITE}");
    let wrong_key = basic("not-a-write-key:");
    let api_token = basic(&format!("{WRITE}:"));
    for authorization in [
        None,
        Some(bearer.as_str()),
        Some(wrong_key.as_str()),
        Some(api_token.as_str()),
        Some(with_password.as_str()),
        Some("Basic !!!"),
        Some("Basic "),
    ] {
        post_auth(&env, "/v1/track", authorization, body).await.assert_error(401, 16);
    }
    assert_eq!(count(&snapshot(&env).await, "queued"), 0);
    // The same key the libraries' way: user name, empty password (with or without padding, or even the colon).
    for authorization in
        [basic(&format!("{key}:")), basic(&format!("{key}:")).trim_end_matches('=').into(), basic(&key)]
    {
        accepted(&post_auth(&env, "/v1/track", Some(&authorization), body).await);
    }
    assert_eq!(count(&snapshot(&env).await, "queued"), 3);
}

fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[tokio::test]
async fn malformed_batches_get_400_and_nothing_is_queued() {
    let env = TestEnv::start().await;
    let receiver = Receiver::start(&[], 200).await;
    let key = source(&env, "web", true, hook(&receiver.url, "k")).await;
    let good = r#"{"type": "track", "userId": "u", "event": "good"}"#;
    let bad_batches = [
        "{".to_string(),
        "".to_string(),
        "[]".to_string(),
        r#"{"batch": {}}"#.to_string(),
        r#"{"messages": []}"#.to_string(),
        r#"{"batch": [1]}"#.to_string(),
        format!(r#"{{"batch": [{good}, {{"type": "bogus", "userId": "u"}}]}}"#),
        format!(r#"{{"batch": [{good}, {{"userId": "u", "event": "no type"}}]}}"#),
        format!(r#"{{"batch": [{good}, {{"type": "track", "userId": "u"}}]}}"#),
        format!(r#"{{"batch": [{good}, {{"type": "identify", "traits": {{}}}}]}}"#),
        format!(r#"{{"batch": [{good}, {{"type": "alias", "userId": "u"}}]}}"#),
        format!(r#"{{"batch": [{good}, {{"type": "group", "userId": "u"}}]}}"#),
        format!(r#"{{"batch": [{good}, {{"type": "track", "userId": "u", "event": "e", "properties": []}}]}}"#),
        format!(r#"{{"batch": [{good}, {{"type": "track", "userId": "u", "event": "e", "timestamp": "yesterday"}}]}}"#),
        format!(r#"{{"batch": [{good}, {{"type": "track", "userId": true, "event": "e"}}]}}"#),
        format!(r#"{{"batch": [{good}]}} trailing"#),
    ];
    for body in &bad_batches {
        let answer = post(&env, "/v1/batch", &key, body).await;
        answer.assert_error(400, 3);
        assert!(!answer.json["error"].as_str().unwrap().is_empty(), "{body}");
    }
    post(&env, "/v1/track", &key, r#"{"userId": "u"}"#).await.assert_error(400, 3);
    post(&env, "/v1/alias", &key, r#"{"userId": "u"}"#).await.assert_error(400, 3);
    post(&env, "/v1/page", &key, r#"{"userId": "u", "context": "web"}"#).await.assert_error(400, 3);
    let huge = format!(r#"{{"batch": [], "pad": "{}"}}"#, "x".repeat(4 * 1024 * 1024));
    post(&env, "/v1/batch", &key, &huge).await.assert_error(413, 3);
    assert_eq!(count(&snapshot(&env).await, "queued"), 0, "nothing of a refused request is queued");
    // A good batch afterwards: exactly its one message arrives (none of the good items above did).
    accepted(&post(&env, "/v1/batch", &key, &format!(r#"{{"batch": [{good}]}}"#)).await);
    wait_for(&env, "the good batch", |s| count(s, "delivered") == 1).await;
    assert_eq!(receiver.hits().len(), 1);
    assert_eq!(count(&snapshot(&env).await, "queued"), 1);
}

// ---- restarts and the log ----

#[tokio::test]
async fn with_data_a_pending_delivery_survives_a_restart_and_is_sent_once() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("state.redb");
    let options = || EmulatorOptions {
        data: Some(data.clone()),
        retry_window: Some(Duration::from_secs(3600)),
        ..EmulatorOptions::default()
    };
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}/hook");
    let env = TestEnv::with(options()).await;
    let key = source(&env, "web", true, hook(&url, "k")).await;
    let track = r#"{"userId": "u", "event": "kept", "messageId": "m-kept", "timestamp": "2021-05-06T07:08:09.010Z"}"#;
    accepted(&post(&env, "/v1/track", &key, track).await);
    wait_for(&env, "the first attempt to fail", |s| !attempts_of(s, "m-kept").is_empty()).await;
    env.stop().await;

    let mut received = listen_on(port).await;
    let env = TestEnv::with(options()).await;
    let got = recv(&mut received).await;
    assert_eq!(
        got.body,
        r#"{"version":1,"type":"track","userId":"u","event":"kept","properties":{},"timestamp":"2021-05-06T07:08:09.010Z"}"#
    );
    let signature = got.headers.iter().find(|(k, _)| k == "x-signature").map(|(_, v)| v.clone());
    assert_eq!(signature, Some(hmac_hex("k", got.body.as_bytes())));
    let snap = wait_for(&env, "the resumed delivery", |s| count(s, "delivered") == 1).await;
    assert_eq!(count(&snap, "recovered"), 1);
    assert_eq!(attempts_of(&snap, "m-kept")[0]["attempt"], 1, "the resumed job starts a new series of attempts");
    env.stop().await;

    // Delivered means removed: a third start has nothing to resume.
    let env = TestEnv::with(options()).await;
    let snap = snapshot(&env).await;
    assert_eq!((count(&snap, "recovered"), count(&snap, "queued")), (0, 0));
    assert!(received.try_recv().is_err(), "sent once");
    env.stop().await;
}

/// Each attempt is a line on stderr, the hook's credentials masked.
#[test]
fn seg_serve_logs_every_attempt_on_stderr() {
    // The test's own HTTP client needs the TLS provider seg installs (when run alone, nothing else did).
    seg::init_tls();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let receiver = runtime.block_on(Receiver::start(&[(503, 0)], 200));
    let with_creds = receiver.url.replace("http://", "http://user:pw-s3cret@");
    let dir = tempfile::tempdir().unwrap();
    let seed = dir.path().join("seed.json");
    let seed_json = json!({
        "sources": [{"name": "workspaces/demo/sources/web", "catalog_name": "catalog/sources/javascript"}],
        "destinations": [{"name": "workspaces/demo/sources/web/destinations/webhooks", "enabled": true,
                          "config": [{"name": "hooks", "value": [{"hook": with_creds}]}]}]
    });
    std::fs::write(&seed, seed_json.to_string()).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_seg"))
        .args(["serve", "--port", "0", "--rate-limit", "0", "--retry-window", "30s", "--accept-token", "tok:workspace"])
        .arg("--seed")
        .arg(&seed)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap()).lines();
    let base = stdout.next().unwrap().unwrap().strip_prefix("listening on ").unwrap().to_string();
    let (lines, stderr) = std::sync::mpsc::channel();
    let err = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    runtime.block_on(async {
        let client = reqwest::Client::new();
        let source: Value = client
            .get(format!("{base}/v1beta/workspaces/demo/sources/web"))
            .bearer_auth("tok")
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let key = source["write_keys"][0].as_str().unwrap();
        let answer = client
            .post(format!("{base}/v1/track"))
            .basic_auth(key, Some(""))
            .body(r#"{"userId": "u", "event": "logged", "messageId": "m-log"}"#)
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 200);
    });
    let shown = receiver.url.replace("http://", "http://user:(redacted)@");
    let prefix = format!("webhook workspaces/demo/sources/web/destinations/webhooks {shown} attempt");
    let deadline = Instant::now() + DEADLINE;
    let mut seen = Vec::new();
    while !seen.iter().any(|l: &String| l.starts_with(&format!("{prefix} 2: 200 in "))) {
        let left = deadline.saturating_duration_since(Instant::now());
        match stderr.recv_timeout(left) {
            Ok(line) => seen.push(line),
            Err(_) => panic!("no delivered attempt 2 on stderr; saw:\n{}", seen.join("\n")),
        }
    }
    let first = seen.iter().find(|l| l.starts_with(&format!("{prefix} 1: "))).expect("attempt 1 logged");
    assert!(
        first.starts_with(&format!("{prefix} 1: 503 in ")) && first.ends_with("(temporary; track m-log)"),
        "{first}"
    );
    assert!(seen.iter().any(|l| l.starts_with("POST /v1/track 200 ")), "the request itself is logged: {seen:?}");
    assert!(seen.iter().all(|l| !l.contains("s3cret")), "{seen:?}");
    let _ = child.kill();
    let _ = child.wait();
}

/// Destination filters change what is delivered: a drop by FQL, field allow and deny lists, a deterministic sample,
/// and a filter the emulator cannot evaluate, which is not applied and says so in the delivery log.
#[tokio::test]
async fn destination_filters_change_what_is_delivered() {
    let env = TestEnv::start().await;
    let receiver = Receiver::start(&[], 200).await;
    let key = source(&env, "filtered", true, hook(&receiver.url, "k")).await;
    let filters = "/v1beta/workspaces/demo/sources/filtered/destinations/webhooks/filters";
    let add = |title: &str, condition: &str, actions: Value| json!({"filter": {"title": title, "if": condition, "enabled": true, "actions": actions}});
    for body in [
        add("no tests", "userId = 'test' or match(event, 'Debug *')", json!([{"type": "drop_event"}])),
        add(
            "fields",
            "type = 'track'",
            json!([{"type": "whitelist_fields", "fields": {"properties": {"fields": ["plan", "price"]}}},
                   {"type": "blacklist_fields", "fields": {"properties": {"fields": ["price"]}, "context": {"fields": ["ip"]}}}]),
        ),
        add("half of pages", "type = 'page'", json!([{"type": "sample_event", "percent": 0.5, "path": "userId"}])),
        add("unknown", "hash(userId) = 'x'", json!([{"type": "drop_event"}])),
    ] {
        env.call("POST", filters, Some(body)).await.ok();
    }
    let bad = add("bad", "type = ", json!([{"type": "drop_event"}]));
    env.call("POST", filters, Some(bad)).await.assert_error(400, 3);
    let bad = add("bad", "all", json!([{"type": "sample_event", "percent": 7}]));
    env.call("POST", filters, Some(bad)).await.assert_error(400, 3);

    let track = |user: &str, event: &str| {
        json!({"type": "track", "userId": user, "event": event, "messageId": format!("{user}-{event}"),
               "properties": {"plan": "pro", "price": 9, "secret": "s"}, "context": {"ip": "1.2.3.4", "locale": "en"}})
    };
    let mut batch = vec![track("test", "Signed Up"), track("u1", "Debug ping"), track("u1", "Signed Up")];
    // Pages of 40 users: the sample keeps those whose userId hashes below 0.5, the same ones every time.
    batch.extend(
        (0..40).map(|i| json!({"type": "page", "userId": format!("user-{i}"), "messageId": format!("page-{i}")})),
    );
    batch.extend(
        (0..40).map(|i| json!({"type": "page", "userId": format!("user-{i}"), "messageId": format!("again-{i}")})),
    );
    accepted(&post(&env, "/v1/batch", &key, &json!({"batch": batch}).to_string()).await);
    let snap =
        wait_for(&env, "every kept event delivered", |s| count(s, "pending") == 0 && count(s, "queued") > 0).await;
    let hits = receiver.hits();
    let bodies: Vec<Value> = hits.iter().map(|h| serde_json::from_slice(&h.body).unwrap()).collect();
    let tracks: Vec<&Value> = bodies.iter().filter(|b| b["type"] == "track").collect();
    assert_eq!(tracks.len(), 1, "the test user and the debug event are dropped: {tracks:?}");
    assert_eq!(tracks[0]["properties"], json!({"plan": "pro"}), "allowed, then price denied");
    assert_eq!(tracks[0]["context"], json!({"locale": "en"}));
    // What was delivered is signed as sent.
    let track_hit = hits.iter().find(|h| text(h).contains(r#""type":"track""#)).unwrap();
    assert_eq!(track_hit.headers["x-signature"], hmac_hex("k", &track_hit.body));
    let pages: Vec<&str> =
        bodies.iter().filter(|b| b["type"] == "page").map(|b| b["userId"].as_str().unwrap()).collect();
    let first: std::collections::BTreeSet<&str> = pages.iter().take(pages.len() / 2).copied().collect();
    let again: std::collections::BTreeSet<&str> = pages.iter().skip(pages.len() / 2).copied().collect();
    assert_eq!(pages.len() % 2, 0, "{pages:?}");
    assert_eq!(first, again, "the same users are sampled each time");
    assert!((8..=32).contains(&first.len()), "about half of 40 users kept: {}", first.len());
    let filtered = snap["filtered"].as_array().unwrap();
    let outcomes = |o: &str| filtered.iter().filter(|r| r["outcome"] == o).count();
    assert_eq!(outcomes("dropped"), 2);
    assert_eq!(outcomes("sampled_out"), 80 - pages.len());
    let unevaluated = filtered.iter().find(|r| r["outcome"] == "not_evaluated").unwrap();
    assert!(unevaluated["detail"].as_str().unwrap().contains("hash()"), "{unevaluated}");
    // Disabled, a filter does nothing.
    let dropper = env.get(filters).await.ok()["filters"][0]["name"].as_str().unwrap().to_string();
    let off = json!({"filter": {"enabled": false}, "update_mask": {"paths": ["enabled"]}});
    env.call("PATCH", &format!("/v1beta/{dropper}"), Some(off)).await.ok();
    accepted(&post(&env, "/v1/track", &key, &track("test", "Again").to_string()).await);
    wait_hits(&receiver, hits.len() + 1).await;
}

// ---- exactly the deliveries the contract says ----

/// A deletion request sends one `delete` per user per source, whatever it repeats.
#[tokio::test]
async fn a_user_named_twice_in_a_deletion_request_gets_one_delete_per_source() {
    let env = TestEnv::start().await;
    let (r1, r2) = (Receiver::start(&[], 200).await, Receiver::start(&[], 200).await);
    source(&env, "s1", true, hook(&r1.url, "k")).await;
    source(&env, "s2", true, hook(&r2.url, "k")).await;
    let request = json!({"regulation_type": "Delete",
                         "attributes": {"name": "userId", "values": ["u1", "u2", "u1", "u1", "u2", "u3"]}});
    env.call("POST", "/v1beta/workspaces/demo/regulations", Some(request)).await.ok();
    let snap = wait_for(&env, "the deletes", |s| count(s, "pending") == 0 && count(s, "delivered") > 0).await;
    assert_eq!(count(&snap, "queued"), 6, "three users, two sources");
    for receiver in [&r1, &r2] {
        let mut users: Vec<String> = receiver
            .hits()
            .iter()
            .map(|h| serde_json::from_slice::<Value>(&h.body).unwrap()["userId"].as_str().unwrap().to_string())
            .collect();
        users.sort();
        assert_eq!(users, ["u1", "u2", "u3"]);
    }
}

/// The hooks of a destination are compared as endpoints: a fragment, a default or leading-zero port, dot segments,
/// host case or an escaped letter do not make another receiver, so the receiver gets one request per attempt.
#[tokio::test]
async fn one_endpoint_gets_one_request_per_attempt_however_its_hooks_spell_it() {
    let env = TestEnv::start().await;
    let receiver = Receiver::start(&[], 200).await;
    let other = Receiver::start(&[], 200).await;
    // Each answers once the other has its request: the first 2xx ends the attempt.
    receiver.answer_after(&[&other]);
    other.answer_after(&[&receiver]);
    let port = receiver.url.trim_start_matches("http://127.0.0.1:").trim_end_matches("/hook").to_string();
    let config = json!([
        {"name": "globalHook", "value": format!("http://127.0.0.1:{port}/a/../hook")},
        {"name": "hooks", "value": [
            {"hook": receiver.url},
            {"hook": format!("{}#2", receiver.url)},
            {"hook": format!("http://127.0.0.1:0{port}/./%68ook")},
            {"hook": other.url},
        ]}
    ]);
    let key = source(&env, "web", true, config).await;
    accepted(&post(&env, "/v1/track", &key, r#"{"userId": "u", "event": "e", "messageId": "m-one"}"#).await);
    let snap = wait_for(&env, "the delivery", |s| count(s, "pending") == 0 && count(s, "queued") == 1).await;
    let urls: Vec<&str> = attempts_of(&snap, "m-one").iter().map(|a| a["url"].as_str().unwrap()).collect();
    assert_eq!(urls.len(), 2, "{urls:?}");
    assert_eq!(receiver.hits().len(), 1, "one request to the endpoint");
}

/// The first 2xx delivers the message: the hook that hangs is cancelled, not waited for until its timeout, so it
/// holds none of its destination's delivery slots.
#[tokio::test]
async fn a_hanging_hook_is_cancelled_once_another_took_the_message() {
    let env = TestEnv::start().await;
    let hanging = Receiver::start(&[(200, 120_000); 100], 200).await;
    let ok = Receiver::start(&[], 200).await;
    let config = json!([{"name": "hooks", "value": [{"hook": hanging.url}, {"hook": ok.url}]}]);
    let key = source(&env, "web", true, config).await;
    let items: Vec<Value> = (0..100)
        .map(|i| json!({"type": "track", "userId": "u", "event": "e", "messageId": format!("m-{i}")}))
        .collect();
    accepted(&post(&env, "/v1/batch", &key, &json!({"batch": items}).to_string()).await);
    let snap = wait_for(&env, "every message delivered", |s| count(s, "delivered") == 100).await;
    assert_eq!(count(&snap, "pending"), 0);
    let to_hanging: Vec<&Value> =
        snap["deliveries"].as_array().unwrap().iter().filter(|a| a["url"] == hanging.url.as_str()).collect();
    assert!(!to_hanging.is_empty());
    for attempt in to_hanging {
        assert_eq!(attempt["class"], "cancelled", "{attempt}");
        assert_eq!(attempt["delivered"], false, "{attempt}");
    }
}

/// Hook headers never set what decides the framing or the signature (400 / 3, in both shapes and any case), are
/// each given once, and a hook's Content-Type or User-Agent replaces seg's instead of going beside it.
#[tokio::test]
async fn hook_headers_never_set_the_framing_or_the_signature_and_are_sent_once() {
    let env = TestEnv::start().await;
    env.create_source("demo", "web").await.ok();
    let create = |headers: Value| {
        json!({"destination": {"name": "webhooks", "enabled": true,
                               "config": [{"name": "hooks", "value": [{"hook": "http://127.0.0.1:9/h", "headers": headers}]}]}})
    };
    let path = "/v1beta/workspaces/demo/sources/web/destinations";
    for name in crate::webhook::RESERVED_NAMES {
        for spelled in [name.to_string(), name.to_ascii_lowercase()] {
            let map = create(json!({spelled.clone(): "5"}));
            env.call("POST", path, Some(map)).await.assert_error(400, 3);
            let list = create(json!([{"key": spelled, "value": "5"}]));
            env.call("POST", path, Some(list)).await.assert_error(400, 3);
        }
    }
    let twice = create(json!([{"key": "X-A", "value": "1"}, {"key": "x-a", "value": "2"}]));
    env.call("POST", path, Some(twice)).await.assert_error(400, 3);
    // An update is checked the same way.
    let receiver = Receiver::start(&[], 200).await;
    let key = source(&env, "other", true, hook(&receiver.url, "k")).await;
    let patch = |headers: Value| {
        json!({"destination": {"config": [{"name": "hooks", "value": [{"hook": receiver.url, "headers": headers}]}]},
               "update_mask": {"paths": ["destination.config"]}})
    };
    let at = "/v1beta/workspaces/demo/sources/other/destinations/webhooks";
    env.call("PATCH", at, Some(patch(json!({"Content-Length": "5"})))).await.assert_error(400, 3);
    let own = json!({"Content-Type": "application/json; charset=utf-8", "User-Agent": "hook/1", "X-Team": "a"});
    env.call("PATCH", at, Some(patch(own))).await.ok();
    accepted(&post(&env, "/v1/track", &key, r#"{"userId": "u", "event": "e"}"#).await);
    let hit = &wait_hits(&receiver, 1).await[0];
    let all =
        |name: &str| hit.headers.get_all(name).iter().map(|v| v.to_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(all("content-type"), ["application/json; charset=utf-8"]);
    assert_eq!(all("user-agent"), ["hook/1"]);
    assert_eq!(all("content-length"), [hit.body.len().to_string()]);
    assert_eq!(all("x-signature"), [hmac_hex("k", &hit.body)]);
}

/// Hooks that point back at the emulator cannot multiply deliveries: a hook at its own tracking endpoints is
/// refused when configured, and a delivery that comes back as a tracking call by another way (here through two
/// forwarders, with the source's write key) is refused, once, instead of being delivered again to both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deliveries_that_come_back_as_tracking_calls_are_refused_not_multiplied() {
    let env = TestEnv::start().await;
    let port = env.base.rsplit(':').next().unwrap().to_string();
    env.create_source("demo", "loop").await.ok();
    let path = "/v1beta/workspaces/demo/sources/loop/destinations";
    for url in [
        format!("{}/v1/track", env.base),
        format!("http://localhost:{port}/v1/batch"),
        format!("http://127.0.0.1:0{port}/v1/../v1/identify#x"),
    ] {
        for config in
            [json!([{"name": "hooks", "value": [{"hook": url}]}]), json!([{"name": "globalHook", "value": url}])]
        {
            let body = json!({"destination": {"name": "webhooks", "enabled": true, "config": config}});
            let answer = env.call("POST", path, Some(body)).await;
            answer.assert_error(400, 3);
            assert!(answer.json["error"].as_str().unwrap().contains("own tracking endpoints"), "{}", answer.text);
        }
    }
    // The emulator's API paths are no tracking endpoints, and another port is another server.
    let fine = json!([{"name": "hooks", "value": [{"hook": format!("{}/v1beta/x", env.base)}, {"hook": "http://127.0.0.1:9/v1/track"}]}]);
    let body = json!({"destination": {"name": "webhooks", "enabled": true, "config": fine}});
    env.call("POST", path, Some(body)).await.ok();
    let key = env.get("/v1beta/workspaces/demo/sources/loop").await.ok()["write_keys"][0].as_str().unwrap().to_string();
    // Two forwarders that hand every delivery back to /v1/track as the source's own tracking calls.
    let target = format!("{}/v1/track", env.base);
    let mut forwarders = Vec::new();
    for _ in 0..2 {
        let (sink, received) = mpsc::unbounded_channel();
        let options = listen::ListenOptions { forward_to: Some(target.clone()), ..listen::ListenOptions::default() };
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/in", listener.local_addr().unwrap());
        tokio::spawn(axum::serve(listener, listen::router(options, sink)).into_future());
        forwarders.push((url, received));
    }
    let basic = format!("Basic {}", base64(format!("{key}:").as_bytes()));
    let hooks: Vec<Value> =
        forwarders.iter().map(|(url, _)| json!({"hook": url, "headers": {"Authorization": basic}})).collect();
    let patch = json!({"destination": {"config": [{"name": "hooks", "value": hooks}]},
                       "update_mask": {"paths": ["destination.config"]}});
    env.call("PATCH", &format!("{path}/webhooks"), Some(patch)).await.ok();
    accepted(&post(&env, "/v1/track", &key, r#"{"userId": "u", "event": "e", "messageId": "m-loop"}"#).await);
    let snap = wait_for(&env, "the delivery to fail", |s| count(s, "failed") == 1 && count(s, "pending") == 0).await;
    assert_eq!(count(&snap, "queued"), 1, "no delivery came back as a new message: {snap:#}");
    let attempts = attempts_of(&snap, "m-loop");
    assert_eq!(attempts.len(), 2, "one attempt to each forwarder, refused (400) and so final: {attempts:?}");
    assert!(attempts.iter().all(|a| a["status"] == 400 && a["class"] == "permanent"), "{attempts:?}");
    for (_, received) in &mut forwarders {
        let got = recv(received).await;
        assert_eq!(got.answer.status, 400);
        assert!(received.try_recv().is_err());
    }
}

/// The queue has a bound: deliveries beyond it are dropped, counted and said (`overflowed`, `limit`), never piled
/// up without end.
#[tokio::test]
async fn the_delivery_queue_has_a_bound_and_says_when_it_is_reached() {
    let env = TestEnv::with(EmulatorOptions { max_pending: Some(3), ..EmulatorOptions::default() }).await;
    let hanging = Receiver::start(&[(200, 120_000); 10], 200).await;
    let key = source(&env, "web", true, hook(&hanging.url, "k")).await;
    let items: Vec<Value> = (0..5).map(|i| json!({"type": "track", "userId": "u", "event": format!("e{i}")})).collect();
    accepted(&post(&env, "/v1/batch", &key, &json!({"batch": items}).to_string()).await);
    let snap = snapshot(&env).await;
    assert_eq!((count(&snap, "queued"), count(&snap, "pending")), (3, 3), "{snap:#}");
    assert_eq!((count(&snap, "overflowed"), count(&snap, "limit")), (2, 3), "{snap:#}");
    // A deletion request meets the same bound.
    let request = json!({"regulation_type": "Delete", "attributes": {"name": "userId", "values": ["u1"]}});
    env.call("POST", "/v1beta/workspaces/demo/regulations", Some(request)).await.ok();
    assert_eq!(count(&snapshot(&env).await, "overflowed"), 3);
    wait_hits(&hanging, 3).await;
}

/// Credentials in a hook's URL never show: not in `/_emulator/deliveries`, not in `/_emulator/requests` (the body
/// that configured the hook), while the request itself still carries them.
#[tokio::test]
async fn hook_credentials_are_masked_in_the_control_answers() {
    let env = TestEnv::start().await;
    let receiver = Receiver::start(&[], 200).await;
    let url = receiver.url.replace("http://", "http://user:pw-s3cret@");
    let key = source(&env, "web", true, hook(&url, "k")).await;
    accepted(&post(&env, "/v1/track", &key, r#"{"userId": "u", "event": "e", "messageId": "m-creds"}"#).await);
    let snap = wait_for(&env, "the delivery", |s| count(s, "delivered") == 1).await;
    assert_eq!(attempts_of(&snap, "m-creds")[0]["url"], receiver.url.replace("http://", "http://user:(redacted)@"));
    let requests = env.get("/_emulator/requests").await;
    for text in [snap.to_string(), requests.text.clone()] {
        assert!(!text.contains("s3cret"), "{text}");
    }
    assert!(requests.text.contains("user:(redacted)@127.0.0.1"), "{}", requests.text);
    assert_eq!(
        wait_hits(&receiver, 1).await[0].headers["authorization"],
        format!("Basic {}", base64(b"user:pw-s3cret")).as_str()
    );
}

/// A hook's credentials in what `-v`/`-vv` and `--dry-run` show of the request that configures it.
#[tokio::test]
async fn hook_credentials_are_masked_at_vv_and_in_dry_run_descriptions() {
    let env = TestEnv::start().await;
    env.create_source("demo", "web").await.ok();
    let config =
        r#"hooks=[{"hook": "https://user:pw-s3cret@example.com/in"}, {"hook": "https://tok-s3cret@example.com/2"}]"#;
    let create = ["-w", "demo", "destinations", "create", "web/webhooks", "--config", config, "-o", "name"];
    let dry = env.seg(&[&["--dry-run"], &create[..]].concat()).await;
    dry.code(0);
    assert!(dry.stdout.contains("https://user:(redacted)@example.com/in"), "{}", dry.stdout);
    let verbose = env.seg(&[&["-vv"], &create[..]].concat()).await;
    verbose.code(0);
    assert!(verbose.stderr.contains("https://(redacted)@example.com/2"), "{}", verbose.stderr);
    for text in [&dry.stdout, &dry.stderr, &verbose.stdout, &verbose.stderr] {
        assert!(!text.contains("s3cret"), "{text}");
    }
}

/// What clients sent reaches the control answers with its control characters escaped (JSON's `\u009b`, the same
/// value), so `curl` on a terminal prints nothing that drives it: a request's body in `/_emulator/requests`, a
/// tracking call's message id in `/_emulator/deliveries`.
#[tokio::test]
async fn control_answers_escape_what_clients_sent() {
    let env = TestEnv::start().await;
    let receiver = Receiver::start(&[], 200).await;
    let key = source(&env, "web", true, hook(&receiver.url, "k")).await;
    let body = "{\"source\": {\"name\": \"x\u{9b}2J\u{7f}\"}}";
    env.raw("POST", "/v1beta/workspaces/demo/sources", Some(crate::support::WRITE), Some(body.into())).await;
    let call = "{\"userId\": \"u\", \"event\": \"e\", \"messageId\": \"m-\u{9b}31m\u{85}\"}";
    accepted(&post(&env, "/v1/track", &key, call).await);
    wait_for(&env, "the delivery", |s| count(s, "delivered") == 1).await;
    for path in ["/_emulator/requests", "/_emulator/deliveries"] {
        let answer = env.get(path).await;
        let found: Vec<char> = answer.text.chars().filter(|c| c.is_control()).collect();
        assert!(found.is_empty(), "{path}: control characters {found:?}");
        assert_eq!(answer.headers["content-type"], "application/json");
    }
    let requests = env.get("/_emulator/requests").await.json;
    assert!(requests["requests"].as_array().unwrap().iter().any(|r| r["body"] == body), "the same value");
    assert_eq!(snapshot(&env).await["deliveries"][0]["message_id"], "m-\u{9b}31m\u{85}");
}
