//! Executing a plan: every request is made ready first (each `$env` reference resolved where a destination's
//! config holds it, and nowhere else; each update's mask checked), so that a plan that cannot be sent whole is
//! refused before its first write. Then each change's request is sent in order, through the client (so pacing,
//! retries and the effect gate apply: under `--dry-run` every request is described and none sent). The first
//! failure stops the run with its error, after saying what was done and what was not; since a plan is computed from
//! what is, running `apply` again does the rest.

use std::collections::HashMap;

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::diff::{Action, Change, Op, Plan};
use super::document::env_name_allowed;
use super::secrets::{self, Env};
use crate::api::client::{Client, Known, Outcome};
use crate::error::{Error, Result};
use crate::wire::{
    self, ConfigItem, Destination, DestinationFilter, DestinationMapping, Empty, Request, SchemaConfig, Source,
    SourceConnection, Target, TrackingPlan,
};

/// What an apply did.
#[derive(Debug, Default)]
pub struct Applied {
    pub sent: usize,
    pub dry_run: bool,
}

/// Every request of the plan, ready to send: references resolved, masks checked. Any refusal comes here, before
/// the first write.
pub fn prepare<'p>(plan: &'p Plan, env: &dyn Env) -> Result<Vec<(&'p Change, Op)>> {
    let mut ready = Vec::with_capacity(plan.changes.len());
    let folder = std::path::PathBuf::from(plan.code_folder.as_deref().unwrap_or("."));
    for change in &plan.changes {
        let Some(op) = &change.op else { continue };
        let mut op = prepare_op(op, env)?;
        with_code(&mut op, &folder)
            .map_err(|e| Error::usage(format!("{}: {e}", crate::ui::escape_control(&change.resource))))?;
        let empty = match &op {
            Op::UpdateSource { update, .. } => update.mask.paths.is_empty(),
            Op::UpdateDestination { update, .. } => update.mask.paths.is_empty(),
            Op::UpdateFilter { update, .. } => update.mask.paths.is_empty(),
            Op::UpdateMapping { update, .. } => update.mask.paths.is_empty(),
            Op::UpdateSchemaConfig { update, .. } => update.mask.paths.is_empty(),
            Op::UpdatePlan { update, .. } => update.mask.paths.is_empty(),
            Op::UpdateRecord { update, .. } => update.mask.paths.is_empty(),
            _ => false,
        };
        if empty {
            return Err(Error::usage(format!("the update of {} changes nothing", change.resource)));
        }
        // What the client would refuse when it sends it, refused before the first write.
        crate::api::client::refuse_censored(&request(&op, &HashMap::new())?)
            .map_err(|e| Error::usage(format!("{}: {e}", crate::ui::escape_control(&change.resource))))?;
        ready.push((change, op));
    }
    Ok(ready)
}

/// Sends every change of the plan in order. `say` hears one line per change made.
pub async fn apply(client: &Client, plan: &Plan, env: &dyn Env, say: &dyn Fn(&str)) -> Result<Applied> {
    let ready = prepare(plan, env)?;
    let mut applied = Applied::default();
    // Tracking plans created by this run, by display name: their connections need their new names.
    let mut created: HashMap<String, String> = HashMap::new();
    let mut known = Known::default();
    for (index, (change, op)) in ready.iter().enumerate() {
        match step(client, change, op, &mut created, &mut known, say).await {
            Ok(dry_run) => {
                applied.sent += 1;
                applied.dry_run |= dry_run;
                if !dry_run {
                    say(&done_line(change));
                }
            }
            Err(error) => {
                let resource = crate::ui::escape_control(&change.resource);
                let verb = change.action.verb();
                say(&format!("stopped at change {} of {}: {verb} {resource}", index + 1, ready.len()));
                if client.dry_run() {
                    // Nothing was made: the changes before were only described.
                    say(&format!(
                        "described: {}; not described: {}",
                        crate::ui::count(applied.sent, "change"),
                        ready.len() - index
                    ));
                } else {
                    say(&format!(
                        "done: {}; not done: {} (run apply again to make them)",
                        crate::ui::count(applied.sent, "change"),
                        ready.len() - index
                    ));
                }
                return Err(error);
            }
        }
    }
    Ok(applied)
}

