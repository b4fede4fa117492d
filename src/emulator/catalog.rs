//! The built-in catalog: a few sources and destinations, enough to create the resources a workspace needs, shaped
//! as the real service answers, with the `webhooks` destination and its settings (`hooks`, `globalHook`,
//! `sharedSecret`).

use std::collections::HashMap;
use std::sync::OnceLock;

use serde_json::{Map, Value, json};

use crate::wire::public::{self, map};
use crate::wire::{CatalogDestination, CatalogSetting, CatalogSource, DestinationCategories};

pub mod warehouses;

pub struct Catalog {
    pub sources: Vec<CatalogSource>,
    pub destinations: Vec<CatalogDestination>,
    /// Each source entry as the Public API shows it, by name: made at the first use, not for each record shown.
    public_sources: OnceLock<HashMap<String, public::SourceMetadata>>,
}

pub const SOURCES: &str = "catalog/sources";
/// The webhook destination's slug.
pub const WEBHOOKS: &str = "webhooks";
pub const DESTINATIONS: &str = "catalog/destinations";

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

fn logos(slug: &str) -> Map<String, Value> {
    object(json!({
        "logo": format!("https://cdn.example.invalid/logos/{slug}.svg"),
        "mark": format!("https://cdn.example.invalid/logos/{slug}-mark.svg"),
    }))
}

fn source(slug: &str, display: &str, kind: &str, category: &str, description: &str) -> CatalogSource {
    CatalogSource {
        name: format!("{SOURCES}/{slug}"),
        display_name: display.into(),
        description: description.into(),
        kind: kind.into(),
        categories: vec![category.into()],
        logos: logos(slug),
        ..Default::default()
    }
}

fn setting(name: &str, display: &str, kind: &str, required: bool, description: &str) -> CatalogSetting {
    CatalogSetting {
        name: name.into(),
        display_name: display.into(),
        kind: kind.into(),
        deprecated: false,
        required,
        description: description.into(),
        settings: Vec::new(),
    }
}

fn destination(slug: &str, display: &str, category: &str, settings: Vec<CatalogSetting>) -> CatalogDestination {
    CatalogDestination {
        name: format!("{DESTINATIONS}/{slug}"),
        display_name: display.into(),
        description: format!("Send your data to {display}."),
        kind: "STREAMING".into(),
        status: "PUBLIC".into(),
        previous_names: vec![display.into()],
        website: format!("https://{slug}.example.invalid"),
        logos: logos(slug),
        categories: DestinationCategories { primary: category.into(), ..Default::default() },
        components: vec![json!({"type": "CLOUD"})],
        platforms: object(json!({"browser": true, "server": true, "mobile": true})),
        methods: object(json!({"alias": true, "group": true, "identify": true, "page_view": true, "track": true})),
        settings,
        ..Default::default()
    }
}

/// Webhooks (Actions) (`wire::actions::catalog::WEBHOOKS`): the destination holds only the shared secret; what is
/// sent is each of its mappings (destination subscriptions, Public API only).
fn actions_webhook() -> CatalogDestination {
    let definition = &crate::wire::actions::catalog::WEBHOOKS;
    let mut entry = destination(
        definition.slug,
        definition.name,
        "Raw Data",
        vec![setting(
            "sharedSecret",
            "Shared Secret",
            "PASSWORD",
            false,
            "When set, every request carries X-Signature: the hex HMAC-SHA1 of its data.",
        )],
    );
    entry.description = "Send events to any HTTP endpoint, as each mapping says (Webhooks (Actions)).".into();
    entry
}

impl Catalog {
    pub fn builtin() -> Self {
        let sources = vec![
            source("android", "Android", "MOBILE", "Mobile", "Track users of your Android app."),
            source("http-api", "HTTP API", "SERVER", "Server", "Send data from any language over HTTP."),
            source("ios", "iOS", "MOBILE", "Mobile", "Track users of your iOS app."),
            source("javascript", "Javascript", "WEBSITE", "Website", "Track visitors of your website."),
            // Created as `catalog/sources/net` by 2022 provider tests; a 2021 listing names it `.net` (both read).
            source("net", ".NET", "SERVER", "Server", "Send data from .NET servers."),
            source("python", "Python", "SERVER", "Server", "Send data from Python servers."),
        ];
        let mut hooks = setting(
            "hooks",
            "Webhooks (max 5)",
            "MIXED",
            false,
            "Up to 5 URLs, each with optional static headers: [{\"hook\": URL, \"headers\": ...}]. Limited to 5.",
        );
        hooks.settings = vec![
            setting("headers", "Headers", "MAP", false, "Headers added to each request."),
            setting("hook", "Webhook URL.", "STRING", true, "The full URL, with http or https."),
        ];
        let destinations = vec![
            destination(
                "amplitude",
                "Amplitude",
                "Analytics",
                vec![setting("apiKey", "API Key", "STRING", true, "Your Amplitude API key.")],
            ),
            destination(
                "google-analytics",
                "Google Analytics",
                "Analytics",
                vec![
                    setting("trackingId", "Website Tracking ID", "STRING", true, "Your property's tracking ID."),
                    setting("domain", "Cookie Domain Name", "STRING", false, "The domain of the tracking cookie."),
                    setting("anonymizeIp", "Anonymize IP", "BOOLEAN", false, "Anonymize visitors' IP addresses."),
                    setting(
                        "enableServerIdentify",
                        "Enable Server Side Identify",
                        "BOOLEAN",
                        false,
                        "Send server-side identify calls to Google Analytics.",
                    ),
                ],
            ),
            destination(
                "mixpanel",
                "Mixpanel",
                "Analytics",
                vec![
                    setting("token", "Token", "STRING", true, "Your project token."),
                    setting("people", "Use Mixpanel People", "BOOLEAN", false, "Send identify calls to People."),
                ],
            ),
            destination(
                "rtb-house",
                "RTB House",
                "Advertising",
                vec![setting("apiKey", "API Key", "STRING", true, "Your RTB House API key.")],
            ),
            destination(
                "slack",
                "Slack",
                "Raw Data",
                vec![setting("webhookUrl", "Webhook URL", "STRING", true, "An incoming webhook URL of Slack.")],
            ),
            destination(
                "webhooks",
                "Webhooks",
                "Raw Data",
                vec![
                    setting(
                        "sharedSecret",
                        "Shared Secret",
                        "STRING",
                        false,
                        "When set, every request carries X-Signature: the hex HMAC-SHA1 of the body.",
                    ),
                    setting("globalHook", "Webhook URL", "STRING", false, "A single URL (legacy)."),
                    hooks,
                ],
            ),
            actions_webhook(),
        ];
        Catalog { sources, destinations, public_sources: OnceLock::new() }
    }

