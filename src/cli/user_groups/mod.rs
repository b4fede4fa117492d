//! `seg user-groups`: the workspace's user groups, their members and their permissions (a Public API resource:
//! `cli::records`).

mod users;

use std::path::PathBuf;

use crate::cli::args::ListArgs;
use crate::cli::{Context, records};
use crate::error::Result;
use crate::wire::{Noun, PermissionSpec, PublicRecord, RecordInput, UpdateRequest};

/// List, show, create, update and delete user groups, their members and permissions (Public API).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the workspace's user groups.
    ///
    /// Sends GET /groups (Public API), following the cursor to the end, and prints each group's id, name, how many
    /// members it has and how many permissions. The Config API has none (exit 2, before any request).
    #[command(after_help = "Examples:
  seg user-groups list
  seg user-groups list -o json --jq '.[].name'")]
    List {
        #[command(flatten)]
        list: ListArgs,
    },
    /// Show one user group, with its permissions.
    ///
    /// Sends GET /groups/ID (Public API) and prints the group. A group is named by its id, its full name or its
    /// name (looked up in one listing: two of that name exit 2 naming their ids); one that does not exist exits 15.
    #[command(
        visible_alias = "show",
        after_help = "Examples:
  seg user-groups get Analysts
  seg user-groups get Analysts -o json --jq .permissions"
    )]
    Get {
        /// Group: its name, id or full name
        group: String,
    },
    /// Create a user group.
    ///
    /// Sends POST /groups (Public API) with {"name"} and prints the new group; `seg user-groups update` gives it
    /// members and permissions.
    #[command(after_help = "Example:\n  seg user-groups create Analysts")]
    Create {
        /// Its name, by which seg names it
        name: String,
    },
    /// Change a user group's name, members or permissions.
    ///
    /// Sends PATCH /groups/ID with {"name"} for --rename, PUT /group/ID/users with {"emails"} for --users (the
    /// group's members become these: a user's email makes them a member, another is invited), PUT
    /// /groups/ID/permissions for --permission (which replace its permissions: ROLE on the workspace, or
    /// ROLE=TYPE:ID,... on resources) or POST /groups/ID/permissions for --add-permission (which join them), and
    /// prints the group. A role that does not exist exits 2, nothing sent.
    #[command(after_help = "Examples:
  seg user-groups update Analysts --rename 'Data team'
  seg user-groups update Analysts --users ada@example.com,bo@example.com \\
      --permission 'Source Admin=source:web'
  seg user-groups update Analysts --add-permission 'Source Admin=source:ios'")]
    Update {
        /// Group: its name, id or full name
        group: String,
        /// A new name
        #[arg(long, value_name = "NAME")]
        rename: Option<String>,
        /// Its members, all of them, by email (comma-separated)
        #[arg(long, value_name = "EMAILS", value_delimiter = ',')]
        users: Option<Vec<String>>,
        /// A role, on the workspace or on resources: ROLE or ROLE=TYPE:ID,... (repeatable; replaces them all)
        #[arg(long = "permission", value_name = "ROLE[=TYPE:ID,...]", value_parser = PermissionSpec::parse,
              conflicts_with = "added")]
        permissions: Vec<PermissionSpec>,
        /// A role to add to those the group has, as --permission gives one (repeatable)
        #[arg(long = "add-permission", value_name = "ROLE[=TYPE:ID,...]", value_parser = PermissionSpec::parse)]
        added: Vec<PermissionSpec>,
    },
    /// Delete user groups. Asks first on a terminal; elsewhere needs --yes.
    ///
    /// Sends DELETE /groups/ID (Public API) for each, after one confirmation for all of them; the users stay.
    /// --each F names them in a file, one a line, and prints one ndjson result a line.
    #[command(after_help = "Examples:
  seg user-groups delete Analysts
  seg user-groups delete --each old-groups.txt --yes")]
    Delete {
        /// Groups: names, ids or full names
        #[arg(required_unless_present = "each", conflicts_with = "each")]
        groups: Vec<String>,
        /// Each group named in this file, one a line (`-` for stdin)
        #[arg(long, value_name = "F")]
        each: Option<PathBuf>,
    },
    #[command(subcommand)]
    Users(users::Command),
    #[command(subcommand)]
    Invites(users::InvitesCommand),
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    let noun = Noun::UserGroups;
    match cmd {
        Command::List { list } => records::list(ctx, noun, None, &[], &list).await,
        Command::Get { group } => records::get(ctx, noun, None, &group).await,
        Command::Create { name } => {
            let mut input = RecordInput::default();
            records::set(&mut input, "name", &name)?;
            records::make(ctx, noun, None, &input).await
        }
        Command::Update { group, rename, users, permissions, added } => {
            let mut update = UpdateRequest::<PublicRecord>::new();
            if let Some(name) = rename {
                records::change(&mut update, "display_name", name)?;
            }
            if let Some(users) = users {
                records::change(&mut update, "users", users)?;
            }
            if !permissions.is_empty() {
                records::change(&mut update, "permissions", permissions)?;
            }
            if !added.is_empty() {
                records::change(&mut update, records::PERMISSIONS_ADDED, added)?;
            }
            records::update(ctx, noun, &group, update, "--rename, --users, --permission or --add-permission").await
        }
        Command::Delete { groups, each } => records::delete(ctx, noun, None, &groups, each.as_ref()).await,
        Command::Users(cmd) => users::run(cmd, ctx).await,
        Command::Invites(cmd) => users::invites(cmd, ctx).await,
    }
}
