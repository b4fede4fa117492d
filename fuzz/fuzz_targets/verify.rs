//! `seg webhook verify` (`webhook::verify::verify`) on arbitrary secrets, bodies and X-Signature headers.
//!
//! It never panics; a verdict is valid exactly when it lists no cause, and an invalid one always says why; the
//! expected raw signature is HMAC-SHA1 of the exact bytes; and the forms a receiver may legitimately see are
//! recognised: the exact signature is valid, the signature of the re-serialised body matches (valid unless
//! --strict), uppercase hex matches (valid unless --strict), and padding or a `sha1=` prefix is named as the cause.
//! The diagnosis finds what it is told to look for: a signature made with the secret plus a newline is named as the
//! sender's secret, one of the body plus a newline as a trailing newline, and whatever reproduced a signature says so
//! in `reproduced`.

#![no_main]
// libFuzzer's `fuzz_target!` expands to a `File::create` (for its crash artifacts), which the product's clippy.toml
// forbids outside the effect gate; the target itself writes nothing.
#![allow(clippy::disallowed_methods)]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use seg::json;
use seg::webhook::{sign, verify};

#[derive(Debug, Arbitrary)]
enum Header {
    Any(String),
    Exact,
    Restringified,
    Uppercase,
    Padded,
    Prefixed,
    /// Signed with the secret plus a trailing newline.
    SenderNewline,
    /// Signed over the body less its trailing newline (a body that ends in exactly one).
    BodyNewline,
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
        Header::SenderNewline => sign::sign(&[&secret[..], b"\n"].concat(), &body),
        Header::BodyNewline => match one_newline_less(&body) {
            Some(signed) => sign::sign(&secret, signed),
            None => return,
        },
    };
    let sender_newline = sign::sign(&[&secret[..], b"\n"].concat(), &body);
    let body_newline = one_newline_less(&body).map(|signed| sign::sign(&secret, signed));
    let verdict = verify::verify(&secret, &body, &header, strict);
    assert_eq!(verdict.valid, verdict.causes.is_empty(), "{verdict:?}");
    assert_eq!(verdict.expected.raw, exact);
    assert_eq!(verdict.expected.restringified, restringified.map(|t| sign::sign(&secret, t.as_bytes())));
    let codes: Vec<&str> = verdict.causes.iter().map(|c| c.code).collect();
    let all: Vec<&str> = codes.iter().copied().chain(verdict.warnings.iter().map(|w| w.code)).collect();
    if verdict.matched != Some(verify::Form::Raw) && verdict.reproduced.is_none() {
        assert!(all.iter().all(|c| !matches!(*c, "sender_secret_whitespace" | "gzip" | "bom" | "crlf")), "{verdict:?}");
    }
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
    } else if header == sender_newline && verdict.matched.is_none() {
        assert!(codes.contains(&"sender_secret_whitespace"), "{verdict:?}");
        assert_eq!(verdict.reproduced.as_ref().map(|r| r.secret), Some("sender_trailing_newline"), "{verdict:?}");
    } else if body_newline.as_deref() == Some(header.as_str()) && verdict.matched.is_none() {
        assert!(codes.contains(&"trailing_newline"), "{verdict:?}");
    }
});

/// The body less its one trailing `\n`, when it ends in exactly one (verify strips every trailing CR and LF).
fn one_newline_less(body: &[u8]) -> Option<&[u8]> {
    body.strip_suffix(b"\n").filter(|rest| !rest.ends_with(b"\n") && !rest.ends_with(b"\r"))
}
