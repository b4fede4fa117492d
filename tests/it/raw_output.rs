//! `-o json`, `ndjson` and `yaml` print each resource, list and page exactly as the service answered it
//! (docs/reference/commands.md, "Resource commands"): no field added or dropped, no key renamed, numbers and key order
//! as received. Every command that prints the service's answer runs twice: against the emulator behind a recording
//! proxy, and against a strict mock that answers sparse records with `camelCase` keys, 64-bit integers and keys out of
//! order. What `seg` prints is compared with the bodies the server sent, byte for byte where the format allows. The
//! cases are keyed by the leaves of the command tree, so a new command must say whether it prints the service's answer.

use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::http::{Method, StatusCode, Uri};
use clap::CommandFactory;
use indexmap::IndexMap;
use serde_json::value::RawValue;
use serde_json::{Value, json};

use crate::support::{TestEnv, WRITE, leaves};
use seg::emulator::EmulatorOptions;

/// What a case prints.
#[derive(Clone, Copy)]
enum Prints {
    /// The answer to the command's last request.
    Answer,
    /// Every item of the list answers under this key (several collections for `--all`).
    Items(&'static str),
    /// `--each`: one result line per item, the answer to each write request under `resource`.
    Each,
    /// The last answer whole, envelope and all (`seg api`).
    Body,
}

/// Which API a run speaks: on the Public API what seg prints of an answer is the record inside its `{"data": ..}`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Api {
    Config,
    Public,
}

/// One response a server sent: the request's method and the body's text.
#[derive(Debug, Clone)]
struct Sent {
    method: String,
    body: String,
}

type Log = Arc<Mutex<Vec<Sent>>>;

/// The leaves that print the service's answer, with the arguments to run them with, and those that print something
/// else (seg's own documents, or nothing), which are listed so that a new command cannot be forgotten.
/// `each` is a file of destination names for `--each`.
fn cases(
    api: Api,
    ws: &str,
    plan: &str,
    filter: &str,
    regulation: &str,
    fmt: &str,
    each: &str,
) -> Vec<(&'static str, Vec<String>, Prints)> {
    let all = config_cases(ws, plan, filter, regulation, fmt, each);
    if api == Api::Config {
        return all;
    }
    // The same commands on the Public API: `seg api` takes its own paths; lists hold their items under its keys.
    let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    all.into_iter()
        .map(|(leaf, case_args, prints)| {
            let prints = match (leaf, prints) {
                ("api", Prints::Answer) => return ("api", args(&["api", "GET", "sources"]), Prints::Body),
                ("api", Prints::Items(_)) => return ("api", args(&["api", "GET", "sources", "--paginate"]), prints),
                ("catalog destinations list", _) => Prints::Items("destinationsCatalog"),
                ("catalog sources list", _) => Prints::Items("sourcesCatalog"),
                ("tracking-plans list", _) => Prints::Items("trackingPlans"),
                ("destinations mappings list", _) => Prints::Items("subscriptions"),
                ("tracking-plans connections list", _) => Prints::Items("sources"),
                ("workspaces list", _) => Prints::Items("workspace"),
                (_, prints) => prints,
            };
            (leaf, case_args, prints)
        })
        .collect()
}

/// Leaves the Public API has no resource for: refused before any request (exit 2).
const REFUSED_ON_THE_PUBLIC_API: [&str; 3] = ["tokens create", "tokens get", "tokens list"];

/// Leaves the Config API has no resource for: refused before any request (exit 2).
fn refused_on_the_config_api(leaf: &str) -> bool {
    leaf.starts_with("destinations mappings")
}

