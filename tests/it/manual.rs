//! The README is a first screen, the manual under `docs/` holds the rest, and every example of either runs (issue 36,
//! "A first screen and a manual").
//!
//! The first screen (`the_readme_is_a_first_screen_that_links_the_whole_manual`): README.md is at most 200 lines,
//! has the headings of [`FIRST_SCREEN`], and links every page of `docs/`; docs/README.md, the manual's index, links
//! every page under `docs/` (the reference included); every page linked exists, and so does the heading an anchor
//! names.
//!
//! The examples (`the_examples_of_every_page_run_as_their_comments_say`, not on Windows: they are POSIX shell). Of
//! README.md and every `docs/**/*.md`, the ```` ```sh ```` blocks are examples that run; other fences (```` ``` ````,
//! ```` ```yaml ````, ```` ```json ````, ```` ```text ````) are shown, never run. The rules:
//! - **A line is a command.** Leading blanks and a `$ ` prompt are dropped; a line that is only a comment is text; a
//!   line ending in `\` goes on on the next; a here-document (`<<'EOF'` ... `EOF`) belongs to its line.
//! - **Every line runs, `seg` or not, in order, in one `bash` per page**, so what one line leaves (a file written, an
//!   exported variable, a login, a server started with `&`) is there for the next, as in a reader's terminal; what
//!   is still running when the page ends is stopped. `set -o pipefail`: a `seg` that fails at the head of a pipe
//!   fails the line. Each line's standard input is empty, unless the line pipes into it.
//! - **A line's trailing comment says how it ends.** `# exit N` or `# exits N` (anywhere in the comment: `# differences:
//!   exit 1`) expects N; a comment without it, or no comment, expects 0. `# not run: REASON` skips the line (a prompt,
//!   a server that runs until Ctrl-C, a build), and REASON may not be empty.
//! - **Where it runs.** Each page gets a fresh emulator (`seg serve` in-process, no rate limit) seeded with the page's
//!   fixture: an HTML comment `<!-- fixture: NAME -->` names `tests/it/fixtures/docs/NAME/`, else `acme`. The folder's
//!   `seed.json` (a resource list) or `seed.yaml` (a `seg/1` file) is the seed; its other files are copied into the
//!   page's working folder (a reader's `rules.json`, `secret.txt`, `body.json`). HOME and the XDG folders are the
//!   page's own; `SEG_BASE_URL` is the emulator (so every profile reaches it), `EDITOR=true`, and `SEG_RATE_LIMIT`
//!   60000: requests are paced through the budget as a reader's are, at a rate that never waits.
//!   The default profile is logged in with a write token before the first line, on the Public API (the only API a
//!   new token is for), unless the page says `<!-- login: config -->` (or `none`). The page's lines can use `$TOKEN`
//!   (that write token, reaching every workspace of the fixture), `$READ_TOKEN` (read-only), and `$TOKEN_<WS>` for each
//!   workspace WS of the fixture (`$TOKEN_ACME_EU`: a write token that reaches only `acme-eu`, so the Public API acts
//!   on it).
//! - **Addresses are made local** in the line before it runs (and in the fixture's files before they are used): `https://example.com` (and any `*.example.com`,
//!   `http://127.0.0.1:9000`, `http://127.0.0.1:3000`) become a local receiver answering 200; `http://127.0.0.1:8808`
//!   (`seg serve`'s default) the page's emulator; a `redis://` or `rediss://` URL of another machine a redis-server of
//!   the page's own on a free port (without redis-server those lines are skipped, unless CI is set: then they fail). A line that calls
//!   `jq` or `curl` is skipped when the tool is missing, unless CI is set.
//! - A failure names the page, the line, the command as written, its exit code and what it printed on stderr.
//!   `SEG_DOCS_PAGE=NAMES` runs only the pages whose path holds that text.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{Value, json};

use crate::support::{READ, TestEnv, WRITE};

/// How long a page's lines may take, all together.
const PAGE_TIME: Duration = Duration::from_secs(300);

/// The README's most lines: one screen's worth, scrolled a few times.
const README_LINES: usize = 200;

