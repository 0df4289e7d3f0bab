//! The end of the game, and the game record (the crate's `Record` of
//! Cyvasse positions: history, undo, repetition).

use std::fmt;

use super::board::Cell;
use super::movegen::{Turn, TurnError};
use super::piece::Side;
use super::position::Position;
use crate::record::{PlayError, Record};

/// Plies without a capture that draw: fifty turns by each side.
pub const FIFTY_TURN_PLIES: u32 = 100;

/// Occurrences of the same position that draw.
pub const REPETITIONS: usize = 3;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// A King was captured.
    KingCaptured,
    /// The side to move had no legal turn.
    NoMoves,
    /// The same position (pieces, terrain, side to move) occurred the third time.
    Repetition,
    /// Fifty turns by each side without a capture.
    FiftyTurns,
    /// A player resigned.
    Resignation,
}

impl EndReason {
    /// The reason as the CLI writes it (`king-captured`, `no-moves`, `repetition`, `fifty-moves`).
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::KingCaptured => "king-captured",
            EndReason::NoMoves => "no-moves",
            EndReason::Repetition => "repetition",
            EndReason::FiftyTurns => "fifty-moves",
            EndReason::Resignation => "resignation",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The state of a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// Play goes on.
    Ongoing,
    /// One side has won.
    Win { winner: Side, reason: EndReason },
    /// Drawn.
    Draw { reason: EndReason },
}

impl Outcome {
    /// `1-0` (`w` won), `0-1`, `1/2-1/2` or `*`.
    pub const fn result(self) -> &'static str {
        match self {
            Outcome::Ongoing => "*",
            Outcome::Win { winner: Side::White, .. } => "1-0",
            Outcome::Win { winner: Side::Black, .. } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }

    /// The reason, or `ongoing`.
    pub const fn reason(self) -> &'static str {
        match self {
            Outcome::Ongoing => "ongoing",
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason.as_str(),
        }
    }

    /// Whether the game is over.
    pub const fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.result(), self.reason())
    }
}

impl Position {
    /// The outcome that this position alone shows: a captured King, no legal
    /// turn, or fifty turns each without capture (in that order). Repetition
    /// needs the history: see [`Game::outcome`].
    pub fn outcome(&self) -> Outcome {
        if let Some(loser) = self.king_lost() {
            return Outcome::Win { winner: loser.opponent(), reason: EndReason::KingCaptured };
        }
        if self.turns_unsorted().is_empty() {
            return Outcome::Win { winner: self.side_to_move.opponent(), reason: EndReason::NoMoves };
        }
        if self.plies_since_capture >= FIFTY_TURN_PLIES {
            return Outcome::Draw { reason: EndReason::FiftyTurns };
        }
        Outcome::Ongoing
    }
}

/// A game from a starting position: the positions reached and the turns
/// played, with undo (the crate's generic record, with Cyvasse's words).
#[derive(Clone, Debug)]
pub struct Game {
    record: Record<Position>,
}

impl AsRef<Record<Position>> for Game {
    fn as_ref(&self) -> &Record<Position> {
        &self.record
    }
}

impl Game {
    /// A game starting from `start`.
    pub fn new(start: Position) -> Game {
        Game { record: Record::new(start) }
    }

    /// A game from a position string.
    pub fn from_position_string(text: &str) -> Result<Game, super::position::PositionError> {
        Position::parse(text).map(Game::new)
    }

    /// The record under the game, as every family has one.
    pub fn record(&self) -> &Record<Position> {
        &self.record
    }

    /// The record, to play, undo, redo or resign through its generic calls.
    pub fn record_mut(&mut self) -> &mut Record<Position> {
        &mut self.record
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.record.position()
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        self.record.start_position()
    }

    /// The turns played, in order.
    pub fn turns(&self) -> &[Turn] {
        self.record.moves()
    }

    /// The positions, the start first and the current last.
    pub fn positions(&self) -> &[Position] {
        self.record.positions()
    }

    /// How many times the current position has occurred (1 the first time).
    pub fn occurrences(&self) -> usize {
        self.record.occurrences()
    }

    /// The outcome: a captured King, no legal turn, the third occurrence of
    /// the position, or fifty turns each without a capture (in that order).
    pub fn outcome(&self) -> Outcome {
        self.record.outcome()
    }

    /// The legal turns (sorted by text); none once the game is over.
    pub fn legal_turns(&self) -> Vec<Turn> {
        if self.outcome().is_over() {
            Vec::new()
        } else {
            self.position().legal_turns()
        }
    }

    /// The legal turns whose (first) moving piece starts on `cell` (sorted
    /// by text); none once the game is over.
    pub fn turns_from(&self, cell: Cell) -> Vec<Turn> {
        if self.outcome().is_over() {
            Vec::new()
        } else {
            self.position().turns_from(cell)
        }
    }

    /// Plays a turn given as text.
    pub fn play_text(&mut self, text: &str) -> Result<Turn, GameError> {
        self.record.play_text(text).map_err(GameError::from)
    }

    /// Plays a turn.
    pub fn play(&mut self, turn: &Turn) -> Result<(), GameError> {
        self.record.play(*turn).map_err(GameError::from)
    }

    /// Takes back the last turn; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Turn> {
        self.record.undo_move()
    }
}

impl From<PlayError<Outcome, TurnError>> for GameError {
    fn from(e: PlayError<Outcome, TurnError>) -> Self {
        match e {
            PlayError::Over(o) => GameError::Over(o),
            PlayError::Move(e) => GameError::Turn(e),
        }
    }
}

/// Why a turn could not be played in a game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GameError {
    /// The game has ended.
    Over(Outcome),
    /// The turn is not legal.
    Turn(TurnError),
}

impl From<TurnError> for GameError {
    fn from(e: TurnError) -> Self {
        GameError::Turn(e)
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Over(o) => write!(f, "the game is over ({o})"),
            GameError::Turn(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GameError {}
