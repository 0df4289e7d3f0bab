//! Boards as sets of cells with directions, and the precomputed tables the move
//! generator reads: rays, distance balls and leaper targets.
//!
//! Cells are numbered rank by rank from the first player's side (`a1` = 0), so
//! that moving "up" or "right" always increases the index. The classical ray
//! lookup in `slide` relies on that: the nearest blocker on an increasing ray is
//! the lowest set bit, on a decreasing ray the highest. The Cyvasse hex board
//! will be another `Geometry` built the same way (six directions, rows of
//! different lengths); everything above this layer only sees `Square`,
//! `Bitboard` and direction indices.

use std::fmt;

use crate::chesslike::bitboard::Bitboard;
use crate::chesslike::piece::Color;

/// A cell index on the board of the current variant.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(pub u8);

impl Square {
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The eight directions of a square board, as (file, rank) steps for the
/// first player. The second player's "forward" is the mirror image.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    N = 0,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    pub const ALL: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
    pub const DIAGONAL: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];

    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }

    /// The same direction seen from `color`'s seat (the second player's
    /// forward is down the board).
    pub const fn for_color(self, color: Color) -> Dir {
        match color {
            Color::White => self,
            Color::Black => match self {
                Dir::N => Dir::S,
                Dir::NE => Dir::SE,
                Dir::SE => Dir::NE,
                Dir::S => Dir::N,
                Dir::SW => Dir::NW,
                Dir::NW => Dir::SW,
                d => d,
            },
        }
    }

    pub const fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 4) % 8]
    }

    /// Whether stepping this way increases the cell index.
    const fn increasing(self) -> bool {
        let (df, dr) = self.delta();
        dr > 0 || (dr == 0 && df > 0)
    }
}

/// A set of directions as a bit mask (bit i = `Dir::ALL[i]`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct DirSet(pub u8);

impl DirSet {
    pub const NONE: DirSet = DirSet(0);
    pub const ORTHOGONAL: DirSet = DirSet(0b0101_0101);
    pub const DIAGONAL: DirSet = DirSet(0b1010_1010);
    pub const ALL: DirSet = DirSet(0xff);

    pub const fn of(dirs: &[Dir]) -> DirSet {
        let mut bits = 0u8;
        let mut i = 0;
        while i < dirs.len() {
            bits |= 1 << dirs[i] as u8;
            i += 1;
        }
        DirSet(bits)
    }

    pub fn for_color(self, color: Color) -> DirSet {
        self.iter().map(|d| d.for_color(color)).fold(DirSet::NONE, |s, d| DirSet(s.0 | 1 << d as u8))
    }

    pub fn iter(self) -> impl Iterator<Item = Dir> {
        Dir::ALL.into_iter().filter(move |d| self.0 >> *d as u8 & 1 != 0)
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn contains(self, dir: Dir) -> bool {
        self.0 >> dir as u8 & 1 != 0
    }
}

/// A rectangular board of `files` × `ranks` cells with its lookup tables.
pub struct Geometry {
    pub files: u8,
    pub ranks: u8,
    all: Bitboard,
    /// `rays[sq][dir]`: every cell from `sq` (exclusive) to the edge.
    rays: Vec<[Bitboard; 8]>,
    /// `balls[sq][r]`: cells within Chebyshev distance `r` of `sq` (`sq` included).
    balls: Vec<Vec<Bitboard>>,
    rank_masks: Vec<Bitboard>,
    file_masks: Vec<Bitboard>,
}

impl Geometry {
    pub fn rectangular(files: u8, ranks: u8) -> Geometry {
        assert!(files as usize * ranks as usize <= 128 && files <= 26);
        let cells = files as usize * ranks as usize;
        let all = (0..cells as u8).map(Square).collect();
        let mut rays = vec![[Bitboard::EMPTY; 8]; cells];
        let max_r = files.max(ranks) as usize;
        let mut balls = vec![vec![Bitboard::EMPTY; max_r + 1]; cells];
        let coords = |sq: usize| ((sq % files as usize) as i32, (sq / files as usize) as i32);
        for (sq, ray_row) in rays.iter_mut().enumerate() {
            let (f, r) = coords(sq);
            for d in Dir::ALL {
                let (df, dr) = d.delta();
                let (mut x, mut y) = (f + df as i32, r + dr as i32);
                while x >= 0 && y >= 0 && x < files as i32 && y < ranks as i32 {
                    ray_row[d as usize].set(Square((y * files as i32 + x) as u8));
                    x += df as i32;
                    y += dr as i32;
                }
            }
            for other in 0..cells {
                let (x, y) = coords(other);
                let dist = (x - f).abs().max((y - r).abs()) as usize;
                for ball in balls[sq].iter_mut().skip(dist) {
                    ball.set(Square(other as u8));
                }
            }
        }
        let rank_masks = (0..ranks).map(|r| (0..files).map(|f| Square(r * files + f)).collect()).collect();
        let file_masks = (0..files).map(|f| (0..ranks).map(|r| Square(r * files + f)).collect()).collect();
        Geometry { files, ranks, all, rays, balls, rank_masks, file_masks }
    }

