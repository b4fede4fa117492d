//! Webhook deliveries of `seg serve`: one job per (message, enabled `webhooks` destination), made with the shared
//! delivery engine (`webhook::deliver`: fan-out, any 2xx, 5 s timeout, backoff within the retry window). Each job is
//! its own task, queued behind a per-destination limit, so a slow or dead endpoint holds up only its own
//! destination. With `--data` a job is committed before the request that made it is answered and removed when it
//! ends, so a restart resumes what was pending. Every attempt is logged and kept in a ring for `/_emulator/deliveries`.
//!
//! Deliveries cannot feed themselves: each carries [`DELIVERY_HEADER`], which the tracking endpoints refuse (a hook
//! pointed back at them, directly, through a forwarder or another emulator, gets a 400 once, not a loop), a hook at
//! this emulator's own tracking endpoints is refused when configured ([`loops_back`]), and the queue has a bound
//! ([`MAX_PENDING`]): what would go beyond it is dropped, counted and said.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::{Semaphore, mpsc};
use tokio::task::{AbortHandle, JoinHandle, JoinSet};

use super::event_filter::FilterRecord;
use super::metrics::{self, Metrics, Stage};
use super::persist::{Change, Db};
use super::status::Status;
use super::store::{Resource, State};
use crate::ui::Printer;
use crate::webhook::deliver::{self, Attempt, Class, Deliverer, Message, Policy};
use crate::wire::message::MessageType;
use crate::wire::{Destination, DestinationFilter};

/// Attempts kept for `/_emulator/deliveries`; older ones are dropped.
pub const LOG_SIZE: usize = 10_000;
/// Jobs of one destination in flight at once; the rest wait for their turn without holding up other destinations.
pub const PER_DESTINATION: usize = 64;
/// The catalog slug of the destination that receives webhooks.
pub const WEBHOOKS: &str = "webhooks";
/// How long a mapping's batch waits for more events before it is sent, by default (`seg serve --batch-window`).
pub const BATCH_WINDOW: Duration = Duration::from_secs(1);
/// Deliveries pending at once (waiting or in flight), by default; more are dropped with a warning.
pub const MAX_PENDING: usize = 100_000;
/// The header every delivery of the emulator carries (its delivery id): the tracking endpoints refuse a request
/// with it, so a delivery never comes back as a tracking call.
pub const DELIVERY_HEADER: &str = "x-seg-emulator-delivery";

/// Whether a hook's URL names this emulator's own tracking endpoints (`/v1/...` at an address it serves, by IP
/// address or as `localhost`): its deliveries would come back as tracking calls. Other names that resolve here are
/// not known when a hook is configured; [`DELIVERY_HEADER`] stops those deliveries when they arrive.
pub fn loops_back(url: &str, served: &[std::net::SocketAddr]) -> bool {
    let Ok(url) = deliver::endpoint(url) else { return false };
    let (Some(host), Some(port)) = (url.host_str(), url.port_or_known_default()) else { return false };
    if !url.path().starts_with("/v1/") {
        return false;
    }
    let named: Vec<std::net::IpAddr> = match host.trim_start_matches('[').trim_end_matches(']').parse() {
        Ok(ip) => vec![ip],
        Err(_) if host == "localhost" || host.ends_with(".localhost") => {
            vec![std::net::Ipv4Addr::LOCALHOST.into(), std::net::Ipv6Addr::LOCALHOST.into()]
        }
        Err(_) => return false,
    };
    served.iter().any(|at| {
        at.port() == port
            && named
                .iter()
                .any(|ip| *ip == at.ip() || (at.ip().is_unspecified() && (ip.is_loopback() || ip.is_unspecified())))
    })
}

/// An enabled webhooks destination as it stood when a message was queued: where to send, how to sign.
#[derive(Debug, Clone)]
pub struct Target {
    pub destination: String,
    pub urls: Vec<String>,
    pub secret: Option<String>,
    /// Each hook's own headers, by URL.
    pub url_headers: Vec<(String, Vec<(String, String)>)>,
    /// The destination's filters, in creation order (disabled ones included: `event_filter` skips them).
    pub filters: Vec<DestinationFilter>,
}

/// The enabled webhooks destinations of a source.
pub fn targets(state: &State, source: &str) -> Vec<Target> {
    state
        .names_in(&format!("{source}/destinations"))
        .filter_map(|name| match state.get(name) {
            Some(Resource::Destination(d)) if d.enabled && name.rsplit('/').next() == Some(WEBHOOKS) => {
                Some(target(d, filters(state, name)))
            }
            _ => None,
        })
        .collect()
}

