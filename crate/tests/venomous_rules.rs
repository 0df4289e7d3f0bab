//! Venomous (`docs/rules/venomous.md`): one test or more per rule and
//! ruling, on concrete positions.

mod common;

use zilo::door::{EndReason, Game, Outcome, Side};
use zilo::variant::Variant;

/// A Venomous position from `(square, letter)` pairs, the reserves, the side to move and castling.
fn board_with(pieces: &[(&str, char)], reserve: &str, turn: char, castling: &str) -> String {
    let v = Variant::by_id("venomous").unwrap();
    common::board(v, pieces, reserve, turn).replace(" - - ", &format!(" {castling} - "))
}

fn board(pieces: &[(&str, char)], turn: char) -> String {
    board_with(pieces, "", turn, "-")
}

fn game(fen: &str) -> Game {
    Game::new("venomous", Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(fen: &str) -> Vec<String> {
    let g = game(fen);
    let mut list = g.legal_moves();
    list.sort();
    list
}

/// The destinations of the piece on `from` (plain moves; promotions keep their letter).
fn from(fen: &str, sq: &str) -> Vec<String> {
    moves(fen).into_iter().filter_map(|m| m.strip_prefix(sq).map(str::to_string)).collect()
}

fn drops(fen: &str) -> Vec<String> {
    moves(fen).into_iter().filter(|m| m.contains('@')).collect()
}

fn sorted(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn play(fen: &str, line: &[&str]) -> Game {
    let mut g = game(fen);
    for m in line {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

fn has(list: &[String], item: &str) -> bool {
    list.iter().any(|x| x == item)
}

// ---------------------------------------------------------------------------------
// Start

#[test]
fn start_position_follows_the_ruling_with_five_ninja_pawns_in_each_reserve() {
    let g = Game::new("venomous", None).unwrap();
    assert_eq!(g.position(), "srfbqkbwrz/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/SRFBQKBWRZ[JJJJJjjjjj] w KQkq - 0 1");
    // Ten pawns, three squares each, and the two knights' leaps; no drop while the 2nd rank is full.
    assert_eq!(g.legal_moves().len(), 34);
}

// ---------------------------------------------------------------------------------
// Sissa

#[test]
fn sissa_on_an_edge_reaches_only_what_its_turning_squares_allow() {
    // The ruling: on e1 of an empty board, e2–e6 but not e7–e10, 26 destinations.
    let e1 = board(&[("e1", 'S'), ("a10", 'K'), ("j10", 'k')], 'w');
    let t = from(&e1, "e1");
    assert_eq!(t.len(), 26, "{t:?}");
    assert!(has(&t, "e6") && !has(&t, "e7"));
    // On a1: the whole a-file and rank 1.
    let a1 = board(&[("a1", 'S'), ("j5", 'K'), ("j10", 'k')], 'w');
    let t = from(&a1, "a1");
    for sq in ["a2", "a10", "b1", "j1"] {
        assert!(has(&t, sq), "{sq}: {t:?}");
    }
}

#[test]
fn sissa_turns_by_45_and_135_degrees_either_way() {
    let fen = board(&[("e5", 'S'), ("a1", 'K'), ("j10", 'k')], 'w');
    let t = from(&fen, "e5");
    // One step north, then one step NE / NW (45°) or SE / SW (135°).
    for sq in ["f7", "d7", "f5", "d5"] {
        assert!(has(&t, sq), "{sq}: {t:?}");
    }
    // One step NE, then east (45°) or south (135°): g6 and f5 (the latter again by another path).
    assert!(has(&t, "g6"));
    // Two and two: north twice, then NE twice.
    assert!(has(&t, "g9"));
    // Never a bishop's diagonal square.
    assert!(!has(&t, "f6") && !has(&t, "g7"));
    assert_eq!(t.iter().filter(|m| *m == "f5").count(), 1, "one move per destination");
}

#[test]
fn sissa_needs_its_turning_square_and_path_empty_and_captures_only_at_the_destination() {
    // f7 by e6 (north then NE) or by f6 (NE then north).
    let one_blocked = board(&[("e5", 'S'), ("e6", 'P'), ("a1", 'K'), ("j10", 'k')], 'w');
    assert!(has(&from(&one_blocked, "e5"), "f7"));
    let both_blocked = board(&[("e5", 'S'), ("e6", 'P'), ("f6", 'p'), ("a1", 'K'), ("j10", 'k')], 'w');
    let t = from(&both_blocked, "e5");
    assert!(!has(&t, "f7"), "{t:?}");
    assert!(!has(&t, "f6") && !has(&t, "e6"), "nothing on its path is captured");
    // An enemy piece on the destination is taken.
    let capture = board(&[("e5", 'S'), ("f7", 'f'), ("a1", 'K'), ("j10", 'k')], 'w');
    let g = play(&capture, &["e5f7"]);
    assert!(g.board().iter().any(|p| p.square == "f7"));
    assert_eq!(g.board().len(), 3);
}

// ---------------------------------------------------------------------------------
// Sorcerer Snake

#[test]
fn snake_reaches_knight_and_two_three_squares_by_any_unblocked_path() {
    let open = board(&[("e5", 'Z'), ("a1", 'K'), ("j10", 'k')], 'w');
    assert_eq!(
        from(&open, "e5"),
        sorted(&["f7", "g6", "g4", "f3", "d3", "c4", "c6", "d7", "g8", "h7", "h3", "g2", "c2", "b3", "b7", "c8"])
    );
    // (1,2) by (0,1) or by (1,1): one path blocked, still a move; both, none.
    let one = board(&[("e5", 'Z'), ("e6", 'P'), ("a1", 'K'), ("j10", 'k')], 'w');
    assert!(has(&from(&one, "e5"), "f7"));
    let both = board(&[("e5", 'Z'), ("e6", 'P'), ("f6", 'P'), ("a1", 'K'), ("j10", 'k')], 'w');
    assert!(!has(&from(&both, "e5"), "f7"));
    // (2,3) by (0,1),(1,2) or by (1,1),(2,2).
    let first = board(&[("e5", 'Z'), ("f7", 'P'), ("a1", 'K'), ("j10", 'k')], 'w');
    assert!(has(&from(&first, "e5"), "g8"), "by f6 and g7");
    let blocked = board(&[("e5", 'Z'), ("f7", 'P'), ("g7", 'p'), ("a1", 'K'), ("j10", 'k')], 'w');
    assert!(!has(&from(&blocked, "e5"), "g8"));
}

#[test]
fn a_snake_check_blocked_on_one_path_only_is_still_check() {
    // Black Snake on e5, white King on f7: paths e6 and f6.
    let one = board(&[("e5", 'z'), ("f7", 'K'), ("e6", 'P'), ("a10", 'k')], 'w');
    assert!(game(&one).is_check());
    let both = board(&[("e5", 'z'), ("f7", 'K'), ("e6", 'P'), ("f6", 'P'), ("a10", 'k')], 'w');
    assert!(!game(&both).is_check());
    // So the Bishop on f6 may not leave the Snake's other path, except to take it.
    let pinned = board(&[("e5", 'z'), ("f7", 'K'), ("e6", 'P'), ("f6", 'B'), ("a10", 'k')], 'w');
    assert_eq!(from(&pinned, "f6"), ["e5"]);
}

// ---------------------------------------------------------------------------------
// The other pieces

#[test]
fn ferz_knight_and_wazir_knight() {
    let f = board(&[("e5", 'F'), ("a1", 'K'), ("j10", 'k')], 'w');
    assert_eq!(from(&f, "e5").len(), 12);
    assert!(has(&from(&f, "e5"), "f6") && !has(&from(&f, "e5"), "e6"));
    let w = board(&[("e5", 'W'), ("a1", 'K'), ("j10", 'k')], 'w');
    assert_eq!(from(&w, "e5").len(), 12);
    assert!(has(&from(&w, "e5"), "e6") && !has(&from(&w, "e5"), "f6"));
}

// ---------------------------------------------------------------------------------
// Pawns

#[test]
fn pawns_run_to_the_middle_rank_then_one_then_one_or_two() {
    let fen = board(&[("a2", 'P'), ("c4", 'P'), ("e5", 'P'), ("g6", 'P'), ("i9", 'P'), ("a10", 'K'), ("j1", 'k')], 'w');
    assert_eq!(from(&fen, "a2"), sorted(&["a3", "a4", "a5"]));
    assert_eq!(from(&fen, "c4"), sorted(&["c5"]));
    assert_eq!(from(&fen, "e5"), sorted(&["e6"]));
    assert_eq!(from(&fen, "g6"), sorted(&["g7", "g8"]));
    assert_eq!(from(&fen, "i9").len(), 7, "onto the last rank it promotes: {:?}", from(&fen, "i9"));
    // Black runs down to its middle rank, the 6th.
    let black = board(&[("d9", 'p'), ("a10", 'K'), ("j1", 'k')], 'b');
    assert_eq!(from(&black, "d9"), sorted(&["d8", "d7", "d6"]));
    // A run stops at the first piece; pawns never capture straight ahead.
    let blocked = board(&[("a2", 'P'), ("a4", 'p'), ("a10", 'K'), ("j1", 'k')], 'w');
    assert_eq!(from(&blocked, "a2"), sorted(&["a3"]));
}

#[test]
fn en_passant_on_every_passed_square_on_the_next_move_only() {
    // e2e5 passes e3 and e4; black pawns on d4 and f5 could have taken there.
    let fen = board(&[("e2", 'P'), ("d4", 'p'), ("f5", 'p'), ("a10", 'K'), ("j1", 'k'), ("a7", 'p')], 'w');
    let g = play(&fen, &["e2e5"]);
    assert!(g.position().contains(" b - e3e4 "), "{}", g.position());
    for (capture, lands) in [("d4e3", "e3"), ("f5e4", "e4")] {
        let after = play(&fen, &["e2e5", capture]);
        let on = |square: &str| after.board().iter().any(|p| p.square == square);
        assert!(!on("e5"), "{capture} removes the runner");
        assert!(on(lands));
    }
    // A move later the right is gone.
    let later = play(&fen, &["e2e5", "a7a6", "a10a9"]);
    assert!(!has(&later.legal_moves(), "d4e3"));
    // Also after a two-square step in the enemy half.
    let enemy_half = board(&[("e6", 'P'), ("d8", 'p'), ("a10", 'K'), ("j1", 'k')], 'w');
    assert!(play(&enemy_half, &["e6e8"]).position().contains(" b - e7 "));
    // The field is read back.
    let g = game(
        &board(&[("e5", 'P'), ("d4", 'p'), ("f5", 'p'), ("a10", 'K'), ("j1", 'k')], 'b')
            .replace(" b - - ", " b - e3e4 "),
    );
    let list: Vec<String> = g.legal_moves();
    assert!(has(&list, "d4e3") && has(&list, "f5e4"), "{list:?}");
}

#[test]
fn en_passant_is_legal_only_if_the_capturers_king_is_then_safe() {
    // The black pawn on d4 shields its King on a4 from the Rook on h4;
    // taking en passant on e3 would open the 4th rank.
    let fen = board(&[("e2", 'P'), ("d4", 'p'), ("a4", 'k'), ("h4", 'R'), ("a10", 'K')], 'w');
    let g = play(&fen, &["e2e5"]);
    let list: Vec<String> = g.legal_moves();
    assert!(!has(&list, "d4e3"), "{list:?}");
}

// ---------------------------------------------------------------------------------
// Ninja Pawns

#[test]
fn ninja_pawns_step_sideways_anywhere_and_capture_sideways_only_beyond_the_middle() {
    let fen = board(&[("e3", 'J'), ("d3", 'p'), ("a10", 'K'), ("j1", 'k')], 'w');
    let t = from(&fen, "e3");
    assert!(has(&t, "f3") && !has(&t, "d3"), "own half: a step, no sideways capture: {t:?}");
    assert!(has(&t, "e4") && has(&t, "e5"), "runs like a pawn: {t:?}");
    // On the middle rank: the sideways step only.
    let middle = board(&[("e5", 'J'), ("d5", 'p'), ("a10", 'K'), ("j1", 'k')], 'w');
    assert!(!has(&from(&middle, "e5"), "d5"));
    // In the enemy half: sideways captures too, and the diagonal ones.
    let enemy = board(&[("e6", 'J'), ("d6", 'p'), ("f7", 'p'), ("a10", 'K'), ("j1", 'k')], 'w');
    let t = from(&enemy, "e6");
    assert!(has(&t, "d6") && has(&t, "f7") && has(&t, "f6"), "{t:?}");
    // Black's enemy half is rank 5 and down.
    let black = board(&[("e5", 'j'), ("d5", 'P'), ("a10", 'K'), ("j1", 'k')], 'b');
    assert!(has(&from(&black, "e5"), "d5"));
}

#[test]
fn ninja_pawns_neither_take_nor_are_taken_en_passant() {
    let runner = board(&[("e2", 'J'), ("d4", 'p'), ("a10", 'K'), ("j1", 'k')], 'w');
    assert!(play(&runner, &["e2e5"]).position().contains(" b - - "));
    let taker = board(&[("e9", 'p'), ("d7", 'J'), ("a10", 'K'), ("j1", 'k')], 'b');
    let g = play(&taker, &["e9e7"]);
    let list: Vec<String> = g.legal_moves();
    assert!(!has(&list, "d7e8"), "{list:?}");
}

#[test]
fn ninja_drops_on_the_second_rank_or_thrust_up_an_empty_file_to_the_middle() {
    let fen = board_with(&[("a10", 'K'), ("j10", 'k'), ("b2", 'P'), ("c3", 'P'), ("d5", 'p')], "J", 'w', "-");
    let d = drops(&fen);
    // File e: all of e2–e5. File b: its 2nd rank is taken, no drop. File c: only c2.
    for m in ["J@e2", "J@e3", "J@e4", "J@e5", "J@c2", "J@d2", "J@d3", "J@d4"] {
        assert!(has(&d, m), "{m}: {d:?}");
    }
    for m in ["J@e6", "J@b2", "J@b3", "J@c3", "J@c4", "J@d5", "J@e1"] {
        assert!(!has(&d, m), "{m}: {d:?}");
    }
    let g = game(&fen);
    let reason = |m: &str| g.describe(m).err().map(|e| e.to_string());
    assert_eq!(
        reason("J@c4").unwrap(),
        "illegal move J@c4: a Ninja Pawn is thrust only over empty squares of its file, from your drop rank on"
    );
    assert_eq!(
        reason("J@e7").unwrap(),
        "illegal move J@e7: a Ninja Pawn is dropped on your rank 2, or thrust up its empty file as far as your rank 5"
    );
    // Black drops on its own 2nd rank (the 9th) and thrusts down to the 6th.
    let black = board_with(&[("a1", 'K'), ("j1", 'k')], "j", 'b', "-");
    let d = drops(&black);
    assert!(has(&d, "J@e9") && has(&d, "J@e6") && !has(&d, "J@e5"), "{d:?}");
}

#[test]
fn no_drop_with_an_empty_reserve_and_captures_never_refill_it() {
    let fen = board(&[("a10", 'K'), ("j10", 'k'), ("e4", 'J'), ("d5", 'j')], 'w');
    let g = game(&fen);
    assert_eq!(
        g.describe("J@e2").err().unwrap().to_string(),
        "illegal move J@e2: you have no Ninja Pawn left in reserve"
    );
    let after = play(&fen, &["e4d5"]);
    assert!(after.position().contains("[]"), "{}", after.position());
    // Only Ninja Pawns can be in a reserve.
    let bad = board_with(&[("a10", 'K'), ("j10", 'k')], "Q", 'w', "-");
    assert!(zilo::fen::parse_position(Variant::by_id("venomous").unwrap(), &bad).is_err());
}

#[test]
fn a_drop_may_give_check_block_one_and_mate() {
    // Black King on d3 hemmed in: a thrust to e2 gives check.
    let check = board_with(&[("a10", 'K'), ("d3", 'k')], "J", 'w', "-");
    let g = play(&check, &["J@e2"]);
    assert!(g.is_check());
    // A drop blocks a rook's check along the 2nd rank.
    let block = board_with(&[("a2", 'K'), ("j2", 'r'), ("j10", 'k')], "J", 'w', "-");
    assert!(has(&drops(&block), "J@e2") && !has(&drops(&block), "J@e3"));
    // Mate by a drop: the black King on f6 boxed in by its own pawns; the
    // thrust to e5 checks it and the Rook on e1 guards the Ninja Pawn.
    let mate = board_with(
        &[
            ("a1", 'K'),
            ("f6", 'k'),
            ("e6", 'p'),
            ("e7", 'p'),
            ("f7", 'p'),
            ("g7", 'p'),
            ("g6", 'p'),
            ("g5", 'p'),
            ("f5", 'p'),
            ("e1", 'R'),
        ],
        "J",
        'w',
        "-",
    );
    let g = play(&mate, &["J@e5"]);
    assert_eq!(g.outcome(), Outcome::Decisive { winner: Side::First, reason: EndReason::Checkmate });
}

#[test]
fn drops_create_no_en_passant_right_and_reset_the_fifty_move_count() {
    let fen = board_with(&[("a10", 'K'), ("j10", 'k'), ("d4", 'p')], "J", 'w', "-").replace(" 0 1", " 20 30");
    let after = play(&fen, &["J@e5"]).position();
    assert!(after.ends_with("b - - 0 30"), "{after}");
}

#[test]
fn pawns_promote_to_every_piece_but_king_and_pawns() {
    for pawn in ['P', 'J'] {
        let fen = board(&[("e9", pawn), ("a1", 'K'), ("j1", 'k')], 'w');
        let mut t: Vec<String> = from(&fen, "e9").into_iter().filter(|m| m.starts_with("e10")).collect();
        t.sort();
        assert_eq!(t, sorted(&["e10b", "e10f", "e10q", "e10r", "e10s", "e10w", "e10z"]), "{pawn}");
    }
}

// ---------------------------------------------------------------------------------
// Castling

fn castle_fen(extra: &[(&str, char)]) -> String {
    let mut pieces = vec![("f1", 'K'), ("b1", 'R'), ("i1", 'R'), ("f10", 'k'), ("a3", 'P')];
    pieces.extend_from_slice(extra);
    board_with(&pieces, "", 'w', "KQ")
}

fn castles(fen: &str) -> Vec<String> {
    moves(fen).into_iter().filter(|m| m.contains('+')).collect()
}

#[test]
fn the_seven_flexible_castles() {
    assert_eq!(
        castles(&castle_fen(&[])),
        sorted(&["f1g1+i1f1", "f1h1+i1g1", "f1i1+i1h1", "f1e1+b1f1", "f1d1+b1e1", "f1c1+b1d1", "f1b1+b1c1"])
    );
    let after = play(&castle_fen(&[]), &["f1c1+b1d1"]).position();
    assert!(after.contains("/2KR4R1[] b - "), "{after}");
}

#[test]
fn no_castling_out_of_through_or_into_check() {
    assert!(castles(&castle_fen(&[("f9", 'r')])).is_empty(), "out of check");
    let through = castles(&castle_fen(&[("g9", 'r')]));
    assert!(through.iter().all(|m| !m.contains("i1")) && through.len() == 4, "{through:?}");
    let into = castles(&castle_fen(&[("c9", 'r')]));
    assert!(has(&into, "f1d1+b1e1") && !has(&into, "f1c1+b1d1") && !has(&into, "f1b1+b1c1"), "{into:?}");
    // A Snake's check counts too: a black Snake on e3 attacks f1 (by e2 or f2).
    let snake = castles(&castle_fen(&[("e3", 'z')]));
    assert!(snake.is_empty(), "{snake:?}");
}

// ---------------------------------------------------------------------------------
// End of the game

#[test]
fn stalemate_draws_and_repetition_counts_the_reserves() {
    let stale = board(&[("a1", 'K'), ("a10", 'k'), ("c9", 'Q')], 'b');
    assert_eq!(game(&stale).outcome(), Outcome::Draw { reason: EndReason::Stalemate });
    let fen = board_with(&[("a1", 'K'), ("j10", 'k'), ("e5", 'R')], "j", 'w', "-");
    let g = play(&fen, &["a1a2", "j10j9", "a2a1", "j9j10", "a1a2", "j10j9", "a2a1", "j9j10"]);
    assert_eq!(g.outcome(), Outcome::Draw { reason: EndReason::Repetition });
}

#[test]
fn a_moves_path_is_given_for_the_board_to_draw() {
    let path = |fen: &str, m: &str| -> Vec<String> { game(fen).describe(m).unwrap().path };
    let sissa = board(&[("e5", 'S'), ("a1", 'K'), ("j10", 'k')], 'w');
    assert_eq!(path(&sissa, "e5g9"), ["e6", "e7", "f8"]);
    let snake = board(&[("e5", 'Z'), ("f7", 'P'), ("a1", 'K'), ("j10", 'k')], 'w');
    assert_eq!(path(&snake, "e5g8"), ["f6", "g7"]);
    let thrust = board_with(&[("a1", 'K'), ("j10", 'k')], "J", 'w', "-");
    assert_eq!(path(&thrust, "J@e5"), ["e2", "e3", "e4"]);
    let rook = board(&[("b1", 'R'), ("a10", 'K'), ("j10", 'k')], 'w');
    assert_eq!(path(&rook, "b1e1"), ["c1", "d1"]);
    let leap = board(&[("e5", 'F'), ("a1", 'K'), ("j10", 'k')], 'w');
    assert!(path(&leap, "e5f7").is_empty());
}
