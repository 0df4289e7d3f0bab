//! PGN records: every game goes out and comes back equal, third-party
//! exports load without loss, and bad input is one error with its place.

use zilo::door::pgn::{read_each, MAX_PGN_LEN, MAX_VARIATION_DEPTH};
use zilo::door::{self, Game, PgnGame, Side, Tags};
use zilo::rng::Rng;

/// A game of `id` played at random for at most `plies` plies.
fn random_game(id: &str, seed: u64, plies: usize) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(id, None).unwrap();
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(&moves[rng.below(moves.len())]).unwrap();
    }
    game
}

fn assert_same_game(a: &Game, b: &Game, what: &str) {
    assert_eq!(a.variant(), b.variant(), "{what}");
    assert_eq!(a.start_position(), b.start_position(), "{what}");
    assert_eq!(a.history(), b.history(), "{what}");
    assert_eq!(a.position(), b.position(), "{what}");
    assert_eq!(a.outcome(), b.outcome(), "{what}");
}

fn one(text: &str) -> PgnGame {
    let mut games = Game::from_pgn(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 1);
    games.remove(0)
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/fixtures/pgn/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn random_games_of_every_variant_come_back_equal_from_pgn() {
    for id in door::ids() {
        for seed in 1..=4 {
            let game = random_game(id, seed * 7919, 60 + 20 * seed as usize);
            let tags = Tags::new().with("White", "A").with("Black", "B").with("Date", "2026.12.06");
            let text = game.to_pgn(&tags);
            let read = one(&text);
            assert_same_game(&game, &read.game, &format!("{id} seed {seed}:\n{text}"));
            assert_eq!(read.tags.get("White"), Some("A"));
            assert_eq!(read.result, game.outcome().result());
            // The read tree writes the same text again.
            assert_eq!(read.to_pgn(), text, "{id} seed {seed}");
        }
    }
}

#[test]
fn several_games_in_one_text_are_read_in_order() {
    let games: Vec<Game> = door::ids().iter().map(|id| random_game(id, 3, 30)).collect();
    let text: String = games.iter().map(|g| g.to_pgn(&Tags::new()) + "\n").collect();
    let read = Game::from_pgn(&text).unwrap();
    assert_eq!(read.len(), games.len());
    for (a, b) in games.iter().zip(&read) {
        assert_same_game(a, &b.game, a.variant());
    }
}

#[test]
fn a_cyvasse_game_from_the_default_setup_says_its_position_too() {
    let game = random_game("cyvasse", 5, 10);
    let text = game.to_pgn(&Tags::new());
    assert!(text.contains(&format!("[FEN \"{}\"]\n[SetUp \"1\"]", game.start_position())), "{text}");
    let chess = random_game("chess", 5, 10).to_pgn(&Tags::new());
    assert!(!chess.contains("[FEN"), "{chess}");
}

#[test]
fn a_resigned_game_comes_back_resigned() {
    let mut game = random_game("zilo", 11, 20);
    game.resign(game.turn());
    let read = one(&game.to_pgn(&Tags::new()));
    assert_same_game(&game, &read.game, "resigned");
}

#[test]
fn a_cyvasse_setup_is_written_as_the_position_after_it() {
    let first = "RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4";
    let second = "3t4/1l^wkw~d1/lhe^cc^ehl/rsr~rsr~rsr";
    let mut game = Game::from_halves("cyvasse", first, second, Side::Second).unwrap();
    for _ in 0..6 {
        let m = game.legal_moves()[0].clone();
        game.play(&m).unwrap();
    }
    let text = game.to_pgn(&Tags::new());
    assert!(text.contains(&format!("[FEN \"{}\"]\n[SetUp \"1\"]", game.start_position())), "{text}");
    assert!(text.contains("[Variant \"cyvasse\"]"), "{text}");
    assert!(text.contains("1... "), "the second player moved first: {text}");
    assert_same_game(&game, &one(&text).game, "cyvasse");
}

#[test]
fn a_lichess_export_with_clocks_loads_without_loss() {
    let text = fixture("lichess-chess.pgn");
    let g = one(&text);
    assert_eq!(g.tags.0.len(), 18, "every tag, unknown ones too");
    assert_eq!(g.tags.get("WhiteRatingDiff"), Some("+6"));
    assert_eq!(g.tags.get("TimeControl"), Some("180+2"));
    assert_eq!(g.tags.get("Termination"), Some("Normal"));
    let notation: Vec<&str> = g.moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(notation, ["e4", "e5", "Nf3", "d6", "Bc4", "Bg4", "Nc3", "g6", "Nxe5", "Bxd1", "Bxf7+", "Ke7", "Nd5#"]);
    // Every move has its clock; the analysis' words are kept next to it.
    for m in &g.moves {
        assert!(m.comments.iter().any(|c| c.contains("[%clk 0:0")), "{} has its clock", m.notation);
    }
    assert_eq!(g.moves[5].comments[0], "(0.40 → 1.10) Inaccuracy.\nNf6 was best.");
    assert_eq!(g.moves[12].comments, ["[%clk 0:02:53]", "White wins by\ncheckmate."]);
    assert_eq!(
        (g.moves[5].nags.as_slice(), g.moves[7].nags.as_slice(), g.moves[8].nags.as_slice()),
        (&[6][..], &[4][..], &[1][..])
    );
    let lines: Vec<Vec<&str>> =
        g.moves.iter().flat_map(|m| &m.variations).map(|v| v.iter().map(|m| m.notation.as_str()).collect()).collect();
    assert_eq!(lines, [vec!["Nf6", "d3"], vec!["Nc6", "h3", "Bxf3", "Qxf3"], vec!["dxe5", "Qxg4"]]);
    assert_eq!((g.result.as_str(), g.game.outcome().reason()), ("1-0", "checkmate"));
    // Written back and read again: the same tree and tags.
    let again = one(&g.to_pgn());
    assert_eq!(again.moves, g.moves);
    assert_eq!(again.tags.0.len(), 18 + 1, "with the roster's Round");
    for (name, value) in &g.tags.0 {
        assert_eq!(again.tags.get(name), Some(value.as_str()), "{name}");
    }
}

#[test]
fn a_pychess_shogi_export_loads_without_loss() {
    let g = one(&fixture("pychess-shogi.pgn"));
    assert_eq!(g.game.variant(), "shogi");
    assert_eq!(g.tags.get("BlackElo"), Some("1624?"));
    assert_eq!(g.game.history().len(), 30);
    assert_eq!(&g.game.history()[..4], ["c3c4", "g7g6", "b2h8+", "g9h8"]);
    assert_eq!(g.moves[6].notation, "B*4a");
    assert_eq!(g.moves[0].comments, ["[%clk 0:10:00]"]);
    assert_eq!(g.game.position(), "ln3k1nl/r2sg1gs1/p1ppp2pp/5pp2/1pPN2b2/1P6P/P2PPP+bP1/LS1GK2RL/5GSN1[p] w - - 2 16");
    let again = one(&g.to_pgn());
    assert_eq!(again.moves, g.moves);
    assert_eq!(again.tags.get("TimeControl"), Some("600+30"));
}

#[test]
fn a_text_over_the_limit_is_refused_whole() {
    let game = "[Event \"x\"]\n\n1. e4 e5 *\n\n";
    let text = game.repeat(10 * 1024 * 1024 / game.len());
    assert!(text.len() > MAX_PGN_LEN);
    let e = Game::from_pgn(&text).unwrap_err();
    assert_eq!(e.code, "pgn.tooLong");
    assert!(e.to_string().starts_with("line 1, column 1: the PGN text is 10485"), "{e}");
    assert!(read_each(&text).is_err());
}

#[test]
fn an_illegal_move_on_line_400_names_the_line_and_loads_nothing() {
    let mut text = String::new();
    // 39 good games of 10 lines each, then a bad one whose movetext is on line 400.
    for i in 0..39 {
        for name in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
            text.push_str(&format!("[{name} \"{i}\"]\n"));
        }
        text.push_str("\n1. e4 e5 2. Nf3 *\n\n");
    }
    for name in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
        text.push_str(&format!("[{name} \"bad\"]\n"));
    }
    text.push_str("\n1. d4 d5\n   2. Nf9 *\n");
    assert_eq!(text.lines().count(), 400);
    let e = Game::from_pgn(&text).unwrap_err();
    assert_eq!((e.line, e.column), (400, 7));
    assert!(e.to_string().starts_with("line 400, column 7: illegal move Nf9: "), "{e}");
    assert!(!e.to_string().contains('\n'));
    let each = read_each(&text).unwrap();
    assert_eq!(each.iter().filter(|g| g.is_ok()).count(), 39);
}

