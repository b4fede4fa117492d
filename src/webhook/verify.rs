//! `seg webhook verify`: does an X-Signature match a body, and if not, why not.
//!
//! First the forms a receiver may legitimately hash: the raw bytes, what a receiver following the service's example
//! hashes (JSON.stringify of the parsed body), element 0 of an array (batched deliveries sign it). Then, to name
//! the cause, a search that reproduces the signature rather than guessing from the text: every variant of the secret
//! (the receiver's trimmed; the sender's with a trailing newline, CRLF, space or tab, or a leading space) against
//! every variant of the body (gunzipped; without its BOM, with LF for CRLF, without a trailing newline, in any
//! combination; re-serialised; put back in the service's key order; each element of an array), simplest first. The
//! one whose HMAC equals the header is the cause, and the body's shape then names the serializer that made it.
//! It stays cheap: each variant is built once and hashed once per secret (a few dozen HMACs of a body), identical
//! variants are hashed once, and the bytes generated in all are bounded.

use std::collections::HashSet;
use std::io::Read;

use hmac::{KeyInit, Mac};
use serde::Serialize;

use super::shape::{self, Shape};
use super::sign::{self, HEX_LEN};
use crate::json::{self, JsObject, JsString, JsValue};
use crate::wire::message::{MessageType, Slot};

type HmacSha1 = hmac::Hmac<sha1::Sha1>;

/// The body bytes the search may generate in all (or twice the body, when that is more): a huge body is searched
/// in time and memory proportional to its size.
const SEARCH_BYTES: usize = 16 << 20;
/// A gzip body is searched only if it decompresses to at most this.
const GUNZIP_LIMIT: u64 = 16 << 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
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
    /// How a match in this form is valid, said so that nobody reads it as a match of the bytes received:
    /// `only after re-serialisation as ...`. Empty for the raw bytes.
    pub fn only(self) -> &'static str {
        match self {
            Form::Raw => "",
            Form::Restringified => "only after re-serialisation as JSON.stringify(JSON.parse(body))",
            Form::FirstElement => {
                "only as element 0 of the array, re-serialised as JSON.stringify(JSON.parse(body)[0])"
            }
        }
    }
}

/// What a receiver hashing the bytes it received concludes of a match in another form: the words every verdict of
/// such a match leads with or carries.
pub const RAW_REJECTS: &str = "a receiver hashing the raw bytes rejects it";

/// Something found: a machine-readable code (docs/WEBHOOKS.md lists them) and a sentence for people.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub code: &'static str,
    pub message: String,
}

/// The one way a finding is made: its message may quote the received body (a token that differs, a character), so
/// control characters in it are escaped here, and no output of it (a terminal line, JSON, the journal, the
/// inspector) can carry one.
fn finding(code: &'static str, message: impl Into<String>) -> Finding {
    let message = message.into();
    Finding { code, message: crate::ui::escape_control(&message).into_owned() }
}

/// The signatures each form of the body would have.
#[derive(Debug, Clone, Serialize)]
pub struct Expected {
    pub raw: String,
    pub restringified: Option<String>,
    pub first_element: Option<String>,
}

/// Which variant of the secret and the body reproduced the signature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reproduced {
    /// `as_given`, `receiver_trimmed` (the secret given, trimmed), or `sender_trailing_newline`,
    /// `sender_trailing_crlf`, `sender_trailing_space`, `sender_trailing_tab`, `sender_leading_space`,
    /// `sender_surrounding_spaces` (the secret given, with that added: what the sender signed with).
    pub secret: &'static str,
    /// What was undone to the body, in order: `gunzip`, `strip_bom`, `crlf_to_lf`, `strip_trailing_newline`,
    /// `ascii_escape`, `ascii_unescape`, `restringify`, `element`, `service_key_order`. Empty: the raw bytes.
    pub body: Vec<&'static str>,
    /// For a match on an element of an array body, its index.
    pub element: Option<usize>,
    /// The same, in words.
    pub description: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Verdict {
    pub valid: bool,
    /// The form that matched with the secret and body as given, if any (under --strict a match other than raw is
    /// not valid).
    pub matched: Option<Form>,
    pub expected: Expected,
    /// Why it does not match (empty when valid).
    pub causes: Vec<Finding>,
    /// What a receiver might still trip on although it matched.
    pub warnings: Vec<Finding>,
    /// The variant that reproduced the signature, when it was not the raw bytes with the secret as given.
    pub reproduced: Option<Reproduced>,
    /// With `--destination`, when nothing explains the signature: what that destination's shared secret tells.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destination: Option<DestinationSecret>,
    /// The request came from Webhooks (Actions) (its `User-Agent: Segment (Actions)`): a batch is signed over its
    /// first element only, and what is signed is the mapping's `data`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub actions: bool,
}

impl Verdict {
    /// The verdict's first line, which leads with what a receiver hashing the raw bytes concludes: a match only
    /// after re-serialisation is never called valid without saying so first.
    pub fn headline(&self) -> String {
        let strict = self.causes.iter().any(|c| c.code == "not_raw");
        match (self.valid, self.matched) {
            (true, Some(Form::FirstElement)) if self.actions => {
                format!("valid for a Webhooks (Actions) batch, signed over its first element only; {RAW_REJECTS}")
            }
            (true, Some(Form::Raw)) => "valid: the signature matches the raw body bytes".to_string(),
            (true, Some(form)) => format!("valid {}; {RAW_REJECTS}", form.only()),
            (false, Some(Form::Raw)) => "invalid: the signature matches the raw body bytes, but:".to_string(),
            (false, Some(form)) if strict => {
                format!("invalid: {RAW_REJECTS}; the signature matches {}, which --strict does not accept", form.only())
            }
            (false, Some(form)) => format!("invalid: {RAW_REJECTS}; the signature matches {}, but:", form.only()),
            (_, None) if self.reproduced.is_some() => {
                let what = if self.causes.len() == 1 { "the cause below is" } else { "the causes below are" };
                format!("invalid: the signature matches no form of this body; it is reproduced when {what} undone")
            }
            (_, None) => "invalid: the signature matches no form of this body".to_string(),
        }
    }

    /// Whether nothing explains the signature: no form of the body matches and no variant of the secret or the body
    /// reproduces it (a different secret, or a body other than the one signed). Then only what is known of the
    /// secret can narrow it down.
    pub fn unexplained(&self) -> bool {
        self.matched.is_none()
            && self.reproduced.is_none()
            && !self.causes.iter().any(|c| matches!(c.code, "header_format" | "sha1_prefix"))
    }
}

/// What the shared secret of a destination, as the service shows it (censored: ten `•` and its last four
/// characters, `wire::public::censor`), tells of the secret given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The last four characters are the same: likely the same secret.
    Same,
    /// They differ (or the secret given is too short to end so): another secret.
    Different,
    /// The service shows none of its characters (a secret shorter than 8, or one made of `*`): nothing to compare.
    Hidden,
    /// The destination has no shared secret: the service signs nothing.
    NoSecret,
}

/// `--destination`: its name and what its shared secret tells (`-o json`: `destination`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DestinationSecret {
    pub name: String,
    pub last_four: Ending,
}

impl DestinationSecret {
    /// The secret `given` against the destination's `shown` value: censored as the Public API shows it, or as the
    /// value itself where an API shows it whole (then censored the same way first, so both APIs are compared
    /// alike and nothing more of it is looked at). Never says a character of either.
    pub fn compare(name: &str, given: &str, shown: Option<&str>) -> DestinationSecret {
        let last_four = match shown {
            None | Some("") => Ending::NoSecret,
            Some(shown) => {
                let shown = if crate::wire::config::censored_secret(&serde_json::Value::String(shown.to_string())) {
                    shown.to_string()
                } else {
                    crate::wire::public::censor(shown)
                };
                let tail = shown.trim_start_matches('•');
                if tail.is_empty() || tail.chars().all(|c| c == '*') {
                    Ending::Hidden
                } else if crate::wire::public::censor(given) == shown {
                    Ending::Same
                } else {
                    Ending::Different
                }
            }
        };
        DestinationSecret { name: name.to_string(), last_four }
    }

    /// In words, for people, naming the destination as `called` (as it was given).
    pub fn describe(&self, called: &str) -> String {
        let name = crate::ui::escape_control(called);
        match self.last_four {
            Ending::Same => format!(
                "the secret given ends with the same four characters as the shared secret of destination {name}: \
                 likely the same secret, so the body is not the one that was signed"
            ),
            Ending::Different => format!(
                "the secret given does not end with the four characters the shared secret of destination {name} \
                 ends with: a different secret"
            ),
            Ending::Hidden => format!(
                "the shared secret of destination {name} is shown with none of its characters (the service shows \
                 the last four of a secret of 8 or more): nothing to compare"
            ),
            Ending::NoSecret => format!("destination {name} has no shared secret: the service sends no X-Signature"),
        }
    }
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
    verify_from(secret, body, header, strict, false)
}

