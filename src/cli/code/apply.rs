use std::path::PathBuf;

use crate::cli::Context;
use crate::error::{Error, Result};
use crate::plan::apply;
use crate::plan::diff::{self, Options, PLAN_FORMAT, Plan};

/// Make the workspace match a file: create, update (only the fields that differ) and, with --prune, delete.
///
/// Computes the plan `seg diff` prints and sends its requests in dependency order: sources, destinations, tracking
/// plans, connections, then deletes. An update's mask names exactly the changed fields; a config change sends only
/// the changed items. Resources only in the workspace are deleted only with --prune, which needs --yes (or a yes on
/// a terminal), and --max-deletes N refuses a plan deleting more than N. A secret whose variable is unset stops it
/// with exit 2. Every refusal comes before the first write. A failed write stops it with that error's code, saying
/// what was done; running it again does the rest. A second apply of the same file sends no write. --plan applies a
/// plan saved by `seg diff --out`, only if nothing it read has changed since (exit 1 otherwise, naming what moved).
/// --dry-run prints each request and sends none.
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
    /// Refuse a plan that deletes more than N resources
    #[arg(long, value_name = "N", conflicts_with = "plan")]
    max_deletes: Option<usize>,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    // The secrets' variables: every one the file names (or the saved plan's requests need) must be set.
    let (plan, needed) = match (&args.file, &args.plan) {
        (_, Some(path)) => {
            let plan = saved_plan(ctx, path).await?;
            let needed = plan.env_names();
            (plan, needed)
        }
        (Some(path), None) => {
            let file = super::read_file(path)?;
            let workspace = super::target(ctx, &file)?;
            let snapshot = super::read_workspace(ctx, &workspace, &super::reach_of(&file, &workspace)).await?;
            let options = Options { prune: args.prune, max_deletes: args.max_deletes };
            let plan = diff::plan(&file, &snapshot, options, &super::env)?;
            (plan, file.env_names().into_iter().map(String::from).collect())
        }
        (None, None) => return Err(Error::usage("give --file F or --plan PLAN")),
    };
    // Every refusal before the first write.
    let unset: Vec<String> = needed.into_iter().filter(|name| super::env(name).is_none()).collect();
    if !unset.is_empty() {
        return Err(Error::usage(format!("not set, and the file's secrets need them: {}", unset.join(", "))));
    }
    let deletes = plan.deletes();
    if let Some(max) = plan.options.max_deletes.filter(|max| deletes > *max) {
        return Err(Error::usage(format!(
            "the plan deletes {deletes} resources, more than --max-deletes {max}; nothing was changed"
        )));
    }
    if deletes > 0 {
        ctx.confirm(&format!("Delete {deletes} resource(s) in {} that the file does not have?", plan.workspace))?;
    }
    if plan.changes.is_empty() {
        ctx.printer.status(&format!("nothing to change: {} matches the file", plan.workspace));
        return Ok(());
    }
    let say = |line: &str| ctx.printer.status(line);
    let applied = apply::apply(ctx.client()?, &plan, &super::env, &say).await?;
    if applied.dry_run {
        ctx.printer.status(&format!("dry run: {} request(s) described; nothing was changed", applied.sent));
    } else {
        ctx.printer.status(&format!("applied {} change(s) to {}", applied.sent, plan.workspace));
    }
    Ok(())
}

/// A plan saved by `seg diff --out`, if nothing it read has changed since.
async fn saved_plan(ctx: &Context, path: &std::path::Path) -> Result<Plan> {
    let bytes = crate::cli::args::read_input(path)?;
    let plan: Plan = serde_json::from_slice(&bytes)
        .map_err(|e| Error::usage(format!("{} is not a plan saved by `seg diff --out`: {e}", path.display())))?;
    if plan.format != PLAN_FORMAT {
        return Err(Error::usage(format!(
            "{}: plan format {:?}; this version reads {PLAN_FORMAT:?}",
            path.display(),
            plan.format
        )));
    }
    // What the plan read, read again: its fingerprints name every filter list and schema config it looked at.
    let reach = diff::reach_of_fingerprints(&plan.fingerprints);
    let snapshot = super::read_workspace(ctx, &plan.workspace, &reach).await?;
    let moved = diff::moved(&plan.fingerprints, &diff::fingerprints(&snapshot));
    if !moved.is_empty() {
        return Err(Error::Differs(format!(
            "{} has changed since the plan was made; nothing was applied. Changed: {}. Run `seg diff --out` again",
            plan.workspace,
            moved.join(", ")
        )));
    }
    Ok(plan)
}
