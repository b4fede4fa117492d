//! The context every command gets: the printer, the resolved settings, and the shared drivers that turn a request
//! into output (show one resource, stream a list, delete with confirmation). Commands stay small: they build a
//! request or an update and hand it here.

use std::sync::Arc;

use serde_json::{Value, json};

use super::args::ListArgs;
use super::global::{self, GlobalArgs};
use crate::api::client::{Client, ClientOptions, Notice, Observer, Reply, Request};
use crate::api::list::{Page, Pager};
use crate::api::names::{self, Defaults, Kind, Name};
use crate::api::secret::Secret;
use crate::config::profile::{self, ConfigFile, Profile};
use crate::config::token;
use crate::error::{Error, Result};
use crate::ui::Printer;
use crate::ui::jq::Jq;
use crate::ui::output::{self, Format, Output};
use crate::ui::table::Column;

pub struct Context {
    pub printer: Printer,
    pub global: GlobalArgs,
    pub output_format: Format,
    /// The profile in use and its settings from config.toml.
    pub profile_name: String,
    pub profile: Profile,
    /// The token's value, once resolved, so that anything printed can be scrubbed of it.
    secret: std::sync::OnceLock<Secret>,
}

impl Context {
    /// Settings resolved flag, then environment (both through clap), then profile, then default.
    pub fn new(global: GlobalArgs, printer: Printer) -> Result<Context> {
        let profile_name = global.profile.clone().unwrap_or_else(|| profile::DEFAULT_PROFILE.to_string());
        let config = ConfigFile::load(&profile::path()?)?;
        if global.profile.is_some() && !config.profiles.contains_key(&profile_name) {
            printer.warn(&format!("profile {profile_name:?} has no settings in {}", profile::path()?.display()));
        }
        let profile = config.profile(&profile_name);
        let from_profile = profile.output.as_deref().and_then(Format::parse);
        let output_format =
            global.output.or(from_profile).unwrap_or(if printer.stdout_tty { Format::Table } else { Format::Json });
        Ok(Context { printer, global, output_format, profile_name, profile, secret: std::sync::OnceLock::new() })
    }

    pub fn base_url(&self) -> &str {
        self.global.base_url.as_deref().or(self.profile.base_url.as_deref()).unwrap_or(global::DEFAULT_BASE_URL)
    }

    pub fn api_version(&self) -> &str {
        self.global
            .api_version
            .as_deref()
            .or(self.profile.api_version.as_deref())
            .unwrap_or(global::DEFAULT_API_VERSION)
    }

    /// The one workspace of `-w`/SEG_WORKSPACE, else the profile's.
    pub fn workspace_setting(&self) -> Result<Option<&str>> {
        Ok(self.global.workspace()?.or(self.profile.workspace.as_deref()))
    }

    /// The token and where it came from; exit 4 when there is none.
    pub fn token(&self) -> Result<token::Token> {
        let token = token::resolve(self.global.token.as_ref(), self.global.token_file.as_deref(), &self.profile_name)?
            .ok_or(Error::NoToken)?;
        if let Some(warning) = &token.warning {
            self.printer.warn(warning);
        }
        let _ = self.secret.set(token.secret.clone());
        Ok(token)
    }

    /// Removes the token's value from a message, should a server have echoed it.
    pub fn scrub(&self, text: &str) -> String {
        match self.secret.get() {
            Some(secret) if secret.expose().len() >= 4 => text.replace(secret.expose(), "(redacted)"),
            _ => text.to_string(),
        }
    }

    pub fn client(&self) -> Result<Client> {
        let token = self.token()?;
        self.client_for(token.secret)
    }

    /// A client with this token (`seg auth login` checks a token before storing it).
    pub fn client_for(&self, secret: Secret) -> Result<Client> {
        let _ = self.secret.set(secret.clone());
        let options = ClientOptions {
            base_url: self.base_url().to_string(),
            api_version: self.api_version().to_string(),
            token: secret.clone(),
            timeout: self.global.timeout.unwrap_or(global::DEFAULT_TIMEOUT),
            rate_limit: self.global.rate_limit.unwrap_or(global::DEFAULT_RATE_LIMIT),
            max_retries: self.global.max_retries.unwrap_or(global::DEFAULT_MAX_RETRIES),
            dry_run: self.global.dry_run,
        };
        Client::new(options, observer(self.printer.clone(), self.global.verbosity(), secret))
    }

    pub fn defaults(&self, source: Option<&str>) -> Result<Defaults> {
        let workspace = self.workspace_setting()?.map(|ws| ws.strip_prefix("workspaces/").unwrap_or(ws).to_string());
        Ok(Defaults { workspace, source: source.map(String::from) })
    }

