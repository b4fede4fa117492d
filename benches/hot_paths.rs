//! Hot paths, measured (never timed in tests): signing at 1 KB and 1 MB against the raw SHA-1 floor, the
//! JSON.stringify encoder, name parsing, page decoding, table rendering, and the comparison that decides how a large
//! tracking plan's rules are written.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sha1::Digest;
use std::hint::black_box;

use seg::api::names::{self, Defaults, Kind};
use seg::json;
use seg::ui::Printer;
use seg::webhook::{sample, sign};
use seg::wire::message::MessageType;

fn signing(c: &mut Criterion) {
    let mut group = c.benchmark_group("sign");
    for size in [1024usize, 1024 * 1024] {
        let body = vec![b'x'; size];
        group.throughput(Throughput::Bytes(size as u64));
        group.bench_with_input(BenchmarkId::new("hmac_sha1", size), &body, |b, body| {
            b.iter(|| sign::sign(black_box(b"teehee"), black_box(body)))
        });
        // The floor: one SHA-1 pass over the same bytes (HMAC adds a second pass over 84 bytes).
        group.bench_with_input(BenchmarkId::new("sha1_floor", size), &body, |b, body| {
            b.iter(|| sha1::Sha1::digest(black_box(body)))
        });
    }
    group.finish();
}

fn stringify(c: &mut Criterion) {
    let body = json::stringify(&sample::sample(MessageType::Track, &sample::SampleOptions::default()).unwrap());
    let mut group = c.benchmark_group("json");
    group.throughput(Throughput::Bytes(body.len() as u64));
    group.bench_function("restringify_track", |b| b.iter(|| json::restringify(black_box(body.as_bytes())).unwrap()));
    let big: String = format!("[{}]", vec![body.as_str(); 1000].join(","));
    group.throughput(Throughput::Bytes(big.len() as u64));
    group.bench_function("restringify_1000_messages", |b| {
        b.iter(|| json::restringify(black_box(big.as_bytes())).unwrap())
    });
    group.finish();
}

fn name_parsing(c: &mut Criterion) {
    let defaults = Defaults { workspace: Some("acme".into()), source: None };
    c.bench_function("names/parse_full_destination", |b| {
        b.iter(|| {
            names::parse(Kind::Destination, black_box("workspaces/acme/sources/web/destinations/webhooks"), &defaults)
        })
    });
    c.bench_function("names/parse_short_destination", |b| {
        b.iter(|| names::parse(Kind::Destination, black_box("web/webhooks"), &defaults))
    });
}

fn page_and_table(c: &mut Criterion) {
    let items: Vec<serde_json::Value> = (0..1000)
        .map(|i| {
            serde_json::json!({"name": format!("workspaces/acme/sources/s{i:04}"), "parent": "workspaces/acme",
                "display_name": format!("Source {i}"), "catalog_name": "catalog/sources/javascript",
                "write_keys": ["0bbPiYNuF8plJRFtqNXOFbL2rU3fuOmE"], "library_config": {"metrics_enabled": false,
                "retry_queue": false, "cross_domain_id_enabled": false, "api_host": ""}, "labels": {},
                "id": "SeB8RQgM37", "create_time": "2026-11-22T03:04:46.255Z"})
        })
        .collect();
    let page = serde_json::json!({"sources": &items[..100], "next_page_token": "00000000000000640a0b"}).to_string();
    c.bench_function("page/decode_100_sources", |b| {
        b.iter(|| serde_json::from_str::<serde_json::Value>(black_box(&page)).unwrap())
    });
    let printer = Printer::plain();
    c.bench_function("table/render_1000_rows", |b| {
        b.iter(|| seg::ui::table::rows(black_box(&items), seg::ui::table::SOURCES.columns, &printer))
    });
}

fn plan_rules(c: &mut Criterion) {
    use seg::api::public::rules;
    use seg::wire::public::RuleInput;
    let rule = |i: usize, field: &str| RuleInput {
        kind: "TRACK".into(),
        key: Some(format!("Event {i:05}")),
        json_schema: serde_json::json!({"properties": {"properties": {"properties": {field: {"type": "string"}}}}}),
        version: 1,
    };
    let mut group = c.benchmark_group("plan_rules");
    for size in [1_000, 20_000] {
        let held: Vec<RuleInput> = (0..size).map(|i| rule(i, "id")).collect();
        // A tenth removed, a tenth changed, a tenth added.
        let mut new: Vec<RuleInput> =
            (size / 10..size).map(|i| rule(i, if i % 10 == 1 { "sku" } else { "id" })).collect();
        new.extend((size..size + size / 10).map(|i| rule(i, "id")));
        group.throughput(Throughput::Elements(size as u64));
        group.bench_with_input(BenchmarkId::new("writes", size), &(held, new), |b, (held, new)| {
            b.iter(|| rules::writes(black_box(held), black_box(new)))
        });
    }
    group.finish();
}

criterion_group!(benches, signing, stringify, name_parsing, page_and_table, plan_rules);
criterion_main!(benches);