/// The headings of the first screen, in order.
const FIRST_SCREEN: &[&str] = &[
    "## On a fresh machine: two commands",
    "## Install",
    "## Log in",
    "## Everyday commands",
    "## Scripting",
    "## Webhook debugging",
    "## The manual",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every Markdown page under `docs/`, from the root, sorted.
fn manual_pages() -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root().join("docs")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path.strip_prefix(root()).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

/// The anchor GitHub gives a heading: lower case, blanks as `-`, punctuation but `-` and `_` dropped.
fn anchor(heading: &str) -> String {
    let text = heading.trim_start_matches('#').trim().to_lowercase();
    text.chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page's headings, outside fences.
fn anchors(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push(anchor(line));
        }
    }
    out
}

/// The relative targets of a page's Markdown links outside fences, each resolved from the root (anchors dropped).
fn links(page: &str, text: &str) -> Vec<String> {
    anchored_links(page, text).into_iter().map(|(path, _)| path).collect()
}

/// The relative targets of a page's Markdown links outside fences, each resolved from the root, with their anchor.
fn anchored_links(page: &str, text: &str) -> Vec<(String, Option<String>)> {
    let folder = Path::new(page).parent().unwrap_or(Path::new(""));
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            let (target, fragment) = match rest[..end].split_once('#') {
                Some((target, fragment)) => (target, Some(fragment.to_string())),
                None => (&rest[..end], None),
            };
            rest = &rest[end..];
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let mut path = PathBuf::new();
            for part in folder.join(target).components() {
                match part {
                    std::path::Component::ParentDir => {
                        path.pop();
                    }
                    std::path::Component::Normal(p) => path.push(p),
                    _ => {}
                }
            }
            out.push((path.to_string_lossy().replace('\\', "/"), fragment));
        }
    }
    out
}

#[test]
fn the_readme_is_a_first_screen_that_links_the_whole_manual() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= README_LINES, "README.md has {lines} lines, {README_LINES} at most: move the rest to docs/");
    let headings: Vec<&str> = readme.lines().filter(|l| l.starts_with("## ")).collect();
    let mut at = 0;
    for wanted in FIRST_SCREEN {
        let found = headings[at..].iter().position(|h| h == wanted);
        let found = found.unwrap_or_else(|| panic!("README.md lacks `{wanted}` (in this order: {FIRST_SCREEN:?})"));
        at += found + 1;
    }
    let pages = manual_pages();
    let linked = links("README.md", &readme);
    for page in pages.iter().filter(|p| !p["docs/".len()..].contains('/')) {
        assert!(linked.contains(page), "README.md does not link the manual page {page}");
    }
    let index = std::fs::read_to_string(root().join("docs/README.md")).expect("docs/README.md, the manual's index");
    let indexed = links("docs/README.md", &index);
    for page in pages.iter().filter(|p| *p != "docs/README.md") {
        assert!(indexed.contains(page), "docs/README.md does not link {page}");
    }
    for page in std::iter::once("README.md".to_string()).chain(pages) {
        let text = std::fs::read_to_string(root().join(&page)).unwrap();
        for (target, fragment) in anchored_links(&page, &text) {
            assert!(root().join(&target).exists(), "{page} links {target}, which does not exist");
            let Some(fragment) = fragment.filter(|_| target.ends_with(".md")) else { continue };
            let headings = anchors(&std::fs::read_to_string(root().join(&target)).unwrap());
            assert!(headings.contains(&fragment), "{page} links {target}#{fragment}, a heading it does not have");
        }
    }
}

/// How a line must end.
#[derive(Debug, Clone, PartialEq)]
enum Expect {
    Exit(i32),
    NotRun(String),
}

/// One example: the page's line number of its first line, the command as written (continuations and a
/// here-document included), and how it must end.
#[derive(Debug, Clone, PartialEq)]
struct Example {
    line: usize,
    command: String,
    expect: Expect,
}

/// Where a line's comment starts: a `#` that begins a word outside quotes, as the shell reads it.
fn comment_at(line: &str) -> Option<usize> {
    let mut quote: Option<char> = None;
    let mut escaped = false;
    let mut previous = ' ';
    for (at, c) in line.char_indices() {
        match quote {
            _ if escaped => escaped = false,
            Some('\'') if c == '\'' => quote = None,
            Some('"') if c == '\\' => escaped = true,
            Some('"') if c == '"' => quote = None,
            Some(_) => {}
            None if c == '\\' => escaped = true,
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == '#' && previous.is_whitespace() => return Some(at),
            None => {}
        }
        previous = c;
    }
    None
}

