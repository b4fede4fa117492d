//! Public clients of the service, replayed against the emulator: each case of `fixtures/clients/*.json` is a request
//! one client sends (method, path, exact body) and the answer fields it parses, read from its source and test
//! fixtures (the README there cites each). Every case must get the status the client accepts and every field it
//! parses, with the JSON type its recorded answer has.
//!
//! The fixtures are not one session: a case may name a source, destination, plan or filter that no earlier case
//! made. Those are made first through the API, and a fixture's placeholder ids (`rs_123abc`, `df_...`) are
//! replaced with the ids the emulator generated. Where a hand-written fixture contradicts docs/reference/config-api.md,
//! the case is listed in [`DEPARTURES`] with the answer the emulator gives instead and why.

use std::collections::HashMap;
use std::path::Path;

use seg::emulator::EmulatorOptions;
use serde_json::{Value, json};

use crate::support::TestEnv;

/// Cases whose fixture contradicts docs/reference/config-api.md: (client, case, the status the emulator answers, why).
const DEPARTURES: [(&str, &str, u16, &str); 1] = [(
    "ajbosco/segment-config-go",
    "destination_update",
    400,
    "the hand-written fixture sets a config item named `test-config`, which is no Google Analytics setting; \
     the emulator checks settings against the catalog (400 / code 3), as docs/reference/config-api.md says",
)];

fn fixture(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/fixtures/clients").join(name);
    serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A seed that teaches the catalog the destination slugs the fixtures use and it lacks.
fn seed(dir: &Path, workspace: &str) -> std::path::PathBuf {
    let path = dir.join("seed.yaml");
    let text = format!(
        "format: seg/1\napi_version: v1beta\nworkspace: {workspace}\nsources:\n  catalog-holder:\n    \
         catalog_name: catalog/sources/javascript\n    destinations:\n      test-dest: {{enabled: false}}\n"
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// Replays one client's cases in order and returns how many ran.
async fn replay(file: &str, workspace: &str) -> usize {
    let fixture = fixture(file);
    let client = fixture["client"].as_str().unwrap().to_string();
    let dir = tempfile::tempdir().unwrap();
    let options = EmulatorOptions {
        workspaces: vec!["test-workspace".into(), "myworkspace".into()],
        seed: Some(seed(dir.path(), workspace)),
        rate_limit: 0,
        ..EmulatorOptions::default()
    };
    let env = TestEnv::with(options).await;
    let mut world = World { env: &env, ids: HashMap::new() };
    let cases = fixture["cases"].as_array().unwrap();
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let method = case["method"].as_str().unwrap().to_ascii_uppercase();
        // A case that expects 404 names what a case before it deleted: nothing is made for it.
        let path = case["path"].as_str().unwrap();
        let path = if case["expect_status"] == 404 {
            world.substitute(path)
        } else {
            world.prepare(path, &method, &case["body"]).await
        };
        let body = (!case["body"].is_null()).then(|| world.substitute(&case["body"].to_string()));
        let answer = env
            .raw(&method, &format!("/v1beta{path}"), Some(crate::support::WRITE), body.map(String::into_bytes))
            .await;
        let at = format!("{client} {name}: {method} {path}");
        let departure = DEPARTURES.iter().find(|(c, n, ..)| *c == client && *n == name);
        let expected = departure.map_or_else(|| case["expect_status"].as_u64().unwrap() as u16, |d| d.2);
        assert_eq!(answer.status, expected, "{at}: {}", answer.text);
        if answer.status != 200 {
            continue;
        }
        world.remember(&case["body"], &answer.json);
        for parsed in case["parses"].as_array().unwrap() {
            let parsed = parsed.as_str().unwrap();
            if parsed.contains("exactly {}") {
                assert_eq!(answer.text.trim(), "{}", "{at}");
            } else if parsed.starts_with('(') {
                assert!(answer.json.is_object(), "{at}: {}", answer.text);
            } else {
                let fixture_value = case.get("response_fixture").filter(|f| !f.is_null());
                check_parsed(&answer.json, fixture_value, parsed, &at);
            }
        }
    }
    env.stop().await;
    cases.len()
}

/// The value at a dotted path where `name[]` steps into every element of an array: each must exist (an optional
/// field the answer leaves out is `null` to a Go or TypeScript client, so only its type is checked when present),
/// and have the JSON type of the recorded answer's value at the same place.
fn check_parsed(answer: &Value, recorded: Option<&Value>, path: &str, at: &str) {
    fn walk<'v>(value: &'v Value, steps: &[&str], out: &mut Vec<&'v Value>) {
        let Some((step, rest)) = steps.split_first() else {
            out.push(value);
            return;
        };
        match step.strip_suffix("[]") {
            Some(key) => {
                for item in value.get(key).and_then(Value::as_array).into_iter().flatten() {
                    walk(item, rest, out);
                }
            }
            None => {
                if let Some(next) = value.get(step) {
                    walk(next, rest, out);
                }
            }
        }
    }
    let steps: Vec<&str> = path.split('.').collect();
    let mut found = Vec::new();
    walk(answer, &steps, &mut found);
    let (first, optional) = (steps[0], steps.len() > 1 && !steps[0].ends_with("[]"));
    if !optional && !first.ends_with("[]") {
        assert!(!found.is_empty(), "{at}: the answer has no {path}: {answer}");
    }
    let mut expected = Vec::new();
    if let Some(recorded) = recorded {
        walk(recorded, &steps, &mut expected);
    }
    let kind = |v: &Value| match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    if let Some(want) = expected.iter().map(|v| kind(v)).find(|k| *k != "null") {
        for got in &found {
            assert!(
                kind(got) == want || got.is_null(),
                "{at}: {path} is a {} ({got}), the client reads a {want}",
                kind(got)
            );
        }
    }
}

/// What the replay has made: the ids the emulator generated for the fixtures' placeholders.
struct World<'e> {
    env: &'e TestEnv,
    /// Placeholder id in a fixture → generated id.
    ids: HashMap<String, String>,
}

