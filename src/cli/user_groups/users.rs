//! `seg user-groups users` and `invites`: a group's members, and the emails invited to it.

use crate::cli::args::ListArgs;
use crate::cli::{Context, records};
use crate::error::Result;
use crate::wire::{Noun, RecordInput};

/// List, add and remove a user group's members (Public API).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List a user group's members.
    ///
    /// Sends GET /groups/ID/users (Public API), following the cursor to the end, and prints each member's email,
    /// name and id. A group that does not exist exits 15.
    #[command(after_help = "Examples:
  seg user-groups users list Analysts
  seg user-groups users list Analysts -o json --jq '.[].email'")]
    List {
        /// Group: its name, id or full name
        group: String,
        #[command(flatten)]
        list: ListArgs,
    },
    /// Add members to a user group, by email.
    ///
    /// Sends POST /groups/ID/users (Public API) with {"emails"} and prints the group. A user's email makes them a
    /// member; another email is invited to the group (and to the workspace).
    #[command(after_help = "Example:\n  seg user-groups users add Analysts ada@example.com bo@example.com")]
    Add {
        /// Group: its name, id or full name
        group: String,
        /// Emails of the members to add
        #[arg(required = true)]
        emails: Vec<String>,
    },
    /// Remove members from a user group, by email.
    ///
    /// Sends DELETE /group/ID/users?emails=EMAIL (Public API) for each and prints the service's answer. Only the
    /// membership goes (the user stays), so it does not ask for confirmation.
    #[command(after_help = "Example:\n  seg user-groups users remove Analysts ada@example.com")]
    Remove {
        /// Group: its name, id or full name
        group: String,
        /// Emails of the members to remove
        #[arg(required = true)]
        emails: Vec<String>,
    },
}

/// List the emails invited to a user group (Public API).
#[derive(Debug, clap::Subcommand)]
pub enum InvitesCommand {
    /// List the emails invited to a user group.
    ///
    /// Sends GET /groups/ID/invites (Public API), following the cursor to the end, and prints each email invited
    /// to the group (who becomes a member on joining the workspace). A group that does not exist exits 15.
    #[command(after_help = "Example:\n  seg user-groups invites list Analysts")]
    List {
        /// Group: its name, id or full name
        group: String,
        #[command(flatten)]
        list: ListArgs,
    },
}

/// The group's id.
async fn group(ctx: &Context, given: &str) -> Result<String> {
    Ok(records::resolve(ctx, Noun::UserGroups, None, given).await?.id().to_string())
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    let noun = Noun::GroupUsers;
    match cmd {
        Command::List { group: given, list } => {
            let id = group(ctx, &given).await?;
            records::list(ctx, noun, Some(&id), &[], &list).await
        }
        Command::Add { group: given, emails } => {
            let id = group(ctx, &given).await?;
            let mut input = RecordInput::default();
            records::set(&mut input, "emails", &emails)?;
            records::make_as(ctx, noun, Some(&id), &input, Noun::UserGroups).await
        }
        Command::Remove { group: given, emails } => {
            let id = group(ctx, &given).await?;
            for email in &emails {
                records::remove(ctx, noun, &id, email).await?;
            }
            Ok(())
        }
    }
}

pub async fn invites(cmd: InvitesCommand, ctx: &Context) -> Result<()> {
    match cmd {
        InvitesCommand::List { group: given, list } => {
            let id = group(ctx, &given).await?;
            records::list(ctx, Noun::GroupInvites, Some(&id), &[], &list).await
        }
    }
}
