//! The journal of `seg webhook listen`: every request it receives, kept on disk so that a failing delivery can be
//! looked at again (`seg webhook log`, the inspector) and sent again byte for byte (`seg webhook replay`).
//!
//! One JSON file per request, `<id>.json`, in a folder of its own (0700; files 0600): the exact body (as text when
//! it is UTF-8, else base64), the headers as received, the signature's verdict (never the secret) and the answer
//! the sender got. Ids count up across restarts (the next is one more than the highest on disk); a file is created
//! only if its name is free, so two listeners sharing a folder never overwrite each other. Only the newest
//! `max` requests are kept: each new one removes the one `max` before it. It is seg's bookkeeping, not an effect
//! (docs/reference/commands.md), so `--dry-run` does not stop it; its files are written through `effect::bookkeeping`.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use base64::Engine;
use serde::{Deserialize, Serialize};

use super::verify::{Finding, Form};
use crate::effect::bookkeeping;

/// Requests kept unless `--journal-max` says otherwise.
pub const DEFAULT_MAX: u64 = 10_000;
/// The folder of seg's state (the journal is `webhook-journal` inside it); for tests and unusual setups.
pub const ENV_STATE_DIR: &str = "SEG_STATE_DIR";
/// The answer body kept in an entry, at most (the sender gets all of it).
const ANSWER_KEPT: usize = 64 << 10;

/// The largest body `listen` takes: a larger one is answered 413 and recorded with its size, without its bytes.
pub const MAX_BODY: usize = 2 << 20;

/// What `listen` found of a request's signature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Signature {
    Valid,
    Invalid,
    Absent,
    /// There is a header but no secret to check it with.
    Unchecked,
}

/// Why a request's body was not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Refused {
    /// Over [`MAX_BODY`]: answered 413.
    TooLarge,
    /// Not received within the server's body timeout: answered 408.
    BodyTimeout,
    /// The sender broke off before the end of its body: answered 400, if it still listens.
    Incomplete,
}

impl Refused {
    pub fn status(self) -> u16 {
        match self {
            Refused::TooLarge => 413,
            Refused::BodyTimeout => 408,
            Refused::Incomplete => 400,
        }
    }

    pub fn describe(self) -> String {
        match self {
            Refused::TooLarge => format!("the body is larger than the {} MiB limit; it was not kept", MAX_BODY >> 20),
            Refused::BodyTimeout => {
                format!("the body did not arrive within {} s; it was not kept", crate::server::BODY_TIMEOUT.as_secs())
            }
            Refused::Incomplete => "the body broke off before its end; it was not kept".to_string(),
        }
    }
}

/// The journal's folder when `--journal` is not given: `$SEG_STATE_DIR/webhook-journal`, else seg's folder in
/// the user's state directory (`$XDG_STATE_HOME/seg`, `~/.local/state/seg` on Linux; the data directory where the
/// platform has no state directory).
pub fn default_dir() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os(ENV_STATE_DIR).filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir).join("webhook-journal"));
    }
    use etcetera::BaseStrategy;
    let strategy = etcetera::choose_base_strategy()
        .map_err(|e| format!("cannot find the state folder ({e}); pass --journal DIR or set {ENV_STATE_DIR}"))?;
    let state = strategy.state_dir().unwrap_or_else(|| strategy.data_dir());
    Ok(state.join("seg").join("webhook-journal"))
}

/// One header as received: the value as text, or base64 when it is not UTF-8.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    pub name: String,
    pub value: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub base64: bool,
}

impl Header {
    pub fn new(name: &str, value: &[u8]) -> Header {
        match std::str::from_utf8(value) {
            Ok(text) => Header { name: name.to_string(), value: text.to_string(), base64: false },
            Err(_) => Header {
                name: name.to_string(),
                value: base64::engine::general_purpose::STANDARD.encode(value),
                base64: true,
            },
        }
    }

    pub fn bytes(&self) -> Vec<u8> {
        if self.base64 {
            base64::engine::general_purpose::STANDARD.decode(&self.value).unwrap_or_default()
        } else {
            self.value.clone().into_bytes()
        }
    }
}

/// A finding as kept: its code and words (never the secret; verify's messages do not hold it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    pub code: String,
    pub message: String,
}

impl From<&Finding> for Note {
    fn from(finding: &Finding) -> Note {
        Note { code: finding.code.to_string(), message: finding.message.clone() }
    }
}

/// What the sender was answered.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    pub status: u16,
    /// The answer's body as text (the forwarded app's), up to 64 KiB.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    /// Where the request was forwarded (`--forward-to`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forwarded_to: Option<String>,
    /// Why the forward failed (the sender then got 502), or that it was a dry run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Answer {
    pub fn with_body(mut self, body: &[u8]) -> Answer {
        if !body.is_empty() {
            let kept = &body[..body.len().min(ANSWER_KEPT)];
            self.body = Some(String::from_utf8_lossy(kept).into_owned());
        }
        self
    }
}

