//! Words agree in number (docs/reference/commands.md, "For people at a terminal": "1 item", "2 items"). A message that
//! puts a count before a plural noun by hand (`"after {} requests"`) says "after 1 requests" when the count is one;
//! `ui::count` says it right. The sources are read as text: a format string with a placeholder followed by the plural
//! of a noun seg counts fails this test, unless it is listed in [`ALLOWED`] with why its count is never one.

use std::path::Path;

/// Nouns seg counts in its messages (their plurals are what the test looks for).
const NOUNS: &[&str] = &[
    "attempt",
    "byte",
    "change",
    "character",
    "collection",
    "connection",
    "delivery",
    "destination",
    "element",
    "entry",
    "error",
    "event",
    "file",
    "filter",
    "item",
    "key",
    "level",
    "line",
    "message",
    "minute",
    "name",
    "page",
    "plan",
    "request",
    "resource",
    "retry",
    "second",
    "source",
    "space",
    "tab",
    "token",
    "user",
    "value",
    "workspace",
];

/// Text that matches and is right, with why.
const ALLOWED: &[(&str, &str)] = &[
    ("{pos}/{len} messages", "a progress bar: so many of a total of messages"),
    ("the update of {} changes nothing", "a verb"),
    (
        "@-prefixed key but it has {} keys",
        "the mapping kit's own words, matched verbatim (tests/it/actions_reference.rs); the count is at least two",
    ),
];

/// The plurals of a noun: `requests`, `entries`.
fn plurals(noun: &str) -> Vec<String> {
    let mut out = vec![format!("{noun}s")];
    if let Some(stem) = noun.strip_suffix('y') {
        out.push(format!("{stem}ies"));
    }
    out
}

/// Each `{...} word` in a line: the placeholder's text and the word after it.
fn counted_words(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (end, _) in line.match_indices("} ") {
        let Some(start) = line[..end].rfind('{') else { continue };
        let inside = &line[start + 1..end];
        // `{{` is a literal brace; a placeholder holds no space. A constant (`{MAX_DEPTH}`) is never one, and a
        // debug view (`{name:?}`) is a value, not a count.
        let constant = !inside.is_empty() && inside.chars().all(|c| c.is_ascii_uppercase() || c == '_');
        if line[..start].ends_with('{') || inside.contains([' ', '"', '{']) || inside.ends_with(":?") || constant {
            continue;
        }
        let word: String = line[end + 2..].chars().take_while(|c| c.is_ascii_alphabetic()).collect();
        out.push((line[start..=end].to_string(), word));
    }
    out
}

fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            // Test modules assert on messages; they are not messages.
            let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or_default().to_string();
            out.push((path.display().to_string(), text));
        }
    }
}

#[test]
fn no_message_counts_a_plural_noun_by_hand() {
    let plural: Vec<String> = NOUNS.iter().flat_map(|n| plurals(n)).collect();
    let mut files = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    let mut found = Vec::new();
    for (file, text) in &files {
        for (number, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") || !line.contains('"') {
                continue;
            }
            for (placeholder, word) in counted_words(line) {
                let allowed = ALLOWED.iter().any(|(text, _)| line.contains(text));
                if plural.contains(&word) && !allowed {
                    found.push(format!("{file}:{}: {placeholder} {word}: use ui::count", number + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "counts with a plural noun written by hand:\n{}", found.join("\n"));
}

#[test]
fn the_search_finds_what_it_should() {
    assert_eq!(counted_words(r#"format!("after {} requests", n)"#), [("{}".into(), "requests".into())]);
    assert_eq!(counted_words(r#"format!("{failed} of {} messages")"#).len(), 2);
    assert!(counted_words(r#"format!("{{}} requests {a b} x {MAX} levels {v:?} names")"#).is_empty());
    assert_eq!(plurals("entry"), ["entrys", "entries"]);
}
