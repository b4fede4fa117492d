//! The one error type every command returns, and the one place it becomes an exit code (docs/reference/commands.md,
//! "Exit codes"). Messages never carry the token: errors are built from redacted parts, and the printer scrubs what it
//! writes.

use std::fmt;

use crate::wire::Code;

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, Clone, thiserror::Error)]
pub enum Error {
    /// Bad flags or arguments, an invalid name, an unreadable or invalid input file, a refused confirmation.
    #[error("{0}")]
    Usage(String),
    /// No HTTP answer: DNS, refused, reset, TLS, timeout.
    #[error("{0}")]
    Transport(String),
    /// The rate budget shared across machines cannot be used, and `SEG_BUDGET_STRICT=1` forbids the machine's.
    #[error("{0}")]
    Budget(String),
    /// No token from any source.
    #[error("no token configured")]
    NoToken,
    /// The stored token belongs to another base URL, and a stored token goes only where it was stored for.
    /// `stored_for` names the API whose host `stored` is, when it is that API's host and `wanted` the other's.
    #[error("{}", elsewhere(profile, stored, wanted, *stored_for))]
    TokenElsewhere { profile: String, stored: String, wanted: String, stored_for: Option<Service> },
    /// The API answered with an error.
    #[error("{0}")]
    Api(ApiError),
    #[error("interrupted")]
    Interrupted,
    /// stdout was closed by the reader (`seg ... | head`): stop quietly.
    #[error("broken pipe")]
    BrokenPipe,
    /// Anything else; exit 1.
    #[error("{0}")]
    Failed(String),
    /// Some items of a `--each` run failed: exit with their common code, or 1 when they differ.
    #[error("{message}")]
    Bulk { message: String, code: u8 },
    /// An answer, not a fault: the workspace differs from the file (`diff`), or moved since a plan (`apply --plan`);
    /// exit 1, said as a plain line.
    #[error("{0}")]
    Differs(String),
    /// The person at the terminal said no to a question: exit 2, said as a plain line (it is not an error).
    #[error("{0}")]
    Declined(String),
    /// An error the command's output already says (`auth status` reports a missing token in its record): its exit
    /// code, and only its hint on stderr, so that it is said once.
    #[error("{0}")]
    Reported(Box<Error>),
}

/// An error as scripts read it: `{"status", "code", "message", "exit_code"}`; `status` is `null` without an HTTP
/// answer, `code` `null` when the service sent none (docs/reference/commands.md, "Exit codes").
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ErrorReport {
    pub status: Option<u16>,
    pub code: Option<i32>,
    pub message: String,
    pub exit_code: u8,
}

/// An error answer from either API.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    pub status: u16,
    /// The code the service sent, `None` when it sent none (a plain-text 502): what the user is shown. The exit
    /// status comes from [`ApiError::effective_code`], which falls back on the HTTP status.
    pub code: Option<i32>,
    pub message: String,
    /// The request the service refused, when the transport sent it (`None` for an error seg made itself): the hint
    /// fits it.
    pub asked: Option<Asked>,
}

/// One of the service's two APIs, as errors name it (`api::Api` is the client's choice; this module is below it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Service {
    ConfigApi,
    PublicApi,
}

/// What a refused request was: the API it went to and whether it asked to change something. A token refused on a
/// read was not accepted at all; only a write can be refused for its scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asked {
    pub service: Service,
    pub write: bool,
}

impl ApiError {
    /// The code that decides the exit status: the body's, else the status's.
    pub fn effective_code(&self) -> i32 {
        self.code.or_else(|| Code::from_http_status(self.status).map(|c| c as i32)).unwrap_or(Code::Internal as i32)
    }
}

/// A code is shown only when the service sent one (docs/reference/commands.md, "Exit codes"): a code derived from the
/// status would read as the service's word, and a script or a person comparing it with the service's documentation is
/// misled.
impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.code {
            Some(code) => write!(f, "HTTP {} (code {code}): {}", self.status, self.message),
            None => write!(f, "HTTP {}: {}", self.status, self.message),
        }
    }
}

impl Error {
    pub fn usage(msg: impl Into<String>) -> Self {
        Error::Usage(msg.into())
    }

    pub fn failed(msg: impl Into<String>) -> Self {
        Error::Failed(msg.into())
    }

