//! Computer players of every strength, and matches between them: the
//! random mover, the one-ply greedy player, the search at a fixed depth or
//! node count, and the five levels offered to people.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use crate::game_position::{Evaluation, NoMoves, Player as _};
use crate::record::Record;
use crate::rng::Rng;
use crate::search::{Hooks, Limits, Searcher};

/// The strengths offered to people, 1 (beginner) to 5 (strongest).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Level(u8);

impl Level {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 5;
    /// The level a new game starts with: it answers in well under a second
    /// natively and within 2 s in the browser.
    pub const DEFAULT: Level = Level(3);

    pub fn new(n: u8) -> Option<Level> {
        (Level::MIN..=Level::MAX).contains(&n).then_some(Level(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    /// What the level searches. Node counts make each level play the same
    /// on every machine; the time caps only guard slow devices (the browser
    /// runs about 2–3 times slower than native).
    ///
    /// | level | search | randomness | time cap |
    /// |---|---|---|---|
    /// | 1 | 1 ply + captures | ±150 cp | — |
    /// | 2 | 2 plies + captures | ±40 cp | — |
    /// | 3 | 150 000 nodes | — | 1.5 s |
    /// | 4 | 500 000 nodes | — | 4 s |
    /// | 5 | 1 500 000 nodes | — | 8 s |
    pub fn limits(self, seed: u64) -> Limits {
        let base = Limits { seed, ..Limits::default() };
        match self.0 {
            1 => Limits { depth: Some(1), noise_cp: 150, ..base },
            2 => Limits { depth: Some(2), noise_cp: 40, ..base },
            3 => Limits { nodes: Some(150_000), time_ms: Some(1_500), ..base },
            4 => Limits { nodes: Some(500_000), time_ms: Some(4_000), ..base },
            _ => Limits { nodes: Some(1_500_000), time_ms: Some(8_000), ..base },
        }
    }
}

/// Who plays, as written on the command line: `random`, `greedy`,
/// `level:N`, `depth:N`, `nodes:N`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayerSpec {
    /// A uniformly random legal move.
    Random,
    /// The move that leaves the most material after one ply (wins at once
    /// when it can), ties broken at random.
    Greedy,
    Level(Level),
    Depth(u32),
    Nodes(u64),
}

impl FromStr for PlayerSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<PlayerSpec, String> {
        let bad = || format!("bad player '{text}' (use level:1..5, depth:N, nodes:N, random or greedy)");
        match text {
            "random" => return Ok(PlayerSpec::Random),
            "greedy" => return Ok(PlayerSpec::Greedy),
            _ => {}
        }
        let (kind, n) = text.split_once(':').ok_or_else(bad)?;
        let n: u64 = n.parse().map_err(|_| bad())?;
        match kind {
            "level" => Level::new(u8::try_from(n).map_err(|_| bad())?).map(PlayerSpec::Level).ok_or_else(bad),
            "depth" if (1..=64).contains(&n) => Ok(PlayerSpec::Depth(n as u32)),
            "nodes" if n >= 1 => Ok(PlayerSpec::Nodes(n)),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => write!(f, "random"),
            PlayerSpec::Greedy => write!(f, "greedy"),
            PlayerSpec::Level(l) => write!(f, "level:{}", l.number()),
            PlayerSpec::Depth(d) => write!(f, "depth:{d}"),
            PlayerSpec::Nodes(n) => write!(f, "nodes:{n}"),
        }
    }
}

/// A player with its state: a seeded generator and, for the searching
/// players, tables kept through one game.
pub struct Player<P: Evaluation> {
    spec: PlayerSpec,
    rng: Rng,
    searcher: Option<Searcher<P>>,
    /// The score of the last search, for the side that was to move (centipawns).
    last_score: Option<i32>,
    /// Honour the levels' time caps (off in matches, which must replay exactly).
    pub use_time_caps: bool,
}

impl<P: Evaluation> Player<P> {
    pub fn new(spec: PlayerSpec, seed: u64) -> Player<P> {
        let searcher = match spec {
            PlayerSpec::Random | PlayerSpec::Greedy => None,
            _ => Some(Searcher::new()),
        };
        Player { spec, rng: Rng::new(seed), searcher, last_score: None, use_time_caps: false }
    }

    pub fn spec(&self) -> PlayerSpec {
        self.spec
    }

    /// What the last [`Player::choose`] searched the position to be worth to
    /// the side to move (centipawns; beyond ±`MATE_BOUND` a mate score);
    /// `None` when it did not search (random, greedy, no legal move).
    pub fn last_score(&self) -> Option<i32> {
        self.last_score
    }

    /// The move to play in `pos` (`history`: hashes of the game's earlier
    /// positions); `None` if there is no legal move.
    pub fn choose(&mut self, pos: &P, history: &[u64]) -> Option<P::Move> {
        self.last_score = None;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        match self.spec {
            PlayerSpec::Random => Some(moves[self.rng.below(moves.len())]),
            PlayerSpec::Greedy => Some(greedy_choice(pos, &moves, &mut self.rng)),
            PlayerSpec::Level(level) => {
                let mut limits = level.limits(self.rng.next_u64());
                if !self.use_time_caps {
                    limits.time_ms = None;
                }
                self.search(pos, history, limits)
            }
            PlayerSpec::Depth(d) => self.search(pos, history, Limits::depth(d)),
            PlayerSpec::Nodes(n) => self.search(pos, history, Limits::nodes(n)),
        }
    }

