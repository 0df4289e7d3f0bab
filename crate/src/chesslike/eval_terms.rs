//! The evaluation's terms and their weights, per variant.
//!
//! The static evaluation (`eval`) is a sum of terms, each a count (how many
//! pieces of a role on the board, on a relative rank, how many cells they
//! reach, ...) times a weight, with two weights per term: one for the
//! middle game and one for the endgame, blended by the phase (how much
//! non-pawn material is left, on the board and in hand). Which terms a
//! variant has follows from its data ([`Layout`]: its roles and board); the
//! weights are a text table per variant (`weights/<id>.txt`, written by the
//! Texel tuner, `zilo tune`), read once: a term the table does not name
//! keeps its default ([`default_weight`]), which reproduces the evaluation
//! before the tuner (piece values from the piece table, no square terms).
//! [`WEIGHT_FILES`] is the only place the evaluation names a variant.

use std::sync::OnceLock;

use crate::chesslike::bitboard::Bitboard;
use crate::chesslike::geometry::Square;
use crate::chesslike::piece::{Color, Role, RoleSet};
use crate::chesslike::position::Position;
use crate::chesslike::variant::{NullMove, Variant};

/// The tuned weight tables, one per variant that has one.
pub const WEIGHT_FILES: &[(&str, &str)] = &[
    ("chess", include_str!("weights/chess.txt")),
    ("shogi", include_str!("weights/shogi.txt")),
    ("zilo", include_str!("weights/zilo.txt")),
];

/// At most this many friendly neighbours of the monarch count as shelter.
pub const SHELTER_MAX: i32 = 4;
/// At most this many enemy hand pieces count toward drop danger.
pub const HAND_DANGER_MAX: i32 = 4;
/// Weights are kept in hundredths of a centipawn, so that a weight can be a
/// fraction (the blast threat's weight is a share of a blast's value).
pub const WEIGHT_SCALE: i32 = 100;
/// The phase runs from 0 (no non-pawn material left) to this (all of it).
pub const PHASE_MAX: i32 = 256;

/// The terms that are one number for the whole side (not per role).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scalar {
    /// Friendly pieces next to the monarch, up to [`SHELTER_MAX`].
    Shelter,
    /// Own pieces that attack a cell of the enemy monarch's zone.
    Attackers,
    /// Cells of the enemy monarch's zone (its cell and neighbours) attacked.
    ZoneAttacks,
    /// Enemy hand pieces (up to [`HAND_DANGER_MAX`]) times empty neighbours of our monarch.
    HandDanger,
    /// The best blast's net value, in centipawns (its weight is a share of it).
    BlastThreat,
    /// Pawns with no enemy pawn ahead on their file or the next ones.
    Passed,
    /// The relative ranks of passed pawns, summed.
    PassedRank,
    /// Pawns with an own pawn ahead on the same file.
    Doubled,
    /// Pawns with no own pawn on the next files.
    Isolated,
    /// Having the move.
    Tempo,
    /// Attacks on enemy pieces worth more than the attacker (counted per
    /// attacker and target): a threat to win material.
    ThreatByLesser,
    /// Enemy pieces (not the monarch) attacked and not defended.
    Hanging,
    /// Own pawns sheltering the monarch: on its file or the next ones, one
    /// or two ranks ahead of it (where the variant has pawns).
    PawnShield,
    /// Files among the monarch's and the next ones with no own pawn: lines
    /// the enemy's rooks and queens open toward it.
    HalfOpenNearMonarch,
    /// Of those files, the ones with no enemy pawn either.
    OpenNearMonarch,
    /// Own pieces attacking the enemy monarch's zone times the zone cells
    /// they attack: king danger that grows faster than either count alone.
    AttackProduct,
}