pub(super) fn filters(state: &State, destination: &str) -> Vec<DestinationFilter> {
    let collection = format!("{destination}/filters");
    state
        .names_in(&collection)
        .filter_map(|name| match state.get(name) {
            Some(Resource::Filter(f)) => Some(f.clone()),
            _ => None,
        })
        .collect()
}

fn target(destination: &Destination, filters: Vec<DestinationFilter>) -> Target {
    let setting = |key: &str| {
        let suffix = format!("/config/{key}");
        destination.config.iter().find(|c| c.name.ends_with(&suffix)).map(|c| &c.value)
    };
    let mut urls: Vec<String> = Vec::new();
    let mut url_headers = Vec::new();
    let hooks = setting("hooks").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    let global = setting("globalHook").and_then(Value::as_str).filter(|u| !u.is_empty());
    let found = hooks
        .iter()
        .filter_map(|h| Some((h.get("hook")?.as_str()?, h.get("headers"))))
        .chain(global.map(|u| (u, None)));
    // Each endpoint once, however its URL is spelled (`deliver::endpoint`): one request per attempt.
    let mut endpoints: Vec<String> = Vec::new();
    for (url, headers) in found {
        // Hooks first, then the legacy globalHook; a URL given twice is sent once; at most five.
        let endpoint = deliver::endpoint(url).map_or_else(|_| url.to_string(), String::from);
        if url.is_empty() || endpoints.contains(&endpoint) || urls.len() == deliver::MAX_URLS {
            continue;
        }
        endpoints.push(endpoint);
        urls.push(url.to_string());
        let headers = hook_headers(headers);
        if !headers.is_empty() {
            url_headers.push((url.to_string(), headers));
        }
    }
    let secret = setting("sharedSecret").and_then(Value::as_str).filter(|s| !s.is_empty()).map(String::from);
    Target { destination: destination.name.clone(), urls, secret, url_headers, filters }
}

/// A hook's headers: `{"Name": "value"}` or `[{"key", "value"}]`, less any a hook may not send
/// (`deliver::custom_header`; a data file may hold a hook configured before a header was refused).
pub fn hook_headers(headers: Option<&Value>) -> Vec<(String, String)> {
    let pairs: Vec<(&str, &str)> = match headers {
        Some(Value::Object(map)) => map.iter().filter_map(|(k, v)| Some((k.as_str(), v.as_str()?))).collect(),
        Some(Value::Array(list)) => {
            list.iter().filter_map(|h| Some((h.get("key")?.as_str()?, h.get("value")?.as_str()?))).collect()
        }
        _ => Vec::new(),
    };
    pairs
        .into_iter()
        .filter(|(k, v)| deliver::custom_header(k, v).is_ok())
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// One message for one destination: the exact bytes and everything needed to send them again after a restart.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Job {
    pub message_id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub destination: String,
    pub urls: Vec<String>,
    pub body: String,
    pub signature: Option<String>,
    pub url_headers: Vec<(String, Vec<(String, String)>)>,
    /// When it was queued (Unix milliseconds): the retry window of a resumed job runs from here.
    pub queued_ms: i64,
    /// The regulation whose notification this is (its id), which stands `INITIALIZED` until all of them are sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regulation: Option<String>,
    /// A mapping's request (an Actions destination): sent as it is, with its method and headers, to its one URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<ActionSend>,
}

/// What a mapping sends (`wire::actions::send`): its method and headers exactly; the body is the job's.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ActionSend {
    pub method: String,
    pub headers: Vec<(String, String)>,
    /// The request has a body (a mapping whose `data` resolves to nothing sends none).
    pub has_body: bool,
    /// The mapping (its subscription id) and its name.
    pub subscription: String,
    pub subscription_name: String,
    /// How many events it carries (more than one in a batch).
    pub events: usize,
    /// The event the mapping was applied to (JSON), for one event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
}

impl Job {
    pub fn new(target: &Target, message_id: &str, kind: MessageType, body: String) -> Job {
        let signature = target.secret.as_ref().map(|s| crate::webhook::sign::sign(s.as_bytes(), body.as_bytes()));
        Job {
            message_id: message_id.to_string(),
            kind: kind.as_str().to_string(),
            destination: target.destination.clone(),
            urls: target.urls.clone(),
            body,
            signature,
            url_headers: target.url_headers.clone(),
            queued_ms: jiff::Timestamp::now().as_millisecond(),
            regulation: None,
            action: None,
        }
    }

