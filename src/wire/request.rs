//! Requests: the create bodies, the Update body with its [`FieldMask`], list pages, and [`Request`], one call of the
//! API with its method, path, body, the type of its answer, and whether it may be sent again. Idempotency is a
//! property of the kind of call (a Get, a List, a Delete and an Update with its mask may be repeated; a Create may
//! not), decided where the request is made, never guessed from its bytes.

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use http::Method;
use serde::de::{self, DeserializeOwned, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
#[cfg(test)]
use utoipa::ToSchema;

use super::resources::{
    AccessToken, ConfigItem, Destination, LibraryConfig, Received, RegulationAttributes, Resource, Source,
    SourceConnection, TrackingPlan,
};
pub use super::target::Noun;
use super::target::Target;
use super::{null_as_default, path, wrapper};

// ---- create bodies ----

/// A create body, and the resource its answer holds.
pub trait Create: Serialize {
    type Answer: DeserializeOwned + Serialize;

    /// The body as an operation carries it, typed (see [`Body`]).
    fn body(&self) -> Body;
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct SourceInput {
    pub name: String,
    #[serde(alias = "catalogName")]
    pub catalog_name: String,
    #[serde(alias = "displayName", skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
    #[serde(alias = "libraryConfig", skip_serializing_if = "Option::is_none")]
    pub library_config: Option<LibraryConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub labels: Option<BTreeMap<String, String>>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CreateSource {
    pub source: SourceInput,
}

impl Create for CreateSource {
    type Answer = Source;

    fn body(&self) -> Body {
        Body::Source(self.source.clone())
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct DestinationInput {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(alias = "connectionMode", skip_serializing_if = "Option::is_none")]
    pub connection_mode: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config: Option<Vec<ConfigItem>>,
    /// The Public API's name of a destination; the Config API has none, so seg sends it only there.
    #[serde(alias = "displayName", skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(ignore))]
    pub display_name: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CreateDestination {
    pub destination: DestinationInput,
}

impl Create for CreateDestination {
    type Answer = Destination;

    fn body(&self) -> Body {
        Body::Destination(self.destination.clone())
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct TrackingPlanInput {
    #[serde(alias = "displayName")]
    pub display_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Map<String, Value>>,
    /// The Public API's plan type (`LIVE` when absent); the Config API has none, so seg sends it only there.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(ignore))]
    pub kind: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CreateTrackingPlan {
    #[serde(alias = "trackingPlan")]
    pub tracking_plan: TrackingPlanInput,
}

impl Create for CreateTrackingPlan {
    type Answer = TrackingPlan;

    fn body(&self) -> Body {
        Body::Plan(self.tracking_plan.clone())
    }
}

/// Connects a source to a tracking plan: its full name or its slug.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct ConnectSource {
    #[serde(alias = "sourceName")]
    pub source_name: String,
}

impl Create for ConnectSource {
    type Answer = SourceConnection;

    fn body(&self) -> Body {
        Body::Connect(self.clone())
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct AccessTokenInput {
    pub description: String,
    pub scopes: String,
    #[serde(alias = "workspaceNames", deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub workspace_names: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CreateAccessToken {
    #[serde(alias = "accessToken")]
    pub access_token: AccessTokenInput,
}

impl Create for CreateAccessToken {
    type Answer = AccessToken;

    fn body(&self) -> Body {
        Body::AccessToken(self.access_token.clone())
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CreateRegulation {
    #[serde(alias = "regulationType")]
    pub regulation_type: String,
    pub attributes: RegulationAttributes,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct RegulationCreated {
    pub regulate_id: String,
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Map<String, Value>,
}

impl Create for CreateRegulation {
    type Answer = RegulationCreated;

    fn body(&self) -> Body {
        Body::Regulation(self.clone())
    }
}

// ---- the Public API's own resources ----

/// A record of one of the Public API's own resources ([`Noun`]: a warehouse, a function, a user group, ...) in seg's
/// vocabulary: its full name in seg's terms (`workspaces/W/warehouses/ID`), and the record's fields as the service
/// has them, but for its own `name`, which is `display_name` here (as a destination's and a mapping's are). There is
/// no Config API counterpart to translate them to, so a command, a table and a plan read them as the service
/// spells them (`metadata.slug`, `displayName`), and what a script reads (`-o json`) is the record as received.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PublicRecord {
    pub name: String,
    #[serde(flatten)]
    pub fields: Map<String, Value>,
}

/// The field of an update of a user's or a group's record that adds permissions to theirs, where `permissions`
/// replaces them.
pub const PERMISSIONS_ADDED: &str = "permissions_added";

/// The page key of a list of [`PublicRecord`]s.
pub const RECORDS: &str = "records";

impl PublicRecord {
    /// Its id: the last segment of its name.
    pub fn id(&self) -> &str {
        self.name.rsplit('/').next().unwrap_or_default()
    }

    /// A text field (`""` when it has none).
    pub fn text(&self, key: &str) -> &str {
        self.fields.get(key).and_then(Value::as_str).unwrap_or_default()
    }
}

impl Resource for PublicRecord {
    const KEY: &'static str = "record";
    const CAMEL_KEY: &'static str = "record";
    const WRAPPER: &'static str = RECORDS;
    const MASK_PREFIXED: bool = false;
}

/// A create of one of the Public API's own resources: the record's fields as the service names them (`metadataId`,
/// `settings`, ...), and those whose value names another resource as a person names it (a source by its slug, a
/// catalog entry by its slug), which the adapter sends as that resource's id.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct RecordInput {
    pub fields: Map<String, Value>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refs: Vec<Reference>,
    /// What is made below it once it is made, in its collections (a new warehouse's connected sources, a new
    /// function's instances, a new group's members), each sent with its id: a plan makes a resource whole in one
    /// change, though its id is known only once it is made.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub below: Vec<Below>,
}

/// A record made below another once that one is made ([`RecordInput::below`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Below {
    /// Its collection's segment below the record (`Noun::word`: `connected-sources`, `instances`, `users`).
    pub collection: String,
    pub input: RecordInput,
}

impl RecordInput {
    /// Sets a field to a value.
    pub fn set(&mut self, field: &str, value: impl Serialize) -> Result<(), String> {
        let value = serde_json::to_value(value).map_err(|e| format!("{field}: {e}"))?;
        self.fields.insert(field.to_string(), value);
        Ok(())
    }

    /// Sets a field to the id of what `to` names, which the adapter reads.
    pub fn refer(&mut self, field: &str, to: Referent) {
        self.refs.retain(|r| r.field != field);
        self.refs.push(Reference { field: field.to_string(), to });
    }
}

impl Create for RecordInput {
    type Answer = PublicRecord;

    fn body(&self) -> Body {
        Body::Record(self.clone())
    }
}

/// A field of a [`RecordInput`] whose value is the id of another resource.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reference {
    pub field: String,
    pub to: Referent,
}

/// What a reference names, as a person names it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Referent {
    /// A source, by its slug or id.
    Source(String),
    /// A destination of a source, by the source's slug or id and the destination's catalog slug, `SLUG#NAME` or id.
    Destination { source: String, destination: String },
    /// A warehouse catalog entry, by its slug or id.
    WarehouseEntry(String),
}

/// A permission as a person gives it (`--permission ROLE[=TYPE:ID,...]`): a role, by its name or id, on the
/// workspace (no resources) or on resources, each of a kind and named by its id (a source by its slug too). The
/// adapter sends the role's id and each resource's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PermissionSpec {
    pub role: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resources: Vec<ResourceSpec>,
}

/// A resource a permission names: its kind (`SOURCE`, `WAREHOUSE`, `FUNCTION`, `SPACE`, `WORKSPACE`) and id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResourceSpec {
    #[serde(rename = "type")]
    pub kind: String,
    pub id: String,
}

impl PermissionSpec {
    /// `ROLE` or `ROLE=TYPE:ID,TYPE:ID`; the kinds as the service spells them, in any case.
    pub fn parse(text: &str) -> Result<PermissionSpec, String> {
        let (role, resources) = match text.split_once('=') {
            Some((role, resources)) => (role.trim(), Some(resources)),
            None => (text.trim(), None),
        };
        if role.is_empty() {
            return Err("give a role: ROLE or ROLE=TYPE:ID,...".into());
        }
        let mut spec = PermissionSpec { role: role.to_string(), resources: Vec::new() };
        for resource in resources.into_iter().flat_map(|r| r.split(',')) {
            match resource.trim().split_once(':') {
                Some((kind, id)) if !kind.is_empty() && !id.is_empty() => {
                    spec.resources.push(ResourceSpec { kind: kind.to_ascii_uppercase(), id: id.to_string() })
                }
                _ => return Err(format!("{resource:?}: give a resource as TYPE:ID (source:web)")),
            }
        }
        Ok(spec)
    }
}

/// The answer of a Delete: `{}` (any other fields the service adds are kept).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Empty {
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Map<String, Value>,
}

// ---- update bodies ----

/// The update mask that sits beside the resource in an Update body. Written as `{"paths": [...]}`; read from that
/// or from the protobuf JSON form of a FieldMask, one comma-separated string (clients in the wild send both).
#[derive(Debug, Clone, Default, PartialEq)]
#[cfg_attr(test, derive(ToSchema))]
pub struct FieldMask {
    pub paths: Vec<String>,
}

impl Serialize for FieldMask {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("paths", &self.paths)?;
        map.end()
    }
}

impl<'de> Deserialize<'de> for FieldMask {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form {
            Object {
                #[serde(default, deserialize_with = "null_as_default")]
                paths: Vec<Value>,
            },
            Joined(String),
        }
        let paths = match Option::<Form>::deserialize(deserializer) {
            Err(_) => return Err(de::Error::custom(MASK_SHAPE)),
            Ok(None) => Vec::new(),
            Ok(Some(Form::Joined(joined))) => {
                joined.split(',').map(str::trim).filter(|p| !p.is_empty()).map(String::from).collect()
            }
            Ok(Some(Form::Object { paths })) => paths
                .into_iter()
                .map(|path| match path {
                    Value::String(s) if !s.trim().is_empty() => Ok(s.trim().to_string()),
                    _ => Err(de::Error::custom(MASK_SHAPE)),
                })
                .collect::<Result<_, _>>()?,
        };
        Ok(FieldMask { paths })
    }
}

const MASK_SHAPE: &str = "update_mask must be {\"paths\": [\"<resource>.<field>\", ...]}";

/// An Update body: the fields of a `T` to change under `T::KEY`, and the mask naming them (`destination.enabled`).
/// Built field by field, so the mask always says exactly what the body changes; [`UpdateRequest::into_request`]
/// refuses one that would change nothing.
pub struct UpdateRequest<T: Resource> {
    /// The fields to change, as the resource writes them; nested objects for dotted paths.
    pub fields: Map<String, Value>,
    pub mask: FieldMask,
    /// Fields a file gave that no update writes, which must be as the resource has them (`wire::fields`).
    pub unchanged: Vec<super::fields::Unchanged>,
    resource: PhantomData<fn() -> T>,
}

// By hand: derives would ask the same of `T`, which is only a marker here.
impl<T: Resource> Clone for UpdateRequest<T> {
    fn clone(&self) -> Self {
        UpdateRequest {
            fields: self.fields.clone(),
            mask: self.mask.clone(),
            unchanged: self.unchanged.clone(),
            resource: PhantomData,
        }
    }
}

impl<T: Resource> PartialEq for UpdateRequest<T> {
    fn eq(&self, other: &Self) -> bool {
        self.fields == other.fields && self.mask == other.mask
    }
}

impl<T: Resource> fmt::Debug for UpdateRequest<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UpdateRequest")
            .field("key", &T::KEY)
            .field("fields", &self.fields)
            .field("mask", &self.mask)
            .finish()
    }
}

