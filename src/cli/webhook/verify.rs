use std::path::PathBuf;

use super::{SecretArgs, read_body};
use crate::api::client::Outcome;
use crate::api::names::Kind;
use crate::cli::Context;
use crate::error::{Error, Result};
use crate::webhook::verify::{self, DestinationSecret};
use crate::wire::{Destination, Request, config::SHARED_SECRET};

/// Check an X-Signature against a body, and say why when it does not match.
///
/// Exit 0 when the signature matches the raw bytes, or (unless --strict) the body as a receiver following the
/// service's example re-serialises it, or element 0 of an array body; the verdict then leads with what a receiver
/// hashing the raw bytes concludes ("valid only after re-serialisation ...; a receiver hashing the raw bytes
/// rejects it"). Otherwise exit 1, naming each cause it can detect by reproducing the signature: the receiver's or
/// the sender's secret with whitespace or a newline, a `sha1=` prefix, a header that is not 40 hex characters; a
/// body gzip-compressed, with a BOM, CRLF or a trailing newline, pretty-printed, spaced, key-sorted, re-encoded,
/// with its non-ASCII characters escaped (or signed escaped by the sender and sent as UTF-8), or another element of
/// an array; and the serializer that re-encoded it (Python's json.dumps, Go's encoding/json, PHP's json_encode) with
/// the fix. When nothing reproduces it, what can be told of the secret: its length on a terminal (stderr), and with
/// --destination whether its last four characters are those of that destination's shared secret (read with the
/// profile's token; the service shows it censored). Never a character of the secret. -o json gives the verdict as
/// data: valid, matched, causes and warnings ({code, message}), reproduced, destination.
///
/// With --user-agent 'Segment (Actions)' (the request's User-Agent) the request is read as one from Webhooks
/// (Actions): a batch signed over its first element is said to be what that destination sends (`actions_batch`),
/// and -o json has `actions: true`. Whatever the sender, a signature over a part of the body (`properties`, a
/// mapping's data inside a whole event) is named (`signed_part`).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg webhook verify --secret teehee \\
      --signature 6584c31d030ff167eca14a1042eb7e88c881b8e8 body.json
  seg webhook verify --secret-file secret.txt --signature \"$SIG\" -o json \\
      - < body.json
  # only the raw bytes count:
  seg webhook verify --secret teehee --signature \"$SIG\" --strict body.json
  # with no match, compare the secret with the destination's:
  seg webhook verify --secret-file secret.txt --signature \"$SIG\" \\
      --destination web/webhooks body.json
  # a request of Webhooks (Actions):
  seg webhook verify --secret teehee --signature \"$SIG\" \\
      --user-agent 'Segment (Actions)' batch.json")]
pub struct Args {
    #[command(flatten)]
    secret: SecretArgs,
    /// The X-Signature header's value
    #[arg(long, value_name = "SIG")]
    signature: String,
    /// The body; `-` or nothing for stdin
    file: Option<PathBuf>,
    /// Only the raw bytes count: a match after re-serialisation is a failure
    #[arg(long)]
    strict: bool,
    /// When nothing matches, compare the secret's last four characters with this webhook destination's shared
    /// secret (SRC/DST with -w, or a full name; one read)
    #[arg(long, value_name = "NAME")]
    destination: Option<String>,
    /// The request's User-Agent: `Segment (Actions)` reads it as a request
    /// of Webhooks (Actions)
    #[arg(long, value_name = "UA")]
    user_agent: Option<String>,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let secret = args.secret.required()?;
    // A name that cannot be one is a usage error before anything is read.
    let destination = args.destination.as_deref().map(|name| ctx.name(Kind::Destination, name)).transpose()?;
    let body = read_body(args.file.as_ref())?;
    let actions = crate::webhook::actions::is_actions(args.user_agent.as_deref());
    let mut verdict = verify::verify_from(secret.expose().as_bytes(), &body, &args.signature, args.strict, actions);
    // What can be told of a secret that nothing explains, never a character of it: with --destination, whether it
    // ends as the destination's does, ...
    if verdict.unexplained()
        && let Some(name) = &destination
    {
        let called = args.destination.as_deref().unwrap_or_default();
        verdict.destination = shared_secret(ctx, name, called, secret.expose()).await;
    }
    if ctx.for_people() {
        ctx.printer.prose(&report(&verdict, args.destination.as_deref()))?;
    } else {
        let value = serde_json::to_value(&verdict).map_err(|e| Error::failed(e.to_string()))?;
        ctx.output(crate::ui::table::ANY)?.value(&value)?;
    }
    // ... and its length, to a person at a terminal only (a CI log keeps stderr too).
    if verdict.unexplained() && ctx.printer.stderr_tty {
        ctx.printer.hint(&format!(
            "the secret given is {} long (compare it with the shared secret set on the destination)",
            crate::ui::count(secret.expose().chars().count(), "character")
        ));
    }
    if verdict.valid { Ok(()) } else { Err(Error::failed("signature does not match")) }
}

/// The destination's shared secret as the service shows it, compared with the secret given; a read that fails is a
/// warning naming the destination as it was `called`, since the verdict stands without it (and its exit code is the
/// verdict's).
async fn shared_secret(
    ctx: &Context,
    name: &crate::api::names::Name,
    called: &str,
    given: &str,
) -> Option<DestinationSecret> {
    let read = async { ctx.client()?.send(&Request::<Destination>::get(name.target())).await };
    match read.await {
        Ok(Outcome::Answer(destination)) => {
            let shown = destination.config.iter().find(|item| item.key() == SHARED_SECRET).map(|item| &item.value);
            let shown = shown.and_then(|value| value.as_str());
            Some(DestinationSecret::compare(name.as_str(), given, shown))
        }
        Ok(Outcome::DryRun) => None,
        Err(e) => {
            let called = crate::ui::escape_control(called);
            ctx.printer.warn(&format!("cannot read destination {called} to compare its shared secret: {e}"));
            None
        }
    }
}

/// The verdict for people: the headline, then each cause and note once (the headline says what `not_raw` says), what
/// the destination's secret tells (the destination `called` as it was given), and the signatures expected.
fn report(verdict: &verify::Verdict, called: Option<&str>) -> String {
    let mut out = format!("{}\n", verdict.headline());
    if verdict.actions {
        out.push_str("  sender: Webhooks (Actions) (User-Agent: Segment (Actions))\n");
    }
    for cause in verdict.causes.iter().filter(|c| c.code != "not_raw") {
        out.push_str(&format!("  cause: {}\n", cause.message));
    }
    // The headline of an Actions batch says what `actions_batch` says.
    let said = |code: &str| code == "not_raw" || (code == "actions_batch" && verdict.valid);
    for warning in verdict.warnings.iter().filter(|w| !said(w.code)) {
        out.push_str(&format!("  note: {}\n", warning.message));
    }
    if let (Some(destination), Some(called)) = (&verdict.destination, called) {
        out.push_str(&format!("  secret: {}\n", destination.describe(called)));
    }
    if !verdict.valid {
        match &verdict.expected.restringified {
            Some(r) if *r != verdict.expected.raw => {
                out.push_str(&format!("  expected (raw bytes): {}\n", verdict.expected.raw));
                out.push_str(&format!("  expected (re-serialised): {r}\n"));
            }
            Some(_) => out.push_str(&format!("  expected (raw bytes, and re-serialised): {}\n", verdict.expected.raw)),
            None => out.push_str(&format!("  expected (raw bytes): {}\n", verdict.expected.raw)),
        }
    }
    out
}
