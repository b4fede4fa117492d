//! The emulator's operations in neutral terms (ARCHITECTURE.md, "Two APIs"): create a source, rename it, connect a
//! plan, ... with the checks both APIs share, each write in one writer's turn ([`Tx`]). A front door reads its API's
//! body, calls the model with records of the store (the Config API's shape and [`More`]) and renders the answer in
//! its API's shape; the model never knows an API's shape, and a rule lives here once. Each operation checks against
//! the state of the writer's turn and returns the ops to commit, so a door commits them with whatever else goes
//! with them (a regulation's deliveries).

pub mod audit;
pub mod destinations;
pub mod filters;
pub mod functions;
pub mod iam;
pub mod mappings;
pub mod plans;
pub mod regulations;
pub mod reverse_etl;
pub mod schema;
pub mod sources;
pub mod transformations;
pub mod warehouses;

use std::sync::{Arc, RwLockReadGuard};

use super::App;
use super::gate::{Caller, Received, WriteScope};
use super::persist::Change;
use super::status::Status;
use super::store::{Op, Resource, State, Writer};

/// A write under way: the writers' turn, taken before anything is checked, so that what is checked still holds when
/// it commits; and where the write came from, for a fault injected at its commit.
pub struct Tx {
    app: Arc<App>,
    writer: Writer,
    caller: Caller,
    received: Received,
}

impl Tx {
    /// Waits for the writers' turn (reads go on meanwhile).
    pub async fn begin(app: &Arc<App>, scope: WriteScope) -> Tx {
        let writer = app.store.writer().await;
        Tx { app: app.clone(), writer, caller: scope.caller, received: scope.received }
    }

    pub fn app(&self) -> &App {
        &self.app
    }

    pub fn caller(&self) -> &Caller {
        &self.caller
    }

    /// The state this write sees. Drop it before [`Tx::commit`]: the guard is not `Send`.
    pub fn state(&self) -> RwLockReadGuard<'_, State> {
        self.writer.state()
    }

    /// Checks the ops (409 for a name that exists, 404 for one that does not) and commits them.
    pub async fn commit(self, ops: Vec<Op>) -> Result<(), Status> {
        self.commit_then(ops, Vec::new(), || {}).await
    }

    /// [`Tx::commit`], with `extra` changes in the same transaction and `then` run once it is applied. The commit
    /// runs on a task of its own: once checked, a write is committed and applied even if its client goes away
    /// meanwhile, so the data file and memory never disagree. A fault at commit holds it there, with the turn.
    pub async fn commit_then(
        self,
        ops: Vec<Op>,
        extra: Vec<Change>,
        then: impl FnOnce() + Send + 'static,
    ) -> Result<(), Status> {
        let mut plan = self.writer.plan(ops, extra)?;
        // The audit trail records what the write committed, in the same batch.
        let events = audit::events(&self.writer.state(), &self.caller, &plan);
        let events = audit::capped(&self.writer.state(), events, self.app.audit_kept());
        self.writer.extend(&mut plan, events)?;
        let hold = self.app.control.take_commit_fault(&self.received.method, &self.received.sent);
        let writer = self.writer;
        let committed = tokio::spawn(async move {
            if let Some(hold) = hold {
                hold.wait().await;
            }
            writer.apply(plan).await?;
            then();
            Ok(())
        });
        committed.await.map_err(|e| Status::internal(format!("the commit failed: {e}")))?
    }
}

/// The workspace a caller acts on where no path names one (the Public API: the token's workspace): the first it
/// names, or with a token for every workspace the first one made.
pub fn workspace_of(state: &State, caller: &Caller) -> Result<String, Status> {
    let named = caller.workspaces.iter().find(|w| state.contains(w)).cloned();
    named.or_else(|| state.names_in("workspaces").next().map(String::from)).ok_or_else(|| {
        Status::new(crate::wire::Code::PermissionDenied, "this token reaches no workspace of this emulator")
    })
}

/// The record at `name`, or 404 naming it.
pub fn existing<'s>(state: &'s State, name: &str) -> Result<&'s Resource, Status> {
    state.get(name).ok_or_else(|| Status::not_found(format!("{name} not found")))
}

/// A kind of record the Public API names by its opaque id: the words a 404 calls it by, and which records are of it
/// (given the record's name too: a warehouse and a profiles warehouse are both `Resource::Warehouse`, told apart
/// by their collection). One lookup for every get, update and delete by id.
pub struct Kind {
    pub what: &'static str,
    pub is: fn(&str, &Resource) -> bool,
}

impl Kind {
    /// The name of the record of this kind with this id in `workspace`; 404 `<what> <id> not found` otherwise (an
    /// id of another workspace, or of another kind of record, is as unknown as one that never was).
    pub fn named(&self, state: &State, workspace: &str, id: &str) -> Result<String, Status> {
        let name = by_id(state, workspace, id, self.what)?;
        match state.get(&name) {
            Some(record) if (self.is)(&name, record) => Ok(name),
            _ => Err(Status::not_found(format!("{} {id} not found", self.what))),
        }
    }

    /// [`Kind::named`] in the workspace the caller acts on (the Public API's: the token's).
    pub fn of(&self, state: &State, caller: &Caller, id: &str) -> Result<String, Status> {
        self.named(state, &workspace_of(state, caller)?, id)
    }
}

/// The name of the record with this opaque id when it lies in `workspace`; 404 otherwise (an id of another
/// workspace is as unknown as one that never was).
pub fn by_id(state: &State, workspace: &str, id: &str, what: &str) -> Result<String, Status> {
    let prefix = format!("{workspace}/");
    match state.name_of_id(id) {
        Some(name) if name.starts_with(&prefix) => Ok(name.to_string()),
        _ => Err(Status::not_found(format!("{what} {id} not found"))),
    }
}
