//! Resource names: full names (`workspaces/w/sources/s/destinations/d`) and the short forms of
//! docs/reference/commands.md, completed from the workspace (`-w`) and, for destinations, the source (`--source`).
//! Checked before any request is sent: the structure (segment count and keywords) strictly, the characters permissively
//! (no empty, `.` or `..` segment, no `?`, `#`, `%` or whitespace), since the service publishes no slug rule.

use std::fmt;

use crate::wire::{Noun, Target};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Workspace,
    Source,
    Destination,
    Filter,
    Mapping,
    TrackingPlan,
    AccessToken,
    Regulation,
    CatalogSource,
    CatalogDestination,
    /// One of the Public API's own resources, named by its id (`Name::record`).
    Record(Noun),
}

impl Kind {
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Workspace => "workspace",
            Kind::Source => "source",
            Kind::Destination => "destination",
            Kind::Filter => "destination filter",
            Kind::Mapping => "mapping",
            Kind::TrackingPlan => "tracking plan",
            Kind::AccessToken => "access token",
            Kind::Regulation => "regulation",
            Kind::CatalogSource => "catalog source",
            Kind::CatalogDestination => "catalog destination",
            Kind::Record(noun) => noun.noun(),
        }
    }

    /// The full form, for messages.
    fn pattern(self) -> &'static str {
        match self {
            Kind::Workspace => "workspaces/WS",
            Kind::Source => "workspaces/WS/sources/SRC",
            Kind::Destination => "workspaces/WS/sources/SRC/destinations/DST",
            Kind::Filter => "workspaces/WS/sources/SRC/destinations/DST/filters/ID",
            Kind::Mapping => "workspaces/WS/sources/SRC/destinations/DST/mappings/ID",
            Kind::TrackingPlan => "workspaces/WS/tracking-plans/rs_ID",
            Kind::AccessToken => "access-tokens/N",
            Kind::Regulation => "workspaces/WS/regulations/ID",
            Kind::CatalogSource => "catalog/sources/SLUG",
            Kind::CatalogDestination => "catalog/destinations/SLUG",
            Kind::Record(Noun::WarehouseSources) => "workspaces/WS/warehouses/ID/connected-sources/SRC",
            Kind::Record(Noun::Instances) => "workspaces/WS/functions/ID/instances/ID",
            Kind::Record(Noun::GroupUsers) => "workspaces/WS/user-groups/ID/users/EMAIL",
            Kind::Record(Noun::GroupInvites) => "workspaces/WS/user-groups/ID/invites/EMAIL",
            Kind::Record(_) => "workspaces/WS/NOUN/ID",
        }
    }

    /// The keyword segments of the full form; `None` stands for an id or slug.
    fn shape(self) -> &'static [Option<&'static str>] {
        match self {
            Kind::Workspace => &[Some("workspaces"), None],
            Kind::Source => &[Some("workspaces"), None, Some("sources"), None],
            Kind::Destination => &[Some("workspaces"), None, Some("sources"), None, Some("destinations"), None],
            Kind::Filter => {
                &[Some("workspaces"), None, Some("sources"), None, Some("destinations"), None, Some("filters"), None]
            }
            Kind::Mapping => {
                &[Some("workspaces"), None, Some("sources"), None, Some("destinations"), None, Some("mappings"), None]
            }
            Kind::TrackingPlan => &[Some("workspaces"), None, Some("tracking-plans"), None],
            Kind::AccessToken => &[Some("access-tokens"), None],
            Kind::Regulation => &[Some("workspaces"), None, Some("regulations"), None],
            Kind::CatalogSource => &[Some("catalog"), Some("sources"), None],
            Kind::CatalogDestination => &[Some("catalog"), Some("destinations"), None],
            // Made from an id (`Name::record`), never parsed from a short form.
            Kind::Record(_) => &[],
        }
    }
}

/// Names and ids this long or longer are refused before anything is sent (no service takes a 64 KiB name).
pub const MAX_NAME: usize = 64 * 1024;

/// What short names are completed from.
#[derive(Debug, Clone, Default)]
pub struct Defaults {
    pub workspace: Option<String>,
    pub source: Option<String>,
}

/// A checked, full resource name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name {
    kind: Kind,
    full: String,
    /// What it names, as a request carries it.
    target: Target,
}

