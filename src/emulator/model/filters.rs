//! Destination filters: stored under `<destination>/filters/df_<id>`, named `<destination>/config/<hex>/filters/df_...`
//! (the form the Config API answered in 2022; docs/EMULATOR.md); the Public API names one by the id without its prefix, 22
//! letters and digits as the service's (docs/EMULATOR.md). Filters of data files written before have 27, and
//! keep them. The `if` condition must be valid FQL and is stored as sent; actions must
//! have one of the four shapes.

use crate::emulator::mint::random_id;
use crate::emulator::status::Status;
use crate::emulator::store::{Op, Resource, State};
use crate::wire::filter::FILTER_ID_PREFIX;
use crate::wire::{DestinationFilter, fql};

/// The collection of a destination's filters.
pub fn collection(destination: &str) -> String {
    format!("{destination}/filters")
}

/// The config segment of a destination's filter names: a stable hex id of the destination, as the service's
/// names carry one (`.../destinations/webhooks/config/<hex>/filters/df_...`).
fn config_id(destination: &str) -> String {
    use sha1::{Digest, Sha1};
    hex::encode(&Sha1::digest(destination.as_bytes())[..8])
}

/// A filter's condition and actions, checked: 400 (the Public API: 422) naming what is wrong.
pub fn check(filter: &DestinationFilter) -> Result<(), Status> {
    fql::parse(&filter.condition)
        .map_err(|e| Status::invalid_field("if", format!("filter.if is not valid FQL: {e}")))?;
    filter.parsed_actions().map_err(|e| Status::invalid_field("actions", format!("filter.actions: {e}")))?;
    Ok(())
}

/// The length of a new filter's id (without its prefix).
pub const ID_LENGTH: usize = 22;

/// Makes a filter of `destination` from `input`'s title, description, condition, actions and `enabled`, with an id
/// no record has.
pub fn create(state: &State, destination: &str, input: DestinationFilter) -> Result<(Op, DestinationFilter), Status> {
    let id = loop {
        let id = random_id(ID_LENGTH);
        if state.name_of_id(&id).is_none() {
            break format!("{FILTER_ID_PREFIX}{id}");
        }
    };
    let filter = DestinationFilter {
        name: format!("{destination}/config/{}/filters/{id}", config_id(destination)),
        title: input.title,
        description: input.description,
        condition: input.condition,
        enabled: input.enabled,
        actions: input.actions,
        ..Default::default()
    };
    check(&filter)?;
    Ok((Op::Insert(format!("{}/{id}", collection(destination)), Resource::Filter(filter.clone())), filter))
}

/// The filter stored at `key`.
pub fn get<'s>(state: &'s State, key: &str) -> Result<&'s DestinationFilter, Status> {
    match state.get(key) {
        Some(Resource::Filter(filter)) => Ok(filter),
        _ => Err(Status::not_found(format!("{key} not found"))),
    }
}

/// Writes a filter's new value, checked.
pub fn update(state: &State, key: &str, new: DestinationFilter) -> Result<Op, Status> {
    get(state, key)?;
    check(&new)?;
    Ok(Op::Replace(key.to_string(), Resource::Filter(new)))
}

/// Deletes a filter.
pub fn delete(state: &State, key: &str) -> Result<Op, Status> {
    get(state, key)?;
    Ok(Op::RemoveTree(key.to_string()))
}

/// The destination a filter's key lies under.
pub fn destination_of(key: &str) -> &str {
    key.rsplit_once("/filters/").map_or(key, |(destination, _)| destination)
}
