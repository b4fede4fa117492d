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

/// `--mapping JSON|@FILE`: a subscription's `settings` object, given inline or read from FILE (`@-`: stdin).
pub fn read_mapping(text: &str) -> Result<serde_json::Map<String, serde_json::Value>> {
    let (bytes, shown) = match text.strip_prefix('@') {
        Some(path) => (super::args::read_input(std::path::Path::new(path))?, path.to_string()),
        None => (text.as_bytes().to_vec(), "--mapping".to_string()),
    };
    match serde_json::from_slice::<serde_json::Value>(&bytes) {
        Ok(serde_json::Value::Object(settings)) => Ok(settings),
        Ok(_) => Err(Error::usage(format!("{shown}: a mapping is the settings object, e.g. {{\"url\": ...}}"))),
        Err(e) => Err(Error::usage(format!("{shown} is not valid JSON: {e}"))),
    }
}

/// At most this many events with `--mapping` (`--count`).
pub const MAX_MAPPING_EVENTS: u64 = 10_000;

/// The requests a `--mapping` sends for `count` sample events of `kind`: the mapping refused (exit 2) as the service
/// refuses it before anything is built, events it sends nothing for likewise; events a batch leaves out are warned of.
pub fn mapping_requests(
    ctx: &Context,
    settings: &serde_json::Map<String, serde_json::Value>,
    url: Option<&str>,
    kind: crate::wire::message::MessageType,
    options: &crate::webhook::sample::SampleOptions,
    count: u64,
    secret: Option<&str>,
) -> Result<Vec<crate::wire::actions::Request>> {
    use crate::webhook::{actions, sample};
    let subscription = actions::subscription(settings, url)
        .map_err(|r| Error::usage(format!("--mapping: {}: {}", r.field, r.message)))?;
    if count > MAX_MAPPING_EVENTS {
        let most = crate::ui::count(MAX_MAPPING_EVENTS as usize, "event");
        return Err(Error::usage(format!("--count: at most {most} with --mapping")));
    }
    let events = (0..count as usize)
        .map(|i| sample::event(kind, options, i).map_err(|e| Error::usage(format!("--type {kind}: {e}"))))
        .collect::<Result<Vec<_>>>()?;
    let (requests, skipped) = actions::requests(&subscription, &events, secret).map_err(Error::Usage)?;
    for why in skipped {
        ctx.printer.warn(&why);
    }
    Ok(requests)
}