#[test]
fn unknown_tags_are_kept_and_written_back() {
    let g = one("[Event \"e\"]\n[Foo \"bar \\\"baz\\\"\"]\n[WhiteFideId \"123\"]\n\n1. e4 *");
    assert_eq!(g.tags.get("Foo"), Some("bar \"baz\""));
    let text = g.game.to_pgn(&g.tags);
    assert!(text.contains("[Foo \"bar \\\"baz\\\"\"]\n[WhiteFideId \"123\"]"), "{text}");
    assert_eq!(one(&text).tags.get("Foo"), Some("bar \"baz\""));
}

#[test]
fn a_missing_result_reads_as_a_game_going_on() {
    let read = Game::from_pgn("[Event \"a\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. d4").unwrap();
    assert_eq!(read.len(), 2);
    assert_eq!((read[0].result.as_str(), read[0].game.history().len()), ("*", 2));
    assert_eq!(read[1].game.history(), ["d2d4"]);
    assert!(!read[1].game.outcome().is_over());
}

#[test]
fn a_result_the_position_contradicts_is_refused() {
    let e = Game::from_pgn("1. f3 e5 2. g4 Qh4# 1-0").unwrap_err();
    assert_eq!(e.code, "pgn.result");
    assert_eq!(e.to_string(), "line 1, column 21: result 1-0 contradicts the position: 0-1 (checkmate)");
}

