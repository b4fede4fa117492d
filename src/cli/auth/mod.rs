//! `seg auth`: log in (store a checked token), show where the token comes from, print it, log out.

use std::io::BufRead;

use super::Context;
use crate::api::Api;
use crate::api::client::Outcome;
use crate::config::credentials::{
    Credentials, Keyring, Login, SecretStore, api_of_host, keyring_disabled, keyring_entry, normalize_url,
};
use crate::config::profile;
use crate::config::token;
use crate::effect::Gate;
use crate::error::{Error, Result};
use crate::secret::Secret;
use crate::ui::records::AuthStatus;
use crate::wire::{Page, Request, Workspace};

/// Log in and manage the stored token.
///
/// Log in to the Config API or the Public API (--api public) and manage the stored token.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    Login(LoginArgs),
    /// Show which source supplies the token, whether it works, and the profile's settings.
    ///
    /// Finds the token as every command does (--token, --token-file, SEG_TOKEN, SEG_TOKEN_FILE, then the profile's
    /// keyring entry or file store) and tries it with one read (the Config API's GET /v1beta/workspaces, the Public
    /// API's GET /). Prints the settings in effect (the API, its region on the Public API, the base URL, ...), the
    /// keyring's state, the token's source, whether it works and the workspaces it reaches (`key: value` lines with
    /// -o table, the default on a terminal; else in the -o format), never the token. Then it exits 4 when there is
    /// no token, or with the API's code (e.g. 26) when the service refuses it.
    #[command(after_help = "Examples:\n  seg auth status\n  seg auth status --profile ci -o json")]
    Status,
    /// Print the token in use (for piping into other tools).
    ///
    /// Prints, with a newline, the token other commands would send: from --token, --token-file, SEG_TOKEN,
    /// SEG_TOKEN_FILE, then the profile's keyring entry or file store, the first that has one. Sends nothing and does
    /// not check it (`seg auth status` does). Exits 4 when there is none. Whoever reads its output can act as you.
    #[command(
        after_help = "Example:\n  curl -H \"Authorization: Bearer $(seg auth token)\" \\\n      https://platform.segmentapis.com/v1beta/workspaces"
    )]
    Token,
    /// Remove the stored token of the profile (keyring and file store).
    ///
    /// Deletes the profile's token from the OS keyring (unless SEG_NO_KEYRING=1) and from the file store
    /// (credentials.toml), and says on stderr what it removed; nothing stored is not an error. The token keeps
    /// working at the service (`seg tokens delete` revokes it), and SEG_TOKEN or --token still apply.
    #[command(after_help = "Example:\n  seg auth logout --profile ci")]
    Logout,
}

/// Check an access token and store it for the profile, with the API it is for.
///
/// --api public (every token made since 2024-02-01 is a Public API token) or --api config names the API the token
/// is for, and --region eu the Public API's EU host; the login saves them in the profile (`api`, `region`), so the
/// next command speaks that API without a flag. On a terminal a login that names no API (neither --api nor SEG_API)
/// asks which, the Public API first; without a terminal it keeps the profile's (config unless set), says so on
/// stderr, and sends nothing to the other API's host. --base-url (or SEG_BASE_URL) is saved only when given.
///
/// The token is read from a hidden prompt on a terminal, or from stdin with --with-token, and checked with one
/// read before it is stored. It is stored in the OS keyring; where no keyring works (a headless server), seg says
/// so and asks before storing it in a file only you can read (0600). --insecure-storage uses that file without
/// asking. SEG_NO_KEYRING=1 turns the keyring off.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg auth login --api public
  seg auth login --api public --region eu
  echo \"$TOKEN\" | seg auth login --api public --with-token --profile ci
  seg auth login --api config --with-token < old-token.txt")]
pub struct LoginArgs {
    /// Read the token from stdin
    #[arg(long)]
    with_token: bool,
    /// Store the token in a 0600 file, keyring or not, without asking
    #[arg(long)]
    insecure_storage: bool,
}

pub async fn run(cmd: Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::Login(args) => login(args, ctx).await,
        Command::Status => status(ctx).await,
        Command::Token => ctx.printer.reveal(ctx.token()?.secret.expose()),
        Command::Logout => logout(ctx),
    }
}

