//! `seg tokens`: personal access tokens.

use super::Context;
use super::args::ListArgs;
use crate::api::client::Outcome;
use crate::api::names::Kind;
use crate::error::Result;
use crate::ui::table;
use crate::wire::{self, AccessToken, AccessTokenInput, CreateAccessToken, Page, Request, SCOPE_READ, SCOPE_WRITE};

/// Personal access tokens (Config API).
///
/// List, show, create and delete personal access tokens.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List access tokens (never their secrets).
    ///
    /// Sends GET /v1beta/access-tokens, following next_page_token to the end, and prints each token's name
    /// (access-tokens/N), description, scope, workspaces and creation time. Needs no -w. A token's secret is shown
    /// only once, by `seg tokens create`.
    #[command(after_help = "Example:\n  seg tokens list")]
    List {
        #[command(flatten)]
        list: ListArgs,
    },
    /// Create an access token; its secret is printed once, in the `token` field.
    ///
    /// Sends POST /v1beta/access-tokens with {"access_token": {"description", "scopes", "workspace_names"}}, the
    /// workspace being -w's (or the profile's) when one is set. No later call shows the secret again: keep it, e.g.
    /// with `-o json --jq .token`. Creating tokens needs a token of scope `workspace`; a read-only one exits 17.
    #[command(after_help = "Examples:
  seg -w acme tokens create --description ci --scope workspace:read
  seg -w acme tokens create --description deploy -o json --jq .token \\
      > token.txt")]
    Create {
        /// What the token is for
        #[arg(long, value_name = "D")]
        description: String,
        /// `workspace` reads and writes; `workspace:read` only reads
        #[arg(long, value_name = "SCOPE", default_value = SCOPE_WRITE, value_parser = [SCOPE_WRITE, SCOPE_READ])]
        scope: String,
    },
    /// Show one access token (never its secret).
    ///
    /// Sends GET /v1beta/access-tokens/N and prints the token's name, description, scope, workspaces and creation
    /// time. An unknown token exits 15 (not found).
    #[command(after_help = "Example:\n  seg tokens get 5")]
    #[command(visible_alias = "show")]
    Get {
        /// Token: N or access-tokens/N
        name: String,
    },
    /// Delete access tokens: they stop working at once. Asks first on a terminal; elsewhere needs --yes.
    ///
    /// Sends DELETE /v1beta/access-tokens/N for each token in turn, after one confirmation for all of them; without a
    /// terminal and without --yes nothing is sent and it exits 2. Once the token seg itself uses is deleted, later
    /// calls fail (exit 26). It stops at the first failure (15 when a token does not exist).
    #[command(after_help = "Example:\n  seg tokens delete access-tokens/5 --yes")]
    Delete {
        /// Tokens: N or access-tokens/N
        #[arg(required = true)]
        names: Vec<String>,
    },
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    // The Public API has no access-token endpoints: tokens are made in the app (docs/reference/public-api.md).
    if !ctx.holds()?.tokens {
        return Err(crate::error::Error::usage(
            "the Public API has no access-token endpoints: tokens are made in the app (Settings > Access \
             Management); `seg tokens` works with --api config",
        ));
    }
    match cmd {
        Command::List { list } => {
            ctx.list(vec![Request::<Page<AccessToken>>::list(wire::Target::AccessTokens)], &list, table::TOKENS).await
        }
        Command::Create { description, scope } => {
            let workspace_names = match ctx.workspace_setting()? {
                Some(_) => vec![ctx.workspace()?.to_string()],
                None => Vec::new(),
            };
            let access_token = AccessTokenInput { description, scopes: scope, workspace_names };
            let output = ctx.output(table::TOKENS)?;
            let request = wire::create(wire::Target::AccessTokens, &CreateAccessToken { access_token });
            let request = request.received();
            let Outcome::Answer(created) = ctx.client()?.send(&request).await? else { return Ok(()) };
            // The answer is the only copy of the token: when the format (`-o name`) or `--jq` leaves it out of
            // stdout, it is said on stderr instead.
            match &created.typed.token {
                Some(token) if !output.record_showing(&created, token)? => {
                    ctx.printer.status(&format!("token (shown only now; keep it): {token}"));
                }
                Some(_) => {}
                None => output.record(&created)?,
            }
            Ok(())
        }
        Command::Get { name } => {
            let name = ctx.name(Kind::AccessToken, &name)?;
            ctx.show(Request::<AccessToken>::get(name.target()), table::TOKENS).await
        }
        Command::Delete { names } => {
            let names = names.iter().map(|n| ctx.name(Kind::AccessToken, n)).collect::<Result<Vec<_>>>()?;
            ctx.delete(&names).await
        }
    }
}
