//! `seg serve`: the local emulator of the Config API.

use std::path::PathBuf;
use std::time::Duration;

use crate::emulator::{Emulator, EmulatorOptions};
use crate::error::{Error, Result};
use crate::ui::Printer;

/// Run the local emulator of both APIs.
///
/// Run a local emulator of the Config API (v1beta) and the Public API, over one store.
///
/// Serves every resource of the Config API (workspaces, sources, destinations, tracking plans, access tokens,
/// catalog, regulations) under `/v1beta/` with the service's paths, paging, update masks, scopes, rate limit and
/// error codes, and the Public API at its root paths (`/sources`, `/destinations/{id}`, ...) with its ids,
/// `{"data": ..}` envelopes and cursor paging, on the same listener and tokens: what one API makes, the other sees.
/// The first
/// line on stdout is `listening on http://HOST:PORT`, then one `token SCOPE VALUE` line per accepted token.
/// `/_emulator/requests` shows the requests received and `/_emulator/faults` injects errors (docs/EMULATOR.md),
/// for requests whose Host is the address served and that no web page of another origin sent; `/openapi.json`
/// and `/openapi-public.json` describe the two APIs (OpenAPI 3.1). Workspaces to serve come from `--workspace SLUG` (repeatable;
/// default `demo`).
///
/// Analytics libraries can post tracking calls to `/v1/track`, `/v1/identify`, `/v1/page`, `/v1/screen`,
/// `/v1/group`, `/v1/alias` and `/v1/batch` with a source's write key; every enabled `webhooks` destination of that
/// source gets the signed webhook body, with retries; every enabled Webhooks (Actions) destination sends what each
/// of its mappings (destination subscriptions) whose trigger fires says. Each attempt is logged on stderr and listed by
/// `/_emulator/deliveries`.
///
/// At most 512 connections are served at once (the rest wait to be accepted); a request's head must arrive within
/// 10 s and its body within 30 s. SIGINT or SIGTERM stops it within seconds: requests in flight get 5 s, then the
/// connections still open are cut, and it exits 0.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg serve        # workspace `demo`, one token of each scope, port 8808
  seg serve --port 0 --workspace acme --accept-token secret123:workspace
  seg serve --data ./seg-state.redb --seed ./fixtures.json --rate-limit 0
  # give up on failing webhooks after 30 s:
  seg serve --seed ./fixtures.json --retry-window 30s
  # a local copy of acme:
  seg -w acme export --file acme.yaml
  seg serve --seed acme.yaml --data acme.redb
  curl -H \"Authorization: Bearer $TOKEN\" \\
      http://127.0.0.1:8808/v1beta/workspaces")]
pub struct Args {
    /// Address to listen on: an IP address or a host name such as localhost.
    #[arg(long, default_value = "127.0.0.1", value_parser = crate::cli::args::parse_host)]
    host: String,
    /// Port to listen on; 0 picks a free one (the first line says which).
    #[arg(long, default_value_t = 8808)]
    port: u16,
    /// A token to accept, as VALUE:SCOPE with SCOPE `workspace` (read and write) or `workspace:read`
    /// (repeatable). Without any, one token of each scope is made and printed.
    #[arg(long = "accept-token", value_name = "VALUE:SCOPE")]
    accept_tokens: Vec<String>,
    /// Requests per minute per token before 429; 0 turns it off, and the Public API operations' own limits too.
    #[arg(long, default_value_t = 200, value_name = "N")]
    rate_limit: u32,
    /// Keep state in this file across restarts (crash-safe); without it state lives in memory.
    #[arg(long, value_name = "PATH")]
    data: Option<PathBuf>,
    /// Create the resources of this file at start: a workspace file (`seg/1`, as `seg export` writes it; its
    /// `$env` secrets read from the environment) or the JSON resource list of docs/EMULATOR.md. What exists is
    /// kept, so the seed can be given again with --data.
    #[arg(long, value_name = "FILE")]
    seed: Option<PathBuf>,
    /// How long temporary webhook delivery failures are retried, from the first attempt (e.g. 30s, 4h).
    #[arg(long, value_name = "D", default_value = "4h", value_parser = crate::ui::parse_duration)]
    retry_window: Duration,
    /// How long a batching mapping (Webhooks (Actions), `enable_batching`) gathers events before it sends them,
    /// unless its batch fills first (e.g. 500ms, 1s).
    #[arg(long, value_name = "D", default_value = "1s", value_parser = crate::ui::parse_duration)]
    batch_window: Duration,
    /// Webhook deliveries pending at once before new ones are dropped with a warning (default 100,000). Hidden: it
    /// exists so tests can reach the bound.
    #[arg(long, value_name = "N", hide = true, value_parser = clap::value_parser!(u32).range(1..))]
    max_pending: Option<u32>,
}

/// `workspaces` are the values of the global `-w/--workspace`, which `serve` takes repeatedly.
pub async fn run(args: Args, workspaces: Vec<String>, printer: &Printer) -> Result<()> {
    let tokens = args
        .accept_tokens
        .iter()
        .map(|t| {
            // Split at the first colon: the scope `workspace:read` holds one itself.
            t.split_once(':')
                .map(|(value, scope)| (value.to_string(), scope.to_string()))
                .ok_or_else(|| Error::usage(format!("--accept-token takes VALUE:SCOPE, got {:?}", redact(t))))
        })
        .collect::<Result<Vec<_>>>()?;
    let emulator = Emulator::new(EmulatorOptions {
        workspaces,
        tokens,
        rate_limit: args.rate_limit,
        data: args.data,
        seed: args.seed,
        log: Some(printer.clone()),
        retry_window: Some(args.retry_window),
        max_pending: args.max_pending.map(|n| n as usize),
        batch_window: Some(args.batch_window),
    })
    .await?;
    let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
        .await
        .map_err(|e| Error::failed(format!("cannot listen on {}:{}: {e}", args.host, args.port)))?;
    let addr = listener.local_addr()?;
    printer.data_line(&format!("listening on http://{addr}"))?;
    for token in emulator.tokens() {
        printer.data_line(&format!("token {} {}", token.scope, token.value))?;
    }
    emulator.serve(listener, shutdown_signal()).await?;
    Ok(())
}

/// Something that looks like a token, shortened so an error message does not repeat it.
fn redact(value: &str) -> String {
    let shown: String = value.chars().take(4).collect();
    format!("{shown}…")
}

/// Completes on Ctrl-C, or on SIGTERM where there is one. The signals are taken over when this is called, not when
/// it is first awaited: a Ctrl-C right after (`webhook send` awaits it on another task) is caught, not fatal.
#[cfg(unix)]
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    use tokio::signal::unix::{SignalKind, signal};
    let interrupt = signal(SignalKind::interrupt());
    let term = signal(SignalKind::terminate());
    async move {
        match (interrupt, term) {
            (Ok(mut interrupt), Ok(mut term)) => {
                tokio::select! {
                    _ = interrupt.recv() => {}
                    _ = term.recv() => {}
                }
            }
            (Ok(mut interrupt), Err(_)) => {
                interrupt.recv().await;
            }
            _ => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
}

/// Completes on Ctrl-C.
#[cfg(not(unix))]
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}
