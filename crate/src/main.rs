//! The `zilo` command line: perft, moves, play and bench (forms in docs/formats.md).
//! Bad input exits with status 2 and one line on stderr, nothing on stdout.

use std::process::ExitCode;
use std::time::Instant;

use zilo::catalog::{self, Family, Start, StartError};
use zilo::game::MAX_PERFT_DEPTH;
use zilo::game_position::{GameOutcome, GamePosition};
use zilo::players::{play_match_from, play_match_reporting, Level, MatchOptions, MatchResult, PlayerSpec};
use zilo::record::Record;
use zilo::rng::Rng;
use zilo::search::{default_clock, Hooks, Limits, SearchResult, Searcher};
use zilo::{cyvasse, with_start};

const USAGE: &str = "usage: zilo perft <variant> <depth> [--fen \"<FEN>\"] [--divide] | zilo moves <variant> [--fen \"<FEN>\"] | zilo play <variant> [--fen \"<FEN>\"] <move>... | zilo batch <variant> | zilo bench | zilo bestmove <variant> [--fen \"<FEN>\"] [--depth N] [--time-ms T] [--nodes N] [--level 1..5] | zilo match <variant> [--games N] [--a SPEC] [--b SPEC] [--seed S] [--threads T] [--max-plies N] [--verbose] (SPEC: level:1..5, depth:N, nodes:N, random, greedy) | zilo serve [--listen ADDR] [--db URL] [--www DIR]";

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

/// The start position the arguments name: the variant's start, or `--fen`.
fn start_for(args: &Args) -> Result<Start, String> {
    catalog::start_position(&args.variant, args.fen.as_deref()).map_err(|e: StartError| e.to_string())
}

fn cmd_perft(args: &Args) -> Result<(), String> {
    let [depth] = args.rest.as_slice() else { return Err(format!("perft takes one depth; {USAGE}")) };
    let depth: u32 = depth.parse().map_err(|_| format!("depth '{depth}' is not a whole number"))?;
    if depth > MAX_PERFT_DEPTH {
        return Err(format!("perft depth {depth} is too deep (at most {MAX_PERFT_DEPTH})"));
    }
    with_start!(start_for(args)?, pos => print_perft(&pos, depth, args.divide));
    Ok(())
}

fn print_perft<P: GamePosition>(pos: &P, depth: u32, divide: bool) {
    let total = if divide {
        let mut lines: Vec<(String, u64)> = if depth == 0 {
            Vec::new()
        } else {
            pos.legal_moves().iter().map(|&m| (pos.move_text(m), pos.play(m).perft(depth - 1))).collect()
        };
        lines.sort();
        for (m, n) in &lines {
            println!("{m} {n}");
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft(depth)
    };
    println!("nodes {total}");
}

/// The legal moves' texts, sorted.
fn sorted_moves<P: GamePosition>(pos: &P) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_text(m)).collect();
    moves.sort();
    moves
}

fn cmd_moves(args: &Args) -> Result<(), String> {
    if let Some(extra) = args.rest.first() {
        return Err(format!("unexpected argument '{extra}'; {USAGE}"));
    }
    for m in with_start!(start_for(args)?, pos => sorted_moves(&pos)) {
        println!("{m}");
    }
    Ok(())
}