fn read_token(args: &LoginArgs, ctx: &Context) -> Result<Secret> {
    let token = if args.with_token {
        let mut line = Vec::new();
        std::io::stdin()
            .lock()
            .read_until(b'\n', &mut line)
            .map_err(|e| Error::usage(format!("cannot read the token from stdin: {e}")))?;
        String::from_utf8(line).map_err(|_| Error::usage("the token on stdin is not UTF-8 text"))?
    } else if ctx.printer.stdin_tty && ctx.printer.stderr_tty {
        dialoguer::Password::new()
            .with_prompt("Paste your access token")
            .interact()
            .map_err(|e| Error::usage(format!("cannot read the token: {e}")))?
    } else {
        return Err(Error::usage("no terminal to ask on: pipe the token in with --with-token"));
    };
    let token = token.trim();
    if token.is_empty() {
        return Err(Error::usage("the token is empty"));
    }
    let secret = Secret::new(token);
    let source = if args.with_token { "stdin" } else { "the prompt" };
    token::check(&secret, &token::Source::Given(source))?;
    Ok(secret)
}

async fn login(args: LoginArgs, ctx: &Context) -> Result<()> {
    let can_ask = ctx.printer.stdin_tty && ctx.printer.stderr_tty;
    let (api, named) = login_api(ctx, can_ask)?;
    check_base_url(ctx, api)?;
    let secret = read_token(&args, ctx)?;
    let base_url = ctx.base_url()?;
    // Checked before it is stored: a token the service refuses is not kept.
    let count = match ctx.client_for(secret.clone())?.send(&workspaces()).await? {
        Outcome::Answer(page) => page.items.len(),
        Outcome::DryRun => 0,
    };
    let profile = ctx.profile_name();
    let credentials = Credentials::default_path()?;
    let ask = |question: &str| -> Result<bool> {
        if !can_ask {
            return Ok(false);
        }
        let yes = dialoguer::Confirm::new()
            .with_prompt(question)
            .default(false)
            .interact()
            .map_err(|e| Error::usage(format!("cannot ask: {e}")))?;
        // A no is an answer, said plainly: nothing was stored.
        if !yes {
            return Err(Error::Declined(
                "Nothing was stored; `seg auth login --insecure-storage` keeps the token in that file, or use SEG_TOKEN."
                    .into(),
            ));
        }
        Ok(true)
    };
    let file_only = args.insecure_storage || keyring_disabled();
    let login = Placement { profile, base_url: &base_url, secret: &secret, file_only };
    let stored_in = store_token(&Keyring, &credentials, &login, &ctx.gate, &ctx.printer, ask)?;
    // The profile now speaks the API its token is for, where its token belongs: the API named (and its region), and
    // the base URL only when one was given.
    let mut changes = Vec::new();
    if named {
        changes.push(("api", Some(api.as_str())));
    }
    if named && api == Api::Public && ctx.global.region.is_some() {
        changes.push(("region", Some(ctx.region()?.as_str())));
    }
    if ctx.global.base_url.is_some() {
        changes.push(("base_url", Some(base_url.as_str())));
    }
    if !changes.is_empty() {
        profile::update_all(&ctx.gate, &profile::path()?, profile, &changes)?;
    }
    let workspaces = crate::ui::count(count, "workspace");
    if ctx.gate.is_dry_run() {
        ctx.printer.status(&format!(
            "dry run: the token works on the {} at {base_url} ({workspaces} reachable); it was not stored",
            title(api)
        ));
    } else {
        ctx.printer.status(&format!(
            "logged in to the {} at {base_url} as profile {profile}: {workspaces} reachable; token stored in {stored_in}",
            title(api)
        ));
        if keyring_disabled() && ctx.printer.stderr_tty {
            ctx.printer.hint("SEG_NO_KEYRING is set, so the keyring was not used: the token is in the file above");
        }
    }
    Ok(())
}

/// The API a login is for, and whether it was named (by --api, SEG_API or the answer to the question), and so goes
/// into the profile. On a terminal the question, the Public API first; without one the profile's API, said on
/// stderr with how to choose the other: nothing is sent to the other API's host to guess.
fn login_api(ctx: &Context, can_ask: bool) -> Result<(Api, bool)> {
    if let Some(api) = ctx.global.api {
        return Ok((api, true));
    }
    if can_ask {
        let answer = dialoguer::Select::new()
            .with_prompt("Which API is the token for?")
            .item("Public API (api.segmentapis.com): every token made since 2024-02-01")
            .item("Config API (platform.segmentapis.com/v1beta): tokens made before")
            .default(0)
            .interact_opt()
            .map_err(|e| Error::usage(format!("cannot ask which API: {e}")))?;
        let api = match answer {
            Some(0) => Api::Public,
            Some(_) => Api::Config,
            None => return Err(Error::Declined("Nothing was stored.".into())),
        };
        ctx.choose_api(api);
        return Ok((api, true));
    }
    let api = ctx.api()?;
    let why = if ctx.settings()?.profile.api.is_some() {
        "the profile's api"
    } else if api == Api::Public {
        "the profile's token was stored for its host"
    } else {
        "the default"
    };
    let other = match api {
        Api::Config => Api::Public,
        Api::Public => Api::Config,
    };
    ctx.printer.status(&format!(
        "logging in to the {} ({why}; no --api and no terminal to ask on); for the {}: seg auth login --api {other}",
        title(api),
        title(other),
    ));
    Ok((api, false))
}

