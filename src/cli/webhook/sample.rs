use crate::cli::Context;
use crate::cli::args::parse_kv;
use crate::error::{Error, Result};
use crate::json::{self, JsValue};
use crate::webhook::sample::{self, SampleOptions};
use crate::wire::message::MessageType;

/// Print the exact body `seg webhook send` would post for a message type (plus a newline on a terminal only).
///
/// In a pipe or a file the bytes are exactly the body, so a saved sample signs (`seg webhook sign`) to the
/// signature the service would send.
/// Keys are in the service's order; tracking calls carry a sample `context` after their listed keys. The
/// default user id and timestamp are the documented sample values, so the output is reproducible.
///
/// With --mapping (a Webhooks (Actions) mapping: its `settings` object), the body that mapping sends for the
/// sample event of the type (one body as a sample is printed; several one a line: per event (--count), or with
/// `enable_batching` one array per batch). The
/// mapping is checked as the service checks it (exit 2 with the field at fault). --event prints the event itself,
/// as the pipeline hands it to a mapping (one line each; `messageId` seg-sample-1, -2, ...; `receivedAt` the
/// sample timestamp). --set applies to the event. `delete` is never sent to Webhooks (Actions).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg webhook sample --type track
  seg webhook sample --type identify --user-id u-42 --timestamp now \\
      --set traits.plan=enterprise
  seg webhook sample --type track --no-context |
      seg webhook sign --secret teehee
  seg webhook sample --type track --mapping '{\"url\": \"https://x.example\",
      \"data\": {\"id\": {\"@path\": \"$.userId\"}}}'
  seg webhook sample --type identify --event --count 2")]
pub struct Args {
    /// Message type
    #[arg(long = "type", value_name = "T")]
    kind: MessageType,
    /// The userId (and `User ID` of alias)
    #[arg(long, value_name = "U", value_parser = crate::cli::args::parse_non_empty)]
    user_id: Option<String>,
    /// RFC 3339 time, normalised to UTC milliseconds, or `now`
    #[arg(long, value_name = "TS")]
    timestamp: Option<String>,
    /// Set a dotted PATH to VALUE (JSON when it parses, else a string) (repeatable)
    #[arg(long = "set", value_name = "PATH=VALUE", value_parser = parse_kv)]
    sets: Vec<(String, String)>,
    /// Leave out the sample `context` of tracking calls that list none
    #[arg(long)]
    no_context: bool,
    /// Print the body this Webhooks (Actions) mapping sends (its settings:
    /// JSON, or @FILE)
    #[arg(long, value_name = "JSON|@FILE", conflicts_with = "event")]
    mapping: Option<String>,
    /// Print the event a mapping reads, as the pipeline hands it on
    #[arg(long)]
    event: bool,
    /// Events to build (with --mapping or --event)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    count: Option<u64>,
}

/// `--type`: the message types by name, as help and completions list them.
impl clap::ValueEnum for MessageType {
    fn value_variants<'a>() -> &'a [Self] {
        &MessageType::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.as_str()))
    }
}

pub fn options(
    user_id: Option<String>,
    timestamp: Option<&str>,
    sets: &[(String, String)],
    no_context: bool,
) -> Result<SampleOptions> {
    let mut options = SampleOptions { no_context, ..SampleOptions::default() };
    if let Some(user_id) = user_id {
        options.user_id = user_id;
    }
    if let Some(ts) = timestamp {
        options.timestamp = sample::normalize_timestamp(ts).map_err(Error::Usage)?;
    }
    for (path, value) in sets {
        let value = match json::parse(value.as_bytes()) {
            Ok(value) => value,
            // JSON nested too deep is still JSON: taking it as a string would send something else than was meant.
            Err(e) if e.too_deep() => return Err(Error::usage(format!("invalid --set {path}=...: {e}"))),
            Err(_) => JsValue::String(value.as_str().into()),
        };
        options.sets.push((path.clone(), value));
    }
    Ok(options)
}

pub fn run(args: Args, ctx: &Context) -> Result<()> {
    let options = options(args.user_id.clone(), args.timestamp.as_deref(), &args.sets, args.no_context)?;
    if args.mapping.is_some() || args.event {
        return actions(&args, &options, ctx);
    }
    if args.count.is_some() {
        return Err(Error::usage("--count builds events for --mapping or --event: a sample is one body"));
    }
    let value = sample::sample(args.kind, &options).map_err(Error::Usage)?;
    // The exact bytes; a newline only where a person reads them (it would change the signature of a saved sample).
    let body = json::stringify(&value);
    if ctx.printer.stdout_tty { ctx.printer.data_line(&body) } else { ctx.printer.data(body.as_bytes()) }
}

/// `--mapping` and `--event`: one line per body (or event), exactly its bytes and a newline.
fn actions(args: &Args, options: &SampleOptions, ctx: &Context) -> Result<()> {
    let count = args.count.unwrap_or(1);
    let lines: Vec<String> = match &args.mapping {
        Some(mapping) => {
            let settings = super::read_mapping(mapping)?;
            super::mapping_requests(ctx, &settings, None, args.kind, options, count, None)?
                .into_iter()
                // A request without data has no body: an empty line.
                .map(|request| request.body.unwrap_or_default())
                .collect()
        }
        None => {
            if count > super::MAX_MAPPING_EVENTS {
                let most = crate::ui::count(super::MAX_MAPPING_EVENTS as usize, "event");
                return Err(Error::usage(format!("--count: at most {most}")));
            }
            (0..count as usize)
                .map(|i| {
                    sample::event_text(args.kind, options, i)
                        .map_err(|e| Error::usage(format!("--type {}: {e}", args.kind)))
                })
                .collect::<Result<_>>()?
        }
    };
    // One body is printed as a sample is (its exact bytes, so that it signs as sent); several, one a line.
    if let [body] = lines.as_slice() {
        return if ctx.printer.stdout_tty { ctx.printer.data_line(body) } else { ctx.printer.data(body.as_bytes()) };
    }
    let mut out = String::new();
    for line in lines {
        out.push_str(&line);
        out.push('\n');
    }
    ctx.printer.data(out.as_bytes())
}
