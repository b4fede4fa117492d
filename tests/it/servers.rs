//! Both servers (`seg serve` and `seg webhook listen`, which share `src/server.rs`) as processes against hostile
//! clients: a stop (SIGTERM, SIGINT) ends them within seconds while a client holds half a request, a client that
//! trickles header bytes is cut, and many slow clients neither take more than the connection bound nor keep a real
//! sender out. Timeouts here are generous upper bounds, never expected durations.

#![cfg(unix)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The two servers.
#[derive(Debug, Clone, Copy)]
enum Server {
    Serve,
    Listen,
}

/// A server process on 127.0.0.1:<port>, with its temporary HOME.
struct Running {
    child: Child,
    port: u16,
    _home: tempfile::TempDir,
}

impl Server {
    fn start(self) -> Running {
        let home = tempfile::tempdir().unwrap();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_seg"));
        cmd.env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", home.path())
            .env("SEG_NO_KEYRING", "1")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null());
        let journal = home.path().join("journal");
        // `serve` announces its address on stdout, `listen` on stderr: that stream is read, the other dropped.
        match self {
            Server::Serve => cmd
                .args(["serve", "--port", "0", "--accept-token", "abc:workspace"])
                .stdout(Stdio::piped())
                .stderr(Stdio::null()),
            Server::Listen => cmd
                .args(["webhook", "listen", "--port", "0", "--journal"])
                .arg(&journal)
                .stdout(Stdio::null())
                .stderr(Stdio::piped()),
        };
        let mut child = cmd.spawn().unwrap();
        let mut announcing: Box<dyn Read + Send> = match self {
            Server::Serve => Box::new(child.stdout.take().unwrap()),
            Server::Listen => Box::new(child.stderr.take().unwrap()),
        };
        let mut line = Vec::new();
        let mut byte = [0u8; 1];
        while announcing.read_exact(&mut byte).is_ok() && byte[0] != b'\n' {
            line.push(byte[0]);
        }
        let line = String::from_utf8(line).unwrap();
        let port = line.rsplit(':').next().and_then(|p| p.parse().ok()).unwrap_or_else(|| panic!("{line:?}"));
        // Drained so that the server never blocks on a full pipe.
        std::thread::spawn(move || std::io::copy(&mut announcing, &mut std::io::sink()));
        Running { child, port, _home: home }
    }

    /// A path this server answers 200 to without a token or body of its own.
    fn request(self) -> &'static [u8] {
        match self {
            Server::Serve => {
                b"GET /v1beta/workspaces HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer abc\r\n\
                              Connection: close\r\n\r\n"
            }
            Server::Listen => {
                b"POST /hook HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
            }
        }
    }
}

impl Running {
    fn connect(&self) -> TcpStream {
        TcpStream::connect(("127.0.0.1", self.port)).unwrap()
    }

    fn signal(&self, signal: &str) {
        assert!(Command::new("kill").args([signal, &self.child.id().to_string()]).status().unwrap().success());
    }

