//! `seg serve --seed FILE`: resources created at start through the API's own route table, so a seed passes exactly
//! the validation a client's create would. Format:
//! `{"workspaces": ["acme"], "sources": [<source>], "destinations": [<destination>], "tracking_plans": [<plan>]}`
//! where each item is the object a Create body holds under its key (`name` a full resource name; a tracking plan
//! names its workspace in `parent`). Items that already exist (a restart with `--data`) are left as they are.

use std::path::Path;
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Method, Request, header};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use tower::ServiceExt;

use super::App;
use super::auth::Caller;
use super::front_door::{self, Received};
use super::paging::PageQuery;
use super::store::collection_of;
use crate::error::{Error, Result};
use crate::wire::{Code, ErrorBody};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeedFile {
    #[serde(default)]
    workspaces: Vec<String>,
    #[serde(default)]
    sources: Vec<Map<String, Value>>,
    #[serde(default)]
    destinations: Vec<Map<String, Value>>,
    #[serde(default)]
    tracking_plans: Vec<Map<String, Value>>,
}

pub async fn load(app: &Arc<App>, path: &Path) -> Result<()> {
    let shown = path.display();
    let text = std::fs::read(path).map_err(|e| Error::usage(format!("cannot read seed file {shown}: {e}")))?;
    let seed: SeedFile =
        serde_json::from_slice(&text).map_err(|e| Error::usage(format!("invalid seed file {shown}: {e}")))?;
    for slug in &seed.workspaces {
        super::add_workspace(&app.store, slug).await?;
    }
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
            format!("{}/tracking-plans", parent.ok_or_else(|| at("needs \"parent\": \"workspaces/<slug>\"".into()))?)
        } else {
            let name = item.get("name").and_then(Value::as_str).unwrap_or_default();
            collection_of(name).to_string()
        };
        let body = json!({ key: item }).to_string();
        match create_as_admin(app, &collection, body).await {
            Ok(()) => {}
            Err(error) if error.code == Code::AlreadyExists as i32 => {}
            Err(error) => return Err(at(error.error)),
        }
    }
    Ok(())
}

/// POSTs a body to a collection through the API's own routes, in-process, as a write-scoped caller that reaches
/// every workspace: past the front door (no token, no rate limit, no request log, no faults), through everything
/// after it (404 and 501, the write scope, the body and the handler's checks).
async fn create_as_admin(app: &Arc<App>, collection: &str, body: String) -> std::result::Result<(), ErrorBody> {
    let internal = |error: String| ErrorBody { error, code: Code::Internal as i32 };
    let workspaces = app.store.read().names_in("workspaces").map(String::from).collect();
    let below = collection.split('/').filter(|s| !s.is_empty()).collect::<Vec<_>>().join("/");
    let uri = front_door::routed(&below, None).map_err(|status| internal(status.message))?;
    let received = Received { method: Method::POST, sent: uri.path().to_string(), below };
    let mut request = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .map_err(|e| internal(e.to_string()))?;
    request.extensions_mut().insert(Caller { token: String::new(), write: true, workspaces });
    request.extensions_mut().insert(PageQuery::default());
    request.extensions_mut().insert(received);
    let response = app.api.clone().with_state(app.clone()).oneshot(request).await.map_err(|e| match e {})?;
    if response.status().is_success() {
        return Ok(());
    }
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.map_err(|e| internal(e.to_string()))?;
    Err(serde_json::from_slice(&bytes).unwrap_or_else(|_| internal(String::from_utf8_lossy(&bytes).into_owned())))
}
