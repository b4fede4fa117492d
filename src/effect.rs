//! The one gate every side effect passes (docs/reference/commands.md, "Effects and `--dry-run`"): an HTTP request other
//! than GET/HEAD (API writes, webhook POSTs, `listen --forward-to`), a write to the config file, the credentials file
//! or the keyring, a file written. The gate knows `--dry-run`: then it says what it would do (a request as one JSON
//! line on stdout, with secrets masked as at `-vv`; a file or keyring entry as a line on stderr) and does nothing.
//! Reads always happen.
//!
//! The raw ways to act (sending a request, writing or renaming a file, writing the keyring) appear only in this
//! module: `clippy.toml` forbids them everywhere else, so no command can forget `--dry-run`.

#![allow(clippy::disallowed_methods, reason = "the one module allowed to perform effects")]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use reqwest::Method;
use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::secret::{self, Secret};
use crate::ui::Printer;

/// What became of a request that passed the gate.
#[derive(Debug)]
pub enum Sent {
    /// It was sent and this is the answer.
    Answer(reqwest::Response),
    /// `--dry-run`: it was described on stdout and not sent.
    Described,
}

/// A change to the OS keyring.
#[derive(Debug, Clone, Copy)]
pub enum KeyringWrite<'a> {
    Store(&'a Secret),
    Remove,
}

#[derive(Debug, Clone)]
pub struct Gate {
    dry_run: bool,
    printer: Printer,
    /// The first description that could not be printed (stdout closed or full): nothing more is described, and
    /// the command ends with this error (`cli::run`).
    unprinted: Arc<Mutex<Option<Error>>>,
}

impl Gate {
    /// The gate of a command: `dry_run` from `--dry-run` or `SEG_DRY_RUN=1`; descriptions go through `printer`.
    pub fn new(dry_run: bool, printer: Printer) -> Gate {
        Gate { dry_run, printer, unprinted: Arc::default() }
    }

    /// A gate that always acts (the emulator's own deliveries: `seg serve` refuses `--dry-run`).
    pub fn live() -> Gate {
        Gate::new(false, Printer::plain())
    }

