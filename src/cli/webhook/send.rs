use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use reqwest::header::{HeaderName, HeaderValue};

use super::{SecretArgs, read_body};
use crate::cli::Context;
use crate::error::{Error, Result};
use crate::json;
use crate::ui::output::Format;
use crate::webhook::deliver::{self, Attempt, Deliverer, Message, Next, Policy, Report, Stop};
use crate::webhook::records::SentMessage;
use crate::webhook::sample;
use crate::wire::message::MessageType;

/// Post signed messages to up to 5 URLs exactly as the service delivers them.
///
/// One attempt posts the same bytes and signature to every URL at once; the first 2xx delivers the message and
/// cancels the requests still in flight. Timeouts (5 s unless --timeout), connection errors, 5xx and 429 are
/// retried with randomized exponential backoff, only to the URLs that failed so, until --retry-window closes; other
/// 4xx, 3xx and TLS failures are final. Two URLs of one endpoint (`/x` and `/x#2`, `:80` and no port) are a usage
/// error, as the same URL twice is. A self-signed certificate is refused and nothing is sent (--cacert trusts a
/// CA). A --data body is sent in JSON.stringify form (what the service sends and receivers hash) unless --raw. -H
/// may replace Content-Type or User-Agent, but not set a header that decides the framing or the signature
/// (Content-Length, Transfer-Encoding, Host, Connection, X-Signature, ...). -o json prints an array with one record
/// per message (message, type, delivered, attempts, elapsed_ms), -o ndjson one record a line, the same keys
/// whatever the count; a summary goes to stderr; credentials in a URL are masked in every output. Ctrl-C stops:
/// no new attempt starts, requests in flight are cancelled, the messages so far are reported, and the exit code is
/// 130. Exit 0 when every message was delivered, 3 when no request got an answer, 1 otherwise.
///
/// With --mapping (a Webhooks (Actions) mapping: its `settings` object), the requests that mapping sends for the
/// sample event of --type, --count events (`seg webhook sample --type T --event` prints them): each with the
/// mapping's method, URL (--url replaces it), headers exactly (`user-agent: Segment (Actions)`, `x-signature` over
/// the data, or a batch's first element), body bytes; with `enable_batching` one request per batch. The mapping is
/// checked as the service checks it (exit 2 with the field at fault); delivery and reports are as above.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg webhook send --url http://127.0.0.1:9000/hook --type track \\
      --secret teehee
  seg webhook send --url https://a.example/hook --url https://b.example/hook \\
      --all-types -H 'Authorization: Basic eDp5'
  seg webhook send --url http://127.0.0.1:9000/ --data event.json \\
      --retry-window 30s
  seg webhook send --url http://127.0.0.1:9000/ --count 5000 \\
      --concurrency 32 -o json
  seg webhook send --mapping @mapping.json --type identify \\
      --url http://127.0.0.1:9000/hook --secret teehee")]
pub struct Args {
    /// A URL to post to (repeatable, at most 5; with --mapping, one, which
    /// replaces the mapping's url)
    #[arg(long = "url", value_name = "URL", required_unless_present = "mapping")]
    urls: Vec<String>,
    /// Send what this Webhooks (Actions) mapping sends (its settings: JSON,
    /// or @FILE)
    #[arg(long, value_name = "JSON|@FILE", conflicts_with_all = ["all_types", "data", "headers", "user_agent"])]
    mapping: Option<String>,
    /// Send the sample of this type [default: track]
    #[arg(long = "type", value_name = "T", conflicts_with_all = ["all_types", "data"])]
    kind: Option<MessageType>,
    /// Send the sample of every type
    #[arg(long, conflicts_with = "data")]
    all_types: bool,
    /// Send this JSON body (`-` for stdin)
    #[arg(long, value_name = "FILE")]
    data: Option<PathBuf>,
    /// Send the --data bytes as they are, not in JSON.stringify form
    #[arg(long, requires = "data")]
    raw: bool,
    #[command(flatten)]
    secret: SecretArgs,
    /// A header 'Name: value' (repeatable, each name once; not one seg sets for the framing or the signature)
    #[arg(short = 'H', long = "header", value_name = "H")]
    headers: Vec<String>,
    /// The User-Agent [default: Segment.io/1.0]
    #[arg(long, value_name = "UA")]
    user_agent: Option<String>,
    /// How long temporary failures are retried, from the first attempt (e.g. 30s, 4h)
    #[arg(long, value_name = "D", default_value = "4h", value_parser = crate::ui::parse_duration)]
    retry_window: Duration,
    /// Messages to send (each sample or --data body this many times; with
    /// --mapping, this many events)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,
    /// Messages in flight at once
    #[arg(long, value_name = "C", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1024))]
    concurrency: u64,
    /// Also trust the CA certificates of this PEM file
    #[arg(long, value_name = "PEM")]
    cacert: Option<PathBuf>,
    /// The user id of samples
    #[arg(long, value_name = "U", value_parser = crate::cli::args::parse_non_empty)]
    user_id: Option<String>,
    /// The timestamp of samples (RFC 3339 or `now`)
    #[arg(long, value_name = "TS")]
    timestamp: Option<String>,
}

