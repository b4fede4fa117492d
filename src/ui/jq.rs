//! `--jq`: a jq filter over the whole result, run by jaq (a pure-Rust jq). Strings come out raw, other values as
//! compact JSON, one per line, as `gh --jq` prints them.
//!
//! A filter is user input and must never take the process down: jaq's parser and interpreter recurse, so a filter
//! nested thousands of levels deep would overflow the stack. Filters deeper than [`MAX_DEPTH`] are refused, and the
//! filter is compiled and run on a thread of its own with a large stack. Running it can still recurse without end
//! (`def f: [f]; f`) or build a value nested too deep to print (`reduce range(1e5) as $i (0; [.])`), and a stack
//! overflow aborts a process, it cannot be caught. So the `seg` binary runs every filter in a child process of itself
//! ([`WORKER_ARG`]): whatever the engine does, the parent reports one sentence and exits 1. Library callers (tests)
//! run the filter in-process. Errors read as sentences, with the position in the filter.

use std::io::{Read, Write};
use std::process::{ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};

use jaq_core::load::{Arena, File, Loader};
use jaq_core::{Compiler, Ctx, Vars, data, unwrap_valr};
use jaq_json::Val;
use serde_json::Value;

/// The deepest nesting of brackets, braces and parentheses a filter may have.
pub const MAX_DEPTH: usize = 100;
/// The stack of the thread that compiles and runs a filter: enough for the longest filters anyone writes (20,000
/// stages of `|` measured here), reserved rather than used.
const STACK: usize = 256 * 1024 * 1024;

/// The first argument that makes the `seg` binary a jq worker: the filter is the second, the input JSON comes on
/// stdin, and each output is a line of JSON on stdout (main checks it before parsing any flag).
pub const WORKER_ARG: &str = "__seg-jq-worker";

/// Whether filters run in a child process (the `seg` binary turns it on; see the module's notes).
static ISOLATE: AtomicBool = AtomicBool::new(false);

/// Runs every filter of this process in a child process of the current executable.
pub fn isolate() {
    ISOLATE.store(true, Ordering::Relaxed);
}

