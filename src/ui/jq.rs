//! `--jq`: a jq filter over the whole result, run by jaq (a pure-Rust jq). Strings come out raw, other values as
//! compact JSON, one per line, as `gh --jq` prints them.
//!
//! A filter is user input and must never take the process down: jaq's parser and interpreter recurse, so a filter
//! nested thousands of levels deep would overflow the stack. Filters deeper than [`MAX_DEPTH`] are refused, and the
//! filter is compiled and run on a thread of its own with a large stack. Running it can still recurse without end
//! (`def f: [f]; f`) or build a value nested too deep to print (`reduce range(1e5) as $i (0; [.])`), and a stack
//! overflow aborts a process, it cannot be caught. So the `seg` binary runs every filter in a child process of itself
//! ([`WORKER_ARG`]): whatever the engine does, the parent reports one sentence and exits 1. The worker dies with
//! seg, however seg dies, even in a filter that never ends ([`die_with_parent`]). Library callers (tests) run the
//! filter in-process.
//!
//! Errors read as sentences, with the position in the filter, and never quote the data: jaq's own messages do
//! (`cannot index {"password":...} with "name"`), and stderr ends up in CI logs. [`runtime_error`] is the one place a
//! runtime error becomes words: each value in it is named by its type, and only a key being indexed with and the
//! filter's own `error("message")` are shown.

use std::cell::RefCell;
use std::io::{Read, Write};
use std::process::{ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};

use jaq_core::load::{Arena, File, Loader};
use jaq_core::{Compiler, Ctx, Cv, ValXs, Vars, data, unwrap_valr};
use jaq_json::Val;
use serde_json::value::RawValue;

use crate::error::{Error, Result};

/// The deepest nesting of brackets, braces and parentheses a filter may have.
pub const MAX_DEPTH: usize = 100;
/// The stack of the thread that compiles and runs a filter: enough for the longest filters anyone writes (20,000
/// stages of `|` measured here), reserved rather than used.
const STACK: usize = 256 * 1024 * 1024;

/// The first argument that makes the `seg` binary a jq worker: the filter is the second, the input JSON comes on
/// stdin, and each output is a line of JSON on stdout; an error is one sentence on stdout and exit 1 (main checks
/// it before parsing any flag). Its stderr is never shown: a panic's message there could quote the data.
pub const WORKER_ARG: &str = "__seg-jq-worker";

/// The variable that tells a worker the pid of the seg process it works for.
const PARENT_ENV: &str = "SEG_JQ_PARENT";

/// The longest message of the filter's own `error("...")` that is shown, and the longest key.
const SHOWN_MESSAGE: usize = 200;
const SHOWN_KEY: usize = 40;

/// Whether filters run in a child process (the `seg` binary turns it on; see the module's notes).
static ISOLATE: AtomicBool = AtomicBool::new(false);

/// Runs every filter of this process in a child process of the current executable.
pub fn isolate() {
    ISOLATE.store(true, Ordering::Relaxed);
}

/// The worker's side: compile and run `code` over stdin, one JSON line per output; an error is one sentence on
/// stdout and exit 1.
pub fn worker(code: Option<std::ffi::OsString>) -> ExitCode {
    if die_with_parent().is_err() {
        return ExitCode::FAILURE;
    }
    let code = code.and_then(|c| c.into_string().ok()).unwrap_or_default();
    let mut input = Vec::new();
    let outputs = std::io::stdin()
        .read_to_end(&mut input)
        .map_err(|e| format!("--jq input: {e}"))
        .and_then(|_| String::from_utf8(input).map_err(|e| format!("--jq input: {e}")))
        .and_then(|input| Jq::compile(&code)?.run_here(&input));
    let (text, status) = match outputs {
        Ok(outputs) => {
            let mut text = String::new();
            for out in outputs {
                text.push_str(out.get());
                text.push('\n');
            }
            (text, ExitCode::SUCCESS)
        }
        Err(why) => (why, ExitCode::FAILURE),
    };
    match std::io::stdout().write_all(text.as_bytes()) {
        Ok(()) => status,
        Err(_) => ExitCode::FAILURE,
    }
}

