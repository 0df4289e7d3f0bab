//! A move, and the fixed-capacity list the generator fills.

use arrayvec::ArrayVec;

use crate::chesslike::geometry::Square;
use crate::chesslike::piece::Role;

/// One move of the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A piece goes from one cell to another, capturing whatever enemy stands
    /// there, and may promote.
    Normal { from: Square, to: Square, promotion: Option<Role> },
    /// A piece from the hand is placed on an empty cell.
    Drop { role: Role, to: Square },
    /// A pawn takes the pawn that just passed `to` with a double step.
    EnPassant { from: Square, to: Square },
    /// King and rook move together; written as the king's move (`e1g1`), or
    /// with the rook's move too where castling is flexible (`f1h1+i1g1`).
    Castle { king: Square, rook: Square, king_to: Square, rook_to: Square },
    /// The piece on `from` removes the enemy piece on `target` without moving
    /// (the Sniper's shot); written `c1xc7`.
    Snipe { from: Square, target: Square },
}

/// What kind of move a `Move` is, for callers that describe moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    Step,
    Drop,
    EnPassant,
    Castle,
    Snipe,
}

impl Move {
    /// Where the moving piece (the king, for castling) lands; for a snipe,
    /// the cell shot at.
    #[inline]
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { king_to, .. } => king_to,
            Move::Snipe { target, .. } => target,
        }
    }

    pub const fn kind(self) -> MoveKind {
        match self {
            Move::Normal { .. } => MoveKind::Step,
            Move::Drop { .. } => MoveKind::Drop,
            Move::EnPassant { .. } => MoveKind::EnPassant,
            Move::Castle { .. } => MoveKind::Castle,
            Move::Snipe { .. } => MoveKind::Snipe,
        }
    }

    /// Where the moving piece (the king, for castling) starts; `None` for a drop.
    #[inline]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } | Move::Snipe { from, .. } => Some(from),
            Move::Castle { king, .. } => Some(king),
            Move::Drop { .. } => None,
        }
    }

    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }
}

/// Enough for any position of any variant (shogi's known maximum is 593 legal moves).
pub const MAX_MOVES: usize = 1024;

/// The moves of one position, on the stack: generation allocates nothing.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