impl<T: Resource> Default for UpdateRequest<T> {
    fn default() -> Self {
        UpdateRequest { fields: Map::new(), mask: FieldMask::default(), unchanged: Vec::new(), resource: PhantomData }
    }
}

impl<T: Resource> UpdateRequest<T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// A field path without the resource prefix: `enabled` and `destination.enabled` are both `enabled`.
    fn field(field: &str) -> &str {
        field.strip_prefix(T::KEY).and_then(|rest| rest.strip_prefix('.')).unwrap_or(field)
    }

    /// The mask path of a field: `destination.enabled` (a filter's: `enabled`).
    pub fn path(field: &str) -> String {
        if T::MASK_PREFIXED { format!("{}.{}", T::KEY, Self::field(field)) } else { Self::field(field).to_string() }
    }

    fn list(&mut self, field: &str) {
        let path = Self::path(field);
        if !self.mask.paths.contains(&path) {
            self.mask.paths.push(path);
        }
    }

    /// Sets a field (dotted for a nested one) to a value, and lists it in the mask.
    pub fn set(&mut self, field: &str, value: impl Serialize) -> Result<(), String> {
        let value = serde_json::to_value(value).map_err(|e| format!("{field}: {e}"))?;
        let field = Self::field(field);
        path::set(&mut self.fields, &path::segments(field)?, value)?;
        self.list(field);
        Ok(())
    }

    /// Lists a field in the mask with no value: the service empties it (rule 2).
    pub fn clear(&mut self, field: &str) -> Result<(), String> {
        let field = Self::field(field);
        path::segments(field)?;
        self.list(field);
        Ok(())
    }

    /// Every top-level key of an object becomes a field to set.
    pub fn set_all(&mut self, object: Map<String, Value>) -> Result<(), String> {
        object.into_iter().try_for_each(|(key, value)| self.set(&key, value))
    }

    /// Replaces the mask with exactly these paths (`--update-mask`), each checked like a field name.
    pub fn mask_exactly(&mut self, paths: &[String]) -> Result<(), String> {
        let mut exact = Vec::with_capacity(paths.len());
        for path in paths {
            let field = Self::field(path.trim());
            path::segments(field).map_err(|e| format!("--update-mask: {e}"))?;
            exact.push(Self::path(field));
        }
        self.mask.paths = exact;
        Ok(())
    }

    /// The request that sends this update to `name`; an error when the mask is empty (an update that changes
    /// nothing). May be repeated: a masked update is idempotent.
    pub fn into_request(self, target: Target) -> Result<Request<T>, String> {
        if self.mask.paths.is_empty() {
            return Err("nothing to update: give at least one field to change (see --help)".into());
        }
        let body = encode(&self);
        let paths = self.mask.paths.iter().map(|path| Self::field(path).to_string()).collect();
        let fields = Fields { values: self.fields, paths };
        let mut request =
            Request::of(T::UPDATE_METHOD, Operation { target, verb: Verb::Update(fields) }, Some(body), true);
        request.unchanged = self.unchanged;
        Ok(request)
    }

    /// Sets one config item (the service merges items by name, so the others keep their values) and lists
    /// `config`. A key given twice keeps its last value.
    pub fn config_item(&mut self, item: ConfigItem) {
        let item = serde_json::to_value(item).unwrap_or_default();
        let config = self.fields.entry("config").or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(items) = config {
            items.retain(|existing| existing["name"] != item["name"]);
            items.push(item);
        }
        self.list("config");
    }
}

