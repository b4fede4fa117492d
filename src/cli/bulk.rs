//! `--each F|-`: one command over many items (docs/reference/commands.md, "Bulk"). Each input line is a name, or an
//! ndjson object holding the flags of one invocation (`{"name": "web/webhooks", "enabled": true, "config":
//! {"sharedSecret": "x"}}`). Every line is read and checked before the first request; then the items run concurrently
//! within the token's rate budget, and each gives one ndjson result line, in input order: `{"name", "ok": true,
//! "resource": {...}}` (the service's answer as it sent it) or `{"name", "ok": false, "error": {...}}`. The exit code
//! is 0 when all succeeded, the common code when all failed alike, else 1; the names that failed are listed on stderr,
//! one a line, so a rerun can take only them.

use std::future::Future;
use std::path::Path;

use futures_util::StreamExt;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::Context;
use super::args::read_input;
use crate::api::client::{Client, Outcome};
use crate::error::{Error, Result};
use crate::ui::records::EachResult;
use crate::wire::Request;

/// Items in flight at once (the rate budget paces them all).
const CONCURRENCY: usize = 8;

/// One input line.
#[derive(Debug, Clone)]
pub struct Item {
    pub name: String,
    /// Where it was read: the file (or stdin) and its line, for a message about it.
    pub at: String,
    /// The other fields of an ndjson line (empty for a bare name).
    pub fields: Map<String, Value>,
}

impl Item {
    pub fn str(&self, key: &str) -> Result<Option<String>> {
        match self.fields.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(Error::usage(format!("{}: {key} must be a string, got {other}", self.name))),
        }
    }

    pub fn bool(&self, key: &str) -> Result<Option<bool>> {
        match self.fields.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(other) => Err(Error::usage(format!("{}: {key} must be true or false, got {other}", self.name))),
        }
    }

    pub fn object(&self, key: &str) -> Result<Map<String, Value>> {
        match self.fields.get(key) {
            None | Some(Value::Null) => Ok(Map::new()),
            Some(Value::Object(map)) => Ok(map.clone()),
            Some(other) => Err(Error::usage(format!("{}: {key} must be an object, got {other}", self.name))),
        }
    }
}

/// Reads the items of `--each`: blank lines skipped; every key of an object line must be one of `keys` (besides
/// `name`). Any bad line is a usage error naming it, before anything is sent.
pub fn read(path: &Path, keys: &[&str]) -> Result<Vec<Item>> {
    let bytes = read_input(path)?;
    let shown = if path == Path::new("-") { "stdin".to_string() } else { path.display().to_string() };
    let text = String::from_utf8(bytes).map_err(|_| Error::usage(format!("{shown} is not UTF-8 text")))?;
    let mut items = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let at = |why: String| Error::usage(format!("{shown} line {}: {why}", index + 1));
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let place = format!("{shown} line {}", index + 1);
        if !line.starts_with('{') {
            items.push(Item { name: line.to_string(), at: place, fields: Map::new() });
            continue;
        }
        let Value::Object(mut fields) = serde_json::from_str(line).map_err(|e| at(format!("not JSON: {e}")))? else {
            return Err(at("expected an object".into()));
        };
        let name = match fields.remove("name") {
            Some(Value::String(name)) if !name.trim().is_empty() => name,
            _ => return Err(at("needs \"name\": the resource's name".into())),
        };
        if let Some(key) = fields.keys().find(|k| !keys.contains(&k.as_str())) {
            let known = if keys.is_empty() { "none".to_string() } else { keys.join(", ") };
            return Err(at(format!("unknown key {key:?} (this command takes: name, {known})")));
        }
        items.push(Item { name, at: place, fields });
    }
    if items.is_empty() {
        return Err(Error::usage(format!("{shown} holds no items")));
    }
    Ok(items)
}

/// Each item made into a job, in input order, before anything is sent; the first that cannot be is a usage error
/// naming its line.
pub fn jobs<T>(items: &[Item], make: impl Fn(&Item) -> Result<T>) -> Result<Vec<T>> {
    items
        .iter()
        .map(|item| {
            make(item).map_err(|error| match error {
                Error::Usage(why) => Error::usage(format!("{}: {why}", item.at)),
                other => other,
            })
        })
        .collect()
}

/// Sends one item's request, with its answer as the service sent it, on one line (`None` under `--dry-run`).
pub async fn send<A: DeserializeOwned>(client: &Client, request: &Request<A>) -> Result<Option<Box<RawValue>>> {
    match client.send(&request.clone().received()).await? {
        Outcome::Answer(answer) => {
            let line = crate::ui::exact::compact(answer.raw.get())?;
            let raw = RawValue::from_string(line).map_err(|e| Error::failed(format!("cannot write JSON: {e}")))?;
            Ok(Some(raw))
        }
        Outcome::DryRun => Ok(None),
    }
}

