//! seg's own output records: what seg reports that the service did not send. A resource is printed exactly as the
//! service answered it (docs/reference/commands.md); these are the other documents seg prints, each a `Serialize` type
//! here, so that its keys are fixed in one place, whatever the count or the outcome, and a script can rely on them.

use serde::Serialize;
use serde_json::value::RawValue;

use crate::error::ErrorReport;

// ---- resources ----

/// One result line of a `--each` run: the item's name, whether it succeeded, the service's answer as it sent it
/// (a created source with its write keys), or the error.
#[derive(Debug, Clone, Serialize)]
pub struct EachResult {
    pub name: String,
    pub ok: bool,
    /// The answer's text (numbers as the service spelled them), written into the line as it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorReport>,
}

/// One request of `seg regulations create`: the service's answer as it sent it (`regulate_id`), and how many user
/// ids the request carried.
#[derive(Debug, Clone, Serialize)]
pub struct RegulationSent {
    #[serde(flatten)]
    pub answer: indexmap::IndexMap<String, Box<RawValue>>,
    pub users: usize,
}

// ---- config ----

/// `seg config list -o json`: the profile's settings that are set (`config::profile::KEYS`, in that order).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ProfileSettings {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workspace: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// Its password masked (`config get budget_url` shows it whole).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget_url: Option<String>,
}

impl ProfileSettings {
    /// The settings `get` gives for each key.
    pub fn of(get: impl Fn(&str) -> Option<String>) -> ProfileSettings {
        ProfileSettings {
            api: get("api"),
            region: get("region"),
            base_url: get("base_url"),
            api_version: get("api_version"),
            workspace: get("workspace"),
            output: get("output"),
            budget_url: get("budget_url"),
        }
    }
}

// ---- auth ----

/// `seg auth status`: where the token comes from and whether it works, and the profile's settings.
#[derive(Debug, Clone, Default, Serialize)]
pub struct AuthStatus {
    pub profile: String,
    /// `config` or `public`.
    pub api: String,
    /// The Public API's region (`us`, `eu`); `null` on the Config API, which has one host.
    pub region: Option<String>,
    pub base_url: String,
    /// The Config API's path prefix; `null` on the Public API, which has none.
    pub api_version: Option<String>,
    pub workspace: Option<String>,
    pub output: String,
    pub keyring: String,
    /// `null` when no token is configured.
    pub token_source: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token_works: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workspaces: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Whole milliseconds, rounded.
pub fn millis(duration: std::time::Duration) -> u64 {
    u64::try_from((duration.as_micros() + 500) / 1000).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_settings_are_the_profiles_keys_in_order() {
        let all = ProfileSettings::of(|key| Some(format!("v-{key}")));
        let value = serde_json::to_value(&all).unwrap();
        let keys: Vec<&str> = value.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, crate::config::profile::KEYS, "a key of the profile with no field here, or out of order");
        assert_eq!(value["base_url"], "v-base_url");
        assert_eq!(serde_json::to_string(&ProfileSettings::of(|_| None)).unwrap(), "{}");
    }
}
