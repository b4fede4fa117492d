//! `seg regulations create`: deletion requests are irreversible, so this one asks first, reads many ids, and sends
//! them in the service's chunks of 5,000, stopping at the first failure with the ids not yet sent named.

use std::path::PathBuf;

use crate::api::client::Outcome;
use crate::api::names::MAX_NAME;
use crate::cli::Context;
use crate::cli::args::read_input;
use crate::error::{Error, Result};
use crate::ui::output::Format;
use crate::ui::records::RegulationSent;
use crate::wire::{self, CreateRegulation, REGULATION_TYPES, RegulationAttributes};

/// User ids one request may carry (docs/reference/config-api.md, "Regulation").
pub const CHUNK: usize = 5000;

/// Ask for users' data to be deleted and/or suppressed. Irreversible: asks first on a terminal, needs --yes
/// elsewhere.
///
/// Sends POST /v1beta/workspaces/WS/regulations with {"regulation_type": T, "attributes": {"name": "userId",
/// "values": [...]}} for each chunk of up to 5,000 user ids (the service's limit), and prints one line per chunk:
/// the new regulation's id (`regulate_id`) and how many users it covers. Ids come from --user-id (repeatable) or
/// --from-file (one a line, `-` for stdin; blank lines are skipped). Deleted data does not come back: on a terminal
/// it asks before sending; without one it needs --yes (exit 2 otherwise, nothing sent). A failed chunk stops the
/// run: the ids not yet sent are listed on stderr (`not sent: ID` lines) and it exits with that error's code.
/// --dry-run prints each request and sends nothing.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme regulations create --user-id 019mr8mf4r
  seg -w acme regulations create --user-id u1 --user-id u2 --type Suppress \\
      --yes
  seg -w acme regulations create --from-file users-to-forget.txt --yes
  grep -h '^user:' exports/*.log | cut -d: -f2 |
      seg -w acme regulations create --from-file - --yes")]
pub struct Args {
    /// A user id (repeatable)
    #[arg(long = "user-id", value_name = "U", required_unless_present = "from_file", conflicts_with = "from_file",
          value_parser = crate::cli::args::parse_non_empty)]
    user_ids: Vec<String>,
    /// Read user ids from a file, one a line (`-` for stdin)
    #[arg(long, value_name = "F")]
    from_file: Option<PathBuf>,
    /// What to do
    #[arg(long = "type", value_name = "T", default_value = REGULATION_TYPES[0], value_parser = REGULATION_TYPES)]
    kind: String,
}

/// The ids to send: each non-empty and shorter than 64 KiB.
fn user_ids(args: &Args) -> Result<Vec<String>> {
    let ids = match &args.from_file {
        Some(path) => {
            let bytes = read_input(path)?;
            let text =
                String::from_utf8(bytes).map_err(|_| Error::usage(format!("{} is not UTF-8 text", path.display())))?;
            text.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect()
        }
        None => args.user_ids.clone(),
    };
    if ids.is_empty() {
        return Err(Error::usage("no user ids: give --user-id U or a --from-file with one id a line"));
    }
    if let Some(at) = ids.iter().position(|id| id.trim().is_empty()) {
        return Err(Error::usage(format!("user id {} is empty", at + 1)));
    }
    if let Some(id) = ids.iter().find(|id| id.len() >= MAX_NAME) {
        let size = crate::ui::count(id.len(), "byte");
        return Err(Error::usage(format!("a user id of {size} is too long: at most {}", MAX_NAME - 1)));
    }
    Ok(ids)
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let ws = ctx.workspace()?;
    let ids = user_ids(&args)?;
    let chunks: Vec<&[String]> = ids.chunks(CHUNK).collect();
    let what = if args.kind.contains("Delete") { "Delete the data of" } else { "Regulate" };
    let users = crate::ui::count(ids.len(), "user");
    let requests =
        if chunks.len() == 1 { String::new() } else { format!(", in {}", crate::ui::count(chunks.len(), "request")) };
    let doing = format!("regulate {users} in {ws} ({}){requests}, which cannot be undone", args.kind);
    ctx.confirm(&doing, &format!("{what} {users}?"))?;
    let client = ctx.client()?;
    let format = ctx.output_format();
    let filtered = ctx.global.jq.is_some().then(|| ctx.output(crate::ui::table::ANY)).transpose()?;
    for (index, chunk) in chunks.iter().enumerate() {
        let attributes = RegulationAttributes { name: "userId".into(), values: chunk.to_vec() };
        let body = CreateRegulation { regulation_type: args.kind.clone(), attributes };
        let request = wire::create(ws.below("regulations")?, &body).received();
        match client.send(&request).await {
            Ok(Outcome::DryRun) => {}
            Ok(Outcome::Answer(created)) => {
                let id = &created.typed.regulate_id;
                // The answer's fields as the service wrote them (numbers keep their spelling), with the users sent.
                let record = || -> Result<RegulationSent> {
                    let line = crate::ui::exact::compact(created.raw.get())?;
                    let answer = serde_json::from_str(&line).unwrap_or_default();
                    Ok(RegulationSent { answer, users: chunk.len() })
                };
                match (&filtered, format) {
                    (Some(output), _) => output.document(&record()?)?,
                    (None, Format::Name) => ctx.printer.data_line(id)?,
                    (None, Format::Table) => {
                        ctx.printer.data_line(&format!("{id}  {}", crate::ui::count(chunk.len(), "user")))?
                    }
                    (None, _) => ctx.printer.data_line(&crate::ui::json_line(&record()?)?)?,
                }
            }
            Err(error) => {
                let unsent = &ids[index * CHUNK..];
                ctx.printer.warn(&format!(
                    "{} of {} not sent (this chunk and those after it); they follow:",
                    unsent.len(),
                    crate::ui::count(ids.len(), "user id")
                ));
                for id in unsent {
                    ctx.printer.status(&format!("not sent: {}", crate::ui::escape_control(id)));
                }
                return Err(error);
            }
        }
    }
    Ok(())
}
