//! A misbehaving server: each fault gives the documented exit code, exactly one error line, and no hang beyond
//! the timeout.

use std::time::Duration;

use seg::emulator::EmulatorOptions;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use crate::support::{Run, TestEnv, run_with_stdin, seg_command};

/// How the server answers every connection.
#[derive(Clone, Copy)]
enum Fault {
    /// Headers promise 100 bytes; 10 come, then the connection closes.
    ClosedMidBody,
    /// Headers, then one body byte every 300 ms.
    Trickle,
    /// 200 with a body that is not JSON.
    InvalidJson,
    /// 200 with no body at all.
    EmptyOk,
    /// An HTML 502 page from a proxy.
    Html502,
    /// A 500 whose body is 10 MB.
    HugeError,
    /// 302 to itself, forever.
    RedirectLoop,
    /// Accepts and closes without a byte.
    Reset,
}

/// Every answer says `connection: close` and the server closes: a client must not reuse the connection.
async fn server(fault: Fault) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let location = base.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let location = location.clone();
            tokio::spawn(async move {
                let mut buf = [0u8; 8192];
                let _ = socket.read(&mut buf).await;
                let _ = match fault {
                    Fault::ClosedMidBody => {
                        socket.write_all(b"HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{\"workspa").await
                    }
                    Fault::Trickle => {
                        let _ = socket.write_all(b"HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 1000\r\n\r\n").await;
                        for _ in 0..1000 {
                            if socket.write_all(b" ").await.is_err() {
                                break;
                            }
                            tokio::time::sleep(Duration::from_millis(300)).await;
                        }
                        Ok(())
                    }
                    Fault::InvalidJson => socket.write_all(b"HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 9\r\n\r\nnot json!").await,
                    Fault::EmptyOk => socket.write_all(b"HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n").await,
                    Fault::Html502 => {
                        let body = "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>";
                        let head = format!("HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-type: text/html\r\ncontent-length: {}\r\n\r\n", body.len());
                        socket.write_all(format!("{head}{body}").as_bytes()).await
                    }
                    Fault::HugeError => {
                        let body = "x".repeat(10 * 1024 * 1024);
                        let head = format!("HTTP/1.1 500 Internal Server Error\r\nconnection: close\r\ncontent-length: {}\r\n\r\n", body.len());
                        let _ = socket.write_all(head.as_bytes()).await;
                        socket.write_all(body.as_bytes()).await
                    }
                    Fault::RedirectLoop => {
                        let head = format!("HTTP/1.1 302 Found\r\nconnection: close\r\nlocation: {location}/v1beta/workspaces\r\ncontent-length: 0\r\n\r\n");
                        socket.write_all(head.as_bytes()).await
                    }
                    Fault::Reset => Ok(()),
                };
                let _ = socket.shutdown().await;
            });
        }
    });
    base
}

