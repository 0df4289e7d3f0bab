//! Sides, piece roles and pieces, and the data that describes how a piece moves.
//!
//! A role is an index into its variant's piece table: the engine knows no piece
//! by name, only by the movement the variant declares for it.

use std::fmt;
use std::num::NonZeroU8;
use std::ops::Not;

use crate::chesslike::geometry::DirSet;

/// The first player (`White`, uppercase letters, moves up the board) or the second.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter used in position strings for the side to move.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    pub fn from_letter(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// Most roles any variant has.
pub const MAX_ROLES: usize = 16;

/// A piece type: an index into the variant's piece table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Role(pub u8);

impl Role {
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of roles.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct RoleSet(pub u16);

impl RoleSet {
    pub const NONE: RoleSet = RoleSet(0);

    pub const fn of(roles: &[Role]) -> RoleSet {
        let mut bits = 0u16;
        let mut i = 0;
        while i < roles.len() {
            bits |= 1 << roles[i].0;
            i += 1;
        }
        RoleSet(bits)
    }

    #[inline]
    pub const fn contains(self, role: Role) -> bool {
        self.0 >> role.0 & 1 != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// A coloured piece, one byte (`Option<Piece>` is one byte too).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(NonZeroU8);

impl Piece {
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        match NonZeroU8::new((role.0 << 1 | color as u8) + 1) {
            Some(code) => Piece(code),
            None => unreachable!(),
        }
    }

    #[inline]
    pub const fn color(self) -> Color {
        if (self.0.get() - 1) & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    #[inline]
    pub const fn role(self) -> Role {
        Role((self.0.get() - 1) >> 1)
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Piece({:?}, {:?})", self.color(), self.role())
    }
}

/// Where a piece can go in one move, for the first player (the second player's
/// pattern is the mirror image), as a union of parts: leaps, slides (limited
/// or not) and hops over one screen. Patterns must be left-right symmetric:
/// then a piece of one side attacks `b` from `a` exactly when the same piece of
/// the other side would attack `a` from `b`, which check detection relies on
/// (every part keeps that symmetry, hops included).
#[derive(Clone, Copy, Debug)]
pub struct Movement {
    /// Single jumps, `(file, rank)` offsets; they ignore what is in between.
    pub leaps: &'static [(i8, i8)],
    /// Directions of sliding moves that stop at the first occupied cell.
    pub slides: DirSet,
    /// Longest slide, in steps (`UNLIMITED` for a rider).
    pub range: u8,
    /// Longest slide from each relative rank (the mover's first rank first),
    /// replacing `range` where given: Venomous pawns run to the middle rank.
    pub range_by_rank: Option<&'static [u8]>,
    /// Directions of hops over exactly one piece (the screen, of either side):
    /// as a capture, onto the first piece beyond the screen (the Cannon); as a
    /// move, onto any empty cell beyond it before the next piece.
    pub hops: DirSet,
    /// First-leg directions of bent rides (the Sissa): `n` steps one way, a
    /// turn of 45° or 135° onto a direction of the other kind (orthogonal and
    /// diagonal), then exactly `n` steps; every cell before the destination empty.
    pub bent: DirSet,
    /// Leaps that need one of their paths empty (the Sorcerer Snake).
    pub lame: &'static [LameLeap],
    /// Leaps made only from cells in `zone` (the Ninja Pawn's sideways capture).
    pub zone_leaps: &'static [(i8, i8)],
    pub zone: RankSpan,
}

/// A leap to `to` along any of `paths`, each the cells it passes, which must
/// be empty. The path sets must be symmetric (the reverse of a path to `to` is
/// a path to `-to`), as every movement part is.
#[derive(Clone, Copy, Debug)]
pub struct LameLeap {
    pub to: (i8, i8),
    pub paths: &'static [&'static [(i8, i8)]],
}

/// Ranks counted from the mover's own side (0 = its first rank), both included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankSpan {
    pub from: u8,
    pub to: u8,
}

impl RankSpan {
    pub const NONE: RankSpan = RankSpan { from: 1, to: 0 };

    pub const fn contains(self, relative_rank: u8) -> bool {
        self.from <= relative_rank && relative_rank <= self.to
    }
}

impl Movement {
    pub const UNLIMITED: u8 = u8::MAX;
    pub const NONE: Movement = Movement {
        leaps: &[],
        slides: DirSet::NONE,
        range: 0,
        range_by_rank: None,
        hops: DirSet::NONE,
        bent: DirSet::NONE,
        lame: &[],
        zone_leaps: &[],
        zone: RankSpan::NONE,
    };

    pub const fn leaper(leaps: &'static [(i8, i8)]) -> Movement {
        Movement { leaps, ..Movement::NONE }
    }

    pub const fn rider(slides: DirSet) -> Movement {
        Movement { slides, range: Movement::UNLIMITED, ..Movement::NONE }
    }