impl<T: Resource> Serialize for UpdateRequest<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry(T::KEY, &self.fields)?;
        map.serialize_entry("update_mask", &self.mask)?;
        map.end()
    }
}

impl<'de, T: Resource> Deserialize<'de> for UpdateRequest<T> {
    /// `{"<key>": {...}, "update_mask": ...}` in snake_case or lowerCamelCase; either part may be absent or `null`.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Body<T>(PhantomData<fn() -> T>);
        impl<'de, T: Resource> Visitor<'de> for Body<T> {
            type Value = UpdateRequest<T>;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "a JSON object: {{\"{}\": {{...}}, \"update_mask\": {{\"paths\": [...]}}}}", T::KEY)
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut update = UpdateRequest::<T>::new();
                while let Some(key) = map.next_key::<String>()? {
                    if key == T::KEY || key == T::CAMEL_KEY {
                        match map.next_value::<Value>()? {
                            Value::Null => {}
                            Value::Object(fields) => update.fields = fields,
                            _ => return Err(de::Error::custom(format!("{} must be an object", T::KEY))),
                        }
                    } else if key == "update_mask" || key == "updateMask" {
                        update.mask = map.next_value()?;
                    } else {
                        map.next_value::<de::IgnoredAny>()?;
                    }
                }
                Ok(update)
            }
        }
        deserializer.deserialize_map(Body(PhantomData))
    }
}

