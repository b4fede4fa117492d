//! `seg serve` and Webhooks (Actions): the catalog entry, the five destination subscription operations of the Public
//! API (the official SDK runs them unchanged; every bad input is a 422 naming its field before anything is stored;
//! the 6th create of mappings in a minute is a 429), and delivery by mapping: for a seeded corpus of tracking calls ×
//! triggers × mappings, what a local receiver gets (fired or not, method, URL, headers, body bytes) is what
//! `wire::actions::send` computes for the event the emulator used, and what the reference judge
//! (`tests/actions/judge.js`, op `send`) computes for it when its packages are installed; batches flushed by size and
//! by window; mappings and queued deliveries across a restart with `--data`.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, Uri};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};

use crate::actions_reference::{Gen, installed, judge, seed};
use crate::support::{Answer, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;
use seg::json::{self as js, JsObject, JsValue};
use seg::wire::actions::catalog::WEBHOOKS;
use seg::wire::actions::event::{Arrival, pipeline};
use seg::wire::actions::{Mapping, Trigger, send};
use seg::wire::message::MessageType;

const SEND: &str = "nFPnRozhz1mh4Gbx4MLvT5";

/// One request a receiver got.
#[derive(Debug, Clone)]
struct Got {
    method: String,
    uri: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

/// A receiver that answers 200 and records every request whole.
struct Catcher {
    base: String,
    got: Arc<Mutex<Vec<Got>>>,
    _stop: tokio::sync::oneshot::Sender<()>,
}

async fn record(State(got): State<Arc<Mutex<Vec<Got>>>>, method: Method, uri: Uri, headers: HeaderMap, body: Bytes) {
    let headers = headers.iter().map(|(n, v)| (n.to_string(), String::from_utf8_lossy(v.as_bytes()).into_owned()));
    let one = Got { method: method.to_string(), uri: uri.to_string(), headers: headers.collect(), body: body.to_vec() };
    got.lock().unwrap().push(one);
}

impl Catcher {
    async fn start() -> Catcher {
        let got = Arc::new(Mutex::new(Vec::new()));
        let app = axum::Router::new().fallback(record).with_state(got.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(async move {
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await;
        });
        Catcher { base, got, _stop: stop }
    }

    fn got(&self) -> Vec<Got> {
        self.got.lock().unwrap().clone()
    }

    /// Waits until `n` requests came (30 s at most).
    async fn wait_for(&self, n: usize) -> Vec<Got> {
        for _ in 0..3000 {
            if self.got().len() >= n {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        self.got()
    }
}

fn open() -> EmulatorOptions {
    EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }
}

/// A source (its id and write key) with a destination of the catalog entry `metadata` (its id).
async fn source_with(env: &TestEnv, slug: &str, metadata: &str, settings: Value) -> (String, String, String) {
    let catalog = env.get("/catalog/sources?pagination[count]=100").await;
    let javascript =
        catalog.ok()["data"]["sourcesCatalog"].as_array().unwrap().iter().find(|s| s["slug"] == "javascript").unwrap()
            ["id"]
            .clone();
    let source =
        env.call("POST", "/sources", Some(json!({"slug": slug, "enabled": true, "metadataId": javascript}))).await;
    assert_eq!(source.status, 201, "{}", source.text);
    let source = source.json["data"]["source"].clone();
    let body = json!({"sourceId": source["id"], "metadataId": metadata, "enabled": true, "settings": settings});
    let destination = env.call("POST", "/destinations", Some(body)).await;
    let id = destination.ok()["data"]["destination"]["id"].as_str().unwrap().to_string();
    (source["id"].as_str().unwrap().to_string(), source["writeKeys"][0].as_str().unwrap().to_string(), id)
}

async fn create(env: &TestEnv, destination: &str, body: Value) -> Answer {
    env.call("POST", &format!("/destinations/{destination}/subscriptions"), Some(body)).await
}

async fn listed(env: &TestEnv, destination: &str) -> Vec<Value> {
    let list = env.get(&format!("/destinations/{destination}/subscriptions?pagination[count]=100")).await;
    list.ok()["data"]["subscriptions"].as_array().unwrap().clone()
}

async fn track(env: &TestEnv, write_key: &str, path: &str, body: &str) {
    let answer = reqwest::Client::new()
        .post(format!("{}{path}", env.base))
        .basic_auth(write_key, Some(""))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200, "{}", answer.text().await.unwrap());
}

async fn deliveries(env: &TestEnv) -> Vec<Value> {
    let snapshot = env.get("/_emulator/deliveries").await;
    snapshot.json["deliveries"].as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn actions_emulator_sdk_runs_the_five_operations_unchanged() {
    let Some(folder) = crate::sdk::installed("actions_emulator_sdk_runs_the_five_operations_unchanged") else {
        return;
    };
    let env = TestEnv::start().await;
    let catcher = Catcher::start().await;
    let out = tokio::process::Command::new("node")
        .arg("subscriptions.js")
        .current_dir(&folder)
        .env("SEG_BASE", &env.base)
        .env("SEG_WRITE", WRITE)
        .env("SEG_RECEIVER", format!("{}/in", catcher.base))
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(120), out).await.expect("the SDK run ends").unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the SDK's run failed\nstdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.contains("7 checks passed"), "{stdout}");
}

#[tokio::test]
async fn actions_emulator_refuses_bad_input_with_422_before_storing_anything() {
    let env = TestEnv::with(open()).await;
    let metadata = env.get(&format!("/catalog/destinations/{}", WEBHOOKS.metadata_id)).await;
    let metadata = &metadata.ok()["data"]["destinationMetadata"];
    assert_eq!(metadata["name"], "Webhooks (Actions)");
    assert_eq!(metadata["actions"][0]["id"], SEND);
    let (_, _, destination) = source_with(&env, "web", WEBHOOKS.metadata_id, json!({})).await;
    let url = "https://example.com/in";
    let good = json!({"name": "ok", "actionId": SEND, "trigger": "type = \"track\"", "enabled": true,
                      "settings": {"url": url}});
    let with = |key: &str, value: Value| {
        let mut body = good.clone();
        body[key] = value;
        body
    };
    let settings = |value: Value| with("settings", value);
    let cases = [
        (with("actionId", json!("nope")), "actionId"),
        (settings(json!({"url": url, "colour": "red"})), "settings.colour"),
        (settings(json!({})), "settings.url"),
        (settings(json!({"url": "ftp://example.com/x"})), "settings.url"),
        (settings(json!({"url": url, "method": "GET"})), "settings.method"),
        (settings(json!({"url": url, "headers": {"X-A": "é"}})), "settings.headers"),
        (settings(json!({"url": url, "data": {"@liquid": "{{x}}"}})), "settings"),
        (with("trigger", json!("(type = \"track\"")), "trigger"),
        (with("name", json!("")), "name"),
        (with("enabled", json!("yes")), "enabled"),
    ];
    for (body, field) in &cases {
        let answer = create(&env, &destination, body.clone()).await;
        assert_eq!(answer.status, 422, "{body}: {}", answer.text);
        assert_eq!(answer.json["errors"][0]["type"], "input-validation", "{}", answer.text);
        assert_eq!(answer.json["errors"][0]["field"], *field, "{body}: {}", answer.text);
    }
    assert!(listed(&env, &destination).await.is_empty(), "a refused create stores nothing");
    // Five fit; the sixth is refused.
    let mut ids = Vec::new();
    for n in 0..5 {
        let answer = create(&env, &destination, with("name", json!(format!("m{n}")))).await;
        assert_eq!(answer.status, 200, "{}", answer.text);
        ids.push(answer.json["data"]["destinationSubscription"]["id"].as_str().unwrap().to_string());
    }
    let sixth = create(&env, &destination, with("name", json!("m5"))).await;
    assert_eq!(sixth.status, 422, "{}", sixth.text);
    assert_eq!(listed(&env, &destination).await.len(), 5);
    // An update that breaks a rule changes nothing.
    let path = format!("/destinations/{destination}/subscriptions/{}", ids[0]);
    let bad = env.call("PATCH", &path, Some(json!({"input": {"settings": {"url": null}}}))).await;
    assert_eq!((bad.status, bad.json["errors"][0]["field"].as_str()), (422, Some("settings.url")), "{}", bad.text);
    let bad = env.call("PATCH", &path, Some(json!({"input": {"trigger": "(event = \"x\""}}))).await;
    assert_eq!(bad.status, 422, "{}", bad.text);
    let kept = env.get(&path).await;
    assert_eq!(kept.ok()["data"]["subscription"]["settings"], json!({"url": url}));
    // Unknown destination and subscription: 404.
    assert_eq!(create(&env, "0123456789abcdef01234567", good.clone()).await.status, 404);
    let unknown = format!("/destinations/{destination}/subscriptions/AAAAAAAAAAAAAAAAAAAAAA");
    assert_eq!(env.get(&unknown).await.status, 404);
    assert_eq!(env.call("DELETE", &unknown, None).await.status, 404);
    // A classic destination has no mappings.
    let classic = env.get("/catalog/destinations?pagination[count]=100").await;
    let webhooks = classic.ok()["data"]["destinationsCatalog"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["slug"] == "webhooks")
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (_, _, plain) = source_with(&env, "plain", &webhooks, json!({})).await;
    let refused = create(&env, &plain, good.clone()).await;
    assert_eq!((refused.status, refused.json["errors"][0]["field"].as_str()), (422, Some("destinationId")));
    // Deleting the destination deletes its mappings.
    assert_eq!(env.call("DELETE", &format!("/destinations/{destination}"), None).await.status, 200);
    assert_eq!(env.get(&path).await.status, 404);
}

#[tokio::test]
async fn actions_emulator_limits_mapping_writes_to_five_a_minute_per_token() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 200, ..EmulatorOptions::default() }).await;
    let (_, _, destination) = source_with(&env, "web", WEBHOOKS.metadata_id, json!({})).await;
    let body = json!({"name": "m", "actionId": SEND, "trigger": "type = \"track\"", "enabled": true,
                      "settings": {"url": "https://example.com/in"}});
    for n in 0..5 {
        let mut body = body.clone();
        body["name"] = json!(format!("m{n}"));
        assert_eq!(create(&env, &destination, body).await.status, 200);
    }
    let refused = create(&env, &destination, body.clone()).await;
    assert_eq!(refused.status, 429, "{}", refused.text);
    let path = format!("/destinations/{destination}/subscriptions/AAAAAAAAAAAAAAAAAAAAAA");
    // Each operation of the table has its own window (tests/it/operation_limits.rs): a remove is not yet refused.
    assert_eq!(env.call("DELETE", &path, None).await.status, 404, "a remove has a window of its own");
    assert!(refused.headers.contains_key("retry-after"), "{:?}", refused.headers);
    assert_eq!(listed(&env, &destination).await.len(), 5, "reads are not limited");
}

