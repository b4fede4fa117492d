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
        // The machine's network is closed: no background traffic, a fresh profile (machines/rust.md).
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
        let url = format!("{}/session/{}/{path}", self.base, self.session);
        let request = match method {
            "GET" => self.http.get(url),
            _ => self.http.post(url).json(&body),
        };
        let answer: Value = request.send().await.unwrap().json().await.unwrap();
        assert!(answer["value"].get("error").is_none(), "{method} {path}: {answer}");
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
              .observe(document.documentElement, {childList: true, subtree: true, characterData: true});";
        self.call("POST", "execute/async", json!({"script": script, "args": [selector, count]})).await;
    }

    async fn stop(mut self) {
        let _ = self.http.delete(format!("{}/session/{}", self.base, self.session)).send().await;
        let _ = self.driver.start_kill();
        let _ = self.driver.wait().await;
    }
}

/// The requests the page lists, newest first, as data.
const READ_PAGE: &str = "return Array.from(document.querySelectorAll('section.request')).map(s => ({
    seq: s.dataset.seq, id: s.dataset.id, verdict: s.querySelector('.verdict').textContent,
    what: s.querySelector('.what').textContent,
    causes: Array.from(s.querySelectorAll('.cause')).map(c => c.dataset.code),
    messages: Array.from(s.querySelectorAll('.cause')).map(c => c.textContent),
    body: s.querySelector('pre.body').textContent }));";

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

    // A delivery whose sender's secret has a trailing newline, made by seg send like a real sender.
    let mut send = seg_command(home.path());
    send.args(["webhook", "send", "--url", &format!("{}/hook", listen.url), "--type", "track", "--secret"])
        .arg(format!("{SECRET}\n"));
    run_with_stdin(send, b"").await.code(0);
    assert_eq!(listen.next_record().await["signature"], "invalid");

    let browser = Browser::start(&chromium, &chromedriver).await;
    browser.call("POST", "url", json!({"url": inspector})).await;
    browser.wait_for("section.request", 1).await;
    let shown = browser.script(READ_PAGE, json!([])).await;
    let first = &shown[0];
    assert_eq!(first["verdict"], "invalid", "{shown}");
    assert_eq!(first["id"], "1", "{shown}");
    assert!(first["what"].as_str().unwrap().starts_with("POST /hook"), "{shown}");
    assert_eq!(first["causes"], json!(["sender_secret_whitespace"]), "{shown}");
    assert!(first["messages"][0].as_str().unwrap().contains("trailing newline"), "{shown}");
    assert!(
        first["body"].as_str().unwrap().starts_with("{\n  \"version\": 1,\n  \"type\": \"track\""),
        "pretty: {shown}"
    );
    let screenshot = browser.call("GET", "screenshot", Value::Null).await;
    let png = base64::Engine::decode(&base64::engine::general_purpose::STANDARD, screenshot.as_str().unwrap()).unwrap();
    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("inspector.png");
    std::fs::write(&shot, &png).unwrap();
    let _ = writeln!(std::io::stderr(), "the inspector's screenshot: {}", shot.display());

    // Replay: the listener itself gets the same request again, and the page lists it.
    let button = browser
        .call("POST", "element", json!({"using": "css selector", "value": "section.request button.replay"}))
        .await;
    browser.call("POST", &format!("element/{}/click", button[ELEMENT].as_str().unwrap()), json!({})).await;
    browser.wait_for("section.request", 2).await;
    let replayed = listen.next_record().await;
    assert_eq!((replayed["signature"].as_str(), replayed["path"].as_str()), (Some("invalid"), Some("/hook")));
    browser.wait_for("#replay-result:not(:empty)", 1).await;
    let said = browser.script("return document.getElementById('replay-result').textContent", json!([])).await;
    assert!(said.as_str().unwrap().starts_with(&format!("Replayed to {}/hook: 200", listen.url)), "{said}");
    let screenshot = browser.call("GET", "screenshot", Value::Null).await;
    let png = base64::Engine::decode(&base64::engine::general_purpose::STANDARD, screenshot.as_str().unwrap()).unwrap();
    std::fs::write(shot.with_file_name("inspector-replayed.png"), &png).unwrap();
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
