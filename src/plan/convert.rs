//! The move off the classic webhook destination (docs/MOVING-TO-ACTIONS.md): a `seg/1` file's `webhooks`
//! destinations rewritten as Webhooks (Actions) ones, for `diff` to show and `apply` to make. Each hook becomes a
//! mapping (its URL, `POST`, its headers, the whole event, every event type), `globalHook` one more; the shared
//! secret is carried as it is written (a `$env` reference stays one); the destination's filters are copied, since
//! they decide which events reach either. The classic destination stays in the file, disabled, so that applying
//! the result switches delivery over without sending anything twice, and can be undone.

use indexmap::IndexMap;
use serde_json::{Map, Value};

use super::diff::entry_of;
use super::file::{ConfigValue, DestinationSpec, MappingSpec, WorkspaceFile};
use crate::api::names::INSTANCE;
use crate::error::{Error, Result};
use crate::wire::actions::catalog::{self, WEBHOOKS};
use crate::wire::config::{GLOBAL_HOOK, HOOKS, SHARED_SECRET};
use crate::wire::message::MessageType;

/// The classic destination's catalog slug.
const CLASSIC: &str = "webhooks";

/// A trigger every tracking call matches: what the classic destination was sent.
pub fn every_event_type() -> String {
    let calls = MessageType::ALL.iter().filter(|t| t.is_tracking_call());
    calls.map(|t| format!("type = \"{t}\"")).collect::<Vec<_>>().join(" or ")
}

/// What a conversion did: the destinations rewritten (`SOURCE/KEY -> SOURCE/NEW_KEY`), for the person to review.
#[derive(Debug, Default)]
pub struct Converted {
    pub destinations: Vec<String>,
}

/// Rewrites every classic `webhooks` destination of the file (`webhooks` or `webhooks#NAME`) beside a Webhooks
/// (Actions) one (`actions-webhook`, `actions-webhook#NAME`), and disables it. A source that already has the new
/// key, or a destination with more hooks than a destination holds mappings, is refused (exit 2), nothing written.
pub fn convert_webhooks(file: &mut WorkspaceFile) -> Result<Converted> {
    let mut converted = Converted::default();
    for (source_slug, source) in file.sources.iter_mut() {
        let classic: Vec<String> = source.destinations.keys().filter(|key| entry_of(key) == CLASSIC).cloned().collect();
        for key in classic {
            let new_key = match key.split_once(INSTANCE) {
                Some((_, name)) => format!("{}{INSTANCE}{name}", WEBHOOKS.slug),
                None => WEBHOOKS.slug.to_string(),
            };
            if source.destinations.contains_key(&new_key) {
                return Err(Error::usage(format!(
                    "source {source_slug} already has {new_key}: convert by hand, or remove it from the file first"
                )));
            }
            let old = source.destinations.get_mut(&key).ok_or_else(|| Error::failed("the key went"))?;
            let new = actions_destination(old).map_err(|why| Error::usage(format!("{source_slug}/{key}: {why}")))?;
            old.enabled = Some(false);
            source.destinations.insert(new_key.clone(), new);
            converted.destinations.push(format!("{source_slug}/{key} -> {source_slug}/{new_key}"));
        }
    }
    Ok(converted)
}

/// The Webhooks (Actions) destination of a classic one: its state, its shared secret, its filters, a mapping a hook.
fn actions_destination(classic: &DestinationSpec) -> Result<DestinationSpec, String> {
    let config = classic.config.clone().unwrap_or_default();
    let mut urls: Vec<(String, Map<String, Value>)> = Vec::new();
    if let Some(hooks) = config.get(HOOKS) {
        let ConfigValue::Plain(Value::Array(hooks)) = hooks else {
            return Err("its `hooks` is not a list of hooks".into());
        };
        for hook in hooks {
            let url = hook.get("hook").and_then(Value::as_str).unwrap_or_default();
            if !url.is_empty() {
                urls.push((url.to_string(), headers(hook.get("headers"))?));
            }
        }
    }
    let global = match config.get(GLOBAL_HOOK) {
        Some(ConfigValue::Plain(Value::String(url))) if !url.is_empty() => Some(url.clone()),
        Some(ConfigValue::Env(_)) => return Err("its `globalHook` is a $env reference: write the URL".into()),
        _ => None,
    };
    let count = urls.len() + usize::from(global.is_some());
    if count > catalog::MAX_MAPPINGS {
        return Err(format!(
            "{count} hooks, and a Webhooks (Actions) destination holds {} mappings at most: split it by hand",
            catalog::MAX_MAPPINGS
        ));
    }
    let enabled = classic.enabled.unwrap_or(true);
    let mapping = |url: &str, headers: Map<String, Value>| {
        let mut settings = Map::new();
        settings.insert("url".into(), Value::String(url.to_string()));
        settings.insert("method".into(), Value::String("POST".into()));
        if !headers.is_empty() {
            settings.insert("headers".into(), Value::Object(headers));
        }
        settings.insert("data".into(), serde_json::json!({"@path": "$."}));
        MappingSpec {
            action: Some("send".into()),
            trigger: Some(every_event_type()),
            settings: Some(settings),
            enabled: Some(enabled),
            ..MappingSpec::default()
        }
    };
    let mut mappings = IndexMap::new();
    for (index, (url, headers)) in urls.iter().enumerate() {
        mappings.insert(format!("Hook {}", index + 1), mapping(url, headers.clone()));
    }
    if let Some(url) = global {
        mappings.insert("Global hook".to_string(), mapping(&url, Map::new()));
    }
    let mut new_config = IndexMap::new();
    if let Some(secret) = config.get(SHARED_SECRET) {
        new_config.insert(SHARED_SECRET.to_string(), secret.clone());
    }
    Ok(DestinationSpec {
        enabled: Some(enabled),
        config: Some(new_config),
        filters: classic.filters.clone(),
        mappings: Some(mappings),
        ..DestinationSpec::default()
    })
}

