//! Command-line definitions and dispatch: one folder per noun, one file per verb, each an `Args` struct whose doc
//! comment is the help text and a `run` function. Commands turn arguments into requests and updates; the
//! `Context` and the `api` layer do the work.

mod api;
mod args;
mod auth;
mod bulk;
mod catalog;
mod code;
pub mod completion;
mod config;
mod context;
mod demo;
mod destinations;
pub mod generate;
mod global;
mod regulations;
mod serve;
mod sources;
mod tokens;
mod tracking_plans;
mod webhook;
mod workspaces;

use clap::{Parser, Subcommand};

use crate::error::{Error, Result};
use crate::ui::Printer;
pub use context::Context;
pub use global::FromFlag;
pub use serve::shutdown_signal;

pub const EXIT_CODES: &str = "\
Exit codes:
  0      success (an empty list is success)
  1      failure not covered below; webhook verify: no match;
         webhook send/replay: not delivered (3 when every failure was a
         transport failure); diff: differences found; apply --plan: the
         workspace changed since the plan; a standard stream closed at
         start (>&-)
  2      usage: bad flags or arguments, invalid name or input file,
         confirmation refused
  3      transport: no HTTP answer (DNS, refused, reset, TLS, timeout)
  4      no usable token: none configured, or the stored one belongs to
         another base URL
  10+N   the API answered with error code N: 13 invalid argument,
         15 not found, 16 already exists, 17 permission denied, 18 rate
         limited after retries, 22 unimplemented, 23 internal,
         24 unavailable, 26 unauthenticated
  130    interrupted";

/// Manage workspaces on the Config API and the Public API, and debug webhook deliveries.
///
/// Names are full resource names (workspaces/W/sources/S/destinations/D) or short forms completed from -w
/// (S for a source, S/D for a destination, rs_ID for a tracking plan); on the Public API (--api public) also
/// ids, and S/D#NAME for one of several destinations of a catalog entry. Output is a table on a terminal and
/// JSON in a pipe; stdout carries data only.
#[derive(Debug, Parser)]
#[command(name = "seg", version, after_help = EXIT_CODES, propagate_version = true, max_term_width = 110)]
pub struct Cli {
    #[command(flatten)]
    pub global: global::GlobalArgs,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    #[command(subcommand)]
    Workspaces(workspaces::Command),
    #[command(subcommand)]
    Sources(sources::Command),
    #[command(subcommand)]
    Destinations(destinations::Command),
    #[command(subcommand)]
    TrackingPlans(tracking_plans::Command),
    #[command(subcommand)]
    Tokens(tokens::Command),
    #[command(subcommand)]
    Catalog(catalog::Command),
    #[command(subcommand)]
    Regulations(regulations::Command),
    Api(api::Args),
    Export(code::export::Args),
    Diff(code::diff::Args),
    Apply(code::apply::Args),
    #[command(subcommand)]
    Webhook(webhook::Command),
    #[command(subcommand)]
    Auth(auth::Command),
    #[command(subcommand)]
    Config(config::Command),
    Completion(completion::Args),
    Serve(serve::Args),
    Demo(demo::Args),
}

/// Below a command's own options in `-h`: where the global ones are (`--help` lists them).
pub const GLOBAL_OPTIONS_HINT: &str = "Global options (-w, -o, --jq, --dry-run, -y, -v, ...): see --help";

/// The command tree as seg parses it and prints its help, man pages and completions. `-h` shows a command's own
/// options and one line saying where the global ones are, so that the few options of a command are not lost among
/// twenty global ones; `--help` lists them after the command's own, under "Global options".
pub fn command() -> clap::Command {
    let root = <Cli as clap::CommandFactory>::command().mut_args(|arg| {
        if !arg.is_global_set() {
            return arg;
        }
        // Man pages show an argument's long help, and one hidden from -h has no other.
        match arg.get_long_help().or(arg.get_help()).cloned() {
            Some(long) => arg.long_help(long).hide_short_help(true),
            None => arg.hide_short_help(true),
        }
    });
    point_at_global_options(root)
}

