//! Reverse ETL models: `<source>/reverse-etl-models/<id>`, so a model goes with its source (deleted with it, moved
//! with a new slug). A model's `scheduleStrategy` is one of the SDK's; its other fields are kept as written.

use crate::emulator::status::Status;
use crate::emulator::store::{Op, Resource, State};
use crate::wire::public::warehouses::{ReverseEtlModel, SCHEDULE_STRATEGIES};

/// The length of a new model's id.
pub const ID_LENGTH: usize = 22;

/// A reverse ETL model, by its id ([`super::Kind`]).
pub const MODEL: super::Kind =
    super::Kind { what: "reverse ETL model", is: |_, record| matches!(record, Resource::ReverseEtlModel(_)) };

/// The collection of a source's models.
pub fn collection(source: &str) -> String {
    format!("{source}/reverse-etl-models")
}

/// A model's fields checked: 422 naming the field.
pub fn check(model: &ReverseEtlModel) -> Result<(), Status> {
    if !SCHEDULE_STRATEGIES.contains(&model.schedule_strategy.as_str()) {
        return Err(Status::invalid_field(
            "scheduleStrategy",
            format!("scheduleStrategy must be one of {}", SCHEDULE_STRATEGIES.join(", ")),
        ));
    }
    if model.name.trim().is_empty() {
        return Err(Status::invalid_field("name", "a model needs a name"));
    }
    Ok(())
}

/// Makes a model of `source` (its id and source left out: its place holds them).
pub fn create(state: &State, source: &str, mut model: ReverseEtlModel) -> Result<(Op, String), Status> {
    check(&model)?;
    (model.id, model.source_id) = (String::new(), String::new());
    let name = format!("{}/{}", collection(source), super::warehouses::fresh_id(state, ID_LENGTH));
    Ok((Op::Insert(name.clone(), Resource::ReverseEtlModel(model)), name))
}

/// The model at `name`.
pub fn get<'s>(state: &'s State, name: &str) -> Result<&'s ReverseEtlModel, Status> {
    match state.get(name) {
        Some(Resource::ReverseEtlModel(model)) => Ok(model),
        _ => Err(Status::not_found(format!("{name} not found"))),
    }
}

/// A model's new value.
pub fn update(name: &str, model: ReverseEtlModel) -> Result<Op, Status> {
    check(&model)?;
    Ok(Op::Replace(name.to_string(), Resource::ReverseEtlModel(model)))
}

/// Every model of a workspace: its sources' in the sources' order, each source's in the order they were made.
pub fn all(state: &State, workspace: &str) -> Vec<String> {
    let sources = super::sources::collection(workspace);
    let mut all = Vec::new();
    for source in state.names_in(&sources) {
        all.extend(state.names_in(&collection(source)).map(String::from));
    }
    all
}

/// The source a model lies under.
pub fn source_of(name: &str) -> &str {
    name.rsplit_once("/reverse-etl-models/").map_or(name, |(source, _)| source)
}

/// Where a manual sync of a model is kept (beside the resources, by the model's id, so a source's new slug keeps it).
pub fn sync_key(model_id: &str, sync_id: &str) -> String {
    format!("reverse-etl-sync:{model_id}:{sync_id}")
}

/// A manual sync of a model: its id and when it started, kept with the subscription it syncs to. The emulator moves
/// no data: a sync has succeeded as soon as it started, so its status is the same on every read.
pub fn start_sync(state: &State, model: &str, subscription: &str) -> Result<(Op, String, String), Status> {
    get(state, model)?;
    if subscription.trim().is_empty() {
        return Err(Status::invalid_field("subscriptionId", "a manual sync needs a subscriptionId"));
    }
    let sync_id = crate::emulator::mint::random_id(ID_LENGTH);
    let started_at = crate::emulator::mint::now();
    let record = serde_json::json!({"startedAt": started_at, "subscriptionId": subscription});
    let op = Op::Meta(sync_key(state.id_of(model), &sync_id), record.to_string().into_bytes());
    Ok((op, sync_id, started_at))
}

/// When a manual sync of a model started: none for a sync the model never had.
pub fn sync_started(state: &State, model: &str, sync_id: &str) -> Option<String> {
    let record: serde_json::Value = serde_json::from_slice(state.meta(&sync_key(state.id_of(model), sync_id))?).ok()?;
    record["startedAt"].as_str().map(String::from)
}
