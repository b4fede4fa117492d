//! `seg webhook listen` end to end: the cause of every invalid request (text and ndjson), `--forward-to` handing
//! the app's answer back to the sender, the journal (exact bytes, kept across a restart, owner-only, pruned to
//! `--journal-max`), `seg webhook log`, and `seg webhook replay` (byte-identical, and re-signed).

use std::path::{Path, PathBuf};
use std::process::Stdio;

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, BufReader, Lines};
use tokio::process::{Child, ChildStdout};

use crate::receiver::Receiver;
use crate::support::{Run, run_with_stdin, seg_command};

/// A running `seg webhook listen`, its journal in a temporary state folder.
pub struct Listener {
    pub url: String,
    /// What it said on stderr before taking requests (the address, the journal, the inspector).
    pub announced: Vec<String>,
    records: Lines<BufReader<ChildStdout>>,
    child: Child,
}

impl Listener {
    /// `seg webhook listen --port 0 ARGS`, with SEG_STATE_DIR (and so the journal) under `state`.
    pub async fn start(home: &Path, state: &Path, args: &[&str], vars: &[(&str, &str)]) -> Listener {
        // The tests' own HTTP clients need the TLS provider installed, as seg's do.
        seg::init_tls();
        let mut cmd = seg_command(home);
        cmd.env("SEG_STATE_DIR", state).args(["webhook", "listen", "--port", "0"]).args(args);
        for (key, value) in vars {
            cmd.env(key, value);
        }
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = cmd.spawn().unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap()).lines();
        let mut announced = Vec::new();
        // The address, then the journal (and the inspector) are announced before the first request is taken.
        let url = loop {
            let line = stderr.next_line().await.unwrap().expect("listen announces its address");
            announced.push(line.clone());
            if let Some(address) = line.strip_prefix("listening on ") {
                break address.to_string();
            }
        };
        for _ in 0..(1 + usize::from(args.contains(&"--inspect"))) {
            announced.push(stderr.next_line().await.unwrap().unwrap_or_default());
        }
        let records = BufReader::new(child.stdout.take().unwrap()).lines();
        Listener { url, announced, records, child }
    }

    /// The next record (a line; a JSON object with -o ndjson).
    pub async fn next_line(&mut self) -> String {
        let wait = std::time::Duration::from_secs(30);
        tokio::time::timeout(wait, self.records.next_line()).await.expect("a record in time").unwrap().unwrap()
    }

    pub async fn next_record(&mut self) -> Value {
        serde_json::from_str(&self.next_line().await).unwrap()
    }

    pub async fn stop(mut self) {
        self.child.start_kill().unwrap();
        self.child.wait().await.unwrap();
    }
}

