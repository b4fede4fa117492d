//! Every document the repository links or cites is in it (issue 36, "The contracts live in the repository"). The
//! text files of `src/`, `tests/`, `benches/`, `fuzz/`, `scripts/`, `docs/`, `man/`, `build.rs` and the root's
//! Markdown files are read for two things: a Markdown link `[..](path)` to a relative path, which must exist (web
//! links and anchors alone are not checked), and a citation of a document by a name ending in `.md`, which must name a
//! file of the repository: a bare name one at its root (`README.md`), a path one from the root or from the citing
//! file's folder (`docs/reference/names.md`), never outside the repository. A Markdown link is checked as a link:
//! its text and target are no citation. This file's own examples are dead on purpose, so it is not read.

use std::path::{Component, Path, PathBuf};

/// Where the repository's own text lives, from its root.
const SCANNED: &[&str] = &["src", "tests", "benches", "fuzz", "scripts", "docs", "man", "build.rs"];

/// Folders that hold no text of the project's: build output, fetched packages, fuzz inputs.
const SKIPPED: &[&str] = &["target", "node_modules", "vendor", "corpus", "artifacts", ".git"];

/// This file, whose examples cite what does not exist.
const ITSELF: &str = "tests/it/citations.rs";

/// Citations in text a program prints or serves (an OpenAPI description, and the doc comment it is generated
/// from), which a change of comments cannot touch: (file, the cited name). Each must still be found, so an entry
/// goes when its citation does.
const PRINTED: &[(&str, &str)] = &[];

/// The files to read, from the root, in a stable order.
fn files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = SCANNED.iter().map(|p| root.join(p)).collect();
    for entry in std::fs::read_dir(root).unwrap().flatten() {
        let path = entry.path();
        // Every file at the top (README, Cargo.toml, clippy.toml, ...): a comment in a manifest cites as a page does.
        if path.is_file() {
            out.push(path);
        }
    }
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            let name = path.file_name().unwrap().to_string_lossy();
            if SKIPPED.contains(&name.as_ref()) {
                continue;
            }
            stack.extend(std::fs::read_dir(&path).unwrap().flatten().map(|e| e.path()));
        } else if path.is_file() {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// `path` with `.` and `..` taken out; `None` when it climbs above where it started.
fn normal(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::Normal(p) => out.push(p),
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
}

/// Whether `target`, relative to the folder `from` (both from the root), names a file or folder of the repository.
fn exists(root: &Path, from: &Path, target: &str) -> bool {
    normal(&from.join(target)).is_some_and(|p| root.join(p).exists())
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/')
}

/// The documents a line cites by a name ending in `.md`: each the longest run of path characters before a `.md`
/// that no name character follows. A run that is part of a URL (`https://host/README.md`) is no citation.
fn cited(line: &str) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 3 <= chars.len() {
        let is_md = chars[i] == '.' && chars[i + 1] == 'm' && chars[i + 2] == 'd';
        let ends = chars.get(i + 3).is_none_or(|&c| !(c.is_ascii_alphanumeric() || c == '_'));
        if !(is_md && ends) {
            i += 1;
            continue;
        }
        let mut start = i;
        while start > 0 && is_name_char(chars[start - 1]) {
            start -= 1;
        }
        let name: String = chars[start..i + 3].iter().collect();
        let url = name.starts_with("//") || (start > 0 && chars[start - 1] == ':');
        let named = chars[..i].last().is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-');
        if named && !url {
            out.push(name);
        }
        i += 3;
    }
    out
}

/// The targets of the Markdown links `[..](target)` of a line: a path, without its `#anchor`; web links, mail
/// links, anchors alone and Rust's intra-doc paths (`crate::a`) left out.
fn linked(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = rest[..end].trim().trim_start_matches('<').trim_end_matches('>');
        let target = target.split_whitespace().next().unwrap_or("");
        let target = target.split('#').next().unwrap_or("");
        let web = target.contains("://") || target.starts_with("mailto:");
        let path_like = target.contains('/') || target.contains('.');
        if !target.is_empty() && !web && path_like && !target.contains("::") {
            out.push(target.to_string());
        }
        rest = &rest[end..];
    }
    out
}

