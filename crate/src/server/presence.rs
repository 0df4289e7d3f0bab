//! An addition to the wire contract: who is connected to a game. A client
//! that connects with `presence=1` in the socket's query also gets
//! `{"t": "presence", "online": {"first", "second"}, "away_ms": {"first",
//! "second"}, "watchers"}` whenever someone comes or goes (and once at its
//! own connect): whether each seat has a connection, for how long a seat
//! without one has been gone (`null` if it never connected since the game
//! was loaded), and how many spectators watch. Presence is this process's
//! own view (not stored, not shared between processes) and has no version.

use serde_json::{json, Value};

use super::engine::Side;

/// The version under which presence frames travel on a game's event channel:
/// events start at 1, so 0 marks a frame that is not an event.
pub const PRESENCE_V: u64 = 0;

#[derive(Debug, Default)]
pub struct Presence {
    connections: [usize; 2],
    watchers: usize,
    left_ms: [Option<i64>; 2],
}

fn index(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

impl Presence {
    /// A connection for `seat` (`None`: a spectator) opened (`joined`) or closed at `now`.
    pub fn change(&mut self, seat: Option<Side>, joined: bool, now: i64) {
        let count = match seat {
            Some(side) => &mut self.connections[index(side)],
            None => &mut self.watchers,
        };
        *count = if joined { *count + 1 } else { count.saturating_sub(1) };
        if let Some(side) = seat {
            let i = index(side);
            self.left_ms[i] = if self.connections[i] == 0 { Some(now) } else { None };
        }
    }

    pub fn frame(&self, now: i64) -> Value {
        let away = |i: usize| match (self.connections[i], self.left_ms[i]) {
            (0, Some(at)) => json!((now - at).max(0)),
            _ => Value::Null,
        };
        json!({"t": "presence",
               "online": {"first": self.connections[0] > 0, "second": self.connections[1] > 0},
               "away_ms": {"first": away(0), "second": away(1)},
               "watchers": self.watchers})
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_online_while_one_of_its_connections_is_open() {
        let mut p = Presence::default();
        p.change(Some(Side::First), true, 0);
        p.change(Some(Side::First), true, 10);
        p.change(None, true, 10);
        p.change(Some(Side::First), false, 20);
        assert_eq!(p.frame(30)["online"]["first"], true);
        p.change(Some(Side::First), false, 40);
        let f = p.frame(1040);
        assert_eq!((f["online"]["first"].clone(), f["away_ms"]["first"].clone()), (json!(false), json!(1000)));
        assert_eq!((f["away_ms"]["second"].clone(), f["watchers"].clone()), (Value::Null, json!(1)));
        p.change(None, false, 50);
        p.change(None, false, 60);
        assert_eq!(p.frame(60)["watchers"], 0);
    }
}
