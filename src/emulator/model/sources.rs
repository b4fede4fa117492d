//! Sources: `workspaces/<ws>/sources/<slug>` with a catalog entry, write keys, labels and library settings; on the
//! Public API also `enabled` and `settings` ([`More`]). A source has no name of its own until one is given
//! (`More::unnamed`: the Public API shows no `name`, the Config API the slug as `display_name`). A slug may change
//! (the Public API's `slug`): the source and everything under it move to the new name. Deleting one deletes its
//! destinations, their filters, its schema config and its tracking-plan connections.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::existing;
use crate::emulator::App;
use crate::emulator::mint::{now, random_id};
use crate::emulator::status::Status;
use crate::emulator::store::{More, Op, Resource, State};
use crate::wire::{LibraryConfig, Source, valid_slug};

/// A source to make.
#[derive(Debug, Clone, Default)]
pub struct NewSource {
    pub slug: String,
    /// `catalog/sources/<slug>`.
    pub catalog_name: String,
    /// None: no name until one is given.
    pub display_name: Option<String>,
    pub labels: BTreeMap<String, String>,
    pub library_config: LibraryConfig,
    pub enabled: Option<bool>,
    pub settings: Option<Map<String, Value>>,
}

/// A source, by its id ([`super::Kind`]).
pub const SOURCE: super::Kind = super::Kind { what: "source", is: |_, record| matches!(record, Resource::Source(_)) };

/// The collection of a workspace's sources.
pub fn collection(workspace: &str) -> String {
    format!("{workspace}/sources")
}

/// A slug as the service takes it: 400 (the Public API: 422 naming `slug`) otherwise.
pub fn check_slug(slug: &str, what: &str) -> Result<(), Status> {
    if valid_slug(slug) {
        return Ok(());
    }
    Err(Status::invalid_field(
        "slug",
        format!(
            "invalid {what} slug {slug:?}: use lowercase letters, digits, '-' and '_' (at most 255), starting with a \
             letter or digit"
        ),
    ))
}

/// Makes a source in `workspace`: 409 when the slug is taken.
pub fn create(app: &App, workspace: &str, input: NewSource) -> Result<(Op, Source), Status> {
    check_slug(&input.slug, "source")?;
    if app.catalog.source(&input.catalog_name).is_none() {
        return Err(Status::invalid_field(
            "metadataId",
            format!("unknown source catalog entry {:?}; see the catalog of sources", input.catalog_name),
        ));
    }
    let unnamed = input.display_name.is_none();
    let source = Source {
        name: format!("{}/{}", collection(workspace), input.slug),
        parent: workspace.to_string(),
        display_name: input.display_name.unwrap_or_else(|| input.slug.clone()),
        catalog_name: input.catalog_name,
        write_keys: vec![random_id(32)],
        library_config: input.library_config,
        labels: input.labels,
        id: random_id(10),
        create_time: now(),
        ..Default::default()
    };
    let more = More { enabled: input.enabled, settings: input.settings, unnamed, ..More::default() };
    Ok((Op::InsertWith(source.name.clone(), Resource::Source(source.clone()), more), source))
}

/// The source at `name` with what it holds beyond the Config API's shape.
pub fn get<'s>(state: &'s State, name: &str) -> Result<(&'s Source, &'s More), Status> {
    match (existing(state, name)?, state.more(name)) {
        (Resource::Source(source), Some(more)) => Ok((source, more)),
        _ => Err(Status::not_found(format!("{name} not found"))),
    }
}

/// Writes a source's new value (`new.name` a new slug's name to rename it): the ops, or 409 when the new slug is
/// taken. A source with no name of its own (`more.unnamed`) shows its slug, the new one when renamed.
pub fn update(state: &State, name: &str, mut new: Source, more: More) -> Result<Vec<Op>, Status> {
    if more.unnamed {
        new.display_name = slug_of(&new.name).to_string();
    }
    if new.name == name {
        return Ok(vec![Op::ReplaceWith(name.to_string(), Resource::Source(new), more)]);
    }
    check_slug(slug_of(&new.name), "source")?;
    if state.contains(&new.name) {
        return Err(Status::exists(&new.name));
    }
    Ok(rename(state, name, new, more))
}