/// What a trailing comment expects: `not run: REASON`, else the number after the first `exit` or `exits`, else 0.
fn expectation(comment: &str) -> Result<Expect, String> {
    let comment = comment.trim_start_matches('#').trim();
    if let Some(reason) = comment.strip_prefix("not run:") {
        let reason = reason.trim();
        return if reason.is_empty() {
            Err("`# not run:` needs a reason".into())
        } else {
            Ok(Expect::NotRun(reason.to_string()))
        };
    }
    if comment.starts_with("not run") {
        return Err("write `# not run: REASON`".into());
    }
    let words: Vec<&str> = comment.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    for pair in words.windows(2) {
        if let ("exit" | "exits", Ok(code)) = (pair[0], pair[1].parse()) {
            return Ok(Expect::Exit(code));
        }
    }
    Ok(Expect::Exit(0))
}

/// The here-document a command opens: its terminating word.
fn heredoc(command: &str) -> Option<String> {
    let at = command.find("<<")?;
    let rest = command[at + 2..].trim_start_matches('-').trim_start();
    let word: String =
        rest.trim_start_matches(['\'', '"']).chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    (!word.is_empty()).then_some(word)
}

/// The examples of a page: the lines of its ```` ```sh ```` blocks, in order.
fn examples(text: &str) -> Result<Vec<Example>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut fence: Option<bool> = None;
    let mut i = 0;
    while i < lines.len() {
        let number = i + 1;
        let trimmed = lines[i].trim_start();
        i += 1;
        if let Some(info) = trimmed.strip_prefix("```") {
            fence = match fence {
                Some(_) => None,
                None => Some(info.trim() == "sh"),
            };
            continue;
        }
        if fence != Some(true) {
            continue;
        }
        let first = trimmed.strip_prefix("$ ").unwrap_or(trimmed);
        if first.is_empty() || first.starts_with('#') {
            continue;
        }
        let mut command = first.to_string();
        let mut last = first.to_string();
        while comment_at(&last).is_none() && last.ends_with('\\') {
            let Some(next) = lines.get(i) else { return Err(format!("line {number}: `\\` at the end of the block")) };
            i += 1;
            command.push('\n');
            command.push_str(next);
            last = next.to_string();
        }
        let comment = comment_at(&last).map(|at| &last[at..]).unwrap_or("");
        let expect = expectation(comment).map_err(|why| format!("line {number}: {why}"))?;
        let code = &command[..command.len() - comment.len()];
        if let Some(word) = heredoc(code) {
            loop {
                let Some(next) = lines.get(i) else { return Err(format!("line {number}: here-document never ends")) };
                i += 1;
                command.push('\n');
                command.push_str(next);
                if next.trim() == word {
                    break;
                }
            }
        }
        out.push(Example { line: number, command, expect });
    }
    if fence.is_some() {
        return Err("a fence is never closed".into());
    }
    Ok(out)
}

/// The value of a page's `<!-- KEY: VALUE -->` comment.
fn setting<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let start = text.find(&format!("<!-- {key}:"))? + key.len() + 6;
    let end = text[start..].find("-->")?;
    Some(text[start..start + end].trim())
}

/// The addresses a line names, made local.
struct Local {
    emulator: String,
    receiver: String,
    redis: Option<String>,
}

