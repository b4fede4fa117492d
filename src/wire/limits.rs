//! The Public API's per-operation rate limits (docs/reference/rate-limits.md): beside the workspace's
//! budget of every request, the operations of `docs/reference/public-api-rate-limits.tsv` each allow a number of
//! requests a minute (or a day) of their own. The table is read at build time (`build.rs`: an entry that cannot be
//! read fails the build), so at run time it is a static array; the client paces by it (`api::budget`) and the
//! emulator enforces it (`emulator::gate`), both finding a request's operation here, by method and path.

use std::sync::OnceLock;
use std::time::Duration;

/// The unit a limit counts in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Per {
    Minute,
    Day,
}

/// One operation's limit.
#[derive(Debug, PartialEq, Eq)]
pub struct Limit {
    /// The SDK's class of the operation (`destinationsApi`).
    pub class: &'static str,
    pub method: &'static str,
    /// The path's template, `/destinations/{destinationId}/subscriptions`.
    pub path: &'static str,
    /// The operationId (`createDestinationSubscription`): the name seg gives the operation's budget.
    pub operation: &'static str,
    /// Requests allowed in one window.
    pub count: u32,
    pub per: Per,
}

/// Every stated limit, in the table's order.
pub static LIMITS: &[Limit] = include!(concat!(env!("OUT_DIR"), "/rate_limits.rs"));

/// The test-only setting that shortens every window (TESTING.md): a minute of the table lasts this many
/// milliseconds (a day, 1,440 of them), for the client and the emulator alike.
pub const TEST_MINUTE_VARIABLE: &str = "SEG_TEST_LIMIT_MINUTE_MS";

/// How long the table's minute lasts: a minute, or what [`TEST_MINUTE_VARIABLE`] says (read once).
fn minute() -> Duration {
    static MINUTE: OnceLock<Duration> = OnceLock::new();
    *MINUTE.get_or_init(|| {
        std::env::var(TEST_MINUTE_VARIABLE)
            .ok()
            .and_then(|ms| ms.trim().parse::<u64>().ok())
            .filter(|ms| (1..=60_000).contains(ms))
            .map_or(Duration::from_secs(60), Duration::from_millis)
    })
}

impl Limit {
    /// The window the count is allowed in.
    pub fn window(&self) -> Duration {
        match self.per {
            Per::Minute => minute(),
            Per::Day => minute() * 1440,
        }
    }

    /// `5 requests a minute`, as messages say it.
    pub fn rate(&self) -> String {
        let per = match self.per {
            Per::Minute => "a minute",
            Per::Day => "a day",
        };
        // Said here, not with `ui::count`: `wire` is below `ui` (tests/it/layers.rs).
        let plural = if self.count == 1 { "" } else { "s" };
        format!("{} request{plural} {per}", self.count)
    }

    /// Whether a request's path (no leading `/`, no query; each segment as sent) is this operation's
    /// (`wire::operations::matches`). Its literal segments, when it matches.
    fn matches(&self, method: &str, path: &str) -> Option<usize> {
        super::operations::matches(self.method, self.path, method, path)
    }
}

/// The stated limit of a Public API request, if its operation has one: the operation whose template matches with
/// the most literal segments (`/audiences/previews/{id}` before `/audiences/{id}/...`).
pub fn of(method: &str, path: &str) -> Option<&'static Limit> {
    let path = path.split('?').next().unwrap_or_default();
    LIMITS
        .iter()
        .filter_map(|limit| limit.matches(method, path).map(|literal| (literal, limit)))
        .max_by_key(|(literal, _)| *literal)
        .map(|(_, limit)| limit)
}