/// [`verify`], for a request that came from Webhooks (Actions) when `actions` (`webhook::actions::is_actions` of its
/// User-Agent): a batch matching over its first element is said to be what that destination sends (`actions_batch`).
pub fn verify_from(secret: &[u8], body: &[u8], header: &str, strict: bool, actions: bool) -> Verdict {
    let mut verdict = verify_body(secret, body, header, strict);
    verdict.actions = actions;
    if actions && verdict.matched == Some(Form::FirstElement) {
        verdict.warnings.insert(
            0,
            finding(
                "actions_batch",
                "valid for a Webhooks (Actions) batch, signed over its first element only: the destination signs JSON.stringify of the first event's data, not the array it sends",
            ),
        );
    }
    verdict
}

fn verify_body(secret: &[u8], body: &[u8], header: &str, strict: bool) -> Verdict {
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
                "X-Signature must be {HEX_LEN} hex characters; got {}{}",
                crate::ui::count(hex.chars().count(), "character"),
                if hex.chars().all(|c| c.is_ascii_hexdigit()) { "" } else { " with non-hex ones" }
            ),
        ));
    }
    if prefixed {
        causes.push(finding("sha1_prefix", "the header has a \"sha1=\" prefix; the service sends the bare hex digest"));
    }
    let Some(digest) = digest else {
        return Verdict {
            valid: false,
            matched: None,
            expected,
            causes,
            warnings,
            reproduced: None,
            destination: None,
            actions: false,
        };
    };
    let matched = forms.find(&digest);
    let exact_header = !prefixed && trimmed == header;
    let uppercase = hex.chars().any(|c| c.is_ascii_uppercase());

    if matched == Some(Form::Raw)
        && let Some(restringified) = json::restringify(body).ok().filter(|r| r.as_bytes() != body)
    {
        warnings.push(finding(
            "not_stringify_form",
            format!(
                "the body is not in JSON.stringify form ({}); a receiver following the service's example hashes the re-serialised body and would reject this signature (it expects {})",
                difference(body, &restringified),
                expected.restringified.as_deref().unwrap_or_default()
            ),
        ));
    }
    let search = if matched == Some(Form::Raw) { Search::default() } else { search(secret, body, &digest) };
    let mut reproduced = search.found.as_ref().map(Found::reproduced);
    let changes = search.found.as_ref().map(Found::findings).unwrap_or_default();

    match matched {
        Some(Form::Raw) => {}
        Some(form) => {
            // What changed is said by the findings that follow, each once; only when none says it, here.
            let how = if changes.is_empty() {
                format!(" (the body differs from its JSON.stringify form: {})", describe_body(body))
            } else {
                String::new()
            };
            let strictly = if strict { "; --strict counts only the raw bytes" } else { "" };
            let note = format!("the signature matches {}: {RAW_REJECTS}{how}{strictly}", form.only());
            if strict {
                causes.push(finding("not_raw", note));
                causes.extend(changes);
            } else {
                warnings.push(finding("not_raw", note));
                warnings.extend(changes);
            }
        }
        None if !changes.is_empty() => causes.extend(changes),
        None if let Some(path) = signed_part(secret, body, &digest) => {
            causes.push(finding(
                "signed_part",
                format!(
                    "the signature covers only {path} of the body (JSON.stringify of it): the sender signed a part of what it sent (a Webhooks (Actions) mapping signs and sends its `data`; a body that is the whole event was signed over the part its mapping sends)"
                ),
            ));
            reproduced = Some(Reproduced {
                secret: "as_given",
                body: vec!["part"],
                element: None,
                description: format!(
                    "the secret as given and {path} of the body, re-serialised as JSON.stringify does"
                ),
            });
        }
        None => {
            // Nothing reproduces it: say what about the body could break a receiver's re-serialisation.
            match json::restringify(body) {
                Err(e) if e.too_deep() => causes.push(finding(
                    "too_deep",
                    format!(
                        "the body is {}, more than seg reads as JSON, so only its raw bytes were checked",
                        json::too_deep()
                    ),
                )),
                Err(e) => causes.push(finding(
                    "not_json",
                    format!("the body is not valid JSON ({e}), so only its raw bytes can match"),
                )),
                Ok(restringified) if restringified.as_bytes() != body => {
                    causes.push(finding("reencoded", format!("the body is not in JSON.stringify form ({}); if it was changed after signing, the original bytes are lost", difference(body, &restringified))));
                }
                Ok(_) => {}
            }
            if causes.iter().all(|c| c.code == "header_whitespace") {
                causes.push(finding("different", "different secret or body: no variant of either matches"));
            }
        }
    }
    if search.truncated {
        warnings.push(finding(
            "search_truncated",
            "the body is too large to try every variant of it; the simplest ones were tried",
        ));
    }
    if matched.is_some() && uppercase {
        warnings.push(finding(
            "uppercase_header",
            "the header is uppercase hex; the service sends lowercase, and a receiver comparing strings rejects it",
        ));
        if strict {
            causes.push(finding("uppercase_header", "--strict: the service sends lowercase hex"));
        }
    }
    let valid = matched.is_some() && exact_header && causes.is_empty();
    Verdict { valid, matched, expected, causes, warnings, reproduced, destination: None, actions: false }
}

/// At most this many parts of a body are hashed by [`signed_part`].
const PARTS: usize = 4096;

/// The part of a JSON body (a value inside it, at any depth: `properties`, `[0].traits`) whose JSON.stringify the
/// signature covers, when one does: a sender that signed less than it sent. Within [`PARTS`] parts and the search's
/// byte budget.
fn signed_part(secret: &[u8], body: &[u8], digest: &[u8; 20]) -> Option<String> {
    let value = json::parse(body).ok()?;
    let keyed = HmacSha1::new_from_slice(secret).expect("HMAC takes a key of any length");
    let mut budget = SEARCH_BYTES.max(2 * body.len());
    let mut left = PARTS;
    let mut queue: std::collections::VecDeque<(String, &JsValue)> = std::collections::VecDeque::new();
    queue.extend(direct(&value));
    while let Some((path, part)) = queue.pop_front() {
        if left == 0 {
            return None;
        }
        left -= 1;
        let bytes = stringify(part);
        if bytes.len() > budget {
            return None;
        }
        budget -= bytes.len();
        let mut mac = keyed.clone();
        mac.update(&bytes);
        if mac.verify_slice(digest).is_ok() {
            let path = path.strip_prefix('.').unwrap_or(&path).to_string();
            return Some(format!("`{path}`"));
        }
        queue.extend(direct(part).into_iter().map(|(p, v)| (format!("{path}{p}"), v)));
    }
    None
}

/// The values directly inside a JSON value, each with the step to it (`.key`, `["odd key"]`, `[0]`).
fn direct(value: &JsValue) -> Vec<(String, &JsValue)> {
    match value {
        JsValue::Object(object) => object
            .iter()
            .map(|(k, v)| {
                let key = k.to_string_lossy();
                let simple = !key.is_empty()
                    && !key.starts_with(|c: char| c.is_ascii_digit())
                    && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
                let step = if simple {
                    format!(".{key}")
                } else {
                    format!("[{}]", json::stringify(&JsValue::String(k.clone())))
                };
                (step, v)
            })
            .collect(),
        JsValue::Array(items) => items.iter().enumerate().map(|(i, v)| (format!("[{i}]"), v)).collect(),
        _ => Vec::new(),
    }
}

// ---- the search ----

/// One change undone to the body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Gunzip,
    StripBom,
    CrlfToLf,
    StripTrailingNewline,
    /// Non-ASCII characters in strings written as `\uXXXX` (what the sender signed, e.g. Python's json.dumps).
    AsciiEscape,
    /// `\uXXXX` escapes of non-ASCII characters written as UTF-8 (what the sender signed, literal).
    AsciiUnescape,
    Restringify,
    Element(usize),
    ServiceOrder,
}

impl Step {
    fn name(self) -> &'static str {
        match self {
            Step::Gunzip => "gunzip",
            Step::StripBom => "strip_bom",
            Step::CrlfToLf => "crlf_to_lf",
            Step::StripTrailingNewline => "strip_trailing_newline",
            Step::AsciiEscape => "ascii_escape",
            Step::AsciiUnescape => "ascii_unescape",
            Step::Restringify => "restringify",
            Step::Element(_) => "element",
            Step::ServiceOrder => "service_key_order",
        }
    }

    fn words(self) -> String {
        match self {
            Step::Gunzip => "gunzipped".into(),
            Step::StripBom => "without its BOM".into(),
            Step::CrlfToLf => "with LF for CRLF".into(),
            Step::StripTrailingNewline => "without its trailing newline".into(),
            Step::AsciiEscape => "with non-ASCII characters escaped as \\uXXXX".into(),
            Step::AsciiUnescape => "with \\uXXXX escapes of non-ASCII characters written as UTF-8".into(),
            Step::Restringify => "re-serialised as JSON.stringify does".into(),
            Step::Element(i) => format!("element {i} of the array"),
            Step::ServiceOrder => "with its keys in the service's order".into(),
        }
    }

    /// How far-fetched the change is: simpler explanations are tried first.
    fn cost(self) -> usize {
        match self {
            Step::ServiceOrder => 2,
            _ => 1,
        }
    }

    /// Whether the step reads the body as JSON (byte-level fixes are preferred to re-serialisations).
    fn parses(self) -> bool {
        matches!(self, Step::Restringify | Step::Element(_) | Step::ServiceOrder)
    }
}

