//! Sides, the ten kinds of pieces with their armor, move and attack range, and terrain.

use std::fmt;

/// A player. `White` (written `w`, uppercase letters) owns rows 1–4 and is
/// called the first player by the rules; `Black` (`b`, lowercase) owns rows 6–9.
/// Which of them moves first is decided at the start, not by the colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Side {
    White,
    Black,
}

impl Side {
    /// Both sides, `White` first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// `w` or `b`, as in position strings.
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    /// Reads `w` or `b`.
    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'w' => Some(Side::White),
            'b' => Some(Side::Black),
            _ => None,
        }
    }

    /// 0 for `White`, 1 for `Black`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rows of this side's zone, in words.
    pub const fn zone_rows(self) -> &'static str {
        match self {
            Side::White => "rows 1-4",
            Side::Black => "rows 6-9",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "first player (w)",
            Side::Black => "second player (b)",
        })
    }
}

/// The ten kinds of Cyvasse pieces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Kind {
    /// `R`, Milicja: armor 1, move 1, attack 1; the second Rabble move.
    Rabble,
    /// `S`, Włócznia: armor 1, move 1, attack 1 on its two forward fields only,
    /// which enemies (but the Dragon) may not pass through.
    Spears,
    /// `L`, Jeździec: armor 1, move 3, attack 1; continues past a capture.
    LightHorse,
    /// `H`, Rycerz: armor 2, move 2, attack 1; continues past a capture.
    HeavyHorse,
    /// `E`, Słoń: armor 2, move 1, attack 2; passes no piece; captures up to 2 away.
    Elephant,
    /// `C`, Kusznik: armor 0, move 2, attack 3; never captures.
    Crossbows,
    /// `T`, Trebusz: armor 0, move 1, attack 2–4 over mountains; captures by stepping back.
    Trebuchet,
    /// `D`, Smok: armor 2, move 4, attack 2; passes over mountains and enemy pieces.
    Dragon,
    /// `W`, Wieża: armor 2, never moves, attack 1; shields its side's neighbours.
    Tower,
    /// `K`, Król: armor 1, move 1, attack 1; may jump over its own adjacent Tower.
    King,
}

impl Kind {
    /// All kinds, in the piece table's order.
    pub const ALL: [Kind; 10] = [
        Kind::Rabble,
        Kind::Spears,
        Kind::LightHorse,
        Kind::HeavyHorse,
        Kind::Elephant,
        Kind::Crossbows,
        Kind::Trebuchet,
        Kind::Dragon,
        Kind::Tower,
        Kind::King,
    ];

    /// The uppercase letter of position strings.
    pub const fn letter(self) -> char {
        match self {
            Kind::Rabble => 'R',
            Kind::Spears => 'S',
            Kind::LightHorse => 'L',
            Kind::HeavyHorse => 'H',
            Kind::Elephant => 'E',
            Kind::Crossbows => 'C',
            Kind::Trebuchet => 'T',
            Kind::Dragon => 'D',
            Kind::Tower => 'W',
            Kind::King => 'K',
        }
    }

    /// The kind written with this letter (either case).
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == c.to_ascii_uppercase())
    }

    /// English name.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Rabble => "Rabble",
            Kind::Spears => "Spears",
            Kind::LightHorse => "Light Horse",
            Kind::HeavyHorse => "Heavy Horse",
            Kind::Elephant => "Elephant",
            Kind::Crossbows => "Crossbows",
            Kind::Trebuchet => "Trebuchet",
            Kind::Dragon => "Dragon",
            Kind::Tower => "Tower",
            Kind::King => "King",
        }
    }

    /// Polish name (the source's).
    pub const fn polish_name(self) -> &'static str {
        match self {
            Kind::Rabble => "Milicja",
            Kind::Spears => "Włócznia",
            Kind::LightHorse => "Jeździec",
            Kind::HeavyHorse => "Rycerz",
            Kind::Elephant => "Słoń",
            Kind::Crossbows => "Kusznik",
            Kind::Trebuchet => "Trebusz",
            Kind::Dragon => "Smok",
            Kind::Tower => "Wieża",
            Kind::King => "Król",
        }
    }

    /// How many of this kind each side has (23 pieces in all).
    pub const fn count(self) -> u8 {
        match self {
            Kind::Rabble => 6,
            Kind::Spears | Kind::LightHorse => 3,
            Kind::HeavyHorse | Kind::Elephant | Kind::Crossbows | Kind::Tower => 2,
            Kind::Trebuchet | Kind::Dragon | Kind::King => 1,
        }
    }

    /// Armor: how many attackers make the piece capturable.
    pub const fn armor(self) -> u8 {
        match self {
            Kind::HeavyHorse | Kind::Elephant | Kind::Dragon | Kind::Tower => 2,
            Kind::Crossbows | Kind::Trebuchet => 0,
            _ => 1,
        }
    }

    /// Move allowance: the most single steps of a normal move (0: never moves).
    pub const fn movement(self) -> u8 {
        match self {
            Kind::LightHorse => 3,
            Kind::HeavyHorse | Kind::Crossbows => 2,
            Kind::Dragon => 4,
            Kind::Tower => 0,
            _ => 1,
        }
    }

    /// Attack range (the longest distance it attacks at).
    pub const fn attack_range(self) -> u8 {
        match self {
            Kind::Elephant | Kind::Dragon => 2,
            Kind::Crossbows => 3,
            Kind::Trebuchet => 4,
            _ => 1,
        }
    }

    /// The shortest distance it attacks at (2 for the Trebuchet, else 1).
    pub const fn min_attack_range(self) -> u8 {
        match self {
            Kind::Trebuchet => 2,
            _ => 1,
        }
    }

    /// The longest straight-line capture by moving onto the target (0: none):
    /// the move allowance, but 2 for the Elephant and none for the Crossbows,
    /// the Trebuchet (which captures its own way) and the Tower.
    pub const fn capture_reach(self) -> u8 {
        match self {
            Kind::Crossbows | Kind::Trebuchet | Kind::Tower => 0,
            Kind::Elephant => 2,
            k => k.movement(),
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a kind and its side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// The letter of position strings: uppercase for `White`, lowercase for `Black`.
    pub fn letter(self) -> char {
        match self.side {
            Side::White => self.kind.letter(),
            Side::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }

    /// Reads a piece letter (uppercase `White`, lowercase `Black`).
    pub fn from_letter(c: char) -> Option<Piece> {
        if !c.is_ascii_alphabetic() {
            return None;
        }
        let side = if c.is_ascii_uppercase() { Side::White } else { Side::Black };
        Kind::from_letter(c).map(|kind| Piece { side, kind })
    }
}

/// What a field is made of.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub enum Terrain {
    /// Plain land.
    #[default]
    Land,
    /// No piece may stop on it; only the Dragon passes over it; it blocks
    /// attacks but the Trebuchet's.
    Mountain,
    /// A piece that enters it stops there; no move passes through it; a piece
    /// standing on it attacks nothing.
    Water,
}