impl Scalar {
    pub const ALL: [Scalar; 16] = [
        Scalar::Shelter,
        Scalar::Attackers,
        Scalar::ZoneAttacks,
        Scalar::HandDanger,
        Scalar::BlastThreat,
        Scalar::Passed,
        Scalar::PassedRank,
        Scalar::Doubled,
        Scalar::Isolated,
        Scalar::Tempo,
        Scalar::ThreatByLesser,
        Scalar::Hanging,
        Scalar::PawnShield,
        Scalar::HalfOpenNearMonarch,
        Scalar::OpenNearMonarch,
        Scalar::AttackProduct,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Scalar::Shelter => "shelter",
            Scalar::Attackers => "attackers",
            Scalar::ZoneAttacks => "zone_attacks",
            Scalar::HandDanger => "hand_danger",
            Scalar::BlastThreat => "blast_threat",
            Scalar::Passed => "passed",
            Scalar::PassedRank => "passed_rank",
            Scalar::Doubled => "doubled",
            Scalar::Isolated => "isolated",
            Scalar::Tempo => "tempo",
            Scalar::ThreatByLesser => "threat_by_lesser",
            Scalar::Hanging => "hanging",
            Scalar::PawnShield => "pawn_shield",
            Scalar::HalfOpenNearMonarch => "half_open_near_monarch",
            Scalar::OpenNearMonarch => "open_near_monarch",
            Scalar::AttackProduct => "attack_product",
        }
    }
}

/// The terms a variant has once per role, in the order of [`Layout`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PerRole {
    /// Pieces of the role on the board.
    Value,
    /// Pieces of the role in hand.
    Hand,
    /// Cells the role's pieces reach that no own piece stands on.
    Mobility,
    /// Two or more pieces of the role on the board (a bishop pair): 1 or 0.
    Pair,
    /// Pieces of the role on a file without an own pawn (where the variant
    /// has pawns): a rook's half-open file.
    HalfOpenFile,
    /// Of those, the ones on a file without any pawn: an open file.
    OpenFile,
    /// Pieces of the role that attack the enemy monarch's zone: which
    /// attackers weigh more (a queen more than a knight).
    ZoneAttacker,
}

impl PerRole {
    pub const ALL: [PerRole; 7] = [
        PerRole::Value,
        PerRole::Hand,
        PerRole::Mobility,
        PerRole::Pair,
        PerRole::HalfOpenFile,
        PerRole::OpenFile,
        PerRole::ZoneAttacker,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PerRole::Value => "value",
            PerRole::Hand => "hand",
            PerRole::Mobility => "mobility",
            PerRole::Pair => "pair",
            PerRole::HalfOpenFile => "half_open_file",
            PerRole::OpenFile => "open_file",
            PerRole::ZoneAttacker => "zone_attacker",
        }
    }
}

/// Where each term of a variant sits in its weight vectors: the
/// [`PerRole`] terms (a value on the board, in hand, mobility, ...), then
/// per role a weight per relative rank and per file counted from the nearer
/// edge (the board's halves mirrored), and a weight per cell of that
/// mirrored half (rank and file together: what the rank and file weights
/// alone cannot say, such as a pawn's advance being good in the centre and
/// bad on a wing); then the [`Scalar`] terms.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub roles: usize,
    pub ranks: usize,
    /// Files counted from the nearer edge: `ceil(files / 2)`.
    pub file_buckets: usize,
}

impl Layout {
    pub fn of(variant: &Variant) -> Layout {
        let files = variant.geometry.files as usize;
        Layout { roles: variant.pieces.len(), ranks: variant.geometry.ranks as usize, file_buckets: files.div_ceil(2) }
    }

