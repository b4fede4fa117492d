//! The generated files checked in under `completions/` and `man/` (one page per command). A test regenerates them
//! and fails when the checked-in copies are stale.

use clap::CommandFactory;
use clap_complete::Shell;

pub const SHELLS: [(Shell, &str); 5] = [
    (Shell::Bash, "seg.bash"),
    (Shell::Zsh, "_seg"),
    (Shell::Fish, "seg.fish"),
    (Shell::PowerShell, "_seg.ps1"),
    (Shell::Elvish, "seg.elv"),
];

pub fn completion(shell: Shell) -> Vec<u8> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut super::Cli::command(), "seg", &mut out);
    out
}

/// Every completion script, as (file name, bytes).
pub fn completions() -> Vec<(String, Vec<u8>)> {
    SHELLS.iter().map(|(shell, file)| (file.to_string(), completion(*shell))).collect()
}

/// One man page per command and subcommand: `seg.1`, `seg-sources.1`, `seg-sources-list.1`, ...
pub fn man_pages() -> Vec<(String, Vec<u8>)> {
    fn walk(cmd: &clap::Command, name: String, path: String, out: &mut Vec<(String, Vec<u8>)>) {
        let page = cmd.clone().display_name(name.clone()).bin_name(path.clone());
        let man = clap_mangen::Man::new(page).manual("seg manual").source(concat!("seg ", env!("CARGO_PKG_VERSION")));
        let mut bytes = Vec::new();
        man.render(&mut bytes).expect("rendering to memory cannot fail");
        out.push((man.get_filename(), bytes));
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            walk(sub, format!("{name}-{}", sub.get_name()), format!("{path} {}", sub.get_name()), out);
        }
    }
    let mut root = super::Cli::command().disable_help_subcommand(true);
    root.build();
    let mut out = Vec::new();
    walk(&root, "seg".into(), "seg".into(), &mut out);
    out
}
