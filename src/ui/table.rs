//! `-o table`: a few useful columns per resource, borderless like `kubectl get`. A table fits the terminal's width
//! (or `$COLUMNS`; a pipe without it gets the table at its natural width): an identifier (a name, an id, a slug, a
//! time) is never broken or cut, so it can be copied and grepped; when the row is too wide, free text is cut with
//! `…`, the widest text column first; when even the identifiers do not fit, each item becomes `key: value` lines.
//! One long value never reflows the other rows, and the same width gives the same bytes on a terminal and in a
//! pipe. A single resource is `field  value` lines, nested values as indented lines. Every cell is server-supplied
//! text, so control characters are escaped; times say their timezone; config secrets are masked (`-o json` carries
//! them whole).

use std::borrow::Cow;

use comfy_table::{ContentArrangement, Table, presets};
use serde_json::Value;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::{Printer, escape_control};

#[derive(Debug, Clone, Copy)]
pub enum Render {
    Text,
    /// The last segment of a resource name.
    Last,
    /// The length of an array.
    Count,
    /// A timestamp without its fraction, with its timezone.
    Time,
    /// Strings joined with `, `.
    Join,
    /// The `SRC/DST` of a name under a destination (`.../sources/SRC/destinations/DST/...`).
    Destination,
}

/// Whether a column may be cut to fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// An identifier, a time, a number, a flag: shown whole or not as a table at all.
    Whole,
    /// Free text: cut with `…` when the row is too wide.
    Cut,
}

#[derive(Debug, Clone)]
pub struct Column {
    pub header: Cow<'static, str>,
    /// A dotted path into the item.
    pub key: Cow<'static, str>,
    pub render: Render,
    pub fit: Fit,
}

impl Column {
    /// A column shown whole: an identifier, a time, a count.
    pub const fn id(header: &'static str, key: &'static str, render: Render) -> Column {
        Column { header: Cow::Borrowed(header), key: Cow::Borrowed(key), render, fit: Fit::Whole }
    }

    /// A column of free text, cut to fit.
    pub const fn text(header: &'static str, key: &'static str, render: Render) -> Column {
        Column { header: Cow::Borrowed(header), key: Cow::Borrowed(key), render, fit: Fit::Cut }
    }
}

const fn id(header: &'static str, key: &'static str, render: Render) -> Column {
    Column::id(header, key, render)
}

const fn text(header: &'static str, key: &'static str) -> Column {
    Column::text(header, key, Render::Text)
}

use Render::{Count, Destination, Join, Last, Text, Time};