/// Makes this worker end when the seg process that started it ends, whatever ends it (SIGKILL included), so that a
/// filter that never ends does not outlive it. On Linux the kernel sends SIGKILL when the parent goes
/// (`PR_SET_PDEATHSIG`); elsewhere on Unix a thread watches for the parent to change. seg may have died before this
/// ran, leaving the worker to init: then it is an error, and the worker ends at once.
#[cfg(unix)]
fn die_with_parent() -> std::result::Result<(), ()> {
    let Some(parent) = std::env::var(PARENT_ENV).ok().and_then(|pid| pid.parse::<u32>().ok()) else {
        // Started by hand, not by seg: nothing to follow.
        return Ok(());
    };
    #[cfg(target_os = "linux")]
    // SAFETY: prctl(PR_SET_PDEATHSIG, signal) reads no memory of ours; it only sets this process's death signal.
    let armed = unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) } == 0;
    #[cfg(not(target_os = "linux"))]
    let armed = false;
    // After arming, so that a parent dying in between is seen one way or the other.
    if std::os::unix::process::parent_id() != parent {
        return Err(());
    }
    if !armed {
        std::thread::Builder::new()
            .name("jq-parent".into())
            .spawn(move || {
                while std::os::unix::process::parent_id() == parent {
                    std::thread::sleep(std::time::Duration::from_millis(100));
                }
                // The one way to end the process from a side thread; the worker has nothing to flush that matters.
                #[allow(clippy::disallowed_methods)]
                std::process::exit(1);
            })
            .map_err(|_| ())?;
    }
    Ok(())
}

/// Windows has no parent-death signal (a job object would do it); the worker there ends when its filter does.
#[cfg(not(unix))]
fn die_with_parent() -> std::result::Result<(), ()> {
    Ok(())
}

pub struct Jq {
    code: String,
}

impl Jq {
    /// Checks a filter: its depth, then that it compiles. An error is a sentence for a usage error.
    pub fn compile(code: &str) -> std::result::Result<Jq, String> {
        check_depth(code)?;
        let jq = Jq { code: code.to_string() };
        on_big_stack(|| jq.with_filter(|_| Ok(())))?;
        Ok(jq)
    }

    /// Every output of the filter for one input (JSON text), as JSON text: a number the filter passes through keeps
    /// its spelling (jaq keeps a decimal's text and an integer of any size).
    pub fn run(&self, input: &str) -> Result<Vec<Box<RawValue>>> {
        if ISOLATE.load(Ordering::Relaxed)
            && let Ok(exe) = std::env::current_exe()
        {
            return self.run_in_child(&exe, input);
        }
        self.run_here(input).map_err(Error::Failed)
    }

