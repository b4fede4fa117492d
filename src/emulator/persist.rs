//! Crash-safe persistence for `seg serve --data`: every change the store makes is written in one redb transaction
//! (fsynced on commit) before the store applies it in memory and the client gets its answer. Webhook deliveries
//! waiting to be made live in their own table, keyed by delivery id, until they are delivered or given up.
//! Changes own their bytes, so a commit can run on a blocking thread while the request's task waits for it.

use std::path::Path;

use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition};

const RESOURCES: TableDefinition<&str, &[u8]> = TableDefinition::new("resources");
const META: TableDefinition<&str, &[u8]> = TableDefinition::new("meta");
const DELIVERIES: TableDefinition<u64, &[u8]> = TableDefinition::new("deliveries");

/// Webhook deliveries as stored: (id, the job as JSON).
pub type DeliveryRows = Vec<(u64, Vec<u8>)>;

/// A change to durable state.
#[derive(Debug, Clone)]
pub enum Change {
    /// A resource under its name, as the store's entry in JSON.
    Put(String, Vec<u8>),
    Delete(String),
    Meta(String, Vec<u8>),
    /// A queued webhook delivery (its job as JSON).
    PutDelivery(u64, Vec<u8>),
    RemoveDelivery(u64),
}

pub struct Db {
    db: Database,
}

/// What was on disk at start.
#[derive(Default)]
pub struct Loaded {
    /// Each resource's name and its entry as JSON (the store reads them).
    pub entries: Vec<(String, Vec<u8>)>,
    pub meta: Vec<(String, Vec<u8>)>,
    /// Deliveries that were queued and not finished.
    pub deliveries: DeliveryRows,
}

impl Db {
    pub fn open(path: &Path) -> Result<(Db, Loaded), String> {
        let shown = path.display();
        #[allow(
            clippy::disallowed_methods,
            reason = "the emulator's own data file: `seg serve` refuses --dry-run (exit 2), so no gate is needed"
        )]
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
            loaded.entries.push((name.value().to_string(), bytes.value().to_vec()));
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
    pub fn commit(&self, changes: &[Change]) -> Result<(), String> {
        self.try_commit(changes).map_err(|e| format!("data file write failed: {e}"))
    }

    fn try_commit(&self, changes: &[Change]) -> Result<(), Box<dyn std::error::Error>> {
        let txn = self.db.begin_write()?;
        {
            let mut resources = txn.open_table(RESOURCES)?;
            let mut meta = txn.open_table(META)?;
            let mut deliveries = txn.open_table(DELIVERIES)?;
            for change in changes {
                match change {
                    Change::Put(name, entry) => {
                        resources.insert(name.as_str(), entry.as_slice())?;
                    }
                    Change::Delete(name) => {
                        resources.remove(name.as_str())?;
                    }
                    Change::Meta(key, value) => {
                        meta.insert(key.as_str(), value.as_slice())?;
                    }
                    Change::PutDelivery(id, job) => {
                        deliveries.insert(*id, job.as_slice())?;
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
