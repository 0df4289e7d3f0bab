//! The computer player's search: iterative deepening negamax alpha-beta
//! (principal variation search) with a transposition table, quiescence over
//! captures, check extension, mate scores by distance, killer and history
//! move ordering (a staged [`picker::MovePicker`]), and a few safe prunings
//! (reverse futility, null move where the game allows a pass
//! ([`Evaluation::pass`]), futility, SEE pruning, late move reductions and
//! pruning; the last ones harder where the side's static value is not
//! improving).
//!
//! Quiescence is bounded and selective, so that every iteration finishes in
//! crowded positions (Cannons, shots, blasts): captures that lose material
//! by the game's static exchange value are dropped, so are captures that
//! cannot lift the score near alpha (delta pruning); quiet promotions are
//! tried only at its first ply and only to the most valuable piece; a side
//! in check never stands pat but tries every evasion (so mate is seen), a
//! side with neither a capture nor any legal move is stalemated; and it
//! stops [`QS_MAX_PLIES`] plies deep whatever happens. The first iteration
//! is never interrupted, so a search always answers with a searched move.
//!
//! Repetitions are scored by the game's own rules
//! ([`Evaluation::repetition_outcome`]: in shogi the side that gave check
//! with every move loses), draws otherwise; the draws a position shows by
//! itself (the fifty-move rule, insufficient material:
//! [`crate::game_position::GamePosition::position_draw`]) score 0. Such scores depend on the path
//! (the game's history, the move counter), which the table's hash does not
//! cover, so a node whose score rests on one is not stored.
//!
//! Static values are clamped to ±[`EVAL_LIMIT`], far from the mate scores
//! and within the table's 16 bits.
//!
//! Generic over games: it reads only the [`GamePosition`] rules and the
//! [`Evaluation`] hooks, which say what a position is worth, which moves are noisy, how to order
//! them, what an exchange wins and whether a move may give check. Each
//! search is monomorphized for its family.
//!
//! Limits: depth, node count, time. Time is read through an injectable
//! millisecond clock (`Hooks::now_ms`), because `std::time::Instant` does
//! not work on `wasm32-unknown-unknown`; [`best_move`] supplies a default
//! clock (`Instant` natively, `Date.now()` in the browser). With only a depth
//! or node limit the search never reads the clock, and a fresh search is
//! fully deterministic (fixed table size, no randomness unless seeded).
//!
//! ## In the browser (wasm32)
//! - `best_move(&pos, &game_history(&game), Level::new(n).unwrap().limits(seed))`
//!   works as is: under a time limit `default_clock()` reads `Date.now()`.
//! - Another clock (say `performance.now`): build
//!   `Hooks { now_ms: Some(&clock), ..Hooks::default() }` and call
//!   `Searcher::search`; `on_iteration` reports each finished depth (for a
//!   "thinking" display).
//! - Cancelling: the search runs synchronously inside the worker, so a
//!   message cannot interrupt it. Either terminate the worker (and start a
//!   new one), or poll a `SharedArrayBuffer` flag through `should_stop`
//!   (needs cross-origin isolation, which `file://` pages do not have).
//! - Keeping one `Searcher` per game in the worker answers faster (its
//!   table is reused); a fresh `best_move` per move answers reproducibly.
//! - Stack: at most `MAX_PLY` frames of about 5 KiB, well within the
//!   default 1 MiB wasm stack.

pub mod corpus;
pub mod ordering;
pub mod picker;
pub mod tt;

use arrayvec::ArrayVec;

use crate::game_position::{Cycle, Evaluation, NoMoves, RepetitionOutcome};
use crate::record::Record;
use crate::rng::Rng;

use ordering::Ordering;
use picker::{pick_best, MovePicker};
use tt::{Bound, Table, NO_EVAL};

/// The score of giving mate now; mate in n plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this (in absolute value) are mate scores.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = 31_000;
/// Deepest ply the search reaches (main search plus quiescence).
pub const MAX_PLY: usize = 96;
/// Deepest iteration.
pub const MAX_DEPTH: u32 = 64;
/// Depth used when a search is given no limit at all.
pub const DEFAULT_DEPTH: u32 = 4;
/// Transposition table size of a fresh search: 2^18 slots (4 MiB).
pub const DEFAULT_TT_LOG2: u32 = 18;

/// Static values are clamped to ±this: well inside the table's 16 bits and
/// below [`MATE_BOUND`], so a huge material lead never reads as a mate.
pub const EVAL_LIMIT: i32 = 20_000;
/// Quiescence goes at most this many plies past the horizon; deeper, the
/// static evaluation stands (a hard bound, whatever the game).
pub const QS_MAX_PLIES: usize = 12;
/// Delta pruning: quiescence skips a capture when the standing score plus
/// what the capture takes (and what its promotion adds) plus this margin
/// stays at or below alpha.
pub const DELTA_MARGIN: i32 = 150;
/// Reverse futility pruning: a non-PV node at depth `d` ≤
/// `REVERSE_FUTILITY_MAX_DEPTH` whose static value beats beta by `d` times
/// this (one ply less when improving) stops at once.
pub const REVERSE_FUTILITY_MARGIN_PER_PLY: i32 = 110;
pub const REVERSE_FUTILITY_MAX_DEPTH: i32 = 6;
/// Futility pruning: at a non-PV node, a quiet move that cannot give check
/// is skipped when the static value plus `FUTILITY_MARGIN_BASE + d *
/// FUTILITY_MARGIN_PER_PLY` stays at or below alpha, `d` being the node's
/// depth less the late move reduction the move would get, at most
/// `FUTILITY_MAX_DEPTH` (deeper, no move is futile).
pub const FUTILITY_MARGIN_BASE: i32 = 120;
pub const FUTILITY_MARGIN_PER_PLY: i32 = 100;
pub const FUTILITY_MAX_DEPTH: i32 = 6;
/// The first aspiration window's half-width around the previous iteration's
/// score (it triples on every failure).
pub const ASPIRATION_WINDOW: i32 = 40;
/// Late move reductions: a late quiet move at depth `d`, the `n`-th searched,
/// is first searched `0.75 + ln d × ln n / 2.25` plies shallower (less at a
/// PV node, less or more by its history score).
fn late_move_reduction(depth: i32, searched: usize) -> i32 {
    let (d, n) = (depth.clamp(1, 63) as f32, searched.clamp(1, 255) as f32);
    (0.75 + d.ln() * n.ln() / 2.25) as i32
}

