//! JavaScript-exact JSON: JSON.parse and JSON.stringify as ECMA-262 defines them. Receivers that follow the
//! service's example hash `JSON.stringify(JSON.parse(body))`, so a body verifies only if we produce those bytes:
//! UTF-16 strings (lone surrogates survive), doubles printed as Number::toString, array-index keys first.

use std::collections::HashMap;
use std::fmt;

/// The deepest nesting `parse` admits: 128 levels of arrays and objects, serde_json's default recursion limit (it
/// stops one level short of it), so the emulator's two front doors refuse alike. JSON.parse has no limit in V8,
/// but every tracking call reaches code that recurses over a value (derived `Clone`, `PartialEq`, `Debug`;
/// destination filters) on a 2 MiB tokio worker stack, where a body a few thousand levels deep aborts the process.
/// No real message nests this deep. Every way seg builds a [`JsValue`] keeps to it: `parse`, and
/// `webhook::sample::set`, which checks [`depth`].
pub const MAX_DEPTH: usize = 128;

/// A JavaScript string: UTF-16 code units, so lone surrogates survive (JSON.parse accepts "\ud800").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct JsString(pub Vec<u16>);

impl JsString {
    /// Named like `FromStr::from_str` but infallible, which the trait cannot express.
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(s: &str) -> Self {
        JsString(s.encode_utf16().collect())
    }

    /// Lone surrogates become U+FFFD.
    pub fn to_string_lossy(&self) -> String {
        String::from_utf16_lossy(&self.0)
    }

    /// The index this key names if it is an array index: a canonical decimal integer (no sign, no leading zero)
    /// up to 2^32 − 2, since 2^32 − 1 is the one length-sized value that is not an index (ECMA-262 §6.1.7).
    pub fn array_index(&self) -> Option<u32> {
        let units = &self.0;
        if units.is_empty() || units.len() > 10 || (units.len() > 1 && units[0] == u16::from(b'0')) {
            return None;
        }
        let mut n: u64 = 0;
        for &u in units {
            if !(u16::from(b'0')..=u16::from(b'9')).contains(&u) {
                return None;
            }
            n = n * 10 + u64::from(u - u16::from(b'0'));
        }
        u32::try_from(n).ok().filter(|&n| n != u32::MAX)
    }
}

impl From<&str> for JsString {
    fn from(s: &str) -> Self {
        JsString::from_str(s)
    }
}

impl From<String> for JsString {
    fn from(s: String) -> Self {
        JsString::from_str(&s)
    }
}

/// A parsed JSON value with JavaScript semantics.
#[derive(Debug, Clone, PartialEq)]
pub enum JsValue {
    Null,
    Bool(bool),
    Number(f64),
    String(JsString),
    Array(Vec<JsValue>),
    Object(JsObject),
}

/// An object with JavaScript property order: insertion order; inserting an existing key keeps its first
/// position and takes the new value (what JSON.parse does for duplicate keys). stringify emits keys that are
/// array indices (canonical decimal integers 0 ..= 2^32-2: not "01", "-1", "1.5", "4294967295") first in ascending
/// numeric order, then the other keys in insertion order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct JsObject {
    entries: Vec<(JsString, JsValue)>,
    /// Position of each key in `entries`, so that a body with many (duplicate) keys parses in linear time.
    index: HashMap<JsString, usize>,
}

impl JsObject {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn insert(&mut self, key: impl Into<JsString>, value: JsValue) {
        let key = key.into();
        match self.index.get(&key) {
            Some(&at) => self.entries[at].1 = value,
            None => {
                self.index.insert(key.clone(), self.entries.len());
                self.entries.push((key, value));
            }
        }
    }

    pub fn get(&self, key: &str) -> Option<&JsValue> {
        self.index.get(&JsString::from_str(key)).map(|&at| &self.entries[at].1)
    }

