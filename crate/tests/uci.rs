//! `zilo uci` driven through pipes as a GUI drives it, in every game; `zilo
//! usi` in shogi (`usi_*`) and `zilo xboard` (`xboard_*`) the same way.

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
        let mut e = Engine::spawn("uci");
        e.send("uci");
        e.until("uciok");
        e
    }

    /// `zilo <protocol>`, nothing sent yet.
    fn spawn(protocol: &str) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_zilo"))
            .arg(protocol)
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
        Engine { child, stdin, lines }
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
        if !std::thread::panicking() {
            panic!("the engine did not end on quit");
        }
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

// --- USI ------------------------------------------------------------------------------------

fn usi_engine() -> Engine {
    let mut e = Engine::spawn("usi");
    e.send("usi");
    let lines = e.until("usiok");
    assert!(lines.iter().any(|l| l.starts_with("id name ZiloAlvZa")), "{lines:?}");
    // Shogi only: no variant to choose.
    assert!(!lines.iter().any(|l| l.contains("UCI_Variant")), "{lines:?}");
    e.send("isready");
    e.until("readyok");
    e
}

/// The engine's text of a USI move, checked by hand for the squares used here.
fn from_usi(m: &str) -> String {
    zilo::uci::usi::move_from_usi(m).unwrap_or_else(|e| panic!("{m}: {e}"))
}

#[test]
fn usi_answers_usi_moves_with_a_legal_move_in_usi_notation() {
    let mut engine = usi_engine();
    engine.send("usinewgame");
    // 7g7f 3c3d are c3c4 g7g6 in the engine's own texts.
    assert_eq!((from_usi("7g7f"), from_usi("3c3d")), ("c3c4".to_string(), "g7g6".to_string()));
    engine.send("position startpos moves 7g7f 3c3d");
    engine.send("go nodes 3000");
    let lines = engine.until("bestmove");
    let best = Engine::best_move(&lines);
    assert!(best.as_bytes()[0].is_ascii_digit() || best.contains('*'), "not USI: {best}");
    let game = game_after("shogi", None, &["c3c4", "g7g6"]);
    assert!(game.legal_moves().contains(&from_usi(&best)), "{best} in {lines:?}");
    // The principal variation is in USI notation too.
    let pv = lines.iter().rev().find(|l| l.contains(" pv ")).expect("a pv");
    assert!(pv.split(" pv ").nth(1).unwrap().split(' ').all(|m| zilo::uci::usi::move_from_usi(m).is_ok()), "{pv}");
}

#[test]
fn usi_reads_an_sfen_with_hands_and_plays_drops() {
    let mut engine = usi_engine();
    // Both sides hold a bishop after 7g7f 3c3d 8h2b+ 3a2b; Sente drops one on 5e.
    let sfen = "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5";
    engine.send(&format!("position sfen {sfen} moves B*5e"));
    engine.send("go nodes 3000");
    let best = Engine::best_move(&engine.until("bestmove"));
    let game =
        game_after("shogi", Some("lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Bb] w 0 3"), &["B@e5"]);
    assert!(game.legal_moves().contains(&from_usi(&best)), "{best}");
}

#[test]
fn usi_byoyomi_answers_within_the_byoyomi() {
    let mut engine = usi_engine();
    engine.send("position startpos");
    let sent = Instant::now();
    engine.send("go btime 0 wtime 0 byoyomi 300");
    let best = Engine::best_move(&engine.until("bestmove"));
    let took = sent.elapsed();
    assert!(took < Duration::from_millis(300 + 200), "{took:?}");
    assert!(Game::new("shogi", None).unwrap().legal_moves().contains(&from_usi(&best)));
}

#[test]
fn usi_a_lost_game_answers_resign() {
    let mut engine = usi_engine();
    // Gote's king on 5a, a Sente gold on 5b backed by a silver on 5c: mate, Gote to move.
    engine.send("position sfen 4k4/4G4/4S4/9/9/9/9/9/4K4 w - 1");
    engine.send("go nodes 1000");
    let lines = engine.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove resign", "{lines:?}");
}