pub fn hmac_hex(secret: &[u8], body: &[u8]) -> String {
    use hmac::{KeyInit, Mac};
    let mut mac = hmac::Hmac::<sha1::Sha1>::new_from_slice(secret).unwrap();
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

async fn seg(home: &Path, state: &Path, args: &[&str]) -> Run {
    let mut cmd = seg_command(home);
    cmd.env("SEG_STATE_DIR", state).args(args);
    run_with_stdin(cmd, b"").await
}

fn journal(state: &Path) -> PathBuf {
    state.join("webhook-journal")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_invalid_request_says_why_in_text_and_ndjson() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path(), state.path());
    let mut text = Listener::start(home, state, &["--secret", "k", "-o", "table"], &[]).await;
    let journal_dir = journal(state);
    assert_eq!(text.announced[1], format!("journal: {}", journal_dir.display()), "SEG_STATE_DIR holds the journal");
    let url = format!("{}/hook", text.url);
    // The sender's secret has a trailing newline; then a body with a trailing newline signed without it.
    seg(home, state, &["webhook", "send", "--url", &url, "--secret", "k\n"]).await.code(0);
    let line = text.next_line().await;
    assert!(line.starts_with("POST /hook track "), "{line}");
    assert!(line.contains("signature INVALID: the sender signed with the secret plus a trailing newline"), "{line}");
    assert!(line.ends_with("[journal 1]"), "{line}");
    text.stop().await;

    let mut records = Listener::start(home, state, &["--secret", "k", "-o", "ndjson"], &[]).await;
    let url = format!("{}/hook", records.url);
    let body = b"{\"type\":\"page\"}";
    let answer = reqwest::Client::new()
        .post(&url)
        .header("x-signature", hmac_hex(b"k", body).to_uppercase())
        .body(format!("\u{feff}{}", std::str::from_utf8(body).unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    let record = records.next_record().await;
    assert_eq!(record["signature"], "invalid", "{record}");
    let codes: Vec<&str> = record["causes"].as_array().unwrap().iter().map(|c| c["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["bom"], "{record}");
    assert_eq!((record["id"].as_u64(), record["answer"]["status"].as_u64()), (Some(2), Some(200)), "ids go on");
    // A valid one has no causes.
    seg(home, state, &["webhook", "send", "--url", &url, "--secret", "k"]).await.code(0);
    let record = records.next_record().await;
    assert_eq!((record["signature"].as_str(), record["causes"].as_array().map(Vec::len)), (Some("valid"), Some(0)));
    records.stop().await;
    // The journal says the same, and never holds the secret's words.
    let entry: Value = serde_json::from_slice(&std::fs::read(journal(state).join("2.json")).unwrap()).unwrap();
    assert_eq!(entry["causes"][0]["code"], "bom");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forward_to_hands_the_apps_status_and_body_back_to_the_sender() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path(), state.path());
    let app = axum::Router::new().fallback(|| async { (axum::http::StatusCode::IM_A_TEAPOT, "short and stout") });
    let app_listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let app_url = format!("http://{}/app", app_listener.local_addr().unwrap());
    tokio::spawn(axum::serve(app_listener, app).into_future());
    let mut listen =
        Listener::start(home, state, &["--forward-to", &app_url, "--status", "202", "-o", "ndjson"], &[]).await;
    let answer = reqwest::Client::new().post(format!("{}/in", listen.url)).body("{}").send().await.unwrap();
    assert_eq!(answer.status(), 418, "the app's status, not --status");
    assert_eq!(answer.text().await.unwrap(), "short and stout");
    let record = listen.next_record().await;
    assert_eq!(record["forwarded"], "418");
    assert_eq!(record["answer"]["body"], "short and stout");
    listen.stop().await;
    // An app that cannot be reached: 502, saying why.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let gone = format!("http://{}/app", closed.local_addr().unwrap());
    drop(closed);
    let mut listen = Listener::start(home, state, &["--forward-to", &gone, "-o", "ndjson"], &[]).await;
    let answer = reqwest::Client::new().post(format!("{}/in", listen.url)).body("{}").send().await.unwrap();
    assert_eq!(answer.status(), 502);
    let text = answer.text().await.unwrap();
    assert!(text.contains("cannot forward to") && text.contains(&gone), "{text}");
    let record = listen.next_record().await;
    assert!(record["forwarded"].as_str().unwrap().starts_with("error: "), "{record}");
    assert_eq!(record["answer"]["status"], 502);
    listen.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_journal_keeps_exact_bytes_across_a_restart_and_log_lists_it() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path(), state.path());
    let bodies: [&[u8]; 3] =
        [b"{\"type\":\"track\"}\r\n", b"\x1f\x8b\x08\x00not really gzip\xff", b"{\"type\":\"page\"}"];
    let client = reqwest::Client::new();
    let mut listen = Listener::start(home, state, &["--secret", "s3cret-value", "-o", "ndjson"], &[]).await;
    for body in &bodies[..2] {
        client
            .post(format!("{}/a?x=1", listen.url))
            .header("x-signature", "0".repeat(40))
            .body(body.to_vec())
            .send()
            .await
            .unwrap();
        listen.next_record().await;
    }
    listen.stop().await;
    // Restarted (on another port): ids go on from the journal on disk.
    let mut listen = Listener::start(home, state, &["--secret", "s3cret-value", "-o", "ndjson"], &[]).await;
    client.post(format!("{}/b", listen.url)).body(bodies[2].to_vec()).send().await.unwrap();
    assert_eq!(listen.next_record().await["id"], 3);
    listen.stop().await;
    let dir = journal(state);
    let mut names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names, ["1.json", "2.json", "3.json"]);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&dir.join("2.json")), 0o600);
    }
    for name in &names {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(!text.contains("s3cret-value"), "the secret is not kept: {text}");
    }
    let run = seg(home, state, &["webhook", "log", "-o", "json"]).await;
    let entries = run.code(0).json();
    let entries = entries.as_array().unwrap();
    assert_eq!(entries.iter().map(|e| e["id"].as_u64().unwrap()).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(entries[0]["body"].as_str().unwrap().as_bytes(), bodies[0], "exact bytes");
    assert_eq!(entries[0]["path"], "/a?x=1");
    assert_eq!(entries[0]["signature"], "invalid");
    use base64::Engine;
    let binary = base64::engine::general_purpose::STANDARD.decode(entries[1]["body_base64"].as_str().unwrap()).unwrap();
    assert_eq!(binary, bodies[1]);
    assert_eq!(entries[2]["signature"], "absent");
    let run = seg(home, state, &["webhook", "log", "--limit", "1", "-o", "table"]).await;
    let lines: Vec<&str> = run.code(0).stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(lines[0].starts_with("ID") && lines[1].starts_with("3 ") && lines[1].contains("/b"), "{}", run.stdout);
    // --journal-max: the oldest go, at start and with each new request.
    let mut listen = Listener::start(home, state, &["--journal-max", "2", "-o", "ndjson"], &[]).await;
    client.post(&listen.url).body("{}").send().await.unwrap();
    assert_eq!(listen.next_record().await["id"], 4);
    listen.stop().await;
    let mut names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names, ["3.json", "4.json"]);
    // An empty journal lists nothing, and says so on stderr.
    let empty = tempfile::tempdir().unwrap();
    let run = seg(home, empty.path(), &["webhook", "log", "-o", "json"]).await;
    assert_eq!(run.code(0).json(), serde_json::json!([]));
    assert!(run.stderr.contains("no requests"), "{}", run.stderr);
}

