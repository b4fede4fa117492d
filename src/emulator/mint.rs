//! What the emulator makes up: times as the service writes them and ids of each shape the two APIs show
//! (docs/reference/public-api.md, "IDs, slugs, secrets"). One place, so the stores, the front doors and the outbox
//! agree.

use rand::RngExt;
use rand::distr::Alphanumeric;

/// RFC 3339 UTC with milliseconds, as the service writes times.
pub fn now() -> String {
    format!("{:.3}", jiff::Timestamp::now())
}

/// `len` letters and digits (base62).
pub fn random_id(len: usize) -> String {
    rand::rng().sample_iter(Alphanumeric).take(len).map(char::from).collect()
}

/// `len` lowercase hexadecimal digits.
pub fn random_hex(len: usize) -> String {
    let mut rng = rand::rng();
    (0..len).map(|_| char::from_digit(rng.random_range(0..16), 16).unwrap_or('0')).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_have_milliseconds() {
        let t = now();
        assert_eq!(t.len(), "2018-08-08T13:24:02.651Z".len(), "{t}");
        assert!(t.ends_with('Z'));
    }

    #[test]
    fn ids_have_their_shapes() {
        let id = random_id(22);
        assert!(id.len() == 22 && id.bytes().all(|b| b.is_ascii_alphanumeric()), "{id}");
        let hex = random_hex(24);
        assert!(hex.len() == 24 && hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)), "{hex}");
    }
}