    fn search(&mut self, pos: &P, history: &[u64], limits: Limits) -> Option<P::Move> {
        let searcher = self.searcher.as_mut().expect("a searching player has a searcher");
        let result = if limits.time_ms.is_some() {
            let clock = crate::search::default_clock();
            let mut hooks = Hooks { now_ms: Some(&clock), ..Hooks::default() };
            searcher.search(pos, history, limits, &mut hooks)
        } else {
            searcher.search(pos, history, limits, &mut Hooks::default())
        };
        self.last_score = Some(result.score);
        result.best
    }

    /// Forget the previous game.
    pub fn new_game(&mut self) {
        if let Some(s) = self.searcher.as_mut() {
            s.clear();
        }
    }
}

/// The greedy player's choice in `pos`, ties broken by `seed`.
pub fn greedy_move<P: Evaluation>(pos: &P, seed: u64) -> Option<P::Move> {
    let moves = pos.legal_moves();
    (!moves.is_empty()).then(|| greedy_choice(pos, &moves, &mut Rng::new(seed)))
}

/// Whether the side to move in `pos` has lost on the spot (no monarch, or
/// no legal move where that loses).
fn lost_now<P: Evaluation>(pos: &P) -> bool {
    pos.has_lost() || (!pos.has_legal_move() && pos.no_moves() == NoMoves::Loss)
}

/// One ply of greed: a move that wins at once, else the most material for
/// the mover after the move, ties at random.
fn greedy_choice<P: Evaluation>(pos: &P, moves: &[P::Move], rng: &mut Rng) -> P::Move {
    let us = pos.turn();
    let mut best = i32::MIN;
    let mut ties = 0;
    let mut choice = moves[0];
    for &m in moves {
        let child = pos.play(m);
        let score = if lost_now(&child) { i32::MAX } else { child.material(us) - child.material(us.opponent()) };
        if score > best {
            best = score;
            ties = 1;
            choice = m;
        } else if score == best {
            // Reservoir sampling: each tied move equally likely.
            ties += 1;
            if rng.below(ties) == 0 {
                choice = m;
            }
        }
    }
    choice
}

/// How a match is played.
#[derive(Clone, Copy, Debug)]
pub struct MatchOptions {
    pub games: u32,
    pub seed: u64,
    /// Random plies played from the start before the players take over
    /// (each opening is played twice, colours swapped): `min..=max`.
    pub opening_plies: (u32, u32),
    /// A game still going after this many plies is adjudicated a draw.
    pub max_plies: u32,
    /// Games played at once (each on its own thread).
    pub threads: usize,
}

impl MatchOptions {
    pub fn new(games: u32, seed: u64) -> MatchOptions {
        MatchOptions { games, seed, opening_plies: (2, 4), max_plies: 300, threads: 1 }
    }
}

/// The result of a match, from player A's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchResult {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// How the games ended (`checkmate`, `adjudicated`, …), by count.
    pub reasons: BTreeMap<String, u32>,
    /// Total plies played by the players (openings excluded).
    pub plies: u64,
    /// Every game, by index.
    pub records: Vec<GameRecord>,
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub index: u32,
    pub a_white: bool,
    /// The moves from the start, opening included, as text.
    pub moves: Vec<String>,
    /// `1-0`, `0-1` or `1/2-1/2`, and why.
    pub result: String,
    pub reason: String,
}

impl MatchResult {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score, 0 to 1 (a draw is half a point).
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    /// The share of decisive games A won.
    pub fn decisive_share(&self) -> f64 {
        self.wins as f64 / (self.wins + self.losses).max(1) as f64
    }

    /// A's Elo advantage over B and the half-width of its 95% confidence
    /// interval, from the per-game score variance (normal approximation).
    /// A score of 0 or 1 is moved half a game inward, so both stay finite.
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games().max(1) as f64;
        let clamp = |s: f64| s.clamp(0.5 / n, 1.0 - 0.5 / n);
        let s = self.score();
        let dev = |x: f64| (x - s) * (x - s);
        let mut variance =
            (self.wins as f64 * dev(1.0) + self.draws as f64 * dev(0.5) + self.losses as f64 * dev(0.0)) / n;
        if variance == 0.0 {
            // All games alike: take the variance of a win-or-loss game at the clamped score.
            variance = clamp(s) * (1.0 - clamp(s));
        }
        let stderr = (variance / n).sqrt();
        let elo = |s: f64| -400.0 * (1.0 / clamp(s) - 1.0).log10();
        let low = elo(s - 1.96 * stderr);
        let high = elo(s + 1.96 * stderr);
        (elo(s), (high - low) / 2.0)
    }

    fn add(&mut self, other: &MatchResult) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.plies += other.plies;
        for (k, v) in &other.reasons {
            *self.reasons.entry(k.clone()).or_default() += v;
        }
        self.records.extend(other.records.iter().cloned());
    }
}