/// One request, as kept.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub id: u64,
    /// When it arrived: RFC 3339, UTC, milliseconds.
    pub received: String,
    pub method: String,
    /// Path and query as requested.
    pub path: String,
    pub headers: Vec<Header>,
    /// The exact body when it is UTF-8 ...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    /// ... else its base64.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body_base64: Option<String>,
    pub size: usize,
    /// The body's `type`, when it is a JSON object with one.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub signature: Signature,
    pub signed_form: Option<Form>,
    /// Why the signature is invalid.
    #[serde(default)]
    pub causes: Vec<Note>,
    #[serde(default)]
    pub warnings: Vec<Note>,
    pub answer: Answer,
    /// Why its body was not taken (then only its `size` is kept); absent when it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<Refused>,
}

impl Entry {
    /// A request with `body`, answered 200, its signature not checked: what a journal written by hand (a test, an
    /// import) starts from.
    pub fn new(received: &str, method: &str, path: &str, body: &[u8]) -> Entry {
        let mut entry = Entry {
            id: 0,
            received: received.into(),
            method: method.into(),
            path: path.into(),
            headers: Vec::new(),
            body: None,
            body_base64: None,
            size: 0,
            kind: None,
            signature: Signature::Absent,
            signed_form: None,
            causes: Vec::new(),
            warnings: Vec::new(),
            answer: Answer { status: 200, ..Answer::default() },
            refused: None,
        };
        entry.set_body(body);
        entry
    }

    /// Sets the body, exactly.
    pub fn set_body(&mut self, bytes: &[u8]) {
        self.size = bytes.len();
        match std::str::from_utf8(bytes) {
            Ok(text) => (self.body, self.body_base64) = (Some(text.to_string()), None),
            Err(_) => {
                (self.body, self.body_base64) = (None, Some(base64::engine::general_purpose::STANDARD.encode(bytes)))
            }
        }
    }

    /// The exact body bytes.
    pub fn body_bytes(&self) -> Vec<u8> {
        match (&self.body, &self.body_base64) {
            (Some(text), _) => text.clone().into_bytes(),
            (None, Some(encoded)) => base64::engine::general_purpose::STANDARD.decode(encoded).unwrap_or_default(),
            (None, None) => Vec::new(),
        }
    }
}

/// A journal being written (by `listen`).
#[derive(Debug)]
pub struct Journal {
    dir: PathBuf,
    max: u64,
    /// The next id; held while an entry is written (see `append`).
    next: Mutex<u64>,
}

impl Journal {
    /// The journal in `dir`, keeping the newest `max` requests (older ones are removed now); ids go on from the
    /// highest on disk.
    pub fn open(dir: &Path, max: u64) -> Result<Journal, String> {
        let ids = ids(dir)?;
        let excess = ids.len().saturating_sub(usize::try_from(max).unwrap_or(usize::MAX));
        for id in &ids[..excess] {
            bookkeeping::remove(&file(dir, *id)).map_err(|e| format!("cannot prune {}: {e}", dir.display()))?;
        }
        let next = ids.last().map_or(1, |last| last + 1);
        Ok(Journal { dir: dir.to_path_buf(), max: max.max(1), next: Mutex::new(next) })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes the entry under the next free id (which it sets) and removes the one `max` before it. Blocking.
    ///
    /// One append at a time: ids are taken and their files made in order, so the removal of the entry `max` before
    /// a new one never comes before that older entry is made (it would then outlive the bound), and never removes
    /// one of the newest `max`.
    pub fn append(&self, entry: &mut Entry) -> Result<u64, String> {
        let fail = |e: std::io::Error| format!("cannot write the journal in {}: {e}", self.dir.display());
        let mut next = self.next.lock().unwrap_or_else(PoisonError::into_inner);
        for _ in 0..1000 {
            entry.id = *next;
            *next += 1;
            let bytes = serde_json::to_vec(entry).map_err(|e| e.to_string())?;
            if bookkeeping::create(&file(&self.dir, entry.id), &bytes).map_err(fail)? {
                if let Some(old) = entry.id.checked_sub(self.max).filter(|old| *old > 0) {
                    bookkeeping::remove(&file(&self.dir, old)).map_err(fail)?;
                }
                return Ok(entry.id);
            }
            // Another listener took that id: go on after the highest one on disk.
            let highest = ids(&self.dir)?.last().copied().unwrap_or(0);
            *next = (*next).max(highest + 1);
        }
        Err(format!("cannot find a free id in the journal {}", self.dir.display()))
    }
}

/// The entry as a request to `url`, to send again: its method, its exact body bytes and its headers as received
/// (less those of its connection); with `resign`, a fresh X-Signature made with that secret instead of the one it
/// carried.
pub fn replay_request(
    client: &reqwest::Client,
    entry: &Entry,
    url: &str,
    resign: Option<&[u8]>,
) -> Result<reqwest::Request, String> {
    if let Some(refused) = entry.refused {
        return Err(format!("request {} cannot be replayed: {}", entry.id, refused.describe()));
    }
    let method = reqwest::Method::from_bytes(entry.method.as_bytes())
        .map_err(|_| format!("request {} has an invalid method {:?}", entry.id, entry.method))?;
    let body = entry.body_bytes();
    let mut request = client.request(method, url);
    for header in &entry.headers {
        if crate::http::connection_header(&header.name)
            || (resign.is_some() && header.name.eq_ignore_ascii_case("x-signature"))
        {
            continue;
        }
        request = request.header(header.name.as_str(), header.bytes());
    }
    if let Some(secret) = resign {
        request = request.header("x-signature", super::sign::sign(secret, &body));
    }
    request.body(body).build().map_err(|e| format!("cannot replay to {url}: {}", crate::http::root_cause(&e)))
}

fn file(dir: &Path, id: u64) -> PathBuf {
    dir.join(format!("{id}.json"))
}

/// The ids in a journal folder, ascending; none when it does not exist.
pub fn ids(dir: &Path) -> Result<Vec<u64>, String> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read the journal {}: {e}", dir.display())),
    };
    let mut ids: Vec<u64> =
        entries.flatten().filter_map(|e| e.file_name().to_str()?.strip_suffix(".json")?.parse().ok()).collect();
    ids.sort_unstable();
    Ok(ids)
}

