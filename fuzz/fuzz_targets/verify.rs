//! `seg webhook verify` (`webhook::verify::verify`) on arbitrary secrets, bodies and X-Signature headers.
//!
//! It never panics; a verdict is valid exactly when it lists no cause, and an invalid one always says why; the
//! expected raw signature is HMAC-SHA1 of the exact bytes; and the forms a receiver may legitimately see are
//! recognised: the exact signature is valid, the signature of the re-serialised body matches (valid unless
//! --strict), uppercase hex matches (valid unless --strict), and padding or a `sha1=` prefix is named as the cause.

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use seg::webhook::{json, sign, verify};

#[derive(Debug, Arbitrary)]
enum Header {
    Any(String),
    Exact,
    Restringified,
    Uppercase,
    Padded,
    Prefixed,
}

#[derive(Debug, Arbitrary)]
struct Case {
    secret: Vec<u8>,
    body: Vec<u8>,
    header: Header,
    strict: bool,
}

fuzz_target!(|case: Case| {
    let Case { secret, body, header, strict } = case;
    let exact = sign::sign(&secret, &body);
    let restringified = json::restringify(&body).ok();
    let header = match header {
        Header::Any(text) => text,
        Header::Exact => exact.clone(),
        Header::Restringified => match &restringified {
            Some(text) => sign::sign(&secret, text.as_bytes()),
            None => return,
        },
        Header::Uppercase => exact.to_uppercase(),
        Header::Padded => format!(" {exact}\n"),
        Header::Prefixed => format!("sha1={exact}"),
    };
    let verdict = verify::verify(&secret, &body, &header, strict);
    assert_eq!(verdict.valid, verdict.causes.is_empty(), "{verdict:?}");
    assert_eq!(verdict.expected.raw, exact);
    assert_eq!(verdict.expected.restringified, restringified.map(|t| sign::sign(&secret, t.as_bytes())));
    let codes: Vec<&str> = verdict.causes.iter().map(|c| c.code).collect();
    if header == exact {
        assert!(verdict.valid, "the exact signature is refused: {verdict:?}");
        assert_eq!(verdict.matched, Some(verify::Form::Raw));
    } else if header == exact.to_uppercase() {
        assert_eq!(verdict.matched, Some(verify::Form::Raw));
        assert_eq!(verdict.valid, !strict, "{verdict:?}");
    } else if verdict.expected.restringified.as_deref() == Some(header.as_str()) {
        assert!(verdict.matched.is_some());
        assert_eq!(verdict.valid, !strict, "{verdict:?}");
    } else if header == format!(" {exact}\n") {
        assert!(!verdict.valid && codes.contains(&"header_whitespace"), "{verdict:?}");
    } else if header == format!("sha1={exact}") {
        assert!(!verdict.valid && codes.contains(&"sha1_prefix"), "{verdict:?}");
    }
});
