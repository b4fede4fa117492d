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
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg webhook sample --type track
  seg webhook sample --type identify --user-id u-42 --timestamp now \\
      --set traits.plan=enterprise
  seg webhook sample --type track --no-context |
      seg webhook sign --secret teehee")]
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
    let options = options(args.user_id, args.timestamp.as_deref(), &args.sets, args.no_context)?;
    let value = sample::sample(args.kind, &options).map_err(Error::Usage)?;
    // The exact bytes; a newline only where a person reads them (it would change the signature of a saved sample).
    let body = json::stringify(&value);
    if ctx.printer.stdout_tty { ctx.printer.data_line(&body) } else { ctx.printer.data(body.as_bytes()) }
}
