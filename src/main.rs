//! The `seg` binary: parse, build the runtime, run, and turn the error into an exit code.

use std::process::ExitCode;

use seg::cli::{self, Cli};
use seg::ui::Printer;

fn main() -> ExitCode {
    if let Some(error) = standard_streams::closed_at_start() {
        // Nothing else ran yet: no file was opened, none could have taken a closed stream's number.
        if !error.stderr_closed {
            Printer::plain().error(&error.error);
        }
        return ExitCode::from(error.error.exit_code());
    }
    let mut args = std::env::args_os().skip(1);
    if args.next().is_some_and(|arg| arg == seg::ui::jq::WORKER_ARG) {
        return seg::ui::jq::worker(args.next());
    }
    // --jq filters run in a child process of this binary: nothing a filter does can abort seg itself.
    seg::ui::jq::isolate();
    seg::init_tls();
    // Before threads start: the kernel keyring is per-thread credentials (`prepare_keyring` says why); completion may
    // read it.
    seg::config::credentials::prepare_keyring();
    // A shell asking for completions (`COMPLETE=bash seg ...`): answered here, then the process ends.
    clap_complete::CompleteEnv::with_factory(seg::cli::completion::command).complete();
    let matches = cli::command().get_matches();
    let mut cli = match <Cli as clap::FromArgMatches>::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(error) => error.exit(),
    };
    let from_flag = |id: &str| matches!(global_source(&matches, id), Some(clap::parser::ValueSource::CommandLine));
    cli.global.workspace_from_flag = from_flag("workspaces");
    cli.global.from_flag = seg::cli::FromFlag {
        base_url: from_flag("base_url"),
        api_version: from_flag("api_version"),
        region: from_flag("region"),
        output: from_flag("output"),
        profile: from_flag("profile"),
    };
    let printer = Printer::detect(cli.global.color);
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

/// A standard stream closed when seg starts (`seg ... >&-`) is exit 1 (docs/reference/commands.md, "Exit codes").
/// Otherwise the first file seg opened would get descriptor 1 and data meant for stdout would land in it (an export's
/// file, the budget file), and the command would seem to succeed.
///
/// The check cannot wait for `main`: Rust's runtime, before `main`, opens `/dev/null` onto a closed descriptor 0-2
/// (so that no file takes its number), after which `seg >&-` and `seg >/dev/null` look the same. So a constructor
/// that the C runtime calls before Rust's (`.init_array`, `__mod_init_func` on Apple) records the closed ones and
/// opens `/dev/null` onto them itself, and `main` reports them before it does anything else. Windows: not checked; a
/// missing standard handle there swallows what is written, and no file can take its place.
mod standard_streams {
    use std::sync::atomic::{AtomicU8, Ordering};

    /// Bit `n` set: descriptor `n` was closed at start.
    static CLOSED: AtomicU8 = AtomicU8::new(0);

    #[cfg(unix)]
    #[used]
    #[cfg_attr(target_vendor = "apple", unsafe(link_section = "__DATA,__mod_init_func,mod_init_funcs"))]
    #[cfg_attr(not(target_vendor = "apple"), unsafe(link_section = ".init_array"))]
    static CHECK_AT_START: extern "C" fn() = check;

    /// Runs before Rust's runtime: only atomics and system calls, nothing that needs it.
    #[cfg(unix)]
    extern "C" fn check() {
        for fd in 0..3 {
            // SAFETY: F_GETFD reads a descriptor's flags and touches no memory; EBADF is its only failure.
            let closed = unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1
                && std::io::Error::last_os_error().raw_os_error() == Some(libc::EBADF);
            if !closed {
                continue;
            }
            CLOSED.fetch_or(1 << fd, Ordering::Relaxed);
            // SAFETY: a NUL-terminated path; the descriptors are seg's own, numbered 0-2 or the one just opened.
            unsafe {
                let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
                if null >= 0 && null != fd {
                    libc::dup2(null, fd);
                    libc::close(null);
                }
            }
        }
    }

    pub struct Closed {
        pub error: seg::error::Error,
        /// Then there is nowhere to say it.
        pub stderr_closed: bool,
    }

    /// The standard streams closed at start, as the error to exit with.
    pub fn closed_at_start() -> Option<Closed> {
        let closed = CLOSED.load(Ordering::Relaxed);
        let names: Vec<&str> = ["standard input", "standard output", "standard error"]
            .into_iter()
            .enumerate()
            .filter(|(fd, _)| closed & (1 << fd) != 0)
            .map(|(_, name)| name)
            .collect();
        let verb = match names.len() {
            0 => return None,
            1 => "is",
            _ => "are",
        };
        let error = seg::error::Error::failed(format!("{} {verb} closed", names.join(" and ")));
        Some(Closed { error, stderr_closed: closed & 0b100 != 0 })
    }
}