    /// A checked name; an invalid one is a usage error before anything is sent.
    pub fn name(&self, kind: Kind, input: &str) -> Result<Name> {
        names::parse(kind, input, &self.defaults(None)?).map_err(Error::Usage)
    }

    /// The workspace named by `-w` (full or short), required.
    pub fn workspace(&self) -> Result<Name> {
        let ws = self.workspace_setting()?.ok_or_else(|| {
            Error::usage("no workspace: pass -w WORKSPACE or set SEG_WORKSPACE (`seg workspaces list` shows yours)")
        })?;
        self.name(Kind::Workspace, ws)
    }

    pub fn output(&self, columns: &'static [Column]) -> Result<Output<'_>> {
        let jq = self.global.jq.as_deref().map(Jq::compile).transpose().map_err(Error::Usage)?;
        Ok(Output::new(&self.printer, self.output_format, jq, columns))
    }

    /// Under `--dry-run`: the request that was not sent, as JSON on stdout.
    pub fn print_dry_run(&self, description: &Value) -> Result<()> {
        self.printer.data_line(&output::pretty(description))
    }

    /// Sends a request and prints the resource it answers.
    pub async fn show(&self, request: Request, columns: &'static [Column]) -> Result<()> {
        let output = self.output(columns)?;
        match self.client()?.send(&request).await? {
            Reply::Body(value) => output.value(&value),
            Reply::DryRun(description) => self.print_dry_run(&description),
        }
    }

    /// Lists a collection page by page, printing as the format allows, and says how to resume when cut off.
    pub async fn list(
        &self,
        request: Request,
        wrapper: Option<&str>,
        args: &ListArgs,
        columns: &'static [Column],
    ) -> Result<()> {
        self.list_each(vec![request], wrapper, args, columns).await
    }

    /// Lists several collections as one list (`--limit` counts across them).
    pub async fn list_each(
        &self,
        requests: Vec<Request>,
        wrapper: Option<&str>,
        args: &ListArgs,
        columns: &'static [Column],
    ) -> Result<()> {
        let output = self.output(columns)?;
        let client = self.client()?;
        let mut writer = output.list();
        let mut count = 0usize;
        let mut last_resume = None;
        // A spinner on a terminal while pages arrive; never when stderr is a pipe.
        let spinner = self.printer.stderr_tty.then(|| {
            let bar = indicatif::ProgressBar::new_spinner();
            bar.set_message("listing");
            bar.enable_steady_tick(std::time::Duration::from_millis(120));
            bar
        });
        // One Ctrl-C listener for the whole listing: a fresh one per page could miss a signal between pages.
        let interrupted = tokio::signal::ctrl_c();
        tokio::pin!(interrupted);
        for request in requests {
            let mut options = args.options();
            options.limit = args.limit.map(|limit| limit.saturating_sub(count));
            if options.limit == Some(0) {
                break;
            }
            let mut pager = Pager::new(&client, request, wrapper, options);
            loop {
                let step = tokio::select! {
                    biased;
                    _ = &mut interrupted => None,
                    page = pager.next_page() => Some(page),
                };
                let Some(page) = step else {
                    self.report_resume(&pager);
                    return Err(Error::Interrupted);
                };
                match page {
                    Ok(Some(Page::Items(items))) => {
                        count += items.len();
                        if let Some(bar) = &spinner {
                            bar.set_message(format!("{count} items"));
                        }
                        let pushed = match &spinner {
                            Some(bar) => bar.suspend(|| writer.push(items)),
                            None => writer.push(items),
                        };
                        if let Err(error) = pushed {
                            if !matches!(error, Error::BrokenPipe) {
                                self.report_resume(&pager);
                            }
                            return Err(error);
                        }
                    }
                    Ok(Some(Page::DryRun(description))) => return self.print_dry_run(&description),
                    Ok(None) => break,
                    Err(error) => {
                        self.report_resume(&pager);
                        return Err(error);
                    }
                }
            }
            last_resume = pager.resume_token().map(String::from);
        }
        if let Some(bar) = spinner {
            bar.finish_and_clear();
        }
        writer.finish()?;
        if output.format() == Format::Table && count == 0 && self.global.jq.is_none() {
            self.printer.status("no items");
        }
        if let Some(token) = last_resume
            && (args.no_paginate || args.limit.is_some())
        {
            self.printer.status(&format!("next_page_token: {token}"));
        }
        Ok(())
    }

    /// Every item of a collection, for commands that need them before they can start (small collections).
    pub async fn collect(&self, request: Request, wrapper: &str) -> Result<Vec<Value>> {
        let client = self.client()?;
        let mut pager = Pager::new(&client, request, Some(wrapper), Default::default());
        let mut all = Vec::new();
        while let Some(page) = pager.next_page().await? {
            match page {
                Page::Items(items) => all.extend(items),
                Page::DryRun(_) => break,
            }
        }
        Ok(all)
    }

    fn report_resume(&self, pager: &Pager<'_>) {
        if let Some(token) = pager.resume_token() {
            self.printer.status(&format!("listing stopped; resume with: --page-token {token}"));
        }
    }

    /// Asks before a destructive step: yes with `--yes` or `--dry-run`; on a terminal, a prompt; otherwise a usage
    /// error, since nothing can be asked.
    pub fn confirm(&self, question: &str) -> Result<()> {
        if self.global.yes || self.global.dry_run {
            return Ok(());
        }
        if !(self.printer.stdin_tty && self.printer.stderr_tty) {
            return Err(Error::usage(format!(
                "{question} needs confirmation: pass --yes (there is no terminal to ask on)"
            )));
        }
        let answer = dialoguer::Confirm::new()
            .with_prompt(question)
            .default(false)
            .interact()
            .map_err(|e| Error::usage(format!("cannot ask for confirmation: {e}")))?;
        if answer { Ok(()) } else { Err(Error::usage("not confirmed; nothing was changed")) }
    }

    /// Deletes each resource after one confirmation; stops at the first failure and says what was left.
    pub async fn delete(&self, names: &[Name]) -> Result<()> {
        let shown: Vec<&str> = names.iter().map(Name::as_str).collect();
        self.confirm(&format!("Delete {}?", shown.join(", ")))?;
        let client = self.client()?;
        for (index, name) in names.iter().enumerate() {
            match client.send(&Request::delete(name.path())).await {
                Ok(Reply::DryRun(description)) => self.print_dry_run(&description)?,
                Ok(Reply::Body(_)) => self.printer.status(&format!("deleted {name}")),
                Err(error) => {
                    if index + 1 < names.len() {
                        self.printer.warn(&format!("not deleted: {}", shown[index..].join(", ")));
                    }
                    return Err(error);
                }
            }
        }
        Ok(())
    }

    /// The error as JSON on stderr, for `-o json` (CLI.md).
    pub fn json_error(&self, error: &Error) -> Option<String> {
        if self.output_format != Format::Json || matches!(error, Error::BrokenPipe) {
            return None;
        }
        let (status, code) = match error {
            Error::Api(api) => (json!(api.status), json!(api.effective_code())),
            _ => (Value::Null, Value::Null),
        };
        let message = match error {
            Error::Api(api) => api.message.clone(),
            other => other.to_string(),
        };
        Some(json!({"error": {"status": status, "code": code, "message": self.scrub(&message), "exit_code": error.exit_code()}}).to_string())
    }
}

/// Turns transport notices into stderr lines: requests at -v, headers and bodies at -vv, retries always.
fn observer(printer: Printer, verbosity: u8, secret: Secret) -> Observer {
    let scrub = move |text: &str| -> String {
        if secret.expose().len() >= 4 { text.replace(secret.expose(), "(redacted)") } else { text.to_string() }
    };
    Arc::new(move |notice: &Notice<'_>| match notice {
        Notice::Request { method, url, headers, body } if verbosity > 0 => {
            printer.status(&format!("> {method} {url}"));
            if verbosity > 1 {
                for (name, value) in *headers {
                    printer.status(&format!("> {name}: {}", scrub(value)));
                }
                if !body.is_empty() {
                    printer.status(&format!("> {}", scrub(&String::from_utf8_lossy(body))));
                }
            }
        }
        Notice::Response { status, elapsed, headers, body } if verbosity > 0 => {
            printer.status(&format!("< {status} ({})", crate::ui::duration(*elapsed)));
            if verbosity > 1 {
                for (name, value) in *headers {
                    printer.status(&format!("< {name}: {}", scrub(value)));
                }
                let text = String::from_utf8_lossy(&body[..body.len().min(16 * 1024)]);
                printer.status(&format!("< {}", crate::ui::escape_control(&scrub(&text))));
            }
        }
        Notice::Retry { wait, attempt, max, reason } => {
            printer.status(&format!(
                "retrying in {} ({attempt} of {max}): {}",
                crate::ui::duration(*wait),
                scrub(reason)
            ));
        }
        _ => {}
    })
}
