//! Resource names (`api::names::parse`) and the URL a name is sent to (`api::client::endpoint`).
//!
//! A name that parses has the full shape of its kind, is a fixed point of parsing, and its request reaches exactly
//! that resource: the URL's path segments, decoded, are the version and the name's segments, with no query, no
//! fragment and the same host. A name that does not parse is an error, never a panic.

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use percent_encoding::percent_decode_str;
use seg::api::client::endpoint;
use seg::api::names::{self, Defaults, Kind};

#[derive(Debug, Arbitrary)]
struct Case {
    kind: u8,
    input: String,
    workspace: Option<String>,
    source: Option<String>,
}

/// Each kind with its full form: a keyword, or `None` for an id or slug.
const KINDS: [(Kind, &[Option<&str>]); 8] = [
    (Kind::Workspace, &[Some("workspaces"), None]),
    (Kind::Source, &[Some("workspaces"), None, Some("sources"), None]),
    (Kind::Destination, &[Some("workspaces"), None, Some("sources"), None, Some("destinations"), None]),
    (Kind::TrackingPlan, &[Some("workspaces"), None, Some("tracking-plans"), None]),
    (Kind::AccessToken, &[Some("access-tokens"), None]),
    (Kind::Regulation, &[Some("workspaces"), None, Some("regulations"), None]),
    (Kind::CatalogSource, &[Some("catalog"), Some("sources"), None]),
    (Kind::CatalogDestination, &[Some("catalog"), Some("destinations"), None]),
];

fuzz_target!(|case: Case| {
    let (kind, shape) = KINDS[usize::from(case.kind) % KINDS.len()];
    let defaults = Defaults { workspace: case.workspace.clone(), source: case.source.clone() };
    let Ok(name) = names::parse(kind, &case.input, &defaults) else {
        return;
    };
    let segments: Vec<&str> = name.as_str().split('/').collect();
    assert_eq!(segments.len(), shape.len(), "{name:?} from {case:?} is not a full {} name", kind.noun());
    for (want, got) in shape.iter().zip(&segments) {
        match want {
            Some(keyword) => assert_eq!(keyword, got, "{name:?}"),
            None => assert!(!got.is_empty() && *got != "." && *got != "..", "{name:?}: segment {got:?}"),
        }
    }
    assert_eq!(name.id(), segments[segments.len() - 1]);
    assert!(name.parent().is_empty() || name.as_str().starts_with(&format!("{}/", name.parent())));
    for defaults in [Defaults::default(), defaults] {
        assert_eq!(names::parse(kind, name.as_str(), &defaults).as_ref(), Ok(&name), "full form of {name:?}");
    }

    let url = endpoint("https://api.example.com/", "v1beta", name.path(), &[]).expect("a checked name is a URL path");
    assert_eq!(url.host_str(), Some("api.example.com"));
    assert_eq!((url.query(), url.fragment()), (None, None), "{url}");
    let sent: Vec<String> =
        url.path_segments().unwrap().map(|s| percent_decode_str(s).decode_utf8().unwrap().into_owned()).collect();
    let named: Vec<&str> = std::iter::once("v1beta").chain(segments.iter().copied()).collect();
    assert_eq!(sent, named, "{name:?} is sent to {url}");
});
