//! Names to ids, remembered (docs/reference/names.md): the Public API names everything by an opaque id, people and
//! files by slugs. What one process learns by reading (a source's id for its slug, a catalog entry's id for its slug)
//! is kept in a small file per token and base URL in the runtime folder, beside the rate budget, so the next `seg` does
//! not read it again; an id that the service answers 404 for is forgotten and read again (`forget`). It is seg's
//! bookkeeping, not an effect: written under `--dry-run` too, through `effect::bookkeeping`. Only slugs and ids are
//! kept, never a secret. The file is read as untrusted (`bookkeeping::read`: no link followed, no FIFO waited on,
//! nothing but a regular file within a size cap): one that cannot be used is one warning and a fresh start (a file seg
//! cannot parse is written anew; anything that is not a regular file of seg's is left alone, and this process keeps its
//! names in memory only).
//!
//! A name remembered by an earlier process is a hint, never the truth: a slug may have been renamed or given to
//! another source since (in the app, by a teammate, by Terraform). [`Ids::get`] says which an entry is: read by this
//! process (a listing, an answer, a hint it read back), or only remembered, which the adapter reads back by its id
//! and checks before it uses it (docs/reference/names.md).

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Serialize};
use sha1::Digest;

use crate::secret::Secret;

/// The kinds of names remembered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Table {
    /// A source's slug → its id.
    Sources,
    /// A catalog source's slug → its metadata id.
    CatalogSources,
    /// A catalog destination's slug → its metadata id.
    CatalogDestinations,
}

/// The token's workspace, as `GET /` answers it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Workspace {
    pub id: String,
    pub slug: String,
    pub name: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
struct Known {
    workspace: Option<Workspace>,
    sources: BTreeMap<String, String>,
    catalog_sources: BTreeMap<String, String>,
    catalog_destinations: BTreeMap<String, String>,
}

impl Known {
    fn table(&mut self, table: Table) -> &mut BTreeMap<String, String> {
        match table {
            Table::Sources => &mut self.sources,
            Table::CatalogSources => &mut self.catalog_sources,
            Table::CatalogDestinations => &mut self.catalog_destinations,
        }
    }
}

/// What is known of a name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// Read from the service by this process: as true as a listing it just read.
    Read(String),
    /// Remembered by an earlier process: read it back, and check it still carries the name, before it is used.
    Remembered(String),
}

/// Where a warning goes.
pub type Warn = std::sync::Arc<dyn Fn(&str) + Send + Sync>;

pub struct Ids {
    path: Option<PathBuf>,
    warn: Warn,
    /// Set when what is at the path is no file of seg's: nothing is written there.
    unusable: std::sync::atomic::AtomicBool,
    /// `None` until the file is first read.
    known: Mutex<Option<Known>>,
    /// The names this process read from the service (the rest of `known` is what earlier processes remembered).
    read: Mutex<HashSet<(Table, String)>>,
}

impl Ids {
    /// The names remembered for a token at a base URL (the file is named by a hash of both, as the budget's is).
    pub fn new(base_url: &str, token: &Secret, warn: Warn) -> Ids {
        let key = hex::encode(sha1::Sha1::digest(format!("{}\n{}", base_url.trim_end_matches('/'), token.expose())));
        let path = crate::api::budget::folder().map(|dir| dir.join(format!("ids-{}", &key[..20])));
        Ids::at(path, warn)
    }

    fn at(path: Option<PathBuf>, warn: Warn) -> Ids {
        Ids { path, warn, unusable: Default::default(), known: Mutex::new(None), read: Mutex::default() }
    }

    fn read(&self) -> std::sync::MutexGuard<'_, HashSet<(Table, String)>> {
        self.read.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn with<T>(&self, f: impl FnOnce(&mut Known) -> T) -> T {
        let mut known = self.known.lock().unwrap_or_else(PoisonError::into_inner);
        let known = known.get_or_insert_with(|| self.load());
        f(known)
    }

    /// What the file holds; a fresh start (said once) when it cannot be used.
    fn load(&self) -> Known {
        let Some(path) = &self.path else { return Known::default() };
        match crate::effect::bookkeeping::read(path) {
            Ok(None) => Known::default(),
            Ok(Some(text)) => serde_json::from_str(&text).unwrap_or_else(|_| {
                (self.warn)(&format!(
                    "the names seg remembered in {} are not what seg writes there; they are read afresh",
                    path.display()
                ));
                Known::default()
            }),
            Err(e) => {
                self.unusable.store(true, std::sync::atomic::Ordering::Relaxed);
                (self.warn)(&format!(
                    "cannot use {} to remember names: {e}; this process reads them afresh and keeps none",
                    path.display()
                ));
                Known::default()
            }
        }
    }

