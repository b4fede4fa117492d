//! Names to ids, remembered (CLI.md, "Two APIs"): the Public API names everything by an opaque id, people and files
//! by slugs. What one process learns by reading (a source's id for its slug, a catalog entry's id for its slug) is
//! kept in a small file per token and base URL in the runtime folder, beside the rate budget, so the next `seg`
//! does not read it again; an id that the service answers 404 for is forgotten and read again (`forget`). It is
//! seg's bookkeeping, not an effect: written under `--dry-run` too, through `effect::bookkeeping`. Only slugs and
//! ids are kept, never a secret; a file that cannot be read or parsed is as good as none.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Serialize};
use sha1::Digest;

use crate::secret::Secret;

/// The kinds of names remembered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

pub struct Ids {
    path: Option<PathBuf>,
    /// `None` until the file is first read.
    known: Mutex<Option<Known>>,
}

impl Ids {
    /// The names remembered for a token at a base URL (the file is named by a hash of both, as the budget's is).
    pub fn new(base_url: &str, token: &Secret) -> Ids {
        let key = hex::encode(sha1::Sha1::digest(format!("{}\n{}", base_url.trim_end_matches('/'), token.expose())));
        let path = crate::api::budget::folder().map(|dir| dir.join(format!("ids-{}", &key[..20])));
        Ids { path, known: Mutex::new(None) }
    }

    fn with<T>(&self, f: impl FnOnce(&mut Known) -> T) -> T {
        let mut known = self.known.lock().unwrap_or_else(PoisonError::into_inner);
        let known = known.get_or_insert_with(|| {
            let text = self.path.as_ref().and_then(|path| std::fs::read_to_string(path).ok()).unwrap_or_default();
            serde_json::from_str(&text).unwrap_or_default()
        });
        f(known)
    }

    fn save(&self) {
        let Some(path) = &self.path else { return };
        let text = self.with(|known| serde_json::to_string(known).unwrap_or_default());
        // A failure only costs a read next time.
        let _ = crate::effect::bookkeeping::update(path, "{}", |_| (text, ()));
    }

    pub fn workspace(&self) -> Option<Workspace> {
        self.with(|known| known.workspace.clone())
    }

    pub fn set_workspace(&self, workspace: Workspace) {
        if self.with(|known| known.workspace.replace(workspace.clone()) != Some(workspace)) {
            self.save();
        }
    }

    pub fn get(&self, table: Table, name: &str) -> Option<String> {
        self.with(|known| known.table(table).get(name).cloned())
    }

    /// The slug of a source id, when it is remembered.
    pub fn slug(&self, id: &str) -> Option<String> {
        self.with(|known| known.sources.iter().find(|(_, known)| *known == id).map(|(slug, _)| slug.clone()))
    }

    /// Remembers names read; with `complete` (a whole listing was read), the table becomes exactly these.
    pub fn remember(&self, table: Table, pairs: impl IntoIterator<Item = (String, String)>, complete: bool) {
        let changed = self.with(|known| {
            let map = known.table(table);
            let before = map.clone();
            if complete {
                map.clear();
            }
            map.extend(pairs);
            *map != before
        });
        if changed {
            self.save();
        }
    }

    /// Forgets everything: an id the service no longer knows makes every remembered one suspect.
    pub fn forget(&self) {
        self.with(|known| *known = Known::default());
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
        let at = |path: PathBuf| Ids { path: Some(path), known: Mutex::new(None) };
        let path = dir.path().join("ids");
        let ids = at(path.clone());
        ids.remember(Table::Sources, [("web".to_string(), "qQEHquLrjRDN9j1ByrChyn".to_string())], false);
        ids.set_workspace(Workspace { id: "9aQ1Lj62S4bomZKLF4DPqW".into(), slug: "acme".into(), name: "Acme".into() });
        let next = at(path.clone());
        assert_eq!(next.get(Table::Sources, "web").as_deref(), Some("qQEHquLrjRDN9j1ByrChyn"));
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
