//! The parameters of the Public API's operations as its document states them (tests only, as `config::doc`): the
//! ids in paths, the `pagination` object in the bracket form the TypeScript and Go SDKs send (OpenAPI's
//! `deepObject`; the emulator also reads the dot and JSON forms, docs/reference/public-api.md "Pagination"), and the
//! other query parameters. The handlers read them with `query::Query`, which takes every encoding; these only describe
//! them.

use utoipa::IntoParams;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn, ParameterStyle};
use utoipa::openapi::schema::{ArrayBuilder, Object, ObjectBuilder, Type};
use utoipa::openapi::{Content, Ref, Required};

use crate::wire::public::functions::FUNCTION_TYPES;
use crate::wire::public::{MAX_COUNT, PLAN_TYPES, REGULATION_STATUSES, REGULATION_TYPES};

fn string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String)
}

/// An id in a path: opaque, 1 to 255 letters, digits, `_` and `-` (`wire::public::valid_id`, SPEC32).
fn id() -> Object {
    string().pattern(Some("^[A-Za-z0-9_-]{1,255}$")).build()
}

fn path(name: &str, description: &str, schema: Object) -> Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Path)
        .required(Required::True)
        .description(Some(description))
        .schema(Some(schema))
        .build()
}

fn query(
    name: &str,
    required: bool,
    description: &str,
    schema: impl Into<utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>>,
) -> ParameterBuilder {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Query)
        .required(if required { Required::True } else { Required::False })
        .description(Some(description))
        .schema(Some(schema))
}

/// Parameters made by a function: `params(Name)` in a handler's attribute.
macro_rules! params {
    ($($(#[$doc:meta])* $name:ident => $make:expr;)+) => {$(
        $(#[$doc])*
        pub struct $name;

        impl IntoParams for $name {
            fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
                $make
            }
        }
    )+};
}

params! {
    /// `/sources/{sourceId}`
    SourcePath => vec![path("sourceId", "the source's id", id())];
    /// `/destinations/{destinationId}`, `/destination/{destinationId}/filters`
    DestinationPath => vec![path("destinationId", "the destination's id", id())];
    /// `/destination/{destinationId}/filters/{filterId}`
    FilterPath => vec![
        path("destinationId", "the destination's id", id()),
        path("filterId", "the filter's id", id()),
    ];
    /// `/destinations/{destinationId}/subscriptions/{id}`
    SubscriptionPath => vec![
        path("destinationId", "the destination's id", id()),
        path("id", "the subscription's id", id()),
    ];
    /// `/tracking-plans/{trackingPlanId}`
    PlanPath => vec![path("trackingPlanId", "the tracking plan's id (`tp_...`)", id())];
    /// `/labels/{key}/{value}`
    LabelPath => vec![
        path("key", "the label's key", string().min_length(Some(1)).build()),
        path("value", "the label's value", string().min_length(Some(1)).build()),
    ];
    /// `/regulations/{regulateId}`
    RegulationPath => vec![path("regulateId", "the regulation's id", id())];
    /// `/catalog/sources/{sourceMetadataId}`
    SourceMetadataPath => vec![path("sourceMetadataId", "the id of a source of the catalog", id())];
    /// `/catalog/destinations/{destinationMetadataId}`
    DestinationMetadataPath => vec![path("destinationMetadataId", "the id of a destination of the catalog", id())];
    /// `?pagination[count]=10&pagination[cursor]=MA==`: the page asked for.
    Pagination => vec![pagination()];
    /// `listTrackingPlans`: the page, and the plans' `type`.
    PlanQuery => vec![
        pagination(),
        query("type", false, "only plans of this type", string().enum_values(Some(PLAN_TYPES))).build(),
    ];
    /// The lists of regulations: their `status` and `regulationTypes`.
    RegulationQuery => regulation_query(false);
    /// The pages of a workspace's regulations: their `status` and `regulationTypes`.
    RegulationPageQuery => regulation_query(true);
    /// `removeSourceFromTrackingPlan`: the source, in the query.
    SourceIdQuery => vec![query("sourceId", true, "the id of the source to disconnect", id()).build()];
    /// `removeRulesFromTrackingPlan`: the rules, in the query.
    RulesQuery => vec![rules()];
    /// `/functions/{functionId}`
    FunctionPath => vec![path("functionId", "the function's id", id())];
    /// `/functions/{functionId}/versions/{versionId}`
    VersionPath => vec![
        path("functionId", "the function's id", id()),
        path("versionId", "the version's id", id()),
    ];
    /// `/insert-function-instances/{instanceId}`
    InstancePath => vec![path("instanceId", "the insert function instance's id", id())];
    /// `listFunctions`: the page, and the functions' `resourceType`.
    FunctionListQuery => vec![
        pagination(),
        query("resourceType", true, "the functions of this type", string().enum_values(Some(FUNCTION_TYPES))).build(),
    ];
    /// `listInsertFunctionInstances`: the page, and the function.
    InstanceQuery => vec![pagination(), query("functionId", true, "the function's id", id()).build()];
    /// `/users/{userId}`
    UserPath => vec![path("userId", "the user's id", id())];
    /// `/groups/{userGroupId}`
    GroupPath => vec![path("userGroupId", "the user group's id", id())];
    /// `deleteUsers`: the users, in the query.
    UserIdsQuery => vec![list("userIds", "the ids of the users to delete")];
    /// `deleteInvites`, `removeUsersFromUserGroup`: the emails, in the query.
    EmailsQuery => vec![list("emails", "the emails")];
    /// `listAuditEvents`: the page, the time range and the resource.
    AuditQuery => vec![
        pagination(),
        query("startTime", false, "events at or after this time (RFC 3339)", string().format(Some(
            utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::DateTime),
        ))).build(),
        query("endTime", false, "events at or before this time (RFC 3339)", string().format(Some(
            utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::DateTime),
        ))).build(),
        query("resourceId", false, "events of this resource", string()).build(),
        query("resourceType", false, "events of resources of this type (`Source`, `Function`, ...)", string()).build(),
    ];
}

