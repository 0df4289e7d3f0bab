//! Secrets and ids from the operating system's random source: game ids to
//! share in a link, seat tokens (160 random bits), and the hash under which a
//! token is stored (the token itself is never stored nor logged).

use sha2::{Digest, Sha256};

const ID_ALPHABET: &[u8] = b"23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";
/// Game ids: 10 characters of 56 (about 58 bits), unguessable enough for a link.
pub const GAME_ID_LEN: usize = 10;
const TOKEN_BYTES: usize = 20;

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    // The OS random source failing is not something a server can go on without.
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    bytes
}

/// A new game id.
pub fn game_id() -> String {
    let mut id = String::with_capacity(GAME_ID_LEN);
    while id.len() < GAME_ID_LEN {
        for b in random_bytes::<16>() {
            // Rejection sampling keeps every character equally likely.
            if (b as usize) < 256 - 256 % ID_ALPHABET.len() && id.len() < GAME_ID_LEN {
                id.push(ID_ALPHABET[b as usize % ID_ALPHABET.len()] as char);
            }
        }
    }
    id
}

/// Whether `id` could be a game id (checked before any lookup).
pub fn is_game_id(id: &str) -> bool {
    id.len() == GAME_ID_LEN && id.bytes().all(|b| ID_ALPHABET.contains(&b))
}

/// A new seat token: 160 random bits, hex.
pub fn token() -> String {
    random_bytes::<TOKEN_BYTES>().iter().map(|b| format!("{b:02x}")).collect()
}

/// The stored form of a token.
pub fn hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// A fair coin from the OS random source (who moves first after a hidden setup).
pub fn coin() -> bool {
    random_bytes::<1>()[0] & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_tokens_are_fresh_and_well_formed() {
        let (a, b) = (game_id(), game_id());
        assert!(is_game_id(&a) && is_game_id(&b) && a != b);
        assert!(!is_game_id("../etc/pas") && !is_game_id("short"));
        let t = token();
        assert_eq!(t.len(), 2 * TOKEN_BYTES);
        assert_ne!(t, token());
        assert_eq!(hash(&t).len(), 64);
        assert_ne!(hash(&t), t);
    }
}