/// `webhook log ID` shows one request as the list shows it; `--body` writes its body byte for byte, so that
/// `seg webhook log ID --body | seg webhook verify ...` checks what the sender sent, whatever its bytes. An id the
/// journal does not hold is a usage error, as for replay.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn log_id_shows_one_request_and_its_body_pipes_byte_for_byte_into_verify() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path(), state.path());
    const SECRET: &str = "s3cret-é";
    // Bytes that any change would show: CRLF, indentation, non-ASCII and a trailing newline, signed as sent; and a
    // body that is not UTF-8 (kept as base64).
    let bodies: [&[u8]; 2] =
        [b"{\r\n  \"type\": \"track\",\r\n  \"event\": \"caf\xc3\xa9\"\r\n}\r\n", b"\xff\xfe{\"type\":\"page\"}\x00"];
    let mut listen = Listener::start(home, state, &["--secret", SECRET, "-o", "ndjson"], &[]).await;
    let client = reqwest::Client::new();
    for body in bodies {
        let sent = client.post(format!("{}/hook", listen.url)).header("x-signature", hmac_hex(SECRET.as_bytes(), body));
        sent.body(body.to_vec()).send().await.unwrap();
        assert_eq!(listen.next_record().await["signature"], "valid");
    }
    // A body over the limit: kept without its bytes.
    client.post(format!("{}/hook", listen.url)).body(vec![b' '; (2 << 20) + 1]).send().await.unwrap();
    assert_eq!(listen.next_record().await["id"], 3);
    listen.stop().await;

    // One entry is the list's item, in each format.
    let list = seg(home, state, &["webhook", "log", "-o", "json"]).await.code(0).json();
    for (i, id) in ["1", "2", "3"].into_iter().enumerate() {
        assert_eq!(seg(home, state, &["webhook", "log", id, "-o", "json"]).await.code(0).json(), list[i]);
        let ndjson = seg(home, state, &["webhook", "log", id, "-o", "ndjson"]).await;
        assert_eq!(serde_json::from_str::<Value>(ndjson.code(0).stdout.trim_end()).unwrap(), list[i]);
    }
    let yaml = seg(home, state, &["webhook", "log", "1", "-o", "yaml"]).await;
    assert!(yaml.code(0).stdout.starts_with("id: 1\n"), "{}", yaml.stdout);
    let table = seg(home, state, &["webhook", "log", "1", "-o", "table"]).await;
    let shown = &table.code(0).stdout;
    assert!(shown.starts_with("id ") && shown.contains("\nsignature ") && shown.contains("valid"), "{shown}");
    assert!(shown.contains("\"event\": \"café\"") && !shown.contains('\r'), "the body as lines, escaped: {shown}");

    // --body: the bytes as received, nothing added, whatever -o says.
    for (id, body) in [("1", bodies[0]), ("2", bodies[1])] {
        for format in ["json", "table"] {
            let mut cmd = seg_command(home);
            cmd.env("SEG_STATE_DIR", state).args(["webhook", "log", id, "--body", "-o", format]);
            let out = cmd.output().await.unwrap();
            assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
            assert_eq!(out.stdout, body, "request {id} -o {format}");
        }
    }
    // Exactly the pipe a person types: verify gets the raw bytes (a receiver hashing them accepts), not a copy
    // that differs in a newline.
    for (id, body) in [("1", bodies[0]), ("2", bodies[1])] {
        let template = seg_command(home);
        let mut cmd = tokio::process::Command::new("sh");
        cmd.env_clear();
        for (key, value) in template.as_std().get_envs() {
            if let Some(value) = value {
                cmd.env(key, value);
            }
        }
        cmd.env("SEG_STATE_DIR", state)
            .env("SEG", env!("CARGO_BIN_EXE_seg"))
            .env("ID", id)
            .env("SECRET", SECRET)
            .env("SIG", hmac_hex(SECRET.as_bytes(), body))
            .args([
                "-c",
                r#""$SEG" webhook log "$ID" --body | "$SEG" webhook verify --secret "$SECRET" --signature "$SIG" -o table"#,
            ]);
        let run = run_with_stdin(cmd, b"").await;
        assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
        let headline = run.stdout.lines().next().unwrap_or_default();
        assert_eq!(headline, "valid: the signature matches the raw body bytes", "request {id}: {}", run.stdout);
    }

    // What is not there: an id the journal does not hold (exit 2, as for replay), the body of a refused request, and
    // --body without an id or ID with --limit.
    let run = seg(home, state, &["webhook", "log", "99"]).await;
    assert!(run.code(2).stdout.is_empty() && run.stderr.contains("no request 99 in the journal"), "{}", run.stderr);
    let run = seg(home, state, &["webhook", "log", "99", "--body"]).await;
    assert!(run.code(2).stdout.is_empty(), "{}", run.stdout);
    let run = seg(home, state, &["webhook", "log", "3", "--body"]).await;
    assert!(run.code(2).stdout.is_empty() && run.stderr.contains("larger than the 2 MiB limit"), "{}", run.stderr);
    seg(home, state, &["webhook", "log", "--body"]).await.code(2);
    seg(home, state, &["webhook", "log", "1", "--limit", "5"]).await.code(2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_sends_the_exact_bytes_and_headers_again_or_resigned() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path(), state.path());
    let mut listen = Listener::start(home, state, &["--secret", "old", "-o", "ndjson"], &[]).await;
    let url = format!("{}/hook", listen.url);
    seg(
        home,
        state,
        &["webhook", "send", "--url", &url, "--type", "identify", "--secret", "old", "-H", "X-Team: data"],
    )
    .await
    .code(0);
    listen.next_record().await;
    listen.stop().await;
    let original: Value = serde_json::from_slice(&std::fs::read(journal(state).join("1.json")).unwrap()).unwrap();
    let sent = original["body"].as_str().unwrap().as_bytes().to_vec();
    let header = |name: &str| {
        original["headers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["name"] == name)
            .map(|h| h["value"].as_str().unwrap().to_string())
    };

    let app = Receiver::start(&[], 200).await;
    let run = seg(home, state, &["webhook", "replay", "1", "--to", &app.url, "-o", "json"]).await;
    assert_eq!(run.code(0).json()[0]["status"], 200);
    assert!(run.stderr.contains("replay 1 -> "), "{}", run.stderr);
    let hit = &app.hits()[0];
    assert_eq!(hit.body, sent, "byte-identical");
    for name in ["x-signature", "user-agent", "content-type", "x-team", "accept-encoding"] {
        assert_eq!(hit.headers.get(name).map(|v| v.to_str().unwrap().to_string()), header(name), "{name}");
    }
    assert_eq!(hit.headers["x-signature"], hmac_hex(b"old", &sent).as_str());
    // Re-signed with a new secret: a fresh signature of the same bytes; the secret from a file.
    let secret = home.join("secret.txt");
    std::fs::write(&secret, "new\n").unwrap();
    let secret = secret.to_str().unwrap();
    seg(home, state, &["webhook", "replay", "1", "--to", &app.url, "--resign", "--secret-file", secret]).await.code(0);
    let hit = &app.hits()[1];
    assert_eq!(hit.body, sent);
    assert_eq!(hit.headers["x-signature"], hmac_hex(b"new", &sent).as_str());
    assert_eq!(hit.headers.get_all("x-signature").iter().count(), 1, "the old signature is replaced");
    // An id that is not there sends nothing (exit 2); --resign needs a secret; a failing app is exit 1.
    let run = seg(home, state, &["webhook", "replay", "1", "7", "--to", &app.url]).await;
    assert!(run.code(2).stderr.contains("no request 7"), "{}", run.stderr);
    seg(home, state, &["webhook", "replay", "1", "--to", &app.url, "--resign"]).await.code(2);
    assert_eq!(app.hits().len(), 2);
    let failing = Receiver::start(&[], 500).await;
    seg(home, state, &["webhook", "replay", "1", "--to", &failing.url]).await.code(1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn host_localhost_listens_on_loopback_and_says_where() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path(), state.path());
    let mut listener =
        Listener::start(home, state, &["--host", "localhost", "--secret", "k", "-o", "table"], &[]).await;
    // The announced address is one a client can use as is: the resolved loopback address and the real port.
    let port = listener.url.strip_prefix("http://127.0.0.1:").expect(&listener.url);
    assert_ne!(port.parse::<u16>().unwrap(), 0, "{}", listener.url);
    seg(home, state, &["webhook", "send", "--url", &format!("{}/hook", listener.url), "--secret", "k"]).await.code(0);
    assert!(listener.next_line().await.starts_with("POST /hook track "));
    listener.stop().await;
}

