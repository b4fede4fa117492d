//! What a request of seg's vocabulary is about, typed: a resource or a collection, by the segments that name it.
//! Commands and the plan build one from a checked name ([`Target::parse`] reads a name a person, a file or an answer
//! gave) or from its parent; each API's adapter reads it as it is. The Config API's path is [`Target::path`]; the
//! Public API's adapter matches on the variants and never reads a path back (ARCHITECTURE.md, "Two APIs").

use std::fmt;

/// A resource or a collection of seg's vocabulary (docs/reference/names.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Workspaces,
    Workspace {
        ws: String,
    },
    Sources {
        ws: String,
    },
    Source {
        ws: String,
        source: String,
    },
    SchemaConfig {
        ws: String,
        source: String,
    },
    Destinations {
        ws: String,
        source: String,
    },
    /// A destination by its catalog slug, `SLUG#NAME` or id.
    Destination {
        ws: String,
        source: String,
        destination: String,
    },
    Filters {
        ws: String,
        source: String,
        destination: String,
    },
    /// A filter by its id, with the Config API's `df_` or without it (the Public API's).
    Filter {
        ws: String,
        source: String,
        destination: String,
        id: String,
    },
    Mappings {
        ws: String,
        source: String,
        destination: String,
    },
    /// A mapping of an Actions destination by its id (a destination subscription's).
    Mapping {
        ws: String,
        source: String,
        destination: String,
        id: String,
    },
    Plans {
        ws: String,
    },
    Plan {
        ws: String,
        plan: String,
    },
    Connections {
        ws: String,
        plan: String,
    },
    Connection {
        ws: String,
        plan: String,
        source: String,
    },
    Regulations {
        ws: String,
    },
    Regulation {
        ws: String,
        id: String,
    },
    CatalogSources,
    CatalogSource {
        slug: String,
    },
    CatalogDestinations,
    CatalogDestination {
        slug: String,
    },
    AccessTokens,
    AccessToken {
        id: String,
    },
    /// A collection of one of the Public API's own resources ([`Noun`]), in the workspace or below one of its
    /// resources (`under`: a warehouse's connected sources, by the warehouse's id).
    Records {
        ws: String,
        noun: Noun,
        under: Option<String>,
    },
    /// One of them, by its id (a label by `KEY:VALUE`, a connected source or a member by what names it there).
    Record {
        ws: String,
        noun: Noun,
        under: Option<String>,
        id: String,
    },
}

/// The Public API's own resources, which the Config API has no counterpart of: warehouses, functions, access
/// management and the rest (docs/reference/commands.md, "Public API resources"). Each is a collection of the workspace,
/// or of one of its resources (a warehouse's connected sources), named as seg names the others:
/// `workspaces/W/<word>/ID`, below a resource `workspaces/W/<its word>/ID/<word>/ID`. What each is on the wire (its
/// path, the keys of its answers) is its adapter's (`api::public::records`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Noun {
    Warehouses,
    /// The sources connected to a warehouse (by the source's slug or id).
    WarehouseSources,
    Functions,
    /// The insert function instances of a function, each on a destination.
    Instances,
    Transformations,
    ReverseEtlModels,
    Users,
    /// Invites to the workspace, by email.
    Invites,
    UserGroups,
    /// The members of a user group, by email.
    GroupUsers,
    /// The emails invited to a user group.
    GroupInvites,
    Roles,
    /// Labels, by `KEY:VALUE`.
    Labels,
    AuditEvents,
}

impl Noun {
    pub const ALL: [Noun; 14] = [
        Noun::Warehouses,
        Noun::WarehouseSources,
        Noun::Functions,
        Noun::Instances,
        Noun::Transformations,
        Noun::ReverseEtlModels,
        Noun::Users,
        Noun::Invites,
        Noun::UserGroups,
        Noun::GroupUsers,
        Noun::GroupInvites,
        Noun::Roles,
        Noun::Labels,
        Noun::AuditEvents,
    ];