    /// Runs the filter in `exe` as a worker, so that nothing the engine does can take this process down.
    fn run_in_child(&self, exe: &std::path::Path, input: &str) -> Result<Vec<Box<RawValue>>> {
        let failed = |e: std::io::Error| Error::failed(format!("cannot run the --jq filter: {e}"));
        let mut command = std::process::Command::new(exe);
        // The worker needs nothing from the environment, least of all a token (Windows keeps its system variables:
        // a process may not start without them).
        #[cfg(unix)]
        command.env_clear();
        let mut child = command
            .arg(WORKER_ARG)
            .arg(&self.code)
            .env(PARENT_ENV, std::process::id().to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(failed)?;
        let bytes = input.as_bytes().to_vec();
        let mut stdin = child.stdin.take().ok_or_else(|| Error::failed("cannot run the --jq filter: no pipe to it"))?;
        // Written from a thread of its own: the worker may answer before it has read everything.
        let writer = std::thread::spawn(move || stdin.write_all(&bytes));
        let output = child.wait_with_output().map_err(failed)?;
        let _ = writer.join();
        match output.status.code() {
            Some(0) => String::from_utf8_lossy(&output.stdout)
                .lines()
                .map(|line| {
                    RawValue::from_string(line.to_string()).map_err(|e| Error::failed(format!("--jq output: {e}")))
                })
                .collect(),
            // The worker's own sentence, data-free by construction (runtime_error); capped all the same.
            Some(1) if !output.stdout.is_empty() => {
                let said = String::from_utf8_lossy(&output.stdout);
                Err(Error::Failed(cap(said.trim(), 2 * SHOWN_MESSAGE + 200)))
            }
            _ if interrupted(&output.status) => Err(Error::Interrupted),
            _ if String::from_utf8_lossy(&output.stderr).contains("overflowed its stack") => Err(Error::failed(
                "the --jq filter recursed too deep: a function that calls itself without end, or a value nested \
                 thousands of levels deep",
            )),
            _ => Err(Error::failed(format!("the --jq filter failed ({})", output.status))),
        }
    }

    /// Every output of the filter for one input, in this process; an error is a sentence without the data.
    fn run_here(&self, input: &str) -> std::result::Result<Vec<Box<RawValue>>, String> {
        on_big_stack(|| {
            // Built on the thread that uses it: jaq's values are not Send. jaq's own reader keeps each number's text.
            let input: Val = jaq_json::read::parse_single(input.as_bytes()).map_err(|e| format!("--jq input: {e}"))?;
            RAISED.with(|raised| raised.borrow_mut().take());
            self.with_filter(|filter| {
                let ctx = Ctx::<data::JustLut<Val>>::new(&filter.lut, Vars::new([]));
                filter
                    .id
                    .run((ctx, input))
                    .map(unwrap_valr)
                    .map(|out| match out {
                        // Val's Display is compact JSON; jaq-json has no Serialize. It is checked as seg reads the
                        // service's answers (`wire::text`, as deep as they may be); the text is kept as written.
                        Ok(val) => {
                            let text = val.to_string();
                            let checked = crate::wire::text::check(text.as_bytes());
                            match checked.and_then(|()| crate::wire::text::from_str::<serde::de::IgnoredAny>(&text)) {
                                Ok(_) => RawValue::from_string(text).map_err(|e| format!("--jq output: {e}")),
                                Err(crate::wire::text::Unreadable::TooDeep { .. }) => Err(format!(
                                    "the --jq result nests deeper than {}",
                                    crate::ui::count(crate::wire::text::DEPTH, "level")
                                )),
                                Err(e) => Err(format!("--jq output: {e}")),
                            }
                        }
                        Err(e) => Err(format!("--jq: {}", runtime_error(&e))),
                    })
                    .collect()
            })
        })
    }

    fn with_filter<T>(
        &self,
        then: impl FnOnce(&jaq_core::Filter<data::JustLut<Val>>) -> std::result::Result<T, String>,
    ) -> std::result::Result<T, String> {
        let code = self.code.as_str();
        let defs = jaq_core::defs().chain(jaq_std::defs()).chain(jaq_json::defs()).chain(own_defs());
        let funs = jaq_core::funs().chain(jaq_std::funs()).chain(jaq_json::funs()).chain(own_funs());
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
fn on_big_stack<T: Send>(
    work: impl FnOnce() -> std::result::Result<T, String> + Send,
) -> std::result::Result<T, String> {
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
fn check_depth(code: &str) -> std::result::Result<(), String> {
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
        return Err(format!(
            "invalid --jq filter: it nests {} deep; at most {MAX_DEPTH}",
            super::count(deepest, "level")
        ));
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

/// Whether the worker was ended by Ctrl-C (a terminal sends SIGINT to seg and its worker alike).
fn interrupted(status: &std::process::ExitStatus) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        status.signal() == Some(2)
    }
    #[cfg(not(unix))]
    {
        let _ = status;
        false
    }
}

// ---- runtime errors, without the data ----

thread_local! {
    /// The last value the filter raised itself, and whether as `error(message)` (true) or as `error` (false): its
    /// own message can then be told from a built-in's, which may quote the data. One thread runs one filter.
    static RAISED: RefCell<Option<(Val, bool)>> = const { RefCell::new(None) };
}

/// `error` and `error(message)` as jaq defines them, through [`raise`], which notes the value: defined after jaq's
/// own, these are the ones a filter calls (jaq's built-ins keep theirs).
fn own_defs() -> impl Iterator<Item = jaq_core::load::parse::Def<&'static str>> {
    const DEFS: &str = "def error: seg_raise(false) as $x | .; def error(msgs): (msgs | seg_raise(true)) as $x | .;";
    jaq_core::load::parse(DEFS, |p| p.defs()).expect("seg's own definitions parse").into_iter()
}

fn own_funs() -> impl Iterator<Item = jaq_core::native::Fun<data::JustLut<Val>>> {
    let raise: jaq_core::RunPtr<data::JustLut<Val>> = raise;
    [jaq_core::native::run::<data::JustLut<Val>>(("seg_raise", jaq_core::native::v(1), raise))].into_iter()
}

/// Raises the input as an error, as jaq's `error` does, noting it and whether it is a message (`error(message)`)
/// rather than the input itself (`error`).
fn raise(mut cv: Cv<'_, data::JustLut<Val>>) -> ValXs<'_, Val> {
    let message = matches!(cv.0.pop_var(), Val::Bool(true));
    RAISED.with(|raised| *raised.borrow_mut() = Some((cv.1.clone(), message)));
    jaq_core::native::bome(Err(jaq_core::Error::new(cv.1)))
}

/// A runtime error in words that never quote the data: every value is named by its type ("cannot index an array
/// with \"name\"", "cannot iterate over a string", "cannot calculate an object + a number"); a string key being
/// indexed with is shown, capped and escaped, and so is the filter's own `error("message")`. jaq's messages that are
/// one string (its built-ins', which may quote the input) are not shown. The structure is read from the error's
/// `Debug` form, as jaq keeps its parts private; anything not understood gives a sentence without any of it.
pub fn runtime_error(error: &jaq_core::Error<Val>) -> String {
    let raised = RAISED.with(|raised| raised.borrow_mut().take());
    let Some(parsed) = ErrorForm::read(&format!("{error:?}")) else {
        return "the filter failed (jaq's message is not shown: it may quote the data)".into();
    };
    match parsed {
        ErrorForm::Value(value) => {
            let own = raised.filter(|(val, _)| *val == error.clone().into_val());
            match (own, value) {
                (Some((_, true)), Piece::Value { text: Some(text), .. }) => shown(&text, SHOWN_MESSAGE),
                (Some(_), Piece::Value { kind, .. }) => {
                    format!("the filter raised {} as its error (not shown)", a(kind))
                }
                _ => "a built-in function failed on its input (jaq's message is not shown: it quotes the data)".into(),
            }
        }
        ErrorForm::Parts(parts) => {
            if let [Piece::Text(use_), Piece::Value { kind, .. }, Piece::Text(as_), Piece::Text(what)] = &parts[..]
                && use_ == "cannot use "
                && as_ == " as "
                && what.starts_with("iterable")
            {
                return format!("cannot iterate over {}", a(kind));
            }
            let index = matches!(parts.first(), Some(Piece::Text(t)) if t == "cannot index ");
            let mut out = String::new();
            for (i, piece) in parts.iter().enumerate() {
                match piece {
                    Piece::Text(text) => out.push_str(text),
                    Piece::Value { kind: "string", text: Some(key) } if index && i == parts.len() - 1 => {
                        out.push_str(&shown(key, SHOWN_KEY))
                    }
                    Piece::Value { kind, .. } => out.push_str(&a(kind)),
                }
            }
            out
        }
    }
}

/// A type with its article: "an object", "a string".
fn a(kind: &str) -> String {
    match kind.chars().next() {
        _ if kind == "null" => kind.to_string(),
        Some('a' | 'e' | 'i' | 'o' | 'u') => format!("an {kind}"),
        _ => format!("a {kind}"),
    }
}

/// Text quoted for a sentence: control characters and quotes escaped, at most `max` characters.
fn shown(text: &str, max: usize) -> String {
    format!("{:?}", cap(text, max))
}

fn cap(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// What an error is made of, as its `Debug` form shows it: `Error(Val(TStr(b"x")))` is one value;
/// `Error(Str([Str("cannot index "), Val(Arr([...])), Str(" with "), Val(TStr(b"name"))]))` is text and values.
#[derive(Debug, PartialEq)]
enum ErrorForm {
    Value(Piece),
    Parts(Vec<Piece>),
}

#[derive(Debug, PartialEq)]
enum Piece {
    /// jaq's own words.
    Text(String),
    /// A value: its jq type, and its text when it is a string (for a key or the filter's own message).
    Value { kind: &'static str, text: Option<String> },
}

impl ErrorForm {
    fn read(debug: &str) -> Option<ErrorForm> {
        let mut at = Reader { rest: debug.as_bytes() };
        at.expect("Error(")?;
        let form = if at.eat("Val(") {
            let value = at.value()?;
            at.expect(")")?;
            ErrorForm::Value(value)
        } else {
            at.expect("Str([")?;
            let mut parts = Vec::new();
            loop {
                if at.eat("Str(") {
                    let text = at.string()?;
                    parts.push(Piece::Text(String::from_utf8_lossy(&text).into_owned()));
                } else {
                    at.expect("Val(")?;
                    parts.push(at.value()?);
                }
                at.expect(")")?;
                if !at.eat(", ") {
                    break;
                }
            }
            at.expect("])")?;
            ErrorForm::Parts(parts)
        };
        at.expect(")")?;
        at.rest.is_empty().then_some(form)
    }
}

/// A cursor over a `Debug` form.
struct Reader<'a> {
    rest: &'a [u8],
}

impl Reader<'_> {
    fn eat(&mut self, token: &str) -> bool {
        match self.rest.strip_prefix(token.as_bytes()) {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    fn expect(&mut self, token: &str) -> Option<()> {
        self.eat(token).then_some(())
    }

    /// A jaq-json `Val`: its variant names the type; a string's bytes are kept, anything inside is skipped.
    fn value(&mut self) -> Option<Piece> {
        let name_len = self.rest.iter().take_while(|b| b.is_ascii_alphabetic()).count();
        let (name, rest) = self.rest.split_at(name_len);
        self.rest = rest;
        let kind = match name {
            b"Null" => "null",
            b"Bool" => "boolean",
            b"Num" => "number",
            b"TStr" | b"BStr" => "string",
            b"Arr" => "array",
            b"Obj" => "object",
            _ => return None,
        };
        if name == b"Null" {
            return Some(Piece::Value { kind, text: None });
        }
        self.expect("(")?;
        let text = if kind == "string" {
            self.expect("b")?;
            Some(String::from_utf8_lossy(&self.string()?).into_owned())
        } else {
            self.skip_to_close()?;
            None
        };
        self.expect(")")?;
        Some(Piece::Value { kind, text })
    }

    /// Skips to the `)` that closes what is open (not consuming it), over nested brackets and quoted strings.
    fn skip_to_close(&mut self) -> Option<()> {
        let mut depth = 0usize;
        loop {
            match *self.rest.first()? {
                b'"' => {
                    self.string()?;
                    continue;
                }
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' if depth == 0 => return Some(()),
                b')' | b']' | b'}' => depth -= 1,
                _ => {}
            }
            self.rest = &self.rest[1..];
        }
    }

    /// A quoted string in Rust's `Debug` escaping (of `str` or of bytes), unescaped.
    fn string(&mut self) -> Option<Vec<u8>> {
        self.expect("\"")?;
        let mut out = Vec::new();
        loop {
            let (&b, rest) = self.rest.split_first()?;
            self.rest = rest;
            match b {
                b'"' => return Some(out),
                b'\\' => {
                    let (&e, rest) = self.rest.split_first()?;
                    self.rest = rest;
                    match e {
                        b'n' => out.push(b'\n'),
                        b'r' => out.push(b'\r'),
                        b't' => out.push(b'\t'),
                        b'0' => out.push(0),
                        b'x' => {
                            let hex = std::str::from_utf8(self.rest.get(..2)?).ok()?;
                            out.push(u8::from_str_radix(hex, 16).ok()?);
                            self.rest = &self.rest[2..];
                        }
                        b'u' => {
                            // `\u{1f600}` in a str's Debug form.
                            let end = self.rest.iter().position(|&c| c == b'}')?;
                            let hex = std::str::from_utf8(self.rest.get(1..end)?).ok()?;
                            let c = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
                            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                            self.rest = &self.rest[end + 1..];
                        }
                        other => out.push(other),
                    }
                }
                other => out.push(other),
            }
        }
    }
}

/// One output as a line: a string raw, anything else compact JSON (numbers as written).
pub fn line(value: &RawValue) -> Result<String> {
    if value.get().starts_with('"') {
        return serde_json::from_str(value.get()).map_err(|e| Error::failed(format!("--jq output: {e}")));
    }
    super::exact::compact(value.get())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;
    use serde_json::json;

    /// The outputs of `code` over `input`, read back as values.
    fn outputs(jq: &Jq, input: &Value) -> Result<Vec<Value>> {
        let texts = jq.run(&input.to_string())?;
        Ok(texts.iter().map(|t| serde_json::from_str(t.get()).unwrap()).collect())
    }

    #[test]
    fn filters_run_over_the_whole_value() {
        let jq = Jq::compile(".[] | select(.enabled) | .name").unwrap();
        let out = outputs(&jq, &json!([{"name": "a", "enabled": true}, {"name": "b", "enabled": false}])).unwrap();
        assert_eq!(out, [json!("a")]);
        assert_eq!(outputs(&Jq::compile("length").unwrap(), &json!([1, 2, 3])).unwrap(), [json!(3)]);
        assert_eq!(outputs(&Jq::compile("map(.x) | add").unwrap(), &json!([{"x": 1}, {"x": 2}])).unwrap(), [json!(3)]);
        let raw = |text: &str| RawValue::from_string(text.to_string()).unwrap();
        assert_eq!(line(&raw(r#""raw""#)).unwrap(), "raw");
        assert_eq!(line(&raw(r#"{ "a": [1] }"#)).unwrap(), r#"{"a":[1]}"#);
    }

    #[test]
    fn numbers_pass_through_as_written() {
        // (jaq reads `-0` as the integer 0: a filter's result is jaq's.)
        let input = r#"{"a":1e2,"b":1.50,"d":123456789012345678901234,"e":[0.1000000000000000055511151231257827]}"#;
        let texts = |code: &str| -> Vec<String> {
            Jq::compile(code).unwrap().run(input).unwrap().iter().map(|t| t.get().to_string()).collect()
        };
        assert_eq!(texts("."), [input]);
        assert_eq!(
            texts(".b, .d, .e[0]"),
            ["1.50", "123456789012345678901234", "0.1000000000000000055511151231257827"]
        );
    }

    #[test]
    fn errors_are_sentences() {
        assert_eq!(Jq::compile(".[").err().unwrap(), "invalid --jq filter: expected closing bracket at the end");
        assert_eq!(Jq::compile(".a )").err().unwrap(), "invalid --jq filter: unexpected ')' at column 4");
        let err = Jq::compile("nosuchfunction").err().unwrap();
        assert!(err.contains("filter nosuchfunction is not defined (at column 1)"), "{err}");
        assert!(!err.contains('{') && !err.contains("File"), "no debug output: {err}");
        assert!(Jq::compile(".a").unwrap().run("[1]").is_err());
    }

    /// The error of running `code` over `input`, in this process (as the worker does).
    fn failure(code: &str, input: Value) -> String {
        Jq::compile(code).unwrap().run(&input.to_string()).unwrap_err().to_string()
    }

    #[test]
    fn runtime_errors_name_types_never_values() {
        let secret = json!({"name": "d", "config": [{"name": "sharedSecret", "value": "s3cret-value)\"]}"}]});
        let list = json!([secret.clone()]);
        let text = json!("s3cret-value");
        for (code, input, want) in [
            (".name", list.clone(), r#"--jq: cannot index an array with "name""#),
            (".[0]", text.clone(), "--jq: cannot index a string with a number"),
            (".[]", json!(5), "--jq: cannot iterate over a number"),
            (".[]", text.clone(), "--jq: cannot iterate over a string"),
            ("keys", text.clone(), "--jq: cannot iterate over a string"),
            (". + 1", secret.clone(), "--jq: cannot calculate an object + a number"),
            (". - 1", text.clone(), "--jq: cannot calculate a string - a number"),
            (".[0].config[0].value | .x", list.clone(), r#"--jq: cannot index a string with "x""#),
            ("path(1)", secret.clone(), "--jq: invalid path expression with input an object"),
            ("error", secret.clone(), "--jq: the filter raised an object as its error (not shown)"),
            ("error", text.clone(), "--jq: the filter raised a string as its error (not shown)"),
            ("error(.)", secret.clone(), "--jq: the filter raised an object as its error (not shown)"),
            ("error(null)", secret.clone(), "--jq: the filter raised null as its error (not shown)"),
            (r#"error("no \"plan\"\n")"#, secret.clone(), r#"--jq: "no \"plan\"\n""#),
            (r#"try error("x") catch error("y: " + .)"#, secret.clone(), r#"--jq: "y: x""#),
            ("tonumber", text.clone(), BUILT_IN),
            ("fromjson", text.clone(), BUILT_IN),
            ("length", json!(true), BUILT_IN),
            ("fromdate", text.clone(), BUILT_IN),
            // A built-in's message after the filter raised one of its own is still the built-in's.
            (r#"try error("s3cret-value") catch tonumber"#, text.clone(), BUILT_IN),
            (
                r#".[0].config[0].value as $k | {} | .[$k] | .[0] | error"#,
                list.clone(),
                "--jq: the filter raised null as its error (not shown)",
            ),
        ] {
            let got = failure(code, input);
            assert_eq!(got, want, "{code}");
            assert!(!got.contains("s3cret"), "{code}: {got}");
        }
        // Keys are shown as strings, escaped and capped.
        assert_eq!(failure(r#".["k\n\"x"]"#, json!("q")), r#"--jq: cannot index a string with "k\n\"x""#);
        let long = failure(&format!(".{}", "k".repeat(100)), json!([]));
        assert_eq!(long, format!("--jq: cannot index an array with \"{}…\"", "k".repeat(SHOWN_KEY)));
        let message = failure(&format!("error(\"{}\")", "m".repeat(500)), json!(null));
        assert_eq!(message.chars().count(), "--jq: \"\"…".chars().count() + SHOWN_MESSAGE);
    }

    const BUILT_IN: &str =
        "--jq: a built-in function failed on its input (jaq's message is not shown: it quotes the data)";

    #[test]
    fn error_forms_are_read_from_debug_or_not_at_all() {
        let form = ErrorForm::read(
            r#"Error(Str([Str("cannot index "), Val(Obj({TStr(b"a)\"]"): Arr([Num(Int(1))])})), Str(" with "), Val(TStr(b"\xc3\xa9\n"))]))"#,
        );
        assert_eq!(
            form,
            Some(ErrorForm::Parts(vec![
                Piece::Text("cannot index ".into()),
                Piece::Value { kind: "object", text: None },
                Piece::Text(" with ".into()),
                Piece::Value { kind: "string", text: Some("é\n".into()) },
            ]))
        );
        assert_eq!(
            ErrorForm::read("Error(Val(Null))"),
            Some(ErrorForm::Value(Piece::Value { kind: "null", text: None }))
        );
        for unknown in ["", "Error(", "Error(Val(Other(1)))", "Error(Str([Str(\"a\")]))x", "Error(Val(TStr(b\"x"] {
            assert_eq!(ErrorForm::read(unknown), None, "{unknown}");
        }
    }

    #[test]
    fn deep_and_long_filters_never_abort() {
        let deep = format!("{}.{}", "[".repeat(10_000), "]".repeat(10_000));
        assert!(Jq::compile(&deep).err().unwrap().contains("nests 10000 levels deep"));
        let deep_string = format!("\"{}\"", "[".repeat(10_000));
        assert_eq!(Jq::compile(&deep_string).unwrap().run("null").unwrap().len(), 1);
        let nested = format!("{}.{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert_eq!(Jq::compile(&nested).unwrap().run("1").unwrap().len(), 1);
        let deep_result = "[range(200)] | reduce .[] as $x (null; [.])";
        let said = Jq::compile(deep_result).unwrap().run("1").unwrap_err().to_string();
        assert!(said.contains(&format!("deeper than {} levels", crate::wire::text::DEPTH)), "{said}");
        // Prefix minus signs nest in the parser like brackets.
        let negated = format!("{}1", "-".repeat(100_000));
        assert!(Jq::compile(&negated).err().unwrap().contains("nests 100000 levels deep"));
        assert_eq!(outputs(&Jq::compile("- - 1").unwrap(), &json!(null)).unwrap(), [json!(1)]);
        assert_eq!(outputs(&Jq::compile(".a - -1").unwrap(), &json!({"a": 1})).unwrap(), [json!(2)]);
        let long = vec!["."; 20_000].join(" | ");
        assert_eq!(outputs(&Jq::compile(&long).unwrap(), &json!(7)).unwrap(), [json!(7)]);
    }
}
