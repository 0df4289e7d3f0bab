//! The `zilo` command line: perft, moves, play and bench (forms in DESIGN.md).
//! Bad input exits with status 2 and one line on stderr, nothing on stdout.

use std::process::ExitCode;
use std::time::Instant;

use zilo::fen;
use zilo::game::{Game, GameError, MAX_PERFT_DEPTH};
use zilo::notation::move_text;
use zilo::perft::{divide, perft};
use zilo::players::{play_match_reporting, Level, MatchOptions, PlayerSpec};
use zilo::search::{default_clock, Hooks, Limits, SearchResult, Searcher};
use zilo::variant::Variant;

const USAGE: &str = "usage: zilo perft <variant> <depth> [--fen \"<FEN>\"] [--divide] | zilo moves <variant> [--fen \"<FEN>\"] | zilo play <variant> [--fen \"<FEN>\"] <move>... | zilo batch <variant> | zilo bench | zilo bestmove <variant> [--fen \"<FEN>\"] [--depth N] [--time-ms T] [--nodes N] [--level 1..5] | zilo match <variant> [--games N] [--a SPEC] [--b SPEC] [--seed S] [--threads T] [--max-plies N] [--verbose] (SPEC: level:1..5, depth:N, nodes:N, random, greedy)";

/// Options common to the commands: the variant, an optional `--fen`, the rest in order.
struct Args {
    variant: String,
    fen: Option<String>,
    divide: bool,
    rest: Vec<String>,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut it = args.iter();
    let variant = it.next().ok_or_else(|| format!("missing variant; {USAGE}"))?.clone();
    let mut parsed = Args { variant, fen: None, divide: false, rest: Vec::new() };
    while let Some(a) = it.next() {
        match a.as_str() {
            "--fen" => parsed.fen = Some(it.next().ok_or("--fen needs a position string")?.clone()),
            "--divide" => parsed.divide = true,
            s if s.starts_with("--") => return Err(format!("unknown option '{s}'")),
            _ => parsed.rest.push(a.clone()),
        }
    }
    Ok(parsed)
}

fn game_for(args: &Args) -> Result<Game, String> {
    Game::from_text(&args.variant, args.fen.as_deref()).map_err(|e| e.to_string())
}

