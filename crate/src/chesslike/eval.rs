//! Static evaluation, generic over variants: what a position is worth to the
//! side to move, in centipawns.
//!
//! Every term reads only the variant's data (piece values and movement, the
//! rule options) and the position. Which terms apply follows from the rules
//! (hand pieces only where captures go to hand, blast threats only where some
//! piece blasts); how much each weighs is a row of [`EvalWeights`], one per
//! variant, looked up by id in [`weights`]: that table is the only place the
//! evaluation names a variant.

use crate::chesslike::bitboard::Bitboard;
use crate::chesslike::geometry::Square;
use crate::chesslike::piece::{Color, PieceDef, Role};
use crate::chesslike::position::Position;
use crate::chesslike::variant::Variant;

/// The weights of the evaluation terms for one variant.
#[derive(Clone, Copy, Debug)]
pub struct EvalWeights {
    /// A piece in hand is worth its value plus this percentage (it can be
    /// dropped where it is needed).
    pub hand_bonus_pct: i32,
    /// Per cell a piece attacks or can move to (not counting own pieces).
    pub mobility_cp: i32,
    /// Per friendly piece next to the monarch, up to `shelter_max` pieces.
    pub shelter_cp: i32,
    pub shelter_max: i32,
    /// Per enemy piece that attacks a cell of the monarch's zone (its cell and neighbours).
    pub attacker_cp: i32,
    /// Per attacked cell of the monarch's zone.
    pub zone_attack_cp: i32,
    /// Drop variants: per enemy hand piece (up to 4) and per empty neighbour of the monarch.
    pub hand_danger_cp: i32,
    /// Blast variants: percentage of the net value (enemy value minus own
    /// value removed) of the best blast a side could fire, when positive.
    pub blast_threat_pct: i32,
    /// Bonus for having the move.
    pub tempo_cp: i32,
}

/// Reasonable weights for a variant that has no row of its own.
pub const DEFAULT_WEIGHTS: EvalWeights = EvalWeights {
    hand_bonus_pct: 10,
    mobility_cp: 2,
    shelter_cp: 8,
    shelter_max: 4,
    attacker_cp: 10,
    zone_attack_cp: 4,
    hand_danger_cp: 3,
    blast_threat_pct: 15,
    tempo_cp: 10,
};

/// `zilo`: drops make an open monarch dangerous, and Bombers punish crowds.
pub const ZILO_WEIGHTS: EvalWeights = EvalWeights {
    hand_bonus_pct: 10,
    mobility_cp: 3,
    shelter_cp: 10,
    shelter_max: 4,
    attacker_cp: 12,
    zone_attack_cp: 5,
    hand_danger_cp: 4,
    blast_threat_pct: 20,
    tempo_cp: 12,
};

/// The weights row of `variant`.
pub fn weights(variant: &Variant) -> &'static EvalWeights {
    match variant.id {
        "zilo" => &ZILO_WEIGHTS,
        _ => &DEFAULT_WEIGHTS,
    }
}

/// Whether a piece moves exactly as it captures (most pieces do), so one
/// target lookup serves both.
#[inline]
fn moves_as_captures(def: &PieceDef) -> bool {
    let (m, c) = (&def.moves, &def.captures);
    std::ptr::eq(m.leaps, c.leaps) && m.slides == c.slides && m.range == c.range
}

/// The value of what a blaster's capture on `to` (coming from `from`)
/// removes: the victim plus the blast victims, enemy minus own, from
/// `side`'s point of view. `None` if the blast would hit `side`'s own
/// monarch (an illegal move); `Some(i32::MAX)` if it removes the enemy monarch.
#[inline]
pub fn blast_gain(pos: &Position, side: Color, from: Square, to: Square) -> Option<i32> {
    let v = pos.variant();
    let royal = v.royal();
    let ring = v.geometry.ring(to) & pos.occupied() & !Bitboard::from_square(from);
    let mut gain = pos.piece_at(to).map_or(0, |p| v.piece(p.role()).value);
    let mut enemy_monarch = false;
    for sq in ring {
        let p = pos.piece_at(sq).expect("occupied");
        if p.role() == royal {
            if p.color() == side {
                return None;
            }
            enemy_monarch = true;
        } else if p.color() == side {
            gain -= v.piece(p.role()).value;
        } else {
            gain += v.piece(p.role()).value;
        }
    }
    Some(if enemy_monarch { i32::MAX } else { gain })
}

