//! The context every command gets: the printer, the effect gate, the settings (read lazily: `config.toml` only when
//! a value is not given by a flag or variable, the token only when a request needs one, each once), one API client
//! per process, and the shared drivers that turn a typed request into output (show one resource, stream a list,
//! delete with confirmation). Commands stay small: they build a request and hand it here.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::task::Poll;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::args::ListArgs;
use super::global::{self, GlobalArgs};
use crate::api::budget::{self, ServerOptions};
use crate::api::client::{Client, ClientOptions, Notice, Observer, Outcome};
use crate::api::list::{self, Listing};
use crate::api::names::{self, Defaults, Kind, Name};
use crate::api::{Api, Region};
use crate::config::profile::{self, ConfigFile, Profile};
use crate::config::token;
use crate::effect::Gate;
use crate::error::{Error, Result};
use crate::secret::Secret;
use crate::ui::Printer;
use crate::ui::fields;
use crate::ui::jq::Jq;
use crate::ui::output::{Format, Output};
use crate::ui::table::Shape;
use crate::wire::{Destination, DestinationFilter, Page, Request, Resource, SourceConnection};

/// What `config.toml` says for the profile in use.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    pub path: PathBuf,
    pub profile: Profile,
}

pub struct Context {
    pub printer: Printer,
    pub global: GlobalArgs,
    pub gate: Gate,
    /// Whether the command answers with resources, which a profile's `output = name` names; for the others that
    /// setting does not apply (an explicit `-o name` is refused before the command runs).
    pub names_resources: bool,
    settings: OnceLock<Result<Settings>>,
    /// The API `seg auth login` chose by asking, which beats every setting for the rest of the process.
    chosen_api: OnceLock<Api>,
    /// The API and region whose host the profile's stored token was logged in for, read once.
    login_api: OnceLock<Option<(Api, Option<Region>)>>,
    output_format: OnceLock<Format>,
    token: OnceLock<token::Token>,
    client: OnceLock<Client>,
}

impl Context {
    /// No I/O: everything is read when first asked for.
    pub fn new(global: GlobalArgs, printer: Printer) -> Context {
        let gate = Gate::new(global.dry_run, printer.clone());
        Context {
            printer,
            global,
            gate,
            names_resources: true,
            settings: OnceLock::new(),
            chosen_api: OnceLock::new(),
            login_api: OnceLock::new(),
            output_format: OnceLock::new(),
            token: OnceLock::new(),
            client: OnceLock::new(),
        }
    }

    pub fn profile_name(&self) -> &str {
        self.global.profile.as_deref().unwrap_or(profile::DEFAULT_PROFILE)
    }

    /// The profile's settings from `config.toml`, read once. A file that cannot be read or is not TOML is an error
    /// (exit 2) for the commands that need a setting from it; keys this version does not know are a warning.
    pub fn settings(&self) -> Result<&Settings> {
        let loaded = self.settings.get_or_init(|| {
            let path = profile::path()?;
            let file = ConfigFile::load(&path)?;
            for key in &file.ignored {
                self.printer.warn_once(&format!("{}: unknown setting {key} ignored", path.display()));
            }
            if self.global.from_flag.profile && !file.has_profile(self.profile_name()) {
                self.printer.warn_once(&format!(
                    "profile {:?} has no settings in {}",
                    self.profile_name(),
                    path.display()
                ));
            }
            Ok(Settings { profile: file.profile(self.profile_name()), path })
        });
        loaded.as_ref().map_err(Clone::clone)
    }

    /// The profile's settings for a command that can do without them: a broken file is a warning, and the
    /// defaults apply.
    fn settings_or_defaults(&self) -> Settings {
        match self.settings() {
            Ok(settings) => settings.clone(),
            Err(error) => {
                self.printer.warn_once(&format!("{error}; using the defaults"));
                Settings::default()
            }
        }
    }

    /// The output format: `-o`/SEG_OUTPUT, else the profile's, else table on a terminal and JSON in a pipe.
    pub fn output_format(&self) -> Format {
        *self.output_format.get_or_init(|| {
            let from_profile = || {
                let format = self.settings_or_defaults().profile.output.as_deref().and_then(Format::parse);
                format.filter(|f| *f != Format::Name || self.names_resources)
            };
            let tty_default = if self.printer.stdout_tty { Format::Table } else { Format::Json };
            self.global.output.or_else(from_profile).unwrap_or(tty_default)
        })
    }

