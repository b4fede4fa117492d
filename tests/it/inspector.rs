//! `seg webhook listen --inspect` in a real headless browser (Chromium driven over WebDriver by chromedriver, plain
//! HTTP from this test): the page lists a delivery with its verdict, cause and pretty-printed body, its replay button
//! sends the request again, and the secret is nowhere on it. Then what keeps other pages out: the Host check, the
//! per-run token, the Origin check. Without a browser the test says so and passes, but only when `CI` is unset
//! (`.ci/run` installs Debian's chromium and chromium-driver).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};

use crate::listen::Listener;
use crate::support::{run_with_stdin, seg_command};

const SECRET: &str = "s3cret-inspector";
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// An executable on PATH (or named by `var`) among `names`.
fn find(var: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(var).map(PathBuf::from).filter(|p| p.is_file()) {
        return Some(path);
    }
    let mut dirs: Vec<PathBuf> = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()).collect();
    // GitHub's runners keep their chromedriver here.
    dirs.extend(std::env::var_os("CHROMEWEBDRIVER").map(PathBuf::from));
    dirs.iter().flat_map(|dir| names.iter().map(move |name| dir.join(name))).find(|path| path.is_file())
}

/// A WebDriver session on a headless Chromium.
struct Browser {
    driver: tokio::process::Child,
    base: String,
    session: String,
    http: reqwest::Client,
    _profile: tempfile::TempDir,
}

impl Browser {
    async fn start(chromium: &Path, chromedriver: &Path) -> Browser {
        let mut driver = tokio::process::Command::new(chromedriver)
            .arg("--port=0")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("chromedriver starts");
        let mut lines = BufReader::new(driver.stdout.take().unwrap()).lines();
        let port = loop {
            let line = lines.next_line().await.unwrap().expect("chromedriver says its port");
            if let Some(rest) = line.split("started successfully on port ").nth(1) {
                break rest.trim_end_matches('.').to_string();
            }
        };
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        let base = format!("http://127.0.0.1:{port}");
        let profile = tempfile::tempdir().unwrap();
        // The machine's network is closed: no background traffic, a fresh profile.
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1200,900",
            &format!("--user-data-dir={}", profile.path().display()),
        ];
        let capabilities = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args}}}});
        let http = reqwest::Client::new();
        let answer: Value =
            http.post(format!("{base}/session")).json(&capabilities).send().await.unwrap().json().await.unwrap();
        let session =
            answer["value"]["sessionId"].as_str().unwrap_or_else(|| panic!("no session: {answer}")).to_string();
        let browser = Browser { driver, base, session, http, _profile: profile };
        browser.call("POST", "timeouts", json!({"script": 30_000})).await;
        browser
    }

    async fn call(&self, method: &str, path: &str, body: Value) -> Value {
        self.call_for(method, path, body, "").await
    }

    /// A WebDriver call; `what` says what it was for when it fails.
    async fn call_for(&self, method: &str, path: &str, body: Value, what: &str) -> Value {
        let url = format!("{}/session/{}/{path}", self.base, self.session);
        let request = match method {
            "GET" => self.http.get(url),
            _ => self.http.post(url).json(&body),
        };
        let answer: Value = request.send().await.unwrap().json().await.unwrap();
        if let Some(error) = answer["value"].get("error") {
            let page = self.http.get(format!("{}/session/{}/source", self.base, self.session)).send().await;
            let page: Value = page.unwrap().json().await.unwrap_or(Value::Null);
            let page = page["value"].as_str().unwrap_or_default();
            panic!(
                "{method} {path} {what}: {error} {}\npage: {}",
                answer["value"]["message"],
                &page[..page.len().min(3000)]
            );
        }
        answer["value"].clone()
    }

    async fn script(&self, script: &str, args: Value) -> Value {
        self.call("POST", "execute/sync", json!({"script": script, "args": args})).await
    }

    /// Waits (for a DOM change, not a clock) until `selector` matches at least `count` elements.
    async fn wait_for(&self, selector: &str, count: usize) {
        let script = "const [selector, count, done] = arguments;
            const enough = () => document.querySelectorAll(selector).length >= count;
            if (enough()) { done(true); return; }
            new MutationObserver((_, observer) => { if (enough()) { observer.disconnect(); done(true); } })
              .observe(document.documentElement, {childList: true, subtree: true, characterData: true, attributes: true});";
        let what = format!("waiting for {count} of {selector}");
        self.call_for("POST", "execute/async", json!({"script": script, "args": [selector, count]}), &what).await;
    }

    async fn stop(mut self) {
        let _ = self.http.delete(format!("{}/session/{}", self.base, self.session)).send().await;
        let _ = self.driver.start_kill();
        let _ = self.driver.wait().await;
    }
}

