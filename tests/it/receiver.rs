//! Local webhook receivers for tests: an HTTP one that answers from a script and records every hit, and an HTTPS
//! one with a certificate of the test's choosing that records whether any request got through the handshake.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[derive(Debug, Clone)]
pub struct Hit {
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

struct Script {
    /// (status, delay) answered in turn; then `then` for every later request.
    steps: VecDeque<(u16, Duration)>,
    then: u16,
    hits: Vec<Hit>,
    /// Answer the n-th request only once each of these receivers has had n requests.
    after: Vec<Arc<Mutex<Script>>>,
}

pub struct Receiver {
    pub url: String,
    script: Arc<Mutex<Script>>,
    _stop: tokio::sync::oneshot::Sender<()>,
}

impl Receiver {
    /// Answers `steps` in turn, then `then` forever.
    pub async fn start(steps: &[(u16, u64)], then: u16) -> Receiver {
        let script = Arc::new(Mutex::new(Script {
            steps: steps.iter().map(|(s, ms)| (*s, Duration::from_millis(*ms))).collect(),
            then,
            hits: Vec::new(),
            after: Vec::new(),
        }));
        let app = axum::Router::new().fallback(answer).with_state(script.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/hook", listener.local_addr().unwrap());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(async move {
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await;
        });
        Receiver { url, script, _stop: stop }
    }

    /// From now on, answers its n-th request only once each of `others` has had n requests: in one attempt of a
    /// delivery, they all get their request before this one answers (a 2xx ends the attempt and cancels what is
    /// still in flight), with no wait assumed. It waits at most 30 s.
    pub fn answer_after(&self, others: &[&Receiver]) {
        self.script.lock().unwrap().after.extend(others.iter().map(|r| r.script.clone()));
    }

    pub fn hits(&self) -> Vec<Hit> {
        self.script.lock().unwrap().hits.clone()
    }
}

async fn answer(State(script): State<Arc<Mutex<Script>>>, headers: HeaderMap, body: Bytes) -> impl IntoResponse {
    let (status, delay, n, after) = {
        let mut script = script.lock().unwrap();
        script.hits.push(Hit { headers, body: body.to_vec() });
        let then = script.then;
        let (status, delay) = script.steps.pop_front().unwrap_or((then, Duration::ZERO));
        (status, delay, script.hits.len(), script.after.clone())
    };
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while after.iter().any(|other| other.lock().unwrap().hits.len() < n) && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    tokio::time::sleep(delay).await;
    StatusCode::from_u16(status).unwrap()
}

/// An HTTPS receiver with the given certificate chain and key (PEM). Counts requests that got through.
pub struct TlsReceiver {
    pub url: String,
    pub requests: Arc<Mutex<Vec<Vec<u8>>>>,
}

impl TlsReceiver {
    pub async fn start(cert_pem: &str, key_pem: &str) -> TlsReceiver {
        use tokio_rustls::rustls;
        let _ = rustls::crypto::ring::default_provider().install_default();
        let certs: Vec<rustls::pki_types::CertificateDer<'static>> =
            rustls::pki_types::pem::PemObject::pem_slice_iter(cert_pem.as_bytes()).map(Result::unwrap).collect();
        let key = rustls::pki_types::pem::PemObject::from_pem_slice(key_pem.as_bytes()).unwrap();
        let config = rustls::ServerConfig::builder().with_no_client_auth().with_single_cert(certs, key).unwrap();
        let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("https://{}/hook", listener.local_addr().unwrap());
        let requests = Arc::new(Mutex::new(Vec::new()));
        let seen = requests.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let acceptor = acceptor.clone();
                let seen = seen.clone();
                tokio::spawn(async move {
                    let Ok(mut tls) = acceptor.accept(socket).await else { return };
                    // A minimal HTTP/1.1 exchange: read the head and body, answer 200.
                    let mut data = Vec::new();
                    let mut buf = [0u8; 4096];
                    loop {
                        let Ok(n) = tls.read(&mut buf).await else { return };
                        if n == 0 {
                            return;
                        }
                        data.extend_from_slice(&buf[..n]);
                        if let Some(end) = data.windows(4).position(|w| w == b"\r\n\r\n") {
                            let head = String::from_utf8_lossy(&data[..end]).to_ascii_lowercase();
                            let length: usize = head
                                .lines()
                                .find_map(|l| l.strip_prefix("content-length:"))
                                .and_then(|v| v.trim().parse().ok())
                                .unwrap_or(0);
                            if data.len() >= end + 4 + length {
                                break;
                            }
                        }
                    }
                    seen.lock().unwrap().push(data);
                    let _ = tls.write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n").await;
                    let _ = tls.shutdown().await;
                });
            }
        });
        TlsReceiver { url, requests }
    }
}