    /// The error of a description that could not be printed, if one could not.
    pub fn unprinted(&self) -> Option<Error> {
        self.unprinted.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    pub fn is_dry_run(&self) -> bool {
        self.dry_run
    }

    /// Whether a request with this method would be sent: reads always, anything else unless `--dry-run`.
    pub fn sends(&self, method: &Method) -> bool {
        !self.dry_run || matches!(*method, Method::GET | Method::HEAD)
    }

    /// Sends a request, or under `--dry-run` describes it (unless it only reads). The error is the transport's,
    /// for the caller to classify. A description that cannot be printed is remembered ([`Gate::unprinted`]).
    pub async fn http(&self, client: &reqwest::Client, request: reqwest::Request) -> Result<Sent, reqwest::Error> {
        if self.sends(request.method()) {
            return client.execute(request).await.map(Sent::Answer);
        }
        let mut unprinted = self.unprinted.lock().unwrap_or_else(PoisonError::into_inner);
        if unprinted.is_none()
            && let Err(error) = crate::ui::json_line(&describe(&request)).and_then(|line| self.printer.data_line(&line))
        {
            *unprinted = Some(error);
        }
        Ok(Sent::Described)
    }

    /// Rewrites a file of seg's (config.toml, credentials.toml) as one step: under an exclusive lock, `edit` gets
    /// the current text (`None` when there is no file) and returns the new text (`None`: leave it as it is); the
    /// new text replaces the old atomically (written beside it, synced, renamed over it), readable by its owner
    /// only. Parallel writers queue on the lock, so none loses another's change. Under `--dry-run` `edit` still
    /// runs (so its checks still refuse a bad value) but nothing is written: a line on stderr names the file.
    pub fn rewrite<T>(
        &self,
        path: &Path,
        what: &str,
        edit: impl FnOnce(Option<&str>) -> Result<(Option<String>, T)>,
    ) -> Result<T> {
        let fail = |doing: &str, e: std::io::Error| Error::failed(format!("cannot {doing} {}: {e}", path.display()));
        if self.dry_run {
            let current = read_optional(path).map_err(|e| fail("read", e))?;
            let (new, value) = edit(current.as_deref())?;
            if new.is_some() {
                self.printer.status(&format!("dry run: would write {what} to {}", path.display()));
            }
            return Ok(value);
        }
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| fail("create the folder of", e))?;
        }
        let lock = lock_path(path);
        let lock = open_private(&lock, false).map_err(|e| fail("lock", e))?;
        lock.lock().map_err(|e| fail("lock", e))?;
        let current = read_optional(path).map_err(|e| fail("read", e))?;
        let (new, value) = edit(current.as_deref())?;
        if let Some(text) = new {
            replace(path, text.as_bytes()).map_err(|e| fail("write", e))?;
        }
        drop(lock);
        Ok(value)
    }

    /// Writes a file the user named (an export, a saved plan) without ever writing where a planted link points
    /// (docs/reference/commands.md, "Writing a file never replaces something that is not a regular file"): a standard
    /// stream named as such (`-`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`) is written through; nothing there or a
    /// regular file is replaced atomically, mode 0600 (written beside it and renamed over it: a link planted meanwhile
    /// is replaced, not followed); a FIFO is written through, opened without following a link; anything else (a
    /// symbolic link, a device, a folder) is refused (exit 2) and left as it was.
    ///
    /// The directories on the way are checked too: from the current directory down to the file, each must be a real
    /// directory, never a symbolic link (`plan/` committed as a link to `~/.config/seg` would put the file there).
    /// Directories above or outside the current directory (`/tmp`, itself a link on macOS; a home directory) are the
    /// machine's, not a checkout's, and are passed through.
    pub fn write_file(&self, path: &Path, what: &str, bytes: &[u8]) -> Result<()> {
        let shown = path.display();
        if path == Path::new("-") {
            return self.printer.data(bytes);
        }
        let cwd = std::env::current_dir().unwrap_or_default();
        if let Some(link) =
            linked_directory(path, &cwd).map_err(|e| Error::failed(format!("cannot write {shown}: {e}")))?
        {
            return Err(Error::usage(format!(
                "{shown}: the directory {} is a symbolic link; seg writes {what} only through real directories below \
                 the current directory: nothing was written",
                link.display()
            )));
        }
        let target = Target::of(path).map_err(|e| Error::failed(format!("cannot write {shown}: {e}")))?;
        if let Target::Refused(kind) = target {
            return Err(Error::usage(format!(
                "{shown} is {kind}; seg writes {what} only to a regular file, a FIFO or a standard stream (-, \
                 /dev/stdout): it was left as it was"
            )));
        }
        if self.dry_run {
            self.printer.status(&format!("dry run: would write {what} to {shown}"));
            return Ok(());
        }
        let written = match target {
            Target::Stream => std::fs::OpenOptions::new().write(true).open(path).and_then(|mut f| f.write_all(bytes)),
            Target::Fifo => open_fifo(path).and_then(|mut f| f.write_all(bytes)),
            Target::File => replace(path, bytes),
            Target::Refused(_) => unreachable!("refused above"),
        };
        written.map_err(|e| Error::failed(format!("cannot write {shown}: {e}")))
    }

    /// Makes sure a real folder is at `path` (the folder of files `write_file` writes next, such as an export's
    /// `functions/`): one there is kept, none is made (its parent must exist; under `--dry-run` a line on stderr names
    /// it and nothing is made); a symbolic link, even to a folder, or anything else is refused (exit 2) and left as
    /// it was, so nothing is written where a planted link points.
    pub fn folder(&self, path: &Path, what: &str) -> Result<()> {
        let shown = path.display();
        match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => Err(Error::usage(format!(
                "{shown} is a symbolic link; seg writes {what} only in a real folder: nothing was written there"
            ))),
            Ok(meta) if meta.is_dir() => Ok(()),
            Ok(_) => {
                Err(Error::usage(format!("{shown} is not a folder; seg writes {what} in it: it was left as it was")))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if self.dry_run {
                    self.printer.status(&format!("dry run: would make the folder {shown} for {what}"));
                    return Ok(());
                }
                std::fs::create_dir(path).map_err(|e| Error::failed(format!("cannot make the folder {shown}: {e}")))
            }
            Err(e) => Err(Error::failed(format!("cannot look at {shown}: {e}"))),
        }
    }

    /// Removes a file; whether there was one.
    pub fn remove_file(&self, path: &Path, what: &str) -> Result<bool> {
        if self.dry_run {
            let exists = path.exists();
            if exists {
                self.printer.status(&format!("dry run: would remove {what} {}", path.display()));
            }
            return Ok(exists);
        }
        match std::fs::remove_file(path) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(Error::failed(format!("cannot remove {}: {e}", path.display()))),
        }
    }

    /// Stores or removes a token in the OS keyring, on a blocking thread with a timeout (a wedged keyring daemon
    /// must not hang a command). For a removal, whether there was an entry.
    pub fn keyring(&self, service: &str, entry: &str, write: KeyringWrite<'_>) -> Result<bool> {
        if self.dry_run {
            let doing = match write {
                KeyringWrite::Store(_) => "store the token in",
                KeyringWrite::Remove => "remove the token from",
            };
            self.printer.status(&format!("dry run: would {doing} the OS keyring (service {service}, entry {entry})"));
            return Ok(true);
        }
        let (service, entry) = (service.to_string(), entry.to_string());
        match write {
            KeyringWrite::Store(secret) => {
                let secret = secret.clone();
                keyring_call(move || keyring::Entry::new(&service, &entry)?.set_password(secret.expose()))?;
                Ok(true)
            }
            KeyringWrite::Remove => {
                keyring_call(move || match keyring::Entry::new(&service, &entry)?.delete_credential() {
                    Ok(()) => Ok(true),
                    Err(keyring::Error::NoEntry) => Ok(false),
                    Err(e) => Err(e),
                })
            }
        }
    }
}