    /// `get` by a key that may not be valid Unicode (a lone surrogate).
    pub fn get_js(&self, key: &JsString) -> Option<&JsValue> {
        self.index.get(key).map(|&at| &self.entries[at].1)
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut JsValue> {
        self.index.get(&JsString::from_str(key)).map(|&at| &mut self.entries[at].1)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Insertion order, not the order stringify emits.
    pub fn iter(&self) -> impl Iterator<Item = (&JsString, &JsValue)> {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// OrdinaryOwnPropertyKeys (ECMA-262 §10.1.11.1): array indices ascending, then strings in insertion order; the
    /// order `Object.keys` and `JSON.stringify` see.
    pub fn ordered(&self) -> Vec<&(JsString, JsValue)> {
        let mut indexed: Vec<(u32, &(JsString, JsValue))> = Vec::new();
        let mut named = Vec::with_capacity(self.entries.len());
        for entry in &self.entries {
            match entry.0.array_index() {
                Some(i) => indexed.push((i, entry)),
                None => named.push(entry),
            }
        }
        if indexed.is_empty() {
            return named;
        }
        // Keys are unique, so the sort needs no stability.
        indexed.sort_unstable_by_key(|&(i, _)| i);
        indexed.into_iter().map(|(_, entry)| entry).chain(named).collect()
    }
}

impl Drop for JsObject {
    /// Derived drop glue recurses once per nesting level, and a debug build overflows a 2 MiB stack on objects
    /// nested a few thousand deep. [`MAX_DEPTH`] keeps every value seg builds far from that; flattening here keeps
    /// a value built some other way (a library caller's) from aborting when it is dropped. (Only objects can do
    /// this: a `Drop` on `JsValue` would forbid moving out of its variants.)
    fn drop(&mut self) {
        let mut pending: Vec<JsValue> = Vec::new();
        let is_container = |v: &JsValue| matches!(v, JsValue::Array(_) | JsValue::Object(_));
        pending.extend(std::mem::take(&mut self.entries).into_iter().map(|(_, v)| v).filter(is_container));
        while let Some(value) = pending.pop() {
            match value {
                JsValue::Array(items) => pending.extend(items.into_iter().filter(is_container)),
                JsValue::Object(mut object) => {
                    pending.extend(std::mem::take(&mut object.entries).into_iter().map(|(_, v)| v).filter(is_container))
                }
                _ => {}
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ParseError {
    /// Byte offset in the input.
    pub offset: usize,
    pub message: String,
}

impl ParseError {
    /// Whether the text is refused only for nesting deeper than [`MAX_DEPTH`] (it may still be valid JSON).
    pub fn too_deep(&self) -> bool {
        self.message == too_deep()
    }
}

/// The one account of a value nested too deep, for `parse` and whoever checks [`depth`].
pub fn too_deep() -> String {
    format!("nested deeper than {MAX_DEPTH} levels")
}

/// How deep a value nests: 0 for a scalar, 1 for an array or object of scalars (or an empty one), and so on; what
/// [`MAX_DEPTH`] bounds. Iterative, so it measures any value without recursing.
pub fn depth(value: &JsValue) -> usize {
    let mut deepest = 0;
    let mut pending = vec![(value, 0usize)];
    while let Some((value, above)) = pending.pop() {
        match value {
            JsValue::Array(items) => {
                deepest = deepest.max(above + 1);
                pending.extend(items.iter().map(|item| (item, above + 1)));
            }
            JsValue::Object(object) => {
                deepest = deepest.max(above + 1);
                pending.extend(object.iter().map(|(_, item)| (item, above + 1)));
            }
            _ => {}
        }
    }
    deepest
}

/// How deep the text of a JSON document nests, counted on its bytes without parsing it: arrays and objects open at
/// once, brackets inside strings left out. For JSON, what [`depth`] gives its value; for any bytes, at least the
/// depth a parser reaches before it stops, so a parser run without a limit of its own after this check cannot go
/// deeper than [`MAX_DEPTH`] (the emulator's Config and Public API bodies, `emulator::body`).
pub fn nesting(bytes: &[u8]) -> usize {
    let (mut open, mut deepest, mut at) = (0usize, 0usize, 0usize);
    while let Some(&byte) = bytes.get(at) {
        at += 1;
        match byte {
            // A string is skipped whole: most of a JSON text is strings, found a word at a time (`memchr`).
            b'"' => loop {
                match memchr::memchr2(b'"', b'\\', &bytes[at..]) {
                    Some(found) if bytes[at + found] == b'\\' => at += found + 2,
                    Some(found) => {
                        at += found + 1;
                        break;
                    }
                    None => return deepest,
                }
            },
            b'[' | b'{' => {
                open += 1;
                deepest = deepest.max(open);
            }
            b']' | b'}' => open = open.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid JSON at byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for ParseError {}

/// JSON.parse of the body as a receiver gets it: the bytes decoded as UTF-8 the way Node's buffer.toString('utf8')
/// does (invalid sequences become U+FFFD), then ECMA-404 grammar exactly (JSON.parse rejects a leading BOM U+FEFF,
/// trailing commas, comments, single quotes, NaN, leading zeros, "+1", ".5", "1.", unescaped control chars
/// U+0000-U+001F in strings; whitespace is only space, \t, \n, \r). Numbers: round-to-nearest f64 of the exact
/// decimal (overflow -> ±Infinity, underflow -> ±0; "-0" -> -0.0). Nesting deeper than [`MAX_DEPTH`] -> ParseError
/// ([`ParseError::too_deep`]), so nothing that walks a parsed value can exhaust a stack.
pub fn parse(bytes: &[u8]) -> Result<JsValue, ParseError> {
    Parser { bytes, pos: 0 }.parse()
}

/// JSON.stringify(value) with no replacer and no indent: compact; numbers by Number::toString (NaN/±Infinity ->
/// null, -0 -> 0); strings escaped as JS does: \" \\ \b \f \n \r \t, other code units < 0x20 as \u00XX with
/// lowercase hex, lone surrogates as \udXXX lowercase; everything else literal (including '/', U+2028, U+2029,
/// non-ASCII, emoji as the surrogate pair encoded to UTF-8).
pub fn stringify(value: &JsValue) -> String {
    enum Frame<'a> {
        Array(std::slice::Iter<'a, JsValue>, bool),
        Object(std::vec::IntoIter<&'a (JsString, JsValue)>, bool),
    }
    let mut out = String::new();
    // Iterative, like the parser: it needs no stack whatever the value's depth (and runs on tokio worker stacks).
    let mut stack: Vec<Frame<'_>> = Vec::new();
    let mut next = Some(value);
    loop {
        if let Some(value) = next.take() {
            match value {
                JsValue::Null => out.push_str("null"),
                JsValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                JsValue::Number(n) => write_number(&mut out, *n),
                JsValue::String(s) => write_string(&mut out, s),
                JsValue::Array(items) => {
                    out.push('[');
                    stack.push(Frame::Array(items.iter(), true));
                }
                JsValue::Object(object) => {
                    out.push('{');
                    stack.push(Frame::Object(object.ordered().into_iter(), true));
                }
            }
        }
        let Some(frame) = stack.last_mut() else { return out };
        match frame {
            Frame::Array(items, first) => match items.next() {
                Some(item) => {
                    if !std::mem::take(first) {
                        out.push(',');
                    }
                    next = Some(item);
                }
                None => {
                    out.push(']');
                    stack.pop();
                }
            },
            Frame::Object(entries, first) => match entries.next() {
                Some((key, item)) => {
                    if !std::mem::take(first) {
                        out.push(',');
                    }
                    write_string(&mut out, key);
                    out.push(':');
                    next = Some(item);
                }
                None => {
                    out.push('}');
                    stack.pop();
                }
            },
        }
    }
}

/// stringify(parse(bytes)): the bytes a receiver following the service's example hashes.
pub fn restringify(bytes: &[u8]) -> Result<String, ParseError> {
    parse(bytes).map(|value| stringify(&value))
}

/// A serde_json value as JavaScript would hold it after JSON.parse (numbers to f64; objects keep serde's order,
/// which is insertion order with the preserve_order feature). serde_json without `float_roundtrip` may have parsed
/// a decimal fraction one ulp off; prefer `parse` on the original bytes when they exist.
pub fn from_serde(value: &serde_json::Value) -> JsValue {
    match value {
        serde_json::Value::Null => JsValue::Null,
        serde_json::Value::Bool(b) => JsValue::Bool(*b),
        // Integers beyond 2^53 round to nearest, as JS does with the same digits.
        serde_json::Value::Number(n) => JsValue::Number(n.as_f64().unwrap_or(f64::NAN)),
        serde_json::Value::String(s) => JsValue::String(JsString::from_str(s)),
        serde_json::Value::Array(items) => JsValue::Array(items.iter().map(from_serde).collect()),
        serde_json::Value::Object(map) => {
            let mut object = JsObject::new();
            for (key, item) in map {
                object.insert(key.as_str(), from_serde(item));
            }
            JsValue::Object(object)
        }
    }
}

/// `String(n)`: Number::toString (ECMA-262 §6.1.6.1.20), NaN and the infinities included.
pub fn number_to_string(n: f64) -> String {
    if n.is_nan() {
        "NaN".into()
    } else if n.is_infinite() {
        if n > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else {
        let mut out = String::new();
        write_number(&mut out, n);
        out
    }
}

/// Number::toString (ECMA-262 §6.1.6.1.20), except that JSON has no NaN or Infinity.
fn write_number(out: &mut String, n: f64) {
    if !n.is_finite() {
        out.push_str("null");
    } else if n == 0.0 {
        // -0 prints as "0" in JavaScript.
        out.push('0');
    } else {
        out.push_str(ryu_js::Buffer::new().format_finite(n));
    }
}

/// QuoteJSONString (ECMA-262 §25.5.2.3).
fn write_string(out: &mut String, s: &JsString) {
    out.push('"');
    for unit in char::decode_utf16(s.0.iter().copied()) {
        match unit {
            Ok('"') => out.push_str("\\\""),
            Ok('\\') => out.push_str("\\\\"),
            Ok('\u{8}') => out.push_str("\\b"),
            Ok('\t') => out.push_str("\\t"),
            Ok('\n') => out.push_str("\\n"),
            Ok('\u{c}') => out.push_str("\\f"),
            Ok('\r') => out.push_str("\\r"),
            Ok(c) if c < ' ' => push_unit_escape(out, c as u16),
            Ok(c) => out.push(c),
            Err(lone) => push_unit_escape(out, lone.unpaired_surrogate()),
        }
    }
    out.push('"');
}

fn push_unit_escape(out: &mut String, unit: u16) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push_str("\\u");
    for shift in [12, 8, 4, 0] {
        out.push(char::from(HEX[usize::from((unit >> shift) & 0xf)]));
    }
}

/// A container being filled; the parser keeps these on the heap instead of recursing.
enum Open {
    Array(Vec<JsValue>),
    /// The object so far and the key whose value is being parsed.
    Object(JsObject, JsString),
}

struct Parser<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn parse(mut self) -> Result<JsValue, ParseError> {
        let mut stack: Vec<Open> = Vec::new();
        'value: loop {
            self.skip_whitespace();
            let mut value = match self.peek() {
                Some(b'[') => {
                    self.open(stack.len())?;
                    self.skip_whitespace();
                    if self.eat(b']') {
                        JsValue::Array(Vec::new())
                    } else {
                        stack.push(Open::Array(Vec::new()));
                        continue 'value;
                    }
                }
                Some(b'{') => {
                    self.open(stack.len())?;
                    self.skip_whitespace();
                    if self.eat(b'}') {
                        JsValue::Object(JsObject::new())
                    } else {
                        let key = self.key()?;
                        stack.push(Open::Object(JsObject::new(), key));
                        continue 'value;
                    }
                }
                Some(b'"') => JsValue::String(self.string()?),
                Some(b't') => self.literal("true", JsValue::Bool(true))?,
                Some(b'f') => self.literal("false", JsValue::Bool(false))?,
                Some(b'n') => self.literal("null", JsValue::Null)?,
                Some(b'-' | b'0'..=b'9') => self.number()?,
                Some(_) => return Err(self.error("expected a value")),
                None => return Err(self.error("unexpected end of input, expected a value")),
            };
            // Hand the finished value to its container, closing as many containers as end here.
            loop {
                let Some(open) = stack.last_mut() else {
                    self.skip_whitespace();
                    if self.pos < self.bytes.len() {
                        return Err(self.error("unexpected data after the value"));
                    }
                    return Ok(value);
                };
                self.skip_whitespace();
                match open {
                    Open::Array(items) => {
                        items.push(value);
                        if self.eat(b',') {
                            continue 'value;
                        }
                        if !self.eat(b']') {
                            return Err(self.error("expected ',' or ']'"));
                        }
                    }
                    Open::Object(object, key) => {
                        object.insert(std::mem::take(key), value);
                        if self.eat(b',') {
                            self.skip_whitespace();
                            *key = self.key()?;
                            continue 'value;
                        }
                        if !self.eat(b'}') {
                            return Err(self.error("expected ',' or '}'"));
                        }
                    }
                }
                value = match stack.pop() {
                    Some(Open::Array(items)) => JsValue::Array(items),
                    Some(Open::Object(object, _)) => JsValue::Object(object),
                    None => unreachable!("the stack was not empty"),
                };
            }
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let matched = self.peek() == Some(byte);
        if matched {
            self.pos += 1;
        }
        matched
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn error(&self, message: &str) -> ParseError {
        ParseError { offset: self.pos, message: message.to_owned() }
    }

    /// Consumes the opening bracket at `depth` open containers.
    fn open(&mut self, depth: usize) -> Result<(), ParseError> {
        if depth >= MAX_DEPTH {
            return Err(self.error(&too_deep()));
        }
        self.pos += 1;
        Ok(())
    }

    /// A member name and its colon, from the opening quote on.
    fn key(&mut self) -> Result<JsString, ParseError> {
        if self.peek() != Some(b'"') {
            return Err(self.error("expected a string key"));
        }
        let key = self.string()?;
        self.skip_whitespace();
        if !self.eat(b':') {
            return Err(self.error("expected ':'"));
        }
        Ok(key)
    }

    fn literal(&mut self, word: &str, value: JsValue) -> Result<JsValue, ParseError> {
        if !self.bytes[self.pos..].starts_with(word.as_bytes()) {
            return Err(self.error(&format!("expected '{word}'")));
        }
        self.pos += word.len();
        Ok(value)
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Result<JsValue, ParseError> {
        let start = self.pos;
        self.eat(b'-');
        if self.eat(b'0') {
            if matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err(self.error("leading zero in a number"));
            }
        } else if self.digits() == 0 {
            return Err(self.error("expected a digit"));
        }
        if self.eat(b'.') && self.digits() == 0 {
            return Err(self.error("expected a digit after the decimal point"));
        }
        if self.eat(b'e') || self.eat(b'E') {
            if !self.eat(b'+') {
                self.eat(b'-');
            }
            if self.digits() == 0 {
                return Err(self.error("expected a digit in the exponent"));
            }
        }
        // The grammar above is a subset of what Rust's float parser accepts, and that parser rounds the exact
        // decimal to nearest (ties to even), overflowing to ±inf and underflowing to ±0: JavaScript's semantics.
        let text = std::str::from_utf8(&self.bytes[start..self.pos]).expect("ASCII digits and signs");
        let n: f64 = text.parse().map_err(|_| ParseError { offset: start, message: "invalid number".into() })?;
        Ok(JsValue::Number(n))
    }

    /// A string from its opening quote on, as UTF-16 code units.
    fn string(&mut self) -> Result<JsString, ParseError> {
        self.pos += 1;
        let mut units = Vec::new();
        loop {
            let Some(byte) = self.peek() else {
                return Err(self.error("unterminated string"));
            };
            match byte {
                b'"' => {
                    self.pos += 1;
                    return Ok(JsString(units));
                }
                b'\\' => {
                    self.pos += 1;
                    let unit = match self.peek() {
                        Some(b'"') => u16::from(b'"'),
                        Some(b'\\') => u16::from(b'\\'),
                        Some(b'/') => u16::from(b'/'),
                        Some(b'b') => 0x08,
                        Some(b'f') => 0x0c,
                        Some(b'n') => u16::from(b'\n'),
                        Some(b'r') => u16::from(b'\r'),
                        Some(b't') => u16::from(b'\t'),
                        Some(b'u') => self.hex4()?,
                        _ => return Err(self.error("invalid escape")),
                    };
                    self.pos += 1;
                    units.push(unit);
                }
                0x00..=0x1f => return Err(self.error("control character in a string")),
                0x20..=0x7f => {
                    units.push(u16::from(byte));
                    self.pos += 1;
                }
                0x80..=0xff => {
                    // Decode the whole non-ASCII run at once. A malformed sequence never spans an ASCII byte, so
                    // per-run lossy decoding replaces exactly what Node's whole-buffer decoding does (one U+FFFD
                    // per maximal subpart, the WHATWG rule both follow).
                    let start = self.pos;
                    while self.peek().is_some_and(|b| b >= 0x80) {
                        self.pos += 1;
                    }
                    units.extend(String::from_utf8_lossy(&self.bytes[start..self.pos]).encode_utf16());
                }
            }
        }
    }

    /// The four hex digits of a `\u` escape; leaves `pos` on the last one.
    fn hex4(&mut self) -> Result<u16, ParseError> {
        let mut unit = 0u16;
        for _ in 0..4 {
            self.pos += 1;
            let digit = self.peek().and_then(|b| char::from(b).to_digit(16));
            let Some(digit) = digit else {
                return Err(self.error("expected four hex digits after \\u"));
            };
            unit = unit << 4 | digit as u16;
        }
        Ok(unit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn re(text: &str) -> String {
        restringify(text.as_bytes()).unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
    }

    fn rejects(bytes: &[u8]) -> ParseError {
        match parse(bytes) {
            Ok(v) => panic!("{:?} should be rejected, parsed as {v:?}", String::from_utf8_lossy(bytes)),
            Err(e) => e,
        }
    }

    const VECTOR: &str = r#"{"version":1,"type":"track","userId":"019mr8mf4r","event":"Purchased an Item","properties":{"revenue":"39.95","shippingMethod":"2-day"},"timestamp":"2012-12-02T00:30:08.276Z"}"#;

    #[test]
    fn test_vector_is_already_in_stringify_form() {
        assert_eq!(re(VECTOR), VECTOR);
    }

    #[test]
    fn pretty_test_vector_restringifies_to_compact() {
        let value = serde_json::from_str::<serde_json::Value>(VECTOR).unwrap();
        let pretty = serde_json::to_string_pretty(&value).unwrap();
        assert!(pretty.contains("\n  \"version\": 1,\n"), "two-space indent: {pretty}");
        assert_eq!(re(&pretty), VECTOR);
        assert_eq!(stringify(&from_serde(&value)), VECTOR);
    }

    #[test]
    fn no_whitespace() {
        assert_eq!(re(" { \"a\" :\t[ 1 ,\r\n2 ] , \"b\" : { } , \"c\" : [ ] } "), r#"{"a":[1,2],"b":{},"c":[]}"#);
    }

    #[test]
    fn numbers_print_as_number_to_string() {
        for (input, expected) in [
            ("1.0", "1"),
            ("-0", "0"),
            ("-0.0e5", "0"),
            ("1e21", "1e+21"),
            ("1e20", "100000000000000000000"),
            ("0.000001", "0.000001"),
            ("0.0000001", "1e-7"),
            ("9007199254740993", "9007199254740992"),
            ("1e400", "null"),
            ("-1e400", "null"),
            ("1e-400", "0"),
            ("-1e-400", "0"),
            ("123.456e-2", "1.23456"),
            ("1.5E+3", "1500"),
            ("5e-324", "5e-324"),
            ("1.7976931348623157e308", "1.7976931348623157e+308"),
            ("18446744073709551616", "18446744073709552000"),
            ("0.1", "0.1"),
            ("1e0000000000000000000000001", "10"),
        ] {
            assert_eq!(re(input), expected, "{input}");
        }
    }

    #[test]
    fn negative_zero_parses_as_negative_zero() {
        let Ok(JsValue::Number(n)) = parse(b"-0") else { panic!("-0 is a number") };
        assert!(n == 0.0 && n.is_sign_negative());
        assert_eq!(stringify(&JsValue::Number(f64::NAN)), "null");
        assert_eq!(stringify(&JsValue::Number(f64::NEG_INFINITY)), "null");
    }

    #[test]
    fn array_index_keys_come_first_in_numeric_order() {
        let input = r#"{"b":1,"01":2,"10":3,"-1":4,"2":5,"1.5":6,"4294967295":7,"4294967294":8,"0":9,"a":10,"":11}"#;
        assert_eq!(
            re(input),
            r#"{"0":9,"2":5,"10":3,"4294967294":8,"b":1,"01":2,"-1":4,"1.5":6,"4294967295":7,"a":10,"":11}"#
        );
        // An escaped key that decodes to an index is an index.
        assert_eq!(re(r#"{"x":1,"\u0031":2}"#), r#"{"1":2,"x":1}"#);
    }

    #[test]
    fn duplicate_keys_keep_first_position_and_last_value() {
        assert_eq!(re(r#"{"a":1,"b":2,"a":3}"#), r#"{"a":3,"b":2}"#);
        let Ok(JsValue::Object(object)) = parse(br#"{"a":1,"b":2,"a":{"c":3}}"#) else { panic!("an object") };
        assert_eq!(object.len(), 2);
        let mut expected = JsObject::new();
        expected.insert("c", JsValue::Number(3.0));
        assert_eq!(object.get("a"), Some(&JsValue::Object(expected)));
        assert_eq!(object.iter().map(|(k, _)| k.to_string_lossy()).collect::<Vec<_>>(), ["a", "b"]);
    }

    #[test]
    fn escape_spellings_do_not_survive() {
        assert_eq!(re(r#""a\/b""#), r#""a/b""#);
        assert_eq!(re(r#""\u00e9\u00E9""#), "\"éé\"");
        assert_eq!(re(r#""\ud83d\ude00""#), "\"😀\"");
        assert_eq!(re(r#""\"\\\b\f\n\r\t""#), r#""\"\\\b\f\n\r\t""#);
    }

    #[test]
    fn lone_surrogates_are_escaped_in_lowercase() {
        assert_eq!(re(r#""\uD800""#), r#""\ud800""#);
        assert_eq!(re(r#""\uDFFFx""#), r#""\udfffx""#);
        // A low before a high is two lone surrogates, not a pair.
        assert_eq!(re(r#""\ude00\ud83d""#), r#""\ude00\ud83d""#);
        assert_eq!(re(r#""\ud83d\ud83d\ude00""#), "\"\\ud83d😀\"");
        let Ok(JsValue::String(s)) = parse(br#""\ud800""#) else { panic!("a string") };
        assert_eq!(s.0, [0xd800]);
    }

    #[test]
    fn line_separators_and_non_ascii_stay_literal() {
        assert_eq!(re(r#""\u2028\u2029""#), "\"\u{2028}\u{2029}\"");
        assert_eq!(re("\"\u{2028}é😀\u{7f}\u{feff}\""), "\"\u{2028}é😀\u{7f}\u{feff}\"");
    }

    #[test]
    fn control_characters_use_lowercase_hex() {
        assert_eq!(re(r#""\u0000\u001F\u001b\u000B""#), r#""\u0000\u001f\u001b\u000b""#);
        assert_eq!(re(r#""\u0008\u000c""#), r#""\b\f""#);
    }

    #[test]
    fn raw_control_characters_in_strings_are_rejected() {
        for byte in 0u8..0x20 {
            rejects(&[b'"', byte, b'"']);
        }
    }

    #[test]
    fn leading_byte_order_mark_is_rejected() {
        let err = rejects(b"\xef\xbb\xbf{}");
        assert_eq!(err.offset, 0);
        assert_eq!(err.to_string(), "invalid JSON at byte 0: expected a value");
    }

    #[test]
    fn invalid_utf8_becomes_replacement_characters() {
        assert_eq!(re_bytes(b"\"a\xffb\""), "\"a\u{fffd}b\"");
        // One U+FFFD per maximal subpart, as Node and the WHATWG decoder do.
        assert_eq!(re_bytes(b"\"\xf0\x9f\x98\""), "\"\u{fffd}\"");
        assert_eq!(re_bytes(b"\"\xed\xa0\x80\""), "\"\u{fffd}\u{fffd}\u{fffd}\"");
        assert_eq!(re_bytes(b"\"\xc0\x80\""), "\"\u{fffd}\u{fffd}\"");
        rejects(b"[\xff]");
    }

    fn re_bytes(bytes: &[u8]) -> String {
        restringify(bytes).expect("valid JSON")
    }

    #[test]
    fn grammar_rejects_what_json_parse_rejects() {
        for bad in [
            "",
            " ",
            "[1,]",
            "{\"a\":1,}",
            "[,1]",
            "[1,,2]",
            "{,}",
            "{\"a\"}",
            "{\"a\":}",
            "{a:1}",
            "{'a':1}",
            "'a'",
            "/*c*/1",
            "1 // c",
            "NaN",
            "Infinity",
            "-Infinity",
            "01",
            "-01",
            "00",
            "+1",
            ".5",
            "1.",
            "1.e5",
            "1e",
            "1e+",
            "-",
            "--1",
            "0x10",
            "tru",
            "True",
            "nul",
            "[1]]",
            "{}}",
            "[1 2]",
            "\"\\x\"",
            "\"\\u12\"",
            "\"\\u12G4\"",
            "\"\\U0041\"",
            "\"abc",
            "[1,\u{c}2]",
            "[1,\u{b}2]",
            "[1,\u{a0}2]",
            "1 2",
        ] {
            rejects(bad.as_bytes());
        }
    }

    #[test]
    fn whitespace_and_scalars_at_top_level() {
        assert_eq!(re(" \t\r\n\"x\" \n"), "\"x\"");
        assert_eq!(re("true"), "true");
        assert_eq!(re("null"), "null");
        assert_eq!(re("-12.5e-1"), "-1.25");
    }

    #[test]
    fn errors_carry_the_byte_offset() {
        let err = rejects(b"[1, 2,]");
        assert_eq!(err.offset, 6);
        assert_eq!(err.to_string(), "invalid JSON at byte 6: expected a value");
        assert_eq!(rejects(b"\"\xff\x01\"").offset, 2);
    }

    #[test]
    fn deep_nesting_fails_cleanly() {
        // 2 MiB is a tokio worker's stack, the smallest this runs on.
        let check = || {
            for depth in [MAX_DEPTH + 1, 4_000, 10_000, 1_000_000] {
                for (open, close) in [("[", "]"), ("{\"a\":", "}"), ("[{\"\":", "}]")] {
                    let levels = depth.div_ceil(open.matches(['[', '{']).count());
                    let text = format!("{}{}", open.repeat(levels), close.repeat(levels));
                    let err = rejects(text.as_bytes());
                    assert!(err.too_deep(), "{err}");
                    assert_eq!(err.message, "nested deeper than 128 levels");
                }
            }
            // At the limit: parses, stringifies, measures and drops.
            for (open, close) in [("[", "]"), ("{\"a\":", "}"), ("[{\"\":", "}]")] {
                let levels = MAX_DEPTH / open.matches(['[', '{']).count();
                let text = format!("{}1{}", open.repeat(levels), close.repeat(levels));
                assert_eq!(re(&text), text);
                assert_eq!(depth(&parse(text.as_bytes()).unwrap()), MAX_DEPTH);
            }
            // Other errors are not "too deep".
            assert!(!rejects(b"[1,]").too_deep());
        };
        std::thread::Builder::new().stack_size(2 << 20).spawn(check).unwrap().join().unwrap();
    }

    #[test]
    fn depth_counts_containers() {
        for (text, want) in [("1", 0), ("[]", 1), ("{}", 1), ("[1,[2]]", 2), (r#"{"a":[{"b":{}}],"c":1}"#, 4)] {
            assert_eq!(depth(&parse(text.as_bytes()).unwrap()), want, "{text}");
        }
    }

    #[test]
    fn values_deeper_than_the_parser_admits_still_drop_and_stringify() {
        // Built by hand, not parsed: what a library caller could make. Neither may recurse per level.
        let check = || {
            let mut value = JsValue::Null;
            for _ in 0..100_000 {
                let mut object = JsObject::new();
                object.insert("a", value);
                value = JsValue::Object(object);
            }
            assert_eq!(depth(&value), 100_000);
            assert_eq!(stringify(&value).len(), 100_000 * 6 + 4);
        };
        std::thread::Builder::new().stack_size(2 << 20).spawn(check).unwrap().join().unwrap();
    }

    #[test]
    fn js_object_api() {
        let mut object = JsObject::new();
        assert!(object.is_empty());
        object.insert("b", JsValue::Null);
        object.insert(String::from("a"), JsValue::Bool(true));
        object.insert("b", JsValue::String("x".into()));
        assert_eq!(object.len(), 2);
        assert_eq!(object.get("b"), Some(&JsValue::String(JsString::from_str("x"))));
        assert_eq!(object.get("c"), None);
        assert_eq!(stringify(&JsValue::Object(object)), r#"{"b":"x","a":true}"#);
        assert_eq!(JsString(vec![0x61, 0xd800]).to_string_lossy(), "a\u{fffd}");
    }

    #[test]
    fn from_serde_matches_parse() {
        let text = r#"{"z":[1.0,-0.0,12345678901234567890,1e-7,"\u2028"],"1":{"k":null},"0":false}"#;
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(stringify(&from_serde(&value)), re(text));
    }
}
