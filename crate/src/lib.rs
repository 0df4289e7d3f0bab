//! A rules engine for ЗiлоḺ АḺв Жа, a family of chess variants, and Cyvasse.
//!
//! Layers, each using only those listed before it (the one seam where a
//! lower part names a higher one is a family's `door.rs`, below):
//! - `rng`, `counters` (position strings' move counters, shared by both families);
//! - `game_position`: the rules every game implements ([`GamePosition`]), the
//!   search's hooks with defaults ([`Evaluation`]), one [`game_position::Outcome`]
//!   with one [`EndReason`], and one set of text limits;
//! - `record`: history, undo/redo, repetition and the outcome, for any game;
//! - `search` (generic over the two traits, compiled once per family) and
//!   `players` (levels and matches of any game; no family named);
//! - the families, `chesslike/` (boards, pieces as data, one file per game in
//!   `chesslike/variants/`; its modules are also re-exported here, `zilo::position`,
//!   `zilo::fen`, …, under their long-standing paths) and `cyvasse/` (hex board,
//!   terrain, armor, compound turns, hidden setup): each uses the layers above
//!   and, in its `door.rs` and `codes.rs` only, the door's traits and types
//!   (and `players::play_match_from` for its matches);
//! - `door`: the one family-free game API ([`door::Game`]), which names the
//!   families in one place only, its list `door::FAMILIES`;
//! - the front ends on the door: the `zilo` CLI (`main.rs`), the JavaScript
//!   bindings (`wasm`, whose packed move records `packed` defines), the engine
//!   protocols (`uci`: UCI, USI and XBoard) and the network server (`server`), which name no family.
//!
//! A new chess-like game is a file in `chesslike/variants/`; a new piece is
//! a row of its table (or a new movement part in `chesslike/movement.rs`); a
//! game of another kind is a new folder that implements [`GamePosition`],
//! [`Evaluation`] (its defaults play, blindly, until it has an evaluation)
//! and the door's `DoorPosition`/`DoorFamily`, listed in `door::FAMILIES`.

pub mod chesslike;
pub mod counters;
pub mod cyvasse;
pub mod door;
pub mod game_position;
pub mod level_elo;
pub mod names_elsewhere;
pub mod packed;
pub mod players;
pub mod record;
pub mod rng;
pub mod search;
#[cfg(not(target_arch = "wasm32"))]
pub mod server;
#[cfg(not(target_arch = "wasm32"))]
pub mod uci;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use chesslike::{
    bitboard, eval, fen, geometry, legality, movegen, movement, moves, notation, perft, piece, position, variant,
    variants,
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
