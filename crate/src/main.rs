//! The `zilo` command line: perft, moves, play and bench (forms in docs/formats.md).
//! Bad input exits with status 2 and one line on stderr, nothing on stdout.

use std::ops::RangeInclusive;
use std::process::ExitCode;
use std::time::Instant;

use zilo::chesslike::variant::Variant;
use zilo::chesslike::{eval_terms, tune};
use zilo::door::{self, BestMove, Game, MAX_PERFT_DEPTH};
use zilo::players::{Level, MatchOptions, MatchResult, PlayerSpec};
use zilo::search::Limits;

/// Writes one line of the command's output, as `println!` would, through
/// [`output_line`]: output that cannot be written ends the command cleanly.
macro_rules! say {
    ($($arg:tt)*) => {
        output_line(format_args!($($arg)*))
    };
}

/// Writes `line` and a newline to stdout. If the reader has gone (a closed
/// pipe, `zilo perft chess 4 --divide | head -1`), the command ends quietly
/// with status 0, as Unix tools do; if the output cannot be written for
/// another reason (a full disk), it ends with one line on stderr and status 1.
fn output_line(line: std::fmt::Arguments<'_>) {
    use std::io::Write;
    // stdout is line-buffered: the line is written (or fails) here.
    if let Err(e) = writeln!(std::io::stdout().lock(), "{line}") {
        output_failed(&e);
    }
}

/// Ends the command because its output could not be written (see [`output_line`]).
fn output_failed(e: &std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    note_line(format_args!("zilo: cannot write the output: {e}"));
    std::process::exit(1);
}

/// Writes a line to stderr (progress, errors) through [`note_line`].
macro_rules! note {
    ($($arg:tt)*) => {
        note_line(format_args!($($arg)*))
    };
}

