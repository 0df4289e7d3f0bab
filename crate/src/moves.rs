//! A move, and the fixed-capacity list the generator fills.

use arrayvec::ArrayVec;

use crate::geometry::Square;
use crate::piece::Role;

/// One move of the side to move. Chess-family specials (castling, en passant)
/// will be further variants here, each with its own text form.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A piece goes from one cell to another, capturing whatever enemy stands there.
    Normal { from: Square, to: Square, promotion: Option<Role> },
    /// A piece from the hand is placed on an empty cell.
    Drop { role: Role, to: Square },
}

impl Move {
    #[inline]
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    #[inline]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }
}

/// Enough for any position of any variant (shogi's known maximum is 593 legal moves).
pub const MAX_MOVES: usize = 1024;

/// The moves of one position, on the stack: generation allocates nothing.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
