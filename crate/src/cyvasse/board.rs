//! The 88-field board: nine rows of 8, 9, 10, 11, 12, 11, 10, 9 and 8 fields
//! laid like bricks, so every field touches up to six others (hexagonal
//! adjacency), and straight lines run in six directions.
//!
//! Fields are numbered 0..88 row by row from `a1`; row *r* (1–9) holds
//! [`ROW_LEN`]`[r-1]` fields lettered from `a`. Adjacency follows the rules'
//! geometry ruling: field *i* of row *r* touches *i*−1 and *i*+1 of its row; in
//! rows 1–4 fields *i* and *i*+1 of the row above, in rows 6–9 fields *i* and
//! *i*+1 of the row below; in rows 5–8 fields *i*−1 and *i* of the row above,
//! in rows 2–5 fields *i*−1 and *i* of the row below.

use std::fmt;
use std::str::FromStr;

use super::piece::Side;

/// Number of fields on the board.
pub const CELLS: usize = 88;
/// Number of rows.
pub const ROWS: u8 = 9;
/// Fields per row, row 1 first.
pub const ROW_LEN: [u8; 9] = [8, 9, 10, 11, 12, 11, 10, 9, 8];
/// Index of the first field of each row (and 88 at the end).
pub const ROW_START: [u8; 10] = [0, 8, 17, 27, 38, 50, 61, 71, 80, 88];

const NONE: u8 = 0xFF;

/// One of the six directions of the board. "North" is toward row 9.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Dir {
    /// Along the row, toward higher letters.
    East,
    /// Toward row 9, to the right (forward-right for the first player).
    NorthEast,
    /// Toward row 9, to the left (forward-left for the first player).
    NorthWest,
    /// Along the row, toward `a`.
    West,
    /// Toward row 1, to the left (a forward direction of the second player).
    SouthWest,
    /// Toward row 1, to the right (a forward direction of the second player).
    SouthEast,
}

impl Dir {
    /// The six directions.
    pub const ALL: [Dir; 6] = [Dir::East, Dir::NorthEast, Dir::NorthWest, Dir::West, Dir::SouthWest, Dir::SouthEast];

    /// The direction back.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::East => Dir::West,
            Dir::NorthEast => Dir::SouthWest,
            Dir::NorthWest => Dir::SouthEast,
            Dir::West => Dir::East,
            Dir::SouthWest => Dir::NorthEast,
            Dir::SouthEast => Dir::NorthWest,
        }
    }

    /// The two forward directions of a side: toward the enemy's back row.
    pub const fn forward(side: Side) -> [Dir; 2] {
        match side {
            Side::White => [Dir::NorthWest, Dir::NorthEast],
            Side::Black => [Dir::SouthWest, Dir::SouthEast],
        }
    }

    /// Whether this is one of `side`'s two forward directions.
    pub const fn is_forward(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Dir::NorthWest | Dir::NorthEast, Side::White) | (Dir::SouthWest | Dir::SouthEast, Side::Black)
        )
    }

    #[inline]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

/// A field of the board (`a1` … `h9`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

/// Row (1-based) of every field.
const ROW_OF: [u8; CELLS] = {
    let mut t = [0u8; CELLS];
    let mut r = 0;
    while r < 9 {
        let mut i = ROW_START[r];
        while i < ROW_START[r + 1] {
            t[i as usize] = r as u8 + 1;
            i += 1;
        }
        r += 1;
    }
    t
};

/// `STEP[cell][dir]`: the neighbouring field in that direction, or `NONE`.
const STEP: [[u8; 6]; CELLS] = {
    let mut t = [[NONE; 6]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let r = ROW_OF[c] as usize; // 1-based
        let i = c - ROW_START[r - 1] as usize;
        let len = ROW_LEN[r - 1] as usize;
        // East, West.
        if i + 1 < len {
            t[c][Dir::East as usize] = (c + 1) as u8;
        }
        if i >= 1 {
            t[c][Dir::West as usize] = (c - 1) as u8;
        }
        // North: row r+1.
        if r < 9 {
            let up = ROW_START[r] as usize; // start of row r+1
            let up_len = ROW_LEN[r] as usize;
            if r < 5 {
                // Row above is longer: fields i (north-west) and i+1 (north-east).
                t[c][Dir::NorthWest as usize] = (up + i) as u8;
                t[c][Dir::NorthEast as usize] = (up + i + 1) as u8;
            } else {
                // Row above is shorter: fields i-1 (north-west) and i (north-east).
                if i >= 1 {
                    t[c][Dir::NorthWest as usize] = (up + i - 1) as u8;
                }
                if i < up_len {
                    t[c][Dir::NorthEast as usize] = (up + i) as u8;
                }
            }
        }
        // South: row r-1.
        if r > 1 {
            let down = ROW_START[r - 2] as usize;
            let down_len = ROW_LEN[r - 2] as usize;
            if r <= 5 {
                // Row below is shorter: fields i-1 (south-west) and i (south-east).
                if i >= 1 {
                    t[c][Dir::SouthWest as usize] = (down + i - 1) as u8;
                }
                if i < down_len {
                    t[c][Dir::SouthEast as usize] = (down + i) as u8;
                }
            } else {
                // Row below is longer: fields i (south-west) and i+1 (south-east).
                t[c][Dir::SouthWest as usize] = (down + i) as u8;
                t[c][Dir::SouthEast as usize] = (down + i + 1) as u8;
            }
        }
        c += 1;
    }
    t
};