/// Writes `line` and a newline to stderr; a line that cannot be written
/// there is dropped, as there is nowhere left to say so.
fn note_line(line: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

const USAGE: &str = "usage: zilo perft <variant> <depth> [--fen \"<FEN>\"] [--divide] | zilo moves <variant> [--fen \"<FEN>\"] | zilo play <variant> [--fen \"<FEN>\"] [--pgn] <move>... | zilo pgn <file> | zilo batch <variant> | zilo bench | zilo bestmove <variant> [--fen \"<FEN>\"] [--depth N] [--time-ms T] [--nodes N] [--level 1..5] | zilo match <variant> [--games N] [--a SPEC] [--b SPEC] [--seed S] [--threads T] [--max-plies N] [--verbose] (SPEC: level:1..5, depth:N, nodes:N, random, greedy) | zilo serve [OPTIONS] (zilo serve --help lists them) | zilo selfplay <variant> --out FILE [--games N] [--nodes N] [--seed S] [--threads T] [--max-plies N] | zilo tune <variant> --data FILE --out FILE [--epochs N] [--rate R] [--lambda L] [--blend B] | zilo uci | zilo usi | zilo xboard";

/// Options common to the commands: the variant, an optional `--fen`, the rest in order.
struct Args {
    variant: String,
    fen: Option<String>,
    divide: bool,
    pgn: bool,
    rest: Vec<String>,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut it = args.iter();
    let variant = it.next().ok_or_else(|| format!("missing variant; {USAGE}"))?.clone();
    let mut parsed = Args { variant, fen: None, divide: false, pgn: false, rest: Vec::new() };
    while let Some(a) = it.next() {
        match a.as_str() {
            "--fen" => parsed.fen = Some(it.next().ok_or("--fen needs a position string")?.clone()),
            "--divide" => parsed.divide = true,
            "--pgn" => parsed.pgn = true,
            s if s.starts_with("--") => return Err(format!("unknown option '{s}'")),
            _ => parsed.rest.push(a.clone()),
        }
    }
    Ok(parsed)
}

/// The game the arguments name: the variant's start, or `--fen`.
fn game_for(args: &Args) -> Result<Game, String> {
    Game::new(&args.variant, args.fen.as_deref()).map_err(|e| e.to_string())
}

/// perft from the start the arguments name, judged as a game: a finished one counts 0.
fn cmd_perft(args: &Args) -> Result<(), String> {
    let [depth] = args.rest.as_slice() else { return Err(format!("perft takes one depth; {USAGE}")) };
    let depth = whole_number(depth, "perft depth", 0..=MAX_PERFT_DEPTH)?;
    let game = game_for(args)?;
    let total = if args.divide && depth > 0 {
        let mut lines = game.perft_divide(depth).map_err(|e| e.to_string())?;
        lines.sort();
        for (m, n) in &lines {
            say!("{m} {n}");
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        game.perft(depth).map_err(|e| e.to_string())?
    };
    say!("nodes {total}");
    Ok(())
}

/// The texts of the moves that may be played in `game` now (none once it is over), sorted.
fn sorted_moves(game: &Game) -> Vec<String> {
    let mut moves = game.legal_moves();
    moves.sort();
    moves
}

fn cmd_moves(args: &Args) -> Result<(), String> {
    if let Some(extra) = args.rest.first() {
        return Err(format!("unexpected argument '{extra}'; {USAGE}"));
    }
    for m in sorted_moves(&game_for(args)?) {
        say!("{m}");
    }
    Ok(())
}

fn cmd_play(args: &Args) -> Result<(), String> {
    let mut game = game_for(args)?;
    for text in &args.rest {
        game.play(text).map_err(|e| e.to_string())?;
    }
    if args.pgn {
        say!("{}", game.to_pgn(&door::Tags::new()).trim_end());
        return Ok(());
    }
    let outcome = game.outcome();
    say!("{}", game.position());
    say!("result {outcome}");
    Ok(())
}

/// `zilo pgn <file>`: reads a file of PGN games and says of each, one line,
/// `game N: ok <variant> <plies> plies <result>` or `game N: <the error>`;
/// exit status 1 if any game was refused.
fn cmd_pgn(rest: &[String]) -> Result<(), String> {
    let [path] = rest else { return Err(format!("pgn takes one file; {USAGE}")) };
    let size = std::fs::metadata(path).map_err(|e| format!("cannot read {path}: {e}"))?.len();
    if size > door::pgn::MAX_PGN_LEN as u64 {
        return Err(format!("{path} is {size} bytes long; at most {} are read", door::pgn::MAX_PGN_LEN));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let text = String::from_utf8(bytes)
        .map_err(|e| format!("{path} is not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))?;
    let games = door::pgn::read_each(&text).map_err(|e| format!("{path}: {e}"))?;
    if games.is_empty() {
        return Err(format!("{path}: no game in the PGN text"));
    }
    let mut refused = 0;
    for (i, read) in games.iter().enumerate() {
        match read {
            Ok(g) => say!("game {}: ok {} {} plies {}", i + 1, g.game.variant(), g.game.history().len(), g.result),
            Err(e) => {
                refused += 1;
                say!("game {}: {e}", i + 1);
            }
        }
    }
    if refused > 0 {
        note!("zilo: {refused} of {} games refused", games.len());
        std::process::exit(1);
    }
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
        match batch_line(&args.variant, fen_text, move_text) {
            Ok(text) => writeln!(out, "{text}"),
            Err(e) => writeln!(out, "error {e}"),
        }
        .and_then(|_| out.flush())
        .unwrap_or_else(|e| output_failed(&e));
    }
    Ok(())
}

fn batch_line(variant: &str, position: &str, move_text: Option<&str>) -> Result<String, door::DoorError> {
    let mut game = Game::new(variant, Some(position))?;
    let moves = sorted_moves(&game);
    let after = match move_text {
        Some(m) => {
            game.play(m)?;
            game.position()
        }
        None => String::new(),
    };
    let outcome = game.outcome();
    Ok(format!("{};{};{outcome}", moves.join(" "), after))
}

/// The benchmark positions (`None`: the game's start, as the door makes
/// it): a perft depth and a search depth for each, both taking a fraction of
/// a second to about a second natively.
const BENCH: &[(&str, &str, Option<&str>, u32, u32)] = &[
    ("zilo", "start", None, 5, 10),
    ("chess", "start", None, 5, 10),
    ("chess", "kiwipete", Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), 4, 9),
    ("shogi", "start", None, 4, 9),
    ("pillage", "start", None, 4, 7),
    ("pillage-snipers", "start", None, 4, 7),
    // The default start: Fortress against Fortress, `w` to move.
    ("cyvasse", "start", None, 3, 5),
];

fn cmd_bench(rest: &[String]) -> Result<(), String> {
    if let Some(extra) = rest.first() {
        return Err(format!("unexpected argument '{extra}'; {USAGE}"));
    }
    let games: Vec<_> = BENCH
        .iter()
        .map(|&(variant, name, text, perft_depth, search_depth)| {
            let game = Game::new(variant, text).expect("bench positions are valid");
            (variant, name, game, perft_depth, search_depth)
        })
        .collect();
    for (variant, name, game, depth, _) in &games {
        // Repeat short runs for at least a second so the figure is stable.
        let started = Instant::now();
        let (mut runs, mut nodes) = (0u64, 0u64);
        while runs == 0 || started.elapsed().as_secs_f64() < 1.0 {
            nodes = game.perft(*depth).map_err(|e| e.to_string())?;
            runs += 1;
        }
        let secs = started.elapsed().as_secs_f64() / runs as f64;
        say!("{variant} {name} perft {depth}: nodes {nodes} time {secs:.3} s nps {:.0}", nodes as f64 / secs.max(1e-9));
    }
    // The search at a fixed depth from an empty table: its node count is a
    // signature of the search (it changes only when the search does), its
    // speed is what the computer player gets.
    for (variant, name, game, _, depth) in &games {
        let started = Instant::now();
        let r = game.best_move(Limits { depth: Some(*depth), ..Limits::default() }).map_err(|e| e.to_string())?;
        let secs = started.elapsed().as_secs_f64();
        say!(
            "{variant} {name} search depth {depth}: nodes {} time {secs:.3} s nps {:.0}",
            r.nodes,
            r.nodes as f64 / secs.max(1e-9)
        );
    }
    // How long the computer takes in ordinary positions, worst cases included:
    // the search corpus (random and level-1 play) of every game to depth 3.
    let corpus = zilo::search::corpus::CorpusOptions::default();
    for id in door::ids() {
        let r = door::search_corpus(id, corpus).map_err(|e| e.to_string())?;
        let most = r.most_nodes().map_or(0, |s| s.nodes);
        say!(
            "{id} corpus depth {}: positions {} p99 time {:.0} ms most nodes {most}",
            corpus.depth,
            r.searches.len(),
            r.time_percentile_ms(99.0)
        );
    }
    Ok(())
}

/// `text` as a whole number from `range`; `what` names it in the message that
/// says why not (a number out of range is still called a whole number).
fn whole_number<T: TryFrom<u64> + Into<u64> + Copy>(
    text: &str,
    what: &str,
    range: RangeInclusive<T>,
) -> Result<T, String> {
    let (low, high): (u64, u64) = ((*range.start()).into(), (*range.end()).into());
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{what} '{text}' is not a whole number ({low} to {high})"));
    }
    // Digits too many for a u64 are out of range as well.
    text.parse::<u64>()
        .ok()
        .filter(|n| (low..=high).contains(n))
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| format!("{what} {text} is out of range ({low} to {high})"))
}

/// The value after an option: a whole number from `range`.
fn number<T: TryFrom<u64> + Into<u64> + Copy>(
    it: &mut std::slice::Iter<'_, String>,
    option: &str,
    range: RangeInclusive<T>,
) -> Result<T, String> {
    let text = it.next().ok_or_else(|| format!("{option} needs a number"))?;
    whole_number(text, option, range)
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
                let depth = number(&mut it, "--depth", 0..=zilo::search::MAX_DEPTH)?;
                limits.depth = Some(depth.max(1));
            }
            "--time-ms" => limits.time_ms = Some(number(&mut it, "--time-ms", 0..=u64::MAX)?),
            "--nodes" => limits.nodes = Some(number(&mut it, "--nodes", 0..=u64::MAX)?),
            "--level" => {
                let n = number(&mut it, "--level", Level::MIN..=Level::MAX)?;
                limits = Level::new(n).expect("in the range of levels").limits(0);
            }
            other => return Err(format!("unexpected argument '{other}'; {USAGE}")),
        }
    }
    let game = Game::new(&variant, fen.as_deref()).map_err(|e| e.to_string())?;
    print_best_move(&game, limits)
}