/// `listen` names the causes `verify` names, from the same search: the sender's ASCII escapes (signed `\u00e9`,
/// sent `é`), escapes added after signing (signed `é`, received `\u00e9`), and a trailing newline, never called
/// pretty-printing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn listen_names_ascii_escapes_and_trailing_newlines_as_verify_does() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path(), state.path());
    let literal = r#"{"version":1,"type":"track","userId":"u","event":"Café","properties":{"n":1.0}}"#;
    let escaped = literal.replace('é', "\\u00e9");
    // (body received, body signed, the cause)
    let cases = [
        (literal.to_string(), escaped.clone(), "sender_ascii_escapes"),
        (escaped.clone(), literal.to_string(), "reencoded_escapes"),
        (format!("{literal}\n"), literal.to_string(), "trailing_newline"),
    ];
    for format in ["ndjson", "table"] {
        let mut listen = Listener::start(home, state, &["--secret", "k", "-o", format], &[]).await;
        for (received, signed, cause) in &cases {
            let answer = reqwest::Client::new()
                .post(format!("{}/hook", listen.url))
                .header("x-signature", hmac_hex(b"k", signed.as_bytes()))
                .body(received.clone())
                .send()
                .await
                .unwrap();
            assert_eq!(answer.status(), 200);
            let home_dir = tempfile::tempdir().unwrap();
            let mut cmd = seg_command(home_dir.path());
            cmd.args(["webhook", "verify", "--secret", "k", "--signature", &hmac_hex(b"k", signed.as_bytes()), "-o"])
                .args(["json", "-"]);
            let verified = run_with_stdin(cmd, received.as_bytes()).await;
            let verdict: Value = serde_json::from_str(&verified.stdout).unwrap();
            assert_eq!(verdict["causes"][0]["code"], *cause, "{verdict}");
            if format == "ndjson" {
                let record = listen.next_record().await;
                assert_eq!(record["signature"], "invalid", "{cause}: {record}");
                assert_eq!(record["causes"], verdict["causes"], "{cause}: the same as verify");
            } else {
                let line = listen.next_line().await;
                let message = verdict["causes"][0]["message"].as_str().unwrap();
                assert!(line.contains(&format!("signature INVALID: {message}")), "{cause}: {line}");
                assert!(!line.contains("pretty"), "{cause}: {line}");
            }
        }
        listen.stop().await;
    }
    // The verdicts are kept in the journal too.
    let entry: Value = serde_json::from_slice(&std::fs::read(journal(state).join("1.json")).unwrap()).unwrap();
    assert_eq!(entry["causes"][0]["code"], "sender_ascii_escapes");
}

