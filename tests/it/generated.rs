//! Completions and man pages are generated and checked in; this fails when they are stale. Rendering is checked
//! with every groff warning on except "cannot adjust line" (long example lines are not justified).
//! Refresh them (and the emulator's checked-in OpenAPI document) with: UPDATE_GENERATED=1 cargo test generated

use std::path::Path;
use std::process::Command;

fn check(dir: &str, files: Vec<(String, Vec<u8>)>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    if std::env::var_os("UPDATE_GENERATED").is_some() {
        std::fs::create_dir_all(&dir).unwrap();
        for entry in std::fs::read_dir(&dir).unwrap() {
            std::fs::remove_file(entry.unwrap().path()).unwrap();
        }
        for (name, bytes) in &files {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
    }
    let mut stale = Vec::new();
    for (name, bytes) in &files {
        if std::fs::read(dir.join(name)).ok().as_deref() != Some(bytes.as_slice()) {
            stale.push(name.clone());
        }
    }
    let on_disk = std::fs::read_dir(&dir).map(|d| d.count()).unwrap_or(0);
    assert!(
        stale.is_empty() && on_disk == files.len(),
        "{} is stale ({} files differ or are missing, {} on disk, {} expected): run UPDATE_GENERATED=1 cargo test generated",
        dir.display(),
        stale.len(),
        on_disk,
        files.len()
    );
}

/// One man page per command and subcommand: `seg.1`, `seg-sources.1`, `seg-sources-list.1`, ...
pub fn man_pages() -> Vec<(String, Vec<u8>)> {
    fn walk(cmd: &clap::Command, name: String, path: String, out: &mut Vec<(String, Vec<u8>)>) {
        let mut page = cmd.clone().display_name(name.clone()).bin_name(path.clone());
        // The command's own arguments first, then the global options, as its --help and OPTIONS section list them.
        let usage = page.render_usage().to_string();
        let usage = usage.strip_prefix("Usage: ").unwrap_or(&usage).trim().to_string();
        // What --help shows after the options (examples; for seg itself the exit codes) gets sections of its own,
        // not clap_mangen's EXTRA, whose filled paragraph would run the example lines together.
        let after = page.get_after_long_help().or(page.get_after_help()).map(ToString::to_string).unwrap_or_default();
        // The line pointing at `seg options` is for a terminal: the man pages have seg-options(1). seg(1) lists the
        // exit codes, which `seg --help` leaves to `seg exit-codes`.
        let hint = seg::cli::GLOBAL_OPTIONS_HINT;
        let after = after.replace(&format!("\n\n{hint}"), "").replace(hint, "");
        let after = if name == "seg" { seg::cli::EXIT_CODES.to_string() } else { after };
        let page = page.override_usage(format!("{usage} [GLOBAL OPTIONS]")).after_help(None).after_long_help(None);
        let man = clap_mangen::Man::new(page).manual("seg manual").source(concat!("seg ", env!("CARGO_PKG_VERSION")));
        let mut bytes = Vec::new();
        man.render(&mut bytes).expect("rendering to memory cannot fail");
        let text = String::from_utf8(bytes).expect("roff is text");
        let at = text.find(".SH VERSION").unwrap_or(text.len());
        let text = format!("{}{}{}", &text[..at], sections(&after), &text[at..]);
        out.push((man.get_filename(), text.into_bytes()));
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            walk(sub, format!("{name}-{}", sub.get_name()), format!("{path} {}", sub.get_name()), out);
        }
    }
    let mut root = seg::cli::command().disable_help_subcommand(true);
    root.build();
    let mut out = Vec::new();
    walk(&root, "seg".into(), "seg".into(), &mut out);
    out
}

/// The blocks of a command's after-help text as man sections: `Examples:` as EXAMPLES, `Exit codes:` as EXIT
/// STATUS, each line as written (no filling), less the help's two-space indent.
fn sections(after: &str) -> String {
    let mut out = String::new();
    for block in after.split("\n\n").filter(|b| !b.trim().is_empty()) {
        let mut lines = block.lines();
        let heading = match lines.next().unwrap_or_default().trim_end_matches(':') {
            "Example" | "Examples" => "EXAMPLES",
            "Exit codes" => "EXIT STATUS",
            "Global options" => "GLOBAL OPTIONS",
            other => panic!("an after-help block with an unknown heading {other:?}: give it a section here"),
        };
        out.push_str(&format!(".SH \"{heading}\"\n.nf\n"));
        for line in lines {
            out.push_str(&roff_line(line.strip_prefix("  ").unwrap_or(line)));
            out.push('\n');
        }
        out.push_str(".fi\n");
    }
    out
}

/// One line of text as roff shows it verbatim.
pub fn roff_line(line: &str) -> String {
    let escaped = line.replace('\\', "\\e").replace('-', "\\-").replace('\'', "\\(aq");
    if escaped.starts_with('.') { format!("\\&{escaped}") } else { escaped }
}

#[test]
fn completions_are_current() {
    check("completions", seg::cli::generate::completions());
}

#[test]
fn man_pages_are_current_one_per_command() {
    let pages = man_pages();
    let names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
    for want in [
        "seg.1",
        "seg-sources.1",
        "seg-destinations-patch.1",
        "seg-tracking-plans-connections-add.1",
        "seg-webhook-verify.1",
    ] {
        assert!(names.contains(&want), "{want} in {names:?}");
    }
    // The synopsis sets the global options apart, after the command's own.
    for (name, page) in &pages {
        let text = String::from_utf8_lossy(page);
        let synopsis = text.split(".SH SYNOPSIS\n").nth(1).and_then(|s| s.split("\n.SH ").next()).unwrap_or_default();
        assert!(
            synopsis.trim_end().ends_with("[GLOBAL OPTIONS]") && !synopsis.contains("base\\-url"),
            "{name}: {synopsis}"
        );
    }
    check("man", pages);
}

#[test]
fn the_bash_completion_parses() {
    let script = seg::cli::generate::completion(clap_complete::Shell::Bash);
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), script).unwrap();
    let status = Command::new("bash").arg("-n").arg(file.path()).status().expect("bash is installed");
    assert!(status.success());
}

/// Unix only: groff is not on Windows runners. The pages are the same bytes on every platform (`.gitattributes`
/// keeps them LF), so rendering them on Linux and macOS covers Windows too.
#[cfg(unix)]
#[test]
fn man_pages_render_without_warnings_and_list_the_exit_codes() {
    for (name, bytes) in man_pages() {
        let out = Command::new("groff")
            .args(["-man", "-Tutf8", "-ww", "-Wbreak", "-z"])
            .stdin(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                std::io::Write::write_all(child.stdin.as_mut().unwrap(), &bytes)?;
                child.wait_with_output()
            })
            .expect("groff is installed (.ci/run installs it)");
        assert!(out.status.success() && out.stderr.is_empty(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        if name == "seg.1" {
            let text = String::from_utf8_lossy(&bytes);
            assert!(
                text.contains(".SH \"EXIT STATUS\"") && text.contains("unauthenticated"),
                "seg.1 lists the exit codes"
            );
        }
    }
}
