//! A workspace file as written: its keys with their lines and columns, read with saphyr's event parser before the
//! typed reading (`file.rs`) takes the values. The checks that must name a place run here, on YAML and JSON alike
//! (JSON is YAML's flow style): a key given twice (both lines named: the typed reading would silently keep one), a
//! `$env` reference anywhere but inside a destination's `config` or naming anything but a `SEG_SECRET_` variable
//! (docs/reference/commands.md, "What a file and a plan can never do"), an alias (whose copy could carry a reference
//! out of `config`), nesting deeper than [`MAX_DEPTH`]. Messages name lines, columns and keys, never a value: the file
//! may be a link to a credentials file.

use std::collections::HashMap;

use saphyr_parser::{Event, Parser, ScalarStyle};

/// The deepest nesting a file may have: the one limit of every JSON body seg reads (`json::MAX_DEPTH`, the
/// same as serde_json's, which reads JSON files after this).
pub use crate::json::MAX_DEPTH;

/// The variables a `$env` reference may read.
pub const ENV_PREFIX: &str = "SEG_SECRET_";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pos {
    line: usize,
    col: usize,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {} column {}", self.line, self.col + 1)
    }
}

#[derive(Debug)]
enum Node {
    /// A scalar, and whether it is plain (unquoted: a number, when it reads as one).
    Scalar(String, bool),
    Seq(Vec<Node>),
    Map(Vec<(String, Pos, Node)>),
}

/// A collection being read.
enum Frame {
    Seq(Vec<Node>),
    Map { entries: Vec<(String, Pos, Node)>, key: Option<(String, Pos)> },
}

/// Where each key of a file stands, for the messages of later checks (a slug the service refuses, a rule of the
/// wrong shape): by the keys that lead to it. And the text of each plain scalar spelled as a JSON number, by the
/// keys (and list indices) that lead to it: YAML's reading of a number is a double, which would make
/// `0.1000000000000000055511151231257827` the `0.1` of the workspace (`WorkspaceFile::parse` puts the text back).
#[derive(Debug, Default)]
pub struct Places(HashMap<Vec<String>, Pos>, HashMap<Vec<String>, String>);

impl Places {
    /// `line L column C: ` of the first key named `key`, wherever it stands.
    pub fn of_key(&self, key: &str) -> Option<String> {
        let at = self.0.iter().filter(|(path, _)| path.last().is_some_and(|k| k == key)).map(|(_, pos)| *pos);
        at.min_by_key(|pos| (pos.line, pos.col)).map(|pos| format!("{pos}: "))
    }

    /// `line L column C: ` for the key at `path` (`["sources", "web"]`), or nothing when it is not known.
    pub fn at(&self, path: &[&str]) -> String {
        let path: Vec<String> = path.iter().map(|s| s.to_string()).collect();
        self.0.get(&path).map(|pos| format!("{pos}: ")).unwrap_or_default()
    }

    /// The text of the number at `path` as the file spells it, when it is a plain scalar in JSON's number syntax.
    pub fn number(&self, path: &[String]) -> Option<&str> {
        self.1.get(path).map(String::as_str)
    }
}

/// Whether a scalar is a number as JSON writes one (`-0.5e3`; not YAML's own forms: `.5`, `+1`, `0x1f`, `1_000`).
fn json_number(text: &str) -> bool {
    text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))
        && serde_json::from_str::<serde_json::Number>(text).is_ok()
}

/// Checks the structure of a file's text; the error names the line and column (and keys) of the first problem.
/// What it returns places the file's keys for the checks that follow.
pub fn check(text: &str) -> Result<Places, String> {
    let Some(root) = read(text)? else { return Ok(Places::default()) };
    let mut places = Places::default();
    walk(&root, &mut Vec::new(), &mut places)?;
    Ok(places)
}

/// Whether `name` is a variable a `$env` reference may name: `SEG_SECRET_` and upper-case letters, digits or `_`.
pub fn env_name_allowed(name: &str) -> bool {
    name.strip_prefix(ENV_PREFIX).is_some_and(|rest| {
        !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
    })
}

/// A key or name for a message: control characters escaped, at most 60 characters.
pub fn token(text: &str) -> String {
    crate::text::quoted(text)
}