// ---- list pages ----

/// One page of a list: its items under the collection's key (`T::WRAPPER`), and the token of the next page (`""` on
/// the last; a page without one is the last).
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next_page_token: String,
    /// The token of this page, where the service names it (`wrapper::THIS_PAGE_TOKEN`); empty otherwise.
    pub this_page_token: String,
}

impl<T: Resource> Serialize for Page<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry(T::WRAPPER, &self.items)?;
        map.serialize_entry(wrapper::NEXT_PAGE_TOKEN, &self.next_page_token)?;
        if !self.this_page_token.is_empty() {
            map.serialize_entry(wrapper::THIS_PAGE_TOKEN, &self.this_page_token)?;
        }
        map.end()
    }
}

impl<'de, T: Resource> Deserialize<'de> for Page<T> {
    /// A page's items under `T::WRAPPER`, read in one pass, each item from the text the service wrote (a
    /// `Received` item keeps every number's spelling); for an answer of unknown shape (`T::WRAPPER` empty), the
    /// first array.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        if T::WRAPPER.is_empty() {
            return unknown_shape(deserializer);
        }
        deserializer.deserialize_map(PageVisitor(PhantomData))
    }
}

struct PageVisitor<T>(PhantomData<fn() -> T>);

impl<'de, T: Resource> Visitor<'de> for PageVisitor<T> {
    type Value = Page<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a page of {}", T::WRAPPER)
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Page<T>, M::Error> {
        let mut page = Page { items: Vec::new(), next_page_token: String::new(), this_page_token: String::new() };
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            if key == T::WRAPPER {
                page.items = map.next_value::<Items<T>>()?.0;
            } else if key == wrapper::NEXT_PAGE_TOKEN {
                page.next_page_token = map.next_value::<NextPageToken>()?.0;
            } else if key == wrapper::THIS_PAGE_TOKEN {
                page.this_page_token = map.next_value::<NextPageToken>()?.0;
            } else {
                map.next_value::<de::IgnoredAny>()?;
            }
        }
        Ok(page)
    }
}

/// A page's items: `null` is none; an item that cannot be read names the key it is under.
struct Items<T>(Vec<T>);

impl<'de, T: Resource> Deserialize<'de> for Items<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Seq<T>(PhantomData<fn() -> T>);
        impl<'de, T: Resource> Visitor<'de> for Seq<T> {
            type Value = Items<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "the page's {:?} as an array", T::WRAPPER)
            }
            fn visit_unit<E: de::Error>(self) -> Result<Items<T>, E> {
                Ok(Items(Vec::new()))
            }
            fn visit_none<E: de::Error>(self) -> Result<Items<T>, E> {
                Ok(Items(Vec::new()))
            }
            fn visit_seq<S: de::SeqAccess<'de>>(self, mut seq: S) -> Result<Items<T>, S::Error> {
                let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024));
                while let Some(item) =
                    seq.next_element::<T>().map_err(|e| de::Error::custom(format!("{}: {e}", T::WRAPPER)))?
                {
                    items.push(item);
                }
                Ok(Items(items))
            }
        }
        deserializer.deserialize_any(Seq(PhantomData))
    }
}

/// `next_page_token`: a string, or `null` for none.
struct NextPageToken(String);

