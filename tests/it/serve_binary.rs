//! `seg serve` as a process: the first stdout lines, a request through it, clean shutdown, and bad flags.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

fn seg() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_seg"));
    cmd.env_remove("RUST_BACKTRACE").env("NO_COLOR", "1");
    cmd
}

/// A minimal HTTP/1.1 GET over a plain socket; returns the whole response as text.
fn http_get(port: u16, path: &str, token: &str) -> String {
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

/// `seg ARGS` (a `serve`), its first line read: the port it announces on 127.0.0.1. The rest of stdout stays with
/// the child for the caller.
fn serve_on_loopback(args: &[&str]) -> (std::process::Child, u16) {
    let mut child = seg().args(args).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    // Byte by byte up to the newline, so nothing past the first line is taken from the child's pipe.
    let mut first = Vec::new();
    let mut byte = [0u8; 1];
    while stdout.read_exact(&mut byte).is_ok() && byte[0] != b'\n' {
        first.push(byte[0]);
    }
    child.stdout = Some(stdout);
    let first = String::from_utf8(first).unwrap();
    let port: u16 = first.strip_prefix("listening on http://127.0.0.1:").expect(&first).parse().unwrap();
    (child, port)
}

#[cfg(unix)]
#[test]
fn serve_prints_address_and_tokens_answers_and_stops_cleanly_on_signals() {
    for signal in ["-TERM", "-INT"] {
        let (mut child, port) = serve_on_loopback(&[
            "serve",
            "--port",
            "0",
            "--accept-token",
            "abc:workspace",
            "--accept-token",
            "def:workspace:read",
        ]);
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        assert_ne!(port, 0, "the real port is printed");
        assert_eq!(lines.next().unwrap().unwrap(), "token workspace abc");
        assert_eq!(lines.next().unwrap().unwrap(), "token workspace:read def", "split at the first colon");
        let response = http_get(port, "/v1beta/workspaces", "def");
        assert!(response.starts_with("HTTP/1.1 200"), "{response}");
        assert!(response.contains("\"workspaces/demo\""), "{response}");
        Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap();
        let status = child.wait().unwrap();
        assert!(status.success(), "{signal}: {status:?}");
    }
}

#[test]
fn serve_host_localhost_listens_on_loopback() {
    let (mut child, port) =
        serve_on_loopback(&["serve", "--host", "localhost", "--port", "0", "--accept-token", "abc:workspace"]);
    assert!(http_get(port, "/v1beta/workspaces", "abc").starts_with("HTTP/1.1 200"));
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn serve_without_tokens_makes_one_of_each_scope() {
    let mut child = seg().args(["serve", "--port", "0"]).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    assert!(first.starts_with("listening on http://127.0.0.1:"), "{first}");
    let write = lines.next().unwrap().unwrap();
    let read = lines.next().unwrap().unwrap();
    let write = write.strip_prefix("token workspace ").expect(&write);
    let read = read.strip_prefix("token workspace:read ").expect(&read);
    assert!(write.len() > 20 && read.len() > 20 && write != read);
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn serve_refuses_bad_flags_with_exit_2_and_no_secret_in_the_message() {
    let dir = tempfile::tempdir().unwrap();
    let bad_seed = dir.path().join("seed.json");
    std::fs::write(&bad_seed, "{not json").unwrap();
    let bad_seed = bad_seed.to_str().unwrap();
    let cases: &[&[&str]] = &[
        &["--accept-token", "supersecretvalue"],
        &["--accept-token", "supersecretvalue:admin"],
        &["--accept-token", ":workspace"],
        &["--workspace", "Not A Slug"],
        &["--seed", "/nonexistent/seed.json"],
        &["--seed", bad_seed],
        &["--port", "notaport"],
        &["--host", "not an ip"],
        &["--rate-limit", "-1"],
        &["--bogus"],
    ];
    for args in cases {
        let out = seg().arg("serve").args(["--port", "0"]).args(*args).stdin(Stdio::null()).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("supersecretvalue"), "{args:?}: {stderr}");
        assert!(stderr.contains("error"), "{args:?}: {stderr}");
    }
}

#[test]
fn serve_reports_a_port_in_use() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = seg().args(["serve", "--port", &port]).stdin(Stdio::null()).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot listen"));
}

/// A request path may hold any UTF-8, C1 controls included (the 8-bit CSI, U+009B): the request log on stderr shows
/// them escaped, never raw on a terminal.
#[cfg(unix)]
#[test]
fn the_request_log_never_prints_a_control_character() {
    let mut child = seg()
        .args(["serve", "--port", "0", "--accept-token", "abc:workspace"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    let port: u16 = first.trim().strip_prefix("listening on http://127.0.0.1:").expect(&first).parse().unwrap();
    for target in [&b"/v1beta/ws\xc2\x9b2J\xc2\x85"[..], &b"/v1/track\xc2\x9b31m"[..]] {
        let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        let mut request = b"GET ".to_vec();
        request.extend_from_slice(target);
        request.extend_from_slice(
            b" HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer abc\r\nConnection: close\r\n\r\n",
        );
        stream.write_all(&request).unwrap();
        let mut response = String::new();
        let _ = stream.read_to_string(&mut response);
        assert!(response.starts_with("HTTP/1.1 "), "{response}");
    }
    Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    child.wait().unwrap();
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert!(stderr.contains("GET /v1beta/ws"), "the requests are logged: {stderr}");
    let found: Vec<char> = stderr.chars().filter(|c| c.is_control() && *c != '\n').collect();
    assert!(found.is_empty(), "control characters {found:?} in {stderr:?}");
}

/// The delivery queue's bound, reached through `seg serve` itself (the hidden `--max-pending`): the warning is said
/// once however often the queue is found full, and again once it has drained and fills up anew.
#[test]
fn the_full_delivery_queue_is_said_once_and_again_after_it_drains() {
    use std::sync::{Arc, Condvar, Mutex};
    use std::time::{Duration, Instant};
    // A hook that holds every request until released, then answers 200.
    let hook = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let hook_url = format!("http://{}/in", hook.local_addr().unwrap());
    let released = Arc::new((Mutex::new(false), Condvar::new()));
    std::thread::spawn({
        let released = released.clone();
        move || {
            for stream in hook.incoming().flatten() {
                let released = released.clone();
                std::thread::spawn(move || {
                    let mut stream = stream;
                    let mut buffer = [0u8; 4096];
                    let _ = stream.read(&mut buffer);
                    let (lock, signal) = &*released;
                    let mut go = lock.lock().unwrap();
                    while !*go {
                        go = signal.wait(go).unwrap();
                    }
                    let _ = stream.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
                });
            }
        }
    });
    let dir = tempfile::tempdir().unwrap();
    let seed = dir.path().join("seed.json");
    let file = format!(
        r#"{{"format":"seg/1","workspace":"demo","sources":{{"web":{{"catalog_name":"catalog/sources/javascript",
            "destinations":{{"webhooks":{{"enabled":true,"config":{{"hooks":[{{"hook":"{hook_url}"}}]}}}}}}}}}}}}"#
    );
    std::fs::write(&seed, file).unwrap();
    let mut child = seg()
        .args(["serve", "--port", "0", "--accept-token", "abc:workspace", "--rate-limit", "0", "--max-pending", "2"])
        .arg("--seed")
        .arg(&seed)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    let port: u16 = first.trim().strip_prefix("listening on http://127.0.0.1:").expect(&first).parse().unwrap();
    let said = Arc::new(Mutex::new(Vec::<String>::new()));
    std::thread::spawn({
        let said = said.clone();
        let stderr = BufReader::new(child.stderr.take().unwrap());
        move || stderr.lines().map_while(Result::ok).for_each(|line| said.lock().unwrap().push(line))
    });
    let lines_with = |text: &str| said.lock().unwrap().iter().filter(|l| l.contains(text)).count();
    let wait = |what: &str, done: &dyn Fn() -> bool| {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !done() {
            assert!(Instant::now() < deadline, "{what}: {:#?}", said.lock().unwrap());
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    let source = http_get(port, "/v1beta/workspaces/demo/sources/web", "abc");
    let key = source.split("\"write_keys\":[\"").nth(1).expect(&source).split('"').next().unwrap().to_string();
    let mut batches = 0;
    let mut post_batch = || {
        let body = format!(
            r#"{{"batch":[{}]}}"#,
            (0..5).map(|i| format!(r#"{{"type":"track","userId":"u","event":"e{i}"}}"#)).collect::<Vec<_>>().join(",")
        );
        let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        let basic = base64::Engine::encode(&base64::engine::general_purpose::STANDARD, format!("{key}:"));
        write!(
            stream,
            "POST /v1/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Basic {basic}\r\nContent-Type: \
             application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        assert!(response.starts_with("HTTP/1.1 200"), "{response}");
        batches += 1;
        // The request's own log line comes after any warning it caused.
        let seen = batches;
        wait("the request's log line", &|| lines_with("POST /v1/batch") >= seen);
    };
    const FULL: &str = "webhook delivery queue full (2 pending)";
    post_batch();
    post_batch();
    assert_eq!(lines_with(FULL), 1, "said once while full: {:#?}", said.lock().unwrap());
    // Released, the two pending deliveries are made and the queue drains; filled again, it is said again.
    let (lock, signal) = &*released;
    *lock.lock().unwrap() = true;
    signal.notify_all();
    let deliveries = || {
        // The control endpoints answer a Host that names the address served, port included.
        let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        write!(stream, "GET /_emulator/deliveries HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n")
            .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    };
    wait("the queue drains", &|| {
        let answer = deliveries();
        answer.contains("\"pending\":0") && answer.contains("\"delivered\":2")
    });
    post_batch();
    assert_eq!(lines_with(FULL), 2, "said again after draining: {:#?}", said.lock().unwrap());
    child.kill().unwrap();
    child.wait().unwrap();
}

#[cfg(unix)]
#[test]
fn a_seed_says_how_many_changes_of_the_public_apis_own_resources_it_did_not_make() {
    let dir = tempfile::tempdir().unwrap();
    let seed = dir.path().join("seed.yaml");
    let file = "format: seg/1\nworkspace: demo\nsources:\n  web:\n    catalog_name: javascript\nlabels:\n  tier:gold: {}\n  \
                tier:silver: {}\n";
    std::fs::write(&seed, file).unwrap();
    let mut child = seg()
        .args(["serve", "--port", "0", "--accept-token", "abc:workspace", "--seed"])
        .arg(&seed)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Its stdout kept open while it runs: it logs each request there.
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    let port: u16 = first.trim().strip_prefix("listening on http://127.0.0.1:").expect(&first).parse().unwrap();
    // What it could make, it made.
    let response = http_get(port, "/v1beta/workspaces/demo/sources/web", "abc");
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    let mut said = String::new();
    child.stderr.take().unwrap().read_to_string(&mut said).unwrap();
    child.wait().unwrap();
    drop(stdout);
    assert!(said.contains("2 changes of the Public API's own resources"), "{said}");
    assert!(said.contains("seg apply --api public"), "{said}");
}
