//! `seg completion`: shell completion. The scripts register seg with the shell (`COMPLETE=bash seg` prints the
//! same), and at each TAB the shell asks seg itself, so commands, flags and fixed values complete, and so do the
//! names of the workspace's sources, destinations and tracking plans: read with the settings and token the command
//! being typed would use (its `-w`, `--profile`, `--base-url`, then `SEG_WORKSPACE`, `SEG_TOKEN`, the profile), kept 30 s in a small cache file under the runtime folder, within 1 s,
//! and silent on any error (a completion never prints a message into a prompt).

use std::ffi::OsStr;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::Parser;
use clap_complete::Shell;
use clap_complete::engine::{ArgValueCompleter, CompletionCandidate, ValueCompleter};
use serde::{Deserialize, Serialize};
use sha2::Digest;

use super::Context;
use crate::api::list;
use crate::error::Result;
use crate::ui::Printer;
use crate::wire::{Destination, Page, Request, Source, TrackingPlan};

/// Print a completion script for a shell.
///
/// Writes the script for bash, zsh, fish, powershell or elvish to stdout. It registers seg with the shell, which then
/// asks seg at each TAB: commands, flags and their fixed values complete, and so do the names of the workspace's
/// sources, destinations (`SOURCE/DESTINATION`) and tracking plans, read with the profile's settings and token
/// (cached 30 s; nothing shows when they cannot be read). Sends nothing but those reads. Load it from your shell's
/// startup file (see the examples), then start a new shell.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  echo 'source <(seg completion bash)' >> ~/.bashrc
  echo 'source <(seg completion zsh)' >> ~/.zshrc
  seg completion fish > ~/.config/fish/completions/seg.fish
The same scripts are in the repository's completions/ folder.")]
pub struct Args {
    /// bash, zsh, fish, powershell or elvish
    shell: Shell,
}

pub fn run(args: Args, ctx: &Context) -> Result<()> {
    ctx.printer.data(&super::generate::completion(args.shell))
}

/// How long names read for a completion are reused.
const FRESH: Duration = Duration::from_secs(30);
/// The longest a completion waits for the service.
const BUDGET: Duration = Duration::from_secs(1);

/// The names a positional argument or `--source` completes to.
#[derive(Debug, Clone, Copy)]
enum Names {
    Sources,
    /// `SOURCE/DESTINATION`: the sources first (`web/`), then, once a source is typed, its destinations.
    Destinations,
    TrackingPlans,
}

/// The command tree with resource names completed: the one that completion runs (`main` hands it to clap).
pub fn command() -> clap::Command {
    with_names(super::tree(), &mut Vec::new())
}

fn with_names(mut cmd: clap::Command, path: &mut Vec<String>) -> clap::Command {
    let noun = path.first().map(String::as_str).unwrap_or_default();
    let verb = path.last().map(String::as_str).unwrap_or_default();
    let ids: Vec<String> = cmd.get_arguments().map(|a| a.get_id().to_string()).collect();
    for id in ids {
        let names = match (noun, verb, id.as_str()) {
            (_, _, "source") => Some(Names::Sources),
            (_, "create", _) => None,
            ("sources", _, "name" | "names") => Some(Names::Sources),
            ("destinations", _, "name" | "names" | "destination") => Some(Names::Destinations),
            ("tracking-plans", _, "name" | "names" | "plan") => Some(Names::TrackingPlans),
            _ => None,
        };
        if let Some(names) = names {
            cmd = cmd.mut_arg(id, |arg| arg.add(ArgValueCompleter::new(names)));
        }
    }
    let subs: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
    for sub in subs {
        path.push(sub.clone());
        let here = path.clone();
        cmd = cmd.mut_subcommand(sub, |s| with_names(s, &mut here.clone()));
        path.pop();
    }
    cmd
}

impl ValueCompleter for Names {
    fn complete(&self, current: &OsStr) -> Vec<CompletionCandidate> {
        let current = current.to_string_lossy();
        let names = read(*self, &current).unwrap_or_default();
        names
            .into_iter()
            .filter(|(name, _)| name.starts_with(current.as_ref()))
            .map(|(name, help)| CompletionCandidate::new(name).help(help.map(Into::into)))
            .collect()
    }
}

/// What a cache file holds: when the names were read, and the names with a word of help.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Cached {
    read_at: u64,
    names: Vec<(String, Option<String>)>,
}

