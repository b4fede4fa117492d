//! The emulator's state: every resource under its name, ordered within its collection by a creation sequence so
//! that paging is stable under inserts (new items sort after every cursor already handed out).
//! Readers take a brief read lock and never wait for a write being committed. Writers take turns ([`Writer`]), so a
//! write's checks and its commit are one step for every other write; a commit is persisted first when `--data` is
//! set (on a blocking thread, while readers go on with the state before it), then applied under a brief write lock.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tokio::sync::{Mutex, OwnedMutexGuard};

use super::mint;
use super::persist::{Change, Db, DeliveryRows};
use super::status::Status;

mod warehouses;
use crate::wire::public::RuleInput;
use crate::wire::public::functions::{FunctionRecord, InstanceRecord};
use crate::wire::public::iam::{AuditEvent, GroupRecord, InviteRecord, UserRecord};
use crate::wire::{
    AccessToken, Destination, DestinationFilter, Regulation, SchemaConfig, Source, SourceConnection, TrackingPlan,
    Workspace,
};
pub use warehouses::{StoredWarehouse, StoredWarehouseConnection};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "body", rename_all = "snake_case")]
pub enum Resource {
    Workspace(Workspace),
    Source(Source),
    Destination(Destination),
    TrackingPlan(TrackingPlan),
    Connection(SourceConnection),
    AccessToken(StoredToken),
    Regulation(Regulation),
    Filter(DestinationFilter),
    /// Stored once it is first updated; until then a source has the default.
    SchemaConfig(SchemaConfig),
    /// A mapping of an Actions destination (a destination subscription), under `<destination>/subscriptions/<id>`.
    Mapping(StoredMapping),
    /// A warehouse, `<workspace>/warehouses/<id>`, or a profiles warehouse, `<workspace>/profiles-warehouses/<id>`.
    Warehouse(StoredWarehouse),
    /// A source's connection to a warehouse, `<source>/warehouses/<warehouse id>`.
    WarehouseConnection(StoredWarehouseConnection),
    /// A reverse ETL model, `<source>/reverse-etl-models/<id>`.
    ReverseEtlModel(crate::wire::public::warehouses::ReverseEtlModel),
    /// A transformation, `<source>/transformations/<id>`.
    Transformation(crate::wire::public::warehouses::Transformation),
    /// A function with its versions, under `workspaces/W/functions/<id>` (the Public API's only).
    Function(FunctionRecord),
    /// An insert function instance, under `<destination>/insert-function-instances/<id>`: gone with its destination.
    InsertFunctionInstance(InstanceRecord),
    /// A user of a workspace, under `workspaces/W/users/<id>`.
    User(UserRecord),
    /// A user group, under `workspaces/W/user-groups/<id>`.
    UserGroup(GroupRecord),
    /// A pending invite, under `workspaces/W/invites/<email>` (named by its email, not by an id).
    Invite(InviteRecord),
    /// An event of the audit trail, under `workspaces/W/audit-events/<id>`.
    AuditEvent(AuditEvent),
}

/// A mapping as the store keeps it: the Public API's `DestinationSubscription` less what its place says (its id, its
/// destination) and what its action says (its slug).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StoredMapping {
    pub name: String,
    pub action_id: String,
    pub trigger: String,
    pub enabled: bool,
    /// The field values as written (literals or directives), without the action's defaults.
    pub settings: Map<String, Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_id: Option<String>,
}

/// An access token with its secret, which only the create response shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredToken {
    pub record: AccessToken,
    pub secret: String,
}