impl Local {
    fn rewrite(&self, command: &str) -> String {
        let mut out = command
            .replace("http://127.0.0.1:8808", &self.emulator)
            .replace("http://127.0.0.1:9000", &self.receiver)
            .replace("http://127.0.0.1:3000", &self.receiver);
        // Any scheme to example.com or one of its subdomains.
        for scheme in ["https://", "http://"] {
            let mut rewritten = String::new();
            let mut rest = out.as_str();
            while let Some(at) = rest.find(scheme) {
                let host_start = at + scheme.len();
                let host_len = rest[host_start..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-'));
                let host = &rest[host_start..host_start + host_len.unwrap_or(rest.len() - host_start)];
                rewritten.push_str(&rest[..at]);
                if host == "example.com" || host.ends_with(".example.com") {
                    rewritten.push_str(&self.receiver);
                } else {
                    rewritten.push_str(&rest[at..host_start + host.len()]);
                }
                rest = &rest[host_start + host.len()..];
            }
            rewritten.push_str(rest);
            out = rewritten;
        }
        if let Some(redis) = &self.redis {
            let mut rewritten = String::new();
            let mut rest = out.as_str();
            // `redis://` is no part of `rediss://`: the first of either starts a URL, which ends at a blank or quote.
            let next = |rest: &str| [rest.find("redis://"), rest.find("rediss://")].into_iter().flatten().min();
            while let Some(start) = next(rest) {
                let end = rest[start..].find(|c: char| c.is_whitespace() || c == '\'' || c == '"');
                let end = end.map_or(rest.len(), |e| start + e);
                // A server on this machine stays as written (a line about one that is not there).
                let url = &rest[start..end];
                let after = url.split_once("://").map_or("", |(_, a)| a);
                let host = after.split('/').next().unwrap_or("").rsplit('@').next().unwrap_or("");
                let local = ["127.0.0.1", "localhost"].contains(&host.split(':').next().unwrap_or(""));
                rewritten.push_str(&rest[..start]);
                rewritten.push_str(if local { url } else { redis });
                rest = &rest[end..];
            }
            rewritten.push_str(rest);
            out = rewritten;
        }
        out
    }
}

/// A line on the test's stderr (a skipped line, or each line's outcome with `SEG_DOCS_PAGE`).
fn say(line: String) {
    let _ = std::io::Write::write_all(&mut std::io::stderr(), format!("{line}\n").as_bytes());
}

/// Whether a program can be run here; when it cannot, CI must not be set.
fn have(program: &str) -> bool {
    let found = std::process::Command::new(program)
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok();
    assert!(found || std::env::var_os("CI").is_none(), "{program} is needed by the manual's examples in CI");
    found
}

/// Whether a command runs `program` (as a word).
fn calls(command: &str, program: &str) -> bool {
    command.split(|c: char| c.is_whitespace() || matches!(c, '|' | '(' | ';' | '&')).any(|w| w == program)
}

/// What a page's run found wrong, one entry a line.
async fn run_page(page: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(page)).unwrap();
    let examples = match examples(&text) {
        Ok(examples) => examples,
        Err(why) => return vec![format!("{page}: {why}")],
    };
    if examples.is_empty() {
        return Vec::new();
    }
    let fixture_name = setting(&text, "fixture").unwrap_or("acme");
    let fixture = root().join("tests/it/fixtures/docs").join(fixture_name);
    let seed = ["seed.json", "seed.yaml"].iter().map(|f| fixture.join(f)).find(|p| p.is_file());
    let Some(seed) = seed else { return vec![format!("{page}: the fixture {} has no seed", fixture.display())] };
    let receiver = crate::receiver::Receiver::start(&[], 200).await;
    let uses_redis = examples.iter().any(|e| e.command.contains("redis://") || e.command.contains("rediss://"));
    let redis = if uses_redis { crate::shared_budget::Redis::plain().await } else { None };
    let mut local = Local {
        emulator: String::new(),
        receiver: receiver.url.trim_end_matches("/hook").to_string(),
        redis: redis.as_ref().map(|r| r.url()),
    };
    // The fixture's files, with their addresses made local as the lines' are: the seed first.
    let results = tempfile::tempdir().unwrap();
    let seed_text = local.rewrite(&std::fs::read_to_string(&seed).unwrap());
    let local_seed = results.path().join(seed.file_name().unwrap());
    std::fs::write(&local_seed, &seed_text).unwrap();
    let tree: Value = serde_yaml_ng::from_str(&seed_text).unwrap();
    let workspaces: Vec<String> = match tree.get("workspace") {
        Some(Value::String(one)) => vec![one.clone()],
        _ => tree["workspaces"].as_array().into_iter().flatten().filter_map(|w| w.as_str().map(String::from)).collect(),
    };
    let options = seg::emulator::EmulatorOptions {
        workspaces: workspaces.iter().take(1).cloned().collect(),
        seed: Some(local_seed),
        rate_limit: 0,
        ..Default::default()
    };
    let env = TestEnv::with(options).await;
    local.emulator = env.base.clone();
    let home = env.home.path().to_path_buf();
    let work = home.join("work");
    std::fs::create_dir_all(&work).unwrap();
    for entry in std::fs::read_dir(&fixture).unwrap().flatten() {
        if entry.path() != seed && entry.path().is_file() {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            std::fs::write(work.join(entry.file_name()), local.rewrite(&text)).unwrap();
        }
    }
    let mut vars: Vec<(String, String)> = vec![
        ("SEG_BASE_URL".into(), env.base.clone()),
        ("TOKEN".into(), WRITE.into()),
        ("READ_TOKEN".into(), READ.into()),
        ("EDITOR".into(), "true".into()),
        ("XDG_CACHE_HOME".into(), home.join(".cache").display().to_string()),
        ("XDG_STATE_HOME".into(), home.join(".local/state").display().to_string()),
    ];
    for workspace in &workspaces {
        let body = json!({"access_token": {"description": format!("{workspace} only"), "scopes": "workspace",
                                           "workspace_names": [format!("workspaces/{workspace}")]}});
        let answer = env.call("POST", "/v1beta/access-tokens", Some(body)).await;
        let token = answer.ok()["token"].as_str().unwrap().to_string();
        vars.push((format!("TOKEN_{}", workspace.to_uppercase().replace('-', "_")), token));
    }
    let borrowed: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    match setting(&text, "login").unwrap_or("public") {
        "none" => {}
        api @ ("config" | "public") => {
            let args = ["auth", "login", "--api", api, "--with-token"];
            let run = env.seg_stdin(&args, &borrowed, WRITE.as_bytes()).await;
            if run.code != 0 {
                return vec![format!("{page}: the login before the first line failed: {}", run.stderr)];
            }
        }
        other => return vec![format!("{page}: `<!-- login: {other} -->`: config, public or none")],
    }