    /// Its collection's segment in seg's names.
    pub fn word(self) -> &'static str {
        match self {
            Noun::Warehouses => "warehouses",
            Noun::WarehouseSources => "connected-sources",
            Noun::Functions => "functions",
            Noun::Instances => "instances",
            Noun::Transformations => "transformations",
            Noun::ReverseEtlModels => "reverse-etl-models",
            Noun::Users | Noun::GroupUsers => "users",
            Noun::Invites | Noun::GroupInvites => "invites",
            Noun::UserGroups => "user-groups",
            Noun::Roles => "roles",
            Noun::Labels => "labels",
            Noun::AuditEvents => "audit-events",
        }
    }

    /// What one of them is called in messages.
    pub fn noun(self) -> &'static str {
        match self {
            Noun::Warehouses => "warehouse",
            Noun::WarehouseSources => "connected source",
            Noun::Functions => "function",
            Noun::Instances => "insert function instance",
            Noun::Transformations => "transformation",
            Noun::ReverseEtlModels => "reverse ETL model",
            Noun::Users => "user",
            Noun::Invites => "invite",
            Noun::UserGroups => "user group",
            Noun::GroupUsers => "member",
            Noun::GroupInvites => "group invite",
            Noun::Roles => "role",
            Noun::Labels => "label",
            Noun::AuditEvents => "audit event",
        }
    }

    /// The resource whose collection it is, `None` for one of the workspace's.
    pub fn parent(self) -> Option<Noun> {
        match self {
            Noun::WarehouseSources => Some(Noun::Warehouses),
            Noun::Instances => Some(Noun::Functions),
            Noun::GroupUsers | Noun::GroupInvites => Some(Noun::UserGroups),
            _ => None,
        }
    }

    /// The one below `parent` (or the workspace) whose segment is `word`.
    pub fn of(parent: Option<Noun>, word: &str) -> Option<Noun> {
        Noun::ALL.into_iter().find(|noun| noun.parent() == parent && noun.word() == word)
    }
}

impl Target {
    /// The target a full name or a collection's path names (`workspaces/w/sources/s`, `workspaces/w/sources`), read
    /// from what a person typed (once checked, `api::names`), a file or an answer; `None` for one seg has no word for.
    /// A filter named with the Config API's config segment (`.../destinations/d/config/c/filters/df_1`) is the same
    /// filter (`filter::canonical_name`).
    pub fn parse(name: &str) -> Option<Target> {
        let name = super::filter::canonical_name(name.strip_prefix('/').unwrap_or(name));
        let segments: Vec<String> = name.split('/').map(String::from).collect();
        if segments.iter().any(String::is_empty) {
            return None;
        }
        let words: Vec<&str> = segments.iter().map(String::as_str).collect();
        let s = |at: usize| segments[at].clone();
        Some(match words.as_slice() {
            ["workspaces"] => Target::Workspaces,
            ["workspaces", _] => Target::Workspace { ws: s(1) },
            ["workspaces", _, "sources"] => Target::Sources { ws: s(1) },
            ["workspaces", _, "sources", _] => Target::Source { ws: s(1), source: s(3) },
            ["workspaces", _, "sources", _, "schema-config"] => Target::SchemaConfig { ws: s(1), source: s(3) },
            ["workspaces", _, "sources", _, "destinations"] => Target::Destinations { ws: s(1), source: s(3) },
            ["workspaces", _, "sources", _, "destinations", _] => {
                Target::Destination { ws: s(1), source: s(3), destination: s(5) }
            }
            ["workspaces", _, "sources", _, "destinations", _, "filters"] => {
                Target::Filters { ws: s(1), source: s(3), destination: s(5) }
            }
            ["workspaces", _, "sources", _, "destinations", _, "filters", _] => {
                Target::Filter { ws: s(1), source: s(3), destination: s(5), id: s(7) }
            }
            ["workspaces", _, "sources", _, "destinations", _, "mappings"] => {
                Target::Mappings { ws: s(1), source: s(3), destination: s(5) }
            }
            ["workspaces", _, "sources", _, "destinations", _, "mappings", _] => {
                Target::Mapping { ws: s(1), source: s(3), destination: s(5), id: s(7) }
            }
            ["workspaces", _, "tracking-plans"] => Target::Plans { ws: s(1) },
            ["workspaces", _, "tracking-plans", _] => Target::Plan { ws: s(1), plan: s(3) },
            ["workspaces", _, "tracking-plans", _, "source-connections"] => {
                Target::Connections { ws: s(1), plan: s(3) }
            }
            ["workspaces", _, "tracking-plans", _, "source-connections", _] => {
                Target::Connection { ws: s(1), plan: s(3), source: s(5) }
            }
            ["workspaces", _, "regulations"] => Target::Regulations { ws: s(1) },
            ["workspaces", _, "regulations", _] => Target::Regulation { ws: s(1), id: s(3) },
            ["catalog", "sources"] => Target::CatalogSources,
            ["catalog", "sources", _] => Target::CatalogSource { slug: s(2) },
            ["catalog", "destinations"] => Target::CatalogDestinations,
            ["catalog", "destinations", _] => Target::CatalogDestination { slug: s(2) },
            ["access-tokens"] => Target::AccessTokens,
            ["access-tokens", _] => Target::AccessToken { id: s(1) },
            ["workspaces", _, word] => Target::Records { ws: s(1), noun: Noun::of(None, word)?, under: None },
            ["workspaces", _, word, _] => {
                Target::Record { ws: s(1), noun: Noun::of(None, word)?, under: None, id: s(3) }
            }
            ["workspaces", _, parent, _, word] => {
                let noun = Noun::of(Some(Noun::of(None, parent)?), word)?;
                Target::Records { ws: s(1), noun, under: Some(s(3)) }
            }
            ["workspaces", _, parent, _, word, _] => {
                let noun = Noun::of(Some(Noun::of(None, parent)?), word)?;
                Target::Record { ws: s(1), noun, under: Some(s(3)), id: s(5) }
            }
            _ => return None,
        })
    }

