//! The engine loop, one for every protocol: one session's game, options and
//! search thread. What differs between UCI, USI and XBoard is in
//! [`super::dialect`]: the loop gets [`Command`]s and speaks through a [`Voice`].

use std::io::{BufRead, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::clock::{self, Clock};
use super::command::{self, Command, EngineSide, Go, Start};
use super::dialect::{index, Dialect, Protocol, Voice};
use super::moves::read_move;
use super::xboard;
use crate::door::{self, BestMove, Game, SearchMemory, Side, Thinking};
use crate::players::Level;
use crate::search::{Limits, MAX_DEPTH};

const NAME: &str = "ZiloAlvZa";
const AUTHOR: &str = "the zilo authors";
const DEFAULT_HASH_MB: usize = 4;
const MAX_HASH_MB: usize = 4096;
const MAX_MULTIPV: usize = 64;
const DEFAULT_MOVE_OVERHEAD_MS: u64 = 50;
const MAX_MOVE_OVERHEAD_MS: u64 = 5000;
/// The longest line read; longer lines are refused (and skipped) whole.
const MAX_LINE: usize = 64 * 1024;

/// The options a GUI may set.
struct Options {
    variant: &'static str,
    hash_mb: usize,
    multipv: usize,
    /// 1–4 play as the page's levels; 5 (the default) is the `go` limits alone.
    skill: u8,
    move_overhead_ms: u64,
}

/// A search in progress on its own thread; it gives the memory back when it
/// ends, with the move it answered (if it did).
struct Running {
    stop: Arc<AtomicBool>,
    /// Set by whoever comes first: the search, answering its move, or the
    /// loop, taking the answer back before it is said (XBoard's `force`).
    answered: Arc<AtomicBool>,
    infinite: bool,
    handle: JoinHandle<(SearchMemory, Option<String>)>,
}

/// How to end a running search.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Finish {
    /// Let it run to its limits and answer.
    Wait,
    /// At once, answering the best move so far.
    Stop,
    /// At once, and no move answered (if not answered yet).
    Discard,
}

struct Session {
    out: Voice,
    dialect: Dialect,
    options: Options,
    game: Game,
    /// XBoard: the side the engine plays by itself (`None`: force mode). UCI and USI: always `None`.
    engine_side: Option<Side>,
    /// `None` while a search thread has it.
    memory: Option<SearchMemory>,
    /// A new game or a new Hash size came while the memory was lent out.
    memory_stale: bool,
    running: Option<Running>,
    searches: u64,
}

/// Runs a UCI engine: reads commands from `input` until `quit` or its end, answers on `output`.
pub fn run(input: impl BufRead, output: impl Write + Send + 'static) {
    run_protocol(Protocol::Uci, input, output)
}

/// Runs the engine speaking `protocol`.
pub fn run_protocol(protocol: Protocol, input: impl BufRead, output: impl Write + Send + 'static) {
    let out = Voice::new(protocol, output);
    let (variant, _) = protocol.variant();
    let mut session = Session {
        out: out.clone(),
        dialect: Dialect::new(protocol),
        options: Options {
            variant,
            hash_mb: DEFAULT_HASH_MB,
            multipv: 1,
            skill: Level::MAX,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
        },
        game: Game::new(variant, None).expect("the default variant opens"),
        engine_side: None,
        memory: Some(SearchMemory::with_megabytes(DEFAULT_HASH_MB)),
        memory_stale: false,
        running: None,
        searches: 0,
    };
    if protocol == Protocol::Xboard {
        // Before `new`, XBoard's engine plays Black in a game of chess.
        session.engine_side = Some(Side::Second);
    }
    let mut input = input;
    let input = &mut input;
    let mut buf = Vec::new();
    'reading: loop {
        buf.clear();
        match Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') {
            out.problem(&format!("a line over {MAX_LINE} bytes was skipped"), "");
            // Skip the rest of it.
            let mut rest = Vec::new();
            if input.read_until(b'\n', &mut rest).is_err() {
                break;
            }
            continue;
        }
        let Ok(line) = std::str::from_utf8(&buf) else {
            out.problem("a line that is not UTF-8 text was skipped", "");
            continue;
        };
        match session.dialect.read(line) {
            Ok(steps) => {
                for step in steps {
                    if step == Command::Quit {
                        break 'reading;
                    }
                    // A step that fails (an illegal move) drops the rest of its line.
                    if !session.handle(step, line) {
                        break;
                    }
                }
            }
            Err(problem) => out.problem(&problem, line),
        }
    }
    session.finish_search(Finish::Stop);
}

