//! `-o table`: a few useful columns per resource, borderless like `kubectl get`. A table fits the terminal's width
//! (or `$COLUMNS`; a pipe without it gets the table at its natural width), by one rule (docs/SCRIPTING.md,
//! "Output for people and for scripts"):
//! - an identifier (a name, an id, a slug, a URL, a time) is never broken or cut, so it can be copied and grepped;
//! - the item's own identifier ([`Fit::Key`]) is always shown; the other columns are kept in their order of
//!   importance (their `rank`, then left to right) while they fit: free text ([`Fit::Cut`]) cut with `…` to no less
//!   than [`MIN_CUT`] characters, other columns ([`Fit::Whole`]) whole or left out (a list of names left out is
//!   tried again as its count: `2 workspaces`);
//! - below [`MIN_TABLE`] columns, or when the keys alone do not fit, each item becomes `key: value` lines.
//!
//! One long value never reflows the other rows, and the same width gives the same bytes on a terminal and in a pipe.
//! A single resource is `field  value` lines, nested values as indented lines; a value too wide beside its field
//! goes on a line of its own below it, so the terminal's wrapping, when even that line is too wide, touches that one
//! value and nothing else. Every cell is server-supplied text, so control characters are escaped; times say their
//! timezone; config secrets are masked (`-o json` carries them whole). A resource's table shows only the columns the
//! API in use holds and its answers carry ([`Shape::shown`]; docs/reference/output.md).

use std::borrow::Cow;

use comfy_table::{ContentArrangement, Table, presets};
use serde_json::Value;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::fields::{self, Field, Holds};
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
    /// The last segment of each of a list of names, joined with `, ` (a token's workspaces: `acme, acme-eu`); when
    /// they do not fit whole, a list of several is shown as its count of the noun given (`3 workspaces`).
    ShortNames(&'static str),
    /// The `SRC/DST` of a name under a destination (`.../sources/SRC/destinations/DST/...`).
    Destination,
}

/// How a column meets a width it does not fit in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// The item's identifier: always shown, whole; when the keys alone do not fit, the list becomes records.
    Key,
    /// An identifier, a time, a number, a flag: shown whole, or left out.
    Whole,
    /// Free text: cut with `…`, or left out.
    Cut,
}

#[derive(Debug, Clone)]
pub struct Column {
    pub header: Cow<'static, str>,
    /// A dotted path into the item.
    pub key: Cow<'static, str>,
    pub render: Render,
    pub fit: Fit,
    /// Importance among the columns that may be left out: lower is kept first (then left to right).
    pub rank: u8,
    /// What the API in use must hold for the column to be shown (`None`: any API that sends the field).
    pub needs: Option<fn(&Holds) -> bool>,
}

impl Column {
    /// The item's identifier: shown whole, always.
    pub const fn key(header: &'static str, key: &'static str, render: Render) -> Column {
        Column { header: Cow::Borrowed(header), key: Cow::Borrowed(key), render, fit: Fit::Key, rank: 0, needs: None }
    }

    /// A column shown whole or left out: another identifier, a time, a count, a flag.
    pub const fn id(header: &'static str, key: &'static str, render: Render) -> Column {
        Column { header: Cow::Borrowed(header), key: Cow::Borrowed(key), render, fit: Fit::Whole, rank: 0, needs: None }
    }

    /// A column of free text, cut to fit.
    pub const fn text(header: &'static str, key: &'static str, render: Render) -> Column {
        Column { header: Cow::Borrowed(header), key: Cow::Borrowed(key), render, fit: Fit::Cut, rank: 0, needs: None }
    }

    /// The same column, shown only when the API in use holds what `needs` asks for.
    pub const fn needs(mut self, needs: fn(&Holds) -> bool) -> Column {
        self.needs = Some(needs);
        self
    }

    /// The same column, kept after those of a lower rank.
    pub const fn rank(mut self, rank: u8) -> Column {
        self.rank = rank;
        self
    }
}

const fn key(header: &'static str, key: &'static str, render: Render) -> Column {
    Column::key(header, key, render)
}

const fn id(header: &'static str, key: &'static str, render: Render) -> Column {
    Column::id(header, key, render)
}

const fn text(header: &'static str, key: &'static str) -> Column {
    Column::text(header, key, Render::Text)
}

use Render::{Count, Destination, Join, Last, ShortNames, Text, Time};

/// What a command prints for people and for `--json`: its table's columns and its fields. A resource's table shows
/// only what the API in use holds: a column whose [`Column::needs`] it does not meet, or whose field no item was
/// sent with, is left out (`Shape::shown`).
#[derive(Debug)]
pub struct Shape {
    pub columns: &'static [Column],
    /// The fields of `--json` (none: the command prints no resource of seg's vocabulary).
    pub fields: &'static [Field],
}