    /// Whether lines for people are printed (a plan, a verdict, a log line): `-o table`, with neither `--jq` nor
    /// `--json` asking for what scripts read. One test for every command that has such lines, so none can forget
    /// that `--jq` applies on a terminal too.
    pub fn for_people(&self) -> bool {
        self.output_format() == Format::Table && self.global.jq.is_none() && self.global.json.is_none()
    }

    /// A setting: its flag or variable, else the profile's (reading `config.toml` only then).
    fn setting(&self, given: Option<&str>, key: fn(&Profile) -> Option<&str>) -> Result<Option<String>> {
        match given {
            Some(value) => Ok(Some(value.to_string())),
            None => Ok(key(&self.settings()?.profile).map(String::from)),
        }
    }

    /// Which API: `--api`/SEG_API, else the profile's `api`, else the API whose host the profile's stored token was
    /// logged in for (a login of an earlier version, which saved no `api`), else the Config API (so existing
    /// scripts keep working). A choice made at `seg auth login`'s question beats them all.
    pub fn api(&self) -> Result<Api> {
        if let Some(api) = self.chosen_api.get() {
            return Ok(*api);
        }
        if let Some(api) = self.global.api {
            return Ok(api);
        }
        match self.settings()?.profile.api.as_deref() {
            None => Ok(self.login_api().map_or(Api::Config, |(api, _)| api)),
            Some(text) => Api::parse(text).ok_or_else(|| {
                Error::usage(format!(
                    "invalid api {text:?} in the profile: use config or public (`seg config set api`)"
                ))
            }),
        }
    }

    /// Uses `api` for the rest of the process, whatever the settings say (`seg auth login` asked which).
    pub fn choose_api(&self, api: Api) {
        let _ = self.chosen_api.set(api);
    }

    /// The API and region whose host the profile's stored token is bound to (`credentials.toml`), read once; `None`
    /// for any other URL and when nothing is stored.
    fn login_api(&self) -> Option<(Api, Option<Region>)> {
        *self.login_api.get_or_init(|| crate::config::credentials::api_of_login(self.profile_name()))
    }

    /// What the API in use can hold, as its adapter declares it (`api::Holds`): commands read this, never which API.
    pub fn holds(&self) -> Result<crate::api::Holds> {
        Ok(self.api()?.holds())
    }

    /// The service's address: an explicit base URL (flag, variable, profile), else the API's: the Config API's
    /// host, or the Public API's for `--region`. `--region` beside `--base-url` on one command line is a usage
    /// error (one picks a host, the other names one), as is `--region` with the Config API.
    pub fn base_url(&self) -> Result<String> {
        let from_flag = self.global.from_flag;
        if from_flag.region && from_flag.base_url {
            return Err(Error::usage(
                "--region picks the Public API's host and --base-url names one: give one of them",
            ));
        }
        let api = self.api()?;
        if from_flag.region && api == Api::Config {
            return Err(Error::usage("--region picks a Public API host: use it with --api public"));
        }
        let url = self.setting(self.global.base_url.as_deref(), |p| p.base_url.as_deref())?;
        if let Some(url) = url {
            return Ok(url);
        }
        Ok(match api {
            Api::Config => global::DEFAULT_BASE_URL.to_string(),
            Api::Public => self.region()?.public_base_url().to_string(),
        })
    }

    /// The Public API's region: `--region`/SEG_REGION, else the profile's, else the one the profile's stored token
    /// was logged in for, else us.
    pub fn region(&self) -> Result<Region> {
        if let Some(region) = self.global.region {
            return Ok(region);
        }
        match self.settings()?.profile.region.as_deref() {
            // Where the profile's token was logged in (an EU login of an earlier version saved no region), else us.
            None => Ok(self.login_api().and_then(|(_, region)| region).unwrap_or(Region::Us)),
            Some(text) => Region::parse(text)
                .ok_or_else(|| Error::usage(format!("invalid region {text:?} in the profile: use us or eu"))),
        }
    }