fn header(text: &str) -> Result<(HeaderName, HeaderValue)> {
    let (name, value) =
        text.split_once(':').ok_or_else(|| Error::usage(format!("invalid header {text:?}: use 'Name: value'")))?;
    deliver::custom_header(name.trim(), value.trim()).map_err(|e| Error::usage(format!("-H {text:?}: {e}")))
}

/// The custom headers: each valid, none of seg's framing or signature, each name once; `--user-agent` is the same
/// as `-H 'User-Agent: ...'`, so giving both is giving it twice.
fn headers(args: &Args) -> Result<Vec<(HeaderName, HeaderValue)>> {
    let mut headers = args.headers.iter().map(|h| header(h)).collect::<Result<Vec<_>>>()?;
    if let Some(agent) = &args.user_agent {
        headers
            .push(deliver::custom_header("User-Agent", agent).map_err(|e| Error::usage(format!("--user-agent: {e}")))?);
    }
    deliver::check_headers(headers.iter().map(|(name, _)| name.as_str()))
        .map_err(|e| Error::usage(format!("{e} (--user-agent sets User-Agent too)")))?;
    Ok(headers)
}

/// The bodies to send, each once, with its `type` when it has one.
fn bodies(args: &Args) -> Result<Vec<(Option<String>, Vec<u8>)>> {
    if let Some(path) = &args.data {
        let bytes = read_body(Some(path))?;
        let kind = match json::parse(&bytes) {
            Ok(json::JsValue::Object(object)) => match object.get("type") {
                Some(json::JsValue::String(kind)) => Some(kind.to_string_lossy()),
                _ => None,
            },
            _ => None,
        };
        if args.raw {
            return Ok(vec![(kind, bytes)]);
        }
        let text = json::restringify(&bytes).map_err(|e| {
            Error::usage(format!("{} is not valid JSON: {e} (use --raw to send it as it is)", path.display()))
        })?;
        return Ok(vec![(kind, text.into_bytes())]);
    }
    let options = super::sample::options(args.user_id.clone(), args.timestamp.as_deref(), &[], false)?;
    let kinds = if args.all_types { MessageType::ALL.to_vec() } else { vec![args.kind.unwrap_or(MessageType::Track)] };
    kinds
        .into_iter()
        .map(|kind| {
            let body = sample::sample(kind, &options).map_err(Error::Usage)?;
            Ok((Some(kind.as_str().to_string()), json::stringify(&body).into_bytes()))
        })
        .collect()
}

/// A message to send: its type (when it has one), the message, and the URLs it goes to.
type Job = (Option<String>, Message, Arc<Vec<String>>);