/// SEE pruning in the main search: at depth `d` ≤ this, not in check and
/// once a move has been searched (never a node's first move), a move whose
/// exchange value ([`Evaluation::exchange_value`]: what the exchange on its
/// target cell wins) is below [`see_pruning_threshold`] is skipped without
/// being played. Deeper, a line has room to win back what a move leaves en
/// prise, and the thresholds below grow past any piece's value anyway.
pub const SEE_PRUNING_MAX_DEPTH: i32 = 8;
/// A quiet move that surely gives no check has nothing to pay for a piece
/// it leaves en prise: it is skipped below `-QUIET_SEE_MARGIN * d²` (at
/// depth 1–2 one that loses a pawn, at 4 one that loses more than a
/// Knight, at 7 more than a Queen: the margin grows with the room a deeper
/// line has to win material back).
pub const QUIET_SEE_MARGIN: i32 = 20;
/// A capture, promotion or possible check may start something the exchange
/// does not see (a mating net, a discovered attack): it is skipped only
/// below `-NOISY_SEE_MARGIN_PER_PLY * d`, a pawn and a half per ply.
pub const NOISY_SEE_MARGIN_PER_PLY: i32 = 150;

/// The exchange value below which a move is pruned at depth `depth`
/// (see [`SEE_PRUNING_MAX_DEPTH`]); `quiet_without_check`: the move is
/// quiet and surely gives no check.
fn see_pruning_threshold(depth: i32, quiet_without_check: bool) -> i32 {
    if quiet_without_check {
        -QUIET_SEE_MARGIN * depth * depth
    } else {
        -NOISY_SEE_MARGIN_PER_PLY * depth
    }
}

/// Improving: whether the side to move's static value rose since its
/// previous move (two plies up; four if it was in check then; with neither
/// known, it counts as improving). A side whose position gets worse is
/// pruned harder: reverse futility's margin is one ply smaller when it
/// improves; late move pruning keeps `4 + 4d²` quiet moves when it
/// improves and [`NOT_IMPROVING_LATE_MOVES`] of them otherwise; and a late
/// move is reduced [`NOT_IMPROVING_REDUCTION`] ply more when it does not
/// improve (the moves that follow a worsening are less likely to cut).
pub const NOT_IMPROVING_LATE_MOVES: (i32, i32) = (1, 2);
/// See [`NOT_IMPROVING_LATE_MOVES`].
pub const NOT_IMPROVING_REDUCTION: i32 = 1;

/// Quiet moves late move pruning keeps at depth `depth` (≤ 3; none pruned
/// deeper), fewer when the side's static value is not improving.
fn late_move_limit(depth: i32, improving: bool) -> usize {
    if depth > 3 {
        return usize::MAX;
    }
    let limit = 4 + 4 * depth * depth;
    let (num, den) = NOT_IMPROVING_LATE_MOVES;
    (if improving { limit } else { limit * num / den }) as usize
}

/// Null-move pruning: at a non-PV node at least this deep whose static value
/// is at or above beta, the side to move passes (where the game allows it,
/// [`Evaluation::pass`]) and the opponent's reply is searched
/// `NULL_MOVE_REDUCTION + depth / 4` (plus up to 2 more when the static
/// value is far above beta) plies shallower than a move would be; if it
/// still cannot bring the score below beta, the node fails high.
pub const NULL_MOVE_MIN_DEPTH: i32 = 3;
pub const NULL_MOVE_REDUCTION: i32 = 3;
/// Checks are extended up to `2 * root depth + CHECK_EXTENSION_SLACK` plies;
/// deeper, a side in check at the horizon goes to quiescence.
pub const CHECK_EXTENSION_SLACK: usize = 4;
/// Internal iterative reduction: a node at least this deep, not in check,
/// with no move from the table is searched a ply shallower. Without a table
/// move its moves are likely to be ordered badly, so a full-depth search of
/// it is mostly wasted; the shallower search costs little and leaves a move
/// in the table for the next time the node is reached.
pub const IIR_MIN_DEPTH: i32 = 4;

/// When to stop thinking. Any combination; the first limit reached stops
/// the search. With none set the search goes to `DEFAULT_DEPTH`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest full iteration, in plies.
    pub depth: Option<u32>,
    /// Most positions to visit.
    pub nodes: Option<u64>,
    /// Most milliseconds to think (needs a clock; `best_move` has one).
    pub time_ms: Option<u64>,
    /// Weaker play: each root move's score gets a fixed random offset in
    /// `-noise_cp..=noise_cp` (mates excepted), drawn from `seed`.
    pub noise_cp: i32,
    pub seed: u64,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    pub fn time_ms(ms: u64) -> Limits {
        Limits { time_ms: Some(ms), ..Limits::default() }
    }
}

/// Techniques of the search that can be switched off, all on by default:
/// for tests that show what one of them changes (nodes, moves) against the
/// same search without it. Hidden from the docs: not part of the engine's API.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// Internal iterative reduction (see [`IIR_MIN_DEPTH`]).
    pub iir: bool,
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques { iir: true }
    }
}