/// How long a keyring call may take: a wedged keyring daemon must not hang a command.
const KEYRING_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(3);

/// Runs a blocking keyring call (a write here; a read too, for `config::credentials`) on a thread of its own, with
/// a timeout.
pub fn keyring_call<T: Send + 'static>(call: impl FnOnce() -> keyring::Result<T> + Send + 'static) -> Result<T> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(call());
    });
    match rx.recv_timeout(KEYRING_TIMEOUT) {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(Error::failed(format!("keyring: {e}"))),
        Err(_) => Err(Error::failed(format!("keyring: no answer within {}", crate::ui::duration(KEYRING_TIMEOUT)))),
    }
}

/// Reads a file a workspace file names, at `relative` below `folder` (a function's code:
/// docs/reference/workspace-files.md), as a file from a stranger's pull request must be read: the path is
/// relative, with no `..` (it cannot leave `folder`); every folder on the way is a real folder and the file a
/// regular file (a symbolic link, which could point at a key outside, is never followed, and a FIFO, a socket or a
/// device is not opened for what it would do); at most `limit` bytes (a larger file is refused, and no more than
/// `limit` + 1 bytes are ever read). The error says which rule failed and the path as written, never a byte of
/// the file.
pub fn read_below(folder: &Path, relative: &str, limit: u64) -> std::result::Result<Vec<u8>, String> {
    use std::io::Read;
    use std::path::Component;
    let shown = crate::text::quoted(relative);
    if relative.is_empty() {
        return Err("an empty path: name a file below the workspace file's folder".to_string());
    }
    let mut names = Vec::new();
    for component in Path::new(relative).components() {
        match component {
            Component::CurDir => {}
            Component::Normal(name) => names.push(name),
            Component::ParentDir => {
                return Err(format!("{shown} climbs out with `..`: name a file below the workspace file's folder"));
            }
            Component::RootDir | Component::Prefix(_) => {
                return Err(format!("{shown} is absolute: name a file below the workspace file's folder"));
            }
        }
    }
    if names.is_empty() {
        return Err(format!("{shown} is the workspace file's folder, not a file"));
    }
    let mut path = folder.to_path_buf();
    for (at, name) in names.iter().enumerate() {
        path.push(name);
        let meta = std::fs::symlink_metadata(&path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => format!("{shown}: no such file"),
            kind => format!("{shown}: cannot be read: {kind}"),
        })?;
        if meta.file_type().is_symlink() {
            return Err(format!("{shown} goes through a symbolic link, which seg does not follow"));
        }
        if at + 1 < names.len() && !meta.is_dir() {
            return Err(format!("{shown}: a part of it is not a folder"));
        }
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW | libc::O_NONBLOCK);
    // Opened without following a link (one put in place since it was looked at) or waiting on a FIFO.
    let file = options.open(&path).map_err(|e| format!("{shown}: cannot be read: {}", e.kind()))?;
    let meta = file.metadata().map_err(|e| format!("{shown}: cannot be read: {}", e.kind()))?;
    if !meta.is_file() {
        let what = if meta.is_dir() { "a folder" } else { "not a regular file (a FIFO, a socket or a device)" };
        return Err(format!("{shown} is {what}"));
    }
    let too_large = || format!("{shown} is larger than {}", crate::ui::count(limit as usize, "byte"));
    if meta.len() > limit {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes).map_err(|e| format!("{shown}: cannot be read: {}", e.kind()))?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// seg's own bookkeeping: the shared rate budget's state, the names the Public API's adapter remembers, the completion
