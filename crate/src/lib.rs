//! A rules engine for ЗiлоḺ АḺв Жа, a family of chess variants, and Cyvasse.
//!
//! The tree shows the boundary:
//! - shared layers at the top: `rng`, `game_position` (the [`GamePosition`]
//!   trait every game implements), `record` (history, undo/redo, repetition,
//!   outcome for any game), `search` (the computer player's search, generic
//!   over the trait), `players` (levels and matches), and `door`, the one
//!   family-free game API every front end uses: the `zilo` CLI (`main.rs`),
//!   the JavaScript bindings (`wasm`) and the network server (`server`);
//! - `chesslike/`: the chess-like family (boards, pieces as data, one file per
//!   game in `chesslike/variants/`); its modules are also re-exported here
//!   (`zilo::position`, `zilo::fen`, …) under their long-standing paths;
//! - `cyvasse/`: Cyvasse, a game of its own (hex board, terrain, armor,
//!   compound turns, hidden setup).
//!
//! A new chess-like game is a file in `chesslike/variants/`; a new piece is
//! a row of its table (or a new movement part in `chesslike/movement.rs`); a
//! game of another kind is a new folder that implements [`GamePosition`] and
//! the door's `DoorPosition`/`DoorFamily`, listed in `door::FAMILIES`.

pub mod chesslike;
pub mod counters;
pub mod cyvasse;
pub mod door;
pub mod game_position;
pub mod players;
pub mod record;
pub mod rng;
pub mod search;
#[cfg(not(target_arch = "wasm32"))]
pub mod server;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use chesslike::{
    bitboard, eval, fen, geometry, legality, movegen, movement, moves, notation, perft, piece, position, variant, variants,
};

pub use bitboard::Bitboard;
pub use fen::FenError;
pub use game_position::{EndReason, Evaluation, GamePosition};
pub use geometry::Square;
pub use legality::{IllegalMove, IllegalReason};
pub use moves::{Move, MoveList};
pub use notation::MoveTextError;
pub use piece::{Color, Piece, Role};
pub use position::{Position, PositionError, Setup};
pub use record::Record;
pub use variant::Variant;
