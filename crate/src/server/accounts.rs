//! Players' accounts (the contract's "Finding a rival"): sign up, sign in,
//! log out, and the session a request carries (`Authorization: Bearer`).
//!
//! - Passwords are kept only as Argon2id hashes (`argon2` crate, PHC
//!   strings: m = 19 MiB, t = 2, p = 1, a random 16-byte salt each).
//! - Sessions are 160 random bits, stored as their SHA-256 (like seat tokens).
//! - Hashing runs on blocking threads, at most `HASHING` at once; past
//!   `HASHING_QUEUE` waiting or running, a request is answered `503
//!   server.busy` at once, so a flood of sign-ins cannot slow the games.
//! - Failed sign-ins are counted per name (5 a minute) and per client
//!   address (20 a minute); past that, `429 server.tooManyAttempts` (with
//!   `Retry-After`) before any hashing. A wrong name is answered as a wrong
//!   password (`401 server.wrongLogin`), after the same work: an unknown name
//!   is checked against a hash of a random password.
//! - Names: 2–20 ASCII letters, digits, `_` or `-` (no look-alike letters
//!   from other scripts), unique without regard to case. Passwords: 8–200
//!   characters.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use tokio::sync::Semaphore;

use super::refused::Refused;
use super::storage::players::Player;
use super::storage::{Storage, StoreError};
use super::tokens;

/// Argon2id's memory (KiB), passes and lanes: OWASP's first choice.
pub const ARGON2_M_KIB: u32 = 19 * 1024;
pub const ARGON2_T: u32 = 2;
pub const ARGON2_P: u32 = 1;
/// Hashes computed at once (each holds 19 MiB).
const HASHING: usize = 2;
/// Hashing requests waiting or running; more are answered `server.busy`.
const HASHING_QUEUE: usize = 16;
pub const NAME_MIN: usize = 2;
pub const NAME_MAX: usize = 20;
pub const PASSWORD_MIN: usize = 8;
pub const PASSWORD_MAX: usize = 200;
/// Failed sign-ins allowed per name and per address in `WINDOW`.
pub const FAILURES_PER_NAME: usize = 5;
pub const FAILURES_PER_ADDRESS: usize = 20;
pub const WINDOW: Duration = Duration::from_secs(60);
/// Names and addresses remembered before the stale ones are forgotten.
const REMEMBERED: usize = 100_000;

/// A refusal with its HTTP status.
pub type Refusal = (StatusCode, Refused);

fn argon2() -> Argon2<'static> {
    // The parameters are constants within Argon2's bounds.
    let params = Params::new(ARGON2_M_KIB, ARGON2_T, ARGON2_P, None).expect("Argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// A password's stored form (PHC string).
pub fn hash_password(password: &str) -> Result<String, String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| format!("no random salt: {e}"))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
    argon2().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(|e| e.to_string())
}

/// Whether `password` is the one `stored` was made from.
pub fn verify_password(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|hash| argon2().verify_password(password.as_bytes(), &hash).is_ok())
}

/// A name as the contract allows it: 2–20 ASCII letters, digits, `_` or `-`.
pub fn check_name(name: &str) -> Result<(), Refused> {
    let ok = (NAME_MIN..=NAME_MAX).contains(&name.len())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(Refused::new(
            "server.badName",
            format!("a name is {NAME_MIN} to {NAME_MAX} letters (a-z, A-Z), digits, '_' or '-'"),
        )
        .arg("min", NAME_MIN)
        .arg("max", NAME_MAX))
    }
}

pub fn check_password(password: &str) -> Result<(), Refused> {
    let n = password.chars().count();
    if (PASSWORD_MIN..=PASSWORD_MAX).contains(&n) {
        Ok(())
    } else {
        Err(Refused::new("server.badPassword", format!("a password is {PASSWORD_MIN} to {PASSWORD_MAX} characters"))
            .arg("min", PASSWORD_MIN)
            .arg("max", PASSWORD_MAX))
    }
}

/// A name's key: names are unique without regard to case.
pub fn name_key(name: &str) -> String {
    name.to_ascii_lowercase()
}

fn wrong_login() -> Refusal {
    (StatusCode::UNAUTHORIZED, Refused::new("server.wrongLogin", "wrong name or password"))
}

fn busy() -> Refusal {
    (StatusCode::SERVICE_UNAVAILABLE, Refused::new("server.busy", "the server is busy; try again in a moment"))
}

fn store_error(e: StoreError) -> Refusal {
    (StatusCode::SERVICE_UNAVAILABLE, Refused::not_stored(e))
}

