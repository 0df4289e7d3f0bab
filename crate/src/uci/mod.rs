//! `zilo uci`, `zilo usi` and `zilo xboard`: the engine on stdin and stdout
//! as the protocols engines speak: UCI as Stockfish and Fairy-Stockfish speak
//! it, for every game (the `UCI_Variant` option); USI for shogi; XBoard
//! (CECP v2) for every game (`variant`).
//!
//! - [`command`] reads UCI's and USI's lines into commands (protocol words only);
//! - [`xboard`] reads XBoard's lines into the same commands, and keeps its clock;
//! - [`usi`] is USI's notation (squares, drops, SFEN);
//! - [`dialect`] is all that differs between the three: reading a line,
//!   moves and positions in and out, and how answers are said;
//! - [`moves`] reads move texts, the engine's own and other engines' forms;
//! - [`clock`] decides how long to think on a clock;
//! - [`engine`] is the one loop for all three: the game and options of the
//!   session, and the search, which runs on its own thread so that `stop`,
//!   `isready` and `quit` are answered while it thinks.
//!
//! It talks to the engine only through [`crate::door`]. The commands, the
//! options and the move forms are listed in the README ("Engine protocols").

pub mod clock;
pub mod command;
pub mod dialect;
pub mod engine;
pub mod moves;
pub mod usi;
pub mod xboard;

pub use dialect::Protocol;
pub use engine::{run, run_protocol};
