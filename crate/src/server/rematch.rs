//! An addition to the wire contract: a rematch with the colours swapped.
//!
//! Either seat of a finished game sends `{"t": "rematch", "cid"}`. The server
//! stores a new game of the same variant, start position and clock in which
//! each player keeps their own token but the other seat (the token that held
//! `first` holds `second`), then stores `{"t": "rematch", "v", "game": "<id>"}`
//! in the finished game, so both players and the watchers move to it. No
//! token travels: each client already holds its own. The other player's
//! request, or a resend, is answered with the same game.

use std::sync::atomic::Ordering;

use super::actor::{now_ms, Hub};
use super::engine::Side;
use super::event::Event;
use super::game::{Command, GameState, Meta};
use super::refused::Refused;

/// The event a rematch request adds to the finished game, `None` when the
/// rematch already exists (nothing to add), or why it is refused.
pub fn decide(seat: Option<Side>, over: bool, existing: Option<&str>, game: &str) -> Result<Option<Event>, Refused> {
    if seat.is_none() {
        return Err(Refused::new(
            "server.rematchSpectator",
            "spectators cannot ask for a rematch; connect with a seat's token",
        ));
    }
    if !over {
        return Err(Refused::new("server.rematchNotOver", "a rematch is for a finished game"));
    }
    if existing.is_some() {
        return Ok(None);
    }
    Ok(Some(Event::Rematch { game: game.to_string() }))
}

impl Hub {
    /// Stores the rematch of the game `old` (whose seats hold `seats`) under
    /// `id`: the same variant, start and clock, both seats taken with the
    /// colours swapped. (Parts, not the game: a game is not `Sync`.)
    pub async fn create_rematch(&self, old: &Meta, seats: [Option<String>; 2], id: &str) -> Result<(), String> {
        let [Some(first), Some(second)] = seats else {
            return Err("a rematch needs both seats taken".into());
        };
        let meta = Meta {
            id: id.to_string(),
            variant: old.variant.clone(),
            position: old.position.clone(),
            clock: old.clock,
            created_ms: now_ms(),
        };
        let mut state = GameState::new(meta).map_err(|e| e.reason)?;
        let mut events = Vec::new();
        for (token_hash, seat) in [(second, Side::First), (first, Side::Second)] {
            let join = Command::Join { token_hash, seat: Some(seat) };
            for e in state.decide(None, None, &join, state.meta.created_ms).map_err(|e| e.reason)? {
                state.apply(&e)?;
                events.push(e);
            }
        }
        self.store.create(&state.meta, &events, &state.summary()).await.map_err(|e| e.to_string())?;
        self.metrics.games_created.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_seat_of_a_finished_game_asks_and_twice_is_once() {
        assert_eq!(decide(None, true, None, "x").unwrap_err().code, "server.rematchSpectator");
        assert_eq!(decide(Some(Side::First), false, None, "x").unwrap_err().code, "server.rematchNotOver");
        assert_eq!(decide(Some(Side::Second), true, Some("old"), "x"), Ok(None));
        assert_eq!(decide(Some(Side::First), true, None, "x"), Ok(Some(Event::Rematch { game: "x".into() })));
    }
}
