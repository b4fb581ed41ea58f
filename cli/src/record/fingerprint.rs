//! The schedule fingerprint: 64-bit FNV-1a of everything that fixes a tournament's games
//! (rules, openings, players, format, rounds, clock, adjudication, SPRT), written in every
//! record file's header so that shards, resumes and merges of different tournaments are
//! told apart (docs/game-record.md). FNV-1a is defined byte by byte, so the value is the same
//! on every machine and build; it guards against mistakes, not against forgery.

/// FNV-1a's 64-bit offset basis.
const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
/// FNV-1a's 64-bit prime.
const PRIME: u64 = 0x0000_0100_0000_01b3;
/// Written before the fields, so that a change of what is hashed changes every value.
const VERSION: &str = "halma-schedule/1";

/// The fingerprint of `fields` (name, value), in order, as 16 lowercase hex digits. Each
/// field is hashed as `name=value` and a 0 byte (no value holds a 0 byte: command-line text
/// cannot), so no two field lists hash the same text.
pub fn fingerprint<'a>(fields: impl IntoIterator<Item = (&'a str, String)>) -> String {
    let mut hash = OFFSET;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash = (hash ^ u64::from(b)).wrapping_mul(PRIME);
        }
    };
    eat(VERSION.as_bytes());
    eat(&[0]);
    for (name, value) in fields {
        eat(name.as_bytes());
        eat(b"=");
        eat(value.as_bytes());
        eat(&[0]);
    }
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_of_known_bytes_and_every_field_counts() {
        // FNV-1a 64 of the empty input is its offset basis; of "a" a published value.
        let mut h = OFFSET;
        for &b in b"a" {
            h = (h ^ u64::from(b)).wrapping_mul(PRIME);
        }
        assert_eq!(h, 0xaf63_dc4c_8601_ec8c);
        let base = fingerprint([("rules", "halma8".to_string()), ("rounds", "2".into())]);
        assert_eq!(base.len(), 16);
        assert_eq!(
            base,
            fingerprint([("rules", "halma8".to_string()), ("rounds", "2".into())])
        );
        assert_ne!(
            base,
            fingerprint([("rules", "halma8".to_string()), ("rounds", "3".into())])
        );
        assert_ne!(
            base,
            fingerprint([("rounds", "2".to_string()), ("rules", "halma8".into())])
        );
    }
}
