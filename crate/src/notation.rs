//! Move text in the UCI style Fairy-Stockfish writes: `e3e4`, `a10a9`,
//! drops `P@e5` (letter uppercase whatever the side), promotion suffix `e7e8q`.

use std::fmt;

use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::Role;
use crate::variant::{Promotion, Variant};

/// Stands for "the piece's promoted form" in a parsed shogi move (`+`) until
/// the move is matched against the position.
pub const PROMOTES: Role = Role(u8::MAX);

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// Not shaped like a move at all.
    Malformed(String),
    /// A square name that is not on this board.
    OffBoard(String),
    /// A drop or promotion letter that names no piece of this variant.
    UnknownPiece(char),
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Malformed(t) => write!(f, "'{t}' is not a move (write moves like e3e4, or P@e5 for a drop)"),
            MoveTextError::OffBoard(t) => write!(f, "square '{t}' is not on the board"),
            MoveTextError::UnknownPiece(c) => write!(f, "'{c}' is not a piece of this variant"),
        }
    }
}

impl std::error::Error for MoveTextError {}

/// Splits a leading square name (`e3`, `a10`) off `text`.
fn split_square(text: &str) -> Option<(&str, &str)> {
    let bytes = text.as_bytes();
    if bytes.first()?.is_ascii_lowercase() {
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if (1..=2).contains(&digits) {
            return Some(text.split_at(1 + digits));
        }
    }
    None
}

fn square(variant: &Variant, name: &str) -> Result<Square, MoveTextError> {
    variant.geometry.parse_square(name).ok_or_else(|| MoveTextError::OffBoard(name.to_string()))
}

pub fn parse_move(variant: &Variant, text: &str) -> Result<Move, MoveTextError> {
    let malformed = || MoveTextError::Malformed(text.to_string());
    if let Some((letter, to)) = text.split_once('@') {
        let mut chars = letter.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else { return Err(malformed()) };
        if !c.is_ascii_alphabetic() || split_square(to).is_none_or(|(_, rest)| !rest.is_empty()) {
            return Err(malformed());
        }
        let role = variant.role_by_letter(c).ok_or(MoveTextError::UnknownPiece(c))?;
        return Ok(Move::Drop { role, to: square(variant, to)? });
    }
    let (from, rest) = split_square(text).ok_or_else(malformed)?;
    let (to, suffix) = split_square(rest).ok_or_else(malformed)?;
    let promotion = match suffix {
        "" => None,
        "+" => match variant.rules.promotion {
            // The role is filled in against the legal moves (`Position::parse_move`).
            Promotion::Zone { .. } => Some(PROMOTES),
            _ => return Err(malformed()),
        },
        s if s.len() == 1 && s.as_bytes()[0].is_ascii_alphabetic() => {
            let c = s.chars().next().expect("one char");
            Some(variant.role_by_letter(c).ok_or(MoveTextError::UnknownPiece(c))?)
        }
        _ => return Err(malformed()),
    };
    Ok(Move::Normal { from: square(variant, from)?, to: square(variant, to)?, promotion })
}

/// The text of a move: `Display` writes `e3e4`, `P@e5`, `e7e8q`.
pub struct MoveText<'a> {
    variant: &'a Variant,
    m: Move,
}

pub fn move_text(variant: &Variant, m: Move) -> MoveText<'_> {
    MoveText { variant, m }
}

impl fmt::Display for MoveText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = &self.variant.geometry;
        match self.m {
            Move::Normal { from, to, promotion } => {
                write!(f, "{}{}", g.square_name(from), g.square_name(to))?;
                match promotion {
                    // Shogi writes a promotion as `+`, chess names the new piece.
                    Some(_) if matches!(self.variant.rules.promotion, Promotion::Zone { .. }) => write!(f, "+"),
                    Some(role) => write!(f, "{}", self.variant.piece(role).letter.to_ascii_lowercase()),
                    None => Ok(()),
                }
            }
            Move::EnPassant { from, to } | Move::Castle { king: from, king_to: to, .. } => {
                write!(f, "{}{}", g.square_name(from), g.square_name(to))
            }
            Move::Drop { role, to } => write!(f, "{}@{}", self.variant.piece(role).letter, g.square_name(to)),
        }
    }
}

/// Parses move text against a position: `e1g1` becomes castling, `e5d6` en
/// passant, `+` the piece's promotion, wherever the position has such a move.
/// Text that matches no move comes back as written, for `move_error` to explain.
pub fn parse_move_in(pos: &crate::position::Position, text: &str) -> Result<Move, MoveTextError> {
    let parsed = parse_move(pos.variant(), text)?;
    let Move::Normal { from, to, promotion } = parsed else { return Ok(parsed) };
    let matches = |m: &Move| {
        m.to() == to
            && match (promotion, m.promotion()) {
                (Some(PROMOTES), p) => p.is_some(),
                (p, q) => p == q,
            }
    };
    if let Some(&m) = pos.pseudo_legal_moves_from(from).iter().find(|m| matches(m)) {
        return Ok(m);
    }
    let promotion = match promotion {
        Some(PROMOTES) => pos.piece_at(from).and_then(|p| pos.variant().piece(p.role()).promotes_to).or(Some(PROMOTES)),
        p => p,
    };
    Ok(Move::Normal { from, to, promotion })
}