/// A body variant: the steps that made it and its bytes; `source` is the variant (with no JSON step) that its JSON
/// steps read.
struct Candidate {
    steps: Vec<Step>,
    bytes: Vec<u8>,
    source: usize,
}

impl Candidate {
    fn cost(&self) -> usize {
        self.steps.iter().map(|s| s.cost()).sum()
    }

    fn parses(&self) -> usize {
        self.steps.iter().filter(|s| s.parses()).count()
    }
}

/// Where a secret variant comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Given,
    Receiver,
    Sender,
}

struct SecretVariant {
    bytes: Vec<u8>,
    name: &'static str,
    words: &'static str,
    side: Side,
}

/// What the sender may have added to the secret: (prefix, suffix, name, words).
const SENDER_CHANGES: [(&str, &str, &str, &str); 6] = [
    ("", "\n", "sender_trailing_newline", "a trailing newline"),
    ("", "\r\n", "sender_trailing_crlf", "a trailing CRLF"),
    ("", " ", "sender_trailing_space", "a trailing space"),
    ("", "\t", "sender_trailing_tab", "a trailing tab"),
    (" ", "", "sender_leading_space", "a leading space"),
    (" ", " ", "sender_surrounding_spaces", "a space on each side"),
];

fn secret_variants(secret: &[u8]) -> Vec<SecretVariant> {
    let mut out = vec![SecretVariant { bytes: secret.to_vec(), name: "as_given", words: "", side: Side::Given }];
    let trimmed = secret.trim_ascii();
    if trimmed.len() != secret.len() {
        out.push(SecretVariant {
            bytes: trimmed.to_vec(),
            name: "receiver_trimmed",
            words: "trimmed",
            side: Side::Receiver,
        });
    }
    for (prefix, suffix, name, words) in SENDER_CHANGES {
        let bytes = [prefix.as_bytes(), secret, suffix.as_bytes()].concat();
        out.push(SecretVariant { bytes, name, words, side: Side::Sender });
    }
    out
}

/// What the search found, with what it needs to explain it.
struct Found {
    secret: &'static str,
    secret_words: &'static str,
    side: Side,
    steps: Vec<Step>,
    /// The bytes the JSON steps read (the body after the byte-level steps).
    source: Vec<u8>,
}

#[derive(Default)]
struct Search {
    found: Option<Found>,
    /// The body was too large for every variant to be made.
    truncated: bool,
}

fn search(secret: &[u8], body: &[u8], digest: &[u8; 20]) -> Search {
    let (candidates, truncated) = candidates(body);
    let secrets = secret_variants(secret);
    // Identical variants are hashed once: the simplest way to each set of bytes wins.
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    order.sort_by_key(|&i| (candidates[i].cost(), candidates[i].parses(), i));
    let mut seen: HashSet<&[u8]> = HashSet::new();
    order.retain(|&i| seen.insert(candidates[i].bytes.as_slice()));
    let mut pairs: Vec<(usize, usize)> =
        secrets.iter().enumerate().flat_map(|(s, _)| order.iter().map(move |&c| (s, c))).collect();
    let secret_cost = |s: usize| usize::from(secrets[s].side != Side::Given);
    pairs.sort_by_key(|&(s, c)| (candidates[c].cost() + secret_cost(s), candidates[c].parses(), s, c));
    let keyed: Vec<HmacSha1> =
        secrets.iter().map(|s| HmacSha1::new_from_slice(&s.bytes).expect("HMAC takes a key of any length")).collect();
    for (s, c) in pairs {
        let mut mac = keyed[s].clone();
        mac.update(&candidates[c].bytes);
        if mac.verify_slice(digest).is_ok() {
            let candidate = &candidates[c];
            let variant = &secrets[s];
            let found = Found {
                secret: variant.name,
                secret_words: variant.words,
                side: variant.side,
                steps: candidate.steps.clone(),
                source: candidates[candidate.source].bytes.clone(),
            };
            return Search { found: Some(found), truncated };
        }
    }
    Search { found: None, truncated }
}

/// Every variant of the body, each made once; false when the byte budget ran out first.
fn candidates(body: &[u8]) -> (Vec<Candidate>, bool) {
    let mut out: Vec<Candidate> = Vec::new();
    let mut budget = SEARCH_BYTES.max(2 * body.len());
    let mut push = |out: &mut Vec<Candidate>, steps: Vec<Step>, bytes: Vec<u8>, source: Option<usize>| -> bool {
        if bytes.len() > budget {
            return false;
        }
        budget -= bytes.len();
        let source = source.unwrap_or(out.len());
        out.push(Candidate { steps, bytes, source });
        true
    };
    let mut roots = vec![(Vec::new(), body.to_vec())];
    if let Some(plain) = gunzip(body) {
        roots.push((vec![Step::Gunzip], plain));
    }
    for (root_steps, root) in roots {
        // Each combination of the byte-level fixes that change something, applied in a fixed order.
        for mask in 0..8u8 {
            let mut steps = root_steps.clone();
            let mut bytes = root.clone();
            let mut applies = true;
            for (bit, step) in [(1, Step::StripBom), (2, Step::CrlfToLf), (4, Step::StripTrailingNewline)] {
                if mask & bit == 0 {
                    continue;
                }
                match apply(step, &bytes) {
                    Some(changed) => {
                        bytes = changed;
                        steps.push(step);
                    }
                    None => {
                        applies = false;
                        break;
                    }
                }
            }
            if !applies {
                continue;
            }
            let parsed = json::parse(&bytes).ok();
            // The sender's ASCII escapes, either way: byte-level, so nothing else about the body changes.
            let escapes: Vec<(Step, Vec<u8>)> = [Step::AsciiEscape, Step::AsciiUnescape]
                .into_iter()
                .filter_map(|step| apply(step, &bytes).map(|changed| (step, changed)))
                .collect();
            let source = out.len();
            if !push(&mut out, steps.clone(), bytes, None) {
                return (out, true);
            }
            for (step, changed) in escapes {
                let with: Vec<Step> = steps.iter().copied().chain([step]).collect();
                if !push(&mut out, with, changed, Some(source)) {
                    return (out, true);
                }
            }
            let Some(value) = parsed else { continue };
            let with = |extra: &[Step]| steps.iter().copied().chain(extra.iter().copied()).collect::<Vec<_>>();
            let mut made: Vec<(Vec<Step>, Vec<u8>)> = vec![(with(&[Step::Restringify]), stringify(&value))];
            if let Some(ordered) = service_order(&value) {
                made.push((with(&[Step::ServiceOrder]), stringify(&ordered)));
            }
            if let JsValue::Array(items) = &value {
                for (i, item) in items.iter().enumerate() {
                    made.push((with(&[Step::Element(i)]), stringify(item)));
                    if let Some(ordered) = service_order(item) {
                        made.push((with(&[Step::Element(i), Step::ServiceOrder]), stringify(&ordered)));
                    }
                }
            }
            for (steps, bytes) in made {
                if !push(&mut out, steps, bytes, Some(source)) {
                    return (out, true);
                }
            }
        }
    }
    (out, false)
}

fn stringify(value: &JsValue) -> Vec<u8> {
    json::stringify(value).into_bytes()
}

/// A byte-level fix, when it changes something.
fn apply(step: Step, bytes: &[u8]) -> Option<Vec<u8>> {
    match step {
        Step::StripBom => bytes.strip_prefix(b"\xef\xbb\xbf").map(<[u8]>::to_vec),
        Step::CrlfToLf => bytes.windows(2).any(|w| w == b"\r\n").then(|| replace_crlf(bytes)),
        Step::StripTrailingNewline => {
            let end = bytes.iter().rposition(|b| *b != b'\n' && *b != b'\r').map_or(0, |i| i + 1);
            (end != bytes.len()).then(|| bytes[..end].to_vec())
        }
        Step::AsciiEscape => escape_non_ascii(bytes),
        Step::AsciiUnescape => unescape_non_ascii(bytes),
        _ => None,
    }
}