pub const WORKSPACES: &[Column] = &[
    id("NAME", "name", Last),
    text("DISPLAY NAME", "display_name"),
    id("ID", "id", Text),
    id("CREATED", "create_time", Time),
];
pub const SOURCES: &[Column] = &[
    id("NAME", "name", Last),
    text("DISPLAY NAME", "display_name"),
    id("CATALOG", "catalog_name", Last),
    id("CREATED", "create_time", Time),
];
pub const DESTINATIONS: &[Column] = &[
    id("SOURCE", "parent", Last),
    id("NAME", "name", Last),
    id("ENABLED", "enabled", Text),
    id("MODE", "connection_mode", Text),
    id("UPDATED", "update_time", Time),
];
pub const FILTERS: &[Column] = &[
    id("ID", "name", Last),
    text("TITLE", "title"),
    id("ENABLED", "enabled", Text),
    text("IF", "if"),
    id("ACTIONS", "actions", Count),
];
/// Filters of many destinations (`filters list --all`): which destination each belongs to comes first.
pub const FILTERS_ACROSS: &[Column] = &[
    id("DESTINATION", "name", Destination),
    id("ID", "name", Last),
    text("TITLE", "title"),
    id("ENABLED", "enabled", Text),
    text("IF", "if"),
    id("ACTIONS", "actions", Count),
];
pub const SCHEMA_CONFIG: &[Column] = &[
    id("SOURCE", "parent", Last),
    id("UNPLANNED TRACK", "allow_unplanned_track_events", Text),
    id("UNPLANNED IDENTIFY", "allow_unplanned_identify_traits", Text),
    id("UNPLANNED GROUP", "allow_unplanned_group_traits", Text),
    id("TRACK VIOLATIONS", "common_track_event_on_violations", Text),
    id("IDENTIFY VIOLATIONS", "common_identify_event_on_violations", Text),
    id("GROUP VIOLATIONS", "common_group_event_on_violations", Text),
];
pub const TRACKING_PLANS: &[Column] = &[
    id("ID", "name", Last),
    text("DISPLAY NAME", "display_name"),
    id("EVENTS", "rules.events", Count),
    id("UPDATED", "update_time", Time),
];
pub const CONNECTIONS: &[Column] = &[id("SOURCE", "source_name", Last), id("TRACKING PLAN", "tracking_plan_id", Text)];
pub const TOKENS: &[Column] = &[
    id("NAME", "name", Last),
    text("DESCRIPTION", "description"),
    id("SCOPES", "scopes", Text),
    Column::text("WORKSPACES", "workspace_names", Join),
    id("CREATED", "create_time", Time),
];
pub const CATALOG_SOURCES: &[Column] = &[
    id("NAME", "name", Last),
    text("DISPLAY NAME", "display_name"),
    text("TYPE", "type"),
    Column::text("CATEGORIES", "categories", Join),
];
pub const CATALOG_DESTINATIONS: &[Column] = &[
    id("NAME", "name", Last),
    text("DISPLAY NAME", "display_name"),
    id("STATUS", "status", Text),
    text("CATEGORY", "categories.primary"),
];
pub const REGULATIONS: &[Column] = &[
    id("ID", "id", Text),
    id("TYPE", "regulation_type", Text),
    id("USERS", "attributes.values", Count),
    id("CREATED", "create_time", Time),
];
/// `seg webhook log`: the journal's requests.
pub const WEBHOOK_LOG: &[Column] = &[
    id("ID", "id", Text),
    id("RECEIVED", "received", Time),
    id("METHOD", "method", Text),
    text("PATH", "path"),
    id("TYPE", "type", Text),
    id("SIZE", "size", Text),
    id("SIGNATURE", "signature", Text),
    Column::text("CAUSE", "cause_codes", Join),
    id("ANSWER", "answer.status", Text),
];
/// No known shape (`seg api`): columns come from the first item's scalar fields.
pub const ANY: &[Column] = &[];

fn lookup<'v>(item: &'v Value, key: &str) -> Option<&'v Value> {
    if key.is_empty() {
        return Some(item);
    }
    crate::wire::path::get(item, &key.split('.').collect::<Vec<_>>())
}

fn cell(value: Option<&Value>, render: Render) -> String {
    let Some(value) = value else { return String::new() };
    let text = match (render, value) {
        (Render::Count, Value::Array(items)) => items.len().to_string(),
        (Render::Join, Value::Array(items)) => {
            items.iter().map(|v| v.as_str().map_or_else(|| v.to_string(), String::from)).collect::<Vec<_>>().join(", ")
        }
        (Render::Last, Value::String(s)) => s.rsplit('/').next().unwrap_or_default().to_string(),
        (Render::Destination, Value::String(s)) => destination_of(s),
        (Render::Time, Value::String(s)) => time(s),
        (_, Value::String(s)) => s.clone(),
        (_, Value::Null) => String::new(),
        (_, other) => other.to_string(),
    };
    escape_control(&text).into_owned()
}

/// `SRC/DST` of a name under `.../sources/SRC/destinations/DST`; the name itself when it is not under one.
fn destination_of(name: &str) -> String {
    let segments: Vec<&str> = name.split('/').collect();
    let at = |key: &str| segments.iter().position(|s| *s == key).and_then(|i| segments.get(i + 1));
    match (at("sources"), at("destinations")) {
        (Some(source), Some(destination)) => format!("{source}/{destination}"),
        _ => name.to_string(),
    }
}

/// An RFC 3339 time as a table shows it: `2018-09-24 17:08:04 UTC` (other offsets are kept as given).
pub fn time(text: &str) -> String {
    let (seconds, zone) = match text.strip_suffix('Z').or_else(|| text.strip_suffix('z')) {
        Some(rest) => (rest, "UTC".to_string()),
        None => match text.rfind(['+', '-']).filter(|&i| i > 10) {
            Some(i) => (&text[..i], text[i..].to_string()),
            None => (text, String::new()),
        },
    };
    let seconds = seconds.split('.').next().unwrap_or(seconds).replacen('T', " ", 1);
    if zone.is_empty() { seconds } else { format!("{seconds} {zone}") }
}

