//! Destinations: `workspaces/<ws>/sources/<src>/destinations/<slug>`, the slug being a catalog destination.
//! Config items are named `<destination>/config/<key>` (a bare key is accepted), typed from the catalog when the
//! request leaves `type` out, and merged by name on update. The `webhooks` destination holds at most 5 hooks.

use serde_json::Value;

use super::{Ctx, Reply, child_slug, deleted, now, ok};
use crate::emulator::store::{Op, Resource};
use crate::emulator::{body, mask, outbox, status::Status};
use crate::wire::{CONNECTION_MODES, ConfigItem, CreateDestination, Destination, wrapper};

pub const UPDATABLE: &[&str] = &["enabled", "config", "connection_mode"];

/// Webhook URLs a destination may hold (the seed: "up to 5 URLs").
pub const MAX_HOOKS: usize = 5;

fn source_name(ws: &str, src: &str) -> String {
    format!("workspaces/{ws}/sources/{src}")
}

fn require_source(ctx: &Ctx, ws: &str, src: &str) -> Result<String, Status> {
    ctx.workspace(ws)?;
    let source = source_name(ws, src);
    if ctx.store.contains(&source) { Ok(source) } else { Err(Status::not_found(format!("{source} not found"))) }
}

pub fn list(ctx: &mut Ctx, ws: &str, src: &str) -> Reply {
    let source = require_source(ctx, ws, src)?;
    ctx.list(&format!("{source}/destinations"), wrapper::DESTINATIONS, |_| true)
}

pub fn get(ctx: &mut Ctx, ws: &str, src: &str, dst: &str) -> Reply {
    let source = require_source(ctx, ws, src)?;
    ctx.get(&format!("{source}/destinations/{dst}"))
}

pub fn create(ctx: &mut Ctx, ws: &str, src: &str) -> Reply {
    let source = require_source(ctx, ws, src)?;
    let CreateDestination { destination: input } = body::json(ctx.body)?;
    let collection = format!("{source}/destinations");
    let slug = child_slug(&input.name, &collection, "destination")?;
    let Some(catalog) = ctx.app.catalog.destination(slug) else {
        return Err(Status::invalid(format!(
            "destination slug {slug:?} is not in the catalog; see GET /v1beta/catalog/destinations"
        )));
    };
    let name = format!("{collection}/{slug}");
    let config = normalize_config(ctx, &name, slug, input.config.unwrap_or_default())?;
    let connection_mode = input.connection_mode.unwrap_or_else(|| "UNSPECIFIED".into());
    check_connection_mode(&connection_mode)?;
    let time = now();
    let destination = Destination {
        name: name.clone(),
        parent: source,
        display_name: catalog.display_name.clone(),
        enabled: input.enabled.unwrap_or(false),
        connection_mode,
        config,
        create_time: time.clone(),
        update_time: time,
        ..Default::default()
    };
    ctx.store.commit(vec![Op::Insert(name, Resource::Destination(destination.clone()))])?;
    ok(&destination)
}

pub fn update(ctx: &mut Ctx, ws: &str, src: &str, dst: &str) -> Reply {
    let source = require_source(ctx, ws, src)?;
    let name = format!("{source}/destinations/{dst}");
    let Some(Resource::Destination(current)) = ctx.store.get(&name) else {
        return Err(Status::not_found(format!("{name} not found")));
    };
    let current = current.clone();
    let mut update = mask::parse::<Destination>(ctx.body, UPDATABLE)?;
    let config_path = ["config".to_string()];
    if let Some(given) = update.value(&config_path).cloned() {
        let items: Vec<ConfigItem> =
            serde_json::from_value(given).map_err(|e| Status::invalid(format!("invalid destination.config: {e}")))?;
        let items = normalize_config(ctx, &name, dst, items)?;
        let merged = merge_config(current.config.clone(), items);
        let merged = serde_json::to_value(merged).map_err(|e| Status::internal(e.to_string()))?;
        update.fields.insert("config".into(), merged);
    }
    if let Some(given) = update.everything_given().apply_to(&current)? {
        check_connection_mode(&given.connection_mode)?;
    }
    match update.apply_to(&current)? {
        None => ok(&current),
        Some(mut new) => {
            // Listed without a value: the enum's empty value (checked above when a value was given).
            if new.connection_mode.is_empty() {
                new.connection_mode = "UNSPECIFIED".into();
            }
            new.update_time = now();
            ctx.store.commit(vec![Op::Replace(name, Resource::Destination(new.clone()))])?;
            ok(&new)
        }
    }
}

