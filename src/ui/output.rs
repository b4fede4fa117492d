//! Result formats (`-o`): `table` for people, `json`, `ndjson`, `yaml` and `name` for scripts. The same format
//! gives the same bytes on a terminal and in a pipe (a table only fits itself to the terminal's width). `ndjson`
//! and `name` print each page of a list as it arrives; the others print once the list is complete. `--jq` runs
//! over the whole result, never per page.

use std::borrow::Cow;

use serde_json::Value;
use serde_json::value::RawValue;

use super::Printer;
use super::exact;
use super::fields::{self, Field, Holds};
use super::jq::{self, Jq};
use super::table::{self, Shape};
use crate::error::{Error, Result};
use crate::wire::Received;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Table,
    Json,
    Ndjson,
    Yaml,
    Name,
}

impl Format {
    pub fn parse(text: &str) -> Option<Format> {
        <Format as clap::ValueEnum>::from_str(text, true).ok()
    }
}

/// One thing to print: what the service sent, for scripts (`json`, `ndjson`, `yaml`, `--jq` print it unchanged), and
/// the typed model's reading of it, for people (`table`) and `-o name`. seg's own documents (a plan, a report) are
/// both at once.
pub trait Record {
    /// The answer as received: its JSON text, numbers spelled as the service spelled them.
    fn raw(&self) -> Cow<'_, RawValue>;
    /// The typed reading: the fields the model knows of those the reading has (no default for one it left out).
    fn view(&self) -> Value;
}

impl<T: serde::Serialize> Record for Received<T> {
    fn raw(&self) -> Cow<'_, RawValue> {
        Cow::Borrowed(&self.raw)
    }

    fn view(&self) -> Value {
        let mut view = serde_json::to_value(&self.typed)
            .unwrap_or_else(|_| serde_json::from_str(self.raw.get()).unwrap_or_default());
        // The typed model fills what the reading left out with empty defaults: a field the service never sent is
        // not shown as if it had been (docs/reference/output.md: no default it did not send).
        if let (Value::Object(map), Some(sent)) = (&mut view, sent_keys(self.reading())) {
            map.retain(|key, _| sent.contains(&crate::text::snake_case(key)));
        }
        view
    }
}

/// The top-level keys of an object's text, in snake_case (the model reads `camelCase` aliases too); `None` when the
/// text is not an object.
fn sent_keys(text: &RawValue) -> Option<std::collections::HashSet<String>> {
    let object: std::collections::HashMap<String, serde::de::IgnoredAny> = serde_json::from_str(text.get()).ok()?;
    Some(object.into_keys().map(|key| crate::text::snake_case(&key)).collect())
}

impl Record for Value {
    fn raw(&self) -> Cow<'_, RawValue> {
        // A value written as JSON: this cannot fail.
        Cow::Owned(serde_json::value::to_raw_value(self).unwrap_or_else(|_| RawValue::NULL.to_owned()))
    }

    fn view(&self) -> Value {
        self.clone()
    }
}

pub struct Output<'p> {
    printer: &'p Printer,
    format: Format,
    jq: Option<Jq>,
    shape: &'static Shape,
    /// What the API in use holds: what a table and `get` show, and which `--json` fields are `null`.
    holds: Holds,
    /// `--json FIELD,...`: each record printed as these fields of its view instead of as received.
    picked: Option<Vec<&'static Field>>,
}

impl<'p> Output<'p> {
    pub fn new(printer: &'p Printer, format: Format, jq: Option<Jq>, shape: &'static Shape) -> Self {
        Output { printer, format, jq, shape, holds: Holds::default(), picked: None }
    }

    /// The same output for an API that holds `holds`.
    pub fn holding(mut self, holds: Holds) -> Self {
        self.holds = holds;
        self
    }