/// The requests the page lists, newest first, as data (a body only once its card was opened).
const READ_PAGE: &str = "return Array.from(document.querySelectorAll('section.request')).map(s => ({
    seq: s.dataset.seq, id: s.dataset.id, verdict: s.querySelector('.verdict').textContent,
    what: s.querySelector('.what').textContent,
    causes: Array.from(s.querySelectorAll('.cause')).map(c => c.dataset.code),
    messages: Array.from(s.querySelectorAll('.cause')).map(c => c.textContent),
    body: s.querySelector('pre.body') ? s.querySelector('pre.body').textContent : null,
    cut: s.querySelector('.note.cut') !== null }));";

impl Browser {
    async fn click(&self, selector: &str) {
        let element = self.call("POST", "element", json!({"using": "css selector", "value": selector})).await;
        self.call("POST", &format!("element/{}/click", element[ELEMENT].as_str().unwrap()), json!({})).await;
    }

    async fn screenshot(&self, name: &str) {
        let screenshot = self.call("GET", "screenshot", Value::Null).await;
        let png =
            base64::Engine::decode(&base64::engine::general_purpose::STANDARD, screenshot.as_str().unwrap()).unwrap();
        let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
        std::fs::write(&shot, &png).unwrap();
        let _ = writeln!(std::io::stderr(), "the inspector's screenshot: {}", shot.display());
    }
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_inspector_shows_a_delivery_and_replays_it_in_a_real_browser() {
    let chromium = find("SEG_TEST_BROWSER", &["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]);
    let chromedriver = find("SEG_TEST_CHROMEDRIVER", &["chromedriver"]);
    let (Some(chromium), Some(chromedriver)) = (chromium, chromedriver) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but no Chromium and chromedriver were found: install Debian's chromium and chromium-driver (.ci/run does)"
        );
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED the_inspector_shows_a_delivery_and_replays_it_in_a_real_browser: no chromium/chromedriver on PATH \
             (apt-get install chromium chromium-driver); CI would fail here"
        );
        return;
    };
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut listen =
        Listener::start(home.path(), state.path(), &["--inspect", "--secret", SECRET, "-o", "ndjson"], &[]).await;
    let inspector = format!("{}/_seg/", listen.url);
    assert_eq!(listen.announced.last().unwrap(), &format!("inspector: {inspector}"));

    // A delivery whose sender's secret has a trailing newline, made by seg send like a real sender ...
    let mut send = seg_command(home.path());
    send.args(["webhook", "send", "--url", &format!("{}/hook", listen.url), "--type", "track", "--secret"])
        .arg(format!("{SECRET}\n"));
    run_with_stdin(send, b"").await.code(0);
    assert_eq!(listen.next_record().await["signature"], "invalid");
    // ... then 58 more, so the list has pages, one over the size limit (refused), and last a body just under the
    // limit whose indents would be 256 MiB.
    let client = reqwest::Client::new();
    for n in 0..58 {
        client.post(format!("{}/more", listen.url)).body(format!("{{\"n\":{n}}}")).send().await.unwrap();
        listen.next_record().await;
    }
    client.post(format!("{}/huge", listen.url)).body(vec![b'x'; 3 << 20]).send().await.unwrap();
    assert_eq!(listen.next_record().await["refused"], "too_large");
    let deep = format!("{}{}1{}", "[".repeat(127), "1,".repeat(((2 << 20) - 300) / 2), "]".repeat(127));
    client.post(format!("{}/deep", listen.url)).body(deep).send().await.unwrap();
    listen.next_record().await;

