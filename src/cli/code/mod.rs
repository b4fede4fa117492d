//! `seg export`, `seg diff`, `seg apply`: workspaces as code (CLI.md, "Workspaces as code"; the work is in
//! `crate::plan`). What the three share: reading the file, choosing the workspace, reading the workspace.

pub mod apply;
pub mod diff;
pub mod export;

use std::path::Path;

use crate::api::walk::{self, Snapshot};
use crate::cli::Context;
use crate::error::{Error, Result};
use crate::plan::file::WorkspaceFile;

/// The file at `path` (`-` for stdin).
fn read_file(path: &Path) -> Result<WorkspaceFile> {
    WorkspaceFile::read(crate::cli::args::read_input(path)?, path)
}

/// The workspace a file is applied to: its own, unless `-w` is given on the command line (promotion). Neither
/// SEG_WORKSPACE nor the profile redirects a file.
fn target(ctx: &Context, file: &WorkspaceFile) -> Result<String> {
    if ctx.global.workspace_from_flag {
        return Ok(ctx.workspace()?.to_string());
    }
    let slug = file.workspace.strip_prefix("workspaces/").unwrap_or(&file.workspace);
    Ok(crate::api::names::parse(crate::api::names::Kind::Workspace, slug, &Default::default())
        .map_err(|e| Error::usage(format!("the file's workspace: {e}")))?
        .to_string())
}

/// Reads a whole workspace, with a spinner on a terminal.
async fn read_workspace(ctx: &Context, workspace: &str) -> Result<Snapshot> {
    let client = ctx.client()?;
    let bar = ctx.printer.stderr_tty.then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_message(format!("reading {workspace}"));
        bar.enable_steady_tick(std::time::Duration::from_millis(120));
        bar
    });
    let read = std::sync::atomic::AtomicUsize::new(0);
    let progress = |_: &str| {
        let n = read.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        if let Some(bar) = &bar {
            bar.set_message(format!("reading {workspace}: {n} collection(s)"));
        }
    };
    let snapshot = walk::workspace(client, workspace, &progress).await;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    snapshot
}

/// A variable of the environment (secrets of the file are `$env` references).
fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}
