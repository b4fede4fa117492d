//! `seg webhook verify`: does an X-Signature match a body, and if not, why not. It tries the raw bytes, then what
//! a receiver following the service's example hashes (JSON.stringify of the parsed body), then element 0 of an
//! array (batched deliveries sign it). On a mismatch it names each cause it can detect by trying the usual
//! corruptions in reverse: a secret with whitespace, a `sha1=` prefix, a trailing newline, CRLF, a BOM, a
//! pretty-printed or re-encoded body.

use serde::Serialize;

use super::json::{self, JsValue};
use super::sign::{self, HEX_LEN};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Form {
    /// The body's exact bytes.
    Raw,
    /// JSON.stringify(JSON.parse(body)).
    Restringified,
    /// JSON.stringify of element 0 of an array body.
    FirstElement,
}

impl Form {
    pub fn describe(self) -> &'static str {
        match self {
            Form::Raw => "the raw body bytes",
            Form::Restringified => "the body re-serialised as JSON.stringify(JSON.parse(body))",
            Form::FirstElement => "element 0 of the array body, re-serialised",
        }
    }
}

/// Something found: a machine-readable code and a sentence for people.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub code: &'static str,
    pub message: String,
}

fn finding(code: &'static str, message: impl Into<String>) -> Finding {
    Finding { code, message: message.into() }
}

/// The signatures each form of the body would have.
#[derive(Debug, Clone, Serialize)]
pub struct Expected {
    pub raw: String,
    pub restringified: Option<String>,
    pub first_element: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Verdict {
    pub valid: bool,
    /// The form that matched, if any (under --strict a match other than raw is not valid).
    pub matched: Option<Form>,
    pub expected: Expected,
    /// Why it does not match (empty when valid).
    pub causes: Vec<Finding>,
    /// What a receiver might still trip on although it matched.
    pub warnings: Vec<Finding>,
}

/// The forms of a body and their signatures under one secret.
struct Forms {
    raw: String,
    restringified: Option<String>,
    first_element: Option<String>,
}

impl Forms {
    fn of(secret: &[u8], body: &[u8]) -> Forms {
        let parsed = json::parse(body).ok();
        let restringified = parsed.as_ref().map(|v| sign::sign(secret, json::stringify(v).as_bytes()));
        let first_element = match &parsed {
            Some(JsValue::Array(items)) if !items.is_empty() => {
                Some(sign::sign(secret, json::stringify(&items[0]).as_bytes()))
            }
            _ => None,
        };
        Forms { raw: sign::sign(secret, body), restringified, first_element }
    }

