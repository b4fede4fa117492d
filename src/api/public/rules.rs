//! How a tracking plan's rules are written on the Public API, decided in one place for the adapter that sends the
//! calls and the count that tells them before (`writes`). The service takes at most 200 rules in a replace or an
//! upsert, and no replace onto a plan holding more than 200 (`wire::public::RULES_PER_CALL`). So: a plan that holds
//! at most 200 rules and gets at most 200 has them replaced with one `PUT …/rules`, as a small plan always was; any
//! other gets the rules that are new or differ upserted with `PATCH …/rules` in calls of at most 200, then the rules
//! it holds that the new set does not keep removed with `DELETE …/rules?rules[0][type]=…` in calls of at most 200
//! rules and 8 KiB of query. Every rule the new set keeps is there at every moment; the unchanged ones are not sent.
//! A rule is known by its type, key and version, and compared in the form a plan's rules compare in
//! (`TrackingPlan::rules_compared`), so what the plan calls the same is not written again.

use std::collections::{HashMap, HashSet};

use http::Method;

use crate::wire::TrackingPlan;
use crate::wire::public::{RULES_PER_CALL, RuleInput, UpsertRule, map};

/// The longest query a removal carries, in bytes as sent (form-encoded).
pub const MAX_QUERY: usize = 8 * 1024;

/// One write of a plan's rules.
#[derive(Debug, Clone, PartialEq)]
pub enum RuleWrite {
    /// `PUT …/rules`: the plan's rules become these.
    Replace(Vec<RuleInput>),
    /// `PATCH …/rules`: these are added, or replace the plan's rule of their type, key and version.
    Upsert(Vec<UpsertRule>),
    /// `DELETE …/rules` with this query, naming the rules removed.
    Remove(Vec<(String, String)>),
}

impl RuleWrite {
    /// The method of the call.
    pub fn method(&self) -> Method {
        match self {
            RuleWrite::Replace(_) => Method::PUT,
            RuleWrite::Upsert(_) => Method::PATCH,
            RuleWrite::Remove(_) => Method::DELETE,
        }
    }
}

/// The calls that make a plan holding `held` hold `new` instead (in this order). A plan that holds at most
/// [`RULES_PER_CALL`] and gets at most as many: one replace, whatever it holds (as a small plan's rules were always
/// written). Otherwise the upserts of what is new or differs, then the removals; none when nothing changes.
pub fn writes(held: &[RuleInput], new: &[RuleInput]) -> Vec<RuleWrite> {
    if held.len() <= RULES_PER_CALL && new.len() <= RULES_PER_CALL {
        return vec![RuleWrite::Replace(new.to_vec())];
    }
    // Each set by identity, so a plan of tens of thousands of rules is compared in one pass over each.
    let mut by_identity: HashMap<(&str, Option<&str>, u64), Vec<&RuleInput>> = HashMap::new();
    for old in held {
        by_identity.entry(old.identity()).or_default().push(old);
    }
    let kept: HashSet<(&str, Option<&str>, u64)> = new.iter().map(RuleInput::identity).collect();
    let upserts: Vec<UpsertRule> = new
        .iter()
        .filter(|rule| !by_identity.get(&rule.identity()).is_some_and(|olds| olds.iter().any(|old| same(old, rule))))
        .map(|rule| UpsertRule { new_key: None, rule: rule.clone() })
        .collect();
    let removed: Vec<&RuleInput> = held.iter().filter(|old| !kept.contains(&old.identity())).collect();
    let mut out: Vec<RuleWrite> = upserts.chunks(RULES_PER_CALL).map(|c| RuleWrite::Upsert(c.to_vec())).collect();
    out.extend(removals(&removed).into_iter().map(RuleWrite::Remove));
    out
}

/// Whether two rules of one identity say the same, as a plan's rules compare.
fn same(a: &RuleInput, b: &RuleInput) -> bool {
    let compared = |rule: &RuleInput| {
        map::rules_from_public(std::slice::from_ref(rule)).map(|rules| TrackingPlan::rules_compared(&rules)).ok()
    };
    a == b || compared(a).is_some_and(|a| Some(a) == compared(b))
}

/// The removals' queries: `rules[i][type]`, `rules[i][key]` (when the rule has one), `rules[i][version]` for each,
/// numbered from 0 in each call, at most [`RULES_PER_CALL`] rules and [`MAX_QUERY`] bytes encoded a call. A rule
/// whose naming alone is longer goes alone (the service's rules have keys far shorter).
pub fn removals(rules: &[&RuleInput]) -> Vec<Vec<(String, String)>> {
    let mut calls = Vec::new();
    let (mut query, mut count, mut length) = (Vec::new(), 0, 0);
    for rule in rules {
        let mut pairs = named(count, rule);
        let mut more = encoded_len(&pairs);
        if count > 0 && (count == RULES_PER_CALL || length + 1 + more > MAX_QUERY) {
            calls.push(std::mem::take(&mut query));
            (count, length) = (0, 0);
            pairs = named(0, rule);
            more = encoded_len(&pairs);
        }
        length += if count == 0 { more } else { 1 + more };
        count += 1;
        query.extend(pairs);
    }
    if !query.is_empty() {
        calls.push(query);
    }
    calls
}

