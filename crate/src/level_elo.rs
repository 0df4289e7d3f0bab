//! How strong each of the five levels plays a game, as data of the game.

use serde::Serialize;

/// Each level's approximate Elo, levels 1 to 5, where matches against an
/// engine with a rated strength measured them (chess: Stockfish's
/// `UCI_Elo`; the README's *Strength* gives the matches and their
/// intervals). A game without such an opponent has none: its levels are
/// proven only against each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LevelElo(pub [u16; 5]);
