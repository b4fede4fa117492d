//! The `seg` binary: parse, build the runtime, run, and turn the error into an exit code.

use std::process::ExitCode;

use seg::cli::{self, Cli};
use seg::ui::Printer;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    if args.next().is_some_and(|arg| arg == seg::ui::jq::WORKER_ARG) {
        return seg::ui::jq::worker(args.next());
    }
    // --jq filters run in a child process of this binary: nothing a filter does can abort seg itself.
    seg::ui::jq::isolate();
    seg::init_tls();
    let matches = <Cli as clap::CommandFactory>::command().get_matches();
    let mut cli = match <Cli as clap::FromArgMatches>::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(error) => error.exit(),
    };
    cli.global.workspace_from_flag =
        matches!(global_source(&matches, "workspaces"), Some(clap::parser::ValueSource::CommandLine));
    let printer = Printer::detect(cli.global.color);
    // Before any thread exists: the kernel keyring is per-thread credentials (DEPENDENCIES.md).
    seg::config::credentials::prepare_keyring();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            printer.error(&seg::error::Error::failed(format!("cannot start the async runtime: {e}")));
            return ExitCode::FAILURE;
        }
    };
    ExitCode::from(runtime.block_on(cli::main(cli, &printer)))
}

/// Where a global argument's value came from, looking into the subcommand that was run (clap keeps a global given
/// after the subcommand's name in the subcommand's matches).
fn global_source(matches: &clap::ArgMatches, id: &str) -> Option<clap::parser::ValueSource> {
    let mut here = matches;
    let mut found = here.value_source(id);
    while let Some((_, sub)) = here.subcommand() {
        if let Some(source) = sub.value_source(id) {
            found = Some(source);
        }
        here = sub;
    }
    found
}
