//! Reading a whole workspace: its sources with their destinations, its tracking plans with their source
//! connections, and (as far as [`Reach`] asks) the destinations' filters and the sources' schema configs. Every
//! collection is read to its last page, one list call a page (the least the API allows), and the per-source,
//! per-destination and per-plan reads run concurrently, in order, within the client's rate budget. `export`, `diff`
//! and `apply` read through here.

use std::collections::{BTreeMap, BTreeSet};

use futures_util::{Stream, StreamExt, TryStreamExt};

use super::client::Client;
use super::list;
use crate::error::Result;
use crate::wire::{
    CatalogDestination, Destination, DestinationFilter, DestinationMapping, Noun, Page, PublicRecord, Request,
    Resource, SchemaConfig, Source, SourceConnection, Target, TrackingPlan,
};

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
    /// What the API it was read through can hold (`seg serve`'s own store for a seed: what either holds): what a
    /// file can manage there (`plan::diff`'s "not supported").
    pub holds: crate::api::Holds,
    pub sources: Vec<SourceState>,
    pub plans: Vec<PlanState>,
    /// The filters of each destination read (by the destination's name): only those [`Reach`] asked for.
    pub filters: BTreeMap<String, Vec<DestinationFilter>>,
    /// The mappings of each Actions destination read (by the destination's name): only those [`Reach`] asked for,
    /// on an API that holds mappings.
    pub mappings: BTreeMap<String, Vec<DestinationMapping>>,
    /// The schema config of each source read (by the source's name): only those [`Reach`] asked for.
    pub schema_configs: BTreeMap<String, SchemaConfig>,
    /// The catalog entries read (by slug): only those [`Reach`] asked for that exist.
    pub catalog: BTreeMap<String, CatalogDestination>,
    /// The Public API's own resources read: only the collections [`Reach`] asked for, on an API that holds them.
    pub records: Records,
}

/// The Public API's own resources in a workspace (`wire::Noun`), each collection `None` when it was not read.
#[derive(Debug, Clone, Default)]
pub struct Records {
    /// Warehouses, each with its connected sources.
    pub warehouses: Option<Vec<Held>>,
    /// Functions of every kind, each as `getFunction` answers (its code and settings), an insert function with its
    /// instances.
    pub functions: Option<Vec<Held>>,
    pub transformations: Option<Vec<PublicRecord>>,
    pub models: Option<Vec<PublicRecord>>,
    /// User groups (with their permissions), each with its members and the emails invited to it.
    pub groups: Option<Vec<Held>>,
    /// The roles a permission may give, read with the groups.
    pub roles: Option<Vec<PublicRecord>>,
    pub labels: Option<Vec<PublicRecord>>,
}

/// A record and those of its collection below it (a warehouse's connected sources, a function's instances, a
/// group's members and invites).
#[derive(Debug, Clone, Default)]
pub struct Held {
    pub record: PublicRecord,
    pub below: Vec<PublicRecord>,
}

/// Which of the resources that cost one request each beyond the lists are read: every one (`export`), or only those
/// a file manages (`diff`, `apply`: a destination with `filters`, a source with `schema_config`), with those a
/// delete takes with it.
#[derive(Debug, Clone, Default)]
pub struct Reach {
    /// Destinations whose filters are read.
    pub filters: Scope,
    /// Destinations whose mappings are read (of those that are Actions destinations, on an API that holds them).
    pub mappings: Scope,
    /// Sources whose schema config is read.
    pub schema_configs: Scope,
    /// Catalog destinations read (by slug): what types the config items of a destination the file makes.
    pub catalog: Scope,
    /// The collections of the Public API's own resources read (`Noun::Warehouses`, `Functions`, `Transformations`,
    /// `ReverseEtlModels`, `UserGroups`, `Labels`), on an API that holds them.
    pub records: BTreeSet<&'static str>,
}