impl Shape {
    /// The columns to show for these items on an API that holds `holds`: for a resource, those it holds and that
    /// some item has (the item's key always); for other documents, all of them.
    pub fn shown(&self, items: &[Value], holds: &Holds) -> Vec<Column> {
        let resource = !self.fields.is_empty();
        self.columns
            .iter()
            .filter(|c| {
                c.fit == Fit::Key
                    || !resource
                    || (c.needs.is_none_or(|needs| needs(holds)) && items.iter().any(|i| lookup(i, &c.key).is_some()))
            })
            .cloned()
            .collect()
    }
}

pub const WORKSPACES: &Shape = &Shape {
    columns: &[
        key("NAME", "name", Last),
        text("DISPLAY NAME", "display_name"),
        id("ID", "id", Text),
        id("CREATED", "create_time", Time),
    ],
    fields: fields::WORKSPACE,
};
pub const SOURCES: &Shape = &Shape {
    columns: &[
        key("NAME", "name", Last),
        text("DISPLAY NAME", "display_name"),
        id("CATALOG", "catalog_name", Last),
        id("CREATED", "create_time", Time),
    ],
    fields: fields::SOURCE,
};
pub const DESTINATIONS: &Shape = &Shape {
    columns: &[
        key("SOURCE", "parent", Last),
        key("NAME", "name", Last),
        id("ENABLED", "enabled", Text),
        id("MODE", "connection_mode", Text).needs(|h| h.connection_modes),
        id("UPDATED", "update_time", Time).needs(|h| h.update_times),
    ],
    fields: fields::DESTINATION,
};
pub const FILTERS: &Shape = &Shape {
    columns: &[
        key("ID", "name", Last),
        text("TITLE", "title"),
        id("ENABLED", "enabled", Text),
        text("IF", "if"),
        id("ACTIONS", "actions", Count),
    ],
    fields: fields::FILTER,
};
/// Filters of many destinations (`filters list --all`): which destination each belongs to comes first.
pub const FILTERS_ACROSS: &Shape = &Shape {
    columns: &[
        key("DESTINATION", "name", Destination),
        key("ID", "name", Last),
        text("TITLE", "title"),
        id("ENABLED", "enabled", Text),
        text("IF", "if"),
        id("ACTIONS", "actions", Count),
    ],
    fields: fields::FILTER,
};
pub const MAPPINGS: &Shape = &Shape {
    columns: &[
        key("ID", "name", Last),
        text("NAME", "display_name"),
        id("ACTION", "action", Text),
        id("ENABLED", "enabled", Text),
        text("TRIGGER", "trigger"),
    ],
    fields: fields::MAPPING,
};
pub const SCHEMA_CONFIG: &Shape = &Shape {
    columns: &[
        key("SOURCE", "parent", Last),
        id("UNPLANNED TRACK", "allow_unplanned_track_events", Text),
        id("UNPLANNED IDENTIFY", "allow_unplanned_identify_traits", Text),
        id("UNPLANNED GROUP", "allow_unplanned_group_traits", Text),
        id("TRACK VIOLATIONS", "common_track_event_on_violations", Text),
        id("IDENTIFY VIOLATIONS", "common_identify_event_on_violations", Text),
        id("GROUP VIOLATIONS", "common_group_event_on_violations", Text),
    ],
    fields: fields::SCHEMA_CONFIG,
};
pub const TRACKING_PLANS: &Shape = &Shape {
    columns: &[
        key("ID", "name", Last),
        text("DISPLAY NAME", "display_name"),
        id("EVENTS", "rules.events", Count),
        id("UPDATED", "update_time", Time),
    ],
    fields: fields::TRACKING_PLAN,
};
pub const CONNECTIONS: &Shape = &Shape {
    columns: &[key("SOURCE", "source_name", Last), key("TRACKING PLAN", "tracking_plan_id", Text)],
    fields: fields::CONNECTION,
};
/// A token's workspaces by their short names, whole: `acme, acme-eu`.
pub const TOKENS: &Shape = &Shape {
    columns: &[
        key("NAME", "name", Last),
        text("DESCRIPTION", "description"),
        id("SCOPES", "scopes", Text),
        id("WORKSPACES", "workspace_names", ShortNames("workspace")),
        id("CREATED", "create_time", Time).rank(1),
    ],
    fields: fields::TOKEN,
};
pub const CATALOG_SOURCES: &Shape = &Shape {
    columns: &[
        key("NAME", "name", Last),
        text("DISPLAY NAME", "display_name"),
        text("TYPE", "type"),
        Column::text("CATEGORIES", "categories", Join),
    ],
    fields: fields::CATALOG_SOURCE,
};
pub const CATALOG_DESTINATIONS: &Shape = &Shape {
    columns: &[
        key("NAME", "name", Last),
        text("DISPLAY NAME", "display_name"),
        id("STATUS", "status", Text),
        text("CATEGORY", "categories.primary"),
    ],
    fields: fields::CATALOG_DESTINATION,
};
pub const REGULATIONS: &Shape = &Shape {
    columns: &[
        key("ID", "id", Text),
        id("TYPE", "regulation_type", Text),
        id("USERS", "attributes.values", Count),
        id("CREATED", "create_time", Time),
    ],
    fields: fields::REGULATION,
};
// The Public API's own resources (`wire::PublicRecord`): their fields as the service spells them, but `name`, which
// is seg's (its last segment the id a command takes) and `display_name`, the record's own name.
pub const WAREHOUSES: &Shape = &Shape {
    columns: &[
        key("ID", "name", Last),
        text("NAME", "display_name"),
        id("CATALOG", "metadata.slug", Text),
        id("ENABLED", "enabled", Text),
    ],
    fields: fields::WAREHOUSE,
};
/// A warehouse's connected sources: sources, named by their slugs.
pub const WAREHOUSE_SOURCES: &Shape = &Shape {
    columns: &[
        key("SOURCE", "name", Last),
        text("NAME", "display_name"),
        id("ID", "id", Text),
        id("ENABLED", "enabled", Text).rank(1),
    ],
    fields: fields::WAREHOUSE_SOURCE,
};
pub const FUNCTIONS: &Shape = &Shape {
    columns: &[
        key("ID", "name", Last),
        text("NAME", "displayName"),
        id("TYPE", "resourceType", Text),
        id("CREATED", "createdAt", Time).rank(1),
    ],
    fields: fields::FUNCTION,
};
pub const INSTANCES: &Shape = &Shape {
    columns: &[
        key("ID", "name", Last),
        text("NAME", "display_name"),
        id("DESTINATION", "integrationId", Text),
        id("ENABLED", "enabled", Text),
    ],
    fields: fields::INSTANCE,
};
pub const TRANSFORMATIONS: &Shape = &Shape {
    columns: &[
        key("ID", "name", Last),
        text("NAME", "display_name"),
        id("ENABLED", "enabled", Text),
        text("IF", "if").rank(1),
        id("SOURCE", "sourceId", Text).rank(2),
    ],
    fields: fields::TRANSFORMATION,
};
pub const REVERSE_ETL_MODELS: &Shape = &Shape {
    columns: &[
        key("ID", "name", Last),
        text("NAME", "display_name"),
        id("ENABLED", "enabled", Text),
        id("SCHEDULE", "scheduleStrategy", Text),
        id("SOURCE", "sourceId", Text).rank(1),
    ],
    fields: fields::REVERSE_ETL_MODEL,
};
pub const USERS: &Shape = &Shape {
    columns: &[
        key("ID", "name", Last),
        id("EMAIL", "email", Text),
        text("NAME", "display_name"),
        id("PERMISSIONS", "permissions", Count).rank(1),
    ],
    fields: fields::USER,
};
/// Invites and a group's members, by their emails.
pub const EMAILS: &Shape = &Shape {
    columns: &[key("EMAIL", "name", Last), text("NAME", "display_name"), id("ID", "id", Text).rank(1)],
    fields: fields::MEMBER,
};
pub const USER_GROUPS: &Shape = &Shape {
    columns: &[
        key("ID", "name", Last),
        text("NAME", "display_name"),
        id("MEMBERS", "memberCount", Text),
        id("PERMISSIONS", "permissions", Count),
    ],
    fields: fields::USER_GROUP,
};
pub const ROLES: &Shape = &Shape {
    columns: &[key("ID", "name", Last), text("NAME", "display_name"), text("DESCRIPTION", "description").rank(1)],
    fields: fields::ROLE,
};
pub const LABELS: &Shape =
    &Shape { columns: &[key("LABEL", "name", Last), text("DESCRIPTION", "description")], fields: fields::LABEL };
