//! Reading a whole workspace: its sources with their destinations, its tracking plans with their source
//! connections. Every collection is read to its last page, one list call a page (the least the API allows), and the
//! per-source and per-plan lists run concurrently, in order, within the client's rate budget. `export`, `diff` and
//! `apply` read through here.

use futures_util::{StreamExt, TryStreamExt};

use super::client::Client;
use super::list;
use crate::error::Result;
use crate::wire::{Destination, Page, Request, Source, SourceConnection, TrackingPlan};

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

/// Reads the workspace `workspaces/<slug>`. `progress` hears of each collection read (for a bar on a terminal).
pub async fn workspace(client: &Client, workspace: &str, progress: &(dyn Fn(&str) + Sync)) -> Result<Snapshot> {
    let sources = list::collect(client, Request::<Page<Source>>::list(&format!("{workspace}/sources"))).await?;
    progress("sources");
    let plans = list::collect(client, Request::<Page<TrackingPlan>>::list(&format!("{workspace}/tracking-plans")));
    let plans = plans.await?;
    progress("tracking plans");
    let sources = futures_util::stream::iter(sources)
        .map(|source| async move {
            let request = Request::<Page<Destination>>::list(&format!("{}/destinations", source.name));
            let destinations = list::collect(client, request).await?;
            progress(&source.name);
            Ok::<_, crate::error::Error>(SourceState { source, destinations })
        })
        .buffered(CONCURRENCY)
        .try_collect()
        .await?;
    let plans = futures_util::stream::iter(plans)
        .map(|plan| async move {
            let request = Request::<Page<SourceConnection>>::list(&format!("{}/source-connections", plan.name));
            let connections = list::collect(client, request).await?;
            progress(&plan.name);
            Ok::<_, crate::error::Error>(PlanState { plan, connections })
        })
        .buffered(CONCURRENCY)
        .try_collect()
        .await?;
    Ok(Snapshot { workspace: workspace.to_string(), sources, plans })
}
