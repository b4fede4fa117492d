//! The `seg/1` file: a workspace as code (docs/WORKSPACES-AS-CODE.md; docs/reference/workspace-files.md). YAML or
//! JSON, the same structure. Sources and destinations are keyed by slug, tracking plans by display name (their ids
//! differ between workspaces). A field absent from the file is not managed; read-only fields (`name`, `parent`, `id`,
//! times, `write_keys`) may be present and are ignored; any other unknown key is an error naming its line. Secrets are
//! `{$env: NAME}` references.

use std::collections::BTreeMap;
use std::path::Path;

use indexmap::IndexMap;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Number, Value};

use crate::api::names::{self, Kind};
use crate::error::{Error, Result};
use crate::wire::{Action, SchemaConfig, TrackingPlan, valid_slug};

/// What a slug may be (`wire::valid_slug`), said when one is not.
const SLUG_RULE: &str =
    "not a slug: lowercase letters, digits, '-' and '_' (at most 255), starting with a letter or digit";

pub const FORMAT: &str = "seg/1";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkspaceFile {
    /// `seg/1`.
    pub format: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// The workspace's slug; only an explicit `-w` overrides it.
    pub workspace: String,
    #[serde(default)]
    pub sources: IndexMap<String, SourceSpec>,
    #[serde(default)]
    pub tracking_plans: IndexMap<String, PlanSpec>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceSpec {
    pub catalog_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<BTreeMap<String, String>>,
    /// `metrics_enabled`, `retry_queue`, `cross_domain_id_enabled`, `api_host`: each one present is managed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub library_config: Option<Map<String, Value>>,
    #[serde(default)]
    pub destinations: IndexMap<String, DestinationSpec>,
    /// The source's schema config (`allow_unplanned_track_events`, ...): each field present is managed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema_config: Option<Map<String, Value>>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) name: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) parent: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) id: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) create_time: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) write_keys: Option<IgnoredAny>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DestinationSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connection_mode: Option<String>,
    /// Config items by key; an item absent here is left as it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<IndexMap<String, ConfigValue>>,
    /// Filters keyed by title (their ids are generated). When present, the destination's filters are managed:
    /// one missing here is deleted with `--prune`. Absent: its filters are left as they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filters: Option<IndexMap<String, FilterSpec>>,
    /// Mappings keyed by their names (an Actions destination's, on the Public API; their ids are generated). When
    /// present, the destination's mappings are managed: one missing here is deleted with `--prune`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mappings: Option<IndexMap<String, MappingSpec>>,
    /// The destination's name on the Public API (the Config API has none). A value that is a resource name
    /// (`workspaces/...`, the read-only field of a Config API record, which files of earlier versions may hold) is
    /// ignored as it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<Value>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) parent: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) display_name: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) create_time: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) update_time: Option<IgnoredAny>,
}

/// A destination filter. A field absent is not managed; `if` and `actions` are needed to create one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FilterSpec {
    /// The FQL condition of the events it acts on.
    #[serde(rename = "if", default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actions: Option<Vec<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) name: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) title: Option<IgnoredAny>,
}

/// A mapping of an Actions destination. A field absent is not managed; `trigger` and `settings` are needed to
/// create one. A header value in `settings` may be a `$env` reference (the one place in a mapping a secret goes).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MappingSpec {
    /// The action, by slug (`send`); absent, the destination's only action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) name: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) id: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) action_id: Option<IgnoredAny>,
}

/// A config value: as it is, or a reference to an environment variable that holds a secret.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ConfigValue {
    Env(EnvRef),
    Plain(Value),
}

/// Read as a value first, then told apart: `#[serde(untagged)]` would buffer it in serde's own form, which has no
/// integer beyond 64 bits (a YAML file could not hold `123456789012345678901234`, though an export writes it).
impl<'de> Deserialize<'de> for ConfigValue {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        if value.get("$env").is_some()
            && let Ok(reference) = EnvRef::deserialize(&value)
        {
            return Ok(ConfigValue::Env(reference));
        }
        Ok(ConfigValue::Plain(value))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnvRef {
    #[serde(rename = "$env")]
    pub env: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanSpec {
    /// The Public API's plan type (`LIVE` when absent; the Config API's plans are all `LIVE`).
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<Map<String, Value>>,
    /// Slugs of the sources connected to the plan.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sources: Option<Vec<String>>,
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) name: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) create_time: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub(super) update_time: Option<IgnoredAny>,
}

