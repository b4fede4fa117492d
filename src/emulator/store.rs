//! The emulator's state: every resource under its name, ordered within its collection by a creation sequence so
//! that paging is stable under inserts (new items sort after every cursor already handed out).
//! Every change goes through [`Store::commit`], which persists it first when `--data` is set.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::persist::{Change, Db};
use super::status::Status;
use crate::wire::{AccessToken, Destination, Regulation, Source, SourceConnection, TrackingPlan, Workspace};

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
}

/// An access token with its secret, which only the create response shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredToken {
    pub record: AccessToken,
    pub secret: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub seq: u64,
    pub resource: Resource,
}

/// The collection a name belongs to: everything before its last segment.
pub fn collection_of(name: &str) -> &str {
    name.rsplit_once('/').map_or("", |(parent, _)| parent)
}

/// A pending change, checked against the current state and then applied in one piece.
pub enum Op {
    Insert(String, Resource),
    Replace(String, Resource),
    /// Removes the resource and every resource named under it.
    RemoveTree(String),
}

pub struct Store {
    next_seq: u64,
    entries: BTreeMap<String, Entry>,
    order: BTreeMap<(String, u64), String>,
    secrets: HashMap<String, String>,
    /// Write key → source name, for the tracking endpoints.
    write_keys: HashMap<String, String>,
    db: Option<Arc<Db>>,
    meta: HashMap<String, Vec<u8>>,
    /// Webhook deliveries found queued in the data file, until the outbox takes them.
    deliveries: Vec<(u64, Vec<u8>)>,
}

impl Store {
    pub fn in_memory() -> Self {
        Store {
            next_seq: 1,
            entries: BTreeMap::new(),
            order: BTreeMap::new(),
            secrets: HashMap::new(),
            write_keys: HashMap::new(),
            db: None,
            meta: HashMap::new(),
            deliveries: Vec::new(),
        }
    }

    /// Opens (or creates) a data file and loads what it holds.
    pub fn open(path: &Path) -> Result<Self, String> {
        let (db, loaded) = Db::open(path)?;
        let mut store = Store::in_memory();
        store.meta = loaded.meta.into_iter().collect();
        store.deliveries = loaded.deliveries;
        for (name, entry) in loaded.entries {
            store.next_seq = store.next_seq.max(entry.seq + 1);
            store.index(name, entry);
        }
        if let Some(bytes) = store.meta.get("next_seq") {
            let stored = bytes.as_slice().try_into().map(u64::from_be_bytes).unwrap_or(0);
            store.next_seq = store.next_seq.max(stored);
        }
        store.db = Some(Arc::new(db));
        Ok(store)
    }

    /// The data file, shared with the webhook outbox (redb opens a file once per process).
    pub fn db(&self) -> Option<Arc<Db>> {
        self.db.clone()
    }

    /// The deliveries that were queued when the data file was last closed; empty after the first call.
    pub fn take_deliveries(&mut self) -> Vec<(u64, Vec<u8>)> {
        std::mem::take(&mut self.deliveries)
    }

    /// A value kept beside the resources (e.g. the page-token key), set once and then read back on every start.
    pub fn meta_or_insert(&mut self, key: &'static str, make: impl FnOnce() -> Vec<u8>) -> Result<Vec<u8>, Status> {
        if let Some(value) = self.meta.get(key) {
            return Ok(value.clone());
        }
        let value = make();
        if let Some(db) = &self.db {
            db.commit(&[Change::Meta(key, &value)]).map_err(Status::internal)?;
        }
        self.meta.insert(key.to_string(), value.clone());
        Ok(value)
    }

    /// The next value of a persistent counter: 1, 2, ... (token ids are small integers, never reused).
    pub fn next_counter(&mut self, key: &'static str) -> Result<u64, Status> {
        let current = self.meta.get(key).and_then(|b| b.as_slice().try_into().ok()).map_or(0, u64::from_be_bytes);
        let bytes = (current + 1).to_be_bytes().to_vec();
        if let Some(db) = &self.db {
            db.commit(&[Change::Meta(key, &bytes)]).map_err(Status::internal)?;
        }
        self.meta.insert(key.to_string(), bytes);
        Ok(current + 1)
    }

    pub fn get(&self, name: &str) -> Option<&Resource> {
        self.entries.get(name).map(|e| &e.resource)
    }