/// Credentials in a request's headers are masked in `listen`'s records (ndjson and the line) exactly as `webhook log`
/// masks them, and appear nowhere in what listen prints; the journal keeps them whole, for an exact replay.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn listen_masks_credentials_in_headers_as_log_does() {
    use tokio::io::AsyncReadExt;
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path(), state.path());
    let credentials = [
        ("authorization", "Bearer abc123secret"),
        ("cookie", "session=c00kie-value; theme=dark"),
        ("x-api-key", "k3y-value"),
    ];
    let raw = ["abc123secret", "c00kie-value", "k3y-value"];
    for format in ["ndjson", "table"] {
        seg::init_tls();
        let mut cmd = seg_command(home);
        cmd.env("SEG_STATE_DIR", state).args(["webhook", "listen", "--port", "0", "--secret", "k", "-o", format]);
        let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut said = String::new();
        let url = loop {
            let mut line = String::new();
            stderr.read_line(&mut line).await.unwrap();
            said.push_str(&line);
            if let Some(address) = line.trim().strip_prefix("listening on ") {
                break address.to_string();
            }
        };
        let mut request =
            reqwest::Client::new().post(format!("{url}/hook")).header("x-team", "data").body(r#"{"type":"track"}"#);
        for (name, value) in credentials {
            request = request.header(name, value);
        }
        assert_eq!(request.send().await.unwrap().status(), 200);
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        tokio::time::timeout(std::time::Duration::from_secs(30), stdout.read_line(&mut line)).await.unwrap().unwrap();
        child.start_kill().unwrap();
        child.wait().await.unwrap();
        stdout.read_to_string(&mut line).await.unwrap();
        stderr.read_to_string(&mut said).await.unwrap();
        for (stream, text) in [("stdout", &line), ("stderr", &said)] {
            for value in raw {
                assert!(!text.contains(value), "{format} {stream}: {text}");
            }
        }
        if format == "ndjson" {
            let record: Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
            let header = |name: &str| {
                record["headers"].as_array().unwrap().iter().find(|h| h[0] == name).map(|h| h[1].clone()).unwrap()
            };
            assert_eq!(header("authorization"), "Bearer (redacted)", "{record}");
            assert_eq!(header("cookie"), "(redacted)", "{record}");
            assert_eq!(header("x-api-key"), "(redacted)", "{record}");
            assert_eq!(header("x-team"), "data", "other headers are shown as sent: {record}");
        } else {
            assert!(line.starts_with("POST /hook track "), "{line}");
        }
    }
    // `webhook log` shows the same masks; the journal holds the values as received.
    let log = seg(home, state, &["webhook", "log", "-o", "json"]).await;
    let entries = log.code(0).json();
    for entry in entries.as_array().unwrap() {
        let shown: Vec<(&str, &str)> = entry["headers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| (h["name"].as_str().unwrap(), h["value"].as_str().unwrap()))
            .filter(|(name, _)| credentials.iter().any(|(n, _)| n == name))
            .collect();
        assert_eq!(
            shown,
            [("authorization", "Bearer (redacted)"), ("cookie", "(redacted)"), ("x-api-key", "(redacted)")]
        );
    }
    for value in raw {
        assert!(!log.stdout.contains(value) && !log.stderr.contains(value), "{}", log.stdout);
    }
    let kept = std::fs::read_to_string(journal(state).join("1.json")).unwrap();
    assert!(raw.iter().all(|value| kept.contains(value)), "the journal keeps them for replay: {kept}");
}

/// `--forward-to` the listener's own address would post every request back to itself, forever: refused at start
/// (exit 2), however the address is spelled, also when the listener is on every address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forward_to_its_own_address_is_refused_at_start() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path(), state.path());
    let port = {
        let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        free.local_addr().unwrap().port().to_string()
    };
    let cases = [
        ("127.0.0.1", format!("http://127.0.0.1:{port}/hook")),
        ("127.0.0.1", format!("http://localhost:{port}")),
        ("127.0.0.1", format!("http://[::ffff:127.0.0.1]:{port}/")),
        ("127.0.0.1", format!("http://0.0.0.0:{port}/")),
        ("localhost", format!("http://127.0.0.1:{port}/hook")),
        ("0.0.0.0", format!("http://localhost:{port}/hook")),
        // Credentials in the URL: refused all the same, and never printed.
        ("127.0.0.1", format!("http://user:pw-s3cret@127.0.0.1:{port}/hook")),
    ];
    for (host, url) in &cases {
        let args = ["webhook", "listen", "--host", host, "--port", &port, "--forward-to", url];
        let listen = seg(home, state, &args);
        let run = tokio::time::timeout(std::time::Duration::from_secs(30), listen).await.expect("refused, not served");
        assert!(run.code(2).stderr.contains("forwarded to itself"), "{host} {url}: {}", run.stderr);
        assert!(!run.stderr.contains("pw-s3cret"), "{host} {url}: {}", run.stderr);
        if url.contains('@') {
            assert!(run.stderr.contains("user:(redacted)@127.0.0.1"), "{}", run.stderr);
        }
    }
}

