//! The rate budget of a token (CLI.md, "Retries and pacing"): the service allows a number of requests a minute per
//! token, so every `seg` using one token and base URL draws from one budget. It is a GCRA token bucket (one request
//! every `60 s / rate`, a burst of [`BURST`]) whose one number is the theoretical arrival time. A request reserves
//! its slot, then sleeps until it comes; a 429 with `Retry-After` from the service (another process or machine
//! sharing the token) pushes the budget back for everyone.
//!
//! Where that number lives is chosen once, in [`Budget::shared`], so the transport never asks: in a locked file on
//! this machine (`machine`), or with a budget URL in a Redis-protocol server that many machines share (`server`),
//! which falls back to the machine's file when it cannot be used.

mod machine;
mod server;

use std::time::Duration;

use sha1::Digest;

use machine::Machine;
pub use machine::folder;
use server::Server;
pub use server::{ServerOptions, WITHIN, check_url, key as server_key};

use crate::error::Result;
use crate::secret::Secret;

/// Requests let through at once before the budget spaces them out.
pub const BURST: u32 = 10;

/// How far beyond the burst's slack a stored time may lie before it is taken as corrupt. Waits written by seg are
/// capped far below it (a `Retry-After` at a minute, a queue of reservations at its length); past it lies a clock
/// that was turned back, or a state someone wrote.
pub const FAR_AHEAD: Duration = Duration::from_secs(3600);

/// Where the budget says what it had to repair or give up: a warning line, once per process (the client hands it
/// to the printer).
pub type Warn = std::sync::Arc<dyn Fn(&str) + Send + Sync>;

/// The budget of one token at one base URL.
pub struct Budget {
    backend: Backend,
}

enum Backend {
    Machine(Machine),
    Server(Box<Server>),
}

impl Budget {
    /// The budget of a token at a base URL, at `per_minute` requests a minute; `None` when pacing is off (0). With
    /// `server`, the budget is the server's (no connection is made yet). `warn` says what was repaired or given up,
    /// `note` what `-v` shows (where a shared budget is). An invalid budget URL is a usage error.
    pub fn shared(
        base_url: &str,
        token: &Secret,
        per_minute: u32,
        server: Option<&ServerOptions>,
        warn: Warn,
        note: Warn,
    ) -> Result<Option<Budget>> {
        if per_minute == 0 {
            return Ok(None);
        }
        let interval = Duration::from_secs(60) / per_minute;
        let burst = BURST.min(per_minute);
        let key = hex::encode(sha1::Sha1::digest(format!("{}\n{}", base_url.trim_end_matches('/'), token.expose())));
        let machine = Machine::named(&key[..20], interval, burst, warn.clone());
        let backend = match server {
            None => Backend::Machine(machine),
            Some(options) => {
                let key = server::key(base_url, token);
                Backend::Server(Box::new(Server::new(options, key, machine, interval, burst, warn, note)?))
            }
        };
        Ok(Some(Budget { backend }))
    }

    /// Reserves the next slot and waits for it.
    pub async fn until_ready(&self) -> Result<()> {
        let wait = match &self.backend {
            Backend::Machine(machine) => machine.reserve(),
            Backend::Server(server) => server.reserve().await?,
        };
        if wait > 0 {
            tokio::time::sleep(Duration::from_millis(u64::try_from(wait).unwrap_or(u64::MAX))).await;
        }
        Ok(())
    }

    /// The service said to wait: nobody sharing the budget sends before `wait` has passed.
    pub async fn back_off(&self, wait: Duration) -> Result<()> {
        match &self.backend {
            Backend::Machine(machine) => {
                machine.back_off(wait);
                Ok(())
            }
            Backend::Server(server) => server.back_off(wait).await,
        }
    }
}

/// GCRA: the slot of a request arriving at `now` under the stored theoretical arrival time. Returns the new
/// time and how long to wait.
fn reserve(stored: u128, now: u128, interval: u128, tolerance: u128) -> (u128, u128) {
    let tat = stored.max(now);
    let send_at = tat.saturating_sub(tolerance).max(now);
    (tat + interval, send_at - now)
}
