//! `seg serve --seed FILE`: resources created at start through the API's own route table, so a seed passes exactly
//! the validation a client's create would. Two formats:
//! - a workspace file (`seg/1`, as `seg export` writes it; docs/reference/commands.md, "Workspaces as code"): its
//!   workspace, sources, destinations, tracking plans and connections. What the built-in catalog lacks (a source or destination entry, a
//!   setting) is added to it, typed from the file's values. `$env` secrets are read from the environment; an unset
//!   one stops the start (exit 2), naming it.
//! - the resource list: `{"workspaces": ["acme"], "sources": [<source>], "destinations": [<destination>],
//!   "tracking_plans": [<plan>]}` where each item is the object a Create body holds under its key (`name` a full
//!   resource name; a tracking plan names its workspace in `parent`).
//!
//! Items that already exist (a restart with `--data`) are left as they are: a tracking plan, whose id the service
//! makes, is the one of the same display name in its workspace.

use std::path::Path;
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Method, Request, header};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use tower::ServiceExt;

use super::App;
use super::catalog::Catalog;
use super::config::paging::PageQuery;
use super::gate::{self, Caller, Received, VERSION};
use super::model::destinations::{self, INSTANCE, Instances, NewDestination};
use super::model::{filters, plans};
use super::status::{Door, Status};
use super::store::{More, Resource, State, collection_of};
use crate::api::walk::Snapshot;
use crate::error::{Error, Result};
use crate::plan::diff::{self, Op, PlanRef};
use crate::plan::file::{ConfigValue, WorkspaceFile};
use crate::plan::secrets::Env;
use crate::wire::{Code, DestinationInput, ErrorBody};

