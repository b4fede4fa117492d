//! The token's sources, in order of precedence, and reading a token file safely.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::api::Api;
use crate::error::{Error, Result, Service};
use crate::secret::Secret;

pub const ENV_TOKEN: &str = "SEG_TOKEN";
pub const ENV_TOKEN_FILE: &str = "SEG_TOKEN_FILE";

/// Where the token in use came from (shown by `seg auth status`, never the token itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Flag,
    FlagFile(PathBuf),
    Env,
    EnvFile(PathBuf),
    /// Stored by `seg auth login`: the keyring entry.
    Keyring(String),
    FileStore(PathBuf),
    /// Read by a command itself (`seg auth login` from stdin or a prompt).
    Given(&'static str),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Flag => write!(f, "--token"),
            Source::FlagFile(path) => write!(f, "--token-file {}", path.display()),
            Source::Env => write!(f, "{ENV_TOKEN}"),
            Source::EnvFile(path) => write!(f, "{ENV_TOKEN_FILE}={}", path.display()),
            Source::Keyring(entry) => write!(f, "the OS keyring (entry {entry})"),
            Source::FileStore(path) => write!(f, "the file store {}", path.display()),
            Source::Given(what) => write!(f, "{what}"),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Token {
    pub secret: Secret,
    pub source: Source,
    /// Something the user should know, e.g. a token file others can read.
    pub warning: Option<String>,
}

/// A variable's value; `None` when unset or blank. A value that is not UTF-8 is a usage error, never ignored.
fn env(name: &str) -> Result<Option<String>> {
    match std::env::var_os(name) {
        None => Ok(None),
        Some(value) => match value.into_string() {
            Ok(text) if text.trim().is_empty() => Ok(None),
            Ok(text) => Ok(Some(text)),
            Err(_) => Err(Error::usage(format!("{name} is not valid UTF-8"))),
        },
    }
}

/// A token must be able to travel in an HTTP header: printable ASCII, no spaces or control characters. Anything
/// else is a usage error before any request, naming where it came from (never the token).
pub fn check(secret: &Secret, source: &Source) -> Result<()> {
    let bad = secret.expose().chars().position(|c| !c.is_ascii_graphic());
    match bad {
        None => Ok(()),
        Some(at) => {
            let c = secret.expose().chars().nth(at).unwrap_or_default();
            let what = if c.is_control() {
                "a control character"
            } else if c == ' ' {
                "a space"
            } else {
                "a character that is not ASCII"
            };
            Err(Error::usage(format!(
                "the token from {source} has {what} at position {}: a token is printable ASCII",
                at + 1
            )))
        }
    }
}

/// Where the token goes: the base URL requests are sent to, and the one a token stored before tokens were bound to
/// a base URL belongs to (the profile's, or the default).
#[derive(Debug, Clone)]
pub struct Destination<'a> {
    pub base_url: &'a str,
    pub legacy_base_url: &'a str,
}

/// The first token source that is set, or `None` when none is. An explicit token (flag, file, variable) goes where
/// it is told; a stored one only to the base URL it was stored with.
pub fn resolve(
    flag: Option<&Secret>,
    flag_file: Option<&Path>,
    profile: &str,
    to: &Destination<'_>,
) -> Result<Option<Token>> {
    let token = if let Some(secret) = flag.filter(|s| !s.is_empty()) {
        Token { secret: secret.clone(), source: Source::Flag, warning: None }
    } else if let Some(path) = flag_file {
        let (secret, warning) = read_file(path)?;
        Token { secret, source: Source::FlagFile(path.into()), warning }
    } else if let Some(value) = env(ENV_TOKEN)? {
        Token { secret: Secret::new(value.trim()), source: Source::Env, warning: None }
    } else if let Some(path) = env(ENV_TOKEN_FILE)? {
        let path = PathBuf::from(path);
        let (secret, warning) = read_file(&path)?;
        Token { secret, source: Source::EnvFile(path), warning }
    } else {
        match stored(profile, to)? {
            Some(token) => token,
            None => return Ok(None),
        }
    };
    check(&token.secret, &token.source)?;
    Ok(Some(token))
}

