//! Destinations: `<source>/destinations/<catalog slug>`, settings as config items named `<destination>/config/<key>`
//! (typed from the catalog), `enabled`, a connection mode; on the Public API also a `name` ([`More`]). A source
//! holds one destination of a catalog entry under the entry's slug; the Public API may add further ones where the
//! entry allows several instances (`cloudModeInstances: MULTIPLE`, the built-in `webhooks` does), stored as
//! `<source>/destinations/<slug>#<id>`, which the Config API does not show (it cannot name them). The `webhooks`
//! rules hold for every instance and both APIs: at most 5 hooks, each an http(s) URL that is not this emulator's
//! own tracking endpoint, with headers a hook may send.

use serde_json::{Map, Value};

use super::existing;
use crate::emulator::App;
use crate::emulator::mint::now;
use crate::emulator::outbox;
use crate::emulator::status::Status;
use crate::emulator::store::{More, Op, Resource, State};
use crate::webhook::deliver;
use crate::wire::{CONNECTION_MODES, ConfigItem, Destination, public};

/// What separates the slug from the id in the key of a further instance of a catalog entry.
pub const INSTANCE: char = '#';

/// A destination, by its id ([`super::Kind`]).
pub const DESTINATION: super::Kind =
    super::Kind { what: "destination", is: |_, record| matches!(record, Resource::Destination(_)) };

/// A destination to make.
#[derive(Debug, Clone, Default)]
pub struct NewDestination {
    /// The catalog destination's slug.
    pub slug: String,
    pub enabled: bool,
    pub config: Vec<ConfigItem>,
    pub connection_mode: Option<String>,
    /// The Public API's `name`.
    pub name: Option<String>,
}

/// How many destinations of one catalog entry a source may get through this call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Instances {
    /// One: the Config API names a destination by its catalog slug (a second is 409).
    One,
    /// As many as the catalog entry allows (the Public API: a second of a single-instance entry is 400).
    AsCatalogAllows,
}

/// Whether a destination's key is a further instance (`<slug>#<id>`), which the Config API does not show.
pub fn is_further_instance(name: &str) -> bool {
    name.rsplit('/').next().is_some_and(|last| last.contains(INSTANCE))
}

/// The catalog slug of a destination's key.
pub fn slug_of(name: &str) -> &str {
    let last = name.rsplit('/').next().unwrap_or_default();
    last.split(INSTANCE).next().unwrap_or(last)
}

/// Makes a destination under `source`.
pub fn create(
    app: &App,
    state: &State,
    source: &str,
    input: NewDestination,
    instances: Instances,
) -> Result<(Op, Destination), Status> {
    let slug = input.slug.as_str();
    let Some(catalog) = app.catalog.destination(slug) else {
        return Err(Status::invalid_field(
            "metadataId",
            format!("destination slug {slug:?} is not in the catalog; see the catalog of destinations"),
        ));
    };
    let collection = format!("{source}/destinations");
    let first = format!("{collection}/{slug}");
    let more = More { name: input.name, id: crate::emulator::mint::random_hex(24), ..More::default() };
    let name = match instances {
        Instances::One => first,
        Instances::AsCatalogAllows if !state.contains(&first) => first,
        Instances::AsCatalogAllows if app.catalog.multiple_instances(slug) => {
            format!("{first}{INSTANCE}{}", more.id)
        }
        Instances::AsCatalogAllows => {
            return Err(Status::refused(format!(
                "the source already has a {slug} destination, and that catalog entry allows one per source"
            )));
        }
    };
    let mut config = normalize_config(app, &name, slug, input.config)?;
    keep_secrets(app, slug, &mut config, &[])?;
    let connection_mode = input.connection_mode.unwrap_or_else(|| "UNSPECIFIED".into()).to_ascii_uppercase();
    check_connection_mode(&connection_mode)?;
    let time = now();
    let destination = Destination {
        name: name.clone(),
        parent: source.to_string(),
        display_name: catalog.display_name.clone(),
        enabled: input.enabled,
        connection_mode,
        config,
        create_time: time.clone(),
        update_time: time,
        ..Default::default()
    };
    Ok((Op::InsertWith(name, Resource::Destination(destination.clone()), more), destination))
}

/// The destination at `name` with what it holds beyond the Config API's shape.
pub fn get<'s>(state: &'s State, name: &str) -> Result<(&'s Destination, &'s More), Status> {
    match (existing(state, name)?, state.more(name)) {
        (Resource::Destination(destination), Some(more)) => Ok((destination, more)),
        _ => Err(Status::not_found(format!("{name} not found"))),
    }
}

