//! Position strings (the FEN dialect of Fairy-Stockfish): parse into a
//! `Setup`, write from a `Position`.
//!
//! `<ranks from the top, '/'-separated>[<hand>] <w|b> <castling> <en passant> <halfmoves> <fullmoves>`
//! Fields after the side to move may be left out; they default to `- - 0 1`.

use std::fmt::Write;

use crate::chesslike::bitboard::Bitboard;
use crate::chesslike::piece::{Color, Piece, MAX_ROLES};
use crate::chesslike::position::{Position, PositionError, Setup};
use crate::chesslike::variant::Variant;
use crate::counters::{parse_counter, CounterError};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Empty,
    RankCount {
        expected: u8,
        found: usize,
    },
    RankLength {
        rank: u8,
        expected: u8,
        found: usize,
    },
    UnknownPiece(char),
    UnknownHandPiece(char),
    /// A piece of the variant that is never held in a hand: the letters that may be.
    NotInHand(char, String),
    UnclosedHand,
    MissingTurn,
    Turn(String),
    Castling(String),
    EnPassant(String),
    /// An en passant square in a variant where nothing is taken en passant.
    NoEnPassant(String),
    /// A run of zero empty squares (`…H0…`).
    ZeroRun {
        rank: u8,
    },
    Counter(CounterError),
    TrailingText(String),
    Position(PositionError),
}

impl std::error::Error for FenError {}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

/// Reads a position string into an unchecked setup.
pub fn parse_setup(variant: &Variant, text: &str) -> Result<Setup, FenError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    let mut fields = text.split_ascii_whitespace();
    let placement = fields.next().ok_or(FenError::Empty)?;
    let (board_text, hand_text) = match placement.find('[') {
        Some(i) => {
            let rest = &placement[i + 1..];
            let hand = rest.strip_suffix(']').ok_or(FenError::UnclosedHand)?;
            (&placement[..i], Some(hand))
        }
        None => (placement, None),
    };
    let g = &variant.geometry;
    let mut setup = Setup {
        board: [None; 128],
        hands: [[0; MAX_ROLES]; 2],
        turn: Color::White,
        castling: Bitboard::EMPTY,
        en_passant: Bitboard::EMPTY,
        halfmoves: 0,
        fullmoves: 1,
    };
    let rows: Vec<&str> = board_text.split('/').collect();
    if rows.len() != g.ranks as usize {
        return Err(FenError::RankCount { expected: g.ranks, found: rows.len() });
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = g.ranks - 1 - i as u8;
        let mut file = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut run = d as usize;
                while let Some(next) = chars.peek().and_then(|c| c.to_digit(10)) {
                    run = run.saturating_mul(10).saturating_add(next as usize);
                    chars.next();
                }
                if run == 0 {
                    return Err(FenError::ZeroRun { rank: g.ranks - i as u8 });
                }
                file = file.saturating_add(run);
            } else {
                let (promoted, c) = match c {
                    '+' => (true, chars.next().ok_or(FenError::UnknownPiece('+'))?),
                    c => (false, c),
                };
                let role = variant
                    .role_by_letter_promoted(c, promoted)
                    .filter(|_| c.is_ascii_alphabetic())
                    .ok_or(FenError::UnknownPiece(c))?;
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                if let Some(sq) = g.square(file.min(255) as u8, rank) {
                    setup.board[sq.index()] = Some(Piece::new(color, role));
                }
                file += 1;
            }
            if file > 128 {
                break;
            }
        }
        if file != g.files as usize {
            return Err(FenError::RankLength { rank: rank + 1, expected: g.files, found: file });
        }
    }
    if let Some(hand) = hand_text {
        if hand != "-" {
            for c in hand.chars() {
                let role = variant
                    .role_by_letter(c)
                    .filter(|_| c.is_ascii_alphabetic())
                    .ok_or(FenError::UnknownHandPiece(c))?;
                // A royal piece is refused later, with its own reason.
                if !variant.droppable(role) && role != variant.royal() {
                    let letters: Vec<String> = variant
                        .roles()
                        .filter(|&r| variant.droppable(r))
                        .map(|r| format!("'{}'", variant.piece(r).letter))
                        .collect();
                    return Err(FenError::NotInHand(c, letters.join(", ")));
                }
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                let count = &mut setup.hands[color.index()][role.index()];
                *count = count.saturating_add(1);
            }
        }
    }
    let turn = fields.next().ok_or(FenError::MissingTurn)?;
    setup.turn = match turn {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::Turn(other.to_string())),
    };
    // Fairy-Stockfish leaves out the castling and en passant fields where a
    // variant has neither (`... w 0 1`): a numeric field is a counter.
    let mut fields = fields.peekable();
    let is_counter = |t: &&str| t.bytes().all(|b| b.is_ascii_digit());
    if let Some(castling) = fields.next_if(|t| !is_counter(t)) {
        setup.castling = parse_castling(variant, &setup, castling)?;
    }
    if let Some(ep) = fields.next_if(|t| !is_counter(t)) {
        if ep != "-" && variant.rules.en_passant.is_empty() {
            return Err(FenError::NoEnPassant(ep.to_string()));
        }
        if ep != "-" {
            // One square, or several written one after the other (`e3e4`).
            let mut rest = ep;
            while !rest.is_empty() {
                if !rest.as_bytes()[0].is_ascii_lowercase() {
                    return Err(FenError::EnPassant(ep.to_string()));
                }
                let digits = rest[1..].bytes().take_while(|b| b.is_ascii_digit()).count();
                let (name, tail) = rest.split_at((1 + digits).min(rest.len()));
                let sq = g.parse_square(name).ok_or_else(|| FenError::EnPassant(ep.to_string()))?;
                setup.en_passant.set(sq);
                rest = tail;
            }
        }
    }
    if let Some(half) = fields.next() {
        setup.halfmoves = parse_counter("half-move counter", half, 0).map_err(FenError::Counter)?;
    }
    if let Some(full) = fields.next() {
        setup.fullmoves = parse_counter("full-move number", full, 1).map_err(FenError::Counter)?;
    }
    if let Some(extra) = fields.next() {
        return Err(FenError::TrailingText(extra.to_string()));
    }
    Ok(setup)
}

