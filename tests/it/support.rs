//! TestEnv: an emulator serving in-process on a listener bound to 127.0.0.1:0 (no sleeps, no fixed ports), a raw
//! HTTP client, and the `seg` binary run with a temporary HOME and a clean environment.

use reqwest::Method;
use seg::emulator::{Emulator, EmulatorOptions};
use serde_json::Value;
use tokio::sync::oneshot;

pub const WRITE: &str = "test-write-token";

/// Held by the tests whose outcome depends on waiting on the emulator's rate limit (several processes sharing one
/// budget): two cores under load must not run two of them at once.
pub static LIMITED: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
pub const READ: &str = "test-read-token";

pub struct TestEnv {
    pub base: String,
    pub home: tempfile::TempDir,
    client: reqwest::Client,
    stop: Option<oneshot::Sender<()>>,
    server: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
}

/// One HTTP answer: status, headers and body (parsed when it is JSON).
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: reqwest::header::HeaderMap,
    pub text: String,
    pub json: Value,
}

impl TestEnv {
    pub async fn start() -> TestEnv {
        TestEnv::with(EmulatorOptions::default()).await
    }

    /// An emulator with these options; tokens WRITE and READ unless the options name others.
    pub async fn with(mut options: EmulatorOptions) -> TestEnv {
        if options.tokens.is_empty() {
            options.tokens = vec![(WRITE.into(), "workspace".into()), (READ.into(), "workspace:read".into())];
        }
        TestEnv::serve(Emulator::new(options).await.expect("emulator starts")).await
    }

    /// Serves an emulator made by the test (e.g. one that issued its own tokens).
    pub async fn serve(emulator: Emulator) -> TestEnv {
        seg::init_tls();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let (stop, stopped) = oneshot::channel::<()>();
        let server = tokio::spawn(emulator.serve(listener, async {
            let _ = stopped.await;
        }));
        TestEnv {
            base,
            home: tempfile::tempdir().unwrap(),
            client: reqwest::Client::new(),
            stop: Some(stop),
            server: Some(server),
        }
    }

    /// Stops the server and waits until it has finished (so a data file is closed).
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(server) = self.server.take() {
            server.await.unwrap().unwrap();
        }
    }

    /// A raw request: `path` is appended to the base URL as is; `body` is sent as is.
    pub async fn raw(&self, method: &str, path: &str, token: Option<&str>, body: Option<Vec<u8>>) -> Answer {
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.header("content-type", "application/json").body(body);
        }
        Answer::read(request.send().await.expect("the emulator answers")).await
    }

    /// A call with the write token and a JSON body.
    pub async fn call(&self, method: &str, path: &str, body: Option<Value>) -> Answer {
        self.raw(method, path, Some(WRITE), body.map(|b| b.to_string().into_bytes())).await
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.call("GET", path, None).await
    }

    pub async fn create_source(&self, ws: &str, slug: &str) -> Answer {
        let body = serde_json::json!({"source": {"name": format!("workspaces/{ws}/sources/{slug}"),
                                                  "catalog_name": "catalog/sources/javascript"}});
        self.call("POST", &format!("/v1beta/workspaces/{ws}/sources"), Some(body)).await
    }

    /// Every item of a collection, following next_page_token, with the number of pages fetched.
    pub async fn list_all(&self, path: &str, wrapper: &str, page_size: usize) -> (Vec<Value>, usize) {
        let mut items = Vec::new();
        let mut token = String::new();
        let mut pages = 0;
        loop {
            let answer = self.get(&format!("{path}?page_size={page_size}&page_token={token}")).await;
            assert_eq!(answer.status, 200, "{}", answer.text);
            pages += 1;
            items.extend(answer.json[wrapper].as_array().unwrap().iter().cloned());
            token = answer.json["next_page_token"].as_str().expect("next_page_token is always present").to_string();
            if token.is_empty() {
                return (items, pages);
            }
        }
    }
}

/// What a run of the `seg` binary did.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    #[track_caller]
    pub fn code(&self, want: i32) -> &Self {
        assert_eq!(self.code, want, "exit code\nstdout: {}\nstderr: {}", self.stdout, self.stderr);
        self
    }

    /// stdout read as JSON, however deep it nests.
    pub fn json(&self) -> Value {
        json_text(&self.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", self.stdout))
    }
}

/// A JSON text read with no depth limit (serde_json's own stops at 127 levels, short of what seg reads and prints).
pub fn json_text(text: &str) -> serde_json::Result<Value> {
    use serde::Deserialize;
    let mut reader = serde_json::Deserializer::from_str(text);
    reader.disable_recursion_limit();
    let value = Value::deserialize(&mut reader)?;
    reader.end()?;
    Ok(value)
}

/// The folder under HOME where seg keeps its rate budgets in tests (bookkeeping, not an effect).
pub const RUNTIME: &str = ".runtime";