    /// docs/reference/commands.md's exit-code table, in exactly one place.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Failed(_) | Error::Differs(_) => 1,
            Error::Bulk { code, .. } => *code,
            Error::Usage(_) | Error::Declined(_) => 2,
            Error::Transport(_) | Error::Budget(_) => 3,
            Error::NoToken | Error::TokenElsewhere { .. } => 4,
            Error::Api(e) => u8::try_from(10 + e.effective_code()).unwrap_or(23),
            Error::Interrupted => 130,
            Error::BrokenPipe => 0,
            Error::Reported(error) => error.exit_code(),
        }
    }

    /// The error as one JSON line, for `-o json` (docs/reference/commands.md, "Exit codes"); `None` for a closed
    /// stdout, which stays quiet. `code` is the service's, `null` when it sent none, as the human line shows it;
    /// `exit_code` still follows the table.
    pub fn to_json(&self) -> Option<String> {
        let report = self.report()?;
        let text = serde_json::to_string(&serde_json::json!({ "error": report })).ok()?;
        Some(crate::text::escape_json_controls(text))
    }

    /// The error as scripts read it (the `-o json` line, a failed `--each` item); `None` for a closed stdout and
    /// for differences, which are answers.
    pub fn report(&self) -> Option<ErrorReport> {
        let (status, code) = match self {
            Error::BrokenPipe | Error::Differs(_) | Error::Declined(_) | Error::Reported(_) => return None,
            Error::Api(api) => (Some(api.status), api.code),
            _ => (None, None),
        };
        let message = match self {
            Error::Api(api) => api.message.clone(),
            other => other.to_string(),
        };
        Some(ErrorReport { status, code, message, exit_code: self.exit_code() })
    }

    /// A next step for the user, printed as a `hint:` line.
    pub fn hint(&self) -> Option<&'static str> {
        match self {
            Error::Reported(error) => error.hint(),
            Error::NoToken => Some("set SEG_TOKEN, pass --token-file, or run `seg auth login`"),
            Error::Api(e) if e.message == crate::wire::UPSTREAM_ERROR => {
                Some("the URL cannot be routed; check --base-url")
            }
            Error::Api(e) => match e.effective_code() {
                16 | 7 => refused(e),
                8 => Some("the service allows 200 requests a minute; lower --rate-limit or raise --max-retries"),
                5 => Some("check the name and the workspace (-w)"),
                3 => Some(
                    "the service refused a value: --dry-run prints the request without sending it, -vv shows it sent",
                ),
                6 => Some("it exists already: `get` it, or change it with `update`/`patch`"),
                _ => None,
            },
            Error::Transport(_) => Some("check --base-url and your network"),
            Error::Budget(_) => Some(
                "check the budget URL (--budget, SEG_BUDGET_URL, budget_url) and its server; without \
                 SEG_BUDGET_STRICT=1 seg would pace with the machine's budget",
            ),
            _ => None,
        }
    }
}

/// The hint for a refused token (401, 403, or the codes 16 and 7), fitting the API and the request
/// (docs/GETTING-STARTED.md, "Log in"): a write refused for its scope asks for a token that may write; any other
/// refusal is a token the service did not accept, and on the Config API that says where every token made since 2024-02-01 belongs. Exit codes follow
/// the status as always; only the words differ.
fn refused(e: &ApiError) -> Option<&'static str> {
    let service = e.asked.map(|asked| asked.service);
    let write = e.asked.map(|asked| asked.write);
    // The service says a token may not do this (403, code 7): for its scope only when the request was a write, or
    // may have been one, and the service's words say scope.
    let denied = e.effective_code() == 7;
    let for_scope = denied && write != Some(false) && e.message.to_ascii_lowercase().contains("scope");
    Some(match (service, write) {
        (Some(Service::PublicApi), _) if for_scope => {
            "this needs a token with write scope: on the Public API, a role that may change this workspace (tokens \
             and their roles are made in the app's Access Management)"
        }
        _ if for_scope => "this needs a token with write scope (`workspace`)",
        // A 403 on a write that does not say why: an unknown token or one that may only read; a read tells which.
        (_, Some(true)) if denied => {
            "the token was not accepted for this write: it may be unknown, revoked or only allowed to read (`seg \
             auth status` tries it with a read)"
        }
        (Some(Service::ConfigApi), _) => {
            "the token was not accepted: check SEG_TOKEN or run `seg auth login`; tokens made since 2024-02-01 are \
             Public API tokens: `seg auth login --api public`, or pass --api public"
        }
        (Some(Service::PublicApi), _) => {
            "the token was not accepted: check SEG_TOKEN or run `seg auth login --api public`; a token made before \
             2024-02-01 may be a Config API token (--api config)"
        }
        (None, _) if denied => {
            "the token was not accepted: it may be unknown, revoked or only allowed to read; check SEG_TOKEN or run \
             `seg auth login`"
        }
        (None, _) => "the token was not accepted: check SEG_TOKEN or run `seg auth login`",
    })
}

