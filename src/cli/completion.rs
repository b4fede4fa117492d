//! `seg completion`: shell completion scripts.

use clap_complete::Shell;

use super::Context;
use crate::error::Result;

/// Print a completion script for a shell.
///
/// Writes the script for bash, zsh, fish, powershell or elvish to stdout; it completes commands, flags and their
/// fixed values. Needs no token and sends nothing. Save it where your shell loads completions (see the examples),
/// then start a new shell.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  seg completion bash > ~/.local/share/bash-completion/completions/seg
  seg completion zsh > \"${fpath[1]}/_seg\"
  seg completion fish > ~/.config/fish/completions/seg.fish
The same scripts are in the repository's completions/ folder.")]
pub struct Args {
    /// bash, zsh, fish, powershell or elvish
    shell: Shell,
}

pub fn run(args: Args, ctx: &Context) -> Result<()> {
    ctx.printer.data(&super::generate::completion(args.shell))
}
