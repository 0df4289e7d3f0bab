//! Static evaluation, generic over variants: what a position is worth to the
//! side to move, in centipawns.
//!
//! Every term reads only the variant's data (piece values and movement, the
//! rule options) and the position. Which terms apply follows from the rules
//! (hand pieces only where captures go to hand, blast threats only where some
//! piece blasts, pawn structure only for the roles the variant names as
//! pawns); the value is a sum of terms times weights, middle-game and
//! endgame weights blended by the phase (`eval_terms`, where the weights of
//! each variant are data). [`terms`] gives the same terms as counts, for the
//! Texel tuner (`tune`).

use crate::chesslike::bitboard::Bitboard;
use crate::chesslike::eval_terms::{
    non_pawn_material, table, unpack, EvalTable, PerRole, Scalar, HAND_DANGER_MAX, PHASE_MAX, SHELTER_MAX, WEIGHT_SCALE,
};
use crate::chesslike::geometry::Square;
use crate::chesslike::piece::{Color, PieceDef, Role};
use crate::chesslike::position::Position;

/// Where the evaluation's terms go: summed with their weights (the
/// evaluation) or kept as counts (the tuner).
pub trait Terms {
    /// Term `term` counts `count` more, from the first player's side.
    fn add(&mut self, term: usize, count: i32);

    /// `amount` more non-pawn material in play (the phase's), both sides alike.
    #[inline(always)]
    fn material(&mut self, _amount: i32) {}

    /// The `pieces` of `role` of `side` on the board: their value, rank,
    /// file and square terms (`sign` is 1 for the first player, -1 for the second).
    #[inline(always)]
    fn pieces(&mut self, t: &EvalTable, side: Color, role: Role, pieces: Bitboard, sign: i32) {
        let layout = &t.layout;
        self.add(layout.value(role), sign * pieces.count() as i32);
        let c = side.index();
        for sq in pieces {
            let (rank, bucket) = (t.relative_rank[c][sq.index()] as usize, t.file_bucket[sq.index()] as usize);
            self.add(layout.rank(role, rank), sign);
            self.add(layout.file(role, bucket), sign);
            self.add(layout.square(role, rank, bucket), sign);
        }
    }
}

/// The weighted sum, middle game and endgame [`pack`]ed in one number, and
/// the material the phase counts, summed on the way (what
/// `non_pawn_material` counts, without a second pass over the roles).
struct Score<'a> {
    table: &'a EvalTable,
    packed: i64,
    material: i32,
}

impl Terms for Score<'_> {
    #[inline(always)]
    fn add(&mut self, term: usize, count: i32) {
        self.packed += self.table.packed[term] * count as i64;
    }

    #[inline(always)]
    fn material(&mut self, amount: i32) {
        self.material += amount;
    }

    /// One lookup a piece: the table holds the four terms summed, signed by side.
    #[inline(always)]
    fn pieces(&mut self, t: &EvalTable, side: Color, role: Role, pieces: Bitboard, sign: i32) {
        debug_assert_eq!(sign, if side == Color::White { 1 } else { -1 });
        let cells = &t.piece_square[t.piece_base(side, role)..][..t.file_bucket.len()];
        let value = t.phase_value[role.index()];
        for sq in pieces {
            self.packed += cells[sq.index()];
            self.material += value;
        }
    }
}

impl Terms for Vec<(u32, i32)> {
    fn add(&mut self, term: usize, count: i32) {
        if count != 0 {
            self.push((term as u32, count));
        }
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
    // The native build targets the x86-64 baseline, which lacks `popcnt`: a
    // `u128` count is then some 35 instructions of bit twiddling, and the
    // evaluation counts every piece's reach. Where the CPU has it (every
    // x86-64 CPU since about 2008; the answer is cached by std), the same
    // evaluation is compiled a second time with it. Wasm has the instruction.
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has popcnt, checked just above.
        return unsafe { evaluate_with_popcnt(pos) };
    }
    evaluate_here(pos)
}

/// [`evaluate`] compiled with the `popcnt` instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn evaluate_with_popcnt(pos: &Position) -> i32 {
    evaluate_here(pos)
}

/// [`evaluate`]'s body, inlined into each of its compilations.
#[inline(always)]
fn evaluate_here(pos: &Position) -> i32 {
    let t = table(pos.variant());
    let mut score = Score { table: t, packed: 0, material: 0 };
    all_terms(pos, t, &mut score);
    let (mg, eg) = unpack(score.packed);
    blend(mg, eg, phase_of(score.material, t) as i64, pos.turn())
}

/// The middle-game and endgame sums tapered by the phase, in centipawns for
/// the side to move.
fn blend(mg: i32, eg: i32, phase: i64, turn: Color) -> i32 {
    let blended = (mg as i64 * phase + eg as i64 * (PHASE_MAX as i64 - phase)) / PHASE_MAX as i64;
    let value = (blended / WEIGHT_SCALE as i64) as i32;
    if turn == Color::White {
        value
    } else {
        -value
    }
}

