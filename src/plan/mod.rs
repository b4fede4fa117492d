//! Workspaces as code (docs/reference/commands.md, "Workspaces as code"): the `seg/1` file, `export` (a workspace as a
//! file), the plan (what differs, as a value: printed by `diff`, saved with `--out`, refused when stale) and `apply`
//! (the plan's requests, in order). Reads go through `api::walk`, writes through the client and so through the effect
//! gate.

pub mod apply;
pub mod code;
pub mod convert;
pub mod diff;
pub mod document;
pub mod export;
pub mod file;
pub mod resources;
pub mod secrets;
