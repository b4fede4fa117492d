use std::path::PathBuf;

use crate::api::names::Kind;
use crate::cli::Context;
use crate::error::{Error, Result};
use crate::plan::apply;
use crate::plan::diff::{self, Options, PLAN_FORMAT, Plan};
use crate::plan::file::without_values;
use crate::plan::secrets::{Env, ProcessEnv};

/// Make the workspace match a file.
///
/// Make the workspace match a file: create, update (only the fields that differ) and, with --prune, delete.
///
/// Computes the plan `seg diff` prints and, with a terminal on stdin, shows it and asks on stderr before the first
/// write, whatever stdout and stderr are (--yes skips the question; without a terminal, as in CI, it applies). It sends its requests in dependency order: sources, destinations, tracking
/// plans, connections, then deletes. An update's mask names exactly the changed fields; a config change sends only
/// the changed items. Resources only in the workspace are deleted only with --prune, which needs --yes (or a yes on
/// a terminal), and --max-deletes N refuses a plan deleting more than N. A secret whose variable is unset stops it
/// with exit 2. Every refusal comes before the first write. A failed write stops it with that error's code, saying
/// what was done; running it again does the rest. A second apply of the same file sends no write. --plan applies a
/// plan saved by `seg diff --out`, only if every change is what its request does, inside the plan's workspace (exit
/// 2 otherwise), and nothing it read has changed since (exit 1 otherwise, naming what moved). Deletes, --max-deletes
/// and the question count what each delete takes with it, each resource once. A destination keyed SLUG#NAME is the
/// one of that entry named NAME, a bare SLUG the first no such key names. $env references are read only from
/// SEG_SECRET_ variables and only inside a destination's config. --dry-run prints each request and sends none.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg apply --file acme.yaml
  seg apply --file acme.yaml --prune --max-deletes 5 --yes
  seg apply --file acme.yaml --dry-run | jq -r '.method + \" \" + .url'
  seg apply --plan plan.json --yes")]
pub struct Args {
    /// The workspace file (`-` for stdin)
    #[arg(long, value_name = "F", required_unless_present = "plan", conflicts_with = "plan")]
    file: Option<PathBuf>,
    /// A plan saved by `seg diff --out`
    #[arg(long, value_name = "PLAN")]
    plan: Option<PathBuf>,
    /// Also delete what is in the workspace and not in the file
    #[arg(long, conflicts_with = "plan")]
    prune: bool,
    /// Refuse a plan that deletes more than N resources (those a delete takes with it counted)
    #[arg(long, value_name = "N")]
    max_deletes: Option<usize>,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let env = super::env(ctx);
    // The secrets' variables: every one the file names (or the saved plan's requests need) must be set.
    let (mut plan, mut needed) = match (&args.file, &args.plan) {
        (_, Some(path)) => (saved_plan(ctx, path, &env).await?, Vec::new()),
        (Some(path), None) => {
            let file = super::read_file(path)?;
            let workspace = super::target(ctx, &file)?;
            let reach = |snapshot: &_| super::reach_of(&file, snapshot, args.prune);
            let snapshot = super::read_workspace(ctx, &workspace, &reach).await?;
            let options = Options { prune: args.prune, max_deletes: args.max_deletes };
            let mut plan = diff::plan(&file, &snapshot, options, &env)?;
            plan.code_folder = Some(crate::plan::file::folder_of(path).to_string_lossy().into_owned());
            (plan, file.env_names())
        }
        (None, None) => return Err(Error::usage("give --file F or --plan PLAN")),
    };
    needed.extend(plan.env_names());
    needed.sort();
    needed.dedup();
    // Every refusal before the first write: unset secrets, every request made ready, the deletes counted.
    let unset: Vec<String> = needed.into_iter().filter(|name| env.secret(name).is_none()).collect();
    if !unset.is_empty() {
        let whose = if args.plan.is_some() { "the plan's secrets" } else { "the file's secrets" };
        return Err(Error::usage(format!("set {} ({whose}); nothing was changed", unset.join(", "))));
    }
    apply::prepare(&plan, &env)?;
    let deletes = plan.deletes();
    let max = match (plan.options.max_deletes, args.max_deletes) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    if let Some(max) = max.filter(|max| deletes > *max) {
        return Err(Error::usage(format!(
            "the plan deletes {} ({}), more than --max-deletes {max}; nothing was changed",
            crate::ui::count(deletes, "resource"),
            plan.deleted_kinds()
        )));
    }
    if plan.changes.is_empty() {
        ctx.printer.status(&format!("nothing to change: {} matches the file", plan.workspace));
        return Ok(());
    }
    // With a terminal on stdin a person sees the plan (on stderr) and says yes before the first write; without one
    // (CI) it applies, but a delete still needs --yes.
    let deleting = if deletes > 0 {
        format!(", deleting {} ({})", crate::ui::count(deletes, "resource"), plan.deleted_kinds())
    } else {
        String::new()
    };
    let changes = crate::ui::count(plan.changes.len(), "change");
    let doing = format!("apply {changes} to {}{deleting}", plan.workspace);
    if ctx.will_ask() {
        plan.requests = apply::requests(ctx.client()?, &plan).await?;
        ctx.printer.status(plan.human().trim_end());
        ctx.confirm(&doing, &format!("Apply {changes} to {}?", plan.workspace))?;
    } else if deletes > 0 {
        ctx.confirm(&doing, "")?;
    }
    let say = |line: &str| ctx.printer.status(line);
    let applied = apply::apply(ctx.client()?, &plan, &env, &say).await?;
    if applied.dry_run {
        ctx.printer
            .status(&format!("dry run: {} described; nothing was changed", crate::ui::count(applied.sent, "request")));
    } else {
        ctx.printer.status(&format!("applied {} to {}", crate::ui::count(applied.sent, "change"), plan.workspace));
    }
    Ok(())
}

