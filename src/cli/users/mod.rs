//! `seg users`: the workspace's users, their permissions, and invites to the workspace (a Public API resource:
//! `cli::records`).

mod invites;

use std::path::PathBuf;

use crate::cli::args::ListArgs;
use crate::cli::{Context, records};
use crate::error::Result;
use crate::wire::{Noun, PermissionSpec, PublicRecord, UpdateRequest};

/// List, show and delete users, set their permissions, and invite people (Public API).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the workspace's users.
    ///
    /// Sends GET /users (Public API), following the cursor to the end, and prints each user's id, email, name and
    /// how many permissions they hold. The Config API has no users (exit 2, before any request).
    #[command(after_help = "Examples:
  seg users list
  seg users list -o json --jq '.[].email'")]
    List {
        #[command(flatten)]
        list: ListArgs,
    },
    /// Show one user, with their permissions.
    ///
    /// Sends GET /users/ID (Public API) and prints the user: email, name and permissions (roles on resources). A
    /// user is named by their email, id or full name (an email looked up in one listing); one that does not exist
    /// exits 15.
    #[command(
        visible_alias = "show",
        after_help = "Examples:
  seg users get ada@example.com
  seg users get ada@example.com -o json --jq .permissions"
    )]
    Get {
        /// User: their email, id or full name
        user: String,
    },
    /// Set a user's permissions, or add to them.
    ///
    /// Sends PUT /users/ID/permissions (Public API) with the permissions given by --permission, which replace the
    /// user's, or POST /users/ID/permissions with those given by --add-permission, which join them, and prints the
    /// user. ROLE gives a role on the whole workspace; ROLE=TYPE:ID,... on those resources (TYPE source, warehouse,
    /// function or space; a source by its slug). A role that does not exist exits 2, nothing sent (`seg roles list`
    /// lists them).
    #[command(after_help = "Examples:
  seg users update ada@example.com --permission 'Workspace Owner'
  seg users update ada@example.com \\
      --permission 'Source Admin=source:web,source:ios'
  seg users update ada@example.com --add-permission 'Source Admin=source:ios'")]
    Update {
        /// User: their email, id or full name
        user: String,
        /// A role, on the workspace or on resources: ROLE or ROLE=TYPE:ID,... (repeatable; replaces them all)
        #[arg(long = "permission", value_name = "ROLE[=TYPE:ID,...]", value_parser = PermissionSpec::parse,
              required_unless_present = "added", conflicts_with = "added")]
        permissions: Vec<PermissionSpec>,
        /// A role to add to those the user has, as --permission gives one (repeatable)
        #[arg(long = "add-permission", value_name = "ROLE[=TYPE:ID,...]", value_parser = PermissionSpec::parse)]
        added: Vec<PermissionSpec>,
    },
    /// Remove users from the workspace. Asks first on a terminal; elsewhere needs --yes.
    ///
    /// Sends DELETE /users?userIds=ID (Public API) for each, after one confirmation for all of them; they leave
    /// their groups too. --each F names them in a file, one a line, and prints one ndjson result a line.
    #[command(after_help = "Examples:
  seg users delete ada@example.com
  seg users delete --each leavers.txt --yes")]
    Delete {
        /// Users: emails, ids or full names
        #[arg(required_unless_present = "each", conflicts_with = "each")]
        users: Vec<String>,
        /// Each user named in this file, one a line (`-` for stdin)
        #[arg(long, value_name = "F")]
        each: Option<PathBuf>,
    },
    #[command(subcommand)]
    Invites(invites::Command),
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    let noun = Noun::Users;
    match cmd {
        Command::List { list } => records::list(ctx, noun, None, &[], &list).await,
        Command::Get { user } => records::get(ctx, noun, None, &user).await,
        Command::Update { user, permissions, added } => {
            let mut update = UpdateRequest::<PublicRecord>::new();
            if !permissions.is_empty() {
                records::change(&mut update, "permissions", permissions)?;
            }
            if !added.is_empty() {
                records::change(&mut update, records::PERMISSIONS_ADDED, added)?;
            }
            records::update(ctx, noun, &user, update, "--permission or --add-permission").await
        }
        Command::Delete { users, each } => records::delete(ctx, noun, None, &users, each.as_ref()).await,
        Command::Invites(cmd) => invites::run(cmd, ctx).await,
    }
}
