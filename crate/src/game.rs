//! A game: the start position, the moves played, undo and redo, and the outcome.

use std::fmt;

use crate::bitboard::Bitboard;
use crate::fen::{self, FenError};
use crate::geometry::{DirSet, Square};
use crate::legality::{IllegalMove, IllegalReason};
use crate::moves::Move;
use crate::notation::{self, MoveTextError};
use crate::piece::{steps, Movement};
use crate::piece::{Color, Piece};
use crate::position::{Position, Removal};
use crate::variant::{NoMovesOutcome, Variant};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    Repetition,
    /// A monarch was removed (by a blast, in `zilo`).
    MonarchCaptured,
    Resignation,
    FiftyMoves,
    InsufficientMaterial,
    /// The same position a fourth time, reached by checking at every move.
    PerpetualCheck,
}

impl EndReason {
    /// The word used by the CLI and the JavaScript API.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "repetition",
            EndReason::MonarchCaptured => "monarch-captured",
            EndReason::Resignation => "resignation",
            EndReason::FiftyMoves => "fifty-moves",
            EndReason::InsufficientMaterial => "insufficient-material",
            EndReason::PerpetualCheck => "perpetual-check",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ongoing,
    Win { winner: Color, reason: EndReason },
    Draw { reason: EndReason },
}

impl Outcome {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn result(self) -> &'static str {
        match self {
            Outcome::Ongoing => "*",
            Outcome::Win { winner: Color::White, .. } => "1-0",
            Outcome::Win { winner: Color::Black, .. } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }

    /// `checkmate`, `repetition`, …, or `ongoing`.
    pub fn reason(self) -> &'static str {
        match self {
            Outcome::Ongoing => "ongoing",
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason.as_str(),
        }
    }

    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            _ => None,
        }
    }

    pub fn is_over(self) -> bool {
        self != Outcome::Ongoing
    }
}

/// Anything that can go wrong when a caller drives a game with text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    UnknownVariant(String),
    Fen(FenError),
    MoveText(MoveTextError),
    Illegal(IllegalMove),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::UnknownVariant(v) => {
                write!(f, "unknown variant '{v}' (known: {})", Variant::all().join(", "))
            }
            GameError::Fen(e) => write!(f, "bad position string: {e}"),
            GameError::MoveText(e) => write!(f, "{e}"),
            GameError::Illegal(e) => write!(f, "illegal move {e}"),
        }
    }
}

impl std::error::Error for GameError {}

impl From<FenError> for GameError {
    fn from(e: FenError) -> Self {
        GameError::Fen(e)
    }
}
impl From<MoveTextError> for GameError {
    fn from(e: MoveTextError) -> Self {
        GameError::MoveText(e)
    }
}
impl From<IllegalMove> for GameError {
    fn from(e: IllegalMove) -> Self {
        GameError::Illegal(e)
    }
}

/// What one move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayReport {
    pub played: Move,
    pub captured: Option<(Square, Piece)>,
    pub blasted: Vec<(Square, Piece)>,
    /// The side now to move is in check.
    pub check: bool,
    pub outcome: Outcome,
}

#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Undone moves, the next to redo last.
    redo: Vec<Move>,
    resigned: Option<Color>,
}

impl Game {
    pub fn new(start: Position) -> Game {
        Game { positions: vec![start], moves: Vec::new(), redo: Vec::new(), resigned: None }
    }

    /// A game of `variant` from its start or from a position string.
    pub fn from_text(variant: &str, fen: Option<&str>) -> Result<Game, GameError> {
        let v = Variant::by_id(variant).ok_or_else(|| GameError::UnknownVariant(variant.to_string()))?;
        let start = match fen {
            Some(text) => fen::parse_position(v, text)?,
            None => Position::start(v),
        };
        Ok(Game::new(start))
    }