/// A URL of another scheme is refused, and the refusal shows it with its credentials masked, as any URL: `send
/// --url`, `listen --forward-to`, and `seg serve`'s 400 for a hook.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_url_of_any_scheme_is_shown_with_its_credentials_masked() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path(), state.path());
    for url in ["ftp://user:pw-s3cret@files.example/in", "sftp://tok-s3cret@files.example/in"] {
        for args in [
            vec!["webhook", "send", "--url", url, "--type", "track"],
            vec!["webhook", "listen", "--port", "0", "--forward-to", url],
        ] {
            let run = seg(home, state, &args).await;
            assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
            assert!(
                run.stderr.contains("(redacted)@files.example") && !run.stderr.contains("s3cret"),
                "{}",
                run.stderr
            );
        }
    }
    let env = crate::support::TestEnv::start().await;
    env.create_source("demo", "web").await.ok();
    let body = serde_json::json!({"destination": {"name": "webhooks",
        "config": [{"name": "hooks", "value": [{"hook": "ftp://user:pw-s3cret@files.example/in"}]}]}});
    let answer = env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(body)).await;
    assert_eq!(answer.status, 400, "{}", answer.text);
    assert!(
        answer.text.contains("ftp://user:(redacted)@files.example") && !answer.text.contains("s3cret"),
        "{}",
        answer.text
    );
}

/// A body over listen's limit (2 MiB) is answered 413 and still recorded: a line, a record and a journal entry that
/// say it was too large, with its size (declared or counted), never its bytes; it cannot be replayed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_over_the_limit_is_answered_413_and_recorded_with_its_size() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path(), state.path());
    let big = vec![b'x'; 3 << 20];
    let mut listen = Listener::start(home, state, &["--secret", "k", "-o", "ndjson"], &[]).await;
    let answer = reqwest::Client::new()
        .post(format!("{}/hook", listen.url))
        .header("x-signature", "0".repeat(40))
        .body(big.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 413);
    assert!(answer.text().await.unwrap().contains("larger than the 2 MiB limit"));
    let record = listen.next_record().await;
    assert_eq!(record["refused"], "too_large", "{record}");
    assert_eq!(record["size"], 3 << 20, "{record}");
    assert_eq!((record["answer"]["status"].as_u64(), record["body"].as_str()), (Some(413), Some("")), "{record}");
    assert_eq!(record["signature"], "unchecked", "no body to check the header against: {record}");
    // Chunked, with no declared size: counted.
    let address = listen.url.strip_prefix("http://").unwrap().to_string();
    let status = tokio::task::spawn_blocking(move || {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(address).unwrap();
        stream
            .write_all(
                b"POST /chunked HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
            )
            .unwrap();
        let chunk = vec![b'y'; 1 << 20];
        for _ in 0..3 {
            stream.write_all(format!("{:x}\r\n", chunk.len()).as_bytes()).unwrap();
            stream.write_all(&chunk).unwrap();
            stream.write_all(b"\r\n").unwrap();
        }
        stream.write_all(b"0\r\n\r\n").unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    })
    .await
    .unwrap();
    assert!(status.starts_with("HTTP/1.1 413"), "{status}");
    let record = listen.next_record().await;
    assert_eq!((record["refused"].as_str(), record["size"].as_u64()), (Some("too_large"), Some(3 << 20)), "{record}");
    listen.stop().await;
    // The journal says so, without the bytes.
    let kept = std::fs::read(journal(state).join("1.json")).unwrap();
    assert!(kept.len() < 4096, "the body is not kept: {} bytes", kept.len());
    let entry: Value = serde_json::from_slice(&kept).unwrap();
    assert_eq!((entry["refused"].as_str(), entry["size"].as_u64()), (Some("too_large"), Some(3 << 20)), "{entry}");
    assert!(entry.get("body").is_none() && entry.get("body_base64").is_none(), "{entry}");
    let log = seg(home, state, &["webhook", "log", "-o", "json"]).await;
    assert_eq!(log.code(0).json()[1]["refused"], "too_large");
    // A line for people too.
    let mut text = Listener::start(home, state, &["-o", "table"], &[]).await;
    let answer = reqwest::Client::new().post(format!("{}/hook", text.url)).body(big).send().await.unwrap();
    assert_eq!(answer.status(), 413);
    let line = text.next_line().await;
    assert!(line.starts_with(&format!("POST /hook - {}B REFUSED (413): the body is larger", 3 << 20)), "{line}");
    text.stop().await;
    // Nothing to replay: refused before anything is sent.
    let app = Receiver::start(&[], 200).await;
    let run = seg(home, state, &["webhook", "replay", "3", "1", "--to", &app.url]).await;
    assert!(run.code(2).stderr.contains("cannot be replayed"), "{}", run.stderr);
    assert!(app.hits().is_empty());
}