    /// Adds `catalog/sources/<slug>` when the catalog lacks it (a seed names it).
    pub fn learn_source(&mut self, name: &str) {
        let Some(slug) = name.strip_prefix(SOURCES).and_then(|r| r.strip_prefix('/')) else { return };
        if self.source(name).is_none() && !slug.is_empty() {
            self.sources.push(source(slug, slug, "SERVER", "Other", "Added from a seed file."));
        }
    }

    /// Adds the destination `slug` when the catalog lacks it, and each setting it lacks, with the type given.
    pub fn learn_destination<'a>(&mut self, slug: &str, settings: impl Iterator<Item = (&'a str, &'static str)>) {
        if self.destination(slug).is_none() {
            self.destinations.push(destination(slug, slug, "Other", Vec::new()));
        }
        let Some(entry) = self.destinations.iter_mut().find(|d| d.name == format!("{DESTINATIONS}/{slug}")) else {
            return;
        };
        for (key, kind) in settings {
            if !entry.settings.iter().any(|s| s.name == key) {
                entry.settings.push(setting(key, key, kind, false, "Added from a seed file."));
            }
        }
    }

    /// The catalog source of a name; `catalog/sources/.net` is the one entry `catalog/sources/net`.
    pub fn source(&self, name: &str) -> Option<&CatalogSource> {
        let name = if name.strip_prefix(SOURCES) == Some("/.net") { "catalog/sources/net" } else { name };
        self.sources.iter().find(|s| s.name == name)
    }

    /// A source entry as the Public API shows it (`SourceMetadata`).
    pub fn public_source(&self, name: &str) -> Option<&public::SourceMetadata> {
        let entry = self.source(name)?;
        let all = self.public_sources.get_or_init(|| {
            let public = |s: &CatalogSource| map::catalog_source_to_public(s, &Catalog::source_id(s));
            self.sources.iter().map(|s| (s.name.clone(), public(s))).collect()
        });
        all.get(&entry.name)
    }

    /// Whether one source may hold several destinations of this entry (the Public API's `cloudModeInstances:
    /// MULTIPLE`): the built-in `webhooks` entry may, as several webhook destinations are a common setup.
    pub fn multiple_instances(&self, slug: &str) -> bool {
        slug == WEBHOOKS
    }

    /// Whether a destination setting holds a secret, which the Public API shows censored: a `PASSWORD` setting, and
    /// the `webhooks` entry's `sharedSecret` (docs/reference/public-api.md: the emulator's catalog types it so there).
    pub fn is_secret(&self, slug: &str, key: &str) -> bool {
        let typed = self.destination(slug).and_then(|d| d.settings.iter().find(|s| s.name == key));
        typed.is_some_and(|s| s.kind.eq_ignore_ascii_case("password")) || (slug == WEBHOOKS && key == "sharedSecret")
    }

    /// The Public API's id of a catalog source (10 letters and digits, as `IqDTy1TpoU`): made from its name, so it
    /// is the same in every emulator and after every restart.
    pub fn source_id(source: &CatalogSource) -> String {
        use sha1::{Digest, Sha1};
        const DIGITS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        Sha1::digest(source.name.as_bytes()).iter().take(10).map(|b| char::from(DIGITS[usize::from(*b) % 62])).collect()
    }

    /// The Public API's id of a catalog destination (24 hexadecimal digits): an Actions destination's is the
    /// service's (`614a3c7d791c91c41bae7599`), any other's is made from its name.
    pub fn destination_id(destination: &CatalogDestination) -> String {
        use sha1::{Digest, Sha1};
        if let Some(definition) =
            crate::wire::actions::catalog::by_slug(crate::wire::public::map::catalog_slug(&destination.name))
        {
            return definition.metadata_id.to_string();
        }
        hex::encode(&Sha1::digest(destination.name.as_bytes())[..12])
    }

    /// The catalog source with this Public API id.
    pub fn source_by_id(&self, id: &str) -> Option<&CatalogSource> {
        self.sources.iter().find(|s| Catalog::source_id(s) == id)
    }

    /// The catalog destination with this Public API id.
    pub fn destination_by_id(&self, id: &str) -> Option<&CatalogDestination> {
        self.destinations.iter().find(|d| Catalog::destination_id(d) == id)
    }

    pub fn destination(&self, slug: &str) -> Option<&CatalogDestination> {
        self.destinations
            .iter()
            .find(|d| d.name.strip_prefix(DESTINATIONS).and_then(|r| r.strip_prefix('/')) == Some(slug))
    }
}