#[test]
fn usi_bad_moves_and_positions_are_named_and_the_previous_position_stays() {
    let mut engine = usi_engine();
    engine.send("position startpos moves 7g7f");
    for (line, said) in [
        ("position startpos moves c3c4", "'c3c4' is not a USI move"),
        ("position startpos moves 7g7e", "move 1 '7g7e'"),
        ("position sfen 9/9 x - 1", "the side to move in an SFEN is b or w"),
        ("position fen 9/9/9/9/9/9/9/9/9 b - 1", "position needs startpos or sfen"),
        ("setoption name UCI_Variant value chess", "unknown option 'UCI_Variant'"),
        ("go wtime 10 byoyomi x", "go byoyomi needs a whole number"),
    ] {
        engine.send(line);
        engine.send("isready");
        let lines = engine.until("readyok");
        assert!(lines[0].starts_with("info string") && lines[0].contains(said), "{line}: {lines:?}");
    }
    engine.send("go nodes 1000");
    let best = Engine::best_move(&engine.until("bestmove"));
    // Gote to move, as after 7g7f.
    assert!(game_after("shogi", None, &["c3c4"]).legal_moves().contains(&from_usi(&best)), "{best}");
}

// --- XBoard ---------------------------------------------------------------------------------

fn xboard_engine() -> Engine {
    let mut e = Engine::spawn("xboard");
    e.send("xboard");
    e.send("protover 2");
    let features = e.until("feature done=1");
    let all = features.join(" ");
    assert!(all.contains("ping=1") && all.contains("setboard=1") && all.contains("usermove=1"), "{all}");
    e
}

/// The move of a `move <m>` line that ends `lines`.
fn xboard_move(lines: &[String]) -> String {
    lines.last().unwrap().strip_prefix("move ").expect("a move line").to_string()
}

#[test]
fn xboard_features_name_every_game_with_normal_for_chess() {
    let mut engine = Engine::spawn("xboard");
    engine.send("xboard");
    engine.send("protover 2");
    let all = engine.until("feature done=1").join(" ");
    let variants = all.split("variants=\"").nth(1).unwrap().split('"').next().unwrap();
    let names: Vec<&str> = variants.split(',').collect();
    assert_eq!(names.len(), door::ids().len(), "{variants}");
    assert!(names.contains(&"normal") && names.contains(&"shogi") && names.contains(&"cyvasse"), "{variants}");
    assert!(!names.contains(&"chess"), "{variants}");
}

#[test]
fn xboard_answers_each_usermove_and_keeps_the_game() {
    let mut engine = xboard_engine();
    engine.send("new");
    engine.send("sd 2");
    let mut game = Game::new("chess", None).unwrap();
    // The engine plays Black after `new`: each White move gets an answer, played on its own game.
    for white in ["e2e4", "g1f3", "f1c4"] {
        if !game.legal_moves().contains(&white.to_string()) {
            break;
        }
        engine.send(&format!("usermove {white}"));
        game.play(white).unwrap();
        let answer = xboard_move(&engine.until("move "));
        game.play(&answer).unwrap_or_else(|e| panic!("{answer}: {e}"));
    }
    engine.send("ping 5");
    assert_eq!(engine.until("pong").last().unwrap(), "pong 5");
}

#[test]
fn xboard_force_setboard_and_go_play_the_side_to_move() {
    let mut engine = xboard_engine();
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    engine.send("new");
    engine.send("force");
    engine.send(&format!("setboard {fen}"));
    engine.send("usermove e8g8");
    engine.send("st 0.2");
    engine.send("go");
    let answer = xboard_move(&engine.until("move "));
    assert!(game_after("chess", Some(fen), &["e8g8"]).legal_moves().contains(&answer), "{answer}");
}

