//! A variant is data: a board, a piece table, a start position and a set of
//! named rule options. Move generation reads these; it has no per-game branches.

use std::sync::OnceLock;

use crate::bitboard::Bitboard;
use crate::geometry::{Dir, DirSet, Geometry, Square};
use crate::piece::{Color, Movement, PieceDef, Role, RoleSet, MAX_ROLES};
use crate::variants;

/// A capture by one of `roles` removes every piece on the eight cells around
/// the landing cell (the capturer stays). Blast victims leave the game.
#[derive(Clone, Copy, Debug)]
pub struct Blast {
    pub roles: RoleSet,
}

/// `armored` pieces cannot be captured by `attackers` from more than
/// `max_distance` steps away (the `zilo` Sentinel).
#[derive(Clone, Copy, Debug)]
pub struct RangedArmor {
    pub armored: Role,
    pub attackers: RoleSet,
    pub max_distance: u8,
}

/// What a player who cannot move is given.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum NoMovesOutcome {
    Loss,
    #[default]
    Draw,
}

/// How pieces promote.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Promotion {
    #[default]
    None,
    /// `roles` reaching the last rank must become one of `choices` (chess).
    LastRank { roles: RoleSet, choices: RoleSet },
    /// A piece with `promotes_to` may promote when it moves into, out of or
    /// within the farthest `ranks` ranks, and must where it would be stuck (shogi).
    Zone { ranks: u8 },
}

/// Castling: the king on its start square and a rook that have not moved go
/// together, the rook landing on the cell next to the king's landing cell, on
/// the side the king came from. Rights are kept as the set of rooks that may
/// still castle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Castling {
    pub rook: Role,
    pub king_move: CastlingKingMove,
}

/// How far the king goes when castling, and so how the move is written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CastlingKingMove {
    /// Two squares toward the rook (chess); written as the king's move, `e1g1`.
    TwoSquares,
    /// Any number of squares toward the rook, up to the rook's own cell
    /// (flexible castling, Pillage and Venomous); written as the king's move
    /// `+` the rook's move, `f1h1+i1g1`, since a one-square castle would
    /// otherwise read as a king step.
    UpToTheRook,
}

/// The notation players read in a move list.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum MoveNotation {
    /// Standard algebraic notation: `Nf3`, `exd6`, `O-O`, `e8=Q`, `N@f3`, `Qh4#`.
    #[default]
    Algebraic,
    /// Western shogi notation, on shogi's coordinates (files 9–1 from the
    /// first player's right, ranks a–i from the far side): `P-7f`, `Bx2b+`,
    /// `S-4h=` (declines to promote), `P*5e`.
    Shogi,
}

/// The rule options of a variant: named mechanics, each off by default.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules {
    /// Captured pieces go to the capturer's hand and may be dropped.
    pub drops: bool,
    /// Roles whose drop may not checkmate at once.
    pub no_drop_mate: RoleSet,
    /// Roles that may not be dropped on a file holding one of their own kind (nifu).
    pub one_per_file: RoleSet,
    pub blast: Option<Blast>,
    pub ranged_armor: Option<RangedArmor>,
    pub promotion: Promotion,
    /// Roles that may advance two squares from their second rank (chess pawns).
    pub double_step: RoleSet,
    /// Roles that, after advancing two squares straight ahead from anywhere,
    /// may be taken en passant by a piece of these roles on the next move.
    pub en_passant: RoleSet,
    pub castling: Option<Castling>,
    /// Moves of these roles reset the half-move clock, as captures do.
    pub halfmove_reset: RoleSet,
    /// Stalemate (no legal move, not in check).
    pub stalemate: NoMovesOutcome,
    /// The game is drawn when a position occurs this many times.
    pub repetition_count: u8,
    /// A side that gave check at every move of the repetition loses (shogi).
    pub perpetual_check_loses: bool,
    /// Draw after fifty moves by each side without capture or pawn move.
    pub fifty_move_rule: bool,
    /// Draw when neither side has material to mate (chess).
    pub insufficient_material: bool,
    /// Removing the enemy monarch wins at once ("checkmate or capture of the
    /// Monarch"). A position may then be set up with the side not to move in
    /// check: the side to move simply takes the monarch.
    pub monarch_capture_wins: bool,
    /// How moves are written for players (the move list), as opposed to move text.
    pub move_notation: MoveNotation,
    /// Order of pieces in a written hand, one letter per role (Fairy-Stockfish's
    /// order for shogi); empty means the piece table's order.
    pub hand_order: &'static str,
}