/// The width to fit: the terminal's, or `$COLUMNS` (which beats it, CLI.md); `None` in a pipe without it.
fn width(printer: &Printer) -> Option<usize> {
    if let Some(columns) = std::env::var("COLUMNS").ok().and_then(|w| w.trim().parse::<usize>().ok()) {
        return Some(columns);
    }
    printer.stdout_tty.then(|| Table::new().width().map(usize::from)).flatten()
}

/// Space between columns.
const GAP: usize = 2;
/// A cut column keeps at least this many characters, or is left out.
const MIN_CUT: usize = 8;

/// Text cut to `width` display columns, ending in `…` when cut.
fn cut(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push('…');
    out
}

/// The widths that fit `rows` under `headers` in `room` columns: free text is cut (the widest first, down to
/// [`MIN_CUT`]), then left out (a width of 0, the last first); `None` when the whole columns alone do not fit.
fn fitted(headers: &[&str], rows: &[Vec<String>], fits: &[Fit], room: Option<usize>) -> Option<Vec<usize>> {
    let mut widths: Vec<usize> = headers.iter().map(|h| h.width()).collect();
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.width());
        }
    }
    let Some(room) = room else { return Some(widths) };
    let total = |widths: &[usize]| {
        let shown: Vec<&usize> = widths.iter().filter(|w| **w > 0).collect();
        shown.iter().copied().sum::<usize>() + GAP * shown.len().saturating_sub(1)
    };
    while total(&widths) > room {
        let cuttable = (0..widths.len()).filter(|&i| fits[i] == Fit::Cut && widths[i] > MIN_CUT);
        if let Some(i) = cuttable.max_by_key(|&i| widths[i]) {
            let excess = total(&widths) - room;
            widths[i] = widths[i].saturating_sub(excess).max(MIN_CUT);
            continue;
        }
        let shown = (0..widths.len()).rev().find(|&i| fits[i] == Fit::Cut && widths[i] > 0);
        widths[shown?] = 0;
    }
    Some(widths)
}

fn render(headers: &[&str], rows: &[Vec<String>], widths: &[usize]) -> String {
    let shown = |cells: &mut dyn Iterator<Item = (&String, &usize)>| -> Vec<String> {
        cells.filter(|(_, w)| **w > 0).map(|(c, w)| cut(c, *w)).collect()
    };
    let mut table = Table::new();
    table.load_style(presets::NOTHING).set_content_arrangement(ContentArrangement::Disabled);
    let headers: Vec<String> = headers.iter().map(|h| h.to_string()).collect();
    table.set_header(shown(&mut headers.iter().zip(widths)));
    for row in rows {
        table.add_row(shown(&mut row.iter().zip(widths)));
    }
    finish(table)
}

/// `key: value` lines, for a table that cannot fit; items apart by a blank line; a nested value's lines indented.
fn lines(items: impl Iterator<Item = Vec<(String, String)>>) -> String {
    let blocks: Vec<String> =
        items.map(|pairs| pairs.iter().map(|(k, v)| format!("{k}: {}\n", v.replace('\n', "\n  "))).collect()).collect();
    blocks.join("\n")
}

fn finish(mut table: Table) -> String {
    for column in table.column_iter_mut() {
        column.set_padding((0, GAP as u16));
    }
    // Borderless tables pad every line to full width; trailing blanks only get in the way of diff and grep.
    let mut out: String = table.lines().map(|l| l.trim_end().to_string() + "\n").collect();
    if out.is_empty() {
        out.push('\n');
    }
    out
}

/// One row per item, fitted (see the module's notes).
pub fn rows(items: &[Value], columns: &[Column], printer: &Printer) -> String {
    rows_in(items, columns, width(printer))
}

