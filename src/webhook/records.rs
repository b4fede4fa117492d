//! What the webhook commands print of their own (`webhook log`, `replay`, `send`): `Serialize` records, beside the
//! engines that make them; `ui` prints them as it prints any record.

use serde::Serialize;

/// One request of `seg webhook log -o json`: the journal entry with the credentials in its headers masked (as
/// `listen` and the inspector show them), and the codes of its causes.
#[derive(Debug, Clone, Serialize)]
pub struct LoggedRequest {
    #[serde(flatten)]
    pub entry: super::journal::Entry,
    /// `causes[].code`, for a table column and quick filters.
    pub cause_codes: Vec<String>,
}

impl LoggedRequest {
    pub fn of(entry: &super::journal::Entry) -> LoggedRequest {
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
    pub class: super::deliver::Class,
}

impl SentMessage {
    pub fn of(message: u64, kind: Option<String>, report: &super::deliver::Report) -> SentMessage {
        let attempts = report
            .attempts
            .iter()
            .map(|a| SendAttempt {
                attempt: a.attempt,
                url: a.url.clone(),
                status: a.status,
                error: a.error.clone(),
                latency_ms: crate::ui::records::millis(a.latency),
                class: a.class,
            })
            .collect();
        SentMessage {
            message,
            kind,
            delivered: report.delivered,
            attempts,
            elapsed_ms: crate::ui::records::millis(report.elapsed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::webhook::deliver::{Attempt, Class, Report};
    use std::time::Duration;

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
