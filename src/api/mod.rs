//! The Config API client: transport, paging, update masks, names, and the wire model shared with the emulator.

pub mod client;
pub mod list;
pub mod models;
pub mod names;
pub mod secret;
pub mod update;
