//! The Public API's per-operation rate limits (docs/reference/rate-limits.md): the shipped table and its
//! regeneration from an SDK's source (`scripts/rate-limits.js`), and seg pacing each operation by its limit, on one
//! machine and across machines sharing a real redis-server, with the table's windows shortened for tests
//! (`SEG_TEST_LIMIT_MINUTE_MS`, docs/TESTING.md) so that nothing waits real minutes.

use std::path::Path;
use std::process::Command;

/// The shipped table's rows, without its header.
fn shipped() -> Vec<String> {
    let table = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/reference/public-api-rate-limits.tsv"),
    )
    .unwrap();
    table.lines().skip(1).filter(|l| !l.trim().is_empty()).map(str::to_string).collect()
}

/// The regeneration reads an SDK's operation descriptions: the pinned SDK (47, older than the table's 73) states
/// fewer limits, so its table is refused, naming what it lacks; read against an empty table, what it finds is the
/// table's own text for the operations both state alike.
#[test]
fn a_regeneration_from_an_older_sdk_that_states_fewer_limits_is_refused() {
    let Some(folder) = crate::sdk::installed("a_regeneration_from_an_older_sdk_that_states_fewer_limits_is_refused")
    else {
        return;
    };
    let sdk = folder.join("node_modules/@segment/public-api-sdk-typescript");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/rate-limits.js");
    let before = shipped();
    for flags in [&[][..], &["--write"][..]] {
        let out = Command::new("node").arg(&script).arg(&sdk).arg("47.0.0").args(flags).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(out.stdout.is_empty());
        assert!(
            stderr.starts_with(&format!(
                "refused: the SDK at 47.0.0 states 35 limits, the shipped table {}",
                before.len()
            )),
            "{stderr}"
        );
        assert!(stderr.contains("createDestinationSubscription"), "the mapping writes' limit is not in 47: {stderr}");
    }
    assert_eq!(shipped(), before, "a refused regeneration writes nothing");

    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.tsv");
    std::fs::write(&empty, "class\toperation (method path)\toperationId\tlimit\n").unwrap();
    let out = Command::new("node")
        .arg(&script)
        .arg(&sdk)
        .arg("47.0.0")
        .env("SEG_RATE_LIMITS_TABLE", &empty)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let made = String::from_utf8(out.stdout).unwrap();
    let mut lines = made.lines();
    assert_eq!(
        lines.next(),
        Some(
            "class\toperation (method path)\toperationId\tlimit stated in the operation description of the official SDK at 47.0.0"
        )
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 35);
    let same = rows.iter().filter(|row| before.iter().any(|b| b == *row)).count();
    // Four of 47's limits changed or were renamed by 73 (listAudiences 25 -> 60 a minute, ...); the rest are read
    // exactly as the table states them.
    assert_eq!(same, 31, "{made}");
    assert!(rows.contains(&"labelsApi\tPOST /labels\tcreateLabel\t60 requests per minute"), "{made}");
}
