//! The Public API's own resources (`wire::Noun`: warehouses, functions, transformations, reverse ETL models, users,
//! user groups, roles, labels, the audit trail), which the Config API has no counterpart of: one declaration each
//! ([`declared`]: its collection's path, the `data` keys of one record and of a page, what names one) and one
//! implementation of list, get, create, update and delete over them. A record is answered as received (`data.<key>`,
//! what `-o json` prints) beside its reading in seg's vocabulary (`wire::PublicRecord`: its full name, and its
//! fields, its own `name` as `display_name`). Ids come from the commands (a name is resolved by one listing, in
//! `cli::records`) or from answers; each stands in a path only once checked (`path::Id`). What only some have is
//! said where it differs: a warehouse's connected sources are sources, labels and invites have no id of their own,
//! a user group's members and permissions are written with calls of their own.

use http::Method;
use serde_json::{Map, Value};

use super::path::{Id, Path};
use super::{Answer, Call, Cursors, both, not_found, text_at, text_of, to_json, unreadable};
use crate::error::{Error, Result};
use crate::wire::public::iam::{PermissionInput, PermissionResource, ResourceType};
use crate::wire::{self, Fields, Noun, RECORDS, Referent, Target};

/// What a noun is on the wire.
struct Declared {
    /// Its collection's path (a resource's collection's: below the resource, `under`).
    collection: &'static str,
    /// The path of one record, `<one_path>/{id}`, when it has one (`None`: found in its listing).
    one_path: Option<&'static str>,
    /// The `data` key of a page.
    page: &'static str,
    /// The `data` key of one record (a get's, a create's, an update's answer).
    one: &'static str,
    /// Whether its listing is paged (labels are not).
    paged: bool,
}

fn declared(noun: Noun) -> Declared {
    let d = |collection, one_path, page, one| Declared { collection, one_path, page, one, paged: true };
    match noun {
        Noun::Warehouses => d("warehouses", Some("warehouses"), "warehouses", "warehouse"),
        Noun::WarehouseSources => d("warehouses", None, "sources", "source"),
        Noun::Functions => d("functions", Some("functions"), "functions", "function"),
        Noun::Instances => {
            d("insert-function-instances", Some("insert-function-instances"), "instances", "insertFunctionInstance")
        }
        Noun::Transformations => d("transformations", Some("transformations"), "transformations", "transformation"),
        Noun::ReverseEtlModels => d("reverse-etl-models", Some("reverse-etl-models"), "models", "reverseEtlModel"),
        Noun::Users => d("users", Some("users"), "users", "user"),
        Noun::Invites => d("invites", None, "invites", "invites"),
        Noun::UserGroups => d("groups", Some("groups"), "userGroups", "userGroup"),
        Noun::GroupUsers => d("groups", None, "users", "userGroup"),
        Noun::GroupInvites => d("groups", None, "emails", "userGroup"),
        Noun::Roles => d("roles", None, "roles", "role"),
        Noun::Labels => Declared { collection: "labels", one_path: None, page: "labels", one: "label", paged: false },
        Noun::AuditEvents => d("audit-events", None, "events", "event"),
    }
}

/// The id that names a record in seg's terms: its `id`, but a label's `KEY:VALUE`, an invite's email, a member's
/// email and a connected source's slug (as sources are named).
fn id_of(noun: Noun, raw: &Value) -> String {
    match (noun, raw) {
        (_, Value::String(email)) => email.clone(),
        (Noun::Labels, _) => format!("{}:{}", text_at(raw, "key"), text_at(raw, "value")),
        (Noun::GroupUsers, _) => text_at(raw, "email").to_string(),
        (Noun::WarehouseSources, _) => text_at(raw, "slug").to_string(),
        _ => text_at(raw, "id").to_string(),
    }
}

