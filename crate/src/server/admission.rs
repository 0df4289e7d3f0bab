//! Who may open a WebSocket: seat holders always while any of
//! `--max-connections` is free; spectators only within a share of them
//! (`--max-watchers`) and a few from each client address
//! (`--watchers-per-address`), so that watchers, however many, never take
//! the places players need. Seat holders are capped too, more loosely: a
//! seat's token opens at most [`SOCKETS_PER_SEAT`] sockets, and one address
//! at most `--seat-sockets-per-address` (tokens are one `POST` away, so
//! without these one client could fill the server with its own seats). A
//! place is counted while its socket lives.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::actor::Hub;
use super::config::Config;
use super::limits::ClientAddr;
use super::refused::Refused;

/// Sockets one seat's token may hold open at once: a player's tabs and
/// devices, and a reconnection while the old socket is still closing.
pub const SOCKETS_PER_SEAT: usize = 8;

pub struct Admission {
    max_connections: usize,
    max_watchers: usize,
    per_address: usize,
    seats_per_address: usize,
    watchers: AtomicUsize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
    /// Seat holders' sockets, by token hash and by address.
    by_seat: Mutex<HashMap<String, usize>>,
    seats_by_address: Mutex<HashMap<IpAddr, usize>>,
}

/// A place among the open connections, given back when dropped.
pub struct Place {
    hub: Arc<Hub>,
    /// A spectator's place: the admission that counts it and the address it is counted under.
    watcher: Option<(Arc<Admission>, IpAddr)>,
    /// A seat holder's place: the admission, the token hash and the address it is counted under.
    seat: Option<(Arc<Admission>, String, IpAddr)>,
}

/// Adds one to `key`'s count if it is below `max` (`None`: no limit); whether it was.
fn take<K: std::hash::Hash + Eq>(counts: &Mutex<HashMap<K, usize>>, key: K, max: Option<usize>) -> bool {
    let mut counts = counts.lock().unwrap_or_else(|p| p.into_inner());
    let here = counts.entry(key).or_insert(0);
    if max.is_some_and(|max| *here >= max) {
        if *here == 0 {
            counts.retain(|_, n| *n > 0);
        }
        return false;
    }
    *here += 1;
    true
}

/// Takes one from `key`'s count, forgetting the key at zero.
fn give_back<K: std::hash::Hash + Eq>(counts: &Mutex<HashMap<K, usize>>, key: &K) {
    let mut counts = counts.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(here) = counts.get_mut(key) {
        *here -= 1;
        if *here == 0 {
            counts.remove(key);
        }
    }
}

impl Admission {
    pub fn new(config: &Config) -> Admission {
        Admission {
            max_connections: config.max_connections,
            max_watchers: config.watchers(),
            per_address: config.watchers_per_address,
            seats_per_address: config.seat_sockets_per_address,
            watchers: AtomicUsize::new(0),
            by_address: Mutex::new(HashMap::new()),
            by_seat: Mutex::new(HashMap::new()),
            seats_by_address: Mutex::new(HashMap::new()),
        }
    }

    /// A place for a socket that claims a seat (`seat`: its token's hash, the
    /// token checked next) or only watches. Taken before the game is asked, so a
    /// crowd cannot pass a limit together.
    pub fn admit(
        self: &Arc<Admission>,
        hub: &Arc<Hub>,
        seat: Option<&str>,
        client: ClientAddr,
    ) -> Result<Place, Refused> {
        let connections = &hub.metrics.connections;
        if connections.fetch_add(1, Ordering::AcqRel) >= self.max_connections as i64 {
            connections.fetch_sub(1, Ordering::AcqRel);
            let max = self.max_connections;
            let reason = format!("too many connections: this server holds at most {max}; try again later");
            return Err(Refused::new("server.tooManyConnections", reason).arg("max", max));
        }
        // From here the place is counted: dropping it on a refusal gives it back.
        let mut place = Place { hub: hub.clone(), watcher: None, seat: None };
        if let Some(token_hash) = seat {
            if !take(&self.seats_by_address, client.0, (self.seats_per_address > 0).then_some(self.seats_per_address)) {
                let max = self.seats_per_address;
                let reason = format!("too many players' sockets from {}: at most {max} at once", client.0);
                return Err(Refused::new("server.seatSocketsFromAddress", reason).arg("max", max));
            }
            if !take(&self.by_seat, token_hash.to_string(), Some(SOCKETS_PER_SEAT)) {
                give_back(&self.seats_by_address, &client.0);
                let max = SOCKETS_PER_SEAT;
                let reason = format!("this seat has {max} sockets open already: close one first");
                return Err(Refused::new("server.socketsPerSeat", reason).arg("max", max));
            }
            place.seat = Some((self.clone(), token_hash.to_string(), client.0));
            return Ok(place);
        }
        if self.watchers.fetch_add(1, Ordering::AcqRel) >= self.max_watchers {
            self.watchers.fetch_sub(1, Ordering::AcqRel);
            let max = self.max_watchers;
            let reason = format!("too many spectators: this server lets at most {max} watch at once; try again later");
            return Err(Refused::new("server.tooManyWatchers", reason).arg("max", max));
        }
        if !take(&self.by_address, client.0, Some(self.per_address)) {
            self.watchers.fetch_sub(1, Ordering::AcqRel);
            let max = self.per_address;
            let reason = format!("too many spectators' sockets from {}: at most {max} at once", client.0);
            return Err(Refused::new("server.watchersFromAddress", reason).arg("max", max));
        }
        place.watcher = Some((self.clone(), client.0));
        Ok(place)
    }
}

impl Place {
    /// Whether this place is a spectator's.
    pub fn is_watcher(&self) -> bool {
        self.watcher.is_some()
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        self.hub.metrics.connections.fetch_sub(1, Ordering::AcqRel);
        if let Some((admission, addr)) = self.watcher.take() {
            admission.watchers.fetch_sub(1, Ordering::AcqRel);
            give_back(&admission.by_address, &addr);
        }
        if let Some((admission, token_hash, addr)) = self.seat.take() {
            give_back(&admission.by_seat, &token_hash);
            give_back(&admission.seats_by_address, &addr);
        }
    }
}