impl<'de> Deserialize<'de> for NextPageToken {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::Null => Ok(NextPageToken(String::new())),
            Value::String(token) => Ok(NextPageToken(token)),
            other => Err(de::Error::custom(format!("next_page_token is not a string: {other}"))),
        }
    }
}

/// A page of an answer of unknown shape (`seg api --paginate`): its first array, and `next_page_token`.
fn unknown_shape<'de, D: Deserializer<'de>, T: Resource>(deserializer: D) -> Result<Page<T>, D::Error> {
    let mut body = indexmap::IndexMap::<String, Box<RawValue>>::deserialize(deserializer)?;
    // Parts of the answer already checked (`wire::text`), read as it reads them.
    let token = |raw: Option<Box<RawValue>>| match raw {
        None => Ok(String::new()),
        Some(raw) => super::text::part::<NextPageToken>(raw.get()).map(|t| t.0).map_err(de::Error::custom),
    };
    let next_page_token = token(body.shift_remove(wrapper::NEXT_PAGE_TOKEN))?;
    let this_page_token = token(body.shift_remove(wrapper::THIS_PAGE_TOKEN))?;
    let Some(raw) = body.into_values().find(|v| v.get().starts_with('[')) else {
        return Ok(Page { items: Vec::new(), next_page_token, this_page_token });
    };
    let items = super::text::part::<Vec<Box<RawValue>>>(raw.get())
        .map_err(de::Error::custom)?
        .iter()
        .map(|item| super::text::part(item.get()).map_err(de::Error::custom))
        .collect::<Result<_, _>>()?;
    Ok(Page { items, next_page_token, this_page_token })
}

// ---- operations ----

/// A request of seg's vocabulary, typed as the command or the plan built it: what it is about and what it does. The
/// Config API's adapter sends the request's path and body, rendered from it when the request is made; the Public
/// API's adapter matches on it (ARCHITECTURE.md, "Two APIs"), so nothing reads back a path or a body seg built.
#[derive(Debug, Clone)]
pub struct Operation {
    pub target: Target,
    pub verb: Verb,
}

/// What an operation does to its target.
#[derive(Debug, Clone)]
pub enum Verb {
    /// Get a resource, or list a collection (a page, by the request's query).
    Read,
    /// Make a resource in the target collection.
    Create(Body),
    /// Change the fields named.
    Update(Fields),
    Delete,
}

impl Verb {
    /// The word for it, in messages.
    pub fn word(&self) -> &'static str {
        match self {
            Verb::Read => "read",
            Verb::Create(_) => "create",
            Verb::Update(_) => "update",
            Verb::Delete => "delete",
        }
    }
}

/// A create's body, by the kind of resource it makes.
#[derive(Debug, Clone)]
pub enum Body {
    Source(SourceInput),
    Destination(DestinationInput),
    Filter(super::filter::FilterInput),
    Mapping(super::mapping::MappingInput),
    Plan(TrackingPlanInput),
    Connect(ConnectSource),
    Regulation(CreateRegulation),
    AccessToken(AccessTokenInput),
    /// One of the Public API's own resources (its kind is the target's).
    Record(RecordInput),
}

/// An update's fields (as the resource writes them, nested for a dotted path) and the fields it changes, named
/// without the resource's prefix (`enabled`, `library_config.retry_queue`); one named with no value is cleared.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Fields {
    pub values: Map<String, Value>,
    pub paths: Vec<String>,
}

impl Fields {
    /// The value given for a top-level field, `None` for one cleared.
    pub fn value(&self, field: &str) -> Option<&Value> {
        self.values.get(field)
    }

    /// The fields it changes.
    pub fn names(&self) -> Vec<&str> {
        self.paths.iter().map(String::as_str).collect()
    }
}

// ---- requests ----

/// One call of the Config API: what to send (the path is below the version prefix, e.g. `workspaces/w/sources`),
/// what it answers (`A`), and whether it may be sent again after a 503, 504 or a transport error.
pub struct Request<A = Value> {
    pub method: Method,
    pub path: String,
    pub query: Vec<(String, String)>,
    /// The JSON body's exact bytes.
    pub body: Option<Vec<u8>>,
    idempotent: bool,
    /// Whether the answer is read as [`Received`] records (the answer as received beside the typed reading): an
    /// API whose answers are translated (`api::public`) then hands over both.
    received: bool,
    /// A call written in the API's own terms (`seg api`), sent as it is on either API; the others are seg's
    /// vocabulary, which `api::public` translates.
    verbatim: bool,
    /// A page of a listing that will ask for the next page whenever there is one (see [`Request::reading_ahead`]).
    ahead: bool,
    /// Whose caller reads only the records as received (see [`Request::raw_only`]).
    raw_only: bool,
    /// Fields of a file of fields (`--from-file`) that no update writes: the client checks, before it sends
    /// anything, that the resource has them as given (`wire::fields`).
    pub unchanged: Vec<super::fields::Unchanged>,
    /// What the request does, typed; `None` for a call in an API's own terms (`seg api`, an adapter's own calls).
    pub operation: Option<Operation>,
    answer: PhantomData<fn() -> A>,
}

