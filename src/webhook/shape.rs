//! What a JSON body's bytes say about the program that wrote them: whitespace between tokens (pretty-printed, with
//! which indent; Python's `", "` and `": "` separators), string escapes (`\/`, `\uXXXX` for non-ASCII, Go's
//! `\u003c`), number spellings. `verify` reads it only to describe a change it has already reproduced by hashing,
//! never to guess one; the inspector uses [`indent`] to show a body pretty-printed without changing a token.

/// The shape of a JSON text's bytes (the text is assumed to be valid JSON; anything else gives a shape too).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Shape {
    /// Whitespace outside strings, anywhere.
    pub whitespace: bool,
    /// A newline outside strings.
    pub newlines: bool,
    /// The leading whitespace of the first indented line (`"  "`, `"\t"`).
    pub indent: Option<String>,
    /// Every `,` and `:` is followed by exactly one space and there is no other whitespace: Python's
    /// `json.dumps` with its default separators.
    pub python_separators: bool,
    /// `\/` in a string (PHP's `json_encode` escapes every slash).
    pub escaped_slash: bool,
    /// `\uXXXX` escapes of non-ASCII characters (Python's `ensure_ascii`, PHP's default).
    pub non_ascii_escapes: bool,
    /// `\u003c`, `\u003e` or `\u0026` (Go's `encoding/json` escapes `<`, `>` and `&` for HTML).
    pub html_escapes: bool,
    /// Non-ASCII bytes written as they are inside strings.
    pub raw_non_ascii: bool,
}

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

fn is_punct(b: u8) -> bool {
    matches!(b, b'{' | b'}' | b'[' | b']' | b',' | b':')
}

pub fn shape(bytes: &[u8]) -> Shape {
    let mut shape = Shape::default();
    let (mut separators, mut python) = (0usize, true);
    // The last significant byte outside strings, and the whitespace run since it.
    let mut previous: Option<u8> = None;
    let mut run: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if is_ws(b) {
            run.push(b);
            i += 1;
            continue;
        }
        // A token starts: judge the whitespace before it.
        judge(&mut shape, previous, &run, &mut python);
        run.clear();
        if b == b'"' {
            i = string(&mut shape, bytes, i + 1);
            previous = Some(b'"');
            continue;
        }
        if matches!(b, b',' | b':') {
            separators += 1;
        }
        previous = Some(b);
        i += 1;
    }
    if !run.is_empty() {
        shape.whitespace = true;
        shape.newlines |= run.contains(&b'\n');
        python = false;
    }
    shape.python_separators = python && separators > 0 && shape.whitespace;
    shape
}

/// Notes the whitespace `run` found between `previous` and the next token.
fn judge(shape: &mut Shape, previous: Option<u8>, run: &[u8], python: &mut bool) {
    let after_separator = matches!(previous, Some(b',' | b':'));
    if run.is_empty() {
        if after_separator {
            *python = false;
        }
        return;
    }
    shape.whitespace = true;
    if run != b" " || !after_separator {
        *python = false;
    }
    if let Some(newline) = run.iter().rposition(|&b| b == b'\n') {
        shape.newlines = true;
        let indent = &run[newline + 1..];
        if shape.indent.is_none() && !indent.is_empty() {
            shape.indent = Some(String::from_utf8_lossy(indent).into_owned());
        }
    }
}

/// Scans a string's content from `i` (after the opening quote); returns the index after the closing quote.
fn string(shape: &mut Shape, bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() {
        match bytes[i] {
            b'"' => return i + 1,
            b'\\' => {
                match bytes.get(i + 1) {
                    Some(b'/') => shape.escaped_slash = true,
                    Some(b'u') => {
                        let code = bytes
                            .get(i + 2..i + 6)
                            .and_then(|h| std::str::from_utf8(h).ok())
                            .and_then(|h| u16::from_str_radix(h, 16).ok());
                        match code {
                            Some(0x3c | 0x3e | 0x26) => shape.html_escapes = true,
                            Some(c) if c >= 0x80 && !matches!(c, 0x2028 | 0x2029) => shape.non_ascii_escapes = true,
                            _ => {}
                        }
                        i += 4;
                    }
                    _ => {}
                }
                i += 2;
            }
            b if b >= 0x80 => {
                shape.raw_non_ascii = true;
                i += 1;
            }
            _ => i += 1,
        }
    }
    i
}

