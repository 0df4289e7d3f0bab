//! What a Cyvasse position is worth to the side to move, in centipawns (a
//! Rabble is 100): material by kind; engagement (a piece the enemy could
//! capture now is partly lost already, more so when the enemy is to move);
//! the King's safety (shielded by a Tower, enemy pieces close to it, whether
//! it is capturable); and a little for pieces that go forward, since every
//! capture needs contact. Simple on purpose: the search finds the tactics.

use super::board::{cells_of, Cell, CELLS, NEIGHBOURS};
use super::movegen::Turn;
use super::piece::{Kind, Side};
use super::position::Position;

/// What a piece of a kind is worth. The King has no price: losing it ends
/// the game, which the search scores as a loss.
pub const fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Rabble => 100,
        Kind::Spears => 130,
        Kind::LightHorse => 300,
        Kind::HeavyHorse => 400,
        Kind::Elephant => 350,
        Kind::Crossbows => 250,
        Kind::Trebuchet => 350,
        Kind::Dragon => 800,
        Kind::Tower => 300,
        Kind::King => 0,
    }
}

/// Per row a moving piece stands forward of its own back row.
const ADVANCE_CP: i32 = 3;
/// The King next to its own Tower cannot be captured.
const KING_SHIELDED_CP: i32 = 60;
/// Per enemy piece within two steps of the King.
const KING_NEAR_ENEMY_CP: i32 = 14;
/// Per own piece within two steps of the King (up to six).
const KING_NEAR_FRIEND_CP: i32 = 4;
/// The King capturable now, by the side to move (it is lost) or not (it must flee).
const KING_EXPOSED_CP: [i32; 2] = [600, 150];
/// The share of a piece's value a capturable piece loses, with the enemy
/// to move (it may be taken now) or not (it may still get away).
const HANGING_PCT: [i32; 2] = [30, 10];
const TEMPO_CP: i32 = 10;

/// The value of `side`'s pieces on the board.
pub fn material(pos: &Position, side: Side) -> i32 {
    cells_of(pos.occ[side.index()]).filter_map(|c| pos.piece_at(c)).map(|p| value(p.kind)).sum()
}

/// What a capturing turn wins after the exchange it starts, approximately:
/// the victim, minus the capturing piece if the enemy could capture it where
/// it ends (one recapture, not the whole exchange: captures here need as many
/// attackers as the armor, which no cheap swap list follows). A Trebuchet's
/// shot ends one field away from its target, so the same test reads it. The
/// King's capture wins the game (`i32::MAX`); a quiet turn gives 0.
pub fn exchange_value(pos: &Position, turn: &Turn) -> i32 {
    let Some(victim) = turn.captured().and_then(|c| pos.piece_at(c)) else { return 0 };
    if victim.kind == Kind::King {
        return i32::MAX;
    }
    let gain = value(victim.kind);
    let Some(mover) = pos.piece_at(turn.from()) else { return gain };
    if pos.after(turn).is_capturable(turn.to()) {
        gain - value(mover.kind)
    } else {
        gain
    }
}

/// What the position is worth to the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    side_score(pos, us, true) - side_score(pos, us.opponent(), false) + TEMPO_CP
}

/// `WITHIN_TWO[cell]`: the fields within two steps of `cell`.
const WITHIN_TWO: [u128; CELLS] = {
    let mut t = [0u128; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut ball = NEIGHBOURS[c];
        let mut n = 0;
        while n < CELLS {
            if NEIGHBOURS[c] >> n & 1 != 0 {
                ball |= NEIGHBOURS[n];
            }
            n += 1;
        }
        t[c] = ball & !(1u128 << c);
        c += 1;
    }
    t
};

/// How many rows `cell` stands forward of `side`'s back row.
fn rows_forward(cell: Cell, side: Side) -> i32 {
    match side {
        Side::White => cell.row() as i32 - 1,
        Side::Black => 9 - cell.row() as i32,
    }
}

/// Everything that is `side`'s own; `to_move` tells whether it moves next.
fn side_score(pos: &Position, side: Side, to_move: bool) -> i32 {
    let own = pos.occ[side.index()];
    let enemy = pos.occ[side.opponent().index()];
    let capturable = pos.capturable_mask(side);
    let who = usize::from(to_move);
    let mut score = 0;
    let (mut king, mut towers) = (None, 0u128);
    for c in cells_of(own) {
        let Some(p) = pos.piece_at(c) else { continue };
        match p.kind {
            Kind::King => king = Some(c),
            Kind::Tower => towers |= c.bit(),
            _ => {}
        }
        let v = value(p.kind);
        score += v;
        if capturable & c.bit() != 0 {
            score -= v * HANGING_PCT[who] / 100;
        }
        if !matches!(p.kind, Kind::Tower | Kind::King) {
            score += ADVANCE_CP * rows_forward(c, side);
        }
    }
    if let Some(k) = king {
        if towers & NEIGHBOURS[k.index()] != 0 {
            score += KING_SHIELDED_CP;
        }
        let near = WITHIN_TWO[k.index()];
        score -= KING_NEAR_ENEMY_CP * (near & enemy).count_ones() as i32;
        score += KING_NEAR_FRIEND_CP * ((near & own).count_ones() as i32).min(6);
        if capturable & k.bit() != 0 {
            score -= KING_EXPOSED_CP[who];
        }
    }
    score
}