/// The message of a stored token aimed elsewhere: when the two URLs are the hosts of the two APIs, the fix is the
/// API, not another login.
fn elsewhere(profile: &str, stored: &str, wanted: &str, stored_for: Option<Service>) -> String {
    let head = format!("the token stored for profile {profile} belongs to {stored}");
    match stored_for {
        Some(Service::PublicApi) => format!(
            "{head}, the Public API's host, not {wanted}; it is sent only there (pass --api public, or run `seg \
             config set api public`; or `seg auth login --base-url {wanted}`)"
        ),
        Some(Service::ConfigApi) => format!(
            "{head}, the Config API's host, not {wanted}; it is sent only there (pass --api config, or run `seg \
             config set api config`; or `seg auth login --base-url {wanted}`)"
        ),
        None => format!(
            "{head}, not {wanted}; it is sent only there (run `seg auth login --base-url {wanted}`, or pass SEG_TOKEN)"
        ),
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::BrokenPipe { Error::BrokenPipe } else { Error::Failed(e.to_string()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn api(status: u16, code: Option<i32>) -> Error {
        Error::Api(ApiError { status, code, message: String::new(), asked: None })
    }

    #[test]
    fn exit_codes_follow_the_table() {
        assert_eq!(Error::failed("x").exit_code(), 1);
        assert_eq!(Error::usage("x").exit_code(), 2);
        assert_eq!(Error::Transport("x".into()).exit_code(), 3);
        assert_eq!(Error::Budget("x".into()).exit_code(), 3);
        assert_eq!(Error::NoToken.exit_code(), 4);
        assert_eq!(Error::Interrupted.exit_code(), 130);
        let table = [
            (400, 3, 13),
            (404, 5, 15),
            (409, 6, 16),
            (403, 7, 17),
            (429, 8, 18),
            (501, 12, 22),
            (500, 13, 23),
            (503, 14, 24),
            (401, 16, 26),
        ];
        for (status, code, exit) in table {
            assert_eq!(api(status, Some(code)).exit_code(), exit, "body code {code}");
            assert_eq!(api(status, None).exit_code(), exit, "status {status} without a code");
        }
        assert_eq!(api(418, None).exit_code(), 13);
        assert_eq!(api(502, None).exit_code(), 23);
        // A bad token answered with 403 still says what the body says.
        assert_eq!(api(403, Some(16)).exit_code(), 26);
    }

    #[test]
    fn a_refused_token_gets_the_hint_of_its_api_and_request() {
        let refused = |status: u16, code: Option<i32>, message: &str, service: Service, write: bool| {
            let asked = Some(Asked { service, write });
            Error::Api(ApiError { status, code, message: message.into(), asked }).hint().unwrap_or_default()
        };
        // A read is never a matter of scope, whatever the status.
        let read = refused(403, None, "invalid access token", Service::PublicApi, false);
        assert!(read.starts_with("the token was not accepted") && read.contains("--api config"), "{read}");
        let read = refused(401, Some(16), "unauthenticated", Service::ConfigApi, false);
        assert!(read.contains("since 2024-02-01 are Public API tokens"), "{read}");
        let read = refused(403, Some(7), "insufficient scope", Service::ConfigApi, false);
        assert!(read.starts_with("the token was not accepted"), "{read}");
        // A write: scope only when the refusal says so.
        for service in [Service::ConfigApi, Service::PublicApi] {
            let write = refused(403, None, "Insufficient scope", service, true);
            assert!(write.starts_with("this needs a token with write scope"), "{write}");
            let write = refused(403, None, "invalid access token", service, true);
            assert!(write.starts_with("the token was not accepted for this write"), "{write}");
        }
        // An error seg did not get from a request it sent names neither.
        let unknown = Error::Api(ApiError { status: 401, code: None, message: String::new(), asked: None });
        assert_eq!(unknown.hint(), Some("the token was not accepted: check SEG_TOKEN or run `seg auth login`"));
    }

    #[test]
    fn the_code_shown_is_the_one_the_service_sent() {
        let plain = Error::Api(ApiError { status: 502, code: None, message: "Bad Gateway".into(), asked: None });
        assert_eq!(plain.to_string(), "HTTP 502: Bad Gateway");
        let json: serde_json::Value = serde_json::from_str(&plain.to_json().unwrap()).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"error": {"status": 502, "code": null, "message": "Bad Gateway", "exit_code": 23}})
        );
        let sent = Error::Api(ApiError { status: 404, code: Some(5), message: "gone".into(), asked: None });
        assert_eq!(sent.to_string(), "HTTP 404 (code 5): gone");
        let json: serde_json::Value = serde_json::from_str(&sent.to_json().unwrap()).unwrap();
        assert_eq!((json["error"]["code"].as_i64(), json["error"]["exit_code"].as_i64()), (Some(5), Some(15)));
        // A code that differs from the status's is the service's word, shown as sent.
        let odd = Error::Api(ApiError { status: 403, code: Some(16), message: "bad token".into(), asked: None });
        assert_eq!((odd.to_string().as_str(), odd.exit_code()), ("HTTP 403 (code 16): bad token", 26));
    }
}
