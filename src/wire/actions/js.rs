//! The JavaScript the reference packages run, where the answer depends on it: property lookups (`a && a[key]`, which
//! reads a string's characters and `length`, and stops at a falsy value), `String(x)`, `Number(s)`, `trim`, the
//! case conversions, and the values the mapping kit holds while it resolves (`undefined` among them). Strings are
//! UTF-16 code units, as JavaScript's are.

use std::fmt;

use crate::json::{self, JsObject, JsString, JsValue};

/// What seg does not evaluate because JavaScript's answer is not data: a lookup that reaches a member every value of
/// its kind has (`toString`, `constructor`, an array's `map`), and a key `__proto__`, which JavaScript's objects
/// treat as their prototype. Refused, never guessed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsupported(pub String);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The own property names of `Object.prototype`, `Array.prototype`, `String.prototype`, `Number.prototype` and
/// `Boolean.prototype` (Node.js 20): what `value[key]` finds on a value that has no such key of its own.
const OBJECT_MEMBERS: &[&str] = &[
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
    "__proto__",
    "constructor",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toLocaleString",
    "toString",
    "valueOf",
];
const ARRAY_MEMBERS: &[&str] = &[
    "at",
    "concat",
    "copyWithin",
    "entries",
    "every",
    "fill",
    "filter",
    "find",
    "findIndex",
    "findLast",
    "findLastIndex",
    "flat",
    "flatMap",
    "forEach",
    "includes",
    "indexOf",
    "join",
    "keys",
    "lastIndexOf",
    "map",
    "pop",
    "push",
    "reduce",
    "reduceRight",
    "reverse",
    "shift",
    "slice",
    "some",
    "sort",
    "splice",
    "toReversed",
    "toSorted",
    "toSpliced",
    "unshift",
    "values",
    "with",
];
const STRING_MEMBERS: &[&str] = &[
    "anchor",
    "at",
    "big",
    "blink",
    "bold",
    "charAt",
    "charCodeAt",
    "codePointAt",
    "concat",
    "endsWith",
    "fixed",
    "fontcolor",
    "fontsize",
    "includes",
    "indexOf",
    "isWellFormed",
    "italics",
    "lastIndexOf",
    "link",
    "localeCompare",
    "match",
    "matchAll",
    "normalize",
    "padEnd",
    "padStart",
    "repeat",
    "replace",
    "replaceAll",
    "search",
    "slice",
    "small",
    "split",
    "startsWith",
    "strike",
    "sub",
    "substr",
    "substring",
    "sup",
    "toLocaleLowerCase",
    "toLocaleUpperCase",
    "toLowerCase",
    "toUpperCase",
    "toWellFormed",
    "trim",
    "trimEnd",
    "trimLeft",
    "trimRight",
    "trimStart",
];
const NUMBER_MEMBERS: &[&str] = &["toExponential", "toFixed", "toPrecision"];

/// The kinds of value whose prototype members a lookup may reach.
#[derive(Clone, Copy)]
pub(crate) enum Proto {
    Object,
    Array,
    String,
    Number,
    Boolean,
}

/// Whether `key` names a member values of this kind inherit (Object.prototype's are everyone's).
pub(crate) fn inherited(proto: Proto, key: &[u16]) -> bool {
    let named = |names: &[&str]| names.iter().any(|n| n.encode_utf16().eq(key.iter().copied()));
    named(OBJECT_MEMBERS)
        || match proto {
            Proto::Object | Proto::Boolean => false,
            Proto::Array => named(ARRAY_MEMBERS),
            Proto::String => named(STRING_MEMBERS),
            Proto::Number => named(NUMBER_MEMBERS),
        }
}

/// The error for a lookup that reaches an inherited member.
pub(crate) fn builtin(key: &[u16]) -> Unsupported {
    Unsupported(format!(
        "the path reaches `{}`, a member JavaScript gives every value of its kind, not data",
        String::from_utf16_lossy(key)
    ))
}

pub(crate) fn units(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

pub(crate) fn text(units: &[u16]) -> String {
    String::from_utf16_lossy(units)
}

const LENGTH: &[u16] = &[b'l' as u16, b'e' as u16, b'n' as u16, b'g' as u16, b't' as u16, b'h' as u16];

/// The index a key names on a string (CanonicalNumericIndexString of an integer: "0", "12", never "01" or "-0").
fn string_index(key: &[u16]) -> Option<usize> {
    if key.is_empty() || key.len() > 15 || (key.len() > 1 && key[0] == u16::from(b'0')) {
        return None;
    }
    key.iter().try_fold(0usize, |n, &u| {
        (u16::from(b'0')..=u16::from(b'9')).contains(&u).then(|| n * 10 + usize::from(u - u16::from(b'0')))
    })
}

/// A value as the mapping kit holds it while it resolves: JSON, or `undefined` anywhere.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Val {
    Undefined,
    Null,
    Bool(bool),
    Num(f64),
    Str(Vec<u16>),
    Arr(Vec<Val>),
    Obj(Obj),
}

