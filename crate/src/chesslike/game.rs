//! A game: the start position, the moves played, undo and redo, and the outcome.

use std::fmt;

use crate::chesslike::bitboard::Bitboard;
use crate::chesslike::fen::{self, FenError};
use crate::chesslike::geometry::{DirSet, Square};
use crate::chesslike::legality::{IllegalMove, IllegalReason};
use crate::chesslike::moves::Move;
use crate::chesslike::notation::{self, MoveTextError};
use crate::chesslike::piece::{steps, Movement};
use crate::chesslike::piece::{Color, Piece};
use crate::chesslike::position::{Position, Removal};
use crate::chesslike::variant::{NoMovesOutcome, Variant};
use crate::record::Record;

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
    /// A position string far longer than any position (its length in bytes).
    FenTooLong(usize),
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
            GameError::FenTooLong(n) => {
                write!(f, "bad position string: it is {n} bytes long; no position needs more than {MAX_FEN_LEN}")
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

/// The longest position string `Game::from_text` reads: far more than any
/// real position needs (a full 10×10 board and full hands), so longer text is
/// refused before it is parsed or echoed in a message.
pub const MAX_FEN_LEN: usize = 4096;

/// The longest move text `Game::parse_move` reads (the longest real move,
/// a flexible castle like `a10j10+b10i10`, has 13 bytes).
pub const MAX_MOVE_LEN: usize = 32;

/// A game of a chess-like variant: the family's record (`crate::record`)
/// with the variant, move texts and reports of what each move did.
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
    pub fn new(start: Position) -> Game {
        Game { record: Record::new(start) }
    }

    /// A game of `variant` from its start or from a position string.
    pub fn from_text(variant: &str, fen: Option<&str>) -> Result<Game, GameError> {
        let v = Variant::by_id(variant).ok_or_else(|| {
            // An unknown name is echoed, but not a page of it.
            let shown = if variant.len() > 40 { format!("({} bytes)", variant.len()) } else { variant.to_string() };
            GameError::UnknownVariant(shown)
        })?;
        let start = match fen {
            Some(text) if text.len() > MAX_FEN_LEN => return Err(GameError::FenTooLong(text.len())),
            Some(text) => fen::parse_position(v, text)?,
            None => Position::start(v),
        };
        Ok(Game::new(start))
    }

    /// The record under the game, as every family has one.
    pub fn record(&self) -> &Record<Position> {
        &self.record
    }

    pub fn variant(&self) -> &'static Variant {
        self.position().variant()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.record.position()
    }

    pub fn start_position(&self) -> &Position {
        self.record.start_position()
    }

    pub fn moves(&self) -> &[Move] {
        self.record.moves()
    }

    pub fn can_undo(&self) -> bool {
        self.record.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.record.can_redo()
    }

    pub fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        if text.len() > MAX_MOVE_LEN {
            return Err(MoveTextError::TooLong(text.len()));
        }
        notation::parse_move_in(self.position(), text)
    }

    pub fn move_text(&self, m: Move) -> String {
        notation::move_text(self.variant(), m).to_string()
    }

    /// Why `m` may not be played now (the game is over, or it is illegal
    /// here), or `None` if it may.
    pub fn move_error(&self, m: Move) -> Option<IllegalMove> {
        if self.outcome().is_over() {
            return Some(IllegalMove { text: self.move_text(m), reason: IllegalReason::GameOver });
        }
        self.position().move_error(m)
    }

    /// Plays a legal move without reporting what it did: the lean call for
    /// callers that walk the game tree.
    pub fn push(&mut self, m: Move) -> Result<(), IllegalMove> {
        if let Some(e) = self.move_error(m) {
            return Err(e);
        }
        let next = self.position().play_unchecked(m);
        self.record.advance(m, next);
        Ok(())
    }

    /// Plays a legal move and reports what it did.
    pub fn play(&mut self, m: Move) -> Result<PlayReport, IllegalMove> {
        if let Some(e) = self.move_error(m) {
            return Err(e);
        }
        Ok(self.play_checked(m))
    }

    /// `play` for a move that `move_error` has just passed.
    pub(crate) fn play_checked(&mut self, m: Move) -> PlayReport {
        let mut captured = None;
        let mut blasted = Vec::new();
        let next = self.position().play_reporting(m, |r| match r {
            Removal::Captured(sq, p) => captured = Some((sq, p)),
            Removal::Blasted(sq, p) => blasted.push((sq, p)),
        });
        self.record.advance(m, next);
        PlayReport { played: m, captured, blasted, check: self.position().is_check(), outcome: self.outcome() }
    }

    /// Parses and plays a move given as text.
    pub fn play_text(&mut self, text: &str) -> Result<PlayReport, GameError> {
        let m = self.parse_move(text)?;
        Ok(self.play(m)?)
    }

    /// Takes back the last move (or a resignation). False if there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        self.record.undo()
    }

    /// Plays again the last undone move. False if there is none.
    pub fn redo(&mut self) -> bool {
        self.record.redo()
    }

    pub fn resign(&mut self, side: Color) {
        self.record.resign(side)
    }

    /// How the game stands now.
    pub fn outcome(&self) -> Outcome {
        self.record.outcome()
    }
}