    // One script: each example in braces, its output and exit code to files of its own.
    let mut problems = Vec::new();
    let mut script = String::from("set -o pipefail\n");
    let mut ran = Vec::new();
    for (index, example) in examples.iter().enumerate() {
        if let Expect::NotRun(_) = example.expect {
            continue;
        }
        if uses_redis && local.redis.is_none() && example.command.contains("redis") {
            say(format!("{page}:{}: skipped: no redis-server here", example.line));
            continue;
        }
        if let Some(tool) = ["jq", "curl"].into_iter().find(|t| calls(&example.command, t) && !have(t)) {
            say(format!("{page}:{}: skipped: no {tool} here", example.line));
            continue;
        }
        let at = results.path().join(index.to_string());
        let at = at.display();
        script.push_str(&format!(
            "printf %s {index} > '{current}'\n{{ {command}\n}} > '{at}.out' 2> '{at}.err' < /dev/null\necho $? > '{at}.rc'\n",
            current = results.path().join("current").display(),
            command = local.rewrite(&example.command),
        ));
        ran.push(index);
    }
    let script_path = results.path().join("page.sh");
    std::fs::write(&script_path, script).unwrap();
    let mut cmd = tokio::process::Command::new("bash");
    cmd.env_clear();
    // The environment every test gives seg (a HOME of its own, no keyring, no colour), and the page's.
    for (key, value) in crate::support::seg_command(&home).as_std().get_envs() {
        if let Some(value) = value {
            cmd.env(key, value);
        }
    }
    let bin = Path::new(env!("CARGO_BIN_EXE_seg")).parent().unwrap().to_path_buf();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let path = std::env::join_paths(std::iter::once(bin).chain(std::env::split_paths(&path))).unwrap();
    // Paced, as a reader's seg is (the tests' SEG_RATE_LIMIT=0 turns the budget off, and with it `--budget`), but at
    // a rate that never waits.
    cmd.env("SEG_RATE_LIMIT", "60000").env("PATH", path).envs(vars.iter().map(|(k, v)| (k, v)));
    cmd.arg("--noprofile").arg("--norc").arg(&script_path).current_dir(&work);
    cmd.stdin(std::process::Stdio::null()).stdout(std::process::Stdio::null()).stderr(std::process::Stdio::piped());
    cmd.kill_on_drop(true);
    #[cfg(unix)]
    cmd.process_group(0);
    let child = cmd.spawn().expect("bash runs");
    let group = child.id();
    let finished = tokio::time::timeout(PAGE_TIME, child.wait_with_output()).await;
    // What the page left running (a server started with `&`, or a line that did not end) goes with it.
    if let Some(group) = group {
        let kill = format!("kill -KILL -- -{group} 2>/dev/null");
        let _ = std::process::Command::new("bash").args(["-c", &kill]).status();
    }
    let read = |name: String| std::fs::read_to_string(results.path().join(name)).unwrap_or_default();
    for index in ran {
        let example = &examples[index];
        let Expect::Exit(want) = example.expect else { unreachable!("not run") };
        let got: Option<i32> = read(format!("{index}.rc")).trim().parse().ok();
        if std::env::var_os("SEG_DOCS_PAGE").is_some() {
            let out = read(format!("{index}.out"));
            say(format!("{page}:{}: {got:?} {}", example.line, out.chars().take(300).collect::<String>()));
        }
        if got == Some(want) {
            continue;
        }
        let how = match got {
            Some(code) => format!("exited {code}, expected {want}"),
            None if read("current".into()) == index.to_string() => format!("did not end within {PAGE_TIME:?}"),
            None => "did not run: the page's shell stopped before it".to_string(),
        };
        problems.push(format!(
            "{page}:{}: `{}` {how}\n--- stdout:\n{}--- stderr:\n{}",
            example.line,
            example.command.replace("\\\n", " "),
            read(format!("{index}.out")),
            read(format!("{index}.err")),
        ));
        if got.is_none() {
            break;
        }
    }
    if let Ok(Ok(output)) = &finished
        && !output.status.success()
        && problems.is_empty()
    {
        problems.push(format!("{page}: bash failed: {}", String::from_utf8_lossy(&output.stderr)));
    }
    drop(redis);
    env.stop().await;
    problems
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_examples_of_every_page_run_as_their_comments_say() {
    if cfg!(windows) {
        return; // the examples are POSIX shell
    }
    let only = std::env::var("SEG_DOCS_PAGE").unwrap_or_default();
    let pages: Vec<String> =
        std::iter::once("README.md".to_string()).chain(manual_pages()).filter(|p| p.contains(&only)).collect();
    let mut problems = Vec::new();
    // Two pages at a time: each runs its lines one after the other.
    for pair in pages.chunks(2) {
        let runs: Vec<_> = pair
            .iter()
            .map(|page| {
                tokio::spawn({
                    let page = page.clone();
                    async move { run_page(&page).await }
                })
            })
            .collect();
        for run in runs {
            problems.extend(run.await.unwrap());
        }
    }
    assert!(problems.is_empty(), "examples of the manual failed ({}):\n\n{}", problems.len(), problems.join("\n\n"));
}

#[test]
fn examples_are_read_as_the_rules_say() {
    let page = "text\n```sh\n$ seg a   # exit 2\nseg b \\\n  --c   # not run: it asks\n# a comment\n\
                cat > f <<'EOF'\nx # y\nEOF\nseg 'd # e'   # differences: exits 1\n```\n```\nseg z\n```\n";
    let found = examples(page).unwrap();
    let shape: Vec<(usize, &str, Expect)> =
        found.iter().map(|e| (e.line, e.command.as_str(), e.expect.clone())).collect();
    assert_eq!(
        shape,
        [
            (3, "seg a   # exit 2", Expect::Exit(2)),
            (4, "seg b \\\n  --c   # not run: it asks", Expect::NotRun("it asks".into())),
            (7, "cat > f <<'EOF'\nx # y\nEOF", Expect::Exit(0)),
            (10, "seg 'd # e'   # differences: exits 1", Expect::Exit(1)),
        ]
    );
    assert!(examples("```sh\nseg a # not run:\n```\n").is_err());
    assert!(examples("```sh\nseg a # not run\n```\n").is_err());
    assert_eq!(anchor("### Where the token comes from"), "where-the-token-comes-from");
    assert_eq!(anchor("## `--json`: the same fields on both APIs"), "--json-the-same-fields-on-both-apis");
    let local = Local { emulator: "http://E".into(), receiver: "http://R".into(), redis: Some("redis://L/0".into()) };
    assert_eq!(
        local.rewrite(
            "--url https://example.com/hook https://staging.example.com/in https://example.org/ \
                       'rediss://ci:PW@redis.example.internal:6380/0' http://127.0.0.1:8808 redis://127.0.0.1:1/0"
        ),
        "--url http://R/hook http://R/in https://example.org/ 'redis://L/0' http://E redis://127.0.0.1:1/0"
    );
}
