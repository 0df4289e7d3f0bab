//! Analysis: the best few lines of the position (MultiPV), each with its
//! score from the side to move and its moves in the notation players read.
//!
//! At each depth the best move is searched, then the best of the rest, and so
//! on, each a search among the root moves not yet shown; a kept
//! [`SearchMemory`] makes the repeated shallower iterations cheap, and lets a
//! caller deepen step by step (depth 1, then 2, …) at little extra cost. The
//! limits bound the whole; a depth cut short keeps the lines of the last
//! complete one.

use crate::search::{Limits, MAX_DEPTH};

use super::{DoorError, Game, SearchMemory, Thinking};

/// The most lines an analysis shows.
pub const MAX_LINES: usize = 3;

/// How good a line's score is for the side to move, as one number to sort
/// lines by: a mate for it above every centipawn score (sooner better), a
/// mate against it below every one (later better).
pub fn line_rank(score: i32, mate: Option<i32>) -> i64 {
    const MATE: i64 = 1 << 40;
    match mate {
        Some(n) if n > 0 => MATE - n as i64,
        Some(n) => -MATE - n as i64,
        None => score as i64,
    }
}

/// One line of an analysis.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisLine {
    /// The line's first move, as the engine's text (`e2e4`).
    #[serde(rename = "move")]
    pub first: String,
    /// Centipawns for the side to move.
    pub score: i32,
    /// Moves to mate: positive when the side to move mates, negative when it is mated.
    pub mate: Option<i32>,
    /// The depth searched.
    pub depth: u32,
    /// The line as the engine's move texts.
    pub pv: Vec<String>,
    /// The same line in the notation players read (`Nf3`, `P*e5`).
    pub san: Vec<String>,
}

/// What [`Game::analyse`] found: the lines, best first.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Analysis {
    pub lines: Vec<AnalysisLine>,
    /// The last depth completed for every line.
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    /// A limit cut the search short before the depth asked for.
    pub stopped: bool,
}