fn cmd_perft(args: &Args) -> Result<(), String> {
    let [depth] = args.rest.as_slice() else { return Err(format!("perft takes one depth; {USAGE}")) };
    let depth: u32 = depth.parse().map_err(|_| format!("depth '{depth}' is not a whole number"))?;
    if depth > MAX_PERFT_DEPTH {
        return Err(format!("perft depth {depth} is too deep (at most {MAX_PERFT_DEPTH})"));
    }
    let game = game_for(args)?;
    let pos = game.position();
    let total = if args.divide {
        let mut lines: Vec<(String, u64)> =
            divide(pos, depth).into_iter().map(|(m, n)| (game.move_text(m), n)).collect();
        lines.sort();
        for (m, n) in &lines {
            println!("{m} {n}");
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        perft(pos, depth)
    };
    println!("nodes {total}");
    Ok(())
}

fn cmd_moves(args: &Args) -> Result<(), String> {
    if let Some(extra) = args.rest.first() {
        return Err(format!("unexpected argument '{extra}'; {USAGE}"));
    }
    let game = game_for(args)?;
    let mut moves: Vec<String> = game.position().legal_moves().iter().map(|&m| game.move_text(m)).collect();
    moves.sort();
    for m in moves {
        println!("{m}");
    }
    Ok(())
}

fn cmd_play(args: &Args) -> Result<(), String> {
    let mut game = game_for(args)?;
    for text in &args.rest {
        game.play_text(text).map_err(|e: GameError| e.to_string())?;
    }
    let outcome = game.outcome();
    println!("{}", fen::write_position(game.position()));
    println!("result {} {}", outcome.result(), outcome.reason());
    Ok(())
}

/// `zilo batch <variant>`: a line protocol for differential tests, one
/// process for many positions. Each input line is `<FEN>` or `<FEN>;<move>`;
/// each output line is `<legal moves of FEN, sorted, space-separated>;<FEN
/// after the move, or empty>;<result> <reason>` (of the last position), or
/// `error <message>` for a line that could not be read.
fn cmd_batch(args: &Args) -> Result<(), String> {
    use std::io::{BufRead, Write};
    if let Some(extra) = args.rest.first() {
        return Err(format!("unexpected argument '{extra}'; {USAGE}"));
    }
    game_for(args)?;
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let (fen_text, move_text) = match line.split_once(';') {
            Some((f, m)) => (f, Some(m.trim())),
            None => (line.as_str(), None),
        };
        let reply = (|| -> Result<String, GameError> {
            let mut game = Game::from_text(&args.variant, Some(fen_text))?;
            let mut moves: Vec<String> = game.position().legal_moves().iter().map(|&m| game.move_text(m)).collect();
            moves.sort();
            let after = match move_text {
                Some(m) => {
                    game.play_text(m)?;
                    fen::write_position(game.position())
                }
                None => String::new(),
            };
            let outcome = game.outcome();
            Ok(format!("{};{};{} {}", moves.join(" "), after, outcome.result(), outcome.reason()))
        })();
        match reply {
            Ok(text) => writeln!(out, "{text}"),
            Err(e) => writeln!(out, "error {e}"),
        }
        .and_then(|_| out.flush())
        .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The benchmark positions: a perft depth and a search depth for each, both
/// taking a fraction of a second to about a second natively.
const BENCH: &[(&str, &str, &str, u32, u32)] = &[
    ("zilo", "start", zilo::variants::zilo::START_FEN, 5, 10),
    ("chess", "start", zilo::variants::chess::START_FEN, 5, 10),
    ("chess", "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 9),
    ("shogi", "start", zilo::variants::shogi::START_FEN, 4, 9),
    (
        "pillage",
        "start",
        "crnbqkbnrc/2v1uu1v2/pppppppppp/10/10/10/10/PPPPPPPPPP/2V1UU1V2/CRNBQKBNRC w KQkq - 0 1",
        4,
        7,
    ),
    (
        "pillage-snipers",
        "start",
        "srnbqkbnrs/2v1uu1v2/pppppppppp/10/10/10/10/PPPPPPPPPP/2V1UU1V2/SRNBQKBNRS w KQkq - 0 1",
        4,
        7,
    ),
];

fn cmd_bench(rest: &[String]) -> Result<(), String> {
    if let Some(extra) = rest.first() {
        return Err(format!("unexpected argument '{extra}'; {USAGE}"));
    }
    let positions = BENCH.iter().map(|&(variant, name, fen_text, perft_depth, search_depth)| {
        let v = Variant::by_id(variant).expect("bench variants exist");
        (variant, name, fen::parse_position(v, fen_text).expect("bench positions are valid"), perft_depth, search_depth)
    });
    let positions: Vec<_> = positions.collect();
    for (variant, name, pos, depth, _) in &positions {
        // Repeat short runs for at least a second so the figure is stable.
        let started = Instant::now();
        let (mut runs, mut nodes) = (0u64, 0u64);
        while runs == 0 || started.elapsed().as_secs_f64() < 1.0 {
            nodes = perft(pos, *depth);
            runs += 1;
        }
        let secs = started.elapsed().as_secs_f64() / runs as f64;
        println!(
            "{variant} {name} perft {depth}: nodes {nodes} time {secs:.3} s nps {:.0}",
            nodes as f64 / secs.max(1e-9)
        );
    }
    // The search at a fixed depth from an empty table: its node count is a
    // signature of the search (it changes only when the search does), its
    // speed is what the computer player gets.
    let clock = default_clock();
    for (variant, name, pos, _, depth) in &positions {
        let limits = Limits { depth: Some(*depth), ..Limits::default() };
        let mut hooks = Hooks { now_ms: Some(&clock), should_stop: None, on_iteration: None };
        let started = Instant::now();
        let r = Searcher::new().search(pos, &[], limits, &mut hooks);
        let secs = started.elapsed().as_secs_f64();
        println!(
            "{variant} {name} search depth {depth}: nodes {} time {secs:.3} s nps {:.0}",
            r.nodes,
            r.nodes as f64 / secs.max(1e-9)
        );
    }
    Ok(())
}

/// The value after an option, parsed as a whole number.
fn number<T: std::str::FromStr>(it: &mut std::slice::Iter<'_, String>, option: &str) -> Result<T, String> {
    let text = it.next().ok_or_else(|| format!("{option} needs a number"))?;
    text.parse().map_err(|_| format!("{option} '{text}' is not a whole number"))
}

fn cmd_bestmove(argv: &[String]) -> Result<(), String> {
    let mut it = argv.iter();
    let variant = it.next().ok_or_else(|| format!("missing variant; {USAGE}"))?.clone();
    let mut fen = None;
    let mut limits = Limits::default();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--fen" => fen = Some(it.next().ok_or("--fen needs a position string")?.clone()),
            "--depth" => {
                let depth: u32 = number(&mut it, "--depth")?;
                if depth > zilo::search::MAX_DEPTH {
                    return Err(format!(
                        "--depth {depth} is deeper than the search goes (at most {})",
                        zilo::search::MAX_DEPTH
                    ));
                }
                limits.depth = Some(depth.max(1));
            }
            "--time-ms" => limits.time_ms = Some(number(&mut it, "--time-ms")?),
            "--nodes" => limits.nodes = Some(number(&mut it, "--nodes")?),
            "--level" => {
                let n: u8 = number(&mut it, "--level")?;
                let level = Level::new(n).ok_or_else(|| format!("--level {n} is not a level (1 to 5)"))?;
                limits = level.limits(0);
            }
            other => return Err(format!("unexpected argument '{other}'; {USAGE}")),
        }
    }
    let game = Game::from_text(&variant, fen.as_deref()).map_err(|e| e.to_string())?;
    let pos = game.position().clone();
    let v = pos.variant();
    let line = |r: &SearchResult| {
        let score = match r.mate_in() {
            Some(n) => format!("mate {n}"),
            None => format!("cp {}", r.score),
        };
        let pv: Vec<String> = r.pv.iter().map(|&m| move_text(v, m).to_string()).collect();
        let nps = r.nodes as f64 * 1000.0 / (r.time_ms.max(1)) as f64;
        println!(
            "info depth {} seldepth {} score {score} nodes {} nps {:.0} time {} pv {}",
            r.depth,
            r.seldepth,
            r.nodes,
            nps,
            r.time_ms,
            pv.join(" ")
        );
    };
    let clock = default_clock();
    let mut on_iteration = |r: &SearchResult| line(r);
    let mut hooks = Hooks { now_ms: Some(&clock), should_stop: None, on_iteration: Some(&mut on_iteration) };
    let result = Searcher::new().search(&pos, &[], limits, &mut hooks);
    if result.stopped {
        line(&result);
    }
    match result.best {
        Some(m) => println!("bestmove {}", move_text(v, m)),
        None => println!("bestmove (none)"),
    }
    Ok(())
}

fn cmd_match(argv: &[String]) -> Result<(), String> {
    let mut it = argv.iter();
    let variant = it.next().ok_or_else(|| format!("missing variant; {USAGE}"))?.clone();
    let v = Variant::by_id(&variant).ok_or_else(|| GameError::UnknownVariant(variant.clone()).to_string())?;
    let mut a = PlayerSpec::Level(Level::DEFAULT);
    let mut b = PlayerSpec::Random;
    let mut options = MatchOptions::new(100, 1);
    options.threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut verbose = false;
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--games" => options.games = number(&mut it, "--games")?,
            "--seed" => options.seed = number(&mut it, "--seed")?,
            "--threads" => options.threads = number(&mut it, "--threads")?,
            "--max-plies" => options.max_plies = number(&mut it, "--max-plies")?,
            "--verbose" => verbose = true,
            "--a" => a = it.next().ok_or("--a needs a player")?.parse()?,
            "--b" => b = it.next().ok_or("--b needs a player")?.parse()?,
            other => return Err(format!("unexpected argument '{other}'; {USAGE}")),
        }
    }
    if options.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    if options.threads == 0 {
        return Err("--threads must be at least 1".to_string());
    }
    let started = Instant::now();
    // A long match shows its progress on stderr, one line a game, so that
    // stdout stays the summary that scripts read.
    let games = options.games;
    let r = play_match_reporting(v, a, b, options, |g, total| {
        let white = if g.a_white { "a" } else { "b" };
        eprintln!(
            "game {} ({white} white) {} {}; after {}/{games}: a +{} ={} -{}",
            g.index,
            g.result,
            g.reason,
            total.games(),
            total.wins,
            total.draws,
            total.losses
        );
    });
    let (elo, margin) = r.elo();
    if verbose {
        for g in &r.records {
            let (white, black) = if g.a_white { ("a", "b") } else { ("b", "a") };
            println!(
                "game {} white {white} black {black} result {} {} moves {}",
                g.index,
                g.result,
                g.reason,
                g.moves.join(" ")
            );
        }
    }
    println!("match {variant} a {a} b {b} games {} seed {}", r.games(), options.seed);
    let reasons: Vec<String> = r.reasons.iter().map(|(k, n)| format!("{k} {n}")).collect();
    println!("endings {}", reasons.join(" "));
    println!("plies {} time {:.1} s", r.plies, started.elapsed().as_secs_f64());
    println!("score {:.3} decisive {:.3}", r.score(), r.decisive_share());
    println!("wins {} draws {} losses {}", r.wins, r.draws, r.losses);
    println!("elo {elo:.0} +/- {margin:.0}");
    Ok(())
}

fn run(argv: &[String]) -> Result<(), String> {
    let Some(command) = argv.first() else { return Err(USAGE.to_string()) };
    match command.as_str() {
        "perft" => cmd_perft(&parse_args(&argv[1..])?),
        "moves" => cmd_moves(&parse_args(&argv[1..])?),
        "play" => cmd_play(&parse_args(&argv[1..])?),
        "batch" => cmd_batch(&parse_args(&argv[1..])?),
        "bench" => cmd_bench(&argv[1..]),
        "bestmove" => cmd_bestmove(&argv[1..]),
        "match" => cmd_match(&argv[1..]),
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command '{other}'; {USAGE}")),
    }
}

fn main() -> ExitCode {
    // `std::env::args` would panic on an argument that is not UTF-8.
    let argv: Result<Vec<String>, String> = std::env::args_os()
        .skip(1)
        .map(|a| a.into_string().map_err(|bad| format!("argument {} is not valid UTF-8 text", bad.to_string_lossy())))
        .collect();
    match argv.and_then(|argv| run(&argv)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // One line, whatever the arguments echoed in it hold.
            let line: String = message
                .chars()
                .map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() })
                .collect();
            eprintln!("zilo: {line}");
            ExitCode::from(2)
        }
    }
}
