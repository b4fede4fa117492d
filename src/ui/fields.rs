//! `--json FIELD,...`: seg's own reading of a resource, with the same field names and values whichever API answered
//! (docs/reference/output.md, "`--json FIELD,...`"). Each kind of resource has a short list of fields read from the
//! typed view (the neutral reading both APIs' answers are read into); a field the API in use does not hold
//! (`api::Holds`) or did not send is `null`, never an empty default. `-o json` without `--json` stays the answer as
//! received.

use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::wire::fields::derived;

/// What the API in use holds, of what `--json`, `get` and tables show: `cli::Context` fills it from `api::Holds`
/// (the adapter's declaration), so output never asks which API it is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Holds {
    pub library_config: bool,
    pub connection_modes: bool,
    pub legacy_traits: bool,
    pub update_times: bool,
    pub destination_names: bool,
    pub plan_types: bool,
}

/// One field of `--json`: its name, what it holds (for `--json` alone and the docs), and how it is read.
#[derive(Clone, Copy)]
pub struct Field {
    pub name: &'static str,
    pub about: &'static str,
    read: fn(&Value, &Holds) -> Value,
}

impl std::fmt::Debug for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

const fn field(name: &'static str, about: &'static str, read: fn(&Value, &Holds) -> Value) -> Field {
    Field { name, about, read }
}

/// The fields `spec` names (`name,slug`), in its order, each once; an unknown one is a usage error listing the
/// valid ones, as is an empty list.
pub fn chosen(spec: &str, fields: &'static [Field]) -> Result<Vec<&'static Field>> {
    let valid = || fields.iter().map(|f| f.name).collect::<Vec<_>>().join(", ");
    let mut out: Vec<&'static Field> = Vec::new();
    for word in spec.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        let Some(found) = fields.iter().find(|f| f.name == word) else {
            return Err(Error::usage(format!(
                "--json: unknown field {}; the fields are: {}",
                crate::text::escape_control(word),
                valid()
            )));
        };
        if !out.iter().any(|f| f.name == found.name) {
            out.push(found);
        }
    }
    if out.is_empty() {
        return Err(Error::usage(format!(
            "--json needs fields, e.g. --json {}; the fields are: {}",
            first(fields),
            valid()
        )));
    }
    Ok(out)
}

fn first(fields: &[Field]) -> &'static str {
    fields.first().map_or("name", |f| f.name)
}

/// The chosen fields of one item's view, as an object in the order chosen.
pub fn pick(view: &Value, fields: &[&Field], holds: &Holds) -> Value {
    let object: Map<String, Value> = fields.iter().map(|f| (f.name.to_string(), (f.read)(view, holds))).collect();
    Value::Object(object)
}

/// The view a person sees (`get`'s fields, a table's cells): without what the API in use does not hold, so neither
/// an empty column nor a default the service never sent (`library_config.retry_queue: false`) is shown.
pub fn held(mut view: Value, holds: &Holds) -> Value {
    if let Value::Object(map) = &mut view {
        if !holds.library_config {
            map.remove("library_config");
        }
        if !holds.connection_modes {
            map.remove("connection_mode");
        }
        if !holds.legacy_traits
            && let Some(Value::Object(rules)) = map.get_mut("rules")
        {
            rules.remove("identify_traits");
            rules.remove("group_traits");
        }
    }
    view
}

// Readers. Each reads the view, where a field the service did not send is absent (`Output` keeps only those sent).

/// A text field, `null` when absent or empty.
fn text(view: &Value, key: &str) -> Value {
    match view.get(key) {
        Some(Value::String(s)) if s.is_empty() => Value::Null,
        Some(value) => value.clone(),
        None => Value::Null,
    }
}

/// A field as it stands in the view, `null` when absent.
fn value(view: &Value, key: &str) -> Value {
    view.get(key).cloned().unwrap_or(Value::Null)
}

fn name(view: &Value, _: &Holds) -> Value {
    text(view, "name")
}

fn slug(view: &Value, _: &Holds) -> Value {
    derived::slug(view)
}

fn display_name(view: &Value, _: &Holds) -> Value {
    text(view, "display_name")
}

fn enabled(view: &Value, _: &Holds) -> Value {
    view.get("enabled").filter(|v| v.is_boolean()).cloned().unwrap_or(Value::Null)
}

