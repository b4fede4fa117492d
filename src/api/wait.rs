//! Every wait is bounded and said (docs/reference/waits.md). The rule lives here, and
//! the transport and the rate budget both go through it:
//! - a wait the service asks for (`Retry-After`, the 429 body's `msBeforeNext`, `X-RateLimit-Reset` after
//!   `X-RateLimit-Remaining: 0`) is honoured up to [`MOST`]; a longer one is cut to it with a warning naming what was
//!   asked ([`Waiter::asked`]). The same cut holds for what is written to a shared budget (`Budget::back_off`), so
//!   the next process never inherits more;
//! - a backoff with no hint is seg's own: doubling from [`FIRST_BACKOFF`] to [`MOST_BACKOFF`] ([`Wait::backoff`]);
//! - a wait a rate budget answers for one request (the machine's file or a Redis server) is at most the budget's
//!   window plus the push-back it says is pending, itself at most [`MOST`] ([`Bound::answer`]): past that the
//!   answer is not slept, and the budget that gave it is not used again (`api::budget`);
//! - every wait is said before it is slept: a retry always (it reports a failure), a pacing wait when it is longer
//!   than [`SAID_OVER`], else only at `-v` ([`Said`], which the transport hands to the printer as a notice).
//!
//! What keeps the promise is the type [`Wait`]: a duration that only the three rules above make (its field is
//! private), and the only thing [`Waiter`] sleeps. Nothing else in `seg` sleeps on a client's behalf: clippy.toml
//! disallows `tokio::time::sleep` outside this module (the emulator's and the webhook tools' own timers say why they
//! may).

use std::sync::Arc;
use std::time::Duration;

/// The longest wait seg honours for one ask of the service, and the furthest it pushes a shared budget back.
pub const MOST: Duration = Duration::from_secs(3600);
/// A pacing wait longer than this is said whatever the verbosity; a shorter one only at `-v`.
pub const SAID_OVER: Duration = Duration::from_secs(1);
/// One turn of a poll ([`Waiter::poll`]).
pub const POLL: Duration = Duration::from_millis(50);
/// The first wait of a backoff (no hint from the service), which doubles with each attempt up to the next.
pub const FIRST_BACKOFF: Duration = Duration::from_millis(500);
pub const MOST_BACKOFF: Duration = Duration::from_secs(60);

/// A wait that keeps the rule: made only by [`Waiter::asked`], [`Wait::backoff`] or [`Bound::answer`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Wait(Duration);

impl Wait {
    pub const NONE: Wait = Wait(Duration::ZERO);

    /// The randomized backoff of a retry (`attempt` from 1) when the service asked for no wait.
    pub fn backoff(attempt: u32) -> Wait {
        Wait(crate::http::backoff(FIRST_BACKOFF, MOST_BACKOFF, attempt).min(MOST_BACKOFF))
    }

    pub fn duration(self) -> Duration {
        self.0
    }
}

/// What a rate budget may answer for one request: at most its window (the GCRA's interval times its burst: what a
/// reservation may wait, a minute at most at any rate) plus the push-back still pending, itself at most [`MOST`].
#[derive(Debug, Clone, Copy)]
pub struct Bound {
    pub window: Duration,
}

impl Bound {
    /// The wait a budget answered (`wait_ms`, having said `pending_ms` of a push-back remain) as a [`Wait`], or why
    /// it cannot be right: then it is not slept.
    pub fn answer(&self, wait_ms: u64, pending_ms: u64) -> Result<Wait, String> {
        let (wait, pending) = (Duration::from_millis(wait_ms), Duration::from_millis(pending_ms));
        let shown = crate::ui::duration;
        if pending > MOST {
            return Err(format!(
                "it answered that a push-back of {} is pending, beyond the {} seg ever pushes a budget back",
                shown(pending),
                shown(MOST)
            ));
        }
        let most = self.window + pending;
        if wait > most {
            let allow = if pending.is_zero() {
                "its window allows".to_string()
            } else {
                format!("its window and a push-back of {} allow", shown(pending))
            };
            return Err(format!(
                "it answered a wait of {} for one request, beyond the {} {allow}",
                shown(wait),
                shown(most)
            ));
        }
        Ok(Wait(wait))
    }
}

/// What is said about a wait before it is slept.
/// Which budget a pacing wait is for: the token's (at its requests a minute), or an operation's stated limit.
#[derive(Debug, Clone, Copy)]
pub enum Pace {
    Token(u32),
    Operation(&'static crate::wire::limits::Limit),
}

impl std::fmt::Display for Pace {
    /// How `waiting 3s for ...` names it: `the rate budget (200 requests a minute)`, `the rate budget of
    /// createDestinationSubscription (5 requests a minute)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Pace::Token(per_minute) => {
                write!(f, "the rate budget ({} a minute)", crate::ui::count(*per_minute as usize, "request"))
            }
            Pace::Operation(limit) => write!(f, "the rate budget of {} ({})", limit.operation, limit.rate()),
        }
    }
}

