//! Lines for people fitted to a terminal's width (docs/reference/output.md, "Lines for people"): broken only at
//! spaces, so an identifier, a URL or a value is never cut (one wider than the terminal goes whole on a line of its
//! own), each continuation line indented so that a message reads as one. The [`Printer`](super::Printer) decides
//! whether and at what width; this only fits.

use std::borrow::Cow;

use textwrap::{Options, WordSeparator, WordSplitter, WrapAlgorithm};

/// `text` fitted to `width` columns, line by line (its newlines kept, a final one too). A line that fits is left as
/// it is; a longer one is broken at its spaces (never inside a word: not at a hyphen or a slash either), its leading
/// indent kept, and its continuation lines start `label` columns in (under the text after a label such as
/// `error: `) or two columns further in than the line itself, whichever is further. Widths are display columns
/// (a CJK character takes two), colour escapes take none.
pub fn wrap(text: &str, width: usize, label: usize) -> String {
    let lines: Vec<Cow<'_, str>> = text.split('\n').map(|line| wrap_line(line, width, label)).collect();
    lines.join("\n")
}

fn wrap_line(line: &str, width: usize, label: usize) -> Cow<'_, str> {
    if textwrap::core::display_width(line) <= width {
        return Cow::Borrowed(line);
    }
    let words = line.trim_start_matches(' ');
    let indent = &line[..line.len() - words.len()];
    let hang = " ".repeat(label.max(indent.len() + 2));
    let options = Options::new(width)
        .initial_indent(indent)
        .subsequent_indent(&hang)
        .break_words(false)
        .word_separator(WordSeparator::AsciiSpace)
        .word_splitter(WordSplitter::NoHyphenation)
        .wrap_algorithm(WrapAlgorithm::FirstFit);
    Cow::Owned(textwrap::wrap(words, options).join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_width::UnicodeWidthStr;

    /// Every line within `width`, unless it is one word (after its indent) that is wider alone.
    fn fits(text: &str, width: usize) -> bool {
        text.lines().all(|l| l.width() <= width || !l.trim_start().contains(' '))
    }

    #[test]
    fn lines_break_at_spaces_under_their_label() {
        let text = "error: the service refused the request because the token has no write scope for this workspace";
        let wrapped = wrap(text, 40, "error: ".len());
        assert_eq!(
            wrapped,
            "error: the service refused the request\n       because the token has no write\n       scope \
             for this workspace"
        );
        assert!(fits(&wrapped, 40), "{wrapped}");
        // The same words in the same order: only spaces became line breaks and indents.
        let words = |t: &str| t.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(words(&wrapped), words(text));
    }

    #[test]
    fn a_line_that_fits_and_its_newlines_are_kept() {
        assert_eq!(wrap("short line", 10, 0), "short line");
        assert_eq!(wrap("a\n\n  b  \n", 10, 0), "a\n\n  b  \n");
        assert_eq!(wrap("", 10, 0), "");
    }

    #[test]
    fn an_indented_line_continues_two_columns_further_in() {
        let text = "    settings.apiKey: \"a rather long value\" -> \"another rather long value\"";
        assert_eq!(
            wrap(text, 40, 0),
            "    settings.apiKey: \"a rather long\n      value\" -> \"another rather long\n      value\""
        );
        assert_eq!(
            wrap("+ create workspaces/demo/sources/one two", 30, 0),
            "+ create\n  workspaces/demo/sources/one\n  two"
        );
    }

    #[test]
    fn a_word_wider_than_the_line_stays_whole_on_a_line_of_its_own() {
        let url = "https://hooks.example.com/a/very-long/path/that-goes/on_and_on?x=1&y=2";
        let wrapped = wrap(&format!("warning: the hook {url} did not answer in time"), 40, 9);
        assert_eq!(wrapped, format!("warning: the hook\n         {url}\n         did not answer in time"));
        // Not at a hyphen, a slash or an underscore either.
        for line in wrapped.lines() {
            assert!(line.contains(url) || !line.contains("hooks"), "{wrapped}");
        }
        assert_eq!(
            wrap("workspaces/demo/sources/a-very-long-identifier", 10, 0),
            "workspaces/demo/sources/a-very-long-identifier"
        );
    }

    #[test]
    fn widths_are_display_columns_and_colour_takes_none() {
        // Each 日 takes two columns: two pairs and a space take 9, so the third pair goes down.
        assert_eq!(wrap("日日 日日 日日", 10, 0), "日日 日日\n  日日");
        let painted = "\x1b[33mwarning\x1b[0m: one two three";
        assert_eq!(wrap(painted, 18, 9), "\x1b[33mwarning\x1b[0m: one two\n         three");
    }
}