/// cache, the create locks and the `webhook listen` journal. Not an effect (ARCHITECTURE.md, "Where an effect
/// happens"), so `--dry-run` does not stop it, but its files are written here like every other, owner-only (files
/// 0600 in folders created 0700), and read here as untrusted (docs/reference/answers.md).
pub mod bookkeeping {
    use std::io::{Read, Seek, Write};
    use std::path::Path;

    use super::open_private;

    fn private_folder(path: &Path) -> std::io::Result<()> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            let mut folders = std::fs::DirBuilder::new();
            folders.recursive(true);
            #[cfg(unix)]
            std::os::unix::fs::DirBuilderExt::mode(&mut folders, 0o700);
            folders.create(parent)?;
        }
        Ok(())
    }

    /// Changes a small state file as one step: under an exclusive lock (the OS releases it if the process dies, so
    /// a crash never leaves it held), `update` gets the file's text (lossy when it is not UTF-8) and returns the new
    /// text, written in place, and a value. A file that does not exist yet is made holding `initial`, whole (as
    /// [`create`] does), so a reader never meets a new file empty: an empty one was left by a crash mid-write.
    ///
    /// The file is seg's own, so what is at its path is checked, not trusted: a symbolic link is never followed (a
    /// link planted to `~/.bashrc` must not be truncated; `O_NOFOLLOW`, and the reparse point itself on Windows),
    /// and a directory, a FIFO, a device or a file with other hard links is refused. The error says which, for the
    /// caller to report.
    pub fn update<T>(path: &Path, initial: &str, update: impl FnOnce(&str) -> (String, T)) -> std::io::Result<T> {
        private_folder(path)?;
        let mut file = open_state(path, initial.as_bytes())?;
        file.lock()?;
        // Under the lock: a new file's maker holds it until its temporary name is gone (`make_state`).
        let bytes = read_whole(&mut file)?;
        let (new, value) = update(&String::from_utf8_lossy(&bytes));
        // Owner-only whoever made it (the descriptor's own mode: no path is followed).
        #[cfg(unix)]
        file.set_permissions(std::os::unix::fs::PermissionsExt::from_mode(0o600))?;
        file.set_len(0)?;
        file.rewind()?;
        file.write_all(new.as_bytes())?;
        file.unlock()?;
        Ok(value)
    }

    /// The largest file seg keeps in its runtime folder (the names it remembers of a workspace of 100,000 sources
    /// take about 6 MiB); a larger one is no file of seg's.
    pub const MAX_STATE: u64 = 16 * 1024 * 1024;

    /// A file of seg's own read whole, as [`update`] reads it: one with other hard links, or larger than
    /// [`MAX_STATE`], is refused (the error says which), and no more than that is ever read.
    fn read_whole(file: &mut std::fs::File) -> std::io::Result<Vec<u8>> {
        let meta = file.metadata()?;
        #[cfg(unix)]
        if std::os::unix::fs::MetadataExt::nlink(&meta) > 1 {
            return Err(std::io::Error::other("it is a file with other hard links, which seg does not write through"));
        }
        if meta.len() > MAX_STATE {
            return Err(std::io::Error::other(format!(
                "it holds {}, more than any file seg keeps ({} MiB)",
                crate::ui::count(usize::try_from(meta.len()).unwrap_or(usize::MAX), "byte"),
                MAX_STATE >> 20
            )));
        }
        let mut bytes = Vec::new();
        file.take(MAX_STATE + 1).read_to_end(&mut bytes)?;
        if bytes.len() as u64 > MAX_STATE {
            return Err(std::io::Error::other(format!("it grew past {} MiB as seg read it", MAX_STATE >> 20)));
        }
        Ok(bytes)
    }

    /// Reads a small file of seg's own (the names it remembers, a completion cache) as [`update`] checks one, with
    /// no lock and no write: `None` when there is none. What is at its path is not trusted: a symbolic link is not
    /// followed, a FIFO is not waited on, and a directory, a device, a file with other hard links or one larger than
    /// [`MAX_STATE`] is refused, the error saying which (the caller says it and starts afresh).
    pub fn read(path: &Path) -> std::io::Result<Option<String>> {
        let mut options = std::fs::OpenOptions::new();
        options.read(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW | libc::O_NONBLOCK);
        #[cfg(windows)]
        std::os::windows::fs::OpenOptionsExt::custom_flags(&mut options, 0x0020_0000);
        let refused = |what: &str| Err(std::io::Error::other(format!("it is {what}")));
        let mut file = match options.open(path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return match std::fs::symlink_metadata(path) {
                    Ok(meta) if meta.file_type().is_symlink() => refused("a symbolic link, which seg does not follow"),
                    Ok(meta) if meta.is_dir() => refused("a directory"),
                    _ => Err(e),
                };
            }
        };
        let meta = file.metadata()?;
        if meta.file_type().is_symlink() {
            return refused("a symbolic link, which seg does not follow");
        }
        if !meta.is_file() {
            return refused(if meta.is_dir() { "a directory" } else { "not a regular file" });
        }
        Ok(Some(String::from_utf8_lossy(&read_whole(&mut file)?).into_owned()))
    }

    /// Takes the lock of a file of seg's own without waiting (made empty when missing, checked as [`update`] checks
    /// a state file): the file, held until it is dropped (or the process ends), or `None` while another holds it,
    /// another process or another task of this one (each open is its own).
    pub fn try_hold(path: &Path) -> std::io::Result<Option<std::fs::File>> {
        private_folder(path)?;
        let file = open_state(path, b"")?;
        match file.try_lock() {
            Ok(()) => Ok(Some(file)),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(e)) => Err(e),
        }
    }

    /// Opens a state file for reading and writing, making it with `initial` when there is none.
    fn open_state(path: &Path, initial: &[u8]) -> std::io::Result<std::fs::File> {
        let mut options = std::fs::OpenOptions::new();
        options.read(true).write(true);
        // No link is followed; O_NONBLOCK: opening a FIFO must not wait for a writer (it is then refused below).
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW | libc::O_NONBLOCK);
        // FILE_FLAG_OPEN_REPARSE_POINT: a link is opened as itself, then refused as not a regular file.
        #[cfg(windows)]
        std::os::windows::fs::OpenOptionsExt::custom_flags(&mut options, 0x0020_0000);
        let refused = |what: &str| Err(std::io::Error::other(format!("it is {what}")));
        const LINK: &str = "a symbolic link, which seg does not follow";
        // Made when missing, then opened: twice at most, in case another process removes it in between.
        let mut tries = 0;
        let file = loop {
            match options.open(path) {
                Ok(file) => break file,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound && tries < 2 => {
                    tries += 1;
                    make_state(path, initial)?;
                }
                Err(e) => {
                    return match std::fs::symlink_metadata(path) {
                        Ok(meta) if meta.file_type().is_symlink() => refused(LINK),
                        Ok(meta) if meta.is_dir() => refused("a directory"),
                        _ => Err(e),
                    };
                }
            }
        };
        let meta = file.metadata()?;
        if meta.file_type().is_symlink() {
            return refused(LINK);
        }
        if !meta.is_file() {
            return refused(if meta.is_dir() { "a directory" } else { "not a regular file" });
        }
        Ok(file)
    }

    /// Makes a state file holding `initial`, unless another process just made it: written under a temporary name,
    /// locked, linked into place, and unlocked only once the temporary name is gone, so that whoever opens it
    /// meanwhile waits for the lock and then finds it whole, with one link.
    fn make_state(path: &Path, initial: &[u8]) -> std::io::Result<()> {
        let temp = temporary(path);
        let mut file = open_private(&temp, true)?;
        let linked = (|| {
            file.write_all(initial)?;
            file.lock()?;
            std::fs::hard_link(&temp, path)
        })();
        let _ = std::fs::remove_file(&temp);
        drop(file);
        match linked {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
            // A file system without hard links: made in place (a reader may then find it empty, once).
            Err(_) => create(path, initial).map(drop),
        }
    }

    fn temporary(path: &Path) -> std::path::PathBuf {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        path.with_file_name(format!(".{name}.{}.{:08x}.tmp", std::process::id(), rand::random::<u32>()))
    }

    /// Creates a file that must not exist yet (`Ok(false)` when it does: another writer took the name). A reader
    /// never sees it half written: it is written beside it, then linked into place. A write that fails (a full
    /// disk, a file size limit) leaves nothing behind, under either name.
    pub fn create(path: &Path, bytes: &[u8]) -> std::io::Result<bool> {
        private_folder(path)?;
        let temp = temporary(path);
        let written = open_private(&temp, true).and_then(|mut file| file.write_all(bytes));
        let linked = written.map(|()| std::fs::hard_link(&temp, path));
        let _ = std::fs::remove_file(&temp);
        match linked {
            // Not written: nothing to link, nothing to try in place.
            Err(e) => Err(e),
            Ok(Ok(())) => Ok(true),
            Ok(Err(e)) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
            // A file system without hard links: create the file in place, still never over another, and removed
            // again when it cannot be written whole.
            Ok(Err(_)) => {
                let mut options = std::fs::OpenOptions::new();
                options.write(true).create_new(true);
                #[cfg(unix)]
                std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
                match options.open(path) {
                    Ok(mut file) => match file.write_all(bytes) {
                        Ok(()) => Ok(true),
                        Err(e) => {
                            drop(file);
                            let _ = std::fs::remove_file(path);
                            Err(e)
                        }
                    },
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
                    Err(e) => Err(e),
                }
            }
        }
    }

    /// Removes a file; `Ok(false)` when there was none.
    pub fn remove(path: &Path) -> std::io::Result<bool> {
        match std::fs::remove_file(path) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(e),
        }
    }
}

