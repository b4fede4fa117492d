//! All output goes through [`Printer`]: data to stdout, everything else (progress, warnings, hints, errors) to
//! stderr. Terminal-ness and `COLUMNS` are recorded once at start; tests build a Printer with the answers they need.
//! The Printer decides, per stream, the width lines fit ([`Printer::width`]): a table fits it, and lines for people
//! ([`Printer::status`], `warn`, `hint`, `error`, [`Printer::prose`]) are wrapped to it on a terminal
//! ([`wrap::wrap`]); data, and what is written for programs ([`Printer::verbatim`]), never are.

pub mod exact;
pub mod fields;
pub mod jq;
pub mod output;
pub mod records;
pub mod table;
pub mod wrap;

use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex, PoisonError};

use crate::error::{Error, Result};
use crate::secret::Scrubber;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

#[derive(Debug, Clone)]
pub struct Printer {
    pub stdin_tty: bool,
    pub stdout_tty: bool,
    pub stderr_tty: bool,
    /// `COLUMNS`, read at start: the width every line fits when it gives one, beating the terminal's.
    pub columns: Option<usize>,
    pub color: bool,
    /// Removes the process's secrets from everything written (`reveal` is the one way around it).
    pub scrubber: Scrubber,
    /// Warnings already given, so each is said once per process.
    warned: Arc<Mutex<HashSet<String>>>,
    /// Nothing on stderr at all: while a shell completes a word, a line there would land in the person's prompt.
    silent: bool,
}

