//! `-o table`: a few useful columns per resource, borderless like `kubectl get`, fitted to the terminal's width
//! (or `$COLUMNS`); below 20 columns, `key: value` lines instead. Every cell is server-supplied text, so control
//! characters are escaped; times say their timezone; config secrets are masked (`-o json` carries them whole).

use std::borrow::Cow;

use comfy_table::{ContentArrangement, Table, presets};
use serde_json::Value;

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

#[derive(Debug, Clone)]
pub struct Column {
    pub header: Cow<'static, str>,
    /// A dotted path into the item.
    pub key: Cow<'static, str>,
    pub render: Render,
}

const fn col(header: &'static str, key: &'static str, render: Render) -> Column {
    Column { header: Cow::Borrowed(header), key: Cow::Borrowed(key), render }
}

use Render::{Count, Destination, Join, Last, Text, Time};

pub const WORKSPACES: &[Column] = &[
    col("NAME", "name", Last),
    col("DISPLAY NAME", "display_name", Text),
    col("ID", "id", Text),
    col("CREATED", "create_time", Time),
];
pub const SOURCES: &[Column] = &[
    col("NAME", "name", Last),
    col("DISPLAY NAME", "display_name", Text),
    col("CATALOG", "catalog_name", Last),
    col("CREATED", "create_time", Time),
];
pub const DESTINATIONS: &[Column] = &[
    col("SOURCE", "parent", Last),
    col("NAME", "name", Last),
    col("ENABLED", "enabled", Text),
    col("MODE", "connection_mode", Text),
    col("UPDATED", "update_time", Time),
];
pub const FILTERS: &[Column] = &[
    col("ID", "name", Last),
    col("TITLE", "title", Text),
    col("ENABLED", "enabled", Text),
    col("IF", "if", Text),
    col("ACTIONS", "actions", Count),
];
/// Filters of many destinations (`filters list --all`): which destination each belongs to comes first.
pub const FILTERS_ACROSS: &[Column] = &[
    col("DESTINATION", "name", Destination),
    col("ID", "name", Last),
    col("TITLE", "title", Text),
    col("ENABLED", "enabled", Text),
    col("IF", "if", Text),
    col("ACTIONS", "actions", Count),
];
pub const SCHEMA_CONFIG: &[Column] = &[
    col("SOURCE", "parent", Last),
    col("UNPLANNED TRACK", "allow_unplanned_track_events", Text),
    col("UNPLANNED IDENTIFY", "allow_unplanned_identify_traits", Text),
    col("UNPLANNED GROUP", "allow_unplanned_group_traits", Text),
    col("TRACK VIOLATIONS", "common_track_event_on_violations", Text),
    col("IDENTIFY VIOLATIONS", "common_identify_event_on_violations", Text),
    col("GROUP VIOLATIONS", "common_group_event_on_violations", Text),
];
pub const TRACKING_PLANS: &[Column] = &[
    col("ID", "name", Last),
    col("DISPLAY NAME", "display_name", Text),
    col("EVENTS", "rules.events", Count),
    col("UPDATED", "update_time", Time),
];
pub const CONNECTIONS: &[Column] =
    &[col("SOURCE", "source_name", Text), col("TRACKING PLAN", "tracking_plan_id", Text)];
