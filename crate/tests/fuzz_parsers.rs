//! Fuzzing the text doors of every variant: the position-string parser, the
//! move-text parser and the move codes of the JavaScript API. Inputs are
//! generated (shaped like the real thing, mutated from real positions, or
//! arbitrary text); no input may panic, every error is one line, and what is
//! accepted round-trips.
//!
//! `cargo test --release --test fuzz_parsers` runs a few hundred cases per
//! target (`make test`); `ZILO_FUZZ_CASES=100000` runs more (`make fuzz`),
//! `ZILO_FUZZ_SEED` picks other cases. Each target prints `fuzz <name>: <N>
//! cases, 0 crashes` (see it with `-- --nocapture`).

mod common;
mod fuzz;
use common::{mutate, reached};
use fuzz::*;

use proptest::prelude::*;
use zilo::door::{Game, MAX_POSITION_LEN};
use zilo::fen::{parse_position, write_position};
use zilo::moves::{move_code, move_from_code};
use zilo::notation::move_text;
use zilo::variant::Variant;

/// A token of a position string's board part in `v`: pieces, promoted
/// pieces, runs of empty squares (some of them wrong), stray characters.
fn board_token(v: &'static Variant) -> impl Strategy<Value = String> {
    let letters = letters(v);
    prop_oneof![
        6 => prop::sample::select(letters.clone()).prop_map(|c| c.to_string()),
        3 => (0u8..=12).prop_map(|n| n.to_string()),
        1 => prop::sample::select(letters).prop_map(|c| format!("+{c}")),
        1 => prop::sample::select(vec!["+", "~", "*", "[", "]", " ", "x", "Z", "é", "10", "00", "-"]).prop_map(String::from),
    ]
}

fn letters(v: &Variant) -> Vec<char> {
    v.pieces.iter().flat_map(|p| [p.letter, p.letter.to_ascii_lowercase()]).collect()
}

/// A position string shaped like the real thing, with faults here and there.
fn fen_like(v: &'static Variant) -> impl Strategy<Value = String> {
    let ranks = v.geometry.ranks as usize;
    let rank = prop::collection::vec(board_token(v), 0..v.geometry.files as usize + 3).prop_map(|t| t.concat());
    let board = prop::collection::vec(rank, ranks.saturating_sub(2)..ranks + 3).prop_map(|r| r.join("/"));
    let hand = prop_oneof![
        Just(String::new()),
        Just("[]".to_string()),
        Just("[-]".to_string()),
        prop::collection::vec(prop::sample::select(letters(v)), 0..30)
            .prop_map(|h| format!("[{}]", String::from_iter(h))),
        prop::collection::vec(prop::sample::select(letters(v)), 0..5)
            .prop_map(|h| format!("[{}", String::from_iter(h))),
    ];
    let turn = prop::sample::select(vec!["w", "b", "", "x", "W", "w b"]);
    let castling = prop_oneof![
        Just("-".to_string()),
        prop::collection::vec(prop::sample::select(vec!['K', 'Q', 'k', 'q', 'A', 'h', 'J', '-', 'x']), 0..6)
            .prop_map(String::from_iter),
    ];
    let square = square_text(v);
    let en_passant = prop_oneof![Just("-".to_string()), square];
    let counter = prop_oneof![
        (0u32..200).prop_map(|n| n.to_string()),
        Just("99999999999999999999".to_string()),
        Just("-1".to_string()),
        Just("x".to_string()),
    ];
    let fields = (turn, castling, en_passant, counter.clone(), counter, 0usize..7, "[ -~]{0,3}");
    (board, hand, fields).prop_map(|(board, hand, (turn, castling, ep, half, full, kept, tail))| {
        let all = [turn.to_string(), castling, ep, half, full, tail];
        format!("{board}{hand} {}", all[..kept.min(all.len())].join(" "))
    })
}

/// A square name on or near `v`'s board (`a1`, `k12`, `a0`).
fn square_text(v: &'static Variant) -> impl Strategy<Value = String> {
    let files = v.geometry.files;
    let ranks = v.geometry.ranks as u32;
    ((b'a'..=b'a' + files).prop_map(char::from), 0..=ranks + 2).prop_map(|(f, r)| format!("{f}{r}"))
}

