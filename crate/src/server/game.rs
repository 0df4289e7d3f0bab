//! One game as the server keeps it: a fold of its events (`event.rs`).
//! `decide` turns a command into the events it would add (or a reason to
//! reject it), checked by the engine, without changing anything; `apply`
//! folds an event in and says what the game is after it (`After`, which
//! the wire adds to the event's frame, so a page needs no rule of its own to
//! follow the game: when a draw offer lapses is said here, once). The actor
//! (`actor.rs`) tells nobody of an event before it is stored, and reloads
//! from the database if a store fails.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicI64, Ordering};

use serde_json::{json, Value};

use super::clock::{Clock, ClockSpec};
use super::engine::{self, Game, Side};
use super::event::{seat_name, EndReason, Entry, Event, GameResult};
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

/// What a game is once an event is in: what a client following the events
/// would otherwise have to work out by the rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct After {
    pub status: Status,
    /// The draw offer standing, by the seat that made it.
    pub draw_offer: Option<Side>,
    /// Whether the side to move's time runs (not before both sides' first moves).
    pub clock_running: bool,
    /// Whether a player may still abort the game (until both sides have moved).
    pub abortable: bool,
    /// Milliseconds the side to move has left, as of the event, to make its
    /// first move before the game is aborted (`None`: no such limit now).
    pub first_move_ms: Option<i64>,
    /// The rematch offer standing, by the seat that made it.
    pub rematch_offer: Option<Side>,
}

/// How long a side has for its first move in a live game before the server
/// aborts it (`zilo serve --first-move`).
pub const FIRST_MOVE_MS: i64 = 30_000;
static FIRST_MOVE: AtomicI64 = AtomicI64::new(FIRST_MOVE_MS);

/// The time for a first move this process uses (`FIRST_MOVE_MS` unless set).
pub fn first_move_ms() -> i64 {
    FIRST_MOVE.load(Ordering::Relaxed)
}

/// Sets the time for a first move (the `--first-move` option; tests use a short one).
pub fn set_first_move_ms(ms: i64) {
    FIRST_MOVE.store(ms.max(1), Ordering::Relaxed);
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
        r#move: String,
    },
    Setup {
        half: String,
    },
    Resign,
    Draw,
    /// End the game without a result, while not both sides have moved.
    Abort,
    /// Offer a rematch, or accept the other's offer: the new game, with the
    /// colours swapped, gets the id `game` (`rematch.rs`).
    Rematch {
        game: String,
    },
    /// Accept the other's rematch offer (refused when none stands).
    RematchAccept {
        game: String,
    },
    /// Decline the other's rematch offer (or withdraw one's own).
    RematchDecline,
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
    ended: Option<(GameResult, EndReason)>,
    /// The id of this game's rematch, once agreed.
    rematch: Option<String>,
    rematch_offer: Option<Side>,
    /// Stored under the old clock rule (the clock ran from the join; no abort).
    legacy_clock: bool,
    /// Moves played.
    plies: usize,
    /// Since when the side to move has been to move (ms since the epoch).
    turn_since: Option<i64>,
    cids: HashMap<(Side, String), u64>,
    recent: VecDeque<(Entry, After)>,
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