    pub fn variant(&self) -> &'static Variant {
        self.position().variant()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has its start position")
    }

    pub fn start_position(&self) -> &Position {
        &self.positions[0]
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn can_undo(&self) -> bool {
        !self.moves.is_empty() || self.resigned.is_some()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty() && self.resigned.is_none()
    }

    pub fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        notation::parse_move_in(self.position(), text)
    }

    pub fn move_text(&self, m: Move) -> String {
        notation::move_text(self.variant(), m).to_string()
    }

    /// Plays a legal move and reports what it did.
    pub fn play(&mut self, m: Move) -> Result<PlayReport, IllegalMove> {
        let pos = self.position();
        let game_over = || IllegalMove { text: self.move_text(m), reason: IllegalReason::GameOver };
        if self.outcome().is_over() {
            return Err(game_over());
        }
        if let Some(e) = pos.move_error(m) {
            return Err(e);
        }
        let mut captured = None;
        let mut blasted = Vec::new();
        let next = pos.play_reporting(m, |r| match r {
            Removal::Captured(sq, p) => captured = Some((sq, p)),
            Removal::Blasted(sq, p) => blasted.push((sq, p)),
        });
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.positions.push(next);
        self.moves.push(m);
        Ok(PlayReport { played: m, captured, blasted, check: self.position().is_check(), outcome: self.outcome() })
    }

    /// Parses and plays a move given as text.
    pub fn play_text(&mut self, text: &str) -> Result<PlayReport, GameError> {
        let m = self.parse_move(text)?;
        Ok(self.play(m)?)
    }

    /// Takes back the last move (or a resignation). False if there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        if self.resigned.take().is_some() {
            return true;
        }
        match self.moves.pop() {
            Some(m) => {
                self.positions.pop();
                self.redo.push(m);
                true
            }
            None => false,
        }
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

    pub fn resign(&mut self, side: Color) {
        if !self.outcome().is_over() {
            self.resigned = Some(side);
        }
    }

    /// How the game stands now.
    pub fn outcome(&self) -> Outcome {
        if let Some(loser) = self.resigned {
            return Outcome::Win { winner: !loser, reason: EndReason::Resignation };
        }
        let pos = self.position();
        let us = pos.turn();
        if pos.monarch_square(us).is_none() {
            return Outcome::Win { winner: !us, reason: EndReason::MonarchCaptured };
        }
        if !pos.has_legal_move() {
            return if pos.is_check() {
                Outcome::Win { winner: !us, reason: EndReason::Checkmate }
            } else {
                match pos.variant().rules.stalemate {
                    NoMovesOutcome::Loss => Outcome::Win { winner: !us, reason: EndReason::Stalemate },
                    NoMovesOutcome::Draw => Outcome::Draw { reason: EndReason::Stalemate },
                }
            };
        }
        let rules = &pos.variant().rules;
        let repeats: Vec<usize> =
            (0..self.positions.len()).filter(|&i| self.positions[i].same_placement(pos)).collect();
        if repeats.len() >= rules.repetition_count as usize {
            if rules.perpetual_check_loses {
                // Since the first occurrence: did one side give check with every move?
                let cycle = &self.positions[repeats[0]..];
                for checker in Color::BOTH {
                    if cycle.iter().filter(|p| p.turn() == !checker).all(|p| p.is_check()) {
                        return Outcome::Win { winner: !checker, reason: EndReason::PerpetualCheck };
                    }
                }
            }
            return Outcome::Draw { reason: EndReason::Repetition };
        }
        if rules.fifty_move_rule && pos.halfmoves() >= 100 {
            return Outcome::Draw { reason: EndReason::FiftyMoves };
        }
        if rules.insufficient_material && insufficient_material(pos) {
            return Outcome::Draw { reason: EndReason::InsufficientMaterial };
        }
        Outcome::Ongoing
    }
}

impl Game {
    /// How many times the current position has occurred in this game.
    pub fn occurrences(&self) -> usize {
        let pos = self.position();
        self.positions.iter().filter(|p| p.same_placement(pos)).count()
    }