/// One row per item in `room` columns (`None`: at its natural width).
fn rows_in(items: &[Value], columns: &[Column], room: Option<usize>) -> String {
    let derived: Vec<Column>;
    let columns = if columns.is_empty() {
        derived = derive_columns(items.first());
        &derived[..]
    } else {
        columns
    };
    let headers: Vec<&str> = columns.iter().map(|c| c.header.as_ref()).collect();
    let fits: Vec<Fit> = columns.iter().map(|c| c.fit).collect();
    let cells: Vec<Vec<String>> =
        items.iter().map(|item| columns.iter().map(|c| cell(lookup(item, &c.key), c.render)).collect()).collect();
    match fitted(&headers, &cells, &fits, room) {
        Some(widths) => render(&headers, &cells, &widths),
        None => {
            let pairs = |row: &Vec<String>| -> Vec<(String, String)> {
                headers.iter().map(|h| h.to_lowercase()).zip(row.iter().cloned()).collect()
            };
            lines(cells.iter().map(pairs))
        }
    }
}

/// Up to six scalar fields of an item, for lists of unknown shape.
fn derive_columns(first: Option<&Value>) -> Vec<Column> {
    let Some(Value::Object(map)) = first else { return vec![Column::text("VALUE", "", Text)] };
    map.iter()
        .filter(|(_, v)| !v.is_object() && !v.is_array())
        .take(6)
        .map(|(k, _)| Column {
            header: Cow::Owned(k.to_uppercase()),
            key: Cow::Owned(k.clone()),
            render: Text,
            fit: Fit::Cut,
        })
        .collect()
}

/// One resource as `field  value` lines: the values aligned, never wrapped (an identifier or a URL stays whole,
/// however narrow the terminal), a nested value as indented lines under its field (a destination's config items as
/// `key: value` with secrets masked), times as every table shows them.
pub fn fields(value: &Value, printer: &Printer) -> String {
    fields_in(value, width(printer))
}

