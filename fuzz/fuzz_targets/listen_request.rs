//! `seg webhook listen` (`webhook::listen::router`): what it does with a received request, on arbitrary methods,
//! paths, headers and bodies, signed or not, with and without a secret.
//!
//! It never panics; the sender gets `--status`; the record holds the exact body (`raw`, `size`) and every header,
//! credentials masked; the signature is `absent` without an X-Signature header, `unchecked` without a secret, else
//! `valid` exactly when `verify` (not strict) says so (the exact signature always), and an invalid one says why; the
//! record as printed (its line, and its NDJSON) holds no control character and reads back as the same JSON; and the
//! journal keeps the request exactly: the body's bytes, the headers as received, the verdict and the answer.

#![no_main]
// libFuzzer's `fuzz_target!` expands to a `File::create` (for its crash artifacts), which the product's clippy.toml
// forbids outside the effect gate; the journal writes through seg's own bookkeeping.
#![allow(clippy::disallowed_methods)]

use std::sync::{Arc, Mutex, OnceLock};

use arbitrary::{Arbitrary, Unstructured};
use axum::body::Body;
use axum::http::{HeaderName, HeaderValue, Request};
use libfuzzer_sys::fuzz_target;
use seg::webhook::journal::{self, Journal};
use seg::webhook::listen::{self, ListenOptions, Received, Signature};
use seg::webhook::{sign, verify};
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};
use tower::ServiceExt;

const SECRET: &[u8] = b"s3cret";
/// What the listener answers (`--status`).
const STATUS: u16 = 202;
/// Requests the journal keeps (`--journal-max`): small, so that pruning runs too.
const KEPT: u64 = 32;

const NAMES: &[&str] = &[
    "x-signature",
    "authorization",
    "cookie",
    "x-api-key",
    "content-type",
    "user-agent",
    "content-encoding",
    "x-team",
];

#[derive(Debug, Arbitrary)]
enum SignatureHeader {
    None,
    Exact,
    Uppercase,
    Restringified,
    Any(String),
}

#[derive(Debug, Arbitrary)]
struct Case {
    with_secret: bool,
    method: u8,
    path: String,
    headers: Vec<(u8, String, Vec<u8>)>,
    signature: SignatureHeader,
    body: Vec<u8>,
}

/// A listener (with and without a secret) over one journal, made once: each one's HTTP client costs more than a run.
struct Listener {
    router: axum::Router,
    records: Mutex<UnboundedReceiver<Received>>,
}

fn listeners() -> &'static (Listener, Listener, std::path::PathBuf) {
    static LISTENERS: OnceLock<(Listener, Listener, std::path::PathBuf)> = OnceLock::new();
    LISTENERS.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("seg-fuzz-listen-{}", std::process::id()));
        let journal = Arc::new(Journal::open(&dir, KEPT).expect("the journal opens"));
        let make = |secret: Option<&[u8]>| {
            let (sink, records) = unbounded_channel();
            let options = ListenOptions {
                secret: secret.map(<[u8]>::to_vec),
                status: STATUS,
                journal: Some(journal.clone()),
                ..ListenOptions::default()
            };
            Listener { router: listen::router(options, sink), records: Mutex::new(records) }
        };
        (make(Some(SECRET)), make(None), dir)
    })
}

