//! `seg serve --data` under SIGKILL: every write the server acknowledged is there after a restart, and nothing is
//! half-written. Also: 16 concurrent clients without an error.

use std::collections::HashSet;
use std::process::Stdio;
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use tokio::io::AsyncBufReadExt;

const TOKEN: &str = "durability-token";

/// Starts `seg serve --data PATH` and returns the process and its base URL.
async fn serve(data: &std::path::Path, home: &std::path::Path) -> (tokio::process::Child, String) {
    let mut cmd = crate::support::seg_command(home);
    cmd.args(["serve", "--port", "0", "--rate-limit", "0", "--accept-token", &format!("{TOKEN}:workspace")])
        .arg("--data")
        .arg(data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    let mut child = cmd.spawn().unwrap();
    let mut lines = tokio::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next_line().await.unwrap().unwrap();
    let base = first.strip_prefix("listening on ").expect(&first).to_string();
    // Keep reading stdout so the server never blocks on a full pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    (child, base)
}

fn client() -> reqwest::Client {
    seg::init_tls();
    reqwest::Client::new()
}

async fn create(http: &reqwest::Client, base: &str, slug: &str) -> Option<u16> {
    let body = json!({"source": {"name": format!("workspaces/demo/sources/{slug}"), "catalog_name": "catalog/sources/javascript"}});
    let response =
        http.post(format!("{base}/v1beta/workspaces/demo/sources")).bearer_auth(TOKEN).json(&body).send().await.ok()?;
    Some(response.status().as_u16())
}

async fn all_sources(http: &reqwest::Client, base: &str) -> Vec<Value> {
    let mut items = Vec::new();
    let mut token = String::new();
    loop {
        let page: Value = http
            .get(format!("{base}/v1beta/workspaces/demo/sources?page_size=200&page_token={token}"))
            .bearer_auth(TOKEN)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        items.extend(page["sources"].as_array().unwrap().iter().cloned());
        token = page["next_page_token"].as_str().unwrap().to_string();
        if token.is_empty() {
            return items;
        }
    }
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_acknowledged_write_survives_sigkill() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("state.redb");
    let (mut server, base) = serve(&data, home.path()).await;
    let http = client();
    let acknowledged = Arc::new(Mutex::new(Vec::new()));
    // Four writers create sources as fast as they can until the server dies under them.
    let mut writers = Vec::new();
    for w in 0..4 {
        let (http, base, acknowledged) = (http.clone(), base.clone(), acknowledged.clone());
        writers.push(tokio::spawn(async move {
            for i in 0..100_000 {
                let slug = format!("w{w}-{i}");
                match create(&http, &base, &slug).await {
                    Some(200) => acknowledged.lock().unwrap().push(slug),
                    _ => return,
                }
            }
        }));
    }
    // Kill once a good number of writes have been acknowledged (bounded: the writers stop by themselves on error).
    for _ in 0..600 {
        if acknowledged.lock().unwrap().len() >= 200 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    std::process::Command::new("kill").args(["-KILL", &server.id().unwrap().to_string()]).status().unwrap();
    server.wait().await.unwrap();
    for writer in writers {
        writer.await.unwrap();
    }
    let acknowledged: Vec<String> = acknowledged.lock().unwrap().clone();
    assert!(acknowledged.len() >= 200, "the load ran: {}", acknowledged.len());

    let (mut server, base) = serve(&data, home.path()).await;
    let sources = all_sources(&http, &base).await;
    let names: HashSet<String> =
        sources.iter().map(|s| s["name"].as_str().unwrap().rsplit('/').next().unwrap().to_string()).collect();
    let lost: Vec<&String> = acknowledged.iter().filter(|slug| !names.contains(*slug)).collect();
    assert!(lost.is_empty(), "{} acknowledged writes lost after SIGKILL: {:?}", lost.len(), &lost[..lost.len().min(5)]);
    // Nothing half-written: every stored source is whole (it decodes with all its fields), and there are no
    // duplicates; at most the in-flight writes (one per writer) exist without having been acknowledged.
    assert_eq!(names.len(), sources.len(), "no duplicates");
    for source in &sources {
        assert_eq!(source["write_keys"].as_array().map(Vec::len), Some(1), "{source}");
        assert_eq!(source["catalog_name"], "catalog/sources/javascript");
    }
    assert!(sources.len() <= acknowledged.len() + 4, "{} stored, {} acknowledged", sources.len(), acknowledged.len());
    // And it still takes writes.
    assert_eq!(create(&http, &base, "after-restart").await, Some(200));
    server.start_kill().unwrap();
    server.wait().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixteen_concurrent_clients_without_an_error() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("state.redb");
    let (mut server, base) = serve(&data, home.path()).await;
    let mut clients = Vec::new();
    for c in 0..16 {
        let base = base.clone();
        clients.push(tokio::spawn(async move {
            let http = client();
            for i in 0..25 {
                assert_eq!(create(&http, &base, &format!("c{c}-{i}")).await, Some(200));
                let got = http
                    .get(format!("{base}/v1beta/workspaces/demo/sources/c{c}-{i}"))
                    .bearer_auth(TOKEN)
                    .send()
                    .await
                    .unwrap();
                assert_eq!(got.status(), 200);
            }
        }));
    }
    for client in clients {
        client.await.unwrap();
    }
    assert_eq!(all_sources(&client(), &base).await.len(), 16 * 25);
    server.start_kill().unwrap();
    server.wait().await.unwrap();
}