/// The worker's side: compile and run `code` over stdin, one JSON line per output; an error is one line on stderr
/// and exit 1.
pub fn worker(code: Option<std::ffi::OsString>) -> ExitCode {
    let code = code.and_then(|c| c.into_string().ok()).unwrap_or_default();
    let mut input = Vec::new();
    let outputs = std::io::stdin()
        .read_to_end(&mut input)
        .map_err(|e| format!("--jq input: {e}"))
        .and_then(|_| serde_json::from_slice::<Value>(&input).map_err(|e| format!("--jq input: {e}")))
        .and_then(|input| Jq::compile(&code)?.run_here(&input));
    let written = match outputs {
        Ok(outputs) => {
            let mut text = String::new();
            for out in outputs {
                text.push_str(&out.to_string());
                text.push('\n');
            }
            std::io::stdout().write_all(text.as_bytes())
        }
        Err(why) => {
            let _ = std::io::stderr().write_all(why.as_bytes());
            return ExitCode::FAILURE;
        }
    };
    if written.is_ok() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

pub struct Jq {
    code: String,
}

impl Jq {
    /// Checks a filter: its depth, then that it compiles. An error is a sentence for a usage error.
    pub fn compile(code: &str) -> Result<Jq, String> {
        check_depth(code)?;
        let jq = Jq { code: code.to_string() };
        on_big_stack(|| jq.with_filter(|_| Ok(())))?;
        Ok(jq)
    }

    /// Every output of the filter for one input.
    pub fn run(&self, input: &Value) -> Result<Vec<Value>, String> {
        if ISOLATE.load(Ordering::Relaxed)
            && let Ok(exe) = std::env::current_exe()
        {
            return self.run_in_child(&exe, input);
        }
        self.run_here(input)
    }

    /// Runs the filter in `exe` as a worker, so that nothing the engine does can take this process down.
    fn run_in_child(&self, exe: &std::path::Path, input: &Value) -> Result<Vec<Value>, String> {
        let mut command = std::process::Command::new(exe);
        // The worker needs nothing from the environment, least of all a token (Windows keeps its system variables:
        // a process may not start without them).
        #[cfg(unix)]
        command.env_clear();
        let mut child = command
            .arg(WORKER_ARG)
            .arg(&self.code)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run the --jq filter: {e}"))?;
        let bytes = serde_json::to_vec(input).map_err(|e| format!("--jq input: {e}"))?;
        let mut stdin = child.stdin.take().ok_or("cannot run the --jq filter: no pipe to it")?;
        // Written from a thread of its own: the worker may answer before it has read everything.
        let writer = std::thread::spawn(move || stdin.write_all(&bytes));
        let output = child.wait_with_output().map_err(|e| format!("cannot run the --jq filter: {e}"))?;
        let _ = writer.join();
        let said = String::from_utf8_lossy(&output.stderr);
        match output.status.code() {
            Some(0) => String::from_utf8_lossy(&output.stdout)
                .lines()
                .map(|line| serde_json::from_str(line).map_err(|e| format!("--jq output: {e}")))
                .collect(),
            Some(1) if !said.is_empty() => Err(said.trim().to_string()),
            _ if said.contains("overflowed its stack") => Err("the --jq filter recursed too deep: a function that \
                 calls itself without end, or a value nested thousands of levels deep"
                .to_string()),
            _ => Err(format!("the --jq filter failed ({})", output.status)),
        }
    }

    /// Every output of the filter for one input, in this process.
    fn run_here(&self, input: &Value) -> Result<Vec<Value>, String> {
        on_big_stack(|| {
            // Built on the thread that uses it: jaq's values are not Send.
            let input: Val = serde_json::from_value(input.clone()).map_err(|e| format!("--jq input: {e}"))?;
            self.with_filter(|filter| {
                let ctx = Ctx::<data::JustLut<Val>>::new(&filter.lut, Vars::new([]));
                filter
                    .id
                    .run((ctx, input))
                    .map(unwrap_valr)
                    .map(|out| match out {
                        // Val's Display is compact JSON; jaq-json has no Serialize.
                        Ok(val) => serde_json::from_str(&val.to_string()).map_err(|e| match e.classify() {
                            // serde_json reads at most 128 levels, as the answers it reads from the service.
                            serde_json::error::Category::Syntax if e.to_string().starts_with("recursion limit") => {
                                "the --jq result nests deeper than 128 levels".to_string()
                            }
                            _ => format!("--jq output: {e}"),
                        }),
                        Err(e) => Err(format!("--jq: {e}")),
                    })
                    .collect()
            })
        })
    }

    fn with_filter<T>(
        &self,
        then: impl FnOnce(&jaq_core::Filter<data::JustLut<Val>>) -> Result<T, String>,
    ) -> Result<T, String> {
        let code = self.code.as_str();
        let defs = jaq_core::defs().chain(jaq_std::defs()).chain(jaq_json::defs());
        let funs = jaq_core::funs().chain(jaq_std::funs()).chain(jaq_json::funs());
        let loader = Loader::new(defs);
        let arena = Arena::default();
        let invalid = |why: String| format!("invalid --jq filter: {why}");
        let modules = loader.load(&arena, File { code, path: () }).map_err(|errors| {
            let why: Vec<String> = errors.iter().flat_map(|(_, e)| load_error(code, e)).collect();
            invalid(why.join("; "))
        })?;
        let filter = Compiler::default().with_funs(funs).compile(modules).map_err(|errors| {
            let why: Vec<String> = errors
                .iter()
                .flat_map(|(_, undefined)| undefined.iter())
                .map(|(name, what)| format!("{} {name} is not defined (at {})", what.as_str(), at(code, name)))
                .collect();
            invalid(why.join("; "))
        })?;
        then(&filter)
    }
}

/// Runs `work` on a thread with a large stack and waits for it.
fn on_big_stack<T: Send>(work: impl FnOnce() -> Result<T, String> + Send) -> Result<T, String> {
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .name("jq".into())
            .stack_size(STACK)
            .spawn_scoped(scope, work)
            .map_err(|e| format!("cannot run the --jq filter: {e}"))?;
        thread.join().map_err(|_| "the --jq filter failed".to_string())?
    })
}

