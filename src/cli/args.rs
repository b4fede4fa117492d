//! Argument groups that several commands share: list paging, update-mask flags, KEY=VALUE pairs, input files.

use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::{Map, Value};

use crate::api::list::ListOptions;
use crate::error::{Error, Result};
use crate::wire::{Resource, UpdateRequest};

/// `--enabled[=BOOL]` and `--disabled` of an update: whether it switches the resource on or off, if it does.
#[derive(Debug, Default, Args)]
pub struct Switch {
    /// Enable it (--enabled=false disables it)
    #[arg(long, num_args = 0..=1, default_missing_value = "true", value_name = "BOOL", conflicts_with = "disabled")]
    enabled: Option<bool>,
    /// Disable it
    #[arg(long)]
    disabled: bool,
}

impl Switch {
    /// What the flags ask: on, off, or nothing.
    pub fn wanted(&self) -> Option<bool> {
        if self.disabled { Some(false) } else { self.enabled }
    }
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Stop after N items (no page is fetched beyond what N needs)
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Items asked for per page [default: 100]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub page_size: Option<u32>,
    /// Start at this page token (an interrupted listing prints the one to resume from)
    #[arg(long, value_name = "TOKEN")]
    pub page_token: Option<String>,
    /// Fetch one page only; its next_page_token goes to stderr
    #[arg(long)]
    pub no_paginate: bool,
}

impl ListArgs {
    /// Paging flags belong to one collection: a listing across many (`--all`) refuses them, naming what `one`
    /// collection needs. Checked before any request.
    pub fn across(&self, one: &str) -> crate::error::Result<()> {
        if self.page_token.is_some() || self.no_paginate {
            return Err(crate::error::Error::usage(format!(
                "--page-token and --no-paginate need {one} (paging is per collection)"
            )));
        }
        Ok(())
    }

    pub fn options(&self) -> ListOptions {
        ListOptions {
            page_size: self.page_size,
            limit: self.limit,
            page_token: self.page_token.clone(),
            single_page: self.no_paginate,
        }
    }
}

#[derive(Debug, Default, Args)]
pub struct UpdateArgs {
    /// Set FIELD (seg's name on both APIs, nested with dots) to VALUE, parsed as JSON when it parses, else a string
    #[arg(long = "set", value_name = "FIELD=VALUE", value_parser = parse_kv)]
    pub set: Vec<(String, String)>,
    /// Empty FIELD (seg's name on both APIs)
    #[arg(long = "clear", value_name = "FIELD")]
    pub clear: Vec<String>,
    /// A JSON object of fields (`-` for stdin): seg's names, or what `get -o json` printed on the API in use; the
    /// fields an update writes are set, the others must be unchanged
    #[arg(long, value_name = "FILE")]
    pub from_file: Option<PathBuf>,
    /// Send exactly these mask paths (comma-separated) instead of those the flags imply
    #[arg(long, value_name = "PATHS", value_delimiter = ',')]
    pub update_mask: Vec<String>,
}

impl UpdateArgs {
    /// Adds these flags to the update of `resource` (its full name); call last, so `--update-mask` sees every field.
    /// Fields are seg's names on both APIs: one no update writes, or one the API in use does not hold, is a usage
    /// error naming what to use instead. `--from-file` takes seg's names or the shape the API in use answers in
    /// (`wire::fields`): only the fields an update writes become the update, the others must be as the resource
    /// has them (the client checks before it sends). The Public API has no update mask: `--update-mask` there is a
    /// usage error, before any request.
    pub fn apply<T: Resource>(
        &self,
        ctx: &super::Context,
        resource: &str,
        update: &mut UpdateRequest<T>,
    ) -> Result<()> {
        if !self.update_mask.is_empty() {
            ctx.config_api_only("--update-mask")?;
        }
        let vocabulary = match crate::wire::fields::of(T::KEY) {
            Some(fields) => Some((fields, ctx.holds()?)),
            None => None,
        };
        let named = |field: &str| -> Result<()> {
            let Some((fields, holds)) = vocabulary else { return Ok(()) };
            let field = field.strip_prefix(T::KEY).and_then(|rest| rest.strip_prefix('.')).unwrap_or(field);
            if let Some(why) = fields.refusal(field) {
                return Err(Error::Usage(why));
            }
            holds.writes(fields, field).map_err(Error::Usage)
        };
        for (field, value) in &self.set {
            named(field)?;
            update.set(field, value_of(value)).map_err(Error::Usage)?;
        }
        for field in &self.clear {
            named(field)?;
            update.clear(field).map_err(Error::Usage)?;
        }
        if let Some(path) = &self.from_file {
            let object = read_object(path)?;
            let Some((fields, holds)) = vocabulary else {
                update.set_all(object).map_err(Error::Usage)?;
                return self.mask(ctx, update);
            };
            let shown = path.display();
            let read = fields
                .read(object, holds.own_shapes, resource)
                .map_err(|why| Error::usage(format!("{shown}: {why}")))?;
            for (field, value) in read.set {
                // A field this API does not write (a destination's `display_name` on the Config API, which shows the
                // catalog's) is one to leave as it is, like any read-only one.
                if let Err(why) = holds.writes(fields, &field) {
                    // `null`: what `--json` prints for a field this API cannot fill.
                    if value.is_null() {
                        continue;
                    }
                    let reading = crate::wire::fields::Reading::Neutral;
                    let why = Some(why);
                    update.unchanged.push(crate::wire::fields::Unchanged { reading, path: vec![field], value, why });
                    continue;
                }
                match value {
                    Value::Array(items) if field == "config" => {
                        for item in items {
                            let item = serde_json::from_value(item)
                                .map_err(|e| Error::usage(format!("{shown}: config: {e}")))?;
                            update.config_item(item);
                        }
                    }
                    value => update.set(&field, value).map_err(Error::Usage)?,
                }
            }
            update.unchanged.extend(read.unchanged);
        }
        self.mask(ctx, update)
    }