fn config_cases(
    ws: &str,
    plan: &str,
    filter: &str,
    regulation: &str,
    fmt: &str,
    each: &str,
) -> Vec<(&'static str, Vec<String>, Prints)> {
    let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let plan_arg = plan.to_string();
    // What a case creates is named for its format, so the three runs do not meet each other's.
    let (dest, source) = (format!("d-{fmt}/webhooks"), format!("d-{fmt}"));
    vec![
        ("api", args(&["api", "GET", &format!("workspaces/{ws}/sources/web")]), Prints::Answer),
        // Every page of a raw call's list, and one page of a resource list.
        ("api", args(&["api", "GET", &format!("workspaces/{ws}/sources"), "--paginate"]), Prints::Items("sources")),
        ("sources list", args(&["sources", "list", "--no-paginate", "--page-size", "2"]), Prints::Items("sources")),
        ("catalog destinations get", args(&["catalog", "destinations", "get", "webhooks"]), Prints::Answer),
        ("catalog destinations list", args(&["catalog", "destinations", "list"]), Prints::Items("destinations")),
        ("catalog sources get", args(&["catalog", "sources", "get", "javascript"]), Prints::Answer),
        ("catalog sources list", args(&["catalog", "sources", "list"]), Prints::Items("sources")),
        ("destinations create", args(&["destinations", "create", &dest, "--enabled"]), Prints::Answer),
        ("destinations disable", args(&["destinations", "disable", "web/webhooks"]), Prints::Answer),
        ("destinations enable", args(&["destinations", "enable", "web/webhooks"]), Prints::Answer),
        ("destinations enable", args(&["destinations", "enable", "--each", each]), Prints::Each),
        (
            "destinations filters create",
            args(&[
                "destinations",
                "filters",
                "create",
                "web/webhooks",
                "--title",
                "T2",
                "--if",
                "userId = 'x'",
                "--action",
                "drop",
            ]),
            Prints::Answer,
        ),
        ("destinations filters get", args(&["destinations", "filters", "get", "web/webhooks", filter]), Prints::Answer),
        (
            "destinations filters list",
            args(&["destinations", "filters", "list", "web/webhooks"]),
            Prints::Items("filters"),
        ),
        (
            "destinations filters patch",
            args(&["destinations", "filters", "patch", "web/webhooks", filter, "--enabled"]),
            Prints::Answer,
        ),
        (
            "destinations filters update",
            args(&["destinations", "filters", "update", "web/webhooks", filter, "--disabled"]),
            Prints::Answer,
        ),
        ("destinations get", args(&["destinations", "get", "web/webhooks"]), Prints::Answer),
        (
            "destinations mappings create",
            args(&[
                "destinations",
                "mappings",
                "create",
                "web/actions-webhook",
                &format!("M-{fmt}"),
                "--trigger",
                "type = \"track\"",
                "--settings",
                r#"{"url": "https://example.com/m"}"#,
            ]),
            Prints::Answer,
        ),
        (
            "destinations mappings disable",
            args(&["destinations", "mappings", "disable", "web/actions-webhook", "Orders"]),
            Prints::Answer,
        ),
        (
            "destinations mappings enable",
            args(&["destinations", "mappings", "enable", "web/actions-webhook", "Orders"]),
            Prints::Answer,
        ),
        (
            "destinations mappings get",
            args(&["destinations", "mappings", "get", "web/actions-webhook", "Orders"]),
            Prints::Answer,
        ),
        (
            "destinations mappings list",
            args(&["destinations", "mappings", "list", "web/actions-webhook"]),
            Prints::Items("mappings"),
        ),
        (
            "destinations mappings update",
            args(&[
                "destinations",
                "mappings",
                "update",
                "web/actions-webhook",
                "Orders",
                "--trigger",
                "type = \"page\"",
            ]),
            Prints::Answer,
        ),
        ("destinations list", args(&["destinations", "list", "--all"]), Prints::Items("destinations")),
        ("destinations patch", args(&["destinations", "patch", "web/webhooks", "--enabled"]), Prints::Answer),
        ("destinations update", args(&["destinations", "update", "web/webhooks", "--disabled"]), Prints::Answer),
        ("regulations get", args(&["regulations", "get", regulation]), Prints::Answer),
        ("regulations list", args(&["regulations", "list"]), Prints::Items("regulations")),
        (
            "sources create",
            args(&["sources", "create", &format!("new-{fmt}"), "--catalog", "javascript"]),
            Prints::Answer,
        ),
        ("sources get", args(&["sources", "get", "web"]), Prints::Answer),
        ("sources list", args(&["sources", "list"]), Prints::Items("sources")),
        ("sources patch", args(&["sources", "patch", "web", "--set", "display_name=W"]), Prints::Answer),
        ("sources schema-config get", args(&["sources", "schema-config", "get", "web"]), Prints::Answer),
        (
            "sources schema-config patch",
            args(&["sources", "schema-config", "patch", "web", "--set", "allow_unplanned_track_events=false"]),
            Prints::Answer,
        ),
        (
            "sources schema-config update",
            args(&["sources", "schema-config", "update", "web", "--set", "allow_unplanned_track_events=true"]),
            Prints::Answer,
        ),
        ("sources update", args(&["sources", "update", "web", "--set", "display_name=Web"]), Prints::Answer),
        ("tokens create", args(&["tokens", "create", "--description", "raw"]), Prints::Answer),
        ("tokens get", args(&["tokens", "get", "1"]), Prints::Answer),
        ("tokens list", args(&["tokens", "list"]), Prints::Items("access_tokens")),
        (
            "tracking-plans connections add",
            args(&["tracking-plans", "connections", "add", &plan_arg, &source]),
            Prints::Answer,
        ),
        (
            "tracking-plans connections list",
            args(&["tracking-plans", "connections", "list", "--all"]),
            Prints::Items("connections"),
        ),
        (
            "tracking-plans connections remove",
            args(&["tracking-plans", "connections", "remove", &plan_arg, &source]),
            Prints::Answer,
        ),
        ("tracking-plans create", args(&["tracking-plans", "create", "--display-name", "Q"]), Prints::Answer),
        ("tracking-plans get", args(&["tracking-plans", "get", &plan_arg]), Prints::Answer),
        ("tracking-plans list", args(&["tracking-plans", "list"]), Prints::Items("tracking_plans")),
        (
            "tracking-plans update",
            args(&["tracking-plans", "update", &plan_arg, "--display-name", "P2"]),
            Prints::Answer,
        ),
        ("workspaces get", args(&["workspaces", "get", ws]), Prints::Answer),
        ("workspaces list", args(&["workspaces", "list"]), Prints::Items("workspaces")),
    ]
}