fn id(view: &Value, _: &Holds) -> Value {
    text(view, "id")
}

fn create_time(view: &Value, _: &Holds) -> Value {
    text(view, "create_time")
}

fn update_time(view: &Value, _: &Holds) -> Value {
    text(view, "update_time")
}

fn catalog(view: &Value, _: &Holds) -> Value {
    derived::catalog(view)
}

fn parent(view: &Value, _: &Holds) -> Value {
    derived::parent(view)
}

pub const WORKSPACE: &[Field] = &[
    field("name", "the workspace's name: workspaces/SLUG", name),
    field("slug", "its slug", slug),
    field("display_name", "its display name", display_name),
    field("id", "its id on the API in use", id),
    field("create_time", "when it was made (Config API)", create_time),
];

pub const SOURCE: &[Field] = &[
    field("name", "the source's name: workspaces/WS/sources/SLUG", name),
    field("slug", "its slug", slug),
    field("display_name", "its display name", display_name),
    field("catalog", "the slug of its catalog entry (javascript)", catalog),
    field("enabled", "whether it is enabled (Public API)", enabled),
    field("id", "its id on the API in use", id),
    field("write_keys", "its write keys", |v, _| value(v, "write_keys")),
    field("labels", "its labels, an object", |v, _| value(v, "labels")),
    field("create_time", "when it was made (Config API)", create_time),
];

/// The catalog slug of a destination: the reading's `catalog_name`, else its name's last segment before `#`.
fn destination_catalog(view: &Value, _: &Holds) -> Value {
    derived::destination_catalog(view)
}

/// A destination's settings as `{key: value}` (the Config API's config items, the Public API's `settings`).
fn settings(view: &Value, _: &Holds) -> Value {
    let Some(items) = view.get("config").and_then(Value::as_array) else { return Value::Null };
    let map: Map<String, Value> = items
        .iter()
        .filter_map(|item| {
            let name = item.get("name")?.as_str()?;
            let key = name.rsplit_once("/config/").map_or(name, |(_, key)| key);
            Some((key.to_string(), item.get("value").cloned().unwrap_or(Value::Null)))
        })
        .collect();
    Value::Object(map)
}

pub const DESTINATION: &[Field] = &[
    field("name", "the destination's name: SOURCE/destinations/CATALOG_SLUG[#NAME]", name),
    field("source", "its source's name: workspaces/WS/sources/SLUG", parent),
    field("catalog", "the slug of its catalog entry (webhooks)", destination_catalog),
    // The Config API's `display_name` of a destination is its catalog entry's: only an API that holds a
    // destination's own name fills this.
    field("display_name", "its own name (Public API)", |v, h| {
        if h.destination_names { text(v, "display_name") } else { Value::Null }
    }),
    field("enabled", "whether it is enabled", enabled),
    field("id", "its id (Public API)", id),
    field("connection_mode", "its connection mode (Config API)", |v, h| {
        if h.connection_modes { text(v, "connection_mode") } else { Value::Null }
    }),
    field("settings", "its settings, an object by key (secrets as the service sends them)", settings),
    field("create_time", "when it was made (Config API)", create_time),
    field("update_time", "when it was last changed (Config API)", update_time),
];

fn filter_destination(view: &Value, _: &Holds) -> Value {
    derived::filter_destination(view)
}

pub const FILTER: &[Field] = &[
    field("name", "the filter's name on the API in use", name),
    field("id", "its id on the API in use", slug),
    field("destination", "its destination's name", filter_destination),
    field("title", "its title", |v, _| text(v, "title")),
    field("description", "its description", |v, _| text(v, "description")),
    field("enabled", "whether it is enabled", enabled),
    field("if", "its condition (FQL)", |v, _| text(v, "if")),
    field("actions", "its actions, in seg's (the Config API's) shape", |v, _| value(v, "actions")),
    field("create_time", "when it was made", create_time),
    field("update_time", "when it was last changed", update_time),
];

pub const MAPPING: &[Field] = &[
    field("name", "the mapping's name in seg's vocabulary (its destination's, then mappings/ID)", name),
    field("id", "its id", slug),
    field("destination", "its destination's name", filter_destination),
    field("display_name", "its own name, which seg names it by within its destination", |v, _| text(v, "display_name")),
    field("action", "its action's slug", |v, _| text(v, "action")),
    field("action_id", "its action's id", |v, _| text(v, "action_id")),
    field("trigger", "when it fires", |v, _| text(v, "trigger")),
    field("enabled", "whether it is enabled", enabled),
    field("settings", "its field values: literals or mapping directives", |v, _| value(v, "settings")),
];