    /// Waits for the process to end, at most `limit`; its exit code.
    fn exit_within(&mut self, limit: Duration) -> Option<i32> {
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            if started.elapsed() > limit {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("the server did not stop within {limit:?}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Sends `request` on a new connection and reads the whole answer (the server closes it).
    fn answer(&self, request: &[u8], limit: Duration) -> String {
        let mut stream = self.connect();
        stream.set_read_timeout(Some(limit)).unwrap();
        stream.write_all(request).unwrap();
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        String::from_utf8_lossy(&answer).into_owned()
    }

    /// The process' open file descriptors.
    #[cfg(target_os = "linux")]
    fn descriptors(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.child.id())).unwrap().count()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn both_servers_stop_within_seconds_of_a_signal_while_clients_hold_half_a_request() {
    for server in [Server::Serve, Server::Listen] {
        for signal in ["-TERM", "-INT"] {
            let mut running = server.start();
            // Half a head, and a whole head with half its body: neither will ever finish.
            let mut half_head = running.connect();
            half_head.write_all(b"POST /hook HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow:").unwrap();
            let mut half_body = running.connect();
            half_body
                .write_all(b"POST /v1/track HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"a\"")
                .unwrap();
            // An idle connection too, and one answer, so the server is known to be serving.
            let _idle = running.connect();
            let answer = running.answer(server.request(), Duration::from_secs(30));
            assert!(answer.starts_with("HTTP/1.1 200"), "{server:?}: {answer}");
            running.signal(signal);
            // The grace period is 5 s; 10 s is the documented promise.
            assert_eq!(running.exit_within(Duration::from_secs(10)), Some(0), "{server:?} {signal}");
            drop((half_head, half_body));
        }
    }
}

#[test]
fn both_servers_cut_a_client_that_trickles_its_header() {
    std::thread::scope(|scope| {
        for server in [Server::Serve, Server::Listen] {
            scope.spawn(move || {
                let running = server.start();
                let mut slow = running.connect();
                slow.set_read_timeout(Some(Duration::from_millis(500))).unwrap();
                slow.write_all(b"POST /hook HTTP/1.1\r\nHost: 127.0.0.1\r\n").unwrap();
                // One header byte each half second, for as long as the server takes them (10 s of header timeout).
                let started = Instant::now();
                let cut = loop {
                    if started.elapsed() > Duration::from_secs(60) {
                        break false;
                    }
                    if slow.write_all(b"x").is_err() {
                        break true;
                    }
                    let mut buffer = [0u8; 256];
                    match slow.read(&mut buffer) {
                        Ok(0) => break true,
                        // An answer to the timed-out head, if any, before the end.
                        Ok(_) => {}
                        Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                        }
                        Err(_) => break true,
                    }
                };
                assert!(cut, "{server:?}: a client trickling its header is never cut");
                // Others are still served.
                let answer = running.answer(server.request(), Duration::from_secs(30));
                assert!(answer.starts_with("HTTP/1.1 200"), "{server:?}: {answer}");
            });
        }
    });
}

#[test]
fn both_servers_answer_408_to_a_client_that_trickles_its_body() {
    std::thread::scope(|scope| {
        for server in [Server::Serve, Server::Listen] {
            scope.spawn(move || {
                let running = server.start();
                let mut slow = running.connect();
                slow.set_read_timeout(Some(Duration::from_millis(500))).unwrap();
                slow.write_all(b"POST /v1beta/workspaces HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n")
                    .unwrap();
                // One body byte each half second: the whole body would take 500 s; the body timeout is 30 s.
                let started = Instant::now();
                let mut answer = Vec::new();
                while started.elapsed() < Duration::from_secs(120) {
                    if slow.write_all(b"x").is_err() {
                        break;
                    }
                    let mut buffer = [0u8; 1024];
                    match slow.read(&mut buffer) {
                        Ok(0) => break,
                        Ok(n) => answer.extend_from_slice(&buffer[..n]),
                        Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                        }
                        Err(_) => break,
                    }
                    // The status line and headers are all this needs.
                    if answer.windows(4).any(|w| w == b"\r\n\r\n") {
                        break;
                    }
                }
                let answer = String::from_utf8_lossy(&answer);
                assert!(answer.starts_with("HTTP/1.1 408"), "{server:?}: {answer:?}");
            });
        }
    });
}

#[cfg(target_os = "linux")]
#[test]
fn listen_serves_a_real_sender_behind_300_slow_clients_and_holds_at_most_its_bound() {
    let running = Server::Listen.start();
    let before = running.descriptors();
    let mut slow = Vec::new();
    for _ in 0..300 {
        let mut stream = running.connect();
        stream.write_all(b"POST /hook HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ").unwrap();
        slow.push(stream);
    }
    // A real sender, behind them in the queue, is answered once the slow ones' header timeout frees the room.
    let answer = running.answer(Server::Listen.request(), Duration::from_secs(60));
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // The bound (256) held: connections are accepted in order, so the sender's answer came after every slow one
    // was accepted, and they never all had a descriptor in the listener at once (the first 256 were cut first).
    let held = running.descriptors();
    assert!(held <= before + 256, "{held} descriptors open, {before} before");
    drop(slow);
}