    #[inline]
    pub fn per_role(&self, kind: PerRole, role: Role) -> usize {
        kind as usize * self.roles + role.index()
    }
    #[inline]
    pub fn value(&self, role: Role) -> usize {
        self.per_role(PerRole::Value, role)
    }
    #[inline]
    pub fn hand(&self, role: Role) -> usize {
        self.per_role(PerRole::Hand, role)
    }
    #[inline]
    pub fn mobility(&self, role: Role) -> usize {
        self.per_role(PerRole::Mobility, role)
    }
    #[inline]
    pub fn rank(&self, role: Role, relative_rank: usize) -> usize {
        self.ranks_start() + role.index() * self.ranks + relative_rank
    }
    #[inline]
    pub fn file(&self, role: Role, bucket: usize) -> usize {
        self.files_start() + role.index() * self.file_buckets + bucket
    }
    #[inline]
    pub fn square(&self, role: Role, relative_rank: usize, bucket: usize) -> usize {
        self.squares_start() + (role.index() * self.ranks + relative_rank) * self.file_buckets + bucket
    }
    #[inline]
    pub fn scalar(&self, s: Scalar) -> usize {
        self.scalars_start() + s as usize
    }
    fn ranks_start(&self) -> usize {
        PerRole::ALL.len() * self.roles
    }
    fn files_start(&self) -> usize {
        self.ranks_start() + self.roles * self.ranks
    }
    fn squares_start(&self) -> usize {
        self.files_start() + self.roles * self.file_buckets
    }
    fn scalars_start(&self) -> usize {
        self.squares_start() + self.roles * self.ranks * self.file_buckets
    }
    pub fn len(&self) -> usize {
        self.scalars_start() + Scalar::ALL.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The name of term `index` in the weight tables: a [`PerRole`] term's
    /// name and the role (`value.N`, `hand.N`, `pair.B`), `rank.N.3`,
    /// `file.N.0`, `square.N.3.0` (rank, then file; a promoted role's letter
    /// written `+N`), or a [`Scalar`]'s name.
    pub fn name(&self, variant: &Variant, index: usize) -> String {
        let letter = |r: usize| {
            let def = &variant.pieces[r];
            if def.promoted {
                format!("+{}", def.letter)
            } else {
                def.letter.to_string()
            }
        };
        let r = self.roles;
        if index < self.ranks_start() {
            format!("{}.{}", PerRole::ALL[index / r].name(), letter(index % r))
        } else if index < self.files_start() {
            let i = index - self.ranks_start();
            format!("rank.{}.{}", letter(i / self.ranks), i % self.ranks)
        } else if index < self.squares_start() {
            let i = index - self.files_start();
            format!("file.{}.{}", letter(i / self.file_buckets), i % self.file_buckets)
        } else if index < self.scalars_start() {
            let i = index - self.squares_start();
            let (role, cell) = (i / (self.ranks * self.file_buckets), i % (self.ranks * self.file_buckets));
            format!("square.{}.{}.{}", letter(role), cell / self.file_buckets, cell % self.file_buckets)
        } else {
            Scalar::ALL[index - self.scalars_start()].name().to_string()
        }
    }
}

/// The weight of term `index` before any tuning, in centipawns: the
/// evaluation as it was written by hand (piece values from the piece table,
/// a piece in hand 10% more, 2 cp a cell of mobility, the monarch terms),
/// square, pawn-structure and the later per-role terms 0.
pub fn default_weight(variant: &Variant, layout: &Layout, index: usize) -> f64 {
    let r = layout.roles;
    if index < layout.ranks_start() {
        let piece = &variant.pieces[index % r];
        return match PerRole::ALL[index / r] {
            PerRole::Value => piece.value as f64,
            PerRole::Hand => piece.value as f64 * 1.10,
            PerRole::Mobility if piece.royal => 0.0,
            PerRole::Mobility => 2.0,
            // 0 until tuned: a variant without a weight table plays as before.
            PerRole::Pair | PerRole::HalfOpenFile | PerRole::OpenFile | PerRole::ZoneAttacker => 0.0,
        };
    }
    if index < layout.scalars_start() {
        return 0.0;
    }
    match Scalar::ALL[index - layout.scalars_start()] {
        Scalar::Shelter => 8.0,
        Scalar::Attackers => 10.0,
        Scalar::ZoneAttacks => 4.0,
        Scalar::HandDanger => -3.0,
        Scalar::BlastThreat => 0.15,
        Scalar::Tempo => 10.0,
        Scalar::ThreatByLesser => 30.0,
        Scalar::Hanging => 20.0,
        Scalar::Passed | Scalar::PassedRank | Scalar::Doubled | Scalar::Isolated => 0.0,
        // The monarch's pawn cover and the non-linear king danger are 0
        // until tuned: a variant without a weight table plays as before.
        Scalar::PawnShield | Scalar::HalfOpenNearMonarch | Scalar::OpenNearMonarch | Scalar::AttackProduct => 0.0,
    }
}

/// A weight table: `name mg eg` a line, weights in centipawns; `#` starts a comment.
pub fn parse_weights(variant: &Variant, text: &str) -> Result<Vec<(f64, f64)>, String> {
    let layout = Layout::of(variant);
    let names: Vec<String> = (0..layout.len()).map(|i| layout.name(variant, i)).collect();
    let mut weights: Vec<(f64, f64)> = (0..layout.len())
        .map(|i| {
            let w = default_weight(variant, &layout, i);
            (w, w)
        })
        .collect();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = || format!("weights of {}, line {}: expected 'name mg eg', got '{line}'", variant.id, n + 1);
        let mut parts = line.split_whitespace();
        let (Some(name), Some(mg), Some(eg), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
            return Err(bad());
        };
        let index = names
            .iter()
            .position(|known| known == name)
            .ok_or_else(|| format!("weights of {}, line {}: unknown term '{name}'", variant.id, n + 1))?;
        let mg: f64 = mg.parse().map_err(|_| bad())?;
        let eg: f64 = eg.parse().map_err(|_| bad())?;
        if !mg.is_finite() || !eg.is_finite() || mg.abs() > 1e5 || eg.abs() > 1e5 {
            return Err(bad());
        }
        weights[index] = (mg, eg);
    }
    Ok(weights)
}