    /// A mapping's request for the events it carries (the first one's message id).
    pub fn action(
        destination: &str,
        message_id: &str,
        kind: &str,
        request: crate::wire::actions::Request,
        send: ActionSend,
    ) -> Job {
        Job {
            message_id: message_id.to_string(),
            kind: kind.to_string(),
            destination: destination.to_string(),
            urls: vec![request.url],
            body: request.body.unwrap_or_default(),
            signature: None,
            url_headers: Vec::new(),
            queued_ms: jiff::Timestamp::now().as_millisecond(),
            regulation: None,
            action: Some(ActionSend { method: request.method, headers: request.headers, ..send }),
        }
    }

    fn message(&self, id: u64) -> Message {
        let mut message = Message::new(self.body.clone(), None);
        message.signature = self.signature.clone();
        message.headers = vec![(axum::http::HeaderName::from_static(DELIVERY_HEADER), id.into())];
        message.url_headers = self
            .url_headers
            .iter()
            .map(|(url, headers)| {
                let headers = headers.iter().filter_map(|(k, v)| deliver::custom_header(k, v).ok()).collect();
                (url.clone(), headers)
            })
            .collect();
        message
    }
}

/// Jobs with their ids, ready to be committed (with `--data`) and then started. They hold their places in the
/// queue's bound from [`Outbox::prepare`]; dropped without being dispatched (a commit that failed), they give them
/// back.
pub struct Queued {
    jobs: Vec<(u64, Job)>,
    rows: Vec<(u64, Vec<u8>)>,
    counts: Arc<Counts>,
}

impl Drop for Queued {
    fn drop(&mut self) {
        self.counts.pending.fetch_sub(self.jobs.len() as u64, Ordering::Relaxed);
    }
}

impl Queued {
    pub fn is_empty(&self) -> bool {
        self.jobs.is_empty()
    }

    /// The rows to write in the transaction that acknowledges the request.
    pub fn changes(&self) -> Vec<Change> {
        self.rows.iter().map(|(id, row)| Change::PutDelivery(*id, row.clone())).collect()
    }
}

/// One attempt as `/_emulator/deliveries` lists it.
#[derive(Debug, Clone, Serialize)]
pub struct AttemptRecord {
    /// The delivery (one message for one destination).
    pub id: u64,
    pub message_id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub destination: String,
    pub url: String,
    pub attempt: u32,
    pub status: Option<u16>,
    pub error: Option<String>,
    pub latency_ms: f64,
    pub class: Class,
    /// This request delivered the message (a 2xx).
    pub delivered: bool,
    pub time: String,
    /// A mapping's request: the mapping (`{"id", "name"}`), its method, how many events it carries and, for one,
    /// the event the mapping read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subscription: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
}

#[derive(Default)]
struct Counts {
    queued: AtomicU64,
    /// Waiting or in flight, and those prepared for a request not yet answered: what the bound counts.
    pending: AtomicU64,
    delivered: AtomicU64,
    failed: AtomicU64,
    recovered: AtomicU64,
    /// Dropped because the queue was full.
    overflowed: AtomicU64,
    /// Set when the queue fills (the warning is said), cleared once it is half empty again.
    full: AtomicBool,
}

#[derive(Default)]
struct Tasks {
    set: JoinSet<()>,
    closed: bool,
}

/// What became of a regulation's notifications so far.
#[derive(Default)]
struct Progress {
    /// Its jobs still to be delivered or dropped, each with what stops it.
    pending: HashMap<u64, AbortHandle>,
    delivered: usize,
    dropped: usize,
    /// When the last of them ended.
    finished_at: Option<String>,
    /// Stopped with the regulation (`Outbox::cancel`): a job ending meanwhile was accounted for then.
    cancelled: bool,
}

/// Where a regulation stands, by its notifications (docs/reference/public-api.md: `INITIALIZED` until they are sent).
#[derive(Debug, Clone, PartialEq)]
pub enum Standing {
    /// Some are still to be sent (or sent again).
    Sending,
    /// None is left: how many were delivered and how many dropped, and when the last ended (`None` when this
    /// outbox kept nothing of them: there were none, or they ended before the emulator last started).
    Done { delivered: usize, dropped: usize, at: Option<String> },
}