/// What a record holds beyond the Config API's shape: the opaque id the Public API names it by, and the fields
/// only the Public API has. Records written before the Public API was served have none: they gain an id when the
/// data file is opened.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct More {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub id: String,
    /// A source's `enabled` (none: enabled).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    /// A source's `settings`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settings: Option<Map<String, Value>>,
    /// A source no display name was given yet: the Public API shows no `name`, the Config API its slug as
    /// `display_name` (records of earlier versions have their display name, shown on both).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unnamed: bool,
    /// A destination's `name`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A tracking plan's `description`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// A tracking plan's `type` (none: `LIVE`).
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// A tracking plan's `slug`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slug: Option<String>,
    /// A tracking plan's rules as the Public API lists them: in the order they were added, each as it was written
    /// (none: as its Config API rules object has them, `model::plans::rule_list`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<RuleInput>>,
    /// The source id of a regulation made for one source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub seq: u64,
    pub resource: Resource,
    #[serde(default, skip_serializing_if = "is_default")]
    pub more: More,
}

fn is_default(more: &More) -> bool {
    *more == More::default()
}

impl Resource {
    /// A new opaque id of the shape the Public API shows for this kind of record (docs/EMULATOR.md), or none
    /// for records it does not name by id. A filter's and a regulation's come from the Config API's own.
    fn new_id(&self, name: &str) -> Option<String> {
        match self {
            Resource::Workspace(_) | Resource::Source(_) => Some(mint::random_id(22)),
            Resource::Destination(_) => Some(mint::random_hex(24)),
            Resource::TrackingPlan(_) => Some(format!("tp_{}", mint::random_id(27))),
            Resource::Filter(_)
            | Resource::Mapping(_)
            | Resource::Warehouse(_)
            | Resource::ReverseEtlModel(_)
            | Resource::Transformation(_)
            | Resource::Function(_)
            | Resource::InsertFunctionInstance(_)
            | Resource::User(_)
            | Resource::UserGroup(_)
            | Resource::AuditEvent(_) => {
                let last = name.rsplit('/').next().unwrap_or(name);
                Some(last.strip_prefix(crate::wire::filter::FILTER_ID_PREFIX).unwrap_or(last).to_string())
            }
            Resource::Regulation(r) => Some(r.id.clone()),
            Resource::Connection(_)
            | Resource::AccessToken(_)
            | Resource::SchemaConfig(_)
            | Resource::WarehouseConnection(_)
            | Resource::Invite(_) => None,
        }
    }
}

/// The collection a name belongs to: everything before its last segment.
pub fn collection_of(name: &str) -> &str {
    name.rsplit_once('/').map_or("", |(parent, _)| parent)
}

/// A pending change, checked against the current state and then applied in one piece.
pub enum Op {
    /// A new record; it gets an id of its kind.
    Insert(String, Resource),
    /// A new record with what it holds beyond the Config API's shape (an id minted when it has none).
    InsertWith(String, Resource, More),
    /// A record's new value; what it holds beyond the Config API's shape stays.
    Replace(String, Resource),
    /// A record's new value, with what it holds beyond the Config API's shape.
    ReplaceWith(String, Resource, More),
    /// Removes the resource and every resource named under it.
    RemoveTree(String),
    /// Moves a record to another name with its new value, keeping its id and its place in its collection's order
    /// (`None`: what it holds beyond the Config API's shape stays too). Moving a record does not move those named
    /// under it: each is moved on its own.
    Move(String, String, Resource, Option<More>),
    /// Sets a value kept beside the resources (a counter, the page-token key).
    Meta(String, Vec<u8>),
}

/// The store: the state, the writers' turn, and the data file with `--data`.
pub struct Store {
    state: Arc<RwLock<State>>,
    turn: Arc<Mutex<()>>,
    db: Option<Arc<Db>>,
}

/// The resources and their indexes, as one consistent snapshot.
pub struct State {
    next_seq: u64,
    entries: BTreeMap<String, Entry>,
    order: BTreeMap<(String, u64), String>,
    /// How many names each collection of `order` holds.
    sizes: HashMap<String, usize>,
    secrets: HashMap<String, String>,
    /// Write key → source name, for the tracking endpoints.
    write_keys: HashMap<String, String>,
    /// Opaque id → name, for the Public API.
    ids: HashMap<String, String>,
    meta: HashMap<String, Vec<u8>>,
}

impl Store {
    pub fn in_memory() -> Self {
        Store::with(State::default(), None)
    }