    /// The target of a resource's name as an answer or a file gave it; an error naming it when it names nothing seg
    /// knows.
    pub fn named(name: &str) -> Result<Target, String> {
        Target::parse(name).ok_or_else(|| format!("{:?} names nothing seg knows", crate::text::escape_control(name)))
    }

    /// The collection of kind `what` that the resource named `name` (as an answer or a file gave it) holds
    /// ([`Target::below`]).
    pub fn under(name: &str, what: &str) -> Result<Target, String> {
        let target = Target::named(name)?;
        target.below(what).ok_or_else(|| format!("{target} holds no {what}"))
    }

    /// The Config API's path of it, below the version prefix (its full name).
    pub fn path(&self) -> String {
        self.to_string()
    }

    /// The workspace it is in, `None` for what is in none (the catalog, tokens, the list of workspaces).
    pub fn workspace(&self) -> Option<&str> {
        match self {
            Target::Workspace { ws }
            | Target::Sources { ws }
            | Target::Source { ws, .. }
            | Target::SchemaConfig { ws, .. }
            | Target::Destinations { ws, .. }
            | Target::Destination { ws, .. }
            | Target::Filters { ws, .. }
            | Target::Filter { ws, .. }
            | Target::Mappings { ws, .. }
            | Target::Mapping { ws, .. }
            | Target::Plans { ws }
            | Target::Plan { ws, .. }
            | Target::Connections { ws, .. }
            | Target::Connection { ws, .. }
            | Target::Regulations { ws }
            | Target::Regulation { ws, .. }
            | Target::Records { ws, .. }
            | Target::Record { ws, .. } => Some(ws),
            _ => None,
        }
    }

    /// The same in workspace `ws` (what is in none, as it is).
    pub fn in_workspace(&self, ws: &str) -> Target {
        let mut target = self.clone();
        match &mut target {
            Target::Workspace { ws: at }
            | Target::Sources { ws: at }
            | Target::Source { ws: at, .. }
            | Target::SchemaConfig { ws: at, .. }
            | Target::Destinations { ws: at, .. }
            | Target::Destination { ws: at, .. }
            | Target::Filters { ws: at, .. }
            | Target::Filter { ws: at, .. }
            | Target::Mappings { ws: at, .. }
            | Target::Mapping { ws: at, .. }
            | Target::Plans { ws: at }
            | Target::Plan { ws: at, .. }
            | Target::Connections { ws: at, .. }
            | Target::Connection { ws: at, .. }
            | Target::Regulations { ws: at }
            | Target::Regulation { ws: at, .. }
            | Target::Records { ws: at, .. }
            | Target::Record { ws: at, .. } => *at = ws.to_string(),
            _ => {}
        }
        target
    }

    /// The collection a resource is made in (a source's: the workspace's sources); `None` for a collection or a
    /// resource that is not made by a create.
    pub fn collection(&self) -> Option<Target> {
        Some(match self.clone() {
            Target::Source { ws, .. } => Target::Sources { ws },
            Target::Destination { ws, source, .. } => Target::Destinations { ws, source },
            Target::Filter { ws, source, destination, .. } => Target::Filters { ws, source, destination },
            Target::Mapping { ws, source, destination, .. } => Target::Mappings { ws, source, destination },
            Target::Plan { ws, .. } => Target::Plans { ws },
            Target::Connection { ws, plan, .. } => Target::Connections { ws, plan },
            Target::Regulation { ws, .. } => Target::Regulations { ws },
            Target::AccessToken { .. } => Target::AccessTokens,
            Target::Record { ws, noun, under, .. } => Target::Records { ws, noun, under },
            _ => return None,
        })
    }