/// What a search found (`M` is the game's move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` when the side to move has no legal move.
    pub best: Option<M>,
    /// For the side to move, in centipawns; beyond ±`MATE_BOUND` a mate score.
    pub score: i32,
    /// Last completed iteration.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    pub nodes: u64,
    /// Milliseconds spent (0 without a clock).
    pub time_ms: u64,
    /// The expected line, starting with `best`.
    pub pv: Vec<M>,
    /// A limit cut the last iteration short.
    pub stopped: bool,
}

impl<M> SearchResult<M> {
    /// `Some(n)`: the side to move mates in `n` moves; `Some(-n)`: is mated in `n`.
    pub fn mate_in(&self) -> Option<i32> {
        mate_in(self.score)
    }
}

/// Moves to mate of a score (`None` if not a mate score).
pub fn mate_in(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score + 1) / 2)
    } else {
        None
    }
}

/// What `Hooks::on_iteration` calls with each completed iteration.
pub type OnIteration<'a, M> = dyn FnMut(&SearchResult<M>) + 'a;

/// The outside world a search talks to. All optional.
pub struct Hooks<'a, M> {
    /// Milliseconds from any fixed origin: times the search, and stops it
    /// under a time limit (without a clock, a time limit is ignored).
    pub now_ms: Option<&'a dyn Fn() -> f64>,
    /// Polled every few thousand nodes; `true` ends the search (cancel).
    pub should_stop: Option<&'a dyn Fn() -> bool>,
    /// Called after every completed iteration (and at the end) with the result so far.
    pub on_iteration: Option<&'a mut OnIteration<'a, M>>,
}

impl<M> Default for Hooks<'_, M> {
    fn default() -> Self {
        Hooks { now_ms: None, should_stop: None, on_iteration: None }
    }
}

/// The platform's millisecond clock: `Instant` natively, `Date.now()` in the browser.
pub fn default_clock() -> impl Fn() -> f64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let origin = std::time::Instant::now();
        move || origin.elapsed().as_secs_f64() * 1000.0
    }
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::prelude::*;
        #[wasm_bindgen]
        extern "C" {
            #[wasm_bindgen(js_namespace = Date, js_name = now)]
            fn date_now() -> f64;
        }
        date_now
    }
}

/// The best move in `pos`, with a fresh table (so a depth- or node-limited
/// call always gives the same answer). `history` lists the hashes
/// (`GamePosition::hash`) of the earlier positions of the game, oldest first
/// (the current one may be included or not): a move back into any of them
/// scores as a draw.
pub fn best_move<P: Evaluation>(pos: &P, history: &[u64], limits: Limits) -> SearchResult<P::Move> {
    let clock = default_clock();
    let mut hooks = Hooks { now_ms: Some(&clock), ..Hooks::default() };
    Searcher::new().search(pos, history, limits, &mut hooks)
}

/// The `history` argument for a search in `game`'s current position: the
/// hashes of its earlier positions, oldest first.
pub fn game_history<P: Evaluation>(game: &impl AsRef<Record<P>>) -> Vec<u64> {
    game.as_ref().earlier_hashes()
}

/// A search with tables that persist from one call to the next (faster in
/// a game, but then results depend on what was searched before).
pub struct Searcher<P: Evaluation> {
    tt: Table<P::Move>,
    ordering: Ordering<P::Move>,
    /// Ordering scores, `MAX_MOVES` per ply.
    scores: Vec<i32>,
    /// Triangular principal-variation table.
    pv: Vec<Option<P::Move>>,
    pv_len: [usize; MAX_PLY + 1],
    /// Hashes of the positions on the current path, by ply.
    path: [u64; MAX_PLY + 1],
    /// Whether the side to move was in check there, by ply (for the repetition rules).
    path_check: [bool; MAX_PLY + 1],
    /// The key ([`Evaluation::piece_to_slot`]) of the move that led to each
    /// ply (`NO_KEY` at the root and after a pass).
    path_key: [usize; MAX_PLY + 2],
    /// See [`EVAL_CACHE_SLOTS`]: the hash's upper 48 bits and the value's 16.
    eval_cache: Vec<u64>,
    techniques: Techniques,
}

impl<P: Evaluation> Default for Searcher<P> {
    fn default() -> Self {
        Searcher::new()
    }
}

/// The state of one search call.
struct Run<'a, 'h, P: Evaluation> {
    s: &'a mut Searcher<P>,
    hooks: &'a mut Hooks<'h, P::Move>,
    limits: Limits,
    start_ms: f64,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    /// Game history hashes, and a 4096-bit filter of them.
    history: &'a [u64],
    history_filter: [u64; 64],
    root_depth: i32,
    /// Limits are not checked (the first iteration always completes).
    uninterruptible: bool,
    /// The node being searched has a score that rests on its path (a
    /// repetition, a move counter): not for the table.
    path_dependent: bool,
    /// The ply of the position after the latest pass on the path, if any: a
    /// repetition is looked for only after it (a line with a pass in it is
    /// no game's line), and the node right after a pass does not pass again.
    pass_ply: Option<usize>,
    /// The static value at each ply of the path (`-INF` where the side to
    /// move was in check), for `improving`.
    evals: [i32; MAX_PLY + 1],
}

impl<P: Evaluation> Searcher<P> {
    pub fn new() -> Searcher<P> {
        Searcher::with_table_size(DEFAULT_TT_LOG2)
    }

    /// A searcher whose table has `2^log2_entries` slots (16 bytes each).
    pub fn with_table_size(log2_entries: u32) -> Searcher<P> {
        Searcher {
            tt: Table::new(log2_entries),
            ordering: Ordering::new(P::HISTORY_SLOTS, P::PIECE_TO_SLOTS),
            path_key: [ordering::NO_KEY; MAX_PLY + 2],
            scores: vec![0; (MAX_PLY + 1) * P::MAX_MOVES],
            pv: vec![None; (MAX_PLY + 1) * (MAX_PLY + 1)],
            pv_len: [0; MAX_PLY + 1],
            path: [0; MAX_PLY + 1],
            path_check: [false; MAX_PLY + 1],
            eval_cache: vec![u64::MAX; EVAL_CACHE_SLOTS],
            techniques: Techniques::default(),
        }
    }

