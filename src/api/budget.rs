//! The rate budget of a token (CLI.md, "Retries and pacing"): the service allows a number of requests a minute per
//! token, so every `seg` process on the machine using one token and base URL draws from one budget. It is a GCRA
//! token bucket (one request every `60 s / rate`, a burst of [`BURST`]) whose one number, the theoretical arrival
//! time, lives in a small file under the user's runtime directory (else the cache directory), named by a hash of the
//! base URL and token (never the token). A request reserves its slot under the file's lock, then sleeps outside it
//! until the slot comes; the OS drops a dead process's lock, so a crash never blocks the others. A 429 with
//! `Retry-After` from the service (another machine sharing the token) pushes the budget back for everyone.

use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sha1::Digest;

use crate::secret::Secret;

/// Requests let through at once before the budget spaces them out.
pub const BURST: u32 = 10;

pub struct Budget {
    /// The state file; `None` when it cannot be used (then the budget is this process's alone).
    path: Option<PathBuf>,
    /// One request every this long.
    interval: Duration,
    burst: u32,
    /// The theoretical arrival time kept in memory when there is no file.
    local: std::sync::Mutex<u128>,
}

fn now_ms() -> u128 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis())
}

/// The folder of the budgets: `$XDG_RUNTIME_DIR/seg` (tmpfs, per user) where there is one, else the cache folder.
/// `SEG_RUNTIME_DIR` names it instead (tests).
fn folder() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SEG_RUNTIME_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    use etcetera::BaseStrategy;
    let strategy = etcetera::choose_base_strategy().ok()?;
    Some(strategy.runtime_dir().unwrap_or_else(|| strategy.cache_dir()).join("seg"))
}

impl Budget {
    /// The budget of a token at a base URL, at `per_minute` requests a minute; `None` when pacing is off (0).
    pub fn shared(base_url: &str, token: &Secret, per_minute: u32) -> Option<Budget> {
        if per_minute == 0 {
            return None;
        }
        let key = hex::encode(sha1::Sha1::digest(format!("{}\n{}", base_url.trim_end_matches('/'), token.expose())));
        let path = folder().map(|dir| dir.join(format!("budget-{}", &key[..20])));
        Some(Budget::at(path, per_minute))
    }

    fn at(path: Option<PathBuf>, per_minute: u32) -> Budget {
        Budget {
            path,
            interval: Duration::from_secs(60) / per_minute,
            burst: BURST.min(per_minute),
            local: std::sync::Mutex::new(0),
        }
    }

    /// The slack a burst gives: how far ahead of now the theoretical arrival time may run.
    fn tolerance(&self) -> u128 {
        self.interval.as_millis() * u128::from(self.burst.saturating_sub(1))
    }

    /// Changes the theoretical arrival time, shared or local.
    fn update<T>(&self, change: impl Fn(u128) -> (u128, T)) -> T {
        let shared = self.path.as_deref().and_then(|path| {
            crate::effect::bookkeeping::update(path, |text| {
                let (tat, value) = change(text.trim().parse::<u128>().unwrap_or(0));
                (tat.to_string(), value)
            })
            .ok()
        });
        match shared {
            Some(value) => value,
            None => {
                let mut tat = self.local.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                let (new, value) = change(*tat);
                *tat = new;
                value
            }
        }
    }

    /// Reserves the next slot and waits for it.
    pub async fn until_ready(&self) {
        let interval = self.interval.as_millis();
        let tolerance = self.tolerance();
        let wait = self.update(|stored| reserve(stored, now_ms(), interval, tolerance));
        if wait > 0 {
            tokio::time::sleep(Duration::from_millis(u64::try_from(wait).unwrap_or(u64::MAX))).await;
        }
    }

    /// The service said to wait: nobody sharing the budget sends before `wait` has passed.
    pub fn back_off(&self, wait: Duration) {
        let until = now_ms() + wait.as_millis() + self.tolerance();
        self.update(|stored| (stored.max(until), ()));
    }
}

/// GCRA: the slot of a request arriving at `now` under the stored theoretical arrival time. Returns the new
/// time and how long to wait. A stored time absurdly far ahead (the clock was turned back) is reset.
fn reserve(stored: u128, now: u128, interval: u128, tolerance: u128) -> (u128, u128) {
    let stored = if stored > now + tolerance + interval * 2 + 60_000 { now } else { stored };
    let tat = stored.max(now);
    let send_at = tat.saturating_sub(tolerance).max(now);
    (tat + interval, send_at - now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_one_request_per_interval() {
        let (interval, tolerance) = (100, 100 * 9);
        let mut tat = 0;
        let mut waits = Vec::new();
        for _ in 0..12 {
            let (next, wait) = reserve(tat, 10_000, interval, tolerance);
            tat = next;
            waits.push(wait);
        }
        assert_eq!(waits, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100, 200]);
        // Later, the burst comes back.
        assert_eq!(reserve(tat, 20_000, interval, tolerance).1, 0);
        // A time from a clock turned back is not trusted.
        assert_eq!(reserve(u128::MAX / 2, 10_000, interval, tolerance).1, 0);
    }

    #[test]
    fn processes_share_the_file_and_a_retry_after_pushes_everyone_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = Some(dir.path().join("sub").join("budget-x"));
        // Two budgets over one file, as two processes: together they get one burst.
        let (a, b) = (Budget::at(path.clone(), 600), Budget::at(path.clone(), 600));
        let mut waits = Vec::new();
        let now = now_ms();
        for i in 0..12 {
            let budget = if i % 2 == 0 { &a } else { &b };
            let (interval, tolerance) = (budget.interval.as_millis(), budget.tolerance());
            waits.push(budget.update(|stored| reserve(stored, now, interval, tolerance)));
        }
        assert_eq!(waits, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100, 200]);
        b.back_off(Duration::from_secs(30));
        let (interval, tolerance) = (a.interval.as_millis(), a.tolerance());
        let wait = a.update(|stored| reserve(stored, now_ms(), interval, tolerance));
        assert!(wait >= 29_000, "{wait}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let dir_mode = std::fs::metadata(dir.path().join("sub")).unwrap().permissions().mode() & 0o777;
            assert_eq!(dir_mode, 0o700);
        }
    }
}
