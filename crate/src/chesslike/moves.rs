//! A move, and the fixed-capacity list the generator fills.

use arrayvec::ArrayVec;

use crate::chesslike::geometry::Square;
use crate::chesslike::piece::Role;
use crate::chesslike::variant::Variant;

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

    /// The same kind of move as `other` (both steps, both drops, …).
    #[inline]
    pub fn same_kind(self, other: Move) -> bool {
        std::mem::discriminant(&self) == std::mem::discriminant(&other)
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

/// Every move code has this bit set (and none above it), so that small
/// numbers are never taken for moves.
const CODE_MARK: u32 = 1 << 29;
/// Set in a castle's code, whose four squares fill the bits below.
const CODE_CASTLE: u32 = 1 << 28;
const CODE_KIND_SHIFT: u32 = 25;
const CODE_NORMAL: u32 = 0;
const CODE_DROP: u32 = 1;
const CODE_EN_PASSANT: u32 = 2;
const CODE_SNIPE: u32 = 3;

/// A move as one number, for callers that walk the game tree and want no
/// text per move: a whole number between 2²⁹ and 2³⁰ (so it stays a small
/// integer in JavaScript engines), the same for the same move in every
/// position of a variant. Squares are cell indices (7 bits each).
pub fn move_code(m: Move) -> u32 {
    let sq = |s: Square, slot: u32| (s.0 as u32) << (7 * slot);
    let kind = |k: u32| CODE_MARK | k << CODE_KIND_SHIFT;
    match m {
        Move::Normal { from, to, promotion } => {
            kind(CODE_NORMAL) | sq(from, 0) | sq(to, 1) | promotion.map_or(0, |r| (r.0 as u32 + 1) << 14)
        }
        Move::Drop { role, to } => kind(CODE_DROP) | role.0 as u32 | sq(to, 1),
        Move::EnPassant { from, to } => kind(CODE_EN_PASSANT) | sq(from, 0) | sq(to, 1),
        Move::Snipe { from, target } => kind(CODE_SNIPE) | sq(from, 0) | sq(target, 1),
        Move::Castle { king, king_to, rook, rook_to } => {
            CODE_MARK | CODE_CASTLE | sq(king, 0) | sq(king_to, 1) | sq(rook, 2) | sq(rook_to, 3)
        }
    }
}

/// The move a code stands for in `variant`, if it is one (whether it is
/// legal anywhere is another question): squares on the board, pieces of the
/// variant, no stray bits.
pub fn move_from_code(variant: &Variant, code: u32) -> Option<Move> {
    // The mark, and nothing above it.
    if code & !(CODE_MARK - 1) != CODE_MARK {
        return None;
    }
    let cells = variant.geometry.cell_count();
    let sq = |slot: u32| {
        let i = (code >> (7 * slot)) & 0x7f;
        ((i as usize) < cells).then_some(Square(i as u8))
    };
    let role = |i: u32| ((i as usize) < variant.pieces.len()).then_some(Role(i as u8));
    if code & CODE_CASTLE != 0 {
        return Some(Move::Castle { king: sq(0)?, king_to: sq(1)?, rook: sq(2)?, rook_to: sq(3)? });
    }
    let kind = (code >> CODE_KIND_SHIFT) & 0b111;
    let unused = |mask: u32| code & mask == 0;
    // Bits 14..25 carry a promotion (5 bits) for a plain move, nothing else.
    let high = ((1 << CODE_KIND_SHIFT) - 1) & !((1 << 14) - 1);
    match kind {
        CODE_NORMAL if unused(high & !(0x1f << 14)) => {
            let promotion = match (code >> 14) & 0x1f {
                0 => None,
                r => Some(role(r - 1)?),
            };
            Some(Move::Normal { from: sq(0)?, to: sq(1)?, promotion })
        }
        CODE_DROP if unused(high) => Some(Move::Drop { role: role(code & 0x7f)?, to: sq(1)? }),
        CODE_EN_PASSANT if unused(high) => Some(Move::EnPassant { from: sq(0)?, to: sq(1)? }),
        CODE_SNIPE if unused(high) => Some(Move::Snipe { from: sq(0)?, target: sq(1)? }),
        _ => None,
    }
}