    /// The same output printing these fields of each record (`--json`): JSON, ndjson or YAML, never a table or names.
    pub fn picking(mut self, fields: Vec<&'static Field>) -> Self {
        self.picked = Some(fields);
        self
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// One result document of seg's own (a plan, a report).
    pub fn value(&self, value: &Value) -> Result<()> {
        self.record(value)
    }

    /// One record of seg's own, a `ui::records` type.
    pub fn document(&self, record: &impl serde::Serialize) -> Result<()> {
        let value = serde_json::to_value(record).map_err(|e| Error::failed(format!("cannot write JSON: {e}")))?;
        self.record(&value)
    }

    /// One record (a resource, an answer).
    pub fn record(&self, record: &dyn Record) -> Result<()> {
        self.printer.data(&self.render(record)?)
    }

    /// One record that carries the only copy of `secret` (a new token): whether the bytes printed show it, so a
    /// caller can say it on stderr when the format or `--jq` left it out.
    pub fn record_showing(&self, record: &dyn Record, secret: &str) -> Result<bool> {
        let bytes = self.render(record)?;
        self.printer.data(&bytes)?;
        Ok(String::from_utf8_lossy(&bytes).contains(secret))
    }

    fn render(&self, record: &dyn Record) -> Result<Vec<u8>> {
        if let Some(text) = self.picked_text(record)? {
            return self.render_parts(&text, || Value::Null);
        }
        let holds = self.holds;
        self.render_parts(&record.raw(), || fields::held(record.view(), &holds))
    }

    /// A record's `--json` fields as JSON text, when `--json` chose some.
    fn picked_text(&self, record: &dyn Record) -> Result<Option<Box<RawValue>>> {
        let Some(picked) = &self.picked else { return Ok(None) };
        let value = fields::pick(&record.view(), picked, &self.holds);
        serde_json::value::to_raw_value(&value).map(Some).map_err(|e| Error::failed(format!("cannot write JSON: {e}")))
    }

    /// What a record prints: from its text for scripts, from its typed view for people.
    fn render_parts(&self, raw: &RawValue, view: impl FnOnce() -> Value) -> Result<Vec<u8>> {
        if let Some(jq) = &self.jq {
            let outputs = jq.run(raw.get())?;
            // With -o yaml each output is a YAML document; otherwise a line as `gh --jq` prints it.
            if self.format == Format::Yaml {
                let documents = outputs.iter().map(|out| exact::yaml(out.get())).collect::<Result<Vec<_>>>()?;
                return Ok(documents.join("---\n").into_bytes());
            }
            let mut text = String::new();
            for out in outputs {
                text.push_str(&jq::line(&out)?);
                text.push('\n');
            }
            return Ok(text.into_bytes());
        }
        let line = |text: String| format!("{text}\n").into_bytes();
        Ok(match self.format {
            Format::Json => line(exact::pretty(raw.get())?),
            Format::Ndjson => line(exact::compact_json(raw)?),
            Format::Yaml => exact::yaml(raw.get())?.into_bytes(),
            Format::Name => line(name_of(&view())?),
            Format::Table => table::fields(&view(), self.printer).into_bytes(),
        })
    }

    /// A writer for a list that arrives page by page.
    pub fn list(&self) -> ListWriter<'_, 'p> {
        let streaming = self.jq.is_none() && matches!(self.format, Format::Ndjson | Format::Name);
        ListWriter { output: self, streaming, raws: Vec::new(), views: Vec::new() }
    }

    /// Whether items are shown through the typed model (a table, names, `--json`) rather than as received.
    pub fn shows_view(&self) -> bool {
        self.picked.is_some() || self.table_or_names()
    }

    /// Whether items are shown as a table or as names (never with `--json`).
    fn table_or_names(&self) -> bool {
        self.jq.is_none() && self.picked.is_none() && matches!(self.format, Format::Table | Format::Name)
    }
}

pub struct ListWriter<'o, 'p> {
    output: &'o Output<'p>,
    streaming: bool,
    /// What `finish` prints: the records as received (their texts), or their typed views for a table.
    raws: Vec<String>,
    views: Vec<Value>,
}

impl ListWriter<'_, '_> {
    pub fn push<R: Record>(&mut self, page: &[R]) -> Result<()> {
        let output = self.output;
        if !self.streaming {
            if output.table_or_names() {
                self.views.extend(page.iter().map(|r| fields::held(r.view(), &output.holds)));
            } else {
                for item in page {
                    match output.picked_text(item)? {
                        Some(text) => self.raws.push(text.get().to_string()),
                        None => self.raws.push(item.raw().get().to_string()),
                    }
                }
            }
            return Ok(());
        }
        let mut text = String::with_capacity(page.len() * 256);
        for item in page {
            match (output.format, output.picked_text(item)?) {
                (_, Some(picked)) => text.push_str(&exact::compact_json(&picked)?),
                (Format::Name, None) => text.push_str(&name_of(&item.view())?),
                (_, None) => text.push_str(&exact::compact_json(&item.raw())?),
            }
            text.push('\n');
        }
        output.printer.data(text.as_bytes())
    }

