//! Result formats (`-o`): `table` for people, `json`, `ndjson`, `yaml` and `name` for scripts. The same format
//! gives the same bytes on a terminal and in a pipe (a table only fits itself to the terminal's width). `ndjson`
//! and `name` print each page of a list as it arrives; the others print once the list is complete. `--jq` runs
//! over the whole result, never per page.

use serde_json::Value;

use super::Printer;
use super::jq::{self, Jq};
use super::table::{self, Column};
use crate::error::{Error, Result};

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

    /// One result document (a resource, an answer).
    pub fn value(&self, value: &Value) -> Result<()> {
        self.printer.data(&self.render(value)?)
    }

    /// One result document that carries the only copy of `secret` (a new token): whether the bytes printed show it,
    /// so a caller can say it on stderr when the format or `--jq` left it out.
    pub fn value_showing(&self, value: &Value, secret: &str) -> Result<bool> {
        let bytes = self.render(value)?;
        self.printer.data(&bytes)?;
        Ok(String::from_utf8_lossy(&bytes).contains(secret))
    }

    fn render(&self, value: &Value) -> Result<Vec<u8>> {
        if let Some(jq) = &self.jq {
            let mut text = String::new();
            for out in jq.run(value)? {
                text.push_str(&jq::line(&out));
                text.push('\n');
            }
            return Ok(text.into_bytes());
        }
        let line = |text: String| format!("{text}\n").into_bytes();
        Ok(match self.format {
            Format::Json => line(pretty(value)),
            Format::Ndjson => line(value.to_string()),
            Format::Yaml => yaml(value)?.into_bytes(),
            Format::Name => line(name_of(value)?),
            Format::Table => table::fields(value, self.printer).into_bytes(),
        })
    }

    /// A writer for a list that arrives page by page.
    pub fn list(&self) -> ListWriter<'_, 'p> {
        let streaming = self.jq.is_none() && matches!(self.format, Format::Ndjson | Format::Name);
        ListWriter { output: self, streaming, items: Vec::new() }
    }
}

pub struct ListWriter<'o, 'p> {
    output: &'o Output<'p>,
    streaming: bool,
    items: Vec<Value>,
}

impl ListWriter<'_, '_> {
    pub fn push(&mut self, page: Vec<Value>) -> Result<()> {
        if !self.streaming {
            self.items.extend(page);
            return Ok(());
        }
        let mut text = String::with_capacity(page.len() * 256);
        for item in &page {
            match self.output.format {
                Format::Name => text.push_str(&name_of(item)?),
                _ => text.push_str(&item.to_string()),
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

pub fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string())
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
    fn yaml_and_names() {
        assert_eq!(yaml(&json!({"a": [1, "x"]})).unwrap(), "a:\n- 1\n- x\n");
        assert_eq!(name_of(&json!({"name": "workspaces/w"})).unwrap(), "workspaces/w");
        assert_eq!(name_of(&json!({"source_name": "s\n"})).unwrap(), "s\\n");
        assert!(name_of(&json!({})).is_err() && name_of(&json!({"name": ""})).is_err());
    }
}
