//! The chess-like family: games on rectangular boards of up to 128 cells
//! whose pieces are declared as data (`variant`, one table per game in
//! `variants/`): orthodox chess, shogi, ЗiлоḺ АḺв Жа, Pillage and its
//! subvariants, Venomous. A new game of this family is a new file in
//! `variants/`; a new kind of piece is a new `Movement` part or a named rule.
//!
//! Layers, each using only those before it: `geometry` and `bitboard`
//! (boards, squares, tables) → `piece`, `movement`, `variant` (pieces and
//! rules as data) → `position` (pieces, hands, hash, making moves) → rules
//! (`movegen`, `legality`, `notation`, `fen`, `perft`) → `eval`, `see` and
//! `check_zone` (what the search asks) → `game` (a record with reports) →
//! `game_position` (the family behind the crate's `GamePosition` boundary).

pub mod bitboard;
pub mod check_zone;
mod codes;
pub mod door;
pub mod eval;
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
pub mod variant;
pub mod variants;
pub(crate) mod zobrist;
