//! The API client: transport (pacing, retries, error classification), paging and resource names. The wire model it
//! speaks is `crate::wire`, the Config API's vocabulary, on both APIs (ARCHITECTURE.md, "Two APIs").

pub mod budget;
pub mod client;
pub mod cursor;
pub mod list;
pub mod names;
pub mod public;
pub mod transport;
pub mod wait;
pub mod walk;

use std::fmt;

/// The Config API's address (`--base-url` default with `--api config`).
pub const CONFIG_BASE_URL: &str = "https://platform.segmentapis.com";
/// The Public API's hosts, by region.
pub const PUBLIC_BASE_URL_US: &str = "https://api.segmentapis.com";
pub const PUBLIC_BASE_URL_EU: &str = "https://eu1.api.segmentapis.com";

/// Which of the service's two APIs seg speaks (docs/MOVING-TO-PUBLIC-API.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Api {
    /// The Config API (`/v1beta`), frozen since 2024 but still served.
    #[default]
    Config,
    /// The Public API (`api.segmentapis.com`), for which every new token is made.
    Public,
}

impl Api {
    pub fn parse(text: &str) -> Option<Api> {
        match text.trim().to_ascii_lowercase().as_str() {
            "config" => Some(Api::Config),
            "public" => Some(Api::Public),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Api::Config => "config",
            Api::Public => "public",
        }
    }
}

/// What an API can hold of a workspace, beyond what both hold: the plan (`plan::diff`, `plan::export`) and the
/// commands read these, never which API it is, so a third adapter declares its own and the rest follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Holds {
    /// The API, as messages name it (`the Public API`).
    pub title: &'static str,
    /// Whether it answers in shapes of its own, not seg's vocabulary: a file of fields in that shape (what its `get
    /// -o json` printed) is read as one (`wire::fields`).
    pub own_shapes: bool,
    /// Whether a source can be switched off (`enabled`).
    pub source_switches: bool,
    /// A source's library settings (`library_config`).
    pub library_config: bool,
    /// A destination's connection mode (`connection_mode`).
    pub connection_modes: bool,
    /// A tracking plan's legacy trait lists (`identify_traits`, `group_traits` in its rules).
    pub legacy_traits: bool,
    /// When a resource was last changed (`update_time`).
    pub update_times: bool,
    /// Personal access tokens (`seg tokens`).
    pub tokens: bool,
    /// The mappings of Actions destinations (`seg destinations mappings`, `mappings:` in a workspace file).
    pub mappings: bool,
    /// Its own resources beyond those both APIs hold (`wire::Noun`: warehouses, functions, transformations, reverse
    /// ETL models, users, user groups, roles, labels, the audit trail): a request about one on an API that holds
    /// none is refused before anything is sent (`Holds::refuses`).
    pub public_resources: bool,
    /// More than one destination of one catalog entry on a source (`SLUG#NAME`).
    pub several_destinations: bool,
    /// A destination's own name.
    pub destination_names: bool,
    /// A tracking plan's type (`LIVE`, `RULE`, ...), set when the plan is made and never changed.
    pub plan_types: bool,
    /// Schema-config forwarding only to a source of the workspace (by its id), so a target slug that names none
    /// cannot be written.
    pub forwarding_by_id: bool,
    /// Versions of itself (`/v1beta`), which a workspace file may name (`api_version`).
    pub api_versions: bool,
}

/// What the Config API holds: every request of seg's vocabulary as it is.
pub const CONFIG_HOLDS: Holds = Holds {
    title: "the Config API",
    own_shapes: false,
    source_switches: false,
    library_config: true,
    connection_modes: true,
    legacy_traits: true,
    update_times: true,
    tokens: true,
    mappings: false,
    public_resources: false,
    several_destinations: false,
    destination_names: false,
    plan_types: false,
    forwarding_by_id: false,
    api_versions: true,
};

/// The Config API's, as the API is by default.
impl Default for Holds {
    fn default() -> Holds {
        CONFIG_HOLDS
    }
}

impl Holds {
    /// What either of two holds (`seg serve`'s own store, which keeps both APIs' fields).
    pub fn either(self, other: Holds) -> Holds {
        Holds {
            title: "seg serve's store",
            own_shapes: self.own_shapes && other.own_shapes,
            source_switches: self.source_switches || other.source_switches,
            library_config: self.library_config || other.library_config,
            connection_modes: self.connection_modes || other.connection_modes,
            legacy_traits: self.legacy_traits || other.legacy_traits,
            update_times: self.update_times || other.update_times,
            tokens: self.tokens || other.tokens,
            mappings: self.mappings || other.mappings,
            public_resources: self.public_resources || other.public_resources,
            several_destinations: self.several_destinations || other.several_destinations,
            destination_names: self.destination_names || other.destination_names,
            plan_types: self.plan_types || other.plan_types,
            forwarding_by_id: self.forwarding_by_id && other.forwarding_by_id,
            api_versions: self.api_versions || other.api_versions,
        }
    }

    /// Why a request about `target` cannot be made on this API, when it cannot: one of the Public API's own
    /// resources on an API that holds none of them (a usage error, before any request).
    pub fn refuses(&self, target: &crate::wire::Target) -> Option<String> {
        let noun = match target {
            crate::wire::Target::Records { noun, .. } | crate::wire::Target::Record { noun, .. } => noun,
            _ => return None,
        };
        if self.public_resources {
            return None;
        }
        let what = noun.parent().unwrap_or(*noun).word();
        Some(format!(
            "{what} are a Public API resource: {} has none (use --api public with a Public API token)",
            self.title
        ))
    }

    /// Whether an update on this API can write a field of seg's vocabulary (dotted for a part of one) that some API
    /// writes: a usage error naming what to do instead when it cannot.
    pub fn writes(&self, fields: &crate::wire::fields::Vocabulary, field: &str) -> Result<(), String> {
        let top = field.split('.').next().unwrap_or(field);
        let held = match (fields.key, top) {
            ("source", "library_config") => self.library_config,
            ("source", "enabled") => self.source_switches,
            ("destination", "connection_mode") => self.connection_modes,
            ("destination", "display_name") => self.destination_names,
            ("tracking_plan", "rules") => {
                self.legacy_traits || !matches!(field, "rules.identify_traits" | "rules.group_traits")
            }
            _ => true,
        };
        if held {
            return Ok(());
        }
        let other = if self.own_shapes { "--api config" } else { "--api public" };
        Err(format!("{field}: {} has no such field of {} (leave it out; {other} has it)", self.title, fields.noun))
    }
}

impl Api {
    /// What the API can hold, as its adapter declares it (`api::client`'s adapter of each; the declaration is
    /// needed before any client is made: a usage error comes before the token is read).
    pub fn holds(self) -> Holds {
        match self {
            Api::Config => CONFIG_HOLDS,
            Api::Public => public::HOLDS,
        }
    }
}

impl fmt::Display for Api {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a Public API workspace lives; picks the host when no base URL is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Region {
    #[default]
    Us,
    Eu,
}

impl Region {
    pub fn parse(text: &str) -> Option<Region> {
        match text.trim().to_ascii_lowercase().as_str() {
            "us" => Some(Region::Us),
            "eu" => Some(Region::Eu),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Region::Us => "us",
            Region::Eu => "eu",
        }
    }

    /// The Public API's host for this region.
    pub fn public_base_url(self) -> &'static str {
        match self {
            Region::Us => PUBLIC_BASE_URL_US,
            Region::Eu => PUBLIC_BASE_URL_EU,
        }
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
