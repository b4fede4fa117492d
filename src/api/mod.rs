//! The Config API client: transport (pacing, retries, error classification), paging and resource names. The wire
//! model it speaks is `crate::wire`.

pub mod budget;
pub mod client;
pub mod list;
pub mod names;
pub mod walk;
