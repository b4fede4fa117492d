//! The budget shared across machines (docs/SHARED-BUDGET.md, "Beyond one machine"): the machine's GCRA, its
//! state a key of a Redis-protocol server that every `seg` with the same URL, token and base URL reaches. One Lua
//! script (`budget.lua`, run with EVALSHA and loaded again after a script flush: `Script::invoke_async`) reserves a
//! slot or pushes the budget back in one atomic step, on the server's clock (`TIME`): it answers a relative wait, which
//! the client sleeps, so the machines' clocks may disagree. The key is named by a hash of the base URL and token (the
//! token never reaches the server) and expires soon after its time is past.
//!
//! One connection per process (multiplexed: concurrent requests share it), made at the first request. A server that
//! does not take it, or answer a call, within [`WITHIN`] is said once on stderr and the process goes on with the
//! machine's budget; with `SEG_BUDGET_STRICT=1` it is exit 3 instead. The server's answer is never trusted: one that
//! is not the script's, or a wait beyond the budget's bound (`wait::Bound`: its window plus the pending push-back, an
//! hour at most), fails the server the same way, and its key is deleted. A key that cannot be right (not a time,
//! another type, dated beyond what seg writes) is reset by the script and said once. The URL's password is never
//! shown: every message names the URL through [`crate::secret::redact_credentials`].

use std::sync::{LazyLock, OnceLock};
use std::time::Duration;

use redis::aio::MultiplexedConnection;
use sha2::Digest;
use tokio::sync::OnceCell;

use super::machine::Machine;
use super::{Answer, Draw, Warn, millis};
use crate::api::wait::{self, Wait};
use crate::error::{Error, Result};
use crate::secret::{Secret, redact_credentials};

/// How long the server has to take the connection, and then to answer each call.
pub const WITHIN: Duration = Duration::from_secs(2);
/// How long a key outlives its theoretical arrival time (past it, the key means what no key means).
const TTL_MARGIN: Duration = Duration::from_secs(60);

static SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(include_str!("budget.lua")));

/// Where the shared budget is, as the user gave it (`--budget`, `SEG_BUDGET_URL`, the profile's `budget_url`).
#[derive(Debug, Clone)]
pub struct ServerOptions {
    /// `redis://` or `rediss://`, with its credentials.
    pub url: Secret,
    /// `SEG_BUDGET_STRICT=1`: a server that cannot be used is exit 3, not the machine's budget.
    pub strict: bool,
    /// `SEG_BUDGET_CACERT`: CA certificates (PEM) trusted for `rediss://` beside the system's.
    pub cacert: Option<Vec<u8>>,
}

/// What a budget URL holds, checked without quoting it (a URL may carry a password): `redis://` or `rediss://`, a
/// host, a port and a database number when given.
pub fn check_url(text: &str) -> std::result::Result<redis::ConnectionInfo, String> {
    const USE: &str = "use redis://[USER:PASSWORD@]HOST[:PORT][/DB], or rediss:// for TLS";
    let scheme = text.split_once("://").map(|(scheme, _)| scheme.to_ascii_lowercase());
    if !matches!(scheme.as_deref(), Some("redis" | "rediss")) {
        return Err(format!("it is not a redis:// or rediss:// URL; {USE}"));
    }
    let info = redis::IntoConnectionInfo::into_connection_info(text)
        .map_err(|_| format!("it cannot be read as a Redis URL (a host, a port, a database number); {USE}"))?;
    match info.addr() {
        redis::ConnectionAddr::Tcp(host, _) | redis::ConnectionAddr::TcpTls { host, .. } if !host.is_empty() => {
            Ok(info)
        }
        _ => Err(format!("it names no host; {USE}")),
    }
}

