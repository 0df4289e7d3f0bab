//! ЗiлоḺ АḺв Жа: one test or more for every rule and ruling of docs/rules/zilo.md,
//! each on a concrete position.

mod common;
use common::*;
use zilo::fen::write_position;
use zilo::variants::zilo::START_FEN;

// Kings parked out of the way for piece-movement tests.
const KINGS: [(&str, char); 2] = [("a1", 'K'), ("i9", 'k')];

fn with_kings(pieces: &[(&str, char)]) -> Vec<(&'static str, char)> {
    let mut all: Vec<(&'static str, char)> = KINGS.to_vec();
    for &(sq, c) in pieces {
        all.push((Box::leak(sq.to_string().into_boxed_str()), c));
    }
    all
}

fn alone(piece: char, on: &str) -> String {
    zilo_board(&with_kings(&[(on, piece)]), "", if piece.is_uppercase() { 'w' } else { 'b' })
}

// --- sides, board and start ---------------------------------------------------------

#[test]
fn start_position_is_the_one_in_the_rules_and_round_trips() {
    let pos = position(START_FEN);
    assert_eq!(write_position(&pos), START_FEN);
    assert_eq!(pos.turn(), zilo::Color::White);
    let g = game(START_FEN);
    let v = zilo::variant::Variant::by_id(g.variant()).unwrap();
    assert_eq!(v.geometry.files, 9);
    assert_eq!(v.geometry.ranks, 9);
}

#[test]
fn the_avian_first_player_moves_first_and_up_the_board() {
    assert!(is_legal(START_FEN, "e3e4"));
    assert!(!is_legal(START_FEN, "e7e6"), "the Porcine side does not move first");
    let after = {
        let mut g = game(START_FEN);
        g.play("e3e4").unwrap();
        g.position()
    };
    assert!(is_legal(&after, "e7e6"), "the second player moves down the board");
}

#[test]
fn start_position_has_twenty_two_moves() {
    assert_eq!(moves(START_FEN).len(), 22);
}

// --- pieces -----------------------------------------------------------------------

#[test]
fn scout_slides_any_distance_diagonally() {
    assert_eq!(
        targets(&alone('Y', "e4"), "e4"),
        sorted(&["f5", "g6", "h7", "i8", "d5", "c6", "b7", "a8", "f3", "g2", "h1", "d3", "c2", "b1"])
    );
}

#[test]
fn charger_slides_any_distance_orthogonally_and_stops_at_the_first_piece() {
    let fen = zilo_board(&with_kings(&[("e5", 'Q'), ("e7", 'p'), ("c5", 'P')]), "", 'w');
    assert_eq!(targets(&fen, "e5"), sorted(&["e6", "e7", "e4", "e3", "e2", "e1", "d5", "f5", "g5", "h5", "i5"]));
}

#[test]
fn bomber_slides_one_to_three_squares_orthogonally() {
    assert_eq!(
        targets(&alone('B', "e5"), "e5"),
        sorted(&["e6", "e7", "e8", "e4", "e3", "e2", "d5", "c5", "b5", "f5", "g5", "h5"])
    );
}

#[test]
fn bomber_cannot_pass_through_a_piece_and_captures_only_the_first_within_three() {
    // Blocked by its own Minion at distance 1 upward; enemy at distance 3 leftward
    // is capturable; enemy at distance 4 rightward is not.
    let fen = zilo_board(&with_kings(&[("e5", 'B'), ("e6", 'P'), ("b5", 'p'), ("i5", 'p')]), "", 'w');
    let t = targets(&fen, "e5");
    assert!(!t.contains(&"e7".to_string()) && !t.contains(&"e6".to_string()));
    assert!(t.contains(&"b5".to_string()), "captures at distance 3");
    assert!(!t.contains(&"i5".to_string()), "distance 4 is out of range");
    assert!(t.contains(&"h5".to_string()));
}

#[test]
fn jumper_leaps_like_a_knight_over_pieces() {
    let fen = zilo_board(
        &with_kings(&[("e5", 'C'), ("d5", 'P'), ("f5", 'P'), ("e4", 'p'), ("e6", 'p'), ("d6", 'P'), ("f4", 'P')]),
        "",
        'w',
    );
    assert_eq!(targets(&fen, "e5"), sorted(&["d7", "f7", "c6", "g6", "c4", "g4", "d3", "f3"]));
}

#[test]
fn minion_moves_and_captures_one_square_straight_forward_only() {
    let fen = zilo_board(&with_kings(&[("e5", 'P'), ("e6", 'p'), ("d6", 'p'), ("f6", 'p')]), "", 'w');
    assert_eq!(targets(&fen, "e5"), sorted(&["e6"]), "captures straight ahead, never diagonally");
    let blocked = zilo_board(&with_kings(&[("e5", 'P'), ("e6", 'P')]), "", 'w');
    assert_eq!(targets(&blocked, "e5"), Vec::<String>::new());
    assert_eq!(targets(&alone('p', "e5"), "e5"), sorted(&["e4"]), "the Porcine Minion moves down");
}

#[test]
fn sentinel_steps_one_square_in_any_direction() {
    assert_eq!(targets(&alone('H', "e5"), "e5"), sorted(&["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"]));
}

#[test]
fn vanguard_steps_anywhere_but_diagonally_backward() {
    assert_eq!(targets(&alone('M', "e5"), "e5"), sorted(&["d5", "d6", "e4", "e6", "f5", "f6"]));
    assert_eq!(targets(&alone('m', "e5"), "e5"), sorted(&["d4", "d5", "e4", "e6", "f4", "f5"]));
}

#[test]
fn monarch_steps_one_square_in_any_direction() {
    let fen = zilo_board(&[("e5", 'K'), ("i9", 'k')], "", 'w');
    assert_eq!(targets(&fen, "e5"), sorted(&["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"]));
}

#[test]
fn every_piece_captures_the_way_it_moves() {
    // Each white piece has an enemy Minion on one of its move squares.
    let fen = zilo_board(
        &[
            ("a1", 'K'),
            ("i9", 'k'),
            ("c3", 'Y'),
            ("f6", 'p'),
            ("h1", 'Q'),
            ("h7", 'p'),
            ("a5", 'C'),
            ("b7", 'p'),
            ("e2", 'H'),
            ("d3", 'p'),
        ],
        "",
        'w',
    );
    for m in ["c3f6", "h1h7", "a5b7", "e2d3"] {
        assert!(is_legal(&fen, m), "{m}");
    }
}

#[test]
fn no_piece_promotes_and_a_minion_on_the_far_rank_cannot_move() {
    let fen = zilo_board(&[("a1", 'K'), ("i9", 'k'), ("e8", 'P')], "", 'w');
    assert!(is_legal(&fen, "e8e9"));
    assert!(moves(&fen).iter().all(|m| !m.starts_with("e8e9") || m == "e8e9"), "no promotion suffixes");
    let mut g = game(&fen);
    let err = g.play("e8e9q").unwrap_err().to_string();
    assert!(err.contains("does not promote") || err.contains("not a piece"), "{err}");
    g.play("e8e9").unwrap();
    g.play("i9i8").unwrap();
    assert!(g.moves_from("e9").unwrap().is_empty(), "a Minion on the far rank is stuck");
    assert_eq!(g.board().iter().find(|x| x.square == "e9").map(|x| x.piece.as_str()), Some("P"));
}

// --- the Bomber's blast ---------------------------------------------------------------

#[test]
fn blast_removes_every_neighbour_of_both_sides_and_the_bomber_stays() {
    let fen = zilo_board(
        &[
            ("a1", 'K'),
            ("i9", 'k'),
            ("e4", 'B'),
            ("e6", 'q'), // captured directly
            ("d7", 'c'),
            ("e7", 'h'), // Sentinel armor does not stop a blast
            ("f7", 'Y'), // the mover's own piece is blasted too
            ("d5", 'm'),
            ("f6", 'P'),
            ("c6", 'p'), // two squares away: survives
        ],
        "",
        'w',
    );
    let mut g = game(&fen);
    let report = g.play("e4e6").unwrap();
    assert_eq!(report.captured.map(|p| p.square), Some("e6".to_string()));
    let mut blasted: Vec<String> = report.blasted.iter().map(|p| p.square.clone()).collect();
    blasted.sort();
    assert_eq!(blasted, sorted(&["d5", "d7", "e7", "f6", "f7"]));
    assert_eq!(g.position(), "8k/9/9/2p1B4/9/9/9/9/K8[Q] b - - 0 1");
}

#[test]
fn blast_victims_go_to_nobodys_hand_only_the_direct_capture_does() {
    let fen = zilo_board(&[("a1", 'K'), ("i9", 'k'), ("e4", 'B'), ("e5", 'p'), ("e6", 'c'), ("d6", 'H')], "", 'w');
    let mut g = game(&fen);
    g.play("e4e5").unwrap();
    let fen_after = g.position();
    assert!(fen_after.contains("[P]"), "only the captured Minion is in hand: {fen_after}");
}

#[test]
fn bomber_move_without_capture_causes_no_blast() {
    let fen = zilo_board(&[("a1", 'K'), ("i9", 'k'), ("e4", 'B'), ("d7", 'p'), ("f7", 'p')], "", 'w');
    let mut g = game(&fen);
    let report = g.play("e4e6").unwrap();
    assert!(report.captured.is_none() && report.blasted.is_empty());
    assert_eq!(g.board().len(), 5);
}

#[test]
fn blast_that_would_remove_the_movers_own_monarch_is_illegal() {
    // Capturing on e4 next to the own Monarch on e5 is not in the move list.
    let fen = zilo_board(&[("e5", 'K'), ("i9", 'k'), ("e2", 'B'), ("e4", 'p')], "", 'w');
    assert!(!is_legal(&fen, "e2e4"));
    assert!(is_legal(&fen, "e5e4"), "the Monarch itself may take");
    let err = game(&fen).play("e2e4").unwrap_err().to_string();
    assert_eq!(err, "illegal move e2e4: the blast would remove your own Monarch");
}

#[test]
fn blast_removing_the_enemy_monarch_wins_at_once() {
    // Set up with the Porcine Monarch next to a capturable piece: the Avian side
    // blasts it. (Such a position can only be set up; in play it would be check.)
    let fen = zilo_board(&[("a1", 'K'), ("e6", 'k'), ("e2", 'B'), ("e5", 'p')], "", 'w');
    let mut g = game(&fen);
    g.play("e2e5").unwrap();
    assert_eq!((g.outcome().result(), g.outcome().reason()), ("1-0", "monarch-captured"));
    assert!(g.legal_moves().is_empty(), "nobody moves after the Monarch is gone");
}

#[test]
fn blast_removing_the_enemy_monarch_is_legal_even_when_in_check() {
    // The Avian Monarch on a1 is attacked by the Charger on a9, yet blasting the
    // Porcine Monarch is legal and wins.
    let fen = zilo_board(&[("a1", 'K'), ("a9", 'q'), ("e6", 'k'), ("e2", 'B'), ("e5", 'p')], "", 'w');
    assert!(position(&fen).is_check());
    assert!(is_legal(&fen, "e2e5"));
    let mut g = game(&fen);
    g.play("e2e5").unwrap();
    assert_eq!(g.outcome().reason(), "monarch-captured");
}

#[test]
fn blast_that_would_remove_both_monarchs_is_illegal_and_no_threat() {
    // Black Bomber on e9 could capture e7, whose blast covers both e6 (white
    // Monarch) and f8 (its own Monarch): illegal for Black, so White is not in check.
    let fen = zilo_board(&[("e6", 'K'), ("f8", 'k'), ("e9", 'b'), ("e7", 'P')], "", 'w');
    assert!(!position(&fen).is_check());
    let black = zilo_board(&[("e6", 'K'), ("f8", 'k'), ("e9", 'b'), ("e7", 'P'), ("a1", 'H')], "", 'b');
    assert!(!is_legal(&black, "e9e7"));
}

#[test]
fn a_bomber_that_can_blast_a_neighbour_of_the_monarch_gives_check() {
    // Black Bomber on e9 can capture the Minion on e7; the blast would remove e6.
    let fen = zilo_board(&[("e6", 'K'), ("a9", 'k'), ("e9", 'b'), ("e7", 'P')], "", 'w');
    assert!(position(&fen).is_check());
    // Stepping next to an enemy Bomber's target is illegal for the same reason.
    let quiet = zilo_board(&[("e5", 'K'), ("a9", 'k'), ("e9", 'b'), ("e7", 'P')], "", 'w');
    assert!(!is_legal(&quiet, "e5e6"));
    assert!(is_legal(&quiet, "e5d5"));
}

// --- Sentinel armor ------------------------------------------------------------------

#[test]
fn scout_captures_a_sentinel_from_three_squares_but_not_from_four() {
    let near = zilo_board(&[("i1", 'K'), ("a9", 'k'), ("b2", 'Y'), ("e5", 'h')], "", 'w');
    assert!(is_legal(&near, "b2e5"));
    let far = zilo_board(&[("i1", 'K'), ("a9", 'k'), ("b2", 'Y'), ("f6", 'h')], "", 'w');
    assert!(!is_legal(&far, "b2f6"));
    assert!(is_legal(&far, "b2e5"), "it may still slide up to the Sentinel");
    let err = game(&far).play("b2f6").unwrap_err().to_string();
    assert_eq!(err, "illegal move b2f6: a Scout can capture a Sentinel only from at most 3 squares away");
}

#[test]
fn charger_captures_a_sentinel_from_three_squares_but_not_from_four() {
    let near = zilo_board(&[("i1", 'K'), ("a9", 'k'), ("a5", 'Q'), ("d5", 'h')], "", 'w');
    assert!(is_legal(&near, "a5d5"));
    let far = zilo_board(&[("i1", 'K'), ("a9", 'k'), ("a5", 'Q'), ("e5", 'h')], "", 'w');
    assert!(!is_legal(&far, "a5e5"));
    // The armor guards Sentinels only: any other piece is taken from afar.
    let minion = zilo_board(&[("i1", 'K'), ("a9", 'k'), ("a5", 'Q'), ("i5", 'p')], "", 'w');
    assert!(is_legal(&minion, "a5i5"));
}

#[test]
fn other_pieces_and_blasts_take_sentinels_normally() {
    let fen = zilo_board(
        &[("i1", 'K'), ("a9", 'k'), ("c3", 'C'), ("d5", 'h'), ("e2", 'B'), ("e5", 'p'), ("f6", 'h')],
        "",
        'w',
    );
    assert!(is_legal(&fen, "c3d5"), "a Jumper captures a Sentinel");
    let mut g = game(&fen);
    let report = g.play("e2e5").unwrap();
    assert_eq!(report.blasted.len(), 2, "both Sentinels next to e5 are blasted");
}

#[test]
fn an_armored_sentinel_still_blocks_the_line() {
    let fen = zilo_board(&[("i1", 'K'), ("a9", 'k'), ("a5", 'Q'), ("e5", 'h'), ("g5", 'p')], "", 'w');
    assert!(!is_legal(&fen, "a5g5"));
}

// --- drops -------------------------------------------------------------------------

#[test]
fn a_captured_piece_joins_the_capturers_hand() {
    let fen = zilo_board(&[("i1", 'K'), ("a9", 'k'), ("e4", 'Q'), ("e7", 'c')], "", 'w');
    let mut g = game(&fen);
    g.play("e4e7").unwrap();
    assert!(g.position().contains("[C]"));
}

#[test]
fn drops_go_on_empty_squares_only() {
    let fen = zilo_board(&[("i1", 'K'), ("a9", 'k'), ("e5", 'p')], "C", 'w');
    assert!(is_legal(&fen, "C@e4"));
    assert!(!is_legal(&fen, "C@e5"));
    let err = game(&fen).play("C@e5").unwrap_err().to_string();
    assert_eq!(err, "illegal move C@e5: e5 is not empty; pieces are dropped on empty squares only");
    // 81 squares, 3 occupied: 78 drops.
    assert_eq!(moves(&fen).iter().filter(|m| m.starts_with("C@")).count(), 78);
}

#[test]
fn a_minion_may_not_be_dropped_on_the_owners_farthest_rank() {
    let white = zilo_board(&[("i1", 'K'), ("a8", 'k')], "P", 'w');
    assert!(!is_legal(&white, "P@e9"));
    assert!(is_legal(&white, "P@e8"));
    let err =
        position(&white).drop_error(zilo::Role(0), zilo().geometry.parse_square("e9").unwrap()).unwrap().to_string();
    assert_eq!(err, "P@e9: a Minion may not be dropped on the farthest rank");
    let black = zilo_board(&[("i2", 'K'), ("a8", 'k')], "p", 'b');
    assert!(!is_legal(&black, "P@e1"));
    assert!(is_legal(&black, "P@e2"));
}

#[test]
fn there_is_no_two_minions_on_a_file_rule() {
    let fen = zilo_board(&[("i1", 'K'), ("a9", 'k'), ("e3", 'P')], "P", 'w');
    assert!(is_legal(&fen, "P@e5"));
}

#[test]
fn other_pieces_may_be_dropped_on_the_farthest_rank() {
    let fen = zilo_board(&[("i1", 'K'), ("a8", 'k')], "Y", 'w');
    assert!(is_legal(&fen, "Y@e9"));
}

/// The Porcine Monarch in the corner, its two flight squares covered by a
/// Charger on the b-file and the drop square a8 guarded by a Scout on c6.
fn corner(hand: &str, with_charger: bool) -> String {
    let mut pieces = vec![("i1", 'K'), ("a9", 'k'), ("c6", 'Y')];
    if with_charger {
        pieces.push(("b1", 'Q'));
    }
    zilo_board(&pieces, hand, 'w')
}

#[test]
fn a_minion_drop_may_not_checkmate() {
    let fen = corner("P", true);
    assert!(!is_legal(&fen, "P@a8"));
    let err = game(&fen).play("P@a8").unwrap_err().to_string();
    assert_eq!(err, "illegal move P@a8: a Minion drop may not give checkmate");
}

#[test]
fn a_minion_drop_that_gives_check_is_fine_when_there_is_an_escape() {
    let fen = corner("P", false);
    assert!(is_legal(&fen, "P@a8"));
    let mut g = game(&fen);
    assert!(g.play("P@a8").unwrap().check);
}

#[test]
fn drops_of_other_pieces_may_checkmate() {
    let fen = corner("Q", true);
    assert!(is_legal(&fen, "Q@a5"));
    let mut g = game(&fen);
    g.play("Q@a5").unwrap();
    assert_eq!((g.outcome().result(), g.outcome().reason()), ("1-0", "checkmate"));
}

#[test]
fn a_dropped_piece_moves_in_its_new_owners_direction() {
    // The Porcine side holds a Minion it captured; dropped, it moves down.
    let fen = zilo_board(&[("i1", 'K'), ("a9", 'k')], "p", 'b');
    let mut g = game(&fen);
    g.play("P@e5").unwrap();
    g.play("i1h1").unwrap();
    let after = g.position();
    assert!(is_legal(&after, "e5e4"));
    assert!(!is_legal(&after, "e5e6"));
}

#[test]
fn a_drop_never_captures_or_blasts_and_may_give_check() {
    let fen = zilo_board(&[("i1", 'K'), ("e9", 'k'), ("e7", 'p'), ("d8", 'p')], "B", 'w');
    let mut g = game(&fen);
    let report = g.play("B@e6").unwrap();
    assert!(report.captured.is_none() && report.blasted.is_empty());
    // The dropped Bomber threatens to take e7 and blast e8's neighbours... not
    // the Monarch on e9 two squares away; but taking d8? d8 is not on its lines.
    assert!(!report.check);
    let checking = zilo_board(&[("i1", 'K'), ("e9", 'k'), ("e8", 'p')], "B", 'w');
    let mut g = game(&checking);
    assert!(g.play("B@e6").unwrap().check, "the Bomber can take e8 and blast e9");
}

#[test]
fn a_drop_must_not_leave_the_own_monarch_in_check() {
    // In check from the Charger on e9: only drops that block the file are legal.
    let fen = zilo_board(&[("e1", 'K'), ("a9", 'k'), ("e9", 'q'), ("a2", 'P'), ("a3", 'P')], "C", 'w');
    let drops: Vec<String> = moves(&fen).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops, sorted(&["C@e2", "C@e3", "C@e4", "C@e5", "C@e6", "C@e7", "C@e8"]));
}

