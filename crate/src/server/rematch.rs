//! An addition to the wire contract: a rematch with the colours swapped, by consent.
//!
//! Either seat of a finished game sends `{"t": "rematch", "cid"}`: with no
//! offer standing it is an offer (`{"t": "rematch_offer", "v", "seat"}`, seen
//! by both players and the watchers); with the other seat's offer standing it
//! accepts it (`{"t": "rematch_accept", "cid"}` says only that, and is refused
//! with no offer). Then the server stores a new game of the same variant,
//! start position and clock in which each player keeps their own token but the
//! other seat (the token that held `first` holds `second`), and stores
//! `{"t": "rematch", "v", "game": "<id>"}` in the finished game, so both
//! players and the watchers move to it. `{"t": "rematch_decline", "cid"}`
//! declines the other's offer (or withdraws one's own): `{"t":
//! "rematch_decline", "v", "seat"}`. No token travels: each client already
//! holds its own. A resend, or a request once the rematch exists, is answered
//! without a new event.

use std::sync::atomic::Ordering;

use super::actor::{now_ms, Hub};
use super::engine::Side;
use super::event::Event;
use super::game::{Command, GameState, Meta};
use super::refused::Refused;

/// What a finished game holds of a rematch.
pub struct Standing<'a> {
    pub over: bool,
    /// The rematch, once agreed.
    pub rematch: Option<&'a str>,
    /// The offer standing, by its seat.
    pub offer: Option<Side>,
}

fn no_offer() -> Refused {
    Refused::new("server.noRematchOffer", "there is no rematch offer from your opponent to answer")
}

/// The event a rematch command adds to the finished game, `None` when there
/// is nothing to add (the offer already stands, or the rematch exists), or
/// why it is refused.
pub fn decide(seat: Option<Side>, standing: &Standing, command: &Command) -> Result<Option<Event>, Refused> {
    let Some(seat) = seat else {
        return Err(Refused::new(
            "server.rematchSpectator",
            "spectators cannot ask for a rematch; connect with a seat's token",
        ));
    };
    if !standing.over {
        return Err(Refused::new("server.rematchNotOver", "a rematch is for a finished game"));
    }
    let from_other = standing.offer == Some(seat.opponent());
    match command {
        Command::RematchDecline if standing.rematch.is_none() && standing.offer.is_some() => {
            Ok(Some(Event::RematchDecline { seat }))
        }
        Command::RematchDecline => Err(no_offer()),
        _ if standing.rematch.is_some() => Ok(None),
        Command::Rematch { game } | Command::RematchAccept { game } if from_other => {
            Ok(Some(Event::Rematch { game: game.clone() }))
        }
        Command::RematchAccept { .. } => Err(no_offer()),
        Command::Rematch { .. } if standing.offer == Some(seat) => Ok(None),
        _ => Ok(Some(Event::RematchOffer { seat })),
    }
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

    fn standing(offer: Option<Side>, rematch: Option<&str>) -> Standing<'_> {
        Standing { over: true, rematch, offer }
    }

    #[test]
    fn only_a_seat_of_a_finished_game_asks_and_twice_is_once() {
        let ask = Command::Rematch { game: "x".into() };
        assert_eq!(decide(None, &standing(None, None), &ask).unwrap_err().code, "server.rematchSpectator");
        let playing = Standing { over: false, rematch: None, offer: None };
        assert_eq!(decide(Some(Side::First), &playing, &ask).unwrap_err().code, "server.rematchNotOver");
        assert_eq!(decide(Some(Side::Second), &standing(None, Some("old")), &ask), Ok(None));
        // The first ask is an offer; asking again while it stands adds nothing.
        assert_eq!(
            decide(Some(Side::First), &standing(None, None), &ask),
            Ok(Some(Event::RematchOffer { seat: Side::First }))
        );
        assert_eq!(decide(Some(Side::First), &standing(Some(Side::First), None), &ask), Ok(None));
    }

    #[test]
    fn the_other_seats_ask_or_accept_makes_the_rematch_and_a_decline_ends_the_offer() {
        let accept = Command::RematchAccept { game: "x".into() };
        let made = Ok(Some(Event::Rematch { game: "x".into() }));
        assert_eq!(
            decide(Some(Side::Second), &standing(Some(Side::First), None), &Command::Rematch { game: "x".into() }),
            made
        );
        assert_eq!(decide(Some(Side::Second), &standing(Some(Side::First), None), &accept), made);
        let declined = decide(Some(Side::Second), &standing(Some(Side::First), None), &Command::RematchDecline);
        assert_eq!(declined, Ok(Some(Event::RematchDecline { seat: Side::Second })));
    }

    #[test]
    fn an_answer_with_no_offer_from_the_other_is_refused_by_code() {
        let accept = Command::RematchAccept { game: "x".into() };
        for (seat, offer, command) in [
            (Side::First, None, &Command::RematchDecline),
            (Side::First, None, &accept),
            (Side::First, Some(Side::First), &accept),
        ] {
            let refused = decide(Some(seat), &standing(offer, None), command).unwrap_err();
            assert_eq!(refused.code, "server.noRematchOffer", "{command:?}");
        }
    }
}