pub const SCHEMA_CONFIG: &[Field] = &[
    field("source", "the source's name", parent),
    field("allow_unplanned_track_events", "", |v, _| value(v, "allow_unplanned_track_events")),
    field("allow_unplanned_track_event_properties", "", |v, _| value(v, "allow_unplanned_track_event_properties")),
    field("allow_track_event_on_violations", "", |v, _| value(v, "allow_track_event_on_violations")),
    field("allow_track_properties_on_violations", "", |v, _| value(v, "allow_track_properties_on_violations")),
    field("common_track_event_on_violations", "", |v, _| text(v, "common_track_event_on_violations")),
    field("allow_unplanned_identify_traits", "", |v, _| value(v, "allow_unplanned_identify_traits")),
    field("allow_identify_traits_on_violations", "", |v, _| value(v, "allow_identify_traits_on_violations")),
    field("common_identify_event_on_violations", "", |v, _| text(v, "common_identify_event_on_violations")),
    field("allow_unplanned_group_traits", "", |v, _| value(v, "allow_unplanned_group_traits")),
    field("allow_group_traits_on_violations", "", |v, _| value(v, "allow_group_traits_on_violations")),
    field("common_group_event_on_violations", "", |v, _| text(v, "common_group_event_on_violations")),
    field("forwarding_violations_to", "a source's name", |v, _| text(v, "forwarding_violations_to")),
    field("forwarding_blocked_events_to", "a source's name", |v, _| text(v, "forwarding_blocked_events_to")),
];

/// A plan's own id on the API in use: the Public API's `tp_…`, else the `rs_…` its name ends in.
fn plan_id(view: &Value, _: &Holds) -> Value {
    derived::plan_id(view)
}

fn events(view: &Value, _: &Holds) -> Value {
    derived::events(view)
}

pub const TRACKING_PLAN: &[Field] = &[
    field("name", "the plan's name: workspaces/WS/tracking-plans/ID", name),
    field("id", "its id on the API in use (rs_… or tp_…)", plan_id),
    field("display_name", "its display name", display_name),
    field("type", "its type, LIVE, ... (Public API)", |v, h| if h.plan_types { text(v, "type") } else { Value::Null }),
    field("events", "the names of its events", events),
    field("create_time", "when it was made", create_time),
    field("update_time", "when it was last changed", update_time),
];

/// The plan a connection is to, by its full name (in the source's workspace).
fn connection_plan(view: &Value, _: &Holds) -> Value {
    let plan = view.get("tracking_plan_id").and_then(Value::as_str).filter(|p| !p.is_empty());
    let source = view.get("source_name").and_then(Value::as_str).unwrap_or_default();
    match (plan, source.split_once("/sources/")) {
        (Some(plan), _) if plan.contains('/') => Value::String(plan.to_string()),
        (Some(plan), Some((ws, _))) => Value::String(format!("{ws}/tracking-plans/{plan}")),
        (Some(plan), None) => Value::String(plan.to_string()),
        (None, _) => Value::Null,
    }
}

pub const CONNECTION: &[Field] = &[
    field("source", "the connected source's name", |v, _| text(v, "source_name")),
    field("tracking_plan", "the plan's name: workspaces/WS/tracking-plans/ID", connection_plan),
];

pub const TOKEN: &[Field] = &[
    field("name", "the token's name: access-tokens/N", name),
    field("description", "its description", |v, _| text(v, "description")),
    field("scopes", "workspace or workspace:read", |v, _| text(v, "scopes")),
    field("workspaces", "the names of its workspaces", |v, _| value(v, "workspace_names")),
    field("create_time", "when it was made", create_time),
];

pub const CATALOG_SOURCE: &[Field] = &[
    field("name", "the entry's name: catalog/sources/SLUG", name),
    field("slug", "its slug", slug),
    field("display_name", "its display name", display_name),
    field("type", "its type", |v, _| text(v, "type")),
    field("categories", "its categories", |v, _| value(v, "categories")),
];

