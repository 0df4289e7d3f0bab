//! The chess-like family: games on rectangular boards of up to 128 cells
//! whose pieces are declared as data (`variant`, one table per game in
//! `variants/`): orthodox chess, shogi, ЗiлоḺ АḺв Жа, Pillage and its
//! subvariants, Venomous. A new game of this family is a new file in
//! `variants/`; a new kind of piece is a new `Movement` part or a named rule.
//!
//! Layers, each using only those before it: `geometry` and `bitboard`
//! (boards, squares, tables) → `piece`, `movement`, `variant` (pieces and
//! rules as data) → `moves` (a move, its code) → `position` (pieces, hands,
//! hash, making moves; its `start` and `Debug` go through `fen`, since the
//! start positions are data written as position strings) → rules
//! (`movegen`, `legality`, `notation`, `fen`, `perft`) → `outcome` (how a
//! game ends, in words) → `eval_terms` (the evaluation's terms and weights
//! per variant), `eval`, `see` and `check_zone` (what the search asks) →
//! `game_position` (the family behind the crate's `GamePosition` and
//! `Evaluation`) → `tune` (self-play games through `crate::players`, and
//! Texel's fit of the evaluation's weights) → `door` and `codes` (the family behind the game door: the
//! only modules that use `crate::door`, and `crate::players` for matches).
//! From the rest of the crate the family uses the shared layers: `counters`,
//! `game_position`, `record`.

pub mod bitboard;
pub mod check_zone;
mod codes;
pub mod door;
pub mod eval;
pub mod eval_terms;
pub mod fen;
mod game_position;
pub mod geometry;
pub mod legality;
pub mod movegen;
pub mod movement;
pub mod moves;
pub mod notation;
mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod see;
pub mod tune;
pub mod variant;
pub mod variants;
pub(crate) mod zobrist;