pub struct Outbox {
    /// Built at the first delivery: loading the system's certificates costs more than the rest of a start.
    deliverer: OnceLock<Deliverer>,
    window: Duration,
    db: Option<Arc<Db>>,
    log: Option<Printer>,
    next_id: AtomicU64,
    lanes: Mutex<HashMap<String, Arc<Semaphore>>>,
    tasks: Mutex<Tasks>,
    started: AtomicBool,
    /// Jobs found in the data file, started with the server.
    recovered: Mutex<Vec<(u64, Job)>>,
    attempts: Mutex<VecDeque<AttemptRecord>>,
    /// What destination filters did to events, newest last.
    filtered: Mutex<VecDeque<FilterRecord>>,
    counts: Arc<Counts>,
    /// At most this many deliveries pending.
    limit: usize,
    /// Ids of finished jobs, removed from the data file in batches by the flusher.
    removals: Mutex<Option<mpsc::UnboundedSender<u64>>>,
    removals_rx: Mutex<Option<mpsc::UnboundedReceiver<u64>>>,
    flusher: Mutex<Option<JoinHandle<()>>>,
    /// Each regulation's notifications, by its id.
    regulations: Mutex<HashMap<String, Progress>>,
    /// The client of mappings' requests, built at the first one.
    actions: OnceLock<reqwest::Client>,
    /// How long a mapping's batch waits for more events.
    pub batch_window: Duration,
    /// The events counted for the delivery overview and usage reads.
    pub metrics: Metrics,
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Outbox {
    /// An outbox with this retry window and at most `limit` deliveries pending; `rows` are the jobs a data file held
    /// (unreadable ones are dropped).
    pub fn new(
        window: Duration,
        limit: usize,
        db: Option<Arc<Db>>,
        rows: Vec<(u64, Vec<u8>)>,
        log: Option<Printer>,
    ) -> Result<Outbox, String> {
        let mut recovered = Vec::new();
        let mut unreadable = Vec::new();
        for (id, row) in rows {
            match serde_json::from_slice::<Job>(&row) {
                Ok(job) => recovered.push((id, job)),
                Err(_) => unreadable.push(id),
            }
        }
        if let Some(db) = &db
            && !unreadable.is_empty()
        {
            let changes: Vec<Change> = unreadable.iter().map(|id| Change::RemoveDelivery(*id)).collect();
            db.commit(&changes)?;
        }
        let next = recovered.iter().map(|(id, _)| id + 1).max().unwrap_or(1);
        let (tx, rx) = mpsc::unbounded_channel();
        Ok(Outbox {
            deliverer: OnceLock::new(),
            window,
            db,
            log,
            next_id: AtomicU64::new(next),
            lanes: Mutex::default(),
            tasks: Mutex::default(),
            started: AtomicBool::new(false),
            recovered: Mutex::new(recovered),
            attempts: Mutex::default(),
            filtered: Mutex::default(),
            counts: Arc::default(),
            limit,
            removals: Mutex::new(Some(tx)),
            removals_rx: Mutex::new(Some(rx)),
            flusher: Mutex::default(),
            regulations: Mutex::default(),
            actions: OnceLock::new(),
            batch_window: BATCH_WINDOW,
            metrics: Metrics::default(),
        })
    }

    /// Whether queued jobs must be committed before the request that made them is answered.
    pub fn durable(&self) -> bool {
        self.db.is_some()
    }

    /// Gives jobs their ids (and their rows, with `--data`), within the queue's bound: those beyond it are dropped,
    /// counted (`overflowed`) and said on stderr, so deliveries can never pile up without end.
    pub fn prepare(&self, mut jobs: Vec<Job>) -> Result<Queued, Status> {
        let wanted = jobs.len() as u64;
        let limit = self.limit as u64;
        let mut room = 0;
        let _ = self.counts.pending.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |pending| {
            room = wanted.min(limit.saturating_sub(pending));
            Some(pending + room)
        });
        if room < wanted {
            let dropped = wanted - room;
            self.counts.overflowed.fetch_add(dropped, Ordering::Relaxed);
            jobs.truncate(usize::try_from(room).unwrap_or(usize::MAX));
            if !self.counts.full.swap(true, Ordering::Relaxed) {
                self.note(&format!(
                    "webhook delivery queue full ({} pending): new deliveries are dropped until it drains \
                     (first {dropped} dropped; /_emulator/deliveries counts them as overflowed)",
                    self.limit
                ));
            }
        }
        let mut queued = Queued { jobs: Vec::with_capacity(jobs.len()), rows: Vec::new(), counts: self.counts.clone() };
        for job in jobs {
            let id = self.next_id.fetch_add(1, Ordering::Relaxed);
            if self.db.is_some() {
                let row = serde_json::to_vec(&job).map_err(|e| Status::internal(e.to_string()))?;
                queued.rows.push((id, row));
            }
            queued.jobs.push((id, job));
        }
        Ok(queued)
    }