/// Writes a weight table that [`parse_weights`] reads back, every term named.
pub fn write_weights(variant: &Variant, weights: &[(f64, f64)], header: &str) -> String {
    let layout = Layout::of(variant);
    let mut out = String::new();
    for line in header.lines() {
        out.push_str(&format!("# {line}\n"));
    }
    for (i, (mg, eg)) in weights.iter().enumerate() {
        out.push_str(&format!("{} {:.2} {:.2}\n", layout.name(variant, i), mg, eg));
    }
    out
}

/// A variant's weights (in hundredths of a centipawn) and the board masks its terms use.
pub struct EvalTable {
    pub layout: Layout,
    pub mg: Vec<i32>,
    pub eg: Vec<i32>,
    /// Per term: its mg and eg weights in one number ([`pack`]), so that a
    /// term costs one multiply-add.
    pub packed: Vec<i64>,
    /// Per side, role and cell ([`EvalTable::piece_index`]): a piece's value,
    /// rank, file and square weights summed and packed, negated for the second
    /// player: the evaluation's one lookup per piece. The integer sum of the
    /// same rounded weights, so the total is what the terms one by one give.
    pub piece_square: Vec<i64>,
    /// The roles whose structure counts (passed, doubled, isolated): those
    /// the variant names as pawns in its null-move rule.
    pub pawns: RoleSet,
    /// Non-pawn, non-royal material (piece-table values) at the start: phase [`PHASE_MAX`].
    pub phase_material: i32,
    /// Per role: what a piece of it adds to the phase's material (its value,
    /// 0 for pawns and the monarch), so the evaluation sums it on its way.
    pub phase_value: Vec<i32>,
    /// Per side and cell: its rank as that side counts it.
    pub relative_rank: [Vec<u8>; 2],
    /// Per cell: its file counted from the nearer edge.
    pub file_bucket: Vec<u8>,
    /// Per side and cell: the cells ahead of it (that side's way) on its file and the next ones.
    pub front_span: [Vec<Bitboard>; 2],
    /// Per side and cell: the cells ahead of it on its own file.
    pub front_file: [Vec<Bitboard>; 2],
    /// Per cell: the cells of the files next to its file.
    pub adjacent_files: Vec<Bitboard>,
    /// Per side and cell: where pawns shelter a monarch on that cell (its
    /// file and the next ones, one or two ranks ahead, that side's way).
    pub shield_zone: [Vec<Bitboard>; 2],
    /// Per cell: its file and the next ones, each file's cells apart
    /// (an empty bitboard where the board ends).
    pub files_around: Vec<[Bitboard; 3]>,
    /// Per role: the roles worth more (piece-table value) than it, the
    /// monarch left out (a check is the search's business).
    pub more_valuable: Vec<RoleSet>,
}