/// A role's movement compiled for fast lookup: leap targets per side and
/// square, slide and hop directions per side.
struct RoleTable {
    capture_leaps: [Vec<Bitboard>; 2],
    move_leaps: [Vec<Bitboard>; 2],
    capture_slides: [DirSet; 2],
    move_slides: [DirSet; 2],
    capture_hops: [DirSet; 2],
    move_hops: [DirSet; 2],
    /// A superset of the cells it could capture on, whatever the occupancy
    /// (hops and shots included): a cheap first filter for attacks.
    capture_reach: [Vec<Bitboard>; 2],
}

/// How a side is named in the words a game uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideNames {
    /// `White`, `Sente`, `Birds`.
    pub name: &'static str,
    /// One of them: `White`, `Bird`.
    pub one: &'static str,
    /// Whether `name` takes a plural verb ("the Birds win", "White wins").
    pub plural: bool,
    /// Its monarch in a sentence: `white king`, `Red Cardinal`.
    pub monarch: &'static str,
    /// A longer name (`Avian Alliance`) and one in the game's own language, or empty.
    pub long: &'static str,
    pub native: &'static str,
}

impl SideNames {
    pub const WHITE: SideNames = SideNames {
        name: "White",
        one: "White",
        plural: false,
        monarch: "white king",
        long: "first player",
        native: "",
    };
    pub const BLACK: SideNames = SideNames {
        name: "Black",
        one: "Black",
        plural: false,
        monarch: "black king",
        long: "second player",
        native: "",
    };
}

/// The ids of every variant, in the order menus list them.
const VARIANT_IDS: [&str; 8] = [
    "zilo",
    "chess",
    "shogi",
    "pillage",
    "pillage-flying-ferz",
    "pillage-snipers",
    "pillage-dragons",
    "pillage-warmachines",
];

pub struct Variant {
    pub id: &'static str,
    pub name: &'static str,
    pub geometry: Geometry,
    pub pieces: Vec<PieceDef>,
    pub start_fen: &'static str,
    pub rules: Rules,
    /// The first and the second player's names.
    pub sides: [SideNames; 2],
    royal: Role,
    hoppers: RoleSet,
    shooters: RoleSet,
    /// Per side and direction, the roles that capture along it by sliding or
    /// shooting (`line_roles`) or by hopping (`hop_roles`).
    line_roles: [[RoleSet; 8]; 2],
    hop_roles: [[RoleSet; 8]; 2],
    tables: Vec<RoleTable>,
    blast_exposure: Vec<BlastExposure>,
}

/// For a monarch on a given cell, where blasts could reach it from: its own
/// side's moves that start in `lines` or end in `ring` may expose it, if an
/// enemy blaster stands in `zone`.
#[derive(Clone, Copy, Default)]
pub struct BlastExposure {
    /// Cells from which a blaster could capture a neighbour of the monarch.
    pub zone: Bitboard,
    /// The blasters' paths to the neighbours.
    pub lines: Bitboard,
    /// The neighbours: an arriving piece becomes a blast target.
    pub ring: Bitboard,
}

