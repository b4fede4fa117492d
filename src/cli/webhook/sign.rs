use std::io::Read;
use std::path::PathBuf;

use super::SecretArgs;
use crate::cli::Context;
use crate::error::{Error, Result};
use crate::webhook::sign::Signer;

/// Print the X-Signature of a body: lowercase hex HMAC-SHA1 of its exact bytes (no newline is stripped).
///
/// Reads FILE (stdin for `-` or no FILE) and prints the 40-character signature the service would send with those
/// bytes, keyed by the destination's shared secret: --secret, --secret-file (its content less one trailing newline)
/// or SEG_WEBHOOK_SECRET. Sends nothing. No secret, or an unreadable file, is a usage error (exit 2). To check a
/// signature you received, use `seg webhook verify`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg webhook sign --secret teehee body.json
  printf '%s' \"$BODY\" | SEG_WEBHOOK_SECRET=teehee seg webhook sign")]
pub struct Args {
    #[command(flatten)]
    secret: SecretArgs,
    /// The body; `-` or nothing for stdin
    file: Option<PathBuf>,
}

pub fn run(args: Args, ctx: &Context) -> Result<()> {
    let secret = args.secret.required()?;
    let mut signer = Signer::new(secret.expose().as_bytes());
    let mut reader: Box<dyn Read> = match args.file.as_deref() {
        None => Box::new(std::io::stdin().lock()),
        Some(p) if p == std::path::Path::new("-") => Box::new(std::io::stdin().lock()),
        Some(path) => Box::new(
            std::fs::File::open(path).map_err(|e| Error::usage(format!("cannot read {}: {e}", path.display())))?,
        ),
    };
    // Stream in blocks: constant memory, hash speed. 64 KiB stays in L2 while the kernel copies it and the hash
    // reads it back; 256 KiB did not, and cost 30 ms of system time per 100 MB (BENCHMARKS.md).
    let mut buffer = vec![0u8; 64 * 1024];
    loop {
        let n = reader.read(&mut buffer).map_err(|e| Error::usage(format!("cannot read the body: {e}")))?;
        if n == 0 {
            break;
        }
        signer.update(&buffer[..n]);
    }
    ctx.printer.data_line(&signer.hex())
}
