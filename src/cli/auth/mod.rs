//! `seg auth`: log in (store a checked token), show where the token comes from, print it, log out.

use std::io::BufRead;

use serde_json::{Value, json};

use super::Context;
use crate::api::client::Outcome;
use crate::config::credentials::{FileStore, Keyring, TokenStore, keyring_disabled};
use crate::config::token;
use crate::effect::Gate;
use crate::error::{Error, Result};
use crate::secret::Secret;
use crate::ui::output::Format;
use crate::wire::{Page, Request, Workspace};

/// Log in to the Config API and manage the stored token.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    Login(LoginArgs),
    /// Show which source supplies the token, whether it works, and the profile's settings.
    ///
    /// Finds the token as every command does (--token, --token-file, SEG_TOKEN, SEG_TOKEN_FILE, then the profile's
    /// keyring entry or file store) and tries it with GET /v1beta/workspaces. Prints the settings in effect, the
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
        after_help = "Example:\n  curl -H \"Authorization: Bearer $(seg auth token)\" https://platform.segmentapis.com/v1beta/workspaces"
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

/// Check an access token against the service and store it for the profile.
///
/// The token is read from a hidden prompt on a terminal, or from stdin with --with-token. It is stored in the OS
/// keyring; where no keyring works (a headless server), seg says so and asks before storing it in a file only
/// you can read (0600). --insecure-storage uses that file without asking. SEG_NO_KEYRING=1 turns the keyring off.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg auth login
  seg auth login --with-token < token.txt
  echo \"$TOKEN\" | seg auth login --with-token --insecure-storage --profile ci")]
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
        let mut line = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut line)
            .map_err(|e| Error::usage(format!("cannot read the token from stdin: {e}")))?;
        line
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
    Ok(Secret::new(token))
}

async fn login(args: LoginArgs, ctx: &Context) -> Result<()> {
    let secret = read_token(&args, ctx)?;
    // Checked before it is stored: a token the service refuses is not kept.
    let count = match ctx.client_for(secret.clone())?.send(&workspaces()).await? {
        Outcome::Answer(page) => page.items.len(),
        Outcome::DryRun => 0,
    };
    let profile = ctx.profile_name();
    let file = FileStore::default_path()?;
    let can_ask = ctx.printer.stdin_tty && ctx.printer.stderr_tty;
    let ask = |question: &str| -> Result<bool> {
        if !can_ask {
            return Ok(false);
        }
        dialoguer::Confirm::new()
            .with_prompt(question)
            .default(false)
            .interact()
            .map_err(|e| Error::usage(format!("cannot ask: {e}")))
    };
    let file_only = args.insecure_storage || keyring_disabled();
    let stored_in = store_token(&Keyring, &file, profile, &secret, file_only, &ctx.gate, &ctx.printer, ask)?;
    let base_url = ctx.base_url()?;
    if ctx.gate.is_dry_run() {
        ctx.printer.status(&format!(
            "dry run: the token works at {base_url} ({count} workspace(s) reachable); it was not stored"
        ));
    } else {
        ctx.printer.status(&format!(
            "logged in to {base_url} as profile {profile}: {count} workspace(s) reachable; token stored in {stored_in}"
        ));
    }
    Ok(())
}

async fn status(ctx: &Context) -> Result<()> {
    let mut report = json!({
        "profile": ctx.profile_name(),
        "base_url": ctx.base_url()?,
        "api_version": ctx.api_version()?,
        "workspace": ctx.workspace_setting()?,
        "output": format!("{:?}", ctx.output_format()).to_lowercase(),
        "keyring": if keyring_disabled() { "off (SEG_NO_KEYRING)".to_string() } else {
            match Keyring.get(ctx.profile_name()) { Ok(_) => "available".into(), Err(e) => format!("unavailable: {e}") }
        },
    });
    let outcome = match token::resolve(ctx.global.token.as_ref(), ctx.global.token_file.as_deref(), ctx.profile_name())?
    {
        None => {
            report["token_source"] = Value::Null;
            Err(Error::NoToken)
        }
        Some(token) => {
            report["token_source"] = json!(token.source.to_string());
            match ctx.client_for(token.secret)?.send(&workspaces()).await {
                Ok(outcome) => {
                    let names: Vec<Value> = match outcome {
                        Outcome::Answer(page) => page.items.into_iter().map(|w| Value::String(w.name)).collect(),
                        Outcome::DryRun => Vec::new(),
                    };
                    report["token_works"] = json!(true);
                    report["workspaces"] = json!(names);
                    // The Config API does not say a token's scope to its bearer.
                    report["scope"] = json!("not reported by the service");
                    Ok(())
                }
                Err(e) => {
                    report["token_works"] = json!(false);
                    report["error"] = json!(e.to_string());
                    Err(e)
                }
            }
        }
    };
    if ctx.output_format() == Format::Table {
        let text: String = report
            .as_object()
            .into_iter()
            .flatten()
            .map(|(k, v)| format!("{k}: {}\n", v.as_str().map_or_else(|| v.to_string(), String::from)))
            .collect();
        ctx.printer.data(text.as_bytes())?;
    } else {
        ctx.output(crate::ui::table::ANY)?.value(&report)?;
    }
    outcome
}

