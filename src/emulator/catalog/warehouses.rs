//! The built-in warehouse catalog (`getWarehousesCatalog`, `getWarehouseMetadata`): a few warehouses with their
//! settings' options, the secret ones (passwords, keys, tokens) typed `password`, so that a warehouse's settings are
//! censored on answers as a destination's secrets are. Ids are made from the slugs, the same in every emulator.

use std::sync::OnceLock;

use serde_json::{Value, json};

use crate::wire::public::warehouses::WarehouseMetadata;
use crate::wire::public::{IntegrationOption, Logos};

/// An option: `kind` as the Public API types it (`string`, `number`, `boolean`, `password`).
fn option(name: &str, kind: &str, required: bool, label: &str, default: Option<Value>) -> IntegrationOption {
    IntegrationOption {
        name: name.into(),
        kind: kind.into(),
        required,
        description: Some(format!("The {label} of the warehouse's connection.")),
        default_value: default,
        label: Some(label.into()),
    }
}

/// The id of a warehouse catalog entry: 10 letters and digits made from its slug (as a source entry's).
fn id_of(slug: &str) -> String {
    use sha1::{Digest, Sha1};
    const DIGITS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let digest = Sha1::digest(format!("catalog/warehouses/{slug}").as_bytes());
    digest.iter().take(10).map(|b| char::from(DIGITS[usize::from(*b) % 62])).collect()
}

fn entry(slug: &str, name: &str, options: Vec<IntegrationOption>) -> WarehouseMetadata {
    WarehouseMetadata {
        id: id_of(slug),
        name: name.into(),
        slug: slug.into(),
        description: format!("Load your data into {name}."),
        logos: Logos {
            default: format!("https://cdn.example.invalid/logos/{slug}.svg"),
            mark: Some(format!("https://cdn.example.invalid/logos/{slug}-mark.svg")),
            alt: None,
        },
        options,
    }
}

/// Host, port, database, user and password: what a SQL warehouse reached over the network asks for.
fn sql(port: u64) -> Vec<IntegrationOption> {
    vec![
        option("hostname", "string", true, "Hostname", None),
        option("port", "number", true, "Port", Some(json!(port))),
        option("database", "string", true, "Database", None),
        option("username", "string", true, "Username", None),
        option("password", "password", true, "Password", None),
    ]
}

/// Every entry, in slug order.
pub fn all() -> &'static [WarehouseMetadata] {
    static ALL: OnceLock<Vec<WarehouseMetadata>> = OnceLock::new();
    ALL.get_or_init(|| {
        vec![
            entry(
                "bigquery",
                "BigQuery",
                vec![
                    option("project", "string", true, "Project", None),
                    option("location", "string", false, "Location", Some(json!("US"))),
                    option("credentials", "password", true, "Service account key", None),
                ],
            ),
            entry(
                "databricks",
                "Databricks",
                vec![
                    option("workspaceUrl", "string", true, "Workspace URL", None),
                    option("httpPath", "string", true, "HTTP path", None),
                    option("catalog", "string", true, "Catalog", None),
                    option("token", "password", true, "Personal access token", None),
                ],
            ),
            entry("postgres", "Postgres", sql(5432)),
            entry("redshift", "Redshift", sql(5439)),
            entry(
                "snowflake",
                "Snowflake",
                vec![
                    option("account", "string", true, "Account", None),
                    option("warehouse", "string", true, "Warehouse", None),
                    option("database", "string", true, "Database", None),
                    option("username", "string", true, "Username", None),
                    option("password", "password", false, "Password", None),
                    option("privateKey", "password", false, "Private key", None),
                    option("useKeyPairAuth", "boolean", false, "Key pair authentication", Some(json!(false))),
                ],
            ),
        ]
    })
}

/// The entry with this id.
pub fn by_id(id: &str) -> Option<&'static WarehouseMetadata> {
    all().iter().find(|entry| entry.id == id)
}