/// The key of a token's budget at a base URL: a hash of both (never the token), in a Redis Cluster hash tag so that
/// the keys beside it for the same token (each operation's budget: the key, `:`, the operationId) live in the same
/// slot, and one script may use both.
pub fn key(base_url: &str, token: &Secret) -> String {
    let hash = sha2::Sha256::digest(format!("seg budget\n{}\n{}", base_url.trim_end_matches('/'), token.expose()));
    format!("seg:budget:{{{}}}", &hex::encode(hash)[..32])
}

/// The trusted roots for `rediss://` with more CA certificates: the system's, then those (redis would take the file
/// instead of the system's roots, where `webhook send --cacert` adds to them).
fn roots_with(extra: &[u8]) -> Vec<u8> {
    use base64::Engine;
    let mut pem = Vec::new();
    for cert in rustls_native_certs::load_native_certs().certs {
        let text = base64::engine::general_purpose::STANDARD.encode(cert.as_ref());
        pem.extend_from_slice(b"-----BEGIN CERTIFICATE-----\n");
        for line in text.as_bytes().chunks(64) {
            pem.extend_from_slice(line);
            pem.push(b'\n');
        }
        pem.extend_from_slice(b"-----END CERTIFICATE-----\n");
    }
    pem.extend_from_slice(extra);
    pem
}

#[derive(Clone, Copy)]
enum Op {
    Reserve,
    BackOff(Wait),
}

/// The key of an operation's budget beside the token's.
fn lane_key(key: &str, operation: &str) -> String {
    format!("{key}:{operation}")
}

pub(super) struct Server {
    client: redis::Client,
    /// The URL as messages name it: its credentials masked.
    shown: String,
    key: String,
    connection: OnceCell<MultiplexedConnection>,
    /// What went wrong, once the server failed: the rest of the process paces with the machine's budget (or, in
    /// strict mode, every request fails with it). Requests waiting for the connection then give up at once.
    failure: OnceLock<String>,
    strict: bool,
    fallback: Machine,
    warn: Warn,
    note: Warn,
}

impl Server {
    /// A budget at the server of `options` (no connection yet), falling back to `fallback`. An invalid URL or CA
    /// file is a usage error.
    pub fn new(options: &ServerOptions, key: String, fallback: Machine, warn: Warn, note: Warn) -> Result<Server> {
        let url = options.url.expose();
        let shown = redact_credentials(url).into_owned();
        let info = check_url(url).map_err(|why| Error::usage(format!("invalid budget URL: {why}")))?;
        let tls = matches!(info.addr(), redis::ConnectionAddr::TcpTls { .. });
        let client = match &options.cacert {
            Some(pem) if tls => {
                if !String::from_utf8_lossy(pem).contains("-----BEGIN CERTIFICATE-----") {
                    return Err(Error::usage("SEG_BUDGET_CACERT holds no PEM certificate"));
                }
                let certificates = redis::TlsCertificates { client_tls: None, root_cert: Some(roots_with(pem)) };
                redis::Client::build_with_tls(info, certificates)
            }
            _ => redis::Client::open(info),
        }
        .map_err(|e| Error::usage(format!("cannot use the budget at {shown}: {}", one_line(&e))))?;
        Ok(Server {
            client,
            shown,
            key,
            connection: OnceCell::new(),
            failure: OnceLock::new(),
            strict: options.strict,
            fallback,
            warn,
            note,
        })
    }

    /// Reserves the next slot of a draw, or says when to ask again.
    pub(super) async fn reserve(&self, draw: Draw) -> Result<Answer> {
        if let Some(answer) = self.call(draw, Op::Reserve).await? {
            return Ok(answer);
        }
        Ok(self.fallback.reserve(draw))
    }

    /// Nobody sharing the budget sends before `wait` has passed (a request of the draw's operation, when it has
    /// one; else any request of the token).
    pub async fn back_off(&self, draw: Draw, wait: Wait) -> Result<()> {
        if self.call(draw, Op::BackOff(wait)).await?.is_none() {
            self.fallback.back_off(draw, wait);
        }
        Ok(())
    }