/// An object's properties in JavaScript's order: array-index keys ascending, then the others as inserted.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Obj(pub Vec<(Vec<u16>, Val)>);

impl Obj {
    pub(crate) fn get(&self, key: &[u16]) -> Option<&Val> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// `object[key] = value` on an ordinary object: an existing key keeps its place.
    pub(crate) fn set(&mut self, key: Vec<u16>, value: Val) -> Result<(), Unsupported> {
        if key == units("__proto__") {
            return Err(proto_key());
        }
        if let Some(slot) = self.0.iter_mut().find(|(k, _)| *k == key) {
            slot.1 = value;
            return Ok(());
        }
        match JsString(key.clone()).array_index() {
            Some(index) => {
                let at = self
                    .0
                    .iter()
                    .position(|(k, _)| JsString(k.clone()).array_index().is_none_or(|other| other > index))
                    .unwrap_or(self.0.len());
                self.0.insert(at, (key, value));
            }
            None => self.0.push((key, value)),
        }
        Ok(())
    }
}

pub(crate) fn proto_key() -> Unsupported {
    Unsupported("a key `__proto__`, which JavaScript objects read as their prototype".into())
}

impl Val {
    /// A parsed JSON value as the mapping kit holds it; a key `__proto__` anywhere is refused.
    pub(crate) fn from_js(value: &JsValue) -> Result<Val, Unsupported> {
        Ok(match value {
            JsValue::Null => Val::Null,
            JsValue::Bool(b) => Val::Bool(*b),
            JsValue::Number(n) => Val::Num(*n),
            JsValue::String(s) => Val::Str(s.0.clone()),
            JsValue::Array(items) => Val::Arr(items.iter().map(Val::from_js).collect::<Result<_, _>>()?),
            JsValue::Object(object) => {
                let mut out = Vec::with_capacity(object.len());
                for (key, item) in object.ordered() {
                    if key.0 == units("__proto__") {
                        return Err(proto_key());
                    }
                    out.push((key.0.clone(), Val::from_js(item)?));
                }
                Val::Obj(Obj(out))
            }
        })
    }

    /// The JSON JSON.stringify writes for this value: `undefined` leaves an object's key out and is `null` in an
    /// array; `None` for `undefined` itself.
    pub(crate) fn to_js(&self) -> Option<JsValue> {
        Some(match self {
            Val::Undefined => return None,
            Val::Null => JsValue::Null,
            Val::Bool(b) => JsValue::Bool(*b),
            Val::Num(n) => JsValue::Number(*n),
            Val::Str(s) => JsValue::String(JsString(s.clone())),
            Val::Arr(items) => JsValue::Array(items.iter().map(|v| v.to_js().unwrap_or(JsValue::Null)).collect()),
            Val::Obj(object) => {
                let mut out = JsObject::new();
                for (key, item) in &object.0 {
                    if let Some(item) = item.to_js() {
                        out.insert(JsString(key.clone()), item);
                    }
                }
                JsValue::Object(out)
            }
        })
    }

    /// JavaScript's truthiness.
    pub(crate) fn truthy(&self) -> bool {
        match self {
            Val::Undefined | Val::Null => false,
            Val::Bool(b) => *b,
            Val::Num(n) => *n != 0.0 && !n.is_nan(),
            Val::Str(s) => !s.is_empty(),
            Val::Arr(_) | Val::Obj(_) => true,
        }
    }

    pub(crate) fn is_nullish(&self) -> bool {
        matches!(self, Val::Undefined | Val::Null)
    }

