//! A variant is data: a board, a piece table, a start position and a set of
//! named rule options. Move generation reads these; it has no per-game branches.

use std::sync::OnceLock;

use crate::chesslike::bitboard::Bitboard;
use crate::chesslike::geometry::{Dir, DirSet, Geometry, Square};
use crate::chesslike::movement::CompiledMovement;
use crate::chesslike::piece::{Color, Movement, PieceDef, Role, RoleSet, MAX_ROLES};
use crate::chesslike::variants;
use crate::level_elo::LevelElo;
use crate::names_elsewhere::NamesElsewhere;

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

/// Where the search may try a null move (let the side to move pass, to see
/// whether its position is still good enough without moving): passing is
/// sound only where having the move is worth something, which zugzwang
/// breaks, and how often zugzwang comes is the game's affair.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum NullMove {
    /// Never: a game where being forced to move is often a loss.
    #[default]
    Off,
    /// While the side to move has, on the board or in hand, a piece that is
    /// neither its monarch nor of these roles: with only its monarch and
    /// these (chess's pawns) zugzwang is common, so the search does not pass.
    UnlessOnly(RoleSet),
}

/// Where a capture blasts, a pass's search is reduced by at most this many
/// plies: a blast changes the board around the monarch in one move, and a
/// deeply reduced search after a pass would not see it coming.
pub const BLAST_PASS_MAX_REDUCTION: i32 = 2;

/// Pieces held in reserve from the start, never coming from captures: one
/// may be dropped on the owner's `rank` (counted from 0, its first rank), or
/// thrust in the same move further up that file as far as `thrust_to`, over
/// empty squares only (Venomous' Ninja Pawns).
#[derive(Clone, Copy, Debug)]
pub struct Reserve {
    pub roles: RoleSet,
    pub rank: u8,
    pub thrust_to: u8,
}

/// The rule options of a variant: named mechanics, each off by default.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules {
    /// Captured pieces go to the capturer's hand and may be dropped.
    pub drops: bool,
    /// Pieces that start in a reserve and are dropped from it.
    pub reserve: Option<Reserve>,
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
    /// Where the search may pass (null-move pruning); where a capture blasts
    /// ([`Rules::blast`]) the pass is searched less reduced, since a blast
    /// reaches far in one move.
    pub null_move: NullMove,
    /// Order of pieces in a written hand, one letter per role (Fairy-Stockfish's
    /// order for shogi); empty means the piece table's order.
    pub hand_order: &'static str,
}

/// A role's movement compiled for fast lookup, for each side.
struct RoleTable {
    moves: [CompiledMovement; 2],
    captures: [CompiledMovement; 2],
    /// A superset of the cells it could capture on from a cell, whatever the
    /// occupancy (hops, routes and shots included): a cheap first filter.
    capture_reach: [Vec<Bitboard>; 2],
    /// A superset of the cells from which it could capture on a cell.
    source_reach: [Vec<Bitboard>; 2],
    /// The cells its bent rides and lame leaps to a cell pass (empty where it has none).
    route_cells: [Vec<Bitboard>; 2],
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
const VARIANT_IDS: [&str; variants::REGISTRY.len()] = {
    let mut ids = [""; variants::REGISTRY.len()];
    let mut i = 0;
    while i < ids.len() {
        ids[i] = variants::REGISTRY[i].0;
        i += 1;
    }
    ids
};

pub struct Variant {
    pub id: &'static str,
    pub name: &'static str,
    /// The name for menus, where the full one is long (defaults to `name`).
    pub short_name: &'static str,
    /// The stem of the rules file in `docs/rules/` (defaults to `id`).
    pub rules_doc: &'static str,
    pub geometry: Geometry,
    pub pieces: Vec<PieceDef>,
    pub start_fen: &'static str,
    pub rules: Rules,
    /// The first and the second player's names.
    pub sides: [SideNames; 2],
    /// How other programs (PGN, XBoard) name the variant.
    pub elsewhere: NamesElsewhere,
    /// Each level's approximate Elo, where matches against a rated engine
    /// measured them (README, *Strength*); shown beside the levels.
    pub level_elo: Option<LevelElo>,
    royal: Role,
    hoppers: RoleSet,
    shooters: RoleSet,
    routed: RoleSet,
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
        let g = &geometry;
        let shot_reach = |p: &PieceDef, color: Color, sq: Square| match p.shot {
            Some(shot) => {
                g.slide(sq, shot.dirs.for_color(color), Movement::UNLIMITED, Bitboard::EMPTY)
                    & !g.ball(sq, shot.min_distance.saturating_sub(1))
            }
            None => Bitboard::EMPTY,
        };
        let tables: Vec<RoleTable> = pieces
            .iter()
            .map(|p| {
                let compile = |m: &Movement| Color::BOTH.map(|c| CompiledMovement::new(m, c, g));
                let captures = compile(&p.captures);
                assert!(
                    !captures[0].ranged_by_rank(),
                    "{}: a capture's range may not depend on the rank (attacks are looked up in reverse)",
                    p.name
                );
                let capture_reach = Color::BOTH.map(|c| {
                    g.squares().map(|sq| captures[c.index()].reach(g, sq) | shot_reach(p, c, sq)).collect::<Vec<_>>()
                });
                // Every part is symmetric but zone leaps: the sources of an
                // attack are the other side's targets, plus this side's zone sources.
                let source_reach = Color::BOTH.map(|c| {
                    g.squares()
                        .map(|sq| {
                            captures[c.index()].sources(&captures[(!c).index()], g, sq, Bitboard::EMPTY)
                                | capture_reach[(!c).index()][sq.index()]
                        })
                        .collect::<Vec<_>>()
                });
                let route_cells = Color::BOTH.map(|c| {
                    let mirror = &captures[(!c).index()];
                    g.squares()
                        .map(|sq| if mirror.has_routes() { mirror.route_cells(g, sq) } else { Bitboard::EMPTY })
                        .collect::<Vec<_>>()
                });
                RoleTable { moves: compile(&p.moves), captures, capture_reach, source_reach, route_cells }
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
        let routed = roles_where(&|p| !p.captures.bent.is_empty() || !p.captures.lame.is_empty());
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
            short_name: name,
            rules_doc: id,
            elsewhere: NamesElsewhere::default(),
            level_elo: None,
            geometry,
            pieces,
            start_fen,
            rules,
            sides: [SideNames::WHITE, SideNames::BLACK],
            royal,
            hoppers,
            shooters,
            routed,
            line_roles,
            hop_roles,
            tables,
            blast_exposure,
        }
    }

