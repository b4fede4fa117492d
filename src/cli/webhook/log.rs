use std::path::PathBuf;

use serde_json::Value;

use crate::cli::Context;
use crate::error::{Error, Result};
use crate::webhook::journal;
use crate::webhook::records::LoggedRequest;

/// List the requests `seg webhook listen` kept in its journal, with their ids, verdicts and answers.
///
/// The newest --limit requests, oldest first (the last line is the latest). Each shows its id (for
/// `seg webhook replay`), when it arrived, method and path, the body's type and size, the signature's verdict with
/// the cause when invalid, and the status the sender got. -o json gives each request whole: headers as received
/// (credentials masked), the exact body, the verdict's causes and warnings, and the answer. Secrets are never kept.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg webhook log
  seg webhook log --limit 5 -o json
  seg webhook log --journal ./journal \\
      --jq '.[] | select(.signature == \"invalid\") | .id'")]
pub struct Args {
    /// The journal's folder [default: the one `seg webhook listen` uses]
    #[arg(long, value_name = "DIR")]
    journal: Option<PathBuf>,
    /// Show this many of the newest requests
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
}

pub fn run(args: Args, ctx: &Context) -> Result<()> {
    let dir = match args.journal {
        Some(dir) => dir,
        None => journal::default_dir().map_err(Error::Failed)?,
    };
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
