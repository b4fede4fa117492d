//! The reading of the Public API's tables of operations, each one operation a line after a header, every entry
//! checked the same way (a class, an HTTP method, `/` or a path of segments and `{placeholders}`, an operationId):
//! `docs/reference/public-api-rate-limits.tsv` (docs/reference/rate-limits.md): its class, `METHOD /path`, its
//! operationId, and `N requests per minute` or `N requests per day[ per workspaceId]` ([`read`]); and the official
//! SDK's operations at two versions, `docs/reference/sdk47-operations.tsv` and `sdk73-operations.tsv`: class, method,
//! path, operationId, the limit its description states, if any ([`operations`]). `build.rs` runs them and fails the
//! build on an entry it cannot read, so the tables `wire::limits` and `wire::operations` hold at run time were read
//! whole; their tests run them on tables that cannot be.

/// Whether an entry names an operation: `class` and `id` words (`id` lowerCamelCase), an HTTP method, a path.
fn operation(class: &str, method: &str, path: &str, id: &str) -> Result<(), String> {
    let word = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric());
    if !word(class) || !word(id) || !id.as_bytes()[0].is_ascii_lowercase() {
        return Err(format!("`{class}` / `{id}` is not a class and an operationId"));
    }
    if !matches!(method, "GET" | "POST" | "PUT" | "PATCH" | "DELETE") {
        return Err(format!("`{method}` is not an HTTP method"));
    }
    let segments: Vec<&str> = path.strip_prefix('/').map(|p| p.split('/').collect()).unwrap_or_default();
    let segment = |s: &&str| {
        let name = s.strip_prefix('{').and_then(|s| s.strip_suffix('}')).unwrap_or(s);
        !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    // `/` alone is the workspace's (`getWorkspace`).
    if path != "/" && (segments.is_empty() || !segments.iter().all(segment)) {
        return Err(format!("`{path}` is not a path of segments and {{placeholders}}"));
    }
    Ok(())
}

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
        let (method, path) =
            operation.split_once(' ').ok_or_else(|| at(format!("`{operation}` is not `METHOD /path`")))?;
        self::operation(class, method, path, id).map_err(at)?;
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

/// One SDK version's operations (`sdk47-operations.tsv`): `(class, method, path, operationId)` in the file's order.
fn sdk_operations(text: &str) -> Result<Vec<[String; 4]>, String> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, header)) if header.starts_with("class\tmethod\tpath\toperationId") => {}
        _ => return Err("the first line is not the header `class, method, path, operationId, stated limit`".into()),
    }
    let mut out: Vec<[String; 4]> = Vec::new();
    for (index, line) in lines {
        let at = |why: String| format!("line {}: {why}", index + 1);
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [class, method, path, id, _limit] = fields[..] else {
            return Err(at(format!("{} fields, not 5", fields.len())));
        };
        operation(class, method, path, id).map_err(at)?;
        if out.iter().any(|[_, m, p, i]| i == id || (m == method && p == path)) {
            return Err(at(format!("`{id}` or `{method} {path}` is in the table twice")));
        }
        out.push([class, method, path, id].map(String::from));
    }
    if out.is_empty() {
        return Err("it holds no operation".into());
    }
    Ok(out)
}

/// The operations of two SDK versions (the pinned one's table, then the current one's) as a Rust array expression
/// of `wire::operations::Operation`: each operationId once, the first version's first, then those only the second
/// has, each saying which versions have it; or the first entry that cannot be read (`first: ...`, `second: ...`).
/// An operationId both have must be at the same method and path in both.
pub fn operations(first: &str, second: &str) -> Result<String, String> {
    let first = sdk_operations(first).map_err(|why| format!("first: {why}"))?;
    let second = sdk_operations(second).map_err(|why| format!("second: {why}"))?;
    let mut out = String::from("&[\n");
    let mut row = |[class, method, path, id]: &[String; 4], in_first: bool, in_second: bool| {
        out.push_str(&format!(
            "    Operation {{ class: {class:?}, method: {method:?}, path: {path:?}, operation: {id:?}, \
             sdk47: {in_first}, sdk73: {in_second} }},\n"
        ));
    };
    for op in &first {
        let later = second.iter().find(|o| o[3] == op[3]);
        if let Some(later) = later
            && (later[1] != op[1] || later[2] != op[2])
        {
            return Err(format!(
                "`{}` is `{} {}` in one table, `{} {}` in the other",
                op[3], op[1], op[2], later[1], later[2]
            ));
        }
        row(op, true, later.is_some());
    }
    for op in second.iter().filter(|o| !first.iter().any(|f| f[3] == o[3])) {
        row(op, false, true);
    }
    out.push(']');
    Ok(out)
}
