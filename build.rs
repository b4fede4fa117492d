//! Embeds the emulator's checked-in OpenAPI documents (`src/emulator/<front door>/openapi.json`, pretty-printed so
//! that a change to a handler's attribute reads as a diff) without the whitespace between their tokens: the emulator
//! parses them and serializes them again anyway, and the indentation alone is nearly half of a file. And reads the
//! Public API's per-operation rate limits (`docs/reference/public-api-rate-limits.tsv`) into a Rust table
//! (`wire::limits`): an entry that cannot be read is an error here, at build time, never at run time.

#![allow(
    clippy::disallowed_methods,
    clippy::disallowed_macros,
    reason = "a build script talks to cargo on stdout and writes into OUT_DIR: not seg's output or effects"
)]

use std::path::Path;

/// Each front door's document, and the name it is embedded under in OUT_DIR.
const DOCUMENTS: &[(&str, &str)] = &[
    ("src/emulator/config/openapi.json", "config-openapi.json"),
    ("src/emulator/public/openapi.json", "public-openapi.json"),
];

fn main() {
    let out_dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    for (document, name) in DOCUMENTS {
        println!("cargo::rerun-if-changed={document}");
        let text = std::fs::read_to_string(document).unwrap_or_else(|e| panic!("{document} is not readable: {e}"));
        std::fs::write(Path::new(&out_dir).join(name), compact(&text)).expect("OUT_DIR is writable");
    }
    println!("cargo::rerun-if-changed={LIMITS}");
    let text = std::fs::read_to_string(LIMITS).unwrap_or_else(|e| panic!("{LIMITS} is not readable: {e}"));
    let table = limits(&text).unwrap_or_else(|why| panic!("{LIMITS}: {why}"));
    std::fs::write(Path::new(&out_dir).join("rate_limits.rs"), table).expect("OUT_DIR is writable");
}

/// The per-operation limits the Public API states, one operation a line after a header: its class, `METHOD /path`
/// (placeholders `{name}`), its operationId, and `N requests per minute` or `N requests per day[ per workspaceId]`.
const LIMITS: &str = "docs/reference/public-api-rate-limits.tsv";

/// The table as a Rust array expression of `wire::limits::Limit`, or the first line that cannot be read.
fn limits(text: &str) -> Result<String, String> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, header)) if header.starts_with("class\toperation (method path)\toperationId\tlimit") => {}
        _ => return Err("the first line is not the header `class, operation (method path), operationId, limit`".into()),
    }
    let mut out = String::from("&[\n");
    let mut seen = std::collections::BTreeSet::new();
    for (index, line) in lines {
        let at = |why: String| format!("line {}: {why}", index + 1);
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [class, operation, id, limit] = fields[..] else {
            return Err(at(format!("{} fields, not 4", fields.len())));
        };
        let word = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric());
        if !word(class) || !word(id) || !id.as_bytes()[0].is_ascii_lowercase() {
            return Err(at(format!("`{class}` / `{id}` is not a class and an operationId")));
        }
        let (method, path) =
            operation.split_once(' ').ok_or_else(|| at(format!("`{operation}` is not `METHOD /path`")))?;
        if !matches!(method, "GET" | "POST" | "PUT" | "PATCH" | "DELETE") {
            return Err(at(format!("`{method}` is not an HTTP method")));
        }
        let segments: Vec<&str> = path.strip_prefix('/').map(|p| p.split('/').collect()).unwrap_or_default();
        let segment = |s: &&str| {
            let name = s.strip_prefix('{').and_then(|s| s.strip_suffix('}')).unwrap_or(s);
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        };
        if segments.is_empty() || !segments.iter().all(segment) {
            return Err(at(format!("`{path}` is not a path of segments and {{placeholders}}")));
        }
        let words: Vec<&str> = limit.split(' ').collect();
        let per = match words[..] {
            [_, "requests", "per", "minute"] => "Minute",
            [_, "requests", "per", "day"] | [_, "requests", "per", "day", "per", "workspaceId"] => "Day",
            _ => return Err(at(format!("`{limit}` is not `N requests per minute` or `N requests per day`"))),
        };
        let count: u32 =
            words[0].parse().ok().filter(|n| *n > 0).ok_or_else(|| at(format!("`{}` is not a count", words[0])))?;
        if !seen.insert(id.to_string()) || !seen.insert(format!("{method} {path}")) {
            return Err(at(format!("`{id}` or `{operation}` is in the table twice")));
        }
        out.push_str(&format!(
            "    Limit {{ class: {class:?}, method: {method:?}, path: {path:?}, operation: {id:?}, count: {count}, per: Per::{per} }},\n"
        ));
    }
    if seen.is_empty() {
        return Err("it holds no limit".into());
    }
    out.push(']');
    Ok(out)
}

/// JSON without the whitespace between tokens; inside strings everything is kept.
fn compact(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in json.chars() {
        if in_string {
            in_string = escaped || c != '"';
            escaped = !escaped && c == '\\';
        } else if c == '"' {
            in_string = true;
        } else if c.is_ascii_whitespace() {
            continue;
        }
        out.push(c);
    }
    out
}