#[cfg(test)]
#[path = "limits_table.rs"]
pub(super) mod table;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    /// The SDK's tables of operations (`wire::operations`), read by the same reader.
    fn an_sdk_table_that_cannot_be_read_fails_the_build_naming_its_line() {
        const HEADER: &str = "class\tmethod\tpath\toperationId\tstated limit\n";
        let good = format!("{HEADER}labelsApi\tPOST\t/labels\tcreateLabel\t\n");
        let made = table::operations(&good, &good).unwrap();
        assert!(made.contains(r#"operation: "createLabel", sdk47: true, sdk73: true"#), "{made}");
        for (first, second, why) in [
            ("", good.as_str(), "first: the first line is not the header"),
            (good.as_str(), HEADER, "second: it holds no operation"),
            (&format!("{HEADER}labelsApi\tPOST\t/labels\tcreateLabel\n"), good.as_str(), "first: line 2: 4 fields"),
            (&format!("{HEADER}labelsApi\tFETCH\t/labels\tcreateLabel\t\n"), good.as_str(), "first: line 2: `FETCH`"),
            (
                &format!("{HEADER}labelsApi\tPOST\t/labels\tcreateLabel\t\nlabelsApi\tPOST\t/labels\tmakeLabel\t\n"),
                good.as_str(),
                "first: line 3: `makeLabel` or `POST /labels` is in the table twice",
            ),
            (
                good.as_str(),
                &format!("{HEADER}labelsApi\tPUT\t/labels\tcreateLabel\t\n"),
                "`createLabel` is `POST /labels` in one table, `PUT /labels` in the other",
            ),
        ] {
            let error = table::operations(first, second).unwrap_err();
            assert!(error.starts_with(why), "{first:?} {second:?}: {error}");
        }
    }

    #[test]
    fn an_entry_that_cannot_be_read_fails_the_build_naming_its_line() {
        const HEADER: &str = "class\toperation (method path)\toperationId\tlimit stated in ...\n";
        let good = "labelsApi\tPOST /labels\tcreateLabel\t60 requests per minute";
        let made = table::read(&format!("{HEADER}{good}\n")).unwrap();
        assert!(made.contains(r#"operation: "createLabel", count: 60, per: Per::Minute"#), "{made}");
        for (text, why) in [
            ("", "the first line is not the header"),
            ("class\tlimit\n", "the first line is not the header"),
            (HEADER, "it holds no limit"),
            ("labelsApi\tPOST /labels\tcreateLabel", "line 2: 3 fields, not 4"),
            ("labelsApi\tPOST /labels\tcreateLabel\t60 requests per hour", "line 2: `60 requests per hour` is not"),
            ("labelsApi\tPOST /labels\tcreateLabel\t0 requests per minute", "line 2: `0` is not a count"),
            ("labelsApi\tPOST /labels\tcreateLabel\tsixty requests per minute", "line 2: `sixty` is not a count"),
            ("labelsApi\tFETCH /labels\tcreateLabel\t60 requests per minute", "line 2: `FETCH` is not an HTTP method"),
            ("labelsApi\tPOST labels\tcreateLabel\t60 requests per minute", "line 2: `labels` is not a path"),
            ("labelsApi\tPOST /labels/{}\tcreateLabel\t60 requests per minute", "line 2: `/labels/{}` is not a path"),
            ("labelsApi\tPOST /labels\tCreateLabel\t60 requests per minute", "line 2: `labelsApi` / `CreateLabel`"),
            ("labels api\tPOST /labels\tcreateLabel\t60 requests per minute", "line 2: `labels api`"),
            (
                "labelsApi\tPOST /labels\tcreateLabel\t60 requests per minute\nlabelsApi\tPOST /labels\tcreateLabel\t5 requests per minute",
                "line 3: `createLabel`",
            ),
        ] {
            let text = if text.starts_with("class") || text.is_empty() {
                text.to_string()
            } else {
                format!("{HEADER}{text}\n")
            };
            let error = table::read(&text).unwrap_err();
            assert!(error.starts_with(why), "{text:?}: {error}");
        }
    }

    #[test]
    fn the_table_is_the_one_shipped() {
        let table = include_str!("../../docs/reference/public-api-rate-limits.tsv");
        let rows = table.lines().skip(1).filter(|l| !l.trim().is_empty()).count();
        assert_eq!(LIMITS.len(), rows);
        assert!(LIMITS.len() >= 67, "the table states every limit the SDK states: {}", LIMITS.len());
        let subscriptions = of("POST", "destinations/abc/subscriptions").unwrap();
        assert_eq!(
            (subscriptions.operation, subscriptions.count, subscriptions.per),
            ("createDestinationSubscription", 5, Per::Minute)
        );
        assert_eq!(subscriptions.rate(), "5 requests a minute");
        assert_eq!(
            of("PATCH", "/destinations/abc/subscriptions/x1").unwrap().operation,
            "updateSubscriptionForDestination"
        );
        assert_eq!(
            of("delete", "destinations/abc/subscriptions/x1").unwrap().operation,
            "removeSubscriptionFromDestination"
        );
        assert_eq!(of("GET", "tracking-plans/tp1/rules?pagination%5Bcount%5D=200").unwrap().count, 200);
        assert_eq!(of("DELETE", "labels/team/core").unwrap().operation, "deleteLabel");
        let download = of("POST", "customer-insights/download").unwrap();
        assert_eq!((download.count, download.per), (120, Per::Day));
        // The most literal template wins; no limit for what the table does not name.
        assert_eq!(of("GET", "spaces/s1/audiences/previews/p1").unwrap().operation, "getAudiencePreview");
        assert_eq!(of("GET", "spaces/s1/audiences/a1").unwrap().operation, "getAudience");
        for (method, path) in [
            ("GET", "destinations/abc/subscriptions"),
            ("POST", "destinations"),
            ("POST", "destinations/abc/subscriptions/x1"),
            ("PUT", "tracking-plans/tp1/rules"),
            ("GET", "labels"),
            ("DELETE", "labels/team"),
            ("DELETE", "labels//core"),
        ] {
            assert_eq!(of(method, path), None, "{method} {path}");
        }
    }
}
