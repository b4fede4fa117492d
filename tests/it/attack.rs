//! The Public API path under attack (issue 34): the reproductions of an adversarial walk, run black-box (the `seg`
//! binary against servers and files), on both APIs where the promise holds for both. Each promise is held by one
//! structure (docs/reference/answers.md, docs/reference/names.md, docs/reference/secrets.md): a name means what it
//! names now (an id reached through a cache is checked, an id from an answer is checked like user input, a create holds
//! a lock across its lookup), every read ends (`api::list::Followed`), every answer is read whole (`wire::text`), a
//! secret is a secret wherever it stands.

use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

use crate::support::{Run, TestEnv, WRITE, run_with_stdin, seg_command};
use seg::emulator::EmulatorOptions;

/// One answer of a hostile server.
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn json(value: Value) -> Reply {
        Reply::text(200, value.to_string())
    }

    pub fn text(status: u16, body: impl Into<Vec<u8>>) -> Reply {
        Reply { status, headers: vec![("content-type".into(), "application/json".into())], body: body.into() }
    }
}

type Handler = dyn Fn(&str, &str, &str) -> Reply + Send + Sync;

/// A server that answers every request with what `handler` says of its method, path and query, and keeps what was
/// asked (`METHOD path?query`).
pub struct Hostile {
    pub base: String,
    pub asked: Arc<Mutex<Vec<String>>>,
    pub home: tempfile::TempDir,
}