/// The line without its Markdown links: a link is checked as a link (`linked`), so its text and target are not
/// read again as citations.
fn unlinked(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        let after = &rest[open..];
        let link = after.find("](").and_then(|mid| after[mid..].find(')').map(|end| (mid, mid + end)));
        match link {
            Some((mid, end)) if !after[1..mid].contains('[') => {
                out.push_str(&rest[..open]);
                rest = &after[end + 1..];
            }
            _ => {
                out.push_str(&rest[..=open]);
                rest = &rest[open + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Every dead link and dead citation, as `file:line: what`.
fn dead(root: &Path) -> (Vec<String>, Vec<(String, String)>) {
    let mut found = Vec::new();
    let mut printed = Vec::new();
    for path in files(root) {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        if text.contains('\0') {
            continue;
        }
        let relative = path.strip_prefix(root).unwrap().to_path_buf();
        let shown = relative.to_string_lossy().replace('\\', "/");
        if shown == ITSELF {
            continue;
        }
        let folder = relative.parent().unwrap_or(Path::new("")).to_path_buf();
        let markdown = relative.extension().is_some_and(|e| e == "md");
        let rust = relative.extension().is_some_and(|e| e == "rs");
        let mut fenced = false;
        for (number, line) in text.lines().enumerate() {
            let number = number + 1;
            if markdown && line.trim_start().starts_with("```") {
                fenced = !fenced;
                continue;
            }
            let comment = line.trim_start().starts_with("//");
            if (markdown && !fenced) || (rust && comment) {
                for target in linked(line) {
                    if !exists(root, &folder, &target) {
                        found.push(format!("{shown}:{number}: link to `{target}`, which is not in the repository"));
                    }
                }
            }
            let line = if markdown { unlinked(line) } else { line.to_string() };
            for name in cited(&line) {
                let good = if name.contains('/') {
                    exists(root, Path::new(""), &name) || exists(root, &folder, &name)
                } else {
                    root.join(&name).is_file()
                };
                if good {
                    continue;
                }
                if PRINTED.contains(&(shown.as_str(), name.as_str())) {
                    printed.push((shown.clone(), name));
                    continue;
                }
                found.push(format!("{shown}:{number}: cites `{name}`, which is not in the repository"));
            }
        }
    }
    (found, printed)
}

#[test]
fn no_file_links_or_cites_a_document_not_in_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (found, printed) = dead(root);
    assert!(
        found.is_empty(),
        "{} dead links or citations (cite the repository's own page, e.g. docs/reference/commands.md):\n{}",
        found.len(),
        found.join("\n")
    );
    for (file, name) in PRINTED {
        assert!(
            printed.iter().any(|(f, n)| f == file && n == name),
            "{file} no longer cites {name}: take it out of PRINTED"
        );
    }
}

#[test]
fn the_scan_finds_what_it_is_meant_to() {
    let bare = "CLI.md";
    assert_eq!(
        cited(&format!("({bare}, \"Exit codes\") and docs/reference/names.md.")),
        [bare, "docs/reference/names.md"]
    );
    let outside = "../shared/docs/API.md";
    assert_eq!(cited(&format!("see {outside}'s table")), [outside]);
    assert!(cited("https://github.com/o/r/blob/main/README.md and *.md files").is_empty());
    assert!(cited("a .md file, x.mdx, notes.md5").is_empty());
    assert_eq!(linked("[a](docs/x.md#y) [b](https://e.com/z.md) [c](#top) [d](crate::wire)"), ["docs/x.md"]);
    assert_eq!(unlinked("[names.md](names.md), [x](gone.md) [y]"), ",  [y]");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    assert!(exists(root, Path::new("docs/reference"), "../WEBHOOKS.md"));
    assert!(!exists(root, Path::new("docs"), outside));
    // A dead citation and a dead link, in a copy of the layout: both found, with their file and line.
    let copy = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(copy.path().join("docs/reference")).unwrap();
    std::fs::write(copy.path().join("docs/reference/a.md"), "# A\n").unwrap();
    std::fs::write(
        copy.path().join("README.md"),
        format!("See [A](docs/reference/a.md) and docs/reference/a.md.\nAs {bare} says.\n[B](docs/b.md)\n"),
    )
    .unwrap();
    let (found, _) = dead(copy.path());
    assert_eq!(
        found,
        [
            format!("README.md:2: cites `{bare}`, which is not in the repository"),
            "README.md:3: link to `docs/b.md`, which is not in the repository".to_string(),
        ]
    );
}