    let browser = Browser::start(&chromium, &chromedriver).await;
    browser.call("POST", "url", json!({"url": inspector})).await;
    // The newest page: 50 summaries, no body yet.
    browser.wait_for("section.request", 50).await;
    browser.wait_for("#older:not([hidden])", 1).await;
    let shown = browser.script(READ_PAGE, json!([])).await;
    assert_eq!(shown.as_array().unwrap().len(), 50, "one page");
    assert_eq!((shown[0]["seq"].as_str(), shown[49]["seq"].as_str()), (Some("61"), Some("12")), "newest first");
    assert!(shown.as_array().unwrap().iter().all(|r| r["body"].is_null()), "bodies load when opened");
    // Opening the deep one shows the start of its body pretty-printed, cut and said so.
    browser.click("section.request[data-seq='61'] details.content > summary").await;
    browser.wait_for("section.request[data-seq='61'] pre.body", 1).await;
    let shown = browser.script(READ_PAGE, json!([])).await;
    assert!(shown[0]["body"].as_str().unwrap().starts_with("[\n  [\n    ["), "{}", &shown[0]["body"].to_string()[..40]);
    assert_eq!(shown[0]["cut"], true);
    browser.screenshot("inspector-cut.png").await;
    // The refused one says so, and has nothing to replay.
    assert_eq!(shown[1]["verdict"], "refused: too large", "{}", shown[1]);
    browser.click("section.request[data-seq='60'] details.content > summary").await;
    browser.wait_for("section.request[data-seq='60'] p.note", 1).await;
    let disabled = "return document.querySelector(\"section.request[data-seq='60'] button.replay\").disabled";
    assert_eq!(browser.script(disabled, json!([])).await, true);
    browser.script("document.querySelector(\"section.request[data-seq='60']\").scrollIntoView()", json!([])).await;
    browser.screenshot("inspector-refused.png").await;
    // Older requests on demand: the first delivery comes last.
    browser.click("#older").await;
    browser.wait_for("section.request", 61).await;
    browser.wait_for("#older[hidden]", 1).await;
    browser.click("section.request[data-seq='1'] details.content > summary").await;
    browser.wait_for("section.request[data-seq='1'] pre.body", 1).await;
    let shown = browser.script(READ_PAGE, json!([])).await;
    let first = shown.as_array().unwrap().iter().find(|r| r["seq"] == "1").unwrap().clone();
    assert_eq!(shown.as_array().unwrap().len(), 61, "every request, once");
    assert_eq!(first["verdict"], "invalid", "{first}");
    assert_eq!(first["id"], "1", "{first}");
    assert!(first["what"].as_str().unwrap().starts_with("POST /hook"), "{first}");
    assert_eq!(first["causes"], json!(["sender_secret_whitespace"]), "{first}");
    assert!(first["messages"][0].as_str().unwrap().contains("trailing newline"), "{first}");
    assert!(
        first["body"].as_str().unwrap().starts_with("{\n  \"version\": 1,\n  \"type\": \"track\""),
        "pretty: {first}"
    );
    assert_eq!(first["cut"], false);
    browser.script("document.querySelector(\"section.request[data-seq='1']\").scrollIntoView()", json!([])).await;
    browser.screenshot("inspector.png").await;

    // Replay: the listener itself gets the same request again, and the page lists it on top.
    browser.click("section.request[data-seq='1'] button.replay").await;
    browser.wait_for("section.request", 62).await;
    let replayed = listen.next_record().await;
    assert_eq!((replayed["signature"].as_str(), replayed["path"].as_str()), (Some("invalid"), Some("/hook")));
    browser.wait_for("#replay-result:not(:empty)", 1).await;
    let said = browser.script("return document.getElementById('replay-result').textContent", json!([])).await;
    assert!(said.as_str().unwrap().starts_with(&format!("Replayed to {}/hook: 200", listen.url)), "{said}");
    let shown = browser.script(READ_PAGE, json!([])).await;
    assert_eq!(shown[0]["seq"], "62", "the replay is the newest");
    browser.script("window.scrollTo(0, 0)", json!([])).await;
    browser.screenshot("inspector-replayed.png").await;
    let html = browser.script("return document.documentElement.outerHTML", json!([])).await;
    assert!(!html.as_str().unwrap().contains(SECRET), "the secret is not on the page");
    browser.stop().await;