    /// `Object.prototype.toString.call(x).slice(8, -1).toLowerCase()`, the mapping kit's `realTypeOf`.
    pub(crate) fn real_type(&self) -> &'static str {
        match self {
            Val::Undefined => "undefined",
            Val::Null => "null",
            Val::Bool(_) => "boolean",
            Val::Num(_) => "number",
            Val::Str(_) => "string",
            Val::Arr(_) => "array",
            Val::Obj(_) => "object",
        }
    }

    /// `String(x)` (a template literal's `${x}`, `"" + x`).
    pub(crate) fn to_js_string(&self) -> Vec<u16> {
        match self {
            Val::Undefined => units("undefined"),
            Val::Null => units("null"),
            Val::Bool(b) => units(if *b { "true" } else { "false" }),
            Val::Num(n) => units(&json::number_to_string(*n)),
            Val::Str(s) => s.clone(),
            Val::Arr(items) => {
                let mut out = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(u16::from(b','));
                    }
                    if !item.is_nullish() {
                        out.extend(item.to_js_string());
                    }
                }
                out
            }
            Val::Obj(_) => units("[object Object]"),
        }
    }

    /// `value && value[key]`, the step of both packages' `get`.
    pub(crate) fn step(&self, key: &[u16]) -> Result<Val, Unsupported> {
        if !self.truthy() {
            return Ok(self.clone());
        }
        let (proto, own) = match self {
            Val::Str(s) => {
                if key == LENGTH {
                    return Ok(Val::Num(s.len() as f64));
                }
                match string_index(key).and_then(|i| s.get(i)) {
                    Some(&unit) => return Ok(Val::Str(vec![unit])),
                    None => (Proto::String, None),
                }
            }
            Val::Arr(items) => {
                if key == LENGTH {
                    return Ok(Val::Num(items.len() as f64));
                }
                let index = JsString(key.to_vec()).array_index();
                (Proto::Array, index.and_then(|i| items.get(i as usize)))
            }
            Val::Obj(object) => (Proto::Object, object.get(key)),
            Val::Num(_) => (Proto::Number, None),
            Val::Bool(_) => (Proto::Boolean, None),
            Val::Undefined | Val::Null => unreachable!("falsy"),
        };
        match own {
            Some(found) => Ok(found.clone()),
            None if inherited(proto, key) => Err(builtin(key)),
            None => Ok(Val::Undefined),
        }
    }
}

/// A raw JSON value's truthiness (the mapping kit tests its directives' options unresolved: `if (opts.value)`).
pub(crate) fn truthy(value: Option<&JsValue>) -> bool {
    match value {
        None | Some(JsValue::Null) => false,
        Some(JsValue::Bool(b)) => *b,
        Some(JsValue::Number(n)) => *n != 0.0 && !n.is_nan(),
        Some(JsValue::String(s)) => !s.0.is_empty(),
        Some(JsValue::Array(_) | JsValue::Object(_)) => true,
    }
}

/// WhiteSpace and LineTerminator (ECMA-262 §12.2, §12.3): what `trim` and `Number(s)` strip.
pub(crate) fn is_space(unit: u16) -> bool {
    matches!(
        unit,
        0x09 | 0x0A | 0x0B | 0x0C | 0x0D | 0x20 | 0xA0 | 0x1680 | 0x2000
            ..=0x200A | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000 | 0xFEFF
    )
}

/// `s.trim()`.
pub(crate) fn trim(s: &[u16]) -> &[u16] {
    let start = s.iter().position(|&u| !is_space(u)).unwrap_or(s.len());
    let end = s.iter().rposition(|&u| !is_space(u)).map_or(start, |i| i + 1);
    &s[start..end.max(start)]
}

/// `Number(s)` of a string (StringToNumber, ECMA-262 §7.1.4.1.1).
pub(crate) fn string_to_number(s: &[u16]) -> f64 {
    let s = trim(s);
    if s.is_empty() {
        return 0.0;
    }
    if s.iter().any(|&u| u > 0x7F) {
        return f64::NAN;
    }
    let text: String = s.iter().map(|&u| char::from(u as u8)).collect();
    for (prefix, radix) in [("0x", 16), ("0X", 16), ("0o", 8), ("0O", 8), ("0b", 2), ("0B", 2)] {
        if let Some(digits) = text.strip_prefix(prefix) {
            if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
                return f64::NAN;
            }
            return digits.chars().fold(0.0, |n, c| n * f64::from(radix) + f64::from(c.to_digit(radix).unwrap_or(0)));
        }
    }
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(&text);
    if unsigned == "Infinity" {
        return if text.starts_with('-') { f64::NEG_INFINITY } else { f64::INFINITY };
    }
    if !decimal_literal(unsigned) {
        return f64::NAN;
    }
    text.parse().unwrap_or(f64::NAN)
}