    fn with(state: State, db: Option<Arc<Db>>) -> Self {
        Store { state: Arc::new(RwLock::new(state)), turn: Arc::new(Mutex::new(())), db }
    }

    /// Opens (or creates) a data file and loads what it holds, with the deliveries that were queued when it was
    /// last closed. Blocking.
    pub fn open(path: &Path) -> Result<(Self, DeliveryRows), String> {
        let (db, loaded) = Db::open(path)?;
        let mut state = State { meta: loaded.meta.into_iter().collect(), ..State::default() };
        for (name, bytes) in loaded.entries {
            let entry: Entry =
                serde_json::from_slice(&bytes).map_err(|e| format!("cannot read data file {}: {e}", path.display()))?;
            state.next_seq = state.next_seq.max(entry.seq + 1);
            state.index(name, entry);
        }
        if let Some(bytes) = state.meta.get("next_seq") {
            let stored = bytes.as_slice().try_into().map(u64::from_be_bytes).unwrap_or(0);
            state.next_seq = state.next_seq.max(stored);
        }
        // Records of a data file written before the Public API was served gain their ids, kept from now on.
        let unnamed: Vec<String> = state
            .entries
            .iter()
            .filter(|(name, entry)| entry.more.id.is_empty() && entry.resource.new_id(name).is_some())
            .map(|(name, _)| name.clone())
            .collect();
        let mut rows = Vec::with_capacity(unnamed.len());
        for name in unnamed {
            let Some(mut entry) = state.entries.get(&name).cloned() else { continue };
            entry.more.id = state.fresh_id(&name, &entry.resource);
            let bytes = serde_json::to_vec(&entry).map_err(|e| e.to_string())?;
            rows.push(Change::Put(name.clone(), bytes));
            state.index(name, entry);
        }
        if !rows.is_empty() {
            db.commit(&rows)?;
        }
        Ok((Store::with(state, Some(Arc::new(db))), loaded.deliveries))
    }

    /// The data file, shared with the webhook outbox (redb opens a file once per process).
    pub fn db(&self) -> Option<Arc<Db>> {
        self.db.clone()
    }

    /// The state as it is now. Hold it briefly and never across an `.await` (the guard is not `Send`, so a handler
    /// that tried would not compile): a write waits for it only while it applies a change it has already persisted.
    pub fn read(&self) -> RwLockReadGuard<'_, State> {
        self.state.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits for the writers' turn: until the [`Writer`] is dropped or has committed, no other write starts, so what
    /// it checks still holds when it commits. Reads go on meanwhile.
    pub async fn writer(&self) -> Writer {
        let turn = self.turn.clone().lock_owned().await;
        Writer { state: self.state.clone(), db: self.db.clone(), _turn: turn }
    }
}

/// The one write under way. Owns everything it needs, so its commit can finish on its own task even when the
/// request that started it is gone.
pub struct Writer {
    state: Arc<RwLock<State>>,
    db: Option<Arc<Db>>,
    _turn: OwnedMutexGuard<()>,
}

impl Writer {
    /// The state this write sees; it changes only through this writer until it is done.
    pub fn state(&self) -> RwLockReadGuard<'_, State> {
        self.state.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// Checks ops against the state (a name that exists is 409, a missing one 404); `extra` is persisted with them.
    pub fn plan(&self, ops: Vec<Op>, extra: Vec<Change>) -> Result<Plan, Status> {
        self.state().plan(ops, extra)
    }

    /// Persists a plan with `--data` (fsynced, on a blocking thread, while readers see the state before it), then
    /// applies it in memory under a brief write lock; the turn passes on when this returns.
    pub async fn apply(self, mut plan: Plan) -> Result<(), Status> {
        if let Some(db) = self.db.clone() {
            let rows = plan.rows()?;
            tokio::task::spawn_blocking(move || db.commit(&rows))
                .await
                .map_err(|e| Status::internal(format!("data file write failed: {e}")))?
                .map_err(Status::internal)?;
        }
        self.state.write().unwrap_or_else(PoisonError::into_inner).apply(plan);
        Ok(())
    }

