//! Command-line definitions and dispatch: one folder per noun, one file per verb, each an `Args` struct whose doc
//! comment is the help text and a `run` function. Commands turn arguments into requests and updates; the
//! `Context` and the `api` layer do the work.

mod api;
mod args;
mod audit_trail;
mod auth;
mod bulk;
mod catalog;
mod code;
pub mod completion;
mod config;
mod context;
mod demo;
mod destinations;
mod functions;
pub mod generate;
mod global;
mod labels;
mod records;
mod regulations;
mod reverse_etl_models;
mod roles;
mod serve;
mod sources;
mod tokens;
mod tracking_plans;
mod transformations;
mod user_groups;
mod users;
mod warehouses;
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

/// Manage workspaces on the Config API and the Public API; debug webhooks.
///
/// Names are full resource names (workspaces/W/sources/S/destinations/D) or short forms completed from -w
/// (S for a source, S/D for a destination, rs_ID for a tracking plan); on the Public API (--api public) also
/// ids, and S/D#NAME for one of several destinations of a catalog entry. Output is a table on a terminal and
/// JSON in a pipe; stdout carries data only.
#[derive(Debug, Parser)]
#[command(name = "seg", version, max_term_width = 110)]
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
    #[command(subcommand)]
    Warehouses(warehouses::Command),
    #[command(subcommand)]
    Functions(functions::Command),
    #[command(subcommand)]
    Transformations(transformations::Command),
    #[command(subcommand)]
    ReverseEtlModels(reverse_etl_models::Command),
    #[command(subcommand)]
    Users(users::Command),
    #[command(subcommand)]
    UserGroups(user_groups::Command),
    #[command(subcommand)]
    Roles(roles::Command),
    #[command(subcommand)]
    Labels(labels::Command),
    #[command(subcommand)]
    AuditTrail(audit_trail::Command),
    Api(api::Args),
    Export(code::export::Args),
    Diff(code::diff::Args),
    Apply(code::apply::Args),
    ConvertWebhooks(code::convert::Args),
    #[command(subcommand)]
    Webhook(webhook::Command),
    #[command(subcommand)]
    Auth(auth::Command),
    #[command(subcommand)]
    Config(config::Command),
    Completion(completion::Args),
    Serve(serve::Args),
    Demo(demo::Args),
    /// List the global options every command takes.
    ///
    /// The options every command takes (where to send requests, with which token, how to print, pacing, retries,
    /// --dry-run, ...), each with its environment variable. They are left out of each command's help, which shows
    /// its own options and points here, as `kubectl options` does; `seg help options` shows the same.
    #[command(after_help = "Example:\n  seg options")]
    Options,
    /// What seg's exit codes mean.
    ///
    /// The exit codes of every command, the same on both APIs: what a script can branch on.
    #[command(name = "exit-codes", after_help = "Example:\n  seg exit-codes; seg help exit-codes")]
    ExitCodes,
}

/// Below every command's help: where the global options are, listed by `seg options`.
pub const GLOBAL_OPTIONS_HINT: &str = "Global options: seg options";

/// The top level's commands, by what they are for (`seg --help`); every command is in one group (a test checks).
pub const GROUPS: &[(&str, &[&str])] = &[
    (
        "Resources",
        &["workspaces", "sources", "destinations", "tracking-plans", "tokens", "catalog", "regulations", "api"],
    ),
    (
        "Public API resources",
        &[
            "warehouses",
            "functions",
            "transformations",
            "reverse-etl-models",
            "users",
            "user-groups",
            "roles",
            "labels",
            "audit-trail",
        ],
    ),
    ("Workspaces as code", &["export", "diff", "apply", "convert-webhooks"]),
    ("Webhooks", &["webhook"]),
    ("The emulator", &["serve", "demo"]),
    ("Settings and help", &["auth", "config", "completion", "options", "exit-codes"]),
];

/// The command tree with every argument as seg parses and completes it (the global options too, in completion).
pub fn tree() -> clap::Command {
    let root = <Cli as clap::CommandFactory>::command();
    let options = global_options(&root);
    root.mut_subcommand("options", |cmd| cmd.after_help(format!("{options}\nExample:\n  seg options")))
        .mut_subcommand("exit-codes", |cmd| cmd.after_help(format!("{EXIT_CODES}\n\nExample:\n  seg exit-codes")))
}

/// The command tree as seg prints its help and man pages: each command shows its own options and subcommands and one
/// line naming `seg options`, which lists the global ones (as `kubectl options` does), so that a command's few
/// options are not lost among twenty global ones and a group's help fits a screen; the top level lists its
/// commands by group.
pub fn command() -> clap::Command {
    let root = tree().mut_args(|arg| if arg.is_global_set() { arg.hide(true) } else { arg });
    let root = point_at_global_options(root);
    let groups = grouped(&root);
    // One screen: the summary, the groups, the two options of its own, and where the rest is (names:
    // docs/reference/names.md).
    let own = "Options: -h, --help (this help), -V, --version (seg's version)";
    root.long_about(None)
        .help_template(format!("{{about-with-newline}}\n{{usage-heading}} {{usage}}\n\n{groups}{own}{{after-help}}"))
        .after_help(format!("{GLOBAL_OPTIONS_HINT}. Exit codes: seg exit-codes"))
}

