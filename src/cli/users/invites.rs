//! `seg users invites`: the people invited to the workspace, by email.

use crate::cli::args::ListArgs;
use crate::cli::{Context, records};
use crate::error::Result;
use crate::wire::{Noun, PermissionSpec, RecordInput};

/// List, send and withdraw invites to the workspace (Public API).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the emails invited to the workspace.
    ///
    /// Sends GET /invites (Public API), following the cursor to the end, and prints each email invited.
    #[command(after_help = "Examples:
  seg users invites list
  seg users invites list -o json")]
    List {
        #[command(flatten)]
        list: ListArgs,
    },
    /// Invite people to the workspace.
    ///
    /// Sends POST /invites (Public API) with {"invites": [{"email", "permissions"}]} for each email and prints it.
    /// --permission as for `seg users update` (none: the invite carries no permissions). An email of a user, or
    /// invited already, exits 16.
    #[command(after_help = "Examples:
  seg users invites create ada@example.com
  seg users invites create ada@example.com bo@example.com \\
      --permission 'Source Admin=source:web'")]
    Create {
        /// Emails to invite
        #[arg(required = true)]
        emails: Vec<String>,
        /// A role, on the workspace or on resources: ROLE or ROLE=TYPE:ID,... (repeatable)
        #[arg(long = "permission", value_name = "ROLE[=TYPE:ID,...]", value_parser = PermissionSpec::parse)]
        permissions: Vec<PermissionSpec>,
    },
    /// Withdraw invites. Asks first on a terminal; elsewhere needs --yes.
    ///
    /// Sends DELETE /invites?emails=EMAIL (Public API) for each, after one confirmation for all of them.
    #[command(after_help = "Example:\n  seg users invites delete ada@example.com --yes")]
    Delete {
        /// Emails whose invites to withdraw
        #[arg(required = true)]
        emails: Vec<String>,
    },
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    let noun = Noun::Invites;
    match cmd {
        Command::List { list } => records::list(ctx, noun, None, &[], &list).await,
        Command::Create { emails, permissions } => {
            for email in emails {
                let mut input = RecordInput::default();
                records::set(&mut input, "email", &email)?;
                if !permissions.is_empty() {
                    records::set(&mut input, "permissions", &permissions)?;
                }
                records::make(ctx, noun, None, &input).await?;
            }
            Ok(())
        }
        Command::Delete { emails } => records::delete(ctx, noun, None, &emails, None).await,
    }
}
