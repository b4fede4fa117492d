//! Webhooks (Actions) and its mappings (destination subscriptions), as pure functions both the client and the
//! emulator use (docs/reference/actions.md): when a mapping fires ([`trigger`]), what its settings resolve to for an
//! event ([`mapping`]), and the request the destination sends ([`send`]). Each answers as the service's reference
//! packages do (tests/it/actions_reference.rs runs them side by side); what seg does not implement is refused by name,
//! never approximated. No I/O.

pub mod catalog;
pub mod event;
mod js;
pub mod mapping;
pub mod send;
pub mod trigger;

pub use catalog::{Action, Definition, Refusal};
pub use js::Unsupported;
pub use mapping::{Mapping, MappingError};
pub use send::{Batch, Request, SendError};
pub use trigger::Trigger;
