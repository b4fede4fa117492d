//! Personal access tokens: `access-tokens/<n>`. A created token authenticates at once; a deleted one at once stops.
//! The secret is shown only in the create response.

use super::{Ctx, Reply, deleted, now, ok, random_id, valid_slug};
use crate::emulator::store::{Op, Resource, Store, StoredToken};
use crate::emulator::{body, status::Status};
use crate::wire::{AccessToken, CreateAccessToken, SCOPE_READ, SCOPE_WRITE, wrapper};

pub const COLLECTION: &str = "access-tokens";

/// A new secret shaped like the service's: two base64url-safe halves joined by a dot.
pub fn new_secret() -> String {
    format!("{}.{}", random_id(43), random_id(43))
}

/// Creates a token and returns its record (with the secret in `token`).
pub fn issue(
    store: &mut Store,
    description: String,
    scopes: &str,
    workspace_names: Vec<String>,
    secret: String,
) -> Result<AccessToken, Status> {
    let id = store.next_counter("token_id")?;
    let record = AccessToken {
        name: format!("{COLLECTION}/{id}"),
        description,
        scopes: scopes.to_string(),
        workspace_names,
        create_time: now(),
        token: None,
        ..Default::default()
    };
    let stored = StoredToken { record: record.clone(), secret: secret.clone() };
    store.commit(vec![Op::Insert(record.name.clone(), Resource::AccessToken(stored))])?;
    Ok(AccessToken { token: Some(secret), ..record })
}

pub fn list(ctx: &mut Ctx) -> Reply {
    ctx.list(COLLECTION, wrapper::ACCESS_TOKENS, |_| true)
}

pub fn get(ctx: &mut Ctx, id: &str) -> Reply {
    ctx.get(&format!("{COLLECTION}/{id}"))
}

pub fn create(ctx: &mut Ctx) -> Reply {
    let CreateAccessToken { access_token: input } = body::json(ctx.body)?;
    if input.scopes != SCOPE_WRITE && input.scopes != SCOPE_READ {
        return Err(Status::invalid(format!(
            "access_token.scopes must be {SCOPE_WRITE:?} (read and write) or {SCOPE_READ:?}, got {:?}",
            input.scopes
        )));
    }
    let mut workspaces = input.workspace_names;
    if workspaces.is_empty() {
        // No names: the workspaces the creating token reaches.
        workspaces = ctx.caller.workspaces.clone();
    }
    for name in &workspaces {
        // A malformed name is a bad value; a well-formed one that is not there (for this caller) is not found, as
        // a workspace named in a path is.
        let slug = name.strip_prefix("workspaces/").filter(|slug| valid_slug(slug));
        let Some(slug) = slug else {
            return Err(Status::invalid(format!(
                "access_token.workspace_names: {name:?} is not a workspace name (workspaces/<slug>)"
            )));
        };
        ctx.workspace(slug)?;
    }
    let created = issue(ctx.store, input.description, &input.scopes, workspaces, new_secret())?;
    ok(&created)
}

pub fn delete(ctx: &mut Ctx, id: &str) -> Reply {
    ctx.store.commit(vec![Op::RemoveTree(format!("{COLLECTION}/{id}"))])?;
    deleted()
}
