//! A function's code in a workspace file: `code: PATH`, a file below the workspace file's folder
//! (docs/reference/workspace-files.md, "Functions"). A file and its code may come from a stranger's pull request, so the
//! path is read as [`effect::read_below`] reads one (relative, no `..`, no link, FIFO or device on the way, at most
//! [`MAX_CODE`]), the text must be UTF-8, and nothing seg says about it quotes it: a plan shows a code change as its
//! size and hash ([`Code::summary`]), and a saved plan carries the hash, so `apply --plan` refuses a file changed
//! since (`Code::sha256`).

use std::path::Path;

use sha2::Digest;

/// The largest code file seg reads: 1 MiB.
pub const MAX_CODE: u64 = 1024 * 1024;

/// A function's code as read, with its SHA-256 (lowercase hex).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Code {
    pub text: String,
    pub sha256: String,
}

impl Code {
    /// The code of the file at `relative` below `folder`; the error names the rule it breaks, never its content.
    pub fn read(folder: &Path, relative: &str) -> Result<Code, String> {
        let bytes = crate::effect::read_below(folder, relative, MAX_CODE)?;
        let text = String::from_utf8(bytes).map_err(|e| {
            format!("{} is not UTF-8 text (at byte {})", crate::text::quoted(relative), e.utf8_error().valid_up_to())
        })?;
        Ok(Code::of(text))
    }

    /// Code as the service holds it.
    pub fn of(text: String) -> Code {
        let sha256 = hex::encode(sha2::Sha256::digest(text.as_bytes()));
        Code { text, sha256 }
    }

    /// Its lines, as an editor counts them (a last line without a newline counts).
    pub fn lines(&self) -> usize {
        self.text.lines().count()
    }

    /// What a plan shows of it: `N lines, sha256 HEX`.
    pub fn summary(&self) -> String {
        format!("{}, sha256 {}", crate::ui::count(self.lines(), "line"), self.sha256)
    }
}

#[cfg(test)]
#[allow(clippy::disallowed_methods, reason = "tests plant what a workspace's folder may hold, not seg's effects")]
mod tests {
    use super::*;

    fn folder() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("functions/enrich")).unwrap();
        std::fs::write(
            dir.path().join("functions/enrich/index.js"),
            "async function onTrack(event) {\n  return event\n}\n",
        )
        .unwrap();
        dir
    }

    #[test]
    fn a_file_below_the_folder_is_read_with_its_hash_and_lines() {
        let dir = folder();
        let code = Code::read(dir.path(), "functions/enrich/index.js").unwrap();
        assert_eq!(code.lines(), 3);
        assert_eq!(code, Code::read(dir.path(), "./functions/./enrich/index.js").unwrap());
        // sha256 of the exact bytes, as `sha256sum` prints it.
        assert_eq!(
            code.sha256,
            hex::encode(sha2::Sha256::digest(b"async function onTrack(event) {\n  return event\n}\n"))
        );
        assert_eq!(code.summary(), format!("3 lines, sha256 {}", code.sha256));
        assert_eq!(Code::of("one".into()).summary(), format!("1 line, sha256 {}", Code::of("one".into()).sha256));
    }

    #[test]
    fn a_path_that_leaves_the_folder_or_names_no_file_is_refused() {
        let dir = folder();
        let refused = |path: &str| Code::read(dir.path(), path).unwrap_err();
        assert!(refused("../x.js").contains("climbs out with `..`"), "{}", refused("../x.js"));
        assert!(refused("functions/../../x.js").contains("climbs out"));
        // Even one that would come back in: a path is read as written.
        assert!(refused("functions/../functions/enrich/index.js").contains("climbs out"));
        assert!(refused("/etc/passwd").contains("is absolute"));
        assert!(refused("").contains("an empty path"));
        assert!(refused(".").contains("is the workspace file's folder, not a file"));
        assert!(refused("functions/enrich").contains("is a folder"));
        assert!(refused("functions/nothing.js").contains("no such file"));
        assert!(refused("functions/enrich/index.js/x").contains("not a folder"));
    }

    #[cfg(unix)]
    #[test]
    fn links_fifos_and_devices_are_never_read() {
        let dir = folder();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("key"), "PRIVATE KEY").unwrap();
        std::os::unix::fs::symlink(outside.path().join("key"), dir.path().join("link.js")).unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("linked")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("functions"), dir.path().join("inner")).unwrap();
        for path in ["link.js", "linked/key", "inner/enrich/index.js"] {
            let error = Code::read(dir.path(), path).unwrap_err();
            assert!(error.contains("symbolic link"), "{path}: {error}");
            assert!(!error.contains("PRIVATE"), "{error}");
        }
        let fifo = dir.path().join("fifo.js");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        // Not waited on: a reader that opened it for reading would hang here.
        assert!(Code::read(dir.path(), "fifo.js").unwrap_err().contains("not a regular file"));
        if Path::new("/dev/null").exists() {
            let error = Code::read(Path::new("/"), "dev/null").unwrap_err();
            assert!(error.contains("not a regular file"), "{error}");
        }
    }

    #[test]
    fn a_file_over_a_mebibyte_or_not_utf8_is_refused_without_its_content() {
        let dir = folder();
        std::fs::write(dir.path().join("big.js"), vec![b'a'; MAX_CODE as usize + 1]).unwrap();
        std::fs::write(dir.path().join("limit.js"), vec![b'a'; MAX_CODE as usize]).unwrap();
        std::fs::write(dir.path().join("binary.js"), b"ok\xff\xfeSECRET").unwrap();
        assert!(Code::read(dir.path(), "big.js").unwrap_err().contains("larger than 1048576 bytes"));
        assert_eq!(Code::read(dir.path(), "limit.js").unwrap().text.len(), MAX_CODE as usize);
        let error = Code::read(dir.path(), "binary.js").unwrap_err();
        assert_eq!(error, "\"binary.js\" is not UTF-8 text (at byte 2)");
    }
}