impl Hostile {
    pub async fn serve(handler: impl Fn(&str, &str, &str) -> Reply + Send + Sync + 'static) -> Hostile {
        let handler: Arc<Handler> = Arc::new(handler);
        let asked = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&asked);
        let app = axum::Router::new().fallback(move |request: axum::extract::Request| {
            let handler = Arc::clone(&handler);
            let log = Arc::clone(&log);
            async move {
                let method = request.method().to_string();
                let path = request.uri().path().to_string();
                let query = request.uri().query().unwrap_or_default().to_string();
                log.lock().unwrap().push(format!("{method} {path}?{query}"));
                let reply = handler(&method, &path, &query);
                let mut response = axum::response::Response::new(axum::body::Body::from(reply.body));
                *response.status_mut() = axum::http::StatusCode::from_u16(reply.status).unwrap();
                for (name, value) in reply.headers {
                    response.headers_mut().insert(
                        axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                        axum::http::HeaderValue::from_str(&value).unwrap(),
                    );
                }
                response
            }
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Hostile { base, asked, home: tempfile::tempdir().unwrap() }
    }

    /// `seg ARGS` against this server, the Public API unless `vars` say otherwise; bounded, so that a listing that
    /// never ends fails the test instead of hanging it.
    pub async fn seg(&self, args: &[&str], vars: &[(&str, &str)]) -> Run {
        let mut cmd = seg_command(self.home.path());
        cmd.env("SEG_BASE_URL", &self.base).env("SEG_TOKEN", WRITE).env("SEG_API", "public").args(args);
        for (key, value) in vars {
            cmd.env(key, value);
        }
        tokio::time::timeout(std::time::Duration::from_secs(60), run_with_stdin(cmd, b""))
            .await
            .unwrap_or_else(|_| panic!("seg {args:?} did not end within 60 s"))
    }

    pub fn asked(&self) -> Vec<String> {
        self.asked.lock().unwrap().clone()
    }
}

/// An emulator with no rate limit (these tests are not about pacing).
async fn unpaced() -> TestEnv {
    TestEnv::with(EmulatorOptions { rate_limit: 0, ..Default::default() }).await
}

/// The variables of a run on `api` (`config` or `public`) in workspace `demo` with the write token.
fn on(api: &str) -> [(&'static str, &str); 3] {
    [("SEG_TOKEN", WRITE), ("SEG_API", api), ("SEG_WORKSPACE", "demo")]
}

/// The token's workspace, as `GET /` answers it.
fn workspace() -> Reply {
    Reply::json(json!({"data": {"workspace": {"id": "9aQ1Lj62S4bomZKLF4DPqW", "slug": "acme", "name": "Acme"}}}))
}

/// A source record of the Public API.
fn source(id: &str, slug: &str) -> Value {
    json!({"id": id, "slug": slug, "name": slug, "workspaceId": "9aQ1Lj62S4bomZKLF4DPqW", "enabled": true,
           "writeKeys": ["k"], "labels": [], "metadata": {"id": "IqDTy1TpoU", "slug": "javascript", "name": "JS"}})
}

/// The value of `key` in a query string (percent-decoded).
fn query_value(query: &str, key: &str) -> Option<String> {
    form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k == key).map(|(_, v)| v.into_owned())
}

/// A Public API whose source listing never ends: page `A` says next is `B`, page `B` says next is `A`.
fn cycling(method: &str, path: &str, query: &str) -> Reply {
    match (method, path) {
        ("GET", "/") => workspace(),
        ("GET", "/sources") => {
            let cursor = query_value(query, "pagination[cursor]").unwrap_or_default();
            let (record, current, next) = match cursor.as_str() {
                "" | "A" => (source("aaaaaaaaaaaaaaaaaaaaaa", "one"), "A", "B"),
                _ => (source("bbbbbbbbbbbbbbbbbbbbbb", "two"), "B", "A"),
            };
            Reply::json(json!({"data": {"sources": [record], "pagination": {"current": current, "next": next}}}))
        }
        _ => Reply::text(404, r#"{"errors":[{"type":"not-found","message":"no such thing"}]}"#),
    }
}

/// A Config API whose source listing never ends: tokens `A` and `B` point at each other.
fn cycling_config(_method: &str, path: &str, query: &str) -> Reply {
    if path != "/v1beta/workspaces/acme/sources" {
        return Reply::text(404, r#"{"error":"not found","code":5}"#);
    }
    let next = if query_value(query, "page_token").as_deref() == Some("A") { "B" } else { "A" };
    let source = json!({"name": "workspaces/acme/sources/one", "catalog_name": "catalog/sources/javascript"});
    Reply::json(json!({"sources": [source], "next_page_token": next}))
}

#[tokio::test]
async fn a_cursor_that_cycles_stops_every_listing_and_lookup() {
    let server = Hostile::serve(cycling).await;
    // Listings, a lookup that lets its write go, a walk, and the raw call's paging.
    let cases: [&[&str]; 5] = [
        &["sources", "list", "-o", "name"],
        &["sources", "list", "-o", "ndjson", "--page-size", "1"],
        &["sources", "delete", "nowhere", "--yes"],
        &["export"],
        &["api", "GET", "/sources", "--paginate"],
    ];
    for args in cases {
        let run = server.seg(args, &[]).await;
        run.code(1);
        assert!(run.stderr.contains("a second time in one listing"), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("\"A\"") || run.stderr.contains("\"B\""), "names the token: {}", run.stderr);
        assert!(!run.stderr.contains("next_page_token:"), "nothing to resume from: {}", run.stderr);
    }
    // The items of every page before the cycle are printed, once each.
    let run = server.seg(&["sources", "list", "-o", "name"], &[]).await;
    assert_eq!(run.stdout, "workspaces/acme/sources/one\nworkspaces/acme/sources/two\n", "{}", run.stderr);
    let deletes = server.asked().iter().filter(|a| a.starts_with("DELETE")).count();
    assert_eq!(deletes, 0, "a lookup that cannot end writes nothing");

    let config = Hostile::serve(cycling_config).await;
    for args in [&["sources", "list", "-w", "acme"][..], &["api", "GET", "workspaces/acme/sources", "--paginate"]] {
        let run = config.seg(args, &[("SEG_API", "config")]).await;
        run.code(1);
        assert!(run.stderr.contains("a second time in one listing"), "{args:?}: {}", run.stderr);
    }
}

#[tokio::test]
async fn a_next_cursor_equal_to_the_current_one_ends_the_list() {
    let server = Hostile::serve(|method, path, _| match (method, path) {
        ("GET", "/") => workspace(),
        ("GET", "/sources") => Reply::json(json!({"data": {"sources": [source("aaaaaaaaaaaaaaaaaaaaaa", "one")],
                                                   "pagination": {"current": "MA==", "next": "MA=="}}})),
        _ => Reply::text(404, r#"{"errors":[{"type":"not-found"}]}"#),
    })
    .await;
    let run = server.seg(&["sources", "list", "-o", "name"], &[]).await;
    assert_eq!(run.code(0).stdout, "workspaces/acme/sources/one\n");
    let run = server.seg(&["sources", "get", "one", "-o", "name"], &[]).await;
    run.code(15);
}

#[tokio::test]
async fn a_cursor_no_service_would_send_is_the_services_fault() {
    let huge = "Q".repeat(3 * 1024 * 1024);
    let server = Hostile::serve(move |method, path, _| match (method, path) {
        ("GET", "/") => workspace(),
        ("GET", "/sources") => Reply::json(json!({"data": {"sources": [source("aaaaaaaaaaaaaaaaaaaaaa", "one")],
                                                   "pagination": {"current": "MA==", "next": huge}}})),
        _ => Reply::text(404, r#"{"errors":[{"type":"not-found"}]}"#),
    })
    .await;
    for args in [&["sources", "list", "-o", "name"][..], &["sources", "get", "two"], &["export"]] {
        let run = server.seg(args, &[]).await;
        // Not "usage" (2): nothing the user typed was wrong.
        run.code(1);
        assert!(run.stderr.contains("page token of 3145728 bytes"), "{args:?}: {}", run.stderr);
    }
}

/// A value nested `depth` levels deep (`[[[...1...]]]`).
fn nested(depth: usize) -> Value {
    (0..depth).fold(json!(1), |inner, _| json!([inner]))
}

#[tokio::test]
async fn a_record_as_deep_as_the_service_takes_is_read_on_both_apis() {
    let env = unpaced().await;
    let catalog = env.get("/catalog/sources").await.json["data"]["sourcesCatalog"].clone();
    let javascript = catalog.as_array().unwrap().iter().find(|s| s["slug"] == "javascript").unwrap()["id"].clone();
    // The deepest source the emulator's Public door accepts: the create body at 128 levels, its settings nested.
    let body = |depth: usize| json!({"slug": "web", "enabled": true, "metadataId": javascript.clone(), "settings": {"deep": nested(depth)}});
    let depth = 128 - 2;
    let over = env.call("POST", "/sources", Some(body(depth + 1))).await;
    assert!(over.text.contains("nested deeper than 128"), "the emulator's limit is here: {}", over.text);
    assert_eq!(env.call("POST", "/sources", Some(body(depth))).await.status, 201);
    env.create_source("demo", "app").await.ok();
    for api in ["config", "public"] {
        let vars = on(api);
        let cases: [&[&str]; 6] = [
            &["sources", "list", "-o", "name"],
            &["sources", "list", "-o", "table"],
            &["sources", "get", "web", "-o", "yaml"],
            &["sources", "get", "app"],
            &["destinations", "list", "--source", "app"],
            &["export"],
        ];
        for args in cases {
            let run = env.seg_with(args, &vars).await;
            assert_eq!(run.code, 0, "{api} {args:?}: {}", run.stderr);
        }
        let listed = env.seg_with(&["sources", "list", "-o", "name"], &vars).await;
        assert_eq!(listed.stdout, "workspaces/demo/sources/web\nworkspaces/demo/sources/app\n", "{api}");
        if api == "public" {
            let run = env.seg_with(&["sources", "get", "web", "-o", "json"], &vars).await;
            assert_eq!(run.code(0).json()["settings"]["deep"], nested(depth), "printed whole");
            let run = env.seg_with(&["sources", "get", "web", "--jq", ".settings.deep"], &vars).await;
            assert_eq!(run.code(0).json(), nested(depth));
            let run = env.seg_with(&["api", "GET", "/sources"], &vars).await;
            assert_eq!(run.code(0).json()["data"]["sources"][0]["settings"]["deep"], nested(depth));
        }
    }
}

#[tokio::test]
async fn an_answer_too_deep_is_named_so_never_not_json() {
    let deep = nested(400);
    let server = Hostile::serve(move |method, path, _| match (method, path) {
        ("GET", "/") => workspace(),
        ("GET", "/sources") => {
            let mut record = source("aaaaaaaaaaaaaaaaaaaaaa", "one");
            record["settings"] = json!({"deep": deep.clone()});
            Reply::json(json!({"data": {"sources": [record], "pagination": {"current": "MA=="}}}))
        }
        _ => Reply::text(404, r#"{"errors":[{"type":"not-found"}]}"#),
    })
    .await;
    for args in [&["sources", "list"][..], &["sources", "get", "one"], &["api", "GET", "/sources"]] {
        let run = server.seg(args, &[]).await;
        run.code(1);
        assert!(run.stderr.contains("nested too deep"), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("not JSON"), "{args:?}: {}", run.stderr);
    }
}

#[tokio::test]
async fn a_key_given_twice_is_read_as_json_parse_reads_it_everywhere() {
    // The listing and the name lookup read the same record: its last `slug`.
    let record = r#"{"id": "aaaaaaaaaaaaaaaaaaaaaa", "slug": "web", "enabled": true, "writeKeys": [], "labels": [],
                     "metadata": {"slug": "javascript"}, "slug": "app"}"#;
    let page = format!(r#"{{"data": {{"sources": [{record}], "pagination": {{"current": "MA=="}}}}}}"#);
    let one = format!(r#"{{"data": {{"source": {record}, "trackingPlanId": null}}}}"#);
    let server = Hostile::serve(move |method, path, _| match (method, path) {
        ("GET", "/") => workspace(),
        ("GET", "/sources") => Reply::text(200, page.clone()),
        ("GET", "/sources/aaaaaaaaaaaaaaaaaaaaaa") => Reply::text(200, one.clone()),
        _ => Reply::text(404, r#"{"errors":[{"type":"not-found"}]}"#),
    })
    .await;
    let listed = server.seg(&["sources", "list", "-o", "name"], &[]).await;
    assert_eq!(listed.code(0).stdout, "workspaces/acme/sources/app\n");
    let got = server.seg(&["sources", "get", "app", "-o", "name"], &[]).await;
    assert_eq!(got.code(0).stdout, "workspaces/acme/sources/app\n");
    server.seg(&["sources", "get", "web"], &[]).await.code(15);
    let table = server.seg(&["sources", "get", "app", "-o", "table"], &[("COLUMNS", "120")]).await;
    assert!(table.code(0).stdout.contains("app"), "{}", table.stdout);
}

#[tokio::test]
async fn an_answer_seg_cuts_short_says_so() {
    // Over the 64 MiB seg reads of an answer: a success that cannot be read whole is not read at all.
    let big =
        format!(r#"{{"data": {{"workspace": {{"id": "x", "slug": "acme", "name": "{}"}}}}}}"#, "n".repeat(65 << 20));
    let big = Arc::new(big.into_bytes());
    let server = Hostile::serve(move |_, _, _| Reply::text(200, big.as_ref().clone())).await;
    let run = server.seg(&["workspaces", "get"], &[]).await;
    run.code(1);
    assert!(run.stderr.contains("larger than 64 MiB: seg read that much of it and stopped"), "{}", run.stderr);
    assert!(!run.stderr.contains("EOF"), "{}", run.stderr);
}

/// `seg ARGS` on the Public API against this emulator (the token's workspace).
async fn public(env: &TestEnv, args: &[&str]) -> Run {
    env.seg_with(args, &[("SEG_TOKEN", WRITE), ("SEG_API", "public")]).await
}

/// A source's id by its slug, as the emulator's Public door lists it.
async fn id_of(env: &TestEnv, slug: &str) -> String {
    let sources = env.get("/sources").await.json["data"]["sources"].clone();
    let found = sources.as_array().unwrap().iter().find(|s| s["slug"] == slug).cloned();
    found.unwrap_or_else(|| panic!("no source {slug}: {sources}"))["id"].as_str().unwrap().to_string()
}

/// Renames a source behind seg's back (the app, a teammate, Terraform).
async fn rename(env: &TestEnv, from: &str, to: &str) {
    let id = id_of(env, from).await;
    let answer = env.call("PATCH", &format!("/sources/{id}"), Some(json!({"slug": to}))).await;
    assert_eq!(answer.status, 200, "{}", answer.text);
}

#[tokio::test]
async fn a_name_means_the_source_it_names_now_not_the_one_remembered() {
    let env = unpaced().await;
    for slug in ["web", "other"] {
        public(&env, &["sources", "create", slug, "--catalog", "javascript"]).await.code(0);
    }
    let hooks = r#"hooks=[{"hook":"https://example.com/in"}]"#;
    public(&env, &["destinations", "create", "web/webhooks", "--config", hooks]).await.code(0);
    // Remembered by this process: `web` and `other` by their ids.
    public(&env, &["sources", "get", "web"]).await.code(0);
    public(&env, &["sources", "get", "other"]).await.code(0);
    let old_web = id_of(&env, "web").await;
    // Elsewhere: `web` becomes `app`, and a new `web` is made (with its own webhooks destination).
    rename(&env, "web", "app").await;
    env.create_source("demo", "web").await.ok();
    let body = json!({"destination": {"name": "workspaces/demo/sources/web/destinations/webhooks",
        "config": [{"name": "workspaces/demo/sources/web/destinations/webhooks/config/hooks", "value": []}]}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(body)).await.ok();
    let new_web = id_of(&env, "web").await;

    let got = public(&env, &["sources", "get", "web", "-o", "json"]).await;
    assert_eq!(got.code(0).json()["id"], new_web.as_str(), "a read reaches the source named web now");
    let run = public(&env, &["sources", "update", "web", "--display-name", "New web", "-o", "json"]).await;
    assert_eq!(run.code(0).json()["id"], new_web.as_str());
    let run = public(&env, &["destinations", "patch", "web/webhooks", "--enabled", "-o", "json"]).await;
    assert_eq!(run.code(0).json()["sourceId"], new_web.as_str(), "a destination of the source named web now");
    let app = env.get(&format!("/sources/{old_web}")).await.json["data"]["source"].clone();
    assert_eq!(app["slug"], "app", "{app}");
    assert_ne!(app["name"], "New web", "app untouched: {app}");
    let app_destination = env.get(&format!("/sources/{old_web}/connected-destinations")).await;
    assert_eq!(app_destination.json["data"]["destinations"][0]["enabled"], false, "app's destination untouched");

    // Swapped: `web` and `other` trade slugs; each name reaches the source that carries it now.
    let (web, other) = (id_of(&env, "web").await, id_of(&env, "other").await);
    public(&env, &["sources", "get", "web"]).await.code(0);
    rename(&env, "web", "swap").await;
    rename(&env, "other", "web").await;
    rename(&env, "swap", "other").await;
    let run = public(&env, &["sources", "delete", "web", "--yes"]).await;
    run.code(0);
    assert_eq!(env.get(&format!("/sources/{other}")).await.status, 404, "the source named web now is deleted");
    assert_eq!(env.get(&format!("/sources/{web}")).await.json["data"]["source"]["slug"], "other", "not the other");
    assert_eq!(env.get(&format!("/sources/{old_web}")).await.status, 200, "app is still there");
}

#[tokio::test]
async fn a_remembered_name_that_lies_is_read_again_before_anything_is_made() {
    let env = unpaced().await;
    public(&env, &["sources", "create", "web", "--catalog", "javascript"]).await.code(0);
    // The cache file of an earlier seg (or a planted one) says javascript's id is python's.
    let catalog = env.get("/catalog/sources").await.json["data"]["sourcesCatalog"].clone();
    let python = catalog.as_array().unwrap().iter().find(|s| s["slug"] == "python").unwrap()["id"].clone();
    let runtime = env.home.path().join(crate::support::RUNTIME);
    for entry in std::fs::read_dir(&runtime).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("ids-") {
            let mut known: Value = serde_json::from_slice(&std::fs::read(entry.path()).unwrap()).unwrap();
            known["catalog_sources"]["javascript"] = python.clone();
            std::fs::write(entry.path(), known.to_string()).unwrap();
        }
    }
    let run = public(&env, &["sources", "create", "site", "--catalog", "javascript", "-o", "json"]).await;
    assert_eq!(run.code(0).json()["metadata"]["slug"], "javascript", "{}", run.stdout);
}

#[tokio::test]
async fn a_forwarding_target_is_named_by_the_slug_its_source_carries_now() {
    let env = unpaced().await;
    for slug in ["web", "other"] {
        public(&env, &["sources", "create", slug, "--catalog", "javascript"]).await.code(0);
    }
    let set = ["sources", "schema-config", "update", "web", "--set", "forwarding_violations_to=other"];
    public(&env, &set).await.code(0);
    rename(&env, "other", "renamed").await;
    let run = env
        .seg_with(
            &["sources", "schema-config", "get", "web", "-o", "table"],
            &[("SEG_TOKEN", WRITE), ("SEG_API", "public"), ("COLUMNS", "200")],
        )
        .await;
    assert!(run.code(0).stdout.contains("sources/renamed"), "{}", run.stdout);
}

/// A Public API whose source `one` has one webhooks destination, whose id holds a `/` (another destination's path
/// after it), or whose source id does.
fn slashed(source: &'static str, destination: &'static str) -> impl Fn(&str, &str, &str) -> Reply {
    move |method, path, _| match (method, path) {
        ("GET", "/") => workspace(),
        ("GET", "/sources") => {
            Reply::json(json!({"data": {"sources": [source_record(source)], "pagination": {"current": "MA=="}}}))
        }
        ("GET", p) if p.ends_with("/connected-destinations") => Reply::json(json!({"data": {
            "destinations": [{"id": destination, "name": null, "enabled": true, "sourceId": source, "settings": {},
                              "metadata": {"id": "54521fd525e721e32a72ee91", "slug": "webhooks"}}],
            "pagination": {"current": "MA=="}}})),
        _ => Reply::text(404, r#"{"errors":[{"type":"not-found"}]}"#),
    }
}

fn source_record(id: &str) -> Value {
    source(id, "one")
}

#[tokio::test]
async fn an_id_from_an_answer_is_checked_before_it_enters_a_path() {
    let server = Hostile::serve(slashed("aaaaaaaaaaaaaaaaaaaaaa", "OTHER/x")).await;
    for args in [
        &["destinations", "patch", "one/webhooks", "--enabled"][..],
        &["destinations", "delete", "one/webhooks", "--yes"],
        &["destinations", "filters", "list", "one/webhooks"],
    ] {
        let run = server.seg(args, &[]).await;
        run.code(1);
        assert!(run.stderr.contains("whose id \"OTHER/x\" seg cannot use in a path"), "{args:?}: {}", run.stderr);
    }
    let server = Hostile::serve(slashed("../../tracking-plans/x", "aaaaaaaaaaaaaaaaaaaaaaaa")).await;
    for args in [&["sources", "delete", "one", "--yes"][..], &["sources", "update", "one", "--display-name", "x"]] {
        let run = server.seg(args, &[]).await;
        run.code(1);
        assert!(run.stderr.contains("seg cannot use in a path"), "{args:?}: {}", run.stderr);
    }
    let written: Vec<String> = server.asked().into_iter().filter(|a| !a.starts_with("GET")).collect();
    assert!(written.is_empty(), "nothing written: {written:?}");
}

#[tokio::test]
async fn creates_of_one_name_on_one_machine_make_one_resource() {
    let _limited = crate::support::LIMITED.lock().await;
    for api in ["config", "public"] {
        let env = unpaced().await;
        env.create_source("demo", "web").await.ok();
        let vars = on(api);
        // Each create is held in its commit a while, so that eight at once overlap.
        let fault = json!({"at": "commit", "method": "POST", "path": "/", "delay_ms": 300, "count": 16});
        env.fault(fault).await;
        let hooks = r#"hooks=[{"hook":"https://example.com/in"}]"#;
        let args = ["destinations", "create", "web/webhooks", "--config", hooks];
        let runs = futures_util::future::join_all((0..8).map(|_| env.seg_with(&args, &vars))).await;
        let mut codes: Vec<i32> = runs.iter().map(|r| r.code).collect();
        codes.sort();
        assert_eq!(
            codes,
            [0, 16, 16, 16, 16, 16, 16, 16],
            "{api}: {:?}",
            runs.iter().map(|r| &r.stderr).collect::<Vec<_>>()
        );
        let listed = env.get("/v1beta/workspaces/demo/sources/web/destinations").await;
        assert_eq!(listed.json["destinations"].as_array().unwrap().len(), 1, "{api}");
        let public_count = env.get(&format!("/sources/{}/connected-destinations", id_of(&env, "web").await)).await;
        assert_eq!(public_count.json["data"]["destinations"].as_array().unwrap().len(), 1, "{api}");

        // Twice within one --each: one made, the other refused as taken.
        env.create_source("demo", "app").await.ok();
        let each = env.path("each.txt");
        std::fs::write(&each, "app/webhooks\napp/webhooks\n").unwrap();
        let run =
            env.seg_with(&["destinations", "create", "--each", each.to_str().unwrap(), "--config", hooks], &vars).await;
        assert_eq!(run.code, 1, "{api}: {}", run.stderr);
        let results: Vec<Value> = run.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let ok = results.iter().filter(|r| r["ok"] == true).count();
        assert_eq!(ok, 1, "{api}: {}", run.stdout);
        let app = env.get(&format!("/sources/{}/connected-destinations", id_of(&env, "app").await)).await;
        assert_eq!(app.json["data"]["destinations"].as_array().unwrap().len(), 1, "{api}");
    }
}

/// The files of one kind seg keeps in the runtime folder (`ids-`, `budget-`, `completion-`).
fn kept(env: &TestEnv, prefix: &str) -> Vec<std::path::PathBuf> {
    let runtime = env.home.path().join(crate::support::RUNTIME);
    let mut found: Vec<_> = std::fs::read_dir(&runtime)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(prefix))
        .map(|e| e.path())
        .collect();
    found.sort();
    found
}

/// Puts what an attacker (or an accident) leaves at `path`: a FIFO, a link to /dev/zero, a huge file, garbage.
#[cfg(unix)]
fn plant(path: &std::path::Path, what: &str) {
    let _ = std::fs::remove_file(path);
    match what {
        "fifo" => {
            let name = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
            assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        }
        "zero" => std::os::unix::fs::symlink("/dev/zero", path).unwrap(),
        "huge" => {
            let file = std::fs::File::create(path).unwrap();
            file.set_len(107 * 1024 * 1024).unwrap();
        }
        _ => std::fs::write(path, what).unwrap(),
    }
}

#[cfg(unix)]
#[tokio::test]
async fn the_runtime_folder_is_read_as_untrusted() {
    let env = unpaced().await;
    public(&env, &["sources", "create", "web", "--catalog", "javascript"]).await.code(0);
    let ids = kept(&env, "ids-");
    assert_eq!(ids.len(), 1, "{ids:?}");
    for what in ["fifo", "zero", "huge", "{not json"] {
        plant(&ids[0], what);
        let run = tokio::time::timeout(
            std::time::Duration::from_secs(60),
            env.seg_with(&["sources", "get", "web", "-o", "name"], &[("SEG_TOKEN", WRITE), ("SEG_API", "public")]),
        )
        .await
        .unwrap_or_else(|_| panic!("{what}: seg hung on the runtime folder"));
        assert_eq!(run.code(0).stdout, "workspaces/demo/sources/web\n", "{what}");
        let warnings = run.stderr.matches("warning:").count();
        assert_eq!(warnings, 1, "{what}: one warning: {}", run.stderr);
        assert!(run.stderr.contains(&ids[0].display().to_string()), "{what}: names the file: {}", run.stderr);
        let meta = std::fs::symlink_metadata(&ids[0]).unwrap();
        match what {
            // Not a file of seg's: left as it was, nothing written through it.
            "fifo" => assert!(std::os::unix::fs::FileTypeExt::is_fifo(&meta.file_type())),
            "zero" => assert!(meta.file_type().is_symlink()),
            "huge" => assert_eq!(meta.len(), 107 * 1024 * 1024),
            // A file of seg's it cannot parse: a fresh start, written anew (0600).
            _ => {
                let text = std::fs::read_to_string(&ids[0]).unwrap();
                assert!(serde_json::from_str::<Value>(&text).is_ok(), "{text}");
                assert_eq!(std::os::unix::fs::PermissionsExt::mode(&meta.permissions()) & 0o777, 0o600);
            }
        }
    }
    // The rate budget's file, the same.
    env.seg_with(&["sources", "list", "-w", "demo"], &[("SEG_TOKEN", WRITE), ("SEG_RATE_LIMIT", "600")]).await.code(0);
    let budget = kept(&env, "budget-");
    for what in ["fifo", "zero", "huge"] {
        plant(&budget[0], what);
        let run = tokio::time::timeout(
            std::time::Duration::from_secs(60),
            env.seg_with(&["sources", "list", "-w", "demo"], &[("SEG_TOKEN", WRITE), ("SEG_RATE_LIMIT", "600")]),
        )
        .await
        .unwrap_or_else(|_| panic!("{what}: seg hung on the budget file"));
        run.code(0);
        assert_eq!(run.stderr.matches("warning:").count(), 1, "{what}: {}", run.stderr);
    }
}

#[cfg(unix)]
#[tokio::test]
async fn completion_never_hangs_on_its_cache() {
    let env = TestEnv::start().await;
    env.create_source("demo", "web").await.ok();
    let vars = [
        ("SEG_TOKEN", WRITE),
        ("SEG_WORKSPACE", "demo"),
        ("COMPLETE", "bash"),
        ("_CLAP_COMPLETE_INDEX", "3"),
        ("_CLAP_COMPLETE_COMP_TYPE", "9"),
        ("_CLAP_COMPLETE_SPACE", "true"),
        ("_CLAP_IFS", "\n"),
    ];
    let complete = || env.seg_with(&["--", "seg", "sources", "get", ""], &vars);
    let names = |run: &Run| run.stdout.lines().filter(|l| !l.starts_with('-')).collect::<Vec<_>>().join(" ");
    assert_eq!(names(complete().await.code(0)), "web");
    let cache = kept(&env, "completion-");
    assert_eq!(cache.len(), 1);
    for what in ["fifo", "zero", "huge"] {
        plant(&cache[0], what);
        let run = tokio::time::timeout(std::time::Duration::from_secs(30), complete())
            .await
            .unwrap_or_else(|_| panic!("{what}: completion hung"));
        assert_eq!(names(run.code(0)), "web", "{what}");
        assert!(run.stderr.is_empty(), "{what}: completion is silent: {}", run.stderr);
    }
}

/// Ten bullets and the last four characters: a secret as the Public API shows it.
fn censored(last4: &str) -> String {
    format!("••••••••••{last4}")
}

#[tokio::test]
async fn a_censored_secret_is_never_written_wherever_it_stands() {
    for api in ["config", "public"] {
        let env = unpaced().await;
        env.create_source("demo", "web").await.ok();
        let vars = on(api);
        let hooks = |auth: &str| {
            format!(r#"hooks=[{{"hook":"https://example.com/in","headers":{{"Authorization":"{auth}"}}}}]"#)
        };
        let args = [
            "destinations",
            "create",
            "web/webhooks",
            "--config",
            &hooks("Bearer abcd1234"),
            "--config",
            "sharedSecret=s3cret-5678",
        ];
        env.seg_with(&args, &vars).await.code(0);
        env.clear_requests().await;
        // A header copied from what the service shows, and the shared secret likewise: refused, nothing sent.
        let cases = [
            (hooks(&censored("1234")), "config.hooks[0].headers.Authorization"),
            (format!("sharedSecret={}", censored("5678")), "config.sharedSecret"),
            (
                r#"hooks=[{"hook":"https://example.com/in","headers":[{"key":"X-Token","value":"****"}]}]"#.to_string(),
                "config.hooks[0].headers[0].value",
            ),
        ];
        for (config, path) in &cases {
            let run = env.seg_with(&["destinations", "patch", "web/webhooks", "--config", config], &vars).await;
            run.code(2);
            assert!(run.stderr.contains(path) && run.stderr.contains("censored"), "{api}: {}", run.stderr);
            let run =
                env.seg_with(&["destinations", "patch", "web/webhooks", "--config", config, "--dry-run"], &vars).await;
            run.code(2);
        }
        let writes: Vec<Value> = env.requests().await.into_iter().filter(|r| r["method"] != "GET").collect();
        assert!(writes.is_empty(), "{api}: nothing written: {writes:?}");
        // A wildcard is no secret.
        let wildcard = r#"hooks=[{"hook":"https://example.com/in","headers":{"Accept":"*"}}]"#;
        env.seg_with(&["destinations", "patch", "web/webhooks", "--config", wildcard], &vars).await.code(0);
        // A file made from what the service shows: refused before the first write, naming where.
        let file = env.path("workspace.yaml");
        std::fs::write(
            &file,
            format!(
                "format: seg/1\nworkspace: demo\nsources:\n  app:\n    catalog_name: catalog/sources/javascript\n    \
                 destinations:\n      webhooks:\n        config:\n          hooks: [{{hook: 'https://example.com/in', \
                 headers: {{Authorization: '{}'}}}}]\n",
                censored("1234")
            ),
        )
        .unwrap();
        env.clear_requests().await;
        let run = env.seg_with(&["apply", "--file", file.to_str().unwrap(), "--yes"], &vars).await;
        run.code(2);
        assert!(run.stderr.contains("config.hooks[0].headers.Authorization"), "{api}: {}", run.stderr);
        let writes: Vec<Value> = env.requests().await.into_iter().filter(|r| r["method"] != "GET").collect();
        assert!(writes.is_empty(), "{api}: refused before the first write: {writes:?}");
    }
}

#[tokio::test]
async fn seg_serve_keeps_the_secret_a_censored_value_stands_for() {
    let env = unpaced().await;
    env.create_source("demo", "web").await.ok();
    let hooks = |auth: &str| json!([{"hook": "https://example.com/in", "headers": {"Authorization": auth}}]);
    let body = json!({"destination": {"name": "workspaces/demo/sources/web/destinations/webhooks", "config": [
        {"name": "workspaces/demo/sources/web/destinations/webhooks/config/hooks", "value": hooks("Bearer abcd1234")},
        {"name": "workspaces/demo/sources/web/destinations/webhooks/config/sharedSecret", "value": "s3cret-5678"}]}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(body)).await.ok();
    let id = env.get(&format!("/sources/{}/connected-destinations", id_of(&env, "web").await)).await.json["data"]
        ["destinations"][0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let stored = || async {
        let config = env.get("/v1beta/workspaces/demo/sources/web/destinations/webhooks").await.json["config"].clone();
        let value = |key: &str| {
            config.as_array().unwrap().iter().find(|c| c["name"].as_str().unwrap().ends_with(key)).unwrap()["value"]
                .clone()
        };
        (value("/hooks")[0]["headers"]["Authorization"].clone(), value("/sharedSecret"))
    };
    // The Public door: the last four match, so the stored secrets stay (a nested one and a whole one).
    let patch = json!({"settings": {"hooks": hooks(&censored("1234")), "sharedSecret": censored("5678")}});
    let answer = env.call("PATCH", &format!("/destinations/{id}"), Some(patch)).await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    assert_eq!(stored().await, (json!("Bearer abcd1234"), json!("s3cret-5678")));
    // They do not: refused, naming the place, and nothing changes.
    let patch = json!({"settings": {"hooks": hooks(&censored("9999"))}});
    let answer = env.call("PATCH", &format!("/destinations/{id}"), Some(patch)).await;
    assert_eq!(answer.status, 422, "{}", answer.text);
    assert_eq!(answer.json["errors"][0]["field"], "settings.hooks[0].headers.Authorization", "{}", answer.text);
    assert_eq!(stored().await, (json!("Bearer abcd1234"), json!("s3cret-5678")));
    // The Config door, alike.
    let update = |auth: String| {
        json!({"destination": {"config": [{"name":
        "workspaces/demo/sources/web/destinations/webhooks/config/hooks", "value": hooks(&auth)}]},
        "update_mask": {"paths": ["destination.config"]}})
    };
    let path = "/v1beta/workspaces/demo/sources/web/destinations/webhooks";
    assert_eq!(env.call("PATCH", path, Some(update(censored("1234")))).await.status, 200);
    assert_eq!(stored().await.0, json!("Bearer abcd1234"));
    let refused = env.call("PATCH", path, Some(update(censored("0000")))).await;
    assert_eq!(refused.status, 400, "{}", refused.text);
    assert!(refused.text.contains("settings.hooks[0].headers.Authorization"), "{}", refused.text);
    // Nothing stored to stand for: a create with a censored value is refused.
    env.create_source("demo", "app").await.ok();
    let body = json!({"destination": {"name": "workspaces/demo/sources/app/destinations/webhooks", "config": [
        {"name": "workspaces/demo/sources/app/destinations/webhooks/config/sharedSecret", "value": censored("5678")}]}});
    let refused = env.call("POST", "/v1beta/workspaces/demo/sources/app/destinations", Some(body)).await;
    assert_eq!(refused.status, 400, "{}", refused.text);
}

#[tokio::test]
async fn a_secret_is_masked_by_its_name_whatever_its_type() {
    for api in ["config", "public"] {
        let env = unpaced().await;
        env.create_source("demo", "web").await.ok();
        let vars = on(api);
        let args = ["destinations", "create", "web/webhooks", "--config", "sharedSecret=987654321"];
        let dry = env.seg_with(&[&args[..], &["--dry-run"]].concat(), &vars).await;
        dry.code(0);
        assert!(!dry.stdout.contains("987654321") && !dry.stderr.contains("987654321"), "{api}: {}", dry.stdout);
        // Sent (the emulator's Config door refuses a number there; what matters is what -vv shows).
        let loud = env.seg_with(&[&args[..], &["-vv", "-o", "name"]].concat(), &vars).await;
        assert!(!loud.stderr.contains("987654321"), "{api}: -vv: {}", loud.stderr);
        let patch = ["destinations", "patch", "web/webhooks", "--config", "sharedSecret=123456789", "-vv", "--dry-run"];
        let run = env.seg_with(&patch, &vars).await;
        assert!(!run.stdout.contains("123456789") && !run.stderr.contains("123456789"), "{api}: {}", run.stdout);
    }
}