/// A request as `--dry-run` shows it: `{"method","url","headers","body"}`, credentials and config secrets masked.
fn describe(request: &reqwest::Request) -> Value {
    let headers: Vec<(&str, &str)> =
        request.headers().iter().filter_map(|(k, v)| Some((k.as_str(), v.to_str().ok()?))).collect();
    let headers: Map<String, Value> = secret::redact_headers(headers)
        .into_iter()
        .map(|(name, value)| (canonical(&name), Value::String(value)))
        .collect();
    let body = match request.body().and_then(reqwest::Body::as_bytes) {
        None | Some([]) => Value::Null,
        Some(bytes) => match serde_json::from_slice::<Value>(bytes) {
            Ok(mut json) => {
                secret::redact_body(&mut json);
                json
            }
            Err(_) => Value::String(String::from_utf8_lossy(bytes).into_owned()),
        },
    };
    let mut out = Map::new();
    out.insert("method".into(), Value::String(request.method().to_string()));
    // reqwest moves a URL's credentials to an Authorization header (masked above); a URL built otherwise keeps them.
    out.insert("url".into(), Value::String(secret::redact_urls(request.url().as_str()).into_owned()));
    out.insert("headers".into(), Value::Object(headers));
    out.insert("body".into(), body);
    Value::Object(out)
}