/// The random opening of pair `pair` from `start`: `min..=max` random
/// legal moves, none of which ends the game.
fn opening<P: Evaluation>(start: &P, options: &MatchOptions, pair: u32) -> Vec<P::Move> {
    let mut rng = Rng::new(options.seed ^ (pair as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let (lo, hi) = options.opening_plies;
    let plies = lo + rng.below((hi.saturating_sub(lo) + 1) as usize) as u32;
    for _attempt in 0..1000 {
        let mut pos = start.clone();
        let mut line = Vec::new();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            pos = pos.play(m);
            line.push(m);
        }
        if line.len() == plies as usize && !pos.has_lost() && pos.has_legal_move() {
            return line;
        }
    }
    Vec::new()
}

/// Plays one game from `start`; the result is from `a`'s side.
fn play_game<P: Evaluation>(
    start: P,
    a: PlayerSpec,
    b: PlayerSpec,
    index: u32,
    opening: &[P::Move],
    options: &MatchOptions,
    game_seed: u64,
) -> MatchResult {
    let a_white = index.is_multiple_of(2);
    let mut game = Record::new(start);
    let mut history = vec![game.position().hash()];
    for &m in opening {
        game.play(m).unwrap_or_else(|e| panic!("an opening move is illegal: {e}"));
        history.push(game.position().hash());
    }
    let mut pa = Player::<P>::new(a, game_seed);
    let mut pb = Player::<P>::new(b, game_seed ^ 0x5555_5555_5555_5555);
    let a_side = if a_white { P::Side::BOTH[0] } else { P::Side::BOTH[1] };
    let mut result = MatchResult::default();
    let mut plies = 0;
    let outcome = loop {
        let outcome = game.outcome();
        if outcome.is_over() {
            break outcome;
        }
        if plies >= options.max_plies {
            break outcome;
        }
        let pos = game.position().clone();
        let player = if pos.turn() == a_side { &mut pa } else { &mut pb };
        let past = &history[..history.len() - 1];
        let m = player.choose(&pos, past).expect("a game that is not over has a legal move");
        game.play(m).unwrap_or_else(|e| panic!("{} chose an illegal move in {pos:?}: {e}", player.spec()));
        history.push(game.position().hash());
        plies += 1;
    };
    result.plies = plies as u64;
    let reason = if outcome.is_over() { outcome.reason().to_string() } else { "adjudicated".to_string() };
    result.reasons.insert(reason.clone(), 1);
    let moves = game.moves().iter().zip(game.positions()).map(|(&m, p)| p.move_text(m)).collect();
    let text = if outcome.is_over() { outcome.result() } else { "1/2-1/2" };
    result.records.push(GameRecord { index, a_white, moves, result: text.to_string(), reason });
    match outcome.winner() {
        Some(w) if w == a_side => result.wins = 1,
        Some(_) => result.losses = 1,
        None => result.draws = 1,
    }
    result
}

/// Plays `options.games` games of any game between `a` and `b`: pair `pair`
/// of games starts from `start(pair)` (the variant's start, or for a game set
/// up by the players, a setup drawn for that pair), then the pair's random
/// opening, A moving first in the first game of each pair. Every game
/// replays exactly from `options.seed` (search players are node- or
/// depth-limited), whatever the number of threads. Calls `on_game(game,
/// total so far)` as each game ends (in the order they end, which with
/// several threads is not the order of their indexes), so that a long match
/// can show its progress; the returned result lists the games by index.
pub fn play_match_from<P: Evaluation>(
    start: impl Fn(u32) -> P + Sync,
    a: PlayerSpec,
    b: PlayerSpec,
    options: MatchOptions,
    on_game: impl Fn(&GameRecord, &MatchResult) + Sync,
) -> MatchResult {
    let game = |i: u32| {
        let pair = i / 2;
        let first = start(pair);
        let line = opening(&first, &options, pair);
        let seed = options.seed.wrapping_add(0x1234_5678_9abc_def1u64.wrapping_mul(i as u64 + 1));
        play_game(first, a, b, i, &line, &options, seed)
    };
    let threads = options.threads.clamp(1, 64);
    let next = std::sync::atomic::AtomicU32::new(0);
    let total = std::sync::Mutex::new(MatchResult::default());
    let worker = || loop {
        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if i >= options.games {
            break;
        }
        let r = game(i);
        let mut total = total.lock().expect("no thread panicked");
        total.add(&r);
        if let Some(record) = r.records.first() {
            on_game(record, &total);
        }
    };
    if threads == 1 {
        worker();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                std::thread::Builder::new()
                    .stack_size(64 << 20)
                    .spawn_scoped(scope, worker)
                    .expect("spawn a match thread");
            }
        });
    }
    let mut total = total.into_inner().expect("no thread panicked");
    total.records.sort_by_key(|g| g.index);
    total
}