    pub fn finish(self) -> Result<()> {
        if self.streaming {
            return Ok(());
        }
        let output = self.output;
        if output.table_or_names() && output.format == Format::Table {
            if self.views.is_empty() {
                // Not even a header: "no items" goes to stderr (the caller says it).
                return Ok(());
            }
            let columns = output.shape.shown(&self.views, &output.holds);
            return output.printer.data(table::rows(&self.views, &columns, output.printer).as_bytes());
        }
        // Tables aside, a list that is not streamed prints its items as received, or their `--json` fields.
        let all = RawValue::from_string(format!("[{}]", self.raws.join(",")))
            .map_err(|e| Error::failed(format!("cannot print the list: {e}")))?;
        output.printer.data(&output.render_parts(&all, || Value::Array(Vec::new()))?)
    }
}

/// The resource name of an item: `name`, else `source_name` (connections), else `regulate_id`, control
/// characters escaped. An answer without one is an error, never an empty line.
fn name_of(value: &Value) -> Result<String> {
    let name = ["name", "source_name", "regulate_id"]
        .iter()
        .find_map(|k| value.get(k).and_then(Value::as_str))
        .filter(|name| !name.is_empty())
        .ok_or_else(|| Error::failed("the answer has no resource name to print with -o name; use -o json"))?;
    Ok(super::escape_control(&crate::wire::filter::canonical_name(name)).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn formats_parse_case_insensitively() {
        assert_eq!(Format::parse("JSON"), Some(Format::Json));
        assert_eq!(Format::parse("xml"), None);
    }

    #[test]
    fn jq_outputs_follow_yaml() {
        let printer = Printer::plain();
        let jq = Jq::compile(".[] | {n: .name}").unwrap();
        let output = Output::new(&printer, Format::Yaml, Some(jq), table::ANY);
        let value = json!([{"name": "a"}, {"name": "b"}]);
        assert_eq!(String::from_utf8(output.render(&value).unwrap()).unwrap(), "n: a\n---\nn: b\n");
        let output = Output::new(&printer, Format::Json, Some(Jq::compile(".[].name").unwrap()), table::ANY);
        assert_eq!(String::from_utf8(output.render(&value).unwrap()).unwrap(), "a\nb\n");
    }

    #[test]
    fn a_received_record_prints_its_numbers_as_sent_in_every_format() {
        let printer = Printer::plain();
        let text = r#"{"name":"workspaces/w","a":1e2,"b":1.50,"c":-0,"d":123456789012345678901234}"#;
        let record: Received<crate::wire::Workspace> = serde_json::from_str(text).unwrap();
        let render = |format, jq: Option<&str>| {
            let output = Output::new(&printer, format, jq.map(|code| Jq::compile(code).unwrap()), table::ANY);
            String::from_utf8(output.render(&record).unwrap()).unwrap()
        };
        assert_eq!(render(Format::Ndjson, None), format!("{text}\n"));
        assert_eq!(
            render(Format::Json, None),
            "{\n  \"name\": \"workspaces/w\",\n  \"a\": 1e2,\n  \"b\": 1.50,\n  \"c\": -0,\n  \"d\": \
             123456789012345678901234\n}\n"
        );
        assert_eq!(
            render(Format::Yaml, None),
            "name: workspaces/w\na: 1e2\nb: 1.50\nc: -0\nd: 123456789012345678901234\n"
        );
        assert_eq!(render(Format::Json, Some(".b, .d")), "1.50\n123456789012345678901234\n");
    }

    #[test]
    fn yaml_and_names() {
        assert_eq!(exact::yaml(&json!({"a": [1, "x"]}).to_string()).unwrap(), "a:\n- 1\n- x\n");
        assert_eq!(name_of(&json!({"name": "workspaces/w"})).unwrap(), "workspaces/w");
        assert_eq!(name_of(&json!({"source_name": "s\n"})).unwrap(), "s\\n");
        assert!(name_of(&json!({})).is_err() && name_of(&json!({"name": ""})).is_err());
    }
}
