//! The UCI engine loop: one session's game, options and search thread.

use std::io::{BufRead, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::clock::{self, Clock};
use super::command::{self, Command, Go, Start};
use super::moves::read_move;
use crate::door::{self, BestMove, Game, SearchMemory, Side, Thinking};
use crate::players::Level;
use crate::search::{Limits, MAX_DEPTH};

const NAME: &str = "ZiloAlvZa";
const AUTHOR: &str = "the zilo authors";
const DEFAULT_VARIANT: &str = "chess";
const DEFAULT_HASH_MB: usize = 4;
const MAX_HASH_MB: usize = 4096;
const MAX_MULTIPV: usize = 64;
const DEFAULT_MOVE_OVERHEAD_MS: u64 = 50;
const MAX_MOVE_OVERHEAD_MS: u64 = 5000;
/// The longest line read; longer lines are refused (and skipped) whole.
const MAX_LINE: usize = 64 * 1024;

/// Where the engine's lines go: shared by the loop and the search thread,
/// one whole line at a time.
#[derive(Clone)]
struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    fn line(&self, text: &str) {
        let mut w = self.0.lock().unwrap_or_else(|p| p.into_inner());
        // A GUI that has gone is noticed when its input ends.
        let _ = writeln!(w, "{text}").and_then(|()| w.flush());
    }

    fn info(&self, problem: &str) {
        let one_line: String = problem.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
        self.line(&format!("info string {one_line}"));
    }
}

/// The options a GUI may set.
struct Options {
    variant: &'static str,
    hash_mb: usize,
    multipv: usize,
    /// 1–4 play as the page's levels; 5 (the default) is the `go` limits alone.
    skill: u8,
    move_overhead_ms: u64,
}

/// A search in progress on its own thread; it gives the memory back when it ends.
struct Running {
    stop: Arc<AtomicBool>,
    infinite: bool,
    handle: JoinHandle<SearchMemory>,
}

struct Session {
    out: Out,
    options: Options,
    game: Game,
    /// `None` while a search thread has it.
    memory: Option<SearchMemory>,
    /// `ucinewgame` or a new Hash size came while the memory was lent out.
    memory_stale: bool,
    running: Option<Running>,
    searches: u64,
}

/// Runs the engine: reads commands from `input` until `quit` or its end, answers on `output`.
pub fn run(input: impl BufRead, output: impl Write + Send + 'static) {
    let out = Out(Arc::new(Mutex::new(Box::new(output))));
    let mut session = Session {
        out: out.clone(),
        options: Options {
            variant: DEFAULT_VARIANT,
            hash_mb: DEFAULT_HASH_MB,
            multipv: 1,
            skill: Level::MAX,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
        },
        game: Game::new(DEFAULT_VARIANT, None).expect("the default variant opens"),
        memory: Some(SearchMemory::with_megabytes(DEFAULT_HASH_MB)),
        memory_stale: false,
        running: None,
        searches: 0,
    };
    let mut input = input;
    let input = &mut input;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') {
            out.info(&format!("a line over {MAX_LINE} bytes was skipped"));
            // Skip the rest of it.
            let mut rest = Vec::new();
            if input.read_until(b'\n', &mut rest).is_err() {
                break;
            }
            continue;
        }
        let Ok(line) = std::str::from_utf8(&buf) else {
            out.info("a line that is not UTF-8 text was skipped");
            continue;
        };
        match command::parse(line) {
            Ok(None) => {}
            Ok(Some(Command::Quit)) => break,
            Ok(Some(c)) => session.handle(c),
            Err(problem) => out.info(&problem),
        }
    }
    session.finish_search(true);
}