/// A journal that cannot be written (here: a file size limit, as a full disk) leaves no half-written entry and no
/// temporary file, is said once on stderr however many requests fail, and each record says why it has no id.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_journal_that_cannot_be_written_leaves_nothing_half_written_and_is_said_once() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path(), state.path());
    let mut cmd = seg_command(home);
    cmd.env("SEG_STATE_DIR", state).args(["webhook", "listen", "--port", "0", "-o", "ndjson"]);
    // SAFETY: between fork and exec only async-signal-safe calls: setrlimit and signal.
    unsafe {
        cmd.pre_exec(|| {
            // Files of at most 4 KiB; writing past it fails with EFBIG instead of killing the process.
            let limit = libc::rlimit { rlim_cur: 4096, rlim_max: 4096 };
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap()).lines();
    let url = loop {
        let line = stderr.next_line().await.unwrap().expect("listen announces its address");
        if let Some(address) = line.strip_prefix("listening on ") {
            break address.to_string();
        }
    };
    let mut records = BufReader::new(child.stdout.take().unwrap()).lines();
    let client = reqwest::Client::new();
    for body in [vec![b'a'; 8000], vec![b'b'; 9000], vec![b'c'; 10_000], b"{}".to_vec()] {
        let answer = client.post(format!("{url}/hook")).body(body.clone()).send().await.unwrap();
        assert_eq!(answer.status(), 200, "the sender is answered all the same");
        let line = tokio::time::timeout(std::time::Duration::from_secs(30), records.next_line()).await;
        let record: Value = serde_json::from_str(&line.unwrap().unwrap().unwrap()).unwrap();
        if body.len() > 4096 {
            assert!(record["id"].is_null(), "{record}");
            assert!(record["journal_error"].as_str().unwrap().contains("cannot write the journal"), "{record}");
        } else {
            assert_eq!(record["id"], 4, "a small one is kept: {record}");
        }
    }
    let dir = journal(state);
    let mut names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names, ["4.json"], "no half-written entry, no temporary file");
    assert!(child.id().is_some());
    std::process::Command::new("kill").args(["-TERM", &child.id().unwrap().to_string()]).status().unwrap();
    let mut said = Vec::new();
    while let Some(line) = stderr.next_line().await.unwrap() {
        said.push(line);
    }
    child.wait().await.unwrap();
    let warnings = said.iter().filter(|line| line.contains("cannot write the journal")).count();
    assert_eq!(warnings, 1, "said once: {said:?}");
}

/// `--journal-max N` holds however many requests arrive at once: never more than N entries, and always the newest.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn journal_max_holds_under_concurrent_requests() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path(), state.path());
    let mut listen = Listener::start(home, state, &["--journal-max", "2", "-o", "ndjson"], &[]).await;
    let client = reqwest::Client::new();
    let posts: Vec<_> = (0..400)
        .map(|n| {
            // Each on a connection of its own, closed after it (a pool's idle connections would count against the
            // listener's connection bound until its idle timeout).
            let request = client
                .post(format!("{}/hook", listen.url))
                .header("connection", "close")
                .body(format!("{{\"n\":{n}}}"));
            tokio::spawn(async move { request.send().await.unwrap().status() })
        })
        .collect();
    for post in posts {
        assert_eq!(post.await.unwrap(), 200);
    }
    let mut ids = Vec::new();
    for _ in 0..400 {
        ids.push(listen.next_record().await["id"].as_u64().unwrap());
    }
    listen.stop().await;
    ids.sort_unstable();
    let newest: Vec<String> = ids[ids.len() - 2..].iter().map(|id| format!("{id}.json")).collect();
    let mut names: Vec<String> =
        std::fs::read_dir(journal(state)).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort_by_key(|name| name.trim_end_matches(".json").parse::<u64>().unwrap_or(0));
    assert_eq!(names, newest);
}

/// No control character received (C0 with ESC, DEL, C1 such as U+009B, the 8-bit CSI) reaches a terminal: a line
/// may end in a newline, and nothing else of the kind is printed.
#[track_caller]
fn assert_no_controls(what: &str, text: &str) {
    let found: Vec<char> = text.chars().filter(|c| c.is_control() && *c != '\n').collect();
    assert!(found.is_empty(), "{what} prints control characters {found:?}: {text:?}");
}