    /// The collection of what a resource holds, of the kind `what` names: a source's `destinations`, a
    /// destination's `filters`, a plan's `source-connections`; a source's `schema-config` is its one settings
    /// resource. `None` for what the resource does not hold.
    pub fn below(&self, what: &str) -> Option<Target> {
        Some(match (self.clone(), what) {
            (Target::Workspace { ws }, "sources") => Target::Sources { ws },
            (Target::Workspace { ws }, "tracking-plans") => Target::Plans { ws },
            (Target::Workspace { ws }, "regulations") => Target::Regulations { ws },
            (Target::Source { ws, source }, "destinations") => Target::Destinations { ws, source },
            (Target::Source { ws, source }, "schema-config") => Target::SchemaConfig { ws, source },
            (Target::Destination { ws, source, destination }, "filters") => Target::Filters { ws, source, destination },
            (Target::Destination { ws, source, destination }, "mappings") => {
                Target::Mappings { ws, source, destination }
            }
            (Target::Plan { ws, plan }, "source-connections") => Target::Connections { ws, plan },
            (Target::Workspace { ws }, word) => Target::Records { ws, noun: Noun::of(None, word)?, under: None },
            (Target::Record { ws, noun, under: None, id }, word) => {
                Target::Records { ws, noun: Noun::of(Some(noun), word)?, under: Some(id) }
            }
            _ => return None,
        })
    }

