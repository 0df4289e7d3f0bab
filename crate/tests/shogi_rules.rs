//! Shogi: promotion, drops and the end of the game, on concrete positions.

use zilo::door::Game;

fn game(fen: &str) -> Game {
    Game::new("shogi", Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(fen: &str) -> Vec<String> {
    let g = game(fen);
    let mut list = g.legal_moves();
    list.sort();
    list
}

fn legal(fen: &str, m: &str) -> bool {
    moves(fen).iter().any(|x| x == m)
}

#[test]
fn promotion_is_optional_entering_leaving_or_inside_the_zone() {
    let fen = "4k4/9/9/9/2S6/9/9/9/4K4[] w - - 0 1";
    assert!(legal(fen, "c5c6") && !legal(fen, "c5c6+"), "outside the zone");
    let entering = "4k4/9/9/2S6/9/9/9/9/4K4[] w - - 0 1";
    assert!(legal(entering, "c6c7") && legal(entering, "c6c7+"));
    let leaving = "4k4/9/2S6/9/9/9/9/9/4K4[] w - - 0 1";
    assert!(legal(leaving, "c7b6+") && legal(leaving, "c7b6"), "a Silver leaving the zone may promote");
    let g = {
        let mut g = game(entering);
        g.play("c6c7+").unwrap();
        g
    };
    assert_eq!(g.position(), "4k4/9/2+S6/9/9/9/9/9/4K4[] b - - 0 1");
}

#[test]
fn promotion_is_forced_where_the_piece_could_never_move_again() {
    let fen = "4k4/9/P1L1N4/9/9/9/9/9/4K4[] w - - 0 1";
    assert!(legal(fen, "a7a8") && legal(fen, "a7a8+"), "a pawn may stay unpromoted on the 8th");
    let last = "4k4/P8/9/9/9/9/9/9/4K4[] w - - 0 1";
    assert!(!legal(last, "a8a9") && legal(last, "a8a9+"));
    assert!(!legal(fen, "c7c9") && legal(fen, "c7c9+"), "a lance on the last rank must promote");
    assert!(!legal(fen, "e7d9") && legal(fen, "e7d9+"), "a knight on the last two ranks must promote");
    let err = game(last).play("a8a9").unwrap_err().to_string();
    assert_eq!(err, "illegal move a8a9: the Pawn must promote there");
}

#[test]
fn captured_pieces_go_to_hand_unpromoted() {
    let mut g = game("4k4/9/9/9/4+r4/4R4/9/9/4K4[] w - - 0 1");
    g.play("e4e5").unwrap();
    assert_eq!(g.position(), "4k4/9/9/9/4R4/9/9/9/4K4[R] b - - 0 1");
}

#[test]
fn no_second_unpromoted_pawn_on_a_file() {
    let fen = "4k4/9/9/9/9/9/4P4/9/4K4[P] w - - 0 1";
    assert!(!legal(fen, "P@e5"));
    assert!(legal(fen, "P@d5"));
    let err = game(fen).play("P@e5").unwrap_err().to_string();
    assert_eq!(err, "illegal move P@e5: you already have an unpromoted Pawn on that file");
    let tokin = "4k4/9/9/9/9/9/4+P4/9/4K4[P] w - - 0 1";
    assert!(legal(tokin, "P@e5"), "a tokin does not count");
}

#[test]
fn no_drop_where_the_piece_could_never_move() {
    let fen = "4k4/9/9/9/9/9/9/9/4K4[PLN] w - - 0 1";
    assert!(!legal(fen, "P@a9") && !legal(fen, "L@a9") && !legal(fen, "N@a9") && !legal(fen, "N@a8"));
    assert!(legal(fen, "P@a8") && legal(fen, "L@a8") && legal(fen, "N@a7"));
    let err = game(fen).play("N@a8").unwrap_err().to_string();
    assert_eq!(err, "illegal move N@a8: a Knight may not be dropped on the farthest 2 ranks");
}

#[test]
fn a_pawn_drop_may_not_checkmate_but_other_drops_may() {
    // The king on e9 is boxed in by its lances; a pawn on e8 protected by the
    // gold on e7 would mate.
    let fen = "3lkl3/9/4G4/9/9/9/9/9/4K4[PL] w - - 0 1";
    assert!(!legal(fen, "P@e8"));
    let err = game(fen).play("P@e8").unwrap_err().to_string();
    assert_eq!(err, "illegal move P@e8: a Pawn drop may not give checkmate");
    assert!(legal(fen, "L@e8"), "a lance drop may mate");
}

#[test]
fn a_player_with_no_legal_move_loses() {
    let g = game("8k/7G1/7G1/9/9/9/9/9/K8[] b - - 0 1");
    assert_eq!((g.outcome().result(), g.outcome().reason()), ("1-0", "checkmate"));
}

#[test]
fn fourfold_repetition_draws() {
    let mut g = game(zilo::variants::shogi::START_FEN);
    for _ in 0..3 {
        for m in ["h2g2", "b8c8", "g2h2", "c8b8"] {
            g.play(m).unwrap();
        }
    }
    assert_eq!(g.outcome().reason(), "repetition");
}

#[test]
fn perpetual_check_loses_for_the_checking_side() {
    // The rook checks from the a- and b-files in turn while the king steps
    // between a9 and b9: the fourth time round, the checking side loses.
    let mut g = game("k8/9/9/9/9/9/9/1R7/4K4[] w - - 0 1");
    for _ in 0..3 {
        for m in ["b2a2", "a9b9", "a2b2", "b9a9"] {
            assert_eq!(g.outcome().reason(), "ongoing");
            g.play(m).unwrap();
        }
    }
    assert_eq!((g.outcome().result(), g.outcome().reason()), ("0-1", "perpetual-check"));
}

#[test]
fn notation_is_western_shogi_notation_on_shogi_coordinates() {
    let mut g = Game::new("shogi", None).unwrap();
    let mut said = Vec::new();
    for text in ["c3c4", "g7g6", "b2h8+"] {
        said.push(g.play(text).unwrap().notation);
    }
    assert_eq!(said, ["P-7f", "P-3d", "Bx2b+"]);
    // A capture back, and a drop.
    assert_eq!(g.play("g9h8").unwrap().notation, "Sx2b");
    assert_eq!(g.describe("B@e5").unwrap().notation, "B*5e");
}

#[test]
fn results_are_worded_with_sente_and_gote() {
    let mut g = Game::new("shogi", None).unwrap();
    g.resign(zilo::door::Side::Second);
    assert_eq!(g.ending_words(), ("Sente wins (1-0)".to_string(), "Gote resigned.".to_string()));
}