    // Only the page itself may use it.
    let client = reqwest::Client::new();
    let page = client.get(&inspector).send().await.unwrap().text().await.unwrap();
    let token = page.split("name=\"seg-token\" content=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
    assert!(!page.contains(SECRET));
    let rebound = client.get(&inspector).header("host", "attacker.example").send().await.unwrap();
    assert_eq!(rebound.status(), 421, "a DNS-rebinding page asks with another Host");
    let api = format!("{}/_seg/api/requests", listen.url);
    assert_eq!(client.get(&api).send().await.unwrap().status(), 403, "no token");
    assert_eq!(client.get(&api).header("x-seg-token", &token).send().await.unwrap().status(), 200);
    let replay = format!("{}/_seg/api/replay/1", listen.url);
    for (token, origin) in
        [(token.as_str(), "http://attacker.example"), ("wrong", listen.url.as_str()), (token.as_str(), "")]
    {
        let mut request = client.post(&replay).header("x-seg-token", token);
        if !origin.is_empty() {
            request = request.header("origin", origin);
        }
        assert_eq!(request.send().await.unwrap().status(), 403, "token {token}, origin {origin:?}");
    }
    let headers = client.get(&inspector).send().await.unwrap().headers().clone();
    assert!(headers["content-security-policy"].to_str().unwrap().contains("default-src 'none'"));
    listen.stop().await;
}

/// The inspector's own guard, without a browser: the check the emulator's control endpoints share
/// (`tests/it/control.rs`). Every route: another Host is 421, a page of another origin 403; its own page's
/// requests and the user's own (typed, or a script with no Origin) are let in.
#[tokio::test]
async fn the_inspector_refuses_other_hosts_and_other_origins() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let listen = Listener::start(home.path(), state.path(), &["--inspect", "-o", "ndjson"], &[]).await;
    let client = reqwest::Client::new();
    let page = client.get(format!("{}/_seg/", listen.url)).send().await.unwrap().text().await.unwrap();
    let token = page.split("name=\"seg-token\" content=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
    let port = listen.url.rsplit(':').next().unwrap().to_string();
    let routes = ["/_seg/", "/_seg/app.js", "/_seg/app.css", "/_seg/favicon.svg", "/_seg/api/requests"];
    let refused: [(&str, String, u16); 4] = [
        ("host", format!("evil.example:{port}"), 421),
        ("origin", "http://evil.example".to_string(), 403),
        ("origin", "null".to_string(), 403),
        ("sec-fetch-site", "cross-site".to_string(), 403),
    ];
    for path in routes {
        for (name, value, status) in &refused {
            let answer = client.get(format!("{}{path}", listen.url)).header("x-seg-token", &token).header(*name, value);
            let answer = answer.send().await.unwrap();
            assert_eq!(answer.status(), *status, "{path} {name}: {value}");
            assert!(!answer.text().await.unwrap().contains(&token), "{path} {name}: the token is not given away");
        }
        for headers in [vec![], vec![("sec-fetch-site", "same-origin")], vec![("sec-fetch-site", "none")]] {
            let mut request = client.get(format!("{}{path}", listen.url)).header("x-seg-token", &token);
            for (name, value) in headers.clone() {
                request = request.header(name, value);
            }
            assert_eq!(request.send().await.unwrap().status(), 200, "{path} {headers:?}");
        }
    }
    // A replay needs the page's own Origin: any other, or none, is refused before the request is looked up.
    let replay = format!("{}/_seg/api/replay/1", listen.url);
    for origin in [Some("http://evil.example"), Some("null"), None] {
        let mut request = client.post(&replay).header("x-seg-token", &token);
        if let Some(origin) = origin {
            request = request.header("origin", origin);
        }
        assert_eq!(request.send().await.unwrap().status(), 403, "{origin:?}");
    }
    let own = client.post(&replay).header("x-seg-token", &token).header("origin", &listen.url);
    assert_eq!(own.send().await.unwrap().status(), 404, "let in: there is no request 1 to replay");
    listen.stop().await;
}

/// What the inspector answers is bounded by what it documents, whatever the bodies (docs/WEBHOOKS.md): a body near
/// the 2 MiB limit that nests 127 levels deep and a million elements wide (its indents alone would be 256 MiB), one
/// that is all control characters (six bytes each in JSON), and escaped quotes. A page of the list holds summaries
/// only (under 512 KiB), one request's answer its body cut and said so (under 2 MiB).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_inspectors_answers_stay_bounded_whatever_the_bodies() {
    seg::init_tls();
    const LIMIT: usize = 2 << 20;
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut listen = Listener::start(home.path(), state.path(), &["--inspect", "-o", "ndjson"], &[]).await;
    let client = reqwest::Client::new();
    let page = client.get(format!("{}/_seg/", listen.url)).send().await.unwrap().text().await.unwrap();
    let token = page.split("name=\"seg-token\" content=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
    let wide = (LIMIT - 300) / 2;
    let deep = format!("{}{}1{}", "[".repeat(127), "1,".repeat(wide), "]".repeat(127));
    let controls = "\u{1}".repeat(LIMIT - 100);
    let quotes = format!("[\"{}\"]", "\\\"".repeat((LIMIT - 100) / 2));
    // Small, but 10,000 levels deep: shown as text, never parsed past the one limit (128).
    let deepest = format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000));
    let bodies = [deep, controls, quotes, deepest];
    for body in &bodies {
        assert!(body.len() < LIMIT);
        let answer = client.post(format!("{}/hook", listen.url)).body(body.clone()).send().await.unwrap();
        assert_eq!(answer.status(), 200);
        assert_eq!(listen.next_record().await["size"], body.len());
    }
    let get = |path: String| {
        let request = client.get(format!("{}{path}", listen.url)).header("x-seg-token", &token);
        async move {
            let answer = request.send().await.unwrap();
            assert_eq!(answer.status(), 200, "{path}");
            let bytes = answer.bytes().await.unwrap();
            (bytes.len(), serde_json::from_slice::<Value>(&bytes).unwrap())
        }
    };
    for path in ["/_seg/api/requests", "/_seg/api/requests?after=0", "/_seg/api/requests?limit=1000"] {
        let (size, list) = get(path.to_string()).await;
        assert!(size < 512 << 10, "{path}: {size} bytes");
        let items = list["requests"].as_array().unwrap();
        assert_eq!(items.len(), bodies.len(), "{path}");
        assert!(items.iter().all(|item| item.get("body").is_none() && item.get("headers").is_none()), "summaries");
    }
    for (seq, body) in bodies.iter().enumerate() {
        let (size, shown) = get(format!("/_seg/api/requests/{}", seq + 1)).await;
        assert!(size < 2 << 20, "request {}: {size} bytes", seq + 1);
        assert_eq!(shown["body_cut"], body.len() > LIMIT / 2, "request {}", seq + 1);
        assert_eq!(shown["size"], body.len());
        let text = shown["body"].as_str().unwrap();
        assert!(!text.is_empty());
        if seq == 0 {
            assert!(text.starts_with("[\n  [\n    [") && shown["json"] == true, "pretty-printed as far as shown");
        }
        if seq == 3 {
            assert_eq!(shown["json"], false, "nested past the limit: not JSON to the inspector");
            assert!(text.starts_with("[[[[") && !text.contains('\n'), "shown as sent");
        }
    }
    listen.stop().await;
}

