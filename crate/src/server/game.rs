//! One game as the server keeps it: a fold of its stored events. `decide`
//! turns a command into the events it would add (or a reason to reject it),
//! checked by the engine, without changing anything; `apply` folds a stored
//! event in. The actor (`actor.rs`) tells nobody of an event before it is
//! stored, and reloads from the database if a store fails.

use std::collections::{HashMap, VecDeque};

use serde_json::{json, Value};

use super::clock::{Clock, ClockSpec};
use super::engine::{self, Game, Side};
use super::protocol::{seat_by_name, seat_name, win_for, DRAW_RESULT};
use super::refused::Refused;

/// What a game is created with; never changes.
#[derive(Clone, Debug, PartialEq)]
pub struct Meta {
    pub id: String,
    pub variant: String,
    /// The start position the creator gave, if any.
    pub position: Option<String>,
    pub clock: Option<ClockSpec>,
    pub created_ms: i64,
}

/// A stored event: the public object clients see (`body`, with `t` and `v`),
/// the command that produced it, and what only the server may know.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    pub v: u64,
    pub seat: Option<Side>,
    pub cid: Option<String>,
    pub at_ms: i64,
    pub body: Value,
    /// A joined seat's token hash, or a locked hidden half.
    pub secret: Option<String>,
}

/// The columns kept beside the events for sweeping and listing.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub version: u64,
    pub status: Status,
    pub result: String,
    pub reason: String,
    /// When the side to move's flag falls, while a clock runs.
    pub deadline_ms: Option<i64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Waiting,
    Setup,
    Playing,
    Over,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Setup => "setup",
            Status::Playing => "playing",
            Status::Over => "over",
        }
    }
}

/// What a player (or the server's own clock) asks of a game.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Take a free seat (`seat`, or whichever is free), holding it with this token hash.
    Join {
        token_hash: String,
        seat: Option<Side>,
    },
    Move {
        v: u64,
        text: String,
    },
    Setup {
        half: String,
    },
    Resign,
    Draw,
    /// A new game with the colours swapped, under the id `game` (`rematch.rs`).
    Rematch {
        game: String,
    },
    /// The server's clock: end the game if the side to move's time is out.
    Flag,
}

/// How many recent events stay in memory for reconnections.
const RECENT_EVENTS: usize = 64;

#[derive(Clone, Debug)]
pub struct GameState {
    pub meta: Meta,
    pub version: u64,
    hidden: bool,
    seats: [Option<String>; 2],
    halves: [Option<String>; 2],
    /// The game on the board; for a hidden setup, only once it has started.
    game: Option<Game>,
    clock: Option<Clock>,
    draw_offer: Option<Side>,
    ended: Option<(String, String)>,
    /// The id of this game's rematch, once asked for.
    rematch: Option<String>,
    cids: HashMap<(Side, String), u64>,
    recent: VecDeque<Event>,
}

fn index(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

/// Why a command waits for the second player.
fn waiting_for_opponent() -> Refused {
    Refused::new("server.waitingForOpponent", "the game has not begun: waiting for an opponent")
}

fn str_field<'a>(body: &'a Value, name: &str) -> &'a str {
    body[name].as_str().unwrap_or("")
}

impl GameState {
    /// A new game (no events yet); the engine checks the variant and position.
    pub fn new(meta: Meta) -> Result<GameState, Refused> {
        let hidden = engine::hidden_setup(&meta.variant)? && meta.position.is_none();
        let game = if hidden { None } else { Some(Game::new(&meta.variant, meta.position.as_deref())?) };
        Ok(GameState {
            clock: meta.clock.map(Clock::new),
            meta,
            version: 0,
            hidden,
            seats: [None, None],
            halves: [None, None],
            game,
            draw_offer: None,
            ended: None,
            rematch: None,
            cids: HashMap::new(),
            recent: VecDeque::new(),
        })
    }

    /// A stored game: its meta and every event, in order.
    pub fn load(meta: Meta, events: &[Event]) -> Result<GameState, String> {
        let mut state = GameState::new(meta).map_err(|e| e.reason)?;
        for e in events {
            state.apply(e)?;
        }
        Ok(state)
    }

    pub fn status(&self) -> Status {
        if self.ended.is_some() {
            Status::Over
        } else if self.seats.iter().any(Option::is_none) {
            Status::Waiting
        } else if self.game.is_none() {
            Status::Setup
        } else {
            Status::Playing
        }
    }

    fn turn(&self) -> Side {
        self.game.as_ref().map_or(Side::First, Game::turn)
    }

    /// The token hashes of the two seats (first, second), to seat a rematch.
    pub fn seat_hashes(&self) -> [Option<String>; 2] {
        self.seats.clone()
    }

    /// The seat a token hash holds.
    pub fn seat_of(&self, token_hash: &str) -> Option<Side> {
        [Side::First, Side::Second].into_iter().find(|&s| self.seats[index(s)].as_deref() == Some(token_hash))
    }

    /// The version of the event a seat's earlier command with this cid produced.
    pub fn acked(&self, seat: Side, cid: &str) -> Option<u64> {
        self.cids.get(&(seat, cid.to_string())).copied()
    }