    pub const fn limited_slider(slides: DirSet, range: u8) -> Movement {
        Movement { slides, range, ..Movement::NONE }
    }

    pub const fn hopper(hops: DirSet) -> Movement {
        Movement { hops, ..Movement::NONE }
    }

    pub const fn bent_rider(first_legs: DirSet) -> Movement {
        Movement { bent: first_legs, ..Movement::NONE }
    }

    pub const fn lame_leaper(lame: &'static [LameLeap]) -> Movement {
        Movement { lame, ..Movement::NONE }
    }

    /// The same movement with leaps added (a rider that also jumps).
    pub const fn and_leaps(self, leaps: &'static [(i8, i8)]) -> Movement {
        Movement { leaps, ..self }
    }

    /// The same movement with leaps made only from the ranks of `zone`.
    pub const fn and_zone_leaps(self, zone_leaps: &'static [(i8, i8)], zone: RankSpan) -> Movement {
        Movement { zone_leaps, zone, ..self }
    }

    /// The same movement with its slide range set per relative rank.
    pub const fn ranged_by_rank(self, ranges: &'static [u8]) -> Movement {
        Movement { range_by_rank: Some(ranges), ..self }
    }
}

/// A capture without moving (the Sniper's shot): the first piece along one of
/// `dirs`, at least `min_distance` steps away with every cell between empty,
/// is removed, and the shooter stays where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    pub dirs: DirSet,
    pub min_distance: u8,
}

/// One row of a variant's piece table.
#[derive(Clone, Copy, Debug)]
pub struct PieceDef {
    /// Uppercase letter used in position strings and drops.
    pub letter: char,
    pub name: &'static str,
    /// The name in the game's own language (Avian for `zilo`), or empty.
    pub native_name: &'static str,
    /// How it moves, in words, for players (the rules' piece table).
    pub description: &'static str,
    /// Moves onto empty cells.
    pub moves: Movement,
    /// Moves onto enemy pieces.
    pub captures: Movement,
    /// Captures without moving, if it has them.
    pub shot: Option<Shot>,
    /// Material value in centipawns, for the computer player.
    pub value: i32,
    /// Losing this piece loses the game.
    pub royal: bool,
    /// Written `+X` in position strings (shogi's promoted pieces).
    pub promoted: bool,
    /// What it may turn into in the promotion zone (shogi).
    pub promotes_to: Option<Role>,
    /// What it turns back into when captured into a hand.
    pub demotes_to: Option<Role>,
    /// How many of the farthest ranks it could never move from (a piece that
    /// only goes forward): it is never dropped there, and where the variant
    /// has promotion it must promote on arriving there.
    pub stuck_ranks: u8,
}

impl PieceDef {
    pub const fn new(letter: char, name: &'static str, movement: Movement, value: i32) -> PieceDef {
        PieceDef {
            letter,
            name,
            native_name: "",
            description: "",
            moves: movement,
            captures: movement,
            shot: None,
            value,
            royal: false,
            promoted: false,
            promotes_to: None,
            demotes_to: None,
            stuck_ranks: 0,
        }
    }

    pub const fn native(self, native_name: &'static str) -> PieceDef {
        PieceDef { native_name, ..self }
    }

    /// How it moves, in words.
    pub const fn described(self, description: &'static str) -> PieceDef {
        PieceDef { description, ..self }
    }

    /// Captures differently from how it moves (pawns).
    pub const fn capturing(self, captures: Movement) -> PieceDef {
        PieceDef { captures, ..self }
    }

    /// Also captures without moving (a shot).
    pub const fn shooting(self, shot: Shot) -> PieceDef {
        PieceDef { shot: Some(shot), ..self }
    }

    pub const fn royal(self) -> PieceDef {
        PieceDef { royal: true, ..self }
    }

    pub const fn stuck_on(self, ranks: u8) -> PieceDef {
        PieceDef { stuck_ranks: ranks, ..self }
    }

    pub const fn promotes(self, to: Role) -> PieceDef {
        PieceDef { promotes_to: Some(to), ..self }
    }

    /// A promoted piece, written `+X`, that goes back to `from` when captured.
    pub const fn promoted_from(self, from: Role) -> PieceDef {
        PieceDef { promoted: true, demotes_to: Some(from), ..self }
    }
}

pub mod steps {
    //! Offsets shared by many pieces.
    pub const KING: &[(i8, i8)] = &[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
    pub const KNIGHT: &[(i8, i8)] = &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    pub const FORWARD: &[(i8, i8)] = &[(0, 1)];
    pub const FORWARD_DIAGONALS: &[(i8, i8)] = &[(1, 1), (-1, 1)];
    pub const ORTHOGONAL: &[(i8, i8)] = &[(0, 1), (1, 0), (0, -1), (-1, 0)];
    pub const DIAGONAL: &[(i8, i8)] = &[(1, 1), (1, -1), (-1, -1), (-1, 1)];
}
