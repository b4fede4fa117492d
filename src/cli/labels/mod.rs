//! `seg labels`: the workspace's labels, `KEY:VALUE` (a Public API resource: `cli::records`).

use crate::cli::args::ListArgs;
use crate::cli::{Context, records};
use crate::error::{Error, Result};
use crate::wire::{Noun, RecordInput};

/// List, create and delete the workspace's labels (Public API).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the workspace's labels.
    ///
    /// Sends GET /labels (Public API) and prints each label (KEY:VALUE) and its description. The Config API has
    /// none (exit 2, before any request).
    #[command(after_help = "Examples:
  seg labels list
  seg labels list -o json --jq '.[] | .key + \"=\" + .value'")]
    List {
        #[command(flatten)]
        list: ListArgs,
    },
    /// Create a label.
    ///
    /// Sends POST /labels (Public API) with {"label": {"key", "value", "description"}} and prints it. A label that
    /// exists already exits 16.
    #[command(after_help = "Example:\n  seg labels create team:data --description 'The data team'")]
    Create {
        /// The label: KEY:VALUE
        label: String,
        /// A description
        #[arg(long, value_name = "TEXT")]
        description: Option<String>,
    },
    /// Delete labels. Asks first on a terminal; elsewhere needs --yes.
    ///
    /// Sends DELETE /labels/KEY/VALUE (Public API) for each, after one confirmation for all of them. A label a
    /// source carries is refused by the service (exit 16).
    #[command(after_help = "Example:\n  seg labels delete team:data --yes")]
    Delete {
        /// Labels: KEY:VALUE
        #[arg(required = true)]
        labels: Vec<String>,
    },
}

/// `KEY:VALUE`, split at the first colon.
fn label(text: &str) -> Result<(&str, &str)> {
    match text.split_once(':') {
        Some((key, value)) if !key.is_empty() && !value.is_empty() => Ok((key, value)),
        _ => Err(Error::usage(format!("{}: give a label as KEY:VALUE", crate::text::quoted(text)))),
    }
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    let noun = Noun::Labels;
    match cmd {
        Command::List { list } => records::list(ctx, noun, None, &[], &list).await,
        Command::Create { label: given, description } => {
            let (key, value) = label(&given)?;
            let mut input = RecordInput::default();
            records::set(&mut input, "key", key)?;
            records::set(&mut input, "value", value)?;
            if let Some(description) = description {
                records::set(&mut input, "description", description)?;
            }
            records::make(ctx, noun, None, &input).await
        }
        Command::Delete { labels } => {
            for given in &labels {
                label(given)?;
            }
            records::delete(ctx, noun, None, &labels, None).await
        }
    }
}