/// The calls of the corpus: every type, nested and missing paths, unicode, numbers.
fn calls(g: &mut Gen, n: usize) -> Vec<(&'static str, String)> {
    let kinds = ["track", "identify", "page", "screen", "group", "alias"];
    (0..n)
        .map(|i| {
            let kind = kinds[i % kinds.len()];
            let mut call = serde_json::Map::new();
            call.insert("messageId".into(), json!(format!("m-{i}")));
            call.insert("userId".into(), json!(["u1", "ünï ✓", "42"][i % 3]));
            match kind {
                "track" => {
                    call.insert("event".into(), json!(["Order Completed", "Signed Up", "Ωmega"][i % 3]));
                }
                "group" => {
                    call.insert("groupId".into(), json!("g1"));
                }
                "alias" => {
                    call.insert("previousId".into(), json!("p1"));
                }
                "page" | "screen" if i % 2 == 0 => {
                    call.insert("name".into(), json!("Home"));
                }
                _ => {}
            }
            let text = serde_json::Value::Object(call).to_string();
            let properties = g.object(3);
            let traits = g.object(2);
            let context = g.object(2);
            let mut extra = Vec::new();
            if g.chance(0.8) {
                extra.push(format!("\"properties\":{properties}"));
            }
            if g.chance(0.5) {
                extra.push(format!("\"traits\":{traits}"));
            }
            if g.chance(0.5) {
                extra.push(format!("\"context\":{context}"));
            }
            if g.chance(0.3) {
                extra.push("\"timestamp\":\"2024-01-02T03:04:05+01:00\"".into());
            }
            let text =
                if extra.is_empty() { text } else { format!("{},{}}}", &text[..text.len() - 1], extra.join(",")) };
            (kind, text)
        })
        .collect()
}