/// One entry.
pub fn read(dir: &Path, id: u64) -> Result<Entry, String> {
    find(dir, id)?.ok_or_else(|| missing(dir, id))
}

/// One entry, `None` when the journal has none of that id; an entry that cannot be read is an error.
pub fn find(dir: &Path, id: u64) -> Result<Option<Entry>, String> {
    let path = file(dir, id);
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    serde_json::from_slice(&bytes).map(Some).map_err(|e| format!("{} is not a journal entry: {e}", path.display()))
}

/// What is said of an id the journal does not hold.
pub fn missing(dir: &Path, id: u64) -> String {
    format!("no request {id} in the journal {}", dir.display())
}

/// The newest `limit` entries, oldest first; entries that cannot be read are skipped.
pub fn newest(dir: &Path, limit: usize) -> Result<Vec<Entry>, String> {
    let ids = ids(dir)?;
    let from = ids.len().saturating_sub(limit);
    Ok(ids[from..].iter().filter_map(|id| read(dir, *id).ok()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(body: &[u8]) -> Entry {
        let headers = vec![Header::new("x-signature", b"abc"), Header::new("x-odd", b"\xff")];
        Entry { headers, ..Entry::new("2026-01-01T00:00:00.000Z", "POST", "/hook", body) }
    }

    #[test]
    fn entries_keep_exact_bytes_count_on_after_a_restart_and_only_the_newest_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path().join("j");
        let journal = Journal::open(&dir, 3).unwrap();
        for body in [&b"{\"a\":1}\n"[..], b"\x1f\x8b\x00binary", b"3", b"4"] {
            journal.append(&mut entry(body)).unwrap();
        }
        assert_eq!(ids(&dir).unwrap(), [2, 3, 4]);
        let second = read(&dir, 2).unwrap();
        assert_eq!(second.body_bytes(), b"\x1f\x8b\x00binary");
        assert_eq!(second.headers[1].bytes(), b"\xff");
        // A restart with a smaller journal: ids go on, the oldest go.
        let journal = Journal::open(&dir, 2).unwrap();
        assert_eq!(ids(&dir).unwrap(), [3, 4]);
        assert_eq!(journal.append(&mut entry(b"5")).unwrap(), 5);
        assert_eq!(newest(&dir, 10).unwrap().iter().map(|e| e.id).collect::<Vec<_>>(), [4, 5]);
        assert!(read(&dir, 1).unwrap_err().contains("no request 1"));
        // Another writer took the next id: this one goes on after it.
        bookkeeping::create(&dir.join("6.json"), &serde_json::to_vec(&entry(b"x")).unwrap()).unwrap();
        assert_eq!(journal.append(&mut entry(b"7")).unwrap(), 7);
    }

    #[test]
    fn concurrent_appends_keep_exactly_the_newest_max() {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path().join("j");
        let journal = std::sync::Arc::new(Journal::open(&dir, 3).unwrap());
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let journal = journal.clone();
                std::thread::spawn(move || {
                    for _ in 0..100 {
                        journal.append(&mut entry(b"{}")).unwrap();
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert_eq!(ids(&dir).unwrap(), [798, 799, 800], "the newest 3, no more, no other");
    }
}
