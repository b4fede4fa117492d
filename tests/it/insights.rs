//! The delivery overview and usage reads of the Public API (docs/reference/public-api.md, "Delivery overview and
//! usage"): tracking calls are sent and delivered first (one source delivering to a receiver through a filter, one to
//! an address that refuses, within a short retry window), then the figures are read over raw HTTP (refusals naming
//! the parameter, ids, paging) and through the official SDK, unchanged (tests/sdk/insights.js), each checked exactly.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::{READ, TestEnv, WRITE};
use seg::emulator::EmulatorOptions;
use seg::webhook::listen;

/// A source with a `webhooks` destination at `hook`: its write key, its id and the destination's.
async fn source(env: &TestEnv, slug: &str, hook: &str) -> (String, String, String) {
    let key = env.create_source("demo", slug).await.ok()["write_keys"][0].as_str().unwrap().to_string();
    let config = json!([{"name": "sharedSecret", "value": "k"}, {"name": "hooks", "value": [{"hook": hook}]}]);
    let body = json!({"destination": {"name": "webhooks", "enabled": true, "config": config}});
    env.call("POST", &format!("/v1beta/workspaces/demo/sources/{slug}/destinations"), Some(body)).await.ok();
    let sources = env.get("/sources").await;
    let found = sources.ok()["data"]["sources"].as_array().unwrap().iter().find(|s| s["slug"] == slug).cloned();
    let id = found.unwrap()["id"].as_str().unwrap().to_string();
    let connected = env.get(&format!("/sources/{id}/connected-destinations")).await;
    let destination = connected.ok()["data"]["destinations"][0]["id"].as_str().unwrap().to_string();
    (key, id, destination)
}

async fn post(env: &TestEnv, key: &str, body: Value) {
    let answer = reqwest::Client::new()
        .post(format!("{}/v1/batch", env.base))
        .basic_auth(key, Some(""))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
}