impl World<'_> {
    fn substitute(&self, text: &str) -> String {
        self.ids.iter().fold(text.to_string(), |text, (placeholder, id)| text.replace(placeholder, id))
    }

    /// Makes what the case's path names and does not create itself; returns the path with generated ids.
    async fn prepare(&mut self, path: &str, method: &str, body: &Value) -> String {
        let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        let ws = segments[1];
        // A source named in the path or in a connection body.
        let mut sources: Vec<String> = Vec::new();
        if segments.get(2) == Some(&"sources") && segments.len() > 3 {
            sources.push(segments[3].to_string());
        }
        if let Some(source) = body.get("source_name").and_then(Value::as_str) {
            sources.push(source.rsplit('/').next().unwrap().to_string());
        }
        if segments.get(2) == Some(&"tracking-plans") && segments.len() > 5 {
            sources.push(segments[5].to_string());
        }
        for source in sources {
            self.ensure(&format!("/workspaces/{ws}/sources/{source}"), || {
                json!({"source": {"name": format!("workspaces/{ws}/sources/{source}"),
                                  "catalog_name": "catalog/sources/javascript"}})
            })
            .await;
        }
        // A destination below a source (not the one a POST to the collection creates).
        if segments.get(4) == Some(&"destinations") && segments.len() > 5 {
            let (src, dst) = (segments[3], segments[5]);
            self.ensure(
                &format!("/workspaces/{ws}/sources/{src}/destinations/{dst}"),
                || json!({"destination": {"name": format!("workspaces/{ws}/sources/{src}/destinations/{dst}")}}),
            )
            .await;
        }
        // A tracking plan or a filter by a placeholder id: made once, then the same one.
        for (i, segment) in segments.iter().enumerate() {
            let (collection, kind) = match *segment {
                s if s.starts_with("rs_") => (segments[..i].join("/"), "plan"),
                s if s.starts_with("df_") => (segments[..6].join("/") + "/filters", "filter"),
                _ => continue,
            };
            // Bound to one that a case deleted since: made again.
            if let Some(id) = self.ids.get(*segment) {
                let bound = self.substitute(&format!("{collection}/{id}"));
                if self.env.get(&format!("/v1beta/{bound}")).await.status == 200 {
                    continue;
                }
            }
            let made = if kind == "plan" {
                json!({"tracking_plan": {"display_name": format!("plan for {segment}")}})
            } else {
                json!({"filter": {"title": format!("filter for {segment}"), "if": "all", "enabled": true,
                                  "actions": [{"type": "drop_event"}]}})
            };
            let answer = self.env.call("POST", &format!("/v1beta/{collection}"), Some(made)).await;
            assert_eq!(answer.status, 200, "making {collection} for {segment}: {}", answer.text);
            let id = answer.json["name"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
            self.ids.insert(segment.to_string(), id);
        }
        // A connection the case deletes.
        if method == "DELETE" && segments.get(4) == Some(&"source-connections") {
            let plan = self.substitute(&segments[..4].join("/"));
            let body = json!({"source_name": format!("workspaces/{ws}/sources/{}", segments[5])});
            self.env.call("POST", &format!("/v1beta/{plan}/source-connections"), Some(body)).await;
        }
        self.substitute(path)
    }

    /// Creates `path` with `body` unless it exists.
    async fn ensure(&self, path: &str, body: impl FnOnce() -> Value) {
        if self.env.get(&format!("/v1beta{path}")).await.status == 200 {
            return;
        }
        let collection = &path[..path.rfind('/').unwrap()];
        let answer = self.env.call("POST", &format!("/v1beta{collection}"), Some(body())).await;
        assert_eq!(answer.status, 200, "making {path}: {}", answer.text);
    }

    /// A filter create whose body names a placeholder id (`"name": ".../filters/df_..."`): later cases name the
    /// filter it made by that placeholder.
    fn remember(&mut self, body: &Value, answer: &Value) {
        let placeholder = body["filter"]["name"].as_str().and_then(|n| n.rsplit('/').next()).unwrap_or_default();
        let made = answer["name"].as_str().and_then(|n| n.rsplit('/').next()).unwrap_or_default();
        if placeholder.starts_with("df_") && made.starts_with("df_") && !self.ids.contains_key(placeholder) {
            self.ids.insert(placeholder.to_string(), made.to_string());
        }
    }
}

