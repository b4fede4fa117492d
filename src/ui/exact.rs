//! JSON text printed as it was written. A parsed number forgets how it was spelled (`1e2` becomes `100.0`, `1.50`
//! `1.5`, `-0` `-0.0`, an integer beyond 64 bits a rounded double), and what `-o json`, `ndjson`, `yaml` and `--jq`
//! print is the service's answer unchanged (docs/reference/commands.md, "Resource commands"). So they print from the
//! text: each number exactly as written, strings and layout as serde_json writes them (one form for the Scrubber and
//! the control escapes to see).

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::value::RawValue;

use crate::error::{Error, Result};

/// The deepest nesting printed: what seg reads of a service's answer (`wire::text::DEPTH`). A text read only in part
/// (a record kept as received, the fields seg does not read skipped) is measured here, as it is printed.
const MAX_DEPTH: usize = crate::wire::text::DEPTH;

/// A JSON document whose numbers keep their text (what YAML is written from).
#[derive(Debug)]
enum Node {
    Null,
    Bool(bool),
    /// As spelled.
    Number(String),
    String(String),
    Array(Vec<Node>),
    Object(Vec<(String, Node)>),
}

/// `text` indented as `-o json` prints a document (DEL and C1 escaped as `ui::escape_json_controls` does).
pub fn pretty(text: &str) -> Result<String> {
    write(text, Some(INDENT))
}

/// `text` on one line, as `-o ndjson` prints a record (controls escaped likewise).
pub fn compact(text: &str) -> Result<String> {
    write(text, None)
}

/// A JSON text on one line, as [`compact`] writes it. A text already so written (no space between tokens, no
/// escape in a string, nothing to escape for a terminal: what a service usually sends) is that text, passed over
/// once and not read token by token; it is JSON, being a `RawValue`.
pub fn compact_json(raw: &RawValue) -> Result<String> {
    if written_compact(raw.get()) { Ok(raw.get().to_string()) } else { compact(raw.get()) }
}