    /// The first form whose signature is `digest`, compared in constant time.
    fn find(&self, digest: &[u8; 20]) -> Option<Form> {
        let same = |hex: &str| sign::decode(hex).is_some_and(|d| constant_eq(&d, digest));
        // Evaluate all three so the time taken does not say which matched.
        let raw = same(&self.raw);
        let restringified = self.restringified.as_deref().is_some_and(same);
        let first = self.first_element.as_deref().is_some_and(same);
        if raw {
            Some(Form::Raw)
        } else if restringified {
            Some(Form::Restringified)
        } else if first {
            Some(Form::FirstElement)
        } else {
            None
        }
    }
}

fn constant_eq(a: &[u8; 20], b: &[u8; 20]) -> bool {
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

pub fn verify(secret: &[u8], body: &[u8], header: &str, strict: bool) -> Verdict {
    let forms = Forms::of(secret, body);
    let expected = Expected {
        raw: forms.raw.clone(),
        restringified: forms.restringified.clone(),
        first_element: forms.first_element.clone(),
    };
    let mut causes = Vec::new();
    let mut warnings = Vec::new();

    let trimmed = header.trim();
    if trimmed != header {
        causes.push(finding("header_whitespace", "the X-Signature value has surrounding whitespace"));
    }
    let (prefixed, hex) = match trimmed.get(..5) {
        Some(p) if p.eq_ignore_ascii_case("sha1=") => (true, &trimmed[5..]),
        _ => (false, trimmed),
    };
    let digest = sign::decode(hex);
    if digest.is_none() {
        causes.push(finding(
            "header_format",
            format!(
                "X-Signature must be {HEX_LEN} hex characters; got {} characters{}",
                hex.chars().count(),
                if hex.chars().all(|c| c.is_ascii_hexdigit()) { "" } else { " with non-hex ones" }
            ),
        ));
    }
    if prefixed {
        causes.push(finding("sha1_prefix", "the header has a \"sha1=\" prefix; the service sends the bare hex digest"));
    }
    let matched = digest.and_then(|d| forms.find(&d));
    let exact_header = !prefixed && trimmed == header;

    if let Some(form) = matched {
        if hex.chars().any(|c| c.is_ascii_uppercase()) {
            warnings.push(finding(
                "uppercase_header",
                "the header is uppercase hex; the service sends lowercase, and a receiver comparing strings rejects it",
            ));
        }
        match form {
            Form::Raw => {
                if let Some(restringified) = json::restringify(body).ok().filter(|r| r.as_bytes() != body) {
                    warnings.push(finding(
                        "not_stringify_form",
                        format!(
                            "the body is not in JSON.stringify form ({}); a receiver following the service's example hashes the re-serialised body and would reject this signature (it expects {})",
                            difference(body, &restringified),
                            expected.restringified.as_deref().unwrap_or_default()
                        ),
                    ));
                }
            }
            Form::Restringified | Form::FirstElement => {
                // Name the change when it is one of the usual ones; else say how the body differs.
                let mut changes = Vec::new();
                if let Some(digest) = digest {
                    diagnose(secret, body, &digest, &mut changes);
                }
                let how = match changes.iter().find(|c| !matches!(c.code, "reencoded" | "not_json")) {
                    Some(change) => change.message.clone(),
                    None => describe_body(body),
                };
                let note = format!(
                    "matched {}, not the raw bytes: the body was changed after signing ({how})",
                    form.describe()
                );
                if strict {
                    causes.push(finding("not_raw", note));
                    causes.extend(changes.into_iter().filter(|c| !matches!(c.code, "reencoded" | "not_json")));
                } else {
                    warnings.push(finding("not_raw", note));
                }
            }
        }
        if strict && warnings.iter().any(|w| w.code == "uppercase_header") {
            causes.push(finding("uppercase_header", "--strict: the service sends lowercase hex"));
        }
        let valid = exact_header && causes.is_empty();
        return Verdict { valid, matched: Some(form), expected, causes, warnings };
    }

    if let Some(digest) = digest {
        diagnose(secret, body, &digest, &mut causes);
    }
    if causes.iter().all(|c| matches!(c.code, "header_whitespace")) {
        causes.push(finding("different", "different secret or body: no variant of either matches"));
    }
    Verdict { valid: false, matched: None, expected, causes, warnings }
}

/// Tries the usual corruptions of the secret and the body; each one that makes the signature match is a cause.
fn diagnose(secret: &[u8], body: &[u8], digest: &[u8; 20], causes: &mut Vec<Finding>) {
    let trimmed_secret = trim(secret);
    let secrets: Vec<(&[u8], bool)> = if trimmed_secret.len() != secret.len() {
        vec![(secret, false), (trimmed_secret, true)]
    } else {
        vec![(secret, false)]
    };
    let mut bodies: Vec<(&'static str, &'static str, Vec<u8>)> = Vec::new();
    if let Some(stripped) = body.strip_prefix(b"\xef\xbb\xbf") {
        bodies.push((
            "bom",
            "the body starts with a byte-order mark (EF BB BF) that the sender did not sign",
            stripped.to_vec(),
        ));
    }
    if body.windows(2).any(|w| w == b"\r\n") {
        bodies.push(("crlf", "the body's line endings were changed to CRLF", replace_crlf(body)));
    }
    let without_newline = trim_end_newlines(body);
    if without_newline.len() != body.len() {
        bodies.push((
            "trailing_newline",
            "the body has a trailing newline that the sender did not sign (e.g. added by echo or an editor)",
            without_newline.to_vec(),
        ));
    }
    // Every corruption at once, for bodies that went through several hands.
    if bodies.len() > 1 {
        let mut all = body.strip_prefix(b"\xef\xbb\xbf").unwrap_or(body).to_vec();
        all = replace_crlf(&all);
        let all = trim_end_newlines(&all).to_vec();
        bodies.push(("several", "the body was changed in several ways (BOM, CRLF, trailing newline)", all));
    }
    let mut found_secret = false;
    for (secret, trimmed) in &secrets {
        if *trimmed && Forms::of(secret, body).find(digest).is_some() {
            found_secret = true;
        }
        for (code, message, variant) in &bodies {
            if Forms::of(secret, variant).find(digest).is_some() {
                if *trimmed {
                    found_secret = true;
                }
                causes.push(finding(code, *message));
            }
        }
    }
    if found_secret {
        causes.insert(
            0,
            finding(
                "secret_whitespace",
                "the secret has surrounding whitespace or a newline (it matches with the secret trimmed)",
            ),
        );
    }
    if causes.iter().any(|c| c.code != "header_format" && c.code != "sha1_prefix" && c.code != "header_whitespace") {
        return;
    }
    // Nothing matched: say what about the body could break a receiver's re-serialisation.
    match json::restringify(body) {
        Err(e) => causes
            .push(finding("not_json", format!("the body is not valid JSON ({e}), so only its raw bytes can match"))),
        Ok(restringified) if restringified.as_bytes() != body => {
            causes.push(finding("reencoded", format!("the body is not in JSON.stringify form ({}); if it was changed after signing, the original bytes are lost", difference(body, &restringified))));
        }
        Ok(_) => {}
    }
}

fn trim(bytes: &[u8]) -> &[u8] {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(bytes.len());
    let end = bytes.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(start, |i| i + 1);
    &bytes[start..end]
}

fn trim_end_newlines(bytes: &[u8]) -> &[u8] {
    let end = bytes.iter().rposition(|b| *b != b'\n' && *b != b'\r').map_or(0, |i| i + 1);
    &bytes[..end]
}

fn replace_crlf(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
            i += 1;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

/// The bytes with whitespace outside strings removed.
fn minify(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let (mut in_string, mut escaped) = (false, false);
    for &b in bytes {
        if in_string {
            out.push(b);
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
        } else if b == b'"' {
            in_string = true;
            out.push(b);
        } else if !matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
            out.push(b);
        }
    }
    out
}

/// How a body differs from its JSON.stringify form, in words.
fn difference(body: &[u8], restringified: &str) -> String {
    let minified = minify(body);
    let whitespace = minified.len() != body.len();
    let other = minified != restringified.as_bytes();
    match (whitespace, other) {
        (true, false) => "pretty-printed: whitespace between tokens".into(),
        (true, true) => "pretty-printed, and numbers, escapes or key order that a re-serialisation changes".into(),
        (false, _) => "numbers, escapes or key order that a re-serialisation changes (e.g. 1.0, \\u00e9, \\/)".into(),
    }
}

fn describe_body(body: &[u8]) -> String {
    match json::restringify(body) {
        Ok(r) if r.as_bytes() != body => difference(body, &r),
        _ => "re-encoded".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &str = r#"{"version":1,"type":"track","userId":"019mr8mf4r","event":"Purchased an Item","properties":{"revenue":"39.95","shippingMethod":"2-day"},"timestamp":"2012-12-02T00:30:08.276Z"}"#;
    const SIG: &str = "6584c31d030ff167eca14a1042eb7e88c881b8e8";

    fn codes(v: &Verdict) -> Vec<&'static str> {
        v.causes.iter().map(|c| c.code).collect()
    }

    #[test]
    fn raw_match() {
        let v = verify(b"teehee", BODY.as_bytes(), SIG, false);
        assert!(v.valid && v.matched == Some(Form::Raw) && v.causes.is_empty() && v.warnings.is_empty(), "{v:?}");
        assert_eq!(v.expected.raw, SIG);
    }

    #[test]
    fn pretty_printed_body_matches_re_serialised_unless_strict() {
        let value: serde_json::Value = serde_json::from_str(BODY).unwrap();
        let pretty = serde_json::to_string_pretty(&value).unwrap();
        let v = verify(b"teehee", pretty.as_bytes(), SIG, false);
        assert!(v.valid && v.matched == Some(Form::Restringified), "{v:?}");
        assert_eq!(v.warnings[0].code, "not_raw");
        assert!(v.warnings[0].message.contains("pretty-printed"));
        let strict = verify(b"teehee", pretty.as_bytes(), SIG, true);
        assert!(!strict.valid && codes(&strict) == ["not_raw"], "{strict:?}");
    }

    #[test]
    fn batched_array_matches_its_first_element() {
        let batch = format!("[{BODY},{{\"type\":\"page\"}}]");
        let v = verify(b"teehee", batch.as_bytes(), SIG, false);
        assert!(v.valid && v.matched == Some(Form::FirstElement), "{v:?}");
    }

    #[test]
    fn each_corruption_is_named() {
        // A trailing newline survives re-serialisation: valid, with the change named; --strict makes it a cause.
        let v = verify(b"teehee", format!("{BODY}\n").as_bytes(), SIG, false);
        assert!(v.valid && v.warnings[0].message.contains("trailing newline"), "{v:?}");
        let v = verify(b"teehee", format!("{BODY}\n").as_bytes(), SIG, true);
        assert!(!v.valid && codes(&v) == ["not_raw", "trailing_newline"], "{v:?}");
        let v = verify(b"teehee", b"not json\n", &sign::sign(b"teehee", b"not json"), false);
        assert_eq!(codes(&v), ["trailing_newline"]);
        let cases: Vec<(&[u8], String, &str, &str)> = vec![
            (b"teehee\n", BODY.into(), SIG, "secret_whitespace"),
            (b" teehee ", BODY.into(), SIG, "secret_whitespace"),
            (b"teehee", format!("\u{feff}{BODY}"), SIG, "bom"),
            (b"teehee", format!("sha1={SIG}"), SIG, "sha1_prefix"),
        ];
        for (secret, body, sig, want) in cases {
            let header = if want == "sha1_prefix" { body.clone() } else { sig.to_string() };
            let body = if want == "sha1_prefix" { BODY.to_string() } else { body };
            let v = verify(secret, body.as_bytes(), &header, false);
            assert!(!v.valid, "{want}: {v:?}");
            assert!(codes(&v).contains(&want), "{want}: {:?}", v.causes);
        }
        // CRLF: a pretty body signed with LF, received with CRLF.
        let value: serde_json::Value = serde_json::from_str(BODY).unwrap();
        let pretty = serde_json::to_string_pretty(&value).unwrap();
        let pretty_sig = sign::sign(b"teehee", pretty.as_bytes());
        let crlf = pretty.replace('\n', "\r\n");
        let v = verify(b"teehee", crlf.as_bytes(), &pretty_sig, false);
        assert!(codes(&v).contains(&"crlf"), "{v:?}");
        // A secret with a newline and a CRLF body: both named.
        let v = verify(b"teehee\n", crlf.as_bytes(), &pretty_sig, false);
        assert!(codes(&v).contains(&"secret_whitespace") && codes(&v).contains(&"crlf"), "{v:?}");
    }

    #[test]
    fn bad_headers_and_plain_mismatches() {
        let v = verify(b"teehee", BODY.as_bytes(), "abc", false);
        assert_eq!(codes(&v), ["header_format"]);
        let v = verify(b"teehee", BODY.as_bytes(), &"z".repeat(40), false);
        assert!(v.causes[0].message.contains("non-hex"), "{v:?}");
        let v = verify(b"other", BODY.as_bytes(), SIG, false);
        assert_eq!(codes(&v), ["different"]);
        let v = verify(b"other", b"not json", SIG, false);
        assert_eq!(codes(&v), ["not_json"]);
        let v = verify(b"other", br#"{"a":1.0}"#, SIG, false);
        assert_eq!(codes(&v), ["reencoded"]);
    }

    #[test]
    fn uppercase_matches_with_a_warning_and_a_raw_body_not_in_stringify_form_warns() {
        let v = verify(b"teehee", BODY.as_bytes(), &SIG.to_uppercase(), false);
        assert!(v.valid && v.warnings[0].code == "uppercase_header", "{v:?}");
        let odd = br#"{"a":1.0}"#;
        let v = verify(b"k", odd, &sign::sign(b"k", odd), false);
        assert!(v.valid && v.warnings[0].code == "not_stringify_form", "{v:?}");
        assert!(v.warnings[0].message.contains(v.expected.restringified.as_deref().unwrap()));
    }
}