/// A well-formed position string of `v` with pieces anywhere (pawns on the
/// last rank, kings in check, full hands): most are valid positions, which
/// is what the rules code behind the parser must survive.
fn random_setup(v: &'static Variant) -> impl Strategy<Value = String> {
    let g = &v.geometry;
    let (files, ranks) = (g.files as usize, g.ranks as usize);
    // Pieces as written on the board, the royal one left out (placed apart).
    let royal = v.piece(v.royal()).letter;
    let written: Vec<String> = v
        .pieces
        .iter()
        .filter(|p| p.letter != royal)
        .flat_map(|p| {
            let plus = if p.promoted { "+" } else { "" };
            [format!("{plus}{}", p.letter), format!("{plus}{}", p.letter.to_ascii_lowercase())]
        })
        .collect();
    let unpromoted: Vec<char> =
        v.pieces.iter().filter(|p| !p.promoted && p.letter != royal).map(|p| p.letter).collect();
    let cell = prop_oneof![5 => Just(None), 2 => prop::sample::select(written).prop_map(Some)];
    let cells = prop::collection::vec(cell, files * ranks);
    let kings = (0..files * ranks, 0..files * ranks, 0u8..10);
    let hand = prop::collection::vec((prop::sample::select(unpromoted), any::<bool>()), 0..12);
    let tail =
        (any::<bool>(), prop::sample::select(vec!["-", "KQkq", "Kq", "k"]), square_text(v), 0u32..120, 1u32..200);
    (cells, kings, hand, tail).prop_map(move |(mut cells, (wk, bk, odd), hand, (white, castling, ep, half, full))| {
        // Usually one royal piece a side; now and then none or two.
        if odd > 0 {
            cells[wk] = Some(royal.to_string());
        }
        if odd != 1 {
            cells[bk] = Some(royal.to_ascii_lowercase().to_string());
        }
        let rows = board_rows(&cells, files, ranks);
        let hand: String = hand.iter().map(|&(c, w)| if w { c } else { c.to_ascii_lowercase() }).collect();
        let hand = if v.rules.drops { format!("[{hand}]") } else { String::new() };
        let ep = if odd == 2 { ep } else { "-".to_string() };
        format!("{rows}{hand} {} {castling} {ep} {half} {full}", if white { "w" } else { "b" })
    })
}

/// What the parser may be given for `v`.
fn position_text(v: &'static Variant) -> impl Strategy<Value = String> {
    let edit_chars: Vec<char> = "0123456789/[]-+~ wbKQkqx".chars().chain(letters(v)).collect();
    let mutated = (
        any::<u64>(),
        0usize..60,
        prop::collection::vec((0usize..400, 0u8..3, prop::sample::select(edit_chars)), 0..4),
    )
        .prop_map(move |(seed, plies, edits)| mutate(&write_position(&reached(v, seed, plies)), &edits));
    prop_oneof![3 => random_setup(v), 2 => fen_like(v), 3 => mutated, 1 => "\\PC{0,160}", 1 => "[ -~]{0,200}"]
}

/// Checks one position string: no panic, a one-line error or a position
/// that writes back to itself and can be played from.
fn check_position_text(v: &'static Variant, text: &str) -> Result<bool, TestCaseError> {
    Ok(match parse_position(v, text) {
        Ok(pos) => {
            let written = write_position(&pos);
            let again = parse_position(v, &written);
            prop_assert!(again.is_ok(), "{text:?} was read, but not its rewrite {written:?}: {:?}", again.err());
            prop_assert_eq!(write_position(&again.unwrap()), written.clone());
            let game = Game::new(v.id, Some(text));
            prop_assert!(game.is_ok());
            let game = game.unwrap();
            let _ = game.outcome();
            let _ = game.ending_words();
            for m in pos.legal_moves() {
                let _ = zilo::notation::san(&pos, m);
                prop_assert_eq!(move_from_code(v, move_code(m)), Some(m));
            }
            true
        }
        Err(e) => {
            let message = e.to_string();
            prop_assert!(!message.is_empty() && !message.contains('\n'), "{message:?}");
            prop_assert!(message.len() <= text.len() + 120, "a long message for {text:?}: {message}");
            false
        }
    })
}

#[test]
fn fuzz_position_strings() {
    for id in Variant::all() {
        let v = Variant::by_id(id).expect("listed");
        fuzz(&format!("position strings ({id})"), position_text(v), |text| check_position_text(v, &text));
    }
}

