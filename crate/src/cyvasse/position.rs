//! A Cyvasse position (pieces, terrain, side to move, counters) and its
//! position string:
//! `<row 9>/<row 8>/…/<row 1> <side to move> <plies since capture> <turn number>`.
//!
//! Each row lists its fields from `a` rightward: a number `n` (1–12) is `n`
//! empty land fields, `^` a mountain, `~` an empty water field, a piece letter
//! (uppercase `w`, lowercase `b`) a piece on land, and a letter followed by
//! `*` a piece on water. The empty board is `8/9/10/11/12/11/10/9/8 w 0 1`.

use std::fmt;
use std::str::FromStr;

use super::board::{cells_of, Cell, CELLS, ROW_LEN, ROW_START};
use super::piece::{Kind, Piece, Side, Terrain};
use crate::counters::{parse_counter, CounterError, MAX_COUNTER};

/// A position: what stands where, the terrain, who moves, and the counters.
///
/// Its fields are read across the family (move generation, attacks and the
/// evaluation read the bit sets in their inner loops) but written only here,
/// through the edits below, which keep `occ` and `hash` in step with
/// `pieces`, the terrain and the side to move.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(super) pieces: [Option<Piece>; CELLS],
    /// Fields occupied by each side.
    pub(super) occ: [u128; 2],
    pub(super) mountains: u128,
    pub(super) water: u128,
    pub(super) side_to_move: Side,
    pub(super) plies_since_capture: u32,
    pub(super) turn: u32,
    /// The Zobrist hash of pieces, terrain and side to move, kept up to date
    /// by every edit below (see [`super::zobrist`]).
    pub(super) hash: u64,
}

impl Default for Position {
    fn default() -> Self {
        Position::empty()
    }
}

impl Position {
    /// The empty board, land everywhere, `w` to move: `8/9/10/11/12/11/10/9/8 w 0 1`.
    pub fn empty() -> Position {
        Position {
            pieces: [None; CELLS],
            occ: [0; 2],
            mountains: 0,
            water: 0,
            side_to_move: Side::White,
            plies_since_capture: 0,
            turn: 1,
            hash: 0,
        }
    }

