//! The rate budget of a token (CLI.md, "Retries and pacing"): the service allows a number of requests a minute per
//! token, so every `seg` using one token and base URL draws from one budget. It is a GCRA token bucket (one request
//! every `60 s / rate`, a burst of [`BURST`]) whose one number is the theoretical arrival time. A request reserves
//! its slot, then sleeps until it comes; a 429 with `Retry-After` from the service (another process or machine
//! sharing the token) pushes the budget back for everyone.
//!
//! Where that number lives is chosen once, in [`Budget::shared`], so the transport never asks: in a locked file on
//! this machine (`machine`).

mod machine;

use std::time::Duration;

use sha1::Digest;

use machine::Machine;
pub use machine::folder;

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
}

impl Budget {
    /// The budget of a token at a base URL, at `per_minute` requests a minute; `None` when pacing is off (0).
    pub fn shared(base_url: &str, token: &Secret, per_minute: u32, warn: Warn) -> Result<Option<Budget>> {
        if per_minute == 0 {
            return Ok(None);
        }
        let interval = Duration::from_secs(60) / per_minute;
        let burst = BURST.min(per_minute);
        let key = hex::encode(sha1::Sha1::digest(format!("{}\n{}", base_url.trim_end_matches('/'), token.expose())));
        let machine = Machine::named(&key[..20], interval, burst, warn);
        Ok(Some(Budget { backend: Backend::Machine(machine) }))
    }

    /// Reserves the next slot and waits for it.
    pub async fn until_ready(&self) -> Result<()> {
        let wait = match &self.backend {
            Backend::Machine(machine) => machine.reserve(),
        };
        if wait > 0 {
            tokio::time::sleep(Duration::from_millis(u64::try_from(wait).unwrap_or(u64::MAX))).await;
        }
        Ok(())
    }

    /// The service said to wait: nobody sharing the budget sends before `wait` has passed.
    pub async fn back_off(&self, wait: Duration) -> Result<()> {
        match &self.backend {
            Backend::Machine(machine) => machine.back_off(wait),
        }
        Ok(())
    }
}

/// GCRA: the slot of a request arriving at `now` under the stored theoretical arrival time. Returns the new
/// time and how long to wait.
fn reserve(stored: u128, now: u128, interval: u128, tolerance: u128) -> (u128, u128) {
    let tat = stored.max(now);
    let send_at = tat.saturating_sub(tolerance).max(now);
    (tat + interval, send_at - now)
}