/// `NEIGHBOURS[cell]`: the adjacent fields as a bit set.
pub(crate) const NEIGHBOURS: [u128; CELLS] = {
    let mut t = [0u128; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut d = 0;
        while d < 6 {
            if STEP[c][d] != NONE {
                t[c] |= 1u128 << STEP[c][d];
            }
            d += 1;
        }
        c += 1;
    }
    t
};

/// Bit set of the first player's zone (rows 1–4).
pub(crate) const WHITE_ZONE: u128 = (1u128 << ROW_START[4]) - 1;
/// Bit set of the second player's zone (rows 6–9).
pub(crate) const BLACK_ZONE: u128 = ((1u128 << CELLS) - 1) & !((1u128 << ROW_START[5]) - 1);

impl Cell {
    /// The field with this index (0 = `a1` … 87 = `h9`), if any.
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < CELLS {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The field at `row` (1–9) and `file` (0-based letter index), if it exists.
    pub const fn new(row: u8, file: u8) -> Option<Cell> {
        if row == 0 || row > ROWS || file >= ROW_LEN[row as usize - 1] {
            return None;
        }
        Some(Cell(ROW_START[row as usize - 1] + file))
    }

    #[inline]
    pub(crate) const fn from_u8(i: u8) -> Cell {
        Cell(i)
    }

    /// Index 0..88, row by row from `a1`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row 1–9.
    #[inline]
    pub const fn row(self) -> u8 {
        ROW_OF[self.0 as usize]
    }

    /// Letter index in the row, 0 for `a`.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 - ROW_START[self.row() as usize - 1]
    }

    #[inline]
    pub(crate) const fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// Every field, `a1` first.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }

    /// The adjacent field in direction `d`, if it is on the board.
    #[inline]
    pub const fn step(self, d: Dir) -> Option<Cell> {
        let n = STEP[self.0 as usize][d.index()];
        if n == NONE {
            None
        } else {
            Some(Cell(n))
        }
    }

    /// The adjacent fields (2 to 6 of them).
    pub fn neighbours(self) -> impl Iterator<Item = Cell> {
        Dir::ALL.into_iter().filter_map(move |d| self.step(d))
    }

    /// Whether `other` touches this field.
    pub const fn touches(self, other: Cell) -> bool {
        NEIGHBOURS[self.0 as usize] >> other.0 & 1 != 0
    }

    /// The straight line from this field (excluded) in direction `d` to the edge.
    pub fn line(self, d: Dir) -> Line {
        Line { at: self, dir: d }
    }

    /// If `other` lies on a straight line from this field: its direction and distance.
    pub fn line_to(self, other: Cell) -> Option<(Dir, u8)> {
        Dir::ALL.into_iter().find_map(|d| self.line(d).position(|c| c == other).map(|k| (d, k as u8 + 1)))
    }

    /// The side whose zone holds this field; `None` in row 5.
    pub const fn zone(self) -> Option<Side> {
        match self.row() {
            1..=4 => Some(Side::White),
            6..=9 => Some(Side::Black),
            _ => None,
        }
    }

    /// The field reflected across row 5 (row *r* ↔ row 10−*r*, same letter):
    /// maps one side's zone onto the other's, forward onto forward.
    pub const fn mirrored(self) -> Cell {
        let r = self.row();
        let f = self.file();
        Cell(ROW_START[(10 - r) as usize - 1] + f)
    }

    /// Reads a field name such as `e5`.
    pub fn parse(text: &str) -> Result<Cell, CellError> {
        let bad = || CellError(text.to_string());
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?;
        if !letter.is_ascii_lowercase() {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.len() != 1 || !digits.as_bytes()[0].is_ascii_digit() {
            return Err(bad());
        }
        let row = digits.as_bytes()[0] - b'0';
        Cell::new(row, letter as u8 - b'a').ok_or_else(bad)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.row())
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Cell {
    type Err = CellError;
    fn from_str(s: &str) -> Result<Cell, CellError> {
        Cell::parse(s)
    }
}

/// A text that names no field of the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CellError(pub String);

impl std::error::Error for CellError {}

/// The fields of a straight line, nearest first (see [`Cell::line`]).
#[derive(Clone, Debug)]
pub struct Line {
    at: Cell,
    dir: Dir,
}

impl Iterator for Line {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        let n = self.at.step(self.dir)?;
        self.at = n;
        Some(n)
    }
}

/// Iterates the fields of a bit set, lowest first.
#[inline]
pub(crate) fn cells_of(mut bits: u128) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let c = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        Some(Cell(c))
    })
}
