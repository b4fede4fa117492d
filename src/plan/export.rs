//! A workspace as read, written as a `seg/1` file: every managed field, so that `diff` of the export against the same
//! workspace finds nothing. Secrets (`wire::config::secret_pointers`: `password` items, credentials by name, a hook's
//! credential headers, censored values) become `{$env: NAME}` references, each with a name of its own, unless plain
//! secrets are asked for.

use std::collections::BTreeMap;

use indexmap::IndexMap;
use serde_json::Value;
use sha2::Digest;

use super::file::{
    ConfigValue, DestinationSpec, EnvRef, FORMAT, FilterSpec, MappingSpec, PlanSpec, SourceSpec, WorkspaceFile,
    env_name,
};
use crate::api::walk::Snapshot;
use crate::error::{Error, Result};
use crate::wire::config::{credential_name, secret_pointers};
use crate::wire::{DestinationFilter, DestinationMapping, SchemaConfig};

/// How secrets are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Secrets {
    /// `{$env: SEG_SECRET_...}` references (the default)
    Ref,
    /// The values themselves (the file is then written mode 0600)
    Plain,
}

/// The last segment of a name (a slug).
pub fn slug(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or(name)
}

/// A schema config's field as a file writes it: a forwarding target (a source) by its slug, whichever API read it
/// (the Config API answers a slug, the Public API's reading a full name), so both export the same file.
fn forwarding(key: &str, value: Value) -> Value {
    match value {
        Value::String(target) if SchemaConfig::FORWARDING.contains(&key) => Value::String(slug(&target).to_string()),
        other => other,
    }
}

/// A destination's filters keyed by title; two with one title stop the export (exit 2), naming them.
fn filters(destination: &str, filters: &[DestinationFilter]) -> Result<IndexMap<String, FilterSpec>> {
    let mut out = IndexMap::new();
    for filter in filters {
        if let Some(other) = filters.iter().find(|f| f.title == filter.title && f.name != filter.name) {
            return Err(Error::usage(format!(
                "filters {} and {} of {destination} are both titled {:?}; a file keys filters by title: rename one first",
                filter.name, other.name, filter.title
            )));
        }
        let spec = FilterSpec {
            condition: Some(filter.condition.clone()),
            actions: Some(filter.actions.clone()),
            enabled: Some(filter.enabled),
            description: Some(filter.description.clone()),
            ..FilterSpec::default()
        };
        out.insert(filter.title.clone(), spec);
    }
    Ok(out)
}

fn mapping_path((source, destination): (&str, &str)) -> String {
    format!("sources.{source}.destinations.{destination}.mappings")
}

/// A destination's mappings keyed by name (two with one name stop the export, exit 2), each header whose name is a
/// credential's written as the reference `reference(mapping, header)` gives (none: as it is).
fn mappings(
    destination: &str,
    mappings: &[DestinationMapping],
    mut reference: impl FnMut(&str, &str) -> Option<String>,
) -> Result<IndexMap<String, MappingSpec>> {
    let mut out = IndexMap::new();
    for mapping in mappings {
        if let Some(other) = mappings.iter().find(|m| m.display_name == mapping.display_name && m.name != mapping.name)
        {
            return Err(Error::usage(format!(
                "mappings {} and {} of {destination} are both named {:?}; a file keys mappings by name: rename one \
                 first",
                mapping.name, other.name, mapping.display_name
            )));
        }
        let mut settings = mapping.settings.clone();
        if let Some(Value::Object(headers)) = settings.get_mut("headers") {
            for (header, value) in headers.iter_mut() {
                let literal = value.is_string();
                if literal
                    && credential_name(header)
                    && let Some(name) = reference(&mapping.display_name, header)
                {
                    *value = super::secrets::reference_to(&name);
                }
            }
        }
        let spec = MappingSpec {
            action: Some(mapping.action.clone()).filter(|a| !a.is_empty()),
            trigger: Some(mapping.trigger.clone()),
            settings: Some(settings),
            enabled: Some(mapping.enabled),
            ..MappingSpec::default()
        };
        out.insert(mapping.display_name.clone(), spec);
    }
    Ok(out)
}

