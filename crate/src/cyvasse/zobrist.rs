//! The Zobrist hash of a Cyvasse position: what repetition compares (pieces,
//! terrain, side to move; not the counters), as one number for the search's
//! transposition table and repetition checks.
//!
//! The position keeps it up to date at every edit (a piece put or removed, a
//! field's terrain set, the side to move changed: one or two table reads
//! each), so asking for it costs nothing; [`Position::zobrist_from_scratch`]
//! computes it anew, for the tests that check the two agree.

use super::board::{cells_of, Cell, CELLS};
use super::piece::{Kind, Piece, Side, Terrain};
use super::position::Position;

/// One key per field and piece (10 kinds × 2 sides), then per field and
/// terrain (mountain, water), then the key of `b` to move.
struct Keys {
    pieces: [[u64; 20]; CELLS],
    terrain: [[u64; 2]; CELLS],
    black_to_move: u64,
}

/// SplitMix64: a fixed sequence of well-mixed numbers, computed at compile time.
const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const KEYS: Keys = {
    let mut state = 0xc7a5_5e00_0000_0001u64;
    let mut pieces = [[0u64; 20]; CELLS];
    let mut terrain = [[0u64; 2]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut k = 0;
        while k < 20 {
            pieces[c][k] = splitmix(&mut state);
            k += 1;
        }
        terrain[c][0] = splitmix(&mut state);
        terrain[c][1] = splitmix(&mut state);
        c += 1;
    }
    Keys { pieces, terrain, black_to_move: splitmix(&mut state) }
};

/// The key of a piece on a field.
#[inline]
pub(crate) fn piece_key(cell: Cell, piece: Piece) -> u64 {
    KEYS.pieces[cell.index()][piece.side.index() * 10 + kind_index(piece.kind)]
}

/// The key of a field's terrain (land has none).
#[inline]
pub(crate) fn terrain_key(cell: Cell, terrain: Terrain) -> u64 {
    match terrain {
        Terrain::Land => 0,
        Terrain::Mountain => KEYS.terrain[cell.index()][0],
        Terrain::Water => KEYS.terrain[cell.index()][1],
    }
}

/// The key of `b` to move.
#[inline]
pub(crate) fn side_key() -> u64 {
    KEYS.black_to_move
}

impl Position {
    /// The position's Zobrist hash (pieces, terrain, side to move), kept
    /// move by move.
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The same hash computed from the whole position.
    pub fn zobrist_from_scratch(&self) -> u64 {
        let mut h = if self.side_to_move == Side::Black { KEYS.black_to_move } else { 0 };
        for side in Side::BOTH {
            for c in cells_of(self.occ[side.index()]) {
                if let Some(p) = self.pieces[c.index()] {
                    h ^= KEYS.pieces[c.index()][side.index() * 10 + kind_index(p.kind)];
                }
            }
        }
        for c in cells_of(self.mountains) {
            h ^= KEYS.terrain[c.index()][0];
        }
        for c in cells_of(self.water) {
            h ^= KEYS.terrain[c.index()][1];
        }
        h
    }
}

fn kind_index(kind: Kind) -> usize {
    kind as usize
}

#[cfg(test)]
mod tests {
    use super::super::outcome::Outcome;
    use super::super::setup::random_start;
    use super::*;
    use crate::rng::Rng;

    /// The hash kept move by move is the hash of the position, after every
    /// turn of random games from random setups (captures, Rabble pairs,
    /// Dragon flights and water included), and after reading the position
    /// string back.
    #[test]
    fn the_hash_kept_move_by_move_equals_the_hash_computed_from_scratch() {
        let mut rng = Rng::new(7);
        let mut turns_checked = 0;
        for _ in 0..40 {
            let mut pos = random_start(&mut rng);
            assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
            for _ in 0..120 {
                if pos.outcome() != Outcome::Ongoing {
                    break;
                }
                let turns = pos.legal_turns();
                pos = pos.after(&turns[rng.below(turns.len())]);
                assert_eq!(pos.zobrist(), pos.zobrist_from_scratch(), "after a turn, at {pos}");
                let read = Position::parse(&pos.to_position_string()).unwrap();
                assert_eq!(read.zobrist(), pos.zobrist(), "read back from {pos}");
                turns_checked += 1;
            }
        }
        assert!(turns_checked > 2000, "only {turns_checked} turns checked");
    }

    #[test]
    fn the_side_to_move_and_the_terrain_change_the_hash() {
        let pos = Position::parse("8/9/10/11/12/11/10/9/8 w 0 1").unwrap();
        assert_eq!(pos.zobrist(), 0, "the empty board with White to move has no key");
        let black = Position::parse("8/9/10/11/12/11/10/9/8 b 0 1").unwrap();
        assert_eq!(black.zobrist(), side_key());
        let mut water = pos.clone();
        let cell = Cell::all().next().unwrap();
        water.set_terrain(cell, Terrain::Water);
        assert_ne!(water.zobrist(), pos.zobrist());
        water.set_terrain(cell, Terrain::Land);
        assert_eq!(water.zobrist(), pos.zobrist(), "land again: the same hash");
    }
}
