//! The emulator's writes under concurrency, over raw HTTP: writes take turns, so racing creates of one name give one
//! 200 and 409s, also with `--data`, where each commit is fsynced off the async workers while the others wait.
//! Every wait is on the emulator's state, never on time.

use std::sync::Arc;

use serde_json::Value;

use crate::support::{Answer, TestEnv};
use seg::emulator::EmulatorOptions;

const SOURCES: &str = "/v1beta/workspaces/demo/sources";

fn names(page: &Value) -> Vec<String> {
    page["sources"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_string()).collect()
}

fn create(env: &Arc<TestEnv>, slug: &'static str) -> tokio::task::JoinHandle<Answer> {
    let env = env.clone();
    tokio::spawn(async move { env.create_source("demo", slug).await })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_creates_of_one_name_with_a_data_file() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("state.redb");
    let options = || EmulatorOptions { rate_limit: 0, data: Some(data.clone()), ..EmulatorOptions::default() };
    let env = Arc::new(TestEnv::with(options()).await);
    // Each commit fsyncs, so the racers overlap it.
    let tasks: Vec<_> = (0..4).map(|_| create(&env, "plain")).collect();
    let mut statuses = Vec::new();
    for task in tasks {
        statuses.push(task.await.unwrap().status);
    }
    statuses.sort();
    assert_eq!(statuses, [200, 409, 409, 409]);
    Arc::into_inner(env).expect("no other handle").stop().await;
    // What was acknowledged is in the file, once.
    let env = TestEnv::with(options()).await;
    let page = env.get(SOURCES).await;
    assert_eq!(names(page.ok()).iter().filter(|n| n.ends_with("/plain")).count(), 1);
}
