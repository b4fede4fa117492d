//! The Public API adapter (ARCHITECTURE.md, "Two APIs"). Commands, plans and `--each` speak seg's vocabulary: the
//! Config API's resource names and bodies (`wire`). With `--api public` the client hands each such request here, where
//! it becomes the Public API calls that serve it (docs/MOVING-TO-PUBLIC-API.md): names resolved to ids (`ids`,
//! remembered across processes), bodies rewritten (`update_mask` gone, config items as `settings`, ...), lists paged by cursor;
//! each call goes through the client's one transport, so pacing, the effect gate (`--dry-run`), retries and `-v` apply
//! as for any other request. The answer's `data` part is kept as received (what `-o json` prints) and read back in
//! seg's vocabulary (`read`) for tables, names and plans.
//!
//! A request in the Public API's own terms (`seg api`) is sent as it is; only its paging (`--paginate`) is
//! translated.

mod filters;
mod ids;
mod mappings;
mod path;
mod plans;
mod read;
mod records;
pub mod rules;
pub mod writes;

use std::collections::BTreeMap;
use std::sync::Arc;

use http::Method;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};

use self::ids::{Entry, Ids, Table};
use self::path::{Id, Path};
use super::transport::{Outcome, Transport};
use crate::error::{ApiError, Error, Result};
use crate::secret::Secret;
use crate::wire::public::{self, map};
use crate::wire::{self, Body, Operation, Request, Target, Verb, wrapper};

/// What a wait after a lost answer says.
fn lost(error: &Error) -> String {
    format!("{error}; the create may have been made: looking for it again")
}

/// What the Public API holds (`api::Holds`): destination names, several destinations of one catalog entry, plan
/// types; no library settings, connection modes, legacy trait lists, update times or tokens, and forwarding only to a
/// source of the workspace.
pub const HOLDS: super::Holds = super::Holds {
    title: "the Public API",
    own_shapes: true,
    source_switches: true,
    library_config: false,
    connection_modes: false,
    legacy_traits: false,
    update_times: false,
    tokens: false,
    mappings: true,
    public_resources: true,
    several_destinations: true,
    destination_names: true,
    plan_types: true,
    forwarding_by_id: true,
    api_versions: false,
};

/// The largest page asked for: the Public API's docs say collections are generally limited to 200 per call.
pub const MAX_PAGE: u32 = 200;

/// What the client keeps for the Public API: the names it has resolved.
pub struct Adapter {
    ids: Ids,
    /// Pages asked for before they were wanted (`Request::reading_ahead`), one per listing at most.
    ahead: std::sync::Mutex<Vec<Ahead>>,
    /// The destinations of each source this process made (by the source's id): it knows them without a read, so
    /// a move that makes a source and then its destinations reads none of their listings.
    made: Made,
}

type Made = std::sync::Mutex<std::collections::HashMap<String, Vec<Value>>>;

impl Adapter {
    /// The adapter of a token at a base URL; `warn` says what could not be used of what seg remembers.
    pub fn new(base_url: &str, token: &Secret, warn: ids::Warn) -> Adapter {
        Adapter { ids: Ids::new(base_url, token, warn), ahead: std::sync::Mutex::default(), made: Made::default() }
    }
}

/// A page asked for as soon as its cursor was known, while the page before it was read and printed: the call (path
/// and query in the Public API's terms) and its answer on the way. Dropped unclaimed, it is stopped.
struct Ahead {
    path: String,
    query: Vec<(String, String)>,
    answer: tokio::task::JoinHandle<Result<Option<String>>>,
}

impl Drop for Ahead {
    fn drop(&mut self) {
        self.answer.abort();
    }
}

/// A JSON text: a record as received, or its reading.
type Text = Box<RawValue>;

/// What a request in seg's vocabulary answered, read both ways, each as text.
enum Answer {
    /// One record: as received, and in seg's vocabulary.
    One { raw: Text, neutral: Text },
    /// A page of a list, under the vocabulary's key for it.
    Page { key: &'static str, items: Vec<(Text, Text)>, next: Cursors },
    /// A delete's answer: `{}` in seg's vocabulary.
    Empty { raw: Text },
}

impl Answer {
    /// One record read into a `Value`, and its reading.
    fn one(raw: &Value, neutral: &Value) -> Answer {
        Answer::One { raw: text_of(raw), neutral: text_of(neutral) }
    }

    /// A delete's answer (its `data`).
    fn empty(raw: &Value) -> Answer {
        Answer::Empty { raw: text_of(raw) }
    }

    /// The answer as the request reads it, as JSON text: for a request that asked for `Received` records, each
    /// record carries both readings (`wire::translated`); otherwise only seg's. Written once, item by item, and then
    /// read as any answer's text is read.
    fn into_text(self, received: bool) -> Result<String> {
        serde_json::to_string(&Written { answer: &self, received })
            .map_err(|e| Error::failed(format!("cannot write the Public API's answer in seg's terms: {e}")))
    }
}

/// An answer as [`Answer::into_text`] writes it.
struct Written<'a> {
    answer: &'a Answer,
    received: bool,
}

impl serde::Serialize for Written<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let received = self.received;
        match self.answer {
            Answer::One { raw, neutral } => Item { raw, neutral, received }.serialize(serializer),
            Answer::Page { key, items, next } => {
                let mut map = serializer.serialize_map(Some(3))?;
                map.serialize_entry(key, &Items { items, received })?;
                map.serialize_entry(wrapper::NEXT_PAGE_TOKEN, &next.next)?;
                if !next.this.is_empty() {
                    map.serialize_entry(wrapper::THIS_PAGE_TOKEN, &next.this)?;
                }
                map.end()
            }
            Answer::Empty { raw } => {
                let neutral: &RawValue = serde_json::from_str("{}").map_err(serde::ser::Error::custom)?;
                Item { raw, neutral, received }.serialize(serializer)
            }
        }
    }
}

/// The items of a page, each written as [`Item`].
struct Items<'a> {
    items: &'a [(Text, Text)],
    received: bool,
}

impl serde::Serialize for Items<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        serializer.collect_seq(self.items.iter().map(|(raw, neutral)| Item { raw, neutral, received: self.received }))
    }
}

/// One record: both readings when `Received` records were asked for, else seg's.
struct Item<'a> {
    raw: &'a RawValue,
    neutral: &'a RawValue,
    received: bool,
}

impl serde::Serialize for Item<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        if self.received {
            wire::translated(self.raw, self.neutral).serialize(serializer)
        } else {
            self.neutral.serialize(serializer)
        }
    }
}

/// Sends a request through the Public API and reads its answer as `A`.
pub async fn send<A: DeserializeOwned>(
    client: &Arc<Transport>,
    adapter: &Adapter,
    request: &Request<A>,
) -> Result<Outcome<A>> {
    let answer = if request.verbatim() {
        verbatim(client, request).await?
    } else {
        let reading = if request.reads_raw_only() { read::Reading::Name } else { read::Reading::Whole };
        let fresh = || Call { reads_ahead: request.reads_ahead(), reading, ..Call::new(client, adapter) };
        let mut call = fresh();
        let answer = match call.neutral(request).await {
            // An id remembered from before that the service no longer knows: forget what was remembered and try
            // once more with names read afresh, unless something was already written.
            Err(Error::Api(error)) if error.status == 404 && call.cached && !call.wrote => {
                adapter.ids.forget();
                fresh().neutral(request).await?
            }
            other => other?,
        };
        answer.map(|answer| answer.into_text(request.wants_received())).transpose()?
    };
    let Some(answer) = answer else { return Ok(Outcome::DryRun) };
    // seg's own writing of records already checked as received (`Listed::read`, `Transport::call`): read as a part
    // of a checked answer, with no second pass over its depth.
    crate::wire::text::part(&answer)
        .map(Outcome::Answer)
        .map_err(|e| Error::failed(format!("the Public API answered something seg cannot read: {e}")))
}

