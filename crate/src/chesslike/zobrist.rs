//! Zobrist keys: a 64-bit fingerprint of board, hands and side to move,
//! updated incrementally. Keys are fixed at compile time so hashes are
//! reproducible across runs and builds.

use crate::chesslike::piece::{Color, Piece, Role, MAX_ROLES};

const PIECE_CODES: usize = 2 * MAX_ROLES;
/// Hand counts above this share a key (no variant comes close).
pub const MAX_HAND_COUNT: usize = 63;

pub struct Zobrist {
    pieces: [[u64; 128]; PIECE_CODES],
    hands: [[u64; MAX_HAND_COUNT + 1]; PIECE_CODES],
    /// Per rook cell that still has castling rights.
    castling: [u64; 128],
    /// Per en passant cell.
    en_passant: [u64; 128],
    pub black_to_move: u64,
}

const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn build() -> Zobrist {
    let mut state = 0x5a11_0a1b_2026_u64;
    let mut pieces = [[0u64; 128]; PIECE_CODES];
    let mut hands = [[0u64; MAX_HAND_COUNT + 1]; PIECE_CODES];
    let mut p = 0;
    while p < PIECE_CODES {
        let mut i = 0;
        while i < 128 {
            pieces[p][i] = splitmix64(&mut state);
            i += 1;
        }
        // Count 0 hashes to 0 so an empty hand adds nothing.
        let mut n = 1;
        while n <= MAX_HAND_COUNT {
            hands[p][n] = splitmix64(&mut state);
            n += 1;
        }
        p += 1;
    }
    let mut castling = [0u64; 128];
    let mut en_passant = [0u64; 128];
    let mut i = 0;
    while i < 128 {
        castling[i] = splitmix64(&mut state);
        en_passant[i] = splitmix64(&mut state);
        i += 1;
    }
    Zobrist { pieces, hands, castling, en_passant, black_to_move: splitmix64(&mut state) }
}

pub static ZOBRIST: Zobrist = build();

impl Zobrist {
    #[inline]
    pub fn piece(&self, piece: Piece, sq: usize) -> u64 {
        self.pieces[piece.role().index() * 2 + piece.color().index()][sq]
    }

    #[inline]
    pub fn castling(&self, rook: usize) -> u64 {
        self.castling[rook]
    }

    #[inline]
    pub fn en_passant(&self, sq: usize) -> u64 {
        self.en_passant[sq]
    }

    #[inline]
    pub fn hand(&self, color: Color, role: Role, count: u8) -> u64 {
        self.hands[role.index() * 2 + color.index()][(count as usize).min(MAX_HAND_COUNT)]
    }
}
