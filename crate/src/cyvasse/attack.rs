//! Engagement: which enemy pieces attack a piece, and whether it can be captured.
//!
//! A piece attacks an enemy piece on a straight line at a distance from its
//! minimum (2 for the Trebuchet, else 1) to its attack range, when no field
//! between holds a mountain (the Trebuchet fires over them) or a piece of the
//! target's side (the attacker's own pieces do not block). A piece on water
//! attacks nothing; the Spears attack only their two forward fields. A piece
//! is capturable when its attackers number at least its armor and no Tower of
//! its own side stands next to it.

use super::board::{cells_of, Cell, Dir, CELLS, NEIGHBOURS};
use super::piece::{Kind, Side};
use super::position::Position;

/// The longest attack range of any kind: no attacker stands farther away.
const REACH: u8 = 4;

/// `RAYS[r][cell][dir]`: the fields up to `r` steps (1 to [`REACH`]) from
/// `cell` in `dir`, as a bit set.
static RAYS: [[[u128; 6]; CELLS]; REACH as usize + 1] = {
    let mut t = [[[0u128; 6]; CELLS]; REACH as usize + 1];
    let mut c = 0;
    while c < CELLS {
        let mut d = 0;
        while d < 6 {
            let mut at = Cell::from_u8(c as u8);
            let mut ray = 0u128;
            let mut k = 1;
            while k <= REACH as usize {
                if let Some(next) = at.step(Dir::ALL[d]) {
                    ray |= next.bit();
                    at = next;
                }
                t[k][c][d] = ray;
                k += 1;
            }
            d += 1;
        }
        c += 1;
    }
    t
};

/// Whether the field index grows along a direction (fields are numbered row
/// by row from `a1`: east and both northward directions), so that the
/// nearest field of a ray in a bit set is its lowest bit, else its highest.
const GROWS: [bool; 6] = {
    let mut t = [false; 6];
    let mut d = 0;
    while d < 6 {
        t[d] = matches!(Dir::ALL[d], Dir::East | Dir::NorthEast | Dir::NorthWest);
        d += 1;
    }
    t
};

/// `AROUND[r][cell]`: the union of a field's rays of `r` steps.
const AROUND: [[u128; CELLS]; REACH as usize + 1] = {
    let mut t = [[0u128; CELLS]; REACH as usize + 1];
    let mut r = 1;
    while r <= REACH as usize {
        let mut c = 0;
        while c < CELLS {
            let mut d = 0;
            while d < 6 {
                t[r][c] |= RAYS[r][c][d];
                d += 1;
            }
            c += 1;
        }
        r += 1;
    }
    t
};

impl Position {
    /// The fields of the pieces of the side opposite `target_side` that attack
    /// `target`, as a bit set (whatever stands on `target`).
    pub(crate) fn attackers_mask(&self, target: Cell, target_side: Side) -> u128 {
        let own = self.occ[target_side.index()];
        let enemy = self.occ[target_side.opponent().index()];
        // Only enemy pieces on land attack.
        let armed = enemy & !self.water;
        let rays = &RAYS[REACH as usize][target.index()];
        let mut result = 0u128;
        if armed & AROUND[REACH as usize][target.index()] == 0 {
            return result;
        }
        for d in Dir::ALL {
            if armed & rays[d.index()] == 0 {
                continue;
            }
            let mut over_mountain = false;
            let mut at = target;
            for k in 1..=REACH {
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

    /// The fields of `side`'s capturable pieces: the same answer as
    /// [`Position::is_capturable`] on each, found from the attackers' side.
    /// Each enemy piece on land marks the `side` pieces it attacks (a walk
    /// along its few rays), counted up to two (the highest armor) in two bit
    /// sets, instead of a walk along all six rays of every piece of `side`.
    /// The evaluation asks this at every node.
    pub(crate) fn capturable_mask(&self, side: Side) -> u128 {
        let targets = self.occ[side.index()];
        let attackers = self.occ[side.opponent().index()] & !self.water;
        let (mut once, mut twice) = (0u128, 0u128);
        for a in cells_of(attackers) {
            let Some(p) = self.pieces[a.index()] else { continue };
            let hit = self.attacked_from(a, p.kind, p.side, targets);
            twice |= once & hit;
            once |= hit;
        }
        let mut shielded = 0u128;
        for t in cells_of(self.towers(side)) {
            shielded |= NEIGHBOURS[t.index()];
        }
        let mut m = 0;
        for c in cells_of(targets & !shielded) {
            let Some(p) = self.pieces[c.index()] else { continue };
            let attacked = match p.kind.armor() {
                0 => true,
                1 => once & c.bit() != 0,
                _ => twice & c.bit() != 0,
            };
            if attacked {
                m |= c.bit();
            }
        }
        m
    }

    /// The pieces among `targets` (all of one side, the other than `side`'s)
    /// that a `kind` of `side` standing on land on `from` attacks: along each
    /// of its rays, the nearest target or mountain within its range blocks
    /// the rest (a Trebuchet fires over mountains; its own side's pieces never
    /// block), and is hit if it is a target at or past the minimum range.
    fn attacked_from(&self, from: Cell, kind: Kind, side: Side, targets: u128) -> u128 {
        let range = kind.attack_range() as usize;
        if targets & AROUND[range][from.index()] == 0 {
            return 0;
        }
        let rays = &RAYS[range][from.index()];
        let too_near = if kind.min_attack_range() > 1 { NEIGHBOURS[from.index()] } else { 0 };
        let blockers = if kind == Kind::Trebuchet { targets } else { targets | self.mountains };
        let mut hit = 0u128;
        for d in Dir::ALL {
            if kind == Kind::Spears && !d.is_forward(side) {
                continue;
            }
            let on_ray = rays[d.index()] & blockers;
            if on_ray == 0 {
                continue;
            }
            let nearest =
                if GROWS[d.index()] { on_ray & on_ray.wrapping_neg() } else { 1u128 << (127 - on_ray.leading_zeros()) };
            hit |= nearest & targets & !too_near;
        }
        hit
    }
}

#[cfg(test)]
mod tests {
    use super::super::outcome::Outcome;
    use super::super::setup::random_start;
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn field_numbers_grow_east_and_northward_and_shrink_the_other_ways() {
        for c in Cell::all() {
            for d in Dir::ALL {
                if let Some(next) = c.step(d) {
                    assert_eq!(next.index() > c.index(), GROWS[d.index()], "{c} towards {d:?}");
                }
            }
        }
    }

    /// The capturable pieces found from the attackers' side are those found
    /// one by one from each piece's own rays, in random games from random
    /// setups (terrain, Towers, Spears, Trebuchets over mountains, armor).
    #[test]
    fn capturable_pieces_found_from_the_attackers_are_those_found_piece_by_piece() {
        let mut rng = Rng::new(11);
        let mut seen = 0;
        for _ in 0..40 {
            let mut pos = random_start(&mut rng);
            for _ in 0..100 {
                for side in Side::BOTH {
                    let one_by_one = cells_of(pos.occ[side.index()])
                        .filter(|&c| pos.is_capturable(c))
                        .fold(0u128, |m, c| m | c.bit());
                    assert_eq!(pos.capturable_mask(side), one_by_one, "{side:?} in {pos}");
                    seen += one_by_one.count_ones();
                }
                if pos.outcome() != Outcome::Ongoing {
                    break;
                }
                let turns = pos.legal_turns();
                pos = pos.after(&turns[rng.below(turns.len())]);
            }
        }
        assert!(seen > 1000, "only {seen} capturable pieces met");
    }
}