pub const AUDIT_EVENTS: &Shape = &Shape {
    columns: &[
        key("ID", "name", Last),
        id("TIME", "timestamp", Time),
        id("TYPE", "type", Text),
        id("RESOURCE", "resourceType", Text).rank(1),
        text("NAME", "resourceName").rank(2),
        id("ACTOR", "actor", Text).rank(3),
    ],
    fields: fields::AUDIT_EVENT,
};
/// `seg webhook log`: the journal's requests. For a person debugging a delivery the verdict, its cause and the
/// answer matter most, so they are the last to go at a narrow width; the path (the same for most requests) goes
/// first, whole or not at all.
pub const WEBHOOK_LOG: &Shape = &Shape {
    columns: &[
        key("ID", "id", Text),
        id("RECEIVED", "received", Time).rank(1),
        id("METHOD", "method", Text).rank(3),
        id("PATH", "path", Text).rank(4),
        id("TYPE", "type", Text).rank(2),
        id("SIZE", "size", Text).rank(2),
        id("SIGNATURE", "signature", Text),
        Column::id("CAUSE", "cause_codes", Join),
        id("ANSWER", "answer.status", Text),
    ],
    fields: &[],
};
/// No known shape (`seg api`): columns come from the first item's scalar fields.
pub const ANY: &Shape = &Shape { columns: &[], fields: &[] };

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
        (Render::ShortNames(_), Value::Array(items)) => items
            .iter()
            .map(|v| v.as_str().map_or_else(|| v.to_string(), |s| last_segment(s).to_string()))
            .collect::<Vec<_>>()
            .join(", "),
        (Render::Last, Value::String(s)) => last_segment(s).to_string(),
        (Render::Destination, Value::String(s)) => destination_of(s),
        (Render::Time, Value::String(s)) => time(s),
        (_, Value::String(s)) => s.clone(),
        (_, Value::Null) => String::new(),
        (_, other) => other.to_string(),
    };
    escape_control(&text).into_owned()
}

