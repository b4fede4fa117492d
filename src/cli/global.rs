//! The global options of docs/reference/commands.md. Each has an environment variable; a flag beats its variable, and
//! both beat the profile and the default (resolved in `Context`). The token's flags have no clap `env`: their variables
//! are read by `config::token`, so that `--token-file` (a flag) beats `SEG_TOKEN` (a variable), and so that help
//! output can never show a token's value.

use std::path::PathBuf;
use std::time::Duration;

use clap::{ArgAction, Args};

use crate::secret::Secret;
use crate::ui::ColorChoice;
use crate::ui::output::Format;

pub const DEFAULT_BASE_URL: &str = crate::api::CONFIG_BASE_URL;
pub const DEFAULT_API_VERSION: &str = "v1beta";
pub const DEFAULT_RATE_LIMIT: u32 = 200;
pub const DEFAULT_MAX_RETRIES: u32 = 3;
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

#[derive(Debug, Args)]
#[command(next_help_heading = "Global options")]
pub struct GlobalArgs {
    /// Which API: config (/v1beta, the default) or public (api.segmentapis.com, where new tokens are)
    #[arg(
        long,
        global = true,
        env = "SEG_API",
        value_enum,
        value_name = "API",
        hide_env_values = true,
        hide_possible_values = true
    )]
    pub api: Option<crate::api::Api>,

    /// With --api public and no --base-url: the Public API's region, us or eu [default: us]
    #[arg(
        long,
        global = true,
        env = "SEG_REGION",
        value_enum,
        value_name = "R",
        hide_env_values = true,
        hide_possible_values = true
    )]
    pub region: Option<crate::api::Region>,

    /// Service address [default: https://platform.segmentapis.com; with --api public, by --region]
    #[arg(long, global = true, env = "SEG_BASE_URL", value_name = "URL", hide_env_values = true)]
    pub base_url: Option<String>,

    /// Config API path prefix [default: v1beta]; not with --api public
    #[arg(long, global = true, env = "SEG_API_VERSION", value_name = "V", hide_env_values = true)]
    pub api_version: Option<String>,

    /// Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`
    #[arg(long, global = true, value_name = "T")]
    pub token: Option<Secret>,

    /// Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]
    #[arg(long, global = true, value_name = "F")]
    pub token_file: Option<PathBuf>,

    /// Named settings in the config file [default: default]
    #[arg(long, global = true, env = "SEG_PROFILE", value_name = "P", hide_env_values = true)]
    pub profile: Option<String>,

    /// Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)
    #[arg(short = 'w', long = "workspace", global = true, env = "SEG_WORKSPACE", value_name = "W",
          hide_env_values = true, action = ArgAction::Append)]
    pub workspaces: Vec<String>,

    /// Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]
    #[arg(short = 'o', long, global = true, env = "SEG_OUTPUT", value_name = "F", value_parser = parse_format, hide_env_values = true)]
    pub output: Option<Format>,

    /// jq filter over the whole JSON result (strings print raw)
    #[arg(long, global = true, value_name = "EXPR")]
    pub jq: Option<String>,

    /// Print these fields of each resource, the same on both APIs (e.g. --json name,slug); alone, list the fields
    #[arg(long, global = true, value_name = "FIELDS", num_args = 0..=1, default_missing_value = "")]
    pub json: Option<String>,

    /// Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]
    #[arg(short = 'v', long = "verbose", global = true, action = ArgAction::Count)]
    pub verbose: u8,

    /// Change nothing: print each request that would change something as a JSON line on stdout (files and
    /// keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]
    #[arg(long, global = true, env = "SEG_DRY_RUN", hide_env = true,
          value_parser = clap::builder::FalseyValueParser::new())]
    pub dry_run: bool,

    /// Answer yes to confirmations (needed to delete without a terminal)
    #[arg(short = 'y', long, global = true)]
    pub yes: bool,

    /// When to use colour: auto, always, never [env: NO_COLOR turns auto off]
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "W")]
    pub color: ColorChoice,

    /// Client-side pacing: the token's requests per minute, beside each Public API operation's stated limit;
    /// 0 = every budget off [default: 200]
    #[arg(long, global = true, env = "SEG_RATE_LIMIT", value_name = "N", hide_env_values = true)]
    pub rate_limit: Option<u32>,

    /// Share the rate budget across machines through a Redis server: redis://[USER:PASSWORD@]HOST[:PORT][/DB]
    /// or rediss:// [env: SEG_BUDGET_URL]. Unreachable: the machine's budget (SEG_BUDGET_STRICT=1: exit 3);
    /// SEG_BUDGET_CACERT adds CAs for TLS. Shows in `ps`: prefer the variable
    #[arg(long, global = true, env = "SEG_BUDGET_URL", value_name = "URL", hide_env = true)]
    pub budget: Option<Secret>,

    /// Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]
    #[arg(long, global = true, value_name = "N")]
    pub max_retries: Option<u32>,

    /// Whether -w came from the command line (not SEG_WORKSPACE): only that redirects a workspace file.
    #[arg(skip)]
    pub workspace_from_flag: bool,

    /// Which of these came from the command line (not a variable): a flag that cannot apply is an error, a
    /// variable that cannot apply is ignored (docs/reference/commands.md, "Two APIs").
    #[arg(skip)]
    pub from_flag: FromFlag,

    /// Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and
    /// `listen --forward-to` use it for each POST [default: 5s, the service's]
    #[arg(long, global = true, value_name = "D", value_parser = crate::ui::parse_positive_duration)]
    pub timeout: Option<Duration>,
}

/// Global options given as flags on the command line.
#[derive(Debug, Clone, Copy, Default)]
pub struct FromFlag {
    pub base_url: bool,
    /// `-o`: with `--json`, `-o table` or `-o name` as a flag is an error, as a variable or setting ignored.
    pub output: bool,
    pub api_version: bool,
    pub region: bool,
    /// `--profile`: a profile with no settings is a warning when typed (a typo, most likely), not when SEG_PROFILE
    /// names it (CI names a profile for its stored token and gives the rest in variables).
    pub profile: bool,
}

fn parse_format(text: &str) -> Result<Format, String> {
    Format::parse(text).ok_or_else(|| format!("unknown output format {text:?}: use table, json, ndjson, yaml or name"))
}

impl GlobalArgs {
    /// The one workspace of `-w`; naming several is a usage error outside `seg serve`.
    pub fn workspace(&self) -> Result<Option<&str>, crate::error::Error> {
        match self.workspaces.as_slice() {
            [] => Ok(None),
            [one] => Ok(Some(one.as_str())),
            _ => Err(crate::error::Error::usage("-w/--workspace names one workspace here")),
        }
    }

    /// -v count, or SEG_DEBUG when no -v is given.
    pub fn verbosity(&self) -> u8 {
        if self.verbose > 0 {
            return self.verbose;
        }
        match std::env::var("SEG_DEBUG").ok().as_deref().map(str::trim) {
            Some("" | "0") | None => 0,
            Some("1") => 1,
            Some(_) => 2,
        }
    }
}