impl Session {
    /// Does one step of a line; false if it failed and the rest of the line is to be dropped.
    fn handle(&mut self, c: Command, line: &str) -> bool {
        match c {
            Command::Identify => self.identify(),
            Command::IsReady => self.out.line("readyok"),
            Command::NewGame => {
                // UCI and USI answer every `go`; XBoard's new game takes the move back.
                self.finish_search(if self.keeps_game() { Finish::Discard } else { Finish::Stop });
                self.forget();
                self.game = Game::new(self.options.variant, None).expect("a known variant opens");
            }
            Command::SetOption { name, value } => return self.set_option(&name, value.as_deref(), line),
            Command::Position { start, moves } => {
                if self.keeps_game() {
                    self.finish_search(Finish::Discard);
                }
                return self.set_position(start, &moves, line);
            }
            Command::Go(go) => self.go(go),
            Command::Stop => self.finish_search(Finish::Stop),
            Command::PonderHit | Command::Debug => {}
            Command::Quit => unreachable!("handled by the loop"),
            Command::Play(text) => return self.play(&text),
            Command::Undo(plies) => {
                self.finish_search(Finish::Discard);
                for _ in 0..plies {
                    self.game.undo();
                }
            }
            Command::PlaySide(which) => {
                self.finish_search(Finish::Wait);
                let turn = self.game.turn();
                self.engine_side = Some(match which {
                    EngineSide::ToMove => turn,
                    EngineSide::Other => turn.opponent(),
                    EngineSide::Second => Side::Second,
                });
                self.move_if_engine_to_move();
            }
            Command::Force => {
                self.finish_search(Finish::Discard);
                self.engine_side = None;
            }
            Command::Ping(n) => self.out.line(&format!("pong {n}")),
            Command::Post(on) => self.out.set_post(on),
        }
        true
    }

    /// XBoard: the engine keeps the game and plays its own moves into it.
    fn keeps_game(&self) -> bool {
        self.out.protocol() == Protocol::Xboard
    }

    /// XBoard: a move played on the engine's game (the engine answers if it is then its turn).
    fn play(&mut self, text: &str) -> bool {
        // The engine's own move first, if it is still being found.
        self.finish_search(Finish::Wait);
        if self.game.outcome().is_over() {
            // As in `position`: our rules ended the game (a repetition) where the GUI's may not.
            if let Ok(fresh) = Game::new(self.options.variant, Some(&self.game.position())) {
                self.game = fresh;
            }
        }
        let played = self
            .out
            .protocol()
            .move_in(text)
            .and_then(|m| read_move(&self.game, &m).map_err(|e| e.to_string()))
            .and_then(|m| self.game.play(&m).map_err(|e| e.to_string()));
        if let Err(why) = played {
            self.out.illegal_move(text, &why);
            return false;
        }
        self.move_if_engine_to_move();
        true
    }

    fn move_if_engine_to_move(&mut self) {
        if self.engine_side == Some(self.game.turn()) {
            let go = self.dialect.own_go(&self.game);
            self.go(go);
        }
    }

    fn identify(&self) {
        let out = &self.out;
        let version = env!("CARGO_PKG_VERSION");
        if out.protocol() == Protocol::Xboard {
            out.line("feature done=0");
            out.line(&format!(
                "feature myname=\"{NAME} {version}\" ping=1 setboard=1 playother=1 usermove=1 time=1 draw=0 \
                 sigint=0 reuse=1 analyze=0 pause=0 colors=0 name=0 san=0 debug=0 nps=1 memory=1 \
                 variants=\"{}\"",
                xboard::variant_names().join(",")
            ));
            out.line(&format!("feature option=\"SkillLevel -spin {} {} {}\"", Level::MAX, Level::MIN, Level::MAX));
            out.line(&format!(
                "feature option=\"MoveOverhead -spin {DEFAULT_MOVE_OVERHEAD_MS} 0 {MAX_MOVE_OVERHEAD_MS}\""
            ));
            out.line("feature done=1");
            return;
        }
        out.line(&format!("id name {NAME} {version}"));
        out.line(&format!("id author {AUTHOR}"));
        let (variant, only) = out.protocol().variant();
        if !only {
            let vars: String = door::ids().iter().map(|id| format!(" var {id}")).collect();
            out.line(&format!("option name UCI_Variant type combo default {variant}{vars}"));
        }
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
        out.line(if out.protocol() == Protocol::Usi { "usiok" } else { "uciok" });
    }

