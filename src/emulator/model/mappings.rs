//! Mappings of Actions destinations (the Public API's destination subscriptions): stored under
//! `<destination>/subscriptions/<id>`, the id 22 letters and digits. Every check runs before anything is stored
//! (docs/reference/actions.md): the destination must be an Actions one and hold fewer than five, the action one of
//! its own, the settings what the action takes (`wire::actions::catalog::Action::check_settings`), the trigger one
//! that parses (`check_trigger`). An update's `settings` merge by top-level key, a `null` removing one.

use serde_json::{Map, Value};

use super::destinations::slug_of;
use crate::emulator::mint::random_id;
use crate::emulator::status::Status;
use crate::emulator::store::{Op, Resource, State, StoredMapping};
use crate::wire::actions::catalog::{self, Action, Definition, MAX_MAPPINGS, Refusal};

/// The length of a mapping's id.
pub const ID_LENGTH: usize = 22;

/// The collection of a destination's mappings.
pub fn collection(destination: &str) -> String {
    format!("{destination}/subscriptions")
}

/// The Actions destination a destination's key is one of, if it is one.
pub fn definition(destination: &str) -> Option<&'static Definition> {
    catalog::by_slug(slug_of(destination))
}

fn refused(refusal: Refusal) -> Status {
    Status::invalid_field(refusal.field, refusal.message)
}

/// What a new mapping holds.
pub struct NewMapping {
    pub name: String,
    pub action_id: String,
    pub trigger: String,
    pub enabled: bool,
    pub settings: Map<String, Value>,
    pub model_id: Option<String>,
}

fn actions_destination(destination: &str) -> Result<&'static Definition, Status> {
    definition(destination).ok_or_else(|| {
        Status::invalid_field(
            "destinationId",
            format!(
                "the destination is a {} destination, which has no mappings: only Actions destinations \
                 (such as {}) have subscriptions",
                slug_of(destination),
                catalog::WEBHOOKS.name
            ),
        )
    })
}

/// The action a mapping runs, of its destination.
pub fn action_of(destination: &str, action_id: &str) -> Result<&'static Action, Status> {
    let definition = actions_destination(destination)?;
    definition.action(action_id).ok_or_else(|| {
        let known: Vec<&str> = definition.actions.iter().map(|a| a.id).collect();
        Status::invalid_field(
            "actionId",
            format!("{} has no action {action_id:?} (its actions: {})", definition.name, known.join(", ")),
        )
    })
}

/// A mapping's name, trigger and settings, checked.
fn check(action: &Action, mapping: &StoredMapping) -> Result<(), Status> {
    if mapping.name.trim().is_empty() {
        return Err(Status::invalid_field("name", "a mapping needs a name"));
    }
    catalog::check_trigger(&mapping.trigger).map_err(refused)?;
    action.check_settings(&mapping.settings).map_err(refused)?;
    Ok(())
}

/// Makes a mapping of `destination`: its key and the op.
pub fn create(state: &State, destination: &str, input: NewMapping) -> Result<(Op, String), Status> {
    let action = action_of(destination, &input.action_id)?;
    if state.size_of(&collection(destination)) >= MAX_MAPPINGS {
        return Err(Status::invalid_field(
            "destinationId",
            format!("a destination holds at most {MAX_MAPPINGS} mappings, and this one has {MAX_MAPPINGS}"),
        ));
    }
    let mapping = StoredMapping {
        name: input.name,
        action_id: action.id.to_string(),
        trigger: input.trigger,
        enabled: input.enabled,
        settings: input.settings,
        model_id: input.model_id,
    };
    check(action, &mapping)?;
    let id = loop {
        let id = random_id(ID_LENGTH);
        if state.name_of_id(&id).is_none() {
            break id;
        }
    };
    let key = format!("{}/{id}", collection(destination));
    Ok((Op::Insert(key.clone(), Resource::Mapping(mapping)), key))
}

/// The mapping stored at `key`.
pub fn get<'s>(state: &'s State, key: &str) -> Result<&'s StoredMapping, Status> {
    match state.get(key) {
        Some(Resource::Mapping(mapping)) => Ok(mapping),
        _ => Err(Status::not_found(format!("{key} not found"))),
    }
}

/// What an update changes: only the fields given.
#[derive(Default)]
pub struct Changes {
    pub name: Option<String>,
    pub trigger: Option<String>,
    pub enabled: Option<bool>,
    /// Merged by top-level key; a `null` removes the key.
    pub settings: Option<Map<String, Value>>,
}

/// Writes a mapping's new value, checked as on create.
pub fn update(state: &State, key: &str, changes: Changes) -> Result<Op, Status> {
    let mut mapping = get(state, key)?.clone();
    let action = action_of(destination_of(key), &mapping.action_id)?;
    if let Some(name) = changes.name {
        mapping.name = name;
    }
    if let Some(trigger) = changes.trigger {
        mapping.trigger = trigger;
    }
    if let Some(enabled) = changes.enabled {
        mapping.enabled = enabled;
    }
    if let Some(settings) = changes.settings {
        merge(&mut mapping.settings, settings);
    }
    check(action, &mapping)?;
    Ok(Op::Replace(key.to_string(), Resource::Mapping(mapping)))
}

/// Merges `changes` into `settings` by top-level key, a `null` removing the key.
pub fn merge(settings: &mut Map<String, Value>, changes: Map<String, Value>) {
    for (key, value) in changes {
        if value.is_null() {
            settings.remove(&key);
        } else {
            settings.insert(key, value);
        }
    }
}

/// Deletes a mapping.
pub fn delete(state: &State, key: &str) -> Result<Op, Status> {
    get(state, key)?;
    Ok(Op::RemoveTree(key.to_string()))
}

/// The destination a mapping's key lies under.
pub fn destination_of(key: &str) -> &str {
    key.rsplit_once("/subscriptions/").map_or(key, |(destination, _)| destination)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_merge_by_top_level_key_and_null_removes() {
        let mut settings = serde_json::json!({"url": "http://a/", "headers": {"A": "1"}}).as_object().unwrap().clone();
        let changes = serde_json::json!({"headers": {"B": "2"}, "url": null, "method": "PUT"});
        merge(&mut settings, changes.as_object().unwrap().clone());
        assert_eq!(Value::Object(settings), serde_json::json!({"headers": {"B": "2"}, "method": "PUT"}));
    }
}