impl Variant {
    pub fn new(
        id: &'static str,
        name: &'static str,
        geometry: Geometry,
        pieces: Vec<PieceDef>,
        start_fen: &'static str,
        rules: Rules,
    ) -> Variant {
        assert!(pieces.len() <= MAX_ROLES);
        let royals: Vec<usize> = (0..pieces.len()).filter(|&i| pieces[i].royal).collect();
        assert_eq!(royals.len(), 1, "a variant has exactly one royal role");
        let table = |m: &Movement, color: Color| -> Vec<Bitboard> {
            geometry
                .squares()
                .map(|sq| {
                    m.leaps
                        .iter()
                        .filter_map(|&(df, dr)| {
                            let dr = if color == Color::White { dr } else { -dr };
                            geometry.offset(sq, df, dr)
                        })
                        .collect()
                })
                .collect()
        };
        // Hops and shots reach nothing on an empty board: their reach is
        // the whole line beyond the first cell (beyond the shot's minimum).
        let reach = |p: &PieceDef, color: Color| -> Vec<Bitboard> {
            let m = &p.captures;
            let leaps = table(m, color);
            geometry
                .squares()
                .map(|sq| {
                    let mut reach = leaps[sq.index()]
                        | geometry.slide(sq, m.slides.for_color(color), m.range, Bitboard::EMPTY)
                        | geometry.slide(sq, m.hops.for_color(color), Movement::UNLIMITED, Bitboard::EMPTY)
                            & !geometry.ball(sq, 1);
                    if let Some(shot) = p.shot {
                        reach |= geometry.slide(sq, shot.dirs.for_color(color), Movement::UNLIMITED, Bitboard::EMPTY)
                            & !geometry.ball(sq, shot.min_distance.saturating_sub(1));
                    }
                    reach
                })
                .collect()
        };
        let tables: Vec<RoleTable> = pieces
            .iter()
            .map(|p| RoleTable {
                capture_leaps: [table(&p.captures, Color::White), table(&p.captures, Color::Black)],
                move_leaps: [table(&p.moves, Color::White), table(&p.moves, Color::Black)],
                capture_slides: [p.captures.slides, p.captures.slides.for_color(Color::Black)],
                move_slides: [p.moves.slides, p.moves.slides.for_color(Color::Black)],
                capture_hops: [p.captures.hops, p.captures.hops.for_color(Color::Black)],
                move_hops: [p.moves.hops, p.moves.hops.for_color(Color::Black)],
                capture_reach: [reach(p, Color::White), reach(p, Color::Black)],
            })
            .collect();
        let royal = Role(royals[0] as u8);
        if let Some(armor) = rules.ranged_armor {
            assert!(armor.armored != royal, "check detection assumes the monarch wears no armor");
        }
        let blast_exposure = geometry
            .squares()
            .map(|k| {
                let mut exposure = BlastExposure::default();
                let Some(blast) = rules.blast else { return exposure };
                exposure.ring = geometry.ring(k);
                for t in geometry.ring(k) {
                    for (i, table) in tables.iter().enumerate() {
                        if blast.roles.contains(Role(i as u8)) {
                            for color in Color::BOTH {
                                let from = table.capture_reach[color.index()][t.index()];
                                exposure.zone |= from;
                                exposure.lines |= from;
                            }
                        }
                    }
                }
                exposure
            })
            .collect();
        let roles_where = |f: &dyn Fn(&PieceDef) -> bool| {
            RoleSet((0..pieces.len()).filter(|&i| f(&pieces[i])).fold(0, |bits, i| bits | 1 << i))
        };
        let hoppers = roles_where(&|p| !p.captures.hops.is_empty());
        let shooters = roles_where(&|p| p.shot.is_some());
        let mut line_roles = [[RoleSet::NONE; 8]; 2];
        let mut hop_roles = [[RoleSet::NONE; 8]; 2];
        for color in Color::BOTH {
            for (i, p) in pieces.iter().enumerate() {
                let shot_dirs = p.shot.map_or(DirSet::NONE, |s| s.dirs);
                for d in DirSet(p.captures.slides.0 | shot_dirs.0).for_color(color).iter() {
                    line_roles[color.index()][d as usize].0 |= 1 << i;
                }
                for d in p.captures.hops.for_color(color).iter() {
                    hop_roles[color.index()][d as usize].0 |= 1 << i;
                }
            }
        }
        Variant {
            id,
            name,
            geometry,
            pieces,
            start_fen,
            rules,
            sides: [SideNames::WHITE, SideNames::BLACK],
            royal,
            hoppers,
            shooters,
            line_roles,
            hop_roles,
            tables,
            blast_exposure,
        }
    }

    /// The same variant with its sides named otherwise.
    pub fn with_sides(self, sides: [SideNames; 2]) -> Variant {
        Variant { sides, ..self }
    }

