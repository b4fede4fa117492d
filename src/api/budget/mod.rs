//! The rate budget of a token (docs/reference/waits.md; docs/SHARED-BUDGET.md): the service allows a number of requests
//! a minute per token, so every `seg` using one token and base URL draws from one budget. It is a GCRA token bucket
//! (one request every `60 s / rate`, a burst of [`BURST`]) whose state is the theoretical arrival time and, while the
//! service's push-back lasts, its end. A request reserves its slot, then sleeps until it comes; a 429's wait (or an
//! answer with no requests remaining) from the service, which another process or machine sharing the token met, pushes
//! the budget back for everyone.
//!
//! Every wait it answers is bounded and said (`api::wait`, docs/reference/waits.md): a request reserves a slot only
//! within the budget's window (interval × burst, a minute at most); past it, it reserves nothing and asks again
//! after a wait no longer than the window plus the pending push-back (at most an hour). So a long queue is many
//! short waits, each said when it is long, and an answer beyond that bound cannot be right: [`Budget::until_ready`]
//! passes every answer through `wait::Bound` before sleeping it. A stored state beyond what seg writes (a push-back
//! of more than an hour, a time more than two of the widest windows past now and the push-back) is reset, said.
//!
//! Where the state lives is chosen once, in [`Budget::shared`], so the transport never asks: in a locked file on
//! this machine (`machine`), or with a budget URL in a Redis-protocol server that many machines share (`server`),
//! which falls back to the machine's file when it cannot be used, or answers beyond the bound.

mod machine;
mod server;

use std::time::Duration;

use sha1::Digest;

use machine::Machine;
pub use machine::folder;
use server::Server;
pub use server::{ServerOptions, WITHIN, check_url, key as server_key};

use super::wait::{self, Bound, Wait, Waiter};
use crate::error::Result;
use crate::secret::Secret;

/// Requests let through at once before the budget spaces them out.
pub const BURST: u32 = 10;

/// The widest window of any rate, in milliseconds: 60 s / rate × min(rate, BURST), a minute. A stored time more than
/// two of them beyond now (or beyond the end of the pending push-back) was written by no seg at any rate.
const WIDEST_WINDOW: u64 = 60_000;

/// Where the budget says what it had to repair or give up: a warning line, once per process (the client hands it
/// to the printer).
pub type Warn = std::sync::Arc<dyn Fn(&str) + Send + Sync>;

/// The GCRA of one budget, in milliseconds.
#[derive(Debug, Clone, Copy)]
struct Gcra {
    interval: u64,
    burst: u64,
}

impl Gcra {
    /// `per_minute` requests a minute (at least one; at most one a millisecond).
    fn new(per_minute: u32) -> Gcra {
        let per_minute = per_minute.max(1);
        Gcra { interval: (60_000 / u64::from(per_minute)).max(1), burst: u64::from(BURST.min(per_minute)) }
    }

    /// The slack a burst gives: how far ahead of now the theoretical arrival time may run before a request waits.
    fn tolerance(self) -> u64 {
        self.interval * self.burst.saturating_sub(1)
    }

    /// The longest a reserved slot may be waited for (interval × burst); further ahead, nothing is reserved.
    fn window(self) -> u64 {
        self.interval * self.burst
    }

    fn bound(self) -> Bound {
        Bound { window: Duration::from_millis(self.window()) }
    }

    /// The slot of a request arriving at `now`: reserved when it comes within the window, else nothing reserved and
    /// a wait before asking again (no longer than the window plus the pending push-back).
    fn reserve(self, state: State, now: u64) -> (State, Answer) {
        let pending = state.until.saturating_sub(now);
        let tat = state.tat.max(now);
        let wait = tat.saturating_sub(self.tolerance()).max(now) - now;
        if wait <= self.window() {
            return (State { tat: tat + self.interval, ..state }, Answer { wait, reserved: true, pending });
        }
        let later = (wait - self.window()).min(self.window() + pending);
        (state, Answer { wait: later, reserved: false, pending })
    }

    /// The service said to wait `wait` ms (cut to `wait::MOST`): nobody sends before it has passed, and then only
    /// one request an interval (no burst).
    fn back_off(self, state: State, now: u64, wait: u64) -> State {
        let wait = wait.min(millis(wait::MOST));
        State { tat: state.tat.max(now + wait + self.tolerance()), until: state.until.max(now + wait) }
    }
}

/// The state of a budget: the theoretical arrival time, and the end of the service's push-back (0: none), in
/// milliseconds of one clock (the machine's, or the Redis server's).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct State {
    tat: u64,
    until: u64,
}

