//! The machine's rate-budget file is seg's own bookkeeping, and never trusted blindly (docs/reference/commands.md,
//! "Retries and pacing"): a corrupt or far-future state is reset, a link is never followed, a directory or a folder
//! that cannot be written leaves the process pacing alone; each is said once on stderr, and the command still succeeds.

use crate::support::{RUNTIME, Run, TestEnv, WRITE};

/// `seg -w demo sources list` paced at 600 a minute, with the budget's files in `runtime`.
async fn paced(env: &TestEnv, runtime: &std::path::Path) -> Run {
    let vars = [("SEG_TOKEN", WRITE), ("SEG_RATE_LIMIT", "600"), ("SEG_RUNTIME_DIR", runtime.to_str().unwrap())];
    let run = env.seg_with(&["-w", "demo", "sources", "list", "-o", "name", "--page-size", "1"], &vars);
    // Generous: a state dated days ahead, trusted, would sleep for days.
    tokio::time::timeout(std::time::Duration::from_secs(120), run).await.expect("seg does not sleep on the budget")
}

/// The warnings of a run.
fn warnings(run: &Run) -> Vec<&str> {
    run.stderr.lines().filter(|l| l.starts_with("warning: ")).collect()
}

/// An emulator with two sources (a listing of two pages), and the path of the token's budget file, found by a
/// first paced run that makes it.
async fn setup() -> (TestEnv, std::path::PathBuf) {
    let env = TestEnv::start().await;
    for slug in ["a", "b"] {
        env.create_source("demo", slug).await.ok();
    }
    let runtime = env.path(RUNTIME);
    let run = paced(&env, &runtime).await;
    assert!(warnings(run.code(0)).is_empty(), "{}", run.stderr);
    let file = std::fs::read_dir(&runtime)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap().to_string_lossy().starts_with("budget-"));
    (env, file.expect("the budget file"))
}

fn listed(run: &Run) {
    assert_eq!(run.code(0).stdout, "workspaces/demo/sources/a\nworkspaces/demo/sources/b\n");
}

#[tokio::test]
async fn a_corrupt_or_far_future_state_is_reset_with_one_warning() {
    let (env, file) = setup().await;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis();
    let days_ahead = (now + 5 * 86_400_000).to_string();
    let cases: [(&[u8], &str); 6] = [
        (b"garbage\n", "did not hold a time"),
        (b"", "was empty"),
        (b"NaN", "did not hold a time"),
        (b"-1700000000000", "did not hold a time"),
        (b"\xff\xfe", "did not hold a time"),
        (days_ahead.as_bytes(), "was dated 1"),
    ];
    for (content, why) in cases {
        std::fs::write(&file, content).unwrap();
        let run = paced(&env, file.parent().unwrap()).await;
        listed(&run);
        let warned = warnings(&run);
        let want = format!("warning: the rate budget file {} {why}", file.display());
        assert!(warned.len() == 1 && warned[0].starts_with(&want), "{why}: {}", run.stderr);
        assert!(warned[0].ends_with("; it was reset"), "{}", warned[0]);
        let repaired = std::fs::read_to_string(&file).unwrap();
        assert!(repaired.parse::<u128>().is_ok_and(|t| t < now + 3_600_000), "{why}: repaired to {repaired:?}");
        // The repair holds: the next process has nothing to say.
        let run = paced(&env, file.parent().unwrap()).await;
        assert!(warnings(&run).is_empty(), "{why}: {}", run.stderr);
    }
}

#[tokio::test]
async fn a_budget_file_that_cannot_be_used_is_reported_and_the_command_succeeds() {
    let (env, file) = setup().await;
    let runtime = file.parent().unwrap().to_path_buf();
    let cannot = format!("warning: cannot use the rate budget file {}: ", file.display());
    let alone = "; this process paces its requests on its own, not shared with other seg processes";

    // A directory at its path.
    std::fs::remove_file(&file).unwrap();
    std::fs::create_dir(&file).unwrap();
    let run = paced(&env, &runtime).await;
    listed(&run);
    assert_eq!(warnings(&run), [format!("{cannot}it is a directory{alone}")], "said once: {}", run.stderr);
    std::fs::remove_dir(&file).unwrap();

    // A link planted at its path, to a file of the user's: never followed, the file untouched.
    #[cfg(unix)]
    {
        let bashrc = env.path(".bashrc");
        std::fs::write(&bashrc, "export PATH=$HOME/bin:$PATH\n").unwrap();
        let dangling = env.path("not-there");
        for target in [&bashrc, &dangling] {
            std::os::unix::fs::symlink(target, &file).unwrap();
            let run = paced(&env, &runtime).await;
            listed(&run);
            let said = format!("{cannot}it is a symbolic link, which seg does not follow{alone}");
            assert_eq!(warnings(&run), [said], "{}", run.stderr);
            assert!(std::fs::symlink_metadata(&file).unwrap().file_type().is_symlink(), "the link is left as it was");
            std::fs::remove_file(&file).unwrap();
        }
        assert_eq!(std::fs::read_to_string(&bashrc).unwrap(), "export PATH=$HOME/bin:$PATH\n");
        assert!(!dangling.exists(), "a dangling link's target is not created");
    }

    // A folder that cannot be made: a file is where it would be.
    let blocked = env.path("a-file");
    std::fs::write(&blocked, "x").unwrap();
    let run = paced(&env, &blocked.join("seg")).await;
    listed(&run);
    let warned = warnings(&run);
    assert!(warned.len() == 1 && warned[0].contains("cannot use the rate budget file") && warned[0].ends_with(alone));

    // A folder that cannot be written (root writes anyway: then there is nothing to report, and nothing is).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let locked = env.path("read-only");
        std::fs::create_dir(&locked).unwrap();
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o500)).unwrap();
        let writable = std::fs::write(locked.join("probe"), "x").is_ok();
        let run = paced(&env, &locked).await;
        listed(&run);
        let warned = warnings(&run);
        if writable {
            assert!(warned.is_empty(), "{}", run.stderr);
        } else {
            assert!(warned.len() == 1 && warned[0].contains("Permission denied") && warned[0].ends_with(alone));
        }
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
}
