//! Mappings of Actions destinations under `/destinations/{destinationId}/subscriptions` (the SDK's destination
//! subscriptions, Alpha): list, get, create (`{data: {destinationSubscription}}`), update (`{input: ..}`, settings
//! merged by top-level key; `{data: {subscription}}`) and remove. The checks are the model's (`model::mappings`);
//! create, update and remove are limited to 5 requests per minute per token (the gate).

use std::sync::Arc;

use axum::extract::State;
use serde::{Deserialize, Serialize};

use super::destinations::named as destination_named;
#[cfg(test)]
use super::doc::{DestinationPath, Pagination, SubscriptionPath};
use super::{Body, Caller, Ids, Problem, Query, Reply, Write, data, page, render, success};
use crate::emulator::App;
use crate::emulator::model::{self, mappings};
use crate::emulator::status::Status;
use crate::emulator::store::State as Store;
use crate::wire::public::{self, PaginationOutput};
#[cfg(test)]
use crate::wire::public::{CreateSubscription, Envelope, StatusOnly, UpdateSubscription};

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = SubscriptionsPage))]
struct Subscriptions {
    subscriptions: Vec<public::Subscription>,
    pagination: PaginationOutput,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = SubscriptionData))]
struct One {
    subscription: public::Subscription,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(utoipa::ToSchema), schema(as = DestinationSubscriptionData))]
#[serde(rename_all = "camelCase")]
struct Created {
    destination_subscription: public::Subscription,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionIds {
    destination_id: String,
    id: String,
}

/// The key of a mapping of this destination: 404 for one of another destination.
fn named(state: &Store, destination: &str, id: &str) -> Result<String, Problem> {
    let key = format!("{}/{id}", mappings::collection(destination));
    mappings::get(state, &key).map_err(|_| Status::not_found(format!("subscription {id} not found")))?;
    Ok(key)
}

fn one(state: &Store, key: &str) -> Result<public::Subscription, Problem> {
    Ok(render::subscription(state, key, mappings::get(state, key)?))
}

/// List subscriptions from a destination
#[cfg_attr(test, utoipa::path(get, path = "/destinations/{destinationId}/subscriptions",
    tag = "Destinations", params(DestinationPath, Pagination),
    responses(
        (status = 200, description = "a page of the destination's subscriptions", body = Envelope<Subscriptions>),
        (status = 404, description = "no destination of this id in the token's workspace"),
    )))]
pub async fn list_subscriptions_from_destination(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let asked = query.page()?;
    let state = app.store.read();
    let destination = destination_named(&state, &caller.workspace(&state)?, &id)?;
    let keys: Vec<&str> = state.names_in(&mappings::collection(&destination)).collect();
    let (keys, pagination) = page(&keys, asked);
    let subscriptions = keys.iter().map(|key| one(&state, key)).collect::<Result<_, _>>()?;
    data(Subscriptions { subscriptions, pagination })
}

/// Get subscription from a destination
#[cfg_attr(test, utoipa::path(get, path = "/destinations/{destinationId}/subscriptions/{id}",
    tag = "Destinations", params(SubscriptionPath),
    responses(
        (status = 200, description = "the subscription", body = Envelope<One>),
        (status = 404, description = "no such destination in the token's workspace, or no such subscription of it"),
    )))]
pub async fn get_subscription_from_destination(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(ids): Ids<SubscriptionIds>,
) -> Reply {
    let state = app.store.read();
    let destination = destination_named(&state, &caller.workspace(&state)?, &ids.destination_id)?;
    data(One { subscription: one(&state, &named(&state, &destination, &ids.id)?)? })
}

/// Create a destination subscription
///
/// The destination must be an Actions destination with fewer than 5 subscriptions; `actionId` one of its actions;
/// `settings` the action's fields (literals or mapping directives), every required one given; `trigger` FQL that
/// parses. Limited to 5 requests per minute per token.
#[cfg_attr(test, utoipa::path(post, path = "/destinations/{destinationId}/subscriptions",
    tag = "Destinations", params(DestinationPath), request_body = CreateSubscription,
    responses(
        (status = 200, description = "the new subscription", body = Envelope<Created>),
        (status = 404, description = "no destination of this id in the token's workspace"),
        (status = 422, description = "not an Actions destination, a 6th subscription, an unknown action, a \
                                      field the action does not have or a required one missing, a bad literal, a \
                                      trigger that does not parse"),
    )))]
pub async fn create_destination_subscription(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    body: Body,
) -> Reply {
    let tx = write.begin(&app).await;
    let (op, key) = {
        let state = tx.state();
        let destination = destination_named(&state, &model::workspace_of(&state, tx.caller())?, &id)?;
        let input: public::CreateSubscription = body.json()?;
        let new = mappings::NewMapping {
            name: input.name,
            action_id: input.action_id,
            trigger: input.trigger,
            enabled: input.enabled,
            settings: input.settings.unwrap_or_default(),
            model_id: input.model_id,
        };
        mappings::create(&state, &destination, new)?
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    data(Created { destination_subscription: one(&state, &key)? })
}

/// Update subscription for destination
///
/// Only the fields of `input` change; `settings` merge by top-level key, a `null` removing one. Limited to 5
/// requests per minute per token.
#[cfg_attr(test, utoipa::path(patch, path = "/destinations/{destinationId}/subscriptions/{id}",
    tag = "Destinations", params(SubscriptionPath), request_body = UpdateSubscription,
    responses(
        (status = 200, description = "the subscription as updated", body = Envelope<One>),
        (status = 404, description = "no such destination in the token's workspace, or no such subscription of it"),
        (status = 422, description = "a field the action does not have, a bad literal, a trigger that does not \
                                      parse"),
    )))]
pub async fn update_subscription_for_destination(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(ids): Ids<SubscriptionIds>,
    body: Body,
) -> Reply {
    let tx = write.begin(&app).await;
    let (op, key) = {
        let state = tx.state();
        let destination = destination_named(&state, &model::workspace_of(&state, tx.caller())?, &ids.destination_id)?;
        let key = named(&state, &destination, &ids.id)?;
        let input: public::UpdateSubscription = body.json()?;
        let input = input.input;
        let changes = mappings::Changes {
            name: input.name,
            trigger: input.trigger,
            enabled: input.enabled,
            settings: input.settings,
        };
        (mappings::update(&state, &key, changes)?, key)
    };
    tx.commit(vec![op]).await?;
    let state = app.store.read();
    data(One { subscription: one(&state, &key)? })
}

/// Remove subscription from destination
#[cfg_attr(test, utoipa::path(delete, path = "/destinations/{destinationId}/subscriptions/{id}",
    tag = "Destinations", params(SubscriptionPath),
    responses(
        (status = 200, description = "removed", body = Envelope<StatusOnly>),
        (status = 404, description = "no such destination in the token's workspace, or no such subscription of it"),
    )))]
pub async fn remove_subscription_from_destination(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(ids): Ids<SubscriptionIds>,
) -> Reply {
    let tx = write.begin(&app).await;
    let op = {
        let state = tx.state();
        let destination = destination_named(&state, &model::workspace_of(&state, tx.caller())?, &ids.destination_id)?;
        let key = named(&state, &destination, &ids.id)?;
        mappings::delete(&state, &key)?
    };
    tx.commit(vec![op]).await?;
    success()
}
