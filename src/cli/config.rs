//! `seg config`: the settings of a profile in config.toml.

use super::Context;
use crate::config::profile::{self, KEYS};
use crate::error::{Error, Result};
use crate::ui::records::ProfileSettings;

/// Show and change the settings of a profile.
///
/// Show and change the settings of a profile (--profile, default `default`).
///
/// Keys: api, region, base_url, api_version, workspace, output, budget_url. A flag or its environment variable
/// beats the profile.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the profile's settings.
    ///
    /// Reads config.toml (in SEG_CONFIG_DIR, else $XDG_CONFIG_HOME/seg) and prints the keys the profile holds:
    /// `key = value` lines with -o table (the default on a terminal), the file's path on stderr; otherwise one object
    /// in the -o format (JSON in a pipe). Keys not set are left out, and flags or environment variables are not
    /// applied (`seg auth status` shows the settings in effect). A budget_url's password is masked.
    #[command(after_help = "Example:\n  seg config list --profile ci")]
    List,
    /// Print one setting's bare value (exit 1 when it is not set).
    ///
    /// Prints the profile's value of KEY and a newline, nothing else, for scripts: `url=$(seg config get base_url)`.
    /// Only config.toml is read, not flags or environment variables. A key that is not set exits 1; an unknown key
    /// exits 2. A budget_url is printed whole, password included: this is the one command that shows it.
    #[command(after_help = "Example:\n  seg config get base_url")]
    Get {
        /// api, region, base_url, api_version, workspace, output or budget_url
        key: String,
    },
    /// Set a setting.
    ///
    /// Writes KEY = VALUE into the profile (created when new) in config.toml, replacing the file atomically, mode
    /// 0600. The value is checked first: api config or public, region us or eu, base_url an http or https URL,
    /// api_version a path segment, workspace a slug, output one of table, json, ndjson, yaml, name, budget_url a
    /// redis:// or rediss:// URL. An invalid value or unknown key exits 2, changing nothing.
    #[command(
        after_help = "Examples:\n  seg config set base_url http://127.0.0.1:8808\n  seg config set workspace acme --profile local\n  seg config set api public --profile new\n  seg config set region eu --profile new"
    )]
    Set {
        /// api, region, base_url, api_version, workspace, output or budget_url
        key: String,
        value: String,
    },
    /// Remove a setting.
    ///
    /// Deletes KEY from the profile in config.toml, so the default applies again (unless a flag or environment
    /// variable gives one). Removing a key that is not set is not an error; an unknown key exits 2.
    #[command(after_help = "Example:\n  seg config unset workspace")]
    Unset {
        /// api, region, base_url, api_version, workspace, output or budget_url
        key: String,
    },
}

pub fn run(cmd: Command, ctx: &Context) -> Result<()> {
    let profile_name = ctx.profile_name();
    match cmd {
        Command::List => {
            let settings = ctx.settings()?;
            if ctx.for_people() {
                let text: String =
                    KEYS.iter().filter_map(|k| settings.profile.shown(k).map(|v| format!("{k} = {v}\n"))).collect();
                // Whose settings they are, before them (on stderr, so stdout stays the settings alone).
                ctx.printer.status(&format!("profile {profile_name} in {}", settings.path.display()));
                ctx.printer.data(text.as_bytes())
            } else {
                let record = ProfileSettings::of(|key| settings.profile.shown(key));
                ctx.output(crate::ui::table::ANY)?.document(&record)
            }
        }
        Command::Get { key } => {
            if !KEYS.contains(&key.as_str()) {
                return Err(profile::unknown_key(&key));
            }
            match ctx.settings()?.profile.get(&key) {
                Some(value) => ctx.printer.data_line(value),
                None => Err(Error::failed(format!("{key} is not set in profile {profile_name}"))),
            }
        }
        Command::Set { key, value } => {
            let path = profile::path()?;
            profile::update(&ctx.gate, &path, profile_name, &key, Some(&value))?;
            if !ctx.gate.is_dry_run() {
                ctx.printer.status(&format!("set {key} in profile {profile_name} ({})", path.display()));
            }
            Ok(())
        }
        Command::Unset { key } => {
            let path = profile::path()?;
            profile::update(&ctx.gate, &path, profile_name, &key, None)?;
            if !ctx.gate.is_dry_run() {
                ctx.printer.status(&format!("unset {key} in profile {profile_name}"));
            }
            Ok(())
        }
    }
}