/// Bodies and headers that carry control characters, through every output that shows what was received: the
/// listener's lines and records (with the causes `verify` names, which quote the body), `log` as a table and as
/// JSON, `verify` itself, and a replay's `--dry-run` description.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn received_control_characters_never_reach_a_terminal() {
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path(), state.path());
    // Valid JSON whose strings hold DEL and C1 as they are (JSON.stringify writes them so), and bytes that are no JSON
    // with a raw ESC sequence.
    let json_body = "{\"type\":\"tr\u{9b}31mack\",\"x\":\"\u{85}\u{7f}\u{9b}2J\"}".as_bytes().to_vec();
    let raw_body = b"\x1b[31m\xc2\x9b2J\x7f not json \x07".to_vec();
    let wrong = hmac_hex(b"other", b"x");
    let mut outputs: Vec<(String, String)> = Vec::new();
    for format in ["table", "ndjson"] {
        let mut listen = Listener::start(home, state, &["--secret", "k", "-o", format], &[]).await;
        for body in [&json_body, &raw_body] {
            let answer = reqwest::Client::new()
                .post(format!("{}/in", listen.url))
                .header("x-signature", &wrong)
                .header("x-evil", reqwest::header::HeaderValue::from_bytes(b"a\xc2\x9b31m\xc2\x85b").unwrap())
                .body(body.clone())
                .send()
                .await
                .unwrap();
            assert_eq!(answer.status(), 200);
            outputs.push((format!("listen -o {format}"), listen.next_line().await));
        }
        listen.stop().await;
    }
    let ndjson: Value = serde_json::from_str(&outputs[2].1).unwrap();
    assert_eq!(ndjson["body"].as_str().unwrap().as_bytes(), json_body, "the record holds the body whole, escaped");
    assert!(!ndjson["causes"].as_array().unwrap().is_empty(), "{ndjson}");
    for args in [
        vec!["webhook", "log", "-o", "table"],
        vec!["webhook", "log", "-o", "json"],
        vec!["webhook", "log", "-o", "ndjson"],
        vec!["webhook", "log", "-o", "yaml"],
        vec!["--dry-run", "webhook", "replay", "1", "2", "--to", "http://127.0.0.1:9/"],
    ] {
        let run = seg(home, state, &args).await;
        run.code(0);
        outputs.push((args.join(" "), run.stdout));
        outputs.push((format!("{} (stderr)", args.join(" ")), run.stderr));
    }
    for body in [&json_body, &raw_body] {
        let file = home.join("body");
        std::fs::write(&file, body).unwrap();
        for format in ["table", "json"] {
            let args = ["webhook", "verify", "--secret", "k", "--signature", &wrong, "-o", format];
            let run = seg(home, state, &[&args[..], &[file.to_str().unwrap()]].concat()).await;
            run.code(1);
            outputs.push((format!("verify -o {format}"), run.stdout));
            outputs.push((format!("verify -o {format} (stderr)"), run.stderr));
        }
    }
    for (what, text) in &outputs {
        assert_no_controls(what, text);
    }
}

/// Credentials in `--forward-to` and `replay --to` never show: not in the listener's records, the journal, the answer
/// a failed forward gives the sender, `log`, or a replay's lines, records, `--dry-run` description and errors. The
/// requests still carry them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn credentials_in_forward_and_replay_urls_are_masked_in_every_output() {
    use base64::Engine;
    let (home, state) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (home, state) = (home.path(), state.path());
    let encoded = base64::engine::general_purpose::STANDARD.encode("user:pw-s3cret");
    let mut shown = Vec::new();
    let app = Receiver::start(&[], 200).await;
    let with_creds = app.url.replace("http://", "http://user:pw-s3cret@");
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let gone = format!("http://user:pw-s3cret@{}/app", closed.local_addr().unwrap());
    drop(closed);
    for forward in [&with_creds, &gone] {
        let mut listen = Listener::start(home, state, &["--forward-to", forward, "-o", "ndjson"], &[]).await;
        let answer = reqwest::Client::new().post(format!("{}/in", listen.url)).body("{}").send().await.unwrap();
        shown.push(answer.text().await.unwrap());
        let record = listen.next_record().await;
        assert!(record["answer"]["forwarded_to"].as_str().unwrap().starts_with("http://user:(redacted)@"), "{record}");
        shown.push(record.to_string());
        listen.stop().await;
    }
    assert_eq!(app.hits()[0].headers["authorization"], format!("Basic {encoded}").as_str(), "the forward carries them");
    for entry in std::fs::read_dir(journal(state)).unwrap() {
        shown.push(std::fs::read_to_string(entry.unwrap().path()).unwrap());
    }
    for args in [
        vec!["webhook", "log", "-o", "json"],
        vec!["webhook", "replay", "1", "--to", &with_creds, "-o", "json"],
        vec!["webhook", "replay", "1", "--to", &gone, "-o", "json"],
        vec!["--dry-run", "webhook", "replay", "1", "--to", &with_creds],
        vec!["-vv", "webhook", "replay", "1", "--to", &with_creds],
        vec!["webhook", "replay", "1", "--to", "http://user:pw-s3cret@bad host/"],
    ] {
        let run = seg(home, state, &args).await;
        shown.push(format!("{}\n{}", run.stdout, run.stderr));
    }
    assert!(shown.iter().any(|text| text.contains("replay 1 -> http://user:(redacted)@127.0.0.1")), "{shown:?}");
    for text in &shown {
        assert!(!text.contains("s3cret") && !text.contains(&encoded), "{text}");
    }
    assert_eq!(app.hits().len(), 3, "two forwards' worth: the first forward and two replays");
}
