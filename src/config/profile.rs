//! Profiles: named settings in `config.toml`, found in `SEG_CONFIG_DIR`, else `$XDG_CONFIG_HOME/seg` (on Linux and
//! macOS: `~/.config/seg`; on Windows the roaming app-data folder).
//!
//! ```toml
//! [profiles.default]
//! base_url = "http://127.0.0.1:8808"
//! workspace = "demo"
//! ```
//!
//! A key this version does not know (written by a newer seg, or a typo) is a warning, never an error, and is kept
//! when seg rewrites the file; a file that is not TOML is an error for the commands that need their settings.
//! Changes go through `effect::Gate::rewrite`: locked, atomic, owner-only.

use std::path::{Path, PathBuf};

use crate::effect::Gate;
use crate::error::{Error, Result};

pub const DEFAULT_PROFILE: &str = "default";
/// The keys a profile holds.
pub const KEYS: [&str; 7] = ["api", "region", "base_url", "api_version", "workspace", "output", "budget_url"];

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Profile {
    pub api: Option<String>,
    pub region: Option<String>,
    pub base_url: Option<String>,
    pub api_version: Option<String>,
    pub workspace: Option<String>,
    pub output: Option<String>,
    /// The shared rate budget's `redis://` URL; it may hold a password: shown through [`Profile::shown`].
    pub budget_url: Option<String>,
}

impl Profile {
    pub fn get(&self, key: &str) -> Option<&str> {
        match key {
            "api" => self.api.as_deref(),
            "region" => self.region.as_deref(),
            "base_url" => self.base_url.as_deref(),
            "api_version" => self.api_version.as_deref(),
            "workspace" => self.workspace.as_deref(),
            "output" => self.output.as_deref(),
            "budget_url" => self.budget_url.as_deref(),
            _ => None,
        }
    }

    /// A setting as `config list` shows it: a budget URL's password masked (`config get` prints it as it is).
    pub fn shown(&self, key: &str) -> Option<String> {
        let value = self.get(key)?;
        Some(match key {
            "budget_url" => crate::secret::redact_credentials(value).into_owned(),
            _ => value.to_string(),
        })
    }

    fn slot(&mut self, key: &str) -> Option<&mut Option<String>> {
        Some(match key {
            "api" => &mut self.api,
            "region" => &mut self.region,
            "base_url" => &mut self.base_url,
            "api_version" => &mut self.api_version,
            "workspace" => &mut self.workspace,
            "output" => &mut self.output,
            "budget_url" => &mut self.budget_url,
            _ => return None,
        })
    }
}

pub fn unknown_key(key: &str) -> Error {
    Error::usage(format!("unknown setting {key:?}: one of {}", KEYS.join(", ")))
}

/// Checks a value before it is stored.
pub fn check(key: &str, value: &str) -> Result<()> {
    let bad = |why: &str| Err(Error::usage(format!("invalid {key} {value:?}: {why}")));
    match key {
        "base_url" => match reqwest::Url::parse(value) {
            Ok(url) if matches!(url.scheme(), "http" | "https") && url.host_str().is_some() => Ok(()),
            _ => bad("use an http:// or https:// URL"),
        },
        "api_version" if value.is_empty() || value.contains(['/', '?', '#', ' ']) => {
            bad("use a path segment like v1beta")
        }
        "api" if crate::api::Api::parse(value).is_none() => bad("one of config, public"),
        "region" if crate::api::Region::parse(value).is_none() => bad("one of us, eu"),
        "workspace" if value.is_empty() || value.contains(['/', '?', '#', ' ']) => bad("use a workspace slug"),
        "output" if crate::ui::output::Format::parse(value).is_none() => bad("one of table, json, ndjson, yaml, name"),
        // Never quoted: the URL may hold a password.
        "budget_url" => crate::api::budget::check_url(value)
            .map(|_| ())
            .map_err(|why| Error::usage(format!("invalid budget_url: {why}"))),
        "api" | "region" | "api_version" | "workspace" | "output" => Ok(()),
        other => Err(unknown_key(other)),
    }
}

