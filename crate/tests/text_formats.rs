//! Position strings and move text: round trips, and no input makes the engine panic.

mod common;
use common::*;
use proptest::prelude::*;
use zilo::door::Game;
use zilo::fen::{parse_position, parse_setup, write_position, FenError};
use zilo::notation::{move_text, parse_move};
use zilo::variant::Variant;
use zilo::variants::zilo::START_FEN;

fn fen_error(text: &str) -> String {
    parse_position(zilo(), text).unwrap_err().to_string()
}

#[test]
fn position_string_errors_name_the_fault() {
    assert_eq!(fen_error(""), "the position string is empty");
    assert_eq!(fen_error("9/9/9 w"), "the board has 3 ranks; this variant has 9");
    assert_eq!(
        fen_error("hcmbkqmch/1y5y1/ppppppppp/10/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[] w - - 0 1"),
        "rank 6 has 10 squares; this variant has 9"
    );
    assert_eq!(
        fen_error("hcmbkqmcx/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[] w"),
        "'x' is not a piece of this variant"
    );
    assert_eq!(
        fen_error("hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[Z] w"),
        "'Z' in the hand is not a piece of this variant"
    );
    assert_eq!(
        fen_error("hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[ w"),
        "the hand is missing its closing ']'"
    );
    assert_eq!(
        fen_error("hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[]"),
        "the side to move ('w' or 'b') is missing"
    );
    assert_eq!(
        fen_error("hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[] x"),
        "side to move 'x' is neither 'w' nor 'b'"
    );
    assert_eq!(
        fen_error("hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMB1QMCH[] w"),
        "the first player has no monarch/king on the board"
    );
    assert_eq!(
        fen_error("hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKKMCH[] w"),
        "the first player has more than one monarch/king"
    );
    assert_eq!(
        fen_error("hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[] w - - x 1"),
        "the half-move counter 'x' is not a whole number (0 to 1000000)"
    );
}

