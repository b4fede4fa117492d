//! Where settings and the token come from. Precedence: flag, then environment, then the profile, then the
//! default. The token: `--token`, `--token-file`, `SEG_TOKEN`, `SEG_TOKEN_FILE`, in that order.

pub mod token;