/// Sends one change's op, and checks that it sent as many write calls as the plan counts for it (`requests`: the
/// client's count of the request, [`Client::writes`]). A difference is said (the workspace may have moved between
/// the count and the send: a label made meanwhile); in a debug build, as the tests run seg, it stops the run: the
/// count no longer tells what the adapter sends.
async fn step(
    client: &Client,
    change: &Change,
    op: &Op,
    created: &mut HashMap<String, String>,
    known: &mut Known,
    say: &dyn Fn(&str),
) -> Result<bool> {
    let request = request(op, created)?;
    let counted = if client.dry_run() { None } else { Some(client.writes(&request, known).await?) };
    let before = client.writes_sent();
    let dry_run = send(client, op, request, created).await?;
    let sent = client.writes_sent() - before;
    if let Some(counted) = counted.filter(|counted| *counted != sent) {
        let resource = crate::ui::escape_control(&change.resource);
        say(&format!(
            "note: the plan counted {} for {} {resource}, and {sent} went out",
            crate::ui::count(counted, "request"),
            change.action.verb()
        ));
        debug_assert_eq!(counted, sent, "the count of {} {resource} is not what was sent", change.action.verb());
    }
    Ok(dry_run)
}

/// `updated NAME (destination.enabled)`, `connected PLAN to SOURCE`, ...
fn done_line(change: &Change) -> String {
    let resource = crate::ui::escape_control(&change.resource);
    let paths: Vec<&str> = change.fields.iter().map(|f| f.path.as_str()).collect();
    let source = change.fields.first().map(|f| if f.to.is_null() { &f.from } else { &f.to });
    let source = source.and_then(serde_json::Value::as_str).unwrap_or_default();
    match change.action {
        Action::Create => format!("created {resource}"),
        Action::Update => format!("updated {resource} ({})", paths.join(", ")),
        Action::Delete => format!("deleted {resource}"),
        Action::Connect => format!("connected {resource} to {source}"),
        Action::Disconnect => format!("disconnected {resource} from {source}"),
    }
}

/// Sends one op's request ([`request`]'s); whether it was only described (`--dry-run`). The answer is read as the
/// resource the op makes or changes.
async fn send(
    client: &Client,
    op: &Op,
    request: Request<Value>,
    created: &mut HashMap<String, String>,
) -> Result<bool> {
    match op {
        Op::CreateSource { .. } | Op::UpdateSource { .. } => done(client, &request.answering::<Source>()).await,
        Op::CreateDestination { .. } | Op::UpdateDestination { .. } => {
            done(client, &request.answering::<Destination>()).await
        }
        Op::CreateFilter { .. } | Op::UpdateFilter { .. } => {
            done(client, &request.answering::<DestinationFilter>()).await
        }
        Op::CreateMapping { .. } | Op::UpdateMapping { .. } => {
            done(client, &request.answering::<DestinationMapping>()).await
        }
        Op::UpdateSchemaConfig { .. } => done(client, &request.answering::<SchemaConfig>()).await,
        Op::UpdatePlan { .. } => done(client, &request.answering::<TrackingPlan>()).await,
        Op::Connect { .. } => done(client, &request.answering::<SourceConnection>()).await,
        Op::DeleteSource { .. }
        | Op::DeleteDestination { .. }
        | Op::DeleteFilter { .. }
        | Op::DeleteMapping { .. }
        | Op::DeletePlan { .. }
        | Op::Disconnect { .. } => done(client, &request.answering::<Empty>()).await,
        Op::CreateRecord { .. } | Op::UpdateRecord { .. } => {
            done(client, &request.answering::<wire::PublicRecord>()).await
        }
        Op::DeleteRecord { .. } => done(client, &request.answering::<Empty>()).await,
        Op::CreatePlan { body, .. } => match client.send(&request.answering::<TrackingPlan>()).await? {
            Outcome::Answer(plan) => {
                created.insert(body.tracking_plan.display_name.clone(), plan.name);
                Ok(false)
            }
            Outcome::DryRun => Ok(true),
        },
    }
}