/// The bytes with every non-ASCII character inside a string written as `\uXXXX` (lowercase hex, UTF-16 pairs
/// beyond U+FFFF), as Python's json.dumps and PHP's json_encode write them; `None` when there is none.
fn escape_non_ascii(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(bytes.len() + 32);
    let (mut i, mut in_string, mut changed) = (0, false, false);
    while i < bytes.len() {
        let b = bytes[i];
        if !in_string || b < 0x80 {
            match b {
                b'"' => in_string = !in_string,
                b'\\' if in_string => {
                    out.extend_from_slice(&bytes[i..(i + 2).min(bytes.len())]);
                    i += 2;
                    continue;
                }
                _ => {}
            }
            out.push(b);
            i += 1;
            continue;
        }
        let width = match b {
            0xc0..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf7 => 4,
            _ => 1,
        };
        match bytes.get(i..i + width).and_then(|c| std::str::from_utf8(c).ok()) {
            Some(c) => {
                for unit in c.encode_utf16() {
                    out.extend_from_slice(format!("\\u{unit:04x}").as_bytes());
                }
                changed = true;
                i += width;
            }
            // Not UTF-8: no serializer would have escaped it.
            None => {
                out.push(b);
                i += 1;
            }
        }
    }
    changed.then_some(out)
}

/// The bytes with every `\uXXXX` escape of a non-ASCII character inside a string written as UTF-8 (a surrogate pair
/// as its one character; a lone surrogate stays escaped); `None` when there is none.
fn unescape_non_ascii(bytes: &[u8]) -> Option<Vec<u8>> {
    let hex4 = |at: usize| -> Option<u32> {
        let digits = bytes.get(at..at + 4)?;
        if !digits.iter().all(u8::is_ascii_hexdigit) {
            return None;
        }
        u32::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()
    };
    let mut out = Vec::with_capacity(bytes.len());
    let (mut i, mut in_string, mut changed) = (0, false, false);
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'"' {
            in_string = !in_string;
        } else if in_string && b == b'\\' {
            let unit = (bytes.get(i + 1) == Some(&b'u')).then(|| hex4(i + 2)).flatten();
            let low = || (bytes.get(i + 6..i + 8) == Some(b"\\u")).then(|| hex4(i + 8)).flatten();
            let (c, len) = match unit {
                Some(high @ 0xd800..=0xdbff) => match low() {
                    Some(low @ 0xdc00..=0xdfff) => {
                        (char::from_u32(0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00)), 12)
                    }
                    _ => (None, 0),
                },
                Some(unit) if unit >= 0x80 => (char::from_u32(unit), 6),
                _ => (None, 0),
            };
            match c {
                Some(c) => {
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                    changed = true;
                    i += len;
                }
                None => {
                    out.extend_from_slice(&bytes[i..(i + 2).min(bytes.len())]);
                    i += 2;
                }
            }
            continue;
        }
        out.push(b);
        i += 1;
    }
    changed.then_some(out)
}

/// The decompressed bytes of a gzip body (several members, as `gzip` concatenates them), within the limit.
fn gunzip(body: &[u8]) -> Option<Vec<u8>> {
    if !body.starts_with(&[0x1f, 0x8b]) {
        return None;
    }
    let mut out = Vec::new();
    let mut reader = flate2::read::MultiGzDecoder::new(body).take(GUNZIP_LIMIT + 1);
    reader.read_to_end(&mut out).ok()?;
    (out.len() as u64 <= GUNZIP_LIMIT).then_some(out)
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

/// The value with its keys in the order the service writes them (docs/WEBHOOKS.md's table for its `type`, then
/// `context`, then the keys it does not know in their order), when it is a message of a known type. Free-form
/// objects (`properties`, `traits`) have no order to restore and keep theirs.
fn service_order(value: &JsValue) -> Option<JsValue> {
    let JsValue::Object(object) = value else { return None };
    let Some(JsValue::String(kind)) = object.get("type") else { return None };
    let kind = MessageType::parse(&kind.to_string_lossy())?;
    let context = JsString::from_str("context");
    Some(JsValue::Object(order_object(object, kind.layout(), Some(&context))))
}

/// The keys of `layout` that `object` has, in the layout's order (fixed nested objects reordered too), then `next`
/// if it has it, then its other keys in their order.
fn order_object(object: &JsObject, layout: &[Slot], next: Option<&JsString>) -> JsObject {
    let mut out = JsObject::new();
    let mut placed: HashSet<JsString> = HashSet::new();
    for slot in layout {
        let key = match slot {
            Slot::Version => "version",
            Slot::Type => "type",
            Slot::Value(key) | Slot::Free(key) | Slot::Fixed(key, _) => key,
        };
        let Some(item) = object.get(key) else { continue };
        placed.insert(JsString::from_str(key));
        match (slot, item) {
            (Slot::Fixed(_, inner), JsValue::Object(nested)) => {
                out.insert(key, JsValue::Object(order_object(nested, inner, None)))
            }
            _ => out.insert(key, item.clone()),
        }
    }
    if let Some(next) = next
        && let Some(item) = object.get(&next.to_string_lossy())
        && placed.insert(next.clone())
    {
        out.insert(next.clone(), item.clone());
    }
    for (key, item) in object.iter() {
        if placed.insert(key.clone()) {
            out.insert(key.clone(), item.clone());
        }
    }
    out
}

/// Whether every object in the value has its keys in ascending order (what `sort_keys=True`, Go's maps and `jq -S`
/// write), and at least one has two keys.
fn keys_sorted(value: &JsValue) -> bool {
    let mut pending = vec![value];
    let mut pairs = false;
    while let Some(value) = pending.pop() {
        match value {
            JsValue::Array(items) => pending.extend(items),
            JsValue::Object(object) => {
                let keys: Vec<&JsString> = object.iter().map(|(k, _)| k).collect();
                if keys.windows(2).any(|w| w[0].0 > w[1].0) {
                    return false;
                }
                pairs |= keys.len() > 1;
                pending.extend(object.iter().map(|(_, v)| v));
            }
            _ => {}
        }
    }
    pairs
}

// ---- explaining what was found ----

impl Found {
    fn element(&self) -> Option<usize> {
        self.steps.iter().find_map(|s| if let Step::Element(i) = s { Some(*i) } else { None })
    }

    fn reproduced(&self) -> Reproduced {
        let mut parts = Vec::new();
        match self.side {
            Side::Given => parts.push("the secret as given".to_string()),
            Side::Receiver => parts.push("the secret trimmed".to_string()),
            Side::Sender => parts.push(format!("the secret with {}", self.secret_words)),
        }
        let body: Vec<String> = self.steps.iter().map(|s| s.words()).collect();
        parts.push(if body.is_empty() { "the raw body".to_string() } else { format!("the body {}", body.join(", ")) });
        Reproduced {
            secret: self.secret,
            body: self.steps.iter().map(|s| s.name()).collect(),
            element: self.element(),
            description: parts.join(" and "),
        }
    }

    /// One finding per cause: the secret's, the byte-level changes, then what a re-serialisation changed and, where
    /// the body's shape shows it, the serializer that did it.
    fn findings(&self) -> Vec<Finding> {
        let mut out = Vec::new();
        match self.side {
            Side::Given => {}
            Side::Receiver => out.push(finding(
                "secret_whitespace",
                "your secret (the receiver's) has surrounding whitespace or a newline that the sender's does not: it matches with the secret trimmed (a secret file written by echo ends in a newline)",
            )),
            Side::Sender => out.push(finding(
                "sender_secret_whitespace",
                format!(
                    "the sender signed with the secret plus {}: the secret configured on the sending side has it (pasted or saved with it); remove it there, or sign and check with the same bytes",
                    self.secret_words
                ),
            )),
        }
        for step in &self.steps {
            match step {
                Step::Gunzip => out.push(finding(
                    "gzip",
                    "the body is gzip-compressed (Content-Encoding: gzip added on the way): the signature covers the uncompressed bytes, so hash the body after decompressing it",
                )),
                Step::StripBom => out.push(finding(
                    "bom",
                    "the body starts with a byte-order mark (EF BB BF) that the sender did not sign",
                )),
                Step::CrlfToLf => out.push(finding("crlf", "the body's line endings were changed to CRLF")),
                Step::StripTrailingNewline => out.push(finding(
                    "trailing_newline",
                    "the body has a trailing newline that the sender did not sign (e.g. added by echo or an editor)",
                )),
                Step::AsciiEscape => {
                    let example = first_non_ascii(&self.source).map_or_else(String::new, |c| {
                        let escaped: String = c.encode_utf16(&mut [0; 2]).iter().map(|u| format!("\\u{u:04x}")).collect();
                        format!(" ({c} as {escaped})")
                    });
                    out.push(finding(
                        "sender_ascii_escapes",
                        format!("the sender signed the body with its non-ASCII characters escaped{example}, as Python's json.dumps writes them by default, but sent them as UTF-8: the signature covers bytes that were never sent. The sender must sign exactly the bytes it sends; receivers hash the raw request bytes"),
                    ));
                }
                Step::AsciiUnescape => {
                    let unescaped = unescape_non_ascii(&self.source).unwrap_or_default();
                    let example = shape::differences(&self.source, &unescaped)
                        .strings
                        .map_or_else(String::new, |(got, was)| format!(" (e.g. {got} where the service wrote {was})"));
                    out.push(finding(
                        "reencoded_escapes",
                        format!("the body's non-ASCII characters were escaped as \\uXXXX after signing{example}, as Python's json.dumps does by default; hash the raw request bytes, not a re-serialisation"),
                    ));
                }
                Step::Element(i) => out.push(finding(
                    "array_element",
                    if *i == 0 {
                        "the body is an array, a batch: batched deliveries are signed by their first element".to_string()
                    } else {
                        format!("element {i} of the array body matches, not element 0 (batched deliveries sign element 0): the elements were reordered, or this is not the batch that was signed")
                    },
                )),
                _ => {}
            }
        }
        if self.steps.iter().any(|s| s.parses()) {
            out.extend(self.reserialised());
        }
        out
    }

    /// What re-serialising the body undid: key order, whitespace, escapes, numbers; then the serializer. Read from
    /// the bytes that were re-serialised (an element's own, for an element of an array), so what is named is what
    /// the re-serialisation changed.
    fn reserialised(&self) -> Vec<Finding> {
        let mut out = Vec::new();
        let text = match self.element() {
            Some(i) => shape::element(&self.source, i).unwrap_or(&self.source),
            None => &self.source,
        };
        let Ok(value) = json::parse(text) else { return out };
        let same_order = json::stringify(&value);
        let sorted = self.steps.contains(&Step::ServiceOrder) && keys_sorted(&value);
        if self.steps.contains(&Step::ServiceOrder) {
            out.push(if sorted {
                finding(
                    "key_sorted",
                    "the body's keys were sorted after signing (Python's sort_keys=True, Go's maps, jq -S): the signature covers the service's key order (version, type, userId, ...)",
                )
            } else {
                finding("key_order", "the body's keys were reordered after signing: the signature covers the service's key order (version, type, userId, ...)")
            });
        }
        // Whitespace between tokens is pretty-printing when it breaks lines, else spacing on one line; around the
        // value it is something else.
        let inner = text.trim_ascii();
        let shape = shape::shape(inner);
        let serializer = serializer(&shape);
        if shape.whitespace {
            let named = serializer.as_ref().is_some_and(|s| s.code == "python_json_dumps");
            out.push(whitespace(&shape, named));
        }
        // What a re-serialisation changed is said finding by finding, and the fix once, after the last of them.
        let mut last_change = out.len().checked_sub(1);
        out.extend(surrounding_whitespace(text));
        let differences = shape::differences(inner, same_order.as_bytes());
        if let Some((got, was)) = &differences.strings {
            out.push(finding(
                "reencoded_escapes",
                format!("the body's strings were re-encoded after signing (e.g. {got} where the service wrote {was}: \\/, \\uXXXX or other escapes)"),
            ));
            last_change = Some(out.len() - 1);
        }
        if let Some((got, was)) = &differences.numbers {
            out.push(finding(
                "reencoded_numbers",
                format!("the body's numbers were re-encoded after signing (e.g. {got} where the service wrote {was})"),
            ));
            last_change = Some(out.len() - 1);
        }
        if differences.structure {
            out.push(finding(
                "reencoded_keys",
                "the body was re-serialised after signing (duplicate keys dropped or array-index keys moved first)",
            ));
            last_change = Some(out.len() - 1);
        }
        match serializer {
            // The serializer's finding says the fix in its language's words.
            Some(serializer) => out.push(serializer),
            None => {
                if let Some(last) = last_change.and_then(|i| out.get_mut(i)) {
                    last.message.push_str("; hash the raw request bytes, not a re-serialisation");
                }
            }
        }
        out
    }
}

/// Whitespace before or after the value, which a re-serialisation drops: named apart from pretty-printing.
fn surrounding_whitespace(text: &[u8]) -> Vec<Finding> {
    let mut out = Vec::new();
    if text.trim_ascii_start().len() != text.len() {
        out.push(finding("leading_whitespace", "the body has leading whitespace that the sender did not sign"));
    }
    let end = text.trim_ascii_end().len();
    if end != text.len() {
        let newline = text[end..].iter().all(|b| matches!(b, b'\n' | b'\r'));
        out.push(finding(
            "trailing_newline",
            if newline {
                "the body has a trailing newline that the sender did not sign (e.g. added by echo or an editor)"
            } else {
                "the body has trailing whitespace that the sender did not sign"
            },
        ));
    }
    out
}

/// The first non-ASCII character inside a string of the text.
fn first_non_ascii(bytes: &[u8]) -> Option<char> {
    let start = bytes.iter().position(|&b| b >= 0x80)?;
    String::from_utf8_lossy(&bytes[start..(start + 4).min(bytes.len())]).chars().next().filter(|c| !c.is_ascii())
}

/// How a pretty-printed body breaks its lines, in words (`indented with 2 spaces`); `None` for a body on one line.
fn indentation(shape: &Shape) -> Option<String> {
    match (&shape.indent, shape.newlines) {
        (Some(indent), _) if indent.bytes().all(|b| b == b'\t') => {
            Some(format!("indented with {}", crate::ui::count(indent.len(), "tab")))
        }
        (Some(indent), _) if indent.bytes().all(|b| b == b' ') => {
            Some(format!("indented with {}", crate::ui::count(indent.len(), "space")))
        }
        (_, true) => Some("with newlines between tokens".into()),
        _ => None,
    }
}

/// Whitespace on one line between a body's tokens, in words.
fn spacing(shape: &Shape) -> &'static str {
    if shape.python_separators { "a space after each \",\" and \":\"" } else { "spaces between tokens, on one line" }
}

