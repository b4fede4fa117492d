//! The one way seg serves HTTP: `seg serve` (the emulator), `seg webhook listen` and `seg demo` hand their axum
//! apps to [`serve`], so that both servers shed load and stop alike, whatever their clients do. People point these
//! tools at the internet: a client that trickles header bytes (slowloris) is cut after [`Limits::header_timeout`],
//! one that trickles a body gets an error after [`Limits::body_timeout`], at most [`Limits::connections`] are
//! served at once (the rest wait in the kernel's accept queue), and a stop gives the requests in flight
//! [`Limits::grace`], then cuts every connection, so a client that sent half a request cannot hold the process.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use bytes::Bytes;
use hyper::body::{Frame, Incoming, SizeHint};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;

/// How long a client may take to send a request's head, and to be idle between requests.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a client may take to send a request's body, from its head.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(30);
/// How long requests in flight may go on after a stop, before their connections are cut.
pub const GRACE: Duration = Duration::from_secs(5);
/// File descriptors kept for the process' own use (its journal, data file, outgoing requests) when the
/// descriptor limit is lower than the connection bound plus this.
const RESERVED_DESCRIPTORS: usize = 64;

/// What one server takes from its clients.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Connections served at once; the rest wait in the accept queue (lowered to what the descriptor limit
    /// leaves, so that accepting never fails for want of one). A kept-alive connection holds its place until its
    /// idle timeout (`header_timeout`): closing idle ones early to make room races clients that reuse them.
    pub connections: usize,
    pub header_timeout: Duration,
    pub body_timeout: Duration,
    pub grace: Duration,
}

impl Limits {
    /// `seg serve`: client libraries and CI jobs keep pools of connections open.
    pub const EMULATOR: Limits =
        Limits { connections: 512, header_timeout: HEADER_TIMEOUT, body_timeout: BODY_TIMEOUT, grace: GRACE };
    /// `seg webhook listen`: a sender opens a few at a time.
    pub const LISTEN: Limits =
        Limits { connections: 256, header_timeout: HEADER_TIMEOUT, body_timeout: BODY_TIMEOUT, grace: GRACE };
}

/// The addresses of the connection a request came on, in every request's extensions: the emulator's control
/// endpoints check that its `Host` names the address served (`same_origin`).
#[derive(Debug, Clone, Copy)]
pub struct Connection {
    pub local: SocketAddr,
    pub peer: SocketAddr,
}

/// What a body read past [`Limits::body_timeout`] fails with: answered 408 where a body is read.
#[derive(Debug, thiserror::Error)]
#[error("the body was not received within {} s", .0.as_secs())]
pub struct BodyTimeout(Duration);

/// Whether a body read failed because the client was too slow to send it (somewhere in the error's sources).
pub fn body_timed_out(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(error) = cause {
        if error.is::<BodyTimeout>() {
            return true;
        }
        cause = error.source();
    }
    false
}

/// Serves `app` on a bound listener until `shutdown` completes; then stops accepting, lets the requests in flight
/// finish for [`Limits::grace`], and cuts the connections still open.
#[allow(
    clippy::disallowed_methods,
    reason = "a pause after a failed accept, a timer of the server (not a client's wait)"
)]
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let local = listener.local_addr()?;
    let permits = Arc::new(Semaphore::new(room(limits.connections)));
    let (stop, stopping) = watch::channel(false);
    let mut connections = JoinSet::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        // Finished connections' tasks are reaped as new ones come, so the set stays as large as what is open.
        while connections.try_join_next().is_some() {}
        // A permit before accepting: past the bound, connections wait in the kernel's queue, not in this process.
        let permit = tokio::select! {
            () = &mut shutdown => break,
            permit = permits.clone().acquire_owned() => permit.expect("the semaphore is never closed"),
        };
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // The client gave up before it was accepted.
                Err(e) if matches!(e.kind(), std::io::ErrorKind::ConnectionAborted | std::io::ErrorKind::ConnectionReset
                    | std::io::ErrorKind::ConnectionRefused) => continue,
                // Out of descriptors or memory: retrying at once would spin.
                Err(_) => {
                    tokio::select! {
                        () = &mut shutdown => break,
                        () = tokio::time::sleep(Duration::from_millis(100)) => continue,
                    }
                }
            },
        };
        let connection = Connection { local: stream.local_addr().unwrap_or(local), peer };
        let app = app.clone();
        let body_timeout = limits.body_timeout;
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(connection);
            let request = request.map(|body| Body::new(Deadline::new(body, body_timeout)));
            tower::ServiceExt::oneshot(app.clone(), request)
        });
        let served = http.serve_connection(TokioIo::new(stream), service);
        let mut stopping = stopping.clone();
        connections.spawn(async move {
            let _permit = permit;
            let mut served = std::pin::pin!(served);
            tokio::select! {
                _ = served.as_mut() => return,
                _ = stopping.changed() => {}
            }
            // An idle connection closes now; one with a request in flight after its answer.
            served.as_mut().graceful_shutdown();
            let _ = served.await;
        });
    }
    // No new connection from here: the port is closed, so a client is refused rather than left waiting.
    drop(listener);
    let _ = stop.send(true);
    let drained = async { while connections.join_next().await.is_some() {} };
    if tokio::time::timeout(limits.grace, drained).await.is_err() {
        // Past the grace period: whatever is still open (half a request, a slow answer) is cut.
        connections.shutdown().await;
    }
    Ok(())
}

/// The connection bound, lowered to what the process' descriptor limit leaves.
fn room(wanted: usize) -> usize {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit writes the struct it is given and nothing else.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0 && limit.rlim_cur != libc::RLIM_INFINITY {
            let descriptors = usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX);
            return wanted.min(descriptors.saturating_sub(RESERVED_DESCRIPTORS)).max(1);
        }
    }
    wanted
}

/// A request body that fails once its time is up, however slowly its bytes come.
struct Deadline {
    body: Incoming,
    timeout: Duration,
    deadline: Pin<Box<tokio::time::Sleep>>,
}

impl Deadline {
    #[allow(
        clippy::disallowed_methods,
        reason = "a request body's deadline, a timer of the server (not a client's wait)"
    )]
    fn new(body: Incoming, timeout: Duration) -> Deadline {
        Deadline { body, timeout, deadline: Box::pin(tokio::time::sleep(timeout)) }
    }
}

impl hyper::body::Body for Deadline {
    type Data = Bytes;
    type Error = Box<dyn std::error::Error + Send + Sync>;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        if let Poll::Ready(frame) = Pin::new(&mut self.body).poll_frame(cx) {
            return Poll::Ready(frame.map(|frame| frame.map_err(Into::into)));
        }
        match self.deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Some(Err(Box::new(BodyTimeout(self.timeout))))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