    /// Adds ops to a plan, checked against the same state.
    pub fn extend(&self, plan: &mut Plan, ops: Vec<Op>) -> Result<(), Status> {
        self.state().extend(plan, ops)
    }

    /// [`Writer::plan`] and [`Writer::apply`].
    pub async fn commit(self, ops: Vec<Op>) -> Result<(), Status> {
        let plan = self.plan(ops, Vec::new())?;
        self.apply(plan).await
    }
}

/// A change checked against the state, ready to be persisted and applied.
pub struct Plan {
    puts: Vec<(String, Entry)>,
    deletes: Vec<String>,
    meta: Vec<(String, Vec<u8>)>,
    next_seq: u64,
    extra: Vec<Change>,
}

impl Plan {
    /// The records the plan writes, each with its name.
    pub fn puts(&self) -> &[(String, Entry)] {
        &self.puts
    }

    /// The names the plan removes.
    pub fn deletes(&self) -> &[String] {
        &self.deletes
    }

    /// The rows of the data file's transaction: the resources, the sequence, the meta values and the extra changes.
    fn rows(&mut self) -> Result<Vec<Change>, Status> {
        let mut rows = Vec::with_capacity(self.puts.len() + self.deletes.len() + self.meta.len() + 1);
        for (name, entry) in &self.puts {
            let bytes = serde_json::to_vec(entry).map_err(|e| Status::internal(e.to_string()))?;
            rows.push(Change::Put(name.clone(), bytes));
        }
        rows.extend(self.deletes.iter().map(|name| Change::Delete(name.clone())));
        rows.push(Change::Meta("next_seq".into(), self.next_seq.to_be_bytes().to_vec()));
        rows.extend(self.meta.iter().map(|(key, value)| Change::Meta(key.to_string(), value.clone())));
        rows.append(&mut self.extra);
        Ok(rows)
    }
}

impl Default for State {
    fn default() -> Self {
        State {
            next_seq: 1,
            entries: BTreeMap::new(),
            order: BTreeMap::new(),
            sizes: HashMap::new(),
            secrets: HashMap::new(),
            write_keys: HashMap::new(),
            ids: HashMap::new(),
            meta: HashMap::new(),
        }
    }
}

impl State {
    pub fn get(&self, name: &str) -> Option<&Resource> {
        self.entries.get(name).map(|e| &e.resource)
    }

    pub fn contains(&self, name: &str) -> bool {
        self.entries.contains_key(name)
    }

