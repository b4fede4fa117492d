//! The reading of `docs/reference/public-api-rate-limits.tsv` (docs/reference/rate-limits.md), one operation a line
//! after a header: its class, `METHOD /path` (placeholders `{name}`), its operationId, and `N requests per minute` or
//! `N requests per day[ per workspaceId]`. `build.rs` runs it and fails the build on an entry it cannot read, so the
//! table `wire::limits` holds at run time was read whole; `wire::limits`'s tests run it on tables that cannot be.

/// The table as a Rust array expression of `wire::limits::Limit`, or the first line that cannot be read.
pub fn read(text: &str) -> Result<String, String> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, header)) if header.starts_with("class\toperation (method path)\toperationId\tlimit") => {}
        _ => return Err("the first line is not the header `class, operation (method path), operationId, limit`".into()),
    }
    let mut out = String::from("&[\n");
    let mut seen = std::collections::BTreeSet::new();
    for (index, line) in lines {
        let at = |why: String| format!("line {}: {why}", index + 1);
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [class, operation, id, limit] = fields[..] else {
            return Err(at(format!("{} fields, not 4", fields.len())));
        };
        let word = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric());
        if !word(class) || !word(id) || !id.as_bytes()[0].is_ascii_lowercase() {
            return Err(at(format!("`{class}` / `{id}` is not a class and an operationId")));
        }
        let (method, path) =
            operation.split_once(' ').ok_or_else(|| at(format!("`{operation}` is not `METHOD /path`")))?;
        if !matches!(method, "GET" | "POST" | "PUT" | "PATCH" | "DELETE") {
            return Err(at(format!("`{method}` is not an HTTP method")));
        }
        let segments: Vec<&str> = path.strip_prefix('/').map(|p| p.split('/').collect()).unwrap_or_default();
        let segment = |s: &&str| {
            let name = s.strip_prefix('{').and_then(|s| s.strip_suffix('}')).unwrap_or(s);
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        };
        if segments.is_empty() || !segments.iter().all(segment) {
            return Err(at(format!("`{path}` is not a path of segments and {{placeholders}}")));
        }
        let words: Vec<&str> = limit.split(' ').collect();
        let per = match words[..] {
            [_, "requests", "per", "minute"] => "Minute",
            [_, "requests", "per", "day"] | [_, "requests", "per", "day", "per", "workspaceId"] => "Day",
            _ => return Err(at(format!("`{limit}` is not `N requests per minute` or `N requests per day`"))),
        };
        let count: u32 =
            words[0].parse().ok().filter(|n| *n > 0).ok_or_else(|| at(format!("`{}` is not a count", words[0])))?;
        if !seen.insert(id.to_string()) || !seen.insert(format!("{method} {path}")) {
            return Err(at(format!("`{id}` or `{operation}` is in the table twice")));
        }
        out.push_str(&format!(
            "    Limit {{ class: {class:?}, method: {method:?}, path: {path:?}, operation: {id:?}, count: {count}, per: Per::{per} }},\n"
        ));
    }
    if seen.is_empty() {
        return Err("it holds no limit".into());
    }
    out.push(']');
    Ok(out)
}
