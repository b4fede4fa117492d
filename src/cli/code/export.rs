use std::path::PathBuf;

use crate::api::walk::Reach;
use crate::cli::Context;
use crate::error::Result;
use crate::plan::export::{self, Secrets};
use crate::ui::output::Format;

/// Write a workspace as a file (seg/1).
///
/// Write a workspace as a file: sources with their schema config, destinations with their config and filters,
/// tracking plans with their rules and source connections.
///
/// Reads every page of every collection of the workspace (-w, SEG_WORKSPACE or the profile's; the reads run
/// concurrently within --rate-limit) and writes a `seg/1` file: YAML, or JSON with --format json or -o json; to
/// stdout, or to --file. Every managed field is written (`enabled: false` too), so `seg diff` of the export against
/// the same workspace finds nothing. Filters are keyed by title (two with one title stop it with exit 2) and written
/// for destinations that have some; a schema config is written where it is not the default (reading them costs one
/// request per destination and per source; not with --only tracking-plans). Secrets (`password` config items, items
/// and hook headers named like a credential: apiKey, sharedSecret, Authorization, ...) are written as
/// `{$env: SEG_SECRET_<SOURCE>_<DESTINATION>_<KEY>}` references (a nested one adds its place: `_HOOKS_1_AUTHORIZATION`;
/// colliding names get a hash suffix), never as values, unless --secrets plain; the variables they name are listed on
/// stderr, one a line, to be set before `seg apply`. --file is written only as a regular
/// file, a FIFO or a standard stream, never through a link (the file, or a directory of its path below the current
/// directory). Two tracking plans with one display name stop it with exit 2 (the file keys plans by name). --dry-run
/// names the file it would write. The file is the same on both APIs (--api public writes a destination's `name`, a
/// further destination of one entry as `SLUG#NAME` and a plan's `type`, and no library_config or connection_mode,
/// which the Public API lacks); what no file holds (access tokens, regulations) is named on stderr. On the Public API
/// it also writes the workspace's warehouses (a censored setting as a `$env` reference:
/// `SEG_SECRET_WAREHOUSE_<NAME>_<KEY>`), functions, user groups and labels, and each source's transformations and
/// reverse ETL models and each destination's insert functions; a function's code goes to its own file,
/// `functions/<slug>.js` beside --file (in the current directory when the file goes to stdout), one line on stderr
/// each, the `functions` folder made if missing and never written through a link. With --only, no warehouses,
/// functions, user groups, labels or code files are written.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme export --file acme.yaml
  seg -w acme export --format json | jq '.sources | keys'
  seg -w acme export --only tracking-plans --file plans.yaml
  seg --api public export --file acme.yaml  # the Public API token's workspace")]
pub struct Args {
    /// Write here instead of stdout (`-`)
    #[arg(long, value_name = "F", default_value = "-")]
    file: PathBuf,
    /// yaml or json [default: yaml, or json with -o json]
    #[arg(long, value_name = "F", value_parser = ["yaml", "json"])]
    format: Option<String>,
    /// Only these parts, comma-separated: sources, tracking-plans
    #[arg(long, value_name = "PARTS", value_delimiter = ',', value_parser = ["sources", "tracking-plans"])]
    only: Vec<String>,
    /// ref: secrets as $env references; plain: their values (the file is written mode 0600)
    #[arg(long, value_name = "S", value_enum, default_value = "ref")]
    secrets: Secrets,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let workspace = ctx.workspace()?;
    // Filters and schema configs cost a request each: read only when sources are exported.
    let sources = args.only.is_empty() || args.only.iter().any(|p| p == "sources");
    let reach = if sources { Reach::everything() } else { Reach::default() };
    let snapshot = super::read_workspace(ctx, workspace.as_str(), &|_| reach.clone()).await?;
    let export::Exported { mut file, mut code } = export::export(&snapshot, &ctx.api_version()?, args.secrets)?;
    if !args.only.is_empty() {
        if !args.only.iter().any(|p| p == "sources") {
            file.sources.clear();
        }
        if !args.only.iter().any(|p| p == "tracking-plans") {
            file.tracking_plans.clear();
        }
        // The workspace's own resources are no part of either.
        (file.warehouses, file.functions, file.user_groups, file.labels) = (None, None, None, None);
        code.clear();
    }
    let json = match args.format.as_deref() {
        Some(format) => format == "json",
        None => ctx.global.output == Some(Format::Json),
    };
    let text = file.render(json)?;
    // So that nobody assumes they moved with the file (docs/reference/commands.md, "Two APIs").
    ctx.printer.status(
        "not in the file: access tokens (made in the app on the Public API) and regulations (they stay with the \
         workspace they were made in)",
    );
    // The variables `diff` and `apply` of this file will read, one a line so they can be copied.
    let mut variables = file.env_names();
    variables.sort();
    variables.dedup();
    if !variables.is_empty() {
        let list: Vec<String> = variables.iter().map(|name| format!("  {name}")).collect();
        ctx.printer.status(&format!(
            "the file's secrets are read from {} when it is applied; set them first:\n{}",
            crate::ui::count(variables.len(), "variable"),
            list.join("\n")
        ));
    }
    if args.secrets == Secrets::Plain {
        ctx.printer.warn("the export holds secrets in plain text: keep it out of version control");
    }
    // The functions' code, beside the file (the current folder when it goes to stdout), first: a file whose code
    // could not be written is not written either.
    write_code(ctx, &crate::plan::file::folder_of(&args.file), &code)?;
    if args.file.as_os_str() == "-" {
        return ctx.printer.data(text.as_bytes());
    }
    ctx.gate.write_file(&args.file, "the export", text.as_bytes())?;
    if !ctx.gate.is_dry_run() {
        let counts = format!(
            "{}, {}",
            crate::ui::count(file.sources.len(), "source"),
            crate::ui::count(file.tracking_plans.len(), "tracking plan")
        );
        ctx.printer.status(&format!("wrote {} ({counts})", args.file.display()));
    }
    Ok(())
}

/// Writes each function's code file at its path below `folder` (`functions/<slug>.js`), the folders on the way made
/// real ones if missing and never followed through a link (`Gate::folder`, `Gate::write_file`); a line on stderr each.
fn write_code(ctx: &Context, folder: &std::path::Path, code: &[(String, String)]) -> Result<()> {
    for (relative, text) in code {
        let path = folder.join(relative);
        let mut on_the_way = folder.to_path_buf();
        let steps: Vec<_> = std::path::Path::new(relative).components().collect();
        for step in &steps[..steps.len().saturating_sub(1)] {
            on_the_way.push(step);
            ctx.gate.folder(&on_the_way, "functions' code")?;
        }
        ctx.gate.write_file(&path, "a function's code", text.as_bytes())?;
        if !ctx.gate.is_dry_run() {
            ctx.printer.status(&format!("wrote {}", path.display()));
        }
    }
    Ok(())
}