/// Moves a source (as `new` has it) and everything named under it (destinations, their filters, its schema config)
/// to `new.name`, and its tracking-plan connections and the forwarding targets naming it to the new slug, each
/// record keeping its id and its place in its collection.
fn rename(state: &State, from: &str, new: Source, more: More) -> Vec<Op> {
    let to = new.name.clone();
    let re = |name: &str| format!("{to}{}", &name[from.len()..]);
    let mut ops = vec![Op::Move(from.to_string(), to.clone(), Resource::Source(new), Some(more))];
    for name in state.names_under(from) {
        let Some(entry) = state.entry(&name) else { continue };
        let resource = match entry.resource.clone() {
            Resource::Destination(mut d) => {
                d.name = re(&d.name);
                d.parent = re(&d.parent);
                for item in d.config.iter_mut().filter(|item| item.name.starts_with(from)) {
                    item.name = re(&item.name);
                }
                Resource::Destination(d)
            }
            Resource::Filter(mut f) => {
                f.name = re(&f.name);
                Resource::Filter(f)
            }
            Resource::SchemaConfig(mut c) => {
                c.name = re(&c.name);
                c.parent = re(&c.parent);
                Resource::SchemaConfig(c)
            }
            other => other,
        };
        ops.push(Op::Move(name.clone(), re(&name), resource, None));
    }
    let (old_slug, new_slug) = (slug_of(from), slug_of(&to));
    let workspace = workspace_of(from);
    for plan in state.names_in(&format!("{workspace}/tracking-plans")) {
        let connection = format!("{plan}/source-connections/{old_slug}");
        if let Some(Resource::Connection(c)) = state.get(&connection) {
            let mut c = c.clone();
            c.source_name = to.clone();
            let moved = format!("{plan}/source-connections/{new_slug}");
            ops.push(Op::Move(connection, moved, Resource::Connection(c), None));
        }
    }
    // Other sources' schema configs forward to this one by its slug.
    for source in state.names_in(&collection(workspace)).filter(|source| *source != from) {
        let name = crate::wire::SchemaConfig::name_of(source);
        let Some(Resource::SchemaConfig(config)) = state.get(&name) else { continue };
        let mut config = config.clone();
        let mut changed = false;
        for target in [&mut config.forwarding_violations_to, &mut config.forwarding_blocked_events_to] {
            if target == old_slug {
                *target = new_slug.to_string();
                changed = true;
            }
        }
        if changed {
            ops.push(Op::Replace(name, Resource::SchemaConfig(config)));
        }
    }
    ops
}

fn slug_of(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or_default()
}

/// `workspaces/<ws>` of a source's name.
pub fn workspace_of(source: &str) -> &str {
    source.find("/sources/").map_or(source, |at| &source[..at])
}

/// Deletes a source with everything named under it and its tracking-plan connections.
pub fn delete(state: &State, name: &str) -> Result<Vec<Op>, Status> {
    get(state, name)?;
    let mut ops = vec![Op::RemoveTree(name.to_string())];
    let slug = slug_of(name);
    for plan in state.names_in(&format!("{}/tracking-plans", workspace_of(name))) {
        let connection = format!("{plan}/source-connections/{slug}");
        if state.contains(&connection) {
            ops.push(Op::RemoveTree(connection));
        }
    }
    Ok(ops)
}

/// The tracking plan a source is connected to: the first that lists it.
pub fn plan_of(state: &State, source: &str) -> Option<String> {
    let slug = slug_of(source);
    let plans = format!("{}/tracking-plans", workspace_of(source));
    state.names_in(&plans).find(|plan| state.contains(&format!("{plan}/source-connections/{slug}"))).map(String::from)
}
