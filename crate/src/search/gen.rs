//! Cheaper move sources for the search than the full legal move list:
//! the captures alone (quiescence), a quick legality test for the
//! transposition-table move (tried before any move is generated), and a
//! conservative "might this move give check?" test (moves that cannot are
//! the ones late-move pruning may skip without playing them).
//!
//! They read the variant's movement tables and rule options, like the move
//! generator does, and each decides legality by playing the move
//! (`keeps_monarch_safe`). Moves the tables do not describe (future
//! castling, en passant, promotions) are never produced here and are never
//! accepted by `quick_legal`: the search then falls back to `legal_moves()`.
//! When a variant with promotions lands, `captures` should leave out
//! captures that must promote (or the move generator should offer a
//! captures-only entry point to replace this module's `captures`).

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::variant::Variant;

/// Whether `captures` and `quick_legal` are exact for `variant`: every
/// capture is a plain `Move::Normal` without promotion that the movement
/// tables describe. Where not, the search takes its captures from
/// `legal_moves()` instead (slower, always right).
///
/// Merge note: a variant with promotions or en passant must answer `false`
/// here (e.g. `matches!(variant.rules.promotion, Promotion::None)`), until
/// the move generator offers a captures-only entry point.
/// `tests/search.rs` checks `captures` against the move generator for every
/// variant where this says `true`.
pub fn fast_captures(variant: &Variant) -> bool {
    let _ = variant;
    true
}

/// The captures (and promotions, and any special move) among the legal
/// moves: the slow, always exact source of quiescence moves.
pub fn noisy_legal_moves(pos: &Position, out: &mut MoveList) {
    let us = pos.turn();
    for m in pos.legal_moves() {
        let noisy = match m {
            Move::Normal { to, promotion, .. } => promotion.is_some() || pos.piece_at(to).is_some_and(|p| p.color() != us),
            Move::Drop { .. } => false,
            #[allow(unreachable_patterns)]
            _ => true,
        };
        if noisy {
            out.push(m);
        }
    }
}

/// Every legal capture by a piece on the board, with no promotion (exact
/// only where `fast_captures` says so).
pub fn captures(pos: &Position, out: &mut MoveList) {
    let v = pos.variant();
    let us = pos.turn();
    let them = !us;
    if pos.monarch_square(us).is_none() || pos.monarch_square(them).is_none() {
        return;
    }
    let occ = pos.occupied();
    let enemy = pos.by_color(them);
    for role in v.roles() {
        let armor = match v.rules.ranged_armor {
            Some(a) if a.attackers.contains(role) => Some((pos.pieces(them, a.armored), a.max_distance)),
            _ => None,
        };
        for from in pos.pieces(us, role) {
            let mut targets = v.capture_targets(role, us, from, occ) & enemy;
            if let Some((armored, reach)) = armor {
                targets &= !(armored & !v.geometry.ball(from, reach));
            }
            for to in targets {
                let m = Move::Normal { from, to, promotion: None };
                if pos.keeps_monarch_safe(m) {
                    out.push(m);
                }
            }
        }
    }
}

/// Whether `m` (say, from the transposition table, possibly from another
/// position with the same hash slot) is legal in `pos`. May answer `false`
/// for a legal move of a kind it does not know; never `true` for an illegal one
/// of a kind it knows.
pub fn quick_legal(pos: &Position, m: Move) -> bool {
    let v = pos.variant();
    let us = pos.turn();
    if pos.monarch_square(us).is_none() || pos.monarch_square(!us).is_none() {
        return false;
    }
    let occ = pos.occupied();
    match m {
        Move::Normal { from, to, promotion: None } => {
            let Some(piece) = pos.piece_at(from).filter(|p| p.color() == us) else { return false };
            let role = piece.role();
            match pos.piece_at(to) {
                Some(t) if t.color() == us => return false,
                Some(t) => {
                    if !v.capture_targets(role, us, from, occ).contains(to) || !v.armor_allows(role, from, t.role(), to) {
                        return false;
                    }
                }
                None => {
                    if !v.move_targets(role, us, from, occ).contains(to) {
                        return false;
                    }
                }
            }
        }
        Move::Drop { role, to } => {
            if !v.rules.drops || role.index() >= v.pieces.len() || pos.hand_count(us, role) == 0 || pos.piece_at(to).is_some() {
                return false;
            }
            let g = &v.geometry;
            if v.rules.no_drop_on_last_rank.contains(role) && g.rank_of(to) == g.relative_rank(us, g.ranks - 1) {
                return false;
            }
            // Whether such a drop mates is left to the move generator.
            if v.rules.no_drop_mate.contains(role) {
                return false;
            }
        }
        _ => return false,
    }
    pos.keeps_monarch_safe(m)
}

/// What `may_give_check` needs to know about the enemy monarch, computed
/// once per node.
#[derive(Clone, Copy)]
pub struct CheckZone {
    monarch: Option<Square>,
    /// Lines through the enemy monarch: moving off them may discover a check.
    lines: Bitboard,
    /// Where a landing piece could matter to a blast on the monarch.
    blast_zone: Bitboard,
}

impl CheckZone {
    pub fn new(pos: &Position) -> CheckZone {
        let v = pos.variant();
        let them = !pos.turn();
        let Some(k) = pos.monarch_square(them) else {
            return CheckZone { monarch: None, lines: Bitboard::EMPTY, blast_zone: Bitboard::EMPTY };
        };
        let mut lines = Bitboard::EMPTY;
        for dir in crate::geometry::Dir::ALL {
            lines |= v.geometry.ray(k, dir);
        }
        let blast_zone = if v.rules.blast.is_some() { v.geometry.ball(k, 4) } else { Bitboard::EMPTY };
        CheckZone { monarch: Some(k), lines, blast_zone }
    }

    /// `false` only if `m` surely does not put the enemy monarch in check
    /// (direct attack from the landing cell, a line opened by leaving the
    /// starting cell, or a blast near the monarch).
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
            #[allow(unreachable_patterns)]
            _ => return true,
        };
        if from.is_some_and(|f| self.lines.contains(f)) {
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
        v.capture_targets(role, us, to, occ).contains(k)
    }
}