    /// Commits jobs on their own (the tracking endpoints; a regulation commits them with itself). Blocking.
    pub fn commit(&self, queued: &Queued) -> Result<(), Status> {
        match &self.db {
            Some(db) if !queued.rows.is_empty() => db.commit(&queued.changes()).map_err(Status::internal),
            _ => Ok(()),
        }
    }

    /// Starts committed jobs (their places in the bound taken by `prepare` pass to them).
    pub fn dispatch(self: &Arc<Self>, mut queued: Queued) {
        self.start();
        let jobs = std::mem::take(&mut queued.jobs);
        self.counts.queued.fetch_add(jobs.len() as u64, Ordering::Relaxed);
        for (id, job) in jobs {
            self.spawn(id, job, self.window);
        }
    }

    /// A note on stderr (when logging), e.g. about a destination that has nowhere to send.
    pub fn note(&self, line: &str) {
        if let Some(printer) = &self.log {
            printer.warn(line);
        }
    }

    /// Starts the flusher and the recovered jobs, once, when there is a runtime to run them.
    pub fn start(self: &Arc<Self>) {
        if tokio::runtime::Handle::try_current().is_err() || self.started.swap(true, Ordering::SeqCst) {
            return;
        }
        if let (Some(db), Some(rx)) = (self.db.clone(), lock(&self.removals_rx).take()) {
            *lock(&self.flusher) = Some(tokio::spawn(flush(db, rx, self.log.clone())));
        }
        let recovered = std::mem::take(&mut *lock(&self.recovered));
        let now = jiff::Timestamp::now().as_millisecond();
        for (id, job) in recovered {
            self.counts.queued.fetch_add(1, Ordering::Relaxed);
            self.counts.pending.fetch_add(1, Ordering::Relaxed);
            self.counts.recovered.fetch_add(1, Ordering::Relaxed);
            let age = Duration::from_millis(u64::try_from(now - job.queued_ms).unwrap_or(0));
            match self.window.checked_sub(age).filter(|left| !left.is_zero()) {
                Some(left) => self.spawn(id, job, left),
                None => {
                    let report = deliver::Report {
                        delivered: false,
                        attempts: Vec::new(),
                        elapsed: Duration::ZERO,
                        stopped: false,
                    };
                    self.finish(id, &job, &report);
                }
            }
        }
    }

    fn spawn(self: &Arc<Self>, id: u64, job: Job, window: Duration) {
        let mut tasks = lock(&self.tasks);
        if tasks.closed {
            // Shutting down: the job stays in the data file (if any) for the next start.
            return;
        }
        while tasks.set.try_join_next().is_some() {}
        let regulation = job.regulation.clone();
        // Held until the job is registered, so that its end (`finish`) finds it.
        let mut regulations = lock(&self.regulations);
        let this = self.clone();
        let stop = tasks.set.spawn(async move { this.run(id, job, window).await });
        if let Some(regulation) = regulation {
            regulations.entry(regulation).or_default().pending.insert(id, stop);
        }
    }

    /// Where a regulation stands (its id).
    pub fn standing(&self, regulation: &str) -> Standing {
        match lock(&self.regulations).get(regulation) {
            Some(progress) if !progress.pending.is_empty() => Standing::Sending,
            Some(progress) => Standing::Done {
                delivered: progress.delivered,
                dropped: progress.dropped,
                at: progress.finished_at.clone(),
            },
            None => Standing::Done { delivered: 0, dropped: 0, at: None },
        }
    }

    /// Stops the notifications of a regulation still being sent (it is deleted), and takes them out of the data
    /// file; `false` when none was left to stop.
    pub fn cancel(&self, regulation: &str) -> bool {
        let mut regulations = lock(&self.regulations);
        let Some(progress) = regulations.get_mut(regulation).filter(|p| !p.pending.is_empty()) else {
            return false;
        };
        progress.cancelled = true;
        let removals = lock(&self.removals);
        for (id, stop) in progress.pending.drain() {
            stop.abort();
            self.counts.pending.fetch_sub(1, Ordering::Relaxed);
            if let Some(tx) = &*removals {
                let _ = tx.send(id);
            }
        }
        true
    }

    fn lane(&self, destination: &str) -> Arc<Semaphore> {
        lock(&self.lanes)
            .entry(destination.to_string())
            .or_insert_with(|| Arc::new(Semaphore::new(PER_DESTINATION)))
            .clone()
    }

