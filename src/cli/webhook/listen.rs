use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::SecretArgs;
use crate::cli::Context;
use crate::error::{Error, Result};
use crate::ui::output::Format;
use crate::webhook::journal::{self, Journal};
use crate::webhook::listen::{self, Inspect, ListenOptions};

/// Receive webhooks locally: print one line (or NDJSON record) per request, with its signature checked and, when
/// invalid, the cause `seg webhook verify` would name.
///
/// Answers every request with --status after --delay; with --forward-to, sends the exact bytes and headers on and
/// answers with the app's status and body instead (502 when it cannot be reached). Every request (headers, exact
/// body, verdict, answer) is kept in a journal, for `seg webhook log` and `seg webhook replay`. --inspect serves a
/// page at /_seg/ on the same port that lists requests live with a replay button. The address goes to stderr as
/// `listening on http://HOST:PORT`; stdout carries one record per request.
///
/// A body over 2 MiB is answered 413 and recorded with its size, not its bytes. At most 256 connections are served
/// at once (the rest wait to be accepted); a request's head must arrive within 10 s and its body within 30 s. SIGINT or SIGTERM stops it within seconds: requests in flight get 5 s, then the
/// connections still open are cut, and it exits 0.
///
/// The journal is kept in --journal DIR, else in $SEG_STATE_DIR/webhook-journal, else under the user's state
/// directory ($XDG_STATE_HOME/seg/webhook-journal; ~/.local/state/seg/webhook-journal on Linux).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg webhook listen --port 9000 --secret teehee
  seg webhook listen --port 0 --status 500 --delay 6s   # failing, and slow
  seg webhook listen --secret teehee --forward-to http://127.0.0.1:3000/hook \\
      -o ndjson
  # and open /_seg/ in a browser:
  seg webhook listen --secret teehee --forward-to http://127.0.0.1:3000/hook \\
      --inspect")]
pub struct Args {
    /// Address to listen on: an IP address or a host name such as localhost
    #[arg(long, default_value = "127.0.0.1", value_parser = crate::cli::args::parse_host)]
    host: String,
    /// Port; 0 picks a free one
    #[arg(long, default_value_t = 9000)]
    port: u16,
    #[command(flatten)]
    secret: SecretArgs,
    /// Status to answer with (when nothing is forwarded)
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u16).range(100..=599))]
    status: u16,
    /// Wait this long before answering (e.g. 6s to trigger the service's 5 s timeout)
    #[arg(long, default_value = "0s", value_parser = crate::ui::parse_duration)]
    delay: Duration,
    /// Forward the exact bytes and headers to this URL, and answer with what it answers (the listener's own
    /// address is refused: it would forward to itself forever)
    #[arg(long, value_name = "URL")]
    forward_to: Option<String>,
    /// Keep the journal in this folder (created owner-only)
    #[arg(long, value_name = "DIR")]
    journal: Option<PathBuf>,
    /// Requests the journal keeps; older ones are removed
    #[arg(long, value_name = "N", default_value_t = journal::DEFAULT_MAX, value_parser = clap::value_parser!(u64).range(1..))]
    journal_max: u64,
    /// Serve the inspector page at /_seg/ on this port (loopback addresses only)
    #[arg(long)]
    inspect: bool,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    if let Some(url) = &args.forward_to {
        crate::webhook::deliver::check_urls(std::slice::from_ref(url)).map_err(Error::Usage)?;
    }
    let dir = match &args.journal {
        Some(dir) => dir.clone(),
        None => journal::default_dir().map_err(Error::Failed)?,
    };
    let journal = Journal::open(&dir, args.journal_max).map_err(Error::Failed)?;
    let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
        .await
        .map_err(|e| Error::failed(format!("cannot listen on {}:{}: {e}", args.host, args.port)))?;
    let address = listener.local_addr()?;
    if args.inspect && !address.ip().is_loopback() {
        return Err(Error::usage(format!(
            "--inspect serves its page only on a loopback address, not {}: use --host 127.0.0.1",
            address.ip()
        )));
    }
    if let Some(url) = &args.forward_to
        && listen::forwards_to_itself(url, address).await
    {
        return Err(Error::usage(format!(
            "--forward-to {} is this listener's own address ({address}): every request would be forwarded to \
             itself, forever; forward to your app's address",
            crate::secret::redact_urls(url)
        )));
    }
    let inspect = args.inspect.then(|| Inspect { address, token: hex::encode(rand::random::<[u8; 24]>()) });
    let options = ListenOptions {
        secret: args.secret.get()?.map(|s| s.expose().as_bytes().to_vec()),
        status: args.status,
        delay: args.delay,
        forward_to: args.forward_to,
        forward_timeout: ctx.global.timeout.unwrap_or(crate::webhook::deliver::TIMEOUT),
        gate: ctx.gate.clone(),
        journal: Some(Arc::new(journal)),
        inspect,
    };
    let (sink, mut received) = tokio::sync::mpsc::unbounded_channel();
    ctx.printer.status(&format!("listening on http://{address}"));
    ctx.printer.status(&format!("journal: {}", dir.display()));
    if args.inspect {
        ctx.printer.status(&format!("inspector: http://{address}/_seg/"));
    }
    let server = tokio::spawn(listen::serve(listener, options, sink, crate::cli::shutdown_signal()));
    let records = matches!(ctx.output_format(), Format::Json | Format::Ndjson);
    let filtered = ctx.global.jq.is_some().then(|| ctx.output(crate::ui::table::ANY)).transpose()?;
    let mut warned = false;
    while let Some(request) = received.recv().await {
        if let (Some(error), false) = (&request.journal_error, warned) {
            ctx.printer.warn(error);
            warned = true;
        }
        if let Some(output) = &filtered {
            output.document(&request)?;
        } else if records {
            ctx.printer.data_line(&crate::ui::json_line(&request)?)?;
        } else if ctx.for_people() {
            ctx.printer.prose(&request.line())?;
        } else {
            ctx.printer.data_line(&request.line())?;
        }
    }
    server.await.map_err(|e| Error::failed(e.to_string()))??;
    Ok(())
}