    pub fn summary(&self) -> Summary {
        let (result, reason) = self.result();
        let deadline_ms = match (&self.clock, self.status()) {
            (Some(clock), Status::Playing) => clock.deadline(self.turn()),
            _ => None,
        };
        Summary { version: self.version, status: self.status(), result, reason, deadline_ms }
    }

    fn result(&self) -> (String, String) {
        match &self.ended {
            Some((result, reason)) => (result.clone(), reason.clone()),
            None => ("*".into(), "ongoing".into()),
        }
    }

    /// The events after version `after`, if they are still in memory.
    pub fn recent_after(&self, after: u64) -> Option<Vec<Event>> {
        let first = self.recent.front().map_or(self.version + 1, |e| e.v);
        (after + 1 >= first).then(|| self.recent.iter().filter(|e| e.v > after).cloned().collect())
    }

    /// The `game` object of a snapshot, for `seat` (`None`: a spectator) at `now`.
    pub fn view(&self, seat: Option<Side>, now: i64) -> Value {
        let (result, reason) = self.result();
        let mut view = json!({
            "id": self.meta.id,
            "variant": self.meta.variant,
            "position": self.game.as_ref().map(Game::position),
            "start": self.game.as_ref().map(Game::start_position),
            "moves": self.game.as_ref().map(Game::history).unwrap_or_default(),
            "turn": self.game.as_ref().map(|g| seat_name(g.turn())),
            "status": self.status().name(),
            "result": result,
            "reason": reason,
            "clock": self.clock.map(|c| c.to_json(self.turn(), now)),
            "clock_spec": self.meta.clock,
            "players": {"first": self.seats[0].is_some(), "second": self.seats[1].is_some()},
            "ready": {"first": self.halves[0].is_some(), "second": self.halves[1].is_some()},
            "draw_offer": self.draw_offer.map(seat_name),
            "rematch": self.rematch,
        });
        if let Some(side) = seat {
            if self.status() == Status::Setup || (self.hidden && self.game.is_none()) {
                if let Some(half) = &self.halves[index(side)] {
                    view["half"] = json!(half);
                }
            }
        }
        view
    }

    /// The events `command` from `seat` would add at `now`, or why it is refused.
    pub fn decide(
        &self,
        seat: Option<Side>,
        cid: Option<&str>,
        command: &Command,
        now: i64,
    ) -> Result<Vec<Event>, Refused> {
        let mut out = Vec::new();
        let mut next_v = self.version;
        let mut event = |seat: Option<Side>, body: Value, secret: Option<String>, out: &mut Vec<Event>| {
            next_v += 1;
            let mut body = body;
            body["v"] = json!(next_v);
            let cid = if out.is_empty() { cid.map(str::to_string) } else { None };
            out.push(Event { v: next_v, seat, cid, at_ms: now, body, secret });
        };
        match command {
            Command::Join { token_hash, seat } => {
                let wanted = seat.map_or(vec![Side::First, Side::Second], |s| vec![s]);
                let Some(free) = wanted.into_iter().find(|&s| self.seats[index(s)].is_none()) else {
                    return Err(Refused::new("server.seatsTaken", "both seats are taken"));
                };
                event(Some(free), json!({"t": "joined", "seat": seat_name(free)}), Some(token_hash.clone()), &mut out);
                return Ok(out);
            }
            Command::Flag => {
                if let (Some(clock), Status::Playing) = (&self.clock, self.status()) {
                    let turn = self.turn();
                    if clock.has_flagged(turn, now) {
                        let end = json!({"t": "end", "result": win_for(turn.opponent()), "reason": "time"});
                        event(None, end, None, &mut out);
                    }
                }
                return Ok(out);
            }
            Command::Rematch { game } => {
                let body = super::rematch::decide(seat, self.ended.is_some(), self.rematch.as_deref(), game)?;
                if let Some(body) = body {
                    event(seat, body, None, &mut out);
                }
                return Ok(out);
            }
            _ => {}
        }
        let Some(seat) = seat else {
            return Err(Refused::new(
                "server.spectatorCannotPlay",
                "spectators cannot play; connect with a seat's token",
            ));
        };
        if let Some((result, reason)) = &self.ended {
            return Err(Refused::new("server.gameOver", format!("the game is over ({result} {reason})"))
                .arg("result", result)
                .arg("reason", reason));
        }
        match command {
            Command::Setup { half } => {
                if !self.hidden {
                    return Err(Refused::new("server.noHiddenSetup", "this game has no hidden setup"));
                }
                if self.game.is_some() {
                    return Err(Refused::new("server.setupOver", "the setup is over"));
                }
                if self.halves[index(seat)].is_some() {
                    return Err(Refused::new("server.halfLocked", "your half is locked and cannot be changed"));
                }
                engine::check_half(&self.meta.variant, seat, half)?;
                event(Some(seat), json!({"t": "ready", "seat": seat_name(seat)}), Some(half.clone()), &mut out);
                if let Some(other) = &self.halves[index(seat.opponent())] {
                    let (first, second) = if seat == Side::First { (half, other) } else { (other, half) };
                    let to_move = if super::tokens::coin() { Side::First } else { Side::Second };
                    let game = Game::from_halves(&self.meta.variant, first, second, to_move)?;
                    event(None, json!({"t": "start", "position": game.position()}), None, &mut out);
                }
            }
            Command::Move { v, text } => {
                let game = self.playing_game()?;
                if *v != self.version {
                    return Err(Refused::new(
                        "server.staleVersion",
                        format!("stale version {v}: the game is at version {}", self.version),
                    )
                    .arg("v", v)
                    .arg("version", self.version));
                }
                if game.turn() != seat {
                    return Err(Refused::new("server.notYourTurn", "not your turn"));
                }
                let mut game = game.clone();
                let played = game.play(text)?;
                let clock = self.clock.map(|c| c.after_move(seat, now).to_json(game.turn(), now));
                let body = json!({"t": "move", "move": played.text, "text": played.notation,
                                  "position": game.position(), "clock": clock});
                event(Some(seat), body, None, &mut out);
                let outcome = game.outcome();
                if outcome.is_over() {
                    event(
                        None,
                        json!({"t": "end", "result": outcome.result(), "reason": outcome.reason()}),
                        None,
                        &mut out,
                    );
                }
            }
            Command::Resign => {
                if self.status() == Status::Waiting {
                    return Err(waiting_for_opponent());
                }
                let end = json!({"t": "end", "result": win_for(seat.opponent()), "reason": "resignation"});
                event(Some(seat), end, None, &mut out);
            }
            Command::Draw => {
                self.playing_game()?;
                match self.draw_offer {
                    Some(offerer) if offerer == seat => {
                        return Err(Refused::new("server.drawOfferStands", "your draw offer already stands"))
                    }
                    Some(_) => {
                        let end = json!({"t": "end", "result": DRAW_RESULT, "reason": "agreement"});
                        event(Some(seat), end, None, &mut out)
                    }
                    None => event(Some(seat), json!({"t": "draw", "seat": seat_name(seat)}), None, &mut out),
                }
            }
            Command::Join { .. } | Command::Flag | Command::Rematch { .. } => unreachable!("answered above"),
        }
        Ok(out)
    }

