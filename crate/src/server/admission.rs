//! Who may open a WebSocket: seat holders always while any of
//! `--max-connections` is free; spectators only within a share of them
//! (`--max-watchers`) and a few from each client address
//! (`--watchers-per-address`), so that watchers, however many, never take
//! the places players need. A place is counted while its socket lives.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::actor::Hub;
use super::config::Config;
use super::limits::ClientAddr;
use super::refused::Refused;

pub struct Admission {
    max_connections: usize,
    max_watchers: usize,
    per_address: usize,
    watchers: AtomicUsize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

/// A place among the open connections, given back when dropped.
pub struct Place {
    hub: Arc<Hub>,
    /// A spectator's place: the admission that counts it and the address it is counted under.
    watcher: Option<(Arc<Admission>, IpAddr)>,
}

impl Admission {
    pub fn new(config: &Config) -> Admission {
        Admission {
            max_connections: config.max_connections,
            max_watchers: config.watchers(),
            per_address: config.watchers_per_address,
            watchers: AtomicUsize::new(0),
            by_address: Mutex::new(HashMap::new()),
        }
    }

    /// A place for a socket that claims a seat (it has a token, checked next) or
    /// only watches. Taken before the game is asked, so a crowd cannot pass a limit together.
    pub fn admit(
        self: &Arc<Admission>,
        hub: &Arc<Hub>,
        claims_seat: bool,
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
        let mut place = Place { hub: hub.clone(), watcher: None };
        if claims_seat {
            return Ok(place);
        }
        if self.watchers.fetch_add(1, Ordering::AcqRel) >= self.max_watchers {
            self.watchers.fetch_sub(1, Ordering::AcqRel);
            let max = self.max_watchers;
            let reason = format!("too many spectators: this server lets at most {max} watch at once; try again later");
            return Err(Refused::new("server.tooManyWatchers", reason).arg("max", max));
        }
        let mut by_address = self.by_address.lock().unwrap_or_else(|p| p.into_inner());
        let here = by_address.entry(client.0).or_insert(0);
        if *here >= self.per_address {
            drop(by_address);
            self.watchers.fetch_sub(1, Ordering::AcqRel);
            let max = self.per_address;
            let reason = format!("too many spectators' sockets from {}: at most {max} at once", client.0);
            return Err(Refused::new("server.watchersFromAddress", reason).arg("max", max));
        }
        *here += 1;
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
            let mut by_address = admission.by_address.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(here) = by_address.get_mut(&addr) {
                *here -= 1;
                if *here == 0 {
                    by_address.remove(&addr);
                }
            }
        }
    }
}
