//! perft: the number of leaf nodes of the legal move tree, the standard test
//! (and speed measure) of a move generator. The last ply is counted, not played.

use crate::chesslike::moves::Move;
use crate::chesslike::position::Position;

pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal() as u64,
        _ => pos.legal_moves().iter().map(|&m| perft(&pos.play_unchecked(m), depth - 1)).sum(),
    }
}

/// perft split by root move.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves().iter().map(|&m| (m, perft(&pos.play_unchecked(m), depth - 1))).collect()
}