/// `--mapping`: each request the mapping sends, with its own URL.
fn mapping_messages(
    args: &Args,
    mapping: &str,
    secret: Option<&crate::secret::Secret>,
    ctx: &Context,
) -> Result<Vec<Job>> {
    if args.urls.len() > 1 {
        return Err(Error::usage("with --mapping, one --url at most: it replaces the mapping's url"));
    }
    let settings = super::read_mapping(mapping)?;
    let options = super::sample::options(args.user_id.clone(), args.timestamp.as_deref(), &[], false)?;
    let kind = args.kind.unwrap_or(MessageType::Track);
    let secret = secret.map(|s| s.expose().to_string()).filter(|s| !s.is_empty());
    let requests = super::mapping_requests(
        ctx,
        &settings,
        args.urls.first().map(String::as_str),
        kind,
        &options,
        args.count,
        secret.as_deref(),
    )?;
    requests
        .iter()
        .map(|request| {
            let message = Message::actions(request).map_err(|e| Error::usage(format!("--mapping: {e}")))?;
            let urls = vec![request.url.clone()];
            deliver::check_urls(&urls).map_err(Error::Usage)?;
            Ok((Some(kind.as_str().to_string()), message, Arc::new(urls)))
        })
        .collect()
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let secret = args.secret.get()?;
    if args.mapping.is_none() {
        deliver::check_urls(&args.urls).map_err(Error::Usage)?;
    }
    let custom = headers(&args)?;
    let cacert = args
        .cacert
        .as_ref()
        .map(|p| std::fs::read(p).map_err(|e| Error::usage(format!("cannot read {}: {e}", p.display()))))
        .transpose()?;
    let policy = Policy {
        timeout: ctx.global.timeout.unwrap_or(deliver::TIMEOUT),
        retry_window: args.retry_window,
        ..Policy::default()
    };
    // Ctrl-C (or SIGTERM) stops (below): no new message or attempt, requests in flight cancelled; what was sent is
    // reported.
    let stop = Stop::default();
    let deliverer = Arc::new(
        Deliverer::new(policy, cacert.as_deref()).map_err(Error::Usage)?.through(ctx.gate.clone()).until(stop.clone()),
    );
    let urls = Arc::new(args.urls.clone());
    let (messages, repeat) = match &args.mapping {
        // Each event is one of --count: every request once.
        Some(mapping) => (mapping_messages(&args, mapping, secret.as_ref(), ctx)?, 1),
        None => {
            let messages = bodies(&args)?
                .into_iter()
                .map(|(kind, body)| {
                    let mut message = Message::new(body, secret.as_ref().map(|s| s.expose().as_bytes()));
                    message.headers = custom.clone();
                    (kind, message, urls.clone())
                })
                .collect::<Vec<_>>();
            (messages, args.count)
        }
    };
    // Taken over once the input is read (until then Ctrl-C ends seg as it would any reader of stdin).
    let signal = {
        let (stop, signalled) = (stop.clone(), crate::cli::shutdown_signal());
        tokio::spawn(async move {
            signalled.await;
            stop.stop();
        })
    };
    let total = messages.len() as u64 * repeat;
    let progress = (total > 1 && ctx.printer.stderr_tty).then(|| {
        let bar = indicatif::ProgressBar::new(total);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} messages  {per_sec}  eta {eta}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    // One message: every attempt on stderr. Many: only failures (the bar or the summary shows the rest).
    let verbose = total == 1 || ctx.global.verbosity() > 0;
    let printer = ctx.printer.clone();
    let window = args.retry_window;
    let observe = move |a: &Attempt, next: Next| {
        let failed = matches!(a.class, deliver::Class::Temporary | deliver::Class::Permanent);
        if a.class != deliver::Class::DryRun && (verbose || failed) {
            let mut line = attempt_line(a, next);
            // The first retry says how long retrying goes on: the window opened with the first attempt.
            if a.attempt == 1 && next == Next::Retry {
                let opened = jiff::Timestamp::now() - a.latency;
                let closes = opened.checked_add(window).map(|t| crate::ui::table::time(&format!("{t:.0}")));
                line.push_str(&format!(
                    "; retrying for {} (until {})",
                    crate::ui::duration(window),
                    closes.unwrap_or_else(|_| "the window's end".into())
                ));
            }
            printer.status(&line);
        }
    };
    let started = Instant::now();
    // Numbered in the order of sending (every body, --count times over), and reported in that order.
    let jobs = (0..repeat).flat_map(|_| messages.iter().cloned()).zip(1u64..);
    let mut sent: Vec<(u64, Option<String>, Report)> = futures_util::stream::iter(jobs)
        // Once stopped, no message starts: the report lists those that did.
        .take_while(|_| std::future::ready(!stop.is_stopped()))
        .map(|((kind, message, urls), number)| {
            let deliverer = deliverer.clone();
            let observe = &observe;
            let progress = progress.clone();
            async move {
                let report = deliverer.deliver_then(&message, &urls, observe).await;
                if let Some(bar) = &progress {
                    bar.inc(1);
                }
                (number, kind, report)
            }
        })
        .buffer_unordered(usize::try_from(args.concurrency).unwrap_or(1))
        .collect()
        .await;
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    signal.abort();
    sent.sort_by_key(|(number, _, _)| *number);
    summarize(ctx, &sent, total, stop.is_stopped(), started.elapsed())
}

fn attempt_line(a: &Attempt, next: Next) -> String {
    let outcome = match (&a.status, &a.error) {
        (Some(status), _) => status.to_string(),
        (None, Some(error)) => error.clone(),
        (None, None) => "?".into(),
    };
    let class = match (a.class, next) {
        (deliver::Class::Delivered, _) => "delivered",
        (deliver::Class::Temporary, Next::Retry) => "will retry",
        (deliver::Class::Temporary, Next::Delivered) => "not retried: delivered to another URL",
        (deliver::Class::Temporary, Next::Stopped) => "not retried: interrupted",
        (deliver::Class::Temporary, _) => "not retried: the retry window closes before the next attempt",
        (deliver::Class::Permanent, _) => "final",
        (deliver::Class::DryRun, _) => "not sent",
        (deliver::Class::Cancelled, _) => "cancelled",
    };
    format!("attempt {} {} -> {outcome} ({}, {class})", a.attempt, a.url, crate::ui::duration(a.latency))
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index].as_secs_f64() * 1000.0
}