impl SourceSpec {
    pub fn new(catalog_name: String) -> Self {
        SourceSpec { catalog_name, ..SourceSpec::default() }
    }
}

impl DestinationSpec {
    /// The destination's name the file manages, if any (not a resource name, which is read-only).
    pub fn display_name(&self) -> Option<String> {
        let name = self.name.as_ref()?.as_str()?;
        (!name.starts_with("workspaces/")).then(|| name.to_string())
    }
}

/// The `$env` name of a secret: `SEG_SECRET_` + source, destination and key, upper-cased, other characters `_`.
pub fn env_name(source: &str, destination: &str, key: &str) -> String {
    let word = |s: &str| -> String {
        s.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect()
    };
    format!("SEG_SECRET_{}_{}_{}", word(source), word(destination), word(key))
}

impl WorkspaceFile {
    /// A file's bytes: JSON when they start with `{`, else YAML. Any problem is a usage error naming the file and,
    /// where the parser knows it, the line and column, never a value of the file (it may be a link to a credentials
    /// file, docs/reference/commands.md "Errors never quote a file").
    pub fn read(bytes: Vec<u8>, path: &Path) -> Result<WorkspaceFile> {
        let text =
            String::from_utf8(bytes).map_err(|_| Error::usage(format!("{} is not UTF-8 text", path.display())))?;
        WorkspaceFile::parse(&text).map_err(|why| Error::usage(format!("{}: {why}", path.display())))
    }

    /// Every check a file can be given before anything is read or sent: its structure (`document`: keys given twice,
    /// `$env` references, aliases, nesting), its types, then names and values with the service's own rules.
    pub fn parse(text: &str) -> Result<WorkspaceFile, String> {
        let places = super::document::check(text)?;
        let typed = if text.trim_start().starts_with('{') {
            serde_json::from_str(text).map_err(|e| e.to_string())
        } else {
            serde_yaml_ng::from_str(text).map_err(|e| e.to_string())
        };
        let mut file: WorkspaceFile = typed.map_err(|why| placed(&why, &places))?;
        // JSON text keeps each number's digits (serde_json's `arbitrary_precision`); YAML's reading is a double.
        file.spell_numbers_as_written(&places);
        if file.format != FORMAT {
            let format = super::document::token(&file.format);
            return Err(format!(
                "{}format {format} is not one this version reads; it reads {FORMAT:?}",
                places.at(&["format"])
            ));
        }
        let workspace = file.workspace.strip_prefix("workspaces/").unwrap_or(&file.workspace);
        if !valid_slug(workspace) {
            return Err(format!("{}workspace: {SLUG_RULE}", places.at(&["workspace"])));
        }
        file.check(&places)?;
        Ok(file)
    }

    /// Every number of the file's values (config, library config, schema config, filter actions, rules) with the
    /// digits the file gives it, where the file writes it in JSON's syntax: YAML read it as a double, and a
    /// decimal's precision counts in `diff` (docs/reference/commands.md, "Values compare exactly").
    fn spell_numbers_as_written(&mut self, places: &super::document::Places) {
        fn walk(value: &mut Value, path: &mut Vec<String>, places: &super::document::Places) {
            match value {
                Value::Number(number) => {
                    let written = places.number(path).and_then(|text| serde_json::from_str::<Number>(text).ok());
                    // Only the same number more exactly: never another value than YAML read.
                    if let Some(written) = written.filter(|w| w.as_f64() == number.as_f64()) {
                        *number = written;
                    }
                }
                Value::Array(items) => {
                    for (index, item) in items.iter_mut().enumerate() {
                        path.push(index.to_string());
                        walk(item, path, places);
                        path.pop();
                    }
                }
                Value::Object(map) => {
                    for (key, item) in map.iter_mut() {
                        path.push(key.clone());
                        walk(item, path, places);
                        path.pop();
                    }
                }
                _ => {}
            }
        }
        let at = |value: &mut Value, path: &[&str]| {
            walk(value, &mut path.iter().map(|s| s.to_string()).collect(), places);
        };
        for (slug, source) in &mut self.sources {
            for (field, map) in
                [("library_config", &mut source.library_config), ("schema_config", &mut source.schema_config)]
            {
                for (key, value) in map.iter_mut().flatten() {
                    at(value, &["sources", slug, field, key]);
                }
            }
            for (name, destination) in &mut source.destinations {
                for (key, value) in destination.config.iter_mut().flatten() {
                    if let ConfigValue::Plain(value) = value {
                        at(value, &["sources", slug, "destinations", name, "config", key]);
                    }
                }
                for (title, filter) in destination.filters.iter_mut().flatten() {
                    for (index, action) in filter.actions.iter_mut().flatten().enumerate() {
                        let index = index.to_string();
                        at(action, &["sources", slug, "destinations", name, "filters", title, "actions", &index]);
                    }
                }
            }
        }
        for (name, plan) in &mut self.tracking_plans {
            for (key, value) in plan.rules.iter_mut().flatten() {
                at(value, &["tracking_plans", name, "rules", key]);
            }
        }
    }

