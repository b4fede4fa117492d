//! The emulator's writes under concurrency, over raw HTTP: reads go on while a write is held inside its commit (by a
//! fault at `commit`) and see the state before it; writes take turns, so racing creates of one name give one 200
//! and 409s, in memory and with `--data`, where each commit is fsynced off the async workers. Every wait is on the
//! emulator's state (its fault list, its request log), never on time.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};

use crate::support::{Answer, TestEnv};
use seg::emulator::EmulatorOptions;

const SOURCES: &str = "/v1beta/workspaces/demo/sources";

/// A fault that holds every matching create inside its commit until the faults are cleared (a minute at most).
fn hold_creates(count: u32) -> Value {
    json!({"at": "commit", "method": "POST", "path": SOURCES, "delay_ms": 60_000, "count": count})
}

fn names(page: &Value) -> Vec<String> {
    page["sources"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_string()).collect()
}

/// A bound on each wait, so that a broken emulator fails the test instead of hanging it; never reached otherwise.
const PATIENCE: Duration = Duration::from_secs(60);

/// Waits until the write the fault is for has reached its commit and taken it.
async fn until_fault_taken(env: &TestEnv) {
    let taken = async {
        while !env.get("/_emulator/faults").await.ok()["faults"].as_array().unwrap().is_empty() {
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(PATIENCE, taken).await.expect("the write reaches its commit");
}

/// Waits until the emulator has received `n` API requests since its log was cleared.
async fn until_received(env: &TestEnv, n: usize) {
    let received = async {
        while env.requests().await.len() < n {
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(PATIENCE, received).await.expect("the emulator receives the requests");
}

fn create(env: &Arc<TestEnv>, slug: &'static str) -> tokio::task::JoinHandle<Answer> {
    let env = env.clone();
    tokio::spawn(async move { env.create_source("demo", slug).await })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reads_go_on_while_a_write_is_held_in_its_commit() {
    let env = Arc::new(TestEnv::start().await);
    env.create_source("demo", "before").await.ok();
    env.fault(hold_creates(1)).await;
    env.clear_requests().await;
    let held = create(&env, "held");
    until_fault_taken(&env).await;
    // A second write waits for its turn behind the held one.
    let next = create(&env, "next");
    until_received(&env, 2).await;
    for _ in 0..5 {
        let page = env.get(SOURCES).await;
        assert_eq!(names(page.ok()), ["workspaces/demo/sources/before"], "readers see the state before the write");
        env.get(&format!("{SOURCES}/held")).await.assert_error(404, 5);
        env.get("/v1beta/workspaces/demo").await.ok();
    }
    assert!(!held.is_finished(), "the write is still held in its commit");
    assert!(!next.is_finished(), "the next write waits for its turn");
    // Clearing the faults ends the hold: the write is committed, then answered; then the next one has its turn.
    env.call("DELETE", "/_emulator/faults", None).await.ok();
    held.await.unwrap().ok();
    next.await.unwrap().ok();
    let page = env.get(SOURCES).await;
    let want = ["before", "held", "next"].map(|s| format!("workspaces/demo/sources/{s}"));
    assert_eq!(names(page.ok()), want, "committed in turn order");
}

/// Racing creates of one name, the first held at its commit until all have arrived: one 200, the rest 409.
async fn race_for_one_name(env: &Arc<TestEnv>, racers: usize) {
    env.fault(hold_creates(1)).await;
    env.clear_requests().await;
    let tasks: Vec<_> = (0..racers).map(|_| create(env, "shared")).collect();
    until_fault_taken(env).await;
    until_received(env, racers).await;
    env.call("DELETE", "/_emulator/faults", None).await.ok();
    let mut answers = Vec::new();
    for task in tasks {
        answers.push(task.await.unwrap());
    }
    let created = answers.iter().filter(|a| a.status == 200).count();
    assert_eq!(created, 1, "{answers:?}");
    for answer in answers.iter().filter(|a| a.status != 200) {
        answer.assert_error(409, 6);
    }
}

fn count_shared(page: &Value) -> usize {
    names(page).iter().filter(|n| n.ends_with("/shared")).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_creates_of_one_name_give_one_200_and_409s() {
    let env = Arc::new(TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await);
    race_for_one_name(&env, 4).await;
    assert_eq!(count_shared(env.get(SOURCES).await.ok()), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_creates_of_one_name_with_a_data_file() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("state.redb");
    let options = || EmulatorOptions { rate_limit: 0, data: Some(data.clone()), ..EmulatorOptions::default() };
    let env = Arc::new(TestEnv::with(options()).await);
    // Unheld: each commit fsyncs, so the racers overlap it.
    let tasks: Vec<_> = (0..4).map(|_| create(&env, "plain")).collect();
    let mut statuses = Vec::new();
    for task in tasks {
        statuses.push(task.await.unwrap().status);
    }
    statuses.sort();
    assert_eq!(statuses, [200, 409, 409, 409]);
    race_for_one_name(&env, 4).await;
    Arc::into_inner(env).expect("no other handle").stop().await;
    // What was acknowledged is in the file, once.
    let env = TestEnv::with(options()).await;
    let page = env.get(SOURCES).await;
    assert_eq!(count_shared(page.ok()), 1);
    assert_eq!(names(&page.json).iter().filter(|n| n.ends_with("/plain")).count(), 1);
}
