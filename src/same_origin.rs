//! Who may use seg's local control surfaces: the emulator's `/_emulator/*` (docs/reference/commands.md, "Two APIs") and
//! the webhook inspector's `/_seg/` (`webhook listen --inspect`). Any web page the user opens can make the browser send
//! requests to a port on this machine, and with a name of its own that resolves to 127.0.0.1 (DNS rebinding) it can
//! even read the answers. So a request must name the address served in `Host`, and must not come from a page of another
//! origin (`Origin`, or `Sec-Fetch-Site` for the requests browsers send without one, such as an `<img>`). One check
//! for both servers; each says the refusal in its own format.

use std::net::{IpAddr, SocketAddr};

use axum::http::{HeaderMap, StatusCode, header};

/// Why a request was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// `Host` names another address: a DNS-rebinding page, or a request for another server.
    Host,
    /// A browser request from a page of another origin.
    CrossOrigin,
    /// No `Origin` where one is required (a browser sends one with every write).
    NoOrigin,
}

impl Refusal {
    /// 421 for a request meant for another host (RFC 9110, 15.5.20), 403 for the rest.
    pub fn status(self) -> StatusCode {
        match self {
            Refusal::Host => StatusCode::MISDIRECTED_REQUEST,
            Refusal::CrossOrigin | Refusal::NoOrigin => StatusCode::FORBIDDEN,
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            Refusal::Host => "the Host header must name the address this server listens on (or localhost on loopback)",
            Refusal::CrossOrigin => "a request from a web page of another origin is refused",
            Refusal::NoOrigin => "this request must come from the page's own origin",
        }
    }
}

/// Whether a request must carry `Origin`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Scripts and tools send none; a browser's must be this server's.
    Optional,
    /// Only the server's own page may ask (the inspector's replay).
    Required,
}

/// Checks a request that came in on `served` (the address its connection was accepted on): its `Host`, then
/// where it comes from.
pub fn check(served: SocketAddr, headers: &HeaderMap, origin: Origin) -> Result<(), Refusal> {
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).ok_or(Refusal::Host)?;
    if !host_names(served, host) {
        return Err(Refusal::Host);
    }
    // Sent by browsers with every request: `same-origin`, or `none` for what the user typed or bookmarked.
    if let Some(site) = headers.get("sec-fetch-site")
        && !matches!(site.to_str(), Ok("same-origin" | "none"))
    {
        return Err(Refusal::CrossOrigin);
    }
    match headers.get(header::ORIGIN).map(|o| o.to_str()) {
        None if origin == Origin::Required => Err(Refusal::NoOrigin),
        None => Ok(()),
        // The page's own origin is the one this request names in Host (checked above).
        Some(Ok(sent)) if sent.eq_ignore_ascii_case(&format!("http://{host}")) => Ok(()),
        Some(_) => Err(Refusal::CrossOrigin),
    }
}

/// Whether a `Host` value names `served`: its IP address and port, or on loopback `localhost` or any loopback
/// address with that port. A missing port is HTTP's 80.
fn host_names(served: SocketAddr, host: &str) -> bool {
    let Ok(authority) = host.parse::<axum::http::uri::Authority>() else { return false };
    if authority.port_u16().unwrap_or(80) != served.port() {
        return false;
    }
    let name = authority.host().trim_start_matches('[').trim_end_matches(']');
    // A dual-stack socket sees an IPv4 client at ::ffff:a.b.c.d.
    let served = served.ip().to_canonical();
    match name.parse::<IpAddr>() {
        Ok(ip) => ip.to_canonical() == served || (served.is_loopback() && ip.is_loopback()),
        Err(_) => served.is_loopback() && name.eq_ignore_ascii_case("localhost"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        pairs.iter().map(|(name, value)| (header::HeaderName::from_static(name), value.parse().unwrap())).collect()
    }

    #[test]
    fn the_host_must_name_the_address_served() {
        let loopback: SocketAddr = "127.0.0.1:8808".parse().unwrap();
        let v6: SocketAddr = "[::1]:8808".parse().unwrap();
        let lan: SocketAddr = "192.168.1.5:8808".parse().unwrap();
        let web: SocketAddr = "127.0.0.1:80".parse().unwrap();
        let mapped: SocketAddr = "[::ffff:127.0.0.1]:8808".parse().unwrap();
        for (served, host, ok) in [
            (loopback, "127.0.0.1:8808", true),
            (loopback, "localhost:8808", true),
            (loopback, "LocalHost:8808", true),
            (loopback, "[::1]:8808", true),
            (v6, "[::1]:8808", true),
            (v6, "localhost:8808", true),
            (v6, "127.0.0.1:8808", true),
            (lan, "192.168.1.5:8808", true),
            (web, "localhost", true),
            (mapped, "127.0.0.1:8808", true),
            (loopback, "evil.example:8808", false),
            (loopback, "evil.example", false),
            (loopback, "localhost.evil.example:8808", false),
            (loopback, "127.0.0.1:9999", false),
            (loopback, "127.0.0.1", false),
            (loopback, "", false),
            (loopback, "127.0.0.1:8808@evil", false),
            (lan, "localhost:8808", false),
            (lan, "127.0.0.1:8808", false),
            (lan, "192.168.1.6:8808", false),
        ] {
            let got = check(served, &headers(&[("host", host)]), Origin::Optional);
            assert_eq!(got.is_ok(), ok, "{served} {host:?}: {got:?}");
            if !ok {
                assert_eq!(got, Err(Refusal::Host));
            }
        }
        assert_eq!(check(loopback, &HeaderMap::new(), Origin::Optional), Err(Refusal::Host), "no Host");
    }

    #[test]
    fn a_browser_request_must_come_from_the_same_origin() {
        let served: SocketAddr = "127.0.0.1:8808".parse().unwrap();
        let host = ("host", "127.0.0.1:8808");
        let ok = |pairs: &[(&'static str, &str)], rule| check(served, &headers(pairs), rule);
        assert_eq!(ok(&[host], Origin::Optional), Ok(()), "a script or curl sends no Origin");
        assert_eq!(ok(&[host, ("origin", "http://127.0.0.1:8808")], Origin::Optional), Ok(()));
        assert_eq!(ok(&[host, ("origin", "http://127.0.0.1:8808")], Origin::Required), Ok(()));
        assert_eq!(ok(&[host, ("sec-fetch-site", "same-origin")], Origin::Optional), Ok(()));
        assert_eq!(ok(&[host, ("sec-fetch-site", "none")], Origin::Optional), Ok(()));
        assert_eq!(ok(&[host], Origin::Required), Err(Refusal::NoOrigin));
        for origin in
            ["http://evil.example", "null", "http://localhost:8808", "https://127.0.0.1:8808", "http://127.0.0.1:880"]
        {
            assert_eq!(ok(&[host, ("origin", origin)], Origin::Optional), Err(Refusal::CrossOrigin), "{origin}");
        }
        for site in ["cross-site", "same-site", "nonsense"] {
            assert_eq!(ok(&[host, ("sec-fetch-site", site)], Origin::Optional), Err(Refusal::CrossOrigin), "{site}");
        }
        // The Host is checked first: a rebinding page's own origin matches its own Host.
        let rebound = [("host", "evil.example:8808"), ("origin", "http://evil.example:8808")];
        assert_eq!(ok(&rebound, Origin::Optional), Err(Refusal::Host));
    }
}