/// The folder of `config.toml` and the token file store.
pub fn dir() -> Result<PathBuf> {
    if let Some(dir) = std::env::var_os("SEG_CONFIG_DIR").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    use etcetera::BaseStrategy;
    let strategy = etcetera::choose_base_strategy()
        .map_err(|e| Error::failed(format!("cannot find the config folder ({e}); set SEG_CONFIG_DIR")))?;
    Ok(strategy.config_dir().join("seg"))
}

pub fn path() -> Result<PathBuf> {
    Ok(dir()?.join("config.toml"))
}

/// `config.toml` as read: the document (unknown keys and all), and what in it this version ignores.
#[derive(Debug, Clone, Default)]
pub struct ConfigFile {
    document: toml::Table,
    /// Keys this version does not know, in words, for a warning.
    pub ignored: Vec<String>,
}

impl ConfigFile {
    /// The file at `path`; none when it does not exist. An unreadable file or one that is not TOML is a usage error.
    pub fn load(path: &Path) -> Result<ConfigFile> {
        match std::fs::read_to_string(path) {
            Ok(text) => ConfigFile::parse(&text, path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(ConfigFile::default()),
            Err(e) => Err(Error::usage(format!("cannot read config file {}: {e}", path.display()))),
        }
    }

    pub fn parse(text: &str, path: &Path) -> Result<ConfigFile> {
        let invalid = |why: String| Error::usage(format!("invalid config file {}: {why}", path.display()));
        let document: toml::Table = text.parse().map_err(|e: toml::de::Error| invalid(one_line(&e, text)))?;
        let mut ignored = Vec::new();
        for (key, value) in &document {
            match (key.as_str(), value) {
                ("profiles", toml::Value::Table(profiles)) => {
                    for (name, profile) in profiles {
                        let toml::Value::Table(profile) = profile else {
                            return Err(invalid(format!("profiles.{name} must be a table of settings")));
                        };
                        for (key, value) in profile {
                            if !KEYS.contains(&key.as_str()) {
                                ignored.push(format!("profiles.{name}.{key}"));
                            } else if !value.is_str() {
                                return Err(invalid(format!("profiles.{name}.{key} must be a string")));
                            }
                        }
                    }
                }
                ("profiles", _) => return Err(invalid("profiles must be a table".into())),
                (other, _) => ignored.push(other.to_string()),
            }
        }
        Ok(ConfigFile { document, ignored })
    }

    /// The settings of a profile (empty when it has none).
    pub fn profile(&self, name: &str) -> Profile {
        let mut profile = Profile::default();
        if let Some(toml::Value::Table(table)) = self.profiles().and_then(|p| p.get(name)) {
            for key in KEYS {
                if let (Some(slot), Some(value)) = (profile.slot(key), table.get(key).and_then(toml::Value::as_str)) {
                    *slot = Some(value.to_string());
                }
            }
        }
        profile
    }

    pub fn has_profile(&self, name: &str) -> bool {
        self.profiles().is_some_and(|p| p.contains_key(name))
    }

    fn profiles(&self) -> Option<&toml::Table> {
        self.document.get("profiles").and_then(toml::Value::as_table)
    }

    /// Sets (`Some`) or removes (`None`) a key of a profile, keeping everything else in the file as it was.
    pub fn set(&mut self, profile: &str, key: &str, value: Option<&str>) -> Result<()> {
        if !KEYS.contains(&key) {
            return Err(unknown_key(key));
        }
        if let Some(value) = value {
            check(key, value)?;
        }
        let profiles = self
            .document
            .entry("profiles")
            .or_insert_with(|| toml::Value::Table(toml::Table::new()))
            .as_table_mut()
            .ok_or_else(|| Error::usage("profiles must be a table"))?;
        let settings = profiles
            .entry(profile)
            .or_insert_with(|| toml::Value::Table(toml::Table::new()))
            .as_table_mut()
            .ok_or_else(|| Error::usage(format!("profiles.{profile} must be a table")))?;
        match value {
            Some(value) => settings.insert(key.to_string(), toml::Value::String(value.to_string())),
            None => settings.remove(key),
        };
        Ok(())
    }

    pub fn to_text(&self) -> String {
        self.document.to_string()
    }
}

/// A TOML error as one line: its message and where (toml's own text spans several lines with a snippet).
fn one_line(error: &toml::de::Error, text: &str) -> String {
    let message = error.message().trim().replace('\n', " ");
    match error.span() {
        Some(span) => {
            let before = text.get(..span.start).unwrap_or(text);
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("{message} (line {line}, column {column})")
        }
        None => message,
    }
}

/// Sets or removes one key of a profile in the file at `path`, through the gate (locked, atomic, `--dry-run`).
pub fn update(gate: &Gate, path: &Path, profile: &str, key: &str, value: Option<&str>) -> Result<()> {
    update_all(gate, path, profile, &[(key, value)])
}

/// Sets or removes several keys of a profile as one rewrite (`seg auth login` saves the API, its region and the
/// base URL together: all of them or none).
pub fn update_all(gate: &Gate, path: &Path, profile: &str, changes: &[(&str, Option<&str>)]) -> Result<()> {
    gate.rewrite(path, "the config", |text| {
        let mut file = match text {
            Some(text) => ConfigFile::parse(text, path)?,
            None => ConfigFile::default(),
        };
        for (key, value) in changes {
            file.set(profile, key, *value)?;
        }
        Ok((Some(file.to_text()), ()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::Printer;

    #[test]
    fn values_are_checked_and_files_round_trip_privately() {
        let mut file = ConfigFile::default();
        file.set("ci", "base_url", Some("http://127.0.0.1:8808")).unwrap();
        file.set("ci", "output", Some("json")).unwrap();
        for (key, value) in [("base_url", "nope"), ("output", "xml"), ("workspace", "a/b"), ("colour", "x")] {
            assert_eq!(file.set("ci", key, Some(value)).unwrap_err().exit_code(), 2, "{key}");
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("config.toml");
        let gate = Gate::new(false, Printer::plain());
        update(&gate, &path, "ci", "base_url", Some("http://127.0.0.1:8808")).unwrap();
        update(&gate, &path, "ci", "workspace", Some("acme")).unwrap();
        update(&gate, &path, "ci", "workspace", None).unwrap();
        let loaded = ConfigFile::load(&path).unwrap();
        assert_eq!(loaded.profile("ci").base_url.as_deref(), Some("http://127.0.0.1:8808"));
        assert_eq!(loaded.profile("ci").workspace, None);
        assert_eq!(loaded.profile("other"), Profile::default());
        assert_eq!(ConfigFile::load(&dir.path().join("none.toml")).unwrap().profile("x"), Profile::default());
    }

    #[test]
    fn unknown_keys_are_ignored_with_a_warning_and_kept() {
        let path = Path::new("config.toml");
        let text = "colour = \"x\"\n[profiles.ci]\nbase_url = \"http://h\"\nfuture = 1\n";
        let mut file = ConfigFile::parse(text, path).unwrap();
        assert_eq!(file.ignored, ["colour", "profiles.ci.future"]);
        assert_eq!(file.profile("ci").base_url.as_deref(), Some("http://h"));
        file.set("ci", "workspace", Some("w")).unwrap();
        let again = ConfigFile::parse(&file.to_text(), path).unwrap();
        assert_eq!(again.ignored, ["colour", "profiles.ci.future"], "kept on rewrite");
        for broken in ["[profiles", "profiles = 1", "[profiles.ci]\nbase_url = 1\n", "[profiles]\nci = 2\n"] {
            assert_eq!(ConfigFile::parse(broken, path).unwrap_err().exit_code(), 2, "{broken}");
        }
    }
}