/// A hook's headers as a mapping writes them (`{"Name": value}`), from either of the classic shapes.
fn headers(value: Option<&Value>) -> Result<Map<String, Value>, String> {
    match value {
        None | Some(Value::Null) => Ok(Map::new()),
        Some(Value::Object(map)) => Ok(map.clone()),
        Some(Value::Array(pairs)) => pairs
            .iter()
            .map(|pair| {
                let key = pair.get("key").or_else(|| pair.get("name")).and_then(Value::as_str);
                match (key, pair.get("value")) {
                    (Some(key), Some(value)) => Ok((key.to_string(), value.clone())),
                    _ => Err("a hook's header is not {key, value}".to_string()),
                }
            })
            .collect(),
        Some(_) => Err("a hook's headers are neither a list nor an object".into()),
    }
}

/// What changes for the receivers after the switch, said once on stderr.
pub const DIFFERENCES: &[&str] = &[
    "the body is the whole event as the pipeline sees it (messageId, context, receivedAt, ...), not the classic \
     body; change a mapping's `data` to send less",
    "delete messages (user deletion requests) are not sent by Webhooks (Actions)",
    "each URL is its own mapping: delivered and retried on its own, where the classic destination stopped at the \
     first 2xx",
    "the signature (X-Signature) is over the body as sent, with the same shared secret",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> WorkspaceFile {
        WorkspaceFile::parse(text, std::path::Path::new(".")).unwrap()
    }

    #[test]
    fn each_hook_becomes_a_mapping_and_the_classic_destination_stays_disabled() {
        let mut f = file(
            r#"{"format": "seg/1", "workspace": "acme", "sources": {"web": {"catalog_name": "catalog/sources/javascript",
            "destinations": {"webhooks": {"enabled": true, "config": {
              "hooks": [{"hook": "https://a.example/in", "headers": [{"key": "Authorization", "value": {"$env": "SEG_SECRET_A"}}]},
                        {"hook": "https://b.example/in"}],
              "globalHook": "https://g.example/all",
              "sharedSecret": {"$env": "SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET"}}}}}}}"#,
        );
        let done = convert_webhooks(&mut f).unwrap();
        assert_eq!(done.destinations, ["web/webhooks -> web/actions-webhook"]);
        let web = &f.sources["web"];
        assert_eq!(web.destinations["webhooks"].enabled, Some(false));
        let new = &web.destinations["actions-webhook"];
        let mappings = new.mappings.as_ref().unwrap();
        assert_eq!(mappings.keys().collect::<Vec<_>>(), ["Hook 1", "Hook 2", "Global hook"]);
        let one = mappings["Hook 1"].settings.as_ref().unwrap();
        assert_eq!(one["url"], "https://a.example/in");
        assert_eq!(one["headers"]["Authorization"], serde_json::json!({"$env": "SEG_SECRET_A"}));
        assert_eq!(one["data"], serde_json::json!({"@path": "$."}));
        assert!(crate::wire::actions::catalog::check_trigger(mappings["Hook 1"].trigger.as_ref().unwrap()).is_ok());
        let secret = &new.config.as_ref().unwrap()[SHARED_SECRET];
        assert!(matches!(secret, ConfigValue::Env(r) if r.env == "SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET"));
        // Converting again finds the new key taken.
        assert!(convert_webhooks(&mut f).is_err());
    }
}
