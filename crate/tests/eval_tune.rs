//! The evaluation's terms and the Texel tuner: the terms seen on concrete
//! positions, the evaluation as the weighted sum of its terms, colour
//! symmetry, the weight tables, the self-play data and the fit's math.

use zilo::chesslike::eval::{evaluate, terms};
use zilo::chesslike::eval_terms::{
    self, parse_weights, write_weights, Layout, PerRole, Scalar, PHASE_MAX, WEIGHT_FILES,
};
use zilo::chesslike::fen::parse_position;
use zilo::chesslike::position::Position;
use zilo::chesslike::tune::{self, Dataset, FitOptions, SelfplayOptions};
use zilo::chesslike::variant::Variant;
use zilo::game_position::GamePosition;

fn chess() -> &'static Variant {
    Variant::by_id("chess").unwrap()
}

fn count(pos: &Position, term: usize) -> i32 {
    terms(pos).1.iter().filter(|&&(t, _)| t as usize == term).map(|&(_, n)| n).sum()
}

fn scalar(pos: &Position, s: Scalar) -> i32 {
    count(pos, Layout::of(pos.variant()).scalar(s))
}

#[test]
fn a_lone_pawn_is_passed_and_isolated() {
    let pos = parse_position(chess(), "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(scalar(&pos, Scalar::Passed), 1);
    assert_eq!(scalar(&pos, Scalar::PassedRank), 4, "d5 is White's fifth rank, counted from 0");
    assert_eq!(scalar(&pos, Scalar::Isolated), 1);
    assert_eq!(scalar(&pos, Scalar::Doubled), 0);
}

#[test]
fn an_enemy_pawn_ahead_on_the_next_file_stops_a_passer() {
    let pos = parse_position(chess(), "4k3/4p3/8/3P4/8/8/8/4K3 w - - 0 1").unwrap();
    // d5 is not passed (e7 guards d6); e7 is not passed either (d5 is ahead of it, Black's way).
    assert_eq!(scalar(&pos, Scalar::Passed), 0);
    // A black passer counts against White: e7 alone, d5 far behind it on another file.
    let pos = parse_position(chess(), "4k3/4p3/8/8/8/8/3P4/4K3 w - - 0 1").unwrap();
    assert_eq!(scalar(&pos, Scalar::Passed), 0, "one passer each");
    assert_eq!(scalar(&pos, Scalar::PassedRank), 1 - 1, "d2 and e7 are both their side's rank 1");
}

#[test]
fn doubled_pawns_and_a_supported_pawn() {
    // White: d2, d3 (doubled, the rear one counts), e4 (supports: d-pawns are not isolated).
    let pos = parse_position(chess(), "4k3/8/8/8/4P3/3P4/3P4/4K3 w - - 0 1").unwrap();
    assert_eq!(scalar(&pos, Scalar::Doubled), 1);
    assert_eq!(scalar(&pos, Scalar::Isolated), 0);
    assert_eq!(scalar(&pos, Scalar::Passed), 3);
}

#[test]
fn a_pawn_attacking_a_knight_is_a_threat_by_a_lesser_piece() {
    // The e4 pawn attacks the d5 knight (worth more); the knight attacks e3 and c3, empty.
    let pos = parse_position(chess(), "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(scalar(&pos, Scalar::ThreatByLesser), 1);
    // A knight attacking a pawn threatens nothing worth more than itself; the pawn takes back nothing.
    let pos = parse_position(chess(), "4k3/8/8/8/4p3/8/3N4/4K3 w - - 0 1").unwrap();
    assert_eq!(scalar(&pos, Scalar::ThreatByLesser), 0);
    // Black's rook attacked by White's bishop counts against Black, from White's side: +1.
    // Black's bishop attacks White's rook: -1. Both together cancel.
    let pos = parse_position(chess(), "4k3/8/8/3rb3/8/1B6/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(scalar(&pos, Scalar::ThreatByLesser), 1 - 1);
}

#[test]
fn a_piece_attacked_and_not_defended_hangs() {
    // The d5 knight is attacked by the d1 rook and defended by nobody: it hangs (for White, +1).
    let pos = parse_position(chess(), "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1").unwrap();
    assert_eq!(scalar(&pos, Scalar::Hanging), 1);
    // Defended by the e6 pawn, it does not.
    let pos = parse_position(chess(), "4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1").unwrap();
    assert_eq!(scalar(&pos, Scalar::Hanging), 0);
    // A king defends too, and is never counted as hanging itself.
    let pos = parse_position(chess(), "8/8/4k3/3n4/8/8/8/3RK3 w - - 0 1").unwrap();
    assert_eq!(scalar(&pos, Scalar::Hanging), 0);
}

#[test]
fn pawns_one_or_two_ranks_ahead_of_the_monarch_shield_it() {
    // White castled short behind f2, g3 and h2; the h4 pawn of the second
    // position is three ranks ahead of g1 and shields nothing. Black's
    // king on e8 with d7, e7 and f6 pawns: shielded by three too.
    let pos = parse_position(chess(), "4k3/3pp3/5p2/8/8/6P1/5P1P/6K1 w - - 0 1").unwrap();
    assert_eq!(scalar(&pos, Scalar::PawnShield), 3 - 3);
    let pos = parse_position(chess(), "4k3/3pp3/5p2/8/7P/6P1/5P2/6K1 w - - 0 1").unwrap();
    assert_eq!(scalar(&pos, Scalar::PawnShield), 2 - 3);
    // A pawn beside the monarch is no shield.
    let pos = parse_position(chess(), "4k3/8/8/8/8/8/5PKP/8 w - - 0 1").unwrap();
    assert_eq!(scalar(&pos, Scalar::PawnShield), 0);
}

#[test]
fn files_around_the_monarch_without_own_pawns_are_half_open_and_without_any_open() {
    // White's king on g1: f and h have White pawns, the g file has none and
    // Black's g7 pawn (half-open). Black's king on b8: a7, b7 and c7 cover it.
    let pos = parse_position(chess(), "1k6/ppp3p1/8/8/8/8/5P1P/6K1 w - - 0 1").unwrap();
    assert_eq!(scalar(&pos, Scalar::HalfOpenNearMonarch), 1);
    assert_eq!(scalar(&pos, Scalar::OpenNearMonarch), 0);
    // Without g7 the g file is open; a king on the h file has two files
    // around it, not three (the board ends).
    let pos = parse_position(chess(), "1k6/ppp5/8/8/8/8/5P2/7K w - - 0 1").unwrap();
    assert_eq!(scalar(&pos, Scalar::HalfOpenNearMonarch), 2, "g and h");
    assert_eq!(scalar(&pos, Scalar::OpenNearMonarch), 2);
}

#[test]
fn king_danger_is_the_attackers_times_the_zone_cells_they_hit() {
    // White's queen on h5 hits f7 and e8 of the e8 king's zone (it checks);
    // the knight on g5 hits f7 and h7, f7 alone in the zone. Black has
    // nothing but its king, whose reach is no attack.
    let pos = parse_position(chess(), "4k3/8/8/6NQ/8/8/5PPP/6K1 b - - 0 1").unwrap();
    let attackers = scalar(&pos, Scalar::Attackers);
    let cells = scalar(&pos, Scalar::ZoneAttacks);
    assert_eq!(attackers, 2, "the queen and the knight");
    assert_eq!(cells, 2, "f7 and e8");
    assert_eq!(scalar(&pos, Scalar::AttackProduct), attackers * cells);
}

fn per_role(pos: &Position, kind: PerRole, letter: char) -> i32 {
    let v = pos.variant();
    count(pos, Layout::of(v).per_role(kind, v.role_by_letter(letter).unwrap()))
}

#[test]
fn two_pieces_of_a_role_on_the_board_are_a_pair() {
    // White has both bishops, Black one bishop and both knights.
    let pos = parse_position(chess(), "1n2kb1n/8/8/8/8/8/8/2B1KB2 w - - 0 1").unwrap();
    assert_eq!(per_role(&pos, PerRole::Pair, 'B'), 1);
    assert_eq!(per_role(&pos, PerRole::Pair, 'N'), -1);
    // Three of a kind is still one pair; a lone piece none.
    let pos = parse_position(chess(), "4k3/8/8/8/8/8/8/1NNNK3 w - - 0 1").unwrap();
    assert_eq!(per_role(&pos, PerRole::Pair, 'N'), 1);
    assert_eq!(per_role(&pos, PerRole::Pair, 'K'), 0);
    let (v, layout) = (chess(), Layout::of(chess()));
    assert_eq!(layout.name(v, layout.per_role(PerRole::Pair, v.role_by_letter('B').unwrap())), "pair.B");
}

#[test]
fn a_piece_on_a_file_without_own_pawns_is_on_a_half_open_file_and_without_any_on_an_open_one() {
    // White's rooks: a1 behind its own a2 pawn (neither), d1 on a file
    // without pawns (half-open and open), e1 facing only Black's e6 pawn
    // (half-open). Black's h8 rook stands behind its h7 pawn.
    let pos = parse_position(chess(), "4k2r/7p/4p3/8/8/8/P7/R2RR1K1 w - - 0 1").unwrap();
    assert_eq!(per_role(&pos, PerRole::HalfOpenFile, 'R'), 2, "d1 and e1");
    assert_eq!(per_role(&pos, PerRole::OpenFile, 'R'), 1, "d1");
    // Pawns themselves are never counted: a pawn's file always has an own pawn.
    assert_eq!(per_role(&pos, PerRole::HalfOpenFile, 'P'), 0);
    // The same for any role: a queen on the open c file.
    let pos = parse_position(chess(), "4k3/8/8/8/8/8/8/2Q1K3 w - - 0 1").unwrap();
    assert_eq!(per_role(&pos, PerRole::OpenFile, 'Q'), 1);
}

#[test]
fn zone_attackers_are_counted_per_role_and_sum_to_the_attackers() {
    // The queen on h5 and the knight on g5 attack the e8 king's zone (as in
    // the king-danger test); the rook on a1 does not.
    let pos = parse_position(chess(), "4k3/8/8/6NQ/8/8/5PPP/R5K1 b - - 0 1").unwrap();
    assert_eq!(per_role(&pos, PerRole::ZoneAttacker, 'Q'), 1);
    assert_eq!(per_role(&pos, PerRole::ZoneAttacker, 'N'), 1);
    assert_eq!(per_role(&pos, PerRole::ZoneAttacker, 'R'), 0);
    let by_role: i32 = "PNBRQK".chars().map(|c| per_role(&pos, PerRole::ZoneAttacker, c)).sum();
    assert_eq!(by_role, scalar(&pos, Scalar::Attackers));
}

#[test]
fn pieces_count_on_their_relative_rank_and_mirrored_file() {
    let v = chess();
    let layout = Layout::of(v);
    let knight = v.role_by_letter('N').unwrap();
    // A white knight on b1 (rank 0, file bucket 1) and a black one on g8 (its rank 0, bucket 1).
    let pos = parse_position(v, "4k1n1/8/8/8/8/8/8/1N2K3 w - - 0 1").unwrap();
    assert_eq!(count(&pos, layout.rank(knight, 0)), 0, "+1 for White, -1 for Black");
    let pos = parse_position(v, "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1").unwrap();
    assert_eq!(count(&pos, layout.rank(knight, 0)), 1);
    assert_eq!(count(&pos, layout.file(knight, 1)), 1);
    assert_eq!(count(&pos, layout.value(knight)), 1);
    assert_eq!(layout.name(v, layout.file(knight, 1)), "file.N.1");
    // The cell of the mirrored half, rank and file together: b1 and g1 are both (0, 1).
    assert_eq!(count(&pos, layout.square(knight, 0, 1)), 1);
    assert_eq!(layout.name(v, layout.square(knight, 0, 1)), "square.N.0.1");
    let pos = parse_position(v, "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1").unwrap();
    assert_eq!(count(&pos, layout.square(knight, 0, 1)), 1, "g1 mirrors b1");
    assert_eq!(count(&pos, layout.square(knight, 2, 1)), 0);
}

/// The evaluation is the weighted sum of the terms `terms` reports, blended by the phase.
#[test]
fn evaluate_is_the_weighted_sum_of_its_terms() {
    for &id in Variant::all() {
        let v = Variant::by_id(id).unwrap();
        let weights = eval_terms::weights_of(v);
        let mut pos = Position::start(v);
        for ply in 0..40 {
            let (phase, counts) = terms(&pos);
            let ph = phase as f64 / PHASE_MAX as f64;
            let sum: f64 = counts
                .iter()
                .map(|&(t, n)| n as f64 * (weights[t as usize].0 * ph + weights[t as usize].1 * (1.0 - ph)))
                .sum();
            let white = if ply % 2 == 0 { evaluate(&pos) } else { -evaluate(&pos) };
            assert!((sum - white as f64).abs() <= 1.0, "{id} ply {ply}: terms {sum}, evaluate {white}");
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[(ply * 7 + 3) % moves.len()]);
        }
    }
}

/// Every start position is the same for both sides (left-right mirrored
/// where the sides' setups are, the terms fold the files): with the move
/// passed, the side to move's value is the same.
#[test]
fn the_start_is_worth_the_same_to_either_side() {
    for &id in Variant::all() {
        let pos = Position::start(Variant::by_id(id).unwrap());
        assert_eq!(evaluate(&pos), evaluate(&pos.passed()), "{id}");
    }
}

/// A chess position and its colour-mirrored twin are worth the same to the side to move.
#[test]
fn colour_mirrored_chess_positions_evaluate_alike() {
    let flip = |fen: &str| {
        let mut parts = fen.split(' ');
        let board: Vec<String> = parts
            .next()
            .unwrap()
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| if c.is_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                    .collect()
            })
            .collect();
        let turn = if parts.next().unwrap() == "w" { "b" } else { "w" };
        format!("{} {turn} - - 0 1", board.join("/"))
    };
    for fen in [
        "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w - - 0 1",
        "4k3/1p3pp1/8/3P4/8/6P1/5P2/4K3 b - - 0 1",
        "2r3k1/5ppp/8/8/1n6/8/5PPP/2R3K1 w - - 0 1",
    ] {
        let a = parse_position(chess(), fen).unwrap();
        let b = parse_position(chess(), &flip(fen)).unwrap();
        assert_eq!(evaluate(&a), evaluate(&b), "{fen}");
    }
}