/// The finding for whitespace between tokens: `pretty_printed` when it breaks lines, `spaced` when it is on one
/// line (a body on one line with a space after `,` and `:` is what Python's json.dumps writes by default, not
/// pretty-printing). With Python's separators, it names json.dumps only when no finding of the serializer follows
/// (which names it with its fix).
fn whitespace(shape: &Shape, serializer_named: bool) -> Finding {
    if let Some(indentation) = indentation(shape) {
        return finding(
            "pretty_printed",
            format!("the body was pretty-printed after signing ({indentation}): the service sends compact JSON"),
        );
    }
    let python = if shape.python_separators && !serializer_named { " (Python's json.dumps default)" } else { "" };
    finding(
        "spaced",
        format!(
            "the body was re-serialised after signing with {}{python}: the service sends no whitespace",
            spacing(shape)
        ),
    )
}

/// The serializer the body's shape shows, with the fix in that language's words; none when the shape is not
/// distinctive.
fn serializer(shape: &Shape) -> Option<Finding> {
    if shape.python_separators && !shape.raw_non_ascii && !shape.escaped_slash {
        return Some(finding(
            "python_json_dumps",
            "the serializer was Python's json.dumps with its defaults: the receiver hashed json.dumps(...) of the parsed body. Hash the raw request bytes instead: request.get_data() in Flask, request.body in Django, await request.body() in FastAPI",
        ));
    }
    if shape.whitespace {
        return None;
    }
    if shape.escaped_slash && !shape.raw_non_ascii && !shape.html_escapes {
        return Some(finding(
            "php_json_encode",
            "the body has the shape of PHP's json_encode (\\/ and \\uXXXX escapes): the receiver hashed json_encode(json_decode(...)). Hash the raw request bytes instead: file_get_contents('php://input')",
        ));
    }
    // Sorted compact keys alone could be jq -S or anything else: only Go escapes <, > and & by default.
    if shape.html_escapes && !shape.escaped_slash && !shape.non_ascii_escapes {
        return Some(finding(
            "go_encoding_json",
            "the body has the shape of Go's encoding/json (map keys sorted, <, > and & escaped as \\u003c, \\u003e, \\u0026): the receiver hashed json.Marshal of the decoded body. Hash the raw request bytes instead: body, err := io.ReadAll(r.Body), then the HMAC of body",
        ));
    }
    None
}

