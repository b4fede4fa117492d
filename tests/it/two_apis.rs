//! The choice between the Config API and the Public API (docs/reference/commands.md, "Two APIs"): how `--api`,
//! `--region`, the base URL and the Config-only flags combine, and that what cannot apply is refused before any
//! request.

use crate::support::{TestEnv, run_with_stdin, seg_command};

/// `seg ARGS` with no emulator and no token, in a fresh HOME: what is decided before any request.
async fn offline(args: &[&str], vars: &[(&str, &str)]) -> crate::support::Run {
    let home = tempfile::tempdir().unwrap();
    let mut cmd = seg_command(home.path());
    cmd.args(args);
    for (key, value) in vars {
        cmd.env(key, value);
    }
    run_with_stdin(cmd, b"").await
}

#[tokio::test]
async fn the_api_and_region_pick_the_host() {
    let status = |args: &'static [&'static str], vars: &'static [(&'static str, &'static str)]| async move {
        let mut all = vec!["auth", "status", "-o", "json"];
        all.extend_from_slice(args);
        offline(&all, vars).await
    };
    // The report comes first (then the error line: there is no token here).
    let report = |run: &crate::support::Run| -> serde_json::Value {
        let mut values = serde_json::Deserializer::from_str(&run.stdout).into_iter::<serde_json::Value>();
        values.next().and_then(Result::ok).unwrap_or_else(|| panic!("no report: {} {}", run.stdout, run.stderr))
    };
    let run = status(&[], &[]).await;
    let report_of = report;
    let report = report_of(&run);
    assert_eq!(
        (report["api"].as_str(), report["base_url"].as_str(), report["api_version"].as_str()),
        (Some("config"), Some("https://platform.segmentapis.com"), Some("v1beta"))
    );
    for (args, vars, host) in [
        (&["--api", "public"][..], &[][..], "https://api.segmentapis.com"),
        (&["--api", "public", "--region", "eu"][..], &[][..], "https://eu1.api.segmentapis.com"),
        (&[][..], &[("SEG_API", "public"), ("SEG_REGION", "eu")][..], "https://eu1.api.segmentapis.com"),
        // An explicit base URL beats the region when they come from different places.
        (
            &["--api", "public", "--region", "eu"][..],
            &[("SEG_BASE_URL", "http://127.0.0.1:9")][..],
            "http://127.0.0.1:9",
        ),
        // SEG_API_VERSION is meant for the Config API: ignored on the Public API.
        (&["--api", "public"][..], &[("SEG_API_VERSION", "v1alpha")][..], "https://api.segmentapis.com"),
    ] {
        let run = status(args, vars).await;
        let report = report_of(&run);
        assert_eq!(report["api"], "public", "{args:?} {vars:?}");
        assert_eq!(report["base_url"], host, "{args:?} {vars:?}");
        assert!(report["api_version"].is_null(), "the Public API has no path prefix: {report}");
    }
}

#[tokio::test]
async fn what_cannot_apply_is_a_usage_error_before_any_request() {
    let env = TestEnv::with(seg::emulator::EmulatorOptions { rate_limit: 0, ..Default::default() }).await;
    env.create_source("demo", "web").await.ok();
    env.clear_requests().await;
    let cases: [(&[&str], &str); 7] = [
        (&["sources", "list", "-w", "demo", "--api", "public", "--api-version", "v1beta"], "--api-version"),
        (
            &["sources", "list", "-w", "demo", "--api", "public", "--region", "eu", "--base-url", "http://127.0.0.1:9"],
            "--region",
        ),
        (&["sources", "list", "-w", "demo", "--region", "eu"], "--api public"),
        (&["tokens", "list", "--api", "public"], "Access"),
        (&["tokens", "create", "--api", "public", "--description", "d", "--scope", "workspace:read"], "Access"),
        (
            &[
                "sources",
                "update",
                "web",
                "-w",
                "demo",
                "--api",
                "public",
                "--set",
                "display_name=W",
                "--update-mask",
                "display_name",
            ],
            "--update-mask",
        ),
        (
            &[
                "destinations",
                "update",
                "web/webhooks",
                "-w",
                "demo",
                "--api",
                "public",
                "--enabled",
                "--update-mask",
                "enabled",
            ],
            "--update-mask",
        ),
    ];
    for (args, says) in cases {
        let run = env.seg(args).await;
        run.code(2);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
        assert!(env.requests().await.is_empty(), "{args:?} sent a request");
    }
    // The same with the API chosen by a variable and by the profile.
    let run = env.seg_with(&["tokens", "list"], &[("SEG_TOKEN", crate::support::WRITE), ("SEG_API", "public")]).await;
    run.code(2);
    let run = env.seg(&["config", "set", "api", "public"]).await;
    run.code(0);
    env.seg(&["tokens", "list"]).await.code(2);
    let run = env.seg(&["config", "set", "api", "graphql"]).await;
    run.code(2);
    assert!(run.stderr.contains("config, public"), "{}", run.stderr);
    env.seg(&["config", "set", "region", "mars"]).await.code(2);
    env.seg(&["config", "set", "api", "config"]).await.code(0);
    env.seg(&["tokens", "list"]).await.code(0);
    let run = env.seg(&["sources", "list", "-w", "demo", "--api", "graphql"]).await;
    run.code(2);
    assert!(env.requests().await.iter().all(|r| r["uri"].as_str().unwrap().contains("access-tokens")));
}