/// Failures in the last `WINDOW`, by key.
struct Failures<K> {
    seen: HashMap<K, VecDeque<Instant>>,
    limit: usize,
}

impl<K: std::hash::Hash + Eq + Clone> Failures<K> {
    fn new(limit: usize) -> Failures<K> {
        Failures { seen: HashMap::new(), limit }
    }

    /// `Some(seconds to wait)` when `key` has failed `limit` times in the window.
    fn blocked(&mut self, key: &K, now: Instant) -> Option<u64> {
        let times = self.seen.get_mut(key)?;
        while times.front().is_some_and(|t| now.duration_since(*t) >= WINDOW) {
            times.pop_front();
        }
        if times.len() < self.limit {
            return None;
        }
        let oldest = *times.front()?;
        Some((WINDOW - now.duration_since(oldest)).as_secs() + 1)
    }

    fn fail(&mut self, key: K, now: Instant) {
        if self.seen.len() >= REMEMBERED {
            self.seen.retain(|_, times| times.back().is_some_and(|t| now.duration_since(*t) < WINDOW));
        }
        let times = self.seen.entry(key).or_default();
        times.push_back(now);
        if times.len() > self.limit {
            times.pop_front();
        }
    }
}

struct Throttle {
    names: Failures<String>,
    addresses: Failures<IpAddr>,
}

pub struct Accounts {
    /// Places for hashing requests (waiting or running).
    queue: Arc<Semaphore>,
    running: Arc<Semaphore>,
    throttle: Mutex<Throttle>,
    /// A hash of a random password: what an unknown name is checked against.
    decoy: String,
}

impl Default for Accounts {
    fn default() -> Accounts {
        Accounts::new()
    }
}

impl Accounts {
    pub fn new() -> Accounts {
        Accounts {
            queue: Arc::new(Semaphore::new(HASHING_QUEUE)),
            running: Arc::new(Semaphore::new(HASHING)),
            throttle: Mutex::new(Throttle {
                names: Failures::new(FAILURES_PER_NAME),
                addresses: Failures::new(FAILURES_PER_ADDRESS),
            }),
            decoy: hash_password(&tokens::token()).unwrap_or_default(),
        }
    }

    /// Runs `work` (a hash or a check) on a blocking thread, in turn; `server.busy` when too many wait.
    async fn hashing<R: Send + 'static>(&self, work: impl FnOnce() -> R + Send + 'static) -> Result<R, Refusal> {
        let _place = self.queue.clone().try_acquire_owned().map_err(|_| busy())?;
        let _turn = self.running.clone().acquire_owned().await.map_err(|_| busy())?;
        tokio::task::spawn_blocking(work).await.map_err(|_| busy())
    }

    /// A new account and its first session.
    pub async fn sign_up(
        &self,
        store: &Storage,
        name: &str,
        password: &str,
        now: i64,
    ) -> Result<(Player, String), Refusal> {
        check_name(name).map_err(|r| (StatusCode::BAD_REQUEST, r))?;
        check_password(password).map_err(|r| (StatusCode::BAD_REQUEST, r))?;
        let player = Player { key: name_key(name), name: name.to_string() };
        let password = password.to_string();
        let hashed =
            self.hashing(move || hash_password(&password)).await?.map_err(|e| store_error(StoreError::Other(e)))?;
        match store.create_player(&player, &hashed, now).await {
            Ok(()) => {}
            Err(StoreError::Conflict) => {
                return Err((
                    StatusCode::CONFLICT,
                    Refused::new("server.nameTaken", "this name is taken").arg("name", &player.name),
                ))
            }
            Err(e) => return Err(store_error(e)),
        }
        let session = self.open_session(store, &player, now).await?;
        Ok((player, session))
    }

    /// A session for a name and password; the same refusal for a wrong name and a wrong password.
    pub async fn sign_in(
        &self,
        store: &Storage,
        address: IpAddr,
        name: &str,
        password: &str,
        now: i64,
    ) -> Result<(Player, String), Refusal> {
        let key = name_key(name);
        let started = Instant::now();
        {
            let mut throttle = self.throttle.lock().unwrap_or_else(|p| p.into_inner());
            let wait = throttle.names.blocked(&key, started).or_else(|| throttle.addresses.blocked(&address, started));
            if let Some(seconds) = wait {
                return Err((
                    StatusCode::TOO_MANY_REQUESTS,
                    Refused::new(
                        "server.tooManyAttempts",
                        format!("too many failed sign-ins; try again in {seconds} s"),
                    )
                    .arg("seconds", seconds),
                ));
            }
        }
        let plausible = check_name(name).is_ok() && password.chars().count() <= PASSWORD_MAX;
        let found = if plausible { store.player_password(&key).await.map_err(store_error)? } else { None };
        let (player, stored) = match found {
            Some((player, stored)) => (Some(player), stored),
            None => (None, self.decoy.clone()),
        };
        let password = password.to_string();
        let matches = self.hashing(move || verify_password(&password, &stored)).await?;
        match player {
            Some(player) if matches && plausible => {
                let session = self.open_session(store, &player, now).await?;
                Ok((player, session))
            }
            _ => {
                let mut throttle = self.throttle.lock().unwrap_or_else(|p| p.into_inner());
                let at = Instant::now();
                throttle.names.fail(key, at);
                throttle.addresses.fail(address, at);
                Err(wrong_login())
            }
        }
    }

    async fn open_session(&self, store: &Storage, player: &Player, now: i64) -> Result<String, Refusal> {
        let session = tokens::token();
        store.create_session(&tokens::hash(&session), &player.key, now).await.map_err(store_error)?;
        Ok(session)
    }
}