#[test]
fn xboard_variant_shogi_plays_drops_and_undo_takes_moves_back() {
    let mut engine = xboard_engine();
    engine.send("new");
    engine.send("variant shogi");
    engine.send("force");
    for m in ["c3c4", "g7g6", "b2h8+", "g9h8"] {
        engine.send(&format!("usermove {m}"));
    }
    engine.send("usermove B@e5");
    engine.send("undo");
    engine.send("remove");
    // Five plies, less one, less two: back to after c3c4 g7g6, Sente to move.
    engine.send("sd 2");
    engine.send("go");
    let answer = xboard_move(&engine.until("move "));
    assert!(game_after("shogi", None, &["c3c4", "g7g6"]).legal_moves().contains(&answer), "{answer}");
    // The engine played its move into its game: a reply to it, then `go`, is answered there.
    let mut game = game_after("shogi", None, &["c3c4", "g7g6", &answer]);
    let reply = game.legal_moves()[0].clone();
    game.play(&reply).unwrap();
    engine.send("force");
    engine.send(&format!("usermove {reply}"));
    engine.send("go");
    let second = xboard_move(&engine.until("move "));
    assert!(game.legal_moves().contains(&second), "{answer} {reply} {second}");
}

#[test]
fn xboard_illegal_moves_and_unknown_commands_are_named_and_reading_goes_on() {
    let mut engine = xboard_engine();
    engine.send("new");
    engine.send("force");
    for (line, said) in [
        ("usermove e2e5", "Illegal move ("),
        ("frobnicate", "Error (unknown command): frobnicate"),
        ("variant xiangqi", "Error (unsupported variant 'xiangqi'): variant xiangqi"),
        ("level 40 x 0", "Error (level needs seconds, not 'x'): level 40 x 0"),
        ("setboard 8/8 w - - 0 1", "Error (position refused, the previous one stays:"),
        ("analyze", "Error (analyze is not supported): analyze"),
    ] {
        engine.send(line);
        engine.send("ping 1");
        let lines = engine.until("pong");
        assert!(lines[0].starts_with(said), "{line}: {lines:?}");
    }
    engine.send("usermove e2e4");
    engine.send("sd 1");
    engine.send("go");
    let answer = xboard_move(&engine.until("move "));
    assert!(game_after("chess", None, &["e2e4"]).legal_moves().contains(&answer), "{answer}");
}

#[test]
fn xboard_time_and_level_bound_the_answer_and_question_mark_moves_now() {
    let mut engine = xboard_engine();
    engine.send("new");
    engine.send("level 0 0:02 0");
    engine.send("time 200");
    engine.send("otim 200");
    let sent = Instant::now();
    engine.send("usermove e2e4");
    xboard_move(&engine.until("move "));
    // 2 s on the clock: a thirtieth of it, well inside half a second.
    assert!(sent.elapsed() < Duration::from_millis(500), "{:?}", sent.elapsed());
    // A long fixed time per move, cut short by `?`.
    engine.send("st 60");
    engine.send("usermove d2d4");
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    engine.send("?");
    xboard_move(&engine.until("move "));
    assert!(asked.elapsed() < Duration::from_millis(500), "{:?}", asked.elapsed());
}

