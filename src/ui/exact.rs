//! JSON text printed as it was written. A parsed number forgets how it was spelled (`1e2` becomes `100.0`, `1.50`
//! `1.5`, `-0` `-0.0`, an integer beyond 64 bits a rounded double), and what `-o json`, `ndjson`, `yaml` and `--jq`
//! print is the service's answer unchanged (CLI.md, "Resource commands"). So they print from the text: each number
//! exactly as written, strings and layout as serde_json writes them (one form for the Scrubber and the control
//! escapes to see).

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::value::RawValue;

use crate::error::{Error, Result};

/// The deepest nesting read: serde_json's own limit, which every text printed here has already passed.
const MAX_DEPTH: usize = 128;

/// A JSON document whose numbers keep their text.
#[derive(Debug)]
enum Node {
    Null,
    Bool(bool),
    Number(Box<RawValue>),
    String(String),
    Array(Vec<Node>),
    Object(Vec<(String, Node)>),
}

/// `text` indented as `-o json` prints a document (DEL and C1 escaped as `ui::escape_json_controls` does).
pub fn pretty(text: &str) -> Result<String> {
    let node = parse(text)?;
    let out = serde_json::to_string_pretty(&node).map_err(|e| Error::failed(format!("cannot write JSON: {e}")))?;
    Ok(super::escape_json_controls(out))
}

/// `text` on one line, as `-o ndjson` prints a record (controls escaped likewise).
pub fn compact(text: &str) -> Result<String> {
    let node = parse(text)?;
    let out = serde_json::to_string(&node).map_err(|e| Error::failed(format!("cannot write JSON: {e}")))?;
    Ok(super::escape_json_controls(out))
}

/// `text` as a YAML document, each number a plain scalar spelled as in the JSON (every JSON number is a YAML 1.2
/// number). serde_yaml_ng writes the document; a number goes through it as a placeholder that no string of the
/// document contains, and takes its own text back afterwards.
pub fn yaml(text: &str) -> Result<String> {
    let node = parse(text)?;
    let mut strings = Vec::new();
    node.strings(&mut strings);
    let prefix = (0u32..)
        .map(|n| format!("xsegnumber{n}q"))
        .find(|prefix| !strings.iter().any(|s| s.contains(prefix.as_str())))
        .unwrap_or_default();
    let written = serde_yaml_ng::to_string(&Yaml { node: &node, prefix: &prefix })
        .map_err(|e| Error::failed(format!("cannot write YAML: {e}")))?;
    let mut out = String::with_capacity(written.len());
    let mut rest = written.as_str();
    while let Some(at) = rest.find(prefix.as_str()) {
        out.push_str(&rest[..at]);
        let after = &rest[at + prefix.len()..];
        let end = after.find('_').ok_or_else(|| Error::failed("cannot write YAML: a number was cut"))?;
        out.extend(after[..end].chars().map(decoded));
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The characters of a number in a placeholder, each kept plain for YAML (`1.5e-3` is `1d5em3`).
fn encoded(c: char) -> char {
    match c {
        '.' => 'd',
        '-' => 'm',
        '+' => 'p',
        'E' => 'x',
        other => other,
    }
}

fn decoded(c: char) -> char {
    match c {
        'd' => '.',
        'm' => '-',
        'p' => '+',
        'x' => 'E',
        other => other,
    }
}

impl Node {
    /// Every key and string, for a placeholder that none of them contains.
    fn strings<'a>(&'a self, out: &mut Vec<&'a str>) {
        match self {
            Node::String(s) => out.push(s),
            Node::Array(items) => items.iter().for_each(|item| item.strings(out)),
            Node::Object(entries) => {
                for (key, value) in entries {
                    out.push(key);
                    value.strings(out);
                }
            }
            _ => {}
        }
    }
}

impl Serialize for Node {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            Node::Null => serializer.serialize_unit(),
            Node::Bool(b) => serializer.serialize_bool(*b),
            // serde_json writes a raw value's text as it is.
            Node::Number(text) => text.serialize(serializer),
            Node::String(s) => serializer.serialize_str(s),
            Node::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Node::Object(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (key, value) in entries {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

/// A node for serde_yaml_ng: numbers as their placeholders.
struct Yaml<'a> {
    node: &'a Node,
    prefix: &'a str,
}

impl Serialize for Yaml<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let prefix = self.prefix;
        match self.node {
            Node::Number(text) => {
                let placeholder: String = text.get().chars().map(encoded).collect();
                serializer.serialize_str(&format!("{prefix}{placeholder}_"))
            }
            Node::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for node in items {
                    seq.serialize_element(&Yaml { node, prefix })?;
                }
                seq.end()
            }
            Node::Object(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (key, node) in entries {
                    map.serialize_entry(key, &Yaml { node, prefix })?;
                }
                map.end()
            }
            other => other.serialize(serializer),
        }
    }
}

/// Reads JSON text keeping each number's text. Anything that is not one JSON document is an error (the texts
/// printed here were read by serde_json first; this is the check that they still are).
fn parse(text: &str) -> Result<Node> {
    let mut reader = Reader { text, at: 0 };
    let node = reader.value(0)?;
    reader.space();
    if reader.at != text.len() {
        return Err(reader.invalid());
    }
    Ok(node)
}

