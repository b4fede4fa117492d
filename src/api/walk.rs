//! Reading a whole workspace: its sources with their destinations, its tracking plans with their source
//! connections. Every collection is read to its last page, one list call a page (the least the API allows), and the
//! per-source and per-plan lists run concurrently, in order, within the client's rate budget. `export`, `diff` and
//! `apply` read through here.

use futures_util::{Stream, StreamExt, TryStreamExt};

use super::client::Client;
use super::list;
use crate::error::Result;
use crate::wire::{Destination, Page, Request, Resource, Source, SourceConnection, TrackingPlan};

/// Lists of one source or plan in flight at once: enough to hide the round trip, few enough to stay polite (the
/// client paces them all within the rate limit anyway).
const CONCURRENCY: usize = 8;

#[derive(Debug, Clone, Default)]
pub struct SourceState {
    pub source: Source,
    pub destinations: Vec<Destination>,
}

#[derive(Debug, Clone, Default)]
pub struct PlanState {
    pub plan: TrackingPlan,
    pub connections: Vec<SourceConnection>,
}

/// A workspace as read, in the service's order.
#[derive(Debug, Clone, Default)]
pub struct Snapshot {
    pub workspace: String,
    pub sources: Vec<SourceState>,
    pub plans: Vec<PlanState>,
}

impl Snapshot {
    pub fn source(&self, name: &str) -> Option<&SourceState> {
        self.sources.iter().find(|s| s.source.name == name)
    }
}

/// Every item of each collection, the collections read concurrently (each to its last page) and yielded in the
/// order asked: the way to list, say, the destinations of every source of a workspace.
pub fn collections<'c, T: Resource + 'c>(
    client: &'c Client,
    requests: Vec<Request<Page<T>>>,
) -> impl Stream<Item = Result<Vec<T>>> + 'c {
    futures_util::stream::iter(requests).map(move |request| list::collect(client, request)).buffered(CONCURRENCY)
}

/// Reads the workspace `workspaces/<slug>`. `progress` hears of each collection read (for a bar on a terminal).
pub async fn workspace(client: &Client, workspace: &str, progress: &(dyn Fn(&str) + Sync)) -> Result<Snapshot> {
    let sources = list::collect(client, Request::<Page<Source>>::list(&format!("{workspace}/sources"))).await?;
    progress("sources");
    let plans = list::collect(client, Request::<Page<TrackingPlan>>::list(&format!("{workspace}/tracking-plans")));
    let plans = plans.await?;
    progress("tracking plans");
    let requests = sources.iter().map(|s| Request::list(&format!("{}/destinations", s.name))).collect();
    let destinations: Vec<Vec<Destination>> =
        collections(client, requests).inspect(|_| progress("destinations")).try_collect().await?;
    let sources =
        sources.into_iter().zip(destinations).map(|(source, destinations)| SourceState { source, destinations });
    let requests = plans.iter().map(|p| Request::list(&format!("{}/source-connections", p.name))).collect();
    let connections: Vec<Vec<SourceConnection>> =
        collections(client, requests).inspect(|_| progress("connections")).try_collect().await?;
    let plans = plans.into_iter().zip(connections).map(|(plan, connections)| PlanState { plan, connections });
    Ok(Snapshot { workspace: workspace.to_string(), sources: sources.collect(), plans: plans.collect() })
}