/// The collections of the Public API's own resources a snapshot can hold, by their word.
pub const MANAGED: [Noun; 6] =
    [Noun::Warehouses, Noun::Functions, Noun::Transformations, Noun::ReverseEtlModels, Noun::UserGroups, Noun::Labels];

#[derive(Debug, Clone, Default)]
pub enum Scope {
    #[default]
    Nothing,
    Every,
    /// These full names (those that do not exist are skipped).
    Only(BTreeSet<String>),
    /// Every name but these.
    Not(BTreeSet<String>),
    /// The names below these (`<name>/...`).
    Under(BTreeSet<String>),
    /// The names any of these takes.
    Any(Vec<Scope>),
}

impl Scope {
    pub fn takes(&self, name: &str) -> bool {
        match self {
            Scope::Nothing => false,
            Scope::Every => true,
            Scope::Only(names) => names.contains(name),
            Scope::Not(names) => !names.contains(name),
            Scope::Under(parents) => {
                name.rsplit_once('/').is_some_and(|_| parents.iter().any(|p| name.starts_with(&format!("{p}/"))))
                    || parents.contains(name)
            }
            Scope::Any(scopes) => scopes.iter().any(|s| s.takes(name)),
        }
    }
}

impl Reach {
    pub fn everything() -> Reach {
        Reach {
            filters: Scope::Every,
            mappings: Scope::Every,
            schema_configs: Scope::Every,
            catalog: Scope::Nothing,
            records: MANAGED.iter().map(|noun| noun.word()).collect(),
        }
    }
}

impl Snapshot {
    pub fn source(&self, name: &str) -> Option<&SourceState> {
        self.sources.iter().find(|s| s.source.name == name)
    }

    pub fn destination(&self, name: &str) -> Option<&Destination> {
        let (source, _) = name.rsplit_once("/destinations/")?;
        self.source(source)?.destinations.iter().find(|d| d.name == name)
    }
}

/// Whether a destination is an Actions destination, whose mappings a walk reads: its catalog entry's slug starts
/// with `actions-` (the catalog's own naming: `actions-webhook`, `actions-amplitude`, ...).
pub fn is_actions(destination: &Destination) -> bool {
    destination.catalog_slug().starts_with("actions-")
}

/// Every item of each collection, the collections read concurrently (each to its last page) and yielded in the
/// order asked: the way to list, say, the destinations of every source of a workspace.
pub fn collections<'c, T: Resource + 'c>(
    client: &'c Client,
    requests: Vec<Request<Page<T>>>,
) -> impl Stream<Item = Result<Vec<T>>> + 'c {
    futures_util::stream::iter(requests).map(move |request| list::collect(client, request)).buffered(CONCURRENCY)
}