impl Printer {
    /// Decides terminal-ness and colour once, from the real streams and `NO_COLOR`.
    pub fn detect(choice: ColorChoice) -> Self {
        let stdin_tty = std::io::stdin().is_terminal();
        let stdout_tty = std::io::stdout().is_terminal();
        let stderr_tty = std::io::stderr().is_terminal();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => stderr_tty && !no_color,
        };
        // A `COLUMNS` of 0 says no width, as `stty` does when it knows none.
        let columns = std::env::var("COLUMNS").ok().and_then(|w| w.trim().parse::<usize>().ok()).filter(|w| *w > 0);
        Printer { stdin_tty, stdout_tty, stderr_tty, columns, color, ..Printer::plain() }
    }

    /// No terminal anywhere, no colour (tests, the emulator's own gate).
    pub fn plain() -> Self {
        Printer {
            stdin_tty: false,
            stdout_tty: false,
            stderr_tty: false,
            columns: None,
            color: false,
            scrubber: Scrubber::default(),
            warned: Arc::default(),
            silent: false,
        }
    }

    /// A printer that says nothing on stderr (completing a word for a shell).
    pub fn silent() -> Self {
        Printer { silent: true, ..Printer::plain() }
    }

    /// Writes data bytes to stdout and flushes, so a reader of a pipe sees each piece as it is made.
    pub fn data(&self, bytes: &[u8]) -> Result<()> {
        match std::str::from_utf8(bytes) {
            Ok(text) => write_out(self.scrubber.scrub(text).as_bytes()),
            Err(_) => write_out(bytes),
        }
    }

    /// One line of data on stdout.
    pub fn data_line(&self, line: &str) -> Result<()> {
        let mut text = self.scrubber.scrub(line).into_owned();
        text.push('\n');
        write_out(text.as_bytes())
    }

    /// Lines for people on stdout (a text of one or more lines, its final newline optional), each fitted to the
    /// terminal's width ([`Printer::width`]) when stdout is one, and as they are in a pipe. For what a command prints
    /// for people in its table format (a plan's lines, a verdict); never for data or `-o json`, `ndjson`, `yaml`,
    /// `name` or `--jq` output.
    pub fn prose(&self, text: &str) -> Result<()> {
        let mut text = self.fitted(Stream::Stdout, &self.scrubber.scrub(text), 0);
        if !text.ends_with('\n') {
            text.push('\n');
        }
        write_out(text.as_bytes())
    }

    /// A secret on stdout, unscrubbed: only for the commands whose job is to show one (`auth token`, and
    /// `tokens create`, whose answer is the only copy of the new token).
    pub fn reveal(&self, text: &str) -> Result<()> {
        write_out(format!("{text}\n").as_bytes())
    }

    /// One line of status on stderr (a text of several lines is wrapped line by line), fitted to the terminal's
    /// width when stderr is one. Errors writing to stderr are ignored: there is nowhere left to say them.
    pub fn status(&self, line: &str) {
        self.say(line, 0);
    }

    /// One line on stderr exactly as it is, on a terminal too: what is written for programs or copied whole (the
    /// `-o json` error line, `-v`'s trace of requests and answers).
    pub fn verbatim(&self, line: &str) {
        if self.silent {
            return;
        }
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "{}", self.scrubber.scrub(line));
    }

    /// A line on stderr whose continuation lines, when it is wrapped, start `label` columns in (under the text after
    /// `error: `).
    fn say(&self, line: &str, label: usize) {
        if self.silent {
            return;
        }
        let line = self.fitted(Stream::Stderr, &self.scrubber.scrub(line), label);
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "{line}");
    }

    /// The width lines on `stream` fit: `COLUMNS` when it gives one (on a terminal or not: a table in a pipe fits
    /// it too), else the terminal's when the stream is one; `None` for a pipe without `COLUMNS`.
    pub fn width(&self, stream: Stream) -> Option<usize> {
        if let Some(columns) = self.columns {
            return Some(columns);
        }
        let size = match stream {
            Stream::Stdout if self.stdout_tty => terminal_size::terminal_size_of(std::io::stdout()),
            Stream::Stderr if self.stderr_tty => terminal_size::terminal_size_of(std::io::stderr()),
            _ => None,
        };
        size.map(|(terminal_size::Width(w), _)| usize::from(w)).filter(|w| *w > 0)
    }

    /// `text` as it goes to `stream`: wrapped at [`Printer::width`] on a terminal, as it is elsewhere (a pipe gets
    /// the same bytes whatever `COLUMNS` says).
    fn fitted(&self, stream: Stream, text: &str, label: usize) -> String {
        let tty = match stream {
            Stream::Stdout => self.stdout_tty,
            Stream::Stderr => self.stderr_tty,
        };
        match self.width(stream).filter(|_| tty) {
            Some(width) => wrap::wrap(text, width, label),
            None => text.to_string(),
        }
    }

    pub fn warn(&self, msg: &str) {
        self.say(&format!("{}: {msg}", self.paint("warning", "33")), "warning: ".len());
    }

    /// A warning said once per process, however many times it comes up.
    pub fn warn_once(&self, msg: &str) {
        let first = self.warned.lock().unwrap_or_else(PoisonError::into_inner).insert(msg.to_string());
        if first {
            self.warn(msg);
        }
    }

    pub fn hint(&self, msg: &str) {
        self.say(&format!("{}: {msg}", self.paint("hint", "36")), "hint: ".len());
    }

    /// A question on stderr, with no line end: the answer is typed after it.
    pub fn prompt(&self, question: &str) {
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "{}", self.scrubber.scrub(question));
        let _ = err.flush();
    }

    /// The one error report: a line naming what failed, then a hint when there is one. Each stays one logical
    /// line: what it quotes has its newlines escaped, and on a terminal it is wrapped under its label.
    pub fn error(&self, error: &Error) {
        for (label, line) in self.error_lines(error) {
            self.say(&line, label);
        }
    }

    /// The lines of an error report. What an error says may quote what came from outside (a service's message, a
    /// name, a file's key), so its control characters are escaped here, for every error at once; escaping is
    /// idempotent (an escaped text has no control character left), so a message escaped where it was made is
    /// shown as it is. Each line with the width of its label.
    fn error_lines(&self, error: &Error) -> Vec<(usize, String)> {
        let hint = |hint: &str| ("hint: ".len(), format!("{}: {}", self.paint("hint", "36"), escape_control(hint)));
        match error {
            Error::BrokenPipe => return Vec::new(),
            Error::Differs(message) | Error::Declined(message) => {
                return vec![(0, escape_control(message).into_owned())];
            }
            // Said in the command's output already: only what to do next.
            Error::Reported(error) => return error.hint().map(hint).into_iter().collect(),
            _ => {}
        }
        let message = format!("{}: {}", self.paint("error", "31"), escape_control(&error.to_string()));
        let mut lines = vec![("error: ".len(), message)];
        lines.extend(error.hint().map(hint));
        lines
    }

    fn paint(&self, word: &str, sgr: &str) -> String {
        if self.color { format!("\x1b[{sgr}m{word}\x1b[0m") } else { word.to_string() }
    }
}

