//! Update bodies by the seed's update-mask rules, for every updatable resource:
//! 1. only listed paths change;
//! 2. a listed path with no value becomes its empty value (`""`, `0`, `false`, `[]`, `{}`);
//! 3. with no paths nothing changes;
//! 4. a listed path with a value takes it.
//!
//! Unknown and read-only paths are 400 / code 3. `null` counts as no value. Works on the resource as JSON; the
//! caller turns the result back into its typed record, which is where a value of the wrong type is caught. Values
//! of paths the mask does not list are not applied but are still checked ([`MaskedUpdate::everything_given`]), as a
//! service that decodes the whole body first refuses a bad value wherever it sits.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::emulator::status::Status;
use crate::wire::{Resource, SchemaConfig, UpdateRequest};

/// The paths an update of each resource may name (without the resource key).
pub const SOURCE: &[&str] = &[
    "display_name",
    "labels",
    "library_config",
    "library_config.metrics_enabled",
    "library_config.retry_queue",
    "library_config.cross_domain_id_enabled",
    "library_config.api_host",
];
pub const DESTINATION: &[&str] = &["enabled", "config", "connection_mode"];
pub const TRACKING_PLAN: &[&str] = &[
    "display_name",
    "rules",
    "rules.events",
    "rules.global",
    "rules.identify",
    "rules.group",
    "rules.identify_traits",
    "rules.group_traits",
];
pub const FILTER: &[&str] = &["if", "actions", "title", "description", "enabled"];

/// A schema config's paths: each of its fields ([`SchemaConfig::FIELDS`]).
pub fn schema_config() -> Vec<&'static str> {
    SchemaConfig::FIELDS.iter().map(|(field, _)| *field).collect()
}

/// What an Update body asks for, checked against the fields that may change.
#[derive(Debug)]
pub struct MaskedUpdate {
    /// Field paths without the resource key, snake_case, split into segments.
    pub paths: Vec<Vec<String>>,
    /// The resource object of the body (`{}` when absent).
    pub fields: Map<String, Value>,
    /// Every updatable path the body gives a value for, listed or not.
    pub given: Vec<Vec<String>>,
}

const READ_ONLY: [&str; 8] =
    ["name", "parent", "create_time", "update_time", "id", "write_keys", "catalog_name", "token"];

impl MaskedUpdate {
    /// Checks an Update body (`{"<key>": {...}, "update_mask": {"paths": [...]}}`, the shared [`UpdateRequest`])
    /// against `updatable`, the field paths (snake_case, dotted below the key) that may be named.
    pub fn new<T: Resource>(request: UpdateRequest<T>, updatable: &[&str]) -> Result<MaskedUpdate, Status> {
        let mut paths = Vec::with_capacity(request.mask.paths.len());
        for raw in request.mask.paths {
            let segments: Vec<String> = raw.split('.').map(snake_case).collect();
            // The seed writes `destination.enabled`; a bare `enabled` is taken to mean the same.
            let field: Vec<String> =
                if segments.len() > 1 && segments[0] == T::KEY { segments[1..].to_vec() } else { segments };
            let dotted = field.join(".");
            if READ_ONLY.contains(&field[0].as_str()) {
                return Err(Status::invalid(format!("update_mask path {raw:?} names a read-only field")));
            }
            if !updatable.contains(&dotted.as_str()) {
                return Err(Status::invalid(format!(
                    "unknown update_mask path {raw:?}; updatable: {}",
                    updatable.iter().map(|p| format!("{}.{p}", T::KEY)).collect::<Vec<_>>().join(", ")
                )));
            }
            if !paths.contains(&field) {
                paths.push(field);
            }
        }
        let mut update = MaskedUpdate { paths, fields: request.fields, given: Vec::new() };
        update.given = updatable
            .iter()
            .map(|path| path.split('.').map(String::from).collect::<Vec<_>>())
            .filter(|path| update.value(path).is_some())
            .collect();
        Ok(update)
    }