/// The evaluation's terms as counts, from the first player's side, and the
/// phase ([`PHASE_MAX`] = all non-pawn material still in play): with the
/// variant's weights, `evaluate` is their weighted sum.
pub fn terms(pos: &Position) -> (i32, Vec<(u32, i32)>) {
    let t = table(pos.variant());
    let mut counts = Vec::with_capacity(64);
    all_terms(pos, t, &mut counts);
    (phase(pos, t), counts)
}

/// How much non-pawn material is in play, 0 to [`PHASE_MAX`].
#[inline]
fn phase(pos: &Position, t: &EvalTable) -> i32 {
    phase_of(non_pawn_material(pos.variant(), t.pawns, pos), t)
}

/// The phase with `material` of non-pawn material in play.
#[inline]
fn phase_of(material: i32, t: &EvalTable) -> i32 {
    material.min(t.phase_material) * PHASE_MAX / t.phase_material
}

#[inline(always)]
fn all_terms(pos: &Position, t: &EvalTable, sink: &mut impl Terms) {
    let white_attacks = side_terms(pos, t, Color::White, 1, sink);
    let black_attacks = side_terms(pos, t, Color::Black, -1, sink);
    // Hanging: attacked and not defended (monarchs left out).
    let monarchs = pos.by_role(pos.variant().royal());
    let hanging = |side: Color, attacks: Bitboard, defences: Bitboard| {
        (pos.by_color(side) & attacks & !defences & !monarchs).count() as i32
    };
    let white_hanging = hanging(Color::Black, white_attacks, black_attacks);
    let black_hanging = hanging(Color::White, black_attacks, white_attacks);
    sink.add(t.layout.scalar(Scalar::Hanging), white_hanging - black_hanging);
    let tempo = if pos.turn() == Color::White { 1 } else { -1 };
    sink.add(t.layout.scalar(Scalar::Tempo), tempo);
}