    /// Runs the script: its answer, checked against the budget's bound, or `None` when the server cannot be used
    /// (said once) and the machine's budget is to be used; an error in strict mode.
    async fn call(&self, draw: Draw, op: Op) -> Result<Option<Answer>> {
        if self.failure.get().is_none()
            && let Ok(answer) = self.run(draw, op).await
        {
            match draw.bound().answer(answer.wait, answer.pending) {
                Ok(_) => return Ok(Some(answer)),
                Err(why) => self.distrust(draw, &why).await,
            }
        }
        match self.failure.get() {
            Some(why) if self.strict => {
                Err(Error::Budget(format!("{why} (SEG_BUDGET_STRICT=1: no falling back to the machine's budget)")))
            }
            _ => Ok(None),
        }
    }

    /// An answer beyond the bound: the server is failed (said once), and the draw's keys deleted so that no other
    /// `seg` reads that state again.
    #[allow(clippy::disallowed_methods, reason = "the budget's key: seg's bookkeeping, not an effect (effect.rs)")]
    async fn distrust(&self, draw: Draw, why: &str) {
        let reset = match self.connection.get() {
            Some(connection) => {
                let mut connection = connection.clone();
                let mut delete = redis::cmd("DEL");
                delete.arg(&self.key);
                if let Some(lane) = draw.operation {
                    delete.arg(lane_key(&self.key, lane.name));
                }
                let deleting = delete.query_async::<i64>(&mut connection);
                matches!(tokio::time::timeout(WITHIN, deleting).await, Ok(Ok(_)))
            }
            None => false,
        };
        let done = if reset { "was deleted" } else { "could not be deleted" };
        self.fail(&format!("{why}; its key {} {done}", self.key));
    }

    /// Records why the server cannot be used, the first time: said once (not in strict mode, where it is the error).
    fn fail(&self, why: &str) {
        let mut first = false;
        let why = self.failure.get_or_init(|| {
            first = true;
            format!("cannot use the shared rate budget at {}: {why}", self.shown)
        });
        if first && !self.strict {
            (self.warn)(&format!(
                "{why}; this process paces with the machine's budget, not shared with other machines"
            ));
        }
    }

    /// Runs the script; a failure is recorded (`fail`) before it returns.
    async fn run(&self, draw: Draw, op: Op) -> std::result::Result<Answer, ()> {
        self.script(draw, op).await.map_err(|why| self.fail(&why))
    }

    #[allow(clippy::disallowed_methods, reason = "the budget's script: seg's bookkeeping, not an effect (effect.rs)")]
    async fn script(&self, draw: Draw, op: Op) -> std::result::Result<Answer, String> {
        let mut connection = self.connection().await?.clone();
        let (name, wait) = match op {
            Op::Reserve => ("reserve", 0),
            Op::BackOff(wait) => ("back_off", millis(wait.duration())),
        };
        let token = draw.token;
        let mut call = SCRIPT.prepare_invoke();
        call.key(&self.key)
            .arg(name)
            .arg(token.interval)
            .arg(token.tolerance())
            .arg(token.window())
            .arg(token.beyond())
            .arg(millis(wait::MOST))
            .arg(wait)
            .arg(millis(TTL_MARGIN));
        let lane_key = draw.operation.map(|lane| lane_key(&self.key, lane.name));
        if let (Some(lane), Some(key)) = (draw.operation, &lane_key) {
            call.key(key).arg(lane.gcra.interval).arg(lane.gcra.beyond());
        }
        let answer = tokio::time::timeout(WITHIN, call.invoke_async::<Vec<i64>>(&mut connection)).await;
        let answer = match answer {
            Err(_) => return Err(format!("no answer within {}", crate::ui::duration(WITHIN))),
            Ok(Err(e)) => return Err(one_line(&e)),
            Ok(Ok(answer)) => answer,
        };
        // {wait, repaired, how far ahead, reserved, pending, the operation's wait, repaired, how far ahead}: every one
        // a number the script can answer.
        let number = |at: usize| answer.get(at).and_then(|n| u64::try_from(*n).ok());
        let flag = |at: usize| number(at).filter(|r| *r <= 1);
        let repair = |at: usize| number(at).filter(|r| *r <= 4).zip(number(at + 1));
        let read = (number(0), repair(1), flag(3), number(4), flag(5), repair(6));
        let (Some(wait), Some(token), Some(reserved), Some(pending), Some(from_operation), Some(operation)) = read
        else {
            return Err("it gave an answer that is not the budget script's".into());
        };
        if answer.len() != 8 || (draw.operation.is_none() && (from_operation == 1 || operation.0 != 0)) {
            return Err("it gave an answer that is not the budget script's".into());
        }
        for ((repaired, ahead), key) in [(token, Some(&self.key)), (operation, lane_key.as_ref())] {
            let why = match repaired {
                0 => continue,
                1 => "did not hold a time".to_string(),
                2 => "was empty".to_string(),
                3 => "held a value of another type".to_string(),
                _ => format!("was dated {} ahead", crate::ui::duration(Duration::from_secs(ahead / 1000))),
            };
            let key = key.map_or("", String::as_str);
            (self.warn)(&format!("the shared rate budget's key {key} at {} {why}; it was reset", self.shown));
        }
        Ok(Answer { wait, reserved: reserved == 1, pending, from_operation: from_operation == 1 })
    }