/// The session a request carries (`Authorization: Bearer <session>`), if any.
pub fn bearer(headers: &HeaderMap) -> Result<Option<&str>, Refusal> {
    let Some(value) = headers.get(header::AUTHORIZATION) else { return Ok(None) };
    let session = value
        .to_str()
        .ok()
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .ok_or_else(bad_session)?;
    Ok(Some(session))
}

pub fn bad_session() -> Refusal {
    (
        StatusCode::UNAUTHORIZED,
        Refused::new("server.badSession", "this session is not valid (signed out?): sign in again"),
    )
}

/// The player whose session a request carries: `None` without one; a refusal for a wrong one.
pub async fn session_player(store: &Storage, headers: &HeaderMap) -> Result<Option<(Player, String)>, Refusal> {
    let Some(session) = bearer(headers)? else { return Ok(None) };
    let hash = tokens::hash(session);
    match store.session_player(&hash).await.map_err(store_error)? {
        Some(player) => Ok(Some((player, hash))),
        None => Err(bad_session()),
    }
}

/// `Retry-After` for a refusal that has `seconds`.
pub fn retry_after(refused: &Refused) -> Option<HeaderValue> {
    refused.args.iter().find(|(k, _)| *k == "seconds").and_then(|(_, v)| HeaderValue::from_str(v).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_short_plain_and_unique_without_case() {
        for good in ["ab", "Ana_Maria-7", "x".repeat(20).as_str()] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        let long = "a".repeat(10 * 1024);
        for bad in ["a", "", "with space", "<b>x</b>", "Ŝtefan", "аdmin", "tab\tname", "x".repeat(21).as_str(), &long]
        {
            assert_eq!(check_name(bad).unwrap_err().code, "server.badName", "{bad:?}");
        }
        assert_eq!(name_key("Ana_X"), name_key("ana_x"));
    }

    #[test]
    fn passwords_are_8_to_200_characters() {
        assert!(check_password("12345678").is_ok());
        assert!(check_password(&"ż".repeat(200)).is_ok(), "characters, not bytes");
        for bad in ["1234567".to_string(), "x".repeat(201)] {
            assert_eq!(check_password(&bad).unwrap_err().code, "server.badPassword");
        }
    }

    #[test]
    fn a_password_is_stored_as_argon2id_and_checked() {
        let stored = hash_password("correct horse").unwrap();
        assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{stored}");
        assert!(!stored.contains("correct horse"));
        assert!(verify_password("correct horse", &stored));
        assert!(!verify_password("correct horsf", &stored));
        assert!(!verify_password("correct horse", "not a hash"));
        assert_ne!(hash_password("correct horse").unwrap(), stored, "a fresh salt each time");
    }

    #[test]
    fn failures_past_the_limit_block_for_the_rest_of_the_window() {
        let mut f = Failures::new(3);
        let t = Instant::now();
        for i in 0..3 {
            assert_eq!(f.blocked(&"a", t), None);
            f.fail("a", t + Duration::from_secs(i));
        }
        let wait = f.blocked(&"a", t + Duration::from_secs(10)).unwrap();
        assert_eq!(wait, 51);
        assert_eq!(f.blocked(&"b", t), None, "other keys are not blocked");
        assert_eq!(f.blocked(&"a", t + WINDOW + Duration::from_secs(1)), None, "the window passes");
    }
}
