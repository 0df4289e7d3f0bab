//! The rules core of Cyvasse ("Szachy cyvasse", `docs/rules/cyvasse.md`):
//! the 88-field hex board with mountains and water, ten kinds of pieces with
//! armor and attack ranges, the hidden setup, legal turns with the rules' move
//! text, engagement, the end of the game, position strings and perft.
//!
//! From the rest of the crate it uses the shared layers: `crate::rng`,
//! `crate::counters` (position strings' counters), `crate::game_position`
//! (the boundary it implements, and the shared `Outcome`) and `crate::record`
//! (the game record). Only `door` and `codes`, the family behind the game
//! door, use `crate::door` (its traits and types) and `crate::players` (for
//! matches); nothing else here knows the door.
//!
//! - [`board`]: fields (`a1`…`h9`), the six directions, straight lines, zones.
//! - [`piece`]: sides, kinds (armor, move, attack range), terrain.
//! - [`position`]: [`Position`] and its position string.
//! - [`attack`]: engagement (attackers, Tower shields, capturability).
//! - [`movegen`]: [`Turn`], legal turns, playing them, perft.
//! - [`outcome`]: [`Outcome`], what a position alone says of the end.
//! - [`setup`]: the setup phase, checks, random setups, presets.
//! - [`zobrist`]: the position's hash.
//! - [`eval`]: what a position is worth, for the search.
//! - `game_position`: Cyvasse behind the crate's `GamePosition` and `Evaluation`.
//! - [`door`] (and `codes`): Cyvasse behind the game door.
//!
//! # Decisions where the rules leave something open
//!
//! 1. **Missing Kings.** A position string may lack a King (0 or 1 per side).
//!    If exactly one side has no King, the game is over: that side has lost
//!    (`king-captured`) and there are no legal turns (perft counts such a node
//!    as a leaf with no children). If neither side has a King (a study
//!    position) the King rule does not apply and play goes on.
//! 2. **Piece counts in position strings:** at most the set's number of each
//!    kind per side (6 Rabble, 3 Spears, …, 1 King); terrain may be anywhere
//!    and in any number; the setup's limits are checked by [`setup::check_setup`] only.
//! 3. **Position-string numbers:** a run of digits is one number (1–12) of
//!    empty land fields; the writer always merges adjacent empty fields.
//! 4. **Horses continuing past a capture** land only on empty land: every
//!    field after the captured one, the last included, must be empty and
//!    neither water nor a mountain (the brief's "over empty non-water
//!    fields"); the captured field is passed, so it must not be on water
//!    (the Horse stops there) nor on an enemy Spears' forward field, and a
//!    continuation may stop on, but not pass, such a field.
//! 5. **The King's jump** passes the Tower's field, so it may not jump a Tower
//!    standing on water (no move passes through water), nor one on an enemy
//!    Spears' forward field (the ruling). It lands on any empty non-mountain
//!    field, water included, and is written like a move (`e2e4`).
//! 6. **The Trebuchet's step back** is one step in the direction away from
//!    the target: the field must be empty and not a mountain; it may be
//!    water or an enemy Spears' forward field (it stops there, passes nothing).
//!    Its own pieces and mountains between it and the target do not block its
//!    shot; a piece of the target's side does.
//! 7. **Outcome order:** King captured, then no legal turn (the side to move
//!    loses), then third occurrence (draw), then fifty turns each (draw): a
//!    position is the same when pieces, terrain and side to move are (not the
//!    counters). The fifty-turn rule draws once 100 plies pass without a
//!    capture (a turn with two Rabble moves is one ply).
//! 8. **Turn number** starts at 1 and rises after every turn of `b`, whoever
//!    moved first (as the rules say); plies since capture count turns of
//!    either side.
//! 9. **perft** counts turns (a turn with a second Rabble move is one turn;
//!    `a+b` and `b+a` are two) and ignores repetition and the fifty-turn rule.
//! 10. **Setup text** (a setup in progress): the four rows of one zone in
//!     position-string notation, top row first (`w`: rows 4/3/2/1 in
//!     uppercase; `b`: rows 9/8/7/6 in lowercase). Presets for `b` are those
//!     of `w` reflected across row 5 (row *r* ↔ row 10−*r*, same letter),
//!     which maps forward onto forward and `c2 e2 g2` onto `c8 e8 g8`.
//! 11. **Random setup:** King on one of its three fields, mountains and water
//!     on random other fields of the zone, the 22 pieces on random fields
//!     that are not mountains (water included), each equally likely.

pub mod attack;
pub mod board;
mod codes;
pub mod door;
pub mod eval;
mod game_position;
pub mod movegen;
pub mod outcome;
pub mod piece;
pub mod position;
pub mod setup;
pub mod zobrist;

pub use board::{Cell, CellError, Dir, Line, CELLS, ROWS, ROW_LEN};
pub use movegen::{turn_code, turn_from_code, Turn, TurnError};
pub use outcome::Outcome;
pub use piece::{Kind, Piece, Side, Terrain};
pub use position::{Position, PositionError};
pub use setup::{
    check_setup, default_start, king_fields, preset, presets, random_setup, random_setup_seeded, random_start,
    starting_position, Preset, SetupError, SetupHalf, SetupPhase, SetupProblem,
};