/// What `seg auth login` stored for the profile, if it belongs to `to.base_url` (exit 4 naming both URLs if it
/// belongs elsewhere). `credentials.toml` says where it is; without a record, an entry an older version put in the
/// keyring under the profile's name.
pub fn stored(profile: &str, to: &Destination<'_>) -> Result<Option<Token>> {
    use super::credentials::{
        Credentials, Keyring, Login, SecretStore, keyring_disabled, keyring_entry, normalize_url,
    };
    let credentials = Credentials::default_path()?;
    let bound_elsewhere = |stored: &str| -> Result<()> {
        if normalize_url(stored) == normalize_url(to.base_url) {
            return Ok(());
        }
        // The hosts of the two APIs: the fix is the API, not another login.
        let api = |url: &str| super::credentials::api_of_host(url).map(|(api, _)| api);
        let stored_for = match (api(stored), api(to.base_url)) {
            (Some(Api::Public), Some(Api::Config)) => Some(Service::PublicApi),
            (Some(Api::Config), Some(Api::Public)) => Some(Service::ConfigApi),
            _ => None,
        };
        Err(Error::TokenElsewhere {
            profile: profile.to_string(),
            stored: normalize_url(stored),
            wanted: normalize_url(to.base_url),
            stored_for,
        })
    };
    let in_file = |secret: &str| Token {
        secret: Secret::new(secret),
        source: Source::FileStore(credentials.path.clone()),
        warning: None,
    };
    match credentials.login(profile)? {
        Some(Login::Bound { base_url, token, keyring }) => {
            bound_elsewhere(&base_url)?;
            if let Some(token) = token {
                return Ok(Some(in_file(&token)));
            }
            if !keyring || keyring_disabled() {
                return Ok(None);
            }
            let entry = keyring_entry(profile, &base_url);
            Ok(Keyring.get(&entry)?.map(|secret| Token { secret, source: Source::Keyring(entry), warning: None }))
        }
        Some(Login::Legacy(token)) => {
            bound_elsewhere(to.legacy_base_url)?;
            Ok(Some(in_file(&token)))
        }
        None if keyring_disabled() => Ok(None),
        // A keyring that does not work is passed over here; `seg auth status` says why.
        None => match Keyring.get(profile) {
            Ok(Some(secret)) => {
                bound_elsewhere(to.legacy_base_url)?;
                Ok(Some(Token { secret, source: Source::Keyring(profile.to_string()), warning: None }))
            }
            _ => Ok(None),
        },
    }
}

/// Reads a token file: the first line, trimmed. Unreadable or empty is a usage error (exit 2).
pub fn read_file(path: &Path) -> Result<(Secret, Option<String>)> {
    let shown = path.display();
    let text = if path == Path::new("-") {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map_err(|e| Error::usage(format!("cannot read the token from stdin: {e}")))?;
        text
    } else {
        std::fs::read_to_string(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::InvalidData => Error::usage(format!("token file {shown} is not UTF-8 text")),
            _ => Error::usage(format!("cannot read token file {shown}: {e}")),
        })?
    };
    let token = text.lines().next().unwrap_or_default().trim();
    if token.is_empty() {
        return Err(Error::usage(format!("token file {shown} is empty")));
    }
    Ok((Secret::new(token), loose_permissions(path)))
}

#[cfg(unix)]
fn loose_permissions(path: &Path) -> Option<String> {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(path).ok()?.permissions().mode();
    (mode & 0o077 != 0).then(|| {
        format!(
            "token file {} can be read by other users (mode {:o}); run: chmod 600 {}",
            path.display(),
            mode & 0o777,
            path.display()
        )
    })
}

#[cfg(not(unix))]
fn loose_permissions(_: &Path) -> Option<String> {
    None
}