/// A profile whose `base_url` is the other API's host cannot take this login (its token would be checked and
/// stored there): said before the token is read, with the way out.
fn check_base_url(ctx: &Context, api: Api) -> Result<()> {
    if ctx.global.base_url.is_some() {
        return Ok(());
    }
    let Some(url) = ctx.settings()?.profile.base_url.clone() else { return Ok(()) };
    match api_of_host(&url) {
        Some((host_api, _)) if host_api != api => Err(Error::usage(format!(
            "the profile's base_url {url} is the {}'s host, and this login is for the {}: run `seg config unset \
             base_url` first, or pass --base-url",
            title(host_api),
            title(api)
        ))),
        _ => Ok(()),
    }
}

/// An API's name in a sentence.
fn title(api: Api) -> &'static str {
    match api {
        Api::Config => "Config API",
        Api::Public => "Public API",
    }
}

async fn status(ctx: &Context) -> Result<()> {
    let keyring = if keyring_disabled() {
        "off (SEG_NO_KEYRING)".to_string()
    } else {
        match Keyring.get(ctx.profile_name()) {
            Ok(_) => "available".into(),
            Err(e) => format!("unavailable: {e}"),
        }
    };
    let mut report = AuthStatus {
        profile: ctx.profile_name().to_string(),
        api: ctx.api()?.to_string(),
        region: match ctx.api()? {
            Api::Public => Some(ctx.region()?.as_str().to_string()),
            Api::Config => None,
        },
        base_url: ctx.base_url()?,
        api_version: Some(ctx.api_version()?).filter(|_| ctx.api().is_ok_and(|api| api == Api::Config)),
        workspace: ctx.workspace_setting()?,
        output: format!("{:?}", ctx.output_format()).to_lowercase(),
        keyring,
        ..AuthStatus::default()
    };
    let outcome = match ctx.token() {
        Err(error @ (Error::NoToken | Error::TokenElsewhere { .. })) => {
            report.error = Some(error.to_string());
            Err(error)
        }
        Err(error) => return Err(error),
        Ok(token) => {
            report.token_source = Some(token.source.to_string());
            match ctx.client()?.send(&workspaces()).await {
                Ok(outcome) => {
                    let names = match outcome {
                        Outcome::Answer(page) => page.items.into_iter().map(|w| w.name).collect(),
                        Outcome::DryRun => Vec::new(),
                    };
                    report.token_works = Some(true);
                    report.workspaces = Some(names);
                    // The Config API does not say a token's scope to its bearer.
                    report.scope = Some("not reported by the service".into());
                    Ok(())
                }
                Err(e) => {
                    report.token_works = Some(false);
                    report.error = Some(e.to_string());
                    Err(e)
                }
            }
        }
    };
    let report = serde_json::to_value(&report).map_err(|e| Error::failed(e.to_string()))?;
    // A table is `field  value` lines like every single resource's: the workspaces one a line, not JSON.
    ctx.output(crate::ui::table::ANY)?.value(&report)?;
    // The record says what went wrong: the exit code and the hint say the rest.
    outcome.map_err(|error| Error::Reported(Box::new(error)))
}

/// The first page of workspaces: what a token reaches, and whether it works at all.
fn workspaces() -> Request<Page<Workspace>> {
    Request::list(crate::wire::Target::Workspaces)
}

/// A token to store: whose, for which base URL, and whether it must go to the file.
struct Placement<'a> {
    profile: &'a str,
    base_url: &'a str,
    secret: &'a Secret,
    file_only: bool,
}

