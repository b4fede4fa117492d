//! Crash-safe persistence for `seg serve --data`: every change the store makes is written in one redb transaction
//! (fsynced on commit) before the store applies it in memory and the client gets its answer. Webhook deliveries
//! waiting to be made live in their own table, keyed by delivery id, until they are delivered or given up.

use std::path::Path;

use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition};

use super::store::Entry;

const RESOURCES: TableDefinition<&str, &[u8]> = TableDefinition::new("resources");
const META: TableDefinition<&str, &[u8]> = TableDefinition::new("meta");
const DELIVERIES: TableDefinition<u64, &[u8]> = TableDefinition::new("deliveries");

/// A change to durable state.
#[derive(Clone, Copy)]
pub enum Change<'a> {
    Put(&'a str, &'a Entry),
    Delete(&'a str),
    Meta(&'static str, &'a [u8]),
    /// A queued webhook delivery (its job as JSON).
    PutDelivery(u64, &'a [u8]),
    RemoveDelivery(u64),
}

pub struct Db {
    db: Database,
}

/// What was on disk at start.
#[derive(Default)]
pub struct Loaded {
    pub entries: Vec<(String, Entry)>,
    pub meta: Vec<(String, Vec<u8>)>,
    /// Deliveries that were queued and not finished.
    pub deliveries: Vec<(u64, Vec<u8>)>,
}

impl Db {
    pub fn open(path: &Path) -> Result<(Db, Loaded), String> {
        let shown = path.display();
        let db = Database::create(path).map_err(|e| format!("cannot open data file {shown}: {e}"))?;
        let this = Db { db };
        let loaded = this.load().map_err(|e| format!("cannot read data file {shown}: {e}"))?;
        Ok((this, loaded))
    }

    fn load(&self) -> Result<Loaded, Box<dyn std::error::Error>> {
        // Create the tables on first use so a read transaction finds them.
        let txn = self.db.begin_write()?;
        txn.open_table(RESOURCES)?;
        txn.open_table(META)?;
        txn.open_table(DELIVERIES)?;
        txn.commit()?;

        let txn = self.db.begin_read()?;
        let mut loaded = Loaded::default();
        for row in txn.open_table(RESOURCES)?.iter()? {
            let (name, bytes) = row?;
            let entry: Entry = serde_json::from_slice(bytes.value())?;
            loaded.entries.push((name.value().to_string(), entry));
        }
        for row in txn.open_table(META)?.iter()? {
            let (key, value) = row?;
            loaded.meta.push((key.value().to_string(), value.value().to_vec()));
        }
        for row in txn.open_table(DELIVERIES)?.iter()? {
            let (id, job) = row?;
            loaded.deliveries.push((id.value(), job.value().to_vec()));
        }
        Ok(loaded)
    }

    /// Writes all changes in one transaction; nothing of it is visible after a crash unless all of it is.
    pub fn commit(&self, changes: &[Change<'_>]) -> Result<(), String> {
        self.try_commit(changes).map_err(|e| format!("data file write failed: {e}"))
    }

    fn try_commit(&self, changes: &[Change<'_>]) -> Result<(), Box<dyn std::error::Error>> {
        let txn = self.db.begin_write()?;
        {
            let mut resources = txn.open_table(RESOURCES)?;
            let mut meta = txn.open_table(META)?;
            let mut deliveries = txn.open_table(DELIVERIES)?;
            for change in changes {
                match change {
                    Change::Put(name, entry) => {
                        resources.insert(*name, serde_json::to_vec(entry)?.as_slice())?;
                    }
                    Change::Delete(name) => {
                        resources.remove(*name)?;
                    }
                    Change::Meta(key, value) => {
                        meta.insert(*key, *value)?;
                    }
                    Change::PutDelivery(id, job) => {
                        deliveries.insert(*id, *job)?;
                    }
                    Change::RemoveDelivery(id) => {
                        deliveries.remove(*id)?;
                    }
                }
            }
        }
        txn.commit()?;
        Ok(())
    }
}
