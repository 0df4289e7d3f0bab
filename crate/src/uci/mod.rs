//! `zilo uci`: the engine as a UCI engine on stdin and stdout, as Stockfish
//! and Fairy-Stockfish speak it, for every game (the `UCI_Variant` option).
//!
//! - [`command`] reads the GUI's lines into commands (protocol words only);
//! - [`moves`] reads move texts, the engine's own and other engines' forms;
//! - [`clock`] decides how long to think on a clock;
//! - [`engine`] is the loop: the game and options of the session, and the
//!   search, which runs on its own thread so that `stop`, `isready` and
//!   `quit` are answered while it thinks.
//!
//! It talks to the engine only through [`crate::door`]. The commands, the
//! options and the move forms are listed in the README ("Engine protocols").

pub mod clock;
pub mod command;
pub mod engine;
pub mod moves;

pub use engine::run;
