//! Move ordering: the transposition-table move first, then captures by
//! value won (most valuable victim, least valuable attacker; the game says
//! what a capture wins, a blast's net value included), then killer moves,
//! then the other moves by their history score. Captures that lose material
//! once the exchange they start is played out (the game's
//! `exchange_value`, asked only when the victim is worth less than the
//! attacker) go last.

use crate::game_position::Evaluation;

use super::MAX_PLY;

pub const TT_MOVE: i32 = 1 << 30;
pub const WINNING_BLAST: i32 = 1 << 29;
pub const GOOD_CAPTURE: i32 = 1 << 26;
pub const PROMOTION: i32 = 1 << 25;
pub const KILLER: i32 = 1 << 24;
/// History scores stay within ±HISTORY_MAX, below the killers.
pub const HISTORY_MAX: i32 = 1 << 20;
pub const BAD_CAPTURE: i32 = -(1 << 22);

/// Killer moves per ply and the history table (how often a quiet move caused a cutoff).
pub struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

impl<M: Copy + PartialEq> Ordering<M> {
    /// An empty table with `history_slots` history entries.
    pub fn new(history_slots: usize) -> Ordering<M> {
        Ordering { killers: vec![[None; 2]; MAX_PLY + 1], history: vec![0; history_slots] }
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
    pub fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers[ply]
    }

    #[inline]
    pub fn is_killer(&self, ply: usize, m: M) -> bool {
        self.killers[ply].contains(&Some(m))
    }

    /// A quiet move caused a cutoff at `ply` in `pos`: remember it, reward
    /// it, and punish the quiet moves tried before it.
    pub fn on_cutoff<P: Evaluation<Move = M>>(&mut self, pos: &P, ply: usize, depth: i32, m: M, tried: &[M]) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = depth.saturating_mul(depth).saturating_mul(16).min(HISTORY_MAX / 8);
        self.update(pos.history_slot(m), bonus);
        for &q in tried {
            if q != m {
                self.update(pos.history_slot(q), -bonus);
            }
        }
    }

    #[inline]
    fn update(&mut self, slot: usize, bonus: i32) {
        let h = &mut self.history[slot];
        // Gravity: scores saturate smoothly at ±HISTORY_MAX. The product of a
        // score and a bonus outgrows i32 (2^20 × 2^17), so it is taken in
        // i64, and the clamp keeps history below the killers whatever the depth.
        let (old, bonus) = (*h as i64, bonus as i64);
        let new = old + bonus - old * bonus.abs() / HISTORY_MAX as i64;
        *h = new.clamp(-HISTORY_MAX as i64, HISTORY_MAX as i64) as i32;
    }

    /// The ordering score of a legal move `m` in `pos`.
    #[inline]
    pub fn score<P: Evaluation<Move = M>>(&self, pos: &P, m: M, tt_move: Option<M>, ply: usize) -> i32 {
        if tt_move == Some(m) {
            return TT_MOVE;
        }
        if let Some(gain) = pos.capture_gain(m) {
            if gain == i32::MAX {
                return WINNING_BLAST;
            }
            let mover = pos.mover_value(m);
            // Taking at least the attacker's worth cannot lose the exchange.
            let exchange = if gain >= mover { gain } else { pos.exchange_value(m) };
            return if exchange >= 0 {
                GOOD_CAPTURE + gain * 16 - mover / 16
            } else {
                BAD_CAPTURE + exchange.max(-(1 << 20))
            };
        }
        if let Some(value) = pos.promotion_value(m) {
            return PROMOTION + value;
        }
        if self.is_killer(ply, m) {
            return KILLER + if self.killers[ply][0] == Some(m) { 1 } else { 0 };
        }
        self.history[pos.history_slot(m)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_stays_within_its_bound_and_below_the_killers_at_any_depth() {
        let mut o: Ordering<u32> = Ordering::new(4);
        for depth in [1, 10, 60, 64, 200, i32::MAX] {
            let bonus = depth.saturating_mul(depth).saturating_mul(16).min(HISTORY_MAX / 8);
            for _ in 0..1000 {
                o.update(0, bonus);
                o.update(1, -bonus);
                assert!((0..=HISTORY_MAX).contains(&o.history[0]), "depth {depth}: {}", o.history[0]);
                assert!((-HISTORY_MAX..=0).contains(&o.history[1]), "depth {depth}: {}", o.history[1]);
            }
        }
        // Saturated, a quiet move still orders below a killer.
        assert!(o.history[0] > HISTORY_MAX / 2 && o.history[0] < KILLER);
    }
}