/// Searches within `limits`, printing an `info` line per iteration, then `bestmove`.
fn print_best_move(game: &Game, limits: Limits) -> Result<(), String> {
    let line = |r: &BestMove| {
        let score = match r.mate {
            Some(n) => format!("mate {n}"),
            None => format!("cp {}", r.score),
        };
        let nps = r.nodes as f64 * 1000.0 / (r.time_ms.max(1)) as f64;
        say!(
            "info depth {} seldepth {} score {score} nodes {} nps {:.0} time {} pv {}",
            r.depth,
            r.seldepth,
            r.nodes,
            nps,
            r.time_ms,
            r.pv.join(" ")
        );
    };
    let result = game.best_move_reporting(limits, &mut |r| line(r)).map_err(|e| e.to_string())?;
    if result.stopped {
        line(&result);
    }
    match result.best {
        Some(m) => say!("bestmove {m}"),
        None => say!("bestmove (none)"),
    }
    Ok(())
}

fn cmd_match(argv: &[String]) -> Result<(), String> {
    let mut it = argv.iter();
    let variant = it.next().ok_or_else(|| format!("missing variant; {USAGE}"))?.clone();
    // An unknown game is named before the options are read.
    door::hidden_setup(&variant).map_err(|e| e.to_string())?;
    let mut a = PlayerSpec::Level(Level::DEFAULT);
    let mut b = PlayerSpec::Random;
    let mut options = MatchOptions::new(100, 1);
    options.threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut verbose = false;
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--games" => options.games = number(&mut it, "--games", 1..=u32::MAX)?,
            "--seed" => options.seed = number(&mut it, "--seed", 0..=u64::MAX)?,
            "--threads" => options.threads = number::<u32>(&mut it, "--threads", 1..=1024)? as usize,
            "--max-plies" => options.max_plies = number(&mut it, "--max-plies", 0..=u32::MAX)?,
            "--verbose" => verbose = true,
            "--a" => a = it.next().ok_or("--a needs a player")?.parse()?,
            "--b" => b = it.next().ok_or("--b needs a player")?.parse()?,
            other => return Err(format!("unexpected argument '{other}'; {USAGE}")),
        }
    }
    let started = Instant::now();
    // A long match shows its progress on stderr, one line a game, so that
    // stdout stays the summary that scripts read.
    let games = options.games;
    let on_game = |g: &zilo::players::GameRecord, total: &MatchResult| {
        let white = if g.a_white { "a" } else { "b" };
        note!(
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
    let r = door::play_match(&variant, a, b, options, &on_game).map_err(|e| e.to_string())?;
    let (elo, margin) = r.elo();
    if verbose {
        for g in &r.records {
            let (white, black) = if g.a_white { ("a", "b") } else { ("b", "a") };
            say!(
                "game {} white {white} black {black} result {} {} moves {}",
                g.index,
                g.result,
                g.reason,
                g.moves.join(" ")
            );
        }
    }
    say!("match {variant} a {a} b {b} games {} seed {}", r.games(), options.seed);
    let reasons: Vec<String> = r.reasons.iter().map(|(k, n)| format!("{k} {n}")).collect();
    say!("endings {}", reasons.join(" "));
    say!("plies {} time {:.1} s", r.plies, started.elapsed().as_secs_f64());
    say!("score {:.3} decisive {:.3}", r.score(), r.decisive_share());
    say!("wins {} draws {} losses {}", r.wins, r.draws, r.losses);
    say!("elo {elo:.0} +/- {margin:.0}");
    Ok(())
}

/// The chess-like variant named first in `argv` (the tuner's games: Cyvasse has its own evaluation).
fn chesslike_variant(it: &mut std::slice::Iter<'_, String>) -> Result<&'static Variant, String> {
    let id = it.next().ok_or_else(|| format!("missing variant; {USAGE}"))?;
    Variant::by_id(id).ok_or_else(|| format!("'{id}' is not a chess-like game (one of: {})", Variant::all().join(", ")))
}

/// `zilo selfplay`: the Texel tuner's data, quiet positions of self-play games with their results.
fn cmd_selfplay(argv: &[String]) -> Result<(), String> {
    let mut it = argv.iter();
    let variant = chesslike_variant(&mut it)?;
    let mut options = tune::SelfplayOptions::new(1000, 3000, 1);
    let mut out = None;
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--games" => options.games = number(&mut it, "--games", 1..=u32::MAX)?,
            "--nodes" => options.nodes = number(&mut it, "--nodes", 1..=u64::MAX)?,
            "--seed" => options.seed = number(&mut it, "--seed", 0..=u64::MAX)?,
            "--threads" => options.threads = number::<u32>(&mut it, "--threads", 1..=64)? as usize,
            "--max-plies" => options.max_plies = number(&mut it, "--max-plies", 1..=u32::MAX)?,
            "--out" => out = Some(it.next().ok_or("--out needs a file")?.clone()),
            other => return Err(format!("unexpected argument '{other}'; {USAGE}")),
        }
    }
    let out = out.ok_or("zilo selfplay needs --out FILE")?;
    let started = Instant::now();
    let file = std::fs::File::create(&out).map_err(|e| format!("cannot create {out}: {e}"))?;
    let mut writer = std::io::BufWriter::new(file);
    let count = tune::selfplay(variant, &options, &mut writer).map_err(|e| format!("cannot write {out}: {e}"))?;
    std::io::Write::flush(&mut writer).map_err(|e| format!("cannot write {out}: {e}"))?;
    say!(
        "selfplay {} games {} nodes {} seed {} positions {count} time {:.1} s",
        variant.id,
        options.games,
        options.nodes,
        options.seed,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `zilo tune`: Texel's fit of the evaluation's weights to self-play data,
/// written as the variant's weight table.
fn cmd_tune(argv: &[String]) -> Result<(), String> {
    let mut it = argv.iter();
    let variant = chesslike_variant(&mut it)?;
    let mut fit = tune::FitOptions::default();
    let (mut data, mut out, mut blend) = (None, None, 0.0);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--data" => data = Some(it.next().ok_or("--data needs a file")?.clone()),
            "--out" => out = Some(it.next().ok_or("--out needs a file")?.clone()),
            "--epochs" => fit.epochs = number(&mut it, "--epochs", 1..=1_000_000)?,
            "--rate" => fit.rate = positive(&mut it, "--rate")?,
            "--lambda" => fit.lambda = positive(&mut it, "--lambda")?,
            "--blend" => {
                blend = positive(&mut it, "--blend")?;
                if blend > 1.0 {
                    return Err(format!("--blend is the search score's share of the target, 0 to 1, not {blend}"));
                }
            }
            other => return Err(format!("unexpected argument '{other}'; {USAGE}")),
        }
    }
    let data = data.ok_or("zilo tune needs --data FILE")?;
    let out = out.ok_or("zilo tune needs --out FILE")?;
    let text = std::fs::read_to_string(&data).map_err(|e| format!("cannot read {data}: {e}"))?;
    let (mut train, mut check) = tune::read_data(variant, &text, 10).map_err(|e| format!("{data}: {e}"))?;
    if train.is_empty() {
        return Err(format!("{data} has no training positions"));
    }
    let start = tune::flat_weights(variant);
    // K from the results alone: it maps evaluations to game results, and
    // turns the search's scores into expected results for the blend.
    let k = tune::fit_k(&train, &start);
    train.blend_with_scores(k, blend);
    check.blend_with_scores(k, blend);
    let before = (train.error(&start, k), check.error(&start, k));
    let tuned = tune::fit(&train, &start, k, &fit);
    let after = (train.error(&tuned, k), check.error(&tuned, k));
    let header = format!(
        "Tuned by Texel's method: zilo tune {id} --data {data} --epochs {} --rate {} --lambda {} --blend {blend}\n\
         on {} positions ({} more held out: the games numbered a multiple of 10) of `zilo selfplay`;\n\
         K {k:.3}; mean squared error {:.5} -> {:.5} (held out {:.5} -> {:.5}).",
        fit.epochs,
        fit.rate,
        fit.lambda,
        train.len(),
        check.len(),
        before.0,
        after.0,
        before.1,
        after.1,
        id = variant.id,
    );
    let table = eval_terms::write_weights(variant, &tune::paired(&tuned), &header);
    std::fs::write(&out, table).map_err(|e| format!("cannot write {out}: {e}"))?;
    say!("tune {} positions {} held-out {} K {k:.3}", variant.id, train.len(), check.len());
    say!("error {:.5} -> {:.5} held-out {:.5} -> {:.5}", before.0, after.0, before.1, after.1);
    Ok(())
}

