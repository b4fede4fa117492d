//! The one implementation of list, get, create, update and delete for the Public API's own resources (`wire::Noun`:
//! warehouses, functions, transformations, reverse ETL models, users, user groups, roles, labels, the audit trail),
//! which each noun's commands call with its declaration ([`declared`]: its table and what names one). A resource is
//! named by its id, its full name, or what the service names it by (a warehouse's or a group's name, a function's
//! display name, a user's email), looked up in one listing: two of that name exit 2 naming their ids, none exits 15.
//! On an API that holds none of them (the Config API) every command is a usage error before any request
//! (`api::Holds::refuses`, checked once here).

use std::path::PathBuf;

use serde_json::{Map, Value};

use super::Context;
use super::args::read_json;
use super::bulk;
use crate::api::list as listing;
use crate::api::names::Name;
use crate::error::{ApiError, Error, Result};
use crate::ui::table::{self, Shape};
use crate::wire::{Noun, Page, PublicRecord, RecordInput, Request, Target, UpdateRequest, create};

/// What the commands of a noun read of it: how it is shown, and the field of its reading that names one besides its
/// id (`None`: only its id names it).
pub struct Declared {
    pub shape: &'static Shape,
    pub naming: Option<&'static str>,
}

pub fn declared(noun: Noun) -> Declared {
    let d = |shape, naming| Declared { shape, naming };
    match noun {
        Noun::Warehouses => d(table::WAREHOUSES, Some("display_name")),
        Noun::WarehouseSources => d(table::WAREHOUSE_SOURCES, None),
        Noun::Functions => d(table::FUNCTIONS, Some("displayName")),
        Noun::Instances => d(table::INSTANCES, Some("display_name")),
        Noun::Transformations => d(table::TRANSFORMATIONS, Some("display_name")),
        Noun::ReverseEtlModels => d(table::REVERSE_ETL_MODELS, Some("display_name")),
        Noun::Users => d(table::USERS, Some("email")),
        Noun::Invites | Noun::GroupUsers | Noun::GroupInvites => d(table::EMAILS, None),
        Noun::UserGroups => d(table::USER_GROUPS, Some("display_name")),
        Noun::Roles => d(table::ROLES, Some("display_name")),
        Noun::Labels => d(table::LABELS, None),
        Noun::AuditEvents => d(table::AUDIT_EVENTS, None),
    }
}

/// The field of an update of a user or a group that adds permissions to theirs (`addPermissionsToUser`,
/// `addPermissionsToUserGroup`), where `permissions` replaces them.
pub const PERMISSIONS_ADDED: &str = crate::wire::PERMISSIONS_ADDED;

/// The kinds of function, each listed on its own (`listFunctions` lists one `resourceType`).
pub const FUNCTION_TYPES: [&str; 3] = ["SOURCE", "DESTINATION", "INSERT_DESTINATION"];

/// The collection of `noun` in the workspace of names (`-w`, or the token's on the Public API), below the resource
/// of id `under` for one of a resource's; a usage error on an API that holds none of them, before any request.
pub fn collection(ctx: &Context, noun: Noun, under: Option<&str>) -> Result<Target> {
    let target = |ws: &str| Target::Records { ws: ws.to_string(), noun, under: under.map(String::from) };
    if let Some(why) = ctx.holds()?.refuses(&target(crate::wire::TOKENS_WORKSPACE)) {
        return Err(Error::usage(why));
    }
    Ok(target(ctx.workspace()?.id()))
}

/// The listings that together hold every one of `noun` (functions: one per kind, or the kind given).
fn listings(collection: &Target, noun: Noun, kind: Option<&str>) -> Vec<Request<Page<PublicRecord>>> {
    match noun {
        Noun::Functions => FUNCTION_TYPES
            .iter()
            .filter(|t| kind.is_none_or(|k| k.eq_ignore_ascii_case(t)))
            .map(|t| Request::list(collection.clone()).query("resourceType", *t))
            .collect(),
        _ => vec![Request::list(collection.clone())],
    }
}

