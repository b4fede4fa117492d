//! Transformations: `<source>/transformations/<id>`, so a transformation goes with its source (deleted with it,
//! moved with a new slug); a new `sourceId` moves it under that source, keeping its id. Its `if` and its FQL-defined
//! properties are FQL the emulator parses (`wire::fql`, as a destination filter's condition); a
//! `destinationMetadataId` is a destination of the catalog.

use crate::emulator::App;
use crate::emulator::status::Status;
use crate::emulator::store::{Op, Resource, State};
use crate::wire::fql;
use crate::wire::public::warehouses::{HASH_ENCODINGS, Transformation};

/// The length of a new transformation's id.
pub const ID_LENGTH: usize = 22;

/// A transformation, by its id ([`super::Kind`]).
pub const TRANSFORMATION: super::Kind =
    super::Kind { what: "transformation", is: |_, record| matches!(record, Resource::Transformation(_)) };

/// The collection of a source's transformations.
pub fn collection(source: &str) -> String {
    format!("{source}/transformations")
}

/// A transformation's fields checked: 422 naming the field.
pub fn check(app: &App, transformation: &Transformation) -> Result<(), Status> {
    if transformation.name.trim().is_empty() {
        return Err(Status::invalid_field("name", "a transformation needs a name"));
    }
    fql::parse(&transformation.condition)
        .map_err(|e| Status::invalid_field("if", format!("if is not valid FQL: {e}")))?;
    for (n, property) in transformation.fql_defined_properties.iter().flatten().enumerate() {
        fql::parse(&property.fql).map_err(|e| {
            Status::invalid_field(format!("fqlDefinedProperties.{n}.fql"), format!("not valid FQL: {e}"))
        })?;
    }
    if let Some(id) = &transformation.destination_metadata_id
        && app.catalog.destination_by_id(id).is_none()
    {
        return Err(Status::invalid_field("destinationMetadataId", format!("no catalog destination {id}")));
    }
    for (n, rename) in transformation.property_renames.iter().flatten().enumerate() {
        if rename.old_name.is_empty() || rename.new_name.is_empty() {
            return Err(Status::invalid_field(format!("propertyRenames.{n}"), "a rename needs both names"));
        }
    }
    if let Some(encoding) = transformation.hash_properties_configuration.as_ref().and_then(|h| h.encoding.as_ref())
        && !HASH_ENCODINGS.contains(&encoding.as_str())
    {
        return Err(Status::invalid_field(
            "hashPropertiesConfiguration.encoding",
            format!("encoding must be one of {}", HASH_ENCODINGS.join(", ")),
        ));
    }
    Ok(())
}

/// Makes a transformation of `source` (its id and source left out: its place holds them).
pub fn create(app: &App, state: &State, source: &str, mut t: Transformation) -> Result<(Op, String), Status> {
    check(app, &t)?;
    (t.id, t.source_id) = (String::new(), String::new());
    let name = format!("{}/{}", collection(source), super::warehouses::fresh_id(state, ID_LENGTH));
    Ok((Op::Insert(name.clone(), Resource::Transformation(t)), name))
}

/// The transformation at `name`.
pub fn get<'s>(state: &'s State, name: &str) -> Result<&'s Transformation, Status> {
    match state.get(name) {
        Some(Resource::Transformation(t)) => Ok(t),
        _ => Err(Status::not_found(format!("{name} not found"))),
    }
}

/// A transformation's new value, under `source` (a move when it is another source): the op and its name.
pub fn update(app: &App, name: &str, source: &str, mut t: Transformation) -> Result<(Op, String), Status> {
    check(app, &t)?;
    (t.id, t.source_id) = (String::new(), String::new());
    if source_of(name) == source {
        return Ok((Op::Replace(name.to_string(), Resource::Transformation(t)), name.to_string()));
    }
    let id = name.rsplit('/').next().unwrap_or_default();
    let to = format!("{}/{id}", collection(source));
    Ok((Op::Move(name.to_string(), to.clone(), Resource::Transformation(t), None), to))
}

/// Every transformation of a workspace: its sources' in the sources' order.
pub fn all(state: &State, workspace: &str) -> Vec<String> {
    let sources = super::sources::collection(workspace);
    let mut all = Vec::new();
    for source in state.names_in(&sources) {
        all.extend(state.names_in(&collection(source)).map(String::from));
    }
    all
}

/// The source a transformation lies under.
pub fn source_of(name: &str) -> &str {
    name.rsplit_once("/transformations/").map_or(name, |(source, _)| source)
}