/// A positive decimal number after `option`.
fn positive(it: &mut std::slice::Iter<'_, String>, option: &str) -> Result<f64, String> {
    let text = it.next().ok_or_else(|| format!("{option} needs a number"))?;
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        _ => Err(format!("{option} needs a number at least 0, got '{text}'")),
    }
}

fn run(argv: &[String]) -> Result<(), String> {
    let Some(command) = argv.first() else { return Err(USAGE.to_string()) };
    match command.as_str() {
        "perft" => cmd_perft(&parse_args(&argv[1..])?),
        "moves" => cmd_moves(&parse_args(&argv[1..])?),
        "play" => cmd_play(&parse_args(&argv[1..])?),
        "batch" => cmd_batch(&parse_args(&argv[1..])?),
        "pgn" => cmd_pgn(&argv[1..]),
        "bench" => cmd_bench(&argv[1..]),
        "bestmove" => cmd_bestmove(&argv[1..]),
        "match" => cmd_match(&argv[1..]),
        "selfplay" => cmd_selfplay(&argv[1..]),
        "tune" => cmd_tune(&argv[1..]),
        // The server's options are listed where they are read, so the two cannot part.
        "serve" if argv[1..].iter().any(|a| matches!(a.as_str(), "-h" | "--help")) => {
            say!("usage: {}", zilo::server::config::USAGE);
            Ok(())
        }
        "serve" => zilo::server::serve(zilo::server::Config::from_args(&argv[1..])?),
        name @ ("uci" | "usi" | "xboard") => match argv.get(1) {
            None => {
                let protocol = match name {
                    "uci" => zilo::uci::Protocol::Uci,
                    "usi" => zilo::uci::Protocol::Usi,
                    _ => zilo::uci::Protocol::Xboard,
                };
                zilo::uci::run_protocol(protocol, std::io::stdin().lock(), std::io::stdout());
                Ok(())
            }
            Some(extra) => Err(format!("unexpected argument '{extra}' (zilo {name} reads its commands from stdin)")),
        },
        "-h" | "--help" | "help" => {
            say!("{USAGE}");
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
            note!("zilo: {line}");
            ExitCode::from(2)
        }
    }
}