/// Writes a destination's new value: its config items as given replace the ones of the same name, those named in
/// `removed` go (both checked as on create); the op.
pub fn update(
    app: &App,
    state: &State,
    name: &str,
    mut new: Destination,
    changed_items: Option<Vec<ConfigItem>>,
    removed: &[String],
    more: More,
) -> Result<Op, Status> {
    let (current, _) = get(state, name)?;
    if let Some(items) = changed_items {
        new.config = config_update(app, name, &current.config, items)?;
    }
    new.config.retain(|item| !removed.iter().any(|key| key == item.key()));
    // In any case, as a client's README sends it (`cloud`); stored as the API spells it. Listed without a value:
    // the enum's empty value.
    new.connection_mode.make_ascii_uppercase();
    if new.connection_mode.is_empty() {
        new.connection_mode = "UNSPECIFIED".into();
    }
    check_connection_mode(&new.connection_mode)?;
    new.update_time = now();
    Ok(Op::ReplaceWith(name.to_string(), Resource::Destination(new), more))
}

/// A destination's config with `items` written over `current` (both doors' updates): checked as on create, each
/// censored secret among them restored from what is stored (`keep_secrets`), merged by item name.
pub fn config_update(
    app: &App,
    name: &str,
    current: &[ConfigItem],
    items: Vec<ConfigItem>,
) -> Result<Vec<ConfigItem>, Status> {
    let mut items = normalize_config(app, name, slug_of(name), items)?;
    keep_secrets(app, slug_of(name), &mut items, current)?;
    Ok(merge_config(current.to_vec(), items))
}

/// A secret written back as the service shows it hidden (`••••••••••1234`, anywhere in a config item's value) keeps
/// the stored secret it stands for: both doors show censored values, and a client that edits what it read sends
/// them back. One that is not the stored secret's (its last four differ, or nothing is stored there) is refused,
/// naming its place, rather than stored over the secret (`wire::config::restore_censored`).
fn keep_secrets(app: &App, slug: &str, items: &mut [ConfigItem], stored: &[ConfigItem]) -> Result<(), Status> {
    for item in items {
        let key = item.key().to_string();
        let secret = crate::wire::config::is_secret(&key, &item.kind) || app.catalog.is_secret(slug, &key);
        let current = stored.iter().find(|c| c.name == item.name).map(|c| &c.value);
        crate::wire::config::restore_censored(&mut item.value, current, &format!("settings.{key}"), secret).map_err(
            |path| {
                Status::invalid_field(
                    path.clone(),
                    format!(
                        "{path} is a secret as the service shows it hidden, and not the stored one's: send the secret \
                         itself"
                    ),
                )
            },
        )?;
    }
    Ok(())
}

/// Deletes a destination with its filters.
pub fn delete(state: &State, name: &str) -> Result<Op, Status> {
    get(state, name)?;
    Ok(Op::RemoveTree(name.to_string()))
}

/// One of the modes, in any case (`cloud` is `CLOUD`).
pub fn check_connection_mode(mode: &str) -> Result<(), Status> {
    if CONNECTION_MODES.contains(&mode.to_ascii_uppercase().as_str()) {
        Ok(())
    } else {
        Err(Status::invalid(format!("invalid connection_mode {mode:?}; one of {}", CONNECTION_MODES.join(", "))))
    }
}

/// Full names, catalog display names and types, and the webhook rules, for config items of a request.
pub fn normalize_config(
    app: &App,
    destination: &str,
    slug: &str,
    items: Vec<ConfigItem>,
) -> Result<Vec<ConfigItem>, Status> {
    let catalog = app.catalog.destination(slug);
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
            return Err(Status::invalid_field(
                format!("settings.{key}"),
                format!("unknown setting {key:?} for destination {slug}; known: {}", known.join(", ")),
            ));
        };
        item.name = format!("{prefix}{key}");
        if item.display_name.is_empty() {
            item.display_name = setting.display_name.clone();
        }
        if item.kind.is_empty() {
            item.kind = setting.kind.to_ascii_lowercase();
        }
        if slug == outbox::WEBHOOKS {
            check_webhook_setting(&key, &item.value, &app.served())?;
        }
        // A name given twice: the last one wins, in the first one's place.
        match out.iter_mut().find(|o| o.name == item.name) {
            Some(existing) => *existing = item,
            None => out.push(item),
        }
    }
    Ok(out)
}

