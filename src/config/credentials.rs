//! Where `seg auth login` keeps tokens, and which service each belongs to. `credentials.toml` (beside
//! `config.toml`, mode 0600) records, per profile, the base URL the token was stored with and where the token is:
//! in the OS keyring (Keychain, Credential Manager, the Linux kernel keyring; entry `<profile>@<base URL>`), or in
//! the file itself where no keyring works (only with the user's consent, `--insecure-storage`, or `SEG_NO_KEYRING=1`,
//! which turns the keyring off entirely, for CI and tests). A stored token is sent only to its base URL.
//!
//! Older versions kept `[tokens] <profile> = "<token>"`, or a keyring entry named by the profile alone, with no base
//! URL: such a token is read as bound to the profile's base URL (or the default), so no login is lost, and the next
//! login writes the new form. Keyring calls run on a blocking thread with a timeout: a wedged keyring daemon must not
//! hang a command.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::profile;
use crate::api::{Api, Region};
use crate::effect::{Gate, KeyringWrite};
use crate::error::{Error, Result};
use crate::secret::Secret;

/// The keyring service name of seg's entries.
pub const SERVICE: &str = "seg";

pub fn keyring_disabled() -> bool {
    std::env::var("SEG_NO_KEYRING").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// The keyring entry of a profile's token for a base URL.
pub fn keyring_entry(profile: &str, base_url: &str) -> String {
    format!("{profile}@{}", normalize_url(base_url))
}

/// A base URL as tokens are bound to it: no trailing `/`, scheme and host in lowercase, the default port left out.
pub fn normalize_url(url: &str) -> String {
    match reqwest::Url::parse(url.trim()) {
        Ok(parsed) => parsed.as_str().trim_end_matches('/').to_string(),
        Err(_) => url.trim().trim_end_matches('/').to_string(),
    }
}

/// The API (and, for the Public API, the region) whose host a base URL is: the service's own hosts only. Any other
/// URL (a proxy, `seg serve`, which serves both) says nothing of the API.
pub fn api_of_host(base_url: &str) -> Option<(Api, Option<Region>)> {
    let url = normalize_url(base_url);
    [
        (crate::api::CONFIG_BASE_URL, Api::Config, None),
        (crate::api::PUBLIC_BASE_URL_US, Api::Public, Some(Region::Us)),
        (crate::api::PUBLIC_BASE_URL_EU, Api::Public, Some(Region::Eu)),
    ]
    .into_iter()
    .find(|(host, _, _)| normalize_url(host) == url)
    .map(|(_, api, region)| (api, region))
}

/// The API and region a profile's stored token was logged in for, read from the host `credentials.toml` binds it
/// to; `None` when it names no API's host, when there is no login, or the file cannot be read (the token's
/// resolution says why).
pub fn api_of_login(profile: &str) -> Option<(Api, Option<Region>)> {
    match Credentials::default_path().ok()?.login(profile).ok()?? {
        Login::Bound { base_url, .. } => api_of_host(&base_url),
        Login::Legacy(_) => None,
    }
}

/// A store of secrets by entry name: the OS keyring (a trait, so a test can stand in a keyring that fails).
pub trait SecretStore {
    fn get(&self, entry: &str) -> Result<Option<Secret>>;
    fn set(&self, gate: &Gate, entry: &str, secret: &Secret) -> Result<()>;
    /// Whether there was something to remove.
    fn delete(&self, gate: &Gate, entry: &str) -> Result<bool>;
}

pub struct Keyring;

impl SecretStore for Keyring {
    fn get(&self, entry: &str) -> Result<Option<Secret>> {
        let entry = entry.to_string();
        crate::effect::keyring_call(move || match keyring::Entry::new(SERVICE, &entry)?.get_password() {
            Ok(token) => Ok(Some(Secret::new(token))),
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(e) => Err(e),
        })
    }

    fn set(&self, gate: &Gate, entry: &str, secret: &Secret) -> Result<()> {
        gate.keyring(SERVICE, entry, KeyringWrite::Store(secret))?;
        if gate.is_dry_run() {
            return Ok(());
        }
        // Some backends accept a write they cannot keep; read it back before trusting it.
        match self.get(entry)? {
            Some(stored) if &stored == secret => Ok(()),
            _ => Err(Error::failed("keyring: the token did not read back after storing it")),
        }
    }

    fn delete(&self, gate: &Gate, entry: &str) -> Result<bool> {
        gate.keyring(SERVICE, entry, KeyringWrite::Remove)
    }
}

/// What `credentials.toml` says of a profile's login.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Login {
    /// Since tokens are bound to a base URL.
    Bound {
        base_url: String,
        /// The token itself, when it lives in this file.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// The token is in the OS keyring, entry `<profile>@<base_url>`.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        keyring: bool,
    },
    /// Before: the token alone, bound to the profile's base URL.
    Legacy(String),
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct Logins {
    #[serde(default)]
    tokens: BTreeMap<String, Login>,
}

/// `credentials.toml`.
pub struct Credentials {
    pub path: PathBuf,
}

impl Credentials {
    pub fn default_path() -> Result<Credentials> {
        Ok(Credentials { path: profile::dir()?.join("credentials.toml") })
    }

    fn parse(&self, text: Option<&str>) -> Result<Logins> {
        match text {
            Some(text) => toml::from_str(text).map_err(|e| {
                Error::usage(format!("invalid token file store {}: {}", self.path.display(), e.message()))
            }),
            None => Ok(Logins::default()),
        }
    }

    /// The profile's login, if there is one.
    pub fn login(&self, profile: &str) -> Result<Option<Login>> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(text) => Some(text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(Error::usage(format!("cannot read {}: {e}", self.path.display()))),
        };
        Ok(self.parse(text.as_deref())?.tokens.remove(profile))
    }

    /// Records (`Some`) or removes (`None`) a profile's login, as one locked, atomic step; what was there before.
    pub fn record(&self, gate: &Gate, profile: &str, login: Option<Login>) -> Result<Option<Login>> {
        gate.rewrite(&self.path, "the token file store", |text| {
            let mut logins = self.parse(text)?;
            let before = match login {
                Some(login) => logins.tokens.insert(profile.to_string(), login),
                None => logins.tokens.remove(profile),
            };
            let text = toml::to_string(&logins).map_err(|e| Error::failed(e.to_string()))?;
            Ok((Some(text), before))
        })
    }
}

