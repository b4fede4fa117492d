use std::path::PathBuf;
use std::time::Instant;

use super::SecretArgs;
use crate::cli::Context;
use crate::effect::Sent;
use crate::error::{Error, Result};
use crate::ui::output::Format;
use crate::ui::records::millis;
use crate::webhook::journal;
use crate::webhook::records::Replayed;

/// Send requests from the journal of `seg webhook listen` again: the exact body bytes and headers, to --to.
///
/// Each ID (see `seg webhook log`) is posted to --to with its method, body and headers as received (less those of
/// its connection: Host, Content-Length, ...). With --resign its X-Signature is replaced by one made with the
/// secret (--secret, --secret-file or SEG_WEBHOOK_SECRET), e.g. after fixing a secret. Redirects are not
/// followed. Each replay is reported on stderr (-o json: a list on stdout). Under --dry-run each request is
/// described on stdout and not sent. Exit 0 when every replay got a 2xx, 3 when none got an answer, 1 otherwise.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg webhook replay 42 --to http://127.0.0.1:3000/hook
  seg webhook replay 41 42 43 --to http://127.0.0.1:3000/hook -o json
  seg webhook replay 42 --to http://127.0.0.1:3000/hook \\
      --resign --secret-file secret.txt")]
pub struct Args {
    /// Ids of the requests to send again
    #[arg(value_name = "ID", required = true)]
    ids: Vec<u64>,
    /// The URL to send them to
    #[arg(long, value_name = "URL")]
    to: String,
    /// The journal's folder [default: the one `seg webhook listen` uses]
    #[arg(long, value_name = "DIR")]
    journal: Option<PathBuf>,
    /// Replace each X-Signature with a fresh one made with the secret
    #[arg(long)]
    resign: bool,
    #[command(flatten)]
    secret: SecretArgs,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    crate::webhook::deliver::check_urls(std::slice::from_ref(&args.to))
        .map_err(|e| Error::usage(e.replace("--url", "--to")))?;
    let secret = if args.resign { Some(args.secret.required()?) } else { None };
    let dir = match args.journal {
        Some(dir) => dir,
        None => journal::default_dir().map_err(Error::Failed)?,
    };
    // Every id is read before anything is sent: a typo sends nothing.
    let entries =
        args.ids.iter().map(|id| journal::read(&dir, *id).map_err(Error::Usage)).collect::<Result<Vec<_>>>()?;
    let timeout = ctx.global.timeout.unwrap_or(crate::webhook::deliver::TIMEOUT);
    let http = crate::http::no_redirects(crate::http::client(timeout, None))
        .build()
        .map_err(|e| Error::failed(format!("cannot build the HTTP client: {e}")))?;
    // How every output shows --to: its credentials masked.
    let to = crate::secret::redact_urls(&args.to).into_owned();
    // Every request is made before the first is sent: one that cannot be (a refused body was not kept) sends none.
    let resign = secret.as_ref().map(|s| s.expose().as_bytes());
    let requests = entries
        .iter()
        .map(|entry| {
            journal::replay_request(&http, entry, &args.to, resign)
                .map_err(|e| Error::Usage(crate::secret::redact_urls(&e).into_owned()))
        })
        .collect::<Result<Vec<_>>>()?;
    let mut results = Vec::new();
    let (mut answered, mut delivered) = (0, 0);
    for (entry, request) in entries.iter().zip(requests) {
        let started = Instant::now();
        let (status, error) = match ctx.gate.http(&http, request).await {
            Ok(Sent::Described) => continue,
            Ok(Sent::Answer(response)) => {
                let status = response.status().as_u16();
                let _ = response.bytes().await;
                answered += 1;
                delivered += usize::from((200..300).contains(&status));
                (Some(status), None)
            }
            Err(e) => (None, Some(crate::secret::redact_urls(&crate::http::root_cause(&e)).into_owned())),
        };
        let result = Replayed { id: entry.id, url: to.clone(), status, error, latency_ms: millis(started.elapsed()) };
        ctx.printer.status(&line(&result));
        results.push(result);
    }
    if results.is_empty() {
        // --dry-run: every request was described on stdout.
        return ctx.gate.unprinted().map_or(Ok(()), Err);
    }
    if ctx.output_format() != Format::Table {
        let value = serde_json::to_value(&results).map_err(|e| Error::failed(e.to_string()))?;
        ctx.output(crate::ui::table::ANY)?.value(&value)?;
    }
    if delivered == results.len() {
        Ok(())
    } else if answered == 0 {
        Err(Error::Transport(format!("no replay got an answer from {to}")))
    } else {
        Err(Error::failed(format!("{} of {} replays did not get a 2xx", results.len() - delivered, results.len())))
    }
}

fn line(result: &Replayed) -> String {
    let outcome = match (&result.status, &result.error) {
        (Some(status), _) => status.to_string(),
        (None, Some(error)) => error.clone(),
        (None, None) => "?".into(),
    };
    format!(
        "replay {} -> {} {} ({}ms)",
        result.id,
        crate::ui::escape_control(&result.url),
        crate::ui::escape_control(&outcome),
        result.latency_ms
    )
}