    /// A record with what it holds beyond the Config API's shape.
    pub fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries.get(name)
    }

    /// What a record holds beyond the Config API's shape (its id, the Public API's own fields).
    pub fn more(&self, name: &str) -> Option<&More> {
        self.entries.get(name).map(|e| &e.more)
    }

    /// The name of the record with this opaque id.
    pub fn name_of_id(&self, id: &str) -> Option<&str> {
        self.ids.get(id).map(String::as_str)
    }

    /// The opaque id of the record with this name (empty for records that have none).
    pub fn id_of(&self, name: &str) -> &str {
        self.more(name).map_or("", |more| more.id.as_str())
    }

    /// A new id for a record of this kind that no other record has.
    fn fresh_id(&self, name: &str, resource: &Resource) -> String {
        loop {
            let id = resource.new_id(name).unwrap_or_default();
            if id.is_empty() || self.ids.get(&id).is_none_or(|holder| holder == name) {
                return id;
            }
            // Taken (only a random id can be): draw again. A filter's or a regulation's is its own and unique, as is
            // the id in the name of the Public API's own records.
            let random = matches!(
                resource,
                Resource::Workspace(_) | Resource::Source(_) | Resource::Destination(_) | Resource::TrackingPlan(_)
            );
            if !random {
                return id;
            }
        }
    }

    /// The names of the records under `name` (`name/...`), not `name` itself, in name order.
    pub fn names_under(&self, name: &str) -> Vec<String> {
        let prefix = format!("{name}/");
        self.entries.range(prefix.clone()..).map(|(n, _)| n).take_while(|n| n.starts_with(&prefix)).cloned().collect()
    }

    /// A value kept beside the resources (e.g. the page-token key).
    pub fn meta(&self, key: &str) -> Option<&[u8]> {
        self.meta.get(key).map(Vec::as_slice)
    }

    /// The current value of a persistent counter, 0 before its first use (token ids are 1, 2, ..., never reused).
    pub fn counter(&self, key: &str) -> u64 {
        self.meta(key).and_then(|b| b.try_into().ok()).map_or(0, u64::from_be_bytes)
    }

    /// The token whose secret this is.
    pub fn token_by_secret(&self, secret: &str) -> Option<&StoredToken> {
        match self.get(self.secrets.get(secret)?)? {
            Resource::AccessToken(t) => Some(t),
            _ => None,
        }
    }

    /// The source a write key belongs to.
    pub fn source_by_write_key(&self, key: &str) -> Option<&Source> {
        match self.get(self.write_keys.get(key)?)? {
            Resource::Source(s) => Some(s),
            _ => None,
        }
    }

    /// Names directly in a collection, in creation order.
    pub fn names_in(&self, collection: &str) -> impl Iterator<Item = &str> {
        self.scan(collection, 0).map(|(_, name)| name)
    }

    /// How many names a collection holds (kept as they come and go: a page of a large collection does not count
    /// it).
    pub fn size_of(&self, collection: &str) -> usize {
        self.sizes.get(collection).copied().unwrap_or_default()
    }

    /// Up to `size` resources of `collection` after sequence `after` that `keep` accepts, and the sequence to
    /// continue after when more remain.
    pub fn page<'a>(
        &'a self,
        collection: &str,
        after: u64,
        size: usize,
        keep: impl Fn(&Resource) -> bool,
    ) -> (Vec<&'a Resource>, Option<u64>) {
        let mut items = Vec::with_capacity(size.min(256));
        let mut last = after;
        for (seq, name) in self.scan(collection, after) {
            let Some(entry) = self.entries.get(name) else { continue };
            if !keep(&entry.resource) {
                continue;
            }
            if items.len() == size {
                return (items, Some(last));
            }
            items.push(&entry.resource);
            last = seq;
        }
        (items, None)
    }

    fn scan<'a>(&'a self, collection: &str, after: u64) -> impl Iterator<Item = (u64, &'a str)> + 'a {
        let start = (collection.to_string(), after.saturating_add(1));
        let end = (collection.to_string(), u64::MAX);
        self.order.range(start..=end).map(|((_, seq), name)| (*seq, name.as_str()))
    }

    /// Checks every op against this state; nothing of a batch applies unless all of it can.
    fn plan(&self, ops: Vec<Op>, extra: Vec<Change>) -> Result<Plan, Status> {
        let mut plan = Plan { puts: Vec::new(), deletes: Vec::new(), meta: Vec::new(), next_seq: self.next_seq, extra };
        self.extend(&mut plan, ops)?;
        Ok(plan)
    }

    fn extend(&self, plan: &mut Plan, ops: Vec<Op>) -> Result<(), Status> {
        for op in ops {
            match op {
                Op::Insert(name, resource) => self.insert(plan, name, resource, More::default())?,
                Op::InsertWith(name, resource, more) => self.insert(plan, name, resource, more)?,
                Op::Replace(name, resource) => {
                    let old = self.entries.get(&name).ok_or_else(|| Status::not_found(format!("{name} not found")))?;
                    let more = old.more.clone();
                    plan.puts.push((name, Entry { seq: old.seq, resource, more }));
                }
                Op::ReplaceWith(name, resource, mut more) => {
                    let old = self.entries.get(&name).ok_or_else(|| Status::not_found(format!("{name} not found")))?;
                    // The id is the record's for good.
                    more.id = old.more.id.clone();
                    plan.puts.push((name, Entry { seq: old.seq, resource, more }));
                }
                Op::Move(from, to, resource, more) => {
                    let old = self.entries.get(&from).ok_or_else(|| Status::not_found(format!("{from} not found")))?;
                    if self.contains(&to) || plan.puts.iter().any(|(n, _)| *n == to) {
                        return Err(Status::exists(&to));
                    }
                    let mut more = more.unwrap_or_else(|| old.more.clone());
                    more.id = old.more.id.clone();
                    plan.deletes.push(from);
                    plan.puts.push((to, Entry { seq: old.seq, resource, more }));
                }
                Op::RemoveTree(name) => {
                    if !self.contains(&name) {
                        return Err(Status::not_found(format!("{name} not found")));
                    }
                    let prefix = format!("{name}/");
                    plan.deletes.extend(
                        self.entries
                            .range(prefix.clone()..)
                            .map(|(n, _)| n)
                            .take_while(|n| n.starts_with(&prefix))
                            .cloned(),
                    );
                    plan.deletes.push(name);
                }
                Op::Meta(key, value) => plan.meta.push((key, value)),
            }
        }
        Ok(())
    }

    fn insert(&self, plan: &mut Plan, name: String, resource: Resource, mut more: More) -> Result<(), Status> {
        if self.contains(&name) || plan.puts.iter().any(|(n, _)| *n == name) {
            return Err(Status::exists(&name));
        }
        if more.id.is_empty() {
            more.id = self.fresh_id(&name, &resource);
        }
        plan.puts.push((name, Entry { seq: plan.next_seq, resource, more }));
        plan.next_seq += 1;
        Ok(())
    }

    fn apply(&mut self, plan: Plan) {
        self.next_seq = plan.next_seq;
        for name in plan.deletes {
            self.unindex(&name);
        }
        for (name, entry) in plan.puts {
            self.unindex(&name);
            self.index(name, entry);
        }
        for (key, value) in plan.meta {
            self.meta.insert(key.to_string(), value);
        }
    }

    fn index(&mut self, name: String, entry: Entry) {
        match &entry.resource {
            Resource::AccessToken(t) => {
                self.secrets.insert(t.secret.clone(), name.clone());
            }
            Resource::Source(s) => {
                for key in &s.write_keys {
                    self.write_keys.insert(key.clone(), name.clone());
                }
            }
            _ => {}
        }
        if !entry.more.id.is_empty() {
            self.ids.insert(entry.more.id.clone(), name.clone());
        }
        let collection = collection_of(&name).to_string();
        if self.order.insert((collection.clone(), entry.seq), name.clone()).is_none() {
            *self.sizes.entry(collection).or_default() += 1;
        }
        self.entries.insert(name, entry);
    }

    fn unindex(&mut self, name: &str) {
        if let Some(old) = self.entries.remove(name) {
            match &old.resource {
                Resource::AccessToken(t) => {
                    self.secrets.remove(&t.secret);
                }
                Resource::Source(s) => {
                    for key in &s.write_keys {
                        self.write_keys.remove(key);
                    }
                }
                _ => {}
            }
            if self.ids.get(&old.more.id).is_some_and(|holder| holder == name) {
                self.ids.remove(&old.more.id);
            }
            let collection = collection_of(name).to_string();
            if self.order.remove(&(collection.clone(), old.seq)).is_some()
                && let Some(size) = self.sizes.get_mut(&collection)
            {
                *size -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::SourceConnection;

    fn conn(src: &str) -> Resource {
        Resource::Connection(SourceConnection {
            source_name: src.into(),
            tracking_plan_id: "rs_1".into(),
            ..Default::default()
        })
    }

    async fn commit(store: &Store, ops: Vec<Op>) -> Result<(), Status> {
        store.writer().await.commit(ops).await
    }

    fn names(store: &Store, collection: &str) -> Vec<String> {
        store.read().names_in(collection).map(String::from).collect()
    }

    #[tokio::test]
    async fn pages_keep_creation_order_and_cursor_under_inserts() {
        let store = Store::in_memory();
        for i in 0..5 {
            commit(&store, vec![Op::Insert(format!("c/{i}"), conn(&i.to_string()))]).await.unwrap();
        }
        let next = {
            let state = store.read();
            let (first, next) = state.page("c", 0, 2, |_| true);
            assert_eq!(first.len(), 2);
            next.unwrap()
        };
        commit(&store, vec![Op::Insert("c/new".into(), conn("new"))]).await.unwrap();
        let state = store.read();
        let (second, next) = state.page("c", next, 10, |_| true);
        let names: Vec<_> = second
            .iter()
            .map(|r| match r {
                Resource::Connection(c) => c.source_name.as_str(),
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(names, ["2", "3", "4", "new"]);
        assert_eq!(next, None);
    }

    #[tokio::test]
    async fn a_collections_size_follows_every_kind_of_write() {
        let store = Store::in_memory();
        let sizes_hold = |store: &Store| {
            let state = store.read();
            for collection in ["a", "a/s/d", "b"] {
                assert_eq!(state.size_of(collection), state.names_in(collection).count(), "{collection}");
            }
        };
        for name in ["a/s", "a/s/d/x", "a/s/d/y", "a/t", "b/u"] {
            commit(&store, vec![Op::Insert(name.into(), conn(name))]).await.unwrap();
        }
        sizes_hold(&store);
        commit(&store, vec![Op::Replace("a/t".into(), conn("t2"))]).await.unwrap();
        commit(&store, vec![Op::Move("a/t".into(), "b/t".into(), conn("t3"), None)]).await.unwrap();
        sizes_hold(&store);
        assert_eq!((store.read().size_of("a"), store.read().size_of("b")), (1, 2));
        commit(&store, vec![Op::RemoveTree("a/s".into())]).await.unwrap();
        sizes_hold(&store);
        assert_eq!((store.read().size_of("a"), store.read().size_of("a/s/d")), (0, 0));
        // A batch that fails changes nothing.
        let failed = commit(&store, vec![Op::Insert("b/v".into(), conn("v")), Op::Replace("a/none".into(), conn("x"))]);
        assert!(failed.await.is_err());
        sizes_hold(&store);
    }

    #[tokio::test]
    async fn remove_tree_takes_descendants_but_not_siblings_with_a_common_prefix() {
        let store = Store::in_memory();
        for name in ["a/s", "a/s/d/x", "a/s/d/y", "a/s2", "a/s2/d/x"] {
            commit(&store, vec![Op::Insert(name.into(), conn(name))]).await.unwrap();
        }
        commit(&store, vec![Op::RemoveTree("a/s".into())]).await.unwrap();
        let state = store.read();
        assert!(!state.contains("a/s/d/x"));
        assert!(state.contains("a/s2") && state.contains("a/s2/d/x"));
        drop(state);
        assert_eq!(names(&store, "a"), ["a/s2"]);
    }

    #[tokio::test]
    async fn a_failed_batch_changes_nothing() {
        let store = Store::in_memory();
        commit(&store, vec![Op::Insert("c/1".into(), conn("1"))]).await.unwrap();
        let err = commit(&store, vec![Op::Insert("c/2".into(), conn("2")), Op::Insert("c/1".into(), conn("1"))]).await;
        assert_eq!(err.unwrap_err().code, crate::wire::Code::AlreadyExists);
        assert!(!store.read().contains("c/2"));
    }

    #[tokio::test]
    async fn readers_see_the_state_before_a_write_until_it_is_applied() {
        let store = Store::in_memory();
        let writer = store.writer().await;
        let plan = writer.plan(vec![Op::Insert("c/1".into(), conn("1"))], Vec::new()).unwrap();
        // Checked and pending: a reader neither waits for it nor sees it.
        assert!(!store.read().contains("c/1"));
        writer.apply(plan).await.unwrap();
        assert!(store.read().contains("c/1"));
    }

    #[tokio::test]
    async fn data_file_survives_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.redb");
        {
            let (store, _) = Store::open(&path).unwrap();
            let ops = vec![Op::Insert("c/1".into(), conn("1")), Op::Insert("c/2".into(), conn("2"))];
            commit(&store, ops).await.unwrap();
            commit(&store, vec![Op::RemoveTree("c/1".into())]).await.unwrap();
            commit(&store, vec![Op::Meta("key".into(), vec![7])]).await.unwrap();
        }
        let (store, _) = Store::open(&path).unwrap();
        assert_eq!(names(&store, "c"), ["c/2"]);
        assert_eq!(store.read().meta("key"), Some(&[7][..]));
        commit(&store, vec![Op::Insert("c/3".into(), conn("3"))]).await.unwrap();
        assert_eq!(names(&store, "c"), ["c/2", "c/3"]);
    }

    fn source(name: &str) -> Resource {
        Resource::Source(crate::wire::Source { name: name.into(), ..Default::default() })
    }

    #[tokio::test]
    async fn records_get_an_id_of_their_kind_kept_through_updates_and_gone_with_them() {
        let store = Store::in_memory();
        let ops = vec![
            Op::Insert("w/sources/web".into(), source("w/sources/web")),
            Op::Insert("w/sources/web/destinations/webhooks".into(), Resource::Destination(Default::default())),
            Op::Insert("w/tracking-plans/rs_1".into(), Resource::TrackingPlan(Default::default())),
            Op::Insert(
                "w/sources/web/destinations/webhooks/filters/df_abc".into(),
                Resource::Filter(Default::default()),
            ),
            Op::Insert("c/1".into(), conn("1")),
        ];
        commit(&store, ops).await.unwrap();
        let (source_id, destination) = {
            let state = store.read();
            let source_id = state.id_of("w/sources/web").to_string();
            assert!(source_id.len() == 22 && source_id.bytes().all(|b| b.is_ascii_alphanumeric()), "{source_id}");
            let destination = state.id_of("w/sources/web/destinations/webhooks").to_string();
            assert!(destination.len() == 24 && destination.bytes().all(|b| b.is_ascii_hexdigit()), "{destination}");
            assert!(state.id_of("w/tracking-plans/rs_1").starts_with("tp_"));
            assert_eq!(state.id_of("w/sources/web/destinations/webhooks/filters/df_abc"), "abc");
            assert_eq!(state.id_of("c/1"), "", "a connection is not named by id");
            assert_eq!(state.name_of_id(&source_id), Some("w/sources/web"));
            (source_id, destination)
        };
        let more = More { enabled: Some(false), ..More::default() };
        commit(&store, vec![Op::ReplaceWith("w/sources/web".into(), source("w/sources/web"), more)]).await.unwrap();
        commit(&store, vec![Op::Replace("w/sources/web".into(), source("w/sources/web"))]).await.unwrap();
        {
            let state = store.read();
            let kept = state.more("w/sources/web").map(|m| (m.id.as_str(), m.enabled));
            assert_eq!(kept, Some((source_id.as_str(), Some(false))));
        }
        commit(&store, vec![Op::RemoveTree("w/sources/web".into())]).await.unwrap();
        let state = store.read();
        assert_eq!((state.name_of_id(&source_id), state.name_of_id(&destination)), (None, None));
    }

    #[tokio::test]
    async fn a_data_file_of_an_earlier_version_opens_and_its_records_gain_ids_for_good() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.redb");
        {
            // What seg serve wrote before records had ids: an entry with its sequence and resource only.
            let (db, _) = Db::open(&path).unwrap();
            let old = serde_json::json!({"seq": 1, "resource": {"kind": "source", "body": {"name": "w/sources/web"}}});
            db.commit(&[Change::Put("w/sources/web".into(), old.to_string().into_bytes())]).unwrap();
        }
        let id = {
            let (store, _) = Store::open(&path).unwrap();
            let id = store.read().id_of("w/sources/web").to_string();
            assert_eq!(id.len(), 22);
            id
        };
        let (store, _) = Store::open(&path).unwrap();
        assert_eq!(store.read().id_of("w/sources/web"), id, "the id was written, not drawn again");
        assert_eq!(store.read().name_of_id(&id), Some("w/sources/web"));
    }
}
