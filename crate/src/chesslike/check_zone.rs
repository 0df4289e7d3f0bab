//! A conservative "might this move give check?" test: moves that cannot
//! are the ones late-move pruning may skip without playing them. (The
//! search takes its captures from `Position::noisy_moves` and checks a
//! table move with `Position::is_legal`.)

use crate::chesslike::bitboard::Bitboard;
use crate::chesslike::geometry::Square;
use crate::chesslike::moves::Move;
use crate::chesslike::position::Position;

/// What `may_give_check` needs to know about the enemy monarch, computed
/// once per node.
#[derive(Clone, Copy, Default)]
pub struct CheckZone {
    monarch: Option<Square>,
    /// Lines through the enemy monarch: moving off them may discover a check.
    lines: Bitboard,
    /// Where there are hoppers, the same lines: a piece arriving on one may
    /// become the screen of a check.
    screen_lines: Bitboard,
    /// Where a landing piece could matter to a blast on the monarch.
    blast_zone: Bitboard,
}

impl CheckZone {
    pub fn new(pos: &Position) -> CheckZone {
        let v = pos.variant();
        let them = !pos.turn();
        let Some(k) = pos.monarch_square(them) else {
            return CheckZone {
                monarch: None,
                lines: Bitboard::EMPTY,
                screen_lines: Bitboard::EMPTY,
                blast_zone: Bitboard::EMPTY,
            };
        };
        let mut lines = Bitboard::EMPTY;
        for dir in crate::chesslike::geometry::Dir::ALL {
            lines |= v.geometry.ray(k, dir);
        }
        // Leaving a blaster's path to a neighbour of the monarch may let it
        // blast the monarch: a discovered check that is on no line through it.
        if v.rules.blast.is_some() {
            lines |= v.blast_exposure(k).lines;
        }
        // Leaving a cell of a bent ride's or lame leap's route to it.
        for role in v.roles().filter(|&r| v.routed().contains(r)) {
            lines |= v.route_cells(role, pos.turn(), k);
        }
        let blast_zone = if v.rules.blast.is_some() { v.geometry.ball(k, 4) } else { Bitboard::EMPTY };
        let screen_lines = if v.hoppers().is_empty() { Bitboard::EMPTY } else { lines };
        CheckZone { monarch: Some(k), lines, screen_lines, blast_zone }
    }

    /// `false` only if `m` surely does not put the enemy monarch in check
    /// (direct attack from the landing cell, a line opened by leaving the
    /// starting cell or screened by arriving on it, or a blast near the monarch).
    #[inline]
    pub fn may_give_check(&self, pos: &Position, m: Move) -> bool {
        let Some(k) = self.monarch else { return true };
        let v = pos.variant();
        let us = pos.turn();
        let to = m.to();
        if self.blast_zone.contains(to) {
            return true;
        }
        let (role, from) = match m {
            Move::Drop { role, .. } => (role, None),
            Move::Normal { from, promotion, .. } => {
                let Some(piece) = pos.piece_at(from) else { return true };
                (promotion.unwrap_or(piece.role()), Some(from))
            }
            // Castling and en passant move two pieces, a snipe empties a
            // cell anywhere: assume they may check.
            Move::Castle { .. } | Move::EnPassant { .. } | Move::Snipe { .. } => return true,
        };
        if from.is_some_and(|f| self.lines.contains(f)) || self.screen_lines.contains(to) {
            return true;
        }
        if !v.capture_reach(role, us, to).contains(k) {
            return false;
        }
        let mut occ = pos.occupied();
        if let Some(from) = from {
            occ.clear(from);
        }
        occ.set(to);
        v.attack_targets(role, us, to, occ).contains(k)
    }
}
