//! The official TypeScript SDK of the Public API, unchanged, against the emulator: `tests/sdk/drive.js` calls every
//! operation docs/reference/public-api.md lists through it and checks the results, paging, errors and what one API
//! wrote as the other reads it. `.ci/run` installs the SDK pinned (`npm ci` in tests/sdk); without it the test skips,
//! unless CI is set.

use std::path::{Path, PathBuf};

use crate::support::{READ, TestEnv, WRITE};

/// The folder of the pinned SDK, or None (said on stderr) when node or the SDK is missing and CI is not set.
pub fn installed(test: &str) -> Option<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sdk");
    let installed = folder.join("node_modules/@segment/public-api-sdk-typescript/package.json").exists();
    let node = std::process::Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success());
    if installed && node {
        return Some(folder);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI is set but the Public API SDK is not installed: run `npm ci --prefix tests/sdk` (.ci/run does)"
    );
    let line =
        format!("SKIPPED {test}: no node or tests/sdk/node_modules (npm ci --prefix tests/sdk); CI would fail here\n");
    let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
    None
}

#[tokio::test]
async fn the_official_typescript_sdk_runs_unchanged_against_the_emulator() {
    let Some(folder) = installed("the_official_typescript_sdk_runs_unchanged_against_the_emulator") else {
        return;
    };
    let env = TestEnv::start().await;
    let out = tokio::process::Command::new("node")
        .arg("drive.js")
        .current_dir(&folder)
        .env("SEG_BASE", &env.base)
        .env("SEG_WRITE", WRITE)
        .env("SEG_READ", READ)
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(std::time::Duration::from_secs(120), out).await.expect("the SDK run ends").unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the SDK's run failed\nstdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.contains("14 checks passed"), "{stdout}");
}