/// How the engine's outcome ends a game, as the server's events write it (`None`: it goes on).
fn engine_end(outcome: engine::Outcome) -> Option<(GameResult, EndReason)> {
    let result = match outcome {
        engine::Outcome::Ongoing => return None,
        engine::Outcome::Decisive { winner: Side::First, .. } => GameResult::FirstWins,
        engine::Outcome::Decisive { .. } => GameResult::SecondWins,
        engine::Outcome::Draw { .. } => GameResult::Draw,
    };
    Some((result, EndReason::from(outcome.reason().to_string())))
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
            rematch_offer: None,
            legacy_clock: false,
            plies: 0,
            turn_since: None,
            cids: HashMap::new(),
            recent: VecDeque::new(),
        })
    }

    /// A stored game: its meta and every event, in order.
    pub fn load(meta: Meta, events: &[Entry]) -> Result<GameState, String> {
        Ok(GameState::replay(meta, events, u64::MAX)?.0)
    }

    /// A stored game, and its events after version `after` with what each left.
    pub fn replay(meta: Meta, events: &[Entry], after: u64) -> Result<(GameState, Vec<(Entry, After)>), String> {
        let mut state = GameState::new(meta).map_err(|e| e.reason)?;
        let mut kept = Vec::new();
        for e in events {
            let left = state.apply(e)?;
            if e.v > after {
                kept.push((e.clone(), left));
            }
        }
        Ok((state, kept))
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

    /// The seat to move (the first before the game begins).
    pub fn turn(&self) -> Side {
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

    /// Whether a player may still abort: the game goes on and not both sides have moved.
    pub fn abortable(&self) -> bool {
        self.ended.is_none() && self.plies < 2
    }

    /// When the game is aborted if the side to move does not make its first
    /// move: live games only, until both sides have moved (never for a game
    /// stored under the old clock rule).
    pub fn first_move_deadline(&self) -> Option<i64> {
        let live = self.clock.is_some_and(|c| !c.spec.is_correspondence());
        if !live || self.legacy_clock || self.plies >= 2 || self.status() != Status::Playing {
            return None;
        }
        self.turn_since.map(|since| since + first_move_ms())
    }

    pub fn summary(&self) -> Summary {
        let (result, reason) = self.result();
        let deadline_ms = match (&self.clock, self.status()) {
            (Some(clock), Status::Playing) => self.first_move_deadline().or_else(|| clock.deadline(self.turn())),
            _ => None,
        };
        Summary {
            version: self.version,
            status: self.status(),
            result: result.to_string(),
            reason: reason.to_string(),
            deadline_ms,
        }
    }

    /// The result and reason as written: `*` and `ongoing` before the end.
    fn result(&self) -> (&'static str, &str) {
        match &self.ended {
            Some((result, reason)) => (result.as_str(), reason.as_str()),
            None => ("*", "ongoing"),
        }
    }

    /// What the game is at `now` (an event's time).
    fn after(&self, now: i64) -> After {
        After {
            status: self.status(),
            draw_offer: self.draw_offer,
            clock_running: self.clock.is_some_and(|c| c.is_running()),
            abortable: self.abortable(),
            first_move_ms: self.first_move_deadline().map(|d| (d - now).max(0)),
            rematch_offer: self.rematch_offer,
        }
    }

    /// The events after version `after` with what each left, if they are still in memory.
    pub fn recent_after(&self, after: u64) -> Option<Vec<(Entry, After)>> {
        let first = self.recent.front().map_or(self.version + 1, |(e, _)| e.v);
        (after + 1 >= first).then(|| self.recent.iter().filter(|(e, _)| e.v > after).cloned().collect())
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
            "clock": self.clock.map(|c| c.times(self.turn(), now)),
            "clock_spec": self.meta.clock,
            "players": {"first": self.seats[0].is_some(), "second": self.seats[1].is_some()},
            "ready": {"first": self.halves[0].is_some(), "second": self.halves[1].is_some()},
            "draw_offer": self.draw_offer.map(seat_name),
            "rematch": self.rematch,
            "rematch_offer": self.rematch_offer.map(seat_name),
            "abortable": self.abortable(),
            "clock_running": self.clock.is_some_and(|c| c.is_running()),
            "first_move_ms": self.first_move_deadline().map(|d| (d - now).max(0)),
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
    ) -> Result<Vec<Entry>, Refused> {
        let mut out = Vec::new();
        let mut next_v = self.version;
        // The first event a command makes carries its cid (the version its ack names).
        let mut event = |seat: Option<Side>, event: Event, secret: Option<String>, out: &mut Vec<Entry>| {
            next_v += 1;
            let cid = if out.is_empty() { cid.map(str::to_string) } else { None };
            out.push(Entry { v: next_v, seat, cid, at_ms: now, event, secret });
        };
        match command {
            Command::Join { token_hash, seat } => {
                let wanted = seat.map_or(vec![Side::First, Side::Second], |s| vec![s]);
                let Some(free) = wanted.into_iter().find(|&s| self.seats[index(s)].is_none()) else {
                    return Err(Refused::new("server.seatsTaken", "both seats are taken"));
                };
                let joined = Event::Joined { seat: free, legacy_clock: false };
                event(Some(free), joined, Some(token_hash.clone()), &mut out);
                return Ok(out);
            }
            Command::Flag => {
                if let Some(deadline) = self.first_move_deadline() {
                    if now >= deadline {
                        let end = Event::End { result: GameResult::NoResult, reason: EndReason::Aborted };
                        event(None, end, None, &mut out);
                    }
                } else if let (Some(clock), Status::Playing) = (&self.clock, self.status()) {
                    let turn = self.turn();
                    if clock.has_flagged(turn, now) {
                        let end = Event::End { result: GameResult::win_for(turn.opponent()), reason: EndReason::Time };
                        event(None, end, None, &mut out);
                    }
                }
                return Ok(out);
            }
            Command::Rematch { .. } | Command::RematchAccept { .. } | Command::RematchDecline => {
                let asked = super::rematch::Standing {
                    over: self.ended.is_some(),
                    rematch: self.rematch.as_deref(),
                    offer: self.rematch_offer,
                };
                if let Some(rematch) = super::rematch::decide(seat, &asked, command)? {
                    event(seat, rematch, None, &mut out);
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
            let result = result.as_str();
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
                event(Some(seat), Event::Ready { seat }, Some(half.clone()), &mut out);
                if let Some(other) = &self.halves[index(seat.opponent())] {
                    let (first, second) = if seat == Side::First { (half, other) } else { (other, half) };
                    let to_move = if super::tokens::coin() { Side::First } else { Side::Second };
                    let game = Game::from_halves(&self.meta.variant, first, second, to_move)?;
                    event(None, Event::Start { position: game.position() }, None, &mut out);
                }
            }
            Command::Move { v, r#move } => {
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
                let played = game.play(r#move)?;
                let clock = self.clock.map(|c| c.after_move(seat, now).times(game.turn(), now));
                let played =
                    Event::Move { r#move: played.text, san: played.notation, position: game.position(), clock };
                event(Some(seat), played, None, &mut out);
                let outcome = game.outcome();
                if let Some((result, reason)) = engine_end(outcome) {
                    event(None, Event::End { result, reason }, None, &mut out);
                }
            }
            Command::Resign => {
                if self.status() == Status::Waiting {
                    return Err(waiting_for_opponent());
                }
                let end = Event::End { result: GameResult::win_for(seat.opponent()), reason: EndReason::Resignation };
                event(Some(seat), end, None, &mut out);
            }
            Command::Abort => {
                if !self.abortable() {
                    return Err(Refused::new(
                        "server.abortTooLate",
                        "both sides have moved: the game can no longer be aborted (resign or offer a draw)",
                    ));
                }
                let end = Event::End { result: GameResult::NoResult, reason: EndReason::Aborted };
                event(Some(seat), end, None, &mut out);
            }
            Command::Draw => {
                self.playing_game()?;
                match self.draw_offer {
                    Some(offerer) if offerer == seat => {
                        return Err(Refused::new("server.drawOfferStands", "your draw offer already stands"))
                    }
                    Some(_) => {
                        let end = Event::End { result: GameResult::Draw, reason: EndReason::Agreement };
                        event(Some(seat), end, None, &mut out)
                    }
                    None => event(Some(seat), Event::Draw { seat }, None, &mut out),
                }
            }
            Command::Join { .. }
            | Command::Flag
            | Command::Rematch { .. }
            | Command::RematchAccept { .. }
            | Command::RematchDecline => unreachable!("answered above"),
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

    /// Folds in a stored event (the next version); what the game is after it.
    pub fn apply(&mut self, e: &Entry) -> Result<After, String> {
        if e.v != self.version + 1 {
            return Err(format!("event {} follows version {}", e.v, self.version));
        }
        match &e.event {
            Event::Joined { seat, legacy_clock } => {
                self.seats[index(*seat)] = e.secret.clone();
                self.legacy_clock |= *legacy_clock;
                if self.status() == Status::Playing {
                    self.begin(e.at_ms);
                }
            }
            Event::Ready { seat } => self.halves[index(*seat)] = e.secret.clone(),
            Event::Start { position } => {
                self.game = Some(Game::new(&self.meta.variant, Some(position)).map_err(|e| e.to_string())?);
                if self.status() == Status::Playing {
                    self.begin(e.at_ms);
                }
            }
            Event::Move { r#move, clock: times, .. } => {
                let game = self.game.as_mut().ok_or("a move before the game began")?;
                let mover = game.turn();
                game.push(r#move).map_err(|err| format!("stored move {}: {err}", e.v))?;
                if let (Some(clock), Some(times)) = (&mut self.clock, times) {
                    clock.restore(*times, e.at_ms);
                }
                self.plies += 1;
                self.turn_since = Some(e.at_ms);
                // Each side's time runs once it has made its first move.
                if self.plies >= 2 {
                    self.start_clock(e.at_ms);
                }
                // A draw offer stands until the offerer's opponent moves.
                if self.draw_offer == Some(mover.opponent()) {
                    self.draw_offer = None;
                }
            }
            Event::Draw { seat } => self.draw_offer = Some(*seat),
            Event::RematchOffer { seat } => self.rematch_offer = Some(*seat),
            Event::RematchDecline { .. } => self.rematch_offer = None,
            Event::Rematch { game } => {
                self.rematch = Some(game.clone());
                self.rematch_offer = None;
            }
            Event::End { result, reason } => {
                let turn = self.turn();
                if let Some(clock) = &mut self.clock {
                    clock.stop(turn, e.at_ms);
                }
                self.draw_offer = None;
                self.ended = Some((*result, reason.clone()));
            }
        }
        if let (Some(seat), Some(cid)) = (e.seat, &e.cid) {
            self.cids.insert((seat, cid.clone()), e.v);
        }
        self.version = e.v;
        let after = self.after(e.at_ms);
        self.recent.push_back((e.clone(), after));
        if self.recent.len() > RECENT_EVENTS {
            self.recent.pop_front();
        }
        Ok(after)
    }

    /// Play begins at `at` (both seats taken, or a hidden setup revealed): the
    /// first side is to move; under the old rule its clock starts now.
    fn begin(&mut self, at: i64) {
        self.turn_since = Some(at);
        if self.legacy_clock {
            self.start_clock(at);
        }
    }

    fn start_clock(&mut self, at: i64) {
        if let Some(clock) = &mut self.clock {
            if !clock.is_running() {
                clock.start(at);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(clock: ClockSpec, legacy_clock: bool) -> GameState {
        let meta = Meta { id: "g".into(), variant: "chess".into(), position: None, clock: Some(clock), created_ms: 0 };
        let mut state = GameState::new(meta).unwrap();
        for (v, seat, at) in [(1, Side::First, 0), (2, Side::Second, 1_000)] {
            let event = Event::Joined { seat, legacy_clock };
            let entry = Entry { v, seat: Some(seat), cid: None, at_ms: at, event, secret: Some(format!("t{v}")) };
            state.apply(&entry).unwrap();
        }
        state
    }

    const LIVE: ClockSpec = ClockSpec::Live { initial: 60.0, increment: 0.0 };

    #[test]
    fn a_game_stored_under_the_old_clock_rule_runs_its_clock_from_the_join() {
        let old = game(LIVE, true);
        assert_eq!(old.view(None, 5_000)["clock"], json!({"first": 56_000, "second": 60_000}));
        assert_eq!(old.first_move_deadline(), None, "no abort under the old rule");
        assert_eq!(old.summary().deadline_ms, Some(61_000));
    }

    #[test]
    fn a_new_game_waits_for_the_first_move_and_aborts_without_it() {
        let new = game(LIVE, false);
        let view = new.view(None, 5_000);
        assert_eq!(view["clock"], json!({"first": 60_000, "second": 60_000}));
        assert_eq!((view["clock_running"].clone(), view["abortable"].clone()), (json!(false), json!(true)));
        let deadline = 1_000 + first_move_ms();
        assert_eq!((new.first_move_deadline(), new.summary().deadline_ms), (Some(deadline), Some(deadline)));
        assert_eq!(new.decide(None, None, &Command::Flag, deadline - 1).unwrap(), vec![]);
        let ended = new.decide(None, None, &Command::Flag, deadline).unwrap();
        let aborted = Event::End { result: GameResult::NoResult, reason: EndReason::Aborted };
        assert_eq!(ended.iter().map(|e| &e.event).collect::<Vec<_>>(), vec![&aborted]);
        // A correspondence game never aborts on its own.
        assert_eq!(game(ClockSpec::Correspondence { days: 1.0 }, false).first_move_deadline(), None);
    }
}