fuzz_target!(|bytes: &[u8]| {
    let Ok(case) = Case::arbitrary(&mut Unstructured::new(bytes)) else { return };
    let (with_secret, without, dir) = listeners();
    let listener = if case.with_secret { with_secret } else { without };
    let method = ["POST", "PUT", "GET", "DELETE", "PATCH"][usize::from(case.method) % 5];
    let mut request = Request::builder().method(method).uri(format!("/{}", case.path.trim_start_matches('/')));
    let exact = sign::sign(SECRET, &case.body);
    let header = match &case.signature {
        SignatureHeader::None => None,
        SignatureHeader::Exact => Some(exact.clone()),
        SignatureHeader::Uppercase => Some(exact.to_uppercase()),
        SignatureHeader::Restringified => {
            seg::json::restringify(&case.body).ok().map(|text| sign::sign(SECRET, text.as_bytes()))
        }
        SignatureHeader::Any(text) => Some(text.clone()),
    };
    let mut given: Vec<(String, Vec<u8>)> = Vec::new();
    if let Some(value) = &header {
        given.push(("x-signature".into(), value.clone().into_bytes()));
    }
    for (name, custom, value) in &case.headers {
        let name = match NAMES.get(usize::from(*name)) {
            // The signature is the case's own: one header, so its verdict is known.
            Some(&"x-signature") | None => custom.to_ascii_lowercase(),
            Some(name) => name.to_string(),
        };
        if name == "x-signature" {
            continue;
        }
        given.push((name, value.clone()));
    }
    for (name, value) in &given {
        // What no HTTP server would hand on (an invalid header) is not the listener's to read.
        let (Ok(name), Ok(value)) = (HeaderName::from_bytes(name.as_bytes()), HeaderValue::from_bytes(value)) else {
            return;
        };
        request = request.header(name, value);
    }
    let Ok(request) = request.body(Body::from(case.body.clone())) else { return };
    // The headers in the order a server hands them on (a name's values together).
    let sent: Vec<(String, Vec<u8>)> =
        request.headers().iter().map(|(name, value)| (name.to_string(), value.as_bytes().to_vec())).collect();
    let path = request.uri().path_and_query().map(ToString::to_string).unwrap_or_default();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let status = runtime.block_on(async { listener.router.clone().oneshot(request).await.unwrap().status() });
    assert_eq!(status.as_u16(), STATUS);
    let record = listener.records.lock().unwrap().try_recv().expect("every request is recorded");

    // The request, exactly.
    assert_eq!((record.method.as_str(), record.path.as_str()), (method, path.as_str()));
    assert_eq!((record.size, &record.raw[..]), (case.body.len(), &case.body[..]));
    assert_eq!(record.body, String::from_utf8_lossy(&case.body));
    assert_eq!(record.headers.len(), sent.len(), "{:?}", record.headers);
    for ((name, value), (got_name, got_value)) in sent.iter().zip(&record.headers) {
        assert_eq!(name, got_name);
        // A credential by its name (`wire::config::credential_name`: authorization, cookie, *token, *secret, ...).
        if seg::wire::config::credential_name(name) {
            assert!(got_value.ends_with("(redacted)"), "{name}: {got_value}");
        } else {
            assert_eq!(got_value, &String::from_utf8_lossy(value), "{name}");
        }
    }

    // The verdict.
    match (&header, case.with_secret) {
        (None, _) => assert_eq!(record.signature, Signature::Absent),
        (Some(_), false) => assert_eq!(record.signature, Signature::Unchecked),
        (Some(text), true) => {
            let verdict = verify::verify(SECRET, &case.body, text, false);
            let want = if verdict.valid { Signature::Valid } else { Signature::Invalid };
            assert_eq!(record.signature, want, "{verdict:?}");
            if *text == exact {
                assert_eq!(record.signature, Signature::Valid, "the exact signature");
            }
            if record.signature == Signature::Invalid {
                assert!(!record.causes.is_empty(), "an invalid signature says why");
            }
        }
    }

    // As printed: nothing that drives a terminal, and the same JSON.
    let line = record.line();
    assert!(!line.chars().any(char::is_control), "{line:?}");
    let json = seg::ui::json_line(&record).unwrap();
    assert!(!json.chars().any(char::is_control), "{json:?}");
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value, serde_json::to_value(&record).unwrap());

    // As kept.
    let id = record.id.unwrap_or_else(|| panic!("not journaled: {:?}", record.journal_error));
    let entry = journal::read(dir, id).unwrap();
    assert_eq!(entry.body_bytes(), case.body);
    let kept: Vec<(String, Vec<u8>)> = entry.headers.iter().map(|h| (h.name.clone(), h.bytes())).collect();
    assert_eq!(kept, sent);
    assert_eq!((entry.signature, entry.answer.status), (record.signature, STATUS));
});