/// The tree of the first document, built without recursion (the nesting is bounded as it is read).
fn read(text: &str) -> Result<Option<Node>, String> {
    let mut stack: Vec<Frame> = Vec::new();
    let mut root = None;
    let mut documents = 0;
    for event in Parser::new_from_str(text) {
        let (event, span) = event.map_err(|e| {
            let at = Pos { line: e.marker().line(), col: e.marker().col() };
            if e.info().contains("recursion limit") {
                // The parser's own bound on flow nesting: the same refusal as ours.
                return format!("{at}: {}", crate::json::too_deep());
            }
            format!("{at}: not valid YAML or JSON: {}", crate::ui::escape_control(e.info()))
        })?;
        let at = Pos { line: span.start.line(), col: span.start.col() };
        let node = match event {
            Event::DocumentStart(_) => {
                documents += 1;
                if documents > 1 {
                    return Err(format!("{at}: a second document; a workspace file is one document"));
                }
                continue;
            }
            Event::Alias(_) => {
                return Err(format!("{at}: an alias (*name); write the value out, a workspace file reads no aliases"));
            }
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(format!("{at}: {}", crate::json::too_deep()));
                }
                if let Some(Frame::Map { key: None, .. }) = stack.last() {
                    return Err(format!("{at}: a key must be a plain value, not a list or a map"));
                }
                stack.push(match event {
                    Event::SequenceStart(..) => Frame::Seq(Vec::new()),
                    _ => Frame::Map { entries: Vec::new(), key: None },
                });
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => match stack.pop() {
                Some(Frame::Seq(items)) => Node::Seq(items),
                Some(Frame::Map { entries, .. }) => Node::Map(entries),
                None => continue,
            },
            Event::Scalar(value, style, ..) => {
                if let Some(Frame::Map { key: key @ None, .. }) = stack.last_mut() {
                    *key = Some((value.into_owned(), at));
                    continue;
                }
                Node::Scalar(value.into_owned(), style == ScalarStyle::Plain)
            }
            _ => continue,
        };
        match stack.last_mut() {
            None => root = Some(node),
            Some(Frame::Seq(items)) => items.push(node),
            Some(Frame::Map { entries, key }) => {
                // A collection in a map always follows its key (a collection as a key is refused as it starts).
                let (key, key_at) = key.take().unwrap_or((String::new(), at));
                entries.push((key, key_at, node));
            }
        }
    }
    Ok(root)
}

/// The keys leading to a node, for messages: `sources.web.destinations`.
fn shown(path: &[String]) -> String {
    if path.is_empty() {
        return "the top level".into();
    }
    path.iter().map(|key| crate::ui::escape_control(key).into_owned()).collect::<Vec<_>>().join(".")
}

/// Whether a node at `path` may hold a `$env` reference: anywhere inside a destination's `config`
/// (`sources.S.destinations.D.config.KEY...`), a warehouse's `settings` (`warehouses.W.settings.KEY...`) or an
/// insert function instance's (`sources.S.destinations.D.insert_functions.F.settings.KEY...`).
fn in_config(path: &[String]) -> bool {
    let destination = path.len() >= 4 && path[0] == "sources" && path[2] == "destinations";
    (destination && path.len() >= 6 && path[4] == "config")
        || (destination && path.len() >= 8 && path[4] == "insert_functions" && path[6] == "settings")
        || (path.len() >= 4 && path[0] == "warehouses" && path[2] == "settings")
}

/// A header's value in a mapping's settings (`sources.S.destinations.D.mappings.M.settings.headers.NAME`).
fn in_mapping_headers(path: &[String]) -> bool {
    path.len() == 9
        && path[0] == "sources"
        && path[2] == "destinations"
        && path[4] == "mappings"
        && path[6] == "settings"
        && path[7] == "headers"
}

fn walk(node: &Node, path: &mut Vec<String>, places: &mut Places) -> Result<(), String> {
    match node {
        Node::Scalar(text, plain) => {
            if *plain && json_number(text) {
                places.1.insert(path.clone(), text.clone());
            }
            Ok(())
        }
        Node::Seq(items) => {
            for (index, item) in items.iter().enumerate() {
                path.push(index.to_string());
                let result = walk(item, path, places);
                path.pop();
                result?;
            }
            Ok(())
        }
        Node::Map(entries) => {
            for (i, (key, at, _)) in entries.iter().enumerate() {
                if let Some((_, first, _)) = entries[..i].iter().find(|(k, _, _)| k == key) {
                    return Err(format!(
                        "{at}: the key {} is given twice in {} (first at line {})",
                        token(key),
                        shown(path),
                        first.line
                    ));
                }
            }
            if let Some((_, at, value)) = entries.iter().find(|(key, _, _)| key == "$env") {
                return env_reference(entries.len(), value, *at, path);
            }
            for (key, at, value) in entries {
                path.push(key.clone());
                places.0.insert(path.clone(), *at);
                let result = walk(value, path, places);
                path.pop();
                result?;
            }
            Ok(())
        }
    }
}