pub const CATALOG_DESTINATION: &[Field] = &[
    field("name", "the entry's name: catalog/destinations/SLUG", name),
    field("slug", "its slug", slug),
    field("display_name", "its display name", display_name),
    field("status", "its status", |v, _| text(v, "status")),
    field("category", "its primary category", |v, _| v.get("categories").map_or(Value::Null, |c| text(c, "primary"))),
];

pub const REGULATION: &[Field] = &[
    field("id", "the regulation's id", id),
    field("type", "its type, in the Config API's words (Suppress_With_Delete, ...)", |v, _| text(v, "regulation_type")),
    field("subject", "what its values are (userId)", |v, _| {
        v.get("attributes").map_or(Value::Null, |a| text(a, "name"))
    }),
    field("users", "the users it names", |v, _| v.get("attributes").map_or(Value::Null, |a| value(a, "values"))),
    field("status", "its status (Public API)", |v, _| text(v, "status")),
    field("create_time", "when it was made", create_time),
];

// The Public API's own resources (`wire::PublicRecord`): seg's name and the record's fields as the service spells
// them, its own name as `display_name`.

/// A field of the record as the service sent it, `null` when absent.
macro_rules! sent {
    ($name:literal, $about:literal) => {
        field($name, $about, |v, _| value(v, $name))
    };
    ($name:literal, $key:literal, $about:literal) => {
        field($name, $about, |v, _| value(v, $key))
    };
}

const RECORD_NAME: Field = field("name", "its name in seg's vocabulary (workspaces/W/NOUN/ID)", name);
const RECORD_ID: Field = field("id", "its id", id);
const RECORD_DISPLAY_NAME: Field = field("display_name", "its own name", display_name);

pub const WAREHOUSE: &[Field] = &[
    RECORD_NAME,
    RECORD_ID,
    RECORD_DISPLAY_NAME,
    field("catalog", "its catalog entry's slug", |v, _| v.pointer("/metadata/slug").cloned().unwrap_or(Value::Null)),
    field("enabled", "whether it is enabled", enabled),
    sent!("settings", "its settings (secrets censored by the service)"),
];

pub const WAREHOUSE_SOURCE: &[Field] = &[
    RECORD_NAME,
    RECORD_ID,
    sent!("slug", "the source's slug"),
    RECORD_DISPLAY_NAME,
    field("enabled", "whether the source is enabled", enabled),
];

pub const FUNCTION: &[Field] = &[
    RECORD_NAME,
    RECORD_ID,
    sent!("display_name", "displayName", "its own name"),
    sent!("type", "resourceType", "SOURCE, DESTINATION or INSERT_DESTINATION"),
    sent!("description", "its description"),
    sent!("created_at", "createdAt", "when it was made"),
    sent!("deployed_at", "deployedAt", "when it was deployed last (a get's)"),
];

pub const INSTANCE: &[Field] = &[
    RECORD_NAME,
    RECORD_ID,
    RECORD_DISPLAY_NAME,
    sent!("function", "classId", "its function's id"),
    sent!("destination", "integrationId", "its destination's id"),
    field("enabled", "whether it is enabled", enabled),
    sent!("settings", "its settings (sensitive ones censored by the service)"),
];

pub const TRANSFORMATION: &[Field] = &[
    RECORD_NAME,
    RECORD_ID,
    RECORD_DISPLAY_NAME,
    sent!("source", "sourceId", "its source's id"),
    field("enabled", "whether it is enabled", enabled),
    sent!("if", "the FQL condition of the events it changes"),
    sent!("new_event_name", "newEventName", "the name it gives those events"),
];

pub const REVERSE_ETL_MODEL: &[Field] = &[
    RECORD_NAME,
    RECORD_ID,
    RECORD_DISPLAY_NAME,
    sent!("source", "sourceId", "its source's id"),
    field("enabled", "whether it is enabled", enabled),
    sent!("schedule", "scheduleStrategy", "MANUAL, PERIODIC or SPECIFIC_DAYS"),
    sent!("query", "its SQL query"),
];

pub const USER: &[Field] = &[
    RECORD_NAME,
    RECORD_ID,
    sent!("email", "their email"),
    RECORD_DISPLAY_NAME,
    sent!("permissions", "their permissions: roles on resources"),
];

