//! `zilo uci` driven through pipes as a GUI drives it, in every game.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use zilo::door::{self, Game};
use zilo::rng::Rng;

/// Generous: the tests run in debug builds on a loaded machine.
const ANSWER_WITHIN: Duration = Duration::from_secs(60);

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_zilo"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("zilo uci starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = Engine { child, stdin, lines };
        e.send("uci");
        e.until("uciok");
        e
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the engine reads");
        self.stdin.flush().unwrap();
    }

    /// Every line up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + ANSWER_WITHIN;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(e) => panic!("no '{prefix}' ({e:?}) after {seen:?}"),
            }
        }
    }

    /// The move of the `bestmove` line that ends `lines`.
    fn best_move(lines: &[String]) -> String {
        lines.last().unwrap().split_whitespace().nth(1).expect("bestmove has a move").to_string()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        panic!("zilo uci did not end on quit");
    }
}

/// The game of `id` from `fen` (or the start) after `moves`.
fn game_after(id: &str, fen: Option<&str>, moves: &[&str]) -> Game {
    let mut game = Game::new(id, fen).unwrap();
    for m in moves {
        game.play(m).unwrap();
    }
    game
}

/// Up to `plies` random legal moves from the start, as texts.
fn random_moves(id: &str, plies: usize, seed: u64) -> (Game, Vec<String>) {
    let mut game = Game::new(id, None).unwrap();
    let mut rng = Rng::new(seed);
    let mut played = Vec::new();
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())].clone();
        game.play(&m).unwrap();
        played.push(m);
    }
    (game, played)
}

#[test]
fn in_every_game_go_nodes_after_random_moves_answers_a_legal_move() {
    let mut engine = Engine::start();
    for (i, id) in door::ids().into_iter().enumerate() {
        let (mut game, moves) = random_moves(id, 30, 7 + i as u64);
        // A game the random moves ended has no move to find: play from one ply before.
        let mut moves = moves;
        if game.outcome().is_over() {
            moves.pop();
            game.undo();
        }
        engine.send(&format!("setoption name UCI_Variant value {id}"));
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("go nodes 2000");
        let lines = engine.until("bestmove");
        let best = Engine::best_move(&lines);
        assert!(game.legal_moves().contains(&best), "{id}: bestmove {best} is not legal after {moves:?}: {lines:?}");
        assert!(lines.iter().any(|l| l.starts_with("info depth") && l.contains(" pv ")), "{id}: {lines:?}");
        assert!(!lines.iter().any(|l| l.starts_with("info string")), "{id}: {lines:?}");
    }
}

#[test]
fn go_infinite_answers_only_after_stop_and_at_once() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    engine.send("go infinite");
    // No answer before stop, however long it thinks.
    std::thread::sleep(Duration::from_millis(300));
    assert!(engine.lines.try_iter().all(|l| !l.starts_with("bestmove")));
    let sent = Instant::now();
    engine.send("stop");
    let lines = engine.until("bestmove");
    let waited = sent.elapsed();
    // The search polls its stop flag every 2048 nodes (about 2 ms in a release build); the
    // bound is loose because this may be a debug build on a machine shared with compilers.
    assert!(waited < Duration::from_millis(500), "stop answered after {waited:?}");
    let game = game_after("chess", None, &["e2e4"]);
    assert!(game.legal_moves().contains(&Engine::best_move(&lines)));
}

#[test]
fn a_position_with_a_bad_move_is_reported_and_the_previous_position_stays() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    engine.send("position startpos moves e2e4 e7e5 e1e3");
    let said = engine.until("info string");
    assert!(said[0].contains("e1e3") && said[0].contains("previous"), "{said:?}");
    engine.send("go depth 2");
    let best = Engine::best_move(&engine.until("bestmove"));
    // Black to move, as after e2e4 (after e7e5 White would be).
    let game = game_after("chess", None, &["e2e4"]);
    assert!(game.legal_moves().contains(&best), "{best}");
    engine.send("position fen 8/8/8/8 w - - 0 1");
    assert!(engine.until("info string")[0].contains("position refused"));
}

#[test]
fn moves_past_an_ending_by_repetition_are_played_on_and_searched() {
    let mut engine = Engine::start();
    // The knights' dance repeats the start a third time after eight plies: our rules end the
    // game there, a GUI may play on (python-chess only ends at the fifth time).
    let dance = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    engine.send(&format!("position startpos moves {dance} e2e4"));
    engine.send("go nodes 2000");
    let lines = engine.until("bestmove");
    assert!(!lines.iter().any(|l| l.contains("position refused")), "{lines:?}");
    let best = Engine::best_move(&lines);
    // Black to move after e2e4.
    let game = game_after("chess", None, &["e2e4"]);
    assert!(game.legal_moves().contains(&best), "{best} in {lines:?}");
}

