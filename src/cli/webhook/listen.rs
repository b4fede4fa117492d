use std::time::Duration;

use super::SecretArgs;
use crate::cli::Context;
use crate::error::{Error, Result};
use crate::ui::output::Format;
use crate::webhook::listen::{self, ListenOptions};

/// Receive webhooks locally: print one line (or NDJSON record) per request, with its signature checked.
///
/// Answers every request with --status after --delay; with --forward-to, sends the exact bytes and headers on.
/// The address goes to stderr as `listening on http://HOST:PORT`; stdout carries one record per request.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg webhook listen --port 9000 --secret teehee
  seg webhook listen --port 0 --status 500 --delay 6s          # a failing, slow endpoint
  seg webhook listen --secret teehee --forward-to http://127.0.0.1:3000/hook -o ndjson")]
pub struct Args {
    /// Address to listen on: an IP address or a host name such as localhost
    #[arg(long, default_value = "127.0.0.1", value_parser = crate::cli::args::parse_host)]
    host: String,
    /// Port; 0 picks a free one
    #[arg(long, default_value_t = 9000)]
    port: u16,
    #[command(flatten)]
    secret: SecretArgs,
    /// Status to answer with
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u16).range(100..=599))]
    status: u16,
    /// Wait this long before answering (e.g. 6s to trigger the service's 5 s timeout)
    #[arg(long, default_value = "0s", value_parser = crate::ui::parse_duration)]
    delay: Duration,
    /// Forward the exact bytes and headers to this URL
    #[arg(long, value_name = "URL")]
    forward_to: Option<String>,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    if let Some(url) = &args.forward_to {
        crate::webhook::deliver::check_urls(std::slice::from_ref(url)).map_err(Error::Usage)?;
    }
    let options = ListenOptions {
        secret: args.secret.get()?.map(|s| s.expose().as_bytes().to_vec()),
        status: args.status,
        delay: args.delay,
        forward_to: args.forward_to,
        forward_timeout: ctx.global.timeout.unwrap_or(crate::webhook::deliver::TIMEOUT),
        gate: ctx.gate.clone(),
    };
    let (sink, mut received) = tokio::sync::mpsc::unbounded_channel();
    let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
        .await
        .map_err(|e| Error::failed(format!("cannot listen on {}:{}: {e}", args.host, args.port)))?;
    ctx.printer.status(&format!("listening on http://{}", listener.local_addr()?));
    let server =
        axum::serve(listener, listen::router(options, sink)).with_graceful_shutdown(crate::cli::shutdown_signal());
    let server = tokio::spawn(async move { server.await });
    let records = matches!(ctx.output_format(), Format::Json | Format::Ndjson);
    while let Some(request) = received.recv().await {
        if records {
            let line = serde_json::to_string(&request).map_err(|e| Error::failed(e.to_string()))?;
            ctx.printer.data_line(&line)?;
        } else {
            ctx.printer.data_line(&request.line())?;
        }
    }
    server.await.map_err(|e| Error::failed(e.to_string()))??;
    Ok(())
}
