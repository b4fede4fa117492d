//! JSON.stringify (`json::stringify`) of any value, against a parse of its output.
//!
//! For every value (lone surrogates, NaN, ±Infinity, -0, subnormals, duplicate and array-index keys, deep nesting):
//! stringify gives text that JSON.parse reads back as the same value, with the one change JavaScript makes,
//! non-finite numbers as null; the text is plain JSON (serde_json reads it, unless it holds a lone surrogate escape,
//! which JSON.stringify writes and serde_json refuses); and a value stringifies to the same text every time.

#![no_main]

use std::collections::HashMap;

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use seg::json::{self, JsObject, JsString, JsValue};

/// A value drawn from the fuzzer's bytes, nested at most `depth` levels.
fn value(u: &mut Unstructured, depth: usize) -> Result<JsValue> {
    let kind = if depth == 0 { u.int_in_range(0..=3)? } else { u.int_in_range(0..=5)? };
    Ok(match kind {
        0 => JsValue::Null,
        1 => JsValue::Bool(u.arbitrary()?),
        2 => JsValue::Number(number(u)?),
        3 => JsValue::String(string(u)?),
        4 => {
            let len = u.int_in_range(0..=6)?;
            JsValue::Array((0..len).map(|_| value(u, depth - 1)).collect::<Result<_>>()?)
        }
        _ => {
            let mut object = JsObject::new();
            for _ in 0..u.int_in_range(0..=6)? {
                object.insert(key(u)?, value(u, depth - 1)?);
            }
            JsValue::Object(object)
        }
    })
}

fn number(u: &mut Unstructured) -> Result<f64> {
    Ok(match u.int_in_range(0..=3)? {
        0 => f64::from_bits(u.arbitrary()?),
        1 => f64::from(u.arbitrary::<i32>()?),
        2 => u.arbitrary::<i64>()? as f64 / 1e3,
        _ => *u.choose(&[0.0, -0.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e21, 1e-7, 5e-324, f64::MAX])?,
    })
}

/// Any UTF-16 code units, lone surrogates and control characters included.
fn string(u: &mut Unstructured) -> Result<JsString> {
    Ok(JsString(u.arbitrary()?))
}

/// Object keys: sometimes array indices and near-misses ("01", "-1", "4294967295"), to exercise key order.
fn key(u: &mut Unstructured) -> Result<JsString> {
    Ok(match u.int_in_range(0..=2)? {
        0 => JsString::from_str(&u.int_in_range(0u64..=4_294_967_296)?.to_string()),
        1 => JsString::from_str(u.choose(&["01", "-1", "1.5", "4294967295", "4294967294", "0", "", "__proto__"])?),
        _ => string(u)?,
    })
}

/// The value JSON.parse(JSON.stringify(v)) gives: non-finite numbers become null.
fn expected(v: &JsValue) -> JsValue {
    match v {
        JsValue::Number(n) if !n.is_finite() => JsValue::Null,
        JsValue::Array(items) => JsValue::Array(items.iter().map(expected).collect()),
        JsValue::Object(object) => {
            let mut out = JsObject::new();
            for (k, v) in object.iter() {
                out.insert(k.clone(), expected(v));
            }
            JsValue::Object(out)
        }
        other => other.clone(),
    }
}

/// Equal as JavaScript would see them, key order aside (stringify puts array-index keys first).
fn same(a: &JsValue, b: &JsValue) -> bool {
    match (a, b) {
        (JsValue::Array(x), JsValue::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b)),
        (JsValue::Object(x), JsValue::Object(y)) => {
            let y: HashMap<&JsString, &JsValue> = y.iter().collect();
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        (JsValue::Number(x), JsValue::Number(y)) => x == y,
        _ => a == b,
    }
}

fn has_lone_surrogate(text: &str) -> bool {
    text.contains("\\ud8")
        || text.contains("\\ud9")
        || text.contains("\\uda")
        || text.contains("\\udb")
        || text.contains("\\udc")
        || text.contains("\\udd")
        || text.contains("\\ude")
        || text.contains("\\udf")
}

fuzz_target!(|bytes: &[u8]| {
    let mut u = Unstructured::new(bytes);
    let Ok(original) = value(&mut u, 8) else { return };
    let text = json::stringify(&original);
    let parsed = json::parse(text.as_bytes()).unwrap_or_else(|e| panic!("unparsable stringify output {text:?}: {e:?}"));
    assert!(same(&parsed, &expected(&original)), "{original:?} -> {text} -> {parsed:?}");
    assert_eq!(json::stringify(&original.clone()), text);
    if !has_lone_surrogate(&text) {
        serde_json::from_str::<serde_json::Value>(&text)
            .unwrap_or_else(|e| panic!("not JSON to serde_json: {e}: {text}"));
    }
});