/// `1. e4 (1. d4 (1. c4 ( … ))) *`, `depth` variations deep.
fn nested(depth: usize) -> String {
    let firsts = ["e4", "d4", "c4", "Nf3", "g3", "b3", "f4", "Nc3", "b4", "e3"];
    let mut text = String::from("1. e4 ");
    for i in 0..depth {
        text.push_str(&format!("(1. {} ", firsts[(i + 1) % firsts.len()]));
    }
    text.push_str(&")".repeat(depth));
    text.push_str(" *");
    text
}

#[test]
fn variations_nested_beyond_the_limit_are_refused_without_overflow() {
    let g = one(&nested(MAX_VARIATION_DEPTH));
    let mut depth = 0;
    let mut line = &g.moves;
    while let Some(v) = line[0].variations.first() {
        depth += 1;
        line = v;
    }
    assert_eq!(depth, MAX_VARIATION_DEPTH);
    let e = Game::from_pgn(&nested(100)).unwrap_err();
    assert_eq!(e.code, "pgn.tooDeep");
    assert!(e.to_string().starts_with("line 1, column "), "{e}");
    assert!(e.to_string().ends_with(": variations nested deeper than 32"), "{e}");
    // Deeper still, and only brackets.
    let e = Game::from_pgn(&format!("1. e4 {} *", "(".repeat(100_000))).unwrap_err();
    assert_eq!(e.to_string(), "line 1, column 8: a variation '(' before any move");
}

#[test]
fn another_games_moves_are_refused_at_the_first_that_is_not_its_own() {
    let e = Game::from_pgn("[Variant \"Shogi\"]\n\n1. e4 e5 *").unwrap_err();
    assert_eq!(e.to_string(), "line 3, column 4: illegal move e4: no legal move of shogi here is written so");
    let e = Game::from_pgn("[Variant \"Standard\"]\n\n1. P-7f P-3d *").unwrap_err();
    assert_eq!((e.line, e.column, e.code), (3, 4, "pgn.illegalMove"));
    let e = Game::from_pgn("[Variant \"crazyhouse\"]\n\n1. e4 *").unwrap_err();
    assert_eq!((e.line, e.code), (1, "pgn.unknownVariant"));
}