    #[inline]
    pub fn cell_count(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    #[inline]
    pub fn all(&self) -> Bitboard {
        self.all
    }

    pub fn squares(&self) -> impl Iterator<Item = Square> {
        (0..self.cell_count() as u8).map(Square)
    }

    #[inline]
    pub fn file_of(&self, sq: Square) -> u8 {
        sq.0 % self.files
    }

    #[inline]
    pub fn rank_of(&self, sq: Square) -> u8 {
        sq.0 / self.files
    }

    pub fn square(&self, file: u8, rank: u8) -> Option<Square> {
        (file < self.files && rank < self.ranks).then(|| Square(rank * self.files + file))
    }

    /// The cell one step away in `(df, dr)`, if it is on the board.
    pub fn offset(&self, sq: Square, df: i8, dr: i8) -> Option<Square> {
        let f = self.file_of(sq) as i16 + df as i16;
        let r = self.rank_of(sq) as i16 + dr as i16;
        if f < 0 || r < 0 {
            return None;
        }
        self.square(f as u8, r as u8)
    }

    /// All cells on rank `rank` (0-based, from the first player's side).
    #[inline]
    pub fn rank_mask(&self, rank: u8) -> Bitboard {
        self.rank_masks[rank as usize]
    }

    /// All cells on file `file` (0-based).
    #[inline]
    pub fn file_mask(&self, file: u8) -> Bitboard {
        self.file_masks[file as usize]
    }

    /// The rank `color` counts as its `n`-th from its own side (0-based).
    #[inline]
    pub fn relative_rank(&self, color: Color, n: u8) -> u8 {
        match color {
            Color::White => n,
            Color::Black => self.ranks - 1 - n,
        }
    }

    #[inline]
    pub fn ray(&self, sq: Square, dir: Dir) -> Bitboard {
        self.rays[sq.index()][dir as usize]
    }

    /// Cells within `range` king steps of `sq`, `sq` included.
    #[inline]
    pub fn ball(&self, sq: Square, range: u8) -> Bitboard {
        let balls = &self.balls[sq.index()];
        balls[(range as usize).min(balls.len() - 1)]
    }

    /// The eight neighbours of `sq` (the Bomber's blast zone).
    #[inline]
    pub fn ring(&self, sq: Square) -> Bitboard {
        self.ball(sq, 1) & !Bitboard::from_square(sq)
    }

    /// Cells a slider on `sq` reaches along `dirs` with cells `occupied`
    /// blocking, each blocker included, at most `range` steps away.
    #[inline]
    pub fn slide(&self, sq: Square, dirs: DirSet, range: u8, occupied: Bitboard) -> Bitboard {
        let rays = &self.rays[sq.index()];
        let mut targets = 0u128;
        let mut bits = dirs.0;
        while bits != 0 {
            let d = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            targets |= ray_to_blocker(rays[d].0, occupied.0, INCREASING.0 >> d & 1 != 0);
        }
        let targets = Bitboard(targets);
        if range < self.files.max(self.ranks) {
            return targets & self.ball(sq, range);
        }
        targets
    }

    /// The nearest cell of `occupied` from `sq` along `dir`, if any.
    #[inline]
    pub fn first_blocker(&self, sq: Square, dir: Dir, occupied: Bitboard) -> Option<Square> {
        let blockers = self.rays[sq.index()][dir as usize] & occupied;
        if dir.increasing() {
            blockers.first()
        } else {
            blockers.last()
        }
    }

    /// Hops over exactly one screen from `sq` along `dirs`: the empty cells
    /// beyond the screen up to the next piece (`quiet`), and that next piece's
    /// cell (`captures`, whoever stands there).
    #[inline]
    pub fn hop(&self, sq: Square, dirs: DirSet, occupied: Bitboard) -> Hops {
        let mut hops = Hops::default();
        let mut bits = dirs.0;
        while bits != 0 {
            let d = Dir::ALL[bits.trailing_zeros() as usize];
            bits &= bits - 1;
            let Some(screen) = self.first_blocker(sq, d, occupied) else { continue };
            let beyond = self.rays[screen.index()][d as usize];
            match self.first_blocker(screen, d, occupied) {
                Some(target) => {
                    hops.captures.set(target);
                    hops.quiet |= beyond ^ self.rays[target.index()][d as usize] ^ Bitboard::from_square(target);
                }
                None => hops.quiet |= beyond,
            }
        }
        hops
    }

    /// The first occupied cell from `sq` along each of `dirs`, where it is at
    /// least `min_distance` steps away (a shot's targets).
    #[inline]
    pub fn shot_targets(&self, sq: Square, dirs: DirSet, min_distance: u8, occupied: Bitboard) -> Bitboard {
        let mut targets = Bitboard::EMPTY;
        let mut bits = dirs.0;
        while bits != 0 {
            let d = Dir::ALL[bits.trailing_zeros() as usize];
            bits &= bits - 1;
            if let Some(target) = self.first_blocker(sq, d, occupied) {
                targets.set(target);
            }
        }
        targets & !self.ball(sq, min_distance.saturating_sub(1))
    }

    /// Bent rides from `sq` (the Sissa): `n` steps along one of `first_legs`,
    /// a turn onto any direction of the other kind (orthogonal or diagonal),
    /// then exactly `n` steps; every cell before the destination empty. The
    /// destinations, whatever stands there.
    pub fn bent_ride(&self, sq: Square, first_legs: DirSet, occupied: Bitboard) -> Bitboard {
        let mut targets = Bitboard::EMPTY;
        for d1 in first_legs.iter() {
            let second_legs = if DirSet::ORTHOGONAL.contains(d1) { DirSet::DIAGONAL } else { DirSet::ORTHOGONAL };
            let mut turn = sq;
            for n in 1..=self.files.max(self.ranks) {
                let (df, dr) = d1.delta();
                let Some(next) = self.offset(turn, df, dr) else { break };
                if occupied.contains(next) {
                    break;
                }
                turn = next;
                for d2 in second_legs.iter() {
                    let (ef, er) = d2.delta();
                    let Some(dest) = self.offset(turn, ef * n as i8, er * n as i8) else { continue };
                    if self.slide(turn, DirSet::of(&[d2]), n, occupied).contains(dest) {
                        targets.set(dest);
                    }
                }
            }
        }
        targets
    }

    /// The cells every bent ride from `sq` on an empty board passes before
    /// its destination, and the destinations.
    pub fn bent_ride_paths(&self, sq: Square, first_legs: DirSet) -> (Bitboard, Bitboard) {
        let (mut cells, mut dests) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for d1 in first_legs.iter() {
            let second_legs = if DirSet::ORTHOGONAL.contains(d1) { DirSet::DIAGONAL } else { DirSet::ORTHOGONAL };
            let (df, dr) = d1.delta();
            for n in 1..=self.files.max(self.ranks) as i8 {
                let Some(turn) = self.offset(sq, df * n, dr * n) else { break };
                for d2 in second_legs.iter() {
                    let (ef, er) = d2.delta();
                    let Some(dest) = self.offset(turn, ef * n, er * n) else { continue };
                    dests.set(dest);
                    cells |= self.ray(sq, d1) & self.ball(sq, n as u8);
                    cells |= self.ray(turn, d2) & self.ball(turn, n as u8 - 1);
                }
            }
        }
        (cells, dests)
    }

    /// Writes a square's name as in text formats: `e3`, `a10`.
    pub fn square_name(&self, sq: Square) -> SquareName {
        SquareName { file: self.file_of(sq), rank: self.rank_of(sq) }
    }

    /// Parses `e3` / `a10`; `None` if malformed or off this board.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        self.square(file as u8 - b'a', rank.checked_sub(1)?)
    }
}

/// The directions in which the cell index increases (see `Dir::increasing`).
const INCREASING: DirSet = {
    let mut bits = 0u8;
    let mut i = 0;
    while i < 8 {
        if Dir::ALL[i].increasing() {
            bits |= 1 << i;
        }
        i += 1;
    }
    DirSet(bits)
};

/// The cells of `ray` up to its first cell in `occupied`, that one
/// included (the whole ray if none is): on an increasing ray the nearest
/// blocker is the lowest set bit, and `b ^ (b - 1)` keeps the bits up to
/// it (all of them when `b` is 0); on a decreasing ray it is the highest,
/// and the cells kept are those from it up. No branch, no second lookup.
#[inline(always)]
fn ray_to_blocker(ray: u128, occupied: u128, increasing: bool) -> u128 {
    let blockers = ray & occupied;
    if increasing {
        ray & (blockers ^ blockers.wrapping_sub(1))
    } else {
        let highest = 127 - (blockers | 1).leading_zeros();
        ray & !((1u128 << highest) - 1)
    }
}

/// Where hops over one screen lead (see `Geometry::hop`).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Hops {
    pub quiet: Bitboard,
    pub captures: Bitboard,
}