pub const MEMBER: &[Field] = &[RECORD_NAME, sent!("email", "the email"), RECORD_DISPLAY_NAME, RECORD_ID];

pub const USER_GROUP: &[Field] = &[
    RECORD_NAME,
    RECORD_ID,
    RECORD_DISPLAY_NAME,
    sent!("members", "memberCount", "how many members it has"),
    sent!("permissions", "its permissions: roles on resources"),
];

pub const ROLE: &[Field] = &[RECORD_NAME, RECORD_ID, RECORD_DISPLAY_NAME, sent!("description", "what it allows")];

pub const LABEL: &[Field] = &[
    RECORD_NAME,
    field("label", "KEY:VALUE", id),
    sent!("key", "its key"),
    sent!("value", "its value"),
    sent!("description", "its description"),
];

pub const AUDIT_EVENT: &[Field] = &[
    RECORD_NAME,
    RECORD_ID,
    sent!("timestamp", "when it happened"),
    sent!("type", "what happened"),
    sent!("actor", "who did it"),
    sent!("resource_id", "resourceId", "the resource's id"),
    sent!("resource_type", "resourceType", "the resource's kind"),
    sent!("resource_name", "resourceName", "the resource's name"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const CONFIG: Holds = Holds {
        library_config: true,
        connection_modes: true,
        legacy_traits: true,
        update_times: true,
        destination_names: false,
        plan_types: false,
    };
    const PUBLIC: Holds = Holds {
        library_config: false,
        connection_modes: false,
        legacy_traits: false,
        update_times: false,
        destination_names: true,
        plan_types: true,
    };

    #[test]
    fn chosen_fields_in_order_and_unknown_ones_refused() {
        let fields = chosen("slug, name,slug", SOURCE).unwrap();
        assert_eq!(fields.iter().map(|f| f.name).collect::<Vec<_>>(), ["slug", "name"]);
        let error = chosen("name,nope", SOURCE).unwrap_err().to_string();
        assert!(error.contains("nope") && error.contains("display_name, catalog"), "{error}");
        assert!(chosen(" , ", SOURCE).is_err());
    }

    #[test]
    fn a_field_the_api_does_not_hold_is_null() {
        let (config, public) = (CONFIG, PUBLIC);
        let view = json!({"name": "workspaces/w/sources/s/destinations/webhooks", "parent": "workspaces/w/sources/s",
                          "display_name": "Webhooks", "enabled": true, "connection_mode": "CLOUD",
                          "config": [{"name": "workspaces/w/sources/s/destinations/webhooks/config/k", "value": 1}]});
        let all: Vec<&Field> = DESTINATION.iter().collect();
        let on_config = pick(&view, &all, &config);
        assert_eq!(on_config["display_name"], Value::Null, "a catalog entry's name is not the destination's");
        assert_eq!((&on_config["connection_mode"], &on_config["catalog"]), (&json!("CLOUD"), &json!("webhooks")));
        assert_eq!(on_config["settings"], json!({"k": 1}));
        assert_eq!(on_config["id"], Value::Null);
        let on_public = pick(&view, &all, &public);
        assert_eq!((&on_public["display_name"], &on_public["connection_mode"]), (&json!("Webhooks"), &Value::Null));
        let named = json!({"name": "workspaces/w/sources/s/destinations/webhooks#two"});
        assert_eq!(destination_catalog(&named, &public), "webhooks");
    }

    #[test]
    fn connections_name_their_plan_in_full() {
        let view = json!({"source_name": "workspaces/w/sources/web", "tracking_plan_id": "rs_1"});
        assert_eq!(connection_plan(&view, &Holds::default()), "workspaces/w/tracking-plans/rs_1");
        let filter = json!({"name": "workspaces/w/sources/s/destinations/d/config/ab/filters/df_1"});
        assert_eq!(filter_destination(&filter, &Holds::default()), "workspaces/w/sources/s/destinations/d");
    }

    #[test]
    fn held_leaves_out_what_the_api_does_not_hold() {
        let view = json!({"name": "n", "library_config": {"retry_queue": false}, "connection_mode": "",
                          "rules": {"events": [], "identify_traits": [], "group_traits": []}});
        let shown = held(view.clone(), &PUBLIC);
        assert_eq!(shown, json!({"name": "n", "rules": {"events": []}}));
        assert_eq!(held(view.clone(), &CONFIG), view);
    }
}