    /// The one connection, made at the first call.
    async fn connection(&self) -> std::result::Result<&MultiplexedConnection, String> {
        self.connection
            .get_or_try_init(|| async {
                if let Some(why) = self.failure.get() {
                    return Err(why.clone());
                }
                // The crate's own timeouts are a backstop: ours below say what did not come in time.
                let config = redis::AsyncConnectionConfig::new()
                    .set_connection_timeout(Some(2 * WITHIN))
                    .set_response_timeout(Some(2 * WITHIN));
                let connecting = self.client.get_multiplexed_async_connection_with_config(&config);
                let why = match tokio::time::timeout(WITHIN, connecting).await {
                    Err(_) => format!("no connection within {}", crate::ui::duration(WITHIN)),
                    Ok(Err(e)) => one_line(&e),
                    Ok(Ok(connection)) => {
                        (self.note)(&format!("rate budget shared at {}, key {}", self.shown, self.key));
                        return Ok(connection);
                    }
                };
                // Recorded before the next request waiting for the connection tries: it gives up at once.
                self.fail(&why);
                Err(why)
            })
            .await
    }
}

/// A Redis error in one line, control characters escaped (the server's text). It never holds the URL's password,
/// which the printer's scrubber removes from every line all the same (`cli::Context::budget`).
fn one_line(error: &redis::RedisError) -> String {
    crate::ui::escape_control(&error.to_string().replace('\n', " ")).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_checked_without_being_quoted() {
        for url in ["redis://h", "redis://u:p@h:1/2", "rediss://:p@h", "REDIS://h:6379/0"] {
            assert!(check_url(url).is_ok(), "{url}");
        }
        for url in ["http://u:pw-1@h", "h:6379", "redis://u:pw-1@h/notanumber", "redis+unix:///tmp/s", "", "redis://"] {
            let why = check_url(url).unwrap_err();
            assert!(!why.contains("pw-1") && why.contains("use redis://"), "{url}: {why}");
        }
    }

    #[test]
    fn the_key_is_a_hash_of_the_base_url_and_token() {
        let token = Secret::new("sk-abcdef");
        let key = super::key("https://api.example/", &token);
        assert_eq!(key, super::key("https://api.example", &token), "a trailing slash is the same URL");
        assert_ne!(key, super::key("https://api.example", &Secret::new("sk-other")));
        assert_ne!(key, super::key("https://eu.api.example", &token));
        assert!(key.starts_with("seg:budget:{") && key.ends_with('}') && key.len() == "seg:budget:{}".len() + 32);
        assert!(!key.contains("abcdef"));
    }
}