    /// The Config API's path prefix. The Public API has none: `--api-version` there is a usage error, and the
    /// variable and the profile's setting (meant for the Config API) are ignored.
    pub fn api_version(&self) -> Result<String> {
        if self.api()? == Api::Public {
            if self.global.from_flag.api_version {
                return Err(Error::usage(
                    "--api-version is a Config API path prefix; the Public API has none (drop it, or use --api config)",
                ));
            }
            return Ok(String::new());
        }
        let version = self.setting(self.global.api_version.as_deref(), |p| p.api_version.as_deref())?;
        Ok(version.unwrap_or_else(|| global::DEFAULT_API_VERSION.to_string()))
    }

    /// A usage error for what only the Config API has (`--update-mask`, access tokens), on the Public API.
    pub fn config_api_only(&self, what: &str) -> Result<()> {
        match self.api()? {
            Api::Config => Ok(()),
            Api::Public => Err(Error::usage(format!("{what} exists only on the Config API (this is --api public)"))),
        }
    }

    /// The one workspace of `-w`/SEG_WORKSPACE, else the profile's.
    /// The workspace of `-w`, `SEG_WORKSPACE` or the profile, as set.
    pub fn workspace_setting(&self) -> Result<Option<String>> {
        self.setting(self.global.workspace()?, |p| p.workspace.as_deref())
    }

    /// The workspace names are completed from: the one set, or on the Public API, whose tokens each act on one
    /// workspace, the token's ([`crate::wire::TOKENS_WORKSPACE`], which the adapter reads as the token's).
    fn workspace_of_names(&self) -> Result<Option<String>> {
        let set = self.workspace_setting()?;
        if set.is_none() && self.api()? == Api::Public {
            return Ok(Some(crate::wire::TOKENS_WORKSPACE.to_string()));
        }
        Ok(set)
    }

    /// The token and where it came from, resolved once; exit 4 when there is none. Its value is scrubbed from
    /// everything printed from then on.
    pub fn token(&self) -> Result<&token::Token> {
        if let Some(token) = self.token.get() {
            return Ok(token);
        }
        let base_url = self.base_url()?;
        let legacy_base_url =
            self.setting(None, |p| p.base_url.as_deref())?.unwrap_or_else(|| global::DEFAULT_BASE_URL.into());
        let to = token::Destination { base_url: &base_url, legacy_base_url: &legacy_base_url };
        let token =
            token::resolve(self.global.token.as_ref(), self.global.token_file.as_deref(), self.profile_name(), &to)?
                .ok_or(Error::NoToken)?;
        self.printer.scrubber.add(&token.secret);
        if let Some(warning) = &token.warning {
            self.printer.warn_once(warning);
        }
        Ok(self.token.get_or_init(|| token))
    }

    /// The API client, built once per process with the resolved settings and token.
    pub fn client(&self) -> Result<&Client> {
        if let Some(client) = self.client.get() {
            return Ok(client);
        }
        let client = self.client_for(self.token()?.secret.clone())?;
        Ok(self.client.get_or_init(|| client))
    }

    /// A client with this token (`seg auth login` and `status` check a token before storing or reporting it).
    pub fn client_for(&self, secret: Secret) -> Result<Client> {
        self.printer.scrubber.add(&secret);
        let options = ClientOptions {
            api: self.api()?,
            base_url: self.base_url()?,
            api_version: self.api_version()?,
            token: secret,
            timeout: self.global.timeout.unwrap_or(global::DEFAULT_TIMEOUT),
            rate_limit: self.global.rate_limit.unwrap_or(global::DEFAULT_RATE_LIMIT),
            budget: self.budget_server()?,
            max_retries: self.global.max_retries.unwrap_or(global::DEFAULT_MAX_RETRIES),
        };
        Client::new(options, observer(self.printer.clone(), self.global.verbosity()), self.gate.clone())
    }