/// One resource in `room` columns: a value that does not fit beside its field goes on the next line, indented, so
/// that an identifier as long as the terminal is wide still shows on one line.
fn fields_in(value: &Value, room: Option<usize>) -> String {
    // Each field with its lines, and whether they stand below it (a list or a map, however short).
    let pairs: Vec<(String, Vec<String>, bool)> = match value {
        Value::Object(map) => map
            .iter()
            .map(|(key, field)| {
                let below = matches!(field, Value::Object(m) if !m.is_empty())
                    || matches!(field, Value::Array(a) if !a.is_empty());
                (escape_control(key).into_owned(), nested(key, field), below)
            })
            .collect(),
        other => vec![(String::new(), vec![cell(Some(other), Render::Text)], false)],
    };
    let beside = pairs.iter().filter(|(_, v, below)| v.len() <= 1 && !below);
    let key_width = beside.map(|(k, _, _)| k.width()).max().unwrap_or(0);
    let mut out = String::new();
    for (key, values, below) in pairs {
        match values.as_slice() {
            [] => out.push_str(&format!("{key}\n")),
            lines if below => {
                out.push_str(&format!("{key}:"));
                for line in lines {
                    out.push_str(&format!("\n  {line}"));
                }
            }
            [one] if room.is_some_and(|room| key_width + 2 + one.width() > room) => {
                out.push_str(&format!("{key}:\n  {one}"));
            }
            [one] => out.push_str(format!("{key:key_width$}  {one}").trim_end()),
            many => {
                out.push_str(&format!("{key}:"));
                for line in many {
                    out.push_str(&format!("\n  {line}"));
                }
            }
        }
        if !out.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// A field's value for a person, as lines: scalars as text (times as tables show them), objects as `key: value`
/// lines, config items as `key: value` with secrets masked, other arrays one item a line. Each line is escaped on
/// its own, so a line break shows as one, never as `\n`.
fn nested(key: &str, value: &Value) -> Vec<String> {
    let lines: Vec<String> = match value {
        Value::Object(map) if !map.is_empty() => map.iter().map(|(k, v)| format!("{k}: {}", scalar(v))).collect(),
        Value::Array(items) if key == "config" && items.iter().all(|i| i.get("name").is_some()) => items
            .iter()
            .map(|item| {
                let name = item["name"].as_str().unwrap_or_default();
                let key = name.rsplit_once("/config/").map_or(name, |(_, k)| k);
                let kind = item.get("type").and_then(Value::as_str).unwrap_or_default();
                let shown = crate::wire::config::masked(key, kind, &item["value"], crate::secret::REDACTED);
                match &shown {
                    // A nested setting (a webhook's hooks) as indented YAML lines, not one long line of JSON.
                    Value::Array(items) if !items.is_empty() => block(key, &shown),
                    Value::Object(map) if !map.is_empty() => block(key, &shown),
                    _ => format!("{key}: {}", scalar(&shown)),
                }
            })
            .flat_map(|text| text.lines().map(String::from).collect::<Vec<_>>())
            .collect(),
        Value::Array(items) if !items.is_empty() => items.iter().map(scalar).collect(),
        Value::Object(_) | Value::Array(_) => Vec::new(),
        Value::String(s) if key.ends_with("_time") || key == "received" => vec![time(s)],
        Value::String(s) => s.lines().map(String::from).collect(),
        other => vec![cell(Some(other), Render::Text)],
    };
    lines.iter().map(|line| escape_control(line).into_owned()).collect()
}

/// `key:` and a nested value's YAML lines below it, indented.
fn block(key: &str, value: &Value) -> String {
    let yaml = super::exact::yaml(&value.to_string()).unwrap_or_else(|_| value.to_string());
    let lines: Vec<String> = yaml.lines().map(|line| format!("  {line}")).collect();
    format!("{key}:\n{}", lines.join("\n"))
}

/// A value on one line: strings as they are, anything else as compact JSON.
fn scalar(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn printer() -> Printer {
        Printer::plain()
    }

    #[test]
    fn rows_render_each_kind_of_cell() {
        let items =
            [json!({"name": "workspaces/w/sources/s/destinations/webhooks", "parent": "workspaces/w/sources/s",
                            "enabled": true, "connection_mode": "CLOUD", "update_time": "2018-09-24T17:08:04.138Z"})];
        let out = rows(&items, DESTINATIONS, &printer());
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].split_whitespace().eq(["SOURCE", "NAME", "ENABLED", "MODE", "UPDATED"]));
        assert!(
            lines[1].split_whitespace().eq(["s", "webhooks", "true", "CLOUD", "2018-09-24", "17:08:04", "UTC"]),
            "{out}"
        );
        let plans = [json!({"name": "w/rs_1", "display_name": "P\x1b[2J", "rules": {"events": [1, 2]}})];
        let out = rows(&plans, TRACKING_PLANS, &printer());
        assert!(out.contains("rs_1") && out.contains("P\\u{1b}[2J") && out.contains(" 2"), "{out}");
    }

    #[test]
    fn unknown_shapes_and_single_resources() {
        let out = rows(&[json!({"id": 1, "nested": {}, "label": "x"})], ANY, &printer());
        assert!(out.starts_with("ID") && out.contains("LABEL") && !out.contains("NESTED"), "{out}");
        let out = fields(&json!({"name": "n", "list": [{"a": 1}]}), &printer());
        assert!(out.contains("name") && out.contains(r#"{"a":1}"#), "{out}");
    }

    #[test]
    fn nested_values_read_as_lines_and_secrets_are_masked() {
        let destination = json!({"name": "d", "config": [
            {"name": "d/config/sharedSecret", "value": "s3cret", "type": "string"},
            {"name": "d/config/apiKey", "value": "k3y", "type": "password"},
            {"name": "d/config/hooks", "value": [{"hook": "https://h/in"}], "type": "mixed"},
        ], "labels": {"team": "data"}});
        let out = fields(&destination, &printer());
        assert!(!out.contains("s3cret") && !out.contains("k3y"), "{out}");
        // Masked by its name alone (the service types it a plain string), and a hook's credential header.
        let by_name = json!({"name": "d", "config": [
            {"name": "d/config/apiKey", "value": "k3y-by-name", "type": "string"},
            {"name": "d/config/hooks", "value": [{"hook": "https://h/in", "headers": [
                {"key": "Authorization", "value": "Bearer t0k3n-in-a-header"}, {"key": "X-Team", "value": "growth"}]}],
             "type": "mixed"},
        ]});
        let named = fields(&by_name, &printer());
        assert!(!named.contains("k3y-by-name") && !named.contains("t0k3n-in-a-header"), "{named}");
        assert!(named.contains("  apiKey: (redacted)\n") && named.contains("value: growth"), "{named}");
        assert!(
            out.contains("  sharedSecret: (redacted)\n") && out.contains("  hooks:\n    - hook: https://h/in\n"),
            "{out}"
        );
        assert!(out.contains("labels:\n  team: data"), "{out}");
        // A value wider than the room beside its field goes below it, whole.
        let long = format!("workspaces/w/sources/{}", "x".repeat(60));
        let out = fields_in(&json!({"display_name": "D", "name": long}), Some(80));
        assert!(out.contains(&format!("name:\n  {long}\n")) && out.starts_with("display_name  D\n"), "{out}");
    }

    #[test]
    fn filters_across_destinations_say_whose_they_are() {
        let filter = json!({"name": "workspaces/w/sources/web/destinations/hooks/config/0a1b/filters/df_1",
                            "title": "t", "enabled": true, "if": "all", "actions": []});
        let out = rows(&[filter], FILTERS_ACROSS, &printer());
        let row: Vec<&str> = out.lines().nth(1).unwrap().split_whitespace().collect();
        assert_eq!(row, ["web/hooks", "df_1", "t", "true", "all", "0"], "{out}");
        assert_eq!(destination_of("workspaces/w"), "workspaces/w");
    }

    #[test]
    fn identifiers_stay_whole_and_free_text_is_cut_to_fit() {
        let long = "marketing-website-production-eu";
        let items = [
            json!({"name": format!("workspaces/w/sources/{long}"), "display_name": "The marketing website of the EU shop, in production",
                   "catalog_name": "catalog/sources/javascript", "create_time": "2026-11-25T08:46:17.123Z"}),
            json!({"name": "workspaces/w/sources/app", "display_name": "App", "catalog_name": "catalog/sources/ios",
                   "create_time": "2026-11-25T08:46:18Z"}),
        ];
        for room in [80, 78] {
            let out = rows_in(&items, SOURCES, Some(room));
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), 3, "one line a row, never wrapped: {out}");
            assert!(lines.iter().all(|l| l.width() <= room), "{room}: {out}");
            assert!(lines[1].starts_with(long) && lines[1].contains("2026-11-25 08:46:17 UTC"), "{out}");
            assert!(lines[1].contains('…') && !lines[2].contains('…'), "only the long text is cut: {out}");
            // The columns stand where they stood: the short row is aligned with the long one.
            let column = |line: &str, word: &str| line[..line.find(word).unwrap()].width();
            assert_eq!(column(lines[1], "javascript"), column(lines[2], "ios"), "{out}");
        }
        // Wide enough: nothing is cut; no width (a pipe): the natural width.
        assert!(!rows_in(&items, SOURCES, Some(200)).contains('…'));
        assert_eq!(rows_in(&items, SOURCES, None), rows_in(&items, SOURCES, Some(500)));
        // Narrower: the free text is left out before an identifier is touched.
        let out = rows_in(&items, SOURCES, Some(70));
        assert!(!out.contains("DISPLAY") && out.lines().next().unwrap().starts_with("NAME"), "{out}");
        // Too narrow for the identifiers themselves: `key: value` records, the identifier whole.
        let out = rows_in(&items, SOURCES, Some(30));
        assert!(out.contains(&format!("name: {long}\n")) && out.contains("\n\nname: app\n"), "{out}");
        assert_eq!(cut("abcdef", 4), "abc…");
        assert_eq!(cut("日本語テキスト", 7), "日本語…");
    }

    #[test]
    fn a_single_resource_is_aligned_lines_with_nested_values_indented() {
        let out = fields(
            &json!({"name": "workspaces/w", "display_name": "Line one\nline two", "create_time": "2026-11-25T08:46:17.5Z",
                                 "labels": {"a": "1", "b": "2"}, "write_keys": []}),
            &printer(),
        );
        assert_eq!(
            out,
            "name         workspaces/w\ndisplay_name:\n  Line one\n  line two\ncreate_time  2026-11-25 08:46:17 UTC\nlabels:\n  a: 1\n  b: 2\nwrite_keys\n"
        );
    }

    #[test]
    fn times_say_their_timezone() {
        assert_eq!(time("2018-09-24T17:08:04.138Z"), "2018-09-24 17:08:04 UTC");
        assert_eq!(time("2018-09-24T17:08:04+02:00"), "2018-09-24 17:08:04 +02:00");
        assert_eq!(time("2018-09-24"), "2018-09-24");
    }
}
