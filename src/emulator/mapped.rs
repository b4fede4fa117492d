//! Deliveries by mapping (Webhooks (Actions)): for each tracking call, every enabled Actions destination of its
//! source (after that destination's filters) and every enabled mapping of it whose trigger validates against the
//! event as the pipeline hands it on (`wire::actions::event::pipeline`) sends what `wire::actions::send` says, as an
//! outbox job (the classic timeout, retries and window, one URL). A mapping with `enable_batching` gathers its events
//! by batch key (its URL, method and headers) and sends them with `send_batch` when the batch is full or after the
//! batch window (`seg serve --batch-window`). An open batch lives in memory (its events wait at most the window); at
//! shutdown it becomes a queued job, kept in the data file with `--data`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::Value;

use super::App;
use super::outbox::{self, ActionSend, Job};
use super::store::{Resource, State};
use crate::json::{self, JsObject, JsValue};
use crate::wire::DestinationFilter;
use crate::wire::actions::catalog::{self, DEFAULT_BATCH_SIZE};
use crate::wire::actions::{Mapping, Trigger, send};

/// An enabled mapping, ready to run.
pub struct Active {
    pub id: String,
    pub name: String,
    pub trigger: Trigger,
    pub settings: Mapping,
    /// The batch size, when it batches.
    pub batch: Option<usize>,
}

/// An enabled Actions destination of a source as it stood when a call came.
pub struct ActionTarget {
    pub destination: String,
    /// Its catalog name (`Webhooks (Actions)`), as a call's `integrations` names it.
    pub integration: &'static str,
    pub secret: Option<String>,
    pub filters: Vec<DestinationFilter>,
    pub mappings: Vec<Arc<Active>>,
}

/// The catalog slug of a destination's key (`.../destinations/actions-webhook#<id>`).
fn slug_of(name: &str) -> &str {
    let last = name.rsplit('/').next().unwrap_or_default();
    last.split('#').next().unwrap_or(last)
}

/// The enabled Actions destinations of a source with their enabled mappings.
pub fn targets(state: &State, source: &str, note: &dyn Fn(&str)) -> Vec<ActionTarget> {
    let mut out = Vec::new();
    for name in state.names_in(&format!("{source}/destinations")) {
        let Some(Resource::Destination(d)) = state.get(name) else { continue };
        let Some(definition) = catalog::by_slug(slug_of(name)) else { continue };
        if !d.enabled {
            continue;
        }
        let secret = (d.config.iter())
            .find(|c| c.name.ends_with("/config/sharedSecret"))
            .and_then(|c| c.value.as_str())
            .filter(|s| !s.is_empty())
            .map(String::from);
        let mut mappings = Vec::new();
        for key in state.names_in(&format!("{name}/subscriptions")) {
            let Some(Resource::Mapping(m)) = state.get(key) else { continue };
            if !m.enabled {
                continue;
            }
            let Some(action) = definition.action(&m.action_id) else { continue };
            let (trigger, settings) = match (catalog::check_trigger(&m.trigger), action.check_settings(&m.settings)) {
                (Ok(trigger), Ok(settings)) => (trigger, settings),
                (Err(e), _) | (_, Err(e)) => {
                    note(&format!("mapping {:?} of {name}: not run: {e}", m.name));
                    continue;
                }
            };
            let all = action.with_defaults(&m.settings);
            let batch = (all.get("enable_batching") == Some(&Value::Bool(true))).then(|| {
                match all.get("batch_size").and_then(Value::as_f64) {
                    Some(size) if size >= 1.0 => size as usize,
                    _ => DEFAULT_BATCH_SIZE,
                }
            });
            let id = state.id_of(key).to_string();
            mappings.push(Arc::new(Active { id, name: m.name.clone(), trigger, settings, batch }));
        }
        let filters = outbox::filters(state, name);
        out.push(ActionTarget {
            destination: name.to_string(),
            integration: definition.name,
            secret,
            filters,
            mappings,
        });
    }
    out
}

/// One call as a mapping reads it.
pub struct Event<'a> {
    pub kind: &'a str,
    pub message_id: &'a str,
    pub event: &'a JsObject,
}

/// The jobs one event makes at one destination: one per firing mapping that does not batch; a batching mapping's
/// event joins its batch (a full batch is a job).
pub fn jobs(app: &Arc<App>, target: &ActionTarget, call: Event<'_>) -> Vec<Job> {
    let mut jobs = Vec::new();
    for mapping in &target.mappings {
        match mapping.trigger.validate(call.event) {
            Ok(true) => {}
            Ok(false) => continue,
            Err(e) => {
                app.outbox
                    .note(&format!("mapping {:?} of {}: trigger not evaluated: {e}", mapping.name, target.destination));
                continue;
            }
        }
        let request = match send::send(&mapping.settings, call.event, target.secret.as_deref()) {
            Ok(request) => request,
            Err(e) => {
                app.outbox.note(&format!(
                    "mapping {:?} of {}: {} {} not sent: {e}",
                    mapping.name,
                    target.destination,
                    call.kind,
                    crate::ui::escape_control(call.message_id)
                ));
                continue;
            }
        };
        match mapping.batch {
            None => {
                let event = json::stringify(&JsValue::Object(call.event.clone()));
                let send = ActionSend {
                    method: String::new(),
                    headers: Vec::new(),
                    has_body: request.body.is_some(),
                    subscription: mapping.id.clone(),
                    subscription_name: mapping.name.clone(),
                    events: 1,
                    event: Some(event),
                };
                jobs.push(Job::action(&target.destination, call.message_id, call.kind, request, send));
            }
            Some(size) => {
                let headers: Vec<&(String, String)> =
                    request.headers.iter().filter(|(name, _)| name != "x-signature").collect();
                let key =
                    serde_json::to_string(&(&target.destination, &mapping.id, &request.url, &request.method, headers))
                        .unwrap_or_default();
                let open = Open {
                    destination: target.destination.clone(),
                    secret: target.secret.clone(),
                    mapping: mapping.clone(),
                    kind: call.kind.to_string(),
                };
                if let Some(job) = app.batches.add(app, key, open, call.message_id, call.event.clone(), size) {
                    jobs.push(job);
                }
            }
        }
    }
    jobs
}

