//! What a destination's enabled filters do to one event before it is delivered: a filter whose FQL condition
//! matches carries out its actions in order (drop it, keep a deterministic sample of it, keep or remove fields of
//! `properties`, `context`, `traits`). Every decision is recorded for `/_emulator/deliveries`, and so is a filter the
//! emulator cannot evaluate: that filter is not applied, and the record says why (never silently wrong).

use serde::Serialize;
use sha1::{Digest, Sha1};

use crate::json::{JsObject, JsValue};
use crate::wire::fql;
use crate::wire::{Action, DestinationFilter};

/// One filter's effect on one event, as `/_emulator/deliveries` lists it under `filtered`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FilterRecord {
    pub message_id: String,
    pub destination: String,
    pub filter: String,
    pub title: String,
    /// `dropped`, `sampled_out`, `sampled_in`, `fields_kept`, `fields_removed` or `not_evaluated`.
    pub outcome: &'static str,
    pub detail: String,
}

/// The event to deliver after the filters, or `None` when one dropped it; with what each filter did.
pub fn apply(
    filters: &[DestinationFilter],
    event: &JsObject,
    message_id: &str,
    destination: &str,
) -> (Option<JsObject>, Vec<FilterRecord>) {
    let mut event = event.clone();
    let mut records = Vec::new();
    for filter in filters.iter().filter(|f| f.enabled) {
        let record = |outcome, detail: String| FilterRecord {
            message_id: message_id.to_string(),
            destination: destination.to_string(),
            filter: filter.name.clone(),
            title: filter.title.clone(),
            outcome,
            detail,
        };
        // Both were checked when the filter was written; a record of the data file from elsewhere may still fail.
        let parsed = fql::parse(&filter.condition).map_err(|e| format!("its condition does not parse: {e}"));
        let actions = parsed.and_then(|expr| Ok((expr, filter.parsed_actions()?)));
        let (expr, actions) = match actions {
            Ok(both) => both,
            Err(e) => {
                records.push(record("not_evaluated", format!("not applied: {e}")));
                continue;
            }
        };
        match expr.matches(&event) {
            Ok(false) => continue,
            Ok(true) => {}
            Err(unevaluated) => {
                records.push(record(
                    "not_evaluated",
                    format!("not applied: its condition uses {unevaluated}, which the emulator does not evaluate"),
                ));
                continue;
            }
        }
        for action in actions {
            match action {
                Action::Drop => {
                    records.push(record("dropped", format!("{:?} matched", filter.condition)));
                    return (None, records);
                }
                Action::Sample { percent, path } => {
                    let (key, share) = sample_share(&event, &path, message_id);
                    let kept = share < percent;
                    let detail = format!("{key} falls at {share:.4} of 1; events below {percent} are kept");
                    records.push(record(if kept { "sampled_in" } else { "sampled_out" }, detail));
                    if !kept {
                        return (None, records);
                    }
                }
                Action::Allow(groups) => {
                    for (group, names) in &groups {
                        retain(&mut event, group, |key| names.iter().any(|n| n == key));
                    }
                    records.push(record("fields_kept", describe(&groups)));
                }
                Action::Block(groups) => {
                    for (group, names) in &groups {
                        retain(&mut event, group, |key| !names.iter().any(|n| n == key));
                    }
                    records.push(record("fields_removed", describe(&groups)));
                }
            }
        }
    }
    (Some(event), records)
}

/// Where an event falls in 0..1 for sampling: a hash of the value at `path` (dotted, e.g. `userId`), or of the
/// message id when there is no path or no value there. The same value always falls at the same place.
pub fn sample_share(event: &JsObject, path: &str, message_id: &str) -> (String, f64) {
    let value = (!path.is_empty()).then(|| lookup(event, path)).flatten();
    let (key, text) = match value {
        Some(JsValue::String(s)) => (format!("{path} {:?}", s.to_string_lossy()), s.to_string_lossy()),
        Some(other @ (JsValue::Number(_) | JsValue::Bool(_))) => {
            let text = crate::json::stringify(other);
            (format!("{path} {text}"), text)
        }
        _ => (format!("messageId {message_id:?}"), message_id.to_string()),
    };
    let digest = Sha1::digest(text.as_bytes());
    let n = u64::from_be_bytes(digest[..8].try_into().unwrap_or_default());
    (key, (n >> 11) as f64 / (1u64 << 53) as f64)
}

