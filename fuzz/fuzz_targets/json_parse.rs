//! JSON.parse and JSON.stringify (`json`) on arbitrary bytes: what `seg webhook verify` does to a body.
//!
//! Parsing never panics or overflows the stack, and reads bytes that are not UTF-8 as their replacement (U+FFFD),
//! as a receiver decoding the body first does. What parses re-serialises to a fixed point: stringify(parse(x))
//! parses again and stringifies to the same text. And the parser accepts every document serde_json accepts; where
//! it accepts more, the reason is one serde_json is known for (lone surrogate escapes, its nesting limit of 128,
//! numbers beyond f64, which JSON.parse reads as ±Infinity).

#![no_main]

use libfuzzer_sys::fuzz_target;
use seg::json;

fuzz_target!(|bytes: &[u8]| {
    let parsed = json::parse(bytes);
    // A receiver decodes the body as UTF-8 before JSON.parse sees it; bytes that are not UTF-8 become U+FFFD.
    let text = String::from_utf8_lossy(bytes);
    if text.as_bytes() != bytes {
        assert_eq!(parsed.as_ref().ok(), json::parse(text.as_bytes()).as_ref().ok(), "not read as U+FFFD");
    }
    let serde = serde_json::from_str::<serde_json::Value>(&text);
    match (&parsed, &serde) {
        (Err(e), Ok(_)) => panic!("serde_json accepts what JSON.parse refuses: {e:?}"),
        // serde_json's raw_value feature (axum turns it on) gives this key a meaning of its own.
        (Ok(_), Err(_)) if text.contains("$serde_json::private::") => {}
        (Ok(_), Err(e)) => {
            let why = e.to_string();
            assert!(
                ["surrogate", "end of hex escape", "recursion limit", "number out of range"]
                    .iter()
                    .any(|known| why.contains(known)),
                "JSON.parse accepts what serde_json refuses for another reason: {why}"
            );
        }
        _ => {}
    }
    let Ok(value) = parsed else { return };
    let text = json::stringify(&value);
    let again = json::parse(text.as_bytes()).unwrap_or_else(|e| panic!("stringify gave unparsable {text:?}: {e:?}"));
    assert_eq!(json::stringify(&again), text, "not a fixed point");
    assert_eq!(json::restringify(bytes).as_deref(), Ok(text.as_str()));
});
