//! `seg demo`: the main job end to end, with no account and no network. An emulator and a webhook receiver run
//! in this process on 127.0.0.1; each step is printed as the command a user would type (with SEG_BASE_URL and
//! SEG_TOKEN exported), then run through the same code as the real command.

use std::time::Duration;

use clap::Parser;
use tokio::sync::{mpsc, oneshot};

use super::Context;
use crate::api::client::{Client, ClientOptions, Outcome};
use crate::effect::Sent;
use crate::emulator::{Emulator, EmulatorOptions};
use crate::error::{Error, Result};
use crate::secret::Secret;
use crate::webhook::listen;
use crate::wire::{self, CreateSource, Request, Source, SourceInput};

const SECRET: &str = "demo-shared-secret";

/// Tour seg end to end, with no account and no network.
///
/// Tour seg end to end on an emulator embedded in this process: no account, no token, no network.
///
/// Starts the emulator and a webhook receiver on 127.0.0.1, then prints each step as the command you would type
/// and runs it: create a source and a webhook destination, list with paging, `destinations patch --enabled` (and a
/// --dry-run), send a signed message to the receiver, verify and sign it, post a track call to the emulator and see
/// it delivered, signed, to the receiver, delete the source. State lives in memory
/// and is gone when the tour ends. A failing step stops the tour with that step's exit code.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg demo          # about a second; nothing leaves this machine
  seg demo --keep   # then paste the export line it prints into another shell")]
pub struct Args {
    /// After the tour, keep the emulator running in the foreground (until Ctrl-C or SIGTERM) and print the line
    /// that points seg at it
    #[arg(long)]
    keep: bool,
}

struct Tour<'a> {
    ctx: &'a Context,
    base_url: String,
    token: String,
}

impl Tour<'_> {
    /// A line as it is: a command, an answer, a body, a blank line.
    fn say(&self, text: &str) -> Result<()> {
        self.ctx.printer.data_line(text)
    }

    /// A `# ` line telling what happens, wrapped to a terminal's width as every line for people is.
    fn note(&self, text: &str) -> Result<()> {
        self.ctx.printer.prose(text)
    }

    /// Prints `$ seg ARGS`, then runs it as the real command would run.
    async fn step(&self, args: &[&str]) -> Result<()> {
        self.say("")?;
        self.say(&format!("$ seg {}", args.iter().map(|a| quote(a)).collect::<Vec<_>>().join(" ")))?;
        let mut argv = vec!["seg", "--base-url", &self.base_url, "--token", &self.token, "--rate-limit", "0"];
        argv.extend(args);
        let cli = super::Cli::try_parse_from(argv).map_err(|e| Error::failed(format!("demo step {args:?}: {e}")))?;
        Box::pin(super::run(cli, &self.ctx.printer)).await
    }
}