/// A list of strings in the query: repeated, indexed (`emails[0]`) or separated by commas.
fn list(name: &str, description: &str) -> Parameter {
    query(name, true, description, ArrayBuilder::new().items(string()))
        .style(Some(ParameterStyle::Form))
        .explode(Some(true))
        .build()
}

/// `pagination`, an object: `count` 1 to 1000 (200 when absent), `cursor` one this server issued.
fn pagination() -> Parameter {
    let count = ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(1))
        .maximum(Some(MAX_COUNT))
        .description(Some("items on the page; 200 when absent"));
    let cursor = string().description(Some(
        "the `next` or `previous` of a page this server answered (base64 of an offset, `MA==` first); empty or absent \
         for the first page",
    ));
    let schema = ObjectBuilder::new().property("count", count).property("cursor", cursor);
    query(
        "pagination",
        false,
        "the page: `pagination[count]` and `pagination[cursor]` (percent-encoded brackets too); the dot form \
         `pagination.count` and `pagination=` with JSON are read as well",
        schema,
    )
    .style(Some(ParameterStyle::DeepObject))
    .explode(Some(true))
    .build()
}

fn regulation_query(paged: bool) -> Vec<Parameter> {
    let status =
        query("status", false, "only regulations of this status", string().enum_values(Some(REGULATION_STATUSES)));
    let types = ArrayBuilder::new().items(string().enum_values(Some(REGULATION_TYPES)));
    let types = query(
        "regulationTypes",
        false,
        "only regulations of these types: repeated, indexed (`regulationTypes[0]`) or separated by commas",
        types,
    )
    .style(Some(ParameterStyle::Form))
    .explode(Some(true));
    let mut params = if paged { vec![pagination()] } else { Vec::new() };
    params.extend([status.build(), types.build()]);
    params
}

/// `rules`: the rules to remove, each `{type, key?, version}`. The TypeScript SDK sends
/// `rules[0][type]=TRACK&rules[0][key]=..&rules[0][version]=1`, Go `rules.0[type]=..`, Python one JSON-like object
/// per `rules=`; OpenAPI has no style for a list of objects, so the document states the Python form, one object.
fn rules() -> Parameter {
    let mut parameter = ParameterBuilder::new()
        .name("rules")
        .parameter_in(ParameterIn::Query)
        .required(Required::False)
        .description(Some(
            "a rule to remove, `{type, key?, version}`, as JSON; repeat `rules=` for several, or send the bracket \
             forms of the SDKs (`rules[0][type]=TRACK`, `rules.0[type]=TRACK`). Rules the plan lacks are ignored.",
        ))
        .build();
    parameter
        .content
        .insert("application/json".into(), Content::new(Some(Ref::from_schema_name("RuleRemoval"))).into());
    parameter
}