    /// The value the body gives for a path, looking each key up in snake_case, then lowerCamelCase; `null` is none.
    pub fn value(&self, path: &[String]) -> Option<&Value> {
        let mut here = &self.fields;
        let (last, parents) = path.split_last()?;
        for segment in parents {
            here = lookup(here, segment)?.as_object()?;
        }
        lookup(here, last).filter(|value| !value.is_null())
    }

    /// This body with every path it gives a value for listed: applying it checks the values the mask leaves out.
    /// A path inside another given one is left to it (its value is part of the other's).
    pub fn everything_given(&self) -> MaskedUpdate {
        let outer = |path: &&Vec<String>| !self.given.iter().any(|o| o.len() < path.len() && path.starts_with(o));
        let paths = self.given.iter().filter(outer).cloned().collect();
        MaskedUpdate { paths, fields: self.fields.clone(), given: Vec::new() }
    }

    /// Applies rules 1, 2 and 4 to `current` (rule 3: no paths, no change). Returns whether anything changed.
    pub fn apply(&self, current: &mut Map<String, Value>) -> Result<bool, Status> {
        let before = current.clone();
        for path in &self.paths {
            let new = self.value(path).cloned();
            let (last, parents) = path.split_last().expect("paths are never empty");
            let mut here = &mut *current;
            for segment in parents {
                here = here
                    .get_mut(segment)
                    .and_then(Value::as_object_mut)
                    .ok_or_else(|| Status::invalid(format!("{} is not an object", path.join("."))))?;
            }
            let value = match (new, here.get(last)) {
                (Some(v), _) => v,
                (None, Some(old)) => empty_like(old),
                // An optional field that is absent stays absent: that is its empty value.
                (None, None) => continue,
            };
            here.insert(last.clone(), value);
        }
        Ok(*current != before)
    }
}

impl MaskedUpdate {
    /// Applies the update to a typed record: `None` when nothing changed; a value of the wrong type is 400 / code 3.
    pub fn apply_to<T: Serialize + DeserializeOwned>(&self, current: &T) -> Result<Option<T>, Status> {
        let Ok(Value::Object(mut map)) = serde_json::to_value(current) else {
            return Err(Status::internal("resource is not a JSON object"));
        };
        if !self.apply(&mut map)? {
            return Ok(None);
        }
        serde_json::from_value(Value::Object(map))
            .map(Some)
            .map_err(|e| Status::invalid(format!("invalid value in update: {e}")))
    }
}

fn lookup<'a>(map: &'a Map<String, Value>, snake: &str) -> Option<&'a Value> {
    map.get(snake).or_else(|| map.get(&camel_case(snake)))
}

/// The empty value of a field's type.
fn empty_like(value: &Value) -> Value {
    match value {
        Value::Bool(_) => Value::Bool(false),
        Value::Number(_) => Value::from(0),
        Value::String(_) => Value::String(String::new()),
        Value::Array(_) => Value::Array(Vec::new()),
        Value::Object(_) => Value::Object(Map::new()),
        Value::Null => Value::Null,
    }
}

use crate::text::snake_case;