/// Leaves that print no resource of the service: nothing on stdout, or a document of seg's own (a plan, a report,
/// a webhook body, `webhook log ID`'s entry or its `--body`; `webhook verify --destination` reads a destination and
/// prints only its verdict), each tested where it is made.
const NOT_THE_SERVICES: [&str; 31] = [
    "apply",
    "auth login",
    "auth logout",
    "auth status",
    "auth token",
    "completion",
    "options",
    "exit-codes",
    "config get",
    "config list",
    "config set",
    "config unset",
    "demo",
    "destinations delete",
    "destinations filters delete",
    "destinations mappings delete",
    "convert-webhooks",
    "diff",
    "export",
    "regulations create",
    "serve",
    "sources delete",
    "tokens delete",
    "tracking-plans delete",
    "webhook listen",
    "webhook log",
    "webhook replay",
    "webhook sample",
    "webhook send",
    "webhook sign",
    "webhook verify",
];

#[test]
fn every_leaf_says_whether_it_prints_the_services_answer() {
    let mut tree = Vec::new();
    leaves(&seg::cli::Cli::command(), &mut Vec::new(), &mut tree);
    let covered: Vec<&str> = cases(Api::Config, "w", "rs_1", "df_1", "r", "json", "f")
        .iter()
        .map(|(leaf, _, _)| *leaf)
        .chain(NOT_THE_SERVICES)
        // The Public API's own resources: what they print is compared with the emulator's records in
        // tests/it/nouns.rs.
        .chain(
            tree.iter()
                .map(String::as_str)
                .filter(|leaf| crate::dry_run::public_only(leaf) && !leaf.starts_with("destinations")),
        )
        .collect();
    let missing: Vec<&String> = tree.iter().filter(|leaf| !covered.contains(&leaf.as_str())).collect();
    assert!(missing.is_empty(), "commands with no case in tests/it/raw_output.rs: {missing:?}");
    let stale: Vec<&&str> = covered.iter().filter(|leaf| !tree.iter().any(|t| t == *leaf)).collect();
    assert!(stale.is_empty(), "cases for commands that do not exist: {stale:?}");
}

/// Serves `app` on a loopback port.
async fn serve(app: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(axum::serve(listener, app).into_future());
    base
}

/// A proxy in front of `upstream` that records every answer it passes on.
async fn recording_proxy(upstream: String, log: Log) -> String {
    let client = reqwest::Client::new();
    let app =
        axum::Router::new().fallback(move |method: Method, uri: Uri, headers: axum::http::HeaderMap, body: Bytes| {
            let (client, upstream, log) = (client.clone(), upstream.clone(), log.clone());
            async move {
                let mut request = client.request(method.clone(), format!("{upstream}{uri}")).body(body);
                for (name, value) in &headers {
                    if name != "host" {
                        request = request.header(name, value);
                    }
                }
                let answer = request.send().await.expect("the emulator answers");
                let status = answer.status();
                let text = answer.text().await.unwrap();
                log.lock().unwrap().push(Sent { method: method.to_string(), body: text.clone() });
                (StatusCode::from_u16(status.as_u16()).unwrap(), [("content-type", "application/json")], text)
            }
        });
    serve(app).await
}

/// A record the way a strict server might send it: only a name and fields the typed model does not know, in
/// `camelCase`, with integers no double holds, numbers a parser would spell otherwise, and keys out of order.
fn record(name: &str) -> String {
    format!(
        r#"{{"zeta":{{"b":1,"a":[true,null,"x"]}},"name":"{name}","displayName":"Mock","count":18446744073709551615,"low":-9223372036854775808,"beyond53":9007199254740993,"ratio":0.1,{SPELLED},"createTime":"2026-11-25T08:46:17.5Z"}}"#
    )
}

/// Numbers whose spelling a parsed number forgets (`100.0`, `1.5`, `-0.0`, `1.2345678901234569e+23`).
const SPELLED: &str = r#""hundred":1e2,"upper":1E+2,"price":1.50,"negzero":-0,"huge":123456789012345678901234,"exact":0.1000000000000000055511151231257827"#;

/// The key a list answer holds its items under, from the collection's last segment.
fn wrapper(collection: &str) -> Option<&'static str> {
    Some(match collection.rsplit('/').next()? {
        "workspaces" => "workspaces",
        "sources" => "sources",
        "destinations" => "destinations",
        "filters" => "filters",
        "tracking-plans" => "tracking_plans",
        "source-connections" => "connections",
        "access-tokens" => "access_tokens",
        "regulations" => "regulations",
        _ => return None,
    })
}