/// `content-type` as people write it: `Content-Type`.
fn canonical(name: &str) -> String {
    name.split('-')
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// What a path names, for [`Gate::write_file`].
enum Target {
    /// A standard stream named as such: written through.
    Stream,
    /// Nothing, or a regular file: replaced.
    File,
    /// A named pipe: written through.
    Fifo,
    /// Anything else, with what it is.
    Refused(&'static str),
}

impl Target {
    fn of(path: &Path) -> std::io::Result<Target> {
        let text = path.to_str().unwrap_or_default();
        let fd = text.strip_prefix("/dev/fd/").is_some_and(|n| n.parse::<u32>().is_ok());
        if cfg!(unix) && (matches!(text, "/dev/stdout" | "/dev/stderr") || fd) {
            return Ok(Target::Stream);
        }
        let meta = match std::fs::symlink_metadata(path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Target::File),
            Err(e) => return Err(e),
        };
        let kind = meta.file_type();
        #[cfg(unix)]
        if std::os::unix::fs::FileTypeExt::is_fifo(&kind) {
            return Ok(Target::Fifo);
        }
        Ok(if kind.is_file() {
            Target::File
        } else if kind.is_symlink() {
            Target::Refused("a symbolic link")
        } else if kind.is_dir() {
            Target::Refused("a folder")
        } else {
            Target::Refused("a device or socket")
        })
    }
}

/// The first directory of `path` that is a symbolic link, among those from `cwd` (the current directory) down to the
/// file: every directory of a relative path until it climbs above `cwd` with `..`, the directories of an absolute
/// path below `cwd`. The file itself is [`Target::of`]'s to judge; a directory that does not exist yet is made real.
fn linked_directory(path: &Path, cwd: &Path) -> std::io::Result<Option<PathBuf>> {
    use std::path::Component;
    let below: Vec<Component> = if path.is_absolute() {
        match path.strip_prefix(cwd) {
            Ok(rest) if !cwd.as_os_str().is_empty() => rest.components().collect(),
            _ => return Ok(None),
        }
    } else {
        path.components().collect()
    };
    let directories = &below[..below.len().saturating_sub(1)];
    let mut walked = cwd.to_path_buf();
    let mut depth = 0usize;
    for component in directories {
        match component {
            Component::CurDir => continue,
            Component::ParentDir if depth == 0 => return Ok(None),
            Component::ParentDir => {
                depth -= 1;
                walked.push("..");
                continue;
            }
            Component::Normal(name) => {
                depth += 1;
                walked.push(name);
            }
            Component::RootDir | Component::Prefix(_) => return Ok(None),
        }
        match std::fs::symlink_metadata(&walked) {
            Ok(meta) if meta.file_type().is_symlink() => return Ok(Some(walked)),
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        }
    }
    Ok(None)
}

/// Opens a FIFO for writing, refusing a link that took its place since it was looked at.
fn open_fifo(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW);
    options.open(path)
}

