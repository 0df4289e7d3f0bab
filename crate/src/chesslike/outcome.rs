//! How a chess-like game ends: the rules' judgement of a line of positions
//! (as [`Outcome`]s of the shared layer), the end in the variant's words, and
//! why a move text may not be played.

use std::fmt;

use crate::chesslike::bitboard::Bitboard;
use crate::chesslike::geometry::{DirSet, Square};
use crate::chesslike::legality::IllegalMove;
use crate::chesslike::notation::MoveTextError;
use crate::chesslike::piece::Color;
use crate::chesslike::piece::{steps, Movement};
use crate::chesslike::position::Position;
use crate::chesslike::variant::NoMovesOutcome;
use crate::game_position::{EndReason, Outcome as SharedOutcome};
use crate::record::Record;

/// How a chess-like game stands.
pub type Outcome = SharedOutcome<Color>;

/// Why a move given as text may not be played here: its text could not be
/// read, or it is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    MoveText(MoveTextError),
    Illegal(IllegalMove),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::MoveText(e) => write!(f, "{e}"),
            MoveError::Illegal(e) => write!(f, "illegal move {e}"),
        }
    }
}

impl std::error::Error for MoveError {}

impl From<MoveTextError> for MoveError {
    fn from(e: MoveTextError) -> Self {
        MoveError::MoveText(e)
    }
}
impl From<IllegalMove> for MoveError {
    fn from(e: IllegalMove) -> Self {
        MoveError::Illegal(e)
    }
}

/// How a game stands at the last of `positions` (the game's positions from
/// its start), resignation aside.
pub(crate) fn judge(positions: &[Position]) -> Outcome {
    let pos = positions.last().expect("a game has a position");
    let us = pos.turn();
    if pos.monarch_square(us).is_none() {
        return Outcome::Decisive { winner: !us, reason: EndReason::MonarchCaptured };
    }
    if !pos.has_legal_move() {
        return if pos.is_check() {
            Outcome::Decisive { winner: !us, reason: EndReason::Checkmate }
        } else {
            match pos.variant().rules.stalemate {
                NoMovesOutcome::Loss => Outcome::Decisive { winner: !us, reason: EndReason::Stalemate },
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
                    return Outcome::Decisive { winner: !checker, reason: EndReason::PerpetualCheck };
                }
            }
        }
        return Outcome::Draw { reason: EndReason::Repetition };
    }
    match position_draw(pos) {
        Some(reason) => Outcome::Draw { reason },
        None => Outcome::Ongoing,
    }
}

/// The draws the position alone shows, legal moves aside: fifty moves by
/// each side without a capture or a reset move, or material that can never
/// mate (where the variant has those rules).
pub(crate) fn position_draw(pos: &Position) -> Option<EndReason> {
    let rules = &pos.variant().rules;
    if rules.fifty_move_rule && pos.halfmoves() >= 100 {
        return Some(EndReason::FiftyMoves);
    }
    if rules.insufficient_material && insufficient_material(pos) {
        return Some(EndReason::InsufficientMaterial);
    }
    None
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
        Outcome::Decisive { winner, reason } => (Some(winner), reason),
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
        // The shared reasons of games without check never end a chess-like game.
        EndReason::Stalemate | EndReason::NoMoves if winner.is_some() => {
            format!("Stalemate: {} no legal move, and in this game that loses.", has(loser))
        }
        EndReason::Stalemate | EndReason::NoMoves => {
            format!("Draw by stalemate: {} no legal move but is not in check.", has(to_move))
        }
        EndReason::Repetition => {
            format!("Draw by repetition: the same position arose for the {} time.", nth(record.occurrences()))
        }
        EndReason::PerpetualCheck => format!(
            "Perpetual check: {} gave check on every move of the repetition, and perpetual check loses.",
            team(loser)
        ),
        EndReason::MonarchCaptured | EndReason::KingCaptured => {
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