/// Plays `moves` (texts) from `start`; the game's record.
fn played<P: GamePosition>(start: P, moves: &[String]) -> Result<Record<P>, String> {
    let mut game = Record::new(start);
    for text in moves {
        game.play_text(text).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

fn cmd_play(args: &Args) -> Result<(), String> {
    let (position, outcome) = with_start!(start_for(args)?, pos => {
        let game = played(pos, &args.rest)?;
        let outcome = game.outcome();
        (game.position().position_text(), format!("{} {}", outcome.result(), outcome.reason()))
    });
    println!("{position}");
    println!("result {outcome}");
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
    start_for(args)?;
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let (fen_text, move_text) = match line.split_once(';') {
            Some((f, m)) => (f, Some(m.trim())),
            None => (line.as_str(), None),
        };
        let reply = (|| -> Result<String, String> {
            let start = catalog::start_position(&args.variant, Some(fen_text)).map_err(|e| e.to_string())?;
            with_start!(start, pos => batch_line(pos, move_text))
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

fn batch_line<P: GamePosition>(pos: P, move_text: Option<&str>) -> Result<String, String> {
    let moves = sorted_moves(&pos);
    let mut game = Record::new(pos);
    let after = match move_text {
        Some(m) => {
            game.play_text(m).map_err(|e| e.to_string())?;
            game.position().position_text()
        }
        None => String::new(),
    };
    let outcome = game.outcome();
    Ok(format!("{};{};{} {}", moves.join(" "), after, outcome.result(), outcome.reason()))
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
    // The default start: Fortress against Fortress, `w` to move.
    ("cyvasse", "start", "3t4/1l^wkw~d1/lhe^cc^ehl/rsr~rsr~rsr/12/RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4 w 0 1", 3, 5),
];

fn cmd_bench(rest: &[String]) -> Result<(), String> {
    if let Some(extra) = rest.first() {
        return Err(format!("unexpected argument '{extra}'; {USAGE}"));
    }
    let positions: Vec<_> = BENCH
        .iter()
        .map(|&(variant, name, text, perft_depth, search_depth)| {
            let start = catalog::start_position(variant, Some(text)).expect("bench positions are valid");
            (variant, name, start, perft_depth, search_depth)
        })
        .collect();
    for (variant, name, start, depth, _) in &positions {
        with_start!(start, pos => bench_perft(variant, name, pos, *depth));
    }
    // The search at a fixed depth from an empty table: its node count is a
    // signature of the search (it changes only when the search does), its
    // speed is what the computer player gets.
    for (variant, name, start, _, depth) in &positions {
        with_start!(start, pos => bench_search(variant, name, pos, *depth));
    }
    Ok(())
}

fn bench_perft<P: GamePosition>(variant: &str, name: &str, pos: &P, depth: u32) {
    // Repeat short runs for at least a second so the figure is stable.
    let started = Instant::now();
    let (mut runs, mut nodes) = (0u64, 0u64);
    while runs == 0 || started.elapsed().as_secs_f64() < 1.0 {
        nodes = pos.perft(depth);
        runs += 1;
    }
    let secs = started.elapsed().as_secs_f64() / runs as f64;
    println!("{variant} {name} perft {depth}: nodes {nodes} time {secs:.3} s nps {:.0}", nodes as f64 / secs.max(1e-9));
}

fn bench_search<P: GamePosition>(variant: &str, name: &str, pos: &P, depth: u32) {
    let clock = default_clock();
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let mut hooks = Hooks { now_ms: Some(&clock), should_stop: None, on_iteration: None };
    let started = Instant::now();
    let r = Searcher::<P>::new().search(pos, &[], limits, &mut hooks);
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{variant} {name} search depth {depth}: nodes {} time {secs:.3} s nps {:.0}",
        r.nodes,
        r.nodes as f64 / secs.max(1e-9)
    );
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
    let start = catalog::start_position(&variant, fen.as_deref()).map_err(|e| e.to_string())?;
    with_start!(start, pos => print_best_move(&pos, limits));
    Ok(())
}

/// Searches `pos` within `limits`, printing an `info` line per iteration, then `bestmove`.
fn print_best_move<P: GamePosition>(pos: &P, limits: Limits) {
    let line = |r: &SearchResult<P::Move>| {
        let score = match r.mate_in() {
            Some(n) => format!("mate {n}"),
            None => format!("cp {}", r.score),
        };
        // The line's texts, each in the position it is played from.
        let mut at = pos.clone();
        let pv: Vec<String> =
            r.pv.iter()
                .map(|&m| {
                    let text = at.move_text(m);
                    at = at.play(m);
                    text
                })
                .collect();
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
    let mut on_iteration = |r: &SearchResult<P::Move>| line(r);
    let mut hooks = Hooks { now_ms: Some(&clock), should_stop: None, on_iteration: Some(&mut on_iteration) };
    let result = Searcher::<P>::new().search(pos, &[], limits, &mut hooks);
    if result.stopped {
        line(&result);
    }
    match result.best {
        Some(m) => println!("bestmove {}", pos.move_text(m)),
        None => println!("bestmove (none)"),
    }
}

fn cmd_match(argv: &[String]) -> Result<(), String> {
    let mut it = argv.iter();
    let variant = it.next().ok_or_else(|| format!("missing variant; {USAGE}"))?.clone();
    let family = Family::by_id(&variant).ok_or_else(|| StartError::UnknownVariant(variant.clone()).to_string())?;
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
    let on_game = |g: &zilo::players::GameRecord, total: &MatchResult| {
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
    };
    let r = match family {
        Family::ChessLike(v) => play_match_reporting(v, a, b, options, on_game),
        // Each pair of games starts from its own random setups, both halves
        // drawn independently (as the computer sets up without seeing the
        // person's half), then the pair's random opening turns.
        Family::Cyvasse => {
            let seed = options.seed;
            let start = |pair: u32| {
                cyvasse::random_start(&mut Rng::new(
                    seed ^ 0xc1fa_55e0 ^ (pair as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
                ))
            };
            play_match_from(start, a, b, options, on_game)
        }
    };
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
        "serve" => zilo::server::serve(zilo::server::Config::from_args(&argv[1..])?),
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
