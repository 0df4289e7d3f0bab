//! Move text in the UCI style Fairy-Stockfish writes: `e3e4`, `a10a9`,
//! drops `P@e5` (letter uppercase whatever the side), promotion suffix `e7e8q`;
//! flexible castling `f1h1+i1g1` (king's move `+` rook's move) and snipes
//! `c1xc7` (shooter's cell `x` target), which Fairy-Stockfish does not have.
//! Also the notation players read (`san`): algebraic or shogi style.

use std::fmt;

use crate::chesslike::bitboard::Bitboard;
use crate::chesslike::geometry::Square;
use crate::chesslike::moves::Move;
use crate::chesslike::piece::Role;
use crate::chesslike::position::Position;
use crate::chesslike::variant::{CastlingKingMove, MoveNotation, Promotion, Variant};

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
    /// Far longer than any move (the length in bytes).
    TooLong(usize),
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
    // Checked first, so that no error message ever echoes a long text.
    if text.len() > 16 {
        return Err(MoveTextError::TooLong(text.len()));
    }
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
    if let Some(target) = rest.strip_prefix('x') {
        if split_square(target).is_none_or(|(_, after)| !after.is_empty()) {
            return Err(malformed());
        }
        return Ok(Move::Snipe { from: square(variant, from)?, target: square(variant, target)? });
    }
    let (to, suffix) = split_square(rest).ok_or_else(malformed)?;
    if let Some(rook_move) = suffix.strip_prefix('+').filter(|r| !r.is_empty()) {
        let (rook, rest) = split_square(rook_move).ok_or_else(malformed)?;
        let (rook_to, rest) = split_square(rest).ok_or_else(malformed)?;
        if !rest.is_empty() {
            return Err(malformed());
        }
        return Ok(Move::Castle {
            king: square(variant, from)?,
            king_to: square(variant, to)?,
            rook: square(variant, rook)?,
            rook_to: square(variant, rook_to)?,
        });
    }
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
            Move::Castle { king, king_to, rook, rook_to } => {
                write!(f, "{}{}", g.square_name(king), g.square_name(king_to))?;
                match self.variant.rules.castling.map(|c| c.king_move) {
                    Some(CastlingKingMove::UpToTheRook) => {
                        write!(f, "+{}{}", g.square_name(rook), g.square_name(rook_to))
                    }
                    _ => Ok(()),
                }
            }
            Move::EnPassant { from, to } => write!(f, "{}{}", g.square_name(from), g.square_name(to)),
            Move::Snipe { from, target } => write!(f, "{}x{}", g.square_name(from), g.square_name(target)),
            Move::Drop { role, to } => write!(f, "{}@{}", self.variant.piece(role).letter, g.square_name(to)),
        }
    }
}

