//! The `zilo` command line keeps the exact forms of docs/formats.md.

use std::process::{Command, Output};

fn zilo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_zilo")).args(args).output().expect("the zilo binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const START: &str = "hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[] w - - 0 1";

#[test]
fn perft_prints_nodes_on_its_last_line() {
    let o = zilo(&["perft", "zilo", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "nodes 11308\n");
}

#[test]
fn perft_divide_prints_one_line_per_root_move_then_the_total() {
    let o = zilo(&["perft", "zilo", "2", "--divide", "--fen", START]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 23);
    assert_eq!(lines[0], "a1a2 22");
    assert_eq!(*lines.last().unwrap(), "nodes 484");
}

#[test]
fn moves_prints_the_sorted_legal_moves_and_nothing_else() {
    let o = zilo(&["moves", "zilo"]);
    let out = stdout(&o);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 22);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert!(moves.contains(&"e3e4") && moves.contains(&"b1d2"));
}

#[test]
fn play_prints_the_position_and_the_result() {
    let o = zilo(&["play", "zilo", "e3e4", "e7e6"]);
    assert_eq!(
        stdout(&o),
        "hcmbkqmch/1y5y1/pppp1pppp/4p4/9/4P4/PPPP1PPPP/1Y5Y1/HCMBKQMCH[] w - - 2 2\nresult * ongoing\n"
    );
    let mate = zilo(&["play", "zilo", "--fen", "k8/9/2C6/9/9/9/9/9/1Q6K[Q] w - - 0 1", "Q@a5"]);
    assert_eq!(stdout(&mate).lines().last(), Some("result 1-0 checkmate"));
}