/// The first page of workspaces: what a token reaches, and whether it works at all.
fn workspaces() -> Request<Page<Workspace>> {
    Request::list("workspaces")
}

/// Where the token goes: the keyring, or the file store when told to (`file_only`) or, when no keyring works,
/// only after `ask` says yes. Never silently to a file. Returns where it went, in words.
#[allow(clippy::too_many_arguments, reason = "each is one decision of the caller's")]
fn store_token(
    keyring: &dyn TokenStore,
    file: &FileStore,
    profile: &str,
    secret: &Secret,
    file_only: bool,
    gate: &Gate,
    printer: &crate::ui::Printer,
    ask: impl FnOnce(&str) -> Result<bool>,
) -> Result<String> {
    let in_file = || format!("the file store {} (mode 0600)", file.path.display());
    if file_only {
        file.set(gate, profile, secret)?;
        return Ok(in_file());
    }
    match keyring.set(gate, profile, secret) {
        Ok(()) => Ok("the OS keyring".to_string()),
        Err(e) => {
            printer.warn(&format!("no keyring works here ({e})"));
            if !ask(&format!("Store the token in {}, readable only by you?", file.path.display()))? {
                return Err(Error::usage(format!(
                    "the token was not stored; pass --insecure-storage to keep it in {} (mode 0600), or use SEG_TOKEN",
                    file.path.display()
                )));
            }
            file.set(gate, profile, secret)?;
            Ok(in_file())
        }
    }
}

fn logout(ctx: &Context) -> Result<()> {
    let profile = ctx.profile_name();
    let mut removed = Vec::new();
    if !keyring_disabled() && Keyring.delete(&ctx.gate, profile).unwrap_or(false) {
        removed.push("the OS keyring".to_string());
    }
    let file = FileStore::default_path()?;
    if file.delete(&ctx.gate, profile)? {
        removed.push(format!("the file store {}", file.path.display()));
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

    impl TokenStore for BrokenKeyring {
        fn name(&self) -> &'static str {
            "broken"
        }
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

    fn quiet() -> crate::ui::Printer {
        crate::ui::Printer::plain()
    }

    #[test]
    fn without_a_keyring_the_file_store_needs_consent() {
        let dir = tempfile::tempdir().unwrap();
        let file = FileStore { path: dir.path().join("credentials.toml") };
        let token = Secret::new("t0ken");
        let gate = Gate::new(false, quiet());
        // Refused (or no terminal to ask on): nothing stored, usage error.
        let err =
            store_token(&BrokenKeyring, &file, "default", &token, false, &gate, &quiet(), |_| Ok(false)).unwrap_err();
        assert_eq!(err.exit_code(), 2);
        assert!(err.to_string().contains("--insecure-storage"));
        assert_eq!(file.get("default").unwrap(), None);
        // Consent: stored in the file.
        let mut asked = String::new();
        let place = store_token(&BrokenKeyring, &file, "default", &token, false, &gate, &quiet(), |q| {
            asked = q.to_string();
            Ok(true)
        })
        .unwrap();
        assert!(asked.contains("readable only by you") && place.contains("file store"));
        assert_eq!(file.get("default").unwrap(), Some(token.clone()));
        // --insecure-storage: no question asked.
        store_token(&BrokenKeyring, &file, "ci", &token, true, &gate, &quiet(), |_| panic!("must not ask")).unwrap();
        assert_eq!(file.get("ci").unwrap(), Some(token));
    }
}