/// Runs `op` on every job (a resource name and what to do to it), `CONCURRENCY` at once, printing each result in
/// input order as it is known, with the service's answer (under `--dry-run` the requests described are the output,
/// and no result lines). What is printed of each result follows `-o` and `--jq` (`Shown`); a name in the token's
/// workspace is printed with the workspace's slug (`Context::token_workspace`, one read).
pub async fn run<T, F, Fut>(ctx: &Context, jobs: Vec<(String, T)>, op: F) -> Result<()>
where
    F: Fn(T) -> Fut,
    Fut: Future<Output = Result<Option<Box<RawValue>>>>,
{
    let total = jobs.len();
    let shown = Shown::of(ctx)?;
    let slug =
        if jobs.iter().any(|(name, _)| in_tokens_workspace(name)) { Some(ctx.token_workspace().await?) } else { None };
    let mut results = futures_util::stream::iter(jobs)
        .map(|(name, job)| {
            let name = match &slug {
                Some(slug) if in_tokens_workspace(&name) => crate::api::names::in_workspace(&name, slug),
                _ => name,
            };
            let done = op(job);
            async move { (name, done.await) }
        })
        .buffered(CONCURRENCY);
    let mut failed: Vec<(String, u8)> = Vec::new();
    // A filter that fails on one result is said at the end and the items go on: stopping would drop those in flight.
    let mut unprinted: Option<Error> = None;
    while let Some((name, result)) = results.next().await {
        let line = match result {
            Ok(resource) => EachResult { name, ok: true, resource, error: None },
            Err(error) => {
                failed.push((name.clone(), error.exit_code()));
                shown.failed(ctx, &name, &error);
                EachResult { name, ok: false, resource: None, error: error.report() }
            }
        };
        if !ctx.gate.is_dry_run() {
            match shown.print(ctx, &line) {
                Ok(()) => {}
                Err(error @ Error::BrokenPipe) => return Err(error),
                Err(error) => {
                    unprinted.get_or_insert(error);
                }
            }
        }
    }
    if failed.is_empty() {
        return unprinted.map_or(Ok(()), Err);
    }
    if let Some(error) = &unprinted {
        ctx.printer.error(error);
    }
    for (name, _) in &failed {
        ctx.printer.status(&format!("failed: {}", crate::ui::escape_control(name)));
    }
    let message = format!("{} of {total} failed (listed above)", failed.len());
    let code = failed[0].1;
    if failed.len() == total && failed.iter().all(|(_, c)| *c == code) {
        return Err(Error::Bulk { message, code });
    }
    Err(Error::Bulk { message, code: 1 })
}

/// Whether a name holds the token's workspace (`wire::TOKENS_WORKSPACE`) where its workspace goes.
fn in_tokens_workspace(name: &str) -> bool {
    name.strip_prefix("workspaces/").and_then(|rest| rest.split('/').next()) == Some(crate::wire::TOKENS_WORKSPACE)
}

/// What `--each` prints of each result (docs/SCRIPTING.md, "Many at once"): the result line (`{"name", "ok",
/// "resource" | "error"}`, the answer in it as the service wrote it), or that line run through `--jq` (each line on its own;
/// with `-o yaml` each output a YAML document), or with `-o name` the name of each item that succeeded, one a line
/// (a failure is said on stderr, its line not printed). `-o json`, `yaml` and `table` print the lines as `ndjson`
/// does: results arrive one at a time, and a script reads each as it comes.
enum Shown<'c> {
    Lines,
    Names,
    Through(crate::ui::output::Output<'c>),
}

impl<'c> Shown<'c> {
    fn of(ctx: &'c Context) -> Result<Shown<'c>> {
        use crate::ui::output::Format;
        let output = ctx.output(crate::ui::table::ANY)?;
        let filtered = ctx.global.jq.is_some();
        Ok(match output.format() {
            _ if filtered => Shown::Through(output),
            Format::Name => Shown::Names,
            Format::Json | Format::Ndjson | Format::Yaml | Format::Table => Shown::Lines,
        })
    }

    fn print(&self, ctx: &Context, line: &EachResult) -> Result<()> {
        match self {
            Shown::Lines => ctx.printer.data_line(&crate::ui::json_line(line)?),
            Shown::Names if line.ok => ctx.printer.data_line(&crate::ui::escape_control(&line.name)),
            Shown::Names => Ok(()),
            Shown::Through(output) => {
                let text = crate::ui::json_line(line)?;
                let raw = RawValue::from_string(text).map_err(|e| Error::failed(format!("cannot write JSON: {e}")))?;
                output.record(&Line(raw))
            }
        }
    }

    /// A failure, on stderr when its result line is not printed.
    fn failed(&self, ctx: &Context, name: &str, error: &Error) {
        if matches!(self, Shown::Names) && !matches!(error, Error::BrokenPipe) {
            ctx.printer.status(&crate::ui::escape_control(&format!("{name}: {error}")));
        }
    }
}

/// One result line, as `Output` prints a record: its text is what scripts read.
struct Line(Box<RawValue>);

impl crate::ui::output::Record for Line {
    fn raw(&self) -> std::borrow::Cow<'_, RawValue> {
        std::borrow::Cow::Borrowed(&self.0)
    }

    fn view(&self) -> Value {
        serde_json::from_str(self.0.get()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_names_or_objects_of_known_keys() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("items");
        let write = |text: &str| {
            crate::effect::Gate::new(false, crate::ui::Printer::plain()).write_file(&path, "t", text.as_bytes())
        };
        write("web\n\n{\"name\": \"app\", \"enabled\": true}\n").unwrap();
        let items = read(&path, &["enabled"]).unwrap();
        assert_eq!(items.iter().map(|i| i.name.as_str()).collect::<Vec<_>>(), ["web", "app"]);
        assert_eq!(items[1].bool("enabled").unwrap(), Some(true));
        assert!(items[1].str("enabled").is_err());
        write("{\"name\": \"app\", \"enabeld\": true}\n").unwrap();
        assert!(read(&path, &["enabled"]).unwrap_err().to_string().contains("line 1: unknown key \"enabeld\""));
        write("{\"enabled\": true}\n").unwrap();
        assert!(read(&path, &["enabled"]).unwrap_err().to_string().contains("needs \"name\""));
        write("\n").unwrap();
        assert!(read(&path, &[]).is_err());
    }
}