/// Move text for `v`: shaped like moves (steps, promotions, drops, castles,
/// shots), some off the board, or arbitrary.
fn move_text_like(v: &'static Variant) -> impl Strategy<Value = String> {
    let sq = || square_text(v);
    let letter = prop::sample::select(letters(v).into_iter().chain(['x', 'Z', '+']).collect::<Vec<_>>());
    prop_oneof![
        3 => (sq(), sq()).prop_map(|(a, b)| format!("{a}{b}")),
        2 => (sq(), sq(), letter.clone()).prop_map(|(a, b, c)| format!("{a}{b}{c}")),
        1 => (sq(), sq()).prop_map(|(a, b)| format!("{a}{b}+")),
        2 => (letter.clone(), sq()).prop_map(|(c, b)| format!("{c}@{b}")),
        1 => (sq(), sq(), sq(), sq()).prop_map(|(a, b, c, d)| format!("{a}{b}+{c}{d}")),
        1 => (sq(), sq()).prop_map(|(a, b)| format!("{a}x{b}")),
        1 => "\\PC{0,20}",
        1 => "[a-z0-9@+x]{0,40}",
    ]
}

#[test]
fn fuzz_move_text() {
    for id in Variant::all() {
        let v = Variant::by_id(id).expect("listed");
        let edit_chars: Vec<char> = "0123456789+@x".chars().chain(letters(v)).collect();
        let edits = prop::collection::vec((0usize..20, 0u8..3, prop::sample::select(edit_chars)), 0..3);
        // A legal move's text of the position (lightly edited), or made-up text.
        let input = (any::<u64>(), 0usize..80, any::<prop::sample::Index>(), edits, move_text_like(v), any::<bool>());
        fuzz(&format!("move text ({id})"), input, |(seed, plies, pick, edits, made_up, legal)| {
            let pos = reached(v, seed, plies);
            let moves = pos.legal_moves();
            let text = if legal && !moves.is_empty() {
                mutate(&move_text(v, moves[pick.index(moves.len())]).to_string(), &edits)
            } else {
                made_up
            };
            let start = write_position(&pos);
            let mut game = Game::new(v.id, Some(&start)).expect("a reached position reads back");
            Ok(match game.describe(&text) {
                Ok(_) => {
                    let m = zilo::notation::parse_move_in(&pos, &text).expect("a move the door takes reads");
                    prop_assert_eq!(move_from_code(v, move_code(m)), Some(m));
                    let report = game.play(&text);
                    prop_assert!(report.is_ok());
                    prop_assert!(game.undo());
                    prop_assert_eq!(game.position(), start);
                    true
                }
                Err(e) => {
                    let message = e.to_string();
                    prop_assert!(!message.contains('\n') && message.len() < 200, "{message:?}");
                    false
                }
            })
        });
    }
}

#[test]
fn fuzz_move_codes() {
    for id in Variant::all() {
        let v = Variant::by_id(id).expect("listed");
        // A legal move's code with a bit or two flipped, a number with the
        // code mark (so that many decode), or any number.
        let flips = prop::collection::vec(0u32..32, 0..3);
        let any_code = prop_oneof![4 => (1u32 << 29)..(1u32 << 30), 1 => any::<u32>()];
        let input = (any::<u64>(), 0usize..60, any::<prop::sample::Index>(), flips, any_code, any::<bool>());
        fuzz(&format!("move codes ({id})"), input, |(seed, plies, pick, flips, any_code, legal)| {
            let pos = reached(v, seed, plies);
            let moves = pos.legal_moves();
            let code = if legal && !moves.is_empty() {
                flips.iter().fold(move_code(moves[pick.index(moves.len())]), |c, &bit| c ^ (1 << bit))
            } else {
                any_code
            };
            let Some(m) = move_from_code(v, code) else { return Ok(false) };
            prop_assert_eq!(move_code(m), code, "decoding is exact");
            let text = move_text(v, m).to_string();
            prop_assert!(!text.is_empty());
            let mut game = Game::new(v.id, Some(&write_position(&pos))).expect("a reached position reads back");
            Ok(match game.push_code(code) {
                Err(e) => {
                    prop_assert!(!e.to_string().contains('\n'));
                    false
                }
                Ok(()) => {
                    prop_assert!(pos.legal_moves().contains(&m));
                    true
                }
            })
        });
    }
}

#[test]
fn over_long_text_is_refused_before_parsing() {
    let long = "8/".repeat(MAX_POSITION_LEN);
    let e = Game::new("chess", Some(&long)).unwrap_err().to_string();
    assert_eq!(e, format!("bad position string: it is {} bytes long; no position needs more than 4096", long.len()));
    let mut game = Game::new("zilo", None).unwrap();
    let e = game.play(&format!("P@{}", "e".repeat(1 << 20))).unwrap_err().to_string();
    assert_eq!(e, "a move text has at most 32 characters, not 1048578");
    let e = Game::new(&"z".repeat(1000), None).unwrap_err().to_string();
    assert!(e.starts_with("unknown variant '(1000 bytes)'"), "{e}");
}