impl EvalTable {
    pub fn new(variant: &'static Variant, weights: &[(f64, f64)]) -> EvalTable {
        let layout = Layout::of(variant);
        assert_eq!(weights.len(), layout.len(), "one weight pair per term");
        let scale = |w: f64| (w * WEIGHT_SCALE as f64).round() as i32;
        let g = &variant.geometry;
        let cells = g.cell_count();
        let pawns = match variant.rules.null_move {
            NullMove::UnlessOnly(roles) => roles,
            NullMove::Off => RoleSet::NONE,
        };
        let mut relative_rank = [vec![0u8; cells], vec![0u8; cells]];
        let mut front_span = [vec![Bitboard::EMPTY; cells], vec![Bitboard::EMPTY; cells]];
        let mut front_file = [vec![Bitboard::EMPTY; cells], vec![Bitboard::EMPTY; cells]];
        let mut file_bucket = vec![0u8; cells];
        let mut adjacent_files = vec![Bitboard::EMPTY; cells];
        let mut shield_zone = [vec![Bitboard::EMPTY; cells], vec![Bitboard::EMPTY; cells]];
        let mut files_around = vec![[Bitboard::EMPTY; 3]; cells];
        for sq in g.squares() {
            let (f, r) = (g.file_of(sq), g.rank_of(sq));
            file_bucket[sq.index()] = f.min(g.files - 1 - f);
            for (i, x) in [f.wrapping_sub(1), f, f + 1].into_iter().enumerate() {
                if x < g.files {
                    files_around[sq.index()][i] = g.file_mask(x);
                }
            }
            let [left, _, right] = files_around[sq.index()];
            adjacent_files[sq.index()] = left | right;
            for color in Color::BOTH {
                let c = color.index();
                relative_rank[c][sq.index()] = g.relative_rank(color, r);
                let ahead: Bitboard = g
                    .squares()
                    .filter(|&s: &Square| match color {
                        Color::White => g.rank_of(s) > r,
                        Color::Black => g.rank_of(s) < r,
                    })
                    .collect();
                front_file[c][sq.index()] = ahead & g.file_mask(f);
                front_span[c][sq.index()] = ahead & (g.file_mask(f) | left | right);
                let within_two: Bitboard = g.squares().filter(|&s: &Square| g.rank_of(s).abs_diff(r) <= 2).collect();
                shield_zone[c][sq.index()] = front_span[c][sq.index()] & within_two;
            }
        }
        let phase_material = non_pawn_material(variant, pawns, &Position::start(variant)).max(1);
        let phase_value = variant
            .roles()
            .map(|r| if pawns.contains(r) || variant.piece(r).royal { 0 } else { variant.piece(r).value })
            .collect();
        let mg: Vec<i32> = weights.iter().map(|w| scale(w.0)).collect();
        let eg: Vec<i32> = weights.iter().map(|w| scale(w.1)).collect();
        let packed: Vec<i64> = mg.iter().zip(&eg).map(|(&m, &e)| pack(m, e)).collect();
        let mut piece_square = vec![0i64; 2 * layout.roles * cells];
        for color in Color::BOTH {
            let sign = if color == Color::White { 1 } else { -1 };
            for role in variant.roles() {
                for sq in g.squares() {
                    let rank = layout.rank(role, relative_rank[color.index()][sq.index()] as usize);
                    let bucket = file_bucket[sq.index()] as usize;
                    let file = layout.file(role, bucket);
                    let square = layout.square(role, relative_rank[color.index()][sq.index()] as usize, bucket);
                    let sum = packed[layout.value(role)] + packed[rank] + packed[file] + packed[square];
                    piece_square[piece_index(&layout, cells, color, role, sq)] = sign * sum;
                }
            }
        }
        let more_valuable = variant
            .roles()
            .map(|r| {
                let worth_more: Vec<Role> = variant
                    .roles()
                    .filter(|&o| variant.piece(o).value > variant.piece(r).value && !variant.piece(o).royal)
                    .collect();
                RoleSet::of(&worth_more)
            })
            .collect();
        EvalTable {
            more_valuable,
            layout,
            mg,
            eg,
            packed,
            piece_square,
            pawns,
            phase_material,
            phase_value,
            relative_rank,
            file_bucket,
            front_span,
            front_file,
            adjacent_files,
            shield_zone,
            files_around,
        }
    }
}

