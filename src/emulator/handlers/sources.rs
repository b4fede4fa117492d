//! Sources: `workspaces/<ws>/sources/<slug>`. Deleting one deletes its destinations and its tracking-plan
//! connections with it.

use super::{Ctx, Reply, child_slug, deleted, now, ok, random_id};
use crate::emulator::store::{Op, Resource};
use crate::emulator::{body, mask, status::Status};
use crate::wire::{CreateSource, Source, wrapper};

pub const UPDATABLE: &[&str] = &[
    "display_name",
    "labels",
    "library_config",
    "library_config.metrics_enabled",
    "library_config.retry_queue",
    "library_config.cross_domain_id_enabled",
    "library_config.api_host",
];

fn collection(ws: &str) -> String {
    format!("workspaces/{ws}/sources")
}

pub fn list(ctx: &mut Ctx, ws: &str) -> Reply {
    ctx.workspace(ws)?;
    ctx.list(&collection(ws), wrapper::SOURCES, |_| true)
}

pub fn get(ctx: &mut Ctx, ws: &str, src: &str) -> Reply {
    ctx.workspace(ws)?;
    ctx.get(&format!("{}/{src}", collection(ws)))
}

pub fn create(ctx: &mut Ctx, ws: &str) -> Reply {
    let parent = ctx.workspace(ws)?;
    let CreateSource { source: input } = body::json(ctx.body)?;
    let collection = collection(ws);
    let slug = child_slug(&input.name, &collection, "source")?;
    if input.catalog_name.is_empty() {
        return Err(Status::invalid("source.catalog_name is required, e.g. catalog/sources/javascript"));
    }
    if ctx.app.catalog.source(&input.catalog_name).is_none() {
        return Err(Status::invalid(format!(
            "unknown source.catalog_name {:?}; see GET /v1beta/catalog/sources",
            input.catalog_name
        )));
    }
    let source = Source {
        name: format!("{collection}/{slug}"),
        parent,
        display_name: input.display_name.unwrap_or_else(|| slug.to_string()),
        catalog_name: input.catalog_name,
        write_keys: vec![random_id(32)],
        library_config: input.library_config.unwrap_or_default(),
        labels: input.labels.unwrap_or_default(),
        id: random_id(10),
        create_time: now(),
        ..Default::default()
    };
    ctx.store.commit(vec![Op::Insert(source.name.clone(), Resource::Source(source.clone()))])?;
    ok(&source)
}

pub fn update(ctx: &mut Ctx, ws: &str, src: &str) -> Reply {
    ctx.workspace(ws)?;
    let name = format!("{}/{src}", collection(ws));
    let Some(Resource::Source(current)) = ctx.store.get(&name) else {
        return Err(Status::not_found(format!("{name} not found")));
    };
    let update = mask::parse::<Source>(ctx.body, UPDATABLE)?;
    update.everything_given().apply_to(current)?;
    match update.apply_to(current)? {
        None => ok(current),
        Some(new) => {
            ctx.store.commit(vec![Op::Replace(name, Resource::Source(new.clone()))])?;
            ok(&new)
        }
    }
}

pub fn delete(ctx: &mut Ctx, ws: &str, src: &str) -> Reply {
    let workspace = ctx.workspace(ws)?;
    let name = format!("{}/{src}", collection(ws));
    let mut ops = vec![Op::RemoveTree(name)];
    let plans: Vec<String> = ctx.store.names_in(&format!("{workspace}/tracking-plans")).map(String::from).collect();
    for plan in plans {
        let connection = format!("{plan}/source-connections/{src}");
        if ctx.store.contains(&connection) {
            ops.push(Op::RemoveTree(connection));
        }
    }
    ctx.store.commit(ops)?;
    deleted()
}
