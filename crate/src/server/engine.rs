//! The server's one way into the rules: the engine's family-free game door.
//! Everything the server checks (variants, positions, moves, setup halves,
//! outcomes) goes through these names, so the server never names a family
//! or a game.

pub use crate::door::{check_half, hidden_setup, ids, DoorError, Game, Outcome, Side, Tags};
