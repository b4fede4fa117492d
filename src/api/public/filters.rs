//! Destination filters, a source's schema settings and regulations on the Public API: `/destination/{id}/filters`
//! (singular `destination`), `/sources/{id}/settings`, `/regulations`.

use http::Method;
use serde_json::{Map, Value, json};

use super::path::{Id, Path};
use super::{Answer, Call, both, read, to_json, unreadable};
use crate::error::{Error, Result};
use crate::wire::public::{self, map};
use crate::wire::{self, wrapper};

impl Call<'_> {
    /// The destination a filter path names: its id and its name in seg's vocabulary.
    async fn filtered(&mut self, ws: &str, source: &str, segment: &str) -> Result<(Id, Id, String)> {
        let source_id = self.source_id(source).await?;
        let (id, segment, _) = self.destination(&source_id, segment).await?;
        Ok((source_id, id, format!("workspaces/{ws}/sources/{source}/destinations/{segment}")))
    }

    pub(super) async fn filters(
        &mut self,
        ws: &str,
        source: &str,
        dst: &str,
        query: &[(String, String)],
    ) -> Result<Option<Answer>> {
        let (_, id, name) = self.filtered(ws, source, dst).await?;
        let (records, next) = self.page(Path::of("destination").id(&id).word("filters"), "filters", query).await?;
        let items = records.into_iter().map(|raw| both(raw, |r| read::filter(&name, r))).collect::<Result<_>>()?;
        Ok(Some(Answer::Page { key: wrapper::FILTERS, items, next }))
    }

    pub(super) async fn filter(&mut self, ws: &str, source: &str, dst: &str, filter: &str) -> Result<Option<Answer>> {
        let filter = Id::given(filter, "filter")?;
        let (_, id, name) = self.filtered(ws, source, dst).await?;
        let path = Path::of("destination").id(&id).word("filters").id(&filter);
        let raw = self.get(path, Vec::new()).await?["filter"].take();
        let neutral = read::filter(&name, &raw).map_err(unreadable)?;
        Ok(Some(Answer::one(&raw, &neutral)))
    }

    /// `POST /destination/{id}/filters` with the destination's source id beside the filter (the Public API asks for
    /// both), its actions in the Public API's shape.
    pub(super) async fn create_filter(
        &mut self,
        ws: &str,
        source: &str,
        dst: &str,
        input: &wire::FilterInput,
    ) -> Result<Option<Answer>> {
        let input = input.clone();
        let actions = map::filter_actions_to_public(&input.actions).map_err(Error::usage)?;
        // A destination this run would have made (under --dry-run): described in its place.
        let filtered = self.filtered(ws, source, dst).await;
        let (source_id, id, name) = self.or_unmade(filtered, || {
            (Id::unmade(), Id::unmade(), format!("workspaces/{ws}/sources/{source}/destinations/{dst}"))
        })?;
        let create = public::CreateFilter {
            source_id: source_id.to_string(),
            condition: input.condition,
            actions,
            title: input.title,
            description: Some(input.description).filter(|d| !d.is_empty()),
            enabled: input.enabled,
        };
        let path = Path::of("destination").id(&id).word("filters");
        let Some(body) = self.call(Method::POST, path, Vec::new(), Some(&to_json(&create))).await? else {
            return Ok(None);
        };
        let raw = body["data"]["filter"].clone();
        let neutral = read::filter(&name, &raw).map_err(unreadable)?;
        Ok(Some(Answer::one(&raw, &neutral)))
    }

    /// A filter's update: the fields its mask names (`if`, `actions`, `title`, `description`, `enabled`).
    pub(super) async fn update_filter(
        &mut self,
        (ws, source, dst, filter): (&str, &str, &str, &str),
        fields: &wire::Fields,
    ) -> Result<Option<Answer>> {
        let mut patch = public::UpdateFilter::default();
        for path in &fields.paths {
            let value = fields.value(path).cloned().unwrap_or(Value::Null);
            let text = || value.as_str().unwrap_or_default().to_string();
            match path.as_str() {
                "if" => patch.condition = Some(text()),
                "title" => patch.title = Some(text()),
                "description" => patch.description = Some(Some(text()).filter(|d| !d.is_empty())),
                "enabled" => patch.enabled = Some(value.as_bool().unwrap_or(false)),
                "actions" => {
                    let actions = value.as_array().map(Vec::as_slice).unwrap_or_default();
                    patch.actions = Some(map::filter_actions_to_public(actions).map_err(Error::usage)?);
                }
                other => return Err(super::unsupported(&format!("filter.{other}"), "has no such field on a filter")),
            }
        }
        let filter = Id::given(filter, "filter")?;
        let (_, id, name) = self.filtered(ws, source, dst).await?;
        let path = Path::of("destination").id(&id).word("filters").id(&filter);
        let Some(body) = self.call(Method::PATCH, path, Vec::new(), Some(&to_json(&patch))).await? else {
            return Ok(None);
        };
        let raw = body["data"]["filter"].clone();
        let neutral = read::filter(&name, &raw).map_err(unreadable)?;
        Ok(Some(Answer::one(&raw, &neutral)))
    }

    pub(super) async fn delete_filter(
        &mut self,
        ws: &str,
        source: &str,
        dst: &str,
        filter: &str,
    ) -> Result<Option<Answer>> {
        let filter = Id::given(filter, "filter")?;
        let (_, id, _) = self.filtered(ws, source, dst).await?;
        let path = Path::of("destination").id(&id).word("filters").id(&filter);
        let answer = self.call(Method::DELETE, path, Vec::new(), None).await?;
        Ok(answer.map(|body| Answer::empty(&body["data"])))
    }

    /// The slug of a source id (forwarding targets are ids on the Public API): as this process read it, else read
    /// (what an earlier process remembered may name another source now).
    async fn slug_of(&mut self, id: &str) -> Result<String> {
        if let Some(slug) = self.ids.slug(id) {
            return Ok(slug);
        }
        let sources = self.all(Path::of("sources"), "sources").await?;
        let pair = |s: &Value| (super::text_at(s, "slug").to_string(), super::text_at(s, "id").to_string());
        self.ids.remember(super::Table::Sources, sources.iter().map(pair), true);
        Ok(self.ids.slug(id).unwrap_or_else(|| id.to_string()))
    }

    /// A schema config read from `settings` (whose forwarding targets are source ids).
    async fn schema_answer(&mut self, ws: &str, source: &str, data: &Value) -> Result<Answer> {
        let raw = data.get("settings").cloned().unwrap_or_default();
        let mut slugs = std::collections::HashMap::new();
        for key in ["forwardingViolationsTo", "forwardingBlockedEventsTo"] {
            if let Some(id) = raw.get(key).and_then(Value::as_str).filter(|id| !id.is_empty()) {
                let slug = self.slug_of(id).await?;
                slugs.insert(id.to_string(), slug);
            }
        }
        let name = format!("workspaces/{ws}/sources/{source}");
        let neutral = read::schema_config(&name, &raw, |id| slugs.get(id).cloned().unwrap_or_else(|| id.to_string()))
            .map_err(unreadable)?;
        Ok(Answer::one(data, &neutral))
    }

    pub(super) async fn schema_config(&mut self, ws: &str, source: &str) -> Result<Option<Answer>> {
        let id = self.source_id(source).await?;
        let data = self.get(Path::of("sources").id(&id).word("settings"), Vec::new()).await?;
        self.schema_answer(ws, source, &data).await.map(Some)
    }

    /// `PATCH /sources/{id}/settings` with the fields the mask names, each in its group; forwarding targets (source
    /// names or slugs) as ids, `""` clearing one.
    pub(super) async fn update_schema_config(
        &mut self,
        ws: &str,
        source: &str,
        fields: &wire::Fields,
    ) -> Result<Option<Answer>> {
        let mut patch = Map::new();
        for path in &fields.paths {
            let Some((group, field)) = map::schema_field_to_public(path) else {
                return Err(super::unsupported(&format!("schema_config.{path}"), "has no such schema setting"));
            };
            let mut value = fields.value(path).cloned().unwrap_or(Value::Null);
            if group.is_empty() {
                let target = value.as_str().unwrap_or_default();
                let target = target.rsplit('/').next().unwrap_or(target).to_string();
                value =
                    json!(if target.is_empty() { String::new() } else { self.source_id(&target).await?.to_string() });
                patch.insert(field.to_string(), value);
            } else if let Value::Object(group) = patch.entry(group).or_insert_with(|| json!({})) {
                group.insert(field.to_string(), value);
            }
        }
        let id = self.source_id(source).await?;
        let patch = Value::Object(patch);
        let path = Path::of("sources").id(&id).word("settings");
        let Some(body) = self.call(Method::PATCH, path, Vec::new(), Some(&patch)).await? else {
            return Ok(None);
        };
        let data = body.get("data").cloned().unwrap_or_default();
        self.schema_answer(ws, source, &data).await.map(Some)
    }

    pub(super) async fn regulations(&mut self, ws: &str, query: &[(String, String)]) -> Result<Option<Answer>> {
        let (records, next) = self.page(Path::of("regulations"), "regulations", query).await?;
        let items = records.into_iter().map(|raw| both(raw, |r| Ok(read::regulation(ws, r)))).collect::<Result<_>>()?;
        Ok(Some(Answer::Page { key: wrapper::REGULATIONS, items, next }))
    }

    pub(super) async fn regulation(&mut self, ws: &str, id: &str) -> Result<Option<Answer>> {
        let id = Id::given(id, "regulation")?;
        let raw = self.get(Path::of("regulations").id(&id), Vec::new()).await?["regulation"].take();
        let neutral = read::regulation(ws, &raw);
        Ok(Some(Answer::one(&raw, &neutral)))
    }

    /// `POST /regulations`: the Config API's regulation and subject types in the Public API's spelling.
    pub(super) async fn create_regulation(&mut self, input: &wire::CreateRegulation) -> Result<Option<Answer>> {
        let input = input.clone();
        let kind = map::regulation_type_to_public(&input.regulation_type).ok_or_else(|| {
            Error::usage(format!("regulation type {:?} has no Public API counterpart", input.regulation_type))
        })?;
        let subject = map::subject_type_to_public(&input.attributes.name).ok_or_else(|| {
            Error::usage(format!("subject {:?} has no Public API counterpart", input.attributes.name))
        })?;
        let create = public::RegulationInput {
            regulation_type: kind.to_string(),
            subject_type: subject.to_string(),
            subject_ids: input.attributes.values,
        };
        let Some(body) = self.call(Method::POST, Path::of("regulations"), Vec::new(), Some(&to_json(&create))).await?
        else {
            return Ok(None);
        };
        let raw = body.get("data").cloned().unwrap_or_default();
        let neutral = json!({"regulate_id": raw.get("regulateId").cloned().unwrap_or_default()});
        Ok(Some(Answer::one(&raw, &neutral)))
    }
}
