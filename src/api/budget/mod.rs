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

use super::wait::{self, Bound, Pace, Wait, Waiter};
use crate::error::Result;
use crate::secret::Secret;
use crate::wire::limits::Limit;

/// Requests let through at once before the budget spaces them out.
pub const BURST: u32 = 10;

/// The widest window of any rate, in milliseconds: 60 s / rate × min(rate, BURST), a minute. A stored time more than
/// two of them beyond now (or beyond the end of the pending push-back) was written by no seg at any rate.
const WIDEST_WINDOW: u64 = 60_000;

/// The benchmark's control (TESTING.md): `SEG_TEST_TOKEN_BUDGET_ONLY=1` paces by the token's budget alone, as
/// seg did before operations had budgets of their own, to show what that meets (`bench/ceiling.sh` 7).
fn token_only() -> bool {
    static ONLY: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ONLY.get_or_init(|| std::env::var_os("SEG_TEST_TOKEN_BUDGET_ONLY").is_some_and(|v| v == "1"))
}

/// How much longer than its window an operation's budget spreads its count over: what requests sent evenly may gain
/// or lose on their way to the service.
const SLACK: u64 = 1_000;

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

    /// An operation's budget: its count spread evenly over its window and a second (a minute's count over 61 s),
    /// with no burst, so that however the service's window falls (it starts at a first request), no window of it
    /// holds more than the count, even when requests arrive up to a second later or sooner than they were sent.
    fn even(limit: &Limit) -> Gcra {
        let window = millis(limit.window()) + SLACK;
        Gcra { interval: window.div_ceil(u64::from(limit.count.max(1))).max(1), burst: 1 }
    }

    /// The slack a burst gives: how far ahead of now the theoretical arrival time may run before a request waits.
    fn tolerance(self) -> u64 {
        self.interval * self.burst.saturating_sub(1)
    }

    /// The longest a reserved slot may be waited for (interval × burst); further ahead, nothing is reserved.
    fn window(self) -> u64 {
        self.interval * self.burst
    }

    /// How far beyond now (or the push-back's end) a stored time may lie: two windows, of a minute at least.
    fn beyond(self) -> u64 {
        2 * WIDEST_WINDOW.max(self.window())
    }

    /// The earliest time this budget lets a request through.
    fn earliest(self, state: State, now: u64) -> u64 {
        state.tat.max(now).saturating_sub(self.tolerance()).max(now)
    }

    /// The state once a request is let through at `at` (no earlier than [`Gcra::earliest`]).
    fn take(self, state: State, at: u64) -> State {
        State { tat: state.tat.max(at) + self.interval, ..state }
    }

    /// The service said to wait `wait` ms (cut to `wait::MOST`): nobody sends before it has passed, and then only
    /// one request an interval (no burst).
    fn back_off(self, state: State, now: u64, wait: u64) -> State {
        let wait = wait.min(millis(wait::MOST));
        State { tat: state.tat.max(now + wait + self.tolerance()), until: state.until.max(now + wait) }
    }
}

/// The budgets one request draws from: the token's, and its operation's when the operation states a limit.
#[derive(Debug, Clone, Copy)]
struct Draw {
    token: Gcra,
    operation: Option<Lane>,
}

/// An operation's budget: its GCRA, and the operation it is named by (the operationId).
#[derive(Debug, Clone, Copy)]
struct Lane {
    gcra: Gcra,
    name: &'static str,
}

impl Draw {
    fn new(token: Gcra, limit: Option<&'static Limit>) -> Draw {
        Draw { token, operation: limit.map(|limit| Lane { gcra: Gcra::even(limit), name: limit.operation }) }
    }

    /// What each of its answers is checked against: the wider window of the two, plus the pending push-back.
    fn bound(self) -> Bound {
        let window = self.operation.map_or(0, |lane| lane.gcra.window()).max(self.token.window());
        Bound { window: Duration::from_millis(window) }
    }

