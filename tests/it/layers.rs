//! Layers import downward only (ARCHITECTURE.md): among the modules of `src/`, no two that are not one inside the
//! other use each other, directly or around a circle. The graph is read from the sources: every `crate::...` and
//! `super::...` path a file names (in `use` lines, brace groups included, and in code) is an edge from the file's
//! module to the deepest module that path reaches. A module's use of its own parent or child is no edge (a parent
//! declares its children).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every module of `src/` (`emulator::front_door`), with the text of its file.
fn modules(root: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(root).unwrap().with_extension("");
            let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
                parts.pop();
            }
            if parts == ["main"] {
                continue;
            }
            out.insert(parts.join("::"), std::fs::read_to_string(&path).unwrap());
        }
    }
    out
}

/// The paths (`crate::a::b`, `super::c`) a source names, as segment lists, brace groups expanded; test modules
/// (`#[cfg(test)] mod tests`) left out.
fn paths(text: &str) -> Vec<Vec<String>> {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    let bytes: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let rest: String = bytes[i..bytes.len().min(i + 7)].iter().collect();
        let at_word_start = i == 0 || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_' || bytes[i - 1] == ':');
        if at_word_start && (rest.starts_with("crate::") || rest.starts_with("super::")) {
            let (found, end) = path_at(&bytes, i);
            out.extend(found);
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

/// The paths at `i`: `a::b::c`, or `a::{b, c::d}` expanded; and where they end.
fn path_at(chars: &[char], mut i: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    loop {
        let start = i;
        while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        if i > start {
            prefix.push(chars[start..i].iter().collect::<String>());
        }
        if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
            i += 2;
            if chars.get(i) == Some(&'{') {
                i += 1;
                let mut all = Vec::new();
                loop {
                    while i < chars.len() && (chars[i].is_whitespace() || chars[i] == ',') {
                        i += 1;
                    }
                    if i >= chars.len() || chars[i] == '}' {
                        return (all, i + 1);
                    }
                    let (inner, end) = path_at(chars, i);
                    for path in inner {
                        all.push(prefix.iter().cloned().chain(path).collect());
                    }
                    if all.is_empty() || end == i {
                        all.push(prefix.clone());
                    }
                    i = end;
                    // Skip `as name` and anything else up to the next item.
                    while i < chars.len() && chars[i] != ',' && chars[i] != '}' {
                        i += 1;
                    }
                }
            }
            continue;
        }
        return (vec![prefix], i);
    }
}

/// The module a path of `from` reaches: `crate::` from the root, each `super::` one up, then as deep as modules go.
fn target(from: &str, path: &[String], known: &BTreeSet<String>, dir_module: bool) -> Option<String> {
    let mut base: Vec<String> = if from.is_empty() { Vec::new() } else { from.split("::").map(String::from).collect() };
    let mut rest = path;
    if rest.first().is_some_and(|s| s == "crate") {
        base.clear();
        rest = &rest[1..];
    } else {
        // `super` from a file module is its parent; from a folder's mod.rs, the folder's parent too.
        let _ = dir_module;
        while rest.first().is_some_and(|s| s == "super") {
            base.pop();
            rest = &rest[1..];
        }
    }
    let mut found = None;
    let mut here = base.clone();
    if known.contains(&here.join("::")) {
        found = Some(here.join("::"));
    }
    for segment in rest {
        here.push(segment.clone());
        if known.contains(&here.join("::")) {
            found = Some(here.join("::"));
        } else {
            break;
        }
    }
    found
}

fn related(a: &str, b: &str) -> bool {
    let inside =
        |inner: &str, outer: &str| outer.is_empty() || inner == outer || inner.starts_with(&format!("{outer}::"));
    inside(a, b) || inside(b, a)
}

/// The circles of a graph: each strongly connected group of two or more modules.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let nodes: Vec<&String> = edges.keys().collect();
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(node) = stack.pop() {
            for next in edges.get(&node).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> = nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut groups: Vec<Vec<String>> = Vec::new();
    for node in &nodes {
        let group: Vec<String> = nodes
            .iter()
            .filter(|m| reached[*node].contains(**m) && reached[*m].contains(*node))
            .map(|m| (*m).clone())
            .collect();
        if group.len() > 1 && !groups.contains(&group) {
            groups.push(group);
        }
    }
    groups
}

/// Circles that stand today and are to be taken apart: listed so that no new one can appear, and so that this list
/// can only shrink. It is empty: keep it so.
const KNOWN: &[&[&str]] = &[];

#[test]
fn layers_import_downward_only() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = modules(&root);
    let known: BTreeSet<String> = modules.keys().cloned().collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, text) in &modules {
        let dir_module = false;
        for path in paths(text) {
            let Some(to) = target(module, &path, &known, dir_module) else { continue };
            if !related(module, &to) {
                edges.entry(module.clone()).or_default().insert(to);
            }
        }
        edges.entry(module.clone()).or_default();
    }
    // The reader must see something: the client calls the effect gate, the CLI the client.
    assert!(edges["api::client"].contains("effect") && edges["cli::context"].contains("api::client"), "{edges:#?}");
    let found = circles(&edges);
    let expected: Vec<Vec<String>> = KNOWN.iter().map(|c| c.iter().map(|s| s.to_string()).collect()).collect();
    let new: Vec<&Vec<String>> = found.iter().filter(|c| !expected.contains(c)).collect();
    let gone: Vec<&Vec<String>> = expected.iter().filter(|c| !found.contains(c)).collect();
    let show = |group: &Vec<String>| {
        let inside: Vec<String> = group
            .iter()
            .flat_map(|a| edges[a].iter().filter(|b| group.contains(b)).map(move |b| format!("{a} -> {b}")))
            .collect();
        inside.join(", ")
    };
    let new_shown: Vec<String> = new.iter().map(|g| show(g)).collect();
    assert!(new.is_empty(), "modules that import each other in a circle: {new_shown:#?}");
    assert!(gone.is_empty(), "circles taken apart: remove them from KNOWN: {gone:?}");
}