    async fn run(&self, id: u64, job: Job, window: Duration) {
        let lane = self.lane(&job.destination);
        let Ok(_turn) = lane.acquire().await else { return };
        if job.action.is_some() {
            return self.run_action(id, &job, window).await;
        }
        let message = job.message(id);
        let observe = |attempt: &Attempt| self.observe(id, &job, attempt);
        let deliverer = match self.deliverer() {
            Ok(deliverer) => deliverer,
            Err(error) => {
                // Nothing can be sent without an HTTP client: each URL fails permanently, saying why.
                let unsent = |url: &String| Attempt {
                    attempt: 1,
                    url: crate::secret::redact_urls(url).into_owned(),
                    status: None,
                    error: Some(error.clone()),
                    latency: Duration::ZERO,
                    class: Class::Permanent,
                };
                let attempts: Vec<Attempt> = job.urls.iter().map(unsent).collect();
                attempts.iter().for_each(observe);
                let report = deliver::Report { delivered: false, attempts, elapsed: Duration::ZERO, stopped: false };
                return self.finish(id, &job, &report);
            }
        };
        let resumed;
        let deliverer = if window == self.window {
            deliverer
        } else {
            resumed = deliverer.with_retry_window(window);
            &resumed
        };
        let report = deliverer.deliver(&message, &job.urls, &observe).await;
        self.finish(id, &job, &report);
    }

