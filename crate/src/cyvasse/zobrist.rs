//! The Zobrist hash of a Cyvasse position: what repetition compares (pieces,
//! terrain, side to move; not the counters), as one number for the search's
//! transposition table and repetition checks.
//!
//! It is computed from the position when asked (at most 46 pieces and 12
//! terrain fields: a few dozen table reads), not kept up to date move by move:
//! Cyvasse's move generation costs far more than that per node.

use super::board::{cells_of, CELLS};
use super::piece::{Kind, Side};
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

impl Position {
    /// The position's Zobrist hash (pieces, terrain, side to move).
    pub fn zobrist(&self) -> u64 {
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
