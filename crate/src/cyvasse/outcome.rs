//! The end of a game of Cyvasse, as the shared layer's [`Outcome`]: what a
//! position alone shows here; repetition, which needs the game's earlier
//! positions, is judged in `game_position`.

use super::piece::Side;
use super::position::Position;
use crate::game_position::{EndReason, Outcome as SharedOutcome};

/// Plies without a capture that draw: fifty turns by each side.
pub const FIFTY_TURN_PLIES: u32 = 100;

/// Occurrences of the same position that draw.
pub const REPETITIONS: usize = 3;

/// How a game of Cyvasse stands.
pub type Outcome = SharedOutcome<Side>;

impl Position {
    /// The outcome that this position alone shows: a captured King, no legal
    /// turn, or fifty turns each without capture (in that order). Repetition
    /// needs the history: see `GamePosition::judge`.
    pub fn outcome(&self) -> Outcome {
        if let Some(loser) = self.king_lost() {
            return Outcome::Decisive { winner: loser.opponent(), reason: EndReason::KingCaptured };
        }
        if self.turns_unsorted().is_empty() {
            return Outcome::Decisive { winner: self.side_to_move.opponent(), reason: EndReason::NoMoves };
        }
        match self.position_draw() {
            Some(reason) => Outcome::Draw { reason },
            None => Outcome::Ongoing,
        }
    }

    /// A draw the position alone shows, legal turns aside: fifty turns each
    /// without a capture.
    pub(crate) fn position_draw(&self) -> Option<EndReason> {
        (self.plies_since_capture >= FIFTY_TURN_PLIES).then_some(EndReason::FiftyMoves)
    }
}