    /// Switches techniques of the search on or off (see [`Techniques`]); for tests.
    #[doc(hidden)]
    pub fn set_techniques(&mut self, techniques: Techniques) {
        self.techniques = techniques;
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
        self.eval_cache.fill(u64::MAX);
    }

    /// Searches `pos` within `limits`; see [`best_move`] for `history`.
    pub fn search(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: Limits,
        hooks: &mut Hooks<P::Move>,
    ) -> SearchResult<P::Move> {
        self.search_excluding(pos, history, limits, &[], hooks)
    }

    /// [`Searcher::search`] among the root moves other than `excluded`: the
    /// second best move is the best of the rest (an engine protocol's
    /// MultiPV). With every legal move excluded the answer has no move
    /// (`best` is `None`) and scores as if the side to move had none.
    pub fn search_excluding(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: Limits,
        excluded: &[P::Move],
        hooks: &mut Hooks<P::Move>,
    ) -> SearchResult<P::Move> {
        self.tt.new_search();
        self.ordering.new_search();
        let mut history_filter = [0u64; 64];
        for &h in history {
            history_filter[(h >> 6) as usize & 63] |= 1 << (h & 63);
        }
        // Clocks need not start at zero (the browser's counts from 1970).
        let start_ms = hooks.now_ms.map_or(0.0, |now| now());
        let mut run = Run {
            s: self,
            hooks,
            limits,
            start_ms,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            history,
            history_filter,
            root_depth: 0,
            uninterruptible: false,
            path_dependent: false,
            pass_ply: None,
            evals: [-INF; MAX_PLY + 1],
        };
        run.iterate(pos, excluded)
    }
}

#[inline]
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The score of a position where the side to move has no legal move.
fn no_moves_score<P: Evaluation>(pos: &P, ply: usize) -> i32 {
    let lost = -MATE + ply as i32;
    if pos.has_lost() {
        return lost;
    }
    match pos.no_moves() {
        NoMoves::Loss => lost,
        NoMoves::Draw => 0,
    }
}

/// The stored score, if its bound settles the window `alpha..beta`.
fn tt_cutoff<M>(e: tt::Entry<M>, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = score_from_tt(e.score as i32, ply);
    let settled = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    settled.then_some(s)
}

struct RootMove<M> {
    m: M,
    score: i32,
    noise: i32,
}

const NODE_CHECK_INTERVAL: u64 = 2048;

