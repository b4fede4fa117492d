use std::path::PathBuf;

use super::{SecretArgs, read_body};
use crate::cli::Context;
use crate::error::{Error, Result};
use crate::ui::output::Format;
use crate::webhook::verify;

/// Check an X-Signature against a body, and say why when it does not match.
///
/// Exit 0 when the signature matches the raw bytes, or (unless --strict) the body as a receiver following the
/// service's example re-serialises it, or element 0 of an array body. Otherwise exit 1, naming each cause it can
/// detect by reproducing the signature: the receiver's or the sender's secret with whitespace or a newline, a
/// `sha1=` prefix, a header that is not 40 hex characters; a body gzip-compressed, with a BOM, CRLF or a trailing
/// newline, pretty-printed, key-sorted, re-encoded, with its non-ASCII characters escaped (or signed escaped by the
/// sender and sent as UTF-8), or another element of an array; and the serializer that re-encoded it (Python's
/// json.dumps, Go's encoding/json, PHP's json_encode) with the fix. -o json gives the verdict as data: valid,
/// matched, causes and warnings ({code, message}), reproduced.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg webhook verify --secret teehee \\
      --signature 6584c31d030ff167eca14a1042eb7e88c881b8e8 body.json
  seg webhook verify --secret-file secret.txt --signature \"$SIG\" -o json \\
      - < body.json
  # only the raw bytes count:
  seg webhook verify --secret teehee --signature \"$SIG\" --strict body.json")]
pub struct Args {
    #[command(flatten)]
    secret: SecretArgs,
    /// The X-Signature header's value
    #[arg(long, value_name = "SIG")]
    signature: String,
    /// The body; `-` or nothing for stdin
    file: Option<PathBuf>,
    /// Only the raw bytes count: a match after re-serialisation is a failure
    #[arg(long)]
    strict: bool,
}

pub fn run(args: Args, ctx: &Context) -> Result<()> {
    let secret = args.secret.required()?;
    let body = read_body(args.file.as_ref())?;
    let verdict = verify::verify(secret.expose().as_bytes(), &body, &args.signature, args.strict);
    if ctx.output_format() == Format::Table {
        ctx.printer.prose(&report(&verdict))?;
    } else {
        let value = serde_json::to_value(&verdict).map_err(|e| Error::failed(e.to_string()))?;
        ctx.output(crate::ui::table::ANY)?.value(&value)?;
    }
    if verdict.valid { Ok(()) } else { Err(Error::failed("signature does not match")) }
}

fn report(verdict: &verify::Verdict) -> String {
    let mut out = String::new();
    match (verdict.valid, verdict.matched) {
        (true, Some(form)) => out.push_str(&format!("valid: the signature matches {}\n", form.describe())),
        (false, Some(form)) => out.push_str(&format!("invalid: the signature matches {}, but:\n", form.describe())),
        _ => out.push_str("invalid: the signature matches no form of this body\n"),
    }
    if let Some(reproduced) = &verdict.reproduced {
        out.push_str(&format!("  reproduced with: {}\n", reproduced.description));
    }
    for cause in &verdict.causes {
        out.push_str(&format!("  cause: {}\n", cause.message));
    }
    for warning in &verdict.warnings {
        out.push_str(&format!("  note: {}\n", warning.message));
    }
    if !verdict.valid {
        out.push_str(&format!("  expected (raw bytes): {}\n", verdict.expected.raw));
        if let Some(r) = &verdict.expected.restringified {
            out.push_str(&format!("  expected (re-serialised): {r}\n"));
        }
    }
    out
}