/// A request in the Public API's terms: sent as it is. A page of a listing (`seg api --paginate`, which asks with
/// `page_size` and `page_token`) is asked for by cursor, and its items and next cursor read from `data`.
async fn verbatim<A>(client: &Transport, request: &Request<A>) -> Result<Option<String>> {
    let paging = request.query.iter().any(|(key, _)| key == "page_size");
    if !paging {
        let call = request.clone().answering::<Box<serde_json::value::RawValue>>();
        return Ok(client.call(&call).await?.map(|body| String::from(Box::<str>::from(body))));
    }
    let mut call = request.clone().answering::<Value>();
    call.query = pagination(&request.query);
    let Some(mut body) = client.call(&call).await? else { return Ok(None) };
    let data = match body.get_mut("data") {
        Some(Value::Object(data)) => std::mem::take(data),
        _ => Map::new(),
    };
    let Cursors { next, this } = cursors(data.get("pagination"));
    let (key, items) = data
        .into_iter()
        .find(|(_, value)| value.is_array())
        .unwrap_or_else(|| ("items".to_string(), Value::Array(Vec::new())));
    Ok(Some(json!({ key: items, wrapper::NEXT_PAGE_TOKEN: next, wrapper::THIS_PAGE_TOKEN: this }).to_string()))
}

/// seg's paging query (`page_size`, `page_token`) as the Public API's `pagination[count]` (at most [`MAX_PAGE`]) and
/// `pagination[cursor]`; other keys pass as they are.
fn pagination(query: &[(String, String)]) -> Vec<(String, String)> {
    query
        .iter()
        .map(|(key, value)| match key.as_str() {
            "page_size" => {
                let count = value.trim().parse::<u32>().map_or(MAX_PAGE, |n| n.clamp(1, MAX_PAGE));
                ("pagination[count]".to_string(), count.to_string())
            }
            "page_token" => ("pagination[cursor]".to_string(), value.clone()),
            _ => (key.clone(), value.clone()),
        })
        .collect()
}

/// A page's cursors, as a listing follows them: the next page's (empty on the last) and its own (`current`).
#[derive(Debug, Clone, Default, PartialEq)]
struct Cursors {
    next: String,
    this: String,
}

fn cursors(pagination: Option<&Value>) -> Cursors {
    let text = |key: &str| pagination.and_then(|p| p.get(key)).and_then(Value::as_str).unwrap_or_default();
    let (next, this) = (text("next"), text("current"));
    Cursors { next: if next == this { String::new() } else { next.to_string() }, this: this.to_string() }
}

/// A body of the Public API's shapes as JSON (they are strings, numbers and string-keyed maps: this cannot fail).
fn to_json(body: &impl serde::Serialize) -> Value {
    serde_json::to_value(body).unwrap_or_default()
}

/// A record as received, beside its reading in seg's vocabulary (made from the record read into a `Value`).
fn both(raw: Text, read: impl Fn(&Value) -> std::result::Result<Value, String>) -> Result<(Text, Text)> {
    let value: Value = crate::wire::text::part(raw.get()).map_err(|e| unreadable(e.to_string()))?;
    let neutral = read(&value).map_err(unreadable)?;
    Ok((raw, text_of(&neutral)))
}

/// A value as JSON text (values seg read or made: this cannot fail).
fn text_of(value: &impl serde::Serialize) -> Text {
    serde_json::value::to_raw_value(value).unwrap_or_else(|_| RawValue::NULL.to_owned())
}

/// A page's answer as it is read, in one pass: the records under `data.<key>`, each its own text (borrowed from the
/// answer), and `data.pagination`.
struct Listed<'a> {
    records: Vec<&'a RawValue>,
    cursors: Option<Value>,
}

impl<'a> Listed<'a> {
    /// Read as every answer is (`wire::text`: as deep as an answer may nest; a key given twice, its last value).
    fn read(body: &'a str, key: &str) -> Result<Listed<'a>, crate::wire::text::Unreadable> {
        use serde::de::DeserializeSeed;
        let read = |text: &'a str| {
            let mut reader = crate::wire::text::deserializer(text);
            let listed = Page { key, data: false }.deserialize(&mut reader)?;
            reader.end().map(|()| listed)
        };
        crate::wire::text::deep(body, read)?.map_err(|e| crate::wire::text::classify(body, &e))
    }
}

/// Reads a page's answer (`data: false`) or its `data` (`data: true`), keeping the records under `key`.
struct Page<'k> {
    key: &'k str,
    data: bool,
}

impl<'de> serde::de::DeserializeSeed<'de> for Page<'_> {
    type Value = Listed<'de>;

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> std::result::Result<Listed<'de>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Page<'_> {
    type Value = Listed<'de>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "a page of {}", self.key)
    }

    fn visit_unit<E: serde::de::Error>(self) -> std::result::Result<Listed<'de>, E> {
        Ok(Listed { records: Vec::new(), cursors: None })
    }

    fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> std::result::Result<Listed<'de>, M::Error> {
        let mut listed = Listed { records: Vec::new(), cursors: None };
        while let Some(name) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match (self.data, name.as_ref()) {
                (false, "data") => listed = map.next_value_seed(Page { key: self.key, data: true })?,
                (true, "pagination") => listed.cursors = map.next_value()?,
                (true, name) if name == self.key => {
                    listed.records = map.next_value::<Option<Vec<&'de RawValue>>>()?.unwrap_or_default();
                }
                _ => {
                    map.next_value::<serde::de::IgnoredAny>()?;
                }
            }
        }
        Ok(listed)
    }
}

fn unreadable(why: String) -> Error {
    Error::failed(format!("the Public API answered a record seg cannot read: {why}"))
}

/// The records under `key` in an answer's `data`, taken out of it.
fn items(data: &mut Value, key: &str) -> Vec<Value> {
    match data.get_mut(key).map(Value::take) {
        Some(Value::Array(items)) => items,
        _ => Vec::new(),
    }
}

fn not_found(what: String) -> Error {
    Error::Api(ApiError { status: 404, code: None, message: what, asked: None })
}

/// A record's text field (`""` when it has none).
fn text_at<'v>(record: &'v Value, key: &str) -> &'v str {
    record.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// The last segment of a name (`workspaces/w/sources/web` → `web`).
fn last_segment(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or(name)
}

/// A source's labels as an update gives them: an object (a value not a string spelled as JSON), none when cleared;
/// anything else is refused, never read as no labels.
fn labels_of(value: Option<&Value>) -> Result<BTreeMap<String, String>> {
    let object = match value {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(object)) => object.clone(),
        Some(_) => return Err(Error::usage("source.labels: give the labels as an object, {\"key\": \"value\", ...}")),
    };
    Ok(object
        .into_iter()
        .map(|(key, value)| (key, value.as_str().map_or_else(|| value.to_string(), String::from)))
        .collect())
}