/// A cell's shorter form, for a column that does not fit whole: a list of several names as their count.
fn compact(value: Option<&Value>, render: Render) -> Option<String> {
    match (render, value) {
        (Render::ShortNames(noun), Some(Value::Array(items))) if items.len() > 1 => {
            Some(super::count(items.len(), noun))
        }
        _ => None,
    }
}

/// The last segment of a resource name: `acme` of `workspaces/acme`.
fn last_segment(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or_default()
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

/// The width to fit: the terminal's, or `$COLUMNS` (which beats it, docs/reference/commands.md); `None` in a pipe
/// without it. The Printer decides it, for tables and lines for people alike ([`Printer::width`]).
fn width(printer: &Printer) -> Option<usize> {
    printer.width(super::Stream::Stdout)
}

/// Space between columns.
const GAP: usize = 2;
/// A cut column keeps at least this many characters, or is left out.
pub const MIN_CUT: usize = 8;
/// Narrower than this, a list is always `key: value` records: a table there would be its keys alone.
pub const MIN_TABLE: usize = 60;

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

/// The widths that fit `rows` under the columns' `headers` in `room` columns (a width of 0: left out), by the rule
/// of the module's notes; `None` when the list should be records instead.
fn fitted(headers: &[&str], rows: &[Vec<String>], columns: &[(Fit, u8)], room: Option<usize>) -> Option<Vec<usize>> {
    let natural: Vec<usize> = headers
        .iter()
        .enumerate()
        .map(|(i, h)| rows.iter().map(|row| row.get(i).map_or(0, |c| c.width())).fold(h.width(), usize::max))
        .collect();
    let Some(room) = room else { return Some(natural) };
    if room < MIN_TABLE {
        return None;
    }
    let total = |widths: &[usize]| {
        let shown: Vec<&usize> = widths.iter().filter(|w| **w > 0).collect();
        shown.iter().copied().sum::<usize>() + GAP * shown.len().saturating_sub(1)
    };
    // The keys, then each other column in its order of importance if it fits (free text at its least).
    let least = |i: usize| match columns[i].0 {
        Fit::Cut => natural[i].min(MIN_CUT),
        Fit::Key | Fit::Whole => natural[i],
    };
    let mut widths: Vec<usize> =
        (0..natural.len()).map(|i| if columns[i].0 == Fit::Key { natural[i] } else { 0 }).collect();
    if total(&widths) > room {
        return None;
    }
    let mut others: Vec<usize> = (0..natural.len()).filter(|&i| columns[i].0 != Fit::Key).collect();
    others.sort_by_key(|&i| (columns[i].1, i));
    let any_others = !others.is_empty();
    for i in others {
        widths[i] = least(i);
        if total(&widths) > room {
            widths[i] = 0;
        }
    }
    // Keys with nothing beside them say less than records do.
    if any_others && (0..natural.len()).all(|i| columns[i].0 == Fit::Key || widths[i] == 0) {
        return None;
    }
    // Then the free text kept takes what room is left, the narrowest first, so no column is cut more than it must.
    let mut texts: Vec<usize> = (0..natural.len()).filter(|&i| columns[i].0 == Fit::Cut && widths[i] > 0).collect();
    texts.sort_by_key(|&i| natural[i]);
    let mut left = texts.len();
    for i in texts {
        let spare = room - total(&widths);
        widths[i] += (spare / left).min(natural[i] - widths[i]);
        left -= 1;
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

/// `key: value` lines, for a list that cannot be a table; items apart by a blank line. A value too wide beside its
/// key goes on the next line, indented, as in a single resource.
fn records(items: impl Iterator<Item = Vec<(String, String)>>, room: Option<usize>) -> String {
    let blocks: Vec<String> = items
        .map(|pairs| {
            pairs
                .into_iter()
                .map(|(key, value)| Line { indent: 0, dash: false, key: Some(key), value: Some(value) }.render(0, room))
                .collect()
        })
        .collect();
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
    let fits: Vec<(Fit, u8)> = columns.iter().map(|c| (c.fit, c.rank)).collect();
    let cells: Vec<Vec<String>> =
        items.iter().map(|item| columns.iter().map(|c| cell(lookup(item, &c.key), c.render)).collect()).collect();
    let fit = fitted(&headers, &cells, &fits, room);
    // A column left out that has a shorter form (a count for a list of names) is tried again in it.
    if let Some(widths) = &fit {
        let shorter = |i: usize| {
            widths[i] == 0
                && items.iter().any(|item| compact(lookup(item, &columns[i].key), columns[i].render).is_some())
        };
        let retry: Vec<usize> = (0..columns.len()).filter(|&i| shorter(i)).collect();
        if !retry.is_empty() {
            let mut short = cells.clone();
            for (row, item) in short.iter_mut().zip(items) {
                for &i in &retry {
                    if let Some(text) = compact(lookup(item, &columns[i].key), columns[i].render) {
                        row[i] = text;
                    }
                }
            }
            if let Some(widths) = fitted(&headers, &short, &fits, room).filter(|w| retry.iter().any(|&i| w[i] > 0)) {
                return render(&headers, &short, &widths);
            }
        }
    }
    match fit {
        Some(widths) => render(&headers, &cells, &widths),
        None => {
            let pairs = |row: &Vec<String>| -> Vec<(String, String)> {
                headers.iter().map(|h| h.to_lowercase()).zip(row.iter().cloned()).collect()
            };
            records(cells.iter().map(pairs), room)
        }
    }
}

/// Up to six scalar fields of an item, for lists of unknown shape; the first is the key.
fn derive_columns(first: Option<&Value>) -> Vec<Column> {
    let Some(Value::Object(map)) = first else { return vec![Column::text("VALUE", "", Text)] };
    map.iter()
        .filter(|(_, v)| !v.is_object() && !v.is_array())
        .take(6)
        .enumerate()
        .map(|(i, (k, _))| Column {
            header: Cow::Owned(k.to_uppercase()),
            key: Cow::Owned(k.clone()),
            render: Text,
            fit: if i == 0 { Fit::Key } else { Fit::Cut },
            rank: 0,
            needs: None,
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
/// that an identifier as long as the terminal is wide still shows on one line; so does a nested value beside its
/// key. A value wider than the terminal even there is left for the terminal to wrap: it is alone on its line, so no
/// other line moves.
fn fields_in(value: &Value, room: Option<usize>) -> String {
    // Each field with its lines, and whether they stand below it (a list or a map, however short).
    let pairs: Vec<(String, Vec<Line>, bool)> = match value {
        Value::Object(map) => map
            .iter()
            .map(|(key, field)| {
                let lines = nested(key, field);
                let below = matches!(field, Value::Object(m) if !m.is_empty())
                    || matches!(field, Value::Array(a) if !a.is_empty())
                    || lines.len() > 1;
                (escape_control(key).into_owned(), lines, below)
            })
            .collect(),
        other => vec![(String::new(), nested("", other), false)],
    };
    let beside = pairs.iter().filter(|(_, _, below)| !below);
    let key_width = beside.map(|(k, _, _)| k.width()).max().unwrap_or(0);
    let mut out = String::new();
    for (key, lines, below) in pairs {
        match (lines.as_slice(), below) {
            ([], _) => out.push_str(&format!("{key}\n")),
            ([one], false) => {
                let value = one.value.as_deref().unwrap_or_default();
                if let Some(room) = room.filter(|room| key_width + 2 + value.width() > *room) {
                    let under = under_key(2, value, room);
                    out.push_str(&format!("{key}:\n{}{value}\n", " ".repeat(under)));
                } else {
                    out.push_str(format!("{key:key_width$}  {value}").trim_end());
                    out.push('\n');
                }
            }
            (lines, _) => {
                out.push_str(&format!("{key}:\n"));
                for line in lines {
                    out.push_str(&line.render(2, room));
                }
            }
        }
    }
    out
}

/// Where a value put below its key starts: `indent`, or further left as far as it must to stay on one line; a value
/// wider than the terminal keeps its indent (it is the one line the terminal wraps).
fn under_key(indent: usize, value: &str, room: usize) -> usize {
    match room.checked_sub(value.width()) {
        Some(spare) => indent.min(spare),
        None => indent,
    }
}

/// One line of a nested value: `- key: value` at an indent, the dash when it starts an item of a list.
#[derive(Debug)]
struct Line {
    indent: usize,
    dash: bool,
    key: Option<String>,
    value: Option<String>,
}

impl Line {
    fn bare(indent: usize, value: String) -> Line {
        Line { indent, dash: false, key: None, value: Some(value) }
    }

    /// The line (or, when its value does not fit beside its key in `room`, the key's line and the value's below
    /// it), `base` further in, each ending in a newline.
    fn render(&self, base: usize, room: Option<usize>) -> String {
        let mut head = " ".repeat(base + self.indent);
        if self.dash {
            head.push_str("- ");
        }
        if let Some(key) = &self.key {
            head.push_str(key);
            head.push(':');
        }
        let Some(value) = &self.value else { return format!("{}\n", head.trim_end()) };
        if self.key.is_none() {
            return format!("{}\n", format!("{head}{value}").trim_end());
        }
        let line = format!("{head} {value}");
        match room {
            Some(room) if line.width() > room => {
                let under = under_key(base + self.indent + if self.dash { 4 } else { 2 }, value, room);
                format!("{head}\n{}{value}\n", " ".repeat(under))
            }
            _ => format!("{}\n", line.trim_end()),
        }
    }
}

/// A field's value for a person, as lines: scalars as text (times as tables show them, a multi-line string one line
/// each), a map as `key: value` lines, config items as `key: value` with secrets masked, a list of scalars one item
/// a line, anything deeper as indented `key: value` and `- item` lines. Each piece is escaped on its own, so a line
/// break shows as one, never as `\n`.
fn nested(key: &str, value: &Value) -> Vec<Line> {
    let mut out = Vec::new();
    match value {
        Value::Object(map) if !map.is_empty() => {
            for (k, v) in map {
                push(&mut out, 0, false, Some(k), v);
            }
        }
        Value::Array(items) if key == "config" && items.iter().all(|i| i.get("name").is_some()) => {
            for item in items {
                let name = item["name"].as_str().unwrap_or_default();
                let key = name.rsplit_once("/config/").map_or(name, |(_, k)| k);
                let kind = item.get("type").and_then(Value::as_str).unwrap_or_default();
                let shown = crate::wire::config::masked(key, kind, &item["value"], crate::secret::REDACTED);
                push(&mut out, 0, false, Some(key), &shown);
            }
        }
        Value::Array(items) if items.iter().all(|i| !i.is_object() && !i.is_array()) => {
            for item in items {
                push(&mut out, 0, false, None, item);
            }
        }
        Value::Array(items) => {
            for item in items {
                push(&mut out, 0, true, None, item);
            }
        }
        Value::Object(_) => {}
        Value::String(s) if key.ends_with("_time") || key == "received" => out.push(Line::bare(0, time(s))),
        Value::String(s) if s.contains('\n') => push(&mut out, 0, false, None, value),
        other => out.push(Line::bare(0, cell(Some(other), Render::Text))),
    }
    out
}

/// Adds the lines of `value` under `key` (or as a list item, with `dash`) at `indent`.
fn push(out: &mut Vec<Line>, indent: usize, dash: bool, key: Option<&str>, value: &Value) {
    let key = key.map(|k| escape_control(k).into_owned());
    // Where what stands under this line starts.
    let under = indent + if dash { 2 } else { 0 } + if key.is_some() { 2 } else { 0 };
    match value {
        Value::Object(map) if !map.is_empty() => {
            let mut entries = map.iter();
            match (&key, dash) {
                (Some(_), _) => {
                    out.push(Line { indent, dash, key, value: None });
                    entries.for_each(|(k, v)| push(out, under, false, Some(k), v));
                }
                // An item that is a map starts on its dash's line: `- hook: https://...`.
                (None, true) => {
                    if let Some((k, v)) = entries.next() {
                        push(out, indent, true, Some(k), v);
                    }
                    entries.for_each(|(k, v)| push(out, indent + 2, false, Some(k), v));
                }
                (None, false) => entries.for_each(|(k, v)| push(out, indent, false, Some(k), v)),
            }
        }
        Value::Array(items) if !items.is_empty() => {
            if key.is_some() || dash {
                out.push(Line { indent, dash, key, value: None });
            }
            items.iter().for_each(|item| push(out, under, true, None, item));
        }
        Value::String(s) if s.contains('\n') => {
            let mut lines = s.lines().map(|l| escape_control(l).into_owned());
            let under = if key.is_some() { under } else { indent + if dash { 2 } else { 0 } };
            if key.is_some() {
                out.push(Line { indent, dash, key, value: None });
            } else {
                out.push(Line { indent, dash, key: None, value: lines.next() });
            }
            out.extend(lines.map(|line| Line::bare(under, line)));
        }
        other => {
            let text = escape_control(&scalar(other)).into_owned();
            out.push(Line { indent, dash, key, value: Some(text) });
        }
    }
}

/// A value on one line: strings as they are, anything else as compact JSON (`[]`, `{}`, `true`, `null`).
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
        let out = rows(&items, DESTINATIONS.columns, &printer());
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].split_whitespace().eq(["SOURCE", "NAME", "ENABLED", "MODE", "UPDATED"]));
        assert!(
            lines[1].split_whitespace().eq(["s", "webhooks", "true", "CLOUD", "2018-09-24", "17:08:04", "UTC"]),
            "{out}"
        );
        let plans = [json!({"name": "w/rs_1", "display_name": "P\x1b[2J", "rules": {"events": [1, 2]}})];
        let out = rows(&plans, TRACKING_PLANS.columns, &printer());
        assert!(out.contains("rs_1") && out.contains("P\\u{1b}[2J") && out.contains(" 2"), "{out}");
    }

    #[test]
    fn unknown_shapes_and_single_resources() {
        let out = rows(&[json!({"id": 1, "nested": {}, "label": "x"})], ANY.columns, &printer());
        assert!(out.starts_with("ID") && out.contains("LABEL") && !out.contains("NESTED"), "{out}");
        let out = fields(&json!({"name": "n", "list": [{"a": 1, "b": [2, 3]}]}), &printer());
        assert_eq!(out, "name  n\nlist:\n  - a: 1\n    b:\n      - 2\n      - 3\n");
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
        let long = format!("workspaces/w/sources/{}", "x".repeat(50));
        let out = fields_in(&json!({"display_name": "D", "name": long}), Some(80));
        assert!(out.contains(&format!("name:\n  {long}\n")) && out.starts_with("display_name  D\n"), "{out}");
    }

    #[test]
    fn filters_across_destinations_say_whose_they_are() {
        let filter = json!({"name": "workspaces/w/sources/web/destinations/hooks/config/0a1b/filters/df_1",
                            "title": "t", "enabled": true, "if": "all", "actions": []});
        let out = rows(&[filter], FILTERS_ACROSS.columns, &printer());
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
            let out = rows_in(&items, SOURCES.columns, Some(room));
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
        assert!(!rows_in(&items, SOURCES.columns, Some(200)).contains('…'));
        assert_eq!(rows_in(&items, SOURCES.columns, None), rows_in(&items, SOURCES.columns, Some(500)));
        // Narrower: the least important whole column (the time) is left out before the text is cut further.
        let out = rows_in(&items, SOURCES.columns, Some(70));
        assert!(out.contains("DISPLAY") && out.contains("CATALOG") && !out.contains("CREATED"), "{out}");
        assert!(out.lines().all(|l| l.width() <= 70), "{out}");
        // Below MIN_TABLE columns: `key: value` records, the identifier whole.
        let out = rows_in(&items, SOURCES.columns, Some(MIN_TABLE - 1));
        assert!(out.contains(&format!("name: {long}\n")) && out.contains("\n\nname: app\n"), "{out}");
        assert_eq!(cut("abcdef", 4), "abc…");
        assert_eq!(cut("日本語テキスト", 7), "日本語…");
    }

    #[test]
    fn one_long_slug_leaves_out_columns_rather_than_turning_the_list_into_records() {
        let slug = "a-source-with-a-very-long-slug-that-goes-on-and-on-for-56c";
        assert_eq!(slug.len(), 58);
        let items = [
            json!({"name": format!("workspaces/w/sources/{slug}"), "display_name": "Long", "catalog_name": "catalog/sources/javascript",
                   "create_time": "2026-11-25T08:46:17Z"}),
            json!({"name": "workspaces/w/sources/app", "display_name": "App", "catalog_name": "catalog/sources/ios",
                   "create_time": "2026-11-25T08:46:18Z"}),
        ];
        let out = rows_in(&items, SOURCES.columns, Some(80));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        assert!(lines[0].split_whitespace().eq(["NAME", "DISPLAY…", "CATALOG"]), "{out}");
        assert!(lines[1].starts_with(slug) && lines[1].ends_with("javascript") && !out.contains("2026"), "{out}");
        // Keys with no room for anything beside them: records, which show it all.
        let out = rows_in(&items, SOURCES.columns, Some(66));
        assert!(out.contains(&format!("name: {slug}\ndisplay name: Long\n")), "{out}");
        // A list of keys only stays a table however little else there is.
        let connections = [json!({"source_name": "workspaces/w/sources/web", "tracking_plan_id": "rs_1"})];
        assert!(rows_in(&connections, CONNECTIONS.columns, Some(60)).starts_with("SOURCE"));
    }

    #[test]
    fn tokens_show_their_workspaces_by_short_name_whole_or_counted() {
        let token = |workspaces: &[&str]| {
            json!({"name": "access-tokens/2", "description": "The token of the nightly export job", "scopes": "workspace:read",
                   "workspace_names": workspaces.iter().map(|w| format!("workspaces/{w}")).collect::<Vec<_>>(),
                   "create_time": "2026-11-25T08:46:17Z"})
        };
        let out = rows_in(&[token(&["acme", "acme-eu"])], TOKENS.columns, Some(80));
        assert!(out.lines().nth(1).unwrap().contains("  acme, acme-eu  "), "{out}");
        assert!(!out.contains("workspaces/"), "{out}");
        let long = ["emea-marketing-production", "emea-marketing-staging"];
        let out = rows_in(&[token(&long)], TOKENS.columns, Some(120));
        assert!(out.contains("emea-marketing-production, emea-marketing-staging"), "{out}");
        // Too wide for 80 columns beside the rest: counted, never cut; a token of one workspace still names it.
        let out = rows_in(&[token(&long), token(&["acme"])], TOKENS.columns, Some(80));
        let rows: Vec<&str> = out.lines().collect();
        assert!(rows[0].contains("WORKSPACES") && !out.contains("emea"), "{out}");
        assert!(rows[1].contains("  2 workspaces  ") && rows[2].contains("  acme  "), "{out}");
        assert!(out.lines().all(|l| l.width() <= 80), "{out}");
    }

    #[test]
    fn the_webhook_log_keeps_the_verdict_and_its_cause_before_the_path() {
        let request = |id: u64, path: &str, causes: &[&str]| {
            json!({"id": id, "received": "2026-11-25T08:46:17.5Z", "method": "POST", "path": path, "type": "identify",
                   "size": 368, "signature": if causes.is_empty() { "valid" } else { "invalid" },
                   "cause_codes": causes, "answer": {"status": 200}})
        };
        let items = [
            request(1, "/a/very/long/path/that/goes/on/and/on/for/ever/in", &[]),
            request(2, "/hook", &["trailing_newline"]),
        ];
        let out = rows_in(&items, WEBHOOK_LOG.columns, Some(80));
        assert!(out.contains("trailing_newline") && out.contains("invalid") && !out.contains("PATH"), "{out}");
        assert!(!out.contains('…') && out.lines().all(|l| l.width() <= 80), "{out}");
        let out = rows_in(&items, WEBHOOK_LOG.columns, Some(160));
        assert!(out.contains("/a/very/long/path/that/goes/on/and/on/for/ever/in"), "{out}");
    }

    #[test]
    fn a_nested_value_too_wide_beside_its_key_goes_below_it() {
        let hook = "https://hooks.example.com/a/very/long/path/that/goes/on/and/on/for/ever/in";
        let destination = json!({"name": "d", "config": [
            {"name": "d/config/hooks", "value": [{"hook": hook, "headers": []}], "type": "mixed"}]});
        let out = fields_in(&destination, Some(80));
        assert!(out.contains(&format!("    - hook:\n      {hook}\n      headers: []\n")), "{out}");
        assert!(out.lines().all(|l| l.width() <= 80), "{out}");
        // Room enough: beside its key.
        let out = fields_in(&destination, Some(120));
        assert!(out.contains(&format!("    - hook: {hook}\n")), "{out}");
        // Wider than the terminal: alone on its line, the one line the terminal wraps.
        let out = fields_in(&destination, Some(60));
        assert!(out.contains(&format!("    - hook:\n        {hook}\n      headers: []\n")), "{out}");
        // Records fit their values the same way.
        let out = records(std::iter::once(vec![("if".to_string(), "x".repeat(59))]), Some(60));
        assert_eq!(out, format!("if:\n {}\n", "x".repeat(59)));
    }

    #[test]
    fn a_multi_line_string_inside_a_map_is_indented_lines() {
        let out = fields_in(&json!({"labels": {"note": "a\nb", "team": "data"}, "list": ["x\ny"]}), Some(80));
        assert_eq!(out, "labels:\n  note:\n    a\n    b\n  team: data\nlist:\n  x\n  y\n");
        assert!(!out.contains("\\n"), "{out}");
        // Control characters other than the line break stay escaped.
        let out = fields_in(&json!({"labels": {"k\u{1b}": "v\u{1b}[2J"}}), Some(80));
        assert_eq!(out, "labels:\n  k\\u{1b}: v\\u{1b}[2J\n");
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