fn parse(text: &str) -> JsObject {
    match js::parse(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}")) {
        JsValue::Object(o) => o,
        _ => panic!("not an object: {text}"),
    }
}

/// What the receiver should see of a request: headers less those of the connection and the emulator's own.
fn comparable(headers: &[(String, String)]) -> Vec<(String, String)> {
    let skip = ["host", "content-length", "accept", "x-seg-emulator-delivery", "accept-encoding"];
    headers.iter().filter(|(n, _)| !skip.contains(&n.as_str())).cloned().collect()
}

#[tokio::test]
async fn actions_emulator_delivers_what_the_destination_sends() {
    let (seed, replay) = seed();
    let mut g = Gen { rng: StdRng::seed_from_u64(seed ^ 0x656d_7537) };
    let env = TestEnv::with(open()).await;
    let catcher = Catcher::start().await;
    let secret = "s3cr3t ✓";
    // Sources of up to five mappings each, drawn from the corpus of triggers and settings; those the emulator
    // refuses are left out (the refusals have their own test).
    let mut sources = Vec::new();
    let mut mappings: Vec<(usize, String, String, serde_json::Map<String, Value>)> = Vec::new();
    let mut refused = 0;
    for s in 0..4 {
        let (_, key, destination) =
            source_with(&env, &format!("corpus-{s}"), WEBHOOKS.metadata_id, json!({"sharedSecret": secret})).await;
        let mut made = 0;
        for attempt in 0..40 {
            if made == 5 {
                break;
            }
            let trigger =
                if attempt % 4 == 0 { "type = \"track\" or type = \"identify\"".to_string() } else { g.trigger() };
            let Ok(Value::Object(mut settings)) = serde_json::from_str::<Value>(&g.settings()) else { continue };
            settings.insert("url".into(), json!(format!("{}/m/{s}/{attempt}?q=ü", catcher.base)));
            settings.remove("enable_batching");
            settings.remove("batch_size");
            let body = json!({"name": format!("m{attempt}"), "actionId": SEND, "trigger": trigger, "enabled": true,
                              "settings": settings});
            let answer = create(&env, &destination, body).await;
            if answer.status != 200 {
                assert_eq!(answer.status, 422, "{}", answer.text);
                refused += 1;
                continue;
            }
            made += 1;
            let id = answer.json["data"]["destinationSubscription"]["id"].as_str().unwrap().to_string();
            mappings.push((s, id, trigger, settings));
        }
        sources.push(key);
    }
    assert!(mappings.len() >= 12, "the corpus made {} mappings ({refused} refused); {replay}", mappings.len());
    let calls = calls(&mut g, 24);
    for key in &sources {
        for (kind, call) in &calls {
            track(&env, key, &format!("/v1/{kind}"), call).await;
        }
    }
    // Wait until every delivery queued has ended.
    for _ in 0..3000 {
        let snapshot = env.get("/_emulator/deliveries").await;
        if snapshot.json["pending"] == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let records = deliveries(&env).await;
    let got = catcher.got();
    assert_eq!(got.len(), records.len(), "one request per delivery, delivered at the first attempt");
    // Every request is what `send` computes for the event the emulator used.
    let mut cases = Vec::new();
    let mut expected = Vec::new();
    for record in &records {
        assert_eq!(record["delivered"], true, "{record}");
        let id = record["subscription"]["id"].as_str().unwrap();
        let (_, _, trigger, settings) = mappings.iter().find(|m| m.1 == id).expect("a mapping of the corpus");
        let event = parse(record["event"].as_str().unwrap());
        assert_eq!(Trigger::new(trigger).unwrap().validate(&event), Ok(true), "{trigger} on {}", record["event"]);
        let all = WEBHOOKS.action(SEND).unwrap().with_defaults(settings);
        let mapping = Mapping::new(js::from_serde(&Value::Object(all.clone()))).unwrap();
        let ours = send::send(&mapping, &event, Some(secret)).expect("a delivered request is one send makes");
        assert_eq!(record["method"], ours.method.as_str());
        let delivery = record["id"].to_string();
        let request = got
            .iter()
            .find(|g| g.headers.iter().any(|(n, v)| n == "x-seg-emulator-delivery" && *v == delivery))
            .expect("the receiver got it");
        assert_eq!(request.method, ours.method);
        assert_eq!(format!("{}{}", catcher.base, request.uri), ours.url, "{record}");
        assert_eq!(comparable(&request.headers), ours.headers, "{record}");
        assert_eq!(request.body, ours.body.clone().unwrap_or_default().into_bytes(), "{record}");
        cases.push(format!(
            "{{\"op\":\"send\",\"settings\":{},\"events\":[{}],\"batch\":false,\"secret\":{}}}",
            Value::Object(all),
            record["event"].as_str().unwrap(),
            serde_json::to_string(secret).unwrap()
        ));
        expected.push(ours);
    }
    // Fired or not: each mapping sent once for every call whose pipeline event its trigger validates (and that
    // `send` makes a request of), and for no other.
    for (s, id, trigger, settings) in &mappings {
        let trigger = Trigger::new(trigger).unwrap();
        let all = WEBHOOKS.action(SEND).unwrap().with_defaults(settings);
        let mapping = Mapping::new(js::from_serde(&Value::Object(all))).unwrap();
        let count = records.iter().filter(|r| r["subscription"]["id"] == id.as_str()).count();
        let wanted = calls
            .iter()
            .filter(|(kind, call)| {
                let call = parse(call);
                let message_id = match call.get("messageId") {
                    Some(JsValue::String(m)) => m.to_string_lossy(),
                    _ => unreachable!(),
                };
                let arrival = Arrival {
                    kind: MessageType::parse(kind).unwrap(),
                    message_id: &message_id,
                    received_at: "2024-01-01T00:00:00.000Z",
                    timestamp: "2024-01-01T00:00:00.000Z",
                    batch_context: None,
                };
                let event = pipeline(&call, arrival);
                trigger.validate(&event) == Ok(true) && send::send(&mapping, &event, Some(secret)).is_ok()
            })
            .count();
        assert_eq!(count, wanted, "mapping {id} of source {s}: {} sent, {wanted} wanted; {replay}", count);
    }
    // And what the reference sends, when it is installed.
    if let Some(folder) = installed("actions_emulator_delivers_what_the_destination_sends")
        && !cases.is_empty()
    {
        let answers = judge(&folder, &cases);
        for ((answer, ours), case) in answers.iter().zip(&expected).zip(&cases) {
            let node = parse(answer);
            let Some(JsValue::Array(requests)) = node.get("requests") else {
                panic!("{case}: node sends nothing: {answer}")
            };
            let theirs = js::stringify(&requests[0]);
            let mine = json!({"method": ours.method, "url": ours.url,
                "headers": ours.headers.iter().map(|(n, v)| [n.clone(), v.clone()]).collect::<Vec<_>>(),
                "body": ours.body});
            let mine = js::stringify(&js::parse(mine.to_string().as_bytes()).unwrap());
            assert_eq!(mine, theirs, "{case}; {replay}");
        }
    }
}

#[tokio::test]
async fn actions_emulator_flushes_batches_by_size_and_by_window() {
    let options = EmulatorOptions { batch_window: Some(Duration::from_millis(300)), ..open() };
    let env = TestEnv::with(options).await;
    let catcher = Catcher::start().await;
    let (_, key, destination) =
        source_with(&env, "web", WEBHOOKS.metadata_id, json!({"sharedSecret": "batch-secret"})).await;
    let settings = json!({"url": format!("{}/batch", catcher.base), "enable_batching": true, "batch_size": 3,
                          "data": {"@path": "$.properties"}});
    let body = json!({"name": "batched", "actionId": SEND, "trigger": "type = \"track\"", "enabled": true,
                      "settings": settings});
    assert_eq!(create(&env, &destination, body).await.status, 200);
    for n in 0..4 {
        let call = format!(r#"{{"userId":"u","event":"e","messageId":"b-{n}","properties":{{"n":{n}}}}}"#);
        track(&env, &key, "/v1/track", &call).await;
    }
    // Three fill a batch, sent at once; the fourth goes when the window closes.
    let got = catcher.wait_for(1).await;
    assert_eq!(got[0].body, br#"[{"n":0},{"n":1},{"n":2}]"#);
    let signature = seg::webhook::sign::sign(b"batch-secret", br#"{"n":0}"#);
    assert!(got[0].headers.contains(&("x-signature".to_string(), signature)), "{:?}", got[0].headers);
    let got = catcher.wait_for(2).await;
    assert_eq!(got.len(), 2);
    assert_eq!(got[1].body, br#"[{"n":3}]"#);
    let records = deliveries(&env).await;
    assert_eq!(records.iter().map(|r| r["events"].as_u64().unwrap()).collect::<Vec<_>>(), [3, 1]);
}

#[tokio::test]
async fn actions_emulator_keeps_mappings_and_queued_deliveries_across_a_restart() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("state.redb");
    let options =
        || EmulatorOptions { data: Some(data.clone()), retry_window: Some(Duration::from_secs(60)), ..open() };
    // A receiver that is down: the delivery stays queued.
    let down = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = down.local_addr().unwrap();
    drop(down);
    let env = TestEnv::with(options()).await;
    let (_, key, destination) = source_with(&env, "web", WEBHOOKS.metadata_id, json!({})).await;
    let body = json!({"name": "kept", "actionId": SEND, "trigger": "type = \"track\"", "enabled": true,
                      "settings": {"url": format!("http://{address}/in"), "method": "PATCH"}});
    let made = create(&env, &destination, body).await;
    let id = made.ok()["data"]["destinationSubscription"]["id"].as_str().unwrap().to_string();
    // A batch still open at the stop is kept as a queued delivery.
    let body = json!({"name": "batched", "actionId": SEND, "trigger": "type = \"track\"", "enabled": true,
                      "settings": {"url": format!("http://{address}/batch"), "enable_batching": true,
                                   "data": {"id": {"@path": "$.messageId"}}}});
    assert_eq!(create(&env, &destination, body).await.status, 200);
    track(&env, &key, "/v1/track", r#"{"userId":"u","event":"kept","messageId":"k-1"}"#).await;
    env.stop().await;
    // The receiver comes up where the delivery goes.
    let listener = tokio::net::TcpListener::bind(address).await.unwrap();
    let got = Arc::new(Mutex::new(Vec::new()));
    let app = axum::Router::new().fallback(record).with_state(got.clone());
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    let env = TestEnv::with(options()).await;
    let kept = env.get(&format!("/destinations/{destination}/subscriptions/{id}")).await;
    assert_eq!(kept.ok()["data"]["subscription"]["name"], "kept");
    for _ in 0..3000 {
        if got.lock().unwrap().len() >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let mut got = got.lock().unwrap().clone();
    got.sort_by(|a, b| a.uri.cmp(&b.uri));
    assert_eq!(got.len(), 2, "the queued deliveries were sent after the restart: {got:?}");
    assert_eq!(
        (got[0].method.as_str(), got[0].uri.as_str(), &got[0].body[..]),
        ("POST", "/batch", &br#"[{"id":"k-1"}]"#[..])
    );
    assert_eq!((got[1].method.as_str(), got[1].uri.as_str()), ("PATCH", "/in"));
    assert!(String::from_utf8_lossy(&got[1].body).contains(r#""messageId":"k-1""#));
}
