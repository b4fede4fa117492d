//! The emulator's control endpoints (`/_emulator/*`) need no token, so they answer only requests that name the
//! address served in `Host` (a DNS-rebinding page names its own) and that no page of another origin sent
//! (docs/reference/commands.md, "Two APIs"). Every route, every method it has: refused with a JSON error, and nothing
//! changes.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::receiver::Receiver;
use crate::support::{Answer, TestEnv};

/// Every control route with every method it has, and the body a change sends.
const ROUTES: [(&str, &str); 7] = [
    ("GET", "/_emulator/requests"),
    ("DELETE", "/_emulator/requests"),
    ("GET", "/_emulator/faults"),
    ("POST", "/_emulator/faults"),
    ("DELETE", "/_emulator/faults"),
    ("GET", "/_emulator/deliveries"),
    ("DELETE", "/_emulator/deliveries"),
];

/// A fault that matches no request of this test, so that installing it changes only the list.
fn fault() -> Value {
    json!({"status": 500, "path": "/v1beta/never"})
}

async fn send(env: &TestEnv, method: &str, path: &str, headers: &[(&str, String)]) -> Answer {
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut request = reqwest::Client::new().request(method.clone(), format!("{}{path}", env.base));
    if method == reqwest::Method::POST {
        request = request.header("content-type", "application/json").body(fault().to_string());
    }
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    let response = request.send().await.expect("the emulator answers");
    Answer::read(response).await
}

/// What the control plane holds: the request log, the faults, the delivery attempts.
async fn state(env: &TestEnv) -> (Value, Value, Value) {
    let deliveries = env.get("/_emulator/deliveries").await.ok()["deliveries"].clone();
    (env.get("/_emulator/requests").await.ok().clone(), env.get("/_emulator/faults").await.ok().clone(), deliveries)
}

#[tokio::test]
async fn control_endpoints_refuse_other_hosts_and_other_origins_and_change_nothing() {
    let env = TestEnv::start().await;
    let port = env.base.rsplit(':').next().unwrap().to_string();
    // Something in each: a logged request, a fault, a delivery attempt.
    let receiver = Receiver::start(&[], 200).await;
    let created = env.create_source("demo", "web").await;
    let key = created.ok()["write_keys"][0].as_str().unwrap().to_string();
    let config = json!([{"name": "hooks", "value": [{"hook": receiver.url}]}]);
    let body = json!({"destination": {"name": "webhooks", "enabled": true, "config": config}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(body)).await.ok();
    let tracked = reqwest::Client::new()
        .post(format!("{}/v1/track", env.base))
        .basic_auth(&key, Some(""))
        .body(r#"{"userId": "u1", "event": "Signed Up"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(tracked.status(), 200);
    let deadline = Instant::now() + Duration::from_secs(20);
    while env.get("/_emulator/deliveries").await.ok()["delivered"] != 1 {
        assert!(Instant::now() < deadline, "the delivery was not made");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    env.fault(fault()).await;
    let before = state(&env).await;
    assert!(!before.0["requests"].as_array().unwrap().is_empty() && !before.1["faults"].as_array().unwrap().is_empty());
    assert_eq!(before.2.as_array().unwrap().len(), 1);

    let refused: [(&str, String, u16); 6] = [
        ("host", format!("evil.example:{port}"), 421),
        ("host", "evil.example".to_string(), 421),
        ("host", format!("127.0.0.1:{}", port.parse::<u16>().unwrap() ^ 1), 421),
        ("origin", "http://evil.example".to_string(), 403),
        ("origin", "null".to_string(), 403),
        ("sec-fetch-site", "cross-site".to_string(), 403),
    ];
    for (method, path) in ROUTES {
        for (name, value, status) in &refused {
            let answer = send(&env, method, path, &[(name, value.clone())]).await;
            answer.assert_error(*status, 7);
            assert!(!answer.text.contains("/v1beta/"), "{method} {path} {name}: {value}: {}", answer.text);
        }
    }
    assert_eq!(state(&env).await, before, "no refused request changed anything");

    // The address served, by IP or on loopback by name, with no Origin or the page's own: let in.
    let own = format!("http://127.0.0.1:{port}");
    let welcome: [&[(&str, String)]; 4] = [
        &[],
        &[("origin", own.clone())],
        &[("host", format!("localhost:{port}")), ("origin", format!("http://localhost:{port}"))],
        &[("sec-fetch-site", "same-origin".to_string()), ("origin", own.clone())],
    ];
    for headers in welcome {
        for (method, path) in ROUTES {
            let answer = send(&env, method, path, headers).await;
            assert_eq!(answer.status, 200, "{method} {path} {headers:?}: {}", answer.text);
        }
    }
    // The last DELETEs took effect.
    let after = state(&env).await;
    assert_eq!((after.1["faults"].clone(), after.2.clone()), (json!([]), json!([])));
    drop(receiver);
}