impl<A> Clone for Request<A> {
    fn clone(&self) -> Self {
        Request {
            method: self.method.clone(),
            path: self.path.clone(),
            query: self.query.clone(),
            body: self.body.clone(),
            idempotent: self.idempotent,
            received: self.received,
            verbatim: self.verbatim,
            ahead: self.ahead,
            raw_only: self.raw_only,
            unchanged: self.unchanged.clone(),
            operation: self.operation.clone(),
            answer: PhantomData,
        }
    }
}

impl<A> fmt::Debug for Request<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Request")
            .field("method", &self.method)
            .field("path", &self.path)
            .field("query", &self.query)
            .field("idempotent", &self.idempotent)
            .finish_non_exhaustive()
    }
}

/// Serializing the wire types cannot fail: they are made of strings, numbers and string-keyed maps.
fn encode<B: Serialize>(body: &B) -> Vec<u8> {
    serde_json::to_vec(body).unwrap_or_else(|e| unreachable!("a wire body serializes: {e}"))
}

impl<A> Request<A> {
    /// A request of seg's vocabulary: its Config API path and body rendered from the operation.
    fn of(method: Method, operation: Operation, body: Option<Vec<u8>>, idempotent: bool) -> Self {
        let mut request = Request::new(method, operation.target.path(), body, idempotent);
        request.operation = Some(operation);
        request
    }

    fn new(method: Method, path: impl Into<String>, body: Option<Vec<u8>>, idempotent: bool) -> Self {
        Request {
            method,
            path: path.into(),
            query: Vec::new(),
            body,
            idempotent,
            received: false,
            verbatim: false,
            ahead: false,
            raw_only: false,
            unchanged: Vec::new(),
            operation: None,
            answer: PhantomData,
        }
    }

    /// The same page of a listing, which will ask for the next page (with the same query but its token) whenever
    /// there is one: an API whose pages are read by cursor (`api::public`) may ask for it as soon as the cursor is
    /// known, while this page is read and printed. Set only when that is certain, so nothing is asked for that the
    /// listing does not take.
    pub fn reading_ahead(mut self) -> Self {
        self.ahead = true;
        self
    }

    /// Whether the next page may be asked for early (see [`Request::reading_ahead`]).
    pub fn reads_ahead(&self) -> bool {
        self.ahead
    }

    /// The same call, for a caller that reads only the `Received` records' text (it prints them as received: `-o
    /// json`, `ndjson`, `yaml`, `--jq`): an API whose answers are translated (`api::public`) need not write their
    /// typed reading whole, only the record's name. The records are still read, so one seg cannot read is an error.
    pub fn raw_only(mut self) -> Self {
        self.raw_only = true;
        self
    }

    /// Whether only the records as received are read (see [`Request::raw_only`]).
    pub fn reads_raw_only(&self) -> bool {
        self.raw_only
    }

    /// Whether the answer is read as `Received` records (see [`Request::received`]).
    pub fn wants_received(&self) -> bool {
        self.received
    }

    /// Whether the call is in the API's own terms (`seg api`), to be sent as it is.
    pub fn verbatim(&self) -> bool {
        self.verbatim
    }

    /// The same call, its answer read as a [`Received`]: the JSON as the service sent it, and its typed reading.
    pub fn received(self) -> Request<Received<A>> {
        let mut request = self.answering();
        request.received = true;
        request
    }

    /// May be sent again after a 503, 504 or transport error: the request has no further effect when repeated.
    pub fn idempotent(&self) -> bool {
        self.idempotent
    }

    /// A GET or HEAD: reads only.
    pub fn reads_only(&self) -> bool {
        matches!(self.method, Method::GET | Method::HEAD)
    }

    pub fn query(mut self, key: &str, value: impl Into<String>) -> Self {
        self.query.push((key.to_string(), value.into()));
        self
    }

    /// The same call, answering another type (a listing reads pages of the items it was asked for).
    pub fn answering<B>(self) -> Request<B> {
        Request {
            method: self.method,
            path: self.path,
            query: self.query,
            body: self.body,
            idempotent: self.idempotent,
            received: self.received,
            verbatim: self.verbatim,
            ahead: self.ahead,
            raw_only: self.raw_only,
            unchanged: self.unchanged,
            operation: self.operation,
            answer: PhantomData,
        }
    }
}

impl<T: Resource> Request<T> {
    /// Get: the resource named.
    pub fn get(target: Target) -> Self {
        Request::of(Method::GET, Operation { target, verb: Verb::Read }, None, true)
    }
}

impl<T: Resource> Request<Page<T>> {
    /// List: one page of a collection (`workspaces/w/sources`); paging adds `page_size` and `page_token`.
    pub fn list(collection: Target) -> Self {
        Request::of(Method::GET, Operation { target: collection, verb: Verb::Read }, None, true)
    }