#[test]
fn bad_input_exits_2_with_one_line_and_no_output() {
    let cases: &[&[&str]] = &[
        &["perft", "chezz", "1"],
        &["perft", "zilo", "x"],
        &["moves", "zilo", "--fen", "nonsense"],
        &["play", "zilo", "e3e5"],
        &["play", "zilo", "zz"],
        &["frobnicate"],
        &[],
    ];
    for args in cases {
        let o = zilo(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    assert_eq!(
        stderr(&zilo(&["play", "zilo", "e3e5"])),
        "zilo: illegal move e3e5: the Minion on e3 cannot move to e5\n"
    );
}

#[test]
fn bench_reports_perft_and_search_nodes_per_second_per_variant() {
    // Only the form and the node count are checked here; speed lives in `make bench`.
    let o = zilo(&["bench"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let line = out.lines().find(|l| l.starts_with("zilo start perft 5:")).expect("a zilo line");
    assert!(line.contains("nodes 6541304") && line.contains(" nps "), "{line}");
    // And the search's speed, a line per variant, at a fixed depth.
    for variant in ["zilo", "chess", "shogi"] {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("{variant} start search depth ")))
            .unwrap_or_else(|| panic!("a {variant} search line in {out}"));
        let nodes: u64 = line.split(" nodes ").nth(1).and_then(|t| t.split(' ').next()?.parse().ok()).expect("nodes");
        assert!(nodes > 10_000 && line.contains(" nps "), "{line}");
    }
    assert_eq!(zilo(&["bench", "extra"]).status.code(), Some(2));
}

#[test]
fn batch_answers_one_line_per_position_and_move() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_zilo"))
        .args(["batch", "zilo"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    write!(child.stdin.take().unwrap(), "{START};e3e4\nnot a position\n{START};e3e5\n").unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    let fields: Vec<&str> = lines[0].split(';').collect();
    assert_eq!(fields[0].split(' ').count(), 22);
    assert_eq!(fields[1], "hcmbkqmch/1y5y1/ppppppppp/9/9/4P4/PPPP1PPPP/1Y5Y1/HCMBKQMCH[] b - - 1 1");
    assert_eq!(fields[2], "* ongoing");
    assert!(lines[1].starts_with("error bad position string"));
    assert_eq!(lines[2], "error illegal move e3e5: the Minion on e3 cannot move to e5");
}

// Cyvasse: the same commands, the same forms.

/// The default start: the "Fortress" preset for both sides, `w` to move.
const CYVASSE_START: &str = "3t4/1l^wkw~d1/lhe^cc^ehl/rsr~rsr~rsr/12/RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4 w 0 1";
/// Fortress (w) against Phalanx (b), and random setups from seeds 1 and 2 (as in `cyvasse_rules.rs`).
const FORTRESS_PHALANX: &str = "1l6/lwkw1h^t~/ehde1~c^cl/srsrs^rrr~r/12/RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4 w 0 1";
const RANDOM_1_2: &str = "crr^2rl/1r~1kewel/rcwh2^1ts/dh^1s*2l1r*s/12/CD4REW*1R/1SRH1R^LLS/TRKC2LS*R/WHE^2^~ b 0 1";
/// A Rabble of `w` next to the King of `b`, which no Tower shields.
const KING_EXPOSED: &str = "7k/8R/10/11/12/11/10/9/7K w 0 1";

#[test]
fn cyvasse_starts_from_the_fortress_preset_on_both_sides_with_w_to_move() {
    let o = zilo(&["play", "cyvasse"]);
    assert_eq!(stdout(&o), format!("{CYVASSE_START}\nresult * ongoing\n"));
}

#[test]
fn cyvasse_perft_counts_turns_from_the_start_and_from_set_up_positions() {
    let nodes = |args: &[&str]| stdout(&zilo(args)).lines().last().unwrap_or_default().to_string();
    assert_eq!(nodes(&["perft", "cyvasse", "2"]), "nodes 82346");
    assert_eq!(nodes(&["perft", "cyvasse", "2", "--fen", FORTRESS_PHALANX]), "nodes 75704");
    assert_eq!(nodes(&["perft", "cyvasse", "2", "--fen", RANDOM_1_2]), "nodes 36400");
    let divide = stdout(&zilo(&["perft", "cyvasse", "2", "--divide"]));
    let lines: Vec<&str> = divide.lines().collect();
    assert_eq!(lines.len(), 305);
    assert_eq!(lines[0], "a3a1 304");
    assert_eq!(*lines.last().unwrap(), "nodes 82346");
}

#[test]
fn cyvasse_moves_are_the_sorted_turn_texts() {
    let out = stdout(&zilo(&["moves", "cyvasse"]));
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 304);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    // A second Rabble move is part of the turn's text.
    assert!(moves.contains(&"e4e5+g4g5"), "{out}");
}

#[test]
fn cyvasse_play_prints_the_position_string_and_the_result() {
    let o = zilo(&["play", "cyvasse", "e4e5"]);
    assert_eq!(
        stdout(&o),
        "3t4/1l^wkw~d1/lhe^cc^ehl/rsr~rsr~rsr/4R7/RSR~1SR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4 b 1 1\nresult * ongoing\n"
    );
    let won = zilo(&["play", "cyvasse", "--fen", KING_EXPOSED, "i8xh9"]);
    assert_eq!(stdout(&won), "7R/9/10/11/12/11/10/9/7K b 0 1\nresult 1-0 king-captured\n");
}

#[test]
fn cyvasse_bestmove_takes_the_king_when_it_can() {
    let o = zilo(&["bestmove", "cyvasse", "--fen", KING_EXPOSED, "--depth", "3"]);
    let out = stdout(&o);
    assert_eq!(out.lines().last(), Some("bestmove i8xh9"), "{out}");
    assert!(out.contains("score mate 1"), "{out}");
    let from_start = stdout(&zilo(&["bestmove", "cyvasse", "--depth", "2"]));
    assert!(from_start.lines().last().is_some_and(|l| l.starts_with("bestmove ")), "{from_start}");
}

#[test]
fn cyvasse_match_plays_games_from_random_setups() {
    let o = zilo(&["match", "cyvasse", "--games", "4", "--a", "depth:1", "--b", "random", "--seed", "3", "--verbose"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.lines().any(|l| l.starts_with("wins ")), "{out}");
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{out}");
    // The two games of a pair share their setups and opening (colours swapped); the next pair
    // draws new setups, so its opening turns are other turns.
    let opening = |g: &str| g.split(" moves ").nth(1).unwrap_or("").split(' ').take(2).collect::<Vec<_>>().join(" ");
    assert_eq!(opening(games[0]), opening(games[1]), "{out}");
    assert_ne!(opening(games[0]), opening(games[2]), "{out}");
}

#[test]
fn cyvasse_bad_input_exits_2_with_one_line_and_no_output() {
    let cases: &[&[&str]] = &[
        &["moves", "cyvasse", "--fen", "bad"],
        &["play", "cyvasse", "zz"],
        &["play", "cyvasse", "e4e6"],
        &["play", "cyvasse", "--fen", KING_EXPOSED, "i8xh9", "h1h2"],
        &["perft", "cyvasse", "1", "--fen", "8/9/10/11/12/11/10/9/8 x 0 1"],
        &["bestmove", "cyvasse", "--fen", "8/9/10/11/12/11/10/9/9 w 0 1"],
        &["match", "cyvasse", "--a", "level:9"],
    ];
    for args in cases {
        let o = zilo(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
    }
    assert_eq!(
        stderr(&zilo(&["play", "cyvasse", "--fen", KING_EXPOSED, "i8xh9", "h1h2"])),
        "zilo: the game is over (1-0 king-captured)\n"
    );
    assert!(stderr(&zilo(&["perft", "cyvassse", "1"])).contains("cyvasse"), "the known variants are listed");
}

#[test]
fn a_closed_output_pipe_ends_the_command_quietly_with_status_0() {
    // The pipe's reading end is closed before zilo writes (`zilo perft chess 4 --divide | true`).
    for args in [&["perft", "chess", "4", "--divide"][..], &["moves", "chess"], &["play", "chess", "e2e4"]] {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let o =
            Command::new(env!("CARGO_BIN_EXE_zilo")).args(args).stdout(writer).output().expect("the zilo binary runs");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{args:?}");
    }
}

#[test]
fn a_full_disk_gives_one_line_and_status_1() {
    for args in [&["play", "chess"][..], &["perft", "chess", "2", "--divide"]] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
        let o =
            Command::new(env!("CARGO_BIN_EXE_zilo")).args(args).stdout(full).output().expect("the zilo binary runs");
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_eq!(stderr(&o), "zilo: cannot write the output: No space left on device (os error 28)\n", "{args:?}");
    }
}

#[test]
fn a_finished_game_has_no_legal_moves_and_perft_counts_0() {
    // Over by the fifty-move rule (half-move counter 100), by insufficient material,
    // and by Cyvasse's fifty turns each: the position has moves, the game none.
    let finished = [
        ("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80"),
        ("chess", "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"),
        ("cyvasse", "7k/9/10/11/2Lr8/11/10/9/7K w 100 60"),
    ];
    for (variant, fen) in finished {
        assert_eq!(stdout(&zilo(&["moves", variant, "--fen", fen])), "", "{fen}");
        assert_eq!(stdout(&zilo(&["perft", variant, "1", "--fen", fen])), "nodes 0\n");
        assert_eq!(stdout(&zilo(&["perft", variant, "3", "--fen", fen])), "nodes 0\n");
        assert_eq!(stdout(&zilo(&["perft", variant, "2", "--divide", "--fen", fen])), "nodes 0\n");
        // Depth 0 counts the position itself.
        assert_eq!(stdout(&zilo(&["perft", variant, "0", "--fen", fen])), "nodes 1\n");
        let batch = Command::new(env!("CARGO_BIN_EXE_zilo"))
            .args(["batch", variant])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child.stdin.take().expect("stdin").write_all(format!("{fen}\n").as_bytes())?;
                child.wait_with_output()
            })
            .expect("zilo batch runs");
        let line = stdout(&batch);
        assert!(line.starts_with(";;"), "{fen}: {line}");
    }
    // One ply earlier the game goes on, and perft counts the moves as before.
    let o = zilo(&["perft", "chess", "1", "--fen", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"]);
    assert_eq!(stdout(&o), "nodes 15\n");
}

#[test]
fn numbers_out_of_range_are_called_so_with_the_range() {
    let refused = |args: &[&str]| {
        let o = zilo(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty());
        stderr(&o)
    };
    assert_eq!(
        refused(&["bestmove", "chess", "--depth", "4294967296"]),
        "zilo: --depth 4294967296 is out of range (0 to 64)\n"
    );
    assert_eq!(refused(&["bestmove", "chess", "--depth", "65"]), "zilo: --depth 65 is out of range (0 to 64)\n");
    assert_eq!(
        refused(&["bestmove", "chess", "--depth", "-1"]),
        "zilo: --depth '-1' is not a whole number (0 to 64)\n"
    );
    assert_eq!(refused(&["bestmove", "chess", "--level", "256"]), "zilo: --level 256 is out of range (1 to 5)\n");
    assert_eq!(
        refused(&["perft", "chess", "99999999999999999999999"]),
        "zilo: perft depth 99999999999999999999999 is out of range (0 to 20)\n"
    );
    assert_eq!(refused(&["perft", "chess", "2.5"]), "zilo: perft depth '2.5' is not a whole number (0 to 20)\n");
    assert_eq!(refused(&["match", "chess", "--games", "0"]), "zilo: --games 0 is out of range (1 to 4294967295)\n");
}

#[test]
fn an_empty_position_string_is_refused() {
    for fen in ["", "   "] {
        let o = zilo(&["moves", "chess", "--fen", fen]);
        assert_eq!(o.status.code(), Some(2));
        assert_eq!(stderr(&o), "zilo: bad position string: the position string is empty\n");
    }
}

#[test]
fn play_with_pgn_prints_the_game_as_pgn() {
    let o = zilo(&["play", "chess", "--pgn", "f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.starts_with("[Event \"?\"]\n"), "{out}");
    assert!(out.contains("[Result \"0-1\"]\n[Variant \"Standard\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), "{out}");
    let shogi = stdout(&zilo(&["play", "shogi", "--pgn", "c3c4", "g7g6", "b2h8+"]));
    assert!(shogi.contains("[Variant \"Shogi\"]") && shogi.contains("1. P-7f P-3d 2. Bx2b+ *"), "{shogi}");
}

/// A file in the test's own temporary folder.
fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("zilo-cli-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn pgn_checks_each_game_of_a_file_on_one_line() {
    let good = stdout(&zilo(&["play", "shogi", "--pgn", "c3c4", "g7g6"]));
    let text = format!("{good}\n[Event \"bad\"]\n\n1. e4 Ke3 *\n\n[Variant \"Standard\"]\n\n1. e4 e5 1-0\n");
    let path = temp_file("games.pgn", &text);
    let o = zilo(&["pgn", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "game 1: ok shogi 2 plies *\n\
         game 2: line 14, column 7: illegal move Ke3: no legal move of chess here is written so\n\
         game 3: ok chess 2 plies 1-0\n"
    );
    assert_eq!(stderr(&o), "zilo: 1 of 3 games refused\n");
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/pgn/lichess-chess.pgn");
    let o = zilo(&["pgn", fixture]);
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), "game 1: ok chess 13 plies 1-0\n".to_string()));
}

#[test]
fn pgn_refuses_a_file_too_long_or_missing_in_one_line() {
    let big = temp_file("big.pgn", &"1. e4 e5 *\n".repeat(200_000));
    for args in [vec!["pgn", big.to_str().unwrap()], vec!["pgn", "/nonexistent/x.pgn"], vec!["pgn"]] {
        let o = zilo(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty());
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}");
    }
    assert!(stderr(&zilo(&["pgn", big.to_str().unwrap()])).contains("bytes long; at most 1048576 are read"));
}

#[test]
fn serve_help_lists_every_option_the_server_reads_and_starts_nothing() {
    let o = zilo(&["serve", "--help"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for option in ["--listen", "--db", "--seeks-per-address", "--push-contact", "--push-allow-http-loopback"] {
        assert!(out.contains(option), "{option} is missing from: {out}");
    }
    // The general usage points to it rather than keeping a second list that falls behind.
    let o = zilo(&["--help"]);
    assert!(stdout(&o).contains("zilo serve [OPTIONS] (zilo serve --help lists them)"));
}
