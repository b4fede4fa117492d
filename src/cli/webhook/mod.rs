//! `seg webhook`: sample, sign, verify, send and receive the service's webhook requests; list and replay what was
//! received.

mod listen;
mod log;
mod replay;
mod sample;
mod send;
mod sign;
mod verify;

use std::path::PathBuf;

use super::Context;
use crate::error::{Error, Result};
use crate::secret::Secret;

/// Debug webhook signatures and test endpoints.
///
/// Debug webhook signatures and test endpoints: byte-exact with the service.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    Sample(sample::Args),
    Sign(sign::Args),
    Verify(verify::Args),
    Send(send::Args),
    Listen(listen::Args),
    Log(log::Args),
    Replay(replay::Args),
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::Sample(args) => sample::run(args, ctx),
        Command::Sign(args) => sign::run(args, ctx),
        Command::Verify(args) => verify::run(args, ctx).await,
        Command::Send(args) => send::run(args, ctx).await,
        Command::Listen(args) => listen::run(args, ctx).await,
        Command::Log(args) => log::run(args, ctx),
        Command::Replay(args) => replay::run(args, ctx).await,
    }
}

pub const ENV_SECRET: &str = "SEG_WEBHOOK_SECRET";

/// The shared secret: `--secret`, `--secret-file`, or SEG_WEBHOOK_SECRET.
#[derive(Debug, Default, clap::Args)]
pub struct SecretArgs {
    /// The shared secret (shows in `ps`: prefer --secret-file or SEG_WEBHOOK_SECRET)
    #[arg(long, value_name = "S", conflicts_with = "secret_file")]
    secret: Option<Secret>,
    /// Read the secret from a file (its content less one trailing newline)
    #[arg(long, value_name = "F")]
    secret_file: Option<PathBuf>,
}

impl SecretArgs {
    pub fn get(&self) -> Result<Option<Secret>> {
        if let Some(secret) = &self.secret {
            return Ok(Some(secret.clone()));
        }
        if let Some(path) = &self.secret_file {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Error::usage(format!("cannot read secret file {}: {e}", path.display())))?;
            let text = text.strip_suffix('\n').map(|t| t.strip_suffix('\r').unwrap_or(t)).unwrap_or(&text);
            return Ok(Some(Secret::new(text)));
        }
        Ok(std::env::var(ENV_SECRET).ok().map(Secret::new))
    }

    pub fn required(&self) -> Result<Secret> {
        self.get()?.ok_or_else(|| Error::usage(format!("no secret: pass --secret, --secret-file or set {ENV_SECRET}")))
    }
}

/// The bytes of FILE, or of stdin for `-` or no FILE.
pub fn read_body(file: Option<&PathBuf>) -> Result<Vec<u8>> {
    super::args::read_input(file.map_or(std::path::Path::new("-"), PathBuf::as_path))
}
