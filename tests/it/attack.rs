//! The Public API path under attack (issue 34): the reproductions of an adversarial walk, run black-box (the `seg`
//! binary against servers and files), on both APIs where the promise holds for both. Each promise is held by one
//! structure (docs/reference/answers.md, names.md, secrets.md): a name means what it names now (an id reached
//! through a cache is checked, an id from an answer is checked like user input, a create holds a lock across its
//! lookup), every read ends (`api::list::Followed`), every answer is read whole (`wire::text`), a secret is a secret
//! wherever it stands.

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
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..Default::default() }).await;
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
        let vars = [("SEG_TOKEN", WRITE), ("SEG_API", api), ("SEG_WORKSPACE", "demo")];
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
