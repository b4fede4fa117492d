//! `seg`: a command-line client and admin tool for the Config API v1beta and its webhook destination, with a
//! local emulator of the service (`seg serve`).

pub mod api;
pub mod cli;
pub mod emulator;
pub mod error;
pub mod ui;
