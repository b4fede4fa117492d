//! Where `seg auth login` keeps tokens: the OS keyring (Keychain, Credential Manager, the Linux kernel keyring),
//! or a 0600 file (`credentials.toml` beside `config.toml`) where no keyring works — only with the user's consent,
//! `--insecure-storage`, or `SEG_NO_KEYRING=1` (which turns the keyring off entirely, for CI and tests).
//! Keyring calls run on a blocking thread with a timeout: a wedged keyring daemon must not hang a command.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::profile;
use crate::effect::{Gate, KeyringWrite};
use crate::error::{Error, Result};
use crate::secret::Secret;

/// The keyring service name of seg's entries.
pub const SERVICE: &str = "seg";
const KEYRING_TIMEOUT: Duration = Duration::from_secs(3);

/// A place that stores one token per profile. Writes go through the effect gate.
pub trait TokenStore {
    fn name(&self) -> &'static str;
    fn get(&self, profile: &str) -> Result<Option<Secret>>;
    fn set(&self, gate: &Gate, profile: &str, token: &Secret) -> Result<()>;
    /// Whether there was something to remove.
    fn delete(&self, gate: &Gate, profile: &str) -> Result<bool>;
}

pub fn keyring_disabled() -> bool {
    std::env::var("SEG_NO_KEYRING").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// Runs a blocking keyring call on a thread of its own, with a timeout.
pub fn with_timeout<T: Send + 'static>(call: impl FnOnce() -> keyring::Result<T> + Send + 'static) -> Result<T> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(call());
    });
    match rx.recv_timeout(KEYRING_TIMEOUT) {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(Error::failed(format!("keyring: {e}"))),
        Err(_) => Err(Error::failed(format!("keyring: no answer within {}", crate::ui::duration(KEYRING_TIMEOUT)))),
    }
}

pub struct Keyring;

impl TokenStore for Keyring {
    fn name(&self) -> &'static str {
        "keyring"
    }

    fn get(&self, profile: &str) -> Result<Option<Secret>> {
        let profile = profile.to_string();
        with_timeout(move || match keyring::Entry::new(SERVICE, &profile)?.get_password() {
            Ok(token) => Ok(Some(Secret::new(token))),
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(e) => Err(e),
        })
    }

    fn set(&self, gate: &Gate, profile: &str, token: &Secret) -> Result<()> {
        gate.keyring(SERVICE, profile, KeyringWrite::Store(token))?;
        if gate.is_dry_run() {
            return Ok(());
        }
        // Some backends accept a write they cannot keep; read it back before trusting it.
        match self.get(profile)? {
            Some(stored) if &stored == token => Ok(()),
            _ => Err(Error::failed("keyring: the token did not read back after storing it")),
        }
    }

    fn delete(&self, gate: &Gate, profile: &str) -> Result<bool> {
        gate.keyring(SERVICE, profile, KeyringWrite::Remove)
    }
}

/// Tokens in `credentials.toml`, mode 0600.
pub struct FileStore {
    pub path: PathBuf,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct Credentials {
    #[serde(default)]
    tokens: BTreeMap<String, String>,
}

impl FileStore {
    pub fn default_path() -> Result<FileStore> {
        Ok(FileStore { path: profile::dir()?.join("credentials.toml") })
    }

    fn parse(&self, text: Option<&str>) -> Result<Credentials> {
        match text {
            Some(text) => toml::from_str(text)
                .map_err(|e| Error::usage(format!("invalid token file store {}: {e}", self.path.display()))),
            None => Ok(Credentials::default()),
        }
    }

    fn load(&self) -> Result<Credentials> {
        match std::fs::read_to_string(&self.path) {
            Ok(text) => self.parse(Some(&text)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Credentials::default()),
            Err(e) => Err(Error::usage(format!("cannot read {}: {e}", self.path.display()))),
        }
    }

    /// Changes the stored tokens as one locked, atomic step; whether `change` changed anything.
    fn change(&self, gate: &Gate, change: impl FnOnce(&mut BTreeMap<String, String>) -> bool) -> Result<bool> {
        gate.rewrite(&self.path, "the token file store", |text| {
            let mut credentials = self.parse(text)?;
            if !change(&mut credentials.tokens) {
                return Ok((None, false));
            }
            let text = toml::to_string(&credentials).map_err(|e| Error::failed(e.to_string()))?;
            Ok((Some(text), true))
        })
    }
}

impl TokenStore for FileStore {
    fn name(&self) -> &'static str {
        "file store"
    }

    fn get(&self, profile: &str) -> Result<Option<Secret>> {
        Ok(self.load()?.tokens.get(profile).map(Secret::new))
    }

    fn set(&self, gate: &Gate, profile: &str, token: &Secret) -> Result<()> {
        self.change(gate, |tokens| {
            tokens.insert(profile.to_string(), token.expose().to_string());
            true
        })?;
        Ok(())
    }

    fn delete(&self, gate: &Gate, profile: &str) -> Result<bool> {
        self.change(gate, |tokens| tokens.remove(profile).is_some())
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
    fn file_store_keeps_one_token_per_profile_privately() {
        let dir = tempfile::tempdir().unwrap();
        let store = FileStore { path: dir.path().join("credentials.toml") };
        assert_eq!(store.get("default").unwrap(), None);
        let gate = Gate::new(false, crate::ui::Printer::plain());
        store.set(&gate, "default", &Secret::new("a")).unwrap();
        store.set(&gate, "ci", &Secret::new("b")).unwrap();
        assert_eq!(store.get("default").unwrap(), Some(Secret::new("a")));
        assert!(store.delete(&gate, "default").unwrap());
        assert!(!store.delete(&gate, "default").unwrap());
        assert_eq!(store.get("ci").unwrap(), Some(Secret::new("b")));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&store.path).unwrap().permissions().mode() & 0o777, 0o600);
        }
    }
}