fn read_optional(path: &Path) -> std::io::Result<Option<String>> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// `.config.toml.lock` beside `config.toml`: a file of its own, since the file itself is replaced by a rename.
fn lock_path(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(format!(".{name}.lock"))
}

fn open_private(path: &Path, truncate: bool) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true).create(true).truncate(truncate);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

/// Replaces a file's content atomically: a temporary file of this process beside it, written, synced and renamed
/// over it. Owner-only (0600) on Unix; on Windows the file inherits the ACL of the user's profile folder.
fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temp = path.with_file_name(format!(".{name}.{}.{:08x}.tmp", std::process::id(), rand::random::<u32>()));
    let written = (|| {
        let mut file = open_private(&temp, true)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        #[cfg(unix)]
        std::fs::set_permissions(&temp, std::os::unix::fs::PermissionsExt::from_mode(0o600))?;
        std::fs::rename(&temp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gate(dry_run: bool) -> Gate {
        Gate::new(dry_run, Printer::plain())
    }

    #[test]
    fn rewrite_is_atomic_private_and_checks_under_dry_run() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("config.toml");
        let wrote = gate(false).rewrite(&path, "the config", |old| Ok((Some(format!("{}a\n", old.unwrap_or(""))), 1)));
        assert_eq!(wrote.unwrap(), 1);
        gate(false).rewrite(&path, "the config", |old| Ok((Some(format!("{}b\n", old.unwrap())), ()))).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "a\nb\n");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
        // Dry run: the edit runs (and may refuse), nothing is written.
        let seen = gate(true).rewrite(&path, "the config", |old| Ok((Some("changed".into()), old.map(String::from))));
        assert_eq!(seen.unwrap().as_deref(), Some("a\nb\n"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "a\nb\n");
        let refused = gate(true)
            .rewrite(&path, "the config", |_| -> Result<(Option<String>, ())> { Err(Error::usage("bad value")) });
        assert_eq!(refused.unwrap_err().exit_code(), 2);
        // No temporary file is left behind.
        let left: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }

    #[test]
    fn parallel_rewrites_keep_every_change() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("counts.txt");
        std::thread::scope(|scope| {
            for i in 0..16 {
                let path = &path;
                scope.spawn(move || {
                    gate(false)
                        .rewrite(path, "counts", |old| Ok((Some(format!("{}{i}\n", old.unwrap_or(""))), ())))
                        .unwrap();
                });
            }
        });
        let mut lines: Vec<u32> = std::fs::read_to_string(&path).unwrap().lines().map(|l| l.parse().unwrap()).collect();
        lines.sort();
        assert_eq!(lines, (0..16).collect::<Vec<_>>());
    }

    #[test]
    fn bookkeeping_never_writes_over_another_file_and_writes_privately() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("journal").join("1.json");
        assert!(bookkeeping::create(&path, b"one").unwrap(), "a new file");
        assert!(!bookkeeping::create(&path, b"two").unwrap(), "an existing file is kept");
        assert_eq!(std::fs::read(&path).unwrap(), b"one");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!((mode(&path), mode(path.parent().unwrap())), (0o600, 0o700));
        }
        let names: Vec<_> =
            std::fs::read_dir(path.parent().unwrap()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["1.json"], "no temporary file is left behind");
        assert!(bookkeeping::remove(&path).unwrap() && !path.exists());
        assert!(!bookkeeping::remove(&path).unwrap());
    }

    #[test]
    fn state_files_are_made_whole_and_shared_under_a_lock() {
        for _ in 0..20 {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("state").join("budget-x");
            // Processes starting together on a new file: each finds it whole, with one link, and none loses another's
            // change.
            std::thread::scope(|scope| {
                for _ in 0..8 {
                    scope.spawn(|| {
                        bookkeeping::update(&path, "0", |text| {
                            let n: u32 = text.parse().unwrap_or_else(|_| panic!("a state not whole: {text:?}"));
                            ((n + 1).to_string(), ())
                        })
                        .unwrap();
                    });
                }
            });
            assert_eq!(std::fs::read_to_string(&path).unwrap(), "8");
            let names: Vec<_> =
                std::fs::read_dir(path.parent().unwrap()).unwrap().map(|e| e.unwrap().file_name()).collect();
            assert_eq!(names, ["budget-x"], "no temporary file is left behind");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_named_file_is_replaced_only_when_regular_and_a_link_is_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let secret = dir.path().join("credentials.toml");
        std::fs::write(&secret, "token = \"t0ken\"\n").unwrap();
        let link = dir.path().join("plan.json");
        std::os::unix::fs::symlink(&secret, &link).unwrap();
        for dry_run in [false, true] {
            let err = gate(dry_run).write_file(&link, "the plan", b"{}").unwrap_err();
            assert_eq!(err.exit_code(), 2, "{err}");
            assert!(err.to_string().contains("symbolic link") && !err.to_string().contains("t0ken"), "{err}");
        }
        assert_eq!(std::fs::read_to_string(&secret).unwrap(), "token = \"t0ken\"\n", "the link's target is untouched");
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is left as it was");
        let folder = dir.path().join("folder");
        std::fs::create_dir(&folder).unwrap();
        assert!(gate(false).write_file(&folder, "the plan", b"{}").unwrap_err().to_string().contains("a folder"));
        assert!(
            gate(false)
                .write_file(Path::new("/dev/null"), "the plan", b"{}")
                .unwrap_err()
                .to_string()
                .contains("device")
        );
        // A regular file is replaced; a FIFO is written through.
        let file = dir.path().join("out.json");
        std::fs::write(&file, "old").unwrap();
        gate(false).write_file(&file, "the plan", b"new").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
        let fifo = dir.path().join("fifo");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        let reader = std::thread::spawn({
            let fifo = fifo.clone();
            move || std::fs::read(fifo).unwrap()
        });
        gate(false).write_file(&fifo, "the plan", b"through").unwrap();
        assert_eq!(reader.join().unwrap(), b"through");
    }

    #[cfg(unix)]
    #[test]
    fn a_directory_on_the_way_below_the_current_one_is_never_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let (cwd, elsewhere) = (dir.path().join("checkout"), dir.path().join("elsewhere"));
        std::fs::create_dir_all(cwd.join("real/deeper")).unwrap();
        std::fs::create_dir(&elsewhere).unwrap();
        std::os::unix::fs::symlink(&elsewhere, cwd.join("linkdir")).unwrap();
        std::os::unix::fs::symlink(&elsewhere, cwd.join("real/inner")).unwrap();
        let found = |path: &str| linked_directory(Path::new(path), &cwd).unwrap().map(|p| p.display().to_string());
        let absolute = |rest: &str| cwd.join(rest).display().to_string();
        for (path, link) in [
            ("linkdir/out.yaml", Some(absolute("linkdir"))),
            ("./linkdir/sub/out.yaml", Some(absolute("linkdir"))),
            ("real/inner/out.yaml", Some(absolute("real/inner"))),
            ("real/deeper/../inner/out.yaml", Some(absolute("real/deeper/../inner"))),
            (&absolute("linkdir/out.yaml"), Some(absolute("linkdir"))),
            ("real/deeper/out.yaml", None),
            ("new/dirs/out.yaml", None),
            ("out.yaml", None),
            // The file itself is Target's to judge; above or outside the current directory is the machine's.
            ("linkdir", None),
            ("../elsewhere/out.yaml", None),
            (&elsewhere.join("out.yaml").display().to_string(), None),
        ] {
            assert_eq!(found(path), link, "{path}");
        }
    }

    #[test]
    fn dry_run_writes_no_file_and_describes_requests() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("export.yaml");
        gate(true).write_file(&path, "the export", b"x").unwrap();
        assert!(!path.exists());
        gate(false).write_file(&path, "the export", b"x").unwrap();
        assert!(gate(true).remove_file(&path, "the file").unwrap() && path.exists());
        assert!(gate(false).remove_file(&path, "the file").unwrap() && !path.exists());

        crate::init_tls();
        let client = reqwest::Client::new();
        let request = client
            .patch("http://127.0.0.1:1/v1beta/x")
            .bearer_auth("t0ken-value")
            .header("content-type", "application/json")
            .body(r#"{"destination":{"config":[{"name":"d/config/sharedSecret","value":"s3cret"}]}}"#)
            .build()
            .unwrap();
        let described = describe(&request);
        assert_eq!(described["method"], "PATCH");
        assert_eq!(described["headers"]["Authorization"], "Bearer (redacted)");
        assert_eq!(described["headers"]["Content-Type"], "application/json");
        assert_eq!(described["body"]["destination"]["config"][0]["value"], secret::REDACTED);
        assert!(gate(true).sends(&Method::GET) && !gate(true).sends(&Method::POST) && gate(false).sends(&Method::POST));
    }
}