    /// Where the rate budget is shared across machines: `--budget`/SEG_BUDGET_URL, else the profile's `budget_url`
    /// (none when empty), with SEG_BUDGET_STRICT and SEG_BUDGET_CACERT. The URL's password is scrubbed from
    /// everything printed from then on; an invalid URL is a usage error that does not quote it.
    fn budget_server(&self) -> Result<Option<ServerOptions>> {
        let (url, from) = match &self.global.budget {
            Some(url) => (Some(url.expose().to_string()), "--budget/SEG_BUDGET_URL"),
            None => (self.settings()?.profile.budget_url.clone(), "the profile's budget_url"),
        };
        let Some(url) = url.filter(|url| !url.trim().is_empty()) else { return Ok(None) };
        // As written (percent-encoded) and as sent; in the user information or the query (`?password=`).
        if let Some((_, password)) = secret_of(&url) {
            self.printer.scrubber.add(&Secret::new(password));
        }
        for password in crate::secret::query_secrets(&url) {
            self.printer.scrubber.add(&Secret::new(password));
        }
        let info =
            budget::check_url(&url).map_err(|why| Error::usage(format!("invalid budget URL ({from}): {why}")))?;
        if let Some(password) = info.redis_settings().password() {
            self.printer.scrubber.add(&Secret::new(password));
        }
        let strict = std::env::var("SEG_BUDGET_STRICT")
            .is_ok_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "1" | "true" | "yes"));
        let cacert = match std::env::var_os("SEG_BUDGET_CACERT").filter(|path| !path.is_empty()) {
            None => None,
            Some(path) => Some(std::fs::read(&path).map_err(|e| {
                Error::usage(format!("cannot read SEG_BUDGET_CACERT {}: {e}", std::path::Path::new(&path).display()))
            })?),
        };
        Ok(Some(ServerOptions { url: Secret::new(url), strict, cacert }))
    }

    pub fn defaults(&self, source: Option<&str>) -> Result<Defaults> {
        let workspace = self.workspace_of_names()?.map(|ws| ws.strip_prefix("workspaces/").unwrap_or(&ws).to_string());
        Ok(Defaults { workspace, source: source.map(String::from) })
    }

    /// A checked name; an invalid one is a usage error before anything is sent.
    pub fn name(&self, kind: Kind, input: &str) -> Result<Name> {
        let name = names::parse(kind, input, &self.defaults(None)?).map_err(Error::Usage)?;
        self.reachable(&name)?;
        Ok(name)
    }

    /// A name this API can reach: `SOURCE/SLUG#NAME` names a further destination of one catalog entry, which only the
    /// Public API has.
    pub fn reachable(&self, name: &Name) -> Result<()> {
        let several = self.holds()?.several_destinations;
        if name.kind() == Kind::Destination && name.as_str().contains(names::INSTANCE) && !several {
            return Err(Error::usage(format!(
                "{name}: a destination named SLUG#NAME exists only on the Public API (--api public); the Config API \
                 names a source's one destination of a catalog entry by its slug"
            )));
        }
        Ok(())
    }

    /// The slug of the token's workspace (one read): what a name holding [`crate::wire::TOKENS_WORKSPACE`] is
    /// printed with.
    pub async fn token_workspace(&self) -> Result<String> {
        let ws = crate::wire::Target::Workspace { ws: crate::wire::TOKENS_WORKSPACE.to_string() };
        match self.client()?.send(&Request::<crate::wire::Workspace>::get(ws)).await? {
            Outcome::Answer(found) => Ok(found.name.strip_prefix("workspaces/").unwrap_or(&found.name).to_string()),
            Outcome::DryRun => Ok(crate::wire::TOKENS_WORKSPACE.to_string()),
        }
    }

    /// Names as they are printed: those in the token's workspace in its slug (read once, when one is).
    pub async fn in_token_workspace(&self, names: &[Name]) -> Result<Vec<Name>> {
        let tokens = |name: &Name| name.workspace() == Some(crate::wire::TOKENS_WORKSPACE);
        if !names.iter().any(tokens) {
            return Ok(names.to_vec());
        }
        let slug = self.token_workspace().await?;
        Ok(names.iter().map(|name| if tokens(name) { name.in_workspace(&slug) } else { name.clone() }).collect())
    }

    /// The workspace named by `-w` (full or short), required.
    pub fn workspace(&self) -> Result<Name> {
        let ws = self.workspace_of_names()?.ok_or_else(|| {
            Error::usage("no workspace: pass -w WORKSPACE or set SEG_WORKSPACE (`seg workspaces list` shows yours)")
        })?;
        self.name(Kind::Workspace, &ws)
    }

    /// How a command's result is printed: the format, `--jq`, and for a resource what the API in use holds (what a
    /// table and `get` show) and the fields `--json` chose.
    pub fn output(&self, shape: &'static Shape) -> Result<Output<'_>> {
        let jq = self.global.jq.as_deref().map(Jq::compile).transpose().map_err(Error::Usage)?;
        let Some(spec) = self.global.json.as_deref() else {
            let output = Output::new(&self.printer, self.output_format(), jq, shape);
            return Ok(if shape.fields.is_empty() { output } else { output.holding(self.shown_holds()?) });
        };
        if shape.fields.is_empty() {
            return Err(Error::usage(
                "--json chooses fields of resources, and this command prints none: use -o json (or --jq) instead",
            ));
        }
        let picked = fields::chosen(spec, shape.fields)?;
        Ok(Output::new(&self.printer, self.json_format()?, jq, shape).holding(self.shown_holds()?).picking(picked))
    }

    /// The format of `--json`: JSON, or the ndjson or YAML `-o` asks for; `-o table` or `-o name` given as a flag
    /// cannot apply (exit 2), while a variable's or the profile's is a default that `--json` overrides.
    fn json_format(&self) -> Result<Format> {
        let given = self.global.output.or_else(|| {
            let profile = self.settings_or_defaults().profile.output;
            profile.as_deref().and_then(Format::parse)
        });
        match given {
            Some(format @ (Format::Json | Format::Ndjson | Format::Yaml)) => Ok(format),
            Some(format @ (Format::Table | Format::Name)) if self.global.from_flag.output => {
                let format = if format == Format::Table { "table" } else { "name" };
                Err(Error::usage(format!(
                    "--json prints fields as JSON: -o {format} cannot apply (use -o json, ndjson or yaml, or drop --json)"
                )))
            }
            _ => Ok(Format::Json),
        }
    }

    /// What the API in use holds, in the terms of what output shows (`api::Holds`, declared by its adapter).
    fn shown_holds(&self) -> Result<fields::Holds> {
        let holds = self.holds()?;
        Ok(fields::Holds {
            library_config: holds.library_config,
            connection_modes: holds.connection_modes,
            legacy_traits: holds.legacy_traits,
            update_times: holds.update_times,
            destination_names: holds.destination_names,
            plan_types: holds.plan_types,
        })
    }

    /// `--json` with no fields: prints the fields of `shape`, one a line, and says so (the command then stops, before
    /// any request). A command calls this before its first read; `show` and `list` call it too.
    pub fn lists_fields(&self, shape: &'static Shape) -> Result<bool> {
        match self.global.json.as_deref() {
            Some(spec) if spec.trim().is_empty() => {
                if shape.fields.is_empty() {
                    return Err(Error::usage(
                        "--json chooses fields of resources, and this command prints none: use -o json instead",
                    ));
                }
                let names: String = shape.fields.iter().map(|f| format!("{}\n", f.name)).collect();
                self.printer.data(names.as_bytes())?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Sends a request and prints the resource it answers (nothing more under `--dry-run`: the gate described it).
    pub async fn show<A: Serialize + DeserializeOwned>(
        &self,
        request: Request<A>,
        shape: &'static Shape,
    ) -> Result<()> {
        if self.lists_fields(shape)? {
            return Ok(());
        }
        let output = self.output(shape)?;
        match self.client()?.send(&request.received()).await? {
            Outcome::Answer(answer) => output.record(&answer),
            Outcome::DryRun => Ok(()),
        }
    }

    /// Removes what a request deletes that is not a resource of its own (a source's connection to a plan): prints
    /// the answer as any command does, or with `-o name` the name of what was removed (`removed`), as a delete and
    /// `--each` print it.
    pub async fn remove(
        &self,
        request: Request<crate::wire::Empty>,
        removed: &Name,
        shape: &'static Shape,
    ) -> Result<()> {
        if self.output_format() != Format::Name {
            return self.show(request, shape).await;
        }
        self.output(shape)?;
        let removed = self.in_token_workspace(std::slice::from_ref(removed)).await?;
        match self.client()?.send(&request).await? {
            Outcome::Answer(_) => removed.iter().try_for_each(|name| self.printer.data_line(name.as_str())),
            Outcome::DryRun => Ok(()),
        }
    }

    /// Lists collections page by page as one list (`--limit` counts across them), printing as the format allows,
    /// and says how to resume when cut off.
    pub async fn list<T: Resource>(
        &self,
        requests: Vec<Request<Page<T>>>,
        args: &ListArgs,
        shape: &'static Shape,
    ) -> Result<()> {
        if self.lists_fields(shape)? {
            return Ok(());
        }
        let output = self.output(shape)?;
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
            // Printed as received, the items' typed readings need only name them.
            let request = request.received_items();
            let request = if output.shows_view() { request } else { request.raw_only() };
            let mut listing = Listing::new(client, request, options);
            // A page is printed while the next one is asked for: the next request is on its way (and the service
            // at work on it) before the printing starts. At most two pages are held.
            let mut printable: Option<Vec<_>> = None;
            loop {
                // Where to resume if this step stops: the page after those printed.
                let resume = listing.resume_token().map(String::from);
                let (page, printed) = {
                    let mut fetch = std::pin::pin!(listing.next_page());
                    let early = std::future::poll_fn(|cx| Poll::Ready(fetch.as_mut().poll(cx))).await;
                    let printed = match printable.take() {
                        Some(items) => match &spinner {
                            Some(bar) => bar.suspend(|| writer.push(&items)),
                            None => writer.push(&items),
                        },
                        None => Ok(()),
                    };
                    let page = match (&printed, early) {
                        (Err(_), _) => None,
                        (Ok(()), Poll::Ready(page)) => Some(page),
                        (Ok(()), Poll::Pending) => tokio::select! {
                            biased;
                            _ = &mut interrupted => None,
                            page = &mut fetch => Some(page),
                        },
                    };
                    (page, printed)
                };
                if let Err(error) = printed {
                    if !matches!(error, Error::BrokenPipe) {
                        self.report_resume(resume.as_deref());
                    }
                    return Err(error);
                }
                let Some(page) = page else {
                    self.report_resume(resume.as_deref());
                    return Err(Error::Interrupted);
                };
                let items = match page {
                    Ok(Some(items)) => items,
                    Ok(None) => break,
                    Err(error) => {
                        self.report_resume(listing.resume_after(&error));
                        return Err(error);
                    }
                };
                count += items.len();
                if let Some(bar) = &spinner {
                    bar.set_message(crate::ui::count(count, "item"));
                }
                printable = Some(items);
            }
            last_resume = listing.resume_token().map(String::from);
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
            self.printer.status(&format!("more items: resume with: --page-token {token}"));
        }
        Ok(())
    }

    /// Lists several collections as one list (`--all`: every source's destinations, every plan's connections,
    /// every destination's filters): read concurrently within the rate budget and printed in order, each collection
    /// as it completes. With --limit they are read one after the other, so no page beyond the limit is asked for.
    /// Paging flags belong to one collection (callers check them with `ListArgs::across` before their first
    /// request; checked here again).
    pub async fn list_across<T: Resource>(
        &self,
        requests: Vec<Request<Page<T>>>,
        args: &ListArgs,
        shape: &'static Shape,
        one: &str,
    ) -> Result<()> {
        args.across(one)?;
        if args.limit.is_some() {
            return self.list(requests, args, shape).await;
        }
        if self.lists_fields(shape)? {
            return Ok(());
        }
        let output = self.output(shape)?;
        let mut writer = output.list();
        let requests = requests.into_iter().map(Request::received_items).collect();
        let mut collections = std::pin::pin!(crate::api::walk::collections(self.client()?, requests));
        let mut count = 0;
        while let Some(items) = futures_util::StreamExt::next(&mut collections).await {
            let items = items?;
            count += items.len();
            writer.push(&items)?;
        }
        writer.finish()?;
        if output.format() == Format::Table && count == 0 && self.global.jq.is_none() {
            self.printer.status("no items");
        }
        Ok(())
    }

    fn report_resume(&self, token: Option<&str>) {
        if let Some(token) = token {
            self.printer.status(&format!("listing stopped; resume with: --page-token {token}"));
        }
    }

    /// Asks before a destructive step: yes with `--yes` or `--dry-run` (which changes nothing); with a terminal on
    /// stdin, a question on stderr, whatever stdout and stderr are (as terraform asks: `seg apply ... | tee log`
    /// still asks); otherwise a usage error, since nothing can be asked. `doing` says what the step does, in full
    /// ("delete workspaces/a/sources/b, with its 1 destination"): shown on a line of its own above `question` unless
    /// the question already says it, and named in the error when nobody can be asked. A prompt longer than the
    /// terminal's line is redrawn only in part when answered, leaving a stale fragment on the screen; so the details
    /// go above it and the question stays short (a short name).
    pub fn confirm(&self, doing: &str, question: &str) -> Result<()> {
        if self.global.yes || self.gate.is_dry_run() {
            return Ok(());
        }
        if !self.printer.stdin_tty {
            return Err(Error::usage(format!(
                "confirmation needed to {doing}: pass --yes (there is no terminal to ask on)"
            )));
        }
        let said = question.trim_end_matches('?');
        if !doing.eq_ignore_ascii_case(said) {
            self.printer.status(&format!("about to {doing}"));
        }
        let answer = if self.printer.stderr_tty {
            dialoguer::Confirm::new()
                .with_prompt(question)
                .default(false)
                .interact()
                .map_err(|e| Error::usage(format!("cannot ask for confirmation: {e}")))?
        } else {
            self.ask_by_line(question)?
        };
        if answer { Ok(()) } else { Err(Error::Declined("Nothing was changed.".into())) }
    }

    /// The question on stderr, a line read from the terminal on stdin: with stderr not a terminal (sent to a file or
    /// a pipe) the prompt cannot be drawn, but the person typing can still answer; `y` or `yes` is yes.
    fn ask_by_line(&self, question: &str) -> Result<bool> {
        self.printer.prompt(&format!("{question} [y/N] "));
        let mut line = String::new();
        std::io::stdin().read_line(&mut line).map_err(|e| Error::usage(format!("cannot ask for confirmation: {e}")))?;
        Ok(matches!(line.trim().to_ascii_lowercase().as_str(), "y" | "yes"))
    }

    /// Whether `confirm` will put its question to a person (and so is worth reading what to tell them).
    pub fn will_ask(&self) -> bool {
        !self.global.yes && !self.gate.is_dry_run() && self.printer.stdin_tty
    }

    /// What deleting these takes with it, for the question (docs/reference/commands.md: a delete's prompt says what
    /// goes with it), read
    /// only when a person will be asked: `, with their 2 destinations and 3 filters`, or nothing.
    async fn taken_with(&self, names: &[Name]) -> Result<String> {
        if !self.will_ask() {
            return Ok(String::new());
        }
        let client = self.client()?;
        // The destinations whose filters go: those of each source, and those named.
        let mut destinations = Vec::new();
        let mut taken = 0;
        let mut connections = 0;
        for name in names {
            match name.kind() {
                Kind::Source => {
                    let request = Request::<Page<Destination>>::list(name.below("destinations")?);
                    let theirs = list::collect(client, request).await?;
                    taken += theirs.len();
                    destinations.extend(theirs.into_iter().map(|d| d.name));
                }
                Kind::Destination => destinations.push(name.to_string()),
                Kind::TrackingPlan => {
                    let request = Request::<Page<SourceConnection>>::list(name.below("source-connections")?);
                    connections += list::collect(client, request).await?.len();
                }
                _ => {}
            }
        }
        let mut filters = 0;
        for destination in &destinations {
            let filters_of = crate::wire::Target::under(destination, "filters").map_err(Error::failed)?;
            let request = Request::<Page<DestinationFilter>>::list(filters_of);
            filters += list::collect(client, request).await?.len();
        }
        let parts: Vec<String> =
            [(taken, "destination"), (filters, "filter"), (connections, "tracking-plan connection")]
                .iter()
                .filter(|(n, _)| *n > 0)
                .map(|(n, noun)| crate::ui::count(*n, noun))
                .collect();
        let whose = if names.len() == 1 { "its" } else { "their" };
        Ok(match parts.as_slice() {
            [] => String::new(),
            [one] => format!(", with {whose} {one}"),
            [rest @ .., last] => format!(", with {whose} {} and {last}", rest.join(", ")),
        })
    }

    /// Deletes the resources named in a `--each` file after one confirmation, concurrently, one result line each.
    pub async fn delete_each(&self, names: Vec<Name>) -> Result<()> {
        let names = self.in_token_workspace(&names).await?;
        let (first, last) = (names.first().map(Name::as_str), names.last().map(Name::as_str));
        let with = self.taken_with(&names).await?;
        let many = crate::ui::count(names.len(), names.first().map_or("resource", |n| n.kind().noun()));
        let doing = format!("delete {many} ({} ... {}){with}", first.unwrap_or(""), last.unwrap_or(""));
        self.confirm(&doing, &format!("Delete {many}?"))?;
        let client = self.client()?;
        let jobs = names.into_iter().map(|name| (name.to_string(), name)).collect();
        super::bulk::run(
            self,
            jobs,
            |name| async move { super::bulk::send(client, &Request::delete(name.target())).await },
        )
        .await
    }

    /// Deletes each resource after one confirmation; stops at the first failure and says what was left.
    pub async fn delete(&self, names: &[Name]) -> Result<()> {
        let names = self.in_token_workspace(names).await?;
        let names = names.as_slice();
        let shown: Vec<&str> = names.iter().map(Name::as_str).collect();
        let with = self.taken_with(names).await?;
        let question = match names {
            [one] => format!("Delete {}?", one.short()),
            many => format!("Delete {}?", crate::ui::count(many.len(), many[0].kind().noun())),
        };
        self.confirm(&format!("delete {}{with}", shown.join(", ")), &question)?;
        let client = self.client()?;
        for (index, name) in names.iter().enumerate() {
            match client.send(&Request::delete(name.target())).await {
                Ok(Outcome::DryRun) => {}
                Ok(Outcome::Answer(_)) => {
                    self.printer.status(&format!("deleted {name}"));
                    // `-o name`: the names of what was deleted, as `--each` prints them.
                    if self.output_format() == Format::Name {
                        self.printer.data_line(name.as_str())?;
                    }
                }
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
}

/// The user name and password of a URL as written, when it has a password (`redact_credentials` reads it alike).
fn secret_of(url: &str) -> Option<(&str, &str)> {
    let start = url.find("://").map_or(0, |at| at + 3);
    let end = url.rfind('@').filter(|end| *end >= start)?;
    url[start..end].split_once(':')
}

/// Turns transport notices into stderr lines: requests at -v, headers and bodies at -vv (a trace, never wrapped:
/// `Printer::verbatim`), retries always, waits for the rate budget when `api::wait` says they are long (else at -v),
/// warnings once. Headers and bodies are seen
/// redacted (`Shown`), and the printer scrubs the token from every line.
fn observer(printer: Printer, verbosity: u8) -> Observer {
    Arc::new(move |notice: &Notice<'_>| match notice {
        Notice::Request { method, url, shown } if verbosity > 0 => {
            printer.verbatim(&format!("> {method} {url}"));
            if verbosity > 1 {
                for (name, value) in shown.headers() {
                    printer.verbatim(&format!("> {name}: {value}"));
                }
                let body = shown.body();
                if !body.is_empty() {
                    printer.verbatim(&format!("> {body}"));
                }
            }
        }
        Notice::Response { status, elapsed, shown } if verbosity > 0 => {
            printer.verbatim(&format!("< {status} ({})", crate::ui::duration(*elapsed)));
            if verbosity > 1 {
                for (name, value) in shown.headers() {
                    printer.verbatim(&format!("< {name}: {value}"));
                }
                printer.verbatim(&format!("< {}", crate::ui::escape_control(&shown.body())));
            }
        }
        Notice::Retry { wait, attempt, max, reason } => {
            printer.status(&format!("retrying in {} ({attempt} of {max}): {reason}", crate::ui::duration(*wait)));
        }
        Notice::Pacing { wait, from, pushed_back, said } if *said || verbosity > 0 => {
            let wait = crate::ui::duration(*wait);
            match (from, pushed_back) {
                (crate::api::wait::Pace::Token(_), true) => {
                    printer.status(&format!("waiting {wait} for the rate budget (the service pushed it back)"));
                }
                (crate::api::wait::Pace::Operation(limit), true) => printer.status(&format!(
                    "waiting {wait} for the rate budget of {} (the service pushed it back)",
                    limit.operation
                )),
                (from, false) => printer.status(&format!("waiting {wait} for {from}")),
            }
        }
        Notice::Warning(warning) => printer.warn_once(warning),
        Notice::Waiting(what) => printer.status(what),
        Notice::Note(note) if verbosity > 0 => printer.status(note),
        _ => {}
    })
}