/// Parses move text against a position: `e1g1` becomes castling, `e5d6` en
/// passant, `+` the piece's promotion, wherever the position has such a move.
/// Text that matches no move comes back as written, for `move_error` to explain.
pub fn parse_move_in(pos: &crate::chesslike::position::Position, text: &str) -> Result<Move, MoveTextError> {
    let parsed = parse_move(pos.variant(), text)?;
    let Move::Normal { from, to, promotion } = parsed else { return Ok(parsed) };
    let variant = pos.variant();
    let matches = |m: &Move| {
        // A castle matches the king's move only where castles are written so.
        (!matches!(m, Move::Castle { .. }) || move_text(variant, *m).to_string() == text)
            && m.to() == to
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

/// The label players read for file `file` (0 on the first player's left):
/// `a`, `b`, … in algebraic notation; shogi counts files from the first
/// player's right (`9` … `1`), so c4 is 7f.
pub fn file_label(v: &Variant, file: u8) -> String {
    match v.rules.move_notation {
        MoveNotation::Algebraic => ((b'a' + file) as char).to_string(),
        MoveNotation::Shogi => (v.geometry.files - file).to_string(),
    }
}

/// The label players read for rank `rank` (0 on the first player's side):
/// `1`, `2`, … in algebraic notation; shogi letters ranks from the second
/// player's side (`a` is the far rank).
pub fn rank_label(v: &Variant, rank: u8) -> String {
    match v.rules.move_notation {
        MoveNotation::Algebraic => (rank + 1).to_string(),
        MoveNotation::Shogi => ((b'a' + v.geometry.ranks - 1 - rank) as char).to_string(),
    }
}

/// Whether `m` is a plain step whose promoting twin (to the piece's one
/// promoted form) is legal too: a promotion declined, as shogi writes `=`.
pub fn declines_promotion(pos: &Position, m: Move) -> bool {
    let Move::Normal { from, to, promotion: None } = m else { return false };
    let Some(piece) = pos.piece_at(from) else { return false };
    pos.variant()
        .piece(piece.role())
        .promotes_to
        .is_some_and(|role| pos.is_legal(Move::Normal { from, to, promotion: Some(role) }))
}

/// How players write `m`, played in `pos` (before the move): the variant's
/// `MoveNotation`, with a check (`+`) or mate (`#`) mark in algebraic style.
pub fn san(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    let sq = |s: Square| format!("{}{}", file_label(v, g.file_of(s)), rank_label(v, g.rank_of(s)));
    let letter = |role: Role| v.piece(role).letter;
    let Some(from) = m.from() else {
        let Move::Drop { role, to } = m else { unreachable!("only drops start nowhere") };
        let mark = if v.rules.move_notation == MoveNotation::Shogi { '*' } else { '@' };
        return format!("{}{mark}{}{}", letter(role), sq(to), check_mark(pos, m));
    };
    let Some(piece) = pos.piece_at(from) else { return move_text(v, m).to_string() };
    let role = piece.role();
    let captures =
        matches!(m, Move::EnPassant { .. }) || pos.piece_at(m.to()).is_some_and(|p| p.color() != piece.color());
    // The other pieces of the same kind that could make the same kind of move to the same cell
    // (only their own moves are generated: most moves are written without looking further).
    let siblings = pos.pieces(piece.color(), role) & !Bitboard::from_square(from);
    let rivals: Vec<Square> = siblings
        .into_iter()
        .filter(|&f| pos.legal_moves_from(f).iter().any(|o| o.same_kind(m) && o.to() == m.to()))
        .collect();
    let disambiguation = || {
        if rivals.is_empty() {
            String::new()
        } else if rivals.iter().all(|&r| g.file_of(r) != g.file_of(from)) {
            sq(from)[..1].to_string()
        } else if rivals.iter().all(|&r| g.rank_of(r) != g.rank_of(from)) {
            sq(from)[1..].to_string()
        } else {
            sq(from)
        }
    };
    let text = match (v.rules.move_notation, m) {
        (MoveNotation::Shogi, _) => {
            let promoted = m.promotion().is_some();
            let declined = declines_promotion(pos, m);
            let dis = if rivals.is_empty() { String::new() } else { sq(from) };
            let suffix = if promoted {
                "+"
            } else if declined {
                "="
            } else {
                ""
            };
            return format!(
                "{}{}{}{}{}",
                san_letter(v, role),
                dis,
                if captures { 'x' } else { '-' },
                sq(m.to()),
                suffix
            );
        }
        (_, Move::Castle { king, king_to, .. }) => {
            let side = if g.file_of(king_to) > g.file_of(king) { "O-O" } else { "O-O-O" };
            match v.rules.castling.map(|c| c.king_move) {
                Some(CastlingKingMove::UpToTheRook) => format!("{side}(K{})", sq(king_to)),
                _ => side.to_string(),
            }
        }
        (_, Move::Snipe { target, .. }) => format!("{}{}!{}", letter(role), disambiguation(), sq(target)),
        _ if letter(role) == 'P' => {
            let file = if captures { format!("{}x", &sq(from)[..1]) } else { String::new() };
            let promotion = m.promotion().map(|r| format!("={}", letter(r))).unwrap_or_default();
            format!("{file}{}{promotion}", sq(m.to()))
        }
        _ => {
            let promotion = m.promotion().map(|r| format!("={}", letter(r))).unwrap_or_default();
            format!("{}{}{}{}{promotion}", letter(role), disambiguation(), if captures { "x" } else { "" }, sq(m.to()))
        }
    };
    text + check_mark(pos, m)
}

/// A promoted shogi piece is written `+P`.
fn san_letter(v: &Variant, role: Role) -> String {
    let def = v.piece(role);
    if def.promoted {
        format!("+{}", def.letter)
    } else {
        def.letter.to_string()
    }
}

/// `+` if `m` gives check, `#` if it mates, else nothing.
fn check_mark(pos: &Position, m: Move) -> &'static str {
    let next = pos.play_unchecked(m);
    let Some(_) = next.monarch_square(next.turn()) else { return "#" };
    if !next.is_check() {
        ""
    } else if next.has_legal_move() {
        "+"
    } else {
        "#"
    }
}
