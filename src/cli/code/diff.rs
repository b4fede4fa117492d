use std::path::PathBuf;

use crate::cli::Context;
use crate::error::{Error, Result};
use crate::plan::diff::{self, Options};

/// Show what `seg apply` would change.
///
/// Show what `seg apply` would change: the plan from a file to the workspace.
///
/// Reads the file (YAML or JSON, `-` for stdin) and the whole workspace (the file's; an explicit -w promotes the
/// file to another workspace) and prints the plan: `+` create, `~` update with each changed field `path: old ->
/// new`, `>`/`<` connect and disconnect, `-` delete (only with --prune: resources that are in the workspace and not
/// in the file), `?` values it cannot check (a secret whose variable is unset, or that the service shows censored
/// and whose last four characters match), and `!` what the workspace's API cannot hold (`not supported`, with the
/// reason: a source's library_config or a destination's connection_mode on the Public API, a second destination
/// of one catalog entry or a plan's type on the Config API), which is never a difference and never sent. With
/// --api public the same file reviews a move to the Public API. Values compare as JSON values (integers exactly). Secrets show only as (secret changed) or (secret
/// unchanged); a delete lists what it takes with it (`with`). The file is checked whole first, naming the line of a
/// key given twice, a $env outside a destination's config or naming anything but a SEG_SECRET_ variable, a bad
/// slug, two keys naming one destination. A table on a terminal; `-o json` prints {"changes", "unverifiable",
/// "not_supported", "requests"}, `requests` being the write requests apply sends on this API (more than the changes
/// on the Public API, where a source's name and labels and a plan's rules are requests of their own). --out saves
/// the plan, with
/// a fingerprint of everything read, for `seg apply --plan`: secrets only as references (a plan that would carry a
/// literal secret is refused), to a regular file, a FIFO or a standard stream, never through a link (the file, or a
/// directory of its path below the current directory). Exit 0 in sync, 1 with differences, 2 for a bad file.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg diff --file acme.yaml
  seg diff --file acme.yaml --prune -o json | jq .requests
  seg diff --file acme.yaml -w acme-staging     # the same file, on staging
  seg diff --file acme.yaml --out plan.json && seg apply --plan plan.json
  seg --api public -w acme-eu diff --file acme.yaml  # a move to Public API")]
pub struct Args {
    /// The workspace file (`-` for stdin)
    #[arg(long, value_name = "F")]
    file: PathBuf,
    /// Also plan to delete what is in the workspace and not in the file
    #[arg(long)]
    prune: bool,
    /// Save the plan here (JSON), for `seg apply --plan`
    #[arg(long, value_name = "PLAN")]
    out: Option<PathBuf>,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let file = super::read_file(&args.file)?;
    let workspace = super::target(ctx, &file)?;
    let reach = |snapshot: &_| super::reach_of(&file, snapshot, args.prune);
    let snapshot = super::read_workspace(ctx, &workspace, &reach).await?;
    let mut plan = diff::plan(&file, &snapshot, Options { prune: args.prune, max_deletes: None }, &super::env(ctx))?;
    plan.api = ctx.api()?.as_str().to_string();
    plan.code_folder = Some(crate::plan::file::folder_of(&args.file).to_string_lossy().into_owned());
    // What apply sends for it on this API, as the client translates each change's request.
    plan.requests = crate::plan::apply::requests(ctx.client()?, &plan).await?;
    // A saved plan holds secrets only as references (docs/reference/commands.md): refused before anything is printed or
    // written.
    if args.out.is_some() && !plan.literal_secrets.is_empty() {
        return Err(Error::usage(format!(
            "the plan would carry secrets written literally in the file ({}); a saved plan holds secrets only as \
             $env references: write each as {{$env: SEG_SECRET_...}} (`seg export` does)",
            plan.literal_secrets.join(", ")
        )));
    }
    if ctx.for_people() {
        ctx.printer.prose(&plan.human())?;
    } else {
        ctx.output(crate::ui::table::ANY)?.value(&plan.summary())?;
    }
    if let Some(path) = &args.out {
        let text = serde_json::to_string_pretty(&plan).map_err(|e| Error::failed(e.to_string()))? + "\n";
        ctx.gate.write_file(path, "the plan", text.as_bytes())?;
    }
    match plan.changes.len() {
        0 => Ok(()),
        n => Err(Error::Differs(format!("{} between the file and {workspace}", crate::ui::count(n, "change")))),
    }
}