    /// Every variant the engine plays, by id.
    pub fn all() -> &'static [&'static str] {
        &VARIANT_IDS
    }

    /// The variant with this id, built once.
    pub fn by_id(id: &str) -> Option<&'static Variant> {
        static BUILT: [OnceLock<Variant>; VARIANT_IDS.len()] = [const { OnceLock::new() }; VARIANT_IDS.len()];
        let i = VARIANT_IDS.iter().position(|&known| known == id)?;
        Some(BUILT[i].get_or_init(|| variants::build(VARIANT_IDS[i]).expect("every listed id builds")))
    }

    #[inline]
    pub fn roles(&self) -> impl Iterator<Item = Role> + Clone {
        (0..self.pieces.len() as u8).map(Role)
    }

    #[inline]
    pub fn piece(&self, role: Role) -> &PieceDef {
        &self.pieces[role.index()]
    }

    #[inline]
    pub fn blast_exposure(&self, monarch: Square) -> BlastExposure {
        self.blast_exposure[monarch.index()]
    }

    /// Where a `role` of `color` on `sq` could capture on an empty board.
    #[inline]
    pub fn capture_reach(&self, role: Role, color: Color, sq: Square) -> Bitboard {
        self.tables[role.index()].capture_reach[color.index()][sq.index()]
    }

    /// The directions `role` of `color` captures along by sliding.
    #[inline]
    pub fn capture_slides(&self, role: Role, color: Color) -> DirSet {
        self.tables[role.index()].capture_slides[color.index()]
    }

    #[inline]
    pub fn royal(&self) -> Role {
        self.royal
    }

    /// The unpromoted role written with `letter` (either case).
    pub fn role_by_letter(&self, letter: char) -> Option<Role> {
        self.role_by_letter_promoted(letter, false)
    }

    /// The role written `letter`, or `+letter` when `promoted`.
    pub fn role_by_letter_promoted(&self, letter: char, promoted: bool) -> Option<Role> {
        let upper = letter.to_ascii_uppercase();
        self.pieces.iter().position(|p| p.letter == upper && p.promoted == promoted).map(|i| Role(i as u8))
    }

    /// Cells a `role` of `color` on `sq` could capture on by moving there,
    /// with `occupied` blocking slides and serving as screens for hops.
    #[inline]
    pub fn capture_targets(&self, role: Role, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let table = &self.tables[role.index()];
        let mut targets = table.capture_leaps[color.index()][sq.index()];
        let slides = table.capture_slides[color.index()];
        if !slides.is_empty() {
            targets |= self.geometry.slide(sq, slides, self.pieces[role.index()].captures.range, occupied);
        }
        let hops = table.capture_hops[color.index()];
        if !hops.is_empty() {
            targets |= self.geometry.hop(sq, hops, occupied).captures;
        }
        targets
    }

    /// Cells a `role` of `color` on `sq` could shoot at without moving.
    #[inline]
    pub fn shot_targets(&self, role: Role, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        match self.pieces[role.index()].shot {
            Some(shot) => self.geometry.shot_targets(sq, shot.dirs.for_color(color), shot.min_distance, occupied),
            None => Bitboard::EMPTY,
        }
    }

    /// Cells a `role` of `color` on `sq` attacks: where it could capture by
    /// moving or by a shot.
    #[inline]
    pub fn attack_targets(&self, role: Role, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let targets = self.capture_targets(role, color, sq, occupied);
        if self.shooters.contains(role) {
            targets | self.shot_targets(role, color, sq, occupied)
        } else {
            targets
        }
    }

    /// Cells a `role` of `color` on `sq` could move to without capturing
    /// (some may be occupied: the caller keeps the empty ones).
    #[inline]
    pub fn move_targets(&self, role: Role, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let table = &self.tables[role.index()];
        let mut targets = table.move_leaps[color.index()][sq.index()];
        let slides = table.move_slides[color.index()];
        if !slides.is_empty() {
            targets |= self.geometry.slide(sq, slides, self.pieces[role.index()].moves.range, occupied);
        }
        let hops = table.move_hops[color.index()];
        if !hops.is_empty() {
            targets |= self.geometry.hop(sq, hops, occupied).quiet;
        }
        targets
    }

    /// The roles that capture by hopping over a screen: a piece arriving
    /// between one of them and a target can create an attack.
    #[inline]
    pub fn hoppers(&self) -> RoleSet {
        self.hoppers
    }

    /// The roles that shoot.
    #[inline]
    pub fn shooters(&self) -> RoleSet {
        self.shooters
    }

    /// The roles of `color` that capture along `dir` by sliding or shooting.
    #[inline]
    pub fn line_roles(&self, color: Color, dir: Dir) -> RoleSet {
        self.line_roles[color.index()][dir as usize]
    }

    /// The roles of `color` that capture along `dir` by hopping.
    #[inline]
    pub fn hop_roles(&self, color: Color, dir: Dir) -> RoleSet {
        self.hop_roles[color.index()][dir as usize]
    }

    /// The directions `role` of `color` captures along by hopping.
    #[inline]
    pub fn capture_hops(&self, role: Role, color: Color) -> DirSet {
        self.tables[role.index()].capture_hops[color.index()]
    }

    /// The directions `role` of `color` shoots along.
    #[inline]
    pub fn shot_dirs(&self, role: Role, color: Color) -> DirSet {
        self.pieces[role.index()].shot.map_or(DirSet::NONE, |s| s.dirs.for_color(color))
    }

    /// Whether a piece of `attacker` role standing on `from` may capture a
    /// piece of `target` role on `to` (armor rules); movement is checked elsewhere.
    #[inline]
    pub fn armor_allows(&self, attacker: Role, from: Square, target: Role, to: Square) -> bool {
        match self.rules.ranged_armor {
            Some(a) if a.armored == target && a.attackers.contains(attacker) => {
                self.geometry.ball(from, a.max_distance).contains(to)
            }
            _ => true,
        }
    }

    #[inline]
    pub fn is_blaster(&self, role: Role) -> bool {
        matches!(self.rules.blast, Some(b) if b.roles.contains(role))
    }
}

impl std::fmt::Debug for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Variant({})", self.id)
    }
}