impl Game {
    /// The best `multi_pv` lines (1 to [`MAX_LINES`]; fewer when there are
    /// fewer legal moves) within `limits` (without a depth: up to the
    /// deepest). `memory` keeps the table between calls (a fresh one
    /// without). A finished game is refused as `best_move` refuses it.
    pub fn analyse(
        &self,
        limits: Limits,
        multi_pv: usize,
        mut memory: Option<&mut SearchMemory>,
    ) -> Result<Analysis, DoorError> {
        let clock = crate::search::default_clock();
        let started = clock();
        let elapsed = || (clock() - started).max(0.0) as u64;
        let lines = multi_pv.clamp(1, MAX_LINES).min(self.legal_moves().len().max(1));
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut done = Analysis { lines: Vec::new(), depth: 0, nodes: 0, time_ms: 0, stopped: false };
        let mut own = None;
        'deepening: for depth in 1..=max_depth {
            let mut found: Vec<AnalysisLine> = Vec::with_capacity(lines);
            let mut shown: Vec<String> = Vec::new();
            for _ in 0..lines {
                let spent = elapsed();
                let time_ms = limits.time_ms.map(|t| t.saturating_sub(spent));
                let nodes = limits.nodes.map(|n| n.saturating_sub(done.nodes));
                if depth > 1 && (time_ms == Some(0) || nodes == Some(0)) {
                    done.stopped = true;
                    break 'deepening;
                }
                let step = Limits { depth: Some(depth), nodes, time_ms, ..limits };
                let memory: &mut SearchMemory = match memory.as_deref_mut() {
                    Some(m) => m,
                    None => own.get_or_insert_with(|| SearchMemory::with_megabytes(4)),
                };
                let thinking = Thinking { stop: None, excluded: &shown, memory: Some(memory) };
                let r = self.think(step, thinking, &mut |_| {})?;
                done.nodes += r.nodes;
                if depth > 1 && r.stopped {
                    done.stopped = true;
                    break 'deepening;
                }
                let Some(first) = r.best.clone() else { break };
                let pv = if r.pv.first() == Some(&first) { r.pv.clone() } else { vec![first.clone()] };
                found.push(AnalysisLine {
                    san: self.notation_of(&pv),
                    first: first.clone(),
                    score: r.score,
                    mate: r.mate,
                    depth,
                    pv,
                });
                shown.push(first);
            }
            // Best first. Each line is a search of the moves not shown yet, and
            // a pruned search can score a later line above an earlier one (its
            // bounds differ): order them by what they found, as MultiPV does.
            found.sort_by_key(|l| std::cmp::Reverse(line_rank(l.score, l.mate)));
            done.lines = found;
            done.depth = depth;
            // As the search does: no new depth that could not finish in time.
            if limits.time_ms.is_some_and(|t| elapsed() as f64 >= t as f64 * 0.45) {
                done.stopped = depth < max_depth;
                break;
            }
        }
        done.time_ms = elapsed();
        Ok(done)
    }

    /// A line of move texts in the notation players read, each written in
    /// the position it is played from (the line stops at a move the game
    /// refuses, which a search's line never has).
    fn notation_of(&self, pv: &[String]) -> Vec<String> {
        let mut at = self.clone();
        let mut out = Vec::with_capacity(pv.len());
        for m in pv {
            match at.play(m) {
                Ok(r) => out.push(r.notation),
                Err(_) => break,
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_rank_a_sooner_mate_first_and_a_later_mate_against_above_a_sooner_one() {
        let mut ranks = [(0, Some(-1)), (50, None), (0, Some(3)), (-20, None), (0, Some(1)), (0, Some(-5))]
            .map(|(score, mate)| (line_rank(score, mate), score, mate));
        ranks.sort_by_key(|r| std::cmp::Reverse(r.0));
        let order: Vec<_> = ranks.iter().map(|r| (r.1, r.2)).collect();
        assert_eq!(order, [(0, Some(1)), (0, Some(3)), (50, None), (-20, None), (0, Some(-5)), (0, Some(-1))]);
    }

    #[test]
    fn a_mate_in_one_is_the_first_line_with_its_notation() {
        let game = Game::new("chess", Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")).unwrap();
        let a = game.analyse(Limits { depth: Some(3), ..Limits::default() }, 3, None).unwrap();
        assert_eq!(a.lines.len(), 3);
        assert_eq!(a.depth, 3);
        assert_eq!(a.lines[0].first, "a1a8");
        assert_eq!(a.lines[0].mate, Some(1));
        assert_eq!(a.lines[0].san[0], "Ra8#");
        // The other lines are other moves, not mates, and worse.
        assert_ne!(a.lines[1].first, a.lines[0].first);
        assert_ne!(a.lines[2].first, a.lines[1].first);
        assert!(a.lines[1].mate.is_none() && a.lines[1].score < a.lines[0].score);
        for l in &a.lines {
            assert_eq!(l.pv[0], l.first);
            assert_eq!(l.pv.len(), l.san.len());
        }
    }

    #[test]
    fn the_score_is_from_the_side_to_move() {
        // Black to move, a rook down, pawns alike (none passed): the score is negative for Black.
        let game = Game::new("chess", Some("6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1")).unwrap();
        let a = game.analyse(Limits { depth: Some(2), ..Limits::default() }, 1, None).unwrap();
        assert_eq!(a.lines.len(), 1);
        assert!(a.lines[0].score < -150, "{:?}", a.lines[0]);
        // Mated in one whatever it does: a negative mate.
        let mated = Game::new("chess", Some("6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1")).unwrap();
        let a = mated.analyse(Limits { depth: Some(4), ..Limits::default() }, 1, None).unwrap();
        assert!(a.lines[0].mate.is_none_or(|m| m < 0), "{:?}", a.lines[0]);
    }

    #[test]
    fn fewer_lines_than_asked_when_there_are_fewer_moves_and_a_kept_memory_deepens() {
        // Two legal moves (the king's), out of check.
        let game = Game::new("chess", Some("k7/8/2Q5/8/8/8/8/7K b - - 0 1")).unwrap();
        let moves = game.legal_moves();
        let a = game.analyse(Limits { depth: Some(2), ..Limits::default() }, 3, None).unwrap();
        assert_eq!((moves.len(), a.lines.len()), (2, 2));
        let mut memory = SearchMemory::with_megabytes(1);
        let start = Game::new("zilo", None).unwrap();
        let mut last = 0;
        for depth in 1..=3 {
            let a = start.analyse(Limits { depth: Some(depth), ..Limits::default() }, 2, Some(&mut memory)).unwrap();
            assert_eq!((a.depth, a.lines.len()), (depth, 2));
            assert!(a.nodes > 0);
            last = a.lines[0].depth;
        }
        assert_eq!(last, 3);
    }

    #[test]
    fn a_node_budget_stops_it_and_a_finished_game_is_refused() {
        let game = Game::new("chess", None).unwrap();
        let a = game.analyse(Limits { nodes: Some(2000), ..Limits::default() }, 2, None).unwrap();
        assert!(a.stopped && a.depth >= 1 && a.depth < MAX_DEPTH, "{a:?}");
        assert_eq!(a.lines.len(), 2);
        let mut over = Game::new("chess", None).unwrap();
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            over.play(m).unwrap();
        }
        assert_eq!(over.analyse(Limits::default(), 1, None).unwrap_err().code(), "game.over");
    }
}
