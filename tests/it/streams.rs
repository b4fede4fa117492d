//! A standard stream closed when seg starts (`>&-`) is exit 1, decided before seg opens any file or sends any
//! request (docs/reference/commands.md, "Exit codes"): otherwise the first file opened would take the closed stream's
//! number and data meant for stdout would land in it.

#![cfg(unix)]

use crate::support::{Run, TestEnv, run_with_stdin};

/// `cmd` started with descriptor `fd` closed (after its pipes were set up, so the child really lacks it).
async fn with_closed(mut cmd: tokio::process::Command, fd: i32) -> Run {
    // SAFETY: close(2) is async-signal-safe, which is all a pre_exec hook may call.
    unsafe {
        cmd.pre_exec(move || {
            libc::close(fd);
            Ok(())
        });
    }
    run_with_stdin(cmd, b"").await
}

const NAMES: [&str; 3] = ["standard input", "standard output", "standard error"];

#[tokio::test]
async fn a_closed_standard_stream_is_exit_1_and_nothing_is_done() {
    let env = TestEnv::start().await;
    env.seg(&["-w", "demo", "sources", "create", "web", "--catalog", "javascript"]).await.code(0);
    env.clear_requests().await;
    for fd in 0..3 {
        let name = NAMES[fd as usize];
        // A command that only prints.
        let run = with_closed(env.command(&["webhook", "sample", "--type", "track"], &[]), fd).await;
        assert_eq!(run.code, 1, "{name}: {run:?}");
        assert!(run.stdout.is_empty(), "{name}: {}", run.stdout);
        let said = if fd == 2 { String::new() } else { format!("error: {name} is closed\n") };
        assert_eq!(run.stderr, said, "{name}");
        // A command that reads the API: no request is sent.
        let run =
            with_closed(env.command(&["-w", "demo", "sources", "list", "-o", "json"], &[("SEG_TOKEN", "x")]), fd).await;
        assert_eq!(run.code, 1, "{name}: {run:?}");
        assert!(env.requests().await.is_empty(), "{name}: a request was sent");
    }
    // The same commands with every stream open work: the check is about the closed one only.
    let run = env.seg(&["webhook", "sample", "--type", "track"]).await;
    assert!(run.code(0).stdout.starts_with('{'), "{}", run.stdout);
    assert_eq!(
        env.seg(&["-w", "demo", "sources", "list", "-o", "name"]).await.code(0).stdout.trim(),
        "workspaces/demo/sources/web"
    );
}

#[tokio::test]
async fn with_stdout_closed_no_file_receives_its_data() {
    let env = TestEnv::start().await;
    env.seg(&["-w", "demo", "sources", "create", "web", "--catalog", "javascript"]).await.code(0);
    let out = env.path("out.yaml");
    // Paced, so the shared budget's file would be opened too, before the export's.
    let args = ["-w", "demo", "export", "--file", out.to_str().unwrap(), "--rate-limit", "600"];
    let run = with_closed(env.command(&args, &[("SEG_TOKEN", crate::support::WRITE)]), 1).await;
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(run.stderr, "error: standard output is closed\n");
    assert!(!out.exists(), "the export's file was written: {:?}", std::fs::read_to_string(&out));
    let runtime = env.path(crate::support::RUNTIME);
    assert!(!runtime.exists(), "the budget's folder was made: {:?}", std::fs::read_dir(&runtime).map(|d| d.count()));
    // With stdout open, the file is the export and nothing else.
    env.seg(&args).await.code(0);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("format: seg/1\n") && text.contains("web:"), "{text}");
}
