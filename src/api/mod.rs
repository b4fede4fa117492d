//! The Config API: the wire model shared with the emulator.

pub mod models;
