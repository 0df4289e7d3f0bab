//! Orthodox chess: one test or more per FIDE rule, on concrete positions.

use zilo::door::Game;
use zilo::fen::parse_position;
use zilo::variant::Variant;

fn moves(fen: &str) -> Vec<String> {
    let g = Game::new("chess", Some(fen)).unwrap();
    let mut list = g.legal_moves();
    list.sort();
    list
}

fn legal(fen: &str, m: &str) -> bool {
    moves(fen).iter().any(|x| x == m)
}

fn play(fen: &str, line: &[&str]) -> Game {
    let mut g = Game::new("chess", Some(fen)).unwrap();
    for m in line {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

#[test]
fn castling_moves_king_two_squares_and_rook_over_it() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert!(legal(fen, "e1g1") && legal(fen, "e1c1"));
    let g = play(fen, &["e1g1"]);
    assert_eq!(g.position(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    let g = play(fen, &["e1c1"]);
    assert_eq!(g.position(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
}

#[test]
fn castling_is_lost_when_king_or_rook_moves_or_the_rook_is_taken() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(play(fen, &["h1h2"]).position().split(' ').nth(2), Some("Qkq"));
    assert_eq!(play(fen, &["e1e2"]).position().split(' ').nth(2), Some("kq"));
    assert_eq!(play(fen, &["a1a8"]).position().split(' ').nth(2), Some("Kk"));
}

#[test]
fn no_castling_out_of_through_or_into_check() {
    // Out of check: the rook on e8 checks.
    assert!(!legal("4r2k/7p/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
    // Through check: f1 attacked by the rook on f8.
    let through = "5r1k/7p/8/8/8/8/8/R3K2R w KQ - 0 1";
    assert!(!legal(through, "e1g1") && legal(through, "e1c1"));
    // Into check: g1 attacked.
    assert!(!legal("6rk/7p/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
    // The queenside rook may cross an attacked b1.
    assert!(legal("1r5k/7p/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
    // Pieces between king and rook block castling.
    assert!(!legal("7k/7p/8/8/8/8/8/RN2K1NR w KQ - 0 1", "e1c1"));
    let err = Game::new("chess", Some(through)).unwrap().play("e1g1").unwrap_err().to_string();
    assert!(err.contains("castling needs"), "{err}");
}

#[test]
fn en_passant_takes_the_pawn_that_just_passed_and_only_at_once() {
    let g = play("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", &["d7d5"]);
    assert_eq!(g.position(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let mut g2 = g.clone();
    let r = g2.play("e5d6").unwrap();
    assert_eq!(r.captured.map(|p| (p.square, p.piece)), Some(("d5".to_string(), "p".to_string())));
    assert_eq!(g2.position(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    let later = play("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", &["d7d5", "e1e2", "e8e7"]);
    assert!(!legal(&later.position(), "e5d6"));
}

#[test]
fn en_passant_square_is_written_only_when_a_pawn_can_take() {
    let g = play(zilo::variants::chess::START_FEN, &["e2e4"]);
    assert_eq!(g.position(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

#[test]
fn en_passant_that_exposes_the_king_along_the_rank_is_illegal() {
    let fen = "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1";
    assert!(!legal(fen, "e5d6"));
}

#[test]
fn pawns_promote_to_queen_rook_bishop_or_knight_only() {
    let fen = "7k/P7/8/8/8/8/8/K7 w - - 0 1";
    let promos: Vec<String> = moves(fen).into_iter().filter(|m| m.starts_with("a7")).collect();
    assert_eq!(promos, ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
    let mut g = Game::new("chess", Some(fen)).unwrap();
    let err = g.play("a7a8").unwrap_err().to_string();
    assert_eq!(err, "illegal move a7a8: the Pawn must promote there");
    assert!(g.play("a7a8k").is_err());
    g.play("a7a8n").unwrap();
    assert_eq!(g.position(), "N6k/8/8/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn checkmate_wins_and_stalemate_draws() {
    let mate = play(zilo::variants::chess::START_FEN, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!((mate.outcome().result(), mate.outcome().reason()), ("0-1", "checkmate"));
    let stale = Game::new("chess", Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")).unwrap();
    assert_eq!((stale.outcome().result(), stale.outcome().reason()), ("1/2-1/2", "stalemate"));
}

#[test]
fn threefold_repetition_draws() {
    let g = play(zilo::variants::chess::START_FEN, &["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_eq!(g.outcome().reason(), "repetition");
}

#[test]
fn repetition_needs_the_same_castling_rights() {
    // King out and back: same placement, but the rights are gone.
    let g = play("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", &["e1d1", "e8d8", "d1e1", "d8e8", "e1d1", "e8d8", "d1e1", "d8e8"]);
    assert_eq!(g.outcome().reason(), "ongoing", "the first position had castling rights");
}

#[test]
fn fifty_moves_without_capture_or_pawn_move_draw() {
    let g = play("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", &["a1a2"]);
    assert_eq!(g.outcome().reason(), "fifty-moves");
    let reset = play("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80", &["e2e3"]);
    assert_eq!(reset.outcome().reason(), "ongoing");
}

#[test]
fn insufficient_material_draws() {
    let draw = |fen: &str| Game::new("chess", Some(fen)).unwrap().outcome().reason();
    assert_eq!(draw("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "insufficient-material");
    assert_eq!(draw("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"), "insufficient-material");
    assert_eq!(draw("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"), "insufficient-material", "bishops on one colour");
    assert_eq!(draw("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1"), "ongoing", "bishops on both colours");
    assert_eq!(draw("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1"), "ongoing");
    assert_eq!(draw("4k3/8/8/8/8/8/7P/4K3 w - - 0 1"), "ongoing");
}

#[test]
fn a_position_with_the_side_not_to_move_in_check_is_refused() {
    let err = parse_position(Variant::by_id("chess").unwrap(), "4k3/8/8/8/8/8/8/4KR2 w - - 0 1").is_ok();
    assert!(err, "f-file rook does not check e8");
    let e = parse_position(Variant::by_id("chess").unwrap(), "4k3/8/8/8/8/8/8/3RK3 w - - 0 1").is_ok();
    assert!(e);
    let bad = parse_position(Variant::by_id("chess").unwrap(), "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1").unwrap_err();
    assert_eq!(bad.to_string(), "the side not to move is in check");
}

#[test]
fn notation_is_standard_algebraic() {
    let san = |fen: &str, text: &str| {
        let g = Game::new("chess", Some(fen)).unwrap();
        g.describe(text).unwrap().notation
    };
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(san(start, "g1f3"), "Nf3");
    assert_eq!(san(start, "e2e4"), "e4");
    // Disambiguation by file, then by rank.
    assert_eq!(san("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2"), "Nbd2");
    assert_eq!(san("4k3/8/8/8/8/1N6/8/1N2K3 w - - 0 1", "b1d2"), "N1d2");
    assert_eq!(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
    assert_eq!(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"), "O-O-O");
    assert_eq!(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
    assert_eq!(san("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q"), "e8=Q");
    assert_eq!(san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"), "Qh4#");
    assert_eq!(san("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8+");
}

#[test]
fn results_are_worded_with_the_variants_names() {
    let g = play("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", &["d8h4"]);
    assert_eq!(
        g.ending_words(),
        ("Black wins (0-1)".to_string(), "Checkmate: the white king is in check and has no way out.".to_string())
    );
    let g = play("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]);
    assert_eq!(g.ending_words().1, "Draw by stalemate: Black has no legal move but is not in check.");
}