    fn save(&self) {
        let Some(path) = &self.path else { return };
        let text = self.with(|known| serde_json::to_string(known).unwrap_or_default());
        if self.unusable.load(std::sync::atomic::Ordering::Relaxed) {
            return;
        }
        // A failure only costs a read next time; said once.
        if let Err(e) = crate::effect::bookkeeping::update(path, "{}", |_| (text, ())) {
            self.unusable.store(true, std::sync::atomic::Ordering::Relaxed);
            (self.warn)(&format!("cannot keep names in {}: {e}", path.display()));
        }
    }

    pub fn workspace(&self) -> Option<Workspace> {
        self.with(|known| known.workspace.clone())
    }

    pub fn set_workspace(&self, workspace: Workspace) {
        if self.with(|known| known.workspace.replace(workspace.clone()) != Some(workspace)) {
            self.save();
        }
    }

    /// The id of a name, and whether this process read it or only an earlier one remembered it.
    pub fn get(&self, table: Table, name: &str) -> Option<Entry> {
        let id = self.with(|known| known.table(table).get(name).cloned())?;
        let read = self.read().contains(&(table, name.to_string()));
        Some(if read { Entry::Read(id) } else { Entry::Remembered(id) })
    }

    /// The slug of a source id, when this process read it (what an earlier one remembered is read again).
    pub fn slug(&self, id: &str) -> Option<String> {
        let slug = self.with(|known| known.sources.iter().find(|(_, known)| *known == id).map(|(s, _)| s.clone()))?;
        self.read().contains(&(Table::Sources, slug.clone())).then_some(slug)
    }

    /// Remembers names read from the service; with `complete` (a whole listing was read), the table becomes exactly
    /// these. A source has one slug: another name remembered for its id is forgotten (it was renamed).
    pub fn remember(&self, table: Table, pairs: impl IntoIterator<Item = (String, String)>, complete: bool) {
        let pairs: Vec<(String, String)> = pairs.into_iter().collect();
        self.read().extend(pairs.iter().map(|(name, _)| (table, name.clone())));
        let changed = self.with(|known| {
            let map = known.table(table);
            let before = map.clone();
            if complete {
                map.clear();
            }
            if table == Table::Sources {
                map.retain(|name, id| pairs.iter().all(|(n, i)| i != id || n == name));
            }
            map.extend(pairs);
            *map != before
        });
        if changed {
            self.save();
        }
    }

    /// Forgets one name (its id no longer carries it, or is gone).
    pub fn unlearn(&self, table: Table, name: &str) {
        self.read().remove(&(table, name.to_string()));
        if self.with(|known| known.table(table).remove(name).is_some()) {
            self.save();
        }
    }

    /// Forgets everything: an id the service no longer knows makes every remembered one suspect.
    pub fn forget(&self) {
        self.with(|known| *known = Known::default());
        self.read().clear();
        self.save();
    }
}

#[cfg(test)]
#[allow(clippy::disallowed_methods, reason = "tests plant what a cache file may meet, not seg's effects")]
mod tests {
    use super::*;

    #[test]
    fn names_are_remembered_across_processes_and_forgotten_together() {
        let dir = tempfile::tempdir().unwrap();
        let at = |path: PathBuf| Ids::at(Some(path), std::sync::Arc::new(|_: &str| {}));
        let path = dir.path().join("ids");
        let ids = at(path.clone());
        ids.remember(Table::Sources, [("web".to_string(), "qQEHquLrjRDN9j1ByrChyn".to_string())], false);
        ids.set_workspace(Workspace { id: "9aQ1Lj62S4bomZKLF4DPqW".into(), slug: "acme".into(), name: "Acme".into() });
        assert_eq!(ids.get(Table::Sources, "web"), Some(Entry::Read("qQEHquLrjRDN9j1ByrChyn".into())));
        let next = at(path.clone());
        // What an earlier process remembered is a hint until this one reads it back.
        assert_eq!(next.get(Table::Sources, "web"), Some(Entry::Remembered("qQEHquLrjRDN9j1ByrChyn".into())));
        assert_eq!(next.slug("qQEHquLrjRDN9j1ByrChyn"), None);
        // Renamed: the old slug is forgotten with the new one remembered.
        next.remember(Table::Sources, [("site".to_string(), "qQEHquLrjRDN9j1ByrChyn".to_string())], false);
        assert_eq!(next.get(Table::Sources, "web"), None);
        assert_eq!(next.slug("qQEHquLrjRDN9j1ByrChyn").as_deref(), Some("site"));
        next.unlearn(Table::Sources, "site");
        assert_eq!(at(path.clone()).get(Table::Sources, "site"), None);
        assert_eq!(next.workspace().map(|w| w.slug), Some("acme".into()));
        assert_eq!(next.get(Table::CatalogSources, "web"), None, "tables are apart");
        next.remember(Table::Sources, [("app".to_string(), "x".to_string())], true);
        assert_eq!(next.get(Table::Sources, "web"), None, "a complete listing replaces the table");
        next.forget();
        assert_eq!(at(path.clone()).get(Table::Sources, "app"), None);
        std::fs::write(&path, "not json").unwrap();
        assert_eq!(at(path).get(Table::Sources, "app"), None, "a broken file is as good as none");
    }
}