#[test]
fn unknown_commands_options_and_variants_get_an_info_string_and_reading_goes_on() {
    let mut engine = Engine::start();
    for (line, said) in [
        ("frobnicate now", "unknown command 'frobnicate'"),
        ("setoption name Flavour value salty", "unknown option 'Flavour'"),
        ("setoption name UCI_Variant value xiangqi", "unknown UCI_Variant 'xiangqi'"),
        ("setoption name MultiPV value 0", "MultiPV takes a whole number from 1 to 64"),
        ("go depth deep", "go depth needs a whole number"),
        ("position startpos moves 0000", "0000"),
    ] {
        engine.send(line);
        engine.send("isready");
        let lines = engine.until("readyok");
        assert!(lines[0].starts_with("info string") && lines[0].contains(said), "{line}: {lines:?}");
    }
    engine.send("go depth 1");
    let best = Engine::best_move(&engine.until("bestmove"));
    assert!(Game::new("chess", None).unwrap().legal_moves().contains(&best));
}

#[test]
fn multipv_reports_the_best_lines_with_different_first_moves() {
    let mut engine = Engine::start();
    engine.send("setoption name MultiPV value 3");
    engine.send("position startpos");
    engine.send("go depth 3");
    let lines = engine.until("bestmove");
    let firsts: Vec<&str> = (1..=3)
        .map(|k| {
            let line = lines
                .iter()
                .rev()
                .find(|l| l.starts_with("info depth 3 ") && l.contains(&format!(" multipv {k} ")))
                .unwrap_or_else(|| panic!("no depth-3 line {k}: {lines:?}"));
            line.split(" pv ").nth(1).unwrap().split(' ').next().unwrap()
        })
        .collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{firsts:?}");
    assert_eq!(Engine::best_move(&lines), firsts[0]);
}

#[test]
fn on_a_clock_it_answers_within_its_share_of_the_time() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    let sent = Instant::now();
    // 1 s left: a thirtieth of it (less the overhead) plus most of the increment.
    engine.send("go wtime 100000 btime 1000 winc 0 binc 10");
    Engine::best_move(&engine.until("bestmove"));
    assert!(sent.elapsed() < Duration::from_millis(500), "{:?}", sent.elapsed());
}

#[test]
fn a_finished_game_answers_bestmove_0000_with_the_reason() {
    let mut engine = Engine::start();
    engine.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    engine.send("go depth 3");
    let lines = engine.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove 0000");
    assert!(lines.iter().any(|l| l.starts_with("info string the game is over (0-1 checkmate)")), "{lines:?}");
}

#[test]
fn fairy_stockfish_castles_are_read_as_castles() {
    let mut engine = Engine::start();
    engine.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1");
    engine.send("go depth 1");
    let best = Engine::best_move(&engine.until("bestmove"));
    let game = game_after("chess", Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), &["e1g1"]);
    assert!(game.legal_moves().contains(&best), "{best}");
}

#[test]
fn searchmoves_limits_the_answer_to_the_moves_named() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go depth 3 searchmoves a2a3 h2h3");
    let best = Engine::best_move(&engine.until("bestmove"));
    assert!(best == "a2a3" || best == "h2h3", "{best}");
}

#[test]
fn skill_level_1_plays_as_the_first_level_one_ply_deep() {
    let mut engine = Engine::start();
    engine.send("setoption name Skill Level value 1");
    engine.send("position startpos");
    engine.send("go depth 6");
    let lines = engine.until("bestmove");
    let depths: Vec<&str> = lines.iter().filter_map(|l| l.strip_prefix("info depth ")?.split(' ').next()).collect();
    assert!(!depths.is_empty() && depths.iter().all(|&d| d == "1"), "{lines:?}");
}

#[test]
fn hash_size_and_new_games_keep_the_engine_answering_legal_moves() {
    let mut engine = Engine::start();
    let mut game = Game::new("shogi", None).unwrap();
    engine.send("setoption name UCI_Variant value shogi");
    engine.send("setoption name Hash value 1");
    // A game played on by its own answers, one table kept from move to move.
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..6 {
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("go nodes 3000");
        let best = Engine::best_move(&engine.until("bestmove"));
        game.play(&best).unwrap_or_else(|e| panic!("{best} after {moves:?}: {e}"));
        moves.push(best);
    }
    engine.send("ucinewgame");
    engine.send("setoption name Clear Hash");
    engine.send("position startpos");
    engine.send("go depth 2");
    let best = Engine::best_move(&engine.until("bestmove"));
    assert!(Game::new("shogi", None).unwrap().legal_moves().contains(&best));
}