    /// List the collection of kind `what` that the resource named `name` holds (as an answer gave the name: a
    /// source's `destinations`, ...); an error when the name names nothing that holds one.
    pub fn list_under(name: &str, what: &str) -> Result<Self, String> {
        Target::under(name, what).map(Request::list)
    }
}

impl<T> Request<Page<T>> {
    /// The same list, each item read as a [`Received`] (see [`Request::received`]).
    pub fn received_items(self) -> Request<Page<Received<T>>> {
        let mut request = self.answering();
        request.received = true;
        request
    }
}

impl Request<Empty> {
    /// Delete: the resource named. Repeating it deletes nothing more.
    pub fn delete(target: Target) -> Self {
        Request::of(Method::DELETE, Operation { target, verb: Verb::Delete }, None, true)
    }
}

impl Request<Value> {
    /// A call of any shape (`seg api`): GET, PUT and DELETE may be repeated, POST may not, and a PATCH may when its
    /// body carries an update mask (a masked update sets the same fields again), the one thing seg can tell about
    /// a body it did not build.
    pub fn raw(method: Method, path: impl Into<String>, body: Option<Value>) -> Self {
        let masked = body.as_ref().is_some_and(|b| b.get("update_mask").or_else(|| b.get("updateMask")).is_some());
        let idempotent = match method {
            Method::GET | Method::HEAD | Method::PUT | Method::DELETE => true,
            Method::PATCH => masked,
            _ => false,
        };
        let mut request = Request::new(method, path, body.map(|b| encode(&b)), idempotent);
        request.verbatim = true;
        request
    }

    /// A raw call whose JSON body is given as fields (`seg api -f KEY=VALUE`): one top-level key each.
    pub fn raw_fields(method: Method, path: impl Into<String>, fields: Vec<(String, Value)>) -> Self {
        Request::raw(method, path, Some(Value::Object(fields.into_iter().collect())))
    }
}

impl Request<Value> {
    /// A call in an API's own terms made by seg's adapter for that API (`api::public`), which knows whether it
    /// may be repeated (a Public API PATCH sets fields to values and may; a POST may not).
    pub fn call(method: Method, path: impl Into<String>, body: Option<&Value>, idempotent: bool) -> Self {
        let mut request = Request::new(method, path, body.map(encode), idempotent);
        request.verbatim = true;
        request
    }
}