fn camel_case(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut upper = false;
    for c in s.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::Destination;
    use serde_json::json;

    const FIELDS: &[&str] = &["enabled", "config", "connection_mode", "library_config.retry_queue"];

    fn parse<T: Resource>(body: &[u8], updatable: &[&str]) -> Result<MaskedUpdate, Status> {
        MaskedUpdate::new(crate::emulator::body::json::<UpdateRequest<T>>(body)?, updatable)
    }

    fn run(current: Value, body: Value) -> Result<(Value, bool), Status> {
        let update = parse::<Destination>(body.to_string().as_bytes(), FIELDS)?;
        let mut map = current.as_object().unwrap().clone();
        let changed = update.apply(&mut map)?;
        Ok((Value::Object(map), changed))
    }

    fn current() -> Value {
        json!({"enabled": true, "connection_mode": "CLOUD", "config": [1], "library_config": {"retry_queue": true, "x": 1}})
    }

    #[test]
    fn rule_1_only_listed_paths_change() {
        let body = json!({"destination": {"enabled": false, "connection_mode": "DEVICE"},
                          "update_mask": {"paths": ["destination.enabled"]}});
        let (out, changed) = run(current(), body).unwrap();
        assert!(changed);
        assert_eq!(out["enabled"], false);
        assert_eq!(out["connection_mode"], "CLOUD");
    }

    #[test]
    fn rule_2_listed_without_value_becomes_empty() {
        let body = json!({"update_mask": {"paths": ["destination.enabled", "destination.connection_mode",
                                                     "destination.config", "destination.library_config.retry_queue"]}});
        let (out, _) = run(current(), body).unwrap();
        assert_eq!(out["enabled"], false);
        assert_eq!(out["connection_mode"], "");
        assert_eq!(out["config"], json!([]));
        assert_eq!(out["library_config"], json!({"retry_queue": false, "x": 1}));
    }

    #[test]
    fn rule_3_no_paths_no_change() {
        let (out, changed) = run(current(), json!({"destination": {"enabled": false}})).unwrap();
        assert!(!changed);
        assert_eq!(out, current());
        let (_, changed) =
            run(current(), json!({"destination": {"enabled": false}, "update_mask": {"paths": []}})).unwrap();
        assert!(!changed);
    }

    #[test]
    fn rule_4_listed_with_value_takes_it_in_either_spelling() {
        let body = json!({"destination": {"connectionMode": "DEVICE"}, "updateMask": "destination.connectionMode"});
        let (out, _) = run(current(), body).unwrap();
        assert_eq!(out["connection_mode"], "DEVICE");
    }

    #[test]
    fn null_is_no_value() {
        let body = json!({"destination": {"enabled": null, "connection_mode": null},
                          "update_mask": {"paths": ["destination.enabled"]}});
        let (out, _) = run(current(), body).unwrap();
        assert_eq!(out["enabled"], false, "rule 2: listed without a value");
        assert_eq!(out["connection_mode"], "CLOUD");
    }

    #[test]
    fn everything_given_lists_every_path_with_a_value() {
        let body = json!({"destination": {"enabled": false, "connection_mode": null,
                                          "library_config": {"retry_queue": false}, "other": 1},
                          "update_mask": {"paths": []}});
        let update = parse::<Destination>(body.to_string().as_bytes(), FIELDS).unwrap();
        assert!(update.paths.is_empty());
        let given: Vec<String> = update.everything_given().paths.iter().map(|p| p.join(".")).collect();
        assert_eq!(given, ["enabled", "library_config.retry_queue"]);
        // A path inside another given one is checked as part of it.
        let body = json!({"source": {"libraryConfig": {"retryQueue": true}}});
        let fields = ["library_config", "library_config.retry_queue"];
        let update = parse::<crate::wire::Source>(body.to_string().as_bytes(), &fields).unwrap();
        assert_eq!(update.given.len(), 2);
        let given: Vec<String> = update.everything_given().paths.iter().map(|p| p.join(".")).collect();
        assert_eq!(given, ["library_config"]);
    }

    #[test]
    fn unknown_and_read_only_paths_are_invalid() {
        for path in ["destination.nope", "destination.name", "destination.create_time", "destination.library_config.x"]
        {
            let err = run(current(), json!({"update_mask": {"paths": [path]}})).unwrap_err();
            assert_eq!(err.code, crate::wire::Code::InvalidArgument, "{path}");
        }
        for body in
            [json!({"update_mask": {"paths": [1]}}), json!({"update_mask": 5}), json!([]), json!({"destination": 1})]
        {
            assert!(run(current(), body).is_err());
        }
    }
}