    /// A mapping's request: its method, headers and body exactly, to its one URL (no any-2xx-wins), with the classic
    /// destination's timeout, retries and retry window.
    #[allow(
        clippy::disallowed_methods,
        reason = "a delivery's retry wait, bounded by its retry window and reported with each attempt"
    )]
    async fn run_action(&self, id: u64, job: &Job, window: Duration) {
        let started = std::time::Instant::now();
        let policy = Policy::default();
        let url = job.urls.first().cloned().unwrap_or_default();
        let shown = crate::secret::redact_urls(&url).into_owned();
        let mut attempts: Vec<Attempt> = Vec::new();
        let mut number = 0;
        loop {
            number += 1;
            let attempt = self.action_attempt(id, job, number, &url, &shown, policy.timeout).await;
            self.observe(id, job, &attempt);
            let class = attempt.class;
            attempts.push(attempt);
            let wait = crate::http::backoff(policy.first_wait, policy.max_wait, number);
            if class != Class::Temporary || started.elapsed() + wait > window {
                break;
            }
            tokio::time::sleep(wait).await;
        }
        let delivered = attempts.last().is_some_and(|a| a.class == Class::Delivered);
        let report = deliver::Report { delivered, attempts, elapsed: started.elapsed(), stopped: false };
        self.finish(id, job, &report);
    }

    async fn action_attempt(
        &self,
        id: u64,
        job: &Job,
        number: u32,
        url: &str,
        shown: &str,
        timeout: Duration,
    ) -> Attempt {
        let began = std::time::Instant::now();
        let failed = |error: String, class: Class| Attempt {
            attempt: number,
            url: shown.to_string(),
            status: None,
            error: Some(error),
            latency: began.elapsed(),
            class,
        };
        let Some(action) = &job.action else { return failed("not a mapping's request".into(), Class::Permanent) };
        let client = match self.actions.get() {
            Some(client) => client,
            None => match crate::http::no_redirects(crate::http::client(timeout, None)).build() {
                Ok(client) => self.actions.get_or_init(|| client),
                Err(e) => return failed(format!("cannot build the HTTP client: {e}"), Class::Permanent),
            },
        };
        let Ok(method) = reqwest::Method::from_bytes(action.method.as_bytes()) else {
            return failed(format!("invalid method {}", action.method), Class::Permanent);
        };
        let mut headers = reqwest::header::HeaderMap::new();
        for (name, value) in &action.headers {
            match (
                reqwest::header::HeaderName::from_bytes(name.as_bytes()),
                reqwest::header::HeaderValue::from_str(value),
            ) {
                (Ok(name), Ok(value)) => {
                    headers.append(name, value);
                }
                _ => return failed(format!("invalid header {name}"), Class::Permanent),
            }
        }
        headers.insert(axum::http::HeaderName::from_static(DELIVERY_HEADER), id.into());
        let mut request = client.request(method, url).headers(headers);
        if action.has_body {
            request = request.body(job.body.clone());
        }
        let request = match request.build() {
            Ok(request) => request,
            Err(e) => return failed(format!("invalid URL: {}", crate::http::root_cause(&e)), Class::Permanent),
        };
        match crate::effect::Gate::live().http(client, request).await {
            Ok(crate::effect::Sent::Answer(response)) => {
                let status = response.status().as_u16();
                let _ = response.bytes().await;
                let class = match status {
                    200..=299 => Class::Delivered,
                    429 | 500..=599 => Class::Temporary,
                    _ => Class::Permanent,
                };
                Attempt {
                    attempt: number,
                    url: shown.to_string(),
                    status: Some(status),
                    error: None,
                    latency: began.elapsed(),
                    class,
                }
            }
            Ok(crate::effect::Sent::Described) => failed("described, not sent".into(), Class::DryRun),
            Err(e) => {
                let detail = crate::http::root_cause(&e);
                match crate::http::classify(&e) {
                    crate::http::Failure::Timeout => {
                        failed(format!("no answer within {}", crate::ui::duration(timeout)), Class::Temporary)
                    }
                    crate::http::Failure::Invalid => failed(format!("invalid URL: {detail}"), Class::Permanent),
                    crate::http::Failure::Tls => failed(format!("TLS: {detail} (nothing was sent)"), Class::Permanent),
                    crate::http::Failure::Connection => failed(detail, Class::Temporary),
                }
            }
        }
    }

    fn deliverer(&self) -> Result<&Deliverer, String> {
        if let Some(deliverer) = self.deliverer.get() {
            return Ok(deliverer);
        }
        let deliverer = Deliverer::new(Policy { retry_window: self.window, ..Policy::default() }, None)?;
        Ok(self.deliverer.get_or_init(|| deliverer))
    }

    fn observe(&self, id: u64, job: &Job, attempt: &Attempt) {
        let latency_ms = (attempt.latency.as_secs_f64() * 1e6).round() / 1e3;
        if let Some(printer) = &self.log {
            let outcome = match (attempt.status, &attempt.error) {
                (Some(status), _) => status.to_string(),
                (None, Some(error)) => error.clone(),
                (None, None) => "no answer".into(),
            };
            let next = attempt.class.as_str();
            printer.status(&format!(
                "webhook {} {} attempt {}: {} in {} ({next}; {} {})",
                job.destination,
                crate::ui::escape_control(&attempt.url),
                attempt.attempt,
                crate::ui::escape_control(&outcome),
                crate::ui::duration(attempt.latency),
                job.kind,
                crate::ui::escape_control(&job.message_id),
            ));
        }
        let record = AttemptRecord {
            id,
            message_id: job.message_id.clone(),
            kind: job.kind.clone(),
            destination: job.destination.clone(),
            url: attempt.url.clone(),
            attempt: attempt.attempt,
            status: attempt.status,
            error: attempt.error.clone(),
            latency_ms,
            class: attempt.class,
            delivered: attempt.class == Class::Delivered,
            time: super::mint::now(),
            subscription: (job.action.as_ref())
                .map(|a| serde_json::json!({"id": a.subscription, "name": a.subscription_name})),
            method: job.action.as_ref().map(|a| a.method.clone()),
            events: job.action.as_ref().map(|a| a.events),
            event: job.action.as_ref().and_then(|a| a.event.clone()),
        };
        let mut log = lock(&self.attempts);
        if log.len() == LOG_SIZE {
            log.pop_front();
        }
        log.push_back(record);
    }

    fn finish(&self, id: u64, job: &Job, report: &deliver::Report) {
        if let Some(regulation) = &job.regulation
            && let Some(progress) = lock(&self.regulations).get_mut(regulation)
        {
            if progress.cancelled {
                // Stopped with its regulation, which did the accounting.
                return;
            }
            if progress.pending.remove(&id).is_some() {
                if report.delivered {
                    progress.delivered += 1;
                } else {
                    progress.dropped += 1;
                }
                if progress.pending.is_empty() {
                    progress.finished_at = Some(super::mint::now());
                }
            }
        }
        if job.regulation.is_none() {
            self.metrics.record(ended(job, report));
        }
        let pending = self.counts.pending.fetch_sub(1, Ordering::Relaxed).saturating_sub(1);
        if pending <= self.limit as u64 / 2 {
            self.counts.full.store(false, Ordering::Relaxed);
        }
        if report.delivered {
            self.counts.delivered.fetch_add(1, Ordering::Relaxed);
        } else {
            self.counts.failed.fetch_add(1, Ordering::Relaxed);
            let why = if report.attempts.is_empty() {
                "its retry window closed while the emulator was stopped".to_string()
            } else if report.attempts.iter().any(|a| a.class == Class::Temporary) {
                format!(
                    "still failing when the retry window closed, after {}",
                    crate::ui::count(report.attempts.len(), "request")
                )
            } else {
                "every URL failed permanently".to_string()
            };
            self.note(&format!(
                "webhook {} {} {}: dropped: {why}",
                job.destination,
                job.kind,
                crate::ui::escape_control(&job.message_id)
            ));
        }
        if let Some(tx) = &*lock(&self.removals) {
            let _ = tx.send(id);
        }
    }

    /// Stops every delivery in flight (with `--data` they stay queued for the next start) and closes the data file.
    pub async fn shutdown(&self) {
        let mut set = {
            let mut tasks = lock(&self.tasks);
            tasks.closed = true;
            std::mem::take(&mut tasks.set)
        };
        set.shutdown().await;
        // Dropping the sender ends the flusher once it has removed every finished job.
        lock(&self.removals).take();
        lock(&self.removals_rx).take();
        let flusher = lock(&self.flusher).take();
        if let Some(flusher) = flusher {
            let _ = flusher.await;
        }
    }

    /// Records what a destination's filters did to an event, with a line on stderr for one not evaluated.
    pub fn record_filtered(&self, records: Vec<FilterRecord>) {
        for record in &records {
            if record.outcome == "not_evaluated" {
                self.note(&format!("filter {:?} of {}: {}", record.title, record.destination, record.detail));
            }
        }
        let mut filtered = lock(&self.filtered);
        filtered.extend(records);
        while filtered.len() > LOG_SIZE {
            filtered.pop_front();
        }
    }

    /// What `/_emulator/deliveries` answers.
    pub fn snapshot(&self) -> Value {
        let attempts = lock(&self.attempts);
        let count = |c: &AtomicU64| c.load(Ordering::Relaxed);
        serde_json::json!({
            "queued": count(&self.counts.queued),
            "pending": count(&self.counts.pending),
            "delivered": count(&self.counts.delivered),
            "failed": count(&self.counts.failed),
            "recovered": count(&self.counts.recovered),
            "overflowed": count(&self.counts.overflowed),
            "limit": self.limit,
            "deliveries": &*attempts,
            "filtered": &*lock(&self.filtered),
        })
    }

    pub fn clear_log(&self) {
        lock(&self.attempts).clear();
        lock(&self.filtered).clear();
    }
}

