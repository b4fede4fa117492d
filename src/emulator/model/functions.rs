//! Functions and insert function instances in neutral terms: where they are kept, the checks of a function's code and
//! settings, and of an instance's settings against what its function declares (docs/reference/public-api.md,
//! "Functions"). A function is kept under `workspaces/W/functions/<id>` with its versions; an instance under its
//! destination, `<destination>/insert-function-instances/<id>`, so that it goes with it.

use serde_json::{Map, Value};

use crate::emulator::status::Status;
use crate::emulator::store::{Resource, State};
use crate::wire::Code;
use crate::wire::public::functions::{FunctionRecord, FunctionSettingV1, InstanceRecord, MAX_CODE, SettingType};

/// The collection of a workspace's functions.
pub fn collection(workspace: &str) -> String {
    format!("{workspace}/functions")
}

/// The collection of a destination's insert function instances.
pub fn instances(destination: &str) -> String {
    format!("{destination}/insert-function-instances")
}

/// A function's code: not empty, at most [`MAX_CODE`] bytes; 422 naming `code` otherwise.
pub fn check_code(code: &str) -> Result<(), Status> {
    if code.trim().is_empty() {
        return Err(Status::invalid_field("code", "a function needs code"));
    }
    if code.len() > MAX_CODE {
        let size = crate::ui::count(code.len(), "byte");
        let message = format!("code is {size}, more than the {MAX_CODE} a function may hold");
        return Err(Status::invalid_field("code", message));
    }
    Ok(())
}

/// A display name: not empty; 422 naming `displayName` otherwise.
pub fn check_name(name: &str) -> Result<(), Status> {
    if name.trim().is_empty() {
        return Err(Status::invalid_field("displayName", "a function needs a displayName"));
    }
    Ok(())
}

/// A function's settings: each named, no name twice; 422 naming the setting otherwise.
pub fn check_settings(settings: &[FunctionSettingV1]) -> Result<(), Status> {
    for (i, setting) in settings.iter().enumerate() {
        if setting.name.trim().is_empty() {
            return Err(Status::invalid_field(format!("settings.{i}.name"), "a setting needs a name"));
        }
        if settings[..i].iter().any(|s| s.name == setting.name) {
            let message = format!("the setting {:?} is declared twice", setting.name);
            return Err(Status::invalid_field(format!("settings.{i}.name"), message));
        }
    }
    Ok(())
}

/// The function at `name`.
pub fn get<'s>(state: &'s State, name: &str) -> Result<&'s FunctionRecord, Status> {
    match state.get(name) {
        Some(Resource::Function(f)) => Ok(f),
        _ => Err(Status::not_found(format!("{name} not found"))),
    }
}

/// A function, by its id ([`super::Kind`]).
pub const FUNCTION: super::Kind =
    super::Kind { what: "function", is: |_, record| matches!(record, Resource::Function(_)) };

/// An insert function instance, by its id ([`super::Kind`]).
pub const INSTANCE: super::Kind = super::Kind {
    what: "insert function instance",
    is: |_, record| matches!(record, Resource::InsertFunctionInstance(_)),
};

/// The names of the workspace's instances of a function, in name order.
pub fn instances_of(state: &State, workspace: &str, function_id: &str) -> Vec<String> {
    let sources = format!("{workspace}/sources");
    state
        .names_under(&sources)
        .into_iter()
        .filter(
            |name| matches!(state.get(name), Some(Resource::InsertFunctionInstance(i)) if i.function_id == function_id),
        )
        .collect()
}

/// A function may be deleted when no instance uses it: 409 naming one that does.
pub fn check_unused(state: &State, workspace: &str, function_id: &str) -> Result<(), Status> {
    match instances_of(state, workspace, function_id).first() {
        Some(instance) => {
            let message =
                format!("function {function_id} is used by insert function instance {}", state.id_of(instance));
            Err(Status::new(Code::AlreadyExists, message))
        }
        None => Ok(()),
    }
}

/// An instance's settings against what its function declares: each one it declares, of its type, the required ones
/// given; 422 naming `settings.<name>` otherwise.
pub fn check_instance_settings(declared: &[FunctionSettingV1], settings: &Map<String, Value>) -> Result<(), Status> {
    for (key, value) in settings {
        let Some(setting) = declared.iter().find(|s| &s.name == key) else {
            return Err(Status::invalid_field(format!("settings.{key}"), format!("the function declares no {key:?}")));
        };
        let fits = match setting.kind {
            SettingType::String => value.is_string(),
            SettingType::Boolean => value.is_boolean(),
            SettingType::Array => value.is_array(),
            SettingType::TextMap => value.is_object(),
        } || value.is_null();
        if !fits {
            let message = format!("{key:?} must be of type {:?}", setting.kind);
            return Err(Status::invalid_field(format!("settings.{key}"), message));
        }
    }
    for setting in declared.iter().filter(|s| s.required) {
        if settings.get(&setting.name).is_none_or(Value::is_null) {
            let message = format!("the setting {:?} is required", setting.name);
            return Err(Status::invalid_field(format!("settings.{}", setting.name), message));
        }
    }
    Ok(())
}

/// Settings to store over `stored`: a censored value of a sensitive setting keeps the stored secret (422 when there
/// is none it could stand for).
pub fn restore_secrets(
    declared: &[FunctionSettingV1],
    settings: &mut Map<String, Value>,
    stored: Option<&InstanceRecord>,
) -> Result<(), Status> {
    for (key, value) in settings.iter_mut() {
        let sensitive = declared.iter().any(|s| &s.name == key && s.sensitive);
        let old = stored.and_then(|s| s.settings.get(key));
        crate::wire::config::restore_censored(value, old, &format!("settings.{key}"), sensitive).map_err(|at| {
            Status::invalid_field(at, "a censored value stands for no stored secret: send the value itself")
        })?;
    }
    Ok(())
}