/// A `{$env: NAME}` reference: the only key of its map, a name of a `SEG_SECRET_` variable, inside a destination's
/// `config`.
fn env_reference(keys: usize, value: &Node, at: Pos, path: &[String]) -> Result<(), String> {
    if !in_config(path) && !in_mapping_headers(path) {
        return Err(format!(
            "{at}: $env in {}: a reference may stand only inside a destination's config \
             (sources.SOURCE.destinations.DESTINATION.config), a warehouse's or an insert function instance's \
             settings (warehouses.WAREHOUSE.settings, ...insert_functions.FUNCTION.settings) or as a header's value \
             in a mapping's settings (...mappings.MAPPING.settings.headers.NAME)",
            shown(path)
        ));
    }
    let Node::Scalar(name, _) = value else {
        return Err(format!("{at}: $env must name a variable, e.g. {{$env: {ENV_PREFIX}WEB_WEBHOOKS_SHAREDSECRET}}"));
    };
    if keys != 1 {
        return Err(format!("{at}: a $env reference is a map with that one key"));
    }
    if !env_name_allowed(name) {
        return Err(format!(
            "{at}: $env names {}; a reference may read only variables named {ENV_PREFIX}... (upper-case letters, \
             digits and _)",
            token(name)
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_given_twice_is_named_with_both_lines() {
        let yaml = "format: seg/1\nworkspace: a\nsources:\n  web:\n    catalog_name: x\n  web:\n    catalog_name: y\n";
        let err = check(yaml).unwrap_err();
        assert!(err.contains("line 6") && err.contains("first at line 4") && err.contains("\"web\""), "{err}");
        let json = "{\"format\": \"seg/1\",\n \"workspace\": \"a\",\n \"workspace\": \"b\"}";
        let err = check(json).unwrap_err();
        assert!(err.contains("line 3") && err.contains("first at line 2") && err.contains("the top level"), "{err}");
        let err = check("a: {b: 1, 'b': 2}").unwrap_err();
        assert!(err.contains("\"b\"") && err.contains("in a"), "quoted or not, one key: {err}");
    }

    #[test]
    fn env_references_stand_only_in_config_and_read_only_secret_variables() {
        let base = "format: seg/1\nworkspace: a\nsources:\n  web:\n    catalog_name: x\n    destinations:\n      webhooks:\n        config:\n";
        let good = [
            "          sharedSecret: {$env: SEG_SECRET_WEB}\n",
            "          hooks: [{hook: 'https://x', headers: [{key: Authorization, value: {$env: SEG_SECRET_H_1}}]}]\n",
        ];
        for item in good {
            check(&format!("{base}{item}")).unwrap_or_else(|e| panic!("{item}: {e}"));
        }
        let mapping = "format: seg/1\nworkspace: a\nsources:\n  web:\n    catalog_name: x\n    destinations:\n      \
                       actions-webhook:\n        mappings:\n          M:\n            settings:\n";
        check(&format!("{mapping}              headers: {{Authorization: {{$env: SEG_SECRET_M}}}}\n")).unwrap();
        let err = check(&format!("{mapping}              url: {{$env: SEG_SECRET_M}}\n")).unwrap_err();
        assert!(err.contains("line 11"), "only a header's value: {err}");
        let bad = [
            ("          sharedSecret: {$env: SEG_TOKEN}\n", "SEG_TOKEN"),
            ("          sharedSecret: {$env: HOME}\n", "HOME"),
            ("          sharedSecret: {$env: seg_secret_x}\n", "seg_secret_x"),
            ("          sharedSecret: {$env: SEG_SECRET_}\n", "SEG_SECRET_"),
            ("          sharedSecret: {$env: SEG_SECRET_A, x: 1}\n", "one key"),
            ("          sharedSecret: {$env: [SEG_SECRET_A]}\n", "name a variable"),
        ];
        for (item, says) in bad {
            let err = check(&format!("{base}{item}")).unwrap_err();
            assert!(err.contains("line 9") && err.contains(says), "{item}: {err}");
        }
        for elsewhere in [
            "format: seg/1\nworkspace: {$env: SEG_SECRET_W}\n",
            "format: seg/1\nworkspace: a\ntracking_plans:\n  P:\n    rules: {events: [{name: {$env: SEG_SECRET_X}}]}\n",
            "format: seg/1\nworkspace: a\nsources:\n  web:\n    catalog_name: x\n    labels: {a: {$env: SEG_SECRET_X}}\n",
            "format: seg/1\nworkspace: a\nsources:\n  web:\n    catalog_name: x\n    destinations:\n      d:\n        filters:\n          t: {if: {$env: SEG_SECRET_X}}\n",
        ] {
            let err = check(elsewhere).unwrap_err();
            assert!(err.contains("may stand only inside a destination's config"), "{elsewhere}: {err}");
        }
    }

    #[test]
    fn aliases_documents_depth_and_syntax_are_refused_without_quoting_the_text() {
        let err = check("a: &x {$env: SEG_SECRET_A}\nb: *x\n").unwrap_err();
        assert!(err.contains("line 2") && err.contains("alias"), "{err}");
        assert!(check("a: 1\n---\nb: 2\n").unwrap_err().contains("second document"));
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert!(check(&deep).unwrap_err().contains("deeper than 128"));
        let err = check("token: \"tok-SECRETVALUE\n").unwrap_err();
        assert!(err.contains("line") && !err.contains("SECRETVALUE"), "{err}");
        let err = check("{[1]: 2}").unwrap_err();
        assert!(err.contains("plain value"), "{err}");
        check("").unwrap();
        check("just a scalar").unwrap();
    }
}