/// A record's reading in seg's vocabulary (`wire::PublicRecord`): its full name, and its fields (its own `name` as
/// `display_name`; an email alone, as an invite is listed, as `email`).
pub(super) fn neutral(collection: &Target, noun: Noun, raw: &Value) -> std::result::Result<Value, String> {
    let id = id_of(noun, raw);
    if id.is_empty() || id.contains('/') {
        return Err(format!("a {} whose id {} seg cannot name", noun.noun(), crate::text::quoted(&id)));
    }
    let mut fields: Map<String, Value> = match raw {
        // Its own name where it stands, as `display_name`.
        Value::Object(object) => object
            .iter()
            .map(|(key, value)| (if key == "name" { "display_name" } else { key }.to_string(), value.clone()))
            .collect(),
        Value::String(email) => Map::from_iter([("email".to_string(), Value::String(email.clone()))]),
        _ => return Err(format!("a {} that is not an object", noun.noun())),
    };
    if noun == Noun::Labels {
        fields.insert("id".to_string(), Value::String(id.clone()));
    }
    let name = collection.item(&id).map(|t| t.path()).unwrap_or_default();
    let mut reading = Map::from_iter([("name".to_string(), Value::String(name))]);
    reading.extend(fields);
    Ok(Value::Object(reading))
}

