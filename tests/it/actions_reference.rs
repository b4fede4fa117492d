//! seg's Webhooks (Actions) engines (`wire::actions`: triggers, the mapping kit, the `send` action) judged by the
//! reference packages themselves, never by a copy of their logic: `tests/actions/judge.js` calls `parseFql` and
//! `validate` of @segment/destination-subscriptions, `transform` of @segment/actions-core and the Webhooks (Actions)
//! destination of @segment/action-destinations (run by actions-core, its requests captured before they leave), all
//! pinned (tests/actions: package-lock.json and fetch-webhook.sh, which .ci/run runs). Each test generates a corpus
//! from a seed (events of every type with missing, nested, unicode and numeric edge values; triggers with every
//! operator, combination and malformation; mappings with every directive, nested; settings for `send`), asks one
//! node process for all of it, and requires seg's answer to equal node's for every case, printing the first that
//! differ and the seed to replay them with. Without node or the packages the tests skip, unless CI is set.
//!
//! The departures, by design: what seg refuses as unsupported (`@liquid`; a lookup that reaches a JavaScript
//! built-in such as `constructor` instead of data), and the wording of parse errors the reference reports as a
//! TypeError about `undefined` (seg names the cause; errors the reference words itself must match).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::Value;

use seg::json::{self, JsObject, JsValue};
use seg::wire::actions::mapping::{Mapping, MappingError};
use seg::wire::actions::send::{self, SendError};
use seg::wire::actions::trigger::{EvalError, Trigger};

/// Set to replay a failing run; otherwise each run draws a new seed and names it in any failure.
const SEED_VAR: &str = "SEG_ACTIONS_SEED";

/// The reference's message for every lexical error and unbalanced group (seg words these itself).
const UNDEFINED_TYPE: &str = "Cannot read properties of undefined (reading 'type')";

/// The folder of the pinned packages, or None (said on stderr) when node or they are missing and CI is not set.
pub(crate) fn installed(test: &str) -> Option<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/actions");
    let needed = [
        "node_modules/@segment/actions-core/package.json",
        "node_modules/@segment/destination-subscriptions/package.json",
        "vendor/action-destinations/dist/destinations/webhook/index.js",
    ];
    let present = needed.iter().all(|p| folder.join(p).exists());
    let node = Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success());
    if present && node {
        return Some(folder);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI is set but the reference packages are not installed: run `npm ci --prefix tests/actions` and \
         tests/actions/fetch-webhook.sh (.ci/run does)"
    );
    let line = format!(
        "SKIPPED {test}: no node or tests/actions packages (npm ci --prefix tests/actions; tests/actions/fetch-webhook.sh); \
         CI would fail here\n"
    );
    let _ = std::io::stderr().write_all(line.as_bytes());
    None
}

/// One node process answering every case, in order.
pub(crate) fn judge(folder: &Path, cases: &[String]) -> Vec<String> {
    let mut child = Command::new("node")
        .arg("judge.js")
        .current_dir(folder)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run node");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = cases.join("\n") + "\n";
    // The judge reads everything before it answers, so writing first cannot deadlock.
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("wait for node");
    writer.join().expect("writer").expect("write the cases");
    assert!(output.status.success(), "the judge failed: {}", String::from_utf8_lossy(&output.stderr));
    let answers: Vec<String> = String::from_utf8(output.stdout).expect("utf-8").lines().map(str::to_owned).collect();
    assert_eq!(answers.len(), cases.len(), "the judge answered {} of {} cases", answers.len(), cases.len());
    answers
}

pub(crate) fn seed() -> (u64, String) {
    let seed = match std::env::var(SEED_VAR) {
        Ok(seed) => seed.parse().unwrap_or_else(|_| panic!("{SEED_VAR}={seed:?} is not a u64")),
        Err(_) => rand::rng().random::<u64>(),
    };
    (seed, format!("seed {seed} (replay with {SEED_VAR}={seed})"))
}

fn report(what: &str, failures: &[String], total: usize, replay: &str) {
    assert!(
        failures.is_empty(),
        "{} of {total} {what} differ from the reference; {replay}; the first ones:\n{}",
        failures.len(),
        failures.iter().take(12).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// A line on stderr (shown with `--nocapture`): what the corpus covered.
pub(crate) fn said(line: String) {
    let _ = std::io::stderr().write_all(format!("{line}\n").as_bytes());
}

fn string(text: &str) -> String {
    serde_json::to_string(text).unwrap()
}

fn object(text: &str) -> JsObject {
    match json::parse(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}")) {
        JsValue::Object(o) => o,
        _ => panic!("not an object: {text}"),
    }
}

/// The fields of a judge's answer, read by seg's JSON reader (node's answers may hold lone surrogates, which
/// serde_json refuses; what node wrote is in JSON.stringify form, so writing it again gives its text back).
fn fields(answer: &str) -> JsObject {
    match json::parse(answer.as_bytes()).unwrap_or_else(|e| panic!("{answer}: {e}")) {
        JsValue::Object(o) => o,
        _ => panic!("not an object: {answer}"),
    }
}

fn text_of(answer: &JsObject, key: &str) -> Option<String> {
    match answer.get(key)? {
        JsValue::String(s) => Some(s.to_string_lossy()),
        other => Some(json::stringify(other)),
    }
}

// ---- the corpus ----

pub(crate) struct Gen {
    pub(crate) rng: StdRng,
}

/// Number spellings a JSON parser and JavaScript's printing disagree on most.
pub(crate) const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "2",
    "10",
    "25",
    "25.5",
    "-3",
    "100",
    "0.1",
    "0.30000000000000004",
    "1e21",
    "1e-7",
    "1.5e300",
    "9007199254740993",
    "123456789012345678901234567890",
    "-0.0",
    "1E2",
    "5e-324",
];

/// Strings with case, unicode, glob, template and replacement characters, and a lone surrogate (JSON-escaped).
pub(crate) const STRINGS: &[&str] = &[
    "\"\"",
    "\"a\"",
    "\"Order Completed\"",
    "\"order completed\"",
    "\"ORDER\"",
    "\"Ünïcödé\"",
    "\"日本語\"",
    "\"emoji 😀 here\"",
    "\"track\"",
    "\"page\"",
    "\"10\"",
    "\"25\"",
    "\"true\"",
    "\"null\"",
    "\"  spaced  \"",
    "\"a*b\"",
    "\"abc\"",
    "\"Ada\"",
    "\"x.y\"",
    "\"{{userId}}\"",
    "\"$&\"",
    "\"ß\"",
    "\"İstanbul\"",
    "\"ΣΑΣ\"",
    "\"line\\u2028sep\"",
    "\"tab\\there\"",
    "\"lone \\ud800\"",
    "\"0x1F\"",
    "\"1e3\"",
    "\" 7 \"",
    "\"Order\"",
    "\"https://example.com/x\"",
    "\"{\\\"a\\\":1}\"",
    "\"[1,2]\"",
    "\"o'clock\"",
];

