//! perft against the published tables (docs/perft.md). Shallow
//! depths here; the deepest run with `cargo test --release -- --ignored` and in `make bench`.

use zilo::fen::parse_position;
use zilo::perft::perft;
use zilo::variant::Variant;

fn counts(variant: &str, fen: &str, depth: u32) -> Vec<u64> {
    let pos = parse_position(Variant::by_id(variant).unwrap(), fen).unwrap();
    (1..=depth).map(|d| perft(&pos, d)).collect()
}

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const ENDGAME: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const PROMOTIONS: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const SHOGI_START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";

#[test]
fn chess_start_position() {
    assert_eq!(counts("chess", CHESS_START, 4), [20, 400, 8_902, 197_281]);
}

#[test]
fn chess_kiwipete_castling_en_passant_and_pins() {
    assert_eq!(counts("chess", KIWIPETE, 3), [48, 2_039, 97_862]);
}

#[test]
fn chess_endgame_with_en_passant_discovered_checks() {
    assert_eq!(counts("chess", ENDGAME, 5), [14, 191, 2_812, 43_238, 674_624]);
}

#[test]
fn chess_promotions_and_castling_rights() {
    assert_eq!(counts("chess", PROMOTIONS, 4), [6, 264, 9_467, 422_333]);
}

#[test]
fn shogi_start_position_without_pawn_drop_mates() {
    assert_eq!(counts("shogi", SHOGI_START, 3), [30, 900, 25_470]);
}

#[test]
#[ignore = "deep: run with --ignored in release"]
fn deep_published_counts() {
    assert_eq!(counts("chess", CHESS_START, 6)[5], 119_060_324);
    assert_eq!(counts("chess", KIWIPETE, 5)[4], 193_690_690);
    assert_eq!(counts("chess", PROMOTIONS, 5)[4], 15_833_292);
    assert_eq!(counts("shogi", SHOGI_START, 5)[4], 19_861_490);
}

// Pillage and its subvariants: no published tables; these counts agree with
// Fairy-Stockfish loading tests/differential/pillage.ini, to depth 4 for all
// but pillage-snipers, where the first shots occur at ply 4 (Fairy-Stockfish
// has none: 2,451,689 there, ours 2,451,695), see pillage_fsf_perft.py.
// No castle is possible before ply 7.
#[test]
fn pillage_start_positions() {
    let start = |id: &str| Variant::by_id(id).unwrap().start_fen;
    assert_eq!(counts("pillage", start("pillage"), 3), [42, 1_756, 79_253]);
    assert_eq!(counts("pillage-flying-ferz", start("pillage-flying-ferz"), 3), [44, 1_932, 91_652]);
    assert_eq!(counts("pillage-snipers", start("pillage-snipers"), 3), [38, 1_440, 59_469]);
    assert_eq!(counts("pillage-dragons", start("pillage-dragons"), 3), [42, 1_764, 81_838]);
    assert_eq!(counts("pillage-warmachines", start("pillage-warmachines"), 3), [44, 1_936, 92_190]);
}

#[test]
fn pillage_depth_four() {
    let d4 = |id: &str| counts(id, Variant::by_id(id).unwrap().start_fen, 4)[3];
    assert_eq!(d4("pillage"), 3_567_613);
    assert_eq!(d4("pillage-dragons"), 3_782_817);
    assert_eq!(d4("pillage-snipers"), 2_451_695);
}

// Venomous: no published table and no reference engine that plays it; these
// counts are checked by the random-playout test against brute force (each
// pseudo-legal move and reserve drop played on a copy) and by the rule tests.
#[test]
fn venomous_start_position() {
    let start = Variant::by_id("venomous").unwrap().start_fen;
    assert_eq!(counts("venomous", start, 4), [34, 1_156, 46_089, 1_831_490]);
}