    /// The outcome in words: a title (`White wins (1-0)`, `Draw (1/2-1/2)`)
    /// and a sentence saying why, in the variant's names for sides and kings.
    /// Empty strings while the game goes on.
    pub fn outcome_text(&self) -> (String, String) {
        let outcome = self.outcome();
        let v = self.variant();
        let side = |c: Color| &v.sides[c.index()];
        let team = |c: Color| {
            let s = side(c);
            if s.plural {
                format!("the {}", s.name)
            } else {
                s.name.to_string()
            }
        };
        let verb = |c: Color, singular: &str, plural: &str| {
            if side(c).plural {
                plural.to_string()
            } else {
                singular.to_string()
            }
        };
        let capitalised = |text: String| {
            let mut chars = text.chars();
            chars.next().map(|c| c.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default()
        };
        let (winner, reason) = match outcome {
            Outcome::Ongoing => return (String::new(), String::new()),
            Outcome::Win { winner, reason } => (Some(winner), reason),
            Outcome::Draw { reason } => (None, reason),
        };
        let title = match winner {
            Some(w) => format!("{} {} ({})", capitalised(team(w)), verb(w, "wins", "win"), outcome.result()),
            None => format!("Draw ({})", outcome.result()),
        };
        let to_move = self.position().turn();
        let loser = winner.map(|w| !w).unwrap_or(to_move);
        let has = |c: Color| format!("{} {}", team(c), verb(c, "has", "have"));
        let nth = |n: usize| match n {
            2 => "second".to_string(),
            3 => "third".to_string(),
            4 => "fourth".to_string(),
            5 => "fifth".to_string(),
            n => format!("{n}th"),
        };
        let text = match reason {
            EndReason::Checkmate => {
                format!("Checkmate: the {} is in check and has no way out.", side(loser).monarch)
            }
            EndReason::Stalemate if winner.is_some() => {
                format!("Stalemate: {} no legal move, and in this game that loses.", has(loser))
            }
            EndReason::Stalemate => format!("Draw by stalemate: {} no legal move but is not in check.", has(to_move)),
            EndReason::Repetition => {
                format!("Draw by repetition: the same position arose for the {} time.", nth(self.occurrences()))
            }
            EndReason::PerpetualCheck => format!(
                "Perpetual check: {} gave check on every move of the repetition, and perpetual check loses.",
                team(loser)
            ),
            EndReason::MonarchCaptured => {
                // Blown up, rather than taken, when it did not stand where the last move landed.
                let blasted = match (self.moves.last(), self.positions.len().checked_sub(2)) {
                    (Some(m), Some(i)) => self.positions[i].monarch_square(loser) != Some(m.to()),
                    _ => false,
                };
                let how = if blasted { "blown up by a blast" } else { "captured" };
                format!("The {} was {how}.", side(loser).monarch)
            }
            EndReason::Resignation => format!("{} resigned.", team(loser)),
            EndReason::FiftyMoves => {
                "Draw by the fifty-move rule: fifty moves by each side without a capture or a pawn move.".to_string()
            }
            EndReason::InsufficientMaterial => {
                "Draw by insufficient material: neither side has enough pieces left to checkmate.".to_string()
            }
        };
        (title, capitalised(text))
    }
}

/// Neither side can ever mate (chess): only kings and at most one minor
/// piece, or only bishops all on squares of one colour.
fn insufficient_material(pos: &Position) -> bool {
    let v = pos.variant();
    let g = &v.geometry;
    let mut minors = Bitboard::EMPTY;
    let mut knights = 0;
    for role in v.roles().filter(|&r| r != v.royal()) {
        let pieces = pos.by_role(role);
        if pieces.is_empty() {
            continue;
        }
        let def = v.piece(role);
        match (def.captures.slides, def.captures.leaps.len(), def.captures.range) {
            (DirSet::DIAGONAL, 0, Movement::UNLIMITED) => minors |= pieces,
            (DirSet::NONE, 8, _) if def.captures.leaps == steps::KNIGHT => {
                minors |= pieces;
                knights += pieces.count();
            }
            _ => return false,
        }
    }
    if minors.count() <= 1 {
        return true;
    }
    let light = |sq: Square| (g.file_of(sq) + g.rank_of(sq)) % 2 == 1;
    knights == 0 && (minors.into_iter().all(light) || !minors.into_iter().any(light))
}