    /// What the file's structure cannot say, checked with the rules the service applies: slugs, catalog names,
    /// schema-config fields and their values, filter titles, conditions and actions, tracking-plan names and rules.
    fn check(&mut self, places: &super::document::Places) -> Result<(), String> {
        let token = super::document::token;
        for (source, spec) in &mut self.sources {
            let at = |why: String| format!("{}sources.{}: {why}", places.at(&["sources", source]), token(source));
            if !valid_slug(source) {
                return Err(at(SLUG_RULE.into()));
            }
            spec.catalog_name = names::parse(Kind::CatalogSource, &spec.catalog_name, &names::Defaults::default())
                .map_err(|_| at("catalog_name is not a catalog source (catalog/sources/SLUG)".into()))?
                .to_string();
            if let Some(config) = &spec.schema_config {
                let place = places.at(&["sources", source, "schema_config"]);
                let at = |why: String| format!("{place}sources.{}.schema_config: {why}", token(source));
                let known: Vec<&str> = SchemaConfig::FIELDS.iter().map(|(field, _)| *field).collect();
                if let Some(unknown) = config.keys().find(|key| !known.contains(&key.as_str())) {
                    return Err(at(format!("unknown field {}; one of {}", token(unknown), known.join(", "))));
                }
                let typed: SchemaConfig = serde_json::from_value(Value::Object(config.clone()))
                    .map_err(|e| at(without_values(&e.to_string())))?;
                typed.check().map_err(at)?;
            }
            // Each destination a key names by its name (`SLUG#NAME`, or `name`), with that key: one destination has
            // one key (docs/reference/workspace-files.md).
            let mut named: BTreeMap<(&str, String), &str> = BTreeMap::new();
            for (destination, spec) in &spec.destinations {
                let place = places.at(&["sources", source, "destinations", destination]);
                let at = |why: String| {
                    format!("{place}sources.{}.destinations.{}: {why}", token(source), token(destination))
                };
                // `SLUG#NAME`: a further destination of the catalog entry SLUG, named NAME (the Public API's).
                let (slug, instance) = destination.split_once(names::INSTANCE).unwrap_or((destination, ""));
                if !valid_slug(slug) {
                    return Err(at(SLUG_RULE.into()));
                }
                if destination.contains(names::INSTANCE)
                    && (instance.is_empty() || instance.chars().any(char::is_control))
                {
                    return Err(at("a further destination is keyed SLUG#NAME, with its name after '#'".into()));
                }
                if let Some(name) = spec.display_name().filter(|name| !instance.is_empty() && name != instance) {
                    return Err(at(format!("its key names it {}, and `name` {}", token(instance), token(&name))));
                }
                let name = if instance.is_empty() { spec.display_name() } else { Some(instance.to_string()) };
                if let Some(name) = name
                    && let Some(other) = named.insert((slug, name.clone()), destination)
                {
                    return Err(at(format!(
                        "it and {} both name the {slug} destination named {}: a destination has one key",
                        token(other),
                        token(&name)
                    )));
                }
                for (title, filter) in spec.filters.iter().flatten() {
                    let at = |why: String| at(format!("filters.{}: {why}", token(title)));
                    if title.trim().is_empty() {
                        return Err(at("a filter's title (its key) is empty".into()));
                    }
                    for action in filter.actions.iter().flatten() {
                        Action::parse(action).map_err(at)?;
                    }
                    if let Some(condition) = &filter.condition {
                        crate::wire::fql::parse(condition).map_err(|e| at(format!("`if` is not valid FQL: {e}")))?;
                    }
                }
            }
        }
        for (name, spec) in &self.tracking_plans {
            let at =
                |why: String| format!("{}tracking_plans.{}: {why}", places.at(&["tracking_plans", name]), token(name));
            if name.trim().is_empty() {
                return Err(at("a tracking plan's name (its key) is empty".into()));
            }
            if let Some(rules) = &spec.rules {
                TrackingPlan::normalize_rules(rules.clone()).map_err(at)?;
            }
            if let Some(index) = spec.sources.iter().flatten().position(|source| !valid_slug(source)) {
                return Err(at(format!("sources[{index}] is not a source slug")));
            }
        }
        Ok(())
    }

