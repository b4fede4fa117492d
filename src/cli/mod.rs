//! Command-line definitions and dispatch: one file per command (one folder per noun as nouns grow). Commands turn
//! arguments into typed options and call the layer that does the work.

mod serve;

use clap::{Parser, Subcommand};

use crate::error::Result;
use crate::ui::{ColorChoice, Printer};

pub const EXIT_CODES: &str = "\
Exit codes:
  0      success (an empty list is success)
  1      failure not covered below; webhook verify: no match; webhook send: not delivered
  2      usage: bad flags or arguments, invalid name or input file, confirmation refused
  3      transport: no HTTP answer (DNS, refused, reset, TLS, timeout)
  4      no token configured
  10+N   the API answered with error code N: 13 invalid argument, 15 not found, 16 already exists,
         17 permission denied, 18 rate limited after retries, 22 unimplemented, 23 internal,
         24 unavailable, 26 unauthenticated
  130    interrupted";

/// Manage Config API workspaces and debug webhook deliveries.
#[derive(Debug, Parser)]
#[command(name = "seg", version, after_help = EXIT_CODES, propagate_version = true)]
pub struct Cli {
    /// When to use colour: auto, always or never (NO_COLOR turns auto off).
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    Serve(serve::Args),
}

pub async fn run(cli: Cli, printer: &Printer) -> Result<()> {
    match cli.command {
        Command::Serve(args) => serve::run(args, printer).await,
    }
}