/// StrUnsignedDecimalLiteral without `Infinity`: digits with an optional fraction (or a fraction alone), then an
/// optional exponent.
fn decimal_literal(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    let whole = digits(&mut i);
    let mut fraction = 0;
    if i < b.len() && b[i] == b'.' {
        i += 1;
        fraction = digits(&mut i);
    }
    if whole + fraction == 0 {
        return false;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// `s.toLowerCase()` / `s.toUpperCase()`: the full Unicode mappings, lone surrogates kept.
pub(crate) fn convert_case(s: &[u16], upper: bool) -> Vec<u16> {
    let decoded: Vec<Result<char, u16>> =
        char::decode_utf16(s.iter().copied()).map(|r| r.map_err(|e| e.unpaired_surrogate())).collect();
    let mut out = Vec::with_capacity(s.len());
    // Final sigma (Σ at the end of a word is ς) needs the text around it; the run of valid text is converted whole.
    let mut run = String::new();
    let flush = |run: &mut String, out: &mut Vec<u16>| {
        let converted = if upper { run.to_uppercase() } else { run.to_lowercase() };
        out.extend(converted.encode_utf16());
        run.clear();
    };
    for item in decoded {
        match item {
            Ok(c) => run.push(c),
            Err(lone) => {
                flush(&mut run, &mut out);
                out.push(lone);
            }
        }
    }
    flush(&mut run, &mut out);
    out
}

/// Canonicalize (ECMA-262 §22.2.2.7.3) of a non-Unicode, case-insensitive regular expression: one code unit to its
/// upper case when that is one code unit and does not turn a non-ASCII unit into an ASCII one.
pub(crate) fn canonicalize(unit: u16) -> u16 {
    let Some(c) = char::from_u32(u32::from(unit)) else { return unit };
    let mut upper = c.to_uppercase();
    let (Some(first), None) = (upper.next(), upper.next()) else { return unit };
    let mut buf = [0u16; 2];
    let encoded = first.encode_utf16(&mut buf);
    if encoded.len() != 1 || (unit >= 128 && encoded[0] < 128) {
        return unit;
    }
    encoded[0]
}

/// Where `needle` first occurs in `hay` at or after `from` (UTF-16 units, as `indexOf`).
pub(crate) fn find(hay: &[u16], needle: &[u16], from: usize) -> Option<usize> {
    if needle.is_empty() {
        return (from <= hay.len()).then_some(from);
    }
    (from..=hay.len().checked_sub(needle.len())?).find(|&i| &hay[i..i + needle.len()] == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_to_number_follows_ecma() {
        for (text, expected) in [
            ("", 0.0),
            ("  12  ", 12.0),
            ("1e3", 1000.0),
            ("-.5", -0.5),
            ("5.", 5.0),
            ("0x1F", 31.0),
            ("0b11", 3.0),
            ("-Infinity", f64::NEG_INFINITY),
            ("\u{a0}7\u{feff}", 7.0),
        ] {
            assert_eq!(string_to_number(&units(text)), expected, "{text:?}");
        }
        for text in ["abc", "1_000", "-0x1", "inf", "NaN", "1e", ".", "+", "1 2", "\u{85}1"] {
            assert!(string_to_number(&units(text)).is_nan(), "{text:?}");
        }
    }

    #[test]
    fn lookups_read_strings_arrays_and_stop_at_falsy_values() {
        let v = |text: &str| Val::from_js(&json::parse(text.as_bytes()).unwrap()).unwrap();
        assert_eq!(v(r#""abc""#).step(&units("1")), Ok(Val::Str(units("b"))));
        assert_eq!(v(r#""abc""#).step(&units("length")), Ok(Val::Num(3.0)));
        assert_eq!(v(r#""abc""#).step(&units("01")), Ok(Val::Undefined));
        assert_eq!(v("[1,2]").step(&units("length")), Ok(Val::Num(2.0)));
        assert_eq!(v("0").step(&units("a")), Ok(Val::Num(0.0)));
        assert_eq!(v(r#"{"a":1}"#).step(&units("b")), Ok(Val::Undefined));
        assert!(v(r#"{"a":1}"#).step(&units("constructor")).is_err());
        assert!(v("[1]").step(&units("map")).is_err());
        assert_eq!(v("{}").step(&units("map")), Ok(Val::Undefined));
    }

    #[test]
    fn objects_keep_javascript_order() {
        let mut o = Obj::default();
        for key in ["b", "2", "a", "1", "b"] {
            o.set(units(key), Val::Null).unwrap();
        }
        let keys: Vec<String> = o.0.iter().map(|(k, _)| text(k)).collect();
        assert_eq!(keys, ["1", "2", "b", "a"]);
        assert!(o.set(units("__proto__"), Val::Null).is_err());
    }
}