/// Create: POST a body to a collection. Never repeated on its own: a second create could make a second resource.
pub fn create<B: Create>(collection: Target, body: &B) -> Request<B::Answer> {
    let operation = Operation { target: collection, verb: Verb::Create(body.body()) };
    Request::of(Method::POST, operation, Some(encode(body)), false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::{Destination, Source, TrackingPlan};
    use serde_json::json;

    fn target(name: &str) -> Target {
        Target::parse(name).unwrap()
    }

    #[test]
    fn an_operation_carries_what_the_body_says_typed() {
        let mut u = UpdateRequest::<Destination>::new();
        u.set("destination.enabled", Value::Bool(true)).unwrap();
        u.clear("display_name").unwrap();
        let request = u.into_request(target("workspaces/w/sources/s/destinations/d")).unwrap();
        let Some(Operation { target: to, verb: Verb::Update(fields) }) = &request.operation else {
            panic!("{:?}", request.operation)
        };
        assert_eq!(to.path(), request.path);
        assert_eq!(fields.names(), ["enabled", "display_name"]);
        assert_eq!((fields.value("enabled"), fields.value("display_name")), (Some(&Value::Bool(true)), None));

        let body = CreateSource { source: SourceInput { name: "workspaces/w/sources/s".into(), ..Default::default() } };
        let request = create(target("workspaces/w/sources"), &body);
        assert!(matches!(&request.operation,
            Some(Operation { verb: Verb::Create(Body::Source(input)), .. }) if input.name == "workspaces/w/sources/s"));
        assert_eq!(request.path, "workspaces/w/sources");
        // A call in an API's own terms carries none: it is sent as it is.
        assert!(Request::raw(Method::GET, "workspaces/w/sources", None).operation.is_none());
    }

    #[test]
    fn enabled_body_is_exact() {
        let mut u = UpdateRequest::<Destination>::new();
        u.set("enabled", Value::Bool(true)).unwrap();
        let request = u.into_request(target("workspaces/w/sources/s/destinations/d")).unwrap();
        assert_eq!(
            String::from_utf8(request.body.clone().unwrap()).unwrap(),
            r#"{"destination":{"enabled":true},"update_mask":{"paths":["destination.enabled"]}}"#
        );
        assert_eq!(request.method, Method::PATCH);
        assert!(request.idempotent());
    }

    #[test]
    fn set_clear_nested_config_and_explicit_masks() {
        let mut u = UpdateRequest::<Source>::new();
        u.set("library_config.retry_queue", Value::Bool(true)).unwrap();
        u.set("source.library_config.api_host", json!("h")).unwrap();
        u.clear("labels").unwrap();
        u.clear("source.labels").unwrap();
        assert_eq!(
            serde_json::to_value(&u).unwrap(),
            json!({"source": {"library_config": {"retry_queue": true, "api_host": "h"}},
                   "update_mask": {"paths": ["source.library_config.retry_queue", "source.library_config.api_host", "source.labels"]}})
        );
        u.mask_exactly(&["display_name".into(), "source.labels".into()]).unwrap();
        assert!(u.clone().mask_exactly(&["".into()]).is_err());
        assert!(u.clone().mask_exactly(&["source.".into()]).is_err());
        assert_eq!(u.mask.paths, ["source.display_name", "source.labels"]);

        let d = "workspaces/w/sources/s/destinations/webhooks";
        let mut u = UpdateRequest::<Destination>::new();
        u.config_item(ConfigItem::new(d, "sharedSecret", json!("a")));
        u.config_item(ConfigItem::new(d, "sharedSecret", json!("b")));
        u.config_item(ConfigItem::new(d, "hooks", json!([])));
        let body = serde_json::to_value(&u).unwrap();
        assert_eq!(body["destination"]["config"].as_array().unwrap().len(), 2);
        assert_eq!(body["destination"]["config"][0], json!({"name": format!("{d}/config/sharedSecret"), "value": "b"}));
        assert_eq!(body["update_mask"]["paths"], json!(["destination.config"]));
    }

    #[test]
    fn empty_and_invalid_updates() {
        assert!(
            UpdateRequest::<Destination>::new().into_request(target("workspaces/w/sources/s/destinations/d")).is_err()
        );
        let mut u = UpdateRequest::<Destination>::new();
        assert!(u.set("", json!(1)).is_err());
        assert!(u.set("a..b", json!(1)).is_err());
        u.set("a", json!(1)).unwrap();
        assert!(u.set("a.b", json!(1)).is_err(), "a is a value, not an object");
    }

    #[test]
    fn tracking_plans_update_with_put() {
        let mut u = UpdateRequest::<TrackingPlan>::new();
        u.set("display_name", json!("P")).unwrap();
        let request = u.into_request(target("workspaces/w/tracking-plans/rs_1")).unwrap();
        assert_eq!(request.method, Method::PUT);
        assert!(String::from_utf8(request.body.unwrap()).unwrap().starts_with(r#"{"tracking_plan":"#));
    }

    #[test]
    fn update_bodies_read_in_every_spelling() {
        let read = |body: Value| serde_json::from_value::<UpdateRequest<TrackingPlan>>(body);
        let u =
            read(json!({"trackingPlan": {"displayName": "P"}, "updateMask": "tracking_plan.display_name, x"})).unwrap();
        assert_eq!(u.fields["displayName"], "P");
        assert_eq!(u.mask.paths, ["tracking_plan.display_name", "x"]);
        let u = read(json!({"tracking_plan": null, "update_mask": {"paths": null}})).unwrap();
        assert!(u.fields.is_empty() && u.mask.paths.is_empty());
        for bad in [
            json!({"update_mask": {"paths": [1]}}),
            json!({"update_mask": 5}),
            json!({"tracking_plan": 1}),
            json!([]),
            json!({"update_mask": {"paths": [" "]}}),
        ] {
            assert!(read(bad.clone()).is_err(), "{bad}");
        }
    }

    #[test]
    fn idempotency_follows_the_kind_of_call() {
        assert!(Request::<Source>::get(target("workspaces/w/sources/s")).idempotent());
        assert!(Request::<Page<Source>>::list(target("workspaces/w/sources")).idempotent());
        assert!(Request::delete(target("workspaces/w/sources/s")).idempotent());
        let body = CreateSource { source: SourceInput::default() };
        assert!(!create(target("workspaces/w/sources"), &body).idempotent());
        assert!(Request::raw(Method::PATCH, "x", Some(json!({"update_mask": {"paths": []}}))).idempotent());
        assert!(!Request::raw(Method::PATCH, "x", Some(json!({}))).idempotent());
        assert!(!Request::raw(Method::POST, "x", Some(json!({"update_mask": {}}))).idempotent());
        assert!(Request::raw(Method::DELETE, "x", None).idempotent());
    }

    #[test]
    fn pages_read_their_items_and_tolerate_a_missing_token() {
        let page: Page<Source> =
            serde_json::from_value(json!({"sources": [{"name": "a"}], "next_page_token": "t"})).unwrap();
        assert_eq!((page.items[0].name.as_str(), page.next_page_token.as_str()), ("a", "t"));
        let page: Page<Source> = serde_json::from_value(json!({"sources": [{"name": "a"}]})).unwrap();
        assert_eq!(page.next_page_token, "");
        let page: Page<Value> = serde_json::from_value(json!({"things": [1, 2], "next_page_token": null})).unwrap();
        assert_eq!(page.items, [json!(1), json!(2)]);
        assert!(serde_json::from_value::<Page<Source>>(json!({"sources": 1})).is_err());
        assert_eq!(
            serde_json::to_value(Page {
                items: vec![Source::default()],
                next_page_token: String::new(),
                this_page_token: String::new()
            })
            .unwrap()["sources"][0]["name"],
            ""
        );
    }
}