/// Where `piece_square` keeps a `role` of `color` on `sq`.
#[inline]
fn piece_index(layout: &Layout, cells: usize, color: Color, role: Role, sq: Square) -> usize {
    (color.index() * layout.roles + role.index()) * cells + sq.index()
}

impl EvalTable {
    /// The start of `color`'s `role` in `piece_square` (add the cell's index).
    #[inline]
    pub fn piece_base(&self, color: Color, role: Role) -> usize {
        piece_index(&self.layout, self.file_bucket.len(), color, role, Square(0))
    }
}

/// A middle-game and an endgame weight (or sum) in one number: `eg` times
/// 2^32 plus `mg`. Sums and multiples of packed numbers are the packed sums
/// and multiples as long as each half stays within `i32`, which weights in
/// hundredths of a centipawn times the counts of one position do.
#[inline]
pub const fn pack(mg: i32, eg: i32) -> i64 {
    ((eg as i64) << 32) + mg as i64
}

/// The (mg, eg) halves of a [`pack`]ed number.
#[inline]
pub const fn unpack(packed: i64) -> (i32, i32) {
    let mg = packed as i32;
    (mg, ((packed - mg as i64) >> 32) as i32)
}

/// The value (piece table) of both sides' pieces on the board and in hand,
/// leaving out pawns and monarchs: how far the game is from its endgame.
#[inline]
pub fn non_pawn_material(variant: &Variant, pawns: RoleSet, pos: &Position) -> i32 {
    variant
        .roles()
        .filter(|&r| !pawns.contains(r) && !variant.piece(r).royal)
        .map(|r| {
            let hand = pos.hand_count(Color::White, r) as i32 + pos.hand_count(Color::Black, r) as i32;
            (pos.by_role(r).count() as i32 + hand) * variant.piece(r).value
        })
        .sum()
}

/// The table of `variant`: its weight file if it has one, the defaults otherwise.
pub fn table(variant: &'static Variant) -> &'static EvalTable {
    static TABLES: [OnceLock<EvalTable>; 16] = [const { OnceLock::new() }; 16];
    let i = Variant::all().iter().position(|&id| id == variant.id).expect("a registered variant");
    TABLES[i].get_or_init(|| EvalTable::new(variant, &weights_of(variant)))
}

/// The weights `variant` plays with, in centipawns (mg, eg) per term.
pub fn weights_of(variant: &Variant) -> Vec<(f64, f64)> {
    let text = WEIGHT_FILES.iter().find(|(id, _)| *id == variant.id).map_or("", |(_, text)| text);
    parse_weights(variant, text).unwrap_or_else(|e| panic!("{e}"))
}