/// Whether JSON text is as [`compact`] writes it: no whitespace outside strings, no backslash in one (serde_json
/// writes some escapes otherwise), no DEL or C1 byte (escaped for a terminal; `0xC2` starts every C1 character and
/// some others, which take the slow way), and nested no deeper than [`compact`] reads.
fn written_compact(text: &str) -> bool {
    let mut in_string = false;
    let mut depth = 0usize;
    for &byte in text.as_bytes() {
        if in_string {
            match byte {
                b'"' => in_string = false,
                b'\\' | 0x7f | 0xc2 => return false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b' ' | b'\t' | b'\n' | b'\r' => return false,
            b'[' | b'{' => {
                depth += 1;
                if depth >= MAX_DEPTH {
                    return false;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    true
}

/// The indentation of `-o json`, serde_json's.
const INDENT: &str = "  ";

/// `text` written as it is read, token by token (no document is built): on one line, or indented as
/// serde_json's pretty printer lays it out.
fn write(text: &str, indent: Option<&'static str>) -> Result<String> {
    let mut writer = Writer { out: String::with_capacity(text.len() + text.len() / 4), indent, depth: 0 };
    read(text, &mut writer)?;
    Ok(super::escape_json_controls(writer.out))
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
                let placeholder: String = text.chars().map(encoded).collect();
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
            Node::Null => serializer.serialize_unit(),
            Node::Bool(b) => serializer.serialize_bool(*b),
            Node::String(s) => serializer.serialize_str(s),
        }
    }
}

/// What the reader meets in a document, in order. Each token comes as the text it was written with.
trait Sink {
    /// `null`, `true`, `false` or a number.
    fn scalar(&mut self, text: &str) -> Result<()>;
    /// A string, quotes included, as written (its escapes checked).
    fn string(&mut self, token: &str) -> Result<()>;
    /// `[` or `{`.
    fn open(&mut self, bracket: u8);
    /// The next element of the array or member of the object just opened (`key`: the member's name, as written).
    fn item(&mut self, key: Option<&str>) -> Result<()>;
    /// `]` or `}`, after `items` elements or members.
    fn close(&mut self, bracket: u8, items: usize);
}

/// Reads JSON text, keeping each number's text, into a sink. Anything that is not one JSON document is an error
/// (the texts printed here were read by serde_json first; this is the check that they still are).
fn read(text: &str, sink: &mut impl Sink) -> Result<()> {
    let mut reader = Reader { text, at: 0 };
    reader.value(0, sink)?;
    reader.space();
    if reader.at != text.len() {
        return Err(reader.invalid());
    }
    Ok(())
}

/// `text` as a tree.
fn parse(text: &str) -> Result<Node> {
    let mut tree = Tree { open: Vec::new(), done: None };
    read(text, &mut tree)?;
    tree.done.ok_or_else(|| Error::failed("cannot print the answer: no JSON"))
}

struct Reader<'t> {
    text: &'t str,
    at: usize,
}

impl<'t> Reader<'t> {
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

    fn value(&mut self, depth: usize, sink: &mut impl Sink) -> Result<()> {
        self.space();
        let rest = &self.text[self.at..];
        if let Some(word) = ["null", "true", "false"].into_iter().find(|w| rest.starts_with(w)) {
            self.at += word.len();
            return sink.scalar(word);
        }
        match self.peek() {
            Some(b'"') => {
                let token = self.string()?;
                sink.string(token)
            }
            Some(b'[' | b'{') if depth >= MAX_DEPTH => Err(Error::failed(format!(
                "cannot print the answer: it is nested too deep (deeper than {MAX_DEPTH} levels)"
            ))),
            Some(bracket @ (b'[' | b'{')) => {
                let close = if bracket == b'[' { b']' } else { b'}' };
                self.at += 1;
                sink.open(bracket);
                let mut items = 0;
                if !self.eat(close) {
                    loop {
                        let key = if bracket == b'{' {
                            self.space();
                            if self.peek() != Some(b'"') {
                                return Err(self.invalid());
                            }
                            let key = self.string()?;
                            if !self.eat(b':') {
                                return Err(self.invalid());
                            }
                            Some(key)
                        } else {
                            None
                        };
                        sink.item(key)?;
                        self.value(depth + 1, sink)?;
                        items += 1;
                        if self.eat(close) {
                            break;
                        }
                        if !self.eat(b',') {
                            return Err(self.invalid());
                        }
                    }
                }
                sink.close(close, items);
                Ok(())
            }
            Some(b'-' | b'0'..=b'9') => {
                let len =
                    rest.find(|c: char| !matches!(c, '0'..='9' | '-' | '+' | '.' | 'e' | 'E')).unwrap_or(rest.len());
                let number = &rest[..len];
                serde_json::from_str::<&RawValue>(number).map_err(|_| self.invalid())?;
                self.at += len;
                sink.scalar(number)
            }
            _ => Err(self.invalid()),
        }
    }

    /// A string token from its opening quote to its closing one; one with escapes is checked by serde_json, one
    /// without must hold no control character.
    fn string(&mut self) -> Result<&'t str> {
        let bytes = self.text.as_bytes();
        let start = self.at;
        let mut end = start + 1;
        let mut escaped = false;
        while end < bytes.len() && bytes[end] != b'"' {
            if bytes[end] < 0x20 {
                return Err(self.invalid());
            }
            escaped |= bytes[end] == b'\\';
            end += if bytes[end] == b'\\' { 2 } else { 1 };
        }
        if end >= bytes.len() {
            return Err(self.invalid());
        }
        let token = &self.text[start..=end];
        if escaped {
            serde_json::from_str::<String>(token).map_err(|_| self.invalid())?;
        }
        self.at = end + 1;
        Ok(token)
    }
}

/// A string token's text: as written when it has no escape (serde_json writes such a string alike), else decoded.
fn unquoted(token: &str) -> Result<std::borrow::Cow<'_, str>> {
    if token.contains('\\') {
        serde_json::from_str::<String>(token).map(Into::into).map_err(|e| Error::failed(format!("{e}")))
    } else {
        Ok(token[1..token.len() - 1].into())
    }
}

/// Writes the document as it is read: numbers as spelled, strings as serde_json writes them, laid out on one line
/// or indented.
struct Writer {
    out: String,
    indent: Option<&'static str>,
    depth: usize,
}

impl Writer {
    fn newline(&mut self) {
        if let Some(indent) = self.indent {
            self.out.push('\n');
            for _ in 0..self.depth {
                self.out.push_str(indent);
            }
        }
    }
}

impl Sink for Writer {
    fn scalar(&mut self, text: &str) -> Result<()> {
        self.out.push_str(text);
        Ok(())
    }

    fn string(&mut self, token: &str) -> Result<()> {
        if !token.contains('\\') {
            self.out.push_str(token);
            return Ok(());
        }
        let written = serde_json::to_string(unquoted(token)?.as_ref())
            .map_err(|e| Error::failed(format!("cannot write JSON: {e}")))?;
        self.out.push_str(&written);
        Ok(())
    }

    fn open(&mut self, bracket: u8) {
        self.out.push(char::from(bracket));
        self.depth += 1;
    }

    fn item(&mut self, key: Option<&str>) -> Result<()> {
        if !matches!(self.out.as_bytes().last(), Some(b'[' | b'{')) {
            self.out.push(',');
        }
        self.newline();
        if let Some(key) = key {
            self.string(key)?;
            self.out.push_str(if self.indent.is_some() { ": " } else { ":" });
        }
        Ok(())
    }