/// A square's name for display; `Display` writes `e3`.
#[derive(Clone, Copy)]
pub struct SquareName {
    file: u8,
    rank: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chesslike::piece::Movement;
    use crate::rng::Rng;

    /// `slide` the slow way: step cell by cell until the edge, a blocker
    /// (included) or `range` steps.
    fn slide_by_steps(g: &Geometry, sq: Square, dirs: DirSet, range: u8, occupied: Bitboard) -> Bitboard {
        let mut targets = Bitboard::EMPTY;
        for d in dirs.iter() {
            let (df, dr) = d.delta();
            let mut at = sq;
            for _ in 0..range {
                let Some(next) = g.offset(at, df, dr) else { break };
                targets.set(next);
                if occupied.contains(next) {
                    break;
                }
                at = next;
            }
        }
        targets
    }

    #[test]
    fn slides_match_a_step_by_step_walk_on_random_occupancies() {
        let mut rng = Rng::new(30);
        for (files, ranks) in [(8, 8), (9, 9), (10, 10), (11, 11), (16, 8), (5, 6)] {
            let g = Geometry::rectangular(files, ranks);
            for _ in 0..2000 {
                // Sparse to crowded boards.
                let density = 1 + rng.below(4) as u32;
                let mut occupied = Bitboard(rng.next_u64() as u128 | (rng.next_u64() as u128) << 64);
                for _ in 1..density {
                    occupied &= Bitboard(rng.next_u64() as u128 | (rng.next_u64() as u128) << 64);
                }
                occupied &= g.all();
                let sq = Square(rng.below(g.cell_count()) as u8);
                let dirs = DirSet(rng.next_u64() as u8);
                let range = [1, 2, 3, Movement::UNLIMITED][rng.below(4)];
                assert_eq!(
                    g.slide(sq, dirs, range, occupied),
                    slide_by_steps(&g, sq, dirs, range, occupied),
                    "{files}x{ranks} from {sq:?} along {dirs:?}, range {range}, occupied {occupied:?}"
                );
            }
        }
    }
}
