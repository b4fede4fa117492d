//! Personal access tokens: `access-tokens/<n>`. A created token authenticates at once; a deleted one at once stops.
//! The secret is shown only in the create response.

use std::sync::Arc;

use axum::extract::State;

use super::{Path, Reply, TokenPath, Tx, View, deleted, now, ok, random_id, valid_slug, view};
use crate::emulator::App;
use crate::emulator::body::JsonBody;
#[cfg(test)]
use crate::emulator::config::doc::{AccessTokenPage, Empty};
#[cfg(test)]
use crate::emulator::config::paging::PageQuery;
use crate::emulator::config::paging::Paging;
use crate::emulator::gate::{Caller, WriteScope};
use crate::emulator::status::Status;
use crate::emulator::store::{Op, Resource, State as Resources, StoredToken};
use crate::wire::{AccessToken, CreateAccessToken, SCOPE_READ, SCOPE_WRITE, wrapper};

pub const COLLECTION: &str = "access-tokens";

/// The counter of token ids: 1, 2, ..., never reused.
const TOKEN_ID: &str = "token_id";

/// A new secret shaped like the service's: two base64url-safe halves joined by a dot.
pub fn new_secret() -> String {
    format!("{}.{}", random_id(43), random_id(43))
}

/// A new token's record (with the secret in `token`) and the ops that store it under the next id.
pub fn issue(
    state: &Resources,
    description: String,
    scopes: &str,
    workspace_names: Vec<String>,
    secret: String,
) -> (AccessToken, Vec<Op>) {
    let id = state.counter(TOKEN_ID) + 1;
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
    let ops = vec![
        Op::Meta(TOKEN_ID.into(), id.to_be_bytes().to_vec()),
        Op::Insert(record.name.clone(), Resource::AccessToken(stored)),
    ];
    (AccessToken { token: Some(secret), ..record }, ops)
}

/// List access tokens
///
/// Without their secrets.
#[cfg_attr(test, utoipa::path(get, path = "/access-tokens", tag = "access tokens", params(PageQuery),
    responses((status = 200, description = "a page of access tokens", body = AccessTokenPage))))]
pub async fn list_access_tokens(State(app): State<Arc<App>>, caller: Caller, Paging(page): Paging) -> Reply {
    let state = app.store.read();
    View::new(&app, &state, &caller).list(COLLECTION, wrapper::ACCESS_TOKENS, &page, |_| true)
}

/// Get an access token
#[cfg_attr(test, utoipa::path(get, path = "/access-tokens/{access_token}", tag = "access tokens", params(TokenPath),
    responses(
        (status = 200, description = "the token, without its secret", body = AccessToken),
        (status = 404, description = "no such token"),
    )))]
pub async fn get_access_token(State(app): State<Arc<App>>, caller: Caller, Path(p): Path<TokenPath>) -> Reply {
    let state = app.store.read();
    View::new(&app, &state, &caller).get(&format!("{COLLECTION}/{}", p.access_token))
}

/// Create an access token
///
/// The answer holds the secret in `token`, the only time it is shown. `workspace_names` defaults to the
/// workspaces the calling token reaches and may only name those.
#[cfg_attr(test, utoipa::path(post, path = "/access-tokens", tag = "access tokens",
    request_body = CreateAccessToken,
    responses(
        (status = 200, description = "the new token, with its secret", body = AccessToken),
        (status = 400, description = "invalid JSON, a scope other than workspace or workspace:read"),
        (status = 404, description = "a workspace of workspace_names does not exist or the token does not reach it"),
    )))]
pub async fn create_access_token(
    State(app): State<Arc<App>>,
    write: WriteScope,
    JsonBody(CreateAccessToken { access_token: input }): JsonBody<CreateAccessToken>,
) -> Reply {
    if input.scopes != SCOPE_WRITE && input.scopes != SCOPE_READ {
        return Err(Status::invalid(format!(
            "access_token.scopes must be {SCOPE_WRITE:?} (read and write) or {SCOPE_READ:?}, got {:?}",
            input.scopes
        )));
    }
    let tx = Tx::begin(&app, write).await;
    let mut workspaces = input.workspace_names;
    if workspaces.is_empty() {
        // No names: the workspaces the creating token reaches.
        workspaces = tx.caller().workspaces.clone();
    }
    let (created, ops) = {
        let state = tx.state();
        let view = view(&tx, &state);
        for name in &workspaces {
            // A malformed name is a bad value; a well-formed one that is not there (for this caller) is not found,
            // as a workspace named in a path is.
            let slug = name.strip_prefix("workspaces/").filter(|slug| valid_slug(slug));
            let Some(slug) = slug else {
                return Err(Status::invalid(format!(
                    "access_token.workspace_names: {name:?} is not a workspace name (workspaces/<slug>)"
                )));
            };
            view.workspace(slug)?;
        }
        issue(&state, input.description, &input.scopes, workspaces, new_secret())
    };
    tx.commit(ops).await?;
    ok(&created)
}

/// Delete an access token
///
/// It stops authenticating at once.
#[cfg_attr(test, utoipa::path(delete, path = "/access-tokens/{access_token}", tag = "access tokens", params(TokenPath),
    responses(
        (status = 200, description = "deleted", body = Empty),
        (status = 404, description = "no such token"),
    )))]
pub async fn delete_access_token(State(app): State<Arc<App>>, write: WriteScope, Path(p): Path<TokenPath>) -> Reply {
    let tx = Tx::begin(&app, write).await;
    tx.commit(vec![Op::RemoveTree(format!("{COLLECTION}/{}", p.access_token))]).await?;
    deleted()
}
