//! Where settings and the token come from. Precedence: flag, then environment, then the profile, then the
//! default. The token: `--token`, `--token-file`, `SEG_TOKEN`, `SEG_TOKEN_FILE`, then what `seg auth login`
//! stored for the profile (keyring, then the file store).

pub mod credentials;
pub mod profile;
pub mod token;