/// Everything that is `side`'s own (each count times `sign`): material,
/// hand, where its pieces stand, mobility, attacks on the enemy monarch's
/// zone, the shelter of its own monarch, blast threats, threats to enemy
/// pieces worth more than the attacker, pawn structure. Returns the cells
/// its pieces attack.
#[inline(always)]
fn side_terms(pos: &Position, t: &EvalTable, side: Color, sign: i32, sink: &mut impl Terms) -> Bitboard {
    let v = pos.variant();
    let layout = &t.layout;
    let c = side.index();
    let royal = v.royal();
    let occ = pos.occupied();
    let own = pos.by_color(side);
    let enemy = pos.by_color(!side);
    let enemy_zone = pos.monarch_square(!side).map_or(Bitboard::EMPTY, |k| v.geometry.ball(k, 1));
    let mut attackers = 0;
    let mut zone_attacks = Bitboard::EMPTY;
    let mut best_blast = 0;
    let mut attacks = Bitboard::EMPTY;
    let mut threats = 0;
    let all_pawns = pos.by_roles(t.pawns);
    let (own_pawns, enemy_pawns) = (all_pawns & own, all_pawns & enemy);

    for role in v.roles() {
        let def = v.piece(role);
        let pieces = pos.pieces(side, role);
        let hand = pos.hand_count(side, role) as i32;
        if hand > 0 {
            sink.add(layout.hand(role), sign * hand);
            sink.material(t.phase_value[role.index()] * hand);
        }
        if pieces.is_empty() {
            continue;
        }
        sink.pieces(t, side, role, pieces, sign);
        if pieces.more_than_one() {
            sink.add(layout.per_role(PerRole::Pair, role), sign);
        }
        if role == royal {
            // The monarch defends, and nothing else of its reach counts.
            for sq in pieces {
                attacks |= v.capture_targets(role, side, sq, occ);
            }
            continue;
        }
        let worth_more = pos.by_roles(t.more_valuable[role.index()]) & enemy;
        let same = moves_as_captures(def);
        let blaster = v.is_blaster(role);
        let on_files = !t.pawns.is_empty() && !t.pawns.contains(role);
        let (mut mobility, mut zone_attackers, mut half_open, mut open) = (0, 0, 0, 0);
        for sq in pieces {
            let captures = v.capture_targets(role, side, sq, occ);
            attacks |= captures;
            threats += (captures & worth_more).count() as i32;
            let reach = if same { captures } else { captures | v.move_targets(role, side, sq, occ) };
            mobility += (reach & !own).count() as i32;
            let zone_hit = captures & enemy_zone;
            if zone_hit.any() {
                zone_attackers += 1;
                zone_attacks |= zone_hit;
            }
            if on_files {
                let file = t.files_around[sq.index()][1];
                if (own_pawns & file).is_empty() {
                    half_open += 1;
                    if (enemy_pawns & file).is_empty() {
                        open += 1;
                    }
                }
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
        sink.add(layout.mobility(role), sign * mobility);
        attackers += zone_attackers;
        sink.add(layout.per_role(PerRole::ZoneAttacker, role), sign * zone_attackers);
        if on_files {
            sink.add(layout.per_role(PerRole::HalfOpenFile, role), sign * half_open);
            sink.add(layout.per_role(PerRole::OpenFile, role), sign * open);
        }
    }
    sink.add(layout.scalar(Scalar::Attackers), sign * attackers);
    sink.add(layout.scalar(Scalar::ThreatByLesser), sign * threats);
    let zone_cells = zone_attacks.count() as i32;
    sink.add(layout.scalar(Scalar::ZoneAttacks), sign * zone_cells);
    sink.add(layout.scalar(Scalar::AttackProduct), sign * attackers * zone_cells);
    if best_blast > 0 {
        sink.add(layout.scalar(Scalar::BlastThreat), sign * best_blast);
    }

    // Pawn structure, for the roles the variant counts as pawns.
    if !t.pawns.is_empty() {
        let (mut passed, mut passed_rank, mut doubled, mut isolated) = (0, 0, 0, 0);
        for sq in own_pawns {
            let i = sq.index();
            if (enemy_pawns & t.front_span[c][i]).is_empty() {
                passed += 1;
                passed_rank += t.relative_rank[c][i] as i32;
            }
            if (own_pawns & t.front_file[c][i]).any() {
                doubled += 1;
            }
            if (own_pawns & t.adjacent_files[i]).is_empty() {
                isolated += 1;
            }
        }
        sink.add(layout.scalar(Scalar::Passed), sign * passed);
        sink.add(layout.scalar(Scalar::PassedRank), sign * passed_rank);
        sink.add(layout.scalar(Scalar::Doubled), sign * doubled);
        sink.add(layout.scalar(Scalar::Isolated), sign * isolated);

        // The monarch's pawn cover: pawns in front of it, and the files
        // around it that its own pawns (or all pawns) have left.
        if let Some(k) = pos.monarch_square(side) {
            let shield = (own_pawns & t.shield_zone[c][k.index()]).count() as i32;
            sink.add(layout.scalar(Scalar::PawnShield), sign * shield);
            let (mut half_open, mut open) = (0, 0);
            for file in t.files_around[k.index()] {
                if file.any() && (own_pawns & file).is_empty() {
                    half_open += 1;
                    if (enemy_pawns & file).is_empty() {
                        open += 1;
                    }
                }
            }
            sink.add(layout.scalar(Scalar::HalfOpenNearMonarch), sign * half_open);
            sink.add(layout.scalar(Scalar::OpenNearMonarch), sign * open);
        }
    }

    // The shelter of our own monarch, and how exposed it is to drops.
    if let Some(k) = pos.monarch_square(side) {
        let ring = v.geometry.ring(k);
        let shelter = ((ring & own).count() as i32).min(SHELTER_MAX);
        sink.add(layout.scalar(Scalar::Shelter), sign * shelter);
        if v.has_hands() {
            let enemy_hand: i32 = v.roles().map(|r: Role| pos.hand_count(!side, r) as i32).sum();
            let open = (ring & !occ).count() as i32;
            sink.add(layout.scalar(Scalar::HandDanger), sign * enemy_hand.min(HAND_DANGER_MAX) * open);
        }
    }
    attacks
}

/// A piece in hand is worth this percentage more than on the board in
/// [`material`] (it can be dropped where it is needed).
const HAND_BONUS_PCT: i32 = 10;

/// Material of `side`: pieces on the board and in hand (with the hand bonus),
/// by the piece table's values.
pub fn material(pos: &Position, side: Color) -> i32 {
    let v = pos.variant();
    v.roles()
        .map(|role| {
            let def = v.piece(role);
            let hand = pos.hand_count(side, role) as i32;
            pos.pieces(side, role).count() as i32 * def.value + hand * def.value * (100 + HAND_BONUS_PCT) / 100
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chesslike::fen::write_position;
    use crate::chesslike::variant::Variant;
    use crate::game_position::GamePosition;

    /// The evaluation term by term in integers, as it was computed before
    /// the packed tables: each count times its rounded mg and eg weights,
    /// the phase from `non_pawn_material`.
    fn term_by_term(pos: &Position) -> i32 {
        let t = table(pos.variant());
        let (phase, counts) = terms(pos);
        let (mut mg, mut eg) = (0i32, 0i32);
        for (term, n) in counts {
            mg += t.mg[term as usize] * n;
            eg += t.eg[term as usize] * n;
        }
        blend(mg, eg, phase as i64, pos.turn())
    }

    /// The packed tables and the phase summed on the way give exactly what
    /// the terms one by one give, in every variant, along seeded playouts
    /// (captures, promotions, drops).
    #[test]
    fn evaluate_is_exactly_the_terms_one_by_one() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut checked = 0;
        for &id in Variant::all() {
            let Some(v) = Variant::by_id(id) else { continue };
            for game in 0..6 {
                let mut pos = Position::start(v);
                for _ in 0..120 {
                    assert_eq!(evaluate(&pos), term_by_term(&pos), "{id} game {game}: {}", write_position(&pos));
                    checked += 1;
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos = pos.play(moves[(seed % moves.len() as u64) as usize]);
                }
            }
        }
        assert!(checked > 1000, "{checked} positions");
    }
}