/// How a body differs from its JSON.stringify form, in words: only what its bytes show (a trailing newline is not
/// pretty-printing).
fn difference(body: &[u8], restringified: &str) -> String {
    let inner = body.trim_ascii();
    let shape = shape::shape(inner);
    let mut parts = Vec::new();
    match indentation(&shape) {
        Some(indentation) => parts.push(format!("pretty-printed, {indentation}")),
        None if shape.python_separators => {
            parts.push(format!("{}, as Python's json.dumps writes by default", spacing(&shape)))
        }
        None if shape.whitespace => parts.push(spacing(&shape).to_string()),
        None => {}
    }
    if body.trim_ascii_start().len() != body.len() {
        parts.push("leading whitespace".to_string());
    }
    let end = body.trim_ascii_end().len();
    if end != body.len() {
        let newline = body[end..].iter().all(|b| matches!(b, b'\n' | b'\r'));
        parts.push(if newline { "a trailing newline" } else { "trailing whitespace" }.to_string());
    }
    let differences = shape::differences(inner, restringified.as_bytes());
    if differences.strings.is_some() {
        parts.push("string escapes that a re-serialisation rewrites (e.g. \\u00e9, \\/)".into());
    }
    if differences.numbers.is_some() {
        parts.push("numbers that a re-serialisation rewrites (e.g. 1.0)".into());
    }
    if differences.structure {
        parts.push("duplicate or array-index keys that a re-serialisation moves".into());
    }
    if parts.is_empty() {
        parts.push("bytes that a re-serialisation rewrites".into());
    }
    parts.join(", ")
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

    fn pretty() -> String {
        let value: serde_json::Value = serde_json::from_str(BODY).unwrap();
        serde_json::to_string_pretty(&value).unwrap()
    }

    #[test]
    fn raw_match() {
        let v = verify(b"teehee", BODY.as_bytes(), SIG, false);
        assert!(v.valid && v.matched == Some(Form::Raw) && v.causes.is_empty() && v.warnings.is_empty(), "{v:?}");
        assert_eq!(v.expected.raw, SIG);
        assert!(v.reproduced.is_none());
    }

    #[test]
    fn pretty_printed_body_matches_re_serialised_unless_strict() {
        let v = verify(b"teehee", pretty().as_bytes(), SIG, false);
        assert!(v.valid && v.matched == Some(Form::Restringified), "{v:?}");
        assert_eq!(v.warnings[0].code, "not_raw");
        // The verdict leads with what a receiver of the raw bytes concludes; the change is said once, by its own
        // finding.
        assert!(v.headline().starts_with("valid only after re-serialisation"), "{}", v.headline());
        assert!(v.warnings[0].message.contains(RAW_REJECTS) && !v.warnings[0].message.contains("pretty"), "{v:?}");
        assert!(v.warnings.iter().any(|w| w.code == "pretty_printed" && w.message.contains("2 spaces")), "{v:?}");
        let strict = verify(b"teehee", pretty().as_bytes(), SIG, true);
        assert!(!strict.valid && codes(&strict) == ["not_raw", "pretty_printed"], "{strict:?}");
        assert_eq!(strict.reproduced.unwrap().body, ["restringify"]);
    }

    #[test]
    fn batched_array_matches_its_first_element_and_names_another() {
        let batch = format!("[{BODY},{{\"type\":\"page\"}}]");
        let v = verify(b"teehee", batch.as_bytes(), SIG, false);
        assert!(v.valid && v.matched == Some(Form::FirstElement), "{v:?}");
        let later = format!("[{{\"type\":\"page\"}},{BODY}]");
        let v = verify(b"teehee", later.as_bytes(), SIG, false);
        assert!(!v.valid && codes(&v) == ["array_element"], "{v:?}");
        assert_eq!(v.reproduced.as_ref().unwrap().element, Some(1));
        assert!(v.causes[0].message.contains("element 1"));
    }

    #[test]
    fn an_actions_batch_and_a_signed_part_are_named() {
        let batch = format!("[{BODY},{{\"type\":\"page\"}}]");
        let v = verify_from(b"teehee", batch.as_bytes(), SIG, false, true);
        assert!(v.valid && v.actions && codes(&v).is_empty(), "{v:?}");
        assert_eq!(v.warnings[0].code, "actions_batch");
        assert!(v.headline().starts_with("valid for a Webhooks (Actions) batch"), "{}", v.headline());
        let whole = format!("{{\"event\":{BODY},\"odd key\":[1]}}");
        let v = verify(b"teehee", whole.as_bytes(), SIG, false);
        assert!(!v.valid && codes(&v) == ["signed_part"], "{v:?}");
        assert!(v.causes[0].message.contains("`event`"), "{v:?}");
        assert!(!v.unexplained());
        let sig = sign::sign(b"teehee", b"[1]");
        let v = verify(b"teehee", whole.as_bytes(), &sig, false);
        assert!(v.causes[0].message.contains(r#"`["odd key"]`"#), "{v:?}");
    }

    #[test]
    fn each_corruption_is_named() {
        // A trailing newline survives re-serialisation: valid, with the change named; --strict makes it a cause.
        let v = verify(b"teehee", format!("{BODY}\n").as_bytes(), SIG, false);
        assert!(v.valid && v.warnings[1].message.contains("trailing newline"), "{v:?}");
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
        let pretty_sig = sign::sign(b"teehee", pretty().as_bytes());
        let crlf = pretty().replace('\n', "\r\n");
        let v = verify(b"teehee", crlf.as_bytes(), &pretty_sig, false);
        assert_eq!(codes(&v), ["crlf"], "{v:?}");
        // A secret with a newline and a CRLF body: both named.
        let v = verify(b"teehee\n", crlf.as_bytes(), &pretty_sig, false);
        assert_eq!(codes(&v), ["secret_whitespace", "crlf"], "{v:?}");
        assert_eq!(v.reproduced.as_ref().unwrap().secret, "receiver_trimmed");
    }

    #[test]
    fn the_senders_secret_is_tried_with_whitespace_added() {
        // docs/WEBHOOKS.md: signed with "teehee\n", checked with "teehee".
        let v = verify(b"teehee", BODY.as_bytes(), "a88ae240be482bca23b017d0a505423e9982c957", false);
        assert_eq!(codes(&v), ["sender_secret_whitespace"], "{v:?}");
        assert!(v.causes[0].message.contains("trailing newline"));
        let reproduced = v.reproduced.unwrap();
        assert_eq!((reproduced.secret, reproduced.body.len()), ("sender_trailing_newline", 0));
        // Combined with a body change: the sender's secret had a space, and the body gained a BOM.
        let sig = sign::sign(b" teehee", BODY.as_bytes());
        let v = verify(b"teehee", format!("\u{feff}{BODY}").as_bytes(), &sig, false);
        assert_eq!(codes(&v), ["sender_secret_whitespace", "bom"], "{v:?}");
        // The secret never appears in what is said.
        assert!(!format!("{v:?}").contains("teehee"));
    }

    #[test]
    fn gzip_sorted_keys_and_serializers_are_found_by_hashing() {
        use std::io::Write;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(BODY.as_bytes()).unwrap();
        let v = verify(b"teehee", &gz.finish().unwrap(), SIG, false);
        assert_eq!(codes(&v), ["gzip"], "{v:?}");
        // Keys sorted and compact, `<` escaped: Go's encoding/json of a map.
        let body = r#"{"version":1,"type":"track","userId":"u","event":"<b>","properties":{},"timestamp":"t"}"#;
        let sig = sign::sign(b"k", body.as_bytes());
        let go = r#"{"event":"\u003cb\u003e","properties":{},"timestamp":"t","type":"track","userId":"u","version":1}"#;
        let v = verify(b"k", go.as_bytes(), &sig, false);
        assert_eq!(codes(&v), ["key_sorted", "reencoded_escapes", "go_encoding_json"], "{v:?}");
        // Python's json.dumps defaults: matches re-serialised (valid), and the serializer is named with its fix.
        let body = r#"{"type":"track","event":"café"}"#;
        let sig = sign::sign(b"k", body.as_bytes());
        let v = verify(b"k", br#"{"type": "track", "event": "caf\u00e9"}"#, &sig, true);
        assert_eq!(codes(&v), ["not_raw", "spaced", "reencoded_escapes", "python_json_dumps"], "{v:?}");
        assert!(v.causes[3].message.contains("request.get_data()"));
        // PHP's json_encode: \/ and \u escapes.
        let body = r#"{"type":"page","url":"https://x/é"}"#;
        let sig = sign::sign(b"k", body.as_bytes());
        let v = verify(b"k", br#"{"type":"page","url":"https:\/\/x\/\u00e9"}"#, &sig, true);
        assert!(codes(&v).ends_with(&["reencoded_escapes", "php_json_encode"]), "{v:?}");
        // Numbers.
        let v = verify(b"k", br#"{"a":1.0}"#, &sign::sign(b"k", br#"{"a":1}"#), true);
        assert_eq!(codes(&v), ["not_raw", "reencoded_numbers"], "{v:?}");
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

    /// Every cause, each from a body (or secret, or header) that differs from what was signed in that one way only:
    /// the codes are exactly that cause's, and no message names a change the body does not have.
    #[test]
    fn each_cause_is_named_only_for_its_own_difference() {
        let s = |body: &str| sign::sign(b"teehee", body.as_bytes());
        let compact_pretty = pretty();
        let go_signed = r#"{"version":1,"type":"track","userId":"u","event":"<b>"}"#;
        // (what differs, secret, body received, header, strict, causes, warnings)
        type Case<'a> = (&'a str, &'a [u8], String, String, bool, &'a [&'a str], &'a [&'a str]);
        let cases: Vec<Case> = vec![
            (
                "trailing newline",
                b"teehee",
                format!("{BODY}\n"),
                SIG.into(),
                true,
                &["not_raw", "trailing_newline"],
                &[],
            ),
            (
                "trailing newline, lenient",
                b"teehee",
                format!("{BODY}\n"),
                SIG.into(),
                false,
                &[],
                &["not_raw", "trailing_newline"],
            ),
            (
                "trailing CRLF",
                b"teehee",
                format!("{BODY}\r\n"),
                SIG.into(),
                true,
                &["not_raw", "trailing_newline"],
                &[],
            ),
            (
                "trailing spaces",
                b"teehee",
                format!("{BODY}  "),
                SIG.into(),
                true,
                &["not_raw", "trailing_newline"],
                &[],
            ),
            (
                "leading newline",
                b"teehee",
                format!("\n{BODY}"),
                SIG.into(),
                true,
                &["not_raw", "leading_whitespace"],
                &[],
            ),
            (
                "signed with its trailing newline",
                b"teehee",
                format!("{BODY}\n"),
                s(&format!("{BODY}\n")),
                false,
                &[],
                &["not_stringify_form"],
            ),
            (
                "a trailing newline, nothing matches",
                b"other",
                format!("{BODY}\n"),
                SIG.into(),
                false,
                &["reencoded"],
                &[],
            ),
            (
                "pretty-printed",
                b"teehee",
                compact_pretty.clone(),
                SIG.into(),
                true,
                &["not_raw", "pretty_printed"],
                &[],
            ),
            (
                "pretty-printed and a trailing newline",
                b"teehee",
                format!("{compact_pretty}\n"),
                SIG.into(),
                true,
                &["not_raw", "pretty_printed", "trailing_newline"],
                &[],
            ),
            ("CRLF", b"teehee", compact_pretty.replace('\n', "\r\n"), s(&compact_pretty), false, &["crlf"], &[]),
            ("BOM", b"teehee", format!("\u{feff}{BODY}"), SIG.into(), false, &["bom"], &[]),
            (
                "numbers",
                b"teehee",
                r#"{"a":1.0}"#.into(),
                s(r#"{"a":1}"#),
                true,
                &["not_raw", "reencoded_numbers"],
                &[],
            ),
            (
                "escapes",
                b"teehee",
                r#"{"a":"\u0041"}"#.into(),
                s(r#"{"a":"A"}"#),
                true,
                &["not_raw", "reencoded_escapes"],
                &[],
            ),
            (
                "duplicate keys",
                b"teehee",
                r#"{"a":1,"a":1}"#.into(),
                s(r#"{"a":1}"#),
                true,
                &["not_raw", "reencoded_keys"],
                &[],
            ),
            (
                "keys reordered",
                b"teehee",
                r#"{"version":1,"userId":"u","type":"track"}"#.into(),
                s(r#"{"version":1,"type":"track","userId":"u"}"#),
                false,
                &["key_order"],
                &[],
            ),
            (
                "keys sorted",
                b"teehee",
                r#"{"event":"<b>","type":"track","userId":"u","version":1}"#.into(),
                s(go_signed),
                false,
                &["key_sorted"],
                &[],
            ),
            (
                "batch element 0",
                b"teehee",
                format!("[{BODY}, {{\"type\": \"page\"}}]"),
                SIG.into(),
                true,
                &["not_raw", "array_element"],
                &[],
            ),
            (
                "element 1",
                b"teehee",
                format!("[{{\"type\": \"page\"}}, {BODY}]"),
                SIG.into(),
                false,
                &["array_element"],
                &[],
            ),
            (
                "a pretty element",
                b"teehee",
                format!("[{compact_pretty}]"),
                SIG.into(),
                true,
                &["not_raw", "array_element", "pretty_printed"],
                &[],
            ),
            (
                "sender's escapes",
                b"teehee",
                r#"{"type":"track","event":"café 😀"}"#.into(),
                s(r#"{"type":"track","event":"caf\u00e9 \ud83d\ude00"}"#),
                false,
                &["sender_ascii_escapes"],
                &[],
            ),
            (
                "sender's escapes and a trailing newline",
                b"teehee",
                "{\"event\":\"café\"}\n".into(),
                s(r#"{"event":"caf\u00e9"}"#),
                false,
                &["trailing_newline", "sender_ascii_escapes"],
                &[],
            ),
            (
                "escaped after signing",
                b"teehee",
                r#"{"type":"track","event":"caf\u00E9"}"#.into(),
                s(r#"{"type":"track","event":"café"}"#),
                true,
                &["not_raw", "reencoded_escapes"],
                &[],
            ),
            (
                "escaped after signing, nothing else re-serialised",
                b"teehee",
                r#"{"a": 1.0, "e":"caf\u00e9"}"#.into(),
                s(r#"{"a": 1.0, "e":"café"}"#),
                false,
                &["reencoded_escapes"],
                &[],
            ),
            ("receiver's secret", b"teehee\n", BODY.into(), SIG.into(), false, &["secret_whitespace"], &[]),
            (
                "sender's secret",
                b"teehee",
                BODY.into(),
                sign::sign(b"teehee ", BODY.as_bytes()),
                false,
                &["sender_secret_whitespace"],
                &[],
            ),
            ("sha1= prefix", b"teehee", BODY.into(), format!("sha1={SIG}"), false, &["sha1_prefix"], &[]),
            ("header whitespace", b"teehee", BODY.into(), format!(" {SIG}\n"), false, &["header_whitespace"], &[]),
            ("header format", b"teehee", BODY.into(), "abc".into(), false, &["header_format"], &[]),
            (
                "uppercase",
                b"teehee",
                BODY.into(),
                SIG.to_uppercase(),
                true,
                &["uppercase_header"],
                &["uppercase_header"],
            ),
            ("not JSON", b"other", "not json".into(), SIG.into(), false, &["not_json"], &[]),
            ("different", b"other", BODY.into(), SIG.into(), false, &["different"], &[]),
            (
                "Python's json.dumps, on one line",
                b"teehee",
                python(BODY),
                SIG.into(),
                false,
                &[],
                &["not_raw", "spaced", "python_json_dumps"],
            ),
            (
                "spaces on one line",
                b"teehee",
                BODY.replace("\",\"", "\" , \""),
                SIG.into(),
                true,
                &["not_raw", "spaced"],
                &[],
            ),
        ];
        for (what, secret, body, header, strict, causes, warnings) in cases {
            let v = verify(secret, body.as_bytes(), &header, strict);
            let codes_of = |findings: &[Finding]| findings.iter().map(|f| f.code).collect::<Vec<_>>();
            assert_eq!(codes_of(&v.causes), causes, "{what}: {v:?}");
            assert_eq!(codes_of(&v.warnings), warnings, "{what}: {v:?}");
            let all: Vec<&Finding> = v.causes.iter().chain(&v.warnings).collect();
            let named = |code: &str| all.iter().any(|f| f.code == code);
            for finding in &all {
                let words = &finding.message;
                assert!(!words.contains("pretty") || named("pretty_printed"), "{what}: {words}");
                assert!(
                    !words.contains("trailing newline") || named("trailing_newline") || body.ends_with('\n'),
                    "{what}: {words}"
                );
            }
            // Nothing is said twice: no two findings alike, the fix once, and the headline not again in a finding.
            let messages: HashSet<&str> = all.iter().map(|f| f.message.as_str()).collect();
            assert_eq!(messages.len(), all.len(), "{what}: {v:?}");
            let fixes = all.iter().filter(|f| f.message.to_lowercase().contains("hash the raw request bytes")).count();
            assert!(fixes <= 1, "{what}: the fix {fixes} times: {v:?}");
            // The first words never call valid what a receiver hashing the raw bytes rejects.
            let headline = v.headline();
            match v.matched {
                Some(Form::Raw) | None => assert!(!headline.contains(RAW_REJECTS), "{what}: {headline}"),
                Some(_) if v.valid => assert!(headline.starts_with("valid only "), "{what}: {headline}"),
                Some(_) => assert!(headline.starts_with(&format!("invalid: {RAW_REJECTS}")), "{what}: {headline}"),
            }
        }
    }

    /// A body as Python's json.dumps writes it by default: one line, a space after each `,` and `:`.
    fn python(body: &str) -> String {
        let value = json::parse(body.as_bytes()).unwrap();
        fn write(value: &JsValue, out: &mut String) {
            match value {
                JsValue::Object(object) => {
                    out.push('{');
                    for (i, (key, item)) in object.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        out.push_str(&json::stringify(&JsValue::String(key.clone())));
                        out.push_str(": ");
                        write(item, out);
                    }
                    out.push('}');
                }
                other => out.push_str(&json::stringify(other)),
            }
        }
        let mut out = String::new();
        write(&value, &mut out);
        out
    }

    #[test]
    fn a_python_body_on_one_line_is_named_for_what_it_is() {
        let body = python(BODY);
        assert!(body.starts_with(r#"{"version": 1, "type": "track""#), "{body}");
        for strict in [false, true] {
            let v = verify(b"teehee", body.as_bytes(), SIG, strict);
            let findings = v.causes.iter().chain(&v.warnings).map(|f| f.message.as_str());
            let words = std::iter::once(v.headline()).chain(findings.map(String::from)).collect::<Vec<_>>().join("\n");
            assert!(!words.contains("pretty"), "{words}");
            assert!(
                words.contains(r#"a space after each "," and ":""#) && words.contains("Python's json.dumps"),
                "{words}"
            );
        }
        // Matched raw, it is not in JSON.stringify form: said in the same words.
        let v = verify(b"teehee", body.as_bytes(), &sign::sign(b"teehee", body.as_bytes()), false);
        assert_eq!(v.warnings[0].code, "not_stringify_form");
        assert!(!v.warnings[0].message.contains("pretty"), "{v:?}");
        assert!(v.warnings[0].message.contains("as Python's json.dumps writes by default"), "{v:?}");
    }

    #[test]
    fn the_headline_leads_with_what_a_receiver_of_the_raw_bytes_concludes() {
        let headline =
            |body: &str, header: &str, strict: bool| verify(b"teehee", body.as_bytes(), header, strict).headline();
        assert_eq!(headline(BODY, SIG, false), "valid: the signature matches the raw body bytes");
        assert_eq!(
            headline(&pretty(), SIG, false),
            "valid only after re-serialisation as JSON.stringify(JSON.parse(body)); a receiver hashing the raw bytes \
             rejects it"
        );
        assert_eq!(
            headline(&pretty(), SIG, true),
            "invalid: a receiver hashing the raw bytes rejects it; the signature matches only after re-serialisation \
             as JSON.stringify(JSON.parse(body)), which --strict does not accept"
        );
        assert!(headline(&format!("[{BODY}]"), SIG, false).starts_with("valid only as element 0 of the array"));
        assert_eq!(
            headline(BODY, &format!("sha1={SIG}"), false),
            "invalid: the signature matches the raw body bytes, but:"
        );
        assert_eq!(
            headline(&format!("{BODY}\r\n"), SIG, false).split(';').next(),
            Some("valid only after re-serialisation as JSON.stringify(JSON.parse(body))")
        );
        let crlf = pretty().replace('\n', "\r\n");
        assert_eq!(
            headline(&crlf, &sign::sign(b"teehee", pretty().as_bytes()), false),
            "invalid: the signature matches no form of this body; it is reproduced when the cause below is undone"
        );
        let v = verify(b"other", BODY.as_bytes(), SIG, false);
        assert_eq!(v.headline(), "invalid: the signature matches no form of this body");
        assert!(v.unexplained());
        assert!(!verify(b"teehee\n", BODY.as_bytes(), SIG, false).unexplained(), "reproduced: explained");
        assert!(!verify(b"other", BODY.as_bytes(), "abc", false).unexplained(), "no signature to explain");
    }

    #[test]
    fn a_destinations_censored_secret_tells_only_whether_the_last_four_agree() {
        let compare = |given: &str, shown: Option<&str>| DestinationSecret::compare("d", given, shown).last_four;
        // The Public API's censor, and a value shown whole (censored here the same way).
        assert_eq!(compare("teehee-long-secret", Some("••••••••••cret")), Ending::Same);
        assert_eq!(compare("another-one-cret", Some("••••••••••cret")), Ending::Same);
        assert_eq!(compare("teehee-long-secreT", Some("••••••••••cret")), Ending::Different);
        assert_eq!(compare("cret", Some("••••••••••cret")), Ending::Different, "too short to be shown so");
        assert_eq!(compare("teehee-long-secret", Some("teehee-long-secret")), Ending::Same);
        assert_eq!(compare("teehee-long-secrex", Some("teehee-long-secret")), Ending::Different);
        // Nothing to compare: a short secret, the Config API's stars; no secret at all.
        assert_eq!(compare("teehee", Some("••••••••••")), Ending::Hidden);
        assert_eq!(compare("teehee", Some("teehee")), Ending::Hidden);
        assert_eq!(compare("teehee", Some("*****")), Ending::Hidden);
        assert_eq!(compare("teehee", None), Ending::NoSecret);
        assert_eq!(compare("teehee", Some("")), Ending::NoSecret);
        // Its words are made of the destination's name and the outcome alone: no character of either secret.
        for ending in [Ending::Same, Ending::Different, Ending::Hidden, Ending::NoSecret] {
            let words = DestinationSecret { name: "d".into(), last_four: ending }.describe("web/\u{1b}[31mhooks");
            assert!(words.contains("web/\\u{1b}[31mhooks"), "the name's control characters escaped: {words}");
        }
    }

    #[test]
    fn a_trailing_newline_is_never_called_pretty_printing() {
        for body in [format!("{BODY}\n"), format!("{BODY}\r\n"), format!("{BODY}\n\n")] {
            for (secret, header) in [
                (&b"teehee"[..], SIG.to_string()),
                (b"teehee", sign::sign(b"teehee", body.as_bytes())),
                (b"other", SIG.into()),
            ] {
                for strict in [false, true] {
                    let v = verify(secret, body.as_bytes(), &header, strict);
                    let words = format!("{:?}", (&v.causes, &v.warnings));
                    assert!(!words.contains("pretty"), "{body:?}: {words}");
                    assert!(words.contains("trailing newline"), "{body:?}: {words}");
                }
            }
        }
    }

    #[test]
    fn the_senders_ascii_escapes_are_named_with_the_fix() {
        let signed = r#"{"version":1,"type":"track","userId":"u","event":"Café"}"#;
        let escaped = signed.replace('é', "\\u00e9");
        // Signed escaped (Python's json.dumps), received literal.
        let v = verify(b"k", signed.as_bytes(), &sign::sign(b"k", escaped.as_bytes()), false);
        assert!(!v.valid);
        assert_eq!(codes(&v), ["sender_ascii_escapes"], "{v:?}");
        assert!(
            v.causes[0].message.contains("é as \\u00e9") && v.causes[0].message.contains("raw request bytes"),
            "{v:?}"
        );
        assert_eq!(v.reproduced.as_ref().unwrap().body, ["ascii_escape"]);
        // Signed literal, received escaped: a receiver following the service's example still matches.
        let v = verify(b"k", escaped.as_bytes(), &sign::sign(b"k", signed.as_bytes()), true);
        assert_eq!(codes(&v), ["not_raw", "reencoded_escapes"], "{v:?}");
        assert!(v.causes[1].message.contains(r#""Caf\u00e9" where the service wrote "Café""#), "{v:?}");
        assert!(v.causes[1].message.contains("hash the raw request bytes"), "{v:?}");
        assert_eq!(v.reproduced.as_ref().unwrap().body, ["ascii_unescape"]);
    }

    #[test]
    fn ascii_escapes_change_only_strings() {
        let text = "{\"é\":[\"a\\\"é\",\"\\u00e9\\\\u00e9\",\"😀\"],\"n\":1}";
        let escaped = escape_non_ascii(text.as_bytes()).unwrap();
        assert_eq!(
            String::from_utf8(escaped.clone()).unwrap(),
            "{\"\\u00e9\":[\"a\\\"\\u00e9\",\"\\u00e9\\\\u00e9\",\"\\ud83d\\ude00\"],\"n\":1}"
        );
        // Back: every escape of a non-ASCII character (not an escaped backslash followed by "u00e9").
        let back = unescape_non_ascii(&escaped).unwrap();
        assert_eq!(String::from_utf8(back).unwrap(), "{\"é\":[\"a\\\"é\",\"é\\\\u00e9\",\"😀\"],\"n\":1}");
        assert_eq!(json::restringify(&escaped).unwrap(), json::restringify(text.as_bytes()).unwrap());
        assert_eq!(escape_non_ascii(BODY.as_bytes()), None);
        assert_eq!(unescape_non_ascii(br#"{"a":"\u0041\ud800"}"#), None, "ASCII and lone surrogates stay");
    }

    #[test]
    fn a_large_body_is_searched_within_the_budget() {
        // The raw bytes and their re-serialisation fit, not every element.
        let big = format!("[{}]", vec![BODY; 35_000].join(","));
        let (made, truncated) = candidates(big.as_bytes());
        assert!(truncated && made.len() > 2 && made.len() < 2 + 35_000, "{} variants", made.len());
        let (made, truncated) = candidates(format!("[{BODY},{BODY}]\n").as_bytes());
        assert!(!truncated && made.len() == 2 * (2 + 2 * 2), "{} variants", made.len());
    }

    /// A cause quotes the body (the first string that differs); a control character there never reaches the
    /// message, whichever output shows it.
    #[test]
    fn findings_carry_no_control_characters() {
        // JSON.stringify writes ESC escaped, DEL and C1 as they are.
        let signed = "{\"a\":\"\u{9b}31m\\u001bx\u{7f}\"}";
        let sig = sign::sign(b"k", signed.as_bytes());
        for body in ["{\"a\":\"\\u009b31m\\u001bx\\u007f\"}", "{\"b\":1,\"a\":\"\u{9b}\u{85}\"}"] {
            let v = verify(b"k", body.as_bytes(), &sig, true);
            assert!(!v.causes.is_empty(), "{v:?}");
            for f in v.causes.iter().chain(&v.warnings) {
                assert!(!f.message.chars().any(char::is_control), "{}: {:?}", f.code, f.message);
            }
        }
        let escaped = verify(b"k", "{\"a\":\"\\u009b31m\\u001bx\\u007f\"}".as_bytes(), &sig, false);
        assert!(escaped.valid && escaped.warnings.iter().any(|w| w.message.contains("\\u{9b}")), "{escaped:?}");
    }
}
