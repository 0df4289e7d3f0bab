//! The record of a game of any family: the start position, the moves played
//! and the positions they led to, undo and redo, resignation, and the outcome
//! (worked out once per position, by the family's rules, from the whole line,
//! so that repetition sees every earlier position).

use std::cell::OnceCell;
use std::fmt;

use crate::game_position::{GamePosition, Outcome, Player};

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Record<P: GamePosition> {
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<P>,
    /// `outcomes[i]`: how the game stands at `positions[i]`, resignation
    /// aside; worked out the first time it is asked, then kept (it depends
    /// only on `positions[..=i]`, which never change while `i` is there).
    outcomes: Vec<OnceCell<Outcome<P::Side>>>,
    moves: Vec<P::Move>,
    /// Undone moves, the next to redo last.
    redo: Vec<P::Move>,
    resigned: Option<P::Side>,
}

/// Why a move could not be played in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError<S, E> {
    /// The game has ended.
    Over(Outcome<S>),
    /// The move is not legal here, or its text could not be read.
    Move(E),
}

impl<S: Player, E: fmt::Display> fmt::Display for PlayError<S, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Over(o) => write!(f, "the game is over ({o})"),
            PlayError::Move(e) => write!(f, "{e}"),
        }
    }
}

impl<S: Player, E: fmt::Display + fmt::Debug> std::error::Error for PlayError<S, E> {}

/// The error of playing a move in a record of `P`.
pub type RecordError<P> = PlayError<<P as GamePosition>::Side, <P as GamePosition>::MoveError>;

impl<P: GamePosition> Record<P> {
    pub fn new(start: P) -> Record<P> {
        Record {
            positions: vec![start],
            outcomes: vec![OnceCell::new()],
            moves: Vec::new(),
            redo: Vec::new(),
            resigned: None,
        }
    }

    /// The current position.
    pub fn position(&self) -> &P {
        // `positions` always holds the start.
        &self.positions[self.positions.len() - 1]
    }

    pub fn start_position(&self) -> &P {
        &self.positions[0]
    }

    /// Every position of the game, the start first and the current last.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// The side that resigned, if one did.
    pub fn resigned(&self) -> Option<P::Side> {
        self.resigned
    }

    pub fn can_undo(&self) -> bool {
        !self.moves.is_empty() || self.resigned.is_some()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty() && self.resigned.is_none()
    }

    /// The moves that may be played now: none once the game is over.
    pub fn legal_moves(&self) -> P::MoveList {
        if self.outcome().is_over() {
            P::MoveList::default()
        } else {
            self.position().legal_moves()
        }
    }

    /// The leaves of the legal move tree `depth` plies deep from the current
    /// position. A finished game has no legal moves, so it counts 0 for a
    /// depth of 1 or more (1 for depth 0, the position itself). Below the
    /// root the lines end by the position's own rules (no legal move, a
    /// captured King), as in every engine's perft: the counters' draws and
    /// repetitions, which need the game, are judged at the root only.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth > 0 && self.outcome().is_over() {
            0
        } else {
            self.position().perft(depth)
        }
    }

    /// Each move that may be played now with the perft `depth - 1` plies
    /// below it (their sum is `perft(depth)`); none at depth 0 or once the game is over.
    pub fn perft_divide(&self, depth: u32) -> Vec<(P::Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let pos = self.position();
        self.legal_moves().iter().map(|&m| (m, pos.play(m).perft(depth - 1))).collect()
    }

    /// Whether `m` may be played now, and if not, why.
    pub fn check(&self, m: P::Move) -> Result<(), RecordError<P>> {
        let outcome = self.outcome();
        if outcome.is_over() {
            return Err(PlayError::Over(outcome));
        }
        match self.position().move_error(m) {
            Some(e) => Err(PlayError::Move(e)),
            None => Ok(()),
        }
    }

    /// Plays a legal move.
    pub fn play(&mut self, m: P::Move) -> Result<(), RecordError<P>> {
        self.check(m)?;
        let next = self.position().play(m);
        self.advance(m, next);
        Ok(())
    }

    /// Reads and plays a move given as text.
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, RecordError<P>> {
        let outcome = self.outcome();
        if outcome.is_over() {
            return Err(PlayError::Over(outcome));
        }
        let m = self.position().parse_move(text).map_err(PlayError::Move)?;
        let next = self.position().play(m);
        self.advance(m, next);
        Ok(m)
    }

    /// Records `m`, already checked, and the position it leads to.
    pub(crate) fn advance(&mut self, m: P::Move, next: P) {
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.positions.push(next);
        self.outcomes.push(OnceCell::new());
        self.moves.push(m);
    }

    /// Takes back the last move (or a resignation). False if there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        if self.resigned.take().is_some() {
            return true;
        }
        self.undo_move().is_some()
    }

    /// Takes back the last move (kept for redo) and returns it; `None` at the start.
    pub fn undo_move(&mut self) -> Option<P::Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.outcomes.pop();
        self.redo.push(m);
        Some(m)
    }

    /// Plays again the last undone move. False if there is none.
    pub fn redo(&mut self) -> bool {
        if self.resigned.is_some() {
            return false;
        }
        match self.redo.last() {
            Some(&m) => self.play(m).is_ok(),
            None => false,
        }
    }

    /// `side` resigns (nothing happens once the game is over).
    pub fn resign(&mut self, side: P::Side) {
        if !self.outcome().is_over() {
            self.resigned = Some(side);
        }
    }

    /// How the game stands now.
    pub fn outcome(&self) -> Outcome<P::Side> {
        if let Some(loser) = self.resigned {
            return Outcome::resignation(loser);
        }
        *self.outcomes.last().expect("an outcome slot per position").get_or_init(|| P::judge(&self.positions))
    }

    /// How many times the current position has occurred in this game (1 the first time).
    pub fn occurrences(&self) -> usize {
        let now = self.position();
        self.positions.iter().filter(|p| p.same_position(now)).count()
    }

    /// The hashes of the positions before the current one, oldest first:
    /// what the search needs to score a return to one of them as a draw.
    pub fn earlier_hashes(&self) -> Vec<u64> {
        self.positions[..self.positions.len() - 1].iter().map(|p| p.hash()).collect()
    }
}

impl<P: GamePosition> AsRef<Record<P>> for Record<P> {
    fn as_ref(&self) -> &Record<P> {
        self
    }
}