/// Lists them (every kind of function, or `kind`), with paging as any listing.
pub async fn list(
    ctx: &Context,
    noun: Noun,
    under: Option<&str>,
    query: &[(&str, &str)],
    args: &super::args::ListArgs,
) -> Result<()> {
    let collection = collection(ctx, noun, under)?;
    // A function's kind picks its listing; every other key is the listing's query.
    let kind = |key: &str| noun == Noun::Functions && key == "resourceType";
    let given = query.iter().find(|(k, _)| kind(k)).map(|(_, v)| *v);
    let requests = listings(&collection, noun, given)
        .into_iter()
        .map(|request| query.iter().filter(|(k, _)| !kind(k)).fold(request, |r, (k, v)| r.query(k, *v)))
        .collect::<Vec<_>>();
    if requests.len() > 1 {
        args.across(&format!("--type (a listing of one kind of {})", noun.word()))?;
    }
    ctx.list(requests, args, declared(noun).shape).await
}

/// Every one of them, read once (small collections: what a name is looked up in).
pub async fn all(ctx: &Context, collection: &Target, noun: Noun) -> Result<Vec<PublicRecord>> {
    let mut all = Vec::new();
    for request in listings(collection, noun, None) {
        all.extend(listing::collect(ctx.client()?, request).await?);
    }
    Ok(all)
}

/// The one of `noun` that `given` names: its full name, its id, or what the service names it by, looked up in
/// one listing (none: exit 15; two: exit 2 naming their ids).
pub async fn resolve(ctx: &Context, noun: Noun, under: Option<&str>, given: &str) -> Result<Name> {
    let collection = collection(ctx, noun, under)?;
    let ws = collection.workspace().unwrap_or_default().to_string();
    let named = |id: &str| Name::record(noun, &ws, under, id).map_err(Error::Usage);
    if given.trim().is_empty() {
        return Err(Error::usage(format!("a {} name or id is required", noun.noun())));
    }
    if let Some(Target::Record { noun: of, under: at, id, .. }) = Target::parse(given)
        && given.starts_with("workspaces/")
    {
        if of != noun || at.as_deref() != under {
            return Err(Error::usage(format!("{} is not a {}", crate::text::quoted(given), noun.noun())));
        }
        return named(&id);
    }
    let Some(naming) = declared(noun).naming else { return named(given) };
    let all = all(ctx, &collection, noun).await?;
    let by_id: Vec<&PublicRecord> = all.iter().filter(|r| r.id() == given).collect();
    let found: Vec<&PublicRecord> =
        if by_id.is_empty() { all.iter().filter(|r| r.text(naming) == given).collect() } else { by_id };
    let shown = crate::text::quoted(given);
    match found.as_slice() {
        [one] => named(one.id()),
        [] => Err(Error::Api(ApiError {
            status: 404,
            code: None,
            message: format!("no {} named {shown} (a name is matched exactly, or give its id)", noun.noun()),
            asked: None,
        })),
        several => {
            let ids: Vec<&str> = several.iter().map(|r| r.id()).collect();
            Err(Error::usage(format!(
                "{} {}s are named {shown}: name one by its id ({})",
                several.len(),
                noun.noun(),
                ids.join(", ")
            )))
        }
    }
}

/// Shows one.
pub async fn get(ctx: &Context, noun: Noun, under: Option<&str>, given: &str) -> Result<()> {
    let shape = declared(noun).shape;
    if ctx.lists_fields(shape)? {
        return Ok(());
    }
    let name = resolve(ctx, noun, under, given).await?;
    ctx.show(Request::<PublicRecord>::get(name.target()), shape).await
}

/// Makes one and shows it.
pub async fn make(ctx: &Context, noun: Noun, under: Option<&str>, input: &RecordInput) -> Result<()> {
    make_as(ctx, noun, under, input, noun).await
}

/// Makes one and shows what the service answers, a `shown` (members added to a group: the group).
pub async fn make_as(ctx: &Context, noun: Noun, under: Option<&str>, input: &RecordInput, shown: Noun) -> Result<()> {
    let collection = collection(ctx, noun, under)?;
    ctx.show(create(collection, input), declared(shown).shape).await
}

