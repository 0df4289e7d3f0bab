//! A rules engine for ЗiлоḺ АḺв Жа and a family of chess variants.
//!
//! Layers, each using only those before it: `geometry` (boards, squares,
//! tables) → `position` (pieces, hands, hash, making moves) → rules
//! (`variant` data, `movegen`, `legality`) → `game` (history, outcome) →
//! front doors (the `zilo` CLI, the `wasm` bindings).

pub mod bitboard;
pub mod cyvasse;
pub mod eval;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod legality;
pub mod movegen;
pub mod movement;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod players;
pub mod position;
pub mod rng;
pub mod search;
pub mod variant;
pub mod variants;
mod zobrist;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use bitboard::Bitboard;
pub use fen::FenError;
pub use game::{EndReason, Game, GameError, Outcome, PlayReport};
pub use geometry::Square;
pub use legality::{IllegalMove, IllegalReason};
pub use moves::{Move, MoveList};
pub use notation::MoveTextError;
pub use piece::{Color, Piece, Role};
pub use position::{Position, PositionError, Setup};
pub use variant::Variant;
