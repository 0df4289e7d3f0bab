//! Texel's method for the evaluation's weights: self-play games give
//! quiet positions labelled with the game's result; a logistic curve maps
//! an evaluation to an expected score, `1 / (1 + 10^(-K·eval/400))`; K is
//! fitted first (the weights as they are), then the weights, by Adam on the
//! mean squared error between results and expected scores. The terms of
//! each position are computed once (`eval::terms`) and kept as sparse
//! counts, so an epoch is one pass over them.
//!
//! Each position also carries the self-play search's score, so that a fit
//! can learn from a blend of the game's result and what a deeper look found
//! (`zilo tune --blend`): a game's result says little about a position
//! decided much later, the search's score says what it is worth now.
//!
//! `zilo selfplay` writes the data, `zilo tune` fits and writes the weight
//! table (`make tune VARIANT=...` does both).

use std::io::{self, Write};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

use crate::chesslike::eval::terms;
use crate::chesslike::eval_terms::{weights_of, Layout, PHASE_MAX};
use crate::chesslike::fen::parse_position;
use crate::chesslike::position::Position;
use crate::chesslike::variant::Variant;
use crate::game_position::{Evaluation, GamePosition};
use crate::players::{Player, PlayerSpec};
use crate::record::Record;
use crate::rng::Rng;

/// How self-play games are played.
#[derive(Clone, Copy, Debug)]
pub struct SelfplayOptions {
    pub games: u32,
    /// Nodes searched per move, by both sides.
    pub nodes: u64,
    pub seed: u64,
    pub threads: usize,
    /// Random plies before the search plays, `min..=max`: the openings' variety.
    pub opening_plies: (u32, u32),
    /// A game still going after this many plies is scored a draw.
    pub max_plies: u32,
}

impl SelfplayOptions {
    pub fn new(games: u32, nodes: u64, seed: u64) -> SelfplayOptions {
        SelfplayOptions { games, nodes, seed, threads: 1, opening_plies: (2, 8), max_plies: 300 }
    }
}

/// Search scores written with the data are clamped to ±this (mate scores
/// included): far enough for any expected score to be 0 or 1.
pub const SCORE_LIMIT: i32 = 3000;

/// One game's quiet positions, each with the search's score for the first
/// player (centipawns, within ±[`SCORE_LIMIT`]), and its result (the first
/// player's score: 1, 0.5 or 0).
#[derive(Clone, Debug)]
pub struct GameSample {
    pub positions: Vec<(String, i32)>,
    pub result: f64,
}

/// Plays game `index` of a self-play run: a random opening, then the search
/// at `options.nodes` nodes for both sides. Keeps the positions where the
/// side to move is not in check and the search's move is quiet (no capture,
/// no promotion), whose static value means what a search would find.
pub fn selfplay_game(variant: &'static Variant, options: &SelfplayOptions, index: u32) -> GameSample {
    let seed = options.seed ^ (index as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut rng = Rng::new(seed);
    let start = Position::start(variant);
    let (lo, hi) = options.opening_plies;
    let plies = lo + rng.below((hi.saturating_sub(lo) + 1) as usize) as u32;
    let mut game = Record::new(start);
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.outcome().is_over() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        game.play(m).expect("a legal move");
    }
    let mut history: Vec<u64> = game.positions().iter().map(|p| p.hash()).collect();
    let mut players = [
        Player::<Position>::new(PlayerSpec::Nodes(options.nodes), seed),
        Player::<Position>::new(PlayerSpec::Nodes(options.nodes), seed ^ 0x5555_5555_5555_5555),
    ];
    let mut positions = Vec::new();
    let mut played = 0;
    let outcome = loop {
        let outcome = game.outcome();
        if outcome.is_over() || played >= options.max_plies {
            break outcome;
        }
        let pos = game.position().clone();
        let past = &history[..history.len() - 1];
        let player = &mut players[pos.turn().index()];
        let Some(m) = player.choose(&pos, past) else { break outcome };
        if !pos.is_check() && pos.is_quiet(m) {
            let score = player.last_score().unwrap_or(0).clamp(-SCORE_LIMIT, SCORE_LIMIT);
            let first_player = if pos.turn().index() == 0 { score } else { -score };
            positions.push((pos.position_text(), first_player));
        }
        game.play(m).expect("the search plays legal moves");
        history.push(game.position().hash());
        played += 1;
    };
    let result = match outcome.winner() {
        Some(w) if w.index() == 0 => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    GameSample { positions, result }
}

/// Plays `options.games` self-play games and writes each kept position as a
/// line `game;result;position;score` (result: the first player's score;
/// score: the search's, for the first player, in centipawns).
/// Returns how many positions were written.
pub fn selfplay(
    variant: &'static Variant,
    options: &SelfplayOptions,
    out: &mut (impl Write + Send),
) -> io::Result<u64> {
    let next = AtomicU32::new(0);
    let sink = Mutex::new((out, 0u64, Ok(())));
    let worker = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= options.games {
            break;
        }
        let g = selfplay_game(variant, options, i);
        let mut guard = sink.lock().expect("no worker panicked");
        let (out, count, status) = &mut *guard;
        if status.is_err() {
            break;
        }
        for (p, score) in &g.positions {
            if let Err(e) = writeln!(out, "{i};{};{p};{score}", g.result) {
                *status = Err(e);
                break;
            }
        }
        // Each game whole on disk as it ends: a run stopped by a time limit keeps its finished games.
        if let Err(e) = out.flush() {
            *status = Err(e);
            break;
        }
        *count += g.positions.len() as u64;
    };
    let threads = options.threads.clamp(1, 64);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            std::thread::Builder::new().stack_size(64 << 20).spawn_scoped(scope, worker).expect("spawn a thread");
        }
    });
    let (_, count, status) = sink.into_inner().expect("no worker panicked");
    status.map(|()| count)
}