/// The position's static value, within ±`EVAL_LIMIT`.
#[inline]
pub fn static_value<P: Evaluation>(pos: &P) -> i32 {
    pos.evaluate().clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// Static values by hash, a slot per hash's low bits: what a position is worth
/// does not depend on the path, so a position evaluated once (whose table
/// entry was not stored, as in quiescence, or was overwritten) is not
/// evaluated again. It changes no search result, only its speed (the slot
/// and the 48 bits kept compare the whole hash, as the table's entries do).
const EVAL_CACHE_SLOTS: usize = 1 << 16;

impl<P: Evaluation> Run<'_, '_, P> {
    #[inline]
    fn cached_static_value(&mut self, pos: &P, hash: u64) -> i32 {
        let slot = &mut self.s.eval_cache[hash as usize & (EVAL_CACHE_SLOTS - 1)];
        if *slot >> 16 == hash >> 16 {
            return *slot as i16 as i32;
        }
        let value = static_value(pos);
        *slot = (hash >> 16) << 16 | (value as i16 as u16 as u64);
        value
    }

    fn elapsed_ms(&self) -> f64 {
        match &self.hooks.now_ms {
            Some(now) => now() - self.start_ms,
            None => 0.0,
        }
    }

    /// Counts a node and tells whether the search must stop now.
    #[inline]
    fn count_node_and_check(&mut self) -> bool {
        self.nodes += 1;
        if self.uninterruptible {
            return false;
        }
        if let Some(max) = self.limits.nodes {
            if self.nodes > max {
                self.aborted = true;
            }
        }
        if self.nodes.is_multiple_of(NODE_CHECK_INTERVAL) {
            if let (Some(ms), Some(_)) = (self.limits.time_ms, &self.hooks.now_ms) {
                if self.elapsed_ms() >= ms as f64 {
                    self.aborted = true;
                }
            }
            if let Some(stop) = &self.hooks.should_stop {
                if stop() {
                    self.aborted = true;
                }
            }
        }
        self.aborted
    }

    /// The score of the position at `ply` (hash `hash`, side to move in
    /// check or not) if it repeats one on the path or in the game's history,
    /// by the game's rules; `None` if it is new.
    #[inline]
    fn repetition_score(&self, pos: &P, hash: u64, ply: usize, in_check: bool) -> Option<i32> {
        // Same side to move: every second ply back along the path, back to
        // the latest pass.
        let mut p = ply as isize - 2;
        let floor = self.pass_ply.unwrap_or(0) as isize;
        let mut first = None;
        while p >= floor {
            if self.s.path[p as usize] == hash {
                first = Some(p as usize + 1);
                break;
            }
            p -= 2;
        }
        if first.is_none()
            && self.pass_ply.is_none()
            && self.history_filter[(hash >> 6) as usize & 63] >> (hash & 63) & 1 != 0
            && self.history.contains(&hash)
        {
            // Back into the game: judged on the part of the cycle in the tree.
            first = Some(0);
        }
        let first = first?;
        // Positions `first..=ply` since the first occurrence: where the
        // opponent was to move (odd distance), the side to move gave check.
        let checked = |k: usize| if k == ply { in_check } else { self.s.path_check[k] };
        let (mut mover_checks, mut opponent_checks) = (true, true);
        let (mut mover_plies, mut opponent_plies) = (0, 0);
        for k in first..=ply {
            if (ply - k) % 2 == 1 {
                mover_checks &= checked(k);
                mover_plies += 1;
            } else {
                opponent_checks &= checked(k);
                opponent_plies += 1;
            }
        }
        let cycle = Cycle {
            mover_always_checked: mover_checks && mover_plies > 0,
            opponent_always_checked: opponent_checks && opponent_plies > 0,
        };
        Some(match pos.repetition_outcome(cycle) {
            RepetitionOutcome::Draw => 0,
            RepetitionOutcome::Win => MATE - ply as i32,
            RepetitionOutcome::Loss => -MATE + ply as i32,
        })
    }

    fn result(&self, pos: &P, root: &[RootMove<P::Move>], score: i32, depth: u32) -> SearchResult<P::Move> {
        // The line as far as it is legal (a table hit can end it early, and
        // quiescence moves are checked only against the tables).
        let mut pv = Vec::new();
        let mut p = pos.clone();
        for m in self.s.pv[..self.s.pv_len[0]].iter().map_while(|m| *m) {
            if !p.legal_moves().contains(&m) {
                break;
            }
            p = p.play(m);
            pv.push(m);
        }
        let best = pv.first().copied().or(root.first().map(|r| r.m));
        SearchResult {
            best,
            score,
            depth,
            seldepth: self.seldepth as u32,
            nodes: self.nodes,
            time_ms: self.elapsed_ms().max(0.0) as u64,
            pv,
            stopped: self.aborted,
        }
    }

    fn iterate(&mut self, pos: &P, excluded: &[P::Move]) -> SearchResult<P::Move> {
        if self.hooks.now_ms.is_none() {
            // No clock, no time limit.
            self.limits.time_ms = None;
        }
        let limits = self.limits;
        let max_depth = match (limits.depth, limits.nodes, limits.time_ms) {
            (None, None, None) => DEFAULT_DEPTH,
            (d, _, _) => d.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH),
        };
        let moves: Vec<P::Move> = pos.legal_moves().iter().copied().filter(|m| !excluded.contains(m)).collect();
        self.s.path[0] = pos.hash();
        self.s.path_check[0] = pos.is_check();
        self.s.path_key[0] = ordering::NO_KEY;
        self.evals[0] = if pos.is_check() { -INF } else { static_value(pos) };
        if moves.is_empty() {
            self.s.pv_len[0] = 0;
            let r = self.result(pos, &[], no_moves_score(pos, 0), 0);
            return r;
        }
        let tt_move = self.s.tt.probe(pos.hash()).and_then(|e| e.best);
        let mut rng = Rng::new(limits.seed ^ pos.hash());
        let mut root: Vec<RootMove<P::Move>> =
            moves.iter().map(|&m| RootMove { m, score: self.s.ordering.score(pos, m, tt_move, 0), noise: 0 }).collect();
        root.sort_by_key(|r| std::cmp::Reverse(r.score));
        for r in &mut root {
            r.noise = rng.symmetric(limits.noise_cp);
        }

        let mut last: Option<SearchResult<P::Move>> = None;
        for depth in 1..=max_depth {
            self.root_depth = depth as i32;
            // The first iteration is small (quiescence is bounded) and is
            // always finished, so the answer is a searched move.
            self.uninterruptible = depth == 1;
            let prev = last.as_ref().map(|r| r.score);
            let score = match prev {
                Some(p) if depth >= 5 && p.abs() < MATE_BOUND && limits.noise_cp == 0 => {
                    self.aspiration(pos, &mut root, depth as i32, p)
                }
                _ => self.root_search(pos, &mut root, depth as i32, -INF, INF),
            };
            if self.aborted {
                // A partly searched iteration still counts if it found a
                // better move than the last complete one (the first searched
                // is the previous best); it is reported at the depth completed.
                // (The first iteration is never stopped, so `last` is set.)
                if let (Some(prev), Some(score)) = (&last, score) {
                    if self.s.pv_len[0] > 0 && score > prev.score {
                        last = Some(self.result(pos, &root, score, prev.depth));
                    }
                }
                break;
            }
            let score = score.expect("a completed iteration has a score");
            let r = self.result(pos, &root, score, depth);
            if let Some(cb) = self.hooks.on_iteration.as_mut() {
                cb(&r);
            }
            last = Some(r);
            // Under a time limit, don't start an iteration that cannot finish.
            if let Some(ms) = limits.time_ms {
                if root.len() == 1 || self.elapsed_ms() >= ms as f64 * 0.45 {
                    break;
                }
                if score.abs() >= MATE_BOUND && (MATE - score.abs()) < depth as i32 {
                    break;
                }
            }
        }
        let mut result = last.expect("the first iteration always completes");
        result.nodes = self.nodes;
        result.seldepth = self.seldepth as u32;
        result.stopped = self.aborted;
        result.time_ms = self.elapsed_ms().max(0.0) as u64;
        result
    }

    /// A root search in a window around the previous score, widened on failure.
    fn aspiration(&mut self, pos: &P, root: &mut [RootMove<P::Move>], depth: i32, prev: i32) -> Option<i32> {
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (prev - delta, prev + delta);
        loop {
            let score = self.root_search(pos, root, depth, alpha, beta)?;
            if self.aborted {
                return Some(score);
            }
            if score <= alpha {
                alpha = (alpha - delta).max(-INF);
            } else if score >= beta {
                beta = (beta + delta).min(INF);
            } else {
                return Some(score);
            }
            delta *= 3;
            if delta > 1000 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// One iteration over the root moves. Returns the best score, or `None`
    /// if stopped before any move was searched. Moves the best move first.
    fn root_search(
        &mut self,
        pos: &P,
        root: &mut [RootMove<P::Move>],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let noisy = self.limits.noise_cp > 0;
        let orig_alpha = alpha;
        self.path_dependent = false;
        let mut best: Option<(usize, i32, i32)> = None; // index, noisy score, true score
        self.seldepth = self.seldepth.max(1);
        #[allow(clippy::needless_range_loop)]
        for i in 0..root.len() {
            let m = root[i].m;
            let child = pos.play(m);
            let check = child.is_check();
            self.s.path_key[1] = pos.piece_to_slot(m);
            let score = if noisy {
                -self.search(&child, depth - 1, 1, -INF, INF, true, check)
            } else if i == 0 {
                -self.search(&child, depth - 1, 1, -beta, -alpha, true, check)
            } else {
                let s = -self.search(&child, depth - 1, 1, -alpha - 1, -alpha, false, check);
                if s > alpha && s < beta && !self.aborted {
                    -self.search(&child, depth - 1, 1, -beta, -alpha, true, check)
                } else {
                    s
                }
            };
            if self.aborted {
                break;
            }
            let ranked = if noisy && score.abs() < MATE_BOUND { score + root[i].noise } else { score };
            root[i].score = if i == 0 || ranked > alpha { ranked } else { -INF + i as i32 };
            if best.is_none_or(|(_, b, _)| ranked > b) {
                best = Some((i, ranked, score));
                // The root PV: this move, then the child's line.
                self.s.pv[0] = Some(m);
                let child_len = self.s.pv_len[1].max(1);
                for p in 1..child_len {
                    self.s.pv[p] = self.s.pv[(MAX_PLY + 1) + p];
                }
                self.s.pv_len[0] = child_len;
                if !noisy {
                    if score > alpha {
                        alpha = score;
                    }
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let (index, _, score) = best?;
        root[..=index].rotate_right(1);
        // Keep the rest in the order of their scores for the next iteration.
        root[1..].sort_by_key(|r| std::cmp::Reverse(r.score));
        let tt_score = score_to_tt(score, 0);
        if !self.aborted && !self.path_dependent {
            let bound = if score >= beta {
                Bound::Lower
            } else if noisy || score > orig_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.s.tt.store(pos.hash(), depth, tt_score, bound, Some(root[0].m), NO_EVAL);
        }
        Some(score)
    }

    /// The score of `pos` at `ply` within `alpha..beta`; tells its caller,
    /// through `path_dependent`, whether that score rests on the path.
    #[allow(clippy::too_many_arguments)]
    fn search(&mut self, pos: &P, depth: i32, ply: usize, alpha: i32, beta: i32, pv_node: bool, in_check: bool) -> i32 {
        let outer = std::mem::take(&mut self.path_dependent);
        let score = self.search_node(pos, depth, ply, alpha, beta, pv_node, in_check);
        self.path_dependent |= outer;
        score
    }

    /// A position searched on the path already scores by the repetition
    /// rules; one that is drawn by itself scores 0 (unless it has no legal
    /// move, which the move loop judges).
    #[inline]
    fn path_score(&mut self, pos: &P, hash: u64, ply: usize, in_check: bool) -> Option<i32> {
        let score = self
            .repetition_score(pos, hash, ply, in_check)
            .or_else(|| (pos.position_draw().is_some() && pos.has_legal_move()).then_some(0))?;
        self.path_dependent = true;
        Some(score)
    }

    #[allow(clippy::too_many_arguments)]
    fn search_node(
        &mut self,
        pos: &P,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
        in_check: bool,
    ) -> i32 {
        self.s.pv_len[ply] = ply;
        let may_extend = ply < 2 * self.root_depth as usize + CHECK_EXTENSION_SLACK;
        if depth <= 0 && (!in_check || !may_extend) {
            return self.qsearch(pos, ply, 0, alpha, beta, in_check);
        }
        if self.count_node_and_check() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if pos.has_lost() {
            return -MATE + ply as i32;
        }
        let hash = pos.hash();
        if let Some(score) = self.path_score(pos, hash, ply, in_check) {
            return score;
        }
        self.s.path[ply] = hash;
        self.s.path_check[ply] = in_check;
        // Mate distance: no line from here can do better than mating at once.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY - 1 {
            return static_value(pos);
        }

        let entry = self.s.tt.probe(hash);
        let tt_move = entry.and_then(|e| e.best);
        if let Some(e) = entry {
            if !pv_node && e.depth as i32 >= depth {
                if let Some(s) = tt_cutoff(e, ply, alpha, beta) {
                    return s;
                }
            }
        }

        // Check extension (bounded, so that long series of checks end).
        let mut depth = if in_check && may_extend { depth.max(0) + 1 } else { depth.max(1) };
        // Internal iterative reduction: see `IIR_MIN_DEPTH`.
        if self.s.techniques.iir && !in_check && depth >= IIR_MIN_DEPTH && tt_move.is_none() {
            depth -= 1;
        }

        let static_eval = match entry {
            _ if in_check => -INF,
            Some(e) if e.eval != NO_EVAL => e.eval as i32,
            _ => self.cached_static_value(pos, hash),
        };
        // (Clamped to ±EVAL_LIMIT, so it fits.)
        let tt_eval = if in_check { NO_EVAL } else { static_eval as i16 };
        self.evals[ply] = static_eval;
        // See `NOT_IMPROVING_LATE_MOVES`.
        let earlier =
            [2, 4].into_iter().filter_map(|back| ply.checked_sub(back)).map(|p| self.evals[p]).find(|&e| e != -INF);
        let improving = !in_check && earlier.is_none_or(|e| static_eval > e);
        // Reverse futility: far above beta with little depth left, stop here.
        if !pv_node
            && !in_check
            && depth <= REVERSE_FUTILITY_MAX_DEPTH
            && beta.abs() < MATE_BOUND
            && static_eval - REVERSE_FUTILITY_MARGIN_PER_PLY * (depth - improving as i32) >= beta
        {
            return static_eval;
        }

        // Null move: see `NULL_MOVE_MIN_DEPTH`.
        if !pv_node
            && !in_check
            && depth >= NULL_MOVE_MIN_DEPTH
            && beta.abs() < MATE_BOUND
            && static_eval >= beta
            && self.pass_ply != Some(ply)
        {
            if let Some(pass) = pos.pass() {
                let r = (NULL_MOVE_REDUCTION + depth / 4 + ((static_eval - beta) / 200).min(2)).min(pass.max_reduction);
                let outer = self.pass_ply.replace(ply + 1);
                self.s.path_key[ply + 1] = ordering::NO_KEY;
                let check = pass.position.is_check();
                let score = -self.search(&pass.position, depth - 1 - r, ply + 1, -beta, -beta + 1, false, check);
                self.pass_ply = outer;
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    // A mate found after a pass proves no mate.
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        let mut best_score = -INF;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets_tried: ArrayVec<P::Move, 64> = ArrayVec::new();
        let late_limit = late_move_limit(depth, improving);
        let orig_alpha = alpha;
        let zone = pos.check_hint();

        let base = ply * P::MAX_MOVES;
        let prev = if ply >= 1 { self.s.path_key[ply - 1] } else { ordering::NO_KEY };
        self.s.ordering.set_context(ply, [self.s.path_key[ply], prev]);
        let counter = self.s.ordering.countermove(ply);
        let mut picker = MovePicker::<P>::new(tt_move, self.s.ordering.killers(ply), counter, ply);
        loop {
            let s = &mut *self.s;
            let Some(m) = picker.next(pos, &s.ordering, &mut s.scores[base..base + P::MAX_MOVES]) else { break };
            let quiet = pos.is_quiet(m);
            let killer = quiet && (self.s.ordering.is_killer(ply, m) || counter == Some(m));

            // Prune late quiet moves that cannot give check, without playing them:
            // past the late move limit, or futile at the depth a late move
            // would be reduced to (see `FUTILITY_MAX_DEPTH`).
            if quiet && !pv_node && !in_check && best_score > -MATE_BOUND {
                let futile = || {
                    let reduced =
                        if depth >= 3 && searched >= 1 { late_move_reduction(depth, searched + 1) } else { 0 };
                    let lmr_depth = (depth - reduced).max(1);
                    lmr_depth <= FUTILITY_MAX_DEPTH
                        && static_eval + FUTILITY_MARGIN_BASE + FUTILITY_MARGIN_PER_PLY * lmr_depth <= alpha
                };
                if (searched >= late_limit || futile()) && !pos.may_give_check(&zone, m) {
                    continue;
                }
            }
            // SEE pruning: see `SEE_PRUNING_MAX_DEPTH`.
            if !in_check && depth <= SEE_PRUNING_MAX_DEPTH && best_score > -MATE_BOUND {
                let quiet_without_check = quiet && !pos.may_give_check(&zone, m);
                if pos.exchange_value(m) < see_pruning_threshold(depth, quiet_without_check) {
                    continue;
                }
            }
            let child = pos.play(m);
            let gives_check = child.is_check();
            self.s.path_key[ply + 1] = pos.piece_to_slot(m);

            let new_depth = depth - 1;
            let score = if searched == 0 {
                -self.search(&child, new_depth, ply + 1, -beta, -alpha, pv_node, gives_check)
            } else {
                let mut r = 0;
                if depth >= 3 && searched >= 2 && quiet && !killer && !in_check && !gives_check {
                    r = late_move_reduction(depth, searched);
                    if pv_node {
                        r -= 1;
                    }
                    if !improving {
                        r += NOT_IMPROVING_REDUCTION;
                    }
                    // A move with a good history is reduced less, a bad one more.
                    r -= self.s.ordering.score(pos, m, None, ply) / (2 * ordering::HISTORY_MAX);
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.search(&child, new_depth - r, ply + 1, -alpha - 1, -alpha, false, gives_check);
                if s > alpha && r > 0 && !self.aborted {
                    s = -self.search(&child, new_depth, ply + 1, -alpha - 1, -alpha, false, gives_check);
                }
                if s > alpha && s < beta && pv_node && !self.aborted {
                    s = -self.search(&child, new_depth, ply + 1, -beta, -alpha, true, gives_check);
                }
                s
            };
            if self.aborted {
                return 0;
            }
            searched += 1;
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    self.update_pv(ply, m);
                    if score >= beta {
                        if quiet {
                            self.s.ordering.on_cutoff(pos, ply, depth, m, &quiets_tried);
                        }
                        break;
                    }
                    alpha = score;
                }
            }
            if quiet && !quiets_tried.is_full() {
                quiets_tried.push(m);
            }
        }
        if searched == 0 && picker.no_legal_moves() {
            return no_moves_score(pos, ply);
        }

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if !self.path_dependent {
            self.s.tt.store(hash, depth, score_to_tt(best_score, ply), bound, best_move, tt_eval);
        }
        best_score
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, m: P::Move) {
        const W: usize = MAX_PLY + 1;
        self.s.pv[ply * W + ply] = Some(m);
        let child_len = self.s.pv_len[ply + 1].max(ply + 1);
        for p in ply + 1..child_len {
            self.s.pv[ply * W + p] = self.s.pv[(ply + 1) * W + p];
        }
        self.s.pv_len[ply] = child_len;
    }

    /// Quiescence, `qply` plies past the horizon: the captures that do not
    /// lose material and may still matter (and, at its first ply, promotions
    /// to the most valuable piece), or every evasion of a check, until the
    /// position is quiet or `QS_MAX_PLIES` deep.
    fn qsearch(&mut self, pos: &P, ply: usize, qply: usize, mut alpha: i32, beta: i32, in_check: bool) -> i32 {
        self.s.pv_len[ply] = ply;
        if self.count_node_and_check() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if pos.has_lost() {
            return -MATE + ply as i32;
        }
        if ply >= MAX_PLY - 1 || qply >= QS_MAX_PLIES {
            return static_value(pos);
        }
        if pos.position_draw().is_some() && pos.has_legal_move() {
            self.path_dependent = true;
            return 0;
        }
        let hash = pos.hash();
        let entry = self.s.tt.probe(hash);
        if let Some(s) = entry.and_then(|e| tt_cutoff(e, ply, alpha, beta)) {
            return s;
        }
        let evasions = in_check;
        if evasions {
            // Quiet evasions are ordered by history only.
            self.s.ordering.set_context(ply, [ordering::NO_KEY; 2]);
        }
        let mut list = P::MoveList::default();
        let stand = if evasions {
            pos.legal_moves_into(&mut list);
            if list.is_empty() {
                return no_moves_score(pos, ply);
            }
            -INF
        } else {
            let stand = match entry {
                Some(e) if e.eval != NO_EVAL => e.eval as i32,
                _ => self.cached_static_value(pos, hash),
            };
            if stand >= beta {
                return stand;
            }
            pos.noisy_moves_into(&mut list);
            // With no capture to make, a side may have no move at all.
            if list.is_empty() && !pos.has_legal_move() {
                return no_moves_score(pos, ply);
            }
            stand
        };
        alpha = alpha.max(stand);
        let mut best = stand;

        // Which moves are worth trying: see the function's comment.
        let best_promotion = if evasions || qply > 0 {
            None
        } else {
            list.iter().filter(|&&m| pos.capture_gain(m).is_none()).filter_map(|&m| pos.promotion_value(m)).max()
        };
        let base = ply * P::MAX_MOVES;
        let mut n = 0;
        for i in 0..list.len() {
            let m = list[i];
            if !evasions && !self.worth_in_quiescence(pos, m, stand, alpha, best_promotion) {
                continue;
            }
            self.s.scores[base + n] = self.s.ordering.score(pos, m, None, ply);
            list[n] = m;
            n += 1;
        }
        for i in 0..n {
            pick_best(&mut list, &mut self.s.scores[base..], i, n);
            let m = list[i];
            let child = pos.play(m);
            let score = -self.qsearch(&child, ply + 1, qply + 1, -beta, -alpha, child.is_check());
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        best
    }

    /// Whether quiescence tries the noisy move `m` when the side to move
    /// stands at `stand`: a capture that wins the game; a capture that can
    /// lift the score near `alpha` (delta pruning) and does not lose
    /// material by its exchange value; a promotion without capture only to
    /// the most valuable piece (`best_promotion`, `None` past the first
    /// ply) and only where the new piece is safe enough.
    #[inline]
    fn worth_in_quiescence(&self, pos: &P, m: P::Move, stand: i32, alpha: i32, best_promotion: Option<i32>) -> bool {
        let promotion_gain = pos.promotion_value(m).map_or(0, |v| v - pos.mover_value(m));
        match pos.capture_gain(m) {
            Some(i32::MAX) => true,
            Some(gain) => {
                stand.saturating_add(gain + promotion_gain + DELTA_MARGIN) > alpha
                    && (gain >= pos.mover_value(m) || pos.exchange_value(m) >= 0)
            }
            None => match (pos.promotion_value(m), best_promotion) {
                (Some(v), Some(best)) => {
                    v == best && stand + promotion_gain + DELTA_MARGIN > alpha && pos.exchange_value(m) >= 0
                }
                _ => false,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{late_move_limit, late_move_reduction, see_pruning_threshold};

    #[test]
    fn late_move_pruning_keeps_fewer_moves_when_not_improving() {
        assert_eq!(late_move_limit(1, true), 8);
        assert_eq!(late_move_limit(3, true), 40);
        assert_eq!(late_move_limit(1, false), 4);
        assert_eq!(late_move_limit(3, false), 20);
        assert_eq!(late_move_limit(4, false), usize::MAX);
        for d in 1..3 {
            assert!(late_move_limit(d, false) < late_move_limit(d, true));
            assert!(late_move_limit(d, false) < late_move_limit(d + 1, false));
        }
    }

    #[test]
    fn see_pruning_spares_more_the_deeper_and_more_for_noisy_moves() {
        // A quiet move that hangs a pawn goes at depth 1 and 2, a Knight
        // (320) up to depth 3, nothing at 8.
        assert!(-100 < see_pruning_threshold(2, true));
        assert!(-100 >= see_pruning_threshold(3, true));
        assert!(-320 < see_pruning_threshold(3, true));
        assert!(-900 >= see_pruning_threshold(7, true));
        // A capture that loses a pawn for a Knight survives at depth 2.
        assert!(100 - 320 >= see_pruning_threshold(2, false));
        for d in 1..8 {
            assert!(see_pruning_threshold(d + 1, true) < see_pruning_threshold(d, true));
            assert!(see_pruning_threshold(d + 1, false) < see_pruning_threshold(d, false));
            // Never prunes a move that loses nothing.
            assert!(see_pruning_threshold(d, true) < 0 && see_pruning_threshold(d, false) < 0);
        }
    }

    #[test]
    fn late_moves_are_reduced_more_the_deeper_and_the_later() {
        assert_eq!(late_move_reduction(3, 2), 1);
        assert_eq!(late_move_reduction(3, 3), 1);
        assert_eq!(late_move_reduction(6, 10), 2);
        assert_eq!(late_move_reduction(10, 30), 4);
        for d in 3..64 {
            for n in 2..200 {
                assert!(late_move_reduction(d, n) <= late_move_reduction(d + 1, n));
                assert!(late_move_reduction(d, n) <= late_move_reduction(d, n + 1));
            }
        }
    }
}