/// Changes the one `given` names and shows it; naming nothing to change is a usage error (`what` lists the flags).
pub async fn update(
    ctx: &Context,
    noun: Noun,
    given: &str,
    update: UpdateRequest<PublicRecord>,
    what: &str,
) -> Result<()> {
    update_under(ctx, noun, None, given, update, what).await
}

/// Changes one of a resource's (an insert function's instance), as [`update`].
pub async fn update_under(
    ctx: &Context,
    noun: Noun,
    under: Option<&str>,
    given: &str,
    update: UpdateRequest<PublicRecord>,
    what: &str,
) -> Result<()> {
    if update.mask.paths.is_empty() {
        return Err(Error::usage(format!("name something to change: {what}")));
    }
    collection(ctx, noun, under)?;
    // A secret as the service shows it (censored) would replace the secret: refused before the name is looked up.
    crate::api::client::refuse_censored_fields(&update.fields)?;
    let name = resolve(ctx, noun, under, given).await?;
    let request = update.into_request(name.target()).map_err(Error::Usage)?;
    ctx.show(request, declared(noun).shape).await
}

/// Deletes those named (or named in `each`, one a line) after one confirmation, as every delete does.
pub async fn delete(
    ctx: &Context,
    noun: Noun,
    under: Option<&str>,
    given: &[String],
    each: Option<&PathBuf>,
) -> Result<()> {
    collection(ctx, noun, under)?;
    let given: Vec<String> = match each {
        Some(path) => bulk::read(path, &[])?.into_iter().map(|item| item.name).collect(),
        None => given.to_vec(),
    };
    let mut names = Vec::new();
    for one in &given {
        names.push(resolve(ctx, noun, under, one).await?);
    }
    match each {
        Some(_) => ctx.delete_each(names).await,
        None => ctx.delete(&names).await,
    }
}

/// Removes what is not a resource of its own (a warehouse's connection to a source, a member of a group): no
/// confirmation, as a tracking plan's connection's removal asks none.
pub async fn remove(ctx: &Context, noun: Noun, under: &str, given: &str) -> Result<()> {
    let ws = collection(ctx, noun, Some(under))?.workspace().unwrap_or_default().to_string();
    let name = Name::record(noun, &ws, Some(under), given).map_err(Error::Usage)?;
    let request = Request::delete(name.target());
    ctx.remove(request, &name, declared(noun).shape).await
}

/// A JSON object given inline or as `@FILE` (`@-` for stdin), for the flag `flag`.
pub fn object(flag: &str, text: &str) -> Result<Map<String, Value>> {
    let value = match text.strip_prefix('@') {
        Some(path) => read_json(std::path::Path::new(path))?,
        None => serde_json::from_str(text).map_err(|e| Error::usage(format!("{flag}: not JSON: {e}")))?,
    };
    match value {
        Value::Object(map) => Ok(map),
        _ => Err(Error::usage(format!("{flag} must be a JSON object"))),
    }
}

/// A JSON list given inline or as `@FILE` (`@-` for stdin), for the flag `flag`.
pub fn list_of(flag: &str, text: &str) -> Result<Vec<Value>> {
    let value = match text.strip_prefix('@') {
        Some(path) => read_json(std::path::Path::new(path))?,
        None => serde_json::from_str(text).map_err(|e| Error::usage(format!("{flag}: not JSON: {e}")))?,
    };
    match value {
        Value::Array(items) => Ok(items),
        _ => Err(Error::usage(format!("{flag} must be a JSON list"))),
    }
}

/// Sets a field of a create, or says why it cannot be (it cannot fail for JSON values).
pub fn set(input: &mut RecordInput, field: &str, value: impl serde::Serialize) -> Result<()> {
    input.set(field, value).map_err(Error::Usage)
}

/// Sets a field of an update.
pub fn change(update: &mut UpdateRequest<PublicRecord>, field: &str, value: impl serde::Serialize) -> Result<()> {
    update.set(field, value).map_err(Error::Usage)
}