    pub fn contains(&self, name: &str) -> bool {
        self.entries.contains_key(name)
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
            let resource = &self.entries[name].resource;
            if !keep(resource) {
                continue;
            }
            if items.len() == size {
                return (items, Some(last));
            }
            items.push(resource);
            last = seq;
        }
        (items, None)
    }

    fn scan<'a>(&'a self, collection: &str, after: u64) -> impl Iterator<Item = (u64, &'a str)> + 'a {
        let start = (collection.to_string(), after.saturating_add(1));
        let end = (collection.to_string(), u64::MAX);
        self.order.range(start..=end).map(|((_, seq), name)| (*seq, name.as_str()))
    }

    /// Checks every op against the current state, persists them in one transaction, then applies them.
    pub fn commit(&mut self, ops: Vec<Op>) -> Result<(), Status> {
        self.commit_with(ops, &[])
    }

    /// [`Store::commit`], with more changes (queued deliveries) in the same transaction.
    pub fn commit_with(&mut self, ops: Vec<Op>, extra: &[Change<'_>]) -> Result<(), Status> {
        let mut puts: Vec<(String, Entry)> = Vec::new();
        let mut deletes: Vec<String> = Vec::new();
        let mut seq = self.next_seq;
        for op in ops {
            match op {
                Op::Insert(name, resource) => {
                    if self.contains(&name) || puts.iter().any(|(n, _)| *n == name) {
                        return Err(Status::exists(&name));
                    }
                    puts.push((name, Entry { seq, resource }));
                    seq += 1;
                }
                Op::Replace(name, resource) => {
                    let old = self.entries.get(&name).ok_or_else(|| Status::not_found(format!("{name} not found")))?;
                    puts.push((name, Entry { seq: old.seq, resource }));
                }
                Op::RemoveTree(name) => {
                    if !self.contains(&name) {
                        return Err(Status::not_found(format!("{name} not found")));
                    }
                    let prefix = format!("{name}/");
                    deletes.extend(
                        self.entries
                            .range(prefix.clone()..)
                            .map(|(n, _)| n)
                            .take_while(|n| n.starts_with(&prefix))
                            .cloned(),
                    );
                    deletes.push(name);
                }
            }
        }
        if let Some(db) = &self.db {
            let seq_bytes = seq.to_be_bytes();
            let mut changes: Vec<Change<'_>> = puts.iter().map(|(n, e)| Change::Put(n, e)).collect();
            changes.extend(deletes.iter().map(|n| Change::Delete(n)));
            changes.push(Change::Meta("next_seq", &seq_bytes));
            changes.extend(extra.iter().copied());
            db.commit(&changes).map_err(Status::internal)?;
        }
        self.next_seq = seq;
        for name in deletes {
            self.unindex(&name);
        }
        for (name, entry) in puts {
            self.unindex(&name);
            self.index(name, entry);
        }
        Ok(())
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
        self.order.insert((collection_of(&name).to_string(), entry.seq), name.clone());
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
            self.order.remove(&(collection_of(name).to_string(), old.seq));
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

    #[test]
    fn pages_keep_creation_order_and_cursor_under_inserts() {
        let mut store = Store::in_memory();
        for i in 0..5 {
            store.commit(vec![Op::Insert(format!("c/{i}"), conn(&i.to_string()))]).unwrap();
        }
        let (first, next) = store.page("c", 0, 2, |_| true);
        assert_eq!(first.len(), 2);
        let next = next.unwrap();
        store.commit(vec![Op::Insert("c/new".into(), conn("new"))]).unwrap();
        let (second, next) = store.page("c", next, 10, |_| true);
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

    #[test]
    fn remove_tree_takes_descendants_but_not_siblings_with_a_common_prefix() {
        let mut store = Store::in_memory();
        for name in ["a/s", "a/s/d/x", "a/s/d/y", "a/s2", "a/s2/d/x"] {
            store.commit(vec![Op::Insert(name.into(), conn(name))]).unwrap();
        }
        store.commit(vec![Op::RemoveTree("a/s".into())]).unwrap();
        assert!(!store.contains("a/s/d/x"));
        assert!(store.contains("a/s2") && store.contains("a/s2/d/x"));
        assert_eq!(store.names_in("a").collect::<Vec<_>>(), ["a/s2"]);
    }

    #[test]
    fn a_failed_batch_changes_nothing() {
        let mut store = Store::in_memory();
        store.commit(vec![Op::Insert("c/1".into(), conn("1"))]).unwrap();
        let err = store.commit(vec![Op::Insert("c/2".into(), conn("2")), Op::Insert("c/1".into(), conn("1"))]);
        assert_eq!(err.unwrap_err().code, crate::wire::Code::AlreadyExists);
        assert!(!store.contains("c/2"));
    }

    #[test]
    fn data_file_survives_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.redb");
        {
            let mut store = Store::open(&path).unwrap();
            store.commit(vec![Op::Insert("c/1".into(), conn("1")), Op::Insert("c/2".into(), conn("2"))]).unwrap();
            store.commit(vec![Op::RemoveTree("c/1".into())]).unwrap();
            store.meta_or_insert("key", || vec![7]).unwrap();
        }
        let mut store = Store::open(&path).unwrap();
        assert_eq!(store.names_in("c").collect::<Vec<_>>(), ["c/2"]);
        assert_eq!(store.meta_or_insert("key", || vec![9]).unwrap(), vec![7]);
        store.commit(vec![Op::Insert("c/3".into(), conn("3"))]).unwrap();
        assert_eq!(store.names_in("c").collect::<Vec<_>>(), ["c/2", "c/3"]);
    }
}