    /// The piece on a field.
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.pieces[cell.index()]
    }

    /// The terrain of a field.
    #[inline]
    pub fn terrain_at(&self, cell: Cell) -> Terrain {
        let b = cell.bit();
        if self.mountains & b != 0 {
            Terrain::Mountain
        } else if self.water & b != 0 {
            Terrain::Water
        } else {
            Terrain::Land
        }
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    /// Plies (turns of either side) since the last capture.
    #[inline]
    pub fn plies_since_capture(&self) -> u32 {
        self.plies_since_capture
    }

    /// The turn number: starts at 1 and rises after each turn of `b`.
    #[inline]
    pub fn turn_number(&self) -> u32 {
        self.turn
    }

    /// Every piece with its field, `a1` first.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        Cell::all().filter_map(move |c| self.pieces[c.index()].map(|p| (c, p)))
    }

    /// The fields of a side's pieces.
    pub fn cells_of(&self, side: Side) -> impl Iterator<Item = Cell> {
        cells_of(self.occ[side.index()])
    }

    /// Where a side's King stands, if it is on the board.
    pub fn king(&self, side: Side) -> Option<Cell> {
        self.cells_of(side).find(|&c| self.pieces[c.index()].is_some_and(|p| p.kind == Kind::King))
    }

    /// Same pieces, terrain and side to move (the counters aside): the
    /// position repetition compares.
    pub fn same_placement(&self, other: &Position) -> bool {
        self.side_to_move == other.side_to_move
            && self.mountains == other.mountains
            && self.water == other.water
            && self.pieces == other.pieces
    }

    // ---- editing (for the setup and the move code; keeps the invariants) ----

    /// Puts a piece on a field that is not a mountain (replacing any piece).
    pub(crate) fn put(&mut self, cell: Cell, piece: Piece) {
        debug_assert!(self.mountains & cell.bit() == 0);
        self.remove(cell);
        self.pieces[cell.index()] = Some(piece);
        self.occ[piece.side.index()] |= cell.bit();
        self.hash ^= super::zobrist::piece_key(cell, piece);
    }

    /// Removes whatever piece stands on a field.
    pub(crate) fn remove(&mut self, cell: Cell) -> Option<Piece> {
        let p = self.pieces[cell.index()].take();
        if let Some(p) = p {
            self.occ[p.side.index()] &= !cell.bit();
            self.hash ^= super::zobrist::piece_key(cell, p);
        }
        p
    }

    /// Sets a field's terrain (a mountain removes any piece there).
    pub(crate) fn set_terrain(&mut self, cell: Cell, terrain: Terrain) {
        let b = cell.bit();
        self.hash ^= super::zobrist::terrain_key(cell, self.terrain_at(cell));
        self.mountains &= !b;
        self.water &= !b;
        match terrain {
            Terrain::Land => {}
            Terrain::Mountain => {
                self.remove(cell);
                self.mountains |= b;
            }
            Terrain::Water => self.water |= b,
        }
        self.hash ^= super::zobrist::terrain_key(cell, terrain);
    }

    /// Ends a turn (a move, or a pass of the search): the counters advance
    /// (the capture counter starts again after a capture; the turn number after
    /// Black's turn) and the other side is to move. The counters stop at the
    /// largest a position string may give, so that every position reached can
    /// be written and read again.
    pub(crate) fn end_turn(&mut self, capture: bool) {
        self.plies_since_capture = if capture { 0 } else { (self.plies_since_capture + 1).min(MAX_COUNTER) };
        if self.side_to_move == Side::Black {
            self.turn = (self.turn + 1).min(MAX_COUNTER);
        }
        self.set_side_to_move(self.side_to_move.opponent());
    }

    pub(crate) fn set_side_to_move(&mut self, side: Side) {
        if side != self.side_to_move {
            self.hash ^= super::zobrist::side_key();
        }
        self.side_to_move = side;
    }

    /// Reads a position string.
    pub fn parse(text: &str) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() {
            return Err(PositionError::Empty);
        }
        if fields.len() != 4 {
            return Err(PositionError::FieldCount(fields.len()));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 9 {
            return Err(PositionError::RowCount(rows.len()));
        }
        let mut pos = Position::empty();
        for (k, row_text) in rows.iter().enumerate() {
            let row = 9 - k as u8;
            for (file, item) in parse_row(row, row_text)?.into_iter().enumerate() {
                let Some(cell) = Cell::new(row, file as u8) else { continue };
                match item {
                    Item::Land => {}
                    Item::Terrain(t) => pos.set_terrain(cell, t),
                    Item::Piece(p, on_water) => {
                        if on_water {
                            pos.set_terrain(cell, Terrain::Water);
                        }
                        pos.put(cell, p);
                    }
                }
            }
        }
        pos.set_side_to_move(match fields[1] {
            "w" => Side::White,
            "b" => Side::Black,
            other => return Err(PositionError::Side(clip(other))),
        });
        pos.plies_since_capture = parse_counter("plies since capture", fields[2], 0)?;
        pos.turn = parse_counter("turn number", fields[3], 1)?;
        for side in Side::BOTH {
            for kind in Kind::ALL {
                let n = pos.pieces().filter(|(_, p)| *p == Piece::new(side, kind)).count();
                if n > kind.count() as usize {
                    return Err(PositionError::TooMany { side, kind, count: n });
                }
            }
        }
        Ok(pos)
    }

    /// The position string.
    pub fn to_position_string(&self) -> String {
        let mut out = String::with_capacity(120);
        for row in (1..=9u8).rev() {
            write_row(self, row, &mut out);
            if row > 1 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.side_to_move.letter());
        out.push_str(&format!(" {} {}", self.plies_since_capture, self.turn));
        out
    }
}

