//! HTTP plumbing every outbound caller shares (the API client, webhook delivery, `listen --forward-to`): building a
//! client, randomized exponential backoff, and what a failure without an answer was (a timeout, a refused
//! connection, a TLS failure), classified by the error's type rather than its text.

use std::time::Duration;

/// A reqwest client: rustls with the ring provider, this timeout. Webhook senders add `no_redirects`.
pub fn client(timeout: Duration, user_agent: Option<&str>) -> reqwest::ClientBuilder {
    crate::init_tls();
    let builder = reqwest::Client::builder().timeout(timeout);
    match user_agent {
        Some(agent) => builder.user_agent(agent),
        None => builder,
    }
}

/// A webhook sender follows no redirect, as the service follows none (docs/WEBHOOKS.md).
pub fn no_redirects(builder: reqwest::ClientBuilder) -> reqwest::ClientBuilder {
    builder.redirect(reqwest::redirect::Policy::none())
}

/// Headers of the connection, not of the request (RFC 9110 §7.6.1's hop-by-hop ones, `Host` and `Content-Length`,
/// which the client sets from the URL and the body, and `Expect`): a forward or a replay never copies them, and a
/// user never sets them on a webhook (`webhook::deliver::custom_header`), so the framing is always the client's.
pub const CONNECTION_HEADERS: [&str; 10] = [
    "host",
    "content-length",
    "transfer-encoding",
    "connection",
    "keep-alive",
    "proxy-connection",
    "te",
    "trailer",
    "upgrade",
    "expect",
];

/// Whether a header belongs to the connection ([`CONNECTION_HEADERS`]), in any case.
pub fn connection_header(name: &str) -> bool {
    CONNECTION_HEADERS.iter().any(|h| h.eq_ignore_ascii_case(name))
}

/// Randomized exponential backoff: `first` doubling with each attempt (1, 2, ...), capped at `max`, each wait
/// drawn between half and all of its step so that many clients do not retry in step.
pub fn backoff(first: Duration, max: Duration, attempt: u32) -> Duration {
    let step = first.saturating_mul(1 << attempt.saturating_sub(1).min(20)).min(max);
    let half = step / 2;
    half + half.mul_f64(rand::random::<f64>())
}

/// What went wrong when no answer came.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    Timeout,
    /// The request could not be built or its URL is unusable: nothing was sent and trying again cannot help.
    Invalid,
    /// The TLS handshake failed (an unknown issuer, a self-signed certificate): nothing was sent.
    Tls,
    /// DNS, a refused or reset connection, a body cut short.
    Connection,
}

/// Classifies a failure by the types in its chain: reqwest's own flags, then a `rustls::Error` anywhere below. An
/// `std::io::Error` is looked into through `get_ref` (its `source` skips the error it wraps, and hyper and
/// tokio-rustls wrap the TLS error in two of them).
pub fn classify(error: &reqwest::Error) -> Failure {
    if error.is_timeout() {
        return Failure::Timeout;
    }
    if error.is_builder() || (error.is_request() && error.url().is_none()) {
        return Failure::Invalid;
    }
    let mut cause: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(error);
    while let Some(current) = cause {
        if current.is::<rustls::Error>() {
            return Failure::Tls;
        }
        cause = match current.downcast_ref::<std::io::Error>().and_then(std::io::Error::get_ref) {
            Some(inner) => Some(inner as &(dyn std::error::Error + 'static)),
            None => current.source(),
        };
    }
    Failure::Connection
}

/// Whether a failure is a host name that did not resolve (hyper's connector says `dns error`; the resolver's own
/// error is private to it, so the words are what there is to read).
pub fn is_dns(error: &reqwest::Error) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(error);
    while let Some(current) = cause {
        if current.to_string().starts_with("dns error") {
            return true;
        }
        cause = current.source();
    }
    false
}

/// The innermost cause of a failure, in words (`Connection refused (os error 111)`).
pub fn root_cause(error: &reqwest::Error) -> String {
    let mut cause: &dyn std::error::Error = error;
    while let Some(next) = cause.source() {
        cause = next;
    }
    cause.to_string()
}

/// `scheme://host:port` of a failed request's URL, for messages (never credentials, a path or a query, which may
/// hold data).
pub fn origin(error: &reqwest::Error) -> String {
    let port = |u: &reqwest::Url| u.port().map(|p| format!(":{p}")).unwrap_or_default();
    error.url().map(|u| format!("{}://{}{}", u.scheme(), u.host_str().unwrap_or_default(), port(u))).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_within_bounds() {
        let (first, max) = (Duration::from_millis(100), Duration::from_millis(350));
        for (attempt, step) in [(1, 100), (2, 200), (3, 350), (9, 350), (40, 350)] {
            let wait = backoff(first, max, attempt);
            let step = Duration::from_millis(step);
            assert!(wait >= step / 2 && wait <= step, "{attempt}: {wait:?}");
        }
    }

    /// A resolver that knows no name, so the test needs no network.
    struct NoNames;

    impl reqwest::dns::Resolve for NoNames {
        fn resolve(&self, _: reqwest::dns::Name) -> reqwest::dns::Resolving {
            Box::pin(async { Err("Name or service not known".into()) })
        }
    }

    #[tokio::test]
    #[allow(clippy::disallowed_methods, reason = "a request to nowhere, to read the failure it makes")]
    async fn a_name_that_does_not_resolve_is_told_apart_from_a_refused_connection() {
        crate::init_tls();
        let client = reqwest::Client::builder().dns_resolver(std::sync::Arc::new(NoNames)).build().unwrap();
        let error = client.get("http://no-such-host.invalid/").send().await.unwrap_err();
        assert!(is_dns(&error), "{error:?}");
        assert!(matches!(classify(&error), Failure::Connection));
        let refused = reqwest::Client::new().get("http://127.0.0.1:9/").send().await.unwrap_err();
        assert!(!is_dns(&refused), "{refused:?}");
    }
}
