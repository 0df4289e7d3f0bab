//! Pillage and its subvariants (`docs/rules/pillage.md`): one test or
//! more per rule and ruling, on concrete positions.

mod common;

use zilo::door::{EndReason, Game, Outcome, Side};
use zilo::variant::Variant;

/// A Pillage position from `(square, letter)` pairs, the side to move and the castling field.
fn board_in(variant: &str, pieces: &[(&str, char)], turn: char, castling: &str) -> String {
    let v = Variant::by_id(variant).unwrap();
    common::board(v, pieces, "", turn).replace("[]", "").replace(" - - ", &format!(" {castling} - "))
}

fn board(pieces: &[(&str, char)], turn: char) -> String {
    board_in("pillage", pieces, turn, "-")
}

fn game_in(variant: &str, fen: &str) -> Game {
    Game::new(variant, Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves_in(variant: &str, fen: &str) -> Vec<String> {
    let g = game_in(variant, fen);
    let mut list = g.legal_moves();
    list.sort();
    list
}

fn moves(fen: &str) -> Vec<String> {
    moves_in("pillage", fen)
}

/// The legal moves starting with `from` (its moves, castles and shots), the
/// text after the square, sorted.
fn from_in(variant: &str, fen: &str, from: &str) -> Vec<String> {
    moves_in(variant, fen).into_iter().filter_map(|m| m.strip_prefix(from).map(str::to_string)).collect()
}

fn from(fen: &str, sq: &str) -> Vec<String> {
    from_in("pillage", fen, sq)
}

fn sorted(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn play_in(variant: &str, fen: &str, line: &[&str]) -> Game {
    let mut g = game_in(variant, fen);
    for m in line {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

fn fen_after(fen: &str, line: &[&str]) -> String {
    play_in("pillage", fen, line).position()
}

// ---------------------------------------------------------------------------------
// Start positions

#[test]
fn start_positions_follow_the_ruling_for_each_subvariant() {
    let expected = [
        ("pillage", "crnbqkbnrc/2v1uu1v2/pppppppppp/10/10/10/10/PPPPPPPPPP/2V1UU1V2/CRNBQKBNRC w KQkq - 0 1"),
        (
            "pillage-flying-ferz",
            "crnbqkbnrc/2f1uu1f2/pppppppppp/10/10/10/10/PPPPPPPPPP/2F1UU1F2/CRNBQKBNRC w KQkq - 0 1",
        ),
        ("pillage-snipers", "srnbqkbnrs/2v1uu1v2/pppppppppp/10/10/10/10/PPPPPPPPPP/2V1UU1V2/SRNBQKBNRS w KQkq - 0 1"),
        ("pillage-dragons", "hrnbqkbnrh/2d1uu1d2/pppppppppp/10/10/10/10/PPPPPPPPPP/2D1UU1D2/HRNBQKBNRH w KQkq - 0 1"),
        (
            "pillage-warmachines",
            "wrnbqkbnrw/2f1uu1f2/pppppppppp/10/10/10/10/PPPPPPPPPP/2F1UU1F2/WRNBQKBNRW w KQkq - 0 1",
        ),
    ];
    for (id, fen) in expected {
        let g = Game::new(id, None).unwrap();
        assert_eq!(g.position(), fen, "{id}");
        assert_eq!(Variant::by_id(g.variant()).unwrap().geometry.files, 10);
        assert_eq!(Variant::by_id(g.variant()).unwrap().geometry.ranks, 10);
    }
    let names = |id: &str| -> Vec<&str> {
        let v = Variant::by_id(id).unwrap();
        let a1 = v.geometry.parse_square("a1").unwrap();
        let c2 = v.geometry.parse_square("c2").unwrap();
        let pos = zilo::Position::start(v);
        vec![v.piece(pos.piece_at(a1).unwrap().role()).name, v.piece(pos.piece_at(c2).unwrap().role()).name]
    };
    assert_eq!(names("pillage"), ["Cannon", "Vao"]);
    assert_eq!(names("pillage-flying-ferz"), ["Cannon", "Flying Ferz"]);
    assert_eq!(names("pillage-snipers"), ["Sniper", "Vao"]);
    assert_eq!(names("pillage-dragons"), ["Flying Chariot", "Flying Dragon"]);
    assert_eq!(names("pillage-warmachines"), ["Flying Warmachine", "Flying Ferz"]);
}

// ---------------------------------------------------------------------------------
// Cannon and Vao

#[test]
fn cannon_moves_as_a_rook_but_cannot_capture_without_a_screen() {
    let fen = board(&[("a1", 'K'), ("j10", 'k'), ("e2", 'C'), ("e8", 'r')], 'w');
    let t = from(&fen, "e2");
    assert!(t.contains(&"e7".to_string()) && t.contains(&"a2".to_string()));
    assert!(!t.contains(&"e8".to_string()), "no screen, no capture: {t:?}");
}

#[test]
fn cannon_captures_the_first_piece_beyond_exactly_one_screen_of_either_side() {
    for screen in ['P', 'p'] {
        let fen = board(&[("a1", 'K'), ("j10", 'k'), ("e2", 'C'), ("e5", screen), ("e8", 'r')], 'w');
        let t = from(&fen, "e2");
        assert!(t.contains(&"e8".to_string()), "screen {screen}: {t:?}");
        // Its quiet moves stop at the screen; it never captures the screen itself.
        assert!(t.contains(&"e4".to_string()) && !t.contains(&"e6".to_string()) && !t.contains(&"e5".to_string()));
    }
}

#[test]
fn cannon_cannot_capture_over_two_screens_nor_its_own_piece_beyond_one() {
    let two = board(&[("a1", 'K'), ("j10", 'k'), ("e2", 'C'), ("e4", 'P'), ("e6", 'p'), ("e8", 'r')], 'w');
    assert!(!from(&two, "e2").contains(&"e8".to_string()));
    // The first piece beyond the screen is its own: it stops there, never passing it.
    let own = board(&[("a1", 'K'), ("j10", 'k'), ("e2", 'C'), ("e4", 'P'), ("e6", 'N'), ("e8", 'r')], 'w');
    let t = from(&own, "e2");
    assert!(!t.contains(&"e6".to_string()) && !t.contains(&"e8".to_string()), "{t:?}");
}

#[test]
fn vao_moves_as_a_bishop_and_captures_over_one_diagonal_screen() {
    let fen = board(&[("a1", 'K'), ("j10", 'k'), ("c3", 'V'), ("e5", 'p'), ("g7", 'r'), ("a5", 'n')], 'w');
    let t = from(&fen, "c3");
    assert!(t.contains(&"g7".to_string()), "over e5: {t:?}");
    assert!(t.contains(&"d4".to_string()) && !t.contains(&"e5".to_string()) && !t.contains(&"f6".to_string()));
    // The knight on a5 has nothing between: no screen, no capture.
    assert!(!t.contains(&"a5".to_string()) && t.contains(&"b4".to_string()));
}

#[test]
fn a_cannon_checks_through_a_screen_and_a_piece_stepping_in_between_creates_the_check() {
    // The cannon on e10 and the king on e1, nothing between: no check, and
    // the knight may not step onto the file (it would become the screen).
    let fen = board(&[("e1", 'K'), ("a10", 'k'), ("e10", 'c'), ("c4", 'N')], 'w');
    let g = game_in("pillage", &fen);
    assert!(!g.is_check());
    let t = from(&fen, "c4");
    assert!(!t.contains(&"e5".to_string()) && !t.contains(&"e3".to_string()), "{t:?}");
    assert!(t.contains(&"d6".to_string()));
    // With a screen on e5 the king is in check.
    let screened = board(&[("e1", 'K'), ("a10", 'k'), ("e10", 'c'), ("e5", 'P')], 'w');
    assert!(game_in("pillage", &screened).is_check());
    // Moving the only screen away is the answer; e5e6 keeps it on the file.
    let answers = from(&screened, "e5");
    assert!(answers.is_empty() || answers.iter().all(|m| !m.starts_with("e")), "{answers:?}");
}

// ---------------------------------------------------------------------------------
// Super Pawn

#[test]
fn super_pawn_steps_or_jumps_two_in_five_directions_never_backward() {
    let fen = board(&[("a1", 'K'), ("j10", 'k'), ("e5", 'U')], 'w');
    assert_eq!(from(&fen, "e5"), sorted(&["d5", "f5", "d6", "f6", "e6", "c5", "g5", "c7", "g7", "e7"]));
    // The second player's forward is down the board.
    let black = board(&[("a1", 'K'), ("j10", 'k'), ("e6", 'u')], 'b');
    assert_eq!(from(&black, "e6"), sorted(&["d6", "f6", "d5", "f5", "e5", "c6", "g6", "c4", "g4", "e4"]));
}

#[test]
fn super_pawn_jumps_over_pieces_and_captures_on_any_landing_square() {
    let fen = board(
        &[
            ("a1", 'K'),
            ("j10", 'k'),
            ("e5", 'U'),
            ("e6", 'P'),
            ("d6", 'p'),
            ("f5", 'N'),
            ("e7", 'r'),
            ("c7", 'b'),
            ("g5", 'n'),
        ],
        'w',
    );
    let t = from(&fen, "e5");
    for capture in ["d6", "e7", "c7", "g5"] {
        assert!(t.contains(&capture.to_string()), "{capture}: {t:?}");
    }
    // Over its own pawn on e6 and its own knight on f5; never onto them.
    assert!(!t.contains(&"e6".to_string()) && !t.contains(&"f5".to_string()));
    // The jumped-over pieces stay.
    let after = fen_after(&fen, &["e5e7"]);
    assert!(after.contains("2b1U5/3pP5"), "{after}");
}

#[test]
fn super_pawn_promotes_on_the_last_rank_even_by_a_jump() {
    let fen = board(&[("a1", 'K'), ("j1", 'k'), ("e8", 'U')], 'w');
    let t = from(&fen, "e8");
    assert!(t.contains(&"e10q".to_string()) && t.contains(&"e10c".to_string()) && t.contains(&"c10v".to_string()));
    assert!(!t.contains(&"e10".to_string()), "promotion is mandatory: {t:?}");
}

// ---------------------------------------------------------------------------------
// Fast Pawn

#[test]
fn fast_pawn_moves_one_or_two_from_any_rank_but_never_jumps() {
    let fen = board(&[("a1", 'K'), ("j10", 'k'), ("e5", 'P'), ("c3", 'P'), ("c4", 'p')], 'w');
    assert_eq!(from(&fen, "e5"), sorted(&["e6", "e7"]));
    assert!(from(&fen, "c3").is_empty(), "blocked on c4");
    let blocked_second = board(&[("a1", 'K'), ("j10", 'k'), ("e5", 'P'), ("e7", 'p')], 'w');
    assert_eq!(from(&blocked_second, "e5"), sorted(&["e6"]));
}

#[test]
fn fast_pawn_captures_one_square_diagonally_forward_only() {
    let fen = board(&[("a1", 'K'), ("j10", 'k'), ("e5", 'P'), ("d6", 'p'), ("f4", 'p'), ("e6", 'p')], 'w');
    assert_eq!(from(&fen, "e5"), sorted(&["d6"]));
}

#[test]
fn en_passant_follows_any_double_step_on_the_next_move_only() {
    // A double step from the 5th rank passes e6; the pawn on d7 may take.
    let fen = board(&[("a1", 'K'), ("j10", 'k'), ("e5", 'P'), ("d7", 'p'), ("a9", 'p')], 'w');
    let after = fen_after(&fen, &["e5e7"]);
    assert!(after.ends_with("b - e6 0 1"), "{after}");
    let g = play_in("pillage", &fen, &["e5e7", "d7e6"]);
    assert!(g.position().starts_with("9k/p9/10/10/4p5/10/10"), "{}", g.position());
    // Not a move later.
    let later = play_in("pillage", &fen, &["e5e7", "a9a8", "a1a2"]);
    assert!(!later.legal_moves().iter().any(|m| m == "d7e6"));
}

#[test]
fn en_passant_field_names_the_passed_square_only_where_a_pawn_can_take() {
    let fen = board(&[("a1", 'K'), ("j10", 'k'), ("e5", 'P')], 'w');
    assert!(fen_after(&fen, &["e5e7"]).ends_with("b - - 0 1"));
    // Read back: a position string with the field is accepted and gives the capture.
    let with_ep = board(&[("a1", 'K'), ("j10", 'k'), ("d7", 'p'), ("e7", 'P')], 'b').replace(" - - ", " - e6 ");
    let g = game_in("pillage", &with_ep);
    assert!(g.legal_moves().iter().any(|m| m == "d7e6"), "{with_ep}");
}

#[test]
fn fast_pawn_double_step_onto_the_last_rank_promotes() {
    let fen = board(&[("a1", 'K'), ("j1", 'k'), ("e8", 'P')], 'w');
    let t = from(&fen, "e8");
    assert!(t.contains(&"e10q".to_string()) && t.contains(&"e9".to_string()));
    assert_eq!(t.len(), 1 + 6, "one step, and two to each of six pieces: {t:?}");
}

#[test]
fn promotion_choices_are_every_piece_of_the_subvariant_but_king_and_pawns() {
    let choices = |id: &str| -> Vec<String> {
        let fen = board_in(id, &[("a1", 'K'), ("j1", 'k'), ("e9", 'P')], 'w', "-");
        let mut c: Vec<String> =
            from_in(id, &fen, "e9").iter().map(|m| m.trim_start_matches("e10").to_string()).collect();
        c.sort();
        c
    };
    assert_eq!(choices("pillage"), sorted(&["b", "c", "n", "q", "r", "v"]));
    assert_eq!(choices("pillage-flying-ferz"), sorted(&["b", "c", "f", "n", "q", "r"]));
    assert_eq!(choices("pillage-snipers"), sorted(&["b", "n", "q", "r", "s", "v"]));
    assert_eq!(choices("pillage-dragons"), sorted(&["b", "d", "h", "n", "q", "r"]));
    assert_eq!(choices("pillage-warmachines"), sorted(&["b", "f", "n", "q", "r", "w"]));
    let g = play_in("pillage", &board(&[("a1", 'K'), ("j1", 'k'), ("e9", 'P')], 'w'), &["e9e10c"]);
    assert!(g.position().starts_with("4C5/"));
}

// ---------------------------------------------------------------------------------
// Flexible castling

const CASTLE_ROOKS: &[(&str, char)] = &[("f1", 'K'), ("b1", 'R'), ("i1", 'R'), ("f10", 'k'), ("a3", 'P')];

fn castle_fen(extra: &[(&str, char)]) -> String {
    let mut pieces = CASTLE_ROOKS.to_vec();
    pieces.extend_from_slice(extra);
    board_in("pillage", &pieces, 'w', "KQ")
}

fn castles(fen: &str) -> Vec<String> {
    moves(fen).into_iter().filter(|m| m.contains('+')).collect()
}

#[test]
fn the_seven_flexible_castles_and_where_king_and_rook_land() {
    let fen = castle_fen(&[]);
    assert_eq!(
        castles(&fen),
        sorted(&["f1g1+i1f1", "f1h1+i1g1", "f1i1+i1h1", "f1e1+b1f1", "f1d1+b1e1", "f1c1+b1d1", "f1b1+b1c1"])
    );
    let rank1 = |m: &str| fen_after(&fen, &[m]).split('/').nth(9).unwrap().split(' ').next().unwrap().to_string();
    assert_eq!(rank1("f1g1+i1f1"), "1R3RK3");
    assert_eq!(rank1("f1h1+i1g1"), "1R4RK2");
    assert_eq!(rank1("f1i1+i1h1"), "1R5RK1");
    assert_eq!(rank1("f1e1+b1f1"), "4KR2R1");
    assert_eq!(rank1("f1d1+b1e1"), "3KR3R1");
    assert_eq!(rank1("f1c1+b1d1"), "2KR4R1");
    assert_eq!(rank1("f1b1+b1c1"), "1KR5R1");
    // A castle loses both rights; the one-square castle is not the king's step.
    assert!(fen_after(&fen, &["f1g1+i1f1"]).contains(" b - - "));
    assert!(fen_after(&fen, &["f1g1"]).contains("/1R4K1R1 b"), "a plain king step leaves the rook");
}

#[test]
fn castling_needs_every_square_between_king_and_rook_empty() {
    assert_eq!(castles(&castle_fen(&[("h1", 'N')])).iter().filter(|m| m.contains("i1")).count(), 0);
    assert_eq!(castles(&castle_fen(&[("c1", 'n')])).iter().filter(|m| m.contains("b1")).count(), 0);
}

#[test]
fn no_castling_out_of_through_or_into_check() {
    // Out of check: a rook on f9 (a pawn shields the black king).
    assert!(castles(&castle_fen(&[("f9", 'r')])).is_empty());
    // Out of a Cannon's check, through a screen on f5.
    assert!(castles(&castle_fen(&[("f8", 'c'), ("f5", 'p')])).is_empty());
    // Through check: g1 attacked, so every castle toward the i-rook crosses or lands on it.
    let through = castles(&castle_fen(&[("g9", 'r')]));
    assert!(through.iter().all(|m| !m.contains("i1")) && through.len() == 4, "{through:?}");
    // Into check: h1 attacked by a Cannon over a screen on h5.
    let into = castles(&castle_fen(&[("h9", 'c'), ("h5", 'P')]));
    assert!(into.contains(&"f1g1+i1f1".to_string()));
    assert!(!into.contains(&"f1h1+i1g1".to_string()) && !into.contains(&"f1i1+i1h1".to_string()), "{into:?}");
    let err = game_in("pillage", &castle_fen(&[("g9", 'r')])).play("f1h1+i1g1").unwrap_err().to_string();
    assert!(err.contains("castling needs"), "{err}");
}

#[test]
fn the_longest_castle_is_refused_while_its_rooks_square_is_attacked() {
    // The rook on i1 is attacked along the i-file; the rook may pass attacked
    // squares, but the king landing on i1 would cross an attacked square.
    let list = castles(&castle_fen(&[("i9", 'r')]));
    assert!(list.contains(&"f1g1+i1f1".to_string()) && list.contains(&"f1h1+i1g1".to_string()));
    assert!(!list.contains(&"f1i1+i1h1".to_string()), "{list:?}");
}

#[test]
fn castling_rights_are_lost_when_king_or_rook_moves_or_the_rook_is_taken() {
    let fen = castle_fen(&[("i9", 'r')]);
    assert!(fen_after(&fen, &["i1i2"]).contains(" b Q - "));
    assert!(fen_after(&fen, &["f1e2"]).contains(" b - - "));
    let taken = play_in("pillage", &fen, &["a3a4", "i9i1"]);
    assert!(taken.position().contains(" w Q - "), "{}", taken.position());
}

#[test]
fn a_king_move_that_matches_a_castle_gets_told_how_castles_are_written() {
    let err = game_in("pillage", &castle_fen(&[])).play("f1h1").unwrap_err().to_string();
    assert_eq!(
        err,
        "illegal move f1h1: a king moving two or more squares is a castle, written with the rook's move too: f1h1+i1g1"
    );
}

// ---------------------------------------------------------------------------------
// The subvariants' pieces

#[test]
fn flying_ferz_steps_diagonally_or_leaps_as_a_camel_over_anything() {
    let fen =
        board_in("pillage-flying-ferz", &[("a1", 'K'), ("j10", 'k'), ("e5", 'F'), ("e6", 'P'), ("f6", 'p')], 'w', "-");
    assert_eq!(
        from_in("pillage-flying-ferz", &fen, "e5"),
        sorted(&["d4", "d6", "f4", "f6", "d8", "f8", "b4", "b6", "h4", "h6", "d2", "f2"])
    );
}

#[test]
fn flying_dragon_moves_as_a_bishop_or_a_camel() {
    let fen = board_in("pillage-dragons", &[("a1", 'K'), ("j10", 'k'), ("e5", 'D'), ("f6", 'P')], 'w', "-");
    let t = from_in("pillage-dragons", &fen, "e5");
    assert!(t.contains(&"f8".to_string()) && t.contains(&"b4".to_string()) && t.contains(&"b2".to_string()));
    assert!(!t.contains(&"g7".to_string()) && !t.contains(&"f6".to_string()), "the bishop line is blocked: {t:?}");
    // Three diagonals (4, 3 up to its King on a1, 4) and eight camel leaps.
    assert_eq!(t.len(), 4 + 3 + 4 + 8, "{t:?}");
}

#[test]
fn flying_chariot_slides_as_a_rook_or_leaps_two_forward_with_one_move_per_destination() {
    let open = board_in("pillage-dragons", &[("a1", 'K'), ("j10", 'k'), ("e5", 'H')], 'w', "-");
    let t = from_in("pillage-dragons", &open, "e5");
    assert_eq!(t.iter().filter(|m| *m == "e7").count(), 1, "{t:?}");
    assert_eq!(t.len(), 9 + 9);
    let blocked =
        board_in("pillage-dragons", &[("a1", 'K'), ("j10", 'k'), ("e5", 'H'), ("e6", 'p'), ("e7", 'r')], 'w', "-");
    let t = from_in("pillage-dragons", &blocked, "e5");
    assert!(t.contains(&"e6".to_string()) && t.contains(&"e7".to_string()), "leaps over e6 onto e7: {t:?}");
    // Its leap is forward for the second player too: down the board.
    let black = board_in("pillage-dragons", &[("a1", 'K'), ("j10", 'k'), ("e6", 'h'), ("e5", 'P')], 'b', "-");
    let t = from_in("pillage-dragons", &black, "e6");
    assert!(t.contains(&"e4".to_string()), "over the pawn on e5: {t:?}");
}

#[test]
fn flying_warmachine_leaps_one_two_or_three_orthogonally_over_anything() {
    let fen = board_in(
        "pillage-warmachines",
        &[("a1", 'K'), ("j10", 'k'), ("e5", 'W'), ("e6", 'P'), ("e7", 'p'), ("f5", 'p')],
        'w',
        "-",
    );
    assert_eq!(
        from_in("pillage-warmachines", &fen, "e5"),
        sorted(&["e7", "e8", "f5", "g5", "h5", "d5", "c5", "b5", "e4", "e3", "e2"])
    );
}

// ---------------------------------------------------------------------------------
// Sniper

fn snipers(pieces: &[(&str, char)], turn: char) -> String {
    board_in("pillage-snipers", pieces, turn, "-")
}

#[test]
fn sniper_leaps_two_orthogonally_moving_or_capturing() {
    let fen = snipers(&[("a1", 'K'), ("j10", 'k'), ("e5", 'S'), ("e6", 'P'), ("e7", 'p'), ("g5", 'n')], 'w');
    let t: Vec<String> = from_in("pillage-snipers", &fen, "e5").into_iter().filter(|m| !m.starts_with('x')).collect();
    assert_eq!(t, sorted(&["e7", "g5", "c5", "e3"]));
}

#[test]
fn sniper_shoots_three_to_eight_squares_away_without_moving() {
    let fen = snipers(&[("a10", 'K'), ("j10", 'k'), ("c1", 'S'), ("c4", 'p'), ("j1", 'r')], 'w');
    let shots: Vec<String> =
        from_in("pillage-snipers", &fen, "c1").into_iter().filter(|m| m.starts_with('x')).collect();
    assert_eq!(shots, sorted(&["xc4", "xj1"]), "3 and 7 squares away");
    let g = play_in("pillage-snipers", &fen, &["c1xc4"]);
    assert!(g.position().contains("/2S6r b"), "the Sniper stays on c1: {}", g.position());
    // Eight squares away along the file.
    let far = snipers(&[("a10", 'K'), ("j10", 'k'), ("b1", 'S'), ("b9", 'q')], 'w');
    assert!(from_in("pillage-snipers", &far, "b1").contains(&"xb9".to_string()));
}

#[test]
fn sniper_shot_is_blocked_by_any_piece_and_needs_three_squares() {
    let blocked = snipers(&[("a10", 'K'), ("j10", 'k'), ("c1", 'S'), ("c3", 'P'), ("c6", 'p')], 'w');
    assert!(!from_in("pillage-snipers", &blocked, "c1").iter().any(|m| m.starts_with('x')));
    let enemy_first = snipers(&[("a10", 'K'), ("j10", 'k'), ("c1", 'S'), ("c5", 'p'), ("c7", 'q')], 'w');
    assert_eq!(
        from_in("pillage-snipers", &enemy_first, "c1").into_iter().filter(|m| m.starts_with('x')).collect::<Vec<_>>(),
        ["xc5"]
    );
    // Two squares away is a leap capture, not a shot; one square away, nothing.
    let near = snipers(&[("a10", 'K'), ("j10", 'k'), ("c1", 'S'), ("c3", 'p'), ("d1", 'p')], 'w');
    let t = from_in("pillage-snipers", &near, "c1");
    assert!(t.contains(&"c3".to_string()) && !t.iter().any(|m| m.starts_with('x')), "{t:?}");
}

#[test]
fn a_sniper_checks_along_its_line_and_a_king_may_not_step_into_it() {
    let fen = snipers(&[("e1", 'K'), ("b9", 'k'), ("a2", 'S')], 'b');
    let king = from_in("pillage-snipers", &fen, "b9");
    assert!(
        !king.contains(&"a9".to_string()) && !king.contains(&"a10".to_string()) && !king.contains(&"a8".to_string())
    );
    assert!(king.contains(&"c9".to_string()));
    // The shot gives check: the king on a9 is in the line of a Sniper 7 squares away.
    let check = snipers(&[("e1", 'K'), ("a9", 'k'), ("a2", 'S')], 'b');
    assert!(game_in("pillage-snipers", &check).is_check());
    // A shot that clears the line gives check, written with `!` and `+`.
    let opening = snipers(&[("e1", 'K'), ("a9", 'k'), ("a2", 'S'), ("a6", 'p'), ("j10", 'r')], 'w');
    let g = game_in("pillage-snipers", &opening);
    assert_eq!(g.describe("a2xa6").unwrap().notation, "S!a6+");
    let after = play_in("pillage-snipers", &opening, &["a2xa6"]);
    assert!(after.is_check());
}

#[test]
fn a_sniper_shot_that_would_expose_its_own_king_is_illegal() {
    // The white pawn on e5 shields the king from the black rook; a shot that
    // removes... the Sniper's own shot never moves it, so only the target leaves:
    // shooting the rook's screen (a black knight between rook and king) opens the file.
    let fen = snipers(&[("e1", 'K'), ("j10", 'k'), ("b4", 'S'), ("e4", 'n'), ("e9", 'r')], 'w');
    let g = game_in("pillage-snipers", &fen);
    let err = g.describe("b4xe4").unwrap_err().to_string();
    assert_eq!(err, "illegal move b4xe4: it would leave your King in check");
    let err = game_in("pillage-snipers", &fen).play("b4xb9").unwrap_err().to_string();
    assert_eq!(err, "illegal move b4xb9: the Sniper on b4 cannot shoot b9");
}

#[test]
fn a_shot_rook_on_its_square_loses_its_castling_right() {
    let fen =
        board_in("pillage-snipers", &[("a1", 'K'), ("f10", 'k'), ("i10", 'r'), ("b10", 'r'), ("i2", 'S')], 'w', "kq");
    let after = play_in("pillage-snipers", &fen, &["i2xi10"]).position();
    assert!(after.contains(" b q - "), "{after}");
}

// ---------------------------------------------------------------------------------
// End of the game

#[test]
fn checkmate_wins_and_stalemate_draws() {
    // Back-rank mate by a rook.
    let mate = board(&[("a1", 'K'), ("f10", 'k'), ("e9", 'p'), ("f9", 'p'), ("g9", 'p'), ("b2", 'R')], 'w');
    let g = play_in("pillage", &mate, &["b2b10"]);
    assert_eq!(g.outcome(), Outcome::Decisive { winner: Side::First, reason: EndReason::Checkmate });
    let stale = board(&[("a1", 'K'), ("a10", 'k'), ("c9", 'Q')], 'b');
    let g = game_in("pillage", &stale);
    assert_eq!(g.outcome(), Outcome::Draw { reason: EndReason::Stalemate });
}

#[test]
fn threefold_repetition_and_fifty_moves_draw() {
    let fen = board(&[("a1", 'K'), ("j10", 'k'), ("e5", 'R')], 'w');
    let g = play_in("pillage", &fen, &["a1a2", "j10j9", "a2a1", "j9j10", "a1a2", "j10j9", "a2a1", "j9j10"]);
    assert_eq!(g.outcome(), Outcome::Draw { reason: EndReason::Repetition });
    let fifty = fen.replace(" 0 1", " 99 80");
    let g = play_in("pillage", &fifty, &["e5e6"]);
    assert_eq!(g.outcome(), Outcome::Draw { reason: EndReason::FiftyMoves });
    // Either pawn's move resets the count.
    let pawns = board(&[("a1", 'K'), ("j10", 'k'), ("e5", 'U'), ("c3", 'P')], 'w').replace(" 0 1", " 99 80");
    assert!(play_in("pillage", &pawns, &["e5e6"]).position().contains(" 0 80"));
    assert!(play_in("pillage", &pawns, &["c3c4"]).position().contains(" 0 80"));
}

// ---------------------------------------------------------------------------------
// Notation

#[test]
fn notation_players_read_comes_from_the_engine() {
    let fen = castle_fen(&[("e5", 'C'), ("e7", 'p'), ("e9", 'r'), ("c6", 'P')]);
    let g = game_in("pillage", &fen);
    let s = |text: &str| g.describe(text).unwrap().notation;
    assert_eq!(s("f1h1+i1g1"), "O-O(Kh1)");
    assert_eq!(s("f1c1+b1d1"), "O-O-O(Kc1)");
    assert_eq!(s("e5e9"), "Cxe9");
    assert_eq!(s("c6c8"), "c8");
    assert_eq!(s("f1g1"), "Kg1");
}
