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

/// Which of the service's two APIs seg speaks (README, "The Public API").
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
