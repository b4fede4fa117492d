use std::path::PathBuf;

use crate::cli::Context;
use crate::error::Result;
use crate::plan::convert;

/// Rewrite a file's classic webhook destinations as Webhooks (Actions) ones.
///
/// Reads a seg/1 file (as `seg export` writes it) and writes it back with each classic `webhooks` destination
/// (`webhooks`, `webhooks#NAME`) joined by a Webhooks (Actions) one on the same source (`actions-webhook`,
/// `actions-webhook#NAME`): one mapping a hook (`Hook 1`, `Hook 2`, ...: its URL, POST, its headers, the whole
/// event as `data`, a trigger of every event type) and one for `globalHook`; the shared secret carried as it is
/// written (a `$env` reference stays the same reference); the destination's filters copied. The classic
/// destination stays in the file, disabled, so `seg apply` of the result switches delivery over without sending
/// anything twice, and applying the old file switches back; remove it from the file and apply with --prune to
/// delete it. What receivers see differently afterwards is said on stderr. Review the result with `seg diff`
/// before `seg apply` (on the Public API: mappings are a Public API resource). Without --out the file is printed;
/// the format is the input's (JSON stays JSON). More than 5 hooks on one destination, or a source that already has
/// `actions-webhook`, stops it with exit 2, nothing written.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg export --file acme.yaml
  seg convert-webhooks --file acme.yaml --out acme-actions.yaml
  seg diff --file acme-actions.yaml && seg apply --file acme-actions.yaml")]
pub struct Args {
    /// The seg/1 file to read (`-` for stdin)
    #[arg(long, value_name = "F")]
    file: PathBuf,
    /// Write the result here instead of stdout
    #[arg(long, value_name = "F2", default_value = "-")]
    out: PathBuf,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let bytes = crate::cli::args::read_input(&args.file)?;
    let json = bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    let mut file = crate::plan::file::WorkspaceFile::read(bytes, &args.file)?;
    let converted = convert::convert_webhooks(&mut file)?;
    if converted.destinations.is_empty() {
        ctx.printer.status(&format!("{} has no classic webhooks destination: nothing to convert", args.file.display()));
    } else {
        for line in &converted.destinations {
            ctx.printer.status(&format!("converted {line} (the classic one stays, disabled)"));
        }
        let differences: Vec<String> = convert::DIFFERENCES.iter().map(|d| format!("  - {d}")).collect();
        ctx.printer.status(&format!("after the switch, receivers see:\n{}", differences.join("\n")));
    }
    let text = file.render(json)?;
    if args.out.as_os_str() == "-" {
        return ctx.printer.data(text.as_bytes());
    }
    ctx.gate.write_file(&args.out, "the converted file", text.as_bytes())?;
    if !ctx.gate.is_dry_run() {
        ctx.printer.status(&format!("wrote {}", args.out.display()));
    }
    Ok(())
}
