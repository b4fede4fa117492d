//! `seg api`: a raw call with the same auth, pacing, retries and exit codes as every other command.

use std::path::PathBuf;

use reqwest::Method;
use serde_json::Value;

use super::Context;
use super::args::{ListArgs, parse_kv, read_input, value_of};
use crate::error::{Error, Result};
use crate::ui::table;
use crate::wire::{Page, Request};

/// Call any API path: `seg api GET workspaces/acme/sources`.
///
/// PATH is below the version prefix (a leading /v1beta/ is accepted too); with --api public it is a Public API path
/// (`/` is the token's workspace), sent as written. `-f KEY=VALUE` fields become query parameters on GET and DELETE,
/// and a JSON body otherwise (VALUE is JSON when it parses, else a string). `--paginate` follows next_page_token
/// (the Public API's `pagination.next`) and prints the items of every page as one list.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg api GET workspaces
  seg api GET workspaces/acme/sources --paginate -o ndjson
  seg api PATCH workspaces/acme/sources/web/destinations/webhooks \\
      --input patch.json
  seg api POST workspaces/acme/sources -f 'source={
      \"name\": \"workspaces/acme/sources/x\",
      \"catalog_name\": \"catalog/sources/javascript\"}'
  seg api GET /sources --api public --paginate -o ndjson")]
pub struct Args {
    /// HTTP method: GET, POST, PUT, PATCH, DELETE
    method: String,
    /// API path, e.g. workspaces/acme/sources. Each segment is sent as written (seg percent-encodes it); `.` and
    /// `..` segments are refused
    path: String,
    /// A field KEY=VALUE (repeatable)
    #[arg(short = 'f', long = "field", value_name = "KEY=VALUE", value_parser = parse_kv)]
    fields: Vec<(String, String)>,
    /// The request body from a file, `-` for stdin
    #[arg(long, value_name = "FILE", conflicts_with = "fields")]
    input: Option<PathBuf>,
    /// Follow next_page_token and print every page's items as one list
    #[arg(long)]
    paginate: bool,
    #[command(flatten)]
    list: ListArgs,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let method = Method::from_bytes(args.method.to_ascii_uppercase().as_bytes())
        .ok()
        .filter(|m| matches!(*m, Method::GET | Method::POST | Method::PUT | Method::PATCH | Method::DELETE))
        .ok_or_else(|| {
            Error::usage(format!("unknown method {:?}: use GET, POST, PUT, PATCH or DELETE", args.method))
        })?;
    let version = ctx.api_version()?;
    let prefix = format!("/{}/", version.trim_matches('/'));
    let path = args.path.strip_prefix(prefix.as_str()).unwrap_or(&args.path).trim_start_matches('/').to_string();
    // The Public API answers at its root too (`GET /`: the token's workspace).
    let root_allowed = version.is_empty();
    if (path.is_empty() && !root_allowed) || path.contains(['?', '#']) || path.chars().any(char::is_whitespace) {
        return Err(Error::usage(format!(
            "invalid path {:?}: give a path like workspaces/acme/sources; pass query values with -f",
            args.path
        )));
    }
    let query_fields = matches!(method, Method::GET | Method::DELETE);
    let mut request = if let Some(input) = &args.input {
        let bytes = read_input(input)?;
        let body: Value = serde_json::from_slice(&bytes)
            .map_err(|e| Error::usage(format!("{} is not valid JSON: {e}", input.display())))?;
        Request::raw(method, path, Some(body))
    } else if !args.fields.is_empty() && !query_fields {
        Request::raw_fields(method, path, args.fields.iter().map(|(k, v)| (k.clone(), value_of(v))).collect())
    } else {
        Request::raw(method, path, None)
    };
    if query_fields {
        for (key, value) in &args.fields {
            request = request.query(key, value.clone());
        }
    }
    if args.paginate {
        if request.method != Method::GET {
            return Err(Error::usage("--paginate works with GET"));
        }
        return ctx.list(vec![request.answering::<Page<Value>>()], &args.list, table::ANY).await;
    }
    ctx.show(request, table::ANY).await
}