#[test]
fn variant_tags_are_read_by_every_name_a_game_has_elsewhere_and_written_by_the_first() {
    // A game's names in other programs are its data (`NamesElsewhere`): lichess's "Standard" and
    // "From Position" for chess, "Shogi"; any game by its id, case aside; no tag is chess.
    for (tag, id) in [
        ("[Variant \"Standard\"]\n", "chess"),
        ("[Variant \"From Position\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n", "chess"),
        ("[Variant \"chess\"]\n", "chess"),
        ("", "chess"),
        ("[Variant \"Shogi\"]\n", "shogi"),
        ("[Variant \"SHOGI\"]\n", "shogi"),
        ("[Variant \"zilo\"]\n", "zilo"),
        ("[Variant \"pillage-snipers\"]\n", "pillage-snipers"),
    ] {
        let games = Game::from_pgn(&format!("{tag}\n*")).unwrap_or_else(|e| panic!("{tag:?}: {e}"));
        assert_eq!(games[0].game.variant(), id, "{tag:?}");
    }
    let tag = |id: &str| {
        let pgn = Game::new(id, None).unwrap().to_pgn(&Tags::new());
        pgn.lines().find_map(|l| l.strip_prefix("[Variant \"").map(|v| v.trim_end_matches("\"]").to_string()))
    };
    assert_eq!(tag("chess").as_deref(), Some("Standard"));
    assert_eq!(tag("shogi").as_deref(), Some("Shogi"));
    assert_eq!(tag("venomous").as_deref(), Some("venomous"));
    let e = Game::from_pgn("[Variant \"crazyhouse\"]\n\n*").unwrap_err();
    let known: Vec<String> = ["Standard", "Shogi"].into_iter().chain(door::ids()).map(String::from).collect();
    assert_eq!(e.to_string(), format!("line 1, column 1: unknown variant 'crazyhouse' (known: {})", known.join(", ")));
}

#[test]
fn broken_syntax_is_one_line_with_its_place() {
    for (text, place) in [
        ("1. e4 { never closed", "line 1, column 7: "),
        ("[Event \"x]\n1. e4 *", "line 1, column 1: "),
        ("1. e4 e5 ) *", "line 1, column 10: "),
        ("1. e4 ( 1. d4 *", "line 1, column 7: "),
        ("( 1. e4 ) *", "line 1, column 1: "),
        ("", "line 1, column 1: "),
    ] {
        let e = Game::from_pgn(text).unwrap_err();
        assert!(e.to_string().starts_with(place), "{text:?}: {e}");
        assert!(!e.to_string().contains('\n'), "{e}");
    }
}

#[test]
fn damaged_pgn_never_panics_and_errors_stay_one_line() {
    // A lichess export with bytes cut, doubled and replaced at random: every outcome is a
    // read or one line with its place, never a panic.
    let base = fixture("lichess-chess.pgn") + &fixture("pychess-shogi.pgn");
    let alphabet: Vec<char> = "{}()[]\"\\;%$!?.*-+#=/@x 0123456789abcdefghKQRBNOPSG\n\u{fe0f}é".chars().collect();
    let mut rng = Rng::new(20261206);
    for _ in 0..1000 {
        let mut chars: Vec<char> = base.chars().collect();
        for _ in 0..1 + rng.below(6) {
            let at = rng.below(chars.len());
            match rng.below(3) {
                0 => {
                    chars.remove(at);
                }
                1 => chars.insert(at, alphabet[rng.below(alphabet.len())]),
                _ => chars[at] = alphabet[rng.below(alphabet.len())],
            }
        }
        let text: String = chars.into_iter().collect();
        if let Err(e) = Game::from_pgn(&text) {
            let line = e.to_string();
            assert!(line.starts_with(&format!("line {}, column {}: ", e.line, e.column)), "{line}");
            assert!(!line.contains('\n') && !line.contains('\r'), "{line:?}");
            assert!(e.line >= 1 && e.line <= text.lines().count().max(1) + 1, "{line}");
        }
        let _ = read_each(&text);
    }
}
