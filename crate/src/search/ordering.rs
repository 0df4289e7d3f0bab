//! Move ordering: the transposition-table move first, then captures by
//! value won (most valuable victim, least valuable attacker; for a blaster,
//! the net value its blast removes), then killer moves, then the other moves
//! by their history score. Captures that lose material by their own blast go last.

use crate::eval::blast_gain;
use crate::moves::Move;
use crate::piece::{Color, MAX_ROLES};
use crate::position::Position;

use super::MAX_PLY;

pub const TT_MOVE: i32 = 1 << 30;
pub const WINNING_BLAST: i32 = 1 << 29;
pub const GOOD_CAPTURE: i32 = 1 << 26;
pub const PROMOTION: i32 = 1 << 25;
pub const KILLER: i32 = 1 << 24;
/// History scores stay within ±HISTORY_MAX, below the killers.
pub const HISTORY_MAX: i32 = 1 << 20;
pub const BAD_CAPTURE: i32 = -(1 << 22);

/// Move slots of the history table: 128 cells a move can start from, then one per droppable role.
const FROM_SLOTS: usize = 128 + MAX_ROLES;
const HISTORY_SIZE: usize = 2 * FROM_SLOTS * 128;

/// Killer moves per ply and the history table (how often a quiet move caused a cutoff).
pub struct Ordering {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
}

impl Default for Ordering {
    fn default() -> Self {
        Ordering::new()
    }
}

impl Ordering {
    pub fn new() -> Ordering {
        Ordering { killers: vec![[None; 2]; MAX_PLY + 1], history: vec![0; HISTORY_SIZE] }
    }

    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.history.fill(0);
    }

    /// Before a new search from another position: forget the killers, keep
    /// a faded history.
    pub fn new_search(&mut self) {
        self.killers.fill([None; 2]);
        for h in &mut self.history {
            *h /= 4;
        }
    }

    #[inline]
    fn history_index(color: Color, m: Move) -> usize {
        let from = match (m.from(), m) {
            (Some(sq), _) => sq.index(),
            (None, Move::Drop { role, .. }) => 128 + role.index(),
            (None, _) => 128 + MAX_ROLES - 1,
        };
        (color.index() * FROM_SLOTS + from) * 128 + m.to().index()
    }

    #[inline]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply]
    }

    #[inline]
    pub fn is_killer(&self, ply: usize, m: Move) -> bool {
        self.killers[ply].contains(&Some(m))
    }

    /// A quiet move caused a cutoff at `ply`: remember it, reward it, and
    /// punish the quiet moves tried before it.
    pub fn on_cutoff(&mut self, color: Color, ply: usize, depth: i32, m: Move, tried: &[Move]) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = (depth * depth * 16).min(HISTORY_MAX / 8);
        self.update(color, m, bonus);
        for &q in tried {
            if q != m {
                self.update(color, q, -bonus);
            }
        }
    }

    #[inline]
    fn update(&mut self, color: Color, m: Move, bonus: i32) {
        let h = &mut self.history[Self::history_index(color, m)];
        // Gravity: scores saturate smoothly at ±HISTORY_MAX.
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// The ordering score of a legal move `m` in `pos`.
    #[inline]
    pub fn score(&self, pos: &Position, m: Move, tt_move: Option<Move>, ply: usize) -> i32 {
        if tt_move == Some(m) {
            return TT_MOVE;
        }
        if let Some(gain) = capture_gain(pos, m) {
            return if gain == i32::MAX {
                WINNING_BLAST
            } else if gain >= 0 {
                let attacker =
                    m.from().and_then(|f| pos.piece_at(f)).map_or(0, |p| pos.variant().piece(p.role()).value);
                GOOD_CAPTURE + gain * 16 - attacker / 16
            } else {
                BAD_CAPTURE + gain
            };
        }
        if let Move::Normal { promotion: Some(role), .. } = m {
            return PROMOTION + pos.variant().piece(role).value;
        }
        if self.is_killer(ply, m) {
            return KILLER + if self.killers[ply][0] == Some(m) { 1 } else { 0 };
        }
        self.history[Self::history_index(pos.turn(), m)]
    }
}

/// For a capture: the value it wins at once (the victim, or for a blaster
/// the net value of victim and blast), `i32::MAX` if it removes the enemy
/// monarch; `None` for a move that captures nothing.
#[inline]
pub fn capture_gain(pos: &Position, m: Move) -> Option<i32> {
    let us = pos.turn();
    let victim = pos.piece_at(m.to()).filter(|p| p.color() != us)?;
    let v = pos.variant();
    let from = m.from()?;
    let attacker = pos.piece_at(from)?;
    if v.is_blaster(attacker.role()) {
        return blast_gain(pos, us, from, m.to());
    }
    if victim.role() == v.royal() {
        return Some(i32::MAX);
    }
    Some(v.piece(victim.role()).value)
}