/// A filter's id as the Public API has it: the Config API's is the same with `df_` before it, and either names it.
fn filter_id(id: &str) -> &str {
    id.strip_prefix(crate::wire::filter::FILTER_ID_PREFIX).unwrap_or(id)
}

fn unsupported(field: &str, why: &str) -> Error {
    Error::usage(format!("{field}: the Public API {why}; leave it out with --api public"))
}

/// Config items (`[{name: "<destination>/config/<key>", value}]`) as the Public API's `settings` object. (A censored
/// secret among them never gets here: `api::client` refuses it for both APIs.)
fn settings(items: Option<&Value>) -> Result<Map<String, Value>> {
    let items: Vec<wire::ConfigItem> = match items {
        None | Some(Value::Null) => Vec::new(),
        Some(items) => serde_json::from_value(items.clone()).map_err(|e| Error::usage(format!("config: {e}")))?,
    };
    Ok(map::config_to_settings(&items))
}

/// One request's translation: the calls it makes, and what it learned on the way.
struct Call<'c> {
    client: &'c Arc<Transport>,
    ids: &'c Ids,
    made: &'c Made,
    /// The pages read ahead, where this call's page may be waiting.
    ahead: &'c std::sync::Mutex<Vec<Ahead>>,
    /// Whether the request's listing will ask for the next page whenever there is one (then it is read ahead).
    reads_ahead: bool,
    /// How much of each record's reading the request's caller reads.
    reading: read::Reading,
    /// Whether a call that changes something was made (then nothing is tried again).
    wrote: bool,
    /// Whether an id came from what an earlier process remembered.
    cached: bool,
}

