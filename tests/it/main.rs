//! The one integration-test binary: the emulator over raw HTTP, and the `seg` binary against it.

// Tests prepare files and talk to servers directly: the effect gate (clippy.toml) guards the product, not its tests.
#![allow(clippy::disallowed_methods)]

mod actions_emulator;
mod actions_reference;
mod actions_tools;
mod attack;
mod auth;
mod both_apis;
mod budget;
mod citations;
mod cli;
mod clients;
mod code;
mod commits;
mod control;
mod deep_json;
mod deliveries;
mod dry_run;
mod durability;
mod emulator;
mod faults;
mod generated;
mod hostile;
mod inspector;
mod jq;
mod json_fields;
mod layers;
mod listen;
mod login;
mod manual;
mod mappings;
mod migration;
mod openapi;
mod parallel;
mod plan_names;
mod plan_truth;
mod public_client;
mod public_door;
mod public_openapi;
mod raw_output;
mod receiver;
mod screens;
mod sdk;
mod serve_binary;
mod servers;
mod shared_budget;
mod streams;
mod stringify;
mod support;
mod trust;
mod two_apis;
mod vocabulary_in;
mod waits;
mod webhook;
mod words;