#[test]
fn xboard_post_shows_thinking_and_a_lost_game_claims_the_result() {
    let mut engine = xboard_engine();
    engine.send("new");
    engine.send("post");
    engine.send("sd 3");
    engine.send("usermove e2e4");
    let lines = engine.until("move ");
    // ply score time nodes pv
    let thinking: Vec<&String> = lines.iter().filter(|l| l.starts_with(|c: char| c.is_ascii_digit())).collect();
    assert!(!thinking.is_empty(), "{lines:?}");
    assert!(thinking.iter().all(|l| l.split(' ').take(4).all(|w| w.parse::<i64>().is_ok())), "{thinking:?}");
    // Fool's mate: Black has mated, the engine (White) has no move.
    engine.send("force");
    engine.send("setboard rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    engine.send("go");
    assert_eq!(engine.until("0-1").last().unwrap(), "0-1 {checkmate}");
}

// --- every protocol ---------------------------------------------------------------------------

#[test]
fn every_protocol_survives_random_lines_and_keeps_answering() {
    let args = [
        "startpos",
        "fen",
        "sfen",
        "moves",
        "depth",
        "nodes",
        "movetime",
        "wtime",
        "btime",
        "byoyomi",
        "infinite",
        "name",
        "value",
        "MultiPV",
        "UCI_Variant",
        "Skill",
        "Level",
        "shogi",
        "normal",
        "chess",
        "e2e4",
        "c3c4",
        "7g7f",
        "P*5e",
        "P@e5",
        "b",
        "w",
        "-",
        "1",
        "3",
        "0",
        "-7",
        "0.01",
        "2:30",
        "99999999999999999999",
        "x",
        "rnbqkbnr/8",
        "4k4/9/9/9/9/9/9/9/4K4",
        "é",
        "(",
        ")",
    ];
    let commands: [(&str, &[&str]); 3] = [
        // No `isready` (nor `ping`): the one after the random lines must be the only one answered.
        ("uci", &["uci", "ucinewgame", "position", "go", "stop", "setoption", "ponderhit", "debug", "bogus"]),
        ("usi", &["usi", "usinewgame", "position", "go", "stop", "setoption", "gameover", "bogus"]),
        (
            "xboard",
            &[
                "protover",
                "new",
                "variant",
                "force",
                "go",
                "usermove",
                "setboard",
                "level",
                "st",
                "sd",
                "time",
                "otim",
                "?",
                "undo",
                "remove",
                "post",
                "nopost",
                "memory",
                "option",
                "playother",
                "result",
                "nps",
                "bogus",
                "e2e4",
            ],
        ),
    ];
    let mut rng = Rng::new(29);
    for (protocol, words) in commands {
        let mut engine = Engine::spawn(protocol);
        // Short searches whatever the lines ask, unless they ask otherwise.
        if protocol == "xboard" {
            engine.send("st 0.02");
        }
        let started = Instant::now();
        for _ in 0..150 {
            let mut line = words[rng.below(words.len())].to_string();
            for _ in 0..rng.below(4) {
                line.push(' ');
                line.push_str(args[rng.below(args.len())]);
            }
            // No unbounded searches: every `go` gets a small limit after its own words.
            if line.starts_with("go") && protocol != "xboard" {
                line = line.replace("infinite", "nodes 500").replace("depth", "nodes 500 depth") + " nodes 500";
            }
            engine.send(&line);
        }
        // Still reading, still answering (a search running is stopped first).
        let (stop, ask, answer) = match protocol {
            "xboard" => ("?", "ping 9", "pong 9"),
            _ => ("stop", "isready", "readyok"),
        };
        engine.send(stop);
        engine.send(ask);
        let lines = engine.until(answer);
        assert!(!lines.iter().any(|l| l.contains("panicked")), "{protocol}: {lines:?}");
        assert!(started.elapsed() < ANSWER_WITHIN, "{protocol}");
        // And a last, sane question gets a legal answer.
        let (setup, go, answer) = match protocol {
            "uci" => ("position startpos moves e2e4", "go nodes 500", "bestmove"),
            "usi" => ("position startpos moves 7g7f", "go nodes 500", "bestmove"),
            _ => ("new", "usermove e2e4", "move "),
        };
        match protocol {
            "uci" => engine.send("setoption name UCI_Variant value chess"),
            "xboard" => engine.send("sd 1"),
            _ => {}
        }
        engine.send(setup);
        engine.send(go);
        let reply = engine.until(answer);
        let last = reply.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
        let (game, best) = match protocol {
            "usi" => (game_after("shogi", None, &["c3c4"]), from_usi(&last)),
            _ => (game_after("chess", None, &["e2e4"]), last),
        };
        assert!(game.legal_moves().contains(&best), "{protocol}: {best} in {reply:?}");
    }
}