/// The inspector holds at most 64 MiB of requests in memory (and 500 of them), whatever arrives and whatever the
/// journal holds when it starts: past it, the oldest are let go (the journal keeps them all).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_inspector_holds_at_most_64_mib_of_requests() {
    seg::init_tls();
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let client = reqwest::Client::new();
    let body = vec![b'7'; (2 << 20) - 1000];
    let held = |url: String| {
        let client = client.clone();
        async move {
            let page = client.get(format!("{url}/_seg/")).send().await.unwrap().text().await.unwrap();
            let token = page.split("name=\"seg-token\" content=\"").nth(1).unwrap().split('"').next().unwrap();
            let list = client.get(format!("{url}/_seg/api/requests?limit=100")).header("x-seg-token", token);
            let list: Value = list.send().await.unwrap().json().await.unwrap();
            assert_eq!(list["more"], false);
            list["requests"].as_array().unwrap().iter().map(|r| r["id"].as_u64().unwrap()).collect::<Vec<_>>()
        }
    };
    let mut listen = Listener::start(home.path(), state.path(), &["--inspect", "-o", "ndjson"], &[]).await;
    for _ in 0..40 {
        client.post(format!("{}/hook", listen.url)).body(body.clone()).send().await.unwrap();
        listen.next_record().await;
    }
    let ids = held(listen.url.clone()).await;
    assert!(ids.len() < 40 && ids.len() * body.len() <= 64 << 20, "{} held", ids.len());
    assert_eq!(ids.last(), Some(&40), "the newest are kept");
    listen.stop().await;
    // Started again on the same journal: it opens on what fits.
    let listen = Listener::start(home.path(), state.path(), &["--inspect", "-o", "ndjson"], &[]).await;
    let ids = held(listen.url.clone()).await;
    assert!(ids.len() < 40 && ids.len() * body.len() <= 64 << 20, "{} held", ids.len());
    assert_eq!(ids.last(), Some(&40));
    listen.stop().await;
}

