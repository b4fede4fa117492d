//! Embeds the emulator's checked-in OpenAPI document (`src/emulator/openapi.json`, pretty-printed so that a change to
//! a handler's attribute reads as a diff) without the whitespace between its tokens: the emulator parses it and
//! serializes it again anyway, and the indentation alone is nearly half of the file.

#![allow(
    clippy::disallowed_methods,
    clippy::disallowed_macros,
    reason = "a build script talks to cargo on stdout and writes into OUT_DIR: not seg's output or effects"
)]

use std::path::Path;

const DOCUMENT: &str = "src/emulator/openapi.json";

fn main() {
    println!("cargo::rerun-if-changed={DOCUMENT}");
    let text = std::fs::read_to_string(DOCUMENT).expect("src/emulator/openapi.json is readable");
    let out = Path::new(&std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("openapi.json");
    std::fs::write(out, compact(&text)).expect("OUT_DIR is writable");
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