fn check_webhook_setting(key: &str, value: &Value, served: &[std::net::SocketAddr]) -> Result<(), Status> {
    let bad = |msg: String| Err(Status::invalid_field(format!("settings.{key}"), msg));
    match key {
        "hooks" => {
            let hooks = match value {
                Value::Null => return Ok(()),
                Value::Array(hooks) => hooks,
                _ => return bad("config hooks must be an array of {\"hook\": URL, \"headers\": [...]}".into()),
            };
            if hooks.len() > deliver::MAX_URLS {
                return bad(format!("at most {} webhook URLs are allowed, got {}", deliver::MAX_URLS, hooks.len()));
            }
            for hook in hooks {
                let url = hook.get("hook").and_then(Value::as_str);
                let Some(url) = url.filter(|u| u.starts_with("http://") || u.starts_with("https://")) else {
                    let shown = crate::secret::redact_urls(&hook.to_string()).into_owned();
                    return bad(format!("each hook needs \"hook\": an http(s) URL; got {shown}"));
                };
                check_not_looping(url, served)?;
                check_hook_headers(hook.get("headers"))?;
            }
            Ok(())
        }
        "sharedSecret" | "globalHook" if !value.is_string() && !value.is_null() => {
            bad(format!("config {key} must be a string"))
        }
        "globalHook" => value.as_str().map_or(Ok(()), |url| check_not_looping(url, served)),
        _ => Ok(()),
    }
}

/// A hook may not point at this emulator's own tracking endpoints: each delivery would come back as a tracking call
/// and be delivered again, to every hook of the destination (`outbox::loops_back`).
fn check_not_looping(url: &str, served: &[std::net::SocketAddr]) -> Result<(), Status> {
    if outbox::loops_back(url, served) {
        return Err(Status::invalid(format!(
            "hook {} points at this emulator's own tracking endpoints: its deliveries would come back as tracking \
             calls and be delivered again without end; point it at a receiver such as `seg webhook listen`",
            crate::secret::redact_urls(url)
        )));
    }
    Ok(())
}

/// A hook's headers: the catalog types them as a MAP, docs/reference/config-api.md shows `[{"key", "value"}]`; both are
/// accepted, each header a valid one a hook may send (`deliver::custom_header`: not one that decides the framing or the
/// signature) and given once.
fn check_hook_headers(headers: Option<&Value>) -> Result<(), Status> {
    let shape = || {
        Status::invalid(
            "hook headers must be {\"Name\": \"value\"} or [{\"key\": \"Name\", \"value\": \"value\"}] with string values",
        )
    };
    let pairs: Vec<(&str, &str)> = match headers {
        None | Some(Value::Null) => return Ok(()),
        Some(Value::Object(map)) => {
            map.iter().map(|(k, v)| Some((k.as_str(), v.as_str()?))).collect::<Option<_>>().ok_or_else(shape)?
        }
        Some(Value::Array(list)) => list
            .iter()
            .map(|h| Some((h.get("key")?.as_str()?, h.get("value")?.as_str()?)))
            .collect::<Option<_>>()
            .ok_or_else(shape)?,
        Some(_) => return Err(shape()),
    };
    for (name, value) in &pairs {
        deliver::custom_header(name, value).map_err(|e| Status::invalid(format!("hook headers: {e}")))?;
    }
    deliver::check_headers(pairs.iter().map(|(name, _)| *name))
        .map_err(|e| Status::invalid(format!("hook headers: {e}")))
}

/// Items sent replace the items of the same name; the others keep their values.
pub fn merge_config(mut current: Vec<ConfigItem>, items: Vec<ConfigItem>) -> Vec<ConfigItem> {
    for item in items {
        match current.iter_mut().find(|c| c.name == item.name) {
            Some(existing) => *existing = item,
            None => current.push(item),
        }
    }
    current
}

/// A destination's settings as the Public API shows them: its config items by key (the built-in catalog has no
/// default values to add), every secret setting censored (ten bullets and, for a value of 8 characters or more,
/// its last four). A secret is what the catalog types so, or an item written through the Config API as `password`.
pub fn settings(app: &App, destination: &Destination) -> Map<String, Value> {
    let slug = slug_of(&destination.name);
    let mut settings = Map::new();
    for item in &destination.config {
        let value = match &item.value {
            Value::String(text)
                if item.kind.eq_ignore_ascii_case("password") || app.catalog.is_secret(slug, item.key()) =>
            {
                Value::String(public::censor(text))
            }
            other => other.clone(),
        };
        settings.insert(item.key().to_string(), value);
    }
    settings
}

/// Settings written through the Public API: the config items they set (by bare key; `normalize_config` names them),
/// and the keys they remove (a `null`). A censored value keeps the stored secret (`keep_secrets`).
pub fn items_of_settings(settings: &Map<String, Value>) -> (Vec<ConfigItem>, Vec<String>) {
    let (removed, set): (Vec<_>, Vec<_>) = settings.iter().partition(|(_, value)| value.is_null());
    let items = set
        .into_iter()
        .map(|(key, value)| ConfigItem { name: key.clone(), value: value.clone(), ..ConfigItem::default() })
        .collect();
    (items, removed.into_iter().map(|(key, _)| key.clone()).collect())
}