// --- check, mate and the end of the game -------------------------------------------------

#[test]
fn a_move_must_not_leave_the_own_monarch_in_check() {
    // The Sentinel on e2 is pinned by the Charger on e9.
    let fen = zilo_board(&[("e1", 'K'), ("a9", 'k'), ("e9", 'q'), ("e2", 'H')], "", 'w');
    assert!(!is_legal(&fen, "e2d3"));
    assert!(is_legal(&fen, "e2e3"));
    let err = game(&fen).play("e2d3").unwrap_err().to_string();
    assert_eq!(err, "illegal move e2d3: it would leave your Monarch in check");
}

#[test]
fn checkmate_loses() {
    // Porcine Monarch a9 in check from the Charger on a1; b8 and b9 covered.
    let fen = zilo_board(&[("i1", 'K'), ("a9", 'k'), ("a1", 'Q'), ("d7", 'Y'), ("c6", 'C')], "", 'b');
    let g = game(&fen);
    assert!(g.is_check());
    assert_eq!((g.outcome().result(), g.outcome().reason()), ("1-0", "checkmate"));
}

#[test]
fn a_checkmate_can_be_escaped_by_a_drop() {
    let fen = zilo_board(&[("i1", 'K'), ("a9", 'k'), ("a1", 'Q'), ("d7", 'Y'), ("c6", 'C')], "h", 'b');
    assert_eq!(game(&fen).outcome().reason(), "ongoing");
    let drops: Vec<String> = moves(&fen).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops, sorted(&["H@a2", "H@a3", "H@a4", "H@a5", "H@a6", "H@a7", "H@a8"]));
}