    /// `--update-mask`: exactly these paths, each a field an update writes on the API in use.
    fn mask<T: Resource>(&self, ctx: &super::Context, update: &mut UpdateRequest<T>) -> Result<()> {
        if let Some(fields) = crate::wire::fields::of(T::KEY) {
            let holds = ctx.holds()?;
            for path in &self.update_mask {
                let field = path.trim();
                let field = field.strip_prefix(T::KEY).and_then(|rest| rest.strip_prefix('.')).unwrap_or(field);
                if let Some(why) = fields.refusal(field) {
                    return Err(Error::usage(format!("--update-mask: {why}")));
                }
                holds.writes(fields, field).map_err(|why| Error::usage(format!("--update-mask: {why}")))?;
            }
        }
        if !self.update_mask.is_empty() {
            update.mask_exactly(&self.update_mask).map_err(Error::Usage)?;
        }
        Ok(())
    }
}

/// A `--set`/`--config`/`-f` value: JSON when it parses as JSON, else the text as a string.
pub fn value_of(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
}

/// A value that must say something: an empty one (`--user-id ''`) is a usage error.
pub fn parse_non_empty(text: &str) -> Result<String, String> {
    if text.trim().is_empty() { Err("must not be empty".into()) } else { Ok(text.to_string()) }
}

/// A host to listen on: an IP address or a host name (`localhost`), not a URL.
pub fn parse_host(text: &str) -> Result<String, String> {
    let host = text.trim();
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    if bare.parse::<std::net::IpAddr>().is_ok() {
        return Ok(bare.to_string());
    }
    let name_ok = !host.is_empty()
        && host.len() <= 253
        && host.split('.').all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
    if name_ok {
        Ok(host.to_string())
    } else {
        Err(format!("invalid host {text:?}: give an IP address or a host name"))
    }
}

/// `KEY=VALUE`, split at the first `=`.
pub fn parse_kv(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((key, value)) if !key.trim().is_empty() => Ok((key.trim().to_string(), value.to_string())),
        _ => Err(format!("expected KEY=VALUE, got {text:?}")),
    }
}

/// The largest input file seg reads: a file linked to `/dev/zero` must not fill memory (a workspace file, a plan and
/// an `--each` list are all far smaller).
pub const MAX_INPUT: u64 = 64 * 1024 * 1024;

/// The bytes of an input file, `-` for stdin. Unreadable or larger than [`MAX_INPUT`] is a usage error.
pub fn read_input(path: &Path) -> Result<Vec<u8>> {
    let stdin = path == Path::new("-");
    let shown = if stdin { "stdin".to_string() } else { path.display().to_string() };
    let cannot = |e: std::io::Error| Error::usage(format!("cannot read {shown}: {e}"));
    let reader: Box<dyn std::io::Read> =
        if stdin { Box::new(std::io::stdin()) } else { Box::new(std::fs::File::open(path).map_err(cannot)?) };
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::Read::take(reader, MAX_INPUT + 1), &mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(Error::usage(format!("{shown} is larger than {} MiB", MAX_INPUT / 1024 / 1024)));
    }
    Ok(bytes)
}

/// A file holding a JSON value.
pub fn read_json(path: &Path) -> Result<Value> {
    let bytes = read_input(path)?;
    serde_json::from_slice(&bytes).map_err(|e| Error::usage(format!("{} is not valid JSON: {e}", path.display())))
}

/// A file holding a JSON object.
pub fn read_object(path: &Path) -> Result<Map<String, Value>> {
    match read_json(path)? {
        Value::Object(map) => Ok(map),
        _ => Err(Error::usage(format!("{} must hold a JSON object", path.display()))),
    }
}