/// The URL of `--forward-to` may carry credentials; the inspector shows where a replay goes with them masked (the
/// list's `replay_to`, a replay's `to`), as every other output of seg shows a URL, while the request still carries them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_inspector_shows_the_forward_urls_credentials_masked() {
    const SECRET: &str = "pw-s3cret-forward";
    // The app: answers 200 to every request, and keeps the Authorization header it got.
    let app = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = app.local_addr().unwrap().port();
    let authorization = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    std::thread::spawn({
        let authorization = authorization.clone();
        move || {
            for mut stream in app.incoming().flatten() {
                let mut buffer = [0u8; 8192];
                let read = std::io::Read::read(&mut stream, &mut buffer).unwrap_or(0);
                let head = String::from_utf8_lossy(&buffer[..read]).to_lowercase();
                if let Some(line) = head.lines().find(|l| l.starts_with("authorization:")) {
                    authorization.lock().unwrap().push(line.to_string());
                }
                let _ = stream.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            }
        }
    });
    let forward = format!("http://user:{SECRET}@127.0.0.1:{port}/app");
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let args = ["--inspect", "-o", "ndjson", "--forward-to", forward.as_str()];
    let mut listen = Listener::start(home.path(), state.path(), &args, &[]).await;
    let client = reqwest::Client::new();
    assert_eq!(client.post(format!("{}/hook", listen.url)).body("{}").send().await.unwrap().status(), 200);
    let record = listen.next_record().await;
    let page = client.get(format!("{}/_seg/", listen.url)).send().await.unwrap().text().await.unwrap();
    let token = page.split("name=\"seg-token\" content=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
    let masked = format!("http://user:(redacted)@127.0.0.1:{port}/app");
    let list = client.get(format!("{}/_seg/api/requests", listen.url)).header("x-seg-token", &token);
    let list: Value = list.send().await.unwrap().json().await.unwrap();
    assert_eq!(list["replay_to"], masked.as_str());
    let replay = client.post(format!("{}/_seg/api/replay/1", listen.url)).header("x-seg-token", &token);
    let replayed: Value = replay.header("origin", &listen.url).send().await.unwrap().json().await.unwrap();
    assert_eq!((&replayed["to"], &replayed["status"]), (&json!(masked), &json!(200)), "{replayed}");
    for text in [page, list.to_string(), replayed.to_string(), record.to_string(), listen.announced.join("\n")] {
        assert!(!text.contains(SECRET), "{text}");
    }
    // The app got the credentials, with the delivery and with the replay.
    assert_eq!(authorization.lock().unwrap().len(), 2);
    listen.stop().await;
}
