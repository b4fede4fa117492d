//! Profiles: named settings in `config.toml`, found in `SEG_CONFIG_DIR`, else `$XDG_CONFIG_HOME/seg` (on Linux and
//! macOS: `~/.config/seg`; on Windows the roaming app-data folder). Written with mode 0600.
//!
//! ```toml
//! [profiles.default]
//! base_url = "http://127.0.0.1:8808"
//! workspace = "demo"
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

pub const DEFAULT_PROFILE: &str = "default";
/// The keys a profile holds.
pub const KEYS: [&str; 4] = ["base_url", "api_version", "workspace", "output"];

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workspace: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
}

impl Profile {
    pub fn get(&self, key: &str) -> Option<&str> {
        match key {
            "base_url" => self.base_url.as_deref(),
            "api_version" => self.api_version.as_deref(),
            "workspace" => self.workspace.as_deref(),
            "output" => self.output.as_deref(),
            _ => None,
        }
    }

    fn slot(&mut self, key: &str) -> Result<&mut Option<String>> {
        Ok(match key {
            "base_url" => &mut self.base_url,
            "api_version" => &mut self.api_version,
            "workspace" => &mut self.workspace,
            "output" => &mut self.output,
            other => return Err(unknown_key(other)),
        })
    }

    /// Sets a key after checking its value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<()> {
        check(key, value)?;
        *self.slot(key)? = Some(value.to_string());
        Ok(())
    }

    pub fn unset(&mut self, key: &str) -> Result<()> {
        *self.slot(key)? = None;
        Ok(())
    }
}

pub fn unknown_key(key: &str) -> Error {
    Error::usage(format!("unknown setting {key:?}: one of {}", KEYS.join(", ")))
}

fn check(key: &str, value: &str) -> Result<()> {
    let bad = |why: &str| Err(Error::usage(format!("invalid {key} {value:?}: {why}")));
    match key {
        "base_url" => match reqwest::Url::parse(value) {
            Ok(url) if matches!(url.scheme(), "http" | "https") && url.host_str().is_some() => Ok(()),
            _ => bad("use an http:// or https:// URL"),
        },
        "api_version" if value.is_empty() || value.contains(['/', '?', '#', ' ']) => {
            bad("use a path segment like v1beta")
        }
        "workspace" if value.is_empty() || value.contains(['/', '?', '#', ' ']) => bad("use a workspace slug"),
        "output" if crate::ui::output::Format::parse(value).is_none() => bad("one of table, json, ndjson, yaml, name"),
        "api_version" | "workspace" | "output" => Ok(()),
        other => Err(unknown_key(other)),
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    #[serde(default)]
    pub profiles: BTreeMap<String, Profile>,
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

impl ConfigFile {
    /// The file's settings; none when it does not exist. An unreadable or invalid file is a usage error.
    pub fn load(path: &Path) -> Result<ConfigFile> {
        match std::fs::read_to_string(path) {
            Ok(text) => {
                toml::from_str(&text).map_err(|e| Error::usage(format!("invalid config file {}: {e}", path.display())))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(ConfigFile::default()),
            Err(e) => Err(Error::usage(format!("cannot read config file {}: {e}", path.display()))),
        }
    }

    pub fn save(&self, path: &Path) -> Result<()> {
        let text = toml::to_string(self).map_err(|e| Error::failed(format!("cannot write the config: {e}")))?;
        write_private(path, text.as_bytes())
    }

    pub fn profile(&self, name: &str) -> Profile {
        self.profiles.get(name).cloned().unwrap_or_default()
    }
}

/// Writes a file readable by its owner only (0600 on Unix), atomically: a temporary file renamed into place.
pub fn write_private(path: &Path, bytes: &[u8]) -> Result<()> {
    let fail = |e: std::io::Error| Error::failed(format!("cannot write {}: {e}", path.display()));
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(fail)?;
    }
    let temp = path.with_extension("tmp");
    {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(&temp).map_err(fail)?;
        std::io::Write::write_all(&mut file, bytes).map_err(fail)?;
        file.sync_all().map_err(fail)?;
    }
    #[cfg(unix)]
    std::fs::set_permissions(&temp, std::os::unix::fs::PermissionsExt::from_mode(0o600)).map_err(fail)?;
    std::fs::rename(&temp, path).map_err(fail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_checks_values_and_files_round_trip_privately() {
        let mut profile = Profile::default();
        profile.set("base_url", "http://127.0.0.1:8808").unwrap();
        profile.set("output", "json").unwrap();
        assert!(profile.set("base_url", "nope").is_err());
        assert!(profile.set("output", "xml").is_err());
        assert!(profile.set("workspace", "a/b").is_err());
        assert!(profile.set("colour", "x").is_err());
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("config.toml");
        let mut file = ConfigFile::default();
        file.profiles.insert("ci".into(), profile.clone());
        file.save(&path).unwrap();
        assert_eq!(ConfigFile::load(&path).unwrap().profile("ci"), profile);
        assert_eq!(ConfigFile::load(&path).unwrap().profile("other"), Profile::default());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
        std::fs::write(&path, "[profiles.x]\nbogus = 1\n").unwrap();
        assert_eq!(ConfigFile::load(&path).unwrap_err().exit_code(), 2);
        assert_eq!(ConfigFile::load(&dir.path().join("none.toml")).unwrap(), ConfigFile::default());
    }
}