/// The kernel keyring works for a job (CI, cron) only once the process has a session keyring of its own:
/// join a fresh anonymous one when the current session keyring is the per-user fallback. Threads inherit it,
/// so this runs at start, before the async runtime's threads exist.
#[cfg(target_os = "linux")]
pub fn prepare_keyring() {
    const KEYCTL_GET_KEYRING_ID: libc::c_long = 0;
    const KEYCTL_JOIN_SESSION_KEYRING: libc::c_long = 1;
    const KEY_SPEC_SESSION_KEYRING: libc::c_long = -3;
    const KEY_SPEC_USER_SESSION_KEYRING: libc::c_long = -5;
    if keyring_disabled() {
        return;
    }
    // SAFETY: keyctl with integer arguments and a null name; it touches only this thread's credentials.
    unsafe {
        let session = libc::syscall(libc::SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 0);
        let user_session = libc::syscall(libc::SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_USER_SESSION_KEYRING, 0);
        if session >= 0 && session == user_session {
            libc::syscall(libc::SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, std::ptr::null::<libc::c_char>());
        }
    }
}

#[cfg(not(target_os = "linux"))]
pub fn prepare_keyring() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logins_are_bound_to_their_base_url_and_old_files_still_read() {
        let dir = tempfile::tempdir().unwrap();
        let store = Credentials { path: dir.path().join("credentials.toml") };
        let gate = Gate::new(false, crate::ui::Printer::plain());
        assert_eq!(store.login("default").unwrap(), None);
        let bound = Login::Bound { base_url: "https://a.example".into(), token: Some("t".into()), keyring: false };
        store.record(&gate, "default", Some(bound.clone())).unwrap();
        store
            .record(&gate, "ci", Some(Login::Bound { base_url: "http://b".into(), token: None, keyring: true }))
            .unwrap();
        assert_eq!(store.login("default").unwrap(), Some(bound.clone()));
        assert_eq!(store.record(&gate, "default", None).unwrap(), Some(bound));
        assert_eq!(store.login("default").unwrap(), None);
        assert!(matches!(store.login("ci").unwrap(), Some(Login::Bound { keyring: true, .. })));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&store.path).unwrap().permissions().mode() & 0o777, 0o600);
        }
        // The form written before tokens were bound to a base URL.
        gate.rewrite(&store.path, "old", |_| Ok((Some("[tokens]\nold = \"t0\"\n".into()), ()))).unwrap();
        assert_eq!(store.login("old").unwrap(), Some(Login::Legacy("t0".into())));
    }

    #[test]
    fn urls_compare_in_their_normal_form() {
        assert_eq!(normalize_url("HTTPS://Platform.SegmentAPIs.com/"), "https://platform.segmentapis.com");
        assert_eq!(normalize_url("http://127.0.0.1:80/"), "http://127.0.0.1");
        assert_eq!(normalize_url("http://h:8808/proxy/"), "http://h:8808/proxy");
        assert_eq!(keyring_entry("ci", "http://h:8808/"), "ci@http://h:8808");
    }
}
