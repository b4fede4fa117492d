//! `seg export`, `seg diff`, `seg apply`: workspaces as code (docs/reference/commands.md, "Workspaces as code"; the
//! work is in `crate::plan`). What the three share: reading the file, choosing the workspace, reading the workspace.

pub mod apply;
pub mod convert;
pub mod diff;
pub mod export;

use std::collections::BTreeSet;
use std::path::Path;

use crate::api::walk::{self, Reach, Scope, Snapshot};
use crate::cli::Context;
use crate::error::{Error, Result};
use crate::plan::diff::{entry_of, matched};
use crate::plan::export::slug;
use crate::plan::file::WorkspaceFile;
use crate::plan::secrets::ProcessEnv;
use crate::wire::Destination;

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

/// Reads a workspace (with the filters and schema configs `reach` asks for once the lists are read), with a spinner
/// on a terminal. On the Public API the token's workspace (`-`, no `-w`) is read as itself: its slug is what the
/// file names.
async fn read_workspace(
    ctx: &Context,
    workspace: &str,
    reach: &(dyn Fn(&Snapshot) -> Reach + Sync),
) -> Result<Snapshot> {
    let client = ctx.client()?;
    let resolved;
    let workspace = if workspace.rsplit('/').next() == Some(crate::wire::TOKENS_WORKSPACE) {
        let request = crate::wire::Request::<crate::wire::Workspace>::get(
            crate::wire::Target::named(workspace).map_err(crate::error::Error::usage)?,
        );
        resolved = match client.send(&request).await? {
            crate::api::client::Outcome::Answer(found) => found.name,
            crate::api::client::Outcome::DryRun => workspace.to_string(),
        };
        resolved.as_str()
    } else {
        workspace
    };
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
            bar.set_message(format!("reading {workspace}: {}", crate::ui::count(n, "collection")));
        }
    };
    let snapshot = walk::workspace(client, workspace, reach, &progress).await;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    snapshot
}

/// What a file manages beyond the lists, in the workspace as listed: the filters of each destination a key with
/// `filters` names (`plan::diff::matched`: the matching the plan makes), the schema config of each source that has
/// `schema_config`, the catalog entry of each destination (the types of its config items: which are secrets). With
/// `--prune`, also the filters of every destination no key names, which a delete takes with it.
fn reach_of(file: &WorkspaceFile, snapshot: &Snapshot, prune: bool) -> Reach {
    let mut filters = BTreeSet::new();
    let mut mappings = BTreeSet::new();
    let mut schema_configs = BTreeSet::new();
    let mut catalog = BTreeSet::new();
    for (source_slug, source) in &file.sources {
        let source_name = format!("{}/sources/{source_slug}", snapshot.workspace);
        catalog.extend(source.destinations.keys().map(|key| entry_of(key).to_string()));
        if source.schema_config.is_some() {
            schema_configs.insert(source_name.clone());
        }
        let Some(state) = snapshot.source(&source_name) else { continue };
        // A file whose keys cannot be matched is refused by the plan, which reads no filter.
        let found = matched(snapshot, &source.destinations, &state.destinations).unwrap_or_default();
        for (_, spec, actual) in &found {
            if let Some(actual) = actual.filter(|_| spec.filters.is_some()) {
                filters.insert(actual.name.clone());
            }
            if let Some(actual) = actual.filter(|_| spec.mappings.is_some()) {
                mappings.insert(actual.name.clone());
            }
        }
        if prune {
            let named = |d: &&Destination| found.iter().any(|(_, _, a)| a.is_some_and(|a| a.name == d.name));
            filters.extend(state.destinations.iter().filter(|d| !named(d)).map(|d| d.name.clone()));
        }
    }
    if prune {
        let gone = snapshot.sources.iter().filter(|s| !file.sources.contains_key(slug(&s.source.name)));
        filters.extend(gone.flat_map(|s| s.destinations.iter().map(|d| d.name.clone())));
    }
    // What a delete takes with it is read with its filters: a destination's mappings go with it too.
    mappings.extend(filters.iter().cloned());
    Reach {
        filters: Scope::Only(filters),
        mappings: Scope::Only(mappings),
        schema_configs: Scope::Only(schema_configs),
        catalog: Scope::Only(catalog),
        records: file.managed_records(),
    }
}

/// Where the file's `$env` references are read: `SEG_SECRET_*` variables, each value a secret of the process.
fn env(ctx: &Context) -> ProcessEnv {
    ProcessEnv { scrubber: ctx.printer.scrubber.clone() }
}