/// One of the two streams seg writes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Stdout,
    Stderr,
}

fn write_out(bytes: &[u8]) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}

/// A count with its noun in the right number: `1 request`, `2 requests`, `0 filters`.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

/// A duration as people write it: `30s`, `1m 30s`, `250ms`.
pub fn duration(d: std::time::Duration) -> String {
    // Milliseconds are the finest grain anyone reads in a log line.
    let rounded = std::time::Duration::from_millis(d.as_millis().try_into().unwrap_or(u64::MAX));
    if rounded.is_zero() {
        return if d.is_zero() { "0s".into() } else { "<1ms".into() };
    }
    if rounded < std::time::Duration::from_secs(1) {
        return format!("{}ms", rounded.as_millis());
    }
    // Seconds with their fraction, as people read a wait: `1.2s`, `3.001s`, `1m 30s`.
    let printer = jiff::fmt::friendly::SpanPrinter::new().fractional(Some(jiff::fmt::friendly::FractionalUnit::Second));
    match jiff::SignedDuration::try_from(rounded) {
        Ok(d) => {
            let text = printer.duration_to_string(&d).replace(".0s", "s");
            match text.strip_suffix(" 0s") {
                Some(whole) => whole.to_string(),
                None => text,
            }
        }
        Err(_) => format!("{d:?}"),
    }
}

/// Parses `30s`, `4h`, `250ms`, `1m 30s` (and ISO 8601 `PT30S`); negative durations are refused.
pub fn parse_duration(text: &str) -> Result<std::time::Duration, String> {
    let parsed: jiff::SignedDuration =
        text.trim().parse().map_err(|_| format!("invalid duration {text:?}: use e.g. 30s, 250ms, 5m, 4h"))?;
    std::time::Duration::try_from(parsed).map_err(|_| format!("invalid duration {text:?}: must not be negative"))
}

/// A duration that must be more than zero (`--timeout 0s` would make every request fail at once).
pub fn parse_positive_duration(text: &str) -> Result<std::time::Duration, String> {
    match parse_duration(text)? {
        d if d.is_zero() => Err(format!("invalid duration {text:?}: must be more than zero")),
        d => Ok(d),
    }
}

pub use crate::text::{escape_control, escape_json_controls};

