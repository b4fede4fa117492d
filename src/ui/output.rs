//! Result formats (`-o`): `table` for people, `json`, `ndjson`, `yaml` and `name` for scripts. The same format
//! gives the same bytes on a terminal and in a pipe (a table only fits itself to the terminal's width). `ndjson`
//! and `name` print each page of a list as it arrives; the others print once the list is complete. `--jq` runs
//! over the whole result, never per page.

use serde_json::Value;

use super::Printer;
use super::jq::{self, Jq};
use super::table::{self, Column};
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
    /// The answer as received.
    fn raw(&self) -> &Value;
    /// The typed reading: every field the model knows, with defaults for those the service left out.
    fn view(&self) -> Value;
}

impl<T: serde::Serialize> Record for Received<T> {
    fn raw(&self) -> &Value {
        &self.raw
    }

    fn view(&self) -> Value {
        serde_json::to_value(&self.typed).unwrap_or_else(|_| self.raw.clone())
    }
}

impl Record for Value {
    fn raw(&self) -> &Value {
        self
    }

    fn view(&self) -> Value {
        self.clone()
    }
}

pub struct Output<'p> {
    printer: &'p Printer,
    format: Format,
    jq: Option<Jq>,
    columns: &'static [Column],
}

impl<'p> Output<'p> {
    pub fn new(printer: &'p Printer, format: Format, jq: Option<Jq>, columns: &'static [Column]) -> Self {
        Output { printer, format, jq, columns }
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// One result document of seg's own (a plan, a report).
    pub fn value(&self, value: &Value) -> Result<()> {
        self.record(value)
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
        if let Some(jq) = &self.jq {
            let outputs = jq.run(record.raw())?;
            // With -o yaml each output is a YAML document; otherwise a line as `gh --jq` prints it.
            if self.format == Format::Yaml {
                let documents = outputs.iter().map(yaml).collect::<Result<Vec<_>>>()?;
                return Ok(documents.join("---\n").into_bytes());
            }
            let mut text = String::new();
            for out in outputs {
                text.push_str(&jq::line(&out));
                text.push('\n');
            }
            return Ok(text.into_bytes());
        }
        let line = |text: String| format!("{text}\n").into_bytes();
        Ok(match self.format {
            Format::Json => line(pretty(record.raw())),
            Format::Ndjson => line(super::escape_json_controls(record.raw().to_string())),
            Format::Yaml => yaml(record.raw())?.into_bytes(),
            Format::Name => line(name_of(&record.view())?),
            Format::Table => table::fields(&record.view(), self.printer).into_bytes(),
        })
    }

    /// A writer for a list that arrives page by page.
    pub fn list(&self) -> ListWriter<'_, 'p> {
        let streaming = self.jq.is_none() && matches!(self.format, Format::Ndjson | Format::Name);
        ListWriter { output: self, streaming, items: Vec::new() }
    }

    /// Whether items are shown through the typed model (a table, names) rather than as received.
    fn shows_view(&self) -> bool {
        self.jq.is_none() && matches!(self.format, Format::Table | Format::Name)
    }
}

pub struct ListWriter<'o, 'p> {
    output: &'o Output<'p>,
    streaming: bool,
    /// What `finish` prints: the records as received, or their typed views for a table.
    items: Vec<Value>,
}

impl ListWriter<'_, '_> {
    pub fn push<R: Record>(&mut self, page: &[R]) -> Result<()> {
        if !self.streaming {
            let view = self.output.shows_view();
            self.items.extend(page.iter().map(|r| if view { r.view() } else { r.raw().clone() }));
            return Ok(());
        }
        let mut text = String::with_capacity(page.len() * 256);
        for item in page {
            match self.output.format {
                Format::Name => text.push_str(&name_of(&item.view())?),
                _ => text.push_str(&super::escape_json_controls(item.raw().to_string())),
            }
            text.push('\n');
        }
        self.output.printer.data(text.as_bytes())
    }

    pub fn finish(self) -> Result<()> {
        if self.streaming {
            return Ok(());
        }
        let all = Value::Array(self.items);
        if self.output.jq.is_some() {
            return self.output.value(&all);
        }
        match self.output.format {
            Format::Table => {
                let Value::Array(items) = &all else { unreachable!("built as an array") };
                if items.is_empty() {
                    // Not even a header: "no items" goes to stderr (the caller says it).
                    return Ok(());
                }
                self.output.printer.data(table::rows(items, self.output.columns, self.output.printer).as_bytes())
            }
            _ => self.output.value(&all),
        }
    }
}

/// `-o json`: indented, with DEL and C1 escaped as serde_json escapes C0 (`ui::escape_json_controls`).
pub fn pretty(value: &Value) -> String {
    super::escape_json_controls(serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string()))
}

fn yaml(value: &Value) -> Result<String> {
    serde_yaml_ng::to_string(value).map_err(|e| Error::failed(format!("cannot write YAML: {e}")))
}

/// The resource name of an item: `name`, else `source_name` (connections), else `regulate_id`, control
/// characters escaped. An answer without one is an error, never an empty line.
fn name_of(value: &Value) -> Result<String> {
    let name = ["name", "source_name", "regulate_id"]
        .iter()
        .find_map(|k| value.get(k).and_then(Value::as_str))
        .filter(|name| !name.is_empty())
        .ok_or_else(|| Error::failed("the answer has no resource name to print with -o name; use -o json"))?;
    Ok(super::escape_control(name).into_owned())
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
        let output = Output::new(&printer, Format::Yaml, Some(jq), &[]);
        let value = json!([{"name": "a"}, {"name": "b"}]);
        assert_eq!(String::from_utf8(output.render(&value).unwrap()).unwrap(), "n: a\n---\nn: b\n");
        let output = Output::new(&printer, Format::Json, Some(Jq::compile(".[].name").unwrap()), &[]);
        assert_eq!(String::from_utf8(output.render(&value).unwrap()).unwrap(), "a\nb\n");
    }

    #[test]
    fn yaml_and_names() {
        assert_eq!(yaml(&json!({"a": [1, "x"]})).unwrap(), "a:\n- 1\n- x\n");
        assert_eq!(name_of(&json!({"name": "workspaces/w"})).unwrap(), "workspaces/w");
        assert_eq!(name_of(&json!({"source_name": "s\n"})).unwrap(), "s\\n");
        assert!(name_of(&json!({})).is_err() && name_of(&json!({"name": ""})).is_err());
    }
}