/// The world both tests read: `web` (4 calls: 3 delivered, 1 filtered at its destination) and `down` (1 call, its
/// delivery failed once the retry window closed). Returns the ids (web, its destination, down, its destination) and
/// the usage period both read: the day (UTC) two days before the calls were sent, so that the usage month holds
/// every call and two days without any, whenever the test runs (a midnight or a month's end while it runs included).
async fn world() -> (TestEnv, [String; 4], jiff::civil::Date) {
    let options =
        EmulatorOptions { rate_limit: 0, retry_window: Some(Duration::from_millis(300)), ..Default::default() };
    let env = TestEnv::with(options).await;
    let (sink, _received) = tokio::sync::mpsc::unbounded_channel();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let hook = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(axum::serve(listener, listen::router(listen::ListenOptions::default(), sink)).into_future());
    std::mem::forget(_received);
    let (web_key, web, web_destination) = source(&env, "web", &hook).await;
    let filter = json!({"filter": {"title": "no drops", "if": "event = 'Dropped'", "enabled": true,
        "actions": [{"type": "drop_event"}]}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations/webhooks/filters", Some(filter)).await.ok();
    // Port 9 of the loopback: nothing listens, every attempt fails until the window closes.
    let (down_key, down, down_destination) = source(&env, "down", "http://127.0.0.1:9/hook").await;
    let sent = jiff::Timestamp::now().to_zoned(jiff::tz::TimeZone::UTC).date();
    let period = sent.checked_sub(jiff::Span::new().days(2)).unwrap();
    let app = json!({"app": {"version": "1.2.0"}});
    post(
        &env,
        &web_key,
        json!({"batch": [
            {"type": "track", "event": "Order Completed", "userId": "u1", "anonymousId": "a1", "context": app},
            {"type": "track", "event": "Order Completed", "anonymousId": "a2"},
            {"type": "identify", "userId": "u2"},
            {"type": "track", "event": "Dropped", "userId": "u3"},
        ]}),
    )
    .await;
    post(&env, &down_key, json!({"batch": [{"type": "track", "event": "Lost", "userId": "u4"}]})).await;
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let snap = env.get("/_emulator/deliveries").await.json;
        if snap["pending"] == 0 && snap["delivered"] == 3 && snap["failed"] == 1 {
            break;
        }
        assert!(Instant::now() < deadline, "the deliveries did not end: {snap:#}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    (env, [web, web_destination, down, down_destination], period)
}

/// The days of a usage read's snapshots (`YYYY-MM-DD`, in order, each once): from the period, one a day begun since,
/// the emulator's today last: three, or four when a midnight passed since the calls were sent.
#[track_caller]
fn days_of(snapshots: &[Value], period: jiff::civil::Date) -> Vec<String> {
    let mut days: Vec<String> = Vec::new();
    for snapshot in snapshots {
        let day = snapshot["timestamp"].as_str().unwrap()[..10].to_string();
        if days.last() != Some(&day) {
            days.push(day);
        }
    }
    let expected: Vec<String> =
        (0..days.len() as i64).map(|n| (period + jiff::Span::new().days(n)).to_string()).collect();
    assert_eq!(days, expected, "one snapshot day a day from the period");
    assert!(matches!(days.len(), 3 | 4), "{days:?}");
    days
}

/// This hour's window: from the hour before this one to the one after it, by hour.
fn window() -> String {
    let now = jiff::Timestamp::now().as_second();
    let hour = now - now.rem_euclid(3600);
    let at = |s: i64| jiff::Timestamp::from_second(s).unwrap().to_string();
    format!("startTime={}&endTime={}&granularity=hour", at(hour - 3600), at(hour + 7200))
}

#[track_caller]
fn refused(answer: &crate::support::Answer, status: u16, field: &str) {
    assert_eq!(answer.status, status, "{}", answer.text);
    let error = &answer.json["errors"][0];
    if status == 422 {
        assert_eq!(
            (error["type"].as_str(), error["field"].as_str()),
            (Some("input-validation"), Some(field)),
            "{error}"
        );
    } else {
        assert_eq!(error["type"], "not-found", "{error}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn delivery_overview_and_usage_over_raw_http() {
    let (env, [web, web_destination, down, down_destination], period) = world().await;
    let w = window();
    let env = &env;
    let read = |path: String| async move { env.raw("GET", &path, Some(READ), None).await };
    // The figures, exactly (a read token reads them).
    let received = read(format!("/delivery-overview/successfully-received?sourceId={web}&{w}")).await;
    let data = &received.ok()["data"];
    assert_eq!(data["total"], 4, "{data}");
    let series = data["dataset"][0]["series"].as_array().unwrap();
    assert_eq!(series.len(), 3);
    assert_eq!(series.iter().map(|p| p["count"].as_u64().unwrap()).sum::<u64>(), 4);
    let delivered = format!(
        "/delivery-overview/successful-delivery?sourceId={web}&destinationConfigId={web_destination}&{w}\
         &pagination.count=10&groupBy=discardReason"
    );
    let delivered = read(delivered).await;
    let dataset = &delivered.ok()["data"]["dataset"];
    assert_eq!(
        dataset,
        &json!([{"discardReason": "successes.attempt.1", "total": 3, "totalRetryCount": 0,
        "series": dataset[0]["series"]}])
    );
    let failed = format!(
        "/delivery-overview/failed-delivery?sourceId={down}&destinationConfigId={down_destination}&{w}\
         &pagination[count]=10&groupBy[0]=discardReason&groupBy[1]=eventName"
    );
    let failed = read(failed).await;
    let dataset = &failed.ok()["data"]["dataset"];
    assert_eq!(
        (&dataset[0]["discardReason"], &dataset[0]["eventName"], &dataset[0]["total"]),
        (&json!("retries-exhausted"), &json!("Lost"), &json!(1))
    );
    // Filters in the bracket and JSON forms.
    let orders = read(format!(
        "/delivery-overview/successfully-received?sourceId={web}&{w}&filter[eventName][0]=Order%20Completed"
    ))
    .await;
    assert_eq!(orders.ok()["data"]["total"], 2);
    let by_app = read(format!(
        "/delivery-overview/successfully-received?sourceId={web}&{w}&filter=%7B%22appVersion%22%3A%5B%221.2.0%22%5D%7D"
    ))
    .await;
    assert_eq!(by_app.ok()["data"]["total"], 1);

    // Refusals name the parameter; ids are the workspace's.
    let at = |query: &str| format!("/delivery-overview/successfully-received?{query}");
    refused(&read(at(&w)).await, 422, "sourceId");
    refused(&read(at(&format!("sourceId={web}&granularity=hour"))).await, 422, "startTime");
    refused(&read(at(&format!("sourceId={web}&{}", w.replace("=hour", "=week")))).await, 422, "granularity");
    let day = |days: i64| jiff::Timestamp::now().checked_add(jiff::SignedDuration::from_hours(24 * days)).unwrap();
    let long = format!("startTime={}&endTime={}&granularity=hour", day(-1), day(14));
    refused(&read(at(&format!("sourceId={web}&{long}"))).await, 422, "endTime");
    let swapped = w.replace("startTime", "x").replace("endTime", "startTime").replace("x=", "endTime=");
    refused(&read(at(&format!("sourceId={web}&{swapped}"))).await, 422, "endTime");
    let old = "startTime=2020-01-01T00:00:00Z&endTime=2020-01-02T00:00:00Z&granularity=day";
    refused(&read(at(&format!("sourceId={web}&{old}"))).await, 422, "startTime");
    refused(
        &read(at(&format!("sourceId={web}&{}", w.replacen("startTime=", "startTime=yesterday&x=", 1)))).await,
        422,
        "startTime",
    );
    refused(&read(at(&format!("sourceId={web}&{w}&groupBy=week"))).await, 422, "groupBy");
    refused(&read(at(&format!("sourceId={web}&{w}&filter[week][0]=x"))).await, 422, "filter.week");
    refused(&read(at(&format!("sourceId=nope&{w}"))).await, 404, "");
    let egress = |query: &str| format!("/delivery-overview/failed-delivery?{query}");
    refused(&read(egress(&format!("sourceId={web}&{w}&pagination[count]=5"))).await, 422, "destinationConfigId");
    refused(
        &read(egress(&format!("sourceId={web}&destinationConfigId={web_destination}&{w}"))).await,
        422,
        "pagination",
    );
    let other = format!("sourceId={web}&destinationConfigId={down_destination}&{w}&pagination[count]=5");
    refused(&read(egress(&other)).await, 404, "");

    // Paging of the datasets.
    let first = read(at(&format!("sourceId={web}&{w}&groupBy=eventName&pagination[count]=1"))).await;
    let data = &first.ok()["data"];
    assert_eq!((data["total"].as_u64(), data["dataset"].as_array().unwrap().len()), (Some(4), 1));
    assert_eq!(data["pagination"]["totalEntries"], 3);
    let next = data["pagination"]["next"].as_str().unwrap();
    let second =
        read(at(&format!("sourceId={web}&{w}&groupBy=eventName&pagination[count]=1&pagination[cursor]={next}"))).await;
    assert_eq!(second.ok()["data"]["dataset"][0]["eventName"], "Dropped");

    // Usage: the month from two days before the calls (`world`): two days of none, then all of them, cumulative.
    let calls = read(format!("/usage/api-calls/daily?period={period}&pagination[count]=31")).await;
    let days = calls.ok()["data"]["dailyWorkspaceAPICallsUsage"].as_array().unwrap().clone();
    let begun = days_of(&days, period);
    assert_eq!(days.len(), begun.len());
    let counts: Vec<&str> = days.iter().map(|d| d["apiCalls"].as_str().unwrap()).collect();
    assert_eq!((counts[0], counts[1], counts[counts.len() - 1]), ("0", "0", "5"));
    assert_eq!(days.last().unwrap()["timestamp"], format!("{}T00:00:00Z", begun[begun.len() - 1]));
    let users = read(format!("/usage/mtu/daily?period={period}T00:00:00Z&pagination[count]=31")).await;
    let last = users.ok()["data"]["dailyWorkspaceMTUUsage"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (&last["identified"], &last["anonymous"], &last["anonymousIdentified"], &last["neverIdentified"]),
        (&json!("4"), &json!("2"), &json!("1"), &json!("1"))
    );
    refused(&read("/usage/api-calls/daily?pagination[count]=1".into()).await, 422, "period");
    refused(&read("/usage/api-calls/daily?period=someday&pagination[count]=1".into()).await, 422, "period");
    refused(&read(format!("/usage/mtu/sources/daily?period={period}")).await, 422, "pagination");
    refused(
        &read(format!("/usage/mtu/sources/daily?period={period}&pagination[count]=0")).await,
        422,
        "pagination.count",
    );
}

/// The official SDK reads the same figures: tests/sdk/insights.js.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_official_sdk_reads_the_delivery_overview_and_usage() {
    let Some(folder) = crate::sdk::installed("the_official_sdk_reads_the_delivery_overview_and_usage") else {
        return;
    };
    let (env, [web, web_destination, down, down_destination], period) = world().await;
    let out = tokio::process::Command::new("node")
        .arg("insights.js")
        .current_dir(&folder)
        .env("SEG_BASE", &env.base)
        .env("SEG_WRITE", WRITE)
        .env("SEG_READ", READ)
        .env("SEG_WEB", &web)
        .env("SEG_WEB_DESTINATION", &web_destination)
        .env("SEG_DOWN", &down)
        .env("SEG_DOWN_DESTINATION", &down_destination)
        .env("SEG_PERIOD", period.to_string())
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(120), out).await.expect("the SDK run ends").unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the SDK's run failed\nstdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.contains("11 checks passed"), "{stdout}");
}