// Warehouses, reverse ETL models, transformations, spaces and profiles warehouses.
params! {
    /// `/warehouses/{warehouseId}`
    WarehousePath => vec![path("warehouseId", "the warehouse's id", id())];
    /// `/warehouses/{warehouseId}/connected-sources/{sourceId}`
    WarehouseSourcePath => vec![
        path("warehouseId", "the warehouse's id", id()),
        path("sourceId", "the source's id", id()),
    ];
    /// `/catalog/warehouses/{warehouseMetadataId}`
    WarehouseMetadataPath => vec![path("warehouseMetadataId", "the id of a warehouse of the catalog", id())];
    /// `/reverse-etl-models/{modelId}`
    ModelPath => vec![path("modelId", "the reverse ETL model's id", id())];
    /// `/reverse-etl-models/{modelId}/syncs/{syncId}`
    ModelSyncPath => vec![
        path("modelId", "the reverse ETL model's id", id()),
        path("syncId", "the id of a manual sync of the model", id()),
    ];
    /// `/transformations/{transformationId}`
    TransformationPath => vec![path("transformationId", "the transformation's id", id())];
    /// `/spaces/{spaceId}`
    SpacePath => vec![path("spaceId", "the space's id (`spa_` and the workspace's id)", id())];
    /// `/spaces/{spaceId}/profiles-warehouses/{warehouseId}`
    SpaceWarehousePath => vec![
        path("spaceId", "the space's id (`spa_` and the workspace's id)", id()),
        path("warehouseId", "the profiles warehouse's id", id()),
    ];
}
params! {
    /// The delivery overview's reads at a source (`getIngressSuccessMetricsFromDeliveryOverview`, ...).
    SourceDeliveryQuery => delivery_query(false);
    /// The delivery overview's reads at a destination (`getEgressSuccessMetricsFromDeliveryOverview`, ...).
    DestinationDeliveryQuery => delivery_query(true);
    /// The usage reads: the usage month and the page.
    UsageQuery => vec![
        query("period", true, "the start of the usage month: a date (`2026-11-01`) or an ISO 8601 time", string())
            .build(),
        required(pagination()),
    ];
}

fn required(mut parameter: Parameter) -> Parameter {
    parameter.required = Required::True;
    parameter
}

/// The delivery overview's query: the source (and destination), the window and its buckets, grouping, filters, the
/// page (required at a destination, as the SDK has it).
fn delivery_query(destination: bool) -> Vec<Parameter> {
    use crate::wire::public::insights::{DIMENSIONS, GRANULARITIES};
    let time = |name: &str, what: &str| {
        query(
            name,
            true,
            what,
            string().format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::DateTime))),
        )
        .build()
    };
    let mut params = vec![query("sourceId", true, "the source's id", id()).build()];
    if destination {
        params.push(query("destinationConfigId", true, "the id of a destination of the source", id()).build());
    }
    params.extend([
        time("startTime", "the start of the window, inclusive"),
        time("endTime", "the end of the window, exclusive"),
        query(
            "granularity",
            true,
            "the size of a bucket: `minute` (a window of at most 4 hours, starting at most 48 hours ago), `hour` (14 \
             days, 30 days ago) or `day` (30 days, 30 days ago)",
            string().enum_values(Some(GRANULARITIES)),
        )
        .build(),
        query(
            "groupBy",
            false,
            "dimensions to group the events by: indexed (`groupBy[0]`), repeated or separated by commas",
            ArrayBuilder::new().items(string().enum_values(Some(DIMENSIONS))),
        )
        .style(Some(ParameterStyle::Form))
        .explode(Some(true))
        .build(),
        query(
            "filter",
            false,
            "only events with these values: `filter[eventName][0]=Order%20Completed` (the dot and JSON forms too)",
            DIMENSIONS.iter().fold(ObjectBuilder::new(), |object, dimension| {
                object.property(*dimension, ArrayBuilder::new().items(string()))
            }),
        )
        .style(Some(ParameterStyle::DeepObject))
        .explode(Some(true))
        .build(),
    ]);
    if destination {
        params.push(query("subscriptionId", false, "only the deliveries of this mapping", id()).build());
        params.push(required(pagination()));
    } else {
        params.push(pagination());
    }
    params
}