/// The file of a workspace, with the filters and schema configs the snapshot holds (those that are not empty or
/// default). Two tracking plans with one
/// display name (or two filters of a destination with one title) cannot both be keyed by it: exit 2, naming them.
pub fn export(snapshot: &Snapshot, api_version: &str, secrets: Secrets) -> Result<WorkspaceFile> {
    let mut sources = IndexMap::new();
    let mut names = EnvNames::default();
    // What the API cannot hold is not written (a file holds what the workspace has): library settings and
    // connection modes only where it has them, a destination's name where it has one.
    let holds = snapshot.holds;
    for state in &snapshot.sources {
        let source = &state.source;
        let source_slug = slug(&source.name);
        let library_config = match serde_json::to_value(&source.library_config) {
            Ok(Value::Object(map)) => map,
            _ => return Err(Error::failed(format!("{}: its library_config cannot be written", source.name))),
        };
        let mut destinations = IndexMap::new();
        for destination in &state.destinations {
            let destination_slug = slug(&destination.name);
            // A further destination of one catalog entry is keyed by its name (`SLUG#NAME`); one without a name of
            // its own is named by its id, which no other workspace could use as a key.
            if holds.several_destinations
                && !destination.catalog_slug().is_empty()
                && destination_slug != destination.catalog_slug()
                && !destination_slug.contains(crate::api::names::INSTANCE)
            {
                return Err(Error::usage(format!(
                    "{} is a further {} destination of source {source_slug} without a name of its own; a file keys it \
                     by its name: give it one first (seg destinations patch {source_slug}/{destination_slug} --set \
                     display_name=NAME)",
                    destination.name,
                    destination.catalog_slug()
                )));
            }
            let config = destination
                .config
                .iter()
                .map(|item| {
                    let key = item.key().to_string();
                    let value = match secrets {
                        Secrets::Plain => ConfigValue::Plain(item.value.clone()),
                        Secrets::Ref => {
                            let at = Place { source: source_slug, destination: destination_slug, key: &key };
                            referenced(&mut names, &at, &item.kind, &item.value)
                        }
                    };
                    (key, value)
                })
                .collect();
            // Only a destination that has filters gets `filters` (so only its filters are managed, and read again by
            // `diff`): each list costs a request, and most destinations have none.
            let filters = snapshot
                .filters
                .get(&destination.name)
                .filter(|f| !f.is_empty())
                .map(|f| filters(&destination.name, f))
                .transpose()?;
            // Likewise only an Actions destination that has mappings gets `mappings`.
            let mappings = snapshot.mappings.get(&destination.name).filter(|m| !m.is_empty()).map(|list| {
                let at = (source_slug, destination_slug);
                mappings(&destination.name, list, |m, h| match secrets {
                    Secrets::Plain => None,
                    Secrets::Ref => Some(names.name(format!("{}.{m}.{h}", mapping_path(at)), &[at.0, at.1, m, h])),
                })
            });
            let mappings = mappings.transpose()?;
            let named = holds.destination_names && !destination.display_name.is_empty();
            let spec = DestinationSpec {
                enabled: Some(destination.enabled),
                connection_mode: holds.connection_modes.then(|| destination.connection_mode.clone()),
                config: Some(config),
                filters,
                mappings,
                // In a `SLUG#NAME` key already.
                name: (named && !destination_slug.contains(crate::api::names::INSTANCE))
                    .then(|| Value::String(destination.display_name.clone())),
                ..DestinationSpec::default()
            };
            destinations.insert(destination_slug.to_string(), spec);
        }
        // Likewise a schema config is written (every field of it) only when it is not the service's default.
        let schema_config = snapshot.schema_configs.get(&source.name).and_then(|config| {
            let fields = |config: &SchemaConfig| -> serde_json::Map<String, Value> {
                let value = serde_json::to_value(config).unwrap_or_default();
                let field = |key: &str| value.get(key).cloned().map(|v| (key.to_string(), forwarding(key, v)));
                SchemaConfig::FIELDS.iter().filter_map(|(key, _)| field(key)).collect()
            };
            let (actual, default) = (fields(config), fields(&SchemaConfig::default_for(&source.name)));
            (actual != default).then_some(actual)
        });
        let spec = SourceSpec {
            display_name: Some(source.display_name.clone()),
            labels: Some(source.labels.clone()),
            library_config: holds.library_config.then_some(library_config),
            destinations,
            schema_config,
            ..SourceSpec::new(source.catalog_name.clone())
        };
        sources.insert(source_slug.to_string(), spec);
    }
    let mut tracking_plans = IndexMap::new();
    for state in &snapshot.plans {
        let plan = &state.plan;
        if let Some(other) =
            snapshot.plans.iter().find(|p| p.plan.display_name == plan.display_name && p.plan.name != plan.name)
        {
            return Err(Error::usage(format!(
                "tracking plans {} and {} are both named {:?}; a file keys plans by name: rename one first",
                plan.name, other.plan.name, plan.display_name
            )));
        }
        let connected = state.connections.iter().map(|c| slug(&c.source_name).to_string()).collect();
        let kind = plan.extra.get("type").and_then(Value::as_str).filter(|kind| *kind != "LIVE").map(String::from);
        let mut rules = plan.rules.clone();
        if !holds.legacy_traits {
            // An API that keeps no legacy trait lists answers them empty, if at all: nothing to write.
            rules.retain(|key, value| {
                !(matches!(key.as_str(), "identify_traits" | "group_traits")
                    && value.as_array().is_some_and(Vec::is_empty))
            });
        }
        let spec = PlanSpec { kind, rules: Some(rules), sources: Some(connected), ..PlanSpec::default() };
        tracking_plans.insert(plan.display_name.clone(), spec);
    }
    let mut file = WorkspaceFile {
        format: FORMAT.into(),
        api_version: (holds.api_versions && !api_version.is_empty()).then(|| api_version.to_string()),
        workspace: slug(&snapshot.workspace).to_string(),
        sources,
        tracking_plans,
        ..WorkspaceFile::default()
    };
    names.settle(&mut file);
    Ok(file)
}