/// `KQkq`: for each letter, the outermost rook of that side on its back rank,
/// toward the h-side (`K`) or the a-side (`Q`) of its king.
fn parse_castling(variant: &Variant, setup: &Setup, text: &str) -> Result<Bitboard, FenError> {
    let bad = || FenError::Castling(text.to_string());
    let mut rooks = Bitboard::EMPTY;
    if text == "-" {
        return Ok(rooks);
    }
    let Some(castling) = variant.rules.castling else { return Err(bad()) };
    let g = &variant.geometry;
    for c in text.chars() {
        // Each letter is read before the board is looked at: a letter that
        // names no castling is refused even when its king has left its rank.
        if !matches!(c, 'K' | 'Q' | 'k' | 'q') {
            return Err(bad());
        }
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let rank = g.relative_rank(color, 0);
        let on_rank = |role| {
            (0..g.files).filter(move |&f| {
                setup.board[g.square(f, rank).expect("on board").index()] == Some(Piece::new(color, role))
            })
        };
        let Some(king_file) = on_rank(variant.royal()).next() else { continue };
        let rook_file = if c.eq_ignore_ascii_case(&'K') {
            on_rank(castling.rook).rfind(|&f| f > king_file)
        } else {
            on_rank(castling.rook).find(|&f| f < king_file)
        };
        if let Some(f) = rook_file {
            rooks.set(g.square(f, rank).expect("on board"));
        }
    }
    Ok(rooks)
}

/// Reads and checks a position string.
pub fn parse_position(variant: &'static Variant, text: &str) -> Result<Position, FenError> {
    let setup = parse_setup(variant, text)?;
    Ok(Position::from_setup(variant, setup)?)
}

fn piece_letter(variant: &Variant, piece: Piece) -> char {
    let letter = variant.piece(piece.role()).letter;
    match piece.color() {
        Color::White => letter,
        Color::Black => letter.to_ascii_lowercase(),
    }
}

fn write_castling(pos: &Position, out: &mut String) {
    let v = pos.variant();
    let g = &v.geometry;
    let start = out.len();
    for color in Color::BOTH {
        let Some(king) = pos.monarch_square(color) else { continue };
        let rooks = pos.castling_rights() & pos.by_color(color);
        for (letter, toward_h) in [('K', true), ('Q', false)] {
            if rooks.into_iter().any(|r| (g.file_of(r) > g.file_of(king)) == toward_h) {
                out.push(if color == Color::White { letter } else { letter.to_ascii_lowercase() });
            }
        }
    }
    if out.len() == start {
        out.push('-');
    }
}

/// Writes the position string of `pos`.
pub fn write_position(pos: &Position) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    let mut out = String::with_capacity(96);
    for rank in (0..g.ranks).rev() {
        let mut empty = 0;
        for file in 0..g.files {
            let sq = g.square(file, rank).expect("on the board");
            match pos.piece_at(sq) {
                Some(piece) => {
                    if empty > 0 {
                        write!(out, "{empty}").unwrap();
                        empty = 0;
                    }
                    if v.piece(piece.role()).promoted {
                        out.push('+');
                    }
                    out.push(piece_letter(v, piece));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            write!(out, "{empty}").unwrap();
        }
        if rank > 0 {
            out.push('/');
        }
    }
    if v.has_hands() {
        out.push('[');
        for color in Color::BOTH {
            for role in hand_order(v) {
                for _ in 0..pos.hand_count(color, role) {
                    out.push(piece_letter(v, Piece::new(color, role)));
                }
            }
        }
        out.push(']');
    }
    write!(out, " {} ", pos.turn().letter()).unwrap();
    write_castling(pos, &mut out);
    if pos.en_passant().is_empty() {
        out.push_str(" -");
    } else {
        out.push(' ');
        for sq in pos.en_passant() {
            write!(out, "{}", g.square_name(sq)).unwrap();
        }
    }
    write!(out, " {} {}", pos.halfmoves(), pos.fullmoves()).unwrap();
    out
}

/// The roles in the order a hand is written.
fn hand_order(v: &Variant) -> Vec<crate::chesslike::piece::Role> {
    if v.rules.hand_order.is_empty() {
        v.roles().filter(|&r| !v.piece(r).promoted).collect()
    } else {
        v.rules.hand_order.chars().filter_map(|c| v.role_by_letter(c)).collect()
    }
}