    /// Forgets what searches learnt (now, or when the memory comes back).
    fn forget(&mut self) {
        match &mut self.memory {
            Some(m) => m.clear(),
            None => self.memory_stale = true,
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>, line: &str) -> bool {
        let number = |low: u64, high: u64| -> Result<u64, String> {
            let v = value.ok_or(format!("option {name} needs a value"))?;
            match v.parse::<u64>() {
                Ok(n) if (low..=high).contains(&n) => Ok(n),
                _ => {
                    Err(format!("option {name} takes a whole number from {low} to {high}, not '{}'", command::shown(v)))
                }
            }
        };
        let (_, only_variant) = self.out.protocol().variant();
        // Names are read without case, spaces or underscores: XBoard's options have no spaces
        // (`SkillLevel`, as python-chess reads `feature option=` word by word).
        let key: String = name.chars().filter(|c| !matches!(c, ' ' | '_')).collect::<String>().to_ascii_lowercase();
        let result = match key.as_str() {
            "ucivariant" if !only_variant => match value.map(|v| door::ids().into_iter().find(|id| *id == v)) {
                Some(Some(id)) => {
                    if self.keeps_game() {
                        self.finish_search(Finish::Discard);
                    }
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
            "hash" | "usihash" => number(1, MAX_HASH_MB as u64).map(|mb| {
                self.options.hash_mb = mb as usize;
                match &mut self.memory {
                    Some(m) => *m = SearchMemory::with_megabytes(mb as usize),
                    None => self.memory_stale = true,
                }
            }),
            "clearhash" => {
                self.forget();
                Ok(())
            }
            "multipv" => number(1, MAX_MULTIPV as u64).map(|n| self.options.multipv = n as usize),
            "skilllevel" => number(Level::MIN as u64, Level::MAX as u64).map(|n| self.options.skill = n as u8),
            "moveoverhead" => number(0, MAX_MOVE_OVERHEAD_MS).map(|n| self.options.move_overhead_ms = n),
            // Options GUIs send to every engine; there is one thread and no pondering.
            "threads" | "ponder" | "usiponder" => Ok(()),
            _ => Err(format!("unknown option '{}'", command::shown(name))),
        };
        match result {
            Ok(()) => true,
            Err(problem) => {
                self.out.problem(&problem, line);
                false
            }
        }
    }

    /// Sets up the position; on any problem, says so and keeps the previous one.
    fn set_position(&mut self, start: Start, moves: &[String], line: &str) -> bool {
        let protocol = self.out.protocol();
        let fen = match &start {
            Start::StartPos => None,
            Start::Fen(fen) => match protocol.position_in(fen) {
                Ok(fen) => Some(fen),
                Err(e) => {
                    self.out.problem(&format!("position refused, the previous one stays: {e}"), line);
                    return false;
                }
            },
        };
        let mut game = match Game::new(self.options.variant, fen.as_deref()) {
            Ok(g) => g,
            Err(e) => {
                self.out.problem(&format!("position refused, the previous one stays: {e}"), line);
                return false;
            }
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
            let played = protocol
                .move_in(text)
                .and_then(|m| read_move(&game, &m).and_then(|m| game.play(&m)).map_err(|e| e.to_string()));
            if let Err(e) = played {
                self.out.problem(
                    &format!(
                        "position refused, the previous one stays: move {} '{}': {e}",
                        i + 1,
                        command::shown(text)
                    ),
                    line,
                );
                return false;
            }
        }
        self.game = game;
        true
    }

    fn go(&mut self, go: Go) {
        if self.running.as_ref().is_some_and(|r| r.infinite && !r.handle.is_finished()) {
            return self.out.problem("go refused: an infinite search is running (send stop first)", "go");
        }
        // As Stockfish does, a new search waits for the running one to answer.
        self.finish_search(Finish::Wait);
        let protocol = self.out.protocol();
        let mut excluded = Vec::new();
        if !go.searchmoves.is_empty() {
            let only: Vec<String> = go
                .searchmoves
                .iter()
                .filter_map(|m| protocol.move_in(m).ok().and_then(|m| read_move(&self.game, &m).ok()))
                .collect();
            if only.is_empty() {
                self.out.problem("searchmoves names no legal move: searching every move", "go");
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
        let answered = Arc::new(AtomicBool::new(false));
        let (game, out, flag, claim) = (self.game.clone(), self.out.clone(), stop.clone(), answered.clone());
        let handle = std::thread::Builder::new()
            .name("uci-search".to_string())
            .spawn(move || {
                let mut memory = memory;
                let best = search(&game, &plan, &flag, &claim, &mut memory, &out);
                (memory, best)
            })
            .expect("a search thread starts");
        self.running = Some(Running { stop, answered, infinite: go.infinite, handle });
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
        let side = index(self.game.turn());
        // A byoyomi alone (USI's `go byoyomi 1000`) is a clock with nothing left on it.
        let time = go.time[side].or(go.byoyomi.map(|_| 0));
        if let (Some(time_ms), false) = (time, go.infinite) {
            let clock = Clock {
                time_ms,
                increment_ms: go.inc[side].unwrap_or(0),
                moves_to_go: go.movestogo,
                byoyomi_ms: go.byoyomi.unwrap_or(0),
            };
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

    /// Ends the search thread, if any (see [`Finish`]); takes its memory
    /// back, and in XBoard plays the move it answered into the game.
    fn finish_search(&mut self, how: Finish) {
        let Some(running) = self.running.take() else { return };
        if how == Finish::Discard {
            // Whoever sets the flag first decides: the move is taken back unless already said.
            let _ = running.answered.compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire);
        }
        if how != Finish::Wait {
            running.stop.store(true, Ordering::Relaxed);
        }
        let answer = match running.handle.join() {
            Ok((memory, answer)) => {
                if !self.memory_stale {
                    self.memory = Some(memory);
                }
                answer
            }
            Err(_) => None,
        };
        if self.memory.is_none() || self.memory_stale {
            self.memory = Some(SearchMemory::with_megabytes(self.options.hash_mb));
            self.memory_stale = false;
        }
        if let (Some(m), true) = (answer, self.keeps_game()) {
            // The GUI has the move: the engine's game has it too.
            let _ = self.game.play(&m);
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

/// The search thread: thinking lines as it deepens, then exactly one answer
/// (unless the loop takes it back first); the move answered, if any.
fn search(
    game: &Game,
    plan: &Plan,
    stop: &AtomicBool,
    answered: &AtomicBool,
    memory: &mut SearchMemory,
    out: &Voice,
) -> Option<String> {
    let best = match searchable(game) {
        Ok(game) => {
            let lines = plan.multipv.min(game.legal_moves().len() - plan.excluded.len()).max(1);
            let found = if lines == 1 {
                single_line(&game, plan, stop, memory, out)
            } else {
                multiple_lines(&game, plan, lines, stop, memory, out)
            };
            // Never an illegal move: the search's answer is legal; if it had none, the first legal move.
            Ok(found.filter(|m| game.legal_moves().contains(m)).unwrap_or_else(|| game.legal_moves()[0].clone()))
        }
        Err(why) => Err(why),
    };
    if plan.infinite {
        // UCI: after `go infinite` the answer waits for `stop`.
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    if answered.compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire).is_err() {
        return None;
    }
    match best {
        Ok(m) => {
            out.best(&m);
            Some(m)
        }
        Err(why) => {
            out.no_move(&why, Some(game.outcome()));
            None
        }
    }
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

/// One line: the search deepens and reports each iteration.
fn single_line(game: &Game, plan: &Plan, stop: &AtomicBool, memory: &mut SearchMemory, out: &Voice) -> Option<String> {
    let thinking = Thinking { stop: Some(stop), excluded: &plan.excluded, memory: Some(memory) };
    let mut reported: Option<(u32, Vec<String>)> = None;
    let mut report = |r: &BestMove| {
        out.thinking(r, 1, r.nodes, r.time_ms);
        reported = Some((r.depth, r.pv.clone()));
    };
    match game.think(plan.limits, thinking, &mut report) {
        Ok(r) => {
            // The answer again only when it is not the last line reported (a stopped iteration changed it).
            if reported.as_ref() != Some(&(r.depth, r.pv.clone())) {
                out.thinking(&r, 1, r.nodes, r.time_ms);
            }
            r.best
        }
        Err(e) => {
            out.problem(&format!("search refused: {e}"), "go");
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
    out: &Voice,
) -> Option<String> {
    let started = Instant::now();
    let limits = plan.limits;
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH);
    let mut nodes = 0u64;
    let mut best = None;
    'deepening: for depth in 1..=max_depth {
        let mut shown = plan.excluded.clone();
        let mut found = Vec::with_capacity(lines);
        for _ in 1..=lines {
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
                    out.problem(&format!("search refused: {e}"), "go");
                    break 'deepening;
                }
            };
            nodes += r.nodes;
            if depth > 1 && r.stopped {
                break 'deepening;
            }
            let Some(m) = r.best.clone() else { break };
            shown.push(m);
            found.push(r);
        }
        // A depth's lines are told once all are searched, best first: each is a
        // search of the moves not shown yet, and a pruned search can score a
        // later line above an earlier one.
        found.sort_by_key(|r| std::cmp::Reverse(crate::door::line_rank(r.score, r.mate)));
        let time_ms = started.elapsed().as_millis() as u64;
        for (k, r) in found.iter().enumerate() {
            out.thinking(r, k + 1, nodes, time_ms);
        }
        if let Some(top) = found.first() {
            best = top.best.clone();
        }
        // As the search does: no new depth that could not finish in time.
        if limits.time_ms.is_some_and(|t| started.elapsed().as_millis() as f64 >= t as f64 * 0.45) {
            break;
        }
    }
    best
}