/// A seed file, read.
pub enum Seed {
    Resources(SeedFile),
    Workspace(Box<WorkspaceFile>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeedFile {
    #[serde(default)]
    workspaces: Vec<String>,
    #[serde(default)]
    sources: Vec<Map<String, Value>>,
    #[serde(default)]
    destinations: Vec<Map<String, Value>>,
    #[serde(default)]
    tracking_plans: Vec<Map<String, Value>>,
}

impl Seed {
    /// A file with a `format` key is a workspace file (YAML or JSON); any other is the resource list (JSON).
    pub fn read(path: &Path) -> Result<Seed> {
        let shown = path.display();
        let bytes = std::fs::read(path).map_err(|e| Error::usage(format!("cannot read seed file {shown}: {e}")))?;
        let text = String::from_utf8(bytes).map_err(|_| Error::usage(format!("seed file {shown} is not UTF-8")))?;
        let tree: Option<Value> = serde_yaml_ng::from_str(&text).ok();
        if tree.as_ref().is_some_and(|tree| tree.get("format").is_some()) {
            let file = WorkspaceFile::parse(&text, &crate::plan::file::folder_of(path))
                .map_err(|why| Error::usage(format!("seed file {shown}: {why}")))?;
            return Ok(Seed::Workspace(Box::new(file)));
        }
        let seed = serde_json::from_str(&text).map_err(|e| Error::usage(format!("invalid seed file {shown}: {e}")))?;
        Ok(Seed::Resources(seed))
    }

    /// The workspaces the seed fills, to serve with the rest.
    pub fn workspaces(&self) -> Vec<String> {
        match self {
            Seed::Resources(seed) => seed.workspaces.clone(),
            Seed::Workspace(file) => vec![file.workspace.clone()],
        }
    }

    /// Adds to the catalog what a workspace file uses and it lacks.
    pub fn extend(&self, catalog: &mut Catalog) {
        let Seed::Workspace(file) = self else { return };
        for source in file.sources.values() {
            catalog.learn_source(&source.catalog_name);
            for (slug, destination) in &source.destinations {
                let settings = destination.config.iter().flatten().map(|(key, value)| (key.as_str(), value));
                catalog.learn_destination(slug, settings.map(|(key, value)| (key, setting_kind(value))));
            }
        }
    }
}

/// The catalog type a config value of a file suggests.
fn setting_kind(value: &ConfigValue) -> &'static str {
    match value {
        ConfigValue::Env(_) => "PASSWORD",
        ConfigValue::Plain(Value::Bool(_)) => "BOOLEAN",
        ConfigValue::Plain(Value::Number(_)) => "NUMBER",
        ConfigValue::Plain(Value::Array(items)) if items.iter().all(Value::is_string) => "ARRAY",
        ConfigValue::Plain(Value::Array(_)) => "MIXED",
        ConfigValue::Plain(Value::Object(_)) => "MAP",
        ConfigValue::Plain(_) => "STRING",
    }
}

pub async fn load(app: &Arc<App>, seed: Seed, path: &Path) -> Result<()> {
    match seed {
        Seed::Resources(seed) => load_resources(app, seed, path).await,
        Seed::Workspace(file) => load_workspace(app, &file, path).await,
    }
}

async fn load_resources(app: &Arc<App>, seed: SeedFile, path: &Path) -> Result<()> {
    let shown = path.display();
    let items = seed
        .sources
        .into_iter()
        .map(|i| ("sources", "source", i))
        .chain(seed.destinations.into_iter().map(|i| ("destinations", "destination", i)))
        .chain(seed.tracking_plans.into_iter().map(|i| ("tracking_plans", "tracking_plan", i)));
    for (index, (list, key, mut item)) in items.enumerate() {
        let at = |msg: String| Error::usage(format!("seed file {shown}: {list}: item {index}: {msg}"));
        let collection = if key == "tracking_plan" {
            let parent = item.remove("parent").and_then(|p| p.as_str().map(String::from));
            let collection = format!(
                "{}/tracking-plans",
                parent.ok_or_else(|| at("needs \"parent\": \"workspaces/<slug>\"".into()))?
            );
            let display_name = item.get("display_name").and_then(Value::as_str).unwrap_or_default();
            if plan_named(app, &collection, display_name).is_some() {
                continue;
            }
            collection
        } else {
            let name = item.get("name").and_then(Value::as_str).unwrap_or_default();
            collection_of(name).to_string()
        };
        let body = json!({ key: item }).to_string();
        created(create_as_admin(app, &collection, body).await).map_err(|error| at(error.error))?;
    }
    Ok(())
}

/// A workspace file's creates, in the order `apply` makes them (the plan against an empty workspace).
async fn load_workspace(app: &Arc<App>, file: &WorkspaceFile, path: &Path) -> Result<()> {
    let shown = path.display();
    let env = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    // The emulator's store holds what either API holds: a seed makes all of it (a further destination of one
    // catalog entry, a destination's name, a plan's type too).
    let empty = Snapshot {
        workspace: format!("workspaces/{}", file.workspace),
        holds: crate::api::CONFIG_HOLDS.either(crate::api::Api::Public.holds()),
        ..Snapshot::default()
    };
    let plan = diff::plan(file, &empty, diff::Options::default(), &env)?;
    // docs/reference/commands.md: an unset reference stops the start, naming it (a copy without its secrets would
    // deliver unsigned).
    let unset: Vec<String> = plan.env_names().into_iter().filter(|name| env.secret(name).is_none()).collect();
    if !unset.is_empty() {
        return Err(Error::usage(format!("seed file {shown}: set {} (the file's secrets)", unset.join(", "))));
    }
    // Tracking plans by display name: those made now, and those a restart finds.
    let mut plans = std::collections::HashMap::new();
    // The Public API's own resources (warehouses, functions, groups, labels, ...) are not made by a seed.
    let mut skipped = 0;
    for change in &plan.changes {
        let Some(op) = &change.op else { continue };
        let at = |msg: String| Error::usage(format!("seed file {shown}: {}: {msg}", change.resource));
        let (collection, body) = match op {
            Op::CreateSource { collection, body } => (collection.clone(), to_json(body)),
            Op::CreateDestination { collection, .. } => {
                let Op::CreateDestination { body, .. } = crate::plan::apply::prepare_op(op, &env)? else { continue };
                if body.destination.name.contains(INSTANCE) || body.destination.display_name.is_some() {
                    // What only the Public API has: made by the model, as the Public API's door makes it.
                    public_destination(app, collection, body.destination).await.map_err(|e| at(e.message))?;
                    continue;
                }
                (collection.clone(), to_json(&body))
            }
            Op::CreatePlan { collection, body } => {
                let display_name = &body.tracking_plan.display_name;
                if let Some(name) = plan_named(app, collection, display_name) {
                    plans.insert(display_name.clone(), name);
                    continue;
                }
                let answer = create_as_admin(app, collection, to_json(body).to_string()).await;
                let answer = answer.map_err(|error| at(error.error))?;
                // The plan, or the plan under its key.
                let plan = answer.get("tracking_plan").unwrap_or(&answer);
                let name = plan.get("name").and_then(Value::as_str).unwrap_or_default().to_string();
                if let Some(kind) = &body.tracking_plan.kind {
                    plan_type(app, &name, kind).await.map_err(|e| at(e.message))?;
                }
                plans.insert(display_name.clone(), name);
                continue;
            }
            Op::Connect { plan: PlanRef { display_name, .. }, body } => {
                let plan = plans.get(display_name).cloned().unwrap_or_default();
                (format!("{plan}/source-connections"), to_json(body))
            }
            // Filters are keyed by title (their ids are generated): one a restart finds is not made twice.
            Op::CreateFilter { collection, body } => {
                let destination = collection.trim_end_matches("/filters");
                if destination.contains(INSTANCE) {
                    public_filter(app, destination, body).await.map_err(|e| at(e.message))?;
                    continue;
                }
                if filter_titled(app, collection, &body.filter.title) {
                    continue;
                }
                (collection.clone(), to_json(body))
            }
            // An update sets the same values on every start.
            Op::UpdateSchemaConfig { name, update } => {
                let body = to_json(update).to_string();
                as_admin(app, Method::PATCH, name, body).await.map_err(|error| at(error.error))?;
                continue;
            }
            // Not made by a seed: said, never dropped silently.
            Op::CreateRecord { .. } | Op::UpdateRecord { .. } | Op::DeleteRecord { .. } => {
                skipped += 1;
                continue;
            }
            _ => continue,
        };
        created(create_as_admin(app, &collection, body.to_string()).await).map_err(|error| at(error.error))?;
    }
    if let Some(log) = app.log.as_ref().filter(|_| skipped > 0) {
        log.warn(&format!(
            "seed file {shown}: {} of the Public API's own resources (warehouses, functions, user groups, labels, \
             ...) not made by a seed: apply the file to seg serve with `seg apply --api public --file {shown}`",
            crate::ui::count(skipped, "change")
        ));
    }
    Ok(())
}

/// The store's key of a destination the file names `SLUG#NAME` (stored as `SLUG#<id>`, named NAME), or by its slug.
fn destination_key(state: &State, source: &str, segment: &str) -> Option<String> {
    let Some((slug, name)) = segment.split_once(INSTANCE) else {
        let key = format!("{source}/destinations/{segment}");
        return state.contains(&key).then_some(key);
    };
    state.names_in(&format!("{source}/destinations")).find_map(|key| {
        let named = state.more(key).and_then(|more| more.name.as_deref()) == Some(name);
        (named && destinations::slug_of(key) == slug).then(|| key.to_string())
    })
}

/// A destination only the Public API can make (a further one of its catalog entry, or one with a name), made by the
/// model as that API's door makes it; one a restart finds is not made twice.
async fn public_destination(app: &Arc<App>, collection: &str, input: DestinationInput) -> StatusResult<()> {
    let source = collection.trim_end_matches("/destinations");
    let segment = input.name.rsplit('/').next().unwrap_or_default().to_string();
    let writer = app.store.writer().await;
    let op = {
        let state = writer.state();
        if destination_key(&state, source, &segment).is_some() {
            return Ok(());
        }
        let slug = destinations::slug_of(&segment).to_string();
        let name = segment.split_once(INSTANCE).map(|(_, name)| name.to_string()).or(input.display_name);
        let new = NewDestination {
            slug,
            enabled: input.enabled.unwrap_or(false),
            // By key: the model names them under the key it stores the destination at.
            config: input
                .config
                .unwrap_or_default()
                .into_iter()
                .map(|item| crate::wire::ConfigItem { name: item.key().to_string(), ..item })
                .collect(),
            connection_mode: input.connection_mode,
            name,
        };
        destinations::create(app, &state, source, new, Instances::AsCatalogAllows)?.0
    };
    writer.commit(vec![op]).await
}

/// A filter of a further destination (its key is the store's, not the Config API's).
async fn public_filter(app: &Arc<App>, destination: &str, body: &crate::wire::CreateFilter) -> StatusResult<()> {
    let (source, segment) = destination.rsplit_once("/destinations/").unwrap_or_default();
    let writer = app.store.writer().await;
    let op = {
        let state = writer.state();
        let key = destination_key(&state, source, segment)
            .ok_or_else(|| Status::not_found(format!("{destination} not found")))?;
        let titled = state
            .names_in(&filters::collection(&key))
            .any(|name| matches!(state.get(name), Some(Resource::Filter(f)) if f.title == body.filter.title));
        if titled {
            return Ok(());
        }
        let input = crate::wire::DestinationFilter {
            title: body.filter.title.clone(),
            description: body.filter.description.clone(),
            condition: body.filter.condition.clone(),
            enabled: body.filter.enabled,
            actions: body.filter.actions.clone(),
            ..Default::default()
        };
        filters::create(&state, &key, input)?.0
    };
    writer.commit(vec![op]).await
}

/// A plan's type, which the Config API's routes do not take.
async fn plan_type(app: &Arc<App>, plan: &str, kind: &str) -> StatusResult<()> {
    let writer = app.store.writer().await;
    let op = {
        let state = writer.state();
        let (current, more) = plans::get(&state, plan)?;
        let more = More { kind: Some(kind.to_string()), ..more.clone() };
        plans::update(&state, plan, current.clone(), more)?
    };
    writer.commit(vec![op]).await
}

type StatusResult<T> = std::result::Result<T, Status>;

fn to_json<T: serde::Serialize>(body: &T) -> Value {
    serde_json::to_value(body).unwrap_or_default()
}

/// A create's outcome, with "already there" taken as done.
fn created(result: std::result::Result<Value, ErrorBody>) -> std::result::Result<(), ErrorBody> {
    match result {
        Ok(_) => Ok(()),
        Err(error) if error.code == Code::AlreadyExists as i32 => Ok(()),
        Err(error) => Err(error),
    }
}

/// The tracking plan of `collection` with this display name.
fn plan_named(app: &App, collection: &str, display_name: &str) -> Option<String> {
    let state = app.store.read();
    state.names_in(collection).find_map(|name| match state.get(name) {
        Some(Resource::TrackingPlan(plan)) if plan.display_name == display_name => Some(name.to_string()),
        _ => None,
    })
}

/// Whether the filters of `collection` (`<destination>/filters`) hold one with this title.
fn filter_titled(app: &App, collection: &str, title: &str) -> bool {
    let state = app.store.read();
    state.names_in(collection).any(|name| matches!(state.get(name), Some(Resource::Filter(f)) if f.title == title))
}

/// POSTs a body to a collection as an admin (see [`as_admin`]).
async fn create_as_admin(app: &Arc<App>, collection: &str, body: String) -> std::result::Result<Value, ErrorBody> {
    as_admin(app, Method::POST, collection, body).await
}

/// Sends a request through the API's own routes, in-process, as a write-scoped caller that reaches every
/// workspace: past the gate (no token, no rate limit, no request log, no faults), through everything after it (404
/// and 501, the write scope, the body and the handler's checks).
async fn as_admin(
    app: &Arc<App>,
    method: Method,
    collection: &str,
    body: String,
) -> std::result::Result<Value, ErrorBody> {
    let internal = |error: String| ErrorBody { error, code: Code::Internal as i32 };
    let workspaces = app.store.read().names_in("workspaces").map(String::from).collect();
    let below = collection.split('/').filter(|s| !s.is_empty()).collect::<Vec<_>>().join("/");
    let path = format!("{VERSION}/{below}");
    let uri = gate::routed(&path, None).map_err(|status| internal(status.message))?;
    let received = Received { method: method.clone(), sent: uri.path().to_string(), path, door: Door::Config };
    let mut request = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .map_err(|e| internal(e.to_string()))?;
    request.extensions_mut().insert(Caller { token: String::new(), write: true, workspaces });
    request.extensions_mut().insert(PageQuery::default());
    request.extensions_mut().insert(received);
    let response = app.config.clone().with_state(app.clone()).oneshot(request).await.map_err(|e| match e {})?;
    let success = response.status().is_success();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.map_err(|e| internal(e.to_string()))?;
    if success {
        return Ok(serde_json::from_slice(&bytes).unwrap_or_default());
    }
    Err(serde_json::from_slice(&bytes).unwrap_or_else(|_| internal(String::from_utf8_lossy(&bytes).into_owned())))
}