/// The strict mock: a list answers two pages (two records, then one), anything else one record named by its path
/// (a create: the collection's new item), a delete `{}`.
async fn strict_mock(log: Log) -> String {
    let app = axum::Router::new().fallback(move |method: Method, uri: Uri| {
        let log = log.clone();
        async move {
            let path = uri.path().trim_start_matches("/v1beta/").trim_end_matches('/').to_string();
            let second = uri.query().is_some_and(|q| q.contains("page_token=p2"));
            let body = match (method.clone(), wrapper(&path)) {
                (Method::GET, Some(key)) => {
                    let (items, next) = if second {
                        (vec![record(&format!("{path}/c"))], "")
                    } else {
                        (vec![record(&format!("{path}/a")), record(&format!("{path}/b"))], "p2")
                    };
                    format!(r#"{{"{key}":[{}],"next_page_token":"{next}"}}"#, items.join(","))
                }
                (Method::POST, Some(_)) => record(&format!("{path}/new")),
                (Method::DELETE, _) => "{}".to_string(),
                _ => record(&path),
            };
            log.lock().unwrap().push(Sent { method: method.to_string(), body: body.clone() });
            ([("content-type", "application/json")], body)
        }
    });
    serve(app).await
}

/// A Public API record the way a strict server might send it: the fields seg reads a name from (`id`, `slug`, a
/// catalog entry's `slug`, a plan's `name`), then others it does not know, in `camelCase`, with integers no double
/// holds and numbers spelled as JavaScript writes them (the Public API is a JavaScript and Go service: `1e+21`, never
/// `1e21` or `1E21`), keys out of order.
fn public_record(head: &str) -> String {
    format!(
        r#"{{"zeta":{{"b":1,"a":[true,null,"x"]}},{head},"displayName":"Mock","count":18446744073709551615,"low":-9223372036854775808,"beyond53":9007199254740993,{PUBLIC_SPELLED},"createdAt":"2026-11-25T08:46:17.5Z"}}"#
    )
}

/// Numbers as a JavaScript or Go service writes them, which a parsed number would spell otherwise.
const PUBLIC_SPELLED: &str = r#""big":1e+21,"price":1.50,"negzero":-0,"huge":123456789012345678901234,"exact":0.1000000000000000055511151231257827"#;

/// The strict mock of the Public API: one workspace `w` (id `W`), sources `web` and `app` each with one webhooks
/// destination (`D-web`, `D-app`) holding one filter, `d-ndjson`, `d-json` and `d-yaml` with none, one plan `P` (`tp_1`,
/// `rs_1`), one regulation, the catalog; lists answer two pages, writes the record they name.
async fn public_strict_mock(log: Log) -> String {
    const SOURCES: [&str; 5] = ["web", "app", "d-ndjson", "d-json", "d-yaml"];
    let source = |slug: &str| {
        public_record(&format!(
            r#""id":"S-{slug}","slug":"{slug}","metadata":{{"slug":"javascript","id":"JS"}},"writeKeys":["k"]"#
        ))
    };
    let destination = |slug: &str| {
        public_record(&format!(r#""id":"D-{slug}","sourceId":"S-{slug}","metadata":{{"slug":"webhooks","id":"WH"}}"#))
    };
    let plan = || public_record(r#""id":"tp_1","name":"P","resourceSchemaId":"rs_1","type":"LIVE""#);
    let filter = |id: &str| public_record(&format!(r#""id":"{id}","title":"T","if":"all","actions":[]"#));
    let actions = || {
        public_record(
            r#""id":"A-web","sourceId":"S-web","metadata":{"slug":"actions-webhook","id":"614a3c7d791c91c41bae7599"}"#,
        )
    };
    let mapping = |id: &str, name: &str| {
        let head = format!(r#""id":"{id}","name":"{name}","actionId":"nFPnRozhz1mh4Gbx4MLvT5","actionSlug":"send""#);
        let rest = r#""destinationId":"A-web","enabled":true,"settings":{"url":"https://example.com/m"},"trigger":"type = \"track\"""#;
        public_record(&format!("{head},{rest}"))
    };
    let page = |key: &str, items: Vec<String>, second: bool| {
        let half = items.len().div_ceil(2);
        let (items, pagination) = if second {
            (items[half..].to_vec(), r#"{"current":"p2","previous":"MA=="}"#)
        } else {
            (items[..half].to_vec(), r#"{"current":"MA==","next":"p2"}"#)
        };
        format!(r#"{{"data":{{"{key}":[{}],"pagination":{pagination}}}}}"#, items.join(","))
    };
    let app = axum::Router::new().fallback(move |method: Method, uri: Uri| {
        let log = log.clone();
        async move {
            let second = uri.query().is_some_and(|q| q.contains("p2"));
            let segments: Vec<&str> = uri.path().split('/').filter(|s| !s.is_empty()).collect();
            let data = |inner: String| format!(r#"{{"data":{inner}}}"#);
            let one = |key: &str, record: String| data(format!(r#"{{"{key}":{record}}}"#));
            let status = || data(r#"{"status":"SUCCESS"}"#.to_string());
            let slug_of = |id: &str| id.trim_start_matches("S-").trim_start_matches("D-").to_string();
            let body = match (method.as_str(), segments.as_slice()) {
                ("GET", []) => one("workspace", public_record(r#""id":"W","slug":"w","name":"W""#)),
                ("GET", ["sources"]) => page("sources", SOURCES.iter().map(|s| source(s)).collect(), second),
                ("POST", ["sources"]) => one("source", source("new")),
                ("GET", ["sources", id]) => {
                    data(format!(r#"{{"source":{},"trackingPlanId":null}}"#, source(&slug_of(id))))
                }
                ("PATCH", ["sources", id]) => one("source", source(&slug_of(id))),
                ("GET", ["sources", id, "connected-destinations"]) => {
                    let slug = slug_of(id);
                    let mut items =
                        if ["web", "app"].contains(&slug.as_str()) { vec![destination(&slug)] } else { vec![] };
                    if slug == "web" {
                        items.push(actions());
                    }
                    page("destinations", items, second)
                }
                ("GET" | "PATCH", ["sources", id, "settings"]) => data(format!(
                    r#"{{"sourceId":"{id}","settings":{{"track":{{"allowUnplannedEvents":true}},"huge":123456789012345678901234}}}}"#
                )),
                ("GET", ["destinations"]) => page("destinations", vec![destination("web"), destination("app")], second),
                ("POST", ["destinations"]) => one("destination", destination("new")),
                ("GET" | "PATCH", ["destinations", id]) => one("destination", destination(&slug_of(id))),
                ("GET", ["destinations", _, "subscriptions"]) => {
                    page("subscriptions", vec![mapping("m1", "Orders"), mapping("m2", "Other")], second)
                }
                ("POST", ["destinations", _, "subscriptions"]) => one("destinationSubscription", mapping("m3", "New")),
                ("GET" | "PATCH", ["destinations", _, "subscriptions", id]) => one("subscription", mapping(id, "Orders")),
                ("DELETE", ["destinations", _, "subscriptions", _]) => status(),
                ("GET", ["destination", _, "filters"]) => page("filters", vec![filter("f1"), filter("f2")], second),
                ("POST", ["destination", _, "filters"]) => one("filter", filter("f3")),
                ("GET" | "PATCH", ["destination", _, "filters", id]) => one("filter", filter(id)),
                ("GET", ["tracking-plans"]) => page("trackingPlans", vec![plan()], second),
                ("POST", ["tracking-plans"]) => one("trackingPlan", plan()),
                ("GET", ["tracking-plans", _]) => one("trackingPlan", plan()),
                ("PATCH", ["tracking-plans", _]) => status(),
                ("GET", ["tracking-plans", _, "rules"]) => page("rules", vec![], second),
                ("GET", ["tracking-plans", _, "sources"]) => page("sources", vec![source("web")], second),
                ("POST" | "DELETE", ["tracking-plans", _, "sources"]) => status(),
                ("GET", ["catalog", "sources"]) => page(
                    "sourcesCatalog",
                    vec![public_record(r#""id":"JS","slug":"javascript","name":"Javascript""#)],
                    second,
                ),
                ("GET", ["catalog", "sources", id]) => one(
                    "sourceMetadata",
                    public_record(&format!(r#""id":"{id}","slug":"javascript","name":"Javascript""#)),
                ),
                ("GET", ["catalog", "destinations"]) => page(
                    "destinationsCatalog",
                    vec![public_record(r#""id":"WH","slug":"webhooks","name":"Webhooks""#)],
                    second,
                ),
                ("GET", ["catalog", "destinations", id]) => one(
                    "destinationMetadata",
                    public_record(&format!(r#""id":"{id}","slug":"webhooks","name":"Webhooks""#)),
                ),
                ("GET", ["regulations"]) => page("regulations", vec![public_record(r#""id":"r1""#)], second),
                ("GET", ["regulations", id]) => one("regulation", public_record(&format!(r#""id":"{id}""#))),
                _ => format!(r#"{{"errors":[{{"type":"not-found","message":"the mock has no {method} {uri}"}}]}}"#),
            };
            let code = if body.starts_with(r#"{"errors""#) { StatusCode::NOT_FOUND } else { StatusCode::OK };
            log.lock().unwrap().push(Sent { method: method.to_string(), body: body.clone() });
            (code, [("content-type", "application/json")], body)
        }
    });
    serve(app).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_prints_a_strict_public_servers_answer_unchanged() {
    let env = TestEnv::with(EmulatorOptions::default()).await;
    let log = Log::default();
    let mock = public_strict_mock(log.clone()).await;
    compare_every_case(&env, &mock, &log, Api::Public, ("w", "rs_1", "f1", "r1"), &["web/webhooks", "app/webhooks"])
        .await;
}

/// JSON text without the whitespace between its tokens: what a server wrote, compared as written.
fn minified(text: &str) -> String {
    let (mut out, mut in_string, mut escaped) = (String::with_capacity(text.len()), false, false);
    for c in text.chars() {
        if in_string {
            in_string = escaped || c != '"';
            escaped = !escaped && c == '\\';
        } else if c == '"' {
            in_string = true;
        } else if c.is_whitespace() {
            continue;
        }
        out.push(c);
    }
    out
}

/// The texts of the items of a JSON array, as written.
fn items_of(text: &str) -> Vec<String> {
    let items: Vec<Box<RawValue>> = serde_json::from_str(text).unwrap_or_else(|e| panic!("not an array: {e}: {text}"));
    items.iter().map(|item| minified(item.get())).collect()
}

/// What the server sent that the command should print, as the texts the server wrote: the last answer, every item
/// of the lists under `key`, or the answer to every write.
fn expected(log: &[Sent], prints: Prints, api: Api) -> Vec<String> {
    // What a body holds for seg to print: the whole of it on the Config API; on the Public API what is inside `data`.
    let inside = |body: &str| -> String {
        match api {
            Api::Config => body.to_string(),
            Api::Public => data_of(body).map_or_else(|| body.to_string(), |data| data.get().to_string()),
        }
    };
    match prints {
        Prints::Answer => {
            let last = &log.last().expect("a request was made").body;
            match api {
                Api::Config => vec![minified(last)],
                // The record an answer holds, or one of the items of a list it holds: the Public API has no call
                // that reads one destination of a source by its catalog entry, so seg prints it from the list.
                // A command may read after its write (a plan's rules, to read it in seg's vocabulary): any answer of
                // the command's may be the one it prints, as long as it is printed as that answer sent it.
                Api::Public => {
                    let mut candidates = Vec::new();
                    for sent in log.iter().rev() {
                        let data = inside(&sent.body);
                        candidates.push(minified(&record_of(&data)));
                        if let Ok(object) = serde_json::from_str::<IndexMap<String, Box<RawValue>>>(&data) {
                            for value in object.values().filter(|v| v.get().starts_with('[')) {
                                candidates.extend(items_of(value.get()));
                            }
                        }
                    }
                    candidates
                }
            }
        }
        Prints::Body => vec![minified(&log.last().expect("a request was made").body)],
        Prints::Items(key) => log
            .iter()
            .filter(|sent| sent.method == "GET")
            .filter_map(|sent| serde_json::from_str::<IndexMap<String, Box<RawValue>>>(&inside(&sent.body)).ok())
            .filter_map(|mut body| body.shift_remove(key))
            .flat_map(
                |items| if items.get().starts_with('[') { items_of(items.get()) } else { vec![minified(items.get())] },
            )
            .collect(),
        Prints::Each => log
            .iter()
            .filter(|sent| sent.method != "GET")
            .map(|sent| match api {
                Api::Config => minified(&sent.body),
                Api::Public => minified(&record_of(&inside(&sent.body))),
            })
            .collect(),
    }
}

/// The text of a Public API answer's `data`.
fn data_of(body: &str) -> Option<Box<RawValue>> {
    serde_json::from_str::<IndexMap<String, Box<RawValue>>>(body).ok()?.shift_remove("data")
}

/// The record a Public API `data` holds (`source`, `destination`, `trackingPlan`, ...; `getSource`'s `source` beside
/// its `trackingPlanId`), or the `data` itself when it holds none (`{"status": "SUCCESS"}`, a schema's settings).
fn record_of(data: &str) -> String {
    const RECORDS: [&str; 10] = [
        "source",
        "subscription",
        "destinationSubscription",
        "destination",
        "filter",
        "trackingPlan",
        "workspace",
        "sourceMetadata",
        "destinationMetadata",
        "regulation",
    ];
    let Ok(mut object) = serde_json::from_str::<IndexMap<String, Box<RawValue>>>(data) else { return data.to_string() };
    RECORDS.iter().find_map(|key| object.shift_remove(*key)).map_or_else(|| data.to_string(), |r| r.get().to_string())
}

/// Numbers as values, for what YAML's reading of a number cannot tell apart (`1.50` and `1.5`): their spellings
/// are checked on the text.
fn loose(value: Value) -> Value {
    match value {
        Value::Number(n) => json!(n.as_f64().map(|f| f + 0.0)),
        Value::Array(items) => Value::Array(items.into_iter().map(loose).collect()),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, loose(v))).collect()),
        other => other,
    }
}

/// Runs every case in every format against `base`, comparing stdout with what the server sent.
#[allow(clippy::too_many_arguments)]
async fn compare_every_case(
    env: &TestEnv,
    base: &str,
    log: &Log,
    api: Api,
    ids: (&str, &str, &str, &str),
    each: &[&str],
) {
    let (ws, plan, filter, regulation) = ids;
    let api_name = match api {
        Api::Config => "config",
        Api::Public => "public",
    };
    for format in ["ndjson", "json", "yaml"] {
        let each_file = env.home.path().join(format!("each-{format}"));
        std::fs::write(&each_file, each.iter().map(|name| format!("{name}\n")).collect::<String>()).unwrap();
        for (leaf, args, prints) in cases(api, ws, plan, filter, regulation, format, each_file.to_str().unwrap()) {
            log.lock().unwrap().clear();
            let mut all: Vec<&str> = vec!["-w", ws, "-o", format];
            all.extend(args.iter().map(String::as_str));
            let vars = [("SEG_TOKEN", WRITE), ("SEG_BASE_URL", base), ("SEG_API", api_name)];
            let run = env.seg_with(&all, &vars).await;
            let said = format!("{leaf} {args:?} -o {format} [{api:?}]\nstdout: {}\nstderr: {}", run.stdout, run.stderr);
            let refused = match api {
                Api::Public => REFUSED_ON_THE_PUBLIC_API.contains(&leaf),
                Api::Config => refused_on_the_config_api(leaf),
            };
            if refused {
                assert_eq!(run.code, 2, "{said}");
                assert!(log.lock().unwrap().is_empty(), "refused before any request: {said}");
                continue;
            }
            assert_eq!(run.code, 0, "{said}");
            let sent = log.lock().unwrap().clone();
            let mut want = expected(&sent, prints, api);
            assert!(!want.is_empty(), "{said}\nthe server sent nothing to print: {sent:?}");
            if let (Prints::Answer, true) = (prints, want.len() > 1) {
                // One of several records the answer holds: the one printed, if it is one of them as sent.
                let printed = loose(match format {
                    "yaml" => serde_yaml_ng::from_str(
                        &run.stdout.replace(": 123456789012345678901234\n", ": 123456789012345678901234.0\n"),
                    )
                    .unwrap(),
                    _ => serde_json::from_str(run.stdout.lines().next().unwrap_or_default().trim())
                        .unwrap_or_else(|_| serde_json::from_str(&run.stdout).unwrap()),
                });
                if let Some(one) = want.iter().find(|w| loose(serde_json::from_str(w).unwrap()) == printed) {
                    want = vec![one.clone()];
                }
            }
            // `--all` reads its collections concurrently: the server answered them in any order, seg prints them in
            // the order asked.
            let across = args.iter().any(|a| a == "--all");
            let sorted = |mut texts: Vec<String>| {
                if across {
                    texts.sort();
                }
                texts
            };
            want = sorted(want);
            if let Prints::Each = prints {
                // One result line per item whatever the format, the answer under `resource` as the service wrote it
                // (items run concurrently: the server saw them in any order).
                want.sort();
                let mut got: Vec<String> = run
                    .stdout
                    .lines()
                    .map(|line| {
                        let mut result: IndexMap<String, Box<RawValue>> = serde_json::from_str(line).unwrap();
                        assert_eq!(result.get("ok").map(|ok| ok.get()), Some("true"), "{said}");
                        minified(result.shift_remove("resource").expect("a resource").get())
                    })
                    .collect();
                got.sort();
                assert_eq!(got, want, "{said}");
                continue;
            }
            let got: Vec<String> = match format {
                // Compared as text: key order and the spelling of every number count.
                "ndjson" => run.stdout.lines().map(minified).collect(),
                "json" => match prints {
                    Prints::Items(_) => items_of(&run.stdout),
                    _ => vec![minified(&run.stdout)],
                },
                _ => {
                    // YAML reads `1.50` as 1.5: compared as values here, spellings on the text below.
                    // serde_yaml_ng reads no integer beyond 64 bits (YAML has no such limit): read as a float here.
                    let readable = run.stdout.replace(": 123456789012345678901234\n", ": 123456789012345678901234.0\n");
                    let yaml: Value = serde_yaml_ng::from_str(&readable).unwrap();
                    let got = match (prints, yaml) {
                        (Prints::Items(_), Value::Array(items)) => items,
                        (_, one) => vec![one],
                    };
                    let got: Vec<Value> = got.into_iter().map(loose).collect();
                    let values: Vec<Value> =
                        want.iter().map(|text| loose(serde_json::from_str(text).unwrap())).collect();
                    let text = |values: &[Value]| sorted(values.iter().map(Value::to_string).collect());
                    assert_eq!(text(&got), text(&values), "{said}");
                    for spelled in [SPELLED, PUBLIC_SPELLED] {
                        let first = spelled.split(':').next().unwrap();
                        if !want.iter().any(|text| text.contains(first)) {
                            continue;
                        }
                        for (key, number) in spelled.split(',').map(|kv| kv.split_once(':').unwrap()) {
                            let line = format!("{}: {number}\n", key.trim_matches('"'));
                            assert!(run.stdout.contains(&line), "{said}\nno line {line:?}");
                        }
                    }
                    continue;
                }
            };
            assert_eq!(sorted(got), want, "{said}");
            if format == "ndjson" {
                // Byte for byte: each line is the item as the server wrote it (both servers write compact JSON).
                let raw: Vec<String> = match (prints, api) {
                    (Prints::Answer, Api::Config) | (Prints::Body, _) => vec![sent.last().unwrap().body.clone()],
                    (Prints::Answer, Api::Public) => want.clone(),
                    _ => want.clone(),
                };
                let lines: Vec<String> = sorted(run.stdout.lines().map(String::from).collect());
                assert_eq!(lines, raw, "{said}");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_prints_the_emulators_answer_unchanged() {
    emulators_answers(Api::Config).await;
}

/// The same commands over the Public API, against the same emulator's Public door.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_prints_the_emulators_public_api_answer_unchanged() {
    emulators_answers(Api::Public).await;
}

async fn emulators_answers(api: Api) {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    env.create_source("demo", "web").await.ok();
    for source in ["d-ndjson", "d-json", "d-yaml"] {
        env.create_source("demo", source).await.ok();
    }
    let dest = "workspaces/demo/sources/web/destinations/webhooks";
    let body = json!({"destination": {"name": dest, "config": [{"name": "sharedSecret", "value": "s3cret"}]}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(body)).await.ok();
    let filter = json!({"filter": {"title": "T", "if": "userId = 'test'", "actions": [{"type": "drop_event"}]}});
    let filter = env.call("POST", &format!("/v1beta/{dest}/filters"), Some(filter)).await;
    let filter = filter.ok()["name"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    let plan = json!({"tracking_plan": {"display_name": "P"}});
    let plan = env.call("POST", "/v1beta/workspaces/demo/tracking-plans", Some(plan)).await;
    let plan = plan.ok()["name"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    let body = json!({"regulation_type": "Suppress", "attributes": {"name": "userId", "values": ["u1"]}});
    let regulation = env.call("POST", "/v1beta/workspaces/demo/regulations", Some(body)).await;
    let regulation = regulation.ok()["regulate_id"].as_str().unwrap().to_string();
    let actions = json!({"destination": {"name": "workspaces/demo/sources/web/destinations/actions-webhook",
        "enabled": true, "config": [{"name": "sharedSecret", "value": "s3cret"}]}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(actions)).await.ok();
    let mapping = [
        "destinations",
        "mappings",
        "create",
        "web/actions-webhook",
        "Orders",
        "--trigger",
        "type = \"track\"",
        "--settings",
        r#"{"url": "https://example.com/m"}"#,
    ];
    env.seg_with(&mapping, &[("SEG_TOKEN", WRITE), ("SEG_API", "public")]).await.code(0);
    let log = Log::default();
    let proxy = recording_proxy(env.base.clone(), log.clone()).await;
    compare_every_case(&env, &proxy, &log, api, ("demo", &plan, &filter, &regulation), &["web/webhooks"]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_prints_a_strict_servers_answer_unchanged() {
    let env = TestEnv::with(EmulatorOptions::default()).await;
    let log = Log::default();
    let mock = strict_mock(log.clone()).await;
    compare_every_case(&env, &mock, &log, Api::Config, ("w", "rs_1", "df_1", "r1"), &["web/webhooks", "app/webhooks"])
        .await;
    // Spot check of the bytes: nothing the service did not send, nothing renamed, numbers exact.
    let run = env
        .seg_with(&["-w", "w", "sources", "get", "web", "-o", "json"], &[("SEG_TOKEN", WRITE), ("SEG_BASE_URL", &mock)])
        .await;
    let text = &run.code(0).stdout;
    assert!(
        text.contains("18446744073709551615")
            && text.contains("-9223372036854775808")
            && text.contains("9007199254740993"),
        "{text}"
    );
    for spelled in
        ["1e2,", "1E+2,", "1.50,", "-0,", "123456789012345678901234,", "0.1000000000000000055511151231257827,"]
    {
        assert!(text.contains(&format!(": {spelled}\n")), "{spelled} not as sent: {text}");
    }
    assert!(text.contains("\"displayName\"") && text.contains("\"createTime\""), "{text}");
    for added in ["display_name", "create_time", "write_keys", "labels", "library_config", "catalog_name", "\"id\""] {
        assert!(!text.contains(added), "{added} was added: {text}");
    }
    assert!(text.find("\"zeta\"").unwrap() < text.find("\"name\"").unwrap(), "key order kept: {text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn show_is_get_for_every_noun() {
    let env = TestEnv::with(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await;
    env.create_source("demo", "web").await.ok();
    let body = json!({"destination": {"name": "workspaces/demo/sources/web/destinations/webhooks"}});
    env.call("POST", "/v1beta/workspaces/demo/sources/web/destinations", Some(body)).await.ok();
    for args in [
        vec!["workspaces", "demo"],
        vec!["sources", "web"],
        vec!["destinations", "web/webhooks"],
        vec!["sources", "schema-config", "web"],
        vec!["catalog", "sources", "javascript"],
        vec!["tokens", "1"],
    ] {
        let (noun, rest) = args.split_at(args.len() - 1);
        let get = env.seg(&[&["-w", "demo"], noun, &["get"], rest].concat()).await;
        let show = env.seg(&[&["-w", "demo"], noun, &["show"], rest].concat()).await;
        assert_eq!(show.code(0).stdout, get.code(0).stdout, "{args:?}");
    }
}