fn lookup<'a>(event: &'a JsObject, path: &str) -> Option<&'a JsValue> {
    let mut segments = path.split('.');
    let mut here = event.get(segments.next()?)?;
    for segment in segments {
        match here {
            JsValue::Object(o) => here = o.get(segment)?,
            _ => return None,
        }
    }
    Some(here)
}

/// Keeps the fields of `event[group]` that `keep` accepts, in their order.
fn retain(event: &mut JsObject, group: &str, keep: impl Fn(&str) -> bool) {
    let Some(JsValue::Object(object)) = event.get(group) else { return };
    let mut kept = JsObject::new();
    for (key, value) in object.iter().filter(|(key, _)| keep(&key.to_string_lossy())) {
        kept.insert(key.clone(), value.clone());
    }
    event.insert(crate::json::JsString::from_str(group), JsValue::Object(kept));
}

fn describe(groups: &[(String, Vec<String>)]) -> String {
    let parts: Vec<String> = groups.iter().map(|(group, names)| format!("{group}: {}", names.join(", "))).collect();
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;
    use crate::wire::fql::tests::event;
    use serde_json::json;

    fn filter(condition: &str, actions: serde_json::Value) -> DestinationFilter {
        DestinationFilter {
            name: "f".into(),
            condition: condition.into(),
            enabled: true,
            actions: serde_json::from_value(actions).unwrap(),
            ..Default::default()
        }
    }

    const TRACK: &str =
        r#"{"type":"track","event":"Order","userId":"u1","properties":{"a":1,"b":2,"c":3},"context":{"ip":"1.2.3.4"}}"#;

    #[test]
    fn drop_only_what_matches() {
        let drop = filter("userId = 'u1'", json!([{"type": "drop_event"}]));
        let (out, records) = apply(std::slice::from_ref(&drop), &event(TRACK), "m", "d");
        assert!(out.is_none());
        assert_eq!(records[0].outcome, "dropped");
        let (out, records) = apply(&[drop], &event(r#"{"type":"track","userId":"u2"}"#), "m", "d");
        assert!(out.is_some() && records.is_empty());
        let disabled = DestinationFilter { enabled: false, ..filter("all", json!([{"type": "drop_event"}])) };
        assert!(apply(&[disabled], &event(TRACK), "m", "d").0.is_some());
    }

    #[test]
    fn field_lists_keep_and_remove() {
        let allow =
            filter("all", json!([{"type": "whitelist_fields", "fields": {"properties": {"fields": ["a", "c"]}}}]));
        let block = filter("all", json!([{"type": "blacklist_fields", "fields": {"context": {"fields": ["ip"]}}}]));
        let (out, records) = apply(&[allow, block], &event(TRACK), "m", "d");
        let out = json::stringify(&JsValue::Object(out.unwrap()));
        assert_eq!(out, r#"{"type":"track","event":"Order","userId":"u1","properties":{"a":1,"c":3},"context":{}}"#);
        assert_eq!(records.iter().map(|r| r.outcome).collect::<Vec<_>>(), ["fields_kept", "fields_removed"]);
    }

    #[test]
    fn sampling_is_deterministic_and_near_its_share() {
        let sample = filter("all", json!([{"type": "sample_event", "percent": 0.3, "path": "userId"}]));
        let mut kept = 0;
        for i in 0..2000 {
            let e = event(&format!(r#"{{"type":"track","userId":"user-{i}"}}"#));
            let first = apply(std::slice::from_ref(&sample), &e, &format!("m{i}"), "d").0.is_some();
            // The same user, another message: the same decision.
            assert_eq!(first, apply(std::slice::from_ref(&sample), &e, "other", "d").0.is_some());
            kept += usize::from(first);
        }
        assert!((500..700).contains(&kept), "{kept} of 2000 kept at 0.3");
    }

    #[test]
    fn a_filter_the_emulator_cannot_evaluate_is_not_applied_and_says_so() {
        let f = filter("hash(userId) = 'x'", json!([{"type": "drop_event"}]));
        let (out, records) = apply(&[f], &event(TRACK), "m", "d");
        assert!(out.is_some());
        assert_eq!(records[0].outcome, "not_evaluated");
        assert!(records[0].detail.contains("hash()"), "{}", records[0].detail);
    }
}