impl Name {
    /// A name whose structure was checked against its kind's (every kind's full form is a target's).
    fn checked(kind: Kind, full: String) -> Result<Name, String> {
        match Target::parse(&full) {
            Some(target) => Ok(Name { kind, full, target }),
            None => Err(format!("invalid {} name {full:?}: expected {}", kind.noun(), kind.pattern())),
        }
    }

    /// One of the Public API's own resources ([`Noun`]) by its id, in workspace `ws` (below the resource `under`
    /// for one of a resource's: a warehouse's connected source).
    pub fn record(noun: Noun, ws: &str, under: Option<&str>, id: &str) -> Result<Name, String> {
        for segment in [Some(ws), under, Some(id)].into_iter().flatten() {
            if segment.is_empty() || segment.contains('/') || segment.len() >= MAX_NAME {
                return Err(format!("{:?} cannot name a {}", crate::text::escape_control(segment), noun.noun()));
            }
        }
        let target = Target::Record { ws: ws.into(), noun, under: under.map(String::from), id: id.into() };
        Ok(Name { kind: Kind::Record(noun), full: target.path(), target })
    }

    /// What it names, as a request carries it (`wire::Request::get`, ...).
    pub fn target(&self) -> Target {
        self.target.clone()
    }

    /// The collection of kind `what` the resource holds (`Target::below`: a source's `destinations`, ...).
    pub fn below(&self, what: &str) -> crate::error::Result<Target> {
        self.target
            .below(what)
            .ok_or_else(|| crate::error::Error::usage(format!("a {} holds no {what}", self.kind.noun())))
    }

    /// The resource `segment` of the collection of kind `what` the resource holds (a plan's connection of a source).
    pub fn below_item(&self, what: &str, segment: &str) -> crate::error::Result<Target> {
        let collection = self.below(what)?;
        collection.item(segment).ok_or_else(|| crate::error::Error::usage(format!("{collection} holds no {segment}")))
    }

    /// The collection the resource is made in (a source's: its workspace's sources).
    pub fn collection(&self) -> crate::error::Result<Target> {
        self.target
            .collection()
            .ok_or_else(|| crate::error::Error::usage(format!("a {} is made by no create", self.kind.noun())))
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    pub fn as_str(&self) -> &str {
        &self.full
    }

    /// The last segment: the slug or id.
    pub fn id(&self) -> &str {
        self.full.rsplit('/').next().unwrap_or_default()
    }

    /// The short form a person types (docs/NAMES.md): `web` for a source, `web/webhooks` for a destination, the
    /// id of a tracking plan, filter, token or regulation.
    pub fn short(&self) -> String {
        let segments: Vec<&str> = self.full.split('/').collect();
        match (self.kind, segments.as_slice()) {
            (Kind::Destination, [.., source, "destinations", destination]) => format!("{source}/{destination}"),
            _ => self.id().to_string(),
        }
    }

    /// The name of the parent resource (`workspaces/w` for a source; empty for a top-level resource).
    pub fn parent(&self) -> &str {
        let collection = self.full.rfind('/').map_or("", |i| &self.full[..i]);
        collection.rfind('/').map_or("", |i| &collection[..i])
    }

    /// The API path of the resource, without the version prefix.
    pub fn path(&self) -> &str {
        &self.full
    }

    /// The workspace a name is in (`w` of `workspaces/w/...`), `None` for one in none (a token, a catalog entry).
    pub fn workspace(&self) -> Option<&str> {
        self.full.strip_prefix("workspaces/").map(|rest| rest.split('/').next().unwrap_or(rest))
    }

    /// The same resource in workspace `ws`: how a name holding the token's workspace ([`crate::wire::TOKENS_WORKSPACE`])
    /// is printed, once its slug is known.
    pub fn in_workspace(&self, ws: &str) -> Name {
        Name { kind: self.kind, full: in_workspace(&self.full, ws), target: self.target.in_workspace(ws) }
    }
}

/// A name (full, or a collection's path) in workspace `ws`; one in no workspace as it is.
pub fn in_workspace(name: &str, ws: &str) -> String {
    match name.strip_prefix("workspaces/") {
        Some(rest) => match rest.split_once('/') {
            Some((_, below)) => format!("workspaces/{ws}/{below}"),
            None => format!("workspaces/{ws}"),
        },
        None => name.to_string(),
    }
}

/// A tracking plan as a person names it (docs/reference/names.md, "Tracking plans").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    /// A full name (`workspaces/W/tracking-plans/ID`), or an id completed from the workspace.
    Named(Name),
    /// Anything else: a display name, matched exactly against the workspace's plans.
    Titled(String),
}