/// How a game stands at the last of `positions` (the game's positions from
/// its start), resignation aside.
pub(crate) fn judge(positions: &[Position]) -> Outcome {
    let pos = positions.last().expect("a game has a position");
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
    let occurrences = positions.iter().filter(|p| p.same_placement(pos)).count();
    if occurrences >= rules.repetition_count as usize {
        if rules.perpetual_check_loses {
            // Since the first occurrence: did one side give check with every move?
            let first = positions.iter().position(|p| p.same_placement(pos)).expect("pos occurs");
            let cycle = &positions[first..];
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

impl Game {
    /// How many times the current position has occurred in this game.
    pub fn occurrences(&self) -> usize {
        self.record.occurrences()
    }

    /// The outcome in words: a title (`White wins (1-0)`, `Draw (1/2-1/2)`)
    /// and a sentence saying why, in the variant's names for sides and kings.
    /// Empty strings while the game goes on.
    pub fn outcome_text(&self) -> (String, String) {
        ending_words(&self.record)
    }
}

/// How a game ended, in words: a title (`White wins (1-0)`, `Draw
/// (1/2-1/2)`) and a sentence saying why, in the variant's names for sides
/// and kings. Empty strings while the game goes on.
pub fn ending_words(record: &Record<Position>) -> (String, String) {
    let outcome = record.outcome();
    let v = record.position().variant();
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
    let to_move = record.position().turn();
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
            format!("Draw by repetition: the same position arose for the {} time.", nth(record.occurrences()))
        }
        EndReason::PerpetualCheck => format!(
            "Perpetual check: {} gave check on every move of the repetition, and perpetual check loses.",
            team(loser)
        ),
        EndReason::MonarchCaptured => {
            // Blown up, rather than taken, when it did not stand where the last move landed.
            let positions = record.positions();
            let blasted = match (record.moves().last(), positions.len().checked_sub(2)) {
                (Some(m), Some(i)) => positions[i].monarch_square(loser) != Some(m.to()),
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

/// Every move code has this bit set (and none above it), so that small
/// numbers are never taken for moves.
const CODE_MARK: u32 = 1 << 29;
/// Set in a castle's code, whose four squares fill the bits below.
const CODE_CASTLE: u32 = 1 << 28;
const CODE_KIND_SHIFT: u32 = 25;
const CODE_NORMAL: u32 = 0;
const CODE_DROP: u32 = 1;
const CODE_EN_PASSANT: u32 = 2;
const CODE_SNIPE: u32 = 3;

/// A move as one number, for callers that walk the game tree and want no
/// text per move: a whole number between 2²⁹ and 2³⁰ (so it stays a small
/// integer in JavaScript engines), the same for the same move in every
/// position of a variant. Squares are cell indices (7 bits each).
pub fn move_code(m: Move) -> u32 {
    let sq = |s: Square, slot: u32| (s.0 as u32) << (7 * slot);
    let kind = |k: u32| CODE_MARK | k << CODE_KIND_SHIFT;
    match m {
        Move::Normal { from, to, promotion } => {
            kind(CODE_NORMAL) | sq(from, 0) | sq(to, 1) | promotion.map_or(0, |r| (r.0 as u32 + 1) << 14)
        }
        Move::Drop { role, to } => kind(CODE_DROP) | role.0 as u32 | sq(to, 1),
        Move::EnPassant { from, to } => kind(CODE_EN_PASSANT) | sq(from, 0) | sq(to, 1),
        Move::Snipe { from, target } => kind(CODE_SNIPE) | sq(from, 0) | sq(target, 1),
        Move::Castle { king, king_to, rook, rook_to } => {
            CODE_MARK | CODE_CASTLE | sq(king, 0) | sq(king_to, 1) | sq(rook, 2) | sq(rook_to, 3)
        }
    }
}

/// The move a code stands for in `variant`, if it is one (whether it is
/// legal anywhere is another question): squares on the board, pieces of the
/// variant, no stray bits.
pub fn move_from_code(variant: &Variant, code: u32) -> Option<Move> {
    // The mark, and nothing above it.
    if code & !(CODE_MARK - 1) != CODE_MARK {
        return None;
    }
    let cells = variant.geometry.cell_count();
    let sq = |slot: u32| {
        let i = (code >> (7 * slot)) & 0x7f;
        ((i as usize) < cells).then_some(Square(i as u8))
    };
    let role = |i: u32| ((i as usize) < variant.pieces.len()).then_some(crate::chesslike::piece::Role(i as u8));
    if code & CODE_CASTLE != 0 {
        return Some(Move::Castle { king: sq(0)?, king_to: sq(1)?, rook: sq(2)?, rook_to: sq(3)? });
    }
    let kind = (code >> CODE_KIND_SHIFT) & 0b111;
    let unused = |mask: u32| code & mask == 0;
    // Bits 14..25 carry a promotion (5 bits) for a plain move, nothing else.
    let high = ((1 << CODE_KIND_SHIFT) - 1) & !((1 << 14) - 1);
    match kind {
        CODE_NORMAL if unused(high & !(0x1f << 14)) => {
            let promotion = match (code >> 14) & 0x1f {
                0 => None,
                r => Some(role(r - 1)?),
            };
            Some(Move::Normal { from: sq(0)?, to: sq(1)?, promotion })
        }
        CODE_DROP if unused(high) => Some(Move::Drop { role: role(code & 0x7f)?, to: sq(1)? }),
        CODE_EN_PASSANT if unused(high) => Some(Move::EnPassant { from: sq(0)?, to: sq(1)? }),
        CODE_SNIPE if unused(high) => Some(Move::Snipe { from: sq(0)?, target: sq(1)? }),
        _ => None,
    }
}

/// The deepest perft the front doors run: far beyond what finishes (the
/// recursion would otherwise run out of stack long before it ended).
pub const MAX_PERFT_DEPTH: u32 = 20;
