//! Legal move generation and check detection, for every variant, driven by
//! the variant's piece table and rule options.

use std::ops::ControlFlow;

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;

impl Position {
    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.monarch_threatened(self.turn())
    }

    /// Whether `side`'s monarch could be removed by the opponent's next move,
    /// were it the opponent's turn: a capture onto its cell, or a blast that
    /// covers it. A blast that would also remove the blaster's own monarch is
    /// illegal, so it threatens nothing.
    pub fn monarch_threatened(&self, side: Color) -> bool {
        let Some(k) = self.monarch_square(side) else { return false };
        let v = self.variant();
        let them = !side;
        let occ = self.occupied();
        let their_monarch = self.monarch_square(them);
        let near = |sq: Square| their_monarch.is_some_and(|m| v.geometry.ball(sq, 1).contains(m));
        for role in v.roles() {
            let attackers = self.pieces(them, role);
            if (attackers & v.capture_reach(role, side, k)).is_empty() {
                continue;
            }
            // Symmetric patterns: what `role` would capture from `k` as `side`
            // is where `role` of `them` captures `k` from.
            if (v.capture_targets(role, side, k, occ) & attackers).any() && !(v.is_blaster(role) && near(k)) {
                return true;
            }
        }
        if let Some(blast) = v.rules.blast {
            let blasters = self.by_color(them) & self.by_roles(blast.roles);
            if (blasters & v.blast_exposure(k).zone).is_empty() {
                return false;
            }
            for t in v.geometry.ring(k) & self.by_color(side) {
                if near(t) {
                    continue;
                }
                let target = self.piece_at(t).expect("occupied").role();
                for role in v.roles().filter(|r| blast.roles.contains(*r)) {
                    let attackers = v.capture_targets(role, side, t, occ) & self.pieces(them, role);
                    if Iterator::any(&mut attackers.into_iter(), |from| v.armor_allows(role, from, target, t)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Every legal move, moves before drops.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let _ = self.for_each_legal(Bitboard(!0), |m| {
            list.push(m);
            ControlFlow::<()>::Continue(())
        });
        list
    }

    /// The legal moves of the piece on `from` (none for an empty cell or an enemy piece).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        let _ = self.for_each_legal(Bitboard::from_square(from), |m| {
            if m.from() == Some(from) {
                list.push(m);
            }
            ControlFlow::<()>::Continue(())
        });
        list
    }

    /// How many legal moves there are, without keeping them.
    pub fn count_legal(&self) -> usize {
        let mut n = 0;
        let _ = self.for_each_legal(Bitboard(!0), |_| {
            n += 1;
            ControlFlow::<()>::Continue(())
        });
        n
    }

    pub fn has_legal_move(&self) -> bool {
        self.for_each_legal(Bitboard(!0), |_| ControlFlow::Break(())).is_break()
    }

    pub fn is_legal(&self, m: Move) -> bool {
        let from_mask = m.from().map_or(Bitboard::EMPTY, Bitboard::from_square);
        self.for_each_legal(from_mask, |legal| if legal == m { ControlFlow::Break(()) } else { ControlFlow::Continue(()) })
            .is_break()
    }

    /// Calls `f` with each legal move whose piece stands in `from_mask` (and
    /// with every legal drop), stopping when `f` breaks.
    fn for_each_legal<B>(&self, from_mask: Bitboard, mut f: impl FnMut(Move) -> ControlFlow<B>) -> ControlFlow<B> {
        let v = self.variant();
        let us = self.turn();
        let them = !us;
        // A game whose monarch is gone is over: nobody moves.
        let (Some(k), Some(their_k)) = (self.monarch_square(us), self.monarch_square(them)) else {
            return ControlFlow::Continue(());
        };
        let in_check = self.monarch_threatened(us);
        let (vacate, arrive) = if in_check { (v.geometry.all(), v.geometry.all()) } else { self.exposure(k) };
        let occ = self.occupied();
        let enemy = self.by_color(them);
        for role in v.roles() {
            let royal = role == v.royal();
            let blaster = v.is_blaster(role);
            let armored_out_of_reach = match v.rules.ranged_armor {
                Some(a) if a.attackers.contains(role) => Some((self.pieces(them, a.armored), a.max_distance)),
                _ => None,
            };
            for from in self.pieces(us, role) & from_mask {
                let mut captures = v.capture_targets(role, us, from, occ) & enemy;
                if let Some((armored, reach)) = armored_out_of_reach {
                    captures &= !(armored & !v.geometry.ball(from, reach));
                }
                let quiets = v.move_targets(role, us, from, occ) & !occ;
                let risky_from = royal || vacate.contains(from);
                for to in captures {
                    let m = Move::Normal { from, to, promotion: None };
                    if (risky_from || blaster || arrive.contains(to)) && !self.keeps_monarch_safe(m) {
                        continue;
                    }
                    f(m)?;
                }
                for to in quiets {
                    let m = Move::Normal { from, to, promotion: None };
                    if (risky_from || arrive.contains(to)) && !self.keeps_monarch_safe(m) {
                        continue;
                    }
                    f(m)?;
                }
            }
        }
        if v.rules.drops {
            let empty = v.geometry.all() & !occ;
            for role in v.roles() {
                if self.hand_count(us, role) == 0 {
                    continue;
                }
                let mut targets = empty;
                if v.rules.no_drop_on_last_rank.contains(role) {
                    targets &= !v.geometry.rank_mask(v.geometry.relative_rank(us, v.geometry.ranks - 1));
                }
                let no_mate = v.rules.no_drop_mate.contains(role);
                for to in targets {
                    let m = Move::Drop { role, to };
                    if (in_check || arrive.contains(to)) && !self.keeps_monarch_safe(m) {
                        continue;
                    }
                    // A drop adds no line and vacates none, so it can only check
                    // by attacking the monarch itself.
                    if no_mate && v.capture_targets(role, us, to, occ).contains(their_k) && self.drop_mates(m) {
                        continue;
                    }
                    f(m)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Where a move of the side to move, not in check, could expose its
    /// monarch on `k`: moves starting in the first set or ending in the second
    /// need the full test; all others are legal as generated. That is what
    /// lets perft count most moves without playing them.
    fn exposure(&self, k: Square) -> (Bitboard, Bitboard) {
        let v = self.variant();
        let them = !self.turn();
        let mut vacate = Bitboard::EMPTY;
        for role in v.roles() {
            let sliders = self.pieces(them, role);
            if sliders.is_empty() {
                continue;
            }
            for dir in v.capture_slides(role, them).iter() {
                let line = v.geometry.ray(k, dir.opposite());
                if (line & sliders).any() {
                    vacate |= line;
                }
            }
        }
        let mut arrive = Bitboard::EMPTY;
        if let Some(blast) = v.rules.blast {
            let exposure = v.blast_exposure(k);
            if (self.by_color(them) & self.by_roles(blast.roles) & exposure.zone).any() {
                vacate |= exposure.lines;
                arrive = exposure.ring;
            }
        }
        (vacate, arrive)
    }

    /// For a pseudo-legal move: afterwards the mover still has its monarch,
    /// and either the enemy monarch is gone (that wins at once) or ours
    /// cannot be removed next move.
    pub(crate) fn keeps_monarch_safe(&self, m: Move) -> bool {
        let us = self.turn();
        let next = self.play_unchecked(m);
        match (next.monarch_square(us), next.monarch_square(!us)) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(_), Some(_)) => !next.monarch_threatened(us),
        }
    }

    /// Whether dropping `m` checkmates the opponent.
    pub(crate) fn drop_mates(&self, m: Move) -> bool {
        let next = self.play_unchecked(m);
        next.is_check() && !next.has_legal_move()
    }

    /// The cells the side to move may drop a `role` on, legally.
    pub fn drop_targets(&self, role: Role) -> Bitboard {
        let mut targets = Bitboard::EMPTY;
        let _ = self.for_each_legal(Bitboard::EMPTY, |m| {
            if let Move::Drop { role: r, to } = m {
                if r == role {
                    targets.set(to);
                }
            }
            ControlFlow::<()>::Continue(())
        });
        targets
    }
}