#[tokio::test]
async fn ajbosco_go_client_gets_what_it_parses() {
    assert!(replay("ajbosco-segment-config-go.json", "test-workspace").await >= 25);
}

#[tokio::test]
async fn fenderdigital_go_client_gets_what_it_parses() {
    assert!(replay("fenderdigital-segment-config-go.json", "test-workspace").await >= 8);
}

#[tokio::test]
async fn forteil_terraform_provider_gets_what_it_parses() {
    assert!(replay("forteilgmbh-terraform-provider-segment.json", "myworkspace").await >= 20);
}

#[tokio::test]
async fn uswitch_terraform_provider_gets_what_it_parses() {
    assert!(replay("uswitch-terraform-provider-segment.json", "myworkspace").await >= 8);
}

/// The 2022 service named filters `<destination>/config/<hex>/filters/df_...`; the forteil provider reads the id
/// as the name's tenth segment, and GETs, PATCHes and DELETEs by either form.
#[tokio::test]
async fn filter_names_have_the_form_a_terraform_provider_reads() {
    let env = TestEnv::start().await;
    env.create_source("demo", "web").await;
    let dst = "/v1beta/workspaces/demo/sources/web/destinations";
    let created = env
        .call("POST", dst, Some(json!({"destination": {"name": "workspaces/demo/sources/web/destinations/webhooks"}})))
        .await;
    assert_eq!(created.status, 200, "{}", created.text);
    let body = json!({"filter": {"name": "", "title": "t", "if": "type = \"identify\"",
                                 "actions": [{"type": "drop_event"}], "enabled": true},
                      "update_mask": {"paths": ["if"]}});
    let filter = env.call("POST", &format!("{dst}/webhooks/filters"), Some(body)).await;
    assert_eq!(filter.status, 200, "{}", filter.text);
    let name = filter.json["name"].as_str().unwrap();
    let segments: Vec<&str> = name.split('/').collect();
    assert_eq!((segments.len(), segments[6], segments[8]), (10, "config", "filters"), "{name}");
    assert!(segments[7].chars().all(|c| c.is_ascii_hexdigit()) && segments[9].starts_with("df_"), "{name}");
    let short = format!("{dst}/webhooks/filters/{}", segments[9]);
    assert_eq!(env.get(&short).await.json["name"], name);
    assert_eq!(env.get(&format!("/v1beta/{name}")).await.json["name"], name);
    let patch = json!({"filter": {"enabled": false}, "update_mask": {"paths": ["enabled"]}});
    let patched = env.call("PATCH", &format!("/v1beta/{name}"), Some(patch)).await;
    assert_eq!(patched.json["enabled"], false, "{}", patched.text);
    assert_eq!(env.call("DELETE", &short, None).await.text, "{}");
    env.get(&short).await.assert_error(404, 5);
    env.stop().await;
}
