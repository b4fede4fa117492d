//! The one integration-test binary: the emulator over raw HTTP, and the `seg` binary against it.

mod auth;
mod cli;
mod commits;
mod deliveries;
mod durability;
mod emulator;
mod faults;
mod generated;
mod openapi;
mod receiver;
mod serve_binary;
mod stringify;
mod support;
mod webhook;