pub fn delete(ctx: &mut Ctx, ws: &str, src: &str, dst: &str) -> Reply {
    let source = require_source(ctx, ws, src)?;
    ctx.store.commit(vec![Op::RemoveTree(format!("{source}/destinations/{dst}"))])?;
    deleted()
}

fn check_connection_mode(mode: &str) -> Result<(), Status> {
    if CONNECTION_MODES.contains(&mode) {
        Ok(())
    } else {
        Err(Status::invalid(format!("invalid connection_mode {mode:?}; one of {}", CONNECTION_MODES.join(", "))))
    }
}

/// Full names, catalog display names and types, and the webhook rules, for config items of a request.
fn normalize_config(
    ctx: &Ctx,
    destination: &str,
    slug: &str,
    items: Vec<ConfigItem>,
) -> Result<Vec<ConfigItem>, Status> {
    let catalog = ctx.app.catalog.destination(slug);
    let prefix = format!("{destination}/config/");
    let mut out: Vec<ConfigItem> = Vec::with_capacity(items.len());
    for mut item in items {
        let key = match item.name.strip_prefix(&prefix) {
            Some(key) => key.to_string(),
            None if !item.name.contains('/') && !item.name.is_empty() => item.name.clone(),
            None => return Err(Status::invalid(format!("config item name {:?} must be {prefix}<key>", item.name))),
        };
        let setting = catalog.and_then(|c| c.settings.iter().find(|s| s.name == key));
        let Some(setting) = setting else {
            let known: Vec<&str> =
                catalog.map(|c| c.settings.iter().map(|s| s.name.as_str()).collect()).unwrap_or_default();
            return Err(Status::invalid(format!(
                "unknown setting {key:?} for destination {slug}; known: {}",
                known.join(", ")
            )));
        };
        item.name = format!("{prefix}{key}");
        if item.display_name.is_empty() {
            item.display_name = setting.display_name.clone();
        }
        if item.kind.is_empty() {
            item.kind = setting.kind.to_ascii_lowercase();
        }
        if slug == "webhooks" {
            check_webhook_setting(&key, &item.value)?;
        }
        // A name given twice: the last one wins, in the first one's place.
        match out.iter_mut().find(|o| o.name == item.name) {
            Some(existing) => *existing = item,
            None => out.push(item),
        }
    }
    Ok(out)
}

fn check_webhook_setting(key: &str, value: &Value) -> Result<(), Status> {
    let bad = |msg: String| Err(Status::invalid(msg));
    match key {
        "hooks" => {
            let hooks = match value {
                Value::Null => return Ok(()),
                Value::Array(hooks) => hooks,
                _ => return bad("config hooks must be an array of {\"hook\": URL, \"headers\": [...]}".into()),
            };
            if hooks.len() > MAX_HOOKS {
                return bad(format!("at most {MAX_HOOKS} webhook URLs are allowed, got {}", hooks.len()));
            }
            for hook in hooks {
                let url = hook.get("hook").and_then(Value::as_str);
                if !url.is_some_and(|u| u.starts_with("http://") || u.starts_with("https://")) {
                    return bad(format!("each hook needs \"hook\": an http(s) URL; got {hook}"));
                }
                // The catalog types headers as a MAP; API.md shows [{"key", "value"}]: both are accepted.
                let pair_ok = |k: Option<&str>, v: Option<&str>| k.zip(v).is_some_and(|(k, v)| outbox::header_ok(k, v));
                let headers_ok = match hook.get("headers") {
                    None | Some(Value::Null) => true,
                    Some(Value::Object(map)) => map.iter().all(|(k, v)| pair_ok(Some(k), v.as_str())),
                    Some(Value::Array(list)) => list
                        .iter()
                        .all(|h| pair_ok(h.get("key").and_then(Value::as_str), h.get("value").and_then(Value::as_str))),
                    Some(_) => false,
                };
                if !headers_ok {
                    return bad(format!(
                        "hook headers must be {{\"Name\": \"value\"}} or [{{\"key\", \"value\"}}] with valid HTTP names and values (not X-Signature, Host, Content-Length, Connection or Transfer-Encoding); got {hook}"
                    ));
                }
            }
            Ok(())
        }
        "sharedSecret" | "globalHook" if !value.is_string() && !value.is_null() => {
            bad(format!("config {key} must be a string"))
        }
        _ => Ok(()),
    }
}

/// Items sent replace the items of the same name; the others keep their values.
fn merge_config(mut current: Vec<ConfigItem>, items: Vec<ConfigItem>) -> Vec<ConfigItem> {
    for item in items {
        match current.iter_mut().find(|c| c.name == item.name) {
            Some(existing) => *existing = item,
            None => current.push(item),
        }
    }
    current
}
