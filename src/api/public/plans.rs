//! Tracking plans and their sources on the Public API: a plan is `/tracking-plans/{id}` with its rules apart
//! (`/tracking-plans/{id}/rules`), its sources `/tracking-plans/{id}/sources`. In seg's vocabulary a plan holds
//! its rules (`rules.global`, `rules.events`, ...: `map::rules_from_public`) and is named by its Config API id
//! (`rs_…`, which the service gives as `resourceSchemaId`) or its Public API id.

use http::Method;
use serde_json::Value;

use super::path::{Id, Path};
use super::rules::RuleWrite;
use super::{Answer, Call, read, to_json, unreadable};
use crate::error::{Error, Result};
use crate::wire::public::{self, RuleInput, Rules, map};
use crate::wire::{self, wrapper};

/// The type of a plan made from seg's vocabulary (the Config API has only live plans).
const LIVE: &str = "LIVE";

impl Call<'_> {
    /// A plan's id and record, by its Public API id (`tp_…`), its Config API id (`rs_…`) or its display name.
    async fn plan(&mut self, segment: &str) -> Result<(Id, Value)> {
        let plans = self.all(Path::of("tracking-plans"), "trackingPlans").await?;
        let text = |p: &Value, key: &str| p.get(key).and_then(Value::as_str).unwrap_or_default().to_string();
        let found: Vec<&Value> =
            plans.iter().filter(|p| text(p, "id") == segment || text(p, "resourceSchemaId") == segment).collect();
        let found =
            if found.is_empty() { plans.iter().filter(|p| text(p, "name") == segment).collect() } else { found };
        match found.as_slice() {
            [plan] => Ok((Id::answered(&text(plan, "id"), "tracking plan")?, (*plan).clone())),
            [] => Err(super::not_found(format!("no tracking plan {segment:?} in the workspace"))),
            several => Err(Error::usage(format!(
                "{} tracking plans are named {segment:?}: name one by id ({})",
                several.len(),
                several.iter().map(|p| text(p, "id")).collect::<Vec<_>>().join(", ")
            ))),
        }
    }

    /// A plan as received with its rules read beside it, in seg's vocabulary.
    async fn plan_answer(&mut self, ws: &str, id: &Id, raw: Value) -> Result<Answer> {
        let rules = self.all(Path::of("tracking-plans").id(id).word("rules"), "rules").await?;
        let neutral = read::tracking_plan(ws, &raw, &rules).map_err(unreadable)?;
        Ok(Answer::one(&raw, &neutral))
    }

    /// A page of plans, each with its rules (one more read each: seg's plans hold their rules), unless the caller
    /// reads only names (`Request::raw_only`: the records as received, or a lookup by display name), which the
    /// page itself holds.
    pub(super) async fn plans(&mut self, ws: &str, query: &[(String, String)]) -> Result<Option<Answer>> {
        let (records, next) = self.page(Path::of("tracking-plans"), "trackingPlans", query).await?;
        let mut items = Vec::with_capacity(records.len());
        for raw in records {
            let raw: Value = crate::wire::text::part(raw.get()).map_err(|e| unreadable(e.to_string()))?;
            let id = Id::answered(super::text_at(&raw, "id"), "tracking plan")?;
            if self.reading == read::Reading::Name {
                let neutral = read::tracking_plan(ws, &raw, &[]).map_err(unreadable)?;
                items.push((super::text_of(&raw), super::text_of(&neutral)));
                continue;
            }
            if let Answer::One { raw, neutral } = self.plan_answer(ws, &id, raw).await? {
                items.push((raw, neutral));
            }
        }
        Ok(Some(Answer::Page { key: wrapper::TRACKING_PLANS, items, next }))
    }

    pub(super) async fn get_plan(&mut self, ws: &str, segment: &str) -> Result<Option<Answer>> {
        let (id, _) = self.plan(segment).await?;
        let raw = self.get(Path::of("tracking-plans").id(&id), Vec::new()).await?["trackingPlan"].take();
        self.plan_answer(ws, &id, raw).await.map(Some)
    }

    /// `POST /tracking-plans` (a live plan unless the request names a type, with the display name), then its rules
    /// as `rules::writes` says onto an empty plan (one `PUT …/rules` for at most 200, else upserts of 200 a call).
    pub(super) async fn create_plan(&mut self, ws: &str, input: &wire::TrackingPlanInput) -> Result<Option<Answer>> {
        let input = input.clone();
        let kind = input.kind.unwrap_or_else(|| LIVE.into());
        let create = public::CreateTrackingPlan { name: input.display_name, kind, description: None };
        let answer = self.call(Method::POST, Path::of("tracking-plans"), Vec::new(), Some(&to_json(&create))).await?;
        // Under --dry-run the create is described, and its rules' writes with the id it would have.
        let (raw, id) = match answer {
            Some(answer) => {
                let raw = answer["data"]["trackingPlan"].clone();
                let id = Id::answered(super::text_at(&raw, "id"), "tracking plan")?;
                (Some(raw), id)
            }
            None => (None, Id::unmade()),
        };
        if let Some(rules) = input.rules.filter(|r| !r.is_empty()) {
            self.write_rules(&id, &[], &map::rules_to_public(&rules)).await?;
        }
        match raw {
            Some(raw) => self.plan_answer(ws, &id, raw).await.map(Some),
            None => Ok(None),
        }
    }

    /// A plan's update: `display_name` with `PATCH /tracking-plans/{id}` (which answers no plan), `rules` written
    /// as `rules::writes` says from the rules the plan holds now (read first); the plan is read again for the
    /// answer. Under `--dry-run` every call is described.
    pub(super) async fn update_plan(
        &mut self,
        ws: &str,
        segment: &str,
        fields: &wire::Fields,
    ) -> Result<Option<Answer>> {
        let mut patch = public::UpdateTrackingPlan::default();
        let mut rules = None;
        for path in &fields.paths {
            let value = fields.value(path).cloned().unwrap_or(Value::Null);
            match path.as_str() {
                "display_name" => patch.name = Some(value.as_str().filter(|n| !n.is_empty()).map(String::from)),
                "rules" => rules = Some(value.as_object().cloned().unwrap_or_default()),
                other => {
                    return Err(super::unsupported(&format!("tracking_plan.{other}"), "has no such field on a plan"));
                }
            }
        }
        let (id, _) = self.plan(segment).await?;
        let mut described = false;
        if patch != public::UpdateTrackingPlan::default() {
            let path = Path::of("tracking-plans").id(&id);
            described |= self.call(Method::PATCH, path, Vec::new(), Some(&to_json(&patch))).await?.is_none();
        }
        if let Some(rules) = rules {
            let held = self.rules_held(&id).await?;
            described |= !self.write_rules(&id, &held, &map::rules_to_public(&rules)).await?;
        }
        if described {
            return Ok(None);
        }
        self.get_plan(ws, id.as_str()).await
    }

    /// The rules a plan holds now, as the service lists them.
    async fn rules_held(&mut self, id: &Id) -> Result<Vec<RuleInput>> {
        let listed = self.all(Path::of("tracking-plans").id(id).word("rules"), "rules").await?;
        listed
            .into_iter()
            .map(|rule| serde_json::from_value(rule).map_err(|e| unreadable(format!("a rule of the plan: {e}"))))
            .collect()
    }

    /// The rules a plan of `segment` holds now (its id read first), for the count of the calls an update makes.
    pub(super) async fn rules_of(&mut self, segment: &str) -> Result<Vec<RuleInput>> {
        let (id, _) = self.plan(segment).await?;
        self.rules_held(&id).await
    }

    /// Sends the calls that make a plan holding `held` hold `new` (`rules::writes`), each in turn: whether they
    /// were sent (not only described).
    async fn write_rules(&mut self, id: &Id, held: &[RuleInput], new: &[RuleInput]) -> Result<bool> {
        let mut sent = true;
        for write in super::rules::writes(held, new) {
            let path = Path::of("tracking-plans").id(id).word("rules");
            let method = write.method();
            let (query, body) = match write {
                RuleWrite::Replace(rules) => (Vec::new(), Some(to_json(&Rules { rules }))),
                RuleWrite::Upsert(rules) => (Vec::new(), Some(to_json(&Rules { rules }))),
                RuleWrite::Remove(query) => (query, None),
            };
            sent &= self.call(method, path, query, body.as_ref()).await?.is_some();
        }
        Ok(sent)
    }

    pub(super) async fn delete_plan(&mut self, segment: &str) -> Result<Option<Answer>> {
        let (id, _) = self.plan(segment).await?;
        let answer = self.call(Method::DELETE, Path::of("tracking-plans").id(&id), Vec::new(), None).await?;
        Ok(answer.map(|body| Answer::empty(&body["data"])))
    }

    pub(super) async fn connections(
        &mut self,
        ws: &str,
        segment: &str,
        query: &[(String, String)],
    ) -> Result<Option<Answer>> {
        let (id, plan) = self.plan(segment).await?;
        let named = read::plan_segment(&plan);
        let (records, next) = self.page(Path::of("tracking-plans").id(&id).word("sources"), "sources", query).await?;
        let items = records
            .into_iter()
            .map(|raw| super::both(raw, |source| Ok(read::connection(ws, &named, source))))
            .collect::<Result<_>>()?;
        Ok(Some(Answer::Page { key: wrapper::CONNECTIONS, items, next }))
    }

    /// `POST /tracking-plans/{id}/sources` with the source's id (seg's body names the source).
    pub(super) async fn connect(
        &mut self,
        ws: &str,
        segment: &str,
        input: &wire::ConnectSource,
    ) -> Result<Option<Answer>> {
        let slug = super::last_segment(&input.source_name).to_string();
        let source_id = self.source_id(&slug).await;
        let source_id = self.or_unmade(source_id, Id::unmade)?;
        let plan = self.plan(segment).await;
        let (id, plan) = self.or_unmade(plan, || (Id::unmade(), Value::Null))?;
        let add = public::SourceId { source_id: source_id.to_string() };
        let path = Path::of("tracking-plans").id(&id).word("sources");
        let Some(answer) = self.call(Method::POST, path, Vec::new(), Some(&to_json(&add))).await? else {
            return Ok(None);
        };
        let raw = answer.get("data").cloned().unwrap_or_default();
        let neutral = read::connection(ws, &read::plan_segment(&plan), &serde_json::json!({"slug": slug}));
        Ok(Some(Answer::one(&raw, &neutral)))
    }

    /// `DELETE /tracking-plans/{id}/sources?sourceId=…`.
    pub(super) async fn disconnect(&mut self, segment: &str, source: &str) -> Result<Option<Answer>> {
        let source_id = self.source_id(source).await?;
        let (id, _) = self.plan(segment).await?;
        let query = vec![("sourceId".to_string(), source_id.to_string())];
        let answer = self.call(Method::DELETE, Path::of("tracking-plans").id(&id).word("sources"), query, None).await?;
        Ok(answer.map(|body| Answer::empty(&body["data"])))
    }
}