async fn workspaces_list(base: &str, extra: &[&str]) -> Run {
    let home = tempfile::tempdir().unwrap();
    let mut cmd = seg_command(home.path());
    cmd.env("SEG_TOKEN", "t")
        .args(["--base-url", base, "workspaces", "list", "--max-retries", "0", "--timeout", "2s"])
        .args(extra);
    tokio::time::timeout(Duration::from_secs(20), run_with_stdin(cmd, b"")).await.expect("seg does not hang")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_fault_gives_its_exit_code_and_one_clear_line() {
    let cases = [
        (Fault::ClosedMidBody, 3, "request failed"),
        (Fault::Trickle, 3, "no answer from"),
        (Fault::InvalidJson, 1, "not JSON"),
        (Fault::EmptyOk, 1, "empty"),
        (Fault::Html502, 23, "HTTP 502"),
        (Fault::HugeError, 23, "HTTP 500"),
        (Fault::RedirectLoop, 3, "redirect"),
        (Fault::Reset, 3, "request failed"),
    ];
    for (fault, exit, says) in cases {
        let base = server(fault).await;
        let run = workspaces_list(&base, &[]).await;
        assert_eq!(run.code, exit, "{says}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{says}: {}", run.stdout);
        let errors: Vec<&str> = run.stderr.lines().filter(|l| l.starts_with("error: ")).collect();
        assert_eq!(errors.len(), 1, "{says}: {}", run.stderr);
        assert!(errors[0].contains(says), "{says}: {}", errors[0]);
        assert!(errors[0].len() < 400, "one short line, not the body: {}", errors[0].len());
    }
}

#[tokio::test]
async fn dns_and_tls_failures_are_transport_errors() {
    // `.invalid` never resolves (RFC 2606), on any network or none.
    let run = workspaces_list("http://seg-test.invalid", &[]).await;
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(
        run.stderr.contains("cannot find http://seg-test.invalid: its host name does not resolve"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("retrying"), "a name that does not resolve is said at once: {}", run.stderr);
    // `auth login` checks the token against the service: a name that does not resolve stops it at once too, with
    // an error line and a hint, and nothing stored.
    let home = tempfile::tempdir().unwrap();
    let mut cmd = seg_command(home.path());
    cmd.args(["auth", "login", "--with-token", "--base-url", "http://seg-test.invalid"]);
    let run = tokio::time::timeout(Duration::from_secs(20), run_with_stdin(cmd, b"a-token\n")).await.unwrap();
    assert_eq!(run.code, 3, "{}", run.stderr);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!(lines.iter().filter(|l| l.starts_with("error: ")).count() == 1, "{}", run.stderr);
    assert!(lines.iter().any(|l| l.starts_with("hint: ")), "{}", run.stderr);
    assert!(run.stderr.contains("seg-test.invalid") && !run.stderr.contains("retrying"), "{}", run.stderr);
    assert!(!home.path().join(".config/seg/credentials.toml").exists(), "nothing stored");
    // TLS to a server that speaks plain HTTP.
    let base = server(Fault::Html502).await.replace("http://", "https://");
    let run = workspaces_list(&base, &[]).await;
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert_eq!(run.stderr.lines().filter(|l| l.starts_with("error: ")).count(), 1, "{}", run.stderr);
}

/// docs/reference/commands.md, "Exit codes": the human line and the JSON line show the code the service sent, or none;
/// the exit code follows the table whether or not a code came (from the status when none did).
#[tokio::test]
async fn errors_show_the_code_the_service_sent_or_none() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    let upstream = "upstream connect error or disconnect/reset before headers";
    let cases: [(Value, i32, &str, Value); 5] = [
        (
            json!({"status": 502, "body": "<html>bad gateway</html>"}),
            23,
            "HTTP 502: <html>bad gateway</html>",
            Value::Null,
        ),
        (json!({"status": 503, "body": upstream}), 24, "HTTP 503: upstream connect error", Value::Null),
        (json!({"status": 500, "body": ""}), 23, "HTTP 500: Internal Server Error", Value::Null),
        (json!({"status": 403, "code": 16}), 26, "HTTP 403 (code 16): injected fault", json!(16)),
        (json!({"status": 503}), 24, "HTTP 503 (code 14): injected fault", json!(14)),
    ];
    for (fault, exit, human, code) in cases {
        for json_output in [false, true] {
            env.call("DELETE", "/_emulator/faults", None).await.ok();
            env.fault(fault.clone()).await;
            let mut args = vec!["workspaces", "list", "--max-retries", "0"];
            if json_output {
                args.extend(["-o", "json"]);
            }
            let run = env.seg(&args).await;
            assert_eq!(run.code, exit, "{fault}: {}", run.stderr);
            assert!(run.stdout.is_empty(), "{fault}: {}", run.stdout);
            if json_output {
                let line: Value = serde_json::from_str(run.stderr.trim()).expect(&run.stderr);
                let error = &line["error"];
                assert_eq!(error["code"], code, "{fault}: {line}");
                assert_eq!(error["status"], fault["status"], "{fault}: {line}");
                assert_eq!(error["exit_code"], exit, "{fault}: {line}");
            } else {
                let errors: Vec<&str> = run.stderr.lines().filter(|l| l.starts_with("error: ")).collect();
                assert_eq!(errors.len(), 1, "{fault}: {}", run.stderr);
                assert!(errors[0].starts_with(&format!("error: {human}")), "{fault}: {}", errors[0]);
                assert_eq!(errors[0].contains("(code"), code != Value::Null, "{fault}: {}", errors[0]);
            }
        }
    }
}