impl Call<'_> {
    /// The collection's path: its own, or below the resource it is of (`warehouses/{id}/connected-sources`).
    fn collection_path(&self, noun: Noun, under: Option<&Id>) -> Path {
        let base = Path::of(declared(noun).collection);
        match (noun, under) {
            (Noun::WarehouseSources, Some(id)) => base.id(id).word("connected-sources"),
            (Noun::GroupUsers, Some(id)) => base.id(id).word("users"),
            (Noun::GroupInvites, Some(id)) => base.id(id).word("invites"),
            _ => base,
        }
    }

    /// The id of the resource a collection is of, checked.
    fn under(&self, noun: Noun, under: Option<&str>) -> Result<Option<Id>> {
        match (noun.parent(), under) {
            (Some(parent), Some(id)) => Id::given(id, parent.noun()).map(Some),
            (Some(parent), None) => Err(Error::usage(format!("a {} is of a {}: name it", noun.noun(), parent.noun()))),
            (None, _) => Ok(None),
        }
    }

    /// One page of a collection (`Request::list` of `Target::Records`), its query's other keys passed on
    /// (`resourceType` of functions). A warehouse listing with a `sourceId` key is that source's warehouses
    /// (`listConnectedWarehousesFromSource`), the source named by its slug or id.
    pub(super) async fn records(
        &mut self,
        collection: &Target,
        noun: Noun,
        under: Option<&str>,
        query: &[(String, String)],
    ) -> Result<Option<Answer>> {
        let declared = declared(noun);
        let under_id = self.under(noun, under)?;
        let mut path = self.collection_path(noun, under_id.as_ref());
        let mut query: Vec<(String, String)> = query.to_vec();
        if let Some(at) = query.iter().position(|(key, _)| key == "sourceId")
            && noun == Noun::Warehouses
        {
            let source = query.remove(at).1;
            let id = self.source_id(&source).await?;
            path = Path::of("sources").id(&id).word("connected-warehouses");
        }
        if let (Noun::Instances, Some(function)) = (noun, &under_id) {
            query.push(("functionId".to_string(), function.to_string()));
        }
        let (records, next) = if declared.paged {
            self.page(path, declared.page, &query).await?
        } else {
            let mut data = self.get(path, Vec::new()).await?;
            let records = super::items(&mut data, declared.page).iter().map(text_of).collect();
            (records, Cursors::default())
        };
        let items =
            records.into_iter().map(|raw| both(raw, |r| neutral(collection, noun, r))).collect::<Result<_>>()?;
        Ok(Some(Answer::Page { key: RECORDS, items, next }))
    }

    /// One record: `GET <path>/{id}` where it has one, else found in its collection's listing.
    pub(super) async fn record(
        &mut self,
        collection: &Target,
        noun: Noun,
        under: Option<&str>,
        id: &str,
    ) -> Result<Option<Answer>> {
        let declared = declared(noun);
        let raw = match declared.one_path {
            Some(one_path) => {
                let id = Id::given(id, noun.noun())?;
                self.get(Path::of(one_path).id(&id), Vec::new()).await?[declared.one].take()
            }
            None => {
                let under_id = self.under(noun, under)?;
                let path = self.collection_path(noun, under_id.as_ref());
                let all = if declared.paged {
                    self.all(path, declared.page).await?
                } else {
                    super::items(&mut self.get(path, Vec::new()).await?, declared.page)
                };
                all.into_iter()
                    .find(|record| id_of(noun, record) == id)
                    .ok_or_else(|| not_found(format!("no {} {id:?}", noun.noun())))?
            }
        };
        let neutral = neutral(collection, noun, &raw).map_err(unreadable)?;
        Ok(Some(Answer::one(&raw, &neutral)))
    }

    /// A reference's id: a source by its slug or id, a destination of a source, a warehouse catalog entry by its
    /// slug or id (`getWarehouseMetadata` for an id, the catalog's listing for a slug).
    async fn referred(&mut self, to: &Referent) -> Result<Id> {
        match to {
            Referent::Source(source) => self.source_id(source).await,
            Referent::Destination { source, destination } => {
                let source_id = self.source_id(source).await?;
                Ok(self.destination(&source_id, destination).await?.0)
            }
            Referent::WarehouseEntry(entry) => {
                if let Ok(id) = Id::given(entry, "warehouse catalog entry") {
                    let path = Path::of("catalog/warehouses").id(&id);
                    match self.get(path, Vec::new()).await {
                        Ok(data) if data["warehouseMetadata"].is_object() => return Ok(id),
                        Ok(_) => {}
                        Err(Error::Api(error)) if error.status == 404 => {}
                        Err(error) => return Err(error),
                    }
                }
                let entries = self.all(Path::of("catalog/warehouses"), "warehousesCatalog").await?;
                let found = entries.iter().find(|e| text_at(e, "slug") == entry || text_at(e, "id") == entry);
                let found = found.ok_or_else(|| {
                    Error::usage(format!(
                        "no warehouse catalog entry {}: `seg api GET /catalog/warehouses --api public` lists them",
                        crate::text::quoted(entry)
                    ))
                })?;
                Id::answered(text_at(found, "id"), "warehouse catalog entry")
            }
        }
    }

    /// Makes one record: `POST` to its collection with the fields, each reference as the id it names. A connected
    /// source is a connection (`POST warehouses/{id}/connected-sources/{source}`, answered with the source); a label
    /// is sent as `{label}`, an invite as `{invites: [..]}`, a member as `{emails: [..]}`.
    pub(super) async fn create_record(
        &mut self,
        collection: &Target,
        noun: Noun,
        under: Option<&str>,
        input: &wire::RecordInput,
    ) -> Result<Option<Answer>> {
        let declared = declared(noun);
        let under_id = self.under(noun, under)?;
        let mut fields = input.fields.clone();
        for reference in &input.refs {
            let id = self.referred(&reference.to).await;
            let id = self.or_unmade(id, Id::unmade)?;
            fields.insert(reference.field.clone(), Value::String(id.to_string()));
        }
        if let Some(permissions) = fields.get("permissions").cloned() {
            fields.insert("permissions".to_string(), self.permissions(&permissions).await?);
        }
        // An instance is of the function it is made below.
        if let (Noun::Instances, Some(function)) = (noun, &under_id) {
            fields.entry("functionId").or_insert_with(|| Value::String(function.to_string()));
        }
        // A group is made by its name; its permissions are written once it is (`replacePermissionsForUserGroup`).
        let permissions = match noun {
            Noun::UserGroups => fields.remove("permissions"),
            _ => None,
        };
        let path = self.collection_path(noun, under_id.as_ref());
        let (method, path, body) = match noun {
            Noun::WarehouseSources => {
                let source = fields.get("sourceId").and_then(Value::as_str).unwrap_or_default();
                let source = Id::answered(source, "source")?;
                (Method::POST, path.id(&source), None)
            }
            Noun::Labels => {
                let label = Value::Object(fields.clone());
                (Method::POST, path, Some(Value::Object(Map::from_iter([("label".into(), label)]))))
            }
            Noun::Invites => {
                let invites = Value::Array(vec![Value::Object(fields.clone())]);
                (Method::POST, path, Some(Value::Object(Map::from_iter([("invites".into(), invites)]))))
            }
            Noun::GroupUsers => (Method::POST, path, Some(Value::Object(fields.clone()))),
            _ => (Method::POST, path, Some(Value::Object(fields.clone()))),
        };
        let answered = self.call(method, path, Vec::new(), body.as_ref()).await?;
        // What is made below it, with its id (under --dry-run, described with the id it will have).
        if permissions.is_some() || !input.below.is_empty() {
            let id = match &answered {
                Some(body) => Id::answered(text_at(&body["data"][declared.one], "id"), noun.noun())?,
                None => Id::unmade(),
            };
            if let Some(permissions) = permissions {
                let path = Path::of(declared.collection).id(&id).word("permissions");
                let body = Value::Object(Map::from_iter([("permissions".into(), permissions)]));
                self.call(Method::PUT, path, Vec::new(), Some(&body)).await?;
            }
            let ws = collection.workspace().unwrap_or_default().to_string();
            for below in &input.below {
                let child = Noun::of(Some(noun), &below.collection).ok_or_else(|| {
                    Error::usage(format!("a {} has no {}", noun.noun(), crate::text::quoted(&below.collection)))
                })?;
                let target = Target::Records { ws: ws.clone(), noun: child, under: Some(id.to_string()) };
                Box::pin(self.create_record(&target, child, Some(id.as_str()), &below.input)).await?;
            }
        }
        let Some(mut body) = answered else {
            return Ok(None);
        };
        let raw = match noun {
            // The connection is answered `CONNECTED`: the record is the source, read as connected.
            Noun::WarehouseSources => {
                let source = fields.get("sourceId").and_then(Value::as_str).unwrap_or_default();
                let source = Id::answered(source, "source")?;
                self.get(Path::of("sources").id(&source), Vec::new()).await?["source"].take()
            }
            Noun::Invites => fields.get("email").cloned().unwrap_or_default(),
            // Members added: the group, as it answers.
            Noun::GroupUsers => {
                let raw = body["data"][declared.one].take();
                let ws = collection.workspace().unwrap_or_default().to_string();
                let groups = Target::Records { ws, noun: Noun::UserGroups, under: None };
                let neutral = neutral(&groups, Noun::UserGroups, &raw).map_err(unreadable)?;
                return Ok(Some(Answer::one(&raw, &neutral)));
            }
            _ => body["data"][declared.one].take(),
        };
        let neutral = neutral(collection, noun, &raw).map_err(unreadable)?;
        Ok(Some(Answer::one(&raw, &neutral)))
    }

    /// Changes the fields named: `PATCH <path>/{id}` with them (a cleared one `null`), a user's or a group's
    /// `permissions` with `PUT .../permissions` (roles and resources as a person names them: `permissions`), a
    /// group's `users` (emails) with `PUT group/{id}/users`. Answered with the record as it is after.
    pub(super) async fn update_record(
        &mut self,
        collection: &Target,
        noun: Noun,
        id: &str,
        fields: &Fields,
    ) -> Result<Option<Answer>> {
        let declared = declared(noun);
        let Some(one_path) = declared.one_path else {
            return Err(Error::usage(format!("a {} is not changed by an update on the Public API", noun.noun())));
        };
        let id = Id::given(id, noun.noun())?;
        let mut patch = Map::new();
        let mut calls = Vec::new();
        for field in &fields.paths {
            let value = fields.value(field).cloned().unwrap_or(Value::Null);
            match (noun, field.as_str()) {
                // Replaced with a PUT, added to with a POST.
                (Noun::Users | Noun::UserGroups, "permissions" | wire::PERMISSIONS_ADDED) => {
                    let path = Path::of(one_path).id(&id).word("permissions");
                    let permissions = self.permissions(&value).await?;
                    let method = if field == "permissions" { Method::PUT } else { Method::POST };
                    calls.push((method, path, Value::Object(Map::from_iter([("permissions".into(), permissions)]))));
                }
                (Noun::UserGroups, "users") => {
                    let path = Path::of("group").id(&id).word("users");
                    calls.push((Method::PUT, path, Value::Object(Map::from_iter([("emails".into(), value)]))));
                }
                (Noun::Users, other) => {
                    return Err(Error::usage(format!(
                        "user.{other}: the Public API changes only a user's permissions"
                    )));
                }
                // A source named as a person names it, sent as its id.
                (_, "sourceId") => {
                    let source = value.as_str().unwrap_or_default();
                    patch.insert("sourceId".to_string(), Value::String(self.source_id(source).await?.to_string()));
                }
                (_, "display_name") => {
                    patch.insert("name".to_string(), value);
                }
                (_, other) => {
                    patch.insert(other.to_string(), value);
                }
            }
        }
        // An instance's update carries its settings whatever it changes (the service takes them whole): as they are,
        // censored secrets and all, which the service keeps.
        if noun == Noun::Instances && !patch.is_empty() && !patch.contains_key("settings") {
            let current = self.get(Path::of(one_path).id(&id), Vec::new()).await?;
            let settings = current[declared.one]["settings"].clone();
            patch.insert(
                "settings".to_string(),
                if settings.is_object() { settings } else { Value::Object(Map::new()) },
            );
        }
        // Every call is made (or, under --dry-run, described) before the record is read again.
        let mut raw = None;
        let mut described = false;
        if !patch.is_empty() {
            let path = Path::of(one_path).id(&id);
            match self.call(Method::PATCH, path, Vec::new(), Some(&Value::Object(patch))).await? {
                Some(mut body) => raw = Some(body["data"][declared.one].take()),
                None => described = true,
            }
        }
        for (method, path, body) in calls {
            described |= self.call(method, path, Vec::new(), Some(&body)).await?.is_none();
            raw = None;
        }
        if described {
            return Ok(None);
        }
        let raw = match raw {
            Some(raw) => raw,
            None => self.get(Path::of(one_path).id(&id), Vec::new()).await?[declared.one].take(),
        };
        let neutral = neutral(collection, noun, &raw).map_err(unreadable)?;
        Ok(Some(Answer::one(&raw, &neutral)))
    }

    /// Deletes one record: `DELETE <path>/{id}`, but a user with `DELETE users?userIds=`, an invite with `DELETE
    /// invites?emails=`, a member with `DELETE group/{id}/users?emails=`, a label with `DELETE labels/{key}/{value}`
    /// and a connected source with `DELETE warehouses/{id}/connected-sources/{source}`.
    pub(super) async fn delete_record(&mut self, noun: Noun, under: Option<&str>, id: &str) -> Result<Option<Answer>> {
        let declared = declared(noun);
        let under_id = self.under(noun, under)?;
        let (path, query) = match noun {
            Noun::Users => (Path::of("users"), vec![("userIds[0]".to_string(), Id::given(id, "user")?.to_string())]),
            Noun::Invites => (Path::of("invites"), vec![("emails[0]".to_string(), id.to_string())]),
            Noun::GroupUsers => {
                let group = under_id.ok_or_else(|| Error::usage("a member is of a user group: name it"))?;
                (Path::of("group").id(&group).word("users"), vec![("emails[0]".to_string(), id.to_string())])
            }
            Noun::Labels => {
                let (key, value) = id.split_once(':').unwrap_or((id, ""));
                let path = Path::of("labels").id(&Id::given(key, "label key")?).id(&Id::given(value, "label value")?);
                (path, Vec::new())
            }
            Noun::WarehouseSources => {
                let source = self.source_id(id).await?;
                (self.collection_path(noun, under_id.as_ref()).id(&source), Vec::new())
            }
            _ => match declared.one_path {
                Some(one_path) => (Path::of(one_path).id(&Id::given(id, noun.noun())?), Vec::new()),
                None => return Err(Error::usage(format!("a {} is not deleted on the Public API", noun.noun()))),
            },
        };
        let answer = self.call(Method::DELETE, path, query, None).await?;
        Ok(answer.map(|body| Answer::empty(&body["data"])))
    }

    /// The id of the one of `all` whose id is `given`, or else whose `field` is (a warehouse's name, a function's
    /// display name): what a permission names, made by the same apply or not. None, or two of that name, is a
    /// usage error before any write.
    fn named_in(&self, all: &[Value], noun: &str, given: &str, field: &str) -> Result<String> {
        if all.iter().any(|r| text_at(r, "id") == given) {
            return Ok(given.to_string());
        }
        let found: Vec<&Value> = all.iter().filter(|r| text_at(r, field) == given).collect();
        match found.as_slice() {
            [one] => Ok(text_at(one, "id").to_string()),
            // Under --dry-run, one this run would make is not there yet.
            [] if self.client.dry_run() => Ok(Id::unmade().to_string()),
            [] => Err(Error::usage(format!("permissions: no {noun} {}", crate::text::quoted(given)))),
            _ => Err(Error::usage(format!(
                "permissions: {} {noun}s are named {}: name one by its id",
                found.len(),
                crate::text::quoted(given)
            ))),
        }
    }

    /// Permissions as a person names them (`[{"role": NAME or id, "resources": [{"type": T, "id": slug or id}]}]`;
    /// no resources: the workspace) as the Public API takes them (`roleId`, resources by id). A role that does not
    /// exist is a usage error naming it, before any write; so is a source that does not.
    async fn permissions(&mut self, given: &Value) -> Result<Value> {
        let given: Vec<Map<String, Value>> = serde_json::from_value(given.clone())
            .map_err(|_| Error::usage("permissions: give a list of {\"role\", \"resources\"}"))?;
        let roles = self.all(Path::of("roles"), "roles").await?;
        let workspace = self.workspace(None).await?;
        let mut out = Vec::new();
        for permission in given {
            let role = permission.get("role").or(permission.get("roleId")).and_then(Value::as_str).unwrap_or_default();
            let found =
                roles.iter().find(|r| text_at(r, "id") == role || text_at(r, "name").eq_ignore_ascii_case(role));
            let role_id = found.map(|r| text_at(r, "id").to_string()).ok_or_else(|| {
                Error::usage(format!(
                    "no role {}: `seg roles list` lists them",
                    crate::text::quoted(if role.is_empty() { "(none given)" } else { role })
                ))
            })?;
            let mut resources = Vec::new();
            let listed: Vec<Map<String, Value>> =
                serde_json::from_value(permission.get("resources").cloned().unwrap_or(Value::Array(Vec::new())))
                    .map_err(|_| Error::usage("permissions: resources are a list of {\"type\", \"id\"}"))?;
            for resource in listed {
                let kind = resource.get("type").and_then(Value::as_str).unwrap_or("WORKSPACE").to_ascii_uppercase();
                let kind: ResourceType = serde_json::from_value(Value::String(kind.clone())).map_err(|_| {
                    Error::usage(format!(
                        "permissions: no resource type {}: one of {}",
                        crate::text::quoted(&kind),
                        wire::public::iam::RESOURCE_TYPES.join(", ")
                    ))
                })?;
                let named = resource.get("id").and_then(Value::as_str).unwrap_or_default();
                let id = match kind {
                    ResourceType::Workspace => workspace.id.clone(),
                    ResourceType::Source => match self.source_id(named).await {
                        Ok(id) => id.to_string(),
                        // Under --dry-run, one this run would make is not there yet.
                        Err(Error::Api(error)) if error.status == 404 && self.client.dry_run() => {
                            Id::unmade().to_string()
                        }
                        Err(Error::Api(error)) if error.status == 404 => {
                            return Err(Error::usage(format!("permissions: no source {}", crate::text::quoted(named))));
                        }
                        Err(error) => return Err(error),
                    },
                    ResourceType::Warehouse => {
                        let all = self.all(Path::of("warehouses"), "warehouses").await?;
                        self.named_in(&all, "warehouse", named, "name")?
                    }
                    ResourceType::Function => {
                        let mut all = Vec::new();
                        for kind in ["SOURCE", "DESTINATION", "INSERT_DESTINATION"] {
                            all.extend(
                                self.all_of(Path::of("functions"), "functions", &[("resourceType", kind)]).await?,
                            );
                        }
                        self.named_in(&all, "function", named, "displayName")?
                    }
                    ResourceType::Space => named.to_string(),
                };
                resources.push(PermissionResource { id, kind });
            }
            if resources.is_empty() {
                resources.push(PermissionResource { id: workspace.id.clone(), kind: ResourceType::Workspace });
            }
            out.push(PermissionInput { role_id, resources });
        }
        Ok(to_json(&out))
    }
}
