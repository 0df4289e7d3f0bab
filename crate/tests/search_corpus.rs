//! The search finishes what it starts: every game's corpus of ordinary
//! positions (random and level-1 play from fixed seeds) searched to depth 3
//! under a node budget no sane search reaches, the two positions that once
//! hung it, and a level that always answers from a completed iteration.

use zilo::door;
use zilo::players::Level;
use zilo::search::corpus::CorpusOptions;
use zilo::search::{best_move, Limits, SearchResult};
use zilo::{Move, Position};

fn chess_like(id: &str, fen: &str) -> Position {
    let variant = zilo::Variant::by_id(id).expect("a chess-like id");
    zilo::fen::parse_position(variant, fen).unwrap_or_else(|e| panic!("{id} {fen}: {e}"))
}

/// A Pillage middlegame from random play, crowded with Cannons and captures.
const CROWDED_PILLAGE: &str =
    "2n3bn2/1rb1kq1v2/1p2p1pp1r/c2u3Vc1/1Up1P3PP/pP3p4/4UuNvpC/P1P2PPP2/2B7/CRNQ1K2B1 b Q - 1 35";
/// Six pawns a side on their seventh rank: every capture can promote.
const PROMOTION_RACE: &str = "7k/PPPPPP2/8/8/8/8/2pppppp/K7 w - - 0 1";

/// The search answered with a move of a completed iteration: legal, first of its line.
fn assert_searched(pos: &Position, r: &SearchResult<Move>, depth: u32) {
    assert!(!r.stopped, "stopped after {} nodes", r.nodes);
    assert_eq!(r.depth, depth);
    let best = r.best.expect("a best move");
    assert!(pos.legal_moves().contains(&best));
    assert_eq!(r.pv.first(), Some(&best), "the move played is the searched line's first");
}

#[test]
fn every_game_searches_its_corpus_to_depth_3_within_the_node_budget() {
    let options = CorpusOptions::default();
    for id in door::ids() {
        let report = door::search_corpus(id, options).expect("every id starts");
        assert!(report.searches.len() >= 20, "{id}: only {} positions", report.searches.len());
        let over: Vec<String> = report.over_budget().map(|s| format!("{} ({})", s.position, s.origin)).collect();
        assert!(over.is_empty(), "{id}: over {} nodes at depth 3: {over:?}", options.node_budget);
        let worst = report.most_nodes().expect("searches");
        eprintln!(
            "{id}: {} positions, most nodes {} ({}), p99 {:.0} ms",
            report.searches.len(),
            worst.nodes,
            worst.origin,
            report.time_percentile_ms(99.0)
        );
    }
}

#[test]
fn the_crowded_pillage_middlegame_finishes_depth_1_and_depth_3_quickly() {
    let pos = chess_like("pillage", CROWDED_PILLAGE);
    for depth in [1, 3] {
        let r = best_move(&pos, &[], Limits { depth: Some(depth), nodes: Some(1_000_000), ..Limits::default() });
        assert_searched(&pos, &r, depth);
    }
}

#[test]
fn the_promotion_race_finishes_depth_2_quickly() {
    let pos = chess_like("chess", PROMOTION_RACE);
    let r = best_move(&pos, &[], Limits { depth: Some(2), nodes: Some(100_000), ..Limits::default() });
    assert_searched(&pos, &r, 2);
    assert!(r.nodes < 20_000, "{} nodes", r.nodes);
}

#[test]
fn a_level_answers_from_a_completed_iteration_even_with_no_time_left() {
    // A limit that binds at once still leaves the first iteration whole.
    let pos = chess_like("pillage", CROWDED_PILLAGE);
    for limits in [Limits::nodes(1), Limits::time_ms(0), Limits { time_ms: Some(1), ..Level::DEFAULT.limits(7) }] {
        let r = best_move(&pos, &[], limits);
        assert!(r.depth >= 1, "{limits:?}: depth {}", r.depth);
        let best = r.best.expect("a best move");
        assert!(pos.legal_moves().contains(&best));
        assert_eq!(r.pv.first(), Some(&best), "{limits:?}");
    }
}