#[test]
fn every_weight_table_reads_and_a_written_one_reads_back() {
    for (id, text) in WEIGHT_FILES {
        let v = Variant::by_id(id).unwrap();
        let w = parse_weights(v, text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(w.len(), Layout::of(v).len());
        let again = parse_weights(v, &write_weights(v, &w, "a header\nof two lines")).unwrap();
        for (x, y) in w.iter().zip(&again) {
            assert!((x.0 - y.0).abs() < 0.006 && (x.1 - y.1).abs() < 0.006);
        }
    }
}

#[test]
fn a_bad_weight_table_is_refused_with_its_line() {
    let v = chess();
    assert_eq!(parse_weights(v, "value.X 1 2").unwrap_err(), "weights of chess, line 1: unknown term 'value.X'");
    assert!(parse_weights(v, "# c\nvalue.N 300").unwrap_err().starts_with("weights of chess, line 2: expected"));
    assert!(parse_weights(v, "value.N 300 NaN").is_err());
    assert_eq!(parse_weights(v, "value.N 300 310 # knights").unwrap()[1], (300.0, 310.0));
}

#[test]
fn selfplay_writes_positions_that_read_back_with_their_result() {
    let v = chess();
    let mut options = SelfplayOptions::new(2, 300, 7);
    options.max_plies = 60;
    let mut out = Vec::new();
    let written = tune::selfplay(v, &options, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(written > 0);
    assert_eq!(text.lines().count() as u64, written);
    let mut scores = Vec::new();
    for line in text.lines() {
        let parts: Vec<&str> = line.split(';').collect();
        assert_eq!(parts.len(), 4, "game;result;position;score: {line}");
        let game: u32 = parts[0].parse().unwrap();
        assert!(game < 2);
        let result: f64 = parts[1].parse().unwrap();
        assert!([0.0, 0.5, 1.0].contains(&result), "{line}");
        let pos = parse_position(v, parts[2]).unwrap();
        assert!(!pos.is_check(), "kept positions are not in check: {line}");
        let score: i32 = parts[3].parse().unwrap();
        assert!(score.abs() <= tune::SCORE_LIMIT, "{line}");
        scores.push(score);
    }
    assert!(scores.iter().any(|&s| s != 0), "the search's scores are written: {scores:?}");
    let (train, check) = tune::read_data(v, &text, 2).unwrap();
    assert_eq!((train.len() + check.len()) as u64, written);
    assert!(!check.is_empty(), "game 0 is held out");
    assert_eq!(tune::read_data(v, "0;2;8/8/8/8/8/8/8/8 w - - 0 1", 0).unwrap_err(), "data line 1: result out of 0..1");
    assert_eq!(tune::read_data(v, "0;1;4k3/8/8/8/8/8/8/4K3 w - - 0 1;+x", 0).unwrap_err(), "data line 1: bad score");
}

/// The game's result blended with the search's score: `--blend 0` keeps
/// the results, `--blend 1` aims at the scores' expected results, and data
/// written before scores were kept (three fields) keeps its results.
#[test]
fn a_blend_aims_the_fit_between_the_result_and_the_search_score() {
    let v = chess();
    // A won game whose search thought the first player 400 cp down, and an old line without a score.
    let text = "1;1;4k3/8/8/8/8/8/8/Q3K3 w - - 0 1;-400\n1;0.5;4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n";
    let k = 1.0;
    let behind = tune::expected(-400.0, k);
    for (share, want) in [(0.0, 1.0), (1.0, behind), (0.25, 0.75 + 0.25 * behind)] {
        let (mut data, _) = tune::read_data(v, text, 0).unwrap();
        data.blend_with_scores(k, share);
        assert!((data.target(0) - want).abs() < 1e-6, "share {share}: {} against {want}", data.target(0));
        assert_eq!(data.target(1), 0.5, "no score: the result stays");
    }
}

/// A synthetic set whose results are the logistic curve of known weights:
/// K is found back with the known weights, and the fit from zero finds the weights back.
#[test]
fn the_fit_finds_known_weights_and_k_back() {
    let truth = [120.0, 40.0, -30.0, 90.0]; // term 0 (mg, eg), term 1 (mg, eg)
    let mut data = Dataset::default();
    let mut seed = 12345u64;
    let mut next = |n: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    for _ in 0..400 {
        let counts = [(0u32, next(7) as i32 - 3), (1u32, next(5) as i32 - 2)];
        let phase = next(11) as f64 / 10.0;
        let eval: f64 = counts
            .iter()
            .map(|&(t, n)| n as f64 * (truth[2 * t as usize] * phase + truth[2 * t as usize + 1] * (1.0 - phase)))
            .sum();
        data.push(&counts, phase, tune::expected(eval, 1.3), None);
    }
    let k = tune::fit_k(&data, &truth);
    assert!((k - 1.3).abs() < 0.01, "K {k}");
    let start = [0.0; 4];
    let options = FitOptions { epochs: 3000, rate: 2.0, lambda: 0.0 };
    let fitted = tune::fit(&data, &start, 1.3, &options);
    assert!(data.error(&fitted, 1.3) < data.error(&start, 1.3) / 100.0);
    for (f, t) in fitted.iter().zip(truth) {
        assert!((f - t).abs() < 3.0, "fitted {fitted:?}, truth {truth:?}");
    }
}
