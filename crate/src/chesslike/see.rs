//! Static exchange evaluation: what a capture (or a promotion) wins once the
//! exchange on its target cell is played out, each side recapturing with its
//! cheapest attacker while that pays. Quiescence drops the captures that lose
//! material by it, which keeps it small in crowded positions.
//!
//! Every capture kind of the family is covered, some approximately (the
//! search only needs the sign right most of the time, and must stay fast):
//! - moves onto the victim, slides, leaps, hops over a screen (Cannons):
//!   recaptures are found by [`Position::attackers_to`] with the occupancy of
//!   the moment, so a piece that leaves uncovers the slider or hopper behind
//!   it, and a screen that leaves stops a hopper;
//! - shots (the Sniper's): the shooter stays where it is and the target cell
//!   is left empty, so nothing can be recaptured there — a shot's exchange
//!   ends with it, whether it starts the exchange or comes in it;
//! - blasts (zilo's Bomber): the first capture counts the whole blast
//!   (enemy minus own value removed, [`blast_gain`]) and the blasted cells
//!   are emptied; a blaster recapturing later in the exchange is counted as
//!   an ordinary capture (its blast ignored);
//! - armor (pieces some attackers may not take) is respected; promotions on
//!   a recapture, and the hand value of captured pieces, are ignored.

use crate::chesslike::bitboard::Bitboard;
use crate::chesslike::eval::blast_gain;
use crate::chesslike::geometry::Square;
use crate::chesslike::moves::Move;
use crate::chesslike::piece::{Color, Role};
use crate::chesslike::position::Position;

/// Longest exchange followed (every cell has fewer attackers than this in practice).
const MAX_EXCHANGE: usize = 32;

/// What `m` wins for the side to move after the exchange it starts on its
/// target cell: negative if it loses material, `i32::MAX` if it removes the
/// enemy monarch. A quiet move (a drop, a non-promoting step onto an empty
/// cell) gives 0, or less where the enemy wins the piece on its target
/// (the main search prunes such moves at low depth); castling gives 0.
pub fn exchange_value(pos: &Position, m: Move) -> i32 {
    let v = pos.variant();
    let us = pos.turn();
    let value = |role: Role| v.piece(role).value;
    let royal = v.royal();
    match m {
        Move::Castle { .. } => 0,
        Move::Drop { role, to } => swap(pos, to, 0, role, pos.occupied(), !us),
        Move::Snipe { target, .. } => match pos.piece_at(target) {
            Some(p) if p.role() == royal => i32::MAX,
            Some(p) => value(p.role()),
            None => 0,
        },
        Move::EnPassant { from, to } => {
            let (Some(runner), Some(mover)) = (pos.en_passant_runner(to, us), pos.piece_at(from)) else { return 0 };
            let Some(victim) = pos.piece_at(runner) else { return 0 };
            let occ = pos.occupied() & !Bitboard::from_square(from) & !Bitboard::from_square(runner);
            swap(pos, to, value(victim.role()), mover.role(), occ, !us)
        }
        Move::Normal { from, to, promotion } => {
            let Some(mover) = pos.piece_at(from) else { return 0 };
            let victim = pos.piece_at(to).filter(|p| p.color() != us);
            let mut occ = pos.occupied() & !Bitboard::from_square(from);
            let mut first_gain = match victim {
                Some(p) if p.role() == royal => return i32::MAX,
                Some(_) if v.is_blaster(mover.role()) => {
                    // The blast's net value, the victim included; the blasted cells empty.
                    let Some(gain) = blast_gain(pos, us, from, to) else { return 0 };
                    if gain == i32::MAX {
                        return gain;
                    }
                    occ &= !v.geometry.ring(to);
                    gain
                }
                Some(p) => value(p.role()),
                None => 0,
            };
            let on_target = promotion.unwrap_or(mover.role());
            if promotion.is_some() {
                first_gain += value(on_target) - value(mover.role());
            }
            swap(pos, to, first_gain, on_target, occ, !us)
        }
    }
}

/// The swap list on `to`: the first capture won `first_gain` and left a
/// piece of role `on_target` there; `side` recaptures next, with `occ` as
/// the occupancy. Returns what the first capture wins when both sides stop
/// capturing as soon as going on would cost them.
fn swap(pos: &Position, to: Square, first_gain: i32, mut on_target: Role, mut occ: Bitboard, mut side: Color) -> i32 {
    let v = pos.variant();
    let royal = v.royal();
    let mut gain = [0i32; MAX_EXCHANGE];
    gain[0] = first_gain;
    let mut d = 0;
    while d + 1 < MAX_EXCHANGE {
        let Some((sq, role)) = cheapest_attacker(pos, to, side, occ, Some(on_target)) else { break };
        if role == royal && cheapest_attacker(pos, to, !side, occ & !Bitboard::from_square(sq), None).is_some() {
            // The monarch may not capture onto a defended cell.
            break;
        }
        d += 1;
        gain[d] = v.piece(on_target).value - gain[d - 1];
        if gain[d].max(-gain[d - 1]) < 0 {
            // Whatever follows, this side does not want to go on.
            break;
        }
        let shot = !v.capture_targets(role, side, sq, occ).contains(to);
        if shot {
            // The shooter stays; nothing is left on `to` to recapture.
            break;
        }
        on_target = role;
        occ &= !Bitboard::from_square(sq);
        side = !side;
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

/// The least valuable piece of `side` (the monarch last) still on `occ` that
/// attacks `to` and may take a `target` piece there.
fn cheapest_attacker(
    pos: &Position,
    to: Square,
    side: Color,
    occ: Bitboard,
    target: Option<Role>,
) -> Option<(Square, Role)> {
    let v = pos.variant();
    let royal = v.royal();
    let attackers = pos.attackers_to(to, side, occ) & occ & pos.by_color(side);
    let mut best: Option<(Square, Role, i32)> = None;
    for sq in attackers {
        let role = pos.piece_at(sq).expect("an attacker stands there").role();
        if target.is_some_and(|t| !v.armor_allows(role, sq, t, to)) {
            continue;
        }
        let cost = if role == royal { i32::MAX } else { v.piece(role).value };
        if best.is_none_or(|(_, _, c)| cost < c) {
            best = Some((sq, role, cost));
        }
    }
    best.map(|(sq, role, _)| (sq, role))
}