/// A delivery that ended, as the delivery overview counts it: delivered at its last attempt
/// (`successes.attempt.N`, N - 1 retries), or failed (`retries-exhausted` when a temporary failure lasted the retry
/// window, `permanent-failure` otherwise), with the event's type and name.
fn ended(job: &Job, report: &deliver::Report) -> metrics::Event {
    let last = report.attempts.iter().map(|a| a.attempt).max().unwrap_or(0);
    let (stage, reason) = if report.delivered {
        (Stage::Delivered, format!("successes.attempt.{last}"))
    } else if report.attempts.is_empty() || report.attempts.iter().any(|a| a.class == Class::Temporary) {
        (Stage::Failed, "retries-exhausted".to_string())
    } else {
        (Stage::Failed, "permanent-failure".to_string())
    };
    let mut event = metrics::Event::new(stage, metrics::source_of(&job.destination), &job.kind);
    event.destination = Some(job.destination.clone());
    event.discard_reason = Some(reason);
    event.retries = last.saturating_sub(1);
    // The event: a classic webhook's body is the message; a mapping's request carries the event it read (one event).
    let message = match &job.action {
        Some(action) => action.event.as_deref().and_then(|e| serde_json::from_str::<Value>(e).ok()),
        None => serde_json::from_str::<Value>(&job.body).ok(),
    };
    event.event_name = message.as_ref().and_then(|m| m["event"].as_str()).map(String::from);
    event.app_version = message.as_ref().and_then(|m| m["context"]["app"]["version"].as_str()).map(String::from);
    event.subscription = job.action.as_ref().map(|a| a.subscription.clone());
    event
}

/// Removes finished jobs from the data file, many per transaction.
async fn flush(db: Arc<Db>, mut rx: mpsc::UnboundedReceiver<u64>, log: Option<Printer>) {
    while let Some(first) = rx.recv().await {
        let mut ids = vec![first];
        while ids.len() < 4096
            && let Ok(id) = rx.try_recv()
        {
            ids.push(id);
        }
        let db = db.clone();
        let result = tokio::task::spawn_blocking(move || {
            let changes: Vec<Change> = ids.iter().map(|id| Change::RemoveDelivery(*id)).collect();
            db.commit(&changes)
        })
        .await;
        if let (Some(printer), Ok(Err(e))) = (&log, result) {
            printer.warn(&format!("cannot remove finished webhook deliveries: {e}"));
        }
    }
}