/// Writes the fields of one row in position-string notation.
pub(crate) fn write_row(pos: &Position, row: u8, out: &mut String) {
    let mut empty = 0;
    for file in 0..ROW_LEN[row as usize - 1] {
        let cell = Cell::from_u8(ROW_START[row as usize - 1] + file);
        let terrain = pos.terrain_at(cell);
        let piece = pos.piece_at(cell);
        if terrain == Terrain::Land && piece.is_none() {
            empty += 1;
            continue;
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
            empty = 0;
        }
        match (piece, terrain) {
            (Some(p), Terrain::Water) => {
                out.push(p.letter());
                out.push('*');
            }
            (Some(p), _) => out.push(p.letter()),
            (None, Terrain::Mountain) => out.push('^'),
            (None, _) => out.push('~'),
        }
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
}

/// One field of a row as written.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Item {
    Land,
    Terrain(Terrain),
    /// A piece, and whether it stands on water.
    Piece(Piece, bool),
}

/// Reads one row's text into its fields, checking the count.
pub(crate) fn parse_row(row: u8, text: &str) -> Result<Vec<Item>, PositionError> {
    let want = ROW_LEN[row as usize - 1] as usize;
    let mut items = Vec::with_capacity(want);
    let mut count = 0usize; // fields listed, even past the row's end
    let mut push = |item: Item, n: usize, items: &mut Vec<Item>| {
        for _ in 0..n {
            if items.len() < want {
                items.push(item);
            }
        }
        count = count.saturating_add(n);
    };
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '0'..='9' => {
                // A run of digits is one number, written without leading zeros.
                let mut digits = String::from(c);
                while let Some(&d) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    if digits.len() < 8 {
                        digits.push(d);
                    }
                    chars.next();
                }
                let n: usize = digits.parse().unwrap_or(0);
                if digits.starts_with('0') || n == 0 || n > 12 {
                    return Err(PositionError::BadNumber { row, number: digits });
                }
                push(Item::Land, n, &mut items);
            }
            '^' => push(Item::Terrain(Terrain::Mountain), 1, &mut items),
            '~' => push(Item::Terrain(Terrain::Water), 1, &mut items),
            '*' => return Err(PositionError::StrayStar { row }),
            c if c.is_ascii_alphabetic() => {
                let p = Piece::from_letter(c).ok_or(PositionError::NotAPiece(c))?;
                let on_water = chars.peek() == Some(&'*');
                if on_water {
                    chars.next();
                }
                push(Item::Piece(p, on_water), 1, &mut items);
            }
            c => return Err(PositionError::BadChar { row, ch: c }),
        }
    }
    if count != want {
        return Err(PositionError::RowLength { row, found: count, expected: want });
    }
    Ok(items)
}

fn clip(s: &str) -> String {
    s.chars().take(20).collect()
}

impl fmt::Display for Position {
    /// The position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_position_string())
    }
}

impl FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Position, PositionError> {
        Position::parse(s)
    }
}

/// Why a position string was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// Nothing was given.
    Empty,
    /// Not four space-separated fields.
    FieldCount(usize),
    /// Not nine rows.
    RowCount(usize),
    /// A row lists the wrong number of fields.
    RowLength { row: u8, found: usize, expected: usize },
    /// A number of empty fields outside 1–12.
    BadNumber { row: u8, number: String },
    /// A letter that is no piece.
    NotAPiece(char),
    /// A character that has no meaning in a row.
    BadChar { row: u8, ch: char },
    /// A `*` not right after a piece letter.
    StrayStar { row: u8 },
    /// The side to move is not `w` or `b`.
    Side(String),
    /// A counter that is not a number (or a turn number of 0).
    Counter(CounterError),
    /// A setup half read from text with what no setup may have.
    Setup(super::setup::SetupError),
    /// More pieces of a kind than a side owns.
    TooMany { side: Side, kind: Kind, count: usize },
    /// A setup text (one zone) without its four rows.
    ZoneRowCount { side: Side, found: usize },
    /// A setup text with a piece of the other side.
    WrongSide { side: Side, letter: char },
}

impl From<CounterError> for PositionError {
    fn from(e: CounterError) -> PositionError {
        PositionError::Counter(e)
    }
}

impl std::error::Error for PositionError {}