/// What the position is worth to the side to move, in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    let v = pos.variant();
    let w = weights(v);
    let us = pos.turn();
    let score = side_score(pos, w, Color::White) - side_score(pos, w, Color::Black);
    let score = if us == Color::White { score } else { -score };
    score + w.tempo_cp
}

/// Everything that is `side`'s own: material, hand, mobility, attacks on
/// the enemy monarch's zone, the shelter of its own monarch, blast threats.
fn side_score(pos: &Position, w: &EvalWeights, side: Color) -> i32 {
    let v = pos.variant();
    let royal = v.royal();
    let occ = pos.occupied();
    let own = pos.by_color(side);
    let enemy = pos.by_color(!side);
    let enemy_zone = pos.monarch_square(!side).map_or(Bitboard::EMPTY, |k| v.geometry.ball(k, 1));
    let mut score = 0;
    let mut mobility = 0;
    let mut attackers = 0;
    let mut zone_attacks = Bitboard::EMPTY;
    let mut best_blast = 0;

    for role in v.roles() {
        let def = v.piece(role);
        let pieces = pos.pieces(side, role);
        let hand = pos.hand_count(side, role) as i32;
        if hand > 0 {
            score += hand * def.value * (100 + w.hand_bonus_pct) / 100;
        }
        if pieces.is_empty() {
            continue;
        }
        score += pieces.count() as i32 * def.value;
        if role == royal {
            continue;
        }
        let same = moves_as_captures(def);
        let blaster = v.is_blaster(role);
        for sq in pieces {
            let captures = v.capture_targets(role, side, sq, occ);
            let reach = if same { captures } else { captures | v.move_targets(role, side, sq, occ) };
            let reach = reach & !own;
            mobility += reach.count() as i32;
            let zone_hit = captures & enemy_zone;
            if zone_hit.any() {
                attackers += 1;
                zone_attacks |= zone_hit;
            }
            if blaster {
                for to in captures & enemy {
                    let target = pos.piece_at(to).expect("enemy piece").role();
                    if !v.armor_allows(role, sq, target, to) {
                        continue;
                    }
                    if let Some(gain) = blast_gain(pos, side, sq, to) {
                        // Removing the monarch is a check: the search sees it; here it is
                        // worth as much as a good blast.
                        best_blast = best_blast.max(gain.min(1000));
                    }
                }
            }
        }
    }
    score += mobility * w.mobility_cp;
    score += attackers * w.attacker_cp + zone_attacks.count() as i32 * w.zone_attack_cp;
    score += best_blast * w.blast_threat_pct / 100;

    // The shelter of our own monarch, and how exposed it is to drops.
    if let Some(k) = pos.monarch_square(side) {
        let ring = v.geometry.ring(k);
        let shelter = ((ring & own).count() as i32).min(w.shelter_max);
        score += shelter * w.shelter_cp;
        if v.has_hands() {
            let enemy_hand: i32 = v.roles().map(|r: Role| pos.hand_count(!side, r) as i32).sum();
            let open = (ring & !occ).count() as i32;
            score -= enemy_hand.min(4) * open * w.hand_danger_cp;
        }
    }
    score
}

/// Material of `side`: pieces on the board and in hand (with the hand bonus).
pub fn material(pos: &Position, side: Color) -> i32 {
    let v = pos.variant();
    let w = weights(v);
    v.roles()
        .map(|role| {
            let def = v.piece(role);
            let hand = pos.hand_count(side, role) as i32;
            pos.pieces(side, role).count() as i32 * def.value + hand * def.value * (100 + w.hand_bonus_pct) / 100
        })
        .sum()
}
