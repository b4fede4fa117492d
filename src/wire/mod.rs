//! The typed wire model of the Config API v1beta (docs/reference/config-api.md) and of the webhook destination
//! (docs/WEBHOOKS.md), shared by the client (`api`, `cli`) and the emulator (`emulator`) so the two cannot drift apart:
//! resources, request bodies (creates, [`UpdateRequest`] with its [`FieldMask`]), the requests themselves with their
//! idempotency, errors, and the webhook messages with their key order. No I/O here.
//!
//! Responses are snake_case; request bodies also accept lowerCamelCase (docs/reference/config-api.md, "Transport").
//! Resources keep the fields this model does not know (`extra`), so a field the service adds survives a read, an edit
//! and a write; `null` is read as the empty value wherever a client may send it.

pub mod actions;
pub mod config;
pub mod fields;
pub mod filter;
pub mod fql;
pub mod limits;
pub mod mapping;
pub mod message;
pub mod operations;
pub mod path;
pub mod public;
pub mod request;
pub mod resources;
pub mod target;
pub mod text;

pub use config::{Hook, HookHeaders};
pub use filter::{Action, CreateFilter, DestinationFilter, FilterInput, SchemaConfig};
pub use mapping::{CreateMapping, DestinationMapping, MappingInput};
pub use request::*;
pub use resources::*;
pub use target::Target;

use serde::{Deserialize, Deserializer, Serialize};
#[cfg(test)]
use utoipa::ToSchema;

/// The gRPC-style error codes of the service, with the HTTP status each travels with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    InvalidArgument = 3,
    NotFound = 5,
    AlreadyExists = 6,
    PermissionDenied = 7,
    ResourceExhausted = 8,
    Unimplemented = 12,
    Internal = 13,
    Unavailable = 14,
    Unauthenticated = 16,
}

impl Code {
    pub fn http_status(self) -> u16 {
        match self {
            Code::InvalidArgument => 400,
            Code::Unauthenticated => 401,
            Code::PermissionDenied => 403,
            Code::NotFound => 404,
            Code::AlreadyExists => 409,
            Code::ResourceExhausted => 429,
            Code::Internal => 500,
            Code::Unimplemented => 501,
            Code::Unavailable => 503,
        }
    }

    /// The code a status stands for when a body carries none (docs/reference/commands.md, "Exit codes": other 4xx →
    /// 3, other 5xx → 13).
    pub fn from_http_status(status: u16) -> Option<Code> {
        Some(match status {
            401 => Code::Unauthenticated,
            403 => Code::PermissionDenied,
            404 => Code::NotFound,
            409 => Code::AlreadyExists,
            429 => Code::ResourceExhausted,
            501 => Code::Unimplemented,
            503 => Code::Unavailable,
            400..=499 => Code::InvalidArgument,
            500..=599 => Code::Internal,
            _ => return None,
        })
    }
}

/// The plain-text body of a 503 for a URL that cannot be routed to the service.
pub const UPSTREAM_ERROR: &str = "upstream connect error or disconnect/reset before headers";

/// Error body: exactly these two keys.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct ErrorBody {
    pub error: String,
    pub code: i32,
}

/// The slug rule of workspaces, sources and destinations (docs/reference/config-api.md, "Resource names", seg's
/// decision): what `seg serve` accepts, and what a workspace file is checked against before anything is sent.
pub fn valid_slug(slug: &str) -> bool {
    let bytes = slug.as_bytes();
    (1..=255).contains(&bytes.len())
        && (bytes[0].is_ascii_lowercase() || bytes[0].is_ascii_digit())
        && bytes.iter().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'_' || *b == b'-')
}

/// Token scopes: `workspace` reads and writes, `workspace:read` only reads.
/// The workspace segment of a name that means "the workspace the token acts on" (the Public API's tokens each act
/// on one): what seg's names hold on the Public API when no `-w` says which, as Google's APIs write `-`.
pub const TOKENS_WORKSPACE: &str = "-";

pub const SCOPE_WRITE: &str = "workspace";
pub const SCOPE_READ: &str = "workspace:read";

/// The page wrapper's key for a list of each collection (docs/reference/config-api.md, "Pagination").
pub mod wrapper {
    pub const WORKSPACES: &str = "workspaces";
    pub const SOURCES: &str = "sources";
    pub const DESTINATIONS: &str = "destinations";
    pub const TRACKING_PLANS: &str = "tracking_plans";
    pub const CONNECTIONS: &str = "connections";
    pub const ACCESS_TOKENS: &str = "access_tokens";
    pub const REGULATIONS: &str = "regulations";
    pub const FILTERS: &str = super::filter::FILTERS;
    pub const MAPPINGS: &str = super::mapping::MAPPINGS;
    pub const NEXT_PAGE_TOKEN: &str = "next_page_token";
    /// The token that names a page itself, where the service says it (the Public API's `pagination.current`): the
    /// Public API's adapter writes it into the page it translates, so a listing knows its first page's cursor too
    /// (`api::cursor::Followed`). The control character keeps it apart from any key a service sends.
    pub const THIS_PAGE_TOKEN: &str = "\u{1}seg:this_page_token";
}

/// Reads `null` as the type's empty value (`[]`, `{}`, `""`, `false`): real clients send `null` for what they leave
/// empty (`"identify_traits": null`), and a service may answer so.
pub fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        for good in ["a", "web-1", "0_x", &"a".repeat(255)] {
            assert!(valid_slug(good), "{good}");
        }
        for bad in ["", "-a", "_a", "A", "a b", "a/b", "a.b", "é", &"a".repeat(256)] {
            assert!(!valid_slug(bad), "{bad}");
        }
    }

    #[test]
    fn status_to_code_covers_the_error_table() {
        for code in [
            Code::InvalidArgument,
            Code::NotFound,
            Code::AlreadyExists,
            Code::PermissionDenied,
            Code::ResourceExhausted,
            Code::Unimplemented,
            Code::Internal,
            Code::Unavailable,
            Code::Unauthenticated,
        ] {
            assert_eq!(Code::from_http_status(code.http_status()), Some(code));
        }
        assert_eq!(Code::from_http_status(418), Some(Code::InvalidArgument));
        assert_eq!(Code::from_http_status(502), Some(Code::Internal));
        assert_eq!(Code::from_http_status(200), None);
    }
}