/// The tokens of a JSON text with the whitespace between them left out: punctuation, strings with their quotes and
/// escapes as written, and literals (numbers, `true`, `false`, `null`) as written.
pub fn tokens(bytes: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if is_ws(b) {
            i += 1;
        } else if is_punct(b) {
            out.push(&bytes[i..=i]);
            i += 1;
        } else if b == b'"' {
            let mut end = i + 1;
            while end < bytes.len() {
                match bytes[end] {
                    b'\\' => end += 2,
                    b'"' => {
                        end += 1;
                        break;
                    }
                    _ => end += 1,
                }
            }
            let end = end.min(bytes.len());
            out.push(&bytes[i..end]);
            i = end;
        } else {
            let start = i;
            while i < bytes.len() && !is_ws(bytes[i]) && !is_punct(bytes[i]) && bytes[i] != b'"' {
                i += 1;
            }
            out.push(&bytes[start..i]);
        }
    }
    out
}

/// The exact bytes of element `index` of a JSON text that is an array, from its first token to its last.
pub fn element(bytes: &[u8], index: usize) -> Option<&[u8]> {
    let tokens = tokens(bytes);
    let offset = |token: &[u8]| token.as_ptr() as usize - bytes.as_ptr() as usize;
    if tokens.first().copied() != Some(b"[".as_slice()) {
        return None;
    }
    // Depth within the array: 0 is between its elements.
    let (mut depth, mut current) = (0usize, 0usize);
    let mut span: Option<(usize, usize)> = None;
    for token in &tokens[1..] {
        if depth == 0 {
            match *token {
                b"," if current == index => break,
                b"," => {
                    current += 1;
                    continue;
                }
                b"]" => break,
                _ => {}
            }
        }
        match *token {
            b"[" | b"{" => depth += 1,
            b"]" | b"}" => depth = depth.checked_sub(1)?,
            _ => {}
        }
        if current == index {
            let start = span.map_or(offset(token), |(start, _)| start);
            span = Some((start, offset(token) + token.len()));
        }
    }
    span.map(|(start, end)| &bytes[start..end])
}

/// How two JSON texts of the same value in the same key order differ, token by token: the first pair of strings
/// spelled differently, the first pair of numbers, and whether the tokens do not line up at all (duplicate keys
/// dropped, array-index keys moved first).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Differences {
    pub strings: Option<(String, String)>,
    pub numbers: Option<(String, String)>,
    pub structure: bool,
}

pub fn differences(a: &[u8], b: &[u8]) -> Differences {
    let (a, b) = (tokens(a), tokens(b));
    let mut out = Differences::default();
    if a.len() != b.len() {
        out.structure = true;
        return out;
    }
    let show = |t: &[u8]| {
        let text = String::from_utf8_lossy(t);
        let mut short: String = text.chars().take(40).collect();
        if short.len() < text.len() {
            short.push('…');
        }
        short
    };
    for (x, y) in a.iter().zip(&b) {
        if x == y {
            continue;
        }
        match (x.first(), y.first()) {
            (Some(b'"'), Some(b'"')) => {
                out.strings.get_or_insert_with(|| (show(x), show(y)));
            }
            (Some(p), Some(q)) if !is_punct(*p) && !is_punct(*q) && *p != b'"' && *q != b'"' => {
                out.numbers.get_or_insert_with(|| (show(x), show(y)));
            }
            _ => out.structure = true,
        }
    }
    out
}

/// Text cut to at most `max` bytes, on a character's boundary.
fn cut_at(mut text: String, max: usize) -> String {
    let mut end = max.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.truncate(end);
    text
}