/// Where a config item stands in the file.
struct Place<'a> {
    source: &'a str,
    destination: &'a str,
    key: &'a str,
}

/// The `$env` names an export hands out: `SEG_SECRET_` + source, destination, key (and, for a secret nested in a
/// value, the words of its place: `HOOKS_1_AUTHORIZATION`). Two places whose names would be equal (`my-web` and
/// `my_web`) both get a suffix, `_` and the first 6 hex digits of the SHA-256 of the place's path in the file, so
/// no two secrets share a variable and adding a source never renames another's.
#[derive(Default)]
struct EnvNames {
    /// Each name given, with the paths it was given for.
    given: BTreeMap<String, Vec<String>>,
}

impl EnvNames {
    /// A name for the secret at `path` (its place in the file), to be settled once every name is known.
    fn name(&mut self, path: String, words: &[&str]) -> String {
        let name = env_name(words[0], words[1], &words[2..].join("_"));
        self.given.entry(name.clone()).or_default().push(path);
        name
    }

    /// Renames the references whose name was given to more than one place.
    fn settle(self, file: &mut WorkspaceFile) {
        let clashes: BTreeMap<&String, &Vec<String>> = self.given.iter().filter(|(_, paths)| paths.len() > 1).collect();
        if clashes.is_empty() {
            return;
        }
        let suffixed = |name: &str, path: &str| {
            format!("{name}_{}", &hex::encode(sha2::Sha256::digest(path.as_bytes()))[..6].to_uppercase())
        };
        for (source_slug, source) in file.sources.iter_mut() {
            for (destination_slug, destination) in source.destinations.iter_mut() {
                for (key, value) in destination.config.iter_mut().flatten() {
                    let base = format!("sources.{source_slug}.destinations.{destination_slug}.config.{key}");
                    match value {
                        ConfigValue::Env(reference) if clashes.contains_key(&reference.env) => {
                            reference.env = suffixed(&reference.env, &base);
                        }
                        ConfigValue::Plain(value) => {
                            for pointer in super::secrets::reference_pointers(value) {
                                let Some(slot) = value.pointer_mut(&pointer) else { continue };
                                let name = super::secrets::reference(slot).unwrap_or_default().to_string();
                                if clashes.contains_key(&name) {
                                    *slot = super::secrets::reference_to(&suffixed(&name, &format!("{base}{pointer}")));
                                }
                            }
                        }
                        ConfigValue::Env(_) => {}
                    }
                }
                let place = mapping_path((source_slug, destination_slug));
                for (mapping_name, mapping) in destination.mappings.iter_mut().flatten() {
                    let headers = mapping.settings.as_mut().and_then(|s| s.get_mut("headers"));
                    let Some(Value::Object(headers)) = headers else { continue };
                    for (header, slot) in headers.iter_mut() {
                        let name = super::secrets::reference(slot).unwrap_or_default().to_string();
                        if clashes.contains_key(&name) {
                            let path = format!("{place}.{mapping_name}.{header}");
                            *slot = super::secrets::reference_to(&suffixed(&name, &path));
                        }
                    }
                }
            }
        }
    }
}

