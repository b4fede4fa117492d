//! The mappings of an Actions destination (destination subscriptions on the Public API, docs/reference/actions.md)
//! in seg's vocabulary: `<destination>/mappings/<id>`, with the mapping's own name as `display_name`, its action by
//! slug and id, its trigger, its settings (field values: literals or mapping directives) and whether it is enabled.
//! The Config API has none; its commands are refused before any request (`api::Holds::mappings`).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
#[cfg(test)]
use utoipa::ToSchema;

use super::resources::{Extra, Resource};
use super::{Create, null_as_default};

/// The page wrapper of a destination's mappings.
pub const MAPPINGS: &str = "mappings";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct DestinationMapping {
    pub name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub display_name: String,
    /// The action's slug (`send`).
    #[serde(deserialize_with = "null_as_default")]
    pub action: String,
    #[serde(deserialize_with = "null_as_default")]
    pub action_id: String,
    /// When it fires (the trigger language of docs/reference/actions.md).
    #[serde(deserialize_with = "null_as_default")]
    pub trigger: String,
    #[serde(deserialize_with = "null_as_default")]
    pub enabled: bool,
    #[serde(deserialize_with = "null_as_default")]
    #[cfg_attr(test, schema(value_type = Object))]
    pub settings: Map<String, Value>,
    #[serde(flatten)]
    #[cfg_attr(test, schema(ignore))]
    pub extra: Extra,
}

impl Resource for DestinationMapping {
    const KEY: &'static str = "mapping";
    const CAMEL_KEY: &'static str = "mapping";
    const WRAPPER: &'static str = MAPPINGS;
    const MASK_PREFIXED: bool = false;
}

impl DestinationMapping {
    /// The mapping's id: the last segment of its name.
    pub fn id(&self) -> &str {
        self.name.rsplit('/').next().unwrap_or_default()
    }
}

/// What a new mapping is made of. `action` is the action's id or slug; empty, the destination's only action.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct MappingInput {
    #[serde(alias = "name", deserialize_with = "null_as_default")]
    pub display_name: String,
    #[serde(
        alias = "actionId",
        alias = "action_id",
        skip_serializing_if = "String::is_empty",
        deserialize_with = "null_as_default"
    )]
    pub action: String,
    #[serde(deserialize_with = "null_as_default")]
    pub trigger: String,
    #[serde(deserialize_with = "null_as_default")]
    pub enabled: bool,
    #[serde(deserialize_with = "null_as_default")]
    #[cfg_attr(test, schema(value_type = Object))]
    pub settings: Map<String, Value>,
}

/// `{"mapping": {...}}`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CreateMapping {
    pub mapping: MappingInput,
}

impl Create for CreateMapping {
    type Answer = DestinationMapping;

    fn body(&self) -> super::Body {
        super::Body::Mapping(self.mapping.clone())
    }
}
