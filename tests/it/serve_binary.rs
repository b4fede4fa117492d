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