/// A config value as exported: a reference for a secret item, or the value with a reference for each secret nested
/// in it (a hook's credential header).
fn referenced(names: &mut EnvNames, at: &Place<'_>, kind: &str, value: &Value) -> ConfigValue {
    let path = format!("sources.{}.destinations.{}.config.{}", at.source, at.destination, at.key);
    let pointers = secret_pointers(at.key, kind, value);
    if pointers.iter().any(String::is_empty) {
        return ConfigValue::Env(EnvRef { env: names.name(path, &[at.source, at.destination, at.key]) });
    }
    let mut shown = value.clone();
    for pointer in pointers {
        let words = nested_words(value, &pointer);
        let mut all = vec![at.source, at.destination, at.key];
        all.extend(words.iter().map(String::as_str));
        let name = names.name(format!("{path}{pointer}"), &all);
        if let Some(slot) = shown.pointer_mut(&pointer) {
            *slot = super::secrets::reference_to(&name);
        }
    }
    ConfigValue::Plain(shown)
}

/// The name of a header pair (`{"key": NAME, "value"}`).
fn pair_name(value: Option<&Value>) -> Option<&str> {
    value.and_then(|v| v.get("key").or_else(|| v.get("name"))).and_then(Value::as_str)
}

/// The words that name a nested secret's place: the steps of its pointer, a header pair (`{"key", "value"}`) by its
/// key, without the `headers` step: `/1/headers/0/value` under `hooks` is `1`, `Authorization`.
fn nested_words(value: &Value, pointer: &str) -> Vec<String> {
    let steps: Vec<String> = pointer.split('/').skip(1).map(|s| s.replace("~1", "/").replace("~0", "~")).collect();
    let mut words = Vec::new();
    let mut here = Some(value);
    for step in &steps {
        let node = here;
        here = match node {
            Some(Value::Object(map)) => map.get(step),
            Some(Value::Array(items)) => step.parse::<usize>().ok().and_then(|i| items.get(i)),
            _ => None,
        };
        if step == "value"
            && let Some(name) = pair_name(node)
        {
            words.push(name.to_string());
        } else if node.is_some_and(Value::is_array) && pair_name(here).is_some() || step == "headers" {
            // A pair's index in its list, or the list itself: the pair's key names it.
        } else {
            words.push(step.clone());
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Api;
    use crate::api::walk::SourceState;
    use crate::wire::{ConfigItem, Destination, Source};
    use serde_json::json;

    fn source(slug: &str, config: Vec<ConfigItem>) -> SourceState {
        let name = format!("workspaces/w/sources/{slug}");
        let destination =
            Destination { name: format!("{name}/destinations/webhooks"), config, ..Destination::default() };
        let source = Source { name, catalog_name: "catalog/sources/javascript".into(), ..Source::default() };
        SourceState { source, destinations: vec![destination] }
    }

    fn item(key: &str, value: Value) -> ConfigItem {
        ConfigItem { name: key.into(), value, ..ConfigItem::default() }
    }

    fn config<'f>(file: &'f WorkspaceFile, source: &str) -> &'f IndexMap<String, ConfigValue> {
        file.sources[source].destinations["webhooks"].config.as_ref().unwrap()
    }

    #[test]
    fn two_mappings_whose_header_references_would_share_a_name_get_names_of_their_own() {
        use crate::wire::DestinationMapping;
        let mut snapshot = Snapshot { workspace: "workspaces/w".into(), ..Snapshot::default() };
        snapshot.holds = Api::Public.holds();
        snapshot.sources = vec![source("web", Vec::new())];
        let destination = "workspaces/w/sources/web/destinations/webhooks";
        let mapping = |id: &str, name: &str| DestinationMapping {
            name: format!("{destination}/mappings/{id}"),
            display_name: name.into(),
            action: "send".into(),
            trigger: "type = \"track\"".into(),
            settings: json!({"url": "https://a.example", "headers": {"Authorization": "Bearer x"}})
                .as_object()
                .cloned()
                .unwrap(),
            ..DestinationMapping::default()
        };
        snapshot.mappings.insert(destination.into(), vec![mapping("m1", "Orders"), mapping("m2", "orders")]);
        let file = export(&snapshot, "v1beta", Secrets::Ref).unwrap();
        let names = file.env_names();
        assert_eq!(names.len(), 2, "{names:?}");
        assert_ne!(names[0], names[1], "{names:?}");
        assert!(names.iter().all(|n| n.starts_with("SEG_SECRET_WEB_WEBHOOKS_ORDERS_AUTHORIZATION_")), "{names:?}");
    }

    #[test]
    fn a_forwarding_target_is_written_as_a_slug_whichever_api_read_it() {
        let mut snapshot = Snapshot { workspace: "workspaces/w".into(), ..Snapshot::default() };
        snapshot.sources = vec![source("web", Vec::new()), source("ios", Vec::new())];
        for (api, target) in [(Api::Config, "ios"), (Api::Public, "workspaces/w/sources/ios")] {
            snapshot.holds = api.holds();
            let mut config = SchemaConfig::default_for("workspaces/w/sources/web");
            config.forwarding_violations_to = target.into();
            snapshot.schema_configs = [("workspaces/w/sources/web".to_string(), config)].into();
            let file = export(&snapshot, "v1beta", Secrets::Ref).unwrap();
            let schema = file.sources["web"].schema_config.clone().unwrap();
            assert_eq!(schema["forwarding_violations_to"], "ios", "{api:?}");
            assert_eq!(schema["forwarding_blocked_events_to"], "", "{api:?}");
        }
    }

    #[test]
    fn every_secret_gets_a_reference_of_its_own() {
        let hooks = json!([{"hook": "https://a/in", "headers": [{"key": "Authorization", "value": "Basic x"}]},
                           {"hook": "https://b/in", "headers": {"X-Api-Key": "k", "Accept": "*/*"}}]);
        let snapshot = Snapshot {
            workspace: "workspaces/w".into(),
            sources: vec![
                source("my-web", vec![item("sharedSecret", json!("s1")), item("hooks", hooks)]),
                source("my_web", vec![item("sharedSecret", json!("s2"))]),
                source("app", vec![item("apiKey", json!("k3")), item("note", json!("plain"))]),
            ],
            ..Snapshot::default()
        };
        let file = export(&snapshot, "v1beta", Secrets::Ref).unwrap();
        let text = file.render(false).unwrap();
        for secret in ["s1", "s2", "k3", "Basic x", "\"k\""] {
            assert!(!text.contains(secret), "{secret} in {text}");
        }
        let env = |source: &str, key: &str| match &config(&file, source)[key] {
            ConfigValue::Env(r) => r.env.clone(),
            other => panic!("{other:?}"),
        };
        // The colliding names both get a suffix; the others keep theirs.
        let (a, b) = (env("my-web", "sharedSecret"), env("my_web", "sharedSecret"));
        assert!(a.starts_with("SEG_SECRET_MY_WEB_WEBHOOKS_SHAREDSECRET_") && a.len() == 46, "{a}");
        assert!(b.starts_with("SEG_SECRET_MY_WEB_WEBHOOKS_SHAREDSECRET_") && a != b, "{b}");
        assert_eq!(env("app", "apiKey"), "SEG_SECRET_APP_WEBHOOKS_APIKEY");
        assert_eq!(config(&file, "app")["note"], ConfigValue::Plain(json!("plain")));
        let ConfigValue::Plain(hooks) = &config(&file, "my-web")["hooks"] else { panic!() };
        assert_eq!(
            hooks[0]["headers"][0]["value"],
            json!({"$env": "SEG_SECRET_MY_WEB_WEBHOOKS_HOOKS_0_AUTHORIZATION"})
        );
        assert_eq!(hooks[1]["headers"]["X-Api-Key"], json!({"$env": "SEG_SECRET_MY_WEB_WEBHOOKS_HOOKS_1_X_API_KEY"}));
        assert_eq!(hooks[1]["headers"]["Accept"], "*/*");
        // Adding a source renames nobody's variable but the colliding ones.
        let plain = export(&snapshot, "v1beta", Secrets::Plain).unwrap();
        assert_eq!(config(&plain, "app")["apiKey"], ConfigValue::Plain(json!("k3")));
        // The file reads back: every reference is where the file format allows one.
        WorkspaceFile::parse(&text, std::path::Path::new(".")).unwrap();
    }
}
