//! The `seg/1` file: a workspace as code (CLI.md, "Workspaces as code"). YAML or JSON, the same structure. Sources
//! and destinations are keyed by slug, tracking plans by display name (their ids differ between workspaces). A field
//! absent from the file is not managed; read-only fields (`name`, `parent`, `id`, times, `write_keys`) may be present
//! and are ignored; any other unknown key is an error naming its line. Secrets are `{$env: NAME}` references.

use std::collections::BTreeMap;
use std::path::Path;

use indexmap::IndexMap;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::wire::{Action, SchemaConfig};

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
    // Read-only fields: accepted and ignored.
    #[serde(default, skip_serializing)]
    pub(super) name: Option<IgnoredAny>,
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

/// A config value: as it is, or a reference to an environment variable that holds a secret.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ConfigValue {
    Env(EnvRef),
    Plain(Value),
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

/// The `$env` name of a secret: `SEG_SECRET_` + source, destination and key, upper-cased, other characters `_`.
pub fn env_name(source: &str, destination: &str, key: &str) -> String {
    let word = |s: &str| -> String {
        s.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect()
    };
    format!("SEG_SECRET_{}_{}_{}", word(source), word(destination), word(key))
}

impl WorkspaceFile {
    /// A file's bytes: JSON when they start with `{`, else YAML. Any problem is a usage error naming the file
    /// and, where the parser knows it, the line.
    pub fn read(bytes: Vec<u8>, path: &Path) -> Result<WorkspaceFile> {
        let text =
            String::from_utf8(bytes).map_err(|_| Error::usage(format!("{} is not UTF-8 text", path.display())))?;
        WorkspaceFile::parse(&text).map_err(|why| Error::usage(format!("{}: {why}", path.display())))
    }

    pub fn parse(text: &str) -> Result<WorkspaceFile, String> {
        let file: WorkspaceFile = if text.trim_start().starts_with('{') {
            serde_json::from_str(text).map_err(|e| e.to_string())?
        } else {
            serde_yaml_ng::from_str(text).map_err(|e| e.to_string())?
        };
        if file.format != FORMAT {
            return Err(format!("format {:?} is not one this version reads; it reads {FORMAT:?}", file.format));
        }
        if file.workspace.trim().is_empty() {
            return Err("workspace is empty: name the workspace's slug".into());
        }
        file.check()?;
        Ok(file)
    }

    /// What the file's structure cannot say: schema-config fields and their values, filter actions.
    fn check(&self) -> Result<(), String> {
        for (source, spec) in &self.sources {
            if let Some(config) = &spec.schema_config {
                let at = |why: String| format!("sources.{source}.schema_config: {why}");
                let known: Vec<&str> = SchemaConfig::FIELDS.iter().map(|(field, _)| *field).collect();
                if let Some(unknown) = config.keys().find(|key| !known.contains(&key.as_str())) {
                    return Err(at(format!("unknown field {unknown:?}; one of {}", known.join(", "))));
                }
                let typed: SchemaConfig =
                    serde_json::from_value(Value::Object(config.clone())).map_err(|e| at(e.to_string()))?;
                typed.check().map_err(at)?;
            }
            for (destination, spec) in &spec.destinations {
                for (title, filter) in spec.filters.iter().flatten() {
                    let at =
                        |why: String| format!("sources.{source}.destinations.{destination}.filters.{title:?}: {why}");
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
        Ok(())
    }

    /// YAML (the default) or JSON, with a newline at the end.
    pub fn render(&self, json: bool) -> Result<String> {
        let text = if json {
            serde_json::to_string_pretty(self).map_err(|e| Error::failed(e.to_string()))? + "\n"
        } else {
            serde_yaml_ng::to_string(self).map_err(|e| Error::failed(format!("cannot write YAML: {e}")))?
        };
        Ok(text)
    }

    /// Every `$env` name the file refers to, in order.
    pub fn env_names(&self) -> Vec<&str> {
        self.sources
            .values()
            .flat_map(|s| s.destinations.values())
            .flat_map(|d| d.config.iter().flatten())
            .filter_map(|(_, v)| match v {
                ConfigValue::Env(r) => Some(r.env.as_str()),
                ConfigValue::Plain(_) => None,
            })
            .collect()
    }
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
    fn unknown_keys_and_other_formats_are_refused_naming_the_line() {
        let typo = EXAMPLE.replace("connection_mode: CLOUD", "conection_mode: CLOUD");
        let err = WorkspaceFile::parse(&typo).unwrap_err();
        assert!(err.contains("conection_mode") && err.contains("line 12"), "{err}");
        let err = WorkspaceFile::parse(&EXAMPLE.replace("seg/1", "seg/2")).unwrap_err();
        assert!(err.contains("seg/2"), "{err}");
        let err = WorkspaceFile::parse(r#"{"format": "seg/1", "workspace": "w", "sources": {"s": {"catalog": 1}}}"#)
            .unwrap_err();
        assert!(err.contains("catalog") && err.contains("line 1"), "{err}");
    }

    #[test]
    fn env_names_are_upper_case_words() {
        assert_eq!(env_name("web-app", "google-analytics", "api.key"), "SEG_SECRET_WEB_APP_GOOGLE_ANALYTICS_API_KEY");
    }
}