/// The prefixes of a tracking plan's ids: the Config API's (`rs_`) and the Public API's (`tp_`).
pub const PLAN_ID_PREFIXES: [&str; 2] = ["rs_", "tp_"];

/// Whether `text` is a tracking plan's id: `rs_` or `tp_` and then the ids' alphabet (letters and digits).
pub fn is_plan_id(text: &str) -> bool {
    PLAN_ID_PREFIXES.iter().any(|prefix| {
        text.strip_prefix(prefix).is_some_and(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric()))
    })
}

/// Reads a tracking-plan argument: a full name if it starts as one (`workspaces/`; refused when it does not parse as
/// a plan's), else an id if it is one ([`is_plan_id`]), else a display name (any other characters, spaces
/// included). An empty or overlong argument is refused too.
pub fn tracking_plan(input: &str, defaults: &Defaults) -> Result<Plan, String> {
    let kind = Kind::TrackingPlan;
    if input.is_empty() || input.len() >= MAX_NAME {
        // `parse` says why, in the words it uses for every name.
        return parse(kind, input, defaults).map(Plan::Named);
    }
    // What starts as a full name is one: a malformed one (another kind's, a bad segment) is refused, as any name.
    if input.strip_prefix('/').unwrap_or(input).starts_with("workspaces/") {
        return parse(kind, input, &Defaults::default()).map(Plan::Named);
    }
    if is_plan_id(input) {
        return parse(kind, input, defaults).map(Plan::Named);
    }
    Ok(Plan::Titled(input.to_string()))
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.full)
    }
}

/// What separates a catalog slug from a destination's name in `SOURCE/SLUG#NAME`, which names one of several
/// destinations of a catalog entry under one source (the Public API's; the Config API cannot name them).
pub const INSTANCE: char = '#';

/// Checks one segment's characters.
fn check_segment(segment: &str, input: &str) -> Result<(), String> {
    if segment.is_empty() {
        return Err(format!("invalid name {input:?}: empty segment"));
    }
    if segment == "." || segment == ".." {
        return Err(format!("invalid name {input:?}: {segment:?} is not a segment"));
    }
    if let Some(c) = segment.chars().find(|c| c.is_whitespace() || c.is_control() || matches!(c, '?' | '#' | '%')) {
        return Err(format!("invalid name {input:?}: {:?} is not allowed in a name", c));
    }
    Ok(())
}

/// Parses a name of `kind` in full or short form.
pub fn parse(kind: Kind, input: &str, defaults: &Defaults) -> Result<Name, String> {
    if input.len() >= MAX_NAME {
        return Err(format!(
            "a {} name of {} is too long: at most {} (64 KiB)",
            kind.noun(),
            crate::ui::count(input.len(), "byte"),
            MAX_NAME - 1
        ));
    }
    let input_trimmed = input.strip_prefix('/').unwrap_or(input);
    if input_trimmed.is_empty() {
        return Err(format!("a {} name is required ({})", kind.noun(), kind.pattern()));
    }
    let segments: Vec<&str> = input_trimmed.split('/').collect();
    let last = segments.len() - 1;
    for (at, segment) in segments.iter().enumerate() {
        match segment.split_once(INSTANCE) {
            // A further destination of one catalog entry, by its name (the Public API's `SLUG#NAME`).
            Some((slug, instance)) if kind == Kind::Destination && at == last => {
                check_segment(slug, input)?;
                if instance.is_empty() || instance.chars().any(char::is_control) {
                    return Err(format!("invalid name {input:?}: give the destination's name after '#'"));
                }
            }
            _ => check_segment(segment, input)?,
        }
    }
    let shape = kind.shape();
    if segments.len() == shape.len() {
        let keywords_match = shape.iter().zip(&segments).all(|(want, got)| want.is_none_or(|k| k == *got));
        if keywords_match {
            return Name::checked(kind, input_trimmed.to_string());
        }
    }
    if segments.first().is_some_and(|s| matches!(*s, "workspaces" | "access-tokens" | "catalog")) {
        return Err(format!("invalid {} name {input:?}: expected {}", kind.noun(), kind.pattern()));
    }
    short(kind, input, &segments, defaults)
}