/// The names to offer for `current`, from the cache when fresh, else read within [`BUDGET`]; `None` on any failure.
fn read(kind: Names, current: &str) -> Option<Vec<(String, Option<String>)>> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().ok()?;
    // The settings and token as the command being typed would take them: its global flags, then the environment
    // and the profile.
    let mut argv: Vec<String> = ["seg", "--timeout", "1s", "--max-retries", "0"].map(String::from).to_vec();
    argv.extend(typed_settings(std::env::args().skip_while(|a| a != "--").skip(2).collect()));
    argv.extend(["workspaces".to_string(), "list".to_string()]);
    let cli = super::Cli::try_parse_from(argv).ok()?;
    let ctx = Context::new(cli.global, Printer::silent());
    let workspace = ctx.workspace().ok()?;
    let ws = workspace.id().to_string();
    let (collection, prefix) = match (kind, current.split_once('/')) {
        (Names::Destinations, Some((source, _))) => {
            (crate::wire::Target::Destinations { ws, source: source.to_string() }, source)
        }
        (Names::TrackingPlans, _) => (crate::wire::Target::Plans { ws }, ""),
        _ => (crate::wire::Target::Sources { ws }, ""),
    };
    let token = ctx.token().ok()?;
    let key = format!("{}\n{}\n{collection}", ctx.base_url().ok()?, token.secret.expose());
    let cache = crate::api::budget::folder()?
        .join(format!("completion-{}.json", &hex::encode(sha2::Sha256::digest(key))[..16]));
    let now = SystemTime::now().duration_since(UNIX_EPOCH).ok()?.as_secs();
    // Read as untrusted (no link followed, no FIFO waited on: TAB must never hang); silent, as completion is.
    let cached: Cached = crate::effect::bookkeeping::read(&cache)
        .ok()
        .flatten()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let names = if now.saturating_sub(cached.read_at) < FRESH.as_secs() && !cached.names.is_empty() {
        cached.names
    } else {
        let names = runtime
            .block_on(async { tokio::time::timeout(BUDGET, fetch(&ctx, kind, &collection, prefix)).await.ok()? })?;
        store(&cache, &Cached { read_at: now, names: names.clone() });
        names
    };
    Some(match (kind, current.contains('/')) {
        // A destination is typed as SOURCE/...: first the sources, each ending in `/`.
        (Names::Destinations, false) => names.into_iter().map(|(source, help)| (format!("{source}/"), help)).collect(),
        _ => names,
    })
}

/// The global flags of the words typed so far that say where to read names (`-w acme`, `--profile ci`,
/// `--base-url URL`, `--token-file F`), as arguments; the word being completed is not one of them.
fn typed_settings(words: Vec<String>) -> Vec<String> {
    const FLAGS: [&str; 7] =
        ["-w", "--workspace", "--profile", "--base-url", "--api-version", "--token", "--token-file"];
    let mut out = Vec::new();
    let typed = &words[..words.len().saturating_sub(1)];
    for (index, word) in typed.iter().enumerate() {
        if word.split_once('=').is_some_and(|(flag, _)| FLAGS.contains(&flag)) {
            out.push(word.clone());
        } else if FLAGS.contains(&word.as_str())
            && let Some(value) = typed.get(index + 1)
        {
            out.extend([word.clone(), value.clone()]);
        }
    }
    out
}

/// The short names of a collection, with a word of help (a display name).
async fn fetch(
    ctx: &Context,
    kind: Names,
    collection: &crate::wire::Target,
    source: &str,
) -> Option<Vec<(String, Option<String>)>> {
    let client = ctx.client().ok()?;
    let help = |text: &str| (!text.is_empty()).then(|| text.to_string());
    let slug = |name: &str| name.rsplit('/').next().unwrap_or_default().to_string();
    Some(match (kind, source) {
        (Names::Destinations, source) if !source.is_empty() => {
            let request = Request::<Page<Destination>>::list(collection.clone());
            let items = list::collect(client, request).await.ok()?;
            items.iter().map(|d| (format!("{source}/{}", slug(&d.name)), help(&d.display_name))).collect()
        }
        (Names::TrackingPlans, _) => {
            let items = list::collect(client, Request::<Page<TrackingPlan>>::list(collection.clone())).await.ok()?;
            items.iter().map(|p| (slug(&p.name), help(&p.display_name))).collect()
        }
        _ => {
            let items = list::collect(client, Request::<Page<Source>>::list(collection.clone())).await.ok()?;
            items.iter().map(|s| (slug(&s.name), help(&s.display_name))).collect()
        }
    })
}

/// Keeps the names for the next TAB (seg's bookkeeping, like the rate budget; a failure only costs a read).
fn store(path: &Path, cached: &Cached) {
    let Ok(text) = serde_json::to_string(cached) else { return };
    let _ = crate::effect::bookkeeping::update(path, "", |_| (text, ()));
}