/// Positions as sparse term counts, each with its phase and result.
#[derive(Default, Debug)]
pub struct Dataset {
    /// Term index and count, all positions one after another.
    terms: Vec<(u32, f32)>,
    /// Where each position's terms start in `terms` (one more entry at the end).
    starts: Vec<usize>,
    /// The middle-game share, 0..=1.
    phase: Vec<f32>,
    /// What the fit aims at: the game's result, or its blend with the search's score.
    result: Vec<f32>,
    /// The self-play search's score for the first player, where the data has one.
    score: Vec<Option<f32>>,
}

impl Dataset {
    pub fn len(&self) -> usize {
        self.result.len()
    }

    pub fn is_empty(&self) -> bool {
        self.result.is_empty()
    }

    /// Adds a position with its term counts, phase (0..=1) and result.
    pub fn push(&mut self, counts: &[(u32, i32)], phase: f64, result: f64, score: Option<i32>) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        self.terms.extend(counts.iter().map(|&(t, n)| (t, n as f32)));
        self.starts.push(self.terms.len());
        self.phase.push(phase as f32);
        self.result.push(result as f32);
        self.score.push(score.map(|s| s as f32));
    }

    /// Adds `pos` labelled with `result` and the search's `score`, if known.
    pub fn push_position(&mut self, pos: &Position, result: f64, score: Option<i32>) {
        let (phase, counts) = terms(pos);
        self.push(&counts, phase as f64 / PHASE_MAX as f64, result, score);
    }

    /// The fit's target of position `i`.
    pub fn target(&self, i: usize) -> f64 {
        self.result[i] as f64
    }

    /// Aims the fit at `(1 − share) × result + share × expected(score, k)`
    /// where a position has a search score (the rest keep their result).
    pub fn blend_with_scores(&mut self, k: f64, share: f64) {
        for (r, s) in self.result.iter_mut().zip(&self.score) {
            if let Some(s) = s {
                *r = ((1.0 - share) * *r as f64 + share * expected(*s as f64, k)) as f32;
            }
        }
    }

    /// The evaluation of position `i` (first player's side), weights
    /// `w[2t]` (middle game) and `w[2t + 1]` (endgame) for term `t`.
    #[inline]
    fn eval(&self, i: usize, w: &[f64]) -> f64 {
        let ph = self.phase[i] as f64;
        self.terms[self.starts[i]..self.starts[i + 1]]
            .iter()
            .map(|&(t, n)| n as f64 * (w[2 * t as usize] * ph + w[2 * t as usize + 1] * (1.0 - ph)))
            .sum()
    }

    /// Mean squared error between results and the expected scores.
    pub fn error(&self, w: &[f64], k: f64) -> f64 {
        if self.is_empty() {
            return 0.0;
        }
        let sum: f64 = (0..self.len())
            .map(|i| {
                let d = self.result[i] as f64 - expected(self.eval(i, w), k);
                d * d
            })
            .sum();
        sum / self.len() as f64
    }

    /// The gradient of [`Dataset::error`] by each weight.
    fn gradient(&self, w: &[f64], k: f64) -> Vec<f64> {
        let mut g = vec![0.0; w.len()];
        let c = k * std::f64::consts::LN_10 / 400.0;
        for i in 0..self.len() {
            let s = expected(self.eval(i, w), k);
            let common = -2.0 * (self.result[i] as f64 - s) * s * (1.0 - s) * c;
            let ph = self.phase[i] as f64;
            for &(t, n) in &self.terms[self.starts[i]..self.starts[i + 1]] {
                let t = t as usize;
                g[2 * t] += common * n as f64 * ph;
                g[2 * t + 1] += common * n as f64 * (1.0 - ph);
            }
        }
        let n = self.len().max(1) as f64;
        g.iter_mut().for_each(|x| *x /= n);
        g
    }
}

