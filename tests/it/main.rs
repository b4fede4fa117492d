//! The one integration-test binary: the emulator over raw HTTP, and the `seg` binary against it.

mod cli;
mod emulator;
mod receiver;
mod serve_binary;
mod stringify;
mod support;
mod webhook;