impl<'c> Call<'c> {
    /// A call of the adapter's that reads whole records and reads no page ahead.
    fn new(client: &'c Arc<Transport>, adapter: &'c Adapter) -> Call<'c> {
        Call {
            client,
            ids: &adapter.ids,
            made: &adapter.made,
            ahead: &adapter.ahead,
            reads_ahead: false,
            reading: read::Reading::Whole,
            wrote: false,
            cached: false,
        }
    }

    /// The destinations of the sources this process made, by source id.
    fn made(&self) -> std::sync::MutexGuard<'_, std::collections::HashMap<String, Vec<Value>>> {
        self.made.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// One call; `None` when `--dry-run` described it. Only a POST may not be repeated. Its path is made of fixed
    /// words and checked ids only (`path::Path`).
    async fn call(
        &mut self,
        method: Method,
        path: Path,
        query: Vec<(String, String)>,
        body: Option<&Value>,
    ) -> Result<Option<Value>> {
        let idempotent = method != Method::POST;
        let writes = !matches!(method, Method::GET | Method::HEAD);
        let mut request = Request::call(method, path.as_str(), body, idempotent);
        request.query = query;
        let answer = self.client.call(&request).await;
        self.wrote |= writes && answer.as_ref().is_ok_and(Option::is_some);
        answer
    }

    /// A read's `data`.
    async fn get(&mut self, path: Path, query: Vec<(String, String)>) -> Result<Value> {
        let mut body = self.call(Method::GET, path, query, None).await?.unwrap_or_default();
        Ok(body.get_mut("data").map(Value::take).unwrap_or_default())
    }

    /// Every record of a list, page by page, to its end (a cursor sent twice stops it: `cursor::Followed`).
    async fn all(&mut self, path: Path, key: &str) -> Result<Vec<Value>> {
        self.all_of(path, key, &[]).await
    }

    /// Every item of a listing asked with `extra` in its query (functions of one `resourceType`).
    async fn all_of(&mut self, path: Path, key: &str, extra: &[(&str, &str)]) -> Result<Vec<Value>> {
        let mut all = Vec::new();
        let mut cursor = String::new();
        let mut followed = crate::api::cursor::Followed::default();
        loop {
            let mut query = vec![("pagination[count]".to_string(), MAX_PAGE.to_string())];
            query.extend(extra.iter().map(|(k, v)| (k.to_string(), v.to_string())));
            if !cursor.is_empty() {
                query.push(("pagination[cursor]".to_string(), cursor.clone()));
            }
            let mut data = self.get(path.clone(), query).await?;
            all.extend(items(&mut data, key));
            let Cursors { next, this } = cursors(data.get("pagination"));
            if next.is_empty() {
                return Ok(all);
            }
            followed.reached(&this);
            followed.follow(&next)?;
            cursor = next;
        }
    }

    /// One page of a list, asked for with the request's `page_size` and `page_token`: its records as received (each
    /// its own text, read no further here) and the next cursor. The page may have been asked for already, read
    /// ahead; when the listing will ask for the next one, it is asked for now, before this page is read.
    async fn page(&mut self, path: Path, key: &str, query: &[(String, String)]) -> Result<(Vec<Text>, Cursors)> {
        let path = path.as_str();
        let asked = pagination(query);
        let early = {
            let mut all = self.ahead.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            all.iter().position(|a| a.path == path && a.query == asked).map(|at| all.swap_remove(at))
        };
        let body = match early {
            Some(mut early) => {
                (&mut early.answer).await.map_err(|e| Error::failed(format!("a page read ahead was lost: {e}")))??
            }
            None => {
                let mut request = Request::call(Method::GET, path, None, true);
                request.query = asked;
                self.client.call_text(&request).await?
            }
        };
        let Some(body) = body else { return Ok((Vec::new(), Cursors::default())) };
        let listed = Listed::read(&body, key)
            .map_err(|e| Error::failed(format!("the Public API answered a page seg cannot read: {e}")))?;
        let next = cursors(listed.cursors.as_ref());
        if self.reads_ahead && !next.next.is_empty() {
            let mut following: Vec<(String, String)> =
                query.iter().filter(|(key, _)| key != "page_token").cloned().collect();
            following.push(("page_token".to_string(), next.next.clone()));
            let mut request = Request::call(Method::GET, path, None, true);
            request.query = pagination(&following);
            let transport = Arc::clone(self.client);
            let call = request.query.clone();
            let answer = tokio::spawn(async move { transport.call_text(&request).await });
            let mut all = self.ahead.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            all.retain(|a| a.path != path);
            all.push(Ahead { path: path.to_string(), query: call, answer });
        }
        Ok((listed.records.into_iter().map(ToOwned::to_owned).collect(), next))
    }

    /// The token's workspace. A workspace named (`-w`, a file's `workspace`) must be it, by slug or id: a Public
    /// API token acts on its own workspace only. [`wire::TOKENS_WORKSPACE`] names it when nothing else does.
    async fn workspace(&mut self, named: Option<&str>) -> Result<ids::Workspace> {
        let named = named.filter(|n| *n != wire::TOKENS_WORKSPACE);
        let matches = |ws: &ids::Workspace| named.is_none_or(|n| n == ws.slug || n == ws.id);
        if let Some(ws) = self.ids.workspace().filter(matches) {
            return Ok(ws);
        }
        let (_, ws) = self.read_workspace().await?;
        if !matches(&ws) {
            return Err(Error::usage(format!(
                "the token is for workspace {:?}, not {:?}: on the Public API a token acts on its own workspace \
                 (use -w {} or another token)",
                ws.slug,
                named.unwrap_or_default(),
                ws.slug
            )));
        }
        Ok(ws)
    }

    /// `GET /`: the workspace as received, and remembered.
    async fn read_workspace(&mut self) -> Result<(Value, ids::Workspace)> {
        let data = self.get(Path::root(), Vec::new()).await?;
        let raw = data.get("workspace").cloned().unwrap_or_default();
        let text = |key: &str| raw.get(key).and_then(Value::as_str).unwrap_or_default().to_string();
        let ws = ids::Workspace { id: text("id"), slug: text("slug"), name: text("name") };
        self.ids.set_workspace(ws.clone());
        Ok((raw, ws))
    }

    /// A source's id, by its slug or its id.
    async fn source_id(&mut self, segment: &str) -> Result<Id> {
        Ok(self.source(segment).await?.0)
    }

    /// What a write names, under `--dry-run` when nothing carries the name yet: a run that makes it first (a source,
    /// then its destination) only describes that create, so the write after it is described with [`Id::unmade`]
    /// in its place, as the Config API's description names it by its name; sent, a name nothing carries is 404.
    fn or_unmade<T>(&self, found: Result<T>, unmade: impl FnOnce() -> T) -> Result<T> {
        match found {
            Err(Error::Api(error)) if error.status == 404 && self.client.dry_run() => Ok(unmade()),
            other => other,
        }
    }

    /// A source by its slug or its id: its id, and its record when reading it was how the name was checked.
    ///
    /// A name means what it names now (docs/reference/names.md): an id this process read is used as read; one only
    /// an earlier process remembered is read back by its id first, and used only if the source still carries the
    /// name (a slug renamed or given to another source since is read afresh from the listing).
    async fn source(&mut self, segment: &str) -> Result<(Id, Option<Value>)> {
        if !wire::valid_slug(segment) && !public::valid_id(segment) {
            return Err(Error::usage(format!("{segment:?} cannot name a source: neither a slug nor an id")));
        }
        match self.ids.get(Table::Sources, segment) {
            Some(Entry::Read(id)) => {
                self.cached = true;
                return Ok((Id::answered(&id, "source")?, None));
            }
            Some(Entry::Remembered(id)) => match self.read_back(Path::of("sources"), "source", &id, "source").await? {
                Some(record) if text_at(&record, "slug") == segment || id == segment => {
                    let slug = text_at(&record, "slug").to_string();
                    self.ids.remember(Table::Sources, [(slug, id.clone())], false);
                    return Ok((Id::answered(&id, "source")?, Some(record)));
                }
                _ => self.ids.unlearn(Table::Sources, segment),
            },
            None => {}
        }
        let sources = self.all(Path::of("sources"), "sources").await?;
        let pair = |s: &Value| (text_at(s, "slug").to_string(), text_at(s, "id").to_string());
        self.ids.remember(Table::Sources, sources.iter().map(pair), true);
        let id = sources
            .iter()
            .map(pair)
            .find(|(slug, id)| slug == segment || id == segment)
            .map(|(_, id)| id)
            .ok_or_else(|| not_found(format!("no source {segment:?} in the workspace")))?;
        Ok((Id::answered(&id, "source")?, None))
    }

    /// The record a remembered id names now (`data.<key>` of `GET <collection>/<id>`), `None` when there is none
    /// (404) or the id cannot be one (a `what`'s).
    async fn read_back(&mut self, collection: Path, key: &str, id: &str, what: &str) -> Result<Option<Value>> {
        let Ok(checked) = Id::answered(id, what) else { return Ok(None) };
        match self.get(collection.id(&checked), Vec::new()).await {
            Ok(mut data) => Ok(data.get_mut(key).map(Value::take).filter(Value::is_object)),
            Err(Error::Api(error)) if error.status == 404 => Ok(None),
            Err(error) => Err(error),
        }
    }

    /// A catalog entry's metadata id, by its slug (the catalog is read by id only: its list is paged once). A
    /// remembered one is read back, as a source's is, and used only if it is still the entry of that slug.
    async fn catalog_id(&mut self, table: Table, slug: &str) -> Result<Id> {
        let (path, key, one, noun) = match table {
            Table::CatalogSources => ("catalog/sources", "sourcesCatalog", "sourceMetadata", "catalog source"),
            _ => ("catalog/destinations", "destinationsCatalog", "destinationMetadata", "catalog destination"),
        };
        match self.ids.get(table, slug) {
            Some(Entry::Read(id)) => return Id::answered(&id, noun),
            Some(Entry::Remembered(id)) => match self.read_back(Path::of(path), one, &id, noun).await? {
                Some(entry) if text_at(&entry, "slug") == slug || id == slug => {
                    self.ids.remember(table, [(text_at(&entry, "slug").to_string(), id.clone())], false);
                    return Id::answered(&id, noun);
                }
                _ => self.ids.unlearn(table, slug),
            },
            None => {}
        }
        let entries = self.all(Path::of(path), key).await?;
        let pair = |e: &Value| (text_at(e, "slug").to_string(), text_at(e, "id").to_string());
        self.ids.remember(table, entries.iter().map(pair), true);
        let id = entries
            .iter()
            .map(pair)
            .find(|(s, id)| s == slug || id == slug)
            .map(|(_, id)| id)
            .ok_or_else(|| not_found(format!("no {noun} {slug:?}")))?;
        Id::answered(&id, noun)
    }

    /// A source's destinations, each with the segment that names it: its catalog slug, or its id when the source
    /// has another destination of that catalog entry.
    async fn destinations(&mut self, source_id: &Id) -> Result<Vec<(String, Value)>> {
        let made = self.made().get(source_id.as_str()).cloned();
        if let Some(made) = made {
            return Ok(named_destinations(made));
        }
        self.listed_destinations(source_id).await
    }

    /// A source's destinations as the service lists them now.
    async fn listed_destinations(&mut self, source_id: &Id) -> Result<Vec<(String, Value)>> {
        let all = self.all(Path::of("sources").id(source_id).word("connected-destinations"), "destinations").await?;
        Ok(named_destinations(all))
    }

    /// A destination of a source, by its catalog slug (the first of that entry), `SLUG#NAME`, or id: its id, the
    /// segment that names it, and the record.
    async fn destination(&mut self, source_id: &Id, segment: &str) -> Result<(Id, String, Value)> {
        let all = self.destinations(source_id).await?;
        let id_of = |d: &Value| d.get("id").and_then(Value::as_str).unwrap_or_default().to_string();
        let slug_of = |d: &Value| {
            d.get("metadata").and_then(|m| m.get("slug")).and_then(Value::as_str).unwrap_or_default().to_string()
        };
        // The name a listing gives it (the first of its entry by the slug, a further one by `SLUG#NAME`), or its
        // id; else, by `SLUG#NAME`, any of its entry with that name.
        let exact: Vec<&(String, Value)> =
            all.iter().filter(|(named, d)| named == segment || id_of(d) == segment).collect();
        let (slug, display) = segment.split_once('#').map_or((segment, None), |(s, n)| (s, Some(n)));
        let found: Vec<&(String, Value)> = if !exact.is_empty() {
            exact
        } else {
            all.iter()
                .filter(|(_, d)| {
                    display
                        .is_some_and(|name| slug_of(d) == slug && d.get("name").and_then(Value::as_str) == Some(name))
                })
                .collect()
        };
        match found.as_slice() {
            [(named, record)] => Ok((Id::answered(&id_of(record), "destination")?, named.clone(), record.clone())),
            [] => Err(not_found(format!("the source has no destination {segment:?}"))),
            several => Err(Error::usage(format!(
                "the source has {} of {segment:?}: name one by id ({})",
                crate::ui::count(several.len(), "destination"),
                several.iter().map(|(_, d)| id_of(d)).collect::<Vec<_>>().join(", ")
            ))),
        }
    }

    /// The request in seg's vocabulary, served by the Public API; `None` under `--dry-run` for a write. What it does
    /// is its operation, as the command or the plan built it: nothing here reads back its path or its body.
    async fn neutral<A>(&mut self, request: &Request<A>) -> Result<Option<Answer>> {
        let Some(Operation { target, verb }) = &request.operation else {
            return Err(Error::usage(format!("{} has no Public API counterpart", request.path)));
        };
        if matches!(target, Target::AccessTokens | Target::AccessToken { .. }) {
            return Err(Error::usage("the Public API has no access-token endpoints: tokens are made in the app"));
        }
        let ws = match target.workspace() {
            Some(named) => self.workspace(Some(named)).await?.slug,
            None => String::new(),
        };
        let one = |raw: Value, neutral: Value| Ok(Some(Answer::one(&raw, &neutral)));
        match (verb, target) {
            (Verb::Read, Target::Workspaces) => {
                let (raw, _) = self.read_workspace().await?;
                let item = (text_of(&raw), text_of(&read::workspace(&raw)));
                Ok(Some(Answer::Page { key: wrapper::WORKSPACES, items: vec![item], next: Cursors::default() }))
            }
            (Verb::Read, Target::Workspace { .. }) => {
                let (raw, _) = self.read_workspace().await?;
                let neutral = read::workspace(&raw);
                one(raw, neutral)
            }
            (Verb::Read, Target::Sources { .. }) => {
                // A listing streams: what it reads is not remembered (that would grow with the collection, and the
                // cache file would be written again for every page); names are resolved, and remembered, when asked.
                let (records, next) = self.page(Path::of("sources"), "sources", &request.query).await?;
                let items = records
                    .into_iter()
                    .map(|raw| {
                        read::source(&ws, raw.get(), self.reading).map(|neutral| (raw, neutral)).map_err(unreadable)
                    })
                    .collect::<Result<_>>()?;
                Ok(Some(Answer::Page { key: wrapper::SOURCES, items, next }))
            }
            (Verb::Create(Body::Source(input)), Target::Sources { .. }) => self.create_source(&ws, input).await,
            (Verb::Read, Target::Source { source, .. }) => {
                let raw = match self.source(source).await? {
                    // Read back to check the name: that reading is the answer.
                    (_, Some(record)) => text_of(&record),
                    (id, None) => text_of(&self.get(Path::of("sources").id(&id), Vec::new()).await?["source"]),
                };
                let neutral = read::source(&ws, raw.get(), read::Reading::Whole).map_err(unreadable)?;
                Ok(Some(Answer::One { raw, neutral }))
            }
            (Verb::Update(fields), Target::Source { source, .. }) => self.update_source(&ws, source, fields).await,
            (Verb::Delete, Target::Source { source, .. }) => {
                let id = self.source_id(source).await?;
                let answer = self.call(Method::DELETE, Path::of("sources").id(&id), Vec::new(), None).await?;
                Ok(answer.map(|body| Answer::empty(&body["data"])))
            }
            (Verb::Read, Target::Destinations { source, .. }) => {
                let source_id = self.source_id(source).await?;
                let name = format!("workspaces/{ws}/sources/{source}");
                let items = self
                    .destinations(&source_id)
                    .await?
                    .into_iter()
                    .map(|(segment, raw)| (text_of(&raw), text_of(&read::destination(&name, &segment, &raw))))
                    .collect();
                Ok(Some(Answer::Page { key: wrapper::DESTINATIONS, items, next: Cursors::default() }))
            }
            (Verb::Create(Body::Destination(input)), Target::Destinations { source, .. }) => {
                self.create_destination(&ws, source, input).await
            }
            (Verb::Read, Target::Destination { source, destination, .. }) => {
                let source_id = self.source_id(source).await?;
                let (_, segment, raw) = self.destination(&source_id, destination).await?;
                let neutral = read::destination(&format!("workspaces/{ws}/sources/{source}"), &segment, &raw);
                one(raw, neutral)
            }
            (Verb::Update(fields), Target::Destination { source, destination, .. }) => {
                self.update_destination(&ws, source, destination, fields).await
            }
            (Verb::Delete, Target::Destination { source, destination, .. }) => {
                let source_id = self.source_id(source).await?;
                let (id, _, _) = self.destination(&source_id, destination).await?;
                self.made().remove(source_id.as_str());
                let answer = self.call(Method::DELETE, Path::of("destinations").id(&id), Vec::new(), None).await?;
                Ok(answer.map(|body| Answer::empty(&body["data"])))
            }
            (Verb::Read, Target::CatalogSources) => {
                let (records, next) = self.page(Path::of("catalog/sources"), "sourcesCatalog", &request.query).await?;
                let items = records.into_iter().map(|raw| both(raw, read::catalog_source)).collect::<Result<_>>()?;
                Ok(Some(Answer::Page { key: wrapper::SOURCES, items, next }))
            }
            (Verb::Read, Target::CatalogSource { slug }) => {
                let id = self.catalog_id(Table::CatalogSources, slug).await?;
                let raw = self.get(Path::of("catalog/sources").id(&id), Vec::new()).await?["sourceMetadata"].take();
                let neutral = read::catalog_source(&raw).map_err(unreadable)?;
                one(raw, neutral)
            }
            (Verb::Read, Target::CatalogDestinations) => {
                let path = Path::of("catalog/destinations");
                let (records, next) = self.page(path, "destinationsCatalog", &request.query).await?;
                let items =
                    records.into_iter().map(|raw| both(raw, read::catalog_destination)).collect::<Result<_>>()?;
                Ok(Some(Answer::Page { key: wrapper::DESTINATIONS, items, next }))
            }
            (Verb::Read, Target::CatalogDestination { slug }) => {
                let id = self.catalog_id(Table::CatalogDestinations, slug).await?;
                let raw =
                    self.get(Path::of("catalog/destinations").id(&id), Vec::new()).await?["destinationMetadata"].take();
                let neutral = read::catalog_destination(&raw).map_err(unreadable)?;
                one(raw, neutral)
            }
            (Verb::Read, Target::Filters { source, destination, .. }) => {
                self.filters(&ws, source, destination, &request.query).await
            }
            (Verb::Create(Body::Filter(input)), Target::Filters { source, destination, .. }) => {
                self.create_filter(&ws, source, destination, input).await
            }
            (Verb::Read, Target::Filter { source, destination, id, .. }) => {
                self.filter(&ws, source, destination, filter_id(id)).await
            }
            (Verb::Update(fields), Target::Filter { source, destination, id, .. }) => {
                self.update_filter((&ws, source, destination, filter_id(id)), fields).await
            }
            (Verb::Delete, Target::Filter { source, destination, id, .. }) => {
                self.delete_filter(&ws, source, destination, filter_id(id)).await
            }
            (Verb::Read, Target::SchemaConfig { source, .. }) => self.schema_config(&ws, source).await,
            (Verb::Update(fields), Target::SchemaConfig { source, .. }) => {
                self.update_schema_config(&ws, source, fields).await
            }
            (Verb::Read, Target::Mappings { source, destination, .. }) => {
                self.mappings(&ws, source, destination, &request.query).await
            }
            (Verb::Create(Body::Mapping(input)), Target::Mappings { source, destination, .. }) => {
                self.create_mapping(&ws, source, destination, input).await
            }
            (Verb::Read, Target::Mapping { source, destination, id, .. }) => {
                self.mapping(&ws, source, destination, id).await
            }
            (Verb::Update(fields), Target::Mapping { source, destination, id, .. }) => {
                self.update_mapping((&ws, source, destination, id), fields).await
            }
            (Verb::Delete, Target::Mapping { source, destination, id, .. }) => {
                self.delete_mapping(&ws, source, destination, id).await
            }
            (Verb::Read, Target::Plans { .. }) => self.plans(&ws, &request.query).await,
            (Verb::Create(Body::Plan(input)), Target::Plans { .. }) => self.create_plan(&ws, input).await,
            (Verb::Read, Target::Plan { plan, .. }) => self.get_plan(&ws, plan).await,
            (Verb::Update(fields), Target::Plan { plan, .. }) => self.update_plan(&ws, plan, fields).await,
            (Verb::Delete, Target::Plan { plan, .. }) => self.delete_plan(plan).await,
            (Verb::Read, Target::Connections { plan, .. }) => self.connections(&ws, plan, &request.query).await,
            (Verb::Create(Body::Connect(input)), Target::Connections { plan, .. }) => {
                self.connect(&ws, plan, input).await
            }
            (Verb::Delete, Target::Connection { plan, source, .. }) => self.disconnect(plan, source).await,
            (Verb::Read, Target::Regulations { .. }) => self.regulations(&ws, &request.query).await,
            (Verb::Create(Body::Regulation(input)), Target::Regulations { .. }) => self.create_regulation(input).await,
            (Verb::Read, Target::Regulation { id, .. }) => self.regulation(&ws, id).await,
            (Verb::Read, Target::Records { noun, under, .. }) => {
                let collection = target.in_workspace(&ws);
                self.records(&collection, *noun, under.as_deref(), &request.query).await
            }
            (Verb::Create(Body::Record(input)), Target::Records { noun, under, .. }) => {
                let collection = target.in_workspace(&ws);
                self.create_record(&collection, *noun, under.as_deref(), input).await
            }
            (Verb::Read, Target::Record { noun, under, id, .. }) => {
                let collection = target.in_workspace(&ws).collection().unwrap_or_else(|| target.clone());
                self.record(&collection, *noun, under.as_deref(), id).await
            }
            (Verb::Update(fields), Target::Record { noun, id, .. }) => {
                let collection = target.in_workspace(&ws).collection().unwrap_or_else(|| target.clone());
                self.update_record(&collection, *noun, id, fields).await
            }
            (Verb::Delete, Target::Record { noun, under, id, .. }) => {
                self.delete_record(*noun, under.as_deref(), id).await
            }
            (verb, target) => Err(Error::usage(format!(
                "{} {target} is not served on the Public API by this version of seg",
                verb.word()
            ))),
        }
    }

    /// `POST /sources` with the slug, the catalog entry's id and `enabled: true` (the Public API requires it; a
    /// Config API source is always on), then the display name (not accepted on create) and the labels.
    async fn create_source(&mut self, ws: &str, input: &wire::SourceInput) -> Result<Option<Answer>> {
        if input.library_config.is_some() {
            return Err(unsupported("library_config", "has no library settings for a source"));
        }
        let slug = last_segment(&input.name).to_string();
        let catalog = input.catalog_name.as_str();
        let metadata_id =
            self.catalog_id(Table::CatalogSources, catalog.strip_prefix("catalog/sources/").unwrap_or(catalog)).await?;
        let metadata_id = metadata_id.to_string();
        let create = public::CreateSource { slug: slug.clone(), enabled: true, metadata_id, settings: None };
        let created = match self.call(Method::POST, Path::of("sources"), Vec::new(), Some(&to_json(&create))).await {
            Ok(Some(body)) => body["data"]["source"].clone(),
            // Under --dry-run the create is described, and what follows it with the id it would have.
            Ok(None) => {
                let id = Id::unmade();
                if let Some(name) = input.display_name.as_deref().filter(|n| !n.is_empty()) {
                    let patch =
                        to_json(&public::UpdateSource { name: Some(Some(name.to_string())), ..Default::default() });
                    self.call(Method::PATCH, Path::of("sources").id(&id), Vec::new(), Some(&patch)).await?;
                }
                if let Some(labels) = input.labels.as_ref().filter(|l| !l.is_empty()) {
                    self.set_labels(&id, labels).await?;
                }
                return Ok(None);
            }
            // The answer was lost: the source may exist, or be about to. Looked up by its slug (again after a
            // wait, as a retry would wait) before anyone tries again; never sent twice.
            Err(error @ Error::Transport(_)) => {
                let mut attempt = 0;
                loop {
                    let sources = self.all(Path::of("sources"), "sources").await.map_err(|_| error.clone())?;
                    let found = sources.into_iter().find(|s| s.get("slug").and_then(Value::as_str) == Some(&slug));
                    if let Some(found) = found {
                        break found;
                    }
                    attempt += 1;
                    if !self.client.wait_to_look_again(attempt, &lost(&error)).await {
                        return Err(error);
                    }
                }
            }
            Err(error) => return Err(error),
        };
        self.wrote = true;
        let id = Id::answered(text_at(&created, "id"), "source")?;
        self.ids.remember(Table::Sources, [(slug, id.to_string())], false);
        self.made().insert(id.to_string(), Vec::new());
        let mut raw = created;
        if let Some(name) = input.display_name.as_deref().filter(|n| !n.is_empty()) {
            let patch = to_json(&public::UpdateSource { name: Some(Some(name.to_string())), ..Default::default() });
            if let Some(body) = self.call(Method::PATCH, Path::of("sources").id(&id), Vec::new(), Some(&patch)).await? {
                raw = body["data"]["source"].clone();
            }
        }
        if let Some(labels) = input.labels.as_ref().filter(|l| !l.is_empty()) {
            self.set_labels(&id, labels).await?;
            raw = self.get(Path::of("sources").id(&id), Vec::new()).await?["source"].take();
        }
        let raw = text_of(&raw);
        let neutral = read::source(ws, raw.get(), read::Reading::Whole).map_err(unreadable)?;
        Ok(Some(Answer::One { raw, neutral }))
    }

    /// A source's labels, exactly these: each made in the workspace first when it is new (`POST /labels`; one that
    /// exists answers 409), then `PUT /sources/{id}/labels`.
    async fn set_labels(&mut self, id: &Id, labels: &BTreeMap<String, String>) -> Result<()> {
        let known = self.get(Path::of("labels"), Vec::new()).await?;
        let known: public::Labels = serde_json::from_value(known).unwrap_or_default();
        let list = map::labels_to_public(labels);
        for label in &list {
            if known.labels.iter().any(|k| k.key == label.key && k.value == label.value) {
                continue;
            }
            let body = to_json(&public::LabelBody { label: label.clone() });
            match self.call(Method::POST, Path::of("labels"), Vec::new(), Some(&body)).await {
                Ok(_) => {}
                Err(Error::Api(error)) if error.status == 409 => {}
                Err(error) => return Err(error),
            }
        }
        let body = to_json(&public::Labels { labels: list });
        self.call(Method::PUT, Path::of("sources").id(id).word("labels"), Vec::new(), Some(&body)).await?;
        Ok(())
    }

    /// A source's update: the fields its mask names, as `PATCH /sources/{id}` (`display_name` is `name`; a cleared
    /// one is `null`) and `PUT /sources/{id}/labels`.
    async fn update_source(&mut self, ws: &str, segment: &str, fields: &wire::Fields) -> Result<Option<Answer>> {
        let mut patch = public::UpdateSource::default();
        let mut labels = None;
        for path in &fields.paths {
            let value = fields.value(path).cloned();
            match path.as_str() {
                "display_name" => {
                    patch.name =
                        Some(value.as_ref().and_then(Value::as_str).filter(|v| !v.is_empty()).map(String::from))
                }
                "enabled" => patch.enabled = Some(value.as_ref().and_then(Value::as_bool).unwrap_or(false)),
                "name" => {
                    let name = value.as_ref().and_then(Value::as_str).unwrap_or_default();
                    patch.slug = Some(last_segment(name).to_string());
                }
                "labels" => labels = Some(labels_of(value.as_ref())?),
                other if other.starts_with("labels.") => {
                    return Err(Error::usage(format!("source.{other}: set the labels whole with --api public")));
                }
                other if other.starts_with("library_config") => {
                    return Err(unsupported(&format!("source.{other}"), "has no library settings for a source"));
                }
                other => return Err(unsupported(&format!("source.{other}"), "has no such field on a source")),
            }
        }
        let id = self.source_id(segment).await?;
        let mut raw = None;
        if patch != public::UpdateSource::default() {
            let patch = to_json(&patch);
            let Some(body) = self.call(Method::PATCH, Path::of("sources").id(&id), Vec::new(), Some(&patch)).await?
            else {
                return Ok(None);
            };
            raw = Some(body["data"]["source"].clone());
        }
        if let Some(labels) = labels {
            // Labels the source has already (a file from `get`, edited elsewhere) cost no write.
            let current = match &raw {
                Some(record) => record.clone(),
                None => self.get(Path::of("sources").id(&id), Vec::new()).await?["source"].take(),
            };
            let listed: Vec<public::Label> =
                serde_json::from_value(current.get("labels").cloned().unwrap_or_default()).unwrap_or_default();
            if map::labels_from_public(&listed).ok().as_ref() == Some(&labels) {
                raw = Some(current);
            } else {
                self.set_labels(&id, &labels).await?;
                if self.client_dry_run() {
                    return Ok(None);
                }
                raw = None;
            }
        }
        let raw = match raw {
            Some(raw) => raw,
            None => self.get(Path::of("sources").id(&id), Vec::new()).await?["source"].take(),
        };
        if let Some(slug) = raw.get("slug").and_then(Value::as_str) {
            self.ids.remember(Table::Sources, [(slug.to_string(), id.to_string())], false);
        }
        let raw = text_of(&raw);
        let neutral = read::source(ws, raw.get(), read::Reading::Whole).map_err(unreadable)?;
        Ok(Some(Answer::One { raw, neutral }))
    }

    fn client_dry_run(&self) -> bool {
        self.client.dry_run()
    }

    /// `POST /destinations` with the source's id, the catalog entry's id, `enabled` (always sent: the Config API's
    /// default, off, unless the request says otherwise) and the settings. When the answer is lost, the source's
    /// destinations are read again: one that was not there before is the one made.
    async fn create_destination(
        &mut self,
        ws: &str,
        source: &str,
        input: &wire::DestinationInput,
    ) -> Result<Option<Answer>> {
        let mode = input.connection_mode.as_deref().unwrap_or_default();
        if !mode.is_empty() && mode != "UNSPECIFIED" {
            return Err(unsupported("connection_mode", "neither returns nor sets a destination's connection mode"));
        }
        let name = input.name.as_str();
        let (catalog, instance) = match last_segment(name).split_once('#') {
            Some((catalog, instance)) => (catalog.to_string(), Some(instance.to_string())),
            None => (last_segment(name).to_string(), None),
        };
        let settings = map::config_to_settings(input.config.as_deref().unwrap_or_default());
        let source_id = self.source_id(source).await;
        let source_id = self.or_unmade(source_id, Id::unmade)?;
        let metadata_id = self.catalog_id(Table::CatalogDestinations, &catalog).await?;
        // Held across the lookup and the create: a second create of the entry on this machine waits, then finds the
        // first one's.
        let _turn = self.client.hold_create(&format!("{source_id}/{catalog}"), &format!("{source}/{catalog}")).await?;
        // A source this run would have made has none yet.
        let before = if source_id == Id::unmade() { Vec::new() } else { self.destinations(&source_id).await? };
        let display = input.display_name.clone().filter(|n| !n.is_empty());
        let display = instance.clone().or(display);
        // The same name makes the same thing on both APIs: `SOURCE/SLUG` is the source's one destination of that
        // entry (a second is 409, as the Config API answers), `SOURCE/SLUG#NAME` one more with that name.
        let taken = before.iter().any(|(_, d)| {
            let same_entry = d.get("metadata").and_then(|m| m.get("slug")).and_then(Value::as_str) == Some(&catalog);
            same_entry && (instance.is_none() || d.get("name").and_then(Value::as_str) == instance.as_deref())
        });
        if taken {
            return Err(Error::Api(ApiError {
                status: 409,
                code: None,
                message: format!("source {source} already has a {} destination", last_segment(name)),
                asked: None,
            }));
        }
        let create = to_json(&public::CreateDestination {
            source_id: source_id.to_string(),
            metadata_id: metadata_id.to_string(),
            enabled: Some(input.enabled.unwrap_or(false)),
            name: display,
            settings,
        });
        let id_of = |d: &Value| d.get("id").and_then(Value::as_str).unwrap_or_default().to_string();
        let raw = match self.call(Method::POST, Path::of("destinations"), Vec::new(), Some(&create)).await {
            Ok(Some(body)) => body["data"]["destination"].clone(),
            Ok(None) => return Ok(None),
            Err(error @ Error::Transport(_)) => {
                let mut attempt = 0;
                loop {
                    let after = self.listed_destinations(&source_id).await.map_err(|_| error.clone())?;
                    let new =
                        after.into_iter().map(|(_, d)| d).find(|d| before.iter().all(|(_, b)| id_of(b) != id_of(d)));
                    if let Some(new) = new {
                        break new;
                    }
                    attempt += 1;
                    if !self.client.wait_to_look_again(attempt, &lost(&error)).await {
                        return Err(error);
                    }
                }
            }
            Err(error) => return Err(error),
        };
        self.wrote = true;
        if let Some(made) = self.made().get_mut(source_id.as_str()) {
            made.push(raw.clone());
        }
        // Named as a listing names it now (`named_destinations`): the first of its entry by the slug, a further one by
        // its name, or by its id when it has none of its own.
        let mut after: Vec<Value> = before.into_iter().map(|(_, d)| d).collect();
        after.push(raw.clone());
        let segment = named_destinations(after).pop().map_or(catalog, |(segment, _)| segment);
        let neutral = read::destination(&format!("workspaces/{ws}/sources/{source}"), &segment, &raw);
        Ok(Some(Answer::one(&raw, &neutral)))
    }

    /// A destination's update: the fields its mask names, as `PATCH /destinations/{id}` (`display_name` is `name`,
    /// config items are `settings`, merged by key by the service).
    async fn update_destination(
        &mut self,
        ws: &str,
        source: &str,
        segment: &str,
        fields: &wire::Fields,
    ) -> Result<Option<Answer>> {
        let mut patch = public::UpdateDestination::default();
        for path in &fields.paths {
            let value = fields.value(path).cloned();
            match path.as_str() {
                "enabled" => patch.enabled = Some(value.as_ref().and_then(Value::as_bool).unwrap_or(false)),
                "display_name" => {
                    patch.name =
                        Some(value.as_ref().and_then(Value::as_str).filter(|v| !v.is_empty()).map(String::from))
                }
                "config" => patch.settings = Some(settings(value.as_ref())?),
                "connection_mode" => {
                    return Err(unsupported(
                        "destination.connection_mode",
                        "neither returns nor sets a destination's connection mode",
                    ));
                }
                other => {
                    return Err(unsupported(&format!("destination.{other}"), "has no such field on a destination"));
                }
            }
        }
        let source_id = self.source_id(source).await?;
        let (id, segment, _) = self.destination(&source_id, segment).await?;
        let patch = to_json(&patch);
        let Some(body) = self.call(Method::PATCH, Path::of("destinations").id(&id), Vec::new(), Some(&patch)).await?
        else {
            return Ok(None);
        };
        let raw = body["data"]["destination"].clone();
        if let Some(made) = self.made().get_mut(source_id.as_str()) {
            for record in made.iter_mut().filter(|d| d.get("id").and_then(Value::as_str) == Some(id.as_str())) {
                *record = raw.clone();
            }
        }
        let neutral = read::destination(&format!("workspaces/{ws}/sources/{source}"), &segment, &raw);
        Ok(Some(Answer::one(&raw, &neutral)))
    }
}

