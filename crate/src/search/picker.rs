//! The main search's staged move picker: it hands out a node's moves one at
//! a time, most promising first, and generates them lazily so that a node
//! that ends on an early move never pays for the full legal list.
//!
//! Stages: the transposition table's move (checked for legality, not
//! generated); the captures that do not lose material by their exchange
//! value (from the game's noisy moves only); the two killer moves; the
//! countermove; then every legal move, by ordering score, skipping those
//! already handed out.

use crate::game_position::{Evaluation, MoveBuffer};

use super::ordering::{self, Ordering};

/// Where the picker is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    TableMove,
    GenerateCaptures,
    GoodCaptures,
    Killer(usize),
    Counter,
    GenerateAll,
    Rest,
    Done,
}

/// The moves of one node of the main search, in the order to try them.
pub struct MovePicker<P: Evaluation> {
    stage: Stage,
    tt_move: Option<P::Move>,
    killers: [Option<P::Move>; 2],
    killers_done: [Option<P::Move>; 2],
    counter: Option<P::Move>,
    counter_done: Option<P::Move>,
    moves: P::MoveList,
    /// Moves `i..n` of `moves` are still to hand out.
    i: usize,
    n: usize,
    ply: usize,
    no_legal_moves: bool,
}

impl<P: Evaluation> MovePicker<P> {
    /// A picker for the node at `ply`, trying `tt_move` first (if legal).
    pub fn new(
        tt_move: Option<P::Move>,
        killers: [Option<P::Move>; 2],
        counter: Option<P::Move>,
        ply: usize,
    ) -> MovePicker<P> {
        MovePicker {
            stage: Stage::TableMove,
            tt_move,
            killers,
            killers_done: [None; 2],
            counter,
            counter_done: None,
            moves: P::MoveList::default(),
            i: 0,
            n: 0,
            ply,
            no_legal_moves: false,
        }
    }

    /// After `next` returned `None`: the position has no legal move at all.
    pub fn no_legal_moves(&self) -> bool {
        self.no_legal_moves
    }

    /// The next move to try, or `None` when every move has been handed out.
    /// `scores` is this node's scratch space for ordering scores (at least
    /// `P::MAX_MOVES` long).
    pub fn next(&mut self, pos: &P, ordering: &Ordering<P::Move>, scores: &mut [i32]) -> Option<P::Move> {
        loop {
            match self.stage {
                Stage::TableMove => {
                    self.stage = Stage::GenerateCaptures;
                    match self.tt_move {
                        Some(m) if pos.is_legal(m) => return Some(m),
                        _ => self.tt_move = None,
                    }
                }
                Stage::GenerateCaptures => {
                    pos.noisy_moves_into(&mut self.moves);
                    let mut n = 0;
                    for i in 0..self.moves.len() {
                        let m = self.moves[i];
                        if Some(m) == self.tt_move {
                            continue;
                        }
                        let score = ordering.score(pos, m, None, self.ply);
                        if score >= ordering::GOOD_CAPTURE {
                            self.moves[n] = m;
                            scores[n] = score;
                            n += 1;
                        }
                    }
                    self.moves.truncate(n);
                    (self.i, self.n) = (0, n);
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    if self.i < self.n {
                        return Some(self.take_best(scores));
                    }
                    self.stage = Stage::Killer(0);
                }
                Stage::Killer(k) => {
                    self.stage = if k == 0 { Stage::Killer(1) } else { Stage::Counter };
                    match self.killers[k] {
                        Some(m) if Some(m) != self.tt_move && pos.is_quiet(m) && pos.is_legal(m) => {
                            self.killers_done[k] = Some(m);
                            return Some(m);
                        }
                        _ => {}
                    }
                }
                Stage::Counter => {
                    self.stage = Stage::GenerateAll;
                    match self.counter {
                        Some(m)
                            if Some(m) != self.tt_move
                                && !self.killers_done.contains(&Some(m))
                                && pos.is_quiet(m)
                                && pos.is_legal(m) =>
                        {
                            self.counter_done = Some(m);
                            return Some(m);
                        }
                        _ => {}
                    }
                }
                Stage::GenerateAll => {
                    pos.legal_moves_into(&mut self.moves);
                    self.no_legal_moves = self.moves.is_empty();
                    for (j, &m) in self.moves.iter().enumerate() {
                        scores[j] = ordering.score(pos, m, self.tt_move, self.ply);
                    }
                    (self.i, self.n) = (0, self.moves.len());
                    self.stage = Stage::Rest;
                }
                Stage::Rest => {
                    if self.i >= self.n {
                        self.stage = Stage::Done;
                        continue;
                    }
                    let score_at = self.i;
                    let m = self.take_best(scores);
                    let handed_out = Some(m) == self.tt_move
                        || self.killers_done.contains(&Some(m))
                        || self.counter_done == Some(m)
                        || scores[score_at] >= ordering::GOOD_CAPTURE && !pos.is_quiet(m);
                    if !handed_out {
                        return Some(m);
                    }
                }
                Stage::Done => return None,
            }
        }
    }

    /// Brings the best-scored of the moves left to the front and hands it out.
    fn take_best(&mut self, scores: &mut [i32]) -> P::Move {
        pick_best(&mut self.moves, scores, self.i, self.n);
        self.i += 1;
        self.moves[self.i - 1]
    }
}

/// One step of a selection sort: brings the best-scored of `moves[i..n]`
/// (scores in `scores`, same order; `i < n`) to `i`, so moves are ordered
/// lazily, as far as the search gets before a cutoff. The first of equal
/// scores wins. The scan runs over the slice `i + 1..n` with the best score
/// held aside: no bounds check and no reload a move (it was 4 % of a shogi
/// search's instructions).
pub fn pick_best<M>(moves: &mut [M], scores: &mut [i32], i: usize, n: usize) {
    let (mut best, mut best_score) = (i, scores[i]);
    for (j, &score) in scores[i + 1..n].iter().enumerate() {
        if score > best_score {
            (best, best_score) = (i + 1 + j, score);
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
}

#[cfg(test)]
mod tests {
    use super::pick_best;

    /// The selection sort's steps as first written (two indices into the
    /// scores): the order the search's trees were built with.
    fn reference_steps(scores: &[i32]) -> (Vec<usize>, Vec<i32>) {
        let n = scores.len();
        let (mut moves, mut scores): (Vec<usize>, Vec<i32>) = ((0..n).collect(), scores.to_vec());
        for i in 0..n {
            let mut best = i;
            for j in i + 1..n {
                if scores[j] > scores[best] {
                    best = j;
                }
            }
            moves.swap(i, best);
            scores.swap(i, best);
        }
        (moves, scores)
    }

    /// Picking the best again and again hands the moves out in the same
    /// order as the reference scan, ties included (the first of equal
    /// scores wins), and by falling score.
    #[test]
    fn picking_again_and_again_orders_as_the_reference_scan() {
        let cases: [&[i32]; 4] = [&[3, -1, 7, 3, 7, 0, -1, 12, 3, 0, 7], &[5, 5, 5, 5], &[1, 2, 3, 4, 5, 6], &[-4]];
        for scores in cases {
            let n = scores.len();
            let (mut moves, mut picked): (Vec<usize>, Vec<i32>) = ((0..n).collect(), scores.to_vec());
            for i in 0..n {
                pick_best(&mut moves, &mut picked, i, n);
            }
            assert_eq!((moves, picked.clone()), reference_steps(scores), "scores {scores:?}");
            assert!(picked.windows(2).all(|w| w[0] >= w[1]), "{picked:?} falls");
        }
    }
}