/// A rule named for removal, the `n`th of its call.
fn named(n: usize, rule: &RuleInput) -> Vec<(String, String)> {
    let mut pairs = vec![(format!("rules[{n}][type]"), rule.kind.clone())];
    if let Some(key) = &rule.key {
        pairs.push((format!("rules[{n}][key]"), key.clone()));
    }
    pairs.push((format!("rules[{n}][version]"), rule.version.to_string()));
    pairs
}

/// The length of pairs as a URL's query carries them (as the transport encodes them: `Url::query_pairs_mut`).
pub fn encoded_len(pairs: &[(String, String)]) -> usize {
    form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish().len()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn track(key: &str, schema: serde_json::Value) -> RuleInput {
        RuleInput { kind: "TRACK".into(), key: Some(key.into()), json_schema: schema, version: 1 }
    }

    fn many(n: usize, prefix: &str) -> Vec<RuleInput> {
        (0..n).map(|i| track(&format!("{prefix} {i:04}"), json!({"properties": {}}))).collect()
    }

    #[test]
    fn small_plans_get_one_replace() {
        let new = many(200, "Event");
        assert_eq!(writes(&many(200, "Old"), &new), vec![RuleWrite::Replace(new.clone())]);
        assert_eq!(writes(&[], &[]), vec![RuleWrite::Replace(Vec::new())]);
    }

    #[test]
    fn a_large_plan_is_upserted_in_200s() {
        let new = many(450, "Event");
        let calls = writes(&[], &new);
        let sizes: Vec<usize> = calls
            .iter()
            .map(|c| match c {
                RuleWrite::Upsert(rules) => rules.len(),
                other => panic!("not an upsert: {other:?}"),
            })
            .collect();
        assert_eq!(sizes, [200, 200, 50]);
        let sent: Vec<RuleInput> = calls
            .into_iter()
            .flat_map(|c| match c {
                RuleWrite::Upsert(rules) => rules.into_iter().map(|u| u.rule).collect::<Vec<_>>(),
                _ => Vec::new(),
            })
            .collect();
        assert_eq!(sent, new);
    }

    #[test]
    fn only_changes_are_sent_upserts_first() {
        let held = many(450, "Event");
        // Nothing changes: nothing is sent.
        assert_eq!(writes(&held, &held), Vec::new());
        let mut new: Vec<RuleInput> = held[100..].to_vec();
        new[0].json_schema = json!({"properties": {"changed": {}}});
        new.extend(many(3, "Added"));
        let calls = writes(&held, &new);
        let upserted: Vec<&str> = calls
            .iter()
            .filter_map(|c| match c {
                RuleWrite::Upsert(rules) => Some(rules.iter().map(|u| u.rule.key.as_deref().unwrap())),
                _ => None,
            })
            .flatten()
            .collect();
        assert_eq!(upserted, ["Event 0100", "Added 0000", "Added 0001", "Added 0002"]);
        let first_removal = calls.iter().position(|c| c.method() == Method::DELETE).unwrap();
        assert!(calls[..first_removal].iter().all(|c| c.method() == Method::PATCH));
        assert!(calls[first_removal..].iter().all(|c| c.method() == Method::DELETE));
        let removed: usize = calls
            .iter()
            .filter_map(|c| match c {
                RuleWrite::Remove(query) => Some(query.iter().filter(|(k, _)| k.ends_with("[type]")).count()),
                _ => None,
            })
            .sum();
        assert_eq!(removed, 100);
        // A description moved into the schema, as the service may hold it, is the same rule.
        let mut as_held = held.clone();
        as_held[0].json_schema = json!({"properties": {}, "description": ""});
        assert_eq!(writes(&as_held, &held), Vec::new());
    }

    #[test]
    fn removals_keep_to_200_rules_and_8_kib() {
        let short = many(450, "E");
        let short: Vec<&RuleInput> = short.iter().collect();
        for query in removals(&short) {
            assert!(encoded_len(&query) <= MAX_QUERY);
            assert!(query.iter().filter(|(k, _)| k.ends_with("[type]")).count() <= RULES_PER_CALL);
            assert_eq!(query[0].0, "rules[0][type]");
        }
        // Rules without a key, the shortest there are.
        let tiny: Vec<RuleInput> = (0..450)
            .map(|i| RuleInput { kind: "PAGE".into(), key: None, json_schema: json!(null), version: i })
            .collect();
        let tiny: Vec<&RuleInput> = tiny.iter().collect();
        let counts: Vec<usize> =
            removals(&tiny).iter().map(|q| q.iter().filter(|(k, _)| k.ends_with("[type]")).count()).collect();
        assert_eq!(counts.iter().sum::<usize>(), 450);
        assert!(counts.iter().all(|c| *c <= RULES_PER_CALL));
        // Long keys: the query binds first, and every rule is named once.
        let long: Vec<RuleInput> = (0..60).map(|i| track(&format!("{i:03} {}", "ü".repeat(100)), json!({}))).collect();
        let long: Vec<&RuleInput> = long.iter().collect();
        let queries = removals(&long);
        assert!(queries.len() > 1);
        assert!(queries.iter().all(|q| encoded_len(q) <= MAX_QUERY));
        assert_eq!(queries.iter().map(|q| q.len() / 3).sum::<usize>(), 60);
        // A rule longer than a query goes alone.
        let huge = [track(&"x".repeat(MAX_QUERY), json!({})), track("small", json!({}))];
        let huge: Vec<&RuleInput> = huge.iter().collect();
        assert_eq!(removals(&huge).len(), 2);
    }
}