#[derive(Debug)]
pub enum Said<'a> {
    /// A retry's wait: always said.
    Retry { wait: Duration, attempt: u32, max: u32, reason: &'a str },
    /// A wait for the rate budget (`per_minute` requests a minute); `pushed_back` when the service's push-back is
    /// what it waits for. Said when `loud`, else only at `-v`.
    Pacing { wait: Duration, from: Pace, pushed_back: bool, loud: bool },
    /// The service asked for more than [`MOST`]: a warning naming what it asked.
    Capped(String),
}

/// Where waits are said (the transport turns them into notices for the printer).
pub type Say = Arc<dyn Fn(&Said<'_>) + Send + Sync>;

/// The one sleeper of the client: it says each [`Wait`] as the rule says, then sleeps it.
#[derive(Clone)]
pub struct Waiter {
    say: Say,
}

impl Waiter {
    pub fn new(say: Say) -> Waiter {
        Waiter { say }
    }

    /// A wait the service asked for (`what` names where: `Retry-After`, ...), cut to [`MOST`] with a warning.
    pub fn asked(&self, asked: Duration, what: &str) -> Wait {
        if asked <= MOST {
            return Wait(asked);
        }
        let shown = crate::ui::duration;
        (self.say)(&Said::Capped(format!(
            "the service asked to wait {} ({what}); seg waits {} at most",
            shown(Duration::from_secs(asked.as_secs())),
            shown(MOST)
        )));
        Wait(MOST)
    }

    /// Sleeps one turn of a poll (for a lock another seg process holds): short, and said by its caller, which bounds
    /// the whole (`api::public`'s create lock: said after a second, an hour at most).
    pub async fn poll(&self) {
        sleep(Wait(POLL)).await;
    }

    /// Sleeps a retry's wait (`attempt` of `max`), said first.
    pub async fn retry(&self, wait: Wait, attempt: u32, max: u32, reason: &str) {
        (self.say)(&Said::Retry { wait: wait.0, attempt, max, reason });
        sleep(wait).await;
    }

    /// Sleeps a wait for the rate budget, said first when it is long (else only at `-v`); nothing for none.
    pub async fn pace(&self, wait: Wait, from: Pace, pushed_back: bool) {
        if wait.0.is_zero() {
            return;
        }
        (self.say)(&Said::Pacing { wait: wait.0, from, pushed_back, loud: wait.0 > SAID_OVER });
        sleep(wait).await;
    }
}

#[allow(clippy::disallowed_methods, reason = "the one sleep of the client: every Wait is bounded and was said")]
async fn sleep(wait: Wait) {
    tokio::time::sleep(wait.0).await;
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    fn waiter() -> (Waiter, Arc<Mutex<Vec<String>>>) {
        let said: Arc<Mutex<Vec<String>>> = Arc::default();
        let sink = said.clone();
        let say: Say = Arc::new(move |s: &Said<'_>| sink.lock().unwrap().push(format!("{s:?}")));
        (Waiter::new(say), said)
    }

    #[test]
    fn an_asked_wait_is_honoured_up_to_an_hour_and_a_longer_one_is_cut_and_said() {
        let (waiter, said) = waiter();
        assert_eq!(waiter.asked(Duration::from_secs(41), "msBeforeNext").duration(), Duration::from_secs(41));
        assert_eq!(waiter.asked(MOST, "Retry-After").duration(), MOST);
        assert!(said.lock().unwrap().is_empty());
        assert_eq!(waiter.asked(Duration::from_secs(7200), "Retry-After").duration(), MOST);
        assert_eq!(waiter.asked(Duration::MAX, "X-RateLimit-Reset").duration(), MOST);
        let said = said.lock().unwrap();
        assert_eq!(said.len(), 2);
        assert!(said[0].contains("the service asked to wait 2h (Retry-After); seg waits 1h at most"), "{said:?}");
    }

    #[test]
    fn a_backoff_is_what_it_was() {
        for attempt in 1..30 {
            let wait = Wait::backoff(attempt).duration();
            assert!(wait >= FIRST_BACKOFF / 2 && wait <= MOST_BACKOFF, "{attempt}: {wait:?}");
        }
    }

    #[test]
    fn a_budget_answer_beyond_its_window_and_push_back_is_refused() {
        let bound = Bound { window: Duration::from_secs(3) };
        assert_eq!(bound.answer(3_000, 0), Ok(Wait(Duration::from_secs(3))));
        assert_eq!(bound.answer(1_803_000, 1_800_000), Ok(Wait(Duration::from_millis(1_803_000))));
        let why = bound.answer(3_001, 0).unwrap_err();
        assert!(why.contains("a wait of 3.001s for one request, beyond the 3s its window allows"), "{why}");
        let why = bound.answer(u64::MAX, 0).unwrap_err();
        assert!(why.contains("beyond the 3s"), "{why}");
        let why = bound.answer(10_000, 3_600_001).unwrap_err();
        assert!(why.contains("a push-back of 1h"), "{why}");
        let why = bound.answer(u64::MAX, 3_600_000).unwrap_err();
        assert!(why.contains("its window and a push-back of 1h allow"), "{why}");
    }
}
