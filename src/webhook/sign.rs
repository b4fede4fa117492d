//! X-Signature: the lowercase hex HMAC-SHA1 of the exact body bytes, keyed by the UTF-8 bytes of the shared
//! secret (docs/WEBHOOKS.md, "Signature"). Comparison is constant-time on the decoded 20 bytes.

use hmac::{KeyInit, Mac};

type HmacSha1 = hmac::Hmac<sha1::Sha1>;

/// Length of a signature in hex.
pub const HEX_LEN: usize = 40;

/// An incremental signer, for bodies read in pieces (a 100 MB file signs in constant memory).
pub struct Signer(HmacSha1);

impl Signer {
    pub fn new(secret: &[u8]) -> Self {
        Signer(HmacSha1::new_from_slice(secret).expect("HMAC takes a key of any length"))
    }

    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    pub fn hex(self) -> String {
        hex::encode(self.0.finalize().into_bytes())
    }
}

pub fn sign(secret: &[u8], body: &[u8]) -> String {
    let mut signer = Signer::new(secret);
    signer.update(body);
    signer.hex()
}

/// Whether `signature` (40 hex characters, any case) is the HMAC of `body`; constant-time.
pub fn matches(secret: &[u8], body: &[u8], signature: &str) -> bool {
    let Some(expected) = decode(signature) else { return false };
    let mut mac = HmacSha1::new_from_slice(secret).expect("HMAC takes a key of any length");
    mac.update(body);
    mac.verify_slice(&expected).is_ok()
}

/// The 20 bytes of a 40-character hex signature.
pub fn decode(signature: &str) -> Option<[u8; 20]> {
    if signature.len() != HEX_LEN {
        return None;
    }
    let mut out = [0u8; 20];
    hex::decode_to_slice(signature, &mut out).ok()?;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/WEBHOOKS.md's test vector.
    pub const BODY: &str = r#"{"version":1,"type":"track","userId":"019mr8mf4r","event":"Purchased an Item","properties":{"revenue":"39.95","shippingMethod":"2-day"},"timestamp":"2012-12-02T00:30:08.276Z"}"#;

    #[test]
    fn test_vectors_of_webhooks_md() {
        assert_eq!(sign(b"teehee", BODY.as_bytes()), "6584c31d030ff167eca14a1042eb7e88c881b8e8");
        assert_eq!(sign(b"teehee\n", BODY.as_bytes()), "a88ae240be482bca23b017d0a505423e9982c957");
        let value: serde_json::Value = serde_json::from_str(BODY).unwrap();
        let pretty = serde_json::to_string_pretty(&value).unwrap();
        assert_eq!(sign(b"teehee", pretty.as_bytes()), "c7c1c63fd1ec3c309de7656a8eee934c790a2b69");
    }

    #[test]
    fn matching_is_exact_and_case_insensitive_on_hex() {
        let sig = sign(b"teehee", BODY.as_bytes());
        assert!(matches(b"teehee", BODY.as_bytes(), &sig));
        assert!(matches(b"teehee", BODY.as_bytes(), &sig.to_uppercase()));
        assert!(!matches(b"teehee", BODY.as_bytes(), &sig[..39]));
        assert!(!matches(b"teehee ", BODY.as_bytes(), &sig));
        assert!(!matches(b"teehee", format!("{BODY}\n").as_bytes(), &sig));
        assert!(!matches(b"teehee", BODY.as_bytes(), &format!("sha1={sig}")));
        assert!(!matches(b"teehee", BODY.as_bytes(), &"z".repeat(40)));
    }

    #[test]
    fn incremental_equals_one_shot() {
        let mut signer = Signer::new(b"k");
        for chunk in BODY.as_bytes().chunks(7) {
            signer.update(chunk);
        }
        assert_eq!(signer.hex(), sign(b"k", BODY.as_bytes()));
    }
}