/// The request an op sends, in seg's vocabulary: made here only, for `apply` to send and for the plan to count
/// ([`requests`]). A connection to a tracking plan this apply creates names the plan as `created` has it, or (not
/// made yet: under `--dry-run`, or counted before anything is sent) by its display name.
pub fn request(op: &Op, created: &HashMap<String, String>) -> Result<Request<Value>> {
    fn update<T>(request: std::result::Result<Request<T>, String>) -> Result<Request<Value>> {
        request.map(Request::answering).map_err(Error::failed)
    }
    // The names an op holds, as the plan (or a saved plan's file) wrote them.
    let named = |name: &str| Target::named(name).map_err(Error::failed);
    let under = |name: &str, what: &str| Target::under(name, what).map_err(Error::failed);
    Ok(match op {
        Op::CreateSource { collection, body } => wire::create(named(collection)?, body).answering(),
        Op::UpdateSource { name, update: u } => update(u.clone().into_request(named(name)?))?,
        Op::CreateDestination { collection, body } => wire::create(named(collection)?, body).answering(),
        Op::UpdateDestination { name, update: u } => update(u.clone().into_request(named(name)?))?,
        Op::CreateFilter { collection, body } => wire::create(named(collection)?, body).answering(),
        Op::UpdateFilter { name, update: u } => update(u.clone().into_request(named(name)?))?,
        Op::CreateMapping { collection, body } => wire::create(named(collection)?, body).answering(),
        Op::UpdateMapping { name, update: u } => update(u.clone().into_request(named(name)?))?,
        Op::UpdateSchemaConfig { name, update: u } => update(u.clone().into_request(named(name)?))?,
        Op::CreatePlan { collection, body } => wire::create(named(collection)?, body).answering(),
        Op::UpdatePlan { name, update: u } => update(u.clone().into_request(named(name)?))?,
        Op::Connect { plan, body } => {
            let connections = match (&plan.name, created.get(&plan.display_name)) {
                (Some(name), _) | (None, Some(name)) => under(name, "source-connections")?,
                // Not made yet: named by its display name, whatever characters it holds.
                (None, None) => {
                    let source = named(&body.source_name)?;
                    let ws = source.workspace().unwrap_or_default().to_string();
                    Target::Connections { ws, plan: plan.display_name.clone() }
                }
            };
            wire::create(connections, body).answering()
        }
        Op::DeleteSource { name }
        | Op::DeleteDestination { name }
        | Op::DeleteFilter { name }
        | Op::DeleteMapping { name }
        | Op::DeletePlan { name } => Request::delete(named(name)?).answering(),
        Op::CreateRecord { collection, body } => wire::create(named(collection)?, body).answering(),
        Op::UpdateRecord { name, update: u } => update(u.clone().into_request(named(name)?))?,
        Op::DeleteRecord { name } => Request::delete(named(name)?).answering(),
        Op::Disconnect { plan, source } => {
            let connections = under(plan, "source-connections")?;
            let connection =
                connections.item(source).ok_or_else(|| Error::failed(format!("{connections}: no item")))?;
            Request::delete(connection).answering()
        }
    })
}

/// How many write requests `apply` sends for the plan, on the client's API: each change's request (made by
/// [`request`], as `apply` makes it) counted as the client says it goes out (`Client::writes`: one on the Config
/// API; on the Public API as its adapter translates it, which may read the workspace's labels once).
pub async fn requests(client: &Client, plan: &Plan) -> Result<usize> {
    let mut known = Known::default();
    let created = HashMap::new();
    let mut total = 0;
    for op in plan.changes.iter().filter_map(|change| change.op.as_ref()) {
        total += client.writes(&request(op, &created)?, &mut known).await?;
    }
    Ok(total)
}

async fn done<A: DeserializeOwned>(client: &Client, request: &Request<A>) -> Result<bool> {
    Ok(matches!(client.send(request).await?, Outcome::DryRun))
}

