//! A corpus of ordinary positions of every game, for checking that the
//! search stays bounded and for timing it: positions reached by random play
//! and by level-1 play from each game's start, generated from fixed seeds
//! (so the same every time), each searched to a fixed depth from an empty
//! table under a node budget. The corpus test (`tests/search_corpus.rs`)
//! fails if one search exceeds the budget; `zilo bench` reports the 99th
//! percentile of the time to depth per game. `zilo::door::search_corpus`
//! builds one for a game id.

use crate::game_position::Evaluation;
use crate::players::Level;
use crate::rng::Rng;

use super::{default_clock, Hooks, Limits, Searcher};

/// How a corpus is made and searched.
#[derive(Clone, Copy, Debug)]
pub struct CorpusOptions {
    /// Games played per kind of play (random, level 1), each from its own seed.
    pub games: u32,
    /// A position is kept every this many plies of a game...
    pub every: u32,
    /// ...up to this many plies.
    pub max_plies: u32,
    pub seed: u64,
    /// The depth each position is searched to.
    pub depth: u32,
    /// Nodes a search may visit before it is counted over budget (and stopped).
    pub node_budget: u64,
}

impl Default for CorpusOptions {
    /// The corpus of the test and of `zilo bench`: 2 × 6 games per game,
    /// positions at plies 8, 16, … 48, depth 3, 500 k nodes (ten times what the
    /// worst position needed when this was written).
    fn default() -> Self {
        CorpusOptions { games: 6, every: 8, max_plies: 48, seed: 17, depth: 3, node_budget: 500_000 }
    }
}

/// One searched position of the corpus.
#[derive(Clone, Debug)]
pub struct CorpusSearch {
    /// Its position string.
    pub position: String,
    /// How it was reached: `random` or `level:1`, the seed, the ply.
    pub origin: String,
    pub nodes: u64,
    pub time_ms: f64,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Whether the search reached the depth within the budget.
    pub completed: bool,
}

/// The corpus of one game, searched.
#[derive(Clone, Debug)]
pub struct CorpusReport {
    pub game: String,
    pub searches: Vec<CorpusSearch>,
}

impl CorpusReport {
    /// The searches that did not complete within the node budget.
    pub fn over_budget(&self) -> impl Iterator<Item = &CorpusSearch> {
        self.searches.iter().filter(|s| !s.completed)
    }

    /// The `pct`-th percentile of the time to depth, in milliseconds (nearest rank).
    pub fn time_percentile_ms(&self, pct: f64) -> f64 {
        let mut times: Vec<f64> = self.searches.iter().map(|s| s.time_ms).collect();
        if times.is_empty() {
            return 0.0;
        }
        times.sort_by(f64::total_cmp);
        let rank = ((pct / 100.0 * times.len() as f64).ceil() as usize).clamp(1, times.len());
        times[rank - 1]
    }

    /// The search that visited the most nodes.
    pub fn most_nodes(&self) -> Option<&CorpusSearch> {
        self.searches.iter().max_by_key(|s| s.nodes)
    }
}

/// Builds and searches the corpus of a game from its start position
/// (`zilo::door::search_corpus` does it for a game id).
pub fn search_corpus_from<P: Evaluation>(game: &str, start: &P, options: CorpusOptions) -> CorpusReport {
    CorpusReport { game: game.to_string(), searches: search_all(&positions(start, options), options) }
}

/// The positions of the corpus from `start`, each with how it was reached.
pub fn positions<P: Evaluation>(start: &P, options: CorpusOptions) -> Vec<(P, String)> {
    let mut out = Vec::new();
    for level_one in [false, true] {
        for g in 0..options.games {
            let seed = options.seed.wrapping_mul(1_000_003) ^ (u64::from(g) << 1 | u64::from(level_one));
            let mut rng = Rng::new(seed);
            let mut pos = start.clone();
            let mut history = Vec::new();
            for ply in 1..=options.max_plies {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.has_lost() {
                    break;
                }
                let m = if level_one {
                    let limits = Level::new(1).expect("level 1 exists").limits(rng.next_u64());
                    let found = Searcher::with_table_size(12).search(&pos, &history, limits, &mut Hooks::default());
                    found.best.expect("a position with legal moves has a best move")
                } else {
                    moves[rng.below(moves.len())]
                };
                history.push(pos.hash());
                pos = pos.play(m);
                if ply % options.every == 0 && !pos.has_lost() && pos.has_legal_move() {
                    let how = if level_one { "level:1" } else { "random" };
                    out.push((pos.clone(), format!("{how} seed {seed} ply {ply}")));
                }
            }
        }
    }
    out
}

/// Searches every position to `options.depth` from an empty table.
fn search_all<P: Evaluation>(positions: &[(P, String)], options: CorpusOptions) -> Vec<CorpusSearch> {
    let clock = default_clock();
    let mut searcher = Searcher::<P>::new();
    positions
        .iter()
        .map(|(pos, origin)| {
            searcher.clear();
            let limits = Limits { depth: Some(options.depth), nodes: Some(options.node_budget), ..Limits::default() };
            let mut hooks = Hooks { now_ms: Some(&clock), ..Hooks::default() };
            let started = clock();
            let r = searcher.search(pos, &[], limits, &mut hooks);
            CorpusSearch {
                position: pos.position_text(),
                origin: origin.clone(),
                nodes: r.nodes,
                time_ms: clock() - started,
                depth: r.depth,
                completed: !r.stopped && r.depth == options.depth,
            }
        })
        .collect()
}
