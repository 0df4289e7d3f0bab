//! Move ordering: the transposition-table move first, then captures by
//! value won (most valuable victim, least valuable attacker; the game says
//! what a capture wins, a blast's net value included), then killer moves,
//! then the countermove (the quiet move that last refuted the opponent's
//! previous move), then the other moves by their history score: the plain
//! history of the move plus its continuation history, how well it answered
//! the opponent's previous move and followed up the side's own move before
//! that (keyed by [`Evaluation::piece_to_slot`]). Captures that lose material
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
/// Continuation history entries stay within ±CONT_MAX (16 bits each); a
/// move's two entries count `CONT_SCALE` times in its score, so that a
/// quiet move's whole score stays within ±4 × HISTORY_MAX, below the
/// killers and above the losing captures.
pub const CONT_MAX: i32 = 1 << 14;
pub const CONT_SCALE: i32 = HISTORY_MAX / CONT_MAX;
/// No key: the root, or the node after a pass.
pub const NO_KEY: usize = usize::MAX;
pub const BAD_CAPTURE: i32 = -(1 << 22);

/// Killer moves per ply, the history table (how often a quiet move caused a
/// cutoff), the countermoves and the continuation history.
pub struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
    /// By the opponent's last move's key, the quiet move that refuted it.
    counter: Vec<Option<M>>,
    /// By (an earlier move's key, this move's key): how well the pair did.
    cont: Vec<i16>,
    piece_to_slots: usize,
    /// Per ply, the keys of the moves one and two plies back (`NO_KEY` if none).
    context: Vec<[usize; 2]>,
}

impl<M: Copy + PartialEq> Ordering<M> {
    /// An empty table with `history_slots` history entries and
    /// `piece_to_slots` move keys.
    pub fn new(history_slots: usize, piece_to_slots: usize) -> Ordering<M> {
        Ordering {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; history_slots],
            counter: vec![None; piece_to_slots],
            cont: vec![0; piece_to_slots * piece_to_slots],
            piece_to_slots,
            context: vec![[NO_KEY; 2]; MAX_PLY + 2],
        }
    }

    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.history.fill(0);
        self.counter.fill(None);
        self.cont.fill(0);
    }

    /// The keys of the moves that led to `ply`: the last one and the one before.
    #[inline]
    pub fn set_context(&mut self, ply: usize, keys: [usize; 2]) {
        self.context[ply] = keys;
    }

    /// The countermove of the node at `ply` (by the context set there).
    #[inline]
    pub fn countermove(&self, ply: usize) -> Option<M> {
        match self.context[ply][0] {
            NO_KEY => None,
            k => self.counter[k],
        }
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
        let context = self.context[ply];
        if context[0] != NO_KEY {
            self.counter[context[0]] = Some(m);
        }
        let bonus = depth.saturating_mul(depth).saturating_mul(16).min(HISTORY_MAX / 8);
        self.update(pos.history_slot(m), bonus);
        let cont_bonus = depth.saturating_mul(depth).saturating_mul(4).saturating_add(8).min(CONT_MAX / 8);
        self.update_cont(context, pos.piece_to_slot(m), cont_bonus);
        for &q in tried {
            if q != m {
                self.update(pos.history_slot(q), -bonus);
                self.update_cont(context, pos.piece_to_slot(q), -cont_bonus);
            }
        }
    }

    #[inline]
    fn update_cont(&mut self, context: [usize; 2], key: usize, bonus: i32) {
        for k in context {
            if k != NO_KEY {
                let h = &mut self.cont[k * self.piece_to_slots + key];
                // Gravity, as `update`: bounded by CONT_MAX, no overflow in i32.
                let old = *h as i32;
                let new = old + bonus - old * bonus.abs() / CONT_MAX;
                *h = new.clamp(-CONT_MAX, CONT_MAX) as i16;
            }
        }
    }

    /// A quiet move's continuation history at `ply`, scaled.
    #[inline]
    fn cont_score(&self, ply: usize, key: usize) -> i32 {
        let mut s = 0;
        for k in self.context[ply] {
            if k != NO_KEY {
                s += self.cont[k * self.piece_to_slots + key] as i32;
            }
        }
        s * CONT_SCALE
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
        self.history[pos.history_slot(m)] + self.cont_score(ply, pos.piece_to_slot(m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_stays_within_its_bound_and_below_the_killers_at_any_depth() {
        let mut o: Ordering<u32> = Ordering::new(4, 1);
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

    #[test]
    fn continuation_history_stays_within_its_bound_and_a_quiet_move_below_the_killers() {
        let mut o: Ordering<u32> = Ordering::new(4, 8);
        o.set_context(3, [2, 5]);
        for _ in 0..1000 {
            o.update(0, HISTORY_MAX / 8);
            o.update_cont([2, 5], 7, CONT_MAX / 8);
            o.update_cont([2, 5], 6, -CONT_MAX / 8);
        }
        assert!(o.cont.iter().all(|&c| (-CONT_MAX..=CONT_MAX).contains(&(c as i32))));
        let best = o.history[0] + o.cont_score(3, 7);
        assert!(best > HISTORY_MAX && best < KILLER, "{best}");
        let worst = -HISTORY_MAX + o.cont_score(3, 6);
        assert!(worst < -HISTORY_MAX && worst > BAD_CAPTURE, "{worst}");
        // No key, no continuation: the root and the node after a pass.
        o.set_context(4, [NO_KEY; 2]);
        assert_eq!(o.cont_score(4, 7), 0);
        assert_eq!(o.countermove(4), None);
    }

    #[test]
    fn a_cutoff_makes_the_move_the_countermove_and_orders_it_above_the_moves_tried_before() {
        use crate::chesslike::position::Position;
        use crate::game_position::GamePosition;
        let v = crate::chesslike::variant::Variant::by_id("chess").unwrap();
        let start = Position::start(v);
        let e4 = start.parse_move("e2e4").unwrap();
        let pos = start.play(e4);
        let (nf6, nc6) = (pos.parse_move("g8f6").unwrap(), pos.parse_move("b8c6").unwrap());
        let mut o: Ordering<crate::Move> = Ordering::new(Position::HISTORY_SLOTS, Position::PIECE_TO_SLOTS);
        o.set_context(1, [start.piece_to_slot(e4), NO_KEY]);
        assert_eq!(o.countermove(1), None);
        o.on_cutoff(&pos, 1, 4, nf6, &[nc6]);
        assert_eq!(o.countermove(1), Some(nf6));
        // At another ply (no killers there) after the same move: history
        // and continuation history both favour Nf6 over Nc6.
        o.set_context(3, [start.piece_to_slot(e4), NO_KEY]);
        let plain = o.history[pos.history_slot(nf6)];
        assert!(o.score(&pos, nf6, None, 3) > plain && plain > 0);
        assert!(o.score(&pos, nc6, None, 3) < o.history[pos.history_slot(nc6)] && o.history[pos.history_slot(nc6)] < 0);
        // After another move (1. d4, as if), no countermove and only the plain history.
        let d4 = start.parse_move("d2d4").unwrap();
        o.set_context(3, [start.piece_to_slot(d4), NO_KEY]);
        assert_eq!(o.countermove(3), None);
        assert_eq!(o.score(&pos, nf6, None, 3), plain);
    }
}
