//! The webhook destination's side of things: the exact bodies the service sends (samples), JavaScript-exact JSON
//! (`crate::json`: the bytes a receiver following the service's example hashes), signing and verification, delivery with the
//! service's retry rules, and a local receiver.

pub mod actions;
pub mod deliver;
pub mod journal;
pub mod listen;
pub mod records;
pub mod sample;
pub mod shape;
pub mod sign;
pub mod verify;
