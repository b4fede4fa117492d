use std::path::PathBuf;

use serde_json::Value;

use crate::cli::Context;
use crate::error::{Error, Result};
use crate::webhook::journal;
use crate::webhook::records::LoggedRequest;

/// List the requests `seg webhook listen` kept in its journal, with their ids, verdicts and answers; or show one.
///
/// The newest --limit requests, oldest first (the last line is the latest). Each shows its id (for
/// `seg webhook replay`), when it arrived, method and path, the body's type and size, the signature's verdict with
/// the cause when invalid, and the status the sender got. -o json gives each request whole: headers as received
/// (credentials masked), the exact body, the verdict's causes and warnings, and the answer. Secrets are never kept.
/// With ID, that request alone, in the same format as the list's items; --body writes its body exactly as received
/// (every byte, nothing added) for `seg webhook verify` or a file, whatever -o says; on a terminal its control
/// characters are escaped and a newline ends it. An ID the journal does not hold is a usage error (exit 2), as
/// for `seg webhook replay`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg webhook log
  seg webhook log --limit 5 -o json
  seg webhook log --journal ./journal \\
      --jq '.[] | select(.signature == \"invalid\") | .id'
  seg webhook log 8
  # its body exactly as received, checked again:
  seg webhook log 8 --body | seg webhook verify --secret-file secret.txt \\
      --signature \"$SIG\"")]
pub struct Args {
    /// Show the request of this id alone (as the list shows ids)
    #[arg(value_name = "ID")]
    id: Option<u64>,
    /// With ID: write its body exactly as received, and nothing else
    #[arg(long, requires = "id")]
    body: bool,
    /// The journal's folder [default: the one `seg webhook listen` uses]
    #[arg(long, value_name = "DIR")]
    journal: Option<PathBuf>,
    /// Show this many of the newest requests
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..),
          conflicts_with = "id")]
    limit: u64,
}

pub fn run(args: Args, ctx: &Context) -> Result<()> {
    let dir = match args.journal {
        Some(dir) => dir,
        None => journal::default_dir().map_err(Error::Failed)?,
    };
    if let Some(id) = args.id {
        let entry = journal::find(&dir, id).map_err(Error::Failed)?.ok_or_else(|| {
            Error::Usage(format!("{} (`seg webhook log` lists the ids it holds)", journal::missing(&dir, id)))
        })?;
        return if args.body {
            body(&entry, ctx)
        } else {
            ctx.output(crate::ui::table::WEBHOOK_LOG)?.document(&LoggedRequest::of(&entry))
        };
    }
    let entries = journal::newest(&dir, usize::try_from(args.limit).unwrap_or(usize::MAX)).map_err(Error::Failed)?;
    if entries.is_empty() {
        ctx.printer.status(&format!("no requests in the journal {}", dir.display()));
    }
    let items: Vec<Value> = entries
        .iter()
        .map(|entry| serde_json::to_value(LoggedRequest::of(entry)).map_err(|e| Error::failed(e.to_string())))
        .collect::<Result<_>>()?;
    let output = ctx.output(crate::ui::table::WEBHOOK_LOG)?;
    let mut list = output.list();
    list.push(&items)?;
    list.finish()
}

/// The body as received: its exact bytes, so that `seg webhook verify` (or a file) gets what the sender signed. A
/// terminal gets it as text that cannot drive it, each line's control characters escaped, ended by a newline, as
/// everything received is shown to a person; a body refused (not kept) is a usage error, as for `replay`.
fn body(entry: &journal::Entry, ctx: &Context) -> Result<()> {
    if let Some(refused) = entry.refused {
        return Err(Error::Usage(format!("request {} has no body to show: {}", entry.id, refused.describe())));
    }
    let bytes = entry.body_bytes();
    if !ctx.printer.stdout_tty {
        return ctx.printer.data(&bytes);
    }
    let text = String::from_utf8_lossy(&bytes);
    let shown: Vec<String> = text.split('\n').map(|line| crate::ui::escape_control(line).into_owned()).collect();
    let mut shown = shown.join("\n");
    if !shown.ends_with('\n') {
        shown.push('\n');
    }
    ctx.printer.data(shown.as_bytes())
}
