//! The token's sources, in order of precedence, and reading a token file safely.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
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
    /// Stored by `seg auth login` for the profile.
    Keyring(String),
    FileStore(PathBuf),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Flag => write!(f, "--token"),
            Source::FlagFile(path) => write!(f, "--token-file {}", path.display()),
            Source::Env => write!(f, "{ENV_TOKEN}"),
            Source::EnvFile(path) => write!(f, "{ENV_TOKEN_FILE}={}", path.display()),
            Source::Keyring(profile) => write!(f, "the OS keyring (profile {profile})"),
            Source::FileStore(path) => write!(f, "the file store {}", path.display()),
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

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// The first token source that is set, or `None` when none is.
pub fn resolve(flag: Option<&Secret>, flag_file: Option<&Path>, profile: &str) -> Result<Option<Token>> {
    if let Some(secret) = flag.filter(|s| !s.is_empty()) {
        return Ok(Some(Token { secret: secret.clone(), source: Source::Flag, warning: None }));
    }
    if let Some(path) = flag_file {
        return read_file(path)
            .map(|(secret, warning)| Some(Token { secret, source: Source::FlagFile(path.into()), warning }));
    }
    if let Some(value) = env(ENV_TOKEN) {
        return Ok(Some(Token { secret: Secret::new(value.trim()), source: Source::Env, warning: None }));
    }
    if let Some(path) = env(ENV_TOKEN_FILE) {
        let path = PathBuf::from(path);
        return read_file(&path)
            .map(|(secret, warning)| Some(Token { secret, source: Source::EnvFile(path), warning }));
    }
    stored(profile)
}

/// What `seg auth login` stored for the profile: the keyring first (unless SEG_NO_KEYRING), then the file store.
/// A keyring that does not work is passed over here; `seg auth status` says why.
pub fn stored(profile: &str) -> Result<Option<Token>> {
    use super::credentials::{FileStore, Keyring, TokenStore, keyring_disabled};
    if !keyring_disabled()
        && let Ok(Some(secret)) = Keyring.get(profile)
    {
        return Ok(Some(Token { secret, source: Source::Keyring(profile.to_string()), warning: None }));
    }
    let store = FileStore::default_path()?;
    Ok(store.get(profile)?.map(|secret| Token { secret, source: Source::FileStore(store.path.clone()), warning: None }))
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
        std::fs::read_to_string(path).map_err(|e| Error::usage(format!("cannot read token file {shown}: {e}")))?
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