    /// YAML (the default) or JSON, with a newline at the end. YAML is written from the JSON text, so each number
    /// keeps its digits (a serde serializer other than serde_json's cannot write a number of any size).
    pub fn render(&self, json: bool) -> Result<String> {
        let text = if json {
            serde_json::to_string_pretty(self).map_err(|e| Error::failed(e.to_string()))? + "\n"
        } else {
            let text = serde_json::to_string(self).map_err(|e| Error::failed(e.to_string()))?;
            crate::ui::exact::yaml(&text)?
        };
        Ok(text)
    }

    /// Every `$env` name the file refers to (a config item's whole value, or nested in it), in order.
    pub fn env_names(&self) -> Vec<String> {
        self.sources
            .values()
            .flat_map(|s| s.destinations.values())
            .flat_map(|d| {
                let config = d.config.iter().flatten().flat_map(|(_, v)| match v {
                    ConfigValue::Env(r) => vec![r.env.clone()],
                    ConfigValue::Plain(value) => super::secrets::names(value),
                });
                let mappings = d.mappings.iter().flatten().filter_map(|(_, m)| m.settings.as_ref());
                config
                    .chain(mappings.flat_map(|s| super::secrets::names(&Value::Object(s.clone()))))
                    .collect::<Vec<_>>()
            })
            .collect()
    }
}

/// A parser's message about a file, placed (a message without a line gets the line of the key it names, else the
/// file's first) and without the values it quotes.
fn placed(message: &str, places: &super::document::Places) -> String {
    if message.contains(" line ") {
        return without_values(message);
    }
    let key = message.split_once("field `").and_then(|(_, rest)| rest.split_once('`')).map(|(key, _)| key);
    let at = key.and_then(|key| places.of_key(key)).unwrap_or_else(|| "line 1 column 1: ".into());
    format!("{at}{}", without_values(message))
}