fn short(kind: Kind, input: &str, segments: &[&str], defaults: &Defaults) -> Result<Name, String> {
    let workspace = || {
        defaults.workspace.as_deref().ok_or_else(|| {
            format!("the short {} name {input:?} needs a workspace: pass -w WS or use {}", kind.noun(), kind.pattern())
        })
    };
    let full = match (kind, segments) {
        (Kind::Workspace, [ws]) => format!("workspaces/{ws}"),
        (Kind::Source, [src]) => format!("workspaces/{}/sources/{src}", workspace()?),
        (Kind::Destination, [src, dst]) => format!("workspaces/{}/sources/{src}/destinations/{dst}", workspace()?),
        (Kind::Destination, [dst]) => {
            let ws = workspace()?;
            let src = defaults.source.as_deref().ok_or_else(|| {
                format!("the short destination name {input:?} needs a source: use SRC/{dst} or pass --source SRC")
            })?;
            default_segment("source", src)?;
            format!("workspaces/{ws}/sources/{src}/destinations/{dst}")
        }
        (Kind::TrackingPlan, [id]) => format!("workspaces/{}/tracking-plans/{id}", workspace()?),
        (Kind::Regulation, [id]) => format!("workspaces/{}/regulations/{id}", workspace()?),
        (Kind::AccessToken, [id]) => format!("access-tokens/{id}"),
        (Kind::CatalogSource, [slug]) => format!("catalog/sources/{slug}"),
        (Kind::CatalogDestination, [slug]) => format!("catalog/destinations/{slug}"),
        _ => return Err(format!("invalid {} name {input:?}: expected {}", kind.noun(), kind.pattern())),
    };
    if let Some(ws) = defaults.workspace.as_deref() {
        default_segment("workspace", ws)?;
    }
    Name::checked(kind, full)
}