/// The global options as `seg options` lists them: each with its help and its environment variable.
fn global_options(root: &clap::Command) -> String {
    let listed = root.get_arguments().filter(|arg| arg.is_global_set()).cloned();
    let mut list = clap::Command::new("seg")
        .disable_help_flag(true)
        .disable_version_flag(true)
        .term_width(78)
        .help_template("{all-args}")
        .args(listed);
    list.render_help().to_string()
}

/// The groups listed by their names alone, wrapped (`seg NOUN --help` summarizes each), so that the top level's
/// help fits a screen.
const LISTED_BY_NAME: &[&str] = &["Public API resources"];

/// The top level's commands under their groups' headings, each with its summary (or, for a group
/// [`LISTED_BY_NAME`], the names after its heading).
fn grouped(root: &clap::Command) -> String {
    let mut text = String::new();
    for (group, names) in GROUPS {
        if LISTED_BY_NAME.contains(group) {
            let mut line = format!("{group}:");
            for (at, name) in names.iter().enumerate() {
                let word = if at + 1 < names.len() { format!(" {name},") } else { format!(" {name}") };
                if line.len() + word.len() > 78 {
                    text.push_str(&format!("{line}\n"));
                    line = " ".to_string();
                }
                line.push_str(&word);
            }
            text.push_str(&format!("{line}\n\n"));
            continue;
        }
        text.push_str(&format!("{group}:\n"));
        for name in *names {
            let about = match root.find_subcommand(name) {
                Some(cmd) => cmd.get_about().map(ToString::to_string).unwrap_or_default(),
                None => continue,
            };
            text.push_str(&format!("  {name:<15} {}\n", about.trim_end_matches('.')));
        }
        text.push('\n');
    }
    text
}

fn point_at_global_options(cmd: clap::Command) -> clap::Command {
    let after = cmd.get_after_help().cloned();
    let short = match &after {
        Some(after) => format!("{after}\n\n{GLOBAL_OPTIONS_HINT}"),
        None => GLOBAL_OPTIONS_HINT.to_string(),
    };
    cmd.after_help(short).mut_subcommands(point_at_global_options)
}

/// Runs a command and reports its error once: with `-o json` as one JSON line on stderr, else as the human line
/// and a hint. Returns the exit code.
pub async fn main(cli: Cli, printer: &Printer) -> u8 {
    let json_errors = cli.global.output == Some(crate::ui::output::Format::Json);
    let Err(error) = run(cli, printer).await else { return 0 };
    match error.to_json().filter(|_| json_errors) {
        Some(line) => printer.verbatim(&line),
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
            | Command::ConvertWebhooks(_)
            | Command::Options
            | Command::ExitCodes
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
    match cli.command {
        Command::Serve(args) => return serve::run(args, cli.global.workspaces, printer).await,
        Command::Options => return printer.data(global_options(&tree()).as_bytes()),
        Command::ExitCodes => return printer.data(format!("{EXIT_CODES}\n").as_bytes()),
        _ => {}
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
        Command::Warehouses(cmd) => warehouses::run(cmd, &ctx).await,
        Command::Functions(cmd) => functions::run(cmd, &ctx).await,
        Command::Transformations(cmd) => transformations::run(cmd, &ctx).await,
        Command::ReverseEtlModels(cmd) => reverse_etl_models::run(cmd, &ctx).await,
        Command::Users(cmd) => users::run(cmd, &ctx).await,
        Command::UserGroups(cmd) => user_groups::run(cmd, &ctx).await,
        Command::Roles(cmd) => roles::run(cmd, &ctx).await,
        Command::Labels(cmd) => labels::run(cmd, &ctx).await,
        Command::AuditTrail(cmd) => audit_trail::run(cmd, &ctx).await,
        Command::Api(args) => api::run(args, &ctx).await,
        Command::Export(args) => code::export::run(args, &ctx).await,
        Command::Diff(args) => code::diff::run(args, &ctx).await,
        Command::Apply(args) => code::apply::run(args, &ctx).await,
        Command::ConvertWebhooks(args) => code::convert::run(args, &ctx).await,
        Command::Webhook(cmd) => webhook::run(cmd, &ctx).await,
        Command::Auth(cmd) => auth::run(cmd, &ctx).await,
        Command::Config(cmd) => config::run(cmd, &ctx),
        Command::Completion(args) => completion::run(args, &ctx),
        Command::Demo(args) => demo::run(args, &ctx).await,
        Command::Serve(_) | Command::Options | Command::ExitCodes => unreachable!("run above"),
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
