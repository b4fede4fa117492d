//! The machine's budget: every `seg` process on the machine using one token and base URL draws from one GCRA
//! (`super`), whose state, the theoretical arrival time (and the end of the service's push-back while it lasts),
//! lives in a small file under the user's runtime directory (else the cache directory), named by a hash of the base
//! URL and token (never the token). An operation's budget (`Draw`) is a file beside it, the name followed by the
//! operationId. A request reserves its slot under the token file's lock (and its operation's within it, always in
//! that order), then sleeps outside them until the slot comes; the OS drops a dead process's lock, so a crash never
//! blocks the others.
//!
//! The file is never trusted blindly (docs/reference/waits.md, docs/reference/answers.md): a state that is not a time,
//! or one beyond what seg writes (a push-back of more than an hour, a time further ahead than a budget reserves:
//! `State::read`), is reset; a file that cannot be used (a link, which is never followed, a directory, a folder that
//! cannot be written) leaves this process pacing itself alone. Either way a warning says so once: pacing is never
//! dropped, or shared less, without a word.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use super::{Answer, Draw, State, Warn, millis};
use crate::api::wait::Wait;

pub struct Machine {
    /// The token's state file; `None` when there is no folder for it (then the budget is this process's alone).
    path: Option<PathBuf>,
    /// Set when a file turned out unusable: the rest of the process paces in memory.
    unusable: AtomicBool,
    /// The states kept in memory when there is no file: the token's under `""`, each operation's under its name.
    local: Mutex<HashMap<&'static str, State>>,
    warn: Warn,
}

/// The change of one reservation or push-back: the token's state and the operation's (when the draw has one).
type Change<'a, T> = &'a dyn Fn(State, Option<State>) -> (State, Option<State>, T);

fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, millis)
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

impl Machine {
    /// The budget whose file is `budget-NAME` in the runtime folder (`NAME`: a hash of the base URL and token).
    pub fn named(name: &str, warn: Warn) -> Machine {
        let path = folder().map(|dir| dir.join(format!("budget-{name}")));
        Machine::at(path, warn)
    }

    fn at(path: Option<PathBuf>, warn: Warn) -> Machine {
        Machine { path, unusable: AtomicBool::new(false), local: Mutex::default(), warn }
    }

    /// Changes the states of a draw, shared or local, at `now`. A stored state that cannot be right is reset first.
    fn update<T>(&self, draw: Draw, now: u64, change: Change<'_, T>) -> T {
        if let Some(path) = self.path.as_deref().filter(|_| !self.unusable.load(Ordering::Relaxed)) {
            let mut repaired = Vec::new();
            let shared = self.update_files(path, draw, now, &mut repaired, change);
            match shared {
                Ok(value) => {
                    for (path, why) in repaired {
                        (self.warn)(&format!("the rate budget file {} {why}; it was reset", path.display()));
                    }
                    return value;
                }
                Err((path, e)) => {
                    self.unusable.store(true, Ordering::Relaxed);
                    (self.warn)(&format!(
                        "cannot use the rate budget file {}: {e}; this process paces its requests on its own, \
                         not shared with other seg processes",
                        path.display()
                    ));
                }
            }
        }
        let mut local = self.local.lock().unwrap_or_else(PoisonError::into_inner);
        // A stored time the clock was turned back from while this process ran is read as none.
        let stored = |name: &'static str, beyond: u64| {
            let state = local.get(name).copied().unwrap_or_default();
            State::read(&state.text(now), now, beyond).unwrap_or_default()
        };
        let token = stored("", draw.token.beyond());
        let operation = draw.operation.map(|lane| stored(lane.name, lane.gcra.beyond()));
        let (token, operation, value) = change(token, operation);
        local.insert("", token);
        if let (Some(lane), Some(state)) = (draw.operation, operation) {
            local.insert(lane.name, state);
        }
        value
    }

    /// The token's file, then (under its lock) the operation's: the change made to both, or the file that could not
    /// be used and why. What was reset is added to `repaired`.
    fn update_files<T>(
        &self,
        path: &Path,
        draw: Draw,
        now: u64,
        repaired: &mut Vec<(PathBuf, String)>,
        change: Change<'_, T>,
    ) -> Result<T, (PathBuf, std::io::Error)> {
        let read = |path: &Path, text: &str, beyond: u64, repaired: &mut Vec<(PathBuf, String)>| {
            State::read(text, now, beyond).unwrap_or_else(|why| {
                repaired.push((path.to_path_buf(), why));
                State::default()
            })
        };
        let mut inner = None;
        let value = crate::effect::bookkeeping::update(path, "0", |text| {
            let token = read(path, text, draw.token.beyond(), repaired);
            let Some(lane) = draw.operation else {
                let (token, _, value) = change(token, None);
                return (token.text(now), Some(value));
            };
            let mut name = path.as_os_str().to_owned();
            name.push(format!("-{}", lane.name));
            let lane_path = PathBuf::from(name);
            let done = crate::effect::bookkeeping::update(&lane_path, "0", |lane_text| {
                let operation = read(&lane_path, lane_text, lane.gcra.beyond(), repaired);
                let (token, operation, value) = change(token, Some(operation));
                (operation.unwrap_or_default().text(now), (token, value))
            });
            match done {
                Ok((token, value)) => (token.text(now), Some(value)),
                // Nothing changed in the token's file either.
                Err(e) => {
                    inner = Some((lane_path, e));
                    (text.to_string(), None)
                }
            }
        })
        .map_err(|e| (path.to_path_buf(), e))?;
        match (value, inner) {
            (Some(value), _) => Ok(value),
            (None, Some(failed)) => Err(failed),
            (None, None) => unreachable!("a change with no value failed an update"),
        }
    }

    /// Reserves the next slot of a draw, or says when to ask again.
    pub(super) fn reserve(&self, draw: Draw) -> Answer {
        let now = now_ms();
        self.update(draw, now, &|token, operation| draw.reserve(token, operation, now))
    }

    /// The service said to wait: nobody sharing the budget sends before `wait` has passed (a request of the draw's
    /// operation, when it has one; else any request of the token).
    pub fn back_off(&self, draw: Draw, wait: Wait) {
        let now = now_ms();
        let wait = millis(wait.duration());
        self.update(draw, now, &|token, operation| match (draw.operation, operation) {
            (Some(lane), Some(state)) => (token, Some(lane.gcra.back_off(state, now, wait)), ()),
            _ => (draw.token.back_off(token, now, wait), operation, ()),
        });
    }
}