const KEYS: &[&str] = &[
    "total",
    "price",
    "name",
    "tags",
    "nested",
    "coupon",
    "flag",
    "weird key",
    "a.b",
    "0",
    "items",
    "email",
    "count",
    "empty",
];

impl Gen {
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.rng.random_range(0..items.len())]
    }

    fn word(&mut self, items: &[&'static str]) -> &'static str {
        items[self.rng.random_range(0..items.len())]
    }

    pub(crate) fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }

    fn scalar(&mut self) -> String {
        match self.rng.random_range(0..6) {
            0 => "null".into(),
            1 => self.pick(&["true", "false"]).to_string(),
            2 | 3 => self.pick(NUMBERS).to_string(),
            _ => self.pick(STRINGS).to_string(),
        }
    }

    pub(crate) fn value(&mut self, depth: u32) -> String {
        match if depth == 0 { 0 } else { self.rng.random_range(0..5) } {
            0..=2 => self.scalar(),
            3 => {
                let n = self.rng.random_range(0..4);
                let items: Vec<String> = (0..n).map(|_| self.value(depth - 1)).collect();
                format!("[{}]", items.join(","))
            }
            _ => self.object(depth - 1),
        }
    }

    pub(crate) fn object(&mut self, depth: u32) -> String {
        let n = self.rng.random_range(0..4);
        let fields: Vec<String> =
            (0..n).map(|_| format!("{}:{}", string(self.word(KEYS)), self.value(depth))).collect();
        format!("{{{}}}", fields.join(","))
    }

    /// An event as the pipeline sees it: every type, fields present, missing, null or of the wrong type.
    pub(crate) fn event(&mut self) -> String {
        let mut fields = Vec::new();
        let types =
            ["\"track\"", "\"page\"", "\"screen\"", "\"identify\"", "\"alias\"", "\"group\"", "\"Track\"", "\"\"", "5"];
        if self.chance(0.95) {
            fields.push(format!("\"type\":{}", self.pick(&types)));
        }
        for key in ["event", "name", "userId", "anonymousId"] {
            if self.chance(0.7) {
                let value = if self.chance(0.8) { self.pick(STRINGS).to_string() } else { self.scalar() };
                fields.push(format!("{}:{value}", string(key)));
            }
        }
        if self.chance(0.85) {
            let mut props = vec![
                format!("\"total\":{}", self.pick(NUMBERS)),
                format!("\"name\":{}", self.pick(STRINGS)),
                format!("\"tags\":[{},{}]", self.pick(STRINGS), self.pick(STRINGS)),
                format!("\"nested\":{{\"a\":{{\"b\":{}}},\"n\":{}}}", self.scalar(), self.pick(NUMBERS)),
                "\"coupon\":null".into(),
                format!("\"flag\":{}", self.pick(&["true", "false"])),
                format!("\"weird key\":{}", self.scalar()),
                format!("\"a.b\":{}", self.scalar()),
                format!("\"0\":{}", self.scalar()),
                format!(
                    "\"items\":[{{\"sku\":{},\"n\":{}}},{{\"sku\":{},\"n\":{}}}]",
                    self.pick(STRINGS),
                    self.pick(NUMBERS),
                    self.pick(STRINGS),
                    self.pick(NUMBERS)
                ),
                "\"empty\":\"\"".into(),
                format!("\"count\":{}", self.scalar()),
                format!("\"extra\":{}", self.value(2)),
            ];
            props.retain(|_| self.rng.random_bool(0.75));
            fields.push(format!("\"properties\":{{{}}}", props.join(",")));
        } else if self.chance(0.3) {
            fields.push(format!("\"properties\":{}", self.scalar()));
        }
        if self.chance(0.6) {
            fields.push(format!(
                "\"traits\":{{\"email\":{},\"name\":{},\"age\":{},\"plan\":{}}}",
                self.pick(STRINGS),
                self.pick(STRINGS),
                self.pick(NUMBERS),
                self.scalar()
            ));
        }
        if self.chance(0.8) {
            fields.push(format!(
                "\"context\":{{\"library\":{{\"name\":\"analytics.js\",\"version\":{}}},\"page\":{{\"path\":{},\"url\":{}}},\"ip\":\"8.8.8.8\",\"locale\":{}}}",
                self.pick(STRINGS),
                self.pick(STRINGS),
                self.pick(STRINGS),
                self.scalar()
            ));
        }
        fields.push("\"messageId\":\"m-1\"".into());
        fields.push("\"timestamp\":\"2026-11-29T12:00:00.000Z\"".into());
        // The pipeline's order varies; so does ours.
        for i in (1..fields.len()).rev() {
            let j = self.rng.random_range(0..=i);
            fields.swap(i, j);
        }
        format!("{{{}}}", fields.join(","))
    }

    // ---- triggers ----

    fn fql_field(&mut self) -> String {
        let paths = [
            "total",
            "price",
            "name",
            "tags",
            "tags.length",
            "name.length",
            "name.0",
            "nested.a.b",
            "nested.n",
            "coupon",
            "flag",
            "weird\\ key",
            "missing",
            "missing.deeper",
            "items",
            "0",
            "count",
            "empty",
            "extra",
            "email",
            "age",
            "plan",
            "library.name",
            "library.version",
            "page.path",
            "ip",
            "locale",
            "constructor",
            "tags.map",
        ];
        match self.rng.random_range(0..12) {
            0 => "type".into(),
            1 | 2 => "event".into(),
            3 => "name".into(),
            4 => "userId".into(),
            5..=7 => format!("properties.{}", self.pick(&paths)),
            8 => format!("traits.{}", self.pick(&paths)),
            9 => format!("context.{}", self.pick(&paths)),
            10 => self
                .pick(&["anonymousId", "properties", "foo", "toString", "messageId", "traits", "context.page"])
                .to_string(),
            _ => format!("properties.{}", self.pick(&paths)),
        }
    }

    fn fql_value(&mut self) -> String {
        match self.rng.random_range(0..10) {
            0..=3 => self
                .pick(STRINGS)
                .replace("\\\"", "'")
                .replace("\\u2028", "\u{2028}")
                .replace("\\t", "\t")
                .replace("\\ud800", "?"),
            4 | 5 => self
                .pick(&["0", "-0", "25", "25.5", "10", "-3", "100", "0.1", "1", "2", "007", "1.50", "-", "+5", "-.5"])
                .to_string(),
            6 => self.pick(&["true", "false"]).to_string(),
            7 => "null".into(),
            8 => self.pick(&["'track'", "'Order Completed'", "'25'", "''"]).to_string(),
            _ => self.pick(&["track", "abc", "Order", "nul", "eos"]).to_string(),
        }
    }

    fn condition(&mut self) -> String {
        match self.rng.random_range(0..10) {
            0 => {
                let not = if self.chance(0.3) { "!" } else { "" };
                let field = self.fql_field();
                format!(
                    "{not}contains({field}, {})",
                    self.pick(&["\"Order\"", "\"a\"", "\"\"", "\"😀\"", "\"ß\"", "\"1\"", "5", "true"])
                )
            }
            1 => {
                let not = if self.chance(0.3) { "!" } else { "" };
                let field = self.fql_field();
                let glob = self.pick(&[
                    "\"Order*\"",
                    "\"*Completed\"",
                    "\"*\"",
                    "\"a*b\"",
                    "\"*.com\"",
                    "\"*😀\"",
                    "\"ORDER*\"",
                    "\"x\"",
                    "\"\"",
                ]);
                format!("{not}match({field}, {glob})")
            }
            _ => {
                let op = *self.pick(&["=", "=", "=", "!=", "!=", "<", "<=", ">", ">=", "contains", "=="]);
                format!("{} {op} {}", self.fql_field(), self.fql_value())
            }
        }
    }

    pub(crate) fn trigger(&mut self) -> String {
        let n = self.rng.random_range(1..5);
        let mut parts = Vec::new();
        for i in 0..n {
            if i > 0 {
                parts.push(self.pick(&["and", "and", "or"]).to_string());
            }
            let mut part = self.condition();
            if self.chance(0.15) && i + 1 < n {
                let other = self.condition();
                let conj = self.pick(&["and", "or"]).to_string();
                part = format!("({part} {conj} {other})");
                if self.chance(0.2) {
                    part = format!("!{part}");
                }
            }
            parts.push(part);
        }
        let mut text = parts.join(" ");
        if self.chance(0.12) {
            text = self.malformed(text);
        }
        text
    }

    fn malformed(&mut self, text: String) -> String {
        match self.rng.random_range(0..10) {
            0 => format!("({text}"),
            1 => format!("{text})"),
            2 => format!("{text} #"),
            3 => text.replacen('"', "", 1),
            4 => format!("{text} and"),
            5 => format!("{text} and ()"),
            6 => text.replace(" = ", "="),
            7 => text.replace(" != ", "!="),
            8 => format!("(({text}))"),
            _ => text.split(' ').take(2).collect::<Vec<_>>().join(" "),
        }
    }

    // ---- mappings ----

    fn path(&mut self) -> String {
        let paths = [
            "$.",
            "$.event",
            "$.type",
            "$.userId",
            "$.properties.total",
            "$.properties.items[0].sku",
            "$.properties.items.1.n",
            "$.properties['weird key']",
            "$.properties[\"a.b\"]",
            "$.properties.a.b",
            "$.missing.x",
            "$.properties.tags.length",
            "$.properties.name.0",
            "properties.total",
            "$",
            "$..",
            ".",
            "",
            "$.context.library.name",
            "$.properties.items[1]",
            "$.traits.email",
            "a.$.b",
            "$.properties.nested",
            "$.properties.tags",
            "$.properties.coupon",
            "$.properties.flag",
            "$.properties.0",
            "$.properties[0]",
            "$.properties.items]]",
            "$.context.page",
        ];
        if self.chance(0.01) {
            return string(self.word(&["$.properties.constructor", "$.event.toString"]));
        }
        string(self.word(&paths))
    }

    fn template(&mut self) -> String {
        let templates = [
            "{{event}}",
            "Hi {{ traits.name }}!",
            "{{{properties.total}}}",
            "{{properties.items}}",
            "{{properties}}",
            "{{missing}}",
            "{{}}",
            "{{ }}",
            "{{{{userId}}}}",
            "no braces",
            "{{properties.tags}}",
            "{{properties.nested}}",
            "{{userId}}-{{type}}-{{properties.flag}}",
            "{{ properties.name }} {{{properties.coupon}}}",
            "{{.}}",
            "{{properties.weird key}}",
            "{{properties.items[0].sku}}",
            "{{properties.name}}",
            "{a}}{{b}",
        ];
        string(self.word(&templates))
    }

    fn directive(&mut self, depth: u32) -> String {
        let d = depth.saturating_sub(1);
        match self.rng.random_range(0..26) {
            24 if self.chance(0.7) => format!("{{\"@path\":{}}}", self.path()),
            0..=4 => format!("{{\"@path\":{}}}", self.path()),
            5 | 6 => format!("{{\"@template\":{}}}", self.template()),
            7 | 8 => {
                let key = *self.pick(&["exists", "exists", "blank", "both", "neither"]);
                let cond = self.field(d);
                let mut opts = match key {
                    "both" => vec![format!("\"exists\":{cond}"), format!("\"blank\":{}", self.field(d))],
                    "neither" => vec![],
                    k => vec![format!("\"{k}\":{cond}")],
                };
                if self.chance(0.8) {
                    opts.push(format!("\"then\":{}", self.field(d)));
                }
                if self.chance(0.8) {
                    opts.push(format!("\"else\":{}", self.field(d)));
                }
                format!("{{\"@if\":{{{}}}}}", opts.join(","))
            }
            9 => {
                let op = self.pick(&["\"lower\"", "\"upper\"", "\"title\"", "\"\"", "5"]).to_string();
                let value = if self.chance(0.8) { self.field(d) } else { "\"\"".into() };
                format!("{{\"@case\":{{\"operator\":{op},\"value\":{value}}}}}",)
            }
            10 | 11 => {
                let mut opts = vec![
                    format!(
                        "\"pattern\":{}",
                        self.pick(&[
                            "\"o\"",
                            "\"O\"",
                            "\"$\"",
                            "\".\"",
                            "\"a.b\"",
                            "\" \"",
                            "\"ß\"",
                            "\"ss\"",
                            "\"e\"",
                            "\"0123456789a\"",
                            "\"\""
                        ])
                    ),
                    format!("\"value\":{}", self.field(d)),
                ];
                if self.chance(0.8) {
                    opts.push(format!(
                        "\"replacement\":{}",
                        self.pick(&[
                            "\"0\"",
                            "\"$&\"",
                            "\"$$\"",
                            "\"$`\"",
                            "\"$'\"",
                            "\"$1\"",
                            "\"\"",
                            "\"[$&]\"",
                            "null",
                            "\"0123456789ab\""
                        ])
                    ));
                }
                if self.chance(0.3) {
                    opts.push(format!("\"ignorecase\":{}", self.pick(&["true", "false", "\"yes\""])));
                }
                if self.chance(0.3) {
                    opts.push(format!("\"global\":{}", self.pick(&["true", "false"])));
                }
                if self.chance(0.2) {
                    opts.push(format!(
                        "\"pattern2\":{},\"replacement2\":{}",
                        self.pick(&["\"d\"", "\"\"", "\"0123456789ab\""]),
                        self.pick(&["\"D\"", "null", "\"$&$&\""])
                    ));
                }
                format!("{{\"@replace\":{{{}}}}}", opts.join(","))
            }
            12 | 13 => {
                let root = if self.chance(0.8) {
                    self.pick(&[
                        "\"$.properties.items\"",
                        "\"$.properties.tags\"",
                        "\"$.properties.nested\"",
                        "\"$.properties.total\"",
                        "\"$.missing\"",
                        "\"properties.items\"",
                    ])
                    .to_string()
                } else {
                    self.directive(d)
                };
                let shape = match self.rng.random_range(0..4) {
                    0 => "{}".into(),
                    1 => String::new(),
                    _ => format!(
                        "{{\"id\":{{\"@path\":{}}},\"whole\":{{\"@path\":\"$.\"}},\"c\":1}}",
                        self.pick(&["\"$.sku\"", "\"$.n\"", "\"$.a\"", "\"$.0\"", "\"$.length\""])
                    ),
                };
                if shape.is_empty() {
                    format!("{{\"@arrayPath\":[{root}]}}")
                } else {
                    format!("{{\"@arrayPath\":[{root},{shape}]}}")
                }
            }
            14 => format!("{{\"@literal\":{}}}", self.field(d)),
            15 | 16 => {
                let mode = self.pick(&["\"encode\"", "\"decode\"", "\"ENCODE\"", "\"other\""]).to_string();
                let value = if self.chance(0.3) {
                    self.pick(&["\"{\\\"a\\\":[1,2]}\"", "\"[1,\"", "\"5\"", "\"\\\"x\\\"\"", "\"null\""]).to_string()
                } else {
                    self.field(d)
                };
                format!("{{\"@json\":{{\"mode\":{mode},\"value\":{value}}}}}")
            }
            17 | 18 => {
                let sep = self.pick(&["\".\"", "\"_\"", "\"\"", "5", "{\"@path\":\"$.type\"}"]).to_string();
                let omit = self.pick(&["", ",\"omitArrays\":true", ",\"omitArrays\":false"]).to_string();
                let value = if self.chance(0.5) {
                    self.pick(&[
                        "{\"@path\":\"$.properties\"}",
                        "{\"@path\":\"$.\"}",
                        "{\"@path\":\"$.properties.items\"}",
                        "{\"@path\":\"$.properties.total\"}",
                    ])
                    .to_string()
                } else {
                    self.field(d)
                };
                format!("{{\"@flatten\":{{\"separator\":{sep},\"value\":{value}{omit}}}}}")
            }
            19 | 20 => {
                let dir = self.pick(&["\"left\"", "\"right\"", "\"LEFT\"", "\"up\""]).to_string();
                let objects: Vec<String> = (0..self.rng.random_range(0..4))
                    .map(|_| match self.rng.random_range(0..4) {
                        0 => self.object(1),
                        1 => "{\"@path\":\"$.properties\"}".into(),
                        2 => "{\"@path\":\"$.traits\"}".into(),
                        _ => self
                            .pick(&[
                                "{\"@path\":\"$.properties.name\"}",
                                "{\"@path\":\"$.properties.tags\"}",
                                "\"str\"",
                                "{\"@path\":\"$.missing\"}",
                            ])
                            .to_string(),
                    })
                    .collect();
                format!("{{\"@merge\":{{\"direction\":{dir},\"objects\":[{}]}}}}", objects.join(","))
            }
            21 => format!("{{\"@excludeWhenNull\":{}}}", self.field(d)),
            22 => {
                let apply = format!("{{\"x\":{},\"y\":{{\"@path\":\"$.properties\"}}}}", self.field(d));
                let mapping = self
                    .pick(&[
                        "{\"@path\":\"$.x\"}",
                        "{\"a\":{\"@path\":\"$.y.total\"},\"b\":{\"@template\":\"{{x}}\"}}",
                        "{\"@path\":\"$.\"}",
                    ])
                    .to_string();
                format!("{{\"@transform\":{{\"apply\":{apply},\"mapping\":{mapping}}}}}")
            }
            23 => self
                .pick(&[
                    "{\"@path\":5}",
                    "{\"@unknown\":1}",
                    "{\"@path\":\"$.event\",\"extra\":1}",
                    "{\"@path\":\"$.x\",\"@template\":\"y\"}",
                    "{\"@path\":\"$.event\",\"_metadata\":{\"k\":1}}",
                    "{\"@if\":5}",
                    "{\"@case\":{\"operator\":5}}",
                    "{\"@replace\":{\"value\":\"x\"}}",
                    "{\"@json\":{\"value\":\"x\",\"mode\":\"zip\"}}",
                    "{\"@merge\":{\"objects\":[\"s\"]}}",
                    "{\"@arrayPath\":[]}",
                    "{\"@arrayPath\":\"$.x\"}",
                    "{\"@transform\":{\"apply\":5,\"mapping\":{}}}",
                    "{\"@flatten\":{}}",
                    "{\"@template\":{\"@path\":\"$.properties.name\"}}",
                    "{\"@path\":{\"@template\":\"$.{{type}}\"}}",
                    "{\"@literal\":{\"@path\":\"$.event\"}}",
                    "{\"@path\":\"$.event\",\"@liquid\":\"x\"}",
                    "{\"@if\":{\"@path\":\"$.event\"}}",
                    "{\"@excludeWhenNull\":null}",
                ])
                .to_string(),
            24 if self.chance(0.3) => "{\"@liquid\":\"{{ event | upcase }}\"}".into(),
            24 => self.scalar(),
            _ => format!("[{},{}]", self.directive(d), self.field(d)),
        }
    }

    fn field(&mut self, depth: u32) -> String {
        if depth == 0 || self.chance(0.25) {
            return if self.chance(0.6) { format!("{{\"@path\":{}}}", self.path()) } else { self.scalar() };
        }
        match self.rng.random_range(0..6) {
            0..=3 => self.directive(depth),
            4 => self.object(1),
            _ => {
                let fields: Vec<String> =
                    (0..self.rng.random_range(1..4)).map(|i| format!("\"f{i}\":{}", self.field(depth - 1))).collect();
                format!("{{{}}}", fields.join(","))
            }
        }
    }

    pub(crate) fn mapping(&mut self) -> String {
        let n = self.rng.random_range(1..5);
        let fields: Vec<String> = (0..n)
            .map(|_| format!("{}:{}", string(self.word(&["a", "b", "data", "url", "k", "1", "x y"])), self.field(3)))
            .collect();
        format!("{{{}}}", fields.join(","))
    }

    // ---- send ----

    pub(crate) fn settings(&mut self) -> String {
        let mut fields = Vec::new();
        if self.chance(0.97) {
            let good = [
                "\"https://example.com/hook\"",
                "\"http://EXAMPLE.com:80/a/../b?x=1#f\"",
                "\"https://e.com/x'y?q='z\"",
                "{\"@template\":\"https://example.com/u/{{userId}}\"}",
                "\"https://user:p%40ss@example.com/\"",
                "\"http://[::1]:8080/x\"",
                "\"https://example.com/%7e?%41\"",
                "[\"https://example.com/one\"]",
                "\"HTTPS://Example.COM\"",
                "\"http://a.b.c:8443?q#\"",
            ];
            let bad = [
                "\"ftp://example.com/x\"",
                "\"nope\"",
                "\"\"",
                "5",
                "\"http://999.1.1.1/\"",
                "\"mailto:a@b\"",
                "\"https://example.com/a b\"",
                "null",
                "{\"@path\":\"$.properties.name\"}",
                "\"http:/x\"",
                "\"https://ex ample.com\"",
                "\"http://[::1/\"",
            ];
            let url = if self.chance(0.75) { *self.pick(&good) } else { *self.pick(&bad) };
            fields.push(format!("\"url\":{url}"));
        }
        if self.chance(0.97) {
            let method = if self.chance(0.85) {
                *self.pick(&["\"POST\"", "\"PUT\"", "\"PATCH\""])
            } else {
                *self.pick(&["\"post\"", "\"GET\"", "[\"PUT\"]", "5", "\"\""])
            };
            fields.push(format!("\"method\":{method}"));
        }
        if self.chance(0.7) {
            let headers = *self.pick(&[
                "{}",
                "{\"X-Api-Key\":\"k1\"}",
                "{\"B\":\"1\",\"a\":\"2\",\"b\":3}",
                "{\"Content-Type\":\"text/plain\"}",
                "{\"User-Agent\":\"me\"}",
                "{\"X-N\":null,\"X-A\":[1,2],\"X-O\":{\"a\":1},\"X-T\":true}",
                "{\"X-U\":\"undefined\"}",
                "{\"bad name\":\"x\"}",
                "{\"X-E\":\"é\"}",
                "{\"X-J\":\"日本\"}",
                "{\"X-P\":{\"@path\":\"$.userId\"}}",
                "{\"x-signature\":\"mine\"}",
                "{\"\":\"empty\"}",
                "[\"x\"]",
                "\"x\"",
                "{\"Z\":\"1\",\"y\":\"2\",\"X\":\"3\",\"_\":\"4\"}",
                "{\"X-Tab\":\"a\\tb\",\"X-Nl\":\"a\\nb\"}",
                "{\"X-M\":{\"@path\":\"$.missing\"}}",
            ]);
            fields.push(format!("\"headers\":{headers}"));
        }
        if self.chance(0.9) {
            let data = *self.pick(&[
                "{\"@path\":\"$.\"}",
                "{\"@path\":\"$.\"}",
                "{\"@path\":\"$.properties\"}",
                "{\"@path\":\"$.missing\"}",
                "{\"user\":{\"@path\":\"$.userId\"},\"n\":1}",
                "\"x\"",
                "{\"@path\":\"$.properties.total\"}",
                "null",
                "{}",
                "{\"@path\":\"$.properties.items\"}",
                "{\"t\":{\"@template\":\"{{event}}\"}}",
            ]);
            fields.push(format!("\"data\":{data}"));
        }
        if self.chance(0.3) {
            fields.push(format!(
                "\"batch_size\":{}",
                self.pick(&["0", "100", "\"5\"", "\"abc\"", "true", "null", "[3]", "\"\"", "{}"])
            ));
        }
        if self.chance(0.3) {
            fields.push(format!(
                "\"batch_keys\":{}",
                self.pick(&["[\"url\",\"method\",\"headers\"]", "\"url\"", "[1]", "[{}]", "[null,\"url\"]", "null"])
            ));
        }
        if self.chance(0.4) {
            fields.push(format!("\"enable_batching\":{}", self.pick(&["true", "false", "\"\""])));
        }
        if self.chance(0.1) {
            fields.push("\"extra\":1".into());
        }
        format!("{{{}}}", fields.join(","))
    }
}

