use std::path::PathBuf;

use reqwest::Method;
use serde_json::json;

use crate::api::client::Request;
use crate::cli::Context;
use crate::cli::args::read_object;
use crate::error::Result;
use crate::ui::table;

/// Create a tracking plan in the workspace (-w); its id (rs_...) is generated.
///
/// Sends POST /v1beta/workspaces/WS/tracking-plans with {"tracking_plan": {"display_name", "rules"}} and prints the
/// new plan, whose name holds the generated id. --rules reads a JSON object (`-` for stdin); a file that cannot be
/// read or is not a JSON object is a usage error (exit 2) and nothing is sent. --dry-run prints the request.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg -w acme tracking-plans create --display-name 'Main plan'
  seg -w acme tracking-plans create --display-name 'Main plan' --rules rules.json")]
pub struct Args {
    /// Display name
    #[arg(long, value_name = "D")]
    display_name: String,
    /// A JSON file with the rules object (`events`, `global`, `identify`, `group`; `-` for stdin)
    #[arg(long, value_name = "FILE")]
    rules: Option<PathBuf>,
}

pub async fn run(args: Args, ctx: &Context) -> Result<()> {
    let ws = ctx.workspace()?;
    let mut plan = json!({"display_name": args.display_name});
    if let Some(path) = &args.rules {
        plan["rules"] = serde_json::Value::Object(read_object(path)?);
    }
    let request = Request::with_json(Method::POST, format!("{ws}/tracking-plans"), &json!({"tracking_plan": plan}));
    ctx.show(request, table::TRACKING_PLANS).await
}