/// Quotes an argument for a POSIX shell when it needs it.
fn quote(arg: &str) -> String {
    if !arg.is_empty() && arg.chars().all(|c| c.is_ascii_alphanumeric() || "-_./:=@,".contains(c)) {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let emulator = Emulator::new(EmulatorOptions { rate_limit: 0, ..EmulatorOptions::default() }).await?;
    let token = emulator.token(crate::wire::SCOPE_WRITE).unwrap_or_default().to_string();
    let api = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base_url = format!("http://{}", api.local_addr()?);
    let (stop_api, api_stopped) = oneshot::channel::<()>();
    let server = tokio::spawn(emulator.serve(api, async {
        let _ = api_stopped.await;
    }));

    let (sink, mut received) = mpsc::unbounded_channel();
    let receiver = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let hook = format!("http://{}/hook", receiver.local_addr()?);
    let options = listen::ListenOptions { secret: Some(SECRET.as_bytes().to_vec()), ..Default::default() };
    let (stop_receiver, receiver_stopped) = oneshot::channel::<()>();
    let receiver_task = tokio::spawn(listen::serve(receiver, options, sink, async {
        let _ = receiver_stopped.await;
    }));

    let tour = Tour { ctx, base_url: base_url.clone(), token: token.clone() };
    let result = tour_steps(&tour, &hook, &mut received).await;
    if args.keep && result.is_ok() {
        // Taken over before the line is printed: a SIGTERM the moment it is read stops the demo cleanly, as it
        // stops `seg serve`.
        let stopped = super::shutdown_signal();
        // The demo's token was made for the demo: showing it is the point of this line.
        ctx.printer.data_line("")?;
        ctx.printer.data_line("# the emulator keeps running until Ctrl-C; in another shell:")?;
        ctx.printer.reveal(&format!("export SEG_BASE_URL={base_url} SEG_TOKEN={token} SEG_WORKSPACE=demo"))?;
        ctx.printer.data_line("seg sources list")?;
        stopped.await;
    }
    let _ = stop_api.send(());
    let _ = stop_receiver.send(());
    let _ = server.await;
    let _ = receiver_task.await;
    result
}

async fn tour_steps(
    tour: &Tour<'_>,
    hook: &str,
    received: &mut mpsc::UnboundedReceiver<listen::Received>,
) -> Result<()> {
    tour.note("# seg demo: the Config API and its webhooks, on an emulator embedded in this process.")?;
    tour.note(&format!("# seg serve        -> {}   (export SEG_BASE_URL=... SEG_TOKEN=...)", tour.base_url))?;
    tour.note(&format!("# seg webhook listen --secret {SECRET} -> {hook}"))?;
    tour.step(&["workspaces", "list", "-o", "table"]).await?;
    tour.step(&["-w", "demo", "sources", "create", "web", "--catalog", "javascript", "-o", "name"]).await?;
    let hooks = format!(r#"hooks=[{{"hook":"{hook}"}}]"#);
    let secret = format!("sharedSecret={SECRET}");
    tour.step(&[
        "-w",
        "demo",
        "destinations",
        "create",
        "web/webhooks",
        "--config",
        &secret,
        "--config",
        &hooks,
        "-o",
        "table",
    ])
    .await?;

    tour.say("")?;
    tour.note("# eleven more sources, to have pages to follow")?;
    let options = ClientOptions {
        api: crate::api::Api::Config,
        base_url: tour.base_url.clone(),
        api_version: crate::emulator::VERSION.into(),
        token: Secret::new(tour.token.clone()),
        timeout: Duration::from_secs(10),
        rate_limit: 0,
        budget: None,
        max_retries: 0,
    };
    let quiet = std::sync::Arc::new(|_: &crate::api::client::Notice<'_>| {});
    let client = Client::new(options, quiet, tour.ctx.gate.clone())?;
    for i in 1..=11 {
        let source = SourceInput {
            name: format!("workspaces/demo/sources/app-{i:02}"),
            catalog_name: "catalog/sources/ios".into(),
            ..SourceInput::default()
        };
        let sources = wire::Target::Sources { ws: "demo".into() };
        client.send(&wire::create(sources, &CreateSource { source })).await?;
    }
    tour.note("# -v shows each page request on stderr: 12 sources at 5 a page is 3 requests")?;
    tour.step(&["-v", "-w", "demo", "sources", "list", "--page-size", "5", "-o", "name"]).await?;
    tour.step(&["-w", "demo", "sources", "list", "--limit", "3", "-o", "table"]).await?;
    tour.step(&["-w", "demo", "destinations", "patch", "web/webhooks", "--enabled", "-o", "table"]).await?;
    tour.step(&["-w", "demo", "destinations", "patch", "web/webhooks", "--enabled=false", "--dry-run"]).await?;

    tour.step(&["webhook", "send", "--url", hook, "--type", "track", "--secret", SECRET, "-o", "table"]).await?;
    let got = tokio::time::timeout(Duration::from_secs(5), received.recv())
        .await
        .map_err(|_| Error::failed("the receiver got nothing within 5s"))?
        .ok_or_else(|| Error::failed("the receiver stopped"))?;
    tour.note(&format!("# the receiver got: {}", got.line()))?;

    let body = std::env::temp_dir().join(format!("seg-demo-{}-{}.json", std::process::id(), rand::random::<u32>()));
    tour.ctx.gate.write_file(&body, "the received body", &got.raw)?;
    let signature = got.headers.iter().find(|(k, _)| k == "x-signature").map(|(_, v)| v.clone()).unwrap_or_default();
    let path = body.to_string_lossy().into_owned();
    let checked = async {
        tour.step(&["webhook", "verify", "--secret", SECRET, "--signature", &signature, &path, "-o", "table"]).await?;
        tour.step(&["webhook", "sign", "--secret", SECRET, &path]).await
    }
    .await;
    tour.ctx.gate.remove_file(&body, "the received body")?;
    checked?;

    // The emulator delivers too: a track call from an analytics library reaches the enabled webhooks destination.
    let Outcome::Answer(source) =
        client.send(&Request::<Source>::get(wire::Target::Source { ws: "demo".into(), source: "web".into() })).await?
    else {
        return Err(Error::failed("the demo's source was not read"));
    };
    let write_key = source.write_keys.first().cloned().unwrap_or_default();
    let event = r#"{"userId":"019mr8mf4r","event":"Signed Up","properties":{"plan":"pro"}}"#;
    tour.say("")?;
    tour.say(&format!("$ curl -u {write_key}: -d '{event}' $SEG_BASE_URL/v1/track"))?;
    let http = crate::http::client(Duration::from_secs(5), None)
        .build()
        .map_err(|e| Error::failed(format!("cannot build the HTTP client: {e}")))?;
    let request = http
        .post(format!("{}/v1/track", tour.base_url))
        .basic_auth(&write_key, Some(""))
        .header("content-type", "application/json")
        .body(event)
        .build()
        .map_err(|e| Error::failed(e.to_string()))?;
    let failed = |e: reqwest::Error| Error::Transport(format!("the emulator did not answer the track call: {e}"));
    match tour.ctx.gate.http(&http, request).await.map_err(failed)? {
        Sent::Answer(answer) => tour.say(&answer.text().await.unwrap_or_default())?,
        Sent::Described => return Err(Error::failed("the demo cannot run under --dry-run")),
    }
    let delivered = tokio::time::timeout(Duration::from_secs(5), received.recv())
        .await
        .map_err(|_| Error::failed("the emulator's delivery did not arrive within 5s"))?
        .ok_or_else(|| Error::failed("the receiver stopped"))?;
    tour.note(&format!("# the emulator delivered it to the receiver: {}", delivered.line()))?;
    tour.say(&format!("# body: {}", crate::ui::escape_control(&delivered.body)))?;

    tour.step(&["-w", "demo", "sources", "delete", "web", "--yes"]).await?;
    tour.say("")?;
    tour.note("# done: every step ran against the embedded emulator; nothing left this machine.")?;
    Ok(())
}
