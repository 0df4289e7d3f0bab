//! The `zilo` command line: perft, moves, play and bench (forms in DESIGN.md).
//! Bad input exits with status 2 and one line on stderr, nothing on stdout.

use std::process::ExitCode;
use std::time::Instant;

use zilo::fen;
use zilo::game::{Game, GameError};
use zilo::perft::{divide, perft};
use zilo::variant::Variant;

const USAGE: &str = "usage: zilo perft <variant> <depth> [--fen \"<FEN>\"] [--divide] | zilo moves <variant> [--fen \"<FEN>\"] | zilo play <variant> [--fen \"<FEN>\"] <move>... | zilo batch <variant> | zilo bench";

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
    let game = game_for(args)?;
    let pos = game.position();
    let total = if args.divide {
        let mut lines: Vec<(String, u64)> = divide(pos, depth).into_iter().map(|(m, n)| (game.move_text(m), n)).collect();
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

/// Fixed positions and depths, each run a fraction of a second to a few seconds.
const BENCH: &[(&str, &str, &str, u32)] = &[
    ("zilo", "start", zilo::variants::zilo::START_FEN, 5),
    ("chess", "start", zilo::variants::chess::START_FEN, 5),
    ("chess", "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
    ("shogi", "start", zilo::variants::shogi::START_FEN, 4),
];

fn cmd_bench(rest: &[String]) -> Result<(), String> {
    if let Some(extra) = rest.first() {
        return Err(format!("unexpected argument '{extra}'; {USAGE}"));
    }
    for &(variant, name, fen_text, depth) in BENCH {
        let v = Variant::by_id(variant).expect("bench variants exist");
        let pos = fen::parse_position(v, fen_text).expect("bench positions are valid");
        // Repeat short runs for at least a second so the figure is stable.
        let started = Instant::now();
        let (mut runs, mut nodes) = (0u64, 0u64);
        while runs == 0 || started.elapsed().as_secs_f64() < 1.0 {
            nodes = perft(&pos, depth);
            runs += 1;
        }
        let secs = started.elapsed().as_secs_f64() / runs as f64;
        println!(
            "{variant} {name} perft {depth}: nodes {nodes} time {secs:.3} s nps {:.0}",
            nodes as f64 / secs.max(1e-9)
        );
    }
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
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command '{other}'; {USAGE}")),
    }
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match run(&argv) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("zilo: {message}");
            ExitCode::from(2)
        }
    }
}
