//! What differs between the protocols the one engine loop speaks: how a line
//! is read ([`Dialect::read`]), how moves and positions are written in it,
//! and how the engine's answers are said ([`Voice`]). The loop itself
//! (`engine.rs`) knows none of these.
//!
//! - UCI: the engine's own move texts and position strings.
//! - USI (shogi only): USI's squares and SFEN ([`super::usi`]), `bestmove
//!   resign` when there is no move.
//! - XBoard (CECP v2): its own commands ([`super::xboard`]), the engine keeps
//!   the game and answers `move <m>`; problems are `Error (...): <line>`.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use super::command::{self, Command, Go};
use super::usi;
use super::xboard::Xboard;
use crate::door::{BestMove, Game, Outcome, Side};

/// The protocol a session speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Usi,
    Xboard,
}

impl Protocol {
    /// The game a session starts in, and whether it is the only one.
    pub fn variant(self) -> (&'static str, bool) {
        match self {
            Protocol::Uci | Protocol::Xboard => ("chess", false),
            Protocol::Usi => ("shogi", true),
        }
    }

    /// The engine's move text for `text` as this protocol writes it.
    pub fn move_in(self, text: &str) -> Result<String, String> {
        match self {
            Protocol::Usi => usi::move_from_usi(text),
            Protocol::Uci | Protocol::Xboard => Ok(text.to_string()),
        }
    }

    /// The engine's position string for a position as this protocol writes it.
    pub fn position_in(self, text: &str) -> Result<String, String> {
        match self {
            Protocol::Usi => usi::position_from_sfen(text),
            Protocol::Uci | Protocol::Xboard => Ok(text.to_string()),
        }
    }

    /// The engine's move text as this protocol writes it.
    pub fn move_out(self, text: &str) -> String {
        match self {
            Protocol::Usi => usi::move_to_usi(text),
            Protocol::Uci | Protocol::Xboard => text.to_string(),
        }
    }
}

/// A line's reader: the protocol, and XBoard's state (its clocks and limits).
pub enum Dialect {
    Uci,
    Usi,
    Xboard(Box<Xboard>),
}

impl Dialect {
    pub fn new(protocol: Protocol) -> Dialect {
        match protocol {
            Protocol::Uci => Dialect::Uci,
            Protocol::Usi => Dialect::Usi,
            Protocol::Xboard => Dialect::Xboard(Box::default()),
        }
    }

    pub fn protocol(&self) -> Protocol {
        match self {
            Dialect::Uci => Protocol::Uci,
            Dialect::Usi => Protocol::Usi,
            Dialect::Xboard(_) => Protocol::Xboard,
        }
    }

    /// The steps `line` asks for (none for a blank line), or the problem with it.
    pub fn read(&mut self, line: &str) -> Result<Vec<Command>, String> {
        match self {
            Dialect::Uci => Ok(command::parse(line, Protocol::Uci)?.into_iter().collect()),
            Dialect::Usi => Ok(command::parse(line, Protocol::Usi)?.into_iter().collect()),
            Dialect::Xboard(x) => x.read(line),
        }
    }

    /// XBoard: the search the engine's clock and limits ask for in `game` (UCI and USI say it in `go`).
    pub fn own_go(&self, game: &Game) -> Go {
        match self {
            Dialect::Xboard(x) => x.go(game),
            Dialect::Uci | Dialect::Usi => Go::default(),
        }
    }
}

/// Where the engine's lines go, and how they are said: shared by the loop
/// and the search thread, one whole line at a time.
#[derive(Clone)]
pub struct Voice {
    protocol: Protocol,
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
    /// XBoard's `post`: thinking lines are shown.
    post: Arc<AtomicBool>,
}