/// Destinations, each with the segment that names it in seg's vocabulary: the catalog slug when it is the only one
/// of its entry on its source, else its id.
fn named_destinations(all: Vec<Value>) -> Vec<(String, Value)> {
    let slug_of = |d: &Value| {
        d.get("metadata").and_then(|m| m.get("slug")).and_then(Value::as_str).unwrap_or_default().to_string()
    };
    let name_of = |d: &Value| d.get("name").and_then(Value::as_str).filter(|n| !n.is_empty()).map(String::from);
    let keys: Vec<(String, Option<String>)> = all.iter().map(|d| (slug_of(d), name_of(d))).collect();
    let mut seen = std::collections::HashSet::new();
    all.into_iter()
        .enumerate()
        .map(|(at, d)| {
            let (slug, name) = &keys[at];
            // As a workspace file keys them (docs/reference/workspace-files.md): the first destination of a catalog
            // entry by the entry's slug, a further one by `SLUG#NAME` when its name is its own among them, else by its
            // id.
            let segment = if seen.insert(slug.clone()) {
                slug.clone()
            } else {
                // A name that cannot stand in a segment (a `/`, a control character) is no name seg can print.
                let nameable = |name: &str| !name.contains('/') && !name.chars().any(char::is_control);
                match name {
                    Some(name)
                        if nameable(name)
                            && keys.iter().filter(|(s, n)| s == slug && n.as_ref() == Some(name)).count() == 1 =>
                    {
                        format!("{slug}{}{name}", crate::api::names::INSTANCE)
                    }
                    _ => d.get("id").and_then(Value::as_str).unwrap_or_default().to_string(),
                }
            };
            (segment, d)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paging_in_the_public_api_terms() {
        let query = [("page_size".to_string(), "1000".to_string()), ("page_token".to_string(), "Mg==".to_string())];
        assert_eq!(
            pagination(&query),
            [
                ("pagination[count]".to_string(), "200".to_string()),
                ("pagination[cursor]".to_string(), "Mg==".to_string())
            ]
        );
        assert_eq!(pagination(&[("page_size".into(), "7".into())])[0].1, "7");
        assert_eq!(pagination(&[("status".into(), "FINISHED".into())])[0].0, "status");
        assert_eq!(cursors(Some(&json!({"current": "MA==", "next": "Mg=="}))).next, "Mg==");
        for last in [
            json!({"current": "MA=="}),
            json!({"current": "MA==", "next": null}),
            json!({"next": ""}),
            json!({"current": "Mg==", "next": "Mg=="}),
        ] {
            assert_eq!(cursors(Some(&last)).next, "", "{last}");
        }
        assert_eq!(cursors(None).next, "");
    }

    #[test]
    fn a_page_is_read_in_one_pass_keeping_each_record_as_sent() {
        let body = r#"{"data": {"other": [1], "sources": [{"id": "a", "n": 1e2}, {"id":"b"}],
                       "pagination": {"current": "MA==", "next": "Mg=="}}, "extra": {"sources": [9]}}"#;
        let listed = Listed::read(body, "sources").unwrap();
        let records: Vec<&str> = listed.records.iter().map(|r| r.get()).collect();
        assert_eq!(records, [r#"{"id": "a", "n": 1e2}"#, r#"{"id":"b"}"#]);
        assert_eq!(cursors(listed.cursors.as_ref()).next, "Mg==");
        for empty in [r#"{"data": null}"#, "{}", r#"{"data": {"sources": null}}"#, r#"{"data": {"pagination": null}}"#]
        {
            let listed = Listed::read(empty, "sources").unwrap();
            assert!(listed.records.is_empty() && cursors(listed.cursors.as_ref()).next.is_empty(), "{empty}");
        }
        for bad in [r#"{"data": {"sources": {}}}"#, r#"{"data": []}"#, r#"{"data": {}} x"#, "[]"] {
            assert!(Listed::read(bad, "sources").is_err(), "{bad}");
        }
    }

    #[test]
    fn destinations_are_named_as_a_file_keys_them() {
        let d = |id: &str, slug: &str, name: &str| json!({"id": id, "name": name, "metadata": {"slug": slug}});
        let named = named_destinations(vec![
            d("a1", "webhooks", "Prod"),
            d("b2", "amplitude", ""),
            d("c3", "webhooks", "Staging"),
            d("d4", "webhooks", ""),
            d("e5", "webhooks", "Twin"),
            d("f6", "webhooks", "Twin"),
            d("g7", "webhooks", "EU/West"),
        ]);
        let segments: Vec<&str> = named.iter().map(|(s, _)| s.as_str()).collect();
        // The first of an entry by its slug; a further one by its own name, else (none, shared, or one no segment can
        // hold) by its id.
        assert_eq!(segments, ["webhooks", "amplitude", "webhooks#Staging", "d4", "e5", "f6", "g7"]);
    }

    #[test]
    fn settings_from_config_items() {
        let items = json!([{"name": "w/s/destinations/webhooks/config/hooks", "value": []}, {"name": "sharedSecret", "value": "s3"}]);
        assert_eq!(Value::Object(settings(Some(&items)).unwrap()), json!({"hooks": [], "sharedSecret": "s3"}));
    }
}