/// The op as it is sent: the references of its destination's config items replaced by their values. A reference
/// anywhere else (a tracking plan's rules, a filter, a name) or naming anything but a `SEG_SECRET_` variable is
/// refused, as is an unset variable: each a usage error, before the first write of the plan.
pub fn prepare_op(op: &Op, env: &dyn Env) -> Result<Op> {
    let mut op = op.clone();
    let unset = |name: String| {
        if env_name_allowed(&name) {
            Error::usage(format!("set {name} (the plan's secrets); nothing was changed"))
        } else {
            Error::usage(format!(
                "a $env reference names {}: only {}... variables may be read",
                super::document::token(&name),
                super::document::ENV_PREFIX
            ))
        }
    };
    let resolve_items = |items: &mut [ConfigItem]| -> Result<()> {
        for item in items {
            item.value = secrets::resolve(&item.value, env).map_err(unset)?;
        }
        Ok(())
    };
    match &mut op {
        Op::CreateDestination { body, .. } => {
            resolve_items(body.destination.config.as_deref_mut().unwrap_or_default())?
        }
        // A mapping's header values are the one place in a mapping a reference may stand.
        Op::CreateMapping { body, .. } => resolve_headers(&mut body.mapping.settings, env).map_err(unset)?,
        Op::UpdateMapping { update, .. } => {
            if let Some(Value::Object(settings)) = update.fields.get_mut("settings") {
                resolve_headers(settings, env).map_err(unset)?;
            }
        }
        // A warehouse's and an instance's settings, as a destination's config: where a reference may stand.
        Op::CreateRecord { collection, body } => {
            let noun = match Target::parse(collection) {
                Some(Target::Records { noun, .. }) => Some(noun),
                _ => None,
            };
            resolve_record(noun, body, env).map_err(unset)?
        }
        Op::UpdateRecord { name, update } => {
            let holds = matches!(Target::parse(name), Some(Target::Record { noun, .. }) if holds_secrets(noun));
            if let (Some(Value::Object(settings)), true) = (update.fields.get_mut("settings"), holds) {
                for value in settings.values_mut() {
                    *value = secrets::resolve(value, env).map_err(unset)?;
                }
            }
        }
        Op::UpdateDestination { update, .. } => {
            if let Some(Value::Array(items)) = update.fields.get_mut("config") {
                for item in items.iter_mut() {
                    if let Some(value) = item.get_mut("value") {
                        *value = secrets::resolve(value, env).map_err(unset)?;
                    }
                }
            }
        }
        _ => {}
    }
    let sent = serde_json::to_value(&op).map_err(|e| Error::failed(e.to_string()))?;
    if has_env_key(&sent) {
        return Err(Error::usage(
            "the plan holds a $env reference outside a destination's config, a mapping's headers or a warehouse's or \
             an insert function instance's settings; a reference may stand only there",
        ));
    }
    Ok(op)
}

/// The references among a mapping's `headers` replaced by their values.
fn resolve_headers(settings: &mut serde_json::Map<String, Value>, env: &dyn Env) -> std::result::Result<(), String> {
    if let Some(Value::Object(headers)) = settings.get_mut("headers") {
        for value in headers.values_mut() {
            *value = secrets::resolve(value, env)?;
        }
    }
    Ok(())
}

/// Whether any object of a value has a `$env` key (a reference, or something shaped to pass for one).
fn has_env_key(value: &Value) -> bool {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(map) => {
                if map.contains_key("$env") {
                    return true;
                }
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    false
}

/// Whether a record of `noun` may hold a `$env` reference in its `settings`: a warehouse's and an insert function
/// instance's, nothing else's (a reference in a label or a group would put a secret where others read it).
fn holds_secrets(noun: wire::Noun) -> bool {
    matches!(noun, wire::Noun::Warehouses | wire::Noun::Instances)
}

/// A create's settings (and those of what is made below it) with their references resolved, where its noun holds
/// secrets; any other reference is left for `prepare_op` to refuse.
fn resolve_record(
    noun: Option<wire::Noun>,
    input: &mut wire::RecordInput,
    env: &dyn Env,
) -> std::result::Result<(), String> {
    if let (Some(Value::Object(settings)), true) = (input.fields.get_mut("settings"), noun.is_some_and(holds_secrets)) {
        for value in settings.values_mut() {
            *value = secrets::resolve(value, env)?;
        }
    }
    for below in &mut input.below {
        let child = noun.and_then(|noun| wire::Noun::of(Some(noun), &below.collection));
        resolve_record(child, &mut below.input, env)?;
    }
    Ok(())
}

/// A function's code put in its op: the file its reference names, read below `folder` as the workspace file's
/// code is (`plan::code`), refused unless its hash is the one the plan was made with.
fn with_code(op: &mut Op, folder: &std::path::Path) -> std::result::Result<(), String> {
    let fields = match op {
        Op::CreateRecord { body, .. } => &mut body.fields,
        Op::UpdateRecord { update, .. } => &mut update.fields,
        _ => return Ok(()),
    };
    let Some(Value::Object(reference)) = fields.get("code") else { return Ok(()) };
    let Some(path) = reference.get(super::diff::CODE).and_then(Value::as_str) else {
        return Err("its code is not a reference to a file".into());
    };
    let code = super::code::Code::read(folder, path)?;
    if reference.get("sha256").and_then(Value::as_str) != Some(code.sha256.as_str()) {
        // The file's own hash is not said: a hand-edited plan may name a file that is not code.
        return Err(format!(
            "the code file {} changed since the plan was made: make the plan again",
            crate::text::quoted(path)
        ));
    }
    fields.insert("code".to_string(), Value::String(code.text));
    Ok(())
}