/// The `seg` binary with a clean environment: a temporary HOME and config dir, no colour, no backtraces.
pub fn seg_command(home: &std::path::Path) -> tokio::process::Command {
    let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_seg"));
    cmd.env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("SEG_NO_KEYRING", "1")
        .env("SEG_RUNTIME_DIR", home.join(RUNTIME))
        // No client-side pacing unless a test is about it (then it passes --rate-limit): a shared budget would make
        // every test that runs many commands wait.
        .env("SEG_RATE_LIMIT", "0")
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .kill_on_drop(true);
    // Windows needs its system variables to start a process and open sockets, and keeps settings under the
    // profile's app-data folder rather than XDG_CONFIG_HOME: the same folder is named explicitly.
    #[cfg(windows)]
    {
        for name in ["SystemRoot", "SystemDrive", "windir", "TEMP", "TMP", "PATHEXT", "COMSPEC"] {
            if let Some(value) = std::env::var_os(name) {
                cmd.env(name, value);
            }
        }
        cmd.env("USERPROFILE", home)
            .env("APPDATA", home.join("AppData"))
            .env("SEG_CONFIG_DIR", home.join(".config/seg"));
    }
    cmd
}

/// Runs a command with bytes on its stdin and collects what it printed.
pub async fn run_with_stdin(mut cmd: tokio::process::Command, stdin: &[u8]) -> Run {
    cmd.stdin(std::process::Stdio::piped()).stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().expect("seg runs");
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    // Written concurrently: a command may print before it has read all its input.
    let writer = tokio::spawn(async move {
        let _ = tokio::io::AsyncWriteExt::write_all(&mut input, &bytes).await;
    });
    let out = child.wait_with_output().await.unwrap();
    writer.await.unwrap();
    let run = Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(!run.stderr.contains("panicked"), "seg panicked: {}", run.stderr);
    run
}

impl TestEnv {
    /// `seg ARGS` against this emulator with the write token in SEG_TOKEN.
    pub async fn seg(&self, args: &[&str]) -> Run {
        self.seg_with(args, &[("SEG_TOKEN", WRITE)]).await
    }

    /// `seg ARGS` with extra environment variables (SEG_BASE_URL is always this emulator).
    pub async fn seg_with(&self, args: &[&str], vars: &[(&str, &str)]) -> Run {
        run_with_stdin(self.command(args, vars), b"").await
    }

    /// `seg ARGS` with bytes on stdin.
    pub async fn seg_stdin(&self, args: &[&str], vars: &[(&str, &str)], stdin: &[u8]) -> Run {
        run_with_stdin(self.command(args, vars), stdin).await
    }

    /// The `seg ARGS` command against this emulator, for tests that drive the process themselves.
    pub fn command(&self, args: &[&str], vars: &[(&str, &str)]) -> tokio::process::Command {
        let mut cmd = seg_command(self.home.path());
        cmd.env("SEG_BASE_URL", &self.base).args(args);
        for (key, value) in vars {
            cmd.env(key, value);
        }
        cmd
    }

    /// The API requests the emulator received since the last clear.
    pub async fn requests(&self) -> Vec<Value> {
        self.get("/_emulator/requests").await.json["requests"].as_array().unwrap().clone()
    }

    pub async fn clear_requests(&self) {
        self.call("DELETE", "/_emulator/requests", None).await;
    }

    pub async fn fault(&self, fault: Value) {
        let answer = self.call("POST", "/_emulator/faults", Some(fault)).await;
        assert_eq!(answer.status, 200, "{}", answer.text);
    }

    pub fn path(&self, name: &str) -> std::path::PathBuf {
        self.home.path().join(name)
    }
}

impl Drop for TestEnv {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

impl Answer {
    /// A response read whole: status, headers, text and the JSON it holds (`null` when it holds none).
    pub async fn read(response: reqwest::Response) -> Answer {
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap();
        let json = serde_json::from_str(&text).unwrap_or(Value::Null);
        Answer { status, headers, text, json }
    }

    /// Asserts an error answer: this status, and a body of exactly `{"error": <non-empty>, "code": code}`.
    #[track_caller]
    pub fn assert_error(&self, status: u16, code: i64) {
        assert_eq!(self.status, status, "{}", self.text);
        let body = self.json.as_object().unwrap_or_else(|| panic!("error body is not a JSON object: {}", self.text));
        let mut keys: Vec<&str> = body.keys().map(String::as_str).collect();
        keys.sort();
        assert_eq!(keys, ["code", "error"], "{}", self.text);
        assert_eq!(body["code"], code, "{}", self.text);
        assert!(!body["error"].as_str().unwrap().is_empty());
    }

    #[track_caller]
    pub fn ok(&self) -> &Value {
        assert_eq!(self.status, 200, "{}", self.text);
        &self.json
    }
}

/// Every leaf of the command tree: `sources create`, `catalog sources get`, ...
pub fn leaves(cmd: &clap::Command, path: &mut Vec<String>, out: &mut Vec<String>) {
    let subs: Vec<&clap::Command> = cmd.get_subcommands().filter(|s| s.get_name() != "help").collect();
    if subs.is_empty() {
        out.push(path.join(" "));
    }
    for sub in subs {
        path.push(sub.get_name().to_string());
        leaves(sub, path, out);
        path.pop();
    }
}
