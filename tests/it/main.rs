//! The one integration-test binary: the emulator over raw HTTP, and the `seg` binary against it.

mod cli;
mod emulator;
mod serve_binary;
mod support;