    fn playing_game(&self) -> Result<&Game, Refused> {
        match (self.status(), &self.game) {
            (Status::Playing, Some(game)) => Ok(game),
            (Status::Waiting, _) => Err(waiting_for_opponent()),
            _ => Err(Refused::new("server.setupNotFinished", "the game has not begun: the setup is not finished")),
        }
    }

    /// Folds in a stored event (the next version).
    pub fn apply(&mut self, e: &Event) -> Result<(), String> {
        if e.v != self.version + 1 {
            return Err(format!("event {} follows version {}", e.v, self.version));
        }
        let seat = e.seat.or_else(|| seat_by_name(str_field(&e.body, "seat")));
        match str_field(&e.body, "t") {
            "joined" => {
                let seat = seat.ok_or("a joined event without a seat")?;
                self.seats[index(seat)] = e.secret.clone();
                if self.status() == Status::Playing {
                    self.start_clock(e.at_ms);
                }
            }
            "ready" => self.halves[index(seat.ok_or("a ready event without a seat")?)] = e.secret.clone(),
            "start" => {
                let position = str_field(&e.body, "position");
                self.game = Some(Game::new(&self.meta.variant, Some(position)).map_err(|e| e.to_string())?);
                if self.status() == Status::Playing {
                    self.start_clock(e.at_ms);
                }
            }
            "move" => {
                let game = self.game.as_mut().ok_or("a move before the game began")?;
                let mover = game.turn();
                game.push(str_field(&e.body, "move")).map_err(|err| format!("stored move {}: {err}", e.v))?;
                if let Some(clock) = &mut self.clock {
                    clock.restore(&e.body["clock"], e.at_ms);
                }
                if self.draw_offer == Some(mover.opponent()) {
                    self.draw_offer = None;
                }
            }
            "draw" => self.draw_offer = seat,
            "rematch" => self.rematch = Some(str_field(&e.body, "game").to_string()),
            "end" => {
                let turn = self.turn();
                if let Some(clock) = &mut self.clock {
                    clock.stop(turn, e.at_ms);
                }
                self.draw_offer = None;
                self.ended = Some((str_field(&e.body, "result").into(), str_field(&e.body, "reason").into()));
            }
            other => return Err(format!("unknown stored event '{other}'")),
        }
        if let (Some(seat), Some(cid)) = (e.seat, &e.cid) {
            self.cids.insert((seat, cid.clone()), e.v);
        }
        self.version = e.v;
        self.recent.push_back(e.clone());
        if self.recent.len() > RECENT_EVENTS {
            self.recent.pop_front();
        }
        Ok(())
    }

    fn start_clock(&mut self, at: i64) {
        if let Some(clock) = &mut self.clock {
            if !clock.is_running() {
                clock.start(at);
            }
        }
    }
}