/// A command never builds JSON by hand (ARCHITECTURE.md, "How a request is typed"): what it prints is the service's
/// answer as received or a `Serialize` record of `ui::records`, and what it sends is a typed body of `src/wire`. So
/// no file of `src/cli` (tests aside) names `json!` or makes a `Value::Object`; taking one apart (`let`, a match
/// arm) is reading, not building.
#[test]
fn commands_build_no_json_by_hand() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for (module, text) in modules(&root) {
        if module != "cli" && !module.starts_with("cli::") {
            continue;
        }
        let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(&text);
        for (number, line) in code.lines().enumerate() {
            let trimmed = line.trim_start();
            if trimmed.starts_with("//") {
                continue;
            }
            let reading = line.contains("=>") || trimmed.starts_with("let ") || line.contains("if let ");
            if line.contains("json!") || (line.contains("Value::Object(") && !reading) {
                found.push(format!("src/{}.rs:{}: {}", module.replace("::", "/"), number + 1, trimmed));
            }
        }
    }
    assert!(
        found.is_empty(),
        "JSON built by hand in a command (use a ui::records type or a wire body):\n{}",
        found.join("\n")
    );
}

/// An adapter reads a request of seg's vocabulary by its typed operation (ARCHITECTURE.md, "Two APIs"), never by
/// its rendered path or body: no file of `src/api/public` (tests aside) reads a request's `body` or takes its `path`
/// apart, parses a body, or turns a name into a target (`Target::parse`, `named`, `under`: the commands and the plan
/// do that, from what a person, a file or an answer gave). A new resource is then one more arm of the operation's
/// match, checked by the compiler, not one more string to read back.
#[test]
fn adapters_read_the_operation_not_the_wire() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for (module, text) in modules(&root) {
        if module != "api::public" && !module.starts_with("api::public::") {
            continue;
        }
        let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(&text);
        for (number, line) in code.lines().enumerate() {
            let trimmed = line.trim_start();
            if trimmed.starts_with("//") {
                continue;
            }
            let path_read = line.contains("request.path") && !line.contains("format!(");
            let reads_wire = ["request.body", "from_slice(", "Target::parse", "Target::named", "Target::under"]
                .iter()
                .any(|word| line.contains(word));
            if path_read || reads_wire {
                found.push(format!("src/{}.rs:{}: {}", module.replace("::", "/"), number + 1, trimmed));
            }
        }
    }
    assert!(
        found.is_empty(),
        "an adapter reading back what seg built (match on request.operation):\n{}",
        found.join("\n")
    );
}

/// Between the top-level modules too (folders and files of `src/`: `wire`, `webhook`, `ui`, `effect`, ...), imports
/// run downward only: a foundation never uses what is built on it, even through a module no other one reaches back
/// to. Each module's edges are folded onto its top-level module, and no two of those may import each other, directly
/// or around a circle.
#[test]
fn folders_import_downward_only() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = modules(&root);
    let known: BTreeSet<String> = modules.keys().cloned().collect();
    let top = |module: &str| module.split("::").next().unwrap_or(module).to_string();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut why: BTreeMap<(String, String), String> = BTreeMap::new();
    for (module, text) in &modules {
        if module.is_empty() {
            continue;
        }
        for path in paths(text) {
            let Some(to) = target(module, &path, &known, false) else { continue };
            let (from_top, to_top) = (top(module), top(&to));
            if to.is_empty() || from_top == to_top {
                continue;
            }
            edges.entry(from_top.clone()).or_default().insert(to_top.clone());
            why.entry((from_top, to_top)).or_insert_with(|| format!("{module} -> {to}"));
        }
        edges.entry(top(module)).or_default();
    }
    let found = circles(&edges);
    let shown: Vec<String> = found
        .iter()
        .map(|group| {
            let inside: Vec<String> = group
                .iter()
                .flat_map(|a| {
                    let why = &why;
                    edges[a].iter().filter(|b| group.contains(b)).map(move |b| why[&(a.clone(), b.clone())].clone())
                })
                .collect();
            inside.join(", ")
        })
        .collect();
    assert!(found.is_empty(), "top-level modules that import each other in a circle: {shown:#?}");
}