/// What a batch is for.
#[derive(Clone)]
pub struct Open {
    destination: String,
    secret: Option<String>,
    mapping: Arc<Active>,
    kind: String,
}

struct Gathering {
    generation: u64,
    open: Open,
    message_ids: Vec<String>,
    events: Vec<JsObject>,
}

/// The open batches, by batch key.
#[derive(Default)]
pub struct Batches {
    open: Mutex<HashMap<String, Gathering>>,
    next: AtomicU64,
}

impl Batches {
    /// Adds an event to its batch: the batch's job when this fills it; a new batch is sent after the window.
    fn add(
        &self,
        app: &Arc<App>,
        key: String,
        open: Open,
        message_id: &str,
        event: JsObject,
        size: usize,
    ) -> Option<Job> {
        let mut batches = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let generation = match batches.get(&key) {
            Some(gathering) => gathering.generation,
            None => {
                let generation = self.next.fetch_add(1, Ordering::Relaxed);
                let new = Gathering { generation, open, message_ids: Vec::new(), events: Vec::new() };
                batches.insert(key.clone(), new);
                // Held weakly: a window still running does not keep a stopped emulator (its data file) alive.
                let (window, weak, key) = (app.outbox.batch_window, Arc::downgrade(app), key.clone());
                tokio::spawn(async move {
                    #[allow(clippy::disallowed_methods, reason = "a batch's window: seg serve --batch-window")]
                    tokio::time::sleep(window).await;
                    let Some(app) = weak.upgrade() else { return };
                    let job = app.batches.take(&key, generation).and_then(|g| job_of(&app, g));
                    if let Some(job) = job {
                        queue(&app, vec![job]).await;
                    }
                });
                generation
            }
        };
        let gathering = batches.get_mut(&key)?;
        gathering.message_ids.push(message_id.to_string());
        gathering.events.push(event);
        if gathering.events.len() < size {
            return None;
        }
        let full = batches.remove(&key)?;
        let _ = generation;
        drop(batches);
        job_of(app, full)
    }

    fn take(&self, key: &str, generation: u64) -> Option<Gathering> {
        let mut batches = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if batches.get(key).is_some_and(|g| g.generation == generation) { batches.remove(key) } else { None }
    }
}

/// At shutdown: the open batches become jobs, committed to the data file with `--data` (sent at the next start, as
/// every queued delivery is), so an event acknowledged into a batch is not lost with the process.
pub async fn close(app: &Arc<App>) {
    let open: Vec<Gathering> = {
        let mut batches = app.batches.open.lock().unwrap_or_else(PoisonError::into_inner);
        batches.drain().map(|(_, gathering)| gathering).collect()
    };
    let jobs: Vec<Job> = open.into_iter().filter_map(|gathering| job_of(app, gathering)).collect();
    if jobs.is_empty() || !app.outbox.durable() {
        return;
    }
    let Ok(queued) = app.outbox.prepare(jobs) else { return };
    let outbox = app.outbox.clone();
    if let Ok(Err(e)) = tokio::task::spawn_blocking(move || outbox.commit(&queued)).await {
        app.outbox.note(&format!("open batches were not kept: {}", e.message));
    }
}

/// The job of a batch: `send_batch` of its events (events it leaves out are said).
fn job_of(app: &App, gathering: Gathering) -> Option<Job> {
    let Gathering { open, message_ids, events, .. } = gathering;
    let batch = match send::send_batch(&open.mapping.settings, &events, open.secret.as_deref()) {
        Ok(batch) => batch,
        Err(e) => {
            app.outbox.note(&format!("mapping {:?} of {}: batch not sent: {e}", open.mapping.name, open.destination));
            return None;
        }
    };
    for (i, why) in &batch.refused {
        app.outbox.note(&format!(
            "mapping {:?} of {}: {} left out of its batch: {why}",
            open.mapping.name,
            open.destination,
            message_ids.get(*i).map_or("", String::as_str)
        ));
    }
    let request = batch.request?;
    let send = ActionSend {
        method: String::new(),
        headers: Vec::new(),
        has_body: request.body.is_some(),
        subscription: open.mapping.id.clone(),
        subscription_name: open.mapping.name.clone(),
        events: events.len() - batch.refused.len(),
        event: None,
    };
    let first = message_ids.first().map_or("", String::as_str);
    Some(Job::action(&open.destination, first, &open.kind, request, send))
}

/// Queues jobs made outside a tracking request (a batch's window closed): committed with `--data`, then started.
async fn queue(app: &Arc<App>, jobs: Vec<Job>) {
    let queued = match app.outbox.prepare(jobs) {
        Ok(queued) => queued,
        Err(e) => return app.outbox.note(&format!("a batch was not queued: {}", e.message)),
    };
    if app.outbox.durable() && !queued.is_empty() {
        let outbox = app.outbox.clone();
        match tokio::task::spawn_blocking(move || outbox.commit(&queued).map(|()| queued)).await {
            Ok(Ok(queued)) => app.outbox.dispatch(queued),
            Ok(Err(e)) => app.outbox.note(&format!("a batch was not queued: {}", e.message)),
            Err(e) => app.outbox.note(&format!("a batch was not queued: {e}")),
        }
    } else {
        app.outbox.dispatch(queued);
    }
}