pub const TOKENS: &[Column] = &[
    col("NAME", "name", Text),
    col("DESCRIPTION", "description", Text),
    col("SCOPES", "scopes", Text),
    col("WORKSPACES", "workspace_names", Join),
    col("CREATED", "create_time", Time),
];
pub const CATALOG_SOURCES: &[Column] = &[
    col("NAME", "name", Last),
    col("DISPLAY NAME", "display_name", Text),
    col("TYPE", "type", Text),
    col("CATEGORIES", "categories", Join),
];
pub const CATALOG_DESTINATIONS: &[Column] = &[
    col("NAME", "name", Last),
    col("DISPLAY NAME", "display_name", Text),
    col("STATUS", "status", Text),
    col("CATEGORY", "categories.primary", Text),
];
pub const REGULATIONS: &[Column] = &[
    col("ID", "id", Text),
    col("TYPE", "regulation_type", Text),
    col("USERS", "attributes.values", Count),
    col("CREATED", "create_time", Time),
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

/// Narrower than this, a table is unreadable: `key: value` lines instead.
const MIN_WIDTH: u16 = 20;

/// An RFC 3339 time as a table shows it: `2018-09-24 17:08:04 UTC` (other offsets are kept as given).
fn time(text: &str) -> String {
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

/// The width to fit: the terminal's, or `$COLUMNS` in a pipe; `None` when neither says.
fn width(printer: &Printer) -> Option<u16> {
    if printer.stdout_tty {
        return Table::new().width();
    }
    std::env::var("COLUMNS").ok().and_then(|w| w.parse::<u16>().ok())
}

fn new_table(printer: &Printer) -> Table {
    let mut table = Table::new();
    table.load_style(presets::NOTHING);
    if printer.stdout_tty {
        table.set_content_arrangement(ContentArrangement::Dynamic);
    } else if let Some(width) = width(printer) {
        table.set_content_arrangement(ContentArrangement::Dynamic).set_width(width);
    }
    table
}

fn too_narrow(printer: &Printer) -> bool {
    width(printer).is_some_and(|w| w < MIN_WIDTH)
}

/// `key: value` lines, for a terminal too narrow for a table; items apart by a blank line.
fn lines(items: impl Iterator<Item = Vec<(String, String)>>) -> String {
    let blocks: Vec<String> =
        items.map(|pairs| pairs.iter().map(|(k, v)| format!("{k}: {}\n", v.replace('\n', "\n  "))).collect()).collect();
    blocks.join("\n")
}

fn finish(mut table: Table) -> String {
    for column in table.column_iter_mut() {
        column.set_padding((0, 2));
    }
    // Borderless tables pad every line to full width; trailing blanks only get in the way of diff and grep.
    let mut out: String = table.lines().map(|l| l.trim_end().to_string() + "\n").collect();
    if out.is_empty() {
        out.push('\n');
    }
    out
}

/// One row per item.
pub fn rows(items: &[Value], columns: &[Column], printer: &Printer) -> String {
    let derived: Vec<Column>;
    let columns = if columns.is_empty() {
        derived = derive_columns(items.first());
        &derived[..]
    } else {
        columns
    };
    if too_narrow(printer) {
        let pairs = |item: &Value| -> Vec<(String, String)> {
            columns.iter().map(|c| (c.header.to_lowercase(), cell(lookup(item, &c.key), c.render))).collect()
        };
        return lines(items.iter().map(pairs));
    }
    let mut table = new_table(printer);
    table.set_header(columns.iter().map(|c| c.header.as_ref()));
    for item in items {
        table.add_row(columns.iter().map(|c| cell(lookup(item, &c.key), c.render)));
    }
    finish(table)
}

/// Up to six scalar fields of an item, for lists of unknown shape.
fn derive_columns(first: Option<&Value>) -> Vec<Column> {
    let Some(Value::Object(map)) = first else { return vec![col("VALUE", "", Text)] };
    map.iter()
        .filter(|(_, v)| !v.is_object() && !v.is_array())
        .take(6)
        .map(|(k, _)| Column { header: Cow::Owned(k.to_uppercase()), key: Cow::Owned(k.clone()), render: Text })
        .collect()
}

/// One resource as FIELD / VALUE rows. Nested values read as `key: value` lines (a destination's config items as
/// `key: value` with secrets masked), not as a blob of JSON.
pub fn fields(value: &Value, printer: &Printer) -> String {
    let pairs: Vec<(String, String)> = match value {
        Value::Object(map) => {
            map.iter().map(|(key, field)| (escape_control(key).into_owned(), nested(key, field))).collect()
        }
        other => vec![(String::new(), cell(Some(other), Render::Text))],
    };
    if too_narrow(printer) {
        return lines(std::iter::once(pairs));
    }
    let mut table = new_table(printer);
    for (key, shown) in pairs {
        table.add_row(vec![key, shown]);
    }
    finish(table)
}

/// A field's value for a person: scalars as text, objects as `key: value` lines, config items as `key: value`
/// with secrets masked, other arrays one item a line.
fn nested(key: &str, value: &Value) -> String {
    let text = match value {
        Value::Object(map) if !map.is_empty() => {
            map.iter().map(|(k, v)| format!("{k}: {}", scalar(v))).collect::<Vec<_>>().join("\n")
        }
        Value::Array(items) if key == "config" && items.iter().all(|i| i.get("name").is_some()) => items
            .iter()
            .map(|item| {
                let name = item["name"].as_str().unwrap_or_default();
                let key = name.rsplit_once("/config/").map_or(name, |(_, k)| k);
                let kind = item.get("type").and_then(Value::as_str).unwrap_or_default();
                let shown = crate::wire::config::masked(key, kind, &item["value"], crate::secret::REDACTED);
                format!("{key}: {}", scalar(&shown))
            })
            .collect::<Vec<_>>()
            .join("\n"),
        Value::Array(items) if !items.is_empty() => items.iter().map(scalar).collect::<Vec<_>>().join("\n"),
        other => return cell(Some(other), Render::Text),
    };
    escape_control(&text).into_owned()
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
        assert!(
            out.contains("sharedSecret: (redacted)") && out.contains(r#"hooks: [{"hook":"https://h/in"}]"#),
            "{out}"
        );
        assert!(out.contains("team: data"), "{out}");
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
    fn times_say_their_timezone() {
        assert_eq!(time("2018-09-24T17:08:04.138Z"), "2018-09-24 17:08:04 UTC");
        assert_eq!(time("2018-09-24T17:08:04+02:00"), "2018-09-24 17:08:04 +02:00");
        assert_eq!(time("2018-09-24"), "2018-09-24");
    }
}