#[cfg(test)]
#[allow(clippy::disallowed_methods, reason = "tests plant what a budget file may meet, not seg's effects")]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use super::*;
    use crate::api::wait::Waiter;

    /// A budget over `path` at 600 a minute (one every 100 ms, a burst of 10, a window of 1 s), and the warnings it
    /// gives.
    fn paced(path: Option<PathBuf>) -> (Machine, Arc<Mutex<Vec<String>>>) {
        let said: Arc<Mutex<Vec<String>>> = Arc::default();
        let sink = said.clone();
        let warn: Warn = Arc::new(move |w: &str| sink.lock().unwrap().push(w.to_string()));
        (Machine::at(path, warn), said)
    }

    /// A request of the token's budget alone, at 600 a minute.
    fn draw() -> Draw {
        Draw::new(super::super::Gcra::new(600), None)
    }

    /// The waits of `n` reservations made at one instant.
    fn waits(budget: &Machine, n: usize) -> Vec<u64> {
        let now = now_ms();
        (0..n).map(|_| budget.update(draw(), now, &|token, lane| draw().reserve(token, lane, now)).wait).collect()
    }

    const PACED: [u64; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100, 200];

    /// A service's wait, as the transport makes it.
    fn asked(wait: Duration) -> Wait {
        Waiter::new(Arc::new(|_: &crate::api::wait::Said<'_>| {})).asked(wait, "Retry-After")
    }

    #[test]
    fn processes_share_the_file_and_a_retry_after_pushes_everyone_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = Some(dir.path().join("sub").join("budget-x"));
        // Two budgets over one file, as two processes: together they get one burst.
        let ((a, said_a), (b, said_b)) = (paced(path.clone()), paced(path.clone()));
        let now = now_ms();
        let waits: Vec<u64> = (0..12)
            .map(|i| {
                let budget = if i % 2 == 0 { &a } else { &b };
                budget.update(draw(), now, &|token, lane| draw().reserve(token, lane, now)).wait
            })
            .collect();
        assert_eq!(waits, PACED);
        b.back_off(draw(), asked(Duration::from_secs(30)));
        let answer = a.reserve(draw());
        assert!(!answer.reserved && answer.wait >= 28_000 && answer.pending >= 29_000, "{answer:?}");
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
        let minutes_ahead = (now_ms() + 50 * 60_000).to_string();
        let pushed_too_far = format!("{} {}", now_ms(), now_ms() + 2 * 3_600_000);
        let cases: [(&[u8], &str); 9] = [
            (b"garbage", "did not hold a time"),
            (b"", "was empty"),
            (b"  \n", "was empty"),
            (b"NaN", "did not hold a time"),
            (b"-5", "did not hold a time"),
            (b"\xff\xfe12", "did not hold a time"),
            (days_ahead.as_bytes(), "was dated 7"),
            (minutes_ahead.as_bytes(), "was dated 4"),
            (pushed_too_far.as_bytes(), "was dated 1h"),
        ];
        for (content, why) in cases {
            std::fs::write(&path, content).unwrap();
            let (budget, said) = paced(Some(path.clone()));
            assert_eq!(waits(&budget, 12), PACED, "{why}: a fresh budget, shared");
            let said = said.lock().unwrap().clone();
            let want = format!("the rate budget file {} {why}", path.display());
            assert!(said.len() == 1 && said[0].starts_with(&want), "{said:?}");
            assert!(said[0].ends_with("; it was reset"), "{said:?}");
            let stored: u64 = std::fs::read_to_string(&path).unwrap().parse().unwrap();
            assert!(stored <= now_ms() + 2_000, "repaired: {stored}");
        }
        // A time the budget itself wrote (a push-back) is kept, however many read it; an hour at most.
        let (budget, said) = paced(Some(path.clone()));
        budget.back_off(draw(), asked(Duration::from_secs(120)));
        let answer = budget.reserve(draw());
        assert!(answer.wait > 100_000 && answer.pending > 110_000, "{answer:?}");
        budget.back_off(draw(), asked(Duration::from_secs(7200)));
        let text = std::fs::read_to_string(&path).unwrap();
        let (_, until) = text.split_once(' ').unwrap();
        assert!(until.parse::<u64>().unwrap() <= now_ms() + 3_600_000, "{text}");
        let wait = waits(&budget, 1)[0];
        assert!((3_590_000..=3_599_000).contains(&wait), "asked again within the hour: {wait}");
        assert!(said.lock().unwrap().is_empty());
        // In memory too: a clock turned back does not make the process sleep.
        let (budget, _) = paced(None);
        budget.local.lock().unwrap().insert("", State { tat: u64::MAX / 2, until: 0 });
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

    #[test]
    fn an_operations_budget_is_a_file_beside_the_tokens_shared_and_checked_alike() {
        use crate::wire::limits::{Limit, Per};
        static FIVE: Limit = Limit {
            class: "testApi",
            method: "POST",
            path: "/t",
            operation: "createThing",
            count: 5,
            per: Per::Minute,
        };
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("budget-x");
        let five = Draw::new(super::super::Gcra::new(600), Some(&FIVE));
        let ((a, said_a), (b, _)) = (paced(Some(path.clone())), paced(Some(path.clone())));
        // Two processes: one write each reserved in turn, 12.2 s apart; neither process's other requests wait.
        assert!(a.reserve(five).reserved);
        let answer = b.reserve(five);
        assert!(!answer.reserved && answer.from_operation && (11_000..=12_200).contains(&answer.wait), "{answer:?}");
        assert!(b.reserve(draw()).reserved);
        let lane = dir.path().join("budget-x-createThing");
        let stored: u64 = std::fs::read_to_string(&lane).unwrap().parse().unwrap();
        assert!(stored > now_ms() + 10_000, "the next write's time: {stored}");
        // A 429 of the operation pushes back its budget alone.
        b.back_off(five, asked(Duration::from_secs(40)));
        assert!(std::fs::read_to_string(&lane).unwrap().contains(' '));
        assert!(!std::fs::read_to_string(&path).unwrap().contains(' '));
        let answer = a.reserve(five);
        assert!(!answer.reserved && answer.pending >= 39_000, "{answer:?}");
        assert!(a.reserve(draw()).reserved);
        // A file of the operation's that cannot be right is reset, and said with its name.
        std::fs::write(&lane, "garbage").unwrap();
        assert!(a.reserve(five).reserved);
        let said = said_a.lock().unwrap().clone();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].starts_with(&format!("the rate budget file {} did not hold a time", lane.display())),
            "{said:?}"
        );
        // One that cannot be used leaves the process pacing both budgets in memory.
        std::fs::remove_file(&lane).unwrap();
        std::fs::create_dir(&lane).unwrap();
        let (c, said_c) = paced(Some(path.clone()));
        assert!(c.reserve(five).reserved);
        assert!(!c.reserve(five).reserved, "paced in memory");
        let said = said_c.lock().unwrap().clone();
        assert!(said.len() == 1 && said[0].contains(&lane.display().to_string()), "{said:?}");
    }
}
