//! Embeds the emulator's checked-in OpenAPI documents (`src/emulator/<front door>/openapi.json`, pretty-printed so
//! that a change to a handler's attribute reads as a diff) without the whitespace between their tokens: the emulator
//! parses them and serializes them again anyway, and the indentation alone is nearly half of a file. And reads the
//! Public API's per-operation rate limits (`docs/reference/public-api-rate-limits.tsv`) into a Rust table
//! (`wire::limits`), and the official SDK's operations (`docs/reference/sdk47-operations.tsv`, `sdk73-operations.tsv`)
//! into another (`wire::operations`): an entry that cannot be read is an error here, at build time, never at run time.

#![allow(
    clippy::disallowed_methods,
    clippy::disallowed_macros,
    reason = "a build script talks to cargo on stdout and writes into OUT_DIR: not seg's output or effects"
)]

use std::path::Path;

#[path = "src/wire/limits_table.rs"]
mod limits_table;

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
    println!("cargo::rerun-if-changed=src/wire/limits_table.rs");
    let text = std::fs::read_to_string(LIMITS).unwrap_or_else(|e| panic!("{LIMITS} is not readable: {e}"));
    let table = limits_table::read(&text).unwrap_or_else(|why| panic!("{LIMITS}: {why}"));
    std::fs::write(Path::new(&out_dir).join("rate_limits.rs"), table).expect("OUT_DIR is writable");
    let [first, second] = SDK_OPERATIONS.map(|file| {
        println!("cargo::rerun-if-changed={file}");
        std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file} is not readable: {e}"))
    });
    let table = limits_table::operations(&first, &second).unwrap_or_else(|why| panic!("{SDK_OPERATIONS:?}: {why}"));
    std::fs::write(Path::new(&out_dir).join("operations.rs"), table).expect("OUT_DIR is writable");
}

/// The official SDK's operations at the pinned version and at the current one (`wire::operations`).
const SDK_OPERATIONS: [&str; 2] = ["docs/reference/sdk47-operations.tsv", "docs/reference/sdk73-operations.tsv"];

/// The per-operation limits the Public API states (`src/wire/limits_table.rs` reads them).
const LIMITS: &str = "docs/reference/public-api-rate-limits.tsv";

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