impl Voice {
    pub fn new(protocol: Protocol, output: impl Write + Send + 'static) -> Voice {
        Voice { protocol, writer: Arc::new(Mutex::new(Box::new(output))), post: Arc::new(AtomicBool::new(false)) }
    }

    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    pub fn line(&self, text: &str) {
        let mut w = self.writer.lock().unwrap_or_else(|p| p.into_inner());
        // A GUI that has gone is noticed when its input ends.
        let _ = writeln!(w, "{text}").and_then(|()| w.flush());
    }

    pub fn set_post(&self, on: bool) {
        self.post.store(on, Ordering::Relaxed);
    }

    /// A problem with the GUI's `line`: `info string <problem>`, in XBoard `Error (<problem>): <line>`.
    pub fn problem(&self, problem: &str, line: &str) {
        let one_line = |s: &str| -> String { s.chars().map(|c| if c.is_control() { ' ' } else { c }).collect() };
        match self.protocol {
            Protocol::Uci | Protocol::Usi => self.line(&format!("info string {}", one_line(problem))),
            Protocol::Xboard => {
                // The parentheses hold the problem: none inside it (as GUIs read the line).
                let problem: String = one_line(problem).chars().map(bracket).collect();
                self.line(&format!("Error ({problem}): {}", one_line(line.trim())))
            }
        }
    }

    /// A move the GUI played that cannot be: XBoard's `Illegal move (<why>): <move>`.
    pub fn illegal_move(&self, text: &str, why: &str) {
        match self.protocol {
            Protocol::Xboard => {
                let why: String = why.chars().map(bracket).filter(|c| !c.is_control()).collect();
                self.line(&format!("Illegal move ({why}): {}", command::shown(text)))
            }
            Protocol::Uci | Protocol::Usi => self.problem(&format!("illegal move {text}: {why}"), text),
        }
    }

    /// One line of the search's thinking.
    pub fn thinking(&self, r: &BestMove, multipv: usize, nodes: u64, time_ms: u64) {
        let pv: Vec<String> = r.pv.iter().map(|m| self.protocol.move_out(m)).collect();
        match self.protocol {
            Protocol::Uci | Protocol::Usi => {
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
                if !pv.is_empty() {
                    line.push_str(" pv ");
                    line.push_str(&pv.join(" "));
                }
                self.line(&line)
            }
            Protocol::Xboard => {
                if !self.post.load(Ordering::Relaxed) || multipv > 1 {
                    return;
                }
                // ply score time(centiseconds) nodes pv; a mate in n is 100000 + n, being mated -100000 - n.
                let score = match r.mate {
                    Some(n) if n > 0 => 100_000 + n as i64,
                    Some(n) => -100_000 + n as i64,
                    None => r.score as i64,
                };
                self.line(&format!("{} {score} {} {nodes} {}", r.depth, time_ms / 10, pv.join(" ")))
            }
        }
    }

    /// The engine's move.
    pub fn best(&self, m: &str) {
        match self.protocol {
            Protocol::Uci | Protocol::Usi => self.line(&format!("bestmove {}", self.protocol.move_out(m))),
            Protocol::Xboard => self.line(&format!("move {m}")),
        }
    }

    /// No move to make: the game is over (or the position cannot be searched).
    pub fn no_move(&self, why: &str, outcome: Option<Outcome>) {
        match self.protocol {
            Protocol::Uci => {
                self.problem(why, "");
                self.line("bestmove 0000")
            }
            Protocol::Usi => {
                self.problem(why, "");
                self.line("bestmove resign")
            }
            Protocol::Xboard => match outcome {
                // The claim of the result, as engines make it: `1-0 {checkmate}`.
                Some(o) if o.is_over() => self.line(&format!("{} {{{}}}", o.result(), o.reason())),
                _ => self.line(&format!("Error (no move): {why}")),
            },
        }
    }
}

fn bracket(c: char) -> char {
    match c {
        '(' => '[',
        ')' => ']',
        c => c,
    }
}

/// The index of a side in [`Go::time`] and [`Go::inc`].
pub fn index(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}