#[test]
fn stalemate_loses() {
    // Porcine Monarch a9 not in check, every flight square covered, nothing else to move.
    let fen = zilo_board(&[("i1", 'K'), ("a9", 'k'), ("b1", 'Q'), ("c6", 'Y')], "", 'b');
    let g = game(&fen);
    assert!(!g.is_check());
    assert_eq!((g.outcome().result(), g.outcome().reason()), ("1-0", "stalemate"));
}

#[test]
fn the_fourth_repetition_is_a_draw() {
    let mut g = game(START_FEN);
    let shuffle = ["b1d2", "b9d8", "d2b1", "d8b9"];
    for _ in 0..2 {
        for m in shuffle {
            g.play(m).unwrap();
        }
    }
    // Start position seen three times so far.
    for m in &shuffle[..3] {
        g.play(m).unwrap();
        assert_eq!(g.outcome().reason(), "ongoing");
    }
    g.play(shuffle[3]).unwrap();
    assert_eq!((g.outcome().result(), g.outcome().reason()), ("1/2-1/2", "repetition"));
}

#[test]
fn repetition_counts_hands_too() {
    // The same board with a different hand is a different position.
    let a = position(&zilo_board(&[("i1", 'K'), ("a9", 'k')], "P", 'w'));
    let b = position(&zilo_board(&[("i1", 'K'), ("a9", 'k')], "", 'w'));
    assert!(!a.same_placement(&b));
    assert_ne!(a.hash(), b.hash());
}