    /// The same variant with a shorter name for menus.
    pub fn with_short_name(self, short_name: &'static str) -> Variant {
        Variant { short_name, ..self }
    }

    /// The same variant under other programs' names (PGN, XBoard).
    pub fn with_names_elsewhere(self, elsewhere: NamesElsewhere) -> Variant {
        Variant { elsewhere, ..self }
    }

    /// The same variant with its levels' measured Elo.
    pub fn with_level_elo(self, level_elo: LevelElo) -> Variant {
        Variant { level_elo: Some(level_elo), ..self }
    }

    /// The same variant with its rules in `docs/rules/<rules_doc>.md`.
    pub fn with_rules_doc(self, rules_doc: &'static str) -> Variant {
        Variant { rules_doc, ..self }
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
        Some(BUILT[i].get_or_init(variants::REGISTRY[i].1))
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
        self.pieces[role.index()].captures.slides.for_color(color)
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
        self.tables[role.index()].captures[color.index()].targets(&self.geometry, sq, occupied, true)
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

    /// Cells from which a `role` of `by` would attack `sq`: every movement
    /// part is symmetric, so mostly where the same piece of the other side
    /// on `sq` would attack.
    #[inline]
    pub fn attack_sources(&self, role: Role, by: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let table = &self.tables[role.index()];
        let sources = table.captures[by.index()].sources(&table.captures[(!by).index()], &self.geometry, sq, occupied);
        if self.shooters.contains(role) {
            sources | self.shot_targets(role, !by, sq, occupied)
        } else {
            sources
        }
    }

    /// A superset of the cells from which a `role` of `by` could attack `sq`.
    #[inline]
    pub fn source_reach(&self, role: Role, by: Color, sq: Square) -> Bitboard {
        self.tables[role.index()].source_reach[by.index()][sq.index()]
    }

    /// The cells that bent rides and lame leaps of a `role` of `by` toward
    /// `sq` pass on an empty board (empty for other pieces).
    #[inline]
    pub fn route_cells(&self, role: Role, by: Color, sq: Square) -> Bitboard {
        self.tables[role.index()].route_cells[by.index()][sq.index()]
    }

    /// The roles whose captures follow routes (bent rides, lame leaps).
    #[inline]
    pub fn routed(&self) -> RoleSet {
        self.routed
    }

    /// Cells a `role` of `color` on `sq` could move to without capturing
    /// (some may be occupied: the caller keeps the empty ones).
    #[inline]
    pub fn move_targets(&self, role: Role, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        self.tables[role.index()].moves[color.index()].targets(&self.geometry, sq, occupied, false)
    }

    /// The cells a `role` of `color` passes going from `from` to `to` (a
    /// capture if `capture`), in order; empty for a leap.
    pub fn move_path(
        &self,
        role: Role,
        color: Color,
        from: Square,
        to: Square,
        occupied: Bitboard,
        capture: bool,
    ) -> Vec<Square> {
        let table = &self.tables[role.index()];
        let movement = if capture { &table.captures } else { &table.moves };
        movement[color.index()].path(&self.geometry, from, to, occupied, capture).unwrap_or_default()
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
        self.pieces[role.index()].captures.hops.for_color(color)
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

    /// Whether a `role` may be held in a hand (or reserve) and dropped.
    #[inline]
    pub fn droppable(&self, role: Role) -> bool {
        (self.rules.drops && role != self.royal) || self.rules.reserve.is_some_and(|r| r.roles.contains(role))
    }

    /// Whether positions have hands (or reserves) at all.
    #[inline]
    pub fn has_hands(&self) -> bool {
        self.rules.drops || self.rules.reserve.is_some()
    }

    /// Whether a `role` may ever promote (the move generator's `promotions`
    /// gives it a promoted move somewhere).
    #[inline]
    pub fn may_promote(&self, role: Role) -> bool {
        match self.rules.promotion {
            Promotion::None => false,
            Promotion::LastRank { roles, .. } => roles.contains(role),
            Promotion::Zone { .. } => self.piece(role).promotes_to.is_some(),
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