impl Session {
    fn handle(&mut self, c: Command) {
        match c {
            Command::Uci => self.identify(),
            Command::IsReady => self.out.line("readyok"),
            Command::UciNewGame => {
                self.finish_search(true);
                self.forget();
                self.game = Game::new(self.options.variant, None).expect("a known variant opens");
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Position { start, moves } => self.set_position(start, &moves),
            Command::Go(go) => self.go(go),
            Command::Stop => self.finish_search(true),
            Command::PonderHit | Command::Debug => {}
            Command::Quit => unreachable!("handled by the loop"),
        }
    }

    fn identify(&self) {
        let out = &self.out;
        out.line(&format!("id name {NAME} {}", env!("CARGO_PKG_VERSION")));
        out.line(&format!("id author {AUTHOR}"));
        let vars: String = door::ids().iter().map(|id| format!(" var {id}")).collect();
        out.line(&format!("option name UCI_Variant type combo default {DEFAULT_VARIANT}{vars}"));
        out.line(&format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"));
        out.line("option name Clear Hash type button");
        out.line(&format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"));
        out.line(&format!(
            "option name Skill Level type spin default {} min {} max {}",
            Level::MAX,
            Level::MIN,
            Level::MAX
        ));
        out.line(&format!(
            "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min 0 max {MAX_MOVE_OVERHEAD_MS}"
        ));
        out.line("uciok");
    }

    /// Forgets what searches learnt (now, or when the memory comes back).
    fn forget(&mut self) {
        match &mut self.memory {
            Some(m) => m.clear(),
            None => self.memory_stale = true,
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let number = |low: u64, high: u64| -> Result<u64, String> {
            let v = value.ok_or(format!("option {name} needs a value"))?;
            match v.parse::<u64>() {
                Ok(n) if (low..=high).contains(&n) => Ok(n),
                _ => {
                    Err(format!("option {name} takes a whole number from {low} to {high}, not '{}'", command::shown(v)))
                }
            }
        };
        let result = match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match value.map(|v| door::ids().into_iter().find(|id| *id == v)) {
                Some(Some(id)) => {
                    self.options.variant = id;
                    self.game = Game::new(id, None).expect("a known variant opens");
                    self.forget();
                    Ok(())
                }
                _ => Err(format!(
                    "unknown UCI_Variant '{}' (known: {})",
                    command::shown(value.unwrap_or("")),
                    door::ids().join(", ")
                )),
            },
            "hash" => number(1, MAX_HASH_MB as u64).map(|mb| {
                self.options.hash_mb = mb as usize;
                match &mut self.memory {
                    Some(m) => *m = SearchMemory::with_megabytes(mb as usize),
                    None => self.memory_stale = true,
                }
            }),
            "clear hash" => {
                self.forget();
                Ok(())
            }
            "multipv" => number(1, MAX_MULTIPV as u64).map(|n| self.options.multipv = n as usize),
            "skill level" => number(Level::MIN as u64, Level::MAX as u64).map(|n| self.options.skill = n as u8),
            "move overhead" => number(0, MAX_MOVE_OVERHEAD_MS).map(|n| self.options.move_overhead_ms = n),
            // Options GUIs send to every engine; there is one thread and no pondering.
            "threads" | "ponder" => Ok(()),
            _ => Err(format!("unknown option '{}'", command::shown(name))),
        };
        if let Err(problem) = result {
            self.out.info(&problem);
        }
    }

    /// Sets up the position; on any problem, says so and keeps the previous one.
    fn set_position(&mut self, start: Start, moves: &[String]) {
        let fen = match &start {
            Start::StartPos => None,
            Start::Fen(fen) => Some(fen.as_str()),
        };
        let mut game = match Game::new(self.options.variant, fen) {
            Ok(g) => g,
            Err(e) => return self.out.info(&format!("position refused, the previous one stays: {e}")),
        };
        for (i, text) in moves.iter().enumerate() {
            if game.outcome().is_over() {
                // Our rules ended the game (a repetition, say) where the GUI's may not: play on
                // from the position as it stands, its history (so its repetitions) begun anew.
                // A position our rules cannot go on from (mate, fifty moves) refuses the move below.
                if let Ok(fresh) = Game::new(self.options.variant, Some(&game.position())) {
                    game = fresh;
                }
            }
            let played = read_move(&game, text).and_then(|m| game.play(&m));
            if let Err(e) = played {
                return self.out.info(&format!(
                    "position refused, the previous one stays: move {} '{}': {e}",
                    i + 1,
                    command::shown(text)
                ));
            }
        }
        self.game = game;
    }

    fn go(&mut self, go: Go) {
        if self.running.as_ref().is_some_and(|r| r.infinite && !r.handle.is_finished()) {
            return self.out.info("go refused: an infinite search is running (send stop first)");
        }
        // As Stockfish does, a new search waits for the running one to answer.
        self.finish_search(false);
        let mut excluded = Vec::new();
        if !go.searchmoves.is_empty() {
            let only: Vec<String> = go.searchmoves.iter().filter_map(|m| read_move(&self.game, m).ok()).collect();
            if only.is_empty() {
                self.out.info("searchmoves names no legal move: searching every move");
            } else {
                excluded = self.game.legal_moves().into_iter().filter(|m| !only.contains(m)).collect();
            }
        }
        self.searches += 1;
        let plan = Plan { limits: self.limits(&go), infinite: go.infinite, multipv: self.options.multipv, excluded };
        let mut memory = self.memory.take().unwrap_or_else(|| SearchMemory::with_megabytes(self.options.hash_mb));
        if self.memory_stale {
            memory = SearchMemory::with_megabytes(self.options.hash_mb);
            self.memory_stale = false;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let (game, out, flag) = (self.game.clone(), self.out.clone(), stop.clone());
        let handle = std::thread::Builder::new()
            .name("uci-search".to_string())
            .spawn(move || {
                let mut memory = memory;
                search(&game, &plan, &flag, &mut memory, &out);
                memory
            })
            .expect("a search thread starts");
        self.running = Some(Running { stop, infinite: go.infinite, handle });
    }

    /// The search's limits for `go` under the options.
    fn limits(&self, go: &Go) -> Limits {
        let mut limits =
            Limits { depth: go.depth.map(|d| d.clamp(1, MAX_DEPTH)), nodes: go.nodes, ..Limits::default() };
        let overhead = self.options.move_overhead_ms;
        // A fixed time per move is the search's own limit, as Stockfish takes it (no overhead).
        if let Some(ms) = go.movetime {
            limits.time_ms = Some(ms.max(1));
        }
        let (time, increment) = match self.game.turn() {
            Side::First => (go.wtime, go.winc),
            Side::Second => (go.btime, go.binc),
        };
        if let (Some(time_ms), false) = (time, go.infinite) {
            let clock = Clock { time_ms, increment_ms: increment.unwrap_or(0), moves_to_go: go.movestogo };
            let allocated = clock::allocate(clock, overhead);
            limits.time_ms = Some(limits.time_ms.map_or(allocated, |t| t.min(allocated)));
        }
        if go.infinite || (limits.depth.is_none() && limits.nodes.is_none() && limits.time_ms.is_none()) {
            // Until `stop` (an unlimited search would otherwise go to the default depth only).
            limits = Limits { depth: Some(MAX_DEPTH), ..Limits::default() };
        }
        if self.options.skill < Level::MAX {
            let level = Level::new(self.options.skill).expect("checked when set").limits(self.searches);
            let tighter = |a: Option<u64>, b: Option<u64>| match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            limits.depth = tighter(limits.depth.map(u64::from), level.depth.map(u64::from)).map(|d| d as u32);
            limits.nodes = tighter(limits.nodes, level.nodes);
            limits.time_ms = tighter(limits.time_ms, level.time_ms);
            limits.noise_cp = level.noise_cp;
            limits.seed = level.seed;
        }
        limits
    }

    /// Ends the search thread, if any: at once when `stop` (it answers with
    /// its best move so far), else waiting for it to finish; takes its memory back.
    fn finish_search(&mut self, stop: bool) {
        let Some(running) = self.running.take() else { return };
        if stop {
            running.stop.store(true, Ordering::Relaxed);
        }
        match running.handle.join() {
            Ok(memory) if !self.memory_stale => self.memory = Some(memory),
            _ => {
                self.memory = Some(SearchMemory::with_megabytes(self.options.hash_mb));
                self.memory_stale = false;
            }
        }
    }
}

/// What one `go` asks of the search thread.
struct Plan {
    limits: Limits,
    /// Answer only after `stop`.
    infinite: bool,
    multipv: usize,
    /// Root moves left out (those not in `searchmoves`).
    excluded: Vec<String>,
}

/// The search thread: info lines as it deepens, then exactly one `bestmove`.
fn search(game: &Game, plan: &Plan, stop: &AtomicBool, memory: &mut SearchMemory, out: &Out) {
    let best = match searchable(game) {
        Ok(game) => {
            let lines = plan.multipv.min(game.legal_moves().len() - plan.excluded.len()).max(1);
            let found = if lines == 1 {
                single_line(&game, plan, stop, memory, out)
            } else {
                multiple_lines(&game, plan, lines, stop, memory, out)
            };
            // Never an illegal move: the search's answer is legal; if it had none, the first legal move.
            Some(found.filter(|m| game.legal_moves().contains(m)).unwrap_or_else(|| game.legal_moves()[0].clone()))
        }
        Err(why) => {
            out.info(&why);
            None
        }
    };
    if plan.infinite {
        // UCI: after `go infinite` the answer waits for `stop`.
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    out.line(&format!("bestmove {}", best.as_deref().unwrap_or("0000")));
}

/// The game to search: this one, or, when its record has ended it (a
/// repetition) but the position alone has not, the position alone.
fn searchable(game: &Game) -> Result<Game, String> {
    let outcome = game.outcome();
    if !outcome.is_over() {
        return Ok(game.clone());
    }
    match Game::new(game.variant(), Some(&game.position())) {
        Ok(fresh) if !fresh.outcome().is_over() => Ok(fresh),
        _ => Err(format!("the game is over ({} {}): no legal move", outcome.result(), outcome.reason())),
    }
}

fn info_line(r: &BestMove, multipv: usize, nodes: u64, time_ms: u64) -> String {
    let score = match r.mate {
        Some(n) => format!("mate {n}"),
        None => format!("cp {}", r.score),
    };
    let nps = nodes * 1000 / time_ms.max(1);
    let mut line = format!(
        "info depth {} seldepth {} multipv {multipv} score {score} nodes {nodes} nps {nps} time {time_ms}",
        r.depth,
        r.seldepth.max(r.depth)
    );
    if !r.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&r.pv.join(" "));
    }
    line
}

/// One line: the search deepens and reports each iteration.
fn single_line(game: &Game, plan: &Plan, stop: &AtomicBool, memory: &mut SearchMemory, out: &Out) -> Option<String> {
    let thinking = Thinking { stop: Some(stop), excluded: &plan.excluded, memory: Some(memory) };
    let mut reported: Option<(u32, Vec<String>)> = None;
    let mut report = |r: &BestMove| {
        out.line(&info_line(r, 1, r.nodes, r.time_ms));
        reported = Some((r.depth, r.pv.clone()));
    };
    match game.think(plan.limits, thinking, &mut report) {
        Ok(r) => {
            // The answer again only when it is not the last line reported (a stopped iteration changed it).
            if reported.as_ref() != Some(&(r.depth, r.pv.clone())) {
                out.line(&info_line(&r, 1, r.nodes, r.time_ms));
            }
            r.best
        }
        Err(e) => {
            out.info(&format!("search refused: {e}"));
            None
        }
    }
}

/// Several lines (MultiPV): at each depth, the best move, then the best of
/// the rest, and so on, each a search among the root moves not yet shown
/// (the kept table makes the repeated shallower iterations cheap). The
/// limits bound the whole; a depth cut short keeps the lines of the last
/// complete one.
fn multiple_lines(
    game: &Game,
    plan: &Plan,
    lines: usize,
    stop: &AtomicBool,
    memory: &mut SearchMemory,
    out: &Out,
) -> Option<String> {
    let started = Instant::now();
    let limits = plan.limits;
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH);
    let mut nodes = 0u64;
    let mut best = None;
    'deepening: for depth in 1..=max_depth {
        let mut shown = plan.excluded.clone();
        for k in 1..=lines {
            let elapsed = started.elapsed().as_millis() as u64;
            let time_ms = limits.time_ms.map(|t| t.saturating_sub(elapsed));
            let node_budget = limits.nodes.map(|n| n.saturating_sub(nodes));
            if depth > 1 && (time_ms == Some(0) || node_budget == Some(0) || stop.load(Ordering::Relaxed)) {
                break 'deepening;
            }
            let step = Limits { depth: Some(depth), nodes: node_budget, time_ms, ..limits };
            let thinking = Thinking { stop: Some(stop), excluded: &shown, memory: Some(&mut *memory) };
            let r = match game.think(step, thinking, &mut |_| {}) {
                Ok(r) => r,
                Err(e) => {
                    out.info(&format!("search refused: {e}"));
                    break 'deepening;
                }
            };
            nodes += r.nodes;
            if depth > 1 && r.stopped {
                break 'deepening;
            }
            let Some(m) = r.best.clone() else { break };
            out.line(&info_line(&r, k, nodes, started.elapsed().as_millis() as u64));
            if k == 1 {
                best = Some(m.clone());
            }
            shown.push(m);
        }
        // As the search does: no new depth that could not finish in time.
        if limits.time_ms.is_some_and(|t| started.elapsed().as_millis() as f64 >= t as f64 * 0.45) {
            break;
        }
    }
    best
}
