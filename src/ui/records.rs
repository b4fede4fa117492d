//! seg's own output records: what seg reports that the service did not send. A resource is printed exactly as the
//! service answered it (CLI.md); these are the other documents seg prints, each a `Serialize` type here, so that
//! its keys are fixed in one place, whatever the count or the outcome, and a script can rely on them.

use serde::Serialize;
use serde_json::value::RawValue;

use crate::error::ErrorReport;

// ---- resources ----

/// One result line of a `--each` run: the item's name, whether it succeeded, the service's answer as it sent it
/// (a created source with its write keys), or the error.
#[derive(Debug, Clone, Serialize)]
pub struct EachResult {
    pub name: String,
    pub ok: bool,
    /// The answer's text (numbers as the service spelled them), written into the line as it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorReport>,
}

/// One request of `seg regulations create`: the service's answer as it sent it (`regulate_id`), and how many user
/// ids the request carried.
#[derive(Debug, Clone, Serialize)]
pub struct RegulationSent {
    #[serde(flatten)]
    pub answer: indexmap::IndexMap<String, Box<RawValue>>,
    pub users: usize,
}

// ---- config ----

/// `seg config list -o json`: the profile's settings that are set (`config::profile::KEYS`, in that order).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ProfileSettings {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workspace: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// Its password masked (`config get budget_url` shows it whole).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget_url: Option<String>,
}

impl ProfileSettings {
    /// The settings `get` gives for each key.
    pub fn of(get: impl Fn(&str) -> Option<String>) -> ProfileSettings {
        ProfileSettings {
            api: get("api"),
            region: get("region"),
            base_url: get("base_url"),
            api_version: get("api_version"),
            workspace: get("workspace"),
            output: get("output"),
            budget_url: get("budget_url"),
        }
    }
}

// ---- auth ----

/// `seg auth status`: where the token comes from and whether it works, and the profile's settings.
#[derive(Debug, Clone, Default, Serialize)]
pub struct AuthStatus {
    pub profile: String,
    /// `config` or `public`.
    pub api: String,
    /// The Public API's region (`us`, `eu`); `null` on the Config API, which has one host.
    pub region: Option<String>,
    pub base_url: String,
    /// The Config API's path prefix; `null` on the Public API, which has none.
    pub api_version: Option<String>,
    pub workspace: Option<String>,
    pub output: String,
    pub keyring: String,
    /// `null` when no token is configured.
    pub token_source: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token_works: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workspaces: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

// ---- webhook ----

/// One request of `seg webhook log -o json`: the journal entry with the credentials in its headers masked (as
/// `listen` and the inspector show them), and the codes of its causes.
#[derive(Debug, Clone, Serialize)]
pub struct LoggedRequest {
    #[serde(flatten)]
    pub entry: crate::webhook::journal::Entry,
    /// `causes[].code`, for a table column and quick filters.
    pub cause_codes: Vec<String>,
}

impl LoggedRequest {
    pub fn of(entry: &crate::webhook::journal::Entry) -> LoggedRequest {
        let mut entry = entry.clone();
        let masked = crate::secret::redact_headers(entry.headers.iter().map(|h| (h.name.as_str(), h.value.as_str())));
        for (header, (_, value)) in entry.headers.iter_mut().zip(masked) {
            header.value = value;
        }
        let cause_codes = entry.causes.iter().map(|c| c.code.clone()).collect();
        LoggedRequest { entry, cause_codes }
    }
}

/// One request `seg webhook replay` sent: its status, or why there was none.
#[derive(Debug, Clone, Serialize)]
pub struct Replayed {
    /// The journal's id of the request.
    pub id: u64,
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// What went wrong without an answer (refused, timeout, TLS ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub latency_ms: u64,
}

/// One message `seg webhook send` sent (`-o json`: an array of these, one per message; `-o ndjson`: one a line). The
/// keys are the same whatever the count and the outcome.
#[derive(Debug, Clone, Serialize)]
pub struct SentMessage {
    /// Its place in the order of sending, from 1: every body in turn (the types of `--all-types` in order), `--count`
    /// times over.
    pub message: u64,
    /// The body's `type`, when it has one.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// Whether any URL answered 2xx.
    pub delivered: bool,
    /// Every request of every attempt, in order.
    pub attempts: Vec<SendAttempt>,
    /// From the first request to the answer that delivered it (or the last failure).
    pub elapsed_ms: u64,
}

/// One request of one attempt of `seg webhook send`.
#[derive(Debug, Clone, Serialize)]
pub struct SendAttempt {
    /// 1 for the first attempt, 2 for the first retry, ...
    pub attempt: u32,
    pub url: String,
    /// The HTTP status, when there was an answer.
    pub status: Option<u16>,
    /// What went wrong without an answer.
    pub error: Option<String>,
    pub latency_ms: u64,
    /// `delivered`, `temporary` (retried while the window lasts), `permanent`, or `cancelled` (cut off in flight:
    /// another URL took the message first, or the send was interrupted).
    pub class: crate::webhook::deliver::Class,
}

impl SentMessage {
    pub fn of(message: u64, kind: Option<String>, report: &crate::webhook::deliver::Report) -> SentMessage {
        let attempts = report
            .attempts
            .iter()
            .map(|a| SendAttempt {
                attempt: a.attempt,
                url: a.url.clone(),
                status: a.status,
                error: a.error.clone(),
                latency_ms: millis(a.latency),
                class: a.class,
            })
            .collect();
        SentMessage { message, kind, delivered: report.delivered, attempts, elapsed_ms: millis(report.elapsed) }
    }
}

/// Whole milliseconds, rounded.
pub fn millis(duration: std::time::Duration) -> u64 {
    u64::try_from((duration.as_micros() + 500) / 1000).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::webhook::deliver::{Attempt, Class, Report};
    use std::time::Duration;

    #[test]
    fn profile_settings_are_the_profiles_keys_in_order() {
        let all = ProfileSettings::of(|key| Some(format!("v-{key}")));
        let value = serde_json::to_value(&all).unwrap();
        let keys: Vec<&str> = value.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, crate::config::profile::KEYS, "a key of the profile with no field here, or out of order");
        assert_eq!(value["base_url"], "v-base_url");
        assert_eq!(serde_json::to_string(&ProfileSettings::of(|_| None)).unwrap(), "{}");
    }

    #[test]
    fn a_sent_message_has_the_same_keys_whatever_its_outcome() {
        let keys = |value: serde_json::Value| value.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
        let attempt = Attempt {
            attempt: 1,
            url: "http://h/".into(),
            status: None,
            error: Some("refused".into()),
            latency: Duration::from_micros(1_499),
            class: Class::Temporary,
        };
        let failed =
            Report { delivered: false, attempts: vec![attempt], elapsed: Duration::from_micros(2_500), stopped: false };
        let none = Report { delivered: true, attempts: Vec::new(), elapsed: Duration::ZERO, stopped: false };
        let failed = serde_json::to_value(SentMessage::of(1, None, &failed)).unwrap();
        let none = serde_json::to_value(SentMessage::of(2, Some("track".into()), &none)).unwrap();
        assert_eq!(keys(failed.clone()), ["message", "type", "delivered", "attempts", "elapsed_ms"]);
        assert_eq!(keys(failed.clone()), keys(none));
        assert_eq!(failed["elapsed_ms"], 3);
        assert_eq!(failed["attempts"][0]["latency_ms"], 1);
        assert_eq!(keys(failed["attempts"][0].clone()), ["attempt", "url", "status", "error", "latency_ms", "class"]);
    }
}