/// A plan saved by `seg diff --out`, checked rather than trusted (docs/reference/commands.md, "A saved plan is checked,
/// not trusted"): read again what it read, refused if any of it moved (exit 1), and refused (exit 2) unless every
/// change is what its request does, inside the plan's own workspace (which an explicit -w must name).
async fn saved_plan(ctx: &Context, path: &std::path::Path, env: &ProcessEnv) -> Result<Plan> {
    let bytes = crate::cli::args::read_input(path)?;
    let shown = path.display();
    let plan: Plan = serde_json::from_slice(&bytes).map_err(|e| {
        Error::usage(format!("{shown} is not a plan saved by `seg diff --out`: {}", without_values(&e.to_string())))
    })?;
    if plan.format != PLAN_FORMAT {
        return Err(Error::usage(format!(
            "{shown}: plan format {}; this version reads {PLAN_FORMAT:?}: run `seg diff --out` again",
            crate::plan::document::token(&plan.format)
        )));
    }
    let api = ctx.api()?;
    if plan.api != api.as_str() {
        return Err(Error::usage(format!(
            "{shown} is a plan made with --api {}, and this is --api {api}: make the plan on the API it is \
             applied to (`seg diff --out` with --api {api})",
            crate::ui::escape_control(&plan.api.chars().take(20).collect::<String>())
        )));
    }
    let workspace = crate::api::names::parse(Kind::Workspace, &plan.workspace, &Default::default())
        .ok()
        .filter(|name| name.as_str() == plan.workspace)
        .ok_or_else(|| Error::usage(format!("{shown}: its workspace is not a workspace name")))?;
    let flag = if ctx.global.workspace_from_flag { Some(ctx.workspace()?.to_string()) } else { None };
    if let Some(flag) = flag.as_deref().filter(|flag| *flag != workspace.as_str()) {
        return Err(Error::usage(format!("{shown} is a plan for {workspace}, and -w names {flag}")));
    }
    // What the plan read, read again: its fingerprints name every filter list and schema config it looked at.
    let reach = diff::reach_of_plan(&plan);
    let snapshot = super::read_workspace(ctx, workspace.as_str(), &|_| reach.clone()).await?;
    let moved = diff::moved(&plan.fingerprints, &diff::fingerprints(&snapshot));
    if !moved.is_empty() {
        return Err(Error::Differs(format!(
            "{} has changed since the plan was made; nothing was applied. Changed: {}. Run `seg diff --out` again",
            plan.workspace,
            moved.join(", ")
        )));
    }
    // What it read is as it was: each change must now be exactly what its request does.
    plan.check_saved(&snapshot, flag.as_deref(), env)?;
    Ok(plan)
}