/// Reads the workspace `workspaces/<slug>`: its lists, then the filters and schema configs `reach` asks for once
/// it has seen them (which destination a file's key names is known only from its source's list). `progress` hears
/// of each collection read (for a bar on a terminal).
pub async fn workspace(
    client: &Client,
    workspace: &str,
    reach: &(dyn Fn(&Snapshot) -> Reach + Sync),
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Snapshot> {
    let under = |name: &str, what: &str| Target::under(name, what).map_err(crate::error::Error::failed);
    let sources = list::collect(client, Request::<Page<Source>>::list(under(workspace, "sources")?)).await?;
    progress("sources");
    let plans = list::collect(client, Request::<Page<TrackingPlan>>::list(under(workspace, "tracking-plans")?));
    let plans = plans.await?;
    progress("tracking plans");
    let requests = sources.iter().map(|s| under(&s.name, "destinations").map(Request::list)).collect::<Result<_>>()?;
    let destinations: Vec<Vec<Destination>> =
        collections(client, requests).inspect(|_| progress("destinations")).try_collect().await?;
    let sources =
        sources.into_iter().zip(destinations).map(|(source, destinations)| SourceState { source, destinations });
    let requests =
        plans.iter().map(|p| under(&p.name, "source-connections").map(Request::list)).collect::<Result<_>>()?;
    let connections: Vec<Vec<SourceConnection>> =
        collections(client, requests).inspect(|_| progress("connections")).try_collect().await?;
    let plans = plans.into_iter().zip(connections).map(|(plan, connections)| PlanState { plan, connections });
    let mut snapshot = Snapshot {
        workspace: workspace.to_string(),
        holds: client.holds(),
        sources: sources.collect(),
        plans: plans.collect(),
        ..Snapshot::default()
    };
    let reach = reach(&snapshot);
    let sources = &snapshot.sources;

    let destinations: Vec<&str> = sources
        .iter()
        .flat_map(|s| s.destinations.iter().map(|d| d.name.as_str()))
        .filter(|name| reach.filters.takes(name))
        .collect();
    let requests = destinations.iter().map(|d| under(d, "filters").map(Request::list)).collect::<Result<_>>()?;
    let lists: Vec<Vec<DestinationFilter>> =
        collections(client, requests).inspect(|_| progress("filters")).try_collect().await?;
    let filters: BTreeMap<String, Vec<DestinationFilter>> =
        destinations.into_iter().map(String::from).zip(lists).collect();

    let actions: Vec<&str> = sources
        .iter()
        .flat_map(|s| s.destinations.iter())
        .filter(|d| snapshot.holds.mappings && is_actions(d) && reach.mappings.takes(&d.name))
        .map(|d| d.name.as_str())
        .collect();
    let requests = actions.iter().map(|d| under(d, "mappings").map(Request::list)).collect::<Result<_>>()?;
    let lists: Vec<Vec<DestinationMapping>> =
        collections(client, requests).inspect(|_| progress("mappings")).try_collect().await?;
    let mappings: BTreeMap<String, Vec<DestinationMapping>> =
        actions.into_iter().map(String::from).zip(lists).collect();

    let names: Vec<&str> =
        sources.iter().map(|s| s.source.name.as_str()).filter(|name| reach.schema_configs.takes(name)).collect();
    let reads = names.iter().map(|source| async move {
        match client.send(&Request::<SchemaConfig>::get(under(source, "schema-config")?)).await? {
            crate::api::client::Outcome::Answer(config) => Ok::<_, crate::error::Error>(config),
            // A GET is never held back by --dry-run; an answer is always there.
            crate::api::client::Outcome::DryRun => Ok(SchemaConfig::default_for(source)),
        }
    });
    let configs: Vec<SchemaConfig> = futures_util::stream::iter(reads)
        .buffered(CONCURRENCY)
        .inspect(|_| progress("schema config"))
        .try_collect::<Vec<_>>()
        .await?;
    let schema_configs = names.into_iter().map(String::from).zip(configs).collect();

    snapshot.catalog = catalog_entries(client, &reach.catalog).await?;
    if snapshot.holds.public_resources {
        snapshot.records = records(client, &snapshot.workspace, &reach.records, progress).await?;
    }
    snapshot.filters = filters;
    snapshot.mappings = mappings;
    snapshot.schema_configs = schema_configs;
    Ok(snapshot)
}

/// The collections of the Public API's own resources `wanted` names (by word), each to its last page, with what
/// is below each record (a warehouse's connected sources, a group's members and invites, an insert function's
/// instances) and each function as `getFunction` answers (its code).
async fn records(
    client: &Client,
    workspace: &str,
    wanted: &BTreeSet<&'static str>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Records> {
    let ws = workspace.strip_prefix("workspaces/").unwrap_or(workspace).to_string();
    let collection =
        |noun: Noun, under: Option<&str>| Target::Records { ws: ws.clone(), noun, under: under.map(String::from) };
    let list = |noun: Noun, under: Option<&str>| Request::<Page<PublicRecord>>::list(collection(noun, under));
    let read = |noun: Noun| wanted.contains(noun.word());
    let mut records = Records::default();
    if read(Noun::Warehouses) {
        let warehouses = list::collect(client, list(Noun::Warehouses, None)).await?;
        let below = warehouses.iter().map(|w| list(Noun::WarehouseSources, Some(w.id()))).collect();
        let below: Vec<Vec<PublicRecord>> = collections(client, below).try_collect().await?;
        let held = warehouses.into_iter().zip(below).map(|(record, below)| Held { record, below });
        records.warehouses = Some(held.collect());
        progress("warehouses");
    }
    if read(Noun::Functions) {
        let kinds = ["SOURCE", "DESTINATION", "INSERT_DESTINATION"]
            .map(|kind| list(Noun::Functions, None).query("resourceType", kind));
        let listed: Vec<Vec<PublicRecord>> = collections(client, kinds.into()).try_collect().await?;
        let gets = listed.iter().flatten().map(|f| async move {
            let one = collection(Noun::Functions, None).item(f.id());
            let one = one.ok_or_else(|| crate::error::Error::failed("a function whose id seg cannot name"))?;
            let request = Request::<PublicRecord>::get(one);
            let function = match client.send(&request).await? {
                crate::api::client::Outcome::Answer(function) => function,
                crate::api::client::Outcome::DryRun => f.clone(),
            };
            let below = if function.text("resourceType") == "INSERT_DESTINATION" {
                list::collect(client, list(Noun::Instances, Some(f.id()))).await?
            } else {
                Vec::new()
            };
            Ok::<_, crate::error::Error>(Held { record: function, below })
        });
        records.functions = Some(futures_util::stream::iter(gets).buffered(CONCURRENCY).try_collect().await?);
        progress("functions");
    }
    if read(Noun::Transformations) {
        records.transformations = Some(list::collect(client, list(Noun::Transformations, None)).await?);
        progress("transformations");
    }
    if read(Noun::ReverseEtlModels) {
        records.models = Some(list::collect(client, list(Noun::ReverseEtlModels, None)).await?);
        progress("reverse ETL models");
    }
    if read(Noun::UserGroups) {
        let groups = list::collect(client, list(Noun::UserGroups, None)).await?;
        // Each group's members, then the emails invited to it.
        let below = groups.iter().flat_map(|g| [Noun::GroupUsers, Noun::GroupInvites].map(|n| list(n, Some(g.id()))));
        let mut below: Vec<Vec<PublicRecord>> = collections(client, below.collect()).try_collect().await?;
        let mut held = Vec::new();
        for (group, pair) in groups.into_iter().zip(below.chunks_mut(2)) {
            held.push(Held { record: group, below: pair.iter_mut().flat_map(std::mem::take).collect() });
        }
        records.groups = Some(held);
        records.roles = Some(list::collect(client, list(Noun::Roles, None)).await?);
        progress("user groups");
    }
    if read(Noun::Labels) {
        records.labels = Some(list::collect(client, list(Noun::Labels, None)).await?);
        progress("labels");
    }
    Ok(records)
}

/// The catalog destinations a scope names (`Only` slugs; an entry the catalog does not have is skipped).
async fn catalog_entries(client: &Client, scope: &Scope) -> Result<BTreeMap<String, CatalogDestination>> {
    let Scope::Only(slugs) = scope else { return Ok(BTreeMap::new()) };
    let reads = slugs.iter().map(|slug| async move {
        let request = Request::<CatalogDestination>::get(Target::CatalogDestination { slug: slug.clone() });
        match client.send(&request).await {
            Ok(crate::api::client::Outcome::Answer(entry)) => Ok(Some((slug.clone(), entry))),
            Ok(crate::api::client::Outcome::DryRun) => Ok(None),
            Err(crate::error::Error::Api(e)) if e.status == 404 => Ok(None),
            Err(e) => Err(e),
        }
    });
    let entries: Vec<Option<(String, CatalogDestination)>> =
        futures_util::stream::iter(reads).buffered(CONCURRENCY).try_collect().await?;
    Ok(entries.into_iter().flatten().collect())
}
