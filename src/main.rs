//! The `seg` binary: parse, build the runtime, run, and turn the error into an exit code.

use std::process::ExitCode;

use clap::Parser;
use seg::cli::{self, Cli};
use seg::ui::Printer;

fn main() -> ExitCode {
    seg::init_tls();
    let cli = Cli::parse();
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
