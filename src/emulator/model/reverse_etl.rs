//! Reverse ETL models: `<source>/reverse-etl-models/<id>`, so a model goes with its source (deleted with it, moved
//! with a new slug). A model's `scheduleStrategy` is one of the SDK's; its other fields are kept as written.

use crate::emulator::status::Status;
use crate::emulator::store::{Op, Resource, State};
use crate::wire::public::warehouses::{ReverseEtlModel, SCHEDULE_STRATEGIES};

/// The length of a new model's id.
pub const ID_LENGTH: usize = 22;

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