/// The expected score of an evaluation `eval` (centipawns) under scale `k`.
#[inline]
pub fn expected(eval: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// The K that minimises the error with weights `w`, by golden-section search on 0.05..=4.
pub fn fit_k(data: &Dataset, w: &[f64]) -> f64 {
    let (mut a, mut b) = (0.05f64, 4.0f64);
    let r = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let c = b - r * (b - a);
        let d = a + r * (b - a);
        if data.error(w, c) < data.error(w, d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// How the weights are fitted.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    pub epochs: u32,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    /// Pulls each weight toward its starting value: `lambda · (w − w0)²` is added to the error.
    pub lambda: f64,
}

impl Default for FitOptions {
    fn default() -> FitOptions {
        FitOptions { epochs: 1000, rate: 1.0, lambda: 1e-7 }
    }
}

/// Fits the weights (`start`: `w[2t]`, `w[2t + 1]` per term) to `data` under
/// scale `k` by Adam, full batch; terms no position has keep their values.
pub fn fit(data: &Dataset, start: &[f64], k: f64, options: &FitOptions) -> Vec<f64> {
    let mut w = start.to_vec();
    let (b1, b2, eps) = (0.9, 0.999, 1e-12);
    let mut m = vec![0.0; w.len()];
    let mut v = vec![0.0; w.len()];
    for epoch in 1..=options.epochs {
        let mut g = data.gradient(&w, k);
        for (j, gj) in g.iter_mut().enumerate() {
            *gj += 2.0 * options.lambda * (w[j] - start[j]);
        }
        for j in 0..w.len() {
            if g[j] == 0.0 {
                continue;
            }
            m[j] = b1 * m[j] + (1.0 - b1) * g[j];
            v[j] = b2 * v[j] + (1.0 - b2) * g[j] * g[j];
            let mh = m[j] / (1.0 - b1.powi(epoch as i32));
            let vh = v[j] / (1.0 - b2.powi(epoch as i32));
            w[j] -= options.rate * mh / (vh.sqrt() + eps);
        }
    }
    w
}

/// A variant's current weights as the flat vector [`fit`] works on.
pub fn flat_weights(variant: &Variant) -> Vec<f64> {
    weights_of(variant).iter().flat_map(|&(mg, eg)| [mg, eg]).collect()
}

/// Pairs a flat vector back into (mg, eg) per term.
pub fn paired(w: &[f64]) -> Vec<(f64, f64)> {
    w.chunks(2).map(|p| (p[0], p[1])).collect()
}

/// Reads self-play data (`game;result;position` lines, or
/// `game;result;position;score` with the search's score) into a training set
/// and a validation set (the games whose number is a multiple of
/// `holdout_every`, none if 0).
pub fn read_data(variant: &'static Variant, text: &str, holdout_every: u32) -> Result<(Dataset, Dataset), String> {
    let mut train = Dataset::default();
    let mut check = Dataset::default();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |why: &str| format!("data line {}: {why}", n + 1);
        let mut parts = line.splitn(3, ';');
        let (Some(game), Some(result), Some(fen)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(bad("expected 'game;result;position[;score]'"));
        };
        let (fen, score) = match fen.rsplit_once(';') {
            Some((fen, score)) => {
                let score: i32 = score.trim().parse().map_err(|_| bad("bad score"))?;
                (fen, Some(score.clamp(-SCORE_LIMIT, SCORE_LIMIT)))
            }
            None => (fen, None),
        };
        let game: u32 = game.parse().map_err(|_| bad("bad game number"))?;
        let result: f64 = result.parse().map_err(|_| bad("bad result"))?;
        if !(0.0..=1.0).contains(&result) {
            return Err(bad("result out of 0..1"));
        }
        let pos = parse_position(variant, fen).map_err(|e| bad(&e.to_string()))?;
        let set = if holdout_every > 0 && game.is_multiple_of(holdout_every) { &mut check } else { &mut train };
        set.push_position(&pos, result, score);
    }
    Ok((train, check))
}

/// The number of terms of `variant` (the weight vector is twice as long).
pub fn term_count(variant: &Variant) -> usize {
    Layout::of(variant).len()
}