    fn close(&mut self, bracket: u8, items: usize) {
        self.depth -= 1;
        if items > 0 {
            self.newline();
        }
        self.out.push(char::from(bracket));
    }
}

/// Builds the tree of a document as it is read.
struct Tree {
    /// The arrays and objects open, innermost last; an object's last member is the one being read.
    open: Vec<Node>,
    /// The document, once read.
    done: Option<Node>,
}

impl Tree {
    fn add(&mut self, node: Node) {
        match self.open.last_mut() {
            Some(Node::Array(items)) => items.push(node),
            Some(Node::Object(entries)) => {
                if let Some(entry) = entries.last_mut() {
                    entry.1 = node;
                }
            }
            _ => self.done = Some(node),
        }
    }
}

impl Sink for Tree {
    fn scalar(&mut self, text: &str) -> Result<()> {
        let node = match text {
            "null" => Node::Null,
            "true" => Node::Bool(true),
            "false" => Node::Bool(false),
            number => Node::Number(number.to_string()),
        };
        self.add(node);
        Ok(())
    }

    fn string(&mut self, token: &str) -> Result<()> {
        let text = unquoted(token)?.into_owned();
        self.add(Node::String(text));
        Ok(())
    }

    fn open(&mut self, bracket: u8) {
        let node = if bracket == b'[' { Node::Array(Vec::new()) } else { Node::Object(Vec::new()) };
        self.open.push(node);
    }

    fn item(&mut self, key: Option<&str>) -> Result<()> {
        if let (Some(key), Some(Node::Object(entries))) = (key, self.open.last_mut()) {
            entries.push((unquoted(key)?.into_owned(), Node::Null));
        }
        Ok(())
    }

    fn close(&mut self, _: u8, _: usize) {
        if let Some(node) = self.open.pop() {
            self.add(node);
        }
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
    fn layout_and_strings_are_serde_jsons() {
        // Where no number's spelling is at stake, the text written is what serde_json writes from the parsed value.
        let documents = [
            r#"{}"#,
            r#"[]"#,
            r#" { "a" : [ ] , "b" : { } , "c" : [ { } , [ [ ] ] ] } "#,
            r#"{"s":"quote \" slash \/ \\ tab \t nl \n \u0001 \u00e9 \ud83d\ude00 \u2028","k\u0041":"plain é 😀"}"#,
            "[null,true,false,\"\",{\"\":[1,2,{\"x\":null}]}]",
            r#"{"nested":{"deeper":{"list":[1,[2,[3]],{"k":"v"}]}}}"#,
            "\"only a string\"",
            "\t\r\n [ 1 ,\n 2 ]\n",
        ];
        for text in documents {
            let value: serde_json::Value = serde_json::from_str(text).unwrap();
            assert_eq!(compact(text).unwrap(), serde_json::to_string(&value).unwrap(), "{text}");
            assert_eq!(pretty(text).unwrap(), serde_json::to_string_pretty(&value).unwrap(), "{text}");
        }
    }

    #[test]
    fn a_text_already_compact_is_passed_over_alike() {
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        let texts = [
            SPELLINGS.to_string(),
            r#"{"a":[1,{"b":"two words"}],"c":"x\u00e9"}"#.to_string(),
            r#"{"a": 1}"#.to_string(),
            "{\"del\":\"\u{7f}\",\"c1\":\"\u{85}\",\"latin\":\"\u{a3}\"}".to_string(),
            r#"{"k":"plain","n":-0.0e+1,"t":[true,false,null]}"#.to_string(),
            deep(MAX_DEPTH - 1),
            deep(MAX_DEPTH),
            deep(MAX_DEPTH + 5),
        ];
        for text in texts {
            let raw = RawValue::from_string(text.clone()).unwrap();
            match (compact_json(&raw), compact(&text)) {
                (Ok(fast), Ok(slow)) => assert_eq!(fast, slow, "{text}"),
                (Err(fast), Err(slow)) => assert_eq!(fast.to_string(), slow.to_string()),
                (fast, slow) => panic!("{text}: {fast:?} against {slow:?}"),
            }
        }
        assert!(written_compact(r#"{"a":[1,"b c"]}"#) && !written_compact("[1, 2]") && !written_compact(r#"["\n"]"#));
    }

    #[test]
    fn what_is_not_json_is_refused() {
        for bad in [
            "",
            "{",
            "[1,]",
            "{\"a\" 1}",
            "1 2",
            "01",
            "-",
            "\"open",
            "nul",
            "{1: 2}",
            "\"a\u{1}b\"",
            "\"\\x\"",
            "[1}",
            "{\"a\":1]",
        ] {
            assert!(compact(bad).is_err(), "{bad:?}");
        }
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert!(compact(&deep).unwrap_err().to_string().contains(&format!("deeper than {MAX_DEPTH}")));
    }
}
