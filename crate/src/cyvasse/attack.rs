//! Engagement: which enemy pieces attack a piece, and whether it can be captured.
//!
//! A piece attacks an enemy piece on a straight line at a distance from its
//! minimum (2 for the Trebuchet, else 1) to its attack range, when no field
//! between holds a mountain (the Trebuchet fires over them) or a piece of the
//! target's side (the attacker's own pieces do not block). A piece on water
//! attacks nothing; the Spears attack only their two forward fields. A piece
//! is capturable when its attackers number at least its armor and no Tower of
//! its own side stands next to it.

use super::board::{cells_of, Cell, Dir, NEIGHBOURS};
use super::piece::{Kind, Side};
use super::position::Position;

impl Position {
    /// The fields of the pieces of the side opposite `target_side` that attack
    /// `target`, as a bit set (whatever stands on `target`).
    pub(crate) fn attackers_mask(&self, target: Cell, target_side: Side) -> u128 {
        let own = self.occ[target_side.index()];
        let enemy = self.occ[target_side.opponent().index()];
        let mut result = 0u128;
        for d in Dir::ALL {
            let mut over_mountain = false;
            let mut at = target;
            for k in 1..=4u8 {
                let Some(c) = at.step(d) else { break };
                at = c;
                let b = c.bit();
                if own & b != 0 {
                    break;
                }
                if enemy & b != 0 && self.water & b == 0 {
                    if let Some(p) = self.pieces[c.index()] {
                        let kind = p.kind;
                        if k >= kind.min_attack_range()
                            && k <= kind.attack_range()
                            && (!over_mountain || kind == Kind::Trebuchet)
                            && (kind != Kind::Spears || d.opposite().is_forward(p.side))
                        {
                            result |= b;
                        }
                    }
                }
                if self.mountains & b != 0 {
                    over_mountain = true;
                }
            }
        }
        result
    }

    /// The enemy pieces attacking the piece on `target`, `a1` first (none if the field is empty).
    pub fn attackers(&self, target: Cell) -> Vec<Cell> {
        match self.piece_at(target) {
            Some(p) => cells_of(self.attackers_mask(target, p.side)).collect(),
            None => Vec::new(),
        }
    }

    /// Whether the piece on `from` attacks the piece on `target` (an enemy of it).
    pub fn attacks(&self, from: Cell, target: Cell) -> bool {
        match (self.piece_at(from), self.piece_at(target)) {
            (Some(a), Some(t)) if a.side != t.side => self.attackers_mask(target, t.side) & from.bit() != 0,
            _ => false,
        }
    }

    /// The fields of a side's Towers.
    pub(crate) fn towers(&self, side: Side) -> u128 {
        let mut m = 0;
        for c in cells_of(self.occ[side.index()]) {
            if self.pieces[c.index()].is_some_and(|p| p.kind == Kind::Tower) {
                m |= c.bit();
            }
        }
        m
    }

    /// Whether the piece on `cell` stands next to a Tower of its own side
    /// (and so cannot be captured). A Tower does not shield itself.
    pub fn is_shielded(&self, cell: Cell) -> bool {
        match self.piece_at(cell) {
            Some(p) => self.towers(p.side) & NEIGHBOURS[cell.index()] != 0,
            None => false,
        }
    }

    /// Whether the piece on `cell` may be captured now: attacked by at least
    /// as many enemy pieces as its armor, and not shielded by a Tower.
    pub fn is_capturable(&self, cell: Cell) -> bool {
        match self.piece_at(cell) {
            Some(p) => {
                !self.is_shielded(cell) && self.attackers_mask(cell, p.side).count_ones() >= p.kind.armor() as u32
            }
            None => false,
        }
    }

    /// The fields of `side`'s capturable pieces.
    pub(crate) fn capturable_mask(&self, side: Side) -> u128 {
        let towers = self.towers(side);
        let mut m = 0;
        for c in cells_of(self.occ[side.index()]) {
            if towers & NEIGHBOURS[c.index()] != 0 {
                continue;
            }
            let Some(p) = self.pieces[c.index()] else { continue };
            let armor = p.kind.armor() as u32;
            if armor == 0 || self.attackers_mask(c, side).count_ones() >= armor {
                m |= c.bit();
            }
        }
        m
    }
}
