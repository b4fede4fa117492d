//! `seg serve --seed FILE`: resources created at start through the API's own route table, so a seed passes exactly
//! the validation a client's create would. Format:
//! `{"workspaces": ["acme"], "sources": [<source>], "destinations": [<destination>], "tracking_plans": [<plan>]}`
//! where each item is the object a Create body holds under its key (`name` a full resource name; a tracking plan
//! names its workspace in `parent`). Items that already exist (a restart with `--data`) are left as they are.

use std::path::Path;

use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::App;
use super::router::call_as_admin;
use super::store::collection_of;
use crate::error::{Error, Result};
use crate::wire::Code;

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

pub fn load(app: &App, path: &Path) -> Result<()> {
    let shown = path.display();
    let text = std::fs::read(path).map_err(|e| Error::usage(format!("cannot read seed file {shown}: {e}")))?;
    let seed: SeedFile =
        serde_json::from_slice(&text).map_err(|e| Error::usage(format!("invalid seed file {shown}: {e}")))?;
    {
        let mut store = app.store.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        for slug in &seed.workspaces {
            super::add_workspace(&mut store, slug)?;
        }
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
        match call_as_admin(app, "POST", &collection, body.as_bytes()) {
            Ok(_) => {}
            Err(status) if status.code == Code::AlreadyExists => {}
            Err(status) => return Err(at(status.message)),
        }
    }
    Ok(())
}