impl State {
    /// A stored state, `TAT` or `TAT UNTIL`, checked against what seg writes at `now`; else what is wrong with it,
    /// as the warning says it (never quoting it). `budget.lua` reads it alike.
    fn read(text: &str, now: u64) -> std::result::Result<State, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("was empty".into());
        }
        let number = |part: &str| {
            (!part.is_empty() && part.len() <= 15 && part.bytes().all(|b| b.is_ascii_digit()))
                .then(|| part.parse::<u64>().ok())
                .flatten()
        };
        let state = match text.split_once(' ') {
            None => number(text).map(|tat| State { tat, until: 0 }),
            Some((tat, until)) => number(tat).zip(number(until)).map(|(tat, until)| State { tat, until }),
        };
        let state = state.ok_or_else(|| "did not hold a time".to_string())?;
        let ahead = |time: u64| {
            let ahead = Duration::from_secs(time.saturating_sub(now) / 1000);
            format!("was dated {} ahead", crate::ui::duration(ahead))
        };
        if state.until > now + millis(wait::MOST) {
            return Err(ahead(state.until));
        }
        if state.tat > now.max(state.until) + 2 * WIDEST_WINDOW {
            return Err(ahead(state.tat));
        }
        Ok(state)
    }

    /// As stored: the push-back's end only while it lasts.
    fn text(self, now: u64) -> String {
        if self.until > now { format!("{} {}", self.tat, self.until) } else { self.tat.to_string() }
    }
}

/// What a budget answered for one request, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Answer {
    /// How long to wait: for the reserved slot, or before asking again.
    wait: u64,
    reserved: bool,
    /// How much of the service's push-back remains.
    pending: u64,
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// The budget of one token at one base URL.
pub struct Budget {
    backend: Backend,
    gcra: Gcra,
    per_minute: u32,
    waiter: Waiter,
    warn: Warn,
}

enum Backend {
    Machine(Machine),
    Server(Box<Server>),
}

impl Budget {
    /// The budget of a token at a base URL, at `per_minute` requests a minute; `None` when pacing is off (0). With
    /// `server`, the budget is the server's (no connection is made yet). `warn` says what was repaired or given up,
    /// `note` what `-v` shows (where a shared budget is), `waiter` says and sleeps the waits. An invalid budget URL
    /// is a usage error.
    pub fn shared(
        base_url: &str,
        token: &Secret,
        per_minute: u32,
        server: Option<&ServerOptions>,
        warn: Warn,
        note: Warn,
        waiter: Waiter,
    ) -> Result<Option<Budget>> {
        if per_minute == 0 {
            return Ok(None);
        }
        let gcra = Gcra::new(per_minute);
        let key = hex::encode(sha1::Sha1::digest(format!("{}\n{}", base_url.trim_end_matches('/'), token.expose())));
        let machine = Machine::named(&key[..20], gcra, warn.clone());
        let backend = match server {
            None => Backend::Machine(machine),
            Some(options) => {
                let key = server::key(base_url, token);
                Backend::Server(Box::new(Server::new(options, key, machine, gcra, warn.clone(), note)?))
            }
        };
        Ok(Some(Budget { backend, gcra, per_minute, waiter, warn }))
    }

    /// Reserves the next slot and waits for it: each answer of the budget checked against its bound, said and slept
    /// (a slot beyond the window is asked for again after the wait).
    pub async fn until_ready(&self) -> Result<()> {
        loop {
            let answer = match &self.backend {
                Backend::Machine(machine) => machine.reserve(),
                Backend::Server(server) => server.reserve().await?,
            };
            // A server's answer was checked where it came from (beyond the bound, the server is not used again);
            // the machine's cannot be beyond it, and is not slept if it is.
            let wait = match self.gcra.bound().answer(answer.wait, answer.pending) {
                Ok(wait) => wait,
                Err(why) => {
                    (self.warn)(&format!("the rate budget cannot be right: {why}; the request is sent without it"));
                    return Ok(());
                }
            };
            self.waiter.pace(wait, self.per_minute, answer.pending > 0).await;
            if answer.reserved {
                return Ok(());
            }
        }
    }