    /// The resource of a collection by its last segment (a source's slug among a workspace's sources); `None` for a
    /// resource, whose children are collections ([`Target::below`]).
    pub fn item(&self, segment: &str) -> Option<Target> {
        let segment = segment.to_string();
        Some(match self.clone() {
            Target::Workspaces => Target::Workspace { ws: segment },
            Target::Sources { ws } => Target::Source { ws, source: segment },
            Target::Destinations { ws, source } => Target::Destination { ws, source, destination: segment },
            Target::Filters { ws, source, destination } => Target::Filter { ws, source, destination, id: segment },
            Target::Mappings { ws, source, destination } => Target::Mapping { ws, source, destination, id: segment },
            Target::Plans { ws } => Target::Plan { ws, plan: segment },
            Target::Connections { ws, plan } => Target::Connection { ws, plan, source: segment },
            Target::Regulations { ws } => Target::Regulation { ws, id: segment },
            Target::CatalogSources => Target::CatalogSource { slug: segment },
            Target::CatalogDestinations => Target::CatalogDestination { slug: segment },
            Target::AccessTokens => Target::AccessToken { id: segment },
            Target::Records { ws, noun, under } => Target::Record { ws, noun, under, id: segment },
            _ => return None,
        })
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Workspaces => write!(f, "workspaces"),
            Target::Workspace { ws } => write!(f, "workspaces/{ws}"),
            Target::Sources { ws } => write!(f, "workspaces/{ws}/sources"),
            Target::Source { ws, source } => write!(f, "workspaces/{ws}/sources/{source}"),
            Target::SchemaConfig { ws, source } => write!(f, "workspaces/{ws}/sources/{source}/schema-config"),
            Target::Destinations { ws, source } => write!(f, "workspaces/{ws}/sources/{source}/destinations"),
            Target::Destination { ws, source, destination } => {
                write!(f, "workspaces/{ws}/sources/{source}/destinations/{destination}")
            }
            Target::Filters { ws, source, destination } => {
                write!(f, "workspaces/{ws}/sources/{source}/destinations/{destination}/filters")
            }
            Target::Filter { ws, source, destination, id } => {
                write!(f, "workspaces/{ws}/sources/{source}/destinations/{destination}/filters/{id}")
            }
            Target::Mappings { ws, source, destination } => {
                write!(f, "workspaces/{ws}/sources/{source}/destinations/{destination}/mappings")
            }
            Target::Mapping { ws, source, destination, id } => {
                write!(f, "workspaces/{ws}/sources/{source}/destinations/{destination}/mappings/{id}")
            }
            Target::Plans { ws } => write!(f, "workspaces/{ws}/tracking-plans"),
            Target::Plan { ws, plan } => write!(f, "workspaces/{ws}/tracking-plans/{plan}"),
            Target::Connections { ws, plan } => write!(f, "workspaces/{ws}/tracking-plans/{plan}/source-connections"),
            Target::Connection { ws, plan, source } => {
                write!(f, "workspaces/{ws}/tracking-plans/{plan}/source-connections/{source}")
            }
            Target::Regulations { ws } => write!(f, "workspaces/{ws}/regulations"),
            Target::Regulation { ws, id } => write!(f, "workspaces/{ws}/regulations/{id}"),
            Target::CatalogSources => write!(f, "catalog/sources"),
            Target::CatalogSource { slug } => write!(f, "catalog/sources/{slug}"),
            Target::CatalogDestinations => write!(f, "catalog/destinations"),
            Target::CatalogDestination { slug } => write!(f, "catalog/destinations/{slug}"),
            Target::AccessTokens => write!(f, "access-tokens"),
            Target::AccessToken { id } => write!(f, "access-tokens/{id}"),
            Target::Records { ws, noun, under } => {
                write!(f, "workspaces/{ws}/")?;
                if let (Some(parent), Some(under)) = (noun.parent(), under) {
                    write!(f, "{}/{under}/", parent.word())?;
                }
                f.write_str(noun.word())
            }
            Target::Record { ws, noun, under, id } => {
                let collection = Target::Records { ws: ws.clone(), noun: *noun, under: under.clone() };
                write!(f, "{collection}/{id}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_as_its_target_and_writes_back_the_same() {
        for name in [
            "workspaces",
            "workspaces/w",
            "workspaces/w/sources",
            "workspaces/w/sources/s",
            "workspaces/w/sources/s/schema-config",
            "workspaces/w/sources/s/destinations",
            "workspaces/w/sources/s/destinations/webhooks#Prod",
            "workspaces/w/sources/s/destinations/d/filters",
            "workspaces/w/sources/s/destinations/d/filters/df_1",
            "workspaces/w/sources/s/destinations/actions-webhook/mappings",
            "workspaces/w/sources/s/destinations/actions-webhook/mappings/nFPnRozhz1mh4Gbx4MLvT5",
            "workspaces/w/tracking-plans",
            "workspaces/w/tracking-plans/rs_1",
            "workspaces/w/tracking-plans/rs_1/source-connections",
            "workspaces/w/tracking-plans/rs_1/source-connections/s",
            "workspaces/w/regulations",
            "workspaces/w/regulations/r1",
            "catalog/sources",
            "catalog/sources/js",
            "catalog/destinations",
            "catalog/destinations/webhooks",
            "access-tokens",
            "access-tokens/3",
            "workspaces/w/warehouses",
            "workspaces/w/warehouses/wh1",
            "workspaces/w/warehouses/wh1/connected-sources",
            "workspaces/w/warehouses/wh1/connected-sources/web",
            "workspaces/w/functions/ifnd_1/instances/i1",
            "workspaces/w/user-groups/g1/users/a@example.com",
            "workspaces/w/labels/env:prod",
            "workspaces/w/audit-events",
        ] {
            let target = Target::parse(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(target.path(), name);
        }
        assert_eq!(
            Target::parse("/workspaces/w/sources/s/destinations/d/config/c1/filters/df_1"),
            Some(Target::Filter { ws: "w".into(), source: "s".into(), destination: "d".into(), id: "df_1".into() })
        );
        for none in [
            "",
            "workspaces//sources",
            "workspaces/w/things",
            "catalog",
            "x",
            "workspaces/w/warehouses/wh1/instances",
            "workspaces/w/connected-sources/x",
        ] {
            assert_eq!(Target::parse(none), None, "{none}");
        }
    }

    #[test]
    fn parents_and_children() {
        let source = Target::parse("workspaces/w/sources/s").unwrap();
        assert_eq!(source.workspace(), Some("w"));
        assert_eq!(source.collection().unwrap().path(), "workspaces/w/sources");
        assert_eq!(source.below("destinations").unwrap().path(), "workspaces/w/sources/s/destinations");
        assert_eq!(source.below("schema-config").unwrap().path(), "workspaces/w/sources/s/schema-config");
        assert_eq!(source.below("filters"), None);
        let plans = Target::Plans { ws: "w".into() };
        assert_eq!(
            plans.item("rs_1").unwrap().below("source-connections").unwrap().item("s").unwrap().path(),
            "workspaces/w/tracking-plans/rs_1/source-connections/s"
        );
        assert_eq!(Target::CatalogSources.workspace(), None);
        assert_eq!(source.item("x"), None);
        let warehouse = Target::parse("workspaces/w/warehouses/wh1").unwrap();
        assert_eq!(warehouse.collection().unwrap().path(), "workspaces/w/warehouses");
        let connected = warehouse.below("connected-sources").unwrap();
        assert_eq!(connected.item("web").unwrap().path(), "workspaces/w/warehouses/wh1/connected-sources/web");
        assert_eq!(warehouse.below("instances"), None);
        assert_eq!(Target::Workspace { ws: "w".into() }.below("roles").unwrap().path(), "workspaces/w/roles");
        assert_eq!(connected.in_workspace("x").workspace(), Some("x"));
    }
}