#[test]
fn either_player_may_resign_and_the_other_wins() {
    let mut g = game(START_FEN);
    g.resign(zilo::door::Side::First);
    assert_eq!((g.outcome().result(), g.outcome().reason()), ("0-1", "resignation"));
    assert!(g.play("e3e4").is_err(), "no moves after a resignation");
    assert!(g.undo(), "a resignation can be taken back");
    g.resign(zilo::door::Side::Second);
    assert_eq!(g.outcome().result(), "1-0");
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut g = game(START_FEN);
    g.play("e3e4").unwrap();
    g.play("e7e6").unwrap();
    let after_two = g.position();
    assert!(g.undo() && g.undo() && !g.undo());
    assert_eq!(g.position(), START_FEN);
    assert!(g.redo() && g.redo() && !g.redo());
    assert_eq!(g.position(), after_two);
    g.undo();
    g.play("a7a6").unwrap();
    assert!(!g.can_redo(), "a new move drops the undone ones");
}

#[test]
fn perft_from_the_start_position() {
    let pos = position(START_FEN);
    let counts: Vec<u64> = (1..=4).map(|d| zilo::perft::perft(&pos, d)).collect();
    assert_eq!(counts, vec![22, 484, 11_308, 263_618]);
}

#[test]
fn a_monarch_is_never_in_hand() {
    // Refused in a position string, either side's hand.
    for hand in ["K", "k", "PPk"] {
        let fen = zilo_board(&[("a1", 'K'), ("i9", 'k')], hand, 'w');
        let err = zilo::fen::parse_position(zilo(), &fen).unwrap_err().to_string();
        assert!(err.contains("monarch/king in hand; it is never held in hand"), "{hand}: {err}");
        assert!(!err.contains('\n'));
    }
    // So it can never be dropped.
    let fen = zilo_board(&[("a1", 'K'), ("i9", 'k')], "", 'w');
    let err = game(&fen).play("K@e5").unwrap_err().to_string();
    assert_eq!(err, "illegal move K@e5: a Monarch is never dropped");
}

#[test]
fn the_monarch_taken_by_the_winning_move_goes_to_no_hand() {
    // The Porcine Monarch left in check (monarch capture variant): the Avian Charger takes it.
    let fen = zilo_board(&[("a1", 'K'), ("e9", 'k'), ("e2", 'Q')], "", 'w');
    let mut g = game(&fen);
    g.play("e2e9").unwrap();
    assert_eq!(g.outcome().reason(), "monarch-captured");
    assert!(g.position().contains("[]"), "{}", g.position());
}
