//! The machine's budget: every `seg` process on the machine using one token and base URL draws from one GCRA
//! (`super`), whose one number, the theoretical arrival time, lives in a small file under the user's runtime
//! directory (else the cache directory), named by a hash of the base URL and token (never the token). A request
//! reserves its slot under the file's lock, then sleeps outside it until the slot comes; the OS drops a dead
//! process's lock, so a crash never blocks the others.
//!
//! The file is never trusted blindly (CLI.md): a state that is not a time, or one dated more than [`FAR_AHEAD`]
//! ahead (every process would sleep that long), is reset; a file that cannot be used (a link, which is never
//! followed, a directory, a folder that cannot be written) leaves this process pacing itself alone. Either way a
//! warning says so once: pacing is never dropped, or shared less, without a word.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::{FAR_AHEAD, Warn, reserve};

pub struct Machine {
    /// The state file; `None` when there is no folder for it (then the budget is this process's alone).
    path: Option<PathBuf>,
    /// Set when the file turned out unusable: the rest of the process paces in memory.
    unusable: AtomicBool,
    /// One request every this long.
    interval: Duration,
    burst: u32,
    /// The theoretical arrival time kept in memory when there is no file.
    local: Mutex<u128>,
    warn: Warn,
}

fn now_ms() -> u128 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis())
}

/// The folder of the budgets (and of other short-lived state: completion's cache): `$XDG_RUNTIME_DIR/seg` (tmpfs, per user) where there is one, else the cache folder.
/// `SEG_RUNTIME_DIR` names it instead (tests).
pub fn folder() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SEG_RUNTIME_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    use etcetera::BaseStrategy;
    let strategy = etcetera::choose_base_strategy().ok()?;
    Some(strategy.runtime_dir().unwrap_or_else(|| strategy.cache_dir()).join("seg"))
}

/// What was wrong with a stored state, as the warning says it (never quoting the file).
fn distrust(text: &str, now: u128, limit: u128) -> Result<u128, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("was empty".into());
    }
    let stored: u128 = text.parse().map_err(|_| "did not hold a time".to_string())?;
    if stored > limit {
        let ahead = Duration::from_secs(u64::try_from((stored - now) / 1000).unwrap_or(u64::MAX));
        return Err(format!("was dated {} ahead", crate::ui::duration(ahead)));
    }
    Ok(stored)
}

impl Machine {
    /// The budget whose file is `budget-NAME` in the runtime folder (`NAME`: a hash of the base URL and token).
    pub fn named(name: &str, interval: Duration, burst: u32, warn: Warn) -> Machine {
        let path = folder().map(|dir| dir.join(format!("budget-{name}")));
        Machine::at(path, interval, burst, warn)
    }

    fn at(path: Option<PathBuf>, interval: Duration, burst: u32, warn: Warn) -> Machine {
        Machine { path, unusable: AtomicBool::new(false), interval, burst, local: Mutex::new(0), warn }
    }

    /// The slack a burst gives: how far ahead of now the theoretical arrival time may run.
    fn tolerance(&self) -> u128 {
        self.interval.as_millis() * u128::from(self.burst.saturating_sub(1))
    }

    /// Changes the theoretical arrival time, shared or local. A stored time that cannot be right is reset first.
    fn update<T>(&self, change: impl Fn(u128) -> (u128, T)) -> T {
        let now = now_ms();
        let limit = now + self.tolerance() + FAR_AHEAD.as_millis();
        if let Some(path) = self.path.as_deref().filter(|_| !self.unusable.load(Ordering::Relaxed)) {
            let mut repaired = None;
            let shared = crate::effect::bookkeeping::update(path, "0", |text| {
                let stored = distrust(text, now, limit).unwrap_or_else(|why| {
                    repaired = Some(why);
                    0
                });
                let (tat, value) = change(stored);
                (tat.to_string(), value)
            });
            match shared {
                Ok(value) => {
                    if let Some(why) = repaired {
                        (self.warn)(&format!("the rate budget file {} {why}; it was reset", path.display()));
                    }
                    return value;
                }
                Err(e) => {
                    self.unusable.store(true, Ordering::Relaxed);
                    (self.warn)(&format!(
                        "cannot use the rate budget file {}: {e}; this process paces its requests on its own, \
                         not shared with other seg processes",
                        path.display()
                    ));
                }
            }
        }
        let mut tat = self.local.lock().unwrap_or_else(PoisonError::into_inner);
        // The clock was turned back while this process ran.
        let stored = if *tat > limit { 0 } else { *tat };
        let (new, value) = change(stored);
        *tat = new;
        value
    }

    /// Reserves the next slot: how many milliseconds until it comes.
    pub fn reserve(&self) -> u128 {
        let interval = self.interval.as_millis();
        let tolerance = self.tolerance();
        self.update(|stored| reserve(stored, now_ms(), interval, tolerance))
    }

    /// The service said to wait: nobody sharing the budget sends before `wait` has passed.
    pub fn back_off(&self, wait: Duration) {
        let until = now_ms() + wait.min(FAR_AHEAD).as_millis() + self.tolerance();
        self.update(|stored| (stored.max(until), ()));
    }
}

#[cfg(test)]
#[allow(clippy::disallowed_methods, reason = "tests plant what a budget file may meet, not seg's effects")]
mod tests {
    use std::sync::Arc;

    use super::*;

    /// A budget over `path` at 600 a minute (one every 100 ms, a burst of 10), and the warnings it gives.
    fn paced(path: Option<PathBuf>) -> (Machine, Arc<Mutex<Vec<String>>>) {
        let said: Arc<Mutex<Vec<String>>> = Arc::default();
        let sink = said.clone();
        let warn: Warn = Arc::new(move |w: &str| sink.lock().unwrap().push(w.to_string()));
        (Machine::at(path, Duration::from_millis(100), 10, warn), said)
    }