/// Refuses a filter nested deeper than [`MAX_DEPTH`]: brackets, braces, parentheses outside strings, and runs of the
/// prefix `-` (`- - - 1` nests like parentheses in the parser).
fn check_depth(code: &str) -> Result<(), String> {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    let mut minus_run = 0usize;
    for c in code.chars() {
        if !in_string && !c.is_whitespace() {
            minus_run = if c == '-' { minus_run + 1 } else { 0 };
            deepest = deepest.max(depth + minus_run);
        }
        match (in_string, c) {
            (true, _) if escaped => escaped = false,
            (true, '\\') => escaped = true,
            (true, '"') => in_string = false,
            (true, _) => {}
            (false, '"') => in_string = true,
            (false, '(' | '[' | '{') => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            (false, ')' | ']' | '}') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    if deepest > MAX_DEPTH {
        return Err(format!("invalid --jq filter: it nests {deepest} levels deep; at most {MAX_DEPTH}"));
    }
    Ok(())
}

/// A load error as sentences: what was expected, and where.
fn load_error(code: &str, error: &jaq_core::load::Error<&str>) -> Vec<String> {
    use jaq_core::load::Error;
    match error {
        Error::Io(errors) => errors.iter().map(|(path, why)| format!("cannot load {path}: {why}")).collect(),
        Error::Lex(errors) => errors
            .iter()
            .map(|(expect, rest)| {
                use jaq_core::load::lex::Expect;
                let what = match expect {
                    Expect::Token => {
                        return format!("unexpected {:?} at {}", rest.chars().next().unwrap_or(' '), at(code, rest));
                    }
                    Expect::Delim(d) if !matches!(*d, "(" | "[" | "{" | "\"") => "delimiter",
                    other => other.as_str(),
                };
                format!("expected {what} at {}", at(code, rest))
            })
            .collect(),
        Error::Parse(errors) => {
            errors.iter().map(|(expect, rest)| format!("expected {} at {}", expect.as_str(), at(code, rest))).collect()
        }
    }
}

/// Where a slice of the filter starts, for a person: `column 3`, or `the end`.
fn at(code: &str, rest: &str) -> String {
    let offset = (rest.as_ptr() as usize).wrapping_sub(code.as_ptr() as usize);
    if offset >= code.len() {
        return "the end".into();
    }
    format!("column {}", code[..offset].chars().count() + 1)
}

/// One output value as a line: strings raw, anything else compact JSON.
pub fn line(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn filters_run_over_the_whole_value() {
        let jq = Jq::compile(".[] | select(.enabled) | .name").unwrap();
        let out = jq.run(&json!([{"name": "a", "enabled": true}, {"name": "b", "enabled": false}])).unwrap();
        assert_eq!(out, [json!("a")]);
        assert_eq!(Jq::compile("length").unwrap().run(&json!([1, 2, 3])).unwrap(), [json!(3)]);
        assert_eq!(Jq::compile("map(.x) | add").unwrap().run(&json!([{"x": 1}, {"x": 2}])).unwrap(), [json!(3)]);
        assert_eq!(line(&json!("raw")), "raw");
        assert_eq!(line(&json!({"a": [1]})), r#"{"a":[1]}"#);
    }

    #[test]
    fn errors_are_sentences() {
        assert_eq!(Jq::compile(".[").err().unwrap(), "invalid --jq filter: expected closing bracket at the end");
        assert_eq!(Jq::compile(".a )").err().unwrap(), "invalid --jq filter: unexpected ')' at column 4");
        let err = Jq::compile("nosuchfunction").err().unwrap();
        assert!(err.contains("filter nosuchfunction is not defined (at column 1)"), "{err}");
        assert!(!err.contains('{') && !err.contains("File"), "no debug output: {err}");
        assert!(Jq::compile(".a").unwrap().run(&json!([1])).is_err());
    }

    #[test]
    fn deep_and_long_filters_never_abort() {
        let deep = format!("{}.{}", "[".repeat(10_000), "]".repeat(10_000));
        assert!(Jq::compile(&deep).err().unwrap().contains("nests 10000 levels deep"));
        let deep_string = format!("\"{}\"", "[".repeat(10_000));
        assert_eq!(Jq::compile(&deep_string).unwrap().run(&json!(null)).unwrap().len(), 1);
        let nested = format!("{}.{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert_eq!(Jq::compile(&nested).unwrap().run(&json!(1)).unwrap().len(), 1);
        let deep_result = "[range(200)] | reduce .[] as $x (null; [.])";
        assert!(Jq::compile(deep_result).unwrap().run(&json!(1)).unwrap_err().contains("deeper than 128"));
        // Prefix minus signs nest in the parser like brackets.
        let negated = format!("{}1", "-".repeat(100_000));
        assert!(Jq::compile(&negated).err().unwrap().contains("nests 100000 levels deep"));
        assert_eq!(Jq::compile("- - 1").unwrap().run(&json!(null)).unwrap(), [json!(1)]);
        assert_eq!(Jq::compile(".a - -1").unwrap().run(&json!({"a": 1})).unwrap(), [json!(2)]);
        let long = vec!["."; 20_000].join(" | ");
        assert_eq!(Jq::compile(&long).unwrap().run(&json!(7)).unwrap(), [json!(7)]);
    }
}