/// Where the token goes: the keyring (entry `<profile>@<base URL>`), or the file store when told to (`file_only`)
/// or, when no keyring works, only after `ask` says yes. Never silently to a file. `credentials.toml` records the
/// base URL it belongs to either way. Returns where it went, in words.
fn store_token(
    keyring: &dyn SecretStore,
    credentials: &Credentials,
    login: &Placement<'_>,
    gate: &Gate,
    printer: &crate::ui::Printer,
    ask: impl FnOnce(&str) -> Result<bool>,
) -> Result<String> {
    let base_url = normalize_url(login.base_url);
    let in_file = |gate: &Gate| -> Result<String> {
        let record =
            Login::Bound { base_url: base_url.clone(), token: Some(login.secret.expose().into()), keyring: false };
        credentials.record(gate, login.profile, Some(record))?;
        Ok(format!("the file store {} (mode 0600)", credentials.path.display()))
    };
    if login.file_only {
        return in_file(gate);
    }
    let entry = keyring_entry(login.profile, &base_url);
    match keyring.set(gate, &entry, login.secret) {
        Ok(()) => {
            let record = Login::Bound { base_url: base_url.clone(), token: None, keyring: true };
            credentials.record(gate, login.profile, Some(record))?;
            // An entry an older version kept under the profile's name alone is replaced by this one.
            let _ = keyring.delete(gate, login.profile);
            Ok(format!("the OS keyring (entry {entry})"))
        }
        Err(e) => {
            printer.warn(&format!("no keyring works here ({e})"));
            if !ask(&format!("Store the token in {}, readable only by you?", credentials.path.display()))? {
                return Err(Error::usage(format!(
                    "the token was not stored; pass --insecure-storage to keep it in {} (mode 0600), or use SEG_TOKEN",
                    credentials.path.display()
                )));
            }
            in_file(gate)
        }
    }
}

fn logout(ctx: &Context) -> Result<()> {
    let profile = ctx.profile_name();
    let mut removed = Vec::new();
    let credentials = Credentials::default_path()?;
    let login = credentials.record(&ctx.gate, profile, None)?;
    if let Some(Login::Bound { base_url, keyring: true, .. }) = &login
        && !keyring_disabled()
        && Keyring.delete(&ctx.gate, &keyring_entry(profile, base_url)).unwrap_or(false)
    {
        removed.push("the OS keyring".to_string());
    }
    // An entry an older version kept under the profile's name alone.
    if !keyring_disabled() && Keyring.delete(&ctx.gate, profile).unwrap_or(false) && removed.is_empty() {
        removed.push("the OS keyring".to_string());
    }
    if matches!(&login, Some(Login::Legacy(_)) | Some(Login::Bound { token: Some(_), .. })) {
        removed.push(format!("the file store {}", credentials.path.display()));
    }
    if removed.is_empty() {
        ctx.printer.status(&format!("no stored token for profile {profile}"));
    } else if ctx.gate.is_dry_run() {
        ctx.printer.status(&format!("dry run: the token of profile {profile} was not removed"));
    } else {
        ctx.printer.status(&format!("removed the token of profile {profile} from {}", removed.join(" and ")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    struct BrokenKeyring;

    impl SecretStore for BrokenKeyring {
        fn get(&self, _: &str) -> Result<Option<Secret>> {
            Err(Error::failed("no secret service"))
        }
        fn set(&self, _: &Gate, _: &str, _: &Secret) -> Result<()> {
            Err(Error::failed("no secret service"))
        }
        fn delete(&self, _: &Gate, _: &str) -> Result<bool> {
            Err(Error::failed("no secret service"))
        }
    }

    #[test]
    fn without_a_keyring_the_file_store_needs_consent() {
        let dir = tempfile::tempdir().unwrap();
        let credentials = Credentials { path: dir.path().join("credentials.toml") };
        let token = Secret::new("t0ken");
        let gate = Gate::new(false, crate::ui::Printer::plain());
        let printer = crate::ui::Printer::plain();
        let login = Placement { profile: "default", base_url: "http://127.0.0.1:9/", secret: &token, file_only: false };
        // Refused (or no terminal to ask on): nothing stored, usage error.
        let err = store_token(&BrokenKeyring, &credentials, &login, &gate, &printer, |_| Ok(false)).unwrap_err();
        assert_eq!(err.exit_code(), 2);
        assert!(err.to_string().contains("--insecure-storage"));
        assert_eq!(credentials.login("default").unwrap(), None);
        // Consent: stored in the file, bound to its base URL.
        let mut asked = String::new();
        let place = store_token(&BrokenKeyring, &credentials, &login, &gate, &printer, |q| {
            asked = q.to_string();
            Ok(true)
        })
        .unwrap();
        assert!(asked.contains("readable only by you") && place.contains("file store"));
        let bound = Login::Bound { base_url: "http://127.0.0.1:9".into(), token: Some("t0ken".into()), keyring: false };
        assert_eq!(credentials.login("default").unwrap(), Some(bound));
        // --insecure-storage: no question asked.
        let login = Placement { profile: "ci", file_only: true, ..login };
        store_token(&BrokenKeyring, &credentials, &login, &gate, &printer, |_| panic!("must not ask")).unwrap();
        assert!(matches!(credentials.login("ci").unwrap(), Some(Login::Bound { token: Some(_), .. })));
    }
}