/// A parser's message about a file without the values it quotes: `invalid type: string "…"` says `a string`, and
/// any other quoted token (a key, a variant) is shown only when it looks like a word of the format; the whole
/// message is cut to 300 characters.
pub fn without_values(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(300));
    let mut rest = message;
    while let Some(start) = rest.find(['"', '`']) {
        let quote = rest.as_bytes()[start] as char;
        let (before, after) = rest.split_at(start);
        // The end of the quoted token, past escaped quotes.
        let mut end = None;
        let mut escaped = false;
        for (i, c) in after.char_indices().skip(1) {
            match c {
                '\\' if !escaped => escaped = true,
                c if c == quote && !escaped => {
                    end = Some(i);
                    break;
                }
                _ => escaped = false,
            }
        }
        let Some(end) = end else {
            out.push_str(before);
            rest = "";
            break;
        };
        let inner = &after[1..end];
        if let Some(kind) = before.strip_suffix("string ") {
            out.push_str(kind);
            out.push_str("a string");
        } else {
            out.push_str(before);
            // A key or a variant is shown when it looks like one (a word of the format); anything else might be a
            // line of whatever file this is (`/etc/shadow`), so it is not repeated.
            let word = !inner.is_empty()
                && inner.chars().count() <= 40
                && inner.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '$' | ' '));
            out.push(quote);
            out.push_str(if word { inner } else { "…" });
            out.push(quote);
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    if out.chars().count() > 300 {
        out = out.chars().take(300).collect::<String>() + "…";
    }
    crate::ui::escape_control(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = r#"format: seg/1
api_version: v1beta
workspace: acme
sources:
  web:
    catalog_name: catalog/sources/javascript
    display_name: Web
    name: workspaces/acme/sources/web      # read-only: ignored
    destinations:
      webhooks:
        enabled: true
        connection_mode: CLOUD
        config:
          hooks: [{hook: "https://example.com/in", headers: []}]
          sharedSecret: {$env: SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET}
tracking_plans:
  Main plan:
    rules: {events: []}
    sources: [web]
"#;

    #[test]
    fn the_example_of_cli_md_reads_and_round_trips() {
        let file = WorkspaceFile::parse(EXAMPLE).unwrap();
        let webhooks = &file.sources["web"].destinations["webhooks"];
        assert_eq!(webhooks.enabled, Some(true));
        let config = webhooks.config.as_ref().unwrap();
        assert_eq!(
            config["sharedSecret"],
            ConfigValue::Env(EnvRef { env: "SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET".into() })
        );
        assert!(matches!(&config["hooks"], ConfigValue::Plain(Value::Array(_))));
        assert_eq!(file.tracking_plans["Main plan"].sources.as_deref(), Some(&["web".to_string()][..]));
        assert_eq!(file.env_names(), ["SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET"]);
        for json in [false, true] {
            let text = file.render(json).unwrap();
            assert_eq!(WorkspaceFile::parse(&text).unwrap().render(json).unwrap(), text, "json: {json}");
        }
        assert!(
            !file.render(false).unwrap().contains("workspaces/acme/sources/web"),
            "read-only fields are not written"
        );
    }

    #[test]
    fn numbers_keep_the_digits_the_file_gives_them() {
        let yaml = EXAMPLE.replace(
            "          hooks: [{hook: \"https://example.com/in\", headers: []}]\n",
            "          hooks: [{hook: \"https://example.com/in\", headers: [], rate: 0.1000000000000000055511151231257827}]\n          \
             big: 123456789012345678901234\n          ratio: 1.50\n          quoted: '0.30'\n          yamlish: +1\n",
        );
        let json = serde_json::to_string(
            &serde_yaml_ng::from_str::<Value>(&EXAMPLE.replace("{$env: SEG_SECRET_WEB_WEBHOOKS_SHAREDSECRET}", "x"))
                .unwrap(),
        )
        .unwrap()
        .replace("\"headers\":[]", "\"headers\":[],\"rate\":0.1000000000000000055511151231257827");
        for text in [yaml.as_str(), json.as_str()] {
            let file = WorkspaceFile::parse(text).unwrap();
            let config = file.sources["web"].destinations["webhooks"].config.clone().unwrap();
            let plain = |key: &str| match &config[key] {
                ConfigValue::Plain(value) => value.to_string(),
                other => panic!("{other:?}"),
            };
            assert!(plain("hooks").contains("\"rate\":0.1000000000000000055511151231257827"), "{}", plain("hooks"));
            if text == yaml {
                assert_eq!(plain("big"), "123456789012345678901234");
                assert_eq!(plain("ratio"), "1.50");
                assert_eq!(plain("quoted"), "\"0.30\"", "a quoted scalar is a string");
                assert_eq!(plain("yamlish"), "1", "YAML's own spellings are read as YAML reads them");
            }
        }
    }

    #[test]
    fn unknown_keys_and_other_formats_are_refused_naming_the_line() {
        let typo = EXAMPLE.replace("connection_mode: CLOUD", "conection_mode: CLOUD");
        let err = WorkspaceFile::parse(&typo).unwrap_err();
        assert!(err.contains("conection_mode") && err.contains("line 12"), "{err}");
        let err = WorkspaceFile::parse(&EXAMPLE.replace("  web:", "  Web:")).unwrap_err();
        assert!(err.starts_with("line 5 column 3: sources.\"Web\": not a slug"), "{err}");
        let err = WorkspaceFile::parse(&EXAMPLE.replace("seg/1", "seg/2")).unwrap_err();
        assert!(err.contains("seg/2"), "{err}");
        let err = WorkspaceFile::parse(r#"{"format": "seg/1", "workspace": "w", "sources": {"s": {"catalog": 1}}}"#)
            .unwrap_err();
        assert!(err.contains("catalog") && err.contains("line 1"), "{err}");
    }

    #[test]
    fn errors_name_the_place_and_never_quote_a_value() {
        let secret = "tok-SECRETVALUE-0123456789";
        let files = [
            format!("SEG_TOKEN={secret}\n"),
            format!("[tokens]\ndefault = \"{secret}\"\n"),
            format!("format: seg/1\nworkspace: w\nsources:\n  web: {secret}\n"),
            format!(
                "format: seg/1\nworkspace: w\nsources:\n  web:\n    catalog_name: x\n    destinations:\n      d:\n        enabled: {secret}\n"
            ),
            format!("{{\"format\": \"seg/1\", \"workspace\": [\"{secret}\"]}}"),
            format!("\"{secret}\""),
            format!("-----BEGIN OPENSSH PRIVATE KEY-----\n{secret}\n-----END OPENSSH PRIVATE KEY-----\n"),
            format!("format: seg/1\nworkspace: {secret}\n"),
            format!("format: seg/1\nworkspace: w\ntracking_plans:\n  P:\n    rules: {{events: {secret}}}\n"),
            format!("format: seg/1\nworkspace: w\nsources:\n  web:\n    catalog_name: {secret} x\n"),
        ];
        for text in &files {
            let err = WorkspaceFile::parse(text).unwrap_err();
            assert!(!err.contains("SECRETVALUE"), "{text}: {err}");
        }
        assert_eq!(
            without_values(r#"a: invalid type: string "s\"x", expected a boolean at line 2"#),
            "a: invalid type: a string, expected a boolean at line 2"
        );
        let long = format!("unknown field `{}`, expected `format`", "k".repeat(100));
        assert!(without_values(&long).starts_with("unknown field `…`"));
        assert!(without_values("unknown field `conection_mode`").contains("`conection_mode`"));
        let shadow = "alice:$6$salt$FAKEHASHVALUE:19000:0:99999:7:::\n";
        let err = WorkspaceFile::parse(shadow).unwrap_err();
        assert!(err.starts_with("line 1") && !err.contains("FAKEHASH"), "{err}");
    }

    #[test]
    fn names_are_checked_with_the_services_rules() {
        let bad = [
            ("format: seg/1\nworkspace: Acme\n", "workspace: not a slug"),
            ("format: seg/1\nworkspace: a\nsources:\n  Web:\n    catalog_name: javascript\n", "sources.\"Web\""),
            ("format: seg/1\nworkspace: a\nsources:\n  web:\n    catalog_name: a/b\n", "catalog source"),
            (
                "format: seg/1\nworkspace: a\nsources:\n  web:\n    catalog_name: javascript\n    destinations:\n      'a b': {}\n",
                "not a slug",
            ),
            ("format: seg/1\nworkspace: a\ntracking_plans:\n  ' ': {}\n", "name (its key) is empty"),
            ("format: seg/1\nworkspace: a\ntracking_plans:\n  P: {rules: {events: [1]}}\n", "must hold objects"),
            ("format: seg/1\nworkspace: a\ntracking_plans:\n  P: {sources: [Web]}\n", "not a source slug"),
        ];
        for (text, says) in bad {
            let err = WorkspaceFile::parse(text).unwrap_err();
            assert!(err.contains(says), "{text}: {err}");
        }
        let file =
            WorkspaceFile::parse("format: seg/1\nworkspace: a\nsources:\n  web:\n    catalog_name: javascript\n")
                .unwrap();
        assert_eq!(file.sources["web"].catalog_name, "catalog/sources/javascript", "a bare catalog slug is completed");
    }

    #[test]
    fn two_keys_naming_one_destination_are_refused_naming_both() {
        let file = |destinations: &str| {
            format!(
                "format: seg/1\nworkspace: a\nsources:\n  web:\n    catalog_name: javascript\n    destinations:\n{destinations}"
            )
        };
        let err = WorkspaceFile::parse(&file("      webhooks#Prod: {}\n      webhooks: {name: Prod}\n")).unwrap_err();
        assert!(err.starts_with("line 8 column 7: sources.\"web\".destinations.\"webhooks\""), "{err}");
        assert!(err.contains("it and \"webhooks#Prod\" both name the webhooks destination named \"Prod\""), "{err}");
        // One name per entry: the same name under two entries, and an unnamed bare key beside named ones, are fine.
        let fine =
            "      webhooks#Prod: {}\n      webhooks: {}\n      amplitude: {name: Prod}\n      webhooks#Staging: {}\n";
        WorkspaceFile::parse(&file(fine)).unwrap();
    }

    #[test]
    fn env_names_are_upper_case_words() {
        assert_eq!(env_name("web-app", "google-analytics", "api.key"), "SEG_SECRET_WEB_APP_GOOGLE_ANALYTICS_API_KEY");
    }
}