// ---- the tests ----

#[test]
fn triggers_fire_as_destination_subscriptions_decides() {
    let Some(folder) = installed("triggers_fire_as_destination_subscriptions_decides") else { return };
    let (seed, replay) = seed();
    let mut g = Gen { rng: StdRng::seed_from_u64(seed) };
    let events: Vec<String> = (0..40).map(|_| g.event()).collect();
    let mut triggers: Vec<String> = [
        "type = \"track\"",
        "type = 'track'",
        "event = \"Order Completed\" and userId != null",
        "properties.total > 10",
        "properties.total = 25",
        "properties.total = \"25\"",
        "properties.total != 25",
        "properties.total < \"1e3\"",
        "properties.flag = true",
        "properties.flag != true",
        "userId = true",
        "name = true",
        "name = null",
        "userId != null",
        "properties.tags.length = 2",
        "properties.name.0 = \"A\"",
        "contains(properties.name, \"d\")",
        "match(event, \"Order*\")",
        "!match(event, \"*Completed\")",
        "!(type = \"track\")",
        "() and ()",
        "type = \"track\" and ()",
        "(",
        ")",
        "",
        "!",
        "!x",
        "properties.x",
        "properties.x =",
        "contains(",
        "match(event",
        "type = \"a\" or (event = \"b\" and userId = \"c\")",
        "((type = \"a\"))",
        "type = \"a\"\r",
        "properties.\\. = 1",
        "properties.\\[ = 1",
        "constructor = 1",
        "toString = 1 and type = \"track\"",
        "properties.constructor != null",
        "properties.tags.map != null",
        "properties.total = -",
        "properties.total != -",
        "event contains \"Order\"",
        "event starts_with \"Ord\"",
        "properties.total number_equals 25",
        "properties.x exists 1",
        "type=\"track\"",
        "type!=\"track\"",
        "type <\"x\"",
        "an",
        "properties.an",
        "nul",
        "properties.a = \"x\"\"y\"",
        "properties.total > 1 and",
        "and type = \"track\"",
        "type = \"track\" or",
        "userId = \"a\" and userId = \"b\" or userId = \"c\"",
        "traits.email = null",
        "context.library.name = \"analytics.js\"",
        "properties.weird\\ key != null",
        "properties.0 = 1",
        "properties.total = 1.",
        "properties.total = 1..2",
        "properties.total = 1.5.3",
        "properties.total > -",
        "properties._x = 1",
        "_x = 1",
        "properties.a\\",
        "\\type = \"track\"",
        "ty\\pe = \"track\"",
        "properties.é = 1",
        "type = \"tréck\"",
        "type = \"track\" and\tevent = \"x\"",
        "type = \"track\"\nor event = \"x\"",
        "type = 'track' or type = \"track\"",
        "type = \"track\" andx",
        "type = \"track\" or(type = \"page\")",
        "(type = \"track\")and(event = \"x\")",
        "properties.name = \"\"",
        "properties.empty = \"\"",
        "properties.empty != \"\"",
        "properties.total >= 25.5",
        "properties.total < 1e21",
        "properties.total <= 0x10",
        "properties.total > true",
        "properties.total < null",
        "properties.nested.a.b != null",
        "properties.nested.n < \"  1e3  \"",
        "contains(properties.tags, \"a\")",
        "contains(type, \"t\")",
        "match(properties.name, \"*\")",
        "match(properties.name, \"A*\")",
        "match(name, \"\")",
        "!contains(userId, \"\")",
        "!match(context.page.path, \"/*\")",
        "contains(properties.name \"x\")",
        "contains()",
        "match(event, Order*)",
        "contains(event, 'Order')",
        "properties.tags.length > 1",
        "properties.name.length >= 3",
        "traits.name.0 = \"A\"",
        "context.library.version.length = 0",
        "userId = false",
        "userId != true",
        "properties.flag = false",
        "properties.coupon != null",
        "properties.missing.deep = null",
        "event = 5",
        "event = true",
        "type != null",
        "name != 5",
        "properties.count number_not_equals 5",
        "properties.total <> 5",
        "properties.total => 5",
        "properties.total = = 5",
        "type = \"track\" and !contains(event, \"x\")",
        "!(contains(event, \"x\"))",
        "!!contains(event, \"x\")",
        "! contains(event, \"x\")",
        "properties.total < \"0x1F\"",
        "properties.total = 25.50",
        "properties.total = +25",
        "properties.total = 0025",
        "properties.total != -0",
        "properties.total = -0",
        "traits.age >= 18 and traits.age < 65 or traits.plan = \"pro\"",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    triggers.extend((0..700).map(|_| g.trigger()));

    let mut cases = Vec::new();
    let mut pairs = Vec::new();
    for trigger in &triggers {
        for _ in 0..5 {
            let event = g.pick(&events).clone();
            cases.push(format!("{{\"op\":\"trigger\",\"fql\":{},\"event\":{event}}}", string(trigger)));
            pairs.push((trigger.clone(), event));
        }
    }
    let answers = judge(&folder, &cases);

    let mut failures = Vec::new();
    let (mut fired, mut refused, mut unsupported) = (0, 0, 0);
    for ((fql, event), answer) in pairs.iter().zip(&answers) {
        let node = fields(answer);
        let case = format!("trigger {fql:?} on {event}");
        let ours = Trigger::parse(fql);
        let problem = match (&ours, text_of(&node, "error")) {
            (Err(e), Some(theirs)) => {
                refused += 1;
                (theirs != UNDEFINED_TYPE && theirs != e.0)
                    .then(|| format!("both refuse; node says {theirs:?}, seg {:?}", e.0))
            }
            (Err(e), None) => Some(format!("seg refuses ({}), node answers {answer}", e.0)),
            (Ok(_), Some(theirs)) => Some(format!("seg parses it, node refuses: {theirs}")),
            (Ok(trigger), None) => match (trigger.validate(&object(event)), node.get("fires"), text_of(&node, "threw"))
            {
                (Ok(ours), Some(theirs), _) => {
                    fired += usize::from(ours);
                    (*theirs != JsValue::Bool(ours)).then(|| format!("seg says {ours}, node {answer}"))
                }
                (Err(EvalError::Throws(_)), _, Some(_)) => {
                    Trigger::new(fql).is_ok().then(|| "node throws evaluating it, yet seg would store it".to_owned())
                }
                (Err(EvalError::Unsupported(why)), _, _) => {
                    unsupported += 1;
                    (!fql.contains("constructor") && !fql.contains("map") && !fql.contains("toString"))
                        .then(|| format!("seg does not evaluate it ({why}), node answers {answer}"))
                }
                (ours, _, _) => Some(format!("seg gives {ours:?}, node {answer}")),
            },
        };
        if let Some(problem) = problem {
            failures.push(format!("{case}: {problem}"));
        }
    }
    said(format!(
        "{} trigger cases: {fired} fire, {refused} refused by both, {unsupported} not evaluated by seg",
        pairs.len()
    ));
    report("trigger cases", &failures, pairs.len(), &replay);
    assert!(
        fired > pairs.len() / 20 && refused > 20,
        "the corpus proves little: {fired} fire, {refused} refused; {replay}"
    );
}

/// Mappings the generator seldom makes: case conversions beyond ASCII, replacements with every `$` form and
/// case-insensitive unicode, JSON with lone surrogates and duplicate keys, key order, nested arrays of directives.
const MAPPINGS: &[&str] = &[
    r#"{"a":{"@case":{"operator":"lower","value":"ΣΑΣ ΟΔΟΣ"}},"b":{"@case":{"operator":"upper","value":"straße ﬁ ǆ"}},"c":{"@case":{"operator":"lower","value":"İSTANBUL"}}}"#,
    r#"{"a":{"@replace":{"pattern":"ss","replacement":"_","value":"Straße STRASSE","ignorecase":true}},"b":{"@replace":{"pattern":"ß","replacement":"_","value":"STRASSE ẞ ß","ignorecase":true}}}"#,
    r#"{"a":{"@replace":{"pattern":"k","replacement":"_","value":"K k \u212a","ignorecase":true}},"b":{"@replace":{"pattern":"ı","replacement":"_","value":"I i ı İ","ignorecase":true}}}"#,
    r#"{"a":{"@replace":{"pattern":"a","replacement":"[$`|$'|$&|$$|$0|$<n>]","value":"xay"}}}"#,
    r#"{"a":{"@replace":{"pattern":"aa","replacement":"b","value":"aaaaa"}},"b":{"@replace":{"pattern":"aa","replacement":"b","value":"aaaaa","global":false}}}"#,
    r#"{"a":{"@replace":{"pattern":"1","replacement":"2","value":1.1}},"b":{"@replace":{"pattern":"u","replacement":"U","value":true}},"c":{"@replace":{"pattern":"x","replacement":"y","value":{"@path":"$.properties"}}}}"#,
    r#"{"a":{"@replace":{"pattern":"o","replacement":"0","value":"foo","pattern2":"f","replacement2":"F"}},"b":{"@replace":{"pattern":"o","value":"foo","pattern2":"0123456789ab"}}}"#,
    r#"{"a":{"@json":{"mode":"decode","value":"{\"a\":\"\\ud800\"}"}},"b":{"@json":{"mode":"decode","value":"\"\ud800\""}},"c":{"@json":{"mode":"decode","value":" [1, 2.50, -0] "}}}"#,
    r#"{"a":{"@json":{"mode":"decode","value":"\ufeff{}"}},"b":{"@json":{"mode":"decode","value":"{\"a\":1,\"a\":2}"}},"c":{"@json":{"mode":"encode","value":{"@path":"$.missing"}}}}"#,
    r#"{"a":{"@json":{"mode":"encode","value":[{"@path":"$.missing"},1]}},"b":{"@json":{"mode":"encode","value":{"x":{"@path":"$.missing"},"y":null}}}}"#,
    r#"{"a":{"@flatten":{"separator":".","value":{"a":{"b":1},"a.b":2,"2":{"1":3},"1":4}}},"b":{"@flatten":{"separator":"-","value":[[1,[2]],{"x":[]}]}}}"#,
    r#"{"a":{"@flatten":{"separator":".","value":"str"}},"b":{"@flatten":{"separator":".","value":{"@path":"$.missing"}}},"c":{"@flatten":{"separator":"/","value":{"k":{}}}}}"#,
    r#"{"a":{"@merge":{"direction":"right","objects":["ab",{"0":"z"},[1,2,3],5,null,{"x":{"@path":"$.missing"}}]}}}"#,
    r#"{"a":{"@merge":{"direction":"left","objects":[{"a":1,"b":{"c":1}},{"b":{"d":2},"c":3}]}},"b":{"@merge":{"direction":{"@path":"$.type"},"objects":[{"a":1},{"a":2}]}}}"#,
    r#"{"a":{"@template":"{{{properties.name}}}{{{{x}}}}}"},"b":{"@template":"{{ properties.tags }}|{{properties.items}}|{{properties.nested}}"},"c":{"@template":"{{\u00a0event\ufeff}}"}}"#,
    r#"{"a":{"@template":"{{properties.total}} {{properties.flag}} {{properties.coupon}} {{properties.count}}"},"b":{"@template":"{{{userId}}} {{userId"},"c":{"@template":"}}{{event}}{{"}}"#,
    r#"{"a":{"@path":"$.properties.items[0][\"sku\"]"},"b":{"@path":"$.properties.items.0.sku.length"},"c":{"@path":"$.properties.name.length.x"},"d":{"@path":"$.properties.total.x"}}"#,
    r#"{"a":{"@path":"$.properties['a.b']"},"b":{"@path":"$.properties[a.b]"},"c":{"@path":"$.properties.tags[1]]"},"d":{"@path":"$.properties[\"\"]"}}"#,
    r#"{"a":{"@if":{"blank":{"@path":"$.properties.empty"},"then":1,"else":2}},"b":{"@if":{"blank":[],"then":1,"else":2}},"c":{"@if":{"blank":[[null]],"then":1,"else":2}},"d":{"@if":{"blank":0,"exists":"","then":1,"else":2}}}"#,
    r#"{"a":{"@if":{"exists":{"@path":"$.missing"},"then":1,"else":0}},"b":{"@if":{"exists":{"@path":"$.missing"},"then":1,"else":""}},"c":{"@if":{"exists":"x"}},"d":{"@if":{"blank":false,"exists":0}}}"#,
    r#"{"a":{"@arrayPath":[{"@path":"$.properties.items"},{"s":{"@path":"$.sku"}}]},"b":{"@arrayPath":["$.properties.nested",{"v":{"@path":"$.a"}}]},"c":{"@arrayPath":["$.properties.tags",{"t":{"@path":"$."},"l":{"@path":"$.length"}}]}}"#,
    r#"{"a":{"@arrayPath":["$.properties.items",{"@path":"$.sku"}]},"b":{"@arrayPath":["$.properties.items",[1]]},"c":{"@arrayPath":["$.",{"e":{"@path":"$.event"}}]}}"#,
    r#"{"a":{"@transform":{"apply":{"n":{"@path":"$.properties.items"}},"mapping":{"@arrayPath":["$.n",{"s":{"@path":"$.sku"}}]}}},"b":{"@transform":{"apply":{"@path":"$.properties"},"mapping":{"@path":"$.name"}}}}"#,
    r#"{"a":{"@arrayPath":["$.properties.tags",{"x":{"@transform":{"apply":{"a":1},"mapping":{"@path":"$.a"}}}}]}}"#,
    r#"{"a":{"@excludeWhenNull":{"a":null,"b":{"c":null,"d":[null]},"e":{"@path":"$.missing"}}},"b":{"@excludeWhenNull":{"@path":"$.properties.coupon"}},"c":{"@excludeWhenNull":[null]}}"#,
    r#"{"a":{"@literal":{"@path":"$.event"}},"b":{"@literal":[{"@template":"{{type}}"}]},"c":{"@literal":null}}"#,
    r#"{"a":[{"@path":"$.missing"},{"@path":"$.event"}],"b":[[{"@path":"$.properties.total"}]],"c":{"x":[{"y":{"@path":"$.missing"}}]}}"#,
    r#"{"2":{"@path":"$.type"},"1":"one","b":{"10":1,"9":2,"a":3},"a":0}"#,
    r#"{"a":{"@path":"$.event","_metadata":{"label":"x"}},"b":{"_metadata":1}}"#,
    r#"{"a":[{"@path":"$.x","@template":"y"}],"b":[{"@nope":1}],"c":[{"@path":5}]}"#,
    r#"{"a":{"@case":{"operator":"lower"}},"b":{"@case":{"value":"X"}},"c":{"@case":{"operator":"upper","value":{"@path":"$.properties.total"}}}}"#,
];

#[test]
fn mappings_resolve_as_the_mapping_kit_resolves() {
    let Some(folder) = installed("mappings_resolve_as_the_mapping_kit_resolves") else { return };
    let (seed, replay) = seed();
    let mut g = Gen { rng: StdRng::seed_from_u64(seed ^ 0x6d61_7070) };
    let events: Vec<String> = (0..30).map(|_| g.event()).collect();
    let mut mappings: Vec<String> = MAPPINGS.iter().map(|m| m.to_string()).collect();
    mappings.extend((0..800).map(|_| g.mapping()));
    let mut cases = Vec::new();
    let mut pairs = Vec::new();
    for mapping in &mappings {
        for _ in 0..3 {
            let event = g.pick(&events).clone();
            cases.push(format!("{{\"op\":\"transform\",\"mapping\":{mapping},\"event\":{event}}}"));
            pairs.push((mapping.clone(), event));
        }
    }
    let answers = judge(&folder, &cases);

    let mut failures = Vec::new();
    let (mut resolved, mut invalid, mut failed, mut unsupported) = (0, 0, 0, 0);
    for ((mapping, event), answer) in pairs.iter().zip(&answers) {
        let node = fields(answer);
        let case = format!("mapping {mapping} on {event}");
        let value = json::parse(mapping.as_bytes()).unwrap_or_else(|e| panic!("{mapping}: {e}"));
        let ours = Mapping::new(value).and_then(|m| m.transform(&object(event)));
        let problem = match ours {
            Err(MappingError::Unsupported(why)) => {
                unsupported += 1;
                let expected = ["@liquid", "constructor", "toString"].iter().any(|w| mapping.contains(w));
                (!expected).then(|| format!("seg does not evaluate it ({why}); node answers {answer}"))
            }
            Ok(Some(ours)) => {
                resolved += 1;
                let ours = json::stringify(&ours);
                match node.get("data") {
                    Some(theirs) if json::stringify(theirs) == ours => None,
                    _ => Some(format!("seg resolves {ours}, node answers {answer}")),
                }
            }
            Ok(None) => {
                (node.get("undefined").is_none()).then(|| format!("seg resolves undefined, node answers {answer}"))
            }
            Err(MappingError::Invalid { messages, several }) => {
                invalid += 1;
                let theirs: Option<Vec<String>> = match (several, node.get("errors"), text_of(&node, "error")) {
                    (true, Some(JsValue::Array(list)), _) => list
                        .iter()
                        .map(|m| match m {
                            JsValue::String(s) => Some(s.to_string_lossy()),
                            _ => None,
                        })
                        .collect(),
                    (false, None, Some(one)) => Some(vec![one]),
                    _ => None,
                };
                (theirs.as_ref() != Some(&messages))
                    .then(|| format!("seg refuses it: {messages:?}; node answers {answer}"))
            }
            Err(MappingError::Failed(why)) => {
                failed += 1;
                (text_of(&node, "error").as_deref() != Some(why.as_str()))
                    .then(|| format!("seg fails: {why}; node answers {answer}"))
            }
        };
        if let Some(problem) = problem {
            failures.push(format!("{case}: {problem}"));
        }
    }
    said(format!(
        "{} mapping cases: {resolved} resolved, {invalid} invalid, {failed} failed alike, {unsupported} not evaluated by seg",
        pairs.len()
    ));
    report("mapping cases", &failures, pairs.len(), &replay);
    assert!(resolved > pairs.len() / 3 && invalid > 10 && failed > 10, "the corpus proves little; {replay}");
}

#[test]
fn requests_are_what_webhooks_actions_sends() {
    let Some(folder) = installed("requests_are_what_webhooks_actions_sends") else { return };
    let (seed, replay) = seed();
    let mut g = Gen { rng: StdRng::seed_from_u64(seed ^ 0x7365_6e64) };
    let events: Vec<String> = (0..30).map(|_| g.event()).collect();
    let mut cases = Vec::new();
    let mut inputs = Vec::new();
    for _ in 0..900 {
        let settings = g.settings();
        let batch = g.chance(0.4);
        let n = if batch { g.rng.random_range(1..5) } else { 1 };
        let chosen: Vec<String> = (0..n).map(|_| g.pick(&events).clone()).collect();
        let secret = *g.pick(&[None, Some(""), Some("s3cr3t"), Some("ünï ✓")]);
        let secret_json = secret.map_or("null".to_owned(), string);
        cases.push(format!(
            "{{\"op\":\"send\",\"settings\":{settings},\"events\":[{}],\"batch\":{batch},\"secret\":{secret_json}}}",
            chosen.join(",")
        ));
        inputs.push((settings, chosen, batch, secret));
    }
    let answers = judge(&folder, &cases);

    // Node's answers may hold lone surrogates (an error naming an event's text), which only seg's JSON reads.
    let shown = |requests: Vec<send::Request>| {
        let value = Value::Array(
            requests
                .into_iter()
                .map(|r| {
                    serde_json::json!({
                        "method": r.method,
                        "url": r.url,
                        "headers": r.headers.iter().map(|(n, v)| [n.clone(), v.clone()]).collect::<Vec<_>>(),
                        "body": r.body,
                    })
                })
                .collect(),
        );
        json::stringify(&json::parse(value.to_string().as_bytes()).unwrap())
    };
    let mut failures = Vec::new();
    let (mut sent, mut refused) = (0, 0);
    for ((settings, chosen, batch, secret), answer) in inputs.iter().zip(&answers) {
        let JsValue::Object(node) = json::parse(answer.as_bytes()).unwrap_or_else(|e| panic!("{answer}: {e}")) else {
            panic!("not an object: {answer}")
        };
        let case = format!("send {settings} (batch {batch}, secret {secret:?}) of {}", chosen.join(" "));
        let events: Vec<JsObject> = chosen.iter().map(|e| object(e)).collect();
        let mapping = Mapping::new(json::parse(settings.as_bytes()).unwrap()).map_err(SendError::Mapping);
        let ours: Result<(usize, String), SendError> = mapping.and_then(|m| {
            let requests = if *batch {
                send::send_batch(&m, &events, *secret)?.request.into_iter().collect()
            } else {
                vec![send::send(&m, &events[0], *secret)?]
            };
            Ok((requests.len(), shown(requests)))
        });
        let problem = match (&ours, node.get("requests")) {
            (Ok((count, ours)), Some(theirs)) => {
                sent += count;
                let theirs = json::stringify(theirs);
                (*ours != theirs).then(|| format!("seg sends {ours}, node {theirs}"))
            }
            (Err(SendError::Mapping(MappingError::Unsupported(why))), _) => (!settings.contains("@liquid"))
                .then(|| format!("seg does not evaluate it ({why}); node answers {answer}")),
            (Err(_), None) => {
                refused += 1;
                None
            }
            (Err(e), Some(_)) => Some(format!("seg refuses ({e}), node sends {answer}")),
            (Ok((_, ours)), None) => Some(format!("seg sends {ours}, node refuses: {answer}")),
        };
        if let Some(problem) = problem {
            failures.push(format!("{case}: {problem}"));
        }
    }
    said(format!("{} send cases: {sent} requests, {refused} refused by both", inputs.len()));
    report("send cases", &failures, inputs.len(), &replay);
    assert!(sent > inputs.len() / 4 && refused > 20, "the corpus proves little; {replay}");
}