struct Reader<'t> {
    text: &'t str,
    at: usize,
}

impl Reader<'_> {
    fn invalid(&self) -> Error {
        Error::failed(format!("cannot print the answer: not valid JSON at byte {}", self.at))
    }

    fn space(&mut self) {
        let rest = &self.text[self.at..];
        self.at += rest.len() - rest.trim_start_matches([' ', '\t', '\n', '\r']).len();
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        self.space();
        let found = self.peek() == Some(byte);
        if found {
            self.at += 1;
        }
        found
    }

    fn value(&mut self, depth: usize) -> Result<Node> {
        self.space();
        let rest = &self.text[self.at..];
        let word = |w: &str, node: Node| rest.starts_with(w).then_some((w.len(), node));
        if let Some((len, node)) = word("null", Node::Null)
            .or_else(|| word("true", Node::Bool(true)))
            .or_else(|| word("false", Node::Bool(false)))
        {
            self.at += len;
            return Ok(node);
        }
        match self.peek() {
            Some(b'"') => Ok(Node::String(self.string()?)),
            Some(b'[' | b'{') if depth >= MAX_DEPTH => {
                Err(Error::failed(format!("cannot print the answer: it nests deeper than {MAX_DEPTH} levels")))
            }
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                if self.eat(b']') {
                    return Ok(Node::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    if self.eat(b']') {
                        return Ok(Node::Array(items));
                    }
                    if !self.eat(b',') {
                        return Err(self.invalid());
                    }
                }
            }
            Some(b'{') => {
                self.at += 1;
                let mut entries = Vec::new();
                if self.eat(b'}') {
                    return Ok(Node::Object(entries));
                }
                loop {
                    self.space();
                    if self.peek() != Some(b'"') {
                        return Err(self.invalid());
                    }
                    let key = self.string()?;
                    if !self.eat(b':') {
                        return Err(self.invalid());
                    }
                    entries.push((key, self.value(depth + 1)?));
                    if self.eat(b'}') {
                        return Ok(Node::Object(entries));
                    }
                    if !self.eat(b',') {
                        return Err(self.invalid());
                    }
                }
            }
            Some(b'-' | b'0'..=b'9') => {
                let len =
                    rest.find(|c: char| !matches!(c, '0'..='9' | '-' | '+' | '.' | 'e' | 'E')).unwrap_or(rest.len());
                let number = RawValue::from_string(rest[..len].to_string()).map_err(|_| self.invalid())?;
                self.at += len;
                Ok(Node::Number(number))
            }
            _ => Err(self.invalid()),
        }
    }

    /// A string from its opening quote to its closing one, decoded by serde_json.
    fn string(&mut self) -> Result<String> {
        let bytes = self.text.as_bytes();
        let start = self.at;
        let mut end = start + 1;
        while end < bytes.len() && bytes[end] != b'"' {
            end += if bytes[end] == b'\\' { 2 } else { 1 };
        }
        if end >= bytes.len() {
            return Err(self.invalid());
        }
        let decoded = serde_json::from_str(&self.text[start..=end]).map_err(|_| self.invalid())?;
        self.at = end + 1;
        Ok(decoded)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPELLINGS: &str = r#"{"b":1e2,"a":[1.50,-0,123456789012345678901234,1E+2,0.1000000000000000055511151231257827],"s":"1e2 \u00e9\n","t":true,"n":null,"o":{}}"#;

    #[test]
    fn numbers_keep_their_spelling_in_every_form() {
        assert_eq!(
            compact(SPELLINGS).unwrap(),
            r#"{"b":1e2,"a":[1.50,-0,123456789012345678901234,1E+2,0.1000000000000000055511151231257827],"s":"1e2 é\n","t":true,"n":null,"o":{}}"#
        );
        assert_eq!(pretty(" [ 1e2 , {\"x\" : -0.0} ] ").unwrap(), "[\n  1e2,\n  {\n    \"x\": -0.0\n  }\n]");
        assert_eq!(
            yaml(SPELLINGS).unwrap(),
            "b: 1e2\na:\n- 1.50\n- -0\n- 123456789012345678901234\n- 1E+2\n- 0.1000000000000000055511151231257827\n\
             s: |\n  1e2 é\nt: true\nn: null\no: {}\n"
        );
        assert_eq!(yaml("7").unwrap(), "7\n");
    }

    #[test]
    fn a_string_never_becomes_a_number() {
        // A string that holds the placeholder's text makes the placeholder another.
        let text = r#"{"k":"xsegnumber0q1_","n":2.50}"#;
        assert_eq!(yaml(text).unwrap(), "k: xsegnumber0q1_\nn: 2.50\n");
        assert_eq!(yaml(r#"["5", 5]"#).unwrap(), "- '5'\n- 5\n");
    }

    #[test]
    fn what_is_not_json_is_refused() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "1 2", "01", "-", "\"open", "nul", "{1: 2}"] {
            assert!(compact(bad).is_err(), "{bad:?}");
        }
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert!(compact(&deep).unwrap_err().to_string().contains("deeper than 128"));
    }
}