    /// The waits of `n` reservations made at one instant.
    fn waits(budget: &Machine, n: usize) -> Vec<u128> {
        let now = now_ms();
        let (interval, tolerance) = (budget.interval.as_millis(), budget.tolerance());
        (0..n).map(|_| budget.update(|stored| reserve(stored, now, interval, tolerance))).collect()
    }

    const PACED: [u128; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100, 200];

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
        assert_eq!(waits, PACED);
        // Later, the burst comes back.
        assert_eq!(reserve(tat, 20_000, interval, tolerance).1, 0);
    }

    #[test]
    fn processes_share_the_file_and_a_retry_after_pushes_everyone_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = Some(dir.path().join("sub").join("budget-x"));
        // Two budgets over one file, as two processes: together they get one burst.
        let ((a, said_a), (b, said_b)) = (paced(path.clone()), paced(path.clone()));
        let now = now_ms();
        let (interval, tolerance) = (a.interval.as_millis(), a.tolerance());
        let waits: Vec<u128> = (0..12)
            .map(|i| {
                let budget = if i % 2 == 0 { &a } else { &b };
                budget.update(|stored| reserve(stored, now, interval, tolerance))
            })
            .collect();
        assert_eq!(waits, PACED);
        b.back_off(Duration::from_secs(30));
        let wait = a.update(|stored| reserve(stored, now_ms(), interval, tolerance));
        assert!(wait >= 29_000, "{wait}");
        assert!(said_a.lock().unwrap().is_empty() && said_b.lock().unwrap().is_empty());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let dir_mode = std::fs::metadata(dir.path().join("sub")).unwrap().permissions().mode() & 0o777;
            assert_eq!(dir_mode, 0o700);
        }
    }

    #[test]
    fn a_state_that_cannot_be_right_is_reset_with_a_warning() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("budget-x");
        let days_ahead = (now_ms() + 3 * 86_400_000).to_string();
        let cases: [(&[u8], &str); 7] = [
            (b"garbage", "did not hold a time"),
            (b"", "was empty"),
            (b"  \n", "was empty"),
            (b"NaN", "did not hold a time"),
            (b"-5", "did not hold a time"),
            (b"\xff\xfe12", "did not hold a time"),
            (days_ahead.as_bytes(), "was dated 7"),
        ];
        for (content, why) in cases {
            std::fs::write(&path, content).unwrap();
            let (budget, said) = paced(Some(path.clone()));
            assert_eq!(waits(&budget, 12), PACED, "{why}: a fresh budget, shared");
            let said = said.lock().unwrap().clone();
            let want = format!("the rate budget file {} {why}", path.display());
            assert!(said.len() == 1 && said[0].starts_with(&want), "{said:?}");
            assert!(said[0].ends_with("; it was reset"), "{said:?}");
            let stored: u128 = std::fs::read_to_string(&path).unwrap().parse().unwrap();
            assert!(stored <= now_ms() + 2_000, "repaired: {stored}");
        }
        // A time the budget itself wrote (a queue, a Retry-After) is kept, however many read it.
        let (budget, said) = paced(Some(path.clone()));
        budget.back_off(Duration::from_secs(120));
        assert!(waits(&budget, 1)[0] > 100_000);
        assert!(said.lock().unwrap().is_empty());
        // In memory too: a clock turned back does not make the process sleep.
        let (budget, _) = paced(None);
        *budget.local.lock().unwrap() = u128::MAX / 2;
        assert_eq!(waits(&budget, 12), PACED);
    }

    #[test]
    fn a_file_that_cannot_be_used_is_reported_once_and_the_process_paces_alone() {
        let dir = tempfile::tempdir().unwrap();
        let mut cases: Vec<(PathBuf, &str)> = Vec::new();
        let folder = dir.path().join("a-directory");
        std::fs::create_dir(&folder).unwrap();
        cases.push((folder, "it is a directory"));
        let file = dir.path().join("a-file");
        std::fs::write(&file, "x").unwrap();
        cases.push((file.join("budget-x"), "os error"));
        #[cfg(unix)]
        {
            let target = dir.path().join("bashrc");
            std::fs::write(&target, "export PATH=/usr/bin\n").unwrap();
            let link = dir.path().join("budget-link");
            std::os::unix::fs::symlink(&target, &link).unwrap();
            cases.push((link, "it is a symbolic link, which seg does not follow"));
            let dangling = dir.path().join("budget-dangling");
            std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
            cases.push((dangling, "it is a symbolic link"));
            let hard = dir.path().join("budget-hard");
            std::fs::hard_link(&target, &hard).unwrap();
            cases.push((hard, "it is a file with other hard links"));
        }
        for (path, why) in cases {
            let (budget, said) = paced(Some(path.clone()));
            assert_eq!(waits(&budget, 12), PACED, "{why}: still paced, in memory");
            let said = said.lock().unwrap().clone();
            let want = format!("cannot use the rate budget file {}: ", path.display());
            assert_eq!(said.len(), 1, "once: {said:?}");
            assert!(said[0].starts_with(&want) && said[0].contains(why), "{said:?}");
            assert!(said[0].contains("paces its requests on its own"), "{said:?}");
        }
        #[cfg(unix)]
        {
            assert_eq!(std::fs::read_to_string(dir.path().join("bashrc")).unwrap(), "export PATH=/usr/bin\n");
            assert!(!dir.path().join("nowhere").exists(), "a dangling link's target is not created");
        }
    }
}