/// A value as one line of JSON, as `-o ndjson` prints it (control characters escaped: [`escape_json_controls`]).
pub fn json_line(value: &impl serde::Serialize) -> Result<String> {
    let text = serde_json::to_string(value).map_err(|e| Error::failed(format!("cannot write JSON: {e}")))?;
    Ok(escape_json_controls(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("30s").unwrap(), std::time::Duration::from_secs(30));
        assert_eq!(parse_duration("250ms").unwrap(), std::time::Duration::from_millis(250));
        assert_eq!(parse_duration("4h").unwrap(), std::time::Duration::from_secs(4 * 3600));
        for bad in ["", "-1s", "soon", "5"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
        assert_eq!(duration(std::time::Duration::from_millis(1500)), "1.5s");
        assert_eq!(duration(std::time::Duration::from_millis(1234)), "1.234s");
        assert_eq!(duration(std::time::Duration::from_millis(1200)), "1.2s");
        assert!(duration(std::time::Duration::MAX).ends_with('s'), "the longest duration reads too");
        assert_eq!(duration(std::time::Duration::from_millis(250)), "250ms");
        assert_eq!(duration(std::time::Duration::from_secs(90)), "1m 30s");
        assert_eq!(duration(std::time::Duration::from_secs(3600)), "1h");
        assert_eq!(duration(std::time::Duration::from_micros(1254)), "1ms");
        assert_eq!(duration(std::time::Duration::from_micros(20)), "<1ms");
    }

    #[test]
    fn an_error_report_escapes_control_characters_once() {
        let printer = Printer { color: true, ..Printer::plain() };
        let lines = printer.error_lines(&Error::failed("the service said: a\x1b]0;owned\x07b\u{9b}31m\nforged line"));
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert_eq!(
            lines[0].1,
            "\x1b[31merror\x1b[0m: the service said: a\\u{1b}]0;owned\\u{7}b\\u{9b}31m\\nforged line"
        );
        // Already escaped where it was made: shown as it is, not escaped twice.
        let escaped = format!("a name {}", escape_control("x\u{1b}y"));
        let lines = Printer::plain().error_lines(&Error::usage(escaped.clone()));
        assert_eq!(lines[0], ("error: ".len(), format!("error: {escaped}")));
        assert_eq!(Printer::plain().error_lines(&Error::Declined("No\x1b[2J.".into())), [(0, "No\\u{1b}[2J.".into())]);
        assert!(Printer::plain().error_lines(&Error::BrokenPipe).is_empty());
    }

    #[test]
    fn lines_for_people_are_wrapped_only_on_a_terminal() {
        let text = "a message for people that is longer than forty columns, with https://example.com/a-long/path";
        // A pipe: the same bytes whatever COLUMNS says (a table fits COLUMNS there; prose does not wrap).
        let piped = Printer { columns: Some(40), ..Printer::plain() };
        assert_eq!(piped.width(Stream::Stderr), Some(40));
        assert_eq!(piped.fitted(Stream::Stderr, text, 0), text);
        assert_eq!(piped.fitted(Stream::Stdout, text, 0), text);
        // A terminal: COLUMNS beats its width; each stream by its own terminal-ness.
        let terminal = Printer { stderr_tty: true, columns: Some(40), ..Printer::plain() };
        let wrapped = terminal.fitted(Stream::Stderr, text, 0);
        assert_eq!(
            wrapped,
            "a message for people that is longer than\n  forty columns, with\n  https://example.com/a-long/path"
        );
        assert_eq!(terminal.fitted(Stream::Stdout, text, 0), text, "stdout is a pipe");
        let terminal = Printer { stderr_tty: true, columns: Some(60), ..Printer::plain() };
        assert_eq!(
            terminal.fitted(Stream::Stderr, text, 0),
            "a message for people that is longer than forty columns, with\n  https://example.com/a-long/path"
        );
        // No COLUMNS and no terminal: no width at all.
        assert_eq!(Printer::plain().width(Stream::Stdout), None);
    }

    #[test]
    fn an_error_is_wrapped_under_its_label() {
        let printer = Printer { stderr_tty: true, columns: Some(50), ..Printer::plain() };
        let error = Error::usage("the plan would carry secrets written literally in the file (sources.web.settings)");
        let lines: Vec<String> = printer
            .error_lines(&error)
            .iter()
            .map(|(label, line)| printer.fitted(Stream::Stderr, line, *label))
            .collect();
        assert_eq!(
            lines[0],
            "error: the plan would carry secrets written\n       literally in the file\n       (sources.web.settings)"
        );
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(escape_control("plain é"), "plain é");
        assert_eq!(escape_control("é\x1b[31mb\n"), "é\\u{1b}[31mb\\n");
        // DEL and C1: U+009B is the 8-bit CSI.
        assert_eq!(escape_control("a\u{7f}b\u{80}c\u{9b}31md\u{9f}"), "a\\u{7f}b\\u{80}c\\u{9b}31md\\u{9f}");
        assert_eq!(escape_control("\u{a0}"), "\u{a0}", "U+00A0 is no control");
    }

    #[test]
    fn json_output_escapes_del_and_c1() {
        let value = serde_json::json!({"k\u{9b}": "a\u{1b}b\u{7f}c\u{85}d\u{a0}"});
        let line = json_line(&value).unwrap();
        assert_eq!(line, "{\"k\\u009b\":\"a\\u001bb\\u007fc\\u0085d\u{a0}\"}");
        assert!(!line.chars().any(char::is_control), "{line:?}");
        assert_eq!(serde_json::from_str::<serde_json::Value>(&line).unwrap(), value, "the same value");
    }
}