/// The text pretty-printed with two-space indents, each token kept exactly as written (escapes and number
/// spellings included), so what is shown is what was sent; `None` when it is not valid JSON.
///
/// At most `max` bytes of it (cut at a character), and whether it was cut: the indents of a body nested 128 levels
/// deep and thousands of elements wide make it a hundred times its size, so the whole of it is never built.
pub fn indent(bytes: &[u8], max: usize) -> Option<(String, bool)> {
    crate::json::parse(bytes).ok()?;
    let tokens = tokens(bytes);
    let mut out = String::with_capacity(bytes.len().min(max).saturating_add(64));
    let mut depth = 0usize;
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        out.extend(std::iter::repeat_n("  ", depth));
    };
    for (i, token) in tokens.iter().enumerate() {
        if out.len() > max {
            return Some((cut_at(out, max), true));
        }
        let next = tokens.get(i + 1).copied();
        match *token {
            b"{" | b"[" => {
                out.push_str(&String::from_utf8_lossy(token));
                if matches!(next, Some(b"}" | b"]")) {
                    continue;
                }
                depth += 1;
                newline(&mut out, depth);
            }
            b"}" | b"]" => {
                let empty = i > 0 && matches!(tokens[i - 1], b"{" | b"[");
                if !empty {
                    depth = depth.saturating_sub(1);
                    newline(&mut out, depth);
                }
                out.push_str(&String::from_utf8_lossy(token));
            }
            b"," => {
                out.push(',');
                newline(&mut out, depth);
            }
            b":" => out.push_str(": "),
            other => out.push_str(&String::from_utf8_lossy(other)),
        }
    }
    if out.len() > max {
        return Some((cut_at(out, max), true));
    }
    Some((out, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_of_common_serializers() {
        let python = shape(br#"{"a": 1, "b": [1, 2], "s": "\u00e9"}"#);
        assert!(python.python_separators && !python.newlines && python.non_ascii_escapes, "{python:?}");
        let pretty = shape(b"{\n  \"a\": 1,\n  \"b\": [\n    1\n  ]\n}");
        assert!(pretty.newlines && !pretty.python_separators && pretty.indent.as_deref() == Some("  "));
        let tabs = shape(b"{\n\t\"a\": 1\n}");
        assert_eq!(tabs.indent.as_deref(), Some("\t"));
        let go = shape(r#"{"a":"\u003cb\u003e","b":"é"}"#.as_bytes());
        assert!(go.html_escapes && go.raw_non_ascii && !go.whitespace && !go.non_ascii_escapes, "{go:?}");
        let php = shape(br#"{"url":"https:\/\/x","s":"\u00e9"}"#);
        assert!(php.escaped_slash && php.non_ascii_escapes && !php.whitespace);
        assert!(!shape(b"{\"a\":1} ").python_separators, "trailing whitespace is not Python's");
        assert!(!shape(b"{\"a\": 1,\"b\":2}").python_separators, "separators must be spaced throughout");
    }

    #[test]
    fn differences_name_the_first_string_and_number() {
        let d = differences(br#"{"a": 1.0, "s": "\u00e9"}"#, r#"{"a":1,"s":"é"}"#.as_bytes());
        assert_eq!(d.numbers, Some(("1.0".into(), "1".into())));
        assert_eq!(d.strings, Some((r#""\u00e9""#.into(), "\"é\"".into())));
        assert!(!d.structure);
        assert!(differences(br#"{"a":1,"a":2}"#, br#"{"a":2}"#).structure);
        assert_eq!(differences(b"{\n \"a\" : [1] }", br#"{"a":[1]}"#), Differences::default());
    }

    #[test]
    fn elements_are_cut_out_exactly() {
        let text = b" [ {\"a\": [1, 2]} , \"x,]\" ,3 ] ";
        assert_eq!(element(text, 0), Some(&b"{\"a\": [1, 2]}"[..]));
        assert_eq!(element(text, 1), Some(&b"\"x,]\""[..]));
        assert_eq!(element(text, 2), Some(&b"3"[..]));
        assert_eq!(element(text, 3), None);
        assert_eq!(element(b"[]", 0), None);
        assert_eq!(element(b"{\"a\":1}", 0), None);
    }

    #[test]
    fn indent_keeps_every_token() {
        let text = br#"{"a":1.0,"b":[],"c":{"d":"\u00e9\/"},"e":[1,{}]}"#;
        let (pretty, cut) = indent(text, usize::MAX).unwrap();
        assert!(!cut);
        assert_eq!(
            pretty,
            "{\n  \"a\": 1.0,\n  \"b\": [],\n  \"c\": {\n    \"d\": \"\\u00e9\\/\"\n  },\n  \"e\": [\n    1,\n    {}\n  ]\n}"
        );
        assert_eq!(tokens(pretty.as_bytes()), tokens(text));
        assert!(indent(b"not json", 100).is_none());
        assert_eq!(indent(b" 7 ", 100), Some(("7".to_string(), false)));
        // Cut at the bound, at a character: a body whose indents alone would be a hundred times its size.
        let deep = format!("{}{}{}", "[".repeat(100), "1,".repeat(10_000) + "\"\u{e9}\"", "]".repeat(100));
        let (pretty, cut) = indent(deep.as_bytes(), 4097).unwrap();
        assert!(cut && pretty.len() <= 4097 && pretty.len() > 4000, "{}", pretty.len());
        assert!(pretty.starts_with("[\n  [\n    ["));
    }
}