/// One record per message on stdout (unless -o table), the summary on stderr, and the exit code: 130 when
/// interrupted, after the records and the summary of the messages sent until then.
fn summarize(
    ctx: &Context,
    sent: &[(u64, Option<String>, Report)],
    total: u64,
    interrupted: bool,
    elapsed: Duration,
) -> Result<()> {
    let reports: Vec<&Report> = sent.iter().map(|(_, _, report)| report).collect();
    if !reports.is_empty() && reports.iter().all(|r| r.dry_run()) {
        if let Some(error) = ctx.gate.unprinted() {
            return Err(error);
        }
        let requests: usize = reports.iter().map(|r| r.attempts.len()).sum();
        ctx.printer.status(&format!(
            "dry run: {} described on stdout; nothing was sent",
            crate::ui::count(requests, "request")
        ));
        return Ok(());
    }
    let delivered = reports.iter().filter(|r| r.delivered).count();
    let failed = reports.len() - delivered;
    let attempts: usize = reports.iter().map(|r| r.attempts.len()).sum();
    let mut latencies: Vec<Duration> = reports.iter().filter(|r| r.delivered).map(|r| r.elapsed).collect();
    latencies.sort();
    let rate = reports.len() as f64 / elapsed.as_secs_f64().max(1e-9);
    if ctx.output_format() != Format::Table {
        let records = sent
            .iter()
            .map(|(number, kind, report)| {
                serde_json::to_value(SentMessage::of(*number, kind.clone(), report))
                    .map_err(|e| Error::failed(e.to_string()))
            })
            .collect::<Result<Vec<_>>>()?;
        let output = ctx.output(crate::ui::table::ANY)?;
        let mut list = output.list();
        list.push(&records)?;
        list.finish()?;
    }
    ctx.printer.status(&format!(
        "delivered {delivered} of {} message{} ({attempts} request{}, {}; p50 {:.1}ms, p99 {:.1}ms, {rate:.0}/s)",
        reports.len(),
        if reports.len() == 1 { "" } else { "s" },
        if attempts == 1 { "" } else { "s" },
        crate::ui::duration(elapsed),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
    ));
    if interrupted {
        let cut = reports.iter().filter(|r| r.stopped).count();
        let unsent = total.saturating_sub(reports.len() as u64);
        ctx.printer.status(&format!(
            "interrupted: {} cut off, {} not started",
            crate::ui::count(cut, "message"),
            crate::ui::count(usize::try_from(unsent).unwrap_or(usize::MAX), "message")
        ));
        return Err(Error::Interrupted);
    }
    if failed == 0 {
        return Ok(());
    }
    let message = format!("{failed} of {} not delivered", crate::ui::count(reports.len(), "message"));
    if reports.iter().filter(|r| !r.delivered).all(|r| r.transport_only()) {
        Err(Error::Transport(message))
    } else {
        Err(Error::Failed(message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_parse() {
        let (name, value) = header("X-Api-Key:  abc ").unwrap();
        assert_eq!((name.as_str(), value.to_str().unwrap()), ("x-api-key", "abc"));
        assert!(header("no colon").is_err());
        assert!(header("bad name: x").is_err());
        assert!(header("Content-Length: 5").is_err());
        assert!(header("Content-Type: text/plain").is_ok());
    }
}