/// The error reading `text` as a position of the game `id`.
fn error_in(id: &str, text: &str) -> String {
    match zilo::door::Game::new(id, Some(text)) {
        Ok(_) => panic!("{id}: '{text}' was read"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn junk_in_the_castling_field_is_refused_even_when_the_king_has_moved() {
    // The second player's king has left its square, so no letter of theirs names a castling;
    // a letter that names none at all is refused all the same.
    let moved = [
        ("chess", "rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w {} - 0 1"),
        ("pillage", "crnbq1bnrc/2v1uu1v2/ppppkppppp/10/10/10/10/PPPPPPPPPP/2V1UU1V2/CRNBQKBNRC w {} - 0 1"),
        ("venomous", "srfbq1bwrz/ppppkppppp/10/10/10/10/10/10/PPPPPPPPPP/SRFBQKBWRZ[JJJJJjjjjj] w {} - 0 1"),
    ];
    for (id, template) in moved {
        for junk in ["xyz", "K\u{7}", "\u{1b}", "é", "!", "KQé", "kx", "K-"] {
            let e = error_in(id, &template.replace("{}", junk));
            assert_eq!(e, format!("bad position string: castling field '{junk}' is not valid for this variant"));
        }
        // Real letters still read, those of a king that moved naming nothing.
        let game = zilo::door::Game::new(id, Some(&template.replace("{}", "KQkq"))).unwrap();
        assert!(game.position().contains(" w KQ - 0 1"), "{id}: {}", game.position());
    }
}

#[test]
fn move_counters_outside_their_range_are_refused_in_every_game() {
    let chess = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - {half} {full}";
    let cases = [
        ("chess", chess),
        ("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - {half} {full}"),
        ("zilo", "hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[] w - - {half} {full}"),
        ("pillage", "crnbqkbnrc/2v1uu1v2/pppppppppp/10/10/10/10/PPPPPPPPPP/2V1UU1V2/CRNBQKBNRC w KQkq - {half} {full}"),
        ("cyvasse", "3t4/1l^wkw~d1/lhe^cc^ehl/rsr~rsr~rsr/12/RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4 w {half} {full}"),
    ];
    for (id, template) in cases {
        let (half, full) = if id == "cyvasse" {
            ("plies since capture", "turn number")
        } else {
            ("half-move counter", "full-move number")
        };
        let text = |h: &str, f: &str| template.replace("{half}", h).replace("{full}", f);
        assert!(zilo::door::Game::new(id, Some(&text("1000000", "1000000"))).is_ok(), "{id}");
        assert_eq!(
            error_in(id, &text("0", "4294967295")),
            format!("bad position string: the {full} 4294967295 is out of range (1 to 1000000)")
        );
        assert_eq!(
            error_in(id, &text("0", "0")),
            format!("bad position string: the {full} 0 is out of range (1 to 1000000)")
        );
        assert_eq!(
            error_in(id, &text("1000001", "1")),
            format!("bad position string: the {half} 1000001 is out of range (0 to 1000000)")
        );
        assert_eq!(
            error_in(id, &text("99999999999999999999999", "1")),
            format!("bad position string: the {half} 99999999999999999999999 is out of range (0 to 1000000)")
        );
        assert_eq!(
            error_in(id, &text("0", "+5")),
            format!("bad position string: the {full} '+5' is not a whole number (1 to 1000000)")
        );
    }
}

#[test]
fn move_counters_stop_at_their_largest_value_so_every_position_reached_reads_again() {
    let chess = Variant::by_id("chess").unwrap();
    let mut game =
        Game::new("chess", Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1000000")).unwrap();
    game.play("e7e5").unwrap();
    game.play("g1f3").unwrap();
    game.play("b8c6").unwrap();
    let text = game.position();
    assert_eq!(text, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 1000000");
    assert!(parse_position(chess, &text).is_ok());
    // Shogi has no fifty-move rule: its half-move counter runs on, and stops at the top.
    let shogi = Variant::by_id("shogi").unwrap();
    let pos =
        parse_position(shogi, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] b - - 1000000 7").unwrap();
    let after: Vec<String> = pos.legal_moves().iter().map(|&m| write_position(&pos.play_unchecked(m))).collect();
    assert!(after.iter().any(|text| text.ends_with(" 1000000 8")), "{after:?}");
    assert!(after.iter().all(|text| parse_position(shogi, text).is_ok()));
    let cyvasse = "3t4/1l^wkw~d1/lhe^cc^ehl/rsr~rsr~rsr/12/RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4 b 99 1000000";
    let mut game = Game::new("cyvasse", Some(cyvasse)).unwrap();
    let first = game.legal_moves().into_iter().find(|t| !t.contains('x')).unwrap();
    game.play(&first).unwrap();
    let text = game.position();
    assert!(text.ends_with(" w 100 1000000"), "{text}");
    assert!(zilo::cyvasse::Position::parse(&text).is_ok());
}

#[test]
fn empty_hand_may_be_written_with_a_dash_and_fields_may_be_left_out() {
    let short = "hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[-] w";
    assert_eq!(write_position(&parse_position(zilo(), short).unwrap()), START_FEN);
}

#[test]
fn hands_are_written_first_player_first_in_piece_table_order() {
    let fen = "hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[qPpCP] b - - 3 7";
    assert_eq!(
        write_position(&parse_position(zilo(), fen).unwrap()),
        "hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[PPCpq] b - - 3 7"
    );
}

#[test]
fn move_text_errors_name_the_fault() {
    let v = zilo();
    assert_eq!(
        parse_move(v, "e3").unwrap_err().to_string(),
        "'e3' is not a move (write moves like e3e4, or P@e5 for a drop)"
    );
    assert_eq!(parse_move(v, "e3j4").unwrap_err().to_string(), "square 'j4' is not on the board");
    assert_eq!(parse_move(v, "e3e10").unwrap_err().to_string(), "square 'e10' is not on the board");
    assert_eq!(parse_move(v, "X@e5").unwrap_err().to_string(), "'X' is not a piece of this variant");
    let mut g = Game::new("zilo", None).unwrap();
    assert_eq!(g.play("e4e5").unwrap_err().to_string(), "illegal move e4e5: there is no piece of yours on e4");
    assert_eq!(g.play("e7e6").unwrap_err().to_string(), "illegal move e7e6: there is no piece of yours on e7");
    assert_eq!(g.play("e3e5").unwrap_err().to_string(), "illegal move e3e5: the Minion on e3 cannot move to e5");
    assert_eq!(g.play("P@e5").unwrap_err().to_string(), "illegal move P@e5: you have no Minion in hand");
    assert_eq!(
        Game::new("chezz", None).unwrap_err().to_string(),
        "unknown variant 'chezz' (known: zilo, chess, shogi, pillage, pillage-flying-ferz, pillage-snipers, pillage-dragons, pillage-warmachines, venomous, cyvasse)"
    );
}

#[test]
fn every_legal_move_text_round_trips() {
    let v = zilo();
    let fen = zilo_board(&[("a1", 'K'), ("i9", 'k'), ("e5", 'B'), ("c3", 'y')], "PYQBCHMpyqbchm", 'w');
    let pos = parse_position(v, &fen).unwrap();
    for &m in pos.legal_moves().iter() {
        let text = move_text(v, m).to_string();
        assert_eq!(parse_move(v, &text).unwrap(), m, "{text}");
    }
}

fn any_variant() -> impl Strategy<Value = &'static Variant> {
    prop::sample::select(Variant::all().to_vec()).prop_map(|id| Variant::by_id(id).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics_the_position_parser(v in any_variant(), text in "\\PC{0,120}") {
        let _ = parse_position(v, &text);
    }

    #[test]
    fn mutated_position_strings_fail_cleanly_or_round_trip(
        v in any_variant(),
        edits in prop::collection::vec((0usize..200, 0u8..3, prop::sample::select(
            "0123456789/[]-+kKpPqQbBcChHmMyYxwrRnNsSvVuUfFdDwW ".chars().collect::<Vec<_>>())), 1..6)
    ) {
        let text = mutate(v.start_fen, &edits);
        match parse_position(v, &text) {
            Ok(pos) => {
                let written = write_position(&pos);
                prop_assert_eq!(&parse_position(v, &written).unwrap(), &pos);
                // Whatever parses can be played from without panicking.
                let _ = pos.legal_moves();
                let _ = Game::new(v.id, Some(&text)).map(|g| g.outcome());
            }
            Err(e) => prop_assert!(!e.to_string().contains('\n')),
        }
    }

    #[test]
    fn arbitrary_move_text_never_panics(
        v in any_variant(),
        text in "\\PC{0,12}|[a-k][0-9]{1,2}[a-k][0-9]{1,2}[a-z+]?|[A-Za-z]@[a-k][0-9]{1,2}|[a-k][0-9]{1,2}x[a-k][0-9]{1,2}|[a-k]1[a-k]1\\+[a-k]1[a-k]1"
    ) {
        let mut g = Game::new(v.id, None).unwrap();
        if let Err(e) = g.play(&text) {
            prop_assert!(!e.to_string().is_empty() && !e.to_string().contains('\n'));
        }
    }

    #[test]
    fn legal_move_texts_of_random_positions_round_trip(v in any_variant(), seed in any::<u64>(), plies in 0usize..80) {
        let pos = reached(v, seed, plies);
        for m in pos.legal_moves() {
            let text = move_text(v, m).to_string();
            prop_assert_eq!(zilo::notation::parse_move_in(&pos, &text).unwrap(), m, "{}", text);
        }
    }
}

#[test]
fn a_setup_can_be_read_without_being_checked() {
    // Two Monarchs a side is a valid setup text but not a position.
    let text = "hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKKMCH[] w";
    assert!(parse_setup(zilo(), text).is_ok());
    assert!(matches!(parse_position(zilo(), text), Err(FenError::Position(_))));
}

#[test]
fn position_strings_refuse_zero_runs_stray_en_passant_and_say_the_hand_limit() {
    let zero = "hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH0[] w - - 0 1";
    assert_eq!(parse_position(zilo(), zero).unwrap_err().to_string(), "rank 1 has a run of 0 empty squares");
    let stray = "hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[] w - e3 0 1";
    assert_eq!(
        parse_position(zilo(), stray).unwrap_err().to_string(),
        "en passant field 'e3' given, but this variant has no en passant"
    );
    let full = format!("k8/9/9/9/9/9/9/9/8K[{}] w - - 0 1", "P".repeat(64));
    assert_eq!(parse_position(zilo(), &full).unwrap_err().to_string(), "a hand holds more than 63 pieces of one kind");
}

#[test]
fn a_long_move_text_is_refused_without_being_echoed() {
    let long = format!("P@{}", "e5".repeat(50));
    assert_eq!(parse_move(zilo(), &long).unwrap_err().to_string(), "a move is a few characters long, not 102");
}

#[test]
fn a_piece_that_is_never_held_in_hand_is_refused_there_with_the_reason() {
    let venomous = "srfbqkbwrz/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/SRFBQKBWRZ[P] w KQkq - 0 1";
    assert_eq!(
        error_in("venomous", venomous),
        "bad position string: 'P' cannot be in the hand: in this variant only 'J' may be held there"
    );
    // A letter of no piece at all is still called so.
    assert_eq!(
        error_in("venomous", &venomous.replace("[P]", "[X]")),
        "bad position string: 'X' in the hand is not a piece of this variant"
    );
}