/// Checks a workspace or source a short name is completed from: one segment, not a path.
fn default_segment(what: &str, value: &str) -> Result<(), String> {
    if value.contains('/') {
        return Err(format!("invalid {what} {value:?}: give its slug, without '/'"));
    }
    check_segment(value, value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_forms_are_what_a_person_types() {
        let defaults = Defaults { workspace: Some("acme".into()), source: None };
        let short = |kind, input| parse(kind, input, &defaults).unwrap().short();
        assert_eq!(short(Kind::Source, "web"), "web");
        assert_eq!(short(Kind::Destination, "workspaces/acme/sources/web/destinations/webhooks"), "web/webhooks");
        assert_eq!(short(Kind::TrackingPlan, "rs_1"), "rs_1");
        assert_eq!(short(Kind::AccessToken, "access-tokens/5"), "5");
    }

    fn with(ws: Option<&str>, src: Option<&str>) -> Defaults {
        Defaults { workspace: ws.map(Into::into), source: src.map(Into::into) }
    }

    #[test]
    fn full_names_of_each_kind() {
        let none = Defaults::default();
        let cases = [
            (Kind::Workspace, "workspaces/w"),
            (Kind::Source, "workspaces/w/sources/s"),
            (Kind::Destination, "workspaces/w/sources/s/destinations/d"),
            (Kind::TrackingPlan, "workspaces/w/tracking-plans/rs_123"),
            (Kind::AccessToken, "access-tokens/5"),
            (Kind::Regulation, "workspaces/w/regulations/abc"),
            (Kind::CatalogSource, "catalog/sources/javascript"),
            (Kind::CatalogDestination, "catalog/destinations/google.analytics"),
        ];
        for (kind, name) in cases {
            assert_eq!(parse(kind, name, &none).unwrap().as_str(), name);
        }
        assert_eq!(parse(Kind::Source, "/workspaces/w/sources/s", &none).unwrap().as_str(), "workspaces/w/sources/s");
    }

    #[test]
    fn short_forms_complete_from_defaults() {
        let d = with(Some("w"), Some("s"));
        assert_eq!(parse(Kind::Source, "web", &d).unwrap().as_str(), "workspaces/w/sources/web");
        assert_eq!(
            parse(Kind::Destination, "web/hooks", &d).unwrap().as_str(),
            "workspaces/w/sources/web/destinations/hooks"
        );
        assert_eq!(
            parse(Kind::Destination, "hooks", &d).unwrap().as_str(),
            "workspaces/w/sources/s/destinations/hooks"
        );
        assert_eq!(parse(Kind::TrackingPlan, "rs_1", &d).unwrap().as_str(), "workspaces/w/tracking-plans/rs_1");
        assert_eq!(parse(Kind::AccessToken, "7", &d).unwrap().as_str(), "access-tokens/7");
        assert_eq!(parse(Kind::Workspace, "w2", &d).unwrap().as_str(), "workspaces/w2");
    }

    #[test]
    fn invalid_names_say_why() {
        let d = with(Some("w"), None);
        let cases = [
            (Kind::Source, "", "required"),
            (Kind::Source, "a//b", "empty segment"),
            (Kind::Source, "workspaces/w/sources/s/destinations/d", "expected workspaces/WS/sources/SRC"),
            (Kind::Destination, "workspaces/w/sources/s", "expected"),
            (Kind::Source, "we b", "not allowed"),
            (Kind::Source, "../x", "not a segment"),
            (Kind::Source, "a?b", "not allowed"),
            (Kind::Destination, "hooks", "needs a source"),
            (Kind::Destination, "a/b/c", "expected"),
            (Kind::Workspace, "workspaces/w/sources", "expected"),
            (Kind::Source, "workspaces/w/destinations/s", "expected"),
        ];
        for (kind, input, why) in cases {
            let err = parse(kind, input, &d).unwrap_err();
            assert!(err.contains(why), "{input:?}: {err}");
        }
        let err = parse(Kind::Source, "web", &Defaults::default()).unwrap_err();
        assert!(err.contains("needs a workspace"), "{err}");
        assert!(parse(Kind::Source, "web", &with(Some("bad ws"), None)).is_err());
    }

    #[test]
    fn defaults_are_slugs_not_paths() {
        // Found by fuzzing (fuzz/fuzz_targets/names.rs): a workspace or source with a '/' made a name of another
        // shape, `workspaces//P6=/regulations/~` from `-w /P6= regulations get '~'`.
        for (defaults, kind, input) in [
            (with(Some("/P6="), None), Kind::Regulation, "~"),
            (with(Some("a/sources/b"), None), Kind::Source, "s"),
            (with(Some("w"), Some("s/destinations/x")), Kind::Destination, "d"),
        ] {
            let err = parse(kind, input, &defaults).unwrap_err();
            assert!(err.contains("without '/'"), "{err}");
        }
    }

    #[test]
    fn a_tracking_plan_is_named_in_full_by_id_or_by_its_display_name() {
        let d = with(Some("w"), None);
        let named = |input: &str| match tracking_plan(input, &d).unwrap() {
            Plan::Named(name) => name.as_str().to_string(),
            Plan::Titled(title) => format!("titled {title}"),
        };
        assert_eq!(named("workspaces/x/tracking-plans/rs_1"), "workspaces/x/tracking-plans/rs_1");
        assert_eq!(named("rs_2aB"), "workspaces/w/tracking-plans/rs_2aB");
        assert_eq!(
            named("tp_5gopz6tfKxAjpS4TjuqVIeTdm7T"),
            "workspaces/w/tracking-plans/tp_5gopz6tfKxAjpS4TjuqVIeTdm7T"
        );
        for title in ["Main plan", "rs_", "rs_a-b", "Plan/2", "Café 100%", "a workspaces/x", "web"] {
            assert_eq!(named(title), format!("titled {title}"), "{title}");
        }
        assert!(tracking_plan("workspaces/w/sources/x", &d).unwrap_err().contains("expected"));
        assert!(tracking_plan("workspaces/w/tracking-plans/a b", &d).is_err());
        assert!(tracking_plan("", &d).is_err());
        assert!(tracking_plan(&"a".repeat(MAX_NAME), &d).is_err());
        assert!(tracking_plan("rs_1", &Defaults::default()).unwrap_err().contains("needs a workspace"));
    }

    #[test]
    fn names_in_the_tokens_workspace_print_in_its_slug() {
        let n = parse(Kind::TrackingPlan, "rs_1", &with(Some("-"), None)).unwrap();
        assert_eq!(n.workspace(), Some("-"));
        assert_eq!(n.in_workspace("acme").as_str(), "workspaces/acme/tracking-plans/rs_1");
        assert_eq!(in_workspace("workspaces/-", "acme"), "workspaces/acme");
        assert_eq!(in_workspace("access-tokens/1", "acme"), "access-tokens/1");
    }

    #[test]
    fn parts() {
        let n = parse(Kind::Destination, "workspaces/w/sources/s/destinations/d", &Defaults::default()).unwrap();
        assert_eq!((n.id(), n.parent()), ("d", "workspaces/w/sources/s"));
        let n = parse(Kind::Source, "workspaces/w/sources/s", &Defaults::default()).unwrap();
        assert_eq!((n.id(), n.parent()), ("s", "workspaces/w"));
    }
}
