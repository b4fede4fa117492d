//! What the emulator counts of the events it handles, for the Public API's delivery overview and usage reads
//! (`public::delivery`, `public::usage`; docs/reference/public-api.md, "Delivery overview and usage"): each tracking
//! call received (`ingest`), each event a destination's filter dropped (`ingest`), and each delivery that ended
//! (`outbox`: delivered, with the attempt that did, or failed). Kept in memory since the emulator started, the newest
//! [`KEPT`] of them; nothing is estimated, so every figure is one a test can predict exactly.

use std::collections::VecDeque;
use std::sync::{Mutex, PoisonError};

/// Events kept; older ones are dropped.
pub const KEPT: usize = 100_000;

/// Where in the pipeline an event was counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// A tracking call taken by the tracking endpoints.
    Received,
    /// Dropped by a filter of a destination (a filter whose action drops it, or samples it out).
    FilteredAtDestination,
    /// Delivered to a destination, at some attempt.
    Delivered,
    /// Not delivered: every URL failed permanently, or the retry window closed.
    Failed,
}

/// One counted event.
#[derive(Debug, Clone)]
pub struct Event {
    /// When (Unix milliseconds).
    pub at_ms: i64,
    pub stage: Stage,
    /// The source's name (`workspaces/W/sources/S`).
    pub source: String,
    /// The destination's name, past the source.
    pub destination: Option<String>,
    /// The mapping (subscription id) that sent it, for an Actions destination.
    pub subscription: Option<String>,
    /// `track`, `identify`, ...
    pub event_type: String,
    /// A track call's event.
    pub event_name: Option<String>,
    /// `context.app.version`.
    pub app_version: Option<String>,
    /// Why it was not delivered, or at which attempt it was (`successes.attempt.N`).
    pub discard_reason: Option<String>,
    /// Attempts before the last one.
    pub retries: u32,
    pub user_id: Option<String>,
    pub anonymous_id: Option<String>,
}

impl Event {
    /// An event of a stage now, at a source, with nothing else known yet.
    pub fn new(stage: Stage, source: &str, event_type: &str) -> Event {
        Event {
            at_ms: jiff::Timestamp::now().as_millisecond(),
            stage,
            source: source.to_string(),
            destination: None,
            subscription: None,
            event_type: event_type.to_string(),
            event_name: None,
            app_version: None,
            discard_reason: None,
            retries: 0,
            user_id: None,
            anonymous_id: None,
        }
    }
}

/// The counted events, oldest first.
#[derive(Default)]
pub struct Metrics {
    events: Mutex<VecDeque<Event>>,
}

impl Metrics {
    pub fn record(&self, event: Event) {
        let mut events = self.events.lock().unwrap_or_else(PoisonError::into_inner);
        if events.len() == KEPT {
            events.pop_front();
        }
        events.push_back(event);
    }

    /// The events `keep` takes, oldest first.
    pub fn events(&self, keep: impl Fn(&Event) -> bool) -> Vec<Event> {
        let events = self.events.lock().unwrap_or_else(PoisonError::into_inner);
        events.iter().filter(|e| keep(e)).cloned().collect()
    }
}

/// The source's name of a destination's (`workspaces/W/sources/S/destinations/D` → `workspaces/W/sources/S`).
pub fn source_of(destination: &str) -> &str {
    destination.split("/destinations/").next().unwrap_or(destination)
}
