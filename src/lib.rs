//! `seg`: a command-line client and admin tool for the Config API v1beta and its webhook destination, with a
//! local emulator of the service (`seg serve`).

pub mod api;
pub mod cli;
pub mod config;
pub mod effect;
pub mod emulator;
pub mod error;
pub mod http;
pub mod json;
pub mod plan;
pub mod same_origin;
pub mod secret;
pub mod server;
pub mod text;
pub mod ui;
pub mod webhook;
pub mod wire;

/// Installs rustls' ring crypto provider, once per process. reqwest is built without a default provider (ring
/// instead of aws-lc: a faster build, a smaller binary), so this must run before any HTTP client is built.
pub fn init_tls() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}