    /// The slot of a request arriving at `now`: the earliest time both budgets let it through, reserved in both
    /// when it comes within the token's window (so both account for it when it is sent), else nothing reserved and
    /// a wait before asking again (no longer than the wider window plus the pending push-back). `budget.lua` is the
    /// same on a server.
    fn reserve(self, token: State, operation: Option<State>, now: u64) -> (State, Option<State>, Answer) {
        let pending = token.until.max(operation.map_or(0, |s| s.until)).saturating_sub(now);
        let by_token = self.token.earliest(token, now);
        let by_operation = self.operation.zip(operation).map_or(0, |(lane, state)| lane.gcra.earliest(state, now));
        let at = by_token.max(by_operation);
        let wait = at - now;
        let from_operation = by_operation > by_token;
        let horizon = self.token.window();
        if wait <= horizon {
            let operation = self.operation.zip(operation).map(|(lane, state)| lane.gcra.take(state, at));
            let answer = Answer { wait, reserved: true, pending, from_operation };
            return (self.token.take(token, at), operation, answer);
        }
        let later = (wait - horizon).min(millis(self.bound().window) + pending);
        (token, operation, Answer { wait: later, reserved: false, pending, from_operation })
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
    fn read(text: &str, now: u64, beyond: u64) -> std::result::Result<State, String> {
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
        if state.tat > now.max(state.until) + beyond {
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
    /// Whether the wait is the operation's budget's (else the token's).
    from_operation: bool,
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// The budget of one token at one base URL.
pub struct Budget {
    backend: Backend,
    token: Gcra,
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
        let machine = Machine::named(&key[..20], warn.clone());
        let backend = match server {
            None => Backend::Machine(machine),
            Some(options) => {
                let key = server::key(base_url, token);
                Backend::Server(Box::new(Server::new(options, key, machine, warn.clone(), note)?))
            }
        };
        Ok(Some(Budget { backend, token: gcra, per_minute, waiter, warn }))
    }

    /// Reserves the next slot of a request of the operation `limit` states a limit of (`None`: the token's budget
    /// alone) and waits for it: each answer of the budget checked against its bound, said and slept (a slot beyond
    /// the window is asked for again after the wait).
    pub async fn until_ready(&self, limit: Option<&'static Limit>) -> Result<()> {
        let limit = limit.filter(|_| !token_only());
        let draw = Draw::new(self.token, limit);
        loop {
            let answer = match &self.backend {
                Backend::Machine(machine) => machine.reserve(draw),
                Backend::Server(server) => server.reserve(draw).await?,
            };
            // A server's answer was checked where it came from (beyond the bound, the server is not used again);
            // the machine's cannot be beyond it, and is not slept if it is.
            let wait = match draw.bound().answer(answer.wait, answer.pending) {
                Ok(wait) => wait,
                Err(why) => {
                    (self.warn)(&format!("the rate budget cannot be right: {why}; the request is sent without it"));
                    return Ok(());
                }
            };
            let from = match limit {
                Some(limit) if answer.from_operation => Pace::Operation(limit),
                _ => Pace::Token(self.per_minute),
            };
            self.waiter.pace(wait, from, answer.pending > 0).await;
            if answer.reserved {
                return Ok(());
            }
        }
    }

    /// The service said to wait: nobody sharing the budget sends before `wait` has passed, a request of the
    /// operation `limit` states a limit of (its 429 was that limit's), else any request of the token.
    pub async fn back_off(&self, wait: Wait, limit: Option<&'static Limit>) -> Result<()> {
        let draw = Draw::new(self.token, limit.filter(|_| !token_only()));
        match &self.backend {
            Backend::Machine(machine) => {
                machine.back_off(draw, wait);
                Ok(())
            }
            Backend::Server(server) => server.back_off(draw, wait).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A request of the token's budget alone.
    fn reserve(gcra: Gcra, state: State, now: u64) -> (State, Answer) {
        let (state, operation, answer) = Draw { token: gcra, operation: None }.reserve(state, None, now);
        assert_eq!(operation, None);
        (state, answer)
    }

    fn bound(gcra: Gcra) -> Bound {
        Draw { token: gcra, operation: None }.bound()
    }

    #[test]
    fn a_slot_is_reserved_within_the_window_and_asked_again_beyond_it() {
        // 600 a minute: one every 100 ms, a burst of 10, a window of 1 s.
        let gcra = Gcra::new(600);
        assert_eq!((gcra.interval, gcra.tolerance(), gcra.window()), (100, 900, 1000));
        let now = 1_000_000;
        let mut state = State::default();
        let mut answers = Vec::new();
        for _ in 0..25 {
            let (next, answer) = reserve(gcra, state, now);
            state = next;
            answers.push((answer.wait, answer.reserved));
        }
        let mut want: Vec<(u64, bool)> = (0..10).map(|_| (0, true)).collect();
        want.extend((1..=10).map(|i| (i * 100, true)));
        want.extend((0..5).map(|_| (100, false)));
        assert_eq!(answers, want, "a burst, a window of reservations, then ask again in an interval");
        // Asking again when told: the next slot comes within the window.
        let (_, answer) = reserve(gcra, state, now + 100);
        assert_eq!((answer.wait, answer.reserved), (1000, true));
        // Every rate's window is a minute at most, and every answer within its bound.
        for rate in [1, 7, 10, 59, 200, 600, 100_000] {
            let gcra = Gcra::new(rate);
            assert!(gcra.window() <= WIDEST_WINDOW, "{rate}");
            let mut state = State::default();
            for i in 0..100 {
                let (next, answer) = reserve(gcra, state, now + i);
                state = next;
                assert!(bound(gcra).answer(answer.wait, answer.pending).is_ok(), "{rate}: {answer:?}");
                assert!(State::read(&state.text(now + i), now + i, gcra.beyond()).is_ok(), "{rate}: {state:?}");
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
        let (_, answer) = reserve(gcra, state, now);
        assert_eq!((answer.wait, answer.reserved, answer.pending), (27_000, false, 30_000));
        let (_, answer) = reserve(gcra, state, now + 27_000);
        assert_eq!((answer.wait, answer.reserved), (3_000, true));
        // Two hours asked: one hour kept.
        let state = gcra.back_off(State::default(), now, 7_200_000);
        assert_eq!(state.until, now + 3_600_000);
        assert_eq!(State::read(&state.text(now), now, 2 * WIDEST_WINDOW), Ok(state));
        let (_, answer) = reserve(gcra, state, now);
        assert!(bound(gcra).answer(answer.wait, answer.pending).is_ok(), "{answer:?}");
    }

    #[test]
    fn a_stored_state_beyond_what_seg_writes_is_refused() {
        let now = 1_700_000_000_000;
        assert_eq!(State::read("1700000000500", now, 2 * WIDEST_WINDOW), Ok(State { tat: now + 500, until: 0 }));
        assert_eq!(
            State::read(" 1700000000500 1700000600000\n", now, 2 * WIDEST_WINDOW),
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
            assert_eq!(State::read(text, now, 2 * WIDEST_WINDOW), Err(why.to_string()), "{text:?}");
        }
        // Fifty minutes ahead with no push-back: no seg wrote it.
        let ahead = State::read(&(now + 50 * 60_000).to_string(), now, 2 * WIDEST_WINDOW).unwrap_err();
        assert_eq!(ahead, "was dated 50m ahead");
        // With a push-back that long, it is what seg writes; a push-back beyond an hour is not.
        assert!(State::read(&format!("{} {}", now + 50 * 60_000, now + 49 * 60_000), now, 2 * WIDEST_WINDOW).is_ok());
        let far = State::read(&format!("{} {}", now, now + 2 * 3_600_000), now, 2 * WIDEST_WINDOW).unwrap_err();
        assert_eq!(far, "was dated 2h ahead");
        // Two of the widest windows: what a slower seg sharing the token may have reserved.
        assert!(State::read(&(now + 120_000).to_string(), now, 2 * WIDEST_WINDOW).is_ok());
        assert!(State::read(&(now + 120_001).to_string(), now, 2 * WIDEST_WINDOW).is_err());
    }

    /// What a stated limit of `count` a minute (or a day) is, as the table would hold it.
    fn limit(count: u32, per: crate::wire::limits::Per) -> &'static Limit {
        Box::leak(Box::new(Limit { class: "testApi", method: "POST", path: "/t", operation: "test", count, per }))
    }

    /// Requesters asking at their own times (a clock the test moves): each asks, sleeps the answer, and asks again
    /// until its slot is reserved; then it sends at once and asks for its next request. The send times of each
    /// request, in order, with whether it was the operation's.
    fn run(draws: &[Vec<Draw>], start: u64) -> Vec<(u64, bool)> {
        let mut token = State::default();
        let mut lanes: std::collections::HashMap<&str, State> = Default::default();
        // (when it asks next, which requester, its next request)
        let mut asking: Vec<(u64, usize, usize)> = (0..draws.len()).map(|r| (start, r, 0)).collect();
        let mut sent = Vec::new();
        while let Some(at) = asking.iter().enumerate().min_by_key(|(_, (when, r, _))| (*when, *r)).map(|(i, _)| i) {
            let (now, requester, index) = asking[at];
            let Some(draw) = draws[requester].get(index).copied() else {
                asking.remove(at);
                continue;
            };
            let lane = draw.operation.map(|lane| lanes.get(lane.name).copied().unwrap_or_default());
            let (next, operation, answer) = draw.reserve(token, lane, now);
            assert!(draw.bound().answer(answer.wait, answer.pending).is_ok(), "{answer:?}");
            token = next;
            if let (Some(lane), Some(state)) = (draw.operation, operation) {
                lanes.insert(lane.name, state);
            }
            if answer.reserved {
                sent.push((now + answer.wait, draw.operation.is_some()));
                asking[at] = (now + answer.wait, requester, index + 1);
            } else {
                asking[at] = (now + answer.wait, requester, index);
            }
        }
        sent
    }

    #[test]
    fn an_operations_budget_spaces_its_requests_so_no_window_of_the_service_holds_more_than_its_count() {
        use crate::wire::limits::Per;
        let token = Gcra::new(200);
        let five = Draw::new(token, Some(limit(5, Per::Minute)));
        assert_eq!((five.operation.unwrap().gcra.interval, five.operation.unwrap().gcra.window()), (12_200, 12_200));
        let plain = Draw::new(token, None);
        // Three processes, each: a source, a destination, three mappings, 17 times over (a migration's shape).
        let work: Vec<Draw> = (0..17).flat_map(|_| [plain, plain, five, five, five]).collect();
        let start = 1_700_000_000_000;
        let sent = run(&[work.clone(), work.clone(), work], start);
        assert_eq!(sent.len(), 3 * 17 * 5);
        let writes: Vec<u64> = sent.iter().filter(|(_, op)| *op).map(|(at, _)| *at).collect();
        assert_eq!(writes.len(), 153);
        // Evenly spaced: however the service's minute falls (it starts at a first request), it holds five at most,
        // with a second to spare for requests that arrive sooner or later than they were sent.
        let mut sorted = writes.clone();
        sorted.sort_unstable();
        for pair in sorted.windows(2) {
            assert!(pair[1] - pair[0] >= 12_200, "{pair:?}");
        }
        for (i, first) in sorted.iter().enumerate() {
            let within = sorted[i..].iter().take_while(|at| **at < first + 61_000).count();
            assert!(within <= 5, "{within} writes within a minute and a second of {first}");
        }
        // And the operation's limit is met: the last write is sent when 152 intervals have passed, not later.
        assert_eq!(sorted[152] - sorted[0], 152 * 12_200);
        // The token's budget never waits on the operation's: all 102 other requests are sent by the time the
        // writes they precede are.
        let last_plain = sent.iter().filter(|(_, op)| !*op).map(|(at, _)| *at).max().unwrap();
        assert!(last_plain <= sorted[152], "{last_plain} > {}", sorted[152]);
    }

    #[test]
    fn a_request_waiting_for_its_operation_does_not_hold_the_tokens_budget() {
        use crate::wire::limits::Per;
        let token = Gcra::new(200);
        let five = Draw::new(token, Some(limit(5, Per::Minute)));
        let now = 1_000_000;
        let (state, lane, answer) = five.reserve(State::default(), Some(State::default()), now);
        assert!(answer.reserved && answer.wait == 0 && !answer.from_operation);
        // The next write is 12.2 s away: nothing is reserved, asked again 3 s (the token's window) before it.
        let (state, lane, answer) = five.reserve(state, lane, now);
        assert_eq!((answer.wait, answer.reserved, answer.from_operation), (9_200, false, true));
        // Meanwhile any other request of the token goes at once (the burst is untouched but for the first).
        let plain = Draw::new(token, None);
        let (mut state, _, answer) = plain.reserve(state, None, now);
        assert!(answer.reserved && answer.wait == 0);
        for _ in 0..8 {
            let (next, _, answer) = plain.reserve(state, None, now);
            assert!(answer.reserved && answer.wait == 0, "{answer:?}");
            state = next;
        }
        // Asking again when told: reserved for its slot, in both budgets.
        let (state, lane, answer) = five.reserve(state, lane, now + 9_200);
        assert_eq!((answer.wait, answer.reserved, answer.from_operation), (3_000, true, true));
        assert_eq!(lane.unwrap().tat, now + 2 * 12_200);
        assert_eq!(state.tat, (now + 12_200).max(now + 10 * 300) + 300);
    }

    #[test]
    fn a_push_back_of_an_operation_is_its_own_and_a_days_limit_is_bounded_by_its_interval() {
        use crate::wire::limits::Per;
        let token = Gcra::new(200);
        let five = Draw::new(token, Some(limit(5, Per::Minute)));
        let now = 5_000_000;
        // A 429 of the operation: its budget waits 41 s; the token's does not.
        let lane = five.operation.unwrap().gcra.back_off(State::default(), now, 41_250);
        let (_, _, answer) = five.reserve(State::default(), Some(lane), now);
        assert_eq!(
            (answer.wait, answer.reserved, answer.pending, answer.from_operation),
            (38_250, false, 41_250, true)
        );
        assert!(five.bound().answer(answer.wait, answer.pending).is_ok());
        let (_, _, answer) = Draw::new(token, None).reserve(State::default(), None, now);
        assert!(answer.reserved && answer.wait == 0);
        // 120 a day: one every 12 minutes; the answer (asked again after the interval less the token's window)
        // is within the bound, and the stored time is not taken for one that cannot be right.
        let day = Draw::new(token, Some(limit(120, Per::Day)));
        let gcra = day.operation.unwrap().gcra;
        assert_eq!(gcra.interval, 720_009);
        let (state, lane, _) = day.reserve(State::default(), Some(State::default()), now);
        let (_, _, answer) = day.reserve(state, lane, now);
        assert_eq!((answer.wait, answer.reserved), (717_009, false));
        assert!(day.bound().answer(answer.wait, answer.pending).is_ok());
        let lane = lane.unwrap();
        assert_eq!(State::read(&lane.text(now), now, gcra.beyond()), Ok(lane));
        assert!(State::read(&lane.text(now), now, token.beyond()).is_err(), "beyond the token's two minutes");
    }
}