fn point_at_global_options(cmd: clap::Command) -> clap::Command {
    let after = cmd.get_after_help().cloned();
    let short = match &after {
        Some(after) => format!("{GLOBAL_OPTIONS_HINT}\n\n{after}"),
        None => GLOBAL_OPTIONS_HINT.to_string(),
    };
    cmd.after_help(short).after_long_help(after.unwrap_or_default()).mut_subcommands(point_at_global_options)
}

/// Runs a command and reports its error once: with `-o json` as one JSON line on stderr, else as the human line
/// and a hint. Returns the exit code.
pub async fn main(cli: Cli, printer: &Printer) -> u8 {
    let json_errors = cli.global.output == Some(crate::ui::output::Format::Json);
    let Err(error) = run(cli, printer).await else { return 0 };
    match error.to_json().filter(|_| json_errors) {
        Some(line) => printer.status(&line),
        None => printer.error(&error),
    }
    error.exit_code()
}

/// Whether a command answers with resources, which `-o name` names; the others refuse `-o name`.
fn returns_resources(command: &Command) -> bool {
    !matches!(
        command,
        Command::Webhook(_)
            | Command::Auth(_)
            | Command::Config(_)
            | Command::Completion(_)
            | Command::Serve(_)
            | Command::Demo(_)
            | Command::Export(_)
            | Command::Diff(_)
            | Command::Apply(_)
    )
}

pub async fn run(cli: Cli, printer: &Printer) -> Result<()> {
    if cli.global.output == Some(crate::ui::output::Format::Name) && !returns_resources(&cli.command) {
        return Err(Error::usage("-o name prints resource names, and this command has none: use -o json or -o table"));
    }
    if cli.global.json.is_some() && !returns_resources(&cli.command) {
        return Err(Error::usage("--json chooses fields of resources, and this command has none: use -o json"));
    }
    if cli.global.dry_run {
        // A server and a tour act by design; nothing about them can be previewed.
        let refuses = match &cli.command {
            Command::Serve(_) => Some("seg serve"),
            Command::Demo(_) => Some("seg demo"),
            _ => None,
        };
        if let Some(command) = refuses {
            return Err(Error::usage(format!(
                "{command} cannot honour --dry-run (it runs a server); run it without --dry-run or SEG_DRY_RUN"
            )));
        }
    }
    if let Command::Serve(args) = cli.command {
        return serve::run(args, cli.global.workspaces, printer).await;
    }
    let mut ctx = Context::new(cli.global, printer.clone());
    ctx.names_resources = returns_resources(&cli.command);
    let result = match cli.command {
        Command::Workspaces(cmd) => workspaces::run(cmd, &ctx).await,
        Command::Sources(cmd) => sources::run(cmd, &ctx).await,
        Command::Destinations(cmd) => destinations::run(cmd, &ctx).await,
        Command::TrackingPlans(cmd) => tracking_plans::run(cmd, &ctx).await,
        Command::Tokens(cmd) => tokens::run(cmd, &ctx).await,
        Command::Catalog(cmd) => catalog::run(cmd, &ctx).await,
        Command::Regulations(cmd) => regulations::run(cmd, &ctx).await,
        Command::Api(args) => api::run(args, &ctx).await,
        Command::Export(args) => code::export::run(args, &ctx).await,
        Command::Diff(args) => code::diff::run(args, &ctx).await,
        Command::Apply(args) => code::apply::run(args, &ctx).await,
        Command::Webhook(cmd) => webhook::run(cmd, &ctx).await,
        Command::Auth(cmd) => auth::run(cmd, &ctx).await,
        Command::Config(cmd) => config::run(cmd, &ctx),
        Command::Completion(args) => completion::run(args, &ctx),
        Command::Demo(args) => demo::run(args, &ctx).await,
        Command::Serve(_) => unreachable!("served above"),
    };
    // A dry run whose descriptions could not all be printed did not do its job (a closed stdout stays quiet).
    match (result, ctx.gate.unprinted()) {
        (Ok(()), Some(error)) => Err(error),
        (result, _) => result,
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_command_tree_is_consistent() {
        super::Cli::command().debug_assert();
        super::command().debug_assert();
    }
}