    /// The service said to wait: nobody sharing the budget sends before `wait` has passed.
    pub async fn back_off(&self, wait: Wait) -> Result<()> {
        match &self.backend {
            Backend::Machine(machine) => {
                machine.back_off(wait);
                Ok(())
            }
            Backend::Server(server) => server.back_off(wait).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_is_reserved_within_the_window_and_asked_again_beyond_it() {
        // 600 a minute: one every 100 ms, a burst of 10, a window of 1 s.
        let gcra = Gcra::new(600);
        assert_eq!((gcra.interval, gcra.tolerance(), gcra.window()), (100, 900, 1000));
        let now = 1_000_000;
        let mut state = State::default();
        let mut answers = Vec::new();
        for _ in 0..25 {
            let (next, answer) = gcra.reserve(state, now);
            state = next;
            answers.push((answer.wait, answer.reserved));
        }
        let mut want: Vec<(u64, bool)> = (0..10).map(|_| (0, true)).collect();
        want.extend((1..=10).map(|i| (i * 100, true)));
        want.extend((0..5).map(|_| (100, false)));
        assert_eq!(answers, want, "a burst, a window of reservations, then ask again in an interval");
        // Asking again when told: the next slot comes within the window.
        let (_, answer) = gcra.reserve(state, now + 100);
        assert_eq!((answer.wait, answer.reserved), (1000, true));
        // Every rate's window is a minute at most, and every answer within its bound.
        for rate in [1, 7, 10, 59, 200, 600, 100_000] {
            let gcra = Gcra::new(rate);
            assert!(gcra.window() <= WIDEST_WINDOW, "{rate}");
            let mut state = State::default();
            for i in 0..100 {
                let (next, answer) = gcra.reserve(state, now + i);
                state = next;
                assert!(gcra.bound().answer(answer.wait, answer.pending).is_ok(), "{rate}: {answer:?}");
                assert!(State::read(&state.text(now + i), now + i).is_ok(), "{rate}: {state:?}");
            }
        }
    }

    #[test]
    fn a_push_back_is_kept_an_hour_at_most_and_its_waits_are_bounded_by_it() {
        let gcra = Gcra::new(200);
        let now = 5_000_000;
        let state = gcra.back_off(State::default(), now, 30_000);
        assert_eq!(state, State { tat: now + 30_000 + 2_700, until: now + 30_000 });
        assert_eq!(state.text(now), format!("{} {}", now + 32_700, now + 30_000));
        assert_eq!(state.text(now + 30_000), (now + 32_700).to_string(), "the push-back is stored while it lasts");
        let (_, answer) = gcra.reserve(state, now);
        assert_eq!((answer.wait, answer.reserved, answer.pending), (27_000, false, 30_000));
        let (_, answer) = gcra.reserve(state, now + 27_000);
        assert_eq!((answer.wait, answer.reserved), (3_000, true));
        // Two hours asked: one hour kept.
        let state = gcra.back_off(State::default(), now, 7_200_000);
        assert_eq!(state.until, now + 3_600_000);
        assert_eq!(State::read(&state.text(now), now), Ok(state));
        let (_, answer) = gcra.reserve(state, now);
        assert!(gcra.bound().answer(answer.wait, answer.pending).is_ok(), "{answer:?}");
    }

    #[test]
    fn a_stored_state_beyond_what_seg_writes_is_refused() {
        let now = 1_700_000_000_000;
        assert_eq!(State::read("1700000000500", now), Ok(State { tat: now + 500, until: 0 }));
        assert_eq!(
            State::read(" 1700000000500 1700000600000\n", now),
            Ok(State { tat: now + 500, until: now + 600_000 })
        );
        for (text, why) in [
            ("", "was empty"),
            ("x", "did not hold a time"),
            ("-5", "did not hold a time"),
            ("+5", "did not hold a time"),
            ("1e15", "did not hold a time"),
            ("1 2 3", "did not hold a time"),
            ("1  2", "did not hold a time"),
            ("1234567890123456", "did not hold a time"),
        ] {
            assert_eq!(State::read(text, now), Err(why.to_string()), "{text:?}");
        }
        // Fifty minutes ahead with no push-back: no seg wrote it.
        let ahead = State::read(&(now + 50 * 60_000).to_string(), now).unwrap_err();
        assert_eq!(ahead, "was dated 50m ahead");
        // With a push-back that long, it is what seg writes; a push-back beyond an hour is not.
        assert!(State::read(&format!("{} {}", now + 50 * 60_000, now + 49 * 60_000), now).is_ok());
        let far = State::read(&format!("{} {}", now, now + 2 * 3_600_000), now).unwrap_err();
        assert_eq!(far, "was dated 2h ahead");
        // Two of the widest windows: what a slower seg sharing the token may have reserved.
        assert!(State::read(&(now + 120_000).to_string(), now).is_ok());
        assert!(State::read(&(now + 120_001).to_string(), now).is_err());
    }
}
