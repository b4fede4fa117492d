//! Mappings of an Actions destination on the Public API: its destination subscriptions,
//! `/destinations/{id}/subscriptions` (docs/reference/actions.md). A mapping is checked before it is written, with
//! the checks the emulator makes (`wire::actions::catalog`): a usage error, nothing sent.

use http::Method;
use serde_json::{Map, Value};

use super::path::{Id, Path};
use super::{Answer, Call, both, read, to_json, unreadable};
use crate::error::{Error, Result};
use crate::wire::actions::catalog::{self, Action, Definition};
use crate::wire::public;
use crate::wire::{self, wrapper};

/// The destination a mapping path names: its id, its name in seg's vocabulary, and the Actions destination its
/// catalog entry is (when seg knows its actions).
struct Subscribed {
    id: Id,
    name: String,
    definition: Option<&'static Definition>,
}

fn refused(refusal: catalog::Refusal) -> Error {
    Error::usage(format!("the mapping is refused before anything is sent: {refusal}"))
}

impl Call<'_> {
    async fn subscribed(&mut self, ws: &str, source: &str, segment: &str) -> Result<Subscribed> {
        let source_id = self.source_id(source).await;
        let found = match source_id {
            Ok(source_id) => self.destination(&source_id, segment).await,
            Err(e) => Err(e),
        };
        let (id, segment, raw) = self.or_unmade(found, || (Id::unmade(), segment.to_string(), Value::Null))?;
        let metadata_id = raw.pointer("/metadata/id").and_then(Value::as_str).unwrap_or_default();
        let slug = segment.split('#').next().unwrap_or_default();
        let definition = catalog::by_metadata_id(metadata_id).or_else(|| catalog::by_slug(slug));
        Ok(Subscribed { id, name: format!("workspaces/{ws}/sources/{source}/destinations/{segment}"), definition })
    }

    pub(super) async fn mappings(
        &mut self,
        ws: &str,
        source: &str,
        dst: &str,
        query: &[(String, String)],
    ) -> Result<Option<Answer>> {
        let at = self.subscribed(ws, source, dst).await?;
        let path = Path::of("destinations").id(&at.id).word("subscriptions");
        let (records, next) = self.page(path, "subscriptions", query).await?;
        let items = records.into_iter().map(|raw| both(raw, |r| read::mapping(&at.name, r))).collect::<Result<_>>()?;
        Ok(Some(Answer::Page { key: wrapper::MAPPINGS, items, next }))
    }

    pub(super) async fn mapping(&mut self, ws: &str, source: &str, dst: &str, id: &str) -> Result<Option<Answer>> {
        let id = Id::given(id, "mapping")?;
        let at = self.subscribed(ws, source, dst).await?;
        let path = Path::of("destinations").id(&at.id).word("subscriptions").id(&id);
        let raw = self.get(path, Vec::new()).await?["subscription"].take();
        let neutral = read::mapping(&at.name, &raw).map_err(unreadable)?;
        Ok(Some(Answer::one(&raw, &neutral)))
    }

    /// `POST /destinations/{id}/subscriptions`, after the checks: the action named (or the destination's only one),
    /// its settings and the trigger.
    pub(super) async fn create_mapping(
        &mut self,
        ws: &str,
        source: &str,
        dst: &str,
        input: &wire::MappingInput,
    ) -> Result<Option<Answer>> {
        let trigger = catalog::check_trigger(&input.trigger).map_err(refused)?;
        let at = self.subscribed(ws, source, dst).await?;
        let action_id = match at.definition {
            Some(definition) => {
                let action = action_of(definition, &input.action)?;
                action.check_settings(&input.settings).map_err(refused)?;
                action.id.to_string()
            }
            None if input.action.is_empty() => {
                return Err(Error::usage(format!(
                    "{}: seg does not know the actions of this destination: name one with --action ID",
                    at.name
                )));
            }
            None => input.action.clone(),
        };
        // A destination holds so many mappings: a further one is refused here, before anything is sent.
        if at.id != Id::unmade() {
            let held = self.all(Path::of("destinations").id(&at.id).word("subscriptions"), "subscriptions").await?;
            if held.len() >= catalog::MAX_MAPPINGS {
                return Err(Error::usage(format!(
                    "{} already has {} mappings, the most a destination holds: delete one first",
                    at.name,
                    held.len()
                )));
            }
        }
        let create = public::CreateSubscription {
            name: input.display_name.clone(),
            action_id,
            trigger: trigger.text().to_string(),
            enabled: input.enabled,
            settings: Some(input.settings.clone()),
            model_id: None,
        };
        let path = Path::of("destinations").id(&at.id).word("subscriptions");
        let Some(body) = self.call(Method::POST, path, Vec::new(), Some(&to_json(&create))).await? else {
            return Ok(None);
        };
        let raw = body["data"]["destinationSubscription"].clone();
        let neutral = read::mapping(&at.name, &raw).map_err(unreadable)?;
        Ok(Some(Answer::one(&raw, &neutral)))
    }

    /// `PATCH /destinations/{id}/subscriptions/{id}` with `{input: ...}`: the fields named. New settings are sent
    /// whole, with a `null` for each field they no longer hold (so they replace the old ones whether the service
    /// merges or replaces), after the checks on what the mapping becomes.
    pub(super) async fn update_mapping(
        &mut self,
        (ws, source, dst, mapping): (&str, &str, &str, &str),
        fields: &wire::Fields,
    ) -> Result<Option<Answer>> {
        let mapping = Id::given(mapping, "mapping")?;
        let at = self.subscribed(ws, source, dst).await?;
        let path = Path::of("destinations").id(&at.id).word("subscriptions").id(&mapping);
        let mut input = public::SubscriptionInput::default();
        for field in &fields.paths {
            let value = fields.value(field).cloned().unwrap_or(Value::Null);
            match field.as_str() {
                "display_name" => input.name = Some(value.as_str().unwrap_or_default().to_string()),
                "trigger" => {
                    let text = value.as_str().unwrap_or_default();
                    input.trigger = Some(catalog::check_trigger(text).map_err(refused)?.text().to_string());
                }
                "enabled" => input.enabled = Some(value.as_bool().unwrap_or(false)),
                "settings" => input.settings = Some(value.as_object().cloned().unwrap_or_default()),
                other => return Err(super::unsupported(&format!("mapping.{other}"), "has no such field on a mapping")),
            }
        }
        if let Some(settings) = input.settings.as_mut() {
            let current = self.get(path.clone(), Vec::new()).await;
            let current = self.or_unmade(current, || Value::Null)?;
            let current = &current["subscription"];
            if let Some(definition) = at.definition {
                let action_id = current["actionId"].as_str().unwrap_or_default();
                let action = action_of(definition, action_id)?;
                action.check_settings(settings).map_err(refused)?;
            }
            removed_as_null(settings, current["settings"].as_object());
        }
        let update = public::UpdateSubscription { input };
        let Some(body) = self.call(Method::PATCH, path, Vec::new(), Some(&to_json(&update))).await? else {
            return Ok(None);
        };
        let raw = body["data"]["subscription"].clone();
        let neutral = read::mapping(&at.name, &raw).map_err(unreadable)?;
        Ok(Some(Answer::one(&raw, &neutral)))
    }

    pub(super) async fn delete_mapping(
        &mut self,
        ws: &str,
        source: &str,
        dst: &str,
        mapping: &str,
    ) -> Result<Option<Answer>> {
        let mapping = Id::given(mapping, "mapping")?;
        let at = self.subscribed(ws, source, dst).await?;
        let path = Path::of("destinations").id(&at.id).word("subscriptions").id(&mapping);
        let answer = self.call(Method::DELETE, path, Vec::new(), None).await?;
        Ok(answer.map(|body| Answer::empty(&body["data"])))
    }
}

/// The action a mapping names (by id or slug), or the destination's only one when it names none.
fn action_of(definition: &'static Definition, named: &str) -> Result<&'static Action> {
    let found = if named.is_empty() { definition.only_action() } else { definition.action(named) };
    found.ok_or_else(|| {
        let known: Vec<String> = definition.actions.iter().map(|a| format!("{} ({})", a.slug, a.id)).collect();
        Error::usage(format!("{} has no action {named:?}: its actions are {}", definition.name, known.join(", ")))
    })
}

/// Each field the current settings hold and the new ones do not, as `null` in the new ones.
fn removed_as_null(settings: &mut Map<String, Value>, current: Option<&Map<String, Value>>) {
    for key in current.into_iter().flat_map(Map::keys) {
        if !settings.contains_key(key) {
            settings.insert(key.clone(), Value::Null);
        }
    }
}
